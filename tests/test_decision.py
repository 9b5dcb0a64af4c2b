"""Decision synthesis and output mapping, through the in-process API with scripted policies.

The scripted test policies (tests/policies/scripted) say whatever the input's `x_test`
field lists, so each test states the policies' verbs and checks the hook output the
real CLI would receive (validated against the referee schema every time).
"""

from __future__ import annotations

import pytest
from claude_rego.api import decide_hook, evaluate_hook
from claude_rego.decide.decision import merge_patches
from conftest import SCRIPTED, bash_input, hook_input, validate_output


def answer(payload: dict, event: str | None = None):
    event = event or payload["hook_event_name"]
    out, code = evaluate_hook(payload, policy_paths=[SCRIPTED], event=event)
    assert code == 0
    validate_output(event, out, tool_name=payload.get("tool_name"))
    return out


def pre(**script):
    return answer(bash_input("ls -la", x_test=script))


def spec(out):
    return out.get("hookSpecificOutput", {})


# ----------------------------------------------------------------------- precedence

@pytest.mark.parametrize("a, b, expected", [
    ({"deny": ["d"]}, {"allow": ["y"]}, "deny"),
    ({"ask": ["q"]}, {"allow": ["y"]}, "ask"),
    ({"ask": ["q"]}, {"defer": ["later"]}, "ask"),
    ({"defer": ["later"]}, {"allow": ["y"]}, "defer"),
    ({"allow": ["y"]}, {}, "allow"),
    ({"deny": ["d"]}, {"ask": ["q"]}, "deny"),
])
def test_precedence_deny_over_ask_over_defer_over_allow(a, b, expected):
    assert spec(pre(a=a, b=b))["permissionDecision"] == expected
    assert spec(pre(a=b, b=a))["permissionDecision"] == expected  # order of policies is irrelevant


def test_halt_beats_everything_and_still_denies_the_pending_call():
    out = pre(a={"halt": ["security incident: stop"]}, b={"deny": ["d"], "allow": ["y"]})
    assert out["continue"] is False and out["stopReason"] == "security incident: stop"
    # continue:false alone lets CLI 2.1.197 run the tool before stopping (real-CLI e2e)
    assert spec(out)["permissionDecision"] == "deny"
    assert "updatedInput" not in spec(out)


def test_halt_on_permission_request_denies_and_interrupts():
    out = answer(hook_input("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"},
                            x_test={"a": {"halt": ["stop"], "allow": ["y"]}}))
    assert out["continue"] is False
    assert spec(out)["decision"] == {"behavior": "deny", "message": "stop", "interrupt": True}


def test_no_opinion_is_empty():
    assert pre() == {}


def test_reasons_of_the_winning_verb_are_joined_sorted_and_unique():
    out = pre(a={"deny": ["zeta", "alpha", {"reason": "beta"}]}, b={"deny": ["alpha"], "ask": ["not me"]})
    assert spec(out)["permissionDecisionReason"] == "alpha\nbeta\nzeta"


def test_contexts_and_system_messages_joined_in_stable_order():
    out = pre(a={"context": ["from a"], "system_message": ["warn a"]},
              b={"context": ["from b", "from a"], "system_message": ["warn b"]})
    assert spec(out)["additionalContext"] == "from a\nfrom b"
    assert out["systemMessage"] == "warn a\nwarn b"


# --------------------------------------------------------------------------- rewrites

def test_rewrite_merges_onto_full_original_input():
    out = answer(hook_input("PreToolUse", tool_name="Edit",
                            tool_input={"file_path": "/p/a.py", "old_string": "x", "new_string": "y"},
                            x_test={"a": {"rewrite": [{"new_string": "z"}]}}))
    assert spec(out)["updatedInput"] == {"file_path": "/p/a.py", "old_string": "x", "new_string": "z"}


def test_rewrite_arrays_are_replaced_whole_and_objects_merged():
    original = {"edits": [{"a": 1}, {"b": 2}], "opts": {"x": 1, "y": 2}}
    merged, conflict = merge_patches(original, [("p", {"edits": [{"c": 3}], "opts": {"y": 9}})])
    assert conflict is None
    assert merged == {"edits": [{"c": 3}], "opts": {"x": 1, "y": 9}}
    assert original == {"edits": [{"a": 1}, {"b": 2}], "opts": {"x": 1, "y": 2}}  # not mutated


def test_rewrites_from_two_policies_combine_when_they_touch_different_fields():
    out = pre(a={"rewrite": [{"command": "ls"}]}, b={"rewrite": [{"timeout": 600000}]})
    assert spec(out)["updatedInput"] == {"command": "ls", "description": "run", "timeout": 600000}


def test_conflicting_rewrites_deny_with_an_explanation():
    out = pre(a={"rewrite": [{"command": "ls -1"}]}, b={"rewrite": [{"command": "ls -2"}]})
    s = spec(out)
    assert s["permissionDecision"] == "deny"
    assert "Conflicting rewrites of `command`" in s["permissionDecisionReason"]
    assert "scripted_a" in s["permissionDecisionReason"] and "scripted_b" in s["permissionDecisionReason"]
    assert "updatedInput" not in s


def test_rewritten_input_is_evaluated_again_deny_wins():
    out = pre(a={"rewrite": [{"command": "forbidden"}], "allow": ["fine"]})
    assert spec(out)["permissionDecision"] == "deny"
    assert "updatedInput" not in spec(out)


