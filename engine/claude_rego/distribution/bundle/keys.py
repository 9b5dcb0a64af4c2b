"""Signing and verification keys: reading them, choosing and checking the algorithm."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .manifest import (
    ASYMMETRIC_ALGORITHMS,
    DEFAULT_KEY_ID,
    EC_CURVES,
    HMAC_ALGORITHMS,
    MIN_HMAC_BYTES,
    MIN_RSA_BITS,
    BundleError,
    SigningConfig,
    VerificationKey,
)

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.types import PublicKeyTypes


def load_signing_key(path: str | Path, *, keyid: str = DEFAULT_KEY_ID, scope: str | None = None,
                     algorithm: str | None = None, allow_hmac: bool = False) -> SigningConfig:
    """A PEM private key (RSA or EC; algorithm inferred from it) or, with `allow_hmac` and an
    HS* algorithm, a file holding a shared secret."""
    from cryptography.hazmat.primitives import serialization

    raw = _read_key_file(path)
    if algorithm in HMAC_ALGORITHMS or (algorithm is None and not raw.lstrip().startswith(b"-----BEGIN")):
        return SigningConfig(_hmac_secret(path, raw, algorithm, allow_hmac), algorithm or "HS256", keyid, scope)
    try:
        key = serialization.load_pem_private_key(raw, password=None)
    except (ValueError, TypeError) as exc:
        raise BundleError("key", f"{path}: not an unencrypted PEM private key ({exc})") from None
    algorithm = algorithm or _infer_algorithm(key, path)
    _check_algorithm(algorithm, allow_hmac)
    _check_key_matches(key, algorithm, private=True, where=str(path))
    return SigningConfig(key, algorithm, keyid, scope)


def load_verification_key(path: str | Path, *, keyid: str = DEFAULT_KEY_ID, algorithm: str | None = None,
                          allow_hmac: bool = False) -> VerificationKey:
    """A PEM public key or certificate (RSA or EC), or with `allow_hmac` an HS* shared secret."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    raw = _read_key_file(path)
    if algorithm in HMAC_ALGORITHMS or (algorithm is None and not raw.lstrip().startswith(b"-----BEGIN")):
        return VerificationKey(keyid, algorithm or "HS256", _hmac_secret(path, raw, algorithm, allow_hmac))
    try:
        key: PublicKeyTypes
        if b"-----BEGIN CERTIFICATE" in raw:
            key = x509.load_pem_x509_certificate(raw).public_key()
        else:
            key = serialization.load_pem_public_key(raw)
    except (ValueError, TypeError) as exc:
        raise BundleError("key", f"{path}: not a PEM public key or certificate ({exc})") from None
    algorithm = algorithm or _infer_algorithm(key, path)
    _check_algorithm(algorithm, allow_hmac)
    _check_key_matches(key, algorithm, private=False, where=str(path))
    return VerificationKey(keyid, algorithm, key)


def _read_key_file(path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise BundleError("key", f"{path}: {exc.strerror or exc}") from None


def _hmac_secret(path, raw: bytes, algorithm: str | None, allow_hmac: bool) -> bytes:
    if not allow_hmac:
        raise BundleError("hmac-not-allowed", f"{path}: not a PEM key. HMAC (HS256/384/512) needs --allow-hmac: "
                          "a shared secret on every machine lets anyone who can read it sign bundles")
    if algorithm is None:
        raise BundleError("key", f"{path}: name the HMAC algorithm explicitly (HS256, HS384 or HS512)")
    secret = raw.rstrip(b"\r\n")
    if len(secret) < MIN_HMAC_BYTES:
        raise BundleError("key", f"{path}: HMAC secret shorter than {MIN_HMAC_BYTES} bytes")
    return secret


def _infer_algorithm(key, path) -> str:
    from cryptography.hazmat.primitives.asymmetric import ec, rsa

    if isinstance(key, (rsa.RSAPrivateKey, rsa.RSAPublicKey)):
        return "RS256"
    if isinstance(key, (ec.EllipticCurvePrivateKey, ec.EllipticCurvePublicKey)):
        for algorithm, curve in EC_CURVES.items():
            if key.curve.name == curve:
                return algorithm
        raise BundleError("key", f"{path}: EC curve {key.curve.name} is not one OPA signs with (P-256/384/521)")
    raise BundleError("key", f"{path}: {type(key).__name__} keys are not supported (use RSA or EC)")


def _check_algorithm(algorithm: str, allow_hmac: bool) -> None:
    if algorithm in HMAC_ALGORITHMS and not allow_hmac:
        raise BundleError("hmac-not-allowed", f"{algorithm} needs --allow-hmac (a shared secret lets anyone "
                          "holding it sign bundles)")
    if algorithm not in ASYMMETRIC_ALGORITHMS + HMAC_ALGORITHMS:
        raise BundleError("key", f"unsupported signing algorithm {algorithm!r} "
                          f"(one of {', '.join(ASYMMETRIC_ALGORITHMS + HMAC_ALGORITHMS)})")


def _check_key_matches(key, algorithm: str, *, private: bool, where: str = "key") -> None:
    """The key type must fit the algorithm (no RSA key for ES256, no 1024-bit RSA)."""
    from cryptography.hazmat.primitives.asymmetric import ec, rsa

    if algorithm in HMAC_ALGORITHMS:
        ok = isinstance(key, bytes)
    elif algorithm[:2] in ("RS", "PS"):
        ok = isinstance(key, rsa.RSAPrivateKey if private else rsa.RSAPublicKey)
        if ok and key.key_size < MIN_RSA_BITS:
            raise BundleError("key", f"{where}: RSA key of {key.key_size} bits (at least {MIN_RSA_BITS})")
    else:
        ok = (isinstance(key, ec.EllipticCurvePrivateKey if private else ec.EllipticCurvePublicKey)
              and key.curve.name == EC_CURVES.get(algorithm))
    if not ok:
        raise BundleError("key", f"{where}: this key cannot be used with {algorithm}")
