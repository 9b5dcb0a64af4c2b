#!/usr/bin/env python3
"""Lay the default pack out directory-per-package (issue 16, item 7).

Every `.rego` file under `policies/` moves (with `git mv`) to the directory of its
`package` line, relative to the pack root:

    package claude_rego.policies.git_safety       -> policies/claude_rego/policies/git_safety/git_safety.rego
    package claude_rego.policies.git_safety_test  -> policies/claude_rego/policies/git_safety/git_safety_test.rego
    package claude_rego.lib.paths                 -> policies/claude_rego/lib/paths/paths.rego
    package claude_rego.lib.testing_test          -> policies/claude_rego/lib/testing/testing_test.rego

A test package (`<pkg>_test`) sits beside the package it tests. The file name is kept.
`policies/data.json` and `policies/README.md` stay at the pack root: data.json spans
two namespaces (`claude_rego.settings`, `claude_rego.engine`), and a data file at a
bundle's root is data at the root of `data` both for OPA's loader and for
`claude_rego.policy.sources.walk`, so no path component is needed.

The script is idempotent: files already in place are left alone, so it can be run again
after merging branches that added files in the old flat layout. Run it from anywhere
inside the repository:

    python3 tools/relayout_pack.py            # move (git mv), print what moved
    python3 tools/relayout_pack.py --check    # exit 1 and list the files out of place
    python3 tools/relayout_pack.py --no-git   # plain renames (outside a git checkout)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = re.compile(r"^[ \t]*package[ \t]+([A-Za-z_][\w.]*)", re.MULTILINE)
KEEP_AT_ROOT = ("data.json", "data.yaml", "README.md")


def target_dir(package: str) -> Path:
    """The directory (relative to the pack root) that a package's files belong in."""
    parts = package.split(".")
    if parts[-1].endswith("_test") and len(parts[-1]) > len("_test"):
        parts[-1] = parts[-1][: -len("_test")]
    return Path(*parts)


def package_of(file: Path) -> str | None:
    match = PACKAGE.search(file.read_text(encoding="utf-8"))
    return match.group(1) if match else None


def planned_moves(pack: Path) -> list[tuple[Path, Path]]:
    """(from, to) for every .rego file not in its package's directory."""
    moves = []
    for file in sorted(pack.rglob("*.rego")):
        if any(part.startswith(".") for part in file.relative_to(pack).parts):
            continue
        package = package_of(file)
        if package is None:
            raise SystemExit(f"{file}: no package line")
        target = pack / target_dir(package) / file.name
        if file != target:
            moves.append((file, target))
    return moves


def _empty_dirs(pack: Path) -> list[Path]:
    return sorted((d for d in pack.rglob("*") if d.is_dir() and not any(d.iterdir())), reverse=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", type=Path, default=Path(__file__).resolve().parent.parent / "policies")
    parser.add_argument("--check", action="store_true", help="list files out of place, exit 1 if any")
    parser.add_argument("--no-git", action="store_true", help="rename without git mv")
    args = parser.parse_args(argv)
    pack = args.pack.resolve()
    moves = planned_moves(pack)
    targets = [to for _, to in moves]
    clashes = sorted({t for t in targets if targets.count(t) > 1 or t.exists()})
    if clashes:
        print("refusing: two files would land on the same path: " + ", ".join(map(str, clashes)), file=sys.stderr)
        return 2
    if args.check:
        for src, dst in moves:
            print(f"{src.relative_to(pack)} -> {dst.relative_to(pack)}")
        return 1 if moves else 0
    for src, dst in moves:
        dst.parent.mkdir(parents=True, exist_ok=True)
        if args.no_git:
            os.replace(src, dst)
        else:
            subprocess.run(["git", "mv", str(src), str(dst)], cwd=pack, check=True)
        print(f"moved {src.relative_to(pack)} -> {dst.relative_to(pack)}")
    for directory in _empty_dirs(pack):
        directory.rmdir()
    print(f"{len(moves)} file(s) moved; the pack is laid out by package" if moves else "already laid out by package")
    return 0


if __name__ == "__main__":
    sys.exit(main())
