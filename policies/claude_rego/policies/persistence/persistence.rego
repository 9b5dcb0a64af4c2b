# METADATA
# title: Persistence
# description: >-
#   Denies writes that make code run later, outside the session: shell start-up files
#   (~/.bashrc, ~/.profile, ~/.zshrc, … also spelled /home/$USER/…, ~user/… or through
#   a link made in the same command), ~/.ssh/authorized_keys and ~/.ssh/rc, cron
#   directories, systemd and launchd unit directories, XDG autostart, /etc/profile.d,
#   Python .pth / sitecustomize files. Asks before scheduling or enabling services
#   (systemctl enable/link, loginctl enable-linger, launchctl load/bootstrap, at, batch,
#   systemd-run, defaults write … LoginHook) and editor extensions installed from a file
#   (code --install-extension x.vsix). Denies git commands that update a work tree in the
#   home directory or an autostart-like directory (git -C ~ pull URL, cd ~ && git pull).
# custom:
#   severity: critical
#   rationale: >-
#     Persistence outlives the session and every review: a line appended to ~/.bashrc
#     runs in every future shell, a user unit or LaunchAgent at every login, a .pth
#     file in every Python process. Writes are matched by effect on the resolved path
#     facts (also when the directory part is an unknown variable but the file name
#     says start-up file), so spelling the path differently does not help.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write, mcp, other]
#     tools: [Task, Agent]
package claude_rego.policies.persistence

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

home := lower(data.claude_rego.lib.paths.home)

startup_names := {
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile", ".zshenv",
	".zlogin", ".zlogout", ".cshrc", ".tcshrc", ".kshrc", ".mkshrc", ".xinitrc", ".xprofile", ".xsession",
	".xsessionrc", ".pam_environment", "config.fish", "authorized_keys", "authorized_keys2",
	"sitecustomize.py", "usercustomize.py",
}

# directories (home-relative with ~ or absolute, lowercase) where any file is code run later
persistence_dirs := [
	"~/.config/autostart/", "~/.config/systemd/", "~/.local/share/systemd/", "~/.config/upstart/",
	"~/library/launchagents/", "~/.config/fish/conf.d/", "~/.ssh/rc", "~/.config/environment.d/",
	"~/.kde/autostart/", "~/.config/plasma-workspace/env/", "~/.bashrc.d/", "~/.zshrc.d/",
	"/etc/systemd/", "/lib/systemd/", "/usr/lib/systemd/", "/etc/init.d/", "/etc/rc.local", "/etc/cron",
	"/var/spool/cron/", "/etc/anacrontab", "/library/launchagents/", "/library/launchdaemons/",
	"/etc/profile", "/etc/bash.bashrc", "/etc/zsh/", "/etc/environment", "/etc/ld.so.preload", "/etc/xdg/autostart/",
	"/etc/sudoers", "/etc/update-motd.d/", "/etc/periodic/", "/private/etc/periodic/",
]

_dirs := [_expand(d) | some d in persistence_dirs]

_expand(d) := concat("", [home, substring(d, 1, -1)]) if startswith(d, "~/") else := d

_write_ops := {">", ">>", ">|", "&>", "&>>", "<>"}

# what the call writes: the pack's write facts, plus redirect and destination
# paths whose directory part was only resolved by the path facts ($USER, ~user)
written contains p if some p in data.claude_rego.lib.paths.written

written contains p if {
	some p in input.facts.paths
	p.source == "redirect"
	p.field in _write_ops
}

written contains p if some p in _operand_written

_operand_written contains p if {
	some ran in _operand_writers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some p in shell.segment_paths(seg)
	p.source == "argument"
	_writes_operand(seg, p.raw)
}

# every program a _writes_operand clause accepts (tests/test_indexed_rules.py compares the
# rule above with a pass over every path)
_operand_writers := {"tee", "touch", "truncate", "cp", "mv", "install", "ln", "rsync", "ditto", "ed", "ex", "vim", "vi", "nvim"}

_writes_operand(seg, raw) if {
	shell.runs_any(seg, {"tee", "touch", "truncate"})
	raw in seg.args
}

_writes_operand(seg, raw) if {
	shell.runs_any(seg, {"cp", "mv", "install", "ln", "rsync", "ditto"})
	ops := shell.operands(seg)
	count(ops) >= 2
	ops[count(ops) - 1] == raw
}

_writes_operand(seg, raw) if {
	shell.runs_any(seg, {"ed", "ex", "vim", "vi", "nvim"})
	raw in seg.args
	some r in seg.redirects
	r.op in {"<<", "<<<", "<"}
}

_where(p) := {lower(p.absolute), lower(p.resolved)}

