# METADATA
# title: Containers that reach the host
# description: >-
#   Asks before a container is started with the host in reach: a bind mount of `/`, a system
#   directory (/etc, /root, /run, /var, /usr, /proc, /sys, /dev, /boot, …), the home directory
#   or a directory above the project, a hidden directory of the home (~/.ssh, ~/.aws, ~/.config;
#   not the package caches), the docker or podman socket; `--privileged` (also `=true`),
#   `--cap-add` of ALL, SYS_ADMIN, SYS_MODULE, SYS_PTRACE, SYS_RAWIO, DAC_READ_SEARCH, BPF;
#   a disk or memory device (`--device /dev/sda`, /dev/mem); `--security-opt` turning off
#   seccomp, AppArmor or SELinux labels; `--pid=host`. Every spelling the CLI accepts is read:
#   `-v SRC:DST`, `-vSRC:DST`, `-v=SRC:DST`, clusters (`-itv /:/h`), `--volume[=]`, `--mount[=]`
#   with `source=`/`src=` in any key order; sources are normalised (`//`, `/.`, `/etc/`, `..`,
#   `~`, `$HOME`, relative to the working directory); an unknown anchor climbed with `..`
#   (`$(pwd)/../..`) asks. Compose files written in the same command and run (`docker compose
#   up`) are read as these options, and so are compose files written by a file tool.
#   `$PWD`/`./data`/named volumes, `/etc/localtime`, `/tmp/.X11-unix`, `--network host` pass.
# custom:
#   severity: high
#   rationale: >-
#     A container with the host's root, /etc, the docker socket or full privileges is root
#     on the host: it can write /etc/sudoers.d or /etc/passwd, read every home directory, or
#     start another privileged container. An image or an entrypoint the agent chose then
#     runs with that power, outside any review of its commands.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.container_host

import data.claude_rego.lib.shell
import rego.v1

_engines := {"docker", "podman", "nerdctl", "finch", "lima", "colima", "docker-compose", "podman-compose"}

_starters := {"run", "create", "exec"}

ask contains msg if {
	some ran in _engines & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_runs_container(seg)
	whys := _host_access(seg)
	count(whys) > 0
	msg := sprintf("`%s` gives the container %s. Approve only if you trust the image.", [concat(" ", seg.argv), concat("; ", sort(whys))])
}

_runs_container(seg) if {
	some a in shell.args(seg)
	a in _starters
}

# ------------------------------------------------------------ privileges

_host_access(seg) := {why |
	some why in _privileges(shell.args(seg))
} | {why |
	some spec in _mount_specs(shell.args(seg))
	some why in _mount_whys(seg, spec)
}

_privileges(args) := {why |
	some a in args
	a == "--privileged"
	why := "full control of the host (--privileged)"
} | {why |
	some a in args
	startswith(a, "--privileged=")
	v := lower(trim_prefix(a, "--privileged="))
	not v in {"false", "0", "no", "off"}
	why := "full control of the host (--privileged)"
} | {why |
	some v in _values(args, "--cap-add")
	some c in split(v, ",")
	cap := trim_prefix(upper(trim_space(c)), "CAP_")
	cap in _host_caps
	why := sprintf("the capability %s (--cap-add)", [cap])
} | {why |
	some v in _values(args, "--device")
	dev := split(v, ":")[0]
	regex.match(`^/dev/(sd|hd|vd|xvd|nvme|mmcblk|dm-|md[0-9]|loop|mapper/|disk/|mem$|kmem$|port$)`, dev)
	why := sprintf("the host's device %s (--device)", [dev])
} | {why |
	some v in _values(args, "--security-opt")
	o := lower(replace(v, ":", "="))
	o in {"seccomp=unconfined", "apparmor=unconfined", "label=disable", "systempaths=unconfined"}
	why := sprintf("no confinement (--security-opt %s)", [v])
} | {why |
	some v in _values(args, "--pid")
	lower(v) == "host"
	why := "the host's processes (--pid=host)"
}

_host_caps := {"ALL", "SYS_ADMIN", "SYS_MODULE", "SYS_PTRACE", "SYS_RAWIO", "DAC_READ_SEARCH", "BPF", "SYS_BOOT"}

# the values of a long option: `--opt V` and `--opt=V`
_values(args, opt) := {args[i + 1] |
	some i, a in args
	a == opt
	i + 1 < count(args)
} | {trim_prefix(a, concat("", [opt, "="])) |
	some a in args
	startswith(a, concat("", [opt, "="]))
}

# ------------------------------------------------------------ mounts

