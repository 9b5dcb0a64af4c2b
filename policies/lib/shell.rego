# METADATA
# title: Shell helpers
# description: >-
#   Helpers over input.facts.shell (the parsed Bash command) shared by the default pack.
#   Commands are compared lowercased (macOS file systems are case-insensitive), and a
#   variable used as a command counts as the literal it was assigned (a=rm; $a -rf /).
package claude_rego.lib.shell

import rego.v1

segments := s if {
	s := input.facts.shell.segments
} else := []

opaque if input.facts.shell.opaque

# runs(seg, name): the segment runs the command `name`.
runs(seg, name) if lower(seg.command) == name

runs(seg, name) if lower(seg.resolved_command) == name

# runs_any(seg, names): the segment runs one of `names` (a set).
runs_any(seg, names) if lower(seg.command) in names

runs_any(seg, names) if lower(seg.resolved_command) in names

# running(names): the segments that run one of `names` (a set), as runs_any decides. Rules
# start from it rather than testing every segment: the name index is built once per
# evaluation, so a command that runs none of `names` costs a lookup per command it runs.
running(names) := [seg | some entry in invocations; entry[0] in names; seg := entry[1]]

invocations := array.concat(
	[[lower(seg.command), seg] | some seg in segments],
	[[lower(seg.resolved_command), seg] | some seg in segments; seg.resolved_command != seg.command],
)

# has_short_flag(seg, letters): an option cluster such as -rf contains one of `letters`.
has_short_flag(seg, letters) if {
	some arg in seg.args
	startswith(arg, "-") # cheap filters first: regorus compiles a regex on every call
	not startswith(arg, "--")
	regex.match(`^-[A-Za-z0-9]+$`, arg)
	some letter in letters
	contains(substring(arg, 1, -1), letter)
}

has_arg(seg, names) if {
	some arg in seg.args
	arg in names
}

# operands: the arguments that are not options.
operands(seg) := [arg | some arg in seg.args; not startswith(arg, "-")]

# path_of(seg, arg): the path facts of an argument. Matched on the raw text, not the
# segment: facts are de-duplicated across segments, and equal text means equal path.
path_of(_, arg) := p if {
	some p in input.facts.paths
	p.source == "argument"
	p.raw == arg
}

downloaders := {"curl", "wget", "fetch", "aria2c", "http", "https", "xh", "lwp-download", "lwp-request", "nc", "ncat", "socat"}

interpreters := {
	"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh",
	"python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "lua", "deno", "bun",
	"pwsh", "powershell", "source", ".", "eval",
}
