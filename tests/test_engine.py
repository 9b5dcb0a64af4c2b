"""The embedded engine's contract (engines/base.py): {rule path: value} for defined rules,
undefined ones absent, errors as EngineError — the same whether the rules are evaluated
together (one generated rule) or one by one."""

from __future__ import annotations

import json

import pytest
from claude_rego.engines import regorus_engine
from claude_rego.engines.base import EngineError
from claude_rego.engines.regorus_engine import RegorusEngine

MODULES = [("a.rego", """package a
import rego.v1
deny contains msg if { some x in input.xs; x > 2; msg := sprintf("big %v", [x]) }
ask contains "odd" if { some x in input.xs; x % 2 == 1 }
maybe := input.flag if input.flag
conflict := x if { some x in input.xs }
""")]
RULES = ["data.a.deny", "data.a.ask", "data.a.maybe"]


def engines():
    batched, single = RegorusEngine(), RegorusEngine(batch=False)
    for engine in (batched, single):
        engine.load(MODULES, {})
    return batched, single


@pytest.mark.parametrize("value", [{"xs": [1, 3, 4]}, {"xs": [], "flag": "yes"}, {"xs": [2], "flag": False}])
def test_rules_evaluated_together_answer_as_one_by_one(value):
    batched, single = engines()
    document = json.dumps(value)
    together, apart = batched.evaluate(document, RULES), single.evaluate(document, RULES)
    assert together == apart
    assert ("data.a.maybe" in together) == bool(value.get("flag"))  # undefined stays absent
    assert sorted(together["data.a.deny"]) == sorted(f"big {x}" for x in value["xs"] if x > 2)


def test_an_error_in_one_rule_fails_the_whole_evaluation_either_way():
    for engine in engines():
        with pytest.raises(EngineError):
            engine.evaluate(json.dumps({"xs": [1, 2]}), RULES + ["data.a.conflict"])


def test_many_distinct_rule_lists_fall_back_to_one_by_one(monkeypatch):
    monkeypatch.setattr(regorus_engine, "_MAX_BATCHES", 2)
    batched, single = engines()
    document = json.dumps({"xs": [3], "flag": 1})
    lists = [RULES, RULES[:2], RULES[1:], [RULES[0], RULES[2]]]
    for rules in lists * 2:
        assert batched.evaluate(document, rules) == single.evaluate(document, rules)
    assert len(batched._batches) == 2
