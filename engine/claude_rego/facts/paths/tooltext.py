"""Tools whose text stands for commands: a notebook code cell (IPython's shell escapes and
magics) and a subagent's instructions (the Task/Agent tool's prompt).

Pure functions over attacker-controlled strings: they never raise, and every loop is bounded
by the input's size (the callers cap it).
"""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: most tool calls are neither cells nor prompts

# --- notebook cells (IPython) ------------------------------------------------------------

# cell magics whose body is a shell script (%%script takes the program as its argument)
_SHELL_CELL_MAGICS = frozenset({"bash", "sh", "zsh", "system", "sx", "!"})
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "fish"})
# cell magics whose body is code of another interpreter: run like `PROGRAM -e BODY`
_CODE_CELL_MAGICS = {"perl": ("perl", "-e"), "ruby": ("ruby", "-e"), "python": ("python3", "-c"),
                     "python3": ("python3", "-c"), "python2": ("python2", "-c"), "pypy": ("pypy", "-c"),
                     "node": ("node", "-e")}
# cell magics that wrap the rest of the cell (the body is the cell again, minus the magic line)
_WRAPPING_CELL_MAGICS = frozenset({"capture", "time", "timeit", "prun", "memit", "debug"})
# line magics run as the same command in a shell
_SHELL_LINE_MAGICS = frozenset({"system", "sx", "sc"})
_PACKAGE_LINE_MAGICS = {"pip": "pip", "conda": "conda", "mamba": "mamba", "uv": "uv"}
# IPython's default aliases (posix): a line `rm -rf x` runs /bin/rm when it is not Python
_ALIASES = frozenset({"cat", "cp", "ls", "mkdir", "mv", "rm", "rmdir", "ldir", "lf", "lk", "lx", "ll"})
_ALIAS_LINE = lazy(r"%?(" + "|".join(sorted(_ALIASES)) + r")\s+(?![=(.\[+\-*/%<>!&|^]=?\s)(?!=)\S")
# with automagic on (IPython's default) a line magic runs without its `%` when the line is no
# Python: `cd /`, `pip install x`, `run x.py`
_AUTOMAGIC_LINE = lazy(r"(cd|pip|conda|mamba|env|set_env|run|load|loadpy|pycat|sx|system)\s+"
                             r"(?![=(.\[+\-*/%<>!&|^]=?\s)(?!=)\S")
_ASSIGN_ESCAPE = lazy(r"[A-Za-z_][\w.,\s\[\]]*=\s*(!!?|%sx\b|%system\b)(.*)$")
_PY_INTERPOLATION = lazy(r"\{([A-Za-z_][\w.\[\]'\"]*)\}")
_MAX_LINES = 2000
# IPython's own API reached from Python (`get_ipython().system('CMD')`, `.run_cell_magic('bash', '',
# 'BODY')`, `.run_line_magic('system', 'CMD')`): the magic or escape it stands for
_IPY_CALL = lazy(r"get_ipython\(\)\s*\.\s*(system|system_raw|system_piped|getoutput|run_cell_magic|run_line_magic|magic)"
                 r"\s*\(")
_IPY_ARG = lazy(r"\s*(?:[rRuU]?'((?:[^'\\\n]|\\.)*)'|[rRuU]?\"((?:[^\"\\\n]|\\.)*)\")\s*([,)])")
_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", "'": "'", '"': '"'}


def _interpolated(command: str) -> str:
    """IPython expands `{expr}` in a shell escape with Python values: an unknown value (`$…`)."""
    if "{" not in command:
        return command
    return _PY_INTERPOLATION.sub(lambda m: '"${__ipython_' + re.sub(r"\W", "_", m.group(1))[:40] + '}"', command)


def _heredoc(body: str) -> str:
    """`'TAG'\nBODY\nTAG` with a TAG no line of the body equals (one of len(lines)+1 tags is free)."""
    lines = set(body.splitlines())
    tag, n = "IPYTHON_CELL", 0
    while tag in lines:
        n += 1
        tag = f"IPYTHON_CELL_{n}"
    return f"'{tag}'\n{body}\n{tag}" if not body.endswith("\n") else f"'{tag}'\n{body}{tag}"


