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
    if len(nodes) == 2 and isinstance(nodes[1], dict) and nodes[1].get("operator") == "|":
        # `$(echo X | tr A-Z a-z)`: a literal text through a case-mapping tr
        first = _literal_output(nodes[:1], redirected)
        return None if first is None else _tr_text(first, nodes[1])
    if len(nodes) != 1 or not isinstance(nodes[0], dict):
        return None
    node = nodes[0]
    path = _path_output(node)
    if path is not None:
        return path
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


# ------------------------------------------------------------ parameter expansion operators
# `${v%pat}`, `${v#pat}`, `${v:off:len}`, `${v,,}`, `${v/pat/rep}`, `${v:-default}`, `${#v}`, `${a[1]}`
# on values the parser knows. What cannot be computed is left as written (it keeps its `$`, so
# the facts mark it unresolved): never a wrong literal.
_VALUE_LIMIT = 1024  # longest value a pattern operator is computed on (else: unresolved)
_DEFAULTS = (":-", ":=", ":?", ":+", "-", "=", "?", "+")


def _brace_end(text: str, j: int) -> int:
    """The index after the `}` closing the `${` at text[j] (nested `${…}` skipped), or -1."""
    depth, k, n = 0, j + 1, len(text)
    while k < n:
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == "{" and text[k - 1] == "$":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return -1


def _param_parts(inner: str) -> tuple[str, str | None, str, str] | None:
    """`${inner}` split into (name, index or None, operator, argument); None when not a form read here."""
    if inner.startswith("#") and len(inner) > 1:
        name, index, rest = _name_index(inner[1:])
        return (name, index, "#len", "") if name and not rest else None
    name, index, rest = _name_index(inner)
    if not name:
        return None
    if not rest:
        return name, index, "", ""
    for op in (":-", ":=", ":?", ":+", "%%", "##", ",,", "^^", "//", "/#", "/%",
               "-", "=", "?", "+", "%", "#", ",", "^", "/"):
        if rest.startswith(op):
            return name, index, op, rest[len(op):]
    if rest.startswith(":"):
        return name, index, ":", rest[1:]
    return None


def _name_index(text: str) -> tuple[str, str | None, str]:
    k = 0
    if text[:1].isdigit():
        while k < len(text) and text[k].isdigit():
            k += 1
    else:
        while k < len(text) and (text[k].isalnum() or text[k] == "_"):
            k += 1
        if k and text[0].isdigit():
            return "", None, text
    name, rest = text[:k], text[k:]
    if name and rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            return "", None, text
        return name, rest[1:close], rest[close + 1:]
    return name, None, rest


def _glob_regex(pattern: str):
    """A bash glob pattern (`*`, `?`, `[…]`, `\\x`) as a compiled regex; None when it holds an
    expansion or an extended glob (unknown)."""
    import re

    if "$" in pattern or "`" in pattern or "…" in pattern or len(pattern) > 256:
        return None
    out, i, n = [], 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            out.append(re.escape(pattern[i + 1]))
            i += 2
        elif c == "*":
            out.append(".*")
            i += 1
        elif c == "?":
            if i + 1 < n and pattern[i + 1] == "(":
                return None
            out.append(".")
            i += 1
        elif c in "+@!" and i + 1 < n and pattern[i + 1] == "(":
            return None
        elif c == "[":
            close = pattern.find("]", i + 2)
            if close < 0:
                out.append(re.escape(c))
                i += 1
                continue
            body = pattern[i + 1:close]
            if "[:" in body:
                return None
            negate = body[:1] in ("!", "^")
            body = body[1:] if negate else body
            out.append("[" + ("^" if negate else "") + body.replace("\\", "\\\\").replace("[", "\\[") + "]")
            i = close + 1
        else:
            out.append(re.escape(c))
            i += 1
    try:
        return re.compile("".join(out), re.S)
    except re.error:
        return None


def _apply_operator(value: str, op: str, arg: str) -> str | None:
    """What `${v OP ARG}` expands to when v is set to `value` (a pattern, offset or case
    operator); None when it cannot be computed here."""
    if op == "#len":
        return str(len(value))
    if op in (",,", "^^", ",", "^"):
        if arg:
            return None  # a case operator limited to a pattern
        if op == ",,":
            return value.lower()
        if op == "^^":
            return value.upper()
        return (value[:1].lower() if op == "," else value[:1].upper()) + value[1:]
    if op == ":":
        off, _, length = arg.partition(":")
        try:
            o = int(off.strip() or "0")
            ln = int(length.strip()) if _ else None
        except ValueError:
            return None  # an arithmetic expression
        n = len(value)
        if o < 0:
            o += n
            if o < 0:
                return ""
        if o > n:
            return ""
        if ln is None:
            return value[o:]
        if ln < 0:
            end = n + ln
            return value[o:end] if end >= o else None
        return value[o:o + ln]
    if len(value) > _VALUE_LIMIT:
        return None
    if op in ("%", "%%", "#", "##"):
        rx = _glob_regex(arg)
        if rx is None:
            return None
        n = len(value)
        if op == "%":
            cuts = range(n, -1, -1)
        elif op == "%%" or op == "#":
            cuts = range(0, n + 1)
        else:
            cuts = range(n, -1, -1)
        for i in cuts:
            if op.startswith("%"):
                if rx.fullmatch(value, i):
                    return value[:i]
            elif rx.fullmatch(value, 0, i):
                return value[i:]
        return value
    if op in ("/", "//", "/#", "/%"):
        pat, slash, rep = _split_pattern(arg)
        if not slash:
            rep = ""
        rx = _glob_regex(pat)
        if rx is None or len(value) > 256:
            return None
        if not pat:
            return value
        n = len(value)
        if op == "/#":
            for e in range(n, -1, -1):
                if rx.fullmatch(value, 0, e):
                    return rep + value[e:]
            return value
        if op == "/%":
            for s in range(0, n + 1):
                if rx.fullmatch(value, s):
                    return value[:s] + rep
            return value
        out, s = [], 0
        while s <= n:
            for e in range(n, s - 1, -1):
                if e > s and rx.fullmatch(value, s, e):
                    out.append(rep)
                    s = e
                    if op == "/":
                        return "".join(out) + value[s:]
                    break
            else:
                if s < n:
                    out.append(value[s])
                s += 1
        return "".join(out)
    return None


