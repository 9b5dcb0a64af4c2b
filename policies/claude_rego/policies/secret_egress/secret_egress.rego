# METADATA
# title: Secrets leaving through non-shell tools
# description: >-
#   Denies an MCP, unknown or web tool call whose input carries secret material (a
#   private key block, a provider token, an AWS key, .pgpass or kubeconfig credentials,
#   terraform sensitive values): creating a gist, posting a chat message, pushing a
#   file through an API, a WebFetch/WebSearch with a token in the URL or query. When
#   only a random-looking value assigned to a secret name is seen (the generic rule),
#   it asks. Findings come from input.facts.secrets.tool_input. Built-in file tools
#   (Write, Edit) keep secret material inside the project and are not judged here;
#   shell commands are judged by exfiltration.
# custom:
#   severity: high
#   rationale: >-
#     A tool that talks to a remote service sends its input off the machine: a key in a
#     gist body or a chat message is leaked as surely as by curl. The effect, not the
#     tool's name, decides.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.secret_egress

import rego.v1

# tools whose input stays on the machine (or is judged by another policy)
_local_classes := {"shell", "file-read", "file-write", "agent"}

_found := [f |
	not input.facts.tool.class in _local_classes
	some f in object.get(object.get(input.facts, "secrets", {}), "tool_input", [])
]

_known := {f.kind | some f in _found; not f.generic}

_generic := {f.kind | some f in _found; f.generic}

deny contains msg if {
	count(_known) > 0
	msg := sprintf("`%s` would send secret material off the machine (%s). Do not pass credentials to remote tools; reference them by name and let the user supply them.", [input.facts.tool.name, concat(", ", sort(_known))])
}

ask contains msg if {
	count(_known) == 0
	count(_generic) > 0
	msg := sprintf("`%s`'s input assigns a random-looking value to a secret name (%s); it may be a real credential leaving the machine.", [input.facts.tool.name, concat(", ", sort(_generic))])
}
