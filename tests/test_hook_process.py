"""The real `claude-rego hook` process, run through the exact registered command string.

Every answer is checked against the referee schema of the real CLI for its event; the
failure table is proven with injected faults (crash, hang, errors), broken policies and
garbage stdin.
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from claude_rego.claudecode.events import EVENTS, event_info
from claude_rego.claudecode.install import hook_command
from conftest import POLICIES, SAMPLES, SCRIPTED, bash_input, hook_input, needs_samples, run_registered

BLOCKING = {"PreToolUse", "PermissionRequest", "UserPromptSubmit", "UserPromptExpansion",
            "ConfigChange", "Elicitation", "ElicitationResult", "PreModelSwitch"}


def run(event: str, payload, *, policies=None, env=None, deadline=3.0, python=None, timeout=30):
    command = hook_command(event, python=python or sys.executable, policies=policies, deadline=deadline)
    stdin = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return run_registered(command, stdin, event=event, env=env, timeout=timeout)


def assert_failure_answer(result, event: str):
    """The failure table (docs/policy-contract.md §5), as the real CLI would read it."""
    result.assert_valid()
    info = event_info(event)
    if event in ("PreToolUse", "PreModelSwitch"):
        spec = result.output["hookSpecificOutput"]
        assert spec["permissionDecision"] == "deny"
        assert "claude-rego" in spec["permissionDecisionReason"]
    elif event == "PermissionRequest":
        assert result.output["hookSpecificOutput"]["decision"]["behavior"] == "deny"
    elif event in ("UserPromptSubmit", "UserPromptExpansion", "ConfigChange"):
        assert result.output["decision"] == "block"
    elif event in ("Elicitation", "ElicitationResult"):
        assert result.output["hookSpecificOutput"]["action"] == "decline"
    elif event == "WorktreeCreate":
        assert result.returncode == 2 and "claude-rego" in result.stderr
    else:
        # Never a trap, never a block: no decision, just a visible warning.
        assert result.returncode == 0
        assert "decision" not in result.output and "continue" not in result.output
        assert "claude-rego" in result.output["systemMessage"]
    assert info.blocks_on_failure == (event in BLOCKING or event == "WorktreeCreate")


# ------------------------------------------------------------------ samples, no opinion

@needs_samples
@pytest.mark.parametrize("event", sorted(SAMPLES))
def test_every_sample_gets_a_valid_answer_from_the_default_pack(event, hook_env):
    result = run(event, SAMPLES[event], env=hook_env).assert_valid()
    assert result.returncode == 0


@needs_samples
@pytest.mark.parametrize("event", sorted(SAMPLES))
def test_no_opinion_is_an_empty_object(event, hook_env):
    """With no policy opinion the answer is `{}`: Claude Code's own rules keep working."""
    result = run(event, SAMPLES[event], policies=[SCRIPTED], env=hook_env).assert_valid()
    assert result.output == {}


# ----------------------------------------------------------------------- verbs end to end

def test_deny_reaches_the_cli_as_permission_decision(hook_env):
    payload = bash_input("ls", x_test={"a": {"deny": ["no ls today"]}, "b": {"deny": ["nor tomorrow"]}})
    result = run("PreToolUse", payload, policies=[SCRIPTED], env=hook_env).assert_valid()
    out = result.plain
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert out["hookSpecificOutput"]["permissionDecisionReason"] == "no ls today\nnor tomorrow"
    assert len(result.decision_ids) == 1  # quotable, and found in the decision log


def test_rewrite_is_merged_onto_the_full_input(hook_env):
    payload = bash_input("npm test", x_test={"a": {"rewrite": [{"command": "timeout 600 npm test"}]}})
    out = run("PreToolUse", payload, policies=[SCRIPTED], env=hook_env).assert_valid().output
    assert out["hookSpecificOutput"]["updatedInput"] == {"command": "timeout 600 npm test", "description": "run"}
    assert "permissionDecision" not in out["hookSpecificOutput"]


