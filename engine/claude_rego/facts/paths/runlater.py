"""Files that run later: the shell command lines a written file holds (session 29).

A package.json's `scripts` (npm runs them: `postinstall` at the next install), a Makefile's or a
justfile's recipes, a shell script of the project (`*.sh`, `scripts/x` with a shell shebang, git
hooks, `.husky/*`, `.envrc`) and a CI definition's steps are command lines written now and run
by a later command: the facts read them as shell (`tool_effects` exec entries with `runlater`),
so the shell policies judge them like the same lines in Bash.

Imported only when a file tool writes one of these files. Never raises.
"""

from __future__ import annotations

import json
import re

from ..lazy_re import lazy

_MAX_TEXT = 65536
_MAX_COMMANDS = 64
_MAX_COMMAND = 8192

_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox"})
_SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".dash")
_MAKEFILES = frozenset({"makefile", "gnumakefile"})
_JUSTFILES = frozenset({"justfile", ".justfile"})
# directories whose files run as scripts when they carry a shell shebang
_SCRIPT_DIRS = frozenset({"scripts", "script", "bin", "tools", "hack", "ci", ".bin"})
# directories of git hooks: every file in them is a shell script run by git (or husky)
_HOOK_DIRS = (".husky/", ".githooks/", ".git/hooks/", ".hooks/", "githooks/")
_SHEBANG = lazy(r"^#!\s*(\S+)(?:[ \t]+(?:-\S+[ \t]+)*(\S+))?")


def kind(path: str) -> str | None:
    """What runs the file at `path` later: "package", "makefile", "justfile", "shell",
    "maybe_shell" (a file of a scripts/bin directory: shell if its shebang says so), or None."""
    if not isinstance(path, str) or not path or len(path) > 4096:
        return None
    norm = path.replace("\\", "/")
    base = norm.rsplit("/", 1)[-1]
    low = base.lower()
    if low == "package.json":
        return "package"
    if low in _MAKEFILES or low.endswith(".mk") or low.startswith("makefile."):
        return "makefile"
    if low in _JUSTFILES or low.endswith(".just"):
        return "justfile"
    if low.endswith(_SHELL_SUFFIXES) or low in (".envrc", ".envrc.local"):
        return "shell"
    lowpath = norm.lower()
    while lowpath.startswith("./"):
        lowpath = lowpath[2:]
    lowpath = "/" + lowpath.lstrip("/")
    if any("/" + d in lowpath for d in _HOOK_DIRS) and not low.endswith((".md", ".txt", ".sample", ".json", ".yml",
                                                                         ".yaml", ".js", ".cjs", ".mjs", ".ts",
                                                                         ".py", ".rb", ".pl")):
        return "shell"
    parts = lowpath.rsplit("/", 2)
    if len(parts) == 3 and parts[1] in _SCRIPT_DIRS:
        return "maybe_shell"
    return None


def shell_shebang(text: str) -> bool:
    """The text starts with a shebang that runs a POSIX shell (`#!/bin/sh`, `#!/usr/bin/env bash`)."""
    if not isinstance(text, str) or not text.startswith("#!"):
        return False
    m = _SHEBANG.match(text.lstrip("\ufeff")[:256])
    if not m:
        return False
    program = m.group(1).rsplit("/", 1)[-1]
    if program == "env":
        program = (m.group(2) or "").rsplit("/", 1)[-1]
    return program in _SHELLS


def commands(path: str, text: str, *, fragment: bool = False, context: str = "") -> list[tuple[str, str]]:
    """(what, command line) pairs the file at `path` runs later from `text` (its whole content,
    or with `fragment` a part of it: an Edit's new_string, with `context` its old_string).
    `what` says where the line sits (`scripts.postinstall`, `recipe clean`, `script`)."""
    try:
        return _commands(path, text, fragment, context)
    except (ValueError, TypeError, RecursionError, re.error):
        return []


