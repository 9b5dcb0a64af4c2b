"""The fake engine (engines/faulty.py) goes through the ordinary engine seam: injected in
process here, selected by CLAUDE_REGO_TEST_FAULT in the hook process
(tests/test_hook_process.py, tests/test_fault_injection.py). Each fault fails loading or
evaluation, so a caller can only answer from the failure table."""

from __future__ import annotations

import pytest
from claude_rego import api
from claude_rego.claudecode import worker
from claude_rego.claudecode.adapter import ADAPTER
from claude_rego.decide.decision import InvalidDecision
from claude_rego.decide.pipeline import open_evaluator
from claude_rego.engines.base import EngineError
from claude_rego.engines.faulty import FaultyEngine
from claude_rego.engines.regorus_engine import RegorusEngine
from conftest import SCRIPTED, bash_input, hook_input


@pytest.mark.parametrize("fault, error", [("error", EngineError), ("compile_error", EngineError),
                                          ("invalid_decision", InvalidDecision)])
@pytest.mark.parametrize("event", ["PreToolUse", "Stop"])
def test_an_injected_fault_is_a_real_failure_of_the_decision(fault, error, event):
    payload = hook_input(event, tool_name="Bash", tool_input={"command": "ls"})
    with pytest.raises(error):
        evaluator = open_evaluator(ADAPTER, [SCRIPTED], engine=FaultyEngine(fault, RegorusEngine()), project="off")
        evaluator.decide(payload, event_name=event)


def test_the_hook_child_selects_the_fake_engine_from_the_request():
    request = {"hook": bash_input("ls"), "event": "PreToolUse", "sources": [SCRIPTED], "project_policies": "off"}
    assert worker.compute(request)["exit"] == 0
    with pytest.raises(InvalidDecision):
        worker.compute(dict(request, fault="invalid_decision"))
    with pytest.raises(ValueError):  # an unknown fault is refused, never ignored
        worker.compute(dict(request, fault="no-such-fault"))


def test_the_library_answers_an_engine_fault_from_the_failure_table(monkeypatch):
    monkeypatch.setattr(api, "open_evaluator",
                        lambda adapter, sources, **kw: open_evaluator(adapter, sources, engine=FaultyEngine(
                            "invalid_decision", RegorusEngine()), **kw))
    monkeypatch.setattr(api, "_evaluators", {})
    out, code, decision = api.decide_hook(bash_input("ls"), policy_paths=[SCRIPTED], project="off")
    assert decision is None
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "InvalidDecision" in out["hookSpecificOutput"]["permissionDecisionReason"]
