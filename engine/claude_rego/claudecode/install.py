"""The registered command contract: what goes into Claude Code's settings `hooks`.

Per event, one command hook whose `command` is short — `<dir>/claude-rego-hook EVENT`,
plus `|| exit 2` where the event's failure table blocks — running a launcher written
next to the interpreter (see "the registered command" below). Together they
- run an absolute interpreter path isolated (`python -I -S`): a project's settings `env`
  cannot redirect it through PATH, PYTHONPATH or a user site-packages;
- pass the event, so even garbage on stdin gets that event's failure answer;
- have a shell-level last resort: if Python cannot start or gives no complete answer,
  the shell itself blocks (exit 2) where the event's failure table blocks, and prints
  one `systemMessage` JSON (exit 0) where it does not (a broken install must not trap a
  session in its Stop hook);
- carry `"onFailure": "block"` exactly where the failure table blocks (CLI 2.1.331
  then blocks on a timeout or JSON it rejects too; 2.1.197 ignores the key);
- set an explicit `timeout` above the hook's own deadline (Claude Code's default is
  600 s).
Only events the policies route to are registered, with matchers narrowed to the
routed tools, so Claude Code spawns nothing for the rest.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys

from .._platform import atomic_write
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
        if module.__file__ is None:  # a namespace package: nothing to put on the path
            continue
        parent = os.path.dirname(os.path.dirname(os.path.abspath(module.__file__)))
        if parent not in dirs:
            dirs.append(parent)
    return f"import sys; sys.path += {dirs!r}; from claude_rego.entry import main; main()"


# ----------------------------------------------------------------- the registered command
#
# What Claude Code runs is `<dir of the interpreter>/claude-rego-hook EVENT`: a small
# launcher script written by `install` next to the absolute interpreter it runs. The
# model sees the registered command whenever a Stop/PostToolUse block or an
# `onFailure` block quotes it (CLI 2.1.331), so it is short and says nothing about the
# install layout; the launcher keeps every property of the full inline command
# (`hook_command`, still used where no launcher can be written):
# - an absolute interpreter in isolated mode (`-I -S`), so a project's settings `env`
#   cannot redirect it through PATH or PYTHONPATH (the launcher path itself is absolute);
# - the event named on the command line, so even garbage on stdin gets its failure answer;
# - a shell-level last resort: stdout is passed on only if the hook exited 0 with a
#   complete JSON object (or exit 2, whose stdout the CLI ignores); anything else
#   (Python cannot start, a crash, a cut-off or plain-text answer) becomes the failure
#   table's answer: exit 2 with a reason on stderr where it blocks, else ONE
#   `systemMessage` JSON written at once and exit 0, so Stop & co. never trap a session;
# - on blocking events `|| exit 2` in the registered command itself, for a launcher that
#   is missing or damaged (2.1.197 has no `onFailure`; on 2.1.331 `onFailure: "block"`
#   covers it too, and also a hook the CLI times out).

LAUNCHER_NAME = "claude-rego-hook"
LAUNCHER_TAG = "# claude-rego hook launcher"  # first comment line; identifies ours


def _blocking_message() -> str:
    return "claude-rego: the policy hook could not run or answered garbage (exit $rc); blocked (fail closed)."


def _warning_json() -> str:
    """The non-blocking last resort: one systemMessage object (valid output on every event)."""
    return ('{"systemMessage": "claude-rego: the policy engine is broken (hook exit $rc); '
            'no policy was applied"}')


def _answer_or_fallback(run: str, fallback: str) -> str:
    """Shell: run the hook capturing stdout; pass on a complete answer or fall back."""
    return (f"trap '' PIPE; out=$({run}); rc=$?; "
            "case $rc:$out in 0:'{'*'}') printf '%s' \"$out\"; exit 0;; 2:*) exit 2;; esac; "
            f"{fallback}")


def _fallback_for(blocks: bool) -> str:
    if blocks:
        return f"echo \"{_blocking_message()}\" >&2; exit 2"
    return f"printf '%s' \"{_warning_json().replace(chr(34), chr(92) + chr(34))}\"; exit 0"


def _options(policies=None, deadline: float = DEFAULT_DEADLINE, log_file=None, opa_url=None,
             opa_token_file=None) -> list[str]:
    from ..policy.snapshot import is_builtin, is_snapshot_file

    argv: list[str] = []
    for path in policies or ():
        argv += ["--policies", path if is_builtin(path) else os.path.abspath(path)]
    if policies and not any(is_builtin(p) for p in policies) and \
            not (len(policies) == 1 and is_snapshot_file(policies[0])):
        argv.append("--no-builtin")  # exactly these sources (the CLI composes before it gets here)
    if deadline != DEFAULT_DEADLINE:
        argv += ["--deadline", f"{deadline:g}"]
    if log_file:
        argv += ["--log-file", os.path.abspath(log_file)]
    if opa_url:
        argv += ["--opa-url", opa_url]
    if opa_token_file:
        argv += ["--opa-token-file", os.path.abspath(opa_token_file)]
    return argv


def hook_command(event: str, *, python: str | None = None, policies: list[str] | None = None,
                 deadline: float = DEFAULT_DEADLINE, log_file: str | None = None,
                 opa_url: str | None = None, opa_token_file: str | None = None) -> str:
    """The full inline shell command for `event` (no launcher): the same program as the
    launcher, with the event and its failure answer fixed. Registered only where no
    launcher can be written; the tests run it too."""
    python = os.path.abspath(python or sys.executable)
    argv = [python, "-I", "-S", "-c", bootstrap(), "hook", "--event", event]
    argv += _options(policies, deadline, log_file, opa_url, opa_token_file)
    run = " ".join(shlex.quote(a) for a in argv)
    return _answer_or_fallback(run, _fallback_for(event_info(event).blocks_on_failure))


def launcher_script(python: str | None = None) -> str:
    """The launcher's text: `claude-rego-hook EVENT [hook options]`."""
    python = os.path.abspath(python or sys.executable)
    blocking = "|".join(sorted(e.name for e in EVENTS.values() if e.blocks_on_failure))
    run = " ".join(shlex.quote(a) for a in (python, "-I", "-S", "-c", bootstrap(), "hook", "--event")) \
        + ' "$event" "$@"'
    return "\n".join([
        "#!/bin/sh",
        f"{LAUNCHER_TAG}, written by `claude-rego install`: reinstall rather than edit.",
        "# Usage: claude-rego-hook EVENT [hook options]. Runs the policy hook with an absolute,",
        "# isolated interpreter; if that gives no complete answer, answers per the failure table.",
        "trap '' PIPE  # a reader that went away: printf fails, the shell does not die",
        'event=${1-}; [ $# -gt 0 ] && shift',
        f"out=$({run})",
        "rc=$?",
        "case $rc:$out in 0:'{'*'}') printf '%s' \"$out\"; exit 0;; 2:*) exit 2;; esac",
        "case $event in",
        f"  {blocking}) echo \"{_blocking_message()}\" >&2; exit 2;;",
        "esac",
        _fallback_for(False),
        "",
    ])


