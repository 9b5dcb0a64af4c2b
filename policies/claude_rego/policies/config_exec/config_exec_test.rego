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

# protocol.allow / protocol.ext.allow let git use ext:: URLs: asked, with a message that says so
test_transport_settings_ask_about_ext_urls if {
	seg := _seg(["git", "-c", "protocol.ext.allow=always", "fetch"], {"config_exec": [{"tool": "git", "key": "protocol.ext.allow", "value": "always"}]})
	msgs := config_exec.ask with input as _input([seg], [])
	count(msgs) == 1
	some msg in msgs
	contains(msg, "ext::")
	not contains(msg, "runs that program")
	never := _seg(["git", "-c", "protocol.allow=never", "fetch"], {"config_exec": [{"tool": "git", "key": "protocol.allow", "value": "never"}]})
	count(config_exec.ask) == 0 with input as _input([never], [])
}

# h12-c8b: search paths a runtime loads code from are judged by their entries
_loader_input(key, value) := {"facts": {
	"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project",
	"project_dir": "/home/dev/project", "home": "/home/dev", "paths": [],
	"shell": {"segments": [{
		"id": 0, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null,
		"argv": ["python3", "app.py"], "command": "python3", "args": ["app.py"], "raw_words": ["python3", "app.py"],
		"wrappers": [], "assignments": {key: value}, "redirects": [], "opaque": false, "opaque_reasons": [],
		"config_exec": [{"tool": "env", "key": key, "value": value}],
	}], "opaque": false, "opaque_reasons": [], "index": null},
}}

test_pythonpath_in_tmp_asks if {
	count(config_exec.ask) == 1 with input as _loader_input("PYTHONPATH", "src:/tmp/x")
}

test_gconv_path_in_home_asks if {
	count(config_exec.ask) == 1 with input as _loader_input("GCONV_PATH", "~/.g")
}

test_pythonpath_in_project_passes if {
	count(config_exec.ask) == 0 with input as _loader_input("PYTHONPATH", "src:.:$PWD/lib:/home/dev/project/x:/usr/lib/python3")
}

test_pythonpath_sibling_passes if {
	count(config_exec.ask) == 0 with input as _loader_input("NODE_PATH", "../shared/lib")
}

