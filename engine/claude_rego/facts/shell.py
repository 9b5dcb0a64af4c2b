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

import itertools
import re

_META = " \t\n;&|<>()"
_RESERVED_SKIP = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until",
                            "!", "{", "}", "esac", "in", "function", "select"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "tcsh", "csh", "yash",
                     "posh", "oksh", "loksh", "ksh93", "pdksh", "elvish", "nu", "xonsh", "ysh", "osh", "oil",
                     "ion", "murex", "hush", "busybox-sh"})
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
    "unbuffer": ({"-p"}, 0),
    "caffeinate": ({"-w", "-t"}, 0),
    "flock": ({"-w", "--wait", "--timeout", "-E", "--conflict-exit-code"}, 1),
    "torsocks": ({"-u", "-p", "-a", "-P", "--user", "--pass", "--address", "--port"}, 0),
    "torify": ({}, 0),
    "tsocks": ({}, 0),
    "proxychains": ({"-f"}, 0),
    "proxychains4": ({"-f"}, 0),
    "graftcp": ({}, 0),
    "chronic": ({}, 0),
    "dbus-launch": ({"--config-file", "--autolaunch"}, 0),
    "dbus-run-session": ({"--config-file", "--dbus-daemon"}, 0),
    "xvfb-run": ({"-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p",
                  "--xauth-protocol", "-w", "--wait"}, 0),
    "firejail": ({}, 0),
    "chroot": ({"--userspec", "--groups"}, 1),
    "nsenter": ({"-t", "--target", "-S", "--setuid", "-G", "--setgid"}, 0),
    "unshare": ({"--map-user", "--map-group", "--propagation", "--setgroups", "-S", "-G", "--wd", "-R", "--root"}, 0),
    "sshpass": ({"-p", "-f", "-d", "-P"}, 0),
    "faketime": ({}, 1),
    "strace": ({"-o", "-e", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-S", "-X", "-P"}, 0),
    "ltrace": ({"-o", "-e", "-p", "-s", "-u", "-n", "-a", "-A", "-D", "-F", "-l", "-x"}, 0),
    "valgrind": ({}, 0),
    "catchsegv": ({}, 0),
    "systemd-run": ({"-u", "--unit", "-p", "--property", "-E", "--setenv", "-M", "--machine", "--slice", "--uid",
                     "--gid", "--working-directory", "--description", "--on-calendar", "--on-active", "--on-boot",
                     "--on-startup", "--on-unit-active", "--on-unit-inactive", "--timer-property", "-H", "--host",
                     "--nice", "--service-type", "--path-property", "--socket-property"}, 0),
    "runuser": ({"-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"}, 0),
    "pkexec": ({"--user"}, 0),
    "gosu": ({}, 1),
    "su-exec": ({}, 1),
    "setpriv": ({}, 0),
    "numactl": ({"-C", "-N", "-m", "-p", "-i", "--physcpubind", "--cpunodebind", "--membind", "--preferred",
                 "--interleave"}, 0),
    "cgexec": ({"-g"}, 0),
    "prlimit": ({"-p", "--pid"}, 0),
    "tini": ({"-s", "-e", "-p"}, 0),
    "dumb-init": ({"-r", "--rewrite"}, 0),
    "tsp": ({}, 0),
    "nq": ({}, 0),
    "daemonize": ({"-a", "-c", "-e", "-E", "-o", "-p", "-l", "-u"}, 0),
    "chpst": ({"-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c"}, 0),
    "s6-setuidgid": ({}, 1),
    "retry": ({"-t", "--times", "-d", "--delay", "--until"}, 0),
    "with-contenv": ({}, 0),
    "sem": ({"-j", "--jobs", "--id"}, 0),
    "setarch": ({"-B", "--uname-2.6"}, 1),
    "linux32": ({}, 0),
    "linux64": ({}, 0),
    "i386": ({}, 0),
    "x86_64": ({}, 0),
    "rlwrap": ({"-a", "-b", "-C", "-D", "-e", "-f", "-H", "-l", "-M", "-O", "-p", "-P", "-q", "-s", "-S", "-t", "-w", "-z"}, 0),
    "lckdo": ({"-w", "-W"}, 1),
    "fakeroot": ({"-l", "--lib", "--faked", "-s", "-i"}, 0),
    "fakechroot": ({"-e", "--environment", "-c", "--config-dir", "-d", "--use-system-libs"}, 0),
    "proot": ({"-r", "--rootfs", "-b", "--bind", "-w", "--pwd", "-q", "--qemu", "-k", "--kernel-release"}, 0),
    "coproc": ({}, 0),
    "shx": ({}, 0),
    "unchroot": ({}, 0),
    "eatmydata": ({}, 0),
    "vglrun": ({}, 0),
    "primusrun": ({}, 0),
    "optirun": ({}, 0),
    "mpirun": ({"-n", "-np", "--np", "-H", "--host", "--hostfile"}, 0),
    "srun": ({"-n", "-N", "-p", "-t", "-c", "--ntasks", "--nodes", "--partition", "--time"}, 0),
}
# Package runners: they run a package's program (`npx rimraf ~` runs rimraf)
_RUNNERS = {"npx": {"-p", "--package", "-c", "--call", "--cache", "--userconfig", "-w", "--workspace"},
            "pnpx": {"-p", "--package", "-c"},
            "bunx": {"-p", "--package"},
            "uvx": {"--from", "--with", "--python", "-p", "--with-requirements", "--index", "--index-url"}}
_RUNNER_PAIRS = {("podman", "unshare"), ("buildah", "unshare"), ("rootlesskit", "--"), ("npm", "exec"), ("npm", "x"), ("pnpm", "dlx"), ("pnpm", "exec"), ("yarn", "dlx"), ("yarn", "exec"),
                 ("pipx", "run"), ("uv", "run"), ("poetry", "run"), ("pdm", "run"), ("hatch", "run"),
                 ("bundle", "exec"), ("rye", "run"), ("conda", "run"), ("mamba", "run"), ("micromamba", "run"),
                 ("pixi", "exec"), ("deno", "x")}
_RUNNER_VALUE_OPTS = {"-p", "--package", "-c", "--call", "--from", "--with", "--python", "-n", "--name",
                      "--prefix", "-e", "--env", "--spec", "--index-url", "--pip-args", "--cwd", "--directory",
                      "--project", "-w", "--workspace", "--filter", "-F"}
_XARGS_VALUE_OPTS = {"-I", "-i", "-n", "-P", "-L", "-l", "-d", "-E", "-e", "-s", "-a",
                     "--max-args", "--max-procs", "--max-lines", "--delimiter", "--arg-file",
                     "--replace", "--eof", "--max-chars", "--process-slot-var"}
_FIND_EXEC = frozenset({"-exec", "-execdir", "-ok", "-okdir"})

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
            pieces = _brace_sequence(_unmark(text[i + 1:close]))
            if pieces is None:
                start = i + 1
                continue
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
                 "alternatives")

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


