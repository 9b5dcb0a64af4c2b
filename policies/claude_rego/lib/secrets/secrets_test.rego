package claude_rego.lib.secrets_test

import data.claude_rego.lib.secrets
import rego.v1

aws := concat("", ["AKIA", "ABCDEFGHIJKLMNOP"])

github := concat("", ["ghp_", "abcdefghijklmnopqrstuvwxyz0123456789"])

test_found_names_the_kind if {
	secrets.found(sprintf("key %s", [aws])) == {"AWS access key ID"}
	"GitHub token" in secrets.found(github)
	"private key" in secrets.found("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW")
	"private key" in secrets.found("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2kLq7jQXwYxVgH8pN4sR1tU6vZa")
	"password or secret assignment" in secrets.found("DB password=hunter2hunter2")
	"quoted password or secret" in secrets.found(`{"password": "hunter2x9q"}`)
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
	out := secrets.redact("before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2kLq7jQXwYxVgH8pN4sR1tU6vZa\nAAKCAQ==\n-----END RSA PRIVATE KEY-----\nafter")
	out == "before\n[REDACTED PRIVATE KEY]\nafter"
	cut := secrets.redact("-----BEGIN PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2kLq7jQXwYxVgH8pN4sR1tU6vZa")
	not contains(cut, "MIIEpAIB")
}

