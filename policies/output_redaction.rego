# METADATA
# title: Redact secrets in tool output
# description: >-
#   Replaces credentials (AWS/GCP/GitHub/Slack/Stripe/Anthropic keys, private key
#   blocks, password= / "secret": assignments) in Bash output (stdout and stderr) and
#   in the Read tool's file content before the model sees them, keeping the tool's own
#   output shape (PostToolUse updatedToolOutput). Only emitted when something matched.
# custom:
#   severity: high
#   rationale: >-
#     Commands print secrets (env, cat of a config, verbose logs). Once in the model's
#     context they can be repeated, committed or exfiltrated; redacting them at the
#     source keeps them on the machine.
#   routing:
#     events: [PostToolUse]
#     tools: [Bash, Read]
package claude_rego.policies.output_redaction

import data.claude_rego.lib.secrets
import rego.v1

response := input.hook.tool_response

# Bash: {"stdout", "stderr", "interrupted", …}
bash_patch[field] := clean if {
	input.hook.tool_name == "Bash"
	some field in ["stdout", "stderr"]
	text := response[field]
	is_string(text)
	clean := secrets.redact(text)
	clean != text
}

replace_output contains patch if {
	count(bash_patch) > 0
	# both fields, as the tool's output shape requires them
	patch := object.union({"stdout": object.get(response, "stdout", ""), "stderr": object.get(response, "stderr", "")}, bash_patch)
}

# Read: {"type": "text", "file": {"filePath", "content", …}}
replace_output contains {"file": {"content": clean}} if {
	input.hook.tool_name == "Read"
	text := response.file.content
	is_string(text)
	clean := secrets.redact(text)
	clean != text
}

context contains "claude-rego redacted secrets from this command's output; the real values stay on the machine." if {
	count(replace_output) > 0
}
