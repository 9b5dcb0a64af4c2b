"""Shell facts: packages that inline R, Julia or Octave code installs from a named source.

`Rscript -e 'remotes::install_github("o/r")'`, `R -e 'install.packages("https://…/x.tar.gz",
repos=NULL)'`, `install.packages("x", repos="https://cran.example")`, `pak::pkg_install("o/r")`,
`julia -e 'using Pkg; Pkg.add(url="https://…")'`, `Pkg.develop(path="/tmp/x")`,
`Pkg.Registry.add(url=…)`, `pkg"add https://…"`, `ENV["JULIA_PKG_SERVER"]="https://…"`,
Octave's `pkg install https://…`: the same effect as `pip install git+…` or `--index-url URL`.
scan_code adds one segment `@package LANGUAGE CALL SOURCE` per source (a URL, a forge spec
`github:o/r`, a local path, or `(…)` when the source is not a literal) and package_sources
judges it: asked unless the host is a trusted index or the path is not a temporary one.
Installs by name from the default repository (`install.packages("dplyr")`, `Pkg.add("JSON")`,
`renv::restore()`, `Pkg.instantiate()`) add nothing. Bounded linear scans; never raises.
"""

from __future__ import annotations

from ..lazy_re import LazyPattern, lazy  # compiled on first use: only inline R/Julia code that installs needs them

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    import re
    from collections.abc import Iterator

# R: calls whose source is a repository or URL by their name (remotes/devtools/pak/…:: optional)
_R_FORGE_CALL = lazy(r"(?<![\w.])(?:[A-Za-z][\w.]*\s*:::?\s*)?(install_(?:github|gitlab|bitbucket|git|url|svn|univ"
                     r"|dev|local|version)|gh_install_packages)\s*\(")
# R: calls that take package references (`o/r` is GitHub, `url::…`, `git::…`, `local::…`); a
# generic name (install, pak) only with its package's prefix
_R_REF_CALL = lazy(r"(?<![\w.])(?:(pak|renv|BiocManager|remotes|pacman)\s*:::?\s*)?(pkg_install|pak|install|"
                   r"local_install|p_install_gh|p_load_gh|install_cran|install_bioc)\s*\(")
_R_GENERIC = frozenset({"install", "install_cran", "install_bioc"})
# R: install.packages(…) (also utils::install.packages)
_R_INSTALL_PACKAGES = lazy(r"(?<![\w])(?:utils\s*:::?\s*)?install\.packages\s*\(")
# R: a repository given by argument or option (`repos=`, `contriburl=`, `addURLs=`)
_R_REPOS = lazy(r"(?<![\w.])(repos|contriburl|addURLs)\s*=\s*")
# Julia: url=/path= keywords in the arguments of a Pkg call (a literal, or `(…)` for a computed url)
_JL_KEYWORD = lazy(r"(?<![\w.])(url|path)\s*=\s*(?:\"([^\"\n]{0,512})\"|[^,;)\s])")
# Julia: pkg"add URL", Pkg.REPLMode.pkgstr("dev /tmp/x"), `] add URL`, Octave: pkg install URL
_PKG_COMMAND = lazy(r"(?m)(?:pkg\"[ \t]*|pkgstr\([ \t]*\"[ \t]*|^[ \t]*\][ \t]*|(?<![\w.])pkg[ \t]+)"
                    r"(add|dev|develop|registry[ \t]+add|install)[ \t]+([^\"\n;]{1,512})")
# Julia: the package server set in code
_JL_SERVER = lazy(r"JULIA_PKG_SERVER\"\s*\]\s*=\s*\"([^\"\n]{1,512})\"")
# Julia: Pkg.add, Pkg.develop, Pkg.Registry.add, PackageSpec, RegistrySpec (their arguments are read)
_JL_CALL = lazy(r"(?<![\w])(?:Pkg\s*\.\s*(?:Registry\s*\.\s*)?(add|develop|dev)|PackageSpec|RegistrySpec)\s*\(")
# Octave: pkg("install", "https://…")
_OCTAVE_CALL = lazy(r"(?<![\w.])pkg\s*\(\s*['\"]install['\"]\s*,")

_FORGES = {"install_github": "github:", "install_gitlab": "gitlab:", "install_bitbucket": "bitbucket:",
           "install_dev": "github:", "install_univ": "github:", "gh_install_packages": "github:",
           "p_install_gh": "github:", "p_load_gh": "github:"}
_REF_PREFIXES = {"github": "github:", "gitlab": "gitlab:", "bitbucket": "bitbucket:", "git": "", "url": "",
                 "local": "", "svn": ""}
_GITHUB_SHORTHAND = lazy(r"^[A-Za-z0-9][\w.-]*/[\w.-]+(?:[@#].*)?$")
_LIMIT = 8
_CALLS = 16


def _first(matches: Iterator[re.Match]) -> list[re.Match]:
    """The first matches of a pattern (each call's arguments are read: a bounded number)."""
    out = []
    for m in matches:
        out.append(m)
        if len(out) == _CALLS:
            break
    return out


def _scan(pattern: LazyPattern, code: str, needles: tuple[str, ...]) -> list[re.Match]:
    """The first matches of a pattern in the code, when the code holds one of its needles (a
    substring test first: the patterns' look-behinds cost ~10 ms on 60 kB of code)."""
    for needle in needles:
        if needle in code:
            return _first(pattern.finditer(code))
    return []


