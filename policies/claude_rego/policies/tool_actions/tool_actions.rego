# METADATA
# title: What MCP and other non-shell tools do without a path, URL or command
# description: >-
#   Asks before a tool call whose effect lies in fields other than a path or command:
#   a destructive database statement in a database/query tool's input
#   (`DROP TABLE/DATABASE/SCHEMA`, `TRUNCATE`, `DELETE`/`UPDATE` without `WHERE`,
#   `ALTER … DROP`, `dropDatabase()`, `deleteMany({})`, `FLUSHALL`: facts.effects.sql); a
#   tool whose name states a destructive verb (delete_repository, destroy_stack,
#   terminate_instances, purge_queue: data.claude_rego.settings.destructive_tool_verbs)
#   unless the only thing it names is a path the file policies judge; a tool whose name
#   states a verb that destroys in context (uninstall_release, evict_pods, scale_deployment:
#   settings.scoped_destroy_tool_verbs) acting on production (settings.production_target_words
#   in a namespace/environment/cluster/… value) or a whole scope (all: true); a tool that reads
#   secrets by name (a secret-manager server's read tool: its output is a credential) and
#   denies one that reads a secret's value (get_secret_value, access_secret_version, SSM
#   WithDecryption, a Kubernetes Secret as yaml/json); database statements that hand out
#   privileges (ALTER ROLE … SUPERUSER, GRANT ALL, WITH GRANT OPTION, SET GLOBAL of a
#   security setting, row-level security switched off: ask) or read stored password hashes
#   (pg_shadow, mysql.user, Supabase auth.users, Mongo admin.system.users: deny); statements
#   that send data to another machine (INSERT INTO FUNCTION url(), COPY … TO 's3://…',
#   dblink, net.http_post: ask); the Kubernetes API's Secrets on any host (deny) and other
#   calls to the in-cluster API (ask); a
#   removing verb on a resource that holds data (remove_volume, prune_volumes, empty_bucket);
#   an HTTP DELETE/PURGE tool to a host off the machine; and a fetch, by any tool or a shell command's URL, of a
#   local service that holds secrets or runs containers (Consul KV on 8500, Vault 8200,
#   etcd 2379, the Docker API 2375, the kubelet 10250, kubectl proxy secrets, Nomad
#   variables, the Chrome DevTools port 9222, the Node inspector 9229: data.claude_rego.settings.local_secret_services on local_hosts).
# custom:
#   severity: high
#   rationale: >-
#     These tools act on remote or shared state through structured input; nothing in it
#     is a path, URL or command line for the other policies to judge. Intent cannot be
#     told (dropping a test database is routine), so the user is asked, never denied.
#     DROP DATABASE is asked too: the tool may point at a disposable database.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.tool_actions

import data.claude_rego.lib.settings
import rego.v1

_effects := object.get(input.facts, "effects", {}) if is_object(input.facts.effects) else := {}

_words := {w | some w in object.get(_effects, "words", [])}

_server_words := {w | some w in object.get(_effects, "server_words", [])}

_tool_input := object.get(input.hook, "tool_input", {}) if is_object(object.get(input.hook, "tool_input", {})) else := {}

# every [path, value] of the tool input, walked once per evaluation (a rule; ~20 bodies read
# it, and each walk of its own cost a few µs, also for a shell command)
_tool_input_nodes := [[path, v] | walk(_tool_input, [path, v])]

_structured if {
	not input.facts.tool.class == "shell"
	is_string(input.facts.tool.name)
}

# the deny and ask bodies that open with _structured (or reads_secrets, secret_value_read:
# both hold only for it) sit behind one test each: a shell command visits two bodies, not
# sixteen (each ~2.5 µs visited and failed)
deny contains msg if {
	_structured
	some msg in _structured_deny
}

ask contains msg if {
	_structured
	some msg in _structured_ask
}

# a tool that kills or signals a process by number given -1, 0 or 1 (`kill -1` is every process
# the user owns, 0 the whole process group, 1 init): like `kill -9 -1` in the shell, denied
_structured_deny contains msg if {
	_structured
	some w in _words
	w in {"kill", "terminate", "signal", "stop", "end"}
	some [path, v] in _tool_input_nodes
	count(path) > 0
	is_string(path[count(path) - 1])
	lower(path[count(path) - 1]) in {"pid", "pids", "process_id", "processid", "process", "target_pid"}
	_whole_process_space(v)
	msg := sprintf("Blocked: `%s` with process `%v` signals every process you own (or the whole group, or init): your session and editor included. Name one process by its PID instead.", [input.facts.tool.name, v])
}

_whole_process_space(v) if _pid_of_all(v)

_whole_process_space(v) if {
	is_array(v)
	some x in v
	_pid_of_all(x)
}

_pid_of_all(v) if v in {-1, 0, 1}

# a string only when it is a number (to_number of other text is an error, which stops a query)
_pid_of_all(v) if {
	is_string(v)
	trim_space(v) in {"-1", "0", "1", "+1", "-0"}
}

# a tool given a container or pod spec that reaches the host (privileged, the host's PID, IPC or
# network namespace, the host's root mounted): root on the node, like `docker run --privileged
# -v /:/host` in the shell. As YAML/JSON text in a field (`manifest`, `yaml`) or as structure.
_structured_ask contains msg if {
	_structured
	count(_host_reaching_spec) > 0
	msg := sprintf("`%s` is given a container spec that reaches the host (%s): whoever runs in it is root on the node. Approve only if intended.", [input.facts.tool.name, concat(", ", sort(_host_reaching_spec))])
}

_host_reaching_spec contains why if {
	some [_, v] in _tool_input_nodes
	is_string(v)
	contains(v, ": ")
	some m in regex.find_all_string_submatch_n(`(?im)^[ \t-]*"?(privileged|hostPID|hostIPC|hostNetwork|allowPrivilegeEscalation)"?[ \t]*:[ \t]*"?true\b`, v, 4)
	why := sprintf("%s: true", [m[1]])
}

_host_reaching_spec contains "the host's root mounted (hostPath /)" if {
	some [_, v] in _tool_input_nodes
	is_string(v)
	contains(v, "hostPath")
	regex.match(`(?is)hostPath[ \t"]*:[ \t]*\{?[\s"]*path[ \t"]*:[ \t"]*/["\s,}]`, v)
}