def _quote(text: str) -> str:
    if text and all(c.isalnum() or c in "@%+=:,./_-~" for c in text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def _split(text: str) -> list[str]:
    """Words as IPython's magic arguments are split (shell-like quotes), never raising."""
    import shlex  # (on use: the hot path of other tools never needs it)

    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def _cell_magic(first: str, body: str, depth: int = 0) -> tuple[list[str], list[str]]:
    """(shell lines, python lines) of a cell that starts with a `%%magic` line."""
    words = _split(first[2:])
    if not words:
        return [], []
    name, args = words[0].lower(), words[1:]
    if name == "script":
        # %%script [--bg] [--out V] [--err V] [--proc V] PROGRAM: the program after the options
        rest, skip = [], False
        for a in args:
            if skip:
                skip = False
            elif a in ("--out", "--err", "--proc"):
                skip = True
            elif not a.startswith("-"):
                rest.append(a)
        args = rest
    if name in _WRAPPING_CELL_MAGICS:
        return notebook_cell(body, depth + 1)
    if name in _SHELL_CELL_MAGICS or (name == "script" and args and args[0].rsplit("/", 1)[-1] in _SHELLS):
        shell = args[0].rsplit("/", 1)[-1] if name == "script" else ("sh" if name in ("system", "sx", "!") else name)
        return ([f"{shell} -c {_quote(body)}"] if body.strip() else []), []
    if name == "script" and args:
        program = args[0].rsplit("/", 1)[-1]
        run = _CODE_CELL_MAGICS.get(program, (program, "-c"))
        return [f"{_quote(args[0] if program not in _CODE_CELL_MAGICS else run[0])} {run[1]} {_quote(body)}"], []
    if name in _CODE_CELL_MAGICS:
        program, flag = _CODE_CELL_MAGICS[name]
        return [f"{program} {flag} {_quote(body)}"], []
    if name == "writefile" or name == "file":
        append = any(a in ("-a", "--append") for a in args)
        targets = [a for a in args if not a.startswith("-")]
        if not targets:
            return [], []
        # a file write with the cell's text: judged like the same write in the shell
        return [f"cat {'>>' if append else '>'} {_quote(targets[0])} <<{_heredoc(body)}"], []
    return [], []  # %%html, %%javascript, %%latex, %%markdown, %%sql, …: not run on this machine


def _line_magic(line: str) -> str | None:
    """The shell command a `%magic` line (or `%cd`, `%env`, …) stands for, or None."""
    words = line[1:].split(None, 1)
    if not words:
        return None
    name, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if name in _SHELL_LINE_MAGICS:
        return f"( {_interpolated(rest)} )" if rest.strip() else None
    if name in _PACKAGE_LINE_MAGICS:
        return f"{_PACKAGE_LINE_MAGICS[name]} {_interpolated(rest)}"
    if name == "cd":
        return f"cd {rest}" if rest.strip() and not rest.strip().startswith("-") else None
    if name in ("env", "set_env"):
        m = re.match(r"([A-Za-z_]\w*)\s*[= ]\s*(.*)$", rest.strip())
        return f"export {m.group(1)}={_quote(m.group(2))}" if m else None
    if name == "run":
        # `%run script.py args` runs the file in the kernel; `%run -m mod` a module
        return f"python3 {_interpolated(rest)}" if rest.strip() else None
    if name in ("load", "loadpy", "pycat"):
        target = rest.split()[-1] if rest.split() else ""
        if not target:
            return None
        if re.match(r"(?i)https?://", target):
            return f"curl -fsSL {_quote(target)}"  # fetched into the cell (run when the cell runs again)
        return f"cat {_quote(target)}"
    if name in _ALIASES:
        return f"{name} {_interpolated(rest)}".strip()
    return None


def _ipython_call(text: str, depth: int) -> tuple[list[str], list[str]] | None:
    """(shell, python) of a line that calls IPython's API with literal arguments, as the magic
    or escape it stands for; a call whose arguments are not literal is Python that runs a
    command (`os.system(…)`: the code reader marks it); None when the line makes no such call."""
    m = _IPY_CALL.search(text)
    if m is None:
        return None
    args: list[str] = []
    pos = m.end()
    while len(args) < 3:
        a = _IPY_ARG.match(text, pos)
        if a is None:
            break
        raw = a.group(1) if a.group(1) is not None else a.group(2)
        args.append(re.sub(r"\\(.)", lambda e: _ESCAPES.get(e.group(1), "\\" + e.group(1)), raw))
        pos = a.end()
        if a.group(3) == ")":
            break
    else:
        args = []
    what = m.group(1)
    if what == "run_cell_magic" and len(args) == 3:
        return _cell_magic(f"%%{args[0]} {args[1]}".strip(), args[2], depth + 1)
    if what in ("run_line_magic", "magic") and args:
        found = _line_magic("%" + " ".join(args).strip())
        return ([found] if found is not None else []), []
    if what not in ("run_cell_magic", "run_line_magic", "magic") and len(args) == 1:
        return [f"( {_interpolated(args[0].strip())} )"], []
    return [], ["import os", "os.system(get_ipython_computed_command)"]


def notebook_cell(source: str, depth: int = 0) -> tuple[list[str], list[str]]:
    """(shell command lines, python lines) of a notebook code cell, as IPython runs it.

    `!cmd`/`!!cmd`, `var = !cmd`, `%system`/`%sx`, IPython's aliases (`rm -rf x` on a line of
    its own) are shell command lines (each in a subshell: every escape runs in its own `sh -c`);
    `%cd` moves the directory of the lines after it; `%env N=V` sets a variable; `%pip`/`%conda`
    install; `%run FILE` runs a script; `%load`/`%pycat` read a file or fetch a URL; `%%bash`,
    `%%sh`, `%%script SHELL` run the cell as a script, `%%writefile PATH` writes it (a heredoc
    write), `%%capture`/`%%time` wrap the rest of the cell. Other lines are Python.
    """
    if depth > 4:
        return [], []
    lines = source.splitlines()[:_MAX_LINES]
    # the first non-blank line may be a cell magic (only there: IPython reads it there)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if line.lstrip().startswith("%%"):
            body = "\n".join(lines[i + 1:])
            return _cell_magic(line.strip(), body, depth)
        break
    shell: list[str] = []
    python: list[str] = []
    joined: list[str] = []
    buf = ""
    for line in lines:
        # a shell escape continued with a trailing backslash is one command (IPython joins them)
        if buf:
            buf += "\n" + line
            if not line.endswith("\\"):
                joined.append(buf)
                buf = ""
            continue
        if line.lstrip().startswith(("!", "%")) and line.endswith("\\"):
            buf = line
            continue
        joined.append(line)
    if buf:
        joined.append(buf)
    for line in joined:
        text = line.strip()
        if text.startswith("!"):
            command = text[2:] if text.startswith("!!") else text[1:]
            if command.strip():
                shell.append(f"( {_interpolated(command.strip())} )")
            continue
        if text.startswith("%") and not text.startswith("%%"):
            found = _line_magic(text)
            if found is not None:
                shell.append(found)
            continue
        m = _ASSIGN_ESCAPE.match(text)
        if m:
            command = m.group(2)
            if command.strip():
                shell.append(f"( {_interpolated(command.strip())} )")
            continue
        if _AUTOMAGIC_LINE.match(text) and not re.search(r"[=(]\s*$|^\w+\s*\(", text):
            found = _line_magic("%" + text)
            if found is not None:
                shell.append(found)
                continue
        if "get_ipython" in text:
            call = _ipython_call(text, depth)
            if call is not None:
                shell.extend(call[0])
                python.extend(call[1])
                continue
        if _ALIAS_LINE.match(text) and not re.search(r"[=(]\s*$|^\w+\s*\(", text):
            shell.append(f"( {_interpolated(text.lstrip('%'))} )")
            continue
        python.append(line)
    return shell, python


# --- a subagent's instructions (Task / Agent) -------------------------------------------------

_FENCE = lazy(r"(?ms)^[ \t]*(```+|~~~+)[ \t]*([\w+.-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$")
_INLINE = lazy(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
# fenced blocks of these languages are not shell command lines
_NOT_SHELL_LANGS = frozenset({
    "python", "py", "python3", "js", "javascript", "ts", "typescript", "tsx", "jsx", "json", "yaml", "yml",
    "toml", "ini", "go", "rust", "rs", "java", "kotlin", "c", "cpp", "c++", "h", "cs", "csharp", "ruby", "rb",
    "php", "sql", "html", "xml", "css", "scss", "md", "markdown", "diff", "patch", "text", "txt", "plaintext",
    "log", "output", "csv", "graphql", "proto", "swift", "scala", "lua", "r", "dart", "elixir", "ex", "hcl",
    "terraform", "tf", "dockerfile", "makefile", "make", "nginx", "regex", "mermaid", "jsonc", "json5",
})
_SHELL_LANGS = frozenset({"sh", "bash", "shell", "zsh", "console", "shell-session", "terminal", "ksh", "fish", "cmd"})
# a code span is a command line when it reads like one: a program word and an argument, or shell syntax
_COMMAND_SHAPE = lazy(r"^(?:sudo\s+|[A-Z_][A-Z0-9_]*=\S*\s+)*[\w./~+-]*[A-Za-z][\w./+-]*(?:\s+\S|\s*(?:\||&&|;|>))")
_SHELL_SYNTAX = lazy(r"\|\s*\w|&&|\$\(|`|>>?\s*[~/\w$]|<\(|\b(?:sh|bash|zsh)\s+-c\b")
# a span the prompt says not to run (`do not run X`, `never use X`, `avoid X`): not a command at all
_NEGATED = lazy(r"(?i)\b(?:don'?t|do\s+not|never|avoid|must\s+not|mustn'?t|should\s+not|shouldn'?t|"
                      r"instead\s+of|rather\s+than)\s+(?:ever\s+|accidentally\s+)?(?:(?:run|running|execute|"
                      r"executing|use|using|call|calling|type|typing|invoke|invoking)\s+)?"
                      r"(?:the\s+|a\s+|any\s+)?(?:command\s+)?[:\-]?\s*$")
# words before a span that say it is to be run, and words that say it is only talked about
# (reported speech, explanation, search, review); the cue nearest the span decides, and a
# reported-speech cue takes the verb after it (`the README says to run X`: a mention)
_RUN_CUE = lazy(r"(?i)\b(?:run|running|execute|executing|exec|type|typing|invoke|use|using|try|do|issue|enter|"
                      r"launch|start|install|with|via|then|first|next|finally|please|now|step|commands?|following)\b")
_MENTION_CUE = lazy(r"(?i)\b(?:says?|said|suggests?|suggested|recommends?|recommended|tells?|told|instructs?|"
                          r"documents?|documented|mentions?|mentioned|contains?|contained|uses|used|calls|runs|ran|"
                          r"explain|explains|what|why|whether|how|review|audit|analy[sz]e|describe|compare|find|search|"
                          r"grep|look|locate|flag|detect|warn|means?|does|did|like|such\s+as|e\.g|example|readme|docs?|"
                          r"makefile|dockerfile|comment|comments|line|lines|blog|issue\s+says|pinned|safe|dangerous)\b"
                          r"(?:\s+(?:to|that|you|users|people|we|one|should|must|can|it|they|the\s+user)){0,3}"
                          r"(?:\s+(?:run|use|execute|type|try|do))?")
_CLAUSE_END = lazy(r"[.!?;](?:\s|$)|\n")


def _mentioned(before: str) -> bool:
    """Is a span after `before` (the text before it) only talked about, not given to be run?"""
    ends = [m.end() for m in _CLAUSE_END.finditer(before)]
    clause = before[ends[-1]:] if ends else before
    run = max((m.end() for m in _RUN_CUE.finditer(clause)), default=-1)
    mention = max((m.end() for m in _MENTION_CUE.finditer(clause)), default=-1)
    return mention >= 0 and mention >= run


_CONSOLE_LINE = lazy(r"(?m)^[ \t]*\$ ([^`\n]+)$")
# a command introduced by a colon after a run verb: `Run this command: X`, `execute the following:`
# then X on the next line(s), `Please run: X`. The intro is the text of its line before the colon
# (a run verb within it, at most 80 characters: `run the tests:` too); the command is the rest of
# the line, or the lines that follow it up to a blank line or one that reads as prose
_COLON_COMMAND = lazy(r"(?im)^([^\n:`]{0,80}?\b(?:run|execute|exec|invoke)\b[^\n:`]{0,60}):"
                      r"[ \t]*([^\n]*)$")
# list markers and a console prompt before a command line
_LINE_MARKER = lazy(r"^\s*(?:(?:[-*\u2022]|\d{1,2}[.)])\s+)?(?:\$\s+)?")
# first words of prose after a colon (`Run the tests: they should pass`, `execute the plan: first …`)
_PROSE_WORDS = frozenset({
    "it", "its", "it's", "they", "this", "that", "these", "those", "the", "a", "an", "ensure", "first",
    "then", "and", "if", "when", "we", "you", "i", "all", "each", "every", "check", "verify", "see", "fix",
    "no", "not", "there", "should", "to", "for", "with", "as", "so", "but", "or", "once", "after", "before",
    "any", "some", "only", "use", "using", "look", "report", "note", "please", "be", "is", "are", "was",
    "were", "will", "can", "must", "do", "does", "don't", "did", "what", "which", "who", "how", "why",
    "where", "expect", "expected", "until", "while", "also", "just", "keep", "try", "let", "our", "your",
    "my", "their", "his", "her", "one", "two", "three", "nothing", "everything", "here", "now", "again",
    "mostly", "same", "whatever", "none", "both", "either", "good", "great", "ok", "okay", "yes", "wait",
    "follow", "following", "below", "above", "step", "steps", "in", "on", "at", "by", "from", "of", "into",
})
_MAX_COLON_LINES = 16
_MAKE_PROSE = frozenset({"sure", "it", "them", "this", "that", "the", "a", "an", "certain", "everything", "all",
                         "every", "each", "any", "no", "nothing", "things", "them,", "it,"})
_PROMPT_LINES = 400
_MAX_SPANS = 64
_MAX_SPAN = 4096


def _looks_like_command(text: str) -> bool:
    text = text.strip()
    if not text or len(text) > _MAX_SPAN:
        return False
    first = text.split("\n", 1)[0].strip()
    if first.startswith("$ "):
        first = first[2:]
    if re.match(r"^[\w.]+\(", first) or first.endswith((")", ";")) and "(" in first.split()[0]:
        return False  # a call in code (`foo(x)`), not a command line
    return bool(_COMMAND_SHAPE.match(first) or _SHELL_SYNTAX.search(first))


def _session_text(body: str) -> str:
    """A console transcript (`$ cmd` lines and their output) -> its command lines."""
    lines = body.splitlines()
    if any(line.lstrip().startswith("$ ") for line in lines):
        return "\n".join(line.lstrip()[2:] for line in lines if line.lstrip().startswith("$ "))
    return body


def _fence_context(prompt: str, start: int) -> str:
    """The line before a fenced block (the sentence that introduces it)."""
    lines = [line for line in prompt[max(0, start - 400):start].splitlines() if line.strip()]
    return lines[-1].rstrip(" \t.:!?;") if lines else ""


_NEGATED_INTRO = lazy(r"(?i)\b(?:don'?t|do\s+not|never|avoid|must\s+not|mustn'?t|should\s+not|shouldn'?t)\b")


def _colon_line(text: str) -> str | None:
    """A line after a run verb's colon as a command line, or None when it reads as prose."""
    text = _LINE_MARKER.compiled.sub("", text, count=1).strip()
    if not text or "`" in text or len(text) > _MAX_SPAN:
        return None  # a code span is read by the inline pass
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1].rstrip()  # a sentence's full stop after the command
    words = text.lower().split(None, 2)
    first = words[0].rstrip(",;:") if words else ""
    if first in _PROSE_WORDS or not _looks_like_command(text):
        return None
    if first == "make" and len(words) > 1 and words[1] in _MAKE_PROSE:
        return None  # `make sure …`, `make it pass`: prose, not make(1)
    return text


def _colon_commands(rest: str, prompt: str, end: int) -> list[str]:
    """The command lines after an intro's colon: the rest of its line, else the next lines up to
    a blank line or the first that is no command line (a fenced block is read by the fence pass)."""
    if rest.strip():
        found = _colon_line(rest)
        return [found] if found else []
    out: list[str] = []
    following = prompt[end:end + _MAX_SPAN * 4].split("\n")[1:]
    for line in following[:_MAX_COLON_LINES]:
        if not line.strip():
            if out:
                break
            continue  # blank lines between the intro and the command
        if line.lstrip().startswith(("```", "~~~")):
            break
        found = _colon_line(line)
        if found is None:
            break
        out.append(found)
    return out


def prompt_commands(prompt: str) -> list[tuple[str, bool]]:
    """The command lines a subagent's instructions hold, in order, each with whether it is only
    talked about (a mention: `the README says to run X`, `explain what X does`) rather than given
    to be run (`run X`, a fenced shell block, `$ X` console lines). Fenced blocks of a language
    other than shell, inline spans that are a name, a path or a call in code (`.env`,
    `src/app.py`, `foo()`) and spans the prompt says not to run (`do not run X`) are left out."""
    out: list[tuple[str, bool]] = []
    if not isinstance(prompt, str):
        return out
    if not prompt.isascii():
        from ..text import fold_text

        prompt = fold_text(prompt)  # `ｃｕｒｌ … | ｓｈ`, zero-width joiners: the command they spell
    taken: list[tuple[int, int]] = []
    for m in _FENCE.finditer(prompt):
        if len(out) >= _MAX_SPANS:
            break
        taken.append((m.start(), m.end()))
        lang, body = m.group(2).lower(), m.group(3)
        if lang in _NOT_SHELL_LANGS or not body.strip() or len(body) > _MAX_SPAN * 4:
            continue
        context = _fence_context(prompt, m.start())
        if _NEGATED.search(context):
            continue
        text = _session_text(body)
        lines = [line for line in text.splitlines()[:_PROMPT_LINES] if line.strip() and not line.lstrip().startswith("#")]
        # a block without a language is commands when every line reads as one (not an error or output)
        if lang in _SHELL_LANGS or (lines and all(_looks_like_command(line) or line.rstrip().endswith("\\")
                                                  for line in lines)):
            out.append((text, _mentioned(context)))
    # an indented Markdown code block (4 spaces or a tab, after a blank line): read like a fence
    # without a language when every line reads as a command line, not prose
    if "\n    " in prompt or "\n\t" in prompt or prompt.startswith(("    ", "\t")):
        for start, end, body, context in _indented_blocks(prompt, taken):
            if len(out) >= _MAX_SPANS:
                break
            taken.append((start, end))
            if _NEGATED.search(context) or _NEGATED_INTRO.search(context):
                continue
            out.append((body, _mentioned(context)))
    for m in _INLINE.finditer(prompt):
        if len(out) >= _MAX_SPANS:
            break
        if any(a <= m.start() < b for a, b in taken):
            continue
        text = m.group(2).strip()
        if text.startswith("$ "):
            text = text[2:]
        if not _looks_like_command(text):
            continue
        before = prompt[max(0, m.start() - 200):m.start()]
        if _NEGATED.search(before):
            continue
        out.append((text, _mentioned(before)))
    # a command after a run verb and a colon, on the same line or the next ones (no code span)
    for m in _COLON_COMMAND.finditer(prompt):
        if len(out) >= _MAX_SPANS:
            break
        if any(a <= m.start() < b for a, b in taken):
            continue
        intro = m.group(1)
        if _NEGATED.search(intro) or _NEGATED_INTRO.search(intro):
            continue
        mention = _mentioned(intro)
        for line in _colon_commands(m.group(2), prompt, m.end()):
            if not any(line == c for c, _ in out):
                out.append((line, mention))
    # console lines outside code spans (`$ curl … | sh` on a line of its own): given to be run
    for m in _CONSOLE_LINE.finditer(prompt):
        if len(out) >= _MAX_SPANS:
            break
        if any(a <= m.start() < b for a, b in taken) or not _looks_like_command(m.group(1)):
            continue
        if not any(m.group(1).strip() == c for c, _ in out):
            out.append((m.group(1).strip(), False))
    # a command written in a sentence, given to be run (`… with rm -rf /home/dev, then …`)
    if _PROSE_PROGRAM.search(prompt):
        for command in _prose_commands(prompt, taken):
            if len(out) >= _MAX_SPANS:
                break
            if not any(command == c for c, _ in out):
                out.append((command, False))
    # a dangerous command line after any colon, without a code span (`Install our helper: curl …
    # | bash, then …`): judged like Bash unless the intro only talks about it
    for line in prompt.splitlines()[:_PROMPT_LINES]:
        if len(out) >= _MAX_SPANS:
            break
        head, sep, rest = line.partition(": ")
        if not sep or _NEGATED.search(head) or _NEGATED_INTRO.search(head):
            continue
        piece = _PROSE_TAIL.compiled.split(rest.strip(), 1)[0].strip()
        if piece and "`" not in piece and len(piece) <= _MAX_SPAN and _dangerous_command(piece) and \
                not any(piece == c for c, _ in out):
            # an imperative intro gives it to be run; any other (`the attacker wrote:`) talks about it
            out.append((piece, not _IMPERATIVE_INTRO.search(head) or _mentioned(head)))
    return out


def _indented_blocks(prompt: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str, str]]:
    """Indented Markdown code blocks (lines indented by 4 spaces or a tab, after a blank line or
    the start, outside fences) whose every line reads as a command line: (start, end, the
    dedented lines, the line before the block)."""
    out: list[tuple[int, int, str, str]] = []
    lines = prompt.split("\n")[:_PROMPT_LINES]
    offsets, at = [], 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    i = 0
    while i < len(lines) and len(out) < _MAX_SPANS:
        if not _INDENTED.match(lines[i]) or (i > 0 and lines[i - 1].strip()) or \
                any(a <= offsets[i] < b for a, b in taken):
            i += 1
            continue
        j = i
        while j < len(lines) and (_INDENTED.match(lines[j]) or (not lines[j].strip() and j + 1 < len(lines)
                                                                 and _INDENTED.match(lines[j + 1]))):
            j += 1
        body = [_INDENTED.sub("", line, count=1).rstrip() for line in lines[i:j]]
        commands = [line for line in body if line.strip() and not line.lstrip().startswith("#")]
        before = [line for line in lines[max(0, i - 8):i] if line.strip()]
        if commands and all(_block_line(line) for line in commands):
            end = offsets[j - 1] + len(lines[j - 1])
            out.append((offsets[i], end, "\n".join(line for line in body if line.strip()),
                        before[-1].strip().rstrip(" \t.:!?;") if before else ""))
        i = j
    return out