def launcher_path(python: str | None = None, launcher_dir: str | None = None) -> str:
    """Where the launcher for `python` lives: next to the interpreter unless told otherwise."""
    directory = launcher_dir or os.path.dirname(os.path.abspath(python or sys.executable))
    return os.path.join(os.path.abspath(directory), LAUNCHER_NAME)


def write_launcher(python: str | None = None, launcher_dir: str | None = None) -> str | None:
    """Write (atomically, only if changed) the launcher; its path, or None if not writable."""
    path, text = launcher_path(python, launcher_dir), launcher_script(python)
    try:
        with open(path, encoding="utf-8") as fh:
            if fh.read() == text and os.access(path, os.X_OK):
                return path
    except OSError:
        pass
    try:
        if launcher_dir:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        atomic_write(path, text, mode=0o755)
    except OSError:
        return None
    return path


def registered_command(event: str, launcher: str, *, policies: list[str] | None = None,
                       deadline: float = DEFAULT_DEADLINE, log_file: str | None = None,
                       opa_url: str | None = None, opa_token_file: str | None = None) -> str:
    """The short command registered for `event`, running `launcher`."""
    argv = [launcher, event, *_options(policies, deadline, log_file, opa_url, opa_token_file)]
    command = " ".join(shlex.quote(a) for a in argv)
    return f"{command} || exit 2" if event_info(event).blocks_on_failure else command


