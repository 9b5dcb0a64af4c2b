"""Path facts: destructive database statements in a tool's input (an MCP query/sql tool).

A database tool acts through a statement, not a path: `DROP TABLE users`, `TRUNCATE x`,
`DELETE FROM orders` (no WHERE), `UPDATE t SET …` (no WHERE), `ALTER TABLE t DROP COLUMN c`,
`DROP DATABASE prod`, and the document/key-value forms (`db.users.drop()`,
`dropDatabase()`, `deleteMany({})`, an aggregation's `$out`, `FLUSHALL`, Cypher `MATCH (n) DETACH DELETE n`). `destructive(text)` names the first such
statement of a text; comments and string literals are skipped. No regexes, bounded work,
never raises.
"""

from __future__ import annotations

_MAX_TEXT = 64 * 1024
# DROP of these loses data or access (DROP VIEW/INDEX/FUNCTION are rebuilt from code: not listed)
_DROP_OBJECTS = frozenset({"table", "tables", "database", "schema", "keyspace", "collection", "tablespace",
                           "owned", "user", "role"})
_DOCUMENT_FORMS = (("dropdatabase(", "dropDatabase()"), (".drop(", "collection drop()"),
                   ("deletemany({})", "deleteMany({})"), ("remove({})", "remove({})"),
                   ("flushall", "FLUSHALL"), ("flushdb", "FLUSHDB"))


