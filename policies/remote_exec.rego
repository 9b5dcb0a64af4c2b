# METADATA
# title: Remote code execution
# description: >-
#   Denies running code fetched from the network in the same command: a download piped
#   into an interpreter that executes its standard input (curl | sh, wget -O- | bash,
#   curl | python3 -, curl | xargs sh -c, curl | tee >(sh)), an interpreter or the shell
#   fed by process or command substitution of a download (bash <(curl …),
#   sh -c "$(curl …)", eval "$(curl …)", $(curl …)), download-then-execute chains
#   (curl -o x.sh … && sh x.sh, wget …/tool; chmod +x tool; ./tool) and shell
#   redirects to /dev/tcp or /dev/udp (reverse shells).
# custom:
#   severity: critical
#   rationale: >-
#     Piping a download into a shell runs whatever the server (or anyone on the path)
#     sends, unreviewed, with the developer's credentials; it is also the classic
#     prompt-injection payload. The check follows data through pipes, subshells,
#     groups, nested shells, xargs and substitutions on the parsed command, and knows
#     which interpreter invocations execute their input (curl | python3 -m json.tool
#     and curl | jq stay allowed). Download the script, read it, then run it as a
#     separate, reviewable step.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.remote_exec

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

advice := "Download the file first, review it, and run it in a separate step."

fetches(seg) if shell.runs_any(seg, data.claude_rego.lib.shell.downloaders)

# the segment whose standard input an interpreter reads: `tee >(sh)` reads what tee
# writes; `xargs sh -c` runs what xargs reads
_input_node(run) := shell.by_id(run.parent) if {
	run.context in {"xargs", "process_substitution"}
} else := run

# interpreter runs what arrives on its standard input (or, under xargs, as arguments)
_runs_its_input(run) if shell.stdin_exec(run)

_runs_its_input(run) if {
	run.context == "xargs"
	shell.interpreter(run)
}

_runs_its_input(run) if {
	run.context == "xargs"
	shell.name(run) == "eval"
}

# curl … | sh
deny contains msg if {
	some fetch in shell.running(data.claude_rego.lib.shell.downloaders)
	some run in segments
	_runs_its_input(run)
	_fed_from(fetch, _input_node(run))
	msg := sprintf("Blocked: `%s` pipes a download into `%s`, which runs remote code unreviewed. %s", [shell.name(fetch), shell.name(run), advice])
}

_fed_from(fetch, node) if shell.upstream(fetch, node)

_fed_from(fetch, node) if {
	some mid in segments
	mid.id == fetch.parent
	mid.context != "process_substitution"
	shell.upstream(mid, node)
}

_fed_from(fetch, node) if {
	some mid in segments
	some top in segments
	mid.id == fetch.parent
	top.id == mid.parent
	shell.upstream(top, node)
}

# bash <(curl …), sh -c "$(curl …)", eval "$(curl …)", source <(curl …), $(curl …)
deny contains msg if {
	some fetch in shell.running(data.claude_rego.lib.shell.downloaders)
	fetch.context in {"substitution", "process_substitution"}
	host := shell.by_id(fetch.parent)
	_executesshell.substitution(host)
	msg := sprintf("Blocked: `%s` executes the output of `%s` directly, which runs code from the network unreviewed. %s", [concat(" ", host.argv), concat(" ", fetch.argv), advice])
}

# the substitution is the program itself ($(curl x))
_executesshell.substitution(host) if shell.substitution(host.command)

# … or an interpreter's script or -c/-e payload
_executesshell.substitution(host) if {
	shell.interpreter(host)
	ops := shell.script_operands(host)
	count(ops) > 0
	shell.substitution(ops[0])
}

_executesshell.substitution(host) if {
	shell.interpreter(host)
	some i, flag in shell.args(host)
	regex.match(`^-[A-Za-z]*[cerE][A-Za-z]*$|^--eval$|^-Command$`, flag)
	shell.substitution(shell.args(host)[i + 1])
}

