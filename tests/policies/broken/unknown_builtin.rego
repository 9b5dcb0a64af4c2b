package claude_rego.policies.unknown_builtin

import rego.v1

deny contains msg if {
	msg := no_such_builtin(input.hook.tool_name)
}
