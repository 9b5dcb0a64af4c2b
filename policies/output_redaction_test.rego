package claude_rego.policies.output_redaction_test

import data.claude_rego.policies.output_redaction
import rego.v1

post(stdout) := {"hook": {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_response": {"stdout": stdout, "stderr": "", "interrupted": false}}}

test_secrets_are_replaced_in_stdout if {
	some patch in output_redaction.replace_output with input as post("key=AKIAABCDEFGHIJKLMNOP\nok")
	not contains(patch.stdout, "AKIAABCDEFGHIJKLMNOP")
	contains(patch.stdout, "[REDACTED AWS KEY]")
	contains(patch.stdout, "ok")
}

test_clean_output_is_untouched if {
	count(output_redaction.replace_output) == 0 with input as post("all tests passed")
}
