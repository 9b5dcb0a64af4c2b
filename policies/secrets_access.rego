# METADATA
# title: Secret files
# description: >-
#   Denies reading or writing secret files: .env files (not .env.example and friends),
#   private keys (id_rsa, *.pem, *.key, …), cloud and cluster credentials (~/.aws,
#   gcloud, ~/.kube/config, ~/.docker/config.json, gh hosts.yml), .netrc, .npmrc,
#   .pypirc, .git/config — through file tools and through the shell (cat, less, cp,
#   base64, grep -r, redirects, curl -F @file, git show HEAD:.env, globs such as .e*),
#   by name and by where symlinks really lead; and commands whose job is to print a
#   credential (gcloud auth print-access-token, kubectl config view --raw, gh auth
#   token, …).
# custom:
#   severity: critical
#   rationale: >-
#     Whatever the agent reads reaches the model provider and the transcript, and can
#     be exfiltrated by a prompt injection; whatever it writes into a credential file
#     can hijack the developer's accounts. Names are compared NFKC-casefolded (.ENV and
#     fullwidth look-alikes match), both the written and the resolved path are checked
#     (symlinks), variables assigned in the same command and $HOME are expanded, shell
#     globs are tested against secret names, and words such as f=@.env or HEAD:.env are
#     split. Commands that only print names (echo .env >> .gitignore, ls) are not
#     reads.
#     Every tool is routed here, not only the file tools: what a call reads is taken
#     from its effects (any path field of any tool, MCP and unknown tools included,
#     globs matched against the secret locations), so a renamed tool or an MCP file
#     server cannot read what Read may not.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.secrets_access

import data.claude_rego.lib.paths
import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.paths.touched
import data.claude_rego.lib.shell.segments
import rego.v1

instead := "Ask the user for the specific non-secret value you need, or use a placeholder such as .env.example."

deny contains msg if {
	some p in touched
	paths.is_secret(p)
	not _git_metadata_only(p)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. %s", [p.raw, instead])
}

# A recursive read of a directory that holds secrets (Grep over ~/.config/gh, rg over
# ~, tar czf x.tgz ~/.config, an MCP search over ~).
deny contains msg if {
	some p in touched
	_recursive_read(p)
	not paths.is_secret(p)
	paths.holds_secret(p)
	msg := sprintf("Blocked: `%s` holds secret files (credentials or keys) and this call reads it recursively; their contents must not reach the model. Search a narrower directory. %s", [p.raw, instead])
}

_recursive_read(p) if {
	p.source == "tool_input"
	input.facts.tool.name == "Grep"
}

_recursive_read(p) if {
	p.source == "tool_input"
	not input.facts.tool.class in {"shell", "file-read", "file-write"}
	object.get(p, "access", "read") in {"read", "unknown"}
}

_recursive_read(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	_recursive_reader(seg)
}

_recursive_reader(seg) if shell.runs_any(seg, {"rg", "ag", "ack", "tar", "bsdtar", "zip", "7z", "7za", "rsync", "scp", "git-grep"})

_recursive_reader(seg) if {
	shell.runs_any(seg, {"grep", "egrep", "fgrep", "cp"})
	shell.has_short_flag(seg, {"r", "R", "a"})
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"grep", "egrep", "fgrep", "cp"})
	shell.has_arg(seg, {"--recursive", "--dereference-recursive", "--archive"})
}

# Words that are not path-like enough to have path facts (base64 id_rsa), or carry a
# path inside them (curl -F f=@.env, git show HEAD:.env, --include=.env*).
deny contains msg if {
	some seg in segments
	not paths.names_only(seg.id)
	not _git_metadata(seg)
	some arg in shell.args(seg)
	not _plain_flag(arg)
	not contains(arg, "://")
	some piece in _pieces(arg)
	piece != ""
	_secret_word(seg, piece)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. Ask the user for the specific non-secret value you need.", [piece])
}

# a flag such as -rf or --verbose carries no path; --include=.env* does
_plain_flag(arg) if {
	startswith(arg, "-")
	not contains(arg, "=")
}

# f=@.env → [f=@.env, f, .env]; HEAD:.env → [HEAD:.env, HEAD, .env]
_pieces(arg) := array.concat([arg], regex.split(`[=:@,]`, arg)) if regex.match(`[=:@,]`, arg) else := [arg]

_secret_word(_, piece) if paths.secret_name(lower(shell.basename(piece)))

_secret_word(_, piece) if paths.secret_glob(lower(shell.basename(piece)))

_secret_word(seg, piece) if {
	contains(piece, "/")
	p := paths.location(seg, piece)
	paths.is_secret(p)
}

# git check-ignore .env, git ls-files .env, git rm --cached .env: names, not contents
_git_metadata(seg) if {
	shell.runs(seg, "git")
	some sub in {"check-ignore", "ls-files", "status"}
	sub in shell.args(seg)
}

_git_metadata(seg) if {
	shell.runs(seg, "git")
	"rm" in shell.args(seg)
	"--cached" in shell.args(seg)
}

_git_metadata_only(p) if {
	p.source == "argument"
	_git_metadata(shell.by_id(p.segment))
}

# Commands whose purpose is to print a credential.
credential_commands := settings.get("credential_commands", [
	["kubectl", "config", "view", "--raw"], ["aws", "configure", "export-credentials"],
	["aws", "configure", "get", "aws_secret_access_key"], ["aws", "configure", "get", "aws_session_token"],
	["gcloud", "auth", "print-access-token"], ["gcloud", "auth", "print-identity-token"],
	["gcloud", "auth", "application-default", "print-access-token"], ["gh", "auth", "token"],
	["az", "account", "get-access-token"], ["security", "find-generic-password", "-w"],
	["security", "find-internet-password", "-w"], ["git", "credential", "fill"],
])

_credential_programs := {cmd[0] | some cmd in credential_commands}

deny contains msg if {
	some seg in segments
	shell.name(seg) in _credential_programs
	some cmd in credential_commands
	shell.name(seg) == cmd[0]
	every word in array.slice(cmd, 1, count(cmd)) {
		word in shell.args(seg)
	}
	msg := sprintf("Blocked: `%s` prints a credential; it must not reach the model. %s", [concat(" ", seg.argv), instead])
}
