"""Path facts: what any tool's call touches (reads, writes, lists, network, exec), by its input."""

from __future__ import annotations

from .network import _unquote
from .network import network as _network
from .sql import destructive as _destructive_sql
from .sql import destructive_object as _destructive_object
from .sql import server_effects as _sql_server_effects

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
# keys that say they carry a command line: cli_command, shell_cmd, run_script, bash_script
_EXEC_SUFFIXES = ("_command", "_commands", "_cmd", "_cmdline", "_command_line", "_shell_script", "_bash_script")
_EXEC_VERBS = frozenset({"exec", "execute", "run", "eval", "evaluate", "spawn", "shell", "terminal",
                         "bash", "sh", "python", "node", "repl", "interpreter", "process",
                         "tmux", "screen", "pty", "console", "kernel"})
# fields of a run/exec/terminal tool that carry code or keystrokes (besides _EXEC_KEYS)
_EXEC_CODE_KEYS = frozenset({"code", "args", "argv", "input", "source", "exec", "run", "expression",
                             "expr", "program", "snippet", "stdin", "function", "func", "fn", "js", "javascript",
                             "page_function", "arguments"})
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

# a tool (by its name's or server's words) or a field (by its key's words) that runs database
# statements: its strings are read for destructive ones (DROP TABLE, DELETE without WHERE)
_DB_WORDS = frozenset({"query", "sql", "statement", "statements", "stmt", "execute", "exec", "run", "db",
                       "database", "databases", "postgres", "postgresql", "pg", "psql", "mysql", "mariadb",
                       "sqlite", "mssql", "sqlserver", "oracle", "redis", "mongo", "mongodb", "supabase", "neon",
                       "bigquery", "snowflake", "clickhouse", "duckdb", "cql", "cassandra", "dynamodb",
                       "planetscale", "turso", "d1", "prisma", "migration", "migrate", "cypher", "neo4j", "gremlin",
                       "memgraph", "surrealdb", "couchdb", "firestore", "elasticsearch", "opensearch"})
# (a `query` field alone is a search box in most tools: it counts in database tools only)
_SQL_KEY_WORDS = frozenset({"sql", "statement", "statements", "stmt", "cql", "ddl", "dml", "sql_query"})
_MAX_SQL = 64         # strings read for statements in one tool input

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


_PATH_WORDS = frozenset({"path", "paths", "filepath", "filename", "file", "dir", "directory", "folder"})
# …but file_content, file_type, path_pattern carry no path
_NOT_PATH_WORDS = frozenset({"content", "contents", "text", "data", "body", "type", "types", "size", "mode", "encoding",
                             "pattern", "patterns", "id", "ids", "count", "format", "hash", "url", "name", "names",
                             "extension", "extensions", "filter", "regex", "query", "limit", "offset", "length"})


def _path_key(key: str) -> bool:
    """path, file_path, …_dir; also keys whose words name a path (pathInProject, path_to_file)."""
    return key in _PATH_KEYS or key.endswith(_PATH_SUFFIXES) or (
        "_" in key and key.split("_", 1)[0] in _PATH_WORDS and key.rsplit("_", 1)[-1] not in _NOT_PATH_WORDS)


