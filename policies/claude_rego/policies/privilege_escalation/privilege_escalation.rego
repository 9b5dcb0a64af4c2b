# METADATA
# title: Privilege escalation
# description: >-
#   Asks before sudo, su, doas, pkexec, runuser, run0 (as a command or a wrapper,
#   however it is quoted or nested), setuid/setgid or capability changes (chmod u+s /
#   4755, install -m 4755, setcap) and library injection (LD_PRELOAD=…,
#   DYLD_INSERT_LIBRARIES=…). Set data.claude_rego.settings.privilege_escalation to
#   "deny" to forbid them outright.
# custom:
#   severity: high
#   rationale: >-
#     An agent running as root can undo every other control on the machine. Some
#     workflows legitimately need it (installing a package), so the default asks a
#     human; hardened fleets switch it to deny. Destructive commands under sudo are
#     still denied by destructive_shell (deny beats ask).
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.privilege_escalation

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

escalators := {"sudo", "su", "doas", "pkexec", "runuser", "sudoedit", "run0", "machinectl", "gosu", "su-exec", "chroot"}

mode := settings.value("privilege_escalation")

findings contains entry if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	some w in seg.wrappers
	w in escalators
	not _on_another_machine(seg)
	entry := sprintf("`%s` runs a command with elevated privileges", [w])
}

findings contains entry if {
	some ran in escalators & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _runs_no_program(seg)
	not _on_another_machine(seg)
	entry := sprintf("`%s` elevates privileges", [seg.command])
}

# `ssh staging-1 'sudo journalctl -u app | tail'`: a read elevated on that machine, not this
# one; a change made there as root (`sudo systemctl stop app`, `sudo rm …`) still asks, and
# `ssh localhost 'sudo …'` is this machine
_on_another_machine(seg) if {
	_remote_read(seg)
	some ran in {"ssh", "autossh"}
	remote := shell.by_id(seg.parent)
	shell.runs(remote, ran)
	every a in shell.args(remote) {
		not regex.match(`^([^@]+@)?(localhost|127\.[0-9.]+|::1|\[::1\]|0\.0\.0\.0)$`, lower(a))
	}
}

# nsenter into another process's namespaces: `nsenter -t 1 -m -u -i -n -p sh` from a container
# that shares the host's process namespace is a shell on the host
findings contains "`nsenter` enters another process's namespaces (from a container: the host's)" if {
	"nsenter" in data.claude_rego.lib.shell.names
	some seg in shell.running({"nsenter"})
	some a in shell.args(seg)
	regex.match(`^(-t|--target|--target=.*|-t[0-9]+|-a|--all|-[A-Za-z]*t)$`, a)
}

findings contains "`nsenter` enters another process's namespaces (from a container: the host's)" if {
	some seg in data.claude_rego.lib.shell.with_wrappers
	"nsenter" in seg.wrappers
	some a in seg.raw_words
	regex.match(`^(-t|--target|--target=.*|-t[0-9]+|-a|--all|-[A-Za-z]*t)$`, a)
}

# sudo's modes that run no program: -v (validate the cached credentials), -k/-K (drop
# them), -l (list what may be run), alone or with -n (never prompt). `sudo -n true` is
# NOT among them: sudo looks `true` up on the caller's PATH when sudoers sets no
# secure_path (macOS's default), so a project bin directory on PATH (an activated
# .venv/bin) makes it run a file the agent may write without being asked.
_runs_no_program(seg) if {
	shell.name(seg) == "sudo"
	count(object.get(seg, "assignments", {})) == 0
	count(object.get(seg, "wrappers", [])) == 0
	args := shell.args(seg)
	count(args) > 0
	every a in args {
		_sudo_mode_option(a)
	}
}

_sudo_mode_option(a) if regex.match(`^-[nvkKl]+$`, a)

_sudo_mode_option(a) if a in {"--non-interactive", "--validate", "--reset-timestamp", "--remove-timestamp", "--list"}

setuid_mode := `^([ugoa]*[+=][rwxXt]*s[rwxXst]*(,.*)?|0*[2-7][0-7]{3})$`