def _arguments(code: str, start: int) -> str:
    """The text of a call's arguments from `start` (just after its "(") to the closing ")"."""
    depth, i, n, quote = 0, start, min(len(code), start + 1024), ""
    while i < n:
        ch = code[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return code[start:i]
            depth -= 1
        i += 1
    return code[start:n]


_LITERAL = lazy(r"\"([^\"\n]{0,512})\"|'([^'\n]{0,512})'")


def _literals(text: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _LITERAL.finditer(text)][:16]


def _sourced(lit: str) -> bool:
    """A literal naming a source rather than a package name: a URL, a git address or a path."""
    return "://" in lit or lit.startswith(("git@", "/", "~", "./", "../")) or \
        lit.lower().endswith((".tar.gz", ".tgz", ".zip", ".tar.bz2", ".tar.xz"))


def _r_sources(code: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in _scan(_R_FORGE_CALL, code, ('install_',)):
        call, args = m.group(1), _arguments(code, m.end())
        lits = _literals(args)
        prefix = _FORGES.get(call, "")
        if call == "install_version":  # a CRAN version by name: judged by its repos= below
            continue
        if not lits and call != "install_local":  # (install_local() builds the package at hand)
            out.append((call, prefix + "(…)"))
        for lit in lits[:1] if prefix else [x for x in lits if _sourced(x)] or lits[:1]:
            out.append((call, lit if "://" in lit or not prefix else prefix + lit))
    for m in _scan(_R_REF_CALL, code, ('install', 'pak')):
        if m.group(1) is None and m.group(2) in _R_GENERIC:
            continue  # install(…) alone: devtools' build of the package at hand, or any function
        call = f"{m.group(1)}::{m.group(2)}" if m.group(1) else m.group(2)
        for lit in _literals(_arguments(code, m.end())):
            ref = _r_ref(lit, m.group(2))
            if ref:
                out.append((call, ref))
    for m in _scan(_R_REPOS, code, ('repos', 'contriburl', 'addURLs')):
        rest = code[m.end():m.end() + 512]
        if rest.startswith("c("):
            rest = _arguments(rest, 2)
        else:
            cut = min([k for k in (rest.find(","), rest.find(")"), rest.find(";"), rest.find("\n")) if k >= 0],
                      default=len(rest))
            rest = rest[:cut]
        for lit in _literals(rest):
            if "://" in lit or lit.startswith(("/", "~", "./", "../")):
                out.append((m.group(1), lit))
    for m in _scan(_R_INSTALL_PACKAGES, code, ('install.packages',)):
        for lit in _literals(_arguments(code, m.end())):
            if _sourced(lit):
                out.append(("install.packages", lit))
    return out


def _r_ref(lit: str, call: str) -> str | None:
    """The source of a pak/renv/BiocManager package reference, None for a registry name."""
    kind, sep, rest = lit.partition("::")
    if sep and kind.lower() in _REF_PREFIXES:
        return _REF_PREFIXES[kind.lower()] + rest if "://" not in rest else rest
    if sep:
        return None  # cran::x, bioc::x, any::x
    if _sourced(lit):
        return lit
    if call not in ("install_cran", "install_bioc") and _GITHUB_SHORTHAND.match(lit):
        return "github:" + lit
    return None


def _julia_sources(code: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in _scan(_JL_CALL, code, ('Pkg', 'Spec')):
        call = f"Pkg.{m.group(1)}" if m.group(1) else m.group(0).rstrip(" \t(")
        if "Registry" in m.group(0):
            call = "Pkg.Registry.add"
        args = _arguments(code, m.end())
        for k in _first(_JL_KEYWORD.finditer(args)):
            if k.group(2) is not None:
                out.append((call, k.group(2)))
            elif k.group(1) == "url":
                out.append((call, "(…)"))
        for lit in _literals(args)[:4]:
            if _sourced(lit):
                out.append((call, lit))
    for m in _scan(_JL_SERVER, code, ('JULIA_PKG_SERVER',)):
        out.append(("JULIA_PKG_SERVER", m.group(1)))
    return out


def _command_sources(code: str) -> list[tuple[str, str]]:
    """pkg"add URL", `] add URL`, Octave's `pkg install URL`: the words of the command."""
    out: list[tuple[str, str]] = []
    for m in _scan(_PKG_COMMAND, code, ('pkg', ']')):
        for word in m.group(2).split():
            word = word.strip("'\",")
            if _sourced(word) or word.startswith(("github:", "git+")):
                out.append(("pkg " + " ".join(m.group(1).split()), word))
    for m in _scan(_OCTAVE_CALL, code, ('pkg',)):
        for lit in _literals(_arguments(code, m.end())):
            if _sourced(lit):
                out.append(("pkg install", lit))
    return out


def package_sources(code: str, family: str) -> list[tuple[str, str]]:
    """(call, source) for each package the code installs from a source named in it (at most 8)."""
    try:
        found = (_r_sources(code) if family == "r" else []) + (_julia_sources(code) if family == "julia" else []) + \
            _command_sources(code)
    except (ValueError, IndexError, RecursionError):
        return []
    out: list[tuple[str, str]] = []
    for call, source in found:
        source = source.strip()
        if source and all(source != seen for _, seen in out):  # (`repos=URL` inside install.packages: once)
            out.append((call, source))
        if len(out) == _LIMIT:
            break
    return out