def _exec_key(key: str) -> bool:
    return key in _EXEC_KEYS or key.endswith(_EXEC_SUFFIXES)


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
     "sql": [{"field", "kind", "statement"}], "words": [...], "server_words": [...],
     "truncated": bool}. access is "read", "write", "list" or "unknown"; words are the
     tool name's words (mcp__gh__deleteRepository -> delete, repository), server_words
     an MCP server's.
    """
    paths: list[tuple[str, str, str]] = []
    network: list[dict] = []
    execs: list[dict] = []
    sql: list[dict] = []
    out = {"paths": paths, "network": network, "exec": execs, "sql": sql, "truncated": False,
           "words": [], "server_words": []}
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
    out["words"], out["server_words"] = sorted(tokens), sorted(_server_tokens(tool_name))
    git = "git" in tokens or "git" in _server_tokens(tool_name)
    database = bool((tokens | _server_tokens(tool_name)) & _DB_WORDS)
    sql_budget = [_MAX_SQL]
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
        if sql_budget[0] > 0 and (database or bool(set(key.split("_")) & _SQL_KEY_WORDS)):
            sql_budget[0] -= 1
            found = _destructive_sql(node)
            if found:
                sql.append({"field": field, **found})
            # a statement that runs a program or touches a server file, by effect: the
            # program is a command line run (parsed as shell), the file a path read/written
            for effect, value in _sql_server_effects(node):
                if effect == "exec" and value:
                    execs.append({"field": field, "command": value})
                elif effect in ("exec", "load") or value is None:
                    what = "runs a program or loads code" if effect in ("exec", "load") else f"{effect}s a file"
                    sql.append({"field": field, "kind": "server_code", "statement": f"{what} it names by a computed value"
                                if value is None else f"loads native code from {value[:200]}"})
                elif len(value) <= _MAX_VALUE:
                    paths.append((field, value, {"read": READ, "list": LIST, "write": WRITE}[effect]))
        if _exec_key(key) or (executes and key in _EXEC_CODE_KEYS) or (typing and key in _TYPED_KEYS):
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
        if git and depth == 1 and key in _GIT_REVISION_KEYS:
            return  # a git tool's branch or revision (target: "main"), not a path (rev:path: _revision_paths)
        if _path_key(key) and len(node) <= _MAX_VALUE and "\n" not in node:
            access = _key_access(key, verb_access, tokens)
            if git and depth == 1 and key in _GIT_REPO_KEYS and access == WRITE and not tokens & _REMOVE_VERBS:
                # the repository a git tool works in (git_create_branch, git_reset, git_commit): it
                # changes files inside it, not the directory itself; outside the project it may write
                access = UNKNOWN
            paths.append((field, node[1:] if node[0] == "@" and _looks_absolute(node[1:]) else node, access))
        elif _looks_absolute(node):
            paths.append((field, node, READ if verb_access != WRITE else UNKNOWN))
        elif node[0] == "@" and _looks_absolute(node[1:]):
            # `@/path`: the curl/httpie convention for "the content of this file" (a body,
            # a form field, a data value): the file is read and goes wherever the tool sends it
            paths.append((field, node[1:], READ))

    visit(tool_input, "", "", 0)
    if not sql:
        found = _destructive_object(tool_input)
        if found:
            sql.append({"field": "(object)", **found})
    _join_argv(tool_input, execs, executes)
    if execs:
        env = _env_line(tool_input)
        if env is not None:
            execs.insert(0, env)  # parsed first: the variables hold for every command after it
    hostport = _host_and_port(tool_input)
    if hostport is not None:
        network.append(hostport)
    # a git tool's revision spec naming a file (HEAD:.env, origin/main:config/x.yml): read
    if "git" in tokens or "git" in _server_tokens(tool_name):
        paths.extend(_revision_paths(tool_input))
    # a tool that sets a git setting which git runs as a program (an MCP git_config with
    # key core.fsmonitor): the same effect as `git config KEY VALUE`, judged as that command
    setting = _git_exec_setting(tokens, tool_input)
    if setting is not None:
        execs.append(setting)
    return out


_HOST_KEYS = ("host", "hostname", "address", "server", "ip")


def _host_and_port(tool_input: dict) -> dict | None:
    """A request given as separate fields ({"host": "127.0.0.1", "port": 8500, "path":
    "/v1/kv"}): the URL it makes, so host and port rules see it like a URL's."""
    host = next((tool_input[k] for k in _HOST_KEYS if isinstance(tool_input.get(k), str) and tool_input[k]), None)
    if host is None or "://" in host or len(host) > 256 or any(c.isspace() or c in "/?#@" for c in host):
        return None
    port = tool_input.get("port")
    if isinstance(port, bool) or not isinstance(port, (int, str)) or (isinstance(port, str) and not port.isdigit()):
        port = None
    path = next((tool_input[k] for k in ("path", "endpoint", "url_path", "route")
                 if isinstance(tool_input.get(k), str) and tool_input[k].startswith("/")), "/")
    bracketed = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return _network("host", f"http://{bracketed}{'' if port is None else f':{port}'}{path[:_MAX_VALUE]}")


_ARGV_KEYS = ("args", "argv", "arguments")
_PROGRAM_KEYS = ("command", "cmd", "program", "executable", "binary", "exe", "file")