_persistent(p) := "a shell start-up or login file" if {
	some l in _where(p)
	shell.basename(l) in startup_names
	not _inside_project(p)
} else := "a directory whose files run automatically" if {
	some l in _where(p)
	some d in _dirs
	startswith(l, d)
} else := "a Python start-up hook (.pth)" if {
	some l in _where(p)
	endswith(l, ".pth")
	contains(l, "-packages")
} else := "a shell start-up file (its directory is unknown)" if {
	p.unresolved
	shell.basename(lower(p.raw)) in startup_names
} else := "a shell start-up file (its name is partly unknown)" if {
	p.unresolved
	some name in startup_names
	endswith(lower(p.raw), name)
} else := "a dotfile in your home directory whose name claude-rego cannot resolve" if {
	p.unresolved
	some prefix in ["~/.", "$HOME/.", "${HOME}/.", concat("", [data.claude_rego.lib.paths.home, "/."])]
	startswith(p.raw, prefix)
	# a / inside ${…} (~/.${SHELL##*/}rc) is part of the expansion, not a directory
	rest := regex.replace(substring(p.raw, count(prefix), -1), `\$\{[^}]*\}`, "x")
	not contains(rest, "/")
} else := "a Python start-up hook (.pth) in a directory claude-rego cannot resolve" if {
	p.unresolved
	endswith(lower(p.raw), ".pth")
}

_inside_project(p) if {
	p.inside_project == true
	p.resolved_inside_project == true
}

deny contains msg if {
	some p in written
	why := _persistent(p)
	msg := sprintf("Blocked: this writes `%s`, %s: code placed there runs later in every new shell, login or process, outside this session's review. Ask the user to make this change.", [p.raw, why])
}

# ---------------------------------------------------------------- scheduling and services

_service_verbs := {"enable", "reenable", "link", "preset", "edit", "add-wants", "add-requires", "set-default"}

findings contains entry if {
	"systemctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"systemctl"})
	some a in shell.args(seg)
	a in _service_verbs
	entry := sprintf("`%s` enables a service that starts automatically", [concat(" ", seg.argv)])
}

findings contains entry if {
	"loginctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"loginctl"})
	"enable-linger" in shell.args(seg)
	entry := sprintf("`%s` keeps the user's services running after logout", [concat(" ", seg.argv)])
}

findings contains entry if {
	"launchctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"launchctl"})
	some a in shell.args(seg)
	a in {"load", "bootstrap", "submit", "enable", "kickstart"}
	entry := sprintf("`%s` loads a launchd job", [concat(" ", seg.argv)])
}

findings contains entry if {
	some ran in {"at", "batch", "atq-submit", "schtasks", "systemd-run", "update-rc.d", "chkconfig", "rc-update"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _lists_only(seg)
	entry := sprintf("`%s` schedules a command to run later", [concat(" ", seg.argv)])
}

findings contains entry if {
	"defaults" in data.claude_rego.lib.shell.names
	some seg in shell.running({"defaults"})
	some a in shell.args(seg)
	lower(a) in {"loginhook", "logouthook"}
	entry := sprintf("`%s` installs a login hook", [concat(" ", seg.argv)])
}

# an editor extension from a file (code --install-extension /tmp/e.vsix): it runs in
# every later editor session with the user's rights; marketplace IDs and the project's
# own build (./my-ext-0.1.0.vsix, not downloaded in the same command) stay allowed
findings contains entry if {
	some ran in _editors & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	a == "--install-extension"
	ext := shell.args(seg)[i + 1]
	_extension_file(ext)
	not _built_in_project(seg, ext)
	entry := sprintf("`%s` installs an editor extension from the file `%s`", [concat(" ", seg.argv), ext])
}

findings contains entry if {
	some ran in _editors & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	startswith(a, "--install-extension=")
	ext := substring(a, 20, -1)
	_extension_file(ext)
	not _built_in_project(seg, ext)
	entry := sprintf("`%s` installs an editor extension from the file `%s`", [concat(" ", seg.argv), ext])
}

_editors := {"code", "code-insiders", "codium", "vscodium", "cursor", "windsurf", "code-oss", "positron"}

# the extension this project builds (vsce package → ./my-ext-0.1.0.vsix), unless it was
# downloaded in the same command
_built_in_project(seg, ext) if {
	p := data.claude_rego.lib.paths.location(seg, ext)
	_inside_project(p)
	not _downloaded_here(ext)
}

_downloaded_here(ext) if {
	some ran in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some other in shell.running({ran})
	some a in shell.args(other)
	shell.basename(a) == shell.basename(ext)
}

_extension_file(ext) if endswith(lower(ext), ".vsix")

_extension_file(ext) if contains(ext, "/")

_lists_only(seg) if {
	shell.name(seg) == "at"
	some a in shell.args(seg)
	a in {"-l", "-r", "-d", "-c"}
}

ask contains msg if {
	count(findings) > 0
	msg := sprintf("Persistence: %s. It runs outside this session's review; approve only if intended.", [concat("; ", sort(findings))])
}

# ssh-copy-id appends a key to a host's ~/.ssh/authorized_keys (this machine's too, as
# localhost): a standing login that outlives the session; `-n` (dry run) only prints
findings contains entry if {
	"ssh-copy-id" in data.claude_rego.lib.shell.names
	some seg in shell.running({"ssh-copy-id"})
	args := shell.args(seg)
	not "-n" in args
	not _help_only(seg)
	entry := sprintf("`%s` installs a login key in a host's authorized_keys", [concat(" ", seg.argv)])
}

_help_only(seg) if {
	some a in shell.args(seg)
	a in {"-h", "--help", "-?"}
}

# (the field read first: a missing one fails at the reference, before any builtin call)
findings contains entry if {
	some seg in segments
	policy := seg.restart_policy
	is_string(policy)
	entry := sprintf("a container started with --restart=%s comes back after every reboot", [policy])
}

findings contains entry if {
	some ran in {"kubectl", "oc", "k"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := [lower(a) | some a in shell.args(seg); not startswith(a, "-")]
	count(args) >= 2
	args[0] in {"create", "run"}
	kind := args[1]
	kind in {"cronjob", "cj", "job", "daemonset", "ds"}
	entry := sprintf("`%s create %s` schedules a job in the cluster", [shell.name(seg), kind])
}

findings contains entry if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	"systemd-run" in seg.wrappers
	entry := sprintf("`%s` runs a command as a transient system service", [concat(" ", seg.argv)])
}

# ---------------------------------------------------------------- processes that outlive the session
# A process detached so that it keeps running after the session ends (setsid, nohup,
# daemonize, `… & disown`, tmux/screen -d, start-stop-daemon --background, pm2/forever
# start, dtach/abduco -n|-c|-A: the facts' `detached`) asks when it is a keep-alive loop or runs a program from a
# temp or download directory or with a hidden name. A detached dev server from the project
# (`nohup npm run dev > dev.log 2>&1 &`, `tmux new -d 'npm run dev'`) is ordinary work.
_detach_programs := {"disown", "tmux", "screen", "byobu", "byobu-tmux", "byobu-screen", "pm2", "forever", "start-stop-daemon", "dtach", "abduco"}

_detaching if count(_detach_programs & data.claude_rego.lib.shell.names) > 0

_detaching if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	some w in seg.wrappers
	shell.basename(w) in {"nohup", "setsid", "daemonize"}
}

