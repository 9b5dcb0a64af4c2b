"""Decision logs: one record per hook decision, OPA decision-log shaped, hash-chained.

Written by the answering process (hot path: stdlib only, no hashlib/OpenSSL import).
Records follow OPA's decision-log format (decision_id, timestamp, path, input, result,
bundles, labels, metrics) plus a `claude_rego` section (event, verdict, deciding
policies, enforce/monitor, latency) and a hash chain (`prev_hash`, `hash`) so that a
truncated or edited log is detected by `claude-rego log verify`.

Local JSONL, appended under an exclusive lock (parallel hooks never interleave and the
chain stays linear), rotated at a size cap keeping a bounded number of files. Secrets
are masked before anything is written. A write failure (full disk, read-only home) never
changes the decision; the hook tells the user through a system message.

The chain detects corruption and casual edits; a local user who can rewrite the whole
file can rewrite the chain too. Shipping records off the machine is the control
against that.
"""

from __future__ import annotations

import json
import os
import re
import time

try:  # the builtin C implementation: importing hashlib loads OpenSSL (~4 ms)
    from _sha256 import sha256
except ImportError:  # pragma: no cover — Python 3.12+ renamed it
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

from . import __version__

MAX_BYTES = 20 * 1024 * 1024
KEEP_FILES = 5
MAX_LOGGED_STRING = 4096
GENESIS = "0" * 64

# Built-in secret detectors (policies' prompt/output patterns, kept in step by a test).
# Compiled on first use: most inputs contain none of the trigger words, and compiling
# them costs ~1.5 ms per hook process.
_SECRET_SOURCES = [
    (r"-----BEGIN ([A-Z]+ )?PRIVATE KEY-----[A-Za-z0-9+/=\s]*(-----END ([A-Z]+ )?PRIVATE KEY-----)?", "[MASKED PRIVATE KEY]"),
    (r"(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}", "[MASKED AWS KEY]"),
    (r"(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,}", "[MASKED GITHUB TOKEN]"),
    (r"xox[abposr]-[A-Za-z0-9-]{10,}", "[MASKED SLACK TOKEN]"),
    (r"AIza[0-9A-Za-z_-]{35}", "[MASKED GOOGLE KEY]"),
    (r"(?i)(bearer\s+)[A-Za-z0-9._~+/-]{16,}=*", r"\1[MASKED]"),
    (r"(?i)((password|passwd|pwd|secret|api_key|apikey|token|aws_secret_access_key)[\"' ]*[=:][\"' ]*)[^ \t\r\n\"'\[]{6,}", r"\1[MASKED]"),
]
_TRIGGERS = ("private key", "akia", "asia", "a3t", "abia", "acca", "ghp_", "gho_", "ghu_", "ghs_", "ghr_",
             "github_pat_", "xox", "aiza", "bearer", "password", "passwd", "pwd", "secret", "api_key", "apikey", "token")
_compiled: list = []


def _mask_text(text: str) -> str:
    lowered = text.lower()
    if not any(trigger in lowered for trigger in _TRIGGERS):
        return text
    if not _compiled:
        _compiled.extend((re.compile(pattern), replacement) for pattern, replacement in _SECRET_SOURCES)
    for pattern, replacement in _compiled:
        text = pattern.sub(replacement, text)
    return text


def default_path() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "claude-rego", "decisions.jsonl")


