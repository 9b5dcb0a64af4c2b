# METADATA
# title: Commands run by tools other than the shell, where the shell rules cannot judge them
# description: >-
#   A tool other than Bash/PowerShell (an MCP server's execute_command, call_aws,
#   send_keys, a renamed or unknown tool) that runs a command line from its input
#   (`command`, `cmd`, any `…_command` key, an argv list, keys typed into a terminal) is
#   judged like the same command in Bash: the command is parsed as shell
#   (facts.effects.exec → facts.shell) and the shell policies are routed to MCP and
#   unknown tools too. This policy asks only where that reading cannot be trusted: code
#   that is not shell (a `code`/`source`/`expression`/`function` field, a tool or server
#   named for an interpreter, REPL, kernel, evaluator or browser, a `language`/`shell`
#   field naming something other than a POSIX shell), a command fed on standard input, a
#   command whose parse is opaque or failed, a command list or tool input that was cut,
#   a command that runs in another working directory (outside the project) or on
#   another machine or container (`host`, `container`, `image`, `pod`, …), and exec
#   values the walker takes from other places (a database statement's program, a git
#   setting) — the user sees the command and decides. A program with its argument list
#   (any key names, nested, or the program a tool or server is named for) is a command
#   line the shell rules judge; an argument list whose program cannot be told
#   (facts.effects.argv_unknown) is asked when it holds a destroy verb.
# custom:
#   severity: high
#   rationale: >-
#     Rules follow effects, not names: a command line is judged by what it does, whichever
#     tool carries it, so `git status` through an MCP terminal passes and `rm -rf ~` is
#     denied like in Bash. What the shell rules cannot read (another language, another
#     machine, another directory, a parse they could not finish) stays an ask: unknown is
#     never silently allowed.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.non_shell_exec

import data.claude_rego.lib.settings
import rego.v1

ask contains msg if {
	count(_unreadable) > 0
	msg := sprintf("`%s` runs a command outside the shell tool (%s: `%s`) that claude-rego's shell checks cannot judge: %s. Approve only if you have read it.", [input.facts.tool.name, _first.field, _clip(_first.command), concat("; ", sort(_unreadable))])
}

# (a command a subagent's prompt only talks about is not run: agent_instructions reads it)
_exec := [e | some e in _effect_list("exec"); not e.mention == true] if not input.facts.tool.class == "shell"

else := []

_first := _exec[0]

_tool_input := object.get(input.hook, "tool_input", {}) if is_object(object.get(input.hook, "tool_input", {}))

else := {}

# --- what the shell rules cannot judge ------------------------------------------------

# a field that carries code of another language (a run/evaluate tool's `code`)
_unreadable contains entry if {
	some e in _exec
	not _shell_entry(e)
	entry := sprintf("`%s` holds code or data for a program, not a shell command line", [e.field])
}

# a tool or server named for an interpreter, REPL, kernel, evaluator or browser (a command
# line the facts built from a named program and its argument list is shell by construction:
# `redis-cli GET k`, `node -e …` are judged like Bash's; a bare list under `args` is not)
_unreadable contains entry if {
	some e in _exec
	not _named_program(e)
	not object.get(e, "shell", false) == true
	some w in _tool_words
	w in _interpreter_words
	entry := sprintf("the tool runs code of another language (its name says `%s`)", [w])
}

# a language/shell field naming something other than a POSIX shell (a `shell` field
# that holds a command line is that command: judged by the shell rules)
_unreadable contains entry if {
	count(_exec) > 0
	some k, v in _tool_input
	is_string(v)
	_norm(k) in _language_keys
	not _posix_shell(v)
	not _command_line_in_shell_key(k, v)
	# the facts read the code as that language's inline code (`python3 -c …`): judged
	some e in _exec
	not _named_program(e)
	entry := sprintf("it names the language or shell `%s`", [v])
}

_command_line_in_shell_key(k, v) if {
	_norm(k) == "shell"
	contains(trim_space(v), " ")
}

_unreadable contains "claude-rego could not parse it as a shell command" if {
	count(_exec) > 0
	not is_object(input.facts.shell)
}

_unreadable contains "its parse is opaque (see opaque_shell) or failed" if {
	count(_exec) > 0
	input.facts.shell.opaque == true
}

