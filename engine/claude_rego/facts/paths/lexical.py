"""Path facts: OS flavours, lexical parsing, joining and comparison of paths (no file system)."""

from __future__ import annotations

from ..host import host_flavour

TYPE_CHECKING = False  # typing costs ~10 ms of import time on every hook call
if TYPE_CHECKING:
    from collections.abc import Callable

    # A path split into its anchor and components. The anchor is "/" (posix), "C:" (a
    # drive) or "\\server\share" (UNC); an empty anchor means "not absolute".
    Split = tuple[str, tuple[str, ...]]
    Resolver = Callable[[str], str]

FLAVOURS = ("linux", "macos", "windows")

_MACOS_ALIASES = frozenset(("etc", "tmp", "var"))  # /etc -> /private/etc, ...
_WIN_DEFAULT_STREAM = "::$data"  # "a.txt::$DATA" is the file a.txt itself


HOST_FLAVOUR = host_flavour()


def _check_flavour(flavour: str) -> None:
    """A wrong flavour is a programming error, not bad input: fail loudly."""
    if flavour not in FLAVOURS:
        raise ValueError(f"unknown path flavour {flavour!r}; expected one of {FLAVOURS}")


# --- lexical parsing ---------------------------------------------------------------


def _split_posix(path: str) -> tuple[str, bool, list[str]]:
    """(anchor, rooted, parts). A leading "//" is just "/" here: policies want one form."""
    rooted = path.startswith("/")
    return ("/" if rooted else ""), rooted, [p for p in path.split("/") if p and p != "."]


def _strip_win_prefix(path: str) -> str:
    r"""Drop \\?\ and \\.\ so "\\?\C:\x" and "C:\x" are the same path to policies."""
    if path[:4] not in ("\\\\?\\", "\\\\.\\"):
        return path
    rest = path[4:]
    if rest[:4].upper() == "UNC\\":
        return "\\\\" + rest[4:]
    if len(rest) >= 2 and rest[1] == ":" and rest[0].isascii() and rest[0].isalpha():
        return rest
    return path  # a device such as \\.\pipe\x: parsed as UNC with server "." below


def _clean_win_part(part: str) -> str:
    """Win32 ignores trailing dots and spaces: ".env." and ".env " open ".env"."""
    if part in (".", ".."):
        return part
    stripped = part.rstrip(". ")
    return stripped or part


def _split_windows(path: str) -> tuple[str, bool, list[str]]:
    r"""(anchor, rooted, parts) for drive ("C:\x", "C:x"), UNC, rooted ("\x") and relative paths."""
    path = _strip_win_prefix(path.replace("/", "\\"))
    anchor, rooted = "", False
    if path.startswith("\\\\"):
        bits = [b for b in path[2:].split("\\") if b]
        anchor = "\\\\" + "\\".join(bits[:2]) if bits else ""
        rooted, path = True, "\\".join(bits[2:])
    elif len(path) >= 2 and path[1] == ":" and path[0].isascii() and path[0].isalpha():
        anchor, path = path[0].upper() + ":", path[2:]
        rooted = path.startswith("\\")
    else:
        rooted = path.startswith("\\")
    parts = [_clean_win_part(p) for p in path.split("\\") if p and p != "."]
    if parts and parts[-1].lower().endswith(_WIN_DEFAULT_STREAM):
        parts[-1] = parts[-1][: -len(_WIN_DEFAULT_STREAM)] or parts[-1]
    return anchor, rooted, parts


def _split(path: str, flavour: str) -> tuple[str, bool, list[str]]:
    """Dispatch on flavour; the result still contains ".." components."""
    return _split_windows(path) if flavour == "windows" else _split_posix(path)


def _is_home_ref(raw: str, flavour: str) -> bool:
    """Only a leading "~" or "~/" is home: "~user" and "a/~" are literal names."""
    if raw == "~" or raw.startswith("~/"):
        return True
    return flavour == "windows" and raw.startswith("~\\")


