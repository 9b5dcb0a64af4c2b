"""The loaded modules' AST, indexed (packages, rules, imports, references, calls), and
the checks that need the whole program."""

from __future__ import annotations

from ..astview import head_values as _head_values
from ..astview import line as _line
from ..astview import ref_path as _ref_path
from ..astview import rule_head as _rule_head
from ..astview import walk as _walk
from ..verbs import ALL_VERBS
from .analysis import (
    PATTERN_ARGS,
    VERB_LIKE_SKIP,
    _body_taint,
    _builtin_exists,
    _calls,
    _cycles,
    _input_paths,
    _maximal_refs,
    _mentions,
    _meta_line,
    _references,
    _rules_tainted,
    _schema_miss,
    _suggest,
    near_verb,
)
from .findings import Finding

TYPE_CHECKING = False  # typing is not imported for annotations
if TYPE_CHECKING:
    from ..vocabulary import Vocabulary

NETWORK_BUILTINS = frozenset({"http.send", "net.lookup_ip_addr", "opa.runtime", "rego.parse_module"})


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
            seen: dict = {}
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

    def input_references(self, vocabulary: Vocabulary | None):
        """`input.facts.*` paths must exist in the query-document schema (a typo disables a rule);
        the facts' field names are the host's, so without a vocabulary only the top level is checked."""
        schema = vocabulary.facts_schema() if vocabulary is not None else None
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
                    elif path[0] == "facts" and schema is not None:
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

    def _policy_rules(self):
        """(file, rule) for every rule outside the `_test.rego` files."""
        for module in self.modules:
            file = module["source"]["file"]
            if not file.endswith("_test.rego"):
                for rule in module["ast"]["rules"]:
                    yield file, rule

    def computed_heads(self):
        """A partial rule whose head computes its element (`deny contains sprintf(…)`,
        `s contains {"k": f(x)}`, `o[x.id] := v`): when that term is undefined for one
        iteration, the embedded engine drops every element of the rule or fails the query
        (measured: docs/rego-dialect.md), where OPA only skips that iteration. An agent can
        then erase a deny by adding a segment that leaves the term undefined. Compute the
        element in the body (`deny contains msg if { …; msg := sprintf(…) }`)."""
        found = []
        for file, rule in self._policy_rules():
            head = (rule.get("Spec") or {}).get("head") or {}
            for kind, shape in head.items():
                if not isinstance(shape, dict) or kind == "Func":
                    continue
                terms = []
                if kind == "Set":
                    terms.append(shape.get("key"))
                elif kind == "Compr" and isinstance(shape.get("refr"), dict) and "RefBrack" in shape["refr"]:
                    terms.append(shape["refr"]["RefBrack"].get("index"))
                    assign = shape.get("assign")
                    terms.append(assign.get("value") if isinstance(assign, dict) else None)
                if any(_computed(term) for term in terms if term):
                    name = _rule_head(rule)[0]
                    found.append(Finding(file, _line(shape), "warning", "computed-head",
                                         f"the head of `{name}` computes its element; if that term is undefined "
                                         "for one match, the embedded engine drops every element of the rule "
                                         "(or fails the query) instead of skipping that match. Bind it in the "
                                         f"body: `{name} contains x if {{ …; x := … }}`"))
        return found

    def count_offsets(self):
        """`substring(s, count(t) …)` where `t` is a function parameter or computed in the
        rule (not a literal, not a `some t in …` element): the embedded engine's `count` of a
        string is UTF-16 code units (an emoji counts 2) while `substring` counts code points,
        as OPA does for both (measured: docs/rego-dialect.md). So the cut lands too far when
        `t` holds such characters, and the agent writes `t`. Use `trim_prefix(s, t)`."""
        found = []
        for file, rule in self._policy_rules():
            spec = rule.get("Spec") or {}
            func = (spec.get("head") or {}).get("Func") or {}
            risky = {a["Var"]["value"] for a in func.get("args") or [] if isinstance(a, dict) and "Var" in a}
            for item in _walk(spec.get("bodies") or []):
                assign = item.get("AssignExpr")
                if isinstance(assign, dict) and "Var" in (assign.get("lhs") or {}) and _computed(assign.get("rhs")):
                    risky.add(assign["lhs"]["Var"]["value"])
            for item in _walk(rule):
                call = item.get("Call") if isinstance(item.get("Call"), dict) else None
                if not call or _ref_path(call["fcn"]) != "substring":
                    continue
                for node in _walk((call.get("params") or [])[1:]):
                    counted = node.get("Call") if isinstance(node.get("Call"), dict) else None
                    if not counted or _ref_path(counted["fcn"]) != "count" or not counted.get("params"):
                        continue
                    arg = counted["params"][0]
                    if _computed(arg) or ("Var" in arg and arg["Var"]["value"] in risky):
                        found.append(Finding(file, _line(call), "warning", "count-offset",
                                             "`substring` cut at `count(…)` of a computed string: the embedded "
                                             "engine counts UTF-16 units (an emoji counts 2) where `substring` "
                                             "counts characters, so the cut lands too far when that string holds "
                                             "such characters; use `trim_prefix(s, prefix)`"))
        return found

    def nested_calls_in_not(self):
        """`not f(g(x))`, `not x == g(y)`, `not g(x) in s`: OPA's compiler moves a call nested
        in a negated expression out of the `not`, into an expression of its own before it; so
        when `g(x)` is undefined the whole body fails on OPA, where the embedded engine
        negates the undefined expression and the body passes (measured: docs/rego-dialect.md).
        Flagged when the nested call can be undefined: a function of these policies, or a
        builtin outside `TOTAL_BUILTINS`. Compute the inner value before the `not` (undefined
        fails the body on both engines) or put the whole test in a helper rule, `not h(x)`
        with `h(x) if f(g(x))` (undefined passes on both)."""
        found = []
        for module in self.modules:
            file = module["source"]["file"]
            if file.endswith("_test.rego"):  # there OPA is the stricter: an undefined helper fails the test
                continue
            for rule in module["ast"]["rules"]:
                for item in _walk(rule):
                    negated = item.get("NotExpr") if isinstance(item.get("NotExpr"), dict) else None
                    if not negated or not isinstance(negated.get("expr"), dict):
                        continue
                    partial = [node for node in _hoisted(negated["expr"]) if self._partial(module, node)]
                    if not partial:
                        continue
                    call = partial[0]["Call"]
                    name = _ref_path(call["fcn"])
                    what = "a function of these policies" if self.resolve(module, name) else "a builtin that can be undefined"
                    found.append(Finding(file, _line(call), "warning", "not-nested-call",
                                         f"`{name}(…)` ({what}) is nested in a `not` expression: OPA moves it out "
                                         "of the `not`, so when it is undefined the rule body fails on OPA but "
                                         "passes on the embedded engine, which negates the undefined expression. "
                                         "Bind the value before the `not` (`v := …`, if undefined should fail the "
                                         "body) or route the whole test through a helper rule (`not h(x)` with "
                                         "`h(x) if …`, if undefined should pass)"))
        return found

    def _partial(self, module, node) -> bool:
        """Can this nested call be undefined (a user function, a builtin not known total)?"""
        call = node.get("Call")
        if not isinstance(call, dict):
            return False
        name = _ref_path(call["fcn"])
        return bool(self.resolve(module, name)) or name not in TOTAL_BUILTINS

    def packages_and_verbs(self):
        """Policies that cannot take effect: a package outside the policy root, a rule named
        like a misspelt verb, a policy package with no verb at all."""
        from ..metadata import LIB_ROOT, POLICY_ROOT

        found = []
        verbs_by_package: dict[str, list] = {}
        for module in self.modules:
            package, file = module["package"], module["source"]["file"]
            if file.endswith("_test.rego"):
                continue
            names = [(_rule_head(rule), rule) for rule in module["ast"]["rules"]]
            verbish = [(name, line) for (name, _, line), _ in names if name and (name in ALL_VERBS or near_verb(name))]
            if not package.startswith((POLICY_ROOT, LIB_ROOT)):
                if not verbish and any(f"data.{package}" in other["source"]["contents"]
                                       for other in self.modules if other is not module):
                    continue  # a helper package the policies use
                line = _line(module["ast"]["package"]) if isinstance(module["ast"].get("package"), dict) else 1
                severity = "error" if verbish else "warning"
                found.append(Finding(file, line, severity, "package-outside-root",
                                     f"package `{package}` is outside `{POLICY_ROOT.rstrip('.')}`: "
                                     + ("its rules are never evaluated" if verbish else
                                        "it is loaded but never evaluated; only policies under the root decide")
                                     + f" (write `package {POLICY_ROOT}{package.rsplit('.', 1)[-1]}`"
                                     + (" or a library under `" + LIB_ROOT.rstrip(".") + "`)" if not verbish else ")")))
                continue
            if not package.startswith(POLICY_ROOT):
                verbs = sorted({name for name, _ in verbish if name in ALL_VERBS})
                if verbs:  # a library is loaded for its helpers, never evaluated for verbs
                    line = next(line for name, line in verbish if name in ALL_VERBS)
                    found.append(Finding(file, line, "error", "package-outside-root",
                                         f"`{', '.join(verbs)}` in library package `{package}` is never evaluated: "
                                         f"only packages under `{POLICY_ROOT.rstrip('.')}` decide"))
                continue
            entry = verbs_by_package.setdefault(package, [file, 1, "# METADATA" not in module["source"]["contents"]])
            for (name, _kind, line), _ in names:
                if not name:
                    continue
                if name in ALL_VERBS:
                    entry[2] = True
                    continue
                verb = near_verb(name)
                if verb and name not in VERB_LIKE_SKIP and not self._referenced(package, name):
                    found.append(Finding(file, line, "error", "unknown-verb",
                                         f"`{name}` is not a verb; did you mean `{verb}`? (verbs: "
                                         f"{', '.join(ALL_VERBS)}; any other rule is only a helper)"))
        for package, (file, line, has_verb) in verbs_by_package.items():
            if not has_verb:  # (only policies with METADATA: a bare package may be a work in progress)
                found.append(Finding(file, line, "warning", "no-verbs",
                                     f"policy `{package}` defines none of the verbs ({', '.join(ALL_VERBS)}): "
                                     "it can never decide anything"))
        return found

    def _referenced(self, package: str, name: str) -> bool:
        """Is rule `package.name` used by another rule (then it is a helper, not a typo)?"""
        target = f"{package}.{name}"
        for module in self.modules:
            for rule in module["ast"]["rules"]:
                own, _, _ = _rule_head(rule)
                if own == name and module["package"] == package:
                    continue
                refs = _references([(rule.get("Spec") or {}).get("bodies", []), _head_values(rule)])
                if any(self.resolve(module, dotted) == target for dotted, _ in refs):
                    return True
        return False

    def input_patterns(self):
        """A pattern argument (glob.match, regex.*) derived from `input`: the agent writes
        the pattern, so it decides what matches (issue 12)."""
        found = []
        tainted_rules = _rules_tainted(self)
        for module in self.modules:
            file = module["source"]["file"]
            if file.endswith("_test.rego"):
                continue
            rules = tainted_rules.get(module["package"], set())
            for rule in module["ast"]["rules"]:
                bodies = (rule.get("Spec") or {}).get("bodies") or []
                tainted = _body_taint(bodies, rules) | rules
                for item in _walk(rule):
                    call = item.get("Call") if isinstance(item.get("Call"), dict) else None
                    if not call:
                        continue
                    name = _ref_path(call["fcn"])
                    for index in PATTERN_ARGS.get(name, ()):
                        params = call.get("params") or []
                        if index < len(params) and _mentions(params[index], tainted):
                            found.append(Finding(file, _line(call), "warning", "input-pattern",
                                                 f"the pattern of `{name}` (argument {index + 1}) comes from the "
                                                 "input: the agent then chooses what matches; match the input "
                                                 "against fixed patterns (data or literals) instead"))
        return found

    def routing(self, vocabulary: Vocabulary | None):
        """Routing metadata against the host's events and tools; without a vocabulary only
        the METADATA itself is checked."""
        from ..metadata import POLICY_ROOT, parse_metadata

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
            if vocabulary is not None:
                found += self._routing(module, (meta.get("custom") or {}).get("routing") or {}, vocabulary)
        return found

    def _routing(self, module, routing: dict, vocab: Vocabulary) -> list[Finding]:
        found = []
        package, file = module["package"], module["source"]["file"]
        events = routing.get("events") or []
        for event in events:
            if event not in vocab.events:
                found.append(Finding(file, 1, "warning", "unknown-event",
                                     f"routing names `{event}`, an event {vocab.host} (up to {vocab.version}) "
                                     "does not send"))
        for cls in routing.get("tool_classes") or []:
            if cls not in vocab.tool_classes:
                found.append(Finding(file, 1, "error", "unknown-tool-class",
                                     f"routing names tool class `{cls}`; known: {sorted(vocab.tool_classes)}"))
        for tool in routing.get("tools") or []:
            if "*" not in tool and not tool.startswith("mcp__") and tool not in vocab.tools:
                found.append(Finding(file, 1, "warning", "unknown-tool",
                                     f"routing names tool `{tool}`, not a {vocab.host} tool this version knows"))
        known = [e for e in events if e in vocab.events]
        if events and not known:
            found.append(Finding(file, _meta_line(module, "events"), "error", "routing-matches-nothing",
                                 f"routing names only unknown events ({', '.join(map(str, events))}): "
                                 "the policy never runs" + _suggest(events, vocab.events)))
            return found
        tools, classes = routing.get("tools") or [], routing.get("tool_classes") or []
        if (tools or classes) and known and not any(e in vocab.tool_events for e in known):
            found.append(Finding(file, _meta_line(module, "tools"), "error", "routing-matches-nothing",
                                 f"routing names tools, but none of its events ({', '.join(known)}) "
                                 "carries a tool call: the policy never runs"))
        elif tools and not classes and not any(
                "*" in t or "?" in t or "[" in t or t.startswith("mcp__") or t in vocab.tools for t in tools):
            found.append(Finding(file, _meta_line(module, "tools"), "error", "routing-matches-nothing",
                                 f"routing names only unknown tools ({', '.join(map(str, tools))}): the policy "
                                 "never runs" + _suggest(tools, vocab.tools)))
        if not known:
            return found
        for name, defs in self.rules.get(package, {}).items():
            if name in ALL_VERBS and not any(name in vocab.event_verbs.get(e, ()) for e in known):
                kind, def_file, line = defs[0]
                found.append(Finding(def_file, line, "error", "verb-event",
                                     f"`{name}` can never take effect: none of the routed events "
                                     f"({', '.join(known)}) can carry it (docs/policy-contract.md §3)"))
        return found


