"""Activation: directory / .tar.gz / HTTP(S) sources, ETag caching, anti-rollback, last
known good, concurrency (two activations, hooks reading meanwhile) and the end-to-end
path build → sign → activate → the hook's decision. Real crypto, real HTTP on 127.0.0.1."""

from __future__ import annotations

import http.server
import json
import os
import socket
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from claude_rego import api
from claude_rego.distribution import activation as A
from claude_rego.distribution import bundle as B
from claude_rego.policy import load_snapshot, snapshot
from conftest import POLICIES, bash_input
from cryptography.hazmat.primitives.asymmetric import rsa
from test_bundle import make_tar, members_of, pem_private, pem_public, run_cli, write_policies


@pytest.fixture(scope="module")
def rsa_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def ring(key, scope=None):
    return B.Keyring({"default": B.VerificationKey("default", "RS256", key.public_key())}, scope=scope)


def signed(tmp_path, key, rev, *, scope=None) -> bytes:
    src = write_policies(tmp_path / f"src-{rev}", rev=rev)
    return B.build(src, rev, signing=B.SigningConfig(key, "RS256", "default", scope)).data


def bundle_file(tmp_path, key, rev, **kw) -> str:
    path = tmp_path / f"b-{rev}.tar.gz"
    path.write_bytes(signed(tmp_path, key, rev, **kw))
    return str(path)


def active_revision(state) -> str:
    return load_snapshot([str(Path(state) / A.ACTIVE)])["bundle"]["revision"]


def refused(code, fn, *args, **kw):
    with pytest.raises(A.ActivationError) as info:
        fn(*args, **kw)
    assert info.value.code == code, str(info.value)
    return str(info.value)


def test_activation_checks_against_the_vocabulary_it_is_given(tmp_path):
    """A bundle (built without a vocabulary) and a directory whose facts field only Claude
    Code's vocabulary rejects: refused by pull and activate when it is passed, as the command
    line and the decision service do."""
    from claude_rego.claudecode.vocabulary import VOCABULARY
    from test_bundle import facts_typo

    src = facts_typo(tmp_path / "typo")
    archive = tmp_path / "typo.tar.gz"
    archive.write_bytes(B.build(src, "1.0.0").data)
    assert A.pull(str(archive)).bundle.revision == "1.0.0"
    assert "segmnts" in refused("check-failed", A.pull, str(archive), vocabulary=VOCABULARY)
    state = tmp_path / "state"
    assert "segmnts" in refused("check-failed", A.activate, str(src), state, revision="1.0.0", vocabulary=VOCABULARY)
    assert "segmnts" in refused("check-failed", A.activate, str(archive), state, vocabulary=VOCABULARY)
    assert not (state / A.ACTIVE).exists()


# ------------------------------------------------------------------------------- sources

def test_activate_signed_bundle_records_revision_and_signer(tmp_path, rsa_key):
    state = tmp_path / "state"
    result = A.activate(bundle_file(tmp_path, rsa_key, "1.0.0", scope="prod"), state,
                        keyring=ring(rsa_key, scope="prod"))
    assert result.status == "activated" and result.revision == "1.0.0" and result.previous_revision is None
    snap = load_snapshot([str(state / A.ACTIVE)])
    assert snap["revision"] == "1.0.0"
    info = snap["bundle"]
    assert info["revision"] == "1.0.0" and info["keyid"] == "default" and info["signed"] is True
    assert info["sha256"] == B.read_bundle((state / A.ACTIVE_BUNDLE).read_bytes()).sha256
    assert info["signer"]["algorithm"] == "RS256" and info["signer"]["scope"] == "prod"
    assert [p["name"] for p in snap["policies"]] == ["no_curl"]
    assert stat.S_IMODE(os.stat(state / A.ACTIVE).st_mode) == 0o644, "hooks run as the user: world-readable"
    assert stat.S_IMODE(os.stat(state / A.LOCK).st_mode) == 0o600, "a readable lock file could be held by anyone"
    last = json.loads((state / A.LAST_ACTIVATION).read_text())
    assert last["ok"] is True and last["active_revision"] == "1.0.0"