def _strip(text: str) -> str:
    """Lower case, comments and quoted literals replaced by a space (statements kept apart by ';')."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "-" and text.startswith("--", i):
            j = text.find("\n", i)
            i = n if j == -1 else j
            continue
        if ch == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j == -1 else j + 2
            out.append(" ")
            continue
        if ch == "'":
            j = text.find("'", i + 1)
            i = n if j == -1 else j + 1
            out.append(" '' ")
            continue
        out.append(ch.lower())
        i += 1
    return "".join(out)


def _words(statement: str) -> list[str]:
    word: list[str] = []
    out: list[str] = []
    for ch in statement:
        if ch.isalnum() or ch in "_.\"`[]$":
            word.append(ch)
        else:
            if word:
                out.append("".join(word))
                word = []
            if ch == "(":
                out.append("(")
    if word:
        out.append("".join(word))
    return out


def destructive(text: str) -> dict | None:
    """{"kind", "statement"} of the first destructive statement of a text, else None.

    kind: "drop_database" (DROP DATABASE/SCHEMA/KEYSPACE), "drop" (DROP TABLE/COLLECTION/USER/…),
    "truncate", "delete_all" (DELETE without WHERE), "update_all" (UPDATE without WHERE),
    "alter_drop" (ALTER … DROP), "document" (drop()/deleteMany({})/FLUSHALL).
    """
    if not isinstance(text, str) or not text:
        return None
    text = text[:_MAX_TEXT]
    clean = _strip(text)
    squeezed = clean.replace(" ", "")
    for needle, name in _DOCUMENT_FORMS:
        if needle in (squeezed if "(" in needle else clean):
            if needle in ("flushall", "flushdb") and not _leading(clean, needle):
                continue
            return {"kind": "document", "statement": name}
    if "$out" in text:  # an aggregation stage {$out: "users"} replaces the whole target collection
        raw = "".join(text.lower().split())
        if any(f"{q}$out{q}:" in raw for q in ("", '"', "'")):
            return {"kind": "document", "statement": "aggregate $out (replaces a collection)"}
    if "detach delete" in " ".join(clean.split()) and "where" not in clean:
        return {"kind": "document", "statement": "DETACH DELETE (every matched node)"}  # Cypher
    for statement in clean.split(";")[:256]:
        words = _words(statement)
        if not words:
            continue
        found = _statement_kind(words)
        if found:
            return {"kind": found, "statement": " ".join(words)[:200]}
    return None


def _leading(clean: str, word: str) -> bool:
    """A Redis command word at the start of a command line (not inside a sentence)."""
    return any(line.strip().split(" ", 1)[0] == word for line in clean.replace(";", "\n").splitlines())


# a WHERE that holds for every row (`WHERE 1=1`, `WHERE true`, `WHERE 1`): no bound at all
_ALWAYS_TRUE = (["1", "1"], ["1"], ["true"], ["0", "0"], ["not", "false"], ["'1'", "'1'"], ["1", "0"])


def _bounded(rest: list[str]) -> bool:
    if "where" not in rest:
        return False
    after = rest[rest.index("where") + 1:]
    cut = next((i for i, w in enumerate(after) if w in ("returning", "limit", "order", "settings", ";")), len(after))
    return after[:cut] not in _ALWAYS_TRUE


def _statement_kind(words: list[str]) -> str | None:
    # a WITH … clause or EXPLAIN in front: look at the first verb
    verbs = ("drop", "truncate", "delete", "update", "alter")
    start = next((i for i, w in enumerate(words[:64]) if w in verbs), None)
    if start is None:
        return None
    if start and words[0] not in ("with", "explain", "begin", "then", "do", "execute", "exec", "sql", "(") \
            and words[start - 1] not in (";", "then", "begin", "do", "("):
        return None  # a word in a sentence or a SELECT, not a statement's verb
    verb, rest = words[start], words[start + 1:]
    if verb == "drop" and rest:
        obj = rest[0]
        if obj in ("database", "schema", "keyspace"):
            return "drop_database"
        return "drop" if obj in _DROP_OBJECTS else None
    if verb == "truncate":
        return "truncate"
    if verb == "delete" and "from" in rest[:3]:
        return None if _bounded(rest) else "delete_all"
    # (MySQL's multi-table form puts the joins first: UPDATE a JOIN b ON … SET …)
    if verb == "update" and ("set" in rest[:4] or ("join" in rest[:24] and "set" in rest[:48])):
        return None if _bounded(rest) else "update_all"
    if verb == "alter" and rest and rest[0] in ("table", "database", "schema") and "drop" in rest:
        return "alter_drop"
    return None


# ------------------------------------------------------------ the same statements as structured objects
# A tool that takes a database command as JSON instead of text (Mongo's command documents,
# Redis argv arrays, an HTTP DELETE of a whole Elasticsearch index): the same effect.
_MONGO_DROPS = {"dropdatabase": "drop_database", "drop": "drop", "dropallusersfromdatabase": "drop",
                "dropuser": "drop", "droprole": "drop", "dropallrolesfromdatabase": "drop"}
_REDIS_WIPES = frozenset({"flushall", "flushdb", "swapdb"})
# operation words that wipe a whole target (in an op/action/command field)
_WIPE_OPS = frozenset({"dropdatabase", "dropdb", "flushall", "flushdb", "dropcollection", "droptable", "truncate",
                       "truncatetable", "deleteall", "removeall", "purge", "deleteindex", "dropschema",
                       "dropkeyspace", "deletedatabase", "deletecollection", "deletetable", "droptables"})
_WHOLE_OPS = frozenset({"drop", "delete", "remove", "deletemany", "delete_many", "removemany", "clear", "wipe"})
_OP_KEYS = ("command", "cmd", "operation", "op", "action", "method", "verb", "type", "query_type", "kind")
_TARGET_KEYS = frozenset({"collection", "table", "index", "database", "db", "bucket", "keyspace", "schema",
                          "namespace", "coll", "indices", "tablename", "collectionname", "indexname"})
_FILTER_KEYS = frozenset({"filter", "q", "query", "where", "selector", "criteria", "conditions", "condition", "match",
                          "id", "ids", "_id", "key", "keys", "document_id", "doc_id", "pk", "primary_key"})
_PATH_KEYS = ("path", "endpoint", "url", "uri", "route", "resource", "url_path")


def _norm(word) -> str:
    return "".join(ch for ch in word.lower() if ch.isalnum()) if isinstance(word, str) and len(word) < 64 else ""


def _empty_filter(value) -> bool:
    return value in ({}, [], "", "{}", "*") or (isinstance(value, dict) and all(
        k in ("match_all", "$expr") and v in ({}, True) for k, v in value.items()))


def destructive_object(node, depth: int = 0, budget: list | None = None) -> dict | None:
    """{"kind", "statement"} when a JSON value is a destructive database command written as
    an object or an argv array, else None. Bounded (depth 8, 512 values), never raises."""
    budget = [512] if budget is None else budget
    try:
        if depth > 8 or budget[0] <= 0:
            return None
        budget[0] -= 1
        if isinstance(node, list):
            if node and isinstance(node[0], str) and _norm(node[0]) in _REDIS_WIPES | {"del", "unlink"}:
                first = _norm(node[0])
                if first in _REDIS_WIPES:
                    return {"kind": "document", "statement": " ".join(str(x) for x in node[:4]).upper()}
                if any(isinstance(x, str) and "*" in x for x in node[1:8]):
                    return {"kind": "document", "statement": " ".join(str(x) for x in node[:4])}
            for item in node[:64]:
                found = destructive_object(item, depth + 1, budget)
                if found:
                    return found
            return None
        if not isinstance(node, dict):
            return None
        keys = {(_norm(k) if isinstance(k, str) else ""): v for k, v in list(node.items())[:64]}
        if isinstance(node.get("$out"), (str, dict)):  # an aggregation stage: replaces the whole target collection
            return {"kind": "document", "statement": "aggregate $out (replaces a collection)"}
        # Mongo command documents: {"dropDatabase": 1}, {"drop": "users"}
        first = _norm(next(iter(node), "")) if node else ""
        for key, kind in _MONGO_DROPS.items():
            if key in keys and (key != "drop" or first == "drop" or isinstance(keys[key], str)) and \
                    keys[key] not in (0, False, None):
                return {"kind": kind, "statement": f"{key} {keys[key]}"[:200]}
        # {"delete": "orders", "deletes": [{"q": {}, "limit": 0}]}, {"update": …, "updates": [{"q": {}, "multi": true}]}
        for verb, items, kind in (("delete", "deletes", "delete_all"), ("update", "updates", "update_all")):
            if isinstance(keys.get(verb), str) and isinstance(keys.get(items), list):
                for spec in keys[items][:64]:
                    if isinstance(spec, dict) and _empty_filter(spec.get("q", spec.get("filter", {}))) and (
                            kind == "delete_all" or spec.get("multi") is True):
                        return {"kind": kind, "statement": f"{verb} {keys[verb]} (every document)"[:200]}
        # an operation field naming a wipe ({"command": "FLUSHALL"}, {"op": "dropCollection"}),
        # or a whole-target verb with a target and no filter ({"action": "deleteMany", "collection": "x", "filter": {}})
        for k in _OP_KEYS:
            value = keys.get(k)
            if isinstance(value, list) and value and isinstance(value[0], str):
                found = destructive_object(value, depth + 1, budget)
                if found:
                    return found
                value = value[0]
            op = _norm(value)
            if not op:
                continue
            if op in _WIPE_OPS or op in _REDIS_WIPES:
                return {"kind": "document", "statement": f"{value}"[:200]}
            if op in _WHOLE_OPS and any(t in keys for t in _TARGET_KEYS):
                filters = [keys[f] for f in _FILTER_KEYS if f in keys]
                if all(_empty_filter(f) for f in filters):
                    return {"kind": "delete_all", "statement": f"{value} of a whole target"[:200]}
        # an HTTP DELETE of a whole index or of everything (Elasticsearch/OpenSearch): method + path
        method = next((keys[k] for k in ("method", "httpmethod", "verb") if isinstance(keys.get(k), str)), None)
        path = next((keys[k] for k in _PATH_KEYS if isinstance(keys.get(k), str)), None)
        if isinstance(method, str) and method.upper() in ("DELETE", "POST") and isinstance(path, str) and len(path) < 2048:
            tail = path.split("://", 1)[-1]
            tail = tail.split("/", 1)[1] if "://" in path and "/" in tail else tail
            parts = [p for p in tail.split("?", 1)[0].split("/") if p]
            if method.upper() == "DELETE" and (len(parts) <= 1 or any("*" in p or p == "_all" for p in parts)):
                return {"kind": "drop", "statement": f"DELETE /{'/'.join(parts)}"[:200]}
            if method.upper() == "POST" and parts and parts[-1] in ("_delete_by_query", "_flush_all"):
                return {"kind": "delete_all", "statement": f"POST /{'/'.join(parts)}"[:200]}
        for v in list(node.values())[:64]:
            if isinstance(v, (dict, list)):
                found = destructive_object(v, depth + 1, budget)
                if found:
                    return found
        return None
    except Exception:  # noqa: BLE001 - attacker-shaped input: no opinion from here
        return None


# ----------------------------------------------------------------- what a statement runs or touches

# functions whose first string argument is a file the server reads (or lists)
_READ_FUNCTIONS = frozenset({"pg_read_file", "pg_read_binary_file", "lo_import", "load_file", "pg_stat_file",
                             "read_csv", "read_csv_auto", "read_parquet", "read_json", "read_json_auto", "read_text",
                             "read_blob", "read_ndjson", "read_ndjson_auto", "readfile", "file", "url", "s3",
                             "openrowset", "utl_file.fopen", "bfilename", "sqlite_attach", "st_read"})


def _reads_file(value: str) -> bool:
    """A function whose first string argument is a file it reads: the table above, and
    DuckDB's readers by their naming (read_*, *_scan: `sqlite_scan('…/cookies.sqlite', 't')`,
    `parquet_scan`, `delta_scan`, an extension's `read_xlsx`)."""
    return value in _READ_FUNCTIONS or value.startswith("read_") or value.endswith("_scan")
