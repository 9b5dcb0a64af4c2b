"""Shell facts: literal text (the word being built, brace expansion, echo/printf/mktemp output)."""

from __future__ import annotations

import itertools

from .tables import _ANSI_C

# Unquoted "{", "," and "}" inside a word, kept apart from quoted ones until brace
# expansion has run (private-use characters never typed in a command line).
_BRACE_MARK = {"{": "\ue000", ",": "\ue001", "}": "\ue002"}
_BRACE_OPEN, _BRACE_COMMA, _BRACE_CLOSE = _BRACE_MARK["{"], _BRACE_MARK[","], _BRACE_MARK["}"]
_BRACE_LIMIT = 64  # words one brace expression may produce before the rest is dropped (marked)


def _unmark(text: str) -> str:
    if _BRACE_OPEN in text or _BRACE_COMMA in text or _BRACE_CLOSE in text:
        return text.replace(_BRACE_OPEN, "{").replace(_BRACE_COMMA, ",").replace(_BRACE_CLOSE, "}")
    return text


def _brace_sequence(body: str) -> list[str] | None:
    """{1..5}, {a..e}, {10..1..3}: the words of a sequence expression, or None."""
    bits = body.split("..")
    if len(bits) not in (2, 3):
        return None
    step = 1
    if len(bits) == 3:
        if not bits[2].lstrip("-").isdigit():
            return None
        step = abs(int(bits[2])) or 1
    a, b = bits[0], bits[1]
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        x, y = int(a), int(b)
        width = max(len(a), len(b)) if (a.lstrip("-").startswith("0") and len(a.lstrip("-")) > 1) or \
            (b.lstrip("-").startswith("0") and len(b.lstrip("-")) > 1) else 0
        rng = range(x, y + 1, step) if x <= y else range(x, y - 1, -step)
        return [str(v).zfill(width) for v in itertools.islice(rng, _BRACE_LIMIT)]
    if len(a) == 1 and len(b) == 1 and a.isascii() and b.isascii() and a.isalpha() and b.isalpha():
        x, y = ord(a), ord(b)
        rng = range(x, y + 1, step) if x <= y else range(x, y - 1, -step)
        return [chr(v) for v in itertools.islice(rng, _BRACE_LIMIT)]
    return None


def _brace_expand(text: str, budget: int = _BRACE_LIMIT) -> list[str]:
    """Bash brace expansion of a marked word: `{rm,-rf,~}` → rm -rf ~, `.{e,}nv` → .env .nv.

    Empty results are dropped, as bash drops them; at most `budget` words.
    """
    start = 0
    while True:
        i = text.find(_BRACE_OPEN, start)
        if i < 0:
            return [_unmark(text)]
        depth, close, commas = 0, -1, []
        for j in range(i, len(text)):
            c = text[j]
            if c == _BRACE_OPEN:
                depth += 1
            elif c == _BRACE_CLOSE:
                depth -= 1
                if depth == 0:
                    close = j
                    break
            elif c == _BRACE_COMMA and depth == 1:
                commas.append(j)
        if close < 0:
            return [_unmark(text)]
        pre, post = text[:i], text[close + 1:]
        if commas:
            cuts = [i] + commas + [close]
            pieces = [text[cuts[k] + 1:cuts[k + 1]] for k in range(len(cuts) - 1)]
        else:
            sequence = _brace_sequence(_unmark(text[i + 1:close]))
            if sequence is None:
                start = i + 1
                continue
            pieces = sequence
        # the part before this brace has no expandable brace left: keep it literal
        pre = _unmark(pre)
        out: list[str] = []
        for piece in pieces:
            for word in _brace_expand(pre + piece + post, budget - len(out)):
                if word:
                    out.append(word)
                if len(out) >= budget:
                    return out
        return out


