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
#   --visibility public, gh api -X DELETE). By shape: a data-store/SaaS CLI
#   (settings.data_store_clis) with a destroy-verb subcommand, any program whose
#   subcommand is an unambiguous destroy verb with --all/--force/-r/--prefix, an HTTP
#   DELETE by any client and a POST to a wipe endpoint (_delete_by_query, /flushall).
#   Also mirrors onto a remote from outside the project (rclone sync, rsync --delete, mc
#   mirror --remove), lifecycle rules that expire data and SQL given to platform CLIs
#   (wrangler d1 execute, turso db shell).
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
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.infra_destructive

import data.claude_rego.lib.paths
import data.claude_rego.lib.settings
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

# the segments running one of `names` that are not rehearsals: `aws s3 rm … --dryrun`,
# `kubectl delete … --dry-run=client`, `rclone purge --dry-run`, `helm uninstall --dry-run`
# change nothing (`--dry-run=none` is kubectl's real run)
_real_runs(names) := [seg | some seg in shell.running(names); not _dry_run(seg)]

_dry_run(seg) if {
	some a in shell.args(seg)
	a in {"--dryrun", "--dry-run", "--dry-run=client", "--dry-run=server", "--dry-run=true", "--dryrun=true"}
}

finding contains entry if {
	some ran in {"aws", "awslocal"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
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

# aws kms schedule-key-deletion / disable-key: every byte encrypted under the key becomes
# unreadable (cancel-key-deletion and enable-key pass)
_aws_destroys(w, _) if {
	w[0] == "kms"
	w[1] in {"schedule-key-deletion", "disable-key"}
}

_aws_destroys(w, _) if {
	w[0] != "s3"
	some prefix in {"delete-", "terminate-", "purge-", "remove-", "deregister-", "destroy-", "drop-", "empty-", "batch-delete-"}
	startswith(w[1], prefix)
}

# ------------------------------------------------------------- registries and published packages

# Images, tags or published package versions deleted from a registry: every build, deploy
# and user pulling them breaks, and the registry keeps no copy. crane/gcrane/skopeo delete,
# regctl/oras … delete, hub-tool … rm, npm/pnpm/yarn unpublish, gem yank, nuget delete,
# dotnet nuget delete, jf rt delete, gh release delete-asset (aws ecr batch-delete-image,
# gcloud artifacts … delete and az acr … delete are cloud deletes above).
finding contains entry if {
	some ran in _registry_tools & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	verb := _registry_delete(lower(shell.name(seg)), _words(seg))
	entry := sprintf("`%s %s` deletes published images or packages from a registry", [shell.name(seg), verb])
}

# cargo yank: the version is withdrawn from the index for every new lockfile (`--undo` restores it)
finding contains "`cargo yank` withdraws a published crate version from the registry" if {
	"cargo" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"cargo"})
	w := _words(seg)
	count(w) > 0
	w[0] == "yank"
	opts := _opts(seg)
	not "--undo" in opts
}

_registry_tools := {"crane", "gcrane", "skopeo", "regctl", "oras", "hub-tool", "npm", "pnpm", "yarn", "gem", "nuget", "nuget.exe", "dotnet", "jf", "jfrog", "gh", "glab"}

_registry_delete(name, w) := w[0] if {
	name in {"crane", "gcrane", "skopeo"}
	count(w) > 0
	w[0] in {"delete", "rm"}
} else := concat(" ", array.slice(w, 0, 2)) if {
	name in {"regctl", "oras", "hub-tool"}
	count(w) >= 2
	w[0] in {"image", "manifest", "tag", "blob", "artifact", "repo", "index"}
	w[1] in {"delete", "rm", "del"}
} else := "unpublish" if {
	name in {"npm", "pnpm", "yarn"}
	some i, x in w
	i < 3
	x == "unpublish"
} else := "yank" if {
	name == "gem"
	count(w) > 0
	w[0] == "yank"
} else := "delete" if {
	name in {"nuget", "nuget.exe"}
	count(w) > 0
	w[0] == "delete"
} else := "nuget delete" if {
	name == "dotnet"
	array.slice(w, 0, 2) == ["nuget", "delete"]
} else := concat(" ", array.slice(w, 0, 2)) if {
	name in {"jf", "jfrog"}
	count(w) >= 2
	w[0] == "rt"
	w[1] in {"del", "delete"}
} else := "release delete-asset" if {
	name in {"gh", "glab"}
	array.slice(w, 0, 2) == ["release", "delete-asset"]
}

