"""Shell facts: simple commands (bindings, functions, aliases, wrappers, nested payloads)."""

from __future__ import annotations

import re

from ..lazy_re import lazy  # compiled on first use: most commands never need these
from .destinations import copy_destinations
from .programs import (
    _XARGS_LIKE,
    DBUS_PROGRAMS,
    _as_xargs,
    _dbus_manager_effect,
    _fd_as_find,
    _option,
    _option_commands,
    _output_files,
    _untrusted_program,
)
from .routes import _NPM_EXEC_KEYS, compose_payload
from .tables import _ALL_POSITIONAL, _FIND_EXEC, _FOREIGN_SHELLS, _RESERVED_SKIP, _SHELLS, _XARGS_VALUE_OPTS
from .words import (
    _BRACE_LIMIT,
    _DEFAULTS,
    _apply_operator,
    _brace_end,
    _identifiers,
    _param_parts,
    _printf_text,
    _ref_at,
    _split_simple,
    _variants,
    _Word,
)
from .wrappers import (
    _FLEET_RUNNERS,
    _after_options,
    _basename,
    _remote_runner_payloads,
    _script_payload,
    _shell_c_payload,
    _ssh_remote_command,
    _strip_wrappers,
    _su_payload,
    _wrapper_chdir,
)

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser


# every program expand_payloads' first chain of branches names (the others skip it)
_PAYLOAD_PROGRAMS = _SHELLS | _FOREIGN_SHELLS | frozenset({
    "su", "runuser", "sg", "flock", "script", "eval", ".", "source", "trap", "start-stop-daemon", "ssh", "autossh",
    "bwrap", "systemd-nspawn", "nsjail", "minijail0", "sandbox-exec", "watch", "nix-shell", "nix", "direnv", "entr",
    "docker", "podman", "nerdctl", "docker-compose", "podman-compose", "kubectl", "oc", "lxc", "incus", "multipass", "vagrant", "salt", "salt-ssh",
    "aws", "awslocal", "az", "gcloud", "fly", "flyctl"}) | frozenset(_FLEET_RUNNERS)


# ------------------------------------------------------------ simple commands
def simple_command(self: _Parser, words, redirects, context, depth, pipeline, operator):
    words = [w for w in words if w.text != "()" or w.quoted]
    children = [node for w in words for nodes in w.nested for node in nodes]
    if redirects:
        children += [node for r in redirects for nodes in r.get("_nested") or () for node in nodes]
    holder = {"children": children, "depth": depth}
    for r in redirects:
        if r.get("_expands"):
            r["_holder"] = holder  # substitutions in the body are parsed when it is read
    assignments: dict[str, str] = {}
    i = 0
    # `! out=$(make test)`, `if ! out=…`, `while x=…`: the assignment runs whenever the line is
    # reached (`!` only negates its status). After `then`, `else`, `do`, `elif` it may not run:
    # those stay as they were read before (not assignments the parser follows).
    prefix = [w.text for w in words[:2] if not w.quoted]
    if prefix[:1] in (["if"], ["while"], ["until"]):
        i = 2 if prefix[1:2] == ["!"] else 1
    elif prefix[:1] == ["!"]:
        i = 1
    if i and not (i < len(words) and self.is_assignment(words[i])):
        i = 0
    reserved = words[:i]
    appends: set[str] = set()  # `name+=value`: appended to the variable's value
    while i < len(words) and self.is_assignment(words[i]):
        name, _, value = words[i].text.partition("=")
        if name.endswith("+"):
            name = name[:-1]
            appends.add(name)
        assignments[name] = value
        i += 1
    command_words = words[i:] if i > len(reserved) else reserved + words[i:]
    # reserved words at command position: the command follows them
    while command_words and not command_words[0].quoted and command_words[0].text in _RESERVED_SKIP:
        command_words = command_words[1:]
    if i == 0 and len(command_words) < len(words):
        # `then D=/`, `do D=~`, `else …`: assignments in a body that may not run (see certain())
        while command_words and self.is_assignment(command_words[0]):
            name, _, value = command_words[0].text.partition("=")
            if name.endswith("+"):
                name = name[:-1]
                appends.add(name)
            assignments[name] = value
            command_words = command_words[1:]
    if command_words and not command_words[0].quoted and command_words[0].text in ("for", "select"):
        self.loop_header(command_words)
        command_words = []  # a loop header: no command runs here
    elif command_words and not command_words[0].quoted and command_words[0].text == "case":
        command_words = []
    conditional = False
    if not command_words:
        literal: set[str] = set()
        conditional = bool(assignments) and not self.certain(operator)
        if appends:
            # `f=.en; f+=v`: the value appended to the known one (`.env`); appended where it may
            # not run, in a nested command or to a value not known: unknown, never the old value
            for k in appends:
                old = self.variables.get(k)
                if old is None or conditional or redirects or depth != 0 or k in self.append_unknown:
                    self.forget(k)
                    self.append_unknown.add(k)  # (a function body's append runs at each call: unknown for good)
                    assignments[k] = "${" + k + "}" + assignments[k]
                else:
                    assignments[k] = old + assignments[k]
        if assignments and not redirects and depth == 0:
            literal = {w.text.partition("=")[0].rstrip("+") for w in words[len(reserved):i]
                       if not (w.expansion or w.substitution)}
            literal = {k for k in literal if not (k in appends and _keeps_marks(assignments[k]))}
            self.variables.update({k: v for k, v in assignments.items() if k in literal and k not in self.append_unknown})
        for k, v in assignments.items():
            if conditional or _definitions(self.root, k) != 1 or k in self.append_unknown:
                self.forget(k)  # assigned where it may not run, or in more than one place: unknown
                if conditional:
                    self.uncertain.add(k)
                continue
            if k in literal:
                continue
            if depth == 0 and not redirects and _keeps_marks(v):
                self.variables[k] = v  # k=$TOKEN, d=$(…): later $k is that (unresolved) text
                self.bindings.pop(k, None)
            else:
                self.forget(k)  # an assignment in a nested command: its value is unknown here
        for w in words[len(reserved):i]:
            if w.elements is not None:
                self.array_assigned(w, conditional or bool(redirects) or depth != 0)
        if not assignments and not redirects and not children:
            return None
    texts = [self.bound(w) if w.expansion else [w.text] for w in command_words]  # bound() of a literal word
    is_literal = True
    for w in command_words:
        if w.expansion or (w.substitution and ("(…)" in w.text or "`…`" in w.text)):
            is_literal = False
            break
    node = {
        "context": context, "depth": depth, "pipeline": pipeline, "operator": operator,
        "raw_words": [t[0] for t in texts], "assignments": assignments,
        "redirects": [{k: r[k] for k in ("op", "target", "fd", "dup")} for r in redirects],
        "opaque": False, "opaque_reasons": [], "children": children,
        "_literal": is_literal,
        "_heredocs": [r for r in redirects if r["op"] in ("<<", "<<-", "<<<")],
    }
    if conditional:
        node["conditional"] = True  # the views and lib/shell do not take its values as known
    argv_words = list(command_words)
    heads: dict[str, list[str]] | None = None  # a command-position expansion's literal values, split
    if argv_words:
        head = argv_words[0]
        if head.expansion and not head.substitution:
            heads = self.literal_head(head, texts[0])
            if heads is None and len(texts[0]) == 1:
                heads = self.positional_head(head, texts[0][0])
        if heads is None and len(texts[0]) == 1:
            heads = self.array_head(head, head.text)  # (bound() may have read the element already)
            if heads is not None:
                heads = {texts[0][0]: heads[head.text]}
        if heads is not None:
            pass  # `PY=python3; $PY -m pytest`, `for py in python3.11 python3.12; do $py …`: each value is read
        elif head.substitution and ("(…)" in head.text or "`…`" in head.text):
            self.mark(node, "command_substitution_in_command_name")
        elif head.expansion or (head.glob and head.text not in ("[", "[[")):
            self.mark(node, "variable_command")
            resolved = self.resolve(head)
            if resolved is not None and texts[0][0] == head.text:
                node["resolved_argv"] = resolved.split() + [t[0] for t in texts[1:]]
                node["resolved_command"] = _basename(node["resolved_argv"][0]) if node["resolved_argv"] else ""
    # an unquoted expansion whose value has blanks is several words (`for t in status "push
    # --force origin main"; do git $t`): split, unless IFS is changed anywhere
    splits = [k for k, w in enumerate(command_words) if k and w.expansion and not w.quoted
              and "IFS" not in self.root and any(" " in v or "\t" in v for v in texts[k])] if not is_literal else []
    argv = _split_at(splits, [t[0] for t in texts])
    if heads is not None:
        argv = heads[argv[0]] + argv[1:]
    self.finish_node(node, argv, redirects, depth, operator)
    # "$@" after `set -- a b`: each positional parameter is a word of its own
    positional = self.positional
    if positional is not None and any(w.text in _ALL_POSITIONAL for w in command_words):
        spliced: list[str] = []
        for w, t in zip(command_words, texts, strict=False):
            spliced.extend(positional if w.text in _ALL_POSITIONAL else [t[0]])
        if spliced:
            self.child_words(node, spliced, depth, "positional_expansion", [])
    # a for-loop variable with several values: one more segment per other value
    for variant in self.loop_variants(command_words, texts):
        variant = _split_at(splits, variant)
        if heads is not None:
            variant = heads.get(variant[0], variant[:1]) + variant[1:]
        self.child_words(node, variant, depth, "loop_expansion", [])
    if argv_words:
        name = argv_words[0].text
        if argv_words[0].quoted or name not in self.functions or name in self.expanding or depth + 1 > self.max_depth:
            self.unexpanded.add(name)  # not read as a call of a function with its arguments
        for words in (heads or {}).values():
            self.unexpanded.update(words[:1])
        if not argv_words[0].quoted:
            self.user_defined(node, name, command_words, texts, depth)
    return node


