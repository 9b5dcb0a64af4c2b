# METADATA
# title: Secret patterns
# description: >-
#   Regular expressions for credentials in text (prompts, tool output). Linear
#   patterns only (no nested quantifiers) and ASCII classes (regorus and OPA differ
#   on Unicode \d \w \b). Extra patterns come from
#   data.claude_rego.settings.secret_patterns ({"name": "regex"}).
package claude_rego.lib.secrets

import data.claude_rego.lib.settings
import rego.v1

# credential values that are never legitimate in a prompt or in output shown to the model
token_patterns := {
	"AWS access key ID": `(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`,
	"GCP service account key": `"private_key_id"[ \t]*:[ \t]*"[a-f0-9]{40}"`,
	"Google API key": `AIza[0-9A-Za-z_-]{35}`,
	"Google OAuth token": `ya29\.[0-9A-Za-z_-]{20,}|GOCSPX-[0-9A-Za-z_-]{24,}`,
	"GitHub token": `(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}`,
	"GitHub fine-grained token": `github_pat_[A-Za-z0-9_]{22,}`,
	"GitLab token": `(glpat|gldt|glrt|glptt|glft|glsoat|glcbt|gloas)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,}`,
	"Slack token": `xox[abposre]-[A-Za-z0-9-]{10,}`,
	"Slack webhook": `hooks\.slack\.com/(services|workflows|triggers)/[A-Za-z0-9_/-]{20,}`,
	"Discord webhook": `discord(app)?\.com/api/webhooks/[0-9]{5,}/[A-Za-z0-9_-]{20,}`,
	"private key": `-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----([^-]|-[^-])*[A-Za-z0-9+/]{24}`,
	"Stripe secret key": `(sk|rk)_live_[0-9A-Za-z]{20,}`,
	"Anthropic API key": `sk-ant-[A-Za-z0-9_-]{20,}`,
	"OpenAI API key": `sk-(proj-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|sk-(proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|sk-[A-Za-z0-9]{48}`,
	"npm token": `npm_[A-Za-z0-9]{36}`,
	"PyPI token": `pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}`,
	"Hugging Face token": `hf_[A-Za-z0-9]{34,}`,
	"Docker Hub token": `dckr_pat_[A-Za-z0-9_-]{20,}`,
	"SendGrid key": `SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`,
	"Vault token": `hvs\.[A-Za-z0-9_-]{24,}|hvb\.[A-Za-z0-9_-]{24,}`,
	"DigitalOcean token": `do[por]_v1_[a-f0-9]{64}`,
	"Shopify token": `shp(at|ca|pa|ss)_[a-fA-F0-9]{32}`,
	"Azure storage key": `(AccountKey|SharedAccessKey)=[A-Za-z0-9+/=]{20,}`,
	"Azure client secret": `[A-Za-z0-9_~.-]{3}8Q~[A-Za-z0-9_~.-]{31,34}`,
	"JSON Web Token": `eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}`,
	"credentials in a URL": `[A-Za-z][A-Za-z0-9+.-]{1,20}://[^ \t\r\n/:@<>${}*'"]*:[^ \t\r\n/@<>${}*'"]+@[A-Za-z0-9\[]`,
	"Sentry DSN": `https?://[a-f0-9]{32}(:[a-f0-9]{32})?@[A-Za-z0-9.-]+`,
	"Azure SAS token": `sv=[0-9]{4}-[0-9]{2}-[0-9]{2}&[^ \t\r\n"'<>]*sig=[A-Za-z0-9%/+=]{20,}|[?&]sig=[A-Za-z0-9%/+=]{30,}`,
	"Atlassian API token": `ATATT3[A-Za-z0-9_=-]{60,}`,
	"Telegram bot token": `[0-9]{8,10}:AA[A-Za-z0-9_-]{30,}`,
	"Databricks token": `dapi[a-f0-9]{32}`,
	"Grafana token": `glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/=]{32,}`,
	"Doppler token": `dp\.(pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{30,}`,
	"Notion token": `secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,}`,
	"Terraform Cloud token": `[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}`,
	"age secret key": `AGE-SECRET-KEY-1[0-9A-Z]{58}`,
	"Fly.io token": `FlyV1 fm[12]_[A-Za-z0-9_+/=-]{20,}`,
	"Discord bot token": `[A-Za-z0-9_-]{23,}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}`,
	"Twilio key": `SK[0-9a-f]{32}`,
	"Mailgun key": `key-[0-9a-f]{32}`,
	"Postman key": `PMAK-[0-9a-f]{24}-[0-9a-f]{34}`,
	"Linear key": `lin_api_[A-Za-z0-9]{40}`,
	"Okta API token": `SSWS[ \t]+00[A-Za-z0-9_-]{40}|[Oo][Kk][Tt][Aa][A-Za-z0-9_.:= \t"'\x60-]{0,40}00[A-Za-z0-9_-]{40}`,
	"auth token": `(?i)auth[ _-]?token[ \t:=\x60"']{1,6}(is[ \t]+)?[0-9a-f]{32}`,
	"Firebase Cloud Messaging key": `AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,}`,
	"credentials on a command line": `(?i)(^|[ \t'"])(-u|--user|--password|--pass|-p)[ \t=]+[^ \t\r\n:'"$<>]+:[^ \t\r\n'"$<>@]{6,}`,
	"authorization header": `(?i)authorization["']?[ \t]*[:=][ \t]*["'\[]?[ \t]*((bearer|token|digest)([ \t]+|%20)[A-Za-z0-9._~+/=-]{16,}|basic([ \t]+|%20)[A-Za-z0-9+/]{8,})`,
}