def hook_entry(event: str, command: str, timeout: int) -> dict:
    """One command hook for Claude Code's settings, with `onFailure` where the table blocks."""
    hook: dict = {"type": "command", "command": command, "timeout": timeout}
    on_failure = event_info(event).on_failure
    if on_failure:
        hook["onFailure"] = on_failure
    return hook


def registration(snapshot: dict, *, python: str | None = None, policies: list[str] | None = None,
                 deadline: float = DEFAULT_DEADLINE, events: list[str] | None = None,
                 log_file: str | None = None, opa_url: str | None = None,
                 opa_token_file: str | None = None, confirm_dangerous: bool = False,
                 launcher_dir: str | None = None, use_launcher: bool = True,
                 dry_run: bool = False) -> dict:
    """The settings fragment `{"hooks": {...}}` for the events this policy set governs.

    Writes the launcher (next to the interpreter, or in `launcher_dir`) so the printed
    commands work as printed; where it cannot be written, registers the inline command.
    `dry_run`: write nothing, show the commands a real run would register.
    """
    wanted = events or governed_events(snapshot, confirm_dangerous=confirm_dangerous)
    timeout = int(deadline + TIMEOUT_MARGIN + 0.999)
    options: dict = dict(policies=policies, deadline=deadline, log_file=log_file, opa_url=opa_url,
                   opa_token_file=opa_token_file)
    if not use_launcher:
        launcher = None
    elif dry_run:
        launcher = launcher_path(python, launcher_dir)
        directory = os.path.dirname(launcher)
        if not (os.access(directory, os.W_OK) or (launcher_dir and not os.path.exists(directory))):
            launcher = None
    else:
        launcher = write_launcher(python, launcher_dir)
    hooks: dict = {}
    for event in wanted:
        entry: dict = {}
        matcher = tool_matcher(snapshot, event) if event_info(event).tool_event else None
        if matcher:
            entry["matcher"] = matcher
        command = (registered_command(event, launcher, **options) if launcher
                   else hook_command(event, python=python, **options))
        entry["hooks"] = [hook_entry(event, command, timeout)]
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
    found: set[str] = set()
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

MARKER = "from claude_rego.entry import main"  # identifies our inline hook commands in settings
# The decision service's http hooks (`claude-rego serve`; service/register.py writes them): the
# URL path and the token variable that identify them, here so install recognises them
# without importing the service.
SERVICE_PATH = "/v1/hook/"
SERVICE_TOKEN_ENV = "CLAUDE_REGO_SERVICE_TOKEN"


def is_our_http_hook(hook) -> bool:
    """An http hook to `claude-rego serve` (so install can replace it, never duplicate it)."""
    return (isinstance(hook, dict) and hook.get("type") == "http" and SERVICE_PATH in str(hook.get("url", ""))
            and SERVICE_TOKEN_ENV in (hook.get("allowedEnvVars") or []))


def settings_path(scope: str, project_dir: str | None = None) -> str:
    """Claude Code's settings file for a scope (managed paths per OS, as Claude Code reads them)."""
    if scope == "managed":
        from .._platform import managed_dir

        return os.path.join(managed_dir(), "managed-settings.json")
    if scope == "user":
        return os.path.join(os.path.expanduser("~"), ".claude", "settings.json")
    if scope == "project":
        return os.path.join(project_dir or os.getcwd(), ".claude", "settings.json")
    raise ValueError(f"unknown scope {scope!r}")


