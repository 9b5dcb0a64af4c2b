"""End-to-end harness: the REAL Claude Code CLI, offline, with our hook registered.

Every test runs under each supported CLI version (`claude_rego.claudecode.events.SUPPORTED_CLI`:
the oldest supported and the newest pinned; `CLAUDE_REGO_E2E_CLI_VERSIONS=2.1.331`
narrows the run). Each pinned CLI is installed from npm into a cache folder outside the
repository (once, reused across runs). Each test gets a throw-away HOME and project directory, writes the
settings fragment `claude_rego.claudecode.install.registration` produces (exactly what
`claude-rego install --print` prints) into `<project>/.claude/settings.json`, points the
CLI at the scripted fake Messages API (fake_api.py) and runs
`claude -p PROMPT --output-format stream-json --verbose --include-hook-events`.
Tests then assert what the CLI did: the requests it sent to the "model", the files its
tools touched, its stream-json events and exit code.

Safety: a guard directory first on PATH holds an `rm` that refuses to delete anything
(and logs that it was asked); "dangerous" cases use harmless commands and marker files.

See /work/shared/claude-code/running-offline.md and docs/e2e-findings.md.
"""

from __future__ import annotations

import importlib.util
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from claude_rego.claudecode.events import SUPPORTED_CLI
from claude_rego.claudecode.install import registration
from claude_rego.policy import load_snapshot

HERE = Path(__file__).resolve().parent
POLICIES = HERE / "policies"
REPO = HERE.parent.parent
CLI_VERSIONS = tuple(v.strip() for v in os.environ.get("CLAUDE_REGO_E2E_CLI_VERSIONS", "").split(",")
                     if v.strip()) or SUPPORTED_CLI
OLDEST, NEWEST = SUPPORTED_CLI[0], SUPPORTED_CLI[-1]
# The cache root; each version gets cli-<version>/ under it.
CACHE_ROOT = Path(os.environ.get("CLAUDE_REGO_E2E_CACHE") or Path.home() / ".cache" / "claude-rego-e2e")
RUN_TIMEOUT = 90  # seconds per CLI run; a normal run takes 1-3 s


def version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


# ------------------------------------------------------------------ module plumbing
#
# tests/ has no __init__.py files, so every conftest.py there is imported as the
# top-level module "conftest", and pytest drops the previous one from sys.modules when
# it loads ours. tests/*.py do `from conftest import ...` (meaning tests/conftest.py),
# so once ours is registered we put the parent conftest back. Likewise fake_api.py is
# loaded under a unique name, so it can never shadow (or be shadowed by) another `fake_api`.

_THIS = sys.modules[__name__]


def pytest_plugin_registered(plugin, manager):
    if plugin is _THIS:
        parent = manager.get_plugin(str(HERE.parent / "conftest.py"))
        if parent is not None:
            sys.modules["conftest"] = parent


def _load_private_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fake_api = _load_private_module("claude_rego_e2e_fake_api", HERE / "fake_api.py")


# ------------------------------------------------------------------ the pinned CLI

_cli_banner: list[str] = []


def pytest_terminal_summary(terminalreporter):
    for line in _cli_banner:
        terminalreporter.write_line(line)


class CLI:
    """One pinned CLI: its version and binary."""

    def __init__(self, version: str, path: str):
        self.version, self.path = version, path

    @property
    def has_on_failure(self) -> bool:
        return version_tuple(self.version) >= (2, 1, 331)


_installed: dict[str, CLI] = {}


@pytest.fixture(scope="session", params=CLI_VERSIONS, ids=lambda v: f"cli-{v}")
def claude_cli(request) -> CLI:
    """The pinned CLI of this parameter, installed with npm on first use. Skips (never fakes) when npm fails."""
    version = request.param
    if version not in _installed:
        _installed[version] = CLI(version, _install(version))
    return _installed[version]


def _install(version: str) -> str:
    package = f"@anthropic-ai/claude-code@{version}"
    cache = CACHE_ROOT / f"cli-{version}"
    binary = cache / "node_modules" / ".bin" / "claude"
    if not _version_ok(binary, version):
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip(f"npm not found on PATH: cannot install {package}")
        cache.mkdir(parents=True, exist_ok=True)
        try:
            proc = subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund",
                                   "--no-save", package], capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            pytest.skip(f"npm install {package} timed out after 600 s")
        if proc.returncode != 0:
            pytest.skip(f"npm install {package} failed (exit {proc.returncode}): {_npm_error(proc)}")
        if not _version_ok(binary, version):
            pytest.skip(f"npm installed {package} but {binary} does not report {version}")
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    banner = f"e2e: real Claude Code CLI `claude --version` = {version} ({binary})"
    print(f"\n{banner}")
    _cli_banner.append(banner)
    return str(binary)


