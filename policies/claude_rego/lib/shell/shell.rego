# METADATA
# title: Shell helpers
# description: >-
#   Helpers over input.facts.shell (the parsed Bash command) shared by the default pack.
#   Commands are compared lowercased (macOS file systems are case-insensitive); a
#   variable used as the command counts as the literal it was assigned (a=rm; $a -rf /);
#   multi-call binaries (busybox rm) count as the applet; variables assigned earlier in
#   the same command ($x, ${x}, export x=…), $HOME and sh -c positional parameters
#   ($1) are expanded in arguments; `cd` earlier in the command moves the working
#   directory that relative paths are read against.
package claude_rego.lib.shell

import rego.v1

segments := s if {
	s := input.facts.shell.segments
	is_array(s)
} else := []

opaque if input.facts.shell.opaque

# The command text the shell facts were parsed from: a shell tool's `command`, or the
# command lines another tool runs (facts.effects.exec: an MCP `cmd`, an argv list,
# keys typed into a terminal; one per line, as the facts layer parses them). Rules
# that read the raw text read it here, never `input.hook.tool_input.command` alone.
script := input.hook.tool_input.command if {
	not _other_tool
	is_string(input.hook.tool_input.command)
} else := concat("\n", [e.command | some e in input.facts.effects.exec; is_string(e.command); not e.mention == true]) if {
	_other_tool
	count(input.facts.effects.exec) > 0
}

_other_tool if {
	is_string(input.facts.tool.class)
	input.facts.tool.class != "shell"
}

by_id(id) := segments[id] if {
	# the parser numbers segments by position (checked once by the facts layer's index)
	_indexed
} else := _views[id].seg

# (for the variable helpers, which _views itself depends on)
_seg_by_id(id) := [s | some s in segments; s.id == id][0]

basename(word) := parts[count(parts) - 1] if {
	parts := split(word, "/")
}

multicall := {"busybox", "toybox"}

# The command before the multi-call step: a resolved variable beats the literal `$a`.
_command0(seg) := lower(basename(seg.resolved_command)) if {
	is_string(seg.resolved_command)
	seg.resolved_command != ""
} else := lower(basename(expand(seg, seg.command))) if {
	# $a after `export a=rm` (the parser resolves plain a=rm itself)
	is_string(seg.command)
	startswith(seg.command, "$")
} else := lower(basename(seg.command)) if {
	is_string(seg.command)
} else := ""

_args0(seg) := array.slice(seg.resolved_argv, 1, count(seg.resolved_argv)) if {
	is_array(seg.resolved_argv)
	count(seg.resolved_argv) > 0
} else := seg.args if {
	is_array(seg.args)
} else := []

# name(seg): the program the segment runs, lowercased ("rm" for /bin/rm, \rm, r""m,
# $a after a=rm, busybox rm).
name(seg) := seg.name if {
	# the facts layer computed it (claude_rego.facts.shell.annotate): no per-rule work
	is_string(seg.name)
} else := v.name if {
	_ids_unique
	v := _views[seg.id]
} else := _name(seg)

_name(seg) := _name_from(_command0(seg), _args0(seg))

_name_from(c0, a0) := lower(basename(a0[0])) if {
	c0 in multicall
	count(a0) > 0
} else := c0

# raw_args(seg): the arguments as the parser gave them (after the multi-call applet).
raw_args(seg) := seg.args_raw if {
	is_array(seg.args_raw)
} else := seg.args if {
	is_string(seg.name) # annotated by the facts layer: args_raw is left out when equal to args
} else := v.raw_args if {
	_ids_unique
	v := _views[seg.id]
} else := _raw_args(seg)

_raw_args(seg) := _raw_from(_command0(seg), _args0(seg))

_raw_from(c0, a0) := array.slice(a0, 1, count(a0)) if {
	c0 in multicall
	count(a0) > 0
} else := a0

# args(seg): the arguments with known variables expanded.
# (raw_args written out for annotated segments: a function call costs a few µs in regorus,
# and this one is called for every argument test of every rule)
args(seg) := seg.args_expanded if {
	is_array(seg.args_expanded)
} else := seg.args_raw if {
	is_string(seg.name) # annotated: args_expanded is left out when nothing expands
	is_array(seg.args_raw)
} else := seg.args if {
	is_string(seg.name)
} else := v.args if {
	_ids_unique
	v := _views[seg.id]
} else := _args(seg)

