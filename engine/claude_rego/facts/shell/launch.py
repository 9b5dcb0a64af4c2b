"""Shell facts: launchers that run code through a module or a startup option.

`python -m MODULE ARGS` runs MODULE's command line: IPython, pdb, timeit, cProfile, trace,
idlelib, debugpy, coverage, memray, … take code (`-c CODE`, a timeit statement, a pdb
command) or a script from their arguments, code and asyncio read their program on stdin.
`_python_launch` reads them as the interpreter call they amount to: (inline code, reads
stdin, script operand, loaded paths, dialect), the same reading `python -c` gets.

Pure functions over attacker-controlled words: they never raise, and every loop is bounded
by the number of words.
"""

from __future__ import annotations

from .tables import _STDIN_WORDS


def _python_module(args: list[str]) -> tuple[str, list[str]] | None:
    """`python [OPTIONS] -m MODULE ARGS` (also `-mMODULE`, `-Im MODULE`, `-X dev -m M`):
    (MODULE, ARGS); None when the call runs `-c` code, a script or stdin."""
    i = 0
    while i < len(args) and i < 64:
        a = args[i]
        if a in ("--", "-") or not a.startswith("-"):
            return None
        if a.startswith("--"):
            i += 2 if a == "--check-hash-based-pycs" else 1
            continue
        body = a[1:]
        for k, ch in enumerate(body):
            if ch == "c":
                return None
            if ch == "m":
                module = body[k + 1:]
                if module:
                    return module, args[i + 1:]
                return (args[i + 1], args[i + 2:]) if i + 1 < len(args) else None
            if ch in "WX":
                if not body[k + 1:]:
                    i += 1
                break
        i += 1
    return None


# modules that check, format or list code without running it: their `-c` is no code they run
# (mypy -c PROGRAM type-checks it, black/isort -c format or check, pytest -c names a config file)
_NO_RUN_MODULES = frozenset({
    "mypy", "black", "isort", "pyflakes", "pylint", "flake8", "ruff", "pyright", "pytype", "py_compile", "compileall",
    "ast", "tokenize", "dis", "pytest", "pip", "venv", "virtualenv", "http.server", "json.tool", "build", "twine",
    "unittest", "tabnanny", "pydoc", "zipapp", "ensurepip", "pipx", "uv", "poetry", "pdm", "hatch", "nox", "tox",
    "sphinx", "mkdocs", "bandit", "vulture", "radon", "pyupgrade", "autopep8", "yapf", "docformatter", "codespell",
})
# (option → takes a value) of the profilers and tracers that run `-m MODULE` or a script
_RUNNER_MODULES: dict[str, frozenset[str]] = {
    "cprofile": frozenset({"-o", "-s", "--outfile", "--sort"}),
    "profile": frozenset({"-o", "-s", "--outfile", "--sort"}),
    "trace": frozenset({"-f", "--file", "-C", "--coverdir", "--ignore-module", "--ignore-dir"}),
    "pyinstrument": frozenset({"-o", "--outfile", "-r", "--renderer", "-p", "--render-option", "-t", "--target",
                               "-i", "--interval", "--load", "--load-prev", "--from-path"}),
    "debugpy": frozenset({"--listen", "--connect", "--pid", "--configure-subProcess", "--log-to",
                          "--adapter-access-token"}),
    "coverage": frozenset({"--rcfile", "--source", "--omit", "--include", "--data-file", "--context",
                           "--concurrency"}),
    "memray": frozenset({"-o", "--output", "--aggregate", "--live-port", "--port", "--native-mode"}),
    "scalene": frozenset({"--outfile", "--cpu-percent-threshold", "--profile-interval", "--profile-only",
                          "--profile-exclude", "--malloc-threshold", "--program-path", "--cpu-sampling-rate"}),
    "viztracer": frozenset({"-o", "--output_file", "--tracer_entries", "--max_stack_depth", "--log_func_args",
                            "--include_files", "--exclude_files", "--min_duration", "--rcfile"}),
    "line_profiler": frozenset({"-o", "--outfile", "-u", "--unit", "-s", "--setup"}),
    "kernprof": frozenset({"-o", "--outfile", "-u", "--unit", "-s", "--setup"}),
    "pudb": frozenset(), "ipdb": frozenset({"-c"}),
}
# subcommands of the runners above that run the program (`coverage run`, `memray run`)
_RUN_SUBCOMMANDS = {"coverage": "run", "memray": "run"}


def _value(a: str, args: list[str], i: int) -> tuple[str | None, int]:
    """(the value of option `a` at position i, the position after it)."""
    if "=" in a and a.startswith("--"):
        return a.split("=", 1)[1], i + 1
    return (args[i + 1], i + 2) if i + 1 < len(args) else (None, i + 1)