# an environment variable whose name says it holds a secret, by the naming conventions
# tools use: a secret word at the end after `_` or alone (GITHUB_TOKEN, DB_PASSWORD,
# BORG_PASSPHRASE, RAILS_MASTER_KEY, ENCRYPTION_KEY, APP_ENC_KEY, JWT_SIGNING_KEY,
# SENTRY_DSN, SLACK_WEBHOOK_URL, GOOGLE_CREDENTIALS, SECRET_KEY_BASE); the short
# abbreviations only after a prefix (GH_PAT, CR_PAT, LDAP_BIND_PW: a bare $pat or $pw is
# a loop variable more often than a secret); the words glued to a prefix (PGPASSWORD,
# ISQLPASSWORD, KEYSTOREPASSWD); the client variables named otherwise (SSHPASS,
# REDISCLI_AUTH, npm_config__auth) and Terraform's per-host tokens (TF_TOKEN_<host>).
# The word must end the name: PASSWORD_MIN_LENGTH, TOKEN_TTL, AWS_ACCESS_KEY_ID,
# PRIVATE_KEY_PATH, PGHOST, KEYBOARD and MONKEY are not secrets.
secret_var_re := `(?i)((^|_)(token|secret|password|passwd|pwd|pass|passphrase|api_?key|access_?key|private_?key|secret_?key|signing_?key|master_?key|hmac_?key|encryption_?key|enc_?key|credentials?|auth_?token|session_?token|client_?secret|dsn|webhook_?url)(_base)?$|_(pat|pw)$|[a-z0-9](password|passwd|passphrase|secret)$|^(sshpass|rediscli_auth|npm_config__auth)$|^tf_token_[a-z0-9_]+$)`