def test_rewrite_into_a_denied_command_is_not_emitted(hook_env):
    payload = bash_input("ok", x_test={"a": {"rewrite": [{"command": "forbidden"}]}})
    out = run("PreToolUse", payload, policies=[SCRIPTED], env=hook_env).assert_valid().output
    spec = out["hookSpecificOutput"]
    assert spec["permissionDecision"] == "deny"
    assert "updatedInput" not in spec
    assert "forbidden" in spec["permissionDecisionReason"]


def test_stop_block_and_halt(hook_env):
    out = run("Stop", hook_input("Stop", x_test={"a": {"deny": ["run the tests first"]}}),
              policies=[SCRIPTED], env=hook_env).assert_valid().plain
    assert out == {"decision": "block", "reason": "run the tests first"}
    out = run("Stop", hook_input("Stop", x_test={"a": {"halt": ["stop everything"], "deny": ["x"]}}),
              policies=[SCRIPTED], env=hook_env).assert_valid().output
    assert out == {"continue": False, "stopReason": "stop everything"}


def test_session_start_env_lines_reach_claude_env_file(hook_env, tmp_path):
    env_file = tmp_path / "env.sh"
    payload = hook_input("SessionStart", x_test={"a": {"env": [{"PROJECT_MODE": "safe mode's on"}],
                                                       "context": ["project rules: be careful"]}})
    out = run("SessionStart", payload, policies=[SCRIPTED],
              env={**hook_env, "CLAUDE_ENV_FILE": str(env_file)}).assert_valid().output
    assert out["hookSpecificOutput"]["additionalContext"] == "project rules: be careful"
    assert env_file.read_text() == "export PROJECT_MODE='safe mode'\"'\"'s on'\n"


# ------------------------------------------------------------------------ failure table

@pytest.mark.parametrize("event", sorted(EVENTS))
def test_garbage_stdin_gets_the_failure_answer(event, hook_env):
    assert_failure_answer(run(event, b"not json", env=hook_env), event)


@pytest.mark.parametrize("payload", [
    b"", b"\xff\xfe{}", b"[1, 2]", b'"string"', b"{" * 5000, b'{"a":' * 100 + b"1" + b"}" * 100,
], ids=["empty", "not-utf8", "array", "string", "unbalanced-deep", "nested-100"])
@pytest.mark.parametrize("event", ["PreToolUse", "Stop", "UserPromptSubmit", "SessionStart"])
def test_bad_input_never_crashes(event, payload, hook_env):
    assert_failure_answer(run(event, payload, env=hook_env), event)


def test_oversized_stdin_is_refused(hook_env):
    payload = bash_input("x" * (17 * 1024 * 1024))
    assert_failure_answer(run("PreToolUse", payload, env=hook_env), "PreToolUse")


def test_huge_tool_response_is_truncated_not_refused(hook_env):
    payload = hook_input("PostToolUse", tool_response={"stdout": "y" * (2 * 1024 * 1024), "stderr": ""},
                         x_test={"a": {"context": ["seen"]}})
    out = run("PostToolUse", payload, policies=[SCRIPTED], env=hook_env).assert_valid().output
    assert out["hookSpecificOutput"]["additionalContext"] == "seen"


def test_unreadable_stdin_without_event_exits_2():
    from conftest import run_registered
    command = f"{sys.executable} -I -m claude_rego hook"
    result = run_registered(command, b"garbage", event="PreToolUse")
    assert result.returncode == 2 and result.stdout == ""
    assert "fail closed" in result.stderr


def test_event_mismatch_gets_the_registered_events_failure_answer(hook_env):
    assert_failure_answer(run("PreToolUse", hook_input("Stop"), env=hook_env), "PreToolUse")


@pytest.mark.parametrize("fault", ["crash", "abort", "error", "compile_error", "invalid_decision",
                                   "garbage_answer", "invalid_output"])
@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop",
                                   "SubagentStop", "SessionStart", "PostToolUse"])
