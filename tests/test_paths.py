"""Tests for claude_rego.facts.paths: the path facts Rego policies rely on.

Linux, macOS and Windows behaviour is checked on any host through the `flavour`
parameter; real symlinks are only created for the host flavour (and not on Windows).
"""

from __future__ import annotations

import os
import sys

import pytest
from claude_rego.facts.paths import (
    FLAVOURS,
    collect_paths,
    fold,
    host_flavour,
    looks_like_path,
    mapping_resolver,
    path_facts,
    tool_paths,
)
from hypothesis import given, settings
from hypothesis import strategies as st


def identity(path: str) -> str:
    """No file system: keeps Linux-flavour tests hermetic on a Linux host."""
    return path


def linux(raw, cwd="/home/dev/project", project_dir="/home/dev/project", home="/home/dev", **kw):
    kw.setdefault("resolver", identity)
    return path_facts(raw, cwd=cwd, project_dir=project_dir, home=home, flavour="linux", **kw)


def macos(raw, cwd="/Users/Dev/Proj", project_dir="/Users/Dev/Proj", home="/Users/Dev", **kw):
    return path_facts(raw, cwd=cwd, project_dir=project_dir, home=home, flavour="macos", **kw)


def windows(raw, cwd="C:\\Users\\Dev\\proj", project_dir="C:\\Users\\Dev\\proj", home="C:\\Users\\Dev", **kw):
    return path_facts(raw, cwd=cwd, project_dir=project_dir, home=home, flavour="windows", **kw)


EXPECTED_KEYS = {
    "raw", "absolute", "resolved", "inside_project", "resolved_inside_project", "traversal",
    "via_symlink", "name", "name_folded", "absolute_folded", "home_relative", "invalid", "glob",
}


# --- flavour -------------------------------------------------------------------------


def test_host_flavour_matches_platform():
    expected = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    assert host_flavour() == expected


def test_unknown_flavour_is_a_programming_error():
    with pytest.raises(ValueError):
        path_facts("x", cwd="/", project_dir=None, home=None, flavour="plan9")


# --- linux ---------------------------------------------------------------------------


def test_linux_relative_path_joins_cwd():
    f = linux("src/main.py")
    assert set(f) == EXPECTED_KEYS
    assert f["raw"] == "src/main.py"
    assert f["absolute"] == "/home/dev/project/src/main.py"
    assert f["resolved"] == f["absolute"]
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    assert f["traversal"] is False and f["via_symlink"] is False and f["invalid"] is False
    assert f["name"] == "main.py"
    assert f["home_relative"] == "~/project/src/main.py"


def test_linux_dot_dot_leaves_project():
    f = linux("../other/x")
    assert f["absolute"] == "/home/dev/other/x"
    assert f["traversal"] is True
    assert f["inside_project"] is False


def test_linux_dot_dot_inside_project_still_counts_as_traversal():
    f = linux("src/../README.md")
    assert f["absolute"] == "/home/dev/project/README.md"
    assert f["traversal"] is True and f["inside_project"] is True


def test_linux_traversal_from_project_subdir():
    f = linux("../../etc/passwd", cwd="/home/dev/project/src")
    assert f["absolute"] == "/home/dev/etc/passwd"
    assert f["inside_project"] is False and f["traversal"] is True
    deep = linux("../../../../../../etc/passwd", cwd="/home/dev/project/src")
    assert deep["absolute"] == "/etc/passwd"  # ".." stops at the root
    assert deep["inside_project"] is False and deep["home_relative"] is None


def test_linux_tilde_expansion():
    f = linux("~/.aws/credentials")
    assert f["absolute"] == "/home/dev/.aws/credentials"
    assert f["home_relative"] == "~/.aws/credentials"
    assert f["inside_project"] is False
    assert linux("~")["absolute"] == "/home/dev"
    assert linux("~")["home_relative"] == "~"


def test_linux_tilde_only_when_leading_and_bare():
    assert linux("~root/x")["absolute"] == "/home/dev/project/~root/x"
    assert linux("a/~/b")["absolute"] == "/home/dev/project/a/~/b"


