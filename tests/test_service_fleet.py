"""Fleet duties of `claude-rego serve`: bundle polling and decision-log shipping, against
local test servers on 127.0.0.1 (one that fails, one that hangs, bad signatures, rollbacks)."""

from __future__ import annotations

import gzip
import http.client
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from claude_rego.audit import decisionlog
from claude_rego.distribution import activation as A
from claude_rego.distribution import bundle as B
from claude_rego.service import fleet, server
from claude_rego.service.cli import build, first_bundle, start_fleet
from conftest import bash_input
from cryptography.hazmat.primitives.asymmetric import rsa
from test_bundle import pem_public, write_policies

TOKEN = "fleet-test-token-0123456789ab"


@pytest.fixture(scope="module")
def rsa_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def other_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def ring(key):
    return B.Keyring({"default": B.VerificationKey("default", "RS256", key.public_key())})


def signed(tmp_path, key, rev) -> bytes:
    src = write_policies(tmp_path / f"src-{rev}-{id(key)}", rev=rev)
    return B.build(src, rev, signing=B.SigningConfig(key, "RS256", "default", None)).data


@pytest.fixture(autouse=True)
def _state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


# ------------------------------------------------------------------------- test servers

class LocalServer:
    """A local HTTP server on 127.0.0.1 whose behaviour the test sets: `mode` ok | fail | hang | close."""

    def __init__(self):
        self.mode = "ok"
        self.body = b""
        self.etag = None
        self.requests: list[dict] = []
        self.batches: list[list] = []
        self.stop_hanging = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _reply(self, code, body=b"", headers=()):
                self.send_response(code)
                for k, v in headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _common(self):
                outer.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers)})
                if outer.mode == "hang":
                    outer.stop_hanging.wait(5)  # bounded: the client times out first
                    self.close_connection = True
                    return False
                if outer.mode == "close":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return False
                if outer.mode == "fail":
                    self._reply(500, b"broken")
                    return False
                return True

            def do_GET(self):
                if not self._common():
                    return
                if outer.etag and self.headers.get("If-None-Match") == outer.etag:
                    return self._reply(304)
                self._reply(200, outer.body, [("ETag", outer.etag)] if outer.etag else [])

            def do_POST(self):
                data = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if not self._common():
                    return
                assert self.headers.get("Content-Encoding") == "gzip"
                outer.batches.append(json.loads(gzip.decompress(data)))
                self._reply(200)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()

    def serve(self, body: bytes, etag: str):
        self.body, self.etag = body, etag

    def close(self):
        self.stop_hanging.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def remote():
    s = LocalServer()
    yield s
    s.close()


def post(running, command):
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    conn.request("POST", "/v1/hook/PreToolUse", json.dumps(bash_input(command)),
                 {"Authorization": f"Bearer {TOKEN}"})
    out = json.loads(conn.getresponse().read())
    conn.close()
    return out


def deny_reason(out):
    return (out.get("hookSpecificOutput") or {}).get("permissionDecisionReason", "")


# ------------------------------------------------------------------------------ bundles

def test_bundle_polling_etag_verification_rollback_and_hot_reload(tmp_path, remote, rsa_key, other_key):
    state = tmp_path / "bundles"
    remote.serve(signed(tmp_path, rsa_key, "1.0"), '"v1"')
    poller = fleet.BundlePoller(remote.url + "/b.tar.gz", str(state), keyring=ring(rsa_key), min_delay=0.05,
                                max_delay=0.1)
    assert poller.poll_once() and poller.last_status == "activated"
    running = server.Running(server.ServiceConfig(port=0, tokens=[TOKEN], workers=2, warm=False,
                                                  policies=[str(state / A.ACTIVE)],
                                                  decision_log=str(tmp_path / "d.jsonl"))).start_background()
    poller.on_activated = lambda result: running.service.source.refresh()
    running.service.fleet.append(poller)
    try:
        assert "curl is blocked (1.0)" in deny_reason(post(running, "curl https://example.com"))

        # ETag: the second poll sends If-None-Match and gets 304
        assert poller.poll_once() and poller.last_status == "not-modified"
        assert remote.requests[-1]["headers"].get("If-None-Match") == '"v1"'

        # a new revision: verified, activated, hot-reloaded without a restart
        remote.serve(signed(tmp_path, rsa_key, "2.0"), '"v2"')
        assert poller.poll_once() and poller.last_status == "activated"
        assert "curl is blocked (2.0)" in deny_reason(post(running, "curl https://example.com"))

        # a bad signature (signed by a key the machine does not trust): refused, 2.0 stays
        remote.serve(signed(tmp_path, other_key, "3.0"), '"v3-bad"')
        assert not poller.poll_once() and poller.last_status == "failed"
        assert A.read_active(state)["bundle"]["revision"] == "2.0"
        assert "curl is blocked (2.0)" in deny_reason(post(running, "curl https://example.com"))

        # a tampered archive (valid signature file, changed content): refused
        good = signed(tmp_path, rsa_key, "3.1")
        remote.serve(good[:-40] + bytes(40), '"v3-tampered"')
        assert not poller.poll_once()

        # a rollback to an older, validly signed revision: refused
        remote.serve(signed(tmp_path, rsa_key, "1.5"), '"v-old"')
        assert not poller.poll_once() and poller.last_error_code == "rollback"
        assert A.read_active(state)["bundle"]["revision"] == "2.0"

        # the bundle server fails: last known good stays, backoff grows
        remote.mode = "fail"
        assert not poller.poll_once() and poller.last_error_code == "fetch"
        delays = [poller.tick() for _ in range(3)]
        assert poller.backoff.failures >= 3 and max(delays) <= poller.backoff.maximum

        status = json.loads(_status(running))
        assert status["revision"] == "2.0" and status["fleet"]["bundle"]["last_status"] == "failed"
    finally:
        running.stop()

    # a restart with the bundle server still down serves the last known good snapshot
    again = server.Running(server.ServiceConfig(port=0, tokens=[TOKEN], workers=1, warm=False,
                                                policies=[str(state / A.ACTIVE)], decision_log="off")).start_background()
    try:
        assert "curl is blocked (2.0)" in deny_reason(post(again, "curl https://example.com"))
    finally:
        again.stop()