_args(seg) := [expand(seg, a) | some a in _raw_args(seg)]

# Per-segment results, computed once per evaluation (rules are cached, functions are
# not): the functions above look a segment of the input up here.
_views := {s.id: _view(s, _command0(s), _args0(s)) | some s in segments}

# The views and cwds above are looked up by segment id: valid when ids are unique, as the
# parser makes them (a hand-built input with repeated ids takes the slower direct path).
_ids_unique if count({s.id | some s in segments}) == count(segments)

_view(s, c0, a0) := {"seg": s, "name": n, "raw_args": raw, "args": _expand_all(s, raw), "family": _family_of(n)} if {
	n := _name_from(c0, a0)
	raw := _raw_from(c0, a0)
}

# expand on each word, skipped when no word starts with `$` (most commands).
_expand_all(s, words) := [expand(s, w) | some w in words] if {
	some word in words
	startswith(word, "$")
} else := words

# runs(seg, name): the segment runs the command `name` (lowercase).
# running(names): the segments that run one of `names` (a set), as runs_any decides. Rules
# start from it rather than testing every segment: the views are built once per
# evaluation, so a command that runs none of `names` costs a set lookup per segment.
# Rules open with a presence test on `names` (a rule, cached per evaluation) and call
# running() only for a program the command runs:
#   some ran in _deleters & data.claude_rego.lib.shell.names   (or "git" in …names)
#   some seg in shell.running({ran})
# a function call costs ~5 µs in regorus even when it finds nothing, and ~220 clauses open
# this way, so the test keeps a clause whose programs are absent at a set intersection.
running(names) := [segments[i] | some n, ids in _by_name; n in names; some i in ids] if {
	# the facts layer indexed the segments by program: a lookup per name, not a pass
	_indexed
} else := [v.seg | some v in _views; v.name in names] if {
	_ids_unique
} else := [seg | some seg in segments; runs_any(seg, names)]

_by_name := input.facts.shell.by_name

# names: every program the command runs (lowercase)
names := {n | some n, _ in input.facts.shell.by_name} if _indexed else := {name(s) | some s in segments}

_indexed if {
	is_object(input.facts.shell.by_name)
	is_object(input.facts.shell.index)
}

# Segments that have something, from the facts layer's index (no pass over every
# segment in Rego: regorus spends ~10 µs per iteration): with_redirects,
# with_assignments, with_wrappers, with_config_exec, opaque_segments, in_context(ctx),
# with_dollar_args (a raw argument starting with $).
# (each is written out, not through a helper function taking the fallback as an argument:
# arguments are evaluated before the call, so the fallback's pass would always run)
with_redirects := [segments[i] | some i in input.facts.shell.index.redirects] if _indexed else := [s | some s in segments; count(s.redirects) > 0]

with_assignments := [segments[i] | some i in input.facts.shell.index.assignments] if _indexed else := [s | some s in segments; count(s.assignments) > 0]

with_wrappers := [segments[i] | some i in input.facts.shell.index.wrappers] if _indexed else := [s | some s in segments; count(s.wrappers) > 0]

with_config_exec := [segments[i] | some i in input.facts.shell.index.config_exec] if _indexed else := [s | some s in segments; s.config_exec]

opaque_segments := [segments[i] | some i in input.facts.shell.index.opaque] if _indexed else := [s | some s in segments; s.opaque]

with_dollar_args := [segments[i] | some i in input.facts.shell.index.dollar] if _indexed else := [s | some s in segments; some a in raw_args(s); startswith(a, "$")]

# with_dollar_anywhere: segments with a raw argument containing `$` (--file=$KUBECONFIG)
with_dollar_anywhere := [segments[i] | some i in input.facts.shell.index.dollar_anywhere] if _indexed else := [s | some s in segments; some a in raw_args(s); contains(a, "$")]

# arg_index: every distinct argument, as args(seg) gives it → ids of the segments that have
# it (look a segment up with by_id). A rule that tests arguments iterates this: one test per
# distinct argument, not one per segment × argument, and no per-segment function calls.
arg_index := input.facts.shell.index.args if {
	_indexed
	is_object(input.facts.shell.index.args)
} else := {a: [s.id | some s in segments; a in args(s)] | some a in _all_args}

