"""The host resolver's per-call cache (facts/paths/resolve.py cached_realpath) answers
exactly like os.path.realpath: links to directories, relative and absolute targets, `..`
after a link, loops, dangling links, a file used as a directory, missing names, `//`."""

from __future__ import annotations

import os
import random
import sys

import pytest
from claude_rego.facts.paths.resolve import cached_realpath

pytestmark = pytest.mark.skipif(os.name != "posix" or sys.platform == "win32", reason="posix symlinks")

_LINKS = {"a/l1": "b", "a/b/l2": "../../d", "d/loop1": "loop2", "d/loop2": "loop1", "a/dang": "nowhere/x",
          "d/e/up": "..", "d/self": ".", "a/b/c/toroot": "/", "a/b/fl": "f", "a/chain": "l1/l2"}
_NAMES = ["a", "b", "c", "d", "e", "f", "l1", "l2", "loop1", "loop2", "abs", "dang", "up", "self", "toroot", "fl",
          "chain", "..", ".", "", "x", "etc"]


@pytest.fixture()
def tree(tmp_path):
    root = str(tmp_path)
    os.makedirs(f"{root}/a/b/c")
    os.makedirs(f"{root}/d/e")
    open(f"{root}/a/b/f", "w").close()
    for link, target in {**_LINKS, "a/abs": f"{root}/d/e"}.items():
        os.symlink(target, f"{root}/{link}")
    return root


def test_cached_realpath_equals_realpath(tree):
    rng = random.Random(12)
    shared = cached_realpath()  # one cache over many paths, as within one tool call
    for _ in range(3000):
        parts = [rng.choice(_NAMES) for _ in range(rng.randint(1, 6))]
        base = rng.choice([tree, tree + "/", tree + "/a", "/", "//"])
        path = base.rstrip("/") + "/" + "/".join(parts) if base.strip("/") else base + "/".join(parts)
        expected = os.path.realpath(path)
        assert shared(path) == expected, path
        assert cached_realpath()(path) == expected, path


def test_cached_realpath_follows_a_link_in_the_last_component(tree):
    resolve = cached_realpath()
    assert resolve(f"{tree}/a/b/c/x") == os.path.realpath(f"{tree}/a/b/c/x")  # caches a/b/c
    assert resolve(f"{tree}/a/b/c/toroot") == "/"
    assert resolve(f"{tree}/a/b/fl") == os.path.realpath(f"{tree}/a/b/f")
    # after a loop realpath stops resolving, and an empty component then restarts at /
    assert resolve(f"{tree}/d/loop2//dang") == os.path.realpath(f"{tree}/d/loop2//dang")
    with pytest.raises(ValueError):
        resolve(f"{tree}/a/b/c/x\0y")
