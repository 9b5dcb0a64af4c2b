package claude_rego.lib.settings_test

import data.claude_rego.lib.settings
import rego.v1

test_values_come_from_data if {
	settings.value("protected_branches") == ["x"] with data.claude_rego.settings.protected_branches as ["x"]
	settings.get("protected_branches", []) == ["x"] with data.claude_rego.settings.protected_branches as ["x"]
}

test_a_missing_value_is_undefined_not_a_guess if {
	not settings.value("no_such_setting")
	not settings.value("protected_branches") with data.claude_rego.settings as {}
}

test_the_old_call_shape_still_falls_back if {
	settings.get("no_such_setting", 7) == 7
	settings.get("protected_branches", ["main"]) == ["main"] with data.claude_rego.settings as {}
}

test_the_shipped_data_has_the_documented_defaults if {
	settings.value("privilege_escalation") == "ask"
	settings.value("test_timeout_seconds") == 600
	settings.value("mcp_allowed_servers") == []
	settings.value("stop_gate").enabled == false
	"main" in settings.value("protected_branches")
}