def finish_node(self: _Parser, node: dict, argv: list[str], redirects: list[dict], depth: int, operator) -> None:
    node["_cd"] = self.cd_current  # how deep the cds before it went (code.outside_code)
    wrappers, argv = _strip_wrappers(argv, node["assignments"])
    node["wrappers"] = wrappers
    node["argv"] = argv
    node["command"] = _basename(argv[0]) if argv else ""
    node["args"] = argv[1:]
    if node["command"] in _ASSIGNING_BUILTINS and not node.get("wrappers"):
        self.builtin_assignments(node, depth)
    if "IFS" in node["assignments"] and not (argv and argv[0] == "read" and not wrappers):
        # word splitting no longer happens where the parser thinks; not `IFS=, read -r a b` /
        # `while IFS= read -r f`: a prefix assignment lasts for that one builtin, which splits only
        # its input into its variables (unknown values either way)
        self.mark(node, "ifs_changed")
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
    elif node["command"] == "shift" and self.positional is not None:
        # `shift [N]`: read in order only in a body without conditionals (else: unknown)
        n = node["args"][0] if node["args"] else "1"
        if n.isdigit() and not node.get("wrappers") and not _CONDITIONAL.search(self.src):
            self.positional = self.positional[int(n):]
            for k in range(9):
                self.bindings.pop(str(k + 1), None)
            self.bindings.update({str(k + 1): [v] for k, v in enumerate(self.positional[:9])})
            self.bindings["@"] = self.bindings["*"] = [" ".join(self.positional)]
            self.bindings["#"] = [str(len(self.positional))]
        else:
            self.positional = None
            for name in [str(k + 1) for k in range(9)] + ["@", "*", "#"]:
                self.bindings.pop(name, None)
    self.env_routes(node, depth)
    self.expand_payloads(node, redirects, depth)
    stdin = self.last_stage if operator in ("|", "|&") else None
    for child in node.pop("_stdin_children", ()):
        child["redirects"] = [r for r in node["redirects"] if r["op"] in ("<", "<<", "<<-", "<<<", "<&") and
                              r["fd"] in (None, 0)]
        child["_heredocs"] = node["_heredocs"]
        self.deferred.append((child, stdin, child["depth"]))
    self.deferred.append((node, stdin, depth))
    if not node["_heredocs"]:
        self.run_deferred()


# ------------------------------------------------------------ bindings
# builtins that assign shell variables (printf -v, read, mapfile, declare NAME=…, let, …)
_ASSIGNING_BUILTINS = frozenset({"printf", "read", "mapfile", "readarray", "declare", "typeset", "local", "export",
                                 "readonly", "let", "getopts", "unset"})
_READ_VALUE_OPTS = frozenset({"-d", "-n", "-N", "-p", "-t", "-u", "-i"})
_MAPFILE_VALUE_OPTS = frozenset({"-d", "-n", "-O", "-s", "-u", "-C", "-c"})


def _keeps_marks(value: str) -> bool:
    """A value whose unknown parts are still visible as text ($NAME, $(…)), so a later
    expansion of the variable stays unresolved (and names the secret it copies)."""
    return "$" in value or "…" in value


def certain(self: _Parser, operator: str | None) -> bool:
    """Whether a command at this point surely runs when the command line does: not after
    `&&`/`||`, not inside an if/case/loop body (or its condition), not in a function body
    being defined. An assignment that may not run leaves its variable unknown (the earlier
    value, the new one or the environment's)."""
    return operator not in ("&&", "||") and not self.compound and not self.defining


def forget(self: _Parser, name: str) -> None:
    """A variable whose value is no longer known (read, printf -v of a computed value, …):
    later `$name` stays an unresolved expansion, never an earlier literal value."""
    self.variables.pop(name, None)
    self.bindings.pop(name, None)


