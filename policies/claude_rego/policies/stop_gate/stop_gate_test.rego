package claude_rego.policies.stop_gate_test

import data.claude_rego.lib.testing.event
import data.claude_rego.policies.stop_gate
import rego.v1

stop(active) := event("Stop", {"stop_hook_active": active})

test_disabled_by_default if {
	count(stop_gate.deny) == 0 with input as stop(false)
}

test_enabled_gate_blocks_once_then_lets_stop if {
	count(stop_gate.deny) == 1 with input as stop(false) with data.claude_rego.settings.stop_gate as {"enabled": true}
	count(stop_gate.deny) == 0 with input as stop(true) with data.claude_rego.settings.stop_gate as {"enabled": true}
}

test_instruction_comes_from_data if {
	stop_gate.deny == {"Run make check first."} with input as stop(false)
		with data.claude_rego.settings.stop_gate as {"enabled": true, "instruction": "Run make check first."}
}
