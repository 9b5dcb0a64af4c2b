"""Golden hook fixtures (tests/golden): {hook input → expected hook output} for the built-in pack.

Run three ways: by `claude-rego test --fixtures`, through the real hook process via the
registered command, and against the referee schema of the real CLI.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from claude_rego.claudecode.install import hook_command
from conftest import TESTS, run_registered, validate_output

GOLDEN = TESTS / "golden"
CASES = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_fixture_through_the_real_hook_process(path: Path, tmp_path):
    case = json.loads(path.read_text())
    event = case["input"]["hook_event_name"]
    env = {**case["environ"], "XDG_STATE_HOME": str(tmp_path)}
    result = run_registered(hook_command(event, python=sys.executable), json.dumps(case["input"]).encode(),
                            event=event, env=env).assert_valid()
    assert (result.plain, result.returncode) == (case["expected"], case["exit_code"]), case["description"]
    validate_output(event, result.output, tool_name=case["input"].get("tool_name"))


def test_cli_runs_the_fixtures():
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "test", "--fixtures", str(GOLDEN)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 failed" in proc.stdout


def test_a_wrong_expectation_fails_the_cli(tmp_path):
    case = json.loads((GOLDEN / "pre-rm-rf-home.json").read_text())
    case["expected"] = {}
    (tmp_path / "wrong.json").write_text(json.dumps(case))
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "test", "--fixtures", str(tmp_path), "-v"],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "FAIL fixture.wrong" in proc.stdout


def test_coverage_threshold_is_enforced():
    ok = subprocess.run([sys.executable, "-m", "claude_rego", "test", "--coverage", "--threshold", "80"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and "overall" in ok.stdout
    too_high = subprocess.run([sys.executable, "-m", "claude_rego", "test", "--coverage", "--threshold", "99.9"],
                              capture_output=True, text=True)
    assert too_high.returncode == 1
