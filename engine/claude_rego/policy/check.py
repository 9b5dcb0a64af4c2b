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

import re
from pathlib import Path

from ..claudecode.events import ALL_VERBS, EVENTS, TOOL_CLASSES, event_info
from .astview import head_values as _head_values
from .astview import line as _line
from .astview import parse as _parse_ast
from .astview import ref_path as _ref_path
from .astview import rule_head as _rule_head
from .astview import walk as _walk
from .sources import SourceRefused
from .sources import walk as walk_sources

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
    """Check every .rego file under `sources` (tests included) and their data files. Never
    raises for bad policies. `builtin:` among other sources is context: the built-in pack's
    modules and data are loaded (so references to its libraries resolve and data overlays
    are checked against it) but its own files were checked when it was built."""
    from .sources import PolicyError, compose_data, read_source
    from .snapshot import is_builtin

    findings: list[Finding] = []
    read = []
    for source in sources:
        if not is_builtin(source) and not Path(source).exists():
            findings.append(Finding(source, 1, "error", "path-not-found", f"{source}: no such file or directory"))
            continue
        try:
            read.append(read_source(source))
        except PolicyError as exc:
            findings.append(_source_error(source, str(exc)))
    only_builtin = all(is_builtin(src.label) for src in read)
    checked, context = [], []
    for src in read:
        files = [(str(file), text) for _, file, text in src.rego]
        if is_builtin(src.label) and not only_builtin:
            context += [(path, text) for path, text in files if not path.endswith("_test.rego")]
        else:
            checked += files
            if not files and not src.data:
                findings.append(Finding(src.label, 1, "error", "no-policies",
                                        f"{src.label}: no .rego or data files"))
    findings += data_findings(read)
    if not any(f["code"] == "data-conflict" for f in findings):
        try:
            compose_data(read)
        except PolicyError as exc:
            findings.append(_source_error(read[-1].label if read else "?", str(exc), "data-conflict"))
    return _sorted(findings + check_modules(checked, allow_network=allow_network, context=context))


def _source_error(source: str, message: str, code: str = "unreadable") -> Finding:
    """A PolicyError while reading a source, as a finding on the file it names."""
    file = message.split(": ", 1)[0] if ": " in message else source
    if "invalid data file" in message:
        code = "data-invalid"
    elif "defined twice" in message or "collides" in message:
        code = "data-conflict"
    return Finding(file, _line_of_error(message), "error", code, message)


