"""Hook input: read stdin with hard limits, parse it, cap what policies see.

Claude Code sends one JSON object per event. Anything we cannot read safely (too big,
not UTF-8, not JSON, not an object, nested too deep) is a `BadInput`, which the
caller turns into the event's failure answer. Long strings (a huge PostToolUse
`tool_response`) are truncated, and every truncation is recorded so policies know.
"""

from __future__ import annotations

import json
import re

MAX_STDIN_BYTES = 16 * 1024 * 1024   # beyond this the input is refused, not truncated
MAX_DEPTH = 64                       # JSON nesting policies may see (regorus refuses > 128)
STRING_CAP = 256 * 1024              # per string, everywhere
RESPONSE_STRING_CAP = 256 * 1024     # per string inside tool outputs (PostToolUse & co.; the secret
                                     # scan's cost: README, Latency, "Large tool outputs")
RESPONSE_FIELDS = ("tool_response", "tool_calls")
TRUNCATION_MARK = "\n…[truncated by claude-rego]"


class HookInput(dict):
    """The parsed input; `short_strings` says no string in it exceeds any cap."""

    short_strings = False
    raw_size = 0


_STRING_LITERAL = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_SIGNS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def _raw_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Nesting depth of valid JSON text, from its bytes: strings dropped, brackets counted
    (C-speed passes; walking millions of parsed containers took most of a second)."""
    brackets = _STRING_LITERAL.sub(b"", raw).translate(None, _NOT_BRACKETS)
    if len(brackets) <= 2 * limit:
        return len(brackets) > 2 * limit  # cannot nest deeper than half its brackets
    from array import array
    from itertools import accumulate

    return max(accumulate(array("b", brackets.translate(_SIGNS)))) > limit


class BadInput(Exception):
    """The hook input cannot be evaluated; `kind` names why (for logs and tests)."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


