"""Path facts: every path a tool call touches, normalised so policies need no path logic.

Rego policies decide "no writes outside the project", "no reading ~/.aws/credentials",
"no symlink escapes". Doing that on raw strings is a trap (``..``, ``~``, ``//``,
drive letters, case, macOS ``/etc`` vs ``/private/etc``, look-alike Unicode), so this
module turns each raw path into a flat dict of facts (see ``path_facts``).

All path logic is parameterised by an OS *flavour* ("linux", "macos", "windows") and
never uses ``os.path`` for it, so Windows and macOS behaviour is testable on Linux.
The only host-dependent step is symlink resolution, done by a pluggable *resolver*.

Runs on every tool call: standard library only, no regexes, no filesystem access
except through the resolver.
"""

from __future__ import annotations

import itertools
import os
import sys
import unicodedata

TYPE_CHECKING = False  # typing costs ~10 ms of import time on every hook call
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    # A path split into its anchor and components. The anchor is "/" (posix), "C:" (a
    # drive) or "\\server\share" (UNC); an empty anchor means "not absolute".
    Split = tuple[str, tuple[str, ...]]
    Resolver = Callable[[str], str]

FLAVOURS = ("linux", "macos", "windows")

# Claude Code tools and the input fields that carry a path.
TOOL_PATH_FIELDS: dict[str, tuple[str, ...]] = {
    "Read": ("file_path",),
    "Write": ("file_path",),
    "Edit": ("file_path",),
    "MultiEdit": ("file_path",),
    "NotebookEdit": ("notebook_path",),
    "NotebookRead": ("notebook_path",),
    "Glob": ("path",),
    "Grep": ("path",),
    "LS": ("path",),
}
# Fields checked on tools we do not know, so a renamed or MCP file tool cannot slip by.
GENERIC_PATH_FIELDS = ("file_path", "path", "notebook_path", "directory", "dir")

_MACOS_ALIASES = frozenset(("etc", "tmp", "var"))  # /etc -> /private/etc, ...
_WIN_DEFAULT_STREAM = "::$data"  # "a.txt::$DATA" is the file a.txt itself
_MAX_LINK_HOPS = 40  # like Linux's MAXSYMLINKS


def host_flavour() -> str:
    """The flavour of the running OS; the default for every function here."""
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


HOST_FLAVOUR = host_flavour()


def _check_flavour(flavour: str) -> None:
    """A wrong flavour is a programming error, not bad input: fail loudly."""
    if flavour not in FLAVOURS:
        raise ValueError(f"unknown path flavour {flavour!r}; expected one of {FLAVOURS}")


# --- lexical parsing ---------------------------------------------------------------


def _split_posix(path: str) -> tuple[str, bool, list[str]]:
    """(anchor, rooted, parts). A leading "//" is just "/" here: policies want one form."""
    rooted = path.startswith("/")
    return ("/" if rooted else ""), rooted, [p for p in path.split("/") if p and p != "."]


def _strip_win_prefix(path: str) -> str:
    r"""Drop \\?\ and \\.\ so "\\?\C:\x" and "C:\x" are the same path to policies."""
    if path[:4] not in ("\\\\?\\", "\\\\.\\"):
        return path
    rest = path[4:]
    if rest[:4].upper() == "UNC\\":
        return "\\\\" + rest[4:]
    if len(rest) >= 2 and rest[1] == ":" and rest[0].isascii() and rest[0].isalpha():
        return rest
    return path  # a device such as \\.\pipe\x: parsed as UNC with server "." below


def _clean_win_part(part: str) -> str:
    """Win32 ignores trailing dots and spaces: ".env." and ".env " open ".env"."""
    if part in (".", ".."):
        return part
    stripped = part.rstrip(". ")
    return stripped or part


def _split_windows(path: str) -> tuple[str, bool, list[str]]:
    r"""(anchor, rooted, parts) for drive ("C:\x", "C:x"), UNC, rooted ("\x") and relative paths."""
    path = _strip_win_prefix(path.replace("/", "\\"))
    anchor, rooted = "", False
    if path.startswith("\\\\"):
        bits = [b for b in path[2:].split("\\") if b]
        anchor = "\\\\" + "\\".join(bits[:2]) if bits else ""
        rooted, path = True, "\\".join(bits[2:])
    elif len(path) >= 2 and path[1] == ":" and path[0].isascii() and path[0].isalpha():
        anchor, path = path[0].upper() + ":", path[2:]
        rooted = path.startswith("\\")
    else:
        rooted = path.startswith("\\")
    parts = [_clean_win_part(p) for p in path.split("\\") if p and p != "."]
    if parts and parts[-1].lower().endswith(_WIN_DEFAULT_STREAM):
        parts[-1] = parts[-1][: -len(_WIN_DEFAULT_STREAM)] or parts[-1]
    return anchor, rooted, parts


def _split(path: str, flavour: str) -> tuple[str, bool, list[str]]:
    """Dispatch on flavour; the result still contains ".." components."""
    return _split_windows(path) if flavour == "windows" else _split_posix(path)


def _is_home_ref(raw: str, flavour: str) -> bool:
    """Only a leading "~" or "~/" is home: "~user" and "a/~" are literal names."""
    if raw == "~" or raw.startswith("~/"):
        return True
    return flavour == "windows" and raw.startswith("~\\")


def _join(raw: str, flavour: str, cwd: Split, home: Split | None) -> Split:
    """Make raw absolute against cwd (or home for "~"), keeping ".." for the resolver."""
    if home is not None and _is_home_ref(raw, flavour):
        return home[0], home[1] + tuple(_split(raw[1:], flavour)[2])
    anchor, rooted, parts = _split(raw, flavour)
    if flavour != "windows":
        return ("/", tuple(parts)) if rooted else (cwd[0], cwd[1] + tuple(parts))
    if anchor and rooted:
        return anchor, tuple(parts)
    if rooted:  # "\x": the root of the current drive or share
        return cwd[0], tuple(parts)
    if anchor and anchor.lower() != cwd[0].lower():  # "D:x" with cwd on C: best effort
        return anchor, tuple(parts)
    return cwd[0], cwd[1] + tuple(parts)


