"""End-to-end: the REAL Claude Code CLI 2.1.331 (offline) calling `claude-rego serve`
through native `http` hooks, registered exactly as `install --transport http` prints them.

This module pins its own CLI (2.1.331: the first measured to honour `onFailure`), in the
same cache as the e2e harness (~/.cache/claude-rego-e2e/cli-2.1.331), and reuses the
harness (a throw-away HOME/project, the scripted fake Messages API). The service runs in
the test process on 127.0.0.1 (port 0) with a token passed to the CLI through the
environment variable the hooks' `allowedEnvVars` names.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from claude_rego.policy import load_snapshot
from claude_rego.service import identity, register, server
from claude_rego_e2e_fake_api import bash, text

HERE = Path(__file__).resolve().parent
POLICIES = HERE / "policies"
CLI_VERSION_331 = "2.1.331"
TOKEN = "e2e-service-token-" + "7" * 24


@pytest.fixture(scope="session")
def claude_cli_331(request):
    """The pinned 2.1.331 CLI, from the e2e suite's own cache (installed on first use)."""
    conftest = request.config.pluginmanager.get_plugin(str(HERE / "conftest.py"))  # tests/e2e/conftest.py
    return conftest.CLI(CLI_VERSION_331, conftest._install(CLI_VERSION_331))


class ServiceHarness:
    """The e2e Harness with http hooks to a service it starts."""

    def __init__(self, harness, tmp_path):
        self.h = harness
        self.tmp = tmp_path
        self.running = None
        self.url = None

    def start(self, *cases: str, deadline: float = 3.0, **kw):
        policies = [str(POLICIES / c) for c in cases] or None
        self.running = server.Running(server.ServiceConfig(
            port=0, tokens=[TOKEN], workers=2, policies=policies, deadline=deadline, warm=False,
            decision_log=str(self.tmp / "service-decisions.jsonl"), **kw)).start_background()
        self.url = self.running.url
        return policies

    def register(self, *cases: str, url: str | None = None, events=None, allow=("Bash",)):
        policies = [str(POLICIES / c) for c in cases] or None
        fragment = register.http_registration(load_snapshot(policies), url or self.url, python=sys.executable,
                                              policies=policies, events=events)
        settings = {"hooks": fragment["hooks"], "permissions": {"allow": list(allow)}}
        (self.h.project / ".claude" / "settings.json").write_text(json.dumps(settings, indent=2))
        self.h.fragment = fragment
        return fragment

    def run(self, prompt, script, **kw):
        env = dict(kw.pop("env", {}) or {}, CLAUDE_REGO_SERVICE_TOKEN=TOKEN)
        return self.h.run(prompt, script, env=env, **kw)

    def records(self):
        path = self.tmp / "service-decisions.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []

    def stop(self):
        if self.running is not None:
            self.running.stop()
            self.running = None


@pytest.fixture
def svc(claude_cli_331, tmp_path, request):
    conftest = request.config.pluginmanager.get_plugin(str(HERE / "conftest.py"))  # tests/e2e/conftest.py
    s = ServiceHarness(conftest.Harness(claude_cli_331, tmp_path), tmp_path)
    yield s
    s.stop()


def hook_names(run):
    return [(e.get("hook_event"), e.get("outcome")) for e in run.hook_responses()]


# ---------------------------------------------------------------------------- decisions

def test_deny_through_the_http_hook(svc):
    svc.start("deny")
    fragment = svc.register("deny")
    (hook,) = fragment["hooks"]["PreToolUse"][0]["hooks"]
    assert hook["type"] == "http" and hook["onFailure"] == "block"
    call = bash("touch DENIED_MARKER")
    run = svc.run("create the marker", [[call], [text("understood")]])
    assert not run.marker("DENIED_MARKER"), run.describe()
    assert "E2E-DENY-7c1" in run.tool_result_text(call["id"]), run.describe()
    assert "[claude-rego decision " in run.tool_result_text(call["id"])
    records = svc.records()
    assert records and records[-1]["claude_rego"]["transport"] == "http" and records[-1]["claude_rego"]["verdict"] == "deny"
    assert records[-1]["claude_rego"]["auth"]["token_id"] == identity.token_id(TOKEN)


def test_ask_through_the_http_hook(svc):
    svc.start("ask")
    svc.register("ask")
    call = bash("echo ask-marker > ASKED_MARKER")
    run = svc.run("ask me", [[call], [text("ok")]])
    assert not run.marker("ASKED_MARKER"), run.describe()
    assert "E2E-ASK-91c" in run.tool_result_text(call["id"]), run.describe()


def test_rewrite_through_the_http_hook(svc):
    svc.start("rewrite")
    svc.register("rewrite")
    call = bash("echo original-xyz")
    run = svc.run("echo", [[call], [text("done")]])
    output = run.tool_result_text(call["id"])
    assert "rewritten-xyz" in output and "original-xyz" not in output, run.describe()


def test_posttooluse_redaction_through_the_http_hook(svc):
    svc.start()  # the default pack: output_redaction replaces secrets in tool output
    svc.register(events=["PostToolUse"], allow=("Bash",))
    call = bash("echo AKIAQ3EGRU5LXV7OTZ4B")
    run = svc.run("print it", [[call], [text("done")]])
    output = run.tool_result_text(call["id"])
    assert "AKIAQ3EGRU5LXV7OTZ4B" not in output and "[REDACTED AWS" in output, run.describe()
    assert [e.get("outcome") for e in run.hook_responses("PostToolUse")] == ["success"], run.describe()


def test_prompt_block_through_the_http_hook(svc):
    svc.start("prompt")
    svc.register("prompt")
    run = svc.run("here is TOP-SECRET-PROMPT-e2e", [[text("should never be asked")]])
    assert len(run.requests) == 0, run.describe()


def test_session_start_context_still_arrives_through_the_command_hook(svc):
    svc.start("session")
    fragment = svc.register("session")
    (hook,) = fragment["hooks"]["SessionStart"][0]["hooks"]
    assert hook["type"] == "command"
    run = svc.run("hello", [[text("hi")]])
    assert "E2E-SESSION-CONTEXT-a60" in run.request_text(0), run.describe()


# ------------------------------------------------------------------------ service failure

def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class BrokenService:
    """Holds the port and answers 500, or hangs (bounded), instead of the service."""

    def __init__(self, mode):
        self.release = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if mode == "hang":
                    outer.release.wait(20)
                body = b"broken"
                self.send_response(500)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *a):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()

    def close(self):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.mark.parametrize("failure", ["stopped", "500", "hang"])
def test_tool_is_blocked_when_the_service_is_down_broken_or_hanging(svc, failure):
    broken = None
    if failure == "stopped":
        url = f"http://127.0.0.1:{_free_port()}"  # nothing listens
    else:
        broken = BrokenService("hang" if failure == "hang" else "500")
        url = broken.url
    try:
        fragment = svc.register(url=url, events=["PreToolUse"])
        if failure == "hang":  # keep the run short: the CLI's timeout, not the 600 s default
            fragment["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"] = 2
            settings = json.loads((svc.h.project / ".claude" / "settings.json").read_text())
            settings["hooks"] = fragment["hooks"]
            (svc.h.project / ".claude" / "settings.json").write_text(json.dumps(settings))
        call = bash("touch RAN_MARKER")
        run = svc.run("make the marker", [[call], [text("ok")]])
        assert not run.marker("RAN_MARKER"), run.describe()
        assert 'onFailure is "block"' in run.tool_result_text(call["id"]), run.describe()
    finally:
        if broken is not None:
            broken.close()
