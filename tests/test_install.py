"""`claude-rego install --print`: the registration the tests (and Claude Code) run."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest
from claude_rego.claudecode.events import EVENTS, NEVER_REGISTER_BY_DEFAULT
from claude_rego.claudecode.hook import DEFAULT_DEADLINE
from claude_rego.claudecode.install import LAUNCHER_NAME, bootstrap, hook_command, launcher_script, registration
from claude_rego.policy import policyset
from conftest import SCRIPTED, bash_input, hook_input, run_registered, validate_output


def printed(*args) -> dict:
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--print", *args],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


# The exact onFailure value per event, written out by hand (not derived from the event
# table): CLI 2.1.331 silently DROPS a hook entry whose onFailure is not "continue" or
# "block", so a typo here would switch the policy off. "block" exactly where our failure
# table blocks; never where blocking would trap a session (the CLI ignores it there
# anyway) nor on events whose failure answer is a warning.
ON_FAILURE_BLOCK = {"PreToolUse", "PermissionRequest", "UserPromptSubmit", "UserPromptExpansion",
                    "PreModelSwitch", "ConfigChange", "Elicitation", "ElicitationResult", "WorktreeCreate"}
NEVER_ON_FAILURE = {"Stop", "SubagentStop", "TaskCompleted", "TeammateIdle", "PostToolUse", "SessionStart",
                    "PostModelSwitch", "DirectoryAdded"}


def all_event_registration(tmp_path, **kw) -> dict:
    return registration(policyset.compile_sources([SCRIPTED]), events=list(EVENTS), launcher_dir=str(tmp_path),
                        **kw)["hooks"]


def test_on_failure_is_exactly_block_where_the_failure_table_blocks(tmp_path):
    hooks = all_event_registration(tmp_path)
    assert set(hooks) == set(EVENTS) and len(EVENTS) == 33
    for event, entries in hooks.items():
        (entry,) = entries
        (hook,) = entry["hooks"]
        if event in ON_FAILURE_BLOCK:
            assert hook.get("onFailure") == "block", event
            assert type(hook["onFailure"]) is str
        else:
            assert "onFailure" not in hook, event
    assert not ON_FAILURE_BLOCK & NEVER_ON_FAILURE and set(EVENTS) >= NEVER_ON_FAILURE
    # the printed JSON carries the exact string
    printed_text = json.dumps(hooks)
    assert printed_text.count('"onFailure": "block"') == len(ON_FAILURE_BLOCK)
    assert printed_text.count("onFailure") == len(ON_FAILURE_BLOCK)


def test_an_unknown_future_event_is_registered_without_on_failure_and_never_blocks(tmp_path):
    """A policy routed to an event this version does not know still gets a hook (as
    today); its failure answer is the warning, so no onFailure and no `|| exit 2`."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "f.rego").write_text(
        "# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [FutureEvent]\n"
        "package claude_rego.policies.f\nimport rego.v1\nsystem_message contains \"x\" if false\n")
    python = tmp_path / "bin" / "python3"
    python.parent.mkdir()
    python.write_text("#!/bin/sh\nexit 1\n")
    python.chmod(0o755)
    hooks = registration(policyset.compile_sources([str(tmp_path / "p")]), python=str(python))["hooks"]
    (hook,) = hooks["FutureEvent"][0]["hooks"]
    assert "onFailure" not in hook and hook["command"] == f"{python.parent / LAUNCHER_NAME} FutureEvent"
    result = run_registered(hook["command"], b"{}", event="FutureEvent")
    assert result.returncode == 0 and list(json.loads(result.stdout)) == ["systemMessage"]
    validate_output("FutureEvent", json.loads(result.stdout))


def test_printed_registration_is_a_short_launcher_command_with_timeout():
    hooks = printed()["hooks"]
    assert "PreToolUse" in hooks
    launcher = os.path.join(os.path.dirname(sys.executable), LAUNCHER_NAME)
    for event, entries in hooks.items():
        (entry,) = entries
        (hook,) = entry["hooks"]
        assert hook["type"] == "command"
        assert hook["timeout"] > DEFAULT_DEADLINE
        expected = f"{launcher} {event}" + (" || exit 2" if event in ON_FAILURE_BLOCK else "")
        assert hook["command"] == expected
        assert len(hook["command"]) <= len(launcher) + len(event) + 11
        for secret in ("sys.path", "site-packages", "-I", "python", "rc=$?"):
            assert secret not in hook["command"]
        assert event not in NEVER_REGISTER_BY_DEFAULT


