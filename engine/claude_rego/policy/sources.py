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

import os
from pathlib import Path

__all__ = ["DATA_FILE_NAMES", "SourceFile", "SourceRefused", "walk"]

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
