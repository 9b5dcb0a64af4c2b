# METADATA
# title: MCP server allowlist
# description: >-
#   When data.claude_rego.settings.mcp_allowed_servers is not empty, denies calls to
#   tools of any other MCP server (exact server names). Empty by default (no
#   restriction).
# custom:
#   severity: medium
#   rationale: >-
#     MCP servers are third-party code with the agent's reach; an allowlist by server
#     keeps a newly added or injected server from being used without review.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [mcp]
package claude_rego.policies.mcp_allowlist

import data.claude_rego.lib.settings
import rego.v1

allowed := settings.value("mcp_allowed_servers")

deny contains msg if {
	count(allowed) > 0
	server := input.facts.tool.mcp.server
	not listed(server)
	msg := sprintf("Blocked: MCP server `%s` is not on the allowlist (%s). Ask your security team to review and add it.", [server, concat(", ", allowed)])
}

# entries are exact server names (as in mcp__<server>__<tool>)
listed(server) if server in allowed
