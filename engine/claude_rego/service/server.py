"""The HTTP front of `claude-rego serve` (stdlib only; see docs/decision-service.md).

    POST /v1/hook/{Event}   the hook input JSON → the hook output JSON (200), exactly what
                            `claude-rego hook --event Event` would print; the event's
                            failure answer when anything goes wrong or the deadline passes
    GET  /v1/status         revision, uptime, workers, counters, bundle and log shipping state
    GET  /v1/health         {"status": "ok"} (no token; says nothing else)

Every response is ONE write (status line, headers and body in one buffer) on a socket with
TCP_NODELAY: Python's stock `http.server` writes headers and body separately, and Claude
Code's keep-alive connection then waits ~42 ms per request on delayed ACK (measured).
Requests carry `Authorization: Bearer <token>`; a wrong token, a non-loopback Host header
or a malformed request gets a non-2xx answer, which `onFailure: "block"` turns into a block.
"""

from __future__ import annotations

import hmac
import json
import os
import queue
import re
import socket
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

from .. import __version__
from ..audit import decisionlog
from ..claudecode import hookinput, output
from ..claudecode.events import event_info
from .core import Decider, PolicySource
from .identity import home_of, peer_uid, project_dir_of, token_id, user_name
from .pool import DeadlineExceeded, Pool

DEFAULT_PORT_SYSTEM = 884
DEFAULT_PORT_USER = 18787
MAX_BODY = hookinput.MAX_STDIN_BYTES
_EVENT_RE = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,63}$")
_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 411: "Length Required", 413: "Payload Too Large",
            500: "Internal Server Error", 503: "Service Unavailable"}
LOG_WAIT_SECONDS = 0.05  # how long an answer waits to learn whether its record was written


