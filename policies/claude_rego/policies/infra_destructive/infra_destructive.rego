# METADATA
# title: Destructive operations on infrastructure and data
# description: >-
#   Asks before a command destroys what lives outside the machine: recursive deletes
#   of cloud storage (aws s3 rm --recursive, s3 rb --force, gsutil rm -r, gcloud
#   storage rm -r, az storage … delete-batch, rclone purge/delete), cloud resources
#   (aws … delete-*/terminate-*, gcloud … delete, az … delete, doctl … delete),
#   infrastructure teardown (terraform/tofu/terragrunt destroy, apply -destroy,
#   pulumi destroy, kubectl delete of namespaces/volumes or --all, helm uninstall),
#   databases (DROP/TRUNCATE/dropDatabase given to psql, mysql, sqlite3, mongosh,
#   clickhouse-client… as an argument or on standard input, dropdb, mysqladmin drop,
#   redis-cli FLUSHALL/FLUSHDB), configuration management removing files
#   (ansible … state=absent), GitHub repositories (gh repo delete, gh repo edit
#   --visibility public, gh api -X DELETE).
# custom:
#   severity: high
#   rationale: >-
#     These commands act on shared systems where no local backup, undo or review
#     exists: a dropped table, a purged bucket or a destroyed stack is gone for every
#     user. They are routine for operators, so the policy asks rather than denies; the
#     harmless neighbours (terraform plan, kubectl get/apply -f, helm template, aws s3
#     ls/cp, SELECT queries) are never matched. Matching is on the parsed command
#     (wrappers, sh -c payloads, heredocs and literal pipes are already unfolded).
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
package claude_rego.policies.infra_destructive

import data.claude_rego.lib.shell
import rego.v1

_opts(seg) := {lower(a) | some a in shell.args(seg); startswith(a, "-")}

# the words of a command that are not options, lowercased, in order
_words(seg) := [lower(a) | some a in shell.args(seg); not startswith(a, "-")]

_has_word(seg, w) if w in _words(seg)

_recursive(seg) if {
	some o in _opts(seg)
	o in {"-r", "-rf", "-fr", "-R", "-rr", "--recursive", "-r=true", "--recursive=true"}
}

_recursive(seg) if {
	some o in _opts(seg)
	not startswith(o, "--")
	regex.match(`^-[a-z]*r[a-z]*$`, o)
}

# ------------------------------------------------------------- cloud storage and resources

finding contains entry if {
	some ran in {"aws", "awslocal"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) >= 2
	_aws_destroys(w, seg)
	entry := sprintf("`aws %s` deletes cloud resources", [concat(" ", array.slice(w, 0, 2))])
}

_aws_destroys(w, seg) if {
	w[0] == "s3"
	w[1] in {"rm", "mv"}
	_recursive(seg)
}

_aws_destroys(w, _) if {
	w[0] == "s3"
	w[1] == "rb"
}

_aws_destroys(w, seg) if {
	w[0] == "s3"
	w[1] == "sync"
	"--delete" in _opts(seg)
}

_aws_destroys(w, _) if {
	w[0] != "s3"
	some prefix in {"delete-", "terminate-", "purge-", "remove-", "deregister-", "destroy-", "drop-", "empty-"}
	startswith(w[1], prefix)
}