finding contains entry if {
	some ran in {"gsutil", "gcloud"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
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
	some seg in _real_runs({"gsutil"})
	_has_word(seg, "rb")
}

finding contains entry if {
	some ran in {"gcloud", "az", "doctl", "hcloud", "linode-cli", "vultr-cli", "ibmcloud", "oci", "scw", "exo", "flyctl", "fly", "heroku", "vercel", "netlify", "railway", "firebase", "supabase", "wrangler", "eksctl", "aliyun"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
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
	some seg in _real_runs({"rclone"})
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
	"storageclass", "sc", "all", "volumesnapshot", "volumesnapshots", "vs", "volumesnapshotcontent",
	"volumesnapshotcontents", "vsc",
}

finding contains entry if {
	some ran in {"kubectl", "oc", "k", "microk8s.kubectl", "k3s"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
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

# manifests it cannot see (`kustomize build prod | kubectl delete -f -`, a URL) or a
# whole kustomization (`-k overlays/prod`): everything they list goes
_kube_wide(seg, _) if {
	args := shell.args(seg)
	some i, a in args
	a in {"-f", "--filename"}
	_unseen_manifest(args[i + 1])
}

_kube_wide(seg, _) if {
	some a in shell.args(seg)
	some o in {"--filename=", "-f="}
	startswith(a, o)
	_unseen_manifest(substring(a, count(o), -1))
}

_kube_wide(seg, _) if {
	some a in shell.args(seg)
	some o in {"-k", "--kustomize"}
	_is_opt(a, o)
}

_unseen_manifest(v) if v in {"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"}

_unseen_manifest(v) if contains(v, "://")

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

# ------------------------------------------------------------- cluster-wide disruption

_kubectls := {"kubectl", "oc", "k", "microk8s.kubectl", "k3s"}

# kubectl drain that bypasses disruption budgets (--disable-eviction), deletes unmanaged
# pods (--force) or pods' local data (--delete-emptydir-data), or drains/cordons nodes by a
# selector; kubectl taint of every node with NoSchedule/NoExecute; kubectl scale of every
# workload (--all) or of a selection to zero. `kubectl drain node1 --ignore-daemonsets`,
# `kubectl cordon node1`, `kubectl scale deploy web --replicas=0` and removing a taint from
# all nodes (`kubectl taint nodes --all key-`) pass.
finding contains entry if {
	some ran in _kubectls & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	w := _words(seg)
	some i, verb in w
	i <= 1
	verb in {"drain", "cordon", "taint", "scale"}
	_cluster_disruption(seg, verb)
	entry := sprintf("`%s %s` disrupts the cluster's workloads (%s)", [shell.name(seg), verb, _disruption_what(verb)])
}

_disruption_what("drain") := "pods evicted past their disruption budgets, deleted, or their local data lost"

_disruption_what("cordon") := "nodes taken out of scheduling"

_disruption_what("taint") := "pods evicted or kept off every node"

_disruption_what("scale") := "workloads scaled down"

_cluster_disruption(seg, "drain") if {
	some o in _opts(seg)
	split(o, "=")[0] in {"--disable-eviction", "--force", "--delete-emptydir-data", "--delete-local-data"}
}

_cluster_disruption(seg, verb) if {
	verb in {"drain", "cordon"}
	_selects_many(seg)
}

_cluster_disruption(seg, "taint") if {
	_selects_many(seg)
	some a in shell.args(seg)
	regex.match(`(?i):(NoSchedule|NoExecute)$`, a)
}

_cluster_disruption(seg, "scale") if "--all" in _opts(seg)

_cluster_disruption(seg, "scale") if {
	_selects_many(seg)
	_to_zero(seg)
}

_selects_many(seg) if {
	some o in _opts(seg)
	split(o, "=")[0] in {"--all", "-l", "--selector", "-a"}
}

_selects_many(seg) if {
	some a in shell.args(seg)
	regex.match(`^-l.+`, a)
}

_to_zero(seg) if {
	some i, a in shell.args(seg)
	a == "--replicas"
	shell.args(seg)[i + 1] == "0"
}

_to_zero(seg) if "--replicas=0" in shell.args(seg)

# Targets computed at run time from a listing: `kubectl delete $(kubectl get ns -o name | grep
# -v kube-system)`, `kubectl get pods -o name | xargs kubectl delete`, `for ns in $(kubectl get
# ns -o name); do kubectl delete $ns; done`: whatever the listing returns goes, possibly every
# resource of the cluster. (Manifests and option values are not targets: `kubectl delete -f
# "$(git rev-parse --show-toplevel)/k8s/x.yaml"` is judged above.)
finding contains entry if {
	some ran in _kubectls & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	w := _words(seg)
	some i, verb in w
	i <= 1
	verb in {"delete", "drain", "cordon", "scale", "taint"}
	_computed_targets(seg)
	entry := sprintf("`%s %s` acts on targets computed at run time (a listing's output), possibly every resource it lists", [shell.name(seg), verb])
}

_value_options := {"-f", "--filename", "-n", "--namespace", "--context", "--kubeconfig", "-l", "--selector", "-o", "--output", "--cluster", "--user", "-k", "--kustomize", "--timeout", "--grace-period", "--replicas", "-R"}

_computed_targets(seg) if {
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "-")
	shell.substitution(a)
	not _option_value_at(args, i)
}

_computed_targets(seg) if seg.context == "xargs"

_computed_targets(seg) if "xargs" in seg.wrappers

# a loop variable over a listing: the target is a variable the command did not set, and a
# substitution of the same command lists resources
_computed_targets(seg) if {
	args := shell.args(seg)
	some i, a in args
	startswith(a, "$")
	not _option_value_at(args, i)
	some lister in shell.running({shell.name(seg)})
	lister.context == "substitution"
	"get" in _words(lister)
}

_option_value_at(args, i) if {
	i > 0
	args[i - 1] in _value_options
}

# ------------------------------------------------------------- container runtimes of a cluster or a remote host

# crictl (the CRI of a Kubernetes node) removing or stopping every pod, container or image
# (`crictl rmp -fa`, `crictl rm -a`, `crictl rmi --all`, `crictl stopp $(crictl pods -q)`)
finding contains entry if {
	"crictl" in data.claude_rego.lib.shell.names
	some seg in shell.running({"crictl"})
	w := _words(seg)
	count(w) > 0
	w[0] in {"rm", "rmp", "rmi", "stop", "stopp"}
	_mass_targets(seg)
	entry := sprintf("`crictl %s` removes or stops every pod, container or image of the node", [w[0]])
}

_mass_targets(seg) if "--all" in _opts(seg)

_mass_targets(seg) if shell.has_short_flag(seg, {"a"})

_mass_targets(seg) if {
	some a in shell.operands(seg)
	shell.substitution(a)
}

_mass_targets(seg) if seg.context == "xargs"

_mass_targets(seg) if "xargs" in seg.wrappers

# ctr (containerd) removing containers, tasks, images, snapshots or content in Kubernetes'
# or Docker's namespace (`ctr -n k8s.io containers rm …`), or every one at once
finding contains entry if {
	"ctr" in data.claude_rego.lib.shell.names
	some seg in shell.running({"ctr"})
	w := _words(seg)
	some i, verb in w
	i <= 3
	verb in {"rm", "del", "delete", "remove", "kill", "prune"}
	_cluster_runtime(seg)
	entry := sprintf("`ctr %s` removes what a cluster or another runtime runs", [verb])
}

_cluster_runtime(seg) if _mass_targets(seg)

_cluster_runtime(seg) if _runtime_namespace(seg) in {"k8s.io", "moby"}

_runtime_namespace(seg) := v if {
	args := shell.args(seg)
	some i, a in args
	a in {"-n", "--namespace"}
	v := lower(args[i + 1])
} else := v if {
	some a in shell.args(seg)
	startswith(a, "--namespace=")
	v := lower(substring(a, 12, -1))
} else := lower(seg.assignments.CONTAINERD_NAMESPACE)

# docker/podman/nerdctl removing or stopping every container or image (`rm -f $(… ps -aq)`,
# `rm -af`, `rmi -f $(… images -q)`) of a Kubernetes node's namespace (`nerdctl -n k8s.io`) or
# of a remote daemon (`-H tcp://…`, `--context prod`, `DOCKER_HOST=ssh://…`, `--remote`). The
# same on the developer's own daemon passes: local containers are disposable, their named
# volumes stay (removing volumes asks above).
finding contains entry if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	_runtime_remove(w)
	_mass_targets(seg)
	where := _runtime_elsewhere(seg)
	entry := sprintf("`%s` removes every container or image of %s", [concat(" ", seg.argv), where])
}

# (the verb after the global options' values: `docker -H tcp://h:2375 rm`, `nerdctl -n k8s.io rm`)
_runtime_remove(w) if {
	some i, x in w
	i <= 2
	x in {"rm", "remove", "rmi", "kill", "stop"}
}

_runtime_remove(w) if {
	some i, x in w
	i <= 2
	x in {"container", "image", "pod"}
	w[i + 1] in {"rm", "remove", "kill", "stop"}
}

_runtime_elsewhere(seg) := "a Kubernetes node's runtime" if {
	_runtime_namespace(seg) in {"k8s.io", "moby"}
} else := "a remote host" if {
	_remote_daemon(seg)
}

_remote_daemon(seg) if {
	args := shell.args(seg)
	some i, a in args
	a in {"-H", "--host", "--url", "--connection", "-c", "--context"}
	v := lower(args[i + 1])
	not _local_daemon(v)
}

_remote_daemon(seg) if {
	some a in shell.args(seg)
	some o in {"--host=", "--url=", "--connection=", "--context=", "-H="}
	startswith(a, o)
	v := lower(substring(a, count(o), -1))
	not _local_daemon(v)
}

_remote_daemon(seg) if "--remote" in shell.args(seg)

_remote_daemon(seg) if {
	some n in {"DOCKER_HOST", "CONTAINER_HOST", "DOCKER_CONTEXT", "CONTAINER_CONNECTION"}
	v := seg.assignments[n]
	not _local_daemon(lower(v))
}

# set earlier in the command: `export DOCKER_HOST=ssh://prod; …`, `docker context use prod && …`
_remote_daemon(seg) if {
	some s in data.claude_rego.lib.shell.segments
	s.id < seg.id
	some v in _daemon_setting(s)
	not _local_daemon(lower(v))
}

_daemon_names := {"DOCKER_HOST", "CONTAINER_HOST", "DOCKER_CONTEXT", "CONTAINER_CONNECTION"}

_daemon_setting(s) := [v |
	some n, v in s.assignments
	n in _daemon_names
] if s.command == ""

else := [v |
	lower(s.command) in {"export", "declare", "typeset"}
	some a in s.args
	[n, v] := split(a, "=")
	n in _daemon_names
] if lower(s.command) in {"export", "declare", "typeset"}

else := [v |
	w := _runtime_words(s)
	array.slice(w, 0, 2) == ["context", "use"]
	v := w[2]
] if s.command in {"docker", "podman"}

_local_daemon(v) if startswith(v, "unix://")

_local_daemon(v) if startswith(v, "npipe://")

_local_daemon(v) if v in {"default", "desktop-linux", "colima", "rancher-desktop", "orbstack", "podman-machine-default", ""}

_local_daemon(v) if regex.match(`^(tcp|http)://(localhost|127\.0\.0\.1)(:[0-9]+)?/?$`, v)

# podman system reset: every container, image, network and volume gone
finding contains "`podman system reset` removes every container, image and volume" if {
	"podman" in data.claude_rego.lib.shell.names
	some seg in shell.running({"podman"})
	w := _words(seg)
	count(w) >= 2
	[w[0], w[1]] == ["system", "reset"]
}

# vault write transit/keys/K/config deletion_allowed=true: the step that lets the key be deleted
finding contains entry if {
	some ran in {"vault", "bao"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	lower(a) == "deletion_allowed=true"
	entry := sprintf("`%s … deletion_allowed=true` makes an encryption key deletable", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"helm", "helmfile"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
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
	`[{,]\s*["']?\$OUT["']?\s*:`,
]

_db_text(seg) := concat("\n", array.concat(shell.args(seg), [object.get(seg, "stdin_literal", "")]))

finding contains entry if {
	some ran in (_db_clients | {"redis-cli", "valkey-cli", "keydb-cli"}) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	text := upper(_db_text(seg))
	some p in _drop_patterns
	regex.match(p, text)
	not _local_scratch(seg)
	entry := sprintf("`%s` is given a statement that drops or wipes data", [shell.name(seg)])
}

# Statements that destroy without a DROP: an UPDATE or DELETE of every row (no WHERE, or a
# WHERE that is always true: `1`, `1=1`, `true`), a ClickHouse mutation of every row (`ALTER
# TABLE t DELETE|UPDATE … WHERE 1`), a Mongo `updateMany({}, …)` / `deleteMany()`. Read per
# argument and on the literal stdin; a WHERE-bounded statement passes, and so do the scratch
# stores `_local_scratch` names.
_unbounded_write_patterns := [
	`\bUPDATE\s+(ONLY\s+)?[A-Z0-9_."\x60\[\]]+(\s+(AS\s+)?[A-Z0-9_]+)?\s+SET\s`,
	`\bDELETE\s+(FROM\s+)?(ONLY\s+)?[A-Z0-9_."\x60\[\]]+(\s+(AS\s+)?[A-Z0-9_]+)?(\s+(RETURNING|USING|LIMIT|WHERE)\b|\s*$)`,
	`\bALTER\s+TABLE\s+\S+(\s+ON\s+CLUSTER\s+\S+)?\s+(DELETE|UPDATE)\s`,
	# MySQL multi-table forms: `UPDATE a JOIN b ON … SET …`, `UPDATE a, b SET …`
	`\bUPDATE\s+[A-Z0-9_."\x60\[\]]+(\s+(AS\s+)?[A-Z0-9_]+)?\s+((INNER|LEFT|RIGHT|CROSS|STRAIGHT_JOIN)\s+)?(OUTER\s+)?JOIN\s[^;]*\bSET\s`,
	`\bUPDATE\s+[A-Z0-9_."\x60\[\]]+(\s+(AS\s+)?[A-Z0-9_]+)?(\s*,\s*[A-Z0-9_."\x60\[\]]+(\s+(AS\s+)?[A-Z0-9_]+)?)+\s+SET\s`,
]

_always_true_where := `\bWHERE\s+(\(\s*)?(1|TRUE|1\s*=\s*1|'1'\s*=\s*'1'|1\s*<>\s*0|NOT\s+FALSE|0\s*=\s*0)(\s*\))?\s*(RETURNING\b|LIMIT\b|SETTINGS\b|$)`

_db_texts(seg) := array.concat(shell.args(seg), [object.get(seg, "stdin_literal", "")])

_unbounded_writes(seg) := {trim_space(st) |
	some text in _db_texts(seg)
	count(text) <= 65536
	some st in split(upper(text), ";")
	some p in _unbounded_write_patterns
	regex.match(p, st)
	_unbounded(st)
}

_unbounded(st) if not regex.match(`\bWHERE\b`, st)

_unbounded(st) if regex.match(_always_true_where, trim_space(st))

_mongo_wipe_patterns := [
	`\.UPDATEMANY\s*\(\s*\{\s*\}\s*,`,
	`\.DELETEMANY\s*\(\s*\)`,
	`\.(DELETEMANY|REMOVE)\s*\(\s*\{\s*\}\s*,`,
	`\b(DELETEMANY|UPDATEMANY)["']?\s*:\s*\{\s*["']?FILTER["']?\s*:\s*\{\s*\}`,
	`\.UPDATE\s*\(\s*\{\s*\}\s*,[^;]*\bMULTI\s*:\s*TRUE`,
	`\.REPLACEONE\s*\(\s*\{\s*\}\s*,`,
]

finding contains entry if {
	some ran in _db_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some st in _unbounded_writes(seg)
	not _local_scratch(seg)
	entry := sprintf("`%s` is given a statement that changes or deletes every row of a table (`%s`)", [shell.name(seg), substring(st, 0, 80)])
}

finding contains entry if {
	some ran in {"mongosh", "mongo"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	text := upper(_db_text(seg))
	some p in _mongo_wipe_patterns
	regex.match(p, text)
	not _local_scratch(seg)
	entry := sprintf("`%s` is given a statement that changes or deletes every document of a collection", [shell.name(seg)])
}

finding contains entry if {
	some ran in {"dropdb", "dropuser"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _local_scratch(seg)
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
	not _local_scratch(seg)
}

# A scratch store on this machine, named as one: `dropdb -h localhost app_test` (a test,
# CI, dev or temporary database on an explicit local host) and `redis-cli -n 15 FLUSHDB`
# (one numbered database of the default local server, not FLUSHALL, not database 0).
_local_scratch(seg) if {
	shell.name(seg) == "dropdb"
	args := shell.args(seg)
	some i, a in args
	a in {"-h", "--host"}
	args[i + 1] in _local_hosts
	operands := [x | some j, x in args; not startswith(x, "-"); not _option_value(args, j)]
	count(operands) == 1
	regex.match(_scratch_name, operands[0])
}

_local_scratch(seg) if {
	shell.name(seg) in {"redis-cli", "valkey-cli", "keydb-cli"}
	args := shell.args(seg)
	not _remote_redis(args)
	some a in args
	upper(a) == "FLUSHDB"
	not "FLUSHALL" in {upper(x) | some x in args}
	some i, n in args
	n == "-n"
	regex.match(`^[1-9][0-9]?$`, args[i + 1])
}

_local_hosts := {"localhost", "127.0.0.1", "::1", "/tmp", "/var/run/postgresql", "/run/postgresql"}

# `psql -h localhost -c 'DROP DATABASE IF EXISTS app_test'`: a SQL client on an explicit local
# host whose every statement (from -c/-e options or a literal stdin, nothing read from a file)
# drops one database named as a scratch one, like `dropdb -h localhost app_test`.
_local_scratch(seg) if {
	shell.name(seg) in {"psql", "mysql", "mariadb"}
	args := shell.args(seg)
	_only_local_hosts(args)
	not _reads_sql_file(args)
	sql := concat(";", array.concat(
		[args[i + 1] | some i, a in args; a in {"-c", "--command", "-e", "--execute"}; i + 1 < count(args)],
		[object.get(seg, "stdin_literal", "")],
	))
	statements := [trim_space(s) | some s in split(sql, ";"); trim_space(s) != ""]
	count(statements) > 0
	every s in statements {
		_scratch_statement(s)
	}
}

_scratch_statement(s) if regex.match(_scratch_drop_statement, s)

# `-c 'DROP DATABASE IF EXISTS app_test' -c 'CREATE DATABASE app_test'`: recreating it
_scratch_statement(s) if regex.match(`(?i)^CREATE\s+DATABASE\s+(IF\s+NOT\s+EXISTS\s+)?[A-Za-z0-9_"'\x60-]+(\s+[A-Za-z0-9_ =']*)?$`, s)

# a SQL client on an explicit local host connected to a database named as a scratch one
# (`psql -h localhost -d app_test -c 'TRUNCATE users'`, `mysql -h 127.0.0.1 app_test -e …`):
# whatever it is told, it is the developer's own test data
_local_scratch(seg) if {
	shell.name(seg) in {"psql", "mysql", "mariadb", "pgcli", "mycli"}
	args := shell.args(seg)
	_only_local_hosts(args)
	dbs := _database_names(args)
	count(dbs) > 0
	every d in dbs {
		regex.match(_scratch_name, d)
	}
}

# a database named as scratch data: app_test, ci_db, tmp2, e2e-orders
_scratch_word := `([A-Za-z0-9]+[_-])*(test|tests|testing|ci|dev|tmp|temp|scratch|e2e|spec)([_-][A-Za-z0-9_-]*|[0-9]*)`

_scratch_name := concat("", ["(?i)^", _scratch_word, "$"])

_database_names(args) := {v |
	some i, a in args
	a in {"-d", "--dbname", "-D", "--database"}
	i + 1 < count(args)
	v := args[i + 1]
} | {v |
	some a in args
	some prefix in {"--dbname=", "--database="}
	startswith(a, prefix)
	v := substring(a, count(prefix), -1)
} | {v |
	some j, a in args
	not startswith(a, "-")
	not _option_value(args, j)
	not _sql_option_value(args, j)
	not contains(a, " ")
	v := a
}

_sql_option_value(args, j) if {
	j > 0
	args[j - 1] in {"-c", "--command", "-e", "--execute", "-d", "--dbname", "-D", "--database", "-u", "--user"}
}

# a file database inside the project named as scratch data and not as production (`sqlite3
# tmp/test.db 'DELETE FROM sessions'`, `duckdb dev.duckdb`), or one in memory: the developer's
# own scratch data (the app's own `app.db` still asks: it may hold the only copy of local work)
_local_scratch(seg) if {
	shell.name(seg) in {"sqlite3", "litecli", "duckdb"}
	ops := [a | some a in shell.args(seg); not startswith(a, "-")]
	count(ops) > 0
	_scratch_file_db(seg, ops[0])
}

_scratch_file_db(_, ":memory:") := true

_scratch_file_db(seg, f) if {
	not contains(f, "://")
	loc := paths.location(seg, f)
	loc.resolved_inside_project
	not loc.traversal
	name := shell.basename(f)
	not _production_like(name)
	regex.match(`(?i)(^|[/_.-])(test|tests|testing|tmp|temp|scratch|dev|development|e2e|spec|fixtures?|sandbox)([/_.-]|$)`, f)
}

# a Mongo shell on this machine (a local URL or --host, or none: the default local server)
# whose database is named as a scratch one (`mongosh mongodb://localhost:27017/shop_test`)
_local_scratch(seg) if {
	shell.name(seg) in {"mongosh", "mongo"}
	args := shell.args(seg)
	not _remote_mongo(args)
	dbs := _mongo_databases(args)
	count(dbs) > 0
	every d in dbs {
		regex.match(_scratch_name, d)
	}
}

_remote_mongo(args) if {
	some i, a in args
	a in {"--host", "-h"}
	i + 1 < count(args)
	not args[i + 1] in _local_hosts
}

_remote_mongo(args) if {
	some a in args
	startswith(a, "--host=")
	h := substring(a, 7, -1)
	not h in _local_hosts
}

_remote_mongo(args) if {
	some a in args
	startswith(lower(a), "mongodb")
	not regex.match(`^mongodb://([^@/]*@)?(localhost|127\.0\.0\.1)(:[0-9]+)?(/[A-Za-z0-9_-]*)?(\?[^/]*)?$`, a)
}

# the database a Mongo shell opens: the URL's path or the first plain operand
_mongo_databases(args) := {d |
	some a in args
	startswith(lower(a), "mongodb://")
	m := regex.find_all_string_submatch_n(`^mongodb://[^/]*/([A-Za-z0-9_-]+)`, a, 1)
	d := m[0][1]
} | {d |
	some j, d in args
	not startswith(d, "-")
	not contains(d, "://")
	not _mongo_option_value(args, j)
	regex.match(`^[A-Za-z0-9_-]+$`, d)
} | {d |
	some i, a in args
	a == "--db"
	d := args[i + 1]
}

_mongo_option_value(args, j) if {
	j > 0
	args[j - 1] in {"--eval", "--host", "-h", "--port", "-u", "--username", "-p", "--password", "--file", "-f", "--db", "--authenticationDatabase"}
}

_scratch_drop_statement := concat("", [`(?i)^DROP\s+DATABASE\s+(IF\s+EXISTS\s+)?["'\x60]?`, _scratch_word, `["'\x60]?$`])

# an explicit local host, and no other host or URL beside it (the last -h wins)
_only_local_hosts(args) if {
	_explicit_local_host(args)
	every h in _host_values(args) {
		h in _local_hosts
	}
}

_explicit_local_host(args) if {
	some i, a in args
	a in {"-h", "--host"}
	i + 1 < count(args)
	args[i + 1] in _local_hosts
}

_explicit_local_host(args) if {
	some a in args
	some prefix in {"--host=", "-h"}
	startswith(a, prefix)
	substring(a, count(prefix), -1) in _local_hosts
}

# every host a client's options name (`-h x`, `--host x`, `--host=x`, `-hx`), and any URL
# operand's text, which a local-host check must also cover (the last -h wins)
_host_values(args) := {v |
	some i, a in args
	a in {"-h", "--host"}
	i + 1 < count(args)
	v := args[i + 1]
} | {v |
	some a in args
	some prefix in {"--host=", "-h"}
	startswith(a, prefix)
	v := substring(a, count(prefix), -1)
	v != ""
} | {a |
	some a in args
	contains(a, "://")
}

_reads_sql_file(args) if {
	some a in args
	some option in {"-f", "--file", "--file=", "-f="}
	startswith(a, option)
}


_option_value(args, j) if {
	j > 0
	args[j - 1] in {"-h", "--host", "-p", "--port", "-U", "--username", "--maintenance-db"}
}

_remote_redis(args) if {
	some i, a in args
	a in {"-h", "-u", "--uri"}
	not _local_redis(args[i + 1])
}

_remote_redis(args) if {
	some a in args
	startswith(a, "redis")
	contains(a, "://")
	not _local_redis(a)
}

_local_redis(v) if v in _local_hosts

_local_redis(v) if regex.match(`^rediss?://([^@/]*@)?(localhost|127\.0\.0\.1)(:[0-9]+)?(/[0-9]+)?$`, v)

finding contains entry if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _runtime_words(seg)
	count(w) >= 2
	[w[0], w[1]] in {["volume", "rm"], ["volume", "prune"], ["system", "prune"]}
	_volumes_gone(seg, w)
	entry := sprintf("`%s` removes data volumes", [concat(" ", [shell.name(seg), w[0], w[1]])])
}

# a compose project taken down with its volumes on a remote daemon (`DOCKER_HOST=ssh://prod
# docker compose down -v`); the same on the developer's own daemon passes (its volumes are
# the project's own scratch data)
finding contains entry if {
	some ran in {"docker", "podman", "docker-compose", "podman-compose"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _runtime_words(seg)
	some i, x in w
	x == "down"
	i <= 1
	_compose_volumes(seg)
	_remote_daemon(seg)
	entry := sprintf("`%s … down` removes the compose project's volumes on a remote host", [shell.name(seg)])
}

_compose_volumes(seg) if "--volumes" in _opts(seg)

_compose_volumes(seg) if "-v" in _opts(seg)

# a remote daemon's (`docker -H ssh://prod`, `--context prod`, `DOCKER_HOST=…`) stopped
# containers, networks and images pruned: another machine's state, not the developer's own
finding contains entry if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _runtime_words(seg)
	count(w) >= 2
	[w[0], w[1]] in {["system", "prune"], ["container", "prune"]}
	not _volumes_gone(seg, w)
	_remote_daemon(seg)
	entry := sprintf("`%s` prunes the containers of a remote host", [concat(" ", [shell.name(seg), w[0], w[1]])])
}

# the words of a container CLI after its global options and their values
# (`docker -H ssh://prod volume prune`: `volume`, `prune`)
_runtime_words(seg) := [lower(a) |
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "-")
	not _runtime_option_value(args, i)
]

_runtime_option_value(args, i) if {
	i > 0
	args[i - 1] in {
		"-H", "--host", "-c", "--context", "--url", "--connection", "--config", "-l", "--log-level",
		"--tlscacert", "--tlscert", "--tlskey", "-n", "--namespace", "-a", "--address", "--identity",
		"--filter", "--format",
	}
}

_volumes_gone(_, w) if w[0] == "volume"

# removing a container with its volumes (`docker rm -v db`, `docker container rm --volumes`,
# `docker remove -fv db`): the container's anonymous volumes (a database's data) go with it
finding contains entry if {
	some ran in {"docker", "podman", "nerdctl"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	_container_rm(w)
	_removes_volumes(seg)
	entry := sprintf("`%s` removes the container's data volumes with it", [concat(" ", seg.argv)])
}

_container_rm(w) if w[0] in {"rm", "remove"}

_container_rm(w) if {
	w[0] == "container"
	w[1] in {"rm", "remove"}
}

_removes_volumes(seg) if "--volumes" in _opts(seg)

_removes_volumes(seg) if "--volumes=true" in _opts(seg)

_removes_volumes(seg) if {
	some o in _opts(seg)
	regex.match(`^-[a-z]*v[a-z]*$`, o)
}

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

# gh repo create NAME --public (with --source=. --push the local code goes out with it),
# glab repo create --public / --visibility public
finding contains entry if {
	some ran in {"gh", "glab", "tea"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) >= 2
	w[0] in {"repo", "repository", "project"}
	w[1] in {"create", "new", "fork"}
	args := [lower(a) | some a in shell.args(seg)]
	_public_flag(args)
	entry := sprintf("`%s repo create --public` publishes a repository", [shell.name(seg)])
}

_public_flag(args) if "--public" in args

_public_flag(args) if "--visibility=public" in args

_public_flag(args) if {
	some i, a in args
	a in {"--visibility", "-v"}
	args[i + 1] == "public"
}

# the same through the API: `gh api -X PATCH repos/o/r -f private=false`, `-F visibility=public`,
# `glab api -X PUT projects/1 -f visibility=public`
finding contains "`gh api` makes a repository public" if {
	some ran in {"gh", "glab"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	count(w) > 0
	w[0] == "api"
	some a in shell.args(seg)
	regex.match(`^(?i)(-[fF]|--(raw-)?field=?)?(private=false|visibility=public)$`, a)
}

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

# ------------------------------------------------------------- data stores and SaaS, by shape

# A known data/infra CLI (settings.data_store_clis: program → its own extra verbs) whose
# subcommand (one of its first four words) is a destroy verb (settings.destroy_verbs),
# also inside a compound word (`firestore:delete`, `apps:destroy`, `db:drop`,
# `delete-bucket`), or given a destroy option (`--delete`, `--prune`, `-rm`, `-purge`).
# Paths, URLs and key=value words are operands, never subcommands.

_task_runners := {"rails", "rake", "mix"}

_subcommand_word(x) if {
	not contains(x, "/")
	not contains(x, "=")
	not contains(x, "@")
	x != ""
}

_verb_tokens(x) := {t | some t in regex.split(`[:._-]`, x); t != ""}

_destroy_word(prog, x, verbs) if {
	not prog in _task_runners
	x in verbs
}

_destroy_word(prog, x, verbs) if {
	some t in _verb_tokens(x)
	t in verbs
	_compound_ok(prog, x)
}

# a task runner's plain words are generators and tasks of the project (`rails destroy
# model x` removes generated files): only its namespaced tasks (`db:drop`) count
_compound_ok(prog, x) if not prog in _task_runners

_compound_ok(prog, x) if {
	prog in _task_runners
	regex.match(`[:.]`, x)
}

_destroy_options := {
	"--delete", "--delete-all", "--drop", "--drop-all", "--purge", "--wipe", "--flush", "--flushall", "--destroy",
	"--truncate", "--prune", "--force-reset", "--reset", "-rm", "-rmr", "-delete", "-purge", "-expunge", "-rmdir",
	"--nuke",
}

# (a value of the wrong type in the settings is skipped, never an error)
_data_store_verbs(prog) := {lower(v) | some v in array.concat(_destroy_verbs, _extra_verbs(prog)); is_string(v)}

_destroy_verbs := v if {
	v := settings.value("destroy_verbs")
	is_array(v)
} else := []

_destroy_verb_exempt_programs := v if {
	v := settings.value("destroy_verb_exempt_programs")
	is_array(v)
} else := []

_extra_verbs(prog) := v if {
	v := object.get(_data_store_clis, prog, [])
	is_array(v)
} else := []

_data_store_clis := v if {
	v := settings.value("data_store_clis")
	is_object(v)
} else := {}

finding contains entry if {
	some ran in {n | some n, _ in _data_store_clis} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	verbs := _data_store_verbs(ran)
	w := _words(seg)
	some x in array.slice(w, 0, 4)
	_subcommand_word(x)
	_destroy_word(ran, x, verbs)
	not _local_scratch(seg)
	not _named_keys_delete(seg)
	not _reset_op(seg)
	entry := sprintf("`%s … %s` destroys data in a store or service", [shell.name(seg), x])
}

# a tool of such a CLI whose own name is the destroy verb (`kafka-delete-records …`)
finding contains entry if {
	some ran in {n | some n, _ in _data_store_clis} & data.claude_rego.lib.shell.names
	some t in _verb_tokens(ran)
	t in _data_store_verbs(ran)
	some seg in shell.running({ran})
	entry := sprintf("`%s` destroys data in a store or service", [shell.name(seg)])
}

# Jenkins' CLI, run from its jar (`java -jar jenkins-cli.jar -s URL delete-job x`): its command
# words are judged like a data-store CLI's subcommand
finding contains entry if {
	"java" in data.claude_rego.lib.shell.names
	some seg in shell.running({"java"})
	args := shell.args(seg)
	some i, a in args
	a == "-jar"
	i + 1 < count(args)
	contains(lower(args[i + 1]), "jenkins-cli")
	some x in array.slice(args, i + 2, count(args))
	not startswith(x, "-")
	_subcommand_word(x)
	_destroy_word("jenkins-cli", lower(x), _data_store_verbs("jenkins-cli"))
	entry := sprintf("`jenkins-cli %s` destroys data in a store or service", [x])
}

# `redis-cli DEL cache:homepage session:42`: keys named one by one, literally (no pattern, no
# computed or piped-in keys, at most ten): routine cache work. `redis-cli --scan … | xargs
# redis-cli DEL`, `DEL $(…)` and FLUSH* still ask.
_named_keys_delete(seg) if {
	shell.name(seg) in {"redis-cli", "valkey-cli", "keydb-cli"}
	w := shell.operands(seg)
	some i, verb in w
	upper(verb) in {"DEL", "UNLINK"}
	keys := array.slice(w, i + 1, count(w))
	count(keys) > 0
	count(keys) <= 10
	every k in keys {
		not regex.match(`[*?\[$\x60…]`, k)
	}
	not _fed_by_pipe_or_xargs(seg)
	every other in array.slice(w, 0, i) {
		not upper(other) in {"FLUSHALL", "FLUSHDB", "EVAL", "EVALSHA"}
	}
}

_fed_by_pipe_or_xargs(seg) if seg.context == "xargs"

_fed_by_pipe_or_xargs(seg) if "xargs" in {w | some w in seg.wrappers}

_fed_by_pipe_or_xargs(seg) if shell.has_arg(seg, {"-x"})

finding contains entry if {
	some ran in {n | some n, _ in _data_store_clis} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some o in _opts(seg)
	x := split(o, "=")[0]
	x in _destroy_options
	not _reset_op(seg)
	entry := sprintf("`%s %s` destroys data in a store or service", [shell.name(seg), x])
}

# a named destroy option of any such CLI (`az backup protection disable
# --delete-backup-data true`, `azcopy sync --delete-destination=true`), unless it is
# switched off (`=false`, or `false` after it)
finding contains entry if {
	some ran in {n | some n, _ in _data_store_clis} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	x := lower(split(a, "=")[0])
	regex.match(`^--(delete|purge|wipe|drop|destroy|nuke|remove)-[a-z][a-z-]*$`, x)
	not _switched_off(args, i, a)
	entry := sprintf("`%s %s` destroys data in a store or service", [shell.name(seg), x])
}

_switched_off(_, _, a) if lower(a) in {concat("", [split(lower(a), "=")[0], "=false"]), concat("", [split(lower(a), "=")[0], "=no"])}

_switched_off(args, i, a) if {
	not contains(a, "=")
	i + 1 < count(args)
	lower(args[i + 1]) in {"false", "no"}
}

# tarsnap deletes archives with options, not subcommands (`tarsnap -d -f NAME`, `--nuke`)
finding contains entry if {
	"tarsnap" in data.claude_rego.lib.shell.names
	some seg in shell.running({"tarsnap"})
	shell.has_short_flag(seg, {"d"})
	entry := "`tarsnap -d` deletes backup archives"
}

# Any other program whose subcommand (first or second word) is an unambiguous destroy
# verb, given a flag that widens or forces it (--all, --force, -r, --prefix, …): the
# shape of a wipe whatever the program is called. Programs whose words are data or whose
# deletes other rules judge (settings.destroy_verb_exempt_programs) are left to them.

_generic_destroy_verbs := {
	"delete", "destroy", "drop", "purge", "wipe", "flush", "flushall", "flushdb", "truncate", "nuke", "erase",
	"prune", "reset", "deleteall", "dropall", "rmr", "obliterate", "expunge", "teardown",
	# removing what runs or holds a service (an operator's verbs, not a package manager's:
	# those are exempt programs)
	"uninstall", "decommission", "deprovision", "unprovision", "evict", "dismantle",
}

_widening_options := {
	"--all", "-a", "--force", "-f", "--recursive", "-r", "-R", "--prefix", "--from-key", "--everything", "--purge",
	"--all-collections", "--all-groups", "--all-topics", "--all-namespaces", "-A", "--yes-i-really-mean-it",
	"--force=true", "--all=true", "--recursive=true", "--no-preserve-root", "--include-all",
}

_widening(seg) if {
	some a in shell.args(seg)
	split(a, "=")[0] in _widening_options
	not _file_option(seg, a)
}

_file_option(seg, "-f") if _f_names_a_file(seg)

_widening(seg) if {
	some a in shell.args(seg)
	regex.match(`^--all-[a-z]`, a)
}

_widening(seg) if shell.has_short_flag(seg, {"r", "R"})

# `-f` is force, unless it names a file (`skaffold delete -f skaffold.yaml`, `-f k8s/`)
_widening(seg) if {
	shell.has_short_flag(seg, {"f"})
	not _f_names_a_file(seg)
}

_f_names_a_file(seg) if {
	args := shell.args(seg)
	every i, a in args {
		_f_with_a_file(args, i, a)
	}
}

_f_with_a_file(args, i, "-f") if regex.match(`(/|\.(ya?ml|json|toml|hcl|tf|xml|ini|cfg|conf|env|txt|js|ts|jsonnet|cue|properties))$`, lower(args[i + 1]))

_f_with_a_file(_, _, a) if {
	a != "-f"
	not regex.match(`^-[A-Za-z]*f[A-Za-z]+$|^-[A-Za-z]+f[A-Za-z]*$`, a)
}

# targets computed at run time (`tool delete $(tool list)`, `… | xargs tool delete`)
_widening(seg) if {
	some a in shell.operands(seg)
	shell.substitution(a)
}

_widening(seg) if seg.context == "xargs"

_generic_verb(x) if x in _generic_destroy_verbs

_generic_verb(x) if {
	regex.match(`^[a-z0-9]+([:-][a-z0-9]+)+$`, x)
	some t in _verb_tokens(x)
	t in _generic_destroy_verbs
}

# (the index read once: a reference into data costs more than one to a rule of this package)
_arg_index := data.claude_rego.lib.shell.arg_index

# the distinct arguments that are a generic destroy verb, found once per evaluation. A short
# command's few arguments are each tested; a long command's are joined one a line and one
# regex picks the few that could be one (a verb or a compound word such as db:drop: letters,
# digits, `:` and `-`, not digits alone; U+212A is the Kelvin sign, which lower() makes a
# `k`), so only those get _generic_verb's tests: a call per argument cost ~0.6 ms on a
# 98-segment pipeline. An argument with a line break in it is never a verb (neither the
# set's words nor _generic_verb's pattern hold one).
_generic_verb_args := {a |
	some a, _ in _arg_index
	_generic_verb(lower(a))
} if {
	count(_arg_index) <= 8
} else := {a |
	keys := object.keys(_arg_index)
	some a in regex.find_n(`(?m)^(?:[a-zA-Z\x{212A}]|[0-9]+[a-zA-Z\x{212A}:-])[a-zA-Z0-9\x{212A}:-]*$`, concat("\n", keys), -1)
	a in keys
	_generic_verb(lower(a))
}

finding contains entry if {
	some a in _generic_verb_args
	some id in _arg_index[a]
	seg := shell.by_id(id)
	_generic_destroy(seg)
	entry := sprintf("`%s … %s` with a widening flag destroys data", [shell.name(seg), lower(a)])
}

_generic_destroy(seg) if {
	name := shell.name(seg)
	not name in {lower(p) | some p in _destroy_verb_exempt_programs; is_string(p)}
	not name in {n | some n, _ in _data_store_clis}
	w := _words(seg)
	some x in array.slice(w, 0, 2)
	_subcommand_word(x)
	_generic_verb(x)
	_widening(seg)
	not _reset_op(seg)
}

# ------------------------------------------------------------- framework and migration resets

# A framework's or migration tool's reset of the whole database (`php artisan migrate:fresh`,
# `manage.py flush`, `rails db:drop|db:reset|db:schema:load`, `prisma migrate reset`, `flyway
# clean`, `atlas schema clean`, …) asks when it points at what looks like production: a
# production environment or settings name (`--env=production`, `RAILS_ENV=production`,
# `DJANGO_SETTINGS_MODULE=…settings.prod`, `MIX_ENV=prod`, `--database=production`), a database
# URL whose host is another machine (`DATABASE_URL=postgres://…@db.example.com/…`, `-url=jdbc:…`,
# `-u mysql://…`), or the production guard switched off (`DISABLE_DATABASE_ENVIRONMENT_CHECK=1`).
# The same reset with none of these is everyday development on the developer's own database
# (`npx prisma migrate reset --force --skip-seed`, `php artisan migrate:fresh --seed`,
# `rails db:reset`) and passes: the data-store rules above leave it to this one.

_reset_programs := {
	"php", "artisan", "console", "python", "python3", "django-admin", "rails", "rake", "mix", "atlas", "flyway",
	"liquibase", "sequelize", "sequelize-cli", "knex", "prisma", "typeorm", "typeorm-ts-node-commonjs",
	"typeorm-ts-node-esm", "alembic", "dbmate", "goose", "migrate", "diesel", "sqlx", "dotnet", "yarn", "pnpm",
	"bun", "bunx", "pnpx", "sail",
}

_laravel_resets := {"migrate:fresh", "migrate:refresh", "migrate:reset", "db:wipe"}

_symfony_resets := {"doctrine:database:drop", "doctrine:schema:drop", "doctrine:fixtures:load"}

_rails_resets := {
	"db:drop", "db:drop:all", "db:reset", "db:reset:all", "db:schema:load", "db:structure:load", "db:purge",
	"db:purge:all", "db:truncate_all", "db:migrate:reset", "db:seed:replant", "db:test:purge",
}

_sequelize_resets := {"db:drop", "db:migrate:undo:all", "db:seed:undo:all"}

# the tool and its words (a package runner's `yarn prisma …`, `pnpm exec prisma …` shifted)
_reset_tool(seg) := [name, _words(seg)] if {
	name := shell.name(seg)
	not name in {"yarn", "pnpm", "bun", "bunx", "pnpx"}
} else := [w[i], array.slice(w, i + 1, count(w))] if {
	w := _words(seg)
	i := _runner_skip(w)
	i < count(w)
}

_runner_skip(w) := 1 if w[0] in {"exec", "dlx", "x", "run"}

else := 0

_reset_op(seg) := op if {
	[tool, w] := _reset_tool(seg)
	op := _reset_of(tool, w, seg)
}

_reset_of(tool, w, _) := w[1] if {
	tool in {"php", "php8", "console"}
	w[1] in (_laravel_resets | _symfony_resets)
	_artisan_like(tool, w[0])
}

_reset_of("artisan", w, _) := w[0] if w[0] in _laravel_resets

# Laravel Sail runs artisan in the app's container: `sail artisan migrate:fresh`, `sail php artisan …`
_reset_of("sail", w, _) := w[1] if {
	w[0] == "artisan"
	w[1] in _laravel_resets
}

_reset_of("sail", w, _) := w[2] if {
	array.slice(w, 0, 2) == ["php", "artisan"]
	w[2] in _laravel_resets
}

_reset_of("console", w, _) := w[0] if w[0] in _symfony_resets

_artisan_like("console", _) := true

_artisan_like(_, script) if shell.basename(script) in {"artisan", "console"}

_reset_of(tool, w, _) := w[1] if {
	tool in {"python", "python3"}
	endswith(w[0], "manage.py")
	w[1] in {"flush", "reset_db"}
}

_reset_of("django-admin", w, _) := w[0] if w[0] in {"flush", "reset_db"}

_reset_of(tool, w, _) := op if {
	tool in {"rails", "rake"}
	some op in w
	op in _rails_resets
}

_reset_of("mix", w, _) := op if {
	some op in w
	op in {"ecto.drop", "ecto.reset"}
}

_reset_of("mix", w, seg) := "ecto.rollback --all" if {
	"ecto.rollback" in w
	"--all" in _opts(seg)
}

_reset_of("atlas", w, _) := "schema clean" if {
	"schema" in w
	"clean" in w
}

_reset_of("flyway", w, _) := "clean" if "clean" in w

_reset_of("liquibase", w, _) := op if {
	some op in w
	op in {"dropall", "drop-all"}
}

_reset_of(tool, w, _) := w[0] if {
	tool in {"sequelize", "sequelize-cli"}
	w[0] in _sequelize_resets
}

_reset_of("knex", w, seg) := "migrate:rollback --all" if {
	"migrate:rollback" in w
	"--all" in _opts(seg)
}

_reset_of("prisma", w, _) := "migrate reset" if array.slice(w, 0, 2) == ["migrate", "reset"]

_reset_of("prisma", w, seg) := "db push --force-reset" if {
	array.slice(w, 0, 2) == ["db", "push"]
	"--force-reset" in _opts(seg)
}

_reset_of(tool, w, _) := "schema:drop" if {
	startswith(tool, "typeorm")
	"schema:drop" in w
}

_reset_of("alembic", w, _) := "downgrade base" if {
	some i, x in w
	x == "downgrade"
	w[i + 1] == "base"
}

_reset_of("dbmate", w, _) := "drop" if "drop" in w

_reset_of("goose", w, _) := "reset" if "reset" in w

_reset_of("migrate", w, _) := "drop" if "drop" in w

_reset_of(tool, w, _) := concat(" ", ["database", w[1]]) if {
	tool in {"diesel", "sqlx"}
	w[0] == "database"
	w[1] in {"drop", "reset"}
}

_reset_of("dotnet", w, _) := "ef database drop" if array.slice(w, 0, 3) == ["ef", "database", "drop"]

# a reset of the developer's own database: no production marker
_local_reset(seg) if {
	_reset_op(seg)
	not _production_marker(seg)
}

_production_marker(seg) if {
	some why in _production_markers(seg)
	why
}

# a reset run on another machine (`ssh prod '… migrate:fresh'`, `kubectl exec deploy/web --
# rails db:schema:load`, `fly ssh console -C …`, a fleet tool, a remote docker daemon's
# container): that machine's database is nobody's scratch copy
_production_marker(seg) if {
	some a in _ancestors(seg)
	_runs_elsewhere(a)
}

_ancestors(seg) := [a | some id in _ancestor_ids(seg); a := shell.by_id(id)]

_ancestor_ids(seg) := [id |
	p := seg.parent
	is_number(p)
	some id in array.concat([p], _grand_ids(p))
]

_grand_ids(p) := [id |
	g := shell.by_id(p).parent
	is_number(g)
	some id in array.concat([g], _great_ids(g))
]

_great_ids(g) := [gg |
	gg := shell.by_id(g).parent
	is_number(gg)
]

_remote_runner_names := {
	"ssh", "autossh", "kubectl", "oc", "pdsh", "pssh", "parallel-ssh", "clush", "fab", "salt", "salt-ssh", "aws",
	"awslocal", "az", "gcloud", "fly", "flyctl", "heroku",
}

_runs_elsewhere(a) if shell.name(a) in _remote_runner_names

_runs_elsewhere(a) if {
	shell.name(a) in {"docker", "podman", "nerdctl"}
	_remote_daemon(a)
}

_production_markers(seg) := {true |
	some a in shell.args(seg)
	_production_like(a)
} | {true |
	some v in seg.assignments
	_production_like(v)
} | {true |
	some a in array.concat(shell.args(seg), [v | some v in seg.assignments])
	_remote_database_url(a)
} | {true |
	some s in data.claude_rego.lib.shell.segments
	s.id < seg.id
	some v in _exported_env(s)
	_production_like(v)
} | {true |
	v := seg.assignments.DISABLE_DATABASE_ENVIRONMENT_CHECK
	not v in {"", "0", "false"}
} | {true |
	some a in shell.args(seg)
	startswith(a, "DISABLE_DATABASE_ENVIRONMENT_CHECK=")
	not a in {"DISABLE_DATABASE_ENVIRONMENT_CHECK=", "DISABLE_DATABASE_ENVIRONMENT_CHECK=0"}
}

_env_names := {
	"RAILS_ENV", "RACK_ENV", "APP_ENV", "NODE_ENV", "MIX_ENV", "DJANGO_SETTINGS_MODULE", "FLASK_ENV", "ENV",
	"ENVIRONMENT", "STAGE", "ASPNETCORE_ENVIRONMENT", "DOTNET_ENVIRONMENT", "SYMFONY_ENV", "DATABASE_URL",
	"DB_HOST", "PGHOST", "MYSQL_HOST", "DB_CONNECTION", "DJANGO_ENV", "APP_ENVIRONMENT",
}

# `export RAILS_ENV=production; …` and `RAILS_ENV=production; …` earlier in the command
_exported_env(s) := [v |
	s.command == ""
	some n, v in s.assignments
	n in _env_names
] if s.command == ""

else := [v |
	lower(s.command) in {"export", "declare", "typeset"}
	some a in s.args
	[n, v] := split(a, "=")
	n in _env_names
]

# a database URL (`postgres://u:p@db.example.com/app`, `-url=jdbc:mysql://10.0.3.4/shop`,
# `DATABASE_URL=…`) whose host is another machine: a name with a dot or an address that is
# not the loopback (single names — `db`, `postgres` — are a compose network's services)
_remote_database_url(a) if {
	count(a) <= 2048
	some m in regex.find_all_string_submatch_n(`(?:^|=)(?:jdbc:)?[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#\s]*@)?(\[[^\]]*\]|[^:/?#\s@]*)`, a, 4)
	host := lower(m[1])
	contains(host, ".")
	not _loopback_host(host)
}

_loopback_host(h) if startswith(h, "127.")

_loopback_host(h) if h in {"localhost", "0.0.0.0", "host.docker.internal", "[::1]"}

_loopback_host(h) if endswith(h, ".localhost")

finding contains entry if {
	some ran in _reset_programs & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	op := _reset_op(seg)
	_production_marker(seg)
	[tool, _] := _reset_tool(seg)
	entry := sprintf("`%s %s` wipes or rebuilds the database of what looks like production", [tool, op])
}

# ------------------------------------------------------------- HTTP requests that delete

# An HTTP client's method and URL path, read from its arguments: curl `-X DELETE`,
# `-XDELETE`, `-sX DELETE`, `--request[=]DELETE`; wget `--method[=]DELETE`; httpie/xh
# `http DELETE url`; lwp-request `-m DELETE`. A DELETE by any client asks (an index,
# a collection, a zone, a service: the API decides what goes); so does a POST/PUT/PATCH
# to an endpoint whose last path segment names a wipe (`_delete_by_query`, `/flushall`,
# `/points/delete`, `/clear`, `/purge_cache`). GET and POST of ordinary endpoints pass.

_http_clients := {"curl", "curlie", "wget", "wget2", "http", "https", "httpie", "xh", "xhs", "lwp-request"}

_http_methods := {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

_http_method(seg) := m if {
	args := shell.args(seg)
	some i, a in args
	m := _method_at(shell.name(seg), args, i, a)
}

_method_at(prog, args, i, a) := upper(args[i + 1]) if {
	prog in {"curl", "curlie"}
	regex.match(`^-[a-zA-Z0-9#:]*X$`, a)
}

_method_at(prog, _, _, a) := upper(regex.find_all_string_submatch_n(`^-[a-zA-Z0-9#:]*X=?([A-Za-z]+)$`, a, 1)[0][1]) if {
	prog in {"curl", "curlie"}
	regex.match(`^-[a-zA-Z0-9#:]*X=?[A-Za-z]+$`, a)
}

_method_at(_, args, i, a) := upper(args[i + 1]) if lower(a) in {"--request", "--method", "-m"}

_method_at(_, _, _, a) := upper(substring(a, count(p), -1)) if {
	some p in {"--request=", "--method="}
	startswith(lower(a), p)
}

# httpie/xh: `http [OPTIONS] METHOD URL`: the method is the word right before the URL
_method_at(prog, args, i, a) := upper(a) if {
	prog in {"http", "https", "httpie", "xh", "xhs"}
	upper(a) in _http_methods
	_url_of(args[i + 1])
}

_http_urls(seg) := [u | some a in shell.args(seg); u := _url_of(a)]

_url_of(a) := lower(a) if contains(a, "://")

_url_of(a) := lower(a) if {
	not contains(a, "://")
	regex.match(`^[A-Za-z0-9.\[\]:-]+:[0-9]+(/|$)`, a)
}

_url_path(u) := p if {
	rest := regex.replace(u, `^[a-z0-9+.-]*://`, "")
	parts := split(split(split(rest, "?")[0], "#")[0], "/")
	p := array.slice(parts, 1, count(parts))
}

_wipe_endpoint_tokens := {
	"delete", "purge", "drop", "truncate", "wipe", "flushall", "flushdb", "clear", "destroy", "erase", "deleteall",
}

_wipe_endpoint(u) if {
	p := _url_path(u)
	count(p) > 0
	last := [s | some s in p; s != ""]
	seg := last[count(last) - 1]
	some t in regex.split(`[_-]`, seg)
	t in _wipe_endpoint_tokens
}

# action endpoints named `do` + verb (Jenkins' `/job/x/doDelete`, `/doWipeOutWorkspace`; the
# URL is lower-cased here)
_wipe_endpoint(u) if {
	p := _url_path(u)
	last := [s | some s in p; s != ""]
	count(last) > 0
	regex.match(`^do(delete|purge|drop|truncate|wipe|destroy|erase)[a-z]*$`, last[count(last) - 1])
}

finding contains entry if {
	some ran in _http_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_http_method(seg) == "DELETE"
	not _local_item_delete(seg)
	entry := sprintf("`%s` sends an HTTP DELETE", [shell.name(seg)])
}

# A DELETE of one item of a development server on this machine (session 32: `curl -X DELETE
# http://localhost:8000/api/items/42`, `http DELETE :8000/api/todos/7`): every URL is on the
# loopback and names an item below a collection below an API root (three path segments or more;
# no wildcard, list or `_all`), and nothing in the command opens a tunnel that makes a local port
# another machine's (`ssh -L`, `kubectl port-forward`, socat, …). A DELETE of a whole index or
# collection (`localhost:9200/logs`, `localhost:6333/collections/docs`) still asks.
_local_item_delete(seg) if {
	urls := _http_urls(seg)
	count(urls) > 0
	count(urls) == count([a | some a in shell.args(seg); _url_like(a)])
	every u in urls {
		_local_item_url(u)
	}
	not _routed_elsewhere(seg)
	not _tunnel_in_command
}

# options and variables that send a request for a local name elsewhere (a proxy, a resolve or
# connect-to override, DNS settings)
_routed_elsewhere(seg) if {
	some a in shell.args(seg)
	regex.match(`^(--(resolve|connect-to|proxy|preproxy|socks[45a-z-]*|doh-url|dns-servers|proxy-[a-z-]+)(=|$)|-[a-zA-Z]*x)`, a)
}

_routed_elsewhere(seg) if {
	some name, _ in seg.assignments
	contains(lower(name), "proxy")
}

# a proxy exported earlier in the command (`export https_proxy=…; curl …`)
_routed_elsewhere(_) if {
	some s in data.claude_rego.lib.shell.segments
	some word in s.raw_words
	regex.match(`(?i)^[a-z_]*proxy=`, word)
}

# redirects followed (a 307/308 keeps the DELETE and may point anywhere), URLs or options read
# from a file (curl -K, wget -i)
_routed_elsewhere(seg) if {
	some a in shell.args(seg)
	regex.match(`^(--location|--location-trusted|--config|--input-file|-[a-zA-Z]*[LK])(=|$)`, a)
}

_routed_elsewhere(seg) if {
	shell.name(seg) in {"wget", "wget2"}
	some a in shell.args(seg)
	regex.match(`^-[a-zA-Z]*i`, a)
}

# the Kubernetes API through `kubectl proxy` (port 8001, `/api/v1/namespaces/…`, `/apis/…`),
# started in an earlier command
_routed_elsewhere(seg) if {
	some u in _http_urls(seg)
	regex.match(`:8001(/|$)|/apis/|/namespaces(/|$)`, u)
}

_url_like(a) if contains(a, "://")

_url_like(a) if regex.match(`^[A-Za-z0-9.\[\]-]*:[0-9]+(/|$)`, a)

# a host name with a dot and no scheme (`example.com/api/items/1`: curl sends it as http://…)
_url_like(a) if regex.match(`^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+(:[0-9]+)?(/|$)`, a)

_local_item_url(u) if {
	_this_machine(_http_host(u))
	p := [s | some s in _url_path(u); s != ""]
	count(p) >= 3
	not regex.match(`[*,;{}\[\]$]|_all|%2a|\.\.`, concat("/", p))
	every s in p {
		_item_path_segment(lower(s))
	}
}

# not a data store's own API (`_snapshot`, `_data_stream`; a document, `_doc`, is an item) nor
# a backup, snapshot or whole store named in the path (`/_snapshot/backup_repo/snap_01`)
_item_path_segment(s) if {
	not startswith(s, "_")
	not regex.match(`snapshot|backup|bucket|volume|database|keyspace|tenant`, s)
}

_item_path_segment("_doc") := true

# the host of an http URL or of `host:port/…` (`:8000/x`, httpie's localhost shorthand)
_http_host(u) := "localhost" if startswith(u, ":")

else := lower(m[1]) if {
	some m in regex.find_all_string_submatch_n(`^(?:[a-z][a-z0-9+.-]*://)?(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)`, u, 1)
}

_this_machine(h) if h in {"localhost", "[::1]", "0.0.0.0"}

_this_machine(h) if regex.match(`^127(\.[0-9]{1,3}){3}$`, h)

_this_machine(h) if regex.match(`^[a-z0-9-]+\.localhost$`, h)

_tunnel_in_command if {
	some s in data.claude_rego.lib.shell.segments
	shell.name(s) in {"ssh", "autossh", "socat", "sshuttle", "ngrok", "chisel", "cloudflared", "inlets", "stunnel", "mosh"}
}

_tunnel_in_command if {
	some s in data.claude_rego.lib.shell.segments
	shell.name(s) in {"kubectl", "oc", "gcloud", "az", "aws", "flyctl", "fly", "heroku", "teleport", "tsh", "boundary"}
	some a in shell.args(s)
	regex.match(`(?i)port-forward|portforward|start-session|proxy|tunnel|ssh`, a)
}

finding contains entry if {
	"delete" in data.claude_rego.lib.shell.names
	some seg in shell.running({"delete"})
	count(_http_urls(seg)) > 0
	entry := "`DELETE url` (lwp) sends an HTTP DELETE"
}

finding contains entry if {
	some ran in _http_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_http_method(seg) in {"POST", "PUT", "PATCH"}
	some u in _http_urls(seg)
	_wipe_endpoint(u)
	entry := sprintf("`%s` calls an endpoint that wipes data (%s)", [shell.name(seg), u])
}

finding contains entry if {
	some ran in _http_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _http_method(seg)
	some u in _http_urls(seg)
	_implicit_post(seg)
	_wipe_endpoint(u)
	entry := sprintf("`%s` posts to an endpoint that wipes data (%s)", [shell.name(seg), u])
}

# curl's data options make the request a POST; httpie's `key=value` items do too
_implicit_post(seg) if {
	some a in shell.args(seg)
	some o in {"-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json", "-F", "--form", "--post-data", "--post-file", "--body-data", "--body-file"}
	_is_opt(a, o)
}

_is_opt(a, o) if a == o

_is_opt(a, o) if startswith(a, concat("", [o, "="]))

_is_opt(a, o) if {
	o in {"-d", "-F"}
	startswith(a, o)
	count(a) > 2
}

# ------------------------------------------------------------- deploys to production

# Code or configuration replaced in what looks like production (a function, app, stage,
# environment or project whose name has a settings.production_target_words word, or a
# `--prod` flag): `aws lambda update-function-code --function-name prod-api`, `vercel --prod`,
# `wrangler deploy --env production`, `fly deploy -a shop-prod`, `gcloud run deploy api-prod`;
# and a GitOps sync that forces or prunes (`argocd app sync x --force`, `--prune`: resources
# replaced or deleted to match whatever revision is named). Preview and development deploys
# (`vercel`, `netlify deploy`, `wrangler deploy --env staging`) pass.
finding contains entry if {
	some ran in {"aws", "awslocal"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	some i, x in w
	x == "lambda"
	op := w[i + 1]
	op in {"update-function-code", "update-function-configuration", "update-alias", "publish-layer-version", "put-function-concurrency", "delete-function-concurrency"}
	some a in shell.args(seg)
	_production_like(a)
	entry := sprintf("`aws lambda %s` changes what runs in `%s`, which looks like production", [op, a])
}

finding contains entry if {
	some ran in _deployers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_deploys(seg, ran)
	some why in _to_production(seg)
	entry := sprintf("`%s` deploys to %s", [ran, why])
}

_deployers := {"vercel", "netlify", "wrangler", "flyctl", "fly", "firebase", "heroku", "railway", "serverless", "sls", "sam", "cdk", "amplify", "eb", "gcloud", "az", "deployctl", "supabase", "render", "cf", "doctl", "kamal", "dokku"}

_deploys(seg, ran) if {
	some w in _words(seg)
	w in {"deploy", "deployment", "publish", "release", "promote", "push", "up", "functionapp", "webapp"}
	not ran in {"gcloud", "az", "doctl"}
}

_deploys(seg, ran) if {
	ran in {"gcloud", "az", "doctl"}
	some w in _words(seg)
	w in {"deploy", "deployment"}
}

# `vercel --prod` deploys without a subcommand
_deploys(seg, "vercel") if count(_words(seg)) == 0

_to_production(seg) := {"production (`--prod`)" |
	some o in _opts(seg)
	o in {"--prod", "--production", "--prod=true", "--production=true"}
} | {sprintf("`%s`, which looks like production", [a]) |
	some a in shell.args(seg)
	not a in {"--prod", "--production", "--prod=true", "--production=true"}
	_production_like(a)
}

finding contains entry if {
	"argocd" in data.claude_rego.lib.shell.names
	some seg in shell.running({"argocd"})
	"sync" in _words(seg)
	some why in _forced_sync(seg)
	entry := sprintf("`argocd app sync` %s", [why])
}

_forced_sync(seg) := {"forces the sync (`--force`: resources deleted and recreated)" |
	some o in _opts(seg)
	o in {"--force", "--force=true", "--replace", "--replace=true"}
} | {sprintf("deploys to `%s`, which looks like production", [a]) |
	some a in _words(seg)
	_production_like(a)
}

_production_like(a) if {
	count(a) <= 256
	some t in regex.split(`[^a-z0-9]+`, lower(a))
	t in _production_words
}

_production_words := {lower(v) | some v in _production_setting; is_string(v)}

_production_setting := v if {
	v := settings.value("production_target_words")
	is_array(v)
} else := []

# ------------------------------------------------------------- changes made to production

# What a cluster, infrastructure, database or deploy tool changes in a system named as
# production asks, by effect rather than by tool: production is named by a production word
# (settings.production_target_words) in any argument (a namespace, context, release,
# workspace, stack, var file, `-chdir`, inventory, stage, host, database or connection URL),
# in the environment the command sets or exports (`TF_WORKSPACE=prod`, `PULUMI_STACK`,
# `KUBECONFIG`, `AWS_PROFILE`, `RAILS_ENV`, …), in the directory it runs in below the project
# (`cd infra/prod && terraform apply`), or by a selection earlier in the same command
# (`terraform workspace select prod && …`, `kubectl config use-context prod && …`, `kubens
# production`). The changes: kubectl `scale`, `rollout undo|restart|pause|resume`, `patch`,
# `edit`, `set`, `apply`, `replace`, `create`, `delete`, `autoscale`; helm `upgrade`,
# `install`, `rollback`; helmfile `apply|sync|deploy`; terraform/tofu/terragrunt `apply`,
# `import`, `taint`, `untaint`, `refresh`, `force-unlock`, `state mv|push|replace-provider`;
# pulumi `up|update|refresh|import|cancel`; ansible-playbook runs (not `--check`);
# Capistrano/Mina/Deployer/Fabric tasks; `rsync --delete` to a production host and `rclone
# sync` to a production remote; a database client running a script whose statements are
# unseen (`psql -f`, `mysql < file`, `mongosh host file.js`, a pipe, `source file`) against a
# production host or database; schema migrations and rollbacks run with a production
# environment. Reads (`kubectl get|logs|describe`, `helm list|status`, `terraform plan`,
# `pulumi preview`), rehearsals (`--dry-run`, `--check`) and the same changes to staging or
# development pass.

_prod_env_names := {"TF_WORKSPACE", "PULUMI_STACK", "KUBECONFIG", "KUBE_CONTEXT", "HELM_KUBECONTEXT", "HELM_NAMESPACE", "AWS_PROFILE", "CLOUDSDK_CORE_PROJECT", "GOOGLE_CLOUD_PROJECT", "PGDATABASE", "PGSERVICE", "MYSQL_DATABASE", "MONGODB_URI", "ANSIBLE_INVENTORY", "DEPLOY_ENV", "TF_VAR_env", "TF_VAR_environment"}

# production named by the environment the segment runs in
_prod_env(seg) if {
	some v in seg.assignments
	_production_like(v)
}

_prod_env(seg) if {
	some s in data.claude_rego.lib.shell.segments
	s.id < seg.id
	some v in _exported_env(s)
	_production_like(v)
}

_prod_env(seg) if {
	some s in data.claude_rego.lib.shell.segments
	s.id < seg.id
	some v in _exported_prod_env(s)
	_production_like(v)
}

_exported_prod_env(s) := [v |
	some n, v in s.assignments
	n in _prod_env_names
] if s.command == ""

else := [v |
	lower(s.command) in {"export", "declare", "typeset"}
	some a in s.args
	[n, v] := split(a, "=")
	n in _prod_env_names
]

# the directory the segment runs in, below the project (or the home directory), names production
_prod_cwd(seg) if {
	cwd := shell.cwd_at(seg)
	is_string(cwd)
	rel := _below_root(cwd)
	_production_like(rel)
}

_below_root(cwd) := trim_prefix(cwd, input.facts.project_dir) if {
	is_string(input.facts.project_dir)
	startswith(cwd, concat("", [input.facts.project_dir, "/"]))
} else := trim_prefix(cwd, input.facts.home) if {
	is_string(input.facts.home)
	startswith(cwd, concat("", [input.facts.home, "/"]))
} else := "" if {
	is_string(input.facts.project_dir)
	cwd == input.facts.project_dir
} else := cwd

# an earlier selection of a production context, workspace or stack in the same command
_selectors := {"kubectx", "kubens", "kubie", "terraform", "tofu", "terragrunt", "pulumi", "kubectl", "oc", "k"}

_selection_words := {"select", "use-context", "set-context", "use", "new", "ctx", "ns", "init"}

_prod_selected(seg) if {
	some s in data.claude_rego.lib.shell.segments
	s.id < seg.id
	shell.name(s) in _selectors
	_selects_production(s)
}

_selects_production(s) if {
	shell.name(s) in {"kubectx", "kubens", "kubie"}
	some a in shell.args(s)
	_production_like(a)
}

_selects_production(s) if {
	n := shell.name(s)
	not n in {"kubectx", "kubens", "kubie"}
	some x in _words(s)
	x in _selection_words
	some a in shell.args(s)
	_production_like(a)
}

# production named anywhere but the arguments (the callers look at the arguments they trust)
_prod_around(seg) if _prod_env(seg)

_prod_around(seg) if _prod_cwd(seg)

_prod_around(seg) if _prod_selected(seg)

_prod_named(seg) := found[0] if {
	found := [a | some a in shell.args(seg); _production_like(a)]
	count(found) > 0
} else := "the environment, directory or selection it runs in" if {
	_prod_around(seg)
}

_kube_programs := {"kubectl", "oc", "k", "kubecolor", "microk8s.kubectl"}

_kube_changes := {
	"scale", "patch", "edit", "set", "apply", "replace", "create", "delete", "autoscale",
}

_kube_change(seg) := found[0] if {
	w := _words(seg)
	found := [x | some i, x in w; i <= 2; x in _kube_changes]
	count(found) > 0
} else := concat(" ", ["rollout", w[i + 1]]) if {
	w := _words(seg)
	some i, x in w
	i <= 2
	x == "rollout"
	w[i + 1] in {"undo", "restart", "pause", "resume"}
}

finding contains entry if {
	some ran in _kube_programs & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	op := _kube_change(seg)
	where := _prod_named(seg)
	entry := sprintf("`%s %s` changes a cluster named as production (%s)", [ran, op, where])
}

_helm_changes := {"upgrade", "install", "rollback", "delete", "del", "un", "uninstall"}

finding contains entry if {
	"helm" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"helm"})
	w := _words(seg)
	count(w) > 0
	w[0] in _helm_changes
	where := _prod_named(seg)
	entry := sprintf("`helm %s` changes a release named as production (%s)", [w[0], where])
}

finding contains entry if {
	"helmfile" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"helmfile"})
	some x in _words(seg)
	x in {"apply", "sync", "deploy", "destroy", "delete"}
	where := _prod_named(seg)
	entry := sprintf("`helmfile %s` changes releases named as production (%s)", [x, where])
}

_iac_programs := {"terraform", "tofu", "terragrunt", "terraform.exe", "tofu.exe"}

_iac_change(w) := w[i] if {
	some i in [0, 1]
	w[i] in {"apply", "import", "taint", "untaint", "refresh", "force-unlock"}
} else := concat(" ", ["state", w[i + 1]]) if {
	some i in [0, 1]
	w[i] == "state"
	w[i + 1] in {"mv", "push", "replace-provider", "rm"}
}

finding contains entry if {
	some ran in _iac_programs & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	op := _iac_change(_words(seg))
	where := _prod_named(seg)
	entry := sprintf("`%s %s` changes infrastructure named as production (%s)", [ran, op, where])
}

finding contains entry if {
	"pulumi" in data.claude_rego.lib.shell.names
	some seg in shell.running({"pulumi"})
	w := _words(seg)
	count(w) > 0
	w[0] in {"up", "update", "refresh", "import", "cancel"}
	where := _prod_named(seg)
	entry := sprintf("`pulumi %s` changes a stack named as production (%s)", [w[0], where])
}

# configuration management and deploy tools run against production inventories or stages
_rehearsal_opts := {"--check", "-c", "--syntax-check", "--list-hosts", "--list-tasks", "--list-tags", "--list", "-l", "-t", "--tasks", "-T", "--help", "-h", "--dry-run", "-n"}

finding contains entry if {
	some ran in {"ansible-playbook", "cap", "mina", "dep", "fab", "shipit"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _deploy_rehearsal(seg, ran)
	count(_words(seg)) > 0
	where := _prod_named(seg)
	entry := sprintf("`%s` runs tasks against production (%s)", [ran, where])
}

_deploy_rehearsal(seg, "ansible-playbook") if {
	some a in shell.args(seg)
	a in {"--check", "-C", "--syntax-check", "--list-hosts", "--list-tasks", "--list-tags"}
}

_deploy_rehearsal(seg, ran) if {
	ran != "ansible-playbook"
	some a in shell.args(seg)
	a in _rehearsal_opts
	not a in {"-l", "-c", "-n"}
}

_deploy_rehearsal(seg, ran) if {
	ran in {"cap", "mina", "fab"}
	some a in shell.args(seg)
	a in {"-T", "--tasks", "-l", "--list", "-n", "--dry-run"}
}

# rsync --delete to a production host: what is served is replaced, files not in the source removed
finding contains entry if {
	"rsync" in data.claude_rego.lib.shell.names
	some seg in shell.running({"rsync"})
	some o in _opts(seg)
	_rsync_delete_opt(o)
	ops := shell.operands(seg)
	count(ops) >= 2
	host := _remote_host(ops[count(ops) - 1])
	_production_like(host)
	entry := sprintf("`rsync %s` replaces and deletes files on `%s`, which looks like production", [o, host])
}

_rsync_delete_opt(o) if o in {"--delete", "--del", "--delete-after", "--delete-before", "--delete-during", "--delete-delay", "--delete-excluded", "--delete-missing-args"}

_remote_host(dest) := lower(m[1]) if {
	count(dest) <= 1024
	some m in regex.find_all_string_submatch_n(`^rsync://(?:[^@/]*@)?([^/:]+)`, dest, 1)
} else := lower(m[1]) if {
	count(dest) <= 1024
	not startswith(dest, "/")
	not startswith(dest, "./")
	some m in regex.find_all_string_submatch_n(`^(?:[^@/:]*@)?([^/:@]+)::?`, dest, 1)
}

# rclone sync (and move) to a production remote: the destination is made to match the source
finding contains entry if {
	"rclone" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"rclone"})
	w := _words(seg)
	count(w) >= 3
	w[0] in {"sync", "move", "bisync"}
	dest := w[count(w) - 1]
	contains(dest, ":")
	_production_like(split(dest, ":")[0])
	entry := sprintf("`rclone %s` makes `%s`, which looks like production, match the source (files removed)", [w[0], dest])
}

# ------------------------------------------------------------- s32: mirrors that delete on a remote store

# A mirror onto another machine or a cloud remote deletes there whatever its source lacks:
# `rclone sync /tmp/empty gdrive:Backups`, `rsync -a --delete /tmp/empty/ backup@nas:/volume1/backups/`,
# `mc mirror --remove /tmp/empty minio/prod-backups`. Asked when the source is not the project's
# own content (a directory outside the project, /tmp included, another remote, a path that
# cannot be resolved, a directory made just before by a plain `mkdir`: empty) or when the
# destination names backups or archives (a mirror there deletes the history they keep). A
# deploy of the project's own files (`rsync -az --delete dist/ web@host:/var/www/`, `rclone sync
# ./dist remote:site`, `mc mirror --remove public/ minio/site`) passes, and so does `rclone sync
# --backup-dir …` (what it deletes is moved aside). Decided (session 32): a deploy from the
# project is the tool's everyday use, while `aws s3 sync --delete` and `gsutil rsync -d` keep
# asking always (their delete is an option the command chose).
finding contains entry if {
	some ran in {"rclone", "rsync", "mc"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	m := _mirror(ran, seg)
	why := _mirror_loss(seg, m)
	entry := sprintf("`%s %s` makes `%s` match %s: what the source lacks is deleted there", [ran, m.verb, m.dest, why])
}

_mirror("rclone", seg) := {"verb": verb, "sources": array.slice(ops, 1, count(ops) - 1), "dest": dest} if {
	ops := _mirror_operands(seg, _rclone_valued)
	count(ops) >= 3
	verb := lower(ops[0])
	verb in {"sync", "bisync"}
	dest := ops[count(ops) - 1]
	_rclone_remote(dest)
	not shell.has_arg(seg, {"--backup-dir"})
	not shell.has_arg_prefix(seg, "--backup-dir=")
}

_mirror("rsync", seg) := {"verb": o, "sources": array.slice(ops, 0, count(ops) - 1), "dest": dest} if {
	some o in _opts(seg)
	_rsync_delete_opt(o)
	ops := _mirror_operands(seg, _rsync_valued)
	count(ops) >= 2
	dest := ops[count(ops) - 1]
	_remote_host(dest)
}

_mirror("mc", seg) := {"verb": "mirror --remove", "sources": array.slice(ops, 1, count(ops) - 1), "dest": ops[count(ops) - 1]} if {
	shell.has_arg(seg, {"--remove", "--delete"})
	ops := _mirror_operands(seg, {"--exclude", "--older-than", "--newer-than", "--storage-class", "--attr", "--region", "--encrypt-key", "--limit-upload", "--limit-download"})
	count(ops) >= 3
	lower(ops[0]) == "mirror"
}

# the operands, without the values of the options that take one (`--config FILE`, `-e ssh`)
_mirror_operands(seg, valued) := [a |
	args := shell.args(seg)
	some i, a in args
	not startswith(a, "-")
	not _after_valued(args, i, valued)
]

_after_valued(args, i, valued) if {
	i > 0
	args[i - 1] in valued
}

_rclone_valued := {
	"--config", "--transfers", "--checkers", "--exclude", "--include", "--filter", "--exclude-from", "--include-from",
	"--filter-from", "--files-from", "--log-file", "--log-level", "--bwlimit", "--max-delete", "--suffix", "--min-age",
	"--max-age", "--min-size", "--max-size", "--order-by", "--compare-dest", "--copy-dest", "--max-transfer",
	"--retries", "--low-level-retries", "--timeout", "--contimeout", "--stats", "--user-agent", "--password-command",
	"--workdir", "--conflict-resolve", "--conflict-loser", "--fast-list-depth", "-c",
}

_rsync_valued := {
	"-e", "--rsh", "-f", "--filter", "-T", "--temp-dir", "-B", "--block-size", "-M", "--remote-option", "--exclude",
	"--include", "--exclude-from", "--include-from", "--files-from", "--rsync-path", "--password-file", "--chmod",
	"--chown", "--log-file", "--backup-dir", "--suffix", "--timeout", "--port", "--bwlimit", "--max-size", "--min-size",
	"--compare-dest", "--copy-dest", "--link-dest", "--partial-dir", "--out-format", "--info", "--debug", "--usermap",
	"--groupmap", "--max-delete",
}

# `remote:path`, `remote:` (a configured remote, two characters or more: `C:` is a drive) or an
# inline one (`:s3,provider=AWS:bucket`)
_rclone_remote(dest) if regex.match(`^([A-Za-z0-9_][A-Za-z0-9_. -]*[A-Za-z0-9_]|:[a-z0-9]+(,[^:]*)?):`, dest)

_mirror_loss(seg, m) := sprintf("`%s`, which is not the project's own content", [src]) if {
	some src in m.sources
	not _project_content(seg, src)
} else := "a destination named as backups or archives" if {
	regex.match(`(?i)(^|[^a-z])(backups?|bak|archives?|snapshots?)([^a-z]|$)`, m.dest)
}

_project_content(seg, src) if {
	not contains(src, "://")
	not _rclone_remote(src)
	not _remote_host(src)
	p := paths.location(seg, src)
	p.resolved_inside_project == true
	not _made_empty(seg, src)
}

# `mkdir e && rclone sync e remote:x`: a fresh directory (no -p: it did not exist) right before
_made_empty(seg, src) if {
	some s in data.claude_rego.lib.shell.segments
	s.id == seg.id - 1
	shell.runs(s, "mkdir")
	not shell.has_short_flag(s, {"p"})
	not shell.has_arg(s, {"--parents"})
	some w in shell.operands(s)
	trim_right(w, "/") == trim_right(src, "/")
}

# rclone dedupe in a mode that deletes the duplicates (`--dedupe-mode first|newest|oldest|
# largest|smallest`, or the mode as the first operand); `rename`, `list`, `skip` keep them
finding contains entry if {
	"rclone" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"rclone"})
	ops := [lower(a) | some a in _mirror_operands(seg, _rclone_valued | {"--dedupe-mode"})]
	ops[0] == "dedupe"
	mode := _dedupe_mode(seg, ops)
	mode in {"first", "newest", "oldest", "largest", "smallest"}
	entry := sprintf("`rclone dedupe` (%s) deletes every duplicate but one", [mode])
}

_dedupe_mode(seg, ops) := lower(v) if {
	v := shell.option_value(seg, {"--dedupe-mode"})
} else := ops[1] if {
	count(ops) >= 3
}

# ------------------------------------------------------------- s32: deletion through retention settings

# A lifecycle or retention rule deletes later what a delete would now: `aws s3api
# put-bucket-lifecycle-configuration … "Expiration":{"Days":1}` (an empty filter: every
# object), `gsutil lifecycle set FILE gs://b`, `gcloud storage buckets update --lifecycle-file`,
# `az storage account management-policy create|update --policy`, `mc ilm rule add
# --expire-days`, `s3cmd expire|setlifecycle`. Asked when the rule expires or deletes, or when
# it cannot be read (a file, a variable); a literal rule that only transitions or aborts
# uploads (`Transition` to GLACIER, `AbortIncompleteMultipartUpload`) passes, and so do reads
# (`get-bucket-lifecycle-configuration`, `gsutil lifecycle get`, `mc ilm rule ls`).
# `rdiff-backup --remove-older-than` is a data-store CLI's destroy option (settings.data_store_clis).
finding contains entry if {
	some ran in {"aws", "awslocal"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	w := _words(seg)
	count(w) >= 2
	w[0] in {"s3api", "s3control"}
	w[1] in {"put-bucket-lifecycle-configuration", "put-bucket-lifecycle"}
	not _rule_keeps(seg, {"--lifecycle-configuration"}, "expiration")
	entry := sprintf("`aws %s %s` sets a rule that expires (deletes) the bucket's objects", [w[0], w[1]])
}

finding contains entry if {
	some ran in {"az"} & data.claude_rego.lib.shell.names
	some seg in _real_runs({ran})
	w := _words(seg)
	count(w) >= 4
	array.slice(w, 0, 3) == ["storage", "account", "management-policy"]
	w[3] in {"create", "update"}
	not _rule_keeps(seg, {"--policy"}, "delete")
	entry := "`az storage account management-policy` sets a rule that deletes blobs"
}

finding contains "`gsutil lifecycle set` sets a rule (unseen here) that can delete the bucket's objects" if {
	"gsutil" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"gsutil"})
	w := _words(seg)
	some i, x in w
	x == "lifecycle"
	w[i + 1] == "set"
}

finding contains "`gcloud storage buckets update --lifecycle-file` sets a rule (unseen here) that can delete the bucket's objects" if {
	"gcloud" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"gcloud"})
	_has_word(seg, "update")
	some a in shell.args(seg)
	startswith(a, "--lifecycle-file")
}