def builtin_assignments(self: _Parser, node: dict, depth: int) -> None:
    """What a builtin assigns: the value when it is literal (printf -v NAME with a literal
    format and arguments, declare/export/local NAME=literal at the top level), otherwise
    the name is forgotten. Never leaves a stale earlier value in place."""
    command, args = node["command"], node["args"]
    # redirections do not make a subshell: the assignment happens (when the command surely runs)
    top = depth == 0 and self.certain(node.get("operator"))
    literal = bool(node.get("_literal")) and top
    if command == "printf":
        if len(args) >= 2 and args[0] == "-v" or args[:1] and args[0].startswith("-v") and len(args[0]) > 2:
            name, rest = (args[1], args[2:]) if args[0] == "-v" else (args[0][2:], args[1:])
            if rest and rest[0] == "--":
                rest = rest[1:]
            value = _printf_text(rest) if top and rest else None
            if value is not None and not literal and not _keeps_marks(value):
                value = None
            name = name.split("[", 1)[0]
            if value is not None and "\0" not in value and "\x00" not in value:
                self.variables[name] = value
                self.bindings.pop(name, None)
            else:
                self.forget(name)
        return
    names: list[str] = []
    if command == "read":
        i = 0
        while i < len(args):
            a = args[i]
            if a == "-a" and i + 1 < len(args):
                names.append(args[i + 1])
                i += 2
                continue
            if a.startswith("-") and len(a) > 1:
                i += 2 if a in _READ_VALUE_OPTS else 1
                continue
            names.append(a)
            i += 1
        names = names or ["REPLY"]
        strings = [r["target"] for r in node["redirects"] if r["op"] == "<<<"]
        if top and len(names) == 1 and "-a" not in args and len(strings) == 1 and "IFS" not in node["assignments"]:
            # read NAME <<< WORD: NAME is WORD (its first line)
            self.variables[names[0]] = strings[0].split("\n", 1)[0]
            self.bindings.pop(names[0], None)
            return
    elif command in ("mapfile", "readarray"):
        ops = [a for k, a in enumerate(args) if not a.startswith("-") and not (k and args[k - 1] in _MAPFILE_VALUE_OPTS)]
        names = ops[-1:] or ["MAPFILE"]
    elif command == "getopts":
        names = args[1:2] + ["OPTARG", "OPTIND"]
    elif command == "unset":
        names = [a for a in args if not a.startswith("-")]
    elif command == "let":
        names = [w for a in args for w in _identifiers(a)[:32]]
    else:  # declare, typeset, local, export, readonly
        flags = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
        for a in args:
            if a.startswith(("-", "+")) or "=" not in a:
                continue
            name, _, value = a.partition("=")
            name = name.rstrip("+")
            if top and not (set(flags) & set("naAi")) and not a[len(name):].startswith("+=") and \
                    not value.startswith("(") and (literal or _keeps_marks(value)):
                self.variables[name] = value
                self.bindings.pop(name, None)
            else:
                names.append(name)
    for name in names:
        name = name.split("[", 1)[0]
        if name and (name[0].isalpha() or name[0] == "_"):
            self.forget(name)
    for name in list(self.variables):
        if name in self.uncertain or _definitions(self.root, name) != 1:
            self.forget(name)  # set in more than one place (or where it may not run): unknown


def loop_header(self: _Parser, words: list) -> None:
    """`for d in / ~`: d takes each literal value (marked unknown when one is not literal)."""
    if len(words) >= 3 and words[2].text == "in" and not words[2].quoted:
        name = words[1].text
        values = [w.text for w in words[3:] if w.text not in (";", "do")]
        if values and not any(w.substitution or w.expansion for w in words[3:]):
            self.bindings[name] = values[:_BRACE_LIMIT]
        else:
            self.bindings.pop(name, None)


def loop_variants(self: _Parser, command_words: list, texts: list[list[str]]) -> list[list[str]]:
    """The argument lists beyond the first when words stand for several values: one per
    iteration of the loop variables they use (`for v in a b; do curl -o f-$v URL/$v`: f-a
    with URL/a, f-b with URL/b, never f-a with URL/b), or every combination of the words'
    values when a word has values of another source (a default, a brace list)."""
    multi = [k for k, t in enumerate(texts) if len(t) != 1]
    if not multi:
        return []
    names = [n for n, vals in self.bindings.items() if len(vals) > 1 and any(
        "$" + n in command_words[k].text or "${" + n in command_words[k].text for k in multi)]
    if not names or len(names) > 4:
        return _variants(texts)
    saved = {n: self.bindings[n] for n in names}
    rows: list[list[str]] = []
    try:
        combos: list[list[str]] = [[]]
        for n in names:
            combos = [c + [v] for c in combos for v in saved[n]][:_BRACE_LIMIT]
        for combo in combos:
            for n, v in zip(names, combo, strict=True):
                self.bindings[n] = [v]
            row = []
            for k, w in enumerate(command_words):
                alts = self.bound(w) if len(texts[k]) != 1 else texts[k]
                if len(alts) != 1:
                    return _variants(texts)  # several values of another source: every combination
                row.append(alts[0])
            if row not in rows:
                rows.append(row)
    finally:
        self.bindings.update(saved)
    first = [t[0] for t in texts]
    return [r for r in rows if r != first]


def bound(self: _Parser, word: _Word) -> list[str]:
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
    if not word.expansion or "$" not in text:
        return [text]
    if not (self.bindings or self.variables) and "${" not in text:
        return [text]
    return self.expand_text(text)


def expand_text(self: _Parser, text: str, depth: int = 0) -> list[str]:
    """The texts `text` stands for with known variables substituted and the parameter
    expansion operators computed where they can be (`expanded_parameter`); what cannot be
    computed stays as written."""
    out = [""]
    i = 0
    while i < len(text):
        j = text.find("$", i)
        if j < 0:
            out = [o + text[i:] for o in out]
            break
        name, k = _ref_at(text, j)
        values = None
        if name is None and text.startswith("${", j) and depth < 4:
            end = _brace_end(text, j)
            if end > 0:
                k = end
                values = self.expanded_parameter(text[j + 2:end - 1], depth)
        elif name is not None:
            values = self.bindings.get(name)
            if values is None and name in self.variables:
                values = [_followed(self, self.variables[name])]
            if values is not None and depth < 4 and any("${" in v for v in values):
                # `d=${HOME%/}; rm -rf "$d"`: the value's own operators computed
                values = [x for v in values for x in self.expand_text(v, depth + 1)][:_BRACE_LIMIT]
        if values is None:
            copied = _copied_operand(self, text[j:k]) if name is None else None
            out = [o + text[i:j] + (copied or text[j:k]) for o in out]
        else:
            out = [o + text[i:j] + v for o in out for v in values][:_BRACE_LIMIT]
        i = k
    return out


# variables every shell has, set to an absolute directory or a name (never unset, never empty)
_ALWAYS_SET = frozenset({"HOME", "PWD", "USER", "LOGNAME"})
# variables whose value starts with `/` wherever the hook runs (a POSIX PATH, the home, the working
# directory, the login shell): `${PATH:0:1}` spells a slash
_ABSOLUTE_VARS = frozenset({"PATH", "HOME", "PWD", "OLDPWD", "SHELL", "MANPATH", "XDG_RUNTIME_DIR"})


