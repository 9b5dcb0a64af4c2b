"""Policy authoring that cannot silently fail (issue 17): composition with the built-in pack,
one decision core for hook/eval/replay/SDK/fixtures, check's no-op findings, the managed
OPA CA file, and the README quickstart from a clean install."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import bash_input, cli, run_registered

POLICY = """# METADATA
# title: No terraform destroy
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.no_terraform_destroy

import rego.v1

deny contains "terraform destroy is reserved for the release pipeline" if {
\tsome segment in input.facts.shell.segments
\tsegment.command == "terraform"
\t"destroy" in segment.args
}
"""

POLICY_TEST = """package claude_rego.policies.no_terraform_destroy_test

import rego.v1

import data.claude_rego.policies.no_terraform_destroy

test_destroy_denied if {
\tcount(no_terraform_destroy.deny) == 1 with input as {"facts": {"shell": {"segments": [
\t\t{"command": "terraform", "args": ["destroy", "-auto-approve"]}]}}}
}

test_plan_allowed if {
\tcount(no_terraform_destroy.deny) == 0 with input as {"facts": {"shell": {"segments": [
\t\t{"command": "terraform", "args": ["plan"]}]}}}
}

test_the_tuned_setting_is_seen if {
\t"develop" in data.claude_rego.settings.protected_branches
}
"""

TUNING = {"claude_rego": {"settings": {"protected_branches": ["main", "develop"]},
                          "engine": {"disabled_policies": ["stop_gate"]}}}


def quickstart_dir(tmp_path: Path) -> Path:
    mine = tmp_path / "my-policies"
    mine.mkdir()
    (mine / "no_terraform_destroy.rego").write_text(POLICY)
    (mine / "no_terraform_destroy_test.rego").write_text(POLICY_TEST)
    (mine / "data.json").write_text(json.dumps(TUNING))
    return mine


def registered(settings: Path, event: str) -> str:
    return json.loads(settings.read_text())["hooks"][event][0]["hooks"][0]["command"]


def decision_of(result) -> str | None:
    return ((result.output or {}).get("hookSpecificOutput") or {}).get("permissionDecision")


def test_quickstart_builtin_pack_plus_my_policy_plus_my_settings(tmp_path):
    """The README quickstart, from a clean install: check, test, install, then the hook uses
    all three: the pack still denies `rm -rf /`, the new policy fires, the tuned setting acts."""
    mine = quickstart_dir(tmp_path)
    checked = cli("check", str(mine))
    assert checked.returncode == 0 and "0 errors" in checked.stdout, checked.stdout + checked.stderr
    tested = cli("test", str(mine))
    assert tested.returncode == 0 and "3 passed, 0 failed" in tested.stdout, tested.stdout + tested.stderr
    settings = tmp_path / "settings.json"
    installed = cli("install", "--policies", str(mine), "--settings-file", str(settings))
    assert installed.returncode == 0, installed.stderr
    hooks = json.loads(settings.read_text())["hooks"]
    pack_events = set(json.loads(cli("install", "--print").stdout)["hooks"])
    assert pack_events <= set(hooks)  # the pack's events stay registered
    command = registered(settings, "PreToolUse")
    env = {"CLAUDE_PROJECT_DIR": str(tmp_path / "project")}

    def run(command_line: str):
        return run_registered(command, json.dumps(bash_input(command_line, cwd=str(tmp_path))).encode(),
                              event="PreToolUse", env=env).assert_valid()

    assert decision_of(run("rm -rf /")) == "deny"  # the built-in pack
    mine_fired = run("terraform destroy -auto-approve")
    assert decision_of(mine_fired) == "deny" and "release pipeline" in mine_fired.stdout  # my policy
    assert decision_of(run("git push --force origin develop")) == "deny"  # my setting
    assert run("ls -la").output == {}  # and nothing else breaks
    # without the overlay, `develop` is not protected: the tuned setting is what changed it
    plain = run_registered(registered_command_for_pack(), json.dumps(bash_input("git push --force origin develop",
                                                                                  cwd=str(tmp_path))).encode(),
                           event="PreToolUse", env=env).assert_valid()
    assert decision_of(plain) is None


def registered_command_for_pack() -> str:
    from claude_rego.claudecode.install import hook_command

    return hook_command("PreToolUse", python=sys.executable)


def test_a_data_overlay_no_longer_breaks_the_pack(tmp_path):
    """The issue's own example: `disabled_policies` in a small data.json used to be "data key
    defined twice" and the hook denied every call."""
    mine = tmp_path / "tuning"
    mine.mkdir()
    (mine / "data.json").write_text(json.dumps({"claude_rego": {"settings": {"disabled_policies": ["git_safety"]}}}))
    base = f"{sys.executable} -m claude_rego hook --event PreToolUse --policies {mine}"
    ls = run_registered(base, json.dumps(bash_input("ls")).encode(), event="PreToolUse").assert_valid()
    assert ls.output == {}
    push = run_registered(base, json.dumps(bash_input("git push --force origin main")).encode(),
                          event="PreToolUse").assert_valid()
    assert decision_of(push) is None  # git_safety disabled by the overlay
    rm = run_registered(base, json.dumps(bash_input("rm -rf /")).encode(), event="PreToolUse").assert_valid()
    assert decision_of(rm) == "deny"


