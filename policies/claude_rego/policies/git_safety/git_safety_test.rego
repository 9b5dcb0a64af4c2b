package claude_rego.policies.git_safety_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.policies.git_safety
import rego.v1

git(args) := bash("git", [seg(0, array.concat(["git"], args))], [])

denied(args) if count(git_safety.deny) > 0 with input as git(args)

asked(args) if {
	count(git_safety.ask) > 0 with input as git(args)
	count(git_safety.deny) == 0 with input as git(args)
}

quiet(args) if {
	count(git_safety.deny) == 0 with input as git(args)
	count(git_safety.ask) == 0 with input as git(args)
}

test_force_push_to_protected_branches_denied if {
	every args in [
		["push", "--force", "origin", "main"], ["push", "-f", "origin", "master"], ["push", "origin", "main", "--force"],
		["push", "origin", "main", "-f"], ["push", "-uf", "origin", "main"], ["push", "--force-with-lease", "origin", "main"],
		["push", "--force-with-lease=main", "origin", "main"], ["push", "--force-if-includes", "origin", "main"],
		["push", "--force", "origin", "HEAD:main"], ["push", "--force", "origin", "refs/heads/main"],
		["push", "-f", "origin", "x:refs/heads/production"], ["push", "-f", "origin", "release/2.0"],
		["-C", "repo", "push", "-f", "origin", "main"], ["-c", "core.x=y", "push", "-f", "origin", "main"],
		["--git-dir", ".git", "push", "-f", "origin", "main"], ["--no-pager", "push", "-f", "origin", "main"],
		["push", "-o", "ci.skip", "-f", "origin", "main"],
	] {
		denied(args)
	}
}

test_plus_refspec_to_protected_denied if {
	every args in [["push", "origin", "+main"], ["push", "origin", "+HEAD:release/1.2"], ["push", "origin", "+refs/heads/main"], ["push", "origin", "+main:main"]] {
		denied(args)
	}
}

test_force_push_without_a_named_branch_denied if {
	every args in [["push", "-f"], ["push", "--force", "origin"], ["push", "-f", "origin", "HEAD"], ["push", "--all", "-f", "origin"], ["push", "origin", "+HEAD"]] {
		denied(args)
	}
}

test_deleting_a_protected_branch_denied if {
	denied(["push", "origin", ":main"])
	denied(["push", "origin", "--delete", "main"])
	denied(["push", "-d", "origin", "master"])
}

test_wrappers_aliases_and_nesting_denied if {
	count(git_safety.deny) > 0 with input as bash("sudo git push -f origin main", [sub(0, ["git", "push", "-f", "origin", "main"], {"wrappers": ["sudo"]})], [])
	count(git_safety.deny) > 0 with input as bash("hub push -f origin main", [seg(0, ["hub", "push", "-f", "origin", "main"])], [])
	count(git_safety.deny) > 0 with input as bash("/usr/bin/git push -f origin main", [seg(0, ["/usr/bin/git", "push", "-f", "origin", "main"])], [])
	nested := [seg(0, ["bash", "-c", "git push -f origin main"]), sub(1, ["git", "push", "-f", "origin", "main"], {"parent": 0, "context": "shell_c", "depth": 1})]
	count(git_safety.deny) > 0 with input as bash("bash -c 'git push -f origin main'", nested, [])
}

test_force_push_to_feature_branches_allowed if {
	quiet(["push", "--force", "origin", "my-feature"])
	quiet(["push", "--force-with-lease", "origin", "feature/x"])
	quiet(["push", "-f", "origin", "HEAD:refs/heads/topic"])
	quiet(["push", "origin", "main"])
	quiet(["push", "-u", "origin", "HEAD:feature/x"])
}

test_protected_branches_come_from_data if {
	count(git_safety.deny) > 0 with input as git(["push", "-f", "origin", "develop"])
		with data.claude_rego.settings.protected_branches as ["develop"]
	count(git_safety.deny) == 0 with input as git(["push", "-f", "origin", "main"])
		with data.claude_rego.settings.protected_branches as ["develop"]
	count(git_safety.deny) > 0 with input as git(["push", "-f", "origin", "team/x"])
		with data.claude_rego.settings.protected_branches as ["team/*"]
}

