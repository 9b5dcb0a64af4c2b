"""Regular expressions compiled at their first use, not at import.

A hook is a fresh process per call: compiling the secret scan's ~370 patterns at import
cost ~17–28 ms of every call, though a call's text holds the literal needle of only a
few (usually none). `lazy(pattern)` stands in for `re.compile(pattern)`: the same
methods, compiled once on the first one (a race compiles twice, harmlessly).
Standard library only.
"""

from __future__ import annotations

import re


class LazyPattern:
    """`re.compile(pattern, flags)`, deferred until a method needs it."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags = pattern, flags
        self._compiled: re.Pattern | None = None

    @property
    def compiled(self) -> re.Pattern:
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(self.pattern, self.flags)
        return found

    def search(self, string: str, *args):
        return self.compiled.search(string, *args)

    def match(self, string: str, *args):
        return self.compiled.match(string, *args)

    def fullmatch(self, string: str, *args):
        return self.compiled.fullmatch(string, *args)

    def finditer(self, string: str, *args):
        return self.compiled.finditer(string, *args)

    def findall(self, string: str, *args):
        return self.compiled.findall(string, *args)

    def sub(self, repl, string: str, count: int = 0):
        return self.compiled.sub(repl, string, count)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r})"


lazy = LazyPattern
