# METADATA
# title: e2e stop gate
# description: Blocks the first stop (asks for one more step); lets Claude stop when the stop hook is already active.
# custom:
#   routing:
#     events: [Stop]
package claude_rego.policies.e2e_stop

import rego.v1

deny contains "E2E-STOP-FEEDBACK-4f0: run the tests before stopping" if input.hook.stop_hook_active == false
