"""A scripted fake of the Anthropic Messages API for driving the real Claude Code CLI offline.

The fake plays the model: a threaded HTTP server on 127.0.0.1 (port 0) that answers
`POST /v1/messages` (any query string) with a streamed (SSE) assistant message taken
from a script, and records every request body so tests can assert what the CLI sent.

A script is a list of assistant turns; a turn is a list of content blocks built with
`text()` / `tool_use()` / `bash()`. Each request that offers tools (the agent loop)
consumes the next turn; requests without tools (side queries such as titles) get a
short text answer and do not consume the script. When the script runs out, or after
`max_requests`, the answer is a final text turn "done" (stop_reason end_turn), so a
misbehaving run can never loop forever on our account. Anything else gets a harmless
404 / 200 `{}`.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_ids = itertools.count(1)


def text(value: str) -> dict:
    return {"type": "text", "text": value}


def tool_use(name: str, tool_input: dict, tool_id: str | None = None) -> dict:
    return {"type": "tool_use", "id": tool_id or f"toolu_e2e_{next(_ids):04d}", "name": name, "input": tool_input}


def bash(command: str, tool_id: str | None = None) -> dict:
    return tool_use("Bash", {"command": command, "description": "e2e test command"}, tool_id)


def sse_events(blocks: list[dict], *, model: str, message_id: str) -> list[tuple[str, dict]]:
    """The SSE event sequence of one streamed assistant message made of `blocks`."""
    stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    events = [("message_start", {"type": "message_start", "message": {
        "id": message_id, "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 1}}})]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": block["text"]}]
        else:
            start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            raw = json.dumps(block["input"])
            cut = len(raw) // 2  # two chunks: the CLI must reassemble partial JSON
            deltas = [{"type": "input_json_delta", "partial_json": part} for part in (raw[:cut], raw[cut:])]
        events.append(("content_block_start", {"type": "content_block_start", "index": index, "content_block": start}))
        events += [("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d}) for d in deltas]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    events.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                                     "usage": {"output_tokens": 7}}))
    events.append(("message_stop", {"type": "message_stop"}))
    return events


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass  # the CLI drops keep-alive connections when it exits; not a test failure


class FakeMessagesAPI:
    """Usage: `with FakeMessagesAPI([[bash("ls")], [text("done")]]) as api: ... api.url ...`."""

    def __init__(self, script: list[list[dict]], *, max_requests: int = 12, lifetime: float = 180.0):
        self.script = [list(turn) for turn in script]
        self.max_requests = max_requests
        self.requests: list[dict] = []       # every POST /v1/messages body, in order
        self.agent_requests: list[dict] = []  # the ones that offered tools (consumed the script)
        self.other: list[str] = []            # "METHOD path" of everything else
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-messages-api", daemon=True)
        self._thread.start()
        self._timer = threading.Timer(lifetime, self.close)  # never outlives a stuck test
        self._timer.daemon = True
        self._timer.start()
        self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._timer.cancel()
        self._server.shutdown()
        self._server.server_close()

    def _answer(self, body: dict) -> list[dict]:
        with self._lock:
            self.requests.append(body)
            if not body.get("tools"):
                return [text("ok")]
            self.agent_requests.append(body)
            if len(self.requests) > self.max_requests or not self.script:
                return [text("done")]
            return self.script.pop(0)

    def _handler(self):
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _send(self, status: int, payload: bytes, content_type: str):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _json(self, status: int, value):
                self._send(status, json.dumps(value).encode(), "application/json")

            def do_GET(self):
                api.other.append(f"{self.command} {self.path}")
                self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": "fake api"}})

            do_HEAD = do_PUT = do_DELETE = do_GET

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                route = self.path.split("?", 1)[0]
                if route != "/v1/messages":
                    api.other.append(f"POST {self.path}")
                    self._json(200, {"input_tokens": 12} if route.endswith("/count_tokens") else {})
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {"unparsed": raw.decode("utf-8", "replace")}
                blocks = api._answer(body)
                events = sse_events(blocks, model=body.get("model") or "claude-fake",
                                    message_id=f"msg_e2e_{len(api.requests):03d}_{int(time.time())}")
                if not body.get("stream", True):  # not used by the CLI; answered for completeness
                    self._json(200, {"id": "msg_e2e", "type": "message", "role": "assistant", "content": blocks,
                                     "model": body.get("model"), "stop_reason": events[-2][1]["delta"]["stop_reason"],
                                     "usage": {"input_tokens": 12, "output_tokens": 7}})
                    return
                payload = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events)
                self._send(200, payload.encode(), "text/event-stream")

        return Handler
