package claude_rego.policies.session_rules_test

import data.claude_rego.policies.session_rules
import rego.v1

test_no_rules_no_context if {
	count(session_rules.context) == 0 with data.claude_rego.settings.session_rules as []
}

test_rules_become_context if {
	some text in session_rules.context with data.claude_rego.settings.session_rules as ["Use the internal registry"]
	contains(text, "- Use the internal registry")
}