def test_rewritten_input_that_needs_approval_is_asked_about():
    out = pre(a={"rewrite": [{"command": "needs-approval"}], "allow": ["fine"]})
    assert spec(out)["permissionDecision"] == "ask"
    assert spec(out)["updatedInput"]["command"] == "needs-approval"


def test_rewrite_with_explicit_allow():
    out = pre(a={"rewrite": [{"command": "ls"}], "allow": ["rewritten and approved"]})
    assert spec(out)["permissionDecision"] == "allow"
    assert spec(out)["updatedInput"]["command"] == "ls"


def test_a_rewrite_that_changes_nothing_is_not_emitted():
    assert pre(a={"rewrite": [{"command": "ls -la"}]}) == {}


# ------------------------------------------------------------------- other events

def test_permission_request_allow_with_updated_input_and_permissions():
    rule = {"type": "addRules", "rules": [{"toolName": "Bash", "ruleContent": "ls"}],
            "behavior": "allow", "destination": "session"}
    out = answer(hook_input("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"},
                            x_test={"a": {"allow": ["ok"], "rewrite": [{"command": "ls -1"}],
                                          "permission_update": [rule]}}))
    assert spec(out)["decision"] == {"behavior": "allow", "updatedInput": {"command": "ls -1"},
                                     "updatedPermissions": [rule]}


def test_permission_request_deny_with_interrupt():
    out = answer(hook_input("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"},
                            x_test={"a": {"deny": [{"reason": "stop now", "interrupt": True}]}}))
    assert spec(out)["decision"] == {"behavior": "deny", "message": "stop now", "interrupt": True}


def test_permission_request_ask_leaves_the_prompt_to_the_user():
    out = answer(hook_input("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"},
                            x_test={"a": {"ask": ["a human should decide"]}}))
    assert out == {}


@pytest.mark.parametrize("event", ["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop",
                                   "ConfigChange", "TaskCompleted"])
def test_deny_is_a_block_with_reason_where_the_event_can_block(event):
    out = answer(hook_input(event, x_test={"a": {"deny": ["because"]}}))
    assert out["decision"] == "block" and out["reason"] == "because"


@pytest.mark.parametrize("event", ["SessionStart", "SessionEnd", "Notification", "PreCompact"])
def test_deny_is_ignored_where_the_event_cannot_carry_it(event):
    out, code, decision = decide_hook(hook_input(event, x_test={"a": {"deny": ["because"]}}),
                                      policy_paths=[SCRIPTED])
    validate_output(event, out)
    assert "decision" not in out
    assert decision["ignored"] == [{"policy": "scripted_a", "verb": "deny"}]


def test_elicitation_deny_declines():
    out = answer(hook_input("Elicitation", mcp_server_name="srv", message="token?",
                            x_test={"a": {"deny": ["no secrets via elicitation"]}}))
    assert spec(out)["action"] == "decline"


def test_post_tool_use_output_replacement_in_the_tools_shape():
    out = answer(hook_input("PostToolUse", x_test={"a": {"replace_output": [{"stdout": "[REDACTED]"}]}}))
    assert spec(out)["updatedToolOutput"]["stdout"] == "[REDACTED]"
    assert spec(out)["updatedToolOutput"]["interrupted"] is False  # the rest of the shape kept


def test_context_on_events_that_take_it():
    for event in ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "SubagentStart"):
        out = answer(hook_input(event, x_test={"a": {"context": ["note"]}}))
        assert spec(out) == {"hookEventName": event, "additionalContext": "note"}


def test_unknown_event_only_gets_common_fields():
    out, code = evaluate_hook({"hook_event_name": "FutureEvent", "session_id": "s", "cwd": "/",
                               "x_test": {"a": {"deny": ["x"], "context": ["c"], "system_message": ["hi"]}}},
                              policy_paths=[SCRIPTED])
    validate_output("FutureEvent", out)
    assert out == {"systemMessage": "hi"}


# --------------------------------------------------------------------- invalid values

@pytest.mark.parametrize("script", [
    {"deny": [42]}, {"deny": [{"no_reason": True}]}, {"rewrite": ["not an object"]},
    {"context": [{"text": "objects are not text"}]}, {"deny": [["a", "list"]]},
    {"deny": [{"reason": "x", "interrupt": "yes"}]},
])
def test_invalid_verb_values_fail_closed(script):
    out = pre(a=script)
    assert spec(out)["permissionDecision"] == "deny"
    assert "policy evaluation failed" in spec(out)["permissionDecisionReason"]


def test_invalid_env_names_fail_with_the_events_failure_answer():
    out, code = evaluate_hook(hook_input("SessionStart", x_test={"a": {"env": [{"BAD NAME": "x"}]}}),
                              policy_paths=[SCRIPTED])
    validate_output("SessionStart", out)
    assert "policy evaluation failed" in out["systemMessage"] and "hookSpecificOutput" not in out


def test_a_verb_written_as_a_complete_rule_fails_closed(tmp_path):
    (tmp_path / "p.rego").write_text("package claude_rego.policies.p\nimport rego.v1\ndeny := \"not a set\"\n")
    out, _ = evaluate_hook(bash_input("ls"), policy_paths=[str(tmp_path)])
    assert spec(out)["permissionDecision"] == "deny"
    assert "must be a set" in spec(out)["permissionDecisionReason"]


def test_routing_by_tool_class():
    write = answer(hook_input("PreToolUse", tool_name="Write", tool_input={"file_path": "/p/x", "content": ""}))
    assert spec(write)["additionalContext"] == "routed_write saw a file write"
    assert pre() == {}  # Bash is not a file write
