"""Shell facts: files and directories a command fills with content the command does not show.

Copy, download and extract tools whose destination is an operand or an option value
(`aws s3 cp SRC DEST`, `docker cp C:/x DEST`, `gh release download -O F`, `7z x A -oDIR`,
`tar -xf A -CDIR`, `split IN PREFIX`, `stow -t DIR`, `git worktree add DIR`), and the files a
patch writes (`git apply`, `git am`, `patch`): the headers of a patch whose text is literal in
the command (a printf/echo pipe, a heredoc, a here-string, a file written earlier in it), with
`-p N`, `-d DIR`/`--directory`, or the directory it is applied in when its text is not known.
Each is reported as a word the command writes, so every write rule judges it (the parser
adds a `tee WORD` segment of context `copied_in` or `patched`). Pure functions, no regexes,
bounded work, never raise.
"""

from __future__ import annotations

from ..paths.patchtext import patch_headers

_MAX_WORDS = 32


def _sibling(word: str) -> bool:
    """`../name`: a directory beside the project, one level up, named plainly."""
    name = word[3:].rstrip("/") if word.startswith("../") else ""
    return bool(name) and name[0].isalnum() and all(c.isalnum() or c in "_.-" for c in name) and name not in (".", "..")


def _remote(word: str) -> bool:
    """A word that names another machine, a container or a bucket (`s3://b/x`, `remote:x`,
    `ns/pod:/x`, `box:/x`), not a local path."""
    if "://" in word:
        return True
    if ":" not in word or word.startswith(("/", "./", "../", "~")):
        return False
    head = word.split(":", 1)[0]
    return bool(head) and not (len(head) == 1 and head.isalpha())  # C:\x is a local Windows path


def _local(words: list[str]) -> list[str]:
    return [w for w in words if w and w != "-" and not _remote(w) and not w.startswith("/dev/std")]


def _positionals(args: list[str], valued: frozenset[str] = frozenset()) -> list[str]:
    """Words that are not options (`--x=v` is one word; a `valued` option takes the next)."""
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            out.extend(args[i + 1:])
            break
        if a.startswith("-") and len(a) > 1:
            i += 2 if a in valued else 1
            continue
        out.append(a)
        i += 1
    return out


def _value(args: list[str], short: tuple[str, ...], long: tuple[str, ...] = (), attached: bool = False) -> list[str]:
    """Every value of an option: `-o V`, `--out V`, `--out=V`, and `-oV` when `attached`."""
    out: list[str] = []
    for i, a in enumerate(args):
        if a in short or a in long:
            if i + 1 < len(args):
                out.append(args[i + 1])
        elif any(a.startswith(name + "=") for name in long):
            out.append(a.split("=", 1)[1])
        elif attached and any(a.startswith(s) and len(a) > len(s) for s in short):
            out.append(a[2:].removeprefix("=") if a[1] != "-" else a)
    return out


def _after(args: list[str], verbs: tuple[str, ...]) -> list[str] | None:
    """The words after the first positional that is one of `verbs` (the subcommand)."""
    for i, a in enumerate(args[:8]):
        if a in verbs:
            return args[i + 1:]
    return None


_GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"})


def git_subcommand(args: list[str]) -> tuple[list[str], str | None, list[str]]:
    """(the -C directories, the subcommand, its arguments) of `git [global options] SUB …`."""
    dirs: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _GIT_VALUED:
            if a == "-C" and i + 1 < len(args):
                dirs.append(args[i + 1])
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            return dirs, a, args[i + 1:]
    return dirs, None, []


def _join(base: str, path: str) -> str:
    if not base or base == "." or path.startswith(("/", "~")):
        return path
    return base.rstrip("/") + "/" + path


def _in_dirs(dirs: list[str], path: str) -> str:
    for d in reversed(dirs):  # git -C a -C b: b is relative to a
        path = _join(d, path)
    return path


# ------------------------------------------------------------ copy, download, extract

_GIT_CLONE_VALUED = frozenset({"-b", "--branch", "--depth", "-o", "--origin", "-u", "--upload-pack", "--reference",
                               "--reference-if-able", "--separate-git-dir", "-c", "--config", "--template",
                               "--filter", "-j", "--jobs", "--shallow-since", "--shallow-exclude", "--server-option",
                               "--bundle-uri", "--ref-format"})
_WORKTREE_VALUED = frozenset({"-b", "-B", "--reason"})
_SPLIT_VALUED = frozenset({"-a", "-b", "-C", "-l", "-n", "-t", "--suffix-length", "--bytes", "--line-bytes",
                           "--lines", "--number", "--separator"})
_KUBECTL_VALUED = frozenset({"-c", "--container", "-n", "--namespace", "--context", "--kubeconfig", "--retries",
                             "--cluster", "--user", "-s", "--server", "--as", "--token"})


def _last_local(words: list[str]) -> list[str]:
    return _local(words[-1:]) if len(words) >= 2 else []


def copy_destinations(command: str, args: list[str]) -> list[str]:
    """The local files or directories a copy, download or extract tool writes (see the module)."""
    try:
        return _copy_destinations(command.lower(), args[:256])[:_MAX_WORDS]
    except Exception:  # noqa: BLE001 - attacker-shaped input: no destination from here
        return []


def _copy_destinations(command: str, args: list[str]) -> list[str]:
    if command in ("aws", "awslocal"):
        rest = _after(args, ("s3",))
        if rest is not None:
            ops = _positionals(rest)
            if ops[:1] in (["cp"], ["mv"], ["sync"]):
                return _local(ops[2:])  # every operand after the source (valued options unknown)
        rest = _after(args, ("s3api",))
        if rest is not None and rest[:1] in (["get-object"], ["get-object-torrent"]):
            return _last_local(_positionals(rest[1:]))
        return []
    if command == "gsutil":
        ops = _positionals(args, frozenset({"-o", "-h", "-u", "-i"}))
        return _last_local(ops[1:]) if ops[:1] in (["cp"], ["mv"], ["rsync"]) else []
    if command == "gcloud":
        rest = _after(args, ("storage",))
        ops = _positionals(rest) if rest is not None else []
        return _last_local(ops[1:]) if ops[:1] in (["cp"], ["mv"], ["rsync"]) else []
    if command == "azcopy":
        ops = _positionals(args)
        return _local(ops[2:]) if ops[:1] in (["copy"], ["cp"], ["sync"]) else []
    if command in ("rclone", "s3cmd", "mc"):
        ops = _positionals(args)
        verbs = {"rclone": ("copy", "copyto", "sync", "move", "moveto", "bisync", "copyurl", "cat"),
                 "s3cmd": ("get", "sync", "cp", "mv"), "mc": ("cp", "mirror", "mv", "get")}[command]
        return _local(ops[2:]) if ops[:1] and ops[0] in verbs and ops[0] != "cat" else []
    if command in ("docker", "podman", "nerdctl", "kubectl", "oc"):
        ops = _positionals(args, _KUBECTL_VALUED if command in ("kubectl", "oc") else frozenset())
        if ops[:2] == ["container", "cp"]:
            ops = ops[1:]
        return _last_local(ops[1:]) if ops[:1] == ["cp"] else []
    if command in ("gh", "glab", "hub"):
        return _gh_destinations(command, args)
    if command == "git":
        dirs, sub, rest = git_subcommand(args)
        if sub == "clone":
            ops = _positionals(rest, _GIT_CLONE_VALUED)
            return [_in_dirs(dirs, w) for w in _local(ops[1:2])]
        if sub == "worktree" and rest[:1] == ["add"]:
            ops = _positionals(rest[1:], _WORKTREE_VALUED)
            # a checkout of this repository beside the project (`git worktree add ../app-hotfix`) is
            # everyday work, not a write of someone else's files; elsewhere it is a write
            return [_in_dirs(dirs, w) for w in _local(ops[:1]) if dirs or not _sibling(w)]
        return []
    if command in ("7z", "7za", "7zz", "7zr", "7zip"):
        ops = _positionals(args)
        if ops[:1] not in (["x"], ["e"]):
            return []
        dirs = _local(_value(args, ("-o",), attached=True))
        return dirs + _members(dirs, ops[2:])
    if command == "unar":
        return _local(_value(args, ("-o",), ("--output-directory",), attached=True))
    if command in ("tar", "gtar", "bsdtar"):
        if not _tar_extracts(args):
            return []
        dirs = _local([v for v in _value(args, ("-C",), ("--directory",), attached=True)])
        return dirs + _members(dirs, _tar_operands(args)[1:])
    if command == "unzip":
        dirs = _local(_value(args, ("-d",), attached=True))
        if any(a.startswith("-") and not a.startswith("--") and any(c in a[1:] for c in "lvtZpc") for a in args):
            return dirs  # a listing, a test, or extraction to stdout (-l, -v, -t, -Z, -p, -c)
        ops = _positionals(args[:args.index("-x")] if "-x" in args else args, frozenset({"-d", "-P", "-x"}))
        return dirs + _members(dirs, ops[1:])
    if command in ("split", "gsplit"):
        ops = _positionals(args, _SPLIT_VALUED)
        return _local(ops[1:2])
    if command == "csplit":
        return _local(_value(args, ("-f",), ("--prefix",), attached=True))
    if command in ("stow", "xstow"):
        if any(a in ("-n", "--no", "--simulate") for a in args):
            return []
        targets = _value(args, ("-t",), ("--target",), attached=True)
        return _local(targets) if targets else [_join((_value(args, ("-d",), ("--dir",)) or ["."])[-1], "..")]
    if command in ("chezmoi", "yadm"):
        return _dotfile_manager(command, args)
    if command in ("cp", "gcp", "rsync", "scp"):
        return _copied_names(command, args)
    return []


