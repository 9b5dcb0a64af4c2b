package claude_rego.policies.prompt_secrets_test

import data.claude_rego.policies.prompt_secrets
import rego.v1

prompt(text) := {"hook": {"hook_event_name": "UserPromptSubmit", "prompt": text}, "facts": {"event": "UserPromptSubmit"}}

test_secrets_block_the_prompt if {
	every text in [
		"use AKIAABCDEFGHIJKLMNOP please", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
		"xoxb-1234567890-abcdefghij", "-----BEGIN RSA PRIVATE KEY-----\nMIIE", "set password=hunter2hunter2",
		`{"private_key_id": "0123456789abcdef0123456789abcdef01234567"}`,
	] {
		count(prompt_secrets.deny) > 0 with input as prompt(text)
	}
}

test_ordinary_prompts_pass if {
	count(prompt_secrets.deny) == 0 with input as prompt("Please fix the password reset flow in auth.py")
}