def _collapse(split: Split) -> Split:
    """Apply ".." lexically; it cannot climb above the anchor (as the OS does)."""
    out: list[str] = []
    for part in split[1]:
        if part == "..":
            if out:
                out.pop()
        else:
            out.append(part)
    return split[0], tuple(out)


def _render(split: Split, flavour: str) -> str:
    """The flavour's native spelling of a split path."""
    anchor, parts = split
    if flavour == "windows":
        return anchor + "\\" + "\\".join(parts)
    return "/" + "/".join(parts)


def _home_split(home: str | None, flavour: str, cwd: Split) -> Split | None:
    """Normalise the home directory itself; None or "" means "not given"."""
    if not isinstance(home, str) or not home:
        return None
    return _collapse(_join(_truncate_nul(home), flavour, cwd, None))


def _cwd_split(cwd: str, flavour: str) -> Split:
    """cwd must be absolute; anything else falls back to the root (best effort, no raise)."""
    fallback: Split = ("C:", ()) if flavour == "windows" else ("/", ())
    if not isinstance(cwd, str):
        return fallback
    anchor, _rooted, parts = _split(_truncate_nul(cwd), flavour)
    if not anchor:
        return fallback
    return _collapse((anchor, tuple(parts)))  # a drive-relative "C:x" cwd counts as "C:\x"


def _truncate_nul(path: str) -> str:
    """The OS (C strings) sees a path only up to its first NUL; so do we."""
    nul = path.find("\0")
    return path if nul < 0 else path[:nul]


# --- comparison --------------------------------------------------------------------


def _alias(split: Split, flavour: str) -> Split:
    """macOS: /etc, /tmp and /var are symlinks into /private; use the /private form."""
    if flavour == "macos" and split[1] and split[1][0].lower() in _MACOS_ALIASES:
        return split[0], ("private",) + split[1]
    return split


def _key(split: Split, flavour: str) -> Split:
    """Comparison key: exact on linux; case-insensitive (and NFC on macos) elsewhere.

    str.lower rather than casefold: casefold equates "ß" and "ss", which the file
    systems do not, and could make an outside path look inside the project.
    """
    if flavour == "linux":
        return split
    anchor, parts = _alias(split, flavour)
    if flavour == "macos":
        parts = tuple(unicodedata.normalize("NFC", p) for p in parts)
    return anchor.lower(), tuple(p.lower() for p in parts)


def _under(child: Split, parent: Split) -> bool:
    """Same path or a descendant, at a component boundary (keys expected)."""
    n = len(parent[1])
    return child[0] == parent[0] and child[1][:n] == parent[1]


def fold(text: str) -> str:
    """NFKC + casefold (compatibility caseless form): ".ENV", "．ｅｎｖ" -> ".env"."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


# --- resolution --------------------------------------------------------------------


def _default_resolver(flavour: str) -> Resolver | None:
    """Real symlink resolution only makes sense for the host's own flavour."""
    return os.path.realpath if flavour == HOST_FLAVOUR else None


def _resolve(joined: Split, flavour: str, cwd: Split, resolver: Resolver | None) -> Split:
    """Resolve symlinks; if the path cannot be resolved, resolve its longest prefix that can.

    Posix resolves from the joined path with ".." still in it, because the kernel
    applies ".." after following a symlink ("link/../x" is next to the link's target).
    Windows collapses ".." before it looks at the file system, so we do too.
    """
    if flavour == "windows":
        joined = _collapse(joined)
    if resolver is None:
        return _alias(_collapse(joined), flavour)
    anchor, parts = joined
    for cut in range(len(parts), -1, -1):
        try:
            out = resolver(_render((anchor, parts[:cut]), flavour))
            if not isinstance(out, str):
                continue
            out_split = _collapse(_join(_truncate_nul(out), flavour, cwd, None))
        except Exception:  # noqa: BLE001 — a resolver may fail in any way; try a shorter prefix
            continue
        rest = _collapse((out_split[0], out_split[1] + parts[cut:]))
        return _alias(rest, flavour)
    return _alias(_collapse(joined), flavour)


def mapping_resolver(links: Mapping[str, str], flavour: str = HOST_FLAVOUR) -> Resolver:
    """A resolver from {link: target} for tests and fixtures of other flavours.

    Every path "exists"; links are followed component by component (relative targets
    against the link's directory, ".." after a link like the kernel); loops raise OSError.
    """
    _check_flavour(flavour)
    root: Split = ("C:", ()) if flavour == "windows" else ("/", ())
    table = {_key(_collapse(_join(k, flavour, root, None)), flavour): v for k, v in links.items()}

    def resolve(path: str) -> str:
        anchor, parts = _join(path, flavour, root, None)
        done: Split = (anchor, ())
        todo = list(parts)
        hops = 0
        while todo:
            part = todo.pop(0)
            if part == "..":
                done = (done[0], done[1][:-1])
                continue
            here = (done[0], done[1] + (part,))
            target = table.get(_key(here, flavour))
            if target is None:
                done = here
                continue
            hops += 1
            if hops > _MAX_LINK_HOPS:
                raise OSError(40, "Too many levels of symbolic links", path)
            anchor, parts = _join(target, flavour, done, None)
            done, todo = (anchor, ()), list(parts) + todo
        return _render(done, flavour)

    return resolve


# --- facts -------------------------------------------------------------------------


class _Context:
    """What stays fixed across the paths of one tool call: parsed once, resolved once."""

    __slots__ = ("flavour", "cwd", "home", "project_key", "project_resolved_key", "resolver")

    def __init__(self, *, cwd: str, project_dir: str | None, home: str | None,
                 flavour: str, resolver: Resolver | None) -> None:
        _check_flavour(flavour)
        self.flavour = flavour
        self.resolver = resolver if resolver is not None else _default_resolver(flavour)
        self.cwd = _cwd_split(cwd, flavour)
        self.home = _home_split(home, flavour, self.cwd)
        self.project_key = self.project_resolved_key = None
        if isinstance(project_dir, str) and project_dir:
            joined = _join(_truncate_nul(project_dir), flavour, self.cwd, self.home)
            self.project_key = _key(_collapse(joined), flavour)
            resolved = _resolve(joined, flavour, self.cwd, self.resolver)
            self.project_resolved_key = _key(resolved, flavour)


