"""Run the evaluation where a crash or a hang cannot take the answer with it.

Claude Code fails OPEN when a hook crashes (SIGSEGV → exit 139), hangs past its
timeout, or prints half a JSON object. The embedded engine is native code that can
crash on some programs, so the process that must answer never runs it: a forked
child evaluates and sends its answer through a pipe; the parent waits until the
deadline and otherwise answers from the failure table. Where fork is unavailable
(Windows) the child is a fresh `python -I -m <worker module>` process instead (the hook's:
`claude_rego.claudecode.worker`). Generic process mechanics (stdlib only), below every
package: the hook runs its evaluating child here, and `check` its forced evaluation.
"""

from __future__ import annotations

import json
import os
import sys
import time


class ChildFailed(Exception):
    """The child crashed, hung, or sent something that is not an answer."""


def process_age() -> float:
    """Seconds since this process started (the deadline counts from there)."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0  # not Linux: count from now; the registered timeout keeps a margin


def run_forked(task, deadline: float) -> dict:
    """Run `task()` → JSON-able dict in a forked child; return it, or raise ChildFailed.

    `deadline` is an absolute time.monotonic() value.
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns
        status = 0
        try:
            os.close(read_fd)
            _silence_stdio()
            try:
                payload = json.dumps(task()).encode()
            except Exception as exc:  # noqa: BLE001 — say what failed; a crash says nothing
                payload = json.dumps({"child_error": f"{type(exc).__name__}: {str(exc)[:300]}"}).encode()
            # Length-prefixed, so the parent can answer without waiting for this
            # process to exit (tearing down the engine's memory takes a while).
            view = memoryview(len(payload).to_bytes(8, "big") + payload)
            while view:
                view = view[os.write(write_fd, view):]
        except BaseException:  # noqa: BLE001 — the parent reads a short pipe as failure
            status = 1
        finally:
            os._exit(status)
    os.close(write_fd)
    complete = False
    try:
        payload = _read_frame(read_fd, deadline)
        complete = True
    finally:
        os.close(read_fd)
        _reap(pid, kill=not complete)
    return _decode(payload)


def run_subprocess(module: str, request: dict, deadline: float) -> dict:
    """The same contract without fork: a fresh isolated interpreter runs `module` (request
    JSON on its stdin, answer JSON on its stdout)."""
    import subprocess

    try:
        proc = subprocess.run(
            [sys.executable, "-I", "-m", module],
            input=json.dumps(request).encode(), capture_output=True,
            timeout=max(0.05, deadline - time.monotonic()),
        )
    except subprocess.TimeoutExpired:
        raise ChildFailed("deadline exceeded") from None
    except OSError as exc:
        raise ChildFailed(f"worker did not start: {exc}") from None
    if proc.returncode != 0:
        raise ChildFailed(f"worker exited with {proc.returncode}")
    return _decode(proc.stdout)


def _silence_stdio() -> None:
    """The child must never write to the hook's stdout or stderr (stderr can reach the model)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)


def _read_frame(fd: int, deadline: float) -> bytes:
    """Read one length-prefixed answer; b"" if the child died first. Raises on the deadline."""
    import select

    buffer = bytearray()
    expected = None
    while expected is None or len(buffer) < expected + 8:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise ChildFailed("deadline exceeded")
        chunk = os.read(fd, 65536)
        if not chunk:
            return b""  # EOF before a whole answer: the child crashed
        buffer += chunk
        if expected is None and len(buffer) >= 8:
            expected = int.from_bytes(buffer[:8], "big")
    return bytes(buffer[8:8 + expected])


def _reap(pid: int, *, kill: bool) -> None:
    """Collect the child. A child that answered is left to finish exiting on its own
    (it is past os._exit; init reaps it if we exit first); one that did not is killed."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == 0 and kill:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
    except (ChildProcessError, ProcessLookupError, OSError):
        pass


def _decode(payload: bytes) -> dict:
    if not payload:
        raise ChildFailed("engine process died without an answer (crash)")
    try:
        value = json.loads(payload)
    except ValueError:
        raise ChildFailed("engine process sent a malformed answer") from None
    if not isinstance(value, dict):
        raise ChildFailed("engine process sent a malformed answer")
    if "child_error" in value:
        raise ChildFailed(value["child_error"])
    return value