class _Parser:
    def __init__(self, src: str, max_depth: int):
        self.src = src
        self.n = len(src)
        self.max_depth = max_depth
        self.reasons: list[str] = []
        self.error: str | None = None
        self.pipeline_counter = 0
        self.variables: dict[str, str] = {}
        # names bound to several literal values (for-loop variables) or, in a function
        # call's body, the positional parameters
        self.bindings: dict[str, list[str]] = {}
        self.functions: dict[str, str] = {}   # name -> body text, defined earlier in the command
        self.aliases: dict[str, str] = {}
        self.git_aliases: dict[str, str] = {}
        self.files: dict[str, str] = {}       # file name -> literal text written earlier (echo x > f)
        self.expanding: frozenset = frozenset()  # functions whose body is being expanded (no recursion)
        self.last_stage = None                # the previous pipeline stage: a node, "complex" or None
        self.subshell_stdin = None            # what the first command of a subshell reads
        self.deferred: list = []              # (node, stdin stage, depth) waiting for heredoc bodies

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
        pending_name = None
        functions: list = []  # (name, body start) of the function bodies being read
        src, n = self.src, self.n
        first_stdin, self.subshell_stdin = self.subshell_stdin, None

        def finish(next_operator):
            nonlocal operator, pipeline, words, redirects, pending_function, pending_name, first_stdin
            if words and words[-1].text == "()" and not words[-1].quoted:
                pending_function = True  # `f () { …; }`: the group that follows is its body
                pending_name = words[0].text if len(words) == 2 else None
            elif words or redirects:
                if first_stdin is not None and not nodes and operator is None:
                    self.last_stage, op = first_stdin, "|"  # `echo x | (sh)`: the subshell's input
                else:
                    op = operator
                node = self.simple_command(words, redirects, contexts[-1], depth, pipeline, op)
                if op != operator and node is not None:
                    node["operator"] = operator
                if node is not None:
                    nodes.append(node)
                self.last_stage = node
            first_stdin = None
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
                self.subshell_stdin = (self.last_stage or "complex") if operator in ("|", "|&") else None
                inner, pos = self.sequence(pos + 1, depth + 1, "subshell", ")")
                self.last_stage = "complex"
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
                        if pending_function or is_function:
                            contexts.append("function_body")
                            name = pending_name if pending_function else (
                                words[1].text if words[0].text == "function" else words[0].text)
                            functions.append((name, pos))
                        else:
                            contexts.append("group")
                        pending_function, pending_name = False, None
                        words = []
                    elif len(contexts) > 1:
                        if contexts.pop() == "function_body" and functions:
                            name, body_start = functions.pop()
                            if name:
                                self.functions[name] = src[body_start:pos - 1]
                        self.last_stage = "complex"
                    continue
                if word.alternatives and not (all(self.is_assignment(w) for w in words) and self.is_assignment(word)):
                    for text in word.alternatives:
                        alt = _Word()
                        alt.text, alt.raw, alt.quoted, alt.expansion = text, text, word.quoted, word.expansion
                        alt.substitution, alt.glob, alt.nested = word.substitution, word.glob, word.nested
                        words.append(alt)
                        word = _Word()  # substitutions inside are counted once
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
        if self.src.startswith(("<(", ">("), pos):  # done < <(cmd): a process substitution
            word = _Word()
            kind = self.src[pos]
            pos = self.nested(pos + 2, depth, "process_substitution", ")", word)
            word.text = f"{kind}(…)"
        else:
            word, pos = self.word(pos, depth, None)
        target = word.text
        dup = op in (">&", "<&") and (target.isdigit() or target == "-")
        if dup:
            target = "&" + target
        entry = {"op": op, "target": target, "fd": fd, "dup": dup, "_nested": word.nested,
                 "_dynamic": word.expansion or ("(…)" in target or "`…`" in target)}
        if op in ("<<", "<<-"):
            entry["body"] = None  # read after the end of the line
            entry["_expands"] = not word.quoted  # <<EOF runs $(…) in its body, <<'EOF' does not
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
            holder = entry.pop("_holder", None)
            if holder is not None:
                for inner in _substitutions(entry["body"]):
                    self.child_sequence(holder, inner, holder["depth"], "substitution")
        self.run_deferred()
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
            else:
                if ch in "*?[":
                    word.glob = True
                parts.append(ch)
                pos += 1
        word.text = "".join(parts)
        word.raw = src[start:pos]
        if word.braces:
            alternatives = _brace_expand(word.text)
            word.text = _unmark(word.text)
            if len(alternatives) > 1 or (alternatives and alternatives[0] != word.text):
                word.alternatives = alternatives
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
                literal = _literal_output(word.nested[-1]) if word.nested else None
                parts.append("`…`" if literal is None else literal)
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

    def nested(self, pos: int, depth: int, context: str, stop: str, word: _Word) -> int:
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

    # ------------------------------------------------------------ simple commands
    def simple_command(self, words, redirects, context, depth, pipeline, operator):
        words = [w for w in words if w.text != "()" or w.quoted]
        children = [node for w in words for nodes in w.nested for node in nodes]
        children += [node for r in redirects for nodes in r.get("_nested") or () for node in nodes]
        holder = {"children": children, "depth": depth}
        for r in redirects:
            if r.get("_expands"):
                r["_holder"] = holder  # substitutions in the body are parsed when it is read
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
        if command_words and not command_words[0].quoted and command_words[0].text in ("for", "select"):
            self.loop_header(command_words)
            command_words = []  # a loop header: no command runs here
        elif command_words and not command_words[0].quoted and command_words[0].text == "case":
            command_words = []
        if not command_words:
            if assignments and not redirects and depth == 0:
                literal = {w.text.partition("=")[0] for w in words[:i] if not (w.expansion or w.substitution)}
                self.variables.update({k: v for k, v in assignments.items() if k in literal})
            if not assignments and not redirects and not children:
                return None
        texts = [self.bound(w) for w in command_words]
        node = {
            "context": context, "depth": depth, "pipeline": pipeline, "operator": operator,
            "raw_words": [t[0] for t in texts], "assignments": assignments,
            "redirects": [{k: r[k] for k in ("op", "target", "fd", "dup")} for r in redirects],
            "opaque": False, "opaque_reasons": [], "children": children,
            "_literal": not any(w.expansion or (w.substitution and ("(…)" in w.text or "`…`" in w.text))
                                for w in command_words),
            "_heredocs": [r for r in redirects if r["op"] in ("<<", "<<-", "<<<")],
        }
        argv_words = list(command_words)
        if argv_words:
            head = argv_words[0]
            if head.substitution and ("(…)" in head.text or "`…`" in head.text):
                self.mark(node, "command_substitution_in_command_name")
            elif head.expansion or (head.glob and head.text not in ("[", "[[")):
                self.mark(node, "variable_command")
                resolved = self.resolve(head)
                if resolved is not None and texts[0][0] == head.text:
                    node["resolved_argv"] = resolved.split() + [t[0] for t in texts[1:]]
                    node["resolved_command"] = _basename(node["resolved_argv"][0]) if node["resolved_argv"] else ""
        argv = [t[0] for t in texts]
        self.finish_node(node, argv, redirects, depth, operator)
        # "$@" after `set -- a b`: each positional parameter is a word of its own
        positional = getattr(self, "positional", None)
        if positional is not None and any(w.text in _ALL_POSITIONAL for w in command_words):
            spliced = []
            for w, t in zip(command_words, texts, strict=False):
                spliced.extend(positional if w.text in _ALL_POSITIONAL else [t[0]])
            if spliced:
                self.child_words(node, spliced, depth, "positional_expansion", [])
        # a for-loop variable with several values: one more segment per other value
        for variant in _variants(texts):
            self.child_words(node, variant, depth, "loop_expansion", [])
        if argv_words and not argv_words[0].quoted:
            self.user_defined(node, argv_words[0].text, command_words, texts, depth)
        return node

    def finish_node(self, node: dict, argv: list[str], redirects: list[dict], depth: int, operator) -> None:
        wrappers, argv = _strip_wrappers(argv, node["assignments"])
        node["wrappers"] = wrappers
        node["argv"] = argv
        node["command"] = _basename(argv[0]) if argv else ""
        node["args"] = argv[1:]
        if "IFS" in node["assignments"]:
            self.mark(node, "ifs_changed")  # word splitting no longer happens where the parser thinks
        if node["command"] == "alias":
            for a in node["args"]:
                name, eq, value = a.partition("=")
                if eq and name:
                    self.aliases[name] = value
        elif node["command"] == "set" and node["args"] and node["args"][0] in ("--", "-") or (
                node["command"] == "set" and node["args"] and not node["args"][0].startswith(("-", "+"))):
            values = node["args"][1:] if node["args"][0] in ("--", "-") else node["args"]
            for k in range(9):
                self.bindings.pop(str(k + 1), None)
            self.bindings.update({str(k + 1): [v] for k, v in enumerate(values[:9])})
            self.bindings["@"] = self.bindings["*"] = [" ".join(values)]
            self.positional = list(values[:64])
        self.env_routes(node, depth)
        self.expand_payloads(node, redirects, depth)
        stdin = self.last_stage if operator in ("|", "|&") else None
        self.deferred.append((node, stdin, depth))
        if not node["_heredocs"]:
            self.run_deferred()

    # ------------------------------------------------------------ bindings
    def loop_header(self, words: list) -> None:
        """`for d in / ~`: d takes each literal value (marked unknown when one is not literal)."""
        if len(words) >= 3 and words[2].text == "in" and not words[2].quoted:
            name = words[1].text
            values = [w.text for w in words[3:] if w.text not in (";", "do")]
            if values and not any(w.substitution or w.expansion for w in words[3:]):
                self.bindings[name] = values[:_BRACE_LIMIT]
            else:
                self.bindings.pop(name, None)

    def bound(self, word: _Word) -> list[str]:
        """The texts a word stands for: loop variables, known variables and a function's
        positional parameters substituted (several texts for a loop variable)."""
        text = word.text
        if word.expansion and "${HOME" in text:
            for op in (":?", "?", ":-", "-", ":=", "=", ":+"):
                start = text.find("${HOME" + op)
                if start >= 0:
                    end = text.find("}", start)
                    if end > 0 and op != ":+":
                        text = text[:start] + "${HOME}" + text[end + 1:]
        if not word.expansion or "$" not in text or not (self.bindings or self.variables):
            return [text]
        out = [""]
        i = 0
        while i < len(text):
            j = text.find("$", i)
            if j < 0:
                out = [o + text[i:] for o in out]
                break
            name, k = _ref_at(text, j)
            values = None
            if name is not None:
                values = self.bindings.get(name)
                if values is None and name in self.variables:
                    values = [self.variables[name]]
            if values is None:
                out = [o + text[i:k] for o in out]
            else:
                out = [o + text[i:j] + v for o in out for v in values][:_BRACE_LIMIT]
            i = k
        return out

    def user_defined(self, node: dict, head: str, command_words: list, texts: list, depth: int) -> None:
        """A function, alias or git alias defined earlier in the same command: what it runs."""
        if head in self.functions and head not in self.expanding:
            if depth + 1 > self.max_depth:
                self.mark(node, "too_deep")
                return
            args = [t[0] for t in texts[1:]]
            sub = _Parser(self.functions[head], self.max_depth - depth - 1)
            sub.bindings = {str(k + 1): [a] for k, a in enumerate(args[:9])}
            sub.bindings.update({"@": [" ".join(args)], "*": [" ".join(args)], "#": [str(len(args))]})
            sub.functions, sub.aliases = dict(self.functions), dict(self.aliases)
            sub.expanding = self.expanding | {head}
            self.adopt(node, sub, depth, "function_call")
        elif head in self.aliases and head not in self.expanding:
            rest = " ".join(w.raw for w in command_words[1:])
            sub = _Parser(self.aliases[head] + " " + rest, self.max_depth - depth - 1)
            sub.functions, sub.aliases = dict(self.functions), dict(self.aliases)
            sub.expanding = self.expanding | {head}
            self.adopt(node, sub, depth, "alias")

    def adopt(self, node: dict, sub: _Parser, depth: int, context: str) -> None:
        sub.pipeline_counter = self.pipeline_counter
        nodes, _ = sub.sequence(0, 0, context, None)
        sub.run_deferred(final=True)
        self.pipeline_counter = sub.pipeline_counter
        for reason in sub.reasons:
            self.note(reason)
        if sub.error and self.error is None:
            self.error = sub.error
        _shift_depth(nodes, depth + 1)
        node["children"].extend(nodes)

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
        chdir = _wrapper_chdir(node.get("raw_words") or [], node.get("wrappers") or [])
        if chdir and node.get("argv") and node.get("context") != "chdir":
            # `env -C DIR cmd ARGS`: the command runs in DIR, so its relative operands are under DIR
            moved = [node["argv"][0]] + [a if a.startswith(("-", "/", "~", "$")) or "://" in a
                                         else chdir.rstrip("/") + "/" + a for a in node["argv"][1:]]
            self.child_words(node, moved, depth, "chdir", [])
        if command == "busybox" and args and _basename(args[0]) in _SHELLS:
            command, args = _basename(args[0]), args[1:]
        payload, context = None, None
        if command in _SHELLS:
            payload = _shell_c_payload(args)
            context = "shell_c"
        elif command in ("su", "runuser", "sg", "flock", "script"):
            payload = _su_payload(args) if command != "script" else _script_payload(args)
            context = "shell_c"
        elif command == "eval":
            self.mark(node, "eval")
            payload, context = " ".join(args), "eval"
        elif command in (".", "source") and args and (args[0].startswith("/dev/fd") or args[0].endswith("(…)")):
            self.mark(node, "source_dynamic")
        elif command == "trap" and args and not args[0].startswith("-"):
            payload, context = args[0], "trap"
        elif command == "start-stop-daemon":
            program = _option(args, ("--exec", "-x", "--startas", "-a"))
            rest = args[args.index("--") + 1:] if "--" in args else []
            if program:
                self.child_words(node, [program] + rest, depth, "wrapped", ["start-stop-daemon"])
        elif command in ("ssh", "autossh") and _ssh_local_command(args) is not None:
            payload, context = _ssh_local_command(args), "shell_c"
        elif command in ("bwrap", "systemd-nspawn", "nsjail", "minijail0", "sandbox-exec"):
            self.mark(node, "unknown_wrapper")
        elif command == "watch":
            rest = _after_options(args, {"-n", "--interval", "-g", "--chgexit", "-q", "--equexit"})
            if rest:
                payload, context = " ".join(rest), "shell_c"
        elif command in _FOREIGN_SHELLS and payload is None and _shell_c_payload(args) is not None:
            pass
        elif command == "nix-shell" or (command == "nix" and args[:1] in (["develop"], ["shell"])):
            rest = args[1:] if command == "nix" else args
            payload = _option(rest, ("--run", "--command"))
            if command == "nix" and payload is None:
                run = _option(rest, ("-c", "--command"))
                if run is not None:
                    at = max(i for i, a in enumerate(rest) if a in ("-c", "--command"))
                    self.child_words(node, rest[at + 1:], depth, "wrapped", [command])
            context = "shell_c"
        elif command == "direnv" and args[:1] == ["exec"] and len(args) > 2:
            self.child_words(node, args[2:], depth, "wrapped", ["direnv"])
        elif command == "entr":
            rest = _after_options(args, {"-p"})
            if rest:
                if "-s" in [a for a in args[:len(args) - len(rest)]] or any(
                        a.startswith("-") and "s" in a[1:] for a in args[:len(args) - len(rest)]):
                    payload, context = " ".join(rest), "shell_c"
                else:
                    self.child_words(node, rest, depth, "wrapped", ["entr"])
        elif command in ("docker", "podman", "nerdctl") and args[:1] in (["run"], ["create"], ["exec"]) or \
                command in ("docker", "podman") and args[:2] == ["container", "run"]:
            self.container_payload(node, command, args, depth)
        elif command in ("kubectl", "oc") and "--" in args and args[:1] in (["create"], ["run"], ["exec"], ["debug"]):
            rest = args[args.index("--") + 1:]
            if rest:
                self.child_words(node, rest, depth, "container", [command])
        if command in _FOREIGN_SHELLS and _shell_c_payload(args) is not None:
            self.mark(node, "foreign_shell_code")
        if payload is not None:
            self.child_sequence(node, payload, depth, context)
        if command == "xargs":
            inner = _after_options(args, _XARGS_VALUE_OPTS)
            if inner:
                self.child_words(node, inner, depth, "xargs", ["xargs"])
        elif command == "parallel":
            self.parallel(node, args, depth)
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
        elif command == "git":
            self.git_routes(node, args, depth)
        elif command in ("npm", "pnpm", "yarn") and len(args) >= 3 and args[0] in ("config", "set", "c"):
            rest = args[2:] if args[0] in ("config", "c") and args[1] == "set" else args[1:] if args[0] == "set" else []
            if rest:
                key, eq, value = rest[0].partition("=")
                value = value if eq else (rest[1] if len(rest) > 1 else "")
                if key.lower().lstrip("-") in _NPM_EXEC_KEYS:
                    self.config_entry(node, command, key.lower(), value, depth)
        elif command in ("tmux", "screen"):
            self.multiplexer(node, command, args, depth)
        for option_value in _option_commands(command, args):
            self.child_sequence(node, option_value, depth, "option_exec")
        self.option_programs(node, command, args, depth)
        self.possible_nested(node, command, args, depth)
        self.embedded_pipelines(node, command, args, depth)

    def container_payload(self, node: dict, command: str, args: list[str], depth: int) -> None:
        """`docker run [OPTIONS] IMAGE [COMMAND…]`: the command runs (as a nested segment);
        a restart policy that brings it back is recorded on the segment."""
        value_opts = {"-e", "--env", "-v", "--volume", "-p", "--publish", "--name", "-w", "--workdir", "-u",
                      "--user", "--network", "--net", "--restart", "--entrypoint", "-l", "--label", "--mount",
                      "--env-file", "-h", "--hostname", "--memory", "-m", "--cpus", "--platform", "--pull",
                      "--add-host", "--device", "--cap-add", "--cap-drop", "--security-opt", "--ulimit", "--dns",
                      "--log-driver", "--log-opt", "--tmpfs", "--shm-size", "--pid", "--ipc", "--uts", "--runtime",
                      "--gpus", "--cidfile", "--stop-signal", "--stop-timeout", "--health-cmd", "--label-file",
                      "--volumes-from", "--link", "--expose", "--group-add", "--init-path", "--detach-keys"}
        start = 2 if args[:1] == ["container"] else 1
        i, restart, entrypoint = start, None, None
        while i < len(args) and args[i].startswith("-"):
            key, eq, value = args[i].partition("=")
            if key in value_opts and not eq:
                value = args[i + 1] if i + 1 < len(args) else ""
                i += 1
            if key == "--restart":
                restart = value
            elif key == "--entrypoint":
                entrypoint = value
            elif key == "--health-cmd" and value:
                self.child_sequence(node, value, depth, "container")
            i += 1
        if restart and restart.split(":")[0] in ("always", "unless-stopped", "on-failure"):
            node["restart_policy"] = restart
        rest = args[i + 1:] if args[:1] != ["exec"] else args[i + 1:]
        words = ([entrypoint] if entrypoint else []) + rest
        if words:
            self.child_words(node, words, depth, "container", [command])

    def parallel(self, node: dict, args: list[str], depth: int) -> None:
        """GNU parallel: `parallel CMD ::: A B` runs CMD A and CMD B; `parallel ::: 'c1' 'c2'` runs each."""
        i = 0
        value_opts = {"-j", "-P", "--jobs", "-S", "--sshlogin", "-d", "--delimiter", "-I", "--colsep", "-N",
                      "-n", "--delay", "--timeout", "--joblog", "--results", "--env", "--tmpdir", "-E"}
        while i < len(args) and args[i].startswith("-") and args[i] not in (":::", "::::"):
            if args[i] in ("-a", "--arg-file", "::::"):
                self.mark(node, "parallel_arguments_from_file")
            i += 2 if args[i] in value_opts else 1
        rest = args[i:]
        cut = rest.index(":::") if ":::" in rest else len(rest)
        template, values = rest[:cut], rest[cut + 1:]
        if not template:
            for value in values[:_BRACE_LIMIT]:
                self.child_sequence(node, value, depth, "parallel")
        elif values:
            for value in values[:_BRACE_LIMIT]:
                words = [w.replace("{}", value) for w in template]
                self.child_words(node, words if any("{}" in w for w in template) else words + [value],
                                 depth, "parallel", ["parallel"])
        else:
            self.child_words(node, template, depth, "xargs", ["xargs"])

    def multiplexer(self, node: dict, command: str, args: list[str], depth: int) -> None:
        if command == "screen":
            value_opts = {"-S", "-c", "-e", "-h", "-p", "-s", "-t", "-T", "-X", "-Logfile"}
            i = 0
            while i < len(args) and args[i].startswith("-"):
                a = args[i]
                i += 2 if a in value_opts or (not a.startswith("--") and len(a) > 2 and "-" + a[-1] in value_opts) else 1
            if args[i:]:
                self.child_words(node, args[i:], depth, "multiplexer", ["screen"])
            return
        subs = {"new-session", "new", "new-window", "neww", "split-window", "splitw", "run-shell", "run",
                "respawn-pane", "respawnp", "respawn-window", "respawnw", "send-keys", "send", "popup", "display-popup"}
        value_opts = {"-s", "-n", "-t", "-c", "-x", "-y", "-e", "-F", "-l", "-L", "-S", "-f", "-w", "-h", "-d"}
        for k, a in enumerate(args):
            if a in subs:
                ops, j = [], k + 1
                while j < len(args):
                    if args[j].startswith("-") and len(args[j]) > 1:
                        j += 2 if args[j] in value_opts and args[j] != "-d" else 1
                        continue
                    ops.append(args[j])
                    j += 1
                ops = [o for o in ops if o not in ("Enter", "C-m", "KPEnter")]
                if ops:
                    self.child_sequence(node, " ".join(ops), depth, "multiplexer")
                return

    # ------------------------------------------------------------ tool configs
    def git_routes(self, node: dict, args: list[str], depth: int) -> None:
        """git -c k=v, git config k v and aliases defined in the same command."""
        i, configs = 0, []
        while i < len(args):
            a = args[i]
            if a == "-c" and i + 1 < len(args):
                configs.append(args[i + 1])
                i += 2
            elif a.startswith("-c") and "=" in a:
                configs.append(a[2:])
                i += 1
            elif a.startswith("--config-env=") or (a == "--config-env" and i + 1 < len(args)):
                spec = a.split("=", 1)[1] if "=" in a else args[i + 1]
                k, _, env_name = spec.partition("=")
                configs.append(k + "=$" + env_name)  # the value comes from the environment: unknown
                i += 1 if "=" in a else 2
            elif a in ("-C", "--git-dir", "--work-tree", "--namespace", "--exec-path"):
                i += 2
            elif a.startswith("-"):
                i += 1
            else:
                break
        sub, rest = (args[i], args[i + 1:]) if i < len(args) else (None, [])
        local_aliases = {}
        for kv in configs:
            key, _, value = kv.partition("=")
            key = key.lower()
            if key.startswith("alias."):
                local_aliases[key[6:]] = value
            self.config_entry(node, "git", key, value, depth)
        if sub == "config":
            key, value = _git_config_set(rest)
            if key is not None:
                if key.startswith("alias."):
                    self.git_aliases[key[6:]] = value
                self.config_entry(node, "git", key, value, depth)
        self.git_subcommand(node, sub, rest, depth)
        alias = local_aliases.get(sub) if sub is not None else None
        if alias is None and sub is not None:
            alias = self.git_aliases.get(sub)
        if alias is not None:
            if alias.startswith("!"):
                self.child_sequence(node, alias[1:] + "".join(" " + _quote(a) for a in rest), depth, "git_alias")
            else:
                self.child_words(node, ["git"] + _split_simple(alias) + rest, depth, "git_alias", [])

    def git_subcommand(self, node: dict, sub, rest: list[str], depth: int) -> None:
        """Subcommand options that name a program or a config (clone -c, --upload-pack, …)."""
        program_opts = {"--upload-pack": "option.upload-pack", "--receive-pack": "option.receive-pack",
                        "--exec": "option.exec", "--extcmd": "option.extcmd", "--open-files-in-pager": "option.pager",
                        "--template": "init.templatedir", "--smtp-server": "option.smtp-server",
                        "--config": None, "-c": None, "-x": "option.exec", "-u": "option.upload-pack", "-O": "option.pager",
                        "--tool": "option.tool"}
        short_ok = {"-x": ("difftool", "rebase"), "-u": ("clone", "fetch", "ls-remote", "pull"),
                    "-O": ("grep",), "-c": ("clone", "submodule"), "--tool": ("difftool", "mergetool")}
        i = 0
        while i < len(rest):
            a = rest[i]
            key, eq, value = a.partition("=")
            if key in program_opts and (key not in short_ok or sub in short_ok[key]):
                if not eq:
                    if i + 1 >= len(rest):
                        break
                    value = rest[i + 1]
                    i += 1
                name = program_opts[key]
                if sub == "rebase" and key in ("-x", "--exec"):
                    # rebase -x CMD runs a shell command after each commit, like bisect
                    # run: judged as the nested command it is (npm test passes, curl|sh not)
                    self.child_sequence(node, value, depth, "git_exec")
                elif name is None:  # clone -c k=v / --config k=v
                    k, _, v = value.partition("=")
                    self.config_entry(node, "git", k.lower(), v, depth)
                elif name == "option.smtp-server" and not value.startswith("/") or name == "option.tool":
                    pass
                else:
                    self.config_entry(node, "git", name, value, depth)
            elif "ext::" in a:
                self.config_entry(node, "git", "protocol.ext", a.split("ext::", 1)[1].replace("% ", " "), depth)
            i += 1
        if sub == "bisect" and rest[:1] == ["run"] and len(rest) > 1:
            self.child_words(node, rest[1:], depth, "git_exec", [])
        elif sub == "submodule" and "foreach" in rest:
            cmd = [a for a in rest[rest.index("foreach") + 1:] if a not in ("--recursive", "-q", "--quiet")]
            if cmd:
                # the argument is a shell command run in each submodule: judged as the
                # nested command it is (not a setting; an opaque one is asked about there)
                self.child_sequence(node, " ".join(cmd), depth, "git_exec")

    def config_entry(self, node: dict, tool: str, key: str, value: str, depth: int) -> None:
        """A tool's setting that makes it run a program: recorded, and the program parsed."""
        if tool == "git":
            if key.startswith("alias."):
                if value.startswith("!"):
                    node.setdefault("config_exec", []).append({"tool": tool, "key": key, "value": value})
                    self.child_sequence(node, value[1:], depth, "git_alias")
                elif value:
                    self.child_words(node, ["git"] + _split_simple(value), depth, "git_alias", [])
                return
            if key.endswith(".update") and key.startswith("submodule."):
                if not value.startswith("!"):
                    return
            elif key.startswith("url.") and key.endswith(("insteadof", "pushinsteadof")):
                pass
            elif key == "http.sslverify" or key.endswith(".sslverify"):
                if value.lower() not in ("false", "0", "no", "off"):
                    return
            elif key in ("http.proxy", "https.proxy") or key.endswith(".proxy"):
                if not value:
                    return
            elif not (_git_exec_key(key) or key.startswith("option.") or key == "protocol.ext") or \
                    value.lower() in ("", "true", "false"):
                return
        node.setdefault("config_exec", []).append({"tool": tool, "key": key, "value": value})
        command = value[1:] if value.startswith(("!", "|")) else value
        if command and key.lower() not in _PATH_VALUED_KEYS and not key.lower().endswith(
                ("sslverify", "proxy", "insteadof")) and not command.startswith("$"):
            self.child_sequence(node, command, depth, "config_exec")

    def env_routes(self, node: dict, depth: int) -> None:
        """VAR=value prefixes and export VAR=value whose value a program later runs."""
        pairs = list(node["assignments"].items())
        if node["command"] in ("export", "declare", "typeset", "readonly", "local", "setenv"):
            pairs += [tuple(a.split("=", 1)) for a in node["args"] if "=" in a and not a.startswith("-")]
            if node["command"] == "setenv" and len(node["args"]) >= 2:
                pairs.append((node["args"][0], node["args"][1]))
        git_keys = {}
        for name, value in pairs:
            if name.startswith("GIT_CONFIG_KEY_"):
                git_keys.setdefault(name[15:], [None, ""])[0] = value
            elif name.startswith("GIT_CONFIG_VALUE_"):
                git_keys.setdefault(name[17:], [None, ""])[1] = value
            elif name == "GIT_CONFIG_PARAMETERS":
                for item in _split_simple(value):
                    k, _, v = item.partition("=")
                    if k.lower().startswith("alias.") and node["command"] == "git":
                        self.git_aliases[k.lower()[6:]] = v
                    self.config_entry(node, "git", k.lower(), v, depth)
            elif name in _EXEC_ENV:
                self.config_entry(node, "env", name, value, depth)
        for key, value in git_keys.values():
            if key:
                self.config_entry(node, "git", key.lower(), value, depth)

    # ------------------------------------------------------------ programs on stdin
    def run_deferred(self, final: bool = False) -> None:
        while self.deferred:
            node, stdin, depth = self.deferred[0]
            if not final and (_pending(node) or (isinstance(stdin, dict) and _pending(stdin))):
                return
            self.deferred.pop(0)
            self.feed(node, stdin, depth)

    def feed(self, node: dict, stdin, depth: int) -> None:
        """What an interpreter runs when its program comes from stdin, a file written
        earlier in the command, or a -c/-e argument."""
        command, args = node["command"].lower(), node["args"]
        if command == "busybox" and args:
            command, args = _basename(args[0]).lower(), args[1:]
        written = _stage_text(node)
        for r in node["redirects"]:
            if r["op"] in (">", ">>", ">|", "&>", "&>>") and not r["dup"] and not r["target"].startswith("/dev/"):
                if written is not None and (r["op"] in (">", ">|", "&>") or r["target"] not in self.files):
                    self.files[r["target"]] = written
                elif written is not None and self.files.get(r["target"]) is not None:
                    self.files[r["target"]] += "\n" + written
                else:
                    self.files[r["target"]] = None  # written, but with what is not known
        if command == "tee":
            text = _stage_text(stdin) if isinstance(stdin, dict) else None
            for a in args:
                if not a.startswith("-"):
                    self.files[a] = text
        elif command in ("curl", "wget", "cp", "mv", "install", "base64", "xxd", "openssl", "gpg", "tar", "unzip"):
            for opt in ("-o", "-O", "--output", "--output-document", "--out"):
                value = _option(args, (opt,))
                if value:
                    self.files[value] = None
            ops = [a for a in args if not a.startswith("-")]
            if command in ("cp", "mv", "install") and len(ops) >= 2:
                self.files[ops[-1]] = self.files.get(ops[0]) if ops[0] in self.files else self.files.get(ops[-1])
        if command == "xargs":
            self.xargs_input(node, args, stdin, depth)
        if command in _DB_CLIENTS:
            text, _why = self.stdin_text(node, stdin)
            if text:
                node["stdin_literal"] = text[:16384]  # the statements a database client is fed
        if command in ("cmake", "just") and self.embedded_script(node, command, args, stdin, depth):
            return
        if command in _COMPILED_RUNNERS:
            self.compiled_source(node, command, args, depth)
        family = _family(command)
        if family is None and command in _DSL_TOOLS:
            self.dsl_escapes(node, args, stdin, depth)
            return
        if family is None:
            program = node["argv"][0] if node["argv"] else ""
            key = program if program in self.files else program[2:] if program.startswith("./") else None
            if key is not None and key in self.files:
                if self.files[key] is None:
                    self.mark(node, "runs_file_written_in_command")
                else:
                    self.run_text(node, self.files[key], "shell", depth)
            return
        script = None
        if family == "shell":
            reads, script = _shell_reads(args)
        elif family == "source":
            script = args[0] if args else None
            reads = script in _STDIN_WORDS
        elif family == "at":
            script = _option(args, ("-f",))
            reads = script is None
        elif family == "awk":
            program = _awk_program(args)
            if program is not None:
                self.scan_code(node, program, "awk", depth)
            elif _option(args, ("-f", "--file")) in _STDIN_WORDS:
                text, why = self.stdin_text(node, stdin)
                if text is not None:
                    self.scan_code(node, text, "awk", depth)
                elif why:
                    self.mark(node, "stdin_to_interpreter")
            return
        elif family == "sed":
            self.sed_exec(node, args, depth)
            return
        elif family == "make":
            script = _option(args, ("-f", "--file", "--makefile"))
            if script in _STDIN_WORDS:
                text, why = self.stdin_text(node, stdin)
                if text is not None:
                    for cmd in _makefile_commands(text):
                        self.child_sequence(node, cmd, depth, "stdin_script")
                elif why:
                    self.mark(node, "stdin_to_interpreter")
            elif script is not None and script in self.files and self.files[script] is None:
                self.mark(node, "runs_file_written_in_command")
            return
        elif family == "editor":
            for cmd in _editor_commands(args):
                self.child_sequence(node, cmd, depth, "editor_exec")
            return
        else:
            codes, reads, script = _interpreter_call(family, args)
            for code in codes:
                self.scan_code(node, code, family, depth)
            if family == "pwsh" and any(a.lower() in ("-encodedcommand", "-enc", "-ec", "-e") for a in args):
                self.mark(node, "encoded_command")
        if reads:
            text, why = self.stdin_text(node, stdin)
            if text is not None:
                self.run_text(node, text, family, depth)
            elif why:
                self.mark(node, "stdin_to_shell" if family in ("shell", "source", "at") else "stdin_to_interpreter")
        elif script is not None and (script in self.files or (script.startswith("./") and script[2:] in self.files)):
            text = self.files.get(script, self.files.get(script[2:]))
            if text is None:
                self.mark(node, "runs_file_written_in_command")
            else:
                self.run_text(node, text, family, depth)
        elif script is not None and script.endswith("(…)") and family in ("shell", "source", "python", "perl",
                                                                         "ruby", "node", "php", "lua"):
            self.mark(node, "program_from_process_substitution")

    def embedded_script(self, node: dict, command: str, args: list[str], stdin, depth: int) -> bool:
        """cmake -P SCRIPT and just --justfile FILE, with the script on stdin or written
        earlier in the command: what it runs becomes nested segments; a script whose
        text is not known is marked."""
        if command == "cmake":
            script = _option(args, ("-P",))
        else:
            script = _option(args, ("--justfile", "-f"))
            script = script if script is not None else next(
                (a.split("=", 1)[1] for a in args if a.startswith("--justfile=")), None)
        if script is None:
            return False
        if script in _STDIN_WORDS:
            text, why = self.stdin_text(node, stdin)
        elif script in self.files:
            text, why = self.files[script], "written in this command"
        elif script.endswith("(…)"):
            text, why = None, "process substitution"
        else:
            return False
        if text is None:
            if why:
                self.mark(node, "stdin_to_interpreter")
            return True
        if command == "cmake":
            for words in _cmake_script_commands(text):
                self.child_words(node, words, depth, "stdin_script", [])
        else:
            for line in text.split("\n"):
                if line[:1] in (" ", "\t") and line.strip():
                    self.child_sequence(node, line.strip().lstrip("@-"), depth, "stdin_script")
        return True

    def compiled_source(self, node: dict, command: str, args: list[str], depth: int) -> None:
        """go run FILE.go, java File.java, swift f.swift, kotlinc -script f.kts, … with a
        source file written earlier in the command: its code is scanned like inline code
        (its shell calls, deletes and file names); unknown content is marked."""
        for a in args:
            ext = a.rsplit(".", 1)[-1].lower() if "." in a else ""
            if ext not in _SOURCE_EXTENSIONS or a.startswith("-"):
                continue
            key = a if a in self.files else a[2:] if a.startswith("./") and a[2:] in self.files else None
            if key is None:
                continue
            if self.files[key] is None:
                self.mark(node, "runs_file_written_in_command")
            else:
                self.scan_code(node, self.files[key], "generic", depth)

    def xargs_input(self, node: dict, args: list[str], stdin, depth: int) -> None:
        """xargs runs its command with words from its input: literal input is substituted;
        a command that comes from the input itself is marked."""
        replace = _option(args, ("-I", "-i", "--replace")) or next(
            (a[2:] for a in args if a.startswith("-I") and len(a) > 2), None)
        inner = _after_options(args, _XARGS_VALUE_OPTS)
        if not inner:
            return
        arg_file = _option(args, ("-a", "--arg-file"))
        text, why = (None, "an argument file") if arg_file else self.stdin_text(node, stdin)
        if arg_file and arg_file.endswith("(…)"):
            why = "process substitution"
        if text is not None:
            for line in [x for x in text.split("\n") if x.strip()][:_BRACE_LIMIT]:
                words = [w.replace(replace, line) for w in inner] if replace else inner + _split_simple(line)
                self.child_words(node, words, depth, "xargs", ["xargs"])
        elif replace and (replace in inner[0] or (_family(_basename(inner[0])) == "shell" and any(
                w.split()[0:1] == [replace] or w.startswith(replace) for w in _xargs_shell_code(inner) if w.strip()))):
            self.mark(node, "command_from_input")
        elif why in ("process substitution", "an argument file") and arg_file and arg_file.endswith("(…)"):
            self.mark(node, "xargs_input_from_process_substitution")
        if text is None and isinstance(stdin, dict) and _basename(inner[0]).lower() in _DELETERS:
            roots = _find_whole_roots(stdin)
            if roots:
                # `find ~ -type f | xargs rm`: every file under the root is deleted
                self.child_words(node, ["rm", "-r"] + roots, depth, "xargs", ["xargs"])

    def dsl_escapes(self, node: dict, args: list[str], stdin, depth: int) -> None:
        """Tools with a language of their own (m4, dc, ed, gnuplot, sqlite3, psql, mysql,
        guile, racket, erb, …): their shell escapes, in arguments or literal input, are
        parsed as nested commands; code they read from elsewhere is marked."""
        texts = [a for a in args if len(a) > 1]
        text, why = self.stdin_text(node, stdin)
        if text is not None:
            texts.append(text)
        elif why and node["command"].lower() in _DSL_STDIN_PROGRAMS and not any(
                a for a in args if not a.startswith("-") and node["command"].lower() in ("ed", "m4", "dc")):
            self.mark(node, "stdin_to_interpreter")
        for t in texts:
            low = t.lower()
            for line in t.replace(";", "\n").split("\n"):
                line = line.strip()
                for prefix in ("\\!", "!", ".shell ", ".system ", "\\setenv ", "shell "):
                    if line.startswith(prefix) and line[len(prefix):].strip():
                        self.child_sequence(node, line[len(prefix):].strip(), depth, "interpreter_exec")
                        self.mark(node, "interpreter_exec")
                        break
            for call in ("syscmd(", "esyscmd(", "shell(", "system("):
                at = low.find(call)
                while at >= 0:
                    end = t.find(")", at)
                    inner = t[at + len(call):end if end > 0 else len(t)].strip().strip("'\"`")
                    if inner:
                        self.child_sequence(node, inner, depth, "interpreter_exec")
                    self.mark(node, "interpreter_exec")
                    at = low.find(call, at + 1)
            if any(m in low for m in _DSL_EXEC):
                self.scan_code(node, t, "perl" if "`" in t else "generic", depth)

    def stdin_text(self, node: dict, stdin):
        """(text, None) when the standard input is literal; (None, why) when it is not
        known; (None, None) when nothing is fed (a terminal, a file that is a script)."""
        for r in reversed(node["redirects"]):
            if r["op"] in ("<<", "<<-", "<<<") or (r["op"] in ("<", "<&") and r["fd"] in (None, 0)):
                break
        else:
            r = None
        if r is not None:
            if r["op"] == "<&":
                return (None, "a file descriptor") if r["target"] not in ("&0", "&-") else (None, None)
            if r["op"] == "<":
                if r["target"].endswith("(…)"):
                    return None, "process substitution"
                if r["target"] in self.files:
                    text = self.files[r["target"]]
                    return (text, None) if text is not None else (None, "written in this command")
                return None, None
            hd = [h for h in node.get("_heredocs") or [] if h["op"] == r["op"]]
            if hd:
                h = hd[-1]
                text = (h["body"] if h["op"] != "<<<" else h["target"]) or ""
                if h["op"] == "<<<" and (h.get("_dynamic") or "(…)" in text or "`…`" in text):
                    return None, "not literal"
                return text, None
            return None, "unknown"
        if stdin is None:
            return None, None
        if not isinstance(stdin, dict):
            return None, "complex"
        text = _stage_text(stdin)
        if text is None and stdin.get("command") == "cat" and len(stdin.get("args") or []) == 1 and \
                stdin["args"][0] in self.files:
            text = self.files[stdin["args"][0]]
        return (text, None) if text is not None else (None, "not literal")

    def run_text(self, node: dict, text: str, family: str, depth: int) -> None:
        if family in ("shell", "source", "at"):
            self.child_sequence(node, text, depth, "stdin_script" if family != "at" else "scheduled")
        else:
            self.scan_code(node, text, family, depth)

    def sed_exec(self, node: dict, args: list[str], depth: int) -> None:
        scripts, i = [], 0
        while i < len(args):
            a = args[i]
            if a in ("-e", "--expression") and i + 1 < len(args):
                scripts.append(args[i + 1])
                i += 2
                continue
            if a.startswith("--expression="):
                scripts.append(a.split("=", 1)[1])
            elif a in ("-f", "--file"):
                i += 2
                continue
            elif not a.startswith("-") and not scripts:
                scripts.append(a)
                break
            i += 1
        for script in scripts:
            for cmd in script.replace("\n", ";").split(";"):
                c = cmd.strip().lstrip("0123456789,$! ")
                if c.startswith("/") and "/" in c[1:]:
                    c = c[c.index("/", 1) + 1:].lstrip()  # an address /re/
                if c == "e" or c.startswith("e "):
                    if c[2:].strip():
                        self.child_sequence(node, c[2:].strip(), depth, "interpreter_exec")
                    else:
                        self.mark(node, "interpreter_exec")
                elif c.startswith("s") and len(c) > 3 and not c[1].isalnum():
                    bits = c.split(c[1])
                    if len(bits) >= 4 and "e" in bits[3]:
                        self.mark(node, "interpreter_exec")

    def scan_code(self, node: dict, code: str, family: str, depth: int) -> None:
        """Inline code of another language: its shell calls, recursive deletes and file
        names become nested segments; what cannot be resolved is marked."""
        if not code.isascii():
            import unicodedata  # identifiers are NFKC-normalised by Python: os.ｓｙｓｔｅｍ is os.system
            code = unicodedata.normalize("NFKC", code)
        low = code.lower()
        exec_tokens = _CODE_EXEC_AWK if family == "awk" else _CODE_EXEC
        exec_hit = any(t in low for t in exec_tokens) or (family in ("perl", "ruby") and "`" in code)
        net_hit = any(t in low for t in _CODE_NET)
        dyn_hit = family != "awk" and any(t in low for t in _CODE_DYNAMIC)
        literals = [_home_spelled(lit) for lit in _string_literals(code, family)]
        if exec_hit:
            self.mark(node, "interpreter_exec")
            for lit in literals:
                if lit.strip() and len(lit) < 4096:
                    self.child_sequence(node, lit, depth, "interpreter_exec")
            for joined in _literal_lists(code):
                self.child_sequence(node, joined, depth, "interpreter_exec")
        if family == "pwsh":
            self.mark(node, "foreign_shell_code")
            for words in _pwsh_statements(code):
                if words and words[0].lower() in _PWSH_DELETE and \
                        any(w.lower().startswith("-r") for w in words[1:]):
                    targets = [_home_spelled(w) for w in words[1:] if not w.startswith("-")]
                    self.child_words(node, ["rm", "-r"] + (targets or ["(…)"]), depth, "interpreter_exec", [])
        for token in _CODE_DELETE:
            at = low.find(token)
            while at >= 0:
                if at > 0 and (low[at - 1].isalnum() or low[at - 1] == "_") and token[0].isalnum():
                    at = low.find(token, at + 1)
                    continue  # a longer name (confirm(, perform(): not this call
                target = _call_literal(code, at + len(token))
                if target is None:
                    self.mark(node, "interpreter_delete")
                else:
                    self.child_words(node, ["rm", "-r", target], depth, "interpreter_exec", [])
                at = low.find(token, at + 1)
        if dyn_hit:
            self.mark(node, "interpreter_dynamic_code")
        if net_hit and (exec_hit or dyn_hit):
            self.mark(node, "interpreter_network_exec")
        if _fork_loop(low):
            self.mark(node, "interpreter_fork_loop")
        if _evaluates_url(low, literals):
            self.mark(node, "interpreter_network_exec")
        files = [lit for lit in literals if _path_like(lit)]
        if files:
            self.child_words(node, ["@code"] + files[:32], depth, "interpreter_code", [])
            if any(t in low for t in _CODE_WRITE) or _opens_for_writing(code):
                # the code writes files: each file it names may be one of them
                self.child_words(node, ["tee"] + files[:32], depth, "interpreter_code", [])

    def option_programs(self, node: dict, command: str, args: list[str], depth: int) -> None:
        """Option values that are code for an evaluator the program embeds: make --eval,
        cmake -E (its portable commands), ansible -m shell|command|raw -a, emacs --eval,
        zsh's network modules. What they run becomes nested segments; what cannot be read
        is marked."""
        if command in ("make", "gmake"):
            for i, a in enumerate(args):
                text = a.split("=", 1)[1] if a.startswith("--eval=") else (
                    args[i + 1] if a in ("--eval", "-E") and i + 1 < len(args) else None)
                if text is not None:
                    for cmd in _makefile_commands(text):
                        self.child_sequence(node, cmd, depth, "option_exec")
        elif command == "cmake" and "-E" in args:
            words = args[args.index("-E") + 1:]
            mapped = _cmake_tool(words)
            if mapped:
                self.child_words(node, mapped, depth, "option_exec", ["cmake"])
        elif command in ("ansible", "ansible-console") or command.startswith("ansible-"):
            module = _option(args, ("-m", "--module-name"))
            module = (module or "").rsplit(".", 1)[-1]
            value = _option(args, ("-a", "--args"))
            if module in ("shell", "command", "raw", "script", "expect") and value:
                text = " ".join(w for w in _split_simple(value) if not (
                    "=" in w and w.split("=", 1)[0] in ("chdir", "creates", "removes", "executable", "stdin", "warn")))
                self.child_sequence(node, text or value, depth, "option_exec")
            elif module and value and module not in ("ping", "setup", "debug", "gather_facts", "stat", "find",
                                                    "slurp", "fetch", "package_facts", "service_facts"):
                self.mark(node, "option_code")
        elif command in ("emacs", "emacsclient", "xemacs"):
            for i, a in enumerate(args):
                if a in ("--eval", "-eval", "--execute") and i + 1 < len(args):
                    self.scan_code(node, args[i + 1], "lisp", depth)
                elif a.startswith("--eval="):
                    self.scan_code(node, a.split("=", 1)[1], "lisp", depth)
        elif command == "zmodload" and any(a.startswith("zsh/net") for a in args) or command in ("ztcp", "zsocket"):
            self.mark(node, "shell_network_socket")

    def embedded_pipelines(self, node: dict, command: str, args: list[str], depth: int) -> None:
        """A shell pipeline of a downloader written inside an argument of a program that
        takes code (ocaml -e 'Sys.command "curl … | sh"', gdb -ex 'python os.system("curl
        …|sh")', nvim -c 'lua os.execute(…)', an unknown tool): the quoted pipeline becomes a
        nested segment sequence, so `curl … | sh` is judged as typed. Arguments of programs
        that treat them as text (grep/sed patterns, echo/printf, commit messages) are data;
        shells' -c payloads and the inline code of known interpreters are read already."""
        name = command.lower()
        if name in _DATA_ARGUMENTS or name in _SHELLS or node.get("context") == "embedded_pipeline" or \
                _family(name) in _CODE_READ_FAMILIES:
            return  # these interpreters' inline code is read by scan_code (which calls run commands)
        found = 0
        for a in args[:256]:
            if "|" not in a or len(a) > 16384 or not _EMBEDDED_DOWNLOADER.search(a):
                continue
            for m in _EMBEDDED_PIPELINE.finditer(a):
                self.child_sequence(node, m.group(0), depth, "embedded_pipeline")
                found += 1
                if found >= 8:
                    return

    def possible_nested(self, node: dict, command: str, args: list[str], depth: int) -> None:
        """Any program whose arguments, after its own options (and at most one subcommand
        word), name a known program followed by its arguments may run it (systemd-inhibit
        rm …, perf stat rm …, gdb --args rm …, flatpak-spawn --host rm …): the nested
        reading becomes a segment of its own (context `possible_nested`), so the rules
        judge it like the same command typed directly."""
        command = command.lower()
        if not args or command in _NO_NESTED or command in _WRAPPERS or command in _RUNNERS or \
                _family(command) is not None or node.get("context") == "possible_nested" or len(args) > 256:
            return
        for i in _nested_positions(args):
            self.child_words(node, args[i:], depth, "possible_nested", [command])

    def child_sequence(self, node: dict, text: str, depth: int, context: str) -> None:
        if depth + 1 > self.max_depth:
            self.mark(node, "too_deep")
            return
        sub = _Parser(text, self.max_depth - depth - 1)
        sub.functions, sub.aliases, sub.files = dict(self.functions), dict(self.aliases), self.files
        sub.git_aliases, sub.expanding = self.git_aliases, self.expanding
        self.adopt(node, sub, depth, context)

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


