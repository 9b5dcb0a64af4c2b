# METADATA
# title: Force-pushes and hard resets through MCP tools
# description: >-
#   Judges a push requested through structured input (an MCP git or forge tool such as
#   mcp__git__git_push {"force": true}) like `git push --force`: a force flag (a boolean
#   force/force_push/force_with_lease/forcePush key, or a --force/-f/+refspec string)
#   to a protected branch, or to a branch the input does not name, is denied.
#   A hard reset through structured input (git_reset {"mode": "hard"}) is asked, like
#   `git reset --hard`.
# custom:
#   severity: high
#   rationale: >-
#     A structured tool input is the same request as a command line: the rule follows
#     the effect (a history-rewriting push), not the spelling. Force-pushes to a named,
#     unprotected branch stay allowed, as in the shell rule.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [mcp]
package claude_rego.policies.mcp_git_safety

import data.claude_rego.policies.git_safety.protected
import data.claude_rego.policies.git_safety.protected_branch
import rego.v1

_tool := lower(object.get(object.get(input, "facts", {}), "tool", {}).name) if {
	is_string(input.facts.tool.name)
} else := ""

_args := a if {
	a := input.hook.tool_input
	is_object(a)
} else := {}

# a push: the tool's name has the word push (git_push, pushBranch, push_files)
_pushes if regex.match(`(?i)(^|[_.-]|[a-z])push`, _tool)

_force_keys := {"force", "force_push", "forcepush", "force-push", "force_with_lease", "forcewithlease", "force-with-lease", "force_if_includes", "forced", "f"}

_truthy(v) if v == true

_truthy(v) if lower(sprintf("%v", [v])) in {"true", "yes", "1", "on"}

_forced if {
	walk(_args, [path, value])
	count(path) > 0
	key := path[count(path) - 1]
	is_string(key)
	lower(key) in _force_keys
	_truthy(value)
}

_forced if {
	walk(_args, [_, value])
	is_string(value)
	regex.match(`^(--force(-with-lease|-if-includes)?(=.*)?|-f|\+[^\t\n\f\r ]+)$`, value)
}

_branch_keys := {"branch", "ref", "refspec", "remote_branch", "remotebranch", "target", "target_branch", "targetbranch", "head", "destination", "to", "name"}

_branches := {trim_prefix(trim_prefix(regex.replace(v, `^[^:]*:`, ""), "+"), "refs/heads/") |
	walk(_args, [path, v])
	count(path) > 0
	key := path[count(path) - 1]
	is_string(key)
	lower(key) in _branch_keys
	is_string(v)
	v != ""
}

deny contains msg if {
	_pushes
	_forced
	some b in _branches
	protected_branch(b)
	msg := sprintf("Blocked: `%s` force-pushes to the protected branch `%s`, which rewrites shared history. Push to a new branch and open a pull request instead.", [input.facts.tool.name, b])
}

deny contains msg if {
	_pushes
	_forced
	count(_branches) == 0
	msg := sprintf("Blocked: `%s` force-pushes without naming a branch, so it may rewrite a protected branch (%s). Name a non-protected branch explicitly.", [input.facts.tool.name, concat(", ", protected)])
}

# A hard reset requested through structured input (mcp__git__git_reset {"mode": "hard"},
# {"hard": true}, {"args": ["--hard"]}): asked like `git reset --hard`, which discards
# uncommitted work. The reference server's git_reset only unstages (no mode): it passes,
# and its repo_path is the repository it works in, not a destination (facts/paths/effects.py).
_resets if regex.match(`(?i)(^|[_.-]|[a-z])reset`, _tool)

_hard if {
	walk(_args, [path, value])
	count(path) > 0
	key := path[count(path) - 1]
	is_string(key)
	lower(key) == "hard"
	_truthy(value)
}

_hard if {
	walk(_args, [_, value])
	is_string(value)
	lower(trim_left(value, "-")) == "hard"
}

ask contains msg if {
	_resets
	_hard
	msg := sprintf("`%s` resets hard: it discards uncommitted work (and moves the branch, which may be protected: %s). Approve only if nothing is lost.", [input.facts.tool.name, concat(", ", protected)])
}
