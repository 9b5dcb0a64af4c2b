# METADATA
# title: e2e halt
# description: Stops Claude entirely when a Bash command mentions halt-now.
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.e2e_halt

import rego.v1

halt contains "E2E-HALT-2e7: session halted by policy" if contains(input.hook.tool_input.command, "halt-now")
