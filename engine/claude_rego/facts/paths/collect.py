"""Path facts: the paths of one tool call (tool input and shell words), links, secrets, the index."""

from __future__ import annotations

import itertools
from functools import lru_cache

from ..lazy_re import lazy
from .effects import tool_effects
from .lexical import HOST_FLAVOUR, _alias, _collapse, _join, _key, _render, _under, fold
from .resolve import _Context, _facts

TYPE_CHECKING = False  # typing costs ~10 ms of import time on every hook call
if TYPE_CHECKING:
    from .lexical import Resolver


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
    from ..shell import filter_positions  # exclusion patterns (git clean -e .env) are no paths

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
            command = str(seg.get("command") or "")
            filters = filter_positions(command, args) + _pattern_positions(command, args)
        for k, arg in enumerate(args if isinstance(args, list) else ()):
            if not isinstance(arg, str) or k in filters:
                continue
            inner = _embedded_path(arg)
            if inner is not None and looks_like_path(inner, flavour):
                yield "argument", "argv_embedded", inner, seg_id
            if looks_like_path(arg, flavour) or link_names and (arg in link_names or arg.split("/", 1)[0] in link_names):
                yield "argument", "argv", arg, seg_id
        if seg.get("command") in ("ln", "link", "cp", "mv", "mount", "bindfs", "sshfs") and isinstance(args, list):
            ops = [a for a in args if isinstance(a, str) and not a.startswith("-")]
            if len(ops) >= 2:
                link_names.add(ops[-1].rstrip("/"))
            elif ops and seg.get("command") == "ln":
                link_names.add(ops[0].rstrip("/").rsplit("/", 1)[-1])


# options whose value is a regular expression or a match pattern, not a file:
# cosign --certificate-identity-regexp '.*', grep -e '.*', --regex, --pattern, --match
_PATTERN_OPTION_SUFFIXES = ("-regexp", "-regex", "-re", "-pattern", "-match", "-filter")
_PATTERN_OPTIONS = frozenset({"--regex", "--pattern", "--match", "--grep", "-regex", "-iregex"})
_GREP_PATTERN_OPTIONS = frozenset({"-e", "--regexp"})  # of grep-like programs only (node -e runs code)
# programs whose first operand (without -e/-f) is a pattern, not a file
_PATTERN_FIRST = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ack", "zgrep", "pgrep", "pkill"})
_FILE_FIND_OPTIONS = frozenset({"-regex", "-iregex"})  # find's file-name regexes select files


# test runners' name filters: go test -run '.*', pytest -k, jest/vitest -t
_PROGRAM_PATTERN_OPTIONS = {"go": frozenset({"-run", "-bench", "-skip"}), "pytest": frozenset({"-k"}),
                            "jest": frozenset({"-t"}), "vitest": frozenset({"-t"})}


# options whose value names what a program leaves out (a pattern or a path it does not read);
# not `--exclude-from FILE` / `--ignore-file FILE` / eslint's `--ignore-path FILE`, which read
# FILE, nor boolean flags such as `--ignore-case`
_EXCLUSION_OPTIONS = frozenset({
    "--exclude", "--exclude-dir", "--exclude-dirs", "--exclude-glob", "--exclude-paths", "--extend-exclude",
    "--ignore", "--ignore-glob", "--ignore-dir", "--ignore-dirs", "--ignore-paths", "--ignore-pattern",
    "--ignore-patterns", "--skip-dirs", "--skip-files", "--omit", "--deselect",
})


@lru_cache(maxsize=1024)  # (a pure test of two words, asked for every option of every segment)
def _pattern_option(option: str, program: str) -> bool:
    name = option.split("=", 1)[0]
    if name in _GREP_PATTERN_OPTIONS:
        return program in _PATTERN_FIRST
    if name in _PROGRAM_PATTERN_OPTIONS.get(program, ()):
        return True
    lowered = name.lower()
    if lowered in _EXCLUSION_OPTIONS:
        return True  # mypy --exclude 'src/legacy/.*', pytest --ignore=tests/.*: what is not read
    if any(w in lowered for w in ("include", "file", "path", "glob", "dir")):
        return False  # --include-pattern '.env*' selects the files a program reads
    return name in _PATTERN_OPTIONS or (name.startswith("--") and (
        name.endswith(_PATTERN_OPTION_SUFFIXES) or lowered.endswith(("regexp", "regex", "pattern"))))


def _pattern_positions(command: str, args: list) -> list[int]:
    """Positions of arguments that are regexes or patterns (an option's value, grep's first
    operand): `.*` there names no file, so it is not a glob over dotfiles."""
    out: list[int] = []
    name = command.rsplit("/", 1)[-1]
    if name not in _PATTERN_FIRST:
        for arg in args:
            if isinstance(arg, str) and arg.startswith("-"):
                break
        else:
            return out  # no option (every test below needs one) and no pattern operand
    pattern_given = False
    prev: object = None
    for k, arg in enumerate(args):
        before, prev = prev, arg
        if not isinstance(arg, str):
            continue
        # an option is a word starting with "-" (_pattern_option is False for any other)
        if (k and isinstance(before, str) and before.startswith("-") and "=" not in before
                and _pattern_option(before, name)):
            if not (name == "find" and before in _FILE_FIND_OPTIONS):
                out.append(k)
                pattern_given = pattern_given or before in ("-e", "--regexp")
            continue
        if arg.startswith("-") and (arg in ("-e", "--regexp", "-f", "--file") or arg.startswith(("--regexp=", "--file="))):
            pattern_given = True
        if arg.startswith("--") and "=" in arg and _pattern_option(arg, name):
            out.append(k)  # `--header-filter=.*`, `--regex=^a.*`: the value is a pattern
    if name in _PATTERN_FIRST and not pattern_given:
        skip_value = False
        for k, arg in enumerate(args):
            if not isinstance(arg, str) or k in out:
                continue
            if skip_value:
                skip_value = False
                continue
            if arg == "--":
                rest = [j for j in range(k + 1, len(args))]
                if rest:
                    out.append(rest[0])
                break
            if arg.startswith("-"):
                skip_value = arg in ("-m", "-A", "-B", "-C", "--max-count", "-g", "--glob", "-t", "--type", "--include",
                                     "--exclude", "-d", "-D", "--color", "--colour")
                continue
            out.append(k)
            break
    return out


def _embedded_path(arg: str) -> str | None:
    """@file (curl -d @f), name=@file / name=<file (curl -F), --opt=FILE."""
    if arg.startswith("@") and len(arg) > 1:
        return arg[1:]
    if "=" not in arg:
        return None  # every other form has an "="
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


_UNKNOWN_TEXT = ("$", "`", "…")


def _relative(raw: str) -> bool:
    return not raw.startswith(("/", "~"))


def _command_links(shell: dict | None, ctx: _Context, cwds: dict | None = None) -> list:
    """(segment id, link, target) for links made by ln / cp -s (and moved by mv) in the command.

    Relative link names and targets are read from the directory the segment runs in (after
    the command's own `cd`/`pushd`, as lib/shell.rego's cwd_at reads them, also through a
    link made earlier); `cwds`, when given, receives that directory per segment id (None:
    a cd to somewhere that cannot be told — `cd "$X"`, `cd -`, after `popd`). A link whose
    relative name or target needs an unknown directory is not recorded (the policies ask)."""
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list) or ctx.flavour == "windows":
        return []
    links: list = []
    cwd: tuple | None = ctx.cwd
    ordered = sorted(((seg.get("id", index) if isinstance(seg.get("id", index), int) else index, index, seg)
                      for index, seg in enumerate(segments) if isinstance(seg, dict)), key=lambda t: (t[0], t[1]))
    for seg_id, _index, seg in ordered:
        if cwds is not None:
            cwds[seg_id] = cwd
        command = seg.get("command")
        if command in ("cd", "pushd", "popd"):
            cwd = _cd_to(seg, command, cwd, links, ctx)
            continue
        if command not in ("ln", "link", "cp", "mv", "mount", "bindfs", "sshfs"):
            continue
        args = [a for a in seg.get("args") or () if isinstance(a, str)]
        if cwd is None and any(_relative(a) for a in args if not a.startswith("-")):
            continue  # relative names in an unknown directory: nothing certain to record
        if cwd != ctx.cwd and any(m in a for a in args for m in _UNKNOWN_TEXT):
            continue  # after a cd, a name or target only known when it runs: left to the policies
        seg_cwd = cwd if cwd is not None else ctx.cwd
        if command == "sshfs":
            # sshfs localhost:/home/dev mnt, sshfs host:~ mnt: a home directory (this machine's,
            # or a home on another) shown at DIR like a link: mnt/.ssh is the home's .ssh
            ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
                "-o", "-p", "-F", "-C"))]
            home = _sshfs_home(ops[0]) if len(ops) == 2 else None
            if home is not None:
                link_split = _collapse(_join(_known_env(ops[1], ctx), ctx.flavour, seg_cwd, ctx.home))
                target_split = _collapse(_join(_known_env(home, ctx), ctx.flavour, seg_cwd, ctx.home))
                links.append((seg_id, link_split, target_split))
            continue
        if command in ("mount", "bindfs"):
            # a bind mount shows SOURCE at DIR like a link: deleting under DIR deletes SOURCE
            binds = command == "bindfs" or any(a in ("--bind", "--rbind", "-B", "-R") or (
                a.startswith("bind") or ",bind" in a or "rbind" in a) for a in args)
            ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
                "-o", "-t", "--options", "--types", "-O", "-L", "-U", "--source", "--target"))]
            if binds and len(ops) == 2:
                link_split = _collapse(_join(_known_env(ops[1], ctx), ctx.flavour, seg_cwd, ctx.home))
                target_split = _collapse(_join(_known_env(ops[0], ctx), ctx.flavour, seg_cwd, ctx.home))
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
            link_split = _collapse(_join(_known_env(link, ctx), ctx.flavour, seg_cwd, ctx.home))
            if command == "mv":
                source = _collapse(_join(_known_env(target, ctx), ctx.flavour, seg_cwd, ctx.home))
                for _, old, dest in list(links):
                    if _under(_key(source, ctx.flavour), _key(old, ctx.flavour)):
                        links.append((seg_id, link_split, (dest[0], dest[1] + source[1][len(old[1]):])))
                continue
            base = (link_split[0], link_split[1][:-1]) if symbolic else seg_cwd
            target_split = _collapse(_join(_known_env(target, ctx), ctx.flavour, base, ctx.home))
            for _, old, dest in links:  # a link to a link made earlier
                if _under(_key(target_split, ctx.flavour), _key(old, ctx.flavour)):
                    target_split = (dest[0], dest[1] + target_split[1][len(old[1]):])
                    break
            links.append((seg_id, link_split, target_split))
    return links


_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0", "localhost.localdomain"})


def _sshfs_home(source: str) -> str | None:
    """The local path an sshfs `[USER@]HOST:[PATH]` stands for: any path of this machine
    (localhost), or a home directory of another (`host:`, `host:~`, `host:/home/dev`)."""
    if ":" not in source or source.startswith(("/", ".", "~")):
        return None
    host, _, path = source.rpartition(":") if source.startswith("[") else source.partition(":")
    host = host.rsplit("@", 1)[-1].lower()
    if not path or path == "~" or path == ".":
        return "~"
    if not path.startswith(("/", "~")):
        path = "~/" + path
    if host in _LOCAL_HOSTS or host.startswith("127."):
        return path
    parts = path.rstrip("/").split("/")
    home = path.startswith("~") and len(parts) <= 1 or path.startswith("/home/") and len(parts) <= 3 or \
        path.rstrip("/") == "/root"
    return path if home else None


def _cd_to(seg: dict, command: str, cwd: tuple | None, links: list, ctx: _Context) -> tuple | None:
    """The directory after `cd`/`pushd` (following a link made earlier in the command)."""
    if command == "popd":
        return None
    args = [a for a in seg.get("args") or () if isinstance(a, str)]
    ops = [a for a in args if not a.startswith("-")]
    if "-" in args or (ops and any(m in ops[0] for m in _UNKNOWN_TEXT)):
        return None
    if not ops:
        return ctx.home
    if cwd is None and _relative(ops[0]):
        return None
    new = _collapse(_join(_known_env(ops[0], ctx), ctx.flavour, cwd if cwd is not None else ctx.cwd, ctx.home))
    key = _key(new, ctx.flavour)
    for _, link, target in reversed(links):
        if _under(key, _key(link, ctx.flavour)):
            return _collapse((target[0], target[1] + new[1][len(link[1]):]))
    return new


_WRITERS = frozenset({"sponge", "tee", "cp", "mv", "dd", "sed", "gsed", "perl", "install", "ln", "link", "truncate", "touch",
                      "rm", "shred", "rsync", "yq", "chmod", "chown", "flock", "ed", "ex", "vim", "vi"})


def _writer_segments(shell) -> set:
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list):
        return set()
    return {seg.get("id", i) for i, seg in enumerate(segments) if isinstance(seg, dict) and seg.get("command") in _WRITERS}


def _follow_links(facts: dict, seg_id, text: str, links: list, ctx: _Context, cwd=False) -> None:
    """A path under a link made earlier in the same command leads where the link points.

    `cwd` is the directory the segment runs in (False: the session's; None: unknown after
    a cd, so only an absolute or home path can be followed)."""
    if cwd is False or cwd == ctx.cwd:
        absolute = _collapse(_join(facts["absolute"], ctx.flavour, ctx.cwd, None))
    elif cwd is None:
        if _relative(text):
            return
        absolute = _collapse(_join(facts["absolute"], ctx.flavour, ctx.cwd, None))
    else:
        absolute = _collapse(_join(_known_env(text, ctx), ctx.flavour, cwd, ctx.home))
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
                      "netrc", "krb5cc", "clouds", "adbkey", "passwd-s3fs", "adminsdk", "key.json", "smb", "cifs",
                      "kubeconfig", "rclone")
_SECRET_EXTENSIONS = (".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".kdbx", ".ppk", ".asc", ".gpg", ".keytab",
                      ".ovpn", ".nmconnection", ".psk", ".p8")
# a backup or editor copy's suffixes (lib/paths.rego _backup_suffix_re): the name without them decides
_BACKUP_SUFFIX = lazy(r"(\.(bak|backup|old|orig|save|sav|prev|copy|[0-9]{1,3})|~)+$")
_BACKUP_ENDS = (".bak", ".backup", ".old", ".orig", ".save", ".sav", ".prev", ".copy", "~", "0", "1", "2", "3", "4",
                "5", "6", "7", "8", "9")


def maybe_secret_name(name: str) -> bool:
    """False only when lib/paths.rego's secret_name and secret_glob are false for `name`
    lowercased (see maybe_secret)."""
    if not isinstance(name, str) or not name.isascii() or "\\" in name or "*" in name or "?" in name or "[" in name:
        return True
    n = name.lower()
    if n.startswith((".", "_", "age")) or n.endswith(_SECRET_EXTENSIONS):
        return True
    for w in _SECRET_NAME_WORDS:  # a loop: any() with a generator is slower here
        if w in n:
            return True
    if n.endswith(_BACKUP_ENDS):
        stem = _BACKUP_SUFFIX.sub("", n)
        return stem != n and bool(stem) and maybe_secret_name(stem)
    return False


def maybe_secret(fact: dict) -> bool:
    """False only when no clause of lib/paths.rego's is_secret can hold for this path fact:
    the policies then skip the per-path test (~0.1 ms in the engine). A loose necessary
    condition, computed once here: any secret name has a leading dot or a tell-tale word or
    extension (see secret_name_patterns); every secret location (secret_dirs, secret_files,
    credential directories in any home, .git/config, /proc/*/environ, globs) has a hidden
    component, `library/`, `secrets`, `/etc/`, `/var/lib/`, `/var/snap/`, `/proc/` or `/dev/[k]mem` in it. Anything unusual (non-ASCII,
    backslashes, a missing field) is a candidate. tests/test_secret_candidate.py checks it
    against is_secret itself. Never raises."""
    try:
        name, folded, absolute, resolved = fact.get("name"), fact.get("name_folded"), fact.get("absolute_folded"), \
            fact.get("resolved")
        if fact.get("glob") is not False or not (isinstance(name, str) and isinstance(folded, str)
                                                 and isinstance(absolute, str) and isinstance(resolved, str)):
            return True
        text = "\0".join((name, folded, absolute, resolved))
        if not text.isascii() or any(c in text for c in "\\*?["):
            return True
        if maybe_secret_name(folded) or maybe_secret_name(name) or maybe_secret_name(resolved.rsplit("/", 1)[-1]):
            return True
        for loc in (absolute.lower(), resolved.lower()):
            if ("/." in loc or "library/" in loc or "secrets" in loc or "/etc/" in loc or "/var/lib/" in loc
                    or "/var/snap/" in loc or loc.startswith(("/proc/", "/dev/mem", "/dev/kmem"))):
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
    _drop_pattern_pieces(shell)
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


def _arg_pieces(arg: str) -> list[str]:
    """What lib/shell's index makes of one argument (f=@.env -> f=@.env, f, .env)."""
    if "=" in arg or ":" in arg or "@" in arg or "," in arg:
        return [arg] + arg.replace(":", "=").replace("@", "=").replace(",", "=").split("=")
    return [arg]


def _drop_pattern_pieces(shell: dict | None) -> None:
    """Drop from shell.index.maybe_secret_pieces the pieces that occur only as a regex or
    pattern (`cosign verify --certificate-identity-regexp '.*'`, `grep -e '.*' f`): they
    name no file, so `.*` there is not a glob over dotfiles. Never raises."""
    try:
        sindex = shell.get("index") if isinstance(shell, dict) else None
        if not isinstance(sindex, dict) or not sindex.get("maybe_secret_pieces"):
            return
        only = pattern_only_pieces(shell, within=set(sindex["maybe_secret_pieces"]))
        if only:
            sindex["maybe_secret_pieces"] = [p for p in sindex["maybe_secret_pieces"] if p not in only]
    except Exception:  # noqa: BLE001 — keep the list as it was
        return


def pattern_only_pieces(shell: dict | None, within: set[str] | None = None) -> set[str]:
    """The argument pieces of a command that occur only as regexes or patterns (of those
    `within`, when given: segments without any of these pieces are then skipped)."""
    segments = shell.get("segments") if isinstance(shell, dict) else None
    if not isinstance(segments, list):
        return set()
    as_pattern: set[str] = set()
    elsewhere: set[str] = set()
    for seg in segments:
        args = seg.get("args") if isinstance(seg, dict) else None
        if not isinstance(args, list):
            continue
        if within is not None and not _has_piece_in(args, within):
            continue  # none of its pieces is wanted: it changes neither set where it matters
        patterns = set(_pattern_positions(str(seg.get("command") or ""), args))
        for k, arg in enumerate(args):
            if isinstance(arg, str):
                (as_pattern if k in patterns else elsewhere).update(_arg_pieces(arg))
    return as_pattern - elsewhere if within is None else (as_pattern - elsewhere) & within


def _has_piece_in(args: list, within: set[str]) -> bool:
    for arg in args:
        if isinstance(arg, str):
            for piece in _arg_pieces(arg):
                if piece in within:
                    return True
    return False


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


_TOOL_PATH_LIMIT = 512  # paths read from one tool's own input (a list of files to read, add, upload)


def collect_paths(tool_name: str, tool_input: dict, shell: dict | None, *, cwd: str,
                  project_dir: str | None, home: str | None, flavour: str = HOST_FLAVOUR,
                  resolver: Resolver | None = None, limit: int = 64,
                  effects: dict | None = None) -> list[dict]:
    """Facts for every path a tool call touches, de-duplicated: at most `limit` from the
    shell's words, and at most `_TOOL_PATH_LIMIT` (never fewer than `limit`) from the
    tool's own input — more than that sets `effects["paths_truncated"]`, so a policy asks
    instead of the paths after the cap going unjudged.

    Paths from the tool's input (see `tool_effects`) carry `access` ("read", "write",
    "list" or "unknown"); shell-derived ones carry `access: null` (the command says).
    """
    ctx = _Context(cwd=cwd, project_dir=project_dir, home=home, flavour=flavour, resolver=resolver)
    if effects is None:
        effects = tool_effects(tool_name, tool_input)
    access = {field: kind for field, _raw, kind in effects["paths"]}
    found = [("tool_input", field, raw, None) for field, raw, _kind in effects["paths"]]
    out: list[dict] = []
    seen: set[tuple[str, str, str, int | None]] = set()  # (source, field, absolute, segment)
    candidates = itertools.chain(found, _shell_paths(shell, flavour) if shell is not None else ())
    cwds: dict = {}
    links = _command_links(shell, ctx, cwds) if shell is not None else []
    writers = _writer_segments(shell)
    tool_limit, from_tool = max(limit, _TOOL_PATH_LIMIT), 0
    for source, field, raw, seg_id in candidates:
        if source == "tool_input":
            if from_tool >= tool_limit:
                effects["paths_truncated"] = True
                continue
        elif len(out) - from_tool >= limit:
            break
        # a tool's own path field is not expanded by Claude Code's file tools, but other
        # tools (MCP servers, scripts) may expand it: $HOME there is read as home, and any
        # other `$` leaves the path unresolved, as in a shell word
        text = _known_env(raw, ctx) if isinstance(raw, str) and (seg_id is not None or "$" in raw) else raw
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
                _follow_links(facts, seg_id, text if isinstance(text, str) else "", links, ctx,
                              cwds.get(seg_id, False))
        # any of _UNRESOLVED_MARKS ("(…)" and "`…`" hold "…"; a tool's own field may name a file "a…b")
        if isinstance(text, str) and ("$" in text or (seg_id is not None and "…" in text)):
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
        from_tool += source == "tool_input"
    for facts in out:
        facts["maybe_secret"] = maybe_secret(facts)
    return out