_host_reaching_spec contains why if {
	some [path, leaf] in _tool_input_nodes
	leaf == true
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	lower(k) in {"privileged", "hostpid", "hostipc", "hostnetwork", "host_pid", "host_network", "host_ipc"}
	why := sprintf("%s: true", [k])
}

# a pipeline started or configured with GitLab's debug trace on (CI_DEBUG_TRACE=true, also
# CI_DEBUG_SERVICES): the job log then prints every variable, masked secrets included, to
# whoever can read the log. As a variables entry ({"key": …, "value": "true"}), a key of its own,
# or text (`--variables CI_DEBUG_TRACE:true`, a `.gitlab-ci.yml` written with it)
ask contains msg if {
	count(_debug_trace) > 0
	msg := sprintf("`%s` turns on the CI debug trace (%s): the job log then prints the pipeline's variables, masked secrets included. Approve only if the log stays private and this is intended.", [input.facts.tool.name, concat(", ", sort(_debug_trace))])
}

_debug_trace contains name if {
	some [_, v] in _tool_input_nodes
	is_object(v)
	some nk in {"key", "name", "variable", "variable_key", "variableKey", "var"}
	given := object.get(v, nk, "")
	is_string(given)
	name := upper(given)
	name in {"CI_DEBUG_TRACE", "CI_DEBUG_SERVICES"}
	_truthy(object.get(v, "value", object.get(v, "variable_value", object.get(v, "variableValue", false))))
}

_debug_trace contains name if {
	some [path, v] in _tool_input_nodes
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	name := upper(k)
	name in {"CI_DEBUG_TRACE", "CI_DEBUG_SERVICES"}
	_truthy(v)
}

_debug_trace contains name if {
	some [_, v] in _tool_input_nodes
	is_string(v)
	contains(upper(v), "CI_DEBUG_")
	some m in regex.find_all_string_submatch_n(`(?i)\b(CI_DEBUG_(?:TRACE|SERVICES))["']?\s*[=:]\s*["']?(?:true|1|yes)\b`, v, 2)
	name := upper(m[1])
}

_truthy(v) if v == true

_truthy(v) if v == 1

_truthy(v) if {
	is_string(v)
	lower(trim_space(v)) in {"true", "1", "yes", "on"}
}

# A browser launched with a switch that runs a program of the caller's choosing in place of (or
# before) its own processes (`--renderer-cmd-prefix`, `--utility-cmd-prefix`, `--gpu-launcher`,
# `--browser-subprocess-path`, …, in a puppeteer/playwright tool's launch options or a shell
# command line): whatever it names runs with the user's rights. What it names is judged as a
# command line too (facts: a dangerous value is denied); the switch itself asks.
ask contains msg if {
	count(_browser_program_switches) > 0
	msg := sprintf("`%s` launches a browser with %s: the browser runs the program it names for its own processes, with your rights. Approve only if you know that program.", [input.facts.tool.name, concat(", ", sort(_browser_program_switches))])
}

_browser_program_switches contains switch if {
	some [_, v] in _tool_input_nodes
	is_string(v)
	contains(v, "--")
	some m in regex.find_all_string_submatch_n(`(?i)--((?:renderer|utility|gpu|zygote|nacl-loader|ppapi-plugin|plugin|gpu-process)-cmd-prefix|gpu-launcher|plugin-launcher|ppapi-plugin-launcher|browser-subprocess-path)\b`, v, 4)
	switch := sprintf("`--%s`", [lower(m[1])])
}

# a browser tool given its own executable (puppeteer's `executablePath`, playwright's
# `executable_path`) outside the system's and the browser caches' directories: the file runs
_browser_program_switches contains switch if {
	_structured
	some [path, v] in _tool_input_nodes
	is_string(v)
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	regex.replace(lower(k), `[^a-z]`, "") in {"executablepath", "browserpath", "chromepath", "chromiumpath", "browserexecutable", "browserbinary", "chromebinary", "binarypath"}
	_browser_tool
	not _system_program(v)
	switch := sprintf("its executable `%s`", [v])
}

_browser_tool if {
	some w in _words | _server_words
	w in {"puppeteer", "playwright", "browser", "chrome", "chromium", "selenium", "webdriver", "headless", "firefox", "browserbase", "pyppeteer"}
}

_browser_tool if {
	some [path, _] in _tool_input_nodes
	some k in path
	is_string(k)
	lower(k) in {"launchoptions", "launch_options", "browseroptions", "browser_options"}
}

_system_program(v) if {
	some prefix in {"/usr/", "/opt/", "/snap/", "/nix/store/", "/applications/", "/bin/", "c:\\program files", "c:/program files", "/system/"}
	startswith(lower(v), prefix)
	not contains(v, "..")
}

_system_program(v) if {
	regex.match(`^(~|/home/[^/]+|/Users/[^/]+|/root)/(\.cache/(ms-playwright|puppeteer)|Library/Caches/ms-playwright)/`, v)
	not contains(v, "..")
}

# Code uploaded to a serverless platform (a Cloudflare worker's put_script, a Deno Deploy or
# Netlify function) that reads the deployment's environment or secret bindings and sends
# requests to a host named in it: the platform's secrets leave through the deployed code.
# (The code is also judged like `node -e CODE`: whole-environment dumps ask there.)
_structured_ask contains msg if {
	_structured
	some w in _words
	w in {"worker", "workers", "function", "functions", "lambda", "edge", "isolate"}
	some u in _words
	u in {"put", "upload", "deploy", "create", "update", "publish", "upsert", "replace"}
	some [_, code] in _tool_input_nodes
	is_string(code)
	count(code) <= 65536
	regex.match(`(?:\benv\s*\.\s*[A-Za-z_]|\benv\s*\[|process\.env|Deno\.env|\bsecrets?\s*[.\[])`, code)
	some m in regex.find_all_string_submatch_n(`(?:fetch|sendBeacon|XMLHttpRequest|WebSocket|EventSource|axios(?:\.[a-z]+)?|request|connect)\s*\(\s*[\x60'"](?:https?|wss?)://([^/'"\x60\s:?#]+)`, code, 8)
	not _local_host(lower(m[1]))
	msg := sprintf("`%s` deploys code that reads its environment's values and sends requests to `%s`: the deployment's secrets can leave through it. Approve only if that host is meant to receive them.", [input.facts.tool.name, m[1]])
}