_INDENTED = lazy(r"^(?: {4}|\t)(?=[ \t]*\S)")


def _block_line(line: str) -> bool:
    """A line of an indented block that reads as a command line: not prose (a capitalised or
    function word first: `Make sure it passes`, `the tests should pass`)."""
    text = line.strip()
    if text.startswith("$ "):
        text = text[2:]
    if text.endswith("\\"):
        return True
    words = text.split(None, 2)
    first = words[0] if words else ""
    if first.lower().rstrip(",;:") in _PROSE_WORDS or (first[:1].isupper() and first[1:].islower()):
        return False
    if first == "make" and len(words) > 1 and words[1].lower() in _MAKE_PROSE:
        return False
    return _looks_like_command(text)


# a command in a sentence starts at a program the shell rules know as dangerous or as running
# code (the nested-command table: rm, curl, wget, sh/bash, python, git, dd, chmod, …)
_PROSE_PROGRAM = lazy(r"(?<![\w./@$-])(?:rm|shred|srm|wipe|unlink|dd|mkfs(?:\.\w+)?|chmod|chown|chattr|truncate|"
                      r"curl|wget|aria2c|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|git|crontab|systemctl|launchctl|"
                      r"sudo|doas|xargs|find|base64|openssl|gpg|(?:ba|z|k|da)?sh|python[\d.]*|perl|ruby|node|php|"
                      r"eval|source|kill|pkill|killall|docker|kubectl|terraform|aws|gcloud|az|iptables|ufw|"
                      r"npx|npm|pip3?|uvx?|pipx|cat|tee|cp|mv)[ \t]")
