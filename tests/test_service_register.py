"""Registration of the decision service as `http` hooks, and doctor's service check."""

from __future__ import annotations

import json

import pytest
from claude_rego.claudecode import install
from claude_rego.claudecode.events import EVENTS, event_info
from claude_rego.policy import load_snapshot
from claude_rego.service import register, server
from conftest import cli

TOKEN = "register-test-token-0123456789"


@pytest.fixture(scope="module")
def pack():
    return load_snapshot(None)


def all_events_snapshot():
    """A snapshot whose one policy routes to every event (so every event is registered)."""
    return {"policies": [{"name": "p", "routing": {}, "verbs": ["deny"]}]}


def hooks_of(fragment, event):
    return [h for entry in fragment["hooks"][event] for h in entry["hooks"]]


def test_on_failure_block_exactly_where_the_failure_table_blocks():
    fragment = register.http_registration(all_events_snapshot(), "http://127.0.0.1:884", events=list(EVENTS))
    assert set(fragment["hooks"]) == set(EVENTS)
    for event in EVENTS:
        for hook in hooks_of(fragment, event):
            if hook["type"] != "http":
                continue
            if event_info(event).blocks_on_failure:
                assert hook["onFailure"] == "block", event  # the exact value: anything else drops the entry
            else:
                assert "onFailure" not in hook, event
    assert "onFailure" not in hooks_of(fragment, "Stop")[0]
    assert hooks_of(fragment, "PreToolUse")[0]["onFailure"] == "block"
    assert hooks_of(fragment, "PermissionRequest")[0]["onFailure"] == "block"


def test_session_start_setup_and_env_events_stay_command_hooks():
    fragment = register.http_registration(all_events_snapshot(), "http://127.0.0.1:884", events=list(EVENTS))
    for event in ("SessionStart", "Setup", "CwdChanged", "FileChanged"):
        (hook,) = hooks_of(fragment, event)
        assert hook["type"] == "command" and install.is_ours(hook), event
        assert hook["command"] in (install.registered_command(event, install.launcher_path()),
                                   install.hook_command(event))
    for event in ("PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit"):
        assert hooks_of(fragment, event)[0]["type"] == "http"


def test_http_entry_shape(pack):
    fragment = register.http_registration(pack, "http://127.0.0.1:884/", deadline=3.0)
    (entry,) = fragment["hooks"]["PreToolUse"]
    assert entry.get("matcher") == install.tool_matcher(pack, "PreToolUse")  # None: every tool
    (hook,) = entry["hooks"]
    assert hook == {
        "type": "http", "url": "http://127.0.0.1:884/v1/hook/PreToolUse", "timeout": 5,
        "headers": {"Authorization": "Bearer $CLAUDE_REGO_SERVICE_TOKEN", "X-Claude-Project-Dir": "$CLAUDE_PROJECT_DIR"},
        "allowedEnvVars": ["CLAUDE_REGO_SERVICE_TOKEN", "CLAUDE_PROJECT_DIR"], "onFailure": "block"}
    # every header variable is allowed (the CLI interpolates only those)
    for event in fragment["hooks"]:
        for hook in hooks_of(fragment, event):
            if hook["type"] == "http":
                for value in hook["headers"].values():
                    assert all(var in hook["allowedEnvVars"] for var in ("CLAUDE_REGO_SERVICE_TOKEN",)
                               if "$" + var in value)
    assert list(fragment["hooks"]) == list(install.registration(pack)["hooks"])


def test_old_cli_keeps_command_hooks_where_failure_must_block(pack):
    old = register.http_registration(pack, "http://127.0.0.1:884", cli_version="2.1.197 (Claude Code)")
    for event in old["hooks"]:
        (hook,) = hooks_of(old, event)
        if event_info(event).blocks_on_failure or event in register.HTTP_SKIPPED_EVENTS:
            assert hook["type"] == "command", event
        else:
            assert hook["type"] == "http", event
    new = register.http_registration(pack, "http://127.0.0.1:884", cli_version="2.1.331")
    assert hooks_of(new, "PreToolUse")[0]["type"] == "http"


def test_install_replaces_our_http_hooks_and_keeps_others(tmp_path, pack):
    path = tmp_path / "settings.json"
    foreign = {"type": "http", "url": "http://127.0.0.1:9999/other"}
    path.write_text(json.dumps({"hooks": {"PreToolUse": [{"hooks": [foreign]}]}}))
    fragment = register.http_registration(pack, "http://127.0.0.1:884")
    install.write_settings(str(path), fragment)
    changed, _ = install.write_settings(str(path), fragment)
    assert not changed, "running it twice changes nothing"
    settings = json.loads(path.read_text())
    pre = [h for e in settings["hooks"]["PreToolUse"] for h in e["hooks"]]
    assert foreign in pre and sum(register.is_ours(h) for h in pre) == 1
    # switching back to the command transport removes the http hooks
    install.write_settings(str(path), install.registration(pack))
    settings = json.loads(path.read_text())
    assert not any(register.is_ours(h) for e in settings["hooks"].values() for x in e for h in x["hooks"])


