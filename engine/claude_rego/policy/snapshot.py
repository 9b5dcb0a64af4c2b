"""Compiled policy snapshots: what the hook reads on its hot path, with `json` and `os` only.

A snapshot is one JSON file: Rego modules, data, and per-policy routing and verbs,
compiled from sources by `claude_rego.policy.policyset` (at build or activation time, never
per tool call). This module only reads snapshots and picks the rules to evaluate.
"""

from __future__ import annotations

import json
import os

SNAPSHOT_FORMAT = "claude-rego-snapshot/1"
DEFAULT_SNAPSHOT_NAME = "default_pack.snapshot.json"
_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the claude_rego package


class SnapshotError(Exception):
    """A snapshot file is missing, unreadable or not a snapshot."""


def read(path: str) -> dict:
    try:
        with open(path, "rb") as fh:
            snapshot = json.loads(fh.read())
    except (OSError, ValueError) as exc:
        raise SnapshotError(f"{path}: {exc}") from None
    if not isinstance(snapshot, dict) or snapshot.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError(f"{path}: not a {SNAPSHOT_FORMAT} snapshot")
    return snapshot


def loaded_text(module: dict) -> str:
    """The text an engine loads for a snapshot module: its rule-indexed form when the
    compiler indexed it (policy/index.py: the same rules, grouped behind one test per
    group), else its text. Tools that map lines or show source (explain, an OPA server's
    copy) use `text`."""
    record = module.get("index")
    if not isinstance(record, dict):
        return module["text"]
    from .index import apply  # small (json only)

    return apply(module["text"], record)


def default_snapshot_path() -> str | None:
    """The default pack's snapshot as installed (built into the wheel), if present."""
    candidate = os.path.join(_HERE, DEFAULT_SNAPSHOT_NAME)
    return candidate if os.path.isfile(candidate) else None


def default_pack_dir() -> str:
    """The default pack's sources: packaged beside us, or `policies/` in a checkout."""
    packaged = os.path.join(_HERE, "default_policies")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(os.path.dirname(_HERE)), "policies")


# The built-in pack, by name, wherever a policy source is expected (`--policies builtin:`).
BUILTIN = "builtin:"
BUILTIN_NAMES = ("builtin:", "@builtin")


def is_builtin(source: str) -> bool:
    return source in BUILTIN_NAMES


def is_snapshot_file(source: str) -> bool:
    return source.endswith(".json") and os.path.isfile(source)


def compose(policies: list[str] | None, *, builtin: bool = True) -> list[str] | None:
    """The sources a command line means (docs/composition.md): user/org policies are ADDED to
    the built-in pack, which comes first so their data overlays its defaults; `builtin=False`
    (`--no-builtin`) evaluates exactly the given sources. One compiled snapshot is a complete
    policy set (whatever was composed when it was compiled) and is taken as is. None = the
    built-in pack alone."""
    pack = os.path.realpath(default_pack_dir())
    policies = [BUILTIN if p and os.path.realpath(p) == pack else p for p in policies or () if p]
    if not policies:
        return None
    if len(policies) == 1 and (is_snapshot_file(policies[0]) or is_builtin(policies[0])):
        return policies
    if builtin and not any(is_builtin(p) for p in policies):
        return [BUILTIN] + policies
    return policies


def needed_modules(snapshot: dict, policies) -> list[dict] | None:
    """The modules evaluating these policies can touch: their files and, transitively,
    the modules those refer to (`deps`, recorded at compile time). None when the snapshot
    predates dependency records: then everything is needed."""
    modules = snapshot["modules"]
    if any("deps" not in module for module in modules) or any(not policy.get("files") for policy in policies):
        return None  # no dependency records, or a policy entry without its files: cannot tell
    by_path = {module["path"]: module for module in modules}
    todo = [path for policy in policies for path in policy["files"]]
    seen: set[str] = set()
    while todo:
        path = todo.pop()
        if path in seen or path not in by_path:
            continue
        seen.add(path)
        todo += by_path[path]["deps"]
    return [module for module in modules if module["path"] in seen]


ALL_FACTS = "*"  # a module's `facts` record: it may read every fact


def facts_needed(snapshot: dict, policies) -> frozenset[str] | None:
    """The facts (`input.facts.<key>`, or `secrets.<part>`) evaluating these policies can read:
    the `facts` records (policyset.facts_read) of every module they can touch
    (needed_modules). None = every fact: a snapshot without the records (compiled before
    them), a module that reads the facts whole or by a computed key. Derived from the
    compiled policies only, never from the input."""
    modules = needed_modules(snapshot, policies)
    if modules is None:
        return None
    needs: set[str] = set()
    for module in modules:
        read = module.get("facts")
        if not isinstance(read, list) or ALL_FACTS in read:
            return None
        needs.update(read)
    return frozenset(needs)


ENGINE_NAMESPACE = "engine"
ENGINE_SWITCHES = ("disabled_policies", "monitor_policies", "enforce_policies")
LEGACY_SWITCH_NAMESPACE = "settings"  # deprecated place of the switches: still read, `check` warns


def engine_switch(snapshot: dict, key: str) -> set[str]:
    """A switch the engine (not the Rego) reads: policy names listed in
    `data.claude_rego.engine.<key>`, plus the deprecated `data.claude_rego.settings.<key>`
    (overlays written before the switches left the pack's tunables). Malformed values
    count as empty: data is attacker-adjacent, the hot path must not raise."""
    root = (snapshot.get("data") or {}).get("claude_rego")
    if not isinstance(root, dict):
        return set()
    names: set[str] = set()
    for namespace in (ENGINE_NAMESPACE, LEGACY_SWITCH_NAMESPACE):
        switches = root.get(namespace)
        value = switches.get(key) if isinstance(switches, dict) else None
        if isinstance(value, list):
            names.update(name for name in value if isinstance(name, str))
    return names


def routed_rules(snapshot: dict, event: str, tool_name: str | None, tool_cls: str | None):
    """The (policy, rule path) pairs to evaluate for this event and tool."""
    disabled = engine_switch(snapshot, "disabled_policies")
    for policy in snapshot["policies"]:
        if policy["name"] in disabled or not routes(policy.get("routing") or {}, event, tool_name, tool_cls):
            continue
        for verb in policy["verbs"]:
            yield policy, f"data.{policy['package']}.{verb}"


def routes(routing: dict, event: str, tool_name: str | None, tool_cls: str | None) -> bool:
    events = routing.get("events")
    if events and event not in events:
        return False
    tools, classes = routing.get("tools"), routing.get("tool_classes")
    if not tools and not classes:
        return True
    if tool_name is None:
        return False
    if classes and tool_cls in classes:
        return True
    if not tools:
        return False
    return any(_matches(tool_name, pattern) for pattern in tools)


def _matches(name: str, pattern: str) -> bool:
    if "*" not in pattern and "?" not in pattern and "[" not in pattern:
        return name == pattern
    from fnmatch import fnmatchcase

    return fnmatchcase(name, pattern)


def policy_mode(snapshot: dict, policy: dict) -> str:
    """enforce or monitor: METADATA `custom.mode`, overridden by data
    `claude_rego.engine.monitor_policies` / `enforce_policies` (staged rollouts)."""
    if policy["name"] in engine_switch(snapshot, "enforce_policies"):
        return "enforce"
    if policy["name"] in engine_switch(snapshot, "monitor_policies"):
        return "monitor"
    return policy.get("mode") or "enforce"