_CP_VALUED = frozenset({"-t", "--target-directory", "-S", "--suffix"})
_RSYNC_VALUED = frozenset({"-e", "--rsh", "-f", "--filter", "-T", "--temp-dir", "-B", "--block-size", "-M",
                           "--remote-option", "--exclude", "--include", "--exclude-from", "--include-from",
                           "--files-from", "--rsync-path", "--password-file", "--chmod", "--chown", "--log-file",
                           "--backup-dir", "--suffix", "--timeout", "--port", "--bwlimit", "--max-size",
                           "--min-size", "--compare-dest", "--copy-dest", "--link-dest", "--partial-dir",
                           "--out-format", "--info", "--debug", "--usermap", "--groupmap", "--max-delete"})
_SCP_VALUED = frozenset({"-c", "-D", "-F", "-i", "-J", "-l", "-o", "-P", "-S", "-X"})


def _copied_names(command: str, args: list[str]) -> list[str]:
    """`cp -r SRC… DIR`, `rsync SRC… DIR`, `scp -r SRC… DIR`: the copy of a directory lands
    as DIR/NAME (`cp -r /tmp/x/.claude .` writes `./.claude`), which the destination alone
    does not say. Not for a source whose contents are copied (`rsync SRC/`, `cp -r SRC/.`)."""
    if command in ("cp", "gcp"):
        recursive = any(a in ("-r", "-R", "-a", "--recursive", "--archive") or (
            a.startswith("-") and not a.startswith("--") and any(c in a[1:] for c in "rRa")) for a in args)
        if not recursive or any(a in ("-T", "--no-target-directory") for a in args):
            return []
        valued = _CP_VALUED
    elif command == "scp":
        if not any(a.startswith("-") and not a.startswith("--") and "r" in a[1:] for a in args):
            return []
        valued = _SCP_VALUED
    else:
        valued = _RSYNC_VALUED
    ops = _positionals(args, valued)
    target = _value(args, ("-t",), ("--target-directory",)) if command in ("cp", "gcp") else []
    sources, dest = (ops, target[-1]) if target else (ops[:-1], ops[-1] if len(ops) >= 2 else "")
    if not dest or _remote(dest) or dest == "-":
        return []
    out: list[str] = []
    for src in sources[:16]:
        path = src.split(":", 1)[1] if _remote(src) and "://" not in src else src
        name = path.rsplit("/", 1)[-1]
        if name and name not in (".", "..", "*") and not path.endswith("/"):
            out.append(_join(dest, name))
    return out


def _members(dirs: list[str], members: list[str]) -> list[str]:
    """The members an extraction names (`tar -xf A .claude/settings.json`, `unzip -o A '.claude/*'`,
    `7z x A .claude`), under its output directory: each is written like a copy of that path.
    A pattern stands for the directory before its first wildcard (`.claude/*` writes `.claude`)."""
    out = []
    for m in _local(members[:16]):
        cut = min((m.find(c) for c in "*?[" if c in m), default=-1)
        if cut >= 0:
            m = m[:cut].rsplit("/", 1)[0] if "/" in m[:cut] else ""
        if m and m not in (".", "./") and not m.startswith(("/", "~")):  # absolute names are made relative
            out.append(_join(dirs[-1] if dirs else "", m))
    return out


_TAR_VALUE_LETTERS = "fbCTXgLNVHK"  # short options whose value follows (in the order of their letters)
_TAR_LONG_VALUED = frozenset({"--file", "--directory", "--exclude", "--files-from", "--exclude-from", "--transform",
                              "--owner", "--group", "--mode", "--mtime", "--label", "--use-compress-program",
                              "--newer", "--after-date", "--newer-mtime", "--format", "--xform", "--strip-components"})


