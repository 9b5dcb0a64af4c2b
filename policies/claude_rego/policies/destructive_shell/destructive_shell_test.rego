package claude_rego.policies.destructive_shell_test

import data.claude_rego.lib.testing.vars
import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.mcp_exec
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.path_of_seg
import data.claude_rego.lib.testing.pipe
import data.claude_rego.lib.testing.redirect
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.lib.testing.symlink
import data.claude_rego.lib.testing.then
import data.claude_rego.policies.destructive_shell
import rego.v1

denied(doc) if count(destructive_shell.deny) > 0 with input as doc

allowed(doc) if {
	count(destructive_shell.deny) == 0 with input as doc
	count(destructive_shell.ask) == 0 with input as doc
}

rm(args) := cmd(array.concat(["rm"], args))

# ------------------------------------------------------------------ rm -r targets

test_rm_rf_root_denied if {
	denied(bash("rm -rf /", [seg(0, ["rm", "-rf", "/"])], [path("/", "/", false)]))
	every target in ["/", "//", "/.", "/./", "/*", "/.*", "/../", "/*/*"] {
		denied(rm(["-rf", target]))
	}
}

test_flag_spellings_denied if {
	every flags in [["-rf"], ["-fr"], ["-Rf"], ["-r", "-f"], ["--recursive", "--force"], ["-rf", "--no-preserve-root"], ["-r"]] {
		denied(rm(array.concat(flags, ["/"])))
	}
	denied(rm(["-rf", "--", "/"]))
}

test_home_words_denied if {
	every target in ["~", "~/", "~/*", "$HOME", "${HOME}/", "$HOME/*", "/home/dev", "/home/dev/", "~dev", "/home"] {
		denied(rm(["-rf", target]))
	}
}

test_project_root_and_parent_denied if {
	every target in [".", "./", "*", "./*", ".*", "..", "../", "../project", "/home/dev/project", "/home/dev/project/", "build/../..", "$PWD"] {
		denied(rm(["-rf", target]))
	}
	denied(bash("rm -rf .", [seg(0, ["rm", "-rf", "."])], [path(".", "/home/dev/project", true)]))
}

test_system_directories_and_globs_denied if {
	every target in ["/etc", "/usr/", "/var/lib", "/e*", "/u?r", "/ETC", "/Users"] {
		denied(rm(["-rf", target]))
	}
}

test_deletes_inside_the_project_allowed if {
	every target in ["./build", "build", "dist/", "node_modules/.cache", "./tmp/*", "src/__pycache__"] {
		allowed(rm(["-rf", target]))
	}
	allowed(bash("rm -rf ./build", [seg(0, ["rm", "-rf", "./build"])], [path("./build", "/home/dev/project/build", true)]))
	allowed(rm(["notes.txt"]))
	allowed(rm(["-f", "/"]))
}

test_command_spellings_denied if {
	# the parser strips quotes, escapes and wrappers; the policy sees command, wrappers,
	# resolved variables and multi-call binaries
	denied(cmd(["/bin/rm", "-rf", "/"]))
	denied(cmd(["RM", "-RF", "/"]))
	denied(bash("sudo rm -rf /", [sub(0, ["rm", "-rf", "/"], {"wrappers": ["sudo"]})], []))
	denied(bash("busybox rm -rf /", [seg(0, ["busybox", "rm", "-rf", "/"])], []))
	denied(bash("a=rm; $a -rf /", [vars(0, {"a": "rm"}), sub(1, ["$a", "-rf", "/"], {"operator": ";", "opaque": true, "resolved_argv": ["rm", "-rf", "/"], "resolved_command": "rm"})], []))
	denied(bash("bash -c 'rm -rf /'", [seg(0, ["bash", "-c", "rm -rf /"]), sub(1, ["rm", "-rf", "/"], {"parent": 0, "context": "shell_c", "depth": 1})], []))
}

test_variables_in_targets_expanded if {
	denied(bash("x=/; rm -rf $x", [vars(0, {"x": "/"}), then(1, ["rm", "-rf", "$x"], ";")], []))
	denied(bash("x=/; rm -rf ${x}*", [vars(0, {"x": "/"}), then(1, ["rm", "-rf", "${x}*"], ";")], []))
	denied(bash("export D=~; rm -rf $D", [seg(0, ["export", "D=~"]), then(1, ["rm", "-rf", "$D"], ";")], []))
	denied(bash("a=rm b=-rf; $a $b /", [vars(0, {"a": "rm", "b": "-rf"}), sub(1, ["$a", "$b", "/"], {"resolved_argv": ["rm", "$b", "/"], "resolved_command": "rm"})], []))
	allowed(bash("x=build; rm -rf $x", [vars(0, {"x": "build"}), then(1, ["rm", "-rf", "$x"], ";")], []))
}

test_sh_c_positional_parameters_expanded if {
	segments := [seg(0, ["sh", "-c", "rm -rf \"$1\"", "_", "/"]), sub(1, ["rm", "-rf", "$1"], {"parent": 0, "context": "shell_c", "depth": 1})]
	denied(bash("sh -c 'rm -rf \"$1\"' _ /", segments, []))
}

test_pwd_substitution_denied if {
	segments := [seg(0, ["rm", "-rf", "$(…)"]), sub(1, ["pwd"], {"parent": 0, "context": "substitution", "depth": 1})]
	denied(bash("rm -rf $(pwd)", segments, []))
	backticks := [seg(0, ["rm", "-rf", "`…`"]), sub(1, ["pwd"], {"parent": 0, "context": "substitution", "depth": 1})]
	denied(bash("rm -rf `pwd`", backticks, []))
}

# "$(pwd)/build" is the build directory, not the project root; "$(pwd)/.." is above it
test_substitution_anchored_targets if {
	pwd := sub(1, ["pwd"], {"parent": 0, "context": "substitution", "depth": 1})
	allowed(bash("rm -rf \"$(pwd)/build\"", [seg(0, ["rm", "-rf", "$(…)/build"]), pwd], []))
	denied(bash("rm -rf \"$(pwd)/..\"", [seg(0, ["rm", "-rf", "$(…)/.."]), pwd], []))
	top := sub(1, ["git", "rev-parse", "--show-toplevel"], {"parent": 0, "context": "substitution", "depth": 1})
	allowed(bash("rm -rf \"$(git rev-parse --show-toplevel)/dist\"", [seg(0, ["rm", "-rf", "$(…)/dist"]), top], []))
	denied(bash("rm -rf \"$(git rev-parse --show-toplevel)\"", [seg(0, ["rm", "-rf", "$(…)"]), top], []))
	# another substitution beside pwd: each $(…) could be either, so the target is unknown
	other := sub(2, ["whoami"], {"parent": 0, "context": "substitution", "depth": 1})
	segments := [seg(0, ["rm", "-rf", "$(…)/build", "$(…)/x"]), pwd, other]
	count(destructive_shell.ask) > 0 with input as bash("rm -rf \"$(pwd)/build\" \"$(whoami)/x\"", segments, [])
}

test_a_narrowed_find_listing_in_the_project_is_known if {
	found := sub(1, ["find", ".", "-name", "__pycache__"], {"parent": 0, "context": "substitution", "depth": 1})
	allowed(bash("rm -rf `find . -name __pycache__`", [seg(0, ["rm", "-rf", "`…`"]), found], []))
	every pattern in ["*", ".*", "[.]"] {
		all := sub(1, ["find", ".", "-name", pattern], {"parent": 0, "context": "substitution", "depth": 1})
		count(destructive_shell.ask) + count(destructive_shell.deny) > 0 with input as bash("rm -rf $(find …)", [seg(0, ["rm", "-rf", "$(…)"]), all], [])
	}
	either := sub(1, ["find", ".", "-name", "x", "-o", "-name", "."], {"parent": 0, "context": "substitution", "depth": 1})
	count(destructive_shell.ask) + count(destructive_shell.deny) > 0 with input as bash("rm -rf $(find …)", [seg(0, ["rm", "-rf", "$(…)"]), either], [])
	home := sub(1, ["find", "/home/dev", "-name", "cache"], {"parent": 0, "context": "substitution", "depth": 1})
	count(destructive_shell.ask) + count(destructive_shell.deny) > 0 with input as bash("rm -rf $(find ~ -name cache)", [seg(0, ["rm", "-rf", "$(…)"]), home], [])
}