_LIST_FUNCTIONS = frozenset({"pg_ls_dir", "pg_ls_logdir", "pg_ls_waldir", "pg_ls_tmpdir", "pg_ls_archive_statusdir",
                             "glob"})
# functions whose string argument is a file the server writes
_WRITE_FUNCTIONS = frozenset({"lo_export", "pg_file_write", "pg_file_rename", "pg_file_unlink", "writefile",
                              "edit"})
# functions and procedures whose string argument is a command line the server runs
_EXEC_FUNCTIONS = frozenset({"xp_cmdshell", "master..xp_cmdshell", "master.dbo.xp_cmdshell", "sys_exec", "sys_eval",
                             "sp_execute_external_script", "shell", "system", "os_exec", "dbms_scheduler.create_job",
                             "pg_execute_server_program"})
# functions that load native code into the server
_LOAD_FUNCTIONS = frozenset({"load_extension"})
# server settings whose value is a program the server runs
_PROGRAM_SETTINGS = frozenset({"archive_command", "restore_command", "archive_cleanup_command", "recovery_end_command",
                               "ssl_passphrase_command", "sqlite_shell"})
# server settings whose value is a file the server writes
_FILE_SETTINGS = frozenset({"general_log_file", "slow_query_log_file", "log_directory", "log_filename",
                            "secure_file_priv", "plugin_dir", "datadir"})
# procedural languages that run unrestricted code in the server (the "untrusted" ones)
_UNTRUSTED_LANGUAGES = frozenset({"plpythonu", "plpython2u", "plpython3u", "plperlu", "pltclu", "plsh", "plr",
                                  "pljavau", "plv8u", "c", "internal"})
_DOT_READS = frozenset({".import", ".read", ".open", ".restore"})
_DOT_WRITES = frozenset({".output", ".once", ".backup", ".save", ".excel"})


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, value, offset): "w" words (lowercase; double-quoted/backquoted/bracketed identifiers
    too), "s" string literals (value unescaped: '…', E'…', N'…', $tag$…$tag$), "p" punctuation.
    Comments are dropped. Bounded by the text's length; never raises."""
    out: list[tuple[str, str, int]] = []
    i, n = 0, len(text)
    while i < n and len(out) < 20000:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "-" and text.startswith("--", i) or ch == "#" and not text.startswith("#>", i):
            j = text.find("\n", i)
            i = n if j == -1 else j
            continue
        if ch == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j == -1 else j + 2
            continue
        if ch in "'\"`[" or (ch in "eEnNbBxXuU" and i + 1 < n and text[i + 1] == "'" and (
                not out or out[-1][2] + len(out[-1][1]) <= i)):
            start = i
            if ch not in "'\"`[":
                i += 1
                ch = "'"
            close = "]" if ch == "[" else ch
            j, buf = i + 1, []
            while j < n:
                if text[j] == close:
                    if close != "]" and j + 1 < n and text[j + 1] == close:
                        buf.append(close)
                        j += 2
                        continue
                    break
                if text[j] == "\\" and close == "'" and j + 1 < n:
                    buf.append(text[j + 1])
                    j += 2
                    continue
                buf.append(text[j])
                j += 1
            value = "".join(buf)
            out.append(("s", value, start) if close == "'" else ("w", value.lower(), start))
            i = j + 1
            continue
        if ch == "$":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            if j < n and text[j] == "$" and not text[i + 1:j].isdigit():
                tag = text[i:j + 1]
                end = text.find(tag, j + 1)
                end = n if end == -1 else end
                out.append(("s", text[j + 1:end], i))
                i = end + len(tag)
                continue
        if ch.isalnum() or ch in "_.@\\":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "_.@$"):
                j += 1
            out.append(("w", text[i:j].lower(), i))
            i = j
            continue
        out.append(("p", ch, i))
        i += 1
    return out


