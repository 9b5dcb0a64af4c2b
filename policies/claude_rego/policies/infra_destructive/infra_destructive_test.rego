package claude_rego.policies.infra_destructive_test

import data.claude_rego.policies.infra_destructive
import rego.v1

_seg(id, argv, extra) := object.union({
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": id, "operator": null,
	"argv": argv, "command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv,
	"wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}, extra)

_input(segs) := {"facts": {
	"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project",
	"project_dir": "/home/dev/project", "home": "/home/dev", "paths": [],
	"shell": {"segments": segs, "opaque": false, "opaque_reasons": []},
}}

_asks(argv) if count(infra_destructive.ask) == 1 with input as _input([_seg(0, argv, {})])

_silent(argv) if count(infra_destructive.ask) == 0 with input as _input([_seg(0, argv, {})])

test_cloud_storage_recursive_deletes_ask if {
	_asks(["aws", "s3", "rm", "--recursive", "s3://b"])
	_asks(["aws", "s3", "rb", "s3://b", "--force"])
	_asks(["gsutil", "-m", "rm", "-r", "gs://b"])
	_asks(["gcloud", "storage", "rm", "--recursive", "gs://b"])
	_asks(["az", "storage", "blob", "delete-batch", "-s", "c"])
	_asks(["rclone", "purge", "remote:b"])
	_asks(["rclone", "delete", "remote:b"])
}

test_cloud_resources_ask if {
	_asks(["aws", "cloudformation", "delete-stack", "--stack-name", "s"])
	_asks(["aws", "ec2", "terminate-instances", "--instance-ids", "i-1"])
	_asks(["gcloud", "projects", "delete", "p"])
	_asks(["az", "group", "delete", "-n", "rg"])
	_asks(["doctl", "compute", "droplet", "delete", "d"])
}

test_infrastructure_teardown_asks if {
	_asks(["terraform", "destroy", "-auto-approve"])
	_asks(["tofu", "destroy"])
	_asks(["terraform", "apply", "-destroy"])
	_asks(["pulumi", "destroy", "-y"])
	_asks(["kubectl", "delete", "namespace", "prod"])
	_asks(["kubectl", "delete", "ns/prod"])
	_asks(["kubectl", "delete", "pods", "--all"])
	_asks(["helm", "uninstall", "web"])
	_asks(["ansible", "all", "-m", "file", "-a", "path=/home/dev state=absent"])
}

test_databases_and_caches_ask if {
	_asks(["psql", "-c", "DROP DATABASE prod"])
	_asks(["mysql", "-e", "truncate table users"])
	_asks(["sqlite3", "/srv/app/app.db", "drop table t"])
	_asks(["mongosh", "--eval", "db.dropDatabase()"])
	_asks(["dropdb", "prod"])
	_asks(["mysqladmin", "-f", "drop", "prod"])
	_asks(["redis-cli", "FLUSHALL"])
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["psql"], {"stdin_literal": "drop table users;"})])
}

# an aggregation's $out stage replaces its whole target collection
test_aggregation_out_stages_ask if {
	_asks(["mongosh", "--eval", `db.users.aggregate([{$match: {}}, {$out: "users"}])`])
	_asks(["mongo", "prod", "--eval", `db.x.aggregate([{ "$out" : "y" }])`])
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["mongosh"], {"stdin_literal": "db.a.aggregate([{'$out': 'b'}])"})])
	_silent(["mongosh", "--eval", `db.users.aggregate([{$group: {_id: "$out", n: {$sum: 1}}}])`])
	_silent(["mongosh", "--eval", `db.users.aggregate([{$match: {a: 1}}])`])
}

test_github_destruction_asks if {
	_asks(["gh", "repo", "delete", "o/r", "--yes"])
	_asks(["gh", "repo", "edit", "--visibility", "public"])
	_asks(["gh", "repo", "edit", "--visibility=public"])
	_asks(["gh", "api", "-X", "DELETE", "repos/o/r/branches/main/protection"])
	_asks(["gh", "api", "--method", "delete", "repos/o/r"])
	_asks(["gh", "api", "-X", "PATCH", "repos/o/r", "-f", "private=false"])
	_asks(["gh", "api", "--method", "PATCH", "repos/o/r", "--field", "visibility=public"])
	_asks(["glab", "api", "-X", "PUT", "projects/1", "-f", "visibility=public"])
	_silent(["gh", "api", "-X", "PATCH", "repos/o/r", "-F", "private=true"])
	_silent(["gh", "api", "repos/o/r"])
}

test_harmless_neighbours_are_silent if {
	_silent(["terraform", "plan"])
	_silent(["terraform", "init"])
	_silent(["terraform", "validate"])
	_silent(["kubectl", "get", "pods"])
	_silent(["kubectl", "apply", "-f", "k8s/"])
	_silent(["kubectl", "delete", "pod", "web-1"])
	_silent(["helm", "template", "x", "."])
	_silent(["aws", "s3", "ls", "s3://b"])
	_silent(["aws", "s3", "cp", "s3://b/x", "./data/"])
	_silent(["aws", "s3", "rm", "s3://b/one-file"])
	_silent(["gcloud", "storage", "rm", "gs://b/one-file"])
	_silent(["psql", "-c", "select * from users"])
	_silent(["redis-cli", "get", "k"])
	_silent(["gh", "repo", "view"])
	_silent(["gh", "api", "repos/o/r"])
	count(infra_destructive.ask) == 0 with input as _input([_seg(0, ["psql"], {"stdin_literal": "select 1;"})])
}

test_data_store_destroy_verbs_ask if {
	_asks(["borg", "delete", "--force", "/mnt/backup/repo"])
	_asks(["etcdctl", "del", "--prefix", ""])
	_asks(["firebase", "firestore:delete", "--all-collections", "--force"])
	_asks(["vault", "kv", "destroy", "-versions=1", "secret/app"])
	_asks(["vault", "secrets", "disable", "secret/"])
	_asks(["kafka-consumer-groups.sh", "--bootstrap-server", "k:9092", "--delete", "--all-groups"])
	_asks(["restic", "-r", "s3:b", "forget", "--keep-last", "1", "--prune"])
	_asks(["s3cmd", "del", "-r", "s3://bucket/"])
	_asks(["supabase", "db", "reset"])
	_asks(["prisma", "migrate", "reset", "--force", "--url", "postgres://u@db.example.com/app"])
	_asks(["prisma", "db", "push", "--force-reset", "--schema", "prisma/schema.prod.prisma"])
	_asks(["rails", "db:drop", "RAILS_ENV=production"])
	_asks(["mix", "ecto.reset", "MIX_ENV=prod"])
	_asks(["hdfs", "dfs", "-rm", "-r", "/data"])
	_asks(["flyway", "-url=jdbc:postgresql://db.example.com/app", "clean"])
	_asks(["redis-cli", "DEL", "k*"]) # a named key passes (session 26: test_named_cache_key_deletes_pass)
}

