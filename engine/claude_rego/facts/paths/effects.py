"""Path facts: what any tool's call touches (reads, writes, lists, network, exec), by its input."""

from __future__ import annotations

from ..lazy_re import lazy as _lazy
from .network import _unquote
from .network import network as _network
from .network import url_form as _url_form

# (datastore, sql and tooltext are imported where a tool needs them: a hook is a fresh
# process per call, and the built-in tools (Bash, Read, Edit, …) need none of them)


def _ci_shell(path: str, text: str) -> list:
    from .tooltext import ci_shell

    return ci_shell(path, text)


_SCRIPT_LANGUAGES = {"python": ("python3", "-c"), "python3": ("python3", "-c"), "node": ("node", "-e"),
                     "nodejs": ("node", "-e"), "ruby": ("ruby", "-e"), "perl": ("perl", "-e"),
                     "javascript": ("node", "-e"), "js": ("node", "-e"), "py": ("python3", "-c")}
_SCRIPT_SHELLS = frozenset({"sh", "bash", "zsh", "ash", "dash", "ksh"})


_CODE_FIELD_KEYS = frozenset({"code", "source", "expression", "script", "snippet", "program", "source_code"})
_LANGUAGE_FIELD_KEYS = ("language", "lang", "runtime", "interpreter")


def _code_language(key: str, words: frozenset, tool_input: dict) -> tuple[str, str] | None:
    """(program, inline-code flag) of the language a run tool's code field holds, when the tool,
    its server or a `language` field names one the shell facts read as inline code."""
    if key not in _CODE_FIELD_KEYS:
        return None
    for k in _LANGUAGE_FIELD_KEYS:
        v = tool_input.get(k)
        if isinstance(v, str):
            return _SCRIPT_LANGUAGES.get(v.strip().lower())
    named = [w for w in words if w in _SCRIPT_LANGUAGES]
    return _SCRIPT_LANGUAGES[named[0]] if len(named) == 1 else None


def _script_source(command, source: str) -> dict | None:
    """An exec entry for a script template's source run by its command (a shell: the source is
    shell; python/node/ruby/perl: `python3 -c SOURCE`), None for any other command."""
    program = command[0] if isinstance(command, list) and command else command
    if not isinstance(program, str) or not source.strip() or len(source) > _MAX_NOTEBOOK_SOURCE:
        return None
    name = program.strip().rsplit("/", 1)[-1].lower()
    if name in _SCRIPT_SHELLS:
        return {"command": source, "shell": True}
    name = name.rstrip("0123456789.") if name.startswith("python") else name
    lang = _SCRIPT_LANGUAGES.get(name) or _SCRIPT_LANGUAGES.get(name + "3")
    if lang is None:
        return None
    return {"command": _argv_text([lang[0], lang[1], source]), "argv": True, "program": lang[0]}


def _pipeline_text_shell(text: str) -> list:
    from .tooltext import pipeline_text_shell

    return pipeline_text_shell(text)


# fields that hold a Kubernetes manifest a tool applies (mcp__kubernetes__kubectl_apply {manifest})
_MANIFEST_KEYS = frozenset({"manifest", "manifests", "yaml", "yaml_manifest", "manifest_yaml", "resource", "resources",
                            "resource_yaml", "resource_manifest", "definition", "spec", "template", "object", "document",
                            "k8s_yaml", "kube_yaml", "kubernetes_yaml", "yaml_content", "manifest_content"})


def _manifest_scripts(text: str) -> list:
    from .tooltext import container_scripts, is_workload_manifest

    return container_scripts(text) if is_workload_manifest(text) else []


def _shell_value(text: str) -> bool:
    from .tooltext import shell_value

    return shell_value(text)


def _dangerous_shell_lines(text: str) -> list:
    from .tooltext import dangerous_shell_lines

    return dangerous_shell_lines(text)

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
                        "command_line", "commandline", "shell", "entrypoint", "entry_point",
                        # a field named for what runs it: a shell's (`bash`, `sh`, `pwsh`), a command
                        # line's (`cmdline`), or a run/exec step's (a CI step's `run`, an `exec` field)
                        "bash", "sh", "zsh", "ksh", "dash", "pwsh", "powershell", "cmdline", "run", "exec",
                        "shell_script", "bash_script", "sh_script"})
# command keys named for PowerShell: the text is a PowerShell script (`pwsh -Command TEXT`)
_POWERSHELL_KEYS = frozenset({"pwsh", "powershell"})
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
# flags of a listing tool that make it return the files' contents too
_CONTENT_FLAGS = ("include_content", "includeContent", "include_contents", "with_content", "withContent",
                  "show_content", "read_content", "return_content", "contents", "content", "include_text")
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
_MAX_DANGER_SCAN = 131072  # characters of one tool input read for dangerous shell lines
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


# fields of a data-store tool that carry the store's command (besides the exec keys)
_STORE_KEYS = frozenset({"query", "statement", "request", "script", "raw", "line", "input", "body", "args", "argv",
                         "arguments"})


# verbs of a tool that applies a unified diff it is given (the `*** Begin Patch` envelope is
# applied whatever the tool is called); servers whose diffs are a remote repository's, not
# this machine's files
_PATCH_VERBS = frozenset({"apply", "patch", "patches", "edit", "edits", "write", "modify", "update", "change",
                          "changes", "replace", "diff", "file", "files"})
_REMOTE_REPO_SERVERS = frozenset({"github", "gitlab", "bitbucket", "gitea", "forgejo", "azure", "ado", "codeberg",
                                  "gerrit", "phabricator", "sourcegraph", "linear", "jira", "slack"})
_MAX_PATCH = 512 * 1024
_PATCH_CONTENT_KEYS = frozenset({"content", "contents", "text", "data", "new_string", "old_string", "new_text", "old_text",
                                 "file_text", "body"})

# fields of a data-store tool that hold a Lua script (a Redis EVAL tool's)
_LUA_KEYS = frozenset({"script", "lua", "lua_script", "source", "code", "body", "command", "cmd", "query"})


def _store_key(key: str) -> bool:
    return _exec_key(key) or key in _STORE_KEYS


def _exec_key(key: str) -> bool:
    return key in _EXEC_KEYS or key.endswith(_EXEC_SUFFIXES)


# schemes that wrap another URL and show what it names: view-source:file:///x is /x's text,
# jar:file:///x!/entry reads /x
_WRAPPING_SCHEMES = ("view-source:", "jar:", "blob:", "feed:", "read:", "about:reader?url=")


def _file_uri(value: str) -> str | None:
    """file:///a%20b -> "/a b"; file://localhost/x -> "/x"; file://host/x -> "//host/x"; a file URL
    inside a wrapping scheme (view-source:file:///x, jar:file:///x!/e) -> its file; else None."""
    for _ in range(4):
        head = value[:20].lower()
        scheme = next((s for s in _WRAPPING_SCHEMES if head.startswith(s)), None)
        if scheme is None:
            break
        value = value[len(scheme):]
        if scheme == "jar:":
            value = value.split("!", 1)[0]
        elif scheme.endswith("="):
            value = _unquote(value)
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


# fields that carry a tool's arguments as a whole (a request, a payload, a parameter set):
# one given as a JSON document or a flat YAML mapping inside a string
# (`{"payload": "{\"command\": \"rm -rf ~\"}"}`, `{"params": "path: ~/.ssh/id_rsa"}`) is read
# as the arguments it spells, like the same object given as an object. Other strings (a file's
# content, a message's or an issue's body, a stored value) stay data.
_ARGUMENT_KEYS = frozenset({"payload", "request", "req", "params", "parameters", "args", "arguments", "argument",
                            "input", "inputs", "kwargs", "options", "opts", "json", "tool_input", "tool_args",
                            "tool_arguments", "call", "invocation", "action_input", "spec", "config",
                            "configuration", "settings"})
_MAX_DECODED = 65536   # a longer document is data
_MAX_DECODE_NODES = 2048
_FLAT_YAML_LINE = _lazy(r"([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*")


_MAX_ALTERNATIVES = 16


def _brace_alternatives(glob: str) -> list[str]:
    """A glob's brace alternatives (`*.{ts,tsx}` -> `*.ts`, `*.tsx`; nested groups too), at most
    16; the glob itself when it has none or too many."""
    out, todo = [], [glob]
    while todo:
        g = todo.pop()
        close = g.find("}")
        start = g.rfind("{", 0, close) if close > 0 else -1
        if start < 0 or "," not in g[start:close]:
            if g not in out:
                out.append(g)
        else:
            todo.extend(g[:start] + part + g[close + 1:] for part in reversed(g[start + 1:close].split(",")))
        if len(out) + len(todo) > _MAX_ALTERNATIVES:
            return [glob]
    return out