def _raw_word(text: str, at: int) -> str:
    """The whitespace-delimited word of the text starting at an offset (an unquoted file name)."""
    end = at
    while end < len(text) and not text[end].isspace() and text[end] != ";":
        end += 1
    return text[at:end]


def _first_string(tokens: list, start: int, index: int = 0) -> tuple[bool, str | None]:
    """The arguments of a call whose "(" is at start: (found a call, its index-th argument's
    literal value or None when that argument is not a plain string literal)."""
    if start >= len(tokens) or tokens[start][:2] != ("p", "("):
        return False, None
    depth, arg, j = 0, 0, start
    while j < len(tokens) and j < start + 512:
        kind, value, _ = tokens[j]
        if kind == "p" and value == "(":
            depth += 1
        elif kind == "p" and value == ")":
            depth -= 1
            if depth == 0:
                return True, None
        elif kind == "p" and value == "," and depth == 1:
            arg += 1
        elif depth == 1 and arg == index:
            nxt = tokens[j + 1] if j + 1 < len(tokens) else ("p", ")", 0)
            if kind == "s" and nxt[0] == "p" and nxt[1] in ",)":
                return True, value
            if kind == "w" and value == "bulk" and tokens[j + 1:j + 2] and tokens[j + 1][0] == "s":
                return True, tokens[j + 1][1]
            return True, None
        j += 1
    return True, None


def server_effects(text: str) -> list[tuple[str, str | None]]:
    """What database statements make the server (or the client) run or touch, by effect:
    [(kind, value)] with kind "exec" (a command line; None when it is not a literal),
    "load" (native code loaded: an extension), "read", "write", "list" (a file path; None
    when not literal). `COPY t TO PROGRAM 'gzip > x'`, `pg_read_file('/etc/passwd')`,
    `SELECT … INTO OUTFILE '/x'`, `LOAD DATA INFILE`, `ATTACH DATABASE '/x' AS y`,
    `load_extension('x')`, `EXEC xp_cmdshell 'whoami'`, `sys_exec('…')`, psql `\\copy`,
    sqlite3's dot commands (`.output FILE`, `.import FILE`, `.load LIB`), untrusted
    procedural languages (`LANGUAGE plpython3u`: code, None). Bounded; never raises."""
    if not isinstance(text, str) or not text:
        return []
    text = text[:_MAX_TEXT]
    low = text.lower()
    if not any(n in low for n in ("program", "file", "copy", "lo_", "outfile", "dumpfile", "infile", "attach",
                                  "extension", "cmdshell", "exec", "eval", "pg_ls", "read_", "language", "_command",
                                  "bulk", ".load", ".output", ".once", ".import", ".read", ".backup", ".save",
                                  ".open", ".restore", ".excel", "glob", "url", "s3", "system", "shell", "edit",
                                  "_scan", "st_read", "sqlite_attach",
                                  "_dir", "datadir", "secure_file")):
        return []
    out: list[tuple[str, str | None]] = []
    try:
        _scan_effects(text, _tokens(text), out)
    except Exception:  # noqa: BLE001 — defensive: attacker text never raises; unknown reads as code
        out.append(("exec", None))
    return out[:64]


def _statement_words(tokens: list, end: int):
    """(index, word, position, opens a statement, next token) of each word token: the walk
    `_scan_effects` and `_scan_egress` share (`end`: the position past the last token)."""
    statement_start = True
    n = len(tokens)
    for i, (kind, value, at) in enumerate(tokens):
        if kind == "p":
            statement_start = value == ";"
            continue
        head, statement_start = statement_start, False
        if kind == "w":
            yield i, value, at, head, tokens[i + 1] if i + 1 < n else ("p", "", end)


def _scan_effects(text: str, tokens: list, out: list) -> None:
    n = len(tokens)
    for i, value, at, head, nxt in _statement_words(tokens, len(text)):
        if head and value in _DOT_READS | _DOT_WRITES | {".load", ".shell", ".system"}:
            line_end = text.find("\n", at)
            rest = text[at + len(value):len(text) if line_end == -1 else line_end].strip()
            target = rest.split()[0].strip("'\"") if rest.split() else ""
            if value == ".load":
                out.append(("load", target or None))
            elif value in _DOT_WRITES and rest.startswith("|"):
                out.append(("exec", rest[1:].strip().strip("'\"") or None))
            elif target and not target.startswith("-"):
                out.append(("write" if value in _DOT_WRITES else "read", target))
            continue
        if value in ("copy", "\\copy") and head:
            _copy(text, tokens, i, out, client=value == "\\copy")
            continue
        call = nxt[:2] == ("p", "(")
        if call and (_reads_file(value) or value in _LIST_FUNCTIONS | _WRITE_FUNCTIONS | _EXEC_FUNCTIONS | _LOAD_FUNCTIONS):
            index = 1 if value == "lo_export" else 0
            found, literal = _first_string(tokens, i + 1, index)
            if value in ("file", "url", "s3", "glob", "edit", "system", "shell") and literal is None:
                continue  # a generic name: only its literal form is read
            effect = ("read" if _reads_file(value) else "list" if value in _LIST_FUNCTIONS else
                      "write" if value in _WRITE_FUNCTIONS else "load" if value in _LOAD_FUNCTIONS else "exec")
            if value in ("url", "s3") and literal and "://" in literal:
                continue  # a remote table: not a server file
            out.append((effect, literal))
            continue
        if value in _EXEC_FUNCTIONS and "xp_cmdshell" in value:
            out.append(("exec", nxt[1] if nxt[0] == "s" else None))  # EXEC xp_cmdshell 'whoami'
            continue
        if value in ("outfile", "dumpfile") and i and tokens[i - 1][:2] == ("w", "into"):
            out.append(("write", nxt[1] if nxt[0] == "s" else None))
        elif value == "infile" and any(t[:2] == ("w", "load") for t in tokens[max(0, i - 4):i]):
            out.append(("read", nxt[1] if nxt[0] == "s" else None))  # LOAD DATA [LOCAL] INFILE 'x'
        elif value == "attach" and head:
            at = i + 1 if nxt[:2] != ("w", "database") else i + 2
            attached = tokens[at] if at < n else ("p", "", 0)
            path = attached[1] if attached[0] == "s" else None
            if path is not None and path.startswith("file:"):
                path, _, query = path[5:].partition("?")
                readonly = "mode=ro" in query or "immutable=1" in query
                out.append(("read" if readonly else "write", path))
            elif path not in ("", ":memory:"):
                out.append(("write", path))
        elif value == "bulk" and i + 3 < n and tokens[i + 1][:2] == ("w", "insert"):
            source = next((k for k in range(i + 2, min(n, i + 8)) if tokens[k][:2] == ("w", "from")), None)
            if source is not None and source + 1 < n:
                out.append(("read", tokens[source + 1][1] if tokens[source + 1][0] == "s" else None))
        elif value in _PROGRAM_SETTINGS | _FILE_SETTINGS:
            j = i + 1
            if j < n and (tokens[j][:2] in (("p", "="), ("w", "to"))):
                j += 1
            if j < n and tokens[j][0] == "s":
                out.append(("exec" if value in _PROGRAM_SETTINGS else "write", tokens[j][1] or None))
        elif value == "language" and nxt[0] in "ws" and nxt[1].lower() in _UNTRUSTED_LANGUAGES:
            out.append(("exec", None))  # code in an unrestricted language runs in the server