# every mount spec of the call: -v/--volume/--mount with the value next, attached or after
# `=`, also at the end of a cluster of one-letter switches (-itv SPEC, -itv/:/h)
_mount_specs(args) := {{"kind": k, "spec": s} |
	some i, a in args
	a in {"--volume", "--mount"}
	i + 1 < count(args)
	k := trim_prefix(a, "--")
	s := args[i + 1]
} | {{"kind": k, "spec": trim_prefix(a, concat("", ["--", k, "="]))} |
	some a in args
	some k in {"volume", "mount"}
	startswith(a, concat("", ["--", k, "="]))
} | {{"kind": "volume", "spec": s} |
	some i, a in args
	m := regex.find_all_string_submatch_n(`^-[dDitPq]*v(=?)(.*)$`, a, 1)
	count(m) == 1
	s := _cluster_value(args, i, m[0][2])
}

_cluster_value(args, i, attached) := attached if attached != "" else := args[i + 1] if i + 1 < count(args)

_source(spec) := s if {
	spec.kind == "volume"
	s := split(spec.spec, ":")[0]
} else := found[count(found) - 1] if {
	spec.kind == "mount"
	found := [s |
		some kv in split(spec.spec, ",")
		parts := split(trim(kv, `"' `), "=")
		count(parts) >= 2
		lower(parts[0]) in {"source", "src"}
		s := concat("=", array.slice(parts, 1, count(parts)))
	]
	count(found) > 0
}

_mount_whys(seg, spec) := {why |
	src := _source(spec)
	contains(src, "docker.sock")
	why := "the docker socket"
} | {why |
	src := _source(spec)
	contains(src, "podman.sock")
	why := "the podman socket"
} | {why |
	src := _source(spec)
	p := _absolute(seg, src)
	some why in _sensitive(p)
} | {why |
	src := _source(spec)
	_unknown_climb(src)
	why := sprintf("a directory above a path claude-rego cannot resolve (`%s`)", [src])
}

# a source whose start is unknown ($VAR, $(…)) climbed with `..`: it may be any directory
_unknown_climb(src) if {
	regex.match("^(\\$|`)", src)
	not _known_anchor(src)
	".." in split(src, "/")
}

_known_anchor(src) if regex.match(`^(\$HOME|\$\{HOME\}|\$PWD|\$\{PWD\})(/|$)`, src)

# the host path of a bind source, or undefined (a named volume, an unknown anchor)
_absolute(_, src) := shell.norm(src) if startswith(src, "/")

_absolute(_, src) := shell.norm(concat("/", [data.claude_rego.lib.shell.home, rest])) if {
	some prefix in {"~", "$HOME", "${HOME}"}
	rest := _after(src, prefix)
}

_absolute(seg, src) := shell.norm(concat("/", [cwd, rest])) if {
	some prefix in {"$PWD", "${PWD}"}
	rest := _after(src, prefix)
	cwd := shell.cwd_at(seg)
	cwd != "?"
}

_absolute(seg, src) := shell.norm(concat("/", [cwd, src])) if {
	not regex.match("^[/~$`]", src)
	_bind_path(src)
	cwd := shell.cwd_at(seg)
	cwd != "?"
}

_after(src, prefix) := "" if src == prefix

_after(src, prefix) := trim_prefix(src, concat("", [prefix, "/"])) if startswith(src, concat("", [prefix, "/"]))

# a relative bind source (not a named volume: those are a plain name)
_bind_path(src) if startswith(src, ".")

_bind_path(src) if contains(src, "/")

_sensitive(p) := {"the host's root (/)"} if p == "/"

_sensitive(p) := {sprintf("the host's `%s`", [p])} if {
	p != "/"
	not _under(p, input.facts.project_dir)
	_encloses(p, data.claude_rego.lib.shell.home)
} else := {sprintf("the host's `%s`", [p])} if {
	p != "/"
	_encloses(p, input.facts.project_dir)
	p != input.facts.project_dir
} else := {sprintf("the host's system directory `%s`", [p])} if {
	not _under(p, input.facts.project_dir)
	not _under(p, data.claude_rego.lib.shell.home)
	some d in _system_dirs
	_under(p, d)
	not _harmless_system(p)
} else := {sprintf("the home directory's `%s`", [p])} if {
	h := data.claude_rego.lib.shell.home
	_under(p, h)
	not _under(p, input.facts.project_dir)
	first := split(trim_prefix(p, concat("", [h, "/"])), "/")[0]
	startswith(first, ".")
	not first in _home_caches
}

_system_dirs := {
	"/etc", "/root", "/run", "/var", "/usr", "/proc", "/sys", "/dev", "/boot", "/bin", "/sbin", "/lib",
	"/lib32", "/lib64", "/home", "/Users", "/private", "/System", "/Library",
}