def test_linux_tilde_without_home_is_a_literal_name():
    f = linux("~/x", home=None)
    assert f["absolute"] == "/home/dev/project/~/x"
    assert f["home_relative"] is None


def test_linux_duplicate_and_trailing_separators():
    assert linux("//etc///passwd")["absolute"] == "/etc/passwd"
    f = linux("/home/dev/project/src/")
    assert f["absolute"] == "/home/dev/project/src" and f["name"] == "src"
    assert linux("./a/./b/.")["absolute"] == "/home/dev/project/a/b"


def test_linux_root_and_dot():
    assert linux("/")["absolute"] == "/" and linux("/")["name"] == ""
    assert linux(".")["absolute"] == "/home/dev/project"
    assert linux("/../..")["absolute"] == "/"


def test_linux_component_boundary():
    assert linux("/home/dev/project2/x")["inside_project"] is False
    assert linux("/home/dev/project")["inside_project"] is True
    assert linux("/home/dev/project/")["inside_project"] is True
    assert linux("/home/dev")["inside_project"] is False


def test_linux_is_case_sensitive():
    assert linux("/home/dev/Project/x")["inside_project"] is False
    assert linux("/HOME/dev/.ssh/id_rsa")["home_relative"] is None


def test_linux_project_and_home_are_normalised_too():
    f = linux("/home/dev/project/a", project_dir="/home/dev/./project/sub/..//", home="/home//dev/")
    assert f["inside_project"] is True and f["home_relative"] == "~/project/a"
    assert linux("/home/dev/project/a", project_dir="~/project")["inside_project"] is True
    relative_project = linux("a", cwd="/home/dev/project", project_dir="../project")
    assert relative_project["inside_project"] is True


def test_no_project_dir_gives_none():
    for project in (None, ""):
        f = linux("a", project_dir=project)
        assert f["inside_project"] is None and f["resolved_inside_project"] is None


def test_empty_raw_is_invalid_and_falls_back_to_cwd():
    f = linux("")
    assert f["invalid"] is True
    assert f["absolute"] == "/home/dev/project"


def test_nul_is_invalid_and_truncated_like_the_os_would():
    f = linux("/etc/passwd\0.txt")
    assert f["invalid"] is True
    assert f["absolute"] == "/etc/passwd"
    assert f["raw"] == "/etc/passwd\0.txt"
    assert linux("\0")["absolute"] == "/home/dev/project"


def test_bad_cwd_does_not_raise():
    for cwd in ("", "relative/dir", "\0"):
        f = path_facts("x", cwd=cwd, project_dir=None, home=None, flavour="linux", resolver=identity)
        assert f["absolute"].startswith("/")


# --- symlinks with a fake resolver ---------------------------------------------------


LINKS = {
    "/home/dev/project/escape": "/etc",
    "/home/dev/project/docs": "shared/docs",  # relative: next to the link
    "/home/dev/project/shared": "/srv/shared",  # chained through the previous one
    "/home/dev/project/sshlink": "/etc/ssh",
    "/home/dev/project/loop": "/home/dev/project/loop",
}


def test_fake_symlink_escape():
    f = linux("escape/passwd", resolver=mapping_resolver(LINKS, "linux"))
    assert f["absolute"] == "/home/dev/project/escape/passwd"
    assert f["resolved"] == "/etc/passwd"
    assert f["inside_project"] is True
    assert f["resolved_inside_project"] is False
    assert f["via_symlink"] is True


def test_fake_relative_and_chained_links():
    f = linux("docs/a.md", resolver=mapping_resolver(LINKS, "linux"))
    assert f["resolved"] == "/srv/shared/docs/a.md"
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


def test_dot_dot_after_a_symlink_follows_the_link_like_the_kernel():
    f = linux("sshlink/../shadow", resolver=mapping_resolver(LINKS, "linux"))
    assert f["absolute"] == "/home/dev/project/shadow"  # lexical view
    assert f["resolved"] == "/etc/shadow"  # what the kernel opens
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


