"""Registration of the decision service as Claude Code `http` hooks, and doctor's service check.

An http hook entry per governed event:

    {"type": "http", "url": "http://127.0.0.1:884/v1/hook/PreToolUse", "timeout": 6,
     "headers": {"Authorization": "Bearer $CLAUDE_REGO_SERVICE_TOKEN",
                 "X-Claude-Project-Dir": "$CLAUDE_PROJECT_DIR"},
     "allowedEnvVars": ["CLAUDE_REGO_SERVICE_TOKEN", "CLAUDE_PROJECT_DIR"],
     "onFailure": "block"}

`onFailure: "block"` is written exactly where the failure table blocks
(`Event.blocks_on_failure`), never elsewhere (a Stop hook must never trap a session; the
CLI ignores it there anyway). An invalid value silently drops the whole entry in
2.1.331 (measured), so the value is a constant pinned by a test.

Command hooks stay where http cannot do the job:
- SessionStart and Setup: Claude Code skips http hooks there (measured);
- events that can carry `env` (CwdChanged, FileChanged): the service cannot write the
  user's CLAUDE_ENV_FILE;
- every event whose failure blocks, when the CLI is older than the one with `onFailure`
  (there an http hook that is down, hangs or answers 500 fails OPEN).
"""

from __future__ import annotations

import json
import time

from ..claudecode.events import event_info
from ..claudecode.install import SERVICE_PATH
from ..claudecode.install import SERVICE_TOKEN_ENV as TOKEN_ENV
from ..claudecode.install import is_our_http_hook as is_ours  # noqa: F401 — `is_ours`: what this module registers

PROJECT_DIR_ENV = "CLAUDE_PROJECT_DIR"
ON_FAILURE_BLOCK = "block"  # the only other valid value is "continue"; anything else drops the entry
HTTP_SKIPPED_EVENTS = frozenset({"SessionStart", "Setup"})
ON_FAILURE_SINCE = (2, 1, 331)  # first CLI measured to honour onFailure (2.1.197 ignores it)
HTTP_TIMEOUT_MARGIN = 2  # seconds between the service's deadline and the CLI's timeout


def _version_tuple(version: str | None):
    if not version:
        return None
    try:
        return tuple(int(part) for part in version.strip().split()[0].split(".")[:3])
    except ValueError:
        return None


def needs_command(event: str, *, cli_version: str | None = None) -> bool:
    """Must this event stay a command hook?"""
    info = event_info(event)
    if event in HTTP_SKIPPED_EVENTS or "env" in info.verbs:
        return True
    version = _version_tuple(cli_version)
    return bool(version is not None and version < ON_FAILURE_SINCE and info.blocks_on_failure)


def http_hook(event: str, service_url: str, *, deadline: float = 3.0) -> dict:
    """The `http` hook for one event."""
    hook = {
        "type": "http",
        "url": service_url.rstrip("/") + SERVICE_PATH + event,
        "timeout": int(deadline + HTTP_TIMEOUT_MARGIN + 0.999),
        "headers": {"Authorization": f"Bearer ${TOKEN_ENV}", "X-Claude-Project-Dir": f"${PROJECT_DIR_ENV}"},
        "allowedEnvVars": [TOKEN_ENV, PROJECT_DIR_ENV],
    }
    if event_info(event).blocks_on_failure:
        hook["onFailure"] = ON_FAILURE_BLOCK
    return hook


def http_registration(snapshot: dict, service_url: str, *, deadline: float = 3.0, events: list[str] | None = None,
                      cli_version: str | None = None, confirm_dangerous: bool = False, **command_options) -> dict:
    """The settings fragment `{"hooks": {...}}`: http hooks to the service, command hooks
    where http cannot do the job (see the module docstring). `command_options` go to
    `install.registration` for those (python, policies, log_file, …)."""
    from ..claudecode import install

    wanted = events or install.governed_events(snapshot, confirm_dangerous=confirm_dangerous)
    command_events = [e for e in wanted if needs_command(e, cli_version=cli_version)]
    hooks: dict = {}
    if command_events:
        hooks.update(install.registration(snapshot, events=command_events, deadline=deadline,
                                          confirm_dangerous=confirm_dangerous, **command_options)["hooks"])
    for event in wanted:
        if event in command_events:
            continue
        entry: dict = {}
        matcher = install.tool_matcher(snapshot, event) if event_info(event).tool_event else None
        if matcher:
            entry["matcher"] = matcher
        entry["hooks"] = [http_hook(event, service_url, deadline=deadline)]
        hooks[event] = [entry]
    return {"hooks": {e: hooks[e] for e in wanted if e in hooks}}


# ------------------------------------------------------------------------------- doctor

