"""Hook input: read stdin with hard limits, parse it, cap what policies see.

Claude Code sends one JSON object per event. Anything we cannot read safely (too big,
not UTF-8, not JSON, not an object, nested too deep) is a `BadInput`, which the
caller turns into the event's failure answer. Long strings (a huge PostToolUse
`tool_response`) are truncated, and every truncation is recorded so policies know.
"""

from __future__ import annotations

import json

MAX_STDIN_BYTES = 16 * 1024 * 1024   # beyond this the input is refused, not truncated
MAX_DEPTH = 64                       # JSON nesting policies may see (regorus refuses > 128)
STRING_CAP = 256 * 1024              # per string, everywhere
RESPONSE_STRING_CAP = 64 * 1024      # per string inside tool outputs (PostToolUse & co.)
RESPONSE_FIELDS = ("tool_response", "tool_calls")
TRUNCATION_MARK = "\n…[truncated by claude-rego]"


class BadInput(Exception):
    """The hook input cannot be evaluated; `kind` names why (for logs and tests)."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


def read_stdin(stream) -> bytes:
    """Read at most MAX_STDIN_BYTES + 1 bytes: enough to know the input is oversized."""
    data = stream.read(MAX_STDIN_BYTES + 1)
    return data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")


def parse(raw: bytes) -> dict:
    """Bytes → the hook input object. Raises BadInput, never anything else."""
    if len(raw) > MAX_STDIN_BYTES:
        raise BadInput("oversized", f"{len(raw)} bytes > {MAX_STDIN_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput("not_utf8", str(exc)) from None
    try:
        value = json.loads(text)
    except RecursionError:
        raise BadInput("too_deep", "JSON nesting exceeds the parser's limit") from None
    except ValueError as exc:
        raise BadInput("malformed_json", str(exc)) from None
    if not isinstance(value, dict):
        raise BadInput("not_an_object", type(value).__name__)
    if _depth_exceeds(value, MAX_DEPTH):
        raise BadInput("too_deep", f"nesting deeper than {MAX_DEPTH}")
    return value


def _depth_exceeds(value, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return False


def cap_strings(hook: dict) -> tuple[dict, list[str]]:
    """Truncate long strings; returns the capped copy and the JSON paths truncated."""
    truncated: list[str] = []

    def walk(node, path: str, cap: int):
        if isinstance(node, str):
            if len(node) > cap:
                truncated.append(path)
                return node[:cap] + TRUNCATION_MARK
            return node
        if isinstance(node, dict):
            return {k: walk(v, f"{path}.{k}", cap) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v, f"{path}[{i}]", cap) for i, v in enumerate(node)]
        return node

    capped = {
        key: walk(value, f"hook.{key}", RESPONSE_STRING_CAP if key in RESPONSE_FIELDS else STRING_CAP)
        for key, value in hook.items()
    }
    return capped, truncated
