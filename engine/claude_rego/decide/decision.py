"""Decision synthesis: many policies' verbs → one decision (docs/policy-contract.md §4).

halt > deny > ask > defer > allow > no opinion; reasons, contexts and messages joined
in a stable order; rewrites merged onto the full original input with conflicts
denied; a rewritten input evaluated again before it is emitted. Knows verbs and
events, not Rego and not the output format.
"""

from __future__ import annotations

import re

from ..policy.verbs import DECISION_VERBS
from .types import Decision

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MAX_TEXT = 10_000  # Claude Code persists longer hook output to a file and truncates it


class InvalidDecision(Exception):
    """A policy returned a value the contract does not allow; the event's failure answer follows."""


# What a lower layer (org, project) may say: it can only tighten. It can never allow,
# rewrite, answer a PermissionRequest with allow, or persist permissions.
TIGHTENING_VERBS = frozenset({"halt", "deny", "ask", "context", "system_message"})
TOP_LAYER = "managed"


class Contribution:
    """One policy's value for one verb (a Rego set, as a JSON list), with its provenance."""

    __slots__ = ("policy", "verb", "items", "layer", "mode")

    def __init__(self, policy: str, verb: str, items: list, layer: str = TOP_LAYER, mode: str = "enforce"):
        self.policy, self.verb, self.items = policy, verb, items
        self.layer, self.mode = layer, mode


def synthesize(event, hook: dict, contributions: list[Contribution]) -> Decision:
    """Combine what every routed policy said on this event (`event.name`, `event.verbs`:
    see adapter.Adapter.event)."""
    decision = Decision(event.name)
    verdicts: dict[str, list[tuple[str, str]]] = {}
    rewrites: list = []
    outputs: list = []
    for c in sorted(contributions, key=lambda c: (c.policy, c.verb)):
        if not isinstance(c.items, list):
            raise InvalidDecision(f"{c.policy}.{c.verb} must be a set (use `contains`), got {type(c.items).__name__}")
        if not c.items:
            continue
        if c.verb not in event.verbs:
            decision.ignored.append({"policy": c.policy, "verb": c.verb})
            continue
        if c.mode == "monitor":  # computed and logged, not enforced (staged rollout)
            decision.monitored.append({"layer": c.layer, "policy": c.policy, "verb": c.verb, "items": c.items})
            continue
        if c.layer != TOP_LAYER and c.verb not in TIGHTENING_VERBS:
            decision.ignored.append({"layer": c.layer, "policy": c.policy, "verb": c.verb,
                                        "reason": f"the {c.layer} layer can only tighten"})
            continue
        decision.provenance.append({"layer": c.layer, "policy": c.policy, "verb": c.verb})
        if c.verb in DECISION_VERBS:
            for item in c.items:
                reason, interrupt = _reason(c, item)
                verdicts.setdefault(c.verb, []).append((c.policy, reason))
                decision.interrupt |= interrupt and c.verb == "deny"
        elif c.verb in ("context", "system_message"):
            getattr(decision, c.verb).extend((c.policy, _text(c, item)) for item in c.items)
        elif c.verb == "rewrite":
            rewrites.extend((c.policy, _object(c, item)) for item in c.items)
        elif c.verb == "replace_output":
            # an object patches an object output; a tool whose output is not an object
            # (an MCP tool's content list, a string) can only be replaced whole
            whole = not isinstance(hook.get("tool_response"), dict)
            outputs.extend((c.policy, item if whole else _object(c, item)) for item in c.items)
        elif c.verb == "permission_update":
            decision.permission_updates.extend(_object(c, item) for item in c.items)
        elif c.verb == "env":
            for item in c.items:
                for name, value in _object(c, item).items():
                    if not _ENV_NAME.match(name) or not isinstance(value, str):
                        raise InvalidDecision(f"{c.policy}.env: bad variable {name!r}")
                    decision.env[name] = value

    for verb in DECISION_VERBS:
        if verb in verdicts:
            decision.verdict = verb
            decision.by = sorted({policy for policy, _ in verdicts[verb]})
            decision.reasons = _join_unique(reason for _, reason in sorted(verdicts[verb]))
            break
    # stable: by policy name, then text
    decision.context = _join_unique(text for _, text in sorted(decision.context))
    decision.system_message = _join_unique(text for _, text in sorted(decision.system_message))

    if rewrites:
        tool_input = hook.get("tool_input")
        original = tool_input if isinstance(tool_input, dict) else {}
        merged, conflict = merge_patches(original, rewrites)
        if conflict:
            _overrule(decision, "deny", conflict)
        elif merged != original:
            decision.updated_input = merged
    if outputs and not isinstance(hook.get("tool_response"), dict):
        values = {repr(value) for _, value in outputs}
        if len(values) > 1:
            conflict = ("Conflicting replacements of the tool output by policies "
                        + ", ".join(sorted({policy for policy, _ in outputs})) + ".")
            decision.notes.append(conflict)
            decision.system_message.append("claude-rego: " + conflict)
        elif outputs[0][1] != hook.get("tool_response"):
            decision.updated_output = outputs[0][1]
        outputs = []
    if isinstance(hook.get("tool_name"), str) and hook["tool_name"].startswith("mcp__"):
        decision.mcp_output = True  # emitted as updatedMCPToolOutput
    if outputs:
        response = hook.get("tool_response")
        merged, conflict = merge_patches(response if isinstance(response, dict) else {}, outputs)
        if conflict:
            decision.notes.append(conflict)  # the tool already ran: keep its output, say why
            decision.system_message.append("claude-rego: " + conflict)
        elif merged != response:
            decision.updated_output = merged
    return decision


