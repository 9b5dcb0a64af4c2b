"""The adversarial and benign corpora (tests/corpus/*.jsonl) against the built-in pack.

Fast by default: a reproducible stratified sample per category (CORPUS_SAMPLE cases per
category, default 40; CORPUS_SAMPLE=0 runs everything), decided in process through the same
evaluation the hook's child runs (tests/corpus/runner.py), plus a process-level spot check of
a few cases through the real registered hook command.

Known gaps are STRICT (tests/corpus/known_gaps.txt, `id<TAB>reason`):
- a case not listed must meet its expectation;
- a listed case that now meets it fails ("remove it from known_gaps.txt"), so the list stays
  exact — regenerate it with `python bench/corpus.py --write-known-gaps`;
- a listed id must exist in a corpus;
- a benign case never produces an engine error, listed or not.

The full measurement (per-category rates) is `python bench/corpus.py`.
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from conftest import TESTS, run_registered

sys.path.insert(0, str(TESTS / "corpus"))
import runner

CORPORA = [p for p in (runner.ADVERSARIAL, runner.BENIGN) if p.exists()]
SAMPLE = int(os.environ.get("CORPUS_SAMPLE", "40"))


def _load_all() -> dict[str, list[dict]]:
    return {p.name: runner.load(p) for p in CORPORA}


ALL = _load_all()
GAPS = runner.load_known_gaps()


def _sample(cases: list[dict]) -> list[dict]:
    return cases if SAMPLE <= 0 else runner.stratified_sample(cases, SAMPLE)


def test_the_corpora_are_well_formed():
    assert runner.ADVERSARIAL.exists(), "tests/corpus/adversarial.jsonl is missing"
    adversarial = ALL[runner.ADVERSARIAL.name]
    assert len(adversarial) >= 2000
    counts: dict[str, int] = {}
    for case in adversarial:
        assert case["category"] in runner.ADVERSARIAL_CATEGORIES, case["id"]
        assert case["expect"] in ("block", "redact"), case["id"]
        assert case.get("source"), case["id"]
        counts[case["category"]] = counts.get(case["category"], 0) + 1
    assert set(counts) == set(runner.ADVERSARIAL_CATEGORIES)
    assert min(counts.values()) >= 100, counts
    for name, cases in ALL.items():
        if name == runner.BENIGN.name:
            assert all(c["category"] in runner.BENIGN_CATEGORIES and c["expect"] == "pass" for c in cases)
    ids = [c["id"] for cases in ALL.values() for c in cases]
    assert len(ids) == len(set(ids)), "ids must be unique across the corpora"


def test_known_gaps_name_existing_cases():
    ids = {c["id"] for cases in ALL.values() for c in cases}
    unknown = sorted(set(GAPS) - ids)
    assert not unknown, f"known_gaps.txt lists ids that are in no corpus: {unknown[:20]}"


def _check(cases: list[dict]) -> None:
    problems = []
    for case in cases:
        res = runner.run_case(case)
        listed = case["id"] in GAPS
        if case["expect"] == "pass" and res["got"] == "error":
            problems.append(f"{case['id']}: benign case produced an engine error ({res['answer']})")
        elif res["ok"] and listed:
            problems.append(f"{case['id']}: now meets its expectation ({res['got']}) — remove it from known_gaps.txt")
        elif not res["ok"] and not listed:
            problems.append(f"{case['id']}: expected {case['expect']}, got {res['got']} ({res['answer'][:120]})")
    assert not problems, f"{len(problems)} corpus case(s) off:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("corpus", [p.name for p in CORPORA])
def test_corpus_sample_meets_expectations_or_is_a_known_gap(corpus):
    _check(_sample(ALL[corpus]))


def test_runner_classifies_answers():
    case = {"id": "x", "category": "destructive", "event": "PreToolUse", "expect": "block",
            "input": {"tool_name": "Bash", "tool_input": {"command": "rm -rf ~"}}}
    deny = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}
    assert runner.classify(case, deny, 0, {}) == "deny"
    assert runner.classify(case, deny, 0, None) == "error"
    assert runner.classify(case, {}, 0, {}) == "pass"
    dialog = dict(case, event="PermissionRequest")
    assert runner.classify(dialog, {}, 0, {"verdict": "ask"}) == "ask"
    assert runner.classify(dialog, {}, 0, {"verdict": None}) == "pass"
    post = dict(case, event="PostToolUse", expect="redact", secret="AKIAABCDEFGHIJKLMNOP")
    replaced = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {"stdout": "[REDACTED]"}}}
    assert runner.classify(post, replaced, 0, {}) == "redact"
    leaky = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "AKIAABCDEFGHIJKLMNOP",
                                    "updatedToolOutput": {"stdout": "x"}}}
    assert runner.classify(post, leaky, 0, {}) == "leak"
    assert not runner.meets("redact", "leak") and not runner.meets("block", "error") and not runner.meets("pass", "redact")
    prompt = dict(case, event="UserPromptSubmit")
    assert runner.classify(prompt, {"decision": "block", "reason": "x"}, 0, {}) == "block"


def _spot_cases() -> list[dict]:
    """~10 cases across events and categories, caught and not, chosen reproducibly."""
    picked, seen = [], set()
    for name in (runner.ADVERSARIAL.name, runner.BENIGN.name):
        for case in runner.stratified_sample(ALL.get(name, []), 1, seed=7):
            key = (case["event"], case["category"])
            if key not in seen and len(picked) < (8 if name == runner.ADVERSARIAL.name else 11):
                seen.add(key)
                picked.append(case)
    return picked


@pytest.mark.parametrize("case", _spot_cases(), ids=lambda c: c["id"])
def test_the_real_hook_process_answers_like_the_runner(case, tmp_path):
    from claude_rego.claudecode.install import hook_command

    event = case["event"]
    env = dict(runner.ENVIRON, XDG_STATE_HOME=str(tmp_path / "state"))
    stdin = json.dumps(runner.hook_input(case), ensure_ascii=False).encode()
    run = run_registered(hook_command(event, python=sys.executable), stdin, event=event, env=env, timeout=60)
    run.assert_valid()
    failed = "policy evaluation failed" in run.stdout or "could not run" in run.stderr
    in_process = runner.run_case(case)
    via_hook = runner.classify(case, run.output, run.returncode, None if failed else {})
    expected = in_process["got"]
    if event == "PermissionRequest" and expected == "ask":
        expected = "pass"  # an ask at the permission dialog answers nothing: the dialog is the ask
    assert via_hook == expected, (case["id"], run.stdout[:300], in_process)
