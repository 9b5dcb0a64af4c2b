"""Console entry point. `hook` is handed off before typer or anything heavy is imported."""

from __future__ import annotations

import sys


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "hook":
        sys.exit(_hook())
    from .cli import run

    run()


def _hook() -> int:
    """Run the hook; whatever escapes it still becomes a valid answer, never exit 1."""
    try:
        from .hook import main as hook_main

        return hook_main()
    except BaseException as exc:  # noqa: BLE001 — last line of defence
        try:
            from .events import event_info
            from .hook import _emit, _event_from_argv
            from .output import failure, unreadable_without_event

            event = _event_from_argv(sys.argv[2:])
            if event:
                out, code, err = failure(event_info(event), f"internal error ({type(exc).__name__}).")
            else:
                out, code, err = unreadable_without_event("internal error")
            _emit(out, code, err, sys.stdout, sys.stderr)
            return code
        except BaseException:  # noqa: BLE001 — even the fallback failed: exit 2 blocks,
            # except where blocking would trap the session (Stop & co.): then exit 0.
            argv = sys.argv[2:]
            event = argv[argv.index("--event") + 1] if "--event" in argv[:-1] else None
            return 0 if event in ("Stop", "SubagentStop") else 2


if __name__ == "__main__":
    main()
