package claude_rego.policies.test_timeout_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.test_timeout
import rego.v1

test_plain_test_commands_get_a_timeout if {
	test_timeout.rewrite == {{"command": "timeout 600 npm test"}} with input as bash("npm test", [seg(0, ["npm", "test"])], [])
	test_timeout.rewrite == {{"command": "timeout 600 pytest -q"}} with input as bash("pytest -q", [seg(0, ["pytest", "-q"])], [])
}

test_already_wrapped_or_compound_commands_are_left_alone if {
	count(test_timeout.rewrite) == 0 with input as bash("timeout 5 npm test", [object.union(seg(0, ["npm", "test"]), {"wrappers": ["timeout"]})], [])
	count(test_timeout.rewrite) == 0 with input as bash("npm test && x", [seg(0, ["npm", "test"]), seg(1, ["x"])], [])
	count(test_timeout.rewrite) == 0 with input as bash("ls", [seg(0, ["ls"])], [])
}