def _tar_operands(args: list[str]) -> list[str]:
    """tar's operands: the archive (when given as one, `tar x A`… is not tar's syntax: the
    archive is -f's value, kept first) then the members, options and their values left out."""
    archive, ops, i = [], [], 0
    while i < len(args) and i < 64:
        a = args[i]
        if a == "--":
            ops.extend(args[i + 1:i + 17])
            break
        if a in _TAR_LONG_VALUED:
            archive += [args[i + 1]] if a == "--file" and i + 1 < len(args) else []
            i += 2
            continue
        if a.startswith("--file="):
            archive.append(a.split("=", 1)[1])
        elif a.startswith("--"):
            pass
        elif (a.startswith("-") and len(a) > 1) or (i == 0 and a.isalpha()):
            letters = [c for c in a.lstrip("-") if c in _TAR_VALUE_LETTERS]
            for k, c in enumerate(letters):
                if c == "f" and i + 1 + k < len(args):
                    archive.append(args[i + 1 + k])
            i += 1 + len(letters)
            continue
        else:
            ops.append(a)
        i += 1
    return (archive[:1] or [""]) + ops


def _tar_extracts(args: list[str]) -> bool:
    for k, a in enumerate(args[:32]):
        if a in ("-x", "--extract", "--get"):
            return True
        if k == 0 and not a.startswith("--") and a.lstrip("-").isalpha() and "x" in a:
            return True
        if a.startswith("-") and not a.startswith("--") and a[1:].isalpha() and "x" in a[1:]:
            return True
    return False


def _gh_destinations(command: str, args: list[str]) -> list[str]:
    ops = _positionals(args, frozenset({"-R", "--repo", "-p", "--pattern", "-A", "--archive", "-n", "--name"}))
    if command == "gh" and ops[:2] == ["release", "download"]:
        return _local(_value(args, ("-O", "-D"), ("--output", "--dir")))
    if command == "gh" and ops[:2] == ["run", "download"]:
        return _local(_value(args, ("-D",), ("--dir",)))
    if ops[:2] in (["repo", "clone"], ["gist", "clone"]) or (command == "hub" and ops[:1] == ["clone"]):
        first = 1 if command == "hub" else 2
        return _local(ops[first + 1:first + 2])
    return []


_HOME_TREE_VERBS = frozenset({"clone", "pull", "checkout", "merge", "reset", "restore", "switch", "stash", "am",
                              "apply", "cherry-pick", "rebase", "revert", "bootstrap"})


def _dotfile_manager(command: str, args: list[str]) -> list[str]:
    """chezmoi apply/update/init --apply and yadm's work-tree commands write the home directory
    (chezmoi: `-D`/`--destination` DIR)."""
    ops = _positionals(args, frozenset({"-D", "--destination", "-S", "--source", "-c", "--config", "-Y"}))
    if command == "chezmoi":
        writes = ops[:1] in (["apply"], ["update"], ["a"], ["merge-all"]) or (
            ops[:1] == ["init"] and any(a in ("--apply", "-a") for a in args))
        if not writes or any(a in ("-n", "--dry-run") for a in args):
            return []
        return _local(_value(args, ("-D",), ("--destination",))) or ["~"]
    return ["~"] if ops[:1] and ops[0] in _HOME_TREE_VERBS else []


# ------------------------------------------------------------ patches

class PatchCall:
    """What a `patch`/`git apply`/`git am` call writes: its patch files (None: stdin), the
    `-p` strip (None: GNU patch's default, the base name or the whole path), the directory it
    applies in, and the file GNU patch is told to change whatever the headers say."""

    __slots__ = ("directory", "origfile", "sources", "strip")

    def __init__(self, sources: list[str] | None, strip: int | None, directory: str, origfile: str | None):
        self.sources, self.strip, self.directory, self.origfile = sources, strip, directory, origfile


