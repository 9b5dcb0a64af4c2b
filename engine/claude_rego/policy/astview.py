"""The one view of regorus' AST (`engine.raw.get_ast_as_json()`): parse it, name a
reference, find a rule's head and line, walk a node. Used by the compiler, `check`, the
test runner and `explain`; nothing else reads the AST JSON."""

from __future__ import annotations

import json

__all__ = ["head_values", "line", "package", "parse", "ref_path", "rule_head", "walk"]


def parse(ast_json: str) -> list[dict]:
    """The engine's modules, each a dict with its `ast` (`package`, `imports`, `rules`)."""
    return json.loads(ast_json)


def package(module: dict) -> str:
    """A module's package path (`data.a.b`)."""
    return ref_path(module["ast"]["package"]["refr"])


def ref_path(node) -> str:
    parts = []
    while isinstance(node, dict):
        if "Var" in node:
            parts.append(node["Var"]["value"])
            break
        if "RefDot" in node:
            parts.append(node["RefDot"]["field"][1])
            node = node["RefDot"]["refr"]
        elif "RefBrack" in node:
            parts.append("[]")
            node = node["RefBrack"]["refr"]
        else:
            break
    return ".".join(reversed(parts))


def line(node) -> int:
    span = node.get("span") if isinstance(node, dict) else None
    return span["line"] if span else 1


def rule_head(rule):
    if "Default" in rule:
        return ref_path(rule["Default"]["refr"]).split(".")[0], "Default", line(rule["Default"])
    head = (rule.get("Spec") or {}).get("head") or {}
    for kind, shape in head.items():
        if isinstance(shape, dict) and "refr" in shape:
            return ref_path(shape["refr"]).split(".")[0], kind, line(shape)
    return None, None, 1


def head_values(rule):
    """What a rule head computes (its value, key or function result), not its own name."""
    head = (rule.get("Spec") or {}).get("head") or {}
    out = []
    for shape in head.values():
        if isinstance(shape, dict):
            out += [value for key, value in shape.items() if key not in ("refr", "span", "args")]
    return out


def walk(node):
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
