# METADATA
# title: Settings
# description: Tunables of the default pack, read from data.claude_rego.settings with safe fallbacks.
package claude_rego.lib.settings

import rego.v1

# Only the settings subtree: referencing `data` itself would make every rule depend on
# every other (OPA reports that as recursion).
all := s if {
	s := data.claude_rego.settings
} else := {}

get(name, fallback) := object.get(all, name, fallback)
