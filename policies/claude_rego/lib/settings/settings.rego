# METADATA
# title: Settings
# description: >-
#   The pack's tunables, data.claude_rego.settings. Their defaults live in one place, the
#   pack's data.json; overlays merge over it key by key, so an overlay cannot drop a
#   default. Policies read a setting with value(name), which has no inline fallback.
package claude_rego.lib.settings

import rego.v1

# Only the settings subtree: referencing `data` itself would make every rule depend on
# every other (OPA reports that as recursion).
all := s if {
	s := data.claude_rego.settings
} else := {}

# The setting `name`. Every name read here has its default in the pack's data.json
# (tests/test_settings_defaults.py). A policy set whose data lacks a name that a module
# reads with value() is refused when it is compiled (the hook then fails closed), so a
# protective rule cannot silently stop firing because its setting is undefined.
value(name) := all[name]

# The call shape before issue 16, kept so policies written against it still work: the
# fallback applies only when no data defines `name`. In the pack a fallback must equal
# data.json's value (tests/test_settings_defaults.py flags one that disagrees); prefer
# value(name).
get(name, fallback) := object.get(all, name, fallback)
