"""Signing: the JWT over every file's hash, and `.signatures.json`."""

from __future__ import annotations

import json

from .hash import file_hash
from .keys import _check_key_matches
from .manifest import DEFAULT_HASH, SIGNATURES, SigningConfig

# ------------------------------------------------------------------------------- signing

def sign_files(files: dict[str, bytes], cfg: SigningConfig) -> str:
    """The JWT of OPA's bundle-signing format: payload `{"files": [{name, hash, algorithm}],
    "keyid", "scope"?}`, header `{alg, kid, typ}`. RS*/PS* signatures are deterministic."""
    import jwt

    _check_key_matches(cfg.key, cfg.algorithm, private=True)
    entries = [{"name": name, "hash": file_hash(name, files[name]), "algorithm": DEFAULT_HASH}
               for name in sorted(files) if name != SIGNATURES]
    payload: dict = {"files": entries, "keyid": cfg.keyid}
    if cfg.scope:
        payload["scope"] = cfg.scope
    body = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    return jwt.PyJWS().encode(body, cfg.key, algorithm=cfg.algorithm, headers={"kid": cfg.keyid})


def signatures_file(token: str) -> bytes:
    return (json.dumps({"signatures": [token]}, indent=1) + "\n").encode()