def test_the_launcher_runs_the_absolute_interpreter_isolated(tmp_path):
    registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"], launcher_dir=str(tmp_path))
    launcher = tmp_path / LAUNCHER_NAME
    text = launcher.read_text()
    assert os.access(launcher, os.X_OK) and text.startswith("#!/bin/sh\n")
    assert text == launcher_script(sys.executable)
    lexer = shlex.shlex(text.split("out=$(", 1)[1].split("\n", 1)[0], posix=True)
    lexer.whitespace_split = True
    words = list(lexer)
    assert words[0] == sys.executable and words[0].startswith("/")
    assert words[1:7] == ["-I", "-S", "-c", bootstrap(), "hook", "--event"]
    # idempotent: a second registration leaves the file alone
    mtime = launcher.stat().st_mtime_ns
    registration(policyset.compile_sources([SCRIPTED]), events=["Stop"], launcher_dir=str(tmp_path))
    assert launcher.stat().st_mtime_ns == mtime


def test_dry_run_writes_no_launcher_but_shows_the_commands_a_real_run_registers(tmp_path):
    dry = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"], launcher_dir=str(tmp_path),
                       dry_run=True)
    assert not (tmp_path / LAUNCHER_NAME).exists()
    real = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"], launcher_dir=str(tmp_path))
    assert (tmp_path / LAUNCHER_NAME).exists() and dry == real


def test_no_writable_launcher_dir_falls_back_to_the_inline_command(tmp_path):
    (tmp_path / "a-file").write_text("")
    hooks = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse", "Stop"],
                         launcher_dir=str(tmp_path / "a-file" / "dir"))["hooks"]
    pre = hooks["PreToolUse"][0]["hooks"][0]
    assert pre["command"] == hook_command("PreToolUse") and pre["onFailure"] == "block"
    assert hooks["Stop"][0]["hooks"][0]["command"] == hook_command("Stop")


def test_the_printed_command_is_what_answers(hook_env):
    """Run the exact string `install --print` produced, as Claude Code would."""
    command = printed("--policies", SCRIPTED)["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    payload = json.dumps(bash_input("ls", x_test={"a": {"deny": ["denied via the printed command"]}}))
    result = run_registered(command, payload.encode(), event="PreToolUse", env=hook_env).assert_valid()
    assert result.plain["hookSpecificOutput"]["permissionDecisionReason"] == "denied via the printed command"


def test_registration_is_immune_to_pythonpath_and_path_tricks(tmp_path, hook_env):
    """A project's settings `env` cannot swap the package or the interpreter."""
    evil = tmp_path / "evil"
    (evil / "claude_rego").mkdir(parents=True)
    (evil / "claude_rego" / "__init__.py").write_text("raise SystemExit(0)\n")
    (evil / "claude_rego" / "__main__.py").write_text("print('{}')\n")
    for name in ("python3", "python", "sh", LAUNCHER_NAME):
        (evil / name).write_text("#!/bin/sh\necho '{}'\n")
        (evil / name).chmod(0o755)
    hooks = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"],
                         launcher_dir=str(tmp_path / "bin"))["hooks"]
    command = hooks["PreToolUse"][0]["hooks"][0]["command"]
    env = {**hook_env, "PYTHONPATH": str(evil), "PATH": f"{evil}:/usr/bin:/bin", "PYTHONSTARTUP": str(evil / "x")}
    for cmd in (command, printed()["hooks"]["PreToolUse"][0]["hooks"][0]["command"]):
        result = run_registered(cmd, b"not json", event="PreToolUse", env=env).assert_valid()
        assert result.output["hookSpecificOutput"]["permissionDecision"] == "deny"


