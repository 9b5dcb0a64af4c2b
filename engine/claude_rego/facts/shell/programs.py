"""Shell facts: what programs do with arguments and stdin (families, interpreters, make, cmake)."""

from __future__ import annotations

import re

from ..lazy_re import lazy
from .destinations import _positionals
from .tables import _CODE_FLAGS, _FAMILIES, _FIND_NARROWING, _NESTED_PROGRAMS, _STDIN_WORDS
from .words import _literal_output, _split_simple
from .wrappers import _basename


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


def _pending(node: dict) -> bool:
    if not node.get("_heredocs"):
        return False
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
            if "delete(" in v:
                out.extend(_vim_deletes(v))
    return out


def _vim_deletes(code: str) -> list[str]:
    """Vimscript `delete(NAME[, FLAGS])` as the `rm` it is: FLAGS "rf" (or "d") deletes a
    directory tree; NAME a literal, `expand("~")`/`expand("$HOME/x")`, else unknown."""
    out = []
    for part in code.split("delete(")[1:]:
        name, rest = _vim_argument(part)
        if name is None:  # a computed name: its flags follow the first comma
            comma, close = rest.find(","), rest.find(")")
            rest = rest[comma:] if comma >= 0 and (close < 0 or comma < close) else ""
        flags, _ = _vim_argument(rest.lstrip(" ,")) if rest.lstrip().startswith(",") else ("", rest)
        if name is None or not name or any(not (c.isalnum() or c in "_./~$-{}") for c in name):
            name = "$VIM_UNKNOWN_TARGET"  # computed, or characters the shell would read: unknown
        recursive = flags is not None and ("r" in flags or "d" in flags)
        out.append(("rm -rf " if recursive else "rm ") + name)
    return out


def _vim_argument(text: str) -> tuple[str | None, str]:
    """(value, rest) of one Vimscript argument: a quoted literal or expand() of one; None if computed."""
    text = text.lstrip()
    inner = text[7:].lstrip() if text.startswith("expand(") else text
    if inner[:1] in ("'", '"'):
        end = inner.find(inner[0], 1)
        if end > 0:
            rest = inner[end + 1:]
            if inner is not text:
                rest = rest.lstrip()
                rest = rest[1:] if rest.startswith(")") else rest
            return inner[1:end], rest
    return None, text


def _interpreter_call(family: str, args: list[str]) -> tuple[list[str], bool, str | None]:
    """(inline code, reads its program from stdin, script operand) of an interpreter call."""
    letters = _CODE_FLAGS.get(family, "")
    codes: list[str] = []
    if args and args[0] == "run" and family in ("node", "v") and "-" in args[1:] and \
            all(a.startswith("-") for a in args[1:args.index("-")]):
        return [], True, "-"  # deno run -A - / bun run - / v run -: the program on stdin
    if args and args[0] == "e" and family == "nim":
        args = args[1:]  # nim e [--eval:CODE] FILE.nims: NimScript, read like the interpreter's other code
    if args and args[0] in ("eval", "-eval") and family in ("node", "erlang", "scheme", "lisp", "ruby"):
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
        if family == "kotlin" and a == "-expression" and i + 1 < len(args):
            codes.append(args[i + 1])  # kotlinc -expression CODE (the long spelling of -e)
            i += 2
            continue
        if a.startswith("--"):
            key, eq, value = a.partition("=")
            if not eq and a.startswith("--eval:"):
                key, eq, value = a.partition(":")  # nim --eval:CODE
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
                attached = body[k + 1:]
                if attached and len(attached) == 1 and attached in letters and family == "node" and i + 1 < len(args):
                    attached = ""  # node -pe CODE: two flags, the code is the next word
                if attached:
                    codes.append(attached)
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
    prefix = "\t"
    for line in text.replace("\\\n", " ").split("\n"):
        setting = _RECIPE_PREFIX.match(line)
        if setting:
            prefix = setting.group(1)[:1] or "\t"
            continue
        if line.startswith(prefix) and line.strip():
            out.append(line[len(prefix):].strip().lstrip("@-+"))
            continue
        # `target: prerequisites ; recipe` (the recipe on the rule's own line)
        rule = _RULE_LINE.match(line)
        if rule and rule.group(1).strip():
            out.append(rule.group(1).strip().lstrip("@-+"))
    return [_make_to_shell(cmd) for cmd in out]


