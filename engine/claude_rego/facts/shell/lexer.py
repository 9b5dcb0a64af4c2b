"""Shell facts: the lexer of words (quotes, ANSI-C strings, `$…` expansions, substitutions)."""

from __future__ import annotations

from .tables import _ANSI_C, _META, _PLAIN_RUN
from .words import _BRACE_MARK, _brace_expand, _literal_output, _unmark, _Word

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser


# ----------------------------------------------------------------------- words
def word(self: _Parser, pos: int, depth: int, stop: str | None) -> tuple[_Word, int]:
    word = _Word()
    src, n = self.src, self.n
    start = pos
    parts: list[str] = []
    while pos < n:
        ch = src[pos]
        if ch in _META or (ch == "`" and stop == "`"):
            break
        if ch == "\\":
            if pos + 1 < n and src[pos + 1] == "\n":
                pos += 2
                continue
            word.quoted = True
            if pos + 1 < n:
                parts.append(src[pos + 1])
            pos += 2
        elif ch == "'":
            end = src.find("'", pos + 1)
            word.quoted = True
            if end < 0:
                self.fail("unterminated single quote")
                parts.append(src[pos + 1:])
                pos = n
            else:
                parts.append(src[pos + 1:end])
                pos = end + 1
        elif ch == '"':
            word.quoted = True
            pos = self.double_quoted(pos + 1, depth, word, parts)
        elif ch == "$" and src.startswith("$'", pos):
            word.quoted = True
            pos = self.ansi_c(pos + 2, parts)
        elif ch == "$" and src.startswith('$"', pos):  # $"…": a locale-translated string
            word.quoted = True
            pos = self.double_quoted(pos + 2, depth, word, parts)
        elif ch == "~" and pos == start and src.startswith(("~+", "~-"), pos) and (
                pos + 2 >= n or src[pos + 2] in _META or src[pos + 2] == "/"):
            parts.append("$PWD" if src[pos + 1] == "+" else "$OLDPWD")  # ~+ is $PWD, ~- $OLDPWD
            word.expansion = True
            pos += 2
        elif ch in "{,}":
            parts.append(_BRACE_MARK[ch])  # unquoted: brace expansion is applied on the word
            word.braces = True
            pos += 1
        elif ch == "$":
            pos = self.dollar(pos, depth, word, parts)
        elif ch == "`":
            pos = self.nested(pos + 1, depth, "substitution", "`", word)
            literal = _literal_output(word.nested[-1]) if word.nested else None
            parts.append("`…`" if literal is None else literal)
        elif ch in "!@*+?" and pos + 1 < n and src[pos + 1] == "(" and \
                (end := _extglob_end(src, pos + 2)) > 0:
            # an extended glob `!(keep)`, `@(a|b)`, `*(x)`, `+(x)`, `?(x)` (bash extglob, zsh
            # ksh_glob): it may match every name in its directory, so it reads as `*`
            word.glob = True
            parts.append("*")
            pos = end
        elif ch in "*?[":
            word.glob = True
            parts.append(ch)
            pos += 1
        else:
            end = _PLAIN_RUN.match(src, pos + 1).end()  # type: ignore[union-attr]  # `*`: always matches
            if end - 1 > pos and end < n and src[end] == "(" and src[end - 1] in "!@+" and \
                    _extglob_end(src, end + 1) > 0:
                end -= 1  # `build/!(keep)`: the extended glob is read on the next turn
            parts.append(src[pos:end])
            pos = end
    word.text = "".join(parts)
    word.raw = src[start:pos]
    if word.braces:
        alternatives = _brace_expand(word.text)
        word.text = _unmark(word.text)
        if len(alternatives) > 1 or (alternatives and alternatives[0] != word.text):
            word.alternatives = alternatives
    return word, pos


def _extglob_end(src: str, pos: int) -> int:
    """The position after the ")" closing an extended glob's pattern list that starts at
    `pos`, or -1 when it does not close on this line (then it is no extended glob)."""
    level, n = 1, len(src)
    while pos < n:
        ch = src[pos]
        if ch in "\n;&<> \t" or ch == "`":
            return -1  # not a pattern list: the word or the command ends here
        if ch == "\\":
            pos += 2
            continue
        if ch in "'\"":
            end = src.find(ch, pos + 1)
            if end < 0:
                return -1
            pos = end + 1
            continue
        if ch == "(":
            level += 1
        elif ch == ")":
            level -= 1
            if level == 0:
                return pos + 1
        pos += 1
    return -1


