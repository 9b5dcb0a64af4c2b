"""The bundle's model: names, limits, the manifest's revision and roots, and the
errors every bundle operation raises."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

MANIFEST = ".manifest"
SIGNATURES = ".signatures.json"
ROOTS = ["claude_rego"]
DEFAULT_KEY_ID = "default"

ASYMMETRIC_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512")
HMAC_ALGORITHMS = ("HS256", "HS384", "HS512")
EC_CURVES = {"ES256": "secp256r1", "ES384": "secp384r1", "ES512": "secp521r1"}
MIN_RSA_BITS = 2048
MIN_HMAC_BYTES = 32

# OPA's hash names → hashlib. MD5 and SHA-1 (which OPA also lists) are refused: a
# collision-prone digest would let two different files share one signed hash.
HASHES = {"SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512",
          "SHA-512-224": "sha512_224", "SHA-512-256": "sha512_256"}
WEAK_HASHES = ("MD5", "SHA-1")
DEFAULT_HASH = "SHA-256"

_REVISION_RE = re.compile(r"^v?\d{1,18}(\.\d{1,18}){0,7}$")
_PACKAGE_RE = re.compile(r"^[ \t]*package[ \t]+([A-Za-z_][\w.]*)", re.MULTILINE)
_SURROGATES = re.compile("[\ud800-\udfff]")


class BundleError(Exception):
    """A bundle cannot be built, read or trusted. `code` names the reason (stable, for tests
    and scripts); the message says what to do."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


@dataclass(frozen=True)
class Limits:
    """Caps applied before anything is decompressed, parsed or compiled."""

    max_member_bytes: int = 1024 * 1024          # = policyset.MAX_MODULE_BYTES: larger never compiles
    max_total_bytes: int = 16 * 1024 * 1024      # sum of member sizes
    max_members: int = 1000
    max_archive_bytes: int = 16 * 1024 * 1024    # the .tar.gz itself (download size)

    @property
    def max_tar_bytes(self) -> int:
        """Decompressed tar stream: members plus headers and padding (a gzip bomb stops here)."""
        return self.max_total_bytes + self.max_members * 2048 + 64 * 1024


DEFAULT_LIMITS = Limits()


@dataclass
class Bundle:
    """A bundle read into memory. `files` excludes `.signatures.json`."""

    files: dict[str, bytes]
    manifest: dict
    signatures: list[str] | None
    sha256: str

    @property
    def revision(self) -> str:
        return str(self.manifest.get("revision", ""))

    @property
    def contract_version(self):
        return (self.manifest.get("metadata") or {}).get("contract_version")


@dataclass
class Signer:
    """Who signed a verified bundle (recorded in the activated snapshot)."""

    keyid: str
    algorithm: str
    scope: str | None
    key_sha256: str | None = None   # SHA-256 of the DER public key; None for HMAC
    iss: str | None = None
    iat: object = None

    def as_dict(self) -> dict:
        return {"keyid": self.keyid, "algorithm": self.algorithm, "scope": self.scope,
                "key_sha256": self.key_sha256, "iss": self.iss, "iat": self.iat}


@dataclass
class VerificationKey:
    keyid: str
    algorithm: str
    key: Any             # a cryptography public key, or bytes for HMAC (checked when loaded)


@dataclass
class Keyring:
    """The keys a machine trusts (out of band), by keyid, and the scope it expects."""

    keys: dict[str, VerificationKey] = field(default_factory=dict)
    scope: str | None = None
    allow_hmac: bool = False


@dataclass
class SigningConfig:
    key: Any             # a cryptography private key, or bytes for HMAC (checked when loaded)
    algorithm: str
    keyid: str = DEFAULT_KEY_ID
    scope: str | None = None


@dataclass
class BuildResult:
    data: bytes
    manifest: dict
    files: list[str]
    skipped: list[str]


# ---------------------------------------------------------------------------- revisions

def revision_key(revision: str) -> tuple[int, ...] | None:
    """Dotted numeric revision → comparable tuple (trailing zeros ignored); None if it
    does not parse. `2026.11.22` < `2026.11.22.1` < `2026.12.1`; `1.2` == `1.2.0`."""
    if not isinstance(revision, str) or not _REVISION_RE.match(revision):
        return None
    parts = [int(p) for p in revision.lstrip("v").split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)