_unreadable contains "its parse is opaque (see opaque_shell) or failed" if {
	count(_exec) > 0
	is_string(input.facts.shell.error)
}

_unreadable contains "the tool's input was too large or deep to read whole" if {
	count(_exec) > 0
	input.facts.effects.truncated == true
}

_unreadable contains "the tool's input was cut to the size cap" if {
	count(_exec) > 0
	some t in input.facts.truncated
	startswith(t, "hook.tool_input")
}

# a list under a command key is read as one argv (`cmd: ["git", "log"]`); an item after
# the first that holds shell syntax says the tool may run the items as command lines
_unreadable contains entry if {
	count(_exec) > 0
	some k, v in _tool_input
	is_array(v)
	key := _norm(k)
	not key in {"args", "argv", "arguments"}
	# a plural key (`commands`) holds command lines: the facts parse each one
	not endswith(key, "commands")
	_command_key(key)
	some i, item in v
	i > 0
	is_string(item)
	regex.match("[;&|\n`]|\\$\\(", item)
	not _shell_dash_c(v)
	entry := sprintf("`%s` is a list whose items may be separate command lines (`%s`)", [k, item])
}

# [sh, -c, SCRIPT, …]: the argv reading parses SCRIPT as the shell would
_shell_dash_c(v) if {
	_posix_shell(v[0])
	is_string(v[1])
	regex.match(`^-[a-z]*c[a-z]*$`, v[1])
}

# it runs in another directory: relative paths in it mean something else there
_unreadable contains entry if {
	_carries_command
	some [k, v] in _settings
	_norm(k) in _cwd_keys
	not _inside_project(v)
	not _ci_run
	entry := sprintf("it runs in `%s` (%s), outside the project, where its relative paths mean other files", [v, k])
}

# A command run on another machine or in a container (`host`, `container`, `pod`, …) is judged
# by the shell rules like the same command given to `ssh HOST CMD`, `docker exec C CMD` or
# `kubectl exec POD -- CMD` in Bash: paths read as this machine's (`rm -rf ~` is denied there
# too), harmless reads pass (`tail -n 100 /var/log/nginx/error.log`, `uptime`). Session 27
# reversed the earlier ask: two paths to the same command must not disagree.


# every command is a step of a CI/CD run the tool triggers: its working directory (a step's
# `workingDir`) is the runner's, not a directory of this machine
_ci_run if {
	count(_exec) > 0
	every e in _exec {
		object.get(e, "ci", false) == true
	}
}

# the tool carries a command line of its own; a command the facts read from a program's tool's
# named fields (field "(tool)": mcp__docker__remove_container {"container_id": "x"} -> `docker
# remove x`) names its target there, not where it runs
_carries_command if {
	some e in _exec
	e.field != "(tool)"
}

# the string settings of the call at any depth ({"options": {"cwd": "/"}}): [key, value]
_settings contains [k, v] if {
	count(_exec) > 0
	walk(_tool_input, [path, v])
	is_string(v)
	v != ""
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
}

# An argument list whose program cannot be told (no program key, none named by the tool or
# its server: facts.effects.argv_unknown) that holds a verb destructive for common CLIs
# (`delete namespace production`, `destroy --force stack`, `uninstall release`): what it
# deletes cannot be judged. Lists without such a verb (`--version`, `list --json`) pass.
ask contains msg if {
	some a in _effect_list("argv_unknown")
	is_array(a.words)
	some w in a.words
	is_string(w)
	w in _argv_destroy_verbs
	msg := sprintf("`%s` is given an argument list (%s) with the destructive verb `%s`, and which program runs it cannot be told, so claude-rego's shell checks cannot judge it. Approve only if you know what it deletes.", [input.facts.tool.name, a.field, w])
}

_argv_destroy_verbs := {lower(v) | some v in array.concat(_destroy_verbs, _destructive_tool_verbs); is_string(v)}

_destroy_verbs := v if {
	v := settings.value("destroy_verbs")
	is_array(v)
} else := []

_destructive_tool_verbs := v if {
	v := settings.value("destructive_tool_verbs")
	is_array(v)
} else := []

# --- helpers --------------------------------------------------------------------------

# the key that holds the command: `cmd`, `cliCommand`, `args`, `keys[0]`, `options.command`
_last_key(field) := lower(split(parts[count(parts) - 1], "[")[0]) if parts := split(field, ".")

