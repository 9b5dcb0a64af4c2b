package claude_rego.policies.credential_output_test

import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.pipe
import data.claude_rego.lib.testing.seg
import data.claude_rego.policies.credential_output
import rego.v1

denied(argv) if count(credential_output.deny) > 0 with input as cmd(argv)

asked(argv) if {
	count(credential_output.deny) == 0 with input as cmd(argv)
	count(credential_output.ask) > 0 with input as cmd(argv)
}

allowed(argv) if {
	count(credential_output.deny) == 0 with input as cmd(argv)
	count(credential_output.ask) == 0 with input as cmd(argv)
}

test_secret_managers_denied if {
	every argv in [
		["infisical", "export", "--env=prod"], ["chamber", "export", "prod"], ["chamber", "read", "prod", "db_password"],
		["doppler", "secrets"], ["doppler", "run", "--", "printenv"], ["aws", "kms", "decrypt", "--ciphertext-blob", "fileb://x"],
		["sops", "decrypt", "secrets.yaml"], ["akeyless", "get-secret-value", "--name", "x"], ["conjur", "variable", "get", "-i", "x"],
		["berglas", "access", "sm://p/x"], ["teller", "show"], ["aws-vault", "export", "prod"], ["ejson", "decrypt", "x.ejson"],
	] {
		denied(argv)
	}
	allowed(["doppler", "secrets", "--only-names"])
	allowed(["chamber", "list", "prod"])
	allowed(["infisical", "login"])
}

test_password_managers_and_keyrings_denied if {
	every argv in [
		["bw", "list", "items", "--search", "github"], ["bw", "unlock", "--raw"], ["rbw", "get", "github"],
		["lpass", "export"], ["op", "document", "get", "x"], ["gopass", "cat", "x"], ["passage", "show", "x"],
		["keepassxc-cli", "show", "db.kdbx", "x"], ["keyctl", "print", "%user:token"], ["kwallet-query", "-r", "x", "kdewallet"],
		["git", "credential-store", "get"], ["git", "credential-cache", "get"], ["security", "export", "-k", "login.keychain"],
		["pass", "github/token"], ["gopass", "work/aws"],
	] {
		denied(argv)
	}
	allowed(["pass", "ls"])
	allowed(["pass", "-c", "github/token"])
	allowed(["pass", "insert", "x"])
	allowed(["bw", "list", "folders"])
	allowed(["keyctl", "show"])
	allowed(["git", "credential-cache", "exit"])
}

test_platform_dumps_denied if {
	every argv in [
		["heroku", "config", "-a", "prod-app"], ["heroku", "config:get", "DATABASE_URL"], ["netlify", "env:list", "--plain"],
		["railway", "variables"], ["firebase", "functions:config:get"], ["terraform", "state", "pull"], ["tofu", "state", "pull"],
		["pulumi", "stack", "output", "--show-secrets"], ["pulumi", "config", "--show-secrets"], ["my_print_defaults", "-s", "client"],
		["az", "storage", "account", "keys", "list", "-n", "x"], ["az", "cosmosdb", "keys", "list", "-n", "x"],
		["az", "storage", "account", "show-connection-string", "-n", "x"], ["aws", "rds", "generate-db-auth-token", "--hostname", "h"],
		["aws", "ec2", "get-password-data", "--instance-id", "i-1"], ["aws", "codeartifact", "get-authorization-token", "--domain", "d"],
		["gcloud", "sql", "generate-login-token"],
	] {
		denied(argv)
	}
	every argv in [
		["terraform", "plan"], ["terraform", "output"], ["terraform", "show"], ["terraform", "state", "list"],
		["pulumi", "stack", "output"], ["heroku", "logs", "--tail"], ["heroku", "config:set", "X=1"], ["aws", "s3", "ls"],
		["az", "storage", "account", "list"], ["netlify", "deploy"], ["mysql_config_editor", "print", "--all"],
	] {
		allowed(argv)
	}
}

test_credential_creation_denied if {
	every argv in [
		["aws", "iam", "create-access-key", "--user-name", "ci"], ["az", "ad", "sp", "create-for-rbac", "--name", "x"],
		["az", "ad", "app", "credential", "reset", "--id", "x"], ["gcloud", "iam", "service-accounts", "keys", "create", "k.json", "--iam-account", "a"],
		["npm", "token", "create"], ["heroku", "authorizations:create"], ["fly", "tokens", "create", "deploy"],
	] {
		denied(argv)
	}
	allowed(["aws", "iam", "list-access-keys"])
	allowed(["npm", "token", "--help"])
}