def test_policies_are_added_to_the_pack_and_replacing_it_is_explicit(tmp_path):
    mine = quickstart_dir(tmp_path)
    payload = json.dumps(bash_input("rm -rf /")).encode()
    composed = run_registered(f"{sys.executable} -m claude_rego hook --event PreToolUse --policies {mine}",
                              payload, event="PreToolUse").assert_valid()
    assert decision_of(composed) == "deny"
    replaced = run_registered(f"{sys.executable} -m claude_rego hook --event PreToolUse --policies {mine} --no-builtin",
                              payload, event="PreToolUse").assert_valid()
    assert replaced.output == {}
    named = run_registered(f"{sys.executable} -m claude_rego hook --event PreToolUse --policies builtin: "
                           f"--policies {mine} --no-builtin", payload, event="PreToolUse").assert_valid()
    assert decision_of(named) == "deny"  # `builtin:` names the pack
    only_mine = json.loads(cli("install", "--print", "--policies", str(mine), "--no-builtin").stdout)["hooks"]
    assert set(only_mine) == {"PreToolUse"}


def test_a_data_key_defined_twice_within_one_source_is_a_check_error(tmp_path):
    mine = tmp_path / "mine"
    (mine / "a").mkdir(parents=True)
    (mine / "data.json").write_text('{"a": {"x": 1}}')
    (mine / "a" / "data.json").write_text('{"x": 2}')
    proc = cli("check", str(mine), "--format", "json")
    assert proc.returncode == 1
    (finding,) = [f for f in json.loads(proc.stdout) if f["code"] == "data-conflict"]
    assert finding["file"].endswith("data.json")
    tested = cli("test", str(mine))
    assert tested.returncode != 0 and "Traceback" not in tested.stderr + tested.stdout


# ------------------------------------------------------------------ one decision core

PROJECT_DENY = ("package claude_rego.policies.no_make\n\nimport rego.v1\n\n"
                "deny contains \"make is not allowed in this repo\" if "
                "input.facts.shell.segments[_].command == \"make\"\n")


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / ".claude" / "policies").mkdir(parents=True)
    (root / ".claude" / "policies" / "no_make.rego").write_text(PROJECT_DENY)
    return root


def make_input(project) -> dict:
    return bash_input("make all", cwd=str(project))


def test_the_hook_applies_the_project_layer(project):
    env = {"CLAUDE_PROJECT_DIR": str(project)}
    result = run_registered(registered_command_for_pack(), json.dumps(make_input(project)).encode(),
                            event="PreToolUse", env=env).assert_valid()
    assert "make is not allowed" in result.stdout and decision_of(result) == "deny"