# key=value assignments of a password or secret; the value must look real (no
# placeholder such as <password>, $PASSWORD, *** or {{secret}})
assignment_patterns := {
	"password or secret assignment": `(?i)(^|[^A-Za-z0-9])([A-Za-z0-9_]*_)?(password|passwd|secret|secret_key|api_key|apikey|access_token|auth_token|client_secret)[ \t]*=[ \t]*["']?[^ \t\r\n"'<>$*{}()\[\]\x60][^ \t\r\n"'<>*{}()\[\]\x60]{3,}(["' \t\r\n;,&\x60]|$)`,
	"quoted password or secret": `(?i)"(password|passwd|secret|api_key|apikey|access_token|auth_token|client_secret|auth|token|private_key)"[ \t]*:[ \t]*"[^"<>$*{}]{4,}"`,
	"token or key assignment": `(?i)(^|[^A-Za-z0-9_])[A-Za-z0-9_]*(token|api_?key|access_?key|admin_?key|secret_?key|private_?key|auth_?key|signing_?key|master_?key|_key|_secret|_dsn|_pat|_pwd|_pass)["']?[ \t]*[=:][ \t]*["']?[A-Za-z0-9_./+=~:\x{00AD}\x{200B}-\x{200D}\x{2060}\x{FEFF}-]{12,}(["' \t\r\n;,&\x60]|$)`,
	"password after a colon": `(?i)(^|[^A-Za-z0-9_])(password|passwd|pwd)[ \t]*:[ \t]*["']?[^ \t\r\n"'<>$*{}()\[\],;\x60]{8,}(["' \t\r\n;,&\x60]|$)`,
	"AWS secret access key": `(?i)aws_secret_access_key["' \t]*[:=]["' \t]*[A-Za-z0-9/+=]{40}`,
	"YAML password or secret": `(?im)^[ \t-]*([A-Za-z0-9_]*_)?(password|passwd|secret|secret_key|api_key|apikey|access_token|auth_token|client_secret|private_key|token)[ \t]*:[ \t]*["']?[^ \t\r\n"'<>$*{}()\[\]]{4,}["']?[ \t]*$`,
}

extra_patterns := p if {
	p := settings.value("secret_patterns")
	is_object(p)
} else := {}

patterns := object.union(object.union(token_patterns, assignment_patterns), extra_patterns)

# found(text): the names of the kinds of secret in `text`
found(text) := {name | some name, pattern in patterns; _found(name, pattern, text)}

# kinds whose value could be a word rather than a secret: a match only counts when its
# value is not a keyword or placeholder (manage_master_user_password = true)
_value_checked := {"password or secret assignment", "YAML password or secret", "quoted password or secret", "token or key assignment", "password after a colon"}

# kinds whose value must also hold a digit to count (a token, not a word or an identifier)
_digit_checked := {"token or key assignment", "password after a colon"}

_found(name, pattern, text) if {
	not name in _value_checked
	not name in _public_checked
	name != "credentials in a URL"
	name != "credentials on a command line"
	regex.match(pattern, text)
	some m in regex.find_n(pattern, text, -1)
	not regex.match(_example_token, m)
}

# curl -u user:s3cr3t-Value, --user admin:hunter2x: the password part must be a value, not
# a placeholder word (`curl -u user:password`, `-u USER:PASSWORD`, `-u me:<token>`, `***`)
_found("credentials on a command line", pattern, text) if {
	some m in regex.find_n(pattern, text, 16)
	not regex.match(_example_token, m)
	not regex.match(_placeholder_credential, m)
}

_placeholder_credential := `(?i):(password|passwd|pass|passphrase|secret|token|api_?key|apikey|key|changeme|change_?me|pass(word)?[0-9]{0,3}|x{3,}|\*{3,}|dummy|placeholder|your[_-]?[a-z_-]*|my[_-]?[a-z_-]*|[A-Z_]+|[a-z]+([_-][a-z]+)*)["' \t\x60.,;)]*$`

# documentation and placeholder tokens (AKIAIOSFODNN7EXAMPLE, ghp_xxxxxxxx…): never a
# real credential; protected from the token replacements by a mark (see redact)
_example_token := `(?i)example|x{6,}|your[_-]|[_-]here\b|placeholder|redacted|insert[_-]`

_example_mark := "\ue000"

# kinds whose documented example values are public (AWS's AKIAIOSFODNN7EXAMPLE and
# wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, used in moto/localstack tests): a match
# counts only when it is not one
_public_checked := {"AWS access key ID", "AWS secret access key", "JSON Web Token", "authorization header"}

_found(name, pattern, text) if {
	name in _public_checked
	some m in regex.find_n(pattern, text, 16)
	not regex.match(_public_value, m)
	not regex.match(_example_token, m)
}

# values public by design or documented examples, at the end of a match: Stripe
# publishable keys (pk_live_/pk_test_, shipped in frontend code), Mapbox public tokens
# (pk.eyJ…), AWS's documentation keys (real key IDs never end in EXAMPLE)
_public_value := `(pk_(live|test)_[0-9A-Za-z]{10,}|pk\.eyJ[A-Za-z0-9_.-]{10,}|(AKIA|ASIA)[A-Z0-9]{9}EXAMPLE|wJalrXUtnFEMI/K7MDENG/bPxRfiCY[A-Z]*EXAMPLEKEY|eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.(SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c|dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk)|AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow)["' \t\r\n;,&\x60]*$`

# the published examples above that token patterns would match (the jwt.io example
# token's signature, RFC 7515's example HS256 JWS signature and key): protected from the
# replacements in redact by the example mark (before the value and inside it)
_public_examples := `(eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.)(SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c|dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk)|(AyM1)(SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow)`

# scheme://user:pass@host: not a local development default (postgres://user:password@localhost)
_found("credentials in a URL", _, text) if {
	some m in regex.find_n(`[A-Za-z][A-Za-z0-9+.-]{1,20}://[^ \t\r\n/:@<>${}*'"]*:[^ \t\r\n/@<>${}*'"]+@[A-Za-z0-9\[][A-Za-z0-9.:\]-]*`, text, -1)
	not regex.match(_dev_url, m)
	not regex.match(_dev_password_url, m)
	not _password_is_user(m)
}

# app:app@localhost, postgres:postgres@db: the password is the user name (a dev default)
_password_is_user(m) if {
	some parts in regex.find_all_string_submatch_n(`://([^:/@]*):([^@]*)@`, m, 1)
	parts[1] == parts[2]
}

_dev_url := `(?i)://[^:]*:(password|pass|secret|changeme|postgres|root|admin|example|test|dev|mysql|guest)@(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:[0-9]*)?$`

# a development default or placeholder as the password, on any host (a compose service
# name such as db: postgres://postgres:postgres@db:5432/app)
_dev_password_url := `(?i)://[^:/@]*:(password|pass|secret|changeme|change_?me|postgres|root|admin|example|test|dev|mysql|guest|user|redis|mongo|demo|local|pass(word)?[0-9]{0,3}|x{3,}|dummy|placeholder|your[_-][a-z_-]*)@`

_found(name, pattern, text) if {
	name in _value_checked
	some m in regex.find_n(pattern, text, -1)
	_real_value(name, m)
}

_real_value(name, m) if {
	not regex.match(_placeholder_value, m)
	not regex.match(_sealed_value, m)
	not _placeholder_in(m)
	not regex.match(_public_value, m)
	_has_digit_if_needed(name, m)
	not _identifier_assignment(m)
}

# a SealedSecret's encryptedData value (kubeseal's ciphertext, base64 "Ag…" of the session
# key's length 0x0200 and RSA-OAEP/AES-GCM output, 340+ characters): only the cluster's
# controller can decrypt it, no secret (as the facts layer's _SEALED_VALUE)
_sealed_value := `[=:][ \t]*["']?Ag[A-Za-z0-9+/]{340,}={0,2}["']?[ \t\r\n,;]*$`

# An identifier under a secret-sounding name, not a credential (as the facts layer's
# identifier_assignment, facts/secrets.py): a hash by its name (detect-secrets'
# "hashed_secret": "<sha1>"), a key that names what it identifies ("idempotency_key",
# CACHE_KEY, public_key), a git/GPG signing key id (user.signingkey=3AA5C34371567BD2), a
# UUID under a name that does not say credential. Hex values under credential names (an
# HMAC secret) stay secrets; token formats are found by token_patterns whatever the name.
_identifier_assignment(m) if regex.match(_hash_name, _assigned_name(m))

_identifier_assignment(m) if {
	name := _assigned_name(m)
	regex.match(_identifier_key_name, name)
	not regex.match(_strong_secret_name, name)
}

_identifier_assignment(m) if {
	regex.match(`(?i)(signing|gpg|pgp)[_.-]?key$`, _assigned_name(m))
	regex.match(`^(0x)?([0-9a-fA-F]{8}|[0-9a-fA-F]{16}|[0-9a-fA-F]{40})!?$`, _assigned_value(m))
}

_identifier_assignment(m) if {
	regex.match(`^(urn:uuid:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`, _assigned_value(m))
	name := _assigned_name(m)
	not regex.match(_credential_name, name)
}