test_reset_hard_and_history_rewrites_ask if {
	every args in [
		["reset", "--hard"], ["reset", "--hard", "origin/main"],
		["filter-branch", "--tree-filter", "x"], ["filter-repo", "--path", "x"],
		["reflog", "expire", "--expire=now", "--all"], ["update-ref", "-d", "refs/heads/x"],
		["push", "--mirror", "origin"], ["push", "--prune", "origin"],
	] {
		asked(args)
	}
}

test_local_rewrites_ask_only_when_the_team_says_so if {
	every args in [["rebase", "-i", "main"], ["rebase", "origin/main"], ["commit", "--amend", "--no-edit"]] {
		quiet(args)
		count(git_safety.ask) > 0 with input as git(args) with data.claude_rego.settings.ask_on_local_rewrites as true
	}
	count(git_safety.ask) == 0 with input as git(["rebase", "--continue"])
		with data.claude_rego.settings.ask_on_local_rewrites as true
}

test_ordinary_git_is_quiet if {
	every args in [["status"], ["log", "--oneline"], ["reset", "--soft", "HEAD~1"], ["reset", "HEAD", "file.txt"], ["rebase", "--continue"], ["rebase", "--abort"], ["commit", "-m", "push --force to main"], ["fetch", "--all"]] {
		quiet(args)
	}
}

test_reasons_name_the_branch_and_the_alternative if {
	some msg in git_safety.deny with input as git(["push", "-f", "origin", "main"])
	contains(msg, "`main`")
	contains(msg, "new branch")
}

# A bare `git` (no subcommand) next to the push: the engine drops a whole partial rule
# when its head is undefined for one match (docs/rego-dialect.md), so `git_calls` binds
# the subcommand in its body; the push is still judged, before or after the bare git.
test_a_bare_git_beside_a_force_push_does_not_hide_it if {
	after := bash("git push --force origin main; git", [seg(0, ["git", "push", "--force", "origin", "main"]), seg(1, ["git"])], [])
	count(git_safety.deny) > 0 with input as after
	before := bash("git; git push --force origin main", [seg(0, ["git"]), seg(1, ["git", "push", "--force", "origin", "main"])], [])
	count(git_safety.deny) > 0 with input as before
}

# a force-push to a branch left as an unresolved variable asks (h12-ca: `B=feature;
# [ x ] && B=main; git push -f origin $B` may push main); a plain push to it does not
test_force_push_to_an_unresolved_branch_asks if {
	every args in [["push", "-f", "origin", "$B"], ["push", "--force-with-lease", "origin", "HEAD:$B"], ["push", "origin", "+$B"], ["push", "-f", "origin", "$(…)"]] {
		asked(args)
	}
	quiet(["push", "origin", "$B"])
	quiet(["push", "-f", "origin", "feature"])
}

# ------------------------------------------------------------ repository internals


internals_asked(doc) if {
	count(git_safety.ask) > 0 with input as doc
	count(git_safety.deny) == 0 with input as doc
}

internals_quiet(doc) if count(git_safety.ask) == 0 with input as doc

test_writers_of_repository_internals_ask if {
	every argv in [
		["truncate", "-s", "0", ".git/index"], ["truncate", "-s0", ".git/HEAD"], ["dd", "if=/dev/zero", "of=.git/index"],
		["dd", "if=/dev/urandom", "of=.git/objects/pack/pack-1.pack"], ["shred", "-u", ".git/objects/pack/pack-1.idx"],
		["cp", "/dev/null", ".git/refs/heads/main"], ["rm", ".git/HEAD"], ["rm", "-f", ".git/packed-refs"],
		["rm", "-rf", ".git/objects"], ["rm", "-rf", "/home/dev/project/.git/refs"], ["rm", "-rf", ".git"],
		["rm", "-rf", "repo.git/objects"], ["rm", "-rf", ".git/modules/lib/objects"], ["rm", "-rf", ".git/logs"],
		["tee", ".git/index"], ["sed", "-i", "d", ".git/HEAD"],
	] {
		internals_asked(cmd(argv))
	}
}

