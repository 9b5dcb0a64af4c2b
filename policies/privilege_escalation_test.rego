package claude_rego.policies.privilege_escalation_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.privilege_escalation
import rego.v1

sudo_ls := bash("sudo ls", [object.union(seg(0, ["ls"]), {"wrappers": ["sudo"]})], [])

test_sudo_asks_by_default if {
	count(privilege_escalation.ask) > 0 with input as sudo_ls
	count(privilege_escalation.deny) == 0 with input as sudo_ls
}

test_sudo_denied_when_configured if {
	count(privilege_escalation.deny) > 0 with input as sudo_ls
		with data.claude_rego.settings.privilege_escalation as "deny"
}

test_su_doas_setuid_ask if {
	count(privilege_escalation.ask) > 0 with input as bash("su", [seg(0, ["su", "-"])], [])
	count(privilege_escalation.ask) > 0 with input as bash("doas", [seg(0, ["doas", "id"])], [])
	count(privilege_escalation.ask) > 0 with input as bash("chmod", [seg(0, ["chmod", "u+s", "x"])], [])
	count(privilege_escalation.ask) > 0 with input as bash("chmod", [seg(0, ["chmod", "4755", "x"])], [])
}

test_plain_chmod_fine if {
	count(privilege_escalation.ask) == 0 with input as bash("chmod", [seg(0, ["chmod", "755", "x"])], [])
}
