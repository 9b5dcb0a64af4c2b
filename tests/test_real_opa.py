"""Real OPA semantics in the test suite: the built-in pack and the hook's answers on OPA v1.x.

Uses opa-golib-python-bindings (the real OPA engine as a Go shared library; a test-only
dependency installed with pip's --ignore-requires-python). The embedded engine (regorus)
is not OPA; everything a policy author relies on is checked against the real thing:
the pack compiles under OPA's stricter compiler, its Rego tests pass on OPA, every
routed rule gives the same value on both engines, and the whole hook answers the same
through an OPA-API server backed by real OPA.
"""

from __future__ import annotations

import json
import sys

import pytest

opa_bindings = pytest.importorskip(
    "opa_bindings", reason="opa-golib-python-bindings is not installed "
    "(pip install --ignore-requires-python opa-golib-python-bindings)")

from claude_rego.claudecode import hookinput, query  # noqa: E402
from claude_rego.claudecode.install import hook_command  # noqa: E402
from claude_rego.engines.opa_server import OpaServerEngine  # noqa: E402
from claude_rego.engines.regorus_engine import RegorusEngine  # noqa: E402
from claude_rego.policy import load_snapshot, snapshot  # noqa: E402
from claude_rego.policy.regotest import discover, run_rego_tests  # noqa: E402
from conftest import SAMPLES, TESTS, bash_input, hook_input, run_registered  # noqa: E402
from opa_rest import OpaBindingsBackend, OpaRestServer  # noqa: E402

ENV = {"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/project"}
PACK_DIR = snapshot.default_pack_dir()
GOLDEN = [json.loads(p.read_text())["input"] for p in sorted((TESTS / "golden").glob("*.json"))]
COMMANDS = ["rm -rf /", "sudo rm -rf ~", "cd / && rm -rf *", "find / -delete", "curl x | sh", "python <(curl x)",
            "git push -f origin main", "git push origin +main", "git reset --hard", "cat .env", "base64 id_rsa",
            "cat ~/.aws/credentials", "sudo ls", "chmod u+s x", "echo hi > /etc/x", "echo x >> ~/.bashrc",
            "npm test", "pytest -q", "ls -la", "git status", "eval $X", "a=rm; $a -rf /", "bash -c 'rm -rf /'",
            "echo 'unbalanced", "mkfs.ext4 /dev/sda", ":(){ :|:& };:", "grep \"rm -rf /\" docs/"]
INPUTS = GOLDEN + list(SAMPLES.values()) + [bash_input(c) for c in COMMANDS] + [
    hook_input("PreToolUse", tool_name="Write", tool_input={"file_path": "/home/dev/project/.github/workflows/x.yml",
                                                            "content": "x"}),
    hook_input("UserPromptSubmit", prompt="password=hunter2hunter2 and ghp_" + "a" * 36),
]


@pytest.fixture(scope="module")
def engines():
    modules, data = discover([PACK_DIR])
    opa = opa_bindings.OpaEngine()  # the pack with its Rego tests
    for path, text in modules:
        opa.add_policy(path, text)
    opa.add_data(data)
    # the policies alone: the _test packages live under the same root, so one evaluation
    # of the root per input would run every Rego test (~6 s each instead of ~20 ms)
    policies = opa_bindings.OpaEngine()
    for path, text in modules:
        if not is_test_module(text):
            policies.add_policy(path, text)
    policies.add_data(data)
    regorus = RegorusEngine(gather_prints=False)
    regorus.load(modules, data)
    yield opa, regorus, load_snapshot(None), policies
    opa.close()  # the Go engine's memory is released only on close
    policies.close()


def is_test_module(text: str) -> bool:
    """A module of a Rego test package (`package …_test`)."""
    return any(line.startswith("package ") and line.split()[1].endswith("_test") for line in text.splitlines())


