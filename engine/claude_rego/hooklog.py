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

MAX_BYTES = 10 * 1024 * 1024  # past this the log is rotated once (.1)


def default_path() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "claude-rego", "hook.log")


def write(path: str | None, record: dict) -> None:
    path = path or default_path()
    line = json.dumps({"ts": round(time.time(), 3), "pid": os.getpid(), **record},
                      default=str, ensure_ascii=False) + "\n"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            if os.path.getsize(path) > MAX_BYTES:
                os.replace(path, path + ".1")
        except OSError:
            pass
        # One write() of an O_APPEND descriptor: parallel hooks do not interleave lines.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError:
        pass
