# METADATA
# title: Scripted policy b (tests only)
# description: Says whatever input.hook.x_test.b lists, verb by verb, so tests can drive synthesis.
package claude_rego.policies.scripted_b

import rego.v1

script := object.get(input.hook, ["x_test", "b"], {})

halt contains x if some x in object.get(script, "halt", [])

deny contains x if some x in object.get(script, "deny", [])

ask contains x if some x in object.get(script, "ask", [])

defer contains x if some x in object.get(script, "defer", [])

allow contains x if some x in object.get(script, "allow", [])

rewrite contains x if some x in object.get(script, "rewrite", [])

replace_output contains x if some x in object.get(script, "replace_output", [])

permission_update contains x if some x in object.get(script, "permission_update", [])

context contains x if some x in object.get(script, "context", [])

system_message contains x if some x in object.get(script, "system_message", [])

env contains x if some x in object.get(script, "env", [])
