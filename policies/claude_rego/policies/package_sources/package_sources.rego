# METADATA
# title: Packages and code from unvetted sources
# description: >-
#   Asks before installing or running packages that do not come from the default
#   registry by name: a URL, git or GitHub spec, tarball or wheel link (npm/pnpm/yarn/bun
#   install/add, npx/pnpx/bunx/uvx/pipx run/pnpm dlx/yarn dlx, pip/uv pip install, pip -r
#   URL, cargo install --git, gem --source, composer (also a dev- branch constraint), cpanm,
#   go run of a remote module (MODULE@VERSION) and go install of one run in the same command, deno/bun run URL), a custom index or registry (--index-url,
#   --extra-index-url, -i, --trusted-host, --registry, pip/npm config set, gem sources --add,
#   bundle config mirror.*, conda channel URLs, go env -w GOPROXY/GOSUMDB/…, composer
#   and poetry repositories, dotnet nuget sources, cargo --config source.*, npm pkg set
#   dependencies to a repository, go mod edit -replace, build settings or init scripts
#   from a temporary directory), other ecosystems' sources (luarocks, opam, conan, flatpak,
#   swift, raco, zig, stack, rye, maven/gradle/sbt repositories, inline R/Julia install calls),
#   cluster workloads that get the node (kubectl/helm overrides with privileged, hostPID,
#   hostNetwork, hostPath; kubectl debug node/…) and manifests or charts deployed from a URL.
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
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.package_sources

import data.claude_rego.lib.settings
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

_go_remote(w) if {
	regex.match(`^[a-z0-9.-]+\.[a-z]{2,}/.+@`, lower(w))
	not _trusted_go_module(w)
}

# A module of settings.trusted_go_modules, at or below one of its paths (session 32: `go run
# golang.org/x/vuln/cmd/govulncheck@latest ./...`, `go install golang.org/x/tools/cmd/goimports@latest
# && goimports -l .`): a well-known tool's own module, which the Go proxy serves by that path and
# the checksum database pins for everyone, as a registry serves a package by name; a released
# version or `latest` only (review: a commit or pseudo-version can name a fork's commit under the
# parent's path). `go run MOD@v ARGS` is also read as the program itself (facts), so the rules
# keyed on its name (a secret scanner over ~, a migration reset) still judge it. Not when the
# command points Go at another proxy, exempts modules from the checksum database or switches
# checks off (GOPROXY, GONOSUMDB, GOSUMDB, GOINSECURE, GOFLAGS, GOPRIVATE, … anywhere in it).
_trusted_go_module(w) if {
	path := lower(split(w, "@")[0])
	regex.match(`^(latest|v[0-9]+\.[0-9]+\.[0-9]+(-(alpha|beta|rc|pre)(\.?[0-9]+)*)?(\+incompatible)?)$`, split(w, "@")[1])
	regex.match(`^[a-z0-9._~/-]+$`, path)
	not contains(path, "..")
	not contains(path, "//")
	some m in settings.value("trusted_go_modules")
	_module_at_or_below(path, lower(m))
	not _go_fetch_settings_changed
}

_module_at_or_below(path, m) if path == m

_module_at_or_below(path, m) if startswith(path, concat("", [m, "/"]))

_go_fetch_settings_changed if {
	some seg in segments
	some word in seg.raw_words
	_go_fetch_setting(word)
}

_go_fetch_settings_changed if {
	some seg in segments
	some name, _ in seg.assignments
	_go_fetch_setting(name)
}

_go_fetch_setting(word) if regex.match(`GO(PROXY|NOSUMDB|NOSUMCHECK|SUMDB|INSECURE|FLAGS|PRIVATE|NOPROXY|VCS|AUTH)`, word)

