# METADATA
# title: e2e SessionStart env
# description: An environment line for the session (CLAUDE_ENV_FILE) that a later Bash command must see.
package claude_rego.policies.e2e_session_env

import rego.v1

env contains {"E2E_FROM_POLICY": "policy-env-5521"} if input.facts.event == "SessionStart"
