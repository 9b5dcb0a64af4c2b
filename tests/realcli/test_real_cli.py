"""End-to-end under the real Claude Code CLI 2.1.197: what the CLI did with our answers."""

from __future__ import annotations

import sys
from pathlib import Path

from fake_api import text, tool
from harness import claude_cli, harness  # noqa: F401 — fixtures

POLICIES = str(Path(__file__).resolve().parent / "policies")
ALL = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "Stop"]


def bash(command: str, n: int = 1):
    return tool("Bash", {"command": command, "description": "run"}, f"toolu_e2e_{n:03d}")


def test_deny_keeps_the_tool_from_running_and_the_model_gets_the_reason(harness):
    harness.register(policies=[POLICIES], events=["PreToolUse"])
    run = harness.run("make a marker", [bash("touch DENIED_MARKER"), text("done")])
    assert run.returncode == 0, run.stderr
    assert not (harness.project / "DENIED_MARKER").exists()
    (result,) = run.tool_results()
    assert result.get("is_error") is True
    assert "e2e: touching DENIED_MARKER is not allowed" in run.tool_result_text()
    assert "[claude-rego decision " in run.tool_result_text()


def test_rewrite_runs_the_rewritten_command_with_sibling_fields_kept(harness):
    harness.register(policies=[POLICIES], events=["PreToolUse", "PostToolUse"])
    run = harness.run("echo something", [bash("echo original-xyz"), text("done")])
    output = run.tool_result_text()
    assert "rewritten-xyz" in output and "original-xyz" not in output


def test_a_rewrite_into_a_denied_command_is_not_run(harness):
    harness.register(policies=[POLICIES], events=["PreToolUse"])
    run = harness.run("smuggle", [bash("echo smuggle"), text("done")])
    assert not (harness.project / "SMUGGLED_MARKER").exists()
    assert "forbidden-marker may not run" in run.tool_result_text()


def test_prompt_with_a_secret_is_blocked_before_any_model_request(harness):
    harness.register(events=["UserPromptSubmit"])  # the built-in pack
    run = harness.run("deploy with AKIAABCDEFGHIJKLMNOP now", [text("should not happen")])
    assert "AKIAABCDEFGHIJKLMNOP" not in run.all_request_text()
    assert not run.main_requests


def test_prompt_and_session_start_context_reach_the_first_request(harness):
    harness.register(policies=[POLICIES], events=["UserPromptSubmit", "SessionStart"])
    run = harness.run("hello, please add context", [text("done")])
    first = str(run.main_requests[0])
    assert "E2E-PROMPT-CONTEXT-4409" in first and "E2E-SESSION-CONTEXT-7731" in first


def test_stop_block_feeds_back_once_and_then_lets_claude_stop(harness):
    harness.register(policies=[POLICIES], events=["Stop"])
    run = harness.run("finish", [text("first-stop"), text("second-stop")])
    assert run.returncode == 0
    assert len(run.main_requests) == 2
    assert "E2E-STOP-FEEDBACK" in str(run.main_requests[1])


def test_halt_keeps_the_tool_from_running(harness):
    """See docs/real-cli-findings.md: 2.1.197 cannot both deny a call and end the run."""
    harness.register(policies=[POLICIES], events=["PreToolUse"])
    run = harness.run("halt", [bash("echo halt-now > HALT_MARKER"), text("after")])
    assert not (harness.project / "HALT_MARKER").exists()
    assert "e2e: halted by policy" in run.tool_result_text()


def test_secrets_in_tool_output_are_redacted_before_the_model_sees_them(harness):
    harness.register(events=["PostToolUse"])  # the built-in pack
    run = harness.run("show the key", [bash("echo AWS_ACCESS_KEY_ID=AKIAABCDEFGHIJKLMNOP"), text("done")])
    output = run.tool_result_text()
    print("tool_result seen by the model:", output)
    assert "AKIAABCDEFGHIJKLMNOP" not in output
    assert "[REDACTED AWS KEY]" in output


def test_default_pack_denies_a_destructive_command(harness):
    harness.register(events=["PreToolUse"])
    run = harness.run("clean up", [bash("rm -rf ~/"), text("done")])
    assert "recursively deletes" in run.tool_result_text()


