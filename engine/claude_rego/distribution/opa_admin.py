"""Administering an OPA server for fleet mode, with opa-python-client (off the hot path).

`claude-rego opa push` uploads a policy snapshot's modules and data to an OPA server
(for sidecars fed without a bundle server, and for tests); `claude-rego opa health`
checks it. opa-python-client pulls in requests and aiohttp (~270 ms to import), which
is fine for an administrator's command and never acceptable per tool call: the hook
itself talks to OPA through `claude_rego.engines.opa_server` with the standard library.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def client(url: str, *, token: str | None = None, timeout: float = 5.0):
    from opa_client import create_opa_client

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"OPA URL must be http(s)://host:port: {url!r}")
    return create_opa_client(host=parts.hostname, port=parts.port or (443 if parts.scheme == "https" else 80),
                             ssl=parts.scheme == "https", token=token, timeout=timeout)


def push(url: str, snapshot: dict, *, token: str | None = None) -> dict:
    """Upload every module (as a policy) and the data under its top-level keys."""
    opa = client(url, token=token)
    try:
        for module in snapshot["modules"]:
            opa.update_policy_from_string(module["text"], module["path"].replace("/", "_"), rego_compat=False)
        for key, value in (snapshot.get("data") or {}).items():
            if not isinstance(value, dict):  # the client writes objects only
                raise ValueError(f"data root {key!r} is not an object; OPA data pushed by "
                                 "claude-rego must be objects under top-level keys")
            opa.update_or_create_data(value, key)
        return {"policies": len(snapshot["modules"]), "data_roots": sorted(snapshot.get("data") or {}),
                "revision": snapshot.get("revision")}
    finally:
        opa.close_connection()


def health(url: str, *, token: str | None = None) -> bool:
    opa = client(url, token=token)
    try:
        return bool(opa.check_health())
    finally:
        opa.close_connection()
