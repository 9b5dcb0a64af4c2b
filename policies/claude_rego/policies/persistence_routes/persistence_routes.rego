# METADATA
# title: Persistence through helper programs
# description: >-
#   The helper programs that reach the persistence locations without a visible write:
#   ssh-import-id (adds public keys from GitHub or Launchpad to ~/.ssh/authorized_keys),
#   desktop-file-install --dir into an autostart directory, and incrontab installing a table
#   (file-system events that run commands) are denied like the writes they make; systemctl
#   --user set-environment / import-environment (LD_PRELOAD, PATH, … for every later user
#   unit) and git config --global safe.directory '*' (switches off git's ownership check for
#   every repository) ask, and so does making a program the user's handler of a URL scheme
#   (xdg-mime default … x-scheme-handler/https, xdg-settings set default-web-browser).
# custom:
#   severity: critical
#   rationale: >-
#     Each of these has the effect of a write the persistence policy denies or of a setting
#     that outlives the session: a key in authorized_keys lets someone in, an autostart entry
#     or an incron table runs a program later, the user manager's environment is inherited by
#     every user service, and safe.directory '*' lets any repository's config (core.fsmonitor,
#     hooks) run as the user. None is an ordinary development step.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [Write, Edit, MultiEdit]
package claude_rego.policies.persistence_routes

import data.claude_rego.lib.shell
import rego.v1

deny contains msg if {
	some ran in {"ssh-import-id", "ssh-import-id-gh", "ssh-import-id-lp"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _only_help(seg)
	not shell.has_arg(seg, {"-r", "--remove"})
	msg := sprintf("Blocked: `%s` adds public keys to ~/.ssh/authorized_keys, which lets their owners log in to this machine (persistence).", [concat(" ", seg.argv)])
}

_only_help(seg) if {
	some a in shell.args(seg)
	a in {"-h", "--help", "--version", "-v"}
}

deny contains msg if {
	"desktop-file-install" in data.claude_rego.lib.shell.names
	some seg in shell.running({"desktop-file-install"})
	dir := _install_dir(seg)
	regex.match(`(^|/)(\.config|xdg)/autostart/?$|^/etc/xdg/autostart/?$|(^|/)\.kde4?/autostart/?$|(^|/)autostart-scripts/?$`, lower(dir))
	msg := sprintf("Blocked: `%s` installs a desktop entry into an autostart directory: it runs at every login (persistence).", [concat(" ", seg.argv)])
}

_install_dir(seg) := d if {
	d := shell.option_value(seg, {"--dir"})
} else := d if {
	some a in shell.args(seg)
	startswith(a, "--dir=")
	d := substring(a, 6, -1)
}

# incrontab FILE, incrontab - (stdin), incrontab -e: a new table of commands run on
# file-system events; listing (-l), removing (-r) and the daemon's reload (-d) change nothing
deny contains msg if {
	"incrontab" in data.claude_rego.lib.shell.names
	some seg in shell.running({"incrontab"})
	not _incrontab_readonly(seg)
	msg := sprintf("Blocked: `%s` installs an incron table, which runs commands on file-system events outside the session (persistence).", [concat(" ", seg.argv)])
}

_incrontab_readonly(seg) if {
	some a in shell.args(seg)
	a in {"-l", "--list", "-r", "--remove", "-d", "--reload", "-h", "--help", "-V", "--version"}
}

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
	regex.match(`(^|/)(etc/incron\.d/|var/spool/incron/)`, lower(r.target))
	msg := sprintf("Blocked: writing `%s` installs an incron table, which runs commands on file-system events (persistence).", [r.target])
}

