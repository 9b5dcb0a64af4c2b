"""Path facts: symlink resolution (pluggable resolvers) and the facts of one path."""

from __future__ import annotations

import os
import stat

from .lexical import (
    HOST_FLAVOUR,
    _alias,
    _check_flavour,
    _collapse,
    _cwd_split,
    _home_split,
    _join,
    _key,
    _render,
    _truncate_nul,
    _under,
    fold,
)

TYPE_CHECKING = False  # typing costs ~10 ms of import time on every hook call
if TYPE_CHECKING:
    from collections.abc import Mapping

    from .lexical import Resolver, Split

_MAX_LINK_HOPS = 40  # like Linux's MAXSYMLINKS


# --- resolution --------------------------------------------------------------------


def _default_resolver(flavour: str) -> Resolver | None:
    """Real symlink resolution only makes sense for the host's own flavour."""
    if flavour != HOST_FLAVOUR:
        return None
    return cached_realpath() if os.name == "posix" else os.path.realpath


def cached_realpath() -> Resolver:
    """os.path.realpath with each directory resolved once (for the paths of one tool call,
    which mostly share their directories): realpath(dir/name) is realpath(dir)/name when
    dir/name is no symlink (one lstat), else the full realpath. Same answers as
    os.path.realpath (posix, non-strict), which also walks the directory first and keeps a
    name it cannot lstat. A directory is resolved alike from its parent. One resolver per
    build, never kept across calls: files change between them."""
    dirs: dict[str, str] = {}
    realpath, lstat = os.path.realpath, os.lstat

    def resolve(path: str) -> str:
        head, _, name = path.rpartition("/")
        if not isinstance(path, str) or not head.startswith("/") or name in ("", ".", "..") or "//" in path:
            return realpath(path)
        real_dir = dirs.get(head)
        if real_dir is None:
            # the directory the same way (one lstat when its parent is known), its depth bounded
            real_dir = dirs[head] = resolve(head) if head.count("/") <= 32 else realpath(head)
        joined = real_dir + name if real_dir.endswith("/") else real_dir + "/" + name
        try:
            if stat.S_ISLNK(lstat(joined).st_mode):
                return realpath(path)
        except OSError:  # (a NUL raises ValueError, as in realpath)
            pass  # realpath keeps a name it cannot lstat (it does not exist, a loop, …)
        return joined

    return resolve


def _resolve(joined: Split, flavour: str, cwd: Split, resolver: Resolver | None) -> Split:
    """Resolve symlinks; if the path cannot be resolved, resolve its longest prefix that can.

    Posix resolves from the joined path with ".." still in it, because the kernel
    applies ".." after following a symlink ("link/../x" is next to the link's target).
    Windows collapses ".." before it looks at the file system, so we do too.
    """
    if flavour == "windows":
        joined = _collapse(joined)
    if resolver is None:
        return _alias(_collapse(joined), flavour)
    anchor, parts = joined
    for cut in range(len(parts), -1, -1):
        try:
            out = resolver(_render((anchor, parts[:cut]), flavour))
            if not isinstance(out, str):
                continue
            out_split = _collapse(_join(_truncate_nul(out), flavour, cwd, None))
        except Exception:  # noqa: BLE001 — a resolver may fail in any way; try a shorter prefix
            continue
        rest = _collapse((out_split[0], out_split[1] + parts[cut:]))
        return _alias(rest, flavour)
    return _alias(_collapse(joined), flavour)


def mapping_resolver(links: Mapping[str, str], flavour: str = HOST_FLAVOUR) -> Resolver:
    """A resolver from {link: target} for tests and fixtures of other flavours.

    Every path "exists"; links are followed component by component (relative targets
    against the link's directory, ".." after a link like the kernel); loops raise OSError.
    """
    _check_flavour(flavour)
    root: Split = ("C:", ()) if flavour == "windows" else ("/", ())
    table = {_key(_collapse(_join(k, flavour, root, None)), flavour): v for k, v in links.items()}

    def resolve(path: str) -> str:
        anchor, parts = _join(path, flavour, root, None)
        done: Split = (anchor, ())
        todo = list(parts)
        hops = 0
        while todo:
            part = todo.pop(0)
            if part == "..":
                done = (done[0], done[1][:-1])
                continue
            here = (done[0], done[1] + (part,))
            target = table.get(_key(here, flavour))
            if target is None:
                done = here
                continue
            hops += 1
            if hops > _MAX_LINK_HOPS:
                raise OSError(40, "Too many levels of symbolic links", path)
            anchor, parts = _join(target, flavour, done, None)
            done, todo = (anchor, ()), list(parts) + todo
        return _render(done, flavour)

    return resolve


# --- facts -------------------------------------------------------------------------