def read_stdin(stream, deadline: float | None = None) -> bytes:
    """Read at most MAX_STDIN_BYTES + 1 bytes: enough to know the input is oversized.

    With a `deadline` (time.monotonic()) and a real descriptor, a writer that never
    closes stdin cannot hold the answer: past the deadline the input is BadInput."""
    fileno = getattr(stream, "fileno", None)
    fd = None
    if deadline is not None and fileno is not None:
        try:
            fd = fileno()
        except (OSError, ValueError, AttributeError):
            fd = None
    if fd is None or deadline is None:  # (fd is set only with a deadline)
        data = stream.read(MAX_STDIN_BYTES + 1)
        return data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    import os
    import select
    import time

    chunks, size = [], 0
    while size <= MAX_STDIN_BYTES:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise BadInput("stdin_timeout", "the input did not end before the deadline")
        chunk = os.read(fd, min(1 << 20, MAX_STDIN_BYTES + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def parse(raw: bytes, invalid_unicode: list | None = None) -> dict:
    """Bytes → the hook input object. Raises BadInput, never anything else.

    Lone surrogates are replaced; their JSON paths are appended to `invalid_unicode`
    when given (the hook records them in the decision log)."""
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
    if _raw_depth_exceeds(raw, MAX_DEPTH):
        raise BadInput("too_deep", f"nesting deeper than {MAX_DEPTH}")
    value = HookInput(value)
    value.raw_size = len(raw)
    # No string literal longer than the smallest cap: then no string can be longer than
    # it, and cap_strings has nothing to do (a linear C-speed scan, no walk).
    if len(raw) <= RESPONSE_STRING_CAP or max(map(len, _STRING_LITERAL.findall(raw)), default=0) <= RESPONSE_STRING_CAP:
        value.short_strings = True
    # Valid UTF-8 cannot carry a surrogate; only a `\ud800`-style escape can, and a lone
    # one makes every later encode (engine, log, stdout) raise. Cheap test on the raw
    # bytes first: most inputs have no such escape and are never walked.
    if b"\\ud" in raw or b"\\uD" in raw:
        value, replaced = replace_surrogates(value)
        if invalid_unicode is not None:
            invalid_unicode.extend(replaced[:32])
    return value


def replace_surrogates(value) -> tuple:
    """A copy of `value` with lone surrogates (in keys and strings) replaced by `?` (what
    the UTF-8 codec's "replace" gives); returns it with the JSON paths that changed."""
    replaced: list[str] = []

    def fix(text: str, path: str) -> str:
        if text.isascii():
            return text
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            replaced.append(path)
            return text.encode("utf-8", "replace").decode("utf-8")

    def walk(node, path: str):
        if isinstance(node, str):
            return fix(node, path)
        if isinstance(node, dict):
            out = {}
            for key, item in node.items():
                clean_key = fix(key, f"{path}.<key>")
                out[clean_key] = walk(item, f"{path}.{clean_key}")
            return out
        if isinstance(node, list):
            return [walk(item, f"{path}[{i}]") for i, item in enumerate(node)]
        return node

    return walk(value, "hook"), replaced


_CONTAINERS = (dict, list)


# Tool events: what the fields policies key on must be. A tool call whose name or input
# has another shape cannot be judged, so it gets the event's failure answer.
def check_tool_event(hook: dict) -> None:
    """Raise BadInput if a tool event's `tool_name` / `tool_input` have the wrong shape."""
    name = hook.get("tool_name")
    if not isinstance(name, str) or not name:
        raise BadInput("malformed_tool_event",
                       "tool_name is missing" if name is None and "tool_name" not in hook
                       else f"tool_name is {_kind(name)}, expected a non-empty string")
    tool_input = hook.get("tool_input")
    if not isinstance(tool_input, dict):
        raise BadInput("malformed_tool_event",
                       "tool_input is missing" if "tool_input" not in hook
                       else f"tool_input is {_kind(tool_input)}, expected an object")


def _kind(value) -> str:
    if value is None:
        return "null"
    return {str: "an empty string" if value == "" else "a string", bool: "a boolean", int: "a number",
            float: "a number", list: "an array", dict: "an object"}.get(type(value), type(value).__name__)


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


BIG_INPUT = 1024 * 1024          # above this, collections are capped too
MAX_COLLECTION = 1000            # items per list / object policies see in a big input
MAX_CONTAINERS_VISITED = 20_000  # bound on the pruning walk itself


def _prune_collections(node, path: str, truncated: list[str], budget: list[int]):
    """Big inputs only: lists and objects cut to MAX_COLLECTION items (paths recorded),
    so the engine is not handed millions of values no policy reads. Copies only what it
    cuts; bounded by MAX_CONTAINERS_VISITED containers."""
    budget[0] -= 1
    if isinstance(node, list):
        if len(node) > MAX_COLLECTION:
            truncated.append(path)
            node = node[:MAX_COLLECTION]
        if budget[0] > 0 and any(isinstance(v, _CONTAINERS) for v in node):
            node = [_prune_collections(v, f"{path}[{i}]", truncated, budget) if isinstance(v, _CONTAINERS)
                    and budget[0] > 0 else v for i, v in enumerate(node)]
        return node
    if len(node) > MAX_COLLECTION:
        truncated.append(path)
        node = dict(list(node.items())[:MAX_COLLECTION])
    if budget[0] > 0 and any(isinstance(v, _CONTAINERS) for v in node.values()):
        node = {k: _prune_collections(v, f"{path}.{k}", truncated, budget) if isinstance(v, _CONTAINERS)
                and budget[0] > 0 else v for k, v in node.items()}
    return node


def cap_strings(hook: dict) -> tuple[dict, list[str]]:
    """Truncate long strings; returns the capped copy and the JSON paths truncated."""
    truncated: list[str] = []
    if isinstance(hook, HookInput) and hook.raw_size > BIG_INPUT:
        short = hook.short_strings
        hook = HookInput(_prune_collections(hook, "hook", truncated, [MAX_CONTAINERS_VISITED]))
        hook.short_strings = short
    if getattr(hook, "short_strings", False):
        return hook, truncated

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
