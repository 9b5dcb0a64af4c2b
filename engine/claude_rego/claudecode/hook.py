"""`claude-rego hook`: the command Claude Code runs on every hook event.

Hot path. Imports only the stdlib and our plain modules (no typer, pydantic or HTTP).
The answering process reads stdin, learns the event, hands the evaluation to an
isolated child and answers by the deadline whatever the child does. It never exits 1
and never prints anything but the final JSON on stdout (logs go to the log file).

    claude-rego hook [--event EVENT] [--policies PATH]... [--no-builtin] [--deadline SECONDS]
                     [--decision-log PATH|off] [--log-file PATH]
                     [--opa-url URL [--opa-token-file PATH] [--opa-ca-file PATH]]
                     [--org-policies PATH] [--project-policies auto|off|PATH]
"""

from __future__ import annotations

import json
import os
import sys
import time

from .. import _isolation as isolation
from .._platform import read_regular
from ..audit import decisionlog
from ..decide.types import Decision
from . import hookinput, output
from .adapter import ADAPTER
from .events import event_info
from .worker import FAULT_ENV

DEFAULT_DEADLINE = 3.0  # seconds from process start; the registered timeout is larger

HELP = """Usage: claude-rego hook [OPTIONS] < hook-input.json

  Answer one Claude Code hook event: the hook input JSON on stdin, the hook output JSON
  on stdout (exit 0), or exit 2 with a reason on stderr where the event blocks that way.
  Claude Code runs this command; `claude-rego install` registers it. Any failure gets the
  event's fail-closed answer (never exit 1, never a trap in Stop).

Options:
  --event EVENT               The event this command is registered for (recommended: even
                              unreadable input then gets that event's failure answer).
  --policies PATH             Policy directory, .rego file or compiled snapshot; repeatable.
                              Added to the built-in pack (`builtin:` names it); a single
                              compiled snapshot is taken as is.
  --no-builtin                Evaluate only the --policies given, without the built-in pack.
  --deadline SECONDS          Answer within this many seconds of start (default 3).
  --decision-log PATH|off     Decision log (default ~/.local/state/claude-rego/decisions.jsonl).
  --log-file PATH             Diagnostics log (default ~/.local/state/claude-rego/hook.log).
  --org-policies PATH         An organisation layer below the main one (can only tighten).
  --project-policies auto|off|PATH
                              The project layer (default auto: <project>/.claude/policies).
  --opa-url URL               Evaluate on this OPA server (fleet mode).
  --opa-token-file PATH       Bearer token for the OPA server.
  --opa-ca-file PATH          CA bundle to verify the OPA server's certificate.
  --managed-config PATH       Managed runtime file (default: the OS managed location); when
                              present its settings win over these options.
  --isolation fork|subprocess How the evaluating child is isolated.
  -h, --help                  Show this message and exit.
"""


class Options:
    __slots__ = ("event", "policies", "deadline", "isolation", "log_file", "decision_log", "opa_url",
                 "opa_token_file", "org_policies", "project_policies", "managed_config", "managed",
                 "masked_paths", "builtin", "opa_ca_file")

    def __init__(self):
        self.event = None
        self.policies: list[str] = []
        self.deadline = DEFAULT_DEADLINE
        self.isolation = "fork" if hasattr(os, "fork") else "subprocess"
        self.log_file = None
        self.decision_log = None  # default location; "off" disables
        self.opa_url = None  # evaluate on an OPA server instead of the embedded engine
        self.opa_token_file = None
        self.org_policies = None  # an org layer below the managed one (can only tighten)
        self.project_policies = "auto"  # <project>/.claude/policies; a path; or "off"
        self.managed_config = None  # runtime file path; default: the OS managed location
        self.managed = False
        self.masked_paths: tuple[str, ...] = ()  # input paths never written to the decision log
        self.builtin = True  # --policies are added to the built-in pack unless --no-builtin
        self.opa_ca_file = None


# Options that take one string value, stored as given.
_STRING_OPTIONS = {"--event": "event", "--log-file": "log_file", "--decision-log": "decision_log",
                   "--opa-url": "opa_url", "--opa-token-file": "opa_token_file", "--org-policies": "org_policies",
                   "--project-policies": "project_policies", "--managed-config": "managed_config",
                   "--opa-ca-file": "opa_ca_file"}


