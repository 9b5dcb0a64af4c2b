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
	written_of(cmd(["sed", "-i", "-e", "s/a/b/", "-e", "/x/d", "a.txt", "/etc/hosts"])) == {"/home/dev/project/a.txt", "/etc/hosts"}
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

# session 26: data files named as secrets, and service-account key files
test_secret_named_data_and_key_files if {
	every name in ["secrets.auto.tfvars", "secret.tfvars", "prod-secrets.yaml", "app.secrets.json", "k8s_secret.yml", "myapp-firebase-adminsdk-x1y2z-0123456789.json", "gcp-key.json", "sa_key.json", "deploy-key.json"] {
		paths.secret_name(name)
	}
	every name in ["secrets.py", "secrets.md", "secrets_test.go", "terraform.tfvars", "variables.tf", "keymap.json", "hotkey.json", "monkey.json", "key.json.example", "secretary.yaml", "secret-santa.ts", "secrets.example.yaml", "secret.example.yaml", "secrets.sample.json", "gcp-key.dist.json", "secrets.template.tfvars"] {
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
	paths.secret_name(".env.ci") with data.claude_rego.settings.secret_file_allowlist as []
	not paths.secret_name(".env.ci") with data.claude_rego.settings.secret_file_allowlist as [".env.ci"]
}

# ---------------------------------------------------------------- effects and globs

_tool_doc(tool, cls, ps) := {
	"contract_version": "1",
	"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": {}, "cwd": "/home/dev/project"},
	"facts": {
		"event": "PreToolUse", "known_event": true, "tool": {"name": tool, "class": cls, "mcp": null}, "shell": null,
		"paths": ps, "effects": {"network": [], "exec": [], "truncated": false},
		"cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev", "os": "linux",
	},
}

_tpath(raw, absolute, access, is_glob) := object.union(path(raw, absolute, startswith(absolute, "/home/dev/project/")), {"source": "tool_input", "field": "path", "access": access, "glob": is_glob})

test_glob_safe_leaves_only_literals_stars_and_questions if {
	paths.glob_safe(".[e]nv") == ".?nv"
	paths.glob_safe("a[b") == "a?b"
	paths.glob_safe("{a,b}") == "?a,b?"
	paths.glob_safe("x\\y") == "x?y"
	paths.glob_safe("~/.[!s]sh/*") == "~/.?sh/*"
	every pattern in ["[", "]", "{", "}", "\\", "[z-a]", "[!]", "[]", "{a,{b}", "a[b", "[a-"] {
		is_boolean(glob.match(paths.glob_safe(pattern), [], "abc"))
	}
}

test_globs_that_could_match_secret_locations_are_secret if {
	every file in ["/home/dev/.a*/*", "/home/dev/.kub?/conf?g", "/home/dev/.[s]sh", "/home/dev/.*", "/proc/*/environ", "/home/dev/.config/g*/hosts.yml"] {
		paths.is_secret(_tpath(file, file, "read", true)) with input as _tool_doc("Read", "file-read", [])
	}
	every file in ["/home/dev/project/src/*.py", "/home/dev/project/tests/test_x.py::t[a,b]", "/tmp/*", "/proc/*/status"] {
		not paths.is_secret(_tpath(file, file, "read", true)) with input as _tool_doc("Read", "file-read", [])
	}
}