def _document(text: str):
    """A JSON object/array or a flat YAML mapping (`key: value` lines) spelled in a string, or None."""
    body = text.strip()
    if not body or len(body) > _MAX_DECODED:
        return None
    if (body[0] == "{" and body[-1] == "}") or (body[0] == "[" and body[-1] == "]"):
        import json
        try:
            value = json.loads(body)
        except (ValueError, RecursionError):
            return None
        return value if isinstance(value, (dict, list)) and value else None
    if ":" not in body or "\n" not in body and ": " not in body:
        return None
    out: dict = {}
    for line in body.split("\n"):
        line = line.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#") or line.strip() == "---":
            continue
        m = _FLAT_YAML_LINE.fullmatch(line)
        if m is None or m.group(2) is None or not m.group(2):
            return None  # nested or not a mapping: left as text
        value = m.group(2)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[m.group(1)] = value
    return out or None


def _decoded_arguments(node, budget: list, keep: frozenset, depth: int = 0):
    """`node` with the argument fields that spell a document (`_ARGUMENT_KEYS`, not those in
    `keep`) replaced by it (the same object when there is none): what the walker and the argv
    joiner read."""
    if depth > _MAX_DEPTH or budget[0] <= 0:
        return node
    budget[0] -= 1
    if isinstance(node, dict):
        changed = None
        for k, v in node.items():
            new = v
            if isinstance(v, str) and isinstance(k, str) and _snake(k) in _ARGUMENT_KEYS and _snake(k) not in keep:
                doc = _document(v)
                if doc is not None:
                    new = _decoded_arguments(doc, budget, keep, depth + 1)
            elif isinstance(v, (dict, list)):
                new = _decoded_arguments(v, budget, keep, depth + 1)
            if new is not v:
                if changed is None:
                    changed = dict(node)
                changed[k] = new
        return node if changed is None else changed
    if isinstance(node, list):
        items = [_decoded_arguments(v, budget, keep, depth + 1) if isinstance(v, (dict, list)) else v for v in node]
        return node if all(a is b for a, b in zip(items, node, strict=True)) else items
    return node


_MAX_NOTEBOOK_SOURCE = 16384
_MAX_PROMPT = 65536

# a tool that uploads code to a serverless platform (workers_put_script, deploy_function)
_SERVERLESS_WORDS = frozenset({"worker", "workers", "function", "functions", "lambda", "edge", "isolate", "durable"})
_UPLOAD_VERBS = frozenset({"put", "upload", "deploy", "create", "update", "publish", "upsert", "replace"})
_DEPLOYED_CODE_KEYS = frozenset({"script", "code", "content", "source", "body", "module", "script_content", "source_code",
                                 "worker_script", "function_code", "js", "javascript"})

# a browser tool that evaluates JavaScript in a page (playwright's browser_evaluate `function`,
# puppeteer_evaluate's `script`, chrome-devtools' evaluate_script, selenium's execute_script): the
# code is JavaScript, read like `node -e CODE` (and for what a page's code can do: its cookies,
# storage and text sent away, scripts from other machines, the browser's internal pages)
_BROWSER_WORDS = frozenset({"browser", "browsers", "playwright", "puppeteer", "chrome", "chromium", "devtools",
                            "selenium", "webdriver", "browserbase", "stagehand", "cdp", "hyperbrowser", "firefox",
                            "webkit", "page", "browseruse"})
_PAGE_CODE_VERBS = frozenset({"evaluate", "eval", "execute", "exec", "run", "script", "inject", "js", "javascript"})
_PAGE_CODE_KEYS = frozenset({"function", "script", "expression", "code", "js", "javascript", "page_function", "func",
                             "fn", "source", "snippet", "expr"})
# what such a tool passes to the function (element references, values): not code
_PAGE_ARGUMENT_KEYS = frozenset({"args", "arguments", "arg", "element", "ref", "uid", "selector", "params"})
# schemes of the browser's own pages and extensions: settings, saved passwords, the debugger
_BROWSER_INTERNAL_SCHEMES = ("chrome:", "chrome-extension:", "chrome-untrusted:", "devtools:", "edge:", "brave:",
                             "opera:", "vivaldi:", "about:config", "about:debugging", "about:preferences",
                             "about:logins", "about:profiles", "moz-extension:", "resource:", "chrome-search:")


def _page_navigation(url: str) -> str | None:
    """The JavaScript a browser runs for a URL it is sent to: a `javascript:` URL's code
    (percent-escapes undone), `location.href = URL` for a browser-internal page; else None."""
    text = url.strip(" \t\n\r\x00\x0b\x0c").replace("\t", "").replace("\n", "").replace("\r", "")
    head = text[:24].lower()
    if head.startswith("javascript:"):
        return _unquote(text[11:]) if "%" in text else text[11:]
    if head.startswith(_BROWSER_INTERNAL_SCHEMES):
        return "location.href = " + repr(text[:_MAX_VALUE])
    return None


# a tool that triggers a CI/CD run (GitLab's create_pipeline, a workflow_dispatch, CircleCI's
# trigger_pipeline, Buildkite's create_build, Jenkins' build_job, Argo's submit_workflow, Tekton's
# create_taskrun): a pipeline definition held in a string (`ci_config`, a `config` parameter) is read
# like a CI file (its `run:`/`script:`/`steps:`/`command:` entries are shell), and an input,
# variable or parameter whose value is a command line with shell syntax is that command
_CI_WORDS = frozenset({"gitlab", "github", "circleci", "circle", "buildkite", "jenkins", "argo", "argoworkflows",
                       "tekton", "drone", "woodpecker", "azure", "devops", "azuredevops", "bitbucket", "travis", "ci",
                       "cicd", "actions", "concourse", "gocd", "teamcity", "spinnaker", "codebuild", "cloudbuild",
                       "harness", "semaphore", "bamboo", "gitea", "forgejo", "codefresh", "dagger", "pipelines"})
_PIPELINE_NOUNS = frozenset({"pipeline", "pipelines", "workflow", "workflows", "taskrun", "taskruns", "pipelinerun",
                             "pipelineruns", "dispatch"})
_CI_RUN_NOUNS = _PIPELINE_NOUNS | {"build", "builds", "job", "jobs", "task", "tasks"}
_CI_TRIGGER_VERBS = frozenset({"trigger", "create", "run", "dispatch", "start", "submit", "retry", "rebuild", "execute",
                               "launch", "rerun", "play", "queue", "resubmit", "build", "new"})
# fields of such a tool that are prose about the run, not what it runs
_CI_PROSE_KEYS = frozenset({"description", "message", "title", "comment", "note", "notes", "summary", "name", "reason",
                            "label", "display_name", "commit_message", "author", "email", "ref", "branch", "tag",
                            "sha", "commit", "project", "project_id", "project_slug", "repo", "owner", "workflow_id",
                            "pipeline", "job", "namespace", "generate_name", "url", "web_url"})


# a notebook kernel's tool (mcp__jupyter__execute_cell, an ipython server's run_code): the code
# it runs is a notebook cell, read like NotebookEdit's (IPython's `!cmd` and magics are shell, the
# rest Python) — by the tool's or server's words, and the keys that hold a cell's text
_NOTEBOOK_WORDS = frozenset({"jupyter", "ipython", "ipykernel", "notebook", "notebooks", "colab", "jupyterlab",
                             "nbclient", "kernel"})
_CELL_KEYS = frozenset({"code", "source", "cell_source", "new_source", "cell_code", "code_cell", "cell", "cell_content",
                        "snippet", "input"})
_MARKDOWN_CELL = frozenset({"markdown", "raw", "md"})


