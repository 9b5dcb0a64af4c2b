package claude_rego.policies.write_outside_project_test

import data.claude_rego.lib.testing.vars
import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.redirect
import data.claude_rego.lib.testing.redirect_path
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.lib.testing.symlink
import data.claude_rego.lib.testing.then
import data.claude_rego.policies.write_outside_project
import rego.v1

denied(doc) if count(write_outside_project.deny) > 0 with input as doc

allowed(doc) if count(write_outside_project.deny) == 0 with input as doc

write(p) := file_tool("Write", "file-write", p)

echo_to(target) := bash("echo x > t", [sub(0, ["echo", "x"], {"redirects": [redirect(">", target)]})], [])

# ------------------------------------------------------------------ file tools

test_write_inside_project_allowed if {
	allowed(write(path("src/a.py", "/home/dev/project/src/a.py", true)))
	allowed(file_tool("NotebookEdit", "file-write", path("nb.ipynb", "/home/dev/project/nb.ipynb", true)))
}

test_write_to_system_paths_and_start_up_files_denied if {
	every file in ["/etc/hosts", "/usr/local/bin/x", "/home/dev/.ssh/authorized_keys", "/home/dev/.bashrc", "/home/dev/.zshrc", "/home/dev/.profile", "/home/dev/other/x", "/opt/x"] {
		denied(write(path(file, file, false)))
	}
	denied(file_tool("NotebookEdit", "file-write", path("/etc/nb.ipynb", "/etc/nb.ipynb", false)))
}

test_traversal_denied if {
	denied(write(path("../other/x", "/home/dev/other/x", false)))
	some msg in write_outside_project.deny with input as write(path("../x", "/home/dev/x", false))
	contains(msg, "..")
}

test_symlink_escape_denied if {
	denied(write(symlink("link/x", "/home/dev/project/link/x", "/etc/x")))
	some msg in write_outside_project.deny with input as write(symlink("link/x", "/home/dev/project/link/x", "/home/dev/other/x"))
	contains(msg, "symlink")
}

test_temp_dirs_and_dev_null_allowed if {
	allowed(write(path("/tmp/scratch.txt", "/tmp/scratch.txt", false)))
	allowed(echo_to("/dev/null"))
	allowed(echo_to("/tmp/x"))
}

test_symlink_from_temp_into_system_denied if {
	denied(write(object.union(path("/tmp/link", "/tmp/link", false), {"resolved": "/etc/passwd", "via_symlink": true})))
}

# ------------------------------------------------------------------ shell

test_shell_redirects_outside_denied if {
	denied(bash("echo x > /etc/hosts", [sub(0, ["echo", "x"], {"redirects": [redirect(">", "/etc/hosts")]})], [redirect_path("/etc/hosts", "/etc/hosts", false)]))
	every target in ["/etc/hosts", "~/.bashrc", "$HOME/.bashrc", "${HOME}/.zprofile", "../other.txt", "/home/dev/project/../x", "~/.ssh/authorized_keys"] {
		denied(echo_to(target))
	}
	denied(bash("ls &> /etc/x", [sub(0, ["ls"], {"redirects": [redirect("&>", "/etc/x")]})], []))
}

test_shell_commands_writing_outside_denied if {
	every argv in [
		["tee", "-a", "/etc/hosts"], ["cp", "payload", "/usr/local/bin/tool"], ["cp", "-t", "/etc", "x"], ["mv", "x", "~/.bashrc"],
		["install", "-m", "755", "x", "/usr/local/bin/"], ["ln", "-s", "x", "/usr/bin/y"], ["rsync", "x", "/etc/"],
		["dd", "if=x", "of=/etc/hosts"], ["truncate", "-s0", "/etc/hosts"], ["touch", "/etc/x"], ["mkdir", "/etc/x"],
		["sed", "-i", "s/a/b/", "/etc/ssh/sshd_config"], ["sed", "-i.bak", "s/x/y/", "~/.zshrc"], ["perl", "-pi", "-e", "s/a/b/", "/etc/hosts"],
		["curl", "-o", "/usr/local/bin/x", "https://x"], ["wget", "-O", "/etc/x", "https://x"], ["unzip", "x.zip", "-d", "/etc"],
		["tar", "xzf", "x.tgz", "-C", "/usr"], ["git", "clone", "https://x", "/opt/x"], ["chmod", "777", "/etc/passwd"],
		["rm", "~/.bashrc"], ["srm", "-r", "~/Documents"], ["wipe", "-rf", "~/Documents"], ["sponge", "~/.bashrc"],
		["rimraf", "~/work"], ["trash-put", "~/Pictures"],
	] {
		denied(cmd(argv))
	}
}

