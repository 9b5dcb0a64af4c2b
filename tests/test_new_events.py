"""The events CLI 2.1.331 added (PreModelSwitch, PostModelSwitch, DirectoryAdded) and the
new input fields: verbs → output, through the same decision core and the registered
command, validated by the referee against every supported CLI that sends the event."""

from __future__ import annotations

import json
import sys

import pytest
from claude_rego.api import evaluate_hook
from claude_rego.claudecode.events import EVENTS, event_info
from claude_rego.claudecode.install import registration
from claude_rego.policy import policyset
from cli_output_schema import NEWEST, OLDEST, versions_knowing
from conftest import REPO, SCRIPTED, bash_input, hook_input, run_registered, validate_output

SWITCH = {"from_model": "claude-sonnet-5-5", "to_model": "claude-haiku-5-5", "requested_model": "haiku",
          "source": "sdk", "context_tokens": 18250, "prompt_cache_warm": True, "cache_ttl": "5m",
          "estimated_cache_write_usd": 0.0228, "pricing": "catalog"}


def switch_input(event: str = "PreModelSwitch", **fields) -> dict:
    return hook_input(event, **{**SWITCH, **fields})


def answer(payload: dict) -> dict:
    event = payload["hook_event_name"]
    out, code = evaluate_hook(payload, policy_paths=[SCRIPTED], event=event)
    assert code == 0
    validate_output(event, out)
    return out


def test_the_event_table_knows_the_33_events_of_the_newest_cli():
    assert len(EVENTS) == 33
    assert {"PreModelSwitch", "PostModelSwitch", "DirectoryAdded"} <= set(EVENTS)
    assert versions_knowing("PreModelSwitch") == (NEWEST,)


@pytest.mark.parametrize("verb,decision", [("deny", "deny"), ("ask", "ask"), ("allow", "allow")])
def test_pre_model_switch_takes_the_permission_contract(verb, decision):
    out = answer(switch_input(x_test={"a": {verb: ["model policy says so"]}}))
    spec = out["hookSpecificOutput"]
    assert spec["hookEventName"] == "PreModelSwitch" and spec["permissionDecision"] == decision
    assert spec["permissionDecisionReason"].startswith("model policy says so")


