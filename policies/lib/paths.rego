# METADATA
# title: Path helpers
# description: >-
#   Helpers over input.facts.paths shared by the default pack: which paths a call
#   touches, which of them it writes, and the secret-file patterns. Names are
#   compared NFKC-casefolded (.ENV and look-alikes match .env).
package claude_rego.lib.paths

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

project := input.facts.project_dir

home := h if {
	h := input.facts.home
	is_string(h)
} else := "/nonexistent-home"

# parent(path): the directory above `path` ("/" above a top-level directory).
parent(path) := p if {
	trimmed := trim_right(path, "/")
	p := regex.replace(trimmed, `/[^/]*$`, "")
	p != ""
} else := "/"

under(path, dir) if path == dir

under(path, dir) if startswith(path, concat("", [trim_right(dir, "/"), "/"]))

# Every path the call touches, as path facts.
touched contains p if some p in input.facts.paths

# Paths the call writes: file-write tools' own paths, shell output redirects, and the
# destinations of commands that write files.
written contains p if {
	input.facts.tool.class == "file-write"
	some p in input.facts.paths
	p.source == "tool_input"
}

written contains p if {
	some p in input.facts.paths
	p.source == "redirect"
	p.field in {">", ">>", "&>", "&>>", ">|", "<>"}
}

written contains p if {
	some seg in shell.running({"cp", "mv", "install", "ln", "rsync", "scp"})
	args := shell.operands(seg)
	count(args) >= 2
	p := shell.path_of(seg, args[count(args) - 1])
}

written contains p if {
	some seg in shell.running({"tee", "truncate", "touch", "sed", "chmod", "chown"})
	some arg in shell.operands(seg)
	p := shell.path_of(seg, arg)
	seg_writes_in_place(seg)
}

seg_writes_in_place(seg) if not shell.runs(seg, "sed")

seg_writes_in_place(seg) if {
	shell.runs(seg, "sed")
	shell.has_short_flag(seg, {"i"})
}

# Secret files: names and locations (checked on the folded absolute and resolved paths).
secret_name_patterns := [
	`^\.env(\..*)?$`, `^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$`, `\.(pem|key|p12|pfx|jks|keystore|kdbx)$`,
	`^\.netrc$`, `^\.pgpass$`, `^\.npmrc$`, `^\.pypirc$`, `^credentials(\.json)?$`,
	`^service[-_]?account.*\.json$`, `^\.git-credentials$`, `^secrets?\.(ya?ml|json|toml)$`,
]

secret_dirs := ["~/.ssh", "~/.aws", "~/.config/gcloud", "~/.kube", "~/.gnupg", "~/.docker", "~/.azure"]

secret_files := ["~/.kube/config", "~/.docker/config.json", "~/.git-credentials"]

# One alternation, matched once per name: regorus compiles a regex on every call.
secret_name_regex := concat("|", [sprintf("(?:%s)", [pattern]) | some pattern in secret_name_patterns])

allowed_secret_names := {lower(n) | some n in settings.get("secret_file_allowlist", [])}

# is_secret_name(name): a lowercased base name that names a secret file.
is_secret_name(name) if {
	not name in allowed_secret_names
	regex.match(secret_name_regex, name)
	not endswith(name, ".pub")
}

is_secret(p) if {
	some name in {fold_name(p), resolved_name(p)}
	is_secret_name(name)
}

is_secret(p) if {
	some dir in secret_dirs
	some location in locations(p)
	under(location, lower(expand(dir)))
	not endswith(lower(p.name), ".pub")
	not endswith(location, "/known_hosts")
}

is_secret(p) if {
	some location in locations(p)
	endswith(location, "/.git/config")
}

# Both where the path says it is and where it really is (symlinks), folded.
locations(p) := {lower(p.absolute_folded), lower(p.resolved)}

fold_name(p) := lower(p.name_folded)

resolved_name(p) := lower(base_name(p.resolved))

# base_name(path): what follows the last "/" (the whole text when there is none).
base_name(path) := parts[count(parts) - 1] if parts := split(path, "/")

expand(path) := concat("", [home, substring(path, 1, -1)]) if startswith(path, "~/")

expand(path) := path if not startswith(path, "~/")