finding contains entry if {
	"mc" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"mc"})
	w := _words(seg)
	count(w) >= 2
	w[0] == "ilm"
	_ilm_expires(seg, w)
	entry := "`mc ilm` sets a rule that expires (deletes) the bucket's objects"
}

_ilm_expires(_, w) if "import" in array.slice(w, 1, 3)

_ilm_expires(seg, w) if {
	some x in array.slice(w, 1, 3)
	x in {"add", "edit"}
	some a in shell.args(seg)
	startswith(a, "--")
	contains(lower(a), "expir")
}

finding contains entry if {
	"s3cmd" in data.claude_rego.lib.shell.names
	some seg in _real_runs({"s3cmd"})
	w := _words(seg)
	count(w) > 0
	w[0] in {"expire", "setlifecycle"}
	entry := sprintf("`s3cmd %s` sets a rule that expires (deletes) the bucket's objects", [w[0]])
}

# a rule given literally (JSON or the CLI's shorthand) that does not have `word` in it
_rule_keeps(seg, options, word) if {
	v := shell.option_value(seg, options)
	_literal_rule_keeps(v, word)
}

_literal_rule_keeps(v, word) if {
	is_string(v)
	count(v) <= 65536
	regex.match(`^\s*[\[{A-Za-z]`, v)
	not startswith(lower(v), "file:")
	not startswith(lower(v), "fileb:")
	not contains(v, "$")
	not contains(v, "…")
	not contains(lower(v), word)
}