def test_engine_crash_and_hang_block_the_tool(harness):
    harness.register(events=["PreToolUse"], deadline=1.0)
    for fault in ("crash", "hang"):
        run = harness.run("touch", [bash(f"touch {fault.upper()}_MARKER"), text("done")],
                          env={"CLAUDE_REGO_TEST_FAULT": fault})
        assert not (harness.project / f"{fault.upper()}_MARKER").exists(), run.tool_result_text()
        assert "claude-rego" in run.tool_result_text()


def test_a_python_that_cannot_start_still_blocks(harness, tmp_path):
    harness.register(events=["PreToolUse"], python=str(tmp_path / "no-python"))
    run = harness.run("touch", [bash("touch NOPY_MARKER"), text("done")])
    assert not (harness.project / "NOPY_MARKER").exists()
    assert "fail closed" in run.tool_result_text()


def test_a_crashing_engine_never_traps_a_session_in_stop(harness):
    harness.register(policies=[POLICIES], events=["Stop"])
    run = harness.run("finish", [text("first-stop"), text("second")], env={"CLAUDE_REGO_TEST_FAULT": "crash"})
    assert run.returncode == 0 and len(run.main_requests) == 1


def test_session_start_env_reaches_a_later_bash_command(harness):
    harness.register(policies=[POLICIES], events=["SessionStart"])
    run = harness.run("env", [bash("echo value=$E2E_FROM_POLICY"), text("done")])
    assert "value=policy-env-5521" in run.tool_result_text()


def test_post_tool_use_context_and_block_reach_the_next_request(harness):
    harness.register(policies=[POLICIES], events=["PostToolUse"])
    run = harness.run("post", [bash("echo post-marker"), text("done")])
    after_tool = str(run.main_requests[-1])
    assert "E2E-POST-CONTEXT-1187" in after_tool and "E2E-POST-BLOCK-2290" in after_tool


def test_ask_reaches_the_host_even_where_an_allow_rule_exists(harness):
    from harness import run_sdk_mode
    harness.register(policies=[POLICIES], events=["PreToolUse"], allow=["Bash"])
    run, prompts, _ = run_sdk_mode(harness, "ask", [bash("echo ask-marker"), text("done")],
                                   answer=lambda r: {"behavior": "allow", "updatedInput": r["input"]})
    assert len(prompts) == 1 and prompts[0]["input"]["command"] == "echo ask-marker"
    assert "ask-marker" in run.tool_result_text()


def test_rewrite_under_ask_is_what_the_host_is_asked_about(harness):
    """Finding (docs/real-cli-findings.md): with ask + updatedInput, the prompt shows the rewritten input."""
    from harness import run_sdk_mode
    harness.register(policies=[POLICIES], events=["PreToolUse"], allow=["Bash"])
    run, prompts, _ = run_sdk_mode(harness, "ask", [bash("echo ask-rewrite"), text("done")],
                                   answer=lambda r: {"behavior": "allow", "updatedInput": r["input"]})
    print("prompt input under ask+rewrite:", prompts[0]["input"] if prompts else None, "| ran:", run.tool_result_text())
    assert prompts and prompts[0]["input"]["command"] == "echo ask-rewritten"
    assert "ask-rewritten" in run.tool_result_text()


def test_permission_request_allow_and_deny_withdraw_the_prompt(harness):
    """Commands that need approval (read-only ones like `echo` are auto-allowed by the CLI)."""
    from harness import run_sdk_mode
    harness.register(policies=[POLICIES], events=["PermissionRequest"], allow=[])
    run, prompts, cancels = run_sdk_mode(harness, "perm", [bash("touch PERM_ALLOW_MARKER", 1),
                                                           bash("touch PERM_DENY_MARKER", 2), text("done")],
                                         answer_after=5.0)
    print("prompts:", len(prompts), "cancels:", len(cancels), "results:", run.tool_result_text())
    assert (harness.project / "PERM_ALLOW_MARKER").exists()  # the hook allowed it; the host never answered
    assert not (harness.project / "PERM_DENY_MARKER").exists()
    assert "E2E-PERM-DENY" in run.tool_result_text()
    assert len(cancels) == len(prompts) == 2  # the CLI withdrew both of its own prompts