def _notebook_execs(field: str, source: str) -> list[dict]:
    """A cell's text as NotebookEdit reads it: its shell lines, and the rest as `python3 -c`."""
    if not source.strip() or len(source) > _MAX_NOTEBOOK_SOURCE:
        return [{"field": field, "command": source}] if source.strip() else []
    from .tooltext import notebook_cell

    shell, python = notebook_cell(source)
    out = []
    if shell:
        out.append({"field": field, "command": "\n".join(shell), "shell": True})
    code = "\n".join(python)
    if code.strip():
        out.append({"field": field, "command": _argv_text(["python3", "-c", code]), "argv": True, "program": "python3"})
    return out


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
    argv_unknown: list[dict] = []
    out = {"paths": paths, "network": network, "exec": execs, "sql": sql, "truncated": False,
           "words": [], "server_words": [], "argv_unknown": argv_unknown}
    if not isinstance(tool_input, dict) or not isinstance(tool_name, str):
        return out

    if tool_name in _BUILTIN_TOOLS:
        access = _BUILTIN_ACCESS.get(tool_name, READ)
        paths.extend((f, raw, access) for f, raw in tool_paths(tool_name, tool_input))
        if tool_name == "Grep" and isinstance(tool_input.get("glob"), str) and tool_input["glob"]:
            # a file-name filter: it selects which files' content is shown
            mode = tool_input.get("output_mode")
            base = tool_input.get("path") if isinstance(tool_input.get("path"), str) else ""
            # ripgrep's globs expand braces: `{.env,src/*}` selects `.env` too
            for glob in _brace_alternatives(tool_input["glob"]):
                raw = glob if not base or glob.startswith(("/", "~")) else base.rstrip("/") + "/" + glob
                paths.append(("glob", raw, READ if mode == "content" else LIST))
        kind = tool_input.get("type")
        if tool_name == "Grep" and isinstance(kind, str) and kind and kind.isalnum():
            # a ripgrep file type (type: "env"): the files it selects, as a glob
            base = tool_input.get("path") if isinstance(tool_input.get("path"), str) else ""
            glob = "*." + kind
            raw = glob if not base else base.rstrip("/") + "/" + glob
            paths.append(("type", raw, READ if tool_input.get("output_mode") == "content" else LIST))
        if tool_name == "NotebookEdit" and tool_input.get("cell_type") != "markdown" \
                and tool_input.get("edit_mode") != "delete":
            source = tool_input.get("new_source")
            if isinstance(source, str) and source.strip() and len(source) <= _MAX_NOTEBOOK_SOURCE:
                # a code cell is code the notebook runs (the kernel's language, Python by default):
                # IPython's shell escapes and magics (`!cmd`, `%%bash`, `%%writefile PATH`, `%cd`, …)
                # are the shell commands they stand for (judged like the same lines in Bash), the
                # rest is Python, judged like `python3 -c SOURCE`
                from .tooltext import notebook_cell

                shell, python = notebook_cell(source)
                if shell:
                    execs.append({"field": "new_source", "command": "\n".join(shell), "shell": True})
                code = "\n".join(python)
                if code.strip():
                    execs.append({"field": "new_source", "command": _argv_text(["python3", "-c", code]),
                                  "argv": True, "program": "python3"})
        if tool_name in ("Write", "Edit", "MultiEdit"):
            execs.extend(_written_runlater(tool_name, tool_input))
        if tool_name in ("Task", "Agent"):
            # a subagent's instructions: the command lines its prompt gives it to run (fenced
            # shell blocks, inline code spans that read as a command line) are judged like the
            # same commands in Bash; the subagent's own tool calls go through the hook again
            prompt = tool_input.get("prompt")
            if isinstance(prompt, str) and len(prompt) <= _MAX_PROMPT:
                from .tooltext import prompt_commands

                for command, mention in prompt_commands(prompt):
                    # a command only talked about (`explain what X does`) is not parsed as one:
                    # agent_instructions reads it (facts.effects.exec[_].mention)
                    execs.append({"field": "prompt", "command": command, "shell": True, "mention": mention})
        if tool_name == "WebFetch" and isinstance(tool_input.get("url"), str):
            url = _url_form(tool_input["url"]) if len(tool_input["url"]) <= _MAX_VALUE else tool_input["url"]
            local = _file_uri(url)
            if local is not None:
                paths.append(("url", local, READ))
            else:
                found = _network("url", url)
                if found:
                    network.append(found)
        return out

    from .datastore import STORE_WORDS as _STORE_WORDS
    from .datastore import destructive as _destructive_store
    from .datastore import lua_destructive as _lua_destructive
    from .datastore import store_command as _store_command
    from .patchtext import patch_files as _patch_files
    from .sql import credential_object as _credential_object
    from .sql import destructive as _destructive_sql
    from .sql import destructive_object as _destructive_object
    from .sql import egress as _sql_egress
    from .sql import privileges as _sql_privileges
    from .sql import server_effects as _sql_server_effects

    tokens = name_tokens(tool_name)
    out["words"], out["server_words"] = sorted(tokens), sorted(_server_tokens(tool_name))
    git = "git" in tokens or "git" in _server_tokens(tool_name)
    # a data-store server's tool (redis, memcached, mongo, a SQL or search server): its
    # `command` field holds the store's command (GET k, SELECT 1), not a shell command line
    store = bool((tokens | _server_tokens(tool_name)) & _STORE_WORDS)
    executes = bool(tokens & _EXEC_VERBS) or _runs_by_server_or_keys(tool_name, tokens)
    if not store:
        # arguments spelled as a JSON document or a flat YAML mapping in an argument field (a
        # data store's values are the data it stores, a runner's code fields its code: not decoded)
        tool_input = _decoded_arguments(tool_input, [_MAX_DECODE_NODES], _EXEC_CODE_KEYS if executes else frozenset())
    # a request sent to a URL (an HTTP or webhook tool): its body, form and headers go to
    # that server, so their values are no paths of this machine (`@/path`, `file://` are)
    sends = any(isinstance(k, str) and isinstance(v, str) and "://" in v[:16] and _snake(k) in _NETWORK_KEYS
                for k, v in tool_input.items())
    database = store or bool((tokens | _server_tokens(tool_name)) & _DB_WORDS)
    sql_budget = [_MAX_SQL]
    verb_access = _verb_access(tokens)
    if verb_access == LIST and any(tool_input.get(k) is True for k in _CONTENT_FLAGS):
        verb_access = READ  # find {"root": R, "include_content": true}: the matches' contents come back
    typing = bool((tokens | _server_tokens(tool_name)) & _TERMINAL_WORDS)
    markdown = isinstance(tool_input.get("cell_type"), str) and tool_input["cell_type"].lower() in _MARKDOWN_CELL
    notebook = bool((tokens | _server_tokens(tool_name)) & _NOTEBOOK_WORDS or executes and tokens & {"cell", "cells"}) and (
        executes or bool(tokens & {"insert", "add", "append", "create", "edit", "update", "write"})) and not markdown
    keyboard = typing or bool(tokens & _KEYBOARD_WORDS or _server_tokens(tool_name) & _KEYBOARD_SERVER_WORDS) or (
        isinstance(tool_input.get("action"), str) and tool_input["action"].lower() in _KEYBOARD_ACTIONS)
    serverless = bool(tokens & _SERVERLESS_WORDS) and bool(tokens & _UPLOAD_VERBS) and not executes
    in_browser = bool((tokens | _server_tokens(tool_name)) & _BROWSER_WORDS) and not notebook
    ci_trigger = bool(tokens & _CI_TRIGGER_VERBS) and bool(tokens & _CI_RUN_NOUNS) and bool(
        (tokens | _server_tokens(tool_name)) & _CI_WORDS or tokens & _PIPELINE_NOUNS) and not store
    page_code = in_browser and bool(tokens & _PAGE_CODE_VERBS)
    budget = [_MAX_NODES]
    danger_budget = [_MAX_DANGER_SCAN]

    store_fields: set[str] = set()
    patching = not (_server_tokens(tool_name) & _REMOTE_REPO_SERVERS)
    # a file's content beside its path (write_file {"path": "fix.patch", "content": "--- a/x…"})
    # is the file's text, not a patch applied here
    content_of_path = any(isinstance(k, str) and _path_key(_snake(k)) for k in list(tool_input)[:64])

    def _store_judged(text: str, field: str) -> None:
        store_fields.add(field)
        found = _destructive_store(text)
        if found and not any(s["field"] == field for s in sql):
            sql.append({"field": field, **found})

    def visit(node, key: str, field: str, depth: int, sent: bool = False) -> None:
        if budget[0] <= 0 or depth > _MAX_DEPTH:
            out["truncated"] = True
            return
        budget[0] -= 1
        if isinstance(node, dict):
            skip: tuple = ()
            if ci_trigger and isinstance(node.get("source"), str) and "command" in node:
                # an Argo script template ({image, command: [python], source}): the source is a
                # program of the command's language, run by it
                found = _script_source(node.get("command"), node["source"])
                if found is not None:
                    execs.append({"field": f"{field}.source" if field else "source", **found})
                    skip = ("source", "command")
            for k, v in node.items():
                if k in skip:
                    continue
                if isinstance(k, str):
                    sk = _snake(k)
                    visit(v, sk, f"{field}.{k}" if field else k, depth + 1,
                          sent or (sends and depth == 0 and sk in _SENT_KEYS))
            return
        if isinstance(node, list):
            if store and _store_key(key) and node and len(node) <= 256 and all(
                    isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in node):
                text = " ".join(str(x) for x in node)  # a store command as an argv (["CONFIG", "SET", …])
                if _store_command(text):
                    _store_judged(text, field)
                    return
            for i, v in enumerate(node):
                visit(v, key, f"{field}[{i}]", depth + 1, sent)
            return
        if not isinstance(node, str) or not node:
            return
        if sql_budget[0] > 0 and (database or bool(set(key.split("_")) & _SQL_KEY_WORDS)):
            sql_budget[0] -= 1
            found = _destructive_sql(node)
            if found:
                sql.append({"field": field, **found})
            # a privilege handed out or the stored password hashes read (GRANT ALL, pg_shadow)
            sql.extend({"field": field, **found} for found in _sql_privileges(node))
            # query results sent to another machine (INSERT INTO FUNCTION url(…), COPY … TO 's3://…', dblink)
            sql.extend({"field": field, **found} for found in _sql_egress(node))
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
        if patching and len(node) <= _MAX_PATCH and ("*** " in node or tokens & _PATCH_VERBS) and not (
                content_of_path and key in _PATCH_CONTENT_KEYS):
            # a patch (apply_patch's envelope, a unified diff): the files it adds, updates,
            # deletes or renames to are written, judged by the file policies like any write
            files = _patch_files(node)
            if files:
                paths.extend((field, f, WRITE) for f in files)
                return
        if store and key in _LUA_KEYS and any(c in node for c in ("redis.call", "redis.pcall", "server.call",
                                                                  "server.pcall")):
            # an EVAL tool's Lua script: its redis.call(…) commands judged like the same commands
            # sent directly; a script whose calls cannot be read is the server running unknown code
            store_fields.add(field)
            found = _lua_destructive(node)
            if found and not any(s["field"] == field for s in sql):
                sql.append({"field": field, **found})
            return
        if store and _store_key(key) and _store_command(node):
            _store_judged(node, field)
            if _exec_key(key):
                return  # the store's command (judged above and here), not a shell command line
        if serverless and depth == 1 and key in _DEPLOYED_CODE_KEYS and len(node) <= _MAX_NOTEBOOK_SOURCE:
            # the code a worker/function deploy tool uploads (Cloudflare's put_script, a Deno
            # Deploy or Netlify function): JavaScript that runs on the platform with the
            # deployment's secrets, judged like the same code given to `node -e`
            execs.append({"field": field, "command": _argv_text(["node", "-e", node]), "argv": True, "program": "node"})
            return
        if ci_trigger and depth >= 1 and key not in _CI_PROSE_KEYS and not key.endswith(_CONTENT_SUFFIXES[2:]):
            # a pipeline definition in a string (`ci_config`, a `config` parameter): its steps' shell
            if key in ("script", "source") and node.startswith("#!"):
                # a step's script with its interpreter line (Tekton: `#!/usr/bin/env python3`)
                words = node[2:].split("\n", 1)[0].split()
                interp = words[1] if len(words) > 1 and words[0].endswith("/env") else (words[0] if words else "")
                found = _script_source([interp], node.split("\n", 1)[1] if "\n" in node else "")
                if found is not None:
                    execs.append({"field": field, **found})
                    return
            steps = _pipeline_text_shell(node)
            if steps:
                execs.extend({"field": field, "command": step, "shell": True} for step in steps)
                return
            if not _exec_key(key) and key not in _EXEC_CODE_KEYS and _shell_value(node):
                # an input, variable or parameter whose value is a command line (`make && ./deploy`)
                execs.append({"field": field, "command": node, "shell": True})
                return
        if key in _MANIFEST_KEYS and "command" in node and "kind" in node and not store:
            # a Kubernetes manifest a tool applies: the scripts its containers give a shell
            # (`command: [sh, -c, SCRIPT]`) are judged like `kubectl exec … -- sh -c SCRIPT`
            scripts = _manifest_scripts(node)
            if scripts:
                execs.extend({"field": field, "command": script, "shell": True} for script in scripts)
        if page_code and depth == 1 and key in _PAGE_CODE_KEYS and len(node) <= _MAX_NOTEBOOK_SOURCE:
            # JavaScript a browser tool evaluates in a page: read like the same code given to `node -e`
            execs.append({"field": field, "command": _argv_text(["node", "-e", node]), "argv": True, "program": "node"})
            return
        if page_code and depth >= 1 and field.split(".", 1)[0].split("[", 1)[0] in _PAGE_ARGUMENT_KEYS:
            return  # the values handed to the page's function (element references): no command line
        if in_browser and len(node) <= _MAX_VALUE and node[:1] in " \t\n\r\x00jJcCdDeEbBoOvVaAmMrR":
            page = _page_navigation(node)
            if page is not None:
                # a page the browser is sent to that runs code (`javascript:…`) or is one of its own
                execs.append({"field": field, "command": _argv_text(["node", "-e", page]), "argv": True,
                              "program": "node"})
                return
        if notebook and depth == 1 and key in _CELL_KEYS:
            execs.extend(_notebook_execs(field, node))  # a notebook kernel's cell
            return
        if _exec_key(key) or (executes and key in _EXEC_CODE_KEYS) or (typing and key in _TYPED_KEYS):
            command = _strip_keystrokes(node) if typing and key in _TYPED_KEYS else node
            language = _code_language(key, tokens | _server_tokens(tool_name), tool_input) if command else None
            if command and key in _POWERSHELL_KEYS:
                execs.append({"field": field, "command": _argv_text(["pwsh", "-Command", command]), "argv": True,
                              "program": "pwsh"})
            elif language is not None and len(command) <= _MAX_NOTEBOOK_SOURCE:
                # a run tool's code in a language the shell facts read as inline code
                # (mcp__python__run_python {"code": …} is `python3 -c …`, judged like it in Bash)
                execs.append({"field": field, "command": _argv_text([*language, command]), "argv": True,
                              "program": language[0]})
            elif command:
                execs.append({"field": field, "command": command})
            return
        if (keyboard or key not in _CONTENT_KEYS) and not key.endswith(_CONTENT_SUFFIXES) and not markdown:
            # a value of any other role that is an unmistakable dangerous shell line (a CI
            # variable `PRE_SCRIPT: curl … | sh`, a job parameter, text typed into a window):
            # judged by the shell rules like the same line in Bash
            danger_budget[0] -= len(node)
            lines = _dangerous_shell_lines(node) if danger_budget[0] >= 0 else []
            if lines:
                execs.append({"field": field, "command": "\n".join(lines), "shell": True})
                return
        # a URL as a URL parser reads it (` http:\\h`, `file:/x`, `view-source:file:///x`)
        url = _url_form(node) if len(node) <= _MAX_VALUE else node
        local = _file_uri(url) if len(node) <= _MAX_VALUE else None
        if local is not None:
            paths.append((field, local, _key_access(key, verb_access, tokens)))
            return
        if key in _NETWORK_KEYS or "://" in url[:32]:
            found = _network(field, url) if len(node) <= _MAX_VALUE else None
            if found:
                network.append(found)
                return
        if git and depth == 1 and key in _GIT_REVISION_KEYS:
            return  # a git tool's branch or revision (target: "main"), not a path (rev:path: _revision_paths)
        if ci_trigger and depth >= 2:
            return  # a path in a CI run's definition or inputs (a step's workingDir, a mount): the runner's, not ours
        if sent:
            if node[0] == "@" and _looks_absolute(node[1:]):
                paths.append((field, node[1:], READ))  # `@/path`: the file's content is sent
            return
        if _path_key(key) and len(node) <= _MAX_VALUE and "\n" not in node:
            # a program's file (executable_path): running it reads it
            access = READ if key in _PROGRAM_PATH_KEYS else _key_access(key, verb_access, tokens)
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
    if _ci_files(tool_input, execs, paths):
        out["paths_truncated"] = True
    if not sql:
        found = _destructive_object(tool_input)
        if found:
            sql.append({"field": "(object)", **found})
    # a document store's user catalog read as a structured query (Mongo admin.system.users,
    # usersInfo with showCredentials): the stored SCRAM credentials
    found = _credential_object(tool_input, text=database)
    if found and not any(s.get("kind") == "credential_read" for s in sql):
        sql.append({"field": "(object)", **found})
    implied = _implied_program(tool_name, tokens)
    _join_argv(tool_input, execs, executes, implied, argv_unknown, store_fields)
    if implied is not None:
        named = _named_fields_command(tool_name, implied[0], tool_input, execs)
        if named is not None:
            # the verb's own field, and the argument list the walker joined to it, are this command
            execs[:] = [e for e in execs if e["field"] not in ("command", "action", "operation", "verb", "subcommand",
                                                                 "args", "arguments")]
            execs.append(named)
    cloud = _cloud_call(tool_name, tokens, implied, tool_input) if implied is not None else None
    if cloud is not None:
        used = {k for k in tool_input if isinstance(k, str) and _snake(k) in _CLOUD_FIELDS}
        execs[:] = [e for e in execs if e["field"].split(".", 1)[0].split("[", 1)[0] not in used]
        execs.append(cloud)
    if execs and ci_trigger:
        for e in execs:
            e["ci"] = True  # runs in the CI service's job (its `image`), not on this machine
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