# a tool that opens a tunnel from the internet to this machine (an ngrok or Cloudflare tunnel
# server's create_tunnel, a tailscale funnel): the analogue of `ngrok http 3000` in the shell,
# which asks; listing, reading or closing tunnels passes
_structured_ask contains msg if {
	_structured
	_tunnel_tool
	some w in _words
	w in {"create", "start", "open", "run", "expose", "add", "new", "launch", "connect", "serve", "share", "enable", "up"}
	msg := sprintf("`%s` opens a tunnel that publishes a local service on the internet: anyone with the address reaches this machine. Approve only if intended.", [input.facts.tool.name])
}

_tunnel_tool if {
	some w in _words | _server_words
	w in {"tunnel", "tunnels", "funnel", "ngrok", "cloudflared", "localtunnel", "tunnelmole", "zrok", "pinggy", "localxpose", "loclx", "serveo", "devtunnel", "devtunnels"}
}

_structured_ask contains msg if {
	_structured
	some s in object.get(_effects, "sql", [])
	not s.kind in {"server_code", "privilege", "credential_read", "egress"}
	msg := sprintf("`%s` runs a destructive database statement (%s: `%s`): data would be lost. Approve only if this database is meant to lose it.", [input.facts.tool.name, s.field, s.statement])
}

# a statement that hands out the server's power: a superuser or a role that creates roles or
# bypasses row security (ALTER/CREATE USER|ROLE … SUPERUSER), every privilege (GRANT ALL),
# the right to pass privileges on (WITH GRANT OPTION), server-wide privileges (ON *.*, FILE,
# SUPER), a superuser's role (pg_read_server_files), a security setting of the whole server
# (SET GLOBAL general_log, ALTER SYSTEM) or a write to the user catalog. A read-only grant to a
# named role (GRANT SELECT ON app.* TO reporting) passes.
_structured_ask contains msg if {
	_structured
	some s in object.get(_effects, "sql", [])
	s.kind == "privilege"
	msg := sprintf("`%s` changes who may do what on the database server (%s: `%s`): that power outlives this task. Approve only if this account is meant to get it.", [input.facts.tool.name, s.field, s.statement])
}

# a read of the server's stored password hashes (pg_shadow.passwd, pg_authid.rolpassword,
# mysql.user.authentication_string, sys.sql_logins, dba_users): like reading /etc/shadow,
# they are credentials to crack offline and would reach the model
_structured_deny contains msg if {
	_structured
	some s in object.get(_effects, "sql", [])
	s.kind == "credential_read"
	msg := sprintf("Blocked: `%s` reads the database's stored password hashes (%s: `%s`). They are credentials; list roles or users through a view without them (pg_roles, mysql.user's user/host) instead.", [input.facts.tool.name, s.field, s.statement])
}

# a statement that sends data to (or connects with) another machine: query results written to
# a URL or object store (ClickHouse INSERT INTO FUNCTION url()/s3()/remote(), COPY … TO
# 's3://…', UNLOAD, EXPORT DATA), dblink, a foreign or linked server, an HTTP call from the
# server (net.http_post, UTL_HTTP), a URL computed from data. Credentials among the data are
# denied by the rule above (the same statement reads them).
_structured_ask contains msg if {
	_structured
	some s in object.get(_effects, "sql", [])
	s.kind == "egress"
	msg := sprintf("`%s` gives the database a statement that reaches another machine (%s: `%s`): query results may leave through it. Approve only if that destination is yours.", [input.facts.tool.name, s.field, s.statement])
}

# a statement that makes the database server run a program or load native code, or read or
# write a file it names by a computed value (COPY … TO PROGRAM <expr>, load_extension,
# LANGUAGE plpython3u, pg_read_file(col)): what it runs or touches cannot be told
_structured_ask contains msg if {
	_structured
	some s in object.get(_effects, "sql", [])
	s.kind == "server_code"
	msg := sprintf("`%s` gives the database server a statement that %s (%s). Approve only if you have read it.", [input.facts.tool.name, s.statement, s.field])
}

_structured_ask contains msg if {
	_structured
	some verb in settings.value("destructive_tool_verbs")
	verb in _words
	not _only_paths
	not _development_target
	not _routine_delete
	msg := sprintf("`%s` %ss a resource (its name says so): it may not be undoable. Approve only if you meant to %s it.", [input.facts.tool.name, verb, verb])
}

# Deletes that lose nothing for good, when nothing in the input looks like production or a
# whole scope:
# - a Kubernetes call the facts read as the kubectl command it stands for
#   (mcp__kubernetes__kubectl_delete {"resourceType": "pod", …} → `kubectl delete pod/web-1`):
#   the shell policies judge that command, as they judge it typed in Bash (other servers'
#   readings are too coarse to stand for the call: `gh delete`, `redis-cli delete`);
# - one file deleted by a commit on a named working branch of a forge (mcp__github__delete_file
#   {"branch": "docs/cleanup"}): the history keeps it; the default or a release branch asks.
_routine_delete if {
	count(_broad_scope) == 0
	_delete_loses_nothing
}

_delete_loses_nothing if {
	some e in object.get(_effects, "exec", [])
	e.field == "(tool)"
	e.implied == true
	e.program == "kubectl"
	startswith(e.command, "kubectl delete ")
}

# - Redis keys deleted by name (mcp__redis__delete {"key": "cache:home"}, read as `redis-cli DEL
#   cache:home`): judged like that command in Bash, where a pattern or many keys ask;
_delete_loses_nothing if {
	some e in object.get(_effects, "exec", [])
	e.field == "(tool)"
	e.implied == true
	e.program == "redis-cli"
	startswith(e.command, "redis-cli DEL ")
}

# - a process ended by its id (terminate/kill {"pid": 48211}), like `kill PID` in Bash; pid 1,
#   0 and negative ids (every process, a group, init) are denied by another rule;
_delete_loses_nothing if {
	some w in _words
	w in {"terminate", "kill", "stop", "end"}
	some k, pid in _tool_input
	lower(k) in {"pid", "process_id", "processid"}
	is_number(pid)
	pid > 1
}

