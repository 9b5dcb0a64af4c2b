"""Policy METADATA: the package-scope annotation block (OPA syntax) and the claude-rego
keys in it (`custom.mode`, `custom.routing`); the package roots policies and libraries live under."""

from __future__ import annotations

import re

from .sources import PolicyError

__all__ = ["LIB_ROOT", "POLICY_ROOT", "parse_metadata"]

POLICY_ROOT = "claude_rego.policies."
LIB_ROOT = "claude_rego.lib."

_PACKAGE_RE = re.compile(r"^[ \t]*package[ \t]+([A-Za-z_][\w.]*)", re.MULTILINE)



def parse_metadata(text: str) -> dict:
    """The package-scope METADATA block (OPA annotation syntax), parsed as YAML."""
    lines = text.splitlines()
    package_line = next((i for i, ln in enumerate(lines) if _PACKAGE_RE.match(ln)), None)
    if package_line is None:
        return {}
    start = package_line
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    block = lines[start:package_line]
    for i, line in enumerate(block):
        if line.strip() == "# METADATA":
            body = [re.sub(r"^\s*# ?", "", ln, count=1) for ln in block[i + 1:]]
            import yaml  # compile time only
            try:
                meta = yaml.safe_load("\n".join(body)) or {}
            except yaml.YAMLError as exc:
                raise PolicyError(f"invalid METADATA: {exc}") from None
            if not isinstance(meta, dict):
                raise PolicyError("METADATA must be a mapping")
            return meta
    return {}


def _mode(meta: dict, path: str) -> str:
    mode = (meta.get("custom") or {}).get("mode", "enforce")
    if mode not in ("enforce", "monitor"):
        raise PolicyError(f"{path}: custom.mode must be enforce or monitor, not {mode!r}")
    return mode


def _routing(meta: dict, path: str) -> dict:
    routing = (meta.get("custom") or {}).get("routing") or {}
    if not isinstance(routing, dict):
        raise PolicyError(f"{path}: custom.routing must be a mapping")
    clean = {}
    for key in ("events", "tools", "tool_classes"):
        value = routing.get(key)
        if value is None:
            continue
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise PolicyError(f"{path}: custom.routing.{key} must be a list of strings")
        clean[key] = value
    unknown = set(routing) - {"events", "tools", "tool_classes"}
    if unknown:
        raise PolicyError(f"{path}: unknown custom.routing keys {sorted(unknown)}")
    return clean
