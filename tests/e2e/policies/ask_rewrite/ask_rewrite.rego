# METADATA
# title: e2e ask with a rewrite
# description: Asks about `echo ask-…` commands and rewrites one of them. Which input does the host see?
package claude_rego.policies.e2e_ask_rewrite

import rego.v1

ask contains "E2E-ASK: a human decides" if startswith(input.hook.tool_input.command, "echo ask-")

rewrite contains {"command": "echo ask-rewritten"} if input.hook.tool_input.command == "echo ask-rewrite"
