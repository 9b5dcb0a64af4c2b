"""A scripted fake of the Anthropic Messages API on 127.0.0.1 (SSE streaming), for the real CLI.

The script is a list of assistant turns; each main-loop request (one that offers tools)
consumes the next turn. Side requests (titles, summaries: no tools) get a short text
answer without consuming the script. Every request body is recorded.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def text(value: str) -> list[dict]:
    return [{"type": "text", "text": value}]


def tool(name: str, tool_input: dict, tool_id: str) -> list[dict]:
    return [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}]


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # the CLI drops keep-alive connections when it exits


class FakeMessagesApi:
    def __init__(self, script: list[list[dict]], max_requests: int = 40):
        self.script = list(script)
        self.requests: list[dict] = []
        self.main_requests: list[dict] = []
        self.max_requests = max_requests
        self._lock = threading.Lock()
        self._server = _QuietServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self):
        self._server.shutdown()
        self._server.server_close()

    def _next_turn(self, body: dict) -> list[dict]:
        with self._lock:
            self.requests.append(body)
            if not body.get("tools") or len(self.requests) > self.max_requests:
                return text("ok")
            self.main_requests.append(body)
            return self.script.pop(0) if self.script else text("done")

    def _handler(self):
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _json(self, status: int, value):
                body = json.dumps(value).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "fake"}})

            do_HEAD = do_GET

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if not self.path.startswith("/v1/messages") or "count_tokens" in self.path:
                    self._json(200, {"input_tokens": 10} if "count_tokens" in self.path else {})
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {}
                blocks = api._next_turn(body)
                stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
                events = [("message_start", {"type": "message_start", "message": {
                    "id": f"msg_{len(api.requests)}", "type": "message", "role": "assistant",
                    "model": body.get("model", "claude-fake"), "content": [], "stop_reason": None,
                    "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}})]
                for index, block in enumerate(blocks):
                    if block["type"] == "text":
                        events.append(("content_block_start", {"type": "content_block_start", "index": index,
                                                               "content_block": {"type": "text", "text": ""}}))
                        events.append(("content_block_delta", {"type": "content_block_delta", "index": index,
                                                               "delta": {"type": "text_delta", "text": block["text"]}}))
                    else:
                        events.append(("content_block_start", {"type": "content_block_start", "index": index,
                                                               "content_block": {"type": "tool_use", "id": block["id"],
                                                                                 "name": block["name"], "input": {}}}))
                        events.append(("content_block_delta", {"type": "content_block_delta", "index": index,
                                                               "delta": {"type": "input_json_delta",
                                                                         "partial_json": json.dumps(block["input"])}}))
                    events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
                events.append(("message_delta", {"type": "message_delta",
                                                 "delta": {"stop_reason": stop, "stop_sequence": None},
                                                 "usage": {"output_tokens": 5}}))
                events.append(("message_stop", {"type": "message_stop"}))
                payload = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler
