"""Shell facts: per-segment views added to the query document (families, filters, declarations)."""

from __future__ import annotations

from .words import _identifiers
from .wrappers import _basename

# The program families the Rego helpers use (lib/shell.rego `_families`), kept equal.
_VIEW_FAMILIES = {
    "sh": "shell", "bash": "shell", "rbash": "shell", "zsh": "shell", "dash": "shell", "ksh": "shell",
    "mksh": "shell", "ash": "shell", "yash": "shell", "posh": "shell", "fish": "shell", "csh": "shell",
    "tcsh": "shell", "python": "python", "pypy": "python", "perl": "perl", "ruby": "ruby", "irb": "ruby",
    "node": "node", "nodejs": "node", "deno": "node", "bun": "node", "tsx": "node", "ts-node": "node",
    "php": "php", "lua": "lua", "luajit": "lua", "osascript": "osascript", "pwsh": "pwsh",
    "powershell": "pwsh", "tclsh": "tcl", "wish": "tcl", "source": "source", ".": "source", "eval": "source",
}
_DECLARERS = frozenset({"export", "declare", "local", "readonly", "typeset"})


def _view_family(name: str) -> str:
    family = _VIEW_FAMILIES.get(name)
    if family is not None:
        return family
    if name and name[-1].isdigit() and name[0].isalpha():
        base = name.rstrip("0123456789.")
        if base.isalpha() and _VIEW_FAMILIES.get(base) in ("python", "perl", "ruby", "php", "lua", "tcl"):
            return _VIEW_FAMILIES[base]
    return ""


def _leading_ref(word: str) -> tuple[str, str] | None:
    """($NAME or ${NAME} or $1 at the start of word) -> (ref text, name)."""
    if len(word) < 2 or word[0] != "$":
        return None
    if word[1] == "{":
        end = word.find("}")
        name = word[2:end] if end > 0 else ""
        if name and (name[0].isalpha() or name[0] == "_") and all(c.isalnum() or c == "_" for c in name):
            return word[:end + 1], name
        return None
    if word[1].isdigit():
        return word[:2], word[1]
    k = 1
    while k < len(word) and (word[k].isalnum() or word[k] == "_"):
        k += 1
    if k > 1 and (word[1].isalpha() or word[1] == "_"):
        return word[:k], word[1:k]
    return None


