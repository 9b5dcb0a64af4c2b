"""Independent model of the hook output the real Claude Code CLI accepts.

This is the *referee* our product's hook output is tested against, so it is
hand-written from /work/shared/claude-code/cli-hook-schema.md (the Zod schemas
read out of CLI 2.1.197): §1 for the event names, §4 for the output schema. It
must not be derived from product code.

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

# §1, in the CLI's own order.
EVENTS: tuple[str, ...] = (
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


def _hook_specific_schema(event: str) -> dict | bool:
    if event not in _HOOK_SPECIFIC:
        return False  # forbidden
    fields, required = _HOOK_SPECIFIC[event]
    return {
        "type": "object",
        "properties": {"hookEventName": {"const": event}, **fields},
        "required": ["hookEventName", *required],
        "additionalProperties": False,
    }


def output_schema(event: str) -> dict:
    """JSON Schema for a hook's stdout JSON on ``event`` (unknown event: common fields only)."""
    return {
        "$schema": DIALECT,
        "title": f"{event} hook output (Claude Code CLI 2.1.197)",
        "type": "object",
        "properties": {**_COMMON, "hookSpecificOutput": _hook_specific_schema(event)},
        "additionalProperties": False,
    }


HOOK_OUTPUT_SCHEMAS: dict[str, dict] = {event: output_schema(event) for event in EVENTS}


def updated_tool_output_schema(tool_name: str) -> dict | None:
    """Schema for PostToolUse ``updatedToolOutput`` of ``tool_name``; None if unknown."""
    shape = _TOOL_OUTPUT.get(tool_name)
    return None if shape is None else {"$schema": DIALECT, **shape}


def validate_output(event: str, output: dict, *, tool_name: str | None = None) -> None:
    """Raise ``jsonschema.ValidationError`` if the CLI would reject ``output`` on ``event``."""
    Draft202012Validator(output_schema(event)).validate(output)
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
