"""Known answers for the OPA builtins claude-rego supplies to regorus (engines/builtins.py).

Every case is evaluated through Rego in a plain regorus engine after `register()`.
Where a source gives the answer it is cited: OPA's builtin documentation, OPA's own
test cases (topdown/cidr_test.go, test/cases/testdata/v1/netcidrmerge, the crypto
cases), the RFC test vectors. The remaining answers were taken from the real OPA
v1.20.2 engine; tests/test_opa_parity.py keeps checking all of them against it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

os.environ["RUST_BACKTRACE"] = "0"  # before regorus loads: errors stay cheap
os.environ["RUST_LIB_BACKTRACE"] = "0"

import regorus
from claude_rego.engines import builtins

ERROR = object()  # expected: an evaluation error (OPA: eval_builtin_error / eval_type_error)


def evaluate(expression: str, input_value=None):
    """Value of `x := <expression>` in a fresh regorus engine with our builtins."""
    engine = regorus.Engine()
    builtins.register(engine)
    engine.add_policy("t.rego", f"package t\nimport rego.v1\nx := {expression}\n")
    if input_value is not None:
        engine.set_input_json(json.dumps(input_value))
    found = json.loads(engine.eval_query_as_json("data.t.x")).get("result")
    return found[0]["expressions"][0]["value"] if found else "<undefined>"


def _set(*items):
    return sorted(items)


CASES = [
    # crypto.md5/sha1/sha256: FIPS 180-2 and RFC 1321 test vectors ("abc", "").
    ('crypto.md5("abc")', "900150983cd24fb0d6963f7d28e17f72"),
    ('crypto.md5("")', "d41d8cd98f00b204e9800998ecf8427e"),
    ('crypto.sha1("abc")', "a9993e364706816aba3e25717850c26c9cd0d89d"),
    ('crypto.sha256("abc")', "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ('crypto.sha256("")', "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    # OPA's crypto test cases: message "message", key "key".
    ('crypto.sha1("message")', "6f9b9af3cd6e8b8a73c2cdced37fe9f59226e27d"),
    ('crypto.sha256("message")', "ab530a13e45914982b79f9b7e3fba994cfd1f3fb22f71cea1afbf02b460c6d1d"),
    ('crypto.hmac.md5("message", "key")', "4e4748e62b463521f6775fbf921234b5"),
    ('crypto.hmac.sha1("message", "key")', "2088df74d5f2146b48146caf4965377e9d0be3a4"),
    ('crypto.hmac.sha256("message", "key")', "6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a"),
    ('crypto.hmac.sha512("message", "key")',
     "e477384d7ca229dd1426e64b63ebf2d36ebd6d7e669a6735424e72ea6c01d3f8"
     "b56eb39c36d8232f5427999b8d1a3f9cd1128fc69f4d75b434216810fa367e98"),
    ('crypto.hmac.equal("4e4748e62b463521f6775fbf921234b5", "4e4748e62b463521f6775fbf921234b5")', True),
    ('crypto.hmac.equal("4e4748e62b463521f6775fbf921234bx", "4e4748e62b463521f6775fbf921234b5")', False),
    # RFC 2202 / RFC 4231 test case 2 (key "Jefe"): argument order is (message, key).
    ('crypto.hmac.md5("what do ya want for nothing?", "Jefe")', "750c783e6ab0b503eaa86e310a5db738"),
    ('crypto.hmac.sha1("what do ya want for nothing?", "Jefe")', "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
    ('crypto.hmac.sha256("what do ya want for nothing?", "Jefe")',
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    ('crypto.hmac.sha512("what do ya want for nothing?", "Jefe")',
     "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
     "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
    # UTF-8 bytes are hashed (OPA: []byte(string)).
    ('crypto.md5("é")', "66ddcd97cfdeabb2f6fb8a999b4bc76f"),
    ('crypto.hmac.equal("", "")', True),
    ('crypto.hmac.equal("a", "ab")', False),
    ('crypto.sha256(1)', ERROR),  # OPA: rego_type_error / eval_type_error
    # net.cidr_intersects: OPA topdown/cidr_test.go TestNetCIDRIntersects.
    ('net.cidr_intersects("192.168.1.0/25", "192.168.1.64/25")', True),
    ('net.cidr_intersects("192.168.1.0/24", "192.168.2.0/24")', False),
    ('net.cidr_intersects("fd1e:5bfe:8af3:9ddc::/64", "fd1e:5bfe:8af3:9ddc:1111::/72")', True),
    ('net.cidr_intersects("fd1e:5bfe:8af3:9ddc::/64", "2001:4860:4860::8888/32")', False),
    ('net.cidr_intersects("not-a-cidr", "192.168.1.0/24")', ERROR),
    ('net.cidr_intersects("192.168.1.0/28", "not-a-cidr")', ERROR),
    # …and OPA's Go semantics: a bare address is not a CIDR; families never intersect;
    # an IPv4-mapped IPv6 network is the IPv4 network.
    ('net.cidr_intersects("10.0.0.1", "10.0.0.0/8")', ERROR),
    ('net.cidr_intersects("::/0", "10.0.0.0/8")', False),
    ('net.cidr_intersects("::ffff:10.0.0.0/104", "10.1.0.0/16")', True),
    ('net.cidr_intersects("10.0.0.0/255.0.0.0", "10.0.0.0/8")', ERROR),
    # net.cidr_merge: OPA's builtin documentation example.
    ('net.cidr_merge(["192.0.128.0/24", "192.0.129.0/24"])', _set("192.0.128.0/23")),
    # OPA test/cases/testdata/v1/netcidrmerge/test-ipv6-with-and-without-prefix.yaml.
    ('net.cidr_merge(["2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128"])', _set("2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128")),
    ('net.cidr_merge(["2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128", "2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128"])',
     _set("2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128")),
    ('net.cidr_merge(["2601:600:8a80:207e:a57d:7567:e2c9:e7b3/64", "2601:600:8a80:207e:a57d:7567:e2c9:e7b3/128"])',
     _set("2601:600:8a80:207e::/64")),
    ('net.cidr_merge(["2601:600:8a80:207e:a57d:7567:e2c9:e7b3"])', ERROR),  # IPv6 invalid: needs prefix length
    # The netaddr cidr_merge cases OPA's algorithm comes from.
    ('net.cidr_merge(["10.0.0.0/8", "0.0.0.0/0"])', _set("0.0.0.0/0")),
    ('net.cidr_merge(["10.0.0.0/8", "10.0.0.0/8"])', _set("10.0.0.0/8")),
    ('net.cidr_merge(["192.0.129.0/24", "192.0.130.0/24"])', _set("192.0.129.0/24", "192.0.130.0/24")),
    ('net.cidr_merge(["192.0.2.116/31", "192.0.2.118/31", "192.0.2.112/30"])', _set("192.0.2.112/29")),
    ('net.cidr_merge(["192.0.2.112/30", "192.0.2.116/32", "192.0.2.118/31"])',
     _set("192.0.2.112/30", "192.0.2.116/32", "192.0.2.118/31")),
    ('net.cidr_merge(["192.0.2.112/31", "192.0.2.116/31", "192.0.2.118/31"])', _set("192.0.2.112/31", "192.0.2.116/30")),
    ('net.cidr_merge([])', []),
    # OPA specifics (real OPA v1.20.2): a set works like an array; a bare IPv4 address
    # takes Go's classful mask and keeps its host bits when left alone; IPv4 inside a
    # merged IPv6 range disappears into it; a netmask suffix is not a prefix length.
    ('net.cidr_merge({"10.0.0.0/8", "10.1.0.0/16", "2001:db8::/33", "2001:db8:8000::/33"})',
     _set("10.0.0.0/8", "2001:db8::/32")),
    ('net.cidr_merge(["10.1.2.3"])', _set("10.1.2.3/8")),
    ('net.cidr_merge(["10.1.2.3", "10.1.2.4"])', _set("10.0.0.0/8")),
    ('net.cidr_merge(["224.1.2.3", "200.1.1.1", "150.1.1.1"])', _set("150.1.1.1/16", "200.1.1.1/24", "224.1.2.3/24")),
    ('net.cidr_merge(["::/0", "10.0.0.0/8"])', _set("::/0")),
    ('net.cidr_merge(["::ffff:10.0.0.0/104"])', _set("10.0.0.0/8")),
    ('net.cidr_merge(["10.0.0.0/255.0.0.0"])', ERROR),
    ('net.cidr_merge([1])', ERROR),
    ('is_set(net.cidr_merge(["10.0.0.0/8"]))', True),
    # array.flatten: one level only, as OPA v1.20.2 answers; sets are not arrays.
    ('array.flatten([[1, 2], [3, [4, 5]], 6])', [1, 2, 3, [4, 5], 6]),
    ('array.flatten([])', []),
    ('array.flatten([[], [[]], "s", {"a": [1]}, {1}])', [[], "s", {"a": [1]}, [1]]),
    ('is_set(array.flatten([[{1}]])[0])', True),
    ('array.flatten("abc")', ERROR),
]


@pytest.mark.parametrize("expression, expected", CASES, ids=[c[0][:90] for c in CASES])
def test_known_answer(expression, expected):
    if expected is ERROR:
        with pytest.raises(RuntimeError):
            evaluate(expression)
        return
    value = evaluate(expression)
    if isinstance(value, list) and expression.startswith("net.cidr_merge"):
        value = sorted(value)  # a set comes back as a JSON array
    assert value == expected


def test_arguments_from_input_are_checked_like_opa():
    """Runtime arguments get OPA's operand type checks (its message, in our error)."""
    with pytest.raises(RuntimeError, match="operand 2 must be string but got number"):
        evaluate("crypto.hmac.sha256(input.m, input.k)", {"m": "x", "k": 1})
    with pytest.raises(RuntimeError, match="operand 1 must be array but got object"):
        evaluate("array.flatten(input.a)", {"a": {"k": [1]}})
    assert evaluate("crypto.sha256(input.s)", {"s": "héllo"}) == \
        "3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179"


