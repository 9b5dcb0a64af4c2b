"""`claude-rego check`: catch what would make a policy fail (or silently pass) at decision time.

The embedded engine compiles lazily and accepts programs OPA rejects (engine-notes.md):
an unknown function in a rule nothing reaches loads fine, self-recursion segfaults,
deep literal nesting takes seconds to parse, two `default`s are accepted. A fail-closed
hook turns any of these into "deny everything" — or, for a typo in an input path, into
a deny that never fires. So every policy is checked before it is compiled into a
snapshot (and `claude-rego test` runs this first).

Findings carry file:line; errors fail the check, warnings do not.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .events import ALL_VERBS, EVENTS, TOOL_CLASSES, event_info

MAX_LITERAL_DEPTH = 12  # regorus parse time grows exponentially with nesting (depth 15: ~1 s)
NETWORK_BUILTINS = frozenset({"http.send", "net.lookup_ip_addr", "opa.runtime", "rego.parse_module"})
KNOWN_TOOL_CLASSES = frozenset(set(TOOL_CLASSES.values()) | {"mcp", "other"})
_ERROR_LOCATION = re.compile(r"-->\s*(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+)")


class Finding(dict):
    """{file, line, col, severity, code, message}; a dict so it serialises as is."""

    def __init__(self, file, line, severity, code, message, col=1):
        super().__init__(file=str(file), line=int(line), col=int(col), severity=severity, code=code,
                         message=message)

    def __str__(self):
        return f"{self['file']}:{self['line']}:{self['col']}: {self['severity']}: {self['message']} [{self['code']}]"


def check(sources: list[str], *, allow_network: bool = False) -> list[Finding]:
    """Check every .rego file under `sources` (tests included). Never raises for bad policies."""
    return check_modules(_rego_files(sources), allow_network=allow_network)


def check_modules(files: list[tuple[str, str]], *, allow_network: bool = False) -> list[Finding]:
    """Check (path, Rego text) modules, e.g. those of a compiled snapshot."""
    findings: list[Finding] = []
    parsed: list[tuple[str, str]] = []
    for path, text in files:
        depth, line = literal_depth(text)
        if depth > MAX_LITERAL_DEPTH:
            findings.append(Finding(path, line, "error", "literal-depth",
                                    f"literals nested {depth} deep (limit {MAX_LITERAL_DEPTH}): the engine's parse "
                                    "time explodes; flatten the data or move it to data.json"))
            continue
        error = _parse_error(path, text)
        if error:
            findings.append(error)
            continue
        parsed.append((path, text))
    if not parsed:
        return _sorted(findings)

    from .engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load(parsed, {})
    except Exception as exc:  # noqa: BLE001 — e.g. a conflict between files
        findings.append(_from_engine_error(str(exc), "error", "load"))
        return _sorted(findings)
    modules = json.loads(engine.raw.get_ast_as_json())
    program = _Program(modules)
    findings += program.duplicate_defaults()
    findings += program.recursion()
    findings += program.calls(allow_network)
    findings += program.input_references()
    findings += program.routing()
    findings += program.alias_rule_references()
    if not any(f["code"] == "recursion" for f in findings):  # evaluating recursion crashes the engine
        known = {(f["file"], f["message"].split("`")[1]) for f in findings if f["code"] == "unknown-function"}
        for finding in _isolated(lambda: _forced_evaluation(parsed, program), parsed):
            name = finding["message"].rsplit(" ", 1)[-1]
            if (finding["file"], name) not in known:
                findings.append(finding)
    return _sorted(findings)


def _isolated(task, parsed):
    """Run `task` in a forked child where possible: the engine can crash on a bad program."""
    import os
    import time

    if not hasattr(os, "fork"):
        return task()
    from .isolation import ChildFailed, run_forked

    try:
        return [Finding(**f) for f in run_forked(lambda: {"findings": task()}, time.monotonic() + 60)["findings"]]
    except ChildFailed as exc:
        return [Finding(parsed[0][0], 1, "error", "engine-crash",
                        f"evaluating these policies crashed or hung the engine ({exc})")]


def errors(findings) -> list[Finding]:
    return [f for f in findings if f["severity"] == "error"]


# ------------------------------------------------------------------------ text checks

def literal_depth(text: str) -> tuple[int, int]:
    """Deepest ([{ nesting outside strings and comments, and the line where it occurs."""
    depth = deepest = 0
    line = deepest_line = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch == '"':
            i += 1
            while i < n and text[i] != '"' and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
        elif ch == "`":
            end = text.find("`", i + 1)
            line += text.count("\n", i, end if end >= 0 else n)
            i = n if end < 0 else end
        elif ch in "([{":
            depth += 1
            if depth > deepest:
                deepest, deepest_line = depth, line
        elif ch in ")]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest, deepest_line


def _rego_files(sources: list[str]) -> list[tuple[str, str]]:
    out = []
    for source in sources:
        root = Path(source)
        files = [root] if root.is_file() else sorted(root.rglob("*.rego"))
        for file in files:
            try:
                out.append((str(file), file.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as exc:
                out.append((str(file), ""))
                out[-1] = (str(file), f"# unreadable: {exc}")
    return out


def _parse_error(path: str, text: str) -> Finding | None:
    from .engines.regorus_engine import RegorusEngine

    try:
        RegorusEngine(gather_prints=False).load([(path, text)], {})
    except Exception as exc:  # noqa: BLE001
        return _from_engine_error(str(exc), "error", "parse", default_file=path)
    return None


def _from_engine_error(message: str, severity: str, code: str, default_file: str = "?") -> Finding:
    match = _ERROR_LOCATION.search(message)
    text = message.strip().splitlines()[-1].removeprefix("error: ") if message.strip() else message
    if match:
        return Finding(match["file"].strip(), match["line"], severity, code, text, match["col"])
    return Finding(default_file, 1, severity, code, text)


# --------------------------------------------------------------------- AST analysis

class _Program:
    """The loaded modules' AST, indexed: packages, rules, imports, references, calls."""

    def __init__(self, modules: list[dict]):
        self.modules = modules
        self.rules: dict[str, dict[str, list]] = {}  # package → rule name → [(kind, file, line)]
        for module in modules:
            package = _ref_path(module["ast"]["package"]["refr"])
            module["package"] = package
            module["aliases"] = self._aliases(module)
            table = self.rules.setdefault(package, {})
            for rule in module["ast"]["rules"]:
                name, kind, line = _rule_head(rule)
                if name:
                    table.setdefault(name, []).append((kind, module["source"]["file"], line))

    @staticmethod
    def _aliases(module) -> dict[str, str]:
        """Import alias → dotted data path (`import data.a.b` → b; `… as x` → x)."""
        aliases = {}
        text = module["source"]["contents"]
        for imp in module["ast"]["imports"]:
            path = _ref_path(imp["refr"])
            if not path.startswith("data."):
                continue
            alias = imp.get("as")
            name = text[alias["start"]:alias["end"]] if isinstance(alias, dict) else path.rsplit(".", 1)[1]
            aliases[name] = path[len("data."):]
        return aliases

    def resolve(self, module, dotted: str) -> str | None:
        """A reference (`x`, `alias.rule`, `data.pkg.rule.field`) → "pkg.rule" if it names a rule."""
        parts = dotted.split(".")
        if parts[0] == "data":
            candidates = [parts[1:]]
        elif parts[0] in module["aliases"]:
            candidates = [module["aliases"][parts[0]].split(".") + parts[1:]]
        else:
            candidates = [module["package"].split(".") + parts]
        for full in candidates:
            for cut in range(len(full) - 1, 0, -1):
                package, name = ".".join(full[:cut]), full[cut]
                if name in self.rules.get(package, {}):
                    return f"{package}.{name}"
        return None

    def duplicate_defaults(self):
        found = []
        for module in self.modules:
            seen = {}
            for rule in module["ast"]["rules"]:
                if "Default" in rule:
                    name = _ref_path(rule["Default"]["refr"])
                    line = _line(rule["Default"])
                    if name in seen:
                        found.append(Finding(module["source"]["file"], line, "error", "duplicate-default",
                                             f"`default {name}` is declared twice (OPA rejects this; the engine "
                                             f"silently picks one); first at line {seen[name]}"))
                    seen.setdefault(name, line)
        return found

    def recursion(self):
        """Direct or mutual recursion between rules/functions: OPA rejects it, regorus segfaults."""
        graph: dict[str, set[str]] = {}
        where: dict[str, tuple[str, int]] = {}
        for module in self.modules:
            for rule in module["ast"]["rules"]:
                name, _, line = _rule_head(rule)
                if not name:
                    continue
                node = f"{module['package']}.{name}"
                where.setdefault(node, (module["source"]["file"], line))
                edges = graph.setdefault(node, set())
                for dotted, _ in _references(rule.get("Spec", {}).get("bodies", [])) + \
                        _references(_head_values(rule)):
                    target = self.resolve(module, dotted)
                    if target:
                        edges.add(target)
        found, reported = [], set()
        for module in self.modules:  # `data` or a prefix of this rule's own path: OPA calls it recursion
            own = "data." + module["package"]
            for rule in module["ast"]["rules"]:
                name, _, line = _rule_head(rule)
                for dotted, ref_line in _maximal_refs([rule.get("Spec", {}).get("bodies", []), _head_values(rule)]):
                    if dotted.split(".")[0] == "data" and (own + ".").startswith(dotted + "."):
                        found.append(Finding(module["source"]["file"], ref_line, "error", "recursion",
                                             f"`{dotted}` contains this rule ({module['package']}.{name}) itself: "
                                             "OPA rejects it as recursion; reference the subtree you need"))
        for cycle in _cycles(graph):
            key = frozenset(cycle)
            if key in reported:
                continue
            reported.add(key)
            file, line = where[cycle[0]]
            found.append(Finding(file, line, "error", "recursion",
                                 "recursion: " + " → ".join(cycle + [cycle[0]]) +
                                 " (OPA rejects recursion; the embedded engine crashes on it)"))
        return found

    def calls(self, allow_network: bool):
        found, unknown_cache = [], {}
        for module in self.modules:
            file = module["source"]["file"]
            for rule in module["ast"]["rules"]:
                for name, line in _calls(rule):
                    if self.resolve(module, name):
                        continue  # a user-defined function
                    if name in NETWORK_BUILTINS and not allow_network:
                        found.append(Finding(file, line, "error", "network-builtin",
                                             f"`{name}` reaches the network from a hook that runs on every tool "
                                             "call; allow it explicitly (--allow-network) if you mean it"))
                        continue
                    if name not in unknown_cache:
                        unknown_cache[name] = not _builtin_exists(name)
                    if unknown_cache[name]:
                        found.append(Finding(file, line, "error", "unknown-function",
                                             f"unknown function `{name}` (not a builtin of the embedded engine, "
                                             "not defined in these policies)"))
        return found

    def input_references(self):
        """`input.facts.*` paths must exist in the query-document schema (a typo disables a rule)."""
        schema = _facts_schema()
        found = []
        for module in self.modules:
            file = module["source"]["file"]
            for rule in module["ast"]["rules"]:
                for path, line in _input_paths(rule):
                    if len(path) < 2:
                        continue
                    if path[0] not in ("hook", "facts", "contract_version"):
                        found.append(Finding(file, line, "error", "input-path",
                                             f"`input.{'.'.join(path)}` is not in the query document "
                                             "(top level: contract_version, hook, facts)"))
                    elif path[0] == "facts":
                        bad = _schema_miss(schema, path[1:])
                        if bad is not None:
                            found.append(Finding(file, line, "error", "input-path",
                                                 f"`input.{'.'.join(path)}`: `{bad}` is not a field of the "
                                                 "query document's facts (see `claude-rego schema`)"))
        return found

    def alias_rule_references(self):
        """`alias.rule` where the alias is a package import: the embedded engine evaluates
        every rule of that package to answer it (measured: ~200 µs for the built-in pack's
        shell library, against ~10 µs by full path). Function calls through an alias do not."""
        found = []
        for module in self.modules:
            file = module["source"]["file"]
            packages = {alias: path for alias, path in module["aliases"].items() if path in self.rules}
            if not packages or file.endswith("_test.rego"):  # tests: clarity over microseconds
                continue
            for rule in module["ast"]["rules"]:
                calls = {(name, line) for name, line in _calls(rule)}
                for ref, line in _maximal_refs(rule):
                    parts = ref.split(".")
                    if len(parts) < 2 or parts[0] not in packages or (ref, line) in calls:
                        continue
                    package = packages[parts[0]]
                    if parts[1] not in self.rules[package]:
                        continue
                    found.append(Finding(file, line, "warning", "alias-rule-ref",
                                         f"`{parts[0]}.{parts[1]}` reads a rule through the package import "
                                         f"`{parts[0]}`: the embedded engine then evaluates every rule of "
                                         f"`{package}`; write `data.{package}.{parts[1]}` or import the rule "
                                         f"(`import data.{package}.{parts[1]}`)"))
        return found

    def routing(self):
        from .policyset import POLICY_ROOT, parse_metadata

        found = []
        for module in self.modules:
            package, file = module["package"], module["source"]["file"]
            if not package.startswith(POLICY_ROOT) or file.endswith("_test.rego"):
                continue
            try:
                meta = parse_metadata(module["source"]["contents"])
            except Exception as exc:  # noqa: BLE001
                found.append(Finding(file, 1, "error", "metadata", str(exc)))
                continue
            routing = (meta.get("custom") or {}).get("routing") or {}
            events = routing.get("events") or []
            for event in events:
                if event not in EVENTS:
                    found.append(Finding(file, 1, "warning", "unknown-event",
                                         f"routing names `{event}`, an event Claude Code (up to 2.1.331) does not send"))
            for cls in routing.get("tool_classes") or []:
                if cls not in KNOWN_TOOL_CLASSES:
                    found.append(Finding(file, 1, "error", "unknown-tool-class",
                                         f"routing names tool class `{cls}`; known: {sorted(KNOWN_TOOL_CLASSES)}"))
            for tool in routing.get("tools") or []:
                if "*" not in tool and not tool.startswith("mcp__") and tool not in TOOL_CLASSES:
                    found.append(Finding(file, 1, "warning", "unknown-tool",
                                         f"routing names tool `{tool}`, not a Claude Code tool this version knows"))
            known = [e for e in events if e in EVENTS]
            if not known:
                continue
            for name, defs in self.rules.get(package, {}).items():
                if name in ALL_VERBS and not any(name in event_info(e).verbs for e in known):
                    kind, def_file, line = defs[0]
                    found.append(Finding(def_file, line, "error", "verb-event",
                                         f"`{name}` can never take effect: none of the routed events "
                                         f"({', '.join(known)}) can carry it (docs/policy-contract.md §3)"))
        return found


def _forced_evaluation(parsed, program: _Program):
    """Evaluate every rule once (empty input): the engine compiles lazily, so this is what
    surfaces unknown functions and compile errors in rules no query would reach."""
    from .engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    engine.load(parsed, {})
    found = []
    for package, rules in program.rules.items():
        for name, defs in rules.items():
            if any(kind == "Func" for kind, _, _ in defs) or name.startswith(("test_", "todo_")):
                continue
            try:
                engine.evaluate("{}", [f"data.{package}.{name}"])
            except Exception as exc:  # noqa: BLE001
                text = str(exc)
                if "could not find function" in text or "conflict" in text:
                    kind, file, line = defs[0]
                    finding = _from_engine_error(text, "error", "compile", default_file=file)
                    found.append(finding)
    return found


def _builtin_exists(name: str) -> bool:
    """Ask the engine: a call to an unknown function fails with 'could not find function'."""
    from .engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load([("probe.rego", f"package probe\nimport rego.v1\nx := {name}(1)\n")], {})
        engine.evaluate("{}", ["data.probe.x"])
    except Exception as exc:  # noqa: BLE001
        return "could not find function" not in str(exc)
    return True


# -------------------------------------------------------------------------- AST walks

def _ref_path(node) -> str:
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


def _line(node) -> int:
    span = node.get("span") if isinstance(node, dict) else None
    return span["line"] if span else 1


def _rule_head(rule):
    if "Default" in rule:
        return _ref_path(rule["Default"]["refr"]).split(".")[0], "Default", _line(rule["Default"])
    head = (rule.get("Spec") or {}).get("head") or {}
    for kind, shape in head.items():
        if isinstance(shape, dict) and "refr" in shape:
            return _ref_path(shape["refr"]).split(".")[0], kind, _line(shape)
    return None, None, 1


def _head_values(rule):
    """What a rule head computes (its value, key or function result), not its own name."""
    head = (rule.get("Spec") or {}).get("head") or {}
    out = []
    for shape in head.values():
        if isinstance(shape, dict):
            out += [value for key, value in shape.items() if key not in ("refr", "span", "args")]
    return out


def _walk(node):
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


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
                chain = item
                while isinstance(chain, dict) and ("RefDot" in chain or "RefBrack" in chain):
                    inner = chain.get("RefDot") or chain.get("RefBrack")
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


def _facts_schema() -> dict:
    from .contract import Facts

    return Facts.model_json_schema(by_alias=True)


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


def _sorted(findings):
    return sorted(findings, key=lambda f: (f["file"], f["line"], f["code"]))
