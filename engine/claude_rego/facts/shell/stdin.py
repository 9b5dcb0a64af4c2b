"""Shell facts: programs fed on stdin or from files (shells, interpreters, DSLs, xargs, sed)."""

from __future__ import annotations

from ..lazy_re import lazy  # compiled on first use: most commands never need these
from .code import _UNREAD_FAMILIES, foreign_code
from .commands import _init_printer_only
from .destinations import patch_call, patch_targets
from .launch import _ipython_call, _python_launch, _python_module
from .programs import (
    _SIDE_DELETERS,
    _XARGS_LIKE,
    _as_xargs,
    _awk_program,
    _awk_written,
    _cmake_script_commands,
    _editor_commands,
    _family,
    _find_whole_roots,
    _interpreter_call,
    _option,
    _pending,
    _sed_parts,
    _sed_written,
    _shell_reads,
    _side_deleted,
    _stage_text,
    _string_literals,
    _tmpfiles_deleted,
)
from .tables import (
    _COMPILED_RUNNERS,
    _DB_CLIENTS,
    _DELETERS,
    _DSL_EXEC,
    _DSL_STDIN_PROGRAMS,
    _DSL_TOOLS,
    _PLATFORM_SQL_SHELLS,
    _PLATFORM_SQL_WORDS,
    _SOURCE_EXTENSIONS,
    _STDIN_WORDS,
    _XARGS_VALUE_OPTS,
)
from .words import _BRACE_LIMIT, _split_simple
from .wrappers import _after_options, _basename, _xargs_shell_code

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser


# ------------------------------------------------------------ programs on stdin
def run_deferred(self: _Parser, final: bool = False) -> None:
    while self.deferred:
        node, stdin, depth = self.deferred[0]
        if not final and (_pending(node) or (isinstance(stdin, dict) and _pending(stdin))):
            return
        self.deferred.pop(0)
        self.feed(node, stdin, depth)


def feed(self: _Parser, node: dict, stdin, depth: int) -> None:
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
            elif written is not None and (earlier := self.files.get(r["target"])) is not None:
                self.files[r["target"]] = earlier + "\n" + written
            else:
                self.files[r["target"]] = None  # written, but with what is not known
    if command in ("ln", "gln") and args:
        self.note_link(args)
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
        for i, a in enumerate(args[:-1]):  # a cluster ending in the output flag: curl -sSLo FILE
            if len(a) > 2 and a[0] == "-" and a[1] != "-" and a[-1] == {"curl": "o", "wget": "O"}.get(command) \
                    and a[1:].isalpha():
                self.files[args[i + 1]] = None
        ops = [a for a in args if not a.startswith("-")]
        if command in ("cp", "mv", "install") and len(ops) >= 2:
            self.files[ops[-1]] = self.files.get(ops[0]) if ops[0] in self.files else self.files.get(ops[-1])
    if command in ("patch", "gpatch", "git"):
        self.patch_writes(node, command, args, stdin, depth)
    deleted = _side_deleted(command, args) if command in _SIDE_DELETERS else []
    if command == "systemd-tmpfiles" and ("--remove" in args or "--clean" in args):
        deleted = _tmpfiles_deleted(args, _tmpfiles_text(self, node, args, stdin))
    if deleted:
        self.child_words(node, ["rm", "-r"] + deleted, depth, "wrapped", [command])
    # fetchcfg imported where needed: most commands read no tool's configuration file
    if command in ("curl", "wget"):
        from .fetchcfg import fetch_config

        fetch_config(self, node, command, args, stdin, depth)
    elif self.files and "compose" in command or command in ("docker", "podman", "nerdctl", "finch"):
        from .fetchcfg import compose_files

        compose_files(self, node, command, args, depth)
    if self.files and node["assignments"]:
        from .fetchcfg import git_config_roots, home_writes

        home_writes(self, node, depth)
        if command == "git":
            git_config_roots(self, node, depth)
    if command in _XARGS_LIKE:
        as_xargs = _as_xargs(command, args)
        if as_xargs is not None:
            command, args = "xargs", as_xargs
    if command == "xargs":
        self.xargs_input(node, args, stdin, depth)
    elif command == "parallel":
        _parallel_input(self, node, args, stdin, depth)
    if command in _DB_CLIENTS:
        text, _why = self.stdin_text(node, stdin)
        if text:
            node["stdin_literal"] = text[:16384]  # the statements a database client is fed
        self.sql_effects(node, [a for a in args if len(a) > 4] + ([text] if text else []), depth)
    elif command in _PLATFORM_SQL_SHELLS and any(a in _PLATFORM_SQL_WORDS for a in args[:4]):
        text, _why = self.stdin_text(node, stdin)
        if text:
            node["stdin_literal"] = text[:16384]
    if command == "go" and len(args) > 1 and args[0] == "run":
        _go_run_module(self, node, args, depth)
    if command in ("cat", "tee") and (args if command == "tee" else not args and _writes_out(node)):
        # `cat > .env <<'EOF'`, `tee -a .env <<< PORT=1`: the text a file is given, when literal and
        # short, for the rules that read what a settings file receives (a dotenv's new lines)
        text, _why = self.stdin_text(node, stdin)
        if text and len(text) <= 4096:
            node["stdin_literal"] = text
    if command in ("kubectl", "oc") and _applies_stdin(args):
        _stdin_manifest(self, node, stdin, depth)
    if command in ("cmake", "just") and self.embedded_script(node, command, args, stdin, depth):
        return
    if command in _COMPILED_RUNNERS:
        self.compiled_source(node, command, args, depth)
    if self.files and any(a.endswith(".ipynb") for a in args[:64]):
        self.notebook_run(node, command, args, depth)
    has_procsub = bool(args) and "(…)" in "\0".join(args) and any(a.endswith("(…)") for a in args)
    procsub = _procsub_text(node) if has_procsub else None
    if has_procsub and "<(…)" not in self.files:
        # `nmap --script <(echo …)`, `make -f <(printf …)`, `gdb -x <(…)`: the file a tool loads
        # is the inner command's output, literal (echo, printf, cat heredoc) or unknown
        self.files["<(…)"] = procsub
        try:
            self.tool_configs(node, command, args, depth)
        finally:
            self.files.pop("<(…)", None)
    elif self.files:
        self.tool_configs(node, command, args, depth)
    family = _family(command)
    if family is None and command in _DSL_TOOLS:
        self.dsl_escapes(node, args, stdin, depth)
        return
    if family is None:
        program = node["argv"][0] if node["argv"] else ""
        key = program if program in self.files else program[2:] if program.startswith("./") else None
        if key is not None and key in self.files:
            file_text = self.files[key]
            if file_text is None:
                self.mark(node, "runs_file_written_in_command")
            else:
                self.run_text(node, file_text, "shell", depth)
        elif self.edits and (program[2:] if program.startswith("./") else program) in self.edits:
            self.run_text(node, self.edits[program[2:] if program.startswith("./") else program], "shell", depth)
        return
    script = None
    dialect = family
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
        awk_file = _option(args, ("-f", "--file"))
        if program is not None:
            self.scan_code(node, program, "awk", depth)
            for target in _awk_written(program):
                self.child_words(node, ["tee", target], depth, "program_output", [])
        elif awk_file is not None and awk_file.endswith("(…)"):
            if isinstance(procsub, str):
                self.scan_code(node, procsub, "awk", depth)
            else:
                self.mark(node, "program_from_process_substitution")
        elif awk_file is not None and (awk_file in self.files or awk_file in self.edits):
            awk_text = self.files.get(awk_file, self.edits.get(awk_file))
            if awk_text is None:
                self.mark(node, "runs_file_written_in_command")
            else:
                self.scan_code(node, awk_text, "awk", depth)
        elif awk_file in _STDIN_WORDS:
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
                from ..paths.runlater import makefile_commands

                for cmd in makefile_commands(text):
                    self.child_sequence(node, cmd, depth, "stdin_script")
            elif why:
                self.mark(node, "stdin_to_interpreter")
        elif script is not None and script in self.files and self.files[script] is None:
            self.mark(node, "runs_file_written_in_command")
        return
    elif family == "editor":
        self.editor_exec(node, args, stdin, depth)
        return
    else:
        dialect = family
        loaded: list[str] = []
        module = _python_module(args) if family == "python" and not command.startswith("ipython") else None
        if module is not None:  # python -m IPython|pdb|timeit|cProfile|…: the code the module runs
            codes, reads, script, loaded, dialect = _python_launch(*module)
        elif family == "python" and command.startswith("ipython"):
            codes, reads, script, loaded = _ipython_call(args)
            dialect = "ipython"
        else:
            codes, reads, script = _interpreter_call(family, args)
        for code in codes:
            self.launched_code(node, code, dialect, depth)
            if (module is not None or dialect == "ipython") and ("$(…)" in code or "`…`" in code or "<(…)" in code):
                self.mark(node, "interpreter_dynamic_code")  # python -m timeit "$(curl …)": code only known at run time
        if any(self.outside_code(p, node) for p in loaded[:16]):
            self.mark(node, "code_from_untrusted_path")
        if dialect == "pdb":  # python -m pdb app.py <<< '!CMD': the debugger's commands on stdin are code
            text, _why = self.stdin_text(node, stdin)
            if text is not None:
                self.launched_code(node, text, dialect, depth)
            dialect = family
        if dialect != family and reads:  # IPython's or xonsh's program on stdin: read in its dialect
            text, why = self.stdin_text(node, stdin)
            if text is not None:
                self.launched_code(node, text, dialect, depth)
            elif why:
                self.mark(node, "stdin_to_interpreter")
            return
        if family == "perl" and codes and any(a.startswith("-") and not a.startswith("--") and "i" in a[1:].split(
                ".", 1)[0] for a in args):  # perl -pi -e CODE FILE: an in-place edit
            _record_edit(self, _perl_inserted(codes), _edited_files(args, [], ("-e", "-E", "-I", "-M", "-m")))
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
        elif dialect != family:
            self.launched_code(node, text, dialect, depth)  # ipython x.ipy written in the command
        else:
            self.run_text(node, text, family, depth)
    elif script is not None and self.edits and (script[2:] if script.startswith("./") else script) in self.edits:
        self.run_text(node, self.edits[script[2:] if script.startswith("./") else script], family, depth)
    elif script is not None and script.endswith("(…)") and isinstance(procsub, str):
        self.run_text(node, procsub, family, depth)  # `bash <(echo …)`: the literal output is the program
    elif script is not None and script.endswith("(…)") and family in (
            "shell", "source", "python", "perl", "ruby", "node", "php", "lua") and not (
            family == "source" and _init_printer_only(node, args, "process_substitution")):
        # (`source <(kubectl completion bash)`: a known start-up printer's own script passes, like eval)
        self.mark(node, "program_from_process_substitution")