# the name before the first =, :, := or =>, without quotes, spaces or the character before it
_assigned_name(m) := trim(regex.replace(m, `(=>|:=|=|:)[\s\S]*$`, ""), "\"'` \t\r\n;,&([{")

_hash_name := `(?i)(^|[^A-Za-z0-9])(hashed|hash|sha[0-9]*|md5|digest|checksum|etag|fingerprint)[_.-][A-Za-z0-9_.-]*$`

_identifier_key_name := `(?i)(^|[^A-Za-z0-9]|[_.-])(idempotency|idempotent|idem|cache|caching|dedup|dedupe|deduplication|lock|mutex|partition|sort|sorting|primary|foreign|composite|natural|surrogate|unique|lookup|hash|range|row|shard|shards|bucket|group|grouping|object|entity|resource|record|item|index|map|dict|event|message|msg|request|req|trace|correlation|job|task|queue|i18n|translation|locale|label|public|pub|verify|verification|verifying|publishable|site|state|config|setting|settings|field|column|table|cursor|page|pagination|sequence|build|artifact|react|list|query|metric|feature|flag|experiment|attribute|pool|topic|channel|rate|ratelimit|throttle)[_.-]?key$`

_strong_secret_name := `(?i)pass|pwd|secret|token|private|priv|hmac|encryption|signing|master|api`

_credential_name := `(?i)pass|pwd|secret|token|api|private|priv|credential|cred|auth|bearer|session|cookie|hmac|jwt|encrypt|crypt|cipher|master|signing|license|admin|client|access|account|webhook|service|deploy|database|dsn|(^|[^A-Za-z])(aes|app|write|ssh|sk|root|db|pw)([^A-Za-z]|$)`

# the value (after the first =, :, := or =>) is a placeholder or a development default:
# REPLACE_ME, dummy, <your-token>, ${SECRET}, {{ .Values.x }}, your_api_key_here, sk-...,
# dev-secret-change-me, POSTGRES_PASSWORD: postgres
_placeholder_in(m) if {
	v := _assigned_value(m)
	regex.match(_placeholder_words, v)
}

_placeholder_in(m) if {
	v := lower(_assigned_value(m))
	v in _dev_defaults
}

_placeholder_in(m) if {
	v := lower(_assigned_value(m))
	v in _famous_passwords
}

# the proverbial example passwords (as the facts layer's _FAMOUS_PASSWORDS): on every list of
# the most common passwords and in every tutorial (`password='hunter2'`, `password123`,
# Java's keystore default `changeit`), so no secret even where a real one would be
_famous_passwords := {
	"hunter2", "hunter22", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssw0rd1",
	"p@ssword", "p@55w0rd", "abc123", "abcd1234", "qwerty", "qwerty123", "qwertyuiop", "letmein", "letmein1", "letmein123",
	"secret123", "admin123", "admin1234", "test123", "test1234", "pass123", "pass1234", "welcome", "welcome1",
	"welcome123", "changeme1", "changeme123", "changeit", "trustno1", "iloveyou", "iloveyou1", "correcthorse1",
	"correcthorsebatterystaple", "123456", "1234567", "12345678", "123456789", "1234567890", "toor", "monkey", "dragon",
	"opensesame", "swordfish", "mypassword", "supersecret", "topsecret", "secretpassword", "rootroot", "adminadmin",
}

_assigned_value(m) := trim(regex.replace(m, `^[^=:]*(=>|:=|=|:)[ \t]*`, ""), "\"'` \t\r\n;,&")

_placeholder_words := `(?i)example|x{3,}|changeme|change[_-]me|dummy|placeholder|redacted|replace|your[_-]|^your|fake|insert[_-]|todo|lorem|insecure|^test|[_-]test([_-]|$)|dev[_-]only|not[_-]?a?[_-]?secret|<|>|\.\.\.|\*\*\*|\$\{|\{\{|^\$[A-Za-z_]|^%[A-Za-z_(]`

_dev_defaults := {"postgres", "root", "admin", "test", "dev", "mysql", "guest", "user", "pass", "password", "secret", "redis", "mongo", "demo", "local", "development", "testing", "foobar", "foo", "bar", "s3cr3t", "letmein", "default"}