# the parts of a request that go to the server it is sent to
_SENT_KEYS = frozenset({"body", "json", "data", "form", "form_data", "payload", "headers", "query", "query_params",
                        "params", "variables", "message", "content"})

# fields whose role is content (a file's text, an issue's body, a message): text that only
# mentions a command is not run by the tool (a CI definition's steps are read below)
_CONTENT_KEYS = frozenset({"content", "contents", "body", "text", "description", "message", "messages", "comment",
                           "comments", "title", "summary", "note", "notes", "markdown", "md", "html", "readme", "doc",
                           "docs", "documentation", "old_string", "new_string", "old_str", "new_str", "patch", "diff",
                           "prompt", "instructions", "question", "answer", "response", "reply", "caption", "subject",
                           "explanation", "reason", "query", "search", "pattern", "regex", "example", "examples",
                           "context", "snippet", "data", "value_description", "details", "changelog", "commit_message"})
_CONTENT_SUFFIXES = ("_content", "_contents", "_body", "_text", "_description", "_message", "_comment", "_markdown")
# tools that type text into whatever window has focus (computer use, xdotool, a keyboard server):
# their `text` is typed, not content
_KEYBOARD_WORDS = frozenset({"type", "typing", "typewrite", "keyboard", "keystroke", "keystrokes", "hotkey"})
_KEYBOARD_SERVER_WORDS = frozenset({"computer", "xdotool", "ydotool", "keyboard", "pyautogui", "autogui", "desktop",
                                    "nut", "robotjs", "autohotkey", "ahk"})
