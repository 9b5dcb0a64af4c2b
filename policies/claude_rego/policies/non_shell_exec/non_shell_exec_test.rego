package claude_rego.policies.non_shell_exec_test

import data.claude_rego.policies.non_shell_exec
import rego.v1

_doc(name, cls, execs) := {"facts": {"tool": {"name": name, "class": cls}, "effects": {"exec": execs, "network": []}}}

test_mcp_command_asks if {
	count(non_shell_exec.ask) == 1 with input as _doc("mcp__sh__execute_command", "mcp", [{"field": "command", "command": "rm -rf ~"}])
}

test_shell_tool_not_asked if {
	count(non_shell_exec.ask) == 0 with input as _doc("Bash", "shell", [{"field": "command", "command": "ls"}])
}

test_no_exec_no_ask if {
	count(non_shell_exec.ask) == 0 with input as _doc("mcp__github__get_issue", "mcp", [])
}

test_long_command_clipped if {
	some msg in non_shell_exec.ask with input as _doc("X", "other", [{"field": "cmd", "command": concat("", [x | some _ in numbers.range(1, 300); x := "a"])}])
	contains(msg, "…")
}
