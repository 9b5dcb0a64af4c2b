"""Shell facts: what a Bash command line would actually run, for policies to match on.

A small hand-written lexer/parser for the POSIX sh / bash subset that matters for
security decisions (GPL parsers such as bashlex are not an option). It is deliberately
conservative: whatever it cannot resolve is marked `opaque`, and policies treat opaque
as "could be anything". Mentions inside quoted arguments stay data.

Output (plain JSON data): `segments`, one per simple command found, flattened in
source order with nested ones (subshells, `$(…)`, backticks, process substitution,
`bash -c` payloads, `eval`, `xargs`, `find -exec`), each with the argv after quote
removal and wrapper stripping (`sudo`, `env`, `timeout`, `nice`, …). Never raises.
Hot path: standard library only.
"""

from __future__ import annotations

_META = " \t\n;&|<>()"
_RESERVED_SKIP = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until",
                            "!", "{", "}", "esac", "in", "function", "select"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash"})
_INTERPRETERS = _SHELLS | frozenset({"python", "python2", "python3", "node", "perl", "ruby",
                                     "php", "lua", "deno", "bun", "osascript", "pwsh", "powershell"})
_ANSI_C = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b",
           "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}

# Wrapper commands: (options that take a value, whether a positional operand follows
# the options before the wrapped command, e.g. timeout's DURATION).
_WRAPPERS = {
    "sudo": ({"-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group",
              "--host", "--prompt", "--chdir", "--role", "--type", "--other-user"}, 0),
    "doas": ({"-u", "-C"}, 0),
    "env": ({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}, 0),
    "command": ({}, 0),
    "builtin": ({}, 0),
    "exec": ({"-a"}, 0),
    "nohup": ({}, 0),
    "setsid": ({}, 0),
    "nice": ({"-n", "--adjustment"}, 0),
    "ionice": ({"-c", "-n", "-p", "-t", "--class", "--classdata"}, 0),
    "timeout": ({"-s", "--signal", "-k", "--kill-after"}, 1),
    "stdbuf": ({"-i", "-o", "-e", "--input", "--output", "--error"}, 0),
    "time": ({"-f", "--format", "-o", "--output"}, 0),
    "chrt": ({}, 1),
    "taskset": ({}, 1),
    "unbuffer": ({}, 0),
    "caffeinate": ({}, 0),
}
_XARGS_VALUE_OPTS = {"-I", "-i", "-n", "-P", "-L", "-l", "-d", "-E", "-e", "-s", "-a",
                     "--max-args", "--max-procs", "--max-lines", "--delimiter", "--arg-file",
                     "--replace", "--eof", "--max-chars", "--process-slot-var"}
_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})


class _Word:
    """One shell word: its text after quote removal, and what made it dynamic."""

    __slots__ = ("text", "quoted", "expansion", "substitution", "glob", "nested", "raw")

    def __init__(self):
        self.text = ""
        self.quoted = False        # any part was quoted or escaped
        self.expansion = False     # unquoted or double-quoted $var / ${…} / $((…))
        self.substitution = False  # $(…) or `…`
        self.glob = False          # unquoted * ? [
        self.nested: list = []     # (context, nodes) of substitutions inside the word
        self.raw = ""