# - a document delete bounded by a filter that selects something (delete-many {"filter":
#   {"expiresAt": {"$lt": …}}}), like SQL's DELETE … WHERE; an empty filter is a whole
#   collection (asked by the rule on structured deletes);
_delete_loses_nothing if {
	some w in _words
	w in {"delete", "remove"}
	some k, f in _tool_input
	lower(k) in {"filter", "query", "where", "selector", "criteria"}
	_bounding_filter(f)
}

# - the agent's own memory store (the knowledge-graph memory server's entities, relations and
#   observations): its notes, not the project's data.
_delete_loses_nothing if {
	some w in _server_words
	w in {"memory", "memories"}
	some x in _words
	x in {"entities", "entity", "relations", "relation", "observations", "observation", "memory", "memories"}
}

_bounding_filter(f) if {
	is_object(f)
	count(f) > 0
	not _empty_filter_values(f)
}

_bounding_filter(f) if {
	is_string(f)
	regex.match(`[A-Za-z0-9_]\s*(=|<|>|:|\$|\bIN\b|\bLIKE\b)`, f)
	not regex.match(`(?i)^\s*(\{\s*\}|\*|true|1\s*=\s*1|1)\s*$`, f)
}

# {"_id": {}}, {"a": {"$exists": true}}: selects every document
_empty_filter_values(f) if {
	every _, v in f {
		_matches_everything(v)
	}
}

_matches_everything(v) if v == {}

_matches_everything(v) if v == {"$exists": true}

_matches_everything(v) if v == {"$ne": null}

_delete_loses_nothing if {
	regex.match(`(^|[_.-])delete[_-]?files?$`, _tool_part)
	branch := object.get(_tool_input, "branch", "")
	is_string(branch)
	branch != ""
	not regex.match(`(?i)^(main|master|trunk|develop|development|default|prod|production|stable|live|gh-pages|releases?([/_-].*)?|hotfix([/_-].*)?)$`, branch)
}


# An HTTP request tool (fetch, request, an API client) sending DELETE or PURGE to a host
# off this machine, or to one it does not name (the base URL is the server's): like
# `curl -X DELETE`, asked. Worded more strongly when the target is a whole collection (a
# path ending in a name, not an id) or the request says all/force/recursive. A DELETE to
# localhost (a dev server) passes; GET/POST/PUT/PATCH are judged elsewhere (exfiltration).
_structured_ask contains msg if {
	_structured
	some method in _http_destroy_methods
	some where in _http_delete_targets
	msg := sprintf("`%s` sends an HTTP %s to %s%s. Approve only if you meant to delete it.", [input.facts.tool.name, method, where, _http_delete_scope])
}

_http_destroy_methods contains m if {
	some [path, v] in _tool_input_nodes
	count(path) > 0
	count(path) <= 3
	k := path[count(path) - 1]
	is_string(k)
	regex.replace(lower(k), `[^a-z]`, "") in {"method", "httpmethod", "requestmethod", "verb", "httpverb"}
	is_string(v)
	m := upper(trim_space(v))
	m in {"DELETE", "PURGE"}
}

_http_delete_targets contains where if {
	some net in object.get(_effects, "network", [])
	not _local_host(net.host)
	where := sprintf("`%s`", [net.url])
}

# no URL in the input: the host is the server's own, not known here
_http_delete_targets contains "a host its input does not name" if count(object.get(_effects, "network", [])) == 0

_http_delete_scope := ": it targets a whole collection or is forced, so many records may go at once" if {
	_http_delete_wide
} else := ": what it deletes may not come back"

_http_delete_wide if {
	some [path, v] in _tool_input_nodes
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	lower(k) in {"all", "force", "recursive", "purge", "cascade", "delete_all", "deleteall"}
	v in {true, "true", "1", 1, "yes"}
}

_http_delete_wide if {
	some net in object.get(_effects, "network", [])
	regex.match(`(?i)[?&](all|force|recursive|cascade|purge)=(true|1|yes)(&|$)`, net.url)
}

# the path ends in a collection's name (/v1/users, /indices/logs-*), not one record's id
_http_delete_wide if {
	some net in object.get(_effects, "network", [])
	not _local_host(net.host)
	path := object.get(net, "path", "/")
	is_string(path)
	segs := [x | some x in split(trim_right(path, "/"), "/"); x != ""]
	count(segs) > 0
	last := segs[count(segs) - 1]
	not regex.match(`[0-9]`, last)
	regex.match(`^[A-Za-z_*-]+s$|\*`, last)
}

# A removing verb that is not a destroy verb by itself (remove, rm, prune, clear, empty,
# flush, reset, recreate) applied to a resource that holds data (remove_volume,
# prune_volumes, clear_database, remove_index, empty_bucket, flush_topic,
# volume_remove): like delete_volume, asked. The resource must end the tool's name (or be
# followed only by force/permanently/by_name…): remove_repository_collaborator removes a
# collaborator, not the repository.
_structured_ask contains msg if {
	_structured
	not _unscoped_destroy_verb
	not _only_paths
	not _development_target
	some what in _removes_data
	msg := sprintf("`%s` %s (its name says so): what it holds may not come back. Approve only if you meant to remove it.", [input.facts.tool.name, what])
}

_removes_data contains what if {
	some m in regex.find_all_string_submatch_n(_verb_noun_re, _tool_part, 1)
	what := sprintf("%s %s", [_third[m[1]], m[2]])
}

_removes_data contains what if {
	some m in regex.find_all_string_submatch_n(_noun_verb_re, _tool_part, 1)
	what := sprintf("%s %s", [_third[m[2]], m[1]])
}

# the resource is named as a local, test or development one (reset_database {"database":
# "test_local"}) and nothing in the input looks like production: routine, passes
_development_target if {
	count(_broad_scope) == 0
	some [path, v] in _tool_input_nodes
	is_string(v)
	count(v) <= 256
	count(path) > 0
	count(path) <= 2
	k := path[count(path) - 1]
	is_string(k)
	some kw in regex.split(`[^a-z0-9]+`, lower(k))
	kw in _resource_key_words
	some t in regex.split(`[^a-z0-9]+`, lower(v))
	t in {"test", "tests", "testing", "local", "dev", "development", "tmp", "temp", "scratch", "sandbox", "e2e", "fixture", "fixtures", "demo"}
}

