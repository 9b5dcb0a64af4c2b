"""Path facts: a data-store tool's `command` field (an MCP Redis/Memcached/Mongo/SQL/search
server's `{"command": "GET user:1"}`) is the store's own command, not a shell command line.

`store_command(text)` says whether a text reads as such a command (every line starts with a
word of the stores' command languages); `destructive(text)` names the first command of it
that destroys data or reconfigures the server (FLUSHALL, DEL of many keys or a pattern,
CONFIG SET — the classic `CONFIG SET dir` + `SAVE` file write —, REPLICAOF, MODULE LOAD,
EVAL of a script, SHUTDOWN, memcached `flush_all`, an HTTP DELETE of an index). SQL and Mongo
statements are judged by `sql.destructive` / `sql.server_effects` like any database tool's.
No regexes, bounded work, never raises.
"""

from __future__ import annotations

_MAX_TEXT = 16 * 1024
_MAX_LINES = 64

# MCP server / tool name words of data stores whose tools take the store's commands
STORE_WORDS = frozenset({
    "redis", "valkey", "keydb", "dragonfly", "dragonflydb", "memcached", "memcache", "mongo", "mongodb", "mongosh",
    "postgres", "postgresql", "pg", "psql", "mysql", "mariadb", "sqlite", "sqlite3", "mssql", "sqlserver", "oracle",
    "elasticsearch", "elastic", "opensearch", "cassandra", "scylla", "scylladb", "cql", "clickhouse", "duckdb",
    "snowflake", "bigquery", "neo4j", "cypher", "couchdb", "couchbase", "dynamodb", "influxdb", "influx",
    "supabase", "neon", "turso", "planetscale", "cockroach", "cockroachdb", "timescale", "timescaledb",
    "database", "db", "sql",
})

# Redis/Valkey commands (first words); those not in _REDIS_HARMFUL read or write single keys
_REDIS = frozenset({
    "get", "mget", "getex", "getrange", "getdel", "set", "setnx", "setex", "psetex", "mset", "msetnx", "append",
    "incr", "incrby", "incrbyfloat", "decr", "decrby", "strlen", "substr", "lcs",
    "del", "unlink", "exists", "expire", "pexpire", "expireat", "pexpireat", "expiretime", "persist", "ttl", "pttl",
    "type", "keys", "scan", "randomkey", "rename", "renamenx", "copy", "move", "touch", "object", "dump", "restore",
    "hget", "hgetall", "hmget", "hset", "hsetnx", "hmset", "hdel", "hexists", "hkeys", "hvals", "hlen", "hscan",
    "hincrby", "hincrbyfloat", "hstrlen", "hrandfield",
    "lpush", "rpush", "lpushx", "rpushx", "lpop", "rpop", "lrange", "llen", "lindex", "lset", "lrem", "ltrim",
    "linsert", "lpos", "lmove", "blpop", "brpop", "rpoplpush",
    "sadd", "srem", "smembers", "sismember", "smismember", "scard", "spop", "srandmember", "sscan", "sinter",
    "sunion", "sdiff", "sinterstore", "sunionstore", "sdiffstore", "smove",
    "zadd", "zrem", "zrange", "zrevrange", "zrangebyscore", "zrevrangebyscore", "zrangebylex", "zscore", "zcard",
    "zcount", "zrank", "zrevrank", "zincrby", "zscan", "zpopmin", "zpopmax", "zmscore", "zremrangebyrank",
    "zremrangebyscore", "zremrangebylex",
    "xadd", "xrange", "xrevrange", "xlen", "xread", "xreadgroup", "xinfo", "xack", "xpending", "xgroup", "xtrim",
    "xdel", "xclaim", "xautoclaim",
    "pfadd", "pfcount", "pfmerge", "geoadd", "geodist", "geopos", "geosearch", "georadius", "bitcount", "bitpos",
    "getbit", "setbit", "bitfield",
    "ping", "echo", "info", "dbsize", "time", "lastsave", "role", "memory", "slowlog", "latency", "command",
    "client", "config", "select", "publish", "pubsub", "subscribe", "psubscribe", "wait", "multi", "exec",
    "discard", "watch", "unwatch", "hello", "auth", "monitor", "json.get", "json.set", "json.del", "json.mget",
    "ft.search", "ft.info", "ft._list", "ft.aggregate", "ts.get", "ts.range", "ts.add",
    # the ones judged below
    "flushall", "flushdb", "swapdb", "shutdown", "slaveof", "replicaof", "module", "debug", "migrate", "eval",
    "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro", "function", "script", "save", "bgsave",
    "bgrewriteaof", "acl", "cluster", "failover", "sync", "psync", "ft.dropindex", "ft.drop",
})
# memcached text protocol
_MEMCACHED = frozenset({"stats", "get", "gets", "gat", "gats", "set", "add", "replace", "append", "prepend", "cas",
                        "incr", "decr", "touch", "delete", "version", "verbosity", "flush_all", "mg", "ms", "md",
                        "ma", "mn", "lru_crawler", "slabs", "quit"})
