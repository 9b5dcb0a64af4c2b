# METADATA
# title: Self-protection
# description: >-
#   Denies an agent weakening its own governance: writing, deleting, truncating,
#   locking (flock), replacing (mv, ln, cp over), chmod/chown or planting a FIFO at
#   claude-rego's state directory (decision log, hook log), its installed package and
#   engine, its virtualenv, the managed runtime file and managed settings directory;
#   changing how Claude Code's settings files register the hooks (hooks,
#   disableAllHooks, allowManagedHooksOnly; a whole-file Write or any shell write of a
#   settings file); writing to CLAUDE_ENV_FILE or redefining it; and killing or
#   stopping the hook's processes (pkill/killall of claude-rego, its Python or the
#   engine; a kill fed by a listing or pid file naming the engine in any pattern
#   spelling); replacing its executable or package by name or through a destination a
#   search for them fills in (find -exec, xargs, $(which …)). File tools, MCP and other tools whose input names such a path, and shell
#   commands are all checked (tools of no known class are not routed here: that would
#   register the hook for every tool call). Other edits of settings files stay with agent_config
#   (ask). The locations come from input.facts.governance (as the hook resolves them:
#   XDG_STATE_HOME, the installed package, the OS's managed paths) plus the default
#   ones by pattern.
# custom:
#   severity: critical
#   rationale: >-
#     A policy engine the agent can switch off is no control: one `flock` on the
#     decision log, a FIFO in its place, `disableAllHooks` in a settings file, a
#     function sourced through CLAUDE_ENV_FILE, or a `pkill -f claude-rego` and every
#     later tool call is judged by nobody. The user or the security team can still make
#     these changes themselves; the agent cannot.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write, mcp, other]
#     tools: [Task, Agent]
package claude_rego.policies.self_protection

import data.claude_rego.lib.paths
import data.claude_rego.lib.paths.dangerous_roots
import data.claude_rego.lib.paths.written
import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

# null when no routed policy reads it (facts on demand): object.get(null, …) is a type error in OPA
gov := g if {
	g := object.get(input.facts, "governance", {})
	is_object(g)
} else := {}

_list(key) := [x | some x in object.get(gov, key, []); is_string(x)]

_one(key) := [x | x := object.get(gov, key, null); is_string(x)]

_home := lower(data.claude_rego.lib.paths.home)

# Directories nothing may be written under (and that may not be moved, deleted, locked).
protected_dirs := ({_norm(d) | some d in array.concat(array.concat(_list("state_dirs"), _one("state_dir")), _one("managed_dir"))} | {_norm(d) | some d in _default_dirs}) | _package_dirs

# The installed package, engine and virtualenv; not when they are inside the project
# (a development checkout of claude-rego itself, editable install).
_package_dirs := {d |
	some raw in _list("package_dirs")
	d := _norm(raw)
	not paths.under(d, lower(input.facts.project_dir))
}

_default_dirs := [concat("", [_home, "/.local/state/claude-rego"]), "/etc/claude-code", "/library/application support/claudecode"]

# Single files (their directory may hold other things).
protected_files := {_norm(f) | some f in array.concat(_one("managed_config"), _one("interpreter"))}

settings_files := {_norm(f) | some f in _list("settings_files")}

_norm(p) := lower(trim_right(p, "/"))

# Settings files by name, wherever they are (another project's .claude/, a
# CLAUDE_CONFIG_DIR the facts do not know).
_settings_re := `(^|/)\.claude/settings(\.local)?\.json$|(^|/)managed-settings\.json$|(^|/)managed-settings\.d(/|$)`

is_settings(l) if l in settings_files

# the settings files that register claude-rego's hooks (read by the hook, not guessed)
hooked(l) if l in {_norm(f) | some f in _list("hooked_settings_files")}

is_settings(l) if regex.match(_settings_re, l)

# every folded location of a path fact (as written and where symlinks lead)
_locs(p) := {lower(l) | some l in [p.absolute_folded, p.absolute, p.resolved]; is_string(l)}

