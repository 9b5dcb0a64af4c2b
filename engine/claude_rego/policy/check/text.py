"""Checks on the Rego text before the engine sees it: literal nesting, parse errors."""

from __future__ import annotations

from pathlib import Path

from ..sources import SourceRefused
from ..sources import walk as walk_sources
from .findings import Finding, _from_engine_error


def literal_depth(text: str) -> tuple[int, int]:
    """Deepest ([{ nesting outside strings and comments, and the line where it occurs."""
    depth = deepest = 0
    line = deepest_line = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch == '"':
            i += 1
            while i < n and text[i] != '"' and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
        elif ch == "`":
            end = text.find("`", i + 1)
            line += text.count("\n", i, end if end >= 0 else n)
            i = n if end < 0 else end
        elif ch in "([{":
            depth += 1
            if depth > deepest:
                deepest, deepest_line = depth, line
        elif ch in ")]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest, deepest_line


def _rego_files(sources: list[str]) -> list[tuple[str, str]]:
    out = []
    for source in sources:
        root = Path(source)
        try:
            files = [entry.path for entry in walk_sources(root) if entry.kind == "rego"]
        except SourceRefused as exc:
            out.append((f"{root}/{exc.rel}", f"# refused: {exc}"))
            continue
        for file in files:
            try:
                out.append((str(file), file.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as exc:
                out.append((str(file), ""))
                out[-1] = (str(file), f"# unreadable: {exc}")
    return out


def _parse_error(path: str, text: str) -> Finding | None:
    from ...engines.regorus_engine import RegorusEngine

    try:
        RegorusEngine(gather_prints=False).load([(path, text)], {})
    except Exception as exc:  # noqa: BLE001
        return _from_engine_error(str(exc), "error", "parse", default_file=path)
    return None
