"""Where claude-rego's own governance lives: the `input.facts.governance` fact.

The self_protection policy denies an agent changing these (writes, deletes, locks,
FIFOs, chmod, mv, ln, truncation): they are only known here (where the package is
installed, where XDG_STATE_HOME puts the state, the managed runtime file per OS), so
the query document carries them. Computed from strings and the environment only: no
walk of the file system: besides string work, only the few settings files are read
(non-blocking, regular files only, 1 MB at most) to tell which register claude-rego.
"""

from __future__ import annotations

import os
import sys

from .._platform import managed_dir, read_regular

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the claude_rego package


def _engine_dir() -> str | None:
    """The embedded engine's package directory, without importing it."""
    site = os.path.dirname(_HERE)
    candidate = os.path.join(site, "regorus")
    return candidate if not sys.platform.startswith("win") else None


def _registers_us(path: str) -> bool:
    """Does this settings file register a claude-rego hook? (a FIFO or device: no)"""
    try:
        data = read_regular(path, 1 << 20)
    except OSError:
        return False
    return b"claude_rego" in data or b"claude-rego" in data


def facts(environ, home: str | None, project_dir: str | None) -> dict:
    home = home or os.path.expanduser("~")
    default_state = os.path.join(home, ".local", "state", "claude-rego")
    state = os.path.join(environ.get("XDG_STATE_HOME") or os.path.join(home, ".local", "state"), "claude-rego")
    config_dirs = [os.path.join(home, ".claude")]
    if environ.get("CLAUDE_CONFIG_DIR"):
        config_dirs.append(environ["CLAUDE_CONFIG_DIR"])
    managed = managed_dir()
    settings = [os.path.join(d, name) for d in config_dirs for name in ("settings.json", "settings.local.json")]
    if project_dir:
        settings += [os.path.join(project_dir, ".claude", n) for n in ("settings.json", "settings.local.json")]
    settings += [os.path.join(managed, "managed-settings.json"), os.path.join(managed, "managed-settings.d")]
    package_dirs = [_HERE]
    engine = _engine_dir()
    if engine:
        package_dirs.append(engine)
    if sys.prefix != getattr(sys, "base_prefix", sys.prefix):  # a virtualenv: its interpreter runs the hook
        package_dirs.append(sys.prefix)
    from .hook import MANAGED_RUNTIME

    return {
        "state_dir": state,
        "state_dirs": sorted({state, default_state}),
        "package_dir": _HERE,
        "package_dirs": package_dirs,
        "interpreter": sys.executable,
        "managed_config": MANAGED_RUNTIME,
        "managed_dir": managed,
        "settings_files": settings,
        "hooked_settings_files": [f for f in settings if _registers_us(f)],
        "env_file": environ.get("CLAUDE_ENV_FILE") or None,
    }
