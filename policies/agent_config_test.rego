package claude_rego.policies.agent_config_test

import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.policies.agent_config
import rego.v1

edit(file) := file_tool("Edit", "file-write", path(file, file, true))

test_ci_and_agent_settings_ask if {
	every file in ["/home/dev/project/.github/workflows/ci.yml", "/home/dev/project/.claude/settings.json", "/home/dev/project/.claude/settings.local.json", "/home/dev/project/.gitlab-ci.yml", "/etc/claude-code/managed-settings.json"] {
		count(agent_config.ask) > 0 with input as edit(file)
	}
}

test_ordinary_files_do_not_ask if {
	count(agent_config.ask) == 0 with input as edit("/home/dev/project/src/main.py")
}