def _home_relative(absolute: Split, ctx: _Context) -> str | None:
    """ "~/.aws/credentials" style, always with "/" so one policy string fits every OS."""
    if ctx.home is None:
        return None
    home_key = _key(ctx.home, ctx.flavour)
    abs_key = _key(absolute, ctx.flavour)
    if not _under(abs_key, home_key):
        return None
    rest = absolute[1][len(ctx.home[1]):]
    return "~/" + "/".join(rest) if rest else "~"


def _traversal(raw: str, flavour: str) -> bool:
    """Does the raw text climb with a ".." component (before any normalisation)?"""
    if flavour == "windows":
        raw = raw.replace("\\", "/")
    return ".." in raw.split("/")


def _is_glob(text: str, flavour: str) -> bool:
    """Could the OS/shell/tool expand this as a pattern (`*`, `?`, `[...]`)? Then `absolute`
    names a pattern, not one file, and policies compare it as a glob (lib/paths.rego)."""
    return "*" in text or "?" in text or ("[" in text and flavour != "windows")


def _facts(raw: object, ctx: _Context) -> dict:
    """The facts of one raw path; never raises for a str (or any other) raw."""
    flavour = ctx.flavour
    text = raw if isinstance(raw, str) else ""
    invalid = not text or "\0" in text
    text = _truncate_nul(text)

    joined = _join(text, flavour, ctx.cwd, ctx.home) if text else ctx.cwd
    absolute = _collapse(joined)
    resolved = _resolve(joined, flavour, ctx.cwd, ctx.resolver)
    abs_key = _key(absolute, flavour)
    res_key = _key(resolved, flavour)

    absolute_text = _render(absolute, flavour)
    name = absolute[1][-1] if absolute[1] else ""
    return {
        "raw": raw,
        "absolute": absolute_text,
        "resolved": _render(resolved, flavour),
        "inside_project": None if ctx.project_key is None else _under(abs_key, ctx.project_key),
        "resolved_inside_project": (
            None if ctx.project_resolved_key is None else _under(res_key, ctx.project_resolved_key)
        ),
        "traversal": _traversal(text, flavour),
        "via_symlink": abs_key != res_key,
        "name": name,
        "name_folded": fold(name),
        "absolute_folded": fold(absolute_text),
        "home_relative": _home_relative(absolute, ctx),
        "invalid": invalid,
        "glob": _is_glob(text, flavour),
    }


def path_facts(raw: str, *, cwd: str, project_dir: str | None, home: str | None,
               flavour: str = HOST_FLAVOUR, resolver: Resolver | None = None) -> dict:
    """Normalised facts for one raw path (see the module docstring and the contract).

    `resolver(path) -> path` resolves symlinks (default: os.path.realpath for the host
    flavour, none otherwise); it may raise for a path it cannot resolve, in which case
    the longest prefix it can resolve is used and the rest appended.
    """
    ctx = _Context(cwd=cwd, project_dir=project_dir, home=home, flavour=flavour, resolver=resolver)
    return _facts(raw, ctx)


# --- collecting the paths of a tool call -------------------------------------------


def tool_paths(tool_name: str, tool_input: dict) -> list[tuple[str, str]]:
    """(field, raw path) pairs a tool's input carries; unknown tools get the generic fields."""
    if not isinstance(tool_input, dict):
        return []
    fields = TOOL_PATH_FIELDS.get(tool_name, GENERIC_PATH_FIELDS)
    out = [(f, tool_input[f]) for f in fields if isinstance(tool_input.get(f), str)]
    pattern = tool_input.get("pattern")
    if tool_name == "Glob" and isinstance(pattern, str) and ("/" in pattern or "\\" in pattern):
        out.append(("pattern", pattern))
    return out


# --- effects: what any tool's call touches -----------------------------------------
#
# Built-in tools are described exactly (TOOL_PATH_FIELDS and the access below). Every
# other tool (MCP servers, renamed or future tools) is described by walking its input:
# keys that name a path, a URL or a command, and the verbs of its name, so file, secret
# and network policies apply by effect, not by tool name.

READ, WRITE, LIST, UNKNOWN = "read", "write", "list", "unknown"

_BUILTIN_ACCESS = {
    "Read": READ, "NotebookRead": READ, "Grep": READ,
    "Write": WRITE, "Edit": WRITE, "MultiEdit": WRITE, "NotebookEdit": WRITE,
    "Glob": LIST, "LS": LIST,
}
# built-in tools whose input is described by the tables above (no generic walk)
_BUILTIN_TOOLS = frozenset(_BUILTIN_ACCESS) | frozenset({
    "Bash", "PowerShell", "BashOutput", "KillShell", "KillBash", "WebFetch", "WebSearch",
    "Task", "Agent", "TodoWrite", "ExitPlanMode", "Skill", "SlashCommand", "AskUserQuestion",
})

_PATH_KEYS = frozenset({
    "path", "paths", "file", "files", "filename", "filenames", "file_name", "file_path", "filepath",
    "file_paths", "notebook_path", "directory", "directories", "dir", "dirs", "folder", "folders",
    "source", "sources", "src", "destination", "dest", "dst", "target", "targets", "from", "to",
    "root", "cwd", "working_directory", "workdir", "location", "output", "out", "input", "uri", "uris",
    "old_path", "new_path", "local_path", "absolute_path", "relative_path", "glob", "include",
})
_PATH_SUFFIXES = ("_path", "_paths", "_file", "_files", "_filename", "_dir", "_dirs", "_directory",
                  "_directories", "_folder", "_uri")
# keys whose path is written / read whatever the tool's verb
_WRITE_KEYS = frozenset({"destination", "dest", "dst", "target", "targets", "to", "output", "out",
                         "new_path", "destination_path", "target_path", "output_path", "output_file",
                         "output_dir", "output_directory", "dest_path", "save_path"})
_READ_KEYS = frozenset({"source", "sources", "src", "from", "input", "source_path", "input_path",
                        "input_file", "src_path"})
_NETWORK_KEYS = frozenset({"url", "urls", "uri", "uris", "endpoint", "host", "hostname", "domain",
                           "webhook", "webhook_url", "base_url", "href", "link", "server", "address"})
_EXEC_KEYS = frozenset({"command", "cmd", "commands", "script", "shell_command", "bash_command",
                        "command_line", "commandline", "shell"})
