"""One loader for policy directories: the compiler, `check`, the project layer and the
bundle builder see the same files (dot-files skipped, symlinks and data.yml refused)."""

from __future__ import annotations

import os

import pytest
from claude_rego.decide.layers import LayerRefused, _files
from claude_rego.distribution import bundle as B
from claude_rego.distribution.bundle.archive import _collect
from claude_rego.policy import policyset
from claude_rego.policy.check.text import _rego_files
from claude_rego.policy.sources import SourceRefused, walk

REGO = "package claude_rego.policies.p\n\ndeny contains \"no\" if input.x\n"


def _tree(root):
    (root / "sub").mkdir(parents=True)
    (root / ".hidden").mkdir()
    (root / "p.rego").write_text(REGO)
    (root / "data.json").write_text('{"a": 1}')
    (root / "sub" / "data.yaml").write_text("b: 2\n")
    (root / "README.md").write_text("not policy\n")
    (root / ".x.rego").write_text("this is not rego")
    (root / ".hidden" / "q.rego").write_text("neither is this")
    return root


def test_walk_kinds_and_skips(tmp_path):
    root = _tree(tmp_path / "p")
    kinds = {f.rel: f.kind for f in walk(root)}
    assert kinds == {"p.rego": "rego", "data.json": "data", "sub/data.yaml": "data", "README.md": "skipped",
                     ".x.rego": "skipped", ".hidden": "skipped"}


def test_every_consumer_loads_the_same_files(tmp_path):
    root = _tree(tmp_path / "p")
    src = policyset.read_source(str(root))
    assert [rel for rel, _, _ in src.rego] == ["p.rego"]
    assert sorted(tuple(prefix) for prefix, _, _ in src.data) == [(), ("sub",)]
    assert [os.path.relpath(path, root) for path, _ in _rego_files([str(root)])] == ["p.rego"]
    assert sorted(rel for rel, _ in _files(str(root))) == ["data.json", "p.rego", "sub/data.yaml"]
    files, skipped = _collect(root)
    assert sorted(files) == ["data.json", "p.rego", "sub/data.yaml"]
    assert sorted(skipped) == [".hidden", ".x.rego", "README.md"]


@pytest.mark.parametrize("plant", ["file_link", "dir_link", "data_yml"])
def test_every_consumer_refuses_the_same_things(tmp_path, plant):
    root = _tree(tmp_path / "p")
    if plant == "file_link":
        (root / "link.rego").symlink_to(root / "p.rego")
    elif plant == "dir_link":
        (root / "linked").symlink_to(root / "sub", target_is_directory=True)
    else:
        (root / "data.yml").write_text("c: 3\n")
    with pytest.raises(SourceRefused):
        walk(root)
    with pytest.raises(policyset.PolicyError):
        policyset.read_source(str(root))
    with pytest.raises(LayerRefused):
        _files(str(root))
    with pytest.raises(B.BundleError):
        _collect(root)
    assert any(text.startswith("# refused") for _, text in _rego_files([str(root)]))


def test_a_linked_root_is_followed(tmp_path):
    root = _tree(tmp_path / "p")
    (tmp_path / "link").symlink_to(root, target_is_directory=True)
    assert [f.rel for f in walk(tmp_path / "link")] == [f.rel for f in walk(root)]