# ------------------------------------------------------------- s32: SQL given to platform CLIs

# Platform CLIs that hand SQL to a hosted database: their statements are judged like `psql
# -c`'s (the DROP/TRUNCATE and every-row patterns above): `wrangler d1 execute DB --command
# 'DROP TABLE users'`, `turso db shell DB 'DROP TABLE users'`, `pscale shell DB BRANCH` and `fly
# postgres connect` (statements on stdin), `heroku pg:psql -c`, `aws rds-data|redshift-data
# execute-statement --sql`, `aws athena start-query-execution --query-string`, `az postgres|mysql
# flexible-server execute --querytext`, `gcloud spanner databases execute-sql|ddl update`,
# `gcloud sql connect` (stdin), `snow sql -q`, `prisma db execute --stdin`. A SELECT passes;
# so do wrangler's local copy (`--local`), a turso shell on a loopback URL (`turso dev`) and a
# PlanetScale branch named as scratch (`pscale shell shop dev`).
_platform_sql_commands := {
	"wrangler": [["d1", "execute"]],
	"turso": [["db", "shell"]],
	"pscale": [["shell"]],
	"heroku": [["pg:psql"]],
	"fly": [["postgres", "connect"], ["pg", "connect"]],
	"flyctl": [["postgres", "connect"], ["pg", "connect"]],
	"aws": _aws_sql_commands,
	"awslocal": _aws_sql_commands,
	"az": [
		["postgres", "flexible-server", "execute"], ["mysql", "flexible-server", "execute"],
		["postgres", "flexible-server", "connect"], ["mysql", "flexible-server", "connect"],
	],
	"gcloud": [["spanner", "databases", "execute-sql"], ["spanner", "databases", "ddl", "update"], ["sql", "connect"]],
	"snow": [["sql"]],
	"prisma": [["db", "execute"]],
	"railway": [["connect"]],
}

