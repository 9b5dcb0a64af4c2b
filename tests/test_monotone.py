"""Adding a harmless segment never weakens a decision.

A red team found `git push --force origin main; git` allowed: the bare `git` left a
computed rule head undefined, and the embedded engine then dropped the whole rule
(docs/rego-dialect.md, `check`'s `computed-head`). The property behind it is general: a
command that is denied or asked stays at least as strict when a bare program (any program
the corpora mention) runs on its own line before or after it, and nothing makes the engine
fail. MONOTONE_SAMPLE cases (default 150; 0 = every adversarial Bash case) × 2 programs
× before/after.
"""

from __future__ import annotations

import os
import random
import re
import sys

import pytest
from conftest import TESTS

sys.path.insert(0, str(TESTS / "corpus"))
import runner

RANK = {"pass": 0, "redact": 0, "ask": 1, "block": 2, "deny": 2}
# builtins that end or replace the script before the command runs: a weaker answer is right
_CONTROL = {"exit", "return", "exec", "break", "continue", "logout", "kill", "shutdown", "reboot", "halt", "poweroff"}
SAMPLE = int(os.environ.get("MONOTONE_SAMPLE", "150"))


def _bash_cases() -> list[dict]:
    cases = runner.load(runner.ADVERSARIAL)
    return [c for c in cases if c["event"] == "PreToolUse" and c["input"].get("tool_name") == "Bash"
            and isinstance(c["input"].get("tool_input", {}).get("command"), str)]


def _programs(cases: list[dict]) -> list[str]:
    names = set()
    for path in (runner.ADVERSARIAL, runner.BENIGN):
        for case in runner.load(path):
            command = case["input"].get("tool_input", {}).get("command") if isinstance(case["input"].get("tool_input"), dict) else None
            if isinstance(command, str):
                for line in command.splitlines():
                    first = line.strip().split(" ", 1)[0]
                    if re.fullmatch(r"[a-z][a-z0-9._+-]{0,30}", first):
                        names.add(first)
    return sorted(names - _CONTROL)


CASES = _bash_cases()
PROGRAMS = _programs(CASES)
_rng = random.Random(20261128)
PICKED = CASES if SAMPLE == 0 else _rng.sample(CASES, min(SAMPLE, len(CASES)))


def _with(case: dict, command: str) -> dict:
    tool_input = dict(case["input"]["tool_input"], command=command)
    return dict(case, input=dict(case["input"], tool_input=tool_input))


@pytest.mark.parametrize("case", PICKED, ids=[c["id"] for c in PICKED])
def test_a_bare_program_before_or_after_never_weakens(case):
    base = runner.run_case(case)
    assert base["got"] != "error", base
    rng = random.Random(case["id"])
    weaker = []
    for program in rng.sample(PROGRAMS, 2) + ["git"]:
        command = case["input"]["tool_input"]["command"]
        for variant in (f"{command}\n{program}", f"{program}\n{command}"):
            got = runner.run_case(_with(case, variant))
            if got["got"] == "error" or RANK.get(got["got"], 0) < RANK.get(base["got"], 0):
                weaker.append((variant[:200], base["got"], got["got"], got["answer"]))
    assert not weaker, weaker


def test_the_pool_is_broad():
    assert len(PROGRAMS) > 200 and "git" in PROGRAMS and not _CONTROL & set(PROGRAMS)