def _commands(path: str, text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    if not isinstance(text, str) or not text.strip() or len(text) > _MAX_TEXT:
        return []
    found = kind(path)
    if found == "maybe_shell":
        found = "shell" if shell_shebang(text) or (fragment and shell_shebang(context or "")) else None
    if found is None and not fragment and shell_shebang(text):
        found = "shell"  # any file written with a shell shebang is a shell script
    if found == "package":
        return _package(text, fragment, context)
    if found == "makefile":
        return [("recipe", c) for c in makefile_commands(text)]
    if found == "justfile":
        return [("recipe", c) for c in justfile_commands(text)]
    if found == "shell":
        return [("script", s) for s in _shell_text(_own_directory(text, path))]
    return []


# --- package.json --------------------------------------------------------------------

# npm's lifecycle scripts: run by `npm install`/`npm ci`/`npm publish` without being named
_LIFECYCLE = lazy(r"^(?:pre|post)?(?:install|uninstall|prepare|prepublish|prepublishOnly|prepack|postpack|publish"
                  r"|shrinkwrap|dependencies)$")
# a JSON string pair ("name": "value", value with escapes)
_PAIR = lazy(r'"((?:[^"\\\n]|\\.){1,200})"\s*:\s*"((?:[^"\\\n]|\\.){0,8192})"')
_SCRIPTS_OPEN = lazy(r'"scripts"\s*:\s*\{')
# keys of package.json's other sections: a fragment that holds them is not (only) scripts
_NOT_SCRIPT_KEYS = frozenset({"name", "version", "description", "main", "module", "types", "typings", "license",
                              "author", "homepage", "url", "type", "email", "private", "browser", "packageManager",
                              "node", "npm", "registry", "access", "directory", "funding"})
# names of common scripts: an old_string holding one says the edit is inside `scripts`
_COMMON_SCRIPTS = frozenset({"test", "build", "start", "dev", "lint", "clean", "format", "serve", "watch", "prepare",
                             "postinstall", "preinstall", "install", "typecheck", "release", "deploy", "coverage",
                             "e2e", "check", "fmt", "preview", "bundle", "compile", "pretest", "posttest",
                             "prebuild", "postbuild", "prestart", "lint:fix", "test:unit", "test:e2e", "generate"})


def _unescape(value: str) -> str:
    try:
        out = json.loads('"' + value + '"')
    except ValueError:
        return value
    return out if isinstance(out, str) else value


def _package(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    if not fragment:
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        if isinstance(doc, dict):
            scripts = doc.get("scripts")
            listed: list[tuple[str, str]] = []
            if isinstance(scripts, dict):
                listed = [(f"scripts.{k}"[:80], v) for k, v in list(scripts.items())[:_MAX_COMMANDS]
                       if isinstance(v, str) and v.strip() and len(v) <= _MAX_COMMAND]
            return listed
    # a fragment (an Edit's new_string) or text that is no JSON document: its pairs inside a
    # `"scripts": {` block, lifecycle pairs anywhere, and every pair when the edit is made
    # inside the scripts block (its old_string holds one of the common scripts)
    inside = _scripts_spans(text)
    in_scripts_edit = bool(_SCRIPTS_OPEN.search(context or "")) or any(
        _unescape(m.group(1)) in _COMMON_SCRIPTS or ":" in _unescape(m.group(1))
        for m in _PAIR.finditer((context or "")[:_MAX_TEXT]))
    out: list[tuple[str, str]] = []
    for m in _PAIR.finditer(text):
        if len(out) >= _MAX_COMMANDS:
            break
        key, value = _unescape(m.group(1)), _unescape(m.group(2))
        if not value.strip():
            continue
        in_block = any(a <= m.start() < b for a, b in inside)
        if in_block or _LIFECYCLE.match(key) or (in_scripts_edit and not inside and key not in _NOT_SCRIPT_KEYS
                                                  and not _SCRIPTS_OPEN.search(text)):
            out.append((f"scripts.{key}"[:80], value))
    return out


def _scripts_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _SCRIPTS_OPEN.finditer(text):
        depth, i, in_str = 1, m.end(), False
        while i < len(text) and depth:
            c = text[i]
            if in_str:
                if c == "\\":
                    i += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            i += 1
        spans.append((m.end(), i))
    return spans


# --- Makefile ------------------------------------------------------------------------

_MAKE_ASSIGN = lazy(r"^(?:override\s+|export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*(:::=|::=|:=|\?=|\+=|!=|=)\s*(.*)$")
_MAKE_VAR_REF = lazy(r"\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)|\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}")
# make's own variables with a known meaning: the directory make runs in is the project's
_MAKE_BUILTINS = {"CURDIR": "$PWD", "MAKE": "make", "RM": "rm -f", "SHELL": "/bin/sh"}


def makefile_commands(text: str) -> list[str]:
    """A makefile's recipe lines and $(shell …) bodies as shell, with the variables it assigns a
    literal value substituted (also for a makefile written by a shell command and then run)."""
    from ..shell.programs import _makefile_commands

    values = _make_values(text)
    out = []
    for cmd in _makefile_commands(_substitute(text, values))[:_MAX_COMMANDS]:
        if cmd.strip() and len(cmd) <= _MAX_COMMAND:
            out.append(cmd)
    return out


def _make_values(text: str) -> dict[str, str]:
    """Variables the makefile assigns a literal value (`BUILD := build`, `PY ?= python3`);
    a variable assigned twice, appended to or computed by a shell is left unknown."""
    values: dict[str, str | None] = {}
    for line in text.split("\n")[:4096]:
        if line.startswith("\t"):
            continue
        m = _MAKE_ASSIGN.match(line.strip())
        if not m:
            continue
        name, op, value = m.group(1), m.group(2), m.group(3).split("#", 1)[0].strip()
        if name in values or op in ("+=", "!=") or "$(shell" in value or "`" in value:
            values[name] = None
            continue
        values[name] = value
    known = {k: v for k, v in values.items() if v is not None}
    for _ in range(4):  # references between the makefile's own variables
        known = {k: _resolve_refs(v, known, k) for k, v in known.items()}
    return {**_MAKE_BUILTINS, **{k: v for k, v in known.items() if "$" not in v}}


def _resolve_refs(value: str, known: dict[str, str], own: str) -> str:
    def sub(m: re.Match) -> str:
        name = m.group(1) or m.group(2)
        return known[name] if name != own and name in known else m.group(0)
    return _MAKE_VAR_REF.sub(sub, value)


def _substitute(text: str, values: dict[str, str]) -> str:
    def sub(m: re.Match) -> str:
        name = m.group(1) or m.group(2)
        return values[name] if name in values else m.group(0)
    return "\n".join(_MAKE_VAR_REF.sub(sub, line) if line.startswith("\t") or ";" in line else line
                     for line in text.split("\n"))


# --- justfile ------------------------------------------------------------------------

_JUST_RECIPE = lazy(r"^@?[A-Za-z_][A-Za-z0-9_-]*(?:\s+[^:=]*)?:(?!=)")
_JUST_INTERP = lazy(r"\{\{[^{}\n]{0,256}\}\}")


def justfile_commands(text: str) -> list[str]:
    """A justfile's recipe lines as shell (recipes with a shebang of another language skipped;
    `{{…}}` interpolations unknown)."""
    out: list[str] = []
    in_recipe, shebang_other = False, False
    for line in text.replace("\\\n", " ").split("\n")[:4096]:
        if not line.strip() or line.lstrip().startswith("#") and not line.lstrip().startswith("#!"):
            continue
        if line[:1] in (" ", "\t"):
            body = line.strip()
            if body.startswith("#!"):
                shebang_other = not shell_shebang(body)
                continue
            if (in_recipe or not out) and not shebang_other:
                cmd = _JUST_INTERP.sub("${JUST_VALUE}", body.lstrip("@-"))
                if cmd and len(cmd) <= _MAX_COMMAND:
                    out.append(cmd)
            continue
        in_recipe = bool(_JUST_RECIPE.match(line)) and not line.startswith(("set ", "export ", "alias ", "import ",
                                                                              "mod "))
        shebang_other = False
        if len(out) >= _MAX_COMMANDS:
            break
    return out[:_MAX_COMMANDS]


# --- shell scripts -------------------------------------------------------------------


# the script's own file (`$0`, `${BASH_SOURCE[0]}`) and the idioms that make its directory of it:
# `$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)`, `$(cd -- "$(dirname -- "$0")" &>/dev/null && pwd -P)`
_SELF = r'(?:"?\$\{BASH_SOURCE(?:\[0\])?\}"?|"?\$BASH_SOURCE"?|"?\$0"?|"?\$\{0\}"?)'
_DIRNAME_SELF = r'\$\(\s*dirname\s+(?:--\s+)?' + _SELF + r'\s*\)'
_SELF_DIR = lazy(r'\$\(\s*cd\s+(?:-P\s+)?(?:--\s+)?"?' + _DIRNAME_SELF + r'"?\s*(?:[&>]+\s*/dev/null\s*)?(?:&&|;)\s*pwd(?:\s+-P)?\s*\)'
                 r'|' + _DIRNAME_SELF)
_SAFE_PATH = lazy(r"^[A-Za-z0-9_./@+-]+$")


def _own_directory(text: str, path: str) -> str:
    """A script's text with its own directory spelled out where it computes it from its path
    (`cd "$(dirname "$0")/.."` is `cd /project/scripts/..`): the script is at `path`."""
    if "dirname" not in text or not _SAFE_PATH.match(path) or "/" not in path:
        return text
    folder = path.rsplit("/", 1)[0] or "/"
    return _SELF_DIR.sub(lambda _m: folder, text)


def _shell_text(text: str) -> list[str]:
    """A script's text as the shell facts can parse it: whole when it parses, otherwise (a
    fragment cut inside an `if` or a loop, a construct the parser does not finish) the lines
    that parse on their own, so a dangerous line is never hidden by a syntax error elsewhere."""
    from ..shell import parse_command

    if not _parse_error(parse_command, text):
        return [text]
    out, buf = [], []
    for line in text.split("\n")[:4096]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        buf.append(line)
        joined = "\n".join(buf)
        if not _parse_error(parse_command, joined):
            out.append(joined)
            buf = []
        elif len(buf) > 1 and not _parse_error(parse_command, line):
            out.append(line)  # the open construct before it never closes here
            buf = []
        elif len(buf) >= 8:
            buf = []
        if len(out) >= _MAX_COMMANDS:
            break
    return [s for s in out if s.strip()]


def _parse_error(parse, text: str) -> bool:
    try:
        facts = parse(text)
    except Exception:  # noqa: BLE001 — the parser's failure is a parse error here
        return True
    return bool(facts.get("error")) or "parse_error" in (facts.get("opaque_reasons") or ())