protected(l) if {
	some d in protected_dirs
	paths.under(l, d)
}

protected(l) if l in protected_files

# a location whose removal or replacement takes a protected one with it (rm -rf ~/.local);
# /, the home directory, system directories and the project and above are
# destructive_shell's (one reason per concern)
ancestor_of_protected(l) if {
	_holds_governed(l) # (the prefix test before the roots test: most locations hold none)
	not paths.in_roots(l, dangerous_roots)
}

_holds_governed(l) if {
	prefix := concat("", [trim_right(l, "/"), "/"])
	some d in _governed_dirs
	startswith(d, prefix)
}

_governed_dirs := protected_dirs | settings_files

# ------------------------------------------------------------------ writes of any kind

deny contains msg if {
	some p in written
	some l in _locs(p)
	protected(l)
	msg := sprintf("`%s` belongs to claude-rego's own governance (state, decision log, package or managed configuration); an agent may not change, lock or replace it.", [p.raw])
}

deny contains msg if {
	some p in _replaced
	some l in _locs(p)
	_takes_protected(l)
	msg := sprintf("`%s` holds claude-rego's governance files (state, package or settings); an agent may not delete, move or replace it.", [p.raw])
}

_takes_protected(l) if protected(l)

_takes_protected(l) if ancestor_of_protected(l)

# what a command deletes, moves away, replaces or re-permissions (every operand, sources
# of mv included; mkdir -p ~/.local/state or cp x ~/.claude/ are not in it)
_replaced contains p if {
	some ran in {"mv", "rsync", "rm", "rmdir", "unlink", "shred", "chmod", "chown", "chgrp", "chattr", "setfacl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	p := paths.location(seg, word)
}

_replaced contains p if {
	"ln" in data.claude_rego.lib.shell.names
	some seg in shell.running({"ln"})
	word := _last(shell.operands(seg))
	p := paths.location(seg, word)
}

_last(xs) := xs[count(xs) - 1]

# ------------------------------------------------------------------ locks

_lockers := {"flock", "lockf", "lckdo", "chflags", "setfacl", "chattr", "mkfifo", "mknod"}

deny contains msg if {
	some ran in _lockers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	p := paths.location(seg, word)
	some l in _locs(p)
	_governed(l)
	msg := sprintf("`%s %s` would lock or replace claude-rego's governance files; the hook must never wait on the agent.", [shell.name(seg), word])
}

# `flock FILE cmd`: the parser strips flock as a wrapper around `cmd`; its lock file is
# one of the segment's raw words
deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	some w in seg.wrappers
	w in _lockers
	some word in seg.raw_words
	word != w
	p := paths.location(seg, shell.expand(seg, word))
	some l in _locs(p)
	_governed(l)
	msg := sprintf("`%s %s` would lock claude-rego's governance files; the hook must never wait on the agent.", [w, word])
}

# `exec 3<log; flock 3`: a descriptor opened on a governed file in a command that locks
deny contains msg if {
	count(shell.running({"flock", "lockf"})) > 0
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	not r.dup
	word := shell.expand(seg, r.target)
	p := paths.location(seg, word)
	some l in _locs(p)
	_governed(l)
	msg := sprintf("`%s` is claude-rego's or Claude Code's governance file; an agent may not hold a lock on it.", [word])
}

_governed(l) if protected(l)

_governed(l) if is_settings(l)

# ------------------------------------------------------------------ settings files

# A shell write, delete or move of a settings file that registers claude-rego cannot be
# checked for what it does to the hooks; nor one whose command mentions the hook keys.
deny contains msg if {
	_runs_command
	some p in written | _replaced
	some l in _locs(p)
	is_settings(l)
	_shell_touches_hooks(l)
	msg := sprintf("`%s` registers Claude Code's hooks; a shell command may not rewrite, move or delete it (edit other settings with a file tool).", [p.raw])
}

_shell_touches_hooks(l) if hooked(l)