_all_args := {a | some s in segments; some a in args(s)}

in_context(ctx) := [segments[i] | some i in object.get(input.facts.shell.index.contexts, ctx, [])] if {
	_indexed
} else := [s | some s in segments; s.context == ctx]

_no_cd if {
	_indexed
	input.facts.shell.index.cd == false
}

# (the annotated segment's name read directly: no call to name() per test)
runs(seg, n) := seg.name == n if is_string(seg.name) else := name(seg) == n

# runs_any(seg, names): the segment runs one of `names` (a set of lowercase names).
runs_any(seg, names) := seg.name in names if is_string(seg.name) else := name(seg) in names

# has_short_flag(seg, letters): an option cluster such as -rf contains one of `letters`.
has_short_flag(seg, letters) if {
	some arg in args(seg)
	startswith(arg, "-")
	regex.match(`^-[A-Za-z0-9]+$`, arg)
	some letter in letters
	contains(substring(arg, 1, -1), letter)
}

has_arg(seg, names) if {
	some arg in args(seg)
	arg in names
}

has_arg_prefix(seg, prefix) if {
	some arg in args(seg)
	startswith(arg, prefix)
}

# operands: the arguments that are not options.
operands(seg) := [arg | some arg in args(seg); not startswith(arg, "-")]

# mode_operands(seg): chmod's mode and files, also when the mode starts with "-" (`chmod -x f`,
# `chmod -R -w,o+r d`: GNU chmod reads a -r/-w/-x/-X/-s/-t cluster as a mode, not an option);
# the operands of any other command.
mode_operands(seg) := result if {
	runs(seg, "chmod")
	words := args(seg)
	firsts := [k | some k, w in words; _chmod_mode_word(w)]
	count(firsts) > 0
	first := min(firsts)
	mode := words[first]
	startswith(mode, "-")
	rest := [f | some j, f in words; j > first; not startswith(f, "-")]
	result := array.concat([mode], rest)
} else := operands(seg)

_chmod_mode_word(a) if not startswith(a, "-")

_chmod_mode_word(a) if regex.match(`^-[rwxXst]+(,[ugoa]*[-+=][rwxXst]*)*$`, a)

# option_value(seg, names): the value of an option given as `-o X`, `--opt X` or `--opt=X`.
# The value of the option given last, as most command-line parsers take it (`-R a -R b` is
# b): one value however often the option is repeated (a function with two values would stop
# the whole evaluation on attacker-controlled text).
option_value(seg, names) := found[count(found) - 1] if {
	words := args(seg)
	found := [v |
		some i, a in words
		v := _option_value_at(words, i, a, names)
	]
	count(found) > 0
}

_option_value_at(words, i, a, names) := words[i + 1] if a in names

_option_value_at(_, _, a, names) := substring(a, count(n) + 1, -1) if {
	not a in names
	some n in names
	startswith(n, "--")
	startswith(a, concat("", [n, "="]))
}

# substitution(word): the word is (or contains) a $(…), `…`, <(…) or >(…) the parser replaced
substitution(word) if contains(word, "(…)")

substitution(word) if contains(word, "`…`")

substitution(word) if contains(word, "(...)")

substitution(word) if contains(word, "`...`")

# path_of(seg, arg): the path facts of an argument written literally (raw text match).
path_of(seg, arg) := p if {
	# the facts layer's index of facts.paths: a lookup, not a pass over every path per call
	_has_path_index
	p := _indexed_path_of(seg, arg)
} else := p if {
	not _has_path_index
	ps := [p | some p in input.facts.paths; p.raw == arg; p.segment == seg.id]
	count(ps) > 0
	p := ps[0]
} else := p if {
	not _has_path_index
	ps := [p | some p in input.facts.paths; p.raw == arg; p.source != "tool_input"]
	count(ps) > 0
	p := ps[0]
}

# a rule, not `not is_object(input.facts.path_index)`: OPA makes a builtin call on an
# undefined reference undefined, and `not` of that is not true there (regorus differs)
_has_path_index if is_object(input.facts.path_index)