def test_activate_directory_and_unsigned_bundle(tmp_path):
    state = tmp_path / "state"
    src = write_policies(tmp_path / "p")
    assert "needs --revision" in refused("revision", A.activate, str(src), state)
    assert A.activate(str(src), state, revision="1.0").status == "activated"
    unsigned = tmp_path / "u.tar.gz"
    unsigned.write_bytes(B.build(write_policies(tmp_path / "q", rev="2"), "2.0").data)
    assert A.activate(str(unsigned), state).revision == "2.0"
    assert load_snapshot([str(state / A.ACTIVE)])["bundle"]["signed"] is False


def test_directory_source_is_refused_when_a_key_is_configured(tmp_path, rsa_key):
    refused("unsigned", A.activate, str(write_policies(tmp_path / "p")), tmp_path / "s", keyring=ring(rsa_key),
            revision="1.0")


def test_activating_the_same_bundle_twice_is_a_no_op(tmp_path, rsa_key):
    state, source = tmp_path / "state", bundle_file(tmp_path, rsa_key, "1.0.0")
    A.activate(source, state, keyring=ring(rsa_key))
    before = os.stat(state / A.ACTIVE).st_ino
    assert A.activate(source, state, keyring=ring(rsa_key)).status == "unchanged"
    assert os.stat(state / A.ACTIVE).st_ino == before


# --------------------------------------------------------------- failures keep last good

def test_failing_candidates_never_replace_the_last_good_snapshot(tmp_path, rsa_key):
    state = tmp_path / "state"
    A.activate(bundle_file(tmp_path, rsa_key, "1.0.0"), state, keyring=ring(rsa_key))
    good = A.snapshot_digest(state / A.ACTIVE)

    unsigned = tmp_path / "unsigned.tar.gz"
    unsigned.write_bytes(B.build(write_policies(tmp_path / "u", rev="2"), "2.0.0").data)
    tampered = tmp_path / "tampered.tar.gz"
    files = members_of(signed(tmp_path, rsa_key, "3.0.0"))
    files["no_curl.rego"] = files["no_curl.rego"].replace(b"curl", b"wget")
    tampered.write_bytes(make_tar(sorted(files.items())))
    broken = tmp_path / "broken.tar.gz"  # passes the tar/manifest checks, fails `claude-rego check`
    manifest = json.dumps({"revision": "4.0.0", "roots": ["claude_rego"],
                           "metadata": {"contract_version": "1"}}).encode()
    broken_files = {".manifest": manifest, **{p.name: p.read_bytes() for p in (POLICIES / "broken").iterdir()}}
    broken.write_bytes(make_tar(sorted(broken_files.items())))

    for source, code, key in [(unsigned, "unsigned", ring(rsa_key)), (tampered, "file-changed", ring(rsa_key)),
                              (broken, "check-failed", None), (tmp_path / "missing.tar.gz", "fetch", None)]:
        msg = refused(code, A.activate, str(source), state, keyring=key)
        assert "claude-rego-bundle-" not in msg, "errors name bundle files, not temp paths"
        assert A.snapshot_digest(state / A.ACTIVE) == good, f"{source.name} replaced the last good snapshot"
        last = json.loads((state / A.LAST_ACTIVATION).read_text())
        assert last["ok"] is False and last["code"] == code and last["active_revision"] == "1.0.0"
    assert not list(state.glob(".*.tmp")), "no temp files left behind"


def test_cli_reports_failure_with_non_zero_exit_and_what_stays_active(tmp_path, rsa_key):
    state = tmp_path / "state"
    (tmp_path / "k.pub").write_bytes(pem_public(rsa_key))
    good = bundle_file(tmp_path, rsa_key, "1.0.0")
    code, stdout, _ = run_cli("activate", good, "--state-dir", state, "--verification-key", tmp_path / "k.pub")
    assert code == 0 and "activated revision 1.0.0" in stdout
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    evil = bundle_file(tmp_path / "evil", other, "9.0.0")
    code, _, stderr = run_cli("activate", evil, "--state-dir", state, "--verification-key", tmp_path / "k.pub")
    assert code == 1
    assert "activation failed" in stderr and "bad-signature" in stderr and "still active: revision 1.0.0" in stderr
    assert active_revision(state) == "1.0.0"