def _xargs_shell_code(inner: list[str]) -> list[str]:
    """The words of `xargs … sh [opts] -c SCRIPT [NAME ARGS…]` that are code: the script
    (and the options before it). The words after it are positional parameters ($0, $1,
    …), data the script reads; without -c every word may be a script or its code."""
    rest = inner[1:]
    for i, w in enumerate(rest):
        if w == "-c" or (w.startswith("-") and not w.startswith("--") and "c" in w[1:] and w[1:].isalpha()):
            return rest[:i + 2]
    return rest


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
                    out[-1] = _unescape(fmt[i:i + 2]) if j < len(fmt) and fmt[j] not in "01234567xuU" else None
                    if out[-1] is None:
                        out.pop()
                        k = i + 2
                        while k < len(fmt) and k - i < 10 and fmt[k] not in "\\%":
                            k += 1
                        out.append(_unescape(fmt[i:k]))
                        i = k
                        continue
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


def _shift_depth(nodes: list, offset: int) -> None:
    for node in nodes:
        node["depth"] += offset
        _shift_depth(node["children"], offset)


def _basename(word: str) -> str:
    return word.rstrip("/").rsplit("/", 1)[-1] if word else ""


def _strip_wrappers(argv: list[str], assignments: dict[str, str]) -> tuple[list[str], list[str]]:
    """Drop wrapper prefixes (sudo, env X=1, timeout 5, …) and their options."""
    wrappers: list[str] = []
    rounds = 0
    while argv and rounds < 16:
        rounds += 1
        name = _basename(argv[0])
        runner = _runner(argv)
        if runner is not None:
            wrappers.append(name)
            argv = runner
            continue
        spec = _WRAPPERS.get(name)
        if spec is None:
            break
        if name == "command" and len(argv) > 1 and argv[1] in ("-v", "-V"):
            break  # `command -v x` only looks x up
        if name in ("flock", "runuser") and any(a in ("-c", "--command") or a.startswith("--command=") for a in argv[1:]):
            break  # the command is a string: parsed as a payload
        if name in ("env", "printenv", "sudo", "doas", "time", "nice", "command", "builtin", "exec") and not any(
                not a.startswith("-") and "=" not in a for a in argv[1:]):
            break  # `env`, `env -i`, `sudo -l`, `exec 3<x`: no wrapped command, the program itself runs
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
            if name == "env" and (arg in ("-S", "--split-string") or arg.startswith(("-S", "--split-string="))):
                value = argv[i + 1] if arg in ("-S", "--split-string") and i + 1 < len(argv) else \
                    arg.split("=", 1)[1] if arg.startswith("--") else arg[2:]
                rest = argv[i + 2:] if arg in ("-S", "--split-string") else argv[i + 1:]
                argv = argv[:i] + _split_simple(value) + rest  # env -S 'rm -rf ~': one string, split
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


