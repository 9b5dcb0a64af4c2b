# METADATA
# title: e2e ask
# description: Asks the user before a Bash command mentioning ask-marker runs.
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.e2e_ask

import rego.v1

ask contains "E2E-ASK-91c: a human must approve this command" if contains(input.hook.tool_input.command, "ask-marker")
