"""An OPA server as the engine: the same rules, evaluated over OPA's REST Data API.

At this layer: plain primitives, no models — Rego paths in, JSON values out. Fleets that
already run OPA (a sidecar, or a central service fed by a bundle server) point the hook
at it; the hook keeps its local snapshot of the same bundle for routing, and asks OPA
for the values of the routed rules in one round trip
(`POST /v1/data/claude_rego/policies`).

This runs on the hook's hot path, so it speaks HTTP with the standard library's
http.client: opa-python-client imports requests and aiohttp (~270 ms per call, measured)
and is used off the hot path only. Any transport failure — refused, reset, timeout,
5xx, a body that is not OPA's answer — is an EngineError, which the hook turns into the
failure table's answer; the parent's deadline covers a server that hangs.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from .base import EngineError, PolicyEngine

ROOT = "claude_rego/policies"


class OpaServerEngine(PolicyEngine):
    def __init__(self, url: str, *, token: str | None = None, timeout: float = 2.0, ca_file: str | None = None):
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise EngineError(f"OPA URL must be http(s)://host[:port]: {url!r}")
        self._scheme, self._host, self._port = parts.scheme, parts.hostname, parts.port
        self._prefix = parts.path.rstrip("/")
        self._token, self._timeout, self._ca_file = token, timeout, ca_file
        self._modules: list[tuple[str, str]] = []
        self._data: dict = {}

    def load(self, modules, data):
        """Policies live on the server (from the bundle); kept only for `push`."""
        self._modules, self._data = list(modules), dict(data or {})

    def push(self) -> None:
        """Upload the loaded modules and data (tests and `claude-rego opa push`; fleets use bundles)."""
        for path, text in self._modules:
            self._request("PUT", f"/v1/policies/{path.replace('/', '_')}", text.encode(), "text/plain")
        if self._data:
            self._request("PUT", "/v1/data", json.dumps(self._data).encode(), "application/json")

    def evaluate(self, input_json, rules):
        rules = list(rules)
        if not rules:
            return {}
        body = b'{"input":' + input_json.encode() + b"}"
        answer = self._request("POST", f"/v1/data/{ROOT}", body, "application/json")
        try:
            tree = json.loads(answer).get("result", {})
        except (ValueError, AttributeError):
            raise EngineError("OPA returned a body that is not a Data API answer") from None
        if not isinstance(tree, dict):
            raise EngineError("OPA returned a non-object result for the policy tree")
        results = {}
        prefix = "data." + ROOT.replace("/", ".") + "."
        for rule in rules:
            if not rule.startswith(prefix):
                raise EngineError(f"rule {rule} is outside {ROOT}")
            node: object = tree
            for part in rule[len(prefix):].split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if node is not None:
                results[rule] = node
        return results

    def take_prints(self):
        return []

    def healthy(self) -> bool:
        try:
            self._request("GET", "/health", None, None)
            return True
        except EngineError:
            return False

    def _request(self, method: str, path: str, body: bytes | None, content_type: str | None) -> bytes:
        import http.client

        if self._scheme == "https":
            import ssl

            context = ssl.create_default_context(cafile=self._ca_file)
            conn: http.client.HTTPConnection = http.client.HTTPSConnection(
                self._host, self._port, timeout=self._timeout, context=context)
        else:
            conn = http.client.HTTPConnection(self._host, self._port, timeout=self._timeout)
        headers = {"Content-Type": content_type} if content_type else {}
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        try:
            conn.request(method, self._prefix + path, body=body, headers=headers)
            response = conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException) as exc:
            raise EngineError(f"OPA server unreachable or failed: {type(exc).__name__}: {exc}") from None
        finally:
            conn.close()
        if response.status >= 300:
            raise EngineError(f"OPA server answered HTTP {response.status}: {payload[:200]!r}")
        return payload
