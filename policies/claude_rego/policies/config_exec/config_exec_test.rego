package claude_rego.policies.config_exec_test

import data.claude_rego.policies.config_exec
import rego.v1

_seg(argv, extra) := object.union({
	"id": 0, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null,
	"argv": argv, "command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv,
	"wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}, extra)

_input(segs, paths) := {"facts": {
	"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project",
	"project_dir": "/home/dev/project", "home": "/home/dev", "paths": paths,
	"shell": {"segments": segs, "opaque": false, "opaque_reasons": []},
}}

test_git_exec_key_asks if {
	seg := _seg(["git", "config", "core.fsmonitor", "x"], {"config_exec": [{"tool": "git", "key": "core.fsmonitor", "value": "x"}]})
	count(config_exec.ask) == 1 with input as _input([seg], [])
}

test_plain_pager_is_allowed if {
	seg := _seg(["git", "config", "core.pager", "less -FRX"], {"config_exec": [{"tool": "git", "key": "core.pager", "value": "less -FRX"}]})
	count(config_exec.ask) == 0 with input as _input([seg], [])
}

test_pager_running_a_shell_asks if {
	seg := _seg(["git", "config", "core.pager", "sh -c id"], {"config_exec": [{"tool": "git", "key": "core.pager", "value": "sh -c id"}]})
	count(config_exec.ask) == 1 with input as _input([seg], [])
}

test_env_exec_variable_asks if {
	seg := _seg(["git", "fetch"], {"config_exec": [{"tool": "env", "key": "GIT_SSH_COMMAND", "value": "/tmp/x"}]})
	count(config_exec.ask) == 1 with input as _input([seg], [])
}

test_segments_without_config_do_not_ask if {
	count(config_exec.ask) == 0 with input as _input([_seg(["git", "status"], {})], [])
}

test_unresolved_hook_write_asks if {
	p := {"raw": "$(git rev-parse --git-dir)/hooks/pre-commit", "source": "redirect", "field": ">", "unresolved": true,
		"absolute": "/home/dev/project/$(…)/hooks/pre-commit", "resolved": "/home/dev/project/$(…)/hooks/pre-commit", "segment": 0}
	count(config_exec.ask) >= 1 with input as _input([_seg(["echo", "x"], {})], [p])
}

test_sendemail_program_asks_and_server_name_does_not if {
	prog := _seg(["git", "-c", "sendemail.smtpServer=/tmp/.x", "send-email"], {"config_exec": [{"tool": "git", "key": "sendemail.smtpserver", "value": "/tmp/.x"}]})
	count(config_exec.ask) == 1 with input as _input([prog], [])
	host := _seg(["git", "config", "sendemail.smtpServer", "smtp.gmail.com"], {"config_exec": [{"tool": "git", "key": "sendemail.smtpserver", "value": "smtp.gmail.com"}]})
	count(config_exec.ask) == 0 with input as _input([host], [])
}

test_h12_runtime_option_variables_judged_by_value if {
	every kv in [["NODE_OPTIONS", "--max-old-space-size=4096"], ["NODE_OPTIONS", "--max-old-space-size=8192 --enable-source-maps"], ["RUBYOPT", "-W0"], ["JAVA_TOOL_OPTIONS", "-Xmx2g -Dfile.encoding=UTF-8"], ["PYTHONWARNINGS", "ignore::DeprecationWarning"]] {
		count(config_exec.ask) == 0 with input as _env_input(kv[0], kv[1])
	}
	every kv in [["NODE_OPTIONS", "--require ./hook.js"], ["NODE_OPTIONS", "-r ./x.js"], ["NODE_OPTIONS", "--import=./x.mjs"], ["NODE_OPTIONS", "--experimental-loader ./l.mjs"], ["NODE_OPTIONS", "--inspect=0.0.0.0:9229"], ["NODE_OPTIONS", "--max-old-space-size=4096 --require=/tmp/x.js"], ["RUBYOPT", "-r/tmp/x.rb"], ["PERL5OPT", "-MEvil"], ["JAVA_TOOL_OPTIONS", "-javaagent:/tmp/a.jar"], ["PYTHONWARNINGS", "ignore::evil.Warning"], ["PYTHONSTARTUP", "/tmp/x.py"]] {
		count(config_exec.ask) > 0 with input as _env_input(kv[0], kv[1])
	}
}

_env_input(k, v) := _input([_seg(["export", concat("=", [k, v])], {"config_exec": [{"tool": "env", "key": k, "value": v}]})], [])

_exec(key, value) := _seg(["git", "-c", concat("=", [key, value]), "fetch"], {"config_exec": [{"tool": "git", "key": key, "value": value}]})

test_signing_programs_and_credential_helpers if {
	# the signing program and git's own credential helpers are ordinary programs
	count(config_exec.ask) == 0 with input as _input([_exec("gpg.program", "gpg2")], [])
	count(config_exec.ask) == 0 with input as _input([_exec("gpg.ssh.program", "/usr/bin/ssh-keygen")], [])
	count(config_exec.ask) == 0 with input as _input([_exec("credential.helper", "store")], [])
	count(config_exec.ask) == 0 with input as _input([_exec("credential.https://github.com.helper", "cache --timeout=3600")], [])
	# anything else asks: a path outside the system, a shell snippet, another helper name
	count(config_exec.ask) == 1 with input as _input([_exec("gpg.program", "/tmp/g")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "!f() { cat ~/.x; }; f")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "/tmp/h")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("tar.tgz.command", "/tmp/x")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("sendemail.sendmailcmd", "/tmp/p")], [])
}

test_cli_shell_aliases_ask if {
	every argv in [
		["gh", "alias", "set", "--shell", "co", "curl x | sh"], ["gh", "alias", "set", "st", "!git status"],
		["glab", "alias", "set", "x", "!rm -rf ~"], ["gh", "alias", "import", "aliases.yml"],
	] {
		count(config_exec.ask) > 0 with input as data.claude_rego.lib.testing.cmd(argv)
	}
	every argv in [["gh", "alias", "set", "co", "pr checkout"], ["gh", "alias", "list"], ["gh", "alias", "delete", "co"]] {
		count(config_exec.ask) == 0 with input as data.claude_rego.lib.testing.cmd(argv)
	}
}

_git_dir_seg(key, value) := _seg(["git", "status"], {"config_exec": [{"tool": "env", "key": key, "value": value}]})

test_git_dir_or_work_tree_outside_the_project_asks if {
	every kv in [
		["GIT_DIR", "/tmp/evil.git"], ["GIT_WORK_TREE", "/etc"], ["GIT_DIR", "../other/.git"], ["GIT_DIR", "~/x.git"],
		["GIT_DIR", "$D"], ["GIT_WORK_TREE", "/home/dev/project/../x"], ["GIT_DIR", "/home/dev/projectx/.git"], ["GIT_DIR", 7],
	] {
		count(config_exec.ask) == 1 with input as _input([_git_dir_seg(kv[0], kv[1])], [])
	}
}

test_git_dir_or_work_tree_inside_the_project_passes if {
	every kv in [
		["GIT_DIR", ".git"], ["GIT_DIR", "./sub/.git"], ["GIT_WORK_TREE", "."], ["GIT_DIR", "/home/dev/project/.git"],
		["GIT_WORK_TREE", "/home/dev/project"],
	] {
		count(config_exec.ask) == 0 with input as _input([_git_dir_seg(kv[0], kv[1])], [])
	}
}