_KEYBOARD_ACTIONS = frozenset({"type", "type_text", "typetext", "key", "keys", "keypress", "write", "typewrite"})
# keys of a file's path and its text in a forge or file tool's input ({path, content}, files: [...])
_CI_PATH_KEYS = ("path", "file_path", "filepath", "filename", "file", "name", "file_name", "target_path")
_CI_CONTENT_KEYS = ("content", "contents", "file_content", "text", "body", "data")


_MAX_LISTED_FILES = 512  # entries of one list of files ({path, content}) read in one tool input


def _ci_files(tool_input: dict, execs: list, paths: list) -> bool:
    """A CI definition written by any tool (mcp__gitea__create_file {filepath:
    .gitea/workflows/x.yml, content}, push_files' `files: [{path, content}]`): the shell its steps
    run is read as shell (judged like Bash), and the file is a write (agent_config asks)."""
    found = 0

    def pair(node: dict, prefix: str) -> None:
        nonlocal found
        keys = {_snake(k): k for k in list(node)[:64] if isinstance(k, str)}
        where = next((keys[k] for k in _CI_PATH_KEYS if k in keys and isinstance(node[keys[k]], str)), None)
        text = next((keys[k] for k in _CI_CONTENT_KEYS if k in keys and isinstance(node[keys[k]], str)), None)
        if where is None or text is None:
            return
        steps = _ci_shell(node[where], node[text])
        at = f"{prefix}.{text}" if prefix else text
        for step in steps:
            execs.append({"field": at, "command": step, "shell": True})
        if not steps:
            # a package.json, Makefile, justfile or shell script written by the tool: what it runs later
            execs.extend(_runlater_entries(node[where], node[text], at))
        if steps or _is_ci(node[where]):
            found += 1
            field = f"{prefix}.{where}" if prefix else where
            if not any(p[0] == field and p[2] == WRITE for p in paths):
                paths.append((field, node[where], WRITE))

    pair(tool_input, "")
    cut = False
    for k, v in list(tool_input.items())[:64]:
        if isinstance(k, str) and isinstance(v, list):
            # every entry is read up to the cap, and a longer list says so: a CI file placed
            # after 64 harmless ones (push_files) must not go unread
            cut = cut or len(v) > _MAX_LISTED_FILES
            for i, item in enumerate(v[:_MAX_LISTED_FILES]):
                if isinstance(item, dict):
                    pair(item, f"{k}[{i}]")
    return cut


def _runlater_entries(path: object, text: object, field: str, fragment: bool = False, context: str = "") -> list[dict]:
    """Exec entries for the command lines a written file runs later: a CI definition's steps,
    package.json's scripts, Makefile/justfile recipes, a shell script's text (runlater.py)."""
    if not isinstance(path, str) or not isinstance(text, str) or not text.strip() or len(text) > _MAX_RUNLATER:
        return []
    low = path.replace("\\", "/").lower()
    if not (text.startswith("#!") or low.endswith(_RUNLATER_SUFFIXES) or "/." in "/" + low or "/scripts/" in low
            or "/bin/" in "/" + low or "make" in low.rsplit("/", 1)[-1]):
        return []  # (the common case: a source file; tooltext and runlater stay unimported)
    from .runlater import CODE_RUNS, commands, kind

    if _is_ci(path):
        return [{"field": field, "command": step, "shell": True, "runlater": True, "file": path[-200:],
                 "runs": "CI step"} for step in _ci_shell(path, text)]
    if kind(path) is None and not text.startswith("#!"):
        return []
    return [{"field": field, "command": command, "shell": True, "runlater": True, "file": path[-200:],
             "runs": what, **({"code": True} if what in CODE_RUNS else {})}
            for what, command in commands(path, text, fragment=fragment, context=context)]


_MAX_RUNLATER = 65536
# names a file that runs later may end in (CI YAML, Jenkinsfile, package.json, recipes, scripts)
_RUNLATER_SUFFIXES = (".yml", ".yaml", "jenkinsfile", "package.json", "makefile", ".mk", "justfile", ".just", ".sh",
                      ".bash", ".zsh", ".ksh", ".dash", ".envrc", ".envrc.local", "deno.json", "deno.jsonc",
                      "composer.json", "pyproject.toml", "pylintrc", "setup.cfg", ".gradle", ".gradle.kts",
                      "lint-staged.config.js", "lint-staged.config.mjs", "lint-staged.config.cjs")


def _written_runlater(tool_name: str, tool_input: dict) -> list[dict]:
    """Write's content, Edit's new_string, MultiEdit's edits' new_strings of a file that runs later."""
    path = tool_input.get("file_path")
    if not isinstance(path, str):
        return []
    if tool_name == "Write":
        return _runlater_entries(path, tool_input.get("content"), "content")
    if tool_name == "Edit":
        old = tool_input.get("old_string")
        return _runlater_entries(path, tool_input.get("new_string"), "new_string", True,
                                 old if isinstance(old, str) else "")
    out: list[dict] = []
    edits = tool_input.get("edits")
    for i, edit in enumerate(edits[:_MAX_LISTED_FILES] if isinstance(edits, list) else []):
        if isinstance(edit, dict):
            old = edit.get("old_string")
            out.extend(_runlater_entries(path, edit.get("new_string"), f"edits[{i}].new_string", True,
                                         old if isinstance(old, str) else ""))
    return out


def _is_ci(path: str) -> bool:
    from .tooltext import is_ci_config

    return is_ci_config(path)


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


# keys that hold a program's argument vector (a list), and keys that name the program
_ARGV_KEYS = frozenset({"args", "argv", "arguments", "params", "parameters", "arg_list", "arglist", "cli_args",
                        "command_args", "cmd_args", "program_args", "process_args", "exec_args", "command_arguments",
                        "program_arguments", "argument_list"})
_ARGV_SUFFIXES = ("_args", "_argv", "_arguments")
# a program under one of these keys runs with the argument list beside it, whatever the tool
# is called ({"program": "rm", "args": [...]}, the MCP stdio convention {"command": "bash",
# "args": ["-c", …]}, {"entrypoint": ["sh", "-c"], "cmd": [...]}); `file` only in a tool that runs things
_WEAK_PROGRAM_KEYS = frozenset({"file", "path"})
_PROGRAM_PATH_KEYS = frozenset({"executable_path", "program_path", "binary_path", "bin_path", "exe_path", "command_path",
                                "cmd_path"})
# `params`/`parameters` are a query's bind values in most tools: an argv only beside a program
_ARGV_ONLY_WITH_PROGRAM = frozenset({"params", "parameters"})
_MAX_JOIN_DEPTH = 4

# programs an MCP server or tool is named for: its argument list is that program's
# (mcp__kubernetes__kubectl {"args": ["delete", "namespace", "x"]} runs `kubectl delete namespace x`)
_IMPLIED_PROGRAMS = {
    "kubectl": "kubectl", "kubernetes": "kubectl", "k8s": "kubectl", "kube": "kubectl", "oc": "oc",
    "openshift": "oc", "helm": "helm", "terraform": "terraform", "tf": "terraform", "tofu": "tofu",
    "opentofu": "tofu", "terragrunt": "terragrunt", "pulumi": "pulumi", "git": "git", "docker": "docker",
    "podman": "podman", "nerdctl": "nerdctl", "aws": "aws", "gcloud": "gcloud", "gcp": "gcloud", "gsutil": "gsutil",
    "az": "az", "azure": "az", "gh": "gh", "github": "gh", "glab": "glab", "gitlab": "glab", "doctl": "doctl",
    "digitalocean": "doctl", "flyctl": "flyctl", "fly": "flyctl", "heroku": "heroku", "vercel": "vercel",
    "netlify": "netlify", "wrangler": "wrangler", "cloudflare": "wrangler", "ansible": "ansible",
    "vault": "vault", "consul": "consul", "nomad": "nomad", "argocd": "argocd", "eksctl": "eksctl",
    "rclone": "rclone", "kustomize": "kustomize", "skaffold": "skaffold", "flux": "flux", "istioctl": "istioctl",
    "velero": "velero", "minikube": "minikube", "kind": "kind", "k3d": "k3d", "supabase": "supabase",
    "firebase": "firebase", "railway": "railway", "stripe": "stripe", "npm": "npm", "pnpm": "pnpm", "yarn": "yarn",
    "pip": "pip", "cargo": "cargo", "make": "make", "systemctl": "systemctl", "redis_cli": "redis-cli",
    "psql": "psql", "mysql": "mysql", "mongosh": "mongosh", "sqlite3": "sqlite3", "s3": "aws",
    "redis": "redis-cli", "valkey": "valkey-cli", "keydb": "keydb-cli",
}
# the first word of an argument list that is a subcommand, not a program: with no program
# named, what the list runs cannot be told
_SUBCOMMAND_WORDS = frozenset({
    "delete", "destroy", "drop", "purge", "uninstall", "remove", "teardown", "decommission", "deprovision", "evict",
    "revoke", "terminate", "erase", "flush", "flushall", "flushdb", "prune", "reset", "rollback", "drain",
    "cordon", "scale", "nuke", "obliterate", "expunge", "deregister", "unpublish", "wipe", "apply", "get", "list",
    "describe", "create", "update", "upgrade", "install", "deploy", "plan", "init", "push", "pull", "logs", "show",
    "status", "rb", "rmr", "deleteall", "dropall", "truncate", "kill", "stop", "disable", "archive", "detach",
})


