"""Shell facts: what a Bash command line would actually run, for policies to match on.

A small hand-written lexer/parser for the POSIX sh / bash subset that matters for
security decisions (GPL parsers such as bashlex are not an option). It is deliberately
conservative: whatever it cannot resolve is marked `opaque`, and policies treat opaque
as "could be anything". Mentions inside quoted arguments stay data.

Output (plain JSON data): `segments`, one per simple command found, flattened in
source order with nested ones (subshells, `$(…)`, backticks, process substitution,
`bash -c` payloads, `eval`, `xargs`, `find -exec`), each with the argv after quote
removal and wrapper stripping (`sudo`, `env`, `timeout`, `nice`, …). Never raises.
Hot path: standard library only.

The package: `parser` (the `_Parser` class, whose methods live in `lexer`, `commands`,
`routes`, `stdin` and `code`), helpers (`words`, `wrappers`, `programs`, `tables`), and
`views` (`annotate`, the per-segment views). docs/architecture.md has the charters.
"""

from __future__ import annotations

from operator import itemgetter

from .code import below_project
from .parser import _Parser
from .views import annotate, filter_positions

__all__ = ["annotate", "filter_positions", "parse_command"]


def _flatten(nodes: list, parent: int | None, out: list) -> None:
    for node in nodes:
        children = node.pop("children")
        node["id"] = len(out)
        node["parent"] = parent if node["context"] not in ("top", "subshell", "group", "function_body") else None
        out.append(node)
        _flatten(children, node["id"], out)


def _without_unused_bodies(nodes: list, unexpanded: set, dropped: set) -> list:
    """A function body as read where it is defined, without its arguments (`run() { "$@"; }`):
    dropped when every call of the function was read with its arguments (or there is none),
    since then those readings are what runs; kept when any call was not (a quoted name, a
    recursive call, one too deep), and the reasons only the dropped nodes gave go too."""
    out = []
    for node in nodes:
        name = node.get("_function")
        if name and name not in unexpanded:
            _reasons_of(node, dropped)
            continue
        node["children"] = _without_unused_bodies(node["children"], unexpanded, dropped)
        out.append(node)
    return out


def _reasons_of(node: dict, into: set) -> None:
    into.update(node["opaque_reasons"])
    for child in node["children"]:
        _reasons_of(child, into)


_KEYS = ("id", "parent", "context", "depth", "pipeline", "operator", "argv", "command", "args",
         "raw_words", "wrappers", "assignments", "redirects", "opaque", "opaque_reasons")
_key_values = itemgetter(*_KEYS)


def _depth_below(cwd: str | None, project: str | None) -> int:
    """How many directories `cwd` is below `project` (0 when it is not below it)."""
    rest = below_project(cwd, project) if cwd else None
    return rest.count("/") + 1 if rest else 0


def parse_command(command: str, *, max_depth: int = 8, max_length: int = 65536, project: str | None = None,
                  cwd: str | None = None) -> dict:
    """Parse one Bash command line into segments (see module docstring). Never raises.
    `project`: the project directory, whose absolute paths name the user's own code; `cwd`:
    where the command starts (a relative `../x` stays the project's while it climbs no
    higher than the project directory)."""
    try:
        if not isinstance(command, str):
            return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"], "error": "not a string"}
        parser = _Parser(command[:max_length], max_depth, project)
        parser.start_depth = _depth_below(cwd, project)
        if len(command) > max_length:
            parser.note("too_long")
        nodes, _ = parser.sequence(0, 0, "top", None)
        parser.run_deferred(final=True)
        parser.run_traps(nodes)
        dropped: set[str] = set()
        nodes = _without_unused_bodies(nodes, parser.unexpanded, dropped)
        flat: list = []
        _flatten(nodes, None, flat)
        segments = []
        for node in flat:
            segment = dict(zip(_KEYS, _key_values(node), strict=False))  # (in _KEYS' order; same length)
            if "config_exec" in node:
                segment["config_exec"] = node["config_exec"]
            for extra in ("stdin_literal", "manifest_literal", "restart_policy", "conditional"):
                if extra in node:
                    segment[extra] = node[extra]
            if "resolved_argv" in node:
                segment["resolved_argv"] = node["resolved_argv"]
                segment["resolved_command"] = node["resolved_command"]
            segments.append(segment)
        if "CDPATH" in command or "CD" in command and "PATH" in command:
            _cdpath_unknown(segments, command)
        _mark_detached(segments, command)
        kept = {r for node in flat for r in node["opaque_reasons"]}
        reasons = [r for r in parser.reasons if r not in dropped or r in kept]
        return {"segments": segments, "opaque": bool(reasons), "opaque_reasons": reasons,
                "error": parser.error}
    except Exception as exc:  # noqa: BLE001 — a parser bug must read as "could be anything"
        return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"],
                "error": f"internal parser error: {type(exc).__name__}"}


