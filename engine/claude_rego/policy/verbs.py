"""The policy verbs (docs/policy-contract.md §4): the rule names a policy answers with.

Part of the policy language, so the compiler and `check` read them here; the core
(`decide/decision.py`) and the host's event table (`claudecode/events.py`, which verbs each
event carries) take them from here too. Plain data: imported on the hook's hot path.
"""

# The verdict verbs, strongest first.
DECISION_VERBS = ("halt", "deny", "ask", "defer", "allow")
# The payload verbs.
PAYLOAD_VERBS = ("rewrite", "replace_output", "permission_update", "context", "system_message", "env")
ALL_VERBS = DECISION_VERBS + PAYLOAD_VERBS
