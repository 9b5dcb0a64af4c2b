# METADATA
# title: Self-recursion (tests only)
# description: OPA rejects this at compile time; the embedded engine segfaults when it evaluates it. The hook must still answer.
package claude_rego.policies.recursion

import rego.v1

f(x) := f(x)

deny contains "never reached" if f(1)