def expanded_parameter(self: _Parser, inner: str, depth: int) -> list[str] | None:
    """`${inner}` with an operator: the texts it stands for, or None (left as written, so
    unresolved). A known value (assigned in the command, a loop's values, an array element)
    has the operator applied; an unknown variable with a default (`${B:-main}`) stands for
    the default and for itself (`${B}`), HOME/PWD/USER keep their name (`${HOME%/}` is
    `${HOME}`, `${PWD%/*}` is `${PWD}/..`)."""
    parts = _param_parts(inner)
    if parts is None:
        return None
    name, index, op, arg = parts
    if index is not None:
        values = self.element_values(name, index)
    else:
        values = self.bindings.get(name)
        if values is None and name in self.variables:
            values = [_followed(self, self.variables[name])]
        if values is not None and len(values) == 1 and _COPY.fullmatch(values[0]):
            return None  # a copy of another variable (`v=$TOKEN; ${v:0}`): _copied_operand keeps its name
    if values is None:
        if index is not None:
            return None
        if op == ":" and name in _ABSOLUTE_VARS and re.fullmatch(r"\s*0\s*:\s*1\s*", arg):
            return ["/"]  # `${PATH:0:1}`: the first character of an absolute path (list) is `/`
        if name in _ALWAYS_SET:
            if op in ("", ":-", ":=", ":?", "-", "=", "?") or op in ("%", "%%") and arg.strip("/") == "":
                return ["${" + name + "}"]
            if op in (":+", "+"):
                return self.expand_text(arg, depth + 1) if arg else [""]
            if op == "%" and arg == "/*" and name in ("HOME", "PWD"):
                return ["${" + name + "}/.."]
            return None
        if op in (":-", ":=", "-", "="):
            defaults = self.expand_text(arg, depth + 1) if "$" in arg else [arg]
            return (defaults + ["${" + name + "}"])[:_BRACE_LIMIT]
        return None  # `${X:?}` (the command stops when unset), `${X:+…}`, a pattern on an unknown value
    if op == "":
        return values
    out: list[str] = []
    for value in values:
        if op in _DEFAULTS:
            empty = value == "" if op.startswith(":") else False
            if op in (":+", "+"):
                if empty:
                    out.append("")
                else:
                    out.extend(self.expand_text(arg, depth + 1) if "$" in arg else [arg])
            elif empty and op != ":?":
                out.extend(self.expand_text(arg, depth + 1) if "$" in arg else [arg])
            else:
                out.append(value)
            continue
        if _keeps_marks(value):
            ref = _ref_at(value, 0) if value.startswith("$") else (None, 0)
            if ref[0] and ref[1] == len(value) and ref[0] not in _ALWAYS_SET and ref[0].isidentifier():
                out.append(value)  # `v=$SECRET; ${v:0}`: a value made from $SECRET, still named by it
                continue
            return None  # an operator on a value not known itself
        result = _apply_operator(value, op, arg)
        if result is None:
            return None
        out.append(result)
    return out[:_BRACE_LIMIT]


def element_values(self: _Parser, name: str, index: str) -> list[str] | None:
    """`${a[1]}`, `${m[key]}`: the element of an array assigned literally earlier in the command."""
    keyed = self.array_values.get(name)
    if keyed is None or index in ("@", "*"):
        return None
    key = index.strip()
    if key.isdigit():
        key = str(int(key))
    elif key.startswith(("$", "-")) or "$" in key or "`" in key:
        return None
    value = keyed.get(key)
    return None if value is None else [value]


_OPERATED = lazy(r"\$\{([A-Za-z_]\w*)([:#%/^,@+=?-][^}]*)\}")
_COPY = lazy(r"\$\{?([A-Za-z_]\w*)\}?")


def _followed(self: _Parser, value: str) -> str:
    """A copy of a copy (`a=$OPENAI_API_KEY; b=$a`): the value of b is `$OPENAI_API_KEY`,
    followed through known variables a few steps (a name copied from itself stops)."""
    for _ in range(4):
        copy = _COPY.fullmatch(value)
        if copy is None or copy.group(1) not in self.variables or self.variables[copy.group(1)] == value:
            break
        value = self.variables[copy.group(1)]
    return value


def _copied_operand(self: _Parser, ref: str) -> str | None:
    """`${v:0}`, `${v#x}`, `${v^^}` where v holds a copy of another variable
    (`v=$AWS_SECRET_ACCESS_KEY`): the operator applied to that variable
    (`${AWS_SECRET_ACCESS_KEY:0}`), so the copy keeps the original's name. None otherwise."""
    m = _OPERATED.fullmatch(ref)
    if m is None:
        return None
    name = m.group(1)
    values = self.bindings.get(name)
    if values is None and name in self.variables:
        values = [_followed(self, self.variables[name])]
    if not values or len(values) != 1:
        return None
    copy = _COPY.fullmatch(values[0])
    return "${" + copy.group(1) + m.group(2) + "}" if copy else None


_CONDITIONAL = lazy(r"(?<![\w-])(?:if|then|else|elif|case|while|until|for|select)(?![\w-])|&&|\|\|")


def _definitions(src: str, name: str) -> int:
    """How many places of the whole command name the variable other than to read it
    (`NAME=`, `for NAME in`, `read NAME`, `export NAME`, …): a value is taken as known only
    where there is one. An option letter (`mktemp -d`) names no variable."""
    # (an append, `NAME+=…`, is not a place of its own: it extends the one value, judged where it runs)
    return len(re.findall(r"(?<![\w$-])(?<!\$\{)(?<!\$\{!)(?<!\$\{#)" + re.escape(name) + r"(?!\w)(?!\+=)",
                          src[:65536]))


def _split_at(splits: list[int], words: list[str]) -> list[str]:
    """The words with those at `splits` split at blanks (an empty value is no word)."""
    if not splits:
        return words
    out: list[str] = []
    for k, w in enumerate(words):
        out.extend(w.split() if k in splits else [w])
    return out


_LITERAL_VALUE = lazy(r"[\w./+@:=,%~-]+(?:[ \t]+[\w./+@:=,%~-]+)*")


def literal_head(self: _Parser, head: _Word, values: list[str]) -> dict[str, list[str]] | None:
    """The words each value of a command-position expansion stands for, when every value is
    literal: a variable assigned a literal earlier in the command (`PY=python3; $PY`) or a
    loop variable over literal words (`for py in python3.11 python3.12; do $py …`); an
    unquoted value is split at blanks (`DC="docker compose"; $DC ps`). None when any value
    is unknown or unusual (an unresolved part, a glob, an empty value, blanks inside quotes,
    IFS changed anywhere, the name of a function), so the command stays "a variable"."""
    if head.glob or "IFS" in self.root or not values or "$" not in head.text:
        return None
    j = head.text.find("$")
    while j >= 0:
        name, k = _ref_at(head.text, j)
        if name is None or not name.isidentifier() or _definitions(self.root, name) != 1:
            return None  # a positional parameter, or a name set in more than one place (maybe conditionally)
        j = head.text.find("$", k)
    out: dict[str, list[str]] = {}
    for value in values:
        stripped = value.strip(" \t")
        if not stripped or _keeps_marks(value) or not _LITERAL_VALUE.fullmatch(stripped):
            return None
        words = stripped.split() if not head.quoted else [value]
        if len(words) != 1 and head.quoted or words[0] in self.functions or words[0] in self.aliases:
            return None
        out[value] = words
    return out


def array_assigned(self: _Parser, word: _Word, uncertain: bool) -> None:
    """`name=(a b c)`: the elements are known when the first (the program, when the array is
    run) is literal and the name is assigned only here, where it surely runs; `$name` is then
    the first element. Later elements stay as written (`"$HOME"`), like a typed argument."""
    name = word.raw.partition("=")[0]
    elements = word.elements or []
    if name.endswith("+"):
        # `cmd+=(-rf ~)`: elements appended to an array; its words are no longer the ones
        # recorded, so the array (and `$cmd`) is unknown from here on, never the old value
        name = name[:-1]
        self.arrays.pop(name, None)
        self.array_values.pop(name, None)
        self.forget(name)
        self.append_unknown.add(name)
        return
    self.array_values.pop(name, None)
    if not (uncertain or name in self.append_unknown or _definitions(self.root, name) != 1):
        keyed: dict[str, str] = {}
        position = 0
        for e in elements:
            text = e.text
            if text.startswith("[") and "]=" in text:
                key, _, text = text[1:].partition("]=")
                if "$" in key or "`" in key or "…" in key:
                    keyed = {}
                    break  # a computed key: no element is known
                key = key.strip()
                if key.isdigit():
                    position = int(key)
                    key = str(position)
                keyed[key] = text
            else:
                keyed[str(position)] = text
            position += 1
        else:
            self.array_values[name] = keyed
    if uncertain or name in self.append_unknown or _definitions(self.root, name) != 1 or any(
            e.expansion or e.substitution or e.glob or e.braces for e in elements[:1]):
        self.arrays.pop(name, None)
        self.forget(name)
        return
    self.arrays[name] = [e.text for e in elements]
    self.bindings.pop(name, None)
    if elements:
        self.variables[name] = elements[0].text
    else:
        self.forget(name)


