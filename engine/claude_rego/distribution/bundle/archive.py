"""The archive: build a bundle from a directory, read one (hostile input: capped,
never extracted by tarfile), inspect and extract it."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import tarfile
import unicodedata
from pathlib import Path

from ... import CONTRACT_VERSION, __version__
from ...policy.sources import DATA_FILE_NAMES as DATA_FILES
from ...policy.sources import SourceRefused, walk
from ...policy.vocabulary import Vocabulary
from .manifest import (
    _SURROGATES,
    DEFAULT_LIMITS,
    MANIFEST,
    ROOTS,
    SIGNATURES,
    BuildResult,
    Bundle,
    BundleError,
    Limits,
    SigningConfig,
    revision_key,
)
from .sign import sign_files, signatures_file
from .validate import _check_roots, validate
from .verify import _check_files, _unverified

# -------------------------------------------------------------------------------- build

def build(source_dir: str | Path, revision: str, *, signing: SigningConfig | None = None,
          limits: Limits = DEFAULT_LIMITS, vocabulary: Vocabulary | None = None) -> BuildResult:
    """Directory of policies → deterministic .tar.gz bytes (signed when `signing` is given).

    The policies must pass `claude-rego check` (against the host's `vocabulary`,
    policy/vocabulary.py) and compile first: a bundle that could not be activated is never
    written.
    """
    from ...policy.policyset import PolicyError, compile_sources

    root = Path(source_dir)
    if not root.is_dir():
        raise BundleError("source", f"{root}: not a directory")
    if revision_key(revision) is None:
        raise BundleError("revision", f"revision {revision!r} is not a dotted number (e.g. 2026.11.22 or 1.4.0): "
                          "activation orders revisions numerically to refuse rollbacks")
    files, skipped = _collect(root)
    try:
        compile_sources([str(root)], revision=revision, check=True, vocabulary=vocabulary)
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
                extracted = tar.extractfile(member)
                assert extracted is not None  # _check_member lets only regular files and directories through
                files[name] = extracted.read()
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
    assert bundle.signatures  # called for a signed bundle only
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
