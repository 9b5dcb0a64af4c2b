# METADATA
# title: Commands run by tools other than the shell
# description: >-
#   Asks before a tool other than Bash/PowerShell (an MCP server's execute_command, a
#   renamed or unknown tool) runs a command line given in its input (`command`, `cmd`,
#   `script`, an argv list, or `code` of a run/exec tool). The command is also parsed as
#   shell, so the file and secret policies judge what it reads and writes.
# custom:
#   severity: high
#   rationale: >-
#     The shell policies are routed to the shell tools; a command sent through another
#     tool would otherwise run without the destructive, remote-execution and git checks.
#     Rules follow effects, not names: the user sees the command and decides.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.non_shell_exec

import rego.v1

ask contains msg if {
	not input.facts.tool.class == "shell"
	some e in input.facts.effects.exec
	msg := sprintf("`%s` runs a command outside the shell tool (%s: `%s`); claude-rego's shell checks do not cover it. Approve only if you have read it.", [input.facts.tool.name, e.field, _clip(e.command)])
}

_clip(text) := concat("", [substring(text, 0, 200), "…"]) if count(text) > 200

else := text
