package claude_rego.policies.agent_tampering_test

import data.claude_rego.policies.agent_tampering
import rego.v1

_seg(id, argv, extra) := object.union({
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": id, "operator": null,
	"argv": argv, "command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv,
	"wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}, extra)

_input(segs) := {"facts": {
	"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project",
	"project_dir": "/home/dev/project", "home": "/home/dev", "paths": [],
	"shell": {"segments": segs, "opaque": false, "opaque_reasons": []},
}}

test_skip_permissions_is_denied if {
	count(agent_tampering.deny) == 1 with input as _input([_seg(0, ["claude", "--dangerously-skip-permissions", "-p", "x"], {})])
}

test_bypass_mode_is_denied if {
	count(agent_tampering.deny) == 1 with input as _input([_seg(0, ["claude", "--permission-mode", "bypassPermissions"], {})])
}

test_plain_claude_is_allowed if {
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["claude", "-p", "summarise"], {})])
}

test_killing_the_hook_is_denied if {
	count(agent_tampering.deny) == 1 with input as _input([_seg(0, ["pkill", "-f", "claude-rego"], {})])
}

test_env_file_write_is_denied if {
	seg := _seg(0, ["echo", "x"], {"redirects": [{"op": ">>", "target": "$CLAUDE_ENV_FILE", "fd": null, "dup": false}]})
	count(agent_tampering.deny) == 1 with input as _input([seg])
}

test_ordinary_kill_is_allowed if {
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["kill", "1234"], {})])
}