def _npm_error(proc: subprocess.CompletedProcess) -> str:
    """The informative lines of npm's error output (not its stack trace)."""
    lines = [line for line in (proc.stderr or proc.stdout or "").splitlines()
             if line.startswith("npm error ") and len(line.strip()) > len("npm error") + 2
             and not line.startswith("npm error  ")]
    return " | ".join(lines[:6])[:800] or (proc.stderr or proc.stdout)[-800:]


def _version_ok(binary: Path, version: str) -> bool:
    if not binary.exists():
        return False
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.strip().startswith(version + " ") or out.strip() == version


# ------------------------------------------------------------------ one CLI run


class Result:
    """What one CLI run did: its exit, its stream-json events, the requests the model got."""

    def __init__(self, proc_returncode: int, stdout: str, stderr: str, api, project: Path, seconds: float):
        self.returncode = proc_returncode
        self.stdout, self.stderr = stdout, stderr
        self.events = []
        for line in stdout.splitlines():
            try:
                self.events.append(json.loads(line))
            except ValueError:
                pass
        self.requests: list[dict] = api.agent_requests  # agent-loop requests, in order
        self.all_requests: list[dict] = api.requests    # plus side queries (none seen so far)
        self.project = project
        self.seconds = seconds
        self.control_responses: list[dict] = []   # SDK mode: answers to our control requests
        self.permission_prompts: list[dict] = []  # SDK mode: `can_use_tool` control requests
        self.cancelled_prompts: list[str] = []    # SDK mode: request ids the CLI withdrew

    # --- stream-json
    @property
    def final(self) -> dict:
        """The stream's `result` event ({} if the CLI never wrote one)."""
        return next((e for e in reversed(self.events) if e.get("type") == "result"), {})

    def hook_responses(self, event: str | None = None) -> list[dict]:
        return [e for e in self.events if e.get("subtype") == "hook_response"
                and (event is None or e.get("hook_event") == event)]

    # --- what the model saw
    def tool_result(self, tool_use_id: str) -> dict | None:
        """The tool_result block for `tool_use_id` in the last request (which carries the whole conversation)."""
        for message in self.requests[-1]["messages"] if self.requests else ():
            for block in message.get("content") if isinstance(message.get("content"), list) else ():
                if block.get("type") == "tool_result" and block.get("tool_use_id") == tool_use_id:
                    return block
        return None

    def tool_result_text(self, tool_use_id: str) -> str:
        block = self.tool_result(tool_use_id) or {}
        content = block.get("content", "")
        if isinstance(content, list):
            return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
        return str(content)

    def request_text(self, index: int) -> str:
        return json.dumps(self.requests[index])

    def marker(self, name: str) -> bool:
        return (self.project / name).exists()

    def describe(self) -> str:
        """A compact transcript for assertion messages."""
        lines = [f"exit {self.returncode}, {len(self.requests)} model request(s), {self.seconds:.1f} s, "
                 f"terminal_reason={self.final.get('terminal_reason')!r}"]
        for e in self.events:
            if e.get("subtype") == "hook_response":
                lines.append(f"  hook {e.get('hook_event')}: exit {e.get('exit_code')} {e.get('outcome')} "
                             f"stdout={e.get('stdout', '')[:300]!r} stderr={e.get('stderr', '')[:300]!r}")
            elif e.get("type") in ("assistant", "user"):
                lines.append(f"  {e['type']}: {json.dumps(e['message'].get('content'))[:300]}")
        if self.stderr.strip():
            lines.append(f"  cli stderr: {self.stderr.strip()[:500]}")
        return "\n".join(lines)


