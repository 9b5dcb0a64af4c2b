"""Harness for end-to-end tests under the real Claude Code CLI (pinned), offline.

The CLI is installed from npm into a cache folder once; it talks to the scripted fake
Messages API on 127.0.0.1; the hook registration written into the test project's
settings is exactly what `claude_rego.install.registration` produces. Tests assert what
the CLI did (requests it sent to the model, files the tools touched, its exit), not what
our hook printed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claude_rego import snapshot
from claude_rego.install import registration

CLI_VERSION = "2.1.197"
# The same cache folder as tests/e2e, so the CLI is installed once.
CACHE = Path(os.environ.get("CLAUDE_REGO_E2E_CACHE") or Path.home() / ".cache" / "claude-rego-e2e" / f"cli-{CLI_VERSION}")


@pytest.fixture(scope="session")
def claude_cli() -> str:
    binary = CACHE / "node_modules" / ".bin" / "claude"
    if not binary.exists():
        npm = shutil.which("npm")
        if not npm:
            pytest.skip("npm is not installed: cannot install the real Claude Code CLI")
        CACHE.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
                               f"@anthropic-ai/claude-code@{CLI_VERSION}"], capture_output=True, text=True, timeout=900)
        if proc.returncode != 0 or not binary.exists():
            pytest.skip(f"npm could not install @anthropic-ai/claude-code@{CLI_VERSION}: {proc.stderr[-500:]}")
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    print(f"\nreal Claude Code CLI: {version} ({binary})")
    assert CLI_VERSION in version
    return str(binary)


class Run:
    def __init__(self, proc, api, project: Path):
        self.returncode = proc.returncode
        self.stdout, self.stderr = proc.stdout, proc.stderr
        self.events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        self.requests = api.requests
        self.main_requests = api.main_requests
        self.project = project

    def tool_results(self) -> list[dict]:
        """Every tool_result the CLI sent to the model (last request holds the whole conversation)."""
        if not self.main_requests:
            return []
        found = []
        for message in self.main_requests[-1].get("messages", []):
            content = message.get("content")
            for block in content if isinstance(content, list) else []:
                if block.get("type") == "tool_result":
                    found.append(block)
        return found

    def tool_result_text(self) -> str:
        parts = []
        for block in self.tool_results():
            content = block.get("content")
            if isinstance(content, list):
                parts += [c.get("text", "") for c in content if isinstance(c, dict)]
            else:
                parts.append(str(content))
        return "\n".join(parts)

    def all_request_text(self) -> str:
        return json.dumps(self.requests)


class Harness:
    """A throw-away HOME and project, our hooks registered, the CLI pointed at a fake API."""

    def __init__(self, cli: str, tmp_path: Path):
        self.cli = cli
        self.home = tmp_path / "home"
        self.project = tmp_path / "project"
        self.guard = tmp_path / "guard-bin"
        for path in (self.home, self.project, self.guard, self.project / ".claude"):
            path.mkdir(parents=True, exist_ok=True)
        (self.home / ".claude.json").write_text(json.dumps({
            "hasCompletedOnboarding": True,
            "projects": {str(self.project): {"hasTrustDialogAccepted": True}}}))
        rm = self.guard / "rm"
        rm.write_text("#!/bin/sh\necho 'guard rm refused' >&2\nexit 1\n")
        rm.chmod(0o755)
        self.state = tmp_path / "state"

    def register(self, *, policies: list[str] | None = None, events: list[str] | None = None, python: str | None = None,
                 deadline: float = 3.0, allow: list[str] = ("Bash",)):
        fragment = registration(snapshot.load(policies), python=python or sys.executable, policies=policies,
                                deadline=deadline, events=events)
        settings = {"hooks": fragment["hooks"], "permissions": {"allow": list(allow)}}
        (self.project / ".claude" / "settings.json").write_text(json.dumps(settings, indent=2))
        return fragment

    def run(self, prompt: str, script, *, env: dict | None = None, timeout: float = 120) -> Run:
        from fake_api import FakeMessagesApi

        api = FakeMessagesApi(script)
        clean = {k: v for k, v in os.environ.items()
                 if not k.startswith(("ANTHROPIC_", "CLAUDE_CODE_", "CLAUDECODE", "CLAUDE_REGO_TEST"))}
        clean.update({
            "HOME": str(self.home), "ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-fake",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1",
            "DISABLE_ERROR_REPORTING": "1", "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
            "PATH": f"{self.guard}:{os.environ.get('PATH', '')}", "XDG_STATE_HOME": str(self.state),
        })
        clean.update(env or {})
        try:
            proc = subprocess.run([self.cli, "-p", prompt, "--output-format", "stream-json", "--verbose",
                                   "--include-hook-events"], cwd=self.project, env=clean, capture_output=True,
                                  text=True, timeout=timeout)
        finally:
            api.close()
        return Run(proc, api, self.project)


@pytest.fixture
def harness(claude_cli, tmp_path) -> Harness:
    return Harness(claude_cli, tmp_path)


def run_sdk_mode(harness: Harness, prompt: str, script, *, answer=None, env: dict | None = None,
                 timeout: float = 90, answer_after: float = 0.0) -> tuple[Run, list[dict], list[dict]]:
    """Drive the CLI as an SDK host does (stream-json both ways, permission prompts over
    stdio). `answer(request) -> response dict` answers each `can_use_tool` prompt (default:
    deny) after `answer_after` seconds — like a human, giving PermissionRequest hooks the
    time to decide first, in which case the CLI withdraws the prompt. Returns (run,
    permission prompts received, cancellations received)."""
    import select
    import time

    from fake_api import FakeMessagesApi

    api = FakeMessagesApi(script)
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("ANTHROPIC_", "CLAUDE_CODE_", "CLAUDECODE", "CLAUDE_REGO_TEST"))}
    clean.update({"HOME": str(harness.home), "ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-fake",
                  "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1",
                  "DISABLE_AUTOUPDATER": "1", "DISABLE_ERROR_REPORTING": "1", "NO_PROXY": "127.0.0.1,localhost",
                  "PATH": f"{harness.guard}:{os.environ.get('PATH', '')}", "XDG_STATE_HOME": str(harness.state)})
    clean.update(env or {})
    proc = subprocess.Popen([harness.cli, "-p", "--input-format", "stream-json", "--output-format", "stream-json",
                             "--verbose", "--permission-prompt-tool", "stdio"], cwd=harness.project, env=clean,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    prompts, cancels, lines = [], [], []
    proc.stdin.write(json.dumps({"type": "user", "message": {"role": "user", "content": prompt}}) + "\n")
    proc.stdin.flush()
    deadline = time.monotonic() + timeout
    pending: dict[str, tuple[float, dict]] = {}
    respond = answer or (lambda r: {"behavior": "deny", "message": "host denies"})
    try:
        while time.monotonic() < deadline:
            for request_id, (due, request) in list(pending.items()):
                if time.monotonic() >= due:
                    del pending[request_id]
                    proc.stdin.write(json.dumps({"type": "control_response", "response": {
                        "subtype": "success", "request_id": request_id, "response": respond(request)}}) + "\n")
                    proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 0.1)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("type") == "control_request" and message["request"].get("subtype") == "can_use_tool":
                prompts.append(message["request"])
                pending[message["request_id"]] = (time.monotonic() + answer_after, message["request"])
            elif message.get("type") == "control_cancel_request":
                cancels.append(message)
                pending.pop(message.get("request_id"), None)
            elif message.get("type") == "result":
                break
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        api.close()
    fake = subprocess.CompletedProcess(proc.args, proc.returncode, "".join(lines), proc.stderr.read())
    return Run(fake, api, harness.project), prompts, cancels