# Builtins that return a value for every argument of the right type, so nesting them in a
# `not` hoists nothing that can be undefined (`not-nested-call`). Everything else is taken
# as partial: a function of the policies (a rule body can fail), and builtins that fail or
# are undefined on some values of the right type (`to_number("x")`, `json.unmarshal`,
# `base64.decode`, `regex.*` on a bad pattern, `max([])`, `substring` at a negative
# offset, `format_int` in base 3, `units.parse`, `time.parse_*`, …). Type errors are left
# out (the embedded engine stops the query on any builtin error). Operators (`+`, `/`,
# `==`, `|`, `in`, …) are not calls in the engine's AST and are not flagged (a `/` by zero
# is an error like a type error); the calls nested in their operands are.
TOTAL_BUILTINS = frozenset({
    "abs", "array.concat", "array.reverse", "array.slice", "base64.encode", "base64url.encode",
    "base64url.encode_no_pad", "ceil", "concat", "contains", "count", "endswith", "floor",
    "hex.encode", "indexof", "indexof_n", "intersection", "is_array", "is_boolean", "is_null", "is_number",
    "is_object", "is_set", "is_string", "json.marshal", "lower", "numbers.range", "object.filter",
    "object.get", "object.keys", "object.remove", "object.union", "object.union_n", "replace", "round",
    "sort", "split", "sprintf", "startswith", "strings.any_prefix_match", "strings.any_suffix_match",
    "strings.count", "strings.replace_n", "strings.reverse", "sum", "trim", "trim_left", "trim_prefix",
    "trim_right", "trim_space", "trim_suffix", "type_name", "union", "upper", "urlquery.encode",
})


def _hoisted(expr):
    """The calls OPA moves out of a negated expression: every call nested in it (in its
    arguments and operands, composite literals, reference indexes) but the expression's
    own, and none inside a comprehension (its body is rewritten in place)."""
    stack = [expr]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, dict) or any(key in item for key in ("ArrayCompr", "SetCompr", "ObjectCompr")):
            continue
        if item is not expr and "Call" in item:
            yield item
        stack.extend(item.values())


# what a head may hold without the engine's undefined-head hazard: variables, scalars,
# and arrays/objects/sets of them
_COMPUTED = ("Call", "RefDot", "RefBrack", "ArrayCompr", "SetCompr", "ObjectCompr", "BinExpr",
             "ArithExpr", "AssignExpr", "BoolExpr", "UnaryExpr", "Membership")


def _computed(term) -> bool:
    return any(key in node for node in _walk(term) for key in _COMPUTED)