def _ordered_words(name: str) -> list[str]:
    return [t for t in _snake(name).replace("-", "_").split("_") if t]


def _implied_program(tool_name: str, tokens: frozenset) -> tuple[str, list[str]] | None:
    """(program, the words after it in the tool's name) of the program an MCP server or tool is
    named for (mcp__kubernetes__kubectl_delete -> ("kubectl", ["delete"]); mcp__k8s__exec ->
    ("kubectl", [])), else None."""
    if not isinstance(tool_name, str):
        return None
    server, tool = "", tool_name
    if tool_name.startswith("mcp__"):
        server, _, tool = tool_name[5:].partition("__")
        if not tool:
            server, tool = "", server
    words = _ordered_words(tool)[:12]
    for i, w in enumerate(words):
        if w in _IMPLIED_PROGRAMS:
            rest = [x for x in words[i + 1:] if x in _SUBCOMMAND_WORDS][:1]
            return _IMPLIED_PROGRAMS[w], rest
    for w in _ordered_words(server)[:12]:
        if w in _IMPLIED_PROGRAMS:
            return _IMPLIED_PROGRAMS[w], []
    return None


# verbs whose command the shell rules judge (destroy, inspect secrets, run inside, debug as root)
_NAMED_VERBS = frozenset({
    "delete", "destroy", "drop", "purge", "uninstall", "remove", "rm", "rmi", "teardown", "decommission", "deprovision",
    "evict", "terminate", "erase", "flush", "prune", "reset", "rollback", "drain", "cordon", "scale", "nuke", "wipe",
    "kill", "inspect", "debug", "exec", "attach", "cp", "apply", "taint", "replace", "patch", "install", "push",
})
_NAMED_TYPE_KEYS = ("resource_type", "resource", "kind", "type", "object_type")
_NAMED_ID_KEYS = ("name", "resource_name", "container_id", "container", "container_name", "volume_name", "volume_id",
                  "image_name", "image_id", "network_name", "network_id", "release", "release_name",
                  "pod", "pod_name", "node", "node_name", "image", "volume", "network", "id", "target", "app", "service",
                  "package", "package_name", "packages", "spec", "requirement", "requirements", "module", "modules")
_NAMED_FLAGS = {"namespace": "-n", "context": "--context"}
_CONTAINER_CLIS = frozenset({"docker", "podman", "nerdctl"})
_CONTAINER_OBJECTS = {"volume": "volume", "volumes": "volume", "image": "image", "images": "image", "network": "network",
                      "networks": "network", "container": "container", "containers": "container", "system": "system",
                      "builder": "builder", "buildx": "builder", "secret": "secret", "secrets": "secret"}
_CONTAINER_RM_VERBS = frozenset({"remove", "rm", "rmi", "delete", "destroy", "drop", "purge", "erase", "nuke", "wipe"})


def _named_fields_command(tool_name: str, prog: str, tool_input: dict, execs: list) -> dict | None:
    """The command line a program's MCP tool stands for, from its named fields: the verb of its
    name or of a one-word `command`/`action` field, the resource and its name, the namespace,
    true booleans as flags and an argument list (mcp__helm__uninstall_helm_chart {"name": "x",
    "namespace": "y"} -> `helm uninstall x -n y`; mcp__kubernetes__kubectl_generic {"command":
    "delete", "resourceType": "namespace", "name": "prod"} -> `kubectl delete namespace/prod`).
    Only for verbs the shell rules judge; None where the tool already carries a command line."""
    fields = {_snake(k): v for k, v in list(tool_input.items())[:64] if isinstance(k, str)}
    verb = None
    for key in ("command", "action", "operation", "verb", "subcommand"):
        v = fields.get(key)
        if isinstance(v, str):
            if v.strip().lower() in _NAMED_VERBS:
                verb = v.strip().lower()
                break
            return None  # a real command line: the walker judges it
    if verb is None:
        if execs:
            return None  # the tool carries its command line (or argv): the walker's reading stands
        server, _, tool = tool_name[5:].partition("__") if tool_name.startswith("mcp__") else ("", "", tool_name)
        if prog == "helm" and "upgrade" in _ordered_words(tool or server)[:12]:
            return _helm_deploy(tool_name, fields, "upgrade")
        verb = next((w for w in _ordered_words(tool or server)[:12] if w in _NAMED_VERBS), None)
        if verb is None:
            return None
    if prog == "helm" and verb == "install":
        return _helm_deploy(tool_name, fields, "install")
    special = _push_or_key_delete(prog, verb, fields)
    if special is not None:
        if any(len(str(w)) > _MAX_VALUE for w in special):
            return None
        return {"field": "(tool)", "command": _argv_text(special), "argv": True, "program": prog, "implied": True}
    if verb == "push":
        return None  # a push of another program: its fields say too little
    words = [prog, verb]
    if prog in _CONTAINER_CLIS:
        # a container runtime's object tool (remove_volume, prune_volumes, delete_image): the
        # object's own subcommand, `docker volume rm x` / `docker volume prune`, as the shell says it
        server, _, tool = tool_name[5:].partition("__") if tool_name.startswith("mcp__") else ("", "", tool_name)
        noun = next((_CONTAINER_OBJECTS[w] for w in _ordered_words(tool or server)[:12] if w in _CONTAINER_OBJECTS), None)
        if noun is not None:
            words = [prog, noun, "prune" if verb == "prune" else "rm" if verb in _CONTAINER_RM_VERBS else verb]
    kind = next((fields[k] for k in _NAMED_TYPE_KEYS if isinstance(fields.get(k), str) and fields[k]), None)
    ident = next((fields[k] for k in _NAMED_ID_KEYS if isinstance(fields.get(k), (str, int)) and
                  not isinstance(fields.get(k), bool) and str(fields[k])), None)
    many = next((_argv_of(fields[k]) for k in _NAMED_ID_KEYS if _argv_of(fields.get(k))), None) if ident is None else None
    if prog in ("kubectl", "oc") and kind and ident is not None:
        words.append(f"{kind}/{ident}")
    else:
        words += [str(x) for x in (kind, ident) if x is not None]
    if many:
        words += [str(x) for x in many]  # packages: ["a", "b @ git+https://…"]
    for key, flag in _NAMED_FLAGS.items():
        if isinstance(fields.get(key), str) and fields[key]:
            words += [flag, fields[key]]
    for key, v in fields.items():
        if v is True and key.replace("_", "").isalpha() and len(key) <= 32:
            words.append("--" + key.replace("_", "-"))
    args = _argv_of(fields.get("args")) or _argv_of(fields.get("arguments"))
    if args:
        words += [str(a) for a in args]
    if any(len(str(w)) > _MAX_VALUE for w in words):
        return None
    return {"field": "(tool)", "command": _argv_text(words), "argv": True, "program": prog, "implied": True}


_HELM_CHART_KEYS = ("chart", "chart_url", "chart_ref", "chart_reference", "chart_name", "chart_path", "chart_uri",
                    "chart_location", "url")
_HELM_RELEASE_KEYS = ("release", "release_name", "name", "release_id")


def _helm_deploy(tool_name: str, fields: dict, verb: str) -> dict | None:
    """A Helm tool's install/upgrade as the command it stands for (mcp__helm__install_chart
    {"name": "x", "chart": "https://…/x.tgz"} -> `helm install x https://…/x.tgz`): a chart from a
    URL is judged like the same `helm install` in Bash; a repository chart (`bitnami/redis`) passes."""
    def text(keys):
        return next((fields[k] for k in keys if isinstance(fields.get(k), str) and fields[k].strip()), None)

    chart = text(_HELM_CHART_KEYS)
    release = text(_HELM_RELEASE_KEYS) or "release"
    if chart is None or chart == release:
        return None
    words = ["helm", verb, release, chart]
    for key, flag in (("namespace", "-n"), ("context", "--kube-context"), ("version", "--version")):
        value = text((key,))
        if value is not None:
            words += [flag, value]
    if any(len(w) > _MAX_VALUE for w in words):
        return None
    return {"field": "(tool)", "command": _argv_text(words), "argv": True, "program": "helm", "implied": True}