_EXEC_VERBS = frozenset({"exec", "execute", "run", "eval", "evaluate", "spawn", "shell", "terminal",
                         "bash", "sh", "python", "node", "repl", "interpreter", "process",
                         "tmux", "screen", "pty", "console", "kernel"})
# fields of a run/exec/terminal tool that carry code or keystrokes (besides _EXEC_KEYS)
_EXEC_CODE_KEYS = frozenset({"code", "args", "argv", "input", "source", "exec", "run", "expression",
                             "expr", "program", "snippet", "stdin"})
# fields that carry typed text, for tools that type into a terminal (tmux/screen/pty/
# console/terminal servers or tools, send_keys)
_TYPED_KEYS = frozenset({"keys", "text", "line", "lines", "input", "data"})
_TERMINAL_WORDS = frozenset({"tmux", "screen", "pty", "console", "terminal", "keys"})
# tmux/screen key names sent after the text: `rm -rf ~ Enter` types and runs `rm -rf ~`
_KEYSTROKE_WORDS = frozenset({"enter", "c-m", "c-j", "kpenter", "return", "\\n", "\\r"})
_WRITE_VERBS = frozenset({
    "write", "edit", "create", "update", "delete", "remove", "rm", "move", "mv", "rename", "copy", "cp",
    "put", "save", "mkdir", "append", "patch", "set", "insert", "replace", "modify",
    "overwrite", "truncate", "chmod", "chown", "touch", "make", "new", "apply", "store", "download",
    "unzip", "extract", "install", "unlink", "rmdir", "mkfile", "link", "symlink", "clear", "reset",
})
_READ_VERBS = frozenset({
    "read", "get", "list", "ls", "search", "find", "view", "show", "cat", "open", "fetch", "query", "stat",
    "info", "describe", "tree", "glob", "grep", "head", "tail", "load", "inspect", "diff", "status", "log",
    "check", "lookup", "resolve", "browse", "explore", "preview", "count", "exists", "watch", "upload",
    "send", "share", "attach", "analyze", "analyse", "index", "scan", "parse", "lint", "validate", "print",
    "dump", "export", "summarize", "summarise", "convert", "compare", "hash", "checksum", "metadata",
})
# verbs of tools that return names, not contents (list_directory, directory_tree, get_file_info)
_LIST_VERBS = frozenset({"list", "ls", "tree", "glob", "stat", "exists", "info", "metadata", "find"})
_MOVE_VERBS = frozenset({"move", "mv", "rename"})  # the source of a move is deleted: a write

_MAX_NODES = 512      # values looked at in one tool input
_MAX_DEPTH = 8        # nesting followed
_MAX_VALUE = 4096     # longer strings are data, not paths or URLs


def _snake(key: str) -> str:
    """camelCase / kebab-case / "File Path" -> snake_case, lower."""
    out = []
    for i, ch in enumerate(key):
        if ch.isupper() and i and (key[i - 1].islower() or key[i - 1].isdigit()):
            out.append("_")
        out.append("_" if ch in "- ." else ch.lower())
    return "".join(out)


def name_tokens(tool_name: str) -> frozenset:
    """The words of a tool's name: mcp__fs__writeFile -> {"write", "file"} (server excluded)."""
    if not isinstance(tool_name, str):
        return frozenset()
    name = tool_name
    if name.startswith("mcp__"):
        name = name[5:].partition("__")[2] or name[5:]
    return frozenset(t for t in _snake(name).replace("__", "_").split("_") if t)


def _server_tokens(tool_name: str) -> frozenset:
    """The words of an MCP tool's server name: mcp__tmux-server__x -> {"tmux", "server"}."""
    if isinstance(tool_name, str) and tool_name.startswith("mcp__"):
        server = tool_name[5:].partition("__")[0]
        return frozenset(t for t in _snake(server).replace("-", "_").split("_") if t)
    return frozenset()


def _runs_by_server_or_keys(tool_name: str, tokens: frozenset) -> bool:
    """A tool of a terminal/exec server (mcp__tmux__…, mcp__shell__…) or one that sends
    keystrokes (send_keys): what it is given is typed or run."""
    return "keys" in tokens or bool(_server_tokens(tool_name) & _EXEC_VERBS)


def _verb_access(tokens: frozenset) -> str:
    """write if the tool's name has a write verb, read if a read verb, list if it only
    lists names, else unknown."""
    if tokens & _WRITE_VERBS:
        return WRITE
    if tokens & (_READ_VERBS - _LIST_VERBS):
        return READ
    if tokens & _LIST_VERBS:
        return LIST
    return UNKNOWN


def _path_key(key: str) -> bool:
    return key in _PATH_KEYS or key.endswith(_PATH_SUFFIXES)


_HEX = frozenset("0123456789abcdefABCDEF")


def _unquote(text: str) -> str:
    """Percent-decoding (UTF-8) without urllib: a%20b -> "a b"; bad escapes stay as they are."""
    if "%" not in text:
        return text
    pieces = text.split("%")
    raw = bytearray(pieces[0].encode("utf-8", "surrogatepass"))
    for piece in pieces[1:]:
        if len(piece) >= 2 and piece[0] in _HEX and piece[1] in _HEX:
            raw.append(int(piece[:2], 16))
            raw.extend(piece[2:].encode("utf-8", "surrogatepass"))
        else:
            raw.extend(b"%" + piece.encode("utf-8", "surrogatepass"))
    return raw.decode("utf-8", "replace")


def _file_uri(value: str) -> str | None:
    """file:///a%20b -> "/a b"; file://localhost/x -> "/x"; file://host/x -> "//host/x"; else None."""
    if value[:7].lower() != "file://":
        return None
    rest = value[7:]
    if not rest.startswith("/"):
        host, _, rest = rest.partition("/")
        rest = "/" + rest
        if host.lower() not in ("", "localhost"):
            rest = "//" + host + rest
    return _unquote(rest.split("?", 1)[0].split("#", 1)[0])


