"""Rule indexing: the bodies of a partial set rule that open with a membership test on one
set rule are grouped behind one test per group, so an evaluation skips the groups whose
members the input lacks (compile time only; the hook loads the result).

OPA indexes rule bodies itself (`ast/index.go`: a trie over equality tests on input refs);
the embedded engine visits every body (~2–8 µs each even when its first expression fails),
and the built-in pack has a few hundred bodies that open with a test on the programs a
command runs. This module does the same job in Rego, as a rewrite of the module text that
any engine reads alike:

    deny contains msg if {                    __ix_m1a2b_deny_1 contains msg if {
        some ran in {"rm", "rmdir"} & R   →       some ran in {"rm", "rmdir"} & R
        …                                         …
    }                                         }
                                              deny contains __ix_v if {
                                                  some __ix_n in R
                                                  __ix_n in {"rm", "rmdir", …}  (the group's)
                                                  some __ix_v in __ix_m1a2b_deny_1
                                              }

The opening tests recognised: `some x in S & R` and `"lit" in R`, where `R` is a plain
reference (the same one for every body of a group) and `S` a set. A group's string
literals make one test; each other `S` expression of the group makes its own
(`count((S) & R) > 0`), so an `S` that is undefined or fails only takes its own test along
— it would fail its own body too. Sound by construction: a body whose opening test can
succeed has `S ∩ R ≠ ∅`, so one of its group's tests succeeds and the group is evaluated;
the body itself is unchanged, opening test included. Head names are replaced in place
(lines do not move) and the generated rules are appended, so file:line of every original
line stays valid. Measured on the built-in pack (2026-11-30, side by side): a one-segment
command's warm Rego ~15–20% cheaper (~1 ms); every corpus decision identical
(tests/test_rule_index.py). The price is in a fresh engine: ~3% more text to parse and
~400 more rule definitions to prepare, ~2–3 ms on the first decision. So engines that decide
many times load the indexed text (the decision service, the SDK, `claude_rego.api`) and the
command hook's child, which decides once, loads the plain one (`open_evaluator(indexed=False)`).

Plain primitives in and out: Rego source and the engine's AST JSON (policy/astview) in,
an index record (kept in the snapshot beside the source: a few KB) out.
"""

from __future__ import annotations

import json

PREFIX = "__ix_"
MIN_GROUP = 3  # fewer bodies than this behind one test: the test costs what it saves
MAX_GROUPS = 12  # per rule and reference; the smallest groups are merged past this


def index_module(text: str, ast_module: dict, tag: str) -> dict | None:
    """The index of one module — {"heads": [[start, end, name, new name], …] (character
    offsets of head names to rename), "tail": the generated rules} for `apply` — or None
    when nothing is worth indexing.
    `ast_module` is this module's entry of the engine's AST (astview.parse); `tag` names
    the module among the modules indexed together (a short hash of its path), so the
    generated names of two files of one package never meet."""
    source = text.encode()
    rules = ast_module.get("ast", {}).get("rules") or []
    candidates: dict[tuple[str, str], list[dict]] = {}  # (head name, ref text) → gated bodies
    for rule in rules:
        spec = rule.get("Spec") if isinstance(rule, dict) else None
        if not isinstance(spec, dict):
            continue
        head = (spec.get("head") or {}).get("Set")
        bodies = spec.get("bodies") or []
        if not isinstance(head, dict) or len(bodies) != 1 or bodies[0].get("assign") is not None:
            continue
        name_node = (head.get("refr") or {}).get("Var")
        if not isinstance(name_node, dict) or name_node.get("value", "").startswith(PREFIX):
            continue  # a ref head (a.b contains x) or already indexed
        gate = _opening_test(source, bodies[0])
        if gate is None:
            continue
        ref_text, trigger = gate
        candidates.setdefault((name_node["value"], ref_text), []).append(
            {"name_span": name_node["span"], "trigger": trigger})
    edits: list[tuple[int, int, str, str]] = []
    generated: list[str] = []
    serial = 0
    for (name, ref_text), members in sorted(candidates.items()):
        if len(members) < MIN_GROUP:
            continue
        for group in _groups(members):
            serial += 1
            member_rule = f"{PREFIX}{tag}_{name}_{serial}"
            for body in group:
                span = body["name_span"]
                edits.append((span["start"], span["end"], name, member_rule))
            # the group's bodies are evaluated when one of its literal triggers is among the
            # reference's members, or one of its expression triggers meets them (one body
            # each, so one trigger that is undefined or fails takes only its own body along)
            literals = sorted({v for body in group if body["trigger"][0] == "lit" for v in body["trigger"][1]})
            if literals:
                generated += [
                    f"{name} contains {PREFIX}v if {{",
                    f"\tsome {PREFIX}n in {ref_text}",
                    f"\t{PREFIX}n in {{{', '.join(json.dumps(v) for v in literals)}}}",
                    f"\tsome {PREFIX}v in {member_rule}",
                    "}",
                    "",
                ]
            for expression in sorted({body["trigger"][1] for body in group if body["trigger"][0] == "expr"}):
                generated += [
                    f"{name} contains {PREFIX}v if {{",
                    f"\tcount(({expression}) & {ref_text}) > 0",
                    f"\tsome {PREFIX}v in {member_rule}",
                    "}",
                    "",
                ]
    if not edits:
        return None
    for start, end, name, _ in edits:
        if source[start:end] != name.encode():
            return None  # the span is not the head name: do not guess
    # character offsets (the engine's spans count bytes), so apply() slices the str as is
    heads = []
    for start, _, name, replacement in sorted(edits):
        at = len(source[:start].decode())
        heads.append([at, at + len(name), name, replacement])
    tail = "\n# ---- rule index (generated by claude_rego.policy.index; see its docstring)\n\n"
    return {"heads": heads, "tail": tail + "\n".join(generated).rstrip("\n") + "\n"}


