"""The registered command contract: what goes into Claude Code's settings `hooks`.

Per event, one command hook whose `command` string
- runs an absolute interpreter path isolated (`python -I`): a project's settings `env`
  cannot redirect it through PATH, PYTHONPATH or a user site-packages;
- passes `--event`, so even garbage on stdin gets that event's failure answer;
- has a shell-level last resort: if Python cannot start at all, the shell itself
  blocks (exit 2) where the event's failure table blocks, and stays out of the way
  where it does not (a broken install must not trap a session in its Stop hook);
- sets an explicit `timeout` above the hook's own deadline (Claude Code's default is
  600 s, and a timed-out hook fails open).
Only events the policies route to are registered, with matchers narrowed to the
routed tools, so Claude Code spawns nothing for the rest.
"""

from __future__ import annotations

import os
import re
import shlex
import sys

from .events import EVENTS, NEVER_REGISTER_BY_DEFAULT, TOOL_CLASSES, event_info
from .hook import DEFAULT_DEADLINE

TIMEOUT_MARGIN = 7  # seconds between the hook's deadline and Claude Code's timeout


def bootstrap() -> str:
    """The `-c` program of the registered command.

    `python -I -S -c …`: `-I` ignores PYTHON* variables, the user site and the current
    directory; `-S` skips `site` (its .pth processing costs ~3 ms per call and runs
    code from any .pth file), so the directories holding claude_rego and the engine are
    added explicitly. `-c` rather than `-m claude_rego`: runpy costs ~7 ms per call.
    """
    import regorus

    import claude_rego

    dirs = []
    for module in (claude_rego, regorus):
        parent = os.path.dirname(os.path.dirname(os.path.abspath(module.__file__)))
        if parent not in dirs:
            dirs.append(parent)
    return f"import sys; sys.path += {dirs!r}; from claude_rego.entry import main; main()"


def hook_command(event: str, *, python: str | None = None, policies: list[str] | None = None,
                 deadline: float = DEFAULT_DEADLINE, log_file: str | None = None,
                 opa_url: str | None = None, opa_token_file: str | None = None) -> str:
    """The exact shell command registered for `event` (what the tests run)."""
    python = os.path.abspath(python or sys.executable)
    argv = [python, "-I", "-S", "-c", bootstrap(), "hook", "--event", event]
    for path in policies or ():
        argv += ["--policies", os.path.abspath(path)]
    if deadline != DEFAULT_DEADLINE:
        argv += ["--deadline", f"{deadline:g}"]
    if log_file:
        argv += ["--log-file", os.path.abspath(log_file)]
    if opa_url:
        argv += ["--opa-url", opa_url]
    if opa_token_file:
        argv += ["--opa-token-file", os.path.abspath(opa_token_file)]
    run = " ".join(shlex.quote(a) for a in argv)
    if event_info(event).blocks_on_failure:
        message = shlex.quote("claude-rego: the policy hook could not run; blocked (fail closed).")
        fallback = f"echo {message} >&2; exit 2"
    else:
        fallback = "exit 0"
    return f"{run}; rc=$?; case $rc in 0|2) exit $rc;; esac; {fallback}"


def registration(snapshot: dict, *, python: str | None = None, policies: list[str] | None = None,
                 deadline: float = DEFAULT_DEADLINE, events: list[str] | None = None,
                 log_file: str | None = None, opa_url: str | None = None,
                 opa_token_file: str | None = None) -> dict:
    """The settings fragment `{"hooks": {...}}` for the events this policy set governs."""
    wanted = events or governed_events(snapshot)
    timeout = int(deadline + TIMEOUT_MARGIN + 0.999)
    hooks: dict = {}
    for event in wanted:
        entry: dict = {}
        matcher = tool_matcher(snapshot, event) if event_info(event).tool_event else None
        if matcher:
            entry["matcher"] = matcher
        entry["hooks"] = [{
            "type": "command",
            "command": hook_command(event, python=python, policies=policies, deadline=deadline,
                                    log_file=log_file, opa_url=opa_url, opa_token_file=opa_token_file),
            "timeout": timeout,
        }]
        hooks[event] = [entry]
    return {"hooks": hooks}


def governed_events(snapshot: dict) -> list[str]:
    """Events some policy routes to (a policy without `events` routes to all of them)."""
    found = set()
    for policy in snapshot["policies"]:
        events = (policy.get("routing") or {}).get("events")
        found |= set(events) if events else set(EVENTS) - NEVER_REGISTER_BY_DEFAULT
    return [e for e in EVENTS if e in found] + sorted(found - set(EVENTS))


def tool_matcher(snapshot: dict, event: str) -> str | None:
    """A matcher regex covering every tool some policy routes to on `event`; None = all."""
    patterns = set()
    for policy in snapshot["policies"]:
        routing = policy.get("routing") or {}
        if routing.get("events") and event not in routing["events"]:
            continue
        tools, classes = routing.get("tools") or [], routing.get("tool_classes") or []
        if not tools and not classes:
            return None
        patterns |= {_glob_to_regex(t) for t in tools}
        for cls in classes:
            if cls == "other":
                return None
            if cls == "mcp":
                patterns.add("mcp__.*")
            patterns |= {name for name, c in TOOL_CLASSES.items() if c == cls}
    return "|".join(sorted(patterns)) if patterns else None


def _glob_to_regex(pattern: str) -> str:
    return "".join(".*" if ch == "*" else "." if ch == "?" else re.escape(ch) for ch in pattern)