_resource_key_words := _target_key_words | {"volume", "volumes", "index", "indices", "topic", "queue", "table", "collection", "keyspace", "schema", "snapshot", "backup", "disk", "dataset", "repo", "repository", "id"}

_third := {"remove": "removes", "rm": "removes", "prune": "prunes", "clear": "clears", "empty": "empties", "flush": "flushes", "reset": "resets", "recreate": "recreates"}

# the tool's part of its name (MCP: after the server), lower case
_tool_part := lower(parts[count(parts) - 1]) if {
	is_string(input.facts.tool.name)
	parts := split(input.facts.tool.name, "__")
	count(parts) > 0
}

_verb_noun_re := `(?:^|[_.-])(remove|rm|prune|clear|empty|flush|reset|recreate)[_-]?(?:all[_-]?)?(volumes?|databases?|dbs?|buckets?|clusters?|namespaces?|repositor(?:y|ies)|repos?|index(?:es)?|indices|topics?|queues?|tables?|collections?|keyspaces?|schemas?|snapshots?|backups?|disks?|datasets?|stacks?|persistent_?volumes?|persistent_?volume_?claims?|pvcs?|pvs?|file_?systems?|blob_?containers?|registr(?:y|ies))(?:[_-](?:force|forced|forcefully|permanently|recursive|recursively|by_?name|by_?id|if_?exists|all|v\d+))*$`

_noun_verb_re := `(?:^|[_.-])(volumes?|databases?|buckets?|clusters?|namespaces?|repositor(?:y|ies)|index(?:es)?|indices|topics?|queues?|collections?|keyspaces?|snapshots?|backups?|disks?|datasets?|pvcs?)[_-]?(remove|rm|prune|clear|empty|flush|reset)(?:[_-](?:force|forced|permanently|recursive|all))*$`

# A verb that destroys in context (uninstall, evict, drain, flush, prune, reset, rollback,
# remove, stop, scale, …: settings.scoped_destroy_tool_verbs) acting on what looks like
# production (a namespace/environment/cluster/release/… value whose words include
# settings.production_target_words) or on a whole scope (`all: true`, `"*"`, a tool named
# `…_all`): mcp__helm__uninstall_release {"namespace": "production"}, evict_pods {"all": true}.
# The same verbs on a named development target pass (uninstall_package left-pad).
_structured_ask contains msg if {
	_structured
	some verb in _scoped_verbs
	verb in _words
	not _unscoped_destroy_verb
	some scope in _broad_scope
	msg := sprintf("`%s` (its name says `%s`) acts on what looks like %s: it may not be undoable. Approve only if you meant it.", [input.facts.tool.name, verb, scope])
}

_scoped_verbs := {lower(v) | some v in _setting_array("scoped_destroy_tool_verbs"); is_string(v)}

_production_words := {lower(v) | some v in _setting_array("production_target_words"); is_string(v)}

_setting_array(name) := v if {
	name == "scoped_destroy_tool_verbs"
	v := settings.value("scoped_destroy_tool_verbs")
	is_array(v)
} else := v if {
	name == "production_target_words"
	v := settings.value("production_target_words")
	is_array(v)
} else := []

# already asked by the rule above (delete_*, destroy_*)
_unscoped_destroy_verb if {
	some verb in settings.value("destructive_tool_verbs")
	verb in _words
}

_target_key_words := {
	"namespace", "namespaces", "ns", "environment", "environments", "env", "envs", "cluster", "clusters", "context",
	"stage", "release", "releases", "deployment", "deployments", "app", "application", "service", "services",
	"database", "db", "instance", "instances", "project", "stack", "workspace", "target", "targets", "name", "node",
	"nodes", "bucket", "space", "tier", "site", "server", "account", "tenant", "org", "organization", "group",
}

_broad_scope contains scope if {
	some [path, v] in _tool_input_nodes
	is_string(v)
	count(v) <= 256
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	some kw in regex.split(`[^a-z0-9]+`, lower(k))
	kw in _target_key_words
	some t in regex.split(`[^a-z0-9]+`, lower(v))
	t in _production_words
	scope := sprintf("production (%s: `%s`)", [k, v])
}

_broad_scope contains scope if {
	some [path, v] in _tool_input_nodes
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	_whole_value(lower(k), v)
	scope := sprintf("a whole scope (%s)", [k])
}

_broad_scope contains "a whole scope (`all` in its name)" if "all" in _words

_whole_value(k, true) if replace(replace(k, "_", ""), "-", "") in {"all", "allnamespaces", "everything", "allreleases", "allresources", "allkeys", "allpods", "allinstances", "wholenamespace"}

_whole_value(k, v) if {
	is_string(v)
	v in {"*", "_all", "all", "--all"}
	some kw in regex.split(`[^a-z0-9]+`, k)
	kw in _target_key_words
}

# a file tool's delete (mcp__fs__delete_file {"path": …}) is judged by the path policies
_only_paths if {
	count([p | some p in input.facts.paths; p.source == "tool_input"]) > 0
	count([k | some k, v in _tool_input; not _path_field(k, v)]) == 0
}

_path_field(k, _) if {
	some p in input.facts.paths
	p.source == "tool_input"
	startswith(p.field, k)
}

_path_field(k, v) if {
	not is_string(v)
	is_boolean(v)
}

# the tool reads secrets by name (read by output_redaction too)
reads_secrets if {
	_structured
	_secret_tool
	some verb in settings.value("secret_tool_read_verbs")
	verb in _words
}

# … and returns their values, not only names (`mcp__vault__read`, `get_secret_value`,
# `mcp__1password__get_item`; `list_secrets` does not): output_redaction withholds its output
reads_secret_values if {
	reads_secrets
	some w in _words
	w in _value_verbs
	not _secret_names_only # `kubectl_get secrets -o name`: names, which the ask rule lets through too
}

# the read verbs of secret_tool_read_verbs that return values, not only names
_value_verbs := {"get", "read", "fetch", "show", "reveal", "retrieve", "export", "dump", "view", "download", "access", "decrypt", "unseal", "lookup", "copy"}

reads_secret_values if secret_value_read