def _join(raw: str, flavour: str, cwd: Split, home: Split | None) -> Split:
    """Make raw absolute against cwd (or home for "~"), keeping ".." for the resolver."""
    if home is not None and _is_home_ref(raw, flavour):
        return home[0], home[1] + tuple(_split(raw[1:], flavour)[2])
    anchor, rooted, parts = _split(raw, flavour)
    if flavour != "windows":
        return ("/", tuple(parts)) if rooted else (cwd[0], cwd[1] + tuple(parts))
    if anchor and rooted:
        return anchor, tuple(parts)
    if rooted:  # "\x": the root of the current drive or share
        return cwd[0], tuple(parts)
    if anchor and anchor.lower() != cwd[0].lower():  # "D:x" with cwd on C: best effort
        return anchor, tuple(parts)
    return cwd[0], cwd[1] + tuple(parts)


def _collapse(split: Split) -> Split:
    """Apply ".." lexically; it cannot climb above the anchor (as the OS does)."""
    out: list[str] = []
    for part in split[1]:
        if part == "..":
            if out:
                out.pop()
        else:
            out.append(part)
    return split[0], tuple(out)


def _render(split: Split, flavour: str) -> str:
    """The flavour's native spelling of a split path."""
    anchor, parts = split
    if flavour == "windows":
        return anchor + "\\" + "\\".join(parts)
    return "/" + "/".join(parts)


def _home_split(home: str | None, flavour: str, cwd: Split) -> Split | None:
    """Normalise the home directory itself; None or "" means "not given"."""
    if not isinstance(home, str) or not home:
        return None
    return _collapse(_join(_truncate_nul(home), flavour, cwd, None))


def _cwd_split(cwd: str, flavour: str) -> Split:
    """cwd must be absolute; anything else falls back to the root (best effort, no raise)."""
    fallback: Split = ("C:", ()) if flavour == "windows" else ("/", ())
    if not isinstance(cwd, str):
        return fallback
    anchor, _rooted, parts = _split(_truncate_nul(cwd), flavour)
    if not anchor:
        return fallback
    return _collapse((anchor, tuple(parts)))  # a drive-relative "C:x" cwd counts as "C:\x"


def _truncate_nul(path: str) -> str:
    """The OS (C strings) sees a path only up to its first NUL; so do we."""
    nul = path.find("\0")
    return path if nul < 0 else path[:nul]


# --- comparison --------------------------------------------------------------------


def _alias(split: Split, flavour: str) -> Split:
    """macOS: /etc, /tmp and /var are symlinks into /private; use the /private form."""
    if flavour == "macos" and split[1] and split[1][0].lower() in _MACOS_ALIASES:
        return split[0], ("private",) + split[1]
    return split


def _key(split: Split, flavour: str) -> Split:
    """Comparison key: exact on linux; case-insensitive (and NFC on macos) elsewhere.

    str.lower rather than casefold: casefold equates "ß" and "ss", which the file
    systems do not, and could make an outside path look inside the project.
    """
    if flavour == "linux":
        return split
    anchor, parts = _alias(split, flavour)
    if flavour == "macos":
        import unicodedata  # (here: Linux and Windows keys never need it)

        parts = tuple(unicodedata.normalize("NFC", p) for p in parts)
    return anchor.lower(), tuple(p.lower() for p in parts)


def _under(child: Split, parent: Split) -> bool:
    """Same path or a descendant, at a component boundary (keys expected)."""
    n = len(parent[1])
    return child[0] == parent[0] and child[1][:n] == parent[1]


def fold(text: str) -> str:
    """NFKC + casefold (compatibility caseless form): ".ENV", "．ｅｎｖ" -> ".env".

    ASCII text is its own NFKC form and casefolds as str.lower does, so it is lowered
    without unicodedata (imported only for other text: most hook calls never need it)."""
    if text.isascii():
        return text.lower()
    import unicodedata

    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