def _ipython_call(args: list[str]) -> tuple[list[str], bool, str | None, list[str]]:
    """IPython's command line: `-c CODE`, `--X.code_to_run=CODE`, `--X.exec_lines=CODE`
    (code), `-m MODULE`, a script operand, `--X.exec_files=F`, `--X.file_to_run=F`,
    `--ipython-dir=D`, `--profile-dir=D` (files it runs at start: loaded paths); with none
    of code, module or script it reads its program on stdin."""
    codes: list[str] = []
    loaded: list[str] = []
    i = 0
    while i < len(args) and i < 256:
        a = args[i]
        if a == "--":
            i += 1
            break
        if a == "-" or not a.startswith("-"):
            break
        if a in ("-c", "--c"):
            if i + 1 < len(args):
                codes.append(args[i + 1])
            i += 2
            continue
        if a in ("-m", "--m"):
            return codes, False, None, loaded
        key, eq, value = a.partition("=")
        low = key.lower()
        if low.endswith((".code_to_run", ".exec_lines")) or low == "--c":
            if eq:
                codes.append(value.strip("[]'\" ") if low.endswith(".exec_lines") else value)
        elif low.endswith((".exec_files", ".file_to_run", ".extra_extension", ".extensions", "--ext")) or \
                low in ("--ipython-dir", "--profile-dir", "--ext", "--config"):
            if eq:
                loaded.extend(v.strip("'\" ") for v in value.strip("[]").split(",") if v.strip("'\" "))
            elif i + 1 < len(args) and not args[i + 1].startswith("-"):
                loaded.append(args[i + 1])
                i += 1
        i += 1
    script = args[i] if i < len(args) and not codes else None
    reads = not codes and (script is None or script in _STDIN_WORDS)
    return codes, reads, script, loaded


def _python_launch(module: str, args: list[str], depth: int = 0) -> tuple[list[str], bool, str | None, list[str], str]:
    """(inline code, reads its program on stdin, script operand, loaded paths, dialect) of
    `python -m MODULE ARGS`; dialect is "python", "ipython" (IPython's escapes and magics),
    "pdb" (debugger commands, also on stdin) or "xonsh" (a shell command line)."""
    name = module.removesuffix(".__main__")
    low = name.lower()
    if low in ("ipython", "ipython.terminal.ipapp", "ipykernel", "ipykernel_launcher"):
        codes, reads, script, loaded = _ipython_call(args)
        return codes, reads if low.startswith("ipython") else False, script, loaded, "ipython"
    if low == "xonsh":
        for i, a in enumerate(args[:-1]):
            if a == "-c":
                return [args[i + 1]], False, None, [], "xonsh"
        return [], False, None, [], "xonsh"
    if low in ("code", "asyncio", "ptpython", "bpython") and not [a for a in args if not a.startswith("-")]:
        return [], True, None, [], "python"  # an interactive console: its program is its input
    if low == "timeit":
        codes, i = [], 0
        while i < len(args) and i < 256:
            a = args[i]
            if a in ("-s", "--setup") or a.startswith("--setup="):
                value, i = _value(a, args, i)
                if value is not None:
                    codes.append(value)
                continue
            if a.startswith("-s") and len(a) > 2:
                codes.append(a[2:])
            elif a in ("-n", "-r", "-u", "--number", "--repeat", "--unit"):
                i += 1
            elif not a.startswith("-") or a == "--":
                codes.extend(w for w in args[i + (a == "--"):] if w)
                break
            i += 1
        return codes, False, None, [], "python"
    if low in ("pdb", "ipdb", "pudb"):
        codes, i = [], 0
        while i < len(args) and i < 256:
            a = args[i]
            if a in ("-c", "--command") or a.startswith("--command="):
                value, i = _value(a, args, i)
                if value is not None:
                    codes.append(value)  # `!stmt` or a statement: Python (dialect "pdb")
                continue
            if a == "-m" and i + 1 < len(args) and depth < 4:
                inner = _python_launch(args[i + 1], args[i + 2:], depth + 1)
                return codes + inner[0], inner[1], inner[2], inner[3], inner[4]
            if not a.startswith("-"):
                return codes, False, a, [], "pdb"
            i += 1
        return codes, False, None, [], "pdb"
    if low == "idlelib" or low == "idlelib.idle":
        codes, script = [], None
        for i, a in enumerate(args[:-1]):
            if a == "-c":
                codes.append(args[i + 1])
            elif a == "-r":
                script = args[i + 1]
        return codes, False, script, [], "python"
    if low in _RUNNER_MODULES:
        values = _RUNNER_MODULES[low]
        rest = args
        sub = _RUN_SUBCOMMANDS.get(low)
        if sub is not None:
            if sub not in args:
                return [], False, None, [], "python"
            rest = args[args.index(sub) + 1:]
        codes, i = [], 0
        while i < len(rest) and i < 256:
            a = rest[i]
            if a == "--":
                i += 1
                break
            if a in ("-m", "--module") and low != "trace":
                if i + 1 < len(rest) and depth < 4:
                    inner = _python_launch(rest[i + 1], rest[i + 2:], depth + 1)
                    return codes + inner[0], inner[1], inner[2], inner[3], inner[4]
                return codes, False, None, [], "python"
            if a in ("-c", "--command") and low in ("pyinstrument", "debugpy", "memray", "ipdb", "scalene", "cprofile",
                                                     "profile", "viztracer"):
                if i + 1 < len(rest):
                    codes.append(rest[i + 1])
                return codes, False, None, [], "python"
            if not a.startswith("-") or a == "-":
                break
            i += 2 if a in values else 1
        script = rest[i] if i < len(rest) else None
        return codes, False, script, [], "python"
    if low in _NO_RUN_MODULES or low.split(".", 1)[0] in _NO_RUN_MODULES:
        return [], False, None, [], "python"
    # another module: a `-c`/`--command`/`--code`/`--exec`/`--eval` value is read as Python
    # code (a module that takes code spells it so); anything else is the module's own business
    codes = []
    for i, a in enumerate(args[:256]):
        key, eq, value = a.partition("=")
        if key in ("-c", "--command", "--code", "--exec", "--eval"):
            if eq and key != "-c":
                codes.append(value)
            elif not eq and i + 1 < len(args):
                codes.append(args[i + 1])
    return codes, False, None, [], "python"
