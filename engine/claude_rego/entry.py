"""Console entry point. `hook` is handed off before typer or anything heavy is imported."""

from __future__ import annotations

import sys

__all__ = ["main"]  # registered hook commands run `from claude_rego.entry import main; main()`


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "hook":
        _leave(_hook())
    from .cli.app import run

    run()


# The failure table's blocking events (events.py derives the same set; a test keeps
# them equal). Literal here: the last resort must work when every other module is broken.
_BLOCKING = frozenset({"PreToolUse", "PermissionRequest", "UserPromptSubmit", "UserPromptExpansion", "PreModelSwitch",
                       "ConfigChange", "Elicitation", "ElicitationResult", "WorktreeCreate"})


def _leave(code: int) -> None:
    """Exit with the hook's code without the interpreter's teardown (freeing every module:
    ~3 ms of a hook's ~50): the answer is out and flushed, and the logs are written with
    unbuffered descriptors (os.write) and closed, so there is nothing left to do."""
    import os

    try:
        if sys.stdout is not None:
            sys.stdout.flush()
        if sys.stderr is not None:
            sys.stderr.flush()
    except BaseException:  # noqa: BLE001 — a closed or broken stream: nothing to flush into
        pass
    os._exit(code)


def _hook() -> int:
    """Run the hook; whatever escapes it still becomes a valid answer, never exit 1."""
    try:
        from .claudecode.hook import main as hook_main

        return hook_main()
    except BaseException as exc:  # noqa: BLE001 — last line of defence
        answered = getattr(sys.modules.get(__package__ + ".claudecode.hook"), "ANSWERED", None)
        if answered:
            return answered[0]  # the answer is out: never a second one
        try:
            from .claudecode.events import event_info
            from .claudecode.hook import _emit, _event_from_argv
            from .claudecode.output import failure, unreadable_without_event

            event = _event_from_argv(sys.argv[2:])
            if event:
                out, code, err = failure(event_info(event), f"internal error ({type(exc).__name__}).")
            else:
                out, code, err = unreadable_without_event("internal error")
            _emit(out, code, err, sys.stdout, sys.stderr)
            return code
        except BaseException:  # noqa: BLE001 — even the fallback failed (a damaged install)
            return _last_resort(type(exc).__name__)


def _last_resort(what: str) -> int:
    """The failure table with nothing but builtins: block (exit 2) where the event blocks,
    else a valid JSON systemMessage so the user learns the engine is broken (never a
    trapped Stop, never silence)."""
    import os

    argv = sys.argv[2:]
    event = argv[argv.index("--event") + 1] if "--event" in argv[:-1] else None
    message = f"claude-rego: the policy engine is broken ({what[:60]})"
    try:
        if event is None or event in _BLOCKING:
            os.write(2, (message + "; blocked (fail closed).\n").encode("ascii", "replace"))
            return 2
        text = (message + "; no policy was applied to this event. Run `claude-rego doctor`.")
        escaped = text.replace("\\", "/").replace('"', "'")
        os.write(1, f'{{"systemMessage": "{escaped}"}}'.encode("ascii", "replace"))
    except BaseException:  # noqa: BLE001
        pass
    return 2 if event is None or event in _BLOCKING else 0


if __name__ == "__main__":
    main()