def apply(text: str, index: dict) -> str:
    """The indexed text: `text` with the heads renamed and the generated rules appended.
    The text itself when the index does not fit it (another text, a damaged record): the
    index only ever speeds evaluation up, the plain text decides the same."""
    try:
        parts, at = [], 0
        for start, end, name, replacement in index["heads"]:
            if start < at or text[start:end] != name:
                return text
            parts += [text[at:start], replacement]
            at = end
        parts.append(text[at:])
        return "".join(parts).rstrip("\n") + "\n" + index["tail"]
    except (KeyError, TypeError, ValueError, AttributeError):
        return text


def _opening_test(source: bytes, body: dict) -> tuple[str, tuple] | None:
    """(reference text, trigger) of a body's first statement when it is `some x in S & R`
    or `"lit" in R`; trigger is ("lit", [strings]) for a literal set of strings or one
    string, ("expr", text of S) otherwise."""
    stmts = ((body.get("query") or {}).get("stmts")) or []
    if not stmts:
        return None
    first = stmts[0]
    if first.get("with_mods"):
        return None
    literal = first.get("literal") or {}
    some_in = literal.get("SomeIn")
    if isinstance(some_in, dict) and some_in.get("key") is None:
        collection = (some_in.get("collection") or {}).get("BinExpr")
        if not isinstance(collection, dict) or collection.get("op") != "Intersection":
            return None
        ref_text = _ref_text(collection.get("rhs"))
        if ref_text is None:
            return None
        lhs = collection.get("lhs") or {}
        strings = _string_set(lhs)
        if strings is not None:
            return ref_text, ("lit", strings)
        text = _span_text(source, lhs)
        return (ref_text, ("expr", text)) if text else None
    expr = (literal.get("Expr") or {}).get("expr") or {}
    member = expr.get("Membership")
    if isinstance(member, dict) and member.get("key") is None:
        value = (member.get("value") or {}).get("String")
        ref_text = _ref_text(member.get("collection"))
        if isinstance(value, dict) and isinstance(value.get("value"), str) and ref_text is not None:
            return ref_text, ("lit", [value["value"]])
    return None


def _string_set(node: dict) -> list[str] | None:
    items = (node.get("Set") or {}).get("items") if isinstance(node.get("Set"), dict) else None
    if not isinstance(items, list) or not items:
        return None
    values = [(item.get("String") or {}).get("value") for item in items if isinstance(item, dict)]
    if len(values) != len(items) or not all(isinstance(v, str) for v in values):
        return None
    return values  # type: ignore[return-value]


def _ref_text(node) -> str | None:
    """The text of a plain dotted reference (a.b.c, no brackets, no calls)."""
    parts = []
    while isinstance(node, dict):
        if "Var" in node:
            parts.append(node["Var"].get("value"))
            break
        if "RefDot" in node:
            field = node["RefDot"].get("field")
            if not isinstance(field, list) or len(field) != 2 or not isinstance(field[1], str):
                return None
            parts.append(field[1])
            node = node["RefDot"].get("refr")
        else:
            return None
    else:
        return None
    if not parts or not all(isinstance(p, str) and p.replace("_", "a").isalnum() for p in parts):
        return None
    return ".".join(reversed(parts))


def _span_text(source: bytes, node: dict) -> str | None:
    if not isinstance(node, dict) or len(node) != 1:
        return None
    inner = next(iter(node.values()))
    span = inner.get("span") if isinstance(inner, dict) else None
    if not isinstance(span, dict):
        return None
    try:
        text = source[span["start"]:span["end"]].decode()
    except (KeyError, TypeError, UnicodeDecodeError):
        return None
    return text if text.strip() else None


def _groups(members: list[dict]) -> list[list[dict]]:
    """Bodies grouped so that a command that runs one program wakes few groups: each body
    goes to the group of its most common trigger (over this rule's bodies; an expression
    trigger is its own key); groups smaller than MIN_GROUP, and the smallest past
    MAX_GROUPS, are merged into one."""
    counts: dict[str, int] = {}
    for body in members:
        for key in _keys(body):
            counts[key] = counts.get(key, 0) + 1
    by_key: dict[str, list[dict]] = {}
    for body in members:
        key = max(_keys(body), key=lambda k: (counts[k], k))
        by_key.setdefault(key, []).append(body)
    groups = sorted(by_key.values(), key=len, reverse=True)
    big = [g for g in groups if len(g) >= MIN_GROUP][:MAX_GROUPS - 1]
    rest = [body for g in groups if not any(g is b for b in big) for body in g]
    return big + ([rest] if len(rest) >= 2 else [])  # a lone body is its own test


def _keys(body: dict) -> list[str]:
    kind, value = body["trigger"]
    return list(value) if kind == "lit" else ["expr:" + value]
