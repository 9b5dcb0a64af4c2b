"""Verification: a bundle's signature against a keyring, and every file against it."""

from __future__ import annotations

import base64
import hashlib
import json

from .hash import file_hash
from .manifest import HMAC_ALGORITHMS, SIGNATURES, Bundle, BundleError, Keyring, Signer, VerificationKey

# --------------------------------------------------------------------------- verification

def verify_bundle(bundle: Bundle, keyring: Keyring | None) -> Signer | None:
    """OPA's verification table: unsigned + no key → accepted unsigned (None); unsigned + key
    → refused; signed + no key → refused; signed + key → every check below must pass."""
    if bundle.signatures is None:
        if keyring is not None and keyring.keys:
            raise BundleError("unsigned", f"bundle has no {SIGNATURES} but a verification key is configured: "
                              "refusing an unsigned bundle")
        return None
    if keyring is None or not keyring.keys:
        raise BundleError("signed-without-key", "bundle is signed but no verification key is configured "
                          "(pass --verification-key): OPA refuses this too")
    return _verify_token(bundle, bundle.signatures[0], keyring)


def _verify_token(bundle: Bundle, token: str, keyring: Keyring) -> Signer:
    import jwt

    header, claims = _unverified(token)
    key = _pick_key(header, claims, keyring)
    if key.algorithm in HMAC_ALGORITHMS and not keyring.allow_hmac:
        raise BundleError("hmac-not-allowed", f"key {key.keyid!r} is an HMAC secret; HMAC needs --allow-hmac")
    if header.get("alg") != key.algorithm:
        raise BundleError("bad-signature", f"signature uses {header.get('alg')!r} but key {key.keyid!r} "
                          f"is configured for {key.algorithm}")
    try:
        verified = jwt.PyJWS().decode_complete(token, key.key, algorithms=[key.algorithm])
    except jwt.PyJWTError as exc:
        raise BundleError("bad-signature", f"signature does not verify with key {key.keyid!r} ({exc})") from None
    payload = json.loads(verified["payload"])
    _check_scope(payload.get("scope"), keyring.scope)
    _check_files(bundle, payload.get("files"))
    return Signer(keyid=key.keyid, algorithm=key.algorithm, scope=payload.get("scope"),
                  key_sha256=_key_fingerprint(key.key), iss=payload.get("iss"), iat=payload.get("iat"))


def _unverified(token: str) -> tuple[dict, dict]:
    """Header and claims before verification, only to pick the key (never trusted)."""
    parts = token.split(".")
    if len(parts) != 3:
        raise BundleError("bad-signature", f"{SIGNATURES}: not a compact JWS (header.payload.signature)")
    try:
        header, claims = (json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4))) for p in parts[:2])
    except (ValueError, RecursionError) as exc:
        raise BundleError("bad-signature", f"{SIGNATURES}: undecodable JWT ({exc})") from None
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise BundleError("bad-signature", f"{SIGNATURES}: JWT header and payload must be objects")
    return header, claims


def _pick_key(header: dict, claims: dict, keyring: Keyring) -> VerificationKey:
    """The payload's `keyid` (OPA's claim) or the header's `kid` names the key; both must agree."""
    named = {v for v in (claims.get("keyid"), header.get("kid")) if v}
    if len(named) > 1:
        raise BundleError("unknown-keyid", f"JWT names two keys ({sorted(named)}): refusing an ambiguous signature")
    if not named:
        if len(keyring.keys) != 1:
            raise BundleError("unknown-keyid", "signature names no key id and several keys are configured")
        return next(iter(keyring.keys.values()))
    keyid = named.pop()
    if keyid not in keyring.keys:
        raise BundleError("unknown-keyid", f"bundle signed with key id {keyid!r}, which this machine does not trust "
                          f"(configured: {', '.join(sorted(keyring.keys))})")
    return keyring.keys[keyid]


def _check_scope(signed, expected) -> None:
    """OPA: the payload's scope must equal the configured one exactly (both may be absent)."""
    if (signed or "") != (expected or ""):
        def show(scope):
            return repr(scope) if scope else "no scope"
        raise BundleError("scope-mismatch", f"bundle signed for {show(signed)}, this machine expects {show(expected)} "
                          "(--scope must equal the signature's scope exactly)")


def _check_files(bundle: Bundle, entries) -> None:
    """The signed file list must match the archive exactly, hash for hash."""
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise BundleError("bad-signature", "JWT payload has no files list")
    signed: dict[str, dict] = {}
    for entry in entries:
        name = entry.get("name")
        if not isinstance(name, str) or not isinstance(entry.get("hash"), str) or not entry.get("algorithm"):
            raise BundleError("bad-signature", f"JWT payload file entry {entry!r} needs name, hash and algorithm")
        signed[name.lstrip("/")] = entry
    added = sorted(set(bundle.files) - set(signed))
    if added:
        raise BundleError("file-added", f"{', '.join(added)}: in the bundle but not in its signature "
                          "(added after signing)")
    removed = sorted(set(signed) - set(bundle.files))
    if removed:
        raise BundleError("file-removed", f"{', '.join(removed)}: in the signature but not in the bundle "
                          "(removed after signing)")
    for name in sorted(signed):
        entry = signed[name]
        actual = file_hash(name, bundle.files[name], entry["algorithm"])
        if actual != entry["hash"].lower():
            raise BundleError("file-changed", f"{name}: digest mismatch (signed {entry['hash']}, "
                              f"actual {actual}): changed after signing")


def _key_fingerprint(key) -> str | None:
    if isinstance(key, bytes):
        return None
    from cryptography.hazmat.primitives import serialization

    der = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(der).hexdigest()
