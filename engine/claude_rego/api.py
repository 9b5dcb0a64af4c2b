"""Library entry points: decide a hook input in process, with the hook's failure table.

For tests, author tools and in-process hosts. Unlike `claude-rego hook`, this runs the
engine in the calling process, so it cannot survive a native crash; errors and
invalid decisions still become the event's failure answer.
"""

from __future__ import annotations

from .claudecode.adapter import ADAPTER
from .decide.pipeline import Evaluator, open_evaluator
from .decide.types import Answer, Request

__all__ = ["Evaluator", "decide_hook", "evaluate_hook", "evaluator_for"]

_evaluators: dict[tuple, Evaluator] = {}


def evaluator_for(policy_paths: list[str] | None = None, *, org: str | None = None,
                  project: str | None = "auto") -> Evaluator:
    """A cached Evaluator per policy source (exactly these sources, `builtin:` naming the
    built-in pack; the built-in pack when None), with the hook's org and project layers."""
    key = (tuple(policy_paths or ()), org, project)
    if key not in _evaluators:
        _evaluators[key] = open_evaluator(ADAPTER, list(key[0]) or None, org=org, project=project)
    return _evaluators[key]


def evaluate_hook(hook_input: dict, *, policy_paths: list[str] | None = None,
                  environ: dict | None = None, event: str | None = None, org: str | None = None,
                  project: str | None = "auto") -> tuple[dict, int]:
    """(hook output JSON object, exit code) for one hook input; never raises for bad policies."""
    answer = answer_hook(hook_input, policy_paths=policy_paths, environ=environ, event=event, org=org, project=project)
    return answer.output, answer.exit


def decide_hook(hook_input: dict, *, policy_paths: list[str] | None = None,
                environ: dict | None = None, event: str | None = None, org: str | None = None,
                project: str | None = "auto"):
    """(output, exit code, decision or None on failure), decided as the hook decides; the
    decision in its JSON form (`decide.types.Decision.to_dict`, with `decision_id` when stamped)."""
    answer = answer_hook(hook_input, policy_paths=policy_paths, environ=environ, event=event, org=org, project=project)
    return answer.output, answer.exit, None if answer.decision is None else answer.decision.to_dict()


def answer_hook(hook_input: dict, *, policy_paths: list[str] | None = None,
                environ: dict | None = None, event: str | None = None, org: str | None = None,
                project: str | None = "auto") -> Answer:
    """The core's `Answer` for one hook input, decided as the hook decides, with its typed
    decision (`decide.types.Decision`); a failure is the event's failure answer (output `{}`
    where the event fails with exit 2) with no decision. Never raises for bad policies.
    The command line's `replay` reads it; `decide_hook` and `evaluate_hook` are its public forms."""
    request = Request(hook_input, event, environ=environ)
    try:
        return evaluator_for(policy_paths, org=org, project=project).answer(request)
    except Exception as exc:  # noqa: BLE001 — the failure table, as the hook would answer
        name = request.event if isinstance(request.event, str) else ""
        out, code, err = ADAPTER.failure(ADAPTER.event(name), f"policy evaluation failed ({type(exc).__name__}: {exc}).")
        return Answer(out if out is not None else {}, code, err)
