package claude_rego.policies.write_outside_project_test

import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.policies.write_outside_project
import rego.v1

write(p) := file_tool("Write", "file-write", p)

test_write_inside_project_allowed if {
	count(write_outside_project.deny) == 0 with input as write(path("src/a.py", "/home/dev/project/src/a.py", true))
}

test_write_to_system_paths_denied if {
	every file in ["/etc/hosts", "/usr/local/bin/x", "/home/dev/.ssh/authorized_keys", "/home/dev/.bashrc"] {
		count(write_outside_project.deny) > 0 with input as write(path(file, file, false))
	}
}

test_traversal_denied if {
	count(write_outside_project.deny) > 0 with input as write(path("../other/x", "/home/dev/other/x", false))
}

test_symlink_escape_denied if {
	p := object.union(path("link/x", "/home/dev/project/link/x", true), {"resolved": "/etc/x", "resolved_inside_project": false})
	count(write_outside_project.deny) > 0 with input as write(p)
}

test_temp_dirs_allowed if {
	count(write_outside_project.deny) == 0 with input as write(path("/tmp/scratch.txt", "/tmp/scratch.txt", false))
}