def _push_or_key_delete(prog: str, verb: str, fields: dict) -> list[str] | None:
    """Commands whose operands are named by fields of their own: an image pushed
    (mcp__docker__push_image {"repository": "r.example/a", "tag": "v1"} -> `docker push
    r.example/a:v1`), a git push ({"remote": URL, "branch": "main"} -> `git push URL main`), a
    Redis key deleted ({"key": "cache:home"} -> `redis-cli DEL cache:home`)."""
    def text(*keys):
        return next((fields[k] for k in keys if isinstance(fields.get(k), str) and fields[k]), None)

    if verb == "push" and prog in _CONTAINER_CLIS:
        ref = text("repository", "repo", "image", "image_name", "name", "reference", "ref")
        tag = text("tag")
        if ref is None:
            return None
        return [prog, "push", f"{ref}:{tag}" if tag and ":" not in ref.rsplit("/", 1)[-1] else ref]
    if verb == "push" and prog == "git":
        words = [prog, "push"]
        words += ["--force"] if fields.get("force") is True else []
        remote, branch = text("remote", "remote_url", "url", "repository"), text("branch", "refspec", "ref")
        return words + [w for w in (remote or ("origin" if branch else None), branch) if w is not None]
    if verb in ("delete", "remove", "rm", "del", "unlink") and prog == "redis-cli":
        given = fields.get("keys")
        listed: list = given[:64] if isinstance(given, list) else [fields.get("key")]
        keys = [str(k) for k in listed if isinstance(k, (str, int)) and not isinstance(k, bool) and str(k)]
        return [prog, "DEL", *keys] if keys else None
    return None


_SERVICE_KEYS = ("service", "service_name", "aws_service", "api_service")
_OPERATION_KEYS = ("operation", "operation_name", "action", "api", "method", "command", "api_name")
_PARAMETER_KEYS = ("parameters", "params", "input", "arguments", "args", "request", "payload", "options", "flags")
_KUBE_SUB_KEYS = ("sub_command", "subcommand", "resource_type", "resource", "kind", "type")
_KUBECTL_CREATE_FLAGS = {"clusterrole": "--clusterrole", "cluster_role": "--clusterrole", "role": "--role",
                         "serviceaccount": "--serviceaccount", "service_account": "--serviceaccount",
                         "user": "--user", "group": "--group"}
_CLOUD_FIELDS = frozenset(("command",) + _SERVICE_KEYS + _OPERATION_KEYS + _KUBE_SUB_KEYS + ("flags", "options"))
_DEPLOY_PROGRAMS = frozenset({"vercel", "netlify", "wrangler", "flyctl", "heroku", "firebase", "railway", "supabase"})


def _kebab(name: str) -> str:
    """AttachUserPolicy / attach_user_policy -> attach-user-policy (an AWS CLI operation)."""
    return _snake(name).replace("_", "-")


def _option_words(params) -> list[str] | None:
    """{"function-name": "x", "DryRun": true, "Tags": [...]} -> ["--function-name", "x", "--dry-run", …]."""
    if not isinstance(params, dict):
        return None
    words: list[str] = []
    for k, v in list(params.items())[:64]:
        if not isinstance(k, str) or not k or len(k) > 128:
            continue
        flag = "--" + (k if k.islower() else _kebab(k)).lstrip("-")
        if v is True:
            words.append(flag)
        elif isinstance(v, (str, int, float)) and not isinstance(v, bool):
            words += [flag, str(v)]
        elif isinstance(v, list) and v and all(isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in v[:64]):
            words += [flag, *(str(x) for x in v[:64])]
        elif isinstance(v, (dict, list)):
            import json

            words += [flag, json.dumps(v)[:_MAX_VALUE]]
    return words


def _cloud_call(tool_name: str, tokens: frozenset, implied: tuple, tool_input: dict) -> dict | None:
    """The CLI command a cloud or cluster tool's structured call stands for, so the shell rules
    judge it like the same command in Bash: an AWS API tool's service, operation and parameters
    (`aws iam attach-user-policy --policy-arn …`), a generic kubectl tool's command, subcommand,
    name and flags (`kubectl create clusterrolebinding x --clusterrole=cluster-admin`), an Argo CD
    sync tool (`argocd app sync NAME --prune --force`), a deploy platform's deploy tool
    (`vercel deploy --target production`). None when the input is not such a call."""
    prog = implied[0]
    fields = {_snake(k): v for k, v in list(tool_input.items())[:64] if isinstance(k, str)}
    words: list[str] | None = None
    if prog in ("aws", "gcloud", "az"):
        service = next((fields[k] for k in _SERVICE_KEYS if isinstance(fields.get(k), str) and fields[k].strip()), None)
        operation = next((fields[k] for k in _OPERATION_KEYS if isinstance(fields.get(k), str) and fields[k].strip()), None)
        if service is None or operation is None or " " in service.strip() or " " in operation.strip():
            return None
        params: dict = next((fields[k] for k in _PARAMETER_KEYS if isinstance(fields.get(k), dict)), {})
        options = _option_words(params) or []
        words = [prog, service.strip().lower(), _kebab(operation.strip()), *options]
    elif prog in ("kubectl", "oc"):
        command = fields.get("command")
        if command is None and "create" in tokens:
            command = "create"  # kubectl_create {"resourceType": "clusterrolebinding", …}
        sub = next((fields[k] for k in _KUBE_SUB_KEYS if isinstance(fields.get(k), str) and fields[k].strip()), None)
        if not isinstance(command, str) or " " in command.strip() or not command.strip() or sub is None:
            return None
        words = [prog, command.strip(), sub.strip()]
        name = fields.get("name") or fields.get("resource_name")
        if isinstance(name, str) and name:
            words.append(name)
        flags = fields.get("flags") or fields.get("options")
        if isinstance(flags, dict):
            words += [f"{w}={v}" if v is not None else w for w, v in _pairs(_option_words(flags) or [])]
        else:
            words += [str(x) for x in _argv_of(flags) or []]
        if command.strip() == "create":
            # a binding's role and subjects as fields of their own (clusterRole, serviceAccount, user, group)
            for key, flag in _KUBECTL_CREATE_FLAGS.items():
                value = fields.get(key)
                for item in (value if isinstance(value, list) else [value])[:16]:
                    if isinstance(item, str) and item and not any(w.startswith(flag + "=") for w in words):
                        words.append(f"{flag}={item}")
        if isinstance(fields.get("namespace"), str) and fields["namespace"]:
            words += ["-n", fields["namespace"]]
    elif prog == "argocd" and "sync" in tokens:
        name = next((fields[k] for k in ("application_name", "application", "app_name", "app", "name")
                     if isinstance(fields.get(k), str) and fields[k]), None)
        words = ["argocd", "app", "sync"] + ([name] if name else [])
        for k, v in fields.items():
            if k in ("application_name", "application", "app_name", "app", "name"):
                continue
            if v is True and k.replace("_", "").isalpha():
                words.append("--" + k.replace("_", "-"))
            elif isinstance(v, str) and v and k in ("revision", "target_revision", "server", "project"):
                words += ["--" + k.replace("_", "-"), v]
    elif prog in _DEPLOY_PROGRAMS and tokens & {"deploy", "deployment", "publish", "promote", "release"}:
        words = [prog, "deploy"]
        for k, v in list(fields.items())[:32]:
            if v is True and k.replace("_", "").isalpha():
                words.append("--" + k.replace("_", "-"))
            elif isinstance(v, str) and v and len(v) <= 256 and k in (
                    "target", "environment", "env", "stage", "project", "project_name", "site", "site_name", "app",
                    "app_name", "name", "alias", "branch", "production", "context"):
                words += ["--" + k.replace("_", "-"), v]
    if not words or any(len(w) > _MAX_VALUE for w in words):
        return None
    return {"field": "(tool)", "command": _argv_text(words), "argv": True, "program": prog, "implied": True}


def _pairs(words: list[str]) -> list[tuple[str, str | None]]:
    """["--a", "x", "--b", "--c", "y"] -> [("--a", "x"), ("--b", None), ("--c", "y")]."""
    out: list[tuple[str, str | None]] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and not words[i + 1].startswith("--"):
            out.append((words[i], words[i + 1]))
            i += 2
        else:
            out.append((words[i], None))
            i += 1
    return out


def _argv_key(key: str) -> bool:
    return key in _ARGV_KEYS or key.endswith(_ARGV_SUFFIXES)


def _argv_of(v) -> list | None:
    ok = isinstance(v, list) and v and len(v) <= 256 and all(
        isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in v)
    return v if ok else None