# where a command in a sentence ends: `,` `;` `.` before a space, ` then ` / ` and then `, a line's end
_PROSE_COMMAND_END = lazy(r"[,;][ \t]|\.(?:[ \t]|$)|[ \t]+(?:and[ \t]+)?then\b|[ \t]+and[ \t]+(?:report|continue|"
                          r"tell|let|confirm|verify|check|return|show|print|summari[sz]e|proceed|move)\b"
                          r"|[ \t]+(?:to|so|before|after|because|which|once|when|while|until|if|unless)[ \t]"
                          r"|[ \t]+(?:in|on|for|from|inside|within)[ \t]+(?:the|our|this|that|a|an|your|my|their|its"
                          r"|each|every|all)\b|\n|`|$")
# the words that give the command to be run, right before it: `run X`, `with X`, `using X`, `via X`, `X`
# after a colon, or the sentence opening with the command itself (after `first`, `then`, a list marker)
_PROSE_CUE = lazy(r"(?i)(?:\b(?:run|running|execute|executing|exec|invoke|type|with|using|via|then|first|next|"
                  r"finally|now|please|just|and|also)[ \t]+(?:the[ \t]+(?:command[ \t]+)?|this[ \t]+(?:command[ \t]+)?)?"
                  r"|:[ \t]*|^[ \t]*(?:[-*\u2022][ \t]+|\d{1,2}[.)][ \t]+)?)$")
