# METADATA
# title: e2e session context
# description: Adds organisation rules as context at session start.
# custom:
#   routing:
#     events: [SessionStart]
package claude_rego.policies.e2e_session

import rego.v1

context contains "E2E-SESSION-CONTEXT-a60: all commits need a ticket id" if input.hook.source == "startup"