def _copy(text: str, tokens: list, i: int, out: list, client: bool) -> None:
    """COPY t|(query) TO|FROM 'file'|PROGRAM 'cmd'|STDIN|STDOUT (psql's \\copy: a client
    file, names may be unquoted)."""
    depth, n = 0, len(tokens)
    for j in range(i + 1, min(n, i + 4096)):
        kind, value, at = tokens[j]
        if kind == "p":
            if value == ";" and depth == 0:
                return
            depth += {"(": 1, ")": -1}.get(value, 0)
            continue
        if depth or kind != "w" or value not in ("to", "from"):
            continue
        target = tokens[j + 1] if j + 1 < n else ("p", "", len(text))
        effect = "write" if value == "to" else "read"
        if target[:2] == ("w", "program"):
            cmd = tokens[j + 2] if j + 2 < n else ("p", "", 0)
            out.append(("exec", cmd[1] if cmd[0] == "s" and cmd[1].strip() else None))
        elif target[0] == "s":
            out.append((effect, target[1]))
        elif target[:2] in (("w", "stdin"), ("w", "stdout"), ("w", "pstdin"), ("w", "pstdout")):
            pass
        elif client and target[0] in "wp":
            out.append((effect, _raw_word(text, target[2]).strip("'\"") or None))
        else:
            out.append((effect, None))
        return


# ------------------------------------------------------------ privilege changes and credential reads
# Statements that hand out the server's power (a superuser, a role that creates roles or
# bypasses row security, every privilege, the right to pass privileges on, server-wide
# settings that switch off logging or open the file system) or read the server's stored
# password hashes. Effect-based: the statement's words, whatever the tool is called.
_POWER_ATTRIBUTES = frozenset({"superuser", "createrole", "bypassrls", "replication"})
# roles whose membership is a superuser's power (server files, programs, every table)
_POWER_ROLES = frozenset({"pg_read_server_files", "pg_write_server_files", "pg_execute_server_program",
                          "rds_superuser", "cloudsqlsuperuser", "azure_pg_admin", "pg_read_all_data",
                          "pg_write_all_data", "sysadmin", "securityadmin", "db_owner", "dba", "rdsadmin",
                          "alloydbsuperuser", "rds_replication", "accountadmin"})
# MySQL global privileges that reach beyond the schema (files, other users, the server)
_POWER_PRIVILEGES = frozenset({"super", "file", "process", "shutdown", "create_user", "system_user",
                               "connection_admin", "system_variables_admin"})
# server-wide settings whose change weakens auditing, opens the file system or runs code
_SECURITY_SETTINGS = frozenset({
    "general_log", "general_log_file", "slow_query_log_file", "local_infile", "secure_file_priv", "sql_log_bin",
    "log_bin_trust_function_creators", "require_secure_transport", "init_connect", "plugin_dir",
    "default_authentication_plugin", "authentication_policy", "audit_log_policy", "audit_log", "sql_log_off",
    "read_only", "super_read_only", "offline_mode", "validate_password", "validate_password.policy",
    "validate_password.length", "validate_password_policy", "password_history", "skip_name_resolve",
    "default_password_lifetime", "disconnect_on_expired_password",
})
# system catalogs holding password hashes, with the columns that hold them
_CREDENTIAL_TABLES = {
    "pg_shadow": frozenset({"passwd"}), "pg_catalog.pg_shadow": frozenset({"passwd"}),
    "pg_authid": frozenset({"rolpassword"}), "pg_catalog.pg_authid": frozenset({"rolpassword"}),
    "pg_user_mappings": frozenset({"umoptions"}), "pg_catalog.pg_user_mappings": frozenset({"umoptions"}),
    "pg_user_mapping": frozenset({"umoptions"}),
    "mysql.user": frozenset({"authentication_string", "password"}),
    "mysql.global_priv": frozenset({"priv"}),
    "sys.sql_logins": frozenset({"password_hash"}), "master.sys.sql_logins": frozenset({"password_hash"}),
    "sys.syslogins": frozenset({"password"}), "master.sys.syslogins": frozenset({"password"}),
    "dba_users": frozenset({"password", "spare4"}), "sys.dba_users": frozenset({"password", "spare4"}),
    "sys.user$": frozenset({"password", "spare4"}), "user$": frozenset({"password", "spare4"}),
    "system.users": frozenset({"salted_hash"}),  # Cassandra
    "system_auth.roles": frozenset({"salted_hash"}), "system_auth.credentials": frozenset({"salted_hash"}),
    # Supabase / GoTrue: the users' password hashes, refresh tokens, TOTP secrets
    "auth.users": frozenset({"encrypted_password", "recovery_token", "confirmation_token", "reauthentication_token",
                             "email_change_token_new", "email_change_token_current", "phone_change_token"}),
    "auth.refresh_tokens": frozenset({"token"}), "auth.mfa_factors": frozenset({"secret"}),
    "auth.one_time_tokens": frozenset({"token_hash"}), "auth.sessions": frozenset({"refresh_token_hmac_key"}),
    "vault.decrypted_secrets": frozenset({"decrypted_secret"}),  # Supabase Vault
}
_CREDENTIAL_FUNCTIONS = ("loginproperty(", "pwdencrypt(")
_NOT_ALIASES = frozenset({"where", "join", "on", "left", "right", "inner", "outer", "full", "cross", "group", "order",
                          "limit", "union", "natural", "using", "having", "window", "offset", "fetch", "for"})