class _Parser:
    def __init__(self, src: str, max_depth: int):
        self.src = src
        self.n = len(src)
        self.max_depth = max_depth
        self.reasons: list[str] = []
        self.error: str | None = None
        self.pipeline_counter = 0
        self.variables: dict[str, str] = {}

    # ------------------------------------------------------------------ utilities
    def note(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)

    def fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
        self.note("parse_error")

    def new_pipeline(self) -> int:
        self.pipeline_counter += 1
        return self.pipeline_counter - 1

    # ------------------------------------------------------------------- sequence
    def sequence(self, pos: int, depth: int, context: str, stop: str | None) -> tuple[list, int]:
        """Parse commands until `stop` (")" or "`") or the end; returns (nodes, position)."""
        nodes: list = []
        operator = None
        pipeline = self.new_pipeline()
        contexts = [context]
        heredocs: list = []
        words: list[_Word] = []
        redirects: list[dict] = []
        pending_function = False
        src, n = self.src, self.n

        def finish(next_operator):
            nonlocal operator, pipeline, words, redirects, pending_function
            if words and words[-1].text == "()" and not words[-1].quoted:
                pending_function = True  # `f () { …; }`: the group that follows is its body
            elif words or redirects:
                node = self.simple_command(words, redirects, contexts[-1], depth, pipeline, operator)
                if node is not None:
                    nodes.append(node)
            words, redirects = [], []
            if next_operator not in ("|", "|&"):
                pipeline = self.new_pipeline()
            operator = next_operator if nodes else None

        while pos < n:
            ch = src[pos]
            if ch in " \t":
                pos += 1
            elif ch == "\\" and src.startswith("\\\n", pos):
                pos += 2
            elif ch == "#":  # only reached at a word boundary: a comment
                while pos < n and src[pos] != "\n":
                    pos += 1
            elif ch == "\n":
                finish("\n")
                pos += 1
                pos = self.read_heredoc_bodies(pos, heredocs)
            elif ch == ";":
                finish(";")
                pos += 2 if src.startswith(";;", pos) else 1
            elif ch == "&" and src.startswith("&&", pos):
                finish("&&")
                pos += 2
            elif ch == "&" and src.startswith("&>", pos):
                op = "&>>" if src.startswith("&>>", pos) else "&>"
                pos = self.redirect(pos + len(op), op, None, redirects, heredocs, depth)
            elif ch == "&":
                finish("&")
                pos += 1
            elif ch == "|":
                op = "||" if src.startswith("||", pos) else "|&" if src.startswith("|&", pos) else "|"
                finish(op)
                pos += len(op)
            elif ch == ")":
                if stop == ")":
                    finish(None)
                    return nodes, pos + 1
                pos += 1  # a `case` pattern's ")": a separator here
                finish(";")
            elif ch == "`" and stop == "`":
                finish(None)
                return nodes, pos + 1
            elif ch == "(" and not words:
                if src.startswith("((", pos):  # arithmetic command
                    end = src.find("))", pos + 2)
                    pos = n if end < 0 else end + 2
                    continue
                if depth + 1 > self.max_depth:
                    self.note("too_deep")
                    pos = self.skip_balanced(pos + 1)
                    continue
                inner, pos = self.sequence(pos + 1, depth + 1, "subshell", ")")
                if inner and operator is not None:
                    inner[0]["operator"] = operator
                nodes.extend(inner)
            elif ch == "(" and words and src.startswith("()", pos):
                words.append(_Word())
                words[-1].text = "()"
                pos += 2
            elif ch in "<>" and src.startswith(("<(", ">("), pos):
                word = _Word()
                kind = src[pos]
                pos = self.nested(pos + 2, depth, "process_substitution", ")", word)
                word.text = f"{kind}(…)"
                word.substitution = True
                words.append(word)
            elif ch in "<>":
                pos = self.redirect_operator(pos, None, redirects, heredocs, depth)
            elif ch.isdigit() and self.fd_redirect_at(pos):
                j = pos
                while src[j].isdigit():
                    j += 1
                pos = self.redirect_operator(j, int(src[pos:j]), redirects, heredocs, depth)
            elif ch == "(":
                pos += 1  # stray "(" inside a command: ignore
            else:
                word, pos = self.word(pos, depth, stop)
                is_function = len(words) == 2 and not words[1].quoted and (
                    words[1].text == "()" or (words[0].text == "function" and not words[0].quoted))
                if word.text in ("{", "}") and not word.quoted and (not words or is_function):
                    if word.text == "{":
                        contexts.append("function_body" if pending_function or is_function else "group")
                        pending_function = False
                        words = []
                    elif len(contexts) > 1:
                        contexts.pop()
                    continue
                words.append(word)
        if stop is not None:
            self.fail(f"missing closing {stop!r}")
        finish(None)
        return nodes, pos

    def fd_redirect_at(self, pos: int) -> bool:
        j = pos
        while j < self.n and self.src[j].isdigit():
            j += 1
        return j < self.n and self.src[j] in "<>" and (pos == 0 or self.src[pos - 1] in " \t\n;&|()")

    def skip_balanced(self, pos: int) -> int:
        depth = 1
        while pos < self.n and depth:
            depth += {"(": 1, ")": -1}.get(self.src[pos], 0)
            pos += 1
        return pos

    # ---------------------------------------------------------------- redirection
    def redirect_operator(self, pos, fd, redirects, heredocs, depth) -> int:
        src = self.src
        for op in ("<<<", "<<-", "&>>", ">>", ">|", ">&", "<&", "<>", "<<", ">", "<"):
            if src.startswith(op, pos):
                return self.redirect(pos + len(op), op, fd, redirects, heredocs, depth)
        return pos + 1

    def redirect(self, pos, op, fd, redirects, heredocs, depth) -> int:
        while pos < self.n and self.src[pos] in " \t":
            pos += 1
        word, pos = self.word(pos, depth, None)
        target = word.text
        dup = op in (">&", "<&") and (target.isdigit() or target == "-")
        if dup:
            target = "&" + target
        entry = {"op": op, "target": target, "fd": fd, "dup": dup}
        if op in ("<<", "<<-"):
            entry["body"] = ""
            heredocs.append((entry, target, op == "<<-"))
        redirects.append(entry)
        return pos

    def read_heredoc_bodies(self, pos: int, heredocs: list) -> int:
        while heredocs:
            entry, delimiter, strip_tabs = heredocs.pop(0)
            lines = []
            while pos < self.n:
                end = self.src.find("\n", pos)
                line = self.src[pos:] if end < 0 else self.src[pos:end]
                pos = self.n if end < 0 else end + 1
                if (line.lstrip("\t") if strip_tabs else line) == delimiter:
                    break
                lines.append(line)
            else:
                if delimiter:
                    self.fail(f"heredoc delimiter {delimiter!r} not found")
            entry["body"] = "\n".join(lines)
        return pos

    # ----------------------------------------------------------------------- words
    def word(self, pos: int, depth: int, stop: str | None) -> tuple[_Word, int]:
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
            elif ch == "$":
                pos = self.dollar(pos, depth, word, parts)
            elif ch == "`":
                pos = self.nested(pos + 1, depth, "substitution", "`", word)
                parts.append("`…`")
            else:
                if ch in "*?[":
                    word.glob = True
                parts.append(ch)
                pos += 1
        word.text = "".join(parts)
        word.raw = src[start:pos]
        return word, pos

    def double_quoted(self, pos: int, depth: int, word: _Word, parts: list[str]) -> int:
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
                parts.append("`…`")
            else:
                parts.append(ch)
                pos += 1
        self.fail("unterminated double quote")
        return n

    def ansi_c(self, pos: int, parts: list[str]) -> int:
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

    def take(self, pos: int, alphabet: str, limit: int) -> str:
        end = pos
        while end < self.n and end - pos < limit and self.src[end] in alphabet:
            end += 1
        return self.src[pos:end]

    def dollar(self, pos: int, depth: int, word: _Word, parts: list[str]) -> int:
        src = self.src
        if src.startswith("$((", pos):
            end = src.find("))", pos + 3)
            end = self.n if end < 0 else end + 2
            parts.append(src[pos:end])
            word.expansion = True
            return end
        if src.startswith("$(", pos):
            parts.append("$(…)")
            return self.nested(pos + 2, depth, "substitution", ")", word)
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

    def nested(self, pos: int, depth: int, context: str, stop: str, word: _Word) -> int:
        word.substitution = True
        if depth + 1 > self.max_depth:
            self.note("too_deep")
            if stop == "`":
                end = self.src.find("`", pos)
                return self.n if end < 0 else end + 1
            return self.skip_balanced(pos)
        nodes, pos = self.sequence(pos, depth + 1, context, stop)
        word.nested.append(nodes)
        return pos

    # ------------------------------------------------------------ simple commands
    def simple_command(self, words, redirects, context, depth, pipeline, operator):
        words = [w for w in words if w.text != "()" or w.quoted]
        children = [node for w in words for nodes in w.nested for node in nodes]
        assignments: dict[str, str] = {}
        i = 0
        while i < len(words) and self.is_assignment(words[i]):
            name, _, value = words[i].text.partition("=")
            assignments[name] = value
            i += 1
        command_words = words[i:]
        # reserved words at command position: the command follows them
        while command_words and not command_words[0].quoted and command_words[0].text in _RESERVED_SKIP:
            command_words = command_words[1:]
        if command_words and not command_words[0].quoted and command_words[0].text in ("for", "case", "select"):
            command_words = []  # a loop or case header: no command runs here
        if not command_words:
            if assignments and not redirects and depth == 0:
                literal = {w.text.partition("=")[0] for w in words[:i] if not (w.expansion or w.substitution)}
                self.variables.update({k: v for k, v in assignments.items() if k in literal})
            if not assignments and not redirects and not children:
                return None
        node = {
            "context": context, "depth": depth, "pipeline": pipeline, "operator": operator,
            "raw_words": [w.text for w in command_words], "assignments": assignments,
            "redirects": [{k: r[k] for k in ("op", "target", "fd", "dup")} for r in redirects],
            "opaque": False, "opaque_reasons": [], "children": children,
        }
        argv_words = list(command_words)
        if argv_words:
            head = argv_words[0]
            if head.substitution:
                self.mark(node, "command_substitution_in_command_name")
            elif head.expansion or head.glob:
                self.mark(node, "variable_command")
                resolved = self.resolve(head)
                if resolved is not None:
                    node["resolved_argv"] = resolved.split() + [w.text for w in argv_words[1:]]
                    node["resolved_command"] = _basename(node["resolved_argv"][0]) if node["resolved_argv"] else ""
        argv = [w.text for w in argv_words]
        wrappers, argv = _strip_wrappers(argv, assignments)
        node["wrappers"] = wrappers
        node["argv"] = argv
        node["command"] = _basename(argv[0]) if argv else ""
        node["args"] = argv[1:]
        self.expand_payloads(node, redirects, depth)
        return node

    @staticmethod
    def is_assignment(word: _Word) -> bool:
        name, eq, _ = word.raw.partition("=")
        return bool(eq) and bool(name) and (name[0].isalpha() or name[0] == "_") and \
            all(c.isalnum() or c == "_" for c in name)

    def resolve(self, head: _Word) -> str | None:
        text = head.text
        name = text[2:-1] if text.startswith("${") and text.endswith("}") else text[1:] if text.startswith("$") else None
        if name and name in self.variables:
            return self.variables[name]
        return None

    def mark(self, node: dict, reason: str) -> None:
        node["opaque"] = True
        if reason not in node["opaque_reasons"]:
            node["opaque_reasons"].append(reason)
        self.note(reason)

    def expand_payloads(self, node: dict, redirects: list[dict], depth: int) -> None:
        """Commands that run other commands: parse what they run as nested segments."""
        command, args = node["command"], node["args"]
        if command == "busybox" and args and _basename(args[0]) in _SHELLS:
            command, args = _basename(args[0]), args[1:]
        payload, context, wrapper = None, None, None
        if command in _SHELLS:
            payload = _shell_c_payload(args)
            context = "shell_c"
        elif command == "su":
            payload = _su_payload(args)
            context = "shell_c"
        elif command == "eval":
            self.mark(node, "eval")
            payload, context = " ".join(args), "eval"
        elif command in (".", "source") and args and (args[0].startswith("/dev/std") or args[0].startswith("/dev/fd")
                                                     or args[0].endswith("(…)")):
            self.mark(node, "source_dynamic")
        if payload is not None:
            self.child_sequence(node, payload, depth, context)
        if command in _INTERPRETERS and any(r["op"] in ("<<", "<<-", "<<<") for r in redirects):
            positional = [a for a in args if not a.startswith("-")]
            if payload is None and not positional or positional == ["-"]:
                self.mark(node, "heredoc_to_shell")
        if command == "xargs":
            inner = _after_options(args, _XARGS_VALUE_OPTS)
            if inner:
                self.child_words(node, inner, depth, "xargs", ["xargs"])
        elif command == "find":
            i = 0
            while i < len(args):
                if args[i] in _FIND_EXEC:
                    j = i + 1
                    while j < len(args) and args[j] not in (";", "+"):
                        j += 1
                    if j > i + 1:
                        self.child_words(node, args[i + 1:j], depth, "find_exec", [])
                    i = j
                i += 1

    def child_sequence(self, node: dict, text: str, depth: int, context: str) -> None:
        if depth + 1 > self.max_depth:
            self.mark(node, "too_deep")
            return
        sub = _Parser(text, self.max_depth - depth - 1)
        sub.pipeline_counter = self.pipeline_counter
        nodes, _ = sub.sequence(0, 0, context, None)
        self.pipeline_counter = sub.pipeline_counter
        for reason in sub.reasons:
            self.note(reason)
        if sub.error and self.error is None:
            self.error = sub.error
        _shift_depth(nodes, depth + 1)
        node["children"].extend(nodes)

    def child_words(self, node: dict, words: list[str], depth: int, context: str, wrappers: list[str]) -> None:
        assignments: dict[str, str] = {}
        more_wrappers, argv = _strip_wrappers(list(words), assignments)
        child = {
            "context": context, "depth": depth + 1, "pipeline": self.new_pipeline(), "operator": None,
            "raw_words": list(words), "assignments": assignments, "redirects": [],
            "opaque": False, "opaque_reasons": [], "children": [],
            "wrappers": wrappers + more_wrappers, "argv": argv,
            "command": _basename(argv[0]) if argv else "", "args": argv[1:],
        }
        self.expand_payloads(child, [], depth + 1)
        node["children"].append(child)