def launched_code(self: _Parser, node: dict, code: str, dialect: str, depth: int) -> None:
    """Code a launcher runs, in its dialect: IPython's shell escapes and magics (`!cmd`,
    `%%bash`, `%cd`) are shell lines read as nested commands, its other lines Python; a
    xonsh line is a shell command line (other syntax: marked); else the family's code."""
    if dialect == "ipython":
        from ..paths.tooltext import notebook_cell  # only for IPython code

        shell, python = notebook_cell(code[:65536])
        if shell:
            self.child_sequence(node, "\n".join(shell[:256]), depth, "interpreter_exec")
        if python:
            self.scan_code(node, "\n".join(python), "python", depth)
    elif dialect == "xonsh":
        self.child_words(node, ["xonsh", "-c", code], depth, "interpreter_exec", [])
    elif dialect == "pdb":  # debugger commands: `!stmt` and plain statements are Python
        self.scan_code(node, "\n".join(line.strip().lstrip("!") for line in code[:65536].splitlines()), "python", depth)
    elif dialect in _UNREAD_FAMILIES:  # swift -e, kotlin -e, nim --eval:, v -e: generic patterns, else marked
        foreign_code(self, node, code, dialect, depth)
    else:
        self.scan_code(node, code, dialect, depth)


def _procsub_text(node: dict) -> str | None:
    """The output of a command's input process substitutions (`<(echo …)`, `<(printf …)`,
    `<(cat <<EOF … EOF)`) when every one is a single literal command; None otherwise."""
    inner = [c for c in node["children"] if c.get("context") == "process_substitution" and
             c.get("depth") == node.get("depth", 0) + 1]
    if not inner or any(c.get("operator") is not None for c in inner):
        return None  # none seen, or a pipeline or a list inside: its output is not known
    texts = [_stage_text(c) for c in inner]
    if any(t is None for t in texts):
        return None
    return "\n".join(t for t in texts if t is not None)


def embedded_script(self: _Parser, node: dict, command: str, args: list[str], stdin, depth: int) -> bool:
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


