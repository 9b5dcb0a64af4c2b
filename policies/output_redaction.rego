# METADATA
# title: Redact secrets in tool output
# description: >-
#   Replaces credentials in Bash output (stdout and stderr) before the model sees them,
#   keeping the tool's own output shape (PostToolUse updatedToolOutput).
# custom:
#   severity: high
#   rationale: >-
#     Commands print secrets (env, cat of a config, verbose logs). Once in the model's
#     context they can be repeated, committed or exfiltrated; redacting them at the
#     source keeps them on the machine.
#   routing:
#     events: [PostToolUse]
#     tools: [Bash]
package claude_rego.policies.output_redaction

import data.claude_rego.lib.secrets
import rego.v1

response := input.hook.tool_response

redacted[field] := clean if {
	some field in ["stdout", "stderr"]
	text := response[field]
	is_string(text)
	clean := secrets.redact(text)
	clean != text
}

replace_output contains redacted if count(redacted) > 0

context contains "claude-rego redacted secrets from this command's output; the real values stay on the machine." if count(redacted) > 0
