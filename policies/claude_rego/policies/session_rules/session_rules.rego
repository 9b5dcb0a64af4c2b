# METADATA
# title: Project rules at session start (example context)
# description: >-
#   Adds the lines of data.claude_rego.settings.session_rules to the model's context
#   when a session starts. Empty by default; an example of the context verb.
# custom:
#   severity: info
#   rationale: >-
#     Organisation rules (which registries to use, what never to commit) are most
#     useful in the model's context from the first turn.
#   routing:
#     events: [SessionStart]
package claude_rego.policies.session_rules

import data.claude_rego.lib.settings
import rego.v1

context contains entry if {
	count(rules) > 0
	entry := concat("\n", ["Organisation rules for this session:", concat("\n", [sprintf("- %s", [r]) | some r in rules])])
}

rules := settings.value("session_rules")
