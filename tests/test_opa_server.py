"""The OPA-server backend: same answers as the embedded engine, and the failure table when OPA fails.

A local server speaking OPA's REST Data API (tests/opa_rest.py) serves the built-in
pack; the real `claude-rego hook` process evaluates against it with `--opa-url`. Real
OPA runs the same tests in a container (testcontainers) where a Docker daemon answers,
or as a local binary via OPA_BIN.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from claude_rego.claudecode.install import hook_command
from claude_rego.engines.opa_server import OpaServerEngine
from claude_rego.policy import load_snapshot
from conftest import SAMPLES, TESTS, bash_input, cli, hook_input, run_registered
from opa_rest import OpaRestServer

ENV = {"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/project"}
GOLDEN = sorted((TESTS / "golden").glob("*.json"))


def push_default_pack(url: str):
    pack = load_snapshot(None)
    engine = OpaServerEngine(url)
    engine.load([(m["path"], m["text"]) for m in pack["modules"]], pack["data"])
    engine.push()


@pytest.fixture(scope="module")
def opa():
    server = OpaRestServer()
    push_default_pack(server.url)
    yield server
    server.close()


def via(event: str, payload: dict, tmp_path, *, opa_url=None, deadline=3.0):
    command = hook_command(event, python=sys.executable, opa_url=opa_url, deadline=deadline)
    return run_registered(command, json.dumps(payload).encode(), event=event,
                          env={**ENV, "XDG_STATE_HOME": str(tmp_path)}).assert_valid()


CASES = [json.loads(p.read_text())["input"] for p in GOLDEN] + list(SAMPLES.values())


@pytest.mark.parametrize("payload", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_opa_server_backend_answers_like_the_embedded_engine(opa, payload, tmp_path):
    opa.mode = "ok"
    event = payload["hook_event_name"]
    embedded = via(event, payload, tmp_path)
    served = via(event, payload, tmp_path, opa_url=opa.url)
    assert served.plain == embedded.plain


@pytest.mark.parametrize("mode", ["500", "hang", "slow", "reset", "garbage"])
def test_opa_failures_give_the_failure_table_answer(opa, mode, tmp_path):
    opa.mode, opa.delay = mode, 5.0
    try:
        started = time.monotonic()
        deny = via("PreToolUse", bash_input("ls"), tmp_path, opa_url=opa.url, deadline=1.0)
        assert deny.output["hookSpecificOutput"]["permissionDecision"] == "deny"
        assert "claude-rego" in deny.output["hookSpecificOutput"]["permissionDecisionReason"]
        stop = via("Stop", hook_input("Stop"), tmp_path, opa_url=opa.url, deadline=1.0)
        assert "decision" not in stop.output and "systemMessage" in stop.output  # never a trap
        assert time.monotonic() - started < 2 * (1.0 + 7)  # answered within the registered timeouts
    finally:
        opa.mode = "ok"


def test_opa_push_and_health_with_opa_python_client(tmp_path):
    """`claude-rego opa push` (opa-python-client) feeds an empty OPA; the hook then answers
    through it exactly as the embedded engine does, and the token reached every request."""
    pytest.importorskip("opa_client", reason="opa-python-client (the `opa` extra) is not installed")
    server = OpaRestServer()
    try:
        token = tmp_path / "token"
        token.write_text("s3cret\n")
        pushed = cli("opa", "push", "--opa-url", server.url, "--opa-token-file", str(token))
        assert pushed.returncode == 0, pushed.stderr
        modules = load_snapshot(None)["modules"]
        assert f"pushed {len(modules)} policies" in pushed.stdout
        assert len(server.backend.modules) == len(modules)
        assert server.backend.data["claude_rego"] == load_snapshot(None)["data"]["claude_rego"]
        assert server.puts and {auth for _, auth in server.puts} == {"Bearer s3cret"}

        health = cli("opa", "health", "--opa-url", server.url)
        assert health.returncode == 0 and "healthy" in health.stdout

        for payload in (bash_input("rm -rf ~"), bash_input("git status"), hook_input("Stop")):
            event = payload["hook_event_name"]
            served = via(event, payload, tmp_path, opa_url=server.url)
            assert served.plain == via(event, payload, tmp_path).plain
        assert via("PreToolUse", bash_input("rm -rf ~"), tmp_path, opa_url=server.url) \
            .output["hookSpecificOutput"]["permissionDecision"] == "deny"
    finally:
        server.close()


def test_opa_admin_commands_report_failures_without_tracebacks():
    pytest.importorskip("opa_client", reason="opa-python-client (the `opa` extra) is not installed")
    down = cli("opa", "health", "--opa-url", "http://127.0.0.1:9")
    assert down.returncode == 1 and "NOT healthy" in down.stdout
    failed = cli("opa", "push", "--opa-url", "http://127.0.0.1:9")
    assert failed.returncode == 1 and "push to http://127.0.0.1:9 failed" in failed.stderr
    assert "Traceback" not in failed.stderr
    bad = cli("opa", "health", "--opa-url", "ftp://example")
    assert bad.returncode == 2 and "http(s)://host:port" in bad.stderr


def test_unreachable_opa_fails_closed(tmp_path):
    deny = via("PreToolUse", bash_input("ls"), tmp_path, opa_url="http://127.0.0.1:9", deadline=1.0)
    assert deny.output["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_the_embedded_path_never_imports_the_http_stack():
    code = ("import sys, io, json; from claude_rego.claudecode import hook; from claude_rego.claudecode import worker; from claude_rego.decide import pipeline;"
            "print(json.dumps([m for m in sys.modules if m.split('.')[0] in "
            "('http', 'urllib3', 'requests', 'aiohttp', 'httpx', 'opa_client', 'ssl')]))")
    proc = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == []


# ---------------------------------------------------------------------- real OPA

def _docker_daemon_answers() -> str | None:
    try:
        import docker  # testcontainers' dependency
    except ImportError:
        return "the docker SDK (testcontainers) is not installed"
    try:
        docker.from_env(timeout=3).ping()
        return None
    except Exception as exc:  # noqa: BLE001
        return f"no Docker daemon answers a ping ({type(exc).__name__}: {str(exc)[:120]}); a docker CLI alone is not a daemon"


@pytest.fixture(scope="module")
def real_opa_url():
    """A real OPA server: OPA_BIN (a local `opa` binary) or a testcontainers container."""
    opa_bin = os.environ.get("OPA_BIN")
    if opa_bin:
        if not shutil.which(opa_bin) and not Path(opa_bin).is_file():
            pytest.skip(f"OPA_BIN={opa_bin!r} is not an executable")
        import socket
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        proc = subprocess.Popen([opa_bin, "run", "--server", f"--addr=127.0.0.1:{port}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        for _ in range(100):
            if OpaServerEngine(url).healthy():
                break
            time.sleep(0.1)
        yield url
        proc.terminate()
        return
    reason = _docker_daemon_answers()
    if reason:
        print(f"\nSKIP real-OPA tests: {reason}; set OPA_BIN to use a local opa binary")
        pytest.skip(reason)
    from testcontainers.core.container import DockerContainer
    from testcontainers.core.waiting_utils import wait_for_logs

    container = DockerContainer("openpolicyagent/opa:1.4.2").with_command("run --server --addr=0.0.0.0:8181") \
        .with_exposed_ports(8181)
    with container:
        wait_for_logs(container, "Initializing server", timeout=60)
        yield f"http://{container.get_container_host_ip()}:{container.get_exposed_port(8181)}"


@pytest.mark.parametrize("payload", [json.loads(p.read_text())["input"] for p in GOLDEN],
                         ids=[p.stem for p in GOLDEN])
def test_real_opa_answers_like_the_embedded_engine(real_opa_url, payload, tmp_path):
    push_default_pack(real_opa_url)
    event = payload["hook_event_name"]
    assert via(event, payload, tmp_path, opa_url=real_opa_url).plain == via(event, payload, tmp_path).plain