_WITH_ABOUT = lazy(r"(?i)\b(?:problems?|issues?|bugs?|errors?|wrong|trouble|fail\w*|crash\w*|deal|dealing|help|"
                   r"familiar|compatible|works?|working|experience|concerns?|risks?|dangers?|careful|replace\w*|"
                   r"instead)[ \t]+with[ \t]+$")
# a sentence (for negation and mention cues): up to the last sentence end before the command
_SENTENCE_END = lazy(r"[.!?;][ \t]|\n")
_MAX_PROSE_WORDS = 64
_MAX_PROSE_CANDIDATES = 256
# words that make a span a statement about the command, not the command
_STATEMENT_WORDS = frozenset({"is", "are", "was", "were", "will", "would", "can", "could", "does", "did", "should",
                              "might", "may", "must", "deletes", "removes", "wipes", "destroys", "means", "breaks",
                              "fails", "failed", "works", "worked", "runs", "ran", "downloads", "installs"})


def _prose_commands(prompt: str, taken: list[tuple[int, int]]) -> list[str]:
    """Commands written in a sentence outside code spans and blocks, given to be run: a span
    that starts at a known program, holds an option, a path, a URL or a pipe, and runs to the
    end of its clause, after a run cue (`run`, `with`, `using`, `via`, a colon, the sentence
    opening with it). Never when the sentence negates it (`do not run …`, `never use …`) or
    only talks about it (`explain what rm -rf does`, `the README says to run …`)."""
    out: list[str] = []
    for seen, m in enumerate(_PROSE_PROGRAM.finditer(prompt)):
        if len(out) >= _MAX_SPANS or seen >= _MAX_PROSE_CANDIDATES:
            break
        start = m.start()
        if any(a <= start < b for a, b in taken) or prompt.count("`", max(0, start - 2000), start) % 2:
            continue  # inside a fence, an indented block or a code span: read by their passes
        line_start = prompt.rfind("\n", 0, start) + 1
        before = prompt[max(line_start, start - 200):start]
        if before.rstrip().endswith("$") and before.rstrip() == "$":
            continue  # a console line: read by its pass
        if before[-1:] in "\"'":
            continue  # a quoted example (`commands like "rm -rf ~"`)
        cue = _PROSE_CUE.search(before)
        if cue is None or _WITH_ABOUT.search(before):
            continue  # no run cue, or `the problem with X`: X is what the sentence is about
        if cue.group().lstrip().startswith(":") and not _IMPERATIVE_INTRO.search(before[:cue.start()]):
            continue  # `the attacker's payload was: X`: a colon gives X to be run only after an imperative
        end_m = _PROSE_COMMAND_END.search(prompt, m.end(), min(len(prompt), m.end() + _MAX_SPAN))
        end = end_m.start() if end_m else min(len(prompt), m.end() + _MAX_SPAN)
        command = prompt[start:end].strip()
        words = command.split()
        if len(words) > _MAX_PROSE_WORDS:  # a long clause: its first words (what runs first)
            words = words[:_MAX_PROSE_WORDS]
            command = " ".join(words)
        if len(words) < 2 or words[1].lower() in _PROSE_WORDS:
            continue  # `use curl to fetch it`, `rm the old files`: prose, not a command line
        if not any(w[:1] == "-" or "/" in w or w[:1] in "~$" or w == "|" or "|" in w or "://" in w
                   for w in words[1:]):
            continue
        if any(w.lower() in _STATEMENT_WORDS for w in words[1:]):
            continue  # `rm -rf ~ is dangerous`, `curl … | bash would install it`: a statement about it
        ends = [e.end() for e in _SENTENCE_END.finditer(before)]
        sentence = before[ends[-1]:] if ends else before
        if _NEGATED.search(before) or _NEGATED_INTRO.search(sentence) or _mentioned(sentence):
            continue
        out.append(command)
    return out