test_data_store_ordinary_work_passes if {
	_silent(["vault", "status"])
	_silent(["prisma", "migrate", "dev", "--name", "init"])
	_silent(["rails", "db:migrate"])
	_silent(["rails", "destroy", "model", "User"])
	_silent(["rake", "db:test:prepare"])
	_silent(["mix", "clean"])
	_silent(["kafka-topics", "--bootstrap-server", "k:9092", "--list"])
	_silent(["borg", "list", "/repo"])
	_silent(["mc", "cp", "f", "local/bucket/delete-me"])
	_silent(["restic", "snapshots"])
	_silent(["flyway", "info"])
}

test_data_store_table_is_tunable if {
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["acmedb", "wipe"], {})])
		with data.claude_rego.settings.data_store_clis as {"acmedb": []}
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["acmedb", "shred-all"], {})])
		with data.claude_rego.settings.data_store_clis as {"acmedb": ["shred"]}
	count(infra_destructive.ask) == 0 with input as _input([_seg(0, ["acmedb", "shred-all"], {})])
		with data.claude_rego.settings.data_store_clis as {"acmedb": []}
}

test_generic_destroy_verb_with_widening_flag_asks if {
	_asks(["newdb", "drop", "--all"])
	_asks(["stashctl", "purge", "--force"])
	_asks(["objstore", "bucket", "delete", "-r", "b"])
	_asks(["toolx", "data:wipe", "--yes-i-really-mean-it"])
	_asks(["quux", "collections", "delete-all", "--force"])
}

test_generic_destroy_verb_needs_a_widening_flag_and_a_subcommand_position if {
	_silent(["newdb", "drop", "table1"])
	_silent(["tool", "list", "x", "delete", "--all"])
	_silent(["grep", "-r", "delete", "src/"])
	_silent(["docker", "image", "prune", "-f"])
	_silent(["npm", "prune"])
	_silent(["git", "branch", "-d", "feature"])
	_silent(["kubectl", "delete", "pod", "x", "--force"])
	_silent(["newdb", "./drop", "-r"])
}

test_http_delete_asks if {
	_asks(["curl", "-X", "DELETE", "http://es:9200/_all"])
	_asks(["curl", "-XDELETE", "http://localhost:9200/logs-*"])
	_asks(["curl", "-sSX", "DELETE", "http://localhost:6333/collections/docs"])
	_asks(["curl", "--request", "delete", "https://api.cloudflare.com/client/v4/zones/z"])
	_asks(["curl", "--request=DELETE", "https://x/y"])
	_asks(["wget", "--method=DELETE", "http://qdrant:6333/collections/docs"])
	_asks(["http", "DELETE", "http://meili:7700/indexes/movies"])
	_asks(["http", "--auth", "u:p", "DELETE", "https://api.example.com/items/1"])
	_asks(["xh", "delete", "kong:8001/services/x"])
}

# session 32: one item of a server on this machine
test_s32_local_item_delete_passes if {
	_silent(["curl", "-X", "DELETE", "http://localhost:8000/api/items/42"])
	_silent(["http", "DELETE", ":8000/api/todos/7"])
	_asks(["curl", "-X", "DELETE", "http://localhost:8000/api/items/42", "--resolve", "localhost:8000:10.0.0.5"])
	_asks(["curl", "-X", "DELETE", "http://localhost:8000/api/items/*"])
	_asks(["curl", "-X", "DELETE", "http://localhost.evil.example/api/items/42"])
}

test_http_wipe_endpoints_ask if {
	_asks(["curl", "-XPOST", "localhost:9200/logs/_delete_by_query?conflicts=proceed", "-d", "{}"])
	_asks(["curl", "-d", "", "https://xyz.upstash.io/flushall"])
	_asks(["curl", "-X", "POST", "http://q:6333/collections/c/points/delete", "--json", "{}"])
	_asks(["curl", "-X", "POST", "https://api.cloudflare.com/client/v4/zones/z/purge_cache"])
}

test_ordinary_http_passes if {
	_silent(["curl", "-X", "POST", "https://api.example.com/items", "-d", "{}"])
	_silent(["curl", "-X", "GET", "http://localhost:9200/_cat/indices"])
	_silent(["curl", "https://example.com/api/delete"])
	_silent(["http", "POST", "http://localhost:8000/api/users", "name=x"])
	_silent(["wget", "-qO-", "http://localhost:9200/_cluster/health"])
	_silent(["curl", "-X", "PUT", "http://localhost:9200/idx", "-d", "{}"])
}

test_kubectl_delete_of_unseen_manifests_asks if {
	_asks(["kubectl", "delete", "-f", "-"])
	_asks(["kubectl", "delete", "--filename=https://x/m.yaml"])
	_asks(["kubectl", "delete", "-k", "overlays/prod"])
	_silent(["kubectl", "delete", "-f", "k8s/dev-pod.yaml"])
}

test_settings_of_the_wrong_type_are_skipped_not_errors if {
	count(infra_destructive.ask) == 0 with input as _input([_seg(0, ["acmedb", "wipe"], {})])
		with data.claude_rego.settings.data_store_clis as {"acmedb": 7}
		with data.claude_rego.settings.destroy_verbs as [1, null]
	count(infra_destructive.ask) == 0 with input as _input([_seg(0, ["acmedb", "wipe"], {})])
		with data.claude_rego.settings.data_store_clis as ["acmedb"]
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["newdb", "drop", "--all"], {})])
		with data.claude_rego.settings.destroy_verb_exempt_programs as "git"
}

test_publishing_a_repository_asks if {
	_asks(["gh", "repo", "create", "x", "--public", "--source=.", "--push"])
	_asks(["glab", "repo", "create", "x", "--visibility", "public"])
	_silent(["gh", "repo", "create", "x", "--private", "--source=.", "--push"])
}

test_operator_destroy_verbs_with_a_widening_flag_ask if {
	_asks(["clusterctl", "decommission", "--force", "prod-eu-1"])
	_asks(["opsctl", "release", "uninstall", "--all"])
	_asks(["fleet", "evict", "-A"])
	_asks(["infractl", "deprovision", "--yes-i-really-mean-it"])
	_silent(["clusterctl", "decommission", "node-3"])
	_silent(["npm", "uninstall", "--force", "left-pad"])
	_silent(["brew", "uninstall", "--force", "wget"])
}

test_removing_a_container_with_its_volumes_asks if {
	every argv in [["docker", "rm", "-v", "db"], ["docker", "rm", "-fv", "db"], ["docker", "container", "rm", "--volumes", "db"], ["podman", "remove", "--force", "--volumes", "db"]] {
		_asks(argv)
	}
	every argv in [["docker", "rm", "db"], ["docker", "rm", "-f", "db"], ["docker", "run", "-v", "x:/y", "img"]] {
		_silent(argv)
	}
}

