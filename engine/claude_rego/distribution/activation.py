"""Pull and activate policy bundles into the snapshot the hook reads (never on the hook path).

`activate(SOURCE, state_dir)`: fetch (directory, .tar.gz or HTTP(S) URL with ETag
caching) → read safely → verify the signature (when keys are configured) → validate
roots and contract → refuse rollbacks → extract to a temp dir → `compile_sources(check=True)`
→ write `state_dir/active.snapshot.json` atomically. A candidate that fails any step
is never activated: the previous snapshot stays in place, byte for byte.

State directory:
  active.snapshot.json     what the hook reads (`--policies` / managed `policies`)
  previous.snapshot.json   the snapshot it replaced (for a manual `--allow-rollback`)
  active.bundle.tar.gz     the bundle it was compiled from (for audit: `bundle inspect`)
  last-activation.json     outcome of the last attempt (ok or the error), for monitoring
  .activation.lock         flock'ed by the one activation allowed at a time (mode 0600)
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__
from .._platform import atomic_write, try_lock
from ..policy.vocabulary import Vocabulary
from .bundle import (
    DEFAULT_LIMITS,
    Bundle,
    BundleError,
    Keyring,
    Limits,
    Signer,
    build,
    extract,
    read_bundle,
    revision_key,
    validate,
    verify_bundle,
)

ACTIVE = "active.snapshot.json"
PREVIOUS = "previous.snapshot.json"
ACTIVE_BUNDLE = "active.bundle.tar.gz"
LAST_ACTIVATION = "last-activation.json"
LOCK = ".activation.lock"


class ActivationError(BundleError):
    """Activation refused or failed; the active snapshot is unchanged."""


@dataclass
class Fetched:
    data: bytes | None            # None: 304 Not Modified
    source: str
    etag: str | None = None


@dataclass
class Candidate:
    """A bundle that passed every check and compiled: ready to activate."""

    bundle: Bundle
    signer: Signer | None
    snapshot: dict
    data: bytes


@dataclass
class Result:
    status: str                   # activated | unchanged | not-modified
    revision: str | None
    previous_revision: str | None
    path: Path
    signer: Signer | None = None


# ---------------------------------------------------------------------------- public API

def activate(source: str, state_dir: str | Path, *, keyring: Keyring | None = None, allow_rollback: bool = False,
             revision: str | None = None, limits: Limits = DEFAULT_LIMITS, timeout: float = 30.0,
             lock_timeout: float = 60.0, token: str | None = None, require_signature: bool = False,
             allow_unsigned: bool = False, vocabulary: Vocabulary | None = None) -> Result:
    """Make `source` the active policy set of `state_dir`, or raise ActivationError and
    leave the active snapshot exactly as it was.

    `vocabulary`: the host's, for the policies' check (policy/vocabulary.py; the command
    line and the decision service pass Claude Code's).

    `require_signature` (the machine's managed config, `bundles.require_signature`): an
    unsigned candidate is refused even when no verification key is given. An unsigned
    candidate replacing a signed active bundle is refused unless `allow_unsigned`."""
    try:
        state = _state_dir(state_dir)
        lock_fd = _lock(state / LOCK, lock_timeout)
    except OSError as exc:
        raise ActivationError("io", f"{state_dir}: {exc}") from None
    try:
        current = read_active(state)
        try:
            result = _activate_locked(source, state, current, keyring=keyring, allow_rollback=allow_rollback,
                                      revision=revision, limits=limits, timeout=timeout, token=token,
                                      require_signature=require_signature, allow_unsigned=allow_unsigned,
                                      vocabulary=vocabulary)
        except (BundleError, OSError) as exc:
            error = _as_activation_error(exc)
            _record(state, ok=False, source=source, error=str(error), code=error.code,
                    active_revision=_revision_of(current))
            raise error from None
        _record(state, ok=True, source=source, status=result.status, active_revision=result.revision)
        return result
    finally:
        os.close(lock_fd)  # closing releases the lock


def pull(source: str, *, keyring: Keyring | None = None, output: str | Path | None = None,
         revision: str | None = None, limits: Limits = DEFAULT_LIMITS, timeout: float = 30.0,
         token: str | None = None, vocabulary: Vocabulary | None = None) -> Candidate:
    """Fetch and run every check activation would (verify, validate, compile), without
    touching any state; optionally save the verified bundle to `output`. `vocabulary`: as
    for `activate`."""
    try:
        fetched = fetch(source, keyring=keyring, revision=revision, limits=limits, timeout=timeout, token=token,
                        vocabulary=vocabulary)
        candidate = prepare(fetched, keyring, limits, vocabulary)
        if output is not None:
            _atomic_write(Path(output), candidate.data)
    except OSError as exc:
        raise _as_activation_error(exc) from None
    return candidate


def read_active(state_dir: str | Path) -> dict | None:
    """The active snapshot of a state dir (None if there is none or it is unreadable)."""
    from ..policy.snapshot import SnapshotError, read

    path = Path(state_dir) / ACTIVE
    if not path.is_file():
        return None
    try:
        return read(str(path))
    except SnapshotError:
        return None


# -------------------------------------------------------------------------------- steps

def _activate_locked(source, state: Path, current: dict | None, *, keyring, allow_rollback, revision,
                     limits, timeout, token, require_signature=False, allow_unsigned=False,
                     vocabulary: Vocabulary | None = None) -> Result:
    info = (current or {}).get("bundle") or {}
    etag = info.get("etag") if info.get("source") == source else None
    fetched = fetch(source, keyring=keyring, revision=revision, limits=limits, timeout=timeout,
                    token=token, etag=etag, vocabulary=vocabulary)
    path = state / ACTIVE
    if fetched.data is None:
        return Result("not-modified", _revision_of(current), _revision_of(current), path)
    if require_signature and Path(source).is_dir():
        raise ActivationError("unsigned", f"{source}: this machine requires signed bundles (managed config "
                              "bundles.require_signature) and a directory carries no signature")
    candidate = prepare(fetched, keyring, limits, vocabulary)
    check_signature_policy(candidate, current, require_signature=require_signature, allow_unsigned=allow_unsigned)
    if current is not None and info.get("sha256") == candidate.bundle.sha256:
        return Result("unchanged", _revision_of(current), _revision_of(current), path, candidate.signer)
    check_revision(candidate.bundle.revision, current, allow_rollback=allow_rollback)
    install(state, candidate, current)
    return Result("activated", candidate.bundle.revision, _revision_of(current), path, candidate.signer)


def fetch(source: str, *, keyring: Keyring | None = None, revision: str | None = None,
          limits: Limits = DEFAULT_LIMITS, timeout: float = 30.0, token: str | None = None,
          etag: str | None = None, vocabulary: Vocabulary | None = None) -> Fetched:
    """Bundle bytes from a URL, a .tar.gz file, or a policy directory (built in memory,
    checked against the host's `vocabulary`)."""
    if source.startswith(("http://", "https://")):
        return _fetch_url(source, keyring=keyring, limits=limits, timeout=timeout, token=token, etag=etag)
    path = Path(source)
    if path.is_dir():
        if keyring is not None and keyring.keys:
            raise ActivationError("unsigned", f"{source}: a directory carries no signature, but a verification key "
                                  "is configured; build and sign a bundle (claude-rego bundle build --signing-key)")
        if revision is None:
            raise ActivationError("revision", f"{source}: activating a directory needs --revision")
        return Fetched(build(path, revision, limits=limits, vocabulary=vocabulary).data, source)
    if path.is_file():
        if path.stat().st_size > limits.max_archive_bytes:
            raise ActivationError("bundle-too-large", f"{source}: larger than {limits.max_archive_bytes} bytes")
        return Fetched(path.read_bytes(), source)
    raise ActivationError("fetch", f"{source}: no such bundle file, policy directory or http(s) URL")


def prepare(fetched: Fetched, keyring: Keyring | None, limits: Limits = DEFAULT_LIMITS,
            vocabulary: Vocabulary | None = None) -> Candidate:
    """Read, verify, validate and compile a fetched bundle (checked against the host's
    `vocabulary`); raise on the first failure."""
    from ..policy.policyset import PolicyError, compile_sources

    assert fetched.data is not None, "prepare() takes a fetched bundle, not a 304 Not Modified"
    bundle = read_bundle(fetched.data, limits)
    signer = verify_bundle(bundle, keyring)
    validate(bundle)
    with tempfile.TemporaryDirectory(prefix="claude-rego-bundle-") as tmp:
        extract(bundle, tmp)
        try:
            snapshot = compile_sources([tmp], revision=bundle.revision, check=True, vocabulary=vocabulary)
        except PolicyError as exc:
            where = str(exc).replace(tmp + os.sep, "")  # name files as the bundle does, not the temp dir
            raise ActivationError("check-failed", f"bundle {bundle.revision or '?'} fails check/compile: {where}") from None
    snapshot["sources"] = [fetched.source]
    snapshot["bundle"] = {
        "revision": bundle.revision, "sha256": bundle.sha256, "source": fetched.source, "etag": fetched.etag,
        "signed": signer is not None, "keyid": signer.keyid if signer else None,
        "signer": signer.as_dict() if signer else None, "roots": bundle.manifest.get("roots", [""]),
        "contract_version": str(bundle.contract_version),
        "activated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "activated_by": f"claude-rego {__version__}",
    }
    return Candidate(bundle, signer, snapshot, fetched.data)


def check_signature_policy(candidate: Candidate, current: dict | None, *, require_signature: bool,
                           allow_unsigned: bool) -> None:
    """Unsigned bundles: refused where the machine requires signatures; refused as the
    replacement of a signed bundle unless explicitly allowed (a downgrade of trust)."""
    if candidate.signer is not None:
        return
    if require_signature:
        raise ActivationError("unsigned", f"bundle {candidate.bundle.revision}: unsigned, and this machine requires "
                              "signed bundles (managed config bundles.require_signature)")
    active = (current or {}).get("bundle") or {}
    if active.get("signed") and not allow_unsigned:
        raise ActivationError("unsigned", f"bundle {candidate.bundle.revision}: unsigned, but the active bundle "
                              f"{active.get('revision')} is signed (key id {active.get('keyid')}); refusing the "
                              "downgrade (pass --allow-unsigned, or set bundles.allow_unsigned_replacement in the "
                              "managed config, if you mean it)")


def check_revision(new: str, current: dict | None, *, allow_rollback: bool) -> None:
    """Anti-rollback: the new revision must be a dotted number above the active one."""
    if allow_rollback:
        return
    new_key = revision_key(new)
    if new_key is None:
        raise ActivationError("revision", f"revision {new!r} is not a dotted number, so it cannot be ordered "
                              "against the active one; rebuild with a numeric --revision or pass --allow-rollback")
    if current is None:
        return
    old = _revision_of(current)
    old_key = revision_key(old or "")
    if old_key is None:
        raise ActivationError("rollback", f"active revision {old!r} is not a dotted number; pass --allow-rollback "
                              "once to move to a numbered revision")
    if new_key < old_key:
        raise ActivationError("rollback", f"revision {new} is older than the active {old}: refusing a rollback "
                              "(--allow-rollback to force)")
    if new_key == old_key:
        raise ActivationError("rollback", f"revision {new} is already active with different content: a revision "
                              "must not be reused (bump it, or --allow-rollback to force)")


def install(state: Path, candidate: Candidate, current: dict | None) -> None:
    """Previous snapshot kept aside, then the new one renamed into place (atomic for readers)."""
    active = state / ACTIVE
    if current is not None and active.is_file():
        _atomic_write(state / PREVIOUS, active.read_bytes())
    _atomic_write(active, json.dumps(candidate.snapshot, sort_keys=True, separators=(",", ":")).encode())
    _atomic_write(state / ACTIVE_BUNDLE, candidate.data)


# --------------------------------------------------------------------------------- HTTP

def _fetch_url(url: str, *, keyring, limits: Limits, timeout: float, token: str | None, etag: str | None) -> Fetched:
    """GET with If-None-Match; 304 → Fetched(data=None). Plain http only with a signature key or to loopback."""
    import urllib.error
    import urllib.request

    _check_transport(url, keyring)
    request = urllib.request.Request(url, headers={"User-Agent": f"claude-rego/{__version__}",
                                                   "Accept": "application/gzip, application/octet-stream"})
    if etag:
        request.add_header("If-None-Match", etag)
    if token:
        request.add_unredirected_header("Authorization", f"Bearer {token}")  # never sent on to a redirect
    opener = _opener()
    try:
        with opener.open(request, timeout=timeout) as response:
            data = response.read(limits.max_archive_bytes + 1)
            new_etag = response.headers.get("ETag")
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return Fetched(None, url, etag)
        raise ActivationError("fetch", f"{url}: HTTP {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ActivationError("fetch", f"{url}: unreachable ({reason})") from None
    if len(data) > limits.max_archive_bytes:
        raise ActivationError("bundle-too-large", f"{url}: response larger than {limits.max_archive_bytes} bytes")
    return Fetched(data, url, new_etag)


def _check_transport(url: str, keyring: Keyring | None) -> None:
    """Unsigned bundles over plain http could be swapped by anyone on the path."""
    parts = urlsplit(url)
    if parts.scheme == "https" or (keyring is not None and keyring.keys):
        return
    host = (parts.hostname or "").lower()
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ActivationError("insecure-transport", f"{url}: plain http without a verification key; use https "
                              "or sign the bundle and pass --verification-key")


def _opener():
    """urllib with redirects allowed, except from https down to http."""
    import urllib.request

    class NoDowngrade(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            if urlsplit(req.full_url).scheme == "https" and urlsplit(newurl).scheme != "https":
                raise ActivationError("insecure-transport", f"{req.full_url}: redirected from https to {newurl}")
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(NoDowngrade())


# ---------------------------------------------------------------------- files and locks

def _state_dir(path: str | Path) -> Path:
    """Create the state dir (0755); refuse one that others may write (they could swap files)."""
    state = Path(path)
    state.mkdir(mode=0o755, parents=True, exist_ok=True)
    info = state.stat()
    if os.name == "posix" and info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise ActivationError("state-dir", f"{state}: writable by group or others; chmod 755 it (anyone who can "
                              "write here can replace the policies)")
    return state


def _lock(path: Path, timeout: float) -> int:
    """One activation per state dir: flock (non-blocking, polled until `timeout`); close the fd to release."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)  # 0600: a reader could otherwise hold the lock
    try:
        deadline = time.monotonic() + timeout
        while not try_lock(fd):
            if time.monotonic() >= deadline:
                raise ActivationError("lock-busy", f"another activation of {path.parent} is in progress "
                                      f"(waited {timeout:g}s for {path})")
            time.sleep(0.05)
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextmanager
def _locked(path: Path, timeout: float):
    fd = _lock(path, timeout)
    try:
        yield
    finally:
        os.close(fd)


def _atomic_write(path: Path, data: bytes) -> None:
    """Mode 0644 (hooks run as the user), fsync'ed file and directory."""
    atomic_write(path, data, mode=0o644, durable=True)


def _record(state: Path, **fields) -> None:
    """last-activation.json: the outcome of the last attempt, for monitoring and fleet tooling."""
    fields["time"] = datetime.now(UTC).isoformat(timespec="seconds")
    try:
        _atomic_write(state / LAST_ACTIVATION, (json.dumps(fields, sort_keys=True, indent=1) + "\n").encode())
    except OSError:
        pass  # reporting must not turn a good activation into a failure


def _as_activation_error(exc: Exception) -> ActivationError:
    if isinstance(exc, ActivationError):
        return exc
    if isinstance(exc, BundleError):
        return ActivationError(exc.code, exc.message)
    return ActivationError("io", f"{getattr(exc, 'filename', None) or ''}: {getattr(exc, 'strerror', None) or exc}".lstrip(": "))


def _revision_of(snapshot: dict | None) -> str | None:
    if snapshot is None:
        return None
    return ((snapshot.get("bundle") or {}).get("revision")) or snapshot.get("revision")


def snapshot_digest(path: str | Path) -> str:
    """SHA-256 of a snapshot file (tests and monitoring compare it across activations)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