_aws_sql_commands := [
	["rds-data", "execute-statement"], ["rds-data", "batch-execute-statement"], ["redshift-data", "execute-statement"],
	["redshift-data", "batch-execute-statement"], ["athena", "start-query-execution"],
]

# {seg, label}: the segments running one of them, and the command's name (`wrangler d1 execute`)
_platform_sql_segments := [{"seg": seg, "label": concat(" ", array.concat([ran], prefix))} |
	some ran in {n | some n, _ in _platform_sql_commands} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	w := _words(seg)
	some prefix in _platform_sql_commands[ran]
	array.slice(w, 0, count(prefix)) == prefix
	not _platform_local(ran, seg)
]

finding contains entry if {
	some c in _platform_sql_segments
	text := upper(_db_text(c.seg))
	some p in _drop_patterns
	regex.match(p, text)
	entry := sprintf("`%s` is given a statement that drops or wipes data", [c.label])
}

finding contains entry if {
	some c in _platform_sql_segments
	some st in _unbounded_writes(c.seg)
	entry := sprintf("`%s` is given a statement that changes or deletes every row of a table (`%s`)", [c.label, substring(st, 0, 80)])
}

_platform_local("wrangler", seg) if {
	shell.has_arg(seg, {"--local"})
	not shell.has_arg(seg, {"--remote"})
}