def test_symlink_loop_does_not_raise():
    f = linux("loop/x", resolver=mapping_resolver(LINKS, "linux"))
    assert f["resolved"] == "/home/dev/project/loop/x"  # best effort: the unresolvable tail kept


def test_symlinked_project_dir_is_resolved_too():
    resolver = mapping_resolver({"/home/dev/proj-link": "/data/proj"}, "linux")
    f = linux("/home/dev/proj-link/a", project_dir="/home/dev/proj-link", resolver=resolver)
    assert f["resolved"] == "/data/proj/a"
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    direct = linux("/data/proj/a", project_dir="/home/dev/proj-link", resolver=resolver)
    assert direct["inside_project"] is False and direct["resolved_inside_project"] is True


def test_resolver_failure_uses_longest_resolvable_prefix():
    existing = {"/", "/home", "/home/dev", "/home/dev/project", "/home/dev/project/link"}

    def strict(path):
        if path not in existing:
            raise FileNotFoundError(path)
        return "/mnt/elsewhere" if path == "/home/dev/project/link" else path

    f = linux("link/new/file.txt", resolver=strict)
    assert f["resolved"] == "/mnt/elsewhere/new/file.txt"
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


def test_broken_resolver_never_raises():
    def broken(path):
        raise RuntimeError("boom")

    f = linux("a/b", resolver=broken)
    assert f["resolved"] == f["absolute"] == "/home/dev/project/a/b"
    assert linux("a", resolver=lambda p: None)["resolved"] == "/home/dev/project/a"


def test_non_host_flavour_defaults_to_no_resolution():
    other = "windows" if host_flavour() != "windows" else "linux"
    raw = "C:\\x\\y" if other == "windows" else "/x/y"
    cwd = "C:\\" if other == "windows" else "/"
    f = path_facts(raw, cwd=cwd, project_dir=None, home=None, flavour=other)
    assert f["resolved"] == f["absolute"] and f["via_symlink"] is False


# --- real symlinks on the host -------------------------------------------------------


needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")


@pytest.fixture
def real_tree(tmp_path):
    root = tmp_path.resolve()
    project, outside = root / "proj", root / "outside"
    (project / "src").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text("s")
    (project / "src" / "a.py").write_text("a")
    os.symlink(outside, project / "escape")
    os.symlink(project / "src", project / "src-link")
    return project, outside


def real(raw, project, **kw):
    return path_facts(raw, cwd=str(project), project_dir=str(project), home=None,
                      flavour=host_flavour(), **kw)


@needs_symlinks
def test_real_symlink_inside_project_pointing_outside(real_tree):
    project, outside = real_tree
    f = real("escape/secret.txt", project)
    assert f["absolute"] == str(project / "escape" / "secret.txt")
    assert f["resolved"] == str(outside / "secret.txt")
    assert f["inside_project"] is True
    assert f["resolved_inside_project"] is False
    assert f["via_symlink"] is True


@needs_symlinks
def test_real_nonexistent_file_under_symlinked_dir(real_tree):
    project, outside = real_tree
    f = real("escape/new/deeper/file.txt", project)
    assert f["resolved"] == str(outside / "new" / "deeper" / "file.txt")
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


@needs_symlinks
def test_real_symlink_within_project_and_plain_files(real_tree):
    project, _ = real_tree
    linked = real("src-link/a.py", project)
    assert linked["resolved"] == str(project / "src" / "a.py")
    assert linked["resolved_inside_project"] is True and linked["via_symlink"] is True
    plain = real("src/a.py", project)
    assert plain["via_symlink"] is False and plain["resolved_inside_project"] is True
    missing = real("src/nope/x.py", project)
    assert missing["resolved"] == str(project / "src" / "nope" / "x.py")