# A shell command that fills a settings file (or a whole .claude directory) with content
# the command does not show — a download (curl -o, wget -O), a copy, a git
# checkout/restore, an archive extraction — can register or drop hooks unseen.
deny contains msg if {
	_runs_command
	some w in data.claude_rego.lib.paths.write_words
	seg := shell.by_id(w.seg)
	_opaque_writer(seg)
	p := data.claude_rego.lib.paths.location(seg, w.word)
	some l in _locs(p)
	_settings_or_dir(l)
	not _scratch_copy(seg, l)
	msg := sprintf("`%s`: a shell command may not replace Claude Code settings with content from elsewhere (%s); it could (un)register the hooks that govern the agent.", [p.raw, _writer_name(seg)])
}

_opaque_writer(seg) if shell.name(seg) in _opaque_writers

# what a copy, download or extract tool (aws s3 cp, docker cp, 7z -o, gh release download)
# or a patch whose text is not shown writes: the parser's `tee` segments of context copied_in
_opaque_writer(seg) if seg.context == "copied_in"

# a directory copied into a temporary directory (cp -r .claude /tmp/backup writes
# /tmp/backup/.claude): no session reads its settings there
_scratch_copy(seg, l) if {
	seg.context == "copied_in"
	some root in _scratch_roots
	paths.under(l, root)
}

_scratch_roots := [lower(r) | some r in settings.value("allowed_write_roots")]

_writer_name(seg) := shell.name(shell.by_id(seg.parent)) if {
	seg.context == "copied_in"
	is_number(seg.parent)
} else := shell.name(seg)

_opaque_writers := {"curl", "wget", "aria2c", "cp", "mv", "install", "rsync", "scp", "ditto", "ln", "git", "tar", "unzip", "dd"}

_settings_or_dir(l) if is_settings(l)

_settings_or_dir(l) if regex.match(`(^|/)\.claude/?$`, l)


_shell_touches_hooks(_) if regex.match(`(?i)hooks|claude[-_]rego`, data.claude_rego.lib.shell.script)

# a shell command: the shell tool's, or one another tool runs (an MCP execute_command)
_runs_command if input.facts.tool.class == "shell"

_runs_command if {
	some e in input.facts.effects.exec
	not e.mention == true
}

# A whole-file Write (or a notebook edit) of a file that registers claude-rego drops it.
deny contains msg if {
	input.facts.tool.name in {"Write", "NotebookEdit"}
	some p in input.facts.paths
	p.source == "tool_input"
	some l in _locs(p)
	is_settings(l)
	hooked(l)
	msg := sprintf("`%s` registers claude-rego's hooks; replacing the whole file would remove them. Edit the setting you need instead.", [p.raw])
}

# An edit that touches the hook registration or the switches that disable it.
deny contains msg if {
	input.facts.tool.class == "file-write"
	some p in input.facts.paths
	p.source == "tool_input"
	some l in _locs(p)
	is_settings(l)
	some text in _edit_texts
	regex.match(_hook_keys_re, text)
	msg := sprintf("`%s`: an agent may not change the hooks that govern it (hooks, disableAllHooks, allowManagedHooksOnly, claude-rego).", [p.raw])
}

_hook_keys_re := `(?i)"?(hooks|disableallhooks|allowmanagedhooksonly)"?\s*:|claude[-_]rego|disableallhooks|allowmanagedhooksonly`

_edit_texts contains t if {
	some key in ["content", "old_string", "new_string", "new_source"]
	t := input.hook.tool_input[key]
	is_string(t)
}

_edit_texts contains t if {
	some e in input.hook.tool_input.edits
	some key in ["old_string", "new_string"]
	t := e[key]
	is_string(t)
}

# ------------------------------------------------------------------ other tools (MCP…)

deny contains msg if {
	not input.facts.tool.class in {"shell", "file-write", "file-read"}
	some p in input.facts.paths
	p.source == "tool_input"
	not object.get(p, "access", "") in {"read", "list"} # reading settings changes nothing
	some l in _locs(p)
	_governed(l)
	msg := sprintf("`%s` is claude-rego's or Claude Code's governance file; tool `%s` may not act on it.", [p.raw, input.facts.tool.name])
}