def test_the_pack_and_its_tests_compile_on_real_opa(engines):
    opa, _, _, _ = engines
    assert opa.eval_query("x := 1") == [{"x": 1}]  # forces compilation of every module


def test_the_packs_rego_tests_pass_on_real_opa(engines):
    opa, _, _, _ = engines
    results = run_rego_tests([PACK_DIR])
    assert results
    # one evaluation per test package: the bindings keep a prepared query per distinct
    # query string (~45 MB each for the pack), so one per test (~400) took ~18 GB
    packages = {}
    for result in results:
        if result["package"] not in packages:
            packages[result["package"]] = opa.eval_document(result["package"])
        tests = packages[result["package"]]
        value = tests.get(result["name"]) if isinstance(tests, dict) else None
        assert value is True, f"{result['package']}.{result['name']} is {value!r} on OPA"


def _normalise(value):
    if isinstance(value, list):
        return sorted((_normalise(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dict):
        return {k: _normalise(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("hook", INPUTS, ids=[f"input{i}" for i in range(len(INPUTS))])
def test_every_routed_rule_has_the_same_value_on_both_engines(engines, hook):
    _, regorus, pack, opa = engines
    capped, truncated = hookinput.cap_strings(hook)
    document = query.build(capped, truncated=truncated, environ=ENV, flavour="linux", resolver=lambda p: p)
    tool = hook.get("tool_name")
    routed = [rule for _, rule in snapshot.routed_rules(pack, hook["hook_event_name"], tool,
                                                         __import__("claude_rego.claudecode.events").claudecode.events.tool_class(tool)
                                                         if tool else None)]
    ours = regorus.evaluate(json.dumps(document), routed)
    # one evaluation of the policies' root (one prepared query in the bindings, not one per rule)
    tree = opa.eval_document("claude_rego.policies", input=document)
    for rule in routed:
        package, name = rule[len("data.claude_rego.policies."):].rsplit(".", 1)
        theirs = tree.get(package, {}).get(name)
        assert _normalise(ours.get(rule)) == _normalise(theirs), rule


@pytest.fixture(scope="module")
def real_opa_server():
    server = OpaRestServer(OpaBindingsBackend())
    pack = load_snapshot(None)
    engine = OpaServerEngine(server.url)
    engine.load([(m["path"], m["text"]) for m in pack["modules"]], pack["data"])
    engine.push()
    # The in-process OPA prepares a query on its first evaluation (seconds for the whole pack),
    # which a hook's 3 s deadline does not wait for; a server in production prepares once, at
    # the first decision after a bundle load. Each distinct (event, tool) query is prepared here,
    # so the comparison below is of answers, not of that first-call latency.
    import tempfile
    with tempfile.TemporaryDirectory() as state:
        seen = set()
        for hook in _CASES:
            key = (hook["hook_event_name"], hook.get("tool_name"))
            if key not in seen:
                seen.add(key)
                run_registered(hook_command(hook["hook_event_name"], python=sys.executable, opa_url=server.url),
                               json.dumps(hook).encode(), event=hook["hook_event_name"],
                               env={**ENV, "XDG_STATE_HOME": state})
    yield server
    server.close()


_CASES = GOLDEN + [bash_input(c) for c in COMMANDS[:12]]


@pytest.mark.parametrize("hook", _CASES, ids=[f"case{i}" for i in range(len(_CASES))])
def test_the_hook_answers_the_same_on_a_real_opa_server(real_opa_server, hook, tmp_path):
    event = hook["hook_event_name"]
    env = {**ENV, "XDG_STATE_HOME": str(tmp_path)}
    embedded = run_registered(hook_command(event, python=sys.executable), json.dumps(hook).encode(),
                              event=event, env=env).assert_valid()
    served = run_registered(hook_command(event, python=sys.executable, opa_url=real_opa_server.url),
                            json.dumps(hook).encode(), event=event, env=env).assert_valid()
    assert served.plain == embedded.plain
