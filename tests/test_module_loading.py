"""Loading only the modules a decision needs (snapshot `deps`, Layer.ensure_loaded) must
never change a decision: a module left out would make its rules silently undefined.

Every input of the bypass corpus, the golden fixtures and the real CLI's samples is
decided twice — by evaluators that load modules on demand, fresh per (event, tool) as a
hook process is, and by one that loads everything — and the decisions must be equal.
"""

from __future__ import annotations

import json

import pytest
from claude_rego.claudecode.adapter import ADAPTER
from claude_rego.claudecode.events import tool_class
from claude_rego.decide.pipeline import Evaluator
from claude_rego.policy import policyset, snapshot
from conftest import SAMPLES, TESTS, bash_input, hook_input
from test_default_pack_bypass import ENV, EVASION_CASES, PROJECT

PACK = policyset.compile_sources([snapshot.default_pack_dir()])


def corpus() -> list[dict]:
    inputs = [bash_input(command, cwd=PROJECT) for _, command in EVASION_CASES]
    inputs += [json.loads(p.read_text())["input"] for p in sorted((TESTS / "golden").glob("*.json"))]
    inputs += list(SAMPLES.values())
    inputs += [hook_input("PreToolUse", tool_name=tool, cwd=PROJECT, tool_input=fields) for tool, fields in [
        ("Read", {"file_path": f"{PROJECT}/.env"}), ("Write", {"file_path": "/etc/hosts", "content": "x"}),
        ("Edit", {"file_path": f"{PROJECT}/.github/workflows/ci.yml", "old_string": "a", "new_string": "b"}),
        ("mcp__evil__run", {"x": 1}), ("WebFetch", {"url": "https://example.com", "prompt": "p"})]]
    inputs += [hook_input("UserPromptSubmit", prompt="my key is AKIAIOSFODNN7EXAMPLE"),
               hook_input("Stop", stop_hook_active=False)]
    return inputs


def comparable(decision: dict) -> dict:
    return {k: v for k, v in decision.items() if k not in ("revision", "revisions")}


def test_dependencies_are_recorded_and_narrow():
    # by file name: the pack is flat or laid out by package (tools/relayout_pack.py)
    def name(path):
        return path.rsplit("/", 1)[-1]
    deps = {name(m["path"]): [name(d) for d in m["deps"]] for m in PACK["modules"]}
    assert deps["stop_gate.rego"] == ["settings.rego"]
    assert "shell.rego" in deps["destructive_shell.rego"]
    stop = [p for p, _ in snapshot.routed_rules(PACK, "Stop", None, None)]
    assert [name(m["path"]) for m in snapshot.needed_modules(PACK, stop)] == ["settings.rego", "stop_gate.rego"]


@pytest.mark.parametrize("text, expected", [
    ('package p.a\nx := data.q.b.rule', {"q.rego"}),
    ('package p.a\nx := data.q', {"q.rego", "q2.rego"}),                 # a prefix: every package below
    ('package p.a\nx := data[y]', {"q.rego", "q2.rego", "r.rego"}),      # computed: everything
    ('package p.a\nx := walk(data)', {"q.rego", "q2.rego", "r.rego"}),
    ('package p.a\nimport data.r as other\nx := other.y', {"r.rego"}),
    ('package p.a\n# data[x] in a comment\nx := "data[y]"', set()),      # comments, strings: nothing
    ('package p.a\nx := input.data.q', set()),                          # a field named data
])
def test_dependency_scan_is_conservative(text, expected):
    modules = [{"path": "a.rego", "package": "p.a", "text": text},
               {"path": "q.rego", "package": "q.b", "text": "package q.b\nrule := 1"},
               {"path": "q2.rego", "package": "q.c", "text": "package q.c\nrule := 1"},
               {"path": "r.rego", "package": "r", "text": "package r\ny := 1"}]
    policyset._add_dependencies(modules)
    assert set(modules[0]["deps"]) == expected


def test_on_demand_loading_decides_exactly_as_loading_everything():
    everything = dict(PACK, modules=[{k: v for k, v in m.items() if k != "deps"} for m in PACK["modules"]])
    assert snapshot.needed_modules(everything, []) is None  # no dependency records: load all
    full = Evaluator(ADAPTER, everything)
    on_demand: dict = {}
    inputs = corpus()
    assert len(inputs) > 700
    for payload in inputs:
        tool = payload.get("tool_name")
        key = (payload["hook_event_name"], tool_class(tool) if tool else None)
        lazy = on_demand.setdefault(key, Evaluator(ADAPTER, PACK))
        assert comparable(lazy.decide(payload, environ=ENV)) == comparable(full.decide(payload, environ=ENV)), payload
    loaded = {key: len(e.layers[0]._loaded) for key, e in on_demand.items()}
    assert loaded[("Stop", None)] == 2 and loaded[("PreToolUse", "shell")] < len(PACK["modules"])