# Ways the hook process can fail below the Python layer, as a fake "interpreter".
BROKEN_PYTHONS = {
    "exit1": "#!/bin/sh\ncat >/dev/null; exit 1\n",
    "exit3-after-partial-json": "#!/bin/sh\ncat >/dev/null; printf '{\"hookSpecificOutput\": {'; exit 3\n",
    "killed": "#!/bin/sh\ncat >/dev/null; kill -KILL $$\n",
    "plain-text": "#!/bin/sh\ncat >/dev/null; echo 'Traceback (most recent call last): oops'\n",
    "cut-off-json": "#!/bin/sh\ncat >/dev/null; printf '{\"decision\": \"bl'\n",
    "empty-exit0": "#!/bin/sh\ncat >/dev/null; exit 0\n",
    "missing": None,
}


@pytest.mark.parametrize("fault", sorted(BROKEN_PYTHONS))
@pytest.mark.parametrize("form", ["launcher", "inline"])
def test_shell_last_resort_answers_the_failure_table_for_every_event(tmp_path, fault, form):
    """Whatever the interpreter does, the registered command exits 2 with a reason where
    the failure table blocks, and elsewhere prints ONE systemMessage JSON the CLI accepts
    for that event (every supported version) and exits 0: never a trap, never silence."""
    python = tmp_path / "bin" / "python3"
    python.parent.mkdir()
    if BROKEN_PYTHONS[fault] is not None:
        python.write_text(BROKEN_PYTHONS[fault])
        python.chmod(0o755)
    for event in EVENTS:
        if form == "launcher":
            hooks = registration(policyset.compile_sources([SCRIPTED]), events=[event], python=str(python))["hooks"]
            command = hooks[event][0]["hooks"][0]["command"]
            assert command.startswith(str(python.parent / LAUNCHER_NAME))
        else:
            command = hook_command(event, python=str(python))
        payload = json.dumps(hook_input(event)).encode()
        result = run_registered(command, payload, event=event)
        if event in ON_FAILURE_BLOCK:
            assert result.returncode == 2, (event, result.stdout, result.stderr)
            assert result.stdout == "", (event, result.stdout)
            assert "claude-rego: the policy hook could not run" in result.stderr and "fail closed" in result.stderr
        else:
            assert result.returncode == 0, (event, result.stdout, result.stderr)
            answer = json.loads(result.stdout)
            assert list(answer) == ["systemMessage"], result.stdout
            assert answer["systemMessage"].startswith("claude-rego: the policy engine is broken (hook exit ")
            assert answer["systemMessage"].endswith("); no policy was applied")
            validate_output(event, answer)


def test_a_missing_launcher_still_blocks_where_the_table_blocks_and_never_traps(tmp_path):
    """2.1.197 has no onFailure: `|| exit 2` in the registered command blocks when the
    launcher itself is gone; on Stop & co. the command fails without exit 2 (no trap)."""
    hooks = all_event_registration(tmp_path)
    (tmp_path / LAUNCHER_NAME).unlink()
    for event in EVENTS:
        command = hooks[event][0]["hooks"][0]["command"]
        result = run_registered(command, json.dumps(hook_input(event)).encode(), event=event)
        if event in ON_FAILURE_BLOCK:
            assert result.returncode == 2, event
        else:
            assert result.returncode not in (0, 2), event  # a non-blocking error for the CLI


def test_is_ours_recognises_launcher_and_inline_commands_and_reinstall_replaces_the_old_form(tmp_path):
    from claude_rego.claudecode.install import is_ours, merge
    old = {"type": "command", "command": hook_command("PreToolUse")}
    new_hooks = all_event_registration(tmp_path)
    assert is_ours(old) and is_ours(new_hooks["PreToolUse"][0]["hooks"][0])
    assert not is_ours({"type": "command", "command": "/usr/local/bin/claude-rego-hooks-audit x"})
    assert not is_ours({"type": "command", "command": "echo 'unbalanced"})
    settings = merge({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [old]}]}},
                     {"hooks": {"PreToolUse": new_hooks["PreToolUse"]}})
    assert settings["hooks"]["PreToolUse"] == new_hooks["PreToolUse"]


def test_only_routed_events_are_registered_with_narrowed_matchers():
    fragment = registration(policyset.compile_sources([str(__import__("conftest").POLICIES / "scripted")]))
    hooks = fragment["hooks"]
    # scripted_a/b route to every event, so every event but the dangerous ones is registered
    assert set(hooks) >= {"PreToolUse", "Stop", "SessionStart"}
    assert not set(hooks) & NEVER_REGISTER_BY_DEFAULT
    assert "matcher" not in hooks["PreToolUse"][0]  # a policy routed to all tools


