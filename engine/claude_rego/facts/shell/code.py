"""Shell facts: interpreters' inline code (exec, network, delete, write patterns) and named programs."""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: most commands never need these
from .programs import (
    _cmake_tool,
    _family,
    _makefile_commands,
    _nested_positions,
    _option,
    _shell_reads,
    _string_literals,
)
from .tables import (
    _CODE_DECODE,
    _CODE_DELETE,
    _CODE_DYNAMIC,
    _CODE_EXEC,
    _CODE_EXEC_AWK,
    _CODE_NET,
    _CODE_READ_FAMILIES,
    _CODE_WRITE,
    _COMMAND_STRINGS,
    _DATA_ARGUMENTS,
    _EMBEDDED_DOWNLOADER,
    _EMBEDDED_PIPELINE,
    _NO_NESTED,
    _PWSH_DELETE,
    _SHELLS,
    _TERMINALS,
)
from .words import _quote, _split_simple
from .wrappers import _RUNNERS, _WRAPPERS, _basename

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser


def scan_code(self: _Parser, node: dict, code: str, family: str, depth: int) -> None:
    """Inline code of another language: its shell calls, recursive deletes and file
    names become nested segments; what cannot be resolved is marked."""
    if not code.isascii():
        import unicodedata  # identifiers are NFKC-normalised by Python: os.ｓｙｓｔｅｍ is os.system
        code = unicodedata.normalize("NFKC", code)
    if "\\u" in code:
        code = _identifier_escapes(code)
    reflected = False
    if family == "ruby" and ("send" in code or "method" in code):
        code, reflected = _ruby_reflection(code)
    low = code.lower()
    exec_tokens = _CODE_EXEC_AWK if family == "awk" else _CODE_EXEC
    scan = _regex_exec_blanked(low) if family == "node" and ".exec" in low else low
    exec_hit = reflected or any(t in scan for t in exec_tokens) or (family in ("perl", "ruby", "php") and "`" in code) or \
        _runs_unnamed(code, low, family) or (family == "awk" and "|" in code and _AWK_PRINT_PIPE.search(_AWK_STRING.sub('""', code)) is not None)
    net_hit = any(t in low for t in _CODE_NET)
    dyn_hit = family != "awk" and (any(t in scan for t in _CODE_DYNAMIC) or (
        family in ("perl", "ruby") and low.rstrip(" ;}\n").endswith("eval")) or (
        any(t in low for t in _CODE_DECODE) and (exec_hit or net_hit or any(t in low for t in _CODE_WRITE)
                                                  or _opens_for_writing(code) or "import(" in low
                                                  or "require(" in low and "require('buffer')" not in low)))
    literals = [_home_spelled(lit) for lit in _string_literals(code, family)]
    if "\\" in code:  # '\x2eenv', '\u002eenv', '\056env': the string the language reads
        literals += [d for d in (_unescaped(lit) for lit in literals if "\\" in lit) if d is not None]
    if family != "awk" and any(t in low for t in _HOME_JOIN_NEEDLES):
        literals += _home_joins(code)
    if family != "awk" and any(t in low for t in _LITERAL_JOIN_NEEDLES):
        literals += _literal_joins(code)
    if family != "awk" and any(t in low for t in _CHAR_CODES) and any(t in low for t in _FILE_OPENS):
        self.mark(node, "interpreter_computed_path")
    runs = _literal_runs(code, family) if exec_hit else None
    if runs is not None:
        # every call that runs a process has literal arguments: those commands are what the
        # code runs, judged as nested segments like the same commands typed directly
        before = len(node["children"])
        for run in runs:
            if isinstance(run, str):
                self.child_sequence(node, run, depth, "interpreter_exec")
            else:
                self.child_words(node, run, depth, "interpreter_exec", [])
        if _reads_code_from_stdin(node["children"][before:]):
            self.mark(node, "interpreter_exec")  # a shell reading the interpreter's stdin: unknown input
    elif exec_hit:
        self.mark(node, "interpreter_exec")
        lists = _literal_lists(code)
        for lit in _string_literals(_blank(code, [(a, b) for _, a, b in lists]), family):
            if family in ("ruby", "perl"):  # open("|cmd"), open(F, "cmd |"): the command beside the pipe
                lit = lit.strip(" \t|")
            lit = _home_spelled(lit)
            if lit.strip() and len(lit) < 4096:
                self.child_sequence(node, lit, depth, "interpreter_exec")
        for joined, _, _ in lists:  # a list literal is one argv, not one command per item
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
    if family != "awk" and any(t in low for t in _WALK_NEEDLES):
        from .code_walk import walk_finds  # (imported here: only code that walks a tree needs it)

        for argv in walk_finds(code, low, family):
            # a walk that overwrites, truncates, chmods or renames what it visits: judged
            # as the find it amounts to (`find ~ -exec truncate -s0 {} +`)
            self.child_words(node, argv, depth, "interpreter_exec", [])
    if dyn_hit:
        self.mark(node, "interpreter_dynamic_code")
    if any(t in low for t in _ENV_NEEDLES) and _dumps_environment(code, family):
        # the code prints or serialises the whole environment (or any variable chosen at
        # run time): the same effect as `printenv`, judged by the same rule
        self.child_words(node, ["printenv"], depth, "interpreter_env", [])
    # one variable named by a literal and printed (print(os.environ['GITHUB_TOKEN'])): `printenv NAME`
    from .code_env import printed_env_names, sent_env_names  # (imported here: only inline code needs it)

    for name in printed_env_names(code, family == "node" and any(
            a in ("-p", "--print") or (a.startswith("-") and not a.startswith("--") and "p" in a)
            for a in node.get("argv", [])[1:3])):
        self.child_words(node, ["printenv", name], depth, "interpreter_env", [])
    if net_hit:  # a secret-named variable in a network request: judged like curl with $NAME
        urls = [lit for lit in literals if lit.lower().startswith(("http://", "https://", "ws://", "wss://"))][:4]
        for name, credential in sent_env_names(code):
            if credential:  # a credential to a literal host: the pack checks the host is its service
                for url in urls:
                    self.child_words(node, ["curl", "-H", f"Authorization: Bearer ${name}", url], depth,
                                     "interpreter_env", [])
            else:
                self.child_words(node, ["curl", "-d", f"${name}", urls[0] if urls else "(…)"], depth,
                                 "interpreter_env", [])
    if net_hit and any(t in low for t in _CODE_SEND) and any(t in low for t in _CODE_FILE_READ):
        # the code reads a file and sends a request: judged like `curl -F f=@FILE URL` for
        # each file it opens by a literal name and each destination it names ("(…)": none)
        sent = _files_read(code)
        if sent:
            dests = _code_destinations(code, literals) or ["(…)"]
            for path in sent:
                for url in dests:
                    self.child_words(node, ["curl", "-F", f"f=@{path}", url], depth, "interpreter_code", [])
    if family != "awk" and _computed_name(code, low, family):
        self.mark(node, "interpreter_computed_name")
    if any(t in low for t in _CODE_SYMLINK):
        for target, link in _links_made(code)[:16]:  # a link placed at a path writes that path
            self.child_words(node, ["ln", "-sf", target, link], depth, "interpreter_exec", [])
    if any(t in low for t in _CODE_SYMLINK) and (
            any(t in low for t in _CODE_DELETE) or any(t in low for t in _CODE_WRITE) or _opens_for_writing(code)
            or "rmtree" in low or "rmsync" in low or "rm_rf" in low or "rmdir" in low):
        self.mark(node, "interpreter_link_write")
    if net_hit and (exec_hit or dyn_hit):
        self.mark(node, "interpreter_network_exec")
    if _fork_loop(low):
        self.mark(node, "interpreter_fork_loop")
    if family == "node":
        from .code_page import page_marks  # (imported here: only JavaScript needs it)

        for reason in page_marks(code):
            # a page's cookies, storage or text sent away, a script loaded from another
            # machine, the browser's internal pages (browser evaluate tools' code)
            self.mark(node, reason)
    for needles, reader in _CREDENTIAL_APIS:
        for needle in needles:  # (loops, not any(all(…)): this runs for every piece of inline code)
            for part in needle:
                if part not in low:
                    break
            else:
                # a library call that reads a credential store without naming its file
                # (spwd.getspnam reads /etc/shadow; keyring/keytar read the desktop keyring)
                self.child_words(node, list(reader), depth, "interpreter_code", [])
                break
    if _evaluates_url(low, literals):
        self.mark(node, "interpreter_network_exec")
    if family in ("r", "julia") and any(t in low for t in _PACKAGE_NEEDLES):
        from .code_pkg import package_sources  # (imported here: only R/Julia code that installs needs it)

        for call, source in package_sources(code, family):
            # a package installed from a URL, a repository or a path (remotes::install_github,
            # Pkg.add(url=…), install.packages(…, repos=URL)): judged by package_sources like
            # `pip install git+…`, as the segment `@package LANGUAGE CALL SOURCE`
            language = "Octave" if _basename(str(node.get("command") or "")).lower().startswith(("octave", "matlab")) \
                else _PACKAGE_LANGUAGE.get(family, family)
            self.child_words(node, ["@package", language, call, source], depth, "interpreter_code", [])
    files = [lit for lit in literals if _path_like(lit)]
    if files:
        self.child_words(node, ["@code"] + files[:32], depth, "interpreter_code", [])
        if any(t in low for t in _CODE_WRITE) or _opens_for_writing(code):
            # the code writes files: each file it names may be one of them, but the source of
            # a copy when copies are all it writes with (shutil.copyfile('~/.bashrc', 'b.txt'))
            kept = _copy_sources(code, low)
            written = [f for f in files[:32] if f not in kept]
            if written:
                self.child_words(node, ["tee"] + written, depth, "interpreter_code", [])
    if ("home" in low or "~" in low) and (any(t in low for t in _CODE_WRITE) or "cp_r" in low) and \
            _COPY_TO_HOME.search(code[:65536]) is not None:
        # copied over the home directory itself (cpSync('dotfiles', os.homedir(), …)): ~ is written
        self.child_words(node, ["tee", "~"], depth, "interpreter_code", [])


# what gates code_pkg's scan of R and Julia (Octave's is R's family) code: install calls,
# repositories, Pkg calls and the package server
_PACKAGE_NEEDLES = ("install", "repos", "pkg", "pak(", "addurls", "contriburl", "develop", "julia_pkg_server")
_PACKAGE_LANGUAGE = {"r": "R", "julia": "Julia"}


# `.exec(` of a regular expression (`/\\d+/.exec(s)`, `re.exec(s)`): no process runs unless the code
# names a module or hook that runs processes
_NODE_RUNNER_NAMES = ("child_process", "process.binding", "_linkedbinding", "mainmodule", "_load(", "execa", "shelljs",
                      "cross-spawn", "node-pty", "zx", "bun.", "deno.")


def _regex_exec_blanked(low: str) -> str:
    """JavaScript: `.exec(` method calls blanked when nothing in the code can run a process."""
    if any(t in low for t in _NODE_RUNNER_NAMES):
        return low
    return low.replace(".exec(", ".xxxx(")


def _identifier_escapes(code: str) -> str:
    """JavaScript reads `\\u0065` and `\\u{65}` inside identifiers as the letter (`Deno.remove\\u0053ync`
    is `Deno.removeSync`): decoded where they stand for an identifier character; quotes and
    other characters stay escaped, so string literals keep their bounds."""
    def letter(m: re.Match) -> str:
        ch = chr(int(m.group(1) or m.group(2), 16))
        return ch if ch.isascii() and (ch.isalnum() or ch in "_$") else m.group(0)
    return _UNICODE_ESCAPE.sub(letter, code)


