package claude_rego.policies.persistence_routes_test

import data.claude_rego.lib.testing.cmd
import data.claude_rego.policies.persistence_routes
import rego.v1

denied(argv) if count(persistence_routes.deny) > 0 with input as cmd(argv)

asked(argv) if count(persistence_routes.ask) > 0 with input as cmd(argv)

test_key_import_autostart_and_incron_denied if {
	every argv in [
		["ssh-import-id", "gh:someone"], ["ssh-import-id-lp", "someone"], ["ssh-import-id", "-o", "/home/dev/.ssh/authorized_keys", "lp:x"],
		["desktop-file-install", "--dir", "/home/dev/.config/autostart", "x.desktop"],
		["desktop-file-install", "--dir=/etc/xdg/autostart", "x.desktop"],
		["incrontab", "-"], ["incrontab", "/tmp/table"], ["incrontab", "-e"],
	] {
		denied(argv)
	}
}

test_reading_and_removing_pass if {
	every argv in [
		["ssh-import-id", "--help"], ["ssh-import-id", "-r", "gh:someone"], ["incrontab", "-l"], ["incrontab", "-r"],
		["desktop-file-install", "--dir", "/home/dev/.local/share/applications", "x.desktop"],
	] {
		not denied(argv)
	}
}

test_manager_environment_and_safe_directory_ask if {
	every argv in [
		["systemctl", "--user", "set-environment", "LD_PRELOAD=/tmp/x.so"], ["systemctl", "--user", "import-environment", "PATH"],
		["systemctl", "--user", "set-environment", "APP_ENV=dev", "NODE_OPTIONS=--require=/tmp/x.js"],
		["dbus-update-activation-environment", "--systemd", "PATH"],
		["git", "config", "--global", "--add", "safe.directory", "*"], ["git", "config", "--system", "safe.directory", "/"],
		["git", "-c", "safe.directory=*", "status"],
	] {
		asked(argv)
	}
	every argv in [
		["git", "config", "--global", "--add", "safe.directory", "/home/dev/project"],
		["git", "config", "--get-all", "safe.directory"], ["git", "config", "--global", "--unset-all", "safe.directory"],
		["systemctl", "--user", "status", "foo"],
	] {
		not asked(argv)
	}
}

# a plain value set in the user manager's environment passes (session 26 merge: fetchrun's neighbour)
test_plain_manager_environment_passes if {
	not asked(["systemctl", "--user", "set-environment", "APP_ENV=dev"])
}

# s29: a temporary directory before the system directories on PATH asks
_s29_prefixed(path, argv) := object.union(cmd(argv), {"facts": {"shell": {"segments": [object.union(cmd(argv).facts.shell.segments[0], {"assignments": {"PATH": path}})]}}})

test_s29_temporary_directory_before_the_system_path_asks if {
	every argv in [
		["export", "PATH=/tmp/x:$PATH"], ["export", "PATH=/var/tmp/.x:/usr/bin:$PATH"], ["declare", "-x", "PATH=/dev/shm/b:$PATH"],
		["export", "PATH=$TMPDIR/bin:$PATH"], ["export", "PATH=${TMPDIR}/bin:${PATH}"], ["export", "PATH=/tmp"],
		["typeset", "-x", "PATH=/private/tmp/b:/usr/local/bin:/usr/bin:/bin"], ["setenv", "PATH", "/tmp/x:/usr/bin"],
	] {
		asked(argv)
	}
	count(persistence_routes.ask) > 0 with input as _s29_prefixed("/dev/shm/b:$PATH", ["git", "status"])
	count(persistence_routes.ask) > 0 with input as _s29_prefixed("/tmp/evil", ["ls"])
}

test_s29_own_and_appended_path_entries_pass if {
	every argv in [
		["export", "PATH=$HOME/.local/bin:$PATH"], ["export", "PATH=./node_modules/.bin:$PATH"], ["export", "PATH=$PWD/bin:$PATH"],
		["export", "PATH=$PATH:/tmp/x"], ["export", "PATH=/usr/local/go/bin:$PATH:/var/tmp/y"], ["export", "PATH=~/.cargo/bin:$PATH"],
		["export", "PATHS=/tmp/x"], ["export", "MYPATH=/tmp/x:$PATH"],
	] {
		not asked(argv)
	}
	count(persistence_routes.ask) == 0 with input as _s29_prefixed("$PATH:/dev/shm/b", ["make"])
}


# s32: making a program the user's handler of a URL scheme asks; a file type's default and queries pass
test_s32_url_scheme_handler_asks if {
	every argv in [
		["xdg-mime", "default", "evil-handler.desktop", "x-scheme-handler/https"],
		["xdg-mime", "default", "x.desktop", "x-scheme-handler/http", "x-scheme-handler/https"],
		["xdg-mime", "default", "x.desktop", "X-Scheme-Handler/slack"],
		["xdg-settings", "set", "default-web-browser", "x.desktop"],
		["xdg-settings", "set", "default-url-scheme-handler", "vscode", "x.desktop"],
	] {
		asked(argv)
	}
	every argv in [
		["xdg-mime", "default", "code.desktop", "text/plain"], ["xdg-mime", "query", "default", "x-scheme-handler/https"],
		["xdg-settings", "get", "default-web-browser"], ["xdg-settings", "check", "default-web-browser", "firefox.desktop"],
	] {
		not asked(argv)
	}
}

# session 32 review: `..` is collapsed before the system-directory test of hash -p / enable -f
test_s32_review_hash_and_enable_normalise_dotdot if {
	count(persistence_routes.ask) > 0 with input as cmd(["hash", "-p", "/usr/bin/../../tmp/evil", "kubectl"])
	count(persistence_routes.ask) > 0 with input as cmd(["enable", "-f", "/usr/lib/../../tmp/x.so", "cd"])
	count(persistence_routes.ask) == 0 with input as cmd(["hash", "-p", "/usr/bin/kubectl", "kubectl"])
	count(persistence_routes.ask) == 0 with input as cmd(["enable", "-f", "/usr/lib/bash/../bash/sleep", "sleep"])
}