def compiled_source(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
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
        file_text = self.files[key]
        if file_text is None:
            self.mark(node, "runs_file_written_in_command")
        else:
            self.scan_code(node, file_text, "generic", depth)


_NOTEBOOK_RUNNERS = frozenset({"jupyter", "jupyter-nbconvert", "jupyter-execute", "papermill", "ipython", "ipython3",
                               "nbclient", "jupytext", "quarto", "treon", "voila"})


def notebook_run(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """`jupyter nbconvert --execute NB`, `jupyter execute NB`, `papermill NB OUT`, `ipython NB`,
    with NB written earlier in the command: its code cells are read like IPython code (shell
    escapes and magics, the rest Python); a notebook whose content is not known is marked."""
    if command not in _NOTEBOOK_RUNNERS or (command in ("jupyter", "jupyter-nbconvert", "jupytext", "quarto") and not any(
            a in ("--execute", "execute", "run", "--to=notebook") or a.startswith("--execute") for a in args)):
        return
    for a in args[:64]:
        key = a if a in self.files else a[2:] if a.startswith("./") and a[2:] in self.files else None
        if key is None or not a.endswith(".ipynb"):
            continue
        text = self.files[key]
        if text is None:
            self.mark(node, "runs_file_written_in_command")
            continue
        import json  # only for a notebook written in the command

        try:
            cells = json.loads(text).get("cells") or []
        except (ValueError, AttributeError):
            self.mark(node, "runs_file_written_in_command")
            continue
        for cell in cells[:256] if isinstance(cells, list) else []:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                source = cell.get("source")
                source = "".join(x for x in source if isinstance(x, str)) if isinstance(source, list) else source
                if isinstance(source, str) and source.strip():
                    self.launched_code(node, source, "ipython", depth)


def xargs_input(self: _Parser, node: dict, args: list[str], stdin, depth: int) -> None:
    """xargs runs its command with words from its input: literal input is substituted;
    a command that comes from the input itself is marked."""
    replace = xargs_replace(args)
    inner = _after_options(args, _XARGS_VALUE_OPTS)
    if not inner:
        return
    arg_file = _option(args, ("-a", "--arg-file"))
    text, why = (None, "an argument file") if arg_file else self.stdin_text(node, stdin)
    if text is None and why == "not literal":
        # `xargs rm -rf <<< "$HOME"`: the here-string's words, expansions and all
        # ($HOME, $DIR, $(…)), are the arguments: judged as `rm -rf $HOME` would be
        text = next((r["target"] for r in reversed(node["redirects"]) if r["op"] == "<<<"), None)
    if arg_file and arg_file.endswith("(…)"):
        why = "process substitution"
    items = _input_items(args, text) if text is not None else None
    if items is not None and not ("-0" in args or "--null" in args or _delimiter(args) is not None):
        items = [w for line in items for w in _split_simple(line)]  # plain xargs: blank-separated words
    script_from_input = not replace and _script_from_items(inner)
    if items is not None and script_from_input:
        # `… | xargs -0 sh -c`: an input item is the script the shell runs
        for item in items[:_BRACE_LIMIT]:
            self.child_sequence(node, item, depth, "xargs_script")
    elif items is not None and ("-0" in args or "--null" in args or _delimiter(args) is not None):
        for item in items[:_BRACE_LIMIT]:  # each item is one argument, blanks and all
            self.child_words(node, [w.replace(replace, item) for w in inner] if replace else inner + [item],
                             depth, "xargs", ["xargs"])
    elif text is not None:
        for line in [x for x in text.split("\n") if x.strip()][:_BRACE_LIMIT]:
            words = [w.replace(replace, line) for w in inner] if replace else inner + _split_simple(line)
            self.child_words(node, words, depth, "xargs", ["xargs"])
    elif (script_from_input and why) or (replace and (replace in inner[0] or (_family(_basename(inner[0])) == "shell" and any(
            w.split()[0:1] == [replace] or w.startswith(replace) for w in _xargs_shell_code(inner) if w.strip())))):
        self.mark(node, "command_from_input")  # the script, or the command, comes from the input
    elif why in ("process substitution", "an argument file") and arg_file and arg_file.endswith("(…)"):
        self.mark(node, "xargs_input_from_process_substitution")
    if text is None and isinstance(stdin, dict) and _basename(inner[0]).lower() in _DELETERS:
        roots = _find_whole_roots(stdin)
        if roots:
            # `find ~ -type f | xargs rm`: every file under the root is deleted
            self.child_words(node, ["rm", "-r"] + roots, depth, "xargs", ["xargs"])


_XARGS_SHORT_FLAGS = frozenset("0prtxk")  # one-letter options with no value (may share a cluster)
_XARGS_SHORT_VALUES = frozenset("nPLdEsa")  # one-letter options whose value follows (attached or next)


def xargs_replace(args: list[str]) -> str | None:
    """The replace string of xargs, whatever its spelling: `-I R`, `-IR`, `-i` (`{}`),
    `-iR`, `--replace` (`{}`), `--replace=R`, also after flags in one cluster (`-0I R`,
    `-ti`). None when the command's words are not substituted."""
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--" or not a.startswith("-") or a == "-":
            return None
        if a == "--replace":
            return "{}"
        if a.startswith("--replace="):
            return a.split("=", 1)[1] or "{}"
        if a.startswith("--"):
            i += 2 if a in _XARGS_VALUE_OPTS else 1
            continue
        for j, ch in enumerate(a[1:], start=1):
            if ch in _XARGS_SHORT_FLAGS:
                continue
            if ch == "I":
                rest = a[j + 1:]
                return rest or (args[i + 1] if i + 1 < len(args) else None)
            if ch == "i":
                return a[j + 1:] or "{}"
            if ch in _XARGS_SHORT_VALUES and not a[j + 1:]:
                i += 1  # its value is the next word
            break
        i += 1
    return None


def _delimiter(args: list[str]) -> str | None:
    value = _option(args, ("-d", "--delimiter")) or next(
        (a.split("=", 1)[1] for a in args if a.startswith("--delimiter=")), None)
    if value is None:
        value = next((a[2:] for a in args if a.startswith("-d") and len(a) > 2 and not a.startswith("--")), None)
    if value is None:
        return None
    return {"\\n": "\n", "\\t": "\t", "\\0": "\0", "\\x00": "\0"}.get(value, value[:1] or "\n")


def _input_items(args: list[str], text: str) -> list[str]:
    """The items xargs/parallel make of their input: NUL-separated with -0/--null, split
    at the -d delimiter, else lines (the caller splits lines into words for xargs)."""
    if "-0" in args or "--null" in args:
        sep = "\0"
    else:
        sep = _delimiter(args) or "\n"
    return [x for x in text.split(sep) if x.strip()]


def _script_from_items(inner: list[str]) -> bool:
    """`sh -c` (or `bash -ec`, …) with no script after it: the first item appended is the
    script the shell runs."""
    if not inner or _family(_basename(inner[0]).lower()) != "shell":
        return False
    last = inner[-1]
    return last == "-c" or (last.startswith("-") and not last.startswith("--") and last[1:].isalpha() and "c" in last[1:])


def _parallel_input(self: _Parser, node: dict, args: list[str], stdin, depth: int) -> None:
    """GNU parallel fed on stdin: each input item (a line; NUL-separated with -0, split at
    -d) is a command when no command is given, and the script of a `sh -c` template;
    items that are not literal make the command unknown."""
    value_opts = {"-j", "-P", "--jobs", "-S", "--sshlogin", "-d", "--delimiter", "-I", "--colsep", "-N",
                  "-n", "--delay", "--timeout", "--joblog", "--results", "--env", "--tmpdir", "-E"}
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] not in (":::", "::::"):
        i += 2 if args[i] in value_opts else 1
    template = args[i:]
    if ":::" in template or "::::" in template or "-a" in args or "--arg-file" in args:
        return
    runs_items = not template or _script_from_items(template) or (
        _family(_basename(template[0]).lower()) == "shell" and "{}" in template[-1:] and "-c" in template)
    if not runs_items:
        return
    text, why = self.stdin_text(node, stdin)
    if text is not None:
        for item in _input_items(args, text)[:_BRACE_LIMIT]:
            self.child_sequence(node, item, depth, "xargs_script")
    elif why:
        self.mark(node, "command_from_input")


def sql_effects(self: _Parser, node: dict, texts: list[str], depth: int) -> None:
    """Statements given to a database client that run programs or touch files, by effect
    (`COPY … TO PROGRAM 'cmd'`, `pg_read_file('/x')`, `INTO OUTFILE`, `LOAD DATA INFILE`,
    `ATTACH '/x'`, `xp_cmdshell`, psql `\\copy`, sqlite3 `.output`): a literal command line
    is parsed as a nested command, a file becomes a nested `cat FILE` (read), `ls FILE`
    (listed) or `tee FILE` (written) so the secret and write rules judge it; what is not
    literal, and native code loaded into the server, is marked."""
    from ..paths.sql import server_effects

    for text in texts[:32]:
        for effect, value in server_effects(text):
            if effect == "exec" and value:
                self.child_sequence(node, value, depth, "sql_program")
            elif effect in ("exec", "load"):
                self.mark(node, "sql_runs_code")
            elif value is None:
                self.mark(node, "sql_file_unknown")
            else:
                verb = {"read": ["cat", "--"], "list": ["ls", "--"], "write": ["tee", "--"]}[effect]
                self.child_words(node, verb + [value], depth, "sql_file", [])


def _cat_of_project_sql(stdin) -> bool:
    """`cat db/seed.sql | psql …`: SQL files of the project given on standard input, read like
    `psql … < db/seed.sql` (a project file a program reads, not text of unknown origin)."""
    if not isinstance(stdin, dict) or stdin.get("command") != "cat" or stdin.get("redirects"):
        return False
    args = stdin.get("args") or []
    return bool(args) and len(args) <= 16 and all(
        isinstance(a, str) and a.endswith(".sql") and not a.startswith(("-", "/", "~", "$")) and ".." not in a
        and "(…)" not in a and "`" not in a for a in args)


def dsl_escapes(self: _Parser, node: dict, args: list[str], stdin, depth: int) -> None:
    """Tools with a language of their own (m4, dc, ed, gnuplot, sqlite3, psql, mysql,
    guile, racket, erb, …): their shell escapes, in arguments or literal input, are
    parsed as nested commands; code they read from elsewhere is marked."""
    texts = [a for a in args if len(a) > 1]
    text, why = self.stdin_text(node, stdin)
    if text is not None:
        texts.append(text)
    elif why and node["command"].lower() in _DSL_STDIN_PROGRAMS and not any(
            a for a in args if not a.startswith("-") and node["command"].lower() in ("ed", "m4", "dc")) and \
            not _cat_of_project_sql(stdin):
        self.mark(node, "stdin_to_interpreter")
    for t in texts:
        low = t.lower()
        for line in t.replace(";", "\n").split("\n"):
            line = line.strip()
            if node["command"].lower() == "pry" and line.startswith(".") and line[1:2].isalpha():
                line = "!" + line[1:]  # pry runs `.CMD` in the shell
            for prefix in ("\\!", ":!", ":shell ", "platform shell ", "!", ".shell ", ".system ", "\\setenv ",
                           "shell ", "system ", "\\o |", "\\o|",
                           "\\g |", "\\g|", "\\w |", "\\w|", "pager ", "\\P ", ".once |", ".output |"):
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


def _tmpfiles_text(self: _Parser, node: dict, args: list[str], stdin) -> str:
    """The configuration systemd-tmpfiles reads when it is known here: its lines given inline
    (`--inline 'R ~'`), on stdin (`- <<< 'R ~'`, `/dev/stdin`) or a file written earlier."""
    configs, i = [], 0
    while i < len(args) and i < 64:
        a = args[i]
        if a in ("--prefix", "--exclude-prefix", "--root", "--image", "-E", "--replace", "--user-unit"):
            i += 2
            continue
        if not a.startswith("-") or a == "-":
            configs.append(a)
        i += 1
    if "--inline" in args:
        return "\n".join(configs)
    texts = []
    for c in configs[:8]:
        if c in ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"):
            text, _why = self.stdin_text(node, stdin)
        else:
            text = self.files.get(c)
        if text:
            texts.append(text)
    return "\n".join(texts)


def patch_writes(self: _Parser, node: dict, command: str, args: list[str], stdin, depth: int) -> None:
    """`patch`, `git apply`, `git am`: the files the patch names when its text is literal here
    (stdin, a heredoc, a file written earlier in the command), else the directory it is
    applied in, each as a `tee WORD` segment of context `patched` (`copied_in` when the
    patch's text is not known here)."""
    call = patch_call(command, args)
    if call is None:
        return
    text: str | None = None
    if call.sources is None:
        text, _why = self.stdin_text(node, stdin)
    elif len(call.sources) == 1:
        source = call.sources[0]
        text = self.files.get(source, self.files.get(source[2:]) if source.startswith("./") else None)
    context = "patched" if text is not None else "copied_in"  # a patch not shown is content from elsewhere
    for target in patch_targets(call, text):
        self.files[target] = None
        self.child_words(node, ["tee", target], depth, context, [])


def group_stdin(self: _Parser, group: list, redirects: list[dict]) -> None:
    """`{ bash; } <<< 'rm -rf ~'`, `( sh ) <<'EOF' … EOF`, `{ python3; } < script.py`: the
    standard input of a group or subshell is that of the commands inside it. The shells,
    interpreters and xargs in it with no input of their own are fed it again."""
    given = [r for r in redirects if r["op"] in ("<<", "<<-", "<<<") or (r["op"] == "<" and r["fd"] in (None, 0))]
    if not given:
        return
    for node in group:
        if node.get("operator") in ("|", "|&") or not node.get("command"):
            continue  # fed by its pipe
        if any(r["op"] in ("<", "<<", "<<-", "<<<", "<&") and r["fd"] in (None, 0) for r in node["redirects"]):
            continue  # its own input
        command = _basename(node["command"]).lower()
        if _family(command) is None and command not in ("xargs", "busybox"):
            continue
        node["redirects"] = node["redirects"] + [{k: r[k] for k in ("op", "target", "fd", "dup")} for r in given]
        node["_heredocs"] = list(node.get("_heredocs") or []) + [r for r in given if r["op"] in ("<<", "<<-", "<<<")]
        self.deferred.append((node, None, node["depth"]))
    self.run_deferred()


def group_output(group: list | None) -> dict | str:
    """`{ echo 'rm -rf ~'; } | bash`, `( printf …; echo … ) | sh`: what a group or subshell
    of literal printers prints, as a stage printing that text; else "complex"."""
    texts = []
    for node in group or ():
        if not isinstance(node, dict) or _pending(node) or node.get("operator") in ("|", "|&") or any(
                r["op"] in (">", ">>", ">|", "&>", "&>>") and r["fd"] in (None, 1) for r in node.get("redirects") or ()):
            return "complex"
        text = _stage_text(node)
        if text is None:
            return "complex"
        texts.append(text)
    if not texts:
        return "complex"
    return {"command": "cat", "args": [], "argv": ["cat"], "redirects": [], "children": [], "_literal": True,
            "_heredocs": [{"op": "<<<", "target": "\n".join(texts)}]}


_KUBECTL_APPLY_VERBS = frozenset({"apply", "create", "replace"})


def _applies_stdin(args: list[str]) -> bool:
    """kubectl/oc apply|create|replace reading its manifest from stdin (`-f -`, `--filename=-`,
    `-f /dev/stdin`)."""
    if not _KUBECTL_APPLY_VERBS & set(args[:6]):
        return False
    for i, a in enumerate(args[:64]):
        if a in ("-f", "--filename") and i + 1 < len(args) and args[i + 1] in ("-", "/dev/stdin"):
            return True
        if a in ("-f-", "--filename=-", "--filename=/dev/stdin", "-f/dev/stdin"):
            return True
    return False


def _stdin_manifest(self: _Parser, node: dict, stdin, depth: int) -> None:
    """`kubectl apply -f - <<EOF`: a literal workload manifest fed on stdin. Its text is kept
    (`manifest_literal`, for the host-reaching settings the policies read) and the scripts its
    containers give a shell (`command: [sh, -c, SCRIPT]`) are parsed like `kubectl exec … -- sh -c`."""
    from ..paths.tooltext import container_scripts, is_workload_manifest

    text, _why = self.stdin_text(node, stdin)
    if not text or not is_workload_manifest(text):
        return
    node["manifest_literal"] = text[:16384]
    for script in container_scripts(text)[:16]:
        self.child_sequence(node, script, depth, "container")


# `go run` flags that take the next word as their value
_GO_RUN_VALUE_FLAGS = frozenset({"-exec", "-tags", "-ldflags", "-gcflags", "-asmflags", "-gccgoflags", "-mod",
                                 "-modfile", "-o", "-p", "-pkgdir", "-toolexec", "-C", "-overlay", "-pgo",
                                 "-buildmode", "-compiler", "-installsuffix", "-covermode", "-coverpkg"})


def _go_run_module(self: _Parser, node: dict, args: list[str], depth: int) -> None:
    """`go run MODULE@VERSION ARGS…`: the module's program runs with ARGS, so it is read as a
    command of its own too (`go run …/trufflehog/v3@latest filesystem ~` is `trufflehog
    filesystem ~`), and the rules keyed on that program's name judge it."""
    i = 1
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in _GO_RUN_VALUE_FLAGS else 1
    if i >= len(args) or "@" not in args[i] or "/" not in args[i]:
        return
    parts = args[i].split("@", 1)[0].rstrip("/").split("/")
    if len(parts) > 1 and parts[-1][:1] == "v" and parts[-1][1:].isdigit():
        parts = parts[:-1]  # example.com/x/tool/v2 → tool
    if parts and parts[-1]:
        self.child_words(node, [parts[-1]] + args[i + 1:], depth, "wrapped", ["go"])


def _writes_out(node: dict) -> bool:
    """standard output redirected to a file (`> f`, `>> f`, `>| f`)"""
    return any(r["op"] in (">", ">>", ">|") and r["fd"] in (None, 1) and not r["dup"] for r in node["redirects"])


def stdin_text(self: _Parser, node: dict, stdin):
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


def run_text(self: _Parser, node: dict, text: str, family: str, depth: int) -> None:
    if family in ("shell", "source", "at"):
        self.child_sequence(node, text, depth, "stdin_script" if family != "at" else "scheduled")
    else:
        self.scan_code(node, text, family, depth)


# ex commands that run another language's code: (:py3 import os; …, :lua io.popen(…), :perldo …)
_EX_LANGUAGES = {"py": "python", "py3": "python", "python": "python", "python3": "python", "pyx": "python",
                 "pythonx": "python", "pydo": "python", "py3do": "python", "pyxdo": "python", "pyfile": "python",
                 "py3file": "python", "lua": "lua", "luado": "lua", "luafile": "lua", "perl": "perl",
                 "perldo": "perl", "ruby": "ruby", "rubydo": "ruby", "rubyfile": "ruby", "tcl": "tcl",
                 "tcldo": "tcl", "tclfile": "tcl", "mzscheme": "scheme", "mz": "scheme"}
# vimscript functions that run a process or a shell command
_EX_RUNNERS = ("system(", "systemlist(", "jobstart(", "job_start(", "termopen(", "term_start(", "libcall(",
               "libcallnr(", "rpcstart(", "chansend(", "ch_open(", "execute(", "luaeval(", "py3eval(", "pyeval(",
               "pyxeval(", "perleval(", "rubyeval(", "v:lua", "vim.fn.system", "vim.system(", "os.execute")
_EX_RANGE = lazy(r"^[\s:]*(?:[%.$\d,;+\-]|'[a-z<>]|/[^/]*/|\?[^?]*\?)*\s*")


def editor_exec(self: _Parser, node: dict, args: list[str], stdin, depth: int) -> None:
    """vim/nvim/ex: the ex commands given with -c/--cmd/+cmd (and, for `-e`/`-es`/ex, on
    stdin or from -S files): shell escapes and filters (`!cmd`, `%!cmd`, `r !cmd`), other
    languages' code (`:py3 …`, `:lua …`), vimscript that runs processes (system(), jobstart()),
    `:execute` of a computed command, and `:w FILE` writes."""
    for cmd in _editor_commands(args):
        self.child_sequence(node, cmd, depth, "editor_exec")
    values = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-c", "--cmd")]
    values += [a[1:] for a in args if a.startswith("+") and len(a) > 1]
    program = (node.get("command") or "").rsplit("/", 1)[-1]
    if program == "ex" or any(a in ("-e", "-E", "-es", "-Es", "-se", "-sE") for a in args):
        text, why = self.stdin_text(node, stdin)  # Ex mode reads its commands from stdin
        if text is not None:
            lines = text.splitlines()[:256]
            for cmd in _editor_commands([w for line in lines for w in ("-c", line)]):
                self.child_sequence(node, cmd, depth, "editor_exec")
            values += lines
        elif why:
            self.mark(node, "stdin_to_interpreter")
    for value in values[:64]:
        for line in value.split("|") if not value.lstrip(" :").startswith(tuple(_EX_LANGUAGES)) else [value]:
            self.ex_command(node, line, depth)


def ex_command(self: _Parser, node: dict, line: str, depth: int) -> None:
    body = _EX_RANGE.sub("", line, count=1)
    if line.lstrip(" :") != body and body.startswith("!"):  # a filter through a command: %!cmd
        if body[1:].strip():
            self.child_sequence(node, body[1:].strip(), depth, "editor_exec")
        return
    n = 0
    while n < len(body) and body[n].isascii() and body[n].isalnum():
        n += 1
    name = body[:n]
    rest = body[len(name):].strip()
    family = _EX_LANGUAGES.get(name)
    if family is not None:
        if name.endswith("file"):
            self.mark(node, "interpreter_exec")  # runs a script file the command line does not show
        elif rest and not rest.startswith("<<"):
            self.scan_code(node, rest, family, depth)
        elif rest.startswith("<<"):
            self.mark(node, "interpreter_exec")
        return
    low = body.lower()
    if name in ("exe", "exec", "execute"):
        inner = rest[1:-1] if len(rest) > 1 and rest[0] == rest[-1] and rest[0] in "'\"" else None
        if inner is not None and rest[0] not in inner and "\\" not in inner and depth < 8:
            self.ex_command(node, inner, depth + 1)  # one literal string: that ex command
            for cmd in _editor_commands(["-c", inner]):
                self.child_sequence(node, cmd, depth, "editor_exec")
        else:
            self.mark(node, "interpreter_dynamic_code")
        return
    if name in ("so", "source", "runtime", "ru") and rest and not rest.startswith("$VIMRUNTIME"):
        self.mark(node, "interpreter_exec")  # runs a vim script file
        return
    if any(t in low for t in _EX_RUNNERS):
        self.mark(node, "interpreter_exec")
        for lit in _string_literals(body, "python"):
            if lit.strip() and len(lit) < 4096:
                self.child_sequence(node, lit, depth, "interpreter_exec")
        return
    if name in ("w", "write", "sav", "saveas", "wq", "x", "xit", "exi", "exit", "up", "update", "wa", "wall") \
            and rest:
        target = rest.lstrip("!").strip()
        if target.startswith(">>"):
            target = target[2:].strip()
        if target and not target.startswith("!") and " " not in target:
            self.child_words(node, ["tee", target], depth, "program_output", [])


def sed_exec(self: _Parser, node: dict, args: list[str], depth: int) -> None:
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
    for target in _sed_written(scripts):
        self.child_words(node, ["tee", target], depth, "program_output", [])
    if any(a == "-i" or a.startswith(("-i", "--in-place")) or (a[:1] == "-" and a[1:2] != "-" and "i" in a[1:]
                                                              and a[1:].isalpha()) for a in args):
        _record_edit(self, _sed_inserted(["\n".join(scripts)]), _edited_files(args, scripts, ("-e", "--expression", "-f",
                                                                                  "--file", "-l", "--line-length")))
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
            elif c.startswith("s") and len(c) > 3 and not c[1].isalnum() and c[1] != "\\" \
                    and "e" in _sed_s_flags(c):
                self.mark(node, "interpreter_exec")


def _record_edit(self: _Parser, text: str, files: list[str]) -> None:
    """An in-place edit (sed -i, perl -pi) put `text` in each of `files`: a later run of one
    of them runs that text (the rest of the file is what it was before this command)."""
    if not text.strip():
        return
    for f in files[:32]:
        key = f[2:] if f.startswith("./") else f
        earlier = self.edits.get(key)
        self.edits[key] = (earlier + "\n" + text if earlier else text)[:65536]
        written = self.files.get(f)
        if written is not None:
            self.files[f] = written + "\n" + text  # a file written earlier: its text and the edit


def _edited_files(args: list[str], scripts: list[str], valued: tuple[str, ...]) -> list[str]:
    """The file operands of sed/perl: the words after the options and the script."""
    out: list[str] = []
    script_seen = any(a in ("-e", "--expression", "-f", "--file") or a.startswith("--expression=") for a in args)
    i = 0
    while i < len(args):
        a = args[i]
        if a in valued:
            i += 2
            continue
        if a == "-i" and i + 1 < len(args) and args[i + 1] == "":
            i += 2  # BSD sed -i '': an empty backup suffix
            continue
        if a.startswith("-") and a != "-":
            i += 1
            continue
        if not script_seen:
            script_seen = True  # the first operand is the script
        else:
            out.append(a)
        i += 1
    return out


def _sed_inserted(scripts: list[str]) -> str:
    """The text a sed script puts into the file: the text of `i`, `a` and `c` (`1i TEXT`,
    `$a\\` + newline + TEXT) and the replacement of `s/…/REPL/` (`s/^/curl … | sh; /`)."""
    out: list[str] = []
    for script in scripts:
        lines = script.split("\n")
        k = 0
        while k < len(lines) and len(out) < 64:
            line = lines[k]
            k += 1
            rest = line
            while rest:
                c = rest.strip().lstrip("{").lstrip().lstrip("0123456789,$!~+ ")
                while c.startswith(("/", "\\")) and len(c) > 1:  # an address /re/ or \%re%
                    delim = c[1] if c[0] == "\\" else "/"
                    end = c.find(delim, 2 if c[0] == "\\" else 1)
                    c = "" if end < 0 else c[end + 1:].lstrip("IM").lstrip("0123456789,$!~+ ")
                c = c.lstrip("{").lstrip()
                if c[:1] in ("i", "a", "c") and (len(c) == 1 or not c[1].isalnum()):
                    text = c[1:]
                    if text.strip() in ("\\", ""):  # `a\` and the text on the following lines
                        body = []
                        while k < len(lines):
                            body.append(lines[k].rstrip("\\"))
                            k += 1
                            if not lines[k - 1].endswith("\\"):
                                break
                        text = "\n".join(body)
                    else:
                        text = text[1:] if text.startswith("\\") else text.lstrip()
                    out.append(text.replace("\\n", "\n").replace("\\t", "\t"))
                    break  # the text runs to the end of the line
                if c.startswith("s") and len(c) > 3 and not c[1].isalnum() and not c[1].isspace() and c[1] != "\\":
                    parts, j = _sed_parts(c, decode=True)
                    if len(parts) == 2:
                        out.append(parts[1])
                    rest = c[j:].split(";", 1)[1] if ";" in c[j:] else ""
                    continue
                rest = c.split(";", 1)[1] if ";" in c else ""
    return "\n".join(out)


def _perl_inserted(codes: list[str]) -> str:
    """What `perl -pi -e CODE` puts into the file: its string literals and the replacements
    of its s/…/…/ (`print "curl … | sh\\n" if $. == 1`, `s/^/rm -rf ~; /`)."""
    out: list[str] = []
    for code in codes:
        for m in _PERL_STRINGS.finditer(code[:65536]):
            text = m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(4)
            if text:
                out.append(text.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"'))
            if len(out) >= 64:
                break
    return "\n".join(out)


_PERL_STRINGS = lazy(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|(?<![\w$@%&])s([/|#!,:])(?:[^\\]|\\.)*?\3((?:[^\\]|\\.)*?)\3')


def _sed_s_flags(c: str) -> str:
    """The flags of a sed `s` command (`s/a/b/ge` → "ge"): the delimiter escaped by a
    backslash (`s/a\\/b/c/g`) is no delimiter; a `w FILE` flag ends them."""
    delim, parts, at, start = c[1], 0, 2, 2
    while at < len(c) and parts < 2:
        if c[at] == "\\":
            at += 2
            continue
        if c[at] == delim:
            parts += 1
            start = at + 1
        at += 1
    if parts < 2:
        return ""
    flags = ""
    for ch in c[start:]:
        if ch not in "0123456789gpiImMe":
            break
        flags += ch
    return flags


# git hooks (in .git/hooks, or the hooksPath of husky and of a versioned .githooks dir):
# shell scripts git runs on commit, push, checkout, merge
_HOOK_FILES = tuple(f"{folder}/{hook}" for folder in (".git/hooks", ".husky", ".githooks") for hook in (
    "pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-push", "post-checkout", "post-merge",
    "pre-rebase", "post-rewrite", "pre-merge-commit", "reference-transaction"))

_HOOK_TAILS = frozenset(f.lstrip("./") for f in _HOOK_FILES)


_GRADLE_FILES = ("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "init.gradle",
                 "init.gradle.kts")

# Files a tool runs from its working directory (build files, test hooks, package scripts):
# written earlier in the same command, their content is what the tool runs.
_TOOL_CONFIGS: dict[str, tuple[str, ...]] = {
    "make": ("makefile", "gnumakefile"), "gmake": ("makefile", "gnumakefile"),
    "pytest": ("conftest.py", "pytest.ini", "setup.cfg", "tox.ini", "pyproject.toml"),
    "py.test": ("conftest.py", "pytest.ini"),
    "npm": ("package.json", ".npmrc"), "yarn": ("package.json", ".yarnrc", ".yarnrc.yml"),
    "pnpm": ("package.json", ".npmrc"), "bun": ("package.json", "bunfig.toml"),
    "pip": ("setup.py", "pyproject.toml", "setup.cfg"), "pip3": ("setup.py", "pyproject.toml", "setup.cfg"),
    "cargo": ("build.rs", "cargo.toml", ".cargo/config.toml"), "pre-commit": (".pre-commit-config.yaml",),
    "just": ("justfile", ".justfile"), "rake": ("rakefile",), "gradle": _GRADLE_FILES, "gradlew": _GRADLE_FILES,
    "./gradlew": _GRADLE_FILES, "mvn": ("pom.xml",), "tox": ("tox.ini",), "bundle": ("gemfile",),
    "bundler": ("gemfile",), "cmake": ("cmakelists.txt",), "meson": ("meson.build", "meson_options.txt"),
    "muon": ("meson.build",),
    "nox": ("noxfile.py",), "poetry": ("pyproject.toml",), "uv": ("pyproject.toml",),
    "task": ("taskfile.yml", "taskfile.yaml", "taskfile.dist.yml"),
    "go-task": ("taskfile.yml", "taskfile.yaml", "taskfile.dist.yml"), "invoke": ("tasks.py",), "inv": ("tasks.py",), "lefthook": ("lefthook.yml",), "husky": _HOOK_FILES,
    "git": _HOOK_FILES, "direnv": (".envrc",),
}
_CONFIG_LANGUAGE = {"conftest.py": "python", "setup.py": "python", "noxfile.py": "python", "tasks.py": "python",
                    "rakefile": "ruby", "gemfile": "ruby", "build.gradle": "groovy", "settings.gradle": "groovy",
                    "init.gradle": "groovy", "build.gradle.kts": "kotlin", "settings.gradle.kts": "kotlin",
                    "init.gradle.kts": "kotlin", "cmakelists.txt": "cmake", "meson.build": "meson",
                    "meson_options.txt": "meson"}

# Python imports sitecustomize / usercustomize (from sys.path) and runs the `import` lines
# of *.pth files at every start: written in this command, any Python run loads them
_PYTHON_TOOLS = frozenset({
    "pytest", "py.test", "pip", "pip3", "tox", "nox", "poetry", "uv", "uvx", "pipx", "hatch", "pdm", "flask",
    "django-admin", "mypy", "black", "isort", "flake8", "pylint", "ipython", "jupyter", "gunicorn", "uvicorn",
    "celery", "invoke", "inv", "pre-commit", "coverage", "sphinx-build", "mkdocs", "alembic", "streamlit",
})
# JavaScript tools load their config modules (`jest.config.js`, `.mocharc.cjs`,
# `.eslintrc.js`, `babel.config.js`, `webpack.config.js`, `vite.config.ts`, gulpfile.js) and
# the project's node_modules (`node_modules/.bin/X`, a package's module); `npm test`,
# `npm run X`, `yarn X`, `npx X` run those tools
_JS_TOOLS = frozenset({
    "npm", "npx", "yarn", "pnpm", "pnpx", "bun", "bunx", "node", "nodejs", "deno", "mocha", "jest", "vitest",
    "eslint", "babel", "webpack", "webpack-cli", "webpack-dev-server", "vite", "next", "nuxt", "nuxi", "rollup",
    "prettier", "playwright", "karma", "gulp", "grunt", "ava", "tap", "nyc", "c8", "ts-node", "tsx", "turbo", "nx",
    "lerna", "storybook", "astro", "parcel", "jasmine", "cypress", "stylelint", "postcss", "tailwindcss",
    "react-scripts", "craco", "remix", "expo", "svelte-kit", "ng", "vue-cli-service", "tsup", "rspack", "rsbuild",
    "lint-staged", "commitlint", "semantic-release", "electron", "electron-builder", "wdio", "qunit", "tsc",
})
_JS_CONFIG = lazy(r"(?i)^(?:\.?[a-z0-9_-]+rc(?:\.[a-z0-9]+)?\.(?:js|cjs|mjs|ts|cts|mts)|\.mocharc\.(?:json|jsonc|ya?ml)"
                  r"|[a-z0-9_.-]+\.(?:config|conf)\.(?:js|cjs|mjs|ts|cts|mts|coffee)"
                  r"|(?:gulpfile|gruntfile)(?:\.babel)?\.(?:js|cjs|mjs|ts|coffee))$")


# options (and, with "", operands) whose value is a build, task, playbook or script file
# the tool loads and runs: `make -f F`, `just --justfile F`, `task -t F`, `nmap --script=F`,
# `ansible-playbook F`, `gdb -x F`, `psql -f F`, `ssh -F F`, …; with the language it is read as
_SCRIPT_OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "make": (("-f", "--file", "--makefile"), "makefile"), "gmake": (("-f", "--file", "--makefile"), "makefile"),
    "just": (("-f", "--justfile"), "justfile"), "task": (("-t", "--taskfile"), "yaml"),
    "go-task": (("-t", "--taskfile"), "yaml"), "rake": (("-f", "--rakefile"), "ruby"),
    "gradle": (("-b", "--build-file", "-c", "--settings-file", "-I", "--init-script"), "generic"),
    "./gradlew": (("-b", "--build-file", "-I", "--init-script"), "generic"), "mvn": (("-f", "--file"), "generic"),
    "tox": (("-c", "--conf"), "ini"), "nox": (("-f", "--noxfile"), "python"), "invoke": (("-c", "--collection"), "python"),
    "inv": (("-c", "--collection"), "python"), "nmap": (("--script",), "lua"),
    "ansible-playbook": (("",), "yaml"), "ansible-pull": (("",), "yaml"), "gdb": (("-x", "--command", "-ix"), "gdb"),
    "psql": (("-f", "--file"), "sql"), "sqlite3": (("-init",), "sql"), "mysql": (("--init-command",), "sql"),
    "ssh": (("-F",), "ssh"), "scp": (("-F",), "ssh"), "sftp": (("-F",), "ssh"), "pytest": (("-c",), "ini"),
    "vim": (("-S", "-u"), "vim"), "nvim": (("-S", "-u"), "vim"), "lua": (("",), "lua"),
    "helmfile": (("-f", "--file"), "yaml"), "skaffold": (("-f", "--filename"), "yaml"),
    "docker-compose": (("-f", "--file"), "compose"), "kubectl": (("--kubeconfig",), "yaml"),
    "mise": (("-C", "--cd"), "toml"), "cargo-make": (("--makefile",), "toml"), "makers": (("--makefile",), "toml"),
}
# tools that read every `*.tf` of their directory (`-chdir=DIR`): a local-exec provisioner
# or an external data source runs at plan/apply
_TERRAFORM = frozenset({"terraform", "tofu", "terragrunt"})
_TERRAFORM_RUNS = frozenset({"plan", "apply", "destroy", "refresh", "import", "console", "test", "init", "validate"})
# task and CI-like YAML keys whose value (or list) is a command line
_YAML_COMMAND_KEYS = frozenset({"entry", "run", "cmd", "cmds", "command", "commands", "shell", "raw", "script",
                                "exec", "before_script", "after_script", "ansible.builtin.shell",
                                "ansible.builtin.command", "ansible.builtin.raw", "ansible.builtin.script",
                                "local_action", "hooks", "pre", "post", "prepare", "setup"})
_SSH_EXEC_KEYS = ("proxycommand", "localcommand", "knownhostscommand", "remotecommand", "match exec")


def _named_files(command: str, args: list[str], files: dict) -> dict[str, str]:
    """The files written in this command that an option or operand of `command` names as
    its script or config: {written path: language}."""
    spec = _SCRIPT_OPTIONS.get(command)
    out: dict[str, str] = {}
    if spec is None:
        return out
    options, language = spec

    def hit(value: str) -> None:
        for v in value.split(",") if command == "nmap" else [value]:
            key = v if v in files else v[2:] if v.startswith("./") and v[2:] in files else None
            if key is None and "./" + v in files:
                key = "./" + v
            if key is not None:
                out[key] = language

    i = 0
    while i < len(args):
        a = args[i]
        eq = a.split("=", 1)[0] if a.startswith("--") and "=" in a else None
        if eq in options:
            hit(a.split("=", 1)[1])
        elif a in options and a and i + 1 < len(args):
            hit(args[i + 1])
            i += 1
        elif a.startswith("-") and len(a) > 2 and a[:2] in options and not a.startswith("--"):
            hit(a[2:])  # -fMakefile.x
        elif "" in options and not a.startswith("-"):
            hit(a)
        i += 1
    return out


def tool_configs(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """`printf … > Makefile && make`, `cat > conftest.py <<EOF … EOF && pytest`, `echo
    {…} > package.json && npm install`, `… > t.yml && task -t t.yml`, `… > x.nse && nmap
    --script=x.nse`, `… > main.tf && terraform apply`: a tool run after its build, task,
    playbook or script file was written in the same command runs that content. Literal
    content is read as what it runs (recipes, package scripts, YAML/TOML/INI command keys,
    HCL `command`/`program`, Python/Ruby/Lua code, gdb `shell`, SQL, ssh `ProxyCommand`);
    other content is marked (`runs_file_written_in_command`)."""
    name = command if command in _TOOL_CONFIGS or command in _SCRIPT_OPTIONS else _basename(command)
    names = _TOOL_CONFIGS.get(name) or ()
    for wrapper in node.get("wrappers") or ():
        # `bundle exec rspec` evaluates the Gemfile, `poetry run X` reads pyproject.toml
        extra = _TOOL_CONFIGS.get(_basename(wrapper).lower())
        if extra and wrapper not in ("sudo", "doas"):
            names = tuple(names) + extra
    named = _named_files(name, args, self.files)
    if name in _TERRAFORM and _TERRAFORM_RUNS & set(args[:4]):
        chdir = next((a.split("=", 1)[1].rstrip("/") + "/" for a in args if a.startswith("-chdir=")), "")
        for written in self.files:
            folder, _, base = written.lstrip("./").rpartition("/")
            if base.lower().endswith((".tf", ".tf.json")) and (folder + "/" if folder else "") == chdir.lstrip("./"):
                named[written] = "hcl"
    if name == "vagrant" and args[:1] and args[0] in ("up", "provision", "reload", "resume", "ssh", "status"):
        named.update({w: "ruby" for w in self.files if w.rsplit("/", 1)[-1] == "Vagrantfile"})
    python_run = _family(name) == "python" or name in _PYTHON_TOOLS
    js_run = name in _JS_TOOLS
    if python_run or js_run:
        for written in self.files:
            base = written.rsplit("/", 1)[-1].lower()
            if python_run and (base in ("sitecustomize.py", "usercustomize.py") or base.endswith(".pth")):
                named.setdefault(written, "pth" if base.endswith(".pth") else "python")
            elif js_run and (_JS_CONFIG.match(base) or "node_modules/" in "/" + written.lstrip("./")):
                named.setdefault(written, "js")
    if not names and not named:
        return
    tails = {n.lstrip("./") for n in names}  # (".husky/x" is written as ".husky/x" or "./.husky/x")
    for written, text in list(self.files.items()):
        base = written.rsplit("/", 1)[-1].lower()
        tail = written.lower().lstrip("./")
        language = named.get(written)
        if language is None:
            if not (base in names or tail in tails or (name in ("pytest", "py.test") and base.endswith(
                    ".py") and (base.startswith("test_") or base.endswith("_test.py")))):
                continue
            if tail in _HOOK_TAILS:  # a git hook of this tool (git, husky): a shell script
                language = "shell"
        if text is None:
            self.mark(node, "runs_file_written_in_command")
        elif "config:" + written not in self.expanding:
            # (a command of the file that runs the same tool does not expand it again)
            saved = self.expanding
            self.expanding = saved | {"config:" + written}
            try:
                _run_config(self, node, base, text, language, depth)
            finally:
                self.expanding = saved


def _run_config(self: _Parser, node: dict, base: str, text: str, language: str | None, depth: int) -> None:
    """The commands a build, task or config file's literal content runs, by its language."""
    if language == "js" and text.startswith("#!") and "node" not in text.split("\n", 1)[0]:
        language = "shell"  # node_modules/.bin/X: a script with a shell shebang
    if language is None:
        language = _CONFIG_LANGUAGE.get(base)
    if language == "shell":
        self.child_sequence(node, text, depth, "config_file")
    elif language in ("makefile", "justfile") or base in ("makefile", "gnumakefile", "justfile", ".justfile"):
        # read as a file tool's write of it is read (facts/paths/runlater.py): one reading of each format
        from ..paths.runlater import justfile_commands, makefile_commands

        justfile = language == "justfile" or base.endswith("justfile")
        for line in justfile_commands(text) if justfile else makefile_commands(text):
            self.child_sequence(node, line, depth, "config_file")
    elif base == "package.json":
        _package_scripts(self, node, text, depth)
    elif language in ("yaml", "compose") or base.endswith((".yaml", ".yml")):
        for command in _yaml_commands(text):
            self.child_sequence(node, command, depth, "config_file")
    elif language in ("ini", "toml") or base.endswith((".ini", ".cfg", ".toml")):
        for command in _ini_commands(text):
            # tox's substitutions: {homedir} is ~, {toxinidir} the project; others are unknown
            command = command.replace("{homedir}", "~").replace("{toxinidir}", ".").replace("{tox_root}", ".")
            command = _TOX_SUBST.sub(lambda m: "${TOX_" + m.group(1).upper() + "}", command)
            self.child_sequence(node, command, depth, "config_file")
    elif language == "hcl":
        _hcl_commands(self, node, text, depth)
    elif language == "gdb":
        for line in text.split("\n"):
            line = line.strip()
            for prefix in ("shell ", "!", "pipe "):
                if line.startswith(prefix) and line[len(prefix):].strip():
                    self.child_sequence(node, line[len(prefix):].strip(), depth, "config_file")
        if "python" in text:
            self.scan_code(node, text, "python", depth)
    elif language == "pth":
        # a .pth line starting with `import` is Python code site runs; the others are paths
        code = "\n".join(ln for ln in text.split("\n")[:4096] if ln.startswith(("import ", "import\t")))
        if code:
            self.scan_code(node, code, "python", depth)
    elif language == "cmake":
        for words in _cmake_script_commands(text):
            self.child_words(node, words, depth, "config_file", [])
        self.scan_code(node, text, "generic", depth)
    elif language == "meson":
        for words in _meson_commands(text):
            self.child_words(node, words, depth, "config_file", [])
        self.scan_code(node, text, "generic", depth)
    elif language == "sql":
        self.dsl_escapes(node, [text], None, depth)
        self.sql_effects(node, [text], depth)
    elif language == "ssh":
        for line in text.split("\n"):
            low = " ".join(line.strip().lower().replace("=", " ", 1).split())
            for key in _SSH_EXEC_KEYS:
                if low.startswith(key + " "):
                    self.child_sequence(node, " ".join(line.strip().replace("=", " ", 1).split())[len(key) + 1:].strip()
                                        .strip("'\""), depth, "config_file")
    elif language == "vim":
        for line in text.split("\n"):
            line = line.strip().lstrip(":")
            if line.startswith("!") and line[1:].strip():
                self.child_sequence(node, line[1:].strip(), depth, "config_file")
            elif line.startswith(("call system(", "call systemlist(", "silent !", "exe ", "execute ")):
                self.mark(node, "interpreter_exec")
    else:
        if language == "ruby" or base in ("rakefile", "vagrantfile"):
            for m in _RAKE_SH.finditer(text[:65536]):  # rake's `sh "CMD"` / `ruby "…"` run a command line
                self.child_sequence(node, m.group(2), depth, "config_file")
        fallback = "python" if base.endswith(".py") else "ruby" if base in ("rakefile", "vagrantfile") else "generic"
        self.scan_code(node, text, "node" if language == "js" else language if language not in (None, "generic") else
                       _CONFIG_LANGUAGE.get(base, fallback), depth)


def _meson_commands(text: str) -> list[list[str]]:
    """meson.build: run_command('prog', 'arg', …) runs at setup; custom_target/run_target's
    `command: [...]` at build. Their quoted string arguments are the words."""
    out: list[list[str]] = []
    for m in _MESON_CALL.finditer(text[:65536]):
        words = [w[1:-1] for w in _MESON_STRING.findall(m.group(1))]
        if words:
            out.append(words)
        if len(out) >= 32:
            break
    return out


_MESON_CALL = lazy(r"(?:run_command\s*\(|command\s*:\s*\[)([^)\]]{0,4000})")
_MESON_STRING = lazy(r"'[^'\n]*'|\"[^\"\n]*\"")
_RAKE_SH = lazy(r"(?m)^\s*(?:sh|system|exec)\s*\(?\s*(['\"])([^'\"\n]{1,2000})\1")
_TOX_SUBST = lazy(r"\{([a-z_]{1,32})(?::[^{}]*)?\}")


def _yaml_commands(text: str) -> list[str]:
    """Command lines in a YAML task, playbook or CI file: `key: CMD` for a command key, and
    the `- CMD` items (or a `|` block) under one (`cmds:`, `script:`, `shell: |`)."""
    out: list[str] = []
    block_indent: int | None = None
    literal: list[str] | None = None
    for raw in text.split("\n")[:4096]:
        stripped = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if literal is not None:
            if stripped and indent <= (block_indent or 0):
                out.append("\n".join(literal))
                literal = None
            else:
                literal.append(stripped)
                continue
        if block_indent is not None and stripped and indent <= block_indent and not stripped.startswith("- "):
            block_indent = None
        if not stripped or stripped.startswith("#"):
            continue
        item = stripped[2:].strip() if stripped.startswith("- ") else None
        if item is not None and block_indent is not None:
            key, sep, value = item.partition(":")
            if not sep or " " in key.strip() or key.strip() not in ("cmd", "task", "name", "vars", "msg"):
                out.append(item.strip("'\""))
                continue
        line = item if item is not None else stripped
        key, sep, value = line.partition(":")
        key, value = key.strip().strip("'\""), value.strip()
        if not sep or key.lower() not in _YAML_COMMAND_KEYS:
            continue
        if value in ("|", "|-", ">", ">-", "|+"):
            literal, block_indent = [], indent
        elif value:
            out.append(value.strip("'\""))
        else:
            block_indent = indent
    if literal:
        out.append("\n".join(literal))
    return out[:256]


def _ini_commands(text: str) -> list[str]:
    """Command lines in an INI/TOML task file: `commands = …` (tox, with continuation
    lines), `run = "…"`, `command = "…"`, `script = "…"`."""
    out: list[str] = []
    current = False
    for raw in text.split("\n")[:4096]:
        stripped = raw.strip()
        if current and raw[:1] in (" ", "\t") and stripped:
            out.append(stripped)
            continue
        current = False
        key, sep, value = stripped.partition("=")
        if sep and key.strip().lower() in ("commands", "commands_pre", "commands_post", "run", "command", "cmd",
                                             "script", "install_command", "list_dependencies_command"):
            value = value.strip()
            if value.startswith("[") and value.endswith("]"):
                out.extend(v.strip().strip("'\"") for v in value[1:-1].split("\",") if v.strip(" '\""))
            elif value:
                out.append(value.strip("'\""))
            current = True
    return out[:256]


def _hcl_commands(self: _Parser, node: dict, text: str, depth: int) -> None:
    """Terraform: a `local-exec` provisioner's `command` (quoted or heredoc) and an external
    data source's `program` list run on this machine at plan/apply."""
    lines = text.split("\n")[:4096]
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if sep and key in ("command", "program", "interpreter"):
            if value.startswith("<<"):
                tag = value.lstrip("<-").strip()
                body = []
                i += 1
                while i < len(lines) and lines[i].strip() != tag:
                    body.append(lines[i].strip())
                    i += 1
                self.child_sequence(node, "\n".join(body), depth, "config_file")
            elif value.startswith("["):
                words = [w.strip().strip('"') for w in value.strip("[]").split('",')]
                if key == "program" and words:
                    self.child_sequence(node, " ".join(_quote_word(w) for w in words if w), depth, "config_file")
            elif value.startswith('"'):
                command = value[1:value.rfind('"')] if value.rfind('"') > 0 else value[1:]
                if "${" in command:
                    self.mark(node, "runs_file_written_in_command")
                self.child_sequence(node, command.replace('\\"', '"'), depth, "config_file")
            else:
                self.mark(node, "runs_file_written_in_command")
        i += 1


def _quote_word(word: str) -> str:
    return word if word and all(c.isalnum() or c in "@%+=:,./_-~" for c in word) else "'" + word.replace("'", "'\\''") + "'"


def _package_scripts(self: _Parser, node: dict, text: str, depth: int) -> None:
    import json
    try:
        scripts = json.loads(text).get("scripts")
    except (ValueError, AttributeError):
        self.mark(node, "runs_file_written_in_command")
        return
    if isinstance(scripts, dict):
        for value in list(scripts.values())[:64]:
            if isinstance(value, str):
                self.child_sequence(node, value, depth, "config_file")
