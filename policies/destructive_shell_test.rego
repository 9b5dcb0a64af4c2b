package claude_rego.policies.destructive_shell_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.destructive_shell
import rego.v1

test_rm_rf_root_denied if {
	count(destructive_shell.deny) > 0 with input as bash("rm -rf /", [seg(0, ["rm", "-rf", "/"])], [path("/", "/", false)])
}

test_rm_rf_home_words_denied if {
	every target in ["~", "~/", "$HOME", "${HOME}/", "~/*"] {
		count(destructive_shell.deny) > 0 with input as bash("rm", [seg(0, ["rm", "-fr", target])], [])
	}
}

test_rm_rf_project_root_and_parent_denied if {
	count(destructive_shell.deny) > 0 with input as bash("rm -rf .", [seg(0, ["rm", "-rf", "."])], [path(".", "/home/dev/project", true)])
	count(destructive_shell.deny) > 0 with input as bash("rm -rf ..", [seg(0, ["rm", "-rf", ".."])], [path("..", "/home/dev", false)])
}

test_rm_inside_project_allowed if {
	count(destructive_shell.deny) == 0 with input as bash("rm -rf ./build", [seg(0, ["rm", "-rf", "./build"])], [path("./build", "/home/dev/project/build", true)])
}

test_non_recursive_rm_of_a_file_allowed if {
	count(destructive_shell.deny) == 0 with input as bash("rm notes.txt", [seg(0, ["rm", "notes.txt"])], [path("notes.txt", "/home/dev/project/notes.txt", true)])
}

test_cd_root_then_glob_denied if {
	segments := [seg(0, ["cd", "/"]), seg(1, ["rm", "-rf", "*"])]
	count(destructive_shell.deny) > 0 with input as bash("cd / && rm -rf *", segments, [path("/", "/", false)])
}

test_find_delete_from_root_denied if {
	count(destructive_shell.deny) > 0 with input as bash("find / -delete", [seg(0, ["find", "/", "-delete"])], [path("/", "/", false)])
}

test_mkfs_dd_shred_denied if {
	count(destructive_shell.deny) > 0 with input as bash("mkfs.ext4 /dev/sda", [seg(0, ["mkfs.ext4", "/dev/sda"])], [])
	count(destructive_shell.deny) > 0 with input as bash("dd", [seg(0, ["dd", "if=/dev/zero", "of=/dev/sda"])], [])
	count(destructive_shell.deny) > 0 with input as bash("shred", [seg(0, ["shred", "/dev/nvme0n1"])], [])
}

test_dd_to_dev_null_allowed if {
	count(destructive_shell.deny) == 0 with input as bash("dd", [seg(0, ["dd", "if=x", "of=/dev/null"])], [])
}

test_chmod_recursive_root_denied if {
	count(destructive_shell.deny) > 0 with input as bash("chmod -R 777 /", [seg(0, ["chmod", "-R", "777", "/"])], [path("/", "/", false)])
}

test_fork_bomb_denied if {
	count(destructive_shell.deny) > 0 with input as bash(":(){ :|:& };:", [], [])
}
