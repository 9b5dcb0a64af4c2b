"""Pinned differences between the embedded engine (regorus 0.13.0 + our builtins) and OPA 1.x.

Each test pins today's embedded behaviour and, where the real OPA engine is installed,
OPA's. If one of these starts failing, the dialect changed: update docs/rego-dialect.md.
"""

from __future__ import annotations

import pytest
from claude_rego.engines.base import EngineError
from claude_rego.engines.regorus_engine import RegorusEngine


def ours(expression: str):
    engine = RegorusEngine(gather_prints=False)
    engine.load([("d.rego", f"package d\nimport rego.v1\nx := {expression}\n")], {})
    return engine.evaluate("{}", ["data.d.x"]).get("data.d.x")


def theirs(expression: str):
    opa_bindings = pytest.importorskip("opa_bindings", reason="opa-golib-python-bindings not installed")
    engine = opa_bindings.OpaEngine()
    engine.add_policy("d.rego", f"package d\nimport rego.v1\nx := {expression}\n")
    try:
        return engine.eval_document("d.x")
    except opa_bindings.OpaUndefinedError:
        return None


def test_regex_digit_class_is_unicode_aware():
    expression = 'regex.match(`^\\d$`, "\\u0663")'  # ARABIC-INDIC DIGIT THREE
    assert ours(expression) is True
    assert theirs(expression) is False


def test_upper_of_sharp_s():
    assert ours('upper("ß")') == "SS"
    assert theirs('upper("ß")') != "SS"


def test_integers_beyond_64_bits_become_floats():
    assert ours("18446744073709551615 + 10") == 1.8446744073709552e19
    assert theirs("18446744073709551615 + 10") == 18446744073709551625


def test_decimal_arithmetic_is_binary_floating_point():
    assert ours("0.1 + 0.2 == 0.3") is False
    assert theirs("0.1 + 0.2 == 0.3") is True


@pytest.mark.parametrize("expression", ['io.jwt.decode("a.b.c")', 'net.lookup_ip_addr("example.com")'])
def test_builtins_still_missing(expression):
    with pytest.raises(EngineError, match="could not find function"):
        ours(expression)


def test_two_defaults_are_accepted_by_the_engine_but_refused_by_check(tmp_path):
    from claude_rego.policy.check import check
    engine = RegorusEngine(gather_prints=False)
    engine.load([("d.rego", "package d\nimport rego.v1\ndefault x := 1\ndefault x := 2\n")], {})
    assert engine.evaluate("{}", ["data.d.x"])["data.d.x"] in (1, 2)
    (tmp_path / "d.rego").write_text("package d\nimport rego.v1\ndefault x := 1\ndefault x := 2\n")
    assert [f["code"] for f in check([str(tmp_path)]) if f["severity"] == "error"] == ["duplicate-default"]


def test_unknown_function_in_an_unreached_rule_loads(tmp_path):
    engine = RegorusEngine(gather_prints=False)
    engine.load([("d.rego", "package d\nimport rego.v1\nunused := nope(1)\nx := 1\n")], {})
    assert engine.evaluate("{}", ["data.d.x"])["data.d.x"] == 1


def test_an_engine_is_bound_to_its_thread():
    import threading
    engine = RegorusEngine(gather_prints=False)
    engine.load([("d.rego", "package d\nimport rego.v1\nx := 1\n")], {})
    errors = []
    thread = threading.Thread(target=lambda: errors.append(_try(engine)))
    thread.start()
    thread.join()
    assert isinstance(errors[0], EngineError)


def _try(engine):
    try:
        engine.evaluate("{}", ["data.d.x"])
    except EngineError as exc:
        return exc
    return None