def _selects_all(squeezed: str, table: str, after: list[str]) -> bool:
    """The select list takes every column of this table: `*` (not `count(*)`), `t.*` or the
    row `t` itself where t is the table's name or alias (`p.*` of another table does not)."""
    head = squeezed.split(" from ", 1)[0].replace("(*)", " ").replace("( * )", " ")
    items = {_bare(item) for item in head.replace(",", " ").replace("(", " ").replace(")", " ").split()}
    if "*" in items:
        return True
    rows = {table}
    alias = after[1] if after[:1] == ["as"] and len(after) > 1 else after[0] if after else ""
    if alias and alias not in _NOT_ALIASES:
        rows.add(alias)
    names = rows | {table.rsplit(".", 1)[-1]}
    # `t.*`, or the whole row by its alias (`to_jsonb(u)`, `row_to_json(u)`, `select u from … u`;
    # not the bare last part of the name: `user` in `SELECT user FROM mysql.user` is a column)
    return any(item.endswith(".*") and item[:-2] in names or item in rows for item in items)


def _bare(word: str) -> str:
    return "".join(ch for ch in word if ch not in "\"`[]")


def privileges(text: str) -> list[dict]:
    """{"kind", "statement"} of each statement that changes who may do what on the server
    ("privilege": ALTER/CREATE ROLE … SUPERUSER, GRANT ALL, … WITH GRANT OPTION, GRANT … ON *.*,
    a power role granted, SET GLOBAL of a security setting, ALTER SYSTEM, a write to the
    user catalog) or reads stored password hashes ("credential_read": pg_shadow.passwd,
    pg_authid.rolpassword, mysql.user.authentication_string, sys.sql_logins, dba_users).
    Bounded, never raises."""
    try:
        if not isinstance(text, str) or not text:
            return []
        out: list[dict] = []
        for statement in _strip(text[:_MAX_TEXT]).split(";")[:256]:
            words = [_bare(w) for w in _words(statement)]
            if not words:
                continue
            squeezed = " ".join(statement.split())
            found = _privilege_kind(words, squeezed)
            if found:
                out.append({"kind": found[0], "statement": found[1][:200]})
            if len(out) >= 4:
                break
        return out
    except Exception:  # noqa: BLE001 — defensive: attacker text never raises
        return []


def _privilege_kind(words: list[str], squeezed: str) -> tuple[str, str] | None:
    shown = " ".join(words)
    head = next((i for i, w in enumerate(words[:16]) if w in ("alter", "create", "grant", "set", "select", "update",
                                                               "insert", "delete", "exec", "execute", "table",
                                                               "copy", "show", "with")), None)
    if head is None:
        return None
    verb, rest = words[head], words[head + 1:]
    kind_word = rest[0] if rest else ""
    if verb in ("alter", "create") and kind_word in ("user", "role", "login") and _POWER_ATTRIBUTES & set(rest):
        return "privilege", f"{verb} {kind_word} with {', '.join(sorted(_POWER_ATTRIBUTES & set(rest)))}"
    if verb == "alter" and kind_word == "system" and len(rest) > 1 and rest[1] in ("set", "reset"):
        return "privilege", f"{shown} (a server-wide setting)"
    if verb == "alter" and kind_word == "table" and (" disable row level security" in squeezed or
                                                     " no force row level security" in squeezed):
        return "privilege", f"{shown} (row-level security switched off: every row open to every role)"
    if verb == "alter" and kind_word == "server" and "role" in rest[:2] and "add" in rest:
        return "privilege", shown  # ALTER SERVER ROLE sysadmin ADD MEMBER x (SQL Server)
    if verb in ("exec", "execute") and kind_word in ("sp_addsrvrolemember", "sp_addrolemember", "sys.sp_addsrvrolemember"):
        return "privilege", shown
    if verb == "grant":
        upto = rest.index("to") if "to" in rest else len(rest)
        granted = rest[:upto]
        if granted[:1] == ["all"]:
            return "privilege", f"{shown} (every privilege)"
        if "grant" in rest[upto:] and "option" in rest[upto:] or "admin" in rest[upto:] and "option" in rest[upto:]:
            return "privilege", f"{shown} (the right to grant it on)"
        if _POWER_ROLES & set(granted):
            return "privilege", f"{shown} (a superuser's role)"
        granted_words = set(granted)
        if "on" in granted and " on *.* " in f"{squeezed} " or _POWER_PRIVILEGES & granted_words:
            return "privilege", f"{shown} (server-wide privileges)"
        return None
    if verb == "set" and kind_word in ("global", "persist", "persist_only"):
        name = rest[1] if len(rest) > 1 else ""
        if name in _SECURITY_SETTINGS or name.startswith("validate_password") or name.startswith("audit_log"):
            return "privilege", f"set global {name} (a server security setting)"
        return None
    if verb == "set" and kind_word.startswith(("global.", "persist.")):
        name = kind_word.split(".", 1)[1]  # SET @@global.x (the @ is no word character)
        if name in _SECURITY_SETTINGS or name.startswith("validate_password"):
            return "privilege", f"set global {name} (a server security setting)"
        return None
    if verb in ("update", "insert", "delete") and any(
            w in ("mysql.user", "mysql.db", "mysql.global_priv", "pg_authid", "pg_catalog.pg_authid")
            for w in rest[:4]):
        return "privilege", f"{shown} (the server's user catalog)"
    # a read of the stored password hashes
    for i, w in enumerate(words):
        columns = _CREDENTIAL_TABLES.get(w)
        if columns is None or i == 0 or words[i - 1] not in ("from", "join", ",", "table", "copy", "\\copy"):
            continue
        before = set(words[:i])
        if _selects_all(squeezed, w, words[i + 1:i + 3]) or columns & before or any(
                c.split(".")[-1] in columns for c in before) or words[i - 1] == "table" or verb == "copy":
            return "credential_read", f"{w} (stored password hashes)"
    if any(fn in squeezed.replace(" ", "") for fn in _CREDENTIAL_FUNCTIONS) and "passwordhash" in squeezed.replace(" ", "").replace("'", ""):
        return "credential_read", "loginproperty(…, 'PasswordHash') (stored password hashes)"
    return None