# ------------------------------------------------------------------ CLAUDE_ENV_FILE

_env_file_re := `\$\{?CLAUDE_ENV_FILE\b`

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	contains(r.target, "CLAUDE_ENV_FILE") # (the cheap test before the regex)
	regex.match(_env_file_re, r.target)
	msg := "CLAUDE_ENV_FILE is sourced before every shell command; an agent may not write to it."
}

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_dollar_anywhere # the pattern needs a `$`
	some a in shell.raw_args(seg)
	contains(a, "CLAUDE_ENV_FILE")
	regex.match(_env_file_re, a)
	shell.name(seg) in {"tee", "cp", "mv", "ln", "install", "dd", "sed", "gsed", "perl", "truncate", "rm", "mkfifo", "chmod", "touch", "rsync"}
	msg := "CLAUDE_ENV_FILE is sourced before every shell command; an agent may not write to it."
}

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_assignments
	some name, _ in seg.assignments
	name == "CLAUDE_ENV_FILE"
	msg := "an agent may not redefine CLAUDE_ENV_FILE."
}

deny contains msg if {
	some ran in {"export", "declare", "typeset", "readonly", "local", "unset"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.raw_args(seg)
	regex.match(`^CLAUDE_ENV_FILE(=|$)`, a)
	msg := "an agent may not redefine CLAUDE_ENV_FILE."
}

deny contains msg if {
	env_file := [f | some f in [object.get(gov, "env_file", null), object.get(object.get(input.facts, "untrusted_env", {}), "CLAUDE_ENV_FILE", null)]; is_string(f); f != ""]
	some f in env_file
	some p in written
	some l in _locs(p)
	l == _norm(f)
	msg := sprintf("`%s` is CLAUDE_ENV_FILE, sourced before every shell command; an agent may not write to it.", [p.raw])
}

# ------------------------------------------------------------------ stopping the hook

_killers := {"pkill", "killall", "skill", "snice"}

_hook_process_re := `(?i)claude[-_]?rego|regorus|(^|/)python[0-9.]*$|^python|claude_rego\.entry`

deny contains msg if {
	some ran in _killers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	not startswith(a, "-")
	regex.match(_hook_process_re, a)
	msg := sprintf("`%s %s` would stop claude-rego's hook processes; an agent may not switch off its own governance.", [shell.name(seg), a])
}

# kill $(pgrep -f claude-rego), kill `pidof python3`
deny contains msg if {
	some ran in {"pgrep", "pidof"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	not startswith(a, "-")
	regex.match(_hook_process_re, a)
	some ran2 in {"kill", "xargs"} & data.claude_rego.lib.shell.names
	some k in shell.running({ran2})
	k.id != seg.id
	msg := sprintf("`%s %s` feeding `kill` would stop claude-rego's hook processes; an agent may not switch off its own governance.", [shell.name(seg), a])
}

# A kill whose process ids come from a listing or a pid file that names the engine, in
# any pattern spelling: `ps aux | grep '[c]laude-rego' | awk '{print $2}' | xargs kill`,
# `kill $(pgrep -f claude.rego)`, `for p in $(ps … | grep rego …); do kill $p; done`,
# `ls /proc/*/cmdline | xargs grep -l claude-rego | … | xargs kill`. The kill takes its
# ids from xargs or a variable/substitution; another segment (a lister or filter) names
# the engine: a word of its arguments, stripped of pattern syntax, holds claude-rego or
# regorus, or is 4+ characters of them (`rego`, `claude`, `claude-r[e]go`).
_pid_takers := {"kill", "killall", "pkill", "skill", "slay", "tkill"}

_pid_listers := {
	"ps", "pgrep", "pidof", "pgrep.exe", "grep", "egrep", "fgrep", "rg", "ag", "ack", "awk", "gawk", "mawk", "nawk",
	"sed", "perl", "ls", "find", "lsof", "fuser", "pstree", "cut", "cat", "head", "tail", "top", "ss", "netstat",
	"jq", "tr", "findstr", "tasklist", "wmic", "procs", "systemctl", "readlink", "basename", "sort", "uniq",
}

deny contains msg if {
	some ran in _pid_takers & data.claude_rego.lib.shell.names
	some k in shell.running({ran})
	_pids_fed(k)
	some ran2 in _pid_listers & data.claude_rego.lib.shell.names
	some f in shell.running({ran2})
	f.id != k.id
	some a in shell.args(f)
	_names_engine(a)
	msg := sprintf("`%s` signals processes that `%s` finds by claude-rego's name (`%s`); an agent may not stop its own governance.", [concat(" ", k.argv), shell.name(f), a])
}

# a pid file of the engine read through a redirect (`xargs kill < ~/.local/state/claude-rego/x.pid`,
# `read pid < …; kill $pid`)
deny contains msg if {
	some ran in _pid_takers & data.claude_rego.lib.shell.names
	some k in shell.running({ran})
	_pids_fed(k)
	some f in data.claude_rego.lib.shell.with_redirects
	some r in f.redirects
	r.op in {"<", "<>"}
	_names_engine_file(r.target)
	msg := sprintf("`%s` signals the process whose id `%s` holds; an agent may not stop its own governance.", [concat(" ", k.argv), r.target])
}

# inline code that signals processes it picks by the engine's name (python -c "… os.kill …
# b'claude-rego' in cmdline …", psutil, node -e "process.kill(…)")
deny contains msg if {
	some seg in data.claude_rego.lib.shell.code_runners # (the programs that take code with a flag)
	shell.eval_flag(seg)
	some a in shell.raw_args(seg)
	regex.match(`(?i)\bkill(pg)?\s*\(|\.terminate\s*\(|\.send_signal\s*\(|SIG(KILL|TERM|STOP|INT)\b|\bkill\s+-?[0-9A-Z]`, a)
	_names_engine_file(a)
	msg := sprintf("`%s` runs code that signals claude-rego's processes; an agent may not stop its own governance.", [shell.name(seg)])
}

_pids_fed(k) if k.context == "xargs"

_pids_fed(k) if {
	some a in shell.raw_args(k)
	_non_literal(a)
}

_non_literal(w) if contains(w, "$")

_non_literal(w) if contains(w, "`")

_non_literal(w) if contains(w, "…")

_non_literal(w) if contains(w, "{}")

# a word naming the engine loosely (a process pattern): any 4+ character piece of it, once
# brackets and escapes are gone (`[r]ego`, `claude\-rego`)
_names_engine(a) if {
	some tok in regex.split(`[^a-z0-9_-]+`, regex.replace(lower(a), `[\[\]\\]`, ""))
	t := regex.replace(tok, `[-_]`, "")
	_engine_piece(t)
}

_engine_piece(t) if contains(t, "clauderego")

_engine_piece(t) if contains(t, "regorus")

_engine_piece(t) if {
	count(t) >= 4
	some w in ["clauderego", "regorus"]
	contains(w, t)
}

# a word naming the engine's files strictly (a file name or glob): claude-rego in any
# separator or bracket spelling, regorus, or `claude` followed by a wildcard
_names_engine_file(a) if {
	t := regex.replace(lower(a), `[^a-z0-9]`, "")
	some w in ["clauderego", "regorus"]
	contains(t, w)
}

_names_engine_file(a) if regex.match(`(?i)claude(\*|\?|\.\*|\[|[-_.]r)`, a)

# ------------------------------------------------------------------ the executable and package

# The hook's executable (…/bin/claude-rego, a pipx or uv tool environment) and the
# installed package (site-packages/claude_rego, regorus, their dist-info and .pth) by
# name, wherever they are installed; a development checkout inside the project is not.
_engine_file_re := `(?i)/(s?bin|scripts)/claude[-_]rego(\.exe|\.cmd|\.bat|\.pyz|-script\.py)?$|/(site|dist)-packages/(__editable__[._-]*)?(claude_rego|regorus)([-._/]|$)|/(venvs|tools)/claude[-_]rego(/|$)`

deny contains msg if {
	some p in written | _replaced
	some l in _locs(p)
	regex.match(_engine_file_re, l)
	not paths.under(l, lower(input.facts.project_dir))
	msg := sprintf("`%s` is claude-rego's installed program or package; an agent may not replace, overwrite or remove it.", [p.raw])
}

# A write whose destination is filled in from a search for the engine's files:
# `find / -name 'claude-rego*' -exec cp /tmp/stub {} \;`, `which claude-rego | xargs cp stub`,
# `for f in $(find … -name claude_rego); do cp stub "$f"; done`, `P=$(which claude-rego); cat x > "$P"`.
_dest_writers := {
	"cp", "mv", "install", "ln", "rsync", "dd", "tee", "truncate", "shred", "rm", "unlink", "chmod", "chown",
	"touch", "sed", "gsed", "perl", "ditto", "sponge", "patch", "cat", "echo", "printf",
}

deny contains msg if {
	some ran in _dest_writers & data.claude_rego.lib.shell.names
	not ran in _stdout_writers
	some w in shell.running({ran})
	_dest_fed(w)
	some f in _engine_locators
	f.id != w.id
	msg := sprintf("`%s` writes to a file that `%s` finds by claude-rego's name; an agent may not replace its own governance.", [concat(" ", w.argv), shell.name(f)])
}

# cat, echo and printf write only through a redirect (_stdout_only): only those with one
deny contains msg if {
	some w in data.claude_rego.lib.shell.with_redirects
	shell.name(w) in _stdout_writers
	_dest_fed(w)
	some f in _engine_locators
	f.id != w.id
	msg := sprintf("`%s` writes to a file that `%s` finds by claude-rego's name; an agent may not replace its own governance.", [concat(" ", w.argv), shell.name(f)])
}

_stdout_writers := {"cat", "echo", "printf"}

# the segments that locate the engine's files, found once (not once per writer)
_engine_locators := [f | some f in segments; _locates_engine(f)]

_locates_engine(f) if {
	not shell.runs(f, "find")
	some a in shell.args(f)
	_names_engine_file(a)
}

# find: a search of the project (a development checkout) is not the installed engine
_locates_engine(f) if {
	shell.runs(f, "find")
	some a in shell.args(f)
	_names_engine_file(a)
	some start in shell.find_starts(f)
	not _in_project(f, start)
}

_in_project(seg, word) if {
	p := paths.location(seg, word)
	paths.under(lower(p.absolute), lower(input.facts.project_dir))
}

# the destination is filled in by find -exec, xargs, a variable or a substitution
_dest_fed(w) if {
	w.context in {"find_exec", "xargs"}
	not shell.option_value(w, {"-t", "--target-directory"})
	not _stdout_only(w)
}

_dest_fed(w) if {
	# a destination word is (part of) an argument, and an expanded argument is non-literal only
	# when the raw one is: one test of the raw arguments before the destination words
	regex.match(`[$\x60…]|\{\}`, concat(" ", shell.raw_args(w)))
	not _stdout_only(w)
	some d in _dest_words(w)
	_non_literal(d)
}

_dest_fed(w) if {
	some r in w.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
	_non_literal(r.target)
}

# cat, echo and printf write only through a redirect
_stdout_only(w) if shell.name(w) in _stdout_writers

_dest_words(w) := [d] if {
	shell.name(w) in {"cp", "mv", "install", "ln", "rsync", "ditto"}
	d := shell.option_value(w, {"-t", "--target-directory"})
} else := [_last(ops)] if {
	shell.name(w) in {"cp", "mv", "install", "ln", "rsync", "ditto"}
	ops := shell.operands(w)
	count(ops) > 0
} else := [substring(a, 3, -1) | some a in shell.args(w); startswith(a, "of=")] if {
	shell.name(w) == "dd"
} else := shell.operands(w)
