package claude_rego.policies.secret_egress_test

import data.claude_rego.lib.testing.event
import data.claude_rego.policies.secret_egress
import rego.v1

call(tool, class, findings) := object.union(event("PreToolUse", {"tool_name": tool, "tool_input": {"text": "…"}}), {"facts": {
	"tool": {"name": tool, "class": class, "mcp": null},
	"secrets": {"prompt": [], "tool_input": findings, "tool_response": []},
}})

key := {"kind": "private key", "value": "-----BEGIN PRIVATE KEY-----", "generic": false}

generic := {"kind": "random-looking secret assignment", "value": "Zx81mNq0Lr5Tv2Wy7Ba4", "generic": true}

test_known_secrets_to_remote_tools_are_denied if {
	every c in [["mcp__github__create_gist", "mcp"], ["post_message", "other"], ["WebFetch", "network"], ["WebSearch", "network"]] {
		count(secret_egress.deny) > 0 with input as call(c[0], c[1], [key])
	}
}

test_only_a_generic_assignment_asks if {
	doc := call("mcp__notes__create", "mcp", [generic])
	count(secret_egress.deny) == 0 with input as doc
	count(secret_egress.ask) > 0 with input as doc
	count(secret_egress.ask) == 0 with input as call("mcp__notes__create", "mcp", [key, generic])
}

test_local_tools_and_clean_inputs_are_not_judged if {
	every c in [["Write", "file-write"], ["Edit", "file-write"], ["Bash", "shell"], ["Read", "file-read"], ["Task", "agent"]] {
		count(secret_egress.deny) == 0 with input as call(c[0], c[1], [key])
	}
	count(secret_egress.deny | secret_egress.ask) == 0 with input as call("mcp__slack__post", "mcp", [])
	count(secret_egress.deny | secret_egress.ask) == 0 with input as event("PreToolUse", {"tool_name": "x"})
}
