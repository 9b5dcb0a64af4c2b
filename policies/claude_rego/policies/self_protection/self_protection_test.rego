package claude_rego.policies.self_protection_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.mcp_exec
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.redirect
import data.claude_rego.lib.testing.sub
import data.claude_rego.policies.self_protection
import rego.v1

gov := {
	"state_dir": "/home/dev/.local/state/claude-rego", "state_dirs": ["/home/dev/.local/state/claude-rego", "/tmp/xdg/claude-rego"],
	"package_dir": "/opt/venv/lib/python3.11/site-packages/claude_rego",
	"package_dirs": ["/opt/venv/lib/python3.11/site-packages/claude_rego", "/opt/venv/lib/python3.11/site-packages/regorus", "/opt/venv"],
	"interpreter": "/opt/venv/bin/python", "managed_config": "/etc/claude-code/claude-rego.runtime.json",
	"managed_dir": "/etc/claude-code",
	"settings_files": ["/home/dev/.claude/settings.json", "/home/dev/.claude/settings.local.json", "/home/dev/project/.claude/settings.json"],
	"hooked_settings_files": ["/home/dev/.claude/settings.json"],
	"env_file": "/home/dev/.claude/session-env/abc/hook-1.sh",
}

with_gov(doc) := object.union(doc, {"facts": {"governance": gov}})

denied(doc) if count(self_protection.deny) > 0 with input as with_gov(doc)

file_doc(tool, file, extra) := object.union(file_tool(tool, "file-write", path(file, file, startswith(file, "/home/dev/project/"))), {"hook": {"tool_input": extra}})

test_shell_changes_to_the_state_and_package_are_denied if {
	every argv in [
		["flock", "/home/dev/.local/state/claude-rego/decisions.jsonl", "sleep", "100000"],
		["flock", "-s", "/tmp/xdg/claude-rego/hook.log", "sleep", "9"],
		["rm", "-f", "/home/dev/.local/state/claude-rego/decisions.jsonl"],
		["mkfifo", "/home/dev/.local/state/claude-rego/decisions.jsonl"],
		["chmod", "000", "/home/dev/.local/state/claude-rego"],
		["mv", "/home/dev/.local/state/claude-rego", "/tmp/gone"],
		["ln", "-sf", "/dev/null", "/home/dev/.local/state/claude-rego/decisions.jsonl"],
		["truncate", "-s0", "/home/dev/.local/state/claude-rego/decisions.jsonl"],
		["rm", "-rf", "/home/dev/.local/state"],
		["cp", "evil.py", "/opt/venv/lib/python3.11/site-packages/claude_rego/hook.py"],
		["rm", "-rf", "/opt/venv/lib/python3.11/site-packages/regorus"],
		["tee", "/etc/claude-code/claude-rego.runtime.json"],
	] {
		denied(cmd(argv))
	}
}

test_file_tools_on_governance_files_are_denied if {
	denied(file_doc("Write", "/home/dev/.local/state/claude-rego/decisions.jsonl", {"content": ""}))
	denied(file_doc("Edit", "/opt/venv/lib/python3.11/site-packages/claude_rego/output.py", {"old_string": "a", "new_string": "b"}))
	denied(file_doc("Write", "/home/dev/.claude/settings.json", {"content": "{}"}))
	denied(file_doc("Edit", "/home/dev/project/.claude/settings.local.json", {"old_string": "{", "new_string": "{\"disableAllHooks\": true,"}))
	denied(file_doc("MultiEdit", "/home/dev/.claude/settings.json", {"edits": [{"old_string": "\"hooks\": {", "new_string": "\"x\": {"}]}))
}

test_plain_settings_edits_are_left_to_agent_config if {
	not denied(file_doc("Edit", "/home/dev/.claude/settings.json", {"old_string": "\"model\": \"a\"", "new_string": "\"model\": \"b\""}))
	not denied(file_doc("Write", "/home/dev/project/.claude/settings.json", {"content": "{\"model\": \"b\"}"}))
	not denied(cmd(["tee", "/home/dev/project/.claude/settings.local.json"]))
}

test_shell_writes_to_settings_that_register_the_hook_are_denied if {
	denied(bash("echo {} > ~/.claude/settings.json", [sub(0, ["echo", "{}"], {"redirects": [redirect(">", "/home/dev/.claude/settings.json")]})], []))
	denied(cmd(["rm", "/home/dev/.claude/settings.json"]))
	denied(cmd(["mv", "/home/dev/.claude/settings.json", "/tmp/x"]))
	denied(cmd(["sed", "-i", "s/hooks/x/", "/home/dev/project/.claude/settings.json"]))
	denied(cmd(["tee", "/home/dev/project/.claude/settings.local.json", "disableAllHooks"]))
}