class _Word:
    """One shell word: its text after quote removal, and what made it dynamic."""

    __slots__ = ("text", "quoted", "expansion", "substitution", "glob", "nested", "raw", "braces",
                 "alternatives", "elements")

    def __init__(self):
        self.text = ""
        self.quoted = False        # any part was quoted or escaped
        self.expansion = False     # unquoted or double-quoted $var / ${…} / $((…))
        self.substitution = False  # $(…) or `…`
        self.glob = False          # unquoted * ? [
        self.nested: list = []     # (context, nodes) of substitutions inside the word
        self.raw = ""
        self.braces = False        # unquoted { , } seen (brace expansion may apply)
        self.alternatives = None   # the words brace expansion makes of it, when it applies
        self.elements: list | None = None  # `name=(a b c)`: the array's element words


def _echo_text(args: list[str]) -> str:
    """What `echo ARGS` prints (without the final newline); -e escapes are applied."""
    escapes = False
    while args and args[0] in ("-n", "-e", "-E", "-ne", "-en"):
        escapes = escapes or "e" in args[0]
        args = args[1:]
    text = " ".join(args)
    return _unescape(text) if escapes else text


def _unescape(text: str) -> str:
    """printf %b / echo -e escapes: \\n, \\x41, \\0101, \\101, \\u0041."""
    if "\\" not in text:
        return text
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch != "\\" or i + 1 >= n:
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt in _ANSI_C:
            out.append(_ANSI_C[nxt])
            i += 2
        elif nxt in "xuU":
            limit = {"x": 2, "u": 4, "U": 8}[nxt]
            j = i + 2
            while j < n and j - i - 2 < limit and text[j] in "0123456789abcdefABCDEF":
                j += 1
            try:
                out.append(chr(int(text[i + 2:j], 16)) if j > i + 2 else text[i:i + 2])
            except (ValueError, OverflowError):
                out.append("\ufffd")
            i = j if j > i + 2 else i + 2
        elif nxt in "01234567":
            j = i + 1 + (1 if nxt == "0" else 0)
            start = j
            while j < n and j - start < 3 and text[j] in "01234567":
                j += 1
            out.append(chr(int(text[start:j] or "0", 8) & 0xFF))
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _printf_text(args: list[str]) -> str | None:
    """What printf prints for %s/%b formats (the format is reused while arguments remain)."""
    if args[:1] == ["--"]:
        args = args[1:]  # printf -- FORMAT: the end of options
    if not args:
        return None
    fmt, rest = args[0], list(args[1:])
    if "%" not in fmt:
        return _unescape(fmt)
    out: list[str] = []
    for _ in range(64):
        i, used = 0, False
        while i < len(fmt):
            if fmt.startswith("%%", i):
                out.append("%")
                i += 2
            elif fmt.startswith("%s", i) or fmt.startswith("%b", i):
                value = rest.pop(0) if rest else ""
                out.append(_unescape(value) if fmt[i + 1] == "b" else value)
                used = True
                i += 2
            elif fmt[i] == "%":
                return None
            else:
                out.append(_unescape(fmt[i]) if fmt[i] != "\\" else "")
                if fmt[i] == "\\":
                    j = i + 1
                    escaped = _unescape(fmt[i:i + 2]) if j < len(fmt) and fmt[j] not in "01234567xuU" else None
                    if escaped is None:
                        out.pop()
                        k = i + 2
                        while k < len(fmt) and k - i < 10 and fmt[k] not in "\\%":
                            k += 1
                        out.append(_unescape(fmt[i:k]))
                        i = k
                        continue
                    out[-1] = escaped
                    i += 2
                    continue
                i += 1
        if not rest or not used:
            break
    return "".join(out)


def _literal_output(nodes: list, redirected: bool = False) -> str | None:
    """The text a stage prints when it is a literal echo/printf (or a literal heredoc
    fed to cat), else None."""
    if len(nodes) != 1 or not isinstance(nodes[0], dict):
        return None
    node = nodes[0]
    if not node.get("_literal") or node.get("children") or node.get("wrappers"):
        return None
    command, args = node.get("command"), node.get("args") or []
    redirects = node.get("_heredocs") or []
    if command == "echo" and (redirected or not node["redirects"]):
        return _echo_text(args)
    if command == "printf" and (redirected or not node["redirects"]):
        text = _printf_text(args)
        return None if text is None else text.rstrip("\n")
    if command == "cat" and not args and len(redirects) == 1:
        h = redirects[0]
        text = h["target"] if h["op"] == "<<<" else h.get("body")
        return None if text is None else text.rstrip("\n")
    if command == "mktemp" and not node["redirects"]:
        return _mktemp_path(args)
    return None


