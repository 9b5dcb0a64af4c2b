# METADATA
# title: e2e prompt gate
# description: Blocks prompts carrying a marker; adds context to prompts asking for it.
# custom:
#   routing:
#     events: [UserPromptSubmit]
package claude_rego.policies.e2e_prompt

import rego.v1

deny contains "E2E-PROMPT-BLOCK-51a: this prompt may not be sent" if contains(input.hook.prompt, "TOP-SECRET-PROMPT-e2e")

context contains "E2E-PROMPT-CONTEXT-8b2: the build command is make ci" if contains(input.hook.prompt, "please add context")