def _package_program(spec: str) -> str:
    """rimraf@5 → rimraf, @scope/pkg@1 → pkg, ruff==0.4 → ruff, github:u/r → r."""
    name = spec.split(":", 1)[1] if spec.startswith(("github:", "git+", "npm:")) else spec
    if name.startswith("@") and "/" in name:
        name = name.split("/", 1)[1]
    for sep in ("@", "==", ">=", "<=", "~=", "[", "#"):
        if sep in name[1:]:
            name = name[:name.index(sep, 1)]
    return name.rstrip("/").rsplit("/", 1)[-1] or spec


def _runner(argv: list[str]) -> list[str] | None:
    """The command a package runner runs (`npx -y rimraf ~` → rimraf ~), or None."""
    name = _basename(argv[0])
    if name in _RUNNERS:
        value_opts, i = _RUNNERS[name], 1
    elif len(argv) > 1 and (name, argv[1]) in _RUNNER_PAIRS:
        value_opts, i = _RUNNER_VALUE_OPTS, 2
        if name == "uv" and argv[1] == "tool":
            i = 3
    elif len(argv) > 2 and name == "uv" and argv[1] == "tool" and argv[2] == "run":
        value_opts, i = _RUNNER_VALUE_OPTS, 3
    else:
        return None
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg in ("-c", "--call") and name in ("npx", "pnpx", "npm") and i + 1 < len(argv):
            return ["sh", "-c", argv[i + 1]]
        if not arg.startswith("-"):
            break
        i += 2 if arg in value_opts else 1
    rest = argv[i:]
    if not rest:
        return []
    program = _package_program(rest[0]) if name not in ("uv", "poetry", "pdm", "hatch", "rye", "bundle", "conda",
                                                        "mamba", "micromamba", "pixi") else rest[0]
    return [program] + rest[1:]


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
    """su/runuser/sg/flock -c CMD."""
    for i, arg in enumerate(args):
        if arg in ("-c", "--command") and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--command="):
            return arg.split("=", 1)[1]
    return None


