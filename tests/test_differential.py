"""Differential fuzz, sampled: every routed rule of the built-in pack gives the same value on
the embedded engine (regorus) and on real OPA, for corpus inputs, mutated variants aimed at
engine edge cases, and the triggers the full fuzz found (bench/differential.py runs it all:
`python bench/differential.py --mutations N`).

Each trigger below once gave a different value: an emoji in a word cut by
`substring(w, count(prefix), -1)` (regorus counts UTF-16 units), a U+00A0 where a regex
said `[^\\s]` (regorus' `\\s` is Unicode-aware). docs/rego-dialect.md has the classes.
DIFFERENTIAL_SAMPLE corpus cases (default 40) × DIFFERENTIAL_MUTATIONS (default 2).
"""

from __future__ import annotations

import os
import sys

import pytest
from conftest import REPO

INSTALL = "pip install --ignore-requires-python 'opa-golib-python-bindings==0.4.4'"
try:
    import opa_bindings

    opa_bindings.OpaEngine().close()  # the Go shared library loads (Linux x86_64 glibc >= 2.34)
except (ImportError, OSError) as exc:
    pytest.skip(f"real OPA engine unavailable ({type(exc).__name__}: {exc}); test-only dependency: {INSTALL}",
                allow_module_level=True)

sys.path.insert(0, str(REPO / "bench"))
import differential  # noqa: E402

SAMPLE = int(os.environ.get("DIFFERENTIAL_SAMPLE", "40"))
MUTATIONS = int(os.environ.get("DIFFERENTIAL_MUTATIONS", "2"))
TRIGGERS = [
    "rm -rf /😀😀😀/../$X/y", "rm -rf /😀😀/../$X", "rm -rf ~/😀/$X/", "X=😀😀/a; echo ${X}b",
    "curl http://a\u00a0@0xA9FEA9FE/", "wget -qO- http://\u00a0@2852039166/",
    "curl -s http://user\u00a0@metadata.google.internal/computeMetadata/v1/",
    "pip install --index-url https://pypi.org/simple/\u00a0x foo", "composer require a/b:\u00a0dev-main",
    "kubectl get secret x -o jsonpath='{\u00a0}'", "ls | awk -F= '{\u00a0print $1 }'",
    "git push --force origin main; git", "git; git push -f origin main", "python3😀 -c 'import os'",
]


@pytest.fixture(scope="module")
def differ():
    found = differential.Differ()
    yield found
    found.close()


def _bash(command: str) -> dict:
    return {"id": "trigger", "category": "x", "event": "PreToolUse", "expect": "block",
            "input": {"tool_name": "Bash", "tool_input": {"command": command, "description": "run"}}}


@pytest.mark.parametrize("command", TRIGGERS)
def test_the_triggers_the_fuzz_found_agree(differ, command):
    hook, document = differential.document(_bash(command))
    assert differ.compare(hook, document) == []


def test_a_sample_of_corpus_inputs_and_mutations_agree(differ):
    classes, inputs, compared = differential.run(MUTATIONS, seed=20261128, sample=SAMPLE, differ=differ)
    assert inputs >= SAMPLE and compared > inputs
    assert not classes, {f"{rule} {kind}": [(d["input"], str(d["call"])[:200]) for d in diffs[:3]]
                         for (rule, kind), diffs in classes.items()}


def test_mutations_keep_the_facts_honest():
    """Mutations change the hook input (command, path, MCP arguments), never the document."""
    case = _bash("git push origin main")
    import random
    labels = set()
    for i in range(60):
        got = differential.mutate(case, random.Random(i))
        if got is None:  # a mutation that does not apply here (no other field to drop, no URL)
            continue
        assert isinstance(got[1]["input"]["tool_input"].get("command", ""), str)
        labels.add(got[0])
    assert {"bare-before", "bare-after", "astral", "word"} <= labels
    urls = [differential.mutate(_bash("curl https://x.example/a"), random.Random(i)) for i in range(80)]
    assert any(u[0] == "url-user" and "://a" in u[1]["input"]["tool_input"]["command"] for u in urls if u)