def _looks_absolute(value: str) -> bool:
    """A value that is unmistakably a path: /x, ~/x, ~, C:\\x (no whitespace, no newline)."""
    if not value or len(value) > _MAX_VALUE or any(c.isspace() for c in value):
        return False
    if value[0] == "/" and len(value) > 1 and value[1] != "/":
        return True
    if value == "~" or value.startswith("~/"):
        return True
    return len(value) > 2 and value[1] == ":" and value[2] in "\\/" and value[0].isascii() and value[0].isalpha()


def _network(field: str, value: str) -> dict | None:
    scheme, sep, rest = value.partition("://")
    if not sep or not scheme or not scheme.replace("+", "").replace("-", "").replace(".", "").isalnum():
        return None
    authority = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    userinfo, _, hostport = authority.rpartition("@")
    host = hostport
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    else:
        host = host.split(":", 1)[0]
    return {"field": field, "url": value, "scheme": scheme.lower(), "host": _ipv4(host.lower()),
            "credentials": bool(userinfo)}


def _ipv4(host: str) -> str:
    """Numeric IPv4 spellings as inet_aton reads them (0xa9fea9fe, 2852039166, 0251.0376.0251.0376,
    169.254.43518) -> dotted quad, so a policy comparing hosts sees one form; else unchanged."""
    parts = host.split(".")
    if not host or len(parts) > 4:
        return host
    values = []
    for part in parts:
        try:
            if part[:2] in ("0x", "0X"):
                values.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part[0] == "0":
                values.append(int(part, 8))
            else:
                values.append(int(part, 10))
        except ValueError:
            return host
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return host
    number = sum(v << (8 * (3 - i)) for i, v in enumerate(head)) + last
    return ".".join(str((number >> s) & 255) for s in (24, 16, 8, 0))


def _argv_text(items: list) -> str:
    """["rm", "-rf", "a b"] -> "rm -rf 'a b'" (POSIX quoting, for the shell parser)."""
    out = []
    for item in items:
        text = str(item)
        if text and all(c.isalnum() or c in "@%+=:,./_-~" for c in text):
            out.append(text)
        else:
            out.append("'" + text.replace("'", "'\\''") + "'")
    return " ".join(out)


def tool_effects(tool_name: str, tool_input: dict) -> dict:
    """What a tool call touches, from its input alone (no shell parsing here).

    {"paths": [(field, raw, access)], "network": [...], "exec": [{"field", "command"}],
     "truncated": bool}. access is "read", "write", "list" or "unknown".
    """
    paths: list[tuple[str, str, str]] = []
    network: list[dict] = []
    execs: list[dict] = []
    out = {"paths": paths, "network": network, "exec": execs, "truncated": False}
    if not isinstance(tool_input, dict) or not isinstance(tool_name, str):
        return out

    if tool_name in _BUILTIN_TOOLS:
        access = _BUILTIN_ACCESS.get(tool_name, READ)
        paths.extend((f, raw, access) for f, raw in tool_paths(tool_name, tool_input))
        if tool_name == "Grep" and isinstance(tool_input.get("glob"), str) and tool_input["glob"]:
            # a file-name filter: it selects which files' content is shown
            mode = tool_input.get("output_mode")
            base = tool_input.get("path") if isinstance(tool_input.get("path"), str) else ""
            glob = tool_input["glob"]
            raw = glob if not base or glob.startswith(("/", "~")) else base.rstrip("/") + "/" + glob
            paths.append(("glob", raw, READ if mode == "content" else LIST))
        kind = tool_input.get("type")
        if tool_name == "Grep" and isinstance(kind, str) and kind and kind.isalnum():
            # a ripgrep file type (type: "env"): the files it selects, as a glob
            base = tool_input.get("path") if isinstance(tool_input.get("path"), str) else ""
            glob = "*." + kind
            raw = glob if not base else base.rstrip("/") + "/" + glob
            paths.append(("type", raw, READ if tool_input.get("output_mode") == "content" else LIST))
        if tool_name == "WebFetch" and isinstance(tool_input.get("url"), str):
            url = tool_input["url"]
            local = _file_uri(url)
            if local is not None:
                paths.append(("url", local, READ))
            else:
                found = _network("url", url)
                if found:
                    network.append(found)
        return out

    tokens = name_tokens(tool_name)
    verb_access = _verb_access(tokens)
    executes = bool(tokens & _EXEC_VERBS) or _runs_by_server_or_keys(tool_name, tokens)
    typing = bool((tokens | _server_tokens(tool_name)) & _TERMINAL_WORDS)
    budget = [_MAX_NODES]

    def visit(node, key: str, field: str, depth: int) -> None:
        if budget[0] <= 0 or depth > _MAX_DEPTH:
            out["truncated"] = True
            return
        budget[0] -= 1
        if isinstance(node, dict):
            for k, v in node.items():
                if isinstance(k, str):
                    sk = _snake(k)
                    visit(v, sk, f"{field}.{k}" if field else k, depth + 1)
            return
        if isinstance(node, list):
            for i, v in enumerate(node):
                visit(v, key, f"{field}[{i}]", depth + 1)
            return
        if not isinstance(node, str) or not node:
            return
        if key in _EXEC_KEYS or (executes and key in _EXEC_CODE_KEYS) or (typing and key in _TYPED_KEYS):
            command = _strip_keystrokes(node) if typing and key in _TYPED_KEYS else node
            if command:
                execs.append({"field": field, "command": command})
            return
        local = _file_uri(node) if len(node) <= _MAX_VALUE else None
        if local is not None:
            paths.append((field, local, _key_access(key, verb_access, tokens)))
            return
        if key in _NETWORK_KEYS or "://" in node[:32]:
            found = _network(field, node) if len(node) <= _MAX_VALUE else None
            if found:
                network.append(found)
                return
        if _path_key(key) and len(node) <= _MAX_VALUE and "\n" not in node:
            paths.append((field, node, _key_access(key, verb_access, tokens)))
        elif _looks_absolute(node):
            paths.append((field, node, READ if verb_access != WRITE else UNKNOWN))

    visit(tool_input, "", "", 0)
    # an argv list under an exec key becomes one command line
    for k in _EXEC_KEYS:
        v = tool_input.get(k)
        if isinstance(v, list) and v and all(isinstance(x, (str, int, float)) for x in v):
            execs[:] = [e for e in execs if not e["field"].startswith(k + "[")]
            execs.append({"field": k, "command": _argv_text(v)})
    # a tool that sets a git setting which git runs as a program (an MCP git_config with
    # key core.fsmonitor): the same effect as `git config KEY VALUE`, judged as that command
    setting = _git_exec_setting(tokens, tool_input)
    if setting is not None:
        execs.append(setting)
    return out


