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
    from _sha256 import sha256  # type: ignore[import-not-found]  # private, no stubs
except ImportError:  # pragma: no cover — Python 3.12+ renamed it
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # private, no stubs
    except ImportError:
        from hashlib import sha256

from .. import __version__
from .._platform import NotRegularFile, open_regular, try_lock, unlock

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


# Per-record caps: what the log keeps of one input. A 16 MB input (millions of small
# values, or one huge string) must be masked and written well inside the deadline, so
# the walk is linear and stops at a budget; what is cut is said in the record, with a
# hash of the original (of each cut string; of the whole input in `input_sha256`).
MAX_ITEMS = 256            # per list / object
MAX_NODES = 20_000         # values per record section
MAX_CHARS = 512 * 1024     # string characters per record section
TRUNCATED_KEY = "…[truncated]"


class _Budget:
    __slots__ = ("nodes", "chars", "cut")

    def __init__(self):
        self.nodes, self.chars, self.cut = MAX_NODES, MAX_CHARS, []


def _sha(text: str) -> str:
    return sha256(text.encode("utf-8", "replace")).hexdigest()


def mask(value, masked_paths: tuple[str, ...] = (), _path: str = "", _budget: _Budget | None = None):
    """A copy of `value` with secrets masked, strings shortened, configured paths removed.

    Bounded: at most MAX_ITEMS per collection, MAX_NODES values and MAX_CHARS string
    characters in all; whatever is cut is listed in `_budget.cut` (path, what, hash).
    Lone surrogates are replaced (they cannot be written as UTF-8).
    """
    budget = _budget or _Budget()
    return _mask(value, masked_paths, _path, budget, 0)


def _mask(value, masked_paths, path, budget: _Budget, depth: int):
    if path and path in masked_paths:
        return "[MASKED]"
    budget.nodes -= 1
    if isinstance(value, str):
        limit = min(MAX_LOGGED_STRING, max(0, budget.chars))
        if len(value) > limit:
            digest = _sha(value)
            budget.cut.append({"path": path or "$", "chars": len(value), "sha256": digest})
            text = value[:limit] + f"…[truncated {len(value)} chars, sha256:{digest[:16]}]"
        else:
            text = value
        budget.chars -= len(text)
        if not text.isascii():
            text = text.encode("utf-8", "replace").decode("utf-8")
        return _mask_text(text)
    if isinstance(value, dict):
        if depth > 32 or budget.nodes <= 0:
            budget.cut.append({"path": path or "$", "items": len(value)})
            return {TRUNCATED_KEY: f"{len(value)} keys not logged"}
        out = {}
        for i, (key, item) in enumerate(value.items()):
            if i >= MAX_ITEMS or budget.nodes <= 0:
                budget.cut.append({"path": path or "$", "items": len(value), "kept": i})
                out[TRUNCATED_KEY] = f"{len(value) - i} more keys not logged"
                break
            key = key if isinstance(key, str) else str(key)
            if len(key) > 256 or not key.isascii():
                key = _mask(key, (), "", budget, depth) if len(key) <= 256 else key[:256] + "…"
                key = key.encode("utf-8", "replace").decode("utf-8")
            out[key] = _mask(item, masked_paths, f"{path}.{key}" if path else key, budget, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        if depth > 32 or budget.nodes <= 0:
            budget.cut.append({"path": path or "$", "items": len(value)})
            return [f"…[{len(value)} items not logged]"]
        kept: list = []
        for i, item in enumerate(value):
            if i >= MAX_ITEMS or budget.nodes <= 0:
                budget.cut.append({"path": path or "$", "items": len(value), "kept": i})
                kept.append(f"…[{len(value) - i} more items not logged]")
                break
            kept.append(_mask(item, masked_paths, path, budget, depth + 1))
        return kept
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return _mask(str(value), masked_paths, path, budget, depth)


class _NoDecision:  # what a failure answer's record says was decided: nothing
    verdict = revision = by = provenance = monitored = ignored = revisions = None


def record(*, decision_id: str, event: str, hook_input, result, decision, kind: str,
           latency_ms: float, error: str | None = None, mode: str = "enforce",
           masked_paths: tuple[str, ...] = (), input_sha256: str | None = None,
           input_bytes: int | None = None, invalid_unicode: list | None = None) -> dict:
    """One record in OPA's decision-log shape, with our provenance (size-bounded); `decision` is
    a `decide.types.Decision` (read by attribute: audit never imports the core) or None."""
    decision = _NoDecision if decision is None else decision
    now = time.time()
    cut_input, cut_result, cut_other = _Budget(), _Budget(), _Budget()
    entry = {
        "decision_id": decision_id,
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1e6):06d}Z",
        "path": "claude_rego/policies",
        "input": mask(hook_input, masked_paths, _budget=cut_input),
        "result": mask(result, masked_paths, _budget=cut_result),
        "bundles": {"claude_rego": {"revision": decision.revision}},
        "labels": {"app": "claude-rego", "version": __version__},
        "metrics": {"timer_hook_ns": int(latency_ms * 1e6)},
        "claude_rego": {
            "kind": kind, "event": _text(event), "mode": mode, "verdict": _text(decision.verdict),
            "by": mask(decision.by or [], _budget=cut_other),
            "provenance": mask(decision.provenance or [], _budget=cut_other),
            "monitored": mask(decision.monitored or [], _budget=cut_other),
            "ignored": mask(decision.ignored or [], _budget=cut_other),
            "revisions": mask(decision.revisions or {}, _budget=cut_other), "error": _text(error),
        },
    }
    extra = entry["claude_rego"]
    if input_sha256 is not None:
        extra["input_sha256"] = input_sha256  # of the exact bytes Claude Code sent
        extra["input_bytes"] = input_bytes
    if invalid_unicode:
        extra["invalid_unicode"] = list(invalid_unicode)[:32]  # replaced lone surrogates (JSON paths)
    cut = {name: b.cut[:32] for name, b in (("input", cut_input), ("result", cut_result), ("other", cut_other))
           if b.cut}
    if cut:
        extra["truncated"] = cut  # what the log did not keep, with hashes of cut strings
    return entry


