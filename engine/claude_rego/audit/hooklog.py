"""The hook's own log: one JSON line per invocation, never on stdout or stderr.

Claude Code shows a hook's stderr to the model on exit 2 and to the user elsewhere,
and any stdout that is not the answer breaks the answer. So diagnostics (failures,
Rego `print()` output, latency) go here. Writing is best-effort: a full disk or a
read-only home must never change the answer. (Decision logs proper, with rotation
and shipping, are a separate feature.)
"""

from __future__ import annotations

import json
import os
import time

from .._platform import open_regular

MAX_BYTES = 10 * 1024 * 1024  # past this the log is rotated once (.1)


def default_path() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "claude-rego", "hook.log")


MAX_LINE = 64 * 1024  # one invocation's line; longer values are cut


def write(path: str | None, record: dict) -> None:
    """One line, best effort, never waits: no lock (one O_APPEND write does not
    interleave), opened non-blocking and without following a symlink, and only into a
    regular file of ours (a FIFO, socket or device planted there is refused)."""
    path = path or default_path()
    try:
        line = json.dumps({"ts": round(time.time(), 3), "pid": os.getpid(), **record},
                          default=str, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        line = json.dumps({"ts": round(time.time(), 3), "pid": os.getpid(), "kind": "unloggable_record"})
    if len(line) > MAX_LINE:
        line = json.dumps({"ts": round(time.time(), 3), "pid": os.getpid(), "kind": record.get("kind"),
                           "cut": line[:MAX_LINE // 2]}, ensure_ascii=False)
    data = (line + "\n").encode("utf-8", "replace")
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        try:
            st = os.lstat(path)
            if st.st_size > MAX_BYTES and not os.path.islink(path):
                os.replace(path, path + ".1")
        except OSError:
            pass
        # One write() of an O_APPEND descriptor: parallel hooks do not interleave lines.
        fd = open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
    except OSError:
        pass
