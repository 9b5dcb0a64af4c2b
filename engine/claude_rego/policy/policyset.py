"""Policy sets: compile Rego sources into the snapshot the hook reads (compile time only).

Two forms of the same thing:
- *sources*: directories of `.rego` files and `data.json`/`data.yaml` (OPA bundle
  layout: a data file merges at its directory's path). Compiling them parses METADATA
  (YAML) and checks every module with the engine, so it is slow-ish (~30 ms) and
  happens at build/activation time;
- a *snapshot*: one JSON file holding the compiled result, which the hook reads on
  its hot path with nothing but `json`.

The default policy pack ships as a snapshot built into the wheel
(`claude_rego/default_pack.snapshot.json`), with the pack's sources beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from .. import CONTRACT_VERSION
from .._platform import atomic_write
from . import astview
from .metadata import _PACKAGE_RE, LIB_ROOT, POLICY_ROOT, _mode, _routing, parse_metadata  # noqa: F401 — LIB_ROOT re-exported

# Re-exported for compile-time callers; the hook uses `claude_rego.policy.snapshot` directly.
from .snapshot import (  # noqa: F401
    ALL_FACTS,
    DEFAULT_SNAPSHOT_NAME,
    SNAPSHOT_FORMAT,
    default_pack_dir,
    default_snapshot_path,
    routed_rules,
    routes,
)
from .sources import MAX_MODULE_BYTES, PolicyError, Source, compose_data, read_source, source_data  # noqa: F401 — re-exported
from .verbs import ALL_VERBS

TYPE_CHECKING = False  # typing is not imported for annotations
if TYPE_CHECKING:
    from .vocabulary import Vocabulary

# ------------------------------------------------------------------ compile time only

def compile_sources(sources: list[str], *, revision: str | None = None, check: bool = False,
                    allow_network: bool = False, vocabulary: Vocabulary | None = None,
                    index: bool = True) -> dict:
    """Directories/files of Rego + data → snapshot dict. Raises PolicyError.

    With `check` (activation, `claude-rego compile`, the wheel build) every policy must
    pass `claude-rego check` first; the hook compiling a directory on the fly (authoring
    mode) skips it and relies on its isolated child instead. `vocabulary` is the host's, for
    the check (policy/vocabulary.py; None skips the host-specific checks). With `index`, each
    module also gets its rule index (`index`, policy/index.py), whose text the engines load.
    """
    if check:
        from .check import check as run_check
        from .check import errors

        found = errors(run_check(sources, allow_network=allow_network, vocabulary=vocabulary))
        if found:
            raise PolicyError("policy check failed:\n" + "\n".join(str(f) for f in found))
    from .snapshot import is_builtin

    modules: list[dict] = []
    digest = hashlib.sha256()
    # The built-in pack as the wheel precompiled it, when available: its policies are not
    # described again (that is most of a compile), so composing costs what your files cost.
    base = _precompiled_pack() if any(is_builtin(s) for s in sources) and len(sources) > 1 else None
    read = [_pack_source(base) if base is not None and is_builtin(source) else read_source(source)
            for source in sources]
    seen: set[str] = set()
    described: list[dict] = []
    for src in read:
        if src.rego is None:  # the precompiled pack
            described += [{"path": m["path"], "text": m["text"], "package": m.get("package"),
                           **({"facts": m["facts"]} if isinstance(m.get("facts"), list) else {}),
                           **({"index": m["index"]} if index and isinstance(m.get("index"), dict) else {})}
                          for m in base["modules"]]
            seen |= {m["path"] for m in base["modules"]}
            digest.update(str(base.get("revision")).encode() + b"\0")
            continue
        for rel, _, text in src.rego:
            if rel.endswith("_test.rego"):
                continue
            path = rel if rel not in seen else f"{src.label.rstrip(':/')}/{rel}"
            seen.add(path)
            digest.update(path.encode() + b"\0" + text.encode() + b"\0")
            modules.append({"path": path, "text": text})
        for prefix, _file, value in src.data:
            digest.update("/".join(prefix).encode() + b"\0" + json.dumps(value, sort_keys=True).encode())
    data, _ = compose_data(read)
    described_policies, asts = _describe(modules)
    policies = _merge_policies(base["policies"] if base is not None else [], described_policies)
    if index:
        index_modules(modules, asts)
    _engine_check(modules, data)
    _require_settings(modules, data)  # the precompiled pack's modules come with its own data
    modules = described + modules
    _add_dependencies(modules)
    for module in modules:
        if "facts" not in module:  # the precompiled pack's modules keep theirs (one module's text decides)
            module["facts"] = facts_read(module["text"])
    return {
        "format": SNAPSHOT_FORMAT,
        "contract_version": CONTRACT_VERSION,
        "revision": revision or "sha256:" + digest.hexdigest()[:16],
        "sources": [str(Path(s).resolve()) for s in sources],
        "modules": modules,
        "policies": policies,
        "data": data,
    }


_SETTING_READ = re.compile(r'\bsettings\.value\(\s*"([^"\\]+)"\s*\)')


def settings_read(text: str) -> set[str]:
    """The names a module reads with `claude_rego.lib.settings.value("name")` (not in a
    comment: no `#` before it on its line)."""
    if "settings.value(" not in text:
        return set()
    return {m.group(1) for m in _SETTING_READ.finditer(text)
            if "#" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]}


def _require_settings(modules: list[dict], data: dict) -> None:
    """Refuse a policy set whose data lacks a setting one of its modules reads with
    `settings.value`: the pack's data.json is the only source of defaults, and a rule
    whose setting is undefined would silently stop firing (fail closed instead)."""
    root = data.get("claude_rego") if isinstance(data, dict) else None
    settings = root.get("settings") if isinstance(root, dict) else None
    have = set(settings) if isinstance(settings, dict) else set()
    missing = sorted({(name, m["path"]) for m in modules for name in settings_read(m["text"]) if name not in have})
    if missing:
        raise PolicyError("settings read by the policies have no value in data (the built-in pack's "
                          "policies/data.json holds every default; include it or define them): "
                          + ", ".join(f"{name} ({path})" for name, path in missing))


def _precompiled_pack() -> dict | None:
    from .snapshot import SnapshotError, read

    path = default_snapshot_path()
    try:
        return read(path) if path else None
    except SnapshotError:
        return None


def _pack_source(base: dict) -> Source:
    """The precompiled built-in pack as a source: its data; its modules come from `base`."""
    from .snapshot import BUILTIN

    src = Source(BUILTIN, Path(default_pack_dir()))
    src.rego = None  # type: ignore[assignment]  # modules and policies are taken precompiled
    src.data = [([], Path(default_pack_dir()) / "data.json", base.get("data") or {})]
    return src


def _merge_policies(base: list[dict], added: list[dict]) -> list[dict]:
    """Policy entries of the pack and of your sources; one package in both is one policy."""
    by_package = {p["package"]: dict(p) for p in base}
    for entry in added:
        known = by_package.get(entry["package"])
        if known is None:
            by_package[entry["package"]] = entry
            continue
        if entry["routing"] and known["routing"] and entry["routing"] != known["routing"]:
            raise PolicyError(f"{entry['files'][0]}: routing differs from the built-in {entry['package']}")
        known["routing"] = known["routing"] or entry["routing"]
        known["files"] = known["files"] + entry["files"]
        known["verbs"] = [v for v in ALL_VERBS if v in set(known["verbs"]) | set(entry["verbs"])]
        locations = {verb: list(sites) for verb, sites in (known.get("locations") or {}).items()}
        for verb, sites in (entry.get("locations") or {}).items():
            locations[verb] = sorted(set(locations.get(verb, [])) | set(sites))
        known["locations"] = locations
    return [by_package[package] for package in sorted(by_package)]


# `data` as a root reference (not a field such as input.data), with the dotted path after it
_DATA_REF_RE = re.compile(r"(?<![.\w])data((?:\.[A-Za-z_]\w*)*)")


def _add_dependencies(modules: list[dict]) -> None:
    """Record on each module the other modules it may refer to (`deps`, by path), so the
    hook can load only what the rules it evaluates need (snapshot.needed_modules).

    Conservative by construction: the code is scanned (comments and string literals are
    blanked first, see _code_only); a reference matches every package it is a prefix of or
    that is a prefix of it; a bare or computed `data` (data[x], walk(data)) depends on
    every module. Modules of one package always go together.
    """
    packages = [(m["path"], m.get("package") or "") for m in modules]
    for module in modules:
        deps: set[str] = set()
        for match in _DATA_REF_RE.finditer(_code_only(module["text"])):
            ref = match.group(1).lstrip(".")
            if not ref:
                deps = {path for path, _ in packages}
                break
            deps |= {path for path, package in packages
                     if package and (ref == package or ref.startswith(package + ".") or package.startswith(ref + "."))}
        deps |= {path for path, package in packages if package == module.get("package")}
        deps.discard(module["path"])
        module["deps"] = sorted(deps)


# `input` as a root reference (not a field such as x.input, not part of a name), with the
# constant keys after it (`.key`, `["key"]`)
_INPUT_REF_RE = re.compile(r'(?<![.\w])input(?!\w)((?:\.[A-Za-z_]\w*|\["[A-Za-z_]\w*"\])*)')
_KEY_RE = re.compile(r"[A-Za-z_]\w*")
# `object.get(` right before the reference, and a constant key as its second argument
_GET_BEFORE_RE = re.compile(r'(?<![.\w])object\.get\(\s*$')
_GET_KEY_RE = re.compile(r'\s*,\s*"([A-Za-z_]\w*)"\s*,')
_KEY_LITERAL_RE = re.compile(r'"[A-Za-z_]\w*"')
_SECRET_PARTS = frozenset({"prompt", "tool_input", "tool_response"})


def facts_read(text: str) -> list[str]:
    """The facts a module can read (`input.facts.<key>`; `secrets.<part>` for a constant
    part of `input.facts.secrets`), recorded per module in the snapshot so the core asks the
    host for those only (snapshot.facts_needed). `["*"]`: every fact.

    Sound by construction, like _add_dependencies: the code is scanned with comments blanked
    and strings blanked unless they are a plain key; a key counts when it is constant
    (`input.facts.shell`, `input.facts["shell"]`, `object.get(input.facts, "shell", d)`), and
    any other use of `input` or `input.facts` (the whole object, `input[x]`,
    `input.facts[k]`, `walk(input)`, `f(input)`, `object.get(input.facts, k, d)` with a
    computed key, `import input.facts as f`, a space before the dot …) means every fact.
    What a module reaches through other modules (a library's rules and functions) is added
    at decision time from `deps`."""
    code = _code_only(text, keep_keys=True)
    needs: set[str] = set()
    for match in _INPUT_REF_RE.finditer(code):
        keys = _KEY_RE.findall(match.group(1))
        start, end = match.start(), match.end()
        while True:  # object.get(object.get(input, "facts", {}), "tool", {}): facts.tool
            get = _GET_BEFORE_RE.search(code, max(0, start - 40), start)
            key = _GET_KEY_RE.match(code, end) if get else None
            if get is None or key is None:
                break
            keys.append(key.group(1))
            close = _closing_paren(code, key.end())
            if close < 0:
                break
            start, end = get.start(), close
        if not keys or (keys[0] == "facts" and len(keys) == 1):
            return [ALL_FACTS]  # `input` or `input.facts` used whole, or with a computed key
        if keys[0] != "facts":
            continue  # input.hook…, input.contract_version
        if keys[1] == "secrets" and len(keys) > 2 and keys[2] in _SECRET_PARTS:
            needs.add(f"secrets.{keys[2]}")
        else:
            needs.add(keys[1])
    return sorted(needs)


def _closing_paren(code: str, i: int) -> int:
    """The index after the `)` that closes the call whose arguments continue at `i` (strings
    are blanked or plain names, so brackets balance); -1 if there is none."""
    depth = 0
    for j in range(i, len(code)):
        c = code[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return j + 1 if c == ")" else -1
            depth -= 1
    return -1


# a comment, a "…" string (backslash escapes; an unterminated one ends with its line) or a
# `…` raw string (an unterminated one runs to the end)
_NOT_CODE_RE = re.compile(r'#[^\n]*|"(?:\\[\s\S]|[^"\\\n])*[\s\S]?|`[^`]*`?')


def _code_only(text: str, keep_keys: bool = False) -> str:
    """The Rego text with comments and string literals blanked ("data" in a message or a
    comment is not a reference). Strings: "…" with backslash escapes, `…` raw. `keep_keys`:
    a "…" string that is a plain name (`"shell"`) is kept (facts_read's constant keys)."""

    def blank(match: re.Match) -> str:
        found = match.group()
        if found[0] == "#":
            return ""
        return found if keep_keys and _KEY_LITERAL_RE.fullmatch(found) else '""'

    return _NOT_CODE_RE.sub(blank, text)


def write_snapshot(snapshot: dict, path: str | os.PathLike) -> None:
    """Write atomically (rename), so a hook never reads half a snapshot."""
    atomic_write(path, json.dumps(snapshot, sort_keys=True, separators=(",", ":")))


def _describe(modules: list[dict]) -> tuple[list[dict], dict[str, dict]]:
    """One entry per policy package: name, routing, the verbs it defines, its file; and the
    parsed AST of each policy module by path (for index_modules: one parse)."""
    from ..engines.regorus_engine import RegorusEngine

    by_package: dict[str, dict] = {}
    locations: dict[str, dict[str, list[str]]] = {}
    asts: dict[str, dict] = {}
    for module in modules:
        match = _PACKAGE_RE.search(module["text"])
        if not match:
            raise PolicyError(f"{module['path']}: no package declaration")
        package = match.group(1)
        module["package"] = package
        if not package.startswith(POLICY_ROOT):
            continue  # libraries and foreign packages are loaded, never evaluated
        try:
            meta = parse_metadata(module["text"])
        except PolicyError as exc:
            raise PolicyError(f"{module['path']}: {exc}") from None
        engine = RegorusEngine(gather_prints=False)
        try:
            engine.load([(module["path"], module["text"])], {})
        except Exception as exc:  # noqa: BLE001
            raise PolicyError(str(exc)) from None
        parsed = astview.parse(engine.raw.get_ast_as_json())
        if len(parsed) == 1:
            asts[module["path"]] = parsed[0]
        heads = _rule_heads(parsed)
        verbs = {name for name, _, _ in heads} & set(ALL_VERBS)
        for name, kind, line in heads:
            if name in ALL_VERBS:
                locations.setdefault(package, {}).setdefault(name, []).append(f"{module['path']}:{line}")
            if name in ALL_VERBS and kind != "Set":
                raise PolicyError(f"{module['path']}: verb `{name}` must be a set (`{name} contains x if …`), "
                                  "so every policy can add to it")
        routing = _routing(meta, module["path"])
        entry = by_package.setdefault(package, {
            "name": package[len(POLICY_ROOT):], "package": package, "files": [],
            "routing": routing, "verbs": set(), "title": meta.get("title"),
            "severity": (meta.get("custom") or {}).get("severity"),
            "mode": _mode(meta, module["path"]),
        })
        if routing and entry["routing"] and routing != entry["routing"]:
            raise PolicyError(f"{module['path']}: routing differs from another file of {package}")
        entry["routing"] = entry["routing"] or routing
        entry["files"].append(module["path"])
        entry["verbs"] |= verbs
    policies = []
    for package in sorted(by_package):
        entry = by_package[package]
        entry["verbs"] = [v for v in ALL_VERBS if v in entry["verbs"]]
        entry["locations"] = {verb: sorted(set(where)) for verb, where in sorted(locations.get(package, {}).items())}
        policies.append(entry)
    return policies, asts


def _rule_heads(parsed: list[dict]) -> set[tuple[str, str, int]]:
    """(rule name, head kind, line) of parsed modules (astview.parse): kind is "Set" for
    `name contains x`, "Compr" for `name := v` / `name if …`, "Func" for functions."""
    heads = set()
    for module in parsed:
        for rule in module["ast"]["rules"]:
            head = (rule.get("Spec") or {}).get("head") or {}
            for kind, shape in head.items():
                ref = shape.get("refr") if isinstance(shape, dict) else None
                while isinstance(ref, dict):
                    if "Var" in ref:
                        heads.add((ref["Var"]["value"], kind, ref["Var"]["span"]["line"]))
                        break
                    inner = next(iter(ref.values()))
                    ref = inner.get("refr") if isinstance(inner, dict) else None
    return heads


def index_modules(modules: list[dict], asts: dict[str, dict] | None = None) -> None:
    """Give each module its rule index (policy/index.py) where indexing applies; `asts`: the
    modules already parsed, by path (the others are parsed here)."""
    from ..engines.regorus_engine import RegorusEngine
    from . import index

    for module in modules:
        ast = (asts or {}).get(module["path"])
        if ast is None:
            engine = RegorusEngine(gather_prints=False)
            try:
                engine.load([(module["path"], module["text"])], {})
                ast = astview.parse(engine.raw.get_ast_as_json())[0]
            except Exception:  # noqa: BLE001 — the engine check below reports a module that does not load
                continue
        tag = "m" + hashlib.sha256(module["path"].encode()).hexdigest()[:8]
        record = index.index_module(module["text"], ast, tag)
        if record is not None:
            module["index"] = record


def _engine_check(modules: list[dict], data: dict) -> None:
    """All modules together must load: a parse error must never reach the hook. The
    indexed texts are checked as loaded; should they not load (a fault of the indexer),
    the modules go without them."""
    from ..engines.regorus_engine import RegorusEngine
    from .snapshot import loaded_text

    if any("index" in m for m in modules):
        engine = RegorusEngine(gather_prints=False)
        try:
            engine.load([(m["path"], loaded_text(m)) for m in modules], data)
            return
        except Exception:  # noqa: BLE001
            for module in modules:
                module.pop("index", None)
    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load([(m["path"], m["text"]) for m in modules], data)
    except Exception as exc:  # noqa: BLE001
        raise PolicyError(str(exc)) from None
