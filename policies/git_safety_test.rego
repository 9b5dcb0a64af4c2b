package claude_rego.policies.git_safety_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.git_safety
import rego.v1

git(args) := bash("git", [seg(0, array.concat(["git"], args))], [])

test_force_push_to_main_denied if {
	count(git_safety.deny) > 0 with input as git(["push", "--force", "origin", "main"])
	count(git_safety.deny) > 0 with input as git(["push", "-f", "origin", "master"])
	count(git_safety.deny) > 0 with input as git(["push", "--force-with-lease", "origin", "main"])
	count(git_safety.deny) > 0 with input as git(["-C", "repo", "push", "-f", "origin", "main"])
}

test_plus_refspec_to_protected_denied if {
	count(git_safety.deny) > 0 with input as git(["push", "origin", "+main"])
	count(git_safety.deny) > 0 with input as git(["push", "origin", "+HEAD:release/1.2"])
}

test_force_push_without_branch_denied if {
	count(git_safety.deny) > 0 with input as git(["push", "-f"])
}

test_force_push_to_feature_branch_allowed if {
	count(git_safety.deny) == 0 with input as git(["push", "--force", "origin", "my-feature"])
}

test_protected_branches_come_from_data if {
	count(git_safety.deny) > 0 with input as git(["push", "-f", "origin", "develop"])
		with data.claude_rego.settings.protected_branches as ["develop"]
}

test_reset_hard_and_rewrites_ask if {
	count(git_safety.ask) > 0 with input as git(["reset", "--hard", "HEAD~1"])
	count(git_safety.ask) > 0 with input as git(["rebase", "-i", "main"])
	count(git_safety.ask) > 0 with input as git(["filter-branch", "--tree-filter", "x"])
	count(git_safety.ask) == 0 with input as git(["status"])
}
