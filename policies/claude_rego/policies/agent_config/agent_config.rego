# METADATA
# title: CI and agent configuration
# description: >-
#   Asks before changes to CI pipelines (.github/workflows, .github/actions,
#   .gitlab-ci.yml, .circleci, Jenkinsfile, …) and to Claude Code's own settings,
#   hooks and agents (.claude/settings*.json, .claude/hooks, managed settings,
#   .mcp.json), and to editor/IDE configs that run commands (.vscode tasks/settings/launch,
#   .devcontainer, .idea run configurations, .envrc), whether made with a file tool or a shell write (echo >>, cp, sed -i,
#   tee). Paths are compared case-folded; the list is
#   data.claude_rego.settings.config_edit_patterns.
# custom:
#   severity: high
#   rationale: >-
#     CI definitions run with repository secrets, and Claude Code settings decide what
#     the agent may do: an agent editing either can grant itself more power or leak
#     secrets. A human should see these edits before they happen.
#     Routed to every tool: an MCP server or renamed tool that writes a workflow file
#     is judged by its effect (lib/paths `written`), not by its name.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.agent_config

import data.claude_rego.lib.paths.written
import data.claude_rego.lib.settings
import rego.v1

patterns := settings.value("config_edit_patterns")

# one regular expression for all patterns
_patterns_re := concat("|", [sprintf("(?:%s)", [p]) | some p in patterns])

ask contains msg if {
	some p in written
	not p in _made_dirs
	some location in {lower(p.absolute_folded), lower(p.resolved)}
	regex.match(_patterns_re, location)
	msg := sprintf("`%s` is CI or agent configuration; changes to it need your approval.", [p.raw])
}

# `mkdir -p .github/workflows`: creating a directory writes no configuration; the files
# later written into it are judged as they are written
_made_dirs contains entry if {
	"mkdir" in data.claude_rego.lib.shell.names
	some seg in data.claude_rego.lib.shell.running({"mkdir"})
	some word in data.claude_rego.lib.shell.operands(seg)
	entry := data.claude_rego.lib.paths.location(seg, word)
}