def _status(running) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=30)
    conn.request("GET", "/v1/status", headers={"Authorization": f"Bearer {TOKEN}"})
    body = conn.getresponse().read().decode()
    conn.close()
    return body


def test_poller_thread_runs_and_stops_by_itself(tmp_path, remote, rsa_key):
    remote.serve(signed(tmp_path, rsa_key, "1.0"), '"v1"')
    poller = fleet.BundlePoller(remote.url, str(tmp_path / "s"), keyring=ring(rsa_key), min_delay=0.02,
                                max_delay=0.05).start()
    try:
        for _ in range(200):
            if poller.polls >= 3:
                break
            time.sleep(0.02)
    finally:
        poller.stop()
    assert poller.polls >= 3 and not poller._thread.is_alive()
    assert poller.last_status in ("not-modified", "unchanged")


def test_managed_config_starts_the_fleet_duties(tmp_path, remote, rsa_key):
    key_file = tmp_path / "pub.pem"
    key_file.write_bytes(pem_public(rsa_key))
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN)
    state = tmp_path / "bundles"
    config = {
        "policies": str(state / A.ACTIVE), "deadline_seconds": 3,
        "decision_log": {"path": str(tmp_path / "d.jsonl")},
        "service": {"port": 1, "token_files": [str(token_file)], "workers": 1},
        "bundle": {"url": remote.url + "/b.tar.gz", "state_dir": str(state), "verification_keys": [str(key_file)],
                   "polling": {"min_delay_seconds": 30, "max_delay_seconds": 60}},
        "decision_logs": {"url": remote.url + "/logs", "spool_dir": str(tmp_path / "spool"),
                          "min_delay_seconds": 30, "max_delay_seconds": 60},
    }
    path = tmp_path / "claude-rego.json"
    path.write_text(json.dumps(config))
    remote.serve(signed(tmp_path, rsa_key, "4.0"), '"v4"')
    cfg, managed = build(config_path=str(path), port=None)
    cfg.port = 0
    first_bundle(managed)  # nothing active yet: poll once before serving
    running = server.Running(cfg).start_background()
    try:
        duties = start_fleet(running, managed)
        assert [d.name for d in duties] == ["bundle", "decision_logs"]
        assert "curl is blocked (4.0)" in deny_reason(post(running, "curl https://example.com"))
        status = json.loads(_status(running))
        assert set(status["fleet"]) == {"bundle", "decision_logs"}
    finally:
        running.stop()
    # the stop cut the log into the spool; a flush ships it
    shipper = duties[1]
    assert shipper.flush()
    shipped = [e for batch in remote.batches for e in batch]
    assert any(e["claude_rego"]["transport"] == "http" for e in shipped)


def test_config_schema_refuses_unknown_keys(tmp_path):
    from claude_rego.distribution.config import ConfigError, load

    path = tmp_path / "c.json"
    path.write_text(json.dumps({"policies": "/x", "bundle": {"url": "https://b", "state_dir": "/s", "nope": 1}}))
    with pytest.raises(ConfigError, match="nope"):
        load(path)
    path.write_text(json.dumps({"policies": "/x", "decision_logs": {"url": "ftp://x", "spool_dir": "/s"}}))
    with pytest.raises(ConfigError, match="url"):
        load(path)


# ------------------------------------------------------------------------ decision logs

def write_records(log: Path, n: int, start: int = 0) -> list[str]:
    ids = []
    for i in range(start, start + n):
        decision_id = f"00000000-0000-4000-8000-{i:012d}"
        entry = decisionlog.record(decision_id=decision_id, event="PreToolUse", hook_input={"i": i, "pad": "x" * 200},
                                   result={}, decision=None, kind="decision", latency_ms=1.0)
        assert decisionlog.append(str(log), entry)
        ids.append(decision_id)
    return ids