def test_eval_applies_the_project_layer(project, tmp_path):
    (tmp_path / "in.json").write_text(json.dumps(make_input(project)))
    proc = cli("eval", str(tmp_path / "in.json"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("PreToolUse Bash: deny — make is not allowed in this repo")
    assert "decided by: project layer, policy no_make, rule deny at no_make.rego:5" in proc.stdout
    as_json = json.loads(cli("eval", str(tmp_path / "in.json"), "--format", "json").stdout)
    assert as_json["decision"]["verdict"] == "deny" and as_json["decision"]["revisions"].get("project")


def test_replay_applies_the_project_layer(project, tmp_path):
    hook = make_input(project)
    denied = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                     "permissionDecisionReason": "make is not allowed in this repo"}}
    record = {"decision_id": "00000000-0000-0000-0000-000000000000", "input": hook, "result": denied,
              "claude_rego": {"kind": "decision", "event": "PreToolUse", "verdict": "deny"}}
    log = tmp_path / "decisions.jsonl"
    log.write_text(json.dumps(record) + "\n")
    proc = cli("replay", str(log), "--policies", "builtin:", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["replayed"] == 1 and report["newly_allowed"] == 0 and report["unchanged"] == 1


def test_the_sdk_applies_the_project_layer(project):
    from claude_rego.sdk import PolicyHooks

    out = PolicyHooks(decision_log="off").answer(make_input(project))
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "make is not allowed" in out["hookSpecificOutput"]["permissionDecisionReason"]


def test_the_sdk_decision_log_off_writes_nothing(project, tmp_path, monkeypatch):
    """`decision_log="off"` means no record, as `--decision-log off` does for the hook (it
    used to append to a file named "off" in the working directory)."""
    from claude_rego.sdk import PolicyHooks

    monkeypatch.chdir(tmp_path)
    PolicyHooks(decision_log="off").answer(make_input(project))
    assert not (tmp_path / "off").exists() and not list(tmp_path.glob("off*"))


def test_fixtures_apply_the_project_layer(project, tmp_path):
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    expected = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                       "permissionDecisionReason": "make is not allowed in this repo"}}
    (fixtures / "make.json").write_text(json.dumps({"input": make_input(project), "expected": expected}))
    proc = cli("test", "--fixtures", str(fixtures), "--run", "no_such_rego_test")
    assert "FAIL fixture" not in proc.stdout, proc.stdout
    from claude_rego.api import evaluate_hook
    from claude_rego.policy.regotest import run_fixtures

    (result,) = run_fixtures(str(fixtures), lambda hook, environ: evaluate_hook(hook, environ=environ))
    assert result["passed"], result["error"]


def test_api_decide_hook_applies_the_project_layer(project):
    from claude_rego.api import decide_hook

    out, code, decision = decide_hook(make_input(project))
    assert decision["verdict"] == "deny" and decision["provenance"][0]["layer"] == "project"


# ------------------------------------------------------------------ managed OPA CA file

def test_the_managed_opa_ca_file_reaches_the_opa_engine(tmp_path):
    from claude_rego.claudecode import hook, worker
    from claude_rego.distribution import config

    snap = tmp_path / "snap.json"
    snap.write_text("{}")
    managed = tmp_path / "claude-rego.json"
    managed.write_text(json.dumps({"policies": str(snap), "opa": {"url": "https://opa.internal:8181",
                                                                   "ca_file": "/etc/ssl/corp-ca.pem"}}))
    runtime = config.compile_runtime(str(managed))
    assert json.loads(Path(runtime).read_text())["opa_ca_file"] == "/etc/ssl/corp-ca.pem"
    opts = hook.parse_args(["--managed-config", runtime])
    hook._apply_managed(opts)
    assert opts.opa_ca_file == "/etc/ssl/corp-ca.pem"
    engine = worker._opa_engine({"url": opts.opa_url, "token_file": None, "ca_file": opts.opa_ca_file})
    assert engine._ca_file == "/etc/ssl/corp-ca.pem"


