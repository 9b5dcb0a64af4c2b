"""Layers and rollout modes: project/org layers can only tighten; monitor mode logs, not enforces."""

from __future__ import annotations

import json
import sys

from claude_rego.claudecode.install import hook_command
from conftest import bash_input, hook_input, run_registered

HEADER = "package claude_rego.policies.{name}\n\nimport rego.v1\n\n"


def project_with(tmp_path, **policies) -> dict:
    project = tmp_path / "project"
    folder = project / ".claude" / "policies"
    folder.mkdir(parents=True)
    for name, body in policies.items():
        (folder / f"{name}.rego").write_text(HEADER.format(name=name) + body)
    return {"CLAUDE_PROJECT_DIR": str(project), "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}


def run(payload, env, *, extra: str = "", event=None):
    event = event or payload["hook_event_name"]
    command = hook_command(event, python=sys.executable).replace(" hook --event ", f" hook {extra} --event ", 1)
    return run_registered(command, json.dumps(payload).encode(), event=event, env=env).assert_valid()


def last_record(env) -> dict:
    path = f"{env['XDG_STATE_HOME']}/claude-rego/decisions.jsonl"
    return json.loads(open(path).read().splitlines()[-1])


def test_a_project_layer_can_tighten(tmp_path):
    env = project_with(tmp_path, no_make="deny contains \"make is not allowed in this repo\" if "
                                         "input.facts.shell.segments[_].command == \"make\"\n")
    result = run(bash_input("make all"), env)
    assert result.plain["hookSpecificOutput"]["permissionDecisionReason"] == "make is not allowed in this repo"
    record = last_record(env)["claude_rego"]
    assert record["by"] == ["no_make"] and record["provenance"] == [{"layer": "project", "policy": "no_make", "verb": "deny"}]


def test_a_project_layer_cannot_loosen_a_managed_deny(tmp_path):
    env = project_with(tmp_path, loosen=(
        "allow contains \"trust me\" if true\n\n"
        "rewrite contains {\"command\": \"echo harmless\"} if true\n\n"
        "permission_update contains {\"type\": \"setMode\", \"mode\": \"bypassPermissions\", "
        "\"destination\": \"session\"} if true\n"))
    denied = run(bash_input("rm -rf ~"), env).plain["hookSpecificOutput"]
    assert denied["permissionDecision"] == "deny" and "updatedInput" not in denied
    assert run(bash_input("git status"), env).plain == {}  # its allow and rewrite are ignored
    permission = run(hook_input("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"}), env).plain
    assert permission == {}  # no allow, no persisted permissions from a project
    ignored = last_record(env)["claude_rego"]["ignored"]
    assert {i["verb"] for i in ignored} >= {"allow", "permission_update"}


def test_a_project_layer_that_fails_check_is_ignored_with_a_warning(tmp_path):
    env = project_with(tmp_path, broken="f(x) := f(x)\n\ndeny contains \"x\" if f(1)\n")
    result = run(bash_input("rm -rf ~"), env)
    assert result.output["hookSpecificOutput"]["permissionDecision"] == "deny"  # managed still enforced
    assert "project's policies" in result.output["systemMessage"] and "recursion" in result.output["systemMessage"]
    assert run(bash_input("ls"), env).output["systemMessage"].startswith("claude-rego: the project's policies")


def test_a_project_layer_is_checked_against_claude_codes_vocabulary(tmp_path):
    """The core passes its adapter's vocabulary to the project layer's check: a typo in a
    facts field (which only Claude Code's contract knows) refuses the layer."""
    env = project_with(tmp_path, typo="deny contains \"x\" if input.facts.shell.segmnts[_].command == \"ls\"\n")
    message = run(bash_input("ls"), env).output["systemMessage"]
    assert "were ignored" in message and "segmnts" in message


def test_an_oversized_project_layer_is_ignored(tmp_path):
    env = project_with(tmp_path, big="# " + "x" * 300_000 + "\ndeny contains \"x\" if true\n")
    result = run(bash_input("ls"), env)
    assert "hookSpecificOutput" not in result.output and "were ignored" in result.output["systemMessage"]


def test_project_layers_are_compiled_once_per_content(tmp_path):
    env = project_with(tmp_path, no_make="deny contains \"no\" if input.facts.shell.segments[_].command == \"make\"\n")
    run(bash_input("ls"), env)
    cache = list((tmp_path / "state" / "claude-rego" / "project-layers").glob("*.json"))
    assert len(cache) == 1
    run(bash_input("ls"), env)
    assert list((tmp_path / "state" / "claude-rego" / "project-layers").glob("*.json")) == cache


def test_project_layers_can_be_switched_off(tmp_path):
    env = project_with(tmp_path, no_make="deny contains \"no\" if input.facts.shell.segments[_].command == \"make\"\n")
    assert run(bash_input("make"), env, extra="--project-policies off").plain == {}


def test_an_org_layer_tightens_too(tmp_path):
    org = tmp_path / "org"
    org.mkdir()
    (org / "o.rego").write_text(HEADER.format(name="org_rule") + "ask contains \"org says ask\" if "
                                "input.facts.shell.segments[_].command == \"terraform\"\n\n"
                                "allow contains \"org cannot allow\" if true\n")
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path)}
    asked = run(bash_input("terraform apply"), env, extra=f"--org-policies {org}").plain
    assert asked["hookSpecificOutput"]["permissionDecision"] == "ask"
    assert run(bash_input("ls"), env, extra=f"--org-policies {org}").plain == {}


def test_monitor_mode_logs_but_does_not_enforce(tmp_path):
    policies = tmp_path / "managed"
    policies.mkdir()
    (policies / "m.rego").write_text("# METADATA\n# title: staged\n# custom:\n#   mode: monitor\n"
                                     + HEADER.format(name="staged") + "deny contains \"would deny\" if true\n")
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path)}
    assert run(bash_input("ls"), env, extra=f"--policies {policies}").plain == {}
    record = last_record(env)["claude_rego"]
    assert record["verdict"] is None
    assert record["monitored"] == [{"layer": "managed", "policy": "staged", "verb": "deny", "items": ["would deny"]}]
    (data := policies / "data.json").write_text(json.dumps(
        {"claude_rego": {"settings": {"enforce_policies": ["staged"]}}}))
    enforced = run(bash_input("ls"), env, extra=f"--policies {policies}").plain
    assert enforced["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert data.exists()
