package claude_rego.lib.secrets_test

import data.claude_rego.lib.secrets
import rego.v1

aws := concat("", ["AKIA", "ABCDEFGHIJKLMNOP"])

github := concat("", ["ghp_", "abcdefghijklmnopqrstuvwxyz0123456789"])

test_found_names_the_kind if {
	secrets.found(sprintf("key %s", [aws])) == {"AWS access key ID"}
	"GitHub token" in secrets.found(github)
	"private key" in secrets.found("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn")
	"password or secret assignment" in secrets.found("DB password=hunter2hunter2")
	"quoted password or secret" in secrets.found(`{"password": "hunter2"}`)
}

test_placeholders_and_prose_are_not_secrets if {
	every text in [
		"password=<your password>", "password=$PASSWORD", "password=***", "secret={{ secret }}",
		"Please fix the token: refresh logic", "the password reset flow", "PWD=/home/dev/project",
		"use a strong password", "api_key=", "ghp_short",
	] {
		count(secrets.found(text)) == 0
	}
}

test_redact_replaces_values_and_keeps_keys if {
	out := secrets.redact(sprintf("AWS_KEY=%s token %s\npassword=hunter2hunter2\nok", [aws, github]))
	not contains(out, aws)
	not contains(out, github)
	not contains(out, "hunter2")
	contains(out, "password=[REDACTED]")
	endswith(out, "\nok")
}

test_redact_private_key_blocks if {
	out := secrets.redact("before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIB\nAAKCAQ==\n-----END RSA PRIVATE KEY-----\nafter")
	out == "before\n[REDACTED PRIVATE KEY]\nafter"
	cut := secrets.redact("-----BEGIN PRIVATE KEY-----\nMIIEpAIB")
	not contains(cut, "MIIEpAIB")
}

test_redact_quoted_json_secrets if {
	out := secrets.redact(`{"client_secret": "s3cr3t-value", "name": "x"}`)
	out == `{"client_secret": "[REDACTED]", "name": "x"}`
}

test_extra_patterns_from_data if {
	"internal token" in secrets.found("tok_1234567890") with data.claude_rego.settings.secret_patterns as {"internal token": `tok_[0-9]{10}`}
	secrets.redact("tok_1234567890") == "[REDACTED]" with data.claude_rego.settings.secret_patterns as {"internal token": `tok_[0-9]{10}`}
}

test_clean_text_is_unchanged if {
	text := "all 42 tests passed in 1.3s"
	secrets.redact(text) == text
}

# redact() chains six groups of eight: every unlabelled token kind must fit in them
test_every_token_kind_fits_the_redaction_chain if {
	count(secrets._other_keys) <= 48
}

test_late_token_kinds_are_redacted if {
	age := concat("", ["AGE-SECRET-KEY-1", "GQQCTGKLKN2WTLETM2KMC42GAYH57EY6C97F044GU0JFGATAY70WJRUD50"])
	not contains(secrets.redact(concat("", ["key ", age])), age)
	tg := concat("", ["6098746952:AA", "9HEwEFEnoLaiUqix8cbAz3yB1Gz-iJRNZ"])
	not contains(secrets.redact(tg), tg)
}

test_local_dev_default_urls_are_not_secrets if {
	not "credentials in a URL" in secrets.found("DATABASE_URL=postgres://user:password@localhost:5432/app")
	not "credentials in a URL" in secrets.found("redis://default:changeme@127.0.0.1:6379")
	"credentials in a URL" in secrets.found("postgres://app:Kq9!xv2Lm@db.internal:5432/app")
	"credentials in a URL" in secrets.found("postgres://user:Kq9xv2Lm77@localhost:5432/app")
}

test_environment_references_are_not_secrets if {
	count(secrets.found("const secret = process.env.JWT_SECRET;")) == 0
	count(secrets.found("password = os.environ.DB_PASSWORD")) == 0
}

# documented example keys and publishable keys are public; real-looking ones still count
test_public_example_and_publishable_keys_are_not_secrets if {
	every text in [
		"Use AKIAIOSFODNN7EXAMPLE (the AWS docs example) in the moto fixture",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		concat("", ["STRIPE_PUBLISHABLE_KEY = 'pk_live_", "51HqLyjWDarjtT1zdp7dcXyZAbcd9XyQ'"]),
		concat("", ["publishableKey: \"pk_test_", "51HqLyjWDarjtT1zdp7dcXyZAbcd9XyQ\""]),
	] {
		count(secrets.found(text)) == 0
	}
	secrets.found(concat("", ["key AKIA", "2E0A8F3B244C9986"])) == {"AWS access key ID"}
	"AWS secret access key" in secrets.found(concat("", ["aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYzXAMPLEKEY"]))
	count(secrets.found(concat("", ["STRIPE_SECRET_KEY = 'sk_live_", "51HqLyjWDarjtT1zdp7dcXyZAbcd9XyQ'"]))) > 0
}