def test_engine_faults_give_the_failure_answer(fault, event, hook_env):
    # invalid_decision: the fake engine (engines/faulty.py) answers values that are not sets
    # for the routed rules; the scripted policies route to every event, so there are some.
    policies = [SCRIPTED] if fault == "invalid_decision" else None
    result = run(event, hook_input(event, tool_name="Bash", tool_input={"command": "ls"}), policies=policies,
                 env={**hook_env, "CLAUDE_REGO_TEST_FAULT": fault})
    assert_failure_answer(result, event)


@pytest.mark.parametrize("event", ["PreToolUse", "Stop"])
def test_a_hanging_engine_is_cut_off_at_the_deadline(event, hook_env):
    started = time.monotonic()
    result = run(event, hook_input(event, tool_name="Bash", tool_input={"command": "ls"}),
                 env={**hook_env, "CLAUDE_REGO_TEST_FAULT": "hang"}, deadline=1.0)
    elapsed = time.monotonic() - started
    assert_failure_answer(result, event)
    # Not a timing assertion on speed: the answer came although the engine never did,
    # well inside the registered timeout that Claude Code would enforce.
    assert elapsed < 1.0 + 7


def test_a_policy_that_segfaults_the_engine_still_gets_an_answer(hook_env):
    result = run("PreToolUse", bash_input("ls"), policies=[str(POLICIES / "crash")], env=hook_env)
    assert_failure_answer(result, "PreToolUse")


def test_a_stop_hook_with_a_crashing_engine_lets_the_session_stop(hook_env):
    result = run("Stop", hook_input("Stop"), policies=[str(POLICIES / "crash")], env=hook_env)
    assert_failure_answer(result, "Stop")


@pytest.mark.parametrize("broken", ["broken", "does-not-exist"])
def test_broken_policies_fail_closed(broken, hook_env):
    result = run("PreToolUse", bash_input("ls"), policies=[str(POLICIES / broken)], env=hook_env)
    assert_failure_answer(result, "PreToolUse")


def test_python_that_cannot_start_still_blocks(tmp_path):
    """The shell-level last resort of the registered command."""
    missing = str(tmp_path / "no-such-python")
    result = run("PreToolUse", bash_input("ls"), python=missing)
    assert result.returncode == 2 and "fail closed" in result.stderr
    result = run("Stop", hook_input("Stop"), python=missing)
    assert result.returncode == 0  # never a trap; one warning the user sees
    assert json.loads(result.stdout)["systemMessage"].startswith("claude-rego: the policy engine is broken")


def test_subprocess_isolation_gives_the_same_answers(hook_env):
    from conftest import run_registered
    base = f"{sys.executable} -I -m claude_rego hook --event PreToolUse --policies {SCRIPTED}"
    payload = json.dumps(bash_input("ok", x_test={"a": {"deny": ["nope"]}})).encode()
    forked = run_registered(base, payload, event="PreToolUse", env=hook_env).assert_valid()
    spawned = run_registered(base + " --isolation subprocess", payload, event="PreToolUse",
                             env=hook_env).assert_valid()
    assert forked.plain == spawned.plain
    assert spawned.output["hookSpecificOutput"]["permissionDecision"] == "deny"
    crashed = run_registered(base + " --isolation subprocess", payload, event="PreToolUse",
                             env={**hook_env, "CLAUDE_REGO_TEST_FAULT": "crash"})
    assert_failure_answer(crashed, "PreToolUse")


def test_rego_print_goes_to_the_log_not_stderr(tmp_path, hook_env):
    policy = tmp_path / "printing.rego"
    policy.write_text("package claude_rego.policies.printing\nimport rego.v1\n"
                      "context contains \"c\" if { print(\"debug from rego\") }\n")
    result = run("PreToolUse", bash_input("ls"), policies=[str(tmp_path)], env=hook_env).assert_valid()
    assert result.stderr == "" and "debug" not in result.stdout
    log = (tmp_path / "state" / "claude-rego" / "hook.log").read_text()
    assert "debug from rego" in log
