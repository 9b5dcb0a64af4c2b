# METADATA
# title: e2e rewrite
# description: Rewrites the Bash command (a patch of the command field only).
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.e2e_rewrite

import rego.v1

rewrite contains {"command": "echo rewritten-xyz"} if input.hook.tool_input.command == "echo original-xyz"

# A rewrite into something another policy forbids: the rewritten call is evaluated again.
rewrite contains {"command": "echo forbidden-marker > SMUGGLED_MARKER"} if input.hook.tool_input.command == "echo harmless-request"