test_may_print_secrets_asks if {
	every argv in [
		["terraform", "output", "-raw", "db_password"], ["terraform", "output", "-json", "db_password"],
		["gpg", "--decrypt", "notes.asc"], ["age", "-d", "-i", "k.txt", "x.age"], ["vercel", "env", "pull"],
	] {
		asked(argv)
	}
	allowed(["terraform", "output", "-json"])
	allowed(["terraform", "output", "-raw", "cluster_endpoint"])
	allowed(["terraform", "output", "-json", "vpc_id"])
	asked(["tofu", "output", "-raw", "kubeconfig"])
	allowed(["gpg", "-d", "-o", "notes.txt", "notes.asc"])
	allowed(["age", "--decrypt", "--output=x.txt", "x.age"])
}

test_named_prints_of_secret_variables_denied if {
	denied(["declare", "-p", "GITHUB_TOKEN"])
	denied(["typeset", "-p", "AWS_SECRET_ACCESS_KEY"])
	allowed(["declare", "-p", "PATH"])
	allowed(["declare", "-A", "TOKENS_BY_HOST"])
}

test_container_environment if {
	denied(["docker", "inspect", "--format", "{{json .Config.Env}}", "postgres"])
	denied(["podman", "inspect", "--format={{.Config.Env}}", "db"])
	asked(["docker", "inspect", "postgres"])
	asked(["docker", "exec", "web", "env"])
	asked(["kubectl", "exec", "pod", "--", "printenv"])
	allowed(["docker", "inspect", "--format", "{{.State.Status}}", "postgres"])
	allowed(["docker", "inspect", "-f", "{{json .State.Health}}", "api-1"])
	allowed(["docker", "image", "inspect", "node:20"])
	allowed(["docker", "exec", "web", "printenv", "PATH"])
}

test_families_come_from_settings if {
	count(credential_output.deny) > 0 with input as cmd(["acme", "secrets", "dump"])
		with data.claude_rego.settings.credential_families as {"acme": {"verdict": "deny", "effect": "prints secrets", "commands": [["acme", "secrets", "dump"]]}}
}

# (Whether such a `with` replaces or merges with the shipped families differs between
# engines — OPA merges an object into a base document, regorus replaces it — so no test
# here depends on the shipped families being gone; overlays merge key by key anyway.)

test_injected_environments_and_helpers if {
	every argv in [
		["op", "run", "--env-file=.env.tpl", "--", "printenv"], ["heroku", "run", "env", "-a", "api"],
		["gcloud", "config", "config-helper", "--format=json"], ["security", "find-generic-password", "-s", "gh", "-wa", "me"],
	] {
		denied(argv)
	}
	asked(["helm", "get", "values", "api", "-n", "prod"])
	asked(["systemctl", "show-environment"])
	asked(["gpg", "-qd", "notes.asc"])
	allowed(["helm", "list", "-A"])
	allowed(["gpg", "-k"])
	allowed(["heroku", "run", "rails", "console"])
	allowed(["security", "find-generic-password", "-s", "gh"])
	# an exemption word never matches inside a cluster (the safe direction: still asked)
	asked(["gpg", "-do", "out.txt", "x.asc"])
}

test_malformed_settings_do_not_raise if {
	count(credential_output.deny) == 0 with input as cmd(["acme", "x"])
		with data.claude_rego.settings.credential_families as {"bad": {"verdict": "deny", "effect": "x", "commands": [[1, 2], ["acme", 3]]}}
}

test_h12_git_config_auth_header_denied if {
	every argv in [
		["git", "config", "--get-regexp", "http.*extraheader"], ["git", "config", "--get", "http.https://github.com/.extraheader"],
		["git", "config", "--local", "--get-all", "http.https://github.com/.extraheader"], ["git", "config", "http.extraheader"],
		["git", "config", "--get-regexp", "http"], ["git", "config", "--get-regexp", ".*"], ["git", "config", "get", "http.extraHeader"],
		["git", "-C", "repo", "config", "--get", "credential.password"],
	] {
		denied(argv)
	}
	every argv in [
		["git", "config", "--get", "user.name"], ["git", "config", "user.email"], ["git", "config", "--get-regexp", "remote\\..*\\.url"],
		["git", "config", "--unset", "http.https://github.com/.extraheader"], ["git", "config", "--get", "remote.origin.url"], ["git", "config", "credential.helper"],
	] {
		allowed(argv)
	}
}

