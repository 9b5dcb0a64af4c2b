package claude_rego.policies.syntax

import rego.v1

deny contains "x" if {
