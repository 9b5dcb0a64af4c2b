# METADATA
# title: Writes outside the project
# description: >-
#   Denies writes to paths outside the project directory: file tools (Write, Edit,
#   MultiEdit, NotebookEdit) and shell writes (redirects, tee, cp/mv/install/ln/rsync
#   destinations incl. -t DIR, sed -i/perl -i, dd of=, touch/mkdir/truncate, rm,
#   chmod/chown, curl -o/wget -O, unzip -d, tar -C, git clone DIR), including via ..
#   traversal, $HOME and variables assigned in the same command, an earlier cd, and
#   symlinks that resolve outside; crontab changes. System paths (/etc, /usr, …),
#   ~/.ssh and shell start-up files get a specific reason. Temporary directories and
#   /dev/null are allowed (data.claude_rego.settings.allowed_write_roots).
# custom:
#   severity: high
#   rationale: >-
#     The agent works on a project; writing elsewhere can plant persistence (shell rc
#     files, ssh authorized_keys, cron, system configuration) or corrupt other work.
#     Both the lexical and the resolved path must be inside the project, so `..` and
#     symlinks cannot escape it, and the shell's write targets are read from the parsed
#     command (wrappers, nested shells and quoting do not hide them). Catastrophic
#     deletes (/, ~, the project root) are left to destructive_shell so each call gets
#     one clear reason.
#     Every tool is routed here: MCP and unknown tools are judged by the paths their
#     input says they write (a write_file's path, a move's destination); a path an
#     unknown tool may or may not write (no verb in its name) is asked about.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.write_outside_project

# rules of lib/paths are imported one by one: `paths.<rule>` through the package import
# makes regorus evaluate the whole lib/paths package on every query
import data.claude_rego.lib.paths
import data.claude_rego.lib.settings
import data.claude_rego.lib.paths.home
import data.claude_rego.lib.paths.dangerous_roots
import data.claude_rego.lib.paths.maybe_written
import data.claude_rego.lib.paths.written
import data.claude_rego.lib.paths.write_words
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

allowed_roots := settings.value("allowed_write_roots")

system_prefixes := ["/etc", "/usr", "/bin", "/sbin", "/lib", "/boot", "/opt", "/var", "/sys", "/proc", "/system", "/library", "/private/etc", "/private/var"]

