"""The managed configuration: validated with clear errors; in managed mode nothing local loosens it."""

from __future__ import annotations

import json
import sys

from claude_rego.claudecode.install import hook_command
from claude_rego.policy import policyset, snapshot
from conftest import SCRIPTED, bash_input, cli, run_registered


def test_invalid_configuration_lists_every_problem(tmp_path):
    path = tmp_path / "claude-rego.json"
    path.write_text(json.dumps({"policies": "relative/path", "deadline_seconds": 0, "surprise": 1,
                                "opa": {"url": "ftp://x"}}))
    result = cli("config", "validate", str(path))
    assert result.returncode == 1
    for field in ("policies: Value error, must be an absolute path", "deadline_seconds", "surprise", "opa.url"):
        assert field in result.stderr, result.stderr


def managed_setup(tmp_path, **extra):
    snap = tmp_path / "active.snapshot.json"
    policyset.write_snapshot(policyset.compile_sources([snapshot.default_pack_dir()]), snap)
    config = tmp_path / "claude-rego.json"
    config.write_text(json.dumps({"policies": str(snap), **extra}))
    result = cli("config", "compile", str(config))
    assert result.returncode == 0, result.stderr
    return tmp_path / "claude-rego.runtime.json"


def run(payload, runtime, env, policies=None):
    command = hook_command("PreToolUse", python=sys.executable, policies=policies).replace(
        " hook --event ", f" hook --managed-config {runtime} --event ", 1)
    return run_registered(command, json.dumps(payload).encode(), event="PreToolUse", env=env).assert_valid()


def test_managed_mode_ignores_fault_injection_and_local_policy_options(tmp_path):
    runtime = managed_setup(tmp_path)
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "CLAUDE_REGO_TEST_FAULT": "crash"}
    # the registration asks for the scripted test policies; the managed config wins
    result = run(bash_input("rm -rf ~"), runtime, env, policies=[SCRIPTED])
    spec = result.plain["hookSpecificOutput"]
    assert spec["permissionDecision"] == "deny" and "recursively deletes" in spec["permissionDecisionReason"]


def test_managed_config_can_switch_project_layers_off(tmp_path):
    runtime = managed_setup(tmp_path, project_policies="off")
    project = tmp_path / "project"
    (project / ".claude" / "policies").mkdir(parents=True)
    (project / ".claude" / "policies" / "p.rego").write_text(
        "package claude_rego.policies.p\nimport rego.v1\ndeny contains \"project says no\" if true\n")
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "CLAUDE_PROJECT_DIR": str(project)}
    assert run(bash_input("ls"), runtime, env).plain == {}


def test_an_unreadable_managed_config_fails_closed(tmp_path):
    runtime = tmp_path / "claude-rego.runtime.json"
    runtime.write_text("{not json")
    result = run(bash_input("ls"), runtime, {"XDG_STATE_HOME": str(tmp_path)})
    assert result.output["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_configured_paths_are_never_written_to_the_decision_log(tmp_path):
    runtime = managed_setup(tmp_path, decision_log={"path": str(tmp_path / "d.jsonl"),
                                                    "masked_paths": ["tool_input.description"]})
    payload = bash_input("ls")
    payload["tool_input"]["description"] = "internal codename ZEBRA"
    run(payload, runtime,
        {"XDG_STATE_HOME": str(tmp_path / "state")})
    text = (tmp_path / "d.jsonl").read_text()
    assert "ZEBRA" not in text and '"description":"[MASKED]"' in text