# ---------------------------------------------------------------- helpers of the facts above

_STDIN_WORDS = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})

_FAMILIES = {
    **{name: "shell" for name in _SHELLS}, "yash": "shell", "posh": "shell", "csh": "shell", "tcsh": "shell",
    "python": "python", "pypy": "python", "node": "node", "nodejs": "node", "bun": "node",
    "perl": "perl", "ruby": "ruby", "irb": "ruby", "php": "php", "lua": "lua", "luajit": "lua",
    "osascript": "osascript", "pwsh": "pwsh", "powershell": "pwsh", "tclsh": "tcl", "wish": "tcl",
    "rscript": "r", "julia": "julia", "expect": "expect", "groovy": "groovy", "r": "r",
    "deno": "node", "tsx": "node", "ts-node": "node", "bb": "clojure", "clojure": "clojure", "clj": "clojure",
    "guile": "scheme", "racket": "scheme", "chez": "scheme", "scheme": "scheme", "csi": "scheme",
    "sbcl": "lisp", "clisp": "lisp", "ecl": "lisp", "elixir": "elixir", "iex": "elixir", "erl": "erlang",
    "escript": "erlang", "swift": "swift", "kotlin": "kotlin", "scala": "scala", "jshell": "java",
    "raku": "perl", "perl6": "perl", "gjs": "node", "qjs": "node", "jjs": "node", "rhino": "node",
    "ocaml": "ocaml", "crystal": "ruby", "nim": "nim", "dart": "dart", "v": "v", "php-cli": "php",
    "pwsh-preview": "pwsh", "tclsh8": "tcl", "octave": "r", "matlab": "r", "gnuplot": "gnuplot",
    "awk": "awk", "gawk": "awk", "mawk": "awk", "nawk": "awk", "sed": "sed", "gsed": "sed",
    "at": "at", "batch": "at", "source": "source", ".": "source",
    "make": "make", "gmake": "make", "vim": "editor", "vi": "editor", "nvim": "editor", "ex": "editor", "view": "editor", "gvim": "editor",
}
_CODE_FLAGS = {"python": "c", "node": "ep", "perl": "eE", "ruby": "e", "php": "r", "lua": "e", "osascript": "e",
               "pwsh": "c", "r": "e", "julia": "e", "expect": "c", "groovy": "e", "tcl": "",
               "clojure": "e", "scheme": "ce", "lisp": "", "elixir": "e", "erlang": "", "swift": "e",
               "kotlin": "e", "scala": "e", "java": "", "ocaml": "", "nim": "", "dart": "", "v": "e",
               "gnuplot": "e"}
_CODE_EXEC = (
    "os.system", "os.popen", "subprocess", "pty.spawn", "os.exec", "os.spawn", "commands.get", "child_process",
    "execsync", "spawnsync", "execfilesync", "system(", "system ", "popen", "shell_exec", "passthru",
    "proc_open", "os.execute", "do shell script", "start-process", "invoke-expression", "iex ", "iex(",
    "deno.run", "deno.command", "bun.spawn", "bun.$", "kernel.exec", "%x(", "%x{", "qx(", "qx{", "qx/",
    "open3", "runtime.getruntime", "processbuilder", "run(`", "spawn ", "exec ", "exec(", "pcntl_exec",
    "os.startfile", "win32api", "shell(", "execute(", "(shell ", "(sh ", "(system ", "(system* ",
    "(run-program", "(process ", "(open-pipe", "clojure.java.shell", "babashka.process", "system.cmd(",
    ":os.cmd(", "os:cmd(", "run(`", "pipeline(`", "runtime.exec", "process(", "deno.command(",
    "std::process", "command::new", "uiop:run-program", "sb-ext:run-program", "system2(",
    "invoke-item", "& {", "cmd /c", "cmd.exe",
)
_CODE_EXEC_AWK = ("system(", "system (", "|getline", "| getline", '|"', '| "', "|&", "| cmd", "|cmd")
_CODE_NET = (
    "socket", "urllib", "requests.", "http.client", "urlopen", "httpx", "aiohttp", "fetch(", "net.connect",
    "createconnection", "http.get", "https.get", "http.request", "https.request", "lwp", "io::socket",
    "net::http", "fsockopen", "tcpsocket", "curl_", "file_get_contents(\"http", "file_get_contents('http",
    "invoke-webrequest", "invoke-restmethod", "downloadstring", "webclient", "/inet/tcp", "/inet/udp",
    "/dev/tcp", "/dev/udp", "websocket", "paramiko", "ftplib", "smtplib", "telnetlib", "xmlhttprequest",
)
_CODE_DYNAMIC = (
    "eval(", "eval ", "eval)", "compile(", "b64decode", "base64", "fromcharcode", "atob(", "new function(", "vm.run",
    "__import__", "marshal.loads", "pickle.loads", "codecs.decode", "rot13", "rot_13", "frombase64string",
    "bytes.fromhex", "unhexlify", "zlib.decompress", "instance_eval", "class_eval", "decode('hex')",
    "pack(", "gzinflate", "str_rot13", "assert(", "create_function", "unserialize", "exec(",
)
_CODE_DELETE = ("removeall(", "os.removeall(", "finddepth(", "os.remove(", "fs.unlinksync(", "unlink(",
    "rmtree(", "removedirs(", "rmsync(", "rmdirsync(", "fs.rm(", "fs.rmdir(", "rimraf(", "rimraf.sync(",
    "rm_rf(", "rm_r(", "remove_dir(", "remove_tree(", "remove_dir_all(", "fsp.rm(", "promises.rm(",
    "deletedirectory(", "file::path::rmtree(", "rmdir(",
    "rm(", "deno.remove(", "deno.removesync(", "delete-tree ", "fs/delete-tree ", "delete-directory ",
    "file.rm_rf(", "file.rm_r(", "rm_rf ", "rm_r ", "fileutils.rm_rf", "delete-directory/files ",
    "(delete-file ", "file.delete(", "deletedir(", "remove_all(", "remove-item ", "ri ", "directory.delete(",
)
_CODE_WRITE = (".write(", "writefile", "appendfile", "write_text", "write_bytes", "file_put_contents", "fopen(",
               "shutil.copy", "shutil.move", "os.rename", "os.replace", "copyfile", "createwritestream", "file.write",
               "file.open", "io.open", "print f ", "print $f", "syswrite", "out-file", "set-content", "add-content")


_DB_CLIENTS = frozenset({"psql", "pgcli", "mysql", "mariadb", "mycli", "sqlite3", "litecli", "duckdb", "mongosh",
                         "mongo", "clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "usql", "cqlsh",
                         "redis-cli", "valkey-cli", "keydb-cli", "isql", "sqlplus", "snowsql", "bq", "trino",
                         "presto", "beeline", "spark-sql", "influx", "memcached-tool"})
_DELETERS = frozenset({"rm", "shred", "unlink", "srm", "trash", "trash-put", "gio", "rmdir", "wipe", "scrub"})
_FIND_NARROWING = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
                             "-newer", "-anewer", "-cnewer", "-mtime", "-mmin", "-ctime", "-cmin", "-atime", "-amin",
                             "-size", "-user", "-group", "-uid", "-gid", "-perm", "-empty", "-links", "-inum",
                             "-samefile", "-lname", "-ilname", "-newermt", "-newerct", "-used", "-nouser", "-nogroup",
                             "-context", "-fstype"})


def _find_whole_roots(stage: dict) -> list[str]:
    """The start directories of a `find` (or `fd`) that lists everything under them (no
    name, time or size test narrows it): a deleter fed by it deletes there."""
    command = _basename(stage.get("command") or "").lower()
    args = stage.get("args") or []
    if command not in ("find", "gfind", "bfs"):
        return []
    roots = []
    for a in args:
        if a.startswith(("-", "!", "(", ")")):
            break
        roots.append(a)
    if any(a in _FIND_NARROWING for a in args):
        return []
    return roots[:16]


_CHDIR_OPTS = {"env": ("-C", "--chdir"), "sudo": ("-D", "--chdir"), "systemd-run": ("--working-directory",),
               "unshare": ("--wd",), "nsenter": ("--wd", "-w"), "proot": ("-w", "--pwd"), "firejail": ("--chdir",)}


def _wrapper_chdir(words: list[str], wrappers: list[str]) -> str | None:
    """The directory a wrapper makes its command run in (env -C DIR, sudo -D DIR, …)."""
    if not wrappers or not any(w in _CHDIR_OPTS for w in wrappers):
        return None
    current = None
    for i, w in enumerate(words):
        base = _basename(w)
        if base in _CHDIR_OPTS and current is None or base in _CHDIR_OPTS and i > 0 and not words[i - 1].startswith("-"):
            current = base
        if current is None:
            continue
        for opt in _CHDIR_OPTS[current]:
            if w == opt and i + 1 < len(words):
                return words[i + 1]
            if w.startswith(opt + "=") and opt.startswith("--"):
                return w.split("=", 1)[1]
            if w.startswith(opt) and not opt.startswith("--") and len(w) > len(opt):
                return w[len(opt):]
    return None