def _mktemp_path(args: list[str]) -> str | None:
    """Where `mktemp [-d] [-p DIR|--tmpdir[=DIR]|-t] [TEMPLATE]` creates its fresh file:
    under DIR, else the temp dir (/tmp) unless a bare template names a place of its own
    (relative to the working directory). The random part stays as the template's X's."""
    directory, template, i = None, None, 0
    while i < len(args):
        a = args[i]
        if a == "-p":
            if i + 1 >= len(args):
                return None
            directory, i = args[i + 1], i + 2
            continue
        if a.startswith("--tmpdir="):
            directory = a.partition("=")[2] or "/tmp"
        elif a in ("--tmpdir", "-t"):
            directory = directory or "/tmp"
        elif a.startswith("-p") and not a.startswith("--"):
            directory = a[2:]
        elif a.startswith("--suffix=") or a in ("-d", "-u", "-q", "--directory", "--dry-run", "--quiet", "--"):
            pass
        elif a.startswith("-") and len(a) > 1:
            flags = a[1:]
            if not all(c in "dqut" for c in flags):
                return None  # an option this model does not know: the path is unknown
            if "t" in flags:
                directory = directory or "/tmp"
        elif template is None:
            template = a
        else:
            return None
        i += 1
    if "\x00" in (directory or "") or (template and "\x00" in template):
        return None
    if template is None:
        return (directory or "/tmp").rstrip("/") + "/tmp.XXXXXXXXXX"
    if directory is not None and not template.startswith("/"):
        return directory.rstrip("/") + "/" + template
    return template


def _split_simple(text: str) -> list[str]:
    """Words of a simple command line (quotes removed), for aliases and -S strings."""
    from .parser import _Parser  # the parser is built on these words (import cycle)

    try:
        parser = _Parser(text, 1)
        word_texts, pos = [], 0
        while pos < parser.n:
            if parser.src[pos] in " \t\n":
                pos += 1
                continue
            word, end = parser.word(pos, 0, None)
            if end == pos:
                word_texts.append(parser.src[pos])
                end = pos + 1
            else:
                word_texts.append(word.text)
            pos = end
        return word_texts
    except Exception:  # noqa: BLE001
        return text.split()


def _quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'" if any(c in word for c in " \t\n;&|<>()$`'\"\\*?[]{}~#") else word


def _ref_at(text: str, j: int) -> tuple[str | None, int]:
    """The variable referenced by `$…` at text[j]: (name, end) or (None, end)."""
    n = len(text)
    if j + 1 < n and text[j + 1] == "{":
        end = text.find("}", j + 2)
        if end < 0:
            return None, n
        inner = text[j + 2:end]
        if inner.isidentifier() or inner.isdigit() or inner in ("@", "*", "#"):
            return inner, end + 1
        return None, end + 1
    k = j + 1
    if k < n and text[k] in "@*#0123456789":
        return text[k], k + 1
    while k < n and (text[k].isalnum() or text[k] == "_"):
        k += 1
    return (text[j + 1:k], k) if k > j + 1 else (None, j + 1)


def _variants(texts: list[list[str]]) -> list[list[str]]:
    """Argument lists beyond the first when some word stands for several values."""
    for t in texts:
        if len(t) != 1:
            break
    else:
        return []
    out: list[list[str]] = [[]]
    for t in texts:
        out = [o + [v] for o in out for v in t][:_BRACE_LIMIT]
    return out[1:]


def _identifiers(text: str) -> list[str]:
    """The shell identifiers in a word (`a[i]`, `x y`, `-v name`: a, i, x, y, v, name)."""
    out, word = [], ""
    for ch in text + " ":
        if ch.isalnum() or ch == "_":
            word += ch
        else:
            if word and not word[0].isdigit():
                out.append(word)
            word = ""
    return out
