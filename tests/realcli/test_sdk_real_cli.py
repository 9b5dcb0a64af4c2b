"""An agent built on the Claude Agent SDK, governed in process by PolicyHooks, under the real CLI.

The SDK spawns the pinned CLI (cli_path) against the fake model; our callbacks answer
the CLI's hook_callback control requests. One tool call is denied, another rewritten;
the assertions are about what the CLI did.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from fake_api import FakeMessagesApi, text, tool
from harness import claude_cli, harness  # noqa: F401 — fixtures

pytest.importorskip("claude_agent_sdk", reason="claude-agent-sdk is not installed")

POLICIES = str(Path(__file__).resolve().parent / "policies")


def test_sdk_agent_deny_and_rewrite_under_the_real_cli(harness, claude_cli):
    from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

    from claude_rego.sdk import PolicyHooks

    api = FakeMessagesApi([
        tool("Bash", {"command": "touch DENIED_MARKER", "description": "x"}, "toolu_sdk_1"),
        tool("Bash", {"command": "echo original-xyz", "description": "y"}, "toolu_sdk_2"),
        text("done"),
    ])
    env = {"HOME": str(harness.home), "ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-fake",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1",
           "DISABLE_ERROR_REPORTING": "1", "NO_PROXY": "127.0.0.1,localhost",
           "PATH": f"{harness.guard}:{os.environ.get('PATH', '')}"}
    hooks = PolicyHooks([POLICIES], decision_log=str(harness.state / "sdk.jsonl"))
    options = ClaudeAgentOptions(cli_path=claude_cli, cwd=str(harness.project), env=env,
                                 hooks=hooks.hooks(["PreToolUse"]), allowed_tools=["Bash"], max_turns=6)

    async def drive():
        async with ClaudeSDKClient(options=options) as client:
            await client.query("do two things")
            return [message async for message in client.receive_response()]

    try:
        asyncio.run(asyncio.wait_for(drive(), timeout=120))
    finally:
        api.close()
    assert not (harness.project / "DENIED_MARKER").exists()
    conversation = str(api.main_requests[-1]["messages"])
    assert "e2e: touching DENIED_MARKER is not allowed" in conversation
    assert "rewritten-xyz" in conversation and "original-xyz\\n" not in conversation
    assert (harness.state / "sdk.jsonl").read_text().count("decision_id") >= 2