@needs_symlinks
def test_real_project_dir_given_through_a_symlink(real_tree, tmp_path):
    project, _ = real_tree
    alias = tmp_path.resolve() / "proj-alias"
    os.symlink(project, alias)
    f = path_facts(str(project / "src" / "a.py"), cwd=str(alias), project_dir=str(alias),
                   home=None, flavour=host_flavour())
    assert f["inside_project"] is False  # lexically elsewhere
    assert f["resolved_inside_project"] is True


# --- macos ---------------------------------------------------------------------------


def test_macos_etc_alias():
    f = macos("/etc/hosts")
    assert f["absolute"] == "/etc/hosts"
    assert f["resolved"] == "/private/etc/hosts"
    assert f["via_symlink"] is False  # an OS alias, not a symlink escape
    assert macos("/private/etc/hosts")["resolved"] == "/private/etc/hosts"
    assert macos("/etcetera/x")["resolved"] == "/etcetera/x"
    assert macos("/var/log/system.log")["resolved"] == "/private/var/log/system.log"


def test_macos_tmp_alias_both_directions():
    f = macos("/tmp/proj/a.txt", project_dir="/private/tmp/proj")
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    g = macos("/private/tmp/proj/a.txt", project_dir="/tmp/proj")
    assert g["inside_project"] is True and g["resolved_inside_project"] is True
    assert macos("/tmp/proj2/a", project_dir="/private/tmp/proj")["inside_project"] is False


def test_macos_is_case_insensitive():
    f = macos("/Users/Dev/Proj/x", project_dir="/users/dev/proj")
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    assert f["via_symlink"] is False
    assert macos("/USERS/dev/.aws/credentials")["home_relative"] == "~/.aws/credentials"
    assert macos("/ETC/hosts")["resolved"] == "/private/ETC/hosts"


def test_macos_unicode_normalisation_insensitive():
    nfd = "/Users/Dev/Proj/Cafe\u0301"
    f = macos(nfd + "/x", project_dir="/Users/Dev/Proj/Caf\u00e9")
    assert f["inside_project"] is True


def test_macos_fake_symlink():
    resolver = mapping_resolver({"/Users/Dev/Proj/link": "/Users/Dev/.ssh"}, "macos")
    f = macos("LINK/id_rsa", resolver=resolver)  # case-insensitive link lookup too
    assert f["resolved"] == "/Users/Dev/.ssh/id_rsa"
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


# --- windows -------------------------------------------------------------------------


def test_windows_absolute_path():
    f = windows("C:\\Users\\Dev\\proj\\a.txt")
    assert f["absolute"] == "C:\\Users\\Dev\\proj\\a.txt"
    assert f["resolved"] == f["absolute"]
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    assert f["name"] == "a.txt"
    assert f["home_relative"] == "~/proj/a.txt"


def test_windows_forward_slashes_and_dot_dot():
    f = windows("c:/users/dev/proj/../x")
    assert f["absolute"] == "C:\\users\\dev\\x"
    assert f["traversal"] is True
    assert f["inside_project"] is False
    assert windows("..\\..\\..\\..\\x")["absolute"] == "C:\\x"


def test_windows_relative_against_cwd():
    assert windows("src\\a.txt")["absolute"] == "C:\\Users\\Dev\\proj\\src\\a.txt"
    assert windows("src/b/../c.txt")["absolute"] == "C:\\Users\\Dev\\proj\\src\\c.txt"
    assert windows("\\Windows\\win.ini")["absolute"] == "C:\\Windows\\win.ini"  # rooted: cwd's drive
    assert windows("c:y")["absolute"] == "C:\\Users\\Dev\\proj\\y"  # drive-relative, same drive
    assert windows("D:y")["absolute"] == "D:\\y"  # other drive: its root, best effort
    assert windows(".\\x", cwd="\\\\srv\\share\\dir")["absolute"] == "\\\\srv\\share\\dir\\x"


