# METADATA
# title: Git safety
# description: >-
#   Denies force-pushes (--force, -f, --force-with-lease, +refspec) to protected
#   branches (data.claude_rego.settings.protected_branches, globs allowed) and
#   force-pushes that name no branch; asks before git reset --hard and history
#   rewrites (rebase, filter-branch, filter-repo, commit --amend, push --mirror).
# custom:
#   severity: high
#   rationale: >-
#     A force-push to a shared branch rewrites history for everyone; a hard reset throws
#     away uncommitted work. Neither should happen without a human deciding it.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.git_safety

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

protected := settings.get("protected_branches", ["main", "master"])

# git_calls: each git segment with its subcommand, computed once per evaluation (every
# rule below starts from it, so a command without git costs one pass over the segments).
git_calls contains {"seg": seg, "sub": subcommand(seg)} if {
	some seg in shell.running({"git"})
}

# the first argument that is not a global option (git -C dir -c k=v push …)
subcommand(seg) := [arg |
	some i, arg in seg.args
	not startswith(arg, "-")
	not value_of_global_option(seg, i)
][0]

value_of_global_option(seg, i) if {
	i > 0
	seg.args[i - 1] in {"-C", "-c", "--git-dir", "--work-tree", "--namespace"}
}

force(seg) if shell.has_arg(seg, {"--force", "-f", "--force-with-lease", "--force-if-includes"})

force(seg) if {
	some arg in seg.args
	startswith(arg, "--force-with-lease=")
}

force(seg) if shell.has_short_flag(seg, {"f"})

push_targets(seg) := [arg | some arg in shell.operands(seg); arg != "push"]

protected_ref(ref) if {
	branch := trim_prefix(trim_prefix(regex.replace(ref, `^\+?([^:]*:)?`, ""), "refs/heads/"), "+")
	some pattern in protected
	glob.match(pattern, ["/"], branch)
}

deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	force(seg)
	some ref in array.slice(push_targets(seg), 1, count(push_targets(seg)))
	protected_ref(ref)
	msg := sprintf("Blocked: force-pushing to protected branch `%s` rewrites shared history. Push to a new branch and open a pull request instead.", [ref])
}

deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	some ref in array.slice(push_targets(seg), 1, count(push_targets(seg)))
	startswith(ref, "+")
	protected_ref(ref)
	msg := sprintf("Blocked: `%s` force-pushes (+refspec) to a protected branch. Push to a new branch instead.", [ref])
}

deny contains "Blocked: a force-push that names no branch pushes the current branch, which may be protected. Name a non-protected branch explicitly." if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	force(seg)
	count(push_targets(seg)) < 2
}

ask contains "`git reset --hard` discards uncommitted work. Approve only if nothing is lost." if {
	some call in git_calls
	call.sub == "reset"
	seg := call.seg
	shell.has_arg(seg, {"--hard"})
}

ask contains msg if {
	some call in git_calls
	sub := call.sub
	sub in {"rebase", "filter-branch", "filter-repo"}
	msg := sprintf("`git %s` rewrites history. Approve only if this branch is not shared.", [sub])
}

ask contains "`git commit --amend` rewrites the last commit. Approve only if it was not pushed." if {
	some call in git_calls
	call.sub == "commit"
	seg := call.seg
	shell.has_arg(seg, {"--amend"})
}

ask contains "`git push --mirror`/`--delete` can remove remote branches. Approve only if intended." if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	shell.has_arg(seg, {"--mirror", "--delete", "-d", "--prune"})
}