class _Context:
    """What stays fixed across the paths of one tool call: parsed once, resolved once.
    `facts` caches the facts of each raw path text for this call (the same file is often
    named by many segments; resolving it is a system call per component each time)."""

    __slots__ = ("flavour", "cwd", "home", "project_key", "project_resolved_key", "resolver", "facts")

    def __init__(self, *, cwd: str, project_dir: str | None, home: str | None,
                 flavour: str, resolver: Resolver | None) -> None:
        _check_flavour(flavour)
        self.flavour = flavour
        self.facts: dict[str, dict] = {}
        self.resolver = resolver if resolver is not None else _default_resolver(flavour)
        self.cwd = _cwd_split(cwd, flavour)
        self.home = _home_split(home, flavour, self.cwd)
        self.project_key = self.project_resolved_key = None
        if isinstance(project_dir, str) and project_dir:
            joined = _join(_truncate_nul(project_dir), flavour, self.cwd, self.home)
            self.project_key = _key(_collapse(joined), flavour)
            resolved = _resolve(joined, flavour, self.cwd, self.resolver)
            self.project_resolved_key = _key(resolved, flavour)


def _home_relative(absolute: Split, ctx: _Context) -> str | None:
    """ "~/.aws/credentials" style, always with "/" so one policy string fits every OS."""
    if ctx.home is None:
        return None
    home_key = _key(ctx.home, ctx.flavour)
    abs_key = _key(absolute, ctx.flavour)
    if not _under(abs_key, home_key):
        return None
    rest = absolute[1][len(ctx.home[1]):]
    return "~/" + "/".join(rest) if rest else "~"


def _traversal(raw: str, flavour: str) -> bool:
    """Does the raw text climb with a ".." component (before any normalisation)?"""
    if flavour == "windows":
        raw = raw.replace("\\", "/")
    return ".." in raw.split("/")


def _is_glob(text: str, flavour: str) -> bool:
    """Could the OS/shell/tool expand this as a pattern (`*`, `?`, `[...]`)? Then `absolute`
    names a pattern, not one file, and policies compare it as a glob (lib/paths.rego)."""
    return "*" in text or "?" in text or ("[" in text and flavour != "windows")


def _facts(raw: object, ctx: _Context) -> dict:
    """The facts of one raw path (a fresh dict, the caller may change it); never raises for
    a str (or any other) raw."""
    if isinstance(raw, str):
        cached = ctx.facts.get(raw)
        if cached is None:
            cached = ctx.facts[raw] = _compute_facts(raw, ctx)
        return dict(cached)
    return _compute_facts(raw, ctx)


def _compute_facts(raw: object, ctx: _Context) -> dict:
    flavour = ctx.flavour
    text = raw if isinstance(raw, str) else ""
    invalid = not text or "\0" in text
    text = _truncate_nul(text)
    if text.startswith(("/proc/self/cwd", "/proc/thread-self/cwd")) and flavour != "windows":
        # the calling process's working directory: the session's (`/proc/self/cwd/../.aws` is
        # `../.aws`); a resolver on the host would follow the link to the hook's own cwd instead
        rest = text.partition("/cwd")[2]
        if rest == "" or rest.startswith("/"):
            text = _render(ctx.cwd, flavour) + rest

    joined = _join(text, flavour, ctx.cwd, ctx.home) if text else ctx.cwd
    absolute = _collapse(joined)
    resolved = _resolve(joined, flavour, ctx.cwd, ctx.resolver)
    abs_key = _key(absolute, flavour)
    res_key = _key(resolved, flavour)

    absolute_text = _render(absolute, flavour)
    name = absolute[1][-1] if absolute[1] else ""
    return {
        "raw": raw,
        "absolute": absolute_text,
        "resolved": _render(resolved, flavour),
        "inside_project": None if ctx.project_key is None else _under(abs_key, ctx.project_key),
        "resolved_inside_project": (
            None if ctx.project_resolved_key is None else _under(res_key, ctx.project_resolved_key)
        ),
        "traversal": _traversal(text, flavour),
        "via_symlink": abs_key != res_key,
        "name": name,
        "name_folded": fold(name),
        "absolute_folded": fold(absolute_text),
        "home_relative": _home_relative(absolute, ctx),
        "invalid": invalid,
        "glob": _is_glob(text, flavour),
    }


def path_facts(raw: str, *, cwd: str, project_dir: str | None, home: str | None,
               flavour: str = HOST_FLAVOUR, resolver: Resolver | None = None) -> dict:
    """Normalised facts for one raw path (see the module docstring and the contract).

    `resolver(path) -> path` resolves symlinks (default: os.path.realpath for the host
    flavour, none otherwise); it may raise for a path it cannot resolve, in which case
    the longest prefix it can resolve is used and the rest appended.
    """
    ctx = _Context(cwd=cwd, project_dir=project_dir, home=home, flavour=flavour, resolver=resolver)
    return _facts(raw, ctx)