test_process_memory_dumps if {
	every argv in [
		["gcore", "1234"], ["gcore", "-o", "/tmp/core", "99"], ["procdump", "-ma", "1234"], ["createdump", "4242"],
		["dotnet-dump", "collect", "-p", "4242"], ["gdb", "-p", "1234", "-batch", "-ex", "dump memory /tmp/m 0x0 0x1000"],
		["gdb", "--batch", "--pid=1234", "-ex", "generate-core-file /tmp/c"], ["gdb", "-batch", "-ex", "attach 4321", "-ex", "gcore /tmp/c"],
		["lldb", "-p", "99", "-o", "process save-core /tmp/c"],
	] {
		denied(argv)
	}
	every argv in [["gdb", "-p", "1234"], ["lldb", "--attach-pid", "5"], ["jmap", "-dump:format=b,file=/tmp/h.hprof", "1234"], ["jcmd", "1234", "GC.heap_dump", "/tmp/h.hprof"]] {
		asked(argv)
	}
	every argv in [["gdb", "./a.out"], ["gdb", "-n", "-batch", "-ex", "run", "--args", "./a.out"], ["gdb", "--version"], ["gcore", "--help"], ["lldb", "./a.out"]] {
		allowed(argv)
	}
}

test_git_config_listing_filtered_for_credentials_denied if {
	every pair in [
		[["git", "config", "--list"], ["grep", "-i", "pass"]], [["git", "config", "-l"], ["grep", "-i", "token"]],
		[["git", "config", "--global", "--list"], ["rg", "-i", "password|extraheader"]], [["git", "config", "list", "--show-origin"], ["awk", "/authorization/"]],
	] {
		count(credential_output.deny) > 0 with input as _piped(pair[0], pair[1])
	}
	every pair in [[["git", "config", "--list"], ["grep", "user"]], [["git", "config", "--list"], ["grep", "-c", "remote"]], [["git", "config", "--list"], ["grep", "credential.helper"]], [["git", "config", "-l"], ["grep", "signingkey"]], [["git", "config", "-l"], ["grep", "author"]]] {
		count(credential_output.deny) == 0 with input as _piped(pair[0], pair[1])
	}
	allowed(["git", "config", "--list"])
}

_piped(a, b) := data.claude_rego.lib.testing.bash("x", [data.claude_rego.lib.testing.seg(0, a), data.claude_rego.lib.testing.pipe(1, b, 0)], [])

test_network_keys_denied if {
	every argv in [
		["wg", "showconf", "wg0"], ["wg", "show", "wg0", "private-key"], ["wg-quick", "strip", "wg0"], ["nmcli", "-s", "connection", "show", "Home"],
		["nmcli", "--show-secrets", "connection", "show", "Home"], ["nmcli", "dev", "wifi", "show-password"], ["klist", "-kK", "/etc/krb5.keytab"],
		["secret-tool", "search", "--all", "service", "github"], ["openvpn3", "config-dump", "--config", "corp"],
	] {
		denied(argv)
	}
	every argv in [["wg", "show"], ["nmcli", "connection", "show"], ["nmcli", "-t", "-f", "NAME", "connection", "show"], ["klist"], ["klist", "-k", "/etc/krb5.keytab"]] {
		allowed(argv)
	}
}

test_account_databases_denied if {
	every argv in [
		["getent", "shadow"], ["getent", "gshadow"], ["getent", "shadow", "root"], ["getent", "-s", "files", "shadow"],
		["ypcat", "shadow.byname"], ["ypmatch", "dev", "passwd.adjunct"], ["pdbedit", "-L", "-w"], ["slapcat"],
		["dscl", ".", "-read", "/Users/dev", "ShadowHashData"], ["unshadow", "/etc/passwd", "/etc/shadow"],
	] {
		denied(argv)
	}
	every argv in [["getent", "passwd", "dev"], ["getent", "group", "docker"], ["getent", "hosts", "example.com"], ["pdbedit", "-L"], ["ypcat", "hosts"]] {
		allowed(argv)
	}
}

# terraform output NAME prints a sensitive output; -json piped into a stage that picks a
# credential-named output or takes values without naming one loses the sensitive mark
_tf_pipe(filter) := bash("terraform output -json | x", [seg(0, ["terraform", "output", "-json"]), pipe(1, filter, 0)], [])