# ------------------------------------------------------------ statements that send data off the server
# A statement that makes the server (or the client) reach another machine: query results
# written to a URL or an object store (ClickHouse `INSERT INTO FUNCTION url(…)/s3(…)/remote(…)`,
# DuckDB/Snowflake `COPY … TO 's3://…'`, Redshift `UNLOAD … TO 's3://…'`, BigQuery `EXPORT DATA
# OPTIONS(uri=…)`), a connection to another server (Postgres `dblink`, a foreign server,
# MySQL FEDERATED, SQL Server linked servers and `OPENDATASOURCE`), an HTTP request from the
# server (pgsql-http `http_post`, Supabase `net.http_post`, Oracle `UTL_HTTP`), or a URL
# computed from data (`url('https://x/?d=' || secret)`). Effect-based; bounded, never raises.
_EGRESS_CALLS = frozenset({
    "dblink", "dblink_exec", "dblink_connect", "dblink_connect_u", "dblink_send_query", "dblink_open",
    "http_get", "http_post", "http_put", "http_patch", "http_delete", "http_head", "http_request",
    "net.http_get", "net.http_post", "net.http_delete", "net.http_request", "extensions.http_post",
    "utl_http.request", "utl_http.request_pieces", "utl_http.begin_request", "utl_tcp.open_connection",
    "utl_smtp.open_connection", "utl_inaddr.get_host_address", "httpuritype", "dbms_ldap.init",
    "sys.utl_http.request", "opendatasource", "remote", "remotesecure", "aws_s3.query_export_to_s3",
    "aws_lambda.invoke", "azure_storage.blob_put", "sys_http_post",
})
# table functions that write where their first argument points when inserted into
_REMOTE_TABLE_FUNCTIONS = frozenset({"url", "s3", "s3cluster", "gcs", "hdfs", "azureblobstorage", "mysql",
                                     "postgresql", "mongodb", "redis", "odbc", "jdbc", "remote", "remotesecure",
                                     "urlcluster", "iceberg", "deltalake"})
_EGRESS_EXEC = frozenset({"sp_addlinkedserver", "sp_addlinkedsrvlogin", "master.dbo.sp_addlinkedserver",
                          "sys.sp_addlinkedserver"})
_REMOTE_ENGINES = frozenset({"federated", "url", "s3", "hdfs", "azureblobstorage", "mysql", "postgresql",
                             "mongodb", "kafka", "rabbitmq", "nats"})
_LOCAL_SCHEMES = ("file://", "memory://")


def egress(text: str) -> list[dict]:
    """{"kind": "egress", "statement"} of each statement that sends data to (or opens a
    connection with) another machine. Bounded, never raises."""
    try:
        if not isinstance(text, str) or not text:
            return []
        text = text[:_MAX_TEXT]
        low = text.lower()
        if not any(n in low for n in ("dblink", "http", "utl_", "function", "://", "remote", "opendatasource",
                                      "linkedserver", "engine", "foreign", "unload", "export", "aws_", "azure_",
                                      "url(", "s3(", "dbms_ldap", "inaddr", "uri")):
            return []
        out: list[dict] = []
        _scan_egress(_tokens(text), out)
        return out[:8]
    except Exception:  # noqa: BLE001 — defensive: attacker text never raises
        return [{"kind": "egress", "statement": "a statement that may reach another machine (unreadable)"}]


def _remote(literal: str | None) -> bool:
    """A literal target that is another machine's (a URL or an object store), not a local file."""
    if literal is None:
        return False
    value = literal.strip().lower()
    return "://" in value[:32] and not value.startswith(_LOCAL_SCHEMES)