_structured_ask contains msg if {
	reads_secrets
	not secret_value_read
	not _secret_names_only
	msg := sprintf("`%s` reads secrets by name: its output is a credential that would reach the model. Ask the user for the specific value instead, or approve if it only lists names you need.", [input.facts.tool.name])
}

# A secret store's value read (GCP Secret Manager's access_secret_version, AWS Secrets
# Manager's GetSecretValue, SSM parameters decrypted, Azure Key Vault's get_secret, Vault's
# read/kv_get, 1Password/Bitwarden/Doppler/Infisical item reads, a Kubernetes Secret asked
# for as YAML/JSON/its data): the value reaches the model, like `aws secretsmanager
# get-secret-value` or `kubectl get secret -o yaml` in the shell, which are denied.
_structured_deny contains msg if {
	secret_value_read
	msg := sprintf("Blocked: `%s` reads a secret's value from a secret store: the credential would reach the model (the shell's equivalent is blocked too). Ask the user for what you need from it, or list the secret names only.", [input.facts.tool.name])
}

# by the tool's name or server: a secret-manager tool with a verb that returns values
secret_value_read if {
	_structured
	_secret_store_tool
	some w in _words
	w in _value_verbs
	not _metadata_tool
}

# by the operation it is given (a generic cloud tool: {"operation": "GetSecretValue"})
secret_value_read if {
	_structured
	some [_, v] in _tool_input_nodes
	is_string(v)
	count(v) <= 64
	regex.replace(lower(v), `[^a-z0-9]`, "") in {
		"getsecretvalue", "batchgetsecretvalue", "accesssecretversion", "secretsaccess",
		"secretmanagersecretsversionsaccess", "getsecretversionvalue",
	}
}

# a tool that returns a resource's credential material by its name's words (Azure's
# `storage_account_keys_list`/`list_keys`, `list_connection_strings`, an IAM `create_access_key`,
# a shared access signature): the keys and connection strings are the credentials themselves,
# like `az storage account keys list` in the shell, which is denied
secret_value_read if {
	_structured
	_credential_material_tool
	some w in _words
	w in _credential_verbs
	not _key_ids_listing
}

# values asked for by a flag (a platform's env listing with `decrypt: true`, `withDecryption`,
# `reveal`, `showValues`): the values are the deployment's secrets
secret_value_read if {
	_structured
	_env_tool
	some [path, v] in _tool_input_nodes
	_truthy(v)
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	regex.replace(lower(k), `[^a-z]`, "") in {
		"decrypt", "decrypted", "withdecryption", "decryption", "reveal", "revealed", "showvalues", "showvalue",
		"includevalues", "includevalue", "withvalues", "showsecrets", "plaintext", "unmask", "unmasked",
	}
}

# a password store's find/search/lookup of a password or credential (the keychain's
# find_generic_password, find_internet_password): the item's secret is what it returns
secret_value_read if {
	_structured
	some w in _words
	w in {"password", "passwords", "credential", "credentials", "passphrase", "privatekey", "apikey", "token", "tokens"}
	some f in _words
	f in {"find", "search", "lookup", "query"}
	_secret_store_tool
}

_credential_verbs := {"get", "list", "show", "fetch", "read", "retrieve", "reveal", "export", "dump", "view", "create", "regenerate", "renew", "rotate", "generate", "new"}

# the tool's own name, lowercased, letters and digits only (storageAccountListKeys ->
# storageaccountlistkeys), for the compound words below
_name_joined := regex.replace(lower(regex.replace(input.facts.tool.name, `^mcp__.*__`, "")), `[^a-z0-9]`, "") if is_string(input.facts.tool.name) else := ""

_credential_material_tool if {
	some part in {
		"accesskey", "accountkey", "storagekey", "connectionstring", "sharedaccesskey", "sastoken", "masterkey",
		"adminkey", "rulekeys", "functionkeys", "querykey", "servicekey", "listkeys", "keyslist", "getkeys",
		"regeneratekey", "authorizationkey",
	}
	contains(_name_joined, part)
}

# IAM's access key listing returns the keys' IDs and state, never a secret: asked (below), not denied
_key_ids_listing if {
	"list" in _words
	"access" in _words
	some w in _words
	w in {"key", "keys"}
	not "connection" in _words
}

_secret_tool if _credential_material_tool

# a platform's environment variables by the short name (vercel's list_env, get_env): asked
# for with their values decrypted (below); a listing alone passes like `vercel env ls`
_env_tool if _secret_tool

_env_tool if {
	some w in _words
	w in {"env", "envs", "dotenv", "environment", "environments", "variable", "variables", "vars", "config", "settings"}
}

# a GCP secret version's resource name given to an access verb (…/versions/latest:access)
secret_value_read if {
	_structured
	some [_, v] in _tool_input_nodes
	is_string(v)
	count(v) <= 512
	regex.match(`(?i)^(//secretmanager\.googleapis\.com/)?projects/[^/]+/(locations/[^/]+/)?secrets/[^/]+/versions/[^/:]+(:access)?$`, v)
	_gcp_access(v)
}

# AWS SSM parameters read with decryption (get_parameter(s), get_parameters_by_path)
secret_value_read if {
	_structured
	some w in _words | _server_words
	w in {"ssm", "parameter", "parameters", "parameterstore"}
	some g in {"get", "read", "fetch", "retrieve"}
	g in _words
	some [path, leaf] in _tool_input_nodes
	leaf == true
	count(path) > 0
	k := path[count(path) - 1]
	is_string(k)
	regex.replace(lower(k), `[^a-z]`, "") in {"withdecryption", "decrypt", "decryption", "withdecrypt"}
}

# a Kubernetes Secret asked for in a format that shows its data (output: yaml/json, a
# jsonpath/template of .data); names, wide tables and describe show none
secret_value_read if {
	_structured
	_kube_secret_kind
	some k in _output_keys
	out := object.get(_tool_input, k, "")
	is_string(out)
	_data_output(lower(trim_space(out)))
}

# the fields of a kubectl-like tool that choose its output format
_output_keys := {"output", "outputFormat", "output_format", "format", "o"}

_gcp_access(v) if endswith(lower(v), ":access")

_gcp_access(_) if "access" in _words

_data_output(o) if o in {"yaml", "json", "yml"}