_ALL_POSITIONAL = frozenset({"$@", "${@}", "$*", "${*}"})
_FOREIGN_SHELLS = frozenset({"fish", "nu", "elvish", "xonsh", "ion", "murex", "ysh", "oil"})
_PWSH_DELETE = frozenset({"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "rimraf"})


def _pwsh_statements(code: str) -> list[list[str]]:
    """PowerShell statements as words (`Remove-Item -Recurse -Force ~`), quotes removed."""
    out = []
    for stmt in code.replace("|", ";").replace("\n", ";").replace("{", ";").replace("}", ";").split(";"):
        try:
            words = _split_simple(stmt.strip())
        except Exception:  # noqa: BLE001 - unbalanced quotes: nothing literal to read
            words = []
        out.append([w.strip("'\"") for w in words])
    return out


def _opens_for_writing(code: str) -> bool:
    low = code.lower()
    at = low.find("open(")
    while at >= 0:
        window = low[at:at + 200]
        for mode in ("'w", '"w', "'a", '"a', "'x", '"x', "'r+", '"r+', ">", ">>"):
            if "," + mode in window.replace(" ", "") or window.startswith("open(" + mode[0] + ">"):
                return True
        at = low.find("open(", at + 1)
    return False


_NPM_EXEC_KEYS = frozenset({"script-shell", "shell", "git", "editor", "browser", "node-options", "onload-script",
                            "init-module", "viewer", "prefix", "globalconfig", "userconfig"})
_PATH_VALUED_KEYS = frozenset({"core.hookspath", "init.templatedir", "option.smtp-server", "include.path", "bash_env", "env",
                               "prefix", "globalconfig", "userconfig", "init-module", "onload-script",
                               "node-options", "node_options", "perl5opt", "rubyopt", "pythonstartup",
                               "git_template_dir", "git_config_global", "git_config_system", "git_dir"})
_EXEC_ENV = frozenset({
    "PROMPT_COMMAND", "BASH_ENV", "ENV", "PS0", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "PAGER", "GIT_EDITOR",
    "EDITOR", "VISUAL", "LESSOPEN", "LESSCLOSE", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS",
    "GIT_PROXY_COMMAND", "GIT_SEQUENCE_EDITOR", "MANPAGER", "BROWSER", "PERL5OPT", "NODE_OPTIONS", "RUBYOPT",
    "PYTHONSTARTUP", "GIT_CONFIG_PARAMETERS", "GIT_TEMPLATE_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
    "GIT_EXEC_PATH", "FCEDIT", "SYSTEMD_PAGER", "GIT_DIR", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
    "PYTHONWARNINGS",
})
_GIT_EXEC_KEYS = frozenset({
    "core.fsmonitor", "core.sshcommand", "core.pager", "core.editor", "core.hookspath", "core.askpass",
    "core.gitproxy", "core.alternaterefscommand", "sequence.editor", "gpg.program", "credential.helper",
    "diff.external", "uploadpack.packobjectshook", "include.path", "init.templatedir", "web.browser",
    "interactive.difffilter", "receive.procreceiverefs", "core.worktree", "ssh.variant", "protocol.allow",
    "merge.tool", "diff.tool",
})
_GIT_EXEC_SUFFIXES = (".textconv", ".command", ".driver", ".clean", ".smudge", ".process", ".cmd", ".program",
                      ".helper", ".uploadpack", ".receivepack", ".proxy", ".path")
_GIT_EXEC_PREFIXES = ("pager.", "includeif.", "protocol.", "filter.", "difftool.", "mergetool.", "browser.")


def _git_exec_key(key: str) -> bool:
    if key in _GIT_EXEC_KEYS or key.startswith(_GIT_EXEC_PREFIXES):
        return True
    # git send-email runs sendemail.smtpServer when it is a path (a sendmail-like program),
    # and sendemail.toCmd / ccCmd always (also per identity: sendemail.work.smtpServer)
    if key.startswith("sendemail.") and key.endswith(("smtpserver", "tocmd", "cccmd", "headercmd")):
        return True
    section = key.split(".", 1)[0]
    return section in ("diff", "merge", "filter", "credential", "gpg", "remote", "submodule") and \
        key.endswith(_GIT_EXEC_SUFFIXES)


def _git_config_set(rest: list[str]) -> tuple[str | None, str]:
    """`git config [scope] KEY VALUE` / `git config set KEY VALUE`: the key set, or None."""
    ops, i = [], 0
    readers = {"--get", "--get-all", "--get-regexp", "--unset", "--unset-all", "-l", "--list", "--remove-section",
               "--rename-section", "-e", "--edit", "--get-urlmatch", "--get-color", "--get-colorbool", "--show-origin"}
    while i < len(rest):
        a = rest[i]
        if a in readers:
            return None, ""
        if a in ("-f", "--file", "--blob", "--type", "--default", "--comment", "--value"):
            i += 2
            continue
        if not a.startswith("-"):
            ops.append(a)
        i += 1
    if ops and ops[0] in ("set", "unset", "get", "list", "edit", "rename-section", "remove-section"):
        if ops[0] != "set":
            return None, ""
        ops = ops[1:]
    if len(ops) >= 2:
        return ops[0].lower(), ops[1]
    return None, ""


def _split_simple(text: str) -> list[str]:
    """Words of a simple command line (quotes removed), for aliases and -S strings."""
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
    if all(len(t) == 1 for t in texts):
        return []
    out: list[list[str]] = [[]]
    for t in texts:
        out = [o + [v] for o in out for v in t][:_BRACE_LIMIT]
    return out[1:]


def _pending(node: dict) -> bool:
    return any(h["op"] in ("<<", "<<-") and h.get("body") is None for h in node.get("_heredocs") or ())


def _stage_text(node: dict) -> str | None:
    """What a segment prints when that is literal (echo, printf, cat of a heredoc)."""
    if not isinstance(node, dict):
        return None
    command = node.get("command")
    if command not in ("echo", "printf", "cat"):
        return None
    redirects = node.get("_heredocs") or []
    if command == "cat" and len(redirects) == 1 and not node.get("args"):
        h = redirects[0]
        return h["target"] if h["op"] == "<<<" else h.get("body")
    return _literal_output([node], redirected=True)


# compilers that run a source file at once: which file names they take

def _family(command: str) -> str | None:
    name = command.lower()
    family = _FAMILIES.get(name)
    if family is None and name and name[-1].isdigit():
        family = _FAMILIES.get(name.rstrip("0123456789.-"))
    return family


def _shell_reads(args: list[str]) -> tuple[bool, str | None]:
    """(reads its program from stdin, script operand) for sh/bash/… without -c."""
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            i += 1
            break
        if a in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            i += 2
            continue
        if a.startswith(("-", "+")) and a not in ("-", "+"):
            if not a.startswith("--") and "c" in a[1:]:
                return False, None
            if not a.startswith("--") and "s" in a[1:]:
                return True, None
            i += 1
            continue
        break
    script = args[i] if i < len(args) else None
    return script is None or script in _STDIN_WORDS, script


def _option(args: list[str], names: tuple[str, ...]) -> str | None:
    for i, a in enumerate(args):
        if a in names and i + 1 < len(args):
            return args[i + 1]
    return None


def _awk_program(args: list[str]) -> str | None:
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-f", "--file") or a.startswith("-f"):
            return None
        if a in ("-e", "--source") and i + 1 < len(args):
            return args[i + 1]
        if a in ("-F", "-v", "--assign", "--field-separator"):
            i += 2
            continue
        if a.startswith("-") and a != "-":
            i += 1
            continue
        return a
    return None


def _editor_commands(args: list[str]) -> list[str]:
    out = []
    for i, a in enumerate(args):
        value = None
        if a in ("-c", "--cmd") and i + 1 < len(args):
            value = args[i + 1]
        elif a.startswith("+") and len(a) > 1:
            value = a[1:]
        if value is not None:
            v = value.lstrip(":").lstrip()
            if v.startswith("!"):
                out.append(v[1:])
            elif v.startswith(("sh", "term", "call system", "r !", "r!", "w !", "w!")) or "system(" in v:
                out.append(v.split("!", 1)[1] if "!" in v else "eval " + v)
    return out


def _interpreter_call(family: str, args: list[str]) -> tuple[list[str], bool, str | None]:
    """(inline code, reads its program from stdin, script operand) of an interpreter call."""
    letters = _CODE_FLAGS.get(family, "")
    codes: list[str] = []
    if args and args[0] in ("eval", "-eval") and family in ("node", "erlang", "scheme", "lisp"):
        rest = [a for a in args[1:] if not a.startswith("-")]
        return rest[:1], False, None
    if family in ("lisp", "scheme", "erlang") and any(a in ("--eval", "-eval", "--expr", "-expr") for a in args):
        for i, a in enumerate(args[:-1]):
            if a in ("--eval", "-eval", "--expr", "-expr"):
                codes.append(args[i + 1])
        return codes, False, None
    module = False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            i += 1
            break
        if a == "-" or not a.startswith("-"):
            break
        if family == "pwsh" and a.lower() in ("-command", "-c"):
            codes.append(" ".join(args[i + 1:]))
            return codes, False, None
        if a.startswith("--"):
            key, eq, value = a.partition("=")
            if key in ("--eval", "--print", "--command", "--exec"):
                if eq:
                    codes.append(value)
                elif i + 1 < len(args):
                    codes.append(args[i + 1])
                    i += 1
            elif key in ("--require", "--import", "--loader", "--experimental-loader") and not eq:
                i += 1
            i += 1
            continue
        body = a[1:]
        for k, ch in enumerate(body):
            if ch in letters:
                rest = body[k + 1:]
                if rest:
                    codes.append(rest)
                elif i + 1 < len(args):
                    codes.append(args[i + 1])
                    i += 1
                break
            if family == "python" and ch == "m":
                module = True
                break
            if (family == "python" and ch in "WX") or (family == "node" and ch == "r") or \
                    (family in ("perl", "ruby") and ch in "IMr" and k == 0):
                if not body[k + 1:]:
                    i += 1
                break
        i += 1
        if module:
            break
    operand = args[i] if i < len(args) and not codes and not module else None
    reads = not codes and not module and (operand is None or operand in _STDIN_WORDS)
    return codes, reads, operand


_FORK_CALLS = ("fork(", "fork ", "fork;", "fork}", "fork)", "fork\n", "fork while", "spawn(", "process.fork",
               "pcntl_fork", "multiprocessing.process(", "child_process.fork")
_LOOP_WORDS = ("while", "for(;;)", "for (;;)", "loop", "until", "repeat", "forever", "itertools.count", "cycle(")


def _fork_loop(low: str) -> bool:
    """Inline code that forks in an unbounded loop (perl -e 'fork while 1', python
    while True: os.fork(), ruby loop { fork }): a fork bomb whatever the language."""
    if "fork" not in low:
        return False
    padded = low + " "  # `… fork` at the very end is a call too
    return any(t in padded for t in _FORK_CALLS) and any(w in low for w in _LOOP_WORDS)


# calls that evaluate what they are given (a file name, a URL, a string of code)
_EVAL_CALLS = ("source(", "include(", "eval(", "load(", "dofile(", "loadstring(", "require(", "import(",
               "exec(", "evalfile(", "sys.source(", "runpy", "execfile(", "instance_eval", "evaluate(",
               "(load ", "(eval ", "invoke-expression", "iex(", "iex ")


def _evaluates_url(low: str, literals: list[str]) -> bool:
    """Inline code that evaluates code named by a URL (R source("https://…"), julia
    include(download(…)), load(url(…))): remote code run in one step."""
    if not any(lit.lower().startswith(("http://", "https://", "ftp://")) for lit in literals):
        return False
    for call in _EVAL_CALLS:
        at = low.find(call)
        while at >= 0:
            # the URL is inside the call's own argument (up to the end of the statement)
            window = low[at + len(call):at + len(call) + 512]
            for stop in (";", "\n"):
                cut = window.find(stop)
                window = window if cut < 0 else window[:cut]
            if "://" in window:
                return True
            at = low.find(call, at + 1)
    return False


def _string_literals(code: str, family: str) -> list[str]:
    """Quoted string literals in code (', ", and ` where it runs a command)."""
    out: list[str] = []
    quotes = "'\"`" if family in ("perl", "ruby", "node", "awk") else "'\""
    i, n = 0, len(code)
    while i < n and len(out) < 64:
        ch = code[i]
        if ch in quotes:
            j, buf = i + 1, []
            while j < n and code[j] != ch:
                if code[j] == "\\" and j + 1 < n:
                    buf.append(code[j + 1] if code[j + 1] in "\\'\"`" else code[j:j + 2])
                    j += 2
                    continue
                buf.append(code[j])
                j += 1
            out.append("".join(buf))
            i = j + 1
        else:
            i += 1
    return out


def _literal_lists(code: str) -> list[str]:
    """`["rm", "-rf", "/"]`: argument lists of string literals, as one command line each."""
    out = []
    start = code.find("[")
    while start >= 0 and len(out) < 16:
        end = code.find("]", start)
        if end < 0:
            break
        items = [x.strip() for x in code[start + 1:end].split(",")]
        if len(items) > 1 and all(len(x) >= 2 and x[0] == x[-1] and x[0] in "'\"" for x in items):
            out.append(" ".join(_quote(x[1:-1]) for x in items))
        start = code.find("[", start + 1)
    return out


_HOME_CALLS = ("os.path.expanduser(", "expanduser(", "path(", "pathlib.path(", "path.resolve(", "resolve(",
               "file.expand_path(", "expand_path(", "join(", "os.path.join(", "path.join(")
_HOME_VALUES = ("os.homedir()", "path.home()", "pathlib.path.home()", "dir.home", "os.environ['home']",
                'os.environ["home"]', "os.getenv('home')", 'os.getenv("home")', "process.env.home", "$env{home}",
                "env['home']", 'env["home"]', "getenv('home')", 'getenv("home")', "$home", "~")


def _call_literal(code: str, pos: int) -> str | None:
    """The literal first argument of the call whose "(" ends at pos, or None if not literal."""
    n = len(code)
    for _ in range(4):
        while pos < n and code[pos] in " \t(":
            pos += 1
        if pos >= n:
            return None
        ch = code[pos]
        if ch in "'\"`":
            end = code.find(ch, pos + 1)
            return None if end < 0 else code[pos + 1:end]
        low = code[pos:pos + 40].lower()
        for value in _HOME_VALUES:
            if low.startswith(value):
                return "~"
        for call in _HOME_CALLS:
            if low.startswith(call):
                pos += len(call)
                break
        else:
            return None
    return None


_DSL_TOOLS = frozenset({
    "guile", "racket", "bb", "clojure", "clj", "erb", "m4", "dc", "bc", "ed", "gnuplot", "sqlite3", "psql", "mysql",
    "mariadb", "ftp", "lftp", "less", "more", "man", "octave", "r", "scala", "groovysh", "jshell", "elixir", "iex",
    "erl", "escript", "ghc", "ghci", "runghc", "ocaml", "swift", "crystal", "nim", "xonsh", "nu", "elvish", "ysh",
    "osh", "oil", "ion", "tclsh8", "jrunscript", "jjs", "rhino", "sbcl", "clisp", "ecl", "chicken", "csi", "gawk-x",
    "redis-cli", "mongo", "mongosh", "cqlsh", "vault", "expect", "smbclient", "sftp", "tftp", "perl6", "raku",
})
# of those, the ones whose standard input is a program that can run shell commands
_DSL_STDIN_PROGRAMS = frozenset({"ed", "ex", "dc", "m4", "sqlite3", "psql", "mysql", "mariadb", "ftp", "lftp", "sftp",
                                 "gnuplot", "guile", "racket", "erb", "expect", "smbclient", "xonsh", "nu", "elvish",
                                 "ysh", "osh", "oil", "ion", "jrunscript", "sbcl", "clisp"})
_DSL_EXEC = ("system", "shell", "popen", "spawn", "exec", "`", "process", "run-program", "subprocess", "os.cmd")

_HOME_SPELLINGS = ("$ENV{HOME}", "${HOME}", "$HOME", "%USERPROFILE%", "$env:USERPROFILE", "$env:HOME")


def _home_spelled(text: str) -> str:
    for spelling in _HOME_SPELLINGS:
        if text.startswith(spelling):
            return "~" + text[len(spelling):]
    return text


def _path_like(text: str) -> bool:
    if not text or len(text) > 512 or "://" in text or any(c in text for c in " \t\n$%{}<>|"):
        return False
    return text.startswith(("/", "~", "./", "../", ".")) or "/" in text


_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", "localhost.localdomain"})


def _ssh_local_command(args: list[str]) -> str | None:
    """`ssh localhost 'rm -rf ~'` runs here: the remote command of an ssh to this machine."""
    value_opts = {"-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q",
                  "-R", "-S", "-W", "-w", "-B", "-P"}
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in value_opts else 1
    if i >= len(args):
        return None
    host = args[i].rsplit("@", 1)[-1].lower()
    rest = args[i + 1:]
    return " ".join(rest) if host in _LOCAL_HOSTS and rest else None


def _script_payload(args: list[str]) -> str | None:
    """`script -qc CMD FILE` / `script --command CMD`."""
    for i, a in enumerate(args):
        if a == "--command" and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--command="):
            return a.split("=", 1)[1]
        if a.startswith("-") and not a.startswith("--") and "c" in a[1:] and i + 1 < len(args):
            return args[i + 1]
    return None


# Programs whose arguments are data (names, patterns, text, files to act on), or whose
# nested command is already read elsewhere: no nested reading of their arguments.
_EMBEDDED_DOWNLOADER = re.compile(r"(?<![\w.-])(?:curl|wget|fetch|aria2c|xh|https?|nc|ncat|socat|lwp-request)\s")
_EMBEDDED_PIPELINE = re.compile(
    r"(?<![\w.-])(?:curl|wget|fetch|aria2c|xh|https?|nc|ncat|socat|lwp-request)\s[^\"'`\n|]{0,2048}\|[^\"'`\n]{0,2048}")
_CODE_READ_FAMILIES = frozenset({"python", "node", "perl", "ruby", "php", "lua", "awk", "pwsh"})
# programs whose arguments are text, patterns or file names, never code they run
_DATA_ARGUMENTS = frozenset({
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep", "sed", "gsed", "awk", "gawk", "mawk",
    "man", "info", "tldr", "help", "whatis", "apropos", "git", "gh", "glab", "jq", "yq", "gojq", "cat", "less", "more",
    "head", "tail", "sort", "uniq", "wc", "diff", "cmp", "test", "[", "[[", "expr", "let", "read", "touch", "ls",
    "mkdir", "cp", "mv", "rm", "tee", "basename", "dirname", "realpath", "readlink", "stat", "file", "notify-send",
    "logger", "say", "figlet", "cowsay", "banner", "column", "tr", "cut", "sd", "perl-rename", "rename", "comby",
    "ast-grep", "sg", "semgrep", "codeql", "ripgrep", "ugrep", "pt", "fzf", "xclip", "xsel", "pbcopy", "wl-copy",
})
_NO_NESTED = frozenset({
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "man", "info", "tldr", "help", "whatis", "apropos",
    "which", "whereis", "type", "hash", "alias", "unalias", "complete", "compgen", "command", "builtin", "declare",
    "export", "local", "readonly", "typeset", "unset", "set", "pgrep", "pkill", "killall", "pidof", "git", "find",
    "xargs", "parallel", "docker", "podman", "nerdctl", "kubectl", "oc", "ssh", "autossh", "mosh", "scp", "sftp",
    "rsync", "tmux", "screen", "test", "[", "[[", "expr", "let", "jq", "yq", "sed", "gsed", "awk", "gawk", "sort",
    "uniq", "cut", "tr", "head", "tail", "cat", "tac", "less", "more", "ls", "stat", "file", "wc", "du", "df",
    "basename", "dirname", "realpath", "readlink", "touch", "mkdir", "rm", "rmdir", "cp", "mv", "ln", "install",
    "chmod", "chown", "chgrp", "tar", "zip", "unzip", "diff", "cmp", "comm", "apt", "apt-get", "apt-cache", "dpkg",
    "brew", "dnf", "yum", "pacman", "zypper", "apk", "snap", "flatpak", "pip", "pip3", "pipx", "npm", "pnpm", "yarn",
    "cargo", "go", "gem", "conda", "mamba", "uv", "poetry", "pdm", "systemctl", "service", "journalctl", "gh",
    "curl", "wget", "http", "https", "cd", "pushd", "popd", "source", ".", "eval", "exec", "trap", "watch", "entr",
    "nix", "nix-shell", "direnv", "start-stop-daemon", "su", "sg", "script", "bwrap", "systemd-nspawn", "nsjail",
    "minijail0", "sandbox-exec", "busybox", "toybox", "time", "kill", "wait", "jobs", "fg", "bg", "disown",
    "read", "mapfile", "shift", "return", "exit", "getopts", "printenv", "env", "tee", "dd", "ldd", "nm", "objdump",
    "strings", "hexdump", "xxd", "od", "base64", "md5sum", "sha256sum", "sha1sum", "shasum", "cksum", "column",
    "fmt", "fold", "nl", "paste", "join", "split", "csplit", "seq", "yes", "sleep", "date", "cal", "bc", "dc",
    "update-alternatives", "chsh", "whoami", "id", "groups", "uname", "hostname", "ps", "top", "htop", "lsof",
    "cmake", "make", "gmake", "ansible", "emacs", "emacsclient", "zmodload", "mount", "umount", "crontab",
    # they run their command on another machine or in a container, not here
    "docker-compose", "podman-compose", "lxc", "incus", "vagrant", "multipass", "heroku", "fly", "flyctl",
    "gcloud", "az", "aws", "helm", "minikube", "kind", "k3d", "limactl", "colima", "orb", "orbctl",
})
# Programs a nested reading looks for: what the rules know as dangerous or as running code.
_NESTED_PROGRAMS = frozenset({
    "rm", "rmdir", "unlink", "shred", "srm", "wipe", "scrub", "dd", "mkfs", "wipefs", "sfdisk", "fdisk", "parted",
    "blkdiscard", "chmod", "chown", "chgrp", "chattr", "truncate", "mv", "cp", "ln", "tee", "install", "rsync",
    "kill", "pkill", "killall", "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp",
    "git", "crontab", "systemctl", "launchctl", "shutdown", "reboot", "poweroff", "halt", "init", "sudo", "su",
    "doas", "env", "xargs", "find", "eval", "exec", "source", "base64", "openssl", "gpg", "security", "cat",
    "zip", "tar", "sqlite3", "psql", "mysql", "docker", "kubectl", "terraform", "aws", "gcloud", "az", "npm",
    "npx", "pip", "pip3", "uv", "uvx", "pipx", "make", "claude", "claude-rego", "sed", "perl", "awk", "gawk",
    "mount", "umount", "iptables", "nft", "ufw", "userdel", "usermod", "passwd", "chpasswd", "visudo",
}) | _SHELLS | _INTERPRETERS | frozenset(k for k in ("mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat"))


_COMPILED_RUNNERS = frozenset({"go", "java", "javac", "swift", "swiftc", "kotlin", "kotlinc", "scala", "scala-cli", "jbang",
                               "rustc", "cargo", "rust-script", "gcc", "g++", "cc", "clang", "clang++", "tcc", "zig",
                               "dotnet", "dotnet-script", "csi", "fsi", "dart", "nim", "crystal", "v", "ghc", "runghc",
                               "runhaskell", "stack", "ocaml", "elixir", "groovy", "mono", "mcs", "csc"})
_SOURCE_EXTENSIONS = frozenset({"go", "java", "swift", "kt", "kts", "scala", "sc", "rs", "c", "cc", "cpp", "cxx", "zig",
                                "cs", "csx", "fs", "fsx", "dart", "nim", "cr", "v", "hs", "ml", "ex", "exs", "groovy"})


def _nested_positions(args: list[str]) -> list[int]:
    """Where a nested command may start in a program's arguments: the first word naming a
    known program after options, option values and at most one subcommand word (`perf
    stat rm …`, `gdb -ex run --args rm …`, `trickle -d 10 rm …`); a known name in the
    subcommand position (`aws-vault exec prod -- rm …`) is also read as a subcommand."""
    out: list[int] = []
    i, after_option, first_word = 0, False, True
    while i < len(args) and i < 12 and len(out) < 2:
        word = args[i]
        if word == "--":
            if i + 1 < len(args) and _basename(args[i + 1]).lower() in _NESTED_PROGRAMS:
                out.append(i + 1)
            break
        if word.startswith("-") and len(word) > 1:
            after_option = "=" not in word
            i += 1
            continue
        if _basename(word).lower() in _NESTED_PROGRAMS and "=" not in word:
            out.append(i)
            if not first_word:
                break
        elif not (after_option or first_word):
            break
        after_option, first_word = False, False
        i += 1
    if "--" in args[:16]:
        # `PROGRAM OPERANDS -- CMD ARGS`: the usual spelling of "run CMD" (aws-vault exec p -- …)
        at = args.index("--") + 1
        if at < len(args) and at not in out and _basename(args[at]).lower() in _NESTED_PROGRAMS:
            out.append(at)
    return out


def _makefile_commands(text: str) -> list[str]:
    """The commands a piece of makefile text runs: $(shell …) bodies and recipe lines."""
    out: list[str] = []
    at = text.find("$(shell ")
    while at >= 0 and len(out) < 32:
        j, level = at + 2, 1
        while j < len(text) and level:
            level += 1 if text[j] == "(" else -1 if text[j] == ")" else 0
            j += 1
        body = text[at + 8:j - 1] if not level else text[at + 8:]
        if body.strip():
            out.append(body.strip())
        at = text.find("$(shell ", at + 1)
    for line in text.split("\n"):
        if line.startswith("\t") and line.strip():
            out.append(line.strip().lstrip("@-+"))
    return out


_CMAKE_TOOLS = {"rm": ["rm"], "remove": ["rm"], "remove_directory": ["rm", "-r"], "rename": ["mv"],
                "copy": ["cp"], "copy_directory": ["cp", "-r"], "copy_if_different": ["cp"],
                "create_symlink": ["ln", "-s"], "create_hardlink": ["ln"], "touch": ["touch"],
                "touch_nocreate": ["touch"], "make_directory": ["mkdir", "-p"], "cat": ["cat"]}


def _cmake_tool(words: list[str]) -> list[str] | None:
    """`cmake -E TOOL ARGS` as the ordinary command it amounts to (remove_directory d →
    rm -r d; chdir d cmd … / env X=1 cmd … → cmd …)."""
    if not words:
        return None
    tool, rest = words[0], words[1:]
    if tool in _CMAKE_TOOLS:
        return _CMAKE_TOOLS[tool] + rest
    if tool == "chdir" and len(rest) > 1:
        # the command runs in DIR: its relative operands are under DIR (as for env -C)
        base = rest[0].rstrip("/") or ""
        return [rest[1]] + [a if a.startswith(("-", "/", "~", "$")) or "://" in a else base + "/" + a
                            for a in rest[2:]]
    if tool == "env":
        k = 0
        while k < len(rest) and ("=" in rest[k] or rest[k].startswith("-")):
            k += 1
        return rest[k:] or None
    if tool == "time" and rest:
        return rest
    return None


def _cmake_script_commands(text: str) -> list[list[str]]:
    """Commands a CMake script runs or amounts to: execute_process(COMMAND …),
    file(REMOVE[_RECURSE] …), file(WRITE|APPEND path …), file(RENAME a b)."""
    out: list[list[str]] = []
    low = text.lower()
    for call in ("file(", "execute_process(", "exec_program("):
        at = low.find(call)
        while at >= 0 and len(out) < 32:
            end = text.find(")", at)
            body = _split_simple(text[at + len(call):end if end > 0 else len(text)].replace("\n", " "))
            if call == "file(" and body:
                verb = body[0].upper()
                if verb == "REMOVE_RECURSE":
                    out.append(["rm", "-r"] + body[1:])
                elif verb == "REMOVE":
                    out.append(["rm"] + body[1:])
                elif verb in ("WRITE", "APPEND") and len(body) > 1:
                    out.append(["tee", body[1]])
                elif verb in ("RENAME", "COPY_FILE") and len(body) > 2:
                    out.append(["mv" if verb == "RENAME" else "cp", body[1], body[2]])
                elif verb in ("DOWNLOAD", "READ", "STRINGS") and len(body) > 1:
                    out.append(["@code", body[1]] if verb != "DOWNLOAD" else ["curl", body[1]])
            elif call != "file(":
                cmd = [w for w in body[body.index("COMMAND") + 1:]] if "COMMAND" in body else body
                stop = next((k for k, w in enumerate(cmd) if w.isupper() and w in (
                    "COMMAND", "WORKING_DIRECTORY", "OUTPUT_VARIABLE", "RESULT_VARIABLE", "TIMEOUT", "ERROR_VARIABLE",
                    "OUTPUT_QUIET", "ERROR_QUIET", "INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE")), len(cmd))
                if cmd[:stop]:
                    out.append(cmd[:stop])
            at = low.find(call, at + 1)
    return out


def _option_commands(command: str, args: list[str]) -> list[str]:
    """Options whose value is a command the program runs: tar --to-command, rsync -e,
    ssh -o ProxyCommand=, zip -TT, …"""
    out = []
    for i, a in enumerate(args):
        nxt = args[i + 1] if i + 1 < len(args) else None
        low = a.lower()
        if command in ("tar", "gtar", "bsdtar"):
            for prefix in ("--to-command=", "--use-compress-program=", "--info-script=", "--new-volume-script=",
                           "--rsh-command="):
                if a.startswith(prefix):
                    out.append(a[len(prefix):])
            if a.startswith("--checkpoint-action="):
                action = a.split("=", 1)[1]
                if action.startswith("exec="):
                    out.append(action[5:])
            if a in ("-I", "--to-command", "--use-compress-program", "-F", "--info-script") and nxt:
                out.append(nxt)
        elif command == "rsync":
            if a in ("-e", "--rsh", "--rsync-path") and nxt:
                out.append(nxt)
            for prefix in ("--rsh=", "--rsync-path="):
                if a.startswith(prefix):
                    out.append(a[len(prefix):])
        elif command in ("ssh", "scp", "sftp", "autossh"):
            if command in ("scp", "sftp") and a == "-S" and nxt:
                out.append(nxt)  # the program scp runs instead of ssh
            value = nxt if a == "-o" and nxt else a[2:] if a.startswith("-o") and len(a) > 2 else None
            if value:
                cut = min([k for k in (value.find("="), value.find(" ")) if k >= 0], default=len(value))
                key, v = value[:cut], value[cut + 1:]
                if key.lower() in ("proxycommand", "localcommand", "knownhostscommand", "remotecommand"):
                    out.append(v)
        elif command in ("zip",):
            if a in ("-TT", "--unzip-command") and nxt:
                out.append(nxt)
        elif command in ("less", "man") and a in ("-P",) and nxt and command == "man" or command == "env" and low in ("-s", "--split-string") and nxt:
            out.append(nxt)
        elif command in ("gdb", "lldb") and a in ("-ex", "--eval-command", "-o", "--one-line") and nxt:
            v = nxt.strip()
            if v.startswith(("shell ", "!", "platform shell ")):
                out.append(v.split(" ", 1)[1] if not v.startswith("!") else v[1:])
        elif (command in ("emacs", "emacsclient") and a in ("--eval", "-eval", "--execute") and nxt
              and any(t in nxt for t in ("shell-command", "call-process", "start-process", "make-process"))):
            out.extend(_string_literals(nxt, "lisp"))
    return out


def _substitutions(text: str) -> list[str]:
    """The commands of $(…) and `…` in text expanded like a double-quoted string (an
    unquoted heredoc body); nested ones are found by parsing these."""
    out, i, n = [], 0, len(text)
    while i < n and len(out) < 64:
        if text[i] == "\\":
            i += 2
            continue
        if text.startswith("$(", i) and not text.startswith("$((", i):
            j, level = i + 2, 1
            while j < n and level:
                level += 1 if text[j] == "(" else -1 if text[j] == ")" else 0
                j += 1
            out.append(text[i + 2:j - 1] if not level else text[i + 2:])
            i = j
            continue
        if text.startswith("$((", i):
            i += 3
            continue
        if text[i] == "`":
            j = text.find("`", i + 1)
            out.append(text[i + 1:] if j < 0 else text[i + 1:j])
            i = n if j < 0 else j + 1
            continue
        i += 1
    return out


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
        parser.run_deferred(final=True)
        flat: list = []
        _flatten(nodes, None, flat)
        segments = []
        for node in flat:
            segment = {key: node[key] for key in _KEYS}
            if "config_exec" in node:
                segment["config_exec"] = node["config_exec"]
            for extra in ("stdin_literal", "restart_policy"):
                if extra in node:
                    segment[extra] = node[extra]
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


# ---------------------------------------------------------------- per-segment views

# The program families the Rego helpers use (lib/shell.rego `_families`), kept equal.
_VIEW_FAMILIES = {
    "sh": "shell", "bash": "shell", "rbash": "shell", "zsh": "shell", "dash": "shell", "ksh": "shell",
    "mksh": "shell", "ash": "shell", "yash": "shell", "posh": "shell", "fish": "shell", "csh": "shell",
    "tcsh": "shell", "python": "python", "pypy": "python", "perl": "perl", "ruby": "ruby", "irb": "ruby",
    "node": "node", "nodejs": "node", "deno": "node", "bun": "node", "tsx": "node", "ts-node": "node",
    "php": "php", "lua": "lua", "luajit": "lua", "osascript": "osascript", "pwsh": "pwsh",
    "powershell": "pwsh", "tclsh": "tcl", "wish": "tcl", "source": "source", ".": "source", "eval": "source",
}
_DECLARERS = frozenset({"export", "declare", "local", "readonly", "typeset"})


def _view_family(name: str) -> str:
    family = _VIEW_FAMILIES.get(name)
    if family is not None:
        return family
    if name and name[-1].isdigit() and name[0].isalpha():
        base = name.rstrip("0123456789.")
        if base.isalpha() and _VIEW_FAMILIES.get(base) in ("python", "perl", "ruby", "php", "lua", "tcl"):
            return _VIEW_FAMILIES[base]
    return ""


def _leading_ref(word: str) -> tuple[str, str] | None:
    """($NAME or ${NAME} or $1 at the start of word) -> (ref text, name)."""
    if len(word) < 2 or word[0] != "$":
        return None
    if word[1] == "{":
        end = word.find("}")
        name = word[2:end] if end > 0 else ""
        if name and (name[0].isalpha() or name[0] == "_") and all(c.isalnum() or c == "_" for c in name):
            return word[:end + 1], name
        return None
    if word[1].isdigit():
        return word[:2], word[1]
    k = 1
    while k < len(word) and (word[k].isalnum() or word[k] == "_"):
        k += 1
    if k > 1 and (word[1].isalpha() or word[1] == "_"):
        return word[:k], word[1:k]
    return None


# Options whose value is a pattern or filter naming what NOT to touch (git clean -e .env,
# rsync --exclude .env, tar --exclude=.env, grep --exclude=.env, zip -x .env, find -not
# -name .env): the value names files but accesses none. Options reading a list FROM a file
# (tar -X, rsync --exclude-from) are not here: their value is a file that is read.
_FILTER_OPTS = {
    "git": {"-e", "--exclude"}, "rsync": {"--exclude", "--filter", "-f"}, "tar": {"--exclude"},
    "bsdtar": {"--exclude"}, "gtar": {"--exclude"}, "grep": {"--exclude", "--exclude-dir"},
    "egrep": {"--exclude", "--exclude-dir"}, "fgrep": {"--exclude", "--exclude-dir"},
    "zip": {"-x", "--exclude"}, "7z": {"-x", "-xr"}, "7za": {"-x", "-xr"}, "rg": set(), "fd": {"-E", "--exclude"},
    "du": {"--exclude"}, "cp": set(), "tree": {"-I"}, "ls": {"-I", "--ignore", "--hide"},
}
_FIND_NAME_TESTS = {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex"}


def filter_positions(name: str, args: list) -> list[int]:
    """Indices of the arguments that are exclusion patterns (see _FILTER_OPTS), never a path
    the command reads or writes. Never raises."""
    out: list[int] = []
    try:
        name = _basename(name or "").lower()
        if name == "git" and "clean" not in args[:3] and "ls-files" not in args[:3]:
            return out
        opts = _FILTER_OPTS.get(name)
        zip_list = False
        for i, arg in enumerate(args):
            if not isinstance(arg, str):
                continue
            prev = args[i - 1] if i > 0 and isinstance(args[i - 1], str) else ""
            if name == "find":
                before = args[i - 2] if i > 1 and isinstance(args[i - 2], str) else ""
                if prev in _FIND_NAME_TESTS and before in ("-not", "!"):
                    out.append(i)
                continue
            if name in ("rg", "ag") and prev in ("-g", "--glob", "--iglob") and arg.startswith("!"):
                out.append(i)
                continue
            if not opts:
                continue
            if name == "zip" and zip_list and not arg.startswith("-"):
                out.append(i)  # zip -x a b c: every word after -x up to the next option
                continue
            zip_list = False
            if prev in opts:
                out.append(i)
                zip_list = name == "zip"
            elif arg.startswith("-") and "=" in arg and arg.split("=", 1)[0] in opts or name in ("7z", "7za") and arg.startswith(("-x!", "-xr!")):
                out.append(i)
    except Exception:  # noqa: BLE001
        return []
    return out


def annotate(shell: dict, home: str | None) -> None:
    """Add what the Rego helpers would otherwise compute per segment and per policy:
    `name` (the program, lowercased, after a resolved variable and busybox), `args_raw`,
    `args_expanded` (a leading $HOME/$USER/$VAR/$1 known in the command expanded), `family`,
    and `shell.by_name` ({program: [segment ids]}) so rules look segments up by program.
    Same semantics as lib/shell.rego's fallbacks; never raises."""
    try:
        segments = shell.get("segments") if isinstance(shell, dict) else None
        if not isinstance(segments, list):
            return
        home = home if isinstance(home, str) and home else None
        user = home.rstrip("/").rsplit("/", 1)[-1] if home else None
        assigned: dict[str, str] = {}
        by_name: dict[str, list[int]] = {}
        for index, seg in enumerate(segments):
            if not isinstance(seg, dict) or seg.get("id") != index:
                return  # not the parser's own output: the Rego fallbacks apply

            def value_of(name: str, seg=seg):
                if name == "HOME" and home:
                    return home
                if name in ("USER", "LOGNAME") and user:
                    return user
                if name in assigned:
                    return assigned[name]
                if name.isdigit() and seg.get("context") == "shell_c" and isinstance(seg.get("parent"), int):
                    parent = segments[seg["parent"]]
                    pargs = parent.get("args") or []
                    for i, flag in enumerate(pargs):
                        if len(flag) > 1 and flag[0] == "-" and "c" in flag[1:] and flag[1:].isalpha():
                            k = i + 2 + int(name)
                            return pargs[k] if k < len(pargs) else None
                return None

            def expand(word: str) -> str:
                ref = _leading_ref(word) if isinstance(word, str) and word.startswith("$") else None
                if ref is None:
                    return word
                value = value_of(ref[1])
                return word if value is None else value + word[len(ref[0]):]

            command = seg.get("resolved_command") or seg.get("command") or ""
            resolved = seg.get("resolved_argv")
            args0 = list(resolved[1:]) if isinstance(resolved, list) and resolved else list(seg.get("args") or [])
            if not seg.get("resolved_command") and command.startswith("$"):
                command = expand(command)
            name = _basename(command).lower()
            if name in ("busybox", "toybox") and args0:
                name, args0 = _basename(args0[0]).lower(), args0[1:]
            seg["name"] = name
            if args0 != seg.get("args"):
                seg["args_raw"] = args0  # omitted when equal to args (a smaller input to parse)
            expanded = [expand(a) for a in args0] if any(
                isinstance(a, str) and a.startswith("$") for a in args0) else args0
            if expanded != args0:
                seg["args_expanded"] = expanded
            seg["family"] = _view_family(name)
            filters = filter_positions(name, args0)
            if filters:
                seg["filters"] = filters
            by_name.setdefault(name, []).append(index)
            # assignments this segment makes, visible to later segments
            if seg.get("command") == "" and isinstance(seg.get("assignments"), dict):
                assigned.update({k: v for k, v in seg["assignments"].items() if isinstance(v, str)})
            elif str(seg.get("command", "")).lower() in _DECLARERS:
                flags = [a for a in seg.get("args") or [] if isinstance(a, str) and a.startswith("-")]
                nameref = any("n" in f[1:] for f in flags if not f.startswith("--"))
                for a in seg.get("args") or []:
                    if isinstance(a, str) and "=" in a:
                        k, _, v = a.partition("=")
                        if nameref and v.replace("_", "a").isalnum() and not v[:1].isdigit():
                            # declare -n r=HOME: $r is $HOME
                            v = value_of(v) if value_of(v) is not None else "${" + v + "}"
                        assigned[k] = v
        index: dict = {"redirects": [], "assignments": [], "wrappers": [], "config_exec": [], "opaque": [],
                       "dollar": [], "dollar_anywhere": [], "contexts": {}, "cd": False}
        pieces_index: dict[str, list[int]] = {}  # argument pieces (f=@.env → f=@.env, f, .env) → segment ids
        args_index: dict[str, list[int]] = {}  # every argument (as rules see it, expanded) → segment ids
        for seg in segments:
            i = seg["id"]
            for key in ("redirects", "assignments", "wrappers", "config_exec"):
                if seg.get(key):
                    index[key].append(i)
            if seg.get("opaque"):
                index["opaque"].append(i)
            raw = seg.get("args_raw", seg.get("args") or [])
            if any(isinstance(a, str) and a.startswith("$") for a in raw):
                index["dollar"].append(i)
            if any(isinstance(a, str) and "$" in a for a in raw):
                index["dollar_anywhere"].append(i)
            if seg.get("context") != "top":
                index["contexts"].setdefault(seg.get("context"), []).append(i)
            if seg["name"] in ("cd", "pushd"):
                index["cd"] = True
            filters = seg.get("filters") or ()
            for k, arg in enumerate(seg.get("args_expanded", raw)):
                if isinstance(arg, str):
                    ids = args_index.setdefault(arg, [])
                    if not ids or ids[-1] != i:
                        ids.append(i)
                if k in filters or not isinstance(arg, str) or (arg.startswith("-") and "=" not in arg) or "://" in arg:
                    continue
                pieces = [arg]
                if any(c in arg for c in "=:@,"):
                    pieces += arg.replace(":", "=").replace("@", "=").replace(",", "=").split("=")
                for piece in pieces:
                    if piece:
                        ids = pieces_index.setdefault(piece, [])
                        if not ids or ids[-1] != i:
                            ids.append(i)
        index["pieces"] = pieces_index
        # pieces secrets_access must look at: a path (with a /) or a name that may be a
        # secret's (a necessary condition of its _candidate, see paths.maybe_secret_name)
        from .paths import maybe_secret_name

        index["maybe_secret_pieces"] = [piece for piece in pieces_index
                                        if "/" in piece or maybe_secret_name(piece)]
        index["args"] = args_index
        shell["by_name"] = by_name
        shell["index"] = index
    except Exception:  # noqa: BLE001 — the views are an optimisation: the Rego fallbacks apply
        if isinstance(shell, dict):
            shell.pop("by_name", None)
            shell.pop("index", None)
