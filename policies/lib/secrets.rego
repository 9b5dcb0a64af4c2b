# METADATA
# title: Secret patterns
# description: >-
#   Regular expressions for credentials in text (prompts, tool output). Linear
#   patterns only (no nested quantifiers) and ASCII classes (regorus and OPA differ
#   on Unicode \d \w).
package claude_rego.lib.secrets

import rego.v1

patterns := {
	"AWS access key ID": `(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`,
	"AWS secret access key": `(?i)aws_secret_access_key["' ]*[:=]["' ]*[A-Za-z0-9/+=]{40}`,
	"GCP service account key": `"private_key_id"[ ]*:[ ]*"[a-f0-9]{40}"`,
	"Google API key": `AIza[0-9A-Za-z_-]{35}`,
	"GitHub token": `(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}`,
	"GitHub fine-grained token": `github_pat_[A-Za-z0-9_]{22,}`,
	"Slack token": `xox[abposr]-[A-Za-z0-9-]{10,}`,
	"private key": `-----BEGIN ([A-Z]+ )?PRIVATE KEY-----`,
	"password assignment": `(?i)(password|passwd|pwd|secret|api_key|apikey|token)[ ]*[=:][ ]*[^ \t\r\n"']{6,}`,
}

found(text) := {name | some name, pattern in patterns; regex.match(pattern, text)}

redact(text) := out if {
	out := regex.replace(
		regex.replace(
			regex.replace(
				regex.replace(
					regex.replace(
						regex.replace(text, `-----BEGIN ([A-Z]+ )?PRIVATE KEY-----[A-Za-z0-9+/=\s]*(-----END ([A-Z]+ )?PRIVATE KEY-----)?`, "[REDACTED PRIVATE KEY]"),
						`(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`, "[REDACTED AWS KEY]",
					),
					`(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,}`, "[REDACTED GITHUB TOKEN]",
				),
				`xox[abposr]-[A-Za-z0-9-]{10,}`, "[REDACTED SLACK TOKEN]",
			),
			`AIza[0-9A-Za-z_-]{35}`, "[REDACTED GOOGLE KEY]",
		),
		`(?i)((password|passwd|pwd|secret|api_key|apikey|token|aws_secret_access_key)["' ]*[=:]["' ]*)[^ \t\r\n"'\[]{6,}`, "${1}[REDACTED]",
	)
}
