# METADATA
# title: Redact secrets in tool output
# description: >-
#   Replaces credentials (cloud, GitHub/GitLab, Slack, Stripe, OpenAI/Anthropic keys,
#   JWTs, private key blocks, credentials in URLs, password= / "secret": / YAML
#   password: assignments) in the output of ANY tool — Bash, BashOutput, Read, Grep,
#   WebFetch, MCP and unknown tools — before the model sees them, keeping the tool's own
#   output shape (every string of tool_response, at any depth). An output too long to
#   be scanned whole (longer than the hook input cap) is cut at the cap with a notice
#   instead of passing unscanned. The output of a call that reads a secret store or a
#   secret file (what secrets_access, credential_output or tool_actions refuse or ask about
#   as a secret read) is withheld whole, whatever its shape: it is the bare secret. Only
#   emitted when something matched, was cut or was withheld.
# custom:
#   severity: high
#   rationale: >-
#     Commands and tools print secrets (env, cat of a config, verbose logs, an MCP
#     server's response). Once in the model's context they can be repeated, committed or
#     exfiltrated; redacting them at the source keeps them on the machine. What was not
#     scanned is not shown: the tail of an over-long output is withheld, not trusted.
#     A failed call's output (PostToolUseFailure `error`) cannot be replaced by a hook:
#     when it holds a credential of a known format, the run is halted before that output
#     is sent to the model, and the user is told how to remove it.
#   routing:
#     events: [PostToolUse, PostToolUseFailure]
package claude_rego.policies.output_redaction

import data.claude_rego.lib.secrets
import data.claude_rego.lib.shell
import rego.v1

response := input.hook.tool_response

# the mark the hook input reader appends to a string it cut at the size cap
truncation_mark := "…[truncated by claude-rego]"

notice := "\n[claude-rego: the rest of this output was withheld: it was too long to scan for secrets. Narrow the command (head, grep, a line range) to see it.]"

# One JSON-patch operation per string of the response that changes: redacted, or cut
# at the cap (the tail was never scanned, so it is not shown).
_cleaned := [[path, text, clean] |
	walk(response, [path, text])
	is_string(text)
	clean := _clean_at(path, text)
	clean != text
]

_changes := [{"op": "replace", "path": _pointer(c[0]), "value": c[2]} | some c in _cleaned]

# The command printed a variable whose name says it holds a secret (printenv DB_PASS,
# echo "$API_SECRET"): its output is the bare value, which has no shape or name to find,
# so every line of the command's standard output is withheld.
_clean_at(path, text) := regex.replace(_clean(text), `(?m)^[ \t]*[^ \t\r\n].*$`, replace(_printed_notice, "$", "$$")) if {
	path == ["stdout"]
	count(printed_secret_vars) > 0
} else := _withheld(text) if {
	_reads_secret
	not _structural(path)
	regex.match(`[^ \t\r\n]`, text)
} else := _clean(text)

# A secret read's output, line by line: a `NAME=VALUE` setting that is visibly no secret (a
# test dotenv's `DATABASE_URL=sqlite:///test.db`, `API_KEY=test-api-key`) is shown, every
# other non-blank line (a bare value, JSON, YAML, a real assignment) is withheld; when
# nothing is shown, the notice alone; when every line is shown, the output is only redacted
# by shape like any other.
_withheld(text) := _clean(text) if {
	every line in split(text, "\n") {
		_shown_or_blank(line)
	}
} else := _withheld_notice if {
	every line in split(text, "\n") {
		not _shown_setting(line)
	}
} else := concat("\n", array.concat([_withheld_notice], [_withheld_line(line) | some line in split(text, "\n")]))

_withheld_line(line) := line if _shown_setting(line) else := "" if {
	not regex.match(`[^ \t\r\n]`, line)
} else := "[WITHHELD]"

# a setting (`NAME=VALUE`, `export NAME=VALUE`, YAML's `name: value`) whose value is a
# placeholder, or a plain literal under a name that is not a secret's
_shown_or_blank(line) if _shown_setting(line)

_shown_or_blank(line) if not regex.match(`[^ \t\r\n]`, line)

_shown_setting(line) if {
	some m in regex.find_all_string_submatch_n(`^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*[=:][ \t]*(.*?)[ \t\r]*$`, line, 1)
	_shown_value(m[1], trim(m[2], "\"'"))
}

_shown_value(_, value) if {
	value != ""
	secrets.placeholder(value)
}

_shown_value(name, value) if {
	not secrets.setting_names_a_secret(name)
	secrets.plain_value(value)
	_named_setting(name, value)
}

# an empty value shows a setting only under a variable's name (`DEBUG=`): a padded base64
# value (`c2VjcmV0…=`, `Z2hwX2F4…VA==`) reads as a name and an empty or `=` value too, and is
# the secret itself
_named_setting(_, value) if trim_right(value, "=") != ""

_named_setting(name, value) if {
	trim_right(value, "=") == ""
	regex.match(`^[A-Z][A-Z0-9_]{0,63}$`, name)
}

# The call that produced this output reads a secret store or a secret file — what the
# PreToolUse side refuses or asks about for the same call: a secret file read by any tool or
# command (secrets_access: `cat .env`, Read of `~/.ssh/id_rsa`, `kubectl get secret -o
# jsonpath=… | base64 -d`, `vault kv get -field=password`), a credential command's table
# (credential_output: `op read`, `pass show`, `bw get`, `security find-generic-password -w`,
# `doppler secrets get --plain`, `sops -d`) or its token-printing shape (`flyctl auth token`),
# a tool whose name says it reads secrets (tool_actions: `mcp__vault__read`,
# `mcp__1password__get_item`). Its output IS the secret, a bare value with no shape or name to
# find, so every string of it is withheld — also when the user approved the call (an ask) or
# the policy only monitors: approving a read lets it run, it does not put the value into the
# model's context. A listing tool (`list_secrets`, `search_*`) returns names and stays redacted
# by shape.
_reads_secret if {
	some msg in data.claude_rego.policies.secrets_access.deny
	not msg in data.claude_rego.policies.secrets_access.prints_secret_variable
}