_SETTING_KEYS = ("key", "name", "setting", "option", "config_key")


def _git_exec_setting(tokens: frozenset, tool_input: dict) -> dict | None:
    if "config" not in tokens and "git" not in tokens:
        return None
    value = tool_input.get("value")
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return None
    from .shell import _git_exec_key  # the one list of git's program-valued settings

    for field in _SETTING_KEYS:
        key = tool_input.get(field)
        if isinstance(key, str) and 0 < len(key) <= 200 and _git_exec_key(key.lower()):
            return {"field": field, "command": _argv_text(["git", "config", key, str(value)])}
    return None


def _strip_keystrokes(text: str) -> str:
    """`rm -rf ~ Enter` → `rm -rf ~`: trailing key names are keystrokes, not words."""
    words = text.rstrip().split(" ")
    while words and words[-1].lower() in _KEYSTROKE_WORDS:
        words.pop()
    return " ".join(words).rstrip()


def _key_access(key: str, verb_access: str, tokens: frozenset) -> str:
    if key in _WRITE_KEYS:
        return WRITE
    if key in _READ_KEYS:
        return WRITE if tokens & _MOVE_VERBS else READ
    return verb_access


def looks_like_path(arg: str, flavour: str = HOST_FLAVOUR) -> bool:
    """Heuristic for shell arguments: "src/a", ".env", "~/x", "id_rsa.pem"; not "-v", "1.2".

    Over-inclusion is cheap (one more inside-project fact); missing a path is not.
    """
    if not arg or arg.startswith("-") or "://" in arg:
        return False
    if not arg.isascii():
        arg = fold(arg)  # fullwidth "．ｅｎｖ" is ".env" to a policy matching names
    if "/" in arg or arg[0] in ".~" or (flavour == "windows" and "\\" in arg):
        return True
    if "." not in arg or arg.endswith(".") or any(c.isspace() for c in arg):
        return False
    return not all(c.isdigit() or c == "." for c in arg)  # 1.2.3 is a version, not a file


_UNRESOLVED_MARKS = ("$", "(…)", "`…`", "…")


def _shell_paths(shell: dict, flavour: str):
    """(source, field, raw, segment id) for redirect targets and path-like arguments.

    Also the file behind `@file` / `name=@file` / `--opt=FILE` arguments (curl -d @~/.ssh/id_rsa,
    wget --post-file=.env) and names that a link made earlier in the command made a path.
    """
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list):
        return
    link_names: set[str] = set()
    for index, seg in enumerate(segments):
        if not isinstance(seg, dict):
            continue
        seg_id = seg.get("id", index)
        redirects = seg.get("redirects")
        for red in redirects if isinstance(redirects, list) else ():
            if isinstance(red, dict) and not red.get("dup") and isinstance(red.get("target"), str):
                op = red.get("op")
                yield "redirect", op if isinstance(op, str) else "", red["target"], seg_id
        args = seg.get("args")
        filters: list = []
        if isinstance(args, list):
            from .shell import filter_positions  # exclusion patterns (git clean -e .env) are no paths

            filters = filter_positions(str(seg.get("command") or ""), args)
        for k, arg in enumerate(args if isinstance(args, list) else ()):
            if not isinstance(arg, str) or k in filters:
                continue
            inner = _embedded_path(arg)
            if inner is not None and looks_like_path(inner, flavour):
                yield "argument", "argv_embedded", inner, seg_id
            if looks_like_path(arg, flavour) or arg in link_names or arg.split("/", 1)[0] in link_names:
                yield "argument", "argv", arg, seg_id
        if seg.get("command") in ("ln", "cp", "mv", "mount", "bindfs") and isinstance(args, list):
            ops = [a for a in args if isinstance(a, str) and not a.startswith("-")]
            if len(ops) >= 2:
                link_names.add(ops[-1].rstrip("/"))
            elif ops and seg.get("command") == "ln":
                link_names.add(ops[0].rstrip("/").rsplit("/", 1)[-1])


def _embedded_path(arg: str) -> str | None:
    """@file (curl -d @f), name=@file / name=<file (curl -F), --opt=FILE."""
    if arg.startswith("@") and len(arg) > 1:
        return arg[1:]
    for mark in ("=@", "=<"):
        at = arg.find(mark)
        if at > 0:
            return arg[at + 2:] or None
    if arg.startswith(("of=", "if=")):
        return arg[3:] or None  # dd of=FILE
    if arg.startswith("-") and "=" in arg:
        value = arg.split("=", 1)[1]
        return value or None
    return None


def _known_env(raw: str, ctx: _Context) -> str:
    """$HOME, ${HOME}, $USER, ${USER}, $LOGNAME spelled in a path: their values here."""
    if ctx.home is None:
        return raw
    if raw.startswith("~") and len(raw) > 1 and raw[1] not in "/+-" and ctx.flavour != "windows":
        # ~user: that user's home directory, next to ours
        name, _, rest = raw[1:].partition("/")
        if name and all(c.isalnum() or c in "._-" for c in name):
            parent = _render((ctx.home[0], ctx.home[1][:-1]), ctx.flavour)
            raw = parent.rstrip("/") + "/" + name + ("/" + rest if rest else "")
    if "$" not in raw:
        return raw
    home = _render(ctx.home, ctx.flavour)
    user = ctx.home[1][-1] if ctx.home[1] else ""
    for name, value in (("HOME", home), ("USER", user), ("LOGNAME", user)):
        for ref in ("${" + name + "}", "$" + name):
            start = raw.find(ref)
            while start >= 0:
                end = start + len(ref)
                if ref.startswith("${") or end >= len(raw) or not (raw[end].isalnum() or raw[end] == "_"):
                    raw = raw[:start] + value + raw[end:]
                    start = raw.find(ref, start + len(value))
                else:
                    start = raw.find(ref, end)
    return raw