class Harness:
    """A throw-away HOME and project with our hooks registered; `run()` drives the real CLI."""

    def __init__(self, cli: CLI, root: Path):
        self.cli = cli.path
        self.version = cli.version
        self.has_on_failure = cli.has_on_failure
        self.root = root
        self.launcher_dir = root / "launcher"
        self.home = root / "home"
        self.project = root / "project"
        self.guard_bin = root / "guard-bin"
        self.guard_log = root / "guard-rm.log"
        for path in (self.home, self.project / ".claude", self.guard_bin):
            path.mkdir(parents=True, exist_ok=True)
        (self.home / ".claude.json").write_text(json.dumps({
            "hasCompletedOnboarding": True,
            "projects": {str(self.project): {"hasTrustDialogAccepted": True}},
        }))
        rm = self.guard_bin / "rm"
        rm.write_text(f'#!/bin/sh\necho "rm $*" >> \'{self.guard_log}\'\necho "guard rm refused" >&2\nexit 1\n')
        rm.chmod(0o755)
        self.fragment: dict | None = None

    @property
    def hook_log(self) -> Path:
        return self.home / ".local" / "state" / "claude-rego" / "hook.log"

    def register(self, *cases: str, python: str | None = None, deadline: float = 3.0,
                 events: list[str] | None = None, allow: tuple[str, ...] = ("Bash",),
                 timeout: int | None = None, pack: bool = False) -> dict:
        """Write `<project>/.claude/settings.json`: our registration for the policy dirs
        `tests/e2e/policies/<case>` (none = the built-in pack; `pack` = the built-in pack's
        sources plus the cases, e.g. data), plus permission rules. The launcher goes in
        `launcher_dir` (a temp dir); `timeout` overrides the registered one."""
        policies = [str(POLICIES / case) for case in cases] or None
        if pack:
            policies = [str(REPO / "policies"), *(policies or [])]
        self.fragment = registration(load_snapshot(policies), python=python or sys.executable,
                                     policies=policies, events=events, deadline=deadline,
                                     launcher_dir=str(self.launcher_dir))
        if timeout is not None:
            for entries in self.fragment["hooks"].values():
                for entry in entries:
                    for hook in entry["hooks"]:
                        hook["timeout"] = timeout
        settings = {"hooks": self.fragment["hooks"], "permissions": {"allow": list(allow)}}
        (self.project / ".claude" / "settings.json").write_text(json.dumps(settings, indent=2))
        return self.fragment

    def environment(self, api_url: str, extra: dict | None = None) -> dict:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("ANTHROPIC_", "CLAUDE_CODE_", "CLAUDECODE", "CLAUDE_REGO_", "CLAUDE_CONFIG_DIR", "XDG_"))}
        env.update({
            "HOME": str(self.home),
            "XDG_STATE_HOME": str(self.home / ".local" / "state"),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "PATH": f"{self.guard_bin}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "ANTHROPIC_BASE_URL": api_url,
            "ANTHROPIC_API_KEY": "sk-ant-e2e-fake-key",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
        })
        env.update(extra or {})
        return env

    def run(self, prompt: str, script: list[list[dict]], *, env: dict | None = None,
            max_requests: int = 8, timeout: float = RUN_TIMEOUT) -> Result:
        """One headless session: `claude -p PROMPT` against the fake model playing `script`."""
        assert self.fragment is not None, "call register() first"
        argv = [self.cli, "-p", prompt, "--output-format", "stream-json", "--verbose", "--include-hook-events"]
        with fake_api.FakeMessagesAPI(script, max_requests=max_requests, lifetime=timeout + 30) as api:
            started = time.monotonic()
            proc = subprocess.Popen(argv, cwd=self.project, env=self.environment(api.url, env), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
            try:
                stdout, stderr = proc.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                stdout, stderr = proc.communicate()
                pytest.fail(f"the CLI did not finish within {timeout} s (a hook loop or hang?)\n"
                            f"{Result(-9, stdout, stderr, api, self.project, timeout).describe()}")
            result = Result(proc.returncode, stdout, stderr, api, self.project, time.monotonic() - started)
        print(f"\n[e2e] claude -p {prompt!r}: {result.describe()}")
        return result


    def run_sdk(self, prompt: str, script: list[list[dict]], *, answer=None, answer_after: float = 0.0,
                env: dict | None = None, max_requests: int = 8, timeout: float = RUN_TIMEOUT,
                control: list[dict] | None = None) -> Result:
        """One session driven the way an SDK host drives the CLI: stream-json both ways and
        permission prompts over stdio (`--permission-prompt-tool stdio`). Each `can_use_tool`
        prompt is answered with `answer(request)` (default: deny) after `answer_after`
        seconds - a slow human, so PermissionRequest hooks get to decide first, in which case
        the CLI withdraws its prompt."""
        assert self.fragment is not None, "call register() first"
        respond = answer or (lambda request: {"behavior": "deny", "message": "E2E-HOST: the host says no"})
        argv = [self.cli, "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
                "--include-hook-events", "--permission-prompt-tool", "stdio"]
        with fake_api.FakeMessagesAPI(script, max_requests=max_requests, lifetime=timeout + 30) as api:
            started = time.monotonic()
            stderr_file = tempfile.TemporaryFile()  # noqa: SIM115 — outlives this block; never a full, undrained stderr pipe
            proc = subprocess.Popen(argv, cwd=self.project, env=self.environment(api.url, env), stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=stderr_file, text=True, bufsize=1,
                                    start_new_session=True)
            fd = proc.stdout.fileno()
            queue: list[str] = []  # complete lines read, not yet handled
            partial = b""
            lines: list[str] = []
            prompts: list[dict] = []
            cancelled: list[str] = []
            pending: dict[str, tuple[float, dict]] = {}

            def send(message: dict):
                proc.stdin.write(json.dumps(message) + "\n")
                proc.stdin.flush()

            controls: dict[str, dict] = {}  # request_id -> the CLI's control_response
            for index, request in enumerate(control or ()):
                # SDK control requests (e.g. set_model) before the prompt; their answers are
                # awaited before the user message is sent
                request_id = f"e2e_ctl_{index}"
                controls[request_id] = {}
                send({"type": "control_request", "request_id": request_id, "request": request})
            if not control:
                send({"type": "user", "message": {"role": "user", "content": prompt}})
            try:
                while time.monotonic() - started < timeout:
                    for request_id, (due, request) in list(pending.items()):
                        if time.monotonic() >= due:
                            del pending[request_id]
                            send({"type": "control_response", "response": {
                                "subtype": "success", "request_id": request_id, "response": respond(request)}})
                    if not queue:
                        # the pipe's fd, not the file object: lines buffered inside a
                        # TextIOWrapper are invisible to select() (a result line could sit
                        # there until the timeout)
                        if not select.select([fd], [], [], 0.05)[0]:
                            continue
                        chunk = os.read(fd, 65536)
                        if not chunk:
                            break
                        *complete, partial = (partial + chunk).split(b"\n")
                        queue += [c.decode(errors="replace") + "\n" for c in complete]
                        continue
                    line = queue.pop(0)
                    lines.append(line)
                    try:
                        message = json.loads(line)
                    except ValueError:
                        continue
                    if message.get("type") == "control_request" and message["request"].get("subtype") == "can_use_tool":
                        prompts.append({**message["request"], "request_id": message["request_id"]})
                        pending[message["request_id"]] = (time.monotonic() + answer_after, message["request"])
                    elif message.get("type") == "control_response" and \
                            (message.get("response") or {}).get("request_id") in controls:
                        controls[message["response"]["request_id"]] = message["response"]
                        if all(controls.values()):
                            send({"type": "user", "message": {"role": "user", "content": prompt}})
                    elif message.get("type") == "control_cancel_request":
                        cancelled.append(message.get("request_id"))
                        pending.pop(message.get("request_id"), None)
                    elif message.get("type") == "result":
                        break
                else:
                    os.killpg(proc.pid, signal.SIGKILL)
                    pytest.fail(f"the CLI (SDK mode) did not finish within {timeout} s:\n{''.join(lines)[-3000:]}")
            finally:
                proc.stdin.close()  # end of input: the CLI exits after the result
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
            rest = "".join(queue) + partial.decode(errors="replace") + proc.stdout.read()
            stderr_file.seek(0)
            result = Result(proc.returncode, "".join(lines) + rest, stderr_file.read().decode(errors="replace"),
                            api, self.project, time.monotonic() - started)
        result.permission_prompts, result.cancelled_prompts = prompts, cancelled
        result.control_responses = [controls[k] for k in sorted(controls)] if control else []
        print(f"\n[e2e] SDK mode {prompt!r}: {len(prompts)} permission prompt(s), {len(cancelled)} withdrawn; "
              f"{result.describe()}")
        return result


@pytest.fixture
def e2e(claude_cli, tmp_path) -> Harness:
    return Harness(claude_cli, tmp_path)