findings contains "`chmod` sets a setuid/setgid bit" if {
	"chmod" in data.claude_rego.lib.shell.names
	some seg in shell.running({"chmod"})
	some arg in shell.args(seg)
	some part in split(arg, ",")
	regex.match(setuid_mode, part)
}

findings contains "`install` creates a setuid/setgid file" if {
	"install" in data.claude_rego.lib.shell.names
	some seg in shell.running({"install"})
	value := shell.option_value(seg, {"-m", "--mode"})
	some part in split(value, ",")
	regex.match(setuid_mode, part)
}

# LD_PRELOAD=/x.so cmd, export LD_PRELOAD=…: code injected into every program started
findings contains entry if {
	some seg in data.claude_rego.lib.shell.with_assignments
	some var, _ in seg.assignments
	var in injection_variables
	entry := sprintf("`%s` injects a shared library into the programs it starts", [var])
}

findings contains entry if {
	some ran in {"export", "declare", "typeset", "setenv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.args(seg)
	some var in injection_variables
	startswith(arg, var)
	entry := sprintf("`%s` injects a shared library into the programs it starts", [var])
}

# (LD_LIBRARY_PATH and DYLD_LIBRARY_PATH are search paths: config_exec asks when an entry is
# neither the project's nor the system's, `LD_LIBRARY_PATH=./target/release ./app` passes; session 31)
injection_variables := {"LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES"}

# A root certificate authority added to the trust stores (`mkcert -install`, macOS `security
# add-trusted-cert`, `trust anchor`, `certutil -A … -t C,,` into a browser's NSS database): every
# TLS connection of the machine then trusts what that CA signs (session 31: a blind benign round
# passed it silently)
findings contains "a root certificate authority is added to the trust stores" if {
	"mkcert" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mkcert"})
	shell.has_arg(seg, {"-install"})
	not shell.has_arg(seg, {"-uninstall"})
}

findings contains "a root certificate authority is added to the trust stores" if {
	"security" in data.claude_rego.lib.shell.names
	some seg in shell.running({"security"})
	some a in shell.args(seg)
	a in {"add-trusted-cert", "add-certificates"}
}

findings contains "a root certificate authority is added to the trust stores" if {
	"trust" in data.claude_rego.lib.shell.names
	some seg in shell.running({"trust"})
	"anchor" in shell.args(seg)
	not shell.has_arg(seg, {"--remove"})
}

findings contains "a root certificate authority is added to the trust stores" if {
	"certutil" in data.claude_rego.lib.shell.names
	some seg in shell.running({"certutil"})
	shell.has_arg(seg, {"-A"})
	some i, a in shell.args(seg)
	a == "-t"
	contains(shell.args(seg)[i + 1], "C")
}

findings contains "`setcap` grants file capabilities" if {
	"setcap" in data.claude_rego.lib.shell.names
	some seg in shell.running({"setcap"})
}

ask contains msg if {
	mode != "deny"
	count(findings) > 0
	msg := sprintf("Privilege escalation: %s. Approve only if this is expected.", [concat("; ", sort(findings))])
}

deny contains msg if {
	mode == "deny"
	count(findings) > 0
	msg := sprintf("Blocked: %s; privilege escalation is not allowed here. Ask a human to run it.", [concat("; ", sort(findings))])
}

# ------------------------------------------------------------------ accounts and groups

# Changes to accounts that only root can make, judged as if the agent ran as root (no sudo
# needed in a container or a root shell): a password set or removed (`passwd USER`,
# `passwd -d`, `chpasswd`, `usermod -p`), a user added to an administrative group
# (`usermod -aG wheel`, `gpasswd -a dev docker`, `adduser dev sudo`: the docker group is
# root), a user created or deleted. A second root (uid 0) is denied by destructive_shell.
admin_groups := {"sudo", "wheel", "admin", "root", "docker", "lxd", "libvirt", "disk", "adm", "shadow", "staff", "sudoers", "kvm", "systemd-journal"}

_account_tools := {"useradd", "adduser", "usermod", "userdel", "deluser", "groupadd", "groupmod", "gpasswd", "passwd", "chpasswd", "chage", "vipw", "vigr", "pw", "dscl", "sysadminctl", "newusers", "addgroup", "delgroup"}

findings contains entry if {
	some ran in _account_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not shell.has_arg(seg, {"--help", "-h"})
	some a in shell.args(seg)
	some g in split(a, ",")
	g in admin_groups
	_adds_to_group(seg)
	entry := sprintf("`%s` gives administrative rights (group %s)", [concat(" ", seg.argv), g])
}

_adds_to_group(seg) if shell.runs_any(seg, {"usermod", "useradd", "adduser", "gpasswd", "addgroup", "pw", "dscl"})

findings contains entry if {
	some ran in _account_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not shell.has_arg(seg, {"--help", "-h", "--version"})
	not _account_info(seg)
	entry := sprintf("`%s` changes the system's accounts or passwords", [concat(" ", seg.argv)])
}

# passwd -S, chage -l, id-like reads: information only
_account_info(seg) if {
	shell.runs_any(seg, {"passwd", "chage"})
	shell.has_arg(seg, {"-S", "--status", "-l", "--list", "-a", "--all"})
}

# dscl . -read /Users/dev, dscl . -list /Groups: directory reads on macOS
_account_info(seg) if {
	shell.runs(seg, "dscl")
	some a in shell.args(seg)
	a in {"-read", "-readall", "-list", "-search", "-readpl", "-readpli", "read", "list", "search", "readall"}
	not _dscl_writes(seg)
}

_dscl_writes(seg) if {
	some a in shell.args(seg)
	a in {"-create", "-append", "-merge", "-delete", "-passwd", "-change", "create", "append", "merge", "delete", "passwd", "change"}
}

# ------------------------------------------------------------------ cloud and cluster roles

# An administrator's role granted in a cloud account or a cluster: an AWS managed policy that
# grants everything or IAM itself attached to a user, role or group (or an inline policy of
# `"Action": "*"`), a GCP owner/editor/admin role bound, an Azure Owner/Contributor/User Access
# Administrator assignment, a Kubernetes binding to cluster-admin/admin (`kubectl create
# clusterrolebinding … --clusterrole=cluster-admin`). Whoever holds it can undo every other
# control of that account. Read-only and narrow roles pass (`ReadOnlyAccess`, `roles/viewer`,
# `--clusterrole=view`).
findings contains entry if {
	"aws" in data.claude_rego.lib.shell.names
	some seg in shell.running({"aws"})
	args := shell.args(seg)
	some i, a in args
	a == "iam"
	op := args[i + 1]
	op in {"attach-user-policy", "attach-role-policy", "attach-group-policy", "put-user-policy", "put-role-policy", "put-group-policy", "create-policy-version", "add-user-to-group", "create-policy"}
	some v in args
	_admin_aws_grant(v)
	entry := sprintf("`aws iam %s` grants administrator rights (`%s`)", [op, _clip(v)])
}

_admin_aws_grant(v) if regex.match(`(?i)(^|[:/])(AdministratorAccess|IAMFullAccess|PowerUserAccess|AWSOrganizationsFullAccess|AdministratorAccess-Amplify)$`, v)

_admin_aws_grant(v) if regex.match(`(?i)"action"\s*:\s*(\[\s*)?"(\*|iam:\*|\*:\*)"`, v)

_admin_aws_grant(v) if regex.match(`(?i)^(admin|admins|administrators?|root|superusers?)$`, v)

findings contains entry if {
	"gcloud" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gcloud"})
	some a in shell.args(seg)
	regex.match(`^add-iam-policy-binding$|^set-iam-policy$`, a)
	role := shell.option_value(seg, {"--role"})
	regex.match(`(?i)^roles/(owner|editor|iam\.[a-z]*admin|resourcemanager\.[a-z]*admin|[a-z.]*\.admin)$`, role)
	entry := sprintf("`gcloud %s` grants the role `%s`", [a, role])
}

findings contains entry if {
	"az" in data.claude_rego.lib.shell.names
	some seg in shell.running({"az"})
	args := shell.args(seg)
	some i, a in args
	a == "role"
	args[i + 1] == "assignment"
	args[i + 2] == "create"
	role := shell.option_value(seg, {"--role"})
	lower(role) in {"owner", "contributor", "user access administrator", "role based access control administrator", "8e3af657-a8ff-443c-a75c-2fe8c4bcb635", "b24988ac-6180-42a0-ab88-20f7382dd24c", "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9"}
	entry := sprintf("`az role assignment create` grants the role `%s`", [role])
}

findings contains entry if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	a == "create"
	args[i + 1] in {"clusterrolebinding", "rolebinding"}
	role := shell.option_value(seg, {"--clusterrole", "--role"})
	lower(role) in {"cluster-admin", "admin", "system:masters"}
	entry := sprintf("`%s create %s` binds the role `%s`", [ran, args[i + 1], role])
}

