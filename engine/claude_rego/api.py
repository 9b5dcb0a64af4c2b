"""Library entry points: decide a hook input in process, with the hook's failure table.

For tests, author tools and in-process hosts. Unlike `claude-rego hook`, this runs the
engine in the calling process, so it cannot survive a native crash; errors and
invalid decisions still become the event's failure answer.
"""

from __future__ import annotations

from . import output, snapshot
from .events import event_info
from .pipeline import Evaluator

_evaluators: dict[tuple, Evaluator] = {}


def evaluator_for(policy_paths: list[str] | None = None) -> Evaluator:
    """A cached Evaluator per policy source (the default pack when None)."""
    key = tuple(policy_paths or ())
    if key not in _evaluators:
        _evaluators[key] = Evaluator(snapshot.load(list(key) or None))
    return _evaluators[key]


def evaluate_hook(hook_input: dict, *, policy_paths: list[str] | None = None,
                  environ: dict | None = None, event: str | None = None) -> tuple[dict, int]:
    """(hook output JSON object, exit code) for one hook input; never raises for bad policies."""
    out, code, _ = decide_hook(hook_input, policy_paths=policy_paths, environ=environ, event=event)
    return out, code


def decide_hook(hook_input: dict, *, policy_paths: list[str] | None = None,
                environ: dict | None = None, event: str | None = None):
    """(output, exit code, decision or None on failure)."""
    name = event or hook_input.get("hook_event_name") or ""
    info = event_info(name if isinstance(name, str) else "")
    try:
        out, code, decision = evaluator_for(policy_paths).answer(hook_input, event_name=name, environ=environ)
        if not output.conforms(info, out):
            raise ValueError("output would be rejected by the CLI")
        return out, code, decision
    except Exception as exc:  # noqa: BLE001 — the failure table, as the hook would answer
        out, code, _ = output.failure(info, f"policy evaluation failed ({type(exc).__name__}: {exc}).")
        return (out if out is not None else {}), code, None
