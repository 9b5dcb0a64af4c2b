package claude_rego.policies.opaque_shell_test

import data.claude_rego.policies.opaque_shell
import rego.v1

test_opaque_commands_ask if {
	some msg in opaque_shell.ask with input as {"facts": {"shell": {"opaque": true, "opaque_reasons": ["eval"]}}}
	contains(msg, "eval")
}

test_clear_commands_do_not_ask if {
	count(opaque_shell.ask) == 0 with input as {"facts": {"shell": {"opaque": false, "opaque_reasons": []}}}
}