ask contains msg if {
	some ran in {"systemctl", "busctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"set-environment", "import-environment", "SetEnvironment", "UnsetAndSetEnvironment"}
	_risky_environment(seg, a)
	msg := sprintf("Persistence: `%s` changes the service manager's environment, which every service it starts later inherits (LD_PRELOAD, PATH, …). Approve only if intended.", [concat(" ", seg.argv)])
}

# `systemctl --user set-environment APP_ENV=dev` sets a plain value (passes); a variable that
# makes programs load or run code (LD_PRELOAD, PATH, NODE_OPTIONS, …), the whole shell's
# environment (import-environment) or a D-Bus call's arguments (not read here) ask
_risky_environment(seg, a) if a != "set-environment"

_risky_environment(seg, "set-environment") if {
	some kv in shell.args(seg)
	contains(kv, "=")
	name := upper(split(kv, "=")[0])
	regex.match(`^(LD_|DYLD_)|PATH$|OPTIONS$|OPTS?$|PRELOAD|STARTUP|LIB$|^BASH_ENV$|^ENV$|^ZDOTDIR$|^PROMPT_COMMAND$|^PS[0-9]$|^EDITOR$|^VISUAL$|^PAGER$|^SHELL$|^BROWSER$|^GIT_|^SSH_|^http_proxy$|PROXY$`, name)
}

ask contains msg if {
	"dbus-update-activation-environment" in data.claude_rego.lib.shell.names
	some seg in shell.running({"dbus-update-activation-environment"})
	msg := sprintf("Persistence: `%s` changes the environment of every service started later in this login session. Approve only if intended.", [concat(" ", seg.argv)])
}

# The user's handler of a URL scheme (`xdg-mime default evil.desktop x-scheme-handler/https`,
# `xdg-settings set default-web-browser x.desktop`, `… default-url-scheme-handler slack x.desktop`):
# every link any program opens later, and the OAuth callbacks that carry tokens to an app's
# scheme, go to that program. Decided (session 32): ask, for URL schemes only; a file type's
# default application (`xdg-mime default code.desktop text/plain`) and queries pass.
ask contains msg if {
	"xdg-mime" in data.claude_rego.lib.shell.names
	some seg in shell.running({"xdg-mime"})
	args := shell.args(seg)
	count(args) > 0
	args[0] == "default"
	some a in array.slice(args, 1, count(args))
	startswith(lower(a), "x-scheme-handler/")
	msg := sprintf("Persistence: `%s` makes a program the handler of a URL scheme for this user: every link opened later (and the login callbacks that carry tokens) goes to it. Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	"xdg-settings" in data.claude_rego.lib.shell.names
	some seg in shell.running({"xdg-settings"})
	args := shell.args(seg)
	count(args) > 1
	args[0] == "set"
	args[1] in {"default-web-browser", "default-url-scheme-handler"}
	msg := sprintf("Persistence: `%s` makes a program the handler of web links for this user: every link opened later (and the login callbacks that carry tokens) goes to it. Approve only if intended.", [concat(" ", seg.argv)])
}

# git config --global --add safe.directory '*' (or --system, or a directory outside the
# project): git then reads any repository's config, hooks and fsmonitor as the user's own
ask contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	args := shell.args(seg)
	some i, a in args
	lower(a) == "safe.directory"
	count(args) > i + 1
	value := args[i + 1]
	not _config_read_or_unset(args)
	_broad_safe_directory(value)
	msg := sprintf("`%s` tells git to trust `%s` whoever owns it: its config and hooks then run as you. Approve only if intended.", [concat(" ", seg.argv), value])
}

ask contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	some a in shell.args(seg)
	startswith(lower(a), "safe.directory=")
	value := substring(a, count("safe.directory="), -1)
	_broad_safe_directory(value)
	msg := sprintf("`%s` tells git to trust `%s` whoever owns it: its config and hooks then run as you. Approve only if intended.", [concat(" ", seg.argv), value])
}

_config_read_or_unset(args) if {
	some a in args
	a in {"--get", "--get-all", "--get-regexp", "--unset", "--unset-all", "-l", "--list", "--remove-section"}
}

