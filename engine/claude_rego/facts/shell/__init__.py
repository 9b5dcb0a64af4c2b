"""Shell facts: what a Bash command line would actually run, for policies to match on.

A small hand-written lexer/parser for the POSIX sh / bash subset that matters for
security decisions (GPL parsers such as bashlex are not an option). It is deliberately
conservative: whatever it cannot resolve is marked `opaque`, and policies treat opaque
as "could be anything". Mentions inside quoted arguments stay data.

Output (plain JSON data): `segments`, one per simple command found, flattened in
source order with nested ones (subshells, `$(…)`, backticks, process substitution,
`bash -c` payloads, `eval`, `xargs`, `find -exec`), each with the argv after quote
removal and wrapper stripping (`sudo`, `env`, `timeout`, `nice`, …). Never raises.
Hot path: standard library only.

The package: `parser` (the `_Parser` class, whose methods live in `lexer`, `commands`,
`routes`, `stdin` and `code`), helpers (`words`, `wrappers`, `programs`, `tables`), and
`views` (`annotate`, the per-segment views). docs/architecture.md has the charters.
"""

from __future__ import annotations

from .parser import _Parser
from .views import annotate, filter_positions

__all__ = ["annotate", "filter_positions", "parse_command"]


def _flatten(nodes: list, parent: int | None, out: list) -> None:
    for node in nodes:
        children = node.pop("children")
        node["id"] = len(out)
        node["parent"] = parent if node["context"] not in ("top", "subshell", "group", "function_body") else None
        out.append(node)
        _flatten(children, node["id"], out)


def _without_unused_bodies(nodes: list, unexpanded: set, dropped: set) -> list:
    """A function body as read where it is defined, without its arguments (`run() { "$@"; }`):
    dropped when every call of the function was read with its arguments (or there is none),
    since then those readings are what runs; kept when any call was not (a quoted name, a
    recursive call, one too deep), and the reasons only the dropped nodes gave go too."""
    out = []
    for node in nodes:
        name = node.get("_function")
        if name and name not in unexpanded:
            _reasons_of(node, dropped)
            continue
        node["children"] = _without_unused_bodies(node["children"], unexpanded, dropped)
        out.append(node)
    return out


def _reasons_of(node: dict, into: set) -> None:
    into.update(node["opaque_reasons"])
    for child in node["children"]:
        _reasons_of(child, into)


_KEYS = ("id", "parent", "context", "depth", "pipeline", "operator", "argv", "command", "args",
         "raw_words", "wrappers", "assignments", "redirects", "opaque", "opaque_reasons")


def parse_command(command: str, *, max_depth: int = 8, max_length: int = 65536) -> dict:
    """Parse one Bash command line into segments (see module docstring). Never raises."""
    try:
        if not isinstance(command, str):
            return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"], "error": "not a string"}
        parser = _Parser(command[:max_length], max_depth)
        if len(command) > max_length:
            parser.note("too_long")
        nodes, _ = parser.sequence(0, 0, "top", None)
        parser.run_deferred(final=True)
        parser.run_traps(nodes)
        dropped: set[str] = set()
        nodes = _without_unused_bodies(nodes, parser.unexpanded, dropped)
        flat: list = []
        _flatten(nodes, None, flat)
        segments = []
        for node in flat:
            segment = {key: node[key] for key in _KEYS}
            if "config_exec" in node:
                segment["config_exec"] = node["config_exec"]
            for extra in ("stdin_literal", "restart_policy", "conditional"):
                if extra in node:
                    segment[extra] = node[extra]
            if "resolved_argv" in node:
                segment["resolved_argv"] = node["resolved_argv"]
                segment["resolved_command"] = node["resolved_command"]
            segments.append(segment)
        kept = {r for node in flat for r in node["opaque_reasons"]}
        reasons = [r for r in parser.reasons if r not in dropped or r in kept]
        return {"segments": segments, "opaque": bool(reasons), "opaque_reasons": reasons,
                "error": parser.error}
    except Exception as exc:  # noqa: BLE001 — a parser bug must read as "could be anything"
        return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"],
                "error": f"internal parser error: {type(exc).__name__}"}
