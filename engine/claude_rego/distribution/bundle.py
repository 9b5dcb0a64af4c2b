"""OPA policy bundles: build, read, inspect, sign and verify (activation time only).

A bundle is OPA's gzipped tarball (docs: management-bundles, "Bundle File Format" and
"Signing"): a `.manifest` (revision, roots, metadata), the `.rego` files at their
relative paths, `data.json`/`data.yaml` at the directory path their data belongs to,
and optionally `.signatures.json` = `{"signatures": [JWT]}` whose payload lists every
other file with its hash. Everything here is off the hook path: the hook only ever
reads the snapshot `claude_rego.distribution.activation` compiles from a verified bundle.

Reading treats the archive as hostile: sizes are capped before anything is
decompressed or parsed, members are never extracted by `tarfile` (links, devices,
`..` and absolute names are refused), and names that would collide on a
case-insensitive or Unicode-normalising file system are refused.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import tarfile
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from .. import CONTRACT_VERSION, __version__
from ..policy.sources import DATA_FILE_NAMES as DATA_FILES
from ..policy.sources import SourceRefused, walk

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
    key: object          # a cryptography public key, or bytes for HMAC


@dataclass
class Keyring:
    """The keys a machine trusts (out of band), by keyid, and the scope it expects."""

    keys: dict[str, VerificationKey] = field(default_factory=dict)
    scope: str | None = None
    allow_hmac: bool = False


@dataclass
class SigningConfig:
    key: object          # a cryptography private key, or bytes for HMAC
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


# ------------------------------------------------------------------------------ hashing

class _Number(str):
    """A JSON number kept as written: OPA hashes `json.Number` literals verbatim."""


def file_hash(name: str, data: bytes, algorithm: str = DEFAULT_HASH) -> str:
    """The hex digest OPA records for a bundle file: raw bytes, except structured files
    (`.manifest`, `data.json`, `data.yaml`), which are parsed and re-encoded with object
    keys sorted, so whitespace and key order do not change the signature."""
    if algorithm in WEAK_HASHES:
        raise BundleError("weak-hash", f"{name}: hash algorithm {algorithm} is too weak; use {DEFAULT_HASH}")
    if algorithm not in HASHES:
        raise BundleError("bad-signature", f"{name}: unsupported hash algorithm {algorithm!r}")
    digest = hashlib.new(HASHES[algorithm])
    digest.update(canonical_bytes(name, data) if _is_structured(name) else data)
    return digest.hexdigest()


def canonical_bytes(name: str, data: bytes) -> bytes:
    """OPA's encoding of a structured file for hashing (bundle/hash.go `walk`)."""
    value = _parse_structured(name, data)
    parts: list[str] = []
    try:
        _walk(value, parts)
    except RecursionError:
        raise BundleError("bad-data", f"{name}: nested too deeply") from None
    return "".join(parts).encode("utf-8")