# a PlanetScale branch named as scratch data (`pscale shell shop dev-alice`, `… test`)
_platform_local("pscale", seg) if {
	w := _words(seg)
	count(w) >= 3
	regex.match(_scratch_name, w[2])
}

_platform_local("turso", seg) if {
	some a in shell.operands(seg)
	regex.match(`^(https?|libsql|wss?)://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]+)?/?$`, a)
}

# a database client running statements it does not show against a production database
_sql_clients := {"psql", "mysql", "mariadb", "mongosh", "mongo", "sqlcmd", "clickhouse-client", "clickhouse", "cockroach", "pgcli", "mycli", "usql", "cqlsh", "redis-cli", "sqlplus"}

# the options that name a script file, per client (mysql's `-f` is --force and `-i` ignores spaces)
_script_options := {"--file", "--input-file", "--queries-file", "--execute-file"}

_script_option(_, a) if a in _script_options

_script_option(seg, "-f") if {
	n := shell.name(seg)
	not n in {"mysql", "mariadb", "mycli", "sqlcmd", "redis-cli"}
}

_script_option(seg, "-i") if shell.name(seg) == "sqlcmd"

finding contains entry if {
	some ran in _sql_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	why := _unseen_script(seg)
	where := _db_prod_named(seg)
	entry := sprintf("`%s` runs %s against a database named as production (%s)", [ran, why, where])
}