test_redirects_into_repository_internals_ask if {
	every target in [".git/HEAD", ".git/refs/heads/main", ".git/packed-refs", ".git/objects/info/alternates"] {
		internals_asked(bash(": > x", [object.union(seg(0, [":"]), {"redirects": [{"op": ">", "target": target, "fd": null, "dup": false}]})], []))
	}
}

test_file_tools_writing_repository_internals_ask if {
	every f in ["/home/dev/project/.git/HEAD", "/home/dev/project/.git/objects/pack/pack-x.idx", "/home/dev/project/.git/refs/heads/main"] {
		internals_asked(file_tool("Write", "file-write", path(f, f, true)))
		internals_asked(file_tool("Edit", "file-write", path(f, f, true)))
	}
}

test_moving_repository_internals_away_asks if {
	every argv in [["mv", ".git", "/tmp/x"], ["mv", ".git", ".git.bak"], ["mv", "-t", "/tmp", ".git"], ["mv", ".git/objects/pack/p.pack", "/tmp/"]] {
		internals_asked(cmd(argv))
	}
}

test_lock_files_reads_and_other_git_files_pass if {
	every argv in [
		["rm", ".git/index.lock"], ["rm", "-f", ".git/refs/heads/main.lock"], ["mv", ".git/index.lock", "/tmp/"],
		["cat", ".git/HEAD"], ["ls", ".git/objects"], ["du", "-sh", ".git/objects"], ["rm", ".git/COMMIT_EDITMSG"],
		["git", "gc", "--prune=now"], ["git", "prune"], ["mv", "old.txt", "new.txt"], ["rm", "-rf", "build"],
		["cp", "/dev/null", "app.log"], ["truncate", "-s", "0", "logs/app.log"], ["rm", "-rf", "docs/.github"],
	] {
		internals_quiet(cmd(argv))
	}
	internals_quiet(file_tool("Write", "file-write", path("/home/dev/project/.git/info/exclude", "/home/dev/project/.git/info/exclude", true)))
}

test_deleting_a_remote_feature_branch_passes if {
	every args in [
		["push", "origin", "--delete", "feature"], ["push", "origin", "--delete", "feature/login"],
		["push", "origin", ":fix-123"], ["push", "-d", "origin", "a", "b/c"], ["push", "origin", "--delete", "123-fix-login"],
		["push", "origin", "--delete", "refs/heads/feature/x"], ["push", "origin", ":"],
	] {
		quiet(args)
	}
}

test_deleting_a_tag_or_an_unclear_ref_asks if {
	every args in [
		["push", "origin", "--delete", "v1.0.0"], ["push", "origin", "--delete", "2.3.1"], ["push", "origin", "--delete", "v2"],
		["push", "origin", ":refs/tags/v1.0.0"], ["push", "origin", "--delete", "refs/tags/x"],
		["push", "origin", "--delete", "refs/notes/commits"], ["push", "origin", "--delete", "HEAD"],
		["push", "origin", "--delete", "$B"], ["push", "origin", "--delete", "feat*"], ["push", "--delete", "origin", "--tags"],
		["push", "origin", "--delete", "Main"], ["push", "origin", ":Release/1.0"],
	] {
		asked(args)
	}
}

test_deleting_a_protected_branch_of_the_settings_is_denied if {
	count(git_safety.deny) > 0 with input as git(["push", "origin", "--delete", "staging"]) with data.claude_rego.settings.protected_branches as ["staging"]
	count(git_safety.deny) > 0 with input as git(["push", "origin", ":hotfix/1"]) with data.claude_rego.settings.protected_branches as ["hotfix/*"]
}

# session 27: a forced add of a file claude-rego cannot resolve asks; literal and plain adds pass
test_forced_add_of_unresolved_file_asks if {
	every args in [["add", "-f", "$F"], ["add", "--force", "${m[k]}"], ["add", "-Af", "$(…)"], ["add", "-f", "dir/`…`"]] {
		asked(args)
	}
}