def double_quoted(self: _Parser, pos: int, depth: int, word: _Word, parts: list[str]) -> int:
    src, n = self.src, self.n
    while pos < n:
        ch = src[pos]
        if ch == '"':
            return pos + 1
        if ch == "\\" and pos + 1 < n and src[pos + 1] in '$`"\\\n':
            if src[pos + 1] != "\n":
                parts.append(src[pos + 1])
            pos += 2
        elif ch == "$" and not src.startswith("$'", pos):
            pos = self.dollar(pos, depth, word, parts)
        elif ch == "`":
            pos = self.nested(pos + 1, depth, "substitution", "`", word)
            literal = _literal_output(word.nested[-1]) if word.nested else None
            parts.append("`…`" if literal is None else literal)
        else:
            parts.append(ch)
            pos += 1
    self.fail("unterminated double quote")
    return n


def ansi_c(self: _Parser, pos: int, parts: list[str]) -> int:
    src, n = self.src, self.n
    while pos < n:
        ch = src[pos]
        if ch == "'":
            return pos + 1
        if ch == "\\" and pos + 1 < n:
            nxt = src[pos + 1]
            if nxt in _ANSI_C:
                parts.append(_ANSI_C[nxt])
                pos += 2
            elif nxt == "x":
                digits = self.take(pos + 2, "0123456789abcdefABCDEF", 2)
                parts.append(chr(int(digits, 16)) if digits else "\\x")
                pos += 2 + len(digits)
            elif nxt in "uU":
                digits = self.take(pos + 2, "0123456789abcdefABCDEF", 4 if nxt == "u" else 8)
                try:
                    parts.append(chr(int(digits, 16)) if digits else "\\" + nxt)
                except (ValueError, OverflowError):
                    parts.append("\ufffd")
                pos += 2 + len(digits)
            elif nxt in "01234567":
                digits = self.take(pos + 1, "01234567", 3)
                parts.append(chr(int(digits, 8) & 0xFF))
                pos += 1 + len(digits)
            else:
                parts.append("\\" + nxt)
                pos += 2
        else:
            parts.append(ch)
            pos += 1
    self.fail("unterminated $'...' quote")
    return n


def take(self: _Parser, pos: int, alphabet: str, limit: int) -> str:
    end = pos
    while end < self.n and end - pos < limit and self.src[end] in alphabet:
        end += 1
    return self.src[pos:end]


def dollar(self: _Parser, pos: int, depth: int, word: _Word, parts: list[str]) -> int:
    src = self.src
    if src.startswith("$((", pos):
        # arithmetic: balanced to its "))"; command substitutions inside still run
        i, level = pos + 3, 2
        while i < self.n and level > 0:
            ch = src[i]
            if src.startswith("$(", i) and not src.startswith("$((", i):
                i = self.nested(i + 2, depth, "substitution", ")", word)
                continue
            if ch == "`":
                i = self.nested(i + 1, depth, "substitution", "`", word)
                continue
            level += 1 if ch == "(" else -1 if ch == ")" else 0
            i += 1
        end = i
        parts.append(src[pos:end] if "$(" not in src[pos + 3:end] and "`" not in src[pos + 3:end] else "$((…))")
        word.expansion = True
        return end
    if src.startswith("$(", pos):
        end = self.nested(pos + 2, depth, "substitution", ")", word)
        literal = _literal_output(word.nested[-1]) if word.nested else None
        parts.append("$(…)" if literal is None else literal)  # $(echo /) is /
        return end
    if src.startswith("${", pos):
        end = src.find("}", pos + 2)
        end = self.n if end < 0 else end + 1
        parts.append(src[pos:end])
        word.expansion = True
        return end
    j = pos + 1
    if j < self.n and (src[j].isalnum() or src[j] == "_"):
        while j < self.n and (src[j].isalnum() or src[j] == "_"):
            j += 1
    elif j < self.n and src[j] in "@*#?$!-0123456789":
        j += 1
    else:
        parts.append("$")
        return pos + 1
    parts.append(src[pos:j])
    word.expansion = True
    return j


def nested(self: _Parser, pos: int, depth: int, context: str, stop: str, word: _Word) -> int:
    word.substitution = True
    if depth + 1 > self.max_depth:
        self.note("too_deep")
        if stop == "`":
            end = self.src.find("`", pos)
            return self.n if end < 0 else end + 1
        return self.skip_balanced(pos)
    saved, self.subshell_stdin = self.last_stage, None
    nodes, pos = self.sequence(pos, depth + 1, context, stop)
    self.last_stage = saved
    word.nested.append(nodes)
    return pos
