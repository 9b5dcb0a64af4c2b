"""h12-c8a facts: `git --git-dir`/`--work-tree` read like GIT_DIR/GIT_WORK_TREE, and every
spelling of xargs' replace string substituted like `-I{}`."""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from claude_rego.facts.shell import parse_command
from claude_rego.facts.shell.stdin import xargs_replace
from test_default_pack_bypass import assert_asked, assert_denied, assert_not_denied


@pytest.mark.parametrize("command, key, value", [
    ("git --git-dir=/tmp/evil.git status", "GIT_DIR", "/tmp/evil.git"),
    ("git --git-dir /tmp/evil.git log", "GIT_DIR", "/tmp/evil.git"),
    ("git --work-tree=/etc add -A", "GIT_WORK_TREE", "/etc"),
    ("git --work-tree / status", "GIT_WORK_TREE", "/"),
])
def test_git_dir_and_work_tree_options_are_read_like_the_environment(command, key, value):
    seg = parse_command(command)["segments"][0]
    assert {"tool": "env", "key": key, "value": value} in seg["config_exec"]
    assert key in assert_asked(command)


@pytest.mark.parametrize("command", [
    "git --git-dir=.git status", "git --work-tree=. status", "git --git-dir=./sub/.git log",
    "git --git-dir=/home/dev/project/.git --work-tree=/home/dev/project status", "GIT_DIR=.git git status",
])
def test_git_dir_inside_the_project_passes(command):
    assert_not_denied(command)


@pytest.mark.parametrize("args, expected", [
    (["-I", "{}", "rm"], "{}"), (["-IX", "rm"], "X"), (["-i", "rm"], "{}"), (["-iFOO", "rm"], "FOO"),
    (["--replace", "rm"], "{}"), (["--replace=FOO", "rm"], "FOO"), (["-0I", "R", "rm"], "R"), (["-ti", "rm"], "{}"),
    (["-n", "1", "rm"], None), (["-0", "rm", "-i"], None), (["rm", "-I", "x"], None), ([], None), (["-I"], None),
    (["-P4", "-iQ", "sh"], "Q"), (["--max-args=1", "--replace", "x"], "{}"),
])
def test_xargs_replace_string_in_every_spelling(args, expected):
    assert xargs_replace(args) == expected


@pytest.mark.parametrize("command", [
    "echo / | xargs --replace=FOO bash -c 'rm -rf FOO'",
    "echo / | xargs -iFOO bash -c 'rm -rf FOO'",
    "echo ~ | xargs --replace rm -rf {}",
    "echo ~ | xargs -i rm -rf {}",
    "printf '/\\n' | xargs -0iZ sh -c 'rm -rf Z'",
])
def test_custom_replace_tokens_are_substituted(command):
    assert_denied(command)


@pytest.mark.parametrize("command", [
    "echo build | xargs -iX rm -rf X",
    "printf 'a\\nb\\n' | xargs -i echo item {}",
    "find . -name '*.pyc' | xargs -i rm {}",
])
def test_replace_tokens_on_project_input_pass(command):
    assert_not_denied(command)