# segment_paths(seg): the path facts whose segment is `seg` (from the facts layer's index;
# else a pass over facts.paths). Rules that judge the paths of some programs start from
# running(programs) and this, not from every path and a by_id + program test per path.
segment_paths(seg) := [input.facts.paths[i] | some i in input.facts.path_index.by_segment[format_int(seg.id, 10)]] if {
	is_object(input.facts.path_index)
	is_number(seg.id)
} else := [p | some p in input.facts.paths; p.segment == seg.id]

_indexed_path_of(seg, arg) := input.facts.paths[i] if {
	is_number(seg.id)
	i := input.facts.path_index.by_use[concat("\n", [format_int(seg.id, 10), arg])]
} else := input.facts.paths[i] if {
	i := input.facts.path_index.by_raw[arg]
}

# ---------------------------------------------------------------- variables

_var_ref := `^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9])`

# expand(seg, word): a word whose leading $VAR / ${VAR} / $1 is known, expanded.
# (trim_prefix, never substring(…, count(…), …): count is UTF-16 units on regorus, docs/rego-dialect.md)
expand(seg, word) := concat("", [v, trim_prefix(word, ref)]) if {
	startswith(word, "$")
	ref := regex.find_n(_var_ref, word, 1)[0]
	v := _var_value(seg, trim_right(trim_left(trim_prefix(ref, "$"), "{"), "}"))
} else := word

_var_value(seg, n) := input.facts.home if {
	n == "HOME"
	is_string(input.facts.home)
} else := basename(input.facts.home) if {
	# /home/$USER: the user is the owner of the home directory
	n in {"USER", "LOGNAME"}
	is_string(input.facts.home)
	input.facts.home != ""
} else := v if {
	v := _assigned(seg, n)
} else := v if {
	v := _positional(seg, n)
}

_declarers := {"export", "declare", "local", "readonly", "typeset"}

_assigns(s, n) if {
	s.command == ""
	is_string(s.assignments[n])
}

_assigns(s, n) if {
	lower(s.command) in _declarers
	some a in s.args
	startswith(a, concat("", [n, "="]))
}

_assign_value(s, n) := s.assignments[n] if {
	s.command == ""
} else := v if {
	vs := [trim_prefix(a, concat("", [n, "="])) | some a in s.args; startswith(a, concat("", [n, "="]))]
	v := vs[count(vs) - 1]
}

# the value of the assignment to `n` before `seg` in the same command, when it is the
# only one and surely runs: a name assigned in more than one place, after && or ||, in a
# subshell or in an if/case/loop/function body (the parser marks those `conditional`) is
# unknown — its value may be the earlier one, the new one or the environment's
# (`D=/; false && D=/tmp/x; rm -rf $D` deletes /), so the rules ask.
_assigned(seg, n) := v if {
	ids := [s.id | some s in segments; _assigns(s, n)]
	count(ids) == 1
	s := _seg_by_id(ids[0])
	s.id < seg.id
	_certain_assignment(s)
	v := _assign_value(s, n)
}

_certain_assignment(s) if {
	s.context == "top"
	not s.operator in {"&&", "||"}
	not object.get(s, "conditional", false)
}

# $0, $1, … inside `sh -c 'payload' arg0 arg1 …`
_positional(seg, n) := v if {
	regex.match(`^[0-9]$`, n)
	seg.context == "shell_c"
	p := _seg_by_id(seg.parent)
	some i, flag in p.args
	regex.match(`^-[A-Za-z]*c[A-Za-z]*$`, flag)
	v := p.args[(i + 2) + to_number(n)]
}

# ---------------------------------------------------------------- paths

home := h if {
	h := input.facts.home
	is_string(h)
	h != ""
} else := "/nonexistent-home"

# norm(path): an absolute path with `.`, `..` and repeated slashes collapsed (lexically).
norm(path) := concat("", ["/", concat("/", kept)]) if {
	parts := [x | some x in split(path, "/"); x != ""; x != "."]
	kept := _resolve_dotdot(parts)
}

_resolve_dotdot(parts) := _kept(parts) if ".." in parts else := parts

_step(x) := -1 if x == ".." else := 1

_kept(parts) := [x | some i, x in parts; x != ".."; not _cancelled(parts, i)]