_reads_secret if count(data.claude_rego.policies.credential_output.deny) > 0

_reads_secret if count(data.claude_rego.policies.credential_output.token_printers) > 0

_reads_secret if data.claude_rego.policies.tool_actions.reads_secret_values

# keys that describe the output rather than hold it (the Read tool's file path, a content
# block's type): kept, so the tool's output keeps its shape
_structural(path) if {
	count(path) > 0
	path[count(path) - 1] in {"type", "filePath", "file_path", "mimeType", "mime_type", "numLines", "startLine", "totalLines"}
}

_withheld_notice := "[claude-rego: withheld — this call reads a secret store or a secret file, so its output is the secret itself. Ask the user for the specific non-secret value you need.]"

_printed_notice := sprintf("[REDACTED: this command printed $%s, which holds a secret]", [concat(", $", sort([v | some v in printed_secret_vars]))])

secret_var_re := data.claude_rego.lib.secrets.secret_var_re

printed_secret_vars contains var if {
	input.hook.tool_name == "Bash"
	some seg in shell.running({"echo", "printf", "print"})
	_shown(seg)
	not _assigns_only(seg)
	some raw in shell.raw_args(seg)
	some ref in regex.find_n(`\$\{?[A-Za-z_][A-Za-z0-9_]*`, raw, 8)
	var := trim_left(trim_prefix(ref, "$"), "{")
	_secret_name(var)
}

printed_secret_vars contains var if {
	input.hook.tool_name == "Bash"
	some seg in shell.running({"printenv"})
	_shown(seg)
	some var in shell.operands(seg)
	_secret_name(var)
}

# printf -v NAME …: the text goes into a variable, not to the output
_assigns_only(seg) if {
	args := shell.raw_args(seg)
	count(args) > 0
	startswith(args[0], "-v")
}

_secret_name(var) if {
	regex.match(secret_var_re, var)
	not upper(var) in {"PWD", "OLDPWD"}
}

# its standard output reaches the tool's output: not discarded, not redirected into a
# file, not piped into another program
_shown(seg) if {
	not shell.stdout_discarded(seg)
	not _stdout_to_file(seg)
	not _piped_onward(seg)
}

_stdout_to_file(seg) if {
	some r in seg.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
	object.get(r, "fd", null) in {null, 1}
	not r.dup
	not r.target in {"/dev/stdout", "/dev/stderr", "/dev/tty"}
}

_piped_onward(seg) if {
	some other in data.claude_rego.lib.shell.segments
	shell.upstream(seg, other)
}

_clean(text) := concat("", [secrets.redact(_without_found(text)), notice]) if {
	endswith(text, truncation_mark)
} else := secrets.redact(_without_found(text))

# the secrets the facts found anywhere in the response (facts/secrets.py: .pgpass
# lines, kubeconfig data, terraform sensitive outputs, PuTTY keys, provider tokens,
# random-looking secret assignments), removed first and whole (no found value lies
# inside another, so the order of replacement cannot leave a part behind)
_found_values := {f.value: sprintf("[REDACTED %s]", [upper(f.kind)]) |
	some f in object.get(object.get(input.facts, "secrets", {}), "tool_response", [])
	is_string(f.value)
	f.value != ""
}

_without_found(text) := strings.replace_n(_found_values, text) if count(_found_values) > 0

else := text

# JSON pointer of a walk path (RFC 6901: ~ → ~0, / → ~1)
_pointer(path) := concat("", [concat("", ["/", _token(p)]) | some p in path])

_token(p) := replace(replace(p, "~", "~0"), "/", "~1") if is_string(p)

else := sprintf("%d", [p])

# the whole response with every change applied (merged onto the tool's own output, so
# fields that did not change keep their values and the shape stays the tool's)
replace_output contains patched if {
	count(_changes) > 0
	patched := json.patch(response, _changes)
}

context contains "claude-rego redacted secrets from this command's output; the real values stay on the machine." if {
	some c in _cleaned
	not _only_cut(c)
	not _reads_secret
}

# a string only cut at the cap (its visible part held nothing to redact): the notice says
# the end was withheld; the output is not said to have held secrets
_only_cut(c) if c[2] == concat("", [c[1], notice])

context contains "claude-rego withheld this output: the call reads a secret store or a secret file, so its output is the secret itself; the value stays on the machine." if {
	count(_changes) > 0
	_reads_secret
}

context contains "claude-rego withheld the end of this output: it was too long to scan for secrets." if {
	some change in _changes
	endswith(change.value, notice)
}

# A failed call's error text is shown to the model as it is: Claude Code lets no hook
# rewrite it. A credential of a known format in it (a token, a key, a connection string
# with a password; not a bare `password=` setting, which a failing test prints) stops the
# run before the next model request carries it.
halt contains msg if {
	input.hook.hook_event_name == "PostToolUseFailure"
	kinds := {f.kind | some f in input.facts.secrets.tool_response; f.generic == false}
	count(kinds) > 0
	msg := sprintf("claude-rego stopped the run: the error output of the failed `%s` call holds a secret (%s), and Claude Code does not let a hook redact a failed call's output. Remove that output from the conversation (rewind to before the call, or clear it) before continuing, and rotate the secret if it must not be seen.", [input.hook.tool_name, concat(", ", sort([k | some k in kinds]))])
}