def test_an_error_in_a_builtin_is_an_evaluation_error_not_undefined():
    """As OPA with strict-builtin-errors: a bad CIDR stops evaluation (regorus has no
    non-strict mode; see docs/rego-dialect.md)."""
    with pytest.raises(RuntimeError, match="invalid CIDR address: nope"):
        evaluate('net.cidr_merge([input.c])', {"c": "nope"})


def test_hmac_equal_is_constant_time_compare_digest(monkeypatch):
    """crypto.hmac.equal must not short-circuit like ==: it goes through compare_digest."""
    import hmac

    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    assert evaluate('crypto.hmac.equal("abc", "abd")') is False
    assert calls == [(b"abc", b"abd")]


@pytest.mark.parametrize("name", sorted(builtins.BUILTINS))
def test_regorus_still_lacks_it(name):
    """An extension silently replaces a regorus builtin of the same name; if an upgrade
    of regorus starts providing one of these, decide whether to keep ours."""
    arity = builtins.BUILTINS[name][0]
    engine = regorus.Engine()
    engine.add_policy("t.rego", f"package t\nx := {name}({', '.join(['1'] * arity)})\n")
    with pytest.raises(RuntimeError, match=f"could not find function {name}"):
        engine.eval_rule_as_json("data.t.x")


def test_register_is_idempotent_and_survives_clone():
    engine = regorus.Engine()
    builtins.register(engine)
    builtins.register(engine)  # "extension already added" is tolerated
    clone = engine.clone()
    builtins.register(clone)
    clone.add_policy("t.rego", 'package t\nx := crypto.md5("abc")\n')
    assert json.loads(clone.eval_rule_as_json("data.t.x")) == "900150983cd24fb0d6963f7d28e17f72"


def test_wrong_arity_is_an_evaluation_error():
    """OPA rejects this at compile time; regorus only when the call is evaluated."""
    with pytest.raises(RuntimeError, match="incorrect number of parameters"):
        evaluate('crypto.sha256("a", "b")')


def test_importing_the_module_loads_nothing_else():
    """The hook's hot path imports this module: hashlib (OpenSSL, ~4 ms), hmac and
    ipaddress must load only when a policy calls a builtin that needs them."""
    code = ("import sys; before = set(sys.modules); import claude_rego.engines.builtins; "
            "print(sorted(m for m in set(sys.modules) - before "
            "if not m.startswith('claude_rego') and m != '__future__'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