def test_matcher_is_narrowed_to_routed_tools(tmp_path):
    (tmp_path / "p.rego").write_text(
        "# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [PreToolUse]\n"
        "#     tools: [Bash, mcp__github__*]\n#     tool_classes: [file-write]\n"
        "package claude_rego.policies.p\nimport rego.v1\ndeny contains \"x\" if false\n")
    hooks = registration(policyset.compile_sources([str(tmp_path)]))["hooks"]
    assert list(hooks) == ["PreToolUse"]
    matcher = hooks["PreToolUse"][0]["matcher"]
    assert set(matcher.split("|")) == {"Bash", "mcp__github__.*", "Edit", "MultiEdit", "NotebookEdit", "Write"}


def test_install_merges_into_existing_settings_keeps_foreign_hooks_and_is_idempotent(tmp_path):
    settings = tmp_path / "settings.json"
    foreign = {"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/audit-bash"}]}
    settings.write_text(json.dumps({"model": "opus", "hooks": {"PreToolUse": [foreign],
                                                                "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}]}}))
    first = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--scope", "user",
                            "--settings-file", str(settings)], capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    merged = json.loads(settings.read_text())
    assert merged["model"] == "opus"
    assert foreign in merged["hooks"]["PreToolUse"]
    assert merged["hooks"]["Notification"] == [{"hooks": [{"type": "command", "command": "notify-send hi"}]}]
    ours = [h for e in merged["hooks"]["PreToolUse"] for h in e["hooks"] if LAUNCHER_NAME in h["command"]]
    assert len(ours) == 1
    assert len(list(tmp_path.glob("settings.json.bak-*"))) == 1
    again = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--scope", "user",
                            "--settings-file", str(settings)], capture_output=True, text=True)
    assert "already up to date" in again.stdout and json.loads(settings.read_text()) == merged
    assert len(list(tmp_path.glob("settings.json.bak-*"))) == 1


def test_install_dry_run_shows_a_diff_and_writes_nothing(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text("{}")
    result = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings),
                             "--dry-run", "--managed-hooks-only"], capture_output=True, text=True)
    assert result.returncode == 0 and "+  \"hooks\"" in result.stdout and "allowManagedHooksOnly" in result.stdout
    assert settings.read_text() == "{}"


def test_reinstall_with_fewer_events_removes_only_our_stale_hooks(tmp_path):
    from claude_rego.claudecode.install import merge
    fragment_all = registration(policyset.compile_sources([SCRIPTED]))
    settings = merge({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "other"}]}]}}, fragment_all)
    fragment_pre = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"])
    after = merge(settings, fragment_pre)
    assert set(after["hooks"]) == {"PreToolUse", "Stop"}
    assert after["hooks"]["Stop"] == [{"hooks": [{"type": "command", "command": "other"}]}]


def doctor(settings, env=None) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "doctor", "--settings-file", str(settings), "--json"],
                          capture_output=True, text=True, env=env)
    report = json.loads(proc.stdout)
    return proc.returncode, {c["check"]: c for c in report["checks"]}


def fake_claude(tmp_path, version: str) -> dict:
    bin_dir = tmp_path / f"claude-{version}"
    bin_dir.mkdir()
    (bin_dir / "claude").write_text(f"#!/bin/sh\necho '{version} (Claude Code)'\n")
    (bin_dir / "claude").chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}


def test_doctor_reports_registration_integrity_engine_and_live_decisions(tmp_path):
    settings = tmp_path / "settings.json"
    subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings)],
                   capture_output=True, check=True)
    code, by_name = doctor(settings, fake_claude(tmp_path, "2.1.331"))
    assert code == 0, by_name
    assert by_name["engine"]["ok"] and "files match RECORD" in by_name["engine"]["detail"]
    assert by_name["hooks registered"]["ok"] and by_name["hooks intact"]["ok"]
    assert by_name["hook launcher"]["ok"] and by_name["hooks onFailure"]["ok"]
    assert by_name["decision PreToolUse"]["ok"]
    assert by_name["claude code"]["ok"] and by_name["claude code"]["supports_on_failure"] is True
    tampered = json.loads(settings.read_text())
    tampered["hooks"]["PreToolUse"][0]["hooks"][0]["command"] += " || true"
    settings.write_text(json.dumps(tampered))
    code, by_name = doctor(settings)
    assert code == 1
    assert not by_name["hooks intact"]["ok"]


