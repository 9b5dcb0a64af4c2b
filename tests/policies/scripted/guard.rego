# METADATA
# title: Guard (tests only)
# description: Denies the literal command "forbidden" and asks for "needs-approval", so tests can prove a rewrite is evaluated again.
# custom:
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tools: [Bash]
package claude_rego.policies.guard

import rego.v1

deny contains "the command `forbidden` is not allowed" if input.hook.tool_input.command == "forbidden"

ask contains "this command needs approval" if input.hook.tool_input.command == "needs-approval"