test_terraform_named_output_and_unmarked_values_ask if {
	asked(["terraform", "output", "db_password"])
	asked(["tofu", "output", "api_token"])
	allowed(["terraform", "output", "vpc_id"])
	allowed(["terraform", "output"])
	every filter in [["jq", "-r", ".db_password.value"], ["jq", "map_values(.value)"], ["python3", "-c", "print(d['admin_token']['value'])"]] {
		count(credential_output.ask) > 0 with input as _tf_pipe(filter)
	}
	every filter in [["jq", "-r", ".vpc_id.value"], ["jq", "keys"], ["jq", "-r", ".cluster_endpoint.value"]] {
		count(credential_output.ask) == 0 with input as _tf_pipe(filter)
	}
}

test_token_printers_by_shape_asked if {
	every argv in [
		["flyctl", "auth", "token"], ["firebase", "login:ci"], ["supabase", "projects", "api-keys", "--project-ref", "x"],
		["vault", "login", "-token-only", "-method=userpass"], ["oc", "whoami", "-t"],
		["argocd", "account", "generate-token", "--account", "ci"], ["cf", "oauth-token"], ["ibmcloud", "iam", "oauth-tokens"],
		["databricks", "tokens", "create", "--lifetime-seconds", "3600"], ["acmectl", "print-access-token"],
		["newcli", "session-token"], ["acme", "keys", "show", "--reveal"],
	] {
		asked(argv)
	}
}

test_token_listing_and_data_programs_pass if {
	every argv in [
		["databricks", "tokens", "list"], ["vault", "token", "revoke", "-self"], ["oc", "whoami"], ["gh", "auth", "status"],
		["grep", "-r", "token", "src/"], ["pytest", "-k", "token"], ["jq", ".access_token", "r.json"],
		["python", "-m", "tiktoken"], ["acme", "list-tokens"], ["acme", "revoke-token", "x"], ["node", "scripts/token.js"],
		["acmectl", "tokenize", "x"],
	] {
		allowed(argv)
	}
}

