package claude_rego.policies.mcp_allowlist_test

import data.claude_rego.policies.mcp_allowlist
import rego.v1

mcp(server) := {"facts": {"event": "PreToolUse", "tool": {"name": concat("__", ["mcp", server, "t"]), "class": "mcp", "mcp": {"server": server, "tool": "t"}}}}

test_no_allowlist_no_restriction if {
	count(mcp_allowlist.deny) == 0 with input as mcp("anything")
}

test_allowlist_denies_other_servers if {
	count(mcp_allowlist.deny) > 0 with input as mcp("evil") with data.claude_rego.settings.mcp_allowed_servers as ["github"]
	count(mcp_allowlist.deny) == 0 with input as mcp("github") with data.claude_rego.settings.mcp_allowed_servers as ["github"]
}

test_entries_are_exact_names if {
	count(mcp_allowlist.deny) > 0 with input as mcp("github") with data.claude_rego.settings.mcp_allowed_servers as ["git*"]
	count(mcp_allowlist.deny) > 0 with input as mcp("githubx") with data.claude_rego.settings.mcp_allowed_servers as ["github"]
}

test_reason_names_the_server_and_the_way_out if {
	some msg in mcp_allowlist.deny with input as mcp("evil") with data.claude_rego.settings.mcp_allowed_servers as ["github"]
	contains(msg, "`evil`")
	contains(msg, "allowlist")
}
