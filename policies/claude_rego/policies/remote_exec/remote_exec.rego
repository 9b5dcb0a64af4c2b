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
#     tool_classes: [shell, mcp, other]
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
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
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
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
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
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
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
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	regex.match(`^/dev/(tcp|udp)/`, r.target)
	msg := sprintf("Blocked: `%s` connects the shell to the network through %s (a reverse shell or raw network channel). Use a normal client such as curl, and never give a remote end a shell.", [concat(" ", seg.argv), r.target])
}

# curl … | tee run.sh && bash run.sh
downloaded_by_tee(fetch) := {_file_name(a) |
	"tee" in data.claude_rego.lib.shell.names
	some tee in shell.running({"tee"})
	shell.upstream(fetch, tee)
	some a in shell.operands(tee)
}

deny contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	names := downloaded_by_tee(fetch)
	count(names) > 0
	some run in segments
	run.id > fetch.id
	executed := _executes_file(run, names)
	msg := sprintf("Blocked: this command downloads `%s` with `%s` and then executes it (`%s`) in one go. %s", [executed, shell.name(fetch), concat(" ", run.argv), advice])
}

# a downloaded file used by a later command (pip install p.whl, java -jar p.jar, a .so
# loaded by inline code), or code fetched in a form whose file names are not known
# (wget -r, an archive that is extracted, git clone DIR) followed by local code from it
ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	names := downloaded(fetch) | downloaded_by_tee(fetch)
	some run in segments
	run.id > fetch.id
	_uses_file(run, names)
	msg := sprintf("This command downloads code with `%s` and then uses it (`%s`) in one go. %s", [shell.name(fetch), concat(" ", run.argv), advice])
}

_uses_file(run, names) if {
	not shell.runs_any(run, {"tar", "unzip", "gunzip", "sha256sum", "shasum", "md5sum", "cat", "less", "head", "tail", "file", "ls", "jq", "gpg", "cosign"})
	some a in run.args
	_file_name(a) in names
	regex.match(`\.(whl|jar|so|dylib|dll|node|egg|gem|tgz|tar\.gz|zip|deb|rpm|pkg|dmg|msi|apk|sh|py|pl|rb|js|php|bin|run|appimage)$`, lower(a))
}

_uses_file(run, names) if {
	run.context == "interpreter_code"
	some a in run.args
	_file_name(a) in names
}

ask contains msg if {
	some ran in (data.claude_rego.lib.shell.downloaders | {"git"}) & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	_fetches_unknown_files(fetch)
	some run in segments
	run.id > fetch.id
	_runs_local_code(run)
	msg := sprintf("This command fetches code (`%s`) whose files are not known in advance and then runs local code (`%s`). %s", [concat(" ", fetch.argv), concat(" ", run.argv), advice])
}

# wget -r/-m, a download that is then extracted, git clone
_fetches_unknown_files(seg) if {
	shell.runs(seg, "wget")
	some a in shell.args(seg)
	regex.match(`^(-[A-Za-z]*[rm][A-Za-z]*|--recursive|--mirror)$`, a)
}

_fetches_unknown_files(seg) if {
	shell.runs_any(seg, data.claude_rego.lib.shell.downloaders)
	names := downloaded(seg)
	some ran in {"tar", "unzip", "7z", "bsdtar"} & data.claude_rego.lib.shell.names
	some ex in shell.running({ran})
	ex.id > seg.id
	some a in ex.args
	_file_name(a) in names
}

_fetches_unknown_files(seg) if {
	shell.runs(seg, "git")
	some a in shell.args(seg)
	a in {"clone"}
}

_runs_local_code(run) if {
	count(run.argv) > 0
	contains(run.argv[0], "/")
	not shell.interpreter(run)
	not startswith(run.argv[0], "/usr/")
	not startswith(run.argv[0], "/bin/")
}

_runs_local_code(run) if {
	shell.interpreter(run)
	not shell.family(run) in {"source"}
	not shell.eval_flag(run)
	some op in shell.script_operands(run)
	contains(op, "/")
}

_runs_local_code(run) if {
	count(run.argv) > 0
	shell.cwd_at(run) != input.facts.cwd
	_executes_something(run)
}

_runs_local_code(run) if {
	shell.runs_any(run, {"make", "gmake"})
	some a in shell.args(run)
	a in {"-C", "--directory"}
}

_runs_local_code(run) if {
	shell.runs_any(run, {"pip", "pip3", "npm", "pnpm", "yarn", "gem", "cargo", "uv"})
	some a in shell.args(run)
	a in {"install", "i", "add"}
	some b in shell.args(run)
	_local_package(b)
}

_executes_something(run) if contains(run.argv[0], "/")

_executes_something(run) if shell.runs_any(run, {"make", "gmake", "cmake", "ninja", "npm", "pnpm", "yarn", "pip", "pip3", "cargo", "go", "python", "python3", "sh", "bash"})

_local_package(b) if b in {"-e", "--editable", ".", "--path"}

_local_package(b) if startswith(b, "./")

_local_package(b) if startswith(b, "/")