def test_windows_unc():
    f = windows("\\\\server\\share\\dir\\f.txt")
    assert f["absolute"] == "\\\\server\\share\\dir\\f.txt"
    assert f["name"] == "f.txt" and f["inside_project"] is False
    assert windows("//server/share/x")["absolute"] == "\\\\server\\share\\x"
    assert windows("\\\\server\\share\\..\\..\\x")["absolute"] == "\\\\server\\share\\x"
    g = windows("\\\\SERVER\\Share\\p\\a", project_dir="\\\\server\\share\\p")
    assert g["inside_project"] is True


def test_windows_long_path_prefixes_are_stripped():
    assert windows("\\\\?\\C:\\x")["absolute"] == "C:\\x"
    assert windows("\\\\?\\c:\\Users\\Dev\\proj\\a")["inside_project"] is True
    assert windows("\\\\?\\UNC\\server\\share\\x")["absolute"] == "\\\\server\\share\\x"
    assert windows("\\\\.\\C:\\x")["absolute"] == "C:\\x"
    assert windows("\\\\.\\pipe\\name")["absolute"] == "\\\\.\\pipe\\name"


def test_windows_is_case_insensitive():
    f = windows("C:\\USERS\\dev\\PROJ\\x", project_dir="c:\\users\\dev\\proj")
    assert f["inside_project"] is True and f["resolved_inside_project"] is True
    assert windows("C:\\Users\\Dev\\proj2\\x")["inside_project"] is False
    assert windows("c:\\users\\dev\\.AWS\\credentials")["home_relative"] == "~/.AWS/credentials"


def test_windows_casefold_is_not_used_for_containment():
    # "ß" and "ss" are different names on NTFS; treating them as equal would be permissive.
    assert windows("C:\\strasse\\x", project_dir="C:\\straße")["inside_project"] is False


def test_windows_home_tilde_both_separators():
    assert windows("~\\.ssh\\id_rsa")["home_relative"] == "~/.ssh/id_rsa"
    assert windows("~/.aws/credentials")["absolute"] == "C:\\Users\\Dev\\.aws\\credentials"


def test_windows_trailing_dots_spaces_and_default_stream_name_the_same_file():
    assert windows(".env.")["name"] == ".env"
    assert windows(".env . ")["name"] == ".env"
    assert windows("secrets.txt::$DATA")["name"] == "secrets.txt"
    assert windows("a.txt:alt")["name"] == "a.txt:alt"  # a named stream is different data
    assert windows("...")["name"] == "..."


def test_windows_fake_symlink():
    resolver = mapping_resolver({"C:\\Users\\Dev\\proj\\link": "D:\\secrets"}, "windows")
    f = windows("link\\key.pem", resolver=resolver)
    assert f["resolved"] == "D:\\secrets\\key.pem"
    assert f["inside_project"] is True
    assert f["resolved_inside_project"] is False and f["via_symlink"] is True


# --- folding -------------------------------------------------------------------------


@pytest.mark.parametrize("name", [".env", ".ENV", ".Env", "\uff0e\uff45\uff4e\uff56"])
def test_name_folded_matches_dot_env(name):
    f = linux(name)
    assert f["name"] == name
    assert f["name_folded"] == ".env"
    assert f["absolute_folded"] == "/home/dev/project/.env"


def test_fold_is_compatibility_caseless():
    assert fold("\ufb01le") == "file"  # ligature
    assert fold("STRASSE") == fold("Straße") == "strasse"
    assert windows("C:\\Users\\Dev\\.AWS\\Credentials")["absolute_folded"] == "c:\\users\\dev\\.aws\\credentials"


# --- tool_paths ----------------------------------------------------------------------


@pytest.mark.parametrize("tool", ["Read", "Write", "Edit", "MultiEdit"])
def test_tool_paths_file_path_tools(tool):
    assert tool_paths(tool, {"file_path": "/a", "content": "x", "path": "/ignored"}) == [("file_path", "/a")]


@pytest.mark.parametrize("tool", ["NotebookEdit", "NotebookRead"])
def test_tool_paths_notebook_tools(tool):
    assert tool_paths(tool, {"notebook_path": "n.ipynb", "new_source": "x"}) == [("notebook_path", "n.ipynb")]