_MAKE_NAME = lazy(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MAKE_REF = lazy(r"\$\$|\$\((shell\s+)?([^()]*(?:\([^()]*\)[^()]*)*)\)|\$\{([^{}]*)\}|\$([^$({])")


def _make_to_shell(recipe: str) -> str:
    """A recipe line as the shell receives it: make expands its own references first, so
    `$$` is the shell's `$`, `$(shell CMD)` runs CMD, and `$(VAR)`, `${VAR}`, `$(fn …)`
    and `$@`-style automatic variables are values, never commands (`$(CC)` is no command
    substitution): a variable's name becomes the shell variable of that name (make
    imports the environment: `$(HOME)` is home), anything else an unknown word."""
    def sub(m: re.Match) -> str:
        if m.group(0) == "$$":
            return "$"
        if m.group(1):  # $(shell CMD)
            return "$(" + m.group(2) + ")"
        name = (m.group(2) if m.group(2) is not None else m.group(3) or "").strip()
        if _MAKE_NAME.match(name):  # the environment's variables are make's too: $(HOME)
            return "${" + name + "}"
        return "${MAKE_VALUE}"
    return _MAKE_REF.sub(sub, recipe)


_RECIPE_PREFIX = lazy(r"^\s*\.RECIPEPREFIX\s*[:+?]?=\s*(\S?)")
# a rule line (targets, then `:` or `::` not starting an assignment), prerequisites without `;`,
# then `;` and the recipe
_RULE_LINE = lazy(r"^[^\t#=:;][^#=:;]*::?(?![=:])[^;#]*;(.*)$")


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
    add_custom_target/add_custom_command(… COMMAND …) (at build),
    file(REMOVE[_RECURSE] …), file(WRITE|APPEND path …), file(RENAME a b)."""
    out: list[list[str]] = []
    low = text.lower()
    for call in ("file(", "execute_process(", "exec_program(", "add_custom_target(", "add_custom_command("):
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
                    "OUTPUT_QUIET", "ERROR_QUIET", "INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE", "DEPENDS", "COMMENT",
                    "VERBATIM", "BYPRODUCTS", "OUTPUT", "USES_TERMINAL", "SOURCES", "MAIN_DEPENDENCY",
                    "COMMAND_EXPAND_LISTS", "JOB_POOL", "DEPFILE", "IMPLICIT_DEPENDS", "APPEND", "TARGET",
                    "PRE_BUILD", "PRE_LINK", "POST_BUILD")), len(cmd))
                if call.startswith("add_custom") and "COMMAND" not in body:
                    stop = 0  # no command: dependencies only
                if cmd[:stop]:
                    out.append(cmd[:stop])
            at = low.find(call, at + 1)
    return out


# the programs _option_commands knows (every branch below names its programs)
_OPTION_COMMAND_PROGRAMS = frozenset({"tar", "gtar", "bsdtar", "rsync", "ssh", "scp", "sftp", "autossh", "zip",
                                      "man", "env", "gdb", "lldb", "emacs", "emacsclient", "apt", "apt-get",
                                      "aptitude", "dpkg", "tcpdump"}) | frozenset(
    ["wget", "wget2", "sort", "gsort", "mysql", "mariadb", "less", "more", "strace", "ltrace", "aria2c", "svn",
     "hg", "sshfs", "pandoc", "rclone", "restic", "tcpdump", "npm", "pnpm", "yarn", "make", "gmake", "go", "cargo",
     "java", "javaw", "php", "php-cli"])
# go's flags whose value is a program it runs: the test binary's runner (-exec), the wrapper
# of every toolchain program (-toolexec), the vet tool (-vettool); -flag and --flag alike
_GO_PROGRAM_FLAGS = ("exec", "toolexec", "vettool")
# cargo --config KEY=VALUE keys whose value is a program cargo runs (the target's runner and
# linker, the compiler and its wrappers)
_CARGO_PROGRAM_KEY = lazy(
    r"^\s*(target\..+\.(?:runner|linker)|host\.linker|build\.(?:rustc|rustdoc|rustc-wrapper|rustc-workspace-wrapper))"
    r"\s*=\s*(.*)$", re.S)
# apt's configuration keys whose value is a shell command it runs (APT::Update::Pre-Invoke,
# DPkg::Post-Invoke, DPkg::Pre-Install-Pkgs, …)
_APT_HOOK_WORDS = ("invoke", "install-pkgs")
# options whose value is a program (or a command line) the program runs, by program:
# --name=VALUE and --name VALUE alike (one-letter options: -X VALUE and -XVALUE)
_PROGRAM_OPTIONS: dict[str, tuple[str, ...]] = {
    "wget": ("--use-askpass",), "wget2": ("--use-askpass",), "sort": ("--compress-program",),
    "gsort": ("--compress-program",), "mysql": ("--pager",), "mariadb": ("--pager",), "man": ("--pager",),
    "aria2c": ("--on-download-complete", "--on-download-start", "--on-download-error", "--on-download-pause",
               "--on-download-stop", "--on-bt-download-complete"),
    "svn": ("--editor-cmd", "--diff-cmd", "--diff3-cmd"), "sshfs": ("-o ssh_command", "-o sftp_server"),
    "pandoc": ("--filter", "-F"), "rclone": ("--password-command",), "restic": ("--password-command",),
    "tcpdump": ("-z",), "npm": ("--script-shell",), "pnpm": ("--script-shell",), "yarn": ("--script-shell",),
}  # tcpdump -z: the program run on each rotated capture file
# trusted places for a program an option names by path (anything else is asked about)
_TRUSTED_PROGRAM_DIRS = ("/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/", "/usr/local/bin/", "/usr/local/sbin/",
                         "/opt/homebrew/bin/", "/usr/libexec/", "/usr/lib/", "/nix/store/", "/run/current-system/sw/bin/")


def _untrusted_program(value: str) -> bool:
    """An option's program named by a path outside the system's program directories
    (`--use-askpass=/tmp/x`, `-e ./wrap.sh`): what it runs cannot be read."""
    word = value.strip().split(" ", 1)[0].strip("'\"")
    if "/" not in word or "://" in word:
        return False
    if ".." in word.split("/"):
        return True
    return not word.startswith(_TRUSTED_PROGRAM_DIRS)


def _option_commands(command: str, args: list[str]) -> list[str]:
    """Options whose value is a command the program runs: tar --to-command, rsync -e,
    ssh -o ProxyCommand=, zip -TT, …"""
    out: list[str] = []
    if command not in _OPTION_COMMAND_PROGRAMS:
        return out
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
        elif command in ("apt", "apt-get", "aptitude"):
            value = nxt if a in ("-o", "--option") and nxt else a[2:] if a.startswith("-o") and len(a) > 2 else (
                a.split("=", 1)[1] if a.startswith("--option=") else None)
            if value and "=" in value:
                key, _, v = value.partition("=")
                if any(w in key.lower() for w in _APT_HOOK_WORDS) and v.strip():
                    out.append(v)
        elif command == "dpkg":
            for prefix in ("--pre-invoke=", "--post-invoke="):
                if low.startswith(prefix):
                    out.append(a[len(prefix):])
            if low in ("--pre-invoke", "--post-invoke") and nxt:
                out.append(nxt)
        elif command in ("zip",):
            if a in ("-TT", "--unzip-command") and nxt:
                out.append(nxt)
        elif command in ("less", "man") and a in ("-P",) and nxt and command == "man" or command == "env" and low in ("-s", "--split-string") and nxt:
            out.append(nxt)
        elif command in ("gdb", "lldb") and a in ("-ex", "--eval-command", "-o", "--one-line") and nxt:
            v = nxt.strip()
            if v.startswith(("shell ", "!", "platform shell ")):
                out.append(v.split(" ", 1)[1] if not v.startswith("!") else v[1:])
            elif v.startswith(("pipe ", "|")) and "|" in v.lstrip("|"):  # gdb's `pipe CMD | SHELL_CMD`
                out.append(v.lstrip("|").split("|", 1)[1])
        elif (command in ("emacs", "emacsclient") and a in ("--eval", "-eval", "--execute") and nxt
              and any(t in nxt for t in ("shell-command", "call-process", "start-process", "make-process"))):
            out.extend(_string_literals(nxt, "lisp"))
        if command in _PROGRAM_OPTIONS:
            for name in _PROGRAM_OPTIONS[command]:
                if name.startswith("-o "):  # sshfs -o ssh_command=CMD (also in a comma list)
                    value = nxt if a == "-o" and nxt else a[2:] if a.startswith("-o") and len(a) > 2 else None
                    for item in (value or "").split(","):
                        if item.startswith(name[3:] + "="):
                            out.append(item.split("=", 1)[1])
                elif a == name and nxt is not None:
                    out.append(nxt)
                elif a.startswith(name + "=") and name.startswith("--"):
                    out.append(a[len(name) + 1:])
                elif len(name) == 2 and a.startswith(name) and len(a) > 2 and not name.startswith("--"):
                    out.append(a[2:])
        if command in ("wget", "wget2") and a in ("-e", "--execute") and nxt:
            key, _, value = nxt.replace(" ", "").partition("=")
            if key.lower().replace("_", "") == "useaskpass" and value:
                out.append(value)  # wget -e use_askpass=PROG: a wgetrc command
        elif command in ("less", "more") and a.startswith("+") and len(a) > 2 and a[1] in "!|":
            out.append(a[2:].lstrip())  # less '+!CMD': a less command that runs CMD
        elif command in ("strace", "ltrace") and a in ("-o", "--output") and nxt and nxt[:1] in "|!":
            out.append(nxt[1:])  # strace -o '|CMD': the trace is piped into CMD
        elif command in ("strace", "ltrace") and a.startswith(("-o|", "-o!", "--output=|", "--output=!")):
            out.append(a.split("|", 1)[-1] if "|" in a else a.split("!", 1)[-1])
        elif command == "hg" and a == "--config" and nxt and "=" in nxt:
            key, _, value = nxt.partition("=")
            if key.lower().startswith(("hooks.", "ui.editor", "ui.merge", "ui.ssh", "pager.pager", "merge-tools.")):
                out.append(value)
        elif command in ("make", "gmake") and a.startswith("SHELL="):
            out.append(a[6:])  # the program make runs every recipe line with
        elif command == "go" and a.startswith("-"):
            flag, eq, value = a.lstrip("-").partition("=")
            if flag in _GO_PROGRAM_FLAGS:
                flag_value = value if eq else nxt
                if flag_value:
                    # go test -exec PROG runs `PROG pkg.test ARGS`: the binary is the project's
                    out.append(flag_value + " ./pkg.test" if flag == "exec" else flag_value)
        elif command == "go" and a.startswith("GOFLAGS=") and args[:1] == ["env"]:
            out.extend(_option_commands("go", _split_simple(a[8:])))  # go env -w GOFLAGS=-toolexec=…
        elif command == "cargo" and (a == "--config" and nxt or a.startswith("--config=")):
            program = _cargo_config_program(a[9:] if a.startswith("--config=") else nxt or "")
            if program:
                out.append(program)
        elif command in ("java", "javaw") and a.startswith(("-XX:OnOutOfMemoryError=", "-XX:OnError=")):
            # the JVM runs each `;`-separated command when it runs out of memory or crashes
            out.extend(c.strip() for c in a.split("=", 1)[1].split(";")[:8] if c.strip())
        elif command in ("php", "php-cli"):
            setting = nxt if a in ("-d", "--define") and nxt else a[2:] if a.startswith("-d") and len(a) > 2 else None
            if setting and setting.split("=", 1)[0].strip().lower() == "sendmail_path" and "=" in setting:
                out.append(setting.split("=", 1)[1].strip())  # mail() runs it through the shell
    return out


def _cargo_config_program(item: str) -> str | None:
    """`target.x86_64-unknown-linux-gnu.runner="qemu-x86_64"` (also `target.'cfg(all())'.runner`,
    a TOML array `["sh", "-c", "…"]`): the command line of a program key, or None."""
    found = _CARGO_PROGRAM_KEY.match(item)
    if not found:
        return None
    value = found.group(2)
    value = value.strip()
    if value.startswith("["):
        parts = [m.group(1) if m.group(1) is not None else m.group(2)
                 for m in re.finditer(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'', value)]
        import shlex  # (only here: a hook process seldom needs it)

        return shlex.join(parts) if parts else value
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return value or None


def _substitutions(text: str) -> list[str]:
    """The commands of $(…) and `…` in text expanded like a double-quoted string (an
    unquoted heredoc body); nested ones are found by parsing these."""
    out: list[str] = []
    i, n = 0, len(text)
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


# ------------------------------------------------------------ programs that run a template per item
# fd/fdfind: options that take a value, and the ones whose value narrows what is found
_FD_VALUE_OPTS = frozenset({"-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "--min-depth",
                            "--exact-depth", "-j", "--threads", "-S", "--size", "--changed-within", "--changed-before",
                            "--change-newer-than", "--change-older-than", "--newer", "--older", "-o", "--owner", "-c",
                            "--color", "--search-path", "--base-directory", "--path-separator", "--batch-size",
                            "--max-results", "--ignore-file", "--format", "--max-buffer-time", "--and", "--hyperlink"})
_FD_NARROWING = {"-e": "-name", "--extension": "-name", "-S": "-size", "--size": "-size", "--changed-within": "-newer",
                 "--changed-before": "-newer", "--change-newer-than": "-newer", "--change-older-than": "-newer",
                 "--newer": "-newer", "--older": "-newer", "-o": "-user", "--owner": "-user", "--and": "-regex"}
_FD_EXEC = {"-x": ";", "--exec": ";", "-X": "+", "--exec-batch": "+"}
_MATCH_ALL_PATTERNS = frozenset({"", ".", "^", "$", ".*", "^.*$", "^.*", "*", "**", "\\S*", ".+", "(.*)", "[^/]*"})
# placeholders of fd, rush, gargs, GNU parallel ({}, {/}, {//}, {.}, {/.}, {1}, {2.}, {:}, …)
_PLACEHOLDER = None


def _placeholders(word: str) -> str:
    global _PLACEHOLDER
    if "{" not in word:
        return word
    if _PLACEHOLDER is None:
        import re

        _PLACEHOLDER = re.compile(r"(?<!\$)\{[0-9./:^%@#a-z_-]{0,8}\}")
    return _PLACEHOLDER.sub("{}", word)


def _fd_as_find(args: list[str]) -> list[str] | None:
    """`fd [OPTS] [PATTERN] [PATH…] -x|-X CMD… [;]` as the `find` it amounts to (`find PATH…
    [-regex PATTERN] [-name '*.EXT'] -exec CMD {} ;|+`), so every rule about find -exec
    (deletes under a root, reads of secrets, narrowing filters) judges it; None without an
    exec option."""
    operands: list[str] = []
    roots: list[str] = []
    filters: list[str] = []
    command: list[str] = []
    end = ";"
    glob = False
    i = 0
    while i < len(args) and i < 256:
        a = args[i]
        name, eq, value = a.partition("=")
        if name in _FD_EXEC and not command:
            end = _FD_EXEC[name]
            j = i + 1
            while j < len(args) and args[j] not in (";", "\\;"):
                j += 1
            command = [_placeholders(w) for w in ([value] if eq else []) + args[i + 1:j]]
            i = j + 1
            continue
        if a == "--":
            operands.extend(args[i + 1:])
            break
        if a in ("-g", "--glob"):
            glob = True
        if a.startswith("-") and len(a) > 1:
            v = value if eq else (args[i + 1] if name in _FD_VALUE_OPTS and i + 1 < len(args) else None)
            if name == "--search-path" and v is not None:
                roots.append(v)
            elif name in _FD_NARROWING and v is not None:
                filters += [_FD_NARROWING[name], "*." + v if name in ("-e", "--extension") else v]
            elif name in ("-t", "--type") and v in ("e", "empty"):
                filters.append("-empty")
            i += 1 if eq or name not in _FD_VALUE_OPTS else 2
            continue
        operands.append(a)
        i += 1
    if not command:
        return None
    if operands:
        pattern = operands[0]
        if pattern not in _MATCH_ALL_PATTERNS:
            filters += ["-name" if glob else "-regex", pattern]
        roots += operands[1:]
    if not any("{}" in w for w in command):
        command = command + ["{}"]
    return ["find"] + (roots or ["."]) + filters + ["-exec"] + command + [end]


# xargs-likes: they run a command template once per line of their input. Each entry: the
# options that take a value, the option whose value is a shell script (the template), and
# whether the template is the operands as one shell string ("string", rush/gargs) or argv
# words ("words", xe). Translated into the xargs arguments they amount to.
_XARGS_LIKE: dict[str, tuple[frozenset[str], str, str]] = {
    "rush": (frozenset({"-j", "--jobs", "-D", "--record-delimiter", "-d", "--field-delimiter", "-n", "--nrecords",
                        "-o", "--out-file", "-t", "--timeout", "-r", "--retries", "--retry-interval", "-v",
                        "--assign", "-J", "--records-join-sep", "-T", "--trim", "-I", "--immediate-output",
                        "--delay"}), "", "string"),
    "gargs": (frozenset({"-p", "--procs", "-s", "--sep", "-d", "--delimiter", "-o", "--output"}), "", "string"),
    "xe": (frozenset({"-I", "-N", "-j", "-L", "-p"}), "-s", "words"),
}


def _template_words(template: str) -> list[str]:
    """A command template given as one shell string: its words when it is one simple
    command, else `sh -c TEMPLATE` (the programs run it through a shell)."""
    if any(c in template for c in ";&|<>`$()\n") or not template.strip():
        return ["sh", "-c", template]
    return _split_simple(template)


def _as_xargs(command: str, args: list[str]) -> list[str] | None:
    """The xargs arguments an xargs-like program amounts to (`rush 'rm -rf {}'` →
    `-I{} rm -rf {}`; an input file becomes `-a FILE`), or None."""
    entry = _XARGS_LIKE.get(command)
    if entry is None:
        return None
    value_opts, script_opt, mode = entry
    head: list[str] = []
    operands: list[str] = []
    script = None
    i = 0
    while i < len(args) and i < 256:
        a = args[i]
        name, eq, value = a.partition("=")
        if a == "--":
            operands.extend(args[i + 1:])
            break
        if operands and mode == "words":
            operands.append(a)
            i += 1
            continue
        if a.startswith("-") and len(a) > 1:
            v = value if eq else (args[i + 1] if (name in value_opts or name == script_opt) and i + 1 < len(args)
                                  else None)
            if script_opt and name == script_opt:
                script = v
            elif name in ("-i", "--infile", "-a") and command != "xe":
                head += ["-a", v or "(…)"]
            i += 1 if eq or not (name in value_opts or name == script_opt) else 2
            continue
        operands.append(a)
        i += 1
    if script is not None:
        words = ["sh", "-c", _placeholders(script)]
    elif mode == "string" and operands:
        words = _template_words(_placeholders(" ".join(operands)))
    else:
        words = [_placeholders(w) for w in operands]
    if not words:
        return None
    return head + (["-I{}"] if any("{}" in w for w in words) else []) + words


# ------------------------------------------------------------ output files named by options
# Programs that write a file named by an option (`sort -o F`, `iconv -o F`, `openssl … -out F`,
# `gpg --output F`) or by a positional operand (`uniq IN OUT`, `xxd [-r] IN OUT`): the file is
# written like a redirect's target. Each entry: (options whose value is the output file,
# options that take a value (skipped when counting operands), the operand index written or -1).
_OUTPUT_OPTIONS: dict[str, tuple[frozenset[str], frozenset[str], int]] = {
    "sort": (frozenset({"-o", "--output"}), frozenset({"-k", "--key", "-t", "--field-separator", "-S",
                                                     "--buffer-size", "-T", "--temporary-directory",
                                                     "--parallel", "--batch-size", "--compress-program",
                                                     "--files0-from", "--random-source", "--sort"}), -1),
    "shuf": (frozenset({"-o", "--output"}), frozenset({"-n", "--head-count", "-i", "--input-range",
                                                     "--random-source"}), -1),
    "iconv": (frozenset({"-o", "--output"}), frozenset({"-f", "--from-code", "-t", "--to-code"}), -1),
    "uconv": (frozenset({"-o", "--output"}), frozenset({"-f", "--from-code", "-t", "--to-code", "-x"}), -1),
    "openssl": (frozenset({"-out", "-keyout"}), frozenset(), -1),
    "gpg": (frozenset({"-o", "--output"}), frozenset(), -1),
    "gpg2": (frozenset({"-o", "--output"}), frozenset(), -1),
    "age": (frozenset({"-o", "--output"}), frozenset(), -1),
    "base64": (frozenset({"-o", "--output"}), frozenset(), -1),
    "pandoc": (frozenset({"-o", "--output"}), frozenset(), -1),
    "exiftool": (frozenset({"-o", "-out", "-filename", "-FileName", "-directory", "-Directory"}), frozenset(), -1),
    "patch": (frozenset({"-o", "--output"}), frozenset(), -1),
    "gawk": (frozenset({"--pretty-print", "--dump-variables"}), frozenset(), -1),
    "tcpdump": (frozenset({"-w"}), frozenset(), -1),
    # script's typescript: `script -q -c CMD FILE` (the operand; session 31)
    "script": (frozenset({"-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing"}),
               frozenset({"-c", "--command", "-E", "--echo", "-o", "--output-limit", "-m", "--logging-format"}), 0),
    # find's own output files (`find . -fprintf ~/.profile FMT`, `-fprint F`, `-fls F`)
    "find": (frozenset({"-fprint", "-fprint0", "-fprintf", "-fls"}), frozenset(), -1),
    "time": (frozenset({"-o", "--output"}), frozenset(), -1),
    "uniq": (frozenset(), frozenset({"-f", "--skip-fields", "-s", "--skip-chars", "-w", "--check-chars",
                                    "--group", "--all-repeated"}), 1),
    "xxd": (frozenset(), frozenset({"-c", "-cols", "-g", "-groupsize", "-l", "-len", "-s", "-seek", "-o",
                                   "-offset", "-n", "-name"}), 1),
    # decoders and archivers: the file they write (`uudecode -o F`, `zip ARCHIVE files…`)
    "uudecode": (frozenset({"-o", "--output-file"}), frozenset(), -1),
    "zip": (frozenset({"-O", "--output-file"}), frozenset({"-b", "--temp-path", "-n", "--suffixes", "-t", "--from-date",
                                                         "-tt", "--before-date", "-P", "--password", "-Z",
                                                         "--compression-method", "-s", "--split-size", "-sp",
                                                         "-ll", "-lf", "--logfile-path", "-la"}), 0),
    "zstd": (frozenset({"-o"}), frozenset({"-D", "--patch-from", "-T", "--threads"}), -1),
    "cpio": (frozenset({"-O"}), frozenset({"-H", "--format", "-R", "--owner", "-E", "--pattern-file"}), -1),
    # disk imagers and restorers (session 32): what they write is often a device
    # (`ddrescue --force /dev/zero /dev/sda`, `partclone.ext4 -r -s IMG -o /dev/nvme0n1p2`,
    # `ntfsclone --restore-image -O /dev/sda1 IMG`, `bmaptool copy IMG /dev/sdb`); a regular
    # file is an ordinary write (`ddrescue /dev/sdb disk.img map`)
    "ddrescue": (frozenset(), frozenset({"-a", "--min-read-rate", "-b", "--sector-size", "-c", "--cluster-size",
                                         "-e", "--max-bad-areas", "-E", "--max-error-rate", "-F", "--fill-mode",
                                         "-H", "--test-mode", "-i", "--input-position", "-K", "--skip-size",
                                         "-m", "--domain-mapfile", "-o", "--output-position", "-r",
                                         "--retry-passes", "-s", "--size", "-T", "--timeout", "-x",
                                         "--extend-outfile", "-Z", "--max-read-errors"}), 1),
    "partclone": (frozenset({"-o", "--output", "-O", "--overwrite"}),
                  frozenset({"-s", "--source", "-L", "--logfile", "-z", "--buffer_size", "-a", "--checksum-mode",
                             "-k", "--blocks-per-checksum", "-f", "--UI-fresh", "-C", "--no_check"}), -1),
    "ntfsclone": (frozenset({"-o", "--output", "-O", "--overwrite"}), frozenset(), -1),
    "dd_rescue": (frozenset(), frozenset({"-s", "-S", "-b", "-B", "-m", "-e", "-l", "-o", "-L", "-x"}), 1),
    # pipe tools with an output option (`pv -o /dev/sda img`, `mbuffer -i img -o /dev/sdb`)
    "pv": (frozenset({"-o", "--output"}), frozenset({"-s", "--size", "-L", "--rate-limit", "-B", "--buffer-size",
                                                   "-N", "--name", "-i", "--interval", "-w", "--width", "-H",
                                                   "--height", "-F", "--format", "-d", "--watchfd", "-R",
                                                   "--remote", "-P", "--pidfile"}), -1),
    "mbuffer": (frozenset({"-o"}), frozenset(), -1),
}

# the programs of a family named by a prefix (`partclone.ext4`, `partclone.xfs`, `partclone.dd`)
_OUTPUT_PREFIXES = (("partclone.", "partclone"),)

# fio's workloads that write (`--rw=write|randwrite|rw|randrw|readwrite|trim|randtrim|trimwrite`)
_FIO_WRITES = frozenset({"write", "randwrite", "rw", "randrw", "readwrite", "trim", "randtrim", "trimwrite"})
_QEMU_IMG_VALUED = frozenset({"-f", "-O", "-o", "-s", "-l", "-B", "-t", "-T", "-m", "-S", "-r", "-F", "-b",
                              "--object", "--target-format", "--source-format"})


def _device_writers(command: str, args: list[str]) -> list[str] | None:
    """What a disk tool writes when options, not an output file option, say so (session 32):
    `fio --filename=F` with a workload that writes, `qemu-img convert … OUT` (also `create F`,
    `dd of=F`), `bmaptool copy IMG OUT`, `fsarchiver restfs A id=0,dest=DEV`. None: not one."""
    if command == "fio":
        rw = [a.split("=", 1)[1] for a in args if a.startswith(("--rw=", "--readwrite="))]
        if not any(v.lower() in _FIO_WRITES for v in rw) or "--readonly" in args:
            return []
        files = [a.split("=", 1)[1] for a in args if a.startswith("--filename=")]
        return [f for v in files[:4] for f in v.split(":")[:8] if f]
    if command == "qemu-img":
        ops = _positionals_skipping(args, _QEMU_IMG_VALUED)
        if ops[:1] == ["convert"] and len(ops) >= 3:
            return ops[-1:]
        if ops[:1] == ["create"] and len(ops) >= 2:
            return ops[1:2]
        if ops[:1] == ["dd"]:
            return [a[3:] for a in args if a.startswith("of=")][:4]
        return []
    if command == "bmaptool":
        ops = _positionals_skipping(args, frozenset({"--bmap", "--psplit", "--bmap-sig", "--fingerprint",
                                                     "--keyring"}))
        return ops[2:3] if ops[:1] == ["copy"] else []
    if command == "fsarchiver":
        if "restfs" not in args[:8]:
            return []
        return [p[5:] for a in args if "dest=" in a for p in a.split(",")[:8] if p.startswith("dest=")][:4]
    return None


def _positionals_skipping(args: list[str], valued: frozenset[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for a in args[:64]:
        if skip:
            skip = False
        elif a.startswith("-") and len(a) > 1:
            skip = a in valued
        else:
            out.append(a)
    return out

_TAR_NAMES = frozenset({"tar", "gtar", "bsdtar"})
_TAR_CREATE_LONG = frozenset({"--create", "--append", "--update", "--concatenate", "--catenate"})
_TAR_VALUE_LETTERS = "fbCTXgLNVHK"  # short options whose value follows (in the order of their letters)


def _tar_archive(args: list[str]) -> list[str]:
    """The archive `tar` writes when it creates or adds to one: `tar -cf A …`, `tar czf A .`,
    `tar -czvf A`, `tar --create --file=A`, `tar -rf A x`, `tar -c -f A`. Extracting and
    listing read it (an extraction's destination is judged apart)."""
    creates, files = False, []
    i = 0
    while i < len(args) and i < 64:
        a = args[i]
        if a == "--":
            break
        if a in _TAR_CREATE_LONG:
            creates = True
        elif a == "--file" and i + 1 < len(args):
            files.append(args[i + 1])
            i += 1
        elif a.startswith("--file="):
            files.append(a.split("=", 1)[1])
        elif a.startswith("--"):
            pass
        elif (a.startswith("-") and len(a) > 1) or (i == 0 and a.isalpha()):
            # a cluster (`-czvf A`), or the old style first word (`czf A`: values follow in order)
            letters = a.lstrip("-")
            creates = creates or any(c in "cruA" for c in letters)
            pending = [c for c in letters if c in _TAR_VALUE_LETTERS]
            if a.startswith("-") and "f" in letters and letters.index("f") < len(letters) - 1 and \
                    not letters[letters.index("f") + 1:].isalpha():
                files.append(letters[letters.index("f") + 1:])  # -fARCHIVE.tar
                pending = []
            for c in pending:
                if i + 1 < len(args):
                    i += 1
                    if c == "f":
                        files.append(args[i])
        i += 1
    return files[:4] if creates else []

# structured-data editors that change a file in place: `dasel put|delete -f F` (unless -o
# names another output), trentm's `json -I -f F`, `crudini --set|--del F`, KDE's
# `kwriteconfig5|6 --file F --group G --key K V`; and `git config --file|-f F KEY VALUE`, an INI
# writer for any file (`git config -f ~/.config/autostart/u.desktop 'Desktop Entry.Exec' P`)
_IN_PLACE_EDITORS = frozenset({"dasel", "json", "crudini", "kwriteconfig5", "kwriteconfig6", "kwriteconfig"})
_GIT_CONFIG_READERS = frozenset({"--get", "--get-all", "--get-regexp", "-l", "--list", "--get-urlmatch", "--get-color",
                                 "--get-colorbool", "--show-origin", "--show-scope", "get", "list", "-e", "--edit",
                                 "edit", "--help", "-h"})
_GIT_CONFIG_WRITERS = frozenset({"--unset", "--unset-all", "--add", "--replace-all", "--remove-section",
                                 "--rename-section", "unset", "set", "rename-section", "remove-section"})


def _git_config_file(args: list[str]) -> list[str]:
    """`git [-C D] config [--file|-f F] KEY VALUE` (also `git config set`): F when it is written."""
    if "config" not in args[:8]:
        return []
    rest = args[args.index("config") + 1:]
    if any(a in _GIT_CONFIG_READERS for a in rest[:16]):
        return []
    for i, a in enumerate(rest[:16]):
        if a.startswith("--file="):
            target, after = a.split("=", 1)[1], rest[i + 1:]
        elif a in ("-f", "--file") and i + 1 < len(rest):
            target, after = rest[i + 1], rest[i + 2:]
        else:
            continue
        if not target or target == "-":
            return []
        sets = len([o for o in after if not o.startswith("-")]) >= 2 or any(o in _GIT_CONFIG_WRITERS for o in rest)
        return [target] if sets else []
    return []


def _in_place_edits(command: str, args: list[str]) -> list[str]:
    if command == "dasel":
        if not any(a in ("put", "delete") for a in args[:2]):
            return []
        out = _option(args, ("-o", "--out"))
        return [out] if out else [f for f in [_option(args, ("-f", "--file"))] if f]
    if command == "json":
        if not any(a in ("-I", "--in-place") for a in args):
            return []
        return [f for f in [_option(args, ("-f",))] if f]
    if command.startswith("kwriteconfig"):
        return [f for f in [_option(args, ("--file",))] if f]
    for i, a in enumerate(args):  # crudini --set FILE SECTION …
        if a in ("--set", "--del", "--merge") and i + 1 < len(args):
            return [args[i + 1]]
    return []


# programs whose single-dash options are whole words (`openssl -out`, `exiftool -overwrite_original`)
_SINGLE_DASH_LONG = frozenset({"openssl", "exiftool", "xxd", "find"})


def _output_files(command: str, args: list[str]) -> list[str]:
    """The files a program writes because an option or operand names them (see
    `_OUTPUT_OPTIONS`); busybox applets and `tftp -g -l LOCAL` too."""
    if command == "busybox" and args:
        command, args = _basename(args[0]), args[1:]
    if command in ("tftp", "atftp") and any(a in ("-g", "--get") or (a.startswith("-") and not a.startswith("--")
                                                                          and "g" in a[1:]) for a in args):
        local = _option(args, ("-l", "--local-file"))
        return [local] if local else []
    if command in _IN_PLACE_EDITORS:
        return _in_place_edits(command, args)
    if command == "git":
        return _git_config_file(args)
    if command in _TAR_NAMES or command == "jar":  # jar cf A …: tar's letters
        return [f for f in _tar_archive(args) if f and f != "-" and not f.startswith("/dev/std")]
    if command == "pax" and any(a == "-w" or (a.startswith("-") and not a.startswith("--") and "w" in a[1:]
                                              and a[1:].isalpha()) for a in args):
        archive = _option(args, ("-f",))
        return [archive] if archive and archive != "-" else []
    if command in ("7z", "7za", "7zz", "7zr", "rar"):
        ops = [a for a in args if not a.startswith("-")]
        return ops[1:2] if ops[:1] in (["a"], ["u"], ["d"], ["rn"]) else []  # 7z a ARCHIVE files…
    devices = _device_writers(command, args)
    if devices is not None:
        return [f for f in devices if f and f != "-" and not f.startswith("/dev/std")]
    for prefix, family in _OUTPUT_PREFIXES:
        if command.startswith(prefix):
            command = family
    entry = _OUTPUT_OPTIONS.get(command)
    if entry is None:
        return []
    outputs, valued, index = entry
    found: list[str] = []
    operands: list[str] = []
    i = 0
    while i < len(args) and len(found) < 8:
        a = args[i]
        if a == "--":
            operands.extend(args[i + 1:])
            break
        name, eq, value = a.partition("=")
        if name in outputs:
            if eq:
                found.append(value)
            elif i + 1 < len(args):
                found.append(args[i + 1])
                i += 1
        elif command not in _SINGLE_DASH_LONG and len(a) > 2 and a[1] != "-" and (
                a[:2] in outputs or a[1:].isalpha() and f"-{a[-1]}" in outputs):
            if a[:2] in outputs:  # sort -oFILE
                found.append(a[2:])
            elif i + 1 < len(args):  # sort -mo FILE: flags clustered before the output option
                found.append(args[i + 1])
                i += 1
        elif a.startswith("-") and len(a) > 1:
            if not eq and name in valued:
                i += 1
        else:
            operands.append(a)
        i += 1
    if index >= 0 and len(operands) > index:
        found.append(operands[index])
    return [f for f in found if f and f != "-" and not f.startswith("/dev/std")]



def _sed_parts(c: str, *, decode: bool) -> tuple[list[str], int]:
    """The pattern and replacement of a sed `s` (or `y`) command `c` (delimiter `c[1]`) and the
    index past them. `decode`: escapes read as sed writes them (`\\n` a newline, an escaped
    delimiter the delimiter); otherwise kept as written."""
    d = c[1]
    parts: list[str] = []
    cur: list[str] = []
    j = 2
    while j < len(c) and len(parts) < 2:
        ch = c[j]
        if ch == "\\" and j + 1 < len(c):
            nxt = c[j + 1]
            cur.append(("\n" if nxt == "n" else nxt if nxt == d else c[j:j + 2]) if decode else c[j:j + 2])
            j += 2
            continue
        if ch == d:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        j += 1
    return parts, j


def _sed_written(scripts: list[str]) -> list[str]:
    """Files a sed script writes: `w FILE`, `W FILE`, `ADDRw FILE`, `/re/w FILE`, and the
    `w FILE` flag of `s///` (`s/a/b/gw FILE`); the file name runs to the end of the line."""
    out: list[str] = []
    for script in scripts:
        for line in script.split("\n"):
            rest = line
            while rest and len(out) < 8:
                c = rest.strip().lstrip("{").lstrip()
                c = c.lstrip("0123456789,$!~+ ")
                while c.startswith(("/", "\\")) and len(c) > 1:  # an address /re/ or \%re%
                    delim = c[1] if c[0] == "\\" else "/"
                    end = c.find(delim, 2 if c[0] == "\\" else 1)
                    if end < 0:
                        c = ""
                        break
                    c = c[end + 1:].lstrip("IM").lstrip("0123456789,$!~+ ")
                c = c.lstrip("{").lstrip()
                if c[:1] in ("w", "W") and (len(c) == 1 or c[1] in " \t/~.$"):
                    name = c[1:].strip()
                    if name:
                        out.append(name)
                    break
                if c.startswith(("s", "y")) and len(c) > 3 and not c[1].isalnum() and not c[1].isspace():
                    parts, j = _sed_parts(c, decode=False)
                    flags = c[j:]
                    if c[0] == "s" and len(parts) == 2:
                        k = 0
                        while k < len(flags) and flags[k] in "gpiImMe0123456789":
                            k += 1
                        if flags[k:k + 1] == "w":
                            name = flags[k + 1:].strip()
                            if name:
                                out.append(name)
                            break
                        rest = flags[k:].lstrip().lstrip(";}").lstrip()
                        continue
                    rest = flags.lstrip().lstrip(";}").lstrip()
                    continue
                cut = c.find(";")
                rest = c[cut + 1:] if cut >= 0 else ""
    return out


_AWK_STRING = lazy(r'"(?:[^"\\\n]|\\.)*"')
_AWK_OUTPUT = lazy(r"\bprintf?\b[^;{}\n]*?(>>?)\s*([^;}\n]+)")
_AWK_HOME = lazy(r'ENVIRON\s*\[\s*"HOME"\s*\]')


def _awk_written(program: str) -> list[str]:
    """Files an awk program writes with `print … > FILE` / `>> FILE`: a literal name, or the
    pieces of a concatenation (`ENVIRON["HOME"] "/.bashrc"` is `~/.bashrc`; any other
    computed piece stays an unknown `$…`, so the path is judged as unresolved)."""
    masked = _AWK_STRING.sub(lambda m: '"' + "_" * (len(m.group(0)) - 2) + '"', program[:65536])
    out: list[str] = []
    for m in _AWK_OUTPUT.finditer(masked):
        start, end = m.span(2)
        target = _AWK_HOME.sub('"~"', program[start:end]).strip()
        target = re.split(r"\s*(?:\|\||&&|\)\s*$)", target)[0].strip()
        pieces = re.findall(r'"((?:[^"\\]|\\.)*)"|(\S+)', target)
        text = "".join(lit if lit or not other else "$AWK" for lit, other in pieces)
        if not text or text.startswith("$AWK") and "/" not in text:
            continue  # print > $1".txt": a name taken from the data, in the working directory
        out.append(text)
        if len(out) >= 8:
            break
    return out


# ------------------------------------------------------------ D-Bus calls to the service manager
# busctl, dbus-send, gdbus and qdbus can call systemd's (and logind's) manager directly:
# the same effect as `systemctl start|enable|set-environment|poweroff …`, spelled as a
# method call. Methods that only read (Get*, List*, Lookup*, Dump*, Introspect, …) run
# nothing; the ones below are read as the systemctl command they amount to; any other
# method of these services (StartTransientUnit with an ExecStart, SetUnitProperties,
# Reexecute, set-property on the manager) cannot be read here and is marked.
DBUS_PROGRAMS = frozenset({"busctl", "dbus-send", "gdbus", "qdbus", "qdbus6", "qdbus-qt5"})
_DBUS_MANAGERS = ("org.freedesktop.systemd1", "org.freedesktop.login1")
_DBUS_READ_PREFIXES = ("get", "list", "lookup", "dump", "introspect", "ping", "subscribe", "unsubscribe",
                       "canpoweroff", "canreboot", "canhalt", "cansuspend", "canhibernate", "inhibit")
_DBUS_SYSTEMCTL = {
    "startunit": "start", "startunitreplace": "start", "stopunit": "stop", "restartunit": "restart",
    "tryrestartunit": "try-restart", "reloadunit": "reload", "reloadorrestartunit": "reload-or-restart",
    "reloadortryrestartunit": "try-reload-or-restart", "killunit": "kill", "enableunitfiles": "enable",
    "enableunitfileswithflags": "enable", "linkunitfiles": "link", "maskunitfiles": "mask",
    "disableunitfiles": "disable", "disableunitfileswithflagsandinstallinfo": "disable",
    "reenableunitfiles": "reenable", "presetunitfiles": "preset", "setdefaulttarget": "set-default",
    "setenvironment": "set-environment", "unsetandsetenvironment": "set-environment", "poweroff": "poweroff",
    "reboot": "reboot", "halt": "halt", "kexec": "kexec", "suspend": "suspend", "hibernate": "hibernate",
    "softreboot": "soft-reboot", "isolateunit": "isolate",
}
_DBUS_VALUE_OPTS = frozenset({"-H", "--host", "-M", "--machine", "--timeout", "--expect-reply", "--dest", "-d",
                              "--object-path", "-o", "--method", "-m", "--reply-timeout", "--type", "--address"})


def _dbus_call(command: str, args: list[str]) -> tuple[str, str, str, list[str], bool] | None:
    """(verb, destination, method, values, user bus) of a D-Bus call, or None."""
    user = any(a in ("--user", "--session") for a in args)
    ops: list[str] = []
    opts: dict[str, str] = {}
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("-") and "=" in a:
            k, _, v = a.partition("=")
            opts[k] = v
        elif a in _DBUS_VALUE_OPTS and i + 1 < len(args):
            opts[a] = args[i + 1]
            i += 1
        elif not a.startswith("-"):
            ops.append(a)
        i += 1
    if command == "busctl":
        if len(ops) >= 5 and ops[0] in ("call", "set-property"):
            return ops[0], ops[1], ops[4], ops[6:], user  # SERVICE OBJECT INTERFACE METHOD SIGNATURE ARGS
        return None
    if command == "dbus-send":
        dest = opts.get("--dest", "")
        if len(ops) >= 2:
            return "call", dest, ops[1].rsplit(".", 1)[-1], [v.split(":")[-1] for v in ops[2:]], user
        return None
    if command == "gdbus":
        if ops[:1] == ["call"]:
            dest = opts.get("--dest", opts.get("-d", ""))
            method = opts.get("--method", opts.get("-m", ""))
            # GVariant text: `'x.service'`, `['/tmp/a.service', 'b']`
            values = [w for v in ops[1:] for w in re.split(r"[\[\]'\", ]+", v) if w]
            return "call", dest, method.rsplit(".", 1)[-1], values, user
        return None
    if len(ops) >= 3:  # qdbus [--system] SERVICE PATH METHOD ARGS
        return "call", ops[0], ops[2].rsplit(".", 1)[-1], ops[3:], user
    return None


def _dbus_manager_effect(command: str, args: list[str]) -> tuple[list[str] | None, bool]:
    """The systemctl command a D-Bus call to the service manager amounts to, and whether
    it does something that cannot be read here."""
    call = _dbus_call(command, args)
    if call is None:
        return None, False
    verb, dest, method, values, user = call
    if dest not in _DBUS_MANAGERS:
        return None, False
    low = method.lower()
    if verb == "set-property":
        return None, True
    if low.startswith(_DBUS_READ_PREFIXES):
        return None, False
    sub = _DBUS_SYSTEMCTL.get(low)
    if sub is None:
        return None, True
    if sub == "set-environment":
        words = [v for v in values if "=" in v]
    elif sub in ("poweroff", "reboot", "halt", "kexec", "suspend", "hibernate", "soft-reboot"):
        words = []
    else:
        words = [v for v in values if "." in v or "/" in v]
    return ["systemctl"] + (["--user"] if user else []) + [sub] + words, False


# ------------------------------------------------------------ programs that delete as a side effect
# Archivers that delete what they archived (`rar a -df A ~/`, `rar m A DIR`, `7z a -sdel A ~`,
# `zip -rm A DIR`, `tar -cf A --remove-files DIR`), syncers that make a replica like the one
# forced (`unison EMPTY ~ -force EMPTY|-prefer EMPTY`), age-based cleaners (`tmpreaper 0 ~`,
# `tmpwatch --all 0 ~`) and duplicate removers (`fdupes -rdN ~`, `jdupes -d`, `rdfind
# -deleteduplicates true ~`): the paths they delete in, read as `rm -r PATHS` (a nested
# segment), so the deletion rules judge them like rm. systemd-tmpfiles is read in stdin.py
# (its R/r/D lines may come from stdin).
_SIDE_DELETERS = frozenset({"rar", "7z", "7za", "7zz", "7zr", "zip", "tar", "gtar", "bsdtar", "unison", "tmpreaper",
                            "tmpwatch", "fdupes", "jdupes", "rdfind"})
_ZIP_VALUED = frozenset({"-b", "--temp-path", "-n", "--suffixes", "-t", "--from-date", "-tt", "--before-date", "-P",
                         "--password", "-Z", "--compression-method", "-s", "--split-size", "-sp", "-O",
                         "--output-file", "-x", "-i", "--exclude", "--include"})
_TAR_LONG_VALUED = frozenset({"--file", "--directory", "--exclude", "--files-from", "--exclude-from", "--transform",
                              "--owner", "--group", "--mode", "--mtime", "--label", "--use-compress-program",
                              "--newer", "--after-date", "--newer-mtime", "--format", "--xform"})
_CLEANER_VALUED = frozenset({"--protect", "-x", "--exclude", "-X", "--exclude-pattern", "-U", "--exclude-user",
                             "--delay"})
_DUPES_VALUED = frozenset({"-o", "--order", "-l", "--log", "-x", "--exclude", "-X", "--ext-filter", "-C",
                           "--chunk-size", "-y", "--hash-db"})


def _unison_targets(args: list[str]) -> list[str]:
    roots, preferred, i = [], None, 0
    while i < len(args) and i < 64:
        a = args[i]
        name, eq, value = a.partition("=")
        if name in ("-force", "-prefer", "-root") and (eq or i + 1 < len(args)):
            value = value if eq else args[i + 1]
            if name == "-root":
                roots.append(value)
            else:
                preferred = value
            i += 1 if eq else 2
            continue
        if not a.startswith("-") and (a.startswith(("/", "~", ".", "$")) or "://" in a or a.startswith("ssh:")):
            roots.append(a)
        i += 1
    if preferred is None or preferred not in roots:
        return []  # -prefer newer|older, or no root made like another
    return [r for r in roots if r != preferred and "://" not in r and not r.startswith("ssh:")]


def _tar_removed(args: list[str]) -> list[str]:
    if "--remove-files" not in args:
        return []
    ops, i = [], 0
    while i < len(args) and i < 64:
        a = args[i]
        if a in _TAR_LONG_VALUED:
            i += 2
            continue
        if a.startswith("--"):
            i += 1
            continue
        if (a.startswith("-") and len(a) > 1) or (i == 0 and a.isalpha()):
            i += 1 + sum(1 for c in a.lstrip("-") if c in _TAR_VALUE_LETTERS)
            continue
        ops.append(a)
        i += 1
    return ops


def _side_deleted(command: str, args: list[str]) -> list[str]:
    """The paths a program deletes as a side effect (see `_SIDE_DELETERS`), else []."""
    if command not in _SIDE_DELETERS or not args:
        return []
    out: list[str] = []
    if command == "rar":
        ops = [a for a in args if not a.startswith("-")]
        if ops[:1] in (["m"], ["mf"]) or ops[:1] in (["a"], ["u"], ["f"]) and any(
                a in ("-df", "-dr") for a in args):
            out = ops[2:] or ["."]
    elif command in ("7z", "7za", "7zz", "7zr"):
        ops = [a for a in args if not a.startswith("-")]
        if ops[:1] in (["a"], ["u"]) and "-sdel" in args:
            out = ops[2:] or ["."]
    elif command == "zip":
        if any(a in ("-m", "--move") or (a.startswith("-") and not a.startswith("--") and "m" in a[1:] and
                                          a[1:].isalnum()) for a in args):
            out = _positionals(args, _ZIP_VALUED)[1:]
    elif command in ("tar", "gtar", "bsdtar"):
        out = _tar_removed(args)
    elif command == "unison":
        out = _unison_targets(args)
    elif command in ("tmpreaper", "tmpwatch"):
        out = _positionals(args, _CLEANER_VALUED)[1:]  # AGE DIRS…
    elif command in ("fdupes", "jdupes"):
        if any(a == "--delete" or (a.startswith("-") and not a.startswith("--") and "d" in a[1:] and
                                   a[1:].isalpha()) for a in args):
            out = _positionals(args, _DUPES_VALUED)
    elif command == "rdfind":
        pairs = {args[i].lower(): args[i + 1].lower() for i in range(len(args) - 1) if args[i].startswith("-")}
        if pairs.get("-deleteduplicates") == "true":
            out, i = [], 0
            while i < len(args) and i < 64:
                if args[i].startswith("-"):
                    i += 2
                    continue
                out.append(args[i])
                i += 1
    return [p for p in out if p and p != "-"][:16]


# systemd-tmpfiles --remove|--clean: the lines that delete (R/r/D removed, and with --clean
# the directories whose files older than the age are cleaned), `%h` the home directory
_TMPFILES_REMOVE = frozenset("RrD")
_TMPFILES_CLEAN = frozenset("dDevqQCx")


def _tmpfiles_deleted(args: list[str], text: str) -> list[str]:
    remove, clean = "--remove" in args, "--clean" in args
    out = []
    for line in text.splitlines()[:256]:
        fields = line.split()
        if len(fields) < 2 or fields[0].startswith("#"):
            continue
        kind = fields[0].rstrip("!-=~^+")[:1]
        if remove and kind in _TMPFILES_REMOVE or clean and kind in _TMPFILES_CLEAN and len(fields) > 5 and \
                fields[5] != "-":
            out.append(fields[1].replace("%h", "~").replace("%H", "~"))
    return out[:16]