def _command_links(shell: dict | None, ctx: _Context) -> list:
    """(segment id, link, target) for links made by ln / cp -s (and moved by mv) in the command."""
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list) or ctx.flavour == "windows":
        return []
    links: list = []
    for index, seg in enumerate(segments):
        if not isinstance(seg, dict) or seg.get("command") not in ("ln", "cp", "mv", "mount", "bindfs"):
            continue
        args = [a for a in seg.get("args") or () if isinstance(a, str)]
        command, seg_id = seg["command"], seg.get("id", index)
        if command in ("mount", "bindfs"):
            # a bind mount shows SOURCE at DIR like a link: deleting under DIR deletes SOURCE
            binds = command == "bindfs" or any(a in ("--bind", "--rbind", "-B", "-R") or (
                a.startswith("bind") or ",bind" in a or "rbind" in a) for a in args)
            ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
                "-o", "-t", "--options", "--types", "-O", "-L", "-U", "--source", "--target"))]
            if binds and len(ops) == 2:
                link_split = _collapse(_join(_known_env(ops[1], ctx), ctx.flavour, ctx.cwd, ctx.home))
                target_split = _collapse(_join(_known_env(ops[0], ctx), ctx.flavour, ctx.cwd, ctx.home))
                links.append((seg_id, link_split, target_split))
            continue
        symbolic = any(a in ("--symbolic", "--symbolic-link") or (a.startswith("-") and not a.startswith("--")
                       and "s" in a[1:]) for a in args)
        if command == "cp" and not symbolic:
            continue
        ops, directory, i = [], None, 0
        while i < len(args):
            a = args[i]
            if a in ("-t", "--target-directory") and i + 1 < len(args):
                directory, i = args[i + 1], i + 2
                continue
            if a.startswith("--target-directory="):
                directory = a.split("=", 1)[1]
            elif a in ("-S", "--suffix"):
                i += 2
                continue
            elif not a.startswith("-") or a == "-":
                ops.append(a)
            i += 1
        pairs = []
        if directory is not None:
            pairs = [(t, directory.rstrip("/") + "/" + t.rstrip("/").rsplit("/", 1)[-1]) for t in ops]
        elif len(ops) == 1 and command == "ln":
            pairs = [(ops[0], ops[0].rstrip("/").rsplit("/", 1)[-1])]
        elif len(ops) == 2:
            pairs = [(ops[0], ops[1])]
        for target, link in pairs:
            link_split = _collapse(_join(_known_env(link, ctx), ctx.flavour, ctx.cwd, ctx.home))
            if command == "mv":
                source = _collapse(_join(_known_env(target, ctx), ctx.flavour, ctx.cwd, ctx.home))
                for _, old, dest in list(links):
                    if _under(_key(source, ctx.flavour), _key(old, ctx.flavour)):
                        links.append((seg_id, link_split, (dest[0], dest[1] + source[1][len(old[1]):])))
                continue
            base = (link_split[0], link_split[1][:-1]) if symbolic else ctx.cwd
            target_split = _collapse(_join(_known_env(target, ctx), ctx.flavour, base, ctx.home))
            for _, old, dest in links:  # a link to a link made earlier
                if _under(_key(target_split, ctx.flavour), _key(old, ctx.flavour)):
                    target_split = (dest[0], dest[1] + target_split[1][len(old[1]):])
                    break
            links.append((seg_id, link_split, target_split))
    return links


_WRITERS = frozenset({"sponge", "tee", "cp", "mv", "dd", "sed", "gsed", "perl", "install", "ln", "truncate", "touch",
                      "rm", "shred", "rsync", "yq", "chmod", "chown", "flock", "ed", "ex", "vim", "vi"})


def _writer_segments(shell) -> set:
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list):
        return set()
    return {seg.get("id", i) for i, seg in enumerate(segments) if isinstance(seg, dict) and seg.get("command") in _WRITERS}


def _follow_links(facts: dict, seg_id, links: list, ctx: _Context) -> None:
    """A path under a link made earlier in the same command leads where the link points."""
    absolute = _collapse(_join(facts["absolute"], ctx.flavour, ctx.cwd, None))
    key = _key(absolute, ctx.flavour)
    for made_by, link, target in reversed(links):
        if made_by < seg_id and _under(key, _key(link, ctx.flavour)):
            resolved = _alias((target[0], target[1] + absolute[1][len(link[1]):]), ctx.flavour)
            facts["resolved"] = _render(resolved, ctx.flavour)
            facts["resolved_inside_project"] = (
                None if ctx.project_resolved_key is None else _under(_key(resolved, ctx.flavour), ctx.project_resolved_key))
            facts["via_symlink"] = True
            facts["link_in_command"] = True
            return


# What every name lib/paths.rego's secret_name_patterns accept has (lowercase): a leading
# dot or underscore, one of these words, or one of these extensions.
_SECRET_NAME_WORDS = ("env", "cred", "secret", "token", "auth", "terraform", "vscdb", "tfstate", "id_", "account",
                      "netrc")
