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
import data.claude_rego.lib.secrets
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

# an MCP or unknown tool that searches, packs or copies a directory tree (a
# get_file_contents of "/" in a GitHub server is a repository path, not a local read)
_recursive_read(p) if {
	p.source == "tool_input"
	not input.facts.tool.class in {"shell", "file-read", "file-write"}
	object.get(p, "access", "read") in {"read", "unknown"}
	regex.match(`(?i)(search|grep|scan|index|archive|zip|tar|backup|sync|upload|copy|export|dump|tree)`, input.facts.tool.name)
}

_recursive_read(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	_recursive_reader(seg)
}

_recursive_reader(seg) if shell.runs_any(seg, {"rg", "ag", "ack", "tar", "bsdtar", "zip", "7z", "7za", "rsync", "scp", "git-grep", "rclone", "restic", "borg", "duplicity", "croc", "magic-wormhole", "wormhole"})

# cloud copies of a tree: aws s3 sync / cp --recursive, gsutil cp -r / rsync, azcopy
_recursive_reader(seg) if {
	shell.runs(seg, "aws")
	"s3" in shell.args(seg)
	some a in shell.args(seg)
	a in {"sync", "--recursive"}
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"gsutil", "gcloud", "azcopy"})
	some a in shell.args(seg)
	a in {"rsync", "-r", "-R", "--recursive", "sync"}
}

# file servers publish a whole directory: python -m http.server --directory ~, php -S -t ~,
# npx http-server ~, busybox httpd -h ~, ngrok http file://$HOME
_recursive_reader(seg) if shell.runs_any(seg, {"http-server", "serve", "httpd", "caddy", "miniserve", "darkhttpd", "webfsd"})

_recursive_reader(seg) if {
	shell.runs_any(seg, {"npx", "bunx", "pnpx", "pnpm", "yarn"})
	some a in shell.args(seg)
	a in {"http-server", "serve", "live-server", "static-server"}
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"php", "ruby"})
	some a in shell.args(seg)
	a in {"-S", "-t", "-run", "httpd"}
}

_recursive_reader(seg) if {
	_interpreter(shell.name(seg))
	some a in shell.args(seg)
	a in {"http.server", "SimpleHTTPServer"}
}

# file:// URLs given to any command (ngrok http file://$HOME): the directory they name
deny contains msg if {
	some seg in segments
	some arg in shell.args(seg)
	startswith(lower(arg), "file://")
	p := paths.location(seg, shell.expand(seg, substring(arg, 7, -1)))
	_secret_or_holds(p)
	msg := sprintf("Blocked: `%s` exposes `%s`, which is or holds secret files (credentials or keys). %s", [shell.name(seg), arg, instead])
}

_secret_or_holds(p) if paths.is_secret(p)

_secret_or_holds(p) if paths.holds_secret(p)

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
	p := paths.location(seg, shell.expand(seg, piece))
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
credential_commands := settings.value("credential_commands")

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