@pytest.mark.parametrize("tool", ["Grep", "LS"])
def test_tool_paths_path_tools(tool):
    assert tool_paths(tool, {"path": "src", "pattern": "a/b"}) == [("path", "src")]


def test_tool_paths_glob_pattern_only_with_separator():
    assert tool_paths("Glob", {"pattern": "*.py", "path": "src"}) == [("path", "src")]
    assert tool_paths("Glob", {"pattern": "../**/*.env"}) == [("pattern", "../**/*.env")]
    assert tool_paths("Glob", {"pattern": "..\\secrets\\*"}) == [("pattern", "..\\secrets\\*")]


def test_tool_paths_ignores_non_strings_and_bad_input():
    assert tool_paths("Read", {"file_path": None}) == []
    assert tool_paths("Glob", {"path": ["x"], "pattern": 3}) == []
    assert tool_paths("Read", None) == []
    assert tool_paths("Read", {}) == []


def test_tool_paths_unknown_tool_uses_generic_fields():
    got = tool_paths("mcp__fs__read_file", {
        "path": "/etc/shadow", "directory": "d", "dir": "e", "file_path": "f",
        "notebook_path": "g", "content": "/not/a/field", "dirs": "h", "count": 3,
    })
    assert sorted(got) == [("dir", "e"), ("directory", "d"), ("file_path", "f"),
                           ("notebook_path", "g"), ("path", "/etc/shadow")]
    assert tool_paths("Bash", {"command": "cat /etc/passwd"}) == []


# --- collect_paths -------------------------------------------------------------------


SHELL = {
    "segments": [
        {
            "id": 0,
            "argv": ["cat", ".env", "-n", "src/a.py", "hello", "1.2.3", "https://x.io/a"],
            "args": [".env", "-n", "src/a.py", "hello", "1.2.3", "https://x.io/a"],
            "redirects": [
                {"op": ">", "target": "/tmp/out.txt", "fd": 1, "dup": False},
                {"op": ">&", "target": "1", "fd": 2, "dup": True},
            ],
        },
        {
            "id": 1,
            "args": ["~/.ssh/id_rsa", "id_rsa.pem", "./src/a.py", "-rf", "--out=/x"],
            "redirects": [{"op": ">>", "target": "/tmp/out.txt", "fd": 1, "dup": False}],
        },
        {"args": ["../../etc/passwd"], "redirects": []},  # no id: its index is used
        "not a segment",
        {"args": None, "redirects": [{"op": ">", "target": None}]},
    ],
}


def collect(tool, tool_input, shell=None, **kw):
    return collect_paths(tool, tool_input, shell, cwd="/home/dev/project", project_dir="/home/dev/project",
                         home="/home/dev", flavour="linux", resolver=identity, **kw)


def test_collect_paths_tool_input():
    got = collect("Read", {"file_path": "~/.aws/credentials"})
    assert len(got) == 1
    f = got[0]
    assert f["field"] == "file_path" and f["source"] == "tool_input" and "segment" not in f
    assert f["home_relative"] == "~/.aws/credentials" and f["inside_project"] is False


def test_collect_paths_shell():
    got = collect("Bash", {"command": "..."}, SHELL)
    summary = [(f["source"], f["field"], f["raw"], f.get("segment")) for f in got]
    assert summary == [
        ("redirect", ">", "/tmp/out.txt", 0),
        ("argument", "argv", ".env", 0),
        ("argument", "argv", "src/a.py", 0),
        ("redirect", ">>", "/tmp/out.txt", 1),  # another op: another field
        ("argument", "argv", "~/.ssh/id_rsa", 1),
        ("argument", "argv", "id_rsa.pem", 1),
        # "./src/a.py" is the same (source, field, absolute) as "src/a.py": dropped
        ("argument", "argv_embedded", "/x", 1),  # the file behind --out=/x
        ("argument", "argv", "../../etc/passwd", 2),
    ]
    assert got[-1]["absolute"] == "/home/etc/passwd" and got[-1]["traversal"] is True