# a scratch store on this machine, named as one, is no question; anything else still is
test_local_scratch_stores_are_silent if {
	_silent(["dropdb", "--if-exists", "-h", "localhost", "app_test"])
	_silent(["dropdb", "-h", "127.0.0.1", "-U", "postgres", "ci_db"])
	_silent(["redis-cli", "-n", "15", "FLUSHDB"])
	_silent(["redis-cli", "-u", "redis://localhost:6379/4", "-n", "4", "flushdb"])
	_asks(["dropdb", "app_test"])
	_asks(["dropdb", "-h", "localhost", "app"])
	_asks(["dropdb", "-h", "db.prod", "app_test"])
	_asks(["dropdb", "-h", "localhost", "app_test", "prod"])
	_asks(["redis-cli", "FLUSHDB"])
	_asks(["redis-cli", "-n", "0", "FLUSHDB"])
	_asks(["redis-cli", "-n", "2", "FLUSHALL"])
	_asks(["redis-cli", "-h", "cache.prod", "-n", "3", "FLUSHDB"])
	_asks(["redis-cli", "-u", "redis://cache.prod:6379", "-n", "3", "FLUSHDB"])
}

# session 26: the same scratch drop through a SQL client on an explicit local host
test_local_scratch_drop_through_a_sql_client_is_silent if {
	_silent(["psql", "-h", "localhost", "-U", "postgres", "-c", "DROP DATABASE IF EXISTS app_test"])
	_silent(["psql", "--host=127.0.0.1", "-c", "drop database ci_db;"])
	_silent(["mysql", "-h", "127.0.0.1", "-u", "root", "-e", "DROP DATABASE IF EXISTS `app_test`"])
	_asks(["psql", "-h", "db.prod", "-c", "DROP DATABASE IF EXISTS app_test"])
	_asks(["psql", "-c", "DROP DATABASE app_test"])
	_asks(["psql", "-h", "localhost", "-c", "DROP DATABASE app"])
	_asks(["psql", "-h", "localhost", "-c", "DROP DATABASE app_test; DROP DATABASE app"])
	_asks(["psql", "-h", "localhost", "-c", "DROP DATABASE app_test; TRUNCATE users"])
	_asks(["psql", "-h", "localhost", "-f", "drop.sql", "-c", "DROP DATABASE app_test"])
	_asks(["mysql", "-h", "localhost", "-e", "DROP TABLE app_test"])
	_asks(["psql", "-h", "localhost", "-h", "db.prod", "-c", "DROP DATABASE app_test"])
	_asks(["psql", "-h", "localhost", "postgres://db.prod/app", "-c", "DROP DATABASE app_test"])
}

# --- session 25: deploys to production and forced syncs -------------------------------------

test_production_deploys_and_forced_syncs_ask if {
	_asks(["aws", "lambda", "update-function-code", "--function-name", "prod-api", "--zip-file", "fileb://x.zip"])
	_asks(["aws", "lambda", "update-function-configuration", "--function-name", "arn:aws:lambda:us-east-1:1:function:payments-production"])
	_asks(["vercel", "--prod"])
	_asks(["vercel", "deploy", "--prod"])
	_asks(["netlify", "deploy", "--prod", "--dir", "dist"])
	_asks(["wrangler", "deploy", "--env", "production"])
	_asks(["fly", "deploy", "-a", "shop-prod"])
	_asks(["gcloud", "run", "deploy", "api-prod", "--source", "."])
	_asks(["argocd", "app", "sync", "payments", "--force"])
	_asks(["argocd", "app", "sync", "payments-prod"])
}

test_preview_and_development_deploys_pass if {
	_silent(["aws", "lambda", "update-function-code", "--function-name", "dev-api", "--zip-file", "fileb://x.zip"])
	_silent(["aws", "lambda", "get-function", "--function-name", "prod-api"])
	_silent(["vercel"])
	_silent(["vercel", "deploy"])
	_silent(["netlify", "deploy", "--dir", "dist"])
	_silent(["wrangler", "deploy", "--env", "staging"])
	_silent(["gcloud", "run", "deploy", "api-dev", "--source", "."])
	_silent(["argocd", "app", "sync", "payments"])
	_silent(["argocd", "app", "get", "payments-prod"])
	_silent(["firebase", "deploy", "--only", "hosting"])
}

# ------------------------------------------------------------- session 25 (infra14)

_asks_segs(segs) if count(infra_destructive.ask) == 1 with input as _input(segs)

_silent_segs(segs) if count(infra_destructive.ask) == 0 with input as _input(segs)

test_cluster_disruption_asks if {
	_asks(["kubectl", "drain", "node1", "--force", "--disable-eviction"])
	_asks(["kubectl", "drain", "node1", "--ignore-daemonsets", "--delete-emptydir-data"])
	_asks(["kubectl", "cordon", "-l", "role=worker"])
	_asks(["kubectl", "cordon", "--selector=role=worker"])
	_asks(["kubectl", "scale", "deploy", "--all", "--replicas=0"])
	_asks(["kubectl", "-n", "prod", "scale", "deployment", "-l", "tier=web", "--replicas", "0"])
	_asks(["kubectl", "taint", "nodes", "--all", "dedicated=x:NoExecute"])
}

test_ordinary_node_and_scale_operations_pass if {
	_silent(["kubectl", "drain", "node1", "--ignore-daemonsets"])
	_silent(["kubectl", "cordon", "node1"])
	_silent(["kubectl", "scale", "deploy", "web", "--replicas=0"])
	_silent(["kubectl", "scale", "deploy", "-l", "tier=web", "--replicas=3"])
	_silent(["kubectl", "taint", "nodes", "--all", "node-role.kubernetes.io/control-plane-"])
	_silent(["kubectl", "get", "nodes"])
}

test_targets_computed_from_a_listing_ask if {
	_asks_segs([
		_seg(0, ["kubectl", "delete", "$(…)"], {}),
		_seg(1, ["kubectl", "get", "ns", "-o", "name"], {"parent": 0, "context": "substitution"}),
	])
	_asks_segs([
		_seg(0, ["kubectl", "get", "pods", "-o", "name"], {}),
		_seg(1, ["xargs", "kubectl", "delete"], {"operator": "|", "pipeline": 0}),
		_seg(2, ["kubectl", "delete"], {"parent": 1, "context": "xargs", "wrappers": ["xargs"]}),
	])
	_asks_segs([
		_seg(0, [""], {"argv": [], "command": "", "args": [], "raw_words": []}),
		_seg(1, ["kubectl", "get", "ns", "-o", "name"], {"parent": 0, "context": "substitution"}),
		_seg(2, ["kubectl", "delete", "$ns"], {}),
	])
	# an unknown program's delete of a listing's output
	_asks_segs([
		_seg(0, ["acmectl", "delete", "$(…)"], {}),
		_seg(1, ["acmectl", "list"], {"parent": 0, "context": "substitution"}),
	])
}

