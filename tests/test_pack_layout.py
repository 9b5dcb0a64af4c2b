"""The default pack is laid out directory-per-package (issue 16, item 7), like OPA's
and Regal's convention: a file's directory, relative to the pack root, is its package
path, and each policy's tests sit beside it. A file added later in the wrong place fails
here; `python3 tools/relayout_pack.py` moves it (see that script)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from claude_rego.policy import policyset

REPO = Path(__file__).resolve().parent.parent
PACK = Path(policyset.default_pack_dir())
NESTED = (PACK / "claude_rego").is_dir()
REGO = sorted(p for p in PACK.rglob("*.rego") if not any(part.startswith(".") for part in p.relative_to(PACK).parts))
PACKAGE = re.compile(r"^[ \t]*package[ \t]+([\w.]+)", re.MULTILINE)


def package(file: Path) -> str:
    match = PACKAGE.search(file.read_text())
    assert match, f"{file}: no package line"
    return match.group(1)


def _id(p: Path) -> str:
    return p.relative_to(PACK).as_posix()


@pytest.mark.skipif(not NESTED, reason="flat pack: run tools/relayout_pack.py (the layout is enforced once it has run)")
@pytest.mark.parametrize("file", REGO, ids=_id)
def test_every_file_sits_in_its_package_directory(file: Path):
    pkg = package(file)
    base = pkg[: -len("_test")] if file.name.endswith("_test.rego") and pkg.endswith("_test") else pkg
    assert file.parent.relative_to(PACK).as_posix() == base.replace(".", "/"), \
        f"{_id(file)} holds package {pkg}: run python3 tools/relayout_pack.py"


@pytest.mark.skipif(not NESTED, reason="flat pack: run tools/relayout_pack.py")
def test_only_data_and_the_readme_at_the_pack_root():
    assert {p.name for p in PACK.iterdir() if not p.name.startswith(".")} <= {"claude_rego", "data.json", "README.md"}


@pytest.mark.parametrize("file", [p for p in REGO if not p.name.endswith("_test.rego")], ids=_id)
def test_every_module_has_its_tests_beside_it(file: Path):
    test = file.with_name(file.stem + "_test.rego")
    assert test.is_file(), f"{_id(file)} has no {test.name} beside it"
    assert package(test) == package(file) + "_test", f"{_id(test)}: the test package is {package(file)}_test"


@pytest.mark.parametrize("file", [p for p in REGO if p.name.endswith("_test.rego")], ids=_id)
def test_every_test_file_is_a_test_package_or_a_test_only_library(file: Path):
    """`x_test.rego` holds `<pkg>_test`, or is a library only tests import (lib/testing),
    which then has no module beside it."""
    pkg = package(file)
    if pkg.endswith("_test"):
        return
    assert pkg.startswith("claude_rego.lib.") and not file.with_name(file.name[: -len("_test.rego")] + ".rego").exists(), \
        f"{_id(file)}: a test file holds a `_test` package, or is a test-only library"


def test_the_relayout_script_leaves_a_laid_out_pack_alone(tmp_path):
    """The script is idempotent: on a laid-out copy it plans no move; on a flat copy it
    plans one move per file and the result passes its own --check."""
    import shutil
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    script = [sys.executable, str(REPO / "tools" / "relayout_pack.py"), "--pack", str(copy), "--no-git"]
    first = subprocess.run(script, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    check = subprocess.run(script + ["--check"], capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout == "", check.stdout
    assert sorted(p.name for p in copy.rglob("*.rego")) == sorted(p.name for p in REGO)
    assert (copy / "claude_rego" / "policies" / "git_safety" / "git_safety.rego").is_file()
    assert (copy / "claude_rego" / "lib" / "settings" / "settings_test.rego").is_file()
    assert (copy / "data.json").is_file() and (copy / "README.md").is_file()
    # a file added later in the flat place is out of place, and moved on the next run
    (copy / "late.rego").write_text("package claude_rego.policies.late\n")
    assert subprocess.run(script + ["--check"], capture_output=True, text=True).returncode == 1
    assert subprocess.run(script, capture_output=True, text=True).returncode == 0
    assert (copy / "claude_rego" / "policies" / "late" / "late.rego").is_file()
    # and the laid-out copy compiles to the same policies as the pack
    assert {p["name"] for p in policyset.compile_sources([str(copy)])["policies"]} == \
        {p["name"] for p in policyset.compile_sources([str(PACK)])["policies"]} | {"late"}


def test_the_wheel_takes_every_rego_file_of_the_pack():
    """pyproject's package data uses one recursive glob for the pack (no per-directory
    packages), so a new package directory ships without an edit there."""
    import tomllib
    from glob import glob
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["claude_rego.default_policies"] == "policies"
    patterns = config["package-data"]["claude_rego.default_policies"]
    source = REPO / "policies"
    shipped = {Path(f).relative_to(source).as_posix() for pattern in patterns
               for f in glob(str(source / pattern), recursive=True)}
    assert {p.relative_to(source).as_posix() for p in source.rglob("*.rego")} <= shipped and "data.json" in shipped
    assert not [p for p in config["packages"] if p.startswith("claude_rego.default_policies.")]
