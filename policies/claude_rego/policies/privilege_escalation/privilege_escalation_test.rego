package claude_rego.policies.privilege_escalation_test

import data.claude_rego.lib.testing.vars
import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.policies.privilege_escalation
import rego.v1

sudo_ls := bash("sudo ls", [sub(0, ["ls"], {"wrappers": ["sudo"]})], [])

asked(doc) if {
	count(privilege_escalation.ask) > 0 with input as doc
	count(privilege_escalation.deny) == 0 with input as doc
}

test_sudo_asks_by_default if asked(sudo_ls)

test_sudo_denied_when_configured if {
	count(privilege_escalation.deny) > 0 with input as sudo_ls
		with data.claude_rego.settings.privilege_escalation as "deny"
	count(privilege_escalation.ask) == 0 with input as sudo_ls
		with data.claude_rego.settings.privilege_escalation as "deny"
}

test_escalation_commands_and_wrappers_ask if {
	every argv in [["su", "-"], ["su", "-c", "ls"], ["doas", "id"], ["pkexec", "id"], ["run0", "ls"], ["sudo", "-i"], ["sudo", "-s"], ["/usr/bin/sudo", "ls"], ["SUDO", "ls"]] {
		asked(cmd(argv))
	}
	asked(bash("doas ls", [sub(0, ["ls"], {"wrappers": ["doas"]})], []))
	asked(bash("a=sudo; $a ls", [vars(0, {"a": "sudo"}), sub(1, ["$a", "ls"], {"resolved_argv": ["sudo", "ls"], "resolved_command": "sudo"})], []))
	asked(bash("bash -c 'sudo ls'", [seg(0, ["bash", "-c", "sudo ls"]), sub(1, ["ls"], {"parent": 0, "context": "shell_c", "depth": 1, "wrappers": ["sudo"]})], []))
}

test_setuid_and_capabilities_ask if {
	every mode in ["u+s", "g+s", "+s", "a+s", "u=rwxs", "4755", "04755", "2755", "6755", "u+x,u+s"] {
		asked(cmd(["chmod", mode, "x"]))
	}
	asked(cmd(["setcap", "cap_net_raw+ep", "x"]))
	asked(cmd(["install", "-m", "4755", "x", "bin/x"]))
	asked(cmd(["install", "--mode=u+s", "x", "bin/x"]))
}

test_library_injection_asks if {
	asked(bash("LD_PRELOAD=/tmp/x.so ls", [sub(0, ["ls"], {"assignments": {"LD_PRELOAD": "/tmp/x.so"}})], []))
	asked(bash("env DYLD_INSERT_LIBRARIES=x ls", [sub(0, ["ls"], {"assignments": {"DYLD_INSERT_LIBRARIES": "x"}, "wrappers": ["env"]})], []))
	asked(cmd(["export", "LD_PRELOAD=/tmp/x.so"]))
}

test_plain_commands_are_quiet if {
	every argv in [["chmod", "755", "x"], ["chmod", "+x", "x"], ["chmod", "1777", "/tmp/x"], ["ls"], ["install", "-m", "755", "x", "bin/x"], ["echo", "sudo"]] {
		count(privilege_escalation.ask) == 0 with input as cmd(argv)
	}
	count(privilege_escalation.ask) == 0 with input as bash("FOO=1 ls", [sub(0, ["ls"], {"assignments": {"FOO": "1"}})], [])
}

test_account_changes_ask if {
	every argv in [
		["usermod", "-aG", "wheel", "dev"], ["gpasswd", "-a", "dev", "docker"], ["adduser", "dev", "sudo"], ["useradd", "-m", "svc"],
		["userdel", "-r", "dev"], ["passwd", "dev"], ["passwd", "-d", "dev"], ["chpasswd"], ["chage", "-M", "99999", "dev"],
	] {
		asked(cmd(argv))
	}
	asked(cmd(["dscl", ".", "-append", "/Groups/admin", "GroupMembership", "dev"]))
	every argv in [["passwd", "-S", "dev"], ["chage", "-l", "dev"], ["dscl", ".", "-read", "/Users/dev"], ["dscl", ".", "-list", "/Users"], ["id", "dev"], ["groups", "dev"], ["getent", "passwd", "dev"]] {
		count(privilege_escalation.ask) == 0 with input as cmd(argv)
	}
}

quiet(doc) if {
	count(privilege_escalation.ask) == 0 with input as doc
	count(privilege_escalation.deny) == 0 with input as doc
}

test_sudo_modes_that_run_no_program_are_quiet if {
	every argv in [["sudo", "-v"], ["sudo", "-nv"], ["sudo", "-n", "-v"], ["sudo", "-k"], ["sudo", "-K"], ["sudo", "-l"], ["sudo", "-ll"], ["sudo", "-n", "-l"], ["sudo", "--validate"], ["sudo", "--list"]] {
		quiet(cmd(argv))
	}
}