test_manifest_and_single_targets_pass if {
	_silent_segs([
		_seg(0, ["kubectl", "delete", "-f", "$(…)/k8s/app.yaml"], {}),
		_seg(1, ["git", "rev-parse", "--show-toplevel"], {"parent": 0, "context": "substitution"}),
	])
	_silent(["kubectl", "delete", "pod", "$POD"])
	_silent(["kubectl", "delete", "pod", "web-0"])
}

test_node_runtimes_mass_removes_ask if {
	_asks(["crictl", "rmp", "-fa"])
	_asks(["crictl", "rm", "-a"])
	_asks(["crictl", "rmi", "--all"])
	_asks_segs([
		_seg(0, ["crictl", "stopp", "$(…)"], {}),
		_seg(1, ["crictl", "pods", "-q"], {"parent": 0, "context": "substitution"}),
	])
	_asks(["ctr", "-n", "k8s.io", "containers", "rm", "abc"])
	_asks(["ctr", "--namespace=moby", "tasks", "kill", "abc"])
	_asks(["nerdctl", "-n", "k8s.io", "rm", "-f", "$(…)"])
	_asks(["docker", "-H", "tcp://10.0.0.5:2375", "rm", "-af"])
	_asks(["docker", "--context", "prod", "rm", "-f", "$(…)"])
	_asks_segs([_seg(0, ["docker", "rm", "-f", "$(…)"], {"assignments": {"DOCKER_HOST": "ssh://prod"}})])
	_asks(["podman", "system", "reset", "-f"])
}

test_local_container_cleanups_pass if {
	_silent(["docker", "rm", "-f", "$(…)"])
	_silent(["podman", "rm", "-af"])
	_silent(["nerdctl", "rm", "-f", "$(…)"])
	_silent(["docker", "-H", "unix:///var/run/docker.sock", "rm", "-af"])
	_silent(["docker", "--context", "desktop-linux", "rm", "-af"])
	_silent(["crictl", "rmi", "--prune"])
	_silent(["crictl", "rmp", "abc123"])
	_silent(["ctr", "images", "rm", "docker.io/library/alpine:latest"])
}

test_key_destruction_asks if {
	_asks(["aws", "kms", "schedule-key-deletion", "--key-id", "k", "--pending-window-in-days", "7"])
	_asks(["aws", "kms", "disable-key", "--key-id", "k"])
	_asks(["vault", "write", "-f", "transit/keys/app/config", "deletion_allowed=true"])
	_silent(["aws", "kms", "cancel-key-deletion", "--key-id", "k"])
	_silent(["aws", "kms", "encrypt", "--key-id", "k", "--plaintext", "fileb://x"])
}

test_gitops_and_cluster_lifecycle_verbs_ask if {
	_asks(["flux", "delete", "kustomization", "apps"])
	_asks(["flux", "uninstall"])
	_asks(["kubeadm", "reset", "-f"])
	_asks(["talosctl", "reset", "--nodes", "10.0.0.2"])
	_silent(["flux", "get", "kustomizations"])
	_silent(["flux", "reconcile", "kustomization", "apps"])
}

# session 26: cache keys deleted by name pass; patterns, computed keys and piped-in keys ask
test_named_cache_key_deletes_pass if {
	_silent(["redis-cli", "DEL", "cache:homepage"])
	_silent(["redis-cli", "-h", "cache.prod", "UNLINK", "session:42", "session:43"])
	_asks(["redis-cli", "DEL", "cache:*"])
	_asks(["redis-cli", "DEL", "$(…)"])
	_asks(["redis-cli", "-x", "DEL"])
	_asks(["redis-cli", "DEL"])
}

# session 26: rehearsals change nothing
test_dry_runs_are_silent if {
	_silent(["aws", "s3", "rm", "s3://acme-dev-artifacts/tmp/", "--recursive", "--dryrun"])
	_silent(["kubectl", "delete", "ns", "staging", "--dry-run=client"])
	_silent(["rclone", "purge", "remote:b", "--dry-run"])
	_asks(["aws", "s3", "rm", "s3://b/", "--recursive"])
	_asks(["kubectl", "delete", "ns", "staging", "--dry-run=none"])
}

_asks_env(argv, env) if {
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, argv, {"assignments": env})])
}

_silent_env(argv, env) if {
	count(infra_destructive.ask) == 0 with input as _input([_seg(0, argv, {"assignments": env})])
}

# framework and migration-tool resets: asked with a production marker, everyday without
test_framework_resets_against_production_ask if {
	_asks(["php", "artisan", "migrate:fresh", "--force", "--env=production"])
	_asks(["php", "artisan", "db:wipe", "--force", "--env=production"])
	_asks_env(["php", "artisan", "migrate:fresh", "--force"], {"APP_ENV": "production"})
	_asks_env(["python", "manage.py", "flush", "--no-input"], {"DJANGO_SETTINGS_MODULE": "config.settings.production"})
	_asks(["python3", "manage.py", "flush", "--noinput", "--settings=mysite.settings.prod"])
	_asks_env(["rails", "db:schema:load"], {"RAILS_ENV": "production"})
	_asks_env(["rake", "db:drop"], {"DISABLE_DATABASE_ENVIRONMENT_CHECK": "1"})
	_asks(["atlas", "schema", "clean", "--url", "mysql://root@db.example.com:3306/shop"])
	_asks(["flyway", "clean", "-url=jdbc:mysql://10.0.3.4/shop"])
	_asks(["liquibase", "dropAll", "--url", "jdbc:oracle:thin:@prod:1521/ORCL"])
	_asks(["sequelize-cli", "db:drop", "--env", "production"])
	_asks(["knex", "migrate:rollback", "--all", "--env", "production"])
	_asks_env(["prisma", "migrate", "reset", "--force"], {"DATABASE_URL": "postgres://u:p@prod-db.company.com:5432/app"})
	_asks_env(["prisma", "db", "push", "--force-reset"], {"DATABASE_URL": "postgresql://u@db.abc.supabase.co:5432/postgres"})
	_asks(["alembic", "-x", "env=production", "downgrade", "base"])
	_asks(["yarn", "prisma", "migrate", "reset", "--force", "--schema=prisma/schema.prod.prisma"])
	count(infra_destructive.ask) == 1 with input as _input([
		_seg(0, ["export", "RAILS_ENV=production"], {}),
		_seg(1, ["rails", "db:reset"], {"operator": "&&"}),
	])
}

