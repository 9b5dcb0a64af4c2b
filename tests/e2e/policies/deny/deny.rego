# METADATA
# title: e2e deny
# description: Denies a harmless stand-in for a dangerous command (it would create DENIED_MARKER).
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.e2e_deny

import rego.v1

deny contains "E2E-DENY-7c1: creating DENIED_MARKER is forbidden by policy" if {
	contains(input.hook.tool_input.command, "DENIED_MARKER")
}
