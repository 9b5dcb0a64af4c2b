"""Claude Agent SDK callbacks: same answers as `claude-rego hook`, safe under asyncio and threads."""

from __future__ import annotations

import asyncio
import json
import sys
import threading

import pytest
from claude_rego.claudecode.install import hook_command
from claude_rego.sdk import SDK_EVENTS, PolicyHooks, PolicyRefused
from conftest import POLICIES, SAMPLES, bash_input, hook_input, run_registered, strip_decision_ids, validate_output

pytest.importorskip("claude_agent_sdk", reason="claude-agent-sdk is not installed (pip install '.[sdk]')")

ENV = {"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/project"}


@pytest.fixture(scope="module")
def policy_hooks(tmp_path_factory):
    return PolicyHooks(decision_log=str(tmp_path_factory.mktemp("log") / "decisions.jsonl"))


CRAFTED = [bash_input("rm -rf ~"), bash_input("npm test"), bash_input("git status"), bash_input("sudo ls"),
           hook_input("UserPromptSubmit", prompt="key AKIAABCDEFGHIJKLMNOP"),
           hook_input("PostToolUse", tool_response={"stdout": "AKIAABCDEFGHIJKLMNOP", "stderr": "",
                                                    "interrupted": False, "isImage": False})]


@pytest.mark.parametrize("payload", [*SAMPLES.values(), *CRAFTED],
                         ids=[*[f"sample-{e}" for e in SAMPLES], *[f"crafted-{i}" for i in range(len(CRAFTED))]])
def test_callback_answers_exactly_like_the_hook_command(policy_hooks, payload, monkeypatch, tmp_path):
    event = payload["hook_event_name"]
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    via_sdk = asyncio.run(policy_hooks.callback(payload, payload.get("tool_use_id"), {"signal": None}))
    via_hook = run_registered(hook_command(event, python=sys.executable), json.dumps(payload).encode(),
                              event=event, env={**ENV, "XDG_STATE_HOME": str(tmp_path)}).assert_valid()
    assert strip_decision_ids(via_sdk) == via_hook.plain
    validate_output(event, via_sdk, tool_name=payload.get("tool_name"))


def test_concurrent_callbacks_from_asyncio_and_threads(policy_hooks):
    deny, allow = bash_input("rm -rf /"), bash_input("ls")

    async def many():
        return await asyncio.gather(*[policy_hooks.callback(deny if i % 2 else allow, None, {}) for i in range(40)])

    answers = asyncio.run(many())
    assert all(a.get("hookSpecificOutput", {}).get("permissionDecision") == ("deny" if i % 2 else None)
               for i, a in enumerate(answers))
    results = []
    threads = [threading.Thread(target=lambda: results.append(policy_hooks.answer(deny))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 8 and all(r["hookSpecificOutput"]["permissionDecision"] == "deny" for r in results)


def test_policies_that_fail_check_are_refused():
    with pytest.raises(PolicyRefused, match="recursion"):
        PolicyHooks([str(POLICIES / "crash")])


def test_a_slow_evaluation_gets_the_failure_answer_and_the_engine_recovers(tmp_path):
    (tmp_path / "slow.rego").write_text(
        "package claude_rego.policies.slow\nimport rego.v1\n"
        "deny contains \"slow\" if {\n\tinput.hook.tool_input.command == \"slow\"\n"
        "\tcount([x | some x in numbers.range(1, 30000000)]) < 0\n}\n")
    hooks = PolicyHooks([str(tmp_path)], deadline=0.3, decision_log=str(tmp_path / "d.jsonl"))
    out = hooks.answer(bash_input("slow"))
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "deadline" in out["hookSpecificOutput"]["permissionDecisionReason"]
    stop = hooks.answer(hook_input("Stop"))
    assert "decision" not in stop  # a Stop never gets trapped; the replaced engine answers again
    assert hooks.answer(bash_input("ls")) == {}


def test_hooks_mapping_registers_governed_sdk_events_with_matchers(policy_hooks):
    from claude_agent_sdk import HookMatcher
    mapping = policy_hooks.hooks()
    assert set(mapping) <= set(SDK_EVENTS) and "PreToolUse" in mapping and "UserPromptSubmit" in mapping
    (matcher,) = mapping["PreToolUse"]
    # None: every tool (the secret and write policies follow effects, so they see every tool)
    assert isinstance(matcher, HookMatcher) and (matcher.matcher is None or "Bash" in matcher.matcher.split("|"))
    assert matcher.hooks == [policy_hooks.callback]