def after_rewrite(first: Decision, second: Decision) -> Decision:
    """Fold the re-evaluation of a rewritten input into the first decision.

    A rewrite must not smuggle in what a deny forbids: if the rewritten call would be
    halted, denied or asked, that verdict wins and (for halt/deny) the rewrite is dropped.
    """
    rank = {verb: i for i, verb in enumerate(DECISION_VERBS)}
    verdict = second.verdict
    first_rank = rank.get(first.verdict, len(rank)) if first.verdict is not None else len(rank)
    if verdict in ("halt", "deny", "ask") and rank[verdict] < first_rank:
        first.verdict = verdict
        first.by = second.by
        first.reasons = [f"After rewriting the call: {r}" for r in second.reasons]
        first.interrupt = second.interrupt
        if verdict != "ask":
            first.notes.append("rewrite withheld: the rewritten call is " + verdict + "ed")
            first.updated_input = None
    return first


def merge_patches(original: dict, patches: list[tuple[str, dict]]) -> tuple[dict, str | None]:
    """Merge (policy, patch) pairs onto `original`. Objects merge, anything else replaces.

    Returns (merged, None) or (original, explanation) when two policies set one field
    to different values.
    """
    merged = _copy(original)
    owners: dict[tuple, tuple[str, object]] = {}
    for policy, patch in patches:
        for path, value in _leaves(patch, ()):
            previous = owners.get(path)
            if previous is not None and previous[1] != value:
                field = ".".join(map(str, path))
                return original, (f"Conflicting rewrites of `{field}` by policies "
                                  f"{previous[0]} and {policy}; the call is blocked until "
                                  f"the policies agree.")
            owners[path] = (policy, value)
            _set(merged, path, value)
    return merged, None


def _leaves(patch: dict, prefix: tuple):
    for key, value in patch.items():
        if isinstance(value, dict) and value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,), value


def _set(target: dict, path: tuple, value) -> None:
    for key in path[:-1]:
        if not isinstance(target.get(key), dict):
            target[key] = {}
        target = target[key]
    target[path[-1]] = value


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _overrule(decision: Decision, verb: str, reason: str) -> None:
    decision.verdict, decision.reasons, decision.by = verb, [reason], ["claude-rego"]
    decision.updated_input = None


def _reason(c: Contribution, item) -> tuple[str, bool]:
    if isinstance(item, str):
        return _clip(item), False
    if isinstance(item, dict) and isinstance(item.get("reason"), str):
        interrupt = item.get("interrupt", False)
        if not isinstance(interrupt, bool):
            raise InvalidDecision(f"{c.policy}.{c.verb}: `interrupt` must be a boolean")
        return _clip(item["reason"]), interrupt
    raise InvalidDecision(f"{c.policy}.{c.verb}: each element must be a string or {{\"reason\": string}}")


def _text(c: Contribution, item) -> str:
    if isinstance(item, str):
        return _clip(item)
    raise InvalidDecision(f"{c.policy}.{c.verb}: each element must be a string")


def _object(c: Contribution, item) -> dict:
    if isinstance(item, dict):
        return item
    raise InvalidDecision(f"{c.policy}.{c.verb}: each element must be an object")


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT] + "…"


def _join_unique(texts) -> list[str]:
    seen, out = set(), []
    for text in texts:
        if text and text not in seen:
            seen.add(text)
            out.append(text)
    return out