def test_the_hook_passes_the_ca_file_into_the_child_request(tmp_path, monkeypatch):
    """The request the hook hands to its child carries the CA file (so the OPA engine gets it)."""
    import io

    from claude_rego import _isolation as isolation
    from claude_rego.claudecode import hook

    seen = {}
    import claude_rego.claudecode.worker as worker

    monkeypatch.setattr(worker, "compute", lambda request: seen.update(request) or {})
    monkeypatch.setattr(isolation, "run_forked", lambda fn, deadline: fn())
    hook.main(["--event", "PreToolUse", "--opa-url", "https://opa:8181", "--opa-ca-file", "/ca.pem",
               "--decision-log", "off", "--managed-config", str(tmp_path / "none.json")],
              stdin=io.BytesIO(json.dumps(bash_input("ls")).encode()), stdout=io.StringIO(), stderr=io.StringIO())
    assert seen["opa"]["ca_file"] == "/ca.pem"


def test_composing_with_the_precompiled_pack_equals_compiling_it(tmp_path, monkeypatch):
    """In a wheel the pack is precompiled: composing reuses it instead of describing the pack
    again, and must give the same policy set as compiling everything from sources."""
    from claude_rego.api import decide_hook
    from claude_rego.policy import policyset, snapshot

    mine = quickstart_dir(tmp_path)
    from_sources = policyset.compile_sources(["builtin:", str(mine)])
    pack = tmp_path / "default_pack.snapshot.json"
    policyset.write_snapshot(policyset.compile_sources([snapshot.default_pack_dir()]), pack)
    monkeypatch.setattr(snapshot, "default_snapshot_path", lambda: str(pack))
    from_snapshot = policyset.compile_sources(["builtin:", str(mine)])
    assert from_snapshot["policies"] == from_sources["policies"]
    assert from_snapshot["data"] == from_sources["data"]
    strip = lambda snap: sorted((m["path"], m["text"], tuple(m["deps"])) for m in snap["modules"])  # noqa: E731
    assert strip(from_snapshot) == strip(from_sources)
    composed = tmp_path / "composed.snapshot.json"
    policyset.write_snapshot(from_snapshot, composed)
    for command, verdict in (("rm -rf /", "deny"), ("terraform destroy", "deny"),
                             ("git push --force origin develop", "deny"), ("ls", None)):
        _, _, decision = decide_hook(bash_input(command), policy_paths=[str(composed)], project="off")
        assert decision["verdict"] == verdict, command


def test_eval_explains_who_decided_and_why_the_others_did_not(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    head = "# METADATA\n# custom:\n#   routing:\n#     events: [PreToolUse]\n{extra}package claude_rego.policies.{name}\n\nimport rego.v1\n\n"
    (mine / "asker.rego").write_text(head.format(extra="", name="asker") +
                                     'ask contains "really?" if input.hook.tool_input.command == "make"\n\n'
                                     'ask contains "never" if input.hook.tool_input.command == "never"\n')
    (mine / "watcher.rego").write_text(head.format(extra="#   mode: monitor\n", name="watcher") +
                                       'deny contains "would deny" if input.hook.tool_input.command == "make"\n')
    (mine / "noter.rego").write_text(head.format(extra="", name="noter") +
                                     'context contains "a note" if input.hook.tool_input.command == "make"\n')
    (tmp_path / "in.json").write_text(json.dumps(bash_input("make", cwd=str(tmp_path))))
    proc = cli("eval", str(tmp_path / "in.json"), "--policies", str(mine), "--no-builtin")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "PreToolUse Bash: ask — really?"
    assert lines[1] == "  decided by: managed layer, policy asker, rule ask at asker.rego:9"  # not :11
    assert any("watcher: deny" in line and "monitor mode" in line for line in lines)
    assert any("noter: context" in line for line in lines)
    assert proc.stdout.rstrip().splitlines()[-1].startswith("hook output (exit 0): ")