def _scan_egress(tokens: list, out: list) -> None:
    n = len(tokens)
    for i, value, _, head, nxt in _statement_words(tokens, 0):
        call = nxt[:2] == ("p", "(")
        prev = [t[1] for t in tokens[max(0, i - 3):i] if t[0] == "w"]
        if call and value in _REMOTE_TABLE_FUNCTIONS and prev[-1:] == ["function"] and "into" in prev:
            _, literal = _first_string(tokens, i + 1)
            out.append({"kind": "egress", "statement": f"insert into function {value}({literal or '…'}): rows written to another machine"[:200]})
        elif call and value in _EGRESS_CALLS:
            _, literal = _first_string(tokens, i + 1)
            out.append({"kind": "egress", "statement": f"{value}({(literal or '…')[:120]}): a connection to another machine"[:200]})
        elif call and value in ("url", "s3", "gcs", "urlcluster", "s3cluster", "azureblobstorage"):
            found, literal = _first_string(tokens, i + 1)
            if found and literal is None:
                out.append({"kind": "egress", "statement": f"{value}(…) with a computed address: data may be sent in it"})
        elif value in _EGRESS_EXEC and (head or prev[-1:] in (["exec"], ["execute"])):
            out.append({"kind": "egress", "statement": f"{value}: a linked server (queries run on another machine)"})
        elif value in ("copy", "unload") and head:
            target = _copy_target(tokens, i)
            if target is not None and _remote(target):
                out.append({"kind": "egress", "statement": f"{value} … to {target[:120]}: rows written to another machine"[:200]})
        elif value == "export" and head and i + 1 < n and tokens[i + 1][1] in ("data", "database"):
            target = next((t[1] for t in tokens[i + 2:i + 40] if t[0] == "s" and _remote(t[1])), None)
            if target:
                out.append({"kind": "egress", "statement": f"export … to {target[:120]}: rows written to another machine"[:200]})
        elif value == "server" and prev[-1:] == ["create"] or value == "wrapper" and prev[-2:] == ["foreign", "data"] \
                and "create" in prev:
            out.append({"kind": "egress", "statement": "create server (a foreign server: queries run on another machine)"})
        elif value == "engine" and i + 2 < n and any(t[1] == "create" for t in tokens[max(0, i - 64):i]):
            j = i + 2 if tokens[i + 1][:2] == ("p", "=") else i + 1
            engine = tokens[j][1] if j < n and tokens[j][0] == "w" else ""
            if engine in _REMOTE_ENGINES:
                out.append({"kind": "egress", "statement": f"a table with engine {engine}: its rows live on another machine"})
        if len(out) >= 8:
            return


def _copy_target(tokens: list, i: int) -> str | None:
    """The string literal a COPY/UNLOAD writes to (`COPY t TO 's3://…'`, Snowflake `COPY INTO
    's3://…' FROM t`, Redshift `UNLOAD ('…') TO 's3://…'`), else None."""
    n, depth = len(tokens), 0
    for j in range(i + 1, min(n, i + 4096)):
        kind, value, _ = tokens[j]
        if kind == "p":
            if value == ";" and depth == 0:
                return None
            depth += {"(": 1, ")": -1}.get(value, 0)
            continue
        if depth == 0 and kind == "w" and value in ("to", "into") and j + 1 < n and tokens[j + 1][0] == "s":
            return tokens[j + 1][1]
    return None


# ------------------------------------------------------------ a document store's user catalog
# Mongo keeps every user's SCRAM credentials in admin.system.users: a find/aggregate on it (as
# a tool's structured input or as mongosh text) or usersInfo with showCredentials reads them,
# whatever the projection. A collection named elsewhere (`users`) is the application's.
_COLLECTION_KEYS = frozenset({"collection", "coll", "collectionname", "ns", "namespace", "find", "aggregate",
                              "distinct", "from"})


def _catalog_name(value) -> bool:
    if not isinstance(value, str) or len(value) > 256:
        return False
    name = value.strip().strip("\"'`").lower()
    return name == "system.users" or name.endswith(".system.users")


def credential_object(node, depth: int = 0, budget: list | None = None, text: bool = True) -> dict | None:
    """{"kind": "credential_read", "statement"} when a tool's input reads a document store's
    stored credentials (a collection key naming system.users, usersInfo + showCredentials, and
    with `text` a mongosh text reading db.system.users / getCollection("system.users")), else None.
    Bounded (depth 8, 512 values), never raises."""
    budget = [512] if budget is None else budget
    try:
        if depth > 8 or budget[0] <= 0:
            return None
        budget[0] -= 1
        if isinstance(node, str):
            return _credential_text(node) if depth and text else None
        if isinstance(node, list):
            for item in node[:64]:
                found = credential_object(item, depth + 1, budget, text)
                if found:
                    return found
            return None
        if not isinstance(node, dict):
            return None
        keys = {(_norm(k) if isinstance(k, str) else ""): v for k, v in list(node.items())[:64]}
        for key in _COLLECTION_KEYS:
            if _catalog_name(keys.get(key)):
                return {"kind": "credential_read", "statement": f"{key}: {keys[key]} (stored user credentials)"[:200]}
        if "usersinfo" in keys and keys.get("showcredentials") not in (None, False, 0, "false"):
            return {"kind": "credential_read", "statement": "usersInfo with showCredentials (stored user credentials)"}
        for v in list(node.values())[:64]:
            found = credential_object(v, depth + 1, budget, text)
            if found:
                return found
        return None
    except Exception:  # noqa: BLE001 - attacker-shaped input: no opinion from here
        return None


def _credential_text(text: str) -> dict | None:
    """mongosh text that reads the user catalog: db.system.users.find(), getSiblingDB('admin')
    .system.users, getCollection("system.users"), runCommand({usersInfo: …, showCredentials: true})."""
    if len(text) > _MAX_TEXT:
        text = text[:_MAX_TEXT]
    low = "".join(text.lower().split())
    if "system.users" in low and any(w in low for w in (".find", ".aggregate", "getcollection", ".findone",
                                                          ".foreach", ".toarray", ".next(", "$lookup", ".watch(")):
        return {"kind": "credential_read", "statement": "system.users (stored user credentials)"}
    if "usersinfo" in low and "showcredentials:true" in low.replace('"', "").replace("'", ""):
        return {"kind": "credential_read", "statement": "usersInfo with showCredentials (stored user credentials)"}
    return None
