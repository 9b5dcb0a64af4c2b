"""MCP git tools: the repository path is where the tool works, not a destination (red-team class B8).

The reference git server (modelcontextprotocol/servers src/git: git_status, git_diff_unstaged,
git_diff_staged, git_diff, git_commit, git_add, git_reset, git_log, git_create_branch,
git_checkout, git_show, git_init, git_branch) takes `repo_path`; a write verb in the tool's
name (create, reset) made it a write of the project root. It is a path the tool may change
files inside (access unknown: outside the project it is asked about), and its revision
fields (target, branch_name, base_branch, contains) are revisions, not paths. A tool that
removes or moves what it names keeps the write.
"""

from __future__ import annotations

import pytest
from claude_rego.facts.paths.effects import tool_effects

REPO = "/home/dev/project"


def _paths(tool, args):
    return [(f, raw, access) for f, raw, access in tool_effects(tool, args)["paths"]]


@pytest.mark.parametrize("tool,args", [
    ("git_create_branch", {"branch_name": "feature/x", "base_branch": "main"}),
    ("git_reset", {}),
    ("git_commit", {"message": "fix"}),
    ("git_checkout", {"branch_name": "feature/x"}),
    ("git_init", {}),
])
def test_the_repository_of_a_git_tool_is_not_a_destination(tool, args):
    paths = _paths(f"mcp__git__{tool}", {"repo_path": REPO, **args})
    assert ("repo_path", REPO, "unknown") in paths
    assert not any(access == "write" for _, _, access in paths)


@pytest.mark.parametrize("tool,args", [
    ("git_diff", {"target": "main"}),
    ("git_branch", {"branch_type": "local", "contains": "a1b2c3d", "not_contains": "e4f5a6b"}),
    ("git_create_branch", {"branch_name": "release/1.2", "base_branch": "main"}),
])
def test_revision_fields_are_not_paths(tool, args):
    fields = {f for f, _, _ in _paths(f"mcp__git__{tool}", {"repo_path": REPO, **args})}
    assert fields == {"repo_path"}


def test_a_revision_naming_a_file_is_still_a_read():
    assert ("revision", ".env", "read") in _paths("mcp__git__git_show", {"repo_path": REPO, "revision": "HEAD:.env"})


def test_a_tool_that_removes_the_repository_still_writes_it():
    assert ("repo_path", REPO, "write") in _paths("mcp__git__delete_repository", {"repo_path": REPO})
    assert ("path", REPO, "write") in _paths("mcp__git__git_rm", {"path": REPO})