# placeholder(value): a placeholder or a development default (`changeme`, `<your-token>`,
# `test-api-key`, `postgres`)
placeholder(value) if regex.match(_placeholder_words, value)

placeholder(value) if lower(value) in _dev_defaults

# A `NAME=VALUE` setting that is visibly no secret (read by secrets_access for dotenv writes
# and by output_redaction for the lines of a secret file it may show): NAME says no secret
# and VALUE is a plain literal — a number, a word, a host, a path, a URL without a user part;
# no `$`, quote or substitution, no run of 6+ letters and digits that mixes digits in or
# changes case inside (a generated password or key).
setting_names_a_secret(name) if regex.match(_secret_setting_re, lower(name))

_secret_setting_re := `(token|secret|passw|pwd|passphrase|(^|_)pass($|_)|key|cred|auth|private|cert|salt|sign|session|cookie|jwt|dsn|(^|_)sas($|_)|otp|(^|_)pin($|_)|seed|mnemonic|webhook|bearer|license|hash)`

plain_value(v) if {
	regex.match(`^[A-Za-z0-9_.,:/ +*=-]*$`, v)
	every run in regex.find_n(`[A-Za-z0-9]{6,}`, v, -1) {
		not _random_looking(run)
	}
}

_random_looking(run) if {
	regex.match(`[0-9]`, run)
	regex.match(`[A-Za-z]`, run)
}

_random_looking(run) if regex.match(`[a-z][A-Z]|[A-Z]{2}[a-z]`, run)

_has_digit_if_needed(name, _) if not name in _digit_checked

_has_digit_if_needed(name, m) if {
	name in _digit_checked
	regex.match(`[=:][ \t]*["']?[^ \t]*[0-9]`, m)
}

_placeholder_value := `(?i)[=:][ \t]*["']?(true|false|null|none|nil|yes|no|on|off|undefined|required|optional|string|str|changeme|change_me|example|placeholder|redacted|secret|password|x{3,}|\*{3,}|\.{3,}|(process\.env|import\.meta\.env|os\.environ|env|settings|config)\.[A-Za-z_][A-Za-z0-9_.]*)["' \t\r\n;,&\x60!]*$`

# redact(text): `text` with every secret value replaced by a label naming its kind
# ([REDACTED AWS KEY]); assignments keep their key (password=[REDACTED]); extra
# patterns from data become [REDACTED]. Sequential, not nested (regorus parses deeply
# nested calls slowly).
redact(text) := out if {
	t00 := regex.replace(text, _example_token, concat("", [_example_mark, "$0"]))
	t0 := regex.replace(t00, _public_examples, concat("", [_example_mark, "${1}${3}", _example_mark, "${2}${4}"]))
	t1 := _redact_private_keys(t0)
	t2 := regex.replace(t1, token_patterns["AWS access key ID"], "[REDACTED AWS KEY]")
	t3 := regex.replace(t2, `(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}`, "[REDACTED GITHUB TOKEN]")
	t4 := regex.replace(t3, token_patterns["Slack token"], "[REDACTED SLACK TOKEN]")
	t5 := regex.replace(t4, token_patterns["Google API key"], "[REDACTED GOOGLE KEY]")
	t6 := regex.replace(t5, token_patterns["Stripe secret key"], "[REDACTED STRIPE KEY]")
	t7 := regex.replace(t6, token_patterns["Anthropic API key"], "[REDACTED ANTHROPIC KEY]")
	t8 := regex.replace(t7, token_patterns["OpenAI API key"], "[REDACTED OPENAI KEY]")
	t9 := regex.replace(t8, `("private_key_id"[ \t]*:[ \t]*")[a-f0-9]{40}"`, `${1}[REDACTED]"`)
	t10 := regex.replace(t9, token_patterns["GitLab token"], "[REDACTED GITLAB TOKEN]")
	t11 := _redact_group(_redact_group(_redact_group(_redact_group(_redact_group(_redact_group(t10, 0), 1), 2), 3), 4), 5)
	t12 := regex.replace(t11, token_patterns["JSON Web Token"], "[REDACTED JWT]")
	t13 := _redact_urls(t12)
	t14a := regex.replace(t13, `(?i)(authorization["']?[ \t]*[:=][ \t]*["'\[]?[ \t]*(bearer|basic|token|digest)([ \t]+|%20))[A-Za-z0-9._~+/=-]{16,}`, "${1}[REDACTED]")
	t14 := regex.replace(t14a, `(?i)(authorization["']?[ \t]*[:=][ \t]*["'\[]?[ \t]*basic([ \t]+|%20))[A-Za-z0-9+/]{8,}={0,2}`, "${1}[REDACTED]")
	t15 := regex.replace(t14, `((AccountKey|SharedAccessKey)=)[A-Za-z0-9+/=]{20,}`, "${1}[REDACTED]")
	t16 := regex.replace(t15, `(?i)((^|[ \t'"])(-u|--user|--password|--pass|-p)[ \t=]+[^ \t\r\n:'"$<>]+:)[^ \t\r\n'"$<>@]{6,}`, "${1}[REDACTED]")
	t17 := _redact_log_credentials(t16)
	out := replace(_redact_assignments(_redact_extra(t17)), _example_mark, "")
}