test_framework_resets_in_development_pass if {
	_silent(["prisma", "migrate", "reset", "--force", "--skip-seed"])
	_silent(["prisma", "db", "push", "--force-reset"])
	_silent(["php", "artisan", "migrate:fresh", "--seed"])
	_silent(["php", "artisan", "db:wipe", "--force"])
	_silent(["rails", "db:reset"])
	_silent(["rails", "db:drop", "db:create", "db:migrate"])
	_silent_env(["rails", "db:reset"], {"RAILS_ENV": "test"})
	_silent(["python", "manage.py", "flush", "--no-input"])
	_silent(["sequelize-cli", "db:drop"])
	_silent(["mix", "ecto.reset"])
	_silent(["flyway", "-url=jdbc:postgresql://localhost:5432/app_test", "clean"])
	_silent(["atlas", "schema", "clean", "-u", "docker://postgres/15/dev", "--auto-approve"])
	_silent_env(["prisma", "migrate", "reset", "--force"], {"DATABASE_URL": "postgres://postgres@localhost:5432/app_dev"})
	_silent_env(["rails", "db:reset"], {"DATABASE_URL": "postgres://postgres@db:5432/app"})
	_silent_env(["rails", "db:migrate"], {"RAILS_ENV": "production"})
	_silent(["php", "artisan", "migrate", "--force"])
}

# statements that destroy without a DROP
test_unbounded_writes_ask if {
	_asks(["psql", "-h", "prod-db.example.com", "-c", "UPDATE users SET email = NULL"])
	_asks(["mysql", "-h", "db.prod", "-e", "update accounts set balance = 0 where true"])
	_asks(["mysql", "-h", "10.0.0.5", "-e", "DELETE FROM orders WHERE 1"])
	_asks(["psql", "-c", "DELETE FROM users RETURNING id"])
	_asks(["clickhouse-client", "--host", "ch.example.com", "--query", "ALTER TABLE events DELETE WHERE 1"])
	_asks(["clickhouse-client", "-q", "ALTER TABLE logs ON CLUSTER c UPDATE msg = '' WHERE 1 = 1"])
	_asks(["mongosh", "mongodb://db.example.com/shop", "--eval", `db.users.updateMany({}, {$set: {role: "admin"}})`])
	_asks(["mongosh", "--eval", "db.users.deleteMany()"])
	_asks(["mysql", "-h", "db.prod.internal", "-e", "UPDATE users u JOIN orgs o ON u.org_id=o.id SET u.active=0"])
	_asks(["mysql", "-h", "db.prod.internal", "-e", "update users u left join orgs o on u.org_id = o.id set u.plan = null"])
	_asks(["mysql", "-h", "db.prod.internal", "-e", "UPDATE users, orgs SET users.active=0"])
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["psql", "-h", "db.example.com"], {"stdin_literal": "UPDATE users SET active = false;\n"})])
}

test_bounded_writes_and_upserts_pass if {
	_silent(["psql", "-h", "db.example.com", "-c", "UPDATE users SET email = NULL WHERE id = 5"])
	_silent(["mysql", "-h", "db.example.com", "-e", "UPDATE users u JOIN orgs o ON u.org_id=o.id SET u.active=0 WHERE o.id=3"])
	_silent(["mysql", "-h", "db.example.com", "-e", "UPDATE users u, orgs o SET u.active=0 WHERE u.org_id=o.id AND o.id=5"])
	_silent(["psql", "-h", "db.example.com", "-c", "DELETE FROM sessions WHERE expires_at < now()"])
	_silent(["clickhouse-client", "--query", "ALTER TABLE events DELETE WHERE ts < now() - INTERVAL 90 DAY"])
	_silent(["psql", "-c", "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = excluded.a"])
	_silent(["psql", "-c", "SELECT * FROM jobs FOR UPDATE SKIP LOCKED"])
	_silent(["mysql", "-e", "INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE c = c + 1"])
	_silent(["mongosh", "--eval", `db.orders.updateMany({status: "x"}, {$set: {y: 1}})`])
}

# scratch stores on this machine
test_local_scratch_stores_pass if {
	_silent(["sqlite3", "tmp/test.db", "DELETE FROM sessions;"])
	_silent(["sqlite3", ":memory:", "DELETE FROM t"])
	_asks(["sqlite3", "../other/app.db", "DELETE FROM users"])
	_asks(["sqlite3", "app.db", "drop table sessions"]) # the app's own database: not named as scratch
	_asks(["sqlite3", "data/production.sqlite3", "DELETE FROM users"])
	_silent(["mongosh", "mongodb://localhost:27017/shop_test", "--eval", "db.orders.deleteMany({})"])
	_asks(["mongosh", "mongodb://db.example.com:27017/shop_test", "--eval", "db.orders.deleteMany({})"])
	_asks(["mongosh", "mongodb://localhost:27017/shop", "--eval", "db.orders.deleteMany({})"])
	_silent(["psql", "-h", "localhost", "-c", "DROP DATABASE IF EXISTS app_test", "-c", "CREATE DATABASE app_test"])
	_asks(["psql", "-h", "localhost", "-c", "DROP DATABASE IF EXISTS app", "-c", "CREATE DATABASE app"])
	_silent(["psql", "-h", "localhost", "-d", "app_test", "-c", "TRUNCATE users CASCADE"])
	_asks(["psql", "-h", "localhost", "-d", "app_test", "-c", "TRUNCATE users", "-h", "prod.example.com"])
	_asks(["psql", "-h", "localhost", "-d", "app", "-c", "TRUNCATE users CASCADE"])
}

# a remote daemon's volumes and containers pruned
test_remote_daemon_prunes_ask if {
	_asks(["docker", "-H", "ssh://user@prod", "volume", "prune", "-f"])
	_asks(["docker", "--context", "prod", "system", "prune", "-af", "--volumes"])
	_asks(["docker", "--context", "prod", "system", "prune", "-af"])
	_silent(["docker", "--context", "prod", "ps"])
	_silent(["docker", "-H", "ssh://user@prod", "image", "prune", "-f"])
	_silent(["docker", "system", "prune", "-af"])
}

# a reset run on another machine is judged against that machine's database
test_resets_run_on_other_machines_ask if {
	count(infra_destructive.ask) == 1 with input as _input([
		_seg(0, ["ssh", "prod", "php artisan migrate:fresh --force"], {}),
		_seg(1, ["php", "artisan", "migrate:fresh", "--force"], {"parent": 0, "context": "shell_c", "depth": 1}),
	])
	count(infra_destructive.ask) == 1 with input as _input([
		_seg(0, ["kubectl", "exec", "deploy/web", "--", "sh", "-c", "bin/rails db:schema:load"], {}),
		_seg(1, ["sh", "-c", "bin/rails db:schema:load"], {"parent": 0, "context": "container", "depth": 1}),
		_seg(2, ["bin/rails", "db:schema:load"], {"parent": 1, "context": "shell_c", "depth": 2, "command": "rails"}),
	])
	count(infra_destructive.ask) == 0 with input as _input([
		_seg(0, ["docker", "compose", "exec", "app", "php", "artisan", "migrate:fresh", "--seed"], {}),
		_seg(1, ["php", "artisan", "migrate:fresh", "--seed"], {"parent": 0, "context": "container", "depth": 1}),
	])
}