# ------------------------------------------------------------------------- anti-rollback

def test_anti_rollback(tmp_path, rsa_key):
    state, key = tmp_path / "state", ring(rsa_key)
    A.activate(bundle_file(tmp_path, rsa_key, "2026.11.22"), state, keyring=key)
    msg = refused("rollback", A.activate, bundle_file(tmp_path, rsa_key, "2026.11.3"), state, keyring=key)
    assert "older than the active 2026.11.22" in msg and active_revision(state) == "2026.11.22"
    result = A.activate(bundle_file(tmp_path, rsa_key, "2026.11.3"), state, keyring=key, allow_rollback=True)
    assert result.status == "activated" and active_revision(state) == "2026.11.3"
    assert A.activate(bundle_file(tmp_path, rsa_key, "2026.11.22.1"), state, keyring=key).revision == "2026.11.22.1"
    previous = load_snapshot([str(state / A.PREVIOUS)])
    assert previous["bundle"]["revision"] == "2026.11.3", "the replaced snapshot is kept aside"


def test_a_reused_revision_with_different_content_is_refused(tmp_path, rsa_key):
    state, key = tmp_path / "state", ring(rsa_key)
    A.activate(bundle_file(tmp_path, rsa_key, "1.0.0"), state, keyring=key)
    src = write_policies(tmp_path / "other", rev="different")
    other = tmp_path / "other.tar.gz"
    other.write_bytes(B.build(src, "1.0", signing=B.SigningConfig(rsa_key, "RS256")).data)
    assert "must not be reused" in refused("rollback", A.activate, str(other), state, keyring=key)


def test_non_numeric_revision_needs_allow_rollback(tmp_path):
    state = tmp_path / "state"
    src = write_policies(tmp_path / "p")
    sha = "7864d60dd78d748dbce54b569e939f5b0dc07486"
    data = B.build(src, "1.0").data
    files = members_of(data)
    files[".manifest"] = files[".manifest"].replace(b'"1.0"', f'"{sha}"'.encode())
    path = tmp_path / "sha.tar.gz"
    path.write_bytes(make_tar(sorted(files.items())))
    assert "not a dotted number" in refused("revision", A.activate, str(path), state)
    assert A.activate(str(path), state, allow_rollback=True).revision == sha
    assert "--allow-rollback once" in refused("rollback", A.activate, str(src), state, revision="2.0")


# ----------------------------------------------------------------------------------- HTTP

class BundleServer:
    """A bundle server on 127.0.0.1 with ETags; records the If-None-Match it receives."""

    def __init__(self):
        self.body, self.etag, self.seen = b"", None, []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.seen.append({"path": self.path, "if_none_match": self.headers.get("If-None-Match"),
                                   "authorization": self.headers.get("Authorization")})
                if self.path != "/bundles/claude.tar.gz":
                    self.send_error(404)
                    return
                if outer.etag and self.headers.get("If-None-Match") == outer.etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/gzip")
                self.send_header("ETag", outer.etag)
                self.send_header("Content-Length", str(len(outer.body)))
                self.end_headers()
                self.wfile.write(outer.body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/bundles/claude.tar.gz"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def serve(self, body: bytes, etag: str):
        self.body, self.etag = body, etag


@pytest.fixture
def server():
    srv = BundleServer()
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


def test_http_activation_with_etag_caching(tmp_path, rsa_key, server):
    state, key = tmp_path / "state", ring(rsa_key)
    server.serve(signed(tmp_path, rsa_key, "1.0.0"), '"rev-1"')
    token = "s3cret-token"
    assert A.activate(server.url, state, keyring=key, token=token).status == "activated"
    assert server.seen[-1]["if_none_match"] is None and server.seen[-1]["authorization"] == f"Bearer {token}"
    assert load_snapshot([str(state / A.ACTIVE)])["bundle"]["etag"] == '"rev-1"'
    inode = os.stat(state / A.ACTIVE).st_ino

    result = A.activate(server.url, state, keyring=key)
    assert server.seen[-1]["if_none_match"] == '"rev-1"', "If-None-Match must carry the active ETag"
    assert result.status == "not-modified" and result.revision == "1.0.0"
    assert os.stat(state / A.ACTIVE).st_ino == inode, "304 keeps the current snapshot untouched"

    server.serve(signed(tmp_path, rsa_key, "1.1.0"), '"rev-2"')
    assert A.activate(server.url, state, keyring=key).revision == "1.1.0"
    assert server.seen[-1]["if_none_match"] == '"rev-1"'
    assert load_snapshot([str(state / A.ACTIVE)])["bundle"]["etag"] == '"rev-2"'


def test_http_errors_and_unreachable_url_keep_the_last_good_snapshot(tmp_path, rsa_key, server):
    state, key = tmp_path / "state", ring(rsa_key)
    server.serve(signed(tmp_path, rsa_key, "1.0.0"), '"a"')
    A.activate(server.url, state, keyring=key)
    good = A.snapshot_digest(state / A.ACTIVE)
    assert "HTTP 404" in refused("fetch", A.activate, server.url.replace("claude", "missing"), state, keyring=key)
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}/bundle.tar.gz"
    assert "unreachable" in refused("fetch", A.activate, dead, state, keyring=key, timeout=5)
    assert A.snapshot_digest(state / A.ACTIVE) == good and active_revision(state) == "1.0.0"