# Credentials services print in their logs without a name the patterns above know (only
# redacted, never a reason to refuse a prompt): a bearer token wherever it stands (an access
# log's `auth header: Bearer …`, a header map), the values of a Cookie or Set-Cookie header
# (session cookies), and an AWS secret key after the word secret in a stack trace.
_redact_log_credentials(text) := _redact_aws_prose(_redact_cookies(_redact_bearer(text)))

# `Bearer <token>`: 16+ token characters holding a digit (not `Bearer authentication`)
_redact_bearer(text) := strings.replace_n(
	{m: r |
		some m in regex.find_n(`(?i)\bbearer[ \t]+[A-Za-z0-9._~+/-]*[0-9][A-Za-z0-9._~+/-]*=*`, text, 64)
		count(regex.replace(m, `(?i)^bearer[ \t]+`, "")) >= 16
		r := regex.replace(m, `(?i)^(bearer[ \t]+).*$`, "${1}[REDACTED]")
	},
	text,
) if {
	contains(lower(text), "bearer")
} else := text

# `Cookie: session=…; user=…`, `Set-Cookie: sid=…; Path=/`: each value of 16+ token characters
# (a session id), not `theme=dark` or `Max-Age=3600`
_redact_cookies(text) := strings.replace_n(
	{m: r |
		some m in regex.find_n(`(?i)\b(set-)?cookie["']?[ \t]*[:=][ \t]*["'\[]?[^\r\n"'\]]+`, text, 32)
		r := regex.replace(m, `([A-Za-z0-9_.-]+=)[A-Za-z0-9%._~+/-]{16,}={0,2}`, "${1}[REDACTED]")
		r != m
	},
	text,
) if {
	contains(lower(text), "cookie")
} else := text

# `secret wJalr…` (40 base64 characters after the word secret): an AWS secret access key
_redact_aws_prose(text) := regex.replace(
	text,
	`(?i)(\bsecret([ _-]?access)?([ _-]?key)?[ \t"'=:]{1,4})[A-Za-z0-9/+]{40}([^A-Za-z0-9/+=]|$)`,
	"${1}[REDACTED]${4}",
) if {
	contains(lower(text), "secret")
} else := text

# scheme://user:pass@host, unless every such URL is a local development default
_redact_urls(text) := regex.replace(text, `([A-Za-z][A-Za-z0-9+.-]{1,20}://[^ \t\r\n/:@<>${}*'"]*:)[^ \t\r\n/@<>${}*'"]+(@[A-Za-z0-9\[])`, "${1}[REDACTED]${2}") if {
	_found("credentials in a URL", "", text)
} else := text

# every other token kind, a few alternations at a time (one alternation of all of them
# would exceed the engine's compiled-regex size limit)
_other_keys := sort([k | some k, _ in token_patterns; not k in _labelled])

_other_group(i) := concat("|", [sprintf("(?:%s)", [token_patterns[k]]) | some k in array.slice(_other_keys, i * 8, (i + 1) * 8)])

_redact_group(text, i) := regex.replace(text, _other_group(i), "[REDACTED TOKEN]") if {
	count(_other_keys) > i * 8
} else := text