def test_cli_install_transport_http(tmp_path):
    out = cli("install", "--print", "--transport", "http", "--service-url", "http://127.0.0.1:884")
    assert out.returncode == 0, out.stderr
    fragment = json.loads(out.stdout)
    assert hooks_of(fragment, "PreToolUse")[0]["url"] == "http://127.0.0.1:884/v1/hook/PreToolUse"
    assert hooks_of(fragment, "SessionStart")[0]["type"] == "command"
    bad = cli("install", "--print", "--transport", "carrier-pigeon")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr


def test_doctor_service_checks(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    running = server.Running(server.ServiceConfig(port=0, tokens=[TOKEN], workers=1, warm=False,
                                                  decision_log=str(tmp_path / "d.jsonl"))).start_background()
    try:
        revision = running.service.source.revision
        checks = {c["check"]: c for c in register.service_checks(running.url, token=TOKEN, expected_revision=revision)}
        assert checks["service up"]["ok"] and checks["service decision PreToolUse"]["ok"]
        assert checks["service decision Stop"]["ok"] and checks["service revision"]["ok"]
        assert "service port" in checks
        wrong = {c["check"]: c for c in register.service_checks(running.url, token=TOKEN, expected_revision="other")}
        assert wrong["service revision"]["ok"] is False
        unauth = register.service_checks(running.url, token="wrong-token-wrong-token")
        assert unauth[0]["ok"] is False and "401" in unauth[0]["detail"]
        port = running.port
    finally:
        running.stop()
    down = register.service_checks(f"http://127.0.0.1:{port}", token=TOKEN)
    assert down[0]["ok"] is False and "not reachable" in down[0]["detail"]


def test_listener_uid_finds_our_listener(tmp_path):
    import os
    import socket
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("Linux /proc/net/tcp")
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    try:
        assert register.listener_uid(s.getsockname()[1]) == os.getuid()
    finally:
        s.close()


def test_cli_on_failure_check(tmp_path):
    def fake(version):
        path = tmp_path / f"claude-{version}"
        path.write_text(f"#!/bin/sh\necho '{version} (Claude Code)'\n")
        path.chmod(0o755)
        return str(path)

    assert register.cli_on_failure_check(fake("2.1.331"))["ok"] is True
    assert register.cli_on_failure_check(fake("2.2.0"))["ok"] is True
    old = register.cli_on_failure_check(fake("2.1.197"))
    assert old["ok"] is False and "fails OPEN" in old["detail"]


def test_pool_waits_for_warm_workers():
    import threading

    gate = threading.Event()
    pool = server.Pool(lambda: gate.wait(10), size=2)
    try:
        assert not pool.wait_ready(1, timeout=0.05)
        gate.set()
        assert pool.wait_ready(2, timeout=10) and pool.stats()["ready"] == 2
    finally:
        pool.stop()


def test_doctor_checks_registered_http_hooks(tmp_path, monkeypatch, pack):
    from claude_rego.cli import doctor

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    running = server.Running(server.ServiceConfig(port=0, tokens=[TOKEN], workers=1, warm=False,
                                                  decision_log="off")).start_background()
    try:
        settings = tmp_path / "settings.json"
        install.write_settings(str(settings), register.http_registration(pack, running.url))
        monkeypatch.setenv(register.TOKEN_ENV, TOKEN)
        checks = {c["check"]: c for c in doctor.run_checks(settings_files=[str(settings)])}
        assert checks["hooks registered"]["ok"] and checks["hooks intact"]["ok"]
        assert checks["http hook PreToolUse"]["ok"] and checks["decision PreToolUse"]["ok"]
        assert "http 200" in checks["decision PreToolUse"]["detail"]
        assert checks["decision SessionStart"]["ok"]  # the command hook, run as before
        # a tampered entry (onFailure dropped) and a wrong token are reported
        data = json.loads(settings.read_text())
        del data["hooks"]["PreToolUse"][0]["hooks"][0]["onFailure"]
        settings.write_text(json.dumps(data))
        monkeypatch.setenv(register.TOKEN_ENV, "wrong-token-wrong-token")
        checks = {c["check"]: c for c in doctor.run_checks(settings_files=[str(settings)])}
        assert checks["http hook PreToolUse"]["ok"] is False and "onFailure" in checks["http hook PreToolUse"]["detail"]
        assert checks["decision PreToolUse"]["ok"] is False
    finally:
        running.stop()