# curl -o i.sh … && sh i.sh; wget …/tool; chmod +x tool; ./tool
deny contains msg if {
	some fetch in shell.running(data.claude_rego.lib.shell.downloaders)
	names := downloaded(fetch)
	some run in segments
	run.id > fetch.id
	executed := _executes_file(run, names)
	msg := sprintf("Blocked: this command downloads `%s` with `%s` and then executes it (`%s`) in one go. %s", [executed, shell.name(fetch), concat(" ", run.argv), advice])
}

# file names a download produces: -o/-O values, URL file names, redirect targets
downloaded(fetch) := ({_file_name(a) | some a in shell.operands(fetch)} | _redirected(fetch)) - {""}

_redirected(fetch) := {_file_name(r.target) |
	some r in fetch.redirects
	r.op in {">", ">>", ">|", "&>"}
	not r.dup
}

_file_name(word) := lower(shell.basename(regex.replace(word, `[?#].*$`, "")))

_executes_file(run, names) := script if {
	shell.interpreter(run)
	not shell.stdin_exec(run)
	ops := shell.script_operands(run)
	count(ops) > 0
	script := _file_name(ops[0])
	script in names
} else := shell.name(run) if {
	not shell.interpreter(run)
	shell.name(run) in names
}

# bash -i >& /dev/tcp/host/port 0>&1, exec 3<>/dev/udp/…
deny contains msg if {
	some seg in segments
	some r in seg.redirects
	regex.match(`^/dev/(tcp|udp)/`, r.target)
	msg := sprintf("Blocked: `%s` connects the shell to the network through %s (a reverse shell or raw network channel). Use a normal client such as curl, and never give a remote end a shell.", [concat(" ", seg.argv), r.target])
}

# curl … | tee run.sh && bash run.sh, git clone URL && cd p && ./install.sh, wget -r … &&
# bash kit/run.sh: code fetched earlier in the command, then local code runs. Which file
# the fetch produced is not always known, so this asks (the exact cases above deny).
ask contains msg if {
	some fetch in segments
	_fetches_code(fetch)
	some run in segments
	run.id > fetch.id
	_runs_local_code(run)
	msg := sprintf("This command fetches code (`%s`) and then runs local code (`%s`) in one go: what runs may be what was just downloaded. %s", [concat(" ", fetch.argv), concat(" ", run.argv), advice])
}

_fetches_code(seg) if shell.runs_any(seg, {"curl", "wget", "aria2c", "axel", "fetch", "http", "xh", "scp", "rsync", "tftp", "ftp"})

_fetches_code(seg) if {
	shell.runs(seg, "git")
	some a in shell.args(seg)
	a in {"clone", "pull", "fetch", "submodule"}
}

_runs_local_code(run) if {
	contains(run.command, "/")
	not shell.interpreter(run)
}

_runs_local_code(run) if {
	count(run.argv) > 0
	contains(run.argv[0], "/")
	not shell.interpreter(run)
}

_runs_local_code(run) if {
	shell.interpreter(run)
	not shell.family(run) in {"source"}
	not shell.eval_flag(run)
	count(shell.script_operands(run)) > 0
}

_runs_local_code(run) if {
	shell.family(run) == "source"
	count(run.args) > 0
}

_runs_local_code(run) if shell.runs_any(run, {"make", "gmake", "cmake", "ninja", "java", "ctypes"})

_runs_local_code(run) if {
	shell.runs_any(run, {"pip", "pip3", "npm", "pnpm", "yarn", "gem", "cargo", "uv"})
	some a in shell.args(run)
	a in {"install", "i", "add"}
	some b in shell.args(run)
	_local_package(b)
}

_runs_local_code(run) if {
	some child in segments
	child.parent == run.id
	child.context == "interpreter_code"
	some a in child.args
	regex.match(`\.(so|dylib|dll|node)$`, a)
}

_local_package(b) if regex.match(`\.(whl|tar\.gz|tgz|zip|gem|jar)$`, b)

_local_package(b) if b in {"-e", "--editable", ".", "--path"}

_local_package(b) if startswith(b, "./")

_local_package(b) if startswith(b, "/")