# SQL / CQL / Cypher statement words (their destructive forms are sql.destructive's)
_SQL = frozenset({"select", "with", "show", "describe", "desc", "explain", "insert", "update", "delete", "create",
                  "alter", "drop", "truncate", "grant", "revoke", "begin", "commit", "rollback", "values", "table",
                  "pragma", "analyze", "vacuum", "copy", "call", "use", "set", "merge", "upsert", "replace", "match",
                  "optional", "return", "unwind", "load", "list", "count", "savepoint", "release", "refresh",
                  "reindex", "cluster", "listen", "notify", "prepare", "execute", "deallocate", "declare", "fetch",
                  "close", "lock", "comment", "attach", "detach", "export", "import", "summarize", "from"})
# Mongo shell / driver operations named bare (`find`, `aggregate`), or `db.…`
_MONGO = frozenset({"find", "findone", "aggregate", "count", "countdocuments", "distinct", "insertone",
                    "insertmany", "updateone", "updatemany", "deleteone", "deletemany", "replaceone", "drop",
                    "dropdatabase", "listcollections", "listdatabases", "show", "use", "db", "rs.status",
                    "sh.status", "createindex", "getindexes", "stats", "explain"})
_HTTP = frozenset({"get", "head", "post", "put", "patch", "delete"})

_FIRST_WORDS = _REDIS | _MEMCACHED | _SQL | _MONGO | _HTTP
# words of a script (mongosh JavaScript) that reach past the store: the text is code, not a query
_SCRIPT_WORDS = ("require", "process.", "child_process", "eval", "function", "=>", "load(", "runprogram",
                 "runmongoprogram", "import ", "import(", "fs.", "os.", "exec(", "spawn", "$where", "$function",
                 "$accumulator", "mapreduce", "globalthis", "constructor")


def _first(line: str) -> str:
    word = line.strip().split(None, 1)[0] if line.strip() else ""
    return word.lower().rstrip(";")


def _lines(text: str) -> list[str]:
    return [ln for ln in text[:_MAX_TEXT].replace("\r", "\n").split("\n") if ln.strip()][:_MAX_LINES]


def store_command(text: str) -> bool:
    """True when a text reads as a data store's commands, not a shell command line: every line
    starts with a command word of the stores' languages (`GET k`, `db.users.find()`, `SELECT 1`);
    a line with a URL (`GET https://…` is lwp-request in a shell), a shell-only start or a
    client's backslash meta-command (they run programs) does not."""
    try:
        if not isinstance(text, str) or not text.strip() or len(text) > _MAX_TEXT:
            return False
        if any(text[i + 1].isalpha() or text[i + 1] == "!" for i in range(len(text) - 1) if text[i] == "\\"):
            return False  # a client's meta-command (psql `\! cmd`, `\g |cmd`, `\o |cmd`, `\copy … program`)
        lowered = _without_lua(text).lower()
        if any(w in lowered for w in _SCRIPT_WORDS) and any(c in lowered for c in "(;="):
            return False  # mongosh JavaScript beyond a query (require, process, load(), runProgram, …)
        for line in _lines(text):
            first = _first(line)
            if "://" in line:
                return False
            if first.startswith("db.") or first.split("(", 1)[0] in _FIRST_WORDS:
                continue
            return False
        return True
    except Exception:  # noqa: BLE001 - attacker-shaped input: not a store command
        return False