def _program_of(node: dict, executes: bool) -> tuple[str, list] | None:
    """(key, program words) of a program named beside an argument list: a string, or a list
    (`entrypoint: ["sh", "-c"]`). An entrypoint comes first (a container's `command` is its argv)."""
    keys = {_snake(k): k for k in list(node)[:128] if isinstance(k, str)}
    for sk in _PROGRAM_ORDER:
        k = keys.get(sk)
        if k is None or (sk in _WEAK_PROGRAM_KEYS and not executes):
            continue
        v = node[k]
        if isinstance(v, str) and v.strip() and len(v) <= _MAX_VALUE:
            return k, [v]
        words = _argv_of(v)
        if words and sk in ("entrypoint", "entry_point", "command", "program", "interpreter"):
            return k, list(words)
    return None


_PROGRAM_ORDER = ("entrypoint", "entry_point", "program", "prog", "executable", "binary", "bin", "exe", "interpreter",
                  "executable_path", "program_path", "binary_path", "bin_path", "exe_path", "command_path", "cmd_path",
                  "program_name", "executable_name", "command", "cmd", "shell", "file", "path")


def _basename(word) -> str:
    return str(word).rsplit("/", 1)[-1].lower()


def _join_argv(tool_input: dict, execs: list, executes: bool, implied: tuple | None,
               unknown: list | None = None, store_fields: set | None = None) -> None:
    """An argv list under an exec key becomes one command line; so does a program with its
    argument list ({"program": "rm", "args": ["-rf", "/"]} runs `rm -rf /`, at any depth of the
    input), and an argument list alone of a tool named for a program (mcp__helm__helm {"args":
    ["uninstall", "x"]} runs `helm uninstall x`). A plural key (`commands`) holds command lines,
    not an argv: its items stay one command each. An argument list whose program cannot be told
    is listed in `unknown` (its words: a destroy verb among them is asked)."""
    unknown = [] if unknown is None else unknown

    def joined(field: str, argv_field: str, command: str, **extra) -> None:
        execs[:] = [e for e in execs if not (e["field"].startswith(argv_field + "[") or e["field"] == argv_field)]
        execs.append({"field": argv_field, "command": command, **extra})

    budget = [_MAX_NODES // 4]  # objects looked at

    def walk(node: dict, prefix: str, depth: int) -> None:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        def at(k: str) -> str:
            return f"{prefix}.{k}" if prefix else k

        for k in [k for k in node if isinstance(k, str) and _exec_key(_snake(k))]:
            if _snake(k).endswith("commands") or at(k) in (store_fields or ()):
                continue  # `commands`: a list of command lines, each run (kept one per line); a store's command
            argv = _argv_of(node.get(k))
            if argv and not any(_argv_key(_snake(a)) and _argv_of(node.get(a)) for a in node if isinstance(a, str)):
                joined(at(k), at(k), _argv_text(argv))
        program = _program_of(node, executes)
        names_command = any(isinstance(node.get(k), str) for k in ("command", "cmd"))
        # a container's entrypoint with its command list ({"entrypoint": ["sh", "-c"], "cmd": ["…"]})
        entry = next((k for k in node if isinstance(k, str) and _snake(k) in ("entrypoint", "entry_point")), None)
        if entry is not None and program is not None and program[0] == entry:
            for k in [k for k in node if isinstance(k, str) and _snake(k) in ("cmd", "command")]:
                argv = _argv_of(node.get(k)) or ([node[k]] if isinstance(node.get(k), str) and node[k] else None)
                if argv:
                    execs[:] = [e for e in execs if not (e["field"] == at(entry) or e["field"].startswith(at(entry) + "["))]
                    joined(at(k), at(k), _argv_text(list(program[1]) + list(argv)), argv=True, program=str(program[1][0]))
        for k in list(node):
            if not isinstance(k, str) or not _argv_key(_snake(k)):
                continue
            argv = _argv_of(node.get(k))
            sk = _snake(k)
            text = node.get(k)
            if not argv and program is not None and isinstance(text, str) and text.strip() and len(text) <= _MAX_VALUE \
                    and sk not in _ARGV_ONLY_WITH_PROGRAM:
                # the arguments as one string ({"executable": "git", "arguments": "push -f origin main"})
                pkey, words = program
                execs[:] = [e for e in execs if not (e["field"] in (at(pkey), at(k)) or e["field"].startswith(at(pkey) + "["))]
                joined(at(k), at(k), _argv_text(list(words)) + " " + text, argv=True, program=str(words[0]))
                continue
            if not argv and depth == 0 and sk not in _ARGV_ONLY_WITH_PROGRAM and isinstance(text, str) \
                    and text.strip() and len(text) <= _MAX_VALUE and not (executes or names_command):
                # the arguments as one string, no program key: the tool's named program, else unknown
                if implied is not None:
                    prog, rest = implied
                    first = text.split(None, 1)[0]
                    head = [] if _basename(first) == prog else [prog] + ([] if first.lower() in rest else rest)
                    joined(at(k), at(k), (_argv_text(head) + " " if head else "") + text, argv=True, program=prog,
                           implied=True)
                else:
                    unknown.append({"field": at(k), "words": _words_of(text.split()[:16])})
                continue
            if not argv:
                continue
            if program is not None:
                pkey, words = program
                # drop what the walker took from the program's key alone
                execs[:] = [e for e in execs if not (e["field"] == at(pkey) or e["field"].startswith(at(pkey) + "["))]
                joined(at(k), at(k), _argv_text(list(words) + list(argv)), argv=True, program=str(words[0]))
            elif sk in _ARGV_ONLY_WITH_PROGRAM:
                continue
            elif depth == 0 and implied is not None:
                prog, rest = implied
                head = [prog] if _basename(argv[0]) != prog else []
                if head and rest and str(argv[0]).lower() not in rest:
                    head += rest
                joined(at(k), at(k), _argv_text(head + list(argv)), argv=True, program=prog, implied=True)
            elif executes or names_command:
                joined(at(k), at(k), _argv_text(list(argv)), argv=True)
                if str(argv[0]).lower() in _SUBCOMMAND_WORDS:
                    unknown.append({"field": at(k), "words": _words_of(argv)})
            elif _inline_code_argv(argv):
                # a shell or an interpreter given its inline code (["bash", "-c", "…"], ["node", "-e",
                # "…"]): whatever program the tool wraps, that is a command line
                joined(at(k), at(k), _argv_text(list(argv)), argv=True, program=_basename(argv[0]))
            else:
                unknown.append({"field": at(k), "words": _words_of(argv)})
        if depth < _MAX_JOIN_DEPTH:
            for k, v in node.items():
                if isinstance(k, str) and isinstance(v, dict):
                    walk(v, at(k), depth + 1)
                elif isinstance(k, str) and isinstance(v, list):
                    for i, item in enumerate(v[:32]):
                        if isinstance(item, dict):
                            walk(item, f"{at(k)}[{i}]", depth + 1)

    walk(tool_input, "", 0)
    # a command line that starts with a subcommand (`delete namespace x` in a kubectl tool's
    # `command`): the program the tool is named for runs it; none named, it cannot be told
    for e in list(execs):
        if "." in e["field"] or "[" in e["field"] or e.get("argv") or not _exec_key(_snake(e["field"])):
            continue
        first = e["command"].lstrip().split(" ", 1)[0]
        if first not in _SUBCOMMAND_WORDS:
            continue
        if implied is not None:
            e["command"] = _argv_text([implied[0]]) + " " + e["command"].lstrip()
            e["program"], e["implied"] = implied[0], True
        else:
            unknown.append({"field": e["field"], "words": _words_of(e["command"].split()[:16])})


# programs that run the text after their inline-code flag
_INLINE_CODE_FLAGS = {"sh": "c", "bash": "c", "zsh": "c", "dash": "c", "ksh": "c", "mksh": "c", "ash": "c",
                      "busybox": "c", "python": "c", "python3": "c", "python2": "c", "pypy3": "c", "node": "ep",
                      "nodejs": "ep", "deno": "", "bun": "e", "perl": "eE", "ruby": "e", "php": "r", "lua": "e",
                      "osascript": "e", "pwsh": "c", "powershell": "c"}


def _inline_code_argv(argv: list) -> bool:
    """["bash", "-c", "…"], ["/usr/bin/python3", "-c", "…"], ["node", "-e", "…"], ["perl", "-we", "…"]."""
    if len(argv) < 3 or not isinstance(argv[1], str):
        return False
    flags = _INLINE_CODE_FLAGS.get(_basename(argv[0]).lower())
    option = argv[1]
    if not flags or not option.startswith("-") or option.startswith("--") or len(option) > 6:
        return option.lower() in ("-command", "--eval", "--command") and flags is not None
    return option[-1] in flags


def _words_of(argv: list) -> list[str]:
    """The lowercased words of an argument list that are not options (the verbs and operands)."""
    return [str(x).lower()[:64] for x in argv[:16] if not str(x).startswith("-")][:8]


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
