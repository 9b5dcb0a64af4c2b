package claude_rego.policies.output_redaction_test

import data.claude_rego.lib.testing.post
import data.claude_rego.policies.output_redaction
import rego.v1

aws := concat("", ["AKIA", "ABCDEFGHIJKLMNOP"])

bash(stdout, stderr) := post("Bash", {"stdout": stdout, "stderr": stderr, "interrupted": false, "isImage": false, "noOutputExpected": false})

test_secrets_are_replaced_in_stdout if {
	some patch in output_redaction.replace_output with input as bash(sprintf("key=%s\nok", [aws]), "")
	not contains(patch.stdout, aws)
	contains(patch.stdout, "[REDACTED AWS KEY]")
	endswith(patch.stdout, "\nok")
	patch.stderr == ""
}

test_secrets_are_replaced_in_stderr_and_both_fields_kept if {
	some patch in output_redaction.replace_output with input as bash("fine", "password=hunter2hunter2")
	patch == {"stdout": "fine", "stderr": "password=[REDACTED]"}
}

test_private_keys_in_read_output_are_replaced if {
	response := {"type": "text", "file": {"filePath": "/x/key.txt", "content": "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n", "numLines": 3}}
	output_redaction.replace_output == {{"file": {"content": "[REDACTED PRIVATE KEY]\n"}}} with input as post("Read", response)
}

test_the_model_is_told if {
	count(output_redaction.context) == 1 with input as bash(aws, "")
}

test_clean_output_is_untouched if {
	count(output_redaction.replace_output) == 0 with input as bash("all tests passed", "")
	count(output_redaction.context) == 0 with input as bash("all tests passed", "")
	count(output_redaction.replace_output) == 0 with input as post("Read", {"type": "text", "file": {"content": "hello"}})
	count(output_redaction.replace_output) == 0 with input as post("Grep", {"content": aws})
}
