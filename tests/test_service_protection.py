"""The service_protection policy through the whole pipeline (real parser, real facts)."""

from __future__ import annotations

import pytest
from claude_rego import api
from conftest import bash_input, hook_input


def verdict(command: str):
    out, _ = api.evaluate_hook(bash_input(command))
    specific = out.get("hookSpecificOutput") or {}
    return specific.get("permissionDecision"), specific.get("permissionDecisionReason", "")


@pytest.mark.parametrize("command", [
    "systemctl stop claude-rego",
    "systemctl --user disable --now claude-rego.service",
    "sudo systemctl mask claude-rego",
    "bash -c 'systemctl --user stop claude-rego'",
    "launchctl bootout gui/501/io.claude-rego.serve",
    "docker kill claude-rego",
    "pkill -f 'claude-rego serve'",
    "kill -9 $(pgrep -f claude-rego)",
    "pgrep -f claude_rego | xargs kill",
    "lsof -ti :18787 | xargs kill -9",
    "fuser -k 884/tcp",
    "nc -l 127.0.0.1 18787",
    "socat TCP-LISTEN:884,fork,reuseaddr EXEC:/bin/cat",
    "python3 -m http.server 18787 --bind 127.0.0.1",
    "claude-rego serve --port 18787 --insecure-no-token",
    "s=claude-rego; systemctl --user stop $s",
])
def test_stopping_impersonating_or_reconfiguring_the_service_is_denied(command):
    decision, reason = verdict(command)
    assert decision == "deny", (command, decision, reason)


@pytest.mark.parametrize("command", [
    "systemctl status claude-rego",
    "journalctl --user -u claude-rego -n 50",
    "curl -s http://127.0.0.1:18787/v1/health",
    "docker logs claude-rego",
    "python3 -m http.server 8000",
    "claude-rego doctor --service-url http://127.0.0.1:18787",
])
def test_looking_at_the_service_stays_allowed(command):
    decision, reason = verdict(command)
    assert decision != "deny" or "service" not in reason, (command, reason)


def test_writing_the_service_configuration_is_denied(tmp_path):
    out, _ = api.evaluate_hook(hook_input("PreToolUse", tool_name="Write",
                                          tool_input={"file_path": "/etc/claude-code/claude-rego.json", "content": "{}"}))
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "decision service" in out["hookSpecificOutput"]["permissionDecisionReason"]