# part i is removed by a later `..` when the running count after it drops below zero
_cancelled(parts, i) if {
	some j, y in parts
	j > i
	y == ".."
	sum([_step(parts[k]) | some k, _ in parts; k > i; k <= j]) < 0
}

_cd_commands := {"cd", "pushd"}

_cds(seg) := [c | some c in _cd_segments; c.id < seg.id]

# the cd segments in segment order: from the facts layer's index of programs when there is
# one (its segments sit at their ids), else a pass over every segment
_cd_segments := [segments[k] | some k in sort([j | some n in _cd_commands; some j in object.get(_by_name, n, [])])] if {
	_indexed
} else := [c | some c in segments; runs_any(c, _cd_commands)]

# cwd_at(seg): the working directory `seg` runs in, following earlier `cd`s in the
# same command; "?" when it cannot be known (cd "$X", cd -).
cwd_at(seg) := input.facts.cwd if {
	_no_cd
} else := _cwds[seg.id] if {
	_ids_unique
} else := _cwd_at(seg)

_cwds := {s.id: input.facts.cwd | some s in segments} if {
	count(_cd_segments) == 0 # the common case: no cd, every segment runs in the cwd
} else := {s.id: _cwd_after_ids[[c.id | some c in _cd_segments; c.id < s.id]] | some s in segments}

# _cwd_after(_cds(s)) for each distinct list of earlier cds (by id): computed once per list,
# not once per segment (a cd's target is a pass over the path facts)
_cwd_after_ids := {ids: _cwd_after([c | some c in _cd_segments; c.id in ids]) | some ids in _cd_id_lists}

_cd_id_lists := {[c.id | some c in _cd_segments; c.id < s.id] | some s in segments}

_cwd_at(seg) := _cwd_after(_cds(seg))

_cwd_after(cds) := input.facts.cwd if {
	count(cds) == 0
} else := _cd_target(cds[0], input.facts.cwd) if {
	count(cds) == 1
} else := _cd_target(cds[1], _cd_target(cds[0], input.facts.cwd)) if {
	count(cds) == 2
} else := _cd_target(cds[count(cds) - 1], "?")

# a cd through a symlink (one made earlier in the command, `ln -s / r; cd r/etc`, or one
# on disk) lands where the link leads: the path facts resolved it from the session's cwd
_cd_target(c, base) := p.resolved if {
	ops := operands(c)
	count(ops) > 0
	some p in input.facts.paths
	p.source == "argument"
	p.segment == c.id
	p.raw == ops[0]
	p.via_symlink
	is_string(p.resolved)
	_cd_link_known(p, base)
} else := _cd_to(operands(c), args(c), base)

# the path facts resolve from the session's cwd, or after the command's own cds when the
# link was made in the command (the facts layer follows those cds too)
_cd_link_known(_, base) if base == input.facts.cwd

_cd_link_known(p, _) if object.get(p, "link_in_command", false) == true

_cd_to(ops, words, base) := home if {
	count(ops) == 0
	not "-" in words
} else := "?" if {
	"-" in words
} else := _anchored(ops[0], base)

# _anchored(word, base): the absolute lexical path of `word` read from directory `base`.
_anchored(word, base) := "?" if {
	_unknowable(word)
} else := norm(word) if {
	startswith(word, "/")
} else := norm(concat("", [home, substring(word, 1, -1)])) if {
	regex.match(`^~(/|$)`, word)
} else := norm(concat("/", [_home_root, substring(word, 1, -1)])) if {
	# ~user: another user's home directory
	startswith(word, "~")
} else := "?" if {
	base == "?"
} else := norm(concat("/", [base, word]))

_unknowable(word) if contains(word, "$")

_unknowable(word) if contains(word, "`")

_unknowable(word) if contains(word, "…")

_home_root := regex.replace(home, `/[^/]*$`, "") if {
	regex.match(`^/.+/[^/]+$`, home)
} else := "/home"

# lexical(seg, word): where `word` (an argument of `seg`, already expanded) points,
# lexically, from the directory `seg` runs in; "?" when unknown. $PWD counts as that
# directory.
lexical(seg, word) := _anchored(w, cwd_at(seg)) if {
	w := _with_pwd(word, cwd_at(seg))
	cwd_at(seg) != "?"
} else := _anchored(word, "?")