test_env_file_tricks_are_denied if {
	denied(bash("echo 'ls(){ :; }' >> \"$CLAUDE_ENV_FILE\"", [sub(0, ["echo", "x"], {"redirects": [redirect(">>", "$CLAUDE_ENV_FILE")]})], []))
	denied(cmd(["export", "CLAUDE_ENV_FILE=/tmp/x"]))
	denied(cmd(["tee", "-a", "/home/dev/.claude/session-env/abc/hook-1.sh"]))
}

test_stopping_the_hook_is_denied if {
	denied(cmd(["pkill", "-f", "claude-rego"]))
	denied(cmd(["killall", "python3"]))
	denied(cmd(["pkill", "-f", "claude_rego.entry"]))
}

test_ordinary_commands_are_not_denied if {
	not denied(cmd(["ls", "/home/dev/.local/state/claude-rego"]))
	not denied(cmd(["cat", "/home/dev/.local/state/claude-rego/decisions.jsonl"]))
	not denied(cmd(["mkdir", "-p", "/home/dev/.local/state"]))
	not denied(cmd(["rm", "-rf", "/home/dev/project/build"]))
	not denied(cmd(["pkill", "-f", "webpack"]))
	not denied(cmd(["cp", "/home/dev/.claude/settings.json", "/tmp/backup.json"]))
}

test_mcp_tools_naming_governance_paths_are_denied if {
	doc := object.union(file_tool("mcp__fs__write_file", "mcp", path("/home/dev/.local/state/claude-rego/decisions.jsonl", "/home/dev/.local/state/claude-rego/decisions.jsonl", false)), {"facts": {"tool": {"mcp": {"server": "fs", "tool": "write_file"}}}})
	denied(doc)
}

# session 26: an MCP tool that only reads (its path fact's access) changes nothing
test_mcp_tools_reading_governance_paths_pass if {
	settings := "/home/dev/project/.claude/settings.json"
	p := object.union(path(settings, settings, false), {"access": "read"})
	doc := object.union(file_tool("mcp__desktop-commander__read_file", "mcp", p), {"facts": {"tool": {"mcp": {"server": "desktop-commander", "tool": "read_file"}}}})
	not denied(doc)
	w := object.union(path(settings, settings, false), {"access": "write"})
	denied(object.union(file_tool("mcp__desktop-commander__write_file", "mcp", w), {"facts": {"tool": {"mcp": {"server": "desktop-commander", "tool": "write_file"}}}}))
	u := object.union(path(settings, settings, false), {"access": "unknown"})
	denied(object.union(file_tool("mcp__x__edit_block", "mcp", u), {"facts": {"tool": {"mcp": {"server": "x", "tool": "edit_block"}}}}))
}

test_no_governance_fact_still_protects_the_defaults if {
	count(self_protection.deny) > 0 with input as cmd(["flock", "/home/dev/.local/state/claude-rego/decisions.jsonl", "sleep", "1"])
}

test_downloads_copies_checkouts_onto_settings_are_denied if {
	denied(cmd(["curl", "-o", ".claude/settings.json", "https://x.example/s.json"]))
	denied(cmd(["curl", "--output=/home/dev/project/.claude/settings.local.json", "https://x.example/s"]))
	denied(cmd(["wget", "-O", "/home/dev/.claude/settings.json", "https://x.example/s.json"]))
	denied(cmd(["git", "checkout", "origin/evil", "--", ".claude/settings.json"]))
	denied(cmd(["git", "-C", "/home/dev/project", "restore", "--source", "evil", ".claude/"]))
	denied(cmd(["cp", "/tmp/x", ".claude/settings.json"]))
	denied(cmd(["tar", "-xzf", "/tmp/c.tgz", "-C", ".claude"]))
	denied(cmd(["unzip", "-o", "/tmp/c.zip", "-d", ".claude/"]))
}

test_downloads_elsewhere_are_not_denied_here if {
	not denied(cmd(["curl", "-o", "/tmp/out.json", "https://x.example/s.json"]))
	not denied(cmd(["git", "checkout", "main", "--", "src/app.py"]))
	not denied(cmd(["git", "commit", "-m", "checkout .claude"]))
}