def array_head(self: _Parser, head: _Word, text: str) -> dict[str, list[str]] | None:
    """`"${cmd[@]}"`, `${cmd[*]}`, `${cmd[0]}` at command position after `cmd=(pytest -q)`
    with literal elements: the words they are. None otherwise (the command stays "a
    variable"): an unknown array, `"${cmd[*]}"` (one word), IFS changed, a function name."""
    if not head.text.startswith("${"):
        return None  # (every _ARRAY_REF match starts so; most command names do not)
    m = _ARRAY_REF.fullmatch(head.text)
    if m is None or head.glob or "IFS" in self.root or m.group(1) not in self.arrays or text != head.text:
        return None
    elements = self.arrays[m.group(1)]
    index = m.group(2)
    if index in ("@", "*"):
        if index == "*" and head.quoted:
            return None
        words = list(elements) if head.quoted else [w for e in elements for w in e.split()]
    elif index.isdigit() and int(index) < len(elements):
        words = [elements[int(index)]] if head.quoted else elements[int(index)].split()
    else:
        return None
    if not words or not words[0] or words[0] in self.functions or words[0] in self.aliases:
        return None
    return {text: words}


_ARRAY_REF = lazy(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\[([@*]|[0-9]{1,3})\]\}")


def positional_head(self: _Parser, head: _Word, text: str) -> dict[str, list[str]] | None:
    """`"$@"`, `$*`, `"${@}"`, `"$1"` at command position inside a function called with
    literal arguments (or after `set --`, or in `sh -c SCRIPT NAME ARGS`): the words they
    are. None when the parameters are unknown or the program word is not literal."""
    positional = self.positional
    if positional is None or not positional or head.glob or "IFS" in self.root:
        return None
    name = head.text
    if name in ("$@", "${@}"):
        words = list(positional) if head.quoted else " ".join(positional).split()
    elif name in ("$*", "${*}"):
        words = [" ".join(positional)] if head.quoted else " ".join(positional).split()
    elif len(name) == 2 and name[0] == "$" and name[1].isdigit() and name[1] != "0" or \
            name.startswith("${") and name.endswith("}") and name[2:-1].isdigit() and name[2:-1] != "0":
        k = int(name.strip("${}"))
        if k > len(positional):
            return None
        words = [positional[k - 1]] if head.quoted else positional[k - 1].split()
    else:
        return None
    if not words or _keeps_marks(words[0]) or not _LITERAL_VALUE.fullmatch(words[0]) or \
            words[0] in self.functions or words[0] in self.aliases:
        return None
    return {text: words}


def user_defined(self: _Parser, node: dict, head: str, command_words: list, texts: list, depth: int) -> None:
    """A function, alias or git alias defined earlier in the same command: what it runs."""
    if head in self.functions and head not in self.expanding:
        if depth + 1 > self.max_depth:
            self.mark(node, "too_deep")
            return
        args = [t[0] for t in texts[1:]]
        sub = type(self)(self.functions[head], self.max_depth - depth - 1)
        sub.root = self.root
        sub.unexpanded = self.unexpanded
        sub.bindings = {str(k + 1): [a] for k, a in enumerate(args[:9])}
        sub.bindings.update({"@": [" ".join(args)], "*": [" ".join(args)], "#": [str(len(args))]})
        sub.positional = list(args[:64])
        sub.functions, sub.aliases = dict(self.functions), dict(self.aliases)
        sub.variables = dict(self.variables)  # a function sees the shell's variables as they are at the call
        sub.expanding = self.expanding | {head}
        self.adopt(node, sub, depth, "function_call")
    elif head in self.aliases and head not in self.expanding:
        rest = " ".join(w.raw for w in command_words[1:])
        sub = type(self)(self.aliases[head] + " " + rest, self.max_depth - depth - 1)
        sub.root = self.root
        sub.unexpanded = self.unexpanded
        sub.functions, sub.aliases = dict(self.functions), dict(self.aliases)
        sub.expanding = self.expanding | {head}
        self.adopt(node, sub, depth, "alias")


def run_traps(self: _Parser, nodes: list | None = None) -> None:
    """Trap bodies, read once the whole script is parsed: a body runs at exit (or on its
    signal) with the variables' last values and every function defined by then
    (`trap 'rm -rf "$tmp"' EXIT; tmp=$(mktemp -d)` deletes the fresh directory)."""
    traps, self.traps = self.traps, []
    if not traps:
        return
    final = dict(self.variables)
    sure: dict[str, int] = {}  # how many of a name's assignments are plain top-level ones
    for top in nodes or ():  # assignments of the script in order: the last one is the value at exit
        if not top.get("argv") and isinstance(top.get("assignments"), dict):
            final.update({k: v for k, v in top["assignments"].items() if isinstance(v, str) and isinstance(k, str)})
            if not top.get("conditional") and top.get("depth") == 0 and top.get("operator") not in ("&&", "||"):
                for k in top["assignments"]:
                    sure[k] = sure.get(k, 0) + 1
    for name in list(final):
        # at exit a name is its last value when every place that sets it is a plain
        # top-level assignment (`d=$(mktemp -d); d=/home/dev`); otherwise unknown
        if name in self.uncertain or _definitions(self.root, name) not in (1, sure.get(name)):
            del final[name]
    for node, body, depth in traps[:32]:
        if depth + 1 > self.max_depth:
            self.mark(node, "too_deep")
            continue
        sub = type(self)(body, self.max_depth - depth - 1)
        sub.root = self.root
        sub.unexpanded = self.unexpanded
        sub.functions, sub.aliases, sub.files = dict(self.functions), dict(self.aliases), self.files
        sub.variables = dict(final)
        sub.git_aliases, sub.expanding = self.git_aliases, self.expanding
        self.adopt(node, sub, depth, "trap")


def adopt(self: _Parser, node: dict, sub: _Parser, depth: int, context: str) -> None:
    sub.pipeline_counter = self.pipeline_counter
    cd = node.get("_cd")
    sub.cd_current = sub.cd_floor = cd if isinstance(cd, int) else min(self.cd_current, self.cd_floor)
    nodes, _ = sub.sequence(0, 0, context, None)
    sub.run_deferred(final=True)
    sub.run_traps(nodes)
    self.pipeline_counter = sub.pipeline_counter
    for reason in sub.reasons:
        self.note(reason)
    if sub.error and self.error is None:
        self.error = sub.error
    _shift_depth(nodes, depth + 1)
    node["children"].extend(nodes)