def new_decision_id() -> str:
    """A random UUID (v4 layout) without importing uuid (which costs the hot path)."""
    b = bytearray(os.urandom(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def mask(value, masked_paths: tuple[str, ...] = (), _path: str = ""):
    """A copy of `value` with secrets masked, strings shortened, configured paths removed."""
    if _path and _path in masked_paths:
        return "[MASKED]"
    if isinstance(value, str):
        text = value if len(value) <= MAX_LOGGED_STRING else value[:MAX_LOGGED_STRING] + "…[truncated]"
        return _mask_text(text)
    if isinstance(value, dict):
        return {k: mask(v, masked_paths, f"{_path}.{k}" if _path else k) for k, v in value.items()}
    if isinstance(value, list):
        return [mask(v, masked_paths, _path) for v in value]
    return value


def record(*, decision_id: str, event: str, hook_input, result, decision: dict | None, kind: str,
           latency_ms: float, error: str | None = None, mode: str = "enforce",
           masked_paths: tuple[str, ...] = ()) -> dict:
    """One record in OPA's decision-log shape, with our provenance."""
    decision = decision or {}
    now = time.time()
    return {
        "decision_id": decision_id,
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1e6):06d}Z",
        "path": "claude_rego/policies",
        "input": mask(hook_input, masked_paths),
        "result": mask(result, masked_paths),
        "bundles": {"claude_rego": {"revision": decision.get("revision")}},
        "labels": {"app": "claude-rego", "version": __version__},
        "metrics": {"timer_hook_ns": int(latency_ms * 1e6)},
        "claude_rego": {
            "kind": kind, "event": event, "mode": mode, "verdict": decision.get("verdict"),
            "by": decision.get("by") or [], "provenance": decision.get("provenance") or [],
            "monitored": mask(decision.get("monitored") or []), "ignored": decision.get("ignored") or [],
            "revisions": decision.get("revisions") or {}, "error": error,
        },
    }


def append(path: str | None, entry: dict) -> bool:
    """Append one record, chained to the previous one; False if it could not be written."""
    import fcntl

    path = path or default_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        if os.fstat(fd).st_size > MAX_BYTES:
            fd = _rotate(path, fd)
        entry["prev_hash"] = _last_hash(fd, path)
        body = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        entry_hash = sha256((entry["prev_hash"] + body).encode("utf-8")).hexdigest()
        line = body[:-1] + f',"hash":"{entry_hash}"}}\n'
        os.write(fd, line.encode("utf-8"))
        return True
    except OSError:
        return False
    finally:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def _last_hash(fd: int, path: str) -> str:
    """The hash of the last record (of this file, else of the newest rotated file)."""
    for candidate_fd, owned in ((fd, False), (None, True)):
        if candidate_fd is None:
            try:
                candidate_fd = os.open(path + ".1", os.O_RDONLY)
            except OSError:
                return GENESIS
        try:
            size = os.fstat(candidate_fd).st_size
            if size:
                start = max(0, size - 65536)
                tail = os.pread(candidate_fd, size - start, start).rstrip(b"\n").rsplit(b"\n", 1)[-1]
                try:
                    return json.loads(tail)["hash"]
                except (ValueError, KeyError, TypeError):
                    return "corrupt:" + sha256(tail).hexdigest()  # chain on, verify reports the break
        finally:
            if owned:
                os.close(candidate_fd)
    return GENESIS


def _rotate(path: str, fd: int) -> int:
    """path → path.1 → … → path.KEEP_FILES (dropped); returns a descriptor of the new file."""
    for i in range(KEEP_FILES - 1, 0, -1):
        try:
            os.replace(f"{path}.{i}", f"{path}.{i + 1}")
        except OSError:
            pass
    os.replace(path, path + ".1")
    new_fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    import fcntl

    fcntl.flock(new_fd, fcntl.LOCK_EX)
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    return new_fd


# ----------------------------------------------------------------------------- reading

def files_in_order(path: str) -> list[str]:
    """Rotated files oldest first, then the current file."""
    rotated = [f"{path}.{i}" for i in range(KEEP_FILES, 0, -1) if os.path.exists(f"{path}.{i}")]
    return rotated + ([path] if os.path.exists(path) else [])


def read(path: str):
    for file in files_in_order(path):
        with open(file, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if line.strip():
                    yield file, number, line


def verify(path: str) -> dict:
    """Check the hash chain across rotated files. The oldest kept file may start mid-chain
    (older files were dropped by rotation); every later link must hold."""
    count, previous, problems = 0, None, []
    for file, number, line in read(path):
        count += 1
        try:
            entry = json.loads(line)
            claimed = entry.pop("hash")
        except (ValueError, KeyError, AttributeError):
            problems.append(f"{file}:{number}: not a decision record")
            previous = None
            continue
        body = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        actual = sha256((entry.get("prev_hash", "") + body).encode("utf-8")).hexdigest()
        if actual != claimed:
            problems.append(f"{file}:{number}: record does not match its hash (edited)")
        if previous is not None and entry.get("prev_hash") != previous:
            problems.append(f"{file}:{number}: chain broken (a record before it was removed or edited)")
        previous = claimed
    return {"records": count, "ok": not problems and count > 0, "problems": problems}