# an intro that tells the subagent to do something: a verb of action first (after a list
# marker, `first`, `then`, `please`, `now`), or a run verb anywhere
_IMPERATIVE_INTRO = lazy(
    r"(?i)^\s*(?:[-*\d.)]+\s*)?(?:(?:first|then|next|now|please|also|finally|step\s*\d+)[,:]?\s+)*"
    r"(?:install|set\s*up|setup|bootstrap|prepare|configure|run|execute|exec|invoke|do|use|apply|deploy|start|fix|"
    r"update|upgrade|get|fetch|download|enable|add|init|initiali[sz]e|build|launch|type|paste|enter)\b"
    r"|\b(?:run|execute|invoke)\b")

# where prose resumes after a command line in a sentence: `, then …`, `, and …`, `. Next`
_PROSE_TAIL = lazy(r",\s+(?:then|and|after\s+that|afterwards)\b|\.\s+[A-Z]|\.$")


# --- shell lines in fields of any role (a CI variable's value, a job parameter, typed text) ----

# a line that is unmistakably a dangerous shell command wherever it stands: a download piped or
# substituted into a shell or interpreter, a shell's network redirect or a listener that runs one,
# a recursive delete of `/` or the home directory. Only candidates: the shell rules judge them.
_DANGER_GATE = lazy(r"\||/dev/(?:tcp|udp)/|\brm\s|\$\(|<\(|\bexec:|\s-e\s|--(?:sh-)?exec\b")
# each command of the line (split at `&&`, `||`, `;`) must start with the dangerous program,
# after a prompt, an opening bracket, wrappers and assignments: prose that only mentions one
# (`never run rm -rf / on prod`) is no command line
_DANGER_LINE = lazy(
    r"^\s*(?:\$\s+)?[({]?\s*(?>(?:(?:sudo|nohup|exec|command|time|env|doas)\s+(?:-\S+\s+)*|timeout\s+\S+\s+"
    r"|[A-Za-z_]\w*=\S*\s+)*)(?:"
    r"(?i:curl|wget|fetch|aria2c|xh|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n]*\|\s*"
    r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:(?:ba|z|k|da|fi|c|tc|mk)?sh|python[\d.]*|perl|ruby|node|php|iex"
    r"|invoke-expression)\b"
    r"|(?:(?:ba|z|k|da)?sh|python[\d.]*|perl|ruby|node|source|eval|\.)\s[^\n]*(?:\$\(|<\(|`)\s*(?:curl|wget)\b"
    r"|(?:nc|ncat|netcat)\b[^\n]*\s(?:-[a-z]*e|--exec|--sh-exec)\s"
    r"|socat\b[^\n]*\bexec:"
    r"|(?P<rm>rm)\s)")
# what a recursive delete must name to be unmistakable: the root or the home directory
_RM_ROOTS = frozenset({"/", "/*", "//", "~", "~/", "~/*", "$HOME", "$HOME/", "$HOME/*", "${HOME}", "${HOME}/", "${HOME}/*"})
# `sh -c '…'` and a program's `--switch=` before the command line it carries
_CARRIER = lazy(r"^\s*(?:--?[\w-]+=|(?:ba|z|k|da)?sh\s+(?:-[a-z]+\s+)*-[a-z]*c\s+)[\"']?")
# a shell's network redirect is unmistakable wherever it stands in a line
_DANGER_ANYWHERE = lazy(r"[<>]&?\s*/dev/(?:tcp|udp)/\S")
_COMMAND_SPLIT = lazy(r"&&|\|\||;")
_MAX_DANGER_TEXT = 65536


def dangerous_shell_lines(text: str) -> list[str]:
    """The lines of `text` that read as a dangerous shell command line (curl … | sh, a reverse
    shell, rm -rf ~), stripped; [] for any other text. Never raises."""
    if not isinstance(text, str) or len(text) > _MAX_DANGER_TEXT or not _DANGER_GATE.search(text):
        return []
    out = []
    for line in text.splitlines()[:_MAX_LINES]:
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        if line and len(line) <= _MAX_SPAN and (_DANGER_ANYWHERE.search(line) or any(
                _dangerous_command(part) for part in _COMMAND_SPLIT.compiled.split(line, 64))):
            out.append(line)
    return out


def _dangerous_command(part: str, depth: int = 0) -> bool:
    m = _DANGER_LINE.match(part)
    if m and m.group("rm") is None:
        return True
    if m:
        words = [w.strip("\"'") for w in part[m.end():].split()[:256]]
        recursive = any(w == "--recursive" or (w[:1] == "-" and w[1:2] != "-" and ("r" in w or "R" in w)) for w in words)
        if recursive and any(w in _RM_ROOTS for w in words):
            return True
    carried = _CARRIER.match(part)
    return bool(carried and depth < 2 and _dangerous_command(part[carried.end():], depth + 1))