test_sudo_running_a_program_still_asks if {
	# `true` is looked up on the caller's PATH when sudoers sets no secure_path
	asked(bash("sudo -n true", [sub(0, ["true"], {"wrappers": ["sudo"]})], []))
	every argv in [["sudo"], ["sudo", "-S", "-v"], ["sudo", "-A", "-v"], ["sudo", "-v", "x"], ["sudo", "-E", "-l"], ["sudo", "-u", "root", "-v"], ["su", "-l"]] {
		asked(cmd(argv))
	}
	asked(bash("SUDO_ASKPASS=/tmp/x sudo -v", [sub(0, ["sudo", "-v"], {"assignments": {"SUDO_ASKPASS": "/tmp/x"}})], []))
	asked(bash("timeout 5 sudo -v", [sub(0, ["sudo", "-v"], {"wrappers": ["timeout"]})], []))
}

# --- session 25: administrator roles granted in clouds and clusters -------------------------

test_cloud_and_cluster_admin_grants_ask if {
	asked(cmd(["aws", "iam", "attach-user-policy", "--user-name", "dev", "--policy-arn", "arn:aws:iam::aws:policy/AdministratorAccess"]))
	asked(cmd(["aws", "iam", "attach-role-policy", "--role-name", "ci", "--policy-arn", "arn:aws:iam::aws:policy/IAMFullAccess"]))
	asked(cmd(["aws", "iam", "put-user-policy", "--user-name", "x", "--policy-name", "p", "--policy-document", "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"*\"}]}"]))
	asked(cmd(["aws", "iam", "add-user-to-group", "--user-name", "x", "--group-name", "Admins"]))
	asked(cmd(["gcloud", "projects", "add-iam-policy-binding", "p", "--member=user:x@example.com", "--role=roles/owner"]))
	asked(cmd(["gcloud", "organizations", "add-iam-policy-binding", "1", "--member", "user:x", "--role", "roles/resourcemanager.organizationAdmin"]))
	asked(cmd(["az", "role", "assignment", "create", "--assignee", "x", "--role", "Owner"]))
	asked(cmd(["kubectl", "create", "clusterrolebinding", "x", "--clusterrole=cluster-admin", "--serviceaccount=default:default"]))
	asked(cmd(["oc", "create", "rolebinding", "x", "--clusterrole", "admin", "--user", "bob"]))
	asked(cmd(["oc", "adm", "policy", "add-cluster-role-to-user", "cluster-admin", "bob"]))
}

test_narrow_roles_pass if {
	every argv in [
		["aws", "iam", "attach-user-policy", "--user-name", "dev", "--policy-arn", "arn:aws:iam::aws:policy/ReadOnlyAccess"],
		["aws", "iam", "list-attached-user-policies", "--user-name", "AdministratorAccess"],
		["gcloud", "projects", "add-iam-policy-binding", "p", "--member=user:x", "--role=roles/viewer"],
		["az", "role", "assignment", "create", "--assignee", "x", "--role", "Reader"],
		["az", "role", "assignment", "list", "--role", "Owner"],
		["kubectl", "create", "rolebinding", "x", "--clusterrole=view", "--user=bob"],
		["kubectl", "get", "clusterrolebinding", "cluster-admin"],
	] {
		count(privilege_escalation.ask) == 0 with input as cmd(argv)
	}
}

_binding(role) := concat("\n", [
	"apiVersion: rbac.authorization.k8s.io/v1", "kind: ClusterRoleBinding", "metadata:", "  name: x", "roleRef:",
	"  kind: ClusterRole", concat("", ["  name: ", role]), "subjects:", "- kind: ServiceAccount", "  name: default", "",
])

_mcp(tool, tool_input) := {"hook": {"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input}, "facts": {"shell": {"segments": []}}}

# a binding to an administrator role applied as a manifest, by kubectl with a heredoc or by a
# Kubernetes MCP tool: asked; a narrow role, another kind, another tool pass
test_admin_binding_manifests_ask if {
	asked(bash(concat("", ["kubectl apply -f - <<EOF\n", _binding("cluster-admin"), "EOF"]), [seg(0, ["kubectl", "apply", "-f", "-"])], []))
	asked(_mcp("mcp__kubernetes__kubectl_apply", {"manifest": _binding("cluster-admin")}))
	asked(_mcp("mcp__k8s__apply_resource", {"resource": {"kind": "ClusterRoleBinding", "roleRef": {"kind": "ClusterRole", "name": "cluster-admin"}}}))
	count(privilege_escalation.ask) == 0 with input as _mcp("mcp__kubernetes__kubectl_apply", {"manifest": _binding("view")})
	count(privilege_escalation.ask) == 0 with input as _mcp("mcp__notes__create", {"text": _binding("cluster-admin")})
	count(privilege_escalation.ask) == 0 with input as bash(concat("", ["kubectl apply -f - <<EOF\n", _binding("edit"), "EOF"]), [seg(0, ["kubectl", "apply", "-f", "-"])], [])
}