# ------------------------------------------------------------ cd through CDPATH
# With CDPATH named in the command (`CDPATH=/home; cd dev`, `export CDPATH=/`), a `cd` to a
# plain relative name searches CDPATH's directories first: where it lands cannot be told, so
# its operand reads as `$CDPATH/NAME` (the pack treats the directory as unknown, as for
# `cd "$X"`). Names starting with `.`, `/`, `~` or `-` never search CDPATH.


def _cdpath_unknown(segments: list[dict], command: str) -> None:
    # any mention once quotes and backslashes are gone (`printf -v CDPATH`, `read CDPATH`,
    # `export CD""PATH=/`, `{CDPATH,X}=`, inside `bash -c`): set by some route the parser does not
    # follow, so every relative cd is unknown (session 31 review)
    if "CDPATH" not in command.replace('"', "").replace("'", "").replace("\\", ""):
        return
    for seg in segments:
        if seg.get("command") in ("cd", "pushd"):
            args = seg.get("args") or []
            for k, a in enumerate(args):
                if isinstance(a, str) and not a.startswith("-"):
                    if a and not a.startswith((".", "/", "~", "$")):
                        args[k] = "$CDPATH/" + a
                        seg["argv"] = [seg["argv"][0]] + list(args)
                    break


# ------------------------------------------------------------ processes that outlive the session
# A process started so that it keeps running after the session (and its review) ends:
# setsid, nohup, daemonize (wrappers), `… & disown`, a detached tmux/screen session,
# start-stop-daemon --background, pm2/forever start. Such segments (and everything they
# run) carry `detached`: {"by": how, "loop": the payload is a loop (a keep-alive),
# "untrusted": words naming a program or script in a temp or download directory or with a
# hidden name}. The pack asks on a detached loop or untrusted program (persistence);
# `nohup npm run dev > dev.log 2>&1 &` stays an ordinary background job.
_DETACH_WRAPPERS = frozenset({"nohup", "setsid", "daemonize", "disown"})
_LOOP = None
_TEMP_PREFIXES = ("/tmp/", "/var/tmp/", "/dev/shm/", "/run/user/", "~/downloads/", "$home/downloads/",
                  "${home}/downloads/", "/private/tmp/")


def _loop_in(text: str) -> bool:
    global _LOOP
    if _LOOP is None:
        import re
        _LOOP = re.compile(r"(?:^|[\s;&|({])(?:while|until)\s|(?:^|[\s;&|({])for\s*(?:\(\(|\w+\s+in\s)"
                           r"|setinterval\s*\(|while\s*\(\s*(?:true|1)\s*\)")
    return bool(_LOOP.search(text[:16384].lower()))