_labelled := {
	"AWS access key ID", "GitHub token", "GitHub fine-grained token", "Slack token", "Google API key",
	"Stripe secret key", "Anthropic API key", "OpenAI API key", "GCP service account key", "GitLab token",
	"JSON Web Token", "credentials in a URL", "authorization header", "Azure storage key", "private key",
	"credentials on a command line",
}

_redact_extra(text) := regex.replace(text, alternation, "[REDACTED]") if {
	count(extra_patterns) > 0
	alternation := concat("|", [sprintf("(?:%s)", [p]) | some p in extra_patterns])
} else := text

# a whole PEM block, or from its BEGIN line to the end of the text when it was cut; a
# block has a body (a run of 24 base64 characters, more than any word of prose): a quoted header alone, or one with
# `...` for its body, is documentation, not a key
_redact_private_keys(text) := regex.replace(
	text,
	`-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----([^-]|-[^-])*[A-Za-z0-9+/]{24}[^-]*(-----END [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----)?`,
	"[REDACTED PRIVATE KEY]",
)

# only the real assignments (not `manage_master_user_password = true`, `password: REPLACE_ME`
# or `API_KEY=changeme` next to a real one): each matched assignment whose value is
# real is redacted in place; if the redaction leaves one unchanged, the whole text is
# redacted as before
_redact_assignments(text) := strings.replace_n(_fixes, text) if {
	_fixes := {m: r |
		some m in _real_assignments(text)
		r := _redact_assignments_now(m)
	}
	count(_fixes) > 0
	every m, r in _fixes {
		m != r
	}
} else := _redact_assignments_now(text) if {
	count(_real_assignments(text)) > 0
} else := text

_real_assignments(text) := {m |
	some kind, pattern in assignment_patterns
	some m in regex.find_n(pattern, text, -1)
	_real_value(kind, m)
}

_redact_assignments_now(text) := regex.replace(
	regex.replace(
		_redact_generic(_redact_yaml(text)),
		`(?i)((password|passwd|secret|secret_key|api_key|apikey|access_token|auth_token|client_secret|aws_secret_access_key)["' \t]*[=:][ \t]*["']?)[^ \t\r\n"'<>$*{}()\[\],;\x60]{4,}(["' \t\r\n;,&\x60]|$)`,
		"${1}[REDACTED]${3}",
	),
	`(?i)("(password|passwd|secret|api_key|apikey|access_token|auth_token|client_secret|auth|token|private_key)"[ \t]*:[ \t]*")[^"]{4,}"`,
	`${1}[REDACTED]"`,
)

_redact_yaml(text) := regex.replace(
	text,
	`(?im)(^[ \t-]*([A-Za-z0-9_]*_)?(password|passwd|secret|secret_key|api_key|apikey|access_token|auth_token|client_secret|private_key|token)[ \t]*:[ \t]*["']?)[^ \t\r\n"'<>$*{}()\[\]]{4,}`,
	"${1}[REDACTED]",
)

# NAME_TOKEN=value, ADMIN_KEY: value, password: value (a value with a digit, 12+ chars
# for tokens, 8+ after password:)
_redact_generic(text) := regex.replace(
	regex.replace(
		text,
		`(?i)((^|[^A-Za-z0-9_])[A-Za-z0-9_]*(token|api_?key|access_?key|admin_?key|secret_?key|private_?key|auth_?key|signing_?key|master_?key|_key|_secret|_dsn|_pat|_pwd|_pass)["']?[ \t]*[=:][ \t]*["']?)([A-Za-z0-9_./+=~:\x{00AD}\x{200B}-\x{200D}\x{2060}\x{FEFF}-]*[0-9][A-Za-z0-9_./+=~:\x{00AD}\x{200B}-\x{200D}\x{2060}\x{FEFF}-]*)`,
		"${1}[REDACTED]",
	),
	`(?i)((^|[^A-Za-z0-9_])(password|passwd|pwd)[ \t]*:[ \t]*["']?)[^ \t\r\n"'<>$*{}()\[\],;\x60]*[0-9][^ \t\r\n"'<>$*{}()\[\],;\x60]*`,
	"${1}[REDACTED]",
)
