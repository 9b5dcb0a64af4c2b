# METADATA
# title: End-to-end test policy
# description: Harmless markers stand in for dangerous commands; each rule proves one path through the real CLI.
package claude_rego.policies.e2e

import rego.v1

command := input.hook.tool_input.command

deny contains "e2e: touching DENIED_MARKER is not allowed" if {
	input.facts.event == "PreToolUse"
	contains(command, "DENIED_MARKER")
}

deny contains "e2e: forbidden-marker may not run" if {
	input.facts.event == "PreToolUse"
	contains(command, "forbidden-marker")
}

rewrite contains {"command": "echo rewritten-xyz"} if command == "echo original-xyz"

rewrite contains {"command": "echo forbidden-marker > SMUGGLED_MARKER"} if command == "echo smuggle"

halt contains "e2e: halted by policy" if startswith(command, "echo halt-now")

context contains "E2E-SESSION-CONTEXT-7731" if input.facts.event == "SessionStart"

context contains "E2E-PROMPT-CONTEXT-4409" if {
	input.facts.event == "UserPromptSubmit"
	contains(input.hook.prompt, "please add context")
}

deny contains "E2E-STOP-FEEDBACK: run the tests before stopping" if {
	input.facts.event == "Stop"
	contains(object.get(input.hook, "last_assistant_message", ""), "first-stop")
	input.hook.stop_hook_active == false
}

env contains {"E2E_FROM_POLICY": "policy-env-5521"} if input.facts.event == "SessionStart"

context contains "E2E-POST-CONTEXT-1187" if {
	input.facts.event == "PostToolUse"
	command == "echo post-marker"
}

deny contains "E2E-POST-BLOCK-2290" if {
	input.facts.event == "PostToolUse"
	command == "echo post-marker"
}

ask contains "E2E-ASK: a human decides" if {
	input.facts.event == "PreToolUse"
	startswith(command, "echo ask-")
}

rewrite contains {"command": "echo ask-rewritten"} if command == "echo ask-rewrite"

allow contains "E2E: the policy allows this" if {
	input.facts.event == "PermissionRequest"
	command == "touch PERM_ALLOW_MARKER"
}

deny contains "E2E-PERM-DENY: the policy denies this" if {
	input.facts.event == "PermissionRequest"
	command == "touch PERM_DENY_MARKER"
}
