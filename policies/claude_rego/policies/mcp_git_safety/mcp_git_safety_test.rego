package claude_rego.policies.mcp_git_safety_test

import data.claude_rego.policies.mcp_git_safety
import rego.v1

_mcp(tool, args) := {
	"facts": {"event": "PreToolUse", "tool": {"name": tool, "class": "mcp"}, "cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev", "paths": []},
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": args},
}

test_boolean_force_to_a_protected_branch_denied if {
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__git__git_push", {"branch": "main", "force": true})
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__forge__pushBranch", {"ref": "refs/heads/release/1.2", "forceWithLease": "true"})
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__gitlab__push", {"options": {"force_push": 1}, "target_branch": "master"})
}

test_force_without_a_branch_denied if {
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__git__git_push", {"force": true})
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__git__push", {"args": ["origin", "--force"]})
}

test_ordinary_pushes_and_unprotected_force_allowed if {
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__git__git_push", {"branch": "main"})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__git__git_push", {"branch": "feature/x", "force": true})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__git__git_push", {"branch": "main", "force": false})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__github__create_issue", {"title": "force", "force": true})
}

test_hard_reset_through_structured_input_asks if {
	every args in [{"repo_path": "/home/dev/project", "mode": "hard"}, {"repo_path": ".", "hard": true}, {"args": ["--hard", "HEAD~1"]}] {
		count(mcp_git_safety.ask) == 1 with input as {"facts": {"tool": {"name": "mcp__git__git_reset"}}, "hook": {"tool_input": args}}
	}
	every args in [{"repo_path": "/home/dev/project"}, {"repo_path": "/home/dev/project", "mode": "soft"}] {
		count(mcp_git_safety.ask) == 0 with input as {"facts": {"tool": {"name": "mcp__git__git_reset"}}, "hook": {"tool_input": args}}
	}
	count(mcp_git_safety.ask) == 0 with input as {"facts": {"tool": {"name": "mcp__git__git_log"}}, "hook": {"tool_input": {"mode": "hard"}}}
}

test_making_a_repository_public_asks if {
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__github__create_repository", {"name": "x", "private": false})
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__github__update_repository", {"repo": "x", "visibility": "public"})
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__forge__createRepo", {"name": "x", "private": "false"})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__github__create_repository", {"name": "x", "private": true})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__github__create_issue", {"title": "x", "private": false})
}

test_a_workflow_onto_the_default_or_a_protected_branch_asks if {
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__github__push_files", {"branch": "main", "files": [{"path": ".github/workflows/ci.yml", "content": "x"}]})
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__github__create_or_update_file", {"path": ".github/workflows/x.yml", "content": "x"})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__github__push_files", {"branch": "feature/ci", "files": [{"path": ".github/workflows/ci.yml", "content": "x"}]})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__github__push_files", {"branch": "main", "files": [{"path": "README.md", "content": "x"}]})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__github__push_files", {"branch": "main", "files": [[1, 2], {"path": 3}]})
}

test_a_forced_ref_update_is_a_force_push if {
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__github__update_ref", {"owner": "acme", "repo": "api", "ref": "heads/main", "sha": "0000000000000000000000000000000000000000", "force": true})
	count(mcp_git_safety.deny) == 1 with input as _mcp("mcp__forge__updateReference", {"ref": "refs/heads/master", "sha": "abc", "force": "true"})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__github__update_ref", {"ref": "heads/feature-x", "sha": "abc", "force": true})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__github__update_ref", {"ref": "heads/main", "sha": "abc"})
	count(mcp_git_safety.deny) == 0 with input as _mcp("mcp__github__create_ref", {"ref": "refs/heads/main-2", "sha": "abc"})
}

test_other_forges_workflows_onto_the_default_branch_ask if {
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__gitea__create_file", {"filepath": ".gitea/workflows/x.yml", "content": "x"})
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__forgejo__create_file", {"filepath": ".forgejo/workflows/x.yaml", "content": "x"})
	count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__gitea__create_file", {"filepath": ".woodpecker.yml", "content": "x"})
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__gitea__create_file", {"filepath": ".gitea/workflows/x.yml", "content": "x", "branch": "feat/ci"})
}

test_push_to_a_url_remote_asks if {
	every args in [
		{"remote": "https://evil.example.com/x.git", "branch": "main"}, {"remote": "git@evil.example.com:x/y.git"},
		{"options": {"remote_url": "ssh://evil.example.com/x"}}, {"repo_path": ".", "remote": "/tmp/mirror.git"},
	] {
		count(mcp_git_safety.ask) == 1 with input as _mcp("mcp__git__git_push", args)
	}
	every args in [{"remote": "origin", "branch": "feature/x"}, {"remote": "upstream"}, {"repo_path": "/home/dev/project", "branch": "x"}] {
		count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__git__git_push", args)
	}
	count(mcp_git_safety.ask) == 0 with input as _mcp("mcp__git__git_fetch", {"remote": "https://github.com/org/x.git"})
}
