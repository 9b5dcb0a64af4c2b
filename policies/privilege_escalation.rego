# METADATA
# title: Privilege escalation
# description: >-
#   Asks before sudo, su, doas, pkexec or runuser, and before setuid/setgid or
#   capability changes (chmod u+s / 4755, setcap). Set
#   data.claude_rego.settings.privilege_escalation to "deny" to forbid them outright.
# custom:
#   severity: high
#   rationale: >-
#     An agent running as root can undo every other control on the machine. Some
#     workflows legitimately need it (installing a package), so the default asks a
#     human; hardened fleets switch it to deny. Destructive commands under sudo are
#     still denied by destructive_shell (deny beats ask).
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.privilege_escalation

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

escalators := {"sudo", "su", "doas", "pkexec", "runuser", "sudoedit"}

mode := settings.get("privilege_escalation", "ask")

findings contains sprintf("`%s` runs a command with elevated privileges", [w]) if {
	some seg in segments
	some w in seg.wrappers
	w in escalators
}

findings contains sprintf("`%s` elevates privileges", [seg.command]) if {
	some seg in shell.running(escalators)
}

findings contains "`chmod` sets a setuid/setgid bit" if {
	some seg in shell.running({"chmod"})
	some arg in seg.args
	regex.match(`^([ugoa]*[+=][rwxXt]*s[rwxXt]*|[2467][0-7]{3})$`, arg)
}

findings contains "`setcap` grants file capabilities" if {
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