_index_options := {"--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "--source", "-f", "--find-links", "--index", "--default-index", "--git"}

# (the words read once per segment, each with its position: the option before a word is a
# lookup, not a pass over the words for every word)
ask contains msg if {
	some seg in _package_segments
	raw := _raw(seg)
	some j, w in raw
	_remote_word(seg, raw, j, w)
	msg := sprintf("`%s` installs or runs a package from `%s`, not from the default registry by name: its install scripts run unreviewed. Approve only if you trust that source.", [concat(" ", raw), w])
}

_package_segments := array.concat(shell.running(_installers), [s | some s in data.claude_rego.lib.shell.with_wrappers; _package_tool(s)])

_raw(seg) := seg.raw_words if count(seg.raw_words) > 0 else := seg.argv

_package_tool(seg) if shell.name(seg) in _installers

_package_tool(seg) if {
	some w in seg.wrappers
	w in (_runners | {"npm", "pnpm", "yarn", "pipx", "uv"})
}

_remote_word(seg, _, j, w) if {
	regex.match(`[:+@]`, w) # every remote_spec has one: its three regexes skipped for the other words
	remote_spec(w)
	not w in _default_registries
	not _trusted_index_value(seg, w)
	_installs(seg)
	not _is_option_value_of_local(seg, w)
	not _program_argument(seg, j)
}

# a word after the package a runner runs is that program's argument, not a package source
# (session 31: `npx wait-on http://localhost:3000`, `pnpm dlx openapi-typescript
# http://localhost:8080/openapi.json`, `npm exec -- start-server-and-test dev URL test`); a
# URL before it (`npx https://x/p.tgz`, `npx -p URL tool`) is still the package
_program_argument(seg, j) if {
	raw := _raw(seg)
	start := _runner_start(raw)
	pkg := min({k |
		some k, word in raw
		k >= start
		not startswith(word, "-")
		not raw[k - 1] in {"-p", "--package", "-c", "--call", "--registry", "--cache", "--userconfig"}
	})
	pkg < j
	# (`npx npm install URL`, `npx pnpm dlx URL`: the program is a package manager, whose
	# arguments are sources again; session 31 review)
	program := shell.basename(raw[pkg])
	not program in (_installers | {"npm", "pnpm", "yarn", "bun", "corepack", "pnpx", "yarnpkg"})
}

_runner_start(raw) := 1 if raw[0] in {"npx", "pnpx", "bunx"}

_runner_start(raw) := 2 if {
	count(raw) > 1
	raw[0] in {"pnpm", "yarn"}
	raw[1] == "dlx"
}

_runner_start(raw) := 2 if {
	count(raw) > 1
	raw[0] == "npm"
	raw[1] in {"exec", "x"}
}

_runner_start(raw) := 2 if {
	count(raw) > 1
	raw[0] == "bun"
	raw[1] == "x"
}

# the word after an index option
_remote_word(seg, raw, j, w) if {
	j > 0
	a := raw[j - 1]
	a in _index_options
	not w in _default_registries
	not trusted_index(w)
	_installs(seg)
	not _option_of_the_program(seg, j - 1)
	not _short_option_of_another_tool(seg, a)
}

# `-i` and `-f` are an index and a find-links source for pip and its kin only (`cargo watch -x
# run -i openapi.json`, `go run . convert -i in.yaml`: the program's own input)
_short_option_of_another_tool(seg, a) if {
	a in {"-i", "-f"}
	not _pip_like(seg)
}

_pip_like(seg) if shell.name(seg) in {"pip", "pip3", "uv", "pipx", "uvx", "pdm", "pip-sync", "pip-compile"}

_pip_like(seg) if {
	shell.name(seg) in {"python", "python3"}
	"pip" in shell.args(seg)
}

_pip_like(seg) if {
	some w in seg.wrappers
	w in {"pip", "pip3", "uv", "pipx", "uvx"}
}

# npx/pnpx/bunx stop reading their own options at the package name: what follows is the
# program's (`npx tailwindcss -i ./src/input.css -o dist/out.css`: `-i` is tailwind's input)
_option_of_the_program(seg, i) if {
	raw := _raw(seg)
	raw[0] in {"npx", "pnpx", "bunx"}
	some j, word in raw
	j > 0
	j < i
	not startswith(word, "-")
	not raw[j - 1] in {"-p", "--package", "-c", "--call", "--registry", "--cache", "--userconfig"}
}

_remote_word(seg, _, _, w) if {
	startswith(w, "--")
	contains(w, "=")
	some o in _index_options
	startswith(o, "--")
	startswith(w, concat("", [o, "="]))
	registry := substring(w, count(o) + 1, -1)
	not registry in _default_registries
	not trusted_index(registry)
	_installs(seg)
}

# go run MODULE@VERSION builds and runs remote code in one step
_remote_word(seg, _, _, w) if {
	shell.name(seg) == "go"
	shell.args(seg)[0] == "run"
	_go_remote(w)
}

# go install MODULE@VERSION followed, in the same command, by running what it built
# (`go install github.com/x/tool@latest && tool`, `… && ~/go/bin/tool`): the same effect
# as go run of that module. An install alone stays allowed, like other tool installs.
ask contains msg if {
	"go" in data.claude_rego.lib.shell.names
	some seg in shell.running({"go"})
	shell.args(seg)[0] == "install"
	some w in shell.args(seg)
	_go_remote(w)
	binary := _go_binary(w)
	some later in segments
	later.id > seg.id
	shell.name(later) == binary
	msg := sprintf("`%s` then `%s` fetches the remote module `%s` and runs it at once, unreviewed. Install it, read what it is, then run it.", [concat(" ", seg.argv), concat(" ", later.argv), w])
}

# github.com/x/tool/cmd/tool@v1 → tool; example.com/x/tool/v2@latest → tool
_go_binary(w) := lower(parts[count(parts) - 2]) if {
	parts := split(split(w, "@")[0], "/")
	count(parts) > 1
	regex.match(`^v[0-9]+$`, parts[count(parts) - 1])
} else := lower(parts[count(parts) - 1]) if {
	parts := split(split(w, "@")[0], "/")
}

# composer require vendor/pkg:dev-main (also global require, @dev, 1.x-dev): installed
# from a repository branch, not from a released version
_remote_word(seg, _, _, w) if {
	shell.name(seg) == "composer"
	"require" in shell.args(seg)
	regex.match(`(?i)^[a-z0-9_.-]+/[a-z0-9_.-]+[:=][^\t\n\f\r ]*(dev-|-dev$|@dev)`, w)
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
	some ran in {"deno", "bun", "node", "ts-node", "tsx", "papermill", "jupyter-nbconvert"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some w in shell.args(seg)
	regex.match(`^https?://`, w)
	msg := sprintf("`%s` runs code from `%s` directly. Download it, read it, then run it.", [concat(" ", seg.argv), w])
}

# mix archive.install / escript.install of a URL (`mix archive.install https://…/x.ez`): an
# archive of Elixir code from a host, installed for every later mix run
ask contains msg if {
	"mix" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mix"})
	shell.args(seg)[0] in {"archive.install", "escript.install"}
	some w in shell.args(seg)
	regex.match(`^(https?|ftp)://|^(git|github)(\s|$)`, w)
	msg := sprintf("`%s` installs code from `%s`, not from Hex by name: it runs in every later mix command. Approve only if you trust that source.", [concat(" ", seg.argv), w])
}

# pip config set global.index-url …, npm config set registry …; setting it to a trusted
# index (the ecosystems' default registries are in trusted_package_indexes) changes nothing
ask contains msg if {
	some ran in {"pip", "pip3", "npm", "pnpm", "yarn", "poetry", "uv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"config" in shell.args(seg)
	some a in shell.args(seg)
	regex.match(`(?i)(index-url|registry|extra-index|trusted-host|source)`, a)
	some b in shell.args(seg)
	b in {"set", "add"}
	not _config_sets_trusted_index(seg)
	msg := sprintf("`%s` changes where packages come from for every later install. Approve only if you trust that source.", [concat(" ", seg.argv)])
}

# gem sources --add URL (also -a, --add=URL), bundle config [set] [--global] mirror.SRC URL,
# conda config --add channels URL: a package source every later install reads, like
# `pip config set global.index-url`; a trusted index (rubygems.org) changes nothing
ask contains msg if {
	some ran in {"gem", "bundle", "bundler", "conda", "mamba", "micromamba"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_adds_package_source(shell.name(seg), shell.args(seg))
	not _config_sets_trusted_index(seg)
	msg := sprintf("`%s` changes where packages come from for every later install. Approve only if you trust that source.", [concat(" ", seg.argv)])
}

_adds_package_source("gem", args) if {
	"sources" in args
	some a in args
	_gem_source_add(a)
}

_gem_source_add(a) if a in {"--add", "-a"}

_gem_source_add(a) if startswith(a, "--add=")

_adds_package_source(name, args) if {
	name in {"bundle", "bundler"}
	"config" in args
	some a in args
	regex.match(`(?i)^(mirror\.|bundle_mirror__)`, a)
}

_adds_package_source(name, args) if {
	name in {"conda", "mamba", "micromamba"}
	"config" in args
	some a in args
	a in {"--add", "--append", "--prepend", "--set"}
	some c in args
	c in {"channels", "default_channels", "channel_alias", "custom_channels"}
	some u in args
	contains(u, "://") # a channel by name (conda-forge) is one of anaconda.org's
}

# Cluster workloads that get the node (privileged, hostPID/hostNetwork/hostIPC, hostPath
# volumes, node debugging) from kubectl/oc or helm value overrides, and manifests or charts
# fetched from a URL and deployed unread (kubectl apply -f https://…, helm install x
# https://…/x.tgz): the cluster runs whatever they hold, with the node's rights.
ask contains msg if {
	some ran in {"kubectl", "oc", "helm"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	some a in _override_values(seg)
	regex.match(_host_privilege, a)
	msg := sprintf("`%s` runs a workload with access to the node (%s). Approve only if you trust the image and the cluster is yours to change.", [concat(" ", seg.argv), a])
}

# a workload manifest fed on stdin (`kubectl apply -f - <<EOF`, a here-string, a printed heredoc
# piped in): its spec reaches the node (session 29; the facts keep a literal workload manifest)
ask contains msg if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	text := object.get(seg, "manifest_literal", "")
	is_string(text)
	found := regex.find_n(_host_privilege, text, 1)
	count(found) > 0
	msg := sprintf("`%s` runs a workload with access to the node (%s in the manifest it is fed). Approve only if you trust the image and the cluster is yours to change.", [concat(" ", seg.argv), trim_space(found[0])])
}


ask contains msg if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"debug" in shell.args(seg)
	some a in shell.operands(seg)
	regex.match(`^(node|nodes|no)/`, lower(a))
	msg := sprintf("`%s` starts a pod with the node's file system and namespaces. Approve only if the cluster is yours to change.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"kubectl", "oc", "helm"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	some w in _deployed_sources(seg)
	regex.match(`^(https?|ftp)://`, lower(w))
	msg := sprintf("`%s` deploys `%s` straight from the network: the cluster runs whatever it holds. Download it, read it, then apply it.", [concat(" ", seg.argv), w])
}

# curl -s https://…/x.yaml | kubectl apply -f -
ask contains msg if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	"-" in _deployed_sources(seg)
	some ran2 in data.claude_rego.lib.shell.downloaders & data.claude_rego.lib.shell.names
	some fetch in shell.running({ran2})
	shell.upstream(fetch, seg)
	msg := sprintf("`%s | %s` deploys what `%s` downloads straight into the cluster. Download it, read it, then apply it.", [concat(" ", fetch.argv), concat(" ", seg.argv), shell.name(fetch)])
}

_deploys(seg) if {
	shell.runs_any(seg, {"kubectl", "oc"})
	shell.operands(seg)[0] in {"run", "create", "apply", "replace", "patch", "debug"}
}

_deploys(seg) if {
	shell.runs(seg, "helm")
	shell.operands(seg)[0] in {"install", "upgrade"}
}

# what overrides the workload's spec: --overrides, -p/--patch, --set/--set-string/--set-json
# values (not file names, which may well contain "hostpath"), and a bare --privileged
_override_values(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in _override_options
	v := args[i + 1]
} | {substring(a, count(o) + 1, -1) |
	some a in shell.args(seg)
	some o in _override_options
	startswith(o, "--")
	startswith(a, concat("", [o, "="]))
} | {a |
	some a in shell.args(seg)
	regex.match(`^--privileged(=true)?$`, a)
}

_override_options := {"--overrides", "-p", "--patch", "--set", "--set-string", "--set-json", "--set-literal"}

# "privileged":true, hostPID=true, hostNetwork: true, a hostPath volume, SYS_ADMIN
_host_privilege := `(?i)("?privileged"?\s*[:=]\s*"?true|"?host(pid|network|ipc|users)"?\s*[:=]\s*"?true|hostpath|sys_admin|^--privileged(=true)?$)`

# kubectl -f/--filename values; helm's chart (the operand after the release name)
_deployed_sources(seg) := {v |
	shell.runs_any(seg, {"kubectl", "oc"})
	args := shell.args(seg)
	some i, a in args
	a in {"-f", "--filename"}
	v := args[i + 1]
} | {substring(a, 11, -1) |
	shell.runs_any(seg, {"kubectl", "oc"})
	some a in shell.args(seg)
	startswith(a, "--filename=")
} | {v |
	shell.runs(seg, "helm")
	ops := shell.operands(seg)
	some v in array.slice(ops, 1, count(ops))
}

# ------------------------------------------------------------ h12: more source spellings

# Index hosts trusted like the default registry (settings.trusted_package_indexes, https
# only; default: PyTorch's official wheel index). Other index hosts keep asking.
trusted_index(url) if {
	parts := regex.find_all_string_submatch_n(`^https://([A-Za-z0-9.-]+)(:443)?(/[^\t\n\f\r ]*)?$`, url, 1)
	count(parts) == 1
	host := lower(parts[0][1])
	host in {lower(h) | some h in data.claude_rego.lib.settings.value("trusted_package_indexes")}
}

# the URL is the value of an index option (--index-url URL, --extra-index-url=URL): judged by trusted_index
_trusted_index_value(seg, w) if {
	trusted_index(w)
	some i, a in _raw(seg)
	a in _index_options
	_raw(seg)[i + 1] == w
}

_trusted_index_value(seg, w) if {
	some o in _index_options
	startswith(o, "--")
	startswith(w, concat("", [o, "="]))
	trusted_index(substring(w, count(o) + 1, -1))
}

# Nix: a flake or expression fetched from a forge or URL (github:owner/repo, git+https://…,
# https://…/x.tar.gz) built and run by nix run/shell/develop/build/profile, nix-shell,
# nix-env or nix-build; nixpkgs#x, the flake registry's names and local paths are not asked.
# Only nix's fetch-only and template subcommands (flake show/metadata/init/new/prefetch)
# pass: they run none of the fetched code.
ask contains msg if {
	some ran in {"nix", "nix-shell", "nix-env", "nix-build"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _nix_fetch_only(seg)
	some w in shell.args(seg)
	_nix_remote(w)
	msg := sprintf("`%s` builds and runs code from `%s`, a flake or expression from outside nixpkgs: it runs unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), w])
}

_nix_remote(w) if regex.match(`^(github:|gitlab:|sourcehut:|git\+|hg\+|tarball\+|file\+https?:|https?://|ssh://|[a-z0-9_-]+=(github:|https?://|git\+))`, lower(w))

_nix_fetch_only(seg) if {
	ops := shell.operands(seg)
	count(ops) >= 2
	ops[0] == "flake"
	ops[1] in {"show", "metadata", "info", "init", "new", "prefetch", "clone", "lock", "archive"}
}

# PEP 508 direct references: `name @ https://…`, `name[extra] @ git+https://…`
remote_spec(w) if regex.match(`^[a-z0-9][a-z0-9._-]*(\[[^\]]*\])?\s*@\s*(git\+|hg\+|svn\+|bzr\+|https?://|ftp://|file:|ssh://|git://)`, lower(w))

_node_installers := {"npm", "pnpm", "yarn", "bun"}

_node_install_words := {"install", "i", "in", "add", "isntall", "update", "up", "upgrade"}

_node_exec_words := {"exec", "x", "dlx", "npx", "pnpx", "bunx"}

# npm/pnpm/yarn/bun: `owner/repo` (GitHub shorthand) and `--package=SPEC` / `-p SPEC`
ask contains msg if {
	some seg in _package_segments
	_node_tool(seg)
	some spec in _node_specs(seg)
	_node_remote(spec)
	_not_asked_above(seg, spec)
	msg := sprintf("`%s` installs or runs a package from `%s` (a git repository or URL), not from the default registry by name: its install scripts run unreviewed. Approve only if you trust that source.", [concat(" ", _raw(seg)), spec])
}

_node_tool(seg) if shell.name(seg) in _node_installers

# a URL/git spec written as a word of its own is asked about by the first rule
_not_asked_above(_, spec) if not remote_spec(spec)

_not_asked_above(seg, spec) if {
	remote_spec(spec)
	not _raw_word(seg, spec)
}

# spec is a word of the command as written. A helper rule, not `not spec in _raw(seg)`
# inline: OPA moves a call nested in a `not` out of it, so a segment without words
# (_raw undefined) would fail the body there, where the embedded engine passes it
_raw_word(seg, spec) if spec in _raw(seg)

_node_tool(seg) if {
	some w in seg.wrappers
	w in {"npx", "pnpx", "bunx", "npm", "pnpm", "yarn", "bun"}
}

# the package specs of the call: every operand after an install verb, the first word after
# an exec verb or runner (the package it runs), and --package values
_node_specs(seg) := {w |
	raw := _raw(seg)
	some i, verb in raw
	verb in _node_install_words
	some j, w in raw
	j > i
	not startswith(w, "-")
	not _is_option_value_of_local(seg, w)
} | {w |
	raw := _raw(seg)
	some i, verb in raw
	_exec_verb(raw, i, verb)
	w := _first_operand_after(raw, i)
} | {substring(w, 10, -1) | some w in _raw(seg); startswith(w, "--package=")} | {v |
	raw := _raw(seg)
	some i, w in raw
	w in {"-p", "--package"}
	i + 1 < count(raw)
	v := raw[i + 1]
}

_exec_verb(_, i, verb) if {
	i > 0
	verb in {"exec", "x", "dlx"}
}

_exec_verb(_, 0, verb) if shell.basename(verb) in {"npx", "pnpx", "bunx"}

_first_operand_after(raw, i) := [w |
	some j, w in raw
	j > i
	not startswith(w, "-")
	not raw[j - 1] in {"-p", "--package", "-c", "--call", "-w", "--workspace", "--cache", "--userconfig", "--filter", "-F", "--prefix", "-C", "--cwd", "--dir"}
][0]

# owner/repo[#ref]: not a scoped name (@scope/name), not a path (./x, ../x, /x, ~/x)
_node_remote(spec) if {
	regex.match(`^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9._-]+(#.*)?$`, spec)
	not regex.match(`(?i)\.(tgz|tar|tar\.gz|json|js|ts|mjs|cjs)$`, spec)
}

_node_remote(spec) if remote_spec(spec)

# dotnet/nuget with a package source that is not nuget.org
ask contains msg if {
	some ran in {"dotnet", "nuget"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	lower(a) in {"--add-source", "-s", "--source", "-source"}
	src := shell.args(seg)[i + 1]
	regex.match(`^(https?|ftp)://`, lower(src))
	not startswith(lower(src), "https://api.nuget.org/")
	msg := sprintf("`%s` installs a .NET package or tool from `%s`, not from nuget.org: its code runs unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), src])
}

# runners that take a URL as the program: jbang URL, scala-cli run URL, java URL.java,
# groovy URL, uv run URL, pipx run URL, … (the first operand, or the one after run/x/exec)
_url_runners := {"jbang", "scala-cli", "scala", "amm", "kotlin", "kotlinc", "groovy", "java", "jshell", "uv", "pipx", "julia", "rscript", "dart", "ruby", "perl", "php", "python", "python3", "pwsh", "powershell", "bun", "deno", "npx", "bunx", "uvx", "coursier", "cs", "go", "zx", "esrun", "vite-node", "jiti", "babel-node", "esno", "esmo", "tsm", "sucrase-node", "swc-node", "ts-node-dev", "node-dev", "nodemon", "tsx", "ts-node"}

ask contains msg if {
	some ran in _url_runners & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _program_operand(seg)
	regex.match(`^(https?|ftp)://`, lower(w))
	msg := sprintf("`%s` runs code from `%s` directly. Download it, read it, then run it.", [concat(" ", seg.argv), w])
}

_program_operand(seg) := ops[1] if {
	ops := shell.operands(seg)
	count(ops) > 1
	ops[0] in {"run", "x", "exec", "launch", "script"}
} else := ops[0] if {
	ops := shell.operands(seg)
	count(ops) > 0
}

# charts and manifests from a URL: helm install/upgrade/template NAME URL, kubectl
# apply/create/replace -f URL (the cluster runs what the server sends)
ask contains msg if {
	some ran in {"helm", "kubectl", "oc", "kustomize"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some verb in shell.args(seg)
	verb in {"install", "upgrade", "apply", "create", "replace", "template", "build", "pull"}
	some w in shell.args(seg)
	regex.match(`^(https?|ftp|oci)://`, lower(w))
	not _helm_repo_url(seg, w)
	msg := sprintf("`%s` deploys a chart or manifest fetched from `%s`; what the server sends runs in the cluster unreviewed. Download it, read it, then apply it.", [concat(" ", seg.argv), w])
}

# `helm repo add NAME URL` names a repository (installs from it name a chart)
_helm_repo_url(seg, _) if "repo" in shell.args(seg)

# go install MODULE@VERSION followed by the program it built, in one command
ask contains msg if {
	"go" in data.claude_rego.lib.shell.names
	some seg in shell.running({"go"})
	shell.args(seg)[0] == "install"
	some w in shell.args(seg)
	_go_remote(w)
	prog := shell.basename(split(w, "@")[0])
	some run in segments
	run.id > seg.id
	shell.name(run) == lower(prog)
	msg := sprintf("`%s` builds remote code (`%s`) and runs it (`%s`) in one go. Install it, review it, then run it in a separate step.", [concat(" ", seg.argv), w, concat(" ", run.argv)])
}

# `npm config set registry https://registry.npmjs.org/`, `pip config set global.index-url=https://pypi.org/simple`:
# every value set is a URL of a trusted index (a bare host, for trusted-host, is not judged)
_config_sets_trusted_index(seg) if {
	urls := [u | some a in shell.args(seg); u := _config_url(a)]
	count(urls) > 0
	every u in urls {
		_trusted_url(u)
	}
	every a in shell.args(seg) {
		not regex.match(`(?i)trusted-host`, a)
	}
}

_config_url(a) := a if regex.match(`(?i)^[a-z][a-z0-9+.-]*://`, a)

_config_url(a) := v if {
	not regex.match(`(?i)^[a-z][a-z0-9+.-]*://`, a)
	v := substring(a, indexof(a, "=") + 1, -1)
	contains(a, "=")
	regex.match(`(?i)^[a-z][a-z0-9+.-]*://`, v)
}

_trusted_url(u) if u in _default_registries

_trusted_url(u) if trusted_index(u)

# ------------------------------------------------------------ publishing to another registry

# Publishing sends the project's code to a registry: to one that is not trusted
# (`npm publish --registry https://npm.example/`, `twine upload --repository-url URL`,
# `cargo publish --index URL`, `gem push --host URL`, `poetry publish -r NAME`, `uv publish
# --publish-url URL`, `dotnet nuget push -s URL`, mvn `-DaltDeploymentRepository=…`, or the
# same through the tools' environment variables) it is an upload to that host: asked. The
# hosts of trusted_package_indexes (the default registries, PyPI's upload endpoint) and the
# default repository names pass; so does a publish with no target (the default registry).
_publish_options := {
	"npm": {"--registry"}, "pnpm": {"--registry"}, "yarn": {"--registry"}, "bun": {"--registry"},
	"twine": {"--repository-url", "--repository", "-r"}, "cargo": {"--index", "--registry"}, "gem": {"--host"},
	"poetry": {"--repository", "-r"}, "uv": {"--publish-url", "--index"}, "pdm": {"--repository", "-r"},
	"hatch": {"--repo", "-r"}, "flit": {"--repository"}, "dotnet": {"--source", "-s"}, "nuget": {"-source", "-Source", "--source", "-s"},
	"mvn": {"-DaltDeploymentRepository"}, "mvnw": {"-DaltDeploymentRepository"}, "deno": {"--registry"}, "jsr": {"--registry"},
}

_publish_verbs := {"publish", "upload", "push", "deploy", "release"}

_publish_env := {
	"npm_config_registry", "NPM_CONFIG_REGISTRY", "YARN_NPM_REGISTRY_SERVER", "TWINE_REPOSITORY_URL", "TWINE_REPOSITORY",
	"UV_PUBLISH_URL", "GEM_HOST", "RUBYGEMS_HOST", "CARGO_REGISTRY_DEFAULT", "PDM_PUBLISH_REPO", "HATCH_INDEX_REPO", "FLIT_INDEX_URL",
}

_default_repository_names := {"pypi", "crates-io", "rubygems", "nuget.org", "main"}

_publishing(seg) := opts if {
	opts := _publish_options[shell.name(seg)]
	some a in shell.args(seg)
	a in _publish_verbs
}

_publish_targets(seg, opts) := {v |
	some i, a in shell.args(seg)
	a in opts
	v := shell.args(seg)[i + 1]
} | {v |
	some a in shell.args(seg)
	some o in opts
	startswith(a, concat("", [o, "="]))
	v := substring(a, count(o) + 1, -1)
} | {v |
	some n, v in object.get(seg, "assignments", {})
	n in _publish_env
} | {v |
	some w in seg.wrappers
	some n in _publish_env
	startswith(w, concat("", [n, "="]))
	v := substring(w, count(n) + 1, -1)
}

_trusted_publish_target(v) if trusted_index(v)

_trusted_publish_target(v) if lower(v) in _default_repository_names

# mvn -DaltDeploymentRepository=id::default::https://repo1.maven.org/…: the URL part
_trusted_publish_target(v) if {
	contains(v, "::")
	parts := split(v, "::")
	trusted_index(parts[count(parts) - 1])
}

ask contains msg if {
	some ran in (object.keys(_publish_options)) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	opts := _publishing(seg)
	some v in _publish_targets(seg, opts)
	not _trusted_publish_target(v)
	msg := sprintf("`%s` publishes the project to `%s`, a registry that is not trusted (trusted_package_indexes): the code goes to that host. Approve only if it is your registry.", [concat(" ", seg.argv), v])
}

# ------------------------------------------------------------ installs that get round the index rule

# pip install --target/--prefix/--root/--home DIR outside the project (~/.local/lib/python3.X/
# site-packages, /usr/lib/python3/dist-packages, --root /): the package lands where Python
# imports from at start-up (a .pth file or sitecustomize in it runs at every interpreter
# start), not in the project's environment. Asked; a vendored directory in the project
# (`--target ./vendor`, `-t build/lambda`) and `--user` installs by name pass.
_pip_location_options := {"--target", "-t", "--prefix", "--root", "--home"}

_pip_installs(seg) if {
	shell.runs_any(seg, {"pip", "pip3", "uv", "python", "python3"})
	"install" in shell.args(seg)
}

_pip_install_dirs(seg) := {v |
	some i, a in shell.args(seg)
	a in _pip_location_options
	v := shell.args(seg)[i + 1]
} | {v |
	some a in shell.args(seg)
	some o in _pip_location_options
	startswith(o, "--")
	startswith(a, concat("", [o, "="]))
	v := substring(a, count(o) + 1, -1)
}

_in_temp_root(seg, word) if {
	loc := shell.lexical(seg, word)
	some root in data.claude_rego.lib.settings.value("allowed_write_roots")
	startswith(root, "/tmp") # the temporary directories, not /dev/…
	startswith(concat("", [loc, "/"]), concat("", [root, "/"]))
}

_in_temp_root(seg, word) if {
	loc := shell.lexical(seg, word)
	some root in data.claude_rego.lib.settings.value("allowed_write_roots")
	regex.match(`^(/private)?/var/(tmp|folders)$|^/private/tmp$`, root)
	startswith(concat("", [loc, "/"]), concat("", [root, "/"]))
}

_outside_project(seg, word) if {
	loc := shell.lexical(seg, word)
	not startswith(concat("", [loc, "/"]), concat("", [input.facts.project_dir, "/"]))
}

ask contains msg if {
	some ran in {"pip", "pip3", "uv", "python", "python3"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_pip_installs(seg)
	some dir in _pip_install_dirs(seg)
	_outside_project(seg, dir)
	not _in_temp_root(seg, dir) # a Lambda layer built in /tmp is imported by nothing here
	msg := sprintf("`%s` installs into `%s`, outside the project: a directory Python can import from at start-up (a .pth file or sitecustomize there runs in every interpreter). Install into the project's environment, or approve if intended.", [concat(" ", seg.argv), dir])
}

# pip install /tmp/w/*.whl, pip install ~/Downloads/x.tar.gz: an archive from outside the
# project (the second step of `pip download -d DIR` from another index); the project's own
# build output (./dist/*.whl) passes.
ask contains msg if {
	some ran in {"pip", "pip3", "uv", "pipx"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_pip_installs(seg)
	some w in shell.operands(seg)
	regex.match(`(?i)\.(whl|tar\.gz|tgz|zip|tar\.bz2|egg)$`, w)
	not contains(w, "://")
	_outside_project(seg, w)
	msg := sprintf("`%s` installs `%s`, an archive from outside the project: where it was downloaded from is not known. Approve only if it came from a trusted index.", [concat(" ", seg.argv), w])
}

# PIP_INDEX_URL=https://evil/simple pip …, export UV_EXTRA_INDEX_URL=…, npm_config_registry=…
# npm install: an index set through the environment is judged like --index-url
_index_env := {
	"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_TRUSTED_HOST", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL",
	"UV_INDEX", "UV_DEFAULT_INDEX", "UV_FIND_LINKS", "npm_config_registry", "NPM_CONFIG_REGISTRY", "YARN_REGISTRY",
	"YARN_NPM_REGISTRY_SERVER", "BUN_CONFIG_REGISTRY", "PNPM_REGISTRY", "POETRY_SOURCE_URL", "PDM_PYPI_URL",
	"CARGO_REGISTRIES_DEFAULT_INDEX", "GOPROXY", "GOFLAGS", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GEM_SOURCE",
	"PIPX_DEFAULT_INDEX_URL", "CONDA_CHANNEL_ALIAS", "JULIA_PKG_SERVER", "PUB_HOSTED_URL",
}

_index_env_values(seg) := {[n, v] |
	some n, v in object.get(seg, "assignments", {})
	n in _index_env
} | {[n, v] |
	some w in object.get(seg, "wrappers", [])
	some n in _index_env
	startswith(w, concat("", [n, "="]))
	v := substring(w, count(n) + 1, -1)
} | {[n, v] |
	shell.runs_any(seg, {"export", "declare", "typeset", "setenv", "env"})
	some a in shell.args(seg)
	some n in _index_env
	startswith(a, concat("", [n, "="]))
	v := substring(a, count(n) + 1, -1)
}

# the segments _index_env_values can find something in (assignments, wrappers, or an
# exporting command), from the indexes: not a call per segment of the command
_index_env_segments contains seg if some seg in data.claude_rego.lib.shell.with_assignments

_index_env_segments contains seg if some seg in data.claude_rego.lib.shell.with_wrappers

_index_env_segments contains seg if {
	some ran in {"export", "declare", "typeset", "setenv", "env"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
}

_trusted_index_env(n, v) if {
	not n in {"PIP_TRUSTED_HOST", "GOFLAGS", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE"}
	urls := [u | some u in split(v, " "); u != ""]
	count(urls) > 0
	every u in urls {
		_trusted_env_url(u)
	}
}

_trusted_env_url(u) if _trusted_url(u)

_trusted_env_url(u) if u in {"direct", "off"}

_trusted_env_url(u) if {
	some p in split(u, ",")
	p != ""
	every q in split(u, ",") {
		_trusted_go_proxy(q)
	}
}

_trusted_go_proxy(q) if q in {"direct", "off"}

_trusted_go_proxy(q) if trusted_index(q)

# GOFLAGS=-mod=mod and other values with no source in them
_trusted_index_env("GOFLAGS", v) if not regex.match(`(?i)insecure|proxy|://`, v)

ask contains msg if {
	some seg in _index_env_segments
	some [n, v] in _index_env_values(seg)
	not _trusted_index_env(n, v)
	msg := sprintf("`%s` sets %s to `%s`: packages would come from that source instead of the default registry. Approve only if it is your registry.", [concat(" ", array.concat(object.get(seg, "wrappers", []), seg.argv)), n, v])
}

# ------------------------------------------------------------- plugin managers

# Plugin and extension managers fetching code from a URL or a repository, by shape: any
# program whose first words install or add a plugin, extension, collection, role or krew
# plugin (`ansible-galaxy [collection|role] install git+https://…`, `kubectl krew install
# --manifest-url=URL`, `krew index add NAME URL`, `asdf plugin add NAME GITURL`, `mise
# plugins install NAME URL`, `helm plugin install URL`, `vagrant plugin install X
# --plugin-source URL`) given a remote source; `gh extension install OWNER/REPO` (any
# repository: an extension is run by every later `gh NAME`); `code --install-extension
# URL`. By name from the tool's own registry (`ansible-galaxy collection install
# community.general`, `asdf plugin add nodejs`, `kubectl krew install ctx`,
# `code --install-extension ms-python.python`) and local paths pass.
_plugin_nouns := {
	"plugin", "plugins", "extension", "extensions", "ext", "addon", "addons", "add-on", "collection", "collections",
	"role", "roles", "krew", "theme", "themes",
}

_plugin_verbs := {"install", "add", "i", "upgrade", "update"}

_plugin_programs := {"ansible-galaxy", "krew", "kubectl-krew"}

_plugin_install(seg) if {
	w := array.slice([lower(a) | some a in shell.args(seg); not startswith(a, "-")], 0, 3)
	some v in w
	v in _plugin_verbs
	_plugin_subject(seg, w)
}

_plugin_subject(_, w) if {
	some n in w
	n in _plugin_nouns
}

_plugin_subject(seg, _) if shell.name(seg) in _plugin_programs

# the distinct arguments that are a remote source, computed once per evaluation. Every
# remote source has a `:`, `+` or `@` in it, and only those get _remote_source's six function
# bodies and four regexes (~25 µs per argument, ~1.8 ms on a 98-segment pipeline): a short
# command's few arguments are each tested for one; a long command's are joined one a line and
# one regex picks them (when an argument holds a line break the lines are not the arguments,
# and each argument is tested on its own).
_remote_source_args := {a |
	some a, _ in data.claude_rego.lib.shell.arg_index
	regex.match(`[:+@]`, a)
	_remote_source(a)
} if {
	count(data.claude_rego.lib.shell.arg_index) <= 8
} else := {a |
	some a in _remote_source_candidates
	_remote_source(a)
}

_remote_source_candidates := regex.find_n(`(?m)^[^\n]*[:+@][^\n]*$`, text, -1) if {
	text := concat("\n", _arg_keys)
	count(split(text, "\n")) == count(_arg_keys)
} else := [a | some a in _arg_keys; regex.match(`[:+@]`, a)]

_arg_keys := object.keys(data.claude_rego.lib.shell.arg_index)

_remote_source(w) if remote_spec(w)

_remote_source(w) if regex.match(`^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+:[^/]`, w) # git@github.com:x/y.git

_remote_source(w) if {
	startswith(w, "--")
	contains(w, "=")
	remote_spec(substring(w, indexof(w, "=") + 1, -1))
}

ask contains msg if {
	some a in _remote_source_args
	some id in data.claude_rego.lib.shell.arg_index[a]
	seg := shell.by_id(id)
	_plugin_install(seg)
	msg := sprintf("`%s` installs a plugin from `%s`, not from the tool's registry by name: its code runs unreviewed with your rights. Approve only if you trust that source.", [concat(" ", seg.argv), a])
}

ask contains msg if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	w := [lower(a) | some a in shell.args(seg); not startswith(a, "-")]
	count(w) >= 3
	w[0] in {"extension", "extensions", "ext"}
	w[1] in {"install", "upgrade"}
	some src in array.slice(w, 2, count(w))
	not _local_source(src)
	msg := sprintf("`%s` installs the GitHub CLI extension `%s`: code from that repository runs whenever the extension is used. Approve only if you trust it.", [concat(" ", seg.argv), src])
}

_local_source(src) if src in {".", ".."}

_local_source(src) if startswith(src, "./")

_local_source(src) if startswith(src, "../")

_editors := {"code", "code-insiders", "codium", "vscodium", "cursor", "windsurf", "positron"}

ask contains msg if {
	some ran in _editors & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	v := _extension_value(args, i, a)
	remote_spec(v)
	msg := sprintf("`%s` installs an editor extension from `%s`, not from the marketplace by name: its code runs in the editor unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), v])
}

_extension_value(args, i, "--install-extension") := args[i + 1]

_extension_value(_, _, a) := substring(a, count("--install-extension="), -1) if startswith(a, "--install-extension=")

# ------------------------------------------------------------- more sources by effect

# `helm repo add NAME URL` then `helm install|upgrade R NAME/chart` in the same command: the
# chart comes from that URL, so it is judged like `helm install R URL` unless the host is a
# well-known chart repository (settings.trusted_chart_repositories); a repository added
# alone (a name for later) and installs from trusted hosts pass.
ask contains msg if {
	"helm" in data.claude_rego.lib.shell.names
	some add in shell.running({"helm"})
	w := [a | some a in shell.args(add); not startswith(a, "-")]
	count(w) >= 4
	w[0] == "repo"
	w[1] == "add"
	not _trusted_chart_repo(w[3])
	some inst in shell.running({"helm"})
	inst.id > add.id
	_deploys(inst)
	some op in shell.operands(inst)
	startswith(op, concat("", [w[2], "/"]))
	msg := sprintf("`%s` deploys `%s` from `%s`, a chart repository added in the same command that is not trusted (trusted_chart_repositories): the cluster runs whatever it serves. Approve only if you trust that repository.", [concat(" ", inst.argv), op, w[3]])
}

_trusted_chart_repo(url) if {
	parts := regex.find_all_string_submatch_n(`^https://([A-Za-z0-9.-]+)(:443)?(/[^\t\n\f\r ]*)?$`, url, 1)
	count(parts) == 1
	lower(parts[0][1]) in {lower(h) | some h in data.claude_rego.lib.settings.value("trusted_chart_repositories")}
}

# kustomize's remote targets (`github.com/o/r//dir?ref=v1`, `https://…`, `git@…`): `kubectl
# apply -k REMOTE` and `kubectl kustomize REMOTE | kubectl apply -f -` (also `kustomize build
# REMOTE |`) deploy manifests fetched from that repository
_kustomize_remote(w) if regex.match(`(?i)^((https?|git|ssh|git\+[a-z]+)://|git@|(github\.com|gitlab\.com|bitbucket\.org)/)`, w)

ask contains msg if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	some v in _kustomization_dirs(seg)
	_kustomize_remote(v)
	not regex.match(`(?i)^(https?|ftp|oci)://`, v) # asked above as a URL
	msg := sprintf("`%s` deploys the kustomization `%s` fetched from a repository: the cluster runs whatever it holds. Clone it, read it, then apply it.", [concat(" ", seg.argv), v])
}

_kustomization_dirs(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-k", "--kustomize"}
	v := args[i + 1]
} | {substring(a, 12, -1) |
	some a in shell.args(seg)
	startswith(a, "--kustomize=")
}

ask contains msg if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg)
	"-" in _deployed_sources(seg)
	some ran2 in {"kubectl", "oc", "kustomize"} & data.claude_rego.lib.shell.names
	some build in shell.running({ran2})
	shell.upstream(build, seg)
	w := [a | some a in shell.args(build); not startswith(a, "-")]
	count(w) >= 2
	w[0] in {"kustomize", "build"}
	some src in array.slice(w, 1, count(w))
	_kustomize_remote(src)
	msg := sprintf("`%s | %s` deploys manifests built from `%s`, a remote repository, straight into the cluster. Clone it, read it, then apply it.", [concat(" ", build.argv), concat(" ", seg.argv), src])
}

# mise (and rtx) tools from a backend that takes any repository or URL: `ubi:owner/repo`,
# `github:`/`gitlab:`/`forgejo:` releases, `vfox:`/`asdf:` plugins from a repository, `spm:`,
# `http:`, or a backend given a URL or git spec (`cargo:https://…`, `pipx:git+https://…`):
# a binary from that repository lands on PATH. Registry names (`node@20`, `npm:prettier`,
# `aqua:cli/cli`, `cargo:ripgrep`) pass.
ask contains msg if {
	some ran in {"mise", "rtx"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := [a | some a in shell.args(seg); not startswith(a, "-")]
	count(w) >= 2
	w[0] in {"use", "u", "install", "i", "exec", "x", "upgrade", "up", "global", "local", "shell", "tool"}
	some spec in array.slice(w, 1, count(w))
	_mise_remote(spec)
	msg := sprintf("`%s` installs `%s`, a tool taken from a repository or URL rather than a registry: its binary runs unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), spec])
}

_mise_remote(spec) if regex.match(`(?i)^(ubi|github|gitlab|forgejo|vfox|spm|http|https):`, spec)

_mise_remote(spec) if regex.match(`(?i)^asdf:.*/`, spec)

_mise_remote(spec) if {
	regex.match(`^[a-z0-9-]+:`, lower(spec))
	remote_spec(substring(spec, indexof(spec, ":") + 1, -1))
}

# `snap install --dangerous FILE`: a snap that is not signed by the store (its install hooks
# run as root)
ask contains msg if {
	"snap" in data.claude_rego.lib.shell.names
	some seg in shell.running({"snap"})
	"install" in shell.args(seg)
	"--dangerous" in shell.args(seg)
	msg := sprintf("`%s` installs a snap that is not signed by the store (`--dangerous`): its code and hooks run unreviewed. Approve only if you built it or trust where it came from.", [concat(" ", seg.argv)])
}

# micromamba and pixi channels given as a URL (conda and mamba are judged above); channels
# by name (`-c conda-forge`) and trusted index hosts pass
ask contains msg if {
	some ran in {"micromamba", "pixi"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some ch in _channel_values(seg)
	regex.match(`(?i)^[a-z][a-z0-9+.-]*://`, ch)
	not trusted_index(ch)
	msg := sprintf("`%s` installs packages from the channel `%s`, not from a channel by name: their install scripts run unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), ch])
}

_channel_values(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-c", "--channel"}
	v := args[i + 1]
} | {substring(a, 10, -1) |
	some a in shell.args(seg)
	startswith(a, "--channel=")
} | {v |
	# pixi project|workspace channel add URL
	w := [a | some a in shell.args(seg); not startswith(a, "-")]
	count(w) >= 3
	"channel" in array.slice(w, 0, 2)
	some v in w
}

# ------------------------------------------------------------ package sources redirected (session 27)

# Routes that point an ecosystem at another source for every later build or install, judged
# like `npm config set registry URL` (asked unless every URL set is a trusted index):
# `go env -w GOPROXY|GOSUMDB|GONOSUMDB|GOINSECURE|GOFLAGS|GOPRIVATE=* …` and a compiler set
# there (`CC=/tmp/x`, run by every cgo build), `composer config [-g] repositories.X|repos.X
# TYPE URL` (a `path` repository in the project passes), `composer config secure-http false`,
# `poetry config repositories.X URL`, `dotnet nuget add|update source URL`, cargo `--config`
# values for `source.*`, `registries.*`, `patch.*` or a config file in a temporary directory.
ask contains msg if {
	some r in _redirections
	seg := r.seg
	what := r.what
	msg := sprintf("`%s` %s: packages would come from another source for every later build or install. Approve only if you trust that source.", [concat(" ", seg.argv), what])
}

# go env -w K=V …
_redirections contains r if {
	"go" in data.claude_rego.lib.shell.names
	some seg in shell.running({"go"})
	args := shell.args(seg)
	args[0] == "env"
	_has_word(args, {"-w"})
	some a in args
	contains(a, "=")
	not startswith(a, "-")
	k := split(a, "=")[0]
	v := trim_prefix(a, concat("", [k, "="]))
	v != "" # an empty value unsets the key (back to the default)
	_go_env_redirects(k, v)
	r := {"seg": seg, "what": sprintf("sets %s to `%s`", [k, v])}
}

_has_word(args, words) if {
	some a in args
	a in words
}

_go_env_redirects(k, v) if {
	k in {"GOPROXY", "GOFLAGS", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE"}
	not _trusted_index_env(k, v)
}

_go_env_redirects("GOSUMDB", v) if not regex.match(`^sum\.golang\.(org|google\.cn)(\+[^\s]*)?(\s+https://sum\.golang\.(org|google\.cn)/?)?$`, v)

# GOPRIVATE / GONOPROXY for everything (`*`, `*.*`): no proxy, no checksum database at all
_go_env_redirects(k, v) if {
	k in {"GOPRIVATE", "GONOPROXY"}
	some p in split(v, ",")
	regex.match(`^[*.?/]*$`, trim_space(p))
}

# a compiler or tool the go command runs: a path outside the system directories
_go_env_redirects(k, v) if {
	k in {"CC", "CXX", "FC", "AR", "PKG_CONFIG", "GOTOOLCHAIN"}
	_untrusted_program_value(v)
}

_untrusted_program_value(v) if contains(v, "$")

_untrusted_program_value(v) if {
	contains(v, "/")
	not regex.match(`^(/usr/|/bin/|/opt/|/Library/|/Applications/|/nix/store/)`, v)
	not regex.match(`^go[0-9.]+(\+auto|\+path)?$|^(auto|local|path)$`, v)
}

# composer config [-g] repositories.NAME|repos.NAME|repo.NAME TYPE URL, or '{"type":…,"url":…}'
_redirections contains r if {
	"composer" in data.claude_rego.lib.shell.names
	some seg in shell.running({"composer"})
	args := shell.args(seg)
	"config" in args
	some i, a in args
	regex.match(`(?i)^(repositories|repos|repo)\.`, a)
	some u in _urls_in(array.slice(args, i + 1, count(args)))
	not _trusted_url(u)
	not regex.match(`^https://(repo\.)?packagist\.org/?$`, u)
	r := {"seg": seg, "what": sprintf("adds the package repository `%s`", [u])}
}

_redirections contains r if {
	"composer" in data.claude_rego.lib.shell.names
	some seg in shell.running({"composer"})
	args := shell.args(seg)
	"config" in args
	some i, a in args
	a in {"secure-http", "disable-tls"}
	count(args) > i + 1
	_secure_off(a, args[i + 1])
	r := {"seg": seg, "what": "turns off TLS or secure downloads"}
}

_secure_off("secure-http", v) if lower(v) in {"false", "0", "no", "off"}

_secure_off("disable-tls", v) if lower(v) in {"true", "1", "yes", "on"}

# the URLs among words: a URL word, or URLs inside a JSON or TOML value
_urls_in(words) := {u |
	some w in words
	some m in regex.find_all_string_submatch_n(`((?:https?|git|ssh|svn|ftp|file)://[^\s"'\\,}]+|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\s"'\\,}]+)`, w, -1)
	u := m[1]
}

_redirections contains r if {
	"poetry" in data.claude_rego.lib.shell.names
	some seg in shell.running({"poetry"})
	args := shell.args(seg)
	"config" in args
	some i, a in args
	regex.match(`(?i)^repositories\.`, a)
	some u in _urls_in(array.slice(args, i + 1, count(args)))
	not _trusted_url(u)
	r := {"seg": seg, "what": sprintf("adds the repository `%s`", [u])}
}

# dotnet nuget add source URL, dotnet nuget update source NAME --source URL
_redirections contains r if {
	"dotnet" in data.claude_rego.lib.shell.names
	some seg in shell.running({"dotnet"})
	args := shell.args(seg)
	"nuget" in args
	_has_word(args, {"add", "update"})
	"source" in args
	some u in _urls_in(args)
	not _trusted_url(u)
	not regex.match(`^https://api\.nuget\.org/`, u)
	r := {"seg": seg, "what": sprintf("adds the package source `%s`", [u])}
}

_redirections contains r if {
	"dotnet" in data.claude_rego.lib.shell.names
	some seg in shell.running({"dotnet"})
	args := shell.args(seg)
	"nuget" in args
	"add" in args
	some i, a in args
	a == "source"
	d := args[i + 1]
	not contains(d, "://")
	not startswith(d, "-")
	_untrusted_local(seg, d)
	r := {"seg": seg, "what": sprintf("adds the package source `%s`, a temporary or unresolved directory", [d])}
}

# cargo --config 'source.crates-io.replace-with="x"', registries.x.index, patch.crates-io.x.git
_redirections contains r if {
	"cargo" in data.claude_rego.lib.shell.names
	some seg in shell.running({"cargo"})
	some v in _cargo_config_values(seg)
	regex.match(`(?i)^\s*(source|registries|registry|patch|net\.git-fetch-with-cli|http\.(proxy|check-revoke|cainfo))\b`, v)
	not _cargo_trusted_value(v)
	r := {"seg": seg, "what": sprintf("overrides `%s` for this build", [v])}
}

_redirections contains r if {
	"cargo" in data.claude_rego.lib.shell.names
	some seg in shell.running({"cargo"})
	some v in _cargo_config_values(seg)
	not contains(v, "=")
	_untrusted_local(seg, v)
	r := {"seg": seg, "what": sprintf("reads the configuration file `%s` from a temporary or unresolved location", [v])}
}

_cargo_config_values(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a == "--config"
	v := args[i + 1]
} | {v |
	some a in shell.args(seg)
	startswith(a, "--config=")
	v := substring(a, 9, -1)
}

_cargo_trusted_value(v) if {
	urls := _urls_in([v])
	count(urls) > 0
	every u in urls {
		_trusted_url(u)
	}
	not regex.match(`(?i)replace-with`, v)
}

# Installers given a source other than the registry: `pipenv install git+…|URL` (and an
# index option), `bundle add x --git URL|--github O/R|--source URL|--path DIR in a temporary
# directory`, a link: or file: spec in a temporary directory (`npm i x@link:/tmp/x`), `cargo install
# --path /tmp/x`, `pre-commit try-repo URL` (runs the hooks of that repository), and build
# tools told to read settings or init scripts from a temporary directory (`mvn -s|-gs FILE`,
# `gradle -I|--init-script FILE`: Groovy or Kotlin code the build runs).
ask contains msg if {
	some r in _other_sources
	seg := r.seg
	what := r.what
	msg := sprintf("`%s` %s, not a package from the default registry by name: its code runs unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), what])
}

_other_sources contains r if {
	"pipenv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"pipenv"})
	args := shell.args(seg)
	_has_word(args, {"install", "run", "sync", "update", "upgrade"})
	some w in args
	remote_spec(w)
	not _trusted_url(w)
	r := {"seg": seg, "what": sprintf("installs from `%s`", [w])}
}

_other_sources contains r if {
	"pipenv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"pipenv"})
	args := shell.args(seg)
	some i, a in args
	a in {"--index", "--pypi-mirror", "-i", "--extra-index-url"}
	w := args[i + 1]
	not _trusted_url(w)
	r := {"seg": seg, "what": sprintf("installs from the index `%s`", [w])}
}

_other_sources contains r if {
	some ran in {"bundle", "bundler"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	"add" in args
	some i, a in args
	a in {"--git", "--github", "--source", "--path"}
	v := args[i + 1]
	_bundle_source_risky(seg, a, v)
	r := {"seg": seg, "what": sprintf("adds a gem from `%s`", [v])}
}

_other_sources contains r if {
	some ran in {"bundle", "bundler"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	"add" in args
	some a in args
	parts := regex.find_all_string_submatch_n(`^(--git|--github|--source|--path)=(.+)$`, a, 1)
	count(parts) == 1
	v := parts[0][2]
	_bundle_source_risky(seg, parts[0][1], v)
	r := {"seg": seg, "what": sprintf("adds a gem from `%s`", [v])}
}

_bundle_source_risky(_, opt, _) if opt in {"--git", "--github"}

_bundle_source_risky(_, "--source", v) if not _trusted_url(v)

_bundle_source_risky(seg, "--path", v) if _untrusted_local(seg, v)

_other_sources contains r if {
	some ran in {"npm", "pnpm", "yarn", "bun"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some w in shell.args(seg)
	parts := regex.find_all_string_submatch_n(`^(?:[^\s@]*@)?(?:link|file|portal):(.+)$`, w, 1)
	count(parts) == 1
	_untrusted_local(seg, parts[0][1])
	r := {"seg": seg, "what": sprintf("links the local package `%s` from a temporary or unresolved location", [w])}
}

_other_sources contains r if {
	"cargo" in data.claude_rego.lib.shell.names
	some seg in shell.running({"cargo"})
	args := shell.args(seg)
	"install" in args
	some v in _path_values(args)
	_untrusted_local(seg, v)
	r := {"seg": seg, "what": sprintf("builds and installs the crate at `%s`, a temporary or unresolved location", [v])}
}

_path_values(args) := {v |
	some i, a in args
	a == "--path"
	v := _arg_after(args, i)
} | {v |
	some a in args
	startswith(a, "--path=")
	v := substring(a, 7, -1)
}

_arg_after(args, i) := args[i + 1] if count(args) > i + 1 else := ""

_other_sources contains r if {
	"pre-commit" in data.claude_rego.lib.shell.names
	some seg in shell.running({"pre-commit"})
	args := shell.args(seg)
	"try-repo" in args
	some w in args
	w != "try-repo"
	not startswith(w, "-")
	_remote_or_outside(seg, w)
	r := {"seg": seg, "what": sprintf("runs the hooks of the repository `%s`", [w])}
}

_remote_or_outside(_, w) if regex.match(`^(https?|git|ssh|file)://|^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:`, w)

_remote_or_outside(seg, w) if {
	not contains(w, "://")
	_untrusted_local(seg, w)
}

_other_sources contains r if {
	some ran in {"mvn", "mvnw", "gradle", "gradlew"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some v in _build_config_files(seg)
	_untrusted_local(seg, v)
	r := {"seg": seg, "what": sprintf("reads build settings or init code from `%s`", [v])}
}

_build_config_files(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-s", "--settings", "-gs", "--global-settings", "-I", "--init-script", "-c", "--settings-file"}
	v := args[i + 1]
} | {v |
	some a in shell.args(seg)
	parts := regex.find_all_string_submatch_n(`^(?:--settings|--global-settings|--init-script|--settings-file)=(.+)$`, a, 1)
	count(parts) == 1
	v := parts[0][1]
}

# npm pkg set dependencies.x=github:o/r, overrides.x=…, resolutions.x=…: the manifest now
# names another source, installed by the next `npm install` (or the same command's)
ask contains msg if {
	some ran in {"npm", "pnpm"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	"pkg" in args
	"set" in args
	some a in args
	parts := regex.find_all_string_submatch_n(`^((?:dev|optional|peer|bundle)?[dD]ependencies|overrides|resolutions|pnpm\.overrides)\.([^=]+)=(.*)$`, a, 1)
	count(parts) == 1
	spec := parts[0][3]
	_manifest_remote_spec(seg, spec)
	msg := sprintf("`%s` makes the manifest install `%s` from `%s`, not from the default registry by name: the next install runs its code unreviewed. Approve only if you trust that source.", [concat(" ", seg.argv), parts[0][2], spec])
}

_manifest_remote_spec(_, spec) if remote_spec(spec)

# github shorthand (owner/repo, owner/repo#ref): a repository, not a registry name
_manifest_remote_spec(_, spec) if regex.match(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(#.*)?$`, spec)

_manifest_remote_spec(_, spec) if regex.match(`^npm:.*@(https?|git)`, spec)

_manifest_remote_spec(seg, spec) if {
	parts := regex.find_all_string_submatch_n(`^(?:link|file|portal):(.+)$`, spec, 1)
	count(parts) == 1
	_untrusted_local(seg, parts[0][1])
}

# go mod edit -replace OLD=NEW: a module path (another repository) or a directory outside the
# project instead of the required module; a sibling checkout inside the project passes
ask contains msg if {
	"go" in data.claude_rego.lib.shell.names
	some seg in shell.running({"go"})
	args := shell.args(seg)
	args[0] == "mod"
	"edit" in args
	some r in _go_replacements(args)
	_go_replacement_risky(seg, r)
	msg := sprintf("`%s` replaces a dependency with `%s`: the build uses that code instead of the module it requires. Approve only if you trust that source.", [concat(" ", seg.argv), r])
}

_go_replacements(args) := {r |
	some i, a in args
	a == "-replace"
	v := args[i + 1]
	r := substring(v, indexof(v, "=") + 1, -1)
	contains(v, "=")
} | {r |
	some a in args
	startswith(a, "-replace=")
	v := substring(a, 9, -1)
	r := substring(v, indexof(v, "=") + 1, -1)
	contains(v, "=")
}

_go_replacement_risky(_, r) if regex.match(`^[a-z0-9.-]+\.[a-z]{2,}/`, lower(r))

_go_replacement_risky(seg, r) if {
	regex.match(`^(/|~|\.\.?/|\$)`, r)
	_untrusted_local(seg, r)
}

# a local source in a temporary directory (where anything may have been written without a
# question: writes elsewhere outside the project are asked about when they are made) or one
# the facts cannot resolve; the developer's own checkouts (`../lib`, `~/src/tool`,
# `~/.m2/settings.xml`) pass
_untrusted_local(seg, word) if _in_temp_root(seg, word)

_untrusted_local(seg, word) if shell.lexical(seg, word) == "?"

# a requirements file written with echo/printf earlier in the same command and installed from
# (`echo 'x @ git+https://…' > r.txt && pip install -r r.txt`, `--index-url URL` lines): the
# install reads the source the command just wrote
ask contains msg if {
	some ran in {"pip", "pip3", "uv", "pipenv", "pip-sync", "python", "python3"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some f in _requirement_files(seg)
	some writer in data.claude_rego.lib.shell.with_redirects
	writer.id < seg.id
	shell.runs_any(writer, {"echo", "printf"})
	some r in writer.redirects
	r.op in {">", ">>", ">|", "&>"}
	r.target == f
	text := concat(" ", shell.args(writer))
	some u in _requirement_sources(text)
	msg := sprintf("`%s` installs from `%s`, a requirements file this command wrote naming `%s`, not a package from the default registry by name. Approve only if you trust that source.", [concat(" ", seg.argv), f, u])
}

_requirement_files(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-r", "--requirement", "-c", "--constraint", "--requirements"}
	v := args[i + 1]
} | {v |
	some a in shell.args(seg)
	parts := regex.find_all_string_submatch_n(`^(?:--requirement|--constraint|--requirements)=(.+)$|^-r(.+)$`, a, 1)
	count(parts) == 1
	v := concat("", [parts[0][1], parts[0][2]])
} | {v |
	shell.runs(seg, "pip-sync")
	some v in shell.operands(seg)
}

_requirement_sources(text) := {u |
	some u in _urls_in([text])
	not _trusted_url(u)
} | {"--trusted-host" | regex.match(`--trusted-host`, text)} | {u |
	some m in regex.find_all_string_submatch_n(`(?:^|\s)((?:git|hg|svn|bzr)\+[^\s]+)`, text, -1)
	u := m[1]
}

# ------------------------------------------------------------ s31: sources of other ecosystems

# Package tools of other ecosystems given a source other than their registry by name, one row
# per program: `verbs` (any of the first three words) make the operands sources (`luarocks
# install URL.rockspec`, `opam pin add x GITURL`, `opam repository add N URL`, `conan remote add
# N URL`, `conan config install GITURL`, `flatpak install|remote-add URL`, `swift package
# add-dependency URL`, `raco pkg install URL`, `zig fetch --save URL`, `nimble install URL`,
# `dart pub add … 'x:{git: URL}'`, `R CMD INSTALL /tmp/x.tar.gz`, `spack repo|mirror add`); `options` take a source
# whatever the verb (`luarocks --server=URL`, `flatpak --from URL`, `stack --resolver URL`,
# `rye add x --git URL`, `coursier -r URL`, `gradle wrapper --gradle-distribution-url URL`,
# `vcpkg --overlay-ports=/tmp/p`, `guix install -f /tmp/x.scm`, `guix pull --url URL`);
# `url_args` is a pattern for words whose URLs are sources (mvn/gradle `-DremoteRepositories=`,
# `-Dmaven.repo.remote=`, `-D…plugins.portal.url.override=`, sbt `set resolvers += … at URL`,
# clojure `-Sdeps '{… :git/url …}'`). A source asks when it is a URL whose host is not in
# trusted_package_indexes (luarocks.org, opam.ocaml.org, center.conan.io, dl.flathub.org,
# plugins.gradle.org, … pass), a forge spec (github:o/r, git@host:path) or a path in a
# temporary or unresolved place; names (`luarocks install lpeg`, `opam install dune`, `flatpak
# install flathub org.x.Y`, `stack --resolver lts-22.0`) and the project's paths pass.
# Project templates that run their own hooks at generation are rows too (`template`: the message
# says so; `remote_only`: a local path is the project's template or the output directory, never
# asked): `cookiecutter gh:o/r|URL` (`operands`: every operand), `cruft create URL`, `copier
# copy --trust gh:o/r .`, `cargo generate --git URL|gh:o/r`, `sbt new owner/repo.g8`, `g8
# o/r.g8`, mvn `-DarchetypeRepository=URL`/`-DarchetypeCatalog=URL`, `dotnet new install
# URL.nupkg|/tmp/x.nupkg`, `gradle --init-script URL|/tmp/x.gradle`; `cookiecutter ./templates/x`,
# `sbt new scala/scala3.g8` (a template of the language's own organisations) pass.
_jvm_repository_args := `(?i)^-[DP][^=]*(remoterepositor|repo\.remote|repourl|repository\.?url|repositories|portal|mirror|distributionurl|archetyperepository|archetypecatalog)[^=]*=`

_source_tools := {
	"luarocks": {"verbs": {"install", "build", "download", "make", "unpack", "config"}, "options": {"--server", "--from", "--only-server", "--only-from"}},
	"opam": {"verbs": {"pin", "install", "repository", "repo", "remote", "switch", "init", "source"}, "options": {"--repos", "--repositories", "--repo"}},
	"conan": {"verbs": {"remote", "config"}, "options": set()},
	"flatpak": {"verbs": {"install", "remote-add", "remote-modify", "update"}, "options": {"--from", "--url"}},
	"swift": {"verbs": {"add-dependency", "package-registry"}, "options": set()},
	"raco": {"verbs": {"install", "update"}, "options": {"--catalog"}},
	"zig": {"verbs": {"fetch"}, "options": set()},
	"stack": {"verbs": set(), "options": {"--resolver", "--snapshot"}},
	"rye": {"verbs": {"add"}, "options": {"--git", "--url", "--path"}},
	"nimble": {"verbs": {"install", "develop", "add"}, "options": set()},
	"cabal": {"verbs": {"install"}, "options": set()},
	"dart": {"verbs": {"add", "activate"}, "options": {"--git-url", "--hosted-url", "--path"}},
	"flutter": {"verbs": {"add", "activate"}, "options": {"--git-url", "--hosted-url", "--path"}},
	"pecl": {"verbs": {"install", "upgrade"}, "options": set()},
	"coursier": {"verbs": {"launch", "fetch", "install", "bootstrap", "resolve"}, "options": {"--repository", "-r", "--channel"}},
	"cs": {"verbs": {"launch", "fetch", "install", "bootstrap", "resolve"}, "options": {"--repository", "-r", "--channel"}},
	"r": {"verbs": {"INSTALL"}, "options": set()},
	"mvn": {"verbs": set(), "options": set(), "url_args": _jvm_repository_args},
	"mvnw": {"verbs": set(), "options": set(), "url_args": _jvm_repository_args},
	"gradle": {"verbs": set(), "options": {"--gradle-distribution-url", "--init-script", "-I"}, "url_args": _jvm_repository_args},
	"gradlew": {"verbs": set(), "options": {"--gradle-distribution-url", "--init-script", "-I"}, "url_args": _jvm_repository_args},
	"sbt": {"verbs": {"new"}, "options": set(), "url_args": `(?i)\b(resolvers|externalResolvers)\b`},
	"g8": {"verbs": set(), "options": set(), "operands": true, "template": true, "remote_only": true},
	"cookiecutter": {"verbs": set(), "options": set(), "operands": true, "template": true, "remote_only": true},
	"cruft": {"verbs": {"create"}, "options": set(), "template": true, "remote_only": true},
	"copier": {"verbs": {"copy", "recopy", "update", "create"}, "options": set(), "template": true, "remote_only": true},
	"cargo": {"verbs": {"generate", "gen"}, "options": set(), "template": true, "remote_only": true},
	"cargo-generate": {"verbs": set(), "options": set(), "operands": true, "template": true, "remote_only": true},
	"dotnet": {"verbs": set(), "options": {"--nuget-source"}, "url_args": `(?i)^[a-z+]+://.*\.nupkg$`},
	"clojure": {"verbs": set(), "options": {"-Sdeps"}, "url_args": `(?i)(:git/url|:mvn/repos)`},
	"clj": {"verbs": set(), "options": {"-Sdeps"}, "url_args": `(?i)(:git/url|:mvn/repos)`},
	"vcpkg": {"verbs": set(), "options": {"--overlay-ports", "--overlay-triplets"}},
	"guix": {"verbs": set(), "options": {"-f", "--install-from-file", "--url", "-C", "--channels", "-L", "--load-path"}},
	"spack": {"verbs": {"repo", "mirror"}, "options": set()},
}

ask contains msg if {
	some ran in object.keys(_source_tools) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	row := _source_tools[ran]
	some v in _tool_source_values(seg, row)
	some src in _untrusted_sources(seg, v)
	not _local_skipped(row, src)
	msg := sprintf(_source_tool_message[object.get(row, "template", false)], [concat(" ", seg.argv), src])
}

_source_tool_message := {
	false: "`%s` installs or adds packages from `%s`, not from the tool's registry by name: their build or install code runs unreviewed. Approve only if you trust that source.",
	true: "`%s` generates a project from the template `%s`, not from the project's own files: the template's hooks run unreviewed. Approve only if you trust that source.",
}

# a remote_only row's local path (the project's template, an output directory) is no source
_local_skipped(row, src) if {
	object.get(row, "remote_only", false) == true
	_path_shaped(src)
	not contains(src, "://")
}

# the operands after one of the row's verbs (every operand with `operands`), the values of its
# source options, its url_args words
_tool_source_values(seg, row) := {w |
	object.get(row, "operands", false) == true
	some w in shell.args(seg)
	not startswith(w, "-")
} | {w |
	args := shell.args(seg)
	words := [a | some a in args; not startswith(a, "-")]
	some verb in array.slice(words, 0, 3)
	verb in row.verbs
	some w in words
} | {v |
	args := shell.args(seg)
	some i, a in args
	a in row.options
	v := _arg_after(args, i)
} | {v |
	some a in shell.args(seg)
	some o in row.options
	startswith(a, concat("", [o, "="]))
	v := substring(a, count(o) + 1, -1)
} | {a |
	pattern := object.get(row, "url_args", "")
	pattern != ""
	some a in shell.args(seg)
	regex.match(pattern, a)
}

# the untrusted sources a value names: URLs (also inside `id::default::URL`, `name=URL`, EDN or
# Scala text) whose host is not a trusted index, git@host:path, a forge spec, a temporary or
# unresolved path, or `(…)` (inline code's source that is not a literal)
_untrusted_sources(seg, v) := {u |
	some u in _urls_in([v])
	not _trusted_url(u)
} | {v |
	regex.match(`(?i)^(github|gitlab|bitbucket|gist|sourcehut|gh|gl|bb|sr|git\+[a-z]+):`, v)
	not contains(v, "://")
} | {v |
	regex.match(`^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+:[^/]`, v) # git@github.com:o/r.git
} | {v |
	# a giter8 template on GitHub (`sbt new owner/repo.g8`) but the language's own organisations'
	regex.match(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+\.g8$`, v)
	not regex.match(`^(scala|playframework|akka|typelevel|zio|lightbend|foundweekends|scalameta|softwaremill|http4s)/`, v)
} | {v |
	_path_shaped(v)
	not contains(v, "://")
	_untrusted_local(seg, v)
} | {v | v in {"(…)", "github:(…)", "gitlab:(…)", "bitbucket:(…)"}}

_path_shaped(v) if regex.match(`^(/|~|\.\.?/)`, v)

_path_shaped(v) if regex.match(`(?i)\.(tar\.gz|tgz|tar\.bz2|tar\.xz|zip|rock|rockspec|flatpak|flatpakref|flatpakrepo)$`, v)

# Inline R, Julia or Octave code installing from a source (the facts' `@package LANGUAGE CALL
# SOURCE` segments: `remotes::install_github("o/r")`, `install.packages(URL, repos=NULL)`,
# `repos="https://cran.example"`, `pak::pkg_install("o/r")`, `Pkg.add(url=…)`,
# `Pkg.develop(path="/tmp/x")`, `Pkg.Registry.add(url=…)`, `pkg"add URL"`): judged like the
# table above; CRAN mirrors and Posit's package manager are trusted indexes.
ask contains msg if {
	"@package" in data.claude_rego.lib.shell.names
	some seg in shell.running({"@package"})
	args := shell.args(seg)
	count(args) >= 3
	some src in _untrusted_sources(seg, args[2])
	msg := sprintf("`%s` runs %s code that installs a package (`%s`) from `%s`, not from the default repository by name: its code runs unreviewed. Approve only if you trust that source.", [concat(" ", _parent_argv(seg)), args[0], args[1], src])
}

_parent_argv(seg) := shell.by_id(seg.parent).argv if {
	is_number(seg.parent)
	is_array(shell.by_id(seg.parent).argv)
} else := seg.argv

# ---------------------------------------------------------------- s29: typosquats and look-alike names

# A package name one edit from a popular one (a letter deleted, inserted, replaced, or two
# neighbours swapped: `pip install reqeusts`, `requets`, `npm i lodahs`, `expresss`,
# `python-dateutils`), by the popular_packages of its registry (PyPI names compared as PEP 503
# normalises them: case and `-`/`_`/`.` runs folded), when the name itself is neither popular
# nor one of package_near_names (real packages a letter from a popular one: npm `requests`,
# PyPI `pyaml`). Names under 5 characters are not compared (every short name is a letter from
# another). A name holding a character outside ASCII (a Cyrillic `е` in `rеquests`, a
# zero-width space) asks whatever it resembles: registries' names are ASCII.
ask contains msg if {
	some entry in _installed_names
	seg := entry[0]
	word := entry[2]
	not regex.match(`^[\x00-\x7f]*$`, word)
	msg := sprintf("`%s` installs `%s`, a package name with a character outside ASCII (a look-alike letter or an invisible character): registries' names are ASCII, so this is not the package it looks like. Type the name again in plain ASCII.", [concat(" ", _raw(seg)), word])
}

ask contains msg if {
	some entry in _installed_names
	seg := entry[0]
	eco := entry[1]
	word := entry[2]
	regex.match(`^[\x00-\x7f]*$`, word)
	_plain_name(word)
	name := _package_name(eco, word)
	count(name) >= 5
	not name in _popular_lines[eco]
	not name in _near_lines[eco]
	some popular in _popular_near(eco, name, count(name))
	count(popular) >= 5
	_one_edit(name, popular)
	msg := sprintf("`%s` installs `%s`, one letter from the popular package `%s`: a typosquatted name runs its install scripts with your rights. Check the spelling; approve only if you mean this package.", [concat(" ", _raw(seg)), name, popular])
}

# The popular and near names of each registry, normalised. They are normalised joined, one
# a line (one lower and one regex.replace over the whole list, not one per name: ~730 names
# cost ~4.7 ms one by one on every install of a name), and a name is compared with the
# popular names of a length one edit can reach only, picked by one regex over the lines.
# A list with a line break inside a name is normalised name by name.
_popular_text[eco] := text if {
	some eco, names in settings.value("popular_packages")
	text := _normal(eco, concat("\n", names))
	count(split(text, "\n")) == count(names)
}

_popular_lines[eco] := lines if {
	some eco, names in settings.value("popular_packages")
	lines := _normal_lines(eco, names)
}

_near_lines[eco] := lines if {
	some eco, names in settings.value("package_near_names")
	lines := _normal_lines(eco, names)
}

_normal_lines(eco, names) := lines if {
	lines := split(_normal(eco, concat("\n", names)), "\n")
	count(lines) == count(names)
} else := [n | some raw in names; n := _normal(eco, raw)]

# the popular names that may be one edit from `name` (n ASCII characters, 5 or more): the
# ASCII ones n-1 to n+1 long (and 5 or more) that begin with its first two letters or end
# with its last two (one edit of a name of 5 or more keeps one of the pairs: a change at the
# front leaves the end), and any with a character outside ASCII (its count may differ from
# its number of characters). The pattern is built from numbers and from letters, digits, `-`
# and `_` only (other end letters: the lengths alone); _one_edit still compares every
# candidate in full.
_popular_near(eco, name, n) := regex.find_n(pattern, _popular_text[eco], -1) if {
	is_string(_popular_text[eco])
	first := substring(name, 0, 2)
	last := substring(name, n - 2, 2)
	regex.match(`^[a-z0-9_-]{2}$`, first)
	regex.match(`^[a-z0-9_-]{2}$`, last)
	pattern := sprintf(`(?m)^(?:%s[\x00-\x09\x0b-\x7f]{%d,%d}|[\x00-\x09\x0b-\x7f]{%d,%d}%s|[^\n]*[^\x00-\x7f][^\n]*)$`, [first, max([5, n - 1]) - 2, n - 1, max([5, n - 1]) - 2, n - 1, last])
} else := regex.find_n(pattern, _popular_text[eco], -1) if {
	is_string(_popular_text[eco])
	pattern := sprintf(`(?m)^(?:[\x00-\x09\x0b-\x7f]{%d,%d}|[^\n]*[^\x00-\x7f][^\n]*)$`, [max([5, n - 1]), n + 1])
} else := _popular_lines[eco]

_normal("pypi", name) := regex.replace(lower(name), `[-_.]+`, "-")

_normal("npm", name) := lower(name)

# the name of a package spec: `requests[socks]>=2.31` → requests, `lodash@4` → lodash
_package_name("pypi", word) := _normal("pypi", regex.replace(word, `[ \t]*[\[=<>!~;(@ ].*$`, ""))

_package_name("npm", word) := _normal("npm", regex.replace(word, `@.*$`, ""))

# [segment, registry, word] for each word an install command names as a package to fetch by
# name (not an option, an option's value, a path, a URL, a file or a scoped npm name)
_installed_names contains [seg, eco, word] if {
	some ran in _name_installers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	form := _install_operands(seg)
	eco := form[0]
	some word in form[1]
	_package_word(word)
}

# a runner that fetches the package it runs (`npx expresss`, `pnpm dlx …`, `uvx …`, `pipx run …`):
# the segment's program is the package's name, the runner a wrapper
_installed_names contains [seg, eco, word] if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	some w in seg.wrappers
	eco := _fetching_runner(seg, w)
	word := seg.argv[0]
	_package_word(word)
}

_fetching_runner(_, w) := "npm" if w in {"npx", "pnpx", "bunx"}

_fetching_runner(_, w) := "pypi" if w in {"uvx", "pipx"}

_fetching_runner(seg, w) := "npm" if {
	w in {"npm", "pnpm", "yarn"}
	some r in seg.raw_words
	r in {"dlx", "exec"}
}

_name_installers := {"pip", "pip3", "python", "python3", "uv", "poetry", "pdm", "pipx", "uvx", "npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx"}

# the words after the verb of each install form, with the registry they name packages of
_install_operands(seg) := ["pypi", _operands(args, 1)] if {
	shell.name(seg) in {"pip", "pip3"}
	args := shell.args(seg)
	args[0] in {"install", "download"}
} else := ["pypi", _operands(args, 3)] if {
	shell.name(seg) in {"python", "python3"}
	args := shell.args(seg)
	args[0] == "-m"
	args[1] in {"pip", "pip3"}
	args[2] in {"install", "download"}
} else := ["pypi", _operands(args, n)] if {
	shell.name(seg) == "uv"
	args := shell.args(seg)
	n := _uv_verb_end(args)
} else := ["pypi", _operands(args, 1)] if {
	shell.name(seg) in {"poetry", "pdm"}
	args := shell.args(seg)
	args[0] == "add"
} else := ["pypi", _operands(args, 1)] if {
	shell.name(seg) == "pipx"
	args := shell.args(seg)
	args[0] in {"install", "inject"}
} else := ["pypi", _first_operand(args, 0)] if {
	shell.name(seg) == "uvx"
	args := shell.args(seg)
} else := ["npm", _operands(args, 1)] if {
	shell.name(seg) in {"npm", "pnpm", "bun"}
	args := shell.args(seg)
	args[0] in _npm_install_verbs
} else := ["npm", _operands(args, n)] if {
	shell.name(seg) == "yarn"
	args := shell.args(seg)
	n := _yarn_verb_end(args)
} else := ["npm", _first_operand(args, 0)] if {
	shell.name(seg) in {"npx", "pnpx", "bunx"}
	args := shell.args(seg)
}

_uv_verb_end(args) := 2 if {
	args[0] == "pip"
	args[1] == "install"
} else := 1 if {
	args[0] == "add"
} else := 2 if {
	args[0] == "tool"
	args[1] in {"install", "run"}
}

_yarn_verb_end(args) := 1 if {
	args[0] == "add"
} else := 2 if {
	args[0] == "global"
	args[1] == "add"
}

# npm's install command and its aliases (npm accepts the misspelling `isntall`), pnpm's and bun's
_npm_install_verbs := {"install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "a"}

# options whose value is the next word (a file, a directory, an index, a version, a tag)
_value_options := {
	"-r", "--requirement", "-c", "--constraint", "-e", "--editable", "-t", "--target", "--prefix", "--root", "-i",
	"--index-url", "--extra-index-url", "-f", "--find-links", "--trusted-host", "--python", "-p", "--platform",
	"--python-version", "--implementation", "--abi", "--src", "--log", "--cache-dir", "--progress-bar",
	"--upgrade-strategy", "--report", "--only-binary", "--no-binary", "--config-settings", "-C", "--index",
	"--default-index", "--group", "--optional", "--extra", "--source", "-G", "--registry", "--cache", "--tag",
	"--workspace", "-w", "--filter", "--cwd", "--dir", "--spec", "--with", "--from", "--package", "-d", "--dest",
	"--save-prefix", "--only", "--omit", "--include", "--userconfig", "--loglevel",
}

_operands(args, start) := [a |
	some i, a in args
	i >= start
	not startswith(a, "-")
	not args[i - 1] in _value_options
]

# npx/uvx: the package is the first operand (then the program's own arguments)
_first_operand(args, start) := [ops[0]] if {
	ops := [a |
		some i, a in args
		i >= start
		not startswith(a, "-")
		not _value_after(args, i)
	]
	count(ops) > 0
} else := []

_value_after(args, i) if {
	i > 0
	args[i - 1] in _value_options
}

# a word naming a package of a registry (not a path, a URL, an archive or a variable)
_package_word(word) if {
	word != ""
	not contains(word, "://")
	not contains(word, "\\")
	not startswith(word, ".")
	not startswith(word, "/")
	not startswith(word, "~")
	not startswith(word, "$")
	not regex.match(`(?i)\.(whl|tar\.gz|tgz|zip|egg)$`, word)
}

# a plain registry name to compare with the popular ones (not a scoped npm name, a GitHub
# shorthand `user/repo` or a `git:`/`file:` spec: package_sources judges those by their source)
_plain_name(word) if {
	not contains(word, "/")
	not contains(word, ":")
	not startswith(word, "@")
}

# (one-edit comparison of two ASCII names; the lengths differ by at most one)
_one_edit(a, b) if {
	count(a) == count(b)
	a != b
	some i in numbers.range(0, count(a) - 1)
	substring(a, 0, i) == substring(b, 0, i)
	_after_one(a, b, i)
}

_one_edit(a, b) if {
	count(a) == count(b) + 1
	some i in numbers.range(0, count(a) - 1)
	concat("", [substring(a, 0, i), substring(a, i + 1, -1)]) == b
}

_one_edit(a, b) if {
	count(a) + 1 == count(b)
	some i in numbers.range(0, count(b) - 1)
	concat("", [substring(b, 0, i), substring(b, i + 1, -1)]) == a
}

# same prefix up to i: one letter replaced at i, or the letters at i and i+1 swapped
_after_one(a, b, i) if substring(a, i + 1, -1) == substring(b, i + 1, -1)

_after_one(a, b, i) if {
	i + 1 < count(a)
	substring(a, i, 1) == substring(b, i + 1, 1)
	substring(a, i + 1, 1) == substring(b, i, 1)
	substring(a, i + 2, -1) == substring(b, i + 2, -1)
}

