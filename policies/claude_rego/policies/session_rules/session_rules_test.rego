package claude_rego.policies.session_rules_test

import data.claude_rego.lib.testing.event
import data.claude_rego.policies.session_rules
import rego.v1

start := event("SessionStart", {"source": "startup"})

test_no_rules_no_context if {
	count(session_rules.context) == 0 with input as start
}

test_rules_become_context if {
	some text in session_rules.context with input as start with data.claude_rego.settings.session_rules as ["Use the internal registry", "Never commit to main"]
	contains(text, "- Use the internal registry")
	contains(text, "- Never commit to main")
}