def test_plain_http_without_a_key_is_refused_except_on_loopback(tmp_path, server):
    state = tmp_path / "state"
    msg = refused("insecure-transport", A.activate, "http://bundles.example.invalid/b.tar.gz", state)
    assert "verification-key" in msg
    server.serve(B.build(write_policies(tmp_path / "p"), "1.0").data, '"x"')
    assert A.activate(server.url, state).status == "activated"  # loopback: allowed (tests, sidecars)


def test_pull_checks_without_activating(tmp_path, rsa_key, server):
    server.serve(signed(tmp_path, rsa_key, "5.0.0"), '"p"')
    out = tmp_path / "pulled.tar.gz"
    candidate = A.pull(server.url, keyring=ring(rsa_key), output=out)
    assert candidate.bundle.revision == "5.0.0" and out.read_bytes() == server.body
    assert not (tmp_path / "state").exists()
    with pytest.raises(B.BundleError) as info:
        A.pull(server.url, keyring=None)
    assert info.value.code == "signed-without-key"
    (tmp_path / "k.pub").write_bytes(pem_public(rsa_key))
    code, stdout, _ = run_cli("pull", server.url, "--verification-key", tmp_path / "k.pub")
    assert code == 0 and "OK: revision 5.0.0" in stdout


# ---------------------------------------------------------------------------- concurrency

def test_lock_busy_fails_clearly(tmp_path, rsa_key):
    state = tmp_path / "state"
    source = bundle_file(tmp_path, rsa_key, "1.0.0")
    state.mkdir(mode=0o755)
    with A._locked(state / A.LOCK, 1):
        msg = refused("lock-busy", A.activate, source, state, keyring=ring(rsa_key), lock_timeout=0.2)
    assert "another activation" in msg and not (state / A.ACTIVE).exists()
    assert A.activate(source, state, keyring=ring(rsa_key)).status == "activated"


_ACTIVATE = textwrap.dedent("""
    import json, sys
    from claude_rego.distribution import activation
    from claude_rego.distribution.bundle import BundleError
    try:
        r = activation.activate(sys.argv[1], sys.argv[2], lock_timeout=120)
        print(json.dumps({"ok": True, "status": r.status, "revision": r.revision}))
    except BundleError as exc:
        print(json.dumps({"ok": False, "code": exc.code, "error": str(exc)}))
""")

_READER = textwrap.dedent("""
    import json, sys, time
    from claude_rego.policy import load_snapshot
    path, stop = sys.argv[1], time.monotonic() + float(sys.argv[2])
    reads, errors, revisions = 0, [], set()
    while time.monotonic() < stop:
        try:
            snap = load_snapshot([path])
            revisions.add(snap["bundle"]["revision"])
            reads += 1
        except Exception as exc:
            errors.append(repr(exc))
    print(json.dumps({"reads": reads, "errors": errors[:5], "revisions": sorted(revisions)}))
""")


