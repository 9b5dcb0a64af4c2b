"""Where files sit: the structural rules of a pack laid out directory-per-package (the
Regal convention the built-in pack follows; .regal/config.yaml records the rest)."""

from __future__ import annotations

import re

from .findings import Finding

_PACKAGE = re.compile(r"^[ \t]*package[ \t]+([\w.]+)", re.MULTILINE)


def layout_findings(src) -> list[Finding]:
    """A source opts in to the directory-per-package layout by having its packages'
    first component as a directory at its root (the built-in pack: `claude_rego/`).
    Then every file's directory is its package path (a test package `<pkg>_test` sits
    in `<pkg>`'s directory), as Regal's `directory-package-mismatch`. In any source, a
    `_test` package in a file the compiler keeps (not `*_test.rego`) is reported: its
    tests would ship in the snapshot."""
    found: list[Finding] = []
    packages = [(rel, file, match.group(1)) for rel, file, text in src.rego
                if (match := _PACKAGE.search(text))]
    for rel, file, package in packages:
        if package.endswith("_test") and not rel.endswith("_test.rego"):
            found.append(Finding(file, _line(file, src), "warning", "test-file-name",
                                 f"package `{package}` is a test package in a file not named `*_test.rego`: "
                                 "the compiler keeps it, so its tests ship with the policies"))
    roots = {package.split(".", 1)[0] for _, _, package in packages}
    if not any((src.root / root).is_dir() for root in roots) or not src.root.is_dir():
        return found
    for rel, file, package in packages:
        base = package[: -len("_test")] if package.endswith("_test") and rel.endswith("_test.rego") else package
        directory = rel.rsplit("/", 1)[0] if "/" in rel else ""
        if directory != base.replace(".", "/"):
            found.append(Finding(file, _line(file, src), "warning", "package-directory",
                                 f"package `{package}` belongs in `{base.replace('.', '/')}/`, not `{directory or '.'}/` "
                                 "(this source is laid out directory-per-package)"))
    return found


def _line(file, src) -> int:
    text = next((t for _, f, t in src.rego if f == file), "")
    match = _PACKAGE.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else 1
