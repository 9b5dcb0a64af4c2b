package claude_rego.policies.test_timeout_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.policies.test_timeout
import rego.v1

test_plain_test_commands_get_a_timeout if {
	test_timeout.rewrite == {{"command": "timeout 600 npm test"}} with input as cmd(["npm", "test"])
	test_timeout.rewrite == {{"command": "timeout 600 pytest -q"}} with input as cmd(["pytest", "-q"])
	every argv in [["go", "test", "./..."], ["cargo", "test"], ["python", "-m", "pytest"], ["yarn", "test"]] {
		count(test_timeout.rewrite) == 1 with input as cmd(argv)
	}
}

test_seconds_come_from_data if {
	test_timeout.rewrite == {{"command": "timeout 60 go test ./..."}} with input as cmd(["go", "test", "./..."])
		with data.claude_rego.settings.test_timeout_seconds as 60
}

test_already_wrapped_or_compound_commands_are_left_alone if {
	count(test_timeout.rewrite) == 0 with input as bash("timeout 5 npm test", [sub(0, ["npm", "test"], {"wrappers": ["timeout"]})], [])
	count(test_timeout.rewrite) == 0 with input as bash("npm test && x", [seg(0, ["npm", "test"]), seg(1, ["x"])], [])
	count(test_timeout.rewrite) == 0 with input as bash("CI=1 npm test", [sub(0, ["npm", "test"], {"assignments": {"CI": "1"}})], [])
	count(test_timeout.rewrite) == 0 with input as cmd(["ls"])
	count(test_timeout.rewrite) == 0 with input as cmd(["npm", "install"])
}

test_not_on_macos if {
	doc := object.union(cmd(["npm", "test"]), {"facts": {"os": "macos"}})
	count(test_timeout.rewrite) == 0 with input as doc
}