def is_assignment(word: _Word) -> bool:
    name, eq, _ = word.raw.partition("=")
    if name.endswith("+"):
        name = name[:-1]  # `name+=value` appends
    return bool(eq) and bool(name) and (name[0].isalpha() or name[0] == "_") and \
        all(c.isalnum() or c == "_" for c in name)


def resolve(self: _Parser, head: _Word) -> str | None:
    text = head.text
    name = text[2:-1] if text.startswith("${") and text.endswith("}") else text[1:] if text.startswith("$") else None
    if name and name in self.variables:
        value = self.variables[name]
        return None if _keeps_marks(value) else value
    if name and name.isdigit() and len(self.bindings.get(name) or ()) == 1:
        return self.bindings[name][0]  # `sh -c '"$0" …' rm`: a positional parameter
    return None


def _shell_c_params(args: list[str], payload: str) -> list[str]:
    """The words after `-c SCRIPT`: $0, $1, … of the script."""
    for i, arg in enumerate(args):
        if arg == payload and i > 0 and (args[i - 1] == "--" or args[i - 1].startswith("-")):
            return list(args[i + 1:])
    return []


# Programs whose output is their own shell start-up script, which `eval "$(…)"` loads the way
# their install instructions say (version managers, prompt and directory tools, agents).
# Keyed by program; the value is the words that select the start-up output (a prefix of its
# arguments after the program name, options of the form -X/--x allowed after it).
_INIT_PRINTERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "pyenv": (("init",), ("virtualenv-init",)), "rbenv": (("init",),), "nodenv": (("init",),),
    "goenv": (("init",),), "jenv": (("init",),), "plenv": (("init",),), "phpenv": (("init",),),
    "pyenv-virtualenv-init": ((),), "direnv": (("hook",),), "starship": (("init",),),
    "zoxide": (("init",),), "mise": (("activate",), ("env",)), "rtx": (("activate",),), "fnm": (("env",),),
    "ssh-agent": ((),), "brew": (("shellenv",),), "conda": (("shell.bash", "hook"), ("shell.zsh", "hook")),
    "micromamba": (("shell", "hook"),), "atuin": (("init",),), "oh-my-posh": (("init",),),
    "thefuck": (("--alias",),), "opam": (("env",),), "luarocks": (("path",),), "dircolors": ((),),
    "keychain": (("--eval",),), "gpg-agent": (("--daemon",),), "minikube": (("docker-env",), ("podman-env",)),
    "docker-machine": (("env",),), "register-python-argcomplete": ((),), "rustup": (("completions",),),
    "kubectl": (("completion",),), "helm": (("completion",),), "gh": (("completion",),), "asdf": (("exec", "env"),),
}


_INIT_PRINTER_DIRS = ("/usr/bin/", "/usr/local/bin/", "/bin/", "/opt/homebrew/bin/", "/home/linuxbrew/.linuxbrew/bin/",
                      "/usr/sbin/", "/opt/conda/bin/")


def _init_printer_only(node: dict, args: list[str], context: str = "substitution") -> bool:
    """eval of one command substitution (or `source` of one process substitution: `source
    <(kubectl completion bash)`) that runs a known start-up printer and nothing else."""
    if len(args) != 1 or args[0] not in (("<(…)",) if context == "process_substitution" else ("$(…)", "`…`")):
        return False
    subs = [c for c in node.get("children") or () if c.get("context") == context]
    if len(subs) != 1 or subs[0].get("children") and any(
            c.get("context") != "possible_nested" for c in subs[0]["children"]):
        return False
    argv = subs[0].get("argv") or []
    if not argv or subs[0].get("assignments") or subs[0].get("wrappers") or any(
            r.get("target") != "/dev/null" for r in subs[0].get("redirects") or ()):
        return False
    if "/" in argv[0] and not argv[0].startswith(_INIT_PRINTER_DIRS):
        return False  # a program of that name in a temp or project directory is not the tool
    program = argv[0].rsplit("/", 1)[-1]
    words = [w for w in argv[1:] if not w.startswith("-") or program == "thefuck" or program == "keychain"
             or program == "gpg-agent"]
    for prefix in _INIT_PRINTERS.get(program, ()):
        if tuple(words[:len(prefix)]) == prefix and len(words) <= len(prefix) + 2 and \
                all(w.isalnum() or w in ("-", "bash", "zsh", "sh", "fish") or w.startswith("-") for w in words[len(prefix):]):
            return True
    return False


def mark(self: _Parser, node: dict, reason: str) -> None:
    node["opaque"] = True
    if reason not in node["opaque_reasons"]:
        node["opaque_reasons"].append(reason)
    self.note(reason)