# --- CI configuration written by any tool: the shell its steps run -----------------------------

# CI definitions of the forges and CI services, by the path they are written to (relative or absolute)
_CI_PATH = lazy(r"(?i)(?:^|/)(?:\.(?:github|gitea|forgejo)/workflows/[^/]+\.ya?ml|\.github/actions/.+\.ya?ml"
                r"|\.gitlab-ci\.ya?ml|\.gitlab/ci/.+\.ya?ml|\.circleci/config\.ya?ml|azure-pipelines\.ya?ml"
                r"|bitbucket-pipelines\.ya?ml|\.drone\.ya?ml|\.woodpecker\.ya?ml|\.woodpecker/[^/]+\.ya?ml"
                r"|\.travis\.ya?ml|\.buildkite/[^/]+\.ya?ml|\.cirrus\.ya?ml|appveyor\.ya?ml|cloudbuild\.ya?ml"
                r"|buildspec\.ya?ml|jenkinsfile|[^/]*\.jenkinsfile)$")
# YAML keys whose value is shell: a step's `run`, GitLab's/Bitbucket's/Travis' `script` lists,
# CircleCI's `command`, Drone's/Woodpecker's `commands`, Azure's `script`/`bash`, buildspec's `commands`
_CI_SHELL_KEY = lazy(r"^(\s*(?:-\s+)?)(?:run|script|before_script|after_script|command|commands|bash|sh|pwsh"
                     r"|powershell|install|before_install|after_success|inlineScript|cmd|entrypoint)\s*:\s*(.*)$")
_CI_EXPRESSION = lazy(r"\$\{\{[^}\n]{0,512}\}\}")
_JENKINS_SH = lazy(r"""\b(?:sh|bat|powershell)\s*(?:\(\s*(?:script\s*:\s*)?)?(?:'''(.*?)'''|\"\"\"(.*?)\"\"\"|'([^'\n]*)'|"([^"\n]*)")""",
                   re.S)


def is_ci_config(path: str) -> bool:
    return isinstance(path, str) and len(path) <= 4096 and bool(_CI_PATH.search(path.replace("\\", "/")))


def ci_shell(path: str, content: str) -> list[str]:
    """The shell a CI definition's steps run (YAML `run:`/`script:`/`commands:` values, block
    scalars and lists; a Jenkinsfile's `sh '…'`), each step one script. Never raises."""
    if not isinstance(content, str) or len(content) > _MAX_DANGER_TEXT or not is_ci_config(path):
        return []
    if "${{" in content:
        # an Actions/Gitea expression (`${{ github.event.issue.title }}`) is spliced into the
        # script before the shell runs it: a value the command cannot know
        content = _CI_EXPRESSION.sub('"$CI_EXPRESSION"', content)
    if path.replace("\\", "/").rsplit("/", 1)[-1].lower().endswith("jenkinsfile"):
        return _jenkins_steps(content)
    return _yaml_steps(content)


# a pipeline definition given as text to a tool that runs it (GitLab's create_pipeline `ci_config`, a
# CircleCI trigger's `config` parameter, a Jenkins job's pipeline script): YAML with mapping lines
# and a step key, or a scripted/declarative Jenkins pipeline, or one Jenkins step (`sh 'make'`)
_YAML_MAPPING_LINE = lazy(r"(?m)^[ \t]*(?:-[ \t]+)?[\w.$-]+[ \t]*:(?:[ \t]|$)")
_JENKINS_PIPELINE = lazy(r"(?:^|\s)(?:pipeline|node|stage|steps|script)\s*(?:\([^)\n]{0,200}\))?\s*\{")
_JENKINS_STEP = lazy(r"""^\s*(?:sh|bat|powershell)\s*(?:\(\s*(?:script\s*:\s*)?)?['"]""")


def pipeline_text_shell(text: str) -> list[str]:
    """The shell a pipeline definition held in a string runs (as ci_shell reads a CI file), or []
    when the text is no pipeline definition. Never raises."""
    if not isinstance(text, str) or len(text) > _MAX_DANGER_TEXT:
        return []
    if _JENKINS_STEP.match(text) or ("{" in text and _JENKINS_PIPELINE.search(text)):
        return _jenkins_steps(text)
    if "\n" not in text.strip() or len(_YAML_MAPPING_LINE.findall(text[:_MAX_DANGER_TEXT])) < 2:
        return []
    if "${{" in text:
        text = _CI_EXPRESSION.sub('"$CI_EXPRESSION"', text)
    return _yaml_steps(text)


def shell_value(text: str) -> bool:
    """A value that reads as a command line with shell syntax (`make && ./deploy.sh`, `env | curl …`)."""
    return isinstance(text, str) and 0 < len(text) <= _MAX_SPAN and bool(
        _SHELL_SYNTAX.search(text)) and _looks_like_command(text)


_ARGS_KEY = lazy(r"^(\s*)args\s*:\s*(.*)$")


def _container_args(lines: list[str], i: int, indent: int) -> str | None:
    """The first item of the `args:` beside a container's `command:` (its mapping's next keys)."""
    for line in lines[i:i + 16]:
        if not line.strip():
            continue
        pad = len(line) - len(line.lstrip())
        if pad < indent:
            return None
        m = _ARGS_KEY.match(line)
        if m and len(m.group(1)) == indent:
            value = m.group(2).strip()
            if value.startswith("["):
                inner = value[1:].rsplit("]", 1)[0]
                first = _yaml_scalar(inner) if inner[:1] in "'\"" and inner.count(inner[0]) == 2 else \
                    _yaml_scalar(inner.split(",", 1)[0])
                return first or None
            at = lines.index(line, i)
            for item in lines[at + 1:at + 4]:
                if item.strip().startswith("- "):
                    return _yaml_scalar(item.strip()[2:])
            return None
    return None


def _jenkins_steps(content: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None) for m in _JENKINS_SH.finditer(content)][:_MAX_SPANS]