_UNICODE_ESCAPE = lazy(r"\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})")

# Ruby calls a method named by a symbol or a string: `send(:system, "…")`, `Kernel.public_send(:"\\u0073ystem", …)`,
# `__send__('\\x73ystem', …)`, `method(:"\\163ystem").call(…)`. The name is decoded (\\x, \\u, octal escapes, as
# in a string literal); a send to the current object or Kernel becomes the direct call (`system("…")`, read
# like one), and any such name of a runner (system, exec, spawn, eval, …) means the code runs commands.
_RUBY_SEND = lazy(r"""(?<![\w$@])((?:(?:::)?(?:Kernel|Object|self)\s*\.\s*)?)(public_send|__send__|send|public_method"""
                  r"""|instance_method|singleton_method|method)(\s*\(?\s*)(?::"((?:[^"\\\n]|\\.){1,80})"|:'([^'\\\n]{1,80})'"""
                  r"""|:([A-Za-z_]\w{0,40}[!?]?)|"((?:[^"\\\n]|\\.){1,80})"|'([^'\\\n]{1,80})')(\s*(?:,\s*|\)))?""")
_RUBY_RUNNERS = frozenset({"system", "exec", "spawn", "`", "popen", "popen2", "popen3", "popen2e", "capture2", "capture2e",
                           "capture3", "pipeline", "pipeline_r", "pipeline_w", "eval", "instance_eval", "class_eval",
                           "module_eval", "instance_exec", "syscall", "fork"})


def _ruby_reflection(code: str) -> tuple[str, bool]:
    """`code` with Ruby's reflective calls of a runner made plain (see above), and whether any names one."""
    runner = False

    def plain(m: re.Match) -> str:
        nonlocal runner
        raw = next((g for g in m.group(4, 5, 6, 7, 8) if g is not None), "")
        name = raw if "\\" not in raw else (_unescaped(raw) or raw)
        if name not in _RUBY_RUNNERS:
            return m.group(0)
        runner = True
        receiver, call, rest = m.group(1), m.group(2), m.group(9)
        if call.endswith("send") and receiver.replace(" ", "").lstrip(":") in ("", "Kernel.", "self.", "Object.") \
                and rest is not None and name.isidentifier():
            paren = "(" in m.group(3)
            return name + ("()" if rest.strip() == ")" else "(" if paren else " ")
        return f"{receiver}{call}{m.group(3)}:{name}{rest or ''}" if name.isidentifier() else m.group(0)
    return _RUBY_SEND.sub(plain, code), runner


# (needles, words): any needle, whose parts all appear in the code, adds the segment `words`
_CREDENTIAL_APIS = (
    ((("spwd.",), ("getspnam(",), ("getspall(",), ("getspent(",)), ("@code", "/etc/shadow")),
    ((("keyring.get_password(",), ("keyring.get_credential(",), ("secretstorage", "get_secret("),
      ("keytar", "getpassword("), ("keytar", "findcredentials("), ("keytar", "findpassword("),
      ("find_generic_password(",), ("find_internet_password(",)),
     ("secret-tool", "lookup", "(keyring)")),
    # browser-cookie libraries: they open the browsers' cookie stores and decrypt the session
    # cookies (logged-in sessions) without naming a file
    ((("browser_cookie3",), ("browser_cookie",), ("browsercookie",), ("pycookiecheat",), ("chrome-cookies-secure",),
      ("rookiepy",), ("rookie-rs",), ("chrome_cookies(",), ("firefox_cookies(",)),
     ("@code", "~/.config/google-chrome/Default/Cookies")),
)


# ------------------------------------------------------------ the whole environment in code
# (lower-case substrings one of which every match below holds: most code holds none)
_ENV_NEEDLES = ("environ", "env", "getenv", "$_server", "get_env")
_ENV_LAZY: list = []


def _env_patterns():
    if not _ENV_LAZY:
        ident = r"[A-Za-z_$][\w$.]*"
        _ENV_LAZY.extend([
            # the environment object used whole (not indexed by a literal, not a lookup method);
            # passed on as a child's environment (env=os.environ, {**os.environ}, ...process.env) is not a dump
            re.compile(r"(?<![\w.])(?:os\.|posix\.|nt\.)?environb?\b(?!\s*(?:\[|\.(?:get|setdefault|pop|update|keys"
                       r"|__contains__|__getitem__|__setitem__|__delitem__)\b|\s*=(?!=)))"),
            re.compile(r"(?<![\w.])(?:process|Bun)\.env\b(?!\s*(?:\.|\?\.|\[|=(?!=)))|\bimport\.meta\.env\b(?!\s*(?:\.|\[))"),
            re.compile(r"\bDeno\.env\.toObject\s*\(|\bos\.Environ\s*\(|\bSystem\.getenv\s*\(\s*\)|\benv::vars(?:_os)?\s*\("
                       r"|GetEnvironmentVariables\s*\(|\bSys\.getenv\s*\(\s*\)|\bSystem\.get_env\s*\(\s*\)"
                       r"|\bgetenv\s*\(\s*\)|\$_(?:ENV|SERVER)\b(?!\s*\[)|(?i:\b(?:gci|ls|dir|get-childitem|get-item)\s+env:)"
                       r"|\barray\s+get\s+env\b|\bparray\s+env\b|\bin\s+ENVIRON\b"),
            re.compile(r"(?<![\w$@])ENV\b(?!\s*(?:\[|\{|\.(?:fetch|key\?|has_key\?|include\?|keys|delete|store|\[\]=?)))"),
            re.compile(r"(?<![\w$@\\])%ENV\b"),
            # a variable chosen at run time: any variable, so the whole environment (like ${!v})
            re.compile(r"(?:\benviron|\bprocess\.env|\bBun\.env|(?<![\w$])ENV|\bENVIRON)\s*\[\s*" + ident + r"\s*\]"
                       r"|\$ENV\s*\{\s*\$"
                       r"|(?:\benviron\.get|\bgetenv|\bSystem\.getenv|\bSys\.getenv|\bENV\.fetch|\bos\.Getenv"
                       r"|\benv::var(?:_os)?|\bDeno\.env\.get|\bSystem\.get_env|\bGetEnvironmentVariable)\s*\(\s*\$?"
                       + ident + r"\s*[,)]"),
        ])
    return _ENV_LAZY


_IMPORTED_HERE = lazy(r"\bfrom\s+(?:os|posix|nt)\s+import\s+\(?[\w\s,]*$")
_RENAMED = lazy(r"\s+as\b")
_PASS_ON = lazy(r"(?:\benv\s*[=:]|\*\*|\.\.\.|\benviron\s*=|Object\.keys\s*\(|\bkeys\s*\(?|\bexists\s*|"
                      r"\bdelete\s*|\blocal\s*|\}\s*=)\s*$")


def _dumps_environment(code: str, family: str = "") -> bool:
    """True when inline code uses the whole environment as data (`print(os.environ)`,
    `JSON.stringify(process.env)`, `puts ENV.to_h`, `print %ENV`, `for (k in ENVIRON)`,
    `print_r(getenv())`, `$_SERVER`, `Deno.env.toObject()`, `System.getenv()`, …) or reads
    a variable whose name is computed (`os.environ[k]`, `$ENV{$_}`, `os.getenv(name)`), but
    not when it passes the environment on to a child (`env=os.environ`, `{**os.environ}`,
    `...process.env`), tests a name (`'X' in os.environ`) or lists names only
    (`Object.keys(process.env)`, `keys %ENV`, `ENV.keys`)."""
    code = code[:65536]
    for i, pattern in enumerate(_env_patterns()):
        if i == 3 and family not in ("ruby", "julia", "generic", ""):
            continue  # ENV is Ruby's and Julia's object; elsewhere it is a word
        if i == 4 and family not in ("perl", "generic", ""):
            continue
        for m in pattern.finditer(code):
            before = code[max(0, m.start() - 40):m.start()]
            if i < 5 and _PASS_ON.search(before):
                continue
            if i == 0 and re.search(r"(?<![\w])in\s*$", before) and not re.search(r"\bfor\b[^:\n]*$", before):
                continue  # 'X' in os.environ: a membership test
            if i == 0 and "os" not in code[:m.start()] and not m.group(0).startswith(("os.", "posix.", "nt.")):
                continue  # a word "environ" in code that never imported os
            if i == 0 and _IMPORTED_HERE.search(before) and not _RENAMED.match(code, m.end()):
                continue  # `from os import environ`: the import names it, a later use is judged on its own
            return True
    return False