def _quoted(text: str) -> tuple[str, str] | None:
    """(the literal, the rest) of a text starting with a quoted string, else None."""
    if not text or text[0] not in "'\"":
        return None
    quote, buf, i = text[0], [], 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            buf.append(text[i + 1])
            i += 2
            continue
        if ch == quote:
            return "".join(buf), text[i + 1:]
        buf.append(ch)
        i += 1
    return None


def _eval_script(line: str) -> str | None:
    """The Lua script of a Redis `EVAL "script" numkeys …` line, else None."""
    parts = line.strip().split(None, 1)
    if len(parts) < 2 or parts[0].lower() not in ("eval", "eval_ro"):
        return None
    found = _quoted(parts[1].strip())
    return found[0] if found else None


def _without_lua(text: str) -> str:
    """A text with the scripts of its EVAL lines blanked (they are Lua, judged by lua_commands)."""
    if "eval" not in text[:_MAX_TEXT].lower():
        return text
    out = []
    for line in text.split("\n")[:_MAX_LINES]:
        script = _eval_script(line)
        out.append("eval '' 0" if script is not None else line)
    return "\n".join(out)


_LUA_CALLS = ("redis.call", "redis.pcall", "server.call", "server.pcall")
# Lua that builds or loads code at run time: what it calls cannot be read from the text
_LUA_DYNAMIC = ("loadstring", "load(", "dofile", "loadfile", "getfenv", "setfenv", "_g[", "_g.", "rawget",
                "string.char", "string.reverse", "cjson.decode", "cmsgpack")


def _lua_code(text: str) -> str:
    """A Lua text with its string literals and comments blanked (what names the code uses)."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "-" and text.startswith("--", i):
            j = text.find("\n", i)
            i = n if j == -1 else j
            continue
        if ch == "[" and text.startswith("[[", i):
            j = text.find("]]", i + 2)
            i = n if j == -1 else j + 2
            out.append(" '' ")
            continue
        if ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append(" '' ")
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_LUA_API = frozenset({"call", "pcall", "log", "sha1hex", "status_reply", "error_reply", "log_warning", "log_notice",
                      "log_verbose", "log_debug"})


def _plain_redis_references(low: str) -> bool:
    """Every `redis` / `server` word of a script's code is a direct use of its API
    (`redis.call(`, `redis.log`): not the table passed around or indexed (`local r = redis;
    r.call(…)`, `redis['call']`), which would hide which commands run."""
    low = _lua_code(low)
    for name in ("redis", "server"):
        at = low.find(name)
        while at != -1:
            end = at + len(name)
            before = low[at - 1] if at else " "
            after = low[end] if end < len(low) else " "
            if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
                rest = low[end:].lstrip()
                if not rest.startswith("."):
                    return False
                member = rest[1:].lstrip()
                word = member[:len(member) - len(member.lstrip("abcdefghijklmnopqrstuvwxyz0123456789_"))]
                if word not in _LUA_API:
                    return False
            at = low.find(name, end)
    return True


def lua_commands(script: str) -> list[list[str]] | None:
    """The store commands a Redis Lua script calls (`redis.call('CONFIG', 'SET', 'dir', x)`:
    ["CONFIG", "SET", "dir", "<expr>"]; arguments that are not literals are "<expr>"), or None when
    a call's command is not a literal or the script builds code at run time. Bounded."""
    if not isinstance(script, str) or len(script) > _MAX_TEXT:
        return None
    low = script.lower()
    if any(d in low.replace(" ", "") for d in _LUA_DYNAMIC) or not _plain_redis_references(low):
        return None
    out: list[list[str]] = []
    i = 0
    while len(out) < 64:
        at = min((j for j in (low.find(c, i) for c in _LUA_CALLS) if j != -1), default=-1)
        if at == -1:
            return out
        j = low.find("(", at)
        if j == -1 or low[at:j].strip() not in _LUA_CALLS:
            return None  # redis.call without its argument list (a reference passed around)
        argv: list[str] = []
        rest = script[j + 1:]
        while True:
            rest = rest.lstrip()
            literal = _quoted(rest)
            if literal is not None:
                argv.append(literal[0])
                rest = literal[1]
            else:
                end = min((k for k in (rest.find(","), rest.find(")")) if k != -1), default=-1)
                if end == -1:
                    return None
                token = rest[:end].strip()
                if not argv or "(" in token:
                    return None  # the command itself computed, or a call nested inside an argument
                argv.append(token if token.replace(".", "").replace("-", "").isdigit() else "<expr>")
                rest = rest[end:]
            rest = rest.lstrip()
            if rest.startswith(","):
                rest = rest[1:]
                continue
            if rest.startswith(")"):
                break
            return None
        out.append(argv)
        i = len(script) - len(rest) + 1
    return None