test_mcp_exec_writes_to_hooked_settings_are_denied if {
	argv := ["sed", "-i", "s/hooks/x/", "/home/dev/project/.claude/settings.json"]
	denied(mcp_exec("mcp__desktop-commander__execute_command", {"command": concat(" ", argv)}, [{"field": "command", "command": concat(" ", argv)}], cmd(argv)))
	# the command text comes from the exec effect, whichever field carries it
	denied(mcp_exec("mcp__term__send_keys", {"keys": "tee /home/dev/project/.claude/settings.local.json disableAllHooks"}, [{"field": "keys", "command": "tee /home/dev/project/.claude/settings.local.json disableAllHooks"}], cmd(["tee", "/home/dev/project/.claude/settings.local.json", "disableAllHooks"])))
}

test_mcp_exec_without_hooks_in_its_command_passes if {
	argv := ["sed", "-i", "s/model/x/", "/home/dev/project/.claude/settings.local.json"]
	count(self_protection.deny) == 0 with input as with_gov(mcp_exec("mcp__x__run_command", {"cmd": concat(" ", argv)}, [{"field": "cmd", "command": concat(" ", argv)}], cmd(argv)))
}

# s27: a copy, download or extract tool's destination (aws s3 cp, docker cp, 7z -oDIR) or a
# patch whose text is not shown reaches the pack as a `tee DEST` segment of context copied_in
_copied(argv, dest) := bash(concat(" ", argv), [
	sub(0, argv, {}),
	sub(1, ["tee", dest], {"parent": 0, "context": "copied_in", "depth": 1, "pipeline": 1}),
], [])

test_copied_in_settings_are_denied if {
	denied(_copied(["aws", "s3", "cp", "s3://b/s.json", ".claude/settings.json"], ".claude/settings.json"))
	denied(_copied(["kubectl", "cp", "ns/p:/s.json", "/home/dev/project/.claude/settings.local.json"], "/home/dev/project/.claude/settings.local.json"))
	denied(_copied(["7z", "x", "a.7z", "-o.claude"], ".claude"))
	denied(_copied(["cp", "-r", "/tmp/evil/.claude", "."], "./.claude"))
}

test_copied_in_reason_names_the_program if {
	some msg in self_protection.deny with input as with_gov(_copied(["docker", "cp", "c:/s.json", ".claude/settings.json"], ".claude/settings.json"))
	contains(msg, "(docker)")
}

test_copied_in_elsewhere_is_not_denied_here if {
	not denied(_copied(["aws", "s3", "cp", "s3://b/data.csv", "data/"], "data/"))
	not denied(_copied(["docker", "cp", "app:/app/logs", "./logs"], "./logs"))
	# a backup of .claude in a temporary directory: no session reads settings there
	not denied(_copied(["cp", "-r", ".claude", "/tmp/backup"], "/tmp/backup/.claude"))
}

_patched(command) := bash(command, [
	sub(0, ["git", "apply"], {}),
	sub(1, ["tee", ".claude/settings.json"], {"parent": 0, "context": "patched", "depth": 1, "pipeline": 1}),
], [])

test_patched_settings_are_judged_by_their_text if {
	# a literal patch (context patched) is judged by what it says, like a redirect
	not denied(_patched("printf -- '+{\"model\": \"x\"}' | git apply"))
	denied(_patched("printf -- '+{\"disableAllHooks\": true}' | git apply"))
}

# session 29: a kill fed by a listing that names the engine in any pattern spelling
_fed_kill(finder, killer) := bash("x", [
	sub(0, finder, {"pipeline": 0}),
	sub(1, ["xargs", "kill"], {"pipeline": 0, "operator": "|"}),
	sub(2, killer, {"parent": 1, "context": "xargs", "pipeline": 1, "wrappers": ["xargs"]}),
], [])

_subst_kill(finder) := bash("x", [
	sub(0, ["kill", "-9", "$(…)"], {}),
	sub(1, finder, {"parent": 0, "context": "substitution", "pipeline": 1}),
], [])

