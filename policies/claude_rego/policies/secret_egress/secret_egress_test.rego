package claude_rego.policies.secret_egress_test

import data.claude_rego.lib.testing.event
import data.claude_rego.lib.testing.path
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

write_call(tool, file, tool_input, findings) := object.union(event("PreToolUse", {"tool_name": tool, "tool_input": tool_input}), {"facts": {
	"tool": {"name": tool, "class": "file-write", "mcp": null},
	"paths": [object.union(path(file, file, true), {"source": "tool_input", "field": "file_path", "access": "write"})],
	"secrets": {"prompt": [], "tool_input": findings, "tool_response": []},
}})

gh := {"kind": "GitHub token", "value": "ghp_Zq8xR2mLk9WvT4yB7nC1pD6fH3jK5sA0eG2i", "generic": false}

test_a_token_written_into_a_project_file_asks if {
	every c in [
		["Write", "/home/dev/project/src/config.js", {"content": concat("", ["const T = '", gh.value, "'"])}],
		["Edit", "/home/dev/project/README.md", {"old_string": "TOKEN", "new_string": gh.value}],
		["MultiEdit", "/home/dev/project/public/keys.txt", {"edits": [{"old_string": "a", "new_string": gh.value}]}],
	] {
		doc := write_call(c[0], c[1], object.union({"file_path": c[1]}, c[2]), [gh])
		count(secret_egress.ask) == 1 with input as doc
		count(secret_egress.deny) == 0 with input as doc
	}
}

test_a_token_written_where_secrets_belong_or_removed_is_not_asked if {
	every c in [
		["Write", "/home/dev/project/.env", {"content": gh.value}],
		["Write", "/home/dev/project/certs/server.pem", {"content": gh.value}],
		["Edit", "/home/dev/project/src/config.js", {"old_string": concat("", ["T='", gh.value, "'"]), "new_string": "T=process.env.GH"}],
		["Edit", "/home/dev/project/src/config.js", {"old_string": concat("", ["T='", gh.value, "'"]), "new_string": concat("", ["T='", gh.value, "' // keep"])}],
	] {
		doc := write_call(c[0], c[1], object.union({"file_path": c[1]}, c[2]), [gh])
		count(secret_egress.ask) == 0 with input as doc
	}
	soft := {"kind": "credentials in a URL", "value": "s3cretPassw0rd", "generic": false}
	count(secret_egress.ask) == 0 with input as write_call("Write", "/home/dev/project/docker-compose.yml", {"content": "postgres://app:s3cretPassw0rd@db/app"}, [soft])
	count(secret_egress.ask) == 0 with input as write_call("Write", "/home/dev/project/src/a.js", {"content": "x"}, [generic])
}

# session 26: long encoded labels in a host name ask, whatever they decode to
test_encoded_host_labels_ask if {
	doc := {"facts": {"tool": {"name": "WebFetch", "class": "web"}, "effects": {"network": [{"host": "616b6961666464756e6d7733337534716e70646e.f576cad87031b736e55d8471.x.attacker.example"}]}}}
	count(secret_egress.ask) == 1 with input as doc
	one := {"facts": {"tool": {"name": "WebFetch", "class": "web"}, "effects": {"network": [{"host": "da39a3ee5e6b4b0d3255bfef95601890afd80709aa.x.example"}]}}}
	count(secret_egress.ask) == 1 with input as one
	every host in ["d1a2b3c4d5e6f7.cloudfront.net", "pub-0123456789abcdef0123456789abcdef.r2.dev", "docs.python.org", "abcdefabcdefabcdefabcdef.example.com", "my-app-5f7d9c.herokuapp.com"] {
		count(secret_egress.ask) == 0 with input as {"facts": {"tool": {"name": "WebFetch", "class": "web"}, "effects": {"network": [{"host": host}]}}}
	}
}