test_more_credential_stores_are_secret if {
	every file in [
		"/home/dev/.claude/.credentials.json", "/proc/self/environ", "/proc/4242/environ", "/home/dev/project/prod.env",
		"/home/dev/project/.env-production", "/home/dev/.config/gcloud/x", "/home/dev/.azure/accessTokens.json",
		"/home/dev/.terraform.d/credentials.tfrc.json", "/home/dev/.git-credentials", "/home/dev/.pgpass", "/home/dev/.my.cnf",
		"/home/dev/.gnupg/private-keys-v1.d/x.key", "/home/dev/.local/share/keyrings/login.keyring", "/run/secrets/db",
		"/home/dev/.mozilla/firefox/p.default/logins.json", "/home/dev/project/terraform.tfstate", "/etc/shadow",
	] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/home/dev/project/docs/credentials.md", "/home/dev/project/.env.example", "/proc/self/status", "/home/dev/.config/gh/config.yml"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}

# by family: mail/browser profiles, chat apps' token stores, CLIs' config directories,
# netrc-likes (not one file each)
test_credential_families_are_secret if {
	every file in [
		"/home/dev/.thunderbird/abc.default-release/logins.json", "/home/dev/.thunderbird/abc.default/key4.db",
		"/home/dev/.config/discord/Local Storage/leveldb/000005.ldb", "/home/dev/.config/Slack/Cookies",
		"/home/dev/.local/share/TelegramDesktop/tdata/key_datas", "/home/dev/.config/fly/config.yml",
		"/home/dev/.config/glab-cli/config.yml", "/home/dev/.config/hub", "/home/dev/.authinfo", "/home/dev/.msmtprc",
		"/home/dev/.config/microsoft-edge/Default/Login Data", "/home/dev/.kaggle/kaggle.json", "/tmp/copy/key4.db",
	] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/home/dev/.config/flyway/conf", "/home/dev/project/src/discord.ts", "/home/dev/.config/Code/User/settings.json"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}

test_directories_above_secrets_hold_them if {
	every dir in ["/home/dev", "/home/dev/.config", "/home/dev/.config/gh", "/home", "/"] {
		paths.holds_secret(path(dir, dir, false)) with input as cmd(["x"])
	}
	every dir in ["/home/dev/project", "/home/dev/project/src", "/tmp"] {
		not paths.holds_secret(path(dir, dir, false)) with input as cmd(["x"])
	}
}

test_any_tool_writes_by_access if {
	w := _tpath("~/.bashrc", "/home/dev/.bashrc", "write", false)
	r := _tpath("~/.bashrc", "/home/dev/.bashrc", "read", false)
	u := _tpath("/etc/x", "/etc/x", "unknown", false)
	count(paths.written) == 1 with input as _tool_doc("mcp__fs__write_file", "mcp", [w, r])
	count(paths.maybe_written) == 1 with input as _tool_doc("mcp__x__thing", "mcp", [u])
	count(paths.touched) == 2 with input as _tool_doc("mcp__fs__write_file", "mcp", [w, r])
	count(paths.touched) == 0 with input as _tool_doc("mcp__fs__list", "mcp", [_tpath("~/.ssh", "/home/dev/.ssh", "list", false)])
}

test_documents_without_access_fall_back_to_the_tool_class if {
	p := object.remove(_tpath("/etc/x", "/etc/x", "write", false), ["access"])
	count(paths.written) == 1 with input as _tool_doc("Write", "file-write", [p])
	count(paths.written) == 0 with input as _tool_doc("Read", "file-read", [p])
}

test_in_place_edits_write_files_not_scripts if {
	written_of(cmd(["sed", "-i", "/^#/d", "conf.txt"])) == {"/home/dev/project/conf.txt"}
	written_of(cmd(["sed", "-i", "-e", "/a/d", "-e", "/b/d", "docs/x.md"])) == {"/home/dev/project/docs/x.md"}
	written_of(cmd(["perl", "-i", "-pe", "s/a/b/", "a.txt"])) == {"/home/dev/project/a.txt"}
}

test_glob_safe_collapses_star_runs_and_long_patterns_are_not_matched if {
	paths.glob_safe(".e*****") == ".e**"
	paths.secret_glob(concat("", [".e", concat("", [s | some _ in numbers.range(1, 2000); s := "*"])]))
	not paths.glob_fits(concat("", [s | some _ in numbers.range(1, 600); s := "a"]))
}

test_credential_directories_in_any_home_are_secret if {
	every file in ["/root/.aws/config", "/home/bob/.ssh/id_ed25519", "/users/x/.kube/config", "/root/.docker/config.json", "/home/bob/.netrc"] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/home/bob/.ssh/id_rsa.pub", "/root/.ssh/known_hosts", "/home/bob/.bashrc"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}

test_git_checkout_and_restore_pathspecs_are_written if {
	"/home/dev/project/.claude/settings.json" in written_of(cmd(["git", "checkout", "evil", "--", ".claude/settings.json"]))
	"/home/dev/project/src" in written_of(cmd(["git", "restore", "--source", "HEAD~3", "src"]))
	"/home/dev/project/a.txt" in written_of(cmd(["git", "-C", "/tmp/w", "checkout", "a.txt"]))
	count(written_of(cmd(["git", "log", "checkout"]))) == 0
}

test_combined_short_output_flags_are_written if {
	"/home/dev/.claude/settings.json" in written_of(cmd(["wget", "-qO", "/home/dev/.claude/settings.json", "https://x.example/s"]))
	"/home/dev/project/out.json" in written_of(cmd(["curl", "-sSLo", "out.json", "https://x.example/s"]))
}

# ---------------------------------------------------------------- h12: write effects of more tools

test_h12_git_rm_and_mv_write_their_paths if {
	written_of(cmd(["git", "rm", "-q", ".claude/settings.json"])) == {"/home/dev/project/.claude/settings.json"}
	written_of(cmd(["git", "mv", "a.py", "b.py"])) == {"/home/dev/project/a.py", "/home/dev/project/b.py"}
	written_of(cmd(["git", "rm", "--cached", ".env"])) == set()
}

test_h12_awk_in_place_writes_its_files_not_its_program if {
	written_of(cmd(["awk", "-i", "inplace", "!/x/", "/etc/hosts"])) == {"/etc/hosts"}
	written_of(cmd(["gawk", "-i", "inplace", "-f", "prog.awk", "a", "b"])) == {"/home/dev/project/a", "/home/dev/project/b"}
	written_of(cmd(["awk", "{print}", "/etc/hosts"])) == set()
}

test_h12_compressors_replace_their_input if {
	written_of(cmd(["gzip", "/etc/log"])) == {"/etc/log"}
	written_of(cmd(["xz", "-d", "/etc/log.xz"])) == {"/etc/log.xz"}
	written_of(cmd(["zstd", "--rm", "/etc/log"])) == {"/etc/log"}
	written_of(cmd(["gzip", "-k", "/etc/log"])) == set()
	written_of(cmd(["gzip", "-c", "/etc/log"])) == set()
	written_of(cmd(["zstd", "/etc/log"])) == set()
}

test_h12_mount_targets_are_written if {
	written_of(cmd(["mount", "-t", "tmpfs", "none", "/home/dev/.claude"])) == {"/home/dev/.claude"}
	written_of(cmd(["mount", "--bind", "/tmp/x", "/etc"])) == {"/etc"}
	written_of(cmd(["sponge", "/etc/hosts"])) == {"/etc/hosts"}
}

_edits(argv) := words if {
	words := {w.word | some w in paths.write_words} with input as cmd(argv)
}

test_h12_batch_editors_write_their_files if {
	_edits(["ex", "-sc", "%s/hooks/x/|x", ".claude/settings.json"]) == {".claude/settings.json"}
	_edits(["vim", "-c", "%d|wq", "~/.claude/settings.json"]) == {"~/.claude/settings.json"}
	_edits(["nvim", "--headless", "+%d", "+wq", "a.txt"]) == {"a.txt"}
	_edits(["vim", "-es", "-c", "wq", "b.txt"]) == {"b.txt"}
	_edits(["vim", "-s", "cmds.vim", "c.txt"]) == {"c.txt"}
	_edits(["emacs", "--batch", "d.el", "--eval", "(save-buffer)"]) == {"d.el"}
	_edits(["ed", "-s", "e.txt"]) == {"e.txt"}
	_edits(["vim", "README.md"]) == set()
	_edits(["emacs", "notes.org"]) == set()
}

test_public_material_names_are_not_secret if {
	every name in [
		"public.pem", "pubkey.pem", "public_key.pem", "public-key.pem", "cert.pem", "ca.pem", "fullchain.pem", "chain.pem",
		"ca-bundle.pem", "server-cert.pem", "client.cert.pem", "root-ca.pem", "sha256sums.asc", "release.tar.gz.sig.asc",
		"maintainer.pub.asc", "public.asc",
	] {
		not paths.secret_name(name)
	}
	every name in ["privkey.pem", "ca-key.pem", "cert-key.pem", "server.pem", "key.pem", "private.pem", "secret.asc", "cert.key", "public.key", "release.tar.gz.asc", "cert.p12.pem"] {
		paths.secret_name(name)
	}
	# by location: cloudflared's cert.pem holds a tunnel token
	paths.is_secret(path("/home/dev/.cloudflared/cert.pem", "/home/dev/.cloudflared/cert.pem", false)) with input as cmd(["x"])
}

test_vpn_kerberos_cli_token_stores_and_client_histories_are_secret if {
	every file in [
		"/etc/wireguard/wg0.conf", "/etc/NetworkManager/system-connections/Home.nmconnection", "/etc/openvpn/client/office.conf",
		"/etc/ipsec.secrets", "/etc/ppp/chap-secrets", "/etc/wpa_supplicant/wpa_supplicant.conf", "/etc/krb5.keytab",
		"/etc/security/keytabs/hdfs.service.keytab", "/home/dev/.vault_pass.txt", "/home/dev/.ansible/vault_password",
		"/home/dev/project/.vault_pass", "/home/dev/Library/Preferences/netlify/config.json", "/home/dev/.local/share/rbw/db.json",
		"/home/dev/.config/rbw/config.json", "/home/dev/.tsh/keys/proxy/alice", "/root/.tsh/keys/p/alice",
		"/home/dev/.local/share/tailscale/tailscaled.state", "/home/dev/.sqlite_history", "/root/.mysql_history",
		"/home/bob/.psql_history", "/home/dev/.rediscli_history", "/home/dev/.dbshell", "/home/dev/.config/pgcli/history",
		"/home/dev/project/.node_repl_history",
	] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/etc/wireguard.md", "/home/dev/project/docs/history.md", "/home/dev/project/src/history.py", "/etc/hosts", "/etc/NetworkManager/NetworkManager.conf"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}

# h12-c8b: credential stores of applications not on the lists, by the words of their path
_home_fact(abs) := {"raw": abs, "absolute": abs, "resolved": abs, "absolute_folded": lower(abs), "name": "x", "name_folded": "x", "inside_project": false, "resolved_inside_project": false, "glob": false}

test_home_store_words_are_secret if {
	every abs in ["/home/dev/.purple/accounts.xml", "/home/dev/.vnc/passwd", "/home/dev/.config/weechat/sec.conf", "/home/dev/.near-credentials/mainnet/a.json", "/home/dev/.config/Exodus/exodus.wallet/seed.seco", "/home/dev/.muttrc"] {
		paths.is_secret(_home_fact(abs)) with input.facts.home as "/home/dev" with input.facts.project_dir as "/home/dev/project"
	}
}

test_home_code_and_project_files_are_not_stores if {
	every abs in ["/home/dev/.nvm/versions/node/v20/lib/node_modules/npm/lib/auth.js", "/home/dev/project/src/auth/token.ts", "/home/dev/.gitconfig", "/home/dev/notes/passwords-policy.md"] {
		not paths.is_secret(_home_fact(abs)) with input.facts.home as "/home/dev" with input.facts.project_dir as "/home/dev/project"
	}
}

# (the implicit start `.` is read where the command runs: see test_h13_lead_classes.py)
test_find_deleting_writes_its_starts if {
	written_of(cmd(["find", "/srv/data", "-name", "*.log", "-delete"])) == {"/srv/data"}
	written_of(cmd(["find", "-L", "/srv/a", "/srv/b", "-type", "f", "-exec", "rm", "-f", "{}", "+"])) == {"/srv/a", "/srv/b"}
	written_of(cmd(["find", "/srv/data", "-name", "*.log", "-print"])) == set()
	written_of(cmd(["find", "/srv/data", "-exec", "grep", "-l", "x", "{}", ";"])) == set()
}

test_s29_chmod_minus_mode_writes_its_files if {
	written_of(cmd(["chmod", "-x", "/usr/bin/python3"])) == {"/usr/bin/python3"}
	written_of(cmd(["chmod", "-R", "-w", "/etc"])) == {"/etc"}
}

# session 32 (h24 class E): credentials files by name — kubeconfigs, service-account keys and
# credentials files with a prefix, Apple .p8 keys, act's .secrets, rclone.conf — and backup copies
test_s32_credential_names if {
	every name in ["kubeconfig.yaml", "prod-kubeconfig.yml", "admin.kubeconfig", "gcp-service-account.json", "service-account.json", "serviceaccount-prod.json", "gcp-credentials.json", "authkey_abc123def4.p8", "apns-key.p8", ".secrets", ".sgptrc", "rclone.conf", ".rclone.conf"] {
		paths.secret_name(name)
	}
	every name in ["kubeconfig", "kubeconfig.example.yaml", "kubeconfig.go", "kubeconfig_test.go", "service-account.yaml", "service-account.example.json", "credentials.py", "game.p8", "secrets.py"] {
		not paths.secret_name(name)
	}
}

test_s32_credential_locations if {
	every file in ["/home/dev/.config/llm/keys.json", "/home/dev/.config/io.datasette.llm/keys.json", "/home/dev/.config/x/api_keys.toml", "/home/dev/.config/aichat/config.yaml", "/home/dev/.modal.toml", "/home/dev/.render/cli.yaml", "/home/dev/.config/gitlab-runner/config.toml", "/home/dev/.config/hexchat/servlist.conf", "/home/dev/.config/rclone/rclone.conf.bak", "/home/dev/.pgpass.orig", "/home/dev/project/server.key.old", "/home/dev/.aws.bak"] {
		paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
	every file in ["/home/dev/.config/llm/logs.db", "/home/dev/.config/nvim/lua/keys.lua", "/home/dev/.config/fish/functions/fish_user_key_bindings.fish", "/home/dev/.bashrc.bak", "/home/dev/project/src/config.yaml.bak", "/home/dev/project/app.js.1"] {
		not paths.is_secret(path(file, file, false)) with input as cmd(["x"])
	}
}
