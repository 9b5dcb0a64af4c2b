# METADATA
# title: e2e permission request
# description: Answers Claude Code's permission prompt for two marker commands.
# custom:
#   routing:
#     events: [PermissionRequest]
#     tools: [Bash]
package claude_rego.policies.e2e_permission

import rego.v1

allow contains "E2E-PERM-ALLOW-0b5: approved by policy" if input.hook.tool_input.command == "touch PERM_ALLOW_MARKER"

deny contains "E2E-PERM-DENY-6e2: refused by policy" if input.hook.tool_input.command == "touch PERM_DENY_MARKER"