test_remote_compose_down_with_volumes_asks if {
	_asks_env(["docker", "compose", "down", "-v"], {"DOCKER_HOST": "ssh://deploy@prod"})
	_asks(["docker", "-H", "ssh://prod", "compose", "down", "--volumes"])
	_silent(["docker", "compose", "down", "-v"])
	count(infra_destructive.ask) == 1 with input as _input([
		_seg(0, ["docker", "context", "use", "prod"], {}),
		_seg(1, ["docker", "compose", "down", "--volumes"], {"operator": "&&"}),
	])
	count(infra_destructive.ask) == 1 with input as _input([
		_seg(0, ["export", "DOCKER_HOST=ssh://deploy@prod"], {}),
		_seg(1, ["docker", "compose", "down", "-v"], {}),
	])
	count(infra_destructive.ask) == 0 with input as _input([
		_seg(0, ["docker", "context", "use", "colima"], {}),
		_seg(1, ["docker", "compose", "down", "-v"], {"operator": "&&"}),
	])
}

test_mongo_wipes_with_options_ask if {
	_asks(["mongosh", "mongodb://db.example.com/shop", "--eval", "db.orders.deleteMany({}, {w: 1})"])
	_asks(["mongosh", "mongodb://db.example.com/shop", "--eval", "db.orders.bulkWrite([{deleteMany: {filter: {}}}])"])
	_silent(["mongosh", "mongodb://db.example.com/shop", "--eval", "db.orders.deleteMany({a: 1}, {w: 1})"])
}

# ------------------------------------------------------------------ session 26 (storage)

test_s26_storage_services_ask if {
	_asks(["gluster", "volume", "delete", "gv0"])
	_asks(["gluster", "volume", "stop", "gv0", "force"])
	_asks(["gluster", "volume", "remove-brick", "gv0", "h:/b", "commit"])
	_asks(["radosgw-admin", "bucket", "rm", "--bucket=b", "--purge-objects"])
	_asks(["rbd", "snap", "rollback", "pool/img@s"])
	_asks(["virsh", "vol-delete", "vol1", "--pool", "default"])
	_asks(["virsh", "undefine", "vm1", "--remove-all-storage"])
	_asks(["virsh", "snapshot-revert", "vm1", "s1"])
	_asks(["lxc", "storage", "volume", "delete", "default", "v1"])
	_asks(["incus", "delete", "c1"])
	_asks(["pct", "destroy", "101"])
	_asks(["qm", "rollback", "100", "snap1"])
	_asks(["pvesm", "free", "local:100/vm-100-disk-0.raw"])
	_asks(["vboxmanage", "unregistervm", "vm1", "--delete"])
	_asks(["tarsnap", "-d", "-f", "archive1"])
	_asks(["tarsnap", "--nuke"])
	_silent(["gluster", "volume", "info"])
	_silent(["virsh", "list", "--all"])
	_silent(["virsh", "undefine", "vm1"])
	_silent(["lxc", "launch", "ubuntu:22.04", "c1"])
	_silent(["qm", "list"])
	_silent(["tarsnap", "--list-archives"])
}

test_s26_named_destroy_options_ask_unless_off if {
	_asks(["az", "backup", "protection", "disable", "--item-name", "i", "--delete-backup-data", "true"])
	_asks(["azcopy", "sync", "./x", "https://a.blob.core.windows.net/c", "--delete-destination=true"])
	_silent(["azcopy", "sync", "./x", "https://a.blob.core.windows.net/c", "--delete-destination=false"])
	_silent(["azcopy", "sync", "./x", "https://a.blob.core.windows.net/c", "--delete-destination", "false"])
	_silent(["azcopy", "copy", "./x", "https://a.blob.core.windows.net/c"])
}

test_s26_volume_snapshots_ask if {
	_asks(["kubectl", "delete", "volumesnapshot", "snap1"])
	_asks(["kubectl", "delete", "vs/snap1"])
	_silent(["kubectl", "get", "volumesnapshot"])
}

# `-f FILE` names a file, not force (session 27)
test_generic_destroy_with_f_naming_a_file_passes if {
	_silent(["skaffold", "delete", "-f", "skaffold/skaffold.yaml"])
	_silent(["tool", "purge", "-f", "deploy/"])
	_asks(["tool", "purge", "-f"])
	_asks(["tool", "purge", "-f", "-f", "x.yaml"])
	_asks(["tool", "purge", "-f", "x.yaml", "--all"])
	_asks(["tool", "delete", "-rf", "x"])
}

# --- session 27: changes made to production by any cluster, IaC, database or deploy tool ----------

_asks_segs(segs) if count(infra_destructive.ask) == 1 with input as _input(segs)

_silent_segs(segs) if count(infra_destructive.ask) == 0 with input as _input(segs)

test_cluster_changes_in_production_ask if {
	_asks(["kubectl", "scale", "deploy/api", "--replicas=0", "-n", "production"])
	_asks(["kubectl", "--context", "prod-eu", "scale", "deploy/api", "--replicas=2"])
	_asks(["kubectl", "rollout", "undo", "deploy/api", "-n", "prod"])
	_asks(["kubectl", "rollout", "restart", "deploy/api", "--namespace=live"])
	_asks(["kubectl", "-n", "production", "patch", "deploy", "api", "-p", "{}"])
	_asks(["oc", "set", "image", "dc/api", "api=img:2", "-n", "prd"])
	_asks(["kubectl", "apply", "-k", "overlays/production"])
	_asks(["helm", "upgrade", "--install", "api", "./charts/api", "-n", "prod", "--force"])
	_asks(["helm", "rollback", "api", "3", "--kube-context", "prod-cluster"])
	_asks(["helmfile", "-e", "production", "sync"])
}

test_cluster_reads_rehearsals_and_other_environments_pass if {
	_silent(["kubectl", "scale", "deploy/api", "--replicas=3", "-n", "staging"])
	_silent(["kubectl", "get", "pods", "-n", "production"])
	_silent(["kubectl", "logs", "-n", "production", "deploy/api"])
	_silent(["kubectl", "rollout", "status", "deploy/api", "-n", "production"])
	_silent(["kubectl", "apply", "-f", "k.yaml", "-n", "production", "--dry-run=server"])
	_silent(["helm", "list", "-n", "production"])
	_silent(["helm", "status", "api", "-n", "prod"])
	_silent(["helm", "upgrade", "--install", "api", "./charts/api", "-n", "dev"])
	_silent(["helm", "upgrade", "api", "./c", "-n", "prod", "--dry-run"])
}

