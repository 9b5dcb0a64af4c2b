# METADATA
# title: Routed to file writes (tests only)
# description: Adds context on file-write tools only, to test routing by tool class.
# custom:
#   routing:
#     events: [PreToolUse]
#     tool_classes: [file-write]
package claude_rego.policies.routed_write

import rego.v1

context contains "routed_write saw a file write"
