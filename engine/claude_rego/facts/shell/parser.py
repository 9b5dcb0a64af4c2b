"""Shell facts: the parser (sequences, pipelines, redirections, heredocs); its other methods bound here."""

from __future__ import annotations

from . import code as _code
from . import commands as _commands
from . import lexer as _lexer
from . import routes as _routes
from . import stdin as _stdin
from .programs import _substitutions
from .tables import _RESERVED_SKIP
from .words import _Word


class _Parser:
    """One parse of one command line. The methods for each concern are plain functions
    (`self: _Parser`) in their own module, bound as methods at the end of this class."""

    def __init__(self, src: str, max_depth: int, project: str | None = None):
        self.src = src
        self.project = project  # the project directory (absolute), when known: its code is the user's own
        self.start_depth = 0  # how far below the project directory the command starts (parse_command sets it)
        self.links: set[str] = set()  # symlinks made earlier in the command to code outside the project (ln -s /tmp/x ev)
        self.cd_current = 0  # depth below the start directory after the cds so far (code.track_cd)
        self.cd_floor = 0  # the shallowest it may be once a chain of `&&` ended
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
        self.files: dict[str, str | None] = {}  # file name -> literal text written earlier (echo x > f)
        self.edits: dict[str, str] = {}  # file name -> text an in-place edit put in it (sed -i '1i …' f)
        self.expanding: frozenset = frozenset()  # functions whose body is being expanded (no recursion)
        self.last_stage: dict | str | None = None      # the previous pipeline stage: a node, "complex" or None
        self.subshell_stdin: dict | str | None = None  # what the first command of a subshell reads
        self.positional: list[str] | None = None       # the words of "$@" after `set -- a b`
        self.deferred: list = []              # (node, stdin stage, depth) waiting for heredoc bodies
        self.traps: list = []                 # (node, body, depth): trap bodies, read when the script ends
        self.root = src                       # the whole command line (a nested parse's caller sets it)
        self.unexpanded: set[str] = set()     # command words not read as a call of a function with its arguments
        self.defining: list[str] = []         # the functions whose body is being read (innermost last)
        self.uncertain: set[str] = set()      # variables assigned where it may not run, or in several places
        self.append_unknown: set[str] = set()  # variables appended to (`name+=…`) where the value cannot be followed
        self.compound = 0                     # if/case/while/until/for/select bodies open here (see certain())
        self.arrays: dict[str, list[str]] = {}  # name -> literal elements of `name=(a b c)` assigned earlier
        self.array_values: dict[str, dict[str, str]] = {}  # name -> {index or key: element} (`${a[1]}`, `${m[k]}`)

    # ------------------------------------------------------------------ utilities
    def note(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)

    def fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
        self.note("parse_error")

    def array_literal(self, pos: int, depth: int, target: _Word) -> int:
        """The elements of `name=(a b c)` up to the closing ")", as words of `target` (their
        substitutions stay its nested commands); returns the position after ")"."""
        elements: list[_Word] = []
        src, n = self.src, self.n
        while pos < n:
            ch = src[pos]
            if ch in " \t\n":
                pos += 1
            elif ch == ")":
                pos += 1
                break
            elif ch == "#" and src[pos - 1] in " \t\n":
                end = src.find("\n", pos)
                pos = n if end < 0 else end
            else:
                word, end = self.word(pos, depth, ")")
                if end <= pos:  # an operator where an element should be: not a plain array
                    elements.append(_Word())
                    elements[-1].expansion = True
                    pos += 1
                    continue
                elements.append(word)
                target.nested.extend(word.nested)
                pos = end
        target.elements = elements[:256]
        return pos

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
        cases: list[str] = []  # the `case` commands being read: "header", "pattern" or "body"
        group_starts: list[int] = []  # where the nodes of each open `{ …; }` begin
        compound_starts: list[int] = []  # where the nodes of each open if/while/until/for/select/case begin
        closed_group: list | None = None  # the nodes of a group or subshell that just closed
        src, n = self.src, self.n
        first_stdin, self.subshell_stdin = self.subshell_stdin, None
        saved_cd = (self.cd_current, self.cd_floor)  # a subshell's cds end with it
        self.cd_floor = self.cd_current

        def finish(next_operator):
            nonlocal operator, pipeline, words, redirects, pending_function, pending_name, first_stdin, closed_group
            group, closed_group = closed_group, None
            if group and redirects and all(not w.quoted and w.text in ("fi", "done", "esac") for w in words):
                self.group_stdin(group, redirects)  # `{ bash; } <<< …`, `( sh ) <<'EOF'`
            if words and words[-1].text == "()" and not words[-1].quoted:
                pending_function = True  # `f () { …; }`: the group that follows is its body
                pending_name = words[0].text if len(words) == 2 else None
            elif words or redirects:
                op: str | None
                if first_stdin is not None and not nodes and operator is None:
                    self.last_stage, op = first_stdin, "|"  # `echo x | (sh)`: the subshell's input
                else:
                    op = operator
                node = self.simple_command(words, redirects, contexts[-1], depth, pipeline, op)
                if node is not None and self.defining:
                    node["_function"] = self.defining[-1]  # read without its arguments (see parse_command)
                if op != operator and node is not None:
                    node["operator"] = operator
                if node is not None:
                    nodes.append(node)
                    if next_operator in ("|", "|&", "&") and node["assignments"] and not node.get("argv"):
                        # `D=x &`, `D=x | cat`: a subshell's assignment, not the shell's
                        node["conditional"] = True
                        for k in node["assignments"]:
                            self.forget(k)
                            self.uncertain.add(k)
                self.last_stage = node
                self.track_cd(node, next_operator)
            else:
                self.track_cd(None, next_operator)
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
            elif ch == ";" and cases and cases[-1] == "body" and src.startswith((";;", ";&"), pos):
                finish(";")  # the end of a case arm: a pattern follows
                pos += 3 if src.startswith(";;&", pos) else 2
                cases[-1] = "pattern"
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
            elif ch == "|" and cases and cases[-1] == "pattern":
                pos += 1  # `a|b)`: alternatives of one case pattern
            elif ch == "|":
                op = "||" if src.startswith("||", pos) else "|&" if src.startswith("|&", pos) else "|"
                finish(op)
                pos += len(op)
            elif ch == ")" and cases and cases[-1] == "pattern":
                # the end of a case pattern: its words are matched, not run (substitutions in
                # them still run, so they stay as the children of a command-less node)
                pattern = _Word()
                pattern.text = "case"
                words.insert(0, pattern)
                finish(";")
                cases[-1] = "body"
                pos += 1
            elif ch == ")":
                if stop == ")":
                    finish(None)
                    self.cd_current, self.cd_floor = saved_cd
                    return nodes, pos + 1
                pos += 1  # a `case` pattern's ")": a separator here
                finish(";")
            elif ch == "`" and stop == "`":
                finish(None)
                self.cd_current, self.cd_floor = saved_cd
                return nodes, pos + 1
            elif ch == "(" and not words and cases and cases[-1] == "pattern":
                pos += 1  # `(a|b)`: the optional "(" of a case pattern
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
                self.last_stage = _stdin.group_output(inner)
                closed_group = inner
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
            elif ch == "(" and words and src[pos - 1] == "=" and not words[-1].quoted and \
                    self.is_assignment(words[-1]) and words[-1].elements is None:
                pos = self.array_literal(pos + 1, depth, words[-1])  # `cmd=(pytest -q)`: an array
            elif ch == "(":
                pos += 1  # stray "(" inside a command: ignore
            else:
                word, pos = self.word(pos, depth, stop)
                at_command = not word.quoted
                for w in words:  # (every word before it a reserved word: `then`, `do`, `!`, …)
                    if w.quoted or w.text not in _RESERVED_SKIP:
                        at_command = False
                        break
                if at_command:
                    if word.text == "case":
                        cases.append("header")
                    elif word.text == "esac" and cases:
                        cases.pop()
                    if word.text in ("if", "case", "while", "until", "for", "select"):
                        self.compound += 1  # an assignment until the closing word may not run
                        compound_starts.append(len(nodes))
                    elif word.text in ("fi", "esac", "done") and self.compound:
                        self.compound -= 1
                        if compound_starts:
                            closed_group = nodes[compound_starts.pop():]  # `… done <<< x`: its input
                if not word.quoted and word.text == "in" and cases and cases[-1] == "header" and len(words) >= 2:
                    cases[-1] = "pattern"
                is_function = len(words) == 2 and not words[1].quoted and (
                    words[1].text == "()" or (words[0].text == "function" and not words[0].quoted))
                if word.text in ("{", "}") and not word.quoted and (not words or is_function):
                    if word.text == "{":
                        if pending_function or is_function:
                            contexts.append("function_body")
                            name = pending_name if pending_function else (
                                words[1].text if words[0].text == "function" else words[0].text)
                            functions.append((name, pos))
                            self.defining.append(name or "")
                        else:
                            contexts.append("group")
                        group_starts.append(len(nodes))
                        pending_function, pending_name = False, None
                        words = []
                    elif len(contexts) > 1:
                        closed_group = nodes[group_starts.pop():] if group_starts else None
                        if contexts.pop() == "function_body" and functions:
                            name, body_start = functions.pop()
                            if self.defining:
                                self.defining.pop()
                            if name:
                                self.functions[name] = src[body_start:pos - 1]
                        self.last_stage = _stdin.group_output(closed_group)
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
        if stop is not None:
            self.cd_current, self.cd_floor = saved_cd
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
        more: list[str] = []
        if word.expansion and "${" in target and op not in ("<<", "<<-"):
            # `>> ${f%X}`, `> "${D:-$HOME}/.bashrc"`: an operator computed on a known value
            # (several: the first, a default's value — an unknown target is not judged apart)
            texts = self.bound(word)
            if texts:
                target = texts[0]
        elif word.expansion and "$" in target and self.bindings and op not in ("<<", "<<-", "<<<"):
            # `for p in /proc/[0-9]*; do tr … < $p/environ; done`: a loop variable in the target
            # stands for each of its values, each a file the redirect reads or writes
            texts = self.bound(word)
            if texts and texts != [target]:
                target, more = texts[0], texts[1:]
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
        for text in more:
            redirects.append(dict(entry, target=text))
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

    # ------------------------------------------------------------ the methods of the other modules
    # lexer.py
    word = _lexer.word
    double_quoted = _lexer.double_quoted
    ansi_c = _lexer.ansi_c
    take = _lexer.take
    dollar = _lexer.dollar
    nested = _lexer.nested
    # commands.py
    simple_command = _commands.simple_command
    finish_node = _commands.finish_node
    loop_header = _commands.loop_header
    loop_variants = _commands.loop_variants
    literal_head = _commands.literal_head
    positional_head = _commands.positional_head
    array_head = _commands.array_head
    array_assigned = _commands.array_assigned
    forget = _commands.forget
    builtin_assignments = _commands.builtin_assignments
    certain = _commands.certain
    bound = _commands.bound
    expand_text = _commands.expand_text
    expanded_parameter = _commands.expanded_parameter
    element_values = _commands.element_values
    user_defined = _commands.user_defined
    adopt = _commands.adopt
    is_assignment = staticmethod(_commands.is_assignment)
    resolve = _commands.resolve
    mark = _commands.mark
    expand_payloads = _commands.expand_payloads
    child_sequence = _commands.child_sequence
    child_words = _commands.child_words
    run_traps = _commands.run_traps
    # routes.py
    container_payload = _routes.container_payload
    parallel = _routes.parallel
    multiplexer = _routes.multiplexer
    git_routes = _routes.git_routes
    git_subcommand = _routes.git_subcommand
    config_entry = _routes.config_entry
    env_routes = _routes.env_routes
    # stdin.py
    run_deferred = _stdin.run_deferred
    feed = _stdin.feed
    embedded_script = _stdin.embedded_script
    compiled_source = _stdin.compiled_source
    tool_configs = _stdin.tool_configs
    xargs_input = _stdin.xargs_input
    dsl_escapes = _stdin.dsl_escapes
    sql_effects = _stdin.sql_effects
    stdin_text = _stdin.stdin_text
    group_stdin = _stdin.group_stdin
    patch_writes = _stdin.patch_writes
    run_text = _stdin.run_text
    launched_code = _stdin.launched_code
    notebook_run = _stdin.notebook_run
    sed_exec = _stdin.sed_exec
    editor_exec = _stdin.editor_exec
    ex_command = _stdin.ex_command
    # code.py
    scan_code = _code.scan_code
    option_programs = _code.option_programs
    code_loading = _code.code_loading
    outside_code = _code.outside_code
    track_cd = _code.track_cd
    note_link = _code.note_link
    loaded_file = _code.loaded_file
    tex_escapes = _code.tex_escapes
    embedded_pipelines = _code.embedded_pipelines
    possible_nested = _code.possible_nested
    command_strings = _code.command_strings
    run_operands = _code.run_operands
