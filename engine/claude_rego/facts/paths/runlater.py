"""Files that run later: the shell command lines a written file holds (session 29).

A package.json's `scripts` (npm runs them: `postinstall` at the next install), a Makefile's or a
justfile's recipes, a shell script of the project (`*.sh`, `scripts/x` with a shell shebang, git
hooks, `.husky/*`, `.envrc`) and a CI definition's steps are command lines written now and run
by a later command: the facts read them as shell (`tool_effects` exec entries with `runlater`),
so the shell policies judge them like the same lines in Bash.

Task runners' and hook managers' files are read the same way (session 31): a Taskfile's `cmds`,
deno.json's `tasks`, composer.json's `scripts`, pyproject.toml's poe/pdm/hatch/taskipy/rye
scripts, lint-staged and overcommit configs; pylint's `init-hook` (Python run at every lint) and
a lint-staged JavaScript config are read as `python3 -c CODE` / `node -e CODE`, and a Gradle build
file's `apply from: 'https://…'` (a remote script run at every build) as `gradle --init-script URL`.

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
    if low in _OTHER_KINDS:
        return _OTHER_KINDS[low]
    if low.endswith((".gradle", ".gradle.kts")):
        return "gradle"
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
    except (ValueError, TypeError, RecursionError, re.error, IndexError, AttributeError, KeyError):
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
    if found in _READERS:
        return [(what, c) for what, c in _READERS[found](text, fragment, context or "")
                if isinstance(c, str) and c.strip() and len(c) <= _MAX_COMMAND][:_MAX_COMMANDS]
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


def _scripts_spans(text: str, opener=None) -> list[tuple[int, int]]:
    spans = []
    for m in (opener or _SCRIPTS_OPEN).finditer(text):
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


# --- task runners and hook managers (session 31) ---------------------------------------

_OTHER_KINDS = {
    "taskfile.yml": "taskfile", "taskfile.yaml": "taskfile", "taskfile.dist.yml": "taskfile",
    "taskfile.dist.yaml": "taskfile", "deno.json": "deno", "deno.jsonc": "deno", "composer.json": "composer",
    "pyproject.toml": "pyproject", ".lintstagedrc": "lintstaged", ".lintstagedrc.json": "lintstaged",
    ".lintstagedrc.yaml": "lintstaged", ".lintstagedrc.yml": "lintstaged", "lint-staged.config.js": "js",
    "lint-staged.config.mjs": "js", "lint-staged.config.cjs": "js", ".lintstagedrc.js": "js",
    ".lintstagedrc.mjs": "js", ".lintstagedrc.cjs": "js", ".overcommit.yml": "overcommit",
    ".pylintrc": "pylintrc", "pylintrc": "pylintrc", "setup.cfg": "pylintrc",
}

# TOML/JSON/YAML string literals (values with their escapes)
_TOML_STRING = lazy(r'"""(.*?)"""|\'\'\'(.*?)\'\'\'|"((?:[^"\\\n]|\\.)*)"|\'([^\'\n]*)\'', re.S)
_JSON_STRING = lazy(r'"((?:[^"\\\n]|\\.){0,8192})"(\s*:)?')
# a list item that is a map (`- task: build`, `- cmd: x`), not a command with a colon (`- echo "a: b"`)
_YAML_MAP_ITEM = lazy(r'^(?:[A-Za-z_][A-Za-z0-9_-]*|"[^"\n]*"|\'[^\'\n]*\'):(?:\s|$)')
_YAML_KEY = lazy(r'^(\s*)(-\s+)?([A-Za-z0-9_.*"\'{}\[\],/!-][^:#\n]{0,200}?)\s*:(?:\s+(.*))?$')


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        inner = value[1:-1]
        return _unescape(inner) if value[0] == '"' else inner.replace("''", "'")
    return value.split(" #", 1)[0].rstrip()


def _flow_items(value: str) -> list[str] | None:
    """The items of a one-line YAML/JSON flow list (`['sh', '-c', 'x']`), or None."""
    value = value.strip()
    if not (value.startswith("[") and value.endswith("]")):
        return None
    items = [m.group(0) for m in re.finditer(r'"(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'|[^,\[\]\s][^,\[\]]*', value[1:-1])]
    return [_unquote(i) for i in items if i.strip()]


def _yaml_commands(text: str, list_keys: frozenset, scalar_keys: frozenset, join_lists: bool) -> list[tuple[str, str]]:
    """Command lines of a YAML file: the items of a `list_keys` list (`cmds:`), the values of
    `scalar_keys` (`cmd:`, `command:`; a list of them is one argv when `join_lists`), block
    scalars (`- |`) included. Line-based, so a fragment is read too."""
    import shlex

    out: list[tuple[str, str]] = []
    lines = text.split("\n")[:4096]
    i = 0
    in_list: int | None = None  # the indentation of the list key being read
    while i < len(lines) and len(out) < _MAX_COMMANDS:
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if in_list is not None and indent <= in_list and not line.lstrip().startswith("- "):
            in_list = None
        if in_list is not None and indent < in_list:
            in_list = None
        m = _YAML_KEY.match(line)
        key = _unquote(m.group(3)).lower() if m else ""
        if m and key in scalar_keys:
            value = (m.group(4) or "").strip()
            items = _flow_items(value)
            if items is not None:
                if join_lists:
                    out.append((key, shlex.join(items)))
                else:
                    out.extend((key, it) for it in items)
            elif value in ("|", ">", "|-", ">-", "|+", ">+"):
                block, i = _yaml_block(lines, i, indent)
                out.append((key, block))
            elif value:
                out.append((key, _unquote(value)))
            else:  # a block list follows
                items, i = _yaml_list(lines, i, indent)
                if join_lists and items:
                    out.append((key, shlex.join(items)))
                else:
                    out.extend((key, it) for it in items)
            continue
        if m and key in list_keys:
            value = (m.group(4) or "").strip()
            items = _flow_items(value)
            if items is not None:
                out.extend((key, it) for it in items)
            elif not value:
                in_list = indent
            continue
        if in_list is not None and line.lstrip().startswith("- "):
            item = line.lstrip()[2:].strip()
            if item in ("|", ">", "|-", ">-", "|+", ">+"):
                block, i = _yaml_block(lines, i, indent)
                out.append(("cmds", block))
            elif item and not _YAML_MAP_ITEM.match(item) and not item.startswith("{"):
                out.append(("cmds", _unquote(item)))
    return out


def _yaml_block(lines: list[str], i: int, indent: int) -> tuple[str, int]:
    body = []
    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
        body.append(lines[i].strip())
        i += 1
    return "\n".join(body).strip(), i


def _yaml_list(lines: list[str], i: int, indent: int) -> tuple[list[str], int]:
    items = []
    while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith("- ")
                              and len(lines[i]) - len(lines[i].lstrip()) >= indent):
        if lines[i].strip():
            items.append(_unquote(lines[i].lstrip()[2:]))
        i += 1
    return items, i


def _taskfile(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # go-task: `cmds:` lists of command lines, `- cmd: …` and `- defer: …` maps
    return _yaml_commands(text, frozenset({"cmds"}), frozenset({"cmd", "defer"}), False)


def _overcommit(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # overcommit: a hook's `command:` (an argv list or a string) runs at the git event
    return _yaml_commands(text, frozenset(), frozenset({"command"}), True)


def _json_section(text: str, fragment: bool, context: str, section: str, command_keys: frozenset,
                  event_key: str) -> list[tuple[str, str]]:
    """The command strings of a JSON file's `section` object: its string values, the strings
    of its arrays and of its entries' `command_keys`. A fragment: the strings inside a
    `"section": {` block in it, anywhere when its old text opens the block, and the values of
    keys matching `event_key` (composer's `post-install-cmd`) anywhere."""
    if not fragment:
        try:
            doc = json.loads(_strip_jsonc(text))
        except ValueError:
            doc = None
        if isinstance(doc, dict):
            block = doc.get(section)
            out: list[tuple[str, str]] = []
            for name, value in list(block.items())[:_MAX_COMMANDS] if isinstance(block, dict) else []:
                where = f"{section}.{name}"[:80]
                if isinstance(value, dict):
                    value = next((value[k] for k in command_keys if isinstance(value.get(k), (str, list))), None)
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str):
                        out.append((where, v))
            return out
    opener = _section_opener(section)
    spans = _scripts_spans(text, opener)
    anywhere = bool(opener.search(context)) and not spans
    out = []
    key = ""
    for m in _JSON_STRING.finditer(text[:_MAX_TEXT]):
        if len(out) >= _MAX_COMMANDS:
            break
        value = _unescape(m.group(1))
        if m.group(2):  # a key
            key = value
            continue
        inside = anywhere or any(a <= m.start() < b for a, b in spans)
        if inside and (key == "" or key not in ("description", "$schema")) or re.match(event_key, key):
            out.append((f"{section}.{key}"[:80], value))
    return out


