"""The one decision core: layered evaluation, routing, decision synthesis, the isolated child.

`pipeline.open_evaluator` assembles the layers (`layers`), `Evaluator` evaluates and
synthesises (`decision`), `worker` is the hook's evaluating child run by `isolation`,
`explain` says which rules matched. The host protocol comes in through `adapter`.
Kept (nearly) empty: the hook imports it.
"""

# The verdict verbs, strongest first (docs/policy-contract.md §4); the host's event
# table (claudecode.events) takes them from here.
DECISION_VERBS = ("halt", "deny", "ask", "defer", "allow")
