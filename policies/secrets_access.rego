# METADATA
# title: Secret files
# description: >-
#   Denies reading or writing secret files: .env files (not .env.example and friends),
#   private keys (id_rsa, *.pem, *.key, …), cloud and cluster credentials (~/.aws,
#   gcloud, ~/.kube/config, ~/.docker/config.json), .netrc, .npmrc, .pypirc,
#   .git/config — through file tools and through the shell (cat, less, cp, base64,
#   grep -r, redirects, …), by name and by where symlinks really lead.
# custom:
#   severity: critical
#   rationale: >-
#     Whatever the agent reads reaches the model provider and the transcript, and can be
#     exfiltrated by a prompt injection. Names are compared NFKC-casefolded (.ENV and
#     fullwidth look-alikes match) and both the written and the resolved path are
#     checked, so case, Unicode and symlink tricks do not help.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-read, file-write]
package claude_rego.policies.secrets_access

import data.claude_rego.lib.paths
import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.paths.touched
import data.claude_rego.lib.shell.segments
import rego.v1

deny contains msg if {
	some p in touched
	paths.is_secret(p)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. Ask the user for the specific non-secret value you need, or use a placeholder such as .env.example.", [p.raw])
}

# Bare file names in shell arguments (`base64 id_rsa`) that are not path-like enough to
# have path facts.
deny contains msg if {
	some seg in segments
	some arg in shell.operands(seg)
	name := lower(paths.base_name(arg))
	paths.is_secret_name(name)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. Ask the user for the specific non-secret value you need.", [arg])
}
