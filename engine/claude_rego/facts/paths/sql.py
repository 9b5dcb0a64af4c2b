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