_harmless_system(p) if p in {
	"/etc/localtime", "/etc/timezone", "/etc/hosts", "/etc/resolv.conf", "/etc/machine-id", "/dev/shm",
	"/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/snd", "/dev/dri", "/dev/kvm", "/dev/fuse",
	"/dev/bus/usb", "/etc/ssl/certs", "/etc/ca-certificates", "/etc/pki/ca-trust", "/usr/share/zoneinfo",
}

_harmless_system(p) if startswith(p, "/usr/share/zoneinfo/")

_harmless_system(p) if startswith(p, "/etc/ssl/certs/")

_harmless_system(p) if startswith(p, "/dev/dri/")

# package caches and build homes shared with a build container
_home_caches := {
	".m2", ".cache", ".gradle", ".npm", ".ivy2", ".sbt", ".pnpm-store", ".yarn", ".nuget", ".composer", ".gem",
	".bundle", ".coursier", ".konan", ".pub-cache", ".stack", ".cabal", ".ccache", ".sccache", ".rustup",
}

_under(p, d) if {
	is_string(d)
	d != ""
	p == d
}

_under(p, d) if {
	is_string(d)
	d != ""
	startswith(p, concat("", [trim_suffix(d, "/"), "/"]))
}

# p is d or a directory above it
_encloses(p, d) if {
	is_string(d)
	d != ""
	startswith(concat("", [d, "/"]), concat("", [trim_suffix(p, "/"), "/"]))
}

# ------------------------------------------------------------ compose files written by a file tool

_compose_name := `(?i)(^|/)(docker-)?compose([.-][^/]*)?\.ya?ml$|\.compose\.ya?ml$`

ask contains msg if {
	input.hook.tool_name in {"Write", "Edit", "MultiEdit", "NotebookEdit"}
	file := object.get(input.hook.tool_input, "file_path", "")
	is_string(file)
	regex.match(_compose_name, file)
	whys := {why | some text in _written_texts; some why in _compose_whys(text)}
	count(whys) > 0
	msg := sprintf("`%s` writes a compose file whose containers reach the host (%s): `docker compose up` then gives them root on this machine. Approve only if intended.", [file, concat("; ", sort(whys))])
}

_written_texts contains t if {
	t := input.hook.tool_input.content
	is_string(t)
}

_written_texts contains t if {
	t := input.hook.tool_input.new_string
	is_string(t)
}

_written_texts contains t if {
	some e in input.hook.tool_input.edits
	t := e.new_string
	is_string(t)
}

_compose_whys(text) := {why |
	regex.match(`(?im)^\s*privileged\s*:\s*["']?(true|yes|on)\b`, text)
	why := "privileged: true"
} | {why |
	regex.match(`(?im)^\s*pid\s*:\s*["']?host\b`, text)
	why := "pid: host"
} | {why |
	some m in regex.find_all_string_submatch_n(`(?i)\b(ALL|SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH|BPF)\b`, _cap_block(text), 8)
	why := sprintf("cap_add %s", [upper(m[1])])
} | {why |
	regex.match(`(?i)(seccomp|apparmor)[:=]unconfined|label[:=]disable`, text)
	why := "security_opt unconfined"
} | {why |
	contains(text, "docker.sock")
	why := "the docker socket"
} | {why |
	some src in _compose_sources(text)
	p := _compose_absolute(src)
	some why in _sensitive(p)
}

_cap_block(text) := concat("\n", [m[0] | some m in regex.find_all_string_submatch_n(`(?is)cap_add\s*:\s*(\[[^\]]*\]|(\n\s*-\s*[^\n]*)+)`, text, 8)])

# bind sources: short syntax `- SRC:DST` / `["SRC:DST"]` whose SRC is a path, long syntax `source: SRC`
_compose_sources(text) := {m[1] |
	some m in regex.find_all_string_submatch_n(`(?m)(?:^\s*-\s*|[\[,]\s*)["']?((?:/|~|\.|\$)[^"'\s:,\]]*):`, text, 64)
} | {trim(m[1], `"'`) |
	some m in regex.find_all_string_submatch_n(`(?m)^\s*(?:-\s*)?source\s*:\s*(\S+)\s*$`, text, 64)
}

_compose_absolute(src) := shell.norm(src) if startswith(src, "/")

_compose_absolute(src) := shell.norm(concat("/", [data.claude_rego.lib.shell.home, rest])) if {
	some prefix in {"~", "$HOME", "${HOME}"}
	rest := _after(src, prefix)
}

# relative sources are relative to the compose file (taken as the project's directory)
_compose_absolute(src) := shell.norm(concat("/", [input.facts.project_dir, src])) if {
	startswith(src, ".")
	is_string(input.facts.project_dir)
}