test_token_into_a_stdin_login_passes if {
	count(credential_output.ask) == 0 with input as {"facts": {
		"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/p", "project_dir": "/p", "home": "/h", "paths": [],
		"shell": {"opaque": false, "opaque_reasons": [], "segments": [
			{"id": 0, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null, "argv": ["cf", "oauth-token"], "command": "cf", "args": ["oauth-token"], "raw_words": ["cf", "oauth-token"], "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": []},
			{"id": 1, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": "|", "argv": ["docker", "login", "--password-stdin", "r"], "command": "docker", "args": ["login", "--password-stdin", "r"], "raw_words": ["docker", "login", "--password-stdin", "r"], "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": []},
		]},
	}}
}

# token_printers (read by output_redaction: such a command's output is the bare token)
test_token_printers_name_the_printing_segment if {
	count(credential_output.token_printers) == 1 with input as cmd(["flyctl", "auth", "token"])
	count(credential_output.token_printers) == 0 with input as cmd(["databricks", "tokens", "list"])
	count(credential_output.token_printers) == 0 with input as cmd(["gh", "auth", "status"])
}

test_server_dumps_with_password_hashes_ask if {
	every argv in [
		["pg_dumpall"], ["pg_dumpall", "-f", "all.sql"], ["pg_dumpall", "-g"], ["pg_dumpall", "--roles-only", "-U", "postgres"],
		["mysqldump", "--all-databases"], ["mysqldump", "-uroot", "-A"], ["mysqldump", "mysql", "user"],
		["mariadb-dump", "--all-databases", "--single-transaction"],
	] {
		asked(argv)
	}
	every argv in [
		["pg_dumpall", "--no-role-passwords"], ["pg_dumpall", "-t"], ["pg_dump", "mydb"], ["pg_dumpall", "--help"],
		["mysqldump", "-uAdmin", "appdb"], ["mysqldump", "--databases", "app", "shop"], ["mysqldump", "-u", "root", "app"],
	] {
		allowed(argv)
	}
}

# a credential helper stored in aws's configuration is not run now (config_exec judges it)
test_stored_credential_process_is_not_output if {
	count(credential_output.deny) == 0 with input as bash("aws configure set credential_process …", [
		seg(0, ["aws", "configure", "set", "credential_process", "aws-vault export --format=json dev"]),
		object.union(seg(1, ["aws-vault", "export", "--format=json", "dev"]), {"parent": 0, "context": "config_exec", "depth": 1}),
	], [])
	denied(["aws-vault", "export", "--format=json", "dev"])
}

# ------------------------------------------------ session 26: cluster credentials, SQL hashes

test_cluster_kubeconfig_printers_denied if {
	every argv in [
		["microk8s", "config"], ["microk8s.config"], ["k0s", "kubeconfig", "admin"], ["kind", "get", "kubeconfig", "--name", "dev"],
		["k3d", "kubeconfig", "get", "dev"], ["az", "aks", "get-credentials", "-g", "rg", "-n", "aks", "--file", "-"],
		["az", "aks", "get-credentials", "-n", "aks", "-f", "-"], ["az", "aks", "get-credentials", "-n", "aks", "--file=-"],
		["doctl", "kubernetes", "cluster", "kubeconfig", "show", "prod"], ["aws", "eks", "get-token", "--cluster-name", "prod"],
	] {
		denied(argv)
	}
	allowed(["az", "aks", "get-credentials", "-g", "rg", "-n", "aks"])
	allowed(["az", "aks", "get-credentials", "-n", "aks", "--file", "./kubeconfig"])
	allowed(["kind", "get", "clusters"])
	allowed(["doctl", "kubernetes", "cluster", "kubeconfig", "save", "prod"])
	allowed(["aws", "eks", "update-kubeconfig", "--name", "prod"])
}

test_cluster_kubeconfig_written_to_a_file_passes if {
	doc := bash("kind get kubeconfig --name dev > /tmp/kind.yaml", [object.union(seg(0, ["kind", "get", "kubeconfig", "--name", "dev"]), {"redirects": [{"op": ">", "target": "/tmp/kind.yaml", "fd": null, "dup": false}]})], [])
	count(credential_output.deny) == 0 with input as doc
	doc2 := bash("microk8s config | tee x", [object.union(seg(0, ["microk8s", "config"]), {"redirects": [{"op": ">", "target": "/dev/stdout", "fd": null, "dup": false}]})], [])
	count(credential_output.deny) > 0 with input as doc2
}

test_pulumi_config_get_and_state_show_of_credentials_ask if {
	asked(["pulumi", "config", "get", "dbPassword"])
	asked(["pulumi", "config", "get", "app:apiToken"])
	asked(["terraform", "state", "show", "random_password.db"])
	asked(["terraform", "state", "show", "aws_iam_access_key.ci"])
	allowed(["pulumi", "config", "get", "aws:region"])
	allowed(["pulumi", "config"])
	allowed(["pulumi", "stack", "output", "url"])
	allowed(["terraform", "state", "show", "aws_instance.web"])
	allowed(["terraform", "state", "list"])
}

test_terraform_show_json_asks if {
	asked(["terraform", "show", "-json"])
	asked(["tofu", "show", "-json", "tfplan"])
	allowed(["terraform", "show"])
}

_tf_show_pipe(filter) := bash("terraform show -json | x", [seg(0, ["terraform", "show", "-json"]), pipe(1, filter, 0)], [])

test_terraform_show_json_narrowed_passes if {
	every filter in [["jq", "keys"], ["jq", "-r", ".resource_changes.address"]] {
		count(credential_output.ask) == 0 with input as _tf_show_pipe(filter)
	}
}

test_terraform_show_json_whole_asks if {
	whole := bash("terraform show -json | jq .values", [seg(0, ["terraform", "show", "-json"]), pipe(1, ["jq", ".values"], 0)], [])
	count(credential_output.ask) > 0 with input as whole
}

test_sql_clients_reading_password_hashes_denied if {
	every argv in [
		["mysql", "-e", "select user, authentication_string from mysql.user"], ["mysql", "-e", "SELECT * FROM mysql.user"],
		["psql", "-c", "select usename, passwd from pg_shadow"], ["psql", "-c", "select rolname, rolpassword from pg_authid"],
		["psql", "-c", "TABLE pg_authid"], ["sqlcmd", "-Q", "select name, password_hash from sys.sql_logins"],
		["mongosh", "--eval", "db.getUsers({showCredentials: true})"], ["mongosh", "admin", "--eval", "db.system.users.find()"],
	] {
		denied(argv)
	}
	allowed(["mysql", "-e", "select user, host from mysql.user"])
	allowed(["psql", "-c", "select usename from pg_shadow"])
	allowed(["psql", "-c", "select rolname from pg_roles"])
	allowed(["psql", "-c", "select email, password_hash from users limit 5"])
	allowed(["sqlcmd", "-Q", "select name from sys.sql_logins"])
}

test_credential_dumpers_denied_by_name_or_as_a_script if {
	every argv in [
		["./laZagne.py", "all"], ["lazagne", "browsers"], ["mimipenguin.sh"], ["mimikatz.exe"],
		["hack-browser-data", "-b", "chrome"], ["python3", "laZagne.py", "all"],
		["python3", "/opt/LaZagne/Linux/laZagne.py", "browsers", "-oJ"], ["python3", "-m", "lazagne", "all"],
		["bash", "mimipenguin.sh"], ["python", "firefox_decrypt.py"], ["wine", "mimikatz.exe"],
	] {
		denied(argv)
	}
	allowed(["python3", "manage.py", "runserver"])
	allowed(["python3", "-m", "pytest"])
	allowed(["ls", "lazagne"])
	allowed(["cat", "mimipenguin.md"])
}

# session 32 (h24 class F): keys and a deployed app's environment printed
test_s32_key_printers if {
	denied(["llm", "keys", "get", "openai"])
	denied(["busctl", "--user", "call", "org.freedesktop.secrets", "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "GetSecrets", "aoo"])
	denied(["gdbus", "call", "--session", "--method=org.freedesktop.Secret.Item.GetSecret", "/s"])
	denied(["qdbus", "org.kde.kwalletd5", "/modules/kwalletd5", "org.kde.KWallet.readPassword", "1", "f", "k", "a"])
	allowed(["llm", "keys", "list"])
	allowed(["llm", "keys", "path"])
	allowed(["busctl", "--user", "tree", "org.freedesktop.secrets"])
	asked(["mycli", "keys", "get", "prod"])
}

test_s32_app_environment_asks if {
	every argv in [
		["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "Environment"],
		["aws", "lambda", "get-function-configuration", "--function-name", "api"],
		["aws", "ecs", "describe-task-definition", "--task-definition", "api", "--query", "taskDefinition.containerDefinitions[].environment"],
		["gcloud", "run", "services", "describe", "api", "--format=yaml(spec.template.spec.containers[0].env)"],
		["gcloud", "run", "services", "describe", "api", "--format", "json"],
		["az", "webapp", "config", "appsettings", "list", "-g", "rg", "-n", "app"],
		["az", "functionapp", "config", "appsettings", "list", "--query", "[].value"],
	] {
		asked(argv)
	}
	allowed(["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "LastUpdateStatus"])
	allowed(["gcloud", "run", "services", "describe", "api", "--format=value(status.url)"])
	allowed(["aws", "lambda", "list-functions"])
	allowed(["gcloud", "run", "services", "list"])
}

# session 32 review (G): the filter exemption is an allowlist of named leaves
test_s32_review_app_environment_filters if {
	every argv in [
		["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "@"],
		["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "values(@)"],
		["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", `"\u0045nvironment"`],
		["aws", "lambda", "get-function", "--function-name", "api", "--query", "Configuration"],
		["aws", "lambda", "get-function", "--function-name", "api", "--query", "{a: Configuration}"],
		["aws", "ecs", "describe-task-definition", "--task-definition", "api", "--query", "taskDefinition"],
		["aws", "apprunner", "describe-service", "--service-arn", "x", "--query", "Service"],
		["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "State", "--debug"],
		["az", "webapp", "config", "appsettings", "list", "--query", "@"],
		["gcloud", "run", "services", "describe", "api", "--format=export"],
		["gcloud", "run", "services", "describe", "api", "--format=json[no-heading]"],
		["gcloud", "functions", "describe", "f", "--format=json(serviceConfig)"],
		["gcloud", "run", "services", "describe", "api", "--format=value(status.url)", "--log-http"],
	] {
		asked(argv)
	}
	allowed(["aws", "lambda", "get-function-configuration", "--function-name", "api", "--query", "[State, LastUpdateStatus]"])
	allowed(["aws", "lambda", "get-function", "--function-name", "api", "--query", "Configuration.{s: State, v: Version}"])
	allowed(["aws", "ecs", "describe-task-definition", "--task-definition", "api", "--query", "taskDefinition.revision"])
	allowed(["az", "webapp", "config", "appsettings", "list", "--query", "[].name"])
	allowed(["gcloud", "run", "services", "describe", "api", "--format=value(status.url,status.conditions)"])
	allowed(["gcloud", "run", "services", "describe", "api", "--format=csv[no-heading](status.latestReadyRevisionName)"])
}