test_pwd_and_tmpdir_anchored_targets if {
	allowed(rm(["-rf", "$PWD/dist"]))
	allowed(rm(["-rf", "${PWD}/dist"]))
	denied(rm(["-rf", "$PWD/../.."]))
	allowed(rm(["-rf", "${TMPDIR:-/tmp}/myapp-test"]))
	count(destructive_shell.ask) > 0 with input as rm(["-rf", "${TMPDIR:-/tmp}"])
	count(destructive_shell.ask) > 0 with input as rm(["-rf", "${TMPDIR:-/tmp}/../home"])
	count(destructive_shell.ask) > 0 with input as rm(["-rf", "$PWD/$X"])
}

test_symlink_to_a_dangerous_directory_denied if {
	denied(bash("rm -rf ./link", [seg(0, ["rm", "-rf", "./link"])], [symlink("./link", "/home/dev/project/link", "/")]))
}

test_unknown_targets_ask if {
	every target in ["$DIR/", "${BUILD}/*", "$UNSET/x"] {
		count(destructive_shell.ask) > 0 with input as rm(["-rf", target])
	}
	count(destructive_shell.ask) == 0 with input as rm(["-rf", "${OUT:?}/"])
	count(destructive_shell.ask) > 0 with input as bash("cd \"$X\" && rm -rf *", [seg(0, ["cd", "$X"]), then(1, ["rm", "-rf", "*"], "&&")], [])
}

# ------------------------------------------------------------------ cd

test_cd_then_relative_delete_denied if {
	denied(bash("cd / && rm -rf *", [seg(0, ["cd", "/"]), then(1, ["rm", "-rf", "*"], "&&")], [path("/", "/", false)]))
	denied(bash("cd && rm -rf *", [seg(0, ["cd"]), then(1, ["rm", "-rf", "*"], "&&")], []))
	denied(bash("cd ~; rm -rf .", [seg(0, ["cd", "~"]), then(1, ["rm", "-rf", "."], ";")], []))
	denied(bash("cd .. && rm -rf project", [seg(0, ["cd", ".."]), then(1, ["rm", "-rf", "project"], "&&")], []))
	denied(bash("cd /home/dev && rm -rf project", [seg(0, ["cd", "/home/dev"]), then(1, ["rm", "-rf", "project"], "&&")], []))
	denied(bash("pushd / && rm -rf *", [seg(0, ["pushd", "/"]), then(1, ["rm", "-rf", "*"], "&&")], []))
	denied(bash("cd /tmp && cd / && rm -rf *", [seg(0, ["cd", "/tmp"]), then(1, ["cd", "/"], "&&"), then(2, ["rm", "-rf", "*"], "&&")], []))
	denied(bash("cd / && (ls; rm -rf *)", [seg(0, ["cd", "/"]), sub(1, ["ls"], {"context": "subshell", "depth": 1, "operator": "&&"}), sub(2, ["rm", "-rf", "*"], {"context": "subshell", "depth": 1, "operator": ";"})], []))
}

test_cd_into_the_project_then_delete_allowed if {
	allowed(bash("cd build && rm -rf *", [seg(0, ["cd", "build"]), then(1, ["rm", "-rf", "*"], "&&")], []))
	allowed(bash("cd /tmp/x && rm -rf *", [seg(0, ["cd", "/tmp/x"]), then(1, ["rm", "-rf", "*"], "&&")], []))
}

# ------------------------------------------------------------------ find, xargs, rsync, mv

test_find_delete_from_dangerous_roots_denied if {
	denied(cmd(["find", "/", "-delete"]))
	denied(cmd(["find", "~", "-name", "*.log", "-delete"]))
	denied(cmd(["find", "-L", "/home/dev", "-delete"]))
	denied(cmd(["find", ".", "-delete"]))
	denied(cmd(["find", "-delete"]))
	denied(cmd(["find", "/", "-exec", "rm", "-rf", "{}", "+"]))
	exec_child := [seg(0, ["find", "/", "-exec", "rm", "{}", ";"]), sub(1, ["rm", "{}"], {"parent": 0, "context": "find_exec", "depth": 1})]
	denied(bash("find / -exec rm {} ;", exec_child, []))
	nested := [seg(0, ["find", "/", "-exec", "sh", "-c", "rm -rf {}", ";"]), sub(1, ["sh", "-c", "rm -rf {}"], {"parent": 0, "context": "find_exec", "depth": 1}), sub(2, ["rm", "-rf", "{}"], {"parent": 1, "context": "shell_c", "depth": 2})]
	denied(bash("find / -exec sh -c 'rm -rf {}' ;", nested, []))
}

test_filtered_find_in_the_project_allowed if {
	allowed(cmd(["find", ".", "-name", "*.pyc", "-delete"]))
	allowed(cmd(["find", "./build", "-delete"]))
	allowed(cmd(["find", "/", "-name", "x", "-print"]))
}