# a header alone, or with `...` for a body, is documentation (a key has a base64 body)
test_pem_header_without_body_is_no_key if {
	not "private key" in secrets.found("add your -----BEGIN OPENSSH PRIVATE KEY----- file to the agent")
	not "private key" in secrets.found("-----BEGIN OPENSSH PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----")
	secrets.redact("-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----") == "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"
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

test_placeholder_values_are_not_secrets if {
	every text in [
		"password: REPLACE_ME", "API_KEY=changeme", "DB_PASSWORD=REPLACE_ME", "token: dummy", "api_key: \"YOUR_API_KEY_HERE\"",
		"SECRET_KEY=<your-secret-key>", "JWT_SECRET=${JWT_SECRET}", "export OPENAI_API_KEY=sk-...", "password: xxxx",
		"POSTGRES_PASSWORD: postgres", "smtp_password: example", "SECRET_KEY: dev-secret-change-me",
		"DATABASE_URL: postgres://postgres:postgres@db:5432/app", "postgres://user:password@localhost:5432/app",
		"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	] {
		count(secrets.found(text)) == 0
	}
}

test_real_values_next_to_placeholders_still_found if {
	"password or secret assignment" in secrets.found("API_KEY=changeme\nDB_PASSWORD=Tr0ub4dor&3x")
	"AWS access key ID" in secrets.found(sprintf("AKIAIOSFODNN7EXAMPLE %s", [aws]))
	"credentials in a URL" in secrets.found("postgres://app:Zq8vN2pLk4@db.internal:5432/app")
	# placeholders first cannot hide a real one after them
	"YAML password or secret" in secrets.found(concat("\n", array.concat([sprintf("p%d_password: REPLACE_ME", [i]) | some i in numbers.range(1, 20)], ["password: Tr0ub4dor8x"])))
}

test_redact_keeps_placeholders_and_removes_real_values if {
	out := secrets.redact(sprintf("API_KEY=changeme\nDB_PASSWORD=Tr0ub4dor8x\nAKIAIOSFODNN7EXAMPLE\n%s\nurl: postgres://user:password@localhost/app", [aws]))
	contains(out, "API_KEY=changeme")
	not contains(out, "Tr0ub4dor8x")
	contains(out, "DB_PASSWORD=[REDACTED]")
	contains(out, "AKIAIOSFODNN7EXAMPLE")
	not contains(out, aws)
	contains(out, "postgres://user:password@localhost/app")
	not contains(out, "\ue000")
}

test_url_password_equal_to_the_user_is_a_dev_default if {
	count(secrets.found("DATABASE_URL=postgres://app:app@localhost/app_test")) == 0
	"credentials in a URL" in secrets.found("DATABASE_URL=postgres://app:Zq8vN2pLk4@db.prod.internal/app")
}

test_test_dummies_and_insecure_dev_keys_are_placeholders if {
	every text in ["SECRET_KEY: test-secret", "PASSWORD=testpassword", "API_KEY=test-api-key", "SECRET_KEY = 'django-insecure-8v#k2$x!q9m@w3z7p'", "JWT_SECRET=dev-only-secret-1"] {
		count(secrets.found(text)) == 0
	}
	"password or secret assignment" in secrets.found("PASSWORD=Contest2024xyz")
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

# published example values (the jwt.io token, RFC 7515's HS256 example JWS and key) are no secrets
test_published_example_jwts_and_keys_are_public if {
	jwtio := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	rfc := "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	not "JSON Web Token" in secrets.found(sprintf("Authorization example: %s", [jwtio]))
	not "JSON Web Token" in secrets.found(rfc)
	secrets.redact(sprintf("docs: %s", [jwtio])) == sprintf("docs: %s", [jwtio])
	count(secrets.found(sprintf("Authorization: Bearer %s", [jwtio]))) == 0
	secrets.redact(sprintf("Authorization: Bearer %s\npassword=hunter2hunter2", [jwtio])) == sprintf("Authorization: Bearer %s\npassword=[REDACTED]", [jwtio])
	key := `{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}`
	count(secrets.found(key)) == 0
	secrets.redact(key) == key
	# another token with the same header and payload is a token
	real := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.Zq8kP2mX7vR4tY1uW9nB3cE6fH0jL5sA_dG-iKq"
	"JSON Web Token" in secrets.found(real)
	secrets.redact(real) == "[REDACTED JWT]"
}

# identifiers under secret-sounding names (red-team classes B9/B10): ids, hashes, cache and
# idempotency keys, GPG key ids, UUIDs under names that do not say credential
test_identifiers_under_secret_names_are_not_secrets if {
	every text in [
		`"idempotency_key": "9f1c2b7e-4d3a-4f6b-9a2e-7c1d5e8f3a01"`,
		"CACHE_KEY = 'v2-3f786850e387550fdab836ed7e6dc881de23001b'",
		"cache_key: node-modules-4a7d1ed414474e4033ac29ccb8653d9b",
		"user.signingkey=3AA5C34371567BD2",
		`{"type": "Secret Keyword", "hashed_secret": "ee7d2b3d6a4bd4b5e6f1e8b2a0c9d5f4e3a2b1c0", "line_number": 12}`,
		"public_key: MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE5x3q",
		"request_key=7c9e6679-7425-40de-944b-e07fc1f90ae7",
	] {
		count(secrets.found(text)) == 0
	}
}

test_hex_and_uuid_secrets_under_credential_names_stay_secrets if {
	count(secrets.found("WEBHOOK_SECRET=3f786850e387550fdab836ed7e6dc881de23001b")) > 0
	count(secrets.found("HEROKU_API_KEY=9f1c2b7e-4d3a-4f6b-9a2e-7c1d5e8f3a01")) > 0
	count(secrets.found("signing_key=7d1a54127b222502f5b79b5fb0803061c2a1b3d4e5f60718293a4b5c6d7e8f90")) > 0
	count(secrets.found(`"session_key": "9f1c2b7e-4d3a-4f6b-9a2e-7c1d5e8f3a01"`)) > 0
	# a known token format under an identifier-like name is still that token
	"GitHub token" in secrets.found(sprintf(`"idempotency_key": "%s"`, [github]))
	"GitHub token" in secrets.found(sprintf("CACHE_KEY=%s", [github]))
}

test_identifier_values_are_not_redacted if {
	text := "user.signingkey=3AA5C34371567BD2\ncache_key: node-modules-4a7d1ed414474e4033ac29ccb8653d9b"
	secrets.redact(text) == text
}

test_settings_that_are_visibly_no_secret if {
	every v in ["3000", "localhost", "sqlite:///test.db", "us-east-1", "debug", "http://localhost:8080/api", ""] {
		secrets.plain_value(v)
	}
	every v in ["Qm7vX2pLz9RtK4wN", "hunter2", "a3f9c2d81b", "postgres://u:p@db", "$X", "abcDEFgh"] {
		not secrets.plain_value(v)
	}
	every n in ["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "SESSION_SECRET", "JWT_SIGNING"] {
		secrets.setting_names_a_secret(n)
	}
	every n in ["PORT", "DEBUG", "NODE_ENV", "DATABASE_HOST", "LOG_LEVEL"] {
		not secrets.setting_names_a_secret(n)
	}
	secrets.placeholder("changeme")
	secrets.placeholder("test-api-key")
	not secrets.placeholder("Qm7vX2pLz9RtK4wN")
}

# session 26: credentials in service logs
test_log_authorization_headers_redacted if {
	every line in [
		`{"headers":{"authorization":"Bearer 8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c"}}`,
		`headers: map[Authorization:[Bearer 8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c] Accept:[*/*]]`,
		`authorization=Bearer 8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c`,
		`auth header: Bearer 8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c`,
		`{"authorization": "Basic YWRtaW46WnE4dksybVA5eEx3NFJ0"}`,
		`Authorization: Basic dXNlcjpwYXNz`,
		`Authorization=Basic%20YWRtaW46WnE4dksybVA5eEx3NFJ0`,
	] {
		out := secrets.redact(line)
		contains(out, "[REDACTED]")
		not contains(out, "8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c")
		not contains(out, "YWRtaW46WnE4dksybVA5eEx3NFJ0")
	}
}

test_log_cookies_and_aws_prose_redacted if {
	out := secrets.redact("Cookie: session=8f3a9c2e7b1d4f6a0e5c9b2d7a4f1e3c; theme=dark")
	out == "Cookie: session=[REDACTED]; theme=dark"
	set := secrets.redact("Set-Cookie: sessionid=Zq8vK2mP9xLw4RtAbCdEfGh; Path=/; Max-Age=3600; HttpOnly")
	set == "Set-Cookie: sessionid=[REDACTED]; Path=/; Max-Age=3600; HttpOnly"
	aws := secrets.redact("botocore: key id AKIA... secret Tq3/v8kLm2Zp9XwR4sNb7YcE1uJd5HfG6aKoP0iW in region")
	aws == "botocore: key id AKIA... secret [REDACTED] in region"
}

test_log_placeholders_untouched if {
	every line in [
		"Authorization: Bearer <token>", "Authorization: Bearer YOUR_TOKEN_HERE", `{"authorization":"Bearer <token>"}`,
		"Cookie: session=<session-id>", "Set-Cookie: theme=dark; Path=/", "cookie consent accepted",
		"WWW-Authenticate: Bearer realm=example", "Bearer tokens are validated with RS256 keys rotated every 24h",
		"Authorization: Bearer ${API_TOKEN}", "Cookie: session=xxxxxxxxxxxxxxxxxxxxxxxx",
		"the secret: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	] {
		secrets.redact(line) == line
	}
}

# session 27: proverbial example passwords are no secret; a SealedSecret's ciphertext neither
test_s27_famous_passwords_and_sealed_values if {
	every text in ["password='hunter2'", "password: password123", "DB_PASSWORD=qwerty", "password=P@ssw0rd", `{"password": "changeit"}`] {
		count(secrets.found(text)) == 0
	}
	"password or secret assignment" in secrets.found("password=hunter2x9q")
	sealed := concat("", ["    password: Ag", concat("", [x | some _ in numbers.range(1, 40); x := "Bq3Yc9LmZ0"])])
	count(secrets.found(sealed)) == 0
	plain := concat("", ["    password: Xq", concat("", [x | some _ in numbers.range(1, 3); x := "Bq3Yc9LmZ0"])])
	count(secrets.found(plain)) > 0
}

test_s27_secret_variable_names if {
	every v in ["PGPASSWORD", "SSHPASS", "BORG_PASSPHRASE", "GH_PAT", "RAILS_MASTER_KEY", "ENCRYPTION_KEY", "REDISCLI_AUTH", "LDAP_BIND_PW", "TF_TOKEN_app_terraform_io", "npm_config__auth", "SENTRY_DSN", "SLACK_WEBHOOK_URL", "ISQLPASSWORD", "SECRET_KEY_BASE", "HMAC_KEY"] {
		regex.match(secrets.secret_var_re, v)
	}
	every v in ["PGHOST", "PASSWORD_MIN_LENGTH", "TOKEN_TTL", "KEYBOARD", "MONKEY", "pat", "pw", "AWS_ACCESS_KEY_ID", "PRIVATE_KEY_PATH", "PASSWORD_FILE", "BYPASS", "COMPASS"] {
		not regex.match(secrets.secret_var_re, v)
	}
}
