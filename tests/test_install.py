"""`claude-rego install --print`: the registration the tests (and Claude Code) run."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

from claude_rego import policyset
from claude_rego.events import NEVER_REGISTER_BY_DEFAULT
from claude_rego.hook import DEFAULT_DEADLINE
from claude_rego.install import bootstrap, registration
from conftest import SCRIPTED, bash_input, run_registered


def printed(*args) -> dict:
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "install", "--print", *args],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def test_printed_registration_runs_isolated_absolute_interpreter_with_timeout():
    hooks = printed()["hooks"]
    assert "PreToolUse" in hooks
    for event, entries in hooks.items():
        (entry,) = entries
        (hook,) = entry["hooks"]
        assert hook["type"] == "command"
        assert hook["timeout"] > DEFAULT_DEADLINE
        lexer = shlex.shlex(hook["command"], posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
        argv = words[:words.index(";")]
        assert argv[0] == sys.executable and argv[0].startswith("/")
        assert argv[1:8] == ["-I", "-S", "-c", bootstrap(), "hook", "--event", event]
        assert event not in NEVER_REGISTER_BY_DEFAULT


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
    (evil / "python3").write_text("#!/bin/sh\necho '{}'\n")
    (evil / "python3").chmod(0o755)
    command = printed()["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    env = {**hook_env, "PYTHONPATH": str(evil), "PATH": f"{evil}:/usr/bin:/bin", "PYTHONSTARTUP": str(evil / "x")}
    result = run_registered(command, b"not json", event="PreToolUse", env=env).assert_valid()
    assert result.output["hookSpecificOutput"]["permissionDecision"] == "deny"


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
    ours = [h for e in merged["hooks"]["PreToolUse"] for h in e["hooks"] if "claude_rego" in h["command"]]
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
    from claude_rego.install import merge
    fragment_all = registration(policyset.compile_sources([SCRIPTED]))
    settings = merge({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "other"}]}]}}, fragment_all)
    fragment_pre = registration(policyset.compile_sources([SCRIPTED]), events=["PreToolUse"])
    after = merge(settings, fragment_pre)
    assert set(after["hooks"]) == {"PreToolUse", "Stop"}
    assert after["hooks"]["Stop"] == [{"hooks": [{"type": "command", "command": "other"}]}]


def test_doctor_reports_registration_integrity_engine_and_live_decisions(tmp_path):
    settings = tmp_path / "settings.json"
    subprocess.run([sys.executable, "-m", "claude_rego", "install", "--settings-file", str(settings)],
                   capture_output=True, check=True)
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "doctor", "--settings-file", str(settings), "--json"],
                          capture_output=True, text=True)
    report = json.loads(proc.stdout)
    by_name = {c["check"]: c for c in report["checks"]}
    assert proc.returncode == 0, report
    assert by_name["engine"]["ok"] and "files match RECORD" in by_name["engine"]["detail"]
    assert by_name["hooks registered"]["ok"] and by_name["hooks intact"]["ok"]
    assert by_name["decision PreToolUse"]["ok"]
    tampered = json.loads(settings.read_text())
    tampered["hooks"]["PreToolUse"][0]["hooks"][0]["command"] += " || true"
    settings.write_text(json.dumps(tampered))
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "doctor", "--settings-file", str(settings), "--json"],
                          capture_output=True, text=True)
    report = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert not {c["check"]: c for c in report["checks"]}["hooks intact"]["ok"]


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