_unseen_script(seg) := "a script file" if {
	some i, a in shell.args(seg)
	_script_file_arg(seg, i, a)
} else := "a script from a file" if {
	some r in seg.redirects
	r.op in {"<", "<&"}
	object.get(r, "fd", null) in {null, 0, "0"}
} else := "statements from a pipe" if {
	seg.operator in {"|", "|&"}
	object.get(seg, "stdin_literal", "") in {"", null}
} else := "a script file" if {
	some a in shell.args(seg)
	count(a) <= 4096
	regex.match(`(?i)(^|;|\s)(source\s+\S|\\\.\s*\S|\\i[r]?\s+\S|\\include\s+\S|load\s*\()`, a)
}

_script_file_arg(seg, i, a) if {
	_script_option(seg, a)
	shell.args(seg)[i + 1]
}

_script_file_arg(_, _, a) if {
	some o in {"--file=", "--queries-file=", "--input-file="}
	startswith(a, o)
}

_script_file_arg(seg, _, a) if {
	shell.name(seg) in {"mongosh", "mongo"}
	_script_path(a)
}

_script_path(a) if {
	some e in {".js", ".sql", ".cql", ".psql", ".mongodb"}
	endswith(lower(a), e)
}

# production named by the client's connection, not by the script's file name
_db_prod_named(seg) := found[0] if {
	args := shell.args(seg)
	found := [a |
		some i, a in args
		not _script_path(a)
		not _after_script_option(seg, args, i)
		_production_like(a)
	]
	count(found) > 0
} else := "the environment it runs in" if _prod_env(seg)

