package claude_rego.policies.service_protection_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.file_tool
import data.claude_rego.lib.testing.path
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.policies.service_protection
import rego.v1

denied(doc) if count(service_protection.deny) > 0 with input as doc

quiet(doc) if {
	count(service_protection.deny) == 0 with input as doc
	count(service_protection.ask) == 0 with input as doc
}

test_stopping_the_service_is_denied if {
	every argv in [
		["systemctl", "stop", "claude-rego"], ["systemctl", "--user", "stop", "claude-rego.service"],
		["systemctl", "disable", "--now", "claude-rego"], ["systemctl", "mask", "claude-rego"],
		["systemctl", "edit", "claude-rego"], ["systemctl", "kill", "-s", "KILL", "claude-rego"],
		["launchctl", "bootout", "system/io.claude-rego.serve"], ["launchctl", "unload", "/Library/LaunchDaemons/io.claude-rego.serve.plist"],
		["launchctl", "kill", "9", "gui/501/io.claude-rego.serve"],
		["docker", "stop", "claude-rego"], ["podman", "rm", "-f", "claude-rego"],
		["pkill", "-f", "claude-rego serve"], ["killall", "claude-rego"],
		["fuser", "-k", "884/tcp"], ["fuser", "-k", "18787/tcp"],
	] {
		denied(cmd(argv))
	}
}

test_finding_then_killing_is_denied if {
	denied(bash("pgrep -f claude-rego | xargs kill", [seg(0, ["pgrep", "-f", "claude-rego"]), seg(1, ["xargs", "kill"])], []))
	denied(bash("kill $(lsof -ti :884)", [seg(0, ["kill", "$(lsof -ti :884)"]), sub(1, ["lsof", "-ti", ":884"], {"parent": 0, "context": "command_substitution", "depth": 1})], []))
}

test_taking_over_the_port_is_denied if {
	every argv in [["nc", "-l", "127.0.0.1", "884"], ["ncat", "--listen", "18787"], ["socat", "TCP-LISTEN:884,fork", "EXEC:cat"], ["python3", "-m", "http.server", "18787"]] {
		denied(cmd(argv))
	}
}

test_reconfiguring_is_denied if {
	denied(cmd(["claude-rego", "serve", "--port", "18787", "--insecure-no-token"]))
	denied(cmd(["claude-rego", "install", "--transport", "command"]))
	denied(cmd(["claude-rego", "activate", "b.tar.gz", "--allow-rollback"]))
	denied(file_tool("Write", "file-write", path("/etc/claude-code/claude-rego.json", "/etc/claude-code/claude-rego.json", false)))
	denied(file_tool("Edit", "file-write", path("/etc/systemd/system/claude-rego.service", "/etc/systemd/system/claude-rego.service", false)))
	denied(file_tool("Write", "file-write", path("/var/lib/claude-rego/bundles/active.snapshot.json", "/var/lib/claude-rego/bundles/active.snapshot.json", false)))
}

test_ask_mode if {
	doc := cmd(["systemctl", "stop", "claude-rego"])
	count(service_protection.deny) == 0 with input as doc with data.claude_rego.settings.service_protection as "ask"
	count(service_protection.ask) > 0 with input as doc with data.claude_rego.settings.service_protection as "ask"
}

test_other_ports_and_services_are_quiet if {
	every argv in [
		["systemctl", "status", "claude-rego"], ["systemctl", "stop", "nginx"], ["systemctl", "restart", "claude-rego-docs"],
		["launchctl", "list"], ["docker", "stop", "web"], ["docker", "logs", "claude-rego"],
		["pkill", "-f", "node"], ["fuser", "-k", "8080/tcp"], ["nc", "-l", "8080"], ["nc", "example.com", "884"],
		["python3", "-m", "http.server", "8000"], ["claude-rego", "check"], ["claude-rego", "doctor"],
		["journalctl", "-u", "claude-rego"], ["curl", "http://127.0.0.1:884/v1/status"],
	] {
		quiet(cmd(argv))
	}
	quiet(file_tool("Write", "file-write", path("/home/dev/project/notes.md", "/home/dev/project/notes.md", true)))
}

test_other_ports_are_configurable if {
	denied(cmd(["fuser", "-k", "9999/tcp"])) with data.claude_rego.settings.service_ports as [9999]
}