def test_collect_paths_dedup_and_limit():
    tool_input = {"path": "a", "file_path": "./a"}  # unknown tool: both generic fields
    assert sorted(f["field"] for f in collect("mcp__x__y", tool_input)) == ["file_path", "path"]
    shell = {"segments": [{"id": 0, "args": [f"f{i}.txt" for i in range(200)], "redirects": []}]}
    assert len(collect("Bash", {}, shell)) == 64
    assert len(collect("Bash", {}, shell, limit=5)) == 5
    assert collect("Bash", {}, shell, limit=0) == []


def test_collect_paths_tolerates_malformed_shell():
    for shell in ({}, {"segments": None}, {"segments": [None, 3]}, {"segments": "x"}):
        assert collect("Bash", {}, shell) == []


def test_collect_paths_windows():
    shell = {"segments": [{"id": 0, "args": ["..\\secret.txt"], "redirects": []}]}
    got = collect_paths("Write", {"file_path": "C:/Users/Dev/proj/a.txt"}, shell, cwd="C:\\Users\\Dev\\proj",
                        project_dir="C:\\Users\\Dev\\proj", home="C:\\Users\\Dev", flavour="windows")
    assert [(f["absolute"], f["inside_project"]) for f in got] == [
        ("C:\\Users\\Dev\\proj\\a.txt", True),
        ("C:\\Users\\Dev\\secret.txt", False),
    ]


@pytest.mark.parametrize("arg,expected", [
    (".env", True), ("id_rsa.pem", True), ("src/a", True), ("~", True), ("~/x", True), ("/etc", True),
    ("-f", False), ("--file=/x", False), ("hello", False), ("1.2.3", False), ("", False),
    ("trailing.", False), ("two words.txt", False), ("https://example.com/x", False),
])
def test_looks_like_path(arg, expected):
    assert looks_like_path(arg, "linux") is expected


def test_looks_like_path_backslash_only_on_windows():
    assert looks_like_path("dir\\file", "windows") is True
    assert looks_like_path("dir\\file", "linux") is False


# --- never raises --------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(raw=st.text(), flavour=st.sampled_from(FLAVOURS))
def test_path_facts_never_raises(raw, flavour):
    cwd = "C:\\Users\\Dev\\proj" if flavour == "windows" else "/home/dev/project"
    home = "C:\\Users\\Dev" if flavour == "windows" else "/home/dev"
    f = path_facts(raw, cwd=cwd, project_dir=cwd, home=home, flavour=flavour)
    assert set(f) == EXPECTED_KEYS
    assert f["raw"] == raw
    sep = "\\" if flavour == "windows" else "/"
    parts = f["absolute"].split(sep)
    assert ".." not in parts and "." not in parts
    if flavour == "windows":
        assert "/" not in f["absolute"]
    else:
        assert f["absolute"].startswith("/") and "//" not in f["absolute"]
    assert f["invalid"] is (raw == "" or "\0" in raw)


@settings(max_examples=200, deadline=None)
@given(raw=st.text(), cwd=st.text(), project=st.none() | st.text(), home=st.none() | st.text(),
       flavour=st.sampled_from(FLAVOURS))
def test_path_facts_never_raises_with_arbitrary_context(raw, cwd, project, home, flavour):
    f = path_facts(raw, cwd=cwd, project_dir=project, home=home, flavour=flavour)
    assert isinstance(f["absolute"], str) and isinstance(f["resolved"], str)


@settings(max_examples=100, deadline=None)
@given(raw=st.text(alphabet="/\\.~:?Cc ab\0", max_size=30), flavour=st.sampled_from(FLAVOURS))
def test_path_facts_never_raises_on_separator_soup(raw, flavour):
    cwd = "C:\\w" if flavour == "windows" else "/w"
    path_facts(raw, cwd=cwd, project_dir=cwd, home=cwd, flavour=flavour,
               resolver=mapping_resolver({cwd + ("\\l" if flavour == "windows" else "/l"): ".."}, flavour))
