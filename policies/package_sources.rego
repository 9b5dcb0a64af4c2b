# METADATA
# title: Packages and code from unvetted sources
# description: >-
#   Asks before installing or running packages that do not come from the default
#   registry by name: a URL, git or GitHub spec, tarball or wheel link (npm/pnpm/yarn/bun
#   install/add, npx/pnpx/bunx/uvx/pipx run/pnpm dlx/yarn dlx, pip/uv pip install, pip -r
#   URL, cargo install --git, gem --source, composer, cpanm, go run/install of a
#   remote module, deno/bun run URL), a custom index or registry (--index-url,
#   --extra-index-url, -i, --trusted-host, --registry, pip/npm config set), and
#   containers that get the host (docker run --privileged, -v / or the home directory).
# custom:
#   severity: high
#   rationale: >-
#     Installing a package runs its install scripts with the developer's rights; a
#     URL or git spec bypasses whatever review the registry name implies and is the
#     usual shape of a prompt-injection payload. Ordinary installs by name from the
#     default registry stay allowed. The check reads the raw words of the command, so
#     runner wrappers (npx -y, pipx run --spec) do not hide the source.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.package_sources

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

_installers := {"npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv", "pipx", "cargo", "gem", "composer", "cpanm", "cpan", "go", "deno", "poetry", "pdm", "conda", "mamba", "brew", "npx", "pnpx", "bunx", "uvx", "python", "python3"}

# the default registries: naming them explicitly is not a different source
_default_registries := {"https://pypi.org/simple", "https://pypi.org/simple/", "https://pypi.python.org/simple", "https://pypi.python.org/simple/", "https://registry.npmjs.org", "https://registry.npmjs.org/", "https://registry.yarnpkg.com", "https://registry.yarnpkg.com/", "https://rubygems.org", "https://rubygems.org/"}

_runners := {"npx", "pnpx", "bunx", "uvx", "pipx"}

_install_words := {"install", "i", "add", "ci", "dlx", "exec", "x", "run", "get", "require", "tap", "download", "sync", "upgrade", "update", "global", "specific_install"}

# a package spec that is not a registry name
remote_spec(w) if regex.match(`^(git\+|github:|gitlab:|bitbucket:|gist:|https?://|ftp://|file:|git://|ssh://)`, lower(w))

remote_spec(w) if regex.match(`^https?://.*\.(tgz|tar\.gz|zip|whl|gem|crate|phar)$`, lower(w))

_go_remote(w) if regex.match(`^[a-z0-9.-]+\.[a-z]{2,}/.+@`, lower(w))

_index_options := {"--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "--source", "-f", "--find-links", "--index", "--default-index", "--git"}

ask contains msg if {
	some seg in _package_segments
	some w in _words(seg)
	_remote_word(seg, w)
	msg := sprintf("`%s` installs or runs a package from `%s`, not from the default registry by name: its install scripts run unreviewed. Approve only if you trust that source.", [concat(" ", _raw(seg)), w])
}

_package_segments := array.concat(shell.running(_installers), [s | some s in data.claude_rego.lib.shell.with_wrappers; _package_tool(s)])

_words(seg) := [w | some w in _raw(seg)]

_raw(seg) := seg.raw_words if count(seg.raw_words) > 0 else := seg.argv

_package_tool(seg) if shell.name(seg) in _installers

_package_tool(seg) if {
	some w in seg.wrappers
	w in (_runners | {"npm", "pnpm", "yarn", "pipx", "uv"})
}

_remote_word(seg, w) if {
	remote_spec(w)
	not w in _default_registries
	_installs(seg)
	not _is_option_value_of_local(seg, w)
}

_remote_word(seg, w) if {
	some i, a in _raw(seg)
	a in _index_options
	_raw(seg)[i + 1] == w
	not w in _default_registries
	_installs(seg)
}

_remote_word(seg, w) if {
	some o in _index_options
	startswith(o, "--")
	startswith(w, concat("", [o, "="]))
	not substring(w, count(o) + 1, -1) in _default_registries
	_installs(seg)
}

# go run MODULE@VERSION builds and runs remote code in one step
_remote_word(seg, w) if {
	shell.name(seg) == "go"
	shell.args(seg)[0] == "run"
	_go_remote(w)
}

_installs(seg) if {
	some w in _raw(seg)
	w in _install_words
}

_installs(seg) if {
	some w in seg.wrappers
	w in _runners
}

_installs(seg) if shell.name(seg) in {"cpanm", "cpan"}

_is_option_value_of_local(seg, w) if {
	some i, a in _raw(seg)
	a in {"-o", "--output", "-C", "--prefix", "--cwd", "--dir", "-w", "--workspace", "--filter", "--name"}
	_raw(seg)[i + 1] == w
}

# deno run https://…, bun run https://…, node https://…
ask contains msg if {
	some seg in shell.running({"deno", "bun", "node", "ts-node", "tsx"})
	some w in shell.args(seg)
	regex.match(`^https?://`, w)
	msg := sprintf("`%s` runs code from `%s` directly. Download it, read it, then run it.", [concat(" ", seg.argv), w])
}

# pip config set global.index-url …, npm config set registry …
ask contains msg if {
	some seg in shell.running({"pip", "pip3", "npm", "pnpm", "yarn", "poetry", "uv"})
	"config" in shell.args(seg)
	some a in shell.args(seg)
	regex.match(`(?i)(index-url|registry|extra-index|trusted-host|source)`, a)
	some b in shell.args(seg)
	b in {"set", "add"}
	msg := sprintf("`%s` changes where packages come from for every later install. Approve only if you trust that source.", [concat(" ", seg.argv)])
}

# containers that get the host: --privileged, -v /:/…, -v ~:/…, the docker socket
ask contains msg if {
	some seg in shell.running({"docker", "podman", "nerdctl"})
	_runs_container(seg)
	why := _host_access(seg)
	msg := sprintf("`%s` gives the container %s. Approve only if you trust the image.", [concat(" ", seg.argv), why])
}

_runs_container(seg) if {
	some a in shell.args(seg)
	a in {"run", "create", "exec"}
}

_host_access(seg) := "full control of the host (--privileged)" if {
	some a in shell.args(seg)
	a in {"--privileged", "--pid=host", "--cap-add=ALL", "--cap-add=SYS_ADMIN"}
} else := "the host's root, home directory or docker socket" if {
	some i, a in shell.args(seg)
	a in {"-v", "--volume", "--mount"}
	_sensitive_mount(shell.args(seg)[i + 1])
} else := "the host's root, home directory or docker socket" if {
	some a in shell.args(seg)
	startswith(a, "--volume=")
	_sensitive_mount(substring(a, 9, -1))
}

_sensitive_mount(spec) if {
	source := split(spec, ":")[0]
	_sensitive_source(source)
}

_sensitive_mount(spec) if contains(spec, "docker.sock")

_sensitive_mount(spec) if regex.match(`(^|,)(source|src)=(/|~|/home/[^/,]+|/root)(,|$)`, spec)

_sensitive_source(s) if s in {"/", "~", "$HOME", "${HOME}", "/home", "/root", "/etc", "/var", "/usr"}

_sensitive_source(s) if {
	h := data.claude_rego.lib.shell.home
	trim_right(s, "/") == h
}