def _is_structured(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return base in DATA_FILES or base in (MANIFEST, SIGNATURES)


def _parse_structured(name: str, data: bytes):
    """JSON when it is valid JSON (numbers kept as written), else YAML: as OPA's util.Unmarshal."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BundleError("bad-data", f"{name}: not UTF-8 ({exc})") from None
    try:
        return json.loads(text, parse_int=_Number, parse_float=_Number, parse_constant=_no_constant)
    except RecursionError:
        raise BundleError("bad-data", f"{name}: nested too deeply") from None
    except ValueError:
        pass
    return _from_yaml(name, _load_yaml(name, text))


def _no_constant(token: str):
    raise ValueError(f"{token} is not JSON")


def _load_yaml(name: str, text: str):
    """YAML without aliases: an alias bomb would expand exponentially when hashed."""
    import yaml

    class NoAliases(yaml.SafeLoader):
        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                raise yaml.YAMLError("aliases (*name) are not allowed in bundle data")
            return super().compose_node(parent, index)

    try:
        return yaml.load(text, Loader=NoAliases)  # noqa: S506 — a SafeLoader subclass
    except (yaml.YAMLError, RecursionError) as exc:
        raise BundleError("bad-data", f"{name}: invalid JSON/YAML: {exc}") from None


def _from_yaml(name: str, value):
    """YAML value → the JSON value OPA's YAML-to-JSON conversion yields (numbers as Go prints them)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return _Number(str(value))
    if isinstance(value, float):
        return _Number(_go_float(name, value))
    if isinstance(value, list):
        return [_from_yaml(name, v) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(key, bool):
                key = "true" if key else "false"
            elif isinstance(key, int):
                key = str(key)
            elif not isinstance(key, str):
                raise BundleError("bad-data", f"{name}: unsupported YAML key {key!r}")
            out[key] = _from_yaml(name, item)
        return out
    raise BundleError("bad-data", f"{name}: unsupported YAML value {type(value).__name__} ({value!r}); quote it")


def _go_float(name: str, value: float) -> str:
    """A float64 as Go's encoding/json prints it (shortest digits; exponent outside [1e-6, 1e21))."""
    if value != value or value in (float("inf"), float("-inf")):
        raise BundleError("bad-data", f"{name}: {value} is not a JSON number")
    if value == 0:
        return "-0" if str(value).startswith("-") else "0"
    exact = Decimal(repr(value)).normalize()
    if 1e-6 <= abs(value) < 1e21:
        return format(exact, "f")
    sign, digits, exponent = exact.as_tuple()
    mantissa = str(digits[0]) + ("." + "".join(map(str, digits[1:])) if len(digits) > 1 else "")
    power = exponent + len(digits) - 1
    text = f"{'-' if sign else ''}{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"
    return re.sub(r"e-0(\d)$", r"e-\1", text)


def _walk(value, out: list[str]) -> None:
    if isinstance(value, dict):
        out.append("{")
        for i, key in enumerate(sorted(value)):
            if i:
                out.append(",")
            out.append(_go_string(key))
            out.append(":")
            _walk(value[key], out)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _walk(item, out)
        out.append("]")
    elif isinstance(value, _Number):
        out.append(str.__str__(value))
    elif isinstance(value, str):
        out.append(_go_string(value))
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif value is None:
        out.append("null")
    else:  # numbers from a caller's own dict
        out.append(json.dumps(value))


def _go_string(text: str) -> str:
    """A string as Go's json.Encoder with SetEscapeHTML(false) writes it."""
    text = _SURROGATES.sub("\ufffd", text)
    return json.dumps(text, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


# -------------------------------------------------------------------------------- build

def build(source_dir: str | Path, revision: str, *, signing: SigningConfig | None = None,
          limits: Limits = DEFAULT_LIMITS) -> BuildResult:
    """Directory of policies → deterministic .tar.gz bytes (signed when `signing` is given).

    The policies must pass `claude-rego check` and compile first: a bundle that could
    not be activated is never written.
    """
    from ..policy.policyset import PolicyError, compile_sources

    root = Path(source_dir)
    if not root.is_dir():
        raise BundleError("source", f"{root}: not a directory")
    if revision_key(revision) is None:
        raise BundleError("revision", f"revision {revision!r} is not a dotted number (e.g. 2026.11.22 or 1.4.0): "
                          "activation orders revisions numerically to refuse rollbacks")
    files, skipped = _collect(root)
    try:
        compile_sources([str(root)], revision=revision, check=True)
    except PolicyError as exc:
        raise BundleError("check-failed", f"{root}: {exc}") from None
    manifest = {"revision": revision, "roots": list(ROOTS),
                "metadata": {"contract_version": CONTRACT_VERSION, "built_by": f"claude-rego {__version__}"}}
    files[MANIFEST] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    _check_limits(files, limits)
    _check_roots(manifest, files)
    if signing is not None:
        files[SIGNATURES] = signatures_file(sign_files(files, signing))
    data = write_archive(files)
    if len(data) > limits.max_archive_bytes:
        raise BundleError("bundle-too-large", f"bundle is {len(data)} bytes (limit {limits.max_archive_bytes})")
    read_bundle(data, limits)  # self-check: what we write, we can read
    return BuildResult(data=data, manifest=manifest, files=sorted(files), skipped=skipped)


def _collect(root: Path) -> tuple[dict[str, bytes], list[str]]:
    """The bundle's members from a directory: .rego and data files; dot-files and others skipped."""
    files: dict[str, bytes] = {}
    skipped: list[str] = []
    try:
        entries = walk(root)
    except SourceRefused as exc:
        code = "link-member" if exc.code == "symlink" else "unsupported-member"
        raise BundleError(code, str(exc)) from None
    for entry in entries:
        if entry.kind == "skipped":
            skipped.append(entry.rel)
        else:
            files[entry.rel] = entry.path.read_bytes()
    return files, skipped


def _check_limits(files: dict[str, bytes], limits: Limits) -> None:
    """Build refuses what activation would refuse, so a written bundle always fits."""
    if len(files) + 1 > limits.max_members:
        raise BundleError("too-many-members", f"{len(files)} files (limit {limits.max_members})")
    for name, data in files.items():
        if len(data) > limits.max_member_bytes:
            raise BundleError("member-too-large", f"{name}: {len(data)} bytes (limit {limits.max_member_bytes})")
    if sum(map(len, files.values())) > limits.max_total_bytes:
        raise BundleError("bundle-too-large", f"files add up to more than {limits.max_total_bytes} bytes")


def write_archive(files: dict[str, bytes]) -> bytes:
    """Deterministic tar.gz: sorted regular-file entries, mtime 0, root:root 0644, no gzip name/time."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(files[name]), 0, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(files[name]))
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


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


# ------------------------------------------------------------------------------- reading

def read_bundle(data: bytes, limits: Limits = DEFAULT_LIMITS) -> Bundle:
    """Bytes of a .tar.gz → Bundle, refusing anything unsafe or oversized. Does not verify
    signatures or validate roots (see `verify_bundle`, `validate`)."""
    if len(data) > limits.max_archive_bytes:
        raise BundleError("bundle-too-large", f"bundle is {len(data)} bytes (limit {limits.max_archive_bytes})")
    members = _members(_gunzip(data, limits), limits)
    signatures = _parse_signatures(members.pop(SIGNATURES)) if SIGNATURES in members else None
    if MANIFEST not in members:
        raise BundleError("manifest", f"bundle has no {MANIFEST} (revision, roots, metadata.contract_version)")
    try:
        manifest = json.loads(members[MANIFEST].decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BundleError("manifest", f"{MANIFEST}: not JSON ({exc})") from None
    if not isinstance(manifest, dict):
        raise BundleError("manifest", f"{MANIFEST}: must be a JSON object")
    return Bundle(files=members, manifest=manifest, signatures=signatures, sha256=hashlib.sha256(data).hexdigest())


def _gunzip(data: bytes, limits: Limits) -> bytes:
    """Decompress at most `max_tar_bytes` (+1 to notice more): a gzip bomb stops here."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
            tar = gz.read(limits.max_tar_bytes + 1)
    except (OSError, EOFError, ValueError) as exc:
        raise BundleError("not-a-bundle", f"not a gzip-compressed tarball ({exc})") from None
    if len(tar) > limits.max_tar_bytes:
        raise BundleError("bundle-too-large", f"bundle decompresses to more than {limits.max_tar_bytes} bytes")
    return tar


def _members(tar_bytes: bytes, limits: Limits) -> dict[str, bytes]:
    """Regular files by name, after every member passed the safety checks."""
    files: dict[str, bytes] = {}
    seen: dict[str, str] = {}
    total = count = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(tar_bytes), mode="r:") as tar:
            while (member := tar.next()) is not None:
                count += 1
                if count > limits.max_members:
                    raise BundleError("too-many-members", f"more than {limits.max_members} members")
                name = _check_member(member)
                folded = unicodedata.normalize("NFC", name).casefold()
                if folded in seen:
                    raise BundleError("duplicate-member", f"{name!r} appears twice (or collides with {seen[folded]!r} "
                                      "on a case-insensitive file system)")
                seen[folded] = name
                if member.isdir():
                    continue
                _check_member_kind(name)
                if member.size > limits.max_member_bytes:
                    raise BundleError("member-too-large", f"{name}: {member.size} bytes "
                                      f"(limit {limits.max_member_bytes} per file)")
                total += member.size
                if total > limits.max_total_bytes:
                    raise BundleError("bundle-too-large", f"members add up to more than {limits.max_total_bytes} bytes")
                files[name] = tar.extractfile(member).read()
    except tarfile.TarError as exc:
        raise BundleError("not-a-bundle", f"not a valid tar archive ({exc})") from None
    return files


def _check_member(member: tarfile.TarInfo) -> str:
    """Regular files and directories with clean relative names only."""
    name = member.name
    if not (member.isreg() or member.isdir()) or member.type == tarfile.CONTTYPE or member.issparse():
        kind = ("symlink" if member.issym() else "hardlink" if member.islnk() else
                "device" if member.ischr() or member.isblk() else "fifo" if member.isfifo() else "special file")
        code = "link-member" if member.issym() or member.islnk() else "special-member"
        raise BundleError(code, f"{name!r}: a {kind} (bundles hold regular files only)")
    if not name or len(name) > 1024 or any(ord(c) < 0x20 for c in name) or "\\" in name or _SURROGATES.search(name):
        raise BundleError("unsafe-path", f"{name!r}: name with control characters, backslashes or invalid UTF-8")
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        raise BundleError("unsafe-path", f"{name!r}: absolute path (names must be relative to the bundle root)")
    if any(part in ("", ".", "..") for part in name.split("/")):
        raise BundleError("unsafe-path", f"{name!r}: path traversal or empty component ('..', '.', '//')")
    return name


def _check_member_kind(name: str) -> None:
    base = name.rsplit("/", 1)[-1]
    if name in (MANIFEST, SIGNATURES) or base in DATA_FILES or (base.endswith(".rego") and not base.startswith(".")):
        return
    raise BundleError("unsupported-member", f"{name!r}: only .manifest, .signatures.json, *.rego, data.json and "
                      "data.yaml are loaded (wasm, plans and delta patches are not supported)")


def _parse_signatures(raw: bytes) -> list[str]:
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BundleError("bad-signature", f"{SIGNATURES}: not JSON ({exc})") from None
    tokens = doc.get("signatures") if isinstance(doc, dict) else None
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise BundleError("bad-signature", f'{SIGNATURES}: expected {{"signatures": ["<JWT>"]}}')
    if len(tokens) != 1:
        raise BundleError("bad-signature", f"{SIGNATURES}: expected exactly one JWT, found {len(tokens)}")
    return tokens


# ---------------------------------------------------------------------------- validation

def validate(bundle: Bundle) -> None:
    """Manifest semantics: revision, roots that cover every file, a contract we understand."""
    manifest = bundle.manifest
    if not isinstance(manifest.get("revision", ""), str):
        raise BundleError("manifest", f"{MANIFEST}: revision must be a string")
    metadata = manifest.get("metadata", {})
    if not isinstance(metadata, dict):
        raise BundleError("manifest", f"{MANIFEST}: metadata must be an object")
    _check_contract(metadata.get("contract_version"))
    _check_roots(manifest, bundle.files)


def _check_contract(version) -> None:
    if version is None:
        raise BundleError("contract-version", f"{MANIFEST}: metadata.contract_version is missing; add "
                          f'"metadata": {{"contract_version": "{CONTRACT_VERSION}"}} (the policy contract it was written for)')
    try:
        theirs = int(str(version))
    except ValueError:
        raise BundleError("contract-version", f"{MANIFEST}: contract_version {version!r} is not a number") from None
    if theirs > int(CONTRACT_VERSION):
        raise BundleError("contract-version", f"bundle needs policy contract {theirs}; this claude-rego "
                          f"({__version__}) speaks contract {CONTRACT_VERSION}: upgrade claude-rego first")


def _check_roots(manifest: dict, files: dict[str, bytes]) -> None:
    """OPA's scoped-bundle rules: roots do not overlap; every package and data path lies under one."""
    roots = manifest.get("roots", [""])
    if not isinstance(roots, list) or not all(isinstance(r, str) for r in roots):
        raise BundleError("roots", f"{MANIFEST}: roots must be a list of strings")
    split = [[p for p in r.strip("/").split("/") if p] for r in roots]
    for i, a in enumerate(split):
        for b in split[i + 1:]:
            if a[:len(b)] == b or b[:len(a)] == a:
                raise BundleError("roots", f"{MANIFEST}: roots {'/'.join(a)!r} and {'/'.join(b)!r} overlap")
    for name, data in sorted(files.items()):
        base = name.rsplit("/", 1)[-1]
        if base.endswith(".rego"):
            match = _PACKAGE_RE.search(data.decode("utf-8", "replace"))
            if not match:
                raise BundleError("roots", f"{name}: no package declaration")
            path = match.group(1).split(".")
            if path and path[0] == "data":
                path = path[1:]
            if not _covered(path, split):
                raise BundleError("roots", f"{name}: package {match.group(1)} is outside the bundle roots {roots}")
        elif base in DATA_FILES:
            prefix = name.split("/")[:-1]
            uncovered = _uncovered_data(prefix, _parse_structured(name, data), split)
            if uncovered:
                raise BundleError("roots", f"{name}: data at {'/'.join(uncovered) or '/'} is outside the bundle roots {roots}")


def _covered(path: list[str], roots: list[list[str]]) -> bool:
    return any(path[:len(root)] == root for root in roots)


def _uncovered_data(prefix: list[str], value, roots: list[list[str]]) -> list[str] | None:
    """The first data path not under a root (descending into objects on the way to a root)."""
    if _covered(prefix, roots):
        return None
    if isinstance(value, dict) and any(root[:len(prefix)] == prefix for root in roots):
        for key in sorted(value):
            found = _uncovered_data(prefix + [key], value[key], roots)
            if found is not None:
                return found
        return None
    return prefix


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


# ------------------------------------------------------------------------------ inspect

def describe(bundle: Bundle) -> dict:
    """What is in a bundle, for `bundle inspect`: manifest, files, the (unverified) signature
    claims and whether they match the files, and any validation problem."""
    info: dict = {"sha256": bundle.sha256, "revision": bundle.manifest.get("revision"),
                  "roots": bundle.manifest.get("roots", [""]), "metadata": bundle.manifest.get("metadata"),
                  "files": [{"name": n, "size": len(d), "sha256": hashlib.sha256(d).hexdigest()}
                            for n, d in sorted(bundle.files.items())],
                  "problems": []}
    try:
        validate(bundle)
    except BundleError as exc:
        info["problems"].append(str(exc))
    info["signature"] = _describe_signature(bundle) if bundle.signatures else None
    return info


def _describe_signature(bundle: Bundle) -> dict:
    try:
        header, claims = _unverified(bundle.signatures[0])
    except BundleError as exc:
        return {"error": str(exc), "verified": False}
    out = {"algorithm": header.get("alg"), "keyid": claims.get("keyid") or header.get("kid"),
           "scope": claims.get("scope"), "iss": claims.get("iss"), "iat": claims.get("iat"),
           "files_listed": len(claims.get("files") or []), "verified": False}
    try:
        _check_files(bundle, claims.get("files"))
        out["files_match"] = True
    except BundleError as exc:
        out["files_match"] = False
        out["files_problem"] = str(exc)
    return out


def extract(bundle: Bundle, directory: str | Path) -> None:
    """Write the policy and data files (not .manifest/.signatures.json) under a fresh directory.
    Names were validated by `read_bundle`; files are created exclusively, never followed."""
    import os

    root = Path(directory)
    for name, data in sorted(bundle.files.items()):
        if name == MANIFEST:
            continue
        target = root.joinpath(*name.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(target, flags, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