_broad_safe_directory(value) if contains(value, "*")

_broad_safe_directory(value) if {
	not contains(value, "*")
	v := trim_right(value, "/")
	v in {"", "/", "~", "$HOME", "/tmp", "/home"}
}

# ---------------------------------------------------------------- s29: PATH hijack

# A temporary directory put on PATH before the system directories (`export PATH=/tmp/x:$PATH`,
# `PATH=/dev/shm/b:$PATH cmd`, `PATH="$TMPDIR/bin:$PATH" make`, `env PATH=/var/tmp/.x:/usr/bin …`,
# a PATH of temporary directories only): anyone on the machine can write there, and a program
# planted under a common name (git, sudo, python, ls) runs in place of the real one, for the
# command or the rest of the session. Entries appended after `$PATH` or the system directories
# (`PATH=$PATH:/tmp/x`), the user's and the project's (`$HOME/.local/bin`, `./node_modules/.bin`,
# `$PWD/bin`) pass.
ask contains msg if {
	some [seg, value] in _path_values
	entries := split(value, ":")
	some i, entry in entries
	_temp_dir_entry(entry)
	i < _first_system_entry(entries)
	msg := sprintf("`%s` puts `%s`, a temporary directory anyone on the machine can write to, on PATH before the system directories: a program planted there under a common name (git, sudo, python) runs in place of the real one. Append it after `$PATH` (`PATH=$PATH:%s`) or call the program by its full path.", [_shown(seg, value), entry, entry])
}

# PATH given to one command (`PATH=… cmd`, `env PATH=… cmd`) or set for the rest of the shell
# (`export`, `declare -x`, `typeset`, `readonly`, `local`, csh's `setenv PATH …`): [segment,
# value] pairs, from the segments with assignments and those running the setters (the shell
# library's indexes: no pass over every segment)
_path_values contains [seg, v] if {
	some seg in data.claude_rego.lib.shell.with_assignments
	some k, v in object.get(seg, "assignments", {})
	k == "PATH"
	is_string(v)
}

