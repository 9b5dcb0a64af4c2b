"""Independent model of the hook output the real Claude Code CLI accepts, per version.

This is the *referee* our product's hook output is tested against, so it is
hand-written from /work/shared/claude-code/cli-hook-schema.md (the Zod schemas
read out of CLI 2.1.197: §1 for the event names, §4 for the output schema) and
/work/shared/claude-code/cli-2.1.331.md (§2.1 and §2.3: what 2.1.331 adds). It
must not be derived from product code.

It is the one source of truth for "what this CLI version accepts": SUPPORTED lists
the CLI versions claude-rego supports (oldest first; tests/e2e runs each of them),
and ``validate_output`` checks an output against EVERY supported version that knows
the event, so where the versions differ only what all of them accept passes.

Deliberate differences from the CLI:
* ``additionalProperties: false`` at top level and inside every
  ``hookSpecificOutput`` (Zod would strip unknown keys; we want to catch our
  own typos).
* The ``{"async": true, "asyncTimeout"?: number}`` union member is left out:
  we never emit it.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator, ValidationError

DIALECT = "https://json-schema.org/draft/2020-12/schema"

# §1, in the CLI's own order (2.1.197).
EVENTS_2_1_197: tuple[str, ...] = (
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "MessageDisplay",
)

# cli-2.1.331.md §2.1: the same list with three additions, after PostCompact and after
# FileChanged.
_i, _j = EVENTS_2_1_197.index("PostCompact") + 1, EVENTS_2_1_197.index("FileChanged") + 1
EVENTS_2_1_331: tuple[str, ...] = (EVENTS_2_1_197[:_i] + ("PreModelSwitch", "PostModelSwitch")
                                   + EVENTS_2_1_197[_i:_j] + ("DirectoryAdded",) + EVENTS_2_1_197[_j:])

# Supported CLI versions, oldest first, and the events each one knows.
SUPPORTED: tuple[str, ...] = ("2.1.197", "2.1.331")
OLDEST, NEWEST = SUPPORTED[0], SUPPORTED[-1]
EVENTS_BY_VERSION: dict[str, tuple[str, ...]] = {"2.1.197": EVENTS_2_1_197, "2.1.331": EVENTS_2_1_331}
EVENTS: tuple[str, ...] = EVENTS_BY_VERSION[NEWEST]  # every event some supported version knows

_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_OBJ = {"type": "object"}  # Zod record(unknown)
_ANY: dict = {}  # Zod unknown: any JSON value
_STR_LIST = {"type": "array", "items": _STR}

# §4, top-level fields common to every event.
_COMMON: dict[str, Any] = {
    "continue": _BOOL,
    "suppressOutput": _BOOL,
    "stopReason": _STR,
    "decision": {"enum": ["approve", "block"]},
    "reason": _STR,
    "systemMessage": _STR,
    "terminalSequence": _STR,
}

_PERMISSION_DECISION = {
    "oneOf": [
        {
            "type": "object",
            "properties": {
                "behavior": {"const": "allow"},
                "updatedInput": _OBJ,
                "updatedPermissions": {"type": "array", "items": _OBJ},
            },
            "required": ["behavior"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "behavior": {"const": "deny"},
                "message": _STR,
                "interrupt": _BOOL,
            },
            "required": ["behavior"],
            "additionalProperties": False,
        },
    ]
}

_CONTEXT_ONLY = {"additionalContext": _STR}
_ELICITATION = {"action": {"enum": ["accept", "decline", "cancel"]}, "content": _OBJ}
_WATCH = {"watchPaths": _STR_LIST}

# §4 table: event -> (fields besides hookEventName, required fields besides it).
# Events absent from this table accept no hookSpecificOutput.
_HOOK_SPECIFIC: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "PreToolUse": (
        {
            "permissionDecision": {"enum": ["allow", "deny", "ask", "defer"]},
            "permissionDecisionReason": _STR,
            "updatedInput": _OBJ,
            "additionalContext": _STR,
        },
        (),
    ),
    "UserPromptSubmit": (
        {"additionalContext": _STR, "sessionTitle": _STR, "suppressOriginalPrompt": _BOOL},
        (),
    ),
    "UserPromptExpansion": (_CONTEXT_ONLY, ()),
    "SessionStart": (
        {
            "additionalContext": _STR,
            "initialUserMessage": _STR,
            "sessionTitle": _STR,
            "watchPaths": _STR_LIST,
            "reloadSkills": _BOOL,
        },
        (),
    ),
    "Setup": (_CONTEXT_ONLY, ()),
    "SubagentStart": (_CONTEXT_ONLY, ()),
    "PostToolUse": (
        # updatedToolOutput's tool shape is checked by validate_output().
        {"additionalContext": _STR, "updatedToolOutput": _ANY, "updatedMCPToolOutput": _ANY},
        (),
    ),
    "PostToolUseFailure": (_CONTEXT_ONLY, ()),
    "PostToolBatch": (_CONTEXT_ONLY, ()),
    "Stop": (_CONTEXT_ONLY, ()),
    "SubagentStop": (_CONTEXT_ONLY, ()),
    "PermissionDenied": ({"retry": _BOOL}, ()),
    "Notification": (_CONTEXT_ONLY, ()),
    "PermissionRequest": ({"decision": _PERMISSION_DECISION}, ("decision",)),
    "Elicitation": (_ELICITATION, ()),
    "ElicitationResult": (_ELICITATION, ()),
    "CwdChanged": (_WATCH, ()),
    "FileChanged": (_WATCH, ()),
    "WorktreeCreate": ({"worktreePath": _STR}, ("worktreePath",)),
    "MessageDisplay": ({"displayContent": _STR}, ()),
}

# cli-2.1.331.md §2.3: what 2.1.331 accepts beyond 2.1.197 (top level unchanged).
_PERMISSION_ONLY = {"permissionDecision": {"enum": ["allow", "deny", "ask"]}, "permissionDecisionReason": _STR}
_HOOK_SPECIFIC_2_1_331: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    **_HOOK_SPECIFIC,
    "PreToolUse": ({**_HOOK_SPECIFIC["PreToolUse"][0], "permissionDisplay": _ANY}, ()),  # @internal
    "PostToolUse": ({**_HOOK_SPECIFIC["PostToolUse"][0], "classifierContext": _STR}, ()),
    "UserPromptExpansion": ({"additionalContext": _STR, "suppressOriginalPrompt": _BOOL}, ()),
    "PreModelSwitch": (_PERMISSION_ONLY, ()),
    "PostModelSwitch": (_CONTEXT_ONLY, ()),
    # DirectoryAdded: no member in the hookSpecificOutput union.
}
_HOOK_SPECIFIC_BY_VERSION = {"2.1.197": _HOOK_SPECIFIC, "2.1.331": _HOOK_SPECIFIC_2_1_331}

# Tool output shapes for PostToolUse updatedToolOutput, from the real samples.
# Open to extra keys: we only know the fields the sample shows.
_TOOL_OUTPUT: dict[str, dict] = {
    "Bash": {
        "type": "object",
        "properties": {
            "stdout": _STR,
            "stderr": _STR,
            "interrupted": _BOOL,
            "isImage": _BOOL,
            "noOutputExpected": _BOOL,
        },
        "required": ["stdout", "stderr"],
    },
}


def _hook_specific_schema(event: str, version: str) -> dict | bool:
    table = _HOOK_SPECIFIC_BY_VERSION[version]
    if event not in table:
        return False  # forbidden
    fields, required = table[event]
    return {
        "type": "object",
        "properties": {"hookEventName": {"const": event}, **fields},
        "required": ["hookEventName", *required],
        "additionalProperties": False,
    }


def output_schema(event: str, version: str = OLDEST) -> dict:
    """JSON Schema for a hook's stdout JSON on ``event`` under CLI ``version``
    (an event that version does not know: common fields only)."""
    if version not in _HOOK_SPECIFIC_BY_VERSION:
        raise ValueError(f"unsupported CLI version {version!r}; supported: {SUPPORTED}")
    return {
        "$schema": DIALECT,
        "title": f"{event} hook output (Claude Code CLI {version})",
        "type": "object",
        "properties": {**_COMMON, "hookSpecificOutput": _hook_specific_schema(event, version)},
        "additionalProperties": False,
    }


HOOK_OUTPUT_SCHEMAS: dict[str, dict] = {event: output_schema(event, NEWEST) for event in EVENTS}
HOOK_OUTPUT_SCHEMAS_BY_VERSION: dict[str, dict[str, dict]] = {
    version: {event: output_schema(event, version) for event in EVENTS_BY_VERSION[version]}
    for version in SUPPORTED}


def versions_knowing(event: str) -> tuple[str, ...]:
    """The supported versions that can send ``event`` (all of them for an unknown event:
    an output for it must then be acceptable as an unknown event everywhere)."""
    knowing = tuple(v for v in SUPPORTED if event in EVENTS_BY_VERSION[v])
    return knowing or SUPPORTED


def updated_tool_output_schema(tool_name: str) -> dict | None:
    """Schema for PostToolUse ``updatedToolOutput`` of ``tool_name``; None if unknown."""
    shape = _TOOL_OUTPUT.get(tool_name)
    return None if shape is None else {"$schema": DIALECT, **shape}


def validate_output(event: str, output: dict, *, tool_name: str | None = None,
                    versions: tuple[str, ...] | None = None) -> None:
    """Raise ``jsonschema.ValidationError`` if a CLI would reject ``output`` on ``event``.

    Checked against every supported version that can send the event (or ``versions``):
    an output only one version accepts is rejected.
    """
    for version in versions or versions_knowing(event):
        try:
            Draft202012Validator(output_schema(event, version)).validate(output)
        except ValidationError as err:
            err.message = f"[CLI {version}] {err.message}"
            raise
    hso = output.get("hookSpecificOutput") or {}
    if tool_name is None or "updatedToolOutput" not in hso:
        return
    shape = updated_tool_output_schema(tool_name)
    if shape is not None:
        try:
            Draft202012Validator(shape).validate(hso["updatedToolOutput"])
        except ValidationError as err:
            err.message = f"updatedToolOutput is not a {tool_name} tool output: {err.message}"
            raise
