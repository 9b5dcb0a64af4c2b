"""Fault injection through the registered command: nothing an agent can touch stands
between the policy's answer and stdout.

Every case runs the exact command `install` registers (`/bin/sh -c COMMAND`) with the
hook's state in a temp dir, and asserts that the answer arrives within the registered
timeout (the subprocess timeout is Claude Code's: a hook that outlives it fails open),
that it is the policy's answer or the failure table's, and that the decision log still
verifies. Cases: locks held on the logs (exclusive and shared), FIFOs / directories /
symlinks / sockets / devices at the log paths, huge inputs (16 MB of small values, one
huge string, deep nesting), malformed tool events, lone surrogates, a damaged install
(garbled bytecode, a missing module — in a throwaway copy of the package), a read-only
state directory, a file-size limit (the full-disk case), a closed stdout and signals.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import claude_rego
import pytest
from claude_rego.audit import decisionlog
from claude_rego.claudecode.events import EVENTS, event_info
from claude_rego.claudecode.install import TIMEOUT_MARGIN, hook_command
from conftest import HookRun, bash_input, hook_input

REGISTERED_TIMEOUT = 3.0 + TIMEOUT_MARGIN  # what Claude Code waits before it gives up (fails open)
SECRET = "cat ~/.ssh/id_rsa"  # the default pack denies it


class Env:
    """A throwaway HOME / XDG_STATE_HOME, and the registered command run against it."""

    def __init__(self, tmp_path: Path):
        self.home = tmp_path / "home"
        self.home.mkdir()
        self.state = tmp_path / "state"
        self.dir = self.state / "claude-rego"
        self.dir.mkdir(parents=True)
        self.log = self.dir / "decisions.jsonl"
        self.hook_log = self.dir / "hook.log"
        self.env = {"HOME": str(self.home), "XDG_STATE_HOME": str(self.state),
                    "CLAUDE_PROJECT_DIR": str(self.home / "project")}

    def run(self, payload, *, event: str = "PreToolUse", command: str | None = None, env: dict | None = None,
            prefix: str = "", timeout: float = REGISTERED_TIMEOUT) -> HookRun:
        command = command or hook_command(event, python=sys.executable)
        stdin = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        full = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_REGO_TEST")}
        full.update(self.env, **(env or {}))
        try:
            proc = subprocess.run(["/bin/sh", "-c", prefix + command], input=stdin, capture_output=True,
                                  env=full, timeout=timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"no answer within the registered timeout ({timeout} s): Claude Code would fail open")
        return HookRun(proc, event, None)

    def records(self) -> list[dict]:
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]

    def verify(self) -> dict:
        result = decisionlog.verify(str(self.log))
        assert result["ok"], result
        return result


@pytest.fixture
def env(tmp_path):
    return Env(tmp_path)


def denied(result: HookRun) -> str:
    result.assert_valid()
    specific = result.output["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny", result.output
    return specific["permissionDecisionReason"]


def assert_failure_answer(result: HookRun, event: str) -> str:
    """The failure table (docs/policy-contract.md §5)."""
    result.assert_valid()
    info = event_info(event)
    if event == "PreToolUse":
        reason = result.output["hookSpecificOutput"]["permissionDecisionReason"]
        assert result.output["hookSpecificOutput"]["permissionDecision"] == "deny" and "fail closed" in reason
        return reason
    if event == "PermissionRequest":
        decision = result.output["hookSpecificOutput"]["decision"]
        assert decision["behavior"] == "deny"
        return decision["message"]
    if info.blocks_on_failure:
        assert result.returncode == 2 or result.output.get("decision") == "block" or \
            result.output.get("hookSpecificOutput", {}).get("action") == "decline", result.output
        return result.stderr or json.dumps(result.output)
    assert result.returncode == 0 and "decision" not in result.output, result.output
    assert "claude-rego" in result.output["systemMessage"]
    return result.output["systemMessage"]


class Holder:
    """Another process holding flock on a file (as `flock FILE sleep 100000` would)."""

    def __init__(self, path: Path, shared: bool):
        mode = "LOCK_SH" if shared else "LOCK_EX"
        code = (f"import fcntl, os, sys, time; fd = os.open({str(path)!r}, os.O_RDWR | os.O_CREAT); "
                f"fcntl.flock(fd, fcntl.{mode}); print('locked', flush=True); time.sleep(600)")
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
        assert self.proc.stdout.readline().strip() == b"locked"

    def release(self):
        self.proc.kill()
        self.proc.wait()


# ------------------------------------------------------------------------------ locks

@pytest.mark.parametrize("shared", [False, True], ids=["exclusive", "shared"])
def test_a_lock_held_on_the_decision_log_does_not_hold_the_answer(env, shared):
    for i in range(2):
        env.run(bash_input(f"echo {i}")).assert_valid()
    holder = Holder(env.log, shared)
    try:
        results = [env.run(bash_input(SECRET)) for _ in range(2)]
    finally:
        holder.release()
    for result in results:
        assert "secret file" in denied(result)  # the policy's own answer, in time
    # the records that could not be written are counted, and the next decision says so
    after = env.run(bash_input("echo after")).assert_valid()
    assert "2 earlier decision(s) could not be written" in after.output["systemMessage"]
    last = env.records()[-1]
    assert last["claude_rego"]["unrecorded_before"]["count"] == 2
    assert set(last["claude_rego"]["unrecorded_before"]["decision_ids"]) == {r.decision_ids[0] for r in results}
    env.verify()
    # and only once: the counter was reset
    assert "systemMessage" not in env.run(bash_input("echo again")).assert_valid().output


@pytest.mark.parametrize("shared", [False, True], ids=["exclusive", "shared"])
def test_a_lock_held_on_the_hook_log_does_not_hold_the_answer(env, shared):
    env.hook_log.write_text("")
    holder = Holder(env.hook_log, shared)
    try:
        result = env.run(b"not json")  # writes a hook-log line (bad input)
        assert_failure_answer(result, "PreToolUse")
        assert "secret file" in denied(env.run(bash_input(SECRET)))
    finally:
        holder.release()
    env.verify()


# --------------------------------------------------------------- what sits at the log path

def _fifo(path: Path):
    os.mkfifo(path)


def _directory(path: Path):
    path.mkdir()


def _symlink_out(path: Path):
    target = path.parent.parent.parent / "elsewhere.jsonl"
    target.write_text("")
    path.symlink_to(target)


def _dangling_symlink(path: Path):
    path.symlink_to(path.parent / "nowhere" / "x")


def _socket(path: Path):
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    return sock


def _dev_null_link(path: Path):
    path.symlink_to("/dev/null")


PLANTED = {"fifo": _fifo, "directory": _directory, "symlink": _symlink_out, "dangling_symlink": _dangling_symlink,
           "socket": _socket, "device": _dev_null_link}


def big_multiedit(kb: int = 80) -> dict:
    edits = [{"old_string": "a" * 1000, "new_string": "b" * 1000} for _ in range(kb // 2)]
    return hook_input("PreToolUse", tool_name="MultiEdit", tool_input={"file_path": "/home/dev/.ssh/id_rsa",
                                                                       "edits": edits})


@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_a_non_regular_file_at_the_decision_log_path_is_refused_and_said(env, kind, tmp_path):
    keep = PLANTED[kind](env.log)
    try:
        for payload in (bash_input(SECRET), big_multiedit()):  # small and > 64 KiB records
            result = env.run(payload)
            denied(result)
            assert "decision log could not be written" in result.output["systemMessage"]
            assert "not a regular file" in result.output["systemMessage"]
        if kind == "symlink":
            assert (tmp_path / "elsewhere.jsonl").read_text() == ""  # nothing written through the link
    finally:
        if keep is not None:
            keep.close()


@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_a_non_regular_file_at_the_hook_log_path_is_refused(env, kind):
    keep = PLANTED[kind](env.hook_log)
    try:
        assert_failure_answer(env.run(b"{broken"), "PreToolUse")
        assert "secret file" in denied(env.run(bash_input(SECRET)))
    finally:
        if keep is not None:
            keep.close()
    env.verify()


def test_a_fifo_at_the_counter_and_rotated_paths_does_not_block(env):
    os.mkfifo(str(env.log) + decisionlog.UNRECORDED_SUFFIX)
    os.mkfifo(str(env.log) + ".1")
    for _ in range(2):
        denied(env.run(bash_input(SECRET)))
    Path(str(env.log) + decisionlog.UNRECORDED_SUFFIX).unlink(missing_ok=True)  # (taken and dropped)
    assert "cannot be read" in decisionlog.verify(str(env.log))["problems"][0]  # said, not hung
    os.unlink(str(env.log) + ".1")
    env.verify()


def test_a_fifo_as_the_env_file_does_not_hold_the_answer(env, tmp_path):
    from conftest import SCRIPTED

    fifo = tmp_path / "env.sh"
    os.mkfifo(fifo)
    payload = hook_input("SessionStart", source="startup", x_test={"a": {"env": {"A": "1"}}})
    result = env.run(payload, event="SessionStart", env={"CLAUDE_ENV_FILE": str(fifo)},
                     command=hook_command("SessionStart", python=sys.executable, policies=[SCRIPTED]))
    result.assert_valid()
    assert result.returncode == 0


def test_log_verify_works_on_records_of_any_size(env):
    """Before: the previous hash was read from the last 64 KiB only, so the record after a
    big one was chained to a "corrupt:" hash and `log verify` reported a broken chain."""
    for size in (10, 70_000, 300_000, 10):
        entry = decisionlog.record(decision_id=decisionlog.new_decision_id(), event="PreToolUse",
                                   hook_input={"n": size}, result={}, decision=None, kind="decision", latency_ms=1)
        entry["claude_rego"]["padding"] = "x" * size  # bigger than any capped record
        assert decisionlog.append(str(env.log), entry)
    env.verify()
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "log", "verify", str(env.log)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "chain intact" in proc.stdout


def test_log_verify_reports_a_fifo_instead_of_hanging(env):
    os.mkfifo(env.log)
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "log", "verify", str(env.log)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "cannot be read" in proc.stdout


# ------------------------------------------------------------------------------ huge inputs

def _under_cap(payload: dict, key: str, filler) -> bytes:
    """Grow payload[tool_input][key] with `filler` items to just under the 16 MB cap."""
    raw = json.dumps(payload).encode()
    item = len(json.dumps(filler)) + 2
    payload["tool_input"][key] = [filler] * ((16 * 1024 * 1024 - len(raw) - 1024) // item)
    raw = json.dumps(payload).encode()
    assert 15 * 1024 * 1024 < len(raw) < 16 * 1024 * 1024
    return raw


@pytest.mark.parametrize("filler", [0, "ab", {"k": 1}, [1]], ids=["ints", "strings", "objects", "lists"])
def test_16_mb_of_small_values_is_answered_and_logged_in_bounds(env, filler):
    raw = _under_cap(bash_input(SECRET), "x", filler)
    result = env.run(raw, timeout=REGISTERED_TIMEOUT)
    reason = denied(result)  # the policy's deny, or the failure table's (also a deny)
    assert "secret" in reason or "fail closed" in reason
    (record,) = env.records()
    assert env.log.stat().st_size < 1024 * 1024  # the log keeps a bounded part of the input
    assert record["claude_rego"]["input_bytes"] == len(raw)
    assert record["claude_rego"]["truncated"]["input"]
    env.verify()


def test_one_huge_string_is_answered_and_logged_with_its_hash(env):
    import hashlib

    command = "echo " + "A" * (15 * 1024 * 1024)
    raw = json.dumps(bash_input(command)).encode()
    result = env.run(raw)
    result.assert_valid()
    (record,) = env.records()
    cut = record["claude_rego"]["truncated"]["input"]
    assert any(c.get("sha256") == hashlib.sha256(command.encode()).hexdigest() for c in cut)
    assert record["claude_rego"]["input_sha256"] == hashlib.sha256(raw).hexdigest()
    assert env.log.stat().st_size < 1024 * 1024
    env.verify()


@pytest.mark.parametrize("depth", [65, 900, 5000, 200_000])
def test_deep_nesting_fails_closed(env, depth):
    raw = b'{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","x":' + \
        b"[" * depth + b"]" * depth + b"}}"
    assert_failure_answer(env.run(raw), "PreToolUse")
    env.verify()


def test_a_huge_multiedit_is_answered_and_logged(env):
    denied(env.run(big_multiedit(2000)))  # ~2 MB of edits on a secret file
    env.verify()


# --------------------------------------------------------------------------- malformed shapes

MALFORMED = {
    "tool_input string": {"tool_input": "rm -rf /"},
    "tool_input list": {"tool_input": ["rm", "-rf", "/"]},
    "tool_input null": {"tool_input": None},
    "tool_input missing": {"tool_input": ...},
    "tool_name missing": {"tool_name": ...},
    "tool_name list": {"tool_name": ["Bash"]},
    "tool_name number": {"tool_name": 7},
    "tool_name empty": {"tool_name": ""},
    "tool_name object": {"tool_name": {"name": "Bash"}},
}


@pytest.mark.parametrize("event", sorted(e for e, info in EVENTS.items() if info.tool_event))
@pytest.mark.parametrize("shape", sorted(MALFORMED))
def test_malformed_tool_events_get_the_failure_answer(env, event, shape):
    payload = hook_input(event, tool_name="Bash", tool_input={"command": "rm -rf /"})
    for key, value in MALFORMED[shape].items():
        if value is ...:
            payload.pop(key, None)
        else:
            payload[key] = value
    result = env.run(payload, event=event)
    reason = assert_failure_answer(result, event)
    assert "malformed tool event" in reason and shape.split()[0] in reason
    env.verify()


def test_malformed_tool_event_without_event_flag_still_fails_closed(env):
    command = hook_command("PreToolUse", python=sys.executable).replace(" --event PreToolUse", "")
    payload = bash_input("ls")
    payload["tool_input"] = "ls"
    result = env.run(payload, command=command)
    assert_failure_answer(result, "PreToolUse")


# ------------------------------------------------------------------------------ invalid Unicode

@pytest.mark.parametrize("where", ["command", "key", "tool_name", "prompt"])
def test_lone_surrogates_never_raise_and_are_recorded(env, where):
    if where == "prompt":
        event = "UserPromptSubmit"
        raw = json.dumps(hook_input(event, prompt="hello XX")).replace("XX", "\\ud800 \\udfff").encode()
    else:
        event = "PreToolUse"
        text = json.dumps(bash_input(SECRET))
        raw = {"command": text.replace("cat ~", "cat \\ud800~", 1),
               "key": text.replace('"tool_input": {', '"tool_input": {"\\udc00k": "v", ', 1),
               "tool_name": text.replace('"Bash"', '"Ba\\ud800sh"', 1)}[where].encode()
    result = env.run(raw, event=event).assert_valid()
    assert "internal error" not in result.stdout
    if where == "command":
        assert "secret" in denied(result)  # still judged: the surrogate is replaced, not dropped
    (record,) = env.records()
    assert record["claude_rego"]["invalid_unicode"]
    env.verify()


# -------------------------------------------------------------------- environment and limits

@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores directory permissions")
def test_a_read_only_state_dir_does_not_change_the_answer(env):
    env.dir.chmod(0o500)
    try:
        for _ in range(2):
            assert "secret" in denied(env.run(bash_input(SECRET)))
    finally:
        env.dir.chmod(0o700)


def test_a_file_size_limit_is_the_full_disk_case(env):
    """`ulimit -f` makes writes fail with EFBIG (and SIGXFSZ, which the hook ignores): the
    answer stands, the record is counted as unwritten and the next decision says so.
    (A real full file system needs a mount, which CI machines do not allow.)"""
    env.log.write_text("")
    result = env.run(bash_input(SECRET), prefix="ulimit -f 1 2>/dev/null || exit 99; ")
    if result.returncode == 99:
        pytest.skip("the shell cannot set a file-size limit here")
    assert "secret" in denied(result)
    after = env.run(bash_input("echo ok")).assert_valid()
    assert "could not be written" in after.output.get("systemMessage", "") or env.records()


@pytest.mark.parametrize("limit", ["ulimit -n 12", "ulimit -u 1", "ulimit -v 400000"])
def test_resource_limits_fail_closed(env, limit):
    result = env.run(bash_input(SECRET), prefix=f"{limit} 2>/dev/null || exit 99; ")
    if result.returncode == 99:
        pytest.skip(f"`{limit}` is not allowed here")
    assert result.returncode in (0, 2), (result.returncode, result.stderr)
    if result.returncode == 0:
        denied(result)


def test_a_closed_stdout_neither_hangs_nor_prints_a_traceback(env):
    result = env.run(bash_input(SECRET), prefix="exec >&-; ")
    assert result.returncode in (0, 2) and "Traceback" not in result.stderr


def test_a_reader_that_goes_away_does_not_hang_the_hook(env):
    command = hook_command("PreToolUse", python=sys.executable)
    full = dict(os.environ, **env.env)
    proc = subprocess.Popen(["/bin/sh", "-c", command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=full)
    proc.stdout.close()  # SIGPIPE / EPIPE on the answer
    proc.stdin.write(json.dumps(bash_input(SECRET)).encode())
    proc.stdin.close()
    assert proc.wait(timeout=REGISTERED_TIMEOUT) in (0, 2)
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT", "SIGUSR1"])
def test_a_signal_before_the_answer_gives_the_failure_answer(env, sig):
    """The evaluation is made slow (test fault), then the hook gets a signal: it answers
    from the failure table instead of dying silently (which the CLI reads as no opinion)."""
    # the Python hook itself (what the registered command's shell runs), so the signal
    # reaches its handlers rather than the shell around it
    from claude_rego.claudecode.install import bootstrap

    argv = [sys.executable, "-I", "-S", "-c", bootstrap(), "hook", "--event", "PreToolUse"]
    full = dict(os.environ, **env.env, CLAUDE_REGO_TEST_FAULT="slow", CLAUDE_REGO_TEST_SLOW_SECONDS="30")
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=full)
    proc.stdin.write(json.dumps(bash_input("ls")).encode())
    proc.stdin.close()
    time.sleep(1.0)  # past start-up: the handlers are in place
    proc.send_signal(getattr(signal, sig))
    proc.wait(timeout=REGISTERED_TIMEOUT)
    out, err = proc.stdout.read(), proc.stderr.read()
    result = HookRun(subprocess.CompletedProcess(proc.args, proc.returncode, out, err), "PreToolUse", None)
    assert_failure_answer(result, "PreToolUse")


def test_parallel_hooks_with_a_lock_coming_and_going_keep_the_chain(env):
    from concurrent.futures import ThreadPoolExecutor

    holder = Holder(env.log, False)
    try:
        with ThreadPoolExecutor(4) as pool:
            first = list(pool.map(lambda i: env.run(bash_input(f"echo {i}")), range(6)))
    finally:
        holder.release()
    with ThreadPoolExecutor(4) as pool:
        second = list(pool.map(lambda i: env.run(bash_input(f"echo {i}")), range(6)))
    for result in first + second:
        result.assert_valid()
    env.verify()
    written = len(env.records())
    unrecorded = sum(r["claude_rego"].get("unrecorded_before", {}).get("count", 0) for r in env.records())
    assert written + unrecorded == 12


# ------------------------------------------------------------------------------ damaged install

def _throwaway_install(tmp_path: Path) -> tuple[Path, str]:
    """A copy of the installed package beside links to everything else in its directory,
    and the registered command pointed at it (never the real install)."""
    real_parent = Path(claude_rego.__file__).resolve().parent.parent
    site = tmp_path / "site"
    site.mkdir()
    for entry in real_parent.iterdir():
        if entry.name == "claude_rego":
            shutil.copytree(entry, site / "claude_rego", ignore=shutil.ignore_patterns("__pycache__"))
        elif not entry.name.startswith("__editable__"):
            (site / entry.name).symlink_to(entry)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(site / "claude_rego")], check=True,
                   capture_output=True)
    return site, str(real_parent)


def _command_for(site: Path, real_parent: str, event: str) -> str:
    command = hook_command(event, python=sys.executable)
    if real_parent not in command:
        pytest.skip("the registered command does not name the package directory; cannot point it at a copy")
    return command.replace(real_parent, str(site))


def _garble_bytecode(site: Path, module: str):
    package, name = site / "claude_rego" / Path(module).parent, Path(module).name
    (pyc,) = (package / "__pycache__").glob(f"{name}.*.pyc")
    data = bytearray(pyc.read_bytes())
    data[16:] = b"\x00garbled" * ((len(data) - 16) // 8 + 1)  # the header still matches the source
    pyc.write_bytes(bytes(data))


def _remove_module(site: Path, module: str):
    package, name = site / "claude_rego" / Path(module).parent, Path(module).name
    (package / f"{name}.py").unlink()
    for pyc in (package / "__pycache__").glob(f"{name}.*.pyc"):
        pyc.unlink()


DAMAGE = {
    "garbled hook.pyc": lambda site: _garble_bytecode(site, "claudecode/hook"),
    "garbled output.pyc": lambda site: _garble_bytecode(site, "claudecode/output"),
    "missing hookinput": lambda site: _remove_module(site, "claudecode/hookinput"),
    "missing events": lambda site: _remove_module(site, "claudecode/events"),
    "missing worker": lambda site: _remove_module(site, "claudecode/worker"),
    "unreadable snapshot": lambda site: [p.write_text("{garbage") for p in (site / "claude_rego").glob("*.snapshot.json")]
    or (site / "claude_rego" / "policy" / "snapshot.py").write_text("raise ImportError('damaged')\n"),
}


@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop", "SubagentStop",
                                   "TeammateIdle", "TaskCreated", "TaskCompleted", "PostToolUse", "SessionStart"])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_install_answers_per_the_failure_table(env, tmp_path, damage, event):
    site, real_parent = _throwaway_install(tmp_path)
    DAMAGE[damage](site)
    payload = hook_input(event, tool_name="Bash", tool_input={"command": "ls"}) if event_info(event).tool_event \
        else hook_input(event)
    result = env.run(payload, event=event, command=_command_for(site, real_parent, event))
    assert result.returncode in (0, 2), (result.returncode, result.stderr)
    if event_info(event).blocks_on_failure:
        assert result.returncode == 2 or assert_failure_answer(result, event)
    else:
        assert_failure_answer(result, event)  # exit 0 with a visible systemMessage: never a trap, never silence
    if result.returncode == 2:
        assert "claude-rego" in result.stderr


def test_doctor_detects_a_damaged_install(tmp_path):
    site, _ = _throwaway_install(tmp_path)
    _garble_bytecode(site, "claudecode/output")
    _remove_module(site, "claudecode/hookinput")
    from claude_rego.cli.doctor import damaged_install

    check = damaged_install(str(site / "claude_rego"))
    assert check["ok"] is False
    assert "output" in check["detail"] and "hookinput" in check["detail"]
    assert damaged_install(str(Path(claude_rego.__file__).parent))["ok"] is True


def test_the_last_resort_table_is_the_failure_table():
    from claude_rego.entry import _BLOCKING

    assert {name for name, info in EVENTS.items() if info.blocks_on_failure} == _BLOCKING


def test_a_stdin_that_never_ends_gets_the_failure_answer_by_the_deadline(env):
    command = hook_command("PreToolUse", python=sys.executable)
    full = dict(os.environ, **env.env)
    proc = subprocess.Popen(["/bin/sh", "-c", command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=full)
    proc.stdin.write(json.dumps(bash_input(SECRET)).encode()[:-5])  # and never closed
    proc.stdin.flush()
    try:
        proc.wait(timeout=REGISTERED_TIMEOUT)
    finally:
        proc.stdin.close()
    result = HookRun(subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.read(), proc.stderr.read()),
                     "PreToolUse", None)
    assert "stdin_timeout" in assert_failure_answer(result, "PreToolUse")


def test_big_inputs_reach_the_engine_with_capped_collections():
    """Policies get at most MAX_COLLECTION items per collection of a big input (the cut
    paths are in facts.truncated), so millions of small values cost the engine nothing."""
    from claude_rego.claudecode import hookinput

    payload = bash_input(SECRET)
    payload["tool_input"]["x"] = [{"k": [1] * 3}] * 200_000
    payload["tool_input"]["y"] = {f"k{i}": i for i in range(5000)}
    hook = hookinput.parse(json.dumps(payload).encode())
    capped, truncated = hookinput.cap_strings(hook)
    assert len(capped["tool_input"]["x"]) == hookinput.MAX_COLLECTION
    assert len(capped["tool_input"]["y"]) == hookinput.MAX_COLLECTION
    assert {"hook.tool_input.x", "hook.tool_input.y"} <= set(truncated)
    assert capped["tool_input"]["command"] == SECRET and len(hook["tool_input"]["x"]) == 200_000
    small = hookinput.parse(json.dumps(bash_input("ls")).encode())
    assert hookinput.cap_strings(small) == (small, [])


def _append_many(args):
    log, worker = args
    from claude_rego.audit import decisionlog as dl

    dl.MAX_BYTES = 3000
    written = 0
    for j in range(40):
        entry = dl.record(decision_id=dl.new_decision_id(), event="PreToolUse", hook_input={"n": worker * 1000 + j},
                          result={}, decision=None, kind="decision", latency_ms=1)
        written += dl.append(log, entry, lock_wait=10)
    return written


def test_parallel_writers_across_rotations_keep_the_chain(tmp_path):
    """A writer that waited for the lock while another rotated the file must not append
    to the rotated file (that broke the chain): it reopens the log path."""
    import multiprocessing

    log = str(tmp_path / "d.jsonl")
    with multiprocessing.get_context("fork").Pool(4) as pool:
        assert sum(pool.map(_append_many, [(log, w) for w in range(4)])) == 160
    assert decisionlog.verify(log)["ok"]
