# METADATA
# title: Git safety
# description: >-
#   Denies force-pushes (--force, -f, --force-with-lease, --force-if-includes,
#   +refspec) to protected branches (data.claude_rego.settings.protected_branches,
#   globs allowed), force-pushes whose target branch cannot be told from the command
#   (no refspec, HEAD, --all) and deleting a protected branch on the remote (:main,
#   --delete main). Asks before git reset --hard, history rewrites that reach beyond
#   the last commits (filter-branch, filter-repo, replace, reflog expire, update-ref,
#   BFG), push --mirror/--prune and remote deletes of tags and of refs that are not
#   plainly a feature branch (deleting a merged feature branch passes). A rebase or commit --amend
#   only rewrites local history (publishing it needs a force-push, which is judged
#   above): it asks only with data.claude_rego.settings.ask_on_local_rewrites.
#   Asks before verbs that discard uncommitted work like reset --hard (checkout or
#   restore of the whole tree, checkout -f, switch --discard-changes, read-tree -u
#   --reset, stash clear, a forced clean of the whole tree).
#   Asks before any tool writes, truncates or deletes a repository's internals
#   (.git/objects, refs, logs, HEAD, index, packed-refs, a `.git` file; by effect: rm,
#   truncate, dd of=, shred, `: >`, cp /dev/null, Write/Edit alike); lock files pass.
# custom:
#   severity: high
#   rationale: >-
#     A force-push to a shared branch rewrites history for everyone and can destroy
#     colleagues' commits; a hard reset throws away uncommitted work; history rewrites
#     are hard to undo once pushed. The checks run on the parsed command (global
#     options such as -C and -c are skipped; quoting, wrappers and nested shells do not
#     hide git). The current branch is not known to the hook, so a force-push that
#     names no branch is denied and `reset --hard` always asks: name the branch
#     explicitly.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, file-write, mcp, other]
#     tools: [Task, Agent]
package claude_rego.policies.git_safety

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

protected := settings.value("protected_branches")

_git_programs := {"git", "hub"}

# git_calls: each git segment with its subcommand, computed once per evaluation; the
# rules below start from it, so a command without git costs one pass over the segments.
git_calls contains entry if {
	some ran in _git_programs & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	entry := {"seg": seg, "sub": subcommand(seg)}
}

# index of the first argument that is not a global option (git -C dir -c k=v push …)
_sub_index(seg) := min([i |
	some i, arg in shell.args(seg)
	not startswith(arg, "-")
	not _value_of_global_option(seg, i)
])

subcommand(seg) := shell.args(seg)[_sub_index(seg)]

# the arguments after the subcommand
sub_args(seg) := array.slice(shell.args(seg), _sub_index(seg) + 1, count(shell.args(seg)))

