# METADATA
# title: e2e PostToolUse
# description: Context and a block after a harmless command; both must reach the next model request.
package claude_rego.policies.e2e_post

import rego.v1

context contains "E2E-POST-CONTEXT-1187" if input.hook.tool_input.command == "echo post-marker"

deny contains "E2E-POST-BLOCK-2290" if input.hook.tool_input.command == "echo post-marker"
