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
	_asks(["sqlite3", "app.db", "drop table t"])
	_asks(["mongosh", "--eval", "db.dropDatabase()"])
	_asks(["dropdb", "prod"])
	_asks(["mysqladmin", "-f", "drop", "prod"])
	_asks(["redis-cli", "FLUSHALL"])
	count(infra_destructive.ask) == 1 with input as _input([_seg(0, ["psql"], {"stdin_literal": "drop table users;"})])
}

test_github_destruction_asks if {
	_asks(["gh", "repo", "delete", "o/r", "--yes"])
	_asks(["gh", "repo", "edit", "--visibility", "public"])
	_asks(["gh", "repo", "edit", "--visibility=public"])
	_asks(["gh", "api", "-X", "DELETE", "repos/o/r/branches/main/protection"])
	_asks(["gh", "api", "--method", "delete", "repos/o/r"])
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