_value_of_global_option(seg, i) if {
	i > 0
	shell.args(seg)[i - 1] in {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"}
}

_has(seg, names) if {
	some a in sub_args(seg)
	a in names
}

force(seg) if _has(seg, {"--force", "-f", "--force-with-lease", "--force-if-includes"})

force(seg) if {
	some a in sub_args(seg)
	startswith(a, "--force-with-lease=")
}

force(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z46]*f[A-Za-z46]*$`, a)
}

_push_value_options := {"-o", "--push-option", "--repo", "--receive-pack", "--exec"}

# remote and refspecs: the operands of `push`, without option values
push_operands(seg) := [a |
	some i, a in sub_args(seg)
	not startswith(a, "-")
	not _after_push_option(seg, i)
]

_after_push_option(seg, i) if {
	i > 0
	sub_args(seg)[i - 1] in _push_value_options
}

refspecs(seg) := array.slice(push_operands(seg), 1, count(push_operands(seg)))

# the branch a refspec updates on the remote: `+src:dst` → dst, `refs/heads/x` → x
destination(ref) := trim_prefix(regex.replace(trim_prefix(ref, "+"), `^[^:]*:`, ""), "refs/heads/")

protected_branch(branch) if {
	not contains(branch, "\u0000")
	some pattern in protected
	glob.match(pattern, ["/"], branch)
}

# NUL is glob.match's internal placeholder (a builtin error would stop the whole query);
# no real branch name holds one, so such a push is treated as one to a protected branch
protected_branch(branch) if contains(branch, "\u0000")

unknown_destination(ref) if destination(ref) in {"HEAD", "@", ""}

instead := "Push to a new branch and open a pull request instead, or ask the user to do this."

deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	force(seg)
	some ref in refspecs(seg)
	protected_branch(destination(ref))
	msg := sprintf("Blocked: force-pushing to protected branch `%s` rewrites shared history. Push to a new branch and open a pull request instead.", [destination(ref)])
}

deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	some ref in refspecs(seg)
	startswith(ref, "+")
	protected_branch(destination(ref))
	msg := sprintf("Blocked: `%s` force-pushes (`%s`) to the protected branch `%s`. %s", [concat(" ", seg.argv), ref, destination(ref), instead])
}

deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	_forces_unknown_branch(seg)
	msg := sprintf("Blocked: `%s` force-pushes without naming a branch, so it may rewrite a protected branch (%s). Name a non-protected branch explicitly, e.g. `git push --force-with-lease origin my-branch`.", [concat(" ", seg.argv), concat(", ", protected)])
}

_forces_unknown_branch(seg) if {
	force(seg)
	count(refspecs(seg)) == 0
}

_forces_unknown_branch(seg) if {
	force(seg)
	some ref in refspecs(seg)
	unknown_destination(ref)
}

_forces_unknown_branch(seg) if {
	some ref in refspecs(seg)
	startswith(ref, "+")
	unknown_destination(ref)
}

_forces_unknown_branch(seg) if {
	force(seg)
	_has(seg, {"--all", "--branches"})
}

# a wildcard refspec (`git push -f origin 'refs/heads/*'`, `+refs/heads/*:refs/heads/*`) covers
# every branch, the protected ones too
_forces_unknown_branch(seg) if {
	some ref in refspecs(seg)
	_forced(seg, ref)
	contains(destination(ref), "*")
}

# A push configured to force or to mirror (`git config remote.origin.push '+refs/heads/*:…'`,
# `remote.origin.mirror true`, also as `git -c key=value push`): every later plain `git push`
# of that remote rewrites or deletes remote branches, protected ones too (session 31)
ask contains msg if {
	some call in git_calls
	some [key, value] in _config_settings(call)
	regex.match(`^remote\.[^=]+\.(push|mirror)$`, lower(key))
	_forcing_push_setting(lower(key), value)
	msg := sprintf("`%s` configures pushes to %s: every later `git push` of that remote can rewrite or delete its branches, protected ones included. Approve only if intended.", [concat(" ", call.seg.argv), _push_setting_effect(lower(key))])
}

_config_settings(call) := {[ops[0], ops[1]] |
	ops := [a | some a in sub_args(call.seg); not startswith(a, "-")]
	count(ops) >= 2
} if {
	call.sub == "config"
} else := {[kv[0], kv[1]] |
	args := shell.args(call.seg)
	some i, a in args
	a == "-c"
	i + 1 < count(args)
	kv := split(args[i + 1], "=")
	count(kv) >= 2
}

_forcing_push_setting(key, value) if {
	endswith(key, ".push")
	startswith(value, "+")
}

_forcing_push_setting(key, value) if {
	endswith(key, ".mirror")
	lower(value) in {"true", "yes", "on", "1"}
}

_push_setting_effect(key) := "force (a `+` refspec)" if endswith(key, ".push")

_push_setting_effect(key) := "mirror (remote branches missing here are deleted)" if endswith(key, ".mirror")

# a force-push to a branch named by a variable the facts cannot resolve (assigned in more
# than one place or where it may not run: `B=feature; [ x ] && B=main; git push -f origin $B`)
ask contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	some ref in refspecs(seg)
	_forced(seg, ref)
	_unresolved_branch(destination(ref))
	msg := sprintf("`%s` force-pushes to `%s`, a branch claude-rego cannot resolve (a variable set in more than one place, or where it may not run); it may be a protected branch (%s).", [concat(" ", seg.argv), destination(ref), concat(", ", protected)])
}

_forced(seg, _) if force(seg)

_forced(_, ref) if startswith(ref, "+")

_unresolved_branch(branch) if contains(branch, "$")

_unresolved_branch(branch) if contains(branch, "…")

# git push origin :main / git push origin --delete main
deny contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	some branch in _deleted(seg)
	protected_branch(branch)
	msg := sprintf("Blocked: `%s` deletes the protected branch `%s` on the remote. Ask the user to do this if it is really intended.", [concat(" ", seg.argv), branch])
}

_deleted(seg) := {trim_prefix(substring(ref, 1, -1), "refs/heads/") | some ref in refspecs(seg); startswith(ref, ":")} if {
	not _has(seg, {"--delete", "-d"})
} else := {trim_prefix(ref, "refs/heads/") | some ref in refspecs(seg)}

ask contains msg if {
	some call in git_calls
	call.sub == "reset"
	seg := call.seg
	_has(seg, {"--hard", "--merge", "--keep"})
	msg := sprintf("`%s` discards uncommitted work (and moves the branch, which may be protected: %s). Approve only if nothing is lost.", [concat(" ", seg.argv), concat(", ", protected)])
}

_rewrites := {"filter-branch", "filter-repo", "replace"}

# rebase and commit --amend rewrite local history only: everyday work (a rebase onto
# origin/main), published only by a force-push; a team may still ask on them
_local_rewrites_ask := settings.value("ask_on_local_rewrites")

_harmless_rebase := {"--abort", "--continue", "--skip", "--quit", "--edit-todo", "--show-current-patch"}

ask contains msg if {
	some call in git_calls
	call.sub in _rewrites
	seg := call.seg
	msg := sprintf("`%s` rewrites history. Approve only if this branch is not shared.", [concat(" ", seg.argv)])
}

ask contains msg if {
	_local_rewrites_ask == true
	some call in git_calls
	call.sub == "rebase"
	seg := call.seg
	not _has(seg, _harmless_rebase)
	msg := sprintf("`%s` rewrites history. Approve only if this branch is not shared.", [concat(" ", seg.argv)])
}

ask contains msg if {
	_local_rewrites_ask == true
	some call in git_calls
	call.sub == "commit"
	seg := call.seg
	_has(seg, {"--amend"})
	msg := sprintf("`%s` rewrites the last commit. Approve only if it was not pushed.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some call in git_calls
	call.sub == "reflog"
	seg := call.seg
	sub_args(seg)[0] in {"expire", "delete"}
	msg := sprintf("`%s` deletes reflog entries, the safety net for lost commits. Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some call in git_calls
	call.sub == "update-ref"
	seg := call.seg
	msg := sprintf("`%s` moves or deletes a ref directly, bypassing git's safety checks. Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"bfg", "git-filter-repo"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	msg := sprintf("`%s` rewrites repository history. Approve only if this repository is not shared.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	_has(seg, {"--mirror", "--prune"})
	msg := sprintf("`%s` can remove or overwrite remote branches. Approve only if intended.", [concat(" ", seg.argv)])
}

# ------------------------------------------------------------ repository internals

# Any tool that writes, truncates or deletes a repository's internals (the object store,
# refs, reflogs, HEAD, the index, packed-refs; also in a bare `x.git` directory, a
# submodule's or a worktree's git directory, and a `.git` file, which names the git
# directory): `truncate -s0 .git/index`, `dd of=.git/objects/pack/…`, `shred .git/HEAD`,
# `: > .git/refs/heads/main`, `cp /dev/null .git/index`, `rm .git/HEAD`, a Write of
# .git/HEAD — judged by the written path (facts' write effects), not by the program.
# Git's own lock files (`rm .git/index.lock`) and the rest of .git (info/exclude,
# COMMIT_EDITMSG; hooks and config are config_exec's) pass; so do `git gc`/`git prune`,
# which write through git itself.
ask contains msg if {
	some p in data.claude_rego.lib.paths.written
	some l in _written_locations(p)
	_git_internal(l)
	not endswith(l, ".lock")
	msg := sprintf("This writes, truncates or deletes `%s`, part of a git repository's internals (objects, refs, HEAD, index): a damaged one loses history or breaks the repository. Use git commands for it (git gc, git update-ref, git reset), or approve only if intended.", [p.raw])
}

_written_locations(p) := {lower(l) |
	some k in ["absolute", "resolved"]
	l := object.get(p, k, "")
	is_string(l)
	l != ""
}

_git_internal(l) if regex.match(`/[^/]*\.git/((modules|worktrees)/.+/)?(objects|refs|logs)(/|$)`, l)

_git_internal(l) if regex.match(`/[^/]*\.git/((modules|worktrees)/.+/)?(head|index|packed-refs|shallow|commondir|gitdir)$`, l)

_git_internal(l) if endswith(l, "/.git")

# mv .git elsewhere (or .git/objects, a ref): the repository loses what was moved, like a
# delete of it (mv's sources are not written paths; its destination is judged above)
ask contains msg if {
	some ran in {"mv", "gmv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in _mv_sources(seg)
	p := data.claude_rego.lib.paths.location(seg, word)
	some l in _written_locations(p)
	_git_internal(l)
	not endswith(l, ".lock")
	msg := sprintf("`%s` moves `%s`, part of a git repository's internals, away: the repository loses it. Approve only if intended.", [concat(" ", seg.argv), word])
}

# mv's sources: every operand but the last, or every operand with -t DIR / --target-directory
_mv_sources(seg) := [w | some w in shell.operands(seg); not w in targets] if {
	some a in shell.args(seg)
	_mv_target_option(a)
	targets := _mv_target_values(seg)
} else := array.slice(ops, 0, count(ops) - 1) if {
	ops := shell.operands(seg)
}

_mv_target_option(a) if a in {"-t", "--target-directory"}

_mv_target_option(a) if startswith(a, "--target-directory=")

_mv_target_option(a) if regex.match(`^-[A-Za-z]*t.+$`, a)

_mv_target_values(seg) := {v |
	some i, a in shell.args(seg)
	a in {"-t", "--target-directory"}
	v := shell.args(seg)[i + 1]
}

# Deleting a remote feature branch after its merge (`git push origin --delete feature/x`,
# `git push origin :fix-123`) is everyday work and passes. A delete asks when what it
# deletes is not plainly such a branch: a tag (`refs/tags/v1`, a version-shaped name such as
# `v1.2.0` or `2.0.1`, `--tags`), another kind of ref (`refs/notes/…`), a name the command
# does not fix (a variable, a glob, `HEAD`) or a protected branch spelled in another case
# (`Main`); a protected branch itself is denied above.
ask contains msg if {
	some call in git_calls
	call.sub == "push"
	seg := call.seg
	some ref in _delete_asks(seg)
	msg := sprintf("`%s` deletes `%s` on the remote, which is not a plain feature branch (a tag, another kind of ref, a protected or unresolved name). Approve only if intended.", [concat(" ", seg.argv), ref])
}

_deletes(seg) if _has(seg, {"--delete", "-d"})

_deletes(seg) if {
	some ref in refspecs(seg)
	startswith(ref, ":")
	ref != ":"
}

_delete_asks(seg) := {ref |
	_deletes(seg)
	some ref in _deleted(seg)
	not protected_branch(ref)
	not _feature_branch(ref)
} | _delete_all_tags(seg)

_delete_all_tags(seg) := {"--tags"} if {
	_deletes(seg)
	_has(seg, {"--tags", "--all", "--follow-tags", "--branches"})
} else := set()

_feature_branch(ref) if {
	ref != ""
	not ref in {"HEAD", "@"}
	not startswith(ref, "refs/")
	not _unresolved_branch(ref)
	not regex.match("[$*?\\[\\\\`]", ref)
	not regex.match(`^([vV][0-9]+|[vV]?[0-9]+(\.[0-9]+)+)([-+.][0-9A-Za-z.-]*)?$`, ref)
	not _protected_folded(ref)
}

_protected_folded(ref) if {
	some pattern in protected
	is_string(pattern)
	not contains(ref, "\u0000")
	glob.match(lower(pattern), ["/"], lower(ref))
}

# a forced add (past .gitignore) of a file named by a value claude-rego cannot resolve
# (`f=.ENV; git add -f ${m[k]}`, `git add -f "$(…)"`): the same word spelled `.env` is denied
# as a secret file about to be committed and pushed, so an unknown one is asked (session 27)
ask contains msg if {
	some call in git_calls
	call.sub == "add"
	seg := call.seg
	_forced_add(seg)
	some a in sub_args(seg)
	not startswith(a, "-")
	_unresolved_branch(a)
	msg := sprintf("`%s` force-adds `%s`, a file claude-rego cannot resolve (a variable or a command's output) that .gitignore may keep out on purpose (a secret or local file). Approve only if you know what it names.", [concat(" ", seg.argv), a])
}

_forced_add(seg) if _has(seg, {"-f", "--force"})

_forced_add(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*f[A-Za-z]*$`, a)
}

# ------------------------------------------------------------ uncommitted work discarded

# Verbs other than `reset --hard` that throw away uncommitted work (session 27): a checkout
# or restore of the whole tree (`git checkout -- .`, `git checkout HEAD :/`, `git restore .`,
# `--pathspec-from-file`), a forced checkout or switch (`checkout -f main`, `switch
# --discard-changes`), `read-tree -u --reset`, `stash clear` (every stashed change at
# once), and a forced `git clean` of the whole tree (untracked files, with `-x` the ignored
# `.env` and local data too). A named file or directory (`git checkout -- src/app.py`,
# `git clean -fdx build/`), `restore --staged` (only the index), `stash pop|drop` (one
# entry, named by the user's flow), `checkout main` (git refuses to lose changes) and a
# dry run (`clean -n`) pass, and so does a clean that names what it keeps (`-e .env`).
ask contains msg if {
	some call in git_calls
	what := _discards(call.sub, call.seg)
	msg := sprintf("`%s` %s: uncommitted work is lost and git cannot bring it back. Approve only if nothing is lost (commit or `git stash` it first).", [concat(" ", call.seg.argv), what])
}

_discards("checkout", seg) := "discards the changes of the whole work tree" if {
	_whole_tree_pathspec(seg)
} else := "forces a checkout over local changes" if {
	_forced_flag(seg)
}

_discards("restore", seg) := "discards the changes of the whole work tree" if {
	_restores_worktree(seg)
	_whole_tree_pathspec(seg)
}

_discards("switch", seg) := "switches branch discarding local changes" if {
	some a in sub_args(seg)
	_switch_discard_flag(a)
}

_discards("read-tree", seg) := "resets the index and the work tree to a tree" if {
	_has(seg, {"--reset"})
	_has(seg, {"-u"})
}

_discards("stash", seg) := "deletes every stashed change" if {
	some a in sub_args(seg)
	not startswith(a, "-")
	a == "clear"
}

# a forced clean of the whole tree (session 31: a single force too; `git clean -fdx` takes the
# new files not yet added, `.env` and local data with it, and peers' corpora (dcg,
# claude-code-safety-net) refuse it; session 27 had let a single force pass as the everyday
# reset of a build tree, which a named directory (`git clean -fdx build/`) still is)
_discards("clean", seg) := "deletes the untracked files of the whole work tree, nested repositories included" if {
	_clean_forced(seg)
	_clean_forced_twice(seg)
	_clean_whole_tree(seg)
	not _clean_keeps(seg)
} else := "deletes the untracked files of the whole work tree (new files not yet added, and with -x the ignored ones such as .env)" if {
	_clean_forced(seg)
	_clean_whole_tree(seg)
	not _clean_keeps(seg)
}

# a forced removal of a worktree takes its uncommitted changes along (a plain `git worktree
# remove` refuses to when it has any)
_discards("worktree", seg) := "removes a worktree with its uncommitted changes" if {
	args := sub_args(seg)
	count(args) > 0
	args[0] == "remove"
	some a in array.slice(args, 1, count(args))
	_worktree_force(a)
}

_worktree_force(a) if a in {"--force", "-f"}

_worktree_force(a) if regex.match(`^-[A-Za-z]*f[A-Za-z]*$`, a)

# a forced delete of a local branch (`git branch -D x`, `--delete --force`): the commits only that
# branch holds are no longer reachable from any branch (a plain `-d` refuses an unmerged branch).
# Renames and copies (`-M`, `-C`) pass: `git branch -M main` is every new repository's first step.
ask contains msg if {
	some call in git_calls
	call.sub == "branch"
	_branch_force_delete(call.seg)
	msg := sprintf("`%s` force-deletes a branch: commits that only it holds are lost (git keeps no reflog of a deleted branch). Approve only if its work is merged or no longer needed.", [concat(" ", call.seg.argv)])
}

_branch_force_delete(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*D[A-Za-z]*$`, a)
}

_branch_force_delete(seg) if {
	_has(seg, {"--delete", "-d"})
	_has(seg, {"--force", "-f"})
}

_branch_force_delete(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*(df|fd)[A-Za-z]*$`, a)
}

_clean_forced_twice(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*f[A-Za-z]*f[A-Za-z]*$`, a)
}

_clean_forced_twice(seg) if {
	count([a | some a in sub_args(seg); regex.match(`^(-[A-Za-z]*f[A-Za-z]*|--force)$`, a)]) >= 2
}

# an exclusion (`git clean -fdx -e .env`) says what the caller chose to keep: a deliberate
# clean-up, not a blind one
_clean_keeps(seg) if {
	some a in sub_args(seg)
	regex.match(`^(-e|--exclude)(=.+)?$|^-e.+`, a)
}

_whole_tree_words := {".", "./", "*", ":", ":/", ":/*", ":/.", ":(top)", ":(top).", ":(top)*", "..", "../", "./*", "**"}

_whole_tree_pathspec(seg) if {
	not _has(seg, {"-p", "--patch"})
	some a in sub_args(seg)
	a in _whole_tree_words
}

_whole_tree_pathspec(seg) if {
	some a in sub_args(seg)
	startswith(a, "--pathspec-from-file")
}

# a pathspec the facts cannot resolve (`git checkout -- $FILES`) may be the whole tree
_whole_tree_pathspec(seg) if {
	args := sub_args(seg)
	some i, a in args
	a == "--"
	some p in array.slice(args, i + 1, count(args))
	_unresolved_branch(p)
}

_forced_flag(seg) if _has(seg, {"--force", "-f"})

_forced_flag(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*f[A-Za-z]*$`, a)
	not startswith(a, "--")
}

_switch_discard_flag(a) if a in {"--discard-changes", "--force", "-f"}

_switch_discard_flag(a) if regex.match(`^-[A-Za-z]*f[A-Za-z]*$`, a)

# restore acts on the work tree unless only --staged is given
_restores_worktree(seg) if not _restore_staged_only(seg)

_restore_staged_only(seg) if {
	some a in sub_args(seg)
	_restore_flag(a, "S")
	not _restore_worktree_flag(seg)
}

_restore_worktree_flag(seg) if {
	some a in sub_args(seg)
	_restore_flag(a, "W")
}

_restore_flag(a, "S") if a == "--staged"

_restore_flag(a, "W") if a == "--worktree"

_restore_flag(a, letter) if {
	regex.match(`^-[A-Za-z]+$`, a)
	contains(a, letter)
}

_clean_forced(seg) if {
	some a in sub_args(seg)
	regex.match(`^(-[A-Za-z]*f[A-Za-z]*|--force)$`, a)
	not _has(seg, {"-n", "--dry-run", "-i", "--interactive"})
	not _clean_short_dry(seg)
}

_clean_short_dry(seg) if {
	some a in sub_args(seg)
	regex.match(`^-[A-Za-z]*[ni][A-Za-z]*$`, a)
}

# no pathspec (the whole tree), or one of the whole-tree spellings; -e PATTERN is a value
_clean_whole_tree(seg) if count(_clean_paths(seg)) == 0

_clean_whole_tree(seg) if {
	some p in _clean_paths(seg)
	p in _whole_tree_words
}

_clean_whole_tree(seg) if {
	some p in _clean_paths(seg)
	_unresolved_branch(p)
}

_clean_paths(seg) := [a |
	args := sub_args(seg)
	some i, a in args
	not startswith(a, "-")
	not _after_clean_value(args, i)
]

_after_clean_value(args, i) if {
	i > 0
	args[i - 1] in {"-e", "--exclude"}
}