finding contains entry if {
	some ran in {"gsutil", "gcloud"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	some i, x in w
	x in {"rm", "rsync"}
	i <= 2
	_recursive_or_delete(seg, x)
	entry := sprintf("`%s rm -r` deletes cloud storage recursively", [shell.name(seg)])
}

_recursive_or_delete(seg, "rm") if _recursive(seg)

_recursive_or_delete(seg, "rm") if "-a" in _opts(seg)

_recursive_or_delete(seg, "rsync") if "-d" in _opts(seg)

_recursive_or_delete(seg, "rsync") if "--delete-unmatched-destination-objects" in _opts(seg)

finding contains "`gsutil rb` deletes a bucket" if {
	"gsutil" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gsutil"})
	_has_word(seg, "rb")
}

finding contains entry if {
	some ran in {"gcloud", "az", "doctl", "hcloud", "linode-cli", "vultr-cli", "ibmcloud", "oci", "scw", "exo", "flyctl", "fly", "heroku", "vercel", "netlify", "railway", "firebase", "supabase", "wrangler", "eksctl", "aliyun"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some x in _words(seg)
	x in {
		"delete", "delete-batch", "purge", "destroy", "remove", "rm", "terminate", "apps:destroy", "delete-account",
		"projects:delete", "hosting:disable", "drop",
	}
	not _gcloud_storage_plain_rm(seg, x)
	entry := sprintf("`%s … %s` deletes cloud resources", [shell.name(seg), x])
}

# `gcloud storage rm gs://b/one-object` (not recursive) is a single file: only -r asks
_gcloud_storage_plain_rm(seg, "rm") if not _recursive(seg)

finding contains entry if {
	"rclone" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rclone"})
	w := _words(seg)
	count(w) > 0
	x := w[0]
	x in {"purge", "delete", "rmdir", "rmdirs", "deletefile", "cleanup"}
	entry := sprintf("`rclone %s` deletes remote files", [x])
}

# ------------------------------------------------------------- infrastructure

finding contains entry if {
	some ran in {"terraform", "tofu", "opentofu", "terragrunt", "pulumi", "cdk", "cdktf", "sst", "serverless", "sls", "vagrant", "kind", "minikube", "k3d", "eksctl", "copilot", "sam", "amplify", "azd", "juju"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some x in _words(seg)
	x in {"destroy", "run-all-destroy", "nuke", "teardown"}
	entry := sprintf("`%s destroy` tears down infrastructure", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"terraform", "tofu", "opentofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_has_word(seg, "apply")
	some o in _opts(seg)
	o in {"-destroy", "--destroy"}
	entry := sprintf("`%s apply -destroy` tears down infrastructure", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"terraform", "tofu", "opentofu", "pulumi"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) >= 2
	[w[0], w[1]] in {["state", "rm"], ["workspace", "delete"], ["stack", "rm"]}
	entry := sprintf("`%s state rm` / `workspace delete` drops infrastructure state", [shell.name(seg)])
}

_kube_wide_kinds := {
	"namespace", "namespaces", "ns", "node", "nodes", "no", "pv", "pvc", "persistentvolume", "persistentvolumes",
	"persistentvolumeclaim", "persistentvolumeclaims", "crd", "crds", "customresourcedefinition",
	"customresourcedefinitions", "statefulset", "statefulsets", "sts", "clusterrole", "clusterrolebinding",
	"storageclass", "sc", "all",
}

finding contains entry if {
	some ran in {"kubectl", "oc", "k", "microk8s.kubectl", "k3s"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	some i, x in w
	x == "delete"
	i <= 1
	_kube_wide(seg, w)
	entry := sprintf("`%s delete` removes cluster resources", [shell.name(seg)])
}

_kube_wide(seg, _) if {
	some o in _opts(seg)
	o in {"--all", "-a", "--all-namespaces", "--all=true", "--cascade=orphan"}
}

_kube_wide(seg, _) if "-A" in shell.args(seg)

_kube_wide(_, w) if {
	some x in w
	kind := split(x, "/")[0]
	kind in _kube_wide_kinds
}

_kube_wide(_, w) if {
	some x in w
	some kind in split(x, ",")
	kind in _kube_wide_kinds
}

finding contains entry if {
	some ran in {"helm", "helmfile"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) > 0
	x := w[0]
	x in {"uninstall", "delete", "del", "un", "destroy"}
	entry := sprintf("`%s %s` removes a release", [shell.name(seg), x])
}

finding contains "ansible with state=absent removes files or resources" if {
	some ran in {"ansible", "ansible-playbook", "ansible-pull"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	contains(replace(lower(a), " ", ""), "state=absent")
}

# ------------------------------------------------------------- databases and caches

_db_clients := {
	"psql", "pgcli", "mysql", "mariadb", "mycli", "sqlite3", "litecli", "duckdb", "mongosh", "mongo",
	"clickhouse-client", "clickhouse", "cockroach", "sqlcmd", "usql", "cqlsh", "isql", "sqlplus", "snowsql",
	"bq", "trino", "presto", "beeline", "spark-sql", "influx",
}

# statements that drop data, on the uppercased text (constant patterns)
_drop_patterns := [
	`\bDROP\s+(DATABASE|SCHEMA|TABLE|KEYSPACE|COLLECTION|MEASUREMENT|RETENTION|OWNED|INDEX|VIEW|MATERIALIZED|TEMPORARY\s+TABLE|IF\s+EXISTS)\b`,
	`\bTRUNCATE\b`,
	`\bDROPDATABASE\s*\(`,
	`\.DROP\s*\(\s*\)`,
	`\bDROPCOLLECTION\b`,
	`\.DELETEMANY\s*\(\s*\{\s*\}\s*\)`,
	`\.REMOVE\s*\(\s*\{\s*\}\s*\)`,
	`\bDELETE\s+FROM\s+[A-Z0-9_."\x60\[\]]+\s*(;|$)`,
	`\bDELETE\s+FROM\s+[A-Z0-9_."\x60\[\]]+\s+WHERE\s+(1\s*=\s*1|TRUE)\b`,
	`\bFLUSHALL\b`,
	`\bFLUSHDB\b`,
	`\bDROP\s+USER\b`,
]

_db_text(seg) := concat("\n", array.concat(shell.args(seg), [object.get(seg, "stdin_literal", "")]))

finding contains entry if {
	some ran in (_db_clients | {"redis-cli", "valkey-cli", "keydb-cli"}) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	text := upper(_db_text(seg))
	some p in _drop_patterns
	regex.match(p, text)
	entry := sprintf("`%s` is given a statement that drops or wipes data", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"dropdb", "dropuser"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	entry := sprintf("`%s` drops a database", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"mysqladmin", "mariadb-admin"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some x in _words(seg)
	x in {"drop", "purge"}
	entry := sprintf("`%s drop` drops a database", [shell.name(seg)])
}

finding contains "`redis-cli FLUSHALL/FLUSHDB` wipes the cache" if {
	some ran in {"redis-cli", "valkey-cli", "keydb-cli"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	upper(a) in {"FLUSHALL", "FLUSHDB"}
}

finding contains entry if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) >= 2
	[w[0], w[1]] in {["volume", "rm"], ["volume", "prune"], ["system", "prune"]}
	_volumes_gone(seg, w)
	entry := sprintf("`%s` removes data volumes", [concat(" ", [shell.name(seg), w[0], w[1]])])
}

_volumes_gone(_, w) if w[0] == "volume"

_volumes_gone(seg, _) if "--volumes" in _opts(seg)

# ------------------------------------------------------------- GitHub and forges

finding contains "`gh repo delete` deletes a repository" if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	w := _words(seg)
	count(w) >= 2
	w[0] == "repo"
	w[1] in {"delete", "archive"}
}

finding contains "`gh repo edit --visibility public` publishes a repository" if {
	"gh" in data.claude_rego.lib.shell.names
	some seg in shell.running({"gh"})
	w := _words(seg)
	count(w) >= 2
	w[0] == "repo"
	w[1] == "edit"
	args := [lower(a) | some a in shell.args(seg)]
	some i, a in args
	_visibility_public(args, i, a)
}

_visibility_public(_, _, a) if a == "--visibility=public"

_visibility_public(args, i, "--visibility") if args[i + 1] == "public"

finding contains "`gh api -X DELETE` deletes through the GitHub API" if {
	some ran in {"gh", "glab"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) > 0
	w[0] == "api"
	args := [upper(a) | some a in shell.args(seg)]
	some i, a in args
	_method_delete(args, i, a)
}

_method_delete(args, i, a) if {
	a in {"-X", "--METHOD"}
	args[i + 1] == "DELETE"
}

_method_delete(_, _, a) if a in {"-XDELETE", "--METHOD=DELETE", "-X=DELETE"}

finding contains entry if {
	some ran in {"gh", "glab"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) >= 2
	w[0] in {"release", "environment", "ruleset", "project"}
	w[1] == "delete"
	entry := sprintf("`gh %s delete` deletes on GitHub", [w[0]])
}

# one question however many findings
ask contains msg if {
	count(finding) > 0
	msg := sprintf("%s, outside this machine and beyond any local undo. Approve only if this is intended.", [concat("; ", sort([f | some f in finding]))])
}
