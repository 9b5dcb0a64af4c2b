package claude_rego.policies.prompt_secrets_test

import data.claude_rego.lib.testing.event
import data.claude_rego.policies.prompt_secrets
import rego.v1

prompt(text) := event("UserPromptSubmit", {"prompt": text})

test_secrets_block_the_prompt if {
	every text in [
		concat("", ["use AKIA", "ABCDEFGHIJKLMNOP please"]), concat("", ["token ghp_", "abcdefghijklmnopqrstuvwxyz0123456789"]),
		concat("", ["github_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"]), concat("", ["xoxb-", "1234567890-abcdefghij"]),
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2kLq7jQXwYxVgH8pN4sR1tU6vZa", "set password=hunter2hunter2",
		"DB_PASSWORD = 'correct-horse'", "secret=s3cr3tvalue", `{"type": "service_account", "private_key_id": "0123456789abcdef0123456789abcdef01234567"}`,
		`{"password": "hunter2x9q"}`, concat("", ["sk-ant-", "api03-abcdefghijklmnopqrstuvwxyz"]),
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

test_more_secret_kinds_block_the_prompt if {
	every text in [
		concat("", ["token glpat-", "abcdefghij0123456789xyz"]), "connect to postgres://admin:S3cretPw@db.internal:5432/app",
		"db:\n  password: hunter2hunter2\n", concat("", ["npm_", "abcdefghijklmnopqrstuvwxyz0123456789"]),
		concat("", ["eyJhbGciOiJIUzI1NiJ9", ".eyJzdWIiOiIxMjM0NTY3ODkwIn0", ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"]),
		concat("", ["https://hooks.slack.com/services/", "T024BE7LD/B01HQ3KZ7PC/q8Zr3nV1kP0sX7cT5rB2mL9d"]),
		concat("", ["DOPPLER_TOKEN=dp.pt.", "b0l06R577pRjlqOxhL8wfLo9RibUgWfgK3SZ7Us3Ihw"]),
		"REDIS_URL=redis://:OnhV52rA39VeOs56WjNFjQu9@cache:6379/0", "ALGOLIA_ADMIN_KEY=155c6fa61dee4a296c2d1ae7bff79235",
		"curl -u admin:u5IwKQC7FdHpxcnS https://jenkins.internal/api/json",
	] {
		count(prompt_secrets.deny) > 0 with input as prompt(text)
	}
}

test_code_and_placeholders_are_not_secrets if {
	every text in [
		"Refactor config.py: `password = os.environ[\"DB_PASSWORD\"]`", "Switch it to `manage_master_user_password = true`.",
		"API_KEY = os.getenv(\"OPENAI_API_KEY\")", "What does the password: field do?", "token: ${{ secrets.GITHUB_TOKEN }}",
		"connect postgres://postgres@localhost:5432/db", "Set DATABASE_URL=postgres://user:${DB_PASS}@localhost/db",
		"SORT_KEY=created_at", "MAX_TOKENS=4096",
	] {
		count(prompt_secrets.deny) == 0 with input as prompt(text)
	}
}

test_disguised_secrets_are_matched_on_the_folded_prompt if {
	doc := event("UserPromptSubmit", {"prompt": "ｇｈｐ_ disguised"})
	folded := object.union(doc, {"facts": object.union(doc.facts, {"prompt_folded": concat("", ["ghp_", "Zq8yW3nV1kP0sX7cT5rB2mL9dF4hJ6gA1eQo"])})})
	count(prompt_secrets.deny) > 0 with input as folded
	count(prompt_secrets.deny) == 0 with input as doc
}

found(kind, value, generic) := {"kind": kind, "value": value, "generic": generic}

with_found(doc, findings) := object.union(doc, {"facts": {"secrets": {"prompt": findings, "tool_input": [], "tool_response": []}}})

test_secrets_the_facts_found_block_the_prompt if {
	doc := with_found(prompt("my key is in here"), [found("New Relic key", "NRAK-X", false)])
	some msg in prompt_secrets.deny with input as doc
	contains(msg, "New Relic key")
	doc2 := with_found(prompt("x"), [found("random-looking secret assignment", "Zx81mNq0Lr5Tv2Wy7Ba4", true)])
	count(prompt_secrets.deny) > 0 with input as doc2
}

test_no_findings_no_block if {
	count(prompt_secrets.deny) == 0 with input as with_found(prompt("api_key = os.environ['API_KEY']"), [])
	count(prompt_secrets.deny) == 0 with input as prompt("fix the login page")
}

test_command_line_passwords_and_token_shapes_the_facts_found_block if {
	doc := with_found(prompt("run mysql -u app -pQ7z it"), [found("password on a command line", "Q7z", false)])
	some msg in prompt_secrets.deny with input as doc
	contains(msg, "password on a command line")
	doc2 := with_found(prompt("key: acme_sk_x"), [found("token-shaped secret", "acme_sk_x", true)])
	count(prompt_secrets.deny) > 0 with input as doc2
}

test_h12_placeholder_words_on_a_command_line_are_not_secrets if {
	every text in [
		"Explain what `curl -u user:password` does", "curl -u USER:PASSWORD https://api.example.com",
		"use `curl --user me:secret` for basic auth", "curl -u admin:your_token https://x", "curl -u user:pass https://x",
	] {
		count(prompt_secrets.deny) == 0 with input as prompt(text)
	}
	every text in ["curl -u admin:u5IwKQC7FdHpxcnS https://jenkins.internal/api/json", "curl --user deploy:Hunter2-Prod! https://x"] {
		count(prompt_secrets.deny) > 0 with input as prompt(text)
	}
}

test_h12_okta_and_fcm_tokens_block_the_prompt if {
	okta := concat("", ["00", "iK2ZWeqhFWCEPyYngFb51yB", "MWXaSCrUZoL8g5ubb"])
	fcm := concat("", ["AAAAbPIa84y:APA91b", "B2dC4-DSDC6Lc1mxLpQ2yMK-Ye9FZ1wUVl4nuYV_d8fNYvvDbzDZST6IaXqA2h9Uz0_T1SaQ6dDwxlGejkc5bJ", "FIoxSLivuGvIL6P-8odNXR1yHnGA3cCcYseu52C5CdYP2hMq"])
	every text in [concat(" ", ["Authorization: SSWS", okta]), concat("", ["OKTA_API_TOKEN=", okta]), concat("", ["server key ", fcm])] {
		count(prompt_secrets.deny) > 0 with input as prompt(text)
	}
	count(prompt_secrets.deny) == 0 with input as prompt(concat(" ", ["request id", okta]))
}
