# METADATA
# title: Secrets in prompts
# description: >-
#   Blocks a user prompt that carries credentials (AWS keys, GCP service-account keys,
#   GitHub and Slack tokens, private keys, password= assignments) and tells the user to
#   rephrase without them. Also whatever input.facts.secrets.prompt found (more provider
#   formats, PuTTY/age keys, kubeconfig and .pgpass content, random-looking values assigned
#   to secret names, computed in Python with an entropy test). Also matched on the prompt with disguises undone
#   (input.facts.prompt_folded: zero-width characters, fullwidth and look-alike letters).
# custom:
#   severity: high
#   rationale: >-
#     A prompt goes to the model provider and into the transcript on disk. A credential
#     pasted by mistake should be stopped before it leaves the machine; the prompt is
#     erased from the context when blocked.
#   routing:
#     events: [UserPromptSubmit, UserPromptExpansion]
package claude_rego.policies.prompt_secrets

import data.claude_rego.lib.secrets
import rego.v1

deny contains msg if {
	kinds := (secrets.found(input.hook.prompt) | _found_folded) | _found_facts
	count(kinds) > 0
	msg := sprintf("Your prompt was not sent: it appears to contain a secret (%s). Remove it or replace it with a placeholder, then send the prompt again. If the secret is real, consider rotating it.", [concat(", ", sort(kinds))])
}

# the prompt with disguises undone (zero-width characters, fullwidth or Cyrillic letters)
_found_folded := secrets.found(input.facts.prompt_folded) if is_string(input.facts.prompt_folded)

else := set()

# what the facts found (facts/secrets.py: provider formats, key files, .pgpass lines,
# random-looking values assigned to secret names)
_found_facts := {f.kind | some f in object.get(object.get(input.facts, "secrets", {}), "prompt", [])}