def lua_destructive(script: str) -> dict | None:
    """{"kind", "statement"} of a Lua script's worst store command, judged like the same command
    sent directly (`redis.call('FLUSHALL')` is FLUSHALL); a script whose calls cannot be read
    is the server running unknown code ("server_code"); else None."""
    calls = lua_commands(script)
    if calls is None:
        return {"kind": "server_code", "statement": "runs a Lua script whose commands cannot be read from its text"}
    worst = None
    low = script.lower()
    loop = any(w in low for w in ("for ", "while ", "repeat"))
    for argv in calls:
        found = _judge(argv[0].lower(), argv[1].lower() if len(argv) > 1 else "", argv)
        if not found and loop and argv[0].lower() in ("del", "unlink", "hdel", "json.del", "xdel", "srem", "zrem"):
            found = True  # a delete in a loop: many keys at once
        shown = " ".join(argv[:6])[:200]
        if found == "admin":
            return {"kind": "server_code", "statement": f"reconfigures the server, hands it to another or runs a script in it (`{shown}` in a Lua script)"}
        if found and worst is None:
            worst = {"kind": "document", "statement": f"{shown} (in a Lua script)"}
    return worst


def destructive(text: str) -> dict | None:
    """{"kind", "statement"} of the first store command of a text that destroys data or
    reconfigures/takes over the server, else None (SQL and Mongo: see sql.destructive)."""
    try:
        for line in _lines(text):
            words = line.split()
            if not words:
                continue
            first = words[0].lower()
            sub = words[1].lower() if len(words) > 1 else ""
            script = _eval_script(line) if first in ("eval", "eval_ro") else None
            if script is not None:
                found_lua = lua_destructive(script)
                if found_lua:
                    return found_lua
                continue  # a script whose commands are judged and harmless
            found = _judge(first, sub, words)
            shown = " ".join(words[:6])[:200]
            if found == "admin":
                return {"kind": "server_code", "statement": f"reconfigures the server, hands it to another or runs a script in it (`{shown}`)"}
            if found:
                return {"kind": "document", "statement": shown}
        return None
    except Exception:  # noqa: BLE001
        return None


def _judge(first: str, sub: str, words: list[str]) -> str | bool:
    """"admin" (the server reconfigured, taken over or given code), True (data destroyed), False."""
    if first in ("flushall", "flushdb", "flush_all", "swapdb", "ft.dropindex", "ft.drop"):
        return True
    if first in ("shutdown", "debug", "migrate", "failover", "sync", "psync", "bgrewriteaof"):
        return "admin"
    if first in ("slaveof", "replicaof"):
        return "admin" if " ".join(w.lower() for w in words[1:3]) != "no one" else False
    # CONFIG SET dir / dbfilename (+ SAVE: a file written where the attacker says), any CONFIG
    # SET/REWRITE/RESETSTAT changes the server
    if first == "config" and sub in ("set", "rewrite", "resetstat"):
        return "admin"
    if first == "module" and sub in ("load", "loadex", "unload"):
        return "admin"
    if first in ("eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro"):
        return "admin"  # a Lua script: it can call any command
    if first in ("function", "script") and sub in ("load", "restore"):
        return "admin"
    if first in ("function", "script") and sub in ("flush", "delete", "kill"):
        return True
    if first == "acl" and sub in ("setuser", "deluser", "load", "save"):
        return "admin"
    if first == "cluster" and sub in ("reset", "forget", "flushslots", "delslots", "failover"):
        return "admin"
    if first == "client" and sub == "kill":
        return "admin"
    if first in ("del", "unlink", "hdel", "json.del", "xdel", "srem", "zrem") and (
            len(words) > 3 or any(c in w for w in words[1:] for c in "*?[")):
        return True  # many keys at once, or a pattern
    # an HTTP DELETE of an index/alias (a search store), or a delete-by-query
    if first == "delete" and sub.startswith("/"):
        return True
    return first in ("post", "put") and any(s in sub for s in ("_delete_by_query", "_flush", "_close", "_shrink"))
