"""Inline code that walks a tree and destroys what it visits (session 27).

`[p.write_text('') for p in Path.home().rglob('*')]`, `os.walk('..')` with `os.truncate`,
`File::Find` with `truncate($_, 0)`, a recursive `readdirSync` with `writeFileSync(q, '')`:
the content is gone although nothing is "deleted". Each walk becomes a nested segment
`find ROOT [-name PATTERN] -exec truncate -s0 {} +`, judged like that command typed
directly (destructive_shell: the home directory, / or above the project is denied, the
project root unnarrowed is denied, a root claude-rego cannot tell (`$(…)`) is asked, a
directory inside the project passes). Only the walk's root and pattern are read: which
files the loop body skips is not (a condition in code may select anything)."""

from __future__ import annotations

from itertools import islice

from ..lazy_re import lazy

# a walk over a tree, by language
WALK_TOKENS = ("rglob(", "os.walk(", "os.fwalk(", ".walk(", "glob(", "iglob(", "file::find", "find.find(",
               "finddepth(", "readdirsync(", "readdir(", "opendirsync(", "dir.glob(", "dir[", "walkdir", "filepath.walk")
# calls that destroy a file's content, mode or place without deleting it (and the deletes)
CLOBBER_TOKENS = ("write_text(", "write_bytes(", "truncate(", "truncatesync(", "chmod(", "chmodsync(", "chown(",
                  "lchown(", "rename(", "renamesync(", "os.replace(", "shutil.move(", "writefilesync(",
                  "writefile(", "createwritestream(", "file.write(", "io.write(", "copyfilesync(", "copyfile(",
                  "unlink(", "unlinksync(", "os.remove(", "rmtree(", "rmsync(", "rm_rf(", "file.delete(",
                  # Perl's and Ruby's list operators (`chmod 0000, $_`, `truncate $_, 0`)
                  "chmod ", "chown ", "truncate ", "rename ", "unlink ")

_STR = r"""(['"])((?:(?!\1)[^\\\n]){0,512})\1"""
# Path('x').rglob('p'), Path.home().rglob('p'), Path.cwd().glob('**/p')
_PY_PATH_GLOB = lazy(r"""(?i)(?P<recv>(?:pathlib\s*\.\s*)?path\s*(?:\.\s*(?:home|cwd)\s*\(\s*\)"""
                     r"""|\(\s*(?:(?P<q1>['"])(?P<root>[^'"\\\n]{0,512})(?P=q1))?\s*\))"""
                     r"""(?:\s*\.\s*(?:expanduser|resolve|absolute)\s*\(\s*\))*)\s*\.\s*(?P<kind>r?glob)\s*\(\s*"""
                     r"""(?:(?P<q2>['"])(?P<pat>[^'"\\\n]{0,256})(?P=q2))?""")
_RGLOB = lazy(r"(?i)\.\s*rglob\s*\(|\.\s*glob\s*\(\s*['\"][^'\"]*\*\*")
_OS_WALK = lazy(r"(?i)(?:os\s*\.\s*f?walk|\.walk|walkdir|filepath\s*\.\s*walk(?:dir)?|find\s*\.\s*find|readdirsync"
                r"|opendirsync|readdir)\s*\(")
_GLOB_STAR = lazy(r"(?i)(?:glob\s*\.\s*i?glob|\bi?glob|globsync|dir\s*\.\s*glob|dir\s*\[)\s*\(?\s*" + _STR)
_PERL_FIND = lazy(r"(?i)\bfind(?:depth)?\s*\(\s*(?:sub\b|\\?&|\{)")
_ENDSWITH = lazy(r"(?i)\.(?:endswith|end_with\?|endsWith)\s*\(\s*" + _STR)
_EXTNAME = lazy(r"(?i)(?:extname\s*\([^)]*\)|suffix)\s*===?\s*" + _STR)
_HOME_WORDS = ("homedir()", "path.home()", "expanduser('~')", 'expanduser("~")', "$env{home}",
               "process.env.home", "os.environ['home']", 'os.environ["home"]', "getenv('home')",
               'getenv("home")', "dir.home", "file.expand_path('~')", 'file.expand_path("~")')


def walk_finds(code: str, low: str, family: str) -> list[list[str]]:
    """The `find` argvs of the walks in `code` that destroy what they visit ([] when none)."""
    if family == "awk" or not _clobbers_visited(code, low):
        return []
    walks: list[tuple[str, str | None]] = []
    for m in islice(_PY_PATH_GLOB.finditer(code), 8):
        receiver, kind, pattern, given = m.group("recv"), m.group("kind").lower(), m.group("pat"), m.group("root")
        rlow = receiver.lower().replace(" ", "")
        if kind == "glob" and (pattern is None or "**" not in pattern):
            continue  # Path.glob('*.py'): one directory, not a tree
        root = "~" if ".home(" in rlow or "expanduser" in rlow and given in ("~", None) else \
            "." if ".cwd(" in rlow or given is None else given
        walks.append((_home(root), _name_of(pattern)))
    walk_calls = [m.end() for m in islice(_OS_WALK.finditer(code), 8)]
    if walk_calls:
        suffix = _suffix_filter(code)
        home_named = any(h in low for h in _HOME_WORDS)
        for end in walk_calls:
            walks.append((_walk_root(code, low, end, home_named), suffix))
    for m in islice(_GLOB_STAR.finditer(code), 8):
        pattern = m.group(2)
        if "**" not in pattern:
            continue
        root, _, rest = pattern.partition("**")
        walks.append((_home(root.rstrip("/") or "."), _name_of(rest.lstrip("/"))))
    if family == "perl":
        perl_finds = [m.start() for m in islice(_PERL_FIND.finditer(code), 8)]
        suffix = _suffix_filter(code) if perl_finds else None
        for start in perl_finds:
            for arg in _perl_find_roots(code, code.index("(", start)):
                walks.append((_perl_root(arg), suffix))
    if not walks and _RGLOB.search(code):
        walks.append(("$(…)", None))  # a recursive glob of a root computed at run time
    out: list[list[str]] = []
    for root, pattern in walks[:8]:
        argv = ["find", root] + (["-name", pattern] if pattern else []) + ["-exec", "truncate", "-s0", "{}", "+"]
        if argv not in out:
            out.append(argv)
    return out