def parse_args(argv: list[str]) -> Options:
    """A tiny parser: argparse costs more than the whole evaluation."""
    opts, i = Options(), 0
    while i < len(argv):
        arg, value = argv[i], argv[i + 1] if i + 1 < len(argv) else None
        if arg in _STRING_OPTIONS and value:
            setattr(opts, _STRING_OPTIONS[arg], value)
        elif arg == "--policies" and value:
            opts.policies.append(value)
        elif arg == "--deadline" and value:
            opts.deadline = float(value)
        elif arg == "--isolation" and value in ("fork", "subprocess"):
            opts.isolation = value
        elif arg == "--no-builtin":
            opts.builtin = False
            i += 1
            continue
        else:
            raise ValueError(f"unknown or incomplete option {arg!r}")
        i += 2
    from ..policy.snapshot import compose

    opts.policies = compose(opts.policies, builtin=opts.builtin) or []
    return opts


def main(argv: list[str] | None = None, stdin=None, stdout=None, stderr=None) -> int:
    """Answer first: the decision goes to stdout in one write and is flushed before
    anything that can wait (decision log, hook log, env file) is even attempted; that
    later work is bounded (no lock without a deadline, no FIFO, capped records)."""
    started = time.monotonic() - isolation.process_age()
    del ANSWERED[:]  # (main may run more than once in a process: tests, fuzz)
    own_stdio = stdout is None
    if own_stdio:
        _trap_signals()
    stdin = stdin or (sys.stdin.buffer if sys.stdin is not None else _Closed())
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    later: list[dict] = []  # hook-log lines, written after the answer
    args = sys.argv[2:] if argv is None else argv
    if "--help" in args or "-h" in args:
        stdout.write(HELP)
        return 0
    try:
        opts = parse_args(sys.argv[2:] if argv is None else argv)
    except ValueError as exc:
        opts = Options()
        opts.event = _event_from_argv(argv if argv is not None else sys.argv[2:])
        later.append({"kind": "usage_error", "error": str(exc)})
    _apply_managed(opts)
    deadline = started + opts.deadline
    decision_id = decisionlog.new_decision_id() if opts.decision_log != "off" else None
    warning = decisionlog.preflight(opts.decision_log) if decision_id is not None else None

    out, code, err, record = _answer(opts, stdin, deadline, decision_id)
    latency_ms = round((time.monotonic() - started) * 1000, 2)
    if warning and isinstance(out, dict):
        out = dict(out)
        out["systemMessage"] = f"{out['systemMessage']}\n{warning}" if out.get("systemMessage") else warning
    _emit(out, code, err, stdout, stderr)
    ANSWERED.append(code)
    if own_stdio:
        _release_stdio()

    # ---- after the answer: bounded work only; nothing here can change what was answered
    try:
        decision = record.get("decision")
        env = decision.env if decision is not None else None
        if env and code == 0:
            _write_env_file(env, record)
        if decision_id is not None:
            _log_decision(opts, decision_id, out, code, err, record, latency_ms)
        if record.get("prints") or record["kind"] != "decision" or record.get("env_error"):  # diagnostics only
            later.append({k: v for k, v in record.items() if k not in ("hook", "decision", "raw")}
                         | {"latency_ms": latency_ms, "decision_id": decision_id})
        if later:
            from ..audit import hooklog  # diagnostics only: most calls never import it

            for line in later:
                hooklog.write(opts.log_file, line)
    except BaseException:  # noqa: BLE001 — the answer is out; the exit code must match it
        pass
    return code


class _Closed:
    """stdin when Python was started with fd 0 closed."""

    def read(self, _size=-1):
        raise OSError("stdin is closed")


ANSWERED: list[int] = []  # the exit code, once the answer has been written (entry.py reads it)


class Interrupted(BaseException):
    """A terminating signal arrived before the answer: answer from the failure table."""


def _on_signal(signum, frame):
    if ANSWERED:
        return  # the answer is out: finish the bounded logging, exit with its code
    raise Interrupted(f"signal {signum}")


def _trap_signals() -> None:
    """Signals that would kill the hook silently (no answer = the CLI fails open) become
    the failure answer instead. SIGKILL and SIGSTOP cannot be caught: nothing can.
    `_signal`, the C module behind `signal`: the same handlers without building signal's
    enums (~1 ms of every call)."""
    try:
        import _signal as signal  # type: ignore[import-not-found]  # no stubs: the same names as signal's
    except ImportError:  # not CPython
        import signal

    for name in ("SIGTERM", "SIGHUP", "SIGINT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF",
                 "SIGQUIT", "SIGPOLL"):
        number = getattr(signal, name, None)
        if number is not None:
            try:
                signal.signal(number, _on_signal)
            except (OSError, ValueError, RuntimeError):
                pass
    for name in ("SIGPIPE", "SIGXFSZ", "SIGTTOU", "SIGTTIN"):  # a closed pipe, a file-size limit, job control
        number = getattr(signal, name, None)
        if number is not None:
            try:
                signal.signal(number, signal.SIG_IGN)
            except (OSError, ValueError, RuntimeError):
                pass


