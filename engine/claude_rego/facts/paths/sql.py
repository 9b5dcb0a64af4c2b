"""Path facts: destructive database statements in a tool's input (an MCP query/sql tool).

A database tool acts through a statement, not a path: `DROP TABLE users`, `TRUNCATE x`,
`DELETE FROM orders` (no WHERE), `UPDATE t SET …` (no WHERE), `ALTER TABLE t DROP COLUMN c`,
`DROP DATABASE prod`, and the document/key-value forms (`db.users.drop()`,
`dropDatabase()`, `deleteMany({})`, `FLUSHALL`, Cypher `MATCH (n) DETACH DELETE n`). `destructive(text)` names the first such
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
        return None if "where" in rest else "delete_all"
    if verb == "update" and "set" in rest[:4]:
        return None if "where" in rest else "update_all"
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