def _split_pattern(arg: str) -> tuple[str, bool, str]:
    i = 0
    while i < len(arg):
        if arg[i] == "\\":
            i += 2
            continue
        if arg[i] == "/":
            return arg[:i], True, arg[i + 1:]
        i += 1
    return arg, False, ""


# ------------------------------------------------------------ path commands in substitutions
_TR_SETS = {"A-Z": "upper", "[:upper:]": "upper", "[A-Z]": "upper", "a-z": "lower", "[:lower:]": "lower",
            "[a-z]": "lower"}


def _tr_text(text: str, node: dict) -> str | None:
    """What `tr SET1 SET2` makes of a literal text, for the case mappings only."""
    if node.get("command") != "tr" or node.get("children") or node.get("wrappers") or node.get("redirects"):
        return None
    args = node.get("args") or []
    if len(args) != 2 or not node.get("_literal"):
        return None
    a, b = _TR_SETS.get(args[0]), _TR_SETS.get(args[1])
    if a == "upper" and b == "lower":
        return text.lower()
    if a == "lower" and b == "upper":
        return text.upper()
    return None


def _plain_operand(args: list[str], flags: frozenset, dynamic: bool = False) -> str | None:
    """The one operand of a path command whose options are all in `flags`; None otherwise
    (an unknown option, several operands, a value only known when it runs)."""
    operands: list[str] = []
    ended = False
    for a in args:
        if not ended and a == "--":
            ended = True
        elif not ended and a.startswith("-") and len(a) > 1:
            if a not in flags:
                return None
        else:
            operands.append(a)
    if len(operands) != 1:
        return None
    op = operands[0]
    if not op or any(c in op for c in ("`…*?[\x00" if dynamic else "$`…*?[\x00")):
        return None
    return op


_REALPATH_FLAGS = frozenset({"-e", "-m", "-s", "-q", "-L", "-P", "-E", "--canonicalize-existing",
                             "--canonicalize-missing", "--strip", "--no-symlinks", "--quiet", "--logical",
                             "--physical"})
_READLINK_FLAGS = frozenset({"-f", "-e", "-m", "-n", "-q", "-s", "-v", "--canonicalize", "--canonicalize-existing",
                             "--canonicalize-missing", "--no-newline", "--quiet", "--silent", "--verbose"})


def _path_output(node: dict) -> str | None:
    """The path `realpath X`, `readlink -f X`, `dirname X`, `basename X [SUFFIX]` prints, as a
    path the facts read (X itself for the canonicalising ones: the same file); None otherwise."""
    command = node.get("command")
    if command not in ("realpath", "readlink", "dirname", "basename", "grealpath", "greadlink") or \
            node.get("children") or node.get("wrappers") or node.get("redirects"):
        return None
    args = [a for a in node.get("args") or [] if isinstance(a, str)]
    if command in ("realpath", "grealpath"):
        return _plain_operand(args, _REALPATH_FLAGS)
    if command in ("readlink", "greadlink"):
        if not any(a in ("-f", "-e", "-m") or a.startswith("--canonicalize") or
                   (a.startswith("-") and not a.startswith("--") and set(a[1:]) & set("fem")) for a in args):
            return None  # readlink X: the link's target, not known here
        flags = [a for a in args if a.startswith("-") and not a.startswith("--") and len(a) > 2]
        args = [a for a in args if a not in flags] + [f"-{c}" for f in flags for c in f[1:]]
        return _plain_operand(args, _READLINK_FLAGS)
    if command == "dirname":
        op = _plain_operand(args, frozenset(), dynamic=True)
        if op is None:
            return None
        stripped = op.rstrip("/")
        if "$" in stripped:
            last = stripped.rpartition("/")[2]
            if "$" not in last and "/" in stripped:
                return stripped.rpartition("/")[0] or "/"
            # `dirname "$PWD"`: the parent of a directory known (or marked) by its name
            return stripped + "/.." if stripped.startswith("$") and "/" not in stripped else None
        if not stripped:
            return "/"
        head, slash, _ = stripped.rpartition("/")
        if not slash:
            return "."
        return head.rstrip("/") or "/"
    # basename NAME [SUFFIX] / basename -s SUFFIX NAME
    suffix = ""
    if len(args) == 3 and args[0] == "-s":
        suffix, args = args[1], args[2:]
    elif len(args) == 2 and not args[0].startswith("-"):
        args, suffix = args[:1], args[1]
    op = _plain_operand(args, frozenset())
    if op is None:
        return None
    stripped = op.rstrip("/")
    if not stripped:
        return "/"
    base = stripped.rpartition("/")[2]
    if suffix and base.endswith(suffix) and base != suffix:
        base = base[:-len(suffix)]
    return base
