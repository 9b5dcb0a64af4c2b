# METADATA
# title: Destructive shell commands
# description: >-
#   Denies shell commands that destroy a machine or a project wholesale: recursive
#   deletes of /, the home directory, system directories, the project root or its
#   parent; mkfs; dd onto a device; shred of a device; fork bombs; recursive chmod/chown
#   of /. Deleting inside the project (rm -rf ./build) stays allowed.
# custom:
#   severity: critical
#   rationale: >-
#     These commands are irreversible and an agent that runs one by mistake (a wrong
#     variable, a cd that failed, a hallucinated cleanup) loses the developer's work or
#     the machine. Matching is done on parsed segments, so quoting, wrappers (sudo, env,
#     xargs, timeout…), bash -c payloads, $(…) and chains cannot hide the command, and
#     on resolved paths, so ~, $HOME, .. and trailing /* are seen for what they are.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.destructive_shell

import data.claude_rego.lib.paths
import data.claude_rego.lib.shell
import data.claude_rego.lib.paths.home
import data.claude_rego.lib.paths.project
import data.claude_rego.lib.shell.segments
import rego.v1

system_dirs := {
	"/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib64", "/opt", "/proc", "/root",
	"/sbin", "/srv", "/sys", "/usr", "/var", "/users", "/system", "/library", "/applications",
	"/private", "/private/etc", "/private/var",
}

dangerous_roots := {"/", lower(home), lower(project), lower(paths.parent(project))} | system_dirs

home_words := `^(~|\$HOME|\$\{HOME\})/*(\*|\.)?$`

deny contains msg if {
	some seg in shell.running({"rm", "rmdir", "rimraf"})
	recursive_delete(seg)
	some arg in shell.operands(seg)
	dangerous_target(seg, arg)
	msg := sprintf("Blocked: `%s` recursively deletes %s, which would destroy the system, your home directory or the whole project. Delete specific paths inside the project instead (for example `rm -rf ./build`).", [concat(" ", seg.argv), arg])
}

deny contains msg if {
	some seg in shell.running({"find"})
	some start in find_starts(seg)
	dangerous_target(seg, start)
	not filtered_in_project(seg, start)
	find_deletes(seg)
	msg := sprintf("Blocked: `find %s` deletes files under %s. Restrict find to a directory inside the project.", [concat(" ", seg.args), start])
}

deny contains "Blocked: mkfs formats a file system and destroys its data. Format devices outside the agent session." if {
	some seg in segments
	startswith(lower(seg.command), "mkfs")
}

deny contains msg if {
	some seg in shell.running({"dd"})
	some arg in seg.args
	startswith(arg, "of=/dev/")
	not arg in {"of=/dev/null", "of=/dev/stdout", "of=/dev/stderr"}
	msg := sprintf("Blocked: `dd %s` writes raw data onto a device. Write to a regular file instead.", [arg])
}

deny contains msg if {
	some seg in shell.running({"shred", "wipefs", "blkdiscard"})
	some arg in shell.operands(seg)
	startswith(arg, "/dev/")
	msg := sprintf("Blocked: `%s %s` destroys a device. Do this outside the agent session.", [seg.command, arg])
}

deny contains "Blocked: this is a fork bomb (a function that pipes into itself in the background); it would exhaust the machine." if {
	some a in segments
	some b in segments
	a.context == "function_body"
	b.context == "function_body"
	b.operator == "|"
	a.pipeline == b.pipeline
	a.command == b.command
}

deny contains "Blocked: this is a fork bomb; it would exhaust the machine." if {
	regex.match(`:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}`, input.hook.tool_input.command)
}

deny contains msg if {
	some seg in shell.running({"chmod", "chown", "chgrp"})
	recursive_flag(seg)
	some arg in shell.operands(seg)
	dangerous_target(seg, arg)
	msg := sprintf("Blocked: `%s` recursively changes permissions or ownership of %s. Change specific files inside the project instead.", [concat(" ", seg.argv), arg])
}

recursive_delete(seg) if {
	shell.runs_any(seg, {"rm", "rmdir"})
	recursive_flag(seg)
}

recursive_delete(seg) if shell.runs(seg, "rimraf")

recursive_flag(seg) if shell.has_short_flag(seg, {"r", "R"})

recursive_flag(seg) if shell.has_arg(seg, {"--recursive"})

# A target is dangerous when it is, or globs the whole of, a dangerous directory…
dangerous_target(seg, arg) if dangerous_location(seg, arg)

dangerous_location(_, arg) if regex.match(home_words, arg)

dangerous_location(_, arg) if regex.match(`^/+[*.]?$`, arg)

dangerous_location(seg, arg) if {
	p := shell.path_of(seg, arg)
	some location in {lower(p.absolute), lower(p.resolved)}
	trim_suffix(trim_suffix(location, "/*"), "/.") in dangerous_roots
}

dangerous_location(seg, arg) if {
	p := shell.path_of(seg, arg)
	lower(trim_right(p.absolute, "/")) in dangerous_roots
}

# …or is a relative glob after changing into a dangerous directory (`cd / && rm -rf *`),
# or in the project root itself. (`dangerous_location`, not `dangerous_target`, for the
# cd: no recursion, which OPA rejects.)
dangerous_target(seg, arg) if {
	arg in {"*", ".", "./*", "..", "../*", ".*"}
	changed_into_danger(seg)
}

dangerous_target(seg, arg) if {
	arg in {"*", ".*"}
	not changed_dir(seg)
	lower(input.facts.cwd) in dangerous_roots
}

changed_dir(seg) if {
	some cd in shell.running({"cd", "pushd"})
	cd.id < seg.id
}

changed_into_danger(seg) if {
	some cd in shell.running({"cd", "pushd"})
	cd.id < seg.id
	count(shell.operands(cd)) == 0
}

changed_into_danger(seg) if {
	some cd in shell.running({"cd", "pushd"})
	cd.id < seg.id
	some arg in shell.operands(cd)
	dangerous_location(cd, arg)
}

find_starts(seg) := [arg | some arg in seg.args; not startswith(arg, "-"); not arg in {"(", ")", "!"}; not after_option(seg, arg)]

after_option(seg, arg) if {
	some i, a in seg.args
	a == arg
	i > 0
	startswith(seg.args[i - 1], "-")
}

find_deletes(seg) if shell.has_arg(seg, {"-delete"})

find_deletes(seg) if {
	some child in segments
	child.parent == seg.id
	child.context == "find_exec"
	shell.runs_any(child, {"rm", "shred", "unlink", "rmdir"})
}

# `find . -name '*.pyc' -delete` in the project root deletes selected files, not the project.
filtered_in_project(seg, start) if {
	p := shell.path_of(seg, start)
	lower(trim_right(p.absolute, "/")) == lower(project)
	shell.has_arg(seg, {"-name", "-iname", "-path", "-ipath", "-regex", "-iregex", "-newer", "-mtime", "-mmin", "-size", "-empty"})
}
