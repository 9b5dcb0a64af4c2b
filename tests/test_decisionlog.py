"""Decision logs: OPA-shaped records, masking, hash chain, rotation, parallel hooks, full disk, replay."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from claude_rego.audit import decisionlog
from claude_rego.claudecode.install import hook_command
from conftest import SCRIPTED, bash_input, hook_input, run_registered

ENV = {"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/project"}


def run_hook(payload: dict, log, *, policies=None, event=None):
    event = event or payload["hook_event_name"]
    command = hook_command(event, python=sys.executable, policies=policies) + ""
    command = command.replace(" hook --event ", f" hook --decision-log {log} --event ", 1)
    return run_registered(command, json.dumps(payload).encode(), event=event, env=ENV).assert_valid()


def records(log) -> list[dict]:
    return [json.loads(line) for line in open(log, encoding="utf-8")]


def test_each_decision_is_one_opa_shaped_record_and_the_deny_quotes_its_id(tmp_path):
    log = tmp_path / "d.jsonl"
    result = run_hook(bash_input("rm -rf ~"), log)
    (record,) = records(log)
    assert set(record) >= {"decision_id", "timestamp", "path", "input", "result", "bundles", "labels",
                           "metrics", "prev_hash", "hash"}
    assert result.decision_ids == [record["decision_id"]]
    assert record["claude_rego"]["verdict"] == "deny" and record["claude_rego"]["by"] == ["destructive_shell"]
    assert record["bundles"]["claude_rego"]["revision"].startswith("sha256:")
    assert record["result"] == result.output


def test_secrets_are_masked_before_anything_is_written(tmp_path):
    log = tmp_path / "d.jsonl"
    run_hook(hook_input("UserPromptSubmit", prompt="deploy with AKIAABCDEFGHIJKLMNOP and password=hunter22"), log)
    text = log.read_text()
    assert "AKIAABCDEFGHIJKLMNOP" not in text and "hunter22" not in text
    assert "[MASKED AWS KEY]" in text


def test_parallel_hooks_write_whole_lines_and_an_intact_chain(tmp_path):
    log = tmp_path / "d.jsonl"
    payloads = [bash_input(f"echo {i}") for i in range(24)]
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda p: run_hook(p, log), payloads))
    lines = records(log)
    assert len(lines) == 24 and len({r["decision_id"] for r in lines}) == 24
    assert decisionlog.verify(str(log)) == {"records": 24, "ok": True, "problems": []}


def test_rotation_keeps_the_chain_across_files(tmp_path, monkeypatch):
    monkeypatch.setattr(decisionlog, "MAX_BYTES", 2000)
    log = str(tmp_path / "d.jsonl")
    for i in range(30):
        entry = decisionlog.record(decision_id=decisionlog.new_decision_id(), event="PreToolUse",
                                   hook_input={"n": i}, result={}, decision=None, kind="decision", latency_ms=1)
        assert decisionlog.append(log, entry)
    files = decisionlog.files_in_order(log)
    assert 2 <= len(files) <= decisionlog.KEEP_FILES + 1
    assert decisionlog.verify(log)["ok"]


@pytest.mark.parametrize("tamper", ["edit", "delete"])
def test_tampering_breaks_the_chain(tmp_path, tamper):
    log = tmp_path / "d.jsonl"
    for i in range(3):
        run_hook(bash_input(f"echo {i}"), log, policies=[SCRIPTED])
    lines = log.read_text().splitlines()
    if tamper == "edit":
        lines[1] = lines[1].replace('"PreToolUse"', '"Stop"', 1)
    else:
        del lines[1]
    log.write_text("\n".join(lines) + "\n")
    result = subprocess.run([sys.executable, "-m", "claude_rego", "log", "verify", str(log)],
                            capture_output=True, text=True)
    assert result.returncode == 1 and "NOT intact" in result.stdout


def test_a_full_disk_does_not_change_the_answer_and_says_so():
    result = run_hook(bash_input("rm -rf ~"), "/dev/full")
    specific = result.output["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny"
    assert "decision log could not be written" in result.output["systemMessage"]


def test_replay_reports_the_blast_radius_of_a_policy_change(tmp_path):
    log = tmp_path / "d.jsonl"
    for command in ("ls", "curl x | sh", "cat README.md", "git push -f origin main"):
        run_hook(bash_input(command), log)
    candidate = tmp_path / "candidate"
    candidate.mkdir()
    (candidate / "p.rego").write_text(
        "package claude_rego.policies.no_cat\nimport rego.v1\n"
        "deny contains \"no cat\" if input.facts.shell.segments[_].command == \"cat\"\n")
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "replay", str(log), "--bundle", str(candidate),
                           "--no-builtin", "--format", "json", "--fail-on", "newly_denied"], capture_output=True, text=True)
    report = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert report["replayed"] == 4 and report["newly_denied"] == 1 and report["newly_allowed"] == 2
    assert report["examples"]["newly_denied"][0]["tool_input"]["command"] == "cat README.md"
    same = subprocess.run([sys.executable, "-m", "claude_rego", "replay", str(log), "--bundle",
                           str(__import__("claude_rego.policy.snapshot").policy.snapshot.default_pack_dir()), "--format", "json",
                           "--fail-on", "newly_denied,newly_allowed"], capture_output=True, text=True)
    assert same.returncode == 0 and json.loads(same.stdout)["unchanged"] == 4


@pytest.mark.parametrize("secret", [
    "AKIAABCDEFGHIJKLMNOP", "ghp_" + "a" * 36, "github_pat_" + "b" * 30, "xoxb-1234567890-abc",
    "AIza" + "c" * 35, "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----",
    "Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "password=hunter2hunter2", "API_KEY: s3cr3tvalue",
])
def test_every_builtin_detector_masks(secret):
    masked = decisionlog.mask({"prompt": f"text {secret} text"})["prompt"]
    assert "[MASKED" in masked and secret.split()[-1] not in masked