# the same binding as a manifest applied to the cluster: `kubectl apply|create|replace -f -`
# with a heredoc, or a Kubernetes MCP tool's manifest field (`kind: ClusterRoleBinding` …
# `roleRef: … name: cluster-admin`)
findings contains entry if {
	some ran in {"kubectl", "oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"apply", "create", "replace"}
	_binds_admin(data.claude_rego.lib.shell.script)
	entry := sprintf("`%s %s` applies a role binding to an administrator role", [ran, a])
}

findings contains entry if {
	tool := input.hook.tool_name
	is_string(tool)
	startswith(tool, "mcp__")
	regex.match(`(?i)kube|k8s|kubectl|helm|openshift|cluster`, tool)
	some text in _tool_strings
	_binds_admin(text)
	entry := sprintf("`%s` applies a role binding to an administrator role", [tool])
}

_tool_strings contains v if {
	some v in input.hook.tool_input
	is_string(v)
}

_tool_strings contains v if {
	some field in input.hook.tool_input
	is_object(field)
	some v in field
	is_string(v)
}

_tool_strings contains text if {
	some field in input.hook.tool_input
	is_object(field)
	text := json.marshal(field)
}

_binds_admin(text) if {
	is_string(text)
	regex.match(`(?i)"?kind"?\s*:\s*"?(Cluster)?RoleBinding\b`, text)
	regex.match(`(?i)"?roleRef"?\s*:`, text)
	regex.match(`(?i)"?name"?\s*:\s*"?(cluster-admin|admin|system:masters)"?\s*($|[,}\n])`, text)
}

findings contains entry if {
	some ran in {"oc"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	a == "adm"
	args[i + 1] == "policy"
	startswith(args[i + 2], "add-cluster-role-to-")
	some r in args
	lower(r) in {"cluster-admin", "admin"}
	entry := sprintf("`oc adm policy %s` binds the role `%s`", [args[i + 2], r])
}

_clip(s) := s if count(s) <= 80 else := concat("", [substring(s, 0, 80), "…"])

_remote_reads := {
	"journalctl", "tail", "head", "cat", "less", "more", "grep", "egrep", "zgrep", "zcat", "ls", "df", "du", "ps",
	"top", "htop", "free", "uptime", "dmesg", "lsof", "ss", "netstat", "stat", "find", "wc", "id", "whoami",
	"crontab", "lsblk", "blkid", "ip", "iptables-save", "nft", "docker", "podman", "crictl", "kubectl", "systemctl",
}

_remote_read(seg) if {
	name := shell.name(seg)
	name in _remote_reads
	not name in {"systemctl", "docker", "podman", "crictl", "kubectl", "crontab", "nft", "find"}
}

_remote_read(seg) if {
	shell.name(seg) == "systemctl"
	shell.args(seg)[0] in {"status", "is-active", "is-enabled", "is-failed", "list-units", "list-timers", "show", "cat"}
}

_remote_read(seg) if {
	shell.name(seg) in {"docker", "podman", "crictl"}
	shell.args(seg)[0] in {"ps", "logs", "inspect", "images", "stats", "top", "version", "info"}
}

_remote_read(seg) if {
	shell.name(seg) == "kubectl"
	shell.args(seg)[0] in {"get", "describe", "logs", "top", "version", "cluster-info"}
}

_remote_read(seg) if {
	shell.name(seg) == "crontab"
	shell.args(seg) == ["-l"]
}

_remote_read(seg) if {
	shell.name(seg) == "find"
	every a in shell.args(seg) {
		not a in {"-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprintf", "-fls"}
	}
}
