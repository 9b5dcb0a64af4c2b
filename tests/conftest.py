"""Shared fixtures: the real CLI's samples, the registered hook command, the referee schema."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SHARED = REPO.parent / "shared"
SAMPLES_DIR = SHARED / "claude-code" / "samples"
POLICIES = TESTS / "policies"
SCRIPTED = str(POLICIES / "scripted")

# The real HOME, resolved before the test session replaces it (see `_isolated_home`).
REAL_HOME = Path(os.environ.get("HOME") or Path.home())
# (tests/e2e/conftest.py resolves its shared CLI cache, ~/.cache/claude-rego-e2e, at import
# time, i.e. during collection, before `_isolated_home` replaces HOME.)

sys.path.insert(0, str(TESTS))  # cli_output_schema, the referee

from claude_rego.audit.replay import strip_decision_ids  # noqa: E402 — re-exported for tests
from cli_output_schema import validate_output  # noqa: E402


def load_samples() -> dict[str, dict]:
    """Event name → the stdin the real CLI 2.1.197 sent (../shared/claude-code/samples)."""
    if not SAMPLES_DIR.is_dir():
        return {}
    return {p.stem: json.loads(p.read_text())["input"] for p in sorted(SAMPLES_DIR.glob("*.json"))}


SAMPLES = load_samples()
needs_samples = pytest.mark.skipif(not SAMPLES, reason=f"shared samples not found at {SAMPLES_DIR}")


_TOOL_FIELDS = {"tool_name": "Bash", "tool_input": {"command": "echo hi", "description": "run"},
                "tool_use_id": "toolu_test"}
_FALLBACK_FIELDS = {  # used only where the shared samples are missing
    "PreToolUse": _TOOL_FIELDS,
    "PermissionRequest": {**_TOOL_FIELDS, "permission_suggestions": []},
    "PostToolUse": {**_TOOL_FIELDS, "tool_response": {"stdout": "hi", "stderr": "", "interrupted": False,
                                                      "isImage": False, "noOutputExpected": False}},
    "UserPromptSubmit": {"prompt": "Hello there."},
    "Stop": {"stop_hook_active": False},
    "SessionStart": {"source": "startup"},
}


def hook_input(event: str, **fields) -> dict:
    """A hook input for `event`: the real sample when there is one, with fields overridden."""
    base = dict(SAMPLES.get(event) or {
        "session_id": "test-session", "transcript_path": "/tmp/t.jsonl",
        "cwd": "/home/dev/project", "hook_event_name": event, **_FALLBACK_FIELDS.get(event, {}),
    })
    base.update(fields)
    return base


def bash_input(command: str, **fields) -> dict:
    return hook_input("PreToolUse", tool_name="Bash",
                      tool_input={"command": command, "description": "run"}, **fields)


DECISION_TAG = re.compile(r"\s*\[claude-rego decision ([0-9a-f-]{36})\]")


class HookRun:
    def __init__(self, proc: subprocess.CompletedProcess, event: str, tool_name: str | None):
        self.returncode = proc.returncode
        self.stdout = proc.stdout.decode("utf-8", "replace")
        self.stderr = proc.stderr.decode("utf-8", "replace")
        self.event = event
        self.output = None
        if self.returncode == 0 and self.stdout.strip():
            self.output = json.loads(self.stdout)
        elif self.returncode == 0:
            self.output = {}
        self.plain = strip_decision_ids(self.output)  # comparable across runs
        self.decision_ids = DECISION_TAG.findall(self.stdout)

    def assert_valid(self):
        """Exit 0 with output the real CLI accepts for the event, or exit 2; never anything else."""
        assert self.returncode in (0, 2), (self.returncode, self.stdout, self.stderr)
        if self.returncode == 0:
            validate_output(self.event, self.output)
            assert self.stderr == "", self.stderr
        return self


def cli(*args: str) -> subprocess.CompletedProcess:
    """`claude-rego ARGS` in a fresh interpreter (the typer CLI, not the hook)."""
    return subprocess.run([sys.executable, "-m", "claude_rego", *args], capture_output=True, text=True, timeout=300)


def run_registered(command: str, stdin: bytes, *, event: str, env: dict | None = None,
                   timeout: float = 30, tool_name: str | None = None) -> HookRun:
    """Run a registered hook command exactly as Claude Code does: `/bin/sh -c COMMAND`."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_REGO_TEST")}
    full_env.update(env or {})
    proc = subprocess.run(["/bin/sh", "-c", command], input=stdin, capture_output=True,
                          env=full_env, timeout=timeout)
    return HookRun(proc, event, tool_name)


@pytest.fixture(scope="session", autouse=True)
def _isolated_home(tmp_path_factory):
    """No test writes to the real HOME: HOME and the XDG state/config/cache dirs point into a
    temp dir for this process and every subprocess it starts (the hook's decision log, the
    doctor's probe decisions, project-layer caches). npm keeps its real cache (e2e installs)."""
    home = tmp_path_factory.mktemp("home")
    saved = {k: os.environ.get(k) for k in ("HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME",
                                            "npm_config_cache")}
    os.environ.setdefault("npm_config_cache", str(REAL_HOME / ".npm"))
    os.environ["HOME"] = str(home)
    os.environ["XDG_STATE_HOME"] = str(home / ".local" / "state")
    os.environ["XDG_CONFIG_HOME"] = str(home / ".config")
    os.environ["XDG_CACHE_HOME"] = str(home / ".cache")
    yield home
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def hook_env(tmp_path):
    """An environment with the hook log in a temp dir (so tests can read it)."""
    return {"XDG_STATE_HOME": str(tmp_path / "state"), "CLAUDE_PROJECT_DIR": "/home/dev/project"}