# docker-credential-desktop get, docker-credential-osxkeychain get, git-credential-store get, …
deny contains msg if {
	some seg in segments
	n := shell.name(seg)
	some prefix in {"docker-credential-", "git-credential-"}
	startswith(n, prefix)
	some word in {"get", "list"}
	word in shell.args(seg)
	msg := sprintf("Blocked: `%s` prints stored credentials; they must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# git/npm/yarn/pnpm config reads of tokens and credentials (git config --get-regexp token,
# npm config get //registry.npmjs.org/:_authToken)
deny contains msg if {
	some seg in shell.running({"git", "npm", "yarn", "pnpm", "pip", "pip3", "poetry", "composer"})
	"config" in shell.args(seg)
	some arg in shell.args(seg)
	regex.match(`(?i)(token|password|passwd|credential|secret|_auth)`, arg)
	not _sets_helper_only(seg)
	msg := sprintf("Blocked: `%s` reads a credential from the tool's configuration; it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# `git config credential.helper store` etc. configure, they do not print
_sets_helper_only(seg) if {
	some arg in shell.args(seg)
	endswith(lower(arg), "credential.helper")
	count(shell.operands(seg)) >= 3
}

# Cloud instance metadata endpoints hand out the machine's credentials (IMDS, GCP,
# Azure, Alibaba, ECS task roles): by any tool (curl, wget, WebFetch, an MCP fetch).
metadata_hosts := {
	"169.254.169.254", "metadata.google.internal", "metadata.goog", "fd00:ec2::254", "[fd00:ec2::254]",
	"100.100.100.200", "169.254.170.2", "metadata.azure.com", "169.254.169.253",
	# other spellings of 169.254.169.254 (hex, decimal, octal, IPv4-mapped IPv6)
	"0xa9fea9fe", "2852039166", "0251.0376.0251.0376", "0xa9.0xfe.0xa9.0xfe", "169.254.43518", "a9fe:a9fe",
}

deny contains msg if {
	some seg in segments
	some arg in shell.args(seg)
	regex.match(_metadata_re, arg)
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [concat(" ", seg.argv), instead])
}

deny contains msg if {
	some net in input.facts.effects.network
	_metadata_url(net)
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [net.url, instead])
}

# one match per word rather than one test per host
_metadata_re := concat("", ["(?i)(", concat("|", [replace(replace(replace(h, ".", "\\."), "[", "\\["), "]", "\\]") | some h in metadata_hosts]), ")"])

_metadata_url(net) if net.host in metadata_hosts

_metadata_url(net) if {
	some host in metadata_hosts
	contains(lower(net.url), host)
}

# Variables that name a credential file: cat $AWS_SHARED_CREDENTIALS_FILE, "$KUBECONFIG"
credential_file_vars := {
	"AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "KUBECONFIG", "GOOGLE_APPLICATION_CREDENTIALS",
	"DOCKER_CONFIG", "NETRC", "PGPASSFILE", "CLOUDSDK_CONFIG", "GH_CONFIG_DIR", "AZURE_CONFIG_DIR",
	"GNUPGHOME", "PASSWORD_STORE_DIR", "VAULT_CONFIG_PATH", "NPM_CONFIG_USERCONFIG", "GIT_ASKPASS",
	"SSH_AUTH_SOCK", "TF_CLI_CONFIG_FILE", "MYSQL_PWD_FILE",
}

deny contains msg if {
	some seg in segments
	not paths.names_only(seg.id)
	some raw in shell.raw_args(seg)
	contains(raw, "$")
	some var in credential_file_vars
	_references(raw, var)
	msg := sprintf("Blocked: `%s` reads the credential file that $%s names; its contents must not reach the model. %s", [concat(" ", seg.argv), var, instead])
}

# Printing a variable whose name says it holds a secret (echo $ANTHROPIC_API_KEY,
# printenv GITHUB_TOKEN); using one (curl -H "Authorization: Bearer $TOKEN") is fine.
secret_var_re := `(?i)(^|_)(token|secret|password|passwd|pwd|pass|api_?key|access_?key|private_?key|secret_?key|credentials?|auth_?token|session_?token)(_base)?$`

deny contains msg if {
	some seg in shell.running({"echo", "printf", "print"})
	some raw in shell.raw_args(seg)
	some ref in regex.find_n(`\$\{?[A-Za-z_][A-Za-z0-9_]*`, raw, 8)
	var := trim_left(trim_prefix(ref, "$"), "{")
	regex.match(secret_var_re, var)
	msg := sprintf("Blocked: `%s` prints $%s, which holds a secret; it must not reach the model. Check that it is set with `test -n \"$%s\"` instead.", [concat(" ", seg.argv), var, var])
}

deny contains msg if {
	some seg in shell.running({"printenv"})
	some var in shell.operands(seg)
	regex.match(secret_var_re, var)
	msg := sprintf("Blocked: `%s` prints $%s, which holds a secret; it must not reach the model. Check that it is set with `test -n \"$%s\"` instead.", [concat(" ", seg.argv), var, var])
}

# Dumping the whole environment (env, printenv, export -p, set, declare -x, ps e): it
# holds the session's tokens. Asked, not denied: it is also a debugging habit.
ask contains msg if {
	some seg in segments
	_dumps_environment(seg)
	msg := sprintf("`%s` prints every environment variable, including API keys and tokens, into the model's context. Approve only if the environment holds no secrets, or print the variables you need by name.", [concat(" ", array.concat(seg.wrappers, seg.argv))])
}

_dumps_environment(seg) if {
	shell.runs_any(seg, {"env", "printenv"})
	count(shell.operands(seg)) == 0
	not _env_runs_command(seg)
}

_dumps_environment(seg) if {
	shell.runs_any(seg, {"export", "declare", "typeset"})
	shell.has_short_flag(seg, {"p", "x"})
	count(shell.operands(seg)) == 0
}

# a bare `env` (the parser strips env as a wrapper and leaves no command)
_dumps_environment(seg) if {
	seg.command == ""
	count(seg.argv) == 0
	some w in seg.wrappers
	lower(w) in {"env", "printenv"}
}

_dumps_environment(seg) if {
	shell.runs(seg, "set")
	count(shell.args(seg)) == 0
}

_dumps_environment(seg) if {
	shell.runs(seg, "ps")
	some arg in shell.args(seg)
	not startswith(arg, "-")
	contains(arg, "e")
}

_dumps_environment(seg) if {
	shell.runs(seg, "ps")
	"-E" in shell.args(seg)
}

# `env X=1 cmd` runs cmd (the parser strips env as a wrapper; a bare env remains)
_env_runs_command(seg) if {
	some arg in shell.args(seg)
	not contains(arg, "=")
	not startswith(arg, "-")
}

_references(raw, var) if contains(raw, concat("", ["$", var]))

_references(raw, var) if contains(raw, concat("", ["${", var]))

# Code handed to an interpreter (python -c, node -e, perl -e, ruby -e, php -r, …) that
# names a secret file: it reads it (and usually sends it somewhere).
deny contains msg if {
	some seg in segments
	_interpreter(shell.name(seg))
	some arg in shell.args(seg)
	count(arg) > 3
	regex.match(secret_mention_re, arg)
	msg := sprintf("Blocked: the code given to `%s` reads a secret file (credentials or keys); its contents must not reach the model or leave the machine. %s", [shell.name(seg), instead])
}

secret_mention_re := `(?i)(\.ssh/|\.aws/(credentials|config)|\.gnupg/|\.kube/config|\.docker/config\.json|\.netrc|\.npmrc|\.pypirc|\.pgpass|\.git-credentials|\.config/gh/hosts|\.config/gcloud|/etc/shadow|/proc/self/environ|/proc/[0-9]+/environ|\bid_(rsa|ed25519|ecdsa|dsa)\b|\.claude/\.credentials|["'/]\.env(\.[a-z]+)?["'])`

_interpreter(n) if n in {"python", "python2", "python3", "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "osascript", "pwsh", "powershell", "tclsh", "Rscript", "rscript", "julia", "groovy", "jshell"}

_interpreter(n) if regex.match(`^(python|pypy)[0-9.]*$`, n)

# A secret (token, key, password) in a URL a call fetches: WebFetch, an MCP fetch, curl
# or wget with the secret in the query or path sends it to that host.
deny contains msg if {
	some net in input.facts.effects.network
	kinds := secrets.found(_url_text(net.url))
	count(kinds) > 0
	msg := sprintf("Blocked: the URL this call fetches carries a secret (%s); it would be sent to %s. %s", [concat(", ", sort(kinds)), net.host, instead])
}

deny contains msg if {
	some seg in segments
	some arg in shell.args(seg)
	contains(arg, "://")
	kinds := secrets.found(_url_text(arg))
	count(kinds) > 0
	msg := sprintf("Blocked: `%s` sends a secret (%s) in a URL. %s", [shell.name(seg), concat(", ", sort(kinds)), instead])
}

# the common percent-escapes of a URL undone without urlquery.decode (which raises on a
# malformed escape): enough for the secret patterns to see PEM headers and key=value
_url_text(url) := strings.replace_n({"%20": " ", "+": " ", "%2D": "-", "%2d": "-", "%3D": "=", "%3d": "=", "%2F": "/", "%2f": "/"}, url)
