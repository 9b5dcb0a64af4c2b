# METADATA
# title: Test before stopping (example Stop gate)
# description: >-
#   When enabled (data.claude_rego.settings.stop_gate.enabled), keeps Claude from
#   stopping until it has been asked once to run the tests; respects stop_hook_active
#   so it never loops. Disabled by default.
# custom:
#   severity: info
#   rationale: >-
#     Work that was never tested is a common failure of agents. The gate asks once;
#     on the second Stop (stop_hook_active) it lets Claude stop, so it cannot trap a
#     session.
#   routing:
#     events: [Stop]
package claude_rego.policies.stop_gate

import data.claude_rego.lib.settings
import rego.v1

config := settings.value("stop_gate")

deny contains entry if {
	object.get(config, "enabled", false) == true
	input.hook.stop_hook_active == false
	entry := object.get(config, "instruction", "Run the tests before you stop.")
}