test_cd_then_relative_write_denied if {
	denied(bash("cd /etc && echo x > hosts", [seg(0, ["cd", "/etc"]), sub(1, ["echo", "x"], {"operator": "&&", "redirects": [redirect(">", "hosts")]})], []))
	denied(bash("cd .. && touch x", [seg(0, ["cd", ".."]), then(1, ["touch", "x"], "&&")], []))
	allowed(bash("cd build && echo x > y", [seg(0, ["cd", "build"]), sub(1, ["echo", "x"], {"operator": "&&", "redirects": [redirect(">", "y")]})], []))
}

test_variables_in_targets_denied if {
	denied(bash("x=/etc/hosts; echo 1 > $x", [vars(0, {"x": "/etc/hosts"}), sub(1, ["echo", "1"], {"operator": ";", "redirects": [redirect(">", "$x")]})], []))
}

test_crontab_changes_denied if {
	every argv in [["crontab", "jobs.txt"], ["crontab", "-"], ["crontab", "-e"], ["crontab", "-r"]] {
		denied(cmd(argv))
	}
	allowed(cmd(["crontab", "-l"]))
}

test_ordinary_shell_writes_allowed if {
	every argv in [["cp", "a.txt", "b.txt"], ["sed", "-n", "1p", "/etc/hosts"], ["mkdir", "-p", "build/out"], ["touch", "src/new.py"], ["tar", "xzf", "x.tgz", "-C", "build"], ["cat", "/etc/hosts"], ["curl", "-o", "/tmp/x", "https://x"]] {
		allowed(cmd(argv))
	}
	allowed(echo_to("out.txt"))
}

test_allowed_roots_come_from_data if {
	count(write_outside_project.deny) > 0 with input as write(path("/tmp/x", "/tmp/x", false))
		with data.claude_rego.settings.allowed_write_roots as ["/dev/null"]
	count(write_outside_project.deny) == 0 with input as write(path("/home/dev/other/x", "/home/dev/other/x", false))
		with data.claude_rego.settings.allowed_write_roots as ["/home/dev/other"]
}

test_reason_says_where_and_what_instead if {
	some msg in write_outside_project.deny with input as write(path("/etc/hosts", "/etc/hosts", false))
	contains(msg, "system path")
	contains(msg, "inside the project")
}

test_catastrophic_deletes_are_left_to_destructive_shell if {
	every argv in [["rm", "-rf", "/"], ["rm", "-rf", "~"], ["rm", "-rf", "/etc"], ["rm", "-rf", ".."]] {
		allowed(cmd(argv))
	}
	denied(cmd(["rm", "-rf", "~/Documents"]))
	denied(cmd(["rm", "/etc/hosts"]))
}

# ------------------------------------------------------------------ effects: any tool

_tool_doc(tool, cls, ps) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": {}, "cwd": "/home/dev/project"},
	"facts": {
		"event": "PreToolUse", "known_event": true, "tool": {"name": tool, "class": cls, "mcp": null}, "shell": null,
		"paths": ps, "effects": {"network": [], "exec": [], "truncated": false},
		"cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev", "os": "linux",
	},
}

_tpath(raw, absolute, access) := object.union(path(raw, absolute, startswith(absolute, "/home/dev/project/")), {"source": "tool_input", "field": "path", "access": access, "glob": false})

test_mcp_and_unknown_tools_writing_outside_denied if {
	denied(_tool_doc("mcp__filesystem__write_file", "mcp", [_tpath("~/.bashrc", "/home/dev/.bashrc", "write")]))
	denied(_tool_doc("RenamedWrite", "other", [_tpath("/etc/hosts", "/etc/hosts", "write")]))
	allowed(_tool_doc("mcp__filesystem__write_file", "mcp", [_tpath("src/a.py", "/home/dev/project/src/a.py", "write")]))
	allowed(_tool_doc("mcp__filesystem__read_file", "mcp", [_tpath("/etc/hosts", "/etc/hosts", "read")]))
}

