"""Hook output: a decision (or a failure) → exactly what the event accepts.

Claude Code fails OPEN on anything it cannot validate (2.1.331 blocks instead only where
the hook is registered with `onFailure: "block"`), so every field written here must be
one the CLI's schema accepts for this event in EVERY supported CLI version: where
2.1.197 and 2.1.331 differ, only what both accept is emitted (tests validate every
output against an independent model of each version's schema). Returns (JSON object
or None, exit code, stderr text); None means "print nothing", used only with exit 2.
"""

from __future__ import annotations

from ..decide.types import Decision
from .events import FAIL_BLOCK, FAIL_DECLINE, FAIL_DENY, FAIL_EXIT2, FAIL_PERMISSION_DENY, Event

_SEP = "\n"

# Events answered with PreToolUse's permission contract (permissionDecision + reason).
_PERMISSION_DECISION_EVENTS = ("PreToolUse", "PreModelSwitch")


def render(event: Event, decision: Decision) -> tuple[dict, int]:
    """Map a synthesized decision (decide.types.Decision) to the event's output (exit 0)."""
    out: dict = {}
    specific: dict = {}
    verdict, reasons = decision.verdict, _SEP.join(decision.reasons)
    if verdict == "deny" and decision.decision_id:
        # so a developer can quote it to the security team, who find it in the decision log
        reasons += f"{_SEP}[claude-rego decision {decision.decision_id}]"
    name = event.name

    if verdict == "halt":
        out["continue"] = False
        out["stopReason"] = reasons
        # `continue: false` alone does not stop the pending action: CLI 2.1.197 still
        # runs the tool call before it stops (found by the real-CLI e2e suite). So a
        # halt also denies/blocks whatever the event was about to do. (2.1.331 then also
        # ends the run; 2.1.197 goes on with the reason: docs/real-cli-findings.md.)
        if name in _PERMISSION_DECISION_EVENTS:
            specific["permissionDecision"] = "deny"
            specific["permissionDecisionReason"] = reasons
        elif name == "PermissionRequest":
            specific["decision"] = {"behavior": "deny", "message": reasons, "interrupt": True}
        elif "deny" in event.verbs and name not in ("Stop", "SubagentStop") and name not in (
                "Elicitation", "ElicitationResult"):
            out["decision"] = "block"
            out["reason"] = reasons
    elif name in _PERMISSION_DECISION_EVENTS:
        if verdict in ("deny", "ask", "defer", "allow") and verdict in event.verbs:
            specific["permissionDecision"] = verdict
            if reasons:
                specific["permissionDecisionReason"] = reasons
        if (decision.updated_input is not None and verdict in (None, "ask", "defer", "allow")
                and "updatedInput" in event.specific):
            specific["updatedInput"] = decision.updated_input
    elif name == "PermissionRequest":
        if verdict == "deny":
            answer: dict[str, object] = {"behavior": "deny", "message": reasons}
            if decision.interrupt:
                answer["interrupt"] = True
            specific["decision"] = answer
        elif verdict == "allow":
            answer = {"behavior": "allow"}
            if decision.updated_input is not None:
                answer["updatedInput"] = decision.updated_input
            if decision.permission_updates:
                answer["updatedPermissions"] = decision.permission_updates
            specific["decision"] = answer
    elif name in ("Elicitation", "ElicitationResult"):
        if verdict == "deny":
            specific["action"] = "decline"
            out["reason"] = reasons
    elif verdict == "deny" and "deny" in event.verbs:
        out["decision"] = "block"
        out["reason"] = reasons

    if decision.context and "additionalContext" in event.specific:
        specific["additionalContext"] = _SEP.join(decision.context)
    if decision.updated_output is not None and "updatedToolOutput" in event.specific:
        # MCP tools' output is replaced through its own field (any shape)
        specific["updatedMCPToolOutput" if decision.mcp_output else "updatedToolOutput"] = decision.updated_output
    if decision.system_message:
        out["systemMessage"] = _SEP.join(decision.system_message)
    if specific:
        out["hookSpecificOutput"] = {"hookEventName": name, **specific}
    return out, 0


def failure(event: Event, reason: str) -> tuple[dict | None, int, str]:
    """The failure table (docs/policy-contract.md §5): what a broken engine answers."""
    text = f"claude-rego: {reason}"
    kind = event.failure
    if kind == FAIL_DENY:
        return ({"hookSpecificOutput": {"hookEventName": event.name, "permissionDecision": "deny",
                                        "permissionDecisionReason": text + (
                                            " The model switch is blocked (fail closed)." if event.name == "PreModelSwitch"
                                            else " The call is blocked (fail closed).")}},
                0, "")
    if kind == FAIL_PERMISSION_DENY:
        return ({"hookSpecificOutput": {"hookEventName": event.name,
                                        "decision": {"behavior": "deny", "message": text + " Permission denied (fail closed)."}}},
                0, "")
    if kind == FAIL_BLOCK:
        return {"decision": "block", "reason": text + " Blocked (fail closed)."}, 0, ""
    if kind == FAIL_DECLINE:
        return ({"hookSpecificOutput": {"hookEventName": event.name, "action": "decline"},
                 "systemMessage": text + " Declined (fail closed)."}, 0, "")
    if kind == FAIL_EXIT2:
        return None, 2, text + " Refused (fail closed)."
    return {"systemMessage": text + " No policy was applied to this event."}, 0, ""


def unreadable_without_event(reason: str) -> tuple[None, int, str]:
    """Garbage on stdin and no --event: we cannot know the event, so block (exit 2)."""
    return None, 2, f"claude-rego: unreadable hook input ({reason}); blocked (fail closed)."


_COMMON = {"continue": bool, "suppressOutput": bool, "stopReason": str, "decision": str,
           "reason": str, "systemMessage": str, "hookSpecificOutput": dict}
_PERMISSION_DECISIONS = ("allow", "deny", "ask", "defer")


def conforms(event: Event, out) -> bool:
    """Cheap last check in the answering process: is this an output the CLI accepts?

    Defence in depth against our own bugs (the CLI fails open on schema errors); the
    full check is the test suite's independent schema.
    """
    if not isinstance(out, dict):
        return False
    for key, value in out.items():
        if key not in _COMMON or not isinstance(value, _COMMON[key]):
            return False
    if out.get("decision") not in (None, "approve", "block"):
        return False
    specific = out.get("hookSpecificOutput")
    if specific is None:
        return True
    if specific.get("hookEventName") != event.name or not set(specific) <= event.specific | {"hookEventName"}:
        return False
    allowed = _PERMISSION_DECISIONS if event.name == "PreToolUse" else _PERMISSION_DECISIONS[:3]
    if specific.get("permissionDecision", "allow") not in allowed:
        return False
    answer = specific.get("decision")
    return answer is None or (isinstance(answer, dict) and answer.get("behavior") in ("allow", "deny"))