def _release_stdio() -> None:
    """After the answer, stdout and stderr point at /dev/null: nothing else can reach them."""
    try:
        sys.stdout.flush()
    except Exception:  # noqa: BLE001 — closed, gone or None
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.close(devnull)
    except OSError:
        pass


def _write_env_file(env: dict, record: dict) -> None:
    """SessionStart & co.: `export NAME='value'` lines for Claude Code's CLAUDE_ENV_FILE.

    Written after the answer, opened non-blocking and only if it is a regular file (a
    FIFO there would otherwise hold the hook until the CLI's timeout)."""
    path = os.environ.get("CLAUDE_ENV_FILE")
    if not path:
        return
    import shlex
    import stat

    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{path} is not a regular file")
            text = "".join(f"export {name}={shlex.quote(str(env[name]))}\n" for name in sorted(env)
                           if isinstance(name, str))
            os.write(fd, text.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError as exc:
        record["env_error"] = str(exc)[:300]


MANAGED_RUNTIME = {"darwin": "/Library/Application Support/ClaudeCode/claude-rego.runtime.json"}.get(
    sys.platform, os.path.join(os.environ.get("PROGRAMDATA", r"C:\ProgramData"), "ClaudeCode", "claude-rego.runtime.json")
    if sys.platform.startswith("win") else "/etc/claude-code/claude-rego.runtime.json")


def _apply_managed(opts: Options) -> None:
    """Managed mode: the compiled managed configuration wins over options and environment.

    Its location is fixed per OS (an environment variable could point it elsewhere), or
    given by the registered command itself, which managed settings control.
    """
    path = opts.managed_config or MANAGED_RUNTIME
    try:
        managed = json.loads(read_regular(path, 1 << 20))
        if not isinstance(managed, dict):
            raise ValueError("not an object")
    except FileNotFoundError:
        return
    except (OSError, ValueError, RecursionError):
        managed = {"policies": "/nonexistent/unreadable-managed-config"}  # fail closed, visibly
    opts.managed = True
    opts.policies = [managed["policies"]] if managed.get("policies") else opts.policies
    opts.org_policies = managed.get("org_policies")
    opts.project_policies = managed.get("project_policies") or "auto"
    opts.deadline = float(managed.get("deadline") or opts.deadline)
    opts.decision_log = managed.get("decision_log") or None
    opts.opa_url = managed.get("opa_url")
    opts.opa_token_file = managed.get("opa_token_file")
    opts.opa_ca_file = managed.get("opa_ca_file")
    opts.masked_paths = tuple(managed.get("masked_paths") or ())


def _log_decision(opts, decision_id, out, code, err, record, latency_ms) -> bool:
    """Write the decision record, after the answer. Bounded: capped record, a lock tried
    for a fraction of a second; a record that cannot be written is counted and the next
    decision says so (see decisionlog.preflight)."""
    raw = record.get("raw")
    try:
        entry = decisionlog.record(
            decision_id=decision_id, event=record.get("event") or opts.event or "", hook_input=record.get("hook"),
            result=out if out is not None else {"exit_code": code, "stderr": err}, decision=record.get("decision"),
            kind=record["kind"], latency_ms=latency_ms, error=record.get("error"), masked_paths=opts.masked_paths,
            input_sha256=decisionlog.sha256(raw).hexdigest() if isinstance(raw, bytes) else None,
            input_bytes=len(raw) if isinstance(raw, bytes) else None, invalid_unicode=record.get("invalid_unicode"))
    except Exception:  # noqa: BLE001 — never lose the count of an unwritten record
        decisionlog.note_unrecorded(opts.decision_log, decision_id)
        return False
    return decisionlog.append(opts.decision_log, entry)


def _answer(opts: Options, stdin, deadline: float, decision_id: str | None):
    """Everything that decides the answer; any surprise becomes the failure answer."""
    event = event_info(opts.event) if opts.event else None
    tag = f" [claude-rego decision {decision_id}]" if decision_id else ""
    raw = None
    invalid_unicode: list[str] = []
    try:
        raw = hookinput.read_stdin(stdin, deadline)
        hook = hookinput.parse(raw, invalid_unicode)
    except hookinput.BadInput as exc:
        reason = f"unreadable hook input ({exc.kind}).{tag}"
        record = {"kind": "bad_input", "event": opts.event, "error": str(exc)[:500], "raw": raw}
        if event is None:
            return (*output.unreadable_without_event(exc.kind), record)
        return (*output.failure(event, reason), record)
    except Exception as exc:  # noqa: BLE001 — e.g. stdin closed or unreadable
        record = {"kind": "bad_input", "event": opts.event, "error": repr(exc)[:500]}
        if event is None:
            return (*output.unreadable_without_event("read error"), record)
        return (*output.failure(event, f"could not read the hook input.{tag}"), record)

    sent_event = hook.get("hook_event_name")
    name = opts.event or (sent_event if isinstance(sent_event, str) else None)
    if not name:
        return (*output.unreadable_without_event("no hook_event_name"),
                {"kind": "bad_input", "hook": hook, "raw": raw, "invalid_unicode": invalid_unicode})
    event = event_info(name)
    record = {"kind": "decision", "event": name, "session_id": hook.get("session_id"),
              "tool_name": hook.get("tool_name"), "hook": hook, "raw": raw, "invalid_unicode": invalid_unicode}
    if opts.event and sent_event != opts.event:
        record["kind"] = "event_mismatch"
        return (*output.failure(event, f"registered for {opts.event} but received {str(sent_event)[:100]!r}.{tag}"),
                record)
    if event.tool_event:
        try:
            hookinput.check_tool_event(hook)
        except hookinput.BadInput as exc:
            record.update(kind="bad_input", error=str(exc))
            return (*output.failure(event, f"malformed tool event ({str(exc)[len(exc.kind) + 2:]}).{tag}"), record)

    request = {"hook": hook, "event": name, "sources": opts.policies or None,
               "fault": None if opts.managed else os.environ.get(FAULT_ENV), "decision_id": decision_id,
               "org_policies": opts.org_policies, "project_policies": opts.project_policies,
               "opa": {"url": opts.opa_url, "token_file": opts.opa_token_file, "ca_file": opts.opa_ca_file,
                       "timeout": max(0.05, deadline - time.monotonic())} if opts.opa_url else None}
    try:
        if opts.isolation == "fork":
            from .worker import compute
            answer = isolation.run_forked(lambda: compute(request), deadline)
        else:
            answer = isolation.run_subprocess("claude_rego.claudecode.worker", request, deadline)
        out, code = answer.get("output"), answer.get("exit", 0)
        if not ADAPTER.accepts(event, out, code):  # the child may be broken: check what it sent
            raise isolation.ChildFailed("engine produced an output the CLI would reject")
    except (isolation.ChildFailed, OSError, MemoryError) as exc:  # no fork, no pipe (ulimits), no memory
        record.update(kind="failure", error=str(exc)[:500])
        return (*output.failure(event, f"policy evaluation failed ({exc}).{tag}"), record)
    sent = answer.get("decision")  # the decision's JSON form: read back into the core's type once, here
    decision = Decision.from_dict(sent) if sent else None
    record.update(verdict=decision.verdict if decision else None, by=decision.by if decision else None,
                  decision=decision, revision=decision.revision if decision else None,
                  prints=answer.get("prints") or None)
    return out, 0, "", record


def _event_from_argv(argv: list[str]) -> str | None:
    for i, arg in enumerate(argv[:-1]):
        if arg == "--event":
            return argv[i + 1]
    return None


def _emit(out, code: int, err: str, stdout, stderr) -> None:
    """The answer: one complete write of the whole JSON, flushed, before anything else.

    ASCII JSON (non-ASCII as \\u escapes): it cannot fail to encode, whatever the
    strings hold. A closed stdout or a reader gone (EPIPE) is not ours to fix; it must
    not turn into a traceback or another answer."""
    try:
        if out is not None:
            data = json.dumps(out, ensure_ascii=True)
            buffer = getattr(stdout, "buffer", None)
            if buffer is not None:
                buffer.write(data.encode("ascii"))
                buffer.flush()
            else:
                stdout.write(data)
                stdout.flush()
    except Exception:  # noqa: BLE001 — stdout closed (None), a reader gone (EPIPE): not ours to fix
        pass
    try:
        if err:
            stderr.write(err + "\n")
            stderr.flush()
    except Exception:  # noqa: BLE001
        pass
