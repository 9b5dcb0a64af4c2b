"""Path facts: the files a patch writes, when a tool's field holds one.

A renamed or unknown edit tool (Codex-style `apply_patch`, `edit_file`, `patch`) takes its
change as a patch: the `*** Begin Patch` envelope (`*** Add File: PATH`, `*** Update File:
PATH`, `*** Delete File: PATH`, `*** Move to: PATH`) or a unified diff (`--- a/PATH` /
`+++ b/PATH`, `diff --git a/X b/X`, `rename to X`). `patch_files(text)` names the files it
writes, as written (`a/`/`b/` prefixes of a git diff dropped, `/dev/null` skipped), so the
file policies judge them like any write. No regexes, bounded work, never raises.
"""

from __future__ import annotations

_MAX_TEXT = 512 * 1024
_MAX_FILES = 64
_ENVELOPE = ("*** add file:", "*** update file:", "*** delete file:", "*** move to:")


def looks_like_patch(text: str) -> bool:
    """A text that is a patch: the apply_patch envelope, or a unified diff's file headers."""
    if not isinstance(text, str) or len(text) < 8:
        return False
    head = text[:_MAX_TEXT]
    if "*** begin patch" in head[:4096].lower() or any(m in head.lower() for m in ("\n*** add file:", "\n*** update file:")):
        return True
    if head.startswith("diff --git ") or "\ndiff --git " in head:
        return True
    return (head.startswith("--- ") or "\n--- " in head) and "\n+++ " in head


def _strip_git_prefix(path: str, git: bool) -> str:
    if git and len(path) > 2 and path[0] in "abciwo" and path[1] == "/":
        return path[2:]
    return path


def _header_path(rest: str) -> str:
    """The path of a `--- PATH\\tDATE` / `+++ PATH` header (a quoted name unquoted)."""
    rest = rest.strip()
    if rest.startswith('"') and rest.find('"', 1) > 0:
        return rest[1:rest.find('"', 1)]
    return rest.split("\t", 1)[0].strip()


def _hunk_sizes(line: str) -> tuple[int, int]:
    """The old and new line counts of a `@@ -a,b +c,d @@` header (1 when a count is omitted;
    0, 0 when it cannot be read: the lines that follow are then read as headers)."""
    try:
        spec = line[3:].split("@@", 1)[0].split()
        sizes = []
        for part in spec[:2]:
            _, _, count = part[1:].partition(",")
            sizes.append(int(count) if count else 1)
        return (sizes[0], sizes[1]) if len(sizes) == 2 and max(sizes) < 10_000_000 else (0, 0)
    except (ValueError, IndexError):
        return 0, 0


def patch_files(text: str) -> list[str]:
    """The files a patch writes (added, updated, deleted, renamed to), as written in it."""
    out: list[str] = []
    git = False
    for path, kind in _headers(text):
        if kind == "git?":
            git = True
            continue
        path = _strip_git_prefix(path, git or kind == "diff") if kind in ("header", "diff") else path
        if path and path != "/dev/null" and path not in out and "\x00" not in path and len(path) <= 4096:
            out.append(path)
        if len(out) >= _MAX_FILES:
            break
    return out


def patch_headers(text: str) -> list[tuple[str, bool]]:
    """The paths a patch names, as written, each with whether it is a header path that a
    `-p N` strip applies to (`--- a/x`, `+++ b/x`, `diff --git a/x b/x`) or a plain one
    (`rename to x`, the apply_patch envelope)."""
    out: list[tuple[str, bool]] = []
    for path, kind in _headers(text):
        if kind == "git?":
            continue
        entry = (path, kind in ("header", "diff"))
        if path and path != "/dev/null" and entry not in out and "\x00" not in path and len(path) <= 4096:
            out.append(entry)
        if len(out) >= _MAX_FILES:
            break
    return out


def _headers(text: str):
    """(path, kind) for each file line of a patch; kind "header" (`---`/`+++`), "diff" (the
    second path of `diff --git`), "plain"; first ("", "git?") when the patch is git-shaped."""
    try:
        if not looks_like_patch(text):
            return
        lines = text[:_MAX_TEXT].replace("\r\n", "\n").split("\n")
        if any(ln.startswith("diff --git ") for ln in lines[:20000]) or any(
                ln.startswith(("--- a/", "+++ b/")) for ln in lines[:20000]):
            yield "", "git?"
        old_left = new_left = 0
        count = 0
        for line in lines[:20000]:
            if old_left > 0 or new_left > 0:
                # inside a unified hunk: its lines are content, not headers (a removed `-- x` is `--- x`)
                mark = line[:1]
                if mark in (" ", ""):
                    old_left, new_left = old_left - 1, new_left - 1
                    continue
                if mark == "-":
                    old_left -= 1
                    continue
                if mark == "+":
                    new_left -= 1
                    continue
                if mark == "\\":
                    continue  # \ No newline at end of file
                old_left = new_left = 0
            if line.startswith("@@ -"):
                old_left, new_left = _hunk_sizes(line)
                continue
            low = line.lower()
            if low.startswith(_ENVELOPE):
                yield line.split(":", 1)[1].strip(), "plain"
            elif line.startswith(("+++ ", "--- ")):
                yield _header_path(line[4:]), "header"
            elif line.startswith(("rename to ", "copy to ")):
                yield line.split(" to ", 1)[1].strip(), "plain"
            elif line.startswith("diff --git "):
                parts = line[11:].split(" ")
                if len(parts) == 2:
                    yield parts[1], "diff"
            else:
                continue
            count += 1
            if count >= 4 * _MAX_FILES:
                return
    except Exception:  # noqa: BLE001 - attacker-shaped input: no opinion from here
        return