def is_ours(hook: dict) -> bool:
    """Our registration: the inline command, a command running our launcher, or an http hook
    to `claude-rego serve`."""
    if not isinstance(hook, dict):
        return False
    if is_our_http_hook(hook):
        return True
    command = str(hook.get("command", ""))
    if MARKER in command:
        return True
    try:
        first = shlex.split(command)[0] if command else ""
    except ValueError:
        return False
    return os.path.basename(first) == LAUNCHER_NAME


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


def registered_commands(settings: dict) -> dict[str, list[str]]:
    """event → our registered hook commands in a settings object (what `doctor` inspects)."""
    found: dict[str, list[str]] = {}
    hooks = settings.get("hooks") if isinstance(settings, dict) else None
    for event, entries in (hooks.items() if isinstance(hooks, dict) else ()):
        for entry in entries if isinstance(entries, list) else ():
            for hook in entry.get("hooks", []) if isinstance(entry, dict) else ():
                if is_ours(hook):
                    found.setdefault(event, []).append(hook["command"])
    return found


def registered_options(command: str) -> dict:
    """The policy options of one registered command: {"policies": [...], "builtin": bool,
    "deadline": float|None, "opa_url", "opa_token_file", "log_file"} (see hook_command)."""
    head = command.split("; rc=$?", 1)[0].split(" || exit 2", 1)[0]  # inline / launcher forms
    head = head.removeprefix("trap '' PIPE; ")
    if head.startswith("out=$(") and head.endswith(")"):
        head = head[len("out=$("):-1]
    try:
        argv = shlex.split(head)
    except ValueError:
        return {}
    if argv and os.path.basename(argv[0]) == LAUNCHER_NAME:  # `claude-rego-hook EVENT [options]`
        argv = ["--event", *argv[1:]] if len(argv) > 1 else []
    else:
        argv = argv[argv.index("hook") + 1:] if "hook" in argv else []
    found: dict = {"policies": [], "builtin": "--no-builtin" not in argv}
    names = {"--deadline": "deadline", "--opa-url": "opa_url", "--opa-token-file": "opa_token_file",
             "--log-file": "log_file", "--event": "event"}
    for i, arg in enumerate(argv[:-1]):
        if arg == "--policies":
            found["policies"].append(argv[i + 1])
        elif arg in names:
            found[names[arg]] = float(argv[i + 1]) if arg == "--deadline" else argv[i + 1]
    return found


def unregister(path: str, *, dry_run: bool = False) -> tuple[bool, str, list[str]]:
    """Remove exactly our hook registrations from the settings file at `path` (every other
    hook and setting kept; a timestamped backup first; atomic). (changed, diff, events)."""
    try:
        with open(path, encoding="utf-8") as fh:
            current = json.loads(fh.read() or "{}")
    except FileNotFoundError:
        return False, "", []
    if not isinstance(current, dict):
        raise ValueError(f"{path}: settings must be a JSON object")
    events = sorted(registered_commands(current))
    if not events:
        return False, "", []
    changed, diff = write_settings(path, {"hooks": {}}, dry_run=dry_run, drop_empty_hooks=True)
    return changed, diff, events


def write_settings(path: str, fragment: dict, *, dry_run: bool = False,
                   managed_hooks_only: bool | None = None, drop_empty_hooks: bool = False) -> tuple[bool, str]:
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
    if drop_empty_hooks and after.get("hooks") == {}:
        del after["hooks"]  # only our hooks were there: leave no empty "hooks" behind
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
    atomic_write(path, after_text)
    return True, diff


def compile_bytecode() -> bool:
    """Precompile the package so the hook never starts cold (no .pyc writes per call)."""
    import compileall

    import claude_rego

    return bool(compileall.compile_dir(os.path.dirname(claude_rego.__file__), quiet=1))