class ServiceConfig:
    """Everything `serve` needs; built from CLI options and/or the managed configuration."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT_USER, tokens: list[str] | None = None,
                 policies: list[str] | None = None, org_policies: str | None = None,
                 project_policies: str | None = "auto", deadline: float = 3.0, workers: int = 4,
                 decision_log: str | None = None, masked_paths: tuple[str, ...] = (),
                 max_body: int = MAX_BODY, idle_timeout: float = 120.0, max_connections: int = 256,
                 allow_no_token: bool = False, warm: bool = True):
        self.host, self.port = host, port
        self.tokens = [t for t in (tokens or []) if t]
        self.policies, self.org_policies, self.project_policies = policies, org_policies, project_policies
        self.deadline, self.workers = deadline, workers
        self.decision_log, self.masked_paths = decision_log, tuple(masked_paths)
        self.max_body, self.idle_timeout, self.max_connections = max_body, idle_timeout, max_connections
        self.allow_no_token = allow_no_token
        self.warm = warm


# ---------------------------------------------------------------------- decision logging

class DecisionLogger:
    """One thread appends records, so a stuck log file (an agent holding its lock in
    developer mode) can delay a record but never an answer."""

    def __init__(self, path: str | None):
        self.path = path
        self.failures = 0
        self.written = 0
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._run, name="claude-rego-decision-log", daemon=True).start()

    def submit(self, entry: dict) -> list:
        """[done event, written ok (None until done)]: the writer fills it in, then sets the event."""
        done = threading.Event()
        holder: list = [done, None]
        self._queue.put((entry, holder))
        return holder

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            entry, holder = item
            ok = decisionlog.append(self.path, entry)
            if ok:
                self.written += 1
            else:
                self.failures += 1
            holder[1] = ok
            holder[0].set()

    def stop(self) -> None:
        self._queue.put(None)


# -------------------------------------------------------------------------------- service

class Service:
    def __init__(self, cfg: ServiceConfig):
        if not cfg.tokens and not cfg.allow_no_token:
            raise ValueError("no token: pass --token-file (or --insecure-no-token for a throwaway test)")
        self.cfg = cfg
        self.source = PolicySource(cfg.policies, cfg.org_policies, cfg.project_policies)
        self.pool = Pool(self._make_decider, size=cfg.workers)
        self.logger = DecisionLogger(cfg.decision_log) if cfg.decision_log != "off" else None
        self.started = time.time()
        self.started_mono = time.monotonic()
        self.counters = {"requests": 0, "decisions": 0, "failures": 0, "deadline_exceeded": 0,
                         "unauthorized": 0, "bad_requests": 0}
        self._counter_lock = threading.Lock()
        self._last_refresh = 0.0
        self._refresh_lock = threading.Lock()
        self.fleet: list = []  # bundle poller / log shipper, for /v1/status
        self._token_bytes = [t.encode() for t in cfg.tokens]
        self._token_ids = {t.encode(): token_id(t) for t in cfg.tokens}
        self.service_user = user_name()

    def _make_decider(self) -> Decider:
        decider = Decider(self.source)
        if self.cfg.warm:
            decider.warm()
        return decider

    # -- helpers
    def count(self, name: str) -> None:
        with self._counter_lock:
            self.counters[name] += 1

    def authenticate(self, header: str | None) -> str | None:
        """The token id of a valid bearer token, '' when no token is required, else None."""
        if not self._token_bytes:
            return ""
        if not header or not header.startswith("Bearer "):
            return None
        given = header[7:].strip().encode()
        found = None
        for token in self._token_bytes:  # compare with every token: no early exit on a match
            if hmac.compare_digest(given, token):
                found = self._token_ids[token]
        return found

    def maybe_refresh(self) -> None:
        """Pick up a newly activated snapshot (at most once a second, off the decision path)."""
        now = time.monotonic()
        if now - self._last_refresh < 1.0 or not self._refresh_lock.acquire(blocking=False):
            return
        try:
            self._last_refresh = now
            self.source.refresh()
        finally:
            self._refresh_lock.release()

    def status(self) -> dict:
        with self._counter_lock:
            counters = dict(self.counters)
        return {
            "service": "claude-rego", "version": __version__, "pid": os.getpid(), "user": self.service_user,
            "revision": self.source.revision, "generation": self.source.generation,
            "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.started)),
            "uptime_seconds": round(time.monotonic() - self.started_mono, 3),
            "deadline_seconds": self.cfg.deadline, "workers": self.pool.stats(), "counters": counters,
            "decision_log": None if self.logger is None else {
                "path": self.logger.path or decisionlog.default_path(), "written": self.logger.written,
                "failures": self.logger.failures},
            "fleet": {f.name: f.status() for f in self.fleet},
        }

    # -- the decision
    def decide(self, event_name: str, body: bytes | None, *, peer: dict, token: str, project_dir: str | None,
               refused: str | None = None):
        """(HTTP status, body bytes, content type) for one hook request. Never raises.
        `refused`: the body was not read (e.g. too large); answer the failure table."""
        started = time.monotonic()
        deadline = started + self.cfg.deadline
        self.maybe_refresh()
        decision_id = decisionlog.new_decision_id() if self.logger is not None else None
        tag = f" [claude-rego decision {decision_id}]" if decision_id else ""
        event = event_info(event_name)
        record: dict = {"kind": "decision", "event": event_name}
        hook = None
        try:
            if refused is not None:
                raise hookinput.BadInput("oversized", refused)
            assert body is not None  # read unless refused
            hook = hookinput.parse(body)
        except hookinput.BadInput as exc:
            record.update(kind="bad_input", error=str(exc)[:500])
            out, code, err = output.failure(event, f"unreadable hook input ({exc.kind}).{tag}")
        else:
            record.update(session_id=hook.get("session_id"), tool_name=hook.get("tool_name"))
            sent = hook.get("hook_event_name")
            if sent != event_name:
                record["kind"] = "event_mismatch"
                out, code, err = output.failure(event, f"registered for {event_name} but received {sent!r}.{tag}")
            else:
                out, code, err = self._evaluate(event, hook, record, deadline, decision_id, peer, project_dir, tag)
        latency_ms = round((time.monotonic() - started) * 1000, 3)
        if record["kind"] != "decision":
            self.count("failures")
        else:
            self.count("decisions")
        if self.logger is not None:
            out = self._log(decision_id, event_name, hook, out, code, err, record, latency_ms, peer, token)
        if out is None:  # the event's failure is "exit 2": no JSON form exists; non-2xx blocks
            return 500, (err or "claude-rego: blocked (fail closed)").encode(), "text/plain; charset=utf-8"
        return 200, json.dumps(out, ensure_ascii=False).encode(), "application/json"

    def _evaluate(self, event, hook, record, deadline, decision_id, peer, project_dir, tag):
        environ = {}
        home = home_of(peer.get("uid"), hook)
        if home:
            environ["HOME"] = home
        project_dir = project_dir or project_dir_of(hook)
        if project_dir:
            environ["CLAUDE_PROJECT_DIR"] = project_dir
        name = hook["hook_event_name"]  # equal to the event in the URL (checked by the caller)
        try:
            answer = self.pool.submit(lambda d: d.evaluate(hook, name, environ=environ, decision_id=decision_id),
                                      deadline - time.monotonic())
            out = answer.output  # decided, rendered and checked by Evaluator.answer (core.Decider.evaluate)
        except DeadlineExceeded as exc:
            self.count("deadline_exceeded")
            record.update(kind="failure", error=f"deadline: {exc}")
            return output.failure(event, f"policy evaluation failed (no decision within the deadline).{tag}")
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            record.update(kind="failure", error=f"{type(exc).__name__}: {exc}"[:500])
            return output.failure(event, f"policy evaluation failed ({type(exc).__name__}).{tag}")
        decision = answer.decision  # typed (decide.types.Decision): the decision log reads it
        record.update(verdict=decision.verdict if decision is not None else None, decision=decision)
        return out, 0, ""

    def _log(self, decision_id, event_name, hook, out, code, err, record, latency_ms, peer, token):
        entry = decisionlog.record(
            decision_id=decision_id, event=event_name, hook_input=hook,
            result=out if out is not None else {"exit_code": 2, "stderr": err}, decision=record.get("decision"),
            kind=record["kind"], latency_ms=latency_ms, error=record.get("error"),
            masked_paths=self.cfg.masked_paths)
        entry["claude_rego"].update(transport="http", peer=peer, auth={"token_id": token or None},
                                    service={"pid": os.getpid(), "user": self.service_user})
        assert self.logger is not None  # called only with a decision log
        holder = self.logger.submit(entry)
        if holder[0].wait(LOG_WAIT_SECONDS) and holder[1] is False and isinstance(out, dict):
            note = ("claude-rego: the decision log could not be written (disk full or not writable); "
                    "this decision was not recorded.")
            out = dict(out)
            out["systemMessage"] = f"{out['systemMessage']}\n{note}" if out.get("systemMessage") else note
        return out

    def stop(self) -> None:
        for duty in self.fleet:
            duty.stop()
        self.pool.stop()
        if self.logger is not None:
            self.logger.stop()


# ---------------------------------------------------------------------------------- HTTP

def _response(status: int, body: bytes, content_type: str = "application/json", close: bool = False) -> bytes:
    head = (f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\n"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
            f"Cache-Control: no-store\r\n" + ("Connection: close\r\n" if close else "") + "\r\n")
    return head.encode("latin-1") + body


def _error(status: int, message: str, close: bool = False) -> bytes:
    return _response(status, json.dumps({"error": message}).encode(), close=close)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # TCP_NODELAY on every accepted socket
    server_version = f"claude-rego/{__version__}"
    _peer: dict | None = None
    server: HTTPServer  # the server that made this handler (declared for the type checker)

    def setup(self):
        # idle keep-alive connections are closed (per instance: a class default in socketserver)
        self.timeout = self.server.service.cfg.idle_timeout  # type: ignore[misc]
        super().setup()

    def log_message(self, format, *args):
        pass

    def _send(self, data: bytes) -> None:
        try:
            self.wfile.write(data)  # unbuffered socket writer: one sendall
        except OSError:
            self.close_connection = True

    def _peer_info(self) -> dict:
        if self._peer is None:
            addr, port = self.client_address[0], self.client_address[1]
            self._peer = {"addr": addr, "port": port, "uid": peer_uid(self.client_address, self.server.server_address)}
        return self._peer

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        if not host:
            return True  # HTTP/1.0 style; nothing a browser would send
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in _LOOPBACK_HOSTS

    def do_GET(self):
        service = self.server.service
        if self.path == "/v1/health":
            return self._send(_response(200, b'{"status":"ok"}'))
        if self.path != "/v1/status":
            return self._send(_error(404, "not found"))
        if not self._host_ok():
            return self._send(_error(403, "Host must be a loopback address", close=True))
        if service.authenticate(self.headers.get("Authorization")) is None:
            service.count("unauthorized")
            return self._send(_error(401, "missing or wrong bearer token"))
        self._send(_response(200, json.dumps(service.status()).encode()))

    def do_POST(self):
        service = self.server.service
        try:
            service.count("requests")
            if not self.path.startswith("/v1/hook/"):
                self.close_connection = True
                return self._send(_error(404, "not found", close=True))
            event_name = self.path[len("/v1/hook/"):].split("?", 1)[0]
            if not _EVENT_RE.match(event_name):
                service.count("bad_requests")
                self.close_connection = True
                return self._send(_error(404, "no such event", close=True))
            if not self._host_ok():
                service.count("bad_requests")
                self.close_connection = True
                return self._send(_error(403, "Host must be a loopback address", close=True))
            length = self.headers.get("Content-Length")
            if length is None or not length.isdigit():
                service.count("bad_requests")
                self.close_connection = True
                return self._send(_error(411, "Content-Length required", close=True))
            token = service.authenticate(self.headers.get("Authorization"))
            if token is None:
                service.count("unauthorized")
                self.close_connection = True  # do not read an unauthenticated body
                return self._send(_error(401, "missing or wrong bearer token", close=True))
            size = int(length)
            if size > service.cfg.max_body:
                service.count("bad_requests")
                self.close_connection = True  # the body is not read: the connection cannot be reused
                status, payload, ctype = service.decide(event_name, None, peer=self._peer_info(), token=token,
                                                        project_dir=None, refused=f"oversized ({size} bytes)")
                return self._send(_response(status, payload, ctype, close=True))
            body = self.rfile.read(size)
            project_dir = self.headers.get("X-Claude-Project-Dir")
            if not project_dir or not project_dir.startswith("/"):
                project_dir = None  # not interpolated by the CLI ("$CLAUDE_PROJECT_DIR") or empty
            status, payload, ctype = service.decide(event_name, body, peer=self._peer_info(), token=token,
                                                    project_dir=project_dir)
            self._send(_response(status, payload, ctype))
        except Exception as exc:  # noqa: BLE001 — a non-2xx answer blocks (onFailure: block)
            self.close_connection = True
            self._send(_error(500, f"internal error: {type(exc).__name__}", close=True))

    def do_PUT(self):
        self.close_connection = True
        self._send(_error(405, "method not allowed", close=True))

    do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = do_PUT


class HTTPServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True  # SO_REUSEADDR (TIME_WAIT only); never SO_REUSEPORT (port sharing)
    request_queue_size = 128

    def __init__(self, address, service: Service):
        self.service = service
        self._connections = 0
        self._conn_lock = threading.Lock()
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.address_family = family
        super().__init__(address, Handler)

    def process_request(self, request, client_address):
        with self._conn_lock:
            if self._connections >= self.service.cfg.max_connections:
                self.shutdown_request(request)  # refused: the CLI blocks the call
                return
            self._connections += 1
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._conn_lock:
                self._connections -= 1


def port_protection(port: int) -> tuple[bool | None, str]:
    """Is `port` one an unprivileged (same-user) process cannot bind? (docs/decision-service.md §2)"""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/sys/net/ipv4/ip_unprivileged_port_start", encoding="ascii") as fh:
                start = int(fh.read().strip())
        except (OSError, ValueError):
            start = 1024
        if port < start:
            return True, f"port {port} is below ip_unprivileged_port_start ({start}): only privileged processes can bind it"
        return False, (f"port {port} can be bound by any user (ip_unprivileged_port_start is {start}): "
                       "a same-user process could impersonate the service whenever it is down")
    if sys.platform == "darwin":
        return None, (f"macOS lets any user bind port {port} when it is free: the service protects it only "
                      "while it holds it (launchd KeepAlive)")
    return None, "port protection unknown on this platform"


class Running:
    """A started service (tests, the benchmark, `serve`)."""

    def __init__(self, cfg: ServiceConfig):
        self.service = Service(cfg)
        try:
            self.httpd = HTTPServer((cfg.host, cfg.port), self.service)
        except BaseException:
            self.service.stop()
            raise
        self.port = self.httpd.server_address[1]
        self.url = f"http://{cfg.host if ':' not in cfg.host else '[' + cfg.host + ']'}:{self.port}"
        self._thread: threading.Thread | None = None

    def start_background(self) -> Running:
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="claude-rego-serve", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self.httpd.serve_forever(poll_interval=0.5)

    def stop(self) -> None:
        self.httpd.shutdown() if self._thread else None
        self.httpd.server_close()
        self.service.stop()