_after_script_option(seg, args, i) if {
	i > 0
	_script_option(seg, args[i - 1])
}

# migrations undone, and data loaded, with a production environment or settings: rollbacks
# (`rails db:rollback`, `knex migrate:rollback`, `sequelize db:migrate:undo`, `artisan
# migrate:rollback`, `alembic downgrade`, `manage.py migrate APP zero`, `typeorm migration:revert`)
# drop what the migrations made; seeds and fixtures (`db:seed`, `loaddata`) write rows. Forward
# migrations (`RAILS_ENV=production rails db:migrate`, `prisma migrate deploy`) are the ordinary
# deploy step and pass (decided in session 20 and kept).
_rollback_words := {
	"db:rollback", "db:migrate:down", "db:migrate:redo", "db:seed", "db:migrate:undo", "db:seed:all", "migrate:rollback",
	"migrate:down", "migrate:refresh", "migration:revert", "ecto.rollback", "loaddata", "downgrade", "rollback", "undo",
	"down", "redo", "seed:run", "db:seed:replant",
}

_migration_tools := {
	"php", "php8", "artisan", "sail", "console", "python", "python3", "django-admin", "rails", "rake", "mix", "flyway",
	"liquibase", "sequelize", "sequelize-cli", "knex", "prisma", "typeorm", "alembic", "dbmate", "goose", "migrate",
	"yarn", "pnpm", "bun", "bunx", "pnpx",
}

finding contains entry if {
	some ran in _migration_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	[tool, w] := _reset_tool(seg)
	op := _rollback_of(tool, w, seg)
	not _reset_op(seg)
	where := _migration_prod_named(seg)
	entry := sprintf("`%s %s` undoes migrations or loads data in a database named as production (%s)", [tool, op, where])
}

_rollback_of(tool, w, _) := w[1] if {
	tool in {"php", "php8", "sail"}
	_artisan_like(tool, w[0])
	w[1] in _rollback_words
}

_rollback_of("sail", w, _) := w[0] if w[0] in _rollback_words

_rollback_of("sail", w, _) := w[2] if {
	array.slice(w, 0, 2) == ["php", "artisan"]
	w[2] in _rollback_words
}

_rollback_of("artisan", w, _) := w[0] if w[0] in _rollback_words

_rollback_of("console", w, _) := w[0] if w[0] in _rollback_words

_rollback_of(tool, w, _) := op if {
	tool in {"python", "python3"}
	endswith(w[0], "manage.py")
	op := _django_rollback(array.slice(w, 1, count(w)))
}

_rollback_of("django-admin", w, _) := _django_rollback(w)

_rollback_of(tool, w, _) := found[0] if {
	tool in {"rails", "rake", "mix", "knex", "sequelize", "sequelize-cli", "typeorm", "flyway", "liquibase", "alembic", "dbmate", "goose", "migrate"}
	found := [op | some op in array.slice(w, 0, 2); op in _rollback_words]
	count(found) > 0
}

_rollback_of("prisma", w, _) := concat(" ", array.slice(w, 0, 2)) if {
	array.slice(w, 0, 2) in {["db", "execute"], ["db", "seed"]}
}

_rollback_of("prisma", w, seg) := "db push --accept-data-loss" if {
	array.slice(w, 0, 2) == ["db", "push"]
	"--accept-data-loss" in _opts(seg)
}

_django_rollback(w) := "loaddata" if w[0] == "loaddata"

_django_rollback(w) := "migrate APP zero" if {
	w[0] == "migrate"
	"zero" in w
}

_migration_prod_named(seg) := found[0] if {
	found := [a | some a in shell.args(seg); _production_like(a)]
	count(found) > 0
} else := "the environment it runs in" if _prod_env(seg)

# one question however many findings
ask contains msg if {
	count(finding) > 0
	msg := sprintf("%s, outside this machine and beyond any local undo. Approve only if this is intended.", [concat("; ", sort([f | some f in finding]))])
}