# a program kept in a hidden directory of a home (`~/.cache/u`, `/home/dev/.config/x/run`),
# not one of the toolchains' own bin directories (`~/.local/bin`, `~/.cargo/bin`, `~/.nvm/…`)
_HOME_PREFIXES = ("~/", "$home/", "${home}/", "/home/", "/root/", "/users/")
_TOOL_HOMES = (".local/bin/", ".cargo/bin/", ".nvm/", ".pyenv/", ".rbenv/", ".asdf/", ".volta/", ".bun/bin/",
               ".deno/bin/", ".sdkman/", ".rustup/", ".go/bin/", ".local/share/mise/", ".local/share/pnpm/",
               ".npm-global/bin/", ".dotnet/", ".juliaup/", ".ghcup/bin/", ".nix-profile/bin/", ".opam/",
               ".gem/", ".local/pipx/", ".venv/", ".virtualenvs/", ".conda/", ".pixi/bin/", ".elan/bin/")


def _home_hidden(low: str) -> bool:
    if not low.startswith(_HOME_PREFIXES) or "/." not in low:
        return False
    head = 3 if low.startswith(("/home/", "/users/")) else 1  # past /home/USER/ or ~/, /root/
    parts = low.split("/")[head + (1 if low.startswith("/root/") else 0):]
    return len(parts) > 1 and parts[0].startswith(".") and parts[0] not in (".", "..") and \
        not "/".join(parts).startswith(_TOOL_HOMES)


def _untrusted_words(argv: list) -> list[str]:
    out = []
    for word in argv[:32]:
        if not isinstance(word, str) or "/" not in word or "://" in word or any(c.isspace() for c in word):
            continue
        low = word.lower()
        name = low.rstrip("/").rsplit("/", 1)[-1]
        if low.startswith(_TEMP_PREFIXES) or (name.startswith(".") and name not in (".", "..")) \
                or "/../" in low or low.startswith("../") or _home_hidden(low):
            out.append(word)
    return out


def _detacher(seg: dict, segments: list) -> str | None:
    for w in seg.get("wrappers") or []:
        base = w.rsplit("/", 1)[-1].lower() if isinstance(w, str) else ""
        if base in _DETACH_WRAPPERS:
            return base
    parent = segments[seg["parent"]] if isinstance(seg.get("parent"), int) else None
    if parent is None:
        return None
    pcmd, pargs = (parent.get("command") or "").lower(), [a for a in parent.get("args") or [] if isinstance(a, str)]
    if seg.get("context") == "multiplexer":
        if pcmd in ("tmux", "byobu", "byobu-tmux") and ("-d" in pargs or any(
                a in ("run-shell", "run", "new-window", "neww", "split-window", "splitw") for a in pargs)):
            return "tmux -d"
        if pcmd in ("screen", "byobu-screen"):
            flags = "".join(a[1:] for a in pargs if a.startswith("-") and not a.startswith("--"))
            if "d" in flags and "m" in flags:
                return "screen -dm"
    if seg.get("context") == "detached_run":
        return pcmd
    if pcmd == "start-stop-daemon" and any(a in ("-b", "--background") for a in pargs):
        return "start-stop-daemon --background"
    return None


def _mark_detached(segments: list, command: str) -> None:
    disown = next((s["id"] for s in segments if s.get("command") == "disown" and s.get("parent") is None), None)
    for seg in segments:
        parent = segments[seg["parent"]] if isinstance(seg.get("parent"), int) else None
        inherited = parent.get("detached") if parent is not None else None
        how = _detacher(seg, segments)
        if how is None and disown is not None and seg["id"] < disown and seg.get("parent") is None:
            how = "disown"
        if how is None and inherited is None:
            continue
        if how is None and inherited is not None:
            seg["detached"] = {"by": inherited["by"], "loop": inherited["loop"],
                               "untrusted": _untrusted_words(seg.get("argv") or [])}
            continue
        if how is None:
            continue
        text = command if how == "disown" else " ".join(
            w for w in (parent or seg).get("raw_words") or [] if isinstance(w, str))
        seg["detached"] = {"by": how, "loop": _loop_in(text) or bool(inherited and inherited["loop"]),
                           "untrusted": _untrusted_words(seg.get("argv") or [])}