def option_programs(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
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
    elif command.lower() in _TEX_ENGINES:
        self.tex_escapes(node, args, depth)
    elif command.lower() in ("gimp", "gimp-console") or command.lower().startswith(("gimp-2", "gimp-console-2")):
        interp = (_option(args, ("--batch-interpreter",)) or next(
            (a.split("=", 1)[1] for a in args if a.startswith("--batch-interpreter=")), "")).lower()
        for i, a in enumerate(args):
            if a in ("-b", "--batch") and i + 1 < len(args) and args[i + 1] != "-":
                self.scan_code(node, args[i + 1], "python" if "python" in interp else "lisp", depth)
                if "python" not in interp:
                    self.mark(node, "option_code")  # script-fu: a Scheme claude-rego does not read
            elif a.startswith("--batch="):
                self.scan_code(node, a.split("=", 1)[1], "python" if "python" in interp else "lisp", depth)
    elif command == "zmodload" and any(a.startswith("zsh/net") for a in args) or command in ("ztcp", "zsocket"):
        self.mark(node, "shell_network_socket")
    elif command in _DEBUGGER_CODE_OPTIONS or command in ("blender", "ghc", "ghci", "fsi", "fsharpi", "dotnet"):
        _embedded_code(self, node, command, args, depth)


# debuggers' command options and the word that makes a command another language's code:
# `gdb -ex 'python import shutil; …'` and `lldb -o 'script …'` run Python (lldb's
# `script -l lua …` Lua); `gdb -ex run`, `lldb -o bt` are debugger commands
_DEBUGGER_CODE_OPTIONS = {
    **dict.fromkeys(("gdb", "gdb-multiarch", "cgdb", "rust-gdb"), (
        frozenset({"-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command",
                   "--init-eval-command"}), frozenset({"python", "py", "pi", "python-interactive"}))),
    **dict.fromkeys(("lldb", "rust-lldb"), (
        frozenset({"-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"}),
        frozenset({"script"}))),
}
# code in a language the scanner reads only by its generic patterns (Haskell, F#, Nim, V,
# Swift, Kotlin): beside them, code that names processes, files, the environment or the
# network is marked (an opaque ask) rather than passed; `ghc -e 'print (sum [1..9])'` passes
_UNREAD_FAMILIES = frozenset({"haskell", "fsharp", "nim", "v", "swift", "kotlin"})
_SYSTEM_NEEDLES = ("process", "system", "exec", "shell", "spawn", "remove", "delete", "rmdir", "unlink", "directory",
                   "file", "socket", "http", "getenv", "environment", "import os", "os.", "unsafe", "foreign")


def foreign_code(self: _Parser, node: dict, code: str, family: str, depth: int) -> None:
    """Inline code of a language read only by the generic patterns: scanned, and marked when
    it names what the patterns may miss (a process, a file, the environment, the network)."""
    self.scan_code(node, code, family, depth)
    low = code.lower()
    if any(t in low for t in _SYSTEM_NEEDLES):
        self.mark(node, "option_code")


def _embedded_code(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """Another language's code given to a debugger, an application or a compiler: gdb's
    `python …` and lldb's `script …` commands (Python), `blender --python-expr CODE` and
    `--python FILE` (Python), `ghc -e EXPR` (Haskell), `dotnet fsi [--exec] SCRIPT` (F#, a
    script written in the command or from a process substitution)."""
    if command in _DEBUGGER_CODE_OPTIONS:
        options, words = _DEBUGGER_CODE_OPTIONS[command]
        for i, a in enumerate(args[:64]):
            key, eq, value = a.partition("=")
            if key not in options:
                continue
            if not eq:
                if i + 1 >= len(args):
                    continue
                value = args[i + 1]
            head, _, rest = value.strip().partition(" ")
            if head.lower() not in words or not rest.strip():
                continue
            family = "python"
            if head == "script":  # lldb: script [-l LANG | --language LANG] [--] CODE
                rest_words = rest.split()
                lang = ""
                while rest_words and rest_words[0].startswith("-"):
                    flag = rest_words.pop(0)
                    if flag in ("-l", "--language") and rest_words:
                        lang = rest_words.pop(0).lower()
                    elif flag.startswith("--language="):
                        lang = flag.split("=", 1)[1].lower()
                    elif flag == "--":
                        break
                rest = " ".join(rest_words)
                family = "lua" if lang == "lua" else "python" if lang in ("", "python", "default") else ""
            if not family:
                self.mark(node, "option_code")
            elif rest.strip():
                self.scan_code(node, rest, family, depth)
        return
    if command == "blender":
        for i, a in enumerate(args[:64]):
            key, eq, value = a.partition("=")
            if key not in ("--python-expr", "--python", "-P"):
                continue
            if not eq:
                if i + 1 >= len(args):
                    continue
                value = args[i + 1]
            if key == "--python-expr":
                self.scan_code(node, value, "python", depth)
            else:
                _run_script_file(self, node, value, "python", depth)
        return
    if command in ("ghc", "ghci"):
        for i, a in enumerate(args[:64]):
            if a == "-e" and i + 1 < len(args):
                foreign_code(self, node, args[i + 1], "haskell", depth)
        return
    if command == "dotnet":
        if not args or args[0] != "fsi":
            return
        args = args[1:]
    # dotnet fsi / fsi / fsharpi: [--exec] [--use:FILE] [--load:FILE] SCRIPT.fsx [args]
    for a in args[:64]:
        if a.startswith(("--use:", "--load:")):
            _run_script_file(self, node, a.split(":", 1)[1], "fsharp", depth)
        elif not a.startswith("-"):
            _run_script_file(self, node, a, "fsharp", depth)
            break


def _run_script_file(self: _Parser, node: dict, path: str, family: str, depth: int) -> None:
    """A script file another program runs: written earlier in the command (read), the output
    of a process substitution (read when literal, else marked), or from outside the project
    and the system (marked); a project file passes."""
    from .stdin import _procsub_text  # (imported here: only these programs need it)

    key = path if path in self.files else path[2:] if path.startswith("./") and path[2:] in self.files else None
    text: str | None = None
    if key is not None:
        text = self.files[key]
        if text is None:
            self.mark(node, "runs_file_written_in_command")
            return
    elif path.endswith("(…)"):
        text = _procsub_text(node)
        if text is None:
            self.mark(node, "program_from_process_substitution")
            return
    elif self.outside_code(path, node):
        self.mark(node, "code_from_untrusted_path")
        return
    if text is None:
        return
    if family in _UNREAD_FAMILIES:
        foreign_code(self, node, text, family, depth)
    else:
        self.scan_code(node, text, family, depth)


def embedded_pipelines(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
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


def possible_nested(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
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
               "(load ", "(eval ", "invoke-expression", "iex(", "iex ", "pickle.load(", "marshal.load(",
               "dill.load(", "joblib.load(", "torch.load(", "cloudpickle.load(", "source_url(", "source_gist(")


def _evaluates_url(low: str, literals: list[str]) -> bool:
    """Inline code that evaluates code named by a URL (R source("https://…"), julia
    include(download(…)), load(url(…))): remote code run in one step."""
    if not any(lit.lower().startswith(("http://", "https://", "ftp://")) for lit in literals):
        return False
    for call in _EVAL_CALLS:
        at = low.find(call)
        while at >= 0:
            if at > 0 and call[0].isalpha() and (low[at - 1].isalnum() or low[at - 1] in "_."):
                at = low.find(call, at + 1)
                continue  # a method or a longer name (json.load(, yaml.safe_load(): not the evaluator
            # the URL is inside the call's own argument (up to the end of the statement)
            window = low[at + len(call):at + len(call) + 512]
            for stop in (";", "\n"):
                cut = window.find(stop)
                window = window if cut < 0 else window[:cut]
            if "://" in window:
                return True
            at = low.find(call, at + 1)
    return False


def _literal_lists(code: str) -> list[tuple[str, int, int]]:
    """`["rm", "-rf", "/"]`: argument lists of string literals, as one command line each
    (with the list's span in the code); also Kotlin's `arrayOf("rm", …)`/`listOf(…)` and
    Java's/C#'s `new String[]{"rm", …}`."""
    out: list[tuple[str, int, int]] = []
    for opener, closer in _LIST_BRACKETS:
        if opener not in code:
            continue
        start = code.find(opener)
        while start >= 0 and len(out) < 16:
            end = code.find(closer, start)
            if end < 0:
                break
            items = [x.strip() for x in code[start + len(opener):end].split(",")]
            if len(items) > 1 and all(len(x) >= 2 and x[0] == x[-1] and x[0] in "'\"" for x in items):
                out.append((" ".join(_quote(x[1:-1]) for x in items), start, end + 1))
            start = code.find(opener, start + 1)
    return out


_LIST_BRACKETS = (("[", "]"), ("arrayOf(", ")"), ("listOf(", ")"), ("{", "}"))


def _blank(code: str, spans: list[tuple[int, int]]) -> str:
    """The code with these spans replaced by spaces (positions kept)."""
    if not spans:
        return code
    chars = list(code)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


_HOME_CALLS = ("os.path.expanduser(", "expanduser(", "path(", "pathlib.path(", "path.resolve(", "resolve(",
               "file.expand_path(", "expand_path(", "join(", "os.path.join(", "path.join(",
               "atpath:")  # Swift's argument label: removeItem(atPath: NSHomeDirectory())
_HOME_VALUES = ("os.homedir()", "path.home()", "pathlib.path.home()", "dir.home", "os.environ['home']",
                'os.environ["home"]', "os.getenv('home')", 'os.getenv("home")', "process.env.home", "$env{home}",
                "env['home']", 'env["home"]', "getenv('home')", 'getenv("home")', "$home", "~",
                "nshomedirectory()", "filemanager.default.homedirectoryforcurrentuser", "gethomedir()",
                "os.home_dir()")  # Swift, Nim, V


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

# the walks code_walk reads (its WALK_TOKENS; kept here so most code never imports it)
_WALK_NEEDLES = ("rglob(", "walk(", "glob(", "find(", "find (", "finddepth(", "readdir", "opendirsync(", "dir[")

_HOME_SPELLINGS = ("$ENV{HOME}", "${HOME}", "$HOME", "%USERPROFILE%", "$env:USERPROFILE", "$env:HOME")


# runners the exec tokens do not name: names imported from a module that runs processes
# (`from os import execv`, `from pty import spawn`), libraries that run commands (pexpect, sh,
# plumbum), runpy and code's interpreters (they run other code), pipes opened by Ruby's and
# Perl's open ("|cmd", "-|", "cmd |"), the zx/Bun `$` template tag, and a few other languages' runners
_PY_FROM_RUNNER = lazy(r"(?<![\w.])from\s+(?:os|posix|nt|pty|subprocess|commands|pexpect|sh|plumbum(?:\.\w+)*"
                       r"|runpy|code|distutils\.spawn|multiprocessing\.popen_\w+|asyncio)\s+import\b[^;\n]*?"
                       r"(?<![\w.])(?:exec\w*|spawn\w*|posix_spawn\w*|system|popen\w*|fork\w*|run\w*|call|local"
                       r"|check_\w+|getoutput|getstatusoutput|interact|Interactive\w+|create_subprocess_\w+|\*)\b")
_PY_RUNNER_MODULE = lazy(r"(?<![\w.])(?:import\s+(?:[\w.]+\s*,\s*)*(?:pexpect|sh|plumbum|runpy|pty|posix)\b"
                         r"|(?:posix|nt)\s*\.\s*(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)"
                         r"|code\s*\.\s*(?:interact|InteractiveConsole|InteractiveInterpreter|compile_command)"
                         r"|posix_spawnp?\s*\()")
_PIPE_OPEN = lazy(r"""(?<![\w$@:])(?:(?:Kernel|IO|URI|File)\s*\.\s*)?(?:open|read|readlines|foreach|write|binread)"""
                  r"""\s*\(?\s*(?:(?:my\s+|local\s+|our\s+)?[\w$*]+\s*,\s*)?(?:['"]\s*\||['"]\|?-\|?['"]|['"][^'"\n]*\|\s*['"])""")
_TAGGED_SHELL = lazy(r"(?<![\w$.])\$\s*`")
_OTHER_RUNNERS = ("posix_spawn", "distutils.spawn.spawn(", "port.open(", "sys.command", "unix.system", "unix.execv", "unix.open_process", "unix.create_process",
                  "ext:shell", "ext:run-program", "ext:execute", "ext::shell", "process.spawn", "process.binding(",
                  "process.dlopen(", "_linkedbinding(", "sys.process", "proc_nice", "%x[", "%x<", "%x|", "%x!",
                  # libraries whose calls run commands (Perl IPC::*, node execa/shelljs/cross-spawn/node-pty,
                  # R processx/sys, Julia ccall/Cmd), Erlang ports, PHP calls of a runner by its name
                  "ipc::run", "ipc::cmd", "ipc::system", "execa", "shelljs", "cross-spawn", "node-pty", "processx::",
                  "sys::exec_", "ccall(", "cmd([", "cmd(`", "open_port(", "call_user_func", "reflectionfunction",
                  "forward_static_call")
_RAKU_RUN = lazy(r"(?<![\w$@&:\"'])(?:shell(?:\s*\(|\s+)\s*[\"'<$]|qqx\s*[{(\[<\"'/])")  # Raku: shell "cmd", qqx{cmd}
_TCL_PIPE_OPEN = lazy(r"(?<![\w$])open\s+[\"{]?\s*\|")


def _runs_unnamed(code: str, low: str, family: str) -> bool:
    """Inline code that runs a process through a runner the exec tokens do not name."""
    if any(t in low for t in _OTHER_RUNNERS):
        return True
    if family == "python":
        return ("import" in low and _PY_FROM_RUNNER.search(code) is not None) or \
            _PY_RUNNER_MODULE.search(code) is not None
    if family in ("ruby", "perl"):
        return ("|" in code and _PIPE_OPEN.search(code) is not None) or (family == "ruby" and "spawn" in low) or \
            (family == "perl" and ("shell" in low or "qqx" in low) and _RAKU_RUN.search(code) is not None)
    if family == "tcl":
        return "|" in code and _TCL_PIPE_OPEN.search(code) is not None
    if family == "r":
        return "pipe(" in low
    if family == "node":  # zx / Bun's `$` tag: $`cmd` runs cmd in a shell
        return ("`" in code and _TAGGED_SHELL.search(code) is not None) or "from 'zx'" in low or 'from "zx"' in low
    return False


def _home_spelled(text: str) -> str:
    for spelling in _HOME_SPELLINGS:
        if text.startswith(spelling):
            return "~" + text[len(spelling):]
    return text


# calls that send a request body or a file (a plain GET reads; these write)
_CODE_SEND = ("post(", "put(", "patch(", "data=", ".request(", "method:", "method=", "'method'", '"method"',
              "net::http", "stream_context_create", "curlopt_post", "curlopt_upload", "sendall(", "sendfile(",
              "storbinary", "sendmail(", "send_message(", "upload")
_CODE_FILE_READ = ("open(", "readfilesync", "readfile(", "file_get_contents(", "file.read", "file.binread", "io.read",
                   "io.binread", "read_bytes(", "read_text(", "createreadstream", "fopen(", "bun.file", "curlfile",
                   "new file(")
# the first literal argument of a call that reads a file
_FILE_READ_CALL = lazy(r"(?:\bopen|readFileSync|readFile|file_get_contents|File\.(?:read|binread|open)|IO\.(?:read|binread)"
                       r"|\bPath|createReadStream|fopen|Bun\.file|Deno\.readFile(?:Sync)?|CURLFile|new\s+File)"
                       r"\s*\(\s*[rbf]?['\"]([^'\"\n]{1,512})['\"]")
# a host named to a connection call (http.client, sockets, SMTP, Net::HTTP.new)
_CONNECT_CALL = lazy(r"(?:HTTPS?Connection|create_connection|\.connect|SMTP(?:_SSL)?|Net::HTTP\.(?:new|start)"
                     r"|TCPSocket\.(?:new|open)|fsockopen)\s*\(\s*\(?\s*['\"]([A-Za-z0-9.\-\[\]:]{1,255})['\"]")


def _files_read(code: str) -> list[str]:
    """The files the code opens by a literal name (at most 4): open('dump.sql'), File.read("x")."""
    out: list[str] = []
    for m in _FILE_READ_CALL.finditer(code):
        name = m.group(1)
        if name not in out and "://" not in name and name not in ("-", "/dev/stdin"):
            out.append(name)
        if len(out) == 4:
            break
    return out


def _code_destinations(code: str, literals: list[str]) -> list[str]:
    """The URLs the code names, and the hosts it connects to as URLs (at most 4)."""
    urls = [lit for lit in literals if lit.lower().startswith(("http://", "https://", "ftp://"))][:4]
    for m in _CONNECT_CALL.finditer(code):
        if len(urls) >= 4:
            break
        urls.append(f"https://{m.group(1)}/")
    return urls


# a copy call whose first argument is a string literal: Python's shutil, Node's fs
_COPY_CALL = lazy(r"""(?i)(?<![\w$.])(?P<fn>shutil\s*\.\s*copy(?:file|2|tree)?|(?:fs|fsp|promises|require\s*\(\s*"""
                  r"""['"](?:node:)?fs(?:/promises)?['"]\s*\))\s*\.\s*(?:copyfilesync|copyfile|cpsync|cp))"""
                  r"""\s*\(\s*(?P<q>['"])(?P<src>[^'"\\\n]{1,512})(?P=q)\s*,""")


def _copy_sources(code: str, low: str) -> frozenset[str]:
    """The files the code only copies from, when copies are all it writes with: each named
    as the first argument of a copy call (shutil.copy*, fs.copyFileSync, fs.cpSync) and
    nowhere else in the code; empty when anything else writes (another write call, an
    open for writing, a copy function imported under another name)."""
    if "cop" not in low and "cp" not in low:
        return frozenset()
    calls = list(_COPY_CALL.finditer(code))
    if not calls:
        return frozenset()
    rest = low
    for m in calls:
        rest = rest.replace(m.group("fn").lower(), " ")
    if any(t in rest for t in _CODE_WRITE) or _opens_for_writing(rest):
        return frozenset()
    sources: dict[str, int] = {}
    for m in calls:
        sources[m.group("src")] = sources.get(m.group("src"), 0) + 1
    # named only as copy sources (a second mention may be where it is written)
    return frozenset(_home_spelled(src) for src, n in sources.items()
                     if code.count(f"'{src}'") + code.count(f'"{src}"') == n)


def _path_like(text: str) -> bool:
    if not text or len(text) > 512 or "://" in text or any(c in text for c in " \t\n$%{}<>|"):
        return False
    return text.startswith(("/", "~", "./", "../", ".")) or "/" in text


def command_strings(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """Programs that run an operand or an option's value as a command (nodemon --exec,
    concurrently, hyperfine, watchexec, scl enable, cargo watch -s, xterm -e, …, see
    `_COMMAND_STRINGS`): each such command becomes nested segments (context `option_exec`),
    so every rule judges it like the same command typed directly."""
    key = command.lower()
    if args and f"{key} {args[0]}" in _COMMAND_STRINGS:
        key, args = f"{key} {args[0]}", args[1:]
    if key in _TERMINALS and _TERMINALS[key] in ("-e", "-x"):
        flag = _TERMINALS[key]
        if flag in args:
            self.run_operands(node, args[args.index(flag) + 1:], depth)
        return
    entry = _COMMAND_STRINGS.get(key)
    if entry is None:
        return
    commands, values, mode = entry
    operands: list[str] = []
    i = 0
    while i < len(args) and len(operands) < 64:
        a = args[i]
        if a == "--":
            rest = args[i + 1:]
            if rest:
                self.run_operands(node, rest, depth)
            return
        name, eq, inline = a.partition("=")
        if name in commands and (eq or i + 1 < len(args)):
            self.child_sequence(node, commands[name] + (inline if eq else args[i + 1]), depth, "option_exec")
            i += 1 if eq else 2
            continue
        if a.startswith("-") and len(a) > 1:
            i += 1 + (0 if eq else values.get(name, 0))
            continue
        operands.append(a)
        i += 1
    if mode == "each":
        for text in operands:
            if "://" not in text and not text.startswith(("tcp:", "http-get:", "npm:", "yarn:", "pnpm:")):
                self.child_sequence(node, text, depth, "option_exec")
    elif mode == "join" and operands:
        self.run_operands(node, operands, depth)
    elif mode == "last" and operands:
        self.child_sequence(node, operands[-1], depth, "option_exec")
    elif mode == "first" and operands:
        self.child_sequence(node, operands[0], depth, "option_exec")
    elif mode == "tail" and len(operands) > 1:
        self.run_operands(node, operands[1:], depth)  # dtach -c SOCKET CMD ARGS


def run_operands(self: _Parser, node: dict, words: list[str], depth: int) -> None:
    """Words a program runs: one word is a shell command string, several an argv."""
    if len(words) == 1:
        self.child_sequence(node, words[0], depth, "option_exec")
    elif words:
        self.child_words(node, words, depth, "option_exec", [])


# Creating a symbolic link from inline code: a later delete or write through the link
# lands on its target (os.symlink(expanduser('~'), 'h'); shutil.rmtree('h')).
_CODE_SYMLINK = ("symlink(", "symlinksync(", "symlink_to(", "make_symlink", "file.symlink", "ln_s(", "ln_sf(",
                 "createsymboliclink", "new-item -itemtype symboliclink", "os.link(", "hardlink_to(", "linksync(")
# `'child_' + 'process'`, "ev" + "al", `ex${'ec'}`: string pieces joined into one name
_JOINED_PIECES = lazy(r"""(['"`])\s*(?:\+|\.\.?)\s*(['"`])""")  # + (most), . (PHP, Perl), .. (Lua)
_TEMPLATE_PIECE = lazy(r"""\$\{\s*(['"])([^'"]*)\1\s*\}""")
_JS_COMPUTED = lazy(
    r"""(?:require\s*\(\s*(?!['"][^'"`+]*['"]\s*\))[^)]|import\s*\(\s*(?!['"][^'"`+]*['"]\s*\))[^)]|"""
    r"""(?:globalthis|global|window|self|process|module|this|\))\s*\[\s*(?!['"][^'"`+]*['"]\s*\]))""")
_JS_JOINED_KEY = lazy(r"""[\w)\]]\s*\[\s*[^\]]{0,200}?(?:['"`]\s*\+|\+\s*['"`]|\$\{)""")
# a member named by a string with escapes (`window['\\x66etch']`, `self["\\u0065val"]`): the name it hides
_JS_ESCAPED_KEY = lazy(r"""[\w$)\]]\s*\[\s*(['"`])[^'"`\]]{0,64}\\(?:x[0-9a-f]{2}|u[0-9a-f{]|[0-7])""")
_REVERSED = (".reverse()", "[::-1]", "strrev(", ".reverse.join", "reverse(")


def _computed_name(code: str, low: str, family: str) -> bool:
    """Inline code that builds a module or function name from pieces: the joined name is
    a command runner or an evaluator that the pieces hide ('child_'+'process',
    globalThis['ev'+'al'], require(`child_${x}`), 'metsys'[::-1])."""
    joined = _TEMPLATE_PIECE.sub(r"\2", _JOINED_PIECES.sub("", code)).lower()
    if joined != low:
        hidden = [t for t in _CODE_EXEC + _CODE_DYNAMIC + ("getattr", "__builtins__", "globalthis")
                  if t.rstrip("( ") and t.rstrip("( ") in joined and t.rstrip("( ") not in low]
        if hidden:
            return True
    if family == "node" and (_JS_COMPUTED.search(low) or _JS_JOINED_KEY.search(low) or _JS_ESCAPED_KEY.search(low)):
        return True
    return any(t in low for t in _REVERSED) and any(t in low for t in (
        "require", "import", "getattr", "globalthis", "eval", "system", "exec", "send(", "__send__", "call_user_func"))


# ------------------------------------------------------------ process runs with literal arguments
# The calls that run a process, per language, whose arguments can be read when they are literal.
# `_literal_runs` reads every such call; if anything else in the code could run a process (an
# exec token left over once the calls and plain imports are blanked out, a reflective lookup),
# the code stays "runs commands" (asked), with its literals read as before.
_PY_RUN = lazy(r"(?<![\w.])(?:os\.(?:system|popen)|subprocess\.(?:run|call|check_call|check_output|Popen"
                     r"|getoutput|getstatusoutput))\s*\(")
_PY_FROM_IMPORT = lazy(r"(?<![\w.])from[ \t]+(subprocess)[ \t]+import[ \t]+"
                        r"([\w \t,]+?)(?=[ \t]*(?:;|\n|$))")
_PY_RUNNER_NAMES = {"subprocess": frozenset({"run", "call", "check_call", "check_output", "Popen", "getoutput",
                                             "getstatusoutput", "PIPE", "DEVNULL", "STDOUT", "CalledProcessError"}),
                    "os": frozenset({"system", "popen"})}
_PY_IMPORT = lazy(r"(?<![\w.])import[ \t]+[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*(?=[ \t]*(?:;|\n|$))")
# keyword arguments that change neither what runs nor where (cwd, env, input, executable, preexec_fn do)
_PY_SAFE_KW = frozenset({"check", "capture_output", "text", "shell", "stdout", "stderr", "universal_newlines",
                         "encoding", "errors", "timeout", "close_fds", "bufsize"})
_PY_SAFE_VALUE = lazy(r"(?:True|False|None|\d+(?:\.\d+)?|(?:subprocess\.)?(?:PIPE|DEVNULL|STDOUT))(?![\w.])")
_NODE_METHODS = r"(?:execSync|execFileSync|spawnSync|execFile|exec|spawn)"
_NODE_REQUIRE = r"require\(\s*(?P<q>['\"])(?:node:)?child_process(?P=q)\s*\)"
_NODE_BIND = lazy(r"(?<![\w$.])(?:const|let|var)\s+([A-Za-z_$][\w$]*|\{[\w$\s,]*\})\s*=\s*" + _NODE_REQUIRE
                        + r"(?=\s*(?:;|\n|$))")
_NODE_SAFE_KEYS = frozenset({"stdio", "encoding", "timeout", "maxBuffer", "windowsHide", "killSignal"})
_KERNEL_RUN = {"ruby": lazy(r"(?<![\w.:$@])(?:Kernel\s*\.\s*)?(?:system|exec|spawn)(?=\s*[('\"])"),
               "perl": lazy(r"(?<![\w:$@&>])(?:system|exec)(?=\s*[('\"])"),
               "php": lazy(r"(?<![\w$>:])(?:system|exec|shell_exec|passthru)(?=\s*\()")}
# lookups that reach a runner without naming it: the code is not read as literal calls then
_REFLECTION = ("getattr", "__builtins__", "__dict__", "globals(", "vars(", "importlib", "__import__", "send(",
               "public_send", "method(", "reflect.", "function(", "globalthis", "global[", "process.binding",
               "process.dlopen", "module.constructor", "ctypes", "eval", "instance_variable", "const_get",
               "call_user_func", "&$", "->$", "::$")


def _quoted_at(code: str, i: int, family: str) -> tuple[str, int] | None:
    """The text of the string literal whose quote is at i, and the position after it; None
    when it is not plain text (interpolation, an f-string, an escape the reader does not decode)."""
    q, n = code[i], len(code)
    if family == "python" and i > 0 and (code[i - 1].isalnum() or code[i - 1] == "_"):
        prefix = code[max(0, i - 2):i].lower().lstrip("_")
        if not prefix or any(c not in "rbu" for c in prefix.strip()) or (i > 2 and code[i - 3].isalnum()):
            return None  # f'…{x}' and friends: computed
    j, buf = i + 1, []
    while j < n and code[j] != q:
        c = code[j]
        if c == "\\":
            if j + 1 < n and code[j + 1] in "\\'\"`":
                buf.append(code[j + 1])
                j += 2
                continue
            return None
        if c == "\n":
            return None
        buf.append(c)
        j += 1
    if j >= n:
        return None
    text = "".join(buf)
    if (q == "`" and ("${" in text or family in ("ruby", "perl", "php") and ("#{" in text or "$" in text))) or \
            (q == '"' and family in ("ruby", "perl", "php") and any(t in text for t in ("#{", "$", "@"))):
        return None
    return text, j + 1


def _skip_ws(code: str, i: int) -> int:
    while i < len(code) and code[i] in " \t\n":
        i += 1
    return i


def _literal_list(code: str, i: int, family: str) -> tuple[list[str], int] | None:
    """`['git', 'log']` at i: its items and the position after it."""
    items: list[str] = []
    i = _skip_ws(code, i + 1)
    while i < len(code) and code[i] != "]":
        if code[i] not in "'\"":
            return None
        got = _quoted_at(code, i, family)
        if got is None:
            return None
        items.append(got[0])
        i = _skip_ws(code, got[1])
        if i < len(code) and code[i] == ",":
            i = _skip_ws(code, i + 1)
        elif i < len(code) and code[i] != "]":
            return None
    return (items, i + 1) if i < len(code) else None


def _node_options(code: str, i: int) -> int | None:
    """`{stdio: 'inherit', encoding: 'utf8'}` at i: the position after it, if every key is harmless."""
    j = code.find("}", i)
    if j < 0 or "{" in code[i + 1:j]:
        return None
    for entry in code[i + 1:j].split(","):
        if not entry.strip():
            continue
        key, colon, value = entry.partition(":")
        key, value = key.strip().strip("'\""), value.strip()
        if not colon or key not in _NODE_SAFE_KEYS or not re.fullmatch(
                r"'[\w-]*'|\"[\w-]*\"|\d+|true|false|\[\s*(?:'[\w-]*'|\"[\w-]*\")(?:\s*,\s*(?:'[\w-]*'|\"[\w-]*\"))*\s*\]",
                value):
            return None
    return j + 1


def _call_arguments(code: str, i: int, family: str, paren: bool) -> tuple[list, bool, int] | None:
    """The literal arguments of a call starting at i (after "(" when paren): (items, shell=True
    given, end), items being strings and lists of strings; None when any argument is computed."""
    items: list = []
    shell = False
    n = len(code)
    while True:
        i = _skip_ws(code, i) if paren else i + len(code[i:]) - len(code[i:].lstrip(" \t"))
        if i >= n:
            return None if paren else (items, shell, i)
        c = code[i]
        if paren and c == ")":
            return items, shell, i + 1
        if not paren and c in ";\n}" or not paren and code.startswith(("or ", "and ", "||", "&&", "if ", "unless "), i):
            return items, shell, i
        if c in "'\"":
            got = _quoted_at(code, i, family)
            if got is None:
                return None
            items.append(got[0])
            i = got[1]
        elif c == "[" and family in ("python", "node", "ruby", "php"):
            got_list = _literal_list(code, i, family)
            if got_list is None:
                return None
            items.append(got_list[0])
            i = got_list[1]
        elif c == "{" and family == "node" and items:
            end = _node_options(code, i)
            if end is None:
                return None
            i = end
        elif family == "python" and items:
            m = re.match(r"([A-Za-z_]\w*)\s*=(?!=)\s*", code[i:])
            if m is None or m.group(1) not in _PY_SAFE_KW:
                return None
            i += m.end()
            v = _PY_SAFE_VALUE.match(code, i)
            if v is not None:
                shell = shell or (m.group(1) == "shell" and v.group(0) != "False" and v.group(0) != "None")
                i = v.end()
            elif i < n and code[i] in "'\"" and m.group(1) in ("encoding", "errors"):
                got = _quoted_at(code, i, family)
                if got is None:
                    return None
                i = got[1]
            else:
                return None
        else:
            return None
        i = _skip_ws(code, i) if paren else i + len(code[i:]) - len(code[i:].lstrip(" \t"))
        if i < n and code[i] == ",":
            i += 1
        elif not (i < n and paren and code[i] == ")") and paren:
            return None


def _literal_runs(code: str, family: str) -> list | None:
    """What the code runs, when every call that runs a process has literal arguments: a
    shell command string or an argv (list) per call. None when any run is not readable."""
    if family == "awk" and len(code) <= 16384:
        return _awk_runs(code)
    if family not in ("python", "node", "ruby", "perl", "php") or len(code) > 16384:
        return None
    low = code.lower()
    if any(t in low for t in _REFLECTION):
        return None
    spans: list[tuple[int, int]] = []
    heads: list[tuple[int, int, bool]] = []  # (start, argument position, after "(")
    names: set[str] = set()
    if family == "python":
        spans += [m.span() for m in _PY_IMPORT.finditer(code)]
        heads += [(m.start(), m.end(), True) for m in _PY_RUN.finditer(code)]
        imported: list[str] = []  # from subprocess import run, check_output as co: the bare names
        for m in _PY_FROM_IMPORT.finditer(code):
            for item in m.group(2).split(","):
                name, _, alias = item.strip().partition(" as ")
                if name.strip() not in _PY_RUNNER_NAMES[m.group(1)]:
                    return None  # another name from a runner module (execv, Popen's relatives): not read
                if name.strip() not in ("PIPE", "DEVNULL", "STDOUT", "CalledProcessError"):
                    imported.append((alias or name).strip())
            spans.append(m.span())
        names.update(imported)  # a bare name left over once its calls are read (x = run) is not read
        if imported:
            bare = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(x) for x in imported) + r")\s*\(")
            heads += [(m.start(), m.end(), True) for m in bare.finditer(code)
                      if not any(a <= m.start() < b for a, b in spans)]
    elif family == "node":
        for m in _NODE_BIND.finditer(code):
            spans.append(m.span())
            bound = m.group(1)
            names.update(x.strip() for x in bound.strip("{}").split(",") if x.strip()) if bound.startswith("{") \
                else names.add(bound)
        if any(":" in x for x in names):
            return None  # { exec: run } renames: not followed
        objects = [_NODE_REQUIRE] + [re.escape(x) for x in names]
        head = re.compile(r"(?<![\w$.])(?:(?:" + "|".join(objects) + r")\s*\.\s*" + _NODE_METHODS + r"|(?:"
                          + "|".join([re.escape(x) for x in names if re.fullmatch(_NODE_METHODS, x)] or ["(?!)"])
                          + r"))\s*\(")
        heads += [(m.start(), m.end(), True) for m in head.finditer(code)]
    else:
        for m in _KERNEL_RUN[family].finditer(code):
            at = _skip_ws(code, m.end())
            paren = at < len(code) and code[at] == "("
            heads.append((m.start(), at + 1 if paren else at, paren))
        if family in ("ruby", "perl", "php"):  # `cmd`: a shell command string
            for m in re.finditer(r"`[^`\n]*`", code):
                heads.append((m.start(), m.start(), False))
    runs: list = []
    for start, at, paren in sorted(heads)[:32]:
        if any(a <= start < b for a, b in spans):
            continue  # inside a call already read (nested quotes)
        if code[at:at + 1] == "`" and not paren:
            got = _quoted_at(code, at, family)
            if got is None:
                return None
            runs.append(got[0])
            spans.append((start, got[1]))
            continue
        parsed = _call_arguments(code, at, family, paren)
        if parsed is None or not parsed[0]:
            return None
        items, shell, end = parsed
        if isinstance(items[0], list) and shell:
            items = [items[0][0]] if items[0] else []  # shell=True with a list: the first item is the script
            if not items:
                return None
        if len(items) == 1 and isinstance(items[0], str):
            runs.append(items[0])
        else:
            argv = [w for item in items for w in ([item] if isinstance(item, str) else item)]
            if not argv:
                return None
            runs.append(argv)
        spans.append((start, end))
    if not runs:
        return None
    kept = _blank(code, spans)
    rest = kept.lower()
    exec_tokens = _CODE_EXEC
    if any(t in rest for t in exec_tokens) or (family in ("perl", "ruby", "php") and "`" in rest) or \
            _runs_unnamed(kept, rest, family) or \
            any(re.search(r"(?<![\w$])" + re.escape(x.lower()) + r"(?![\w$])", rest) for x in names):
        return None
    return runs


# print … | EXPR: the output piped to a command computed at run time (`print | $2`)
_AWK_PRINT_PIPE = lazy(r"\bprintf?\b[^;{}\n|]*(?<!\|)\|(?![|&\"])\s*[^\s\"]")
_AWK_STRING = lazy(r'"(?:[^"\\\n]|\\.)*"')
_AWK_RUN = lazy(r'\|&?\s*"([^"\\\n]*)"|"([^"\\\n]*)"\s*\|&?\s*getline\b|\bsystem\s*\(\s*"([^"\\\n]*)"\s*\)')


def _awk_runs(code: str) -> list | None:
    """awk's commands when every one is a literal: `print | "sort"`, `"date" | getline d`,
    `system("make")`. None when any pipe or system() takes a computed command."""
    runs: list = []
    spans: list[tuple[int, int]] = []
    for m in _AWK_RUN.finditer(code):
        text = next((g for g in m.groups() if g is not None), "")
        if not text.strip() or text.startswith("/inet"):
            return None
        if any(w.rsplit("/", 1)[-1] in _SHELLS or _family(w.rsplit("/", 1)[-1]) not in (None, "make", "sed", "awk")
               for w in text.split()[:8]):
            return None  # a shell or interpreter reading what awk prints (sudo sh): the printed text is the program
        runs.append(text)
        spans.append(m.span())
        if len(runs) > 16:
            return None
    rest = _blank(code, spans).lower()
    if not runs or any(t in rest for t in _CODE_EXEC_AWK):
        return None
    return runs


def _reads_code_from_stdin(children: list) -> bool:
    """A shell or interpreter among commands run from inline code that reads its program
    from stdin (`os.system('sh')`): it reads whatever the interpreter was fed."""
    for child in children:
        command, args = child.get("command") or "", child.get("args") or []
        if command in _SHELLS and _shell_reads(args)[0] and child.get("operator") not in ("|", "|&"):
            return True
        if _family(command) is not None and (not args or "-" in args) and child.get("operator") not in ("|", "|&"):
            return True
        if _reads_code_from_stdin(child.get("children") or []):
            return True
    return False


# ------------------------------------------------------------ code loaded from a path or a data: URL
# Options and operands whose value is code the program loads (a module preloaded by node -r/
# --import/--loader, ruby -r/-I, perl -I/-M, a directory of scripts for run-parts, an nmap
# script, a local package that pip/npm/easy_install/gem/vagrant builds or installs, mutt's
# sendmail program): a `data:` URL is inline code (read like -e), a path in a temp or download
# directory, the home directory, a hidden file or an absolute path outside the system's
# directories is marked `code_from_untrusted_path` (the pack asks), and so is a relative path
# that climbs above the project further than a plainly named sibling (`../../x`, `..` itself;
# `../shared-lib` beside the project and `cd packages/app && npm i ../lib` stay the user's),
# ends in a part known only at run time (`./$X`) or goes through a symlink made earlier in
# the command to such a place; other relative paths are the user's own code.
_LOADER_OPTIONS: dict[str, tuple[str, ...]] = {
    "node": ("-r", "--require", "--import", "--loader", "--experimental-loader", "--experimental-preload-module"),
    "nodejs": ("-r", "--require", "--import", "--loader", "--experimental-loader"),
    "bun": ("-r", "--preload", "--require"),
    "ts-node": ("-r", "--require"), "tsx": ("-r", "--require", "--import"),
    "deno": ("--preload", "--import-map"),
    "ruby": ("-r", "-I"), "irb": ("-r", "-I"), "perl": ("-I", "-M", "-m"), "raku": ("-I", "-M"),
    "python": (), "python3": (),
    "nmap": ("--script",), "lua": ("-l",), "luajit": ("-l",), "php": ("-c", "--php-ini", "-z", "--zend-extension"),
    "php-cli": ("-c", "--php-ini", "-z", "--zend-extension"),
    # startup files: bash --rcfile/--init-file, julia -L/--load, gdb -x/-ix/--command,
    # lldb -s/-S/--source (the debuggers' command files run `shell CMD`)
    "bash": ("--rcfile", "--init-file"), "rbash": ("--rcfile", "--init-file"),
    "julia": ("-L", "--load"), "gdb": ("-x", "--command", "-ix", "--init-command"),
    "lldb": ("-s", "--source", "-S", "--source-before-file", "--source-on-crash", "-K"),
    # test runners and task runners that require a file or a library directory first
    "rspec": ("-r", "--require", "-I"), "rake": ("-r", "--require", "-I", "--libdir"), "mocha": ("-r", "--require"),
    "prove": ("-I", "-M"), "pry": ("-r", "-I"), "jshell": ("--startup",), "cucumber": ("-r", "--require"),
    # editors' and tools' startup files that run commands: vim -u VIMRC / -S SESSION, emacs -l,
    # gawk -i/-l (an awk library, an extension), ssh -F (ProxyCommand, LocalCommand), tmux -f
    # (run-shell), screen -c, sqlite3 -init (.shell)
    "vim": ("-u", "-S"), "nvim": ("-u", "-S"), "vi": ("-u", "-S"), "gvim": ("-u", "-S"), "view": ("-u", "-S"),
    "emacs": ("-l", "--load"), "gawk": ("-i", "--include", "-l", "--load"), "awk": ("-i", "--include", "-l", "--load"),
    "ssh": ("-F",), "scp": ("-F",), "sftp": ("-F",), "tmux": ("-f",), "screen": ("-c",), "sqlite3": ("-init",),
}
_TOOL_CONFIG_KEYS = frozenset({"vim", "nvim", "vi", "gvim", "view", "emacs", "ssh", "scp", "sftp", "tmux", "screen",
                               "sqlite3"})
# the configuration those tools read anyway, named explicitly (`ssh -F ~/.ssh/config_work`, `vim -u ~/.vimrc`)
_HOME_TOOL_CONFIGS = tuple(h + d for h in ("~/", "$home/", "${home}/") for d in (
    ".ssh/", ".config/", ".vim", ".emacs", ".tmux", ".screenrc", ".sqliterc", ".gvimrc", ".exrc"))
# options of package runners that name the package to run or add: a local directory is code
_RUNNER_PACKAGE_OPTIONS = ("--spec", "--from", "--with", "--with-editable", "--package", "-p")
_PACKAGE_RUNNERS = frozenset({"pipx", "uvx", "uv", "npx", "npm", "pnpm", "pnpx", "bunx", "yarn", "pipenv", "poetry"})
# php -d settings whose value is code php loads (a prepended/appended script, an extension)
# or a directory it includes from; sendmail_path is a command (read in `_option_commands`)
_PHP_CODE_SETTINGS = frozenset({"auto_prepend_file", "auto_append_file", "extension", "zend_extension"})
_PHP_PATH_SETTINGS = frozenset({"include_path", "extension_dir", "user_dir", "doc_root"})
# the language a loaded file is read in (a file written earlier in the same command)
_LOADED_LANGUAGE = {"node": "node", "nodejs": "node", "bun": "node", "ts-node": "node", "tsx": "node", "deno": "node",
                    "ruby": "ruby", "irb": "ruby", "perl": "perl", "raku": "perl", "php": "php", "php-cli": "php",
                    "lua": "lua", "luajit": "lua", "nmap": "lua", "bash": "shell", "rbash": "shell", "julia": "julia",
                    "python3": "python"}
_LOADED_SUFFIXES = ("", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pm", ".pl", ".lua", ".php", ".jl", ".py")
_SYSTEM_CODE_DIRS = ("/usr/", "/opt/homebrew/", "/nix/store/", "/etc/cron.", "/lib/", "/run/current-system/")
_UNTRUSTED_CODE_PREFIXES = ("/tmp/", "/var/tmp/", "/dev/shm/", "/private/tmp/", "/run/user/", "~", "$home", "${home}",
                            "/home/", "/root/", "/users/")


def _untrusted_code_path(word: str, project: str | None = None, climb: int = 0) -> bool:
    """A path to code that is not the project's or the system's (see above). A bare module
    name (`ts-node/register`, `dotenv/config`) and a relative path are the project's, and so
    is an absolute path inside the project directory (`pip install -e /home/dev/app[tests]`,
    judged like the same path relative to it). A relative path is not the project's when it
    climbs above the project directory further than a plainly named sibling (`pip install -e
    ../../x` from its top; `climb`: how many `..` the start directory allows) or ends in a
    part only known at run time
    (`X=../../../tmp/evil; pip install -e ./$X`, `node -r ./$(cat p) app.js`)."""
    low = word.strip().strip("'\"").lower()
    if not low or "://" in low or low == "/dev/null":  # bash --rcfile /dev/null: no file at all
        return False
    if project and low.startswith("/") and project.startswith("/") and not any(c in low for c in "{}$`*?()") and (
            "[" not in low or low.endswith("]") and low.count("[") == 1):
        plain = word.strip().strip("'\"")
        if plain.endswith("]") and "[" in plain:
            plain = plain[:plain.rindex("[")]  # a package's extras (`/home/dev/app[tests]`)
        rest = below_project(plain, project)
        if rest is not None:
            return _untrusted_code_path(rest, None) if rest else False
    name = low.rstrip("/").rsplit("/", 1)[-1]
    if low.startswith(_UNTRUSTED_CODE_PREFIXES) or (low.startswith("/") and not low.startswith(_SYSTEM_CODE_DIRS)):
        return True
    if not low.startswith("/") and _climbs_out(low, climb):
        return True
    return name.startswith(".") and name not in (".", "..") and "/" in low.strip("./")


_PWD_SPELLINGS = ("$pwd", "${pwd}", "$(pwd)", "`pwd`")


def below_project(path: str, project: str | None) -> str | None:
    """The part of absolute `path` below the project directory ("" for the directory itself),
    or None when it is not inside it (or either is not absolute, or the project is `/`)."""
    if not project or not path.startswith("/") or not project.startswith("/"):
        return None
    import posixpath

    norm, root = posixpath.normpath(path), posixpath.normpath(project)
    if root == "/" or not (norm == root or norm.startswith(root + "/")):
        return None
    return norm[len(root) + 1:]


def _climbs_out(low: str, climb: int) -> bool:
    """A relative path (lower case) that leaves the project: more `..` than `climb` allows, or
    a part left to run time (a variable, a substitution) after its start."""
    rel = low
    for spelling in _PWD_SPELLINGS:  # $PWD/x: the start directory itself
        if rel == spelling or rel.startswith(spelling + "/"):
            rel = rel[len(spelling):].lstrip("/") or "."
            break
    if "$" in rel or "`" in rel or "…" in rel:
        return True
    if ".." not in rel:
        return False
    import posixpath

    parts = posixpath.normpath(rel).split("/")
    up = 0
    for part in parts:
        if part != "..":
            break
        up += 1
    if up == climb + 1 and len(parts) > up:
        # a package beside the project, named plainly (`npm install ../shared-lib`): the
        # user's own checkout, like `git worktree add ../app-hotfix`
        name = parts[up]
        return not (name[:1].isalnum() and all(c.isalnum() or c in "_.-" for c in name)) or \
            name in _HOME_FOLDERS
    return up > climb


# a "sibling" that is a folder of the home directory (the project sits right under $HOME):
# `pip install -e ../Downloads/evil` is not a checkout beside the project
_HOME_FOLDERS = frozenset({"downloads", "desktop", "documents", "tmp", "temp", ".cache", "library"})


# `cd packages/app && npm install ../lib`: the directories the command changes into, followed
# by the parse (each allows as many `..` as it is deep). Only a cd joined by `&&` to what
# follows carries over (`cd a/b; X` and `cd a/b || X` may run X where the command started); a
# cd to an absolute path outside the project, `~`, `-`, a computed name or through a link
# made in the command allows no `..` at all from then on; subshells keep their cds.
_CD_UNKNOWN = -1000  # no `..` allowed: the directory is not known to be inside the project
_CD_PROGRAMS = frozenset({"cd", "pushd", "popd"})


def _cd_target(self: _Parser, node: dict, current: int) -> int:
    """The depth below the start directory after the cd `node` succeeds."""
    if node.get("command") == "popd":
        return _CD_UNKNOWN
    args = [a for a in node.get("args") or [] if isinstance(a, str)]
    ops: list[str] = []
    for k, a in enumerate(args):
        if a == "--":
            ops = args[k + 1:]
            break
        if a.startswith("-") and a != "-" and len(a) > 1:
            continue
        ops = args[k:]
        break
    if not ops:
        return _CD_UNKNOWN  # `cd`: the home directory
    target = ops[0]
    if not target or target in ("-",) or target[0] in "~+-$`" or any(c in target for c in "$`…*?[{") or \
            "CDPATH" in self.root:
        return _CD_UNKNOWN
    if target.startswith("/"):
        rest = below_project(target, self.project)
        if rest is None:
            return _CD_UNKNOWN
        return (rest.count("/") + 1 if rest else 0) - self.start_depth
    parts = [p for p in target.split("/") if p not in ("", ".")]
    if parts and parts[0] in self.links:
        return _CD_UNKNOWN
    return current + sum(-1 if p == ".." else 1 for p in parts)  # (`cd ..` climbs: fewer `..` allowed)


def track_cd(self: _Parser, node: dict | None, next_operator: str | None) -> None:
    """After a command ends: the depth the next one starts at. A cd followed by `&&` moves the
    next command; any other operator ends the chain at the shallowest directory it may be in."""
    after = self.cd_current
    if node is not None and node.get("command") in _CD_PROGRAMS:
        after = _cd_target(self, node, self.cd_current)
    if next_operator == "&&":
        self.cd_current = after
    else:
        self.cd_current = self.cd_floor = min(self.cd_floor, self.cd_current, after)


def outside_code(self: _Parser, path: str, node: dict | None = None) -> bool:
    """`_untrusted_code_path` with what the parse knows: how deep below the project the
    command starts and the cds before `node`, and the symlinks made earlier in it to code
    outside the project (`ln -s /tmp/evil ev && pip install -e ./ev`)."""
    cd = node.get("_cd") if node is not None else None
    if not isinstance(cd, int):
        cd = min(self.cd_floor, self.cd_current)
    if _untrusted_code_path(path, self.project, self.start_depth + cd):
        return True
    if not self.links:
        return False
    plain = path.strip().strip("'\"")
    while plain.startswith("./"):
        plain = plain[2:]
    first = plain.split("/", 1)[0].split("[", 1)[0]
    return plain.rstrip("/") in self.links or first in self.links


def note_link(self: _Parser, args: list[str]) -> None:
    """`ln -s TARGET LINK`: a link made to code outside the project (see outside_code)."""
    ops = [a for a in args if not a.startswith("-")]
    if len(ops) < 2 or any(a in ("-t", "--target-directory") or a.startswith("--target-directory=") for a in args):
        return
    target, link = ops[0], ops[-1]
    if _untrusted_code_path(target, self.project, self.start_depth) or target.startswith("/"):
        link = link.strip("'\"")
        while link.startswith("./"):
            link = link[2:]
        if link.endswith("/") or link in (".", ""):
            link = (link.rstrip("/") + "/" if link not in (".", "") else "") + target.rstrip("/").rsplit("/", 1)[-1]
        if len(self.links) < 32:
            self.links.add(link.rstrip("/"))


def _data_url_code(value: str) -> str | None:
    """The code of a `data:` URL (`data:text/javascript,…`, `;base64,…`), or None."""
    if value[:5].lower() != "data:" or "," not in value:
        return None
    head, _, body = value.partition(",")
    if head.lower().endswith(";base64"):
        import base64
        import binascii
        try:
            return base64.b64decode(body + "=" * (-len(body) % 4)).decode("utf-8", "replace")
        except (binascii.Error, ValueError):
            return ""
    from urllib.parse import unquote
    return unquote(body)


# options of package installers whose value is not a package (pip install -t DIR, -r FILE, …)
_PACKAGE_VALUE_OPTIONS = frozenset({
    "-t", "--target", "-r", "--requirement", "-c", "--constraint", "-i", "--index-url", "--extra-index-url",
    "-f", "--find-links", "--prefix", "--root", "--src", "--cache-dir", "--log", "--python-version", "--platform",
    "--abi", "--implementation", "--registry", "--cache", "-w", "--workspace", "--tag", "--python", "-p",
    "--install-dir", "-d", "--bindir", "--report", "--progress-bar",
})


def code_loading(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """See `_LOADER_OPTIONS`: preloaded modules, script directories and local packages."""
    key = command.lower()
    if key.startswith("python") and key[6:].replace(".", "").isdigit() or key in ("python", "py", "pypy", "pypy3"):
        key = "python3"
    if key == "python3":
        from .launch import _python_module

        module = _python_module(args)
        if module is not None and module[0].lower() in ("pip", "pip3", "ensurepip", "easy_install"):
            key, args = "pip", module[1]  # python -m pip install /tmp/pkg: pip's own reading
    values: list[str] = []
    options = _LOADER_OPTIONS.get(key)
    if options:
        for i, a in enumerate(args[:256]):
            name, eq, inline = a.partition("=")
            if name in options and (eq or i + 1 < len(args)):
                values.append(inline if eq else args[i + 1])
            elif len(a) > 2 and a[:2] in options and a[:2] != "--" and not a.startswith("--"):
                values.append(a[2:])  # ruby -r/tmp/x.rb, perl -I/tmp/lib
        if key in ("perl", "raku"):
            # perl -Mlib=/tmp/x,/y, -Mblib=DIR: directories the modules after it are loaded from
            values += [d for v in values if v.startswith(("lib=", "blib=")) for d in v.split("=", 1)[1].split(",")]
    wrappers = [_basename(w) for w in (node.get("wrappers") or [])[:8]]
    if any(w in _PACKAGE_RUNNERS for w in wrappers):
        raw = node.get("raw_words") or []  # pipx run --spec /tmp/pkg, uvx --from /tmp/pkg, uv run --with DIR
        for i, a in enumerate(raw[:64]):
            name, eq, inline = a.partition("=")
            if name in _RUNNER_PACKAGE_OPTIONS and (eq or i + 1 < len(raw)):
                values.append(inline if eq else raw[i + 1])
    if key != "node" and (key in ("npx", "npm", "pnpm", "yarn") or any(w in ("npx", "npm", "pnpm", "yarn") for w in wrappers)):
        raw = node.get("raw_words") or []
        for i, a in enumerate(raw[:256]):  # npx --node-options="--require /tmp/x.js" jest: node's own options
            value = a.split("=", 1)[1] if a.startswith("--node-options=") else raw[i + 1] if a == "--node-options" \
                and i + 1 < len(raw) else None
            if value:
                self.code_loading(node, "node", _split_simple(value), depth)
    if key in ("php", "php-cli"):
        for i, a in enumerate(args[:256]):
            setting = args[i + 1] if a in ("-d", "--define") and i + 1 < len(args) else a[2:] if a.startswith(
                "-d") and len(a) > 2 else a.split("=", 1)[1] if a.startswith("--define=") else None
            name, _, value = (setting or "").partition("=")
            name, value = name.strip().lower(), value.strip().strip("'\"")
            if name in _PHP_CODE_SETTINGS and value:
                values.append(value)  # php -d auto_prepend_file=/tmp/x.php: run before the program
            elif name in _PHP_PATH_SETTINGS:
                values += [v for v in value.split(":") if v]
    elif key in ("java", "javaw") or key.startswith("java") and key[4:].isdigit():
        for a in args[:256]:
            if a.startswith(("-javaagent:", "-agentpath:")):  # an agent jar or library loaded into the JVM
                values.append(a.split(":", 1)[1].split("=", 1)[0])
            elif a.startswith("@") and len(a) > 1:
                values.append(a[1:])  # java @FILE: more options (-javaagent, -XX:OnError) read from FILE
            elif not a.startswith("-"):
                break
    elif key == "fish":
        for i, a in enumerate(args[:256]):  # fish -C/--init-command CMD: run before the script
            value = args[i + 1] if a in ("-C", "--init-command") and i + 1 < len(args) else a.split("=", 1)[1] \
                if a.startswith("--init-command=") else None
            if value:
                self.child_words(node, ["fish", "-c", value], depth, "option_exec", [])
    elif key == "run-parts":
        values = [a for a in args if not a.startswith("-")][-1:]  # run-parts [--regex RE] DIR
    elif key in ("pip", "pip3", "easy_install", "npm", "pnpm", "yarn", "gem", "uv", "pipx", "bun") or \
            key == "vagrant" and args[:1] == ["plugin"]:
        rest = args[1:] if key == "vagrant" else ["install"] + args if key == "easy_install" else args
        if rest[:1] and rest[0] in ("install", "i", "add", "plugin") or key == "easy_install" or \
                key == "uv" and rest[:2] in (["pip", "install"], ["tool", "install"]):
            values = [a for i, a in enumerate(rest[1:], 1) if not a.startswith("-") and ("/" in a or a.startswith("~"))
                      and rest[i - 1] not in _PACKAGE_VALUE_OPTIONS]
            values += [a.split("=", 1)[1] for a in rest if a.startswith(("--editable=", "-e/"))]
            values += [rest[i + 1] for i, a in enumerate(rest[:-1]) if a in ("-e", "--editable")]
    elif key in ("mutt", "neomutt"):
        for i, a in enumerate(args[:-1]):
            if a == "-e":
                for setting in ("sendmail", "editor", "display_filter", "query_command", "new_mail_command"):
                    at = args[i + 1].find(setting + "=")
                    if at >= 0:
                        values.append(args[i + 1][at + len(setting) + 1:].strip("'\" ").split(" ", 1)[0])
    language = _LOADED_LANGUAGE.get(key, "node")
    for value in values[:16]:
        code = _data_url_code(value)
        low = value.strip().strip("'\"").lower()
        if low.startswith("file://"):  # node --import file:///tmp/x.mjs: the path
            value = value.strip().strip("'\"")[7:]
        if code is not None:
            self.mark(node, "interpreter_dynamic_code") if not code.strip() else self.scan_code(
                node, code, language, depth)
            self.mark(node, "code_from_data_url")
        elif options and low.startswith(("http://", "https://")) and key in _LOADED_LANGUAGE:
            self.mark(node, "code_from_untrusted_path")  # deno --preload https://…: code from the network
        elif key in _TOOL_CONFIG_KEYS and low.startswith(_HOME_TOOL_CONFIGS) and "/../" not in low:
            continue
        elif self.outside_code(value, node):
            self.mark(node, "code_from_untrusted_path")
        elif self.files and key in _LOADED_LANGUAGE:
            self.loaded_file(node, value, language, depth)
        elif value in self.files or value.startswith("./") and value[2:] in self.files:
            self.mark(node, "runs_file_written_in_command")  # tmux -f t.conf written above: a language not read


def loaded_file(self: _Parser, node: dict, value: str, language: str, depth: int) -> None:
    """A file a loader option names, written earlier in the same command (`echo … > pre.php;
    php -d auto_prepend_file=pre.php x.php`, `node -r ./hook.js app.js`): its code is read like
    the program's; a file written with content not known is marked."""
    base = value[2:] if value.startswith("./") else value
    for suffix in _LOADED_SUFFIXES:
        for key in (base + suffix, "./" + base + suffix):
            if key in self.files:
                text = self.files[key]
                if text is None:
                    self.mark(node, "runs_file_written_in_command")
                else:
                    self.run_text(node, text, language, depth)
                return


# ------------------------------------------------------------ TeX engines with \write18
_TEX_ENGINES = frozenset({"tex", "etex", "pdftex", "xetex", "luatex", "latex", "pdflatex", "xelatex", "lualatex",
                          "lualatex-dev", "pdflatex-dev", "platex", "uplatex", "context", "mtxrun", "latexmk",
                          "lhs2tex", "texi2pdf", "texi2dvi", "tectonic", "arara"})
_SHELL_ESCAPE_FLAGS = ("-shell-escape", "--shell-escape", "-enable-write18", "--enable-write18")


def tex_escapes(self: _Parser, node: dict, args: list[str], depth: int) -> None:
    """A TeX engine with shell escape on (`pdflatex --shell-escape`, `latexmk -shell-escape`,
    `-pdflatex="pdflatex -shell-escape"`) runs `\\write18{CMD}` / `\\immediate\\write18{…}`
    of its document and `os.execute` of lualatex's `\\directlua{…}`: a command written in the
    arguments is parsed, a document read from a file is code claude-rego does not read."""
    escape = any(a.startswith(_SHELL_ESCAPE_FLAGS) or "shell-escape" in a or "write18" in a.lower()
                 for a in args if a.startswith("-"))
    found = False
    for a in args[:64]:
        at = a.find("\\write18{")
        while at >= 0 and len(a) < 16384:
            body, depth_braces, j = [], 1, at + 9
            while j < len(a) and depth_braces:
                depth_braces += {"{": 1, "}": -1}.get(a[j], 0)
                if depth_braces:
                    body.append(a[j])
                j += 1
            text = "".join(body).strip()
            if text:
                self.child_sequence(node, text, depth, "interpreter_exec")
                found = True
            at = a.find("\\write18{", j)
        if "\\directlua" in a:
            self.scan_code(node, a[a.find("\\directlua"):], "lua", depth)
            found = True
    if escape:
        self.mark(node, "interpreter_exec" if found else "tex_shell_escape")


# ------------------------------------------------------------ file names spelled with escapes or joined onto home
_ESCAPE = lazy(r"\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([0-7]{1,3})"
                     r"|N\{(?:U\+([0-9A-Fa-f]{1,6})|([A-Za-z0-9 \-]{1,88}))\})")


def _unescaped(lit: str) -> str | None:
    """A string literal with its \\xNN, \\uNNNN, \\u{N}, \\UNNNNNNNN and octal escapes decoded
    (Python, JavaScript, Ruby, Perl and PHP read them alike), and the named escapes
    `\\N{FULL STOP}` (Python, Perl) and `\\N{U+2E}` (Perl); None if it has none."""
    def one(m: re.Match) -> str:
        if m.group(7):
            import unicodedata  # only for a named escape: a C module, not on every call
            try:
                return unicodedata.lookup(m.group(7))
            except KeyError:
                return ""
        hexa = m.group(1) or m.group(2) or m.group(3) or m.group(4) or m.group(6)
        value = int(hexa, 16) if hexa else int(m.group(5), 8)
        return chr(value) if 0 < value < 0x110000 else ""
    out = _ESCAPE.sub(one, lit)
    return out if out != lit else None


_HOME_JOIN_NEEDLES = (".home()", "dir.home", "homedir()", "expanduser(", "getenv('home')", 'getenv("home")',
                      "env['home']", 'env["home"]', "environ['home']", 'environ["home"]', "env.home", "user_home",
                      "env.get('home')", 'env.get("home")')
# the home directory as code spells it: pathlib, Ruby's Dir.home, node's os.homedir() (also
# require('os').homedir()), Julia's homedir(), getenv/ENV/environ/process.env, Deno.env.get,
# os.path.expanduser('~'), Elixir's System.user_home
_HOME_EXPR = (r"(?:\b[A-Za-z_][\w.]*\.home\(\)|(?:pathlib\.)?Path\(\s*['\"]~['\"]\s*\)\.expanduser\(\)|Dir\.home"
              r"|(?:\bos\.|require\(\s*['\"](?:node:)?os['\"]\s*\)\.|(?<![\w.]))homedir\(\)"
              r"|(?:os\.)?getenv\(\s*['\"]HOME['\"]\s*\)|ENV\[\s*['\"]HOME['\"]\s*\]"
              r"|os\.environ\[\s*['\"]HOME['\"]\s*\]|process\.env(?:\.HOME\b|\[\s*['\"]HOME['\"]\s*\])"
              r"|Deno\.env\.get\(\s*['\"]HOME['\"]\s*\)|(?:os\.path\.)?expanduser\(\s*['\"]~/?['\"]\s*\)"
              r"|System\.user_home!?\(\))")
_STR = r"""(?:'[^'\n]{0,256}'|"[^"\n]{0,256}")"""
_HOME_JOINS: list = []
# a copy or move whose destination is the home directory itself, not a path under it:
# fs.cpSync('dotfiles', require('os').homedir(), {recursive: true}),
# shutil.copytree('dotfiles', Path.home(), dirs_exist_ok=True): what lands there is ~/.bashrc & co.
_COPY_TO_HOME = lazy(r"(?:copytree|copy2?|copyfile|copyFileSync|copyFile|cpSync|\bcp|cp_r|move|rename|renameSync)\s*"
                     r"\(\s*[^,()\n]{1,256},\s*(?:" + _HOME_EXPR + r")\s*[,)]")


def _home_joins(code: str) -> list[str]:
    """Paths built onto the home directory: pathlib's `Path.home() / '.aws' / 'credentials'`
    and `.joinpath('.ssh', 'id_rsa')`, Ruby's `File.join(Dir.home, ".kube", "config")`, node's
    `path.join(os.homedir(), …)` and `Dir.home + "/.ssh/x"`: each as `~/…`."""
    if not _HOME_JOINS:
        _HOME_JOINS.extend([
            re.compile(_HOME_EXPR + r"((?:\s*/\s*" + _STR + r")+)"),
            re.compile(_HOME_EXPR + r"\s*\.joinpath\(\s*(" + _STR + r"(?:\s*,\s*" + _STR + r")*)"),
            re.compile(r"(?:File\.join|path\.join|path\.resolve|os\.path\.join|joinpath|Path\.join|file\.path"
                       r"|require\(\s*['\"](?:node:)?path['\"]\s*\)\.(?:join|resolve))\(\s*" + _HOME_EXPR + r"\s*,\s*("
                       + _STR + r"(?:\s*,\s*" + _STR + r")*)"),
            re.compile(_HOME_EXPR + r"\s*\+\s*(" + _STR + r")"),
        ])
    out: list[str] = []
    for pattern in _HOME_JOINS:
        for m in pattern.finditer(code[:65536]):
            pieces = [p[1:-1].strip("/") for p in re.findall(_STR, m.group(1))]
            pieces = [p for p in pieces if p]
            if pieces:
                out.append("~/" + "/".join(pieces))
            if len(out) >= 16:
                return out
    return out


# paths built from literal pieces: os.path.join('/home', 'dev', '.aws', 'credentials'),
# Path('/etc') / 'shadow', File.join(…), file.path(…), joinpath(…), '/home/dev/.a' + 'ws/x'
_LITERAL_JOIN_NEEDLES = ("join(", "resolve(", "path(", "file.path(", "+", ". ", ".'", '."', "..")
_LITERAL_JOINS: list = []


def _literal_joins(code: str) -> list[str]:
    """Paths a join function or a concatenation builds from string literals only."""
    if not _LITERAL_JOINS:
        _LITERAL_JOINS.extend([
            re.compile(r"(?:\b(?:os\.)?path\.(?:join|resolve|normalize)|\bFile\.join|\bjoinpath|\bfile\.path"
                       r"|\bPath\.join|\b(?:Pure|Posix)?Path|\bFilename\.concat|\bfilepath\.Join"
                       r"|require\(\s*['\"](?:node:)?path['\"]\s*\)\.(?:join|resolve))\(\s*\[?\s*("
                       + _STR + r"(?:\s*,\s*" + _STR + r")+)"),
            re.compile(r"\b(?:Pure|Posix)?Path\(\s*(" + _STR + r"(?:\s*/\s*" + _STR + r")+)"),
            re.compile(r"\b(?:Pure|Posix)?Path\(\s*(" + _STR + r"\s*\)(?:\s*/\s*" + _STR + r")+)"),
        ])
    out: list[str] = []
    text = code[:65536]
    for k, pattern in enumerate(_LITERAL_JOINS):
        for m in pattern.finditer(text):
            pieces = [p[1:-1] for p in re.findall(_STR, m.group(1) if k < 2 else m.group(0))]
            pieces = [pieces[0].rstrip("/") or "/"] + [p.strip("/") for p in pieces[1:] if p.strip("/")]
            if len(pieces) > 1:
                out.append("/".join(pieces).replace("//", "/"))
            if len(out) >= 16:
                return out
    for m in _CONCAT.finditer(text):  # 'a' + 'b', 'a' . 'b' (PHP, Perl), 'a' .. 'b' (Lua)
        pieces = re.findall(_STR, m.group(0))
        joined = "".join(p[1:-1] for p in pieces)
        if len(pieces) > 1 and "/" in joined:
            out.append(joined)
        if len(out) >= 32:
            break
    return out


_CONCAT = lazy(_STR + r"(?:\s*(?:\+|\.\.?|~)\s*" + _STR + r")+")


_LINK_ARG = (r"(?:(?:os\.path\.)?expanduser\(\s*" + _STR + r"\s*\)|(?:pathlib\.)?Path\(\s*" + _STR
             + r"\s*\)(?:\.expanduser\(\))?|File\.expand_path\(\s*" + _STR + r"\s*\)|" + _STR + ")")
_LINKS: list = []


def _links_made(code: str) -> list[tuple[str, str]]:
    """(target, link) of the links inline code makes with literal paths: os.symlink(t, l),
    fs.symlinkSync(t, l), File.symlink(t, l), FileUtils.ln_s(t, l), symlink(t, l) (Perl, PHP),
    os.link, and pathlib's Path(l).symlink_to(t)."""
    if not _LINKS:
        _LINKS.extend([
            re.compile(r"(?<![\w$])(?:os\.|fs\.|fsp\.|promises\.|File\.|FileUtils\.|Deno\.)?(?:symlink|link|symlinkSync"
                       r"|linkSync|ln_sf?|ln|symlink_p)\s*\(\s*(" + _LINK_ARG + r")\s*,\s*(" + _LINK_ARG + r")"),
            re.compile(r"(" + _LINK_ARG + r")\s*\.\s*(?:symlink_to|hardlink_to)\s*\(\s*(" + _LINK_ARG + r")"),
        ])
    out: list[tuple[str, str]] = []
    for k, pattern in enumerate(_LINKS):
        for m in pattern.finditer(code[:65536]):
            a, b = (re.findall(_STR, m.group(i)) for i in (1, 2))
            if a and b:
                first, second = _home_spelled(a[0][1:-1]), _home_spelled(b[0][1:-1])
                out.append((first, second) if k == 0 else (second, first))
    return out


# character codes turned into text (chr(46)+'env', String.fromCharCode(46,101), [46].pack('c*'))
_CHAR_CODES = ("chr(", "map(chr", "chr,", "fromcharcode(", "fromcodepoint(", ".pack(", "bytes([", "bytearray([")
_FILE_OPENS = ("open(", "read_text(", "read_bytes(", "readfilesync(", "readfile(", "file.read(", "io.read(",
               "file_get_contents(", "fopen(", "slurp(", "file.open(", "io.readlines(", "readlines(")