test_xargs_fed_from_dangerous_roots_denied if {
	segments := [seg(0, ["find", "/", "-print0"]), pipe(1, ["xargs", "-0", "rm", "-rf"], 0), sub(2, ["rm", "-rf"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	denied(bash("find / -print0 | xargs -0 rm -rf", segments, []))
	echo := [seg(0, ["echo", "/"]), pipe(1, ["xargs", "rm", "-rf"], 0), sub(2, ["rm", "-rf"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	denied(bash("echo / | xargs rm -rf", echo, []))
	project := [seg(0, ["find", ".", "-name", "*.o"]), pipe(1, ["xargs", "rm", "-rf"], 0), sub(2, ["rm", "-rf"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	allowed(bash("find . -name '*.o' | xargs rm -rf", project, []))
}

test_rsync_delete_and_mv_of_dangerous_roots_denied if {
	denied(cmd(["rsync", "-a", "--delete", "empty/", "/"]))
	denied(cmd(["mv", "~", "/tmp/x"]))
	denied(cmd(["mv", "/etc", "/tmp/etc"]))
	allowed(cmd(["rsync", "-a", "--delete", "src/", "/tmp/mirror/"]))
	allowed(cmd(["mv", "a.txt", "b.txt"]))
}

# ------------------------------------------------------------------ devices, file systems

test_mkfs_family_denied if {
	every argv in [["mkfs.ext4", "/dev/sda1"], ["mkfs", "-t", "ext4", "/dev/sdb"], ["mke2fs", "/dev/sda"], ["mkswap", "/dev/sda2"], ["newfs_apfs", "/dev/disk2"]] {
		denied(cmd(argv))
	}
	denied(bash("a=mkfs.ext4; $a /dev/sda1", [vars(0, {"a": "mkfs.ext4"}), sub(1, ["$a", "/dev/sda1"], {"resolved_argv": ["mkfs.ext4", "/dev/sda1"], "resolved_command": "mkfs.ext4"})], []))
}

test_dd_onto_devices_denied if {
	denied(cmd(["dd", "if=/dev/zero", "of=/dev/sda", "bs=1M"]))
	denied(cmd(["dd", "of=/dev/disk2"]))
	allowed(cmd(["dd", "if=x", "of=/dev/null"]))
	allowed(cmd(["dd", "if=/dev/urandom", "of=./random.bin"]))
}

test_shred_wipefs_and_device_writes_denied if {
	denied(cmd(["shred", "-n", "3", "/dev/nvme0n1"]))
	denied(cmd(["wipefs", "-a", "/dev/sda"]))
	denied(bash("cat img > /dev/sda", [sub(0, ["cat", "img"], {"redirects": [redirect(">", "/dev/sda")]})], []))
	denied(cmd(["tee", "/dev/mmcblk0"]))
	allowed(bash("cmd > /dev/null", [sub(0, ["cmd"], {"redirects": [redirect(">", "/dev/null")]})], []))
}

# ------------------------------------------------------------------ fork bombs, permissions

test_fork_bomb_denied if {
	classic := [sub(0, [":"], {"context": "function_body", "pipeline": 0}), sub(1, [":"], {"context": "function_body", "pipeline": 0, "operator": "|"}), then(2, [":"], ";")]
	denied(bash(":(){ :|:& };:", classic, []))
	denied(bash(":(){ :|:& };:", [sub(0, ["x"], {"context": "function_body"})], []))
	allowed(bash("echo ':(){ :|:& };:' > bomb.txt", [sub(0, ["echo", ":(){ :|:& };:"], {"redirects": [redirect(">", "bomb.txt")]})], []))
	body := [sub(0, ["bomb"], {"context": "function_body", "pipeline": 0}), sub(1, ["bomb"], {"context": "function_body", "pipeline": 0, "operator": "|"}), then(2, ["bomb"], ";")]
	denied(bash("bomb(){ bomb|bomb& };bomb", body, []))
}

test_recursive_chmod_chown_of_root_or_home_denied if {
	denied(cmd(["chmod", "-R", "777", "/"]))
	denied(cmd(["chmod", "777", "-R", "/"]))
	denied(cmd(["chmod", "--recursive", "a+rwx", "/"]))
	denied(cmd(["chown", "-R", "nobody", "~"]))
	denied(bash("chmod -R 777 /", [seg(0, ["chmod", "-R", "777", "/"])], [path("/", "/", false)]))
}

test_recursive_chmod_inside_the_project_allowed if {
	allowed(cmd(["chmod", "-R", "755", "./scripts"]))
	allowed(cmd(["chmod", "-R", "u+w", "."]))
	allowed(cmd(["chmod", "777", "/tmp/x"]))
}

test_reasons_say_what_and_what_instead if {
	some msg in destructive_shell.deny with input as rm(["-rf", "~"])
	contains(msg, "your home directory")
	contains(msg, "inside the project")
}

test_secure_delete_of_home_denied if {
	denied(cmd(["srm", "-r", "~"]))
	denied(cmd(["wipe", "-rf", "~"]))
	denied(cmd(["wipe", "-rf", "/"]))
	not denied(cmd(["wipe", "-rf", "./build"]))
}

# ------------------------------------------------------------------ h12: effects, not names

test_kill_pid_minus_one_any_signal_spelling_denied if {
	every argv in [["kill", "-9", "-1"], ["kill", "-TERM", "-1"], ["kill", "-s", "KILL", "-1"], ["kill", "--", "-1"], ["kill", "-KILL", "--", "-1"], ["kill", "-n", "9", "-1"]] {
		denied(cmd(argv))
	}
}

test_kill_of_named_processes_allowed if {
	every argv in [["kill", "%1"], ["kill", "-9", "12345"], ["kill", "-1", "12345"], ["kill", "-TERM", "4242", "4243"]] {
		allowed(cmd(argv))
	}
}

test_pkill_every_process_of_a_user_denied if {
	denied(cmd(["pkill", "-u", "dev"]))
	denied(cmd(["pkill", "-9", "-u", "dev"]))
	denied(cmd(["killall", "-u", "dev"]))
	allowed(cmd(["pkill", "-u", "dev", "node"]))
}

test_fork_loop_in_inline_code_denied if {
	denied(bash("perl -e 'fork while 1'", [sub(0, ["perl", "-e", "fork while 1"], {"opaque": true, "opaque_reasons": ["interpreter_fork_loop"]})], []))
	allowed(bash("perl -e 'print 1'", [sub(0, ["perl", "-e", "print 1"], {"opaque": true, "opaque_reasons": ["interpreter_exec"]})], []))
}

test_git_destructive_verbs_judged_on_their_work_tree if {
	denied(cmd(["git", "--git-dir=/home/dev/.dotfiles", "--work-tree=/home/dev", "clean", "-ffdx"]))
	denied(cmd(["git", "--work-tree", "/", "reset", "--hard"]))
	denied(cmd(["git", "--work-tree=/home/dev", "checkout", "-f"]))
	denied(bash("GIT_WORK_TREE=/home/dev git reset --hard", [sub(0, ["git", "reset", "--hard"], {"assignments": {"GIT_WORK_TREE": "/home/dev"}})], []))
	not denied(cmd(["git", "--work-tree=/home/dev", "status"]))
	not denied(cmd(["git", "--work-tree=/home/dev/project/sub", "clean", "-fdx"]))
}

test_possible_nested_reading_is_judged_like_the_command if {
	doc := bash("perf stat rm -rf ~", [seg(0, ["perf", "stat", "rm", "-rf", "~"]), sub(1, ["rm", "-rf", "~"], {"parent": 0, "context": "possible_nested", "depth": 1, "pipeline": 1, "wrappers": ["perf"]})], [])
	denied(doc)
	allowed(bash("perf stat make test", [seg(0, ["perf", "stat", "make", "test"]), sub(1, ["make", "test"], {"parent": 0, "context": "possible_nested", "depth": 1, "pipeline": 1})], []))
}

# a filter must narrow: -type f or -name '*' selects every file of the project
test_find_with_filters_that_do_not_narrow_denied if {
	denied(cmd(["find", ".", "-type", "f", "-exec", "shred", "-u", "{}", ";"]))
	denied(cmd(["find", ".", "-type", "f", "-exec", "rm", "{}", "+"]))
	denied(cmd(["find", ".", "-name", "*", "-delete"]))
	denied(cmd(["find", ".", "-type", "f", "-execdir", "wipe", "{}", ";"]))
	allowed(cmd(["find", ".", "-name", "__pycache__", "-type", "d", "-exec", "rm", "-rf", "{}", "+"]))
	allowed(cmd(["find", ".", "-type", "d", "-empty", "-delete"]))
	allowed(cmd(["find", ".", "-type", "f", "-mtime", "+30", "-delete"]))
}

test_find_deleting_git_history_asked if {
	count(destructive_shell.ask) > 0 with input as cmd(["find", ".git", "-type", "f", "-delete"])
	count(destructive_shell.ask) > 0 with input as cmd(["find", ".git/objects", "-type", "f", "-exec", "shred", "-u", "{}", "+"])
	count(destructive_shell.ask) == 0 with input as cmd(["find", ".git", "-name", "*.lock", "-delete"])
}

xargs_rm(id, parent) := sub(id, ["rm", "-rf"], {"parent": parent, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})

test_xargs_fed_by_a_process_substitution_is_judged_like_a_pipe if {
	node := sub(0, ["xargs", "rm", "-rf"], {"redirects": [redirect("<", "<(…)")]})
	home := [node, sub(1, ["echo", "/home/dev"], {"parent": 0, "context": "process_substitution", "depth": 1}), xargs_rm(2, 0)]
	denied(bash("xargs rm -rf < <(echo /home/dev)", home, []))
	build := [node, sub(1, ["find", ".", "-name", "x"], {"parent": 0, "context": "process_substitution", "depth": 1}), xargs_rm(2, 0)]
	allowed(bash("xargs rm -rf < <(find . -name x)", build, []))
}

# input claude-rego cannot tell (a file, a download, a listing outside the project): asked
test_xargs_deleting_unknown_input_asked if {
	from_file := [sub(0, ["xargs", "rm", "-rf"], {"redirects": [redirect("<", "list.txt")]}), xargs_rm(1, 0)]
	count(destructive_shell.ask) > 0 with input as bash("xargs rm -rf < list.txt", from_file, [])
	from_cat := [seg(0, ["cat", "list.txt"]), pipe(1, ["xargs", "rm", "-rf"], 0), xargs_rm(2, 1)]
	count(destructive_shell.ask) > 0 with input as bash("cat list.txt | xargs rm -rf", from_cat, [])
	elsewhere := [seg(0, ["find", "/home/dev/Documents", "-name", "*.bak"]), pipe(1, ["xargs", "rm", "-rf"], 0), xargs_rm(2, 1)]
	count(destructive_shell.ask) > 0 with input as bash("find ~/Documents -name '*.bak' | xargs rm -rf", elsewhere, [])
	listing := [seg(0, ["find", ".", "-name", "__pycache__"]), pipe(1, ["grep", "-v", "vendor"], 0), pipe(2, ["xargs", "rm", "-rf"], 0), xargs_rm(3, 2)]
	allowed(bash("find . -name __pycache__ | grep -v vendor | xargs rm -rf", listing, []))
	git := [seg(0, ["git", "ls-files", "-z", "*.orig"]), pipe(1, ["xargs", "-0", "rm", "-rf"], 0), xargs_rm(2, 1)]
	allowed(bash("git ls-files -z '*.orig' | xargs -0 rm -rf", git, []))
}

test_delete_through_a_link_made_after_cd_asked if {
	segs := [seg(0, ["cd", "build"]), then(1, ["ln", "-s", "~", "x"], "&&"), then(2, ["rm", "-rf", "x/"], "&&")]
	count(destructive_shell.ask) > 0 with input as bash("cd build && ln -s ~ x && rm -rf x/", segs, [])
	other := [seg(0, ["cd", "build"]), then(1, ["ln", "-s", "../dist", "out"], "&&"), then(2, ["rm", "-rf", "other"], "&&")]
	count(destructive_shell.ask) == 0 with input as bash("cd build && ln -s ../dist out && rm -rf other", other, [])
}

test_delete_after_cd_through_a_link_made_in_the_command_asked if {
	segs := [seg(0, ["ln", "-s", "/", "r"]), then(1, ["cd", "r/etc"], ";"), then(2, ["rm", "-rf", "*"], "&&")]
	count(destructive_shell.ask) > 0 with input as bash("ln -s / r; cd r/etc && rm -rf *", segs, [])
	plain := [seg(0, ["ln", "-s", "/", "r"]), then(1, ["cd", "build"], ";"), then(2, ["rm", "-rf", "out"], "&&")]
	count(destructive_shell.ask) == 0 with input as bash("ln -s / r; cd build && rm -rf out", plain, [])
}

# a listing with no operand lists its working directory: after `cd ~` that is the home directory
test_xargs_fed_by_a_listing_of_the_working_directory if {
	home := [seg(0, ["cd", "~"]), then(1, ["ls", "-A"], "&&"), pipe(2, ["xargs", "rm", "-rf"], 1), sub(3, ["rm", "-rf"], {"parent": 2, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	count(destructive_shell.ask) > 0 with input as bash("cd ~ && ls -A | xargs rm -rf", home, [])
	up := [seg(0, ["cd", ".."]), then(1, ["find"], "&&"), pipe(2, ["xargs", "rm", "-rf"], 1), sub(3, ["rm", "-rf"], {"parent": 2, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	not allowed(bash("cd .. && find | xargs rm -rf", up, []))
	here := [seg(0, ["ls"]), pipe(1, ["xargs", "rm", "-rf"], 0), sub(2, ["rm", "-rf"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]
	# session 29: the project's top level fed to a recursive delete is `rm -rf *` there: denied alike
	denied(bash("ls | xargs rm -rf", here, []))
}

# ------------------------------------------------------------------ root-only damage

_asked(doc) if {
	count(destructive_shell.deny) == 0 with input as doc
	count(destructive_shell.ask) > 0 with input as doc
}

test_root_only_damage_denied_without_sudo if {
	every argv in [
		["killall5", "-9"], ["killall5"], ["kill", "-9", "1"], ["kill", "-KILL", "1"], ["kill", "-s", "TERM", "1"],
		["useradd", "-o", "-u", "0", "-g", "0", "backdoor"], ["usermod", "-u", "0", "-o", "dev"], ["usermod", "--uid=0", "-o", "dev"],
		["useradd", "-ou0", "x"], ["groupadd", "-o", "-g", "0", "g0"], ["passwd", "-d", "root"], ["passwd", "--delete", "root"], ["passwd", "-d"],
		["usermod", "-p", "", "root"], ["userdel", "-r", "root"], ["chattr", "-R", "+i", "/etc"], ["chattr", "-R", "+i", "/home/dev"],
		["chattr", "-Rf", "-i", "/"], ["setfacl", "-R", "-m", "u:nobody:rwx", "/usr"],
	] {
		denied(cmd(argv))
	}
	every argv in [
		["kill", "-9", "1234"], ["kill", "-s", "1", "4242"], ["kill", "%1"], ["kill", "-0", "1"], ["kill", "-s", "0", "1"], ["useradd", "-m", "-u", "1001", "dev2"], ["passwd", "-S", "root"],
		["chattr", "+i", "build/lock"], ["chattr", "-R", "-i", "build"], ["usermod", "-u", "1001", "dev"], ["shutdown", "-c"],
	] {
		allowed(cmd(argv))
	}
}

test_machine_wide_changes_ask if {
	every argv in [
		["shutdown", "-h", "now"], ["reboot"], ["poweroff"], ["halt"], ["init", "0"], ["telinit", "6"], ["systemctl", "reboot"],
		["systemctl", "isolate", "rescue.target"], ["iptables", "-F"], ["iptables", "-P", "INPUT", "DROP"], ["nft", "flush", "ruleset"],
		["ufw", "disable"], ["ufw", "default", "deny", "incoming"], ["setenforce", "0"], ["auditctl", "-D"], ["aa-teardown"],
		["systemctl", "stop", "auditd"], ["systemctl", "disable", "--now", "firewalld.service"], ["service", "ssh", "stop"],
	] {
		_asked(cmd(argv))
	}
	every argv in [["systemctl", "status", "auditd"], ["iptables", "-L", "-n"], ["nft", "list", "ruleset"], ["ufw", "status"], ["systemctl", "restart", "nginx"], ["systemctl", "stop", "postgresql"]] {
		allowed(cmd(argv))
	}
}

test_fork_bomb_through_an_mcp_exec_tool_denied if {
	classic := [sub(0, [":"], {"context": "function_body", "pipeline": 0}), sub(1, [":"], {"context": "function_body", "pipeline": 0, "operator": "|"}), then(2, [":"], ";")]
	denied(mcp_exec("mcp__term__run", {"cmd": ":(){ :|:& };:"}, [{"field": "cmd", "command": ":(){ :|:& };:"}], bash(":(){ :|:& };:", classic, [])))
	# the same text as data stays allowed
	quoted := bash("echo ':(){ :|:& };:'", [sub(0, ["echo", ":(){ :|:& };:"], {})], [])
	allowed(mcp_exec("mcp__term__run", {"cmd": "echo ':(){ :|:& };:'"}, [{"field": "cmd", "command": "echo ':(){ :|:& };:'"}], quoted))
	# and so is an MCP tool's recursive delete of the home, like Bash's
	denied(mcp_exec("mcp__term__run", {"argv": ["rm", "-rf", "/home/dev"]}, [{"field": "argv", "command": "rm -rf /home/dev"}], rm(["-rf", "/home/dev"])))
}

# the facts layer followed the link made after the cd (link_in_command): judged on its target
test_delete_through_a_link_made_after_cd_that_the_facts_followed if {
	segs := [seg(0, ["cd", "/tmp"]), then(1, ["ln", "-s", "/home/dev", "x"], "&&"), then(2, ["rm", "-rf", "x/"], "&&")]
	home := object.union(path_of_seg(2, "x/", "/home/dev/project/x", true), {"resolved": "/home/dev", "resolved_inside_project": false, "via_symlink": true, "link_in_command": true})
	denied(bash("cd /tmp && ln -s /home/dev x && rm -rf x/", segs, [home]))
	chmod := [seg(0, ["cd", "/tmp"]), then(1, ["ln", "-s", "/etc", "x"], "&&"), then(2, ["chmod", "-R", "777", "x/"], "&&")]
	etc := object.union(path_of_seg(2, "x/", "/home/dev/project/x", true), {"resolved": "/etc", "resolved_inside_project": false, "via_symlink": true, "link_in_command": true})
	denied(bash("cd /tmp && ln -s /etc x && chmod -R 777 x/", chmod, [etc]))
	build := [seg(0, ["cd", "build"]), then(1, ["ln", "-s", "../dist", "out"], "&&"), then(2, ["rm", "-rf", "out/"], "&&")]
	dist := object.union(path_of_seg(2, "out/", "/home/dev/project/out", true), {"resolved": "/home/dev/project/dist", "resolved_inside_project": true, "via_symlink": true, "link_in_command": true})
	allowed(bash("cd build && ln -s ../dist out && rm -rf out/", build, [dist]))
}

# find under .git is narrowed only by git's lock files
test_find_under_git_narrowed_only_by_lock_files if {
	every argv in [["find", ".git", "-name", "*.pack", "-delete"], ["find", ".git/objects", "-type", "f", "-empty", "-delete"], ["find", ".git", "-name", "*.lock", "-o", "-name", "*.idx", "-delete"]] {
		count(destructive_shell.ask) > 0 with input as cmd(argv)
	}
	allowed(cmd(["find", ".git", "-name", "*.lock", "-delete"]))
	allowed(cmd(["find", ".", "-name", "*.orig", "-delete"]))
}

test_find_path_tests_selecting_git_internals_ask if {
	every argv in [["find", ".", "-path", "./.git/objects/*", "-delete"], ["find", ".", "-ipath", "*/.git/*", "-type", "f", "-delete"], ["find", ".", "-regex", ".*/\\.git/refs/.*", "-exec", "rm", "{}", ";"]] {
		count(destructive_shell.ask) > 0 with input as cmd(argv)
	}
	allowed(cmd(["find", ".", "-path", "./.git", "-prune", "-o", "-name", "*.orig", "-delete"]))
	allowed(cmd(["find", ".", "-path", "*/.git/*.lock", "-delete"]))
	allowed(cmd(["find", ".", "-not", "-path", "./.git/*", "-name", "*.pyc", "-delete"]))
	allowed(cmd(["find", ".", "!", "-path", "*/.git/*", "-name", "*.orig", "-delete"]))
}

# ------------------------------------------------------------------ session 25 (infra14)

asked(doc) if {
	count(destructive_shell.deny) == 0 with input as doc
	count(destructive_shell.ask) > 0 with input as doc
}

test_s25_storage_wipes_denied if {
	denied(cmd(["zpool", "labelclear", "-f", "/dev/sdb"]))
	denied(cmd(["dmsetup", "remove_all"]))
	denied(cmd(["mdadm", "--create", "/dev/md0", "--level=1", "/dev/sdb", "/dev/sdc"]))
	allowed(cmd(["mdadm", "--detail", "/dev/md0"]))
	allowed(cmd(["zpool", "status"]))
}

_find_exec(start, filters, changer) := bash("find …", [
	seg(0, array.concat(array.concat(["find", start], filters), array.concat(["-exec"], array.concat(changer, ["{}", "+"])))),
	sub(1, array.concat(changer, ["{}"]), {"parent": 0, "context": "find_exec", "depth": 1}),
], [])

test_s25_find_exec_permission_changes_over_home_or_root_denied if {
	denied(_find_exec("~", [], ["chmod", "000"]))
	denied(_find_exec("/", [], ["chown", "nobody"]))
	denied(_find_exec("/etc", ["-type", "f"], ["chmod", "777"]))
	denied(_find_exec("/home/dev", ["-name", "*"], ["chattr", "+i"]))
	asked(_find_exec("~", ["-name", "*.sh"], ["chmod", "+x"]))
	allowed(_find_exec(".", ["-type", "f"], ["chmod", "644"]))
	allowed(_find_exec("/home/dev/project/scripts", [], ["chmod", "+x"]))
}

test_s25_xargs_permission_changes_fed_by_a_listing_of_home_denied if {
	denied(bash("find ~ -print0 | xargs -0 chmod 000", [
		seg(0, ["find", "~", "-print0"]),
		pipe(1, ["xargs", "-0", "chmod", "000"], 0),
		sub(2, ["chmod", "000"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"], "pipeline": 0}),
	], []))
	denied(bash("ls ~ | xargs chmod -R 000", [
		seg(0, ["ls", "~"]),
		pipe(1, ["xargs", "chmod", "-R", "000"], 0),
		sub(2, ["chmod", "-R", "000"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"], "pipeline": 0}),
	], []))
	allowed(bash("find . -print0 | xargs -0 chmod g+w", [
		seg(0, ["find", ".", "-print0"]),
		pipe(1, ["xargs", "-0", "chmod", "g+w"], 0),
		sub(2, ["chmod", "g+w"], {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"], "pipeline": 0}),
	], []))
}

test_s25_logs_and_keys_erased_ask if {
	asked(cmd(["journalctl", "--vacuum-time=1s"]))
	asked(cmd(["journalctl", "--vacuum-size=1"]))
	asked(cmd(["journalctl", "--vacuum-files", "1"]))
	asked(cmd(["journalctl", "--vacuum-time", "10m"]))
	asked(cmd(["journalctl", "--vacuum-size=1x9"]))
	asked(cmd(["log", "erase", "--all"]))
	asked(cmd(["wevtutil", "cl", "System"]))
	asked(cmd(["dmesg", "-C"]))
	asked(cmd(["systemctl", "stop", "rsyslog"]))
	asked(cmd(["gpg", "--delete-secret-keys", "ABCD"]))
	asked(cmd(["security", "delete-keychain", "login.keychain"]))
	allowed(cmd(["journalctl", "--vacuum-time=2weeks"]))
	allowed(cmd(["journalctl", "--vacuum-size=500M"]))
	allowed(cmd(["journalctl", "--vacuum-time=48h"]))
	allowed(cmd(["journalctl", "-u", "api", "--since", "today"]))
	allowed(cmd(["dmesg", "-T"]))
	allowed(cmd(["gpg", "--list-secret-keys"]))
}

# ------------------------------------------------------------------ session 26 (storage)

test_s26_btrfs_abbreviated_subvolume_delete_denied if {
	denied(cmd(["btrfs", "sub", "del", "/mnt/data/snap"]))
	denied(cmd(["btrfs", "su", "d", "/mnt/x"]))
	denied(cmd(["btrfs", "subvol", "delete", "-c", "/mnt/x"]))
	denied(cmd(["btrfs", "-q", "subvolume", "del", "/mnt/x"]))
	allowed(cmd(["btrfs", "subvolume", "list", "/mnt"]))
	allowed(cmd(["btrfs", "sub", "snapshot", "/mnt/a", "/mnt/b"]))
	allowed(cmd(["btrfs", "filesystem", "show"]))
}

test_s26_raid_detach_asks if {
	asked(cmd(["mdadm", "--stop", "/dev/md0"]))
	asked(cmd(["mdadm", "-S", "/dev/md0"]))
	asked(cmd(["mdadm", "-Ss"]))
	asked(cmd(["mdadm", "/dev/md0", "--fail", "/dev/sdb1"]))
	asked(cmd(["mdadm", "/dev/md0", "-f", "/dev/sdb1", "-r", "/dev/sdb1"]))
	asked(cmd(["mdadm", "--manage", "/dev/md0", "--remove", "/dev/sdc"]))
	denied(cmd(["mdadm", "--kill-subarray", "0", "/dev/md/imsm0"]))
	asked(cmd(["mdadm", "--kill-subarray=0", "/dev/md/imsm0"]))
	allowed(cmd(["mdadm", "--assemble", "--scan", "-f"]))
	allowed(cmd(["mdadm", "-A", "/dev/md0", "-f", "/dev/sdb1", "/dev/sdc1"]))
	allowed(cmd(["mdadm", "/dev/md0", "--add", "/dev/sdd"]))
	allowed(cmd(["mdadm", "--examine", "/dev/sdb1"]))
}

test_s26_zfs_rollback_and_forced_receive_ask if {
	asked(cmd(["zfs", "rollback", "-r", "tank/home@snap1"]))
	asked(cmd(["zfs", "rollback", "tank@s"]))
	asked(cmd(["zfs", "recv", "-F", "backup/tank"]))
	asked(cmd(["zfs", "receive", "-Fu", "backup/tank"]))
	asked(cmd(["zpool", "export", "-f", "tank"]))
	asked(cmd(["zpool", "detach", "tank", "sdb"]))
	asked(cmd(["zpool", "split", "tank", "tank2"]))
	asked(cmd(["zpool", "import", "-F", "tank"]))
	asked(cmd(["zpool", "import", "--rewind-to-checkpoint", "tank"]))
	allowed(cmd(["zpool", "import", "-Fn", "tank"]))
	allowed(cmd(["zpool", "import", "-f", "tank"]))
	allowed(cmd(["zpool", "export", "tank"]))
	allowed(cmd(["zfs", "list"]))
	allowed(cmd(["zfs", "snapshot", "tank/home@s2"]))
	allowed(cmd(["zfs", "receive", "backup/tank"]))
}

test_s26_lvm_shrinks_and_merges_ask if {
	asked(cmd(["lvreduce", "-L", "10G", "/dev/vg0/data"]))
	asked(cmd(["lvresize", "-L", "-5G", "/dev/vg0/data"]))
	asked(cmd(["lvresize", "-L10G", "/dev/vg0/data"]))
	asked(cmd(["lvresize", "--size=20G", "/dev/vg0/data"]))
	asked(cmd(["lvresize", "-l", "50%VG", "/dev/vg0/data"]))
	asked(cmd(["lvconvert", "--merge", "vg0/snap"]))
	asked(cmd(["vgreduce", "--removemissing", "vg0"]))
	allowed(cmd(["lvresize", "-L", "+5G", "/dev/vg0/data"]))
	allowed(cmd(["lvresize", "-l+100%FREE", "/dev/vg0/data"]))
	allowed(cmd(["lvresize", "--size=+5G", "/dev/vg0/data"]))
	allowed(cmd(["lvextend", "-L", "+5G", "/dev/vg0/data"]))
	allowed(cmd(["lvconvert", "--type", "raid1", "vg0/data"]))
	allowed(cmd(["lvs"]))
}

test_s26_snapshot_and_backup_tools_ask if {
	asked(cmd(["snapper", "delete", "5"]))
	asked(cmd(["snapper", "-c", "root", "delete", "3-10"]))
	asked(cmd(["snapper", "rollback", "12"]))
	asked(cmd(["tmutil", "delete", "/Volumes/B/Backups.backupdb/mac/2024-01-01"]))
	asked(cmd(["tmutil", "deleteLocalSnapshots", "2024-01-01"]))
	asked(cmd(["timeshift", "--delete-all"]))
	asked(cmd(["qemu-img", "snapshot", "-d", "s1", "disk.qcow2"]))
	asked(cmd(["wbadmin", "delete", "backup", "-keepVersions:3"]))
	asked(cmd(["vssadmin", "resize", "shadowstorage", "/for=c:", "/maxsize=401MB"]))
	asked(cmd(["diskutil", "apfs", "deleteSnapshot", "disk1s1", "-name", "s"]))
	allowed(cmd(["snapper", "list"]))
	allowed(cmd(["snapper", "create", "--description", "before upgrade"]))
	allowed(cmd(["tmutil", "listbackups"]))
	allowed(cmd(["timeshift", "--list"]))
	allowed(cmd(["qemu-img", "snapshot", "-l", "disk.qcow2"]))
	allowed(cmd(["wbadmin", "get", "versions"]))
}

test_s26_shadow_copies_and_disk_erasers_denied if {
	denied(cmd(["vssadmin", "delete", "shadows", "/all", "/quiet"]))
	denied(cmd(["vssadmin.exe", "Delete", "Shadows", "/All"]))
	denied(cmd(["wmic", "shadowcopy", "delete"]))
	denied(cmd(["wbadmin", "delete", "catalog", "-quiet"]))
	denied(cmd(["diskutil", "eraseDisk", "APFS", "Clean", "disk2"]))
	denied(cmd(["diskutil", "zeroDisk", "disk2"]))
	denied(cmd(["diskutil", "apfs", "deleteContainer", "disk2"]))
	denied(cmd(["diskutil", "cs", "delete", "lvg-uuid"]))
	allowed(cmd(["vssadmin", "list", "shadows"]))
	allowed(cmd(["wmic", "shadowcopy", "list", "brief"]))
	denied(_two("Get-CimInstance -ClassName Win32_ShadowCopy | Remove-CimInstance", ["get-ciminstance", "-ClassName", "Win32_ShadowCopy"], ["remove-ciminstance"]))
	denied(_two("gwmi win32_shadowcopy | % { $_.Delete() }", ["gwmi", "win32_shadowcopy"], ["%", "{", "$_.Delete", "}"]))
	denied(bash("(Get-WmiObject Win32_ShadowCopy).Delete()", [seg(0, ["get-wmiobject", "Win32_ShadowCopy"])], []))
	allowed(_two("Get-WmiObject Win32_ShadowCopy | Select-Object ID", ["get-wmiobject", "Win32_ShadowCopy"], ["select-object", "ID"]))
	allowed(cmd(["diskutil", "list"]))
	allowed(cmd(["diskutil", "unmountDisk", "disk2"]))
	allowed(cmd(["diskutil", "apfs", "list"]))
}

_two(command, a, b) := bash(command, [pipe(0, a, 0), pipe(1, b, 0)], [])

test_s26_windows_disk_erasers if {
	denied(cmd(["clear-disk", "-Number", "1", "-RemoveData"]))
	denied(cmd(["format-volume", "-DriveLetter", "D"]))
	denied(cmd(["remove-partition", "-DiskNumber", "1", "-PartitionNumber", "2"]))
	denied(cmd(["format", "D:", "/q", "/y"]))
	asked(cmd(["diskpart", "/s", "wipe.txt"]))
	asked(cmd(["remove-vmsnapshot", "-VMName", "dev", "-Name", "*"]))
	asked(cmd(["bcdedit", "/set", "{default}", "recoveryenabled", "No"]))
	allowed(cmd(["get-disk"]))
	allowed(cmd(["format", "--help"]))
	allowed(cmd(["bcdedit", "/enum"]))
	allowed(cmd(["checkpoint-vm", "-Name", "dev"]))
}

# ------------------------------------------------------------------ s27: destruction fed by a listing

_find_sub(id, parent, argv) := sub(id, argv, {"parent": parent, "context": "substitution", "depth": 1})

_loop_header(id) := sub(id, [""], {"argv": [], "command": "", "args": [], "raw_words": []})

_redirect_only(id, target) := sub(id, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "operator": ";", "redirects": [redirect(">", target)]})

test_s27_listing_in_a_substitution if {
	# rm -f $(find ~ -type f), shred -u `find / -type f`
	denied(bash("rm -f $(find ~ -type f)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", "~", "-type", "f"])], []))
	denied(bash("shred -u `find / -type f`", [seg(0, ["shred", "-u", "`…`"]), _find_sub(1, 0, ["find", "/", "-type", "f"])], []))
	# the whole project file by file is rm -rf .
	denied(bash("rm -f $(find . -type f)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", ".", "-type", "f"])], []))
	# an unknown root asks
	asked(bash("rm -f $(find $X -type f)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", "$X", "-type", "f"])], []))
	# narrowed, or inside the project: passes
	allowed(bash("rm -f $(find . -name '*.pyc')", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", ".", "-name", "*.pyc"])], []))
	allowed(bash("rm -f $(find build -type f)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", "build", "-type", "f"])], []))
	allowed(bash("rm -f $(git ls-files --deleted)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["git", "ls-files", "--deleted"])], []))
	# a count is not a listing: echo $(find ~ | wc -l)
	allowed(bash("rm -f $(find ~ -type f | wc -l)", [seg(0, ["rm", "-f", "$(…)"]), _find_sub(1, 0, ["find", "~", "-type", "f"]), sub(2, ["wc", "-l"], {"parent": 0, "context": "substitution", "depth": 1, "pipeline": 1, "operator": "|"})], []))
}

test_s27_listing_bound_to_a_loop_variable if {
	# for f in $(find ~ -type f); do : > "$f"; done
	denied(bash("for f in $(find ~ -type f); do : > $f; done", [_loop_header(0), _find_sub(1, 0, ["find", "~", "-type", "f"]), sub(2, [":"], {"redirects": [redirect(">", "$f")]})], []))
	denied(bash("for f in $(rg --files ~); do truncate -s0 $f; done", [_loop_header(0), _find_sub(1, 0, ["rg", "--files", "~"]), then(2, ["truncate", "-s0", "$f"], ";")], []))
	denied(bash("for f in $(find ~ -type f); do > $f; done", [_loop_header(0), _find_sub(1, 0, ["find", "~", "-type", "f"]), _redirect_only(2, "$f")], []))
	denied(bash("for f in $(find ~ -type f); do cp /dev/null $f; done", [_loop_header(0), _find_sub(1, 0, ["find", "~", "-type", "f"]), then(2, ["cp", "/dev/null", "$f"], ";")], []))
	denied(bash("for f in $(find ~ -type f); do chmod 000 $f; done", [_loop_header(0), _find_sub(1, 0, ["find", "~", "-type", "f"]), then(2, ["chmod", "000", "$f"], ";")], []))
	# the loop's own output redirect is not a truncation of each file
	allowed(bash("for f in $(find . -type f); do cat $f; done > $OUT", [_loop_header(0), _find_sub(1, 0, ["find", ".", "-type", "f"]), then(2, ["cat", "$f"], ";"), _redirect_only(3, "$OUT")], []))
	# reading, formatting, or adding permissions: not destruction
	allowed(bash("for f in $(find ~ -type f); do wc -l $f; done", [_loop_header(0), _find_sub(1, 0, ["find", "~", "-type", "f"]), then(2, ["wc", "-l", "$f"], ";")], []))
	allowed(bash("for f in $(find . -type f); do chmod u+w $f; done", [_loop_header(0), _find_sub(1, 0, ["find", ".", "-type", "f"]), then(2, ["chmod", "u+w", "$f"], ";")], []))
	# an assignment: files=$(find ~ -type f); rm -f $files (the parser puts the substitution in the word)
	denied(bash("files=$(find ~ -type f); rm -f $files", [vars(0, {"files": "$(…)"}), _find_sub(1, 0, ["find", "~", "-type", "f"]), then(2, ["rm", "-f", "$(…)"], ";")], []))
}

test_s27_listing_read_in_a_while_loop if {
	# find ~ -type f | while read f; do rm -f -- "$f"; done
	denied(bash("find ~ -type f | while read f; do rm -f -- $f; done", [seg(0, ["find", "~", "-type", "f"]), pipe(1, ["read", "f"], 0), then(2, ["rm", "-f", "--", "$f"], ";")], []))
	denied(bash("find . -type f | while read f; do rm $f; done", [seg(0, ["find", ".", "-type", "f"]), pipe(1, ["read", "f"], 0), then(2, ["rm", "${f}"], ";")], []))
	denied(bash("find ~ | while read -r f; do sed -i d $f; done", [seg(0, ["find", "~"]), pipe(1, ["read", "-r", "f"], 0), then(2, ["sed", "-i", "d", "$f"], ";")], []))
	# while read f; do rm "$f"; done < <(find ~ -type f)
	denied(bash("while read f; do rm $f; done < <(find ~ -type f)", [
		seg(0, ["read", "f"]), then(1, ["rm", "$f"], ";"),
		sub(2, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "operator": ";", "redirects": [redirect("<", "<(…)")]}),
		sub(3, ["find", "~", "-type", "f"], {"parent": 2, "context": "process_substitution", "depth": 1}),
	], []))
	asked(bash("find $X -type f | while read f; do rm $f; done", [seg(0, ["find", "$X", "-type", "f"]), pipe(1, ["read", "f"], 0), then(2, ["rm", "$f"], ";")], []))
	# another variable, a narrowed listing, a filter: pass
	allowed(bash("find . -name '*.orig' | while read f; do rm $f; done", [seg(0, ["find", ".", "-name", "*.orig"]), pipe(1, ["read", "f"], 0), then(2, ["rm", "$f"], ";")], []))
	allowed(bash("find . -type f | grep orig | while read f; do rm $f; done", [seg(0, ["find", ".", "-type", "f"]), pipe(1, ["grep", "orig"], 0), pipe(2, ["read", "f"], 0), then(3, ["rm", "$f"], ";")], []))
	allowed(bash("find ~ -type f | while read f; do wc -l $f; done", [seg(0, ["find", "~", "-type", "f"]), pipe(1, ["read", "f"], 0), then(2, ["wc", "-l", "$f"], ";")], []))
}

_xargs_child(id, parent, argv) := sub(id, argv, {"parent": parent, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})

test_s27_listing_through_xargs_and_parallel if {
	# listers other than find, destroyers other than rm
	denied(bash("rg --files ~ | xargs rm", [seg(0, ["rg", "--files", "~"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
	denied(bash("du -a ~ | cut -f2 | xargs rm -f", [seg(0, ["du", "-a", "~"]), pipe(1, ["cut", "-f2"], 0), pipe(2, ["xargs", "rm", "-f"], 0), _xargs_child(3, 2, ["rm", "-f"])], []))
	denied(bash("find ~ -type f | xargs sed -i d", [seg(0, ["find", "~", "-type", "f"]), pipe(1, ["xargs", "sed", "-i", "d"], 0), _xargs_child(2, 1, ["sed", "-i", "d"])], []))
	denied(bash("find ~ -type f | parallel truncate -s0 {}", [seg(0, ["find", "~", "-type", "f"]), pipe(1, ["parallel", "truncate", "-s0", "{}"], 0), _xargs_child(2, 1, ["truncate", "-s0", "{}"])], []))
	denied(bash("tree -fi ~ | xargs rm -f", [seg(0, ["tree", "-fi", "~"]), pipe(1, ["xargs", "rm", "-f"], 0), _xargs_child(2, 1, ["rm", "-f"])], []))
	denied(bash("git -C ~ ls-files | xargs rm", [seg(0, ["git", "-C", "~", "ls-files"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
	denied(bash("locate / | xargs rm", [seg(0, ["locate", "/"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
	asked(bash("locate .bak | xargs rm", [seg(0, ["locate", ".bak"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
	# in-project edits and narrowed listings pass
	allowed(bash("find src -type f | xargs sed -i s/a/b/", [seg(0, ["find", "src", "-type", "f"]), pipe(1, ["xargs", "sed", "-i", "s/a/b/"], 0), _xargs_child(2, 1, ["sed", "-i", "s/a/b/"])], []))
	allowed(bash("find . -type f | xargs sed -i s/a/b/", [seg(0, ["find", ".", "-type", "f"]), pipe(1, ["xargs", "sed", "-i", "s/a/b/"], 0), _xargs_child(2, 1, ["sed", "-i", "s/a/b/"])], []))
	allowed(bash("find . -type f | xargs chmod 644", [seg(0, ["find", ".", "-type", "f"]), pipe(1, ["xargs", "chmod", "644"], 0), _xargs_child(2, 1, ["chmod", "644"])], []))
	allowed(bash("fd -e pyc | xargs rm", [seg(0, ["fd", "-e", "pyc"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
	allowed(bash("git ls-files | xargs rm", [seg(0, ["git", "ls-files"]), pipe(1, ["xargs", "rm"], 0), _xargs_child(2, 1, ["rm"])], []))
}

# ------------------------------------------------------------------ s27: other recursive destroyers, unknown target

test_s27_find_destroying_an_unknown_root_asks if {
	every argv in [
		["find", "$TARGET", "-delete"],
		["find", "$TARGET", "-type", "f", "-delete"],
		["find", "$(…)", "-mindepth", "1", "-delete"],
		["find", "${HOME%/}", "-type", "f", "-delete"],
		["find", "$T", "-type", "f", "-exec", "rm", "-f", "{}", "+"],
		["find", "$T", "-type", "f", "-exec", "truncate", "-s0", "{}", "+"],
	] {
		asked(cmd(argv))
	}
	allowed(cmd(["find", "$BUILD_DIR", "-name", "*.o", "-delete"]))
	allowed(cmd(["find", "./build", "-type", "f", "-delete"]))
	allowed(cmd(["find", "$T", "-type", "f", "-print"]))
	# ${out%/} with out a relative name set in the command: a name inside the project
	allowed(bash("out=dist/; find ${out%/} -type f -delete", [vars(0, {"out": "dist/"}), then(1, ["find", "${out%/}", "-type", "f", "-delete"], ";")], []))
	asked(bash("d=/; find ${d%/} -delete", [vars(0, {"d": "/"}), then(1, ["find", "${d%/}", "-delete"], ";")], []))
}

test_s27_recursive_permission_changes_of_an_unknown_target_ask if {
	asked(cmd(["chmod", "-R", "000", "${HOME%/}"]))
	asked(cmd(["chmod", "-R", "755", "$DIR"]))
	asked(cmd(["chown", "-R", "nobody", "$TARGET"]))
	asked(cmd(["chattr", "-R", "+i", "$X"]))
	allowed(cmd(["chmod", "-R", "u+w", "$BUILD_DIR"]))
	allowed(cmd(["chmod", "-R", "u+w", "./build"]))
	allowed(cmd(["chown", "-R", "dev:dev", "./build"]))
	allowed(cmd(["chmod", "000", "$X"]))
}

test_s27_rsync_mv_truncate_of_an_unknown_target_ask if {
	asked(cmd(["rsync", "-a", "--delete", "empty/", "$TARGET/"]))
	allowed(cmd(["rsync", "-a", "--delete", "src/", "dist/"]))
	allowed(cmd(["rsync", "-a", "--delete", "src/", "$HOST:/srv/app/"]))
	allowed(cmd(["rsync", "-a", "--delete", "src/", "user@host:/srv/app/"]))
	asked(cmd(["mv", "$X", "/tmp/trash"]))
	allowed(cmd(["mv", "$f", "$f.bak"]))
	allowed(cmd(["mv", "build", "/tmp/old-build"]))
	asked(cmd(["truncate", "-s0", "$X/*"]))
	asked(cmd(["shred", "-u", "$X/*"]))
	allowed(cmd(["shred", "-u", "$KEYFILE"]))
}

# ------------------------------------------------------------------ s29: tests that narrow nothing, top-level listings

test_s29_negated_pruned_or_other_branch_find_tests_narrow_nothing if {
	denied(cmd(["find", ".", "!", "-name", "keep", "-delete"]))
	denied(cmd(["find", ".", "-not", "-path", "./.git/*", "-delete"]))
	denied(cmd(["find", ".", "-path", "./.git", "-prune", "-o", "-delete"]))
	denied(cmd(["find", ".", "-name", "*.keep", "-o", "-delete"]))
	denied(cmd(["find", ".", "!", "(", "-name", "a", "-o", "-name", "b", ")", "-delete"]))
	denied(cmd(["find", ".", "-mindepth", "1", "!", "-name", ".git", "-exec", "rm", "-rf", "{}", "+"]))
	asked(cmd(["find", "$D", "!", "-name", "keep", "-delete"]))
}

test_s29_positive_find_tests_still_narrow if {
	allowed(cmd(["find", ".", "-path", "./node_modules", "-prune", "-o", "-name", "*.pyc", "-delete"]))
	allowed(cmd(["find", ".", "-type", "f", "-name", "*.log", "!", "-name", "keep.log", "-delete"]))
	allowed(cmd(["find", ".", "(", "-name", "*.pyc", "-o", "-name", "*.pyo", ")", "-delete"]))
	allowed(cmd(["find", ".", "-name", "*.pyc", "-o", "-name", "*.pyo", "-delete"]))
	allowed(cmd(["find", "$D", "-name", "*.o", "-delete"]))
}

_xargs_rm(flags) := [pipe(1, array.concat(["xargs", "rm"], flags), 0), sub(2, array.concat(["rm"], flags), {"parent": 1, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})]

test_s29_top_level_listing_fed_to_a_recursive_delete if {
	# ls | xargs rm -rf is rm -rf * in the project
	denied(bash("ls | xargs rm -rf", array.concat([seg(0, ["ls"])], _xargs_rm(["-rf"])), []))
	denied(bash("ls -A . | xargs rm -r", array.concat([seg(0, ["ls", "-A", "."])], _xargs_rm(["-r"])), []))
	denied(bash("rm -rf $(ls)", [seg(0, ["rm", "-rf", "$(…)"]), _find_sub(1, 0, ["ls"])], []))
	# not recursive, narrowed, or inside the project: passes
	allowed(bash("ls | xargs rm -f", array.concat([seg(0, ["ls"])], _xargs_rm(["-f"])), []))
	allowed(bash("ls build | xargs rm -rf", array.concat([seg(0, ["ls", "build"])], _xargs_rm(["-rf"])), []))
	allowed(bash("ls | grep tmp | xargs rm -rf", [seg(0, ["ls"]), pipe(1, ["grep", "tmp"], 0), pipe(2, ["xargs", "rm", "-rf"], 0), sub(3, ["rm", "-rf"], {"parent": 2, "context": "xargs", "depth": 1, "wrappers": ["xargs"]})], []))
}

# session 29: a pruned test in the action's own branch narrows (`-name __pycache__ -prune -exec rm -rf {} +`)
test_s29_pruned_test_in_the_actions_branch_narrows if {
	destructive_shell._find_narrowed(seg(0, ["find", ".", "-type", "d", "-name", "__pycache__", "-prune", "-exec", "rm", "-rf", "{}", "+"]))
	not destructive_shell._find_narrowed(seg(0, ["find", ".", "-path", "./keep", "-prune", "-o", "-delete"]))
}

# ------------------------------------------------------------------ s32: raw-device writers, repairs that lose data

test_s32_dd_family_onto_devices_denied if {
	denied(cmd(["dcfldd", "if=/dev/zero", "of=/dev/sda"]))
	denied(cmd(["dc3dd", "wipe=/dev/nvme0n1"]))
	denied(cmd(["dc3dd", "if=/dev/zero", "hof=/dev/sdb"]))
	denied(cmd(["sg_dd", "if=/dev/zero", "of=/dev/sg1"]))
	allowed(cmd(["dc3dd", "if=/dev/sda", "hof=disk.img", "hash=sha256"]))
	allowed(cmd(["dcfldd", "if=/dev/sdb", "of=/dev/null"]))
}

test_s32_device_tools_denied_when_told_to_destroy if {
	denied(cmd(["sg_format", "--format", "--early", "/dev/sda"]))
	denied(cmd(["sg_format", "-F", "/dev/sda"]))
	denied(cmd(["sg_sanitize", "--overwrite", "/dev/sda"]))
	denied(cmd(["sg_unmap", "--lba=0", "--num=8", "/dev/sda"]))
	denied(cmd(["scrub", "-p", "dod", "/dev/sda"]))
	denied(cmd(["flash_erase", "/dev/mtd0", "0", "0"]))
	denied(cmd(["zpool", "create", "-f", "tank", "/dev/sdb"]))
	allowed(cmd(["sg_format", "/dev/sda"]))
	allowed(cmd(["zpool", "create", "tank", "/dev/sdb"]))
}

test_s32_flashrom if {
	denied(cmd(["flashrom", "-p", "internal", "-w", "/tmp/bios.bin"]))
	denied(cmd(["flashrom", "--programmer=internal", "-E"]))
	asked(cmd(["flashrom", "-p", "ch341a_spi", "-w", "fw.bin"]))
	allowed(cmd(["flashrom", "-p", "internal", "-r", "backup.bin"]))
}

test_s32_repairs_that_lose_data_ask if {
	asked(cmd(["xfs_repair", "-L", "/dev/nvme0n1p3"]))
	asked(cmd(["e2fsck", "-fy", "/dev/nvme0n1p2"]))
	asked(cmd(["fsck", "-y", "LABEL=data"]))
	asked(cmd(["fsck", "-A", "-y"]))
	asked(cmd(["btrfs", "check", "--repair", "/dev/sda2"]))
	asked(cmd(["btrfs", "rescue", "zero-log", "/dev/sda2"]))
	asked(cmd(["debugfs", "-w", "/dev/sda1"]))
	allowed(cmd(["e2fsck", "-n", "/dev/sda1"]))
	allowed(cmd(["e2fsck", "-fy", "disk.img"]))
	allowed(cmd(["xfs_repair", "-n", "/dev/sda1"]))
	allowed(cmd(["btrfs", "check", "/dev/sda2"]))
	allowed(cmd(["debugfs", "-R", "stat /", "/dev/sda1"]))
}