test_production_selected_earlier_or_in_the_environment_asks if {
	_asks_segs([_seg(0, ["kubectl", "config", "use-context", "prod"], {}), _seg(1, ["kubectl", "scale", "deploy/a", "--replicas=0"], {})])
	_asks_segs([_seg(0, ["kubens", "production"], {}), _seg(1, ["kubectl", "rollout", "restart", "deploy/a"], {})])
	_asks_segs([_seg(0, ["terraform", "workspace", "select", "prod"], {}), _seg(1, ["terraform", "apply", "-auto-approve"], {})])
	_asks_segs([_seg(0, ["pulumi", "stack", "select", "production"], {}), _seg(1, ["pulumi", "up", "--yes"], {})])
	_asks_segs([_seg(0, ["terraform", "apply"], {"assignments": {"TF_WORKSPACE": "prod"}})])
	_asks_segs([_seg(0, ["export", "TF_WORKSPACE=prod"], {}), _seg(1, ["terraform", "apply"], {})])
	_asks_segs([_seg(0, ["kubectl", "apply", "-f", "d.yaml"], {"assignments": {"KUBECONFIG": "/home/dev/.kube/prod.yaml"}})])
	_silent_segs([_seg(0, ["terraform", "workspace", "select", "prod"], {}), _seg(1, ["terraform", "plan"], {})])
	_silent_segs([_seg(0, ["kubectl", "config", "use-context", "dev"], {}), _seg(1, ["kubectl", "apply", "-f", "k.yaml"], {})])
	_silent_segs([_seg(0, ["kubectl", "config", "use-context", "prod"], {}), _seg(1, ["kubectl", "get", "pods"], {})])
}

test_infrastructure_changes_in_production_ask if {
	_asks(["terraform", "apply", "-auto-approve", "-var-file=envs/prod.tfvars"])
	_asks(["terraform", "-chdir=infra/prod", "apply"])
	_asks(["tofu", "apply", "-var", "env=production"])
	_asks(["terraform", "import", "-var-file=prod.tfvars", "aws_instance.x", "i-1"])
	_asks(["terraform", "taint", "module.live.aws_instance.web"])
	_asks(["terragrunt", "run-all", "apply", "--terragrunt-working-dir", "live/prod"])
	_asks(["pulumi", "up", "-s", "org/api/production", "--yes"])
	_silent(["terraform", "plan", "-var-file=envs/prod.tfvars"])
	_silent(["terraform", "apply"])
	_silent(["terraform", "-chdir=infra/dev", "apply", "-auto-approve"])
	_silent(["pulumi", "preview", "-s", "prod"])
	_silent(["terraform", "output", "-var-file=prod.tfvars"])
}

test_directory_below_the_project_names_production if {
	_asks_segs([_seg(0, ["cd", "infra/prod"], {}), _seg(1, ["terraform", "apply"], {})])
	_silent_segs([_seg(0, ["cd", "infra/dev"], {}), _seg(1, ["terraform", "apply"], {})])
}

test_database_scripts_against_production_ask if {
	_asks(["psql", "-h", "db.prod.internal", "-f", "./data/seed.sql"])
	_asks(["psql", "postgres://app@db-prod.example.com/app", "--file=fix.sql"])
	_asks(["mongosh", "mongodb://prod-cluster/app", "script.js"])
	_asks(["mysql", "-h", "prod-db", "app", "-e", "source ./fix.sql"])
	_asks(["sqlcmd", "-S", "prod-sql", "-i", "fix.sql"])
	_asks_segs([_seg(0, ["mysql", "-h", "prod-db", "app"], {"redirects": [{"op": "<", "target": "dump.sql", "fd": null, "dup": false}]})])
	_asks_segs([_seg(0, ["cat", "x.sql"], {}), _seg(1, ["psql", "-h", "live-db"], {"operator": "|", "pipeline": 0})])
	_asks_segs([_seg(0, ["psql", "-f", "fix.sql"], {"assignments": {"PGHOST": "db.prod.internal"}})])
}

test_database_scripts_elsewhere_or_seen_pass if {
	_silent(["psql", "-h", "localhost", "-f", "schema.sql"])
	_silent(["psql", "-f", "prod_report.sql"])
	_silent(["mongosh", "--file", "cleanup.js"])
	_silent(["mysql", "-h", "prod-db", "-e", "select 1"])
	_silent(["mysql", "-f", "-h", "prod-db", "app", "-e", "select 1"])
	_silent_segs([_seg(0, ["psql", "-h", "prod-db"], {"stdin_literal": "select 1;", "redirects": [{"op": "<<", "target": "EOF", "fd": null, "dup": false}]})])
	_silent_segs([_seg(0, ["mysql", "-h", "localhost", "app"], {"redirects": [{"op": "<", "target": "dump.sql", "fd": null, "dup": false}]})])
}

test_syncs_and_deploy_tools_against_production_ask if {
	_asks(["rsync", "-av", "--delete", "./dist/", "deploy@web-prod-1:/srv/app/"])
	_asks(["rsync", "-a", "--delete-after", "build/", "rsync://live-web/site"])
	_asks(["rclone", "sync", "./dist", "prod-s3:site"])
	_asks(["ansible-playbook", "-i", "inventories/production", "site.yml"])
	_asks(["ansible-playbook", "site.yml", "--limit", "prod"])
	_asks(["cap", "production", "deploy"])
	_asks(["dep", "deploy", "production"])
	_asks(["fab", "-H", "web-prod-1", "deploy"])
	_silent(["rsync", "-av", "--delete", "dist/", "./public/"])
	_silent(["rsync", "-av", "--delete", "dist/", "deploy@staging-1:/srv/app/"])
	_silent(["rsync", "-av", "--delete", "deploy@web-prod-1:/var/log/app/", "./logs/"])
	_silent(["rclone", "sync", "prod-s3:site", "./site"])
	_silent(["ansible-playbook", "-i", "inventories/production", "site.yml", "--check"])
	_silent(["ansible-playbook", "-i", "inventories/staging", "site.yml"])
	_silent(["cap", "staging", "deploy"])
}

test_rollbacks_and_data_loads_with_a_production_environment_ask if {
	_asks_segs([_seg(0, ["rails", "db:rollback"], {"assignments": {"RAILS_ENV": "production"}})])
	_asks(["knex", "migrate:rollback", "--env", "production"])
	_asks(["python", "manage.py", "migrate", "billing", "zero", "--settings=config.settings.prod"])
	_asks_segs([_seg(0, ["python", "manage.py", "loaddata", "f.json"], {"assignments": {"DJANGO_SETTINGS_MODULE": "app.settings.prod"}})])
	_asks(["sail", "artisan", "migrate:fresh", "--force", "--env=production"])
	_asks(["sail", "artisan", "migrate:rollback", "--force", "--env=production"])
	_asks(["sequelize", "db:migrate:undo", "--env", "production"])
	_asks(["alembic", "-x", "env=prod", "downgrade", "-1"])
	_silent(["knex", "migrate:rollback"])
	_silent(["rails", "db:rollback"])
	_silent(["python", "manage.py", "migrate", "--settings=config.settings.prod"])
	_silent_segs([_seg(0, ["rails", "db:migrate"], {"assignments": {"RAILS_ENV": "production"}})])
	_silent(["knex", "migrate:latest", "--env", "production"])
	_silent(["php", "artisan", "migrate", "--force"])
}