# a known program's name at a path anyone can write is not that program
test_a_harmless_name_outside_system_dirs_asks if {
	every v in ["/tmp/.x/gpg", "./ssh", "~/bin/less", "/home/dev/.local/bin/vim", "/usr/bin/../../tmp/gpg"] {
		seg := _seg(["git", "-c", sprintf("gpg.program=%s", [v]), "commit", "-S"], {"config_exec": [{"tool": "git", "key": "gpg.program", "value": v}]})
		count(config_exec.ask) == 1 with input as _input([seg], [])
	}
	every v in ["gpg", "/usr/bin/gpg", "/opt/homebrew/bin/gpg", "less -R"] {
		seg := _seg(["git", "-c", sprintf("gpg.program=%s", [v]), "commit", "-S"], {"config_exec": [{"tool": "git", "key": "gpg.program", "value": v}]})
		count(config_exec.ask) == 0 with input as _input([seg], [])
	}
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

test_npm_like_exec_keys_ask if {
	every e in [{"tool": "yarn", "key": "yarnpath", "value": "/tmp/y.js"}, {"tool": "pnpm", "key": "pnpmfile", "value": "/tmp/p.cjs"}, {"tool": "npm", "key": "script-shell", "value": "./evil.sh"}] {
		count(config_exec.ask) == 1 with input as _input([_seg(["npm", "config", "set"], {"config_exec": [e]})], [])
	}
}

test_rustc_wrapper_asks_unless_a_known_cache if {
	count(config_exec.ask) == 1 with input as _input([_seg(["cargo", "build"], {"config_exec": [{"tool": "env", "key": "RUSTC_WRAPPER", "value": "/tmp/.w"}]})], [])
	count(config_exec.ask) == 0 with input as _input([_seg(["cargo", "build"], {"config_exec": [{"tool": "env", "key": "RUSTC_WRAPPER", "value": "sccache"}]})], [])
	count(config_exec.ask) == 1 with input as _input([_seg(["cargo", "build"], {"config_exec": [{"tool": "env", "key": "RUSTC_WRAPPER", "value": "/tmp/sccache"}]})], [])
}

test_npm_node_options_judged_by_value if {
	count(config_exec.ask) == 0 with input as _input([_seg(["npm", "config", "set"], {"config_exec": [{"tool": "npm", "key": "node-options", "value": "--max-old-space-size=4096"}]})], [])
	count(config_exec.ask) == 1 with input as _input([_seg(["npm", "config", "set"], {"config_exec": [{"tool": "npm", "key": "node-options", "value": "--max-old-space-size=4096 --require /tmp/x.js"}]})], [])
}

_hooks(argv, value) := _input([_seg(argv, {"config_exec": [{"tool": "git", "key": "core.hooksPath", "value": value}]})], [])

# the repository's own hooks directory (husky, lefthook) is project scripts; other scopes and places ask
test_project_hooks_directories_pass if {
	count(config_exec.ask) == 0 with input as _hooks(["git", "config", "core.hooksPath", ".githooks"], ".githooks")
	count(config_exec.ask) == 0 with input as _hooks(["git", "config", "--local", "core.hooksPath", ".husky/_"], ".husky/_")
	count(config_exec.ask) > 0 with input as _hooks(["git", "config", "--global", "core.hooksPath", ".githooks"], ".githooks")
	count(config_exec.ask) > 0 with input as _hooks(["git", "config", "--file=x", "core.hooksPath", "h"], "h")
	count(config_exec.ask) > 0 with input as _hooks(["git", "config", "core.hooksPath", "/tmp/h"], "/tmp/h")
	count(config_exec.ask) > 0 with input as _hooks(["git", "config", "core.hooksPath", "../h"], "../h")
	count(config_exec.ask) > 0 with input as _hooks(["git", "config", "core.hooksPath", "~/.h"], "~/.h")
	count(config_exec.ask) > 0 with input as _hooks(["git", "-c", "core.hooksPath=.githooks", "commit"], ".githooks")
}

# ---------------------------------------------------------------- session 25 (infra14): CLI credential plugins

_cfg(argv, tool, key, value) := _input([_seg(argv, {"config_exec": [{"tool": tool, "key": key, "value": value}]})], [])

test_cli_credential_plugins_elsewhere_ask if {
	count(config_exec.ask) == 1 with input as _cfg(["kubectl", "config", "set-credentials", "u", "--exec-command=/tmp/x"], "kubectl", "exec-command", "/tmp/x")
	count(config_exec.ask) == 1 with input as _cfg(["kubectl", "config", "set-credentials", "u"], "kubectl", "exec-command", "/tmp/aws-iam-authenticator")
	count(config_exec.ask) == 1 with input as _cfg(["aws", "configure", "set", "credential_process", "/tmp/x"], "aws", "credential_process", "/tmp/x --json")
	count(config_exec.ask) == 1 with input as _cfg(["gh", "config", "set", "pager", "/tmp/x"], "gh", "pager", "/tmp/x")
	count(config_exec.ask) == 1 with input as _cfg(["gh", "config", "set", "browser", "./b.sh"], "gh", "browser", "./b.sh")
	count(config_exec.ask) == 1 with input as _cfg(["aws", "configure", "set", "cli_pager", "/tmp/x"], "aws", "cli_pager", "/tmp/x")
}

test_standard_cli_credential_plugins_pass if {
	count(config_exec.ask) == 0 with input as _cfg(["kubectl"], "kubectl", "exec-command", "gke-gcloud-auth-plugin")
	count(config_exec.ask) == 0 with input as _cfg(["kubectl"], "kubectl", "exec-command", "/usr/local/bin/aws-iam-authenticator")
	count(config_exec.ask) == 0 with input as _cfg(["kubectl"], "kubectl", "exec-command", "kubelogin")
	count(config_exec.ask) == 0 with input as _cfg(["aws"], "aws", "credential_process", "aws-vault export --format=json dev")
	count(config_exec.ask) == 0 with input as _cfg(["gh"], "gh", "pager", "less -R")
	count(config_exec.ask) == 0 with input as _cfg(["gh"], "gh", "browser", "firefox")
	count(config_exec.ask) == 0 with input as _cfg(["aws"], "aws", "cli_pager", "")
	count(config_exec.ask) == 0 with input as _cfg(["npm"], "npm", "script-shell", "bash")
	count(config_exec.ask) == 1 with input as _cfg(["npm"], "npm", "script-shell", "./bash")
}

test_gcloud_credential_and_endpoint_sources_ask if {
	count(config_exec.ask) == 1 with input as _cfg(["gcloud"], "gcloud", "auth/credential_file_override", "/tmp/c.json")
	count(config_exec.ask) == 1 with input as _cfg(["gcloud"], "gcloud", "proxy/address", "203.0.113.5")
	count(config_exec.ask) == 1 with input as _cfg(["gcloud"], "gcloud", "api_endpoint_overrides/storage", "https://x.example/")
	count(config_exec.ask) == 0 with input as _cfg(["gcloud"], "gcloud", "auth/impersonate_service_account", "sa@p.iam.gserviceaccount.com")
	count(config_exec.ask) == 0 with input as _cfg(["gcloud"], "gcloud", "auth/disable_ssl_validation", "false")
}

# session 25: no-op editors/pagers, BROWSER=none, and build tools' program variables
test_s25_noop_and_browser_values_pass if {
	every kv in [
		["GIT_SEQUENCE_EDITOR", ":"], ["GIT_EDITOR", "true"], ["EDITOR", "true"], ["EDITOR", "false"], ["PAGER", "cat"],
		["BROWSER", "none"], ["BROWSER", "firefox"], ["BROWSER", "/usr/bin/xdg-open"], ["GIT_PAGER", ":"],
	] {
		count(config_exec.ask) == 0 with input as _env_input(kv[0], kv[1])
	}
	every kv in [["BROWSER", "./open.sh"], ["BROWSER", "sh -c id"], ["BROWSER", "/tmp/x"], ["GIT_EDITOR", ":; id"]] {
		count(config_exec.ask) > 0 with input as _env_input(kv[0], kv[1])
	}
}

test_s25_toolchain_variables_judged_by_value if {
	every kv in [
		["CC", "clang"], ["CC", "gcc-12"], ["CXX", "g++-12"], ["CC", "aarch64-linux-gnu-gcc"], ["CC", "ccache gcc"],
		["CC", "gcc -m32"], ["CC", "/usr/bin/clang-15"], ["CC", "zig cc"], ["CXX", "zig c++"], ["LD", "ld.lld"],
		["AR", "llvm-ar"], ["MAKE", "gmake"], ["CPP", "cpp"], ["CXX", "clang++ -std=c++17"], ["PKG_CONFIG", "pkg-config"],
	] {
		count(config_exec.ask) == 0 with input as _env_input(kv[0], kv[1])
	}
	every kv in [
		["CC", "sh -c \"rm -rf ~\" --"], ["CC", "python3"], ["CXX", "./evil"], ["LD", "/tmp/x/ld"], ["CC", "gcc -wrapper sh,-c,id"],
		["CC", "gcc -fplugin=/tmp/p.so"], ["CC", "gcc -B/tmp/x"], ["MAKE", "bash"], ["AR", "ccache"], ["CC", "$(which gcc)"],
		["CC", "gcc; id"], ["CC", "ccache sh"],
	] {
		count(config_exec.ask) > 0 with input as _env_input(kv[0], kv[1])
	}
}

# a warning category switch loads nothing; -r/-I beside it still ask
test_s26_rubyopt_warning_categories_pass if {
	every v in ["-W:no-deprecated", "-W:no-deprecated -W:no-experimental", "-W:performance"] {
		count(config_exec.ask) == 0 with input as _env_input("RUBYOPT", v)
	}
	every v in ["-W:no-deprecated -r/tmp/x.rb", "-W:no-deprecated -I/tmp"] {
		count(config_exec.ask) > 0 with input as _env_input("RUBYOPT", v)
	}
}

# session 26, launchers: startup files and directories (ZDOTDIR, R_PROFILE_USER, PHPRC,
# IPYTHONDIR, …) are judged like search paths; the JVM options launch scripts pass to java
# (JAVA_OPTS, MAVEN_OPTS, …) by value; -XX:OnError / -XX:OnOutOfMemoryError run a command
test_s26_startup_files_judged_by_where_they_are if {
	every kv in [["ZDOTDIR", "/tmp/z"], ["R_PROFILE_USER", "/tmp/x.R"], ["PHPRC", "/tmp/php.ini"], ["PHP_INI_SCAN_DIR", "~/.x"], ["IPYTHONDIR", "/tmp/ipy"], ["JULIA_DEPOT_PATH", "/tmp/d"]] {
		count(config_exec.ask) == 1 with input as _loader_input(kv[0], kv[1])
	}
	every kv in [["ZDOTDIR", "./zsh"], ["R_PROFILE_USER", ".Rprofile.test"], ["PHPRC", "/home/dev/project/php.ini"], ["IPYTHONDIR", "/usr/share/ipython"]] {
		count(config_exec.ask) == 0 with input as _loader_input(kv[0], kv[1])
	}
}

test_s26_jvm_option_variables_judged_by_value if {
	every kv in [["MAVEN_OPTS", "-Xmx2g -Dmaven.repo.local=.m2"], ["GRADLE_OPTS", "-Dorg.gradle.daemon=false -Xmx1g"], ["JAVA_OPTS", "-XX:+HeapDumpOnOutOfMemoryError -XX:+OmitStackTraceInFastThrow -Djava.awt.headless=true"], ["SBT_OPTS", "-Xss4m"], ["JAVA_TOOL_OPTIONS", "-XX:+UseG1GC"]] {
		count(config_exec.ask) == 0 with input as _env_input(kv[0], kv[1])
	}
	every kv in [["MAVEN_OPTS", "-javaagent:/tmp/a.jar"], ["JAVA_OPTS", "-XX:OnError=reboot"], ["JAVA_OPTS", "-XX:OnOutOfMemoryError=reboot"], ["JAVA_TOOL_OPTIONS", "-XX:OnError=reboot"], ["JDK_JAVA_OPTIONS", "-XX:OnOutOfMemoryError=x"], ["GRADLE_OPTS", "-Djava.system.class.loader=Evil"], ["CATALINA_OPTS", "-agentpath:/tmp/x.so"]] {
		count(config_exec.ask) > 0 with input as _env_input(kv[0], kv[1])
	}
}

# ---------------------------------------------------------------- configuration roots (session 27)

_root(argv, key, value) := _seg(argv, {"config_exec": [{"tool": "env", "key": key, "value": value}]})

test_config_root_outside_project_asks if {
	every kv in [["HOME", "/tmp/e"], ["XDG_CONFIG_HOME", "/tmp/c"], ["CARGO_HOME", "/var/tmp/c"], ["PIP_CONFIG_FILE", "/tmp/pip.conf"], ["MAKEFILES", "/tmp/x.mk"], ["GEMRC", "~/Downloads/g"], ["UV_CONFIG_FILE", "$CFG"]] {
		count(config_exec.ask) == 1 with input as _input([_root(["git", "status"], kv[0], kv[1])], [])
	}
}

test_config_root_own_places_pass if {
	every kv in [["HOME", "/home/dev"], ["HOME", "$HOME"], ["PIP_CONFIG_FILE", "/dev/null"], ["CARGO_HOME", "$PWD/.cargo"], ["XDG_CONFIG_HOME", ".config"], ["BUNDLE_GEMFILE", "gemfiles/rails7.gemfile"], ["CARGO_HOME", "/home/dev/project/.cargo"]] {
		count(config_exec.ask) == 0 with input as _input([_root(["cargo", "build"], kv[0], kv[1])], [])
	}
}

test_makeflags_by_word if {
	count(config_exec.ask) == 0 with input as _input([_root(["make"], "MAKEFLAGS", "-j4 --no-print-directory")], [])
	count(config_exec.ask) == 0 with input as _input([_root(["make"], "MAKEFLAGS", "ks -j")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["make"], "MAKEFLAGS", "SHELL=/tmp/x")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["make"], "MAKEFLAGS", "-f /tmp/x.mk")], [])
}