def _shift_depth(nodes: list, offset: int) -> None:
    for node in nodes:
        node["depth"] += offset
        _shift_depth(node["children"], offset)


def _basename(word: str) -> str:
    return word.rstrip("/").rsplit("/", 1)[-1] if word else ""


def _strip_wrappers(argv: list[str], assignments: dict[str, str]) -> tuple[list[str], list[str]]:
    """Drop wrapper prefixes (sudo, env X=1, timeout 5, …) and their options."""
    wrappers: list[str] = []
    while argv:
        name = _basename(argv[0])
        spec = _WRAPPERS.get(name)
        if spec is None:
            break
        if name == "command" and len(argv) > 1 and argv[1] in ("-v", "-V"):
            break  # `command -v x` only looks x up
        value_opts, operands = spec
        i = 1
        while i < len(argv):
            arg = argv[i]
            if arg == "--":
                i += 1
                break
            if name == "env" and "=" in arg and not arg.startswith("-"):
                key, _, value = arg.partition("=")
                assignments[key] = value
                i += 1
                continue
            if not arg.startswith("-") or arg == "-":
                break
            if name == "nice" and arg[1:].isdigit():
                i += 1
                continue
            if arg in value_opts or (arg.startswith("--") and "=" not in arg and arg in value_opts):
                i += 2
                continue
            i += 1
        i += operands
        wrappers.append(name)
        argv = argv[i:]
    return wrappers, argv