_norm(key) := replace(replace(lower(key), "_", ""), "-", "")

# an entry the facts built from a program and its argument list ({"program": "rm", "args":
# […]}, an argv under `params`, a tool named for its program): a command line by construction
_shell_entry(e) if _shell_field(e.field)

_shell_entry(e) if object.get(e, "argv", false) == true

# shell text the facts read out of a tool's text (a notebook cell's `!cmd` lines and `%%bash`
# body, the command lines of a subagent's prompt): shell by construction
_shell_entry(e) if object.get(e, "shell", false) == true

# the program an entry's argument list is given to: a program key's, or the one the tool is named for
_named_program(e) if {
	object.get(e, "argv", false) == true
	is_string(object.get(e, "program", null))
}

# keys whose value is a command line (or its argv), as the facts' walker names them
_shell_field(field) if {
	k := replace(replace(_last_key(field), "_", ""), "-", "")
	_command_key(k)
}

# the tool's environment for the command, read as an `export` line before it (facts)
_shell_field(field) if replace(_last_key(field), "_", "") in {"env", "envs", "environ", "environment", "envvars", "environmentvariables", "envvariables", "extraenv", "processenv"}

# keystrokes typed into a terminal (tmux/screen/pty/console/terminal tools, send_keys)
_shell_field(field) if {
	_typing
	replace(_last_key(field), "_", "") in {"keys", "text", "line", "lines", "input", "data"}
}

_command_key(k) if k in {"command", "cmd", "commands", "script", "shellcommand", "bashcommand", "commandline", "args", "argv", "arguments", "shell", "entrypoint", "bash", "sh", "zsh", "ksh", "dash", "cmdline", "run", "exec", "shscript"}

_command_key(k) if {
	some suffix in ["command", "commands", "cmd", "cmdline", "commandline", "shellscript", "bashscript"]
	endswith(k, suffix)
}

_tool_words := {w | some w in _effect_list("words")} | {w | some w in _effect_list("server_words")}

# an effects list, [] where the facts have none (events without a tool call: effects is null,
# and object.get(null, …) is a type error in OPA)
_effect_list(key) := found if {
	is_object(input.facts.effects)
	found := object.get(input.facts.effects, key, [])
	is_array(found)
} else := []

_typing if {
	some w in _tool_words
	w in {"tmux", "screen", "pty", "console", "terminal", "keys"}
}

_interpreter_words := {
	"python", "python3", "py", "ipython", "jupyter", "notebook", "kernel", "repl", "interpreter",
	"node", "nodejs", "deno", "js", "javascript", "typescript", "ts", "ruby", "irb", "perl", "php",
	"lua", "julia", "r", "rscript", "scala", "groovy", "clojure", "elixir", "erlang", "haskell",
	"eval", "evaluate", "browser", "puppeteer", "playwright", "selenium", "chrome", "page",
	"powershell", "pwsh", "applescript", "osascript",
	# database clients and query tools: their scripts are SQL, JavaScript (mongosh), Redis, Cypher…
	"sql", "sqlite", "psql", "mysql", "mariadb", "mssql", "postgres", "postgresql", "pg", "mongo",
	"mongodb", "mongosh", "redis", "cypher", "neo4j", "gremlin", "cql", "cassandra", "clickhouse",
	"duckdb", "snowflake", "bigquery", "db", "database", "query",
}

_language_keys := {"language", "lang", "interpreter", "runtime", "kernel", "kernelname", "shell", "executor"}

_posix_shell(v) if {
	is_string(v)
	parts := split(lower(v), "/")
	parts[count(parts) - 1] in {"bash", "sh", "zsh", "dash", "ksh", "ash", "shell", "posix"}
}

_cwd_keys := {"cwd", "workdir", "workingdir", "workingdirectory", "dir", "directory", "cd", "chdir", "folder", "root", "rootdir", "basedir", "pwd", "location", "path", "projectdir", "projectpath"}

_inside_project(v) if {
	some p in input.facts.paths
	p.source == "tool_input"
	p.raw == v
	p.inside_project == true
	object.get(p, "resolved_inside_project", true) != false
}



_clip(text) := concat("", [substring(text, 0, 200), "…"]) if count(text) > 200

else := text