test_kills_fed_by_a_listing_of_the_engine_are_denied if {
	every finder in [
		["grep", "claude-rego"], ["grep", "[c]laude-rego"], ["awk", "/claude-rego/ && !/awk/ {print $1}"],
		["grep", "rego"], ["grep", "-E", "claude.rego"], ["pgrep", "-f", "claude-r[e]go"], ["grep", "-l", "claude_rego"],
		["cat", "/home/dev/.local/state/claude-rego/serve.pid"], ["ps", "-C", "claude-rego", "-o", "pid="],
	] {
		denied(_fed_kill(finder, ["kill"]))
		denied(_subst_kill(finder))
	}
}

test_kills_fed_by_other_listings_pass if {
	every finder in [["grep", "node"], ["pgrep", "-f", "webpack-dev-server"], ["lsof", "-t", "-i:3000"], ["awk", "{print $2}"], ["cat", "/tmp/server.pid"]] {
		not denied(_fed_kill(finder, ["kill"]))
		not denied(_subst_kill(finder))
	}
	# a literal pid is not fed by the listing
	not denied(bash("x", [sub(0, ["grep", "-c", "rego", "policies/a.rego"], {}), sub(1, ["kill", "12345"], {"operator": ";", "pipeline": 1})], []))
}

# writes to the executable or package by name, and to destinations a search for them fills in
test_writes_to_the_engine_executable_are_denied if {
	every argv in [
		["install", "-m755", "stub", "/home/dev/.local/bin/claude-rego"],
		["ln", "-sf", "/bin/true", "/usr/local/bin/claude-rego"],
		["cp", "stub.py", "/usr/lib/python3/dist-packages/claude_rego/entry.py"],
		["rm", "-rf", "/home/dev/.local/pipx/venvs/claude-rego"],
	] {
		denied(cmd(argv))
	}
}

_found_write(finder, writer, ctx) := bash("x", [
	sub(0, finder, {}),
	sub(1, writer, {"parent": 0, "context": ctx, "pipeline": 1}),
], [])

test_writes_to_destinations_found_by_the_engine_name_are_denied if {
	denied(_found_write(["find", "/", "-name", "claude-rego*", "-type", "f", "-exec", "cp", "/tmp/stub", "{}", ";"], ["cp", "/tmp/stub", "{}"], "find_exec"))
	denied(_found_write(["find", "/home/dev/.local", "-name", "claude_rego"], ["cp", "/tmp/stub", "{}"], "xargs"))
	denied(_found_write(["which", "claude-rego"], ["ln", "-sf", "/bin/true"], "xargs"))
	denied(_found_write(["command", "-v", "claude-rego"], ["cp", "stub", "$P"], "top"))
}

test_writes_found_by_other_names_or_in_the_project_pass if {
	not denied(_found_write(["find", ".", "-name", "*.rego", "-exec", "sed", "-i", "s/a/b/", "{}", ";"], ["sed", "-i", "s/a/b/", "{}"], "find_exec"))
	not denied(_found_write(["find", ".", "-name", "claude_rego*.egg-info", "-exec", "rm", "-rf", "{}", "+"], ["rm", "-rf", "{}"], "find_exec"))
	not denied(_found_write(["find", "/home/dev/.local", "-name", "claude-rego*"], ["cp", "-t", "/tmp/backup"], "xargs"))
	not denied(_found_write(["which", "claude-rego"], ["cp", "$(…)", "/tmp/backup"], "top"))
}

test_writes_in_a_development_checkout_pass if {
	not denied(cmd(["cp", "stub.py", "/home/dev/project/engine/claude_rego/entry.py"]))
	not denied(cmd(["cp", "build/claude-rego", "/home/dev/project/dist/bin/claude-rego"]))
	not denied(cmd(["cp", "-r", "/home/dev/.local/bin/claude-rego", "/tmp/inspect"]))
}

test_pid_files_and_inline_code_of_the_engine_are_denied if {
	denied(bash("x", [sub(0, ["xargs", "kill"], {"redirects": [redirect("<", "~/.local/state/claude-rego/serve.pid")]}), sub(1, ["kill"], {"parent": 0, "context": "xargs", "pipeline": 1})], []))
	denied(cmd(["python3", "-c", "import psutil; [p.kill() for p in psutil.process_iter() if 'claude_rego' in ' '.join(p.cmdline())]"]))
	not denied(bash("x", [sub(0, ["xargs", "kill"], {"redirects": [redirect("<", "/tmp/server.pid")]}), sub(1, ["kill"], {"parent": 0, "context": "xargs", "pipeline": 1})], []))
	not denied(cmd(["python3", "-c", "import os, signal; os.kill(int(open('/tmp/app.pid').read()), signal.SIGTERM)"]))
}
