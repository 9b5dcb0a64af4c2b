package claude_rego.policies.prompt_secrets_test

import data.claude_rego.lib.testing.event
import data.claude_rego.policies.prompt_secrets
import rego.v1

prompt(text) := event("UserPromptSubmit", {"prompt": text})

test_secrets_block_the_prompt if {
	every text in [
		concat("", ["use AKIA", "ABCDEFGHIJKLMNOP please"]), concat("", ["token ghp_", "abcdefghijklmnopqrstuvwxyz0123456789"]),
		concat("", ["github_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"]), concat("", ["xoxb-", "1234567890-abcdefghij"]),
		"-----BEGIN RSA PRIVATE KEY-----\nMIIE", "-----BEGIN OPENSSH PRIVATE KEY-----", "set password=hunter2hunter2",
		"DB_PASSWORD = 'correct-horse'", "secret=s3cr3tvalue", `{"type": "service_account", "private_key_id": "0123456789abcdef0123456789abcdef01234567"}`,
		`{"password": "hunter22"}`, concat("", ["sk-ant-", "api03-abcdefghijklmnopqrstuvwxyz"]),
	] {
		count(prompt_secrets.deny) > 0 with input as prompt(text)
	}
}

test_reason_tells_the_user_to_rephrase if {
	some msg in prompt_secrets.deny with input as prompt("password=hunter2hunter2")
	contains(msg, "replace it with a placeholder, then send the prompt again")
	contains(msg, "password")
}

test_ordinary_prompts_pass if {
	every text in [
		"Please fix the password reset flow in auth.py", "Rotate the token: use the new one from the vault",
		"Set password=<your password> in the example", "export PASSWORD=$PASSWORD", "what does AKIA mean in AWS keys?",
		"Read the private key handling code", "PWD=/home/dev/project",
	] {
		count(prompt_secrets.deny) == 0 with input as prompt(text)
	}
}

test_expansions_are_checked_too if {
	count(prompt_secrets.deny) > 0 with input as event("UserPromptExpansion", {"prompt": "password=hunter2hunter2"})
}
