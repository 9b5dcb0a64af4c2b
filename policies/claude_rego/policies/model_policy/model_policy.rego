# METADATA
# title: Model allowlist (PreModelSwitch)
# description: >-
#   When data.claude_rego.settings.model_allowlist is not empty, refuses a switch to a
#   model that is not on it (CLI 2.1.331 PreModelSwitch: a deny cancels the switch and
#   the session keeps its model). Entries are model ids, exact or a prefix ending in
#   `*` (`claude-sonnet-*`), compared case-insensitively with the model the switch
#   resolves to (`to_model`). `model_switch_action: "ask"` asks instead of denying (a
#   headless session refuses). With `model_switch_note` set, PostModelSwitch tells the
#   model which model it now runs on, with that note. Empty by default: inert.
# custom:
#   severity: medium
#   rationale: >-
#     Which model sees the code and the prompts is a data-handling decision (region,
#     retention, cost); a switch to an unreviewed model is refused before any request
#     reaches it.
#   routing:
#     events: [PreModelSwitch, PostModelSwitch]
package claude_rego.policies.model_policy

import data.claude_rego.lib.settings
import rego.v1

allowlist := [lower(m) | some m in settings.value("model_allowlist"); is_string(m)]

action := a if {
	a := settings.value("model_switch_action")
	a in {"deny", "ask"}
} else := "deny"

target := t if {
	t := input.hook.to_model
} else := null

# The target model is named and on the list.
allowed if {
	is_string(target)
	some entry in allowlist
	matches(lower(target), entry)
}

matches(model, entry) if model == entry

matches(model, entry) if {
	endswith(entry, "*")
	prefix := trim_suffix(entry, "*")
	prefix != ""
	startswith(model, prefix)
}

refused := msg if {
	input.facts.event == "PreModelSwitch"
	count(allowlist) > 0
	not allowed
	msg := sprintf("Blocked: switching to model `%s` is not allowed here; allowed models: %s. Ask your security team to review it.", [shown(target), concat(", ", allowlist)])
}

# Unknown is never silently allowed: a switch whose target is absent or not a string is
# refused whenever an allowlist is in force.
shown(m) := m if is_string(m)

shown(m) := "(unknown)" if not is_string(m)

deny contains refused if action == "deny"

ask contains refused if action == "ask"

context contains entry if {
	input.facts.event == "PostModelSwitch"
	note := settings.value("model_switch_note")
	is_string(note)
	note != ""
	entry := sprintf("%s (this session now runs on model `%s`.)", [note, shown(target)])
}
