"""Policy sources on disk: the one walker of a policy directory.

Every consumer (the compiler, `check`, the project layer, the bundle builder) lists a
policy directory with `walk`, so the rules are the same everywhere:

- `.rego` files are modules; `data.json` and `data.yaml` are data at their directory's
  path (OPA's bundle names); every other file is skipped (and reported as such);
- anything under a dot-file or dot-directory (`.git/`, `.manifest`, editor files) is skipped;
- a symlink inside the directory is refused (`SourceRefused`): the files loaded are the
  files that are there, never another file's contents (the directory itself may be a link);
- `data.yml` is refused: OPA does not load it, and data silently ignored would change
  decisions without a word.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .snapshot import default_pack_dir, is_builtin

__all__ = ["DATA_FILE_NAMES", "PolicyError", "Source", "SourceFile", "SourceRefused", "compose_data", "read_source",
           "source_data", "walk"]

DATA_FILE_NAMES = ("data.json", "data.yaml")


class SourceRefused(ValueError):
    """A policy directory holds something no loader accepts (a symlink, `data.yml`)."""

    def __init__(self, code: str, rel: str, message: str):
        super().__init__(f"{rel}: {message}")
        self.code, self.rel = code, rel


class SourceFile:
    """One file of a policy source: its path relative to the source root, and its kind."""

    __slots__ = ("rel", "path", "kind")

    def __init__(self, rel: str, path: Path, kind: str):
        self.rel, self.path, self.kind = rel, path, kind  # kind: "rego" | "data" | "skipped"

    @property
    def prefix(self) -> list[str]:
        """The data path a data file's values belong to (its directory, relative to the root)."""
        return list(Path(self.rel).parent.parts)


def walk(root: str | os.PathLike) -> list[SourceFile]:
    """The files of a policy directory (or the one file `root`), sorted by relative path.
    Raises SourceRefused (a symlink or data.yml inside) and OSError (unreadable directory)."""
    root = Path(root)
    if root.is_file():
        return [SourceFile(root.name, root, _kind(root.name))]
    found: list[SourceFile] = []
    for base, dirs, names in os.walk(root, followlinks=False, onerror=_raise):
        rel_base = Path(base).relative_to(root)
        for name in sorted(dirs):
            if not name.startswith(".") and os.path.islink(os.path.join(base, name)):
                raise SourceRefused("symlink", (rel_base / name).as_posix(), "is a symlink; copy the files instead")
        skipped_dirs = [d for d in dirs if d.startswith(".")]
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in skipped_dirs:
            found.append(SourceFile((rel_base / name).as_posix(), Path(base) / name, "skipped"))
        for name in names:
            path, rel = Path(base) / name, (rel_base / name).as_posix()
            if name.startswith("."):
                found.append(SourceFile(rel, path, "skipped"))
                continue
            if path.is_symlink():
                raise SourceRefused("symlink", rel, "is a symlink; copy the file instead")
            if name == "data.yml":
                raise SourceRefused("data-yml", rel, "OPA bundles load data.yaml, not data.yml; rename it")
            found.append(SourceFile(rel, path, _kind(name)))
    return sorted(found, key=lambda f: f.rel)


def _kind(name: str) -> str:
    if name.endswith(".rego"):
        return "rego"
    return "data" if name in DATA_FILE_NAMES or name == "data.yml" else "skipped"


def _raise(exc: OSError) -> None:
    raise exc


# ------------------------------------------------------------------ reading a source

MAX_MODULE_BYTES = 1024 * 1024

class PolicyError(Exception):
    """A policy source cannot be compiled; the message names the file."""



class Source:
    """One policy source as read from disk: its Rego files (tests included) and data files."""

    __slots__ = ("label", "root", "rego", "data")

    def __init__(self, label: str, root: Path):
        self.label, self.root = label, root
        self.rego: list[tuple[str, Path, str]] = []  # (path relative to the source, file, text)
        self.data: list[tuple[list[str], Path, object]] = []  # (data path prefix, file, value)


def read_source(source: str) -> Source:
    """Read a policy directory or file (`builtin:` = the built-in pack). Raises PolicyError."""
    root = Path(default_pack_dir() if is_builtin(source) else source)
    if not root.exists():
        raise PolicyError(f"{source}: no such file or directory")
    src = Source(source if is_builtin(source) else str(root), root)
    try:
        files = walk(root)
    except SourceRefused as exc:
        raise PolicyError(f"{root}/{exc}") from None
    for entry in files:
        if entry.kind == "rego":
            src.rego.append((entry.rel, entry.path, _read_text(entry.path)))
        elif entry.kind == "data":
            src.data.append((entry.prefix, entry.path, _read_data(entry.path)))
    return src


def _read_text(file: Path) -> str:
    if file.stat().st_size > MAX_MODULE_BYTES:
        raise PolicyError(f"{file}: larger than {MAX_MODULE_BYTES} bytes")
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise PolicyError(f"{file}: not UTF-8 ({exc})") from None


def _read_data(file: Path):
    text = _read_text(file)
    try:
        if file.suffix == ".json":
            return json.loads(text)
        import yaml  # compile time only
        return yaml.safe_load(text)
    except Exception as exc:  # noqa: BLE001 — any parser error is the file's fault
        raise PolicyError(f"{file}: invalid data file: {exc}") from None


def _merge_at(data: dict, prefix: list[str], value, file: Path) -> None:
    node = data
    for key in prefix:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise PolicyError(f"{file}: data path {'/'.join(prefix)} collides with a value")
    if not prefix and not isinstance(value, dict):
        raise PolicyError(f"{file}: a root data file must hold an object")
    if isinstance(value, dict):
        for key, item in value.items():
            if key in node and isinstance(node[key], dict) and isinstance(item, dict):
                _merge_at(node, [key], item, file)
            elif key in node:
                raise PolicyError(f"{file}: data key {'/'.join(prefix + [key])} defined twice")
            else:
                node[key] = item
    else:
        parent = data
        for key in prefix[:-1]:
            parent = parent[key]
        parent[prefix[-1]] = value



# ------------------------------------------------------------------ composing data

def source_data(src: Source) -> dict:
    """A source's data files merged at their directory paths (OPA bundle rules: a key
    defined by two files of one source is an error)."""
    data: dict = {}
    for prefix, file, value in src.data:
        _merge_at(data, prefix, value, file)
    return data


def compose_data(sources: list[Source]) -> tuple[dict, list[tuple[str, str]]]:
    """The data of several sources, later sources overlaying earlier ones (docs/composition.md):
    objects merge key by key, anything else (a list, a string, a number) is replaced whole.
    Returns (data, [(overridden dotted path, source label)])."""
    data: dict = {}
    overrides: list[tuple[str, str]] = []
    for src in sources:
        _overlay(data, source_data(src), [], src.label, overrides)
    return data, overrides


def _overlay(base: dict, top: dict, path: list[str], label: str, overrides: list) -> None:
    for key, value in top.items():
        if key in base and isinstance(base[key], dict) and isinstance(value, dict):
            _overlay(base[key], value, path + [key], label, overrides)
        else:
            if key in base:
                overrides.append((".".join(path + [key]), label))
            base[key] = value