_data_output(o) if {
	some p in {"jsonpath", "go-template", "template", "custom-columns"}
	startswith(o, p)
	some d in {".data", "stringdata", "{.}", "{@}", "range .items", "\"data\"", "'data'", "{.items}", "{.items[*]}"}
	contains(o, d)
}

_data_output(o) if {
	some p in {"go-template", "template"}
	startswith(o, p)
}

# the store's own name or words say secret (not a platform's env vars, not a resource kind)
_secret_store_tool if {
	some w in settings.value("secret_tool_words")
	w in _words
}

_secret_store_tool if {
	some w in settings.value("secret_tool_servers")
	w in _server_words
}

# the tool reads a secret's metadata, names, versions' list or policy, not its value
_metadata_tool if {
	some w in _words
	w in {"list", "describe", "metadata", "names", "tags", "policy", "policies", "acl", "permissions", "rotation", "search", "find", "count", "exists", "history"}
}

# a Kubernetes resource field naming Secrets
_kube_secret_kind if {
	some k in {"kind", "resource", "resource_type", "resourceType", "type", "object_type", "objectType"}
	value := object.get(_tool_input, k, "")
	is_string(value)
	lower(value) in {"secret", "secrets", "v1/secret", "secret/v1"}
}

# Only names or metadata of secrets: a kubectl tool's Secret listing without a format that
# shows data (the shell's `kubectl get secrets -n x` passes too), or a list/describe tool of
# a store whose listing returns no values (Vault, AWS, GCP, Azure, 1Password list names;
# Bitwarden's, Doppler's and Infisical's listings carry the values and still ask)
_secret_names_only if {
	_kube_secret_kind
	_kube_names_output
	not _kube_value_verb
	not _secret_store_tool
}

# kubectl's own default (a table of names, types and key counts), or a names-only format;
# a generic resource tool (resources_get) returns the whole object and still asks
_kube_names_output if {
	"kubectl" in _words
	count([k | some k in _output_keys; object.get(_tool_input, k, null) != null]) == 0
}

_kube_names_output if {
	some k in _output_keys
	out := object.get(_tool_input, k, null)
	is_string(out)
	lower(trim_space(out)) in {"name", "wide", "table"}
}

_kube_names_output if "describe" in _words

_secret_names_only if {
	_secret_store_tool
	_metadata_tool
	not _valued_listing_server
	not "value" in _words
	not "values" in _words
}

_kube_value_verb if {
	some w in _words
	w in {"read", "fetch", "reveal", "export", "dump", "decode", "decrypt", "view", "show"}
}

_valued_listing_server if {
	some w in _server_words | _words
	w in {"bitwarden", "bw", "doppler", "infisical", "lastpass", "passbolt", "env", "envs", "dotenv"}
}

_secret_tool if {
	some w in settings.value("secret_tool_words")
	w in _words
}

# a generic resource tool asked for secrets (mcp__kubernetes__resources_get {"kind": "Secret"})
_secret_tool if {
	some k in {"kind", "resource", "resource_type", "resourceType", "type", "object_type", "objectType"}
	value := object.get(_tool_input, k, "")
	is_string(value)
	lower(value) in {"secret", "secrets", "v1/secret"}
}

# a platform's environment variables (list_env_vars, get_environment_variables, CI/CD
# variables): their values are the deployment's secrets
_secret_tool if {
	some e in {"env", "envs", "environment", "environments", "ci", "cicd", "pipeline", "project", "deployment"}
	e in _words
	some v in {"var", "vars", "variable", "variables"}
	v in _words
}

# any read of a secret manager's server (mcp__vault__read, mcp__doppler__list)
_secret_tool if {
	some w in settings.value("secret_tool_servers")
	w in _server_words
}

# A local service that holds secrets or runs code: any tool (WebFetch, an MCP fetch, a
# shell command's URL: facts.effects.network)
_net_ask contains msg if {
	some net in object.get(_effects, "network", [])
	_local_host(net.host)
	some svc in settings.value("local_secret_services")
	object.get(net, "port", 0) == svc.port
	path := lower(object.get(net, "path", "/"))
	_service_path(svc, path)
	msg := sprintf("`%s` reaches %s on this machine (port %d): it hands out secrets or runs containers with the machine's rights. Approve only if you meant it.", [net.url, svc.name, svc.port])
}

# The Kubernetes API's Secrets (`/api/v1/secrets`, `/api/v1/namespaces/NS/secrets[/name]`),
# by any tool and on any host: the in-cluster API (kubernetes.default.svc, its service IP),
# a proxy or a remote API server hand out every Secret's value, like `kubectl get secret -o
# yaml`: denied. The path is the Kubernetes API's own, whatever the host is called.
deny contains msg if {
	some net in object.get(_effects, "network", [])
	_kube_secrets_path(lower(object.get(net, "path", "/")))
	msg := sprintf("Blocked: `%s` reads Secrets from the Kubernetes API: their values are the cluster's credentials and must not reach the model. List names with `kubectl get secrets` instead.", [net.url])
}

_kube_secrets_path(path) if regex.match(`^/+api/+v1/+(namespaces/+[^/]+/+)?secrets(/|$)`, path)

# The in-cluster Kubernetes API itself (kubernetes.default.svc, its usual service IPs, a host
# spelled from $KUBERNETES_SERVICE_HOST): the pod's service account acts on the cluster
_net_ask contains msg if {
	some net in object.get(_effects, "network", [])
	_in_cluster_api(lower(object.get(net, "host", "")))
	not _kube_secrets_path(lower(object.get(net, "path", "/")))
	msg := sprintf("`%s` calls the in-cluster Kubernetes API with this pod's service account: it can read and change the cluster. Approve only if you meant it.", [net.url])
}

_in_cluster_api(host) if trim_right(host, ".") in {
	"kubernetes", "kubernetes.default", "kubernetes.default.svc", "kubernetes.default.svc.cluster.local",
	"10.96.0.1", "10.100.0.1", "172.20.0.1", "10.43.0.1", "10.152.183.1",
}

_in_cluster_api(host) if contains(host, "kubernetes_service_host")

