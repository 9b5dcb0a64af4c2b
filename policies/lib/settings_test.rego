package claude_rego.lib.settings_test

import data.claude_rego.lib.settings
import rego.v1

test_values_come_from_data if {
	settings.get("protected_branches", []) == ["x"] with data.claude_rego.settings.protected_branches as ["x"]
}

test_missing_values_fall_back if {
	settings.get("no_such_setting", 7) == 7
	settings.get("protected_branches", ["main"]) == ["main"] with data.claude_rego.settings as {}
}

test_the_shipped_data_has_the_documented_defaults if {
	settings.get("privilege_escalation", "") == "ask"
	settings.get("test_timeout_seconds", 0) == 600
	settings.get("mcp_allowed_servers", ["x"]) == []
	settings.get("stop_gate", {}).enabled == false
	"main" in settings.get("protected_branches", [])
}
