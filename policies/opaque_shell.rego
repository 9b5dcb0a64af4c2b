# METADATA
# title: Opaque shell commands
# description: >-
#   Asks when the shell parser cannot tell what a command would run: eval, a variable
#   or command substitution used as the command, a heredoc fed to a shell, commands
#   nested too deep, too long, or unbalanced quotes.
# custom:
#   severity: medium
#   rationale: >-
#     Every other shell policy reasons about parsed commands. A command whose effect
#     cannot be determined statically (eval $CMD, $RUNNER --flag) could be anything,
#     so a human decides. Whatever the parser could still resolve is checked by the
#     other policies too, and their deny wins over this ask (a=rm; $a -rf / is denied).
#   routing:
#     events: [PreToolUse]
#     tool_classes: [shell]
package claude_rego.policies.opaque_shell

import rego.v1

reasons := {
	"eval": "it uses eval",
	"variable_command": "a variable is used as the command",
	"command_substitution_in_command_name": "a command substitution is used as the command",
	"heredoc_to_shell": "a heredoc or here-string is fed to a shell or interpreter",
	"source_dynamic": "it sources code from a dynamic location",
	"too_deep": "it is nested too deeply to analyse",
	"too_long": "it is too long to analyse",
	"parse_error": "it could not be parsed (unbalanced quotes or parentheses)",
}

ask contains msg if {
	input.facts.shell.opaque
	why := [object.get(reasons, r, r) | some r in input.facts.shell.opaque_reasons]
	msg := sprintf("claude-rego cannot tell what this command would run: %s. Approve only if you have read it.", [concat("; ", why)])
}