def _spawn(code, *args):
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_concurrent_activations_serialize_and_hooks_always_read_whole_files(tmp_path):
    state = tmp_path / "state"
    sources = []
    for i in range(1, 7):
        path = tmp_path / f"b{i}.tar.gz"
        path.write_bytes(B.build(write_policies(tmp_path / f"p{i}", rev=str(i)), f"1.{i}").data)
        sources.append(path)
    A.activate(str(sources[0]), state)
    reader = _spawn(_READER, state / A.ACTIVE, 8)
    writers = [_spawn(_ACTIVATE, src, state) for src in sources[1:]]
    results = [json.loads(w.communicate(timeout=300)[0]) for w in writers]
    read = json.loads(reader.communicate(timeout=300)[0])
    assert read["errors"] == [] and read["reads"] > 0, read
    assert set(read["revisions"]) <= {f"1.{i}" for i in range(1, 7)}
    for result in results:  # each one won or lost cleanly: activated, or refused as a rollback
        assert result["ok"] or result["code"] == "rollback", result
    assert any(r["ok"] for r in results)
    final = load_snapshot([str(state / A.ACTIVE)])
    assert final["bundle"]["revision"] == "1.6", "the highest revision ends up active whatever the order"
    assert not list(state.glob(".*.tmp"))


def test_two_simultaneous_activations_of_different_bundles_one_file_each_time(tmp_path, rsa_key):
    state = tmp_path / "state"
    a, b = bundle_file(tmp_path, rsa_key, "2.0.0"), bundle_file(tmp_path, rsa_key, "2.0.1")
    (tmp_path / "k.pub").write_bytes(pem_public(rsa_key))
    errors: list = []
    results: list = []

    def run(source):
        try:
            results.append(A.activate(source, state, keyring=ring(rsa_key)))
        except A.ActivationError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(e.code == "rollback" for e in errors), errors
    assert active_revision(state) == "2.0.1"
    assert len(results) + len(errors) == 2