# zsh's own TCP modules (zmodload zsh/net/tcp; ztcp host port; zsh >&$REPLY): a raw
# network channel like /dev/tcp, marked by the facts layer
deny contains msg if {
	some seg in data.claude_rego.lib.shell.opaque_segments
	"shell_network_socket" in seg.opaque_reasons
	msg := sprintf("Blocked: `%s` opens a raw network socket from the shell (a reverse shell or raw network channel). Use a normal client such as curl, and never give a remote end a shell.", [concat(" ", seg.argv)])
}

# curl … | tar x && ./dir/setup: an archive extracted from a download's stream, then local code
ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	some ran2 in {"tar", "bsdtar", "unzip", "7z", "cpio", "busybox"} & data.claude_rego.lib.shell.names
	some ex in shell.running({ran2})
	shell.upstream(fetch, ex)
	some run in segments
	run.id > ex.id
	_runs_local_code(run)
	msg := sprintf("This command extracts a download (`%s | %s`) and then runs local code (`%s`) whose content is not known in advance. %s", [shell.name(fetch), shell.name(ex), concat(" ", run.argv), advice])
}

# a downloaded editor or browser extension installed in the same command
ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	names := downloaded(fetch) | downloaded_by_tee(fetch)
	some run in segments
	run.id > fetch.id
	some a in run.args
	_file_name(a) in names
	regex.match(`\.(vsix|xpi|crx|oxt|sublime-package|jetbrains|vim|kext|pkg|mpack)$`, lower(a))
	msg := sprintf("This command downloads code with `%s` and then installs it (`%s`) in one go. %s", [shell.name(fetch), concat(" ", run.argv), advice])
}

# java -jar <(curl …), awk -f <(wget -O- …), make -f <(curl …): a download handed to a
# program as the program (or script) it runs, through a process substitution, is curl | sh.
# A download given to a program that only reads data (diff <(curl …) f, sha256sum <(…),
# jq . <(…)) passes; one given to a program claude-rego does not know asks.
_program_runners := {
	"java", "javaw", "jshell", "kotlin", "kotlinc", "scala", "groovy", "dotnet", "mono", "deno", "bun", "ts-node", "tsx",
	"rscript", "r", "julia", "escript", "elixir", "iex", "erl", "ocaml", "swift", "wasmtime", "wasmer", "make", "gmake",
	"awk", "gawk", "mawk", "nawk", "sed", "gsed", "gdb", "lldb", "vim", "nvim", "vi", "ex", "emacs", "at", "batch",
	"crontab", "busybox", "jrunscript", "jjs", "clojure", "clj", "racket", "guile", "sbcl", "tclsh", "wish", "expect",
	"osascript", "powershell", "pwsh", "cmake", "ninja", "just", "task", "nix-shell", "sqlite3",
	"psql", "mysql", "m4", "dc", "bc", "ld.so", "ld-linux-x86-64.so.2",
}

_code_file_flags := {"-f", "-x", "-S", "-l", "-P", "-jar", "-cp", "-classpath", "--classpath", "--load", "--init-file", "--rcfile", "--script", "--file", "--command", "-E", "--eval-file", "-u"}

_data_readers := {
	"diff", "diff3", "sdiff", "colordiff", "icdiff", "delta", "cmp", "comm", "cat", "tac", "tee", "grep", "egrep", "fgrep",
	"rg", "ag", "jq", "yq", "gojq", "jless", "wc", "sort", "uniq", "head", "tail", "less", "more", "sha256sum", "sha1sum",
	"sha512sum", "sha384sum", "sha224sum", "md5sum", "b2sum", "shasum", "cksum", "sum", "paste", "join", "cut", "tr",
	"column", "xxd", "hexdump", "od", "file", "strings", "nl", "fold", "fmt", "pr", "expand", "unexpand", "base64",
	"iconv", "dos2unix", "zcat", "gunzip", "bzcat", "xzcat", "zstdcat", "json_pp", "xmllint",
	"csvlook", "mlr", "bat", "printf", "echo", "read", "mapfile", "readarray", "wdiff", "vimdiff", "code", "openssl",
	"gpg", "gpgv", "minisign", "cosign", "ssh-keygen", "sha3sum", "git",
}

_substituted_download(fetch) := host if {
	fetch.context == "process_substitution"
	host := shell.by_id(fetch.parent)
	some a in shell.args(host)
	shell.substitution(a)
}

deny contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	host := _substituted_download(fetch)
	_runs_substituted_program(host)
	msg := sprintf("Blocked: `%s` runs the output of `%s` as its program, which runs code from the network unreviewed. %s", [concat(" ", host.argv), concat(" ", fetch.argv), advice])
}

_runs_substituted_program(host) if shell.name(host) in _program_runners

_runs_substituted_program(host) if {
	some i, flag in shell.args(host)
	flag in _code_file_flags
	shell.substitution(shell.args(host)[i + 1])
}

ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	host := _substituted_download(fetch)
	not _runs_substituted_program(host)
	not shell.interpreter(host)
	not shell.name(host) in _data_readers
	msg := sprintf("`%s` is given the output of `%s` as a file; claude-rego does not know whether it reads it as data or runs it. Approve only if it only reads it.", [concat(" ", host.argv), concat(" ", fetch.argv)])
}
