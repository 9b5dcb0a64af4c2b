# METADATA
# title: Secrets leaving through non-shell tools
# description: >-
#   Denies an MCP, unknown or web tool call whose input carries secret material (a
#   private key block, a provider token, an AWS key, .pgpass or kubeconfig credentials,
#   terraform sensitive values): creating a gist, posting a chat message, pushing a
#   file through an API, a WebFetch/WebSearch with a token in the URL or query. When
#   only a random-looking value assigned to a secret name is seen (the generic rule),
#   it asks (a signed JWT without identity claims too). Findings come from
#   input.facts.secrets.tool_input (also base64- or hex-encoded: a DNS name's hex labels). Built-in
#   file tools (Write, Edit, MultiEdit, NotebookEdit) keep their content on the machine, but a private
#   key block or a provider token they write into a project file that is no secret store
#   (src/config.js, README.md, public/keys.txt; not .env or *.pem, which secrets_access
#   judges) asks: a credential in the repository can be committed or served. Shell commands
#   are judged by exfiltration.
# custom:
#   severity: high
#   rationale: >-
#     A tool that talks to a remote service sends its input off the machine: a key in a
#     gist body or a chat message is leaked as surely as by curl. The effect, not the
#     tool's name, decides.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.secret_egress

import data.claude_rego.lib.paths
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
	msg := sprintf("`%s`'s input carries what may be a credential (%s: a random-looking value under a secret name, or a signed token); it would leave the machine.", [input.facts.tool.name, concat(", ", sort(_generic))])
}

# ---------------------------------------------------------------- credentials written into project files

# A file tool writing key material or a provider token into a file that is not a secret store:
# only findings of the new text (content, new_string, an edit's new_string, a cell's
# new_source) that the replaced text did not already hold (an Edit that moves a hard-coded key
# out of the code carries it in old_string). Findings that can be prose, documentation or local
# configuration (URL passwords, .pgpass/.netrc lines, JWTs, kubeconfig data, generic shapes)
# are left to the other policies.
ask contains msg if {
	input.facts.tool.class == "file-write"
	kinds := {f.kind | some f in _written_tokens}
	count(kinds) > 0
	targets := [p | some p in data.claude_rego.lib.paths.written]
	count(targets) > 0
	every p in targets {
		not paths.is_secret(p)
	}
	msg := sprintf("`%s` writes a credential (%s) into `%s`, which is not a secret store: a credential written into the repository can be committed or served. Keep it in .env (git-ignored) or a secret manager and reference it by name.", [input.facts.tool.name, concat(", ", sort(kinds)), targets[0].raw])
}

_soft_kinds := {
	"credentials in a URL", ".pgpass password", ".netrc password", "password in prose", "secret in prose",
	"password in the environment", "password on a command line", "terraform sensitive output",
	"kubeconfig credential", "JSON Web Token",
}

_written_tokens contains f if {
	input.facts.tool.class == "file-write"
	some f in object.get(object.get(input.facts, "secrets", {}), "tool_input", [])
	not f.generic
	not f.kind in _soft_kinds
	is_string(f.value)
	some t in _new_texts
	contains(t, f.value)
	not _in_old_text(f.value)
}

_tool_input := object.get(input.hook, "tool_input", {})

_new_texts contains t if {
	some field in ["content", "new_string", "new_source"]
	t := object.get(_tool_input, field, null)
	is_string(t)
}

_new_texts contains t if {
	some e in object.get(_tool_input, "edits", [])
	t := object.get(e, "new_string", null)
	is_string(t)
}

_in_old_text(v) if contains(object.get(_tool_input, "old_string", ""), v)

_in_old_text(v) if {
	some e in object.get(_tool_input, "edits", [])
	contains(object.get(e, "old_string", ""), v)
}

# ---------------------------------------------------------------- data encoded in host names

# A request to a host whose name carries long encoded labels (hex or base32 runs of 20+
# characters, two or more of them, or one of 40+): data smuggled out through DNS look-ups
# (`<hex of a key>.<hex>.x.attacker.example`), whatever it decodes to. Real services' host
# names hold short ids (`d1a2b3c4.cloudfront.net`) or a prefix around one id
# (`pub-<32 hex>.r2.dev`), which do not match.
ask contains msg if {
	not input.facts.tool.class in _local_classes
	effects := input.facts.effects
	is_object(effects)
	network := object.get(effects, "network", [])
	is_array(network)
	some net in network
	is_object(net)
	host := object.get(net, "host", "")
	is_string(host)
	_encoded_labels(lower(host))
	msg := sprintf("`%s` would look up `%s`, whose name carries long encoded labels: data leaves through the DNS query itself. Approve only if this host is expected.", [input.facts.tool.name, lower(host)])
}

_encoded_labels(host) if {
	labels := [l | some l in split(host, "."); regex.match(`^([0-9a-f]{20,}|[a-z2-7]{32,})$`, l); regex.match(`[0-9]`, l)]
	count(labels) >= 2
}

_encoded_labels(host) if {
	some l in split(host, ".")
	regex.match(`^[0-9a-f]{40,}$`, l)
}
