package claude_rego.policies.model_policy_test

import data.claude_rego.policies.model_policy
import rego.v1

switch(to) := {"hook": {"hook_event_name": "PreModelSwitch", "from_model": "claude-sonnet-5-5", "to_model": to, "requested_model": "x", "source": "sdk"}, "facts": {"event": "PreModelSwitch"}}

post(to) := {"hook": {"hook_event_name": "PostModelSwitch", "from_model": "claude-sonnet-5-5", "to_model": to, "source": "sdk"}, "facts": {"event": "PostModelSwitch"}}

test_inert_by_default if {
	count(model_policy.deny) == 0 with input as switch("claude-opus-9")
	count(model_policy.ask) == 0 with input as switch("claude-opus-9")
	count(model_policy.context) == 0 with input as post("claude-opus-9")
}

test_allowlist_denies_other_models if {
	some msg in model_policy.deny with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
	contains(msg, "`claude-opus-9`")
	contains(msg, "claude-sonnet-5-5")
	count(model_policy.deny) == 0 with input as switch("claude-sonnet-5-5") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
}

test_case_insensitive_and_prefix_entries if {
	count(model_policy.deny) == 0 with input as switch("Claude-Sonnet-5-5") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
	count(model_policy.deny) == 0 with input as switch("claude-sonnet-6-0") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-*"]
	count(model_policy.deny) > 0 with input as switch("claude-haiku-5-5") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-*"]
	# a bare `*` is not a wildcard for everything, and entries are not substrings
	count(model_policy.deny) > 0 with input as switch("claude-haiku-5-5") with data.claude_rego.settings.model_allowlist as ["*"]
	count(model_policy.deny) > 0 with input as switch("claude-sonnet-5-5-evil") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
}

test_unknown_target_is_refused_under_an_allowlist if {
	count(model_policy.deny) > 0 with input as switch(null) with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
	count(model_policy.deny) > 0 with input as switch(7) with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
	count(model_policy.deny) > 0 with input as {"hook": {"hook_event_name": "PreModelSwitch"}, "facts": {"event": "PreModelSwitch"}} with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
}

test_ask_instead_of_deny if {
	count(model_policy.deny) == 0 with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"] with data.claude_rego.settings.model_switch_action as "ask"
	count(model_policy.ask) > 0 with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"] with data.claude_rego.settings.model_switch_action as "ask"
	# an unknown action falls back to deny
	count(model_policy.deny) > 0 with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"] with data.claude_rego.settings.model_switch_action as "warn"
}

test_post_model_switch_context_only_with_a_note if {
	some ctx in model_policy.context with input as post("claude-haiku-5-5") with data.claude_rego.settings.model_switch_note as "Haiku: keep answers short."
	contains(ctx, "Haiku: keep answers short.")
	contains(ctx, "`claude-haiku-5-5`")
	count(model_policy.deny) == 0 with input as post("claude-opus-9") with data.claude_rego.settings.model_allowlist as ["claude-sonnet-5-5"]
}

test_non_string_entries_are_ignored if {
	count(model_policy.deny) > 0 with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as [1, "claude-sonnet-5-5"]
	count(model_policy.deny) == 0 with input as switch("claude-opus-9") with data.claude_rego.settings.model_allowlist as [1]
}