def expand_payloads(self: _Parser, node: dict, redirects: list[dict], depth: int) -> None:
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
    payload: str | None = None
    context = ""  # set with every payload
    params: list[str] | None = None
    if command in _PAYLOAD_PROGRAMS:  # the programs the branches below name (most commands: none)
        if command in _SHELLS:
            payload = _shell_c_payload(args)
            context = "shell_c"
            if payload is not None and node.get("context") not in ("xargs", "find_exec"):
                # `sh -c SCRIPT NAME ARGS…`: $0 is NAME, $1… and "$@" the ARGS (xargs and find
                # -exec append words the parser cannot see, so there they stay unknown)
                params = _shell_c_params(args, payload)
        elif command in ("su", "runuser", "sg", "flock", "script"):
            payload = _su_payload(args) if command != "script" else _script_payload(args)
            context = "shell_c"
        elif command == "eval" and _init_printer_only(node, args):
            pass  # `eval "$(pyenv init -)"`: a version manager's or agent's own start-up script
        elif command == "eval":
            self.mark(node, "eval")
            payload, context = " ".join(args), "eval"
        elif command in (".", "source") and args and (args[0].startswith("/dev/fd") or args[0].endswith("(…)")):
            if not _init_printer_only(node, args, "process_substitution"):
                self.mark(node, "source_dynamic")
        elif command == "trap" and args and not args[0].startswith("-"):
            # a trap body runs when the signal comes (EXIT: at the end of the script), with
            # the variables and functions as they are then: read after the whole script
            self.traps.append((node, args[0], depth))
        elif command == "start-stop-daemon":
            program = _option(args, ("--exec", "-x", "--startas", "-a"))
            rest = args[args.index("--") + 1:] if "--" in args else []
            if program:
                self.child_words(node, [program] + rest, depth, "wrapped", ["start-stop-daemon"])
        elif command in ("ssh", "autossh") and _ssh_remote_command(args, command == "autossh") is not None:
            # this machine's (ssh localhost) or another's: the same command line, judged alike
            payload, context = _ssh_remote_command(args, command == "autossh"), "shell_c"
        elif command in ("bwrap", "systemd-nspawn", "nsjail", "minijail0", "sandbox-exec"):
            self.mark(node, "unknown_wrapper")
        elif (remote := _remote_runner_payloads(command, args)) is not None:
            # fleets and cloud VMs (pdsh, clush, salt cmd.run, aws ssm send-command, …): the
            # command lines they run on other machines, judged like `ssh HOST CMD`
            for text in remote:
                if text.strip():
                    self.child_sequence(node, text, depth, "shell_c")
                else:
                    self.mark(node, "remote_command_unknown")
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
                    at = min(i for i, a in enumerate(rest) if a in ("-c", "--command"))  # the first: CMD's own follow
                    self.child_words(node, rest[at + 1:], depth, "wrapped", [command])
            context = "shell_c"
        elif command == "nix" and args[:1] == ["run"]:
            # nix run FLAKE#ATTR [-- ARGS]: runs the program ATTR names (nixpkgs#bash is bash)
            installable = next((a for a in args[1:] if not a.startswith("-")), None)
            if installable and "#" in installable:
                program = installable.rsplit("#", 1)[1].rsplit(".", 1)[-1]
                extra = args[args.index("--") + 1:] if "--" in args else []
                if program:
                    self.child_words(node, [program] + extra, depth, "wrapped", ["nix"])
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
            if _interactive(args[:args.index("--")] if "--" in args else args):
                node["_forward_stdin"] = True  # `docker exec -i db psql <<EOF`: the heredoc is psql's
            self.container_payload(node, command, args, depth)
        elif command in ("docker", "podman") and args[:1] == ["compose"] or \
                command in ("docker-compose", "podman-compose"):
            found = compose_payload(self, node, command, args)
            if found is not None:
                words, attached = found
                if attached:
                    node["_forward_stdin"] = True  # `docker compose exec -T db psql < dump.sql`
                if words:
                    self.child_words(node, words, depth, "container", [command])
        elif command in ("kubectl", "oc") and "--" in args and \
                _kubectl_verb(args) in ("create", "run", "exec", "debug"):
            rest = args[args.index("--") + 1:]
            if _interactive(args[:args.index("--")]):
                node["_forward_stdin"] = True
            if rest:
                self.child_words(node, rest, depth, "container", [command])
        elif command == "oc" and _kubectl_verb(args) == "rsh":
            rest = _after_options(args[args.index("rsh") + 1:], {"-c", "--container", "-n", "--namespace",
                                                                  "--shell", "--timeout", "-f", "--filename"})
            if len(rest) > 1:
                self.child_words(node, rest[1:], depth, "container", [command])
        elif command in ("lxc", "incus", "multipass") and args[:1] == ["exec"] and "--" in args:
            rest = args[args.index("--") + 1:]
            if rest:
                self.child_words(node, rest, depth, "container", [command])
        elif command == "vagrant" and args[:1] == ["ssh"]:
            payload = _option(args, ("-c", "--command"))
            context = "shell_c"
        if command in _FOREIGN_SHELLS and _shell_c_payload(args) is not None:
            self.mark(node, "foreign_shell_code")
    if payload is not None:
        self.child_sequence(node, payload, depth, context, params)
    if command in _XARGS_LIKE:  # rush, gargs, xe: read as the xargs they amount to
        as_xargs = _as_xargs(command, args)
        if as_xargs is not None:
            command, args = "xargs", as_xargs
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
    elif command in ("fd", "fdfind"):
        as_find = _fd_as_find(args)
        if as_find is not None:  # fd -x/-X CMD: the find -exec it amounts to
            self.child_words(node, as_find, depth, "wrapped", [command])
    elif command == "capsh" and "--" in args:
        # capsh … -- ARGS runs `/bin/bash ARGS` (or --shell=PROG)
        shell = next((a.split("=", 1)[1] for a in args if a.startswith("--shell=")), "bash")
        rest = args[len(args) - args[::-1].index("--"):]
        self.child_words(node, [shell] + rest, depth, "wrapped", ["capsh"])
    elif command == "git":
        self.git_routes(node, args, depth)
    elif command in ("npm", "pnpm", "yarn", "bun") and len(args) >= 3:
        # npm/pnpm/yarn `config set KEY VALUE` (also `npm set`, `npm c set`), with the
        # scope options anywhere (-g, --global, --location=user|global|project, -L project,
        # yarn -H/--home): a key whose value is a program or script the tool runs later
        ops = _npm_config_operands(args)
        rest = ops[2:] if ops[:2] in (["config", "set"], ["c", "set"]) else ops[1:] if ops[:1] == ["set"] else []
        if rest:
            key, eq, value = rest[0].partition("=")
            value = value if eq else (rest[1] if len(rest) > 1 else "")
            if key.lower().lstrip("-") in _NPM_EXEC_KEYS:
                self.config_entry(node, command, key.lower(), value, depth)
    elif command in _CLI_CONFIG_TOOLS and "config" in args or command in ("aws", "awslocal") and "configure" in args:
        # kubectl config set-credentials --exec-command=P, aws configure set credential_process P,
        # gh config set pager P, gcloud config set auth/…: settings that make the CLI run a
        # program (or take its credentials, certificates or endpoints from a file or host) later
        for tool, key, value in _cli_config_sets(command, args):
            self.config_entry(node, tool, key, value, depth)
    elif command in ("tmux", "screen", "byobu", "byobu-tmux", "byobu-screen"):
        self.multiplexer(node, command, args, depth)
    elif command in ("pm2", "forever") and args[:1] == ["start"]:
        # pm2/forever start SCRIPT|PROGRAM [-- ARGS]: a daemon runs it after the session ends
        rest = args[1:]
        cut = rest.index("--") if "--" in rest else len(rest)
        target = next((a for a in rest[:cut] if not a.startswith("-")), None)
        if target is not None:
            started: list[str] = ["node", target] if target.lower().endswith((".js", ".mjs", ".cjs", ".ts")) else \
                _split_simple(target) if " " in target else [target]
            self.child_words(node, started + rest[cut + 1:], depth, "detached_run", [])
    elif command in ("dtach", "abduco") and args[:1] and args[0] in ("-n", "-c", "-A", "-N"):
        # dtach -n|-c|-A SOCKET [opts] CMD…, abduco -n|-c|-A NAME CMD…: a session (kept by a
        # master process) runs CMD, which outlives the session that started it
        i = 2
        while i < len(args) and args[i].startswith("-"):
            i += 2 if args[i] in ("-e", "-r") else 1  # -e KEY (detach key), dtach -r METHOD
        if args[i:]:
            self.child_words(node, args[i:], depth, "detached_run", [])
    wrapped = [w for w in node.get("wrappers") or () if _basename(w) in ("strace", "ltrace")] if node.get("wrappers") else []
    if wrapped and any(w.startswith(("|", "!", "-o|", "-o!", "--output=|", "--output=!"))
                       for w in node.get("raw_words") or []):
        self.mark(node, "output_piped_by_option")  # strace -o '|CMD': the trace is fed to CMD
    for option_value in _option_commands(command, args) + (
            _option_commands(_basename(wrapped[0]), node.get("raw_words") or []) if wrapped else []):
        if _untrusted_program(option_value):
            self.mark(node, "option_program_path")
        self.child_sequence(node, option_value, depth, "option_exec")
    if command == "systemctl" and "set-environment" in args:
        # the service manager's environment: every service it starts later gets these, like
        # `export K=V` for the shell (LD_PRELOAD, BASH_ENV, NODE_OPTIONS are judged as such)
        pairs = [a for a in args[args.index("set-environment") + 1:] if "=" in a and not a.startswith("-")]
        if pairs:
            self.child_words(node, ["export"] + pairs, depth, "option_exec", [])
    if command in DBUS_PROGRAMS:
        # busctl call org.freedesktop.systemd1 … StartUnit x.service: `systemctl start x.service`
        systemctl, unreadable = _dbus_manager_effect(command, args)
        if systemctl:
            self.child_words(node, systemctl, depth, "option_exec", [])
        if unreadable:
            self.mark(node, "dbus_service_manager")
    for target in _output_files(command, args):
        # sort -o F, iconv -o F, openssl … -out F, uniq IN OUT, tftp -g -l F: written like `> F`
        self.child_words(node, ["tee", target], depth, "program_output", [])
    for target in copy_destinations(command, args):
        # aws s3 cp SRC DEST, docker cp C:/x DEST, 7z x A -oDIR, gh release download -D DIR, git
        # worktree add DIR, stow -t DIR: written with content this command does not show
        self.child_words(node, ["tee", target], depth, "copied_in", [])
    self.option_programs(node, command, args, depth)
    self.code_loading(node, command, args, depth)
    self.command_strings(node, command, args, depth)
    self.possible_nested(node, command, args, depth)
    self.embedded_pipelines(node, command, args, depth)


