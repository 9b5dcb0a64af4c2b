# METADATA
# title: e2e forbidden marker
# description: Denies any Bash command mentioning forbidden-marker.
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.e2e_forbidden

import rego.v1

deny contains "E2E-FORBIDDEN-3d9: forbidden-marker may not run" if {
	contains(input.hook.tool_input.command, "forbidden-marker")
}