test_pytest_addopts_by_word if {
	count(config_exec.ask) == 0 with input as _input([_root(["pytest"], "PYTEST_ADDOPTS", "-x -p no:cacheprovider --tb=short")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["pytest"], "PYTEST_ADDOPTS", "-p /tmp/x")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["pytest"], "PYTEST_ADDOPTS", "-pevil")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["pytest"], "PYTEST_ADDOPTS", "--rootdir=/tmp -c /tmp/p.ini")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["pytest"], "PYTEST_PLUGINS", "evil")], [])
}

test_maven_args_by_word if {
	count(config_exec.ask) == 0 with input as _input([_root(["mvn", "install"], "MAVEN_ARGS", "-B -ntp -DskipTests")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["mvn", "install"], "MAVEN_ARGS", "-s /tmp/s.xml")], [])
	count(config_exec.ask) == 1 with input as _input([_root(["mvn", "install"], "MAVEN_ARGS", "--settings=/tmp/s.xml")], [])
}

test_prompt_with_substitution_asks if {
	count(config_exec.ask) == 1 with input as _input([_root(["bash", "-c", "true"], "PS4", "$(/tmp/x)")], [])
}

# a plain-text credential store (or the cache's socket) placed where others can read it or
# where it may be committed asks; in the home directory it is the helper's own place
test_credential_store_file_outside_home_asks if {
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "store --file /tmp/creds")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "store --file=/dev/shm/c")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "store --file .git-credentials")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "cache --socket /tmp/s")], [])
	count(config_exec.ask) == 0 with input as _input([_exec("credential.helper", "store --file ~/.config/git/credentials")], [])
	count(config_exec.ask) == 1 with input as _input([_exec("credential.helper", "store --file")], [])
}
