"""More end-to-end cases under the real CLI (the main suite is tests/e2e): SessionStart env,
PostToolUse context and block, and what the CLI does with a rewrite under ask."""

from __future__ import annotations

from pathlib import Path

from fake_api import text, tool
from harness import claude_cli, harness  # noqa: F401 — fixtures

POLICIES = str(Path(__file__).resolve().parent / "policies")


def bash(command: str, n: int = 1):
    return tool("Bash", {"command": command, "description": "run"}, f"toolu_e2e_{n:03d}")


def test_session_start_env_reaches_a_later_bash_command(harness):
    harness.register(policies=[POLICIES], events=["SessionStart"])
    run = harness.run("env", [bash("echo value=$E2E_FROM_POLICY"), text("done")])
    assert "value=policy-env-5521" in run.tool_result_text()


def test_post_tool_use_context_and_block_reach_the_next_request(harness):
    harness.register(policies=[POLICIES], events=["PostToolUse"])
    run = harness.run("post", [bash("echo post-marker"), text("done")])
    after_tool = str(run.main_requests[-1])
    assert "E2E-POST-CONTEXT-1187" in after_tool and "E2E-POST-BLOCK-2290" in after_tool


def test_rewrite_under_ask_is_what_the_host_is_asked_about(harness):
    """Finding (docs/real-cli-findings.md): with ask + updatedInput, the prompt shows the rewritten input."""
    from harness import run_sdk_mode
    harness.register(policies=[POLICIES], events=["PreToolUse"], allow=["Bash"])
    run, prompts, _ = run_sdk_mode(harness, "ask", [bash("echo ask-rewrite"), text("done")],
                                   answer=lambda r: {"behavior": "allow", "updatedInput": r["input"]})
    print("prompt input under ask+rewrite:", prompts[0]["input"] if prompts else None, "| ran:", run.tool_result_text())
    assert prompts and prompts[0]["input"]["command"] == "echo ask-rewritten"
    assert "ask-rewritten" in run.tool_result_text()