_path_values contains [seg, v] if {
	some ran in {"export", "declare", "typeset", "readonly", "local"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some args in {shell.args(seg), shell.raw_args(seg)}
	some a in args
	startswith(a, "PATH=")
	v := substring(a, 5, -1)
}

_path_values contains [seg, v] if {
	"setenv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"setenv"})
	args := shell.args(seg)
	args[0] == "PATH"
	count(args) > 1
	v := args[1]
}

_shown(seg, value) := concat(" ", array.concat([concat("", ["PATH=", value])], seg.argv)) if {
	object.get(object.get(seg, "assignments", {}), "PATH", null) == value
} else := concat(" ", seg.argv)

# the index of the first entry that is the inherited PATH or a system directory (the count when
# none is: the command's PATH holds only the directories it names, all searched first)
_first_system_entry(entries) := min({i | some i, e in entries; _system_entry(trim(e, "\"' "))} | {count(entries)})

_system_entry(e) if e in {"$PATH", "${PATH}", "${PATH:-}", "$path"}

_system_entry(e) if regex.match(`^\$\{PATH[:-]`, e)

_system_entry(e) if trim_right(e, "/") in {
	"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin", "/opt/homebrew/bin",
	"/run/current-system/sw/bin", "/snap/bin", "/usr/games", "/usr/local/games",
}

# /tmp, /var/tmp, /dev/shm (also macOS's /private/tmp and $TMPDIR in its spellings) or a
# directory in one
_temp_dir_entry(raw) if {
	e := trim(raw, "\"' ")
	regex.match(`^(/tmp|/var/tmp|/dev/shm|/private/tmp|/private/var/tmp|/var/folders/[^/]+/[^/]+/T|\$\{?(TMPDIR|TMP|TEMP|TEMPDIR)([:][-=][^}]*)?\}?)(/|$)`, e)
}


# The working directory put on PATH before the system directories (`.`, an empty entry, a
# relative entry, `$PWD`) while the command runs somewhere outside the project
# (`cd /tmp && PATH=.:$PATH && kubectl version`): a program found there under a common name is
# whatever that directory holds. Inside the project it is the project's own (`PATH=bin:$PATH
# make`, `export PATH="$PWD/node_modules/.bin:$PATH"` pass); a download directory
# (`PATH=$HOME/Downloads:$PATH`) is like a temporary one.
ask contains msg if {
	some [seg, value] in _path_values
	entries := split(value, ":")
	some i, entry in entries
	i < _first_system_entry(entries)
	_cwd_entry(trim(entry, "\"' "))
	some later in data.claude_rego.lib.shell.segments
	later.id >= seg.id
	where := shell.cwd_at(later)
	not _in_project(where)
	msg := sprintf("`%s` puts the working directory (`%s`) on PATH before the system directories while the command runs outside the project (in `%s`): a program there under a common name (git, kubectl, python) runs in place of the real one. Call the program by its full path, or approve only if intended.", [_shown(seg, value), entry, where])
}

ask contains msg if {
	some [seg, value] in _path_values
	entries := split(value, ":")
	some i, entry in entries
	i < _first_system_entry(entries)
	regex.match(`^(~|\$HOME|\$\{HOME\})/(Downloads|downloads|Desktop)(/|$)`, trim(entry, "\"' "))
	msg := sprintf("`%s` puts `%s`, a download directory, on PATH before the system directories: a downloaded program under a common name (git, kubectl, python) runs in place of the real one. Append it after `$PATH` or call the program by its full path.", [_shown(seg, value), entry])
}

_cwd_entry(e) if e in {"", ".", "./"}

_cwd_entry(e) if regex.match(`^(\$PWD|\$\{PWD\}|\$\(pwd\)|\$\(…\))(/|$)`, e)

_cwd_entry(e) if {
	e != ""
	not startswith(e, "/")
	not startswith(e, "~")
	not startswith(e, "$")
}

_in_project(c) if {
	c != "?"
	p := trim_right(input.facts.project_dir, "/")
	p != ""
	some d in {p, concat("", [p, "/"])}
	startswith(concat("", [trim_right(c, "/"), "/"]), d)
}

# `hash -p FILE NAME` binds a command name to any file (`hash -p /tmp/evil kubectl`), and
# `enable -f LIB NAME` loads a shared library into the shell as a builtin: what runs under
# that name is the file's code. A file in a system directory (`/usr/lib/bash/…`) passes;
# `hash -r`, `hash -t`, `enable -n echo` pass.
ask contains msg if {
	some ran in {"hash", "enable"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	_binds_file(ran, a)
	file := _bound_file(args, i, a)
	not _system_code_file(file)
	msg := sprintf("`%s` makes a command name run `%s`: whatever that file holds runs in place of the real program (or inside this shell). Approve only if you know the file.", [concat(" ", seg.argv), file])
}

_binds_file("hash", a) if regex.match(`^-[a-z]*p`, a)

_binds_file("enable", a) if regex.match(`^-[a-z]*f`, a)

_bound_file(args, i, a) := args[i + 1] if {
	regex.match(`^-[a-z]*[pf]$`, a)
	count(args) > i + 1
} else := substring(a, indexof(a, "p") + 1, -1) if {
	regex.match(`^-[a-z]*p.`, a)
} else := substring(a, indexof(a, "f") + 1, -1) if {
	regex.match(`^-[a-z]*f.`, a)
} else := "?"

# (with `.` and `..` collapsed first: `/usr/lib/../../tmp/x.so` is /tmp/x.so)
_system_code_file(f) if {
	startswith(f, "/")
	regex.match(`^/(usr|bin|sbin|lib|lib64|opt/homebrew|nix/store|run/current-system)/`, shell.norm(f))
}