def _yaml_steps(content: str) -> list[str]:
    out: list[str] = []
    lines = content.splitlines()[:_MAX_LINES]
    i = 0
    while i < len(lines) and len(out) < _MAX_SPANS:
        m = _CI_SHELL_KEY.match(lines[i])
        i += 1
        if not m:
            continue
        indent, value = len(m.group(1)), m.group(2).strip()
        if value and value[0] not in "|>[" and not value.startswith(("#", "&", "*")):
            out.append(_yaml_scalar(value))  # run: curl … | sh
            continue
        if value.startswith("["):
            items = [_yaml_scalar(v) for v in value.strip("[]").split(",") if v.strip()]
            if len(items) >= 2 and items[0].rsplit("/", 1)[-1] in _SHELLS and items[1] == "-c":
                # a container's `command: [sh, -c]`: the script is its next item or the first of `args`
                script = items[2] if len(items) > 2 else _container_args(lines, i, len(lines[i - 1]) - len(
                    lines[i - 1].lstrip(" -")))
                if script:
                    out.append(script)
                continue
            out.extend(items)
            continue
        # a block scalar (run: |) or a list (script:\n  - a\n  - b) indented below the key
        block = value[:1] in ("|", ">")
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent or (
                not block and len(lines[i]) - len(lines[i].lstrip()) == indent and lines[i].lstrip().startswith("- "))):
            body.append(lines[i])
            i += 1
        if not block and not any(b.strip().startswith("- ") for b in body):
            i -= len(body)  # a mapping under the key (CircleCI `run:` with `command:`): read its keys
            continue
        if block:
            text = "\n".join(body)
            out.append(_dedent(text))
        else:
            items = [b.strip()[2:] for b in body if b.strip().startswith("- ")]
            words = [_yaml_scalar(x) for x in items[:3]]
            if len(words) >= 2 and words[0].rsplit("/", 1)[-1] in _SHELLS and words[1] == "-c":
                key = lines[i - len(body) - 1]  # command:\n- sh\n- -c, then its script or `args:`
                script = words[2] if len(words) > 2 else _container_args(lines, i, len(key) - len(key.lstrip(" -")))
                if script:
                    out.append(script)
                continue
            out.extend(_yaml_scalar(x) for x in items if x.strip() and ":" not in x.split(" ", 1)[0])
    return [s for s in out if s.strip()]


def _yaml_scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        inner = value[1:-1]
        return inner.replace("''", "'") if value[0] == "'" else inner.replace('\\"', '"')
    return value


def _dedent(text: str) -> str:
    lines = [line for line in text.splitlines()]
    pad = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
    return "\n".join(line[pad:] for line in lines)


# --- Kubernetes manifests: the shell a container runs ------------------------------------------

_CONTAINER_COMMAND_KEY = lazy(r"^(\s*(?:-\s+)?)command\s*:\s*(.*)$")
_MANIFEST_KIND = lazy(r"(?m)^\s*kind\s*:\s*[\"']?(?:Pod|Deployment|DaemonSet|StatefulSet|ReplicaSet|Job|CronJob"
                      r"|ReplicationController|PodTemplate)\b")


def is_workload_manifest(text: str) -> bool:
    """YAML text that declares a workload (Pod, Deployment, DaemonSet, CronJob, Job, …)."""
    return isinstance(text, str) and len(text) <= _MAX_DANGER_TEXT and bool(_MANIFEST_KIND.search(text))


def container_scripts(text: str) -> list[str]:
    """The scripts a Kubernetes manifest's containers give a shell (`command: [sh, -c, SCRIPT]`,
    `command: [sh, -c]` with `args: [SCRIPT]`, `command: [bash]` with `args: [-c, SCRIPT]`, flow
    or block lists). [] for any other text. Never raises."""
    if not isinstance(text, str) or len(text) > _MAX_DANGER_TEXT or "command" not in text:
        return []
    try:
        return _container_scripts(text)
    except (ValueError, IndexError, re.error):
        return []


def _yaml_list(lines: list[str], i: int, value: str) -> tuple[list[str], int]:
    """The items of a flow (`[a, b]`) or block (`- a` lines) list that is a key's value."""
    value = value.strip()
    if value.startswith("["):
        inner = value[1:].rsplit("]", 1)[0]
        return [_yaml_scalar(v) for v in _flow_items(inner)], i
    items: list[str] = []
    if value:
        return [], i
    while i < len(lines) and (not lines[i].strip() or lines[i].strip().startswith("- ") or lines[i].strip() == "-"):
        if not lines[i].strip():
            i += 1
            continue
        item = lines[i].strip()[2:].strip()
        pad = len(lines[i]) - len(lines[i].lstrip())
        i += 1
        if item[:1] in ("|", ">"):
            # a block scalar item (`- |` and its indented lines)
            body = []
            while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > pad):
                body.append(lines[i])
                i += 1
            items.append(_dedent("\n".join(body)).strip("\n") if item[0] == "|" else
                         " ".join(b.strip() for b in body if b.strip()))
            continue
        items.append(_yaml_scalar(item))
    return items, i


def _flow_items(inner: str) -> list[str]:
    """A flow list's items, split at commas outside quotes."""
    out, buf, quote = [], "", ""
    for c in inner:
        if quote:
            buf += c
            if c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
            buf += c
        elif c == ",":
            out.append(buf.strip())
            buf = ""
        else:
            buf += c
    if buf.strip():
        out.append(buf.strip())
    return out


def _container_scripts(text: str) -> list[str]:
    out: list[str] = []
    lines = text.splitlines()[:_MAX_LINES]
    i = 0
    while i < len(lines) and len(out) < _MAX_SPANS:
        m = _CONTAINER_COMMAND_KEY.match(lines[i])
        i += 1
        if not m:
            continue
        indent = len(m.group(1)) if not m.group(1).strip() else len(lines[i - 1]) - len(lines[i - 1].lstrip(" -"))
        command, after = _yaml_list(lines, i, m.group(2))
        if not command or command[0].rsplit("/", 1)[-1] not in _SHELLS:
            continue
        args: list[str] = []
        for j in range(max(after, i), min(len(lines), after + 32)):
            line = lines[j]
            if not line.strip():
                continue
            pad = len(line) - len(line.lstrip())
            if pad < indent or (pad == indent and line.lstrip().startswith("- ")):
                break
            am = _ARGS_KEY.match(line)
            if am and pad == indent:
                args, _ = _yaml_list(lines, j + 1, am.group(2))
                break
        words = command[1:] + args
        for k, w in enumerate(words[:-1]):
            if w.startswith("-") and not w.startswith("--") and w[1:].isalpha() and "c" in w[1:]:
                if words[k + 1].strip():
                    out.append(words[k + 1])
                break
    return out