test_unknown_effects_outside_the_project_are_asked if {
	count(write_outside_project.ask) == 1 with input as _tool_doc("mcp__x__frobnicate", "mcp", [_tpath("/etc/x", "/etc/x", "unknown")])
	count(write_outside_project.ask) == 0 with input as _tool_doc("mcp__x__frobnicate", "mcp", [_tpath("a", "/home/dev/project/a", "unknown")])
}

test_non_shell_tools_moving_the_project_or_home_denied if {
	some msg in write_outside_project.deny with input as _tool_doc("mcp__fs__move_file", "mcp", [_tpath("/home/dev/project", "/home/dev/project", "write")])
	contains(msg, "project root")
	denied(_tool_doc("mcp__fs__delete_directory", "mcp", [_tpath("~", "/home/dev", "write")]))
	allowed(_tool_doc("mcp__fs__delete_file", "mcp", [_tpath("build/x", "/home/dev/project/build/x", "write")]))
}

test_devices_are_judged_by_name if {
	allowed(echo_to("/dev/stderr"))
	allowed(write(object.union(path("/dev/stdout", "/dev/stdout", false), {"resolved": "/proc/self/fd/1"})))
}

# ------------------------------------------------------------------ caches and PATH dirs

asked(doc) if count(write_outside_project.ask) > 0 with input as doc

# deleting a well-known cache is routine; writing into it, or a delete that another
# write in the same command refills, is still outside the project
test_deleting_cache_roots_passes if {
	every argv in [["rm", "-rf", "~/.cache/pip"], ["rm", "-rf", "~/.cache/*"], ["rm", "-rf", "~/.npm/_cacache"], ["rm", "-r", "/home/dev/.gradle/caches"], ["rm", "-rf", "~/.cache"]] {
		allowed(cmd(argv))
	}
	denied(cmd(["cp", "x", "~/.cache/pip/y"]))
	denied(cmd(["rm", "-rf", "~/.config"]))
	denied(bash("rm -rf ~/.cache/x && cp evil ~/.cache/x", [seg(0, ["rm", "-rf", "~/.cache/x"]), then(1, ["cp", "evil", "~/.cache/x"], "&&")], []))
	denied(cmd(["rm", "-rf", "~/.cache/../Documents"]))
}

test_cache_roots_are_data if {
	denied(cmd(["rm", "-rf", "~/.cache/pip"])) with data.claude_rego.settings.cache_delete_roots as []
}

# a directory on PATH: asked (persistence-like), not denied, whatever writes it
test_user_bin_dirs_are_asked_not_denied if {
	every doc in [
		cmd(["ln", "-sf", "/home/dev/project/bin/tool", "~/.local/bin/tool"]), cmd(["cp", "bin/tool", "~/bin/tool"]),
		write(path("/home/dev/.local/bin/tool", "/home/dev/.local/bin/tool", false)),
	] {
		allowed(doc)
		asked(doc)
	}
	denied(write(symlink("/home/dev/.local/bin/tool", "/home/dev/.local/bin/tool", "/home/dev/.bashrc")))
	not asked(cmd(["cp", "a", "b"]))
}

# ------------------------------------------------------------------ extractors keeping unsafe names

asked(doc) if count(write_outside_project.ask) > 0 with input as doc

not_asked(doc) if count(write_outside_project.ask) == 0 with input as doc

test_extractors_keeping_absolute_or_parent_names_ask if {
	every argv in [["unzip", "-:", "x.zip"], ["unzip", "-o:", "x.zip"], ["cpio", "-i"], ["cpio", "-idmv"], ["cpio", "--extract", "-d"], ["7z", "x", "-spf", "a.7z"]] {
		asked(cmd(argv))
	}
}

test_extractors_keeping_names_safe_do_not_ask if {
	every argv in [["unzip", "-o", "x.zip"], ["unzip", "-l", "x.zip"], ["cpio", "-idmv", "--no-absolute-filenames"], ["cpio", "-o"], ["7z", "x", "a.7z"], ["cpio", "-t"]] {
		not_asked(cmd(argv))
	}
	not_asked(bash("rpm2cpio x.rpm | cpio -idmv", [seg(0, ["rpm2cpio", "x.rpm"]), sub(1, ["cpio", "-idmv"], {"operator": "|", "pipeline": 0})], []))
}
