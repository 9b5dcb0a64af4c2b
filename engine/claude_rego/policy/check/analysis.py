"""Analyses the program checks use: verb-name suggestions, input taint, forced
evaluation, reference walks, cycles and the query-document schema."""

from __future__ import annotations

import re

from ..astview import head_values as _head_values
from ..astview import line as _line
from ..astview import ref_path as _ref_path
from ..astview import rule_head as _rule_head
from ..astview import walk as _walk
from ..verbs import ALL_VERBS
from .findings import _from_engine_error

TYPE_CHECKING = False  # typing is not imported for one annotation
if TYPE_CHECKING:
    from .program import _Program

VERB_LIKE_SKIP = frozenset({"any", "all", "allowed", "env_name", "denied", "asked"})


def _edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance (a transposition counts 1: `dney` is 1 from `deny`)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def near_verb(name: str) -> str | None:
    """The verb `name` is probably a misspelling of, or None."""
    lowered = name.lower()
    if name in ALL_VERBS:
        return None
    if lowered in ALL_VERBS:
        return lowered
    best = min(ALL_VERBS, key=lambda verb: _edit_distance(lowered, verb))
    limit = 1 if len(best) <= 4 else 2
    return best if _edit_distance(lowered, best) <= limit else None


def _suggest(names, known) -> str:
    hints = []
    for name in names:
        if not isinstance(name, str):
            continue
        best = min(known, key=lambda k: _edit_distance(name.lower(), k.lower()), default=None)
        if best and _edit_distance(name.lower(), best.lower()) <= 2 and best != name:
            hints.append(f"`{name}` → `{best}`?")
    return f" ({'; '.join(hints)})" if hints else ""


def _meta_line(module, key: str) -> int:
    for number, line in enumerate(module["source"]["contents"].splitlines(), 1):
        if re.match(rf"^\s*#\s*{key}\s*:", line):
            return number
    return 1


# (function, indexes of its pattern arguments): a pattern from the input lets the agent
# choose what matches (a `.*` disables the rule) and can make the engine fail on a bad pattern.
PATTERN_ARGS = {
    "glob.match": (0,), "regex.match": (0,), "re_match": (0,), "regex.find_n": (0,),
    "regex.find_all_string_submatch_n": (0,), "regex.replace": (1,), "regex.split": (0,),
    "regex.template_match": (0,), "regex.globs_match": (0, 1),
}


def _mentions(node, names: set[str]) -> bool:
    """Does an expression reference `input` or one of `names` (vars or rules)?"""
    for item in _walk(node):
        var = item.get("Var") if isinstance(item.get("Var"), dict) else None
        if var and (var.get("value") == "input" or var.get("value") in names):
            return True
    return False


def _lhs_vars(node) -> set[str]:
    return {item["Var"]["value"] for item in _walk(node) if isinstance(item.get("Var"), dict)}


def _body_taint(bodies, tainted_rules: set[str]) -> set[str]:
    """Vars of a rule body whose value derives from `input` (or a tainted rule), to a fixpoint."""
    stmts = [st.get("literal") or {} for body in bodies or () for st in (body.get("query") or {}).get("stmts", [])]
    tainted: set[str] = set()
    changed = True
    while changed:
        changed = False
        names = tainted | tainted_rules
        for literal in stmts:
            if "SomeIn" in literal:
                some = literal["SomeIn"]
                if _mentions(some.get("collection"), names):
                    new = _lhs_vars([some.get("key"), some.get("value")]) - tainted
                    if new:
                        tainted |= new
                        changed = True
            expr = ((literal.get("Expr") or {}).get("expr")) or {}
            assign = expr.get("AssignExpr")
            if assign and _mentions(assign.get("rhs"), names):
                new = _lhs_vars(assign.get("lhs")) - tainted
                if new:
                    tainted |= new
                    changed = True
    return tainted


def _rules_tainted(program) -> dict[str, set[str]]:
    """package → rule names whose value derives from `input`."""
    out: dict[str, set[str]] = {}
    for _ in range(3):
        for module in program.modules:
            names = out.setdefault(module["package"], set())
            for rule in module["ast"]["rules"]:
                name, _, _ = _rule_head(rule)
                if not name or name in names:
                    continue
                bodies = (rule.get("Spec") or {}).get("bodies") or []
                tainted = _body_taint(bodies, names) | names
                if _mentions(_head_values(rule), tainted):
                    names.add(name)
    return out


