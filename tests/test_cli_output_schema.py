"""Tests for the referee itself: tests/cli_output_schema.py (hook output model per supported CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_output_schema import (
    EVENTS,
    EVENTS_BY_VERSION,
    HOOK_OUTPUT_SCHEMAS,
    HOOK_OUTPUT_SCHEMAS_BY_VERSION,
    NEWEST,
    OLDEST,
    SUPPORTED,
    output_schema,
    updated_tool_output_schema,
    validate_output,
    versions_knowing,
)
from jsonschema import Draft202012Validator, ValidationError

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "claude-code" / "samples"

NO_HOOK_SPECIFIC = {
    "SessionEnd", "PreCompact", "PostCompact", "StopFailure", "TeammateIdle",
    "TaskCreated", "TaskCompleted", "ConfigChange", "WorktreeRemove", "InstructionsLoaded",
    "DirectoryAdded",
}
WITH_HOOK_SPECIFIC = [e for e in EVENTS if e not in NO_HOOK_SPECIFIC]

BASH_OUTPUT = {"stdout": "ok", "stderr": "", "interrupted": False, "isImage": False,
               "noOutputExpected": False}

# One valid hookSpecificOutput per §4 field (hookEventName is added by the test).
VALID_HOOK_SPECIFIC: dict[str, list[dict]] = {
    "PreToolUse": [
        {"permissionDecision": "deny", "permissionDecisionReason": "no"},
        {"permissionDecision": "allow", "updatedInput": {"command": "ls"}},
        {"permissionDecision": "ask"},
        {"permissionDecision": "defer"},
        {"additionalContext": "ctx"},
    ],
    "UserPromptSubmit": [{"additionalContext": "ctx", "sessionTitle": "t",
                          "suppressOriginalPrompt": True}],
    "UserPromptExpansion": [{"additionalContext": "ctx"}],
    "SessionStart": [
        {"additionalContext": "ctx"},
        {"initialUserMessage": "hi", "sessionTitle": "t", "watchPaths": ["a", "b"],
         "reloadSkills": False},
    ],
    "Setup": [{"additionalContext": "ctx"}],
    "SubagentStart": [{"additionalContext": "ctx"}],
    "PostToolUse": [
        {"additionalContext": "ctx"},
        {"updatedToolOutput": BASH_OUTPUT},
        {"updatedMCPToolOutput": [{"type": "text", "text": "x"}]},
    ],
    "PostToolUseFailure": [{"additionalContext": "ctx"}],
    "PostToolBatch": [{"additionalContext": "ctx"}],
    "Stop": [{"additionalContext": "ctx"}],
    "SubagentStop": [{"additionalContext": "ctx"}],
    "PermissionDenied": [{"retry": True}],
    "Notification": [{"additionalContext": "ctx"}],
    "PermissionRequest": [
        {"decision": {"behavior": "allow"}},
        {"decision": {"behavior": "allow", "updatedInput": {"command": "ls"},
                      "updatedPermissions": [{"type": "setMode", "mode": "default",
                                              "destination": "session"}]}},
        {"decision": {"behavior": "deny", "message": "no", "interrupt": True}},
    ],
    "Elicitation": [{"action": "accept", "content": {"name": "x"}}, {"action": "decline"}],
    "ElicitationResult": [{"action": "cancel"}, {"action": "accept", "content": {}}],
    "CwdChanged": [{"watchPaths": ["/tmp/x"]}],
    "FileChanged": [{"watchPaths": []}],
    "WorktreeCreate": [{"worktreePath": "/tmp/wt"}],
    "MessageDisplay": [{"displayContent": "shown"}],
    "PreModelSwitch": [
        {"permissionDecision": "deny", "permissionDecisionReason": "not on the allowlist"},
        {"permissionDecision": "ask"},
        {"permissionDecision": "allow"},
    ],
    "PostModelSwitch": [{"additionalContext": "ctx"}],
}

# Invalid hookSpecificOutput bodies (hookEventName is added by the test).
INVALID_HOOK_SPECIFIC: list[tuple[str, dict]] = [
    ("PreToolUse", {"permissionDecision": "maybe"}),
    ("PreToolUse", {"permissionDecisionReason": 1}),
    ("PreToolUse", {"updatedInput": "ls"}),
    ("PermissionRequest", {}),
    ("PermissionRequest", {"decision": {"behavior": "maybe"}}),
    ("PermissionRequest", {"decision": {"behavior": "allow", "message": "no"}}),
    ("PermissionRequest", {"decision": {"behavior": "deny", "updatedInput": {}}}),
    ("PermissionRequest", {"decision": {"behavior": "deny", "interrupt": "yes"}}),
    ("PermissionRequest", {"decision": {"message": "no"}}),
    ("WorktreeCreate", {}),
    ("WorktreeCreate", {"worktreePath": 3}),
    ("SessionStart", {"watchPaths": "a"}),
    ("SessionStart", {"watchPaths": [1]}),
    ("SessionStart", {"reloadSkills": "true"}),
    ("UserPromptSubmit", {"suppressOriginalPrompt": 1}),
    ("PermissionDenied", {"retry": "yes"}),
    ("Elicitation", {"action": "maybe"}),
    ("ElicitationResult", {"content": "x"}),
    ("MessageDisplay", {"displayContent": None}),
    ("Stop", {"additionalContext": ["a"]}),
    ("PreModelSwitch", {"permissionDecision": "defer"}),
    ("PreModelSwitch", {"updatedInput": {}}),
    ("PreModelSwitch", {"additionalContext": "x"}),
    ("PostModelSwitch", {"permissionDecision": "deny"}),
    # 2.1.331-only fields: not accepted by 2.1.197, so never emitted
    ("PostToolUse", {"classifierContext": "x"}),
    ("UserPromptExpansion", {"suppressOriginalPrompt": True}),
]


def hso(event: str, **fields) -> dict:
    return {"hookSpecificOutput": {"hookEventName": event, **fields}}


def rejects(event: str, output: dict, **kw) -> None:
    with pytest.raises((ValidationError, AssertionError)):
        validate_output(event, output, **kw)


# --- the event list -------------------------------------------------------------


def test_events_per_version():
    assert SUPPORTED == (OLDEST, NEWEST) == ("2.1.197", "2.1.331")
    old, new = EVENTS_BY_VERSION[OLDEST], EVENTS_BY_VERSION[NEWEST]
    assert len(old) == len(set(old)) == 30 and len(new) == len(set(new)) == 33
    assert old[0] == "PreToolUse" and old[-1] == "MessageDisplay" and new[-1] == "MessageDisplay"
    assert [e for e in new if e not in old] == ["PreModelSwitch", "PostModelSwitch", "DirectoryAdded"]
    assert [e for e in new if e in old] == list(old)  # same order, additions only
    assert new == EVENTS
    assert set(HOOK_OUTPUT_SCHEMAS) == set(EVENTS)
    assert {v: set(s) for v, s in HOOK_OUTPUT_SCHEMAS_BY_VERSION.items()} == {v: set(e) for v, e in EVENTS_BY_VERSION.items()}
    assert NO_HOOK_SPECIFIC | set(VALID_HOOK_SPECIFIC) == set(EVENTS)


def test_an_event_is_validated_against_every_version_that_sends_it():
    assert versions_knowing("PreToolUse") == SUPPORTED
    assert versions_knowing("PreModelSwitch") == (NEWEST,)
    assert versions_knowing("NoSuchEvent") == SUPPORTED
    with pytest.raises(ValueError):
        output_schema("PreToolUse", "1.0.0")


@pytest.mark.parametrize("event,fields", [
    ("PostToolUse", {"classifierContext": "for the auto-mode classifier"}),
    ("UserPromptExpansion", {"suppressOriginalPrompt": True}),
    ("PreToolUse", {"permissionDecision": "ask", "permissionDisplay": {"title": "x"}}),
])
def test_fields_only_the_newest_cli_accepts(event, fields):
    validate_output(event, hso(event, **fields), versions=(NEWEST,))
    rejects(event, hso(event, **fields), versions=(OLDEST,))
    rejects(event, hso(event, **fields))  # the default: every supported version


def test_new_events_are_unknown_to_the_oldest_cli():
    for event in ("PreModelSwitch", "PostModelSwitch", "DirectoryAdded"):
        validate_output(event, {"systemMessage": "m"}, versions=(OLDEST,))
        rejects(event, hso(event), versions=(OLDEST,))
    validate_output("PreModelSwitch", hso("PreModelSwitch", permissionDecision="deny"), versions=(NEWEST,))


def test_every_sample_is_a_known_event():
    if not SAMPLES.is_dir():
        pytest.skip(f"samples directory not found: {SAMPLES}")
    names = sorted(p.stem for p in SAMPLES.glob("*.json"))
    assert names, f"no samples in {SAMPLES}"
    assert [n for n in names if n not in EVENTS] == []


# --- valid outputs --------------------------------------------------------------


@pytest.mark.parametrize("event", EVENTS)
def test_schema_is_valid_draft_2020_12(event):
    Draft202012Validator.check_schema(HOOK_OUTPUT_SCHEMAS[event])
    assert HOOK_OUTPUT_SCHEMAS[event] == output_schema(event, NEWEST)
    for version in SUPPORTED:
        Draft202012Validator.check_schema(output_schema(event, version))


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize(
    "output",
    [
        {},
        {"continue": False, "stopReason": "x"},
        {"continue": True, "suppressOutput": True, "systemMessage": "warn",
         "terminalSequence": "\x1b]0;title\x07"},
        {"decision": "block", "reason": "x"},
        {"decision": "approve"},
    ],
    ids=["empty", "continue-false", "common", "block", "approve"],
)
def test_common_fields_valid_on_every_event(event, output):
    validate_output(event, output)


def test_stop_block_with_reason():
    validate_output("Stop", {"decision": "block", "reason": "x"})


@pytest.mark.parametrize(
    "event,fields",
    [(e, f) for e, examples in VALID_HOOK_SPECIFIC.items() for f in examples],
)
def test_valid_hook_specific_output(event, fields):
    validate_output(event, {"systemMessage": "m", **hso(event, **fields)})


@pytest.mark.parametrize("event", [e for e in WITH_HOOK_SPECIFIC
                                   if e not in ("PermissionRequest", "WorktreeCreate")])
def test_hook_event_name_alone_is_valid(event):
    validate_output(event, hso(event))


def test_bash_updated_tool_output_matches_tool_shape():
    validate_output("PostToolUse", hso("PostToolUse", updatedToolOutput=BASH_OUTPUT),
                    tool_name="Bash")
    validate_output("PostToolUse", hso("PostToolUse", updatedToolOutput={"stdout": "", "stderr": ""}),
                    tool_name="Bash")


def test_unknown_tool_output_shape_is_not_checked():
    assert updated_tool_output_schema("SomeUnknownTool") is None
    validate_output("PostToolUse", hso("PostToolUse", updatedToolOutput="anything"),
                    tool_name="SomeUnknownTool")


# --- invalid outputs ------------------------------------------------------------


@pytest.mark.parametrize("event", EVENTS)
def test_wrong_hook_event_name_rejected(event):
    other = "Stop" if event != "Stop" else "PreToolUse"
    rejects(event, hso(other))


@pytest.mark.parametrize("event", EVENTS)
def test_missing_hook_event_name_rejected(event):
    rejects(event, {"hookSpecificOutput": {"additionalContext": "x"}})


@pytest.mark.parametrize("event", sorted(NO_HOOK_SPECIFIC))
def test_hook_specific_output_forbidden(event):
    rejects(event, hso(event))
    rejects(event, hso(event, additionalContext="x"))


@pytest.mark.parametrize("event", WITH_HOOK_SPECIFIC)
def test_unknown_key_in_hook_specific_output_rejected(event):
    valid = VALID_HOOK_SPECIFIC[event][0]
    validate_output(event, hso(event, **valid))
    rejects(event, hso(event, **valid, additionalContex="typo"))


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize(
    "output",
    [
        {"contineu": False},
        {"hookEventName": "x"},
        {"async": True},
        {"continue": "false"},
        {"continue": 0},
        {"suppressOutput": None},
        {"stopReason": 1},
        {"decision": "deny"},
        {"reason": ["x"]},
        {"systemMessage": {}},
        {"terminalSequence": 7},
        {"hookSpecificOutput": None},
        {"hookSpecificOutput": "PreToolUse"},
    ],
    ids=repr,
)
def test_bad_top_level_rejected(event, output):
    rejects(event, output)


@pytest.mark.parametrize("event,fields", INVALID_HOOK_SPECIFIC, ids=repr)
def test_invalid_hook_specific_output(event, fields):
    rejects(event, hso(event, **fields))


def test_session_end_rejects_hook_specific_output():
    rejects("SessionEnd", hso("SessionEnd"))


def test_bash_updated_tool_output_missing_stdout_rejected():
    output = hso("PostToolUse", updatedToolOutput={"stderr": ""})
    validate_output("PostToolUse", output)  # the shape is only known via tool_name
    rejects("PostToolUse", output, tool_name="Bash")
    rejects("PostToolUse", hso("PostToolUse", updatedToolOutput="plain text"), tool_name="Bash")
    rejects("PostToolUse", hso("PostToolUse", updatedToolOutput={**BASH_OUTPUT, "isImage": "no"}),
            tool_name="Bash")


def test_unknown_event_accepts_common_fields_only():
    validate_output("NotAnEvent", {"continue": False, "stopReason": "x"})
    rejects("NotAnEvent", hso("NotAnEvent"))
    rejects("NotAnEvent", {"bogus": 1})
