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

import json
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
                 opa_token_file: str | None = None, confirm_dangerous: bool = False) -> dict:
    """The settings fragment `{"hooks": {...}}` for the events this policy set governs."""
    wanted = events or governed_events(snapshot, confirm_dangerous=confirm_dangerous)
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


class NeedsConfirmation(Exception):
    """A policy routes to an event whose registration changes Claude Code's behaviour."""


def governed_events(snapshot: dict, *, confirm_dangerous: bool = False) -> list[str]:
    """Events some policy routes to (a policy without `events` routes to all of them).

    WorktreeCreate/WorktreeRemove (registering them REPLACES Claude Code's worktree
    handling) and MessageDisplay (fires per streamed chunk) are registered only when a
    policy names them explicitly and the caller confirms.
    """
    found = set()
    for policy in snapshot["policies"]:
        events = (policy.get("routing") or {}).get("events")
        found |= set(events) if events else set(EVENTS) - NEVER_REGISTER_BY_DEFAULT
    dangerous = found & NEVER_REGISTER_BY_DEFAULT
    if dangerous and not confirm_dangerous:
        raise NeedsConfirmation(
            f"policies route to {', '.join(sorted(dangerous))}: registering WorktreeCreate/WorktreeRemove "
            "replaces Claude Code's own worktree handling and MessageDisplay fires for every streamed chunk; "
            "pass --confirm-dangerous-events to register them")
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


# ----------------------------------------------------------------- writing settings files

MARKER = "from claude_rego.entry import main"  # identifies our hook commands in settings


def settings_path(scope: str, project_dir: str | None = None) -> str:
    """Claude Code's settings file for a scope (managed paths per OS, as Claude Code reads them)."""
    if scope == "managed":
        if sys.platform == "darwin":
            return "/Library/Application Support/ClaudeCode/managed-settings.json"
        if sys.platform.startswith("win"):
            return os.path.join(os.environ.get("PROGRAMDATA", r"C:\ProgramData"), "ClaudeCode", "managed-settings.json")
        return "/etc/claude-code/managed-settings.json"
    if scope == "user":
        return os.path.join(os.path.expanduser("~"), ".claude", "settings.json")
    if scope == "project":
        return os.path.join(project_dir or os.getcwd(), ".claude", "settings.json")
    raise ValueError(f"unknown scope {scope!r}")


def is_ours(hook: dict) -> bool:
    from .service.register import is_ours as is_our_http_hook  # http hooks to `claude-rego serve`

    return isinstance(hook, dict) and (MARKER in str(hook.get("command", "")) or is_our_http_hook(hook))


def merge(settings: dict, fragment: dict, *, managed_hooks_only: bool | None = None) -> dict:
    """`settings` with our registrations replaced by `fragment`'s; every other hook kept."""
    merged = json.loads(json.dumps(settings))  # deep copy, JSON-clean
    hooks = merged.setdefault("hooks", {})
    for event in list(hooks):
        kept = []
        for entry in hooks[event] if isinstance(hooks[event], list) else []:
            others = [h for h in entry.get("hooks", []) if not is_ours(h)] if isinstance(entry, dict) else []
            if others:
                kept.append({**entry, "hooks": others})
            elif isinstance(entry, dict) and not entry.get("hooks"):
                kept.append(entry)
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    for event, entries in fragment["hooks"].items():
        hooks.setdefault(event, []).extend(entries)
    if managed_hooks_only is not None:
        merged["allowManagedHooksOnly"] = managed_hooks_only
    return merged


def write_settings(path: str, fragment: dict, *, dry_run: bool = False,
                   managed_hooks_only: bool | None = None) -> tuple[bool, str]:
    """Merge our hooks into the settings file at `path`. Returns (changed, unified diff).

    Never clobbers: other hooks and settings are kept, a timestamped backup is written
    before any change, the write is atomic, and running it twice changes nothing.
    """
    import difflib

    try:
        with open(path, encoding="utf-8") as fh:
            before_text = fh.read()
        current = json.loads(before_text) if before_text.strip() else {}
    except FileNotFoundError:
        before_text, current = "", {}
    if not isinstance(current, dict):
        raise ValueError(f"{path}: settings must be a JSON object")
    after = merge(current, fragment, managed_hooks_only=managed_hooks_only)
    after_text = json.dumps(after, indent=2) + "\n"
    if after == current:
        return False, ""
    diff = "".join(difflib.unified_diff(before_text.splitlines(True), after_text.splitlines(True),
                                        fromfile=path, tofile=path + " (new)"))
    if dry_run:
        return True, diff
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    if before_text:
        import time

        backup = f"{path}.bak-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}"
        with open(backup, "w", encoding="utf-8") as fh:
            fh.write(before_text)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(after_text)
    os.replace(tmp, path)
    return True, diff


def compile_bytecode() -> bool:
    """Precompile the package so the hook never starts cold (no .pyc writes per call)."""
    import compileall

    import claude_rego

    return bool(compileall.compile_dir(os.path.dirname(claude_rego.__file__), quiet=1))