def _forced_evaluation(parsed, program: _Program, mine=None):
    """Evaluate every rule once (empty input): the engine compiles lazily, so this is what
    surfaces unknown functions, unsafe variables and compile errors in rules no query would reach."""
    from ...engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    engine.load(parsed, {})
    found = []
    for package, rules in program.rules.items():
        for name, defs in rules.items():
            if any(kind == "Func" for kind, _, _ in defs) or name.startswith(("test_", "todo_")):
                continue
            if mine is not None and not any(file in mine for _, file, _ in defs):
                continue
            try:
                engine.evaluate("{}", [f"data.{package}.{name}"])
            except Exception as exc:  # noqa: BLE001
                text = str(exc)
                # (an unsafe or undefined variable, `some s in segments` without the import, fails
                # every evaluation of the module's rules: the whole decision, not just this rule)
                if "could not find function" in text or "conflict" in text or "is unsafe" in text:
                    kind, file, line = defs[0]
                    finding = _from_engine_error(text, "error", "compile", default_file=file)
                    if finding not in found:  # (one error in a module fails each of its rules alike)
                        found.append(finding)
    return found


def _builtin_exists(name: str) -> bool:
    """Ask the engine: a call to an unknown function fails with 'could not find function'."""
    from ...engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load([("probe.rego", f"package probe\nimport rego.v1\nx := {name}(1)\n")], {})
        engine.evaluate("{}", ["data.probe.x"])
    except Exception as exc:  # noqa: BLE001
        return "could not find function" not in str(exc)
    return True


# -------------------------------------------------------------------------- AST walks

def _references(node) -> list[tuple[str, int]]:
    """Dotted names referenced (vars and ref chains), for the dependency graph."""
    out = []
    for item in _walk(node):
        if "RefDot" in item or "Var" in item:
            out.append((_ref_path(item), _line(item.get("RefDot") or item.get("Var") or {})))
        if "Call" in item:
            out.append((_ref_path(item["Call"]["fcn"]), _line(item["Call"])))
    return out


def _maximal_refs(node) -> list[tuple[str, int]]:
    """Whole reference chains (`data.a.b`, not also `data.a` and `data`), with lines."""
    out, stack = [], [node]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            if "RefDot" in item or "RefBrack" in item or "Var" in item:
                out.append((_ref_path(item), _line(item.get("RefDot") or item.get("RefBrack") or item.get("Var") or {})))
                chain: dict | None = item
                while isinstance(chain, dict) and ("RefDot" in chain or "RefBrack" in chain):
                    inner = chain.get("RefDot") or chain.get("RefBrack") or {}
                    stack.extend(v for k, v in inner.items() if k not in ("refr", "span", "field"))
                    chain = inner.get("refr")
                continue
            stack.extend(item.values())
    return out


def _calls(rule) -> list[tuple[str, int]]:
    return [(_ref_path(item["Call"]["fcn"]), _line(item["Call"])) for item in _walk(rule) if "Call" in item]


def _input_paths(rule) -> list[tuple[list[str], int]]:
    """Ref chains rooted at `input`, as field lists up to the first computed index."""
    out = []
    for item in _walk(rule):
        if "RefDot" not in item:
            continue
        fields, node = [], item
        while isinstance(node, dict) and "RefDot" in node:
            fields.append(node["RefDot"]["field"][1])
            node = node["RefDot"]["refr"]
        if isinstance(node, dict) and node.get("Var", {}).get("value") == "input":
            out.append((list(reversed(fields)), _line(item["RefDot"])))
    # keep only maximal chains (a.b.c implies a.b)
    keep = []
    for path, line in out:
        if not any(other[:len(path)] == path and len(other) > len(path) for other, _ in out):
            keep.append((path, line))
    return keep


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle (Tarjan, iterative)."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    result.append(sorted(component))
    return result


def _schema_miss(schema: dict, path: list[str]) -> str | None:
    """The first field of `path` the facts schema does not define, or None."""
    defs = schema.get("$defs", {})
    node = schema
    for field in path:
        node = _deref(node, defs)
        if field == "[]":
            node = node.get("items", {})
            continue
        props = node.get("properties")
        if props is None:
            if node.get("type") == "array":
                node = node.get("items", {})
                node = _deref(node, defs)
                props = node.get("properties")
                if props is None:
                    return None
            else:
                return None  # open object or scalar: nothing more to check
        if field not in props:
            if node.get("additionalProperties") is False:
                return field
            return None
        node = props[field]
    return None


def _deref(node: dict, defs: dict) -> dict:
    while True:
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[1]]
        elif "anyOf" in node:
            options = [o for o in node["anyOf"] if o.get("type") != "null"]
            node = options[0] if len(options) == 1 else {}
        else:
            return node