# Options whose value is a pattern or filter naming what NOT to touch (git clean -e .env,
# rsync --exclude .env, tar --exclude=.env, grep --exclude=.env, zip -x .env, find -not
# -name .env): the value names files but accesses none. Options reading a list FROM a file
# (tar -X, rsync --exclude-from) are not here: their value is a file that is read.
_FILTER_OPTS = {
    "git": {"-e", "--exclude"}, "rsync": {"--exclude", "--filter", "-f"}, "tar": {"--exclude"},
    "bsdtar": {"--exclude"}, "gtar": {"--exclude"}, "grep": {"--exclude", "--exclude-dir"},
    "egrep": {"--exclude", "--exclude-dir"}, "fgrep": {"--exclude", "--exclude-dir"},
    "zip": {"-x", "--exclude"}, "7z": {"-x", "-xr"}, "7za": {"-x", "-xr"}, "rg": set(), "fd": {"-E", "--exclude"},
    "du": {"--exclude"}, "cp": set(), "tree": {"-I"}, "ls": {"-I", "--ignore", "--hide"},
}
_FILTER_NAMES = frozenset(_FILTER_OPTS) | {"find", "rg", "ag"}
_FIND_NAME_TESTS = {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex"}


def filter_positions(name: str, args: list) -> list[int]:
    """Indices of the arguments that are exclusion patterns (see _FILTER_OPTS), never a path
    the command reads or writes. Never raises."""
    out: list[int] = []
    try:
        name = _basename(name or "").lower()
        if name not in _FILTER_NAMES:
            return out  # no filter options, no find tests, no rg/ag globs
        if name == "git" and "clean" not in args[:3] and "ls-files" not in args[:3]:
            return out
        opts = _FILTER_OPTS.get(name)
        zip_list = False
        for i, arg in enumerate(args):
            if not isinstance(arg, str):
                continue
            prev = args[i - 1] if i > 0 and isinstance(args[i - 1], str) else ""
            if name == "find":
                before = args[i - 2] if i > 1 and isinstance(args[i - 2], str) else ""
                if prev in _FIND_NAME_TESTS and before in ("-not", "!"):
                    out.append(i)
                continue
            if name in ("rg", "ag") and prev in ("-g", "--glob", "--iglob") and arg.startswith("!"):
                out.append(i)
                continue
            if not opts:
                continue
            if name == "zip" and zip_list and not arg.startswith("-"):
                out.append(i)  # zip -x a b c: every word after -x up to the next option
                continue
            zip_list = False
            if prev in opts:
                out.append(i)
                zip_list = name == "zip"
            elif arg.startswith("-") and "=" in arg and arg.split("=", 1)[0] in opts or name in ("7z", "7za") and arg.startswith(("-x!", "-xr!")):
                out.append(i)
    except Exception:  # noqa: BLE001
        return []
    return out


_FORGETTERS = frozenset({"read", "mapfile", "readarray", "printf", "getopts", "let", "unset"})


def _assigned_by(name: str, args: list) -> list[str]:
    """The variable names a builtin may assign (over-approximated: every operand word)."""
    words = [a for a in args if isinstance(a, str)]
    if name == "printf":
        return [words[1]] if words[:1] == ["-v"] and len(words) > 1 else [w[2:] for w in words[:1] if w.startswith("-v")]
    out = [name for w in words for name in _identifiers(w)]
    return out + (["REPLY"] if name == "read" else ["MAPFILE"] if name in ("mapfile", "readarray") else [])


def _assigns_names(seg) -> list[str]:
    """The names a segment assigns as lib/shell's _assigns reads them (NAME=… alone, or
    an argument NAME=… of export/declare/local/readonly/typeset)."""
    if not isinstance(seg, dict):
        return []
    if seg.get("command") == "" and isinstance(seg.get("assignments"), dict):
        return [k for k, v in seg["assignments"].items() if isinstance(v, str)]
    if str(seg.get("command", "")).lower() in _DECLARERS:
        return [a.partition("=")[0] for a in seg.get("args") or [] if isinstance(a, str) and "=" in a]
    return []


def _certain(seg: dict) -> bool:
    """A segment that surely runs when the command does (see lib/shell's _certain_assignment)."""
    return seg.get("context") == "top" and seg.get("operator") not in ("&&", "||") and not seg.get("conditional")


def annotate(shell: dict, home: str | None) -> None:
    """Add what the Rego helpers would otherwise compute per segment and per policy:
    `name` (the program, lowercased, after a resolved variable and busybox), `args_raw`,
    `args_expanded` (a leading $HOME/$USER/$VAR/$1 known in the command expanded), `family`,
    and `shell.by_name` ({program: [segment ids]}) so rules look segments up by program.
    Same semantics as lib/shell.rego's fallbacks; never raises."""
    try:
        segments = shell.get("segments") if isinstance(shell, dict) else None
        if not isinstance(segments, list):
            return
        home = home if isinstance(home, str) and home else None
        user = home.rstrip("/").rsplit("/", 1)[-1] if home else None
        assigned: dict[str, str] = {}
        by_name: dict[str, list[int]] = {}
        # a name is known only where one segment of the command assigns it, surely (at the
        # top level, not after && or ||, not in an if/case/loop/function body): as lib/shell
        defined: dict[str, int] = {}
        for seg in segments:
            if isinstance(seg, dict) and (seg.get("command") == "" or seg.get("args")):  # (else none: see _assigns_names)
                for k in _assigns_names(seg):
                    defined[k] = defined.get(k, 0) + 1

        def value_of(name: str, seg: dict):
            if name == "HOME" and home:
                return home
            if name in ("USER", "LOGNAME") and user:
                return user
            if name in assigned:
                return assigned[name]
            if name.isdigit() and seg.get("context") == "shell_c" and isinstance(seg.get("parent"), int):
                parent = segments[seg["parent"]]
                pargs = parent.get("args") or []
                for i, flag in enumerate(pargs):
                    if len(flag) > 1 and flag[0] == "-" and "c" in flag[1:] and flag[1:].isalpha():
                        k = i + 2 + int(name)
                        return pargs[k] if k < len(pargs) else None
            return None

        def expand(word: str, seg: dict) -> str:
            ref = _leading_ref(word) if isinstance(word, str) and word.startswith("$") else None
            if ref is None:
                return word
            value = value_of(ref[1], seg)
            return word if value is None else value + word[len(ref[0]):]

        for index, seg in enumerate(segments):
            if not isinstance(seg, dict) or seg.get("id") != index:
                return  # not the parser's own output: the Rego fallbacks apply
            get = seg.get
            resolved_command = get("resolved_command")
            command = resolved_command or get("command") or ""
            resolved = get("resolved_argv")
            seg_args = get("args")
            args0 = list(resolved[1:]) if isinstance(resolved, list) and resolved else list(seg_args or [])
            if not resolved_command and command.startswith("$"):
                command = expand(command, seg)
            name = _basename(command).lower()
            if name in ("busybox", "toybox") and args0:
                name, args0 = _basename(args0[0]).lower(), args0[1:]
            seg["name"] = name
            if args0 != seg_args:
                seg["args_raw"] = args0  # omitted when equal to args (a smaller input to parse)
            expanded = args0
            for a in args0:
                if isinstance(a, str) and a.startswith("$"):
                    expanded = [expand(a, seg) for a in args0]
                    break
            if expanded is not args0 and expanded != args0:
                seg["args_expanded"] = expanded
            seg["family"] = _view_family(name)
            if name in _FILTER_NAMES:  # (filter_positions finds none for another name)
                filters = filter_positions(name, args0)
                if filters:
                    seg["filters"] = filters
            ids = by_name.get(name)
            if ids is None:
                by_name[name] = [index]
            else:
                ids.append(index)
            # assignments this segment makes, visible to later segments
            if name in _FORGETTERS:
                # read, mapfile, printf -v, getopts, let, unset: the parser resolved what it
                # could; an earlier value of these names is no longer theirs
                for k in _assigned_by(name, seg_args or []):
                    assigned.pop(k, None)
            seg_command = get("command")
            if seg_command == "" and isinstance(get("assignments"), dict):
                certain = _certain(seg)
                assigned.update({k: v for k, v in seg["assignments"].items()
                                 if isinstance(v, str) and certain and defined.get(k) == 1})
            elif str(get("command", "")).lower() in _DECLARERS:
                certain = _certain(seg)
                flags = [a for a in seg_args or [] if isinstance(a, str) and a.startswith("-")]
                nameref = any("n" in f[1:] for f in flags if not f.startswith("--"))
                for a in seg_args or []:
                    if isinstance(a, str) and "=" in a:
                        k, _, v = a.partition("=")
                        if nameref and v.replace("_", "a").isalnum() and not v[:1].isdigit():
                            # declare -n r=HOME: $r is $HOME
                            v = value_of(v, seg) if value_of(v, seg) is not None else "${" + v + "}"
                        if certain and defined.get(k) == 1:
                            assigned[k] = v
                        else:
                            assigned.pop(k, None)
        seg_index: dict = {"redirects": [], "assignments": [], "wrappers": [], "config_exec": [], "opaque": [],
                       "dollar": [], "dollar_anywhere": [], "contexts": {}, "cd": False}
        pieces_index: dict[str, list[int]] = {}  # argument pieces (f=@.env → f=@.env, f, .env) → segment ids
        args_index: dict[str, list[int]] = {}  # every argument (as rules see it, expanded) → segment ids
        for seg in segments:
            i = seg["id"]
            get = seg.get
            for key in ("redirects", "assignments", "wrappers", "config_exec"):
                if get(key):
                    seg_index[key].append(i)
            if get("opaque"):
                seg_index["opaque"].append(i)
            raw = seg["args_raw"] if "args_raw" in seg else get("args") or []
            dollar_anywhere = dollar_first = False
            for a in raw:
                if isinstance(a, str) and "$" in a:
                    dollar_anywhere = True
                    if a[0] == "$":
                        dollar_first = True
                        break
            if dollar_first:
                seg_index["dollar"].append(i)
            if dollar_anywhere:
                seg_index["dollar_anywhere"].append(i)
            context = get("context")
            if context != "top":
                seg_index["contexts"].setdefault(context, []).append(i)
            if seg["name"] in ("cd", "pushd"):
                seg_index["cd"] = True
            seg_filters = get("filters") or ()
            for position, arg in enumerate(seg.get("args_expanded", raw)):
                if not isinstance(arg, str):
                    continue
                ids = args_index.get(arg)
                if ids is None:
                    args_index[arg] = [i]
                elif ids[-1] != i:
                    ids.append(i)
                if (seg_filters and position in seg_filters) or (arg.startswith("-") and "=" not in arg) or "://" in arg:
                    continue
                if "=" in arg or ":" in arg or "@" in arg or "," in arg:
                    pieces = [arg] + arg.replace(":", "=").replace("@", "=").replace(",", "=").split("=")
                    for piece in pieces:
                        if piece:
                            ids = pieces_index.get(piece)
                            if ids is None:
                                pieces_index[piece] = [i]
                            elif ids[-1] != i:
                                ids.append(i)
                elif arg:  # the one piece: the argument
                    ids = pieces_index.get(arg)
                    if ids is None:
                        pieces_index[arg] = [i]
                    elif ids[-1] != i:
                        ids.append(i)
        seg_index["pieces"] = pieces_index
        # pieces secrets_access must look at: a path (with a /) or a name that may be a
        # secret's (a necessary condition of its _candidate, see paths.maybe_secret_name)
        from ..paths import maybe_secret_name

        seg_index["maybe_secret_pieces"] = [piece for piece in pieces_index
                                        if "/" in piece or maybe_secret_name(piece)]
        seg_index["args"] = args_index
        shell["by_name"] = by_name
        shell["index"] = seg_index
    except Exception:  # noqa: BLE001 — the views are an optimisation: the Rego fallbacks apply
        if isinstance(shell, dict):
            shell.pop("by_name", None)
            shell.pop("index", None)