findings contains entry if {
	_detaching
	some seg in segments
	d := seg.detached
	is_object(d)
	why := _detached_why(d)
	entry := sprintf("`%s` keeps running after the session ends (started by %s, %s)", [concat(" ", seg.argv), d.by, why])
}

_detached_why(d) := "in an endless loop" if {
	d.loop == true
} else := sprintf("from `%s`", [d.untrusted[0]]) if {
	count(d.untrusted) > 0
}

# pm2 save / startup: the process list is restored at every boot (an init script)
findings contains entry if {
	some ran in {"pm2", "forever-service", "pm2-startup"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_boot_persistent(seg)
	entry := sprintf("`%s` makes the managed processes start again at every boot", [concat(" ", seg.argv)])
}

_boot_persistent(seg) if {
	shell.runs(seg, "pm2")
	shell.operands(seg)[0] in {"save", "startup", "resurrect"}
}

_boot_persistent(seg) if shell.runs_any(seg, {"forever-service", "pm2-startup"})

# ---------------------------------------------------------------- a git work tree at home

# git pull/merge/checkout/reset/… whose work tree is the home directory (`git -C ~ pull URL`,
# `cd ~ && git pull`, `--work-tree=~`) or a directory whose files run automatically: the
# files the other side chose (.bashrc, .profile, .ssh/authorized_keys, autostart entries)
# land there. A work tree elsewhere (`git -C ../other-repo pull`) is its own repository.
_tree_verbs := {"pull", "merge", "checkout", "switch", "reset", "restore", "stash", "rebase", "cherry-pick", "revert", "am", "apply"}

_git_valued := {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"}

deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	args := shell.args(seg)
	subs := [k | some k, a in args; not startswith(a, "-"); not _git_option_value(args, k)]
	count(subs) > 0
	args[subs[0]] in _tree_verbs
	tree := _git_work_tree(seg)
	p := data.claude_rego.lib.paths.location(seg, tree)
	why := _home_tree(p)
	msg := sprintf("Blocked: `%s` updates a git work tree that is %s: the files it checks out or merges there (shell start-up files, ssh keys, autostart entries) run later, outside this session's review. Ask the user to make this change.", [concat(" ", seg.argv), why])
}

_git_option_value(args, k) if {
	k > 0
	args[k - 1] in _git_valued
}

_git_work_tree(seg) := v if {
	v := shell.option_value(seg, {"--work-tree"})
} else := v if {
	v := seg.assignments.GIT_WORK_TREE
	is_string(v)
} else := v if {
	v := shell.option_value(seg, {"-C"})
} else := "."

_home_tree(p) := "your home directory" if {
	some l in _where(p)
	trim_right(l, "/") == home
} else := "a directory whose files run automatically" if {
	some l in _where(p)
	some d in _dirs
	startswith(concat("", [trim_right(l, "/"), "/"]), d)
}