def _join_argv(tool_input: dict, execs: list, executes: bool) -> None:
    """An argv list under an exec key becomes one command line; so does a program with its
    argument list ({"command": "rm", "args": ["-rf", "/"]} runs `rm -rf /`). A plural key
    (`commands`) holds command lines, not an argv: its items stay one command each."""
    def argv_of(v) -> list | None:
        ok = isinstance(v, list) and v and all(isinstance(x, (str, int, float)) for x in v)
        return v if ok else None

    for k in [k for k in tool_input if isinstance(k, str) and _exec_key(_snake(k))]:
        if _snake(k).endswith("commands"):
            continue  # `commands`, `setup_commands`: a list of command lines, each run (kept one per line)
        argv = argv_of(tool_input.get(k))
        if argv:
            execs[:] = [e for e in execs if not e["field"].startswith(k + "[")]
            execs.append({"field": k, "command": _argv_text(argv)})
    program = next((tool_input[k] for k in _PROGRAM_KEYS if isinstance(tool_input.get(k), str) and tool_input[k]), None)
    if not executes and not any(isinstance(tool_input.get(k), str) for k in ("command", "cmd")):
        return  # a program with its argument list runs when the tool runs things or names a command
    for k in _ARGV_KEYS:
        argv = argv_of(tool_input.get(k))
        if argv:
            execs[:] = [e for e in execs if not e["field"].startswith(k + "[") and e["command"] != program]
            execs.append({"field": k, "command": _argv_text(([program] if program else []) + argv)})


_ENV_KEYS = frozenset({"env", "envs", "environ", "environment", "env_vars", "envvars", "environment_variables",
                       "env_variables", "extra_env", "process_env"})


def _env_line(tool_input: dict) -> dict | None:
    """The environment a tool gives the command it runs ({"env": {"LD_PRELOAD": "/x.so"}},
    ["NODE_OPTIONS=…"]) as an `export` line run before it, so the shell rules judge the
    variables (library injection, exec variables, package indexes) like Bash's."""
    for key, value in tool_input.items():
        if not isinstance(key, str) or _snake(key) not in _ENV_KEYS:
            continue
        if isinstance(value, dict):
            pairs = [(n, v) for n, v in value.items()
                     if isinstance(n, str) and isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        elif isinstance(value, list):
            pairs = [(n, v) for n, _, v in (x.partition("=") for x in value if isinstance(x, str) and "=" in x)]
        else:
            continue
        words = [f"{n}={v}" for n, v in pairs[:64] if n and len(str(v)) <= _MAX_VALUE]
        if words:
            return {"field": key, "command": _argv_text(["export", *words])}
    return None


_REVISION_KEYS = ("revision", "rev", "ref", "commit", "object", "treeish", "tree_ish", "target", "spec", "blob")


def _revision_paths(tool_input: dict) -> list[tuple[str, str, str]]:
    """`HEAD:.env`, `origin/main:config/credentials.yml`, `:0:.env` in a git tool's revision field: the file it shows."""
    out = []
    for key in _REVISION_KEYS:
        value = tool_input.get(key)
        if isinstance(value, str) and ":" in value and "://" not in value and len(value) <= 1024:
            rev, _, path = value.rpartition(":") if value.startswith(":") else value.partition(":")
            path = path.lstrip("/") if not value.startswith(":/") else path
            if path and not path.isdigit():
                out.append((key, path, READ))
    return out


_SETTING_KEYS = ("key", "name", "setting", "option", "config_key")


def _git_exec_setting(tokens: frozenset, tool_input: dict) -> dict | None:
    if "config" not in tokens and "git" not in tokens:
        return None
    value = tool_input.get("value")
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return None
    from ..shell.routes import _git_exec_key  # the one list of git's program-valued settings

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


# a git tool's repository (modelcontextprotocol/servers src/git: repo_path) and its
# revision fields (git_diff target, git_show revision, branch_name, base_branch, git_branch
# contains/not_contains)
_GIT_REPO_KEYS = frozenset({"repo_path", "repository_path", "repo", "repository", "repo_dir", "repository_dir",
                            "repo_root", "repository_root", "cwd", "working_dir", "work_dir", "workdir",
                            "worktree", "work_tree", "git_dir"})
# …unless the tool removes or moves what it names (mcp__x__delete_repository {"repo_path": …})
_REMOVE_VERBS = frozenset({"delete", "remove", "rm", "rmdir", "unlink", "move", "mv", "rename", "overwrite",
                           "truncate", "clear", "destroy", "wipe", "purge", "drop"})
_GIT_REVISION_KEYS = frozenset({"target", "revision", "rev", "ref", "branch", "branch_name", "base_branch",
                                "contains", "not_contains", "commit", "sha", "start_point"})


def _key_access(key: str, verb_access: str, tokens: frozenset) -> str:
    if key in _WRITE_KEYS:
        return WRITE
    if key in _READ_KEYS:
        return WRITE if tokens & _MOVE_VERBS else READ
    return verb_access
