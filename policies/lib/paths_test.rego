package claude_rego.lib.paths_test

import data.claude_rego.lib.paths
import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.redirect
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.lib.testing.then
import rego.v1

written_of(doc) := s if {
	s := {p.absolute | some p in paths.written} with input as doc
}

test_redirect_targets_are_written if {
	doc := bash("echo x > a >> b 2>&1 < c", [sub(0, ["echo", "x"], {"redirects": [redirect(">", "a"), redirect(">>", "/etc/b"), {"op": ">&", "target": "&1", "fd": 2, "dup": true}, redirect("<", "c")]})], [])
	written_of(doc) == {"/home/dev/project/a", "/etc/b"}
}

test_command_destinations_are_written if {
	written_of(cmd(["cp", "a", "b", "/etc/"])) == {"/etc"}
	written_of(cmd(["cp", "-t", "/etc", "a", "b"])) == {"/etc"}
	written_of(cmd(["tee", "-a", "/etc/hosts", "x"])) == {"/etc/hosts", "/home/dev/project/x"}
	written_of(cmd(["dd", "if=x", "of=/etc/hosts"])) == {"/etc/hosts"}
	# the sed/perl script is not a file (sed -i '/^#/d' f wrote "/^#/d" before)
	written_of(cmd(["sed", "-i.bak", "s/a/b/", "/etc/hosts"])) == {"/etc/hosts"}
	written_of(cmd(["sed", "-i", "-e", "s/a/b/", "/etc/hosts"])) == {"/etc/hosts"}
	written_of(cmd(["perl", "-pi", "-e", "s/a/b/", "/etc/hosts"])) == {"/etc/hosts"}
	written_of(cmd(["curl", "-o", "/usr/local/bin/x", "https://x"])) == {"/usr/local/bin/x"}
	written_of(cmd(["wget", "-O", "/etc/x", "https://x"])) == {"/etc/x"}
	written_of(cmd(["tar", "xzf", "x.tgz", "-C", "/usr"])) == {"/usr"}
	written_of(cmd(["git", "clone", "https://x", "/opt/x"])) == {"/opt/x"}
	written_of(cmd(["unzip", "x.zip", "-d", "/etc"])) == {"/etc"}
	written_of(cmd(["chmod", "600", "/etc/shadow"])) == {"/etc/shadow"}
	written_of(cmd(["scp", "a", "host:/etc/x"])) == set()
}

test_reading_commands_write_nothing if {
	every argv in [["cat", "/etc/hosts"], ["sed", "-n", "1p", "/etc/hosts"], ["tar", "czf", "-", "-C", "/etc", "hosts"], ["cp", "only-one"]] {
		written_of(cmd(argv)) == set()
	}
}

test_cd_moves_relative_write_targets if {
	doc := bash("cd /etc && echo x > hosts", [seg(0, ["cd", "/etc"]), sub(1, ["echo", "x"], {"operator": "&&", "redirects": [redirect(">", "hosts")]})], [])
	written_of(doc) == {"/etc/hosts"}
}

test_variables_in_write_targets_expanded if {
	doc := bash("echo x > $HOME/.bashrc", [sub(0, ["echo", "x"], {"redirects": [redirect(">", "$HOME/.bashrc")]})], [])
	written_of(doc) == {"/home/dev/.bashrc"}
}

test_name_only_commands_touch_no_argument_paths if {
	doc := bash("echo .env >> .gitignore", [sub(0, ["echo", ".env"], {"redirects": [redirect(">>", ".gitignore")]})], [path(".env", "/home/dev/project/.env", true)])
	touched := {p.raw | some p in paths.touched} with input as doc
	touched == set()
}

test_secret_names if {
	every name in [".env", ".env.local", ".env.production", ".envrc", "id_rsa", "id_ed25519", "server.pem", "tls.key", "cert.p12", ".netrc", ".git-credentials", "credentials", "service-account-prod.json"] {
		paths.secret_name(name)
	}
	every name in [".env.example", "id_rsa.pub", "env.py", "keys.py", "README.md", "environment.yml"] {
		not paths.secret_name(name)
	}
}

test_secret_globs if {
	every pattern in [".e*", ".en?", ".[e]nv", ".env*", "*.pem", "id_*", ".*", "*.key"] {
		paths.secret_glob(pattern)
	}
	every pattern in ["*", "*.py", "src/*", "*.*", "*.txt", "?"] {
		not paths.secret_glob(pattern)
	}
}

test_secret_locations if {
	every file in ["/home/dev/.aws/credentials", "/home/dev/.aws/config", "/home/dev/.ssh/id_ecdsa", "/home/dev/.kube/config", "/home/dev/.config/gcloud/application_default_credentials.json", "/home/dev/.config/gh/hosts.yml", "/home/dev/project/.git/config"] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/home/dev/.ssh/id_rsa.pub", "/home/dev/.ssh/known_hosts", "/home/dev/project/src/config.py", "/home/dev/.config/gh/config.yml"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}

test_allowlist_comes_from_data if {
	paths.secret_name(".env.example") with data.claude_rego.settings.secret_file_allowlist as []
}
