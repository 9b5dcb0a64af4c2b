"""The package layout is the architecture (docs/architecture.md): which package may
import which, no cycles, and the public API that existing installs and library
users depend on.

Imports are read from the source (function-local ones included), so a lazy import
cannot hide a dependency.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from collections import defaultdict
from pathlib import Path

import claude_rego
import pytest

PACKAGE = Path(claude_rego.__file__).parent

# Units are the subpackages and the top-level modules. `claude_rego` itself (its
# __init__: __version__, CONTRACT_VERSION) may be imported by everyone.
ALLOWED = {
    "_platform": set(),
    "_isolation": set(),
    "facts": set(),
    "engines": set(),
    "policy": {"_platform", "_isolation", "engines"},
    "decide": {"engines", "policy"},
    "claudecode": {"_platform", "_isolation", "facts", "engines", "decide", "policy", "audit"},
    "audit": {"_platform"},
    "distribution": {"_platform", "policy"},
    "service": {"_platform", "audit", "claudecode", "decide", "distribution", "policy"},
    "api": {"claudecode", "decide"},
    "sdk": {"audit", "claudecode", "decide", "policy"},
    "cli": {"api", "audit", "claudecode", "decide", "distribution", "policy", "service"},
    "entry": {"claudecode", "cli"},
    "__main__": {"entry"},
}


# What nothing below the command line may ever import.
NEVER = {
    "facts": {"claudecode", "decide", "policy", "distribution", "audit", "cli", "service", "engines", "api", "sdk"},
    "engines": {"claudecode", "decide", "policy", "distribution", "audit", "cli", "service", "api", "sdk"},
    "_platform": {"claudecode", "decide", "policy", "distribution", "audit", "cli", "service", "api", "sdk"},
    "_isolation": {"claudecode", "decide", "policy", "distribution", "audit", "cli", "service", "api", "sdk"},
    # The core gets the host protocol as an adapter (decide/adapter.py), never imports it.
    "decide": {"claudecode", "cli", "distribution", "audit", "service", "sdk", "api"},
    # Author tools that run the decision path (`test --fixtures`) take it as a parameter, and
    # `check` takes the host's vocabulary as one (policy/vocabulary.py): the toolchain never
    # knows Claude Code.
    "policy": {"claudecode", "cli", "distribution", "audit", "service", "sdk", "api", "decide"},
    # Replay takes the decision path as a parameter; the hook logs here.
    "audit": {"claudecode", "decide", "policy", "distribution", "cli", "service", "api", "sdk"},
    # The hook knows the service's http hooks by their shape, never by importing the service.
    "claudecode": {"cli", "distribution", "service", "api", "sdk"},
}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "claude_rego"


def _imports() -> dict[str, dict[str, list[str]]]:
    """unit → imported unit → [where]"""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts)
        package = module.rsplit(".", 1)[0]
        if path.name == "__init__.py":
            module = package
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target == "claude_rego":
                    targets = [f"claude_rego.{alias.name}" for alias in node.names]
                elif target.startswith("claude_rego."):
                    targets = [target]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names if alias.name.startswith("claude_rego")]
            for target in targets:
                if target in ("claude_rego.__version__", "claude_rego.CONTRACT_VERSION"):
                    continue
                a, b = _unit(module), _unit(target)
                if a != b and b != "claude_rego":
                    found[a][b].append(f"{module}:{node.lineno}")
    return found


def test_every_unit_is_declared():
    units = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
             if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}
    assert units - {"default_policies"} == set(ALLOWED)  # default_policies: the pack, in a wheel


def test_imports_follow_the_allowed_directions():
    wrong = {f"{a} → {b}": where for a, targets in _imports().items() for b, where in targets.items()
             if b not in ALLOWED.get(a, set())}
    assert not wrong, wrong


def test_the_core_never_imports_the_outer_layers():
    imports = _imports()
    wrong = {f"{a} → {b}": imports[a][b] for a, banned in NEVER.items() for b in banned if b in imports.get(a, {})}
    assert not wrong, wrong


def test_nothing_imports_the_command_line():
    wrong = {a: targets["cli"] for a, targets in _imports().items() if "cli" in targets and a != "entry"}
    assert not wrong, wrong


def _cycle_edges(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Edges inside a strongly connected component (Tarjan)."""
    index, low, stack, on, comp = {}, {}, [], set(), {}
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            while True:
                w = stack.pop()
                on.discard(w)
                comp[w] = v
                if w == v:
                    break

    for v in list(graph):
        if v not in index:
            visit(v)
    return {(a, b) for a, targets in graph.items() for b in targets if comp.get(a) == comp.get(b)}