def _section_opener(section: str):
    return re.compile(r'"' + re.escape(section) + r'"\s*:\s*\{')


def _strip_jsonc(text: str) -> str:
    if "//" not in text and "/*" not in text:
        return text
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/', lambda m: m.group(0) if m.group(0)[0] == '"' else "",
                  text, flags=re.S)


def _deno(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # deno.json(c) `tasks`: `"dev": "deno run …"` or `{"command": "…", "description": …}`
    return _json_section(text, fragment, context, "tasks", frozenset({"command"}), r"(?!)")


# composer's own script prefixes: `@php x` runs php, `@composer x` composer; `@putenv`, a
# reference to another script (`@test`) and a PHP callback (`Vendor\\Class::method`) run no shell
_COMPOSER_EVENT = r"^(pre|post)-[a-z-]+$"


def _composer(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    out = []
    for where, value in _json_section(text, fragment, context, "scripts", frozenset(), _COMPOSER_EVENT):
        value = value.strip()
        if value.startswith("@php ") or value.startswith("@composer "):
            value = value[1:]
        elif value.startswith("@") or re.match(r"^[A-Za-z0-9_\\]+::[A-Za-z0-9_]+$", value):
            continue
        out.append((where, value))
    return out


def _lintstaged(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # lint-staged: glob → command or list of commands, in JSON or YAML
    if text.lstrip().startswith("{") or '"' in text and ":" in text and "\n- " not in text:
        return [("lint-staged", _unescape(m.group(1))) for m in _JSON_STRING.finditer(text[:_MAX_TEXT])
                if not m.group(2)]
    out = []
    for line in text.split("\n")[:4096]:
        stripped = line.strip()
        if stripped.startswith("- "):
            out.append(("lint-staged", _unquote(stripped[2:])))
            continue
        m = _YAML_KEY.match(line)
        if m and m.group(4):
            items = _flow_items(m.group(4))
            out.extend(("lint-staged", v) for v in (items if items is not None else [_unquote(m.group(4))]))
    return out


def _code_command(program: str, code: str) -> str:
    import shlex

    return f"{program} {shlex.quote(code)}"


def _js(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # a JavaScript config lint-staged loads (and runs) at every commit: read as `node -e CODE`
    if not re.search(r"child_process|execSync|exec\(|spawn|require\(|import\(|fetch\(|eval\(|Function\(", text):
        return []
    return [("config code", _code_command("node -e", text))]


_INIT_HOOK = lazy(r"(?m)^[ \t]*[\"']?init[-_]hook[\"']?[ \t]*[=:][ \t]*(.*(?:\n[ \t]+\S.*)*)")


def _pylintrc(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    # pylint's init-hook: Python run at every lint, read as `python3 -c CODE`
    if "init" not in text:
        return []
    return [("init-hook", _code_command("python3 -c", _unquote(" ".join(m.group(1).split("\n")).strip()
                                                                 if "\n" not in m.group(1).strip()
                                                                 else m.group(1).strip())))
            for m in _INIT_HOOK.finditer(text)][:4]


# pyproject.toml tables whose every key is a task, and tables (a task's own, hatch's env) whose
# keys `cmd`/`shell`/`sequence`/`composite`/`pre-install-commands`/`post-install-commands` are
_TOML_HEADER = lazy(r"(?m)^[ \t]*\[\[?[ \t]*([^\]\n]{1,200})\]\]?[ \t]*(?:#.*)?$")
_TASK_TABLES = lazy(r"^tool\.(poe\.tasks|pdm\.scripts|taskipy\.tasks|rye\.scripts|hatch\.envs\.[^.]+\.scripts)$")
_TASK_SUBTABLES = lazy(r"^tool\.(poe\.tasks|pdm\.scripts|rye\.scripts)\.[^.]+$|^tool\.hatch\.envs\.[^.]+$")
_PYLINT_TABLES = lazy(r"(?i)^tool\.pylint(\.(main|master))?$")
_COMMAND_KEYS = frozenset({"cmd", "shell", "sequence", "composite", "chain", "pre-install-commands",
                           "post-install-commands"})
_TOML_KEY = lazy(r'(?m)^[ \t]*("(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|[A-Za-z0-9_.-]+)[ \t]*=[ \t]*')
_INLINE_KEY = lazy(r'([A-Za-z0-9_-]+)\s*=\s*$')


def _pyproject(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    if "tool." not in text and "tool." not in context:
        return []
    table = ""
    if fragment:  # the table the edit is made in: the last header of its old text
        heads = list(_TOML_HEADER.finditer(context[:_MAX_TEXT]))
        table = heads[-1].group(1).strip() if heads else ""
    out: list[tuple[str, str]] = []
    pieces = []
    last, start = table, 0
    for h in _TOML_HEADER.finditer(text):
        pieces.append((last, text[start:h.start()]))
        last, start = h.group(1).strip().replace('"', ""), h.end()
    pieces.append((last, text[start:]))
    for name, body in pieces:
        tasks, sub, pylint = _TASK_TABLES.match(name), _TASK_SUBTABLES.match(name), _PYLINT_TABLES.match(name)
        if not (tasks or sub or pylint):
            continue
        keys = list(_TOML_KEY.finditer(body))
        for n, k in enumerate(keys):
            key = _unquote(k.group(1)).lower()
            value = body[k.end():keys[n + 1].start() if n + 1 < len(keys) else len(body)].strip()
            if pylint:
                if key in ("init-hook", "init_hook"):
                    code = _toml_strings(value)
                    if code:
                        out.append(("init-hook", _code_command("python3 -c", code[0][1])))
                continue
            if tasks and ("." in key or key.startswith("_")):
                # a dotted task key (`test.cmd = "pytest"`, `test.help = "…"`) is a task's own key;
                # pdm's `_.env_file` is a setting
                key = key.rsplit(".", 1)[-1] if not key.startswith("_") else ""
                if key not in _COMMAND_KEYS:
                    continue
            elif not (tasks or key in _COMMAND_KEYS):
                continue
            out.extend((f"{name.rsplit('.', 1)[-1]}.{key}"[:80], c) for c in _toml_task(key, value, bool(tasks)))
            if len(out) >= _MAX_COMMANDS:
                return out
    return out


def _toml_strings(value: str) -> list[tuple[int, str]]:
    out = []
    for m in _TOML_STRING.finditer(value[:_MAX_TEXT]):
        if m.group(1) is not None:
            s = _unescape(m.group(1).replace("\n", "\\n").replace('"', '\\"')) if "\\" in m.group(1) else m.group(1)
        elif m.group(2) is not None:
            s = m.group(2)
        elif m.group(3) is not None:
            s = _unescape(m.group(3))
        else:
            s = m.group(4) or ""
        out.append((m.start(), s.strip()))
    return out


def _toml_task(key: str, value: str, direct: bool) -> list[str]:
    """The command lines of one task's value: a string, an array of strings (hatch's list of
    commands, poe's sequence), an inline table's cmd/shell/sequence (pdm's `cmd = [argv]`
    is one command); `script`/`call`/`help`/`env` strings are no command."""
    import shlex

    strings = _toml_strings(value)
    if value.startswith("{"):
        out = []
        arrays: dict[str, list[str]] = {}
        for at, s in strings:
            m = _INLINE_KEY.search(value[max(0, at - 64):at])
            before = value[:at]
            opened = before.rfind("[") > max(before.rfind("]"), before.rfind("="))
            inline = m.group(1).lower() if m else ""
            if opened:
                m2 = re.search(r'([A-Za-z0-9_-]+)\s*=\s*\[[^\]]*$', before)
                inline = m2.group(1).lower() if m2 else ""
                arrays.setdefault(inline, []).append(s)
                continue
            if inline in _COMMAND_KEYS:
                out.append(s)
        for inline, items in arrays.items():
            if inline == "cmd":
                out.append(shlex.join(items))
            elif inline in _COMMAND_KEYS:
                out.extend(items)
        return out
    if value.startswith("[") and key == "cmd" and not direct:
        return [shlex.join([s for _, s in strings])]
    return [s for _, s in strings] if (value.startswith(("[", '"', "'"))) else []


# a Gradle build file applying a script from a URL (`apply from: 'https://…'`, Kotlin
# `apply(from = "https://…")`): a remote script run at every build, read as `gradle --init-script URL`
_APPLY_FROM = lazy(r"""apply\s*\(?\s*from\s*[:=]\s*(?:uri\s*\(\s*|(?:new\s+)?URI\s*\(\s*|URL\s*\(\s*)?["']([^"'\n]{1,2000})["']""")


def _gradle(text: str, fragment: bool, context: str) -> list[tuple[str, str]]:
    if "from" not in text:
        return []
    return [("apply from", _code_command("gradle --init-script", m.group(1)))
            for m in _APPLY_FROM.finditer(text[:_MAX_TEXT]) if "://" in m.group(1)][:8]


# the `what` of code read as `node -e CODE` / `python3 -c CODE`: what it leaves to run time (a
# command it computes) is no file text the policies could read, so it stays a reason to ask
CODE_RUNS = frozenset({"config code", "init-hook"})

_READERS = {
    "taskfile": _taskfile, "deno": _deno, "composer": _composer, "pyproject": _pyproject,
    "lintstaged": _lintstaged, "js": _js, "overcommit": _overcommit, "pylintrc": _pylintrc, "gradle": _gradle,
}
