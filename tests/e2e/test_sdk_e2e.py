"""An agent built on the Claude Agent SDK, governed in process by PolicyHooks, under the real CLI.

The SDK spawns the pinned CLI (cli_path) against the fake model; our callbacks answer
the CLI's hook_callback control requests. One tool call is denied, another rewritten;
the assertions are about what the CLI did.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

# fake_api.py, loaded by conftest.py under a unique name
from claude_rego_e2e_fake_api import FakeMessagesAPI, bash, text

pytest.importorskip("claude_agent_sdk", reason="claude-agent-sdk is not installed")

POLICIES = Path(__file__).resolve().parent / "policies"


def test_sdk_agent_deny_and_rewrite_under_the_real_cli(e2e):
    from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient
    from claude_rego.sdk import PolicyHooks

    denied, rewritten = bash("touch DENIED_MARKER"), bash("echo original-xyz")
    log = e2e.home / "sdk-decisions.jsonl"
    hooks = PolicyHooks([str(POLICIES / "deny"), str(POLICIES / "rewrite")], decision_log=str(log))
    with FakeMessagesAPI([[denied], [rewritten], [text("done")]]) as api:
        options = ClaudeAgentOptions(cli_path=e2e.cli, cwd=str(e2e.project), env=e2e.environment(api.url),
                                     hooks=hooks.hooks(["PreToolUse"]), allowed_tools=["Bash"], max_turns=6)

        async def drive():
            async with ClaudeSDKClient(options=options) as client:
                await client.query("do two things")
                return [message async for message in client.receive_response()]

        asyncio.run(asyncio.wait_for(drive(), timeout=120))
        conversation = str(api.agent_requests[-1]["messages"])
    assert not (e2e.project / "DENIED_MARKER").exists()
    assert "E2E-DENY-7c1: creating DENIED_MARKER is forbidden by policy" in conversation
    assert "rewritten-xyz" in conversation and "original-xyz\\n" not in conversation
    assert log.read_text().count("decision_id") >= 2