startup_files := {".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".cshrc", ".tcshrc", ".config/fish/config.fish"}

deny contains msg if {
	some p in written
	why := verdict(p)
	why != "ok"
	msg := sprintf("Blocked: writing `%s` is outside the project (%s)%s. Keep changes inside the project directory, or ask the user to make this change.", [p.raw, input.facts.project_dir, why])
}

# A non-shell tool (an MCP move_file, delete_directory, …) that moves, deletes or writes
# the project root, a directory above it, the home directory or a system directory:
# destructive_shell covers the shell, this covers every other tool.
deny contains msg if {
	not input.facts.tool.class == "shell" # (first: a shell call's written paths are not read)
	some p in written
	p.source == "tool_input"
	some l in {p.absolute, p.resolved}
	paths.in_roots(l, dangerous_roots)
	msg := sprintf("Blocked: `%s` would move, delete or overwrite `%s` (the project root, a directory above it, your home directory or a system directory). Work on specific paths inside the project instead.", [input.facts.tool.name, p.raw])
}

# A path of a tool whose effect cannot be told (a path field, no verb in the tool's
# name): it may be a write, so outside the project the user decides.
ask contains msg if {
	some p in maybe_written
	why := verdict(p)
	why != "ok"
	msg := sprintf("`%s` (%s) may write `%s`, which is outside the project (%s)%s. Approve only if this tool does not change files there.", [input.facts.tool.name, p.field, p.raw, input.facts.project_dir, why])
}

# verdict(p): "ok" for a write the policy allows, else the reason's detail. Both where
# the path says it is and where it really leads (symlinks) must be allowed.
verdict(p) := "ok" if {
	_in_allowed_root(p)
} else := "ok" if {
	p.inside_project
	p.resolved_inside_project
} else := "ok" if {
	_only_deleted_cache(p)
} else := "ok" if {
	_only_restricted(p)
} else := "ok" if {
	_known_hosts_setup(p)
} else := "ok" if {
	_user_bin(p) # asked below, not denied
} else := ": a system path" if {
	r := _slash(lower(p.resolved))
	some prefix in _system_slash
	startswith(r, prefix)
} else := ": your SSH configuration" if {
	startswith(_slash(lower(p.resolved)), _ssh_slash)
} else := ": a shell start-up file" if {
	lower(p.resolved) in _startup_paths
} else := ", through a symlink that leads outside" if {
	p.inside_project
} else := ", through `..`" if {
	p.traversal
} else := ""

# `chmod 600 ~/.ssh/id_rsa`, `chmod -R go-rwx ~/.ssh`: only takes permissions away from
# group and others, on a file in the home directory (a system file made unreadable can
# break the system: stays judged), never through a symlink out of where it says
_only_restricted(p) if {
	p.source == "argument"
	paths.restrictive_chmod(shell.by_id(p.segment))
	not p.via_symlink
	startswith(_slash(lower(p.resolved)), _slash(lower(home)))
}

_slash(path) := concat("", [trim_right(path, "/"), "/"])

# a device such as /dev/stderr or /dev/null: where its link leads (/proc/self/fd/2, a
# pipe) depends on the process, so its own name is what counts
_in_allowed_root(p) if {
	startswith(p.absolute, "/dev/")
	p.absolute in allowed_roots
}

_in_allowed_root(p) if {
	some root in _allowed_slash
	startswith(_slash(p.absolute), root)
	startswith(_slash(p.resolved), root)
}

_allowed_slash := [_slash(r) | some r in allowed_roots]

_system_slash := [_slash(prefix) | some prefix in system_prefixes]

_ssh_slash := _slash(lower(paths.expand("~/.ssh")))

_startup_paths := {lower(concat("/", [home, file])) | some file in startup_files}

# crontab FILE / crontab - / crontab -e / crontab -r: scheduled jobs live outside the project
deny contains msg if {
	"crontab" in data.claude_rego.lib.shell.names
	some seg in shell.running({"crontab"})
	not _lists_only(seg)
	msg := sprintf("Blocked: `%s` changes the user's crontab, which runs commands outside the project on a schedule (a persistence mechanism). Ask the user to make this change.", [concat(" ", seg.argv)])
}

_lists_only(seg) if {
	shell.has_arg(seg, {"-l"})
	count(shell.operands(seg)) == 0
	not shell.has_arg(seg, {"-r", "-e", "-"})
}

# tar -P / --absolute-names keeps leading "/" and ".." in member names: the archive,
# not the command line, says where files land, so any path may be written.
ask contains msg if {
	some ran in {"tar", "gtar", "bsdtar"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_tar_extracts(seg)
	_tar_absolute(seg)
	msg := sprintf("`%s` extracts with absolute names (-P): the archive decides where files are written, possibly outside the project (%s). Approve only if you trust the archive.", [shell.name(seg), input.facts.project_dir])
}

_tar_extracts(seg) if {
	some a in shell.args(seg)
	a in {"-x", "--extract", "--get", "x"}
}

_tar_extracts(seg) if {
	some a in shell.args(seg)
	not startswith(a, "--")
	regex.match(`^-?[A-Za-z]*x[A-Za-z]*$`, a)
}

_tar_absolute(seg) if {
	some a in shell.args(seg)
	a in {"--absolute-names", "-P"}
}

_tar_absolute(seg) if {
	some a in shell.args(seg)
	not startswith(a, "--")
	regex.match(`^-?[A-Za-z]*x[A-Za-z]*$`, a)
	contains(a, "P")
}

# The same effect from other extractors: unzip -: keeps "../" and absolute member names,
# 7z -spf extracts fully qualified paths, cpio -i keeps absolute names unless told
# --no-absolute-filenames (an rpm2cpio payload is relative by construction).
ask contains msg if {
	some ran in {"unzip", "7z", "7za", "7zz", "7zr", "cpio"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_unsafe_names(seg)
	msg := sprintf("`%s` extracts keeping absolute or `../` member names: the archive decides where files are written, possibly outside the project (%s). Approve only if you trust the archive.", [shell.name(seg), input.facts.project_dir])
}

_unsafe_names(seg) if {
	shell.name(seg) == "unzip"
	some a in shell.args(seg)
	regex.match(`^-[A-Za-z^]*:`, a)
}

_unsafe_names(seg) if {
	shell.name(seg) in {"7z", "7za", "7zz", "7zr"}
	shell.args(seg)[0] in {"x", "e"}
	shell.has_arg(seg, {"-spf", "-spf2"})
}

_unsafe_names(seg) if {
	shell.name(seg) == "cpio"
	_cpio_extracts(seg)
	not shell.has_arg(seg, {"--no-absolute-filenames"})
	not _rpm_payload(seg)
}

_cpio_extracts(seg) if {
	some a in shell.args(seg)
	a in {"-i", "--extract"}
}

_cpio_extracts(seg) if {
	some a in shell.args(seg)
	regex.match(`^-[A-Za-z]*i[A-Za-z]*$`, a)
}

_rpm_payload(seg) if {
	some other in input.facts.shell.segments
	other.pipeline == seg.pipeline
	other.command == "rpm2cpio"
}

# ---------------------------------------------------------------- caches and PATH dirs

# Deleting a well-known cache (rm -rf ~/.cache/pip, ~/.npm/_cacache, ~/.gradle/caches):
# routine, and the tools fetch it again. Only deletes (rm, rmdir, unlink) of a path that
# nothing else in the command writes, where both the path and where it leads are in a
# cache root (data.claude_rego.settings.cache_delete_roots).
cache_roots := settings.value("cache_delete_roots")

# (_slash(lower(paths.expand(r))) written out: three function calls per root cost more than
# the rest of the rule; the list's order does not matter, only its members)
_cache_slash := _slash_dirs(cache_roots)

_in_cache(p) if {
	some root in _cache_slash
	startswith(_slash(lower(p.absolute)), root)
	startswith(_slash(lower(p.resolved)), root)
}

# (the delete first: a set lookup, where the cache roots' list is built with ~25 calls)
_only_deleted_cache(p) if {
	p in _deleted
	_in_cache(p)
	not p in _written_otherwise
}

_deleted contains p if {
	some ran in {"rm", "rmdir", "unlink"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	p := paths.known_location(seg, word)
}

_written_otherwise contains p if {
	some w in write_words
	seg := shell.by_id(w.seg)
	not shell.runs_any(seg, {"rm", "rmdir", "unlink"})
	p := paths.known_location(seg, w.word)
}

# A directory on the user's PATH (~/.local/bin, ~/bin, ~/.cargo/bin, …): installing a
# tool there is common (ln -s, cp, a Write), but a program placed there shadows system
# commands in every later shell, so it is persistence-like: the user decides (asked,
# not denied). data.claude_rego.settings.user_bin_dirs.
user_bin_dirs := settings.value("user_bin_dirs")

_bin_slash := _slash_dirs(user_bin_dirs)

# [_slash(lower(paths.expand(d))) | some d in dirs], without a function call per directory
_slash_dirs(dirs) := array.concat(
	[concat("", [trim_right(lower(concat("", [h, substring(d, 1, -1)])), "/"), "/"]) | some d in dirs; startswith(d, "~/")],
	[concat("", [trim_right(lower(d), "/"), "/"]) | some d in dirs; not startswith(d, "~/")],
) if {
	h := home
}

_user_bin(p) if {
	_under_some_bin(p.absolute)
	_under_some_bin(p.resolved)
}

_under_some_bin(l) if {
	some dir in _bin_slash
	startswith(_slash(lower(l)), dir)
}

ask contains msg if {
	some p in written
	not _in_allowed_root(p)
	not p.inside_project
	_user_bin(p)
	msg := sprintf("`%s` is in a directory on your PATH, outside the project: a program placed there runs instead of a system command in every later shell. Approve only if you want to change the tools installed there.", [p.raw])
}

ask contains msg if {
	some p in maybe_written
	not p.inside_project
	_user_bin(p)
	msg := sprintf("`%s` (%s) may write `%s`, a directory on your PATH outside the project. Approve only if you want a program installed there.", [input.facts.tool.name, p.field, p.raw])
}

# Trusting a host's key the way CI steps do (`mkdir -p ~/.ssh && ssh-keyscan github.com >>
# ~/.ssh/known_hosts`): an append of what ssh-keyscan printed to the user's known_hosts, and
# making ~/.ssh itself; neither reads a key nor plants anything that runs (session 31: two
# blind benign corpora wrote it as everyday work). Other writes to ~/.ssh stay denied.
_known_hosts_setup(p) if {
	p.source == "redirect"
	p.field == ">>"
	p.absolute == concat("", [home, "/.ssh/known_hosts"])
	p.resolved == p.absolute
	shell.runs(shell.by_id(p.segment), "ssh-keyscan")
	# the only write of that name in the command (a second one has no path fact of its own)
	count({seg.id | some seg in segments; some r in seg.redirects; r.target == p.raw}) == 1
}

_known_hosts_setup(p) if {
	p.source == "argument"
	p.absolute == concat("", [home, "/.ssh"])
	p.resolved == p.absolute
	seg := shell.by_id(p.segment)
	shell.runs(seg, "mkdir")
	count(shell.operands(seg)) == 1
}
