"""`claude-rego hook`: the command Claude Code runs on every hook event.

Hot path. Imports only the stdlib and our plain modules (no typer, pydantic or HTTP).
The answering process reads stdin, learns the event, hands the evaluation to an
isolated child and answers by the deadline whatever the child does. It never exits 1
and never prints anything but the final JSON on stdout (logs go to the log file).

    claude-rego hook [--event EVENT] [--policies PATH]... [--deadline SECONDS]
"""

from __future__ import annotations

import json
import os
import sys
import time

from . import hookinput, hooklog, isolation, output
from .events import event_info
from .worker import FAULT_ENV

DEFAULT_DEADLINE = 3.0  # seconds from process start; the registered timeout is larger


class Options:
    __slots__ = ("event", "policies", "deadline", "isolation", "log_file")

    def __init__(self):
        self.event = None
        self.policies: list[str] = []
        self.deadline = DEFAULT_DEADLINE
        self.isolation = "fork" if hasattr(os, "fork") else "subprocess"
        self.log_file = None


def parse_args(argv: list[str]) -> Options:
    """A tiny parser: argparse costs more than the whole evaluation."""
    opts, i = Options(), 0
    while i < len(argv):
        arg, value = argv[i], argv[i + 1] if i + 1 < len(argv) else None
        if arg == "--event" and value:
            opts.event = value
        elif arg == "--policies" and value:
            opts.policies.append(value)
        elif arg == "--deadline" and value:
            opts.deadline = float(value)
        elif arg == "--isolation" and value in ("fork", "subprocess"):
            opts.isolation = value
        elif arg == "--log-file" and value:
            opts.log_file = value
        else:
            raise ValueError(f"unknown or incomplete option {arg!r}")
        i += 2
    return opts


def main(argv: list[str] | None = None, stdin=None, stdout=None, stderr=None) -> int:
    started = time.monotonic() - isolation.process_age()
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        opts = parse_args(sys.argv[2:] if argv is None else argv)
    except ValueError as exc:
        opts = Options()
        opts.event = _event_from_argv(argv if argv is not None else sys.argv[2:])
        hooklog.write(None, {"kind": "usage_error", "error": str(exc)})
    deadline = started + opts.deadline

    out, code, err, record = _answer(opts, stdin, deadline)
    record["latency_ms"] = round((time.monotonic() - started) * 1000, 2)
    _emit(out, code, err, stdout, stderr)
    hooklog.write(opts.log_file, record)
    return code


def _answer(opts: Options, stdin, deadline: float):
    """Everything that decides the answer; any surprise becomes the failure answer."""
    event = event_info(opts.event) if opts.event else None
    try:
        hook = hookinput.parse(hookinput.read_stdin(stdin))
    except hookinput.BadInput as exc:
        reason = f"unreadable hook input ({exc.kind})."
        record = {"kind": "bad_input", "event": opts.event, "error": str(exc)[:500]}
        if event is None:
            return (*output.unreadable_without_event(exc.kind), record)
        return (*output.failure(event, reason), record)
    except Exception as exc:  # noqa: BLE001 — e.g. stdin closed or unreadable
        record = {"kind": "bad_input", "event": opts.event, "error": repr(exc)[:500]}
        if event is None:
            return (*output.unreadable_without_event("read error"), record)
        return (*output.failure(event, "could not read the hook input."), record)

    sent_event = hook.get("hook_event_name")
    name = opts.event or (sent_event if isinstance(sent_event, str) else None)
    if not name:
        return (*output.unreadable_without_event("no hook_event_name"), {"kind": "bad_input"})
    event = event_info(name)
    record = {"kind": "decision", "event": name, "session_id": hook.get("session_id"),
              "tool_name": hook.get("tool_name")}
    if opts.event and sent_event != opts.event:
        record["kind"] = "event_mismatch"
        return (*output.failure(event, f"registered for {opts.event} but received {sent_event!r}."), record)

    request = {"hook": hook, "event": name, "sources": opts.policies or None,
               "fault": os.environ.get(FAULT_ENV)}
    try:
        if opts.isolation == "fork":
            from .worker import compute
            answer = isolation.run_forked(lambda: compute(request), deadline)
        else:
            answer = isolation.run_subprocess(request, deadline)
        out, code = answer.get("output"), answer.get("exit", 0)
        if code != 0 or not output.conforms(event, out):
            raise isolation.ChildFailed("engine produced an output the CLI would reject")
    except isolation.ChildFailed as exc:
        record.update(kind="failure", error=str(exc))
        return (*output.failure(event, f"policy evaluation failed ({exc})."), record)
    decision = answer.get("decision") or {}
    record.update(verdict=decision.get("verdict"), by=decision.get("by"),
                  revision=decision.get("revision"), prints=answer.get("prints") or None)
    return out, 0, "", record


def _event_from_argv(argv: list[str]) -> str | None:
    for i, arg in enumerate(argv[:-1]):
        if arg == "--event":
            return argv[i + 1]
    return None


def _emit(out, code: int, err: str, stdout, stderr) -> None:
    try:
        if out is not None:
            stdout.write(json.dumps(out, ensure_ascii=False))
            stdout.flush()
        if err:
            stderr.write(err + "\n")
            stderr.flush()
    except (BrokenPipeError, OSError):
        pass