def child_sequence(self: _Parser, node: dict, text: str, depth: int, context: str,
                   params: list[str] | None = None) -> None:
    if depth + 1 > self.max_depth:
        self.mark(node, "too_deep")
        return
    sub = type(self)(text, self.max_depth - depth - 1)
    sub.root = self.root
    sub.unexpanded = self.unexpanded
    sub.functions, sub.aliases, sub.files = dict(self.functions), dict(self.aliases), self.files
    if params:
        sub.bindings = {str(k): [v] for k, v in enumerate(params[:10])}
        sub.bindings["@"] = sub.bindings["*"] = [" ".join(params[1:])]
        sub.bindings["#"] = [str(len(params) - 1)]
        sub.positional = list(params[1:65])
    sub.git_aliases, sub.expanding = self.git_aliases, self.expanding
    self.adopt(node, sub, depth, context)


def child_words(self: _Parser, node: dict, words: list[str], depth: int, context: str, wrappers: list[str]) -> None:
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
    if context == "container" and node.get("_forward_stdin") and "_heredocs" in node:
        # `kubectl exec -i pod -- sh <<EOF`: the program in the container reads this command's
        # stdin, fed to it once the heredoc bodies are read (simple_command)
        node.setdefault("_stdin_children", []).append(child)
        return
    # what the program runs from its -c/-e code (`nix run nixpkgs#python3 -- -c CODE`,
    # `direnv exec . perl -e CODE`): read as for any segment; its stdin is not known here
    self.feed(child, None, depth + 1)


# global options of kubectl/oc that take a value (before the verb)
_KUBECTL_VALUE_OPTS = frozenset({"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s",
                                 "--server", "--as", "--as-group", "--token", "--request-timeout", "-v",
                                 "--certificate-authority", "--client-certificate", "--client-key",
                                 "--tls-server-name", "--cache-dir", "--profile"})


def _kubectl_verb(args: list[str]) -> str | None:
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        i += 2 if args[i] in _KUBECTL_VALUE_OPTS else 1
    return args[i] if i < len(args) else None


def _interactive(args: list[str]) -> bool:
    """-i / --stdin / --interactive, also in a cluster (`-it`, `-ti`)."""
    return any(a in ("--stdin", "--interactive", "--stdin=true", "--interactive=true", "-i=true") or
               (a.startswith("-") and not a.startswith("--") and "i" in a[1:] and a[1:].isalpha() and len(a) <= 4)
               for a in args)


def _shift_depth(nodes: list, offset: int) -> None:
    for node in nodes:
        node["depth"] += offset
        _shift_depth(node["children"], offset)


# options of `npm|pnpm|yarn config set` that take a value as the next word
_NPM_CONFIG_VALUE_OPTIONS = frozenset({"--location", "-L", "--userconfig", "--globalconfig", "--prefix", "-C", "--dir",
                                       "--cwd", "--workspace", "-w", "--filter", "-F"})


_CLI_CONFIG_TOOLS = frozenset({"kubectl", "oc", "gh", "gcloud"})
# options of these CLIs that take a value (skipped when looking for the operands)
_CLI_CONFIG_VALUE_OPTS = frozenset({"--kubeconfig", "--context", "--cluster", "--user", "-n", "--namespace",
                                    "--profile", "--region", "--endpoint-url", "-h", "--hostname", "--host",
                                    "--configuration", "--project", "--account"})
# gcloud properties that say where credentials, certificates, proxies, endpoints or
# components come from
_GCLOUD_REDIRECT_PREFIXES = ("auth/", "proxy/", "api_endpoint_overrides/", "context_aware/", "component_manager/")
_GCLOUD_REDIRECT_KEYS = frozenset({"core/custom_ca_certs_file", "custom_ca_certs_file", "core/pass_credentials_to_gsutil"})


def _cli_config_operands(args: list[str]) -> list[str]:
    ops, i = [], 0
    while i < len(args):
        a = args[i]
        if a in _CLI_CONFIG_VALUE_OPTS:
            i += 2
            continue
        if not a.startswith("-"):
            ops.append(a)
        i += 1
    return ops


def _cli_config_sets(command: str, args: list[str]) -> list[tuple[str, str, str]]:
    """The (tool, key, value) settings a CLI config command writes that name a program to run
    (or a source of credentials / endpoints), for the config_exec policy."""
    ops = _cli_config_operands(args)
    out: list[tuple[str, str, str]] = []
    if command in ("kubectl", "oc") and ops[:2] == ["config", "set-credentials"]:
        for i, a in enumerate(args):
            name, eq, value = a.partition("=")
            if name == "--exec-command":
                value = value if eq else (args[i + 1] if i + 1 < len(args) else "")
                out.append((command, "exec-command", value))
            elif name == "--auth-provider-arg":
                item = value if eq else (args[i + 1] if i + 1 < len(args) else "")
                k, _, v = item.partition("=")
                if k.lower() == "cmd-path":
                    out.append((command, "cmd-path", v))
    elif command in ("kubectl", "oc") and ops[:2] == ["config", "set"] and len(ops) >= 4:
        prop = ops[2].lower()
        if prop.endswith((".exec.command", ".cmd-path")):
            out.append((command, "exec-command" if prop.endswith(".exec.command") else "cmd-path", ops[3]))
    elif command in ("aws", "awslocal") and ops[:2] == ["configure", "set"] and len(ops) >= 4:
        key = ops[2].lower().rsplit(".", 1)[-1]
        if key in ("credential_process", "cli_pager"):
            out.append(("aws", key, ops[3]))
    elif command == "gh" and ops[:2] == ["config", "set"] and len(ops) >= 4:
        if ops[2].lower() in ("editor", "pager", "browser"):
            out.append(("gh", ops[2].lower(), ops[3]))
    elif command == "gcloud" and ops[:2] == ["config", "set"] and len(ops) >= 4:
        key = ops[2].lower()
        if key.startswith(_GCLOUD_REDIRECT_PREFIXES) or key in _GCLOUD_REDIRECT_KEYS:
            out.append(("gcloud", key, ops[3]))
    return out


def _npm_config_operands(args: list[str]) -> list[str]:
    """The operands of an npm-like config command, its options (and their values) left out."""
    ops: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            ops.extend(args[i + 1:])
            break
        if a in _NPM_CONFIG_VALUE_OPTIONS:
            i += 2
            continue
        if a.startswith("-") and len(ops) < 2 + (ops[:1] == ["config"] or ops[:1] == ["c"]):
            i += 1
            continue
        ops.append(a)
        i += 1
    return ops