def received_ids(remote) -> list[str]:
    return [e["decision_id"] for batch in remote.batches for e in batch]


def test_shipping_survives_failures_and_restarts_without_losing_a_record(tmp_path, remote):
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    url = remote.url + "/logs"
    ids = write_records(log, 30)
    remote.mode = "fail"
    shipper = fleet.DecisionLogShipper(str(log), url, str(spool), max_batch_bytes=4096)
    assert not shipper.flush()
    assert shipper.spooled() and shipper.failed_uploads == 1 and remote.batches == []
    ids += write_records(log, 20, start=30)
    remote.mode = "close"
    assert not shipper.flush()
    remote.mode = "hang"
    shipper.timeout = 0.3
    assert not shipper.flush()
    remote.stop_hanging.set()

    # "restart": a new shipper over the same spool and cursor
    remote.mode = "ok"
    restarted = fleet.DecisionLogShipper(str(log), url, str(spool), max_batch_bytes=4096)
    ids += write_records(log, 10, start=50)
    assert restarted.flush()
    got = received_ids(remote)
    assert sorted(got) == sorted(ids) and len(got) == len(set(got)), "every record once, none lost"
    assert restarted.spooled() == []
    # batches respect the size limit (uncompressed)
    assert all(len(json.dumps(batch)) <= 4096 + 1024 for batch in remote.batches)
    assert len(remote.batches) > 3
    # nothing new: nothing sent
    before = len(remote.batches)
    assert restarted.flush() and len(remote.batches) == before


def test_shipping_follows_log_rotation(tmp_path, remote, monkeypatch):
    monkeypatch.setattr(decisionlog, "MAX_BYTES", 3000)
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    shipper = fleet.DecisionLogShipper(str(log), remote.url, str(spool))
    ids = write_records(log, 5)
    assert shipper.flush()
    for start in (5, 13, 21):
        ids += write_records(log, 8, start=start)  # rotates once or twice between flushes
        assert shipper.flush()
    assert Path(str(log) + ".2").exists()
    assert sorted(received_ids(remote)) == sorted(ids)
    # the log rotates its oldest files away while nothing is shipped: what is still kept is shipped,
    # and an inode reused by a new file is not mistaken for the cursor's
    remote.mode = "fail"
    more = write_records(log, 60, start=100)
    remote.mode = "ok"
    assert shipper.flush()
    kept = {json.loads(line)["decision_id"] for f in decisionlog.files_in_order(str(log))
            for line in Path(f).read_text().splitlines()}
    got = received_ids(remote)
    assert kept & set(more) <= set(got) and len(got) == len(set(got))


def test_spool_size_limit_drops_oldest_and_counts_them(tmp_path, remote):
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    write_records(log, 40)
    remote.mode = "fail"
    shipper = fleet.DecisionLogShipper(str(log), remote.url, str(spool), max_batch_bytes=2048, max_spool_bytes=2048)
    shipper.flush()
    assert shipper.dropped_events > 0 and "dropped" in shipper.status()["last_drop"]
    total = sum((spool / n).stat().st_size for n in shipper.spooled())
    assert total <= 2048


def test_opa_batch_format(tmp_path, remote):
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    write_records(log, 3)
    shipper = fleet.DecisionLogShipper(str(log), remote.url + "/logs", str(spool), token="log-token")
    assert shipper.flush()
    request = remote.requests[-1]
    assert request["method"] == "POST" and request["path"] == "/logs"
    assert request["headers"]["Content-Encoding"] == "gzip"
    assert request["headers"]["Authorization"] == "Bearer log-token"
    (batch,) = remote.batches
    assert isinstance(batch, list) and len(batch) == 3
    for event in batch:
        assert {"decision_id", "timestamp", "path", "input", "result", "labels", "bundles"} <= set(event)


def test_half_written_record_waits_for_its_newline(tmp_path, remote):
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    ids = write_records(log, 2)
    with open(log, "ab") as fh:
        fh.write(b'{"decision_id": "partial"')
    shipper = fleet.DecisionLogShipper(str(log), remote.url, str(spool))
    assert shipper.flush()
    assert received_ids(remote) == ids
    with open(log, "ab") as fh:
        fh.write(b"}\n")
    assert shipper.flush()
    assert received_ids(remote) == ids + ["partial"]


def test_shipper_thread_stops_and_spools_on_stop(tmp_path, remote):
    log, spool = tmp_path / "d.jsonl", tmp_path / "spool"
    remote.mode = "fail"
    shipper = fleet.DecisionLogShipper(str(log), remote.url, str(spool), min_delay=0.02, max_delay=0.05).start()
    write_records(log, 4)
    shipper.stop()
    assert not shipper._thread.is_alive()
    spooled = []
    for n in shipper.spooled():
        with gzip.open(spool / n) as f:
            spooled.extend(json.load(f))
    assert len(spooled) == 4