def registered_http_checks(hooks: dict[str, dict], *, token: str | None = None) -> list[dict]:
    """doctor, for http hooks found in settings: each is the entry `http_hook` writes
    (above all `onFailure` exactly where the failure table blocks), and a sample decision
    through it conforms (with the token from CLAUDE_REGO_SERVICE_TOKEN, when set)."""
    import os

    from ..claudecode.output import conforms

    token = token if token is not None else os.environ.get(TOKEN_ENV)
    checks = []
    for event, hook in sorted(hooks.items()):
        url = str(hook.get("url", ""))
        base = url[: -len(SERVICE_PATH + event)] if url.endswith(SERVICE_PATH + event) else None
        expected = http_hook(event, base or "http://invalid")
        problems = [key for key in ("type", "headers", "allowedEnvVars", "onFailure") if hook.get(key) != expected.get(key)]
        if base is None:
            problems.append("url")
        if not isinstance(hook.get("timeout"), (int, float)) or hook["timeout"] <= 0:
            problems.append("timeout")
        checks.append({"check": f"http hook {event}", "ok": not problems,
                       "detail": "as install writes it" if not problems else f"differs from install's in: {', '.join(problems)}"})
        if base is None:
            continue
        if not token:
            checks.append({"check": f"decision {event}", "ok": None,
                           "detail": f"{TOKEN_ENV} not set here: cannot send a sample decision"})
            continue
        sample: dict[str, object] = {"session_id": "doctor", "transcript_path": "/dev/null", "cwd": "/",
                                     "hook_event_name": event}
        if event_info(event).tool_event:
            sample.update(tool_name="Bash", tool_input={"command": "true"}, tool_use_id="doctor")
        started = time.monotonic()
        try:
            code, out = _request(base, SERVICE_PATH + event, token=token, body=sample,
                                 timeout=float(hook.get("timeout") or 5))
        except OSError as exc:
            checks.append({"check": f"decision {event}", "ok": False, "detail": f"{url}: {exc}"})
            continue
        elapsed = (time.monotonic() - started) * 1000
        checks.append({"check": f"decision {event}", "ok": code == 200 and conforms(event_info(event), out),
                       "detail": f"http {code}, {elapsed:.0f} ms", "latency_ms": round(elapsed, 1)})
    return checks


def _request(url: str, path: str, *, token: str | None, body: dict | None = None, timeout: float = 5.0):
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    # A URL without a host fails inside http.client, as a connection error the caller reports.
    conn = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=timeout)  # type: ignore[arg-type]
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request("POST" if body is not None else "GET", path, data, headers)
        resp = conn.getresponse()
        payload = resp.read()
        try:
            return resp.status, json.loads(payload)
        except ValueError:
            return resp.status, payload.decode("utf-8", "replace")
    finally:
        conn.close()


def listener_uid(port: int) -> int | None:
    """Linux: the uid owning the socket listening on 127.0.0.1/any:`port`."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as fh:
                lines = fh.readlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 7 and fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                return int(fields[7])
    return None


def cli_on_failure_check(claude: str | None = None) -> dict:
    """Before 2.1.331 an http hook that is down, hangs or answers 500 fails OPEN."""
    import shutil
    import subprocess

    claude = claude or shutil.which("claude")
    name = "claude code onFailure"
    if not claude:
        return {"check": name, "ok": None, "detail": "`claude` not on PATH: cannot tell whether it honours onFailure"}
    try:
        out = subprocess.run([claude, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"check": name, "ok": False, "detail": f"`claude --version` failed: {exc}"}
    version = _version_tuple(out)
    if version is None:
        return {"check": name, "ok": None, "detail": f"unrecognised version {out!r}"}
    ok = version >= ON_FAILURE_SINCE
    return {"check": name, "ok": ok, "detail": f"{out}: " + (
        "http hooks with onFailure: block fail closed" if ok else
        "older than 2.1.331: an http hook that is down fails OPEN; install with --claude-code-version to keep "
        "command hooks on the blocking events")}


def service_checks(service_url: str, *, token: str | None, expected_revision: str | None = None,
                   deadline: float = 3.0, service_user: str | None = None) -> list[dict]:
    """doctor's checks for the decision service: up, answers in time, expected revision,
    the port protected, the listener owned by the service user."""
    from urllib.parse import urlsplit

    from ..claudecode.output import conforms
    from .server import port_protection

    def check(name, ok, detail, **extra):
        return {"check": name, "ok": ok, "detail": detail, **extra}

    checks = []
    try:
        status_code, status = _request(service_url, "/v1/status", token=token, timeout=deadline)
    except OSError as exc:
        return [check("service up", False, f"{service_url}: not reachable ({exc}); with onFailure:block every "
                      "guarded tool call is blocked until it is back")]
    if status_code != 200 or not isinstance(status, dict):
        return [check("service up", False, f"{service_url}/v1/status answered {status_code}: {status}")]
    checks.append(check("service up", True, f"pid {status.get('pid')} as {status.get('user')}, "
                        f"up {status.get('uptime_seconds')} s, revision {status.get('revision')}"))
    sample = {"session_id": "doctor", "transcript_path": "/dev/null", "cwd": "/", "hook_event_name": "PreToolUse",
              "tool_name": "Bash", "tool_input": {"command": "true"}, "tool_use_id": "doctor"}
    for event, body in (("PreToolUse", sample),
                        ("Stop", {k: v for k, v in sample.items() if not k.startswith("tool")}
                         | {"hook_event_name": "Stop", "stop_hook_active": False})):
        started = time.monotonic()
        try:
            code, out = _request(service_url, SERVICE_PATH + event, token=token, body=body, timeout=deadline + 2)
        except OSError as exc:
            checks.append(check(f"service decision {event}", False, f"no answer: {exc}"))
            continue
        elapsed = (time.monotonic() - started) * 1000
        ok = code == 200 and conforms(event_info(event), out) and elapsed < deadline * 1000
        checks.append(check(f"service decision {event}", ok, f"HTTP {code}, {elapsed:.1f} ms (deadline "
                            f"{deadline:g} s)", latency_ms=round(elapsed, 2)))
    if expected_revision is not None:
        checks.append(check("service revision", status.get("revision") == expected_revision,
                            f"serves {status.get('revision')}, expected {expected_revision}"))
    checks.append(cli_on_failure_check())
    port = urlsplit(service_url).port or 80
    protected, detail = port_protection(port)
    checks.append(check("service port", protected, detail))
    if service_user:
        uid = listener_uid(port)
        try:
            import pwd

            want = pwd.getpwnam(service_user).pw_uid
        except (ImportError, KeyError):
            want = None
        checks.append(check("service owner", None if uid is None or want is None else uid == want,
                            f"listener uid {uid}, service user {service_user} ({want})"))
    return checks