def _line_of_error(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 1


def data_findings(read) -> list[Finding]:
    """Data files: conflicts inside one source, and overlays that cannot take effect (a
    setting the built-in pack does not have, a policy name that does not exist)."""
    from .sources import PolicyError, _merge_at
    from .snapshot import is_builtin

    found: list[Finding] = []
    base_settings: dict | None = None
    policy_names: set[str] = set()
    for src in read:
        if is_builtin(src.label):
            data: dict = {}
            for prefix, file, value in src.data:
                try:
                    _merge_at(data, prefix, value, file)
                except PolicyError:
                    pass
            base_settings = ((data.get("claude_rego") or {}).get("settings") or {})
        for _, file, text in src.rego:
            match = re.search(r"^[ \t]*package[ \t]+claude_rego\.policies\.([\w.]+)", text, re.MULTILINE)
            if match and not str(file).endswith("_test.rego"):
                policy_names.add(match.group(1))
    for src in read:
        data = {}
        for prefix, file, value in src.data:
            try:
                _merge_at(data, prefix, value, file)
            except PolicyError as exc:
                key = str(exc).split("data key ", 1)[-1].split(" ", 1)[0].split("/")[-1]
                found.append(Finding(file, _json_key_line(file, key), "error", "data-conflict",
                                     f"{exc}: within one policy source a data key may be defined once "
                                     "(a later --policies source overlays earlier ones instead)"))
        if is_builtin(src.label):
            continue
        settings = (data.get("claude_rego") or {}).get("settings") if isinstance(data.get("claude_rego"), dict) else None
        if not isinstance(settings, dict):
            continue
        file = next((f for _, f, v in src.data if isinstance(v, dict) and "claude_rego" in v), src.label)
        if base_settings is not None:
            for key in settings:
                if key not in base_settings:
                    found.append(Finding(file, _json_key_line(file, key), "warning", "unknown-setting",
                                         f"`claude_rego.settings.{key}` is not a setting of the built-in pack "
                                         f"(known: {', '.join(sorted(base_settings))}); it has no effect there"))
        for key in ("disabled_policies", "monitor_policies", "enforce_policies"):
            for name in settings.get(key) or () if isinstance(settings.get(key), list) else ():
                if policy_names and name not in policy_names:
                    found.append(Finding(file, _json_key_line(file, key), "warning", "unknown-policy",
                                         f"`{key}` names `{name}`, not a policy of these sources "
                                         f"(known: {', '.join(sorted(policy_names))})"))
    return found


def _json_key_line(file, key: str) -> int:
    try:
        for number, line in enumerate(Path(file).read_text(encoding="utf-8").splitlines(), 1):
            if f'"{key}"' in line or re.match(rf"\s*{re.escape(key)}\s*:", line):
                return number
    except (OSError, UnicodeDecodeError):
        pass
    return 1


def check_modules(files: list[tuple[str, str]], *, allow_network: bool = False,
                  context: list[tuple[str, str]] = ()) -> list[Finding]:
    """Check (path, Rego text) modules, e.g. those of a compiled snapshot. `context`
    modules are loaded alongside (references into them resolve) but not reported on."""
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

    from ..engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load(parsed + list(context), {})
    except Exception as exc:  # noqa: BLE001 — e.g. a conflict between files
        findings.append(_from_engine_error(str(exc), "error", "load"))
        return _sorted(findings)
    modules = _parse_ast(engine.raw.get_ast_as_json())
    program = _Program(modules)
    mine = {path for path, _ in parsed}
    own: list[Finding] = []
    own += program.duplicate_defaults()
    own += program.recursion()
    own += program.calls(allow_network)
    own += program.input_references()
    own += program.routing()
    own += program.alias_rule_references()
    own += program.packages_and_verbs()
    own += program.input_patterns()
    findings += [f for f in own if f["file"] in mine]
    if not any(f["code"] == "recursion" for f in own):  # evaluating recursion crashes the engine
        known = {(f["file"], f["message"].split("`")[1]) for f in findings if f["code"] == "unknown-function"}
        everything = parsed + list(context)
        for finding in _isolated(lambda: _forced_evaluation(everything, program, mine), parsed):
            name = finding["message"].rsplit(" ", 1)[-1]
            if (finding["file"], name) not in known and finding["file"] in mine:
                findings.append(finding)
    return _sorted(findings)


def _isolated(task, parsed):
    """Run `task` in a forked child where possible: the engine can crash on a bad program."""
    import os
    import time

    if not hasattr(os, "fork"):
        return task()
    from ..decide.isolation import ChildFailed, run_forked

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
        try:
            files = [entry.path for entry in walk_sources(root) if entry.kind == "rego"]
        except SourceRefused as exc:
            out.append((f"{root}/{exc.rel}", f"# refused: {exc}"))
            continue
        for file in files:
            try:
                out.append((str(file), file.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as exc:
                out.append((str(file), ""))
                out[-1] = (str(file), f"# unreadable: {exc}")
    return out


def _parse_error(path: str, text: str) -> Finding | None:
    from ..engines.regorus_engine import RegorusEngine

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

    def packages_and_verbs(self):
        """Policies that cannot take effect: a package outside the policy root, a rule named
        like a misspelt verb, a policy package with no verb at all."""
        from .metadata import LIB_ROOT, POLICY_ROOT

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
            for (name, kind, line), _ in names:
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

    def routing(self):
        from .metadata import POLICY_ROOT, parse_metadata

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
            if events and not known:
                found.append(Finding(file, _meta_line(module, "events"), "error", "routing-matches-nothing",
                                     f"routing names only unknown events ({', '.join(map(str, events))}): "
                                     "the policy never runs" + _suggest(events, EVENTS)))
                continue
            tools, classes = routing.get("tools") or [], routing.get("tool_classes") or []
            if (tools or classes) and known and not any(event_info(e).tool_event for e in known):
                found.append(Finding(file, _meta_line(module, "tools"), "error", "routing-matches-nothing",
                                     f"routing names tools, but none of its events ({', '.join(known)}) "
                                     "carries a tool call: the policy never runs"))
            elif tools and not classes and not any(
                    "*" in t or "?" in t or "[" in t or t.startswith("mcp__") or t in TOOL_CLASSES for t in tools):
                found.append(Finding(file, _meta_line(module, "tools"), "error", "routing-matches-nothing",
                                     f"routing names only unknown tools ({', '.join(map(str, tools))}): the policy "
                                     "never runs" + _suggest(tools, TOOL_CLASSES)))
            if not known:
                continue
            for name, defs in self.rules.get(package, {}).items():
                if name in ALL_VERBS and not any(name in event_info(e).verbs for e in known):
                    kind, def_file, line = defs[0]
                    found.append(Finding(def_file, line, "error", "verb-event",
                                         f"`{name}` can never take effect: none of the routed events "
                                         f"({', '.join(known)}) can carry it (docs/policy-contract.md §3)"))
        return found


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
    surfaces unknown functions and compile errors in rules no query would reach."""
    from ..engines.regorus_engine import RegorusEngine

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
                if "could not find function" in text or "conflict" in text:
                    kind, file, line = defs[0]
                    finding = _from_engine_error(text, "error", "compile", default_file=file)
                    found.append(finding)
    return found


def _builtin_exists(name: str) -> bool:
    """Ask the engine: a call to an unknown function fails with 'could not find function'."""
    from ..engines.regorus_engine import RegorusEngine

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
    from ..claudecode.contract import Facts

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