def test_pre_model_switch_never_emits_what_it_cannot_carry():
    out = answer(switch_input(x_test={"a": {"defer": ["later"], "context": ["c"], "rewrite": [{"x": 1}]}}))
    assert "hookSpecificOutput" not in out
    out = answer(switch_input(x_test={"a": {"halt": ["stop everything"]}}))
    assert out["continue"] is False and out["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_post_model_switch_context_and_directory_added_nothing():
    out = answer(switch_input("PostModelSwitch", x_test={"a": {"context": ["now on haiku"], "deny": ["x"]}}))
    assert out == {"hookSpecificOutput": {"hookEventName": "PostModelSwitch", "additionalContext": "now on haiku"}}
    out = answer(hook_input("DirectoryAdded", directory="/home/dev/lib", source="register_repo_root",
                            x_test={"a": {"deny": ["no"], "context": ["c"], "system_message": ["seen"]}}))
    assert out == {"systemMessage": "seen"}


@pytest.mark.parametrize("event", ["PreModelSwitch", "PostModelSwitch", "DirectoryAdded"])
def test_failure_answers_of_the_new_events(event):
    from claude_rego.claudecode.output import failure
    out, code, err = failure(event_info(event), "engine broke.")
    assert code == 0
    validate_output(event, out)
    if event == "PreModelSwitch":
        assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
        assert "model switch is blocked (fail closed)" in out["hookSpecificOutput"]["permissionDecisionReason"]
    else:
        assert list(out) == ["systemMessage"]


def test_no_output_only_the_newest_cli_accepts():
    """PostToolUse classifierContext and UserPromptExpansion suppressOriginalPrompt exist
    only in 2.1.331: no verb emits them, so every output stays valid on 2.1.197 too."""
    post = answer(hook_input("PostToolUse", x_test={"a": {"context": ["c"], "replace_output": [{"stdout": "x"}]}}))
    assert "classifierContext" not in post["hookSpecificOutput"]
    expansion = answer(hook_input("UserPromptExpansion", x_test={"a": {"deny": ["no"], "context": ["c"]}}))
    assert "suppressOriginalPrompt" not in (expansion.get("hookSpecificOutput") or {})
    validate_output("PostToolUse", post, versions=(OLDEST,))
    validate_output("UserPromptExpansion", expansion, versions=(OLDEST,))


NEW_INPUTS = [
    bash_input("ls", mcp_server={"name": "github", "source": "project"}),
    hook_input("SessionStart", source="fork", seconds_since_last_response=812.5, context_tokens=40211,
               prompt_cache_likely_expired=True, estimated_cache_write_usd=0.12),
    hook_input("UserPromptSubmit", prompt="hi", source="schedule_wakeup"),
    switch_input(), switch_input("PostModelSwitch", source="resume"), switch_input(requested_model=None),
    hook_input("DirectoryAdded", directory="/home/dev/lib", source="slash_command"),
]


@pytest.mark.parametrize("hook", NEW_INPUTS, ids=lambda h: h["hook_event_name"])
def test_new_input_fields_reach_policies_untouched_and_match_the_contract(hook):
    import jsonschema
    from claude_rego.claudecode import contract, hookinput, query
    capped, truncated = hookinput.cap_strings(hook)
    document = query.build(capped, truncated=truncated, environ={"HOME": "/home/dev"})
    assert document["hook"] == hook and document["facts"]["known_event"] is True
    jsonschema.validate(document, contract.document_model(hook["hook_event_name"]).model_json_schema(by_alias=True))


def test_contract_rejects_a_wrongly_typed_new_field():
    import jsonschema
    from claude_rego.claudecode import contract, hookinput, query
    hook = switch_input(context_tokens="many")
    document = query.build(hookinput.cap_strings(hook)[0], truncated=[], environ={"HOME": "/home/dev"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, contract.document_model("PreModelSwitch").model_json_schema(by_alias=True))


def test_the_pack_model_policy_through_the_registered_command(tmp_path):
    """The built-in pack plus an allowlist in data: the registered PreModelSwitch command
    refuses a switch off the list, lets one on the list through, and is inert without."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "data.json").write_text(json.dumps({"claude_rego": {"settings": {
        "model_allowlist": ["claude-sonnet-*"], "model_switch_note": "Keep it short."}}}))
    sources = [str(REPO / "policies"), str(data)]
    hooks = registration(policyset.compile_sources(sources), policies=sources, python=sys.executable,
                         events=["PreModelSwitch", "PostModelSwitch"], launcher_dir=str(tmp_path / "bin"))["hooks"]
    pre = hooks["PreModelSwitch"][0]["hooks"][0]
    assert pre["onFailure"] == "block"
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    denied = run_registered(pre["command"], json.dumps(switch_input()).encode(), event="PreModelSwitch",
                            env=env).assert_valid()
    assert denied.output["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "`claude-haiku-5-5`" in denied.output["hookSpecificOutput"]["permissionDecisionReason"]
    allowed = run_registered(pre["command"], json.dumps(switch_input(to_model="claude-sonnet-6-0")).encode(),
                             event="PreModelSwitch", env=env).assert_valid()
    assert allowed.output == {}
    post = run_registered(hooks["PostModelSwitch"][0]["hooks"][0]["command"],
                          json.dumps(switch_input("PostModelSwitch")).encode(), event="PostModelSwitch",
                          env=env).assert_valid()
    assert "Keep it short." in post.output["hookSpecificOutput"]["additionalContext"]
    # the default pack alone: inert
    out, code = evaluate_hook(switch_input(), policy_paths=[str(REPO / "policies")], event="PreModelSwitch")
    assert (out, code) == ({}, 0)