def test_state_dir_writable_by_others_is_refused(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    os.chmod(state, 0o777)
    assert "writable by group or others" in refused("state-dir", A.activate, "x", state)


# ---------------------------------------------------------------------------- end to end

def test_end_to_end_default_pack_build_sign_activate_decide(tmp_path, rsa_key):
    (tmp_path / "k.pem").write_bytes(pem_private(rsa_key))
    (tmp_path / "k.pub").write_bytes(pem_public(rsa_key))
    out, state = tmp_path / "default.tar.gz", tmp_path / "state"
    code, stdout, _ = run_cli("bundle", "build", snapshot.default_pack_dir(), "-o", out, "--revision", "2026.11.22",
                              "--signing-key", tmp_path / "k.pem", "--scope", "laptops")
    assert code == 0, stdout
    code, stdout, _ = run_cli("activate", out, "--state-dir", state, "--verification-key", tmp_path / "k.pub",
                              "--scope", "laptops")
    assert code == 0 and "activated revision 2026.11.22" in stdout, stdout
    active = str(state / A.ACTIVE)
    snap = load_snapshot([active])
    assert snap["revision"] == "2026.11.22" and snap["bundle"]["keyid"] == "default"
    out_json, exit_code = api.evaluate_hook(bash_input("rm -rf /"), policy_paths=[active])
    assert exit_code == 0
    assert out_json["hookSpecificOutput"]["permissionDecision"] == "deny", out_json
    assert "rm -rf /" in out_json["hookSpecificOutput"]["permissionDecisionReason"]
    harmless, _ = api.evaluate_hook(bash_input("ls -la"), policy_paths=[active])
    assert harmless.get("hookSpecificOutput", {}).get("permissionDecision") != "deny"


def test_io_errors_are_reported_not_raised_as_tracebacks(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    assert "file" in refused("io", A.activate, "x", blocker / "state")
    src = write_policies(tmp_path / "p")
    code, _, stderr = run_cli("bundle", "build", src, "-o", tmp_path / "no" / "such" / "dir.tar.gz", "--revision", "1.0")
    assert code == 1 and "error:" in stderr


# ------------------------------------------------------------ signature policy (issue 17)

def test_a_signed_bundle_is_not_replaced_by_an_unsigned_one_unless_allowed(tmp_path, rsa_key):
    state = tmp_path / "state"
    A.activate(bundle_file(tmp_path, rsa_key, "1.0.0"), state, keyring=ring(rsa_key))
    unsigned = tmp_path / "u.tar.gz"
    unsigned.write_bytes(B.build(write_policies(tmp_path / "u", rev="2"), "2.0.0").data)
    message = refused("unsigned", A.activate, str(unsigned), state)  # no key configured: still refused
    assert "is signed" in message and "--allow-unsigned" in message
    assert active_revision(state) == "1.0.0"
    assert A.activate(str(unsigned), state, allow_unsigned=True).revision == "2.0.0"


def test_a_machine_can_require_signatures(tmp_path, rsa_key):
    state = tmp_path / "state"
    unsigned = tmp_path / "u.tar.gz"
    unsigned.write_bytes(B.build(write_policies(tmp_path / "u", rev="1"), "1.0.0").data)
    assert "requires signed bundles" in refused("unsigned", A.activate, str(unsigned), state, require_signature=True,
                                                allow_unsigned=True)
    refused("unsigned", A.activate, str(write_policies(tmp_path / "d")), state, revision="1.0",
            require_signature=True)
    assert A.activate(bundle_file(tmp_path, rsa_key, "1.0.0"), state, keyring=ring(rsa_key),
                      require_signature=True).status == "activated"


def test_the_managed_config_requires_signatures_for_the_activate_command(tmp_path, rsa_key):
    snap = tmp_path / "snap.json"
    config = tmp_path / "claude-rego.json"
    config.write_text(json.dumps({"policies": str(snap), "bundles": {"require_signature": True}}))
    unsigned = tmp_path / "u.tar.gz"
    unsigned.write_bytes(B.build(write_policies(tmp_path / "u", rev="1"), "1.0.0").data)
    code, _, err = run_cli("activate", str(unsigned), "--state-dir", str(tmp_path / "state"), "--config", str(config),
                           "--allow-unsigned")
    assert code == 1 and "requires signed bundles" in err
    config.write_text(json.dumps({"policies": str(snap)}))
    code, out, err = run_cli("activate", str(unsigned), "--state-dir", str(tmp_path / "state"), "--config", str(config))
    assert code == 0, err
    # signed → unsigned through the command: refused, then allowed explicitly or by the config key
    signed_state = tmp_path / "signed-state"
    A.activate(bundle_file(tmp_path, rsa_key, "0.9.0"), signed_state, keyring=ring(rsa_key))
    code, _, err = run_cli("activate", str(unsigned), "--state-dir", str(signed_state), "--config", str(config))
    assert code == 1 and "is signed" in err
    config.write_text(json.dumps({"policies": str(snap), "bundles": {"allow_unsigned_replacement": True}}))
    code, _, err = run_cli("activate", str(unsigned), "--state-dir", str(signed_state), "--config", str(config))
    assert code == 0, err


def test_bundle_build_counts_files_as_verify_does(tmp_path, rsa_key):
    src = write_policies(tmp_path / "p", rev="1")
    key = tmp_path / "k.pem"
    key.write_bytes(pem_private(rsa_key))
    pub = tmp_path / "k.pub"
    pub.write_bytes(pem_public(rsa_key))
    out = tmp_path / "b.tar.gz"
    code, built, err = run_cli("bundle", "build", str(src), "-o", str(out), "--revision", "1.0", "--signing-key", str(key))
    assert code == 0, err
    code, verified, err = run_cli("bundle", "verify", str(out), "--verification-key", str(pub))
    assert code == 0, err
    import re

    assert re.search(r", (\d+) files?", built).group(1) == re.search(r", (\d+) files?", verified).group(1)