def _strip_value(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 4 else None


# the valued options whose value the reading needs, long and short spellings alike
_PATCH_ROLES = {"--strip": "strip", "-p": "strip", "--directory": "directory", "-d": "directory",
                "--input": "input", "-i": "input"}
_PATCH_VALUED = frozenset({"-B", "-D", "-d", "-F", "-g", "-i", "-o", "-p", "-r", "-V", "-Y", "-z", "--prefix",
                           "--ifdef", "--directory", "--fuzz", "--get", "--input", "--output", "--strip",
                           "--reject-file", "--version-control", "--basename-prefix", "--suffix",
                           "--quoting-style", "--reject-format", "--read-only"})


def patch_call(command: str, args: list[str]) -> PatchCall | None:
    """The patch call of a segment running `patch` or `git apply|am`, or None."""
    try:
        return _patch_call(command.lower(), args[:256])
    except Exception:  # noqa: BLE001 - attacker-shaped input
        return None


def _patch_call(command: str, args: list[str]) -> PatchCall | None:
    if command in ("patch", "gpatch"):
        if any(a in ("--dry-run", "--help", "-v", "--version") for a in args):
            return None
        strip: int | None = None
        directory = "."
        inputs: list[str] = []
        ops: list[str] = []
        i = 0
        while i < len(args):
            a = args[i]
            name, eq, value = a.partition("=")
            if a == "--":
                ops.extend(args[i + 1:])
                break
            opt = None
            if a.startswith("--") and name in _PATCH_VALUED:
                opt = name
                if not eq:
                    value = args[i + 1] if i + 1 < len(args) else ""
                    i += 1
            elif a.startswith("-") and not a.startswith("--") and len(a) > 1:
                # a cluster of flags ending in a valued option: -Np1, -d DIR, -dDIR, -p1
                k = next((k for k in range(1, len(a)) if "-" + a[k] in _PATCH_VALUED), None)
                if k is not None:
                    opt, value = "-" + a[k], a[k + 1:]
                    if not value:
                        value = args[i + 1] if i + 1 < len(args) else ""
                        i += 1
            if opt is not None:
                role = _PATCH_ROLES.get(opt)
                if role == "strip":
                    strip = _strip_value(value)
                elif role == "directory":
                    directory = value
                elif role == "input":
                    inputs.append(value)
            elif not a.startswith("-") or a == "-":
                ops.append(a)
            i += 1
        origfile = ops[0] if ops and ops[0] != "-" else None
        if len(ops) >= 2:
            inputs.append(ops[1])
        sources = [s for s in inputs if s != "-"] or None
        return PatchCall(sources, strip, directory, origfile)
    if command == "git":
        dirs, sub, rest = git_subcommand(args)
        if sub not in ("apply", "am"):
            return None
        if sub == "apply" and (any(a in ("--cached",) for a in rest) or (
                any(a in ("--check", "--stat", "--numstat", "--summary") for a in rest)
                and "--apply" not in rest)):
            return None  # the index only, or nothing written
        if sub == "am" and any(a in ("--abort", "--quit", "--show-current-patch", "--skip") for a in rest):
            return None
        strip = 1
        root = ""
        files: list[str] = []
        i = 0
        while i < len(rest):
            a = rest[i]
            if a.startswith("-p") and len(a) > 2:
                strip = _strip_value(a[2:]) if _strip_value(a[2:]) is not None else 1
            elif a == "-p" and i + 1 < len(rest):
                strip = _strip_value(rest[i + 1]) if _strip_value(rest[i + 1]) is not None else 1
                i += 1
            elif a.startswith("--directory="):
                root = a.split("=", 1)[1]
            elif a in ("--directory", "--include", "--exclude", "--whitespace", "-C", "--build-fake-ancestor") \
                    and i + 1 < len(rest):
                if a == "--directory":
                    root = rest[i + 1]
                i += 1
            elif not a.startswith("-") or a == "-":
                files.append(a)
            i += 1
        directory = _in_dirs(dirs, root or ".")
        return PatchCall([f for f in files if f != "-"] or None, strip, directory, None)
    return None


def patch_targets(call: PatchCall, text: str | None) -> list[str]:
    """The words a patch call writes: the header paths of a known text (stripped by -p, in
    its directory), the file GNU patch is told to change, or (text unknown) the directory."""
    try:
        return _patch_targets(call, text)[:_MAX_WORDS]
    except Exception:  # noqa: BLE001 - attacker-shaped input
        return [call.directory]


def _patch_targets(call: PatchCall, text: str | None) -> list[str]:
    out: list[str] = []
    if call.origfile is not None:
        out.append(_join(call.directory, call.origfile))
    if text is None:
        if call.origfile is None:
            out.append(call.directory)
        return out
    if call.origfile is not None:
        return out
    for path, prefixed in patch_headers(text):
        names = [path]
        if prefixed:
            parts = [p for p in path.split("/") if p]
            if call.strip is None:
                names = [parts[-1], path] if parts else []  # GNU patch without -p: either
            elif call.strip == 0:
                names = [path]
            else:
                rest = path.split("/")
                # -pN drops N leading components (a leading / counts as one: "" before it)
                names = ["/".join(rest[call.strip:])] if len(rest) > call.strip else []
        for name in names:
            target = _join(call.directory, name) if name else ""
            if target and target not in out:
                out.append(target)
    return out or [call.directory]
