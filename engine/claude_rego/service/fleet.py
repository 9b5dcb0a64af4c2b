"""Fleet duties of the long-running service, as OPA's agent does them.

BundlePoller     polls a bundle service through `activation.activate` (ETag/If-None-Match,
                 signature verified before activation, anti-rollback, the last good snapshot
                 kept on disk) and tells the service to hot-reload when a new revision is active.
DecisionLogShipper
                 ships the decision log to any OPA-compatible decision-log endpoint: OPA's
                 batch format (a gzip'd JSON array of decision events, POST, Content-Encoding:
                 gzip). Records are cut from the log into a spool on disk first (a cursor file
                 remembers how far), then uploaded oldest first; a batch leaves the spool only
                 after the endpoint answered 2xx. Delivery is at least once (a crash between
                 spooling a batch and saving the cursor spools it again; `decision_id` dedups).
                 Exponential backoff with jitter on failure; the spool has a size cap (the
                 oldest batches are dropped beyond it, counted in the status, as OPA does).

Both run in one daemon thread each, wake on an Event (so `stop()` ends them at once), and
never touch the decision path.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import threading
import time

from .. import __version__
from .._platform import atomic_write


def _atomic_write(path: str, data: bytes) -> None:
    atomic_write(path, data, mode=0o600, durable=True)


def _identity(path: str, fd: int | None = None) -> tuple:
    """(inode, digest of the first record): inodes are reused after rotation drops a file,
    the first record (its decision_id and timestamp) is not."""
    from hashlib import sha256

    own = fd is None
    handle = fd
    try:
        if handle is None:
            handle = os.open(path, os.O_RDONLY)
        inode = os.fstat(handle).st_ino
        first = os.pread(handle, 65536, 0).split(b"\n", 1)[0]
    except OSError:
        return (None, None)
    finally:
        if own and handle is not None:
            try:
                os.close(handle)
            except OSError:
                pass
    return inode, sha256(first).hexdigest()[:32] if first else None


class Backoff:
    def __init__(self, base: float, maximum: float):
        self.base, self.maximum, self.failures = base, maximum, 0

    def next_delay(self, ok: bool, normal: float) -> float:
        if ok:
            self.failures = 0
            return normal
        self.failures += 1
        delay = min(self.maximum, self.base * (2 ** min(self.failures - 1, 16)))
        return delay * (0.5 + random.random() / 2)


class _Duty:
    name = "duty"

    def __init__(self):
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None

    def tick(self) -> float:
        """One round of the duty's work; the delay before the next one (seconds)."""
        raise NotImplementedError

    def start(self):
        self._thread = threading.Thread(target=self._loop, name=f"claude-rego-{self.name}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _loop(self) -> None:
        delay = 0.0
        while not self._stop.wait(delay):
            try:
                delay = self.tick()
            except Exception as exc:  # noqa: BLE001 — a duty never dies; it reports and retries
                self.last_error = f"{type(exc).__name__}: {exc}"
                delay = 5.0
        self.on_stop()

    def on_stop(self) -> None:
        pass


# ----------------------------------------------------------------------------- bundles

class BundlePoller(_Duty):
    name = "bundle"

    def __init__(self, url: str, state_dir: str, *, keyring=None, token: str | None = None,
                 min_delay: float = 60.0, max_delay: float = 120.0, timeout: float = 30.0,
                 on_activated=None):
        super().__init__()
        self.url, self.state_dir, self.keyring, self.token = url, state_dir, keyring, token
        self.min_delay, self.max_delay, self.timeout = min_delay, max(min_delay, max_delay), timeout
        self.on_activated = on_activated
        self.backoff = Backoff(max(0.05, min_delay / 4), max(min_delay, max_delay) * 4)
        self.polls = 0
        self.last_status: str | None = None
        self.last_error: str | None = None
        self.last_error_code: str | None = None
        self.last_poll: str | None = None
        self.revision: str | None = None

    def poll_once(self) -> bool:
        """One poll; True when it succeeded (activated, unchanged or not modified)."""
        from ..claudecode.vocabulary import VOCABULARY
        from ..distribution import activation

        self.polls += 1
        self.last_poll = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        try:
            result = activation.activate(self.url, self.state_dir, keyring=self.keyring, token=self.token,
                                         timeout=self.timeout, vocabulary=VOCABULARY)
        except activation.ActivationError as exc:
            self.last_status, self.last_error, self.last_error_code = "failed", str(exc), exc.code
            return False
        self.last_status, self.last_error, self.last_error_code = result.status, None, None
        self.revision = result.revision
        if result.status == "activated" and self.on_activated is not None:
            self.on_activated(result)
        return True

    def tick(self) -> float:
        ok = self.poll_once()
        return self.backoff.next_delay(ok, random.uniform(self.min_delay, self.max_delay))

    def status(self) -> dict:
        return {"url": self.url, "polls": self.polls, "last_poll": self.last_poll, "last_status": self.last_status,
                "last_error": self.last_error, "last_error_code": self.last_error_code, "revision": self.revision,
                "consecutive_failures": self.backoff.failures}


# ------------------------------------------------------------------------ decision logs

class DecisionLogShipper(_Duty):
    name = "decision_logs"
    CURSOR = "cursor.json"
    SUFFIX = ".json.gz"

    def __init__(self, log_path: str, url: str, spool_dir: str, *, token: str | None = None,
                 max_batch_bytes: int = 512 * 1024, max_spool_bytes: int = 100 * 1024 * 1024,
                 min_delay: float = 5.0, max_delay: float = 10.0, backoff_max: float = 600.0,
                 timeout: float = 10.0):
        super().__init__()
        self.log_path, self.url, self.spool_dir, self.token = log_path, url, spool_dir, token
        self.max_batch_bytes, self.max_spool_bytes = max_batch_bytes, max_spool_bytes
        self.min_delay, self.max_delay, self.timeout = min_delay, max(min_delay, max_delay), timeout
        self.backoff = Backoff(max(0.05, min_delay / 4), backoff_max)
        self.shipped_events = 0
        self.shipped_batches = 0
        self.dropped_events = 0
        self.failed_uploads = 0
        self.last_error: str | None = None
        self.last_drop: str | None = None
        self._lock = threading.Lock()  # cut/upload from the thread and from flush()
        os.makedirs(spool_dir, mode=0o700, exist_ok=True)

    # -- the cursor over the log (follows rotation: path → path.1 → …)
    def _cursor(self) -> dict:
        try:
            with open(os.path.join(self.spool_dir, self.CURSOR), encoding="utf-8") as fh:
                cursor = json.load(fh)
            if isinstance(cursor, dict) and isinstance(cursor.get("offset"), int):
                return cursor
        except (OSError, ValueError):
            pass
        return {"inode": None, "offset": 0, "seq": self._max_seq()}

    def _save_cursor(self, cursor: dict) -> None:
        _atomic_write(os.path.join(self.spool_dir, self.CURSOR), json.dumps(cursor).encode())

    def _files_from(self, cursor: dict) -> list[tuple[str, int]]:
        """(file, start offset) to read, oldest first, starting at the cursor."""
        from ..audit.decisionlog import files_in_order

        files = files_in_order(self.log_path)
        identities = [_identity(file) for file in files]
        wanted = (cursor.get("inode"), cursor.get("head"))
        if wanted[0] is not None and wanted in identities:
            start = identities.index(wanted)
            return [(files[start], cursor["offset"])] + [(f, 0) for f in files[start + 1:]]
        # no cursor yet, or its file was rotated away entirely (rotation drops the oldest
        # file first, so everything still kept is newer): all of it is new
        return [(f, 0) for f in files]

    def _max_seq(self) -> int:
        seqs = [int(n.split(".")[0]) for n in os.listdir(self.spool_dir) if n.endswith(self.SUFFIX)
                and n.split(".")[0].isdigit()] if os.path.isdir(self.spool_dir) else []
        return max(seqs, default=0)

    def cut(self) -> int:
        """Move new complete records from the log into spool batches; the number of events spooled."""
        with self._lock:
            cursor = self._cursor()
            spooled = 0
            for file, offset in self._files_from(cursor):
                try:
                    fd = os.open(file, os.O_RDONLY)
                except OSError:
                    continue
                try:
                    inode, head = _identity(file, fd)
                    size = os.fstat(fd).st_size
                    data = os.pread(fd, max(0, size - offset), offset) if size > offset else b""
                finally:
                    os.close(fd)
                end = data.rfind(b"\n") + 1  # complete lines only (a record may be half written)
                batch: list[bytes] = []
                batch_bytes, consumed = 0, 0
                position = 0
                for raw in data[:end].split(b"\n")[:-1]:
                    position += len(raw) + 1
                    line = raw.strip()
                    if not line:
                        consumed = position
                        continue
                    try:
                        event = json.loads(line)
                    except ValueError:
                        consumed = position  # not a record: skip it (verify reports it)
                        continue
                    if batch and batch_bytes + len(line) > self.max_batch_bytes:
                        cursor = self._spool(batch, cursor, inode, head, offset + consumed)
                        spooled += len(batch)
                        batch, batch_bytes = [], 0
                    batch.append(event)
                    batch_bytes += len(line) + 1
                    consumed = position
                if batch:
                    cursor = self._spool(batch, cursor, inode, head, offset + consumed)
                    spooled += len(batch)
                elif consumed or (cursor.get("inode"), cursor.get("head")) != (inode, head):
                    cursor = dict(cursor, inode=inode, head=head, offset=offset + consumed)
                    self._save_cursor(cursor)
            self._enforce_spool_limit()
            return spooled

    def _spool(self, events: list, cursor: dict, inode: int, head: str | None, offset: int) -> dict:
        seq = max(int(cursor.get("seq") or 0), self._max_seq()) + 1
        body = gzip.compress(json.dumps(events, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        _atomic_write(os.path.join(self.spool_dir, f"{seq:012d}{self.SUFFIX}"), body)
        cursor = {"inode": inode, "head": head, "offset": offset, "seq": seq}
        self._save_cursor(cursor)  # after the batch is durable: a crash in between spools it twice, never zero times
        return cursor

    def spooled(self) -> list[str]:
        return sorted(n for n in os.listdir(self.spool_dir) if n.endswith(self.SUFFIX))

    def _enforce_spool_limit(self) -> None:
        files = self.spooled()
        sizes = {n: os.path.getsize(os.path.join(self.spool_dir, n)) for n in files}
        total = sum(sizes.values())
        while files and total > self.max_spool_bytes:
            oldest = files.pop(0)
            try:
                with gzip.open(os.path.join(self.spool_dir, oldest)) as fh:
                    self.dropped_events += len(json.load(fh))
            except (OSError, ValueError):
                pass
            os.unlink(os.path.join(self.spool_dir, oldest))
            total -= sizes[oldest]
            self.last_drop = f"spool above {self.max_spool_bytes} bytes: dropped the oldest batch {oldest}"

    def upload(self) -> bool:
        """Send spooled batches oldest first; stop at the first failure. True when the spool is empty."""
        import urllib.error
        import urllib.request

        with self._lock:
            for name in self.spooled():
                path = os.path.join(self.spool_dir, name)
                with open(path, "rb") as fh:
                    body = fh.read()
                request = urllib.request.Request(self.url, data=body, method="POST", headers={
                    "Content-Type": "application/json", "Content-Encoding": "gzip",
                    "User-Agent": f"claude-rego/{__version__}"})
                if self.token:
                    request.add_unredirected_header("Authorization", f"Bearer {self.token}")
                try:
                    with urllib.request.urlopen(request, timeout=self.timeout) as response:
                        response.read(65536)
                        ok = 200 <= response.status < 300
                except urllib.error.HTTPError as exc:
                    ok, self.last_error = False, f"{self.url}: HTTP {exc.code}"
                except (urllib.error.URLError, OSError, ValueError) as exc:
                    ok, self.last_error = False, f"{self.url}: {getattr(exc, 'reason', exc)}"
                if not ok:
                    self.failed_uploads += 1
                    return False
                with gzip.open(path) as fh:
                    count = len(json.load(fh))
                os.unlink(path)
                self.shipped_events += count
                self.shipped_batches += 1
                self.last_error = None
            return True

    def flush(self) -> bool:
        self.cut()
        return self.upload()

    def tick(self) -> float:
        ok = self.flush()
        return self.backoff.next_delay(ok, random.uniform(self.min_delay, self.max_delay))

    def on_stop(self) -> None:
        try:
            self.cut()  # whatever was logged is in the spool before we go
        except OSError:
            pass

    def status(self) -> dict:
        try:
            backlog = len(self.spooled())
        except OSError:
            backlog = None
        return {"url": self.url, "spooled_batches": backlog, "shipped_events": self.shipped_events,
                "shipped_batches": self.shipped_batches, "dropped_events": self.dropped_events, "last_drop": self.last_drop,
                "failed_uploads": self.failed_uploads, "last_error": self.last_error,
                "consecutive_failures": self.backoff.failures}