def _text(value):
    if value is None or (isinstance(value, str) and len(value) <= 2000 and value.isascii()):
        return value
    return mask(value if isinstance(value, str) else str(value))


LOCK_WAIT = 0.25     # seconds the hook waits for the log lock (after it has answered)
UNRECORDED_SUFFIX = ".unrecorded"  # one decision id per line: records that could not be written
_ID_LINE = 37        # a decision id and a newline


LogUnusable = NotRegularFile  # the log path is not a regular file of ours (see _platform)


def preflight(path: str | None) -> str | None:
    """Cheap checks (two lstat calls, nothing that can wait) before the answer goes out:
    a warning for this answer if the log cannot take this record, or if earlier
    records were not written."""
    import stat

    path = path or default_path()
    problems = []
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a symlink" if stat.S_ISLNK(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                    else "a socket" if stat.S_ISSOCK(st.st_mode) else "a directory" if stat.S_ISDIR(st.st_mode)
                    else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a file")
            problems.append(f"the decision log could not be written ({path} is {kind}, not a regular file); "
                            "this decision will not be recorded.")
        elif hasattr(os, "geteuid") and st.st_uid != os.geteuid():
            problems.append(f"the decision log could not be written ({path} belongs to another user); "
                            "this decision will not be recorded.")
    except FileNotFoundError:
        pass
    except OSError as exc:
        problems.append(f"the decision log could not be written ({exc.strerror or exc}); "
                        "this decision will not be recorded.")
    try:
        st = os.lstat(path + UNRECORDED_SUFFIX)
        if stat.S_ISREG(st.st_mode) and st.st_size:
            count = max(1, st.st_size // _ID_LINE)
            problems.append(f"{count} earlier decision(s) could not be written to the decision log "
                            "(log locked by another process, disk full or not writable); see "
                            f"{path + UNRECORDED_SUFFIX}.")
    except OSError:
        pass
    return " ".join(f"claude-rego: {p}" for p in problems) or None


def note_unrecorded(path: str | None, decision_id: str) -> bool:
    """Count one record that could not be written (O_APPEND, no lock: cannot wait)."""
    path = (path or default_path()) + UNRECORDED_SUFFIX
    try:
        fd = open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    except OSError:
        return False
    try:
        os.write(fd, (decision_id[:36].ljust(36) + "\n").encode("ascii", "replace"))
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def _take_unrecorded(path: str) -> dict | None:
    """Under the log lock: the ids counted as unrecorded so far (the counter is reset)."""
    counter = path + UNRECORDED_SUFFIX
    taken = f"{counter}.{os.getpid()}"
    try:
        os.rename(counter, taken)
    except OSError:
        return None
    try:
        fd = open_regular(taken, os.O_RDONLY)
        try:
            size = os.fstat(fd).st_size
            head = os.pread(fd, min(size, 100 * _ID_LINE), 0)
        finally:
            os.close(fd)
    except OSError:
        size, head = 0, b""
    finally:
        try:
            os.unlink(taken)
        except OSError:
            pass
    ids = [line.strip() for line in head.decode("ascii", "replace").splitlines() if line.strip()]
    return {"count": max(len(ids), size // _ID_LINE), "decision_ids": ids}


def append(path: str | None, entry: dict, *, lock_wait: float | None = None) -> bool:
    """Append one record, chained to the previous one; False if it could not be written.

    Never waits without a deadline: the lock is tried without blocking for at most
    `lock_wait` seconds (LOCK_WAIT), then the record is given up and counted in the
    `.unrecorded` file, which the next decision reports. The path must be a regular
    file of ours (never a FIFO, socket, device or symlink).
    """
    path = path or default_path()
    wait = LOCK_WAIT if lock_wait is None else lock_wait
    try:
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, mode=0o700, exist_ok=True)
        fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    except OSError:
        note_unrecorded(path, entry.get("decision_id") or "?")
        return False
    locked = False
    try:
        give_up = time.monotonic() + wait
        while True:
            if not try_lock(fd):
                if time.monotonic() >= give_up:
                    break
                time.sleep(0.01)
                continue
            if _same_file(fd, path):
                locked = True
                break
            # rotated while we waited: our descriptor is now path.1; start over on path
            unlock(fd)
            os.close(fd)
            fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
            if time.monotonic() >= give_up:
                break
        if not locked:
            note_unrecorded(path, entry.get("decision_id") or "?")
            return False
        if os.fstat(fd).st_size > MAX_BYTES:
            fd = _rotate(path, fd)
        unrecorded = _take_unrecorded(path)
        if unrecorded:
            entry["claude_rego"]["unrecorded_before"] = unrecorded  # N records were not written
        entry["prev_hash"] = _last_hash(fd, path)
        line = _line(entry)
        view = memoryview(line)
        while view:  # a regular file takes it whole; loop only on a short write
            view = view[os.write(fd, view):]
        return True
    except OSError:
        note_unrecorded(path, entry.get("decision_id") or "?")
        return False
    finally:
        try:
            if locked:
                unlock(fd)
        finally:
            os.close(fd)


def _same_file(fd: int, path: str) -> bool:
    try:
        a, b = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _line(entry: dict) -> bytes:
    """The record as one line, with its hash over (prev_hash + body) as UTF-8."""
    body = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    data = body.encode("utf-8", "replace")  # a lone surrogate becomes "?": hashed as written
    entry_hash = sha256(entry["prev_hash"].encode("utf-8", "replace") + data).hexdigest()
    return data[:-1] + f',"hash":"{entry_hash}"}}\n'.encode("ascii")


def _last_line(fd: int) -> bytes:
    """The last non-empty line of the file, however long (read backwards in chunks)."""
    size = os.fstat(fd).st_size
    end = size
    while end > 0 and os.pread(fd, 1, end - 1) == b"\n":
        end -= 1
    chunks: list[bytes] = []
    position = end
    while position > 0:
        start = max(0, position - 65536)
        chunk = os.pread(fd, position - start, start)
        newline = chunk.rfind(b"\n")
        if newline >= 0:
            chunks.append(chunk[newline + 1:])
            break
        chunks.append(chunk)
        position = start
    return b"".join(reversed(chunks))


def _last_hash(fd: int, path: str) -> str:
    """The hash of the last record (of this file, else of the newest rotated file)."""
    for candidate_fd, owned in ((fd, False), (None, True)):
        if candidate_fd is None:
            try:
                candidate_fd = open_regular(path + ".1", os.O_RDONLY)
            except OSError:
                return GENESIS
        try:
            if os.fstat(candidate_fd).st_size:
                tail = _last_line(candidate_fd)
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
    new_fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    # a brand-new file, but a writer that was waiting may have created it first (between
    # the rename and our open) and hold it for one record: wait briefly, never unbounded
    give_up = time.monotonic() + 2.0
    while True:
        try:
            if try_lock(new_fd):
                break
        except OSError:
            os.close(new_fd)
            raise
        if time.monotonic() >= give_up:
            os.close(new_fd)
            raise BlockingIOError(f"{path}: the new log file stayed locked")
        time.sleep(0.005)
    unlock(fd)
    os.close(fd)
    return new_fd


# ----------------------------------------------------------------------------- reading

def files_in_order(path: str) -> list[str]:
    """Rotated files oldest first, then the current file."""
    rotated = [f"{path}.{i}" for i in range(KEEP_FILES, 0, -1) if os.path.exists(f"{path}.{i}")]
    return rotated + ([path] if os.path.exists(path) else [])


def read(path: str):
    """(file, line number, line) of every record; a path that is not a regular file of
    ours (a FIFO planted there) raises LogUnusable instead of blocking."""
    for file in files_in_order(path):
        yield from read_file(file)


def _read_reporting(path: str, problems: list):
    for file in files_in_order(path):
        try:
            yield from read_file(file)
        except (OSError, UnicodeError) as exc:
            problems.append(f"{file}: cannot be read ({exc})")


def read_file(file: str):
    fd = open_regular(file, os.O_RDONLY)
    os.set_blocking(fd, True)
    with os.fdopen(fd, encoding="utf-8", errors="replace") as fh:
        for number, line in enumerate(fh, 1):
            if line.strip():
                yield file, number, line


def verify(path: str) -> dict:
    """Check the hash chain across rotated files. The oldest kept file may start mid-chain
    (older files were dropped by rotation); every later link must hold."""
    count, previous = 0, None
    problems: list[str] = []
    for file, number, line in _read_reporting(path, problems):
        count += 1
        try:
            entry = json.loads(line)
            claimed = entry.pop("hash")
        except (ValueError, KeyError, AttributeError):
            problems.append(f"{file}:{number}: not a decision record")
            previous = None
            continue
        body = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        actual = sha256(str(entry.get("prev_hash", "")).encode("utf-8", "replace")
                        + body.encode("utf-8", "replace")).hexdigest()
        if actual != claimed:
            problems.append(f"{file}:{number}: record does not match its hash (edited)")
        if previous is not None and entry.get("prev_hash") != previous:
            problems.append(f"{file}:{number}: chain broken (a record before it was removed or edited)")
        previous = claimed
    return {"records": count, "ok": not problems and count > 0, "problems": problems}