_with_pwd(word, cwd) := regex.replace(word, `^\$(\{PWD\}|PWD)`, cwd) if startswith(word, "$") else := word

# ---------------------------------------------------------------- data flow

_breaks := {";", "&&", "||", "&", "\n"}

# upstream(a, b): what `a` prints reaches the standard input of `b` through pipes
# (directly, or from inside a subshell, group, substitution or nested shell feeding
# the pipe).
upstream(a, b) if {
	a.id < b.id
	b.operator in {"|", "|&"}
	not _break_between(a, b)
}

upstream(a, b) if {
	a.id < b.id
	a.pipeline == b.pipeline
	b.operator in {"|", "|&"}
}

_break_between(a, b) if {
	some m in segments
	m.id > a.id
	m.id <= b.id
	m.depth <= b.depth
	m.operator in _breaks
}

# ---------------------------------------------------------------- programs

downloaders := {
	"curl", "wget", "fetch", "aria2c", "axel", "http", "https", "xh", "httpie", "lwp-download",
	"lwp-request", "get", "nc", "ncat", "netcat", "socat", "telnet", "tftp", "ftp", "eget",
}

# family(seg): the interpreter family of the program ("" when it is not one).
family(seg) := seg.family if {
	is_string(seg.family)
} else := v.family if {
	_ids_unique
	v := _views[seg.id]
} else := _family_of(name(seg))

_family_of(n) := f if {
	f := _families[n]
} else := f if {
	# versioned names: python3.12, perl5.36, php8.2, lua5.4, tclsh8.6 (the cheap test
	# first: a regex.match costs ~3 µs in regorus even with its regex cache, a set lookup far less)
	n != ""
	substring(strings.reverse(n), 0, 1) in {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}
	regex.match(`^[a-z]+[0-9][0-9.]*$`, n)
	f := _families[regex.replace(n, `[0-9.]+$`, "")]
	f in {"python", "perl", "ruby", "php", "lua", "tcl"}
} else := ""

_families := {
	"sh": "shell", "bash": "shell", "rbash": "shell", "zsh": "shell", "dash": "shell", "ksh": "shell",
	"mksh": "shell", "ash": "shell", "yash": "shell", "posh": "shell", "fish": "shell", "csh": "shell",
	"tcsh": "shell", "python": "python", "pypy": "python", "perl": "perl", "ruby": "ruby", "irb": "ruby",
	"node": "node", "nodejs": "node", "deno": "node", "bun": "node", "tsx": "node", "ts-node": "node",
	"php": "php", "lua": "lua", "luajit": "lua", "osascript": "osascript", "pwsh": "pwsh",
	"powershell": "pwsh", "tclsh": "tcl", "wish": "tcl", "source": "source", ".": "source", "eval": "source",
}

interpreter(seg) if family(seg) != ""

# code_runners: the segments whose program can take code with a flag (the families eval_flag
# accepts), found a program at a time: the facts layer gives every segment of a program the
# same family, so one family test per program the command runs, not an eval_flag call per
# segment (a pass over every segment when the input has no program index)
code_runners := [input.facts.shell.segments[i] |
	some ids in input.facts.shell.by_name
	family(input.facts.shell.segments[ids[0]]) in _code_families
	some i in ids
] if _indexed else := [seg | some seg in segments; family(seg) in _code_families]

_code_families := {"shell", "python", "perl", "ruby", "node", "php", "lua", "osascript", "pwsh"}

# letters that make the program run code given on the command line instead of a file/stdin
_eval_letters := {
	"shell": "c", "python": "cm", "perl": "eE", "ruby": "e", "node": "ep", "php": "r",
	"lua": "e", "osascript": "e", "tcl": "", "source": "",
}

_eval_long := {"--eval", "--print", "-command", "-c", "-encodedcommand", "-ec", "-file", "-f", "--command"}

eval_flag(seg) if {
	letters := object.get(_eval_letters, family(seg), "")
	letters != "" # most programs have no eval letters: no pass over their arguments
	some a in args(seg)
	regex.match(`^-[A-Za-z]+$`, a)
	some i in numbers.range(1, count(a) - 1)
	contains(letters, substring(a, i, 1))
}