_SECRET_EXTENSIONS = (".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".kdbx", ".ppk", ".asc", ".gpg")


def maybe_secret_name(name: str) -> bool:
    """False only when lib/paths.rego's secret_name and secret_glob are false for `name`
    lowercased (see maybe_secret)."""
    if not isinstance(name, str) or not name.isascii() or any(c in name for c in "\\*?["):
        return True
    n = name.lower()
    return n.startswith((".", "_")) or n.endswith(_SECRET_EXTENSIONS) or any(w in n for w in _SECRET_NAME_WORDS)


def maybe_secret(fact: dict) -> bool:
    """False only when no clause of lib/paths.rego's is_secret can hold for this path fact:
    the policies then skip the per-path test (~0.1 ms in the engine). A loose necessary
    condition, computed once here: any secret name has a leading dot or a tell-tale word or
    extension (see secret_name_patterns); every secret location (secret_dirs, secret_files,
    credential directories in any home, .git/config, /proc/*/environ, globs) has a hidden
    component, `library/`, `secrets`, `/etc/` or `/proc/` in it. Anything unusual (non-ASCII,
    backslashes, a missing field) is a candidate. tests/test_secret_candidate.py checks it
    against is_secret itself. Never raises."""
    try:
        name, folded, absolute, resolved = (fact.get(k) for k in ("name", "name_folded", "absolute_folded", "resolved"))
        if fact.get("glob") is not False or not all(isinstance(v, str) for v in (name, folded, absolute, resolved)):
            return True
        text = "\0".join((name, folded, absolute, resolved))
        if not text.isascii() or any(c in text for c in "\\*?["):
            return True
        if any(maybe_secret_name(n) for n in (folded, name, resolved.rsplit("/", 1)[-1])):
            return True
        for loc in (absolute.lower(), resolved.lower()):
            if "/." in loc or "library/" in loc or "secrets" in loc or "/etc/" in loc or loc.startswith("/proc/"):
                return True
        return False
    except Exception:  # noqa: BLE001
        return True


def prune_secret_pieces(shell: dict | None, paths: list[dict], index: dict | None) -> None:
    """Drop from shell.index.maybe_secret_pieces the path-like pieces secrets_access would
    only resolve to a path fact that cannot be a secret: the piece's own name cannot be a
    secret's, it holds no `$`, no segment changes directory (so lib/paths location() of the
    piece is the path fact path_of finds for that segment and word) and every segment using
    it has such a fact, marked maybe_secret: false. tests/test_secret_candidate.py
    checks the pruned pieces against secrets_access's own test. Never raises."""
    try:
        sindex = shell.get("index") if isinstance(shell, dict) else None
        if not isinstance(sindex, dict) or not isinstance(index, dict) or sindex.get("cd") is not False:
            return
        pieces, by_use, by_raw = sindex.get("pieces") or {}, index.get("by_use") or {}, index.get("by_raw") or {}

        def fact_of(i, piece):  # what lib/shell.rego's path_of(segment i, piece) finds
            at = by_use.get(f"{i}\n{piece}", by_raw.get(piece))
            return paths[at] if isinstance(at, int) else None

        keep = []
        for piece in sindex.get("maybe_secret_pieces") or []:
            facts = [fact_of(i, piece) for i in pieces.get(piece) or [None]]
            if "$" in piece or maybe_secret_name(piece) or not all(
                    isinstance(f, dict) and f.get("maybe_secret") is False for f in facts):
                keep.append(piece)
        sindex["maybe_secret_pieces"] = keep
    except Exception:  # noqa: BLE001 — an optimisation: keep the list as it was
        return


def index_paths(paths: list[dict]) -> dict | None:
    """Where lib/shell.rego's path_of(seg, arg) finds a path fact, so it is a lookup and not a
    pass over every path per call: `by_use` ("<segment id>\\n<raw>" → the position in
    `paths` of the first fact with that segment and raw), `by_raw` (raw → the first fact
    with that raw whose source is not tool_input) and `by_segment` (segment id → the
    positions of its facts, for lib/shell.rego's segment_paths). Never raises."""
    by_use: dict[str, int] = {}
    by_raw: dict[str, int] = {}
    by_segment: dict[str, list[int]] = {}
    try:
        for i, p in enumerate(paths):
            seg = p.get("segment")
            if isinstance(seg, int) and not isinstance(seg, bool):
                by_segment.setdefault(str(seg), []).append(i)
            raw = p.get("raw")
            if not isinstance(raw, str):
                continue
            if isinstance(seg, int) and not isinstance(seg, bool):
                by_use.setdefault(f"{seg}\n{raw}", i)
            if isinstance(p.get("source"), str) and p["source"] != "tool_input":
                by_raw.setdefault(raw, i)
    except Exception:  # noqa: BLE001 — an optimisation: without it the Rego pass applies
        return None
    return {"by_use": by_use, "by_raw": by_raw, "by_segment": by_segment}


def collect_paths(tool_name: str, tool_input: dict, shell: dict | None, *, cwd: str,
                  project_dir: str | None, home: str | None, flavour: str = HOST_FLAVOUR,
                  resolver: Resolver | None = None, limit: int = 64,
                  effects: dict | None = None) -> list[dict]:
    """Facts for every path a tool call touches, de-duplicated, at most `limit` entries.

    Paths from the tool's input (see `tool_effects`) carry `access` ("read", "write",
    "list" or "unknown"); shell-derived ones carry `access: null` (the command says).

    Callers detect truncation by `len(result) == limit`.
    """
    ctx = _Context(cwd=cwd, project_dir=project_dir, home=home, flavour=flavour, resolver=resolver)
    if effects is None:
        effects = tool_effects(tool_name, tool_input)
    access = {field: kind for field, _raw, kind in effects["paths"]}
    found = [("tool_input", field, raw, None) for field, raw, _kind in effects["paths"]]
    out: list[dict] = []
    seen: set[tuple[str, str, str]] = set()
    candidates = itertools.chain(found, _shell_paths(shell, flavour) if shell is not None else ())
    links = _command_links(shell, ctx) if shell is not None else []
    writers = _writer_segments(shell)
    for source, field, raw, seg_id in candidates:
        if len(out) >= limit:
            break
        text = _known_env(raw, ctx) if seg_id is not None and isinstance(raw, str) else raw
        facts = _facts(text, ctx)
        facts["raw"] = raw
        # the same file named by a reader and a writer (jq f | sponge f) is two facts
        key = (source, field, facts["absolute"], seg_id if links or seg_id in writers else None)
        if key in seen:
            continue
        seen.add(key)
        facts["field"], facts["source"] = field, source
        facts["access"] = access.get(field) if source == "tool_input" else None
        if seg_id is not None:
            facts["segment"] = seg_id
            if links:
                _follow_links(facts, seg_id, links, ctx)
            if any(m in text for m in _UNRESOLVED_MARKS):
                # part of the path is only known when the command runs: the literal
                # directory before it is all that is certain ("/$X" is somewhere under /)
                cut = min(i for i in (text.find(m) for m in _UNRESOLVED_MARKS) if i >= 0)
                prefix = text[:cut]
                prefix_dir = prefix if prefix.endswith("/") or not prefix else prefix.rsplit("/", 1)[0] + "/" \
                    if "/" in prefix else ""
                facts["unresolved"] = True
                facts["known_prefix"] = None if not prefix_dir else _render(
                    _collapse(_join(prefix_dir, flavour, ctx.cwd, ctx.home)), flavour)
        out.append(facts)
    for facts in out:
        facts["maybe_secret"] = maybe_secret(facts)
    return out