def _after_options(args: list[str], value_opts) -> list[str]:
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return args[i + 1:]
        if not arg.startswith("-") or arg == "-":
            return args[i:]
        i += 2 if arg in value_opts else 1
    return []


def _shell_c_payload(args: list[str]) -> str | None:
    """`bash -c PAYLOAD`, `bash -lc PAYLOAD`, `sh -e -c PAYLOAD`: the first operand after -c."""
    has_c = False
    for i, arg in enumerate(args):
        if arg == "--":
            return args[i + 1] if has_c and i + 1 < len(args) else None
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
            has_c = True
            continue
        if arg.startswith(("-", "+")):
            if arg in ("-o", "+o", "-O", "+O") and i + 1 < len(args):
                continue
            continue
        return arg if has_c else None
    return None


def _su_payload(args: list[str]) -> str | None:
    for i, arg in enumerate(args):
        if arg in ("-c", "--command") and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--command="):
            return arg.split("=", 1)[1]
    return None


def _flatten(nodes: list, parent: int | None, out: list) -> None:
    for node in nodes:
        children = node.pop("children")
        node["id"] = len(out)
        node["parent"] = parent if node["context"] not in ("top", "subshell", "group", "function_body") else None
        out.append(node)
        _flatten(children, node["id"], out)


_KEYS = ("id", "parent", "context", "depth", "pipeline", "operator", "argv", "command", "args",
         "raw_words", "wrappers", "assignments", "redirects", "opaque", "opaque_reasons")


def parse_command(command: str, *, max_depth: int = 8, max_length: int = 65536) -> dict:
    """Parse one Bash command line into segments (see module docstring). Never raises."""
    try:
        if not isinstance(command, str):
            return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"], "error": "not a string"}
        parser = _Parser(command[:max_length], max_depth)
        if len(command) > max_length:
            parser.note("too_long")
        nodes, _ = parser.sequence(0, 0, "top", None)
        flat: list = []
        _flatten(nodes, None, flat)
        segments = []
        for node in flat:
            segment = {key: node[key] for key in _KEYS}
            if "resolved_argv" in node:
                segment["resolved_argv"] = node["resolved_argv"]
                segment["resolved_command"] = node["resolved_command"]
            segments.append(segment)
        reasons = list(parser.reasons)
        return {"segments": segments, "opaque": bool(reasons), "opaque_reasons": reasons,
                "error": parser.error}
    except Exception as exc:  # noqa: BLE001 — a parser bug must read as "could be anything"
        return {"segments": [], "opaque": True, "opaque_reasons": ["parse_error"],
                "error": f"internal parser error: {type(exc).__name__}"}