# The container runtime's API socket as a URL (http+unix://%2Fvar%2Frun%2Fdocker.sock/…,
# unix:///var/run/docker.sock): like the socket given to curl --unix-socket
_net_ask contains msg if {
	some net in object.get(_effects, "network", [])
	url := lower(replace(replace(net.url, "%2F", "/"), "%2f", "/"))
	some sock in settings.value("container_sockets")
	contains(url, sock)
	msg := sprintf("`%s` talks to the container runtime's API socket directly: that API starts containers with this machine's root and reads their secrets. Use the docker/podman CLI so the other checks apply, or approve if you meant it.", [net.url])
}

_local_host(host) if host in {h | some h in settings.value("local_hosts")}

_local_host(host) if startswith(host, "127.")

_local_host(host) if endswith(host, ".localhost")

_service_path(svc, path) if {
	some prefix in svc.paths
	startswith(path, lower(prefix))
	not _service_except(svc, path)
	_service_contains(svc, path)
}

# The container runtime's API socket spoken to directly (curl --unix-socket
# /var/run/docker.sock …, socat, an MCP tool given the socket): it starts containers
# with the host's root and reads every container's environment.
ask contains msg if {
	some p in input.facts.paths
	p.name in _container_sockets
	_speaks_http(p)
	msg := sprintf("`%s` talks to the container runtime's API socket directly: that API starts containers with this machine's root and reads their secrets. Use the docker/podman CLI so the other checks apply, or approve if you meant it.", [p.raw])
}

# (a rule: the setting read and the set built once per evaluation, not once per path)
_container_sockets := {s | some s in settings.value("container_sockets")}

_speaks_http(p) if {
	p.source == "argument"
	seg := data.claude_rego.lib.shell.segments[p.segment]
	seg.name in {"curl", "wget", "socat", "nc", "ncat", "netcat", "http", "https", "xh", "python", "python3", "node"}
}

_speaks_http(p) if {
	p.source == "tool_input"
	_structured
}

_service_except(svc, path) if {
	some e in object.get(svc, "except", [])
	startswith(path, lower(e))
}

_service_contains(svc, _) if not svc.contains

_service_contains(svc, path) if contains(path, svc.contains)

# ---------------------------------------------------------------- another guard's configuration
# An MCP tool that sets a configuration value (desktop-commander's set_config_value, or any
# tool named set/update/write_config/setting): changing what another server forbids or
# allows (blockedCommands, allowedDirectories, allowedCommands, defaultShell, sandboxing)
# weakens a guard like editing this pack's settings. Emptied lists and the whole file system
# or home directory as allowed are denied; other changes to those keys ask.
_config_setter if regex.match(`(?i)(^|__)(set|update|write|change|edit)_?(config|configuration|settings?)(_?value)?$`, input.facts.tool.name)

_guard_keys := {"blockedcommands", "allowedcommands", "alloweddirectories", "defaultshell", "blockedpaths", "allowedpaths", "sandbox", "permissions", "readonly", "allowwrite"}

_config_keys contains key if {
	_config_setter
	some f in ["key", "name", "setting", "configKey", "config_key"]
	k := _tool_input[f]
	is_string(k)
	key := lower(k)
}

_config_value := object.get(_tool_input, "value", null)

deny contains msg if {
	some key in _config_keys & _guard_keys
	_opens_everything(key, _config_value)
	msg := sprintf("Blocked: `%s` sets `%s` so that the server's guard no longer limits anything. Ask the user to change this setting.", [input.facts.tool.name, key])
}

ask contains msg if {
	some key in _config_keys & _guard_keys
	not _opens_everything(key, _config_value)
	msg := sprintf("`%s` changes `%s`, which decides what another tool server allows. Approve only if intended.", [input.facts.tool.name, key])
}

_opens_everything(_, v) if v == []

_opens_everything(_, v) if v == ""

_opens_everything(_, v) if v == null

_opens_everything(key, v) if {
	key in {"alloweddirectories", "allowedpaths"}
	some d in _as_list(v)
	trim_right(d, "/") in {"", "~", "$HOME", input.facts.home, "C:", "C:\\"}
}

_as_list(v) := v if is_array(v)

else := [s | some part in split(v, ","); s := trim_space(part)] if is_string(v)

else := []

# ---------------------------------------------------------------- forge protections

# A forge's protections changed through its API: branch protection and rulesets
# (update_branch_protection, delete_ruleset, required reviews or status checks switched off),
# security alerts dismissed (code scanning, Dependabot, secret scanning), a repository made
# public, a deploy key added. Who must review what merges and what is exposed is the
# security team's call, not the agent's: asked. Reading them (get_branch_protection,
# list_alerts) passes.
_structured_ask contains msg if {
	_structured
	some hint in _protection_changes
	msg := sprintf("`%s` %s: who must review what merges, or what is exposed, is not the agent's call. Approve only if you meant it.", [input.facts.tool.name, hint])
}

_protection_changes contains "changes a branch's protection or a ruleset" if {
	regex.match(`(branchprotection|protectedbranch|ruleset|requiredstatuschecks|requiredpullrequestreviews|requiredsignatures|enforceadmins|protection)`, _name_joined)
	regex.match(`^(update|delete|remove|disable|set|put|patch|edit|unprotect|replace|create)`, _name_joined)
}

_protection_changes contains "dismisses or closes a security alert" if {
	regex.match(`(dismiss|close|resolve|ignore|update)`, _name_joined)
	regex.match(`(codescanning|secretscanning|dependabot|vulnerabilit|securityalert|advisor)`, _name_joined)
}

_protection_changes contains "makes a repository public" if {
	regex.match(`(update|edit|set|patch|change)(repo|repository|project|visibility)`, _name_joined)
	_makes_public
}

_makes_public if {
	some k in {"private", "is_private", "isPrivate"}
	object.get(_tool_input, k, null) == false
}

_makes_public if {
	some k in {"visibility", "visibility_level"}
	lower(object.get(_tool_input, k, "")) in {"public", "20"}
}

_protection_changes contains "adds a deploy key" if {
	regex.match(`(create|add|upload)deploykey`, _name_joined)
}

# the 3 ask bodies that open with `some net in object.get(_effects, "network", [])`, behind
# one test (most commands have none: one body visited, not 3)
ask contains msg if {
	count(object.get(_effects, "network", [])) > 0
	some msg in _net_ask
}
