# METADATA
# title: Decision service protection
# description: >-
#   Denies stopping, disabling, killing, impersonating or reconfiguring the claude-rego
#   decision service (`claude-rego serve`, docs/decision-service.md §7): systemctl
#   stop/kill/disable/mask/restart/edit … of claude-rego (also --user), launchctl
#   bootout/unload/kill/remove/disable of io.claude-rego.serve, docker/podman
#   stop/kill/rm/pause of claude-rego, pkill/killall naming claude-rego or a kill fed by
#   pgrep/pidof/lsof/fuser looking it up, fuser -k on the service port, a listener on the
#   service port (nc/ncat -l, socat TCP-LISTEN, python -m http.server), running
#   `claude-rego serve|install` or `activate --allow-rollback`, and writes to the service's
#   units, configuration, token and state. Set
#   data.claude_rego.settings.service_protection to "ask" to ask instead; the ports are
#   data.claude_rego.settings.service_ports (default 884 and 18787).
# custom:
#   severity: high
#   rationale: >-
#     With http hooks the policy answers from whoever holds the service's port. Stopping
#     the service fails closed (everything guarded is blocked), but an agent that stops it
#     and listens on its port in its place, or that rewrites its configuration, token or
#     policies, switches every policy off for the rest of the session. In system mode the
#     operating system refuses most of this to the user already; these rules cover
#     developer mode and agents that reach sudo.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write, mcp, other]
#     tools: [Task, Agent]
package claude_rego.policies.service_protection

import data.claude_rego.lib.paths.written
import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import rego.v1

mode := settings.value("service_protection")

ports := {sprintf("%v", [p]) | some p in settings.value("service_ports")}

# a unit, job or container name that is the service (system/…, gui/501/…, .service, .plist)
_service_name := `(^|[/:])(claude-rego(\.service)?|io\.claude-rego\.serve(\.plist)?)$`

_mentions_service(arg) if regex.match(`claude[-_]rego`, lower(arg))

_names_service(seg) if {
	some arg in shell.args(seg)
	regex.match(_service_name, lower(arg))
}

_verb(seg, verbs) if {
	some arg in shell.args(seg)
	lower(arg) in verbs
}

findings contains "`systemctl` stops or changes the claude-rego service" if {
	"systemctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"systemctl"})
	_verb(seg, {"stop", "kill", "disable", "mask", "restart", "try-restart", "reload", "reload-or-restart", "edit", "revert", "set-property", "freeze", "clean", "link", "preset"})
	_names_service(seg)
}

findings contains "`launchctl` stops or unloads the claude-rego service" if {
	"launchctl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"launchctl"})
	_verb(seg, {"stop", "kill", "bootout", "unload", "remove", "disable"})
	_names_service(seg)
}

findings contains "the container runtime stops the claude-rego container" if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_verb(seg, {"stop", "kill", "rm", "pause", "update", "restart"})
	some arg in shell.args(seg)
	_mentions_service(arg)
}

findings contains "a signal is sent to the claude-rego service" if {
	some ran in {"pkill", "killall"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.args(seg)
	_mentions_service(arg)
}

# kill $(pgrep -f claude-rego), pgrep -f claude-rego | xargs kill, lsof -ti :884 | xargs kill
findings contains "a process found by name or port is killed: the claude-rego service" if {
	some ran in {"pgrep", "pidof", "lsof", "fuser", "ss", "netstat", "pgrep.exe"} & data.claude_rego.lib.shell.names
	some finder in shell.running({ran})
	_finds_service(finder)
	count(shell.running({"kill", "pkill", "killall", "xargs"})) > 0
}

findings contains "`fuser -k` kills the process on the service port" if {
	"fuser" in data.claude_rego.lib.shell.names
	some seg in shell.running({"fuser"})
	shell.has_short_flag(seg, {"k"})
	_finds_service(seg)
}

_finds_service(seg) if {
	some arg in shell.args(seg)
	_mentions_service(arg)
}

_finds_service(seg) if {
	some arg in shell.args(seg)
	some port in ports
	regex.match(sprintf(`(^|[:=])%s(/tcp)?$`, [port]), arg)
}

findings contains "a listener on the service port would impersonate the claude-rego service" if {
	some ran in {"nc", "ncat", "netcat", "nc.openbsd", "nc.traditional"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_listens(seg)
	some arg in shell.args(seg)
	arg in ports
}

findings contains "a listener on the service port would impersonate the claude-rego service" if {
	"socat" in data.claude_rego.lib.shell.names
	some seg in shell.running({"socat"})
	some arg in shell.args(seg)
	some port in ports
	regex.match(sprintf(`(?i)^tcp[46]?-listen:%s(,|$)`, [port]), arg)
}

findings contains "a listener on the service port would impersonate the claude-rego service" if {
	some ran in {"python", "python3", "python2", "pypy3"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	"http.server" in args
	some arg in args
	arg in ports
}

_listens(seg) if shell.has_short_flag(seg, {"l"})

_listens(seg) if "--listen" in shell.args(seg)

findings contains "`claude-rego` would start, re-register or roll back the decision service" if {
	"claude-rego" in data.claude_rego.lib.shell.names
	some seg in shell.running({"claude-rego"})
	args := shell.args(seg)
	count(args) > 0
	args[0] in {"serve", "install"}
}

findings contains "`claude-rego` would start, re-register or roll back the decision service" if {
	"claude-rego" in data.claude_rego.lib.shell.names
	some seg in shell.running({"claude-rego"})
	"--allow-rollback" in shell.args(seg)
}

protected_patterns := settings.value("service_protected_patterns")

_protected_re := concat("|", [sprintf("(?:%s)", [p]) | some p in protected_patterns])

findings contains entry if {
	some p in written
	some location in {lower(p.absolute_folded), lower(p.resolved)}
	is_string(location)
	regex.match(_protected_re, location)
	entry := sprintf("`%s` is the decision service's unit, configuration, token or state", [p.raw])
}

deny contains msg if {
	mode == "deny"
	count(findings) > 0
	msg := sprintf("Blocked: %s. The policy service must keep running unchanged; ask the security team if it needs to change.", [concat("; ", sort(findings))])
}

ask contains msg if {
	mode != "deny"
	count(findings) > 0
	msg := sprintf("%s. Approve only if you mean to change the policy service.", [concat("; ", sort(findings))])
}