eval_flag(seg) if {
	family(seg) in {"node", "pwsh"}
	some a in args(seg)
	lower(a) in _eval_long
}

_value_options := {"-o", "+o", "-O", "+O", "--rcfile", "--init-file", "-W", "-X", "--require", "--import", "--loader"}

# script_operands(seg): the operands of an interpreter, without option values.
script_operands(seg) := [a |
	some i, a in args(seg)
	not startswith(a, "-")
	not startswith(a, "+")
	not _after_value_option(seg, i)
]

_after_value_option(seg, i) if {
	i > 0
	args(seg)[i - 1] in _value_options
}

_stdin_words := {"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"}

# stdin_exec(seg): the interpreter runs the program it reads on standard input.
stdin_exec(seg) if {
	family(seg) == "shell"
	has_short_flag(seg, {"s"})
}

stdin_exec(seg) if {
	f := family(seg)
	not f in {"", "source"}
	not eval_flag(seg)
	count(script_operands(seg)) == 0
}

stdin_exec(seg) if {
	interpreter(seg)
	some a in args(seg)
	a in _stdin_words
}

# ---------------------------------------------------------------- unresolved words

# unresolved(word): part of the word is only known when the command runs (an unknown
# $VARIABLE, ${…} operator, $(…) or `…`), after the expansions above.
unresolved(word) if contains(word, "$")

unresolved(word) if contains(word, "…")

# known_prefix(word): the literal text before the first unresolved part ("/" for /$NOPE).
known_prefix(word) := substring(word, 0, min(cuts)) if {
	cuts := [i | some m in ["$", "`…`", "(…)"]; i := indexof(word, m); i >= 0]
	count(cuts) > 0
} else := word

# stdout_discarded(seg): the segment's standard output goes to /dev/null (>/dev/null,
# 1>/dev/null, &>/dev/null) and no later redirect sends it elsewhere (>/dev/null >&2
# does not discard it): nothing it prints reaches the model.
stdout_discarded(seg) if {
	some i, r in seg.redirects
	_to_stdout(r)
	not r.dup
	r.target == "/dev/null"
	not _stdout_redirected_after(seg, i)
}

_to_stdout(r) if {
	r.op in {">", ">>", ">|", "&>", "&>>"}
	object.get(r, "fd", null) in {null, 1}
}

_to_stdout(r) if {
	r.op == ">&"
	object.get(r, "fd", null) in {null, 1}
}

_stdout_redirected_after(seg, i) if {
	some j, r in seg.redirects
	j > i
	_to_stdout(r)
}

# find_starts(seg): the start directories of a `find` (default `.`); find_deletes(seg): it
# deletes what it finds (-delete, -exec rm/shred/…, or a deleter it runs through -exec sh -c).
find_starts(seg) := starts if {
	starts := [a |
		some i, a in args(seg)
		i < _find_expression_start(seg)
		not startswith(a, "-")
	]
	count(starts) > 0
} else := ["."]

_find_expression_start(seg) := n if {
	starts := [i | some i, a in args(seg); _find_expression_token(a)]
	count(starts) > 0
	n := min(starts)
} else := count(args(seg))

_find_expression_token(a) if {
	startswith(a, "-")
	not a in {"-H", "-L", "-P"}
}

_find_expression_token(a) if a in {"(", "!", ")", ","}

_find_deleters := {"rm", "shred", "unlink", "rmdir", "truncate", "srm", "wipe"}

find_deletes(seg) if has_arg(seg, {"-delete"})

find_deletes(seg) if {
	some i, a in args(seg)
	a in {"-exec", "-execdir", "-ok", "-okdir"}
	basename(args(seg)[i + 1]) in _find_deleters
}

find_deletes(seg) if {
	some child in in_context("find_exec")
	_find_below(child, seg.id)
	_find_runs_deleter(child)
}

_find_runs_deleter(child) if runs_any(child, _find_deleters)

_find_runs_deleter(child) if {
	some grandchild in segments
	grandchild.parent == child.id
	runs_any(grandchild, _find_deleters)
}

_find_below(child, id) if child.parent == id

_find_below(child, id) if by_id(child.parent).parent == id
