"""Replay / impact analysis: what a candidate policy set would have decided differently.

`claude-rego replay LOG --bundle NEW` re-evaluates every recorded decision's input
against NEW and reports what would change — newly denied, newly allowed, newly asked,
changed rewrites, other changes — so a security team sees the blast radius of a policy
change before rolling it out. Inputs in the log are masked, so a rule that depends on a
masked secret replays against the mask (the report says how many inputs were masked).
"""

from __future__ import annotations

import json
import re

from . import decisionlog

CATEGORIES = ("newly_denied", "newly_allowed", "newly_asked", "changed_rewrite", "changed_other")
_BLOCKING = ("deny", "halt")


class ReplayError(Exception):
    """The log cannot be replayed (missing, unreadable); the message says why."""


def replay(log_path: str, decide, *, limit_examples: int = 5) -> dict:
    """Decide every recorded input again with `decide(hook_input, event)` → the core's answer
    (`output`, and `decision`: a `decide.types.Decision`, or None for a failure answer; read
    by attribute, audit never imports the core): the caller passes the library's decision
    path (`api.answer_hook` with the candidate policies and the hook's layers), which sits above audit/."""
    import os

    if not os.path.isfile(log_path):
        raise ReplayError(f"{log_path}: no such file" if not os.path.exists(log_path) else f"{log_path}: not a file")
    report: dict = {"records": 0, "replayed": 0, "unchanged": 0, "masked_inputs": 0,
                    **{c: 0 for c in CATEGORIES}, "examples": {c: [] for c in CATEGORIES}}
    for _, _, line in decisionlog.read(log_path):
        report["records"] += 1
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        hook_input, meta = entry.get("input"), entry.get("claude_rego") or {}
        if not isinstance(hook_input, dict) or meta.get("kind") != "decision":
            continue
        report["replayed"] += 1
        if "[MASKED" in json.dumps(hook_input):
            report["masked_inputs"] += 1
        answer = decide(hook_input, meta.get("event"))
        new_out, new_decision = answer.output, answer.decision
        category = classify(meta.get("verdict"), entry.get("result") or {},
                            new_decision.verdict if new_decision is not None else None, new_out)
        if category is None:
            report["unchanged"] += 1
            continue
        report[category] += 1
        if len(report["examples"][category]) < limit_examples:
            report["examples"][category].append({
                "decision_id": entry.get("decision_id"), "event": meta.get("event"),
                "tool_input": hook_input.get("tool_input"), "before": entry.get("result"), "after": new_out})
    return report


def classify(old_verdict, old_out: dict, new_verdict, new_out: dict) -> str | None:
    old_blocks, new_blocks = old_verdict in _BLOCKING, new_verdict in _BLOCKING
    if new_blocks and not old_blocks:
        return "newly_denied"
    if old_blocks and not new_blocks:
        return "newly_allowed"
    if new_verdict == "ask" and old_verdict != "ask":
        return "newly_asked"
    if _rewrite(old_out) != _rewrite(new_out):
        return "changed_rewrite"
    if _comparable(old_out) != _comparable(new_out):
        return "changed_other"
    return None


def _rewrite(out: dict):
    specific = out.get("hookSpecificOutput") or {}
    return specific.get("updatedInput") or (specific.get("decision") or {}).get("updatedInput")


_TAG = re.compile(r"\s*\[claude-rego decision [0-9a-f-]{36}\]")


def strip_decision_ids(value):
    """An output without its `[claude-rego decision <id>]` tags (they differ on every evaluation)."""
    if isinstance(value, str):
        return _TAG.sub("", value)
    if isinstance(value, dict):
        return {k: strip_decision_ids(v) for k, v in value.items()}
    if isinstance(value, list):
        return [strip_decision_ids(v) for v in value]
    return value


_comparable = strip_decision_ids