_LITERAL_RECEIVER = lazy(r"""(?:path|open|file)\s*\(\s*['"][^'"]*['"]\s*\)\s*$""")
_WRITE_MODE = lazy(r"""^\s*(?:['"][^'"]*['"]|[^,()'"]*(?:\([^()]*\)[^,()'"]*)*)\s*,\s*(?:mode\s*=\s*)?[rbf]?['"](?:[rb]?\+|[wax])""")


def _clobbers_visited(code: str, low: str) -> bool:
    """Some call destroys a file named at run time (each file the walk visits), not only
    files named by literals (`open('files.txt', 'w')` writing a list of what it walked)."""
    from .code import _call_literal  # (a cycle at import time otherwise)

    for token in CLOBBER_TOKENS + ("open(",):
        at = low.find(token)
        while at >= 0:
            end = at + len(token)
            method = at > 0 and low[at - 1] == "." and low[max(0, at - 4):at] not in ("os.", "fs.") and \
                low[max(0, at - 5):at] not in ("fsp.", "file.")
            if token == "open(" and (at > 0 and (low[at - 1].isalnum() or low[at - 1] == "_")
                                     or not _WRITE_MODE.match(low[end:end + 120])):
                pass  # reopen(, fopen( …, or open() for reading
            elif method and _LITERAL_RECEIVER.search(low[max(0, at - 1 - 300):at - 1]):
                pass  # Path('out.txt').write_text(…): a literal file
            elif not method and _call_literal(code, end) not in (None, ""):
                pass  # os.truncate('log.txt', 0), open('files.txt', 'w'): a literal file
            else:
                return True
            at = low.find(token, at + 1)
    return False


def _home(root: str) -> str:
    for spelling in ("$ENV{HOME}", "${HOME}", "$HOME", "~"):
        if root.startswith(spelling):
            return "~" + root[len(spelling):]
    return root


def _name_of(pattern: str | None) -> str | None:
    """The -name test of a glob pattern's last component (None: every file)."""
    if not pattern:
        return None
    last = pattern.rsplit("/", 1)[-1]
    return None if last in ("", "*", "**", "*.*") else last


def _walk_root(code: str, low: str, pos: int, home_named: bool) -> str:
    """The root of os.walk(…) / readdirSync(…) / Find.find(…): a literal, the home directory
    or "$(…)" (computed: a parameter, a variable)."""
    from .code import _call_literal  # (a cycle at import time otherwise)

    lit = _call_literal(code, pos)
    if lit is not None:
        return _home(lit) if lit else "$(…)"
    window = low[pos:pos + 80].replace(" ", "")
    if any(window.startswith(h) for h in _HOME_WORDS) or any(
            window.startswith(p + h) for p in ("os.path.expanduser(", "path(") for h in ("'~'", '"~"')):
        return "~"
    if window.startswith(("os.getcwd()", "process.cwd()", "dir.pwd", "path.cwd()")):
        return "."
    if home_named:
        return "~"  # the root is a parameter fed with the home directory (`w(os.homedir())`)
    return "$(…)"


def _perl_find_roots(code: str, pos: int) -> list[str]:
    """The arguments after find's first (the wanted sub): the top-level comma-separated
    words up to the call's closing parenthesis (the code from `(` at pos onwards)."""
    depth, quote, args, start = 0, "", [], -1
    for i in range(pos, min(len(code), pos + 20000)):
        ch = code[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
            if depth == 0:
                if start >= 0:
                    args.append(code[start:i].strip())
                return args[:8]
        elif ch == "," and depth == 1:
            if start >= 0:
                args.append(code[start:i].strip())
            start = i + 1
    return []


def _perl_root(arg: str) -> str:
    a = arg.strip().strip("()").strip()
    if a[:1] in "'\"" and a[-1:] == a[:1] and len(a) >= 2:
        return _home(a[1:-1]) or "$(…)"
    if a.lower().startswith("$env{home}"):
        return "~" + a[len("$ENV{HOME}"):]
    return "$(…)"


def _suffix_filter(code: str) -> str | None:
    """`f.endswith('.py')` / `path.extname(f) === '.js'`: the walk selects files by suffix."""
    m = _ENDSWITH.search(code) or _EXTNAME.search(code)
    if m is None or not m.group(2) or "*" in m.group(2):
        return None
    return "*" + m.group(2)
