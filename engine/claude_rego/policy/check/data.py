"""Data files: conflicts inside a source, and overlays that cannot take effect."""

from __future__ import annotations

import re
from pathlib import Path

from .findings import Finding


def data_findings(read) -> list[Finding]:
    """Data files: conflicts inside one source, and overlays that cannot take effect (a
    setting the built-in pack does not have, a policy name that does not exist)."""
    from ..snapshot import ENGINE_SWITCHES, is_builtin
    from ..sources import PolicyError, _merge_at

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
        found_root = data.get("claude_rego")
        root: dict = found_root if isinstance(found_root, dict) else {}
        settings = root.get("settings")
        engine = root.get("engine")
        file = next((f for _, f, v in src.data if isinstance(v, dict) and "claude_rego" in v), src.label)
        if isinstance(settings, dict) and base_settings is not None:
            for key in settings:
                if key in ENGINE_SWITCHES:
                    found.append(Finding(file, _json_key_line(file, key), "warning", "deprecated-setting",
                                         f"`claude_rego.settings.{key}` is an engine switch: move it to "
                                         f"`claude_rego.engine.{key}` (still read from settings, deprecated)"))
                elif key not in base_settings:
                    found.append(Finding(file, _json_key_line(file, key), "warning", "unknown-setting",
                                         f"`claude_rego.settings.{key}` is not a setting of the built-in pack "
                                         f"(known: {', '.join(sorted(base_settings))}); it has no effect there"))
        if isinstance(engine, dict):
            for key in engine:
                if key not in ENGINE_SWITCHES:
                    found.append(Finding(file, _json_key_line(file, key), "warning", "unknown-setting",
                                         f"`claude_rego.engine.{key}` is not an engine switch "
                                         f"(known: {', '.join(ENGINE_SWITCHES)}); it has no effect"))
        for namespace in (settings, engine):
            if not isinstance(namespace, dict):
                continue
            for key in ENGINE_SWITCHES:
                for name in namespace.get(key) or () if isinstance(namespace.get(key), list) else ():
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