test_registry_and_package_deletes_ask if {
	_asks(["aws", "ecr", "batch-delete-image", "--repository-name", "x", "--image-ids", "imageTag=v1"])
	_asks(["crane", "delete", "reg.io/x:v1"])
	_asks(["skopeo", "delete", "docker://reg.io/x:v1"])
	_asks(["regctl", "tag", "delete", "reg.io/x:v1"])
	_asks(["oras", "manifest", "delete", "reg.io/x:v1"])
	_asks(["npm", "unpublish", "pkg@1.0.0"])
	_asks(["gem", "yank", "g", "-v", "1.0.0"])
	_asks(["dotnet", "nuget", "delete", "P", "1.0.0"])
	_asks(["jf", "rt", "del", "repo/x"])
	_asks(["gh", "release", "delete-asset", "v1", "a.zip"])
	_asks(["cargo", "yank", "--version", "1.0.0", "c"])
}

test_registry_reads_and_publishes_pass if {
	_silent(["crane", "ls", "reg.io/x"])
	_silent(["skopeo", "inspect", "docker://reg.io/x:v1"])
	_silent(["regctl", "tag", "ls", "reg.io/x"])
	_silent(["npm", "publish"])
	_silent(["npm", "unpublish", "pkg@1.0.0", "--dry-run"])
	_silent(["gem", "push", "x.gem"])
	_silent(["cargo", "yank", "--version", "1.0.0", "--undo", "c"])
	_silent(["aws", "ecr", "describe-images", "--repository-name", "x"])
}

# session 31 (peer corpora: dcg, claude-code-safety-net): secret managers' and CI services' CLIs,
# a tool whose own name is the destroy verb, Jenkins' CLI jar and its `do…` action endpoints
test_secret_manager_and_ci_deletes_ask if {
	_asks(["op", "item", "delete", "Database Password"])
	_asks(["doppler", "projects", "delete", "backend", "--yes"])
	_asks(["circleci", "context", "remove-secret", "org/my-org", "context/prod", "AWS_SECRET_ACCESS_KEY"])
	_asks(["gitlab-runner", "unregister", "--all-runners"])
	_asks(["kafka-delete-records", "--bootstrap-server", "localhost:9092", "--offset-json-file", "offsets.json"])
	_asks(["java", "-jar", "jenkins-cli.jar", "-s", "http://jenkins.local/", "delete-job", "deploy-prod"])
	_asks(["curl", "-X", "POST", "http://jenkins.local/job/deploy-prod/doDelete"])
}

test_secret_manager_and_ci_ordinary_work_passes if {
	_silent(["op", "run", "--", "npm", "start"])
	_silent(["doppler", "run", "--", "npm", "test"])
	_silent(["circleci", "config", "validate"])
	_silent(["gitlab-runner", "register", "--help"])
	_silent(["java", "-jar", "jenkins-cli.jar", "-s", "http://j/", "list-jobs"])
	_silent(["curl", "-X", "POST", "http://j/job/x/build"])
	_silent(["curl", "http://j/job/x/doDelete"])
}

# ------------------------------------------------------------- s32: remote mirrors, retention rules, platform SQL

test_s32_remote_mirrors_from_outside_the_project_ask if {
	_asks(["rclone", "sync", "/tmp/empty", "gdrive:Backups"])
	_asks(["rclone", "bisync", "/tmp/empty", "remote:docs"])
	_asks(["mc", "mirror", "--remove", "--overwrite", "/tmp/empty", "minio/prod-backups"])
	_asks(["rsync", "-a", "--delete", "/tmp/empty/", "backup@nas.internal:/volume1/data/"])
	_asks(["rclone", "dedupe", "--dedupe-mode", "first", "gdrive:Backups"])
	_asks(["rclone", "dedupe", "newest", "remote:photos"])
	_silent(["rclone", "sync", "/tmp/empty", "remote:x", "--backup-dir", "remote:old"])
	_silent(["rclone", "dedupe", "rename", "remote:x"])
	_silent(["rclone", "copy", "/tmp/x", "gdrive:Backups"])
}

test_s32_retention_rules_ask if {
	_asks(["aws", "s3api", "put-bucket-lifecycle-configuration", "--bucket", "b", "--lifecycle-configuration", `{"Rules":[{"Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}`])
	_asks(["aws", "s3api", "put-bucket-lifecycle-configuration", "--bucket", "b", "--lifecycle-configuration", "file://lc.json"])
	_asks(["aws", "s3api", "put-bucket-lifecycle-configuration", "--bucket", "b", "--cli-input-json", "file://x.json"])
	_asks(["gsutil", "lifecycle", "set", "lc.json", "gs://b"])
	_asks(["az", "storage", "account", "management-policy", "create", "--account-name", "a", "--policy", "@p.json"])
	_asks(["mc", "ilm", "rule", "add", "--expire-days", "1", "minio/b"])
	_asks(["s3cmd", "expire", "s3://b", "--expiry-days=1"])
	_silent(["aws", "s3api", "put-bucket-lifecycle-configuration", "--bucket", "b", "--lifecycle-configuration", `{"Rules":[{"Status":"Enabled","Filter":{},"Transitions":[{"Days":30,"StorageClass":"GLACIER"}]}]}`])
	_silent(["az", "storage", "account", "management-policy", "create", "--account-name", "a", "--policy", `{"rules":[{"definition":{"actions":{"baseBlob":{"tierToCool":{"daysAfterModificationGreaterThan":30}}}}}]}`])
	_silent(["gsutil", "lifecycle", "get", "gs://b"])
	_silent(["mc", "ilm", "rule", "ls", "minio/b"])
}

test_s32_platform_sql_judged_like_psql if {
	_asks(["wrangler", "d1", "execute", "prod-db", "--remote", "--command", "DROP TABLE users"])
	_asks(["turso", "db", "shell", "prod", "DELETE FROM users"])
	_asks(["aws", "rds-data", "execute-statement", "--sql", "TRUNCATE orders", "--resource-arn", "x"])
	_asks(["heroku", "pg:psql", "-a", "app", "-c", "DROP SCHEMA public CASCADE"])
	_silent(["wrangler", "d1", "execute", "prod-db", "--remote", "--command", "SELECT * FROM users"])
	_silent(["wrangler", "d1", "execute", "db", "--local", "--command", "DROP TABLE IF EXISTS users"])
	_silent(["turso", "db", "shell", "http://127.0.0.1:8080", "DROP TABLE users"])
	_silent(["turso", "db", "shell", "prod", "select 1"])
}