test_discarding_uncommitted_work_asks if {
	every args in [
		["checkout", "--", "."], ["checkout", "."], ["checkout", "HEAD", "--", ":/"], ["checkout", "--", "$FILES"],
		["restore", "."], ["restore", "--worktree", "--staged", "."], ["restore", "-SW", "."],
		["restore", "--source=HEAD~3", "."], ["restore", "--pathspec-from-file=list.txt"],
		["checkout", "-f", "main"], ["checkout", "--force"], ["checkout", "-qf", "main"],
		["switch", "--discard-changes", "main"], ["switch", "-f", "main"], ["read-tree", "-u", "--reset", "HEAD"],
		["stash", "clear"], ["clean", "-ffdx"], ["clean", "-f", "-f", "-dx"], ["-C", "sub", "clean", "-ffdX"], ["clean", "-ffdx", "$DIR"],
		["clean", "-fdx"], ["clean", "-fd"], ["clean", "-xf", "."], ["-C", "sub", "clean", "-fdX"], ["clean", "--force"],
		["clean", "-d", "-f"], ["worktree", "remove", "--force", "/tmp/wt"], ["worktree", "remove", "-f", "../wt"],
	] {
		asked(args)
	}
}

test_plain_or_literal_add_is_quiet if {
	every args in [["add", "$F"], ["add", "-f", "dist/bundle.js"], ["add", "-A"], ["add", "-u", "$F"]] {
		quiet(args)
	}
}

test_discard_twins_pass if {
	every args in [
		["checkout", "--", "src/app.py"], ["checkout", "src/app.py"], ["restore", "--staged", "src/app.py"],
		["restore", "--staged", "."], ["restore", "-S", "."], ["restore", "src/app.py"], ["stash", "pop"],
		["stash", "drop"], ["stash"], ["stash", "list"], ["checkout", "main"], ["checkout", "-b", "feature/x"],
		["switch", "-c", "feature/x"], ["switch", "main"], ["clean", "-n"], ["clean", "-nfdx"],
		["clean", "-fdx", "build/"], ["clean", "-fdx", "-e", ".env"], ["clean", "-fdX", "--", "build/"], ["read-tree", "HEAD"], ["checkout", "-p", "."],
		["restore", "-p", "."], ["worktree", "remove", ".worktrees/x"], ["worktree", "list"], ["worktree", "add", "../wt", "-f"],
	] {
		quiet(args)
	}
}

# session 31: a forced delete of a local branch asks; a merged-only delete, renames and copies pass
test_branch_force_delete_asks if {
	every args in [["branch", "-D", "feature-x"], ["branch", "-Dv", "feature"], ["branch", "--delete", "--force", "x"],
		["branch", "-d", "-f", "x"], ["branch", "-df", "x"], ["branch", "-D", "$BR"]] {
		asked(args)
	}
}

test_branch_plain_delete_and_renames_pass if {
	every args in [["branch", "-d", "feature-x"], ["branch", "--delete", "x"], ["branch", "-M", "main"],
		["branch", "-m", "old", "new"], ["branch", "-C", "copy"], ["branch", "-a"], ["branch", "--show-current"],
		["branch", "-f", "topic", "HEAD~1"]] {
		quiet(args)
	}
}

# session 31: a forced wildcard refspec covers the protected branches; a push configured to force
# or mirror asks
test_forced_wildcard_refspecs_denied if {
	every args in [["push", "--force", "origin", "refs/heads/*"], ["push", "-f", "origin", "refs/heads/*:refs/heads/*"],
		["push", "origin", "+refs/heads/*:refs/heads/*"]] {
		count(git_safety.deny) > 0 with input as git(args)
	}
}

test_forcing_or_mirroring_push_config_asks if {
	every args in [["config", "remote.origin.push", "+refs/heads/*:refs/heads/*"], ["config", "remote.origin.mirror", "true"],
		["-c", "remote.origin.mirror=true", "push", "origin"], ["config", "--local", "remote.up.push", "+HEAD:main"]] {
		asked(args)
	}
}

test_plain_push_config_and_wildcards_pass if {
	every args in [["config", "remote.origin.push", "refs/heads/main:refs/heads/main"], ["config", "remote.origin.mirror", "false"],
		["push", "origin", "refs/heads/*"], ["config", "--get", "remote.origin.push"], ["-c", "user.name=x", "commit", "-m", "y"]] {
		quiet(args)
	}
}