@pytest.mark.parametrize("change,expected", [
    (lambda hook: hook.pop("onFailure"), "PreToolUse: lacks onFailure 'block'"),
    (lambda hook: hook.update(onFailure="deny"), "PreToolUse: invalid onFailure 'deny'"),
])
def test_doctor_flags_an_entry_without_the_on_failure_it_needs(tmp_path, change, expected):
    settings = tmp_path / "settings.json"
    subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings)],
                   capture_output=True, check=True)
    edited = json.loads(settings.read_text())
    change(edited["hooks"]["PreToolUse"][0]["hooks"][0])
    settings.write_text(json.dumps(edited))
    code, by_name = doctor(settings, fake_claude(tmp_path, "2.1.331"))
    assert code == 1 and not by_name["hooks onFailure"]["ok"]
    assert expected in by_name["hooks onFailure"]["detail"]


def test_doctor_flags_a_damaged_launcher(tmp_path):
    settings = tmp_path / "settings.json"
    subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings)],
                   capture_output=True, check=True)
    from claude_rego.claudecode.install import launcher_path, launcher_script
    launcher = launcher_path()
    try:
        with open(launcher, "a") as fh:
            fh.write("# edited\n")
        code, by_name = doctor(settings, fake_claude(tmp_path, "2.1.331"))
        assert code == 1 and not by_name["hook launcher"]["ok"]
    finally:
        with open(launcher, "w") as fh:
            fh.write(launcher_script())


@pytest.mark.parametrize("version,ok,on_failure,words", [
    ("2.1.331 (Claude Code)", True, True, "honours onFailure"),
    ("2.1.197 (Claude Code)", True, False, "fails OPEN"),
    ("2.1.250 (Claude Code)", True, None, "not measured"),
    ("2.1.100 (Claude Code)", False, False, "OLDER than the supported range"),
    ("2.2.0 (Claude Code)", True, True, "newer than the newest tested"),
    ("garbage", False, None, "unrecognised"),
])
def test_claude_code_version_against_the_supported_range(version, ok, on_failure, words):
    from claude_rego.cli.doctor import claude_code_status
    status = claude_code_status(version)
    assert (status["ok"], status["on_failure"]) == (ok, on_failure) and words in status["detail"]


def test_doctor_reports_the_installed_cli_version_and_warns_when_too_old(tmp_path):
    settings = tmp_path / "settings.json"
    subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings)],
                   capture_output=True, check=True)
    code, by_name = doctor(settings, fake_claude(tmp_path, "2.0.5"))
    assert code == 1 and by_name["claude code"]["ok"] is False
    assert by_name["claude code"]["version"] == "2.0.5 (Claude Code)"
    assert "OLDER than the supported range (supported 2.1.197 to 2.1.331)" in by_name["claude code"]["detail"]


def test_supported_range_is_the_referees():
    from claude_rego.claudecode.events import SUPPORTED_CLI
    from cli_output_schema import SUPPORTED
    assert SUPPORTED_CLI == SUPPORTED


def test_worktree_and_message_display_need_explicit_confirmation(tmp_path):
    (tmp_path / "w.rego").write_text(
        "# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [WorktreeCreate, PreToolUse]\n"
        "package claude_rego.policies.w\nimport rego.v1\nsystem_message contains \"x\" if false\n")
    refused = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--print", "--policies", str(tmp_path),
                              "--no-builtin"],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "replaces Claude Code's own worktree handling" in refused.stderr
    confirmed = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--print", "--policies",
                                str(tmp_path), "--no-builtin", "--confirm-dangerous-events"], capture_output=True, text=True)
    assert set(json.loads(confirmed.stdout)["hooks"]) == {"PreToolUse", "WorktreeCreate"}
