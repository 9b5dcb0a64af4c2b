"""A small server speaking the part of OPA's REST API the hook uses, for tests.

POST /v1/data/{path} (input → result), PUT /v1/policies/{id} (200), PUT /v1/data[/{path}]
(204), GET /health.
Evaluation is pluggable: the embedded engine (to test the transport and the failure
table) or the real OPA engine (opa-golib-python-bindings, when installed). Failure
modes for injection: "ok", "500", "hang", "slow", "reset", "garbage".
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("RUST_BACKTRACE", "0")


class RegorusBackend:
    name = "regorus"

    def __init__(self):
        self.modules: dict[str, str] = {}
        self.data: dict = {}

    def evaluate(self, path: str, input_value):
        import regorus

        engine = regorus.Engine()
        for module_id, text in self.modules.items():
            engine.add_policy(module_id, text)
        engine.add_data_json(json.dumps(self.data))
        engine.set_input_json(json.dumps(input_value))
        found = json.loads(engine.eval_query_as_json("data." + path.replace("/", "."))).get("result")
        return found[0]["expressions"][0]["value"] if found else None


class OpaRestServer:
    def __init__(self, backend=None):
        self.backend = backend or RegorusBackend()
        self.mode = "ok"
        self.delay = 0.0
        self.requests = 0
        self.puts: list[tuple[str, str | None]] = []  # (path, Authorization) of every PUT
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self):
        self._server.shutdown()
        self._server.server_close()

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _reply(self, status: int, body: bytes):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def do_GET(self):
                self._reply(200, b"{}") if self.path == "/health" else self._reply(404, b"{}")

            def do_PUT(self):
                body = self._body()
                server.puts.append((self.path, self.headers.get("Authorization")))
                if self.path.startswith("/v1/policies/"):
                    server.backend.modules[self.path.rsplit("/", 1)[1]] = body.decode()
                    status = 200  # OPA answers policy uploads with 200 {}
                elif self.path == "/v1/data":
                    server.backend.data = json.loads(body)
                    status = 204  # …and data writes with 204
                elif self.path.startswith("/v1/data/"):
                    keys = [k for k in self.path[len("/v1/data/"):].split("/") if k]
                    node = server.backend.data
                    for key in keys[:-1]:
                        node = node.setdefault(key, {})
                    node[keys[-1]] = json.loads(body)
                    status = 204
                else:
                    self._reply(404, b"{}")
                    return
                getattr(server.backend, "reset", lambda: None)()
                if status == 204:
                    self.send_response(204)
                    self.end_headers()
                else:
                    self._reply(status, b"{}")

            def do_POST(self):
                server.requests += 1
                body = self._body()
                mode = server.mode
                if mode == "hang":
                    time.sleep(3600)
                if mode == "slow":
                    time.sleep(server.delay)
                if mode == "reset":
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    self.connection.close()
                    return
                if mode == "500":
                    self._reply(500, b'{"code": "internal_error"}')
                    return
                if mode == "garbage":
                    self._reply(200, b"<html>not opa</html>")
                    return
                if not self.path.startswith("/v1/data/"):
                    self._reply(404, b"{}")
                    return
                try:
                    value = server.backend.evaluate(self.path[len("/v1/data/"):], json.loads(body).get("input"))
                except Exception as exc:  # noqa: BLE001
                    self._reply(500, json.dumps({"code": "internal_error", "message": str(exc)}).encode())
                    return
                self._reply(200, json.dumps({} if value is None else {"result": value}).encode())

        return Handler


class OpaBindingsBackend:
    """The real OPA engine (opa-golib-python-bindings, OPA v1.x) behind the REST API."""

    name = "opa"

    def __init__(self):
        from opa_bindings import OpaEngine

        self._engine_class = OpaEngine
        self.modules: dict[str, str] = {}
        self.data: dict = {}
        self._engine = None
        self._lock = threading.Lock()

    def reset(self):
        self._engine = None  # policies or data changed: rebuild on the next evaluation

    def evaluate(self, path: str, input_value):
        from opa_bindings import OpaUndefinedError

        with self._lock:
            if self._engine is None:
                self._engine = self._engine_class()
                for module_id, text in self.modules.items():
                    self._engine.add_policy(module_id, text)
                self._engine.add_data(self.data)
            try:
                return self._engine.eval_document(path.replace("/", "."), input=input_value)
            except OpaUndefinedError:
                return None
