# METADATA
# title: CI and agent configuration
# description: >-
#   Asks before changes to CI pipelines (.github/workflows, .gitlab-ci.yml,
#   .circleci, Jenkinsfile, …) and to Claude Code's own settings and hooks
#   (.claude/settings*.json, ~/.claude/settings.json, managed settings, .mcp.json).
# custom:
#   severity: high
#   rationale: >-
#     CI definitions run with repository secrets, and Claude Code settings decide what
#     the agent may do: an agent editing either can grant itself more power or leak
#     secrets. A human should see these edits before they happen.
#   routing:
#     events: [PreToolUse]
#     tool_classes: [shell, file-write]
package claude_rego.policies.agent_config

import data.claude_rego.lib.paths.written
import rego.v1

patterns := [
	`/\.github/workflows/[^/]+$`, `/\.github/actions/`, `/\.gitlab-ci\.ya?ml$`, `/\.circleci/`,
	`/jenkinsfile$`, `/azure-pipelines\.ya?ml$`, `/\.buildkite/`,
	`/\.claude/settings(\.local)?\.json$`, `/\.claude/hooks/`, `/\.claude/policies/`, `/\.mcp\.json$`,
	`/managed-settings\.json$`, `/claudecode/`, `/claude-code/`,
]

# One alternation, matched once per location: regorus compiles a regex on every call.
pattern_regex := concat("|", [sprintf("(?:%s)", [pattern]) | some pattern in patterns])

ask contains msg if {
	some p in written
	some location in {lower(p.absolute_folded), lower(p.resolved)}
	regex.match(pattern_regex, location)
	msg := sprintf("`%s` is CI or agent configuration; changes to it need your approval.", [p.raw])
}
