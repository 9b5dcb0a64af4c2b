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

instead := "Ask the user for the specific non-secret value you need, or use a placeholder such as .env.example."

deny contains msg if {
	some p in touched
	paths.is_secret(p)
	not _git_metadata_only(p)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. %s", [p.raw, instead])
}

# Words that are not path-like enough to have path facts (base64 id_rsa), or carry a
# path inside them (curl -F f=@.env, git show HEAD:.env, --include=.env*).
deny contains msg if {
	some use in _word_uses
	piece := use[0]
	seg := use[1]
	not paths.names_only(seg.id)
	not _git_metadata(seg)
	_secret_use(seg, piece)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. Ask the user for the specific non-secret value you need.", [piece])
}

# (piece, segment) pairs worth a look: from the facts layer's index of argument pieces,
# only pieces that name a secret or hold a path (one test per distinct piece, not one per
# segment × argument), else the direct pass over every argument
_word_uses contains [piece, data.claude_rego.lib.shell.segments[i]] if {
	some piece in _candidate_pieces
	some i in input.facts.shell.index.pieces[piece]
	not paths.names_only(i)
}

# distinct pieces that name a secret or hold a path, used by a segment that reads
_has_pieces if is_object(input.facts.shell.index.pieces)

_candidate_pieces contains piece if {
	_has_pieces
	some piece, ids in input.facts.shell.index.pieces
	_has_reader(ids)
	_candidate(piece)
}

_has_reader(ids) if {
	some i in ids
	not paths.names_only(i)
}

_word_uses contains [piece, seg] if {
	not _has_pieces
	some seg in segments
	some arg in shell.args(seg)
	not _plain_flag(arg)
	not contains(arg, "://")
	some piece in _pieces(arg)
	piece != ""
}

_candidate(piece) if contains(piece, "/")

# when every segment reads paths from the same directory and no link is made in the
# command, whether a piece names a secret does not depend on the segment: decided once
_secret_use(seg, piece) if {
	_uniform
	piece in _secret_pieces
}

_secret_use(seg, piece) if {
	not _uniform
	_secret_word(seg, piece)
}

_uniform if {
	data.claude_rego.lib.shell._no_cd
	not _links_in_command
}

_links_in_command if {
	some p in input.facts.paths
	p.link_in_command
}

_secret_pieces contains piece if {
	some piece in _candidate_pieces
	readers := [i | some i in input.facts.shell.index.pieces[piece]; not paths.names_only(i)]
	_secret_word(data.claude_rego.lib.shell.segments[readers[0]], piece)
}

_candidate(piece) if paths.secret_name(lower(shell.basename(piece)))

_candidate(piece) if paths.secret_glob(lower(shell.basename(piece)))

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
	some seg in shell.running(_credential_programs)
	some cmd in credential_commands
	shell.name(seg) == cmd[0]
	every word in array.slice(cmd, 1, count(cmd)) {
		word in shell.args(seg)
	}
	msg := sprintf("Blocked: `%s` prints a credential; it must not reach the model. %s", [concat(" ", seg.argv), instead])
}