def test_no_cycles_between_packages():
    graph = {a: set(targets) for a, targets in _imports().items()}
    cycles = _cycle_edges(graph)
    assert not cycles, sorted(cycles)


def _runtime_nodes(tree):
    """Every node except those under `if TYPE_CHECKING:` (annotations only, never imported)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


@pytest.mark.parametrize("package", ["policy", "policy/check", "distribution/bundle", "cli"])
def test_no_cycles_inside_a_package(package):
    """policy: sources ← metadata, astview ← check ← policyset (snapshot is read, never
    compiles); check and bundle: one module per concern, in one direction."""
    edges: dict[str, set[str]] = defaultdict(set)
    for path in sorted((PACKAGE / package).glob("*.py")):
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [alias.name for alias in node.names]
                edges[path.stem] |= {n.split(".")[0] for n in names if n != path.stem}
    edges.pop("__init__", None)  # the package's front door (load_snapshot) sits above everything
    assert not _cycle_edges(edges), sorted(_cycle_edges(edges))


# ------------------------------------------------------------------------------ public API

PUBLIC = {
    "claude_rego": ["CONTRACT_VERSION", "__version__"],
    "claude_rego.entry": ["main"],
    "claude_rego.api": ["Evaluator", "decide_hook", "evaluate_hook", "evaluator_for"],
    "claude_rego.sdk": ["PolicyHooks", "PolicyRefused", "SDK_EVENTS", "EVENTS"],
    "claude_rego.policy": ["load_snapshot"],
    "claude_rego.policy.sources": ["DATA_FILE_NAMES", "PolicyError", "Source", "SourceFile", "SourceRefused",
                                   "compose_data", "read_source", "source_data", "walk"],
    "claude_rego._platform": ["NotRegularFile", "SAFE_OPEN_FLAGS", "atomic_write", "managed_dir", "open_regular",
                              "read_regular", "try_lock", "unlock"],
}


def test_the_public_api_is_declared_and_importable():
    for name, expected in PUBLIC.items():
        module = importlib.import_module(name)
        assert sorted(module.__all__) == sorted(expected), name
        for attr in expected:
            assert hasattr(module, attr), f"{name}.{attr}"


def test_registered_hook_commands_keep_working():
    """Installed hooks run `from claude_rego.entry import main; main()` and the console
    script is `claude_rego.entry:main`: both must survive any re-layout."""
    from claude_rego.claudecode.install import MARKER, hook_command

    assert MARKER == "from claude_rego.entry import main"
    assert MARKER in hook_command("PreToolUse")
    assert callable(importlib.import_module("claude_rego.entry").main)
    assert importlib.util.find_spec("claude_rego.__main__") is not None  # `python -m claude_rego`


def test_engine_capabilities_are_declared_not_probed():
    from claude_rego.engines.base import PolicyEngine
    from claude_rego.engines.opa_server import OpaServerEngine
    from claude_rego.engines.regorus_engine import RegorusEngine

    assert PolicyEngine.loads_incrementally is False
    assert RegorusEngine.loads_incrementally is True and OpaServerEngine.loads_incrementally is False
    probes = [f"{path.relative_to(PACKAGE)}" for path in PACKAGE.rglob("*.py")
              if 'getattr(engine, "loads_incrementally"' in path.read_text(encoding="utf-8")
              or "hasattr(engine" in path.read_text(encoding="utf-8")]
    assert not probes, probes
