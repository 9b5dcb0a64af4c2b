# METADATA
# title: Commands that print or mint credentials
# description: >-
#   A data-driven table of commands whose job is to print a credential or create one,
#   by family: secret managers (vault, aws secretsmanager/ssm/kms, gcloud/az secrets,
#   infisical, chamber, doppler, sops, akeyless, conjur, berglas, teller, aws-vault),
#   password managers (bw, rbw, lpass, op, gopass/pass/passage, keepassxc-cli), keyrings
#   and git credential helpers (keyctl, kwallet-query, git credential-store get, security
#   export), platform configuration dumps (heroku config, netlify env:list, railway
#   variables, firebase functions:config:get, terraform state pull, pulumi --show-secrets,
#   my_print_defaults, cloud key listings and login tokens) and credential creation (aws iam
#   create-access-key, az ad sp create-for-rbac, gcloud iam service-accounts keys create,
#   npm token create, …): denied. Asked: output that may hold credentials (a named
#   terraform output printed by name (-raw/-json or plain) whose name says credential, or -json
#   piped into a stage that picks such a value out, docker inspect of a container's environment,
#   env dumped inside a container, gpg/age decryption to the terminal, vercel env pull).
#   Also `declare -p TOKEN`-style prints of a secret-named variable and `pass NAME`.
#   Complements secrets_access's flat `credential_commands` list (the older entries,
#   all denied, stay there: gcloud auth print-access-token, vault kv get, op read, bw get,
#   pass show, aws secretsmanager get-secret-value, …; a command is listed in one place,
#   so a call gets one reason, except `security find-*-password -w|-g`, repeated here so
#   flag clusters such as `-wa` match); the table can be replaced with the
#   `credential_families` setting. A one-letter flag also matches inside a cluster
#   (`gpg -qd`).
# custom:
#   severity: critical
#   rationale: >-
#     File reads of credentials are judged by path; commands that fetch a secret from a
#     store print it just the same, and a freshly minted key is printed once, into the
#     model's context. The rule follows the effect (the output is a credential), so the
#     table is organised by what each family of tools does, not by one spelling: a new
#     tool is one line. Read-only calls that print no secret values (terraform plan,
#     plain terraform output, vault kv list, docker inspect --format of a state field,
#     printenv PATH) pass.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.credential_output

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

instead := "Ask the user to run it themselves and share only the non-secret part you need, or reference the secret by name (an environment variable the tool reads)."

# family → {verdict: deny|ask, effect: what the command does, commands: [[program, word, …]],
# unless: [word, …], filters: [option, …]}. A command matches when its program is the first
# word and every other word is among its arguments (any order; `a|b` is either; a `--flag`
# also matches `--flag=…`); `unless` words exempt a match (an output file instead of the
# terminal), and so does a `filters` option whose value picks no field where secrets live.
families := f if {
	f := settings.value("credential_families")
	is_object(f)
} else := {}

# Only the programs the command runs that a family may list are looked up in its commands:
# a pass that splits every entry of the table costs ~0.3 ms per evaluation, the JSON text
# of each family's programs (["gopass|pass|passage", "bw", …]) a few µs, and a substring
# test per family and program. A superset (`pass` is in `gopass`): the exact test is
# `n in split(cmd[0], "|")` in _hits.
_family_programs := {name: json.marshal([cmd[0] | some cmd in fam.commands]) | some name, fam in families}

# A name the table lists as a program appears in the JSON text of the whole table between
# two of `"` and `|` (`"gopass|pass|passage"`): with every `"` made a `|`, as `|name|`. One
# substring test per program run, before the per-family tests above (a single-letter name
# such as `x` is in most families' text, rarely a word of its own).
_families_text := replace(json.marshal(families), `"`, "|")

_listed_names contains n if {
	some n in data.claude_rego.lib.shell.names
	contains(_families_text, concat("", ["|", n, "|"]))
}

_candidates contains [n, name] if {
	some n in _listed_names
	some name, text in _family_programs
	contains(text, n)
}

# a name JSON would escape (a quote, a backslash, a control or HTML character) may not
# appear as written: every family is looked at
_candidates contains [n, name] if {
	some n in data.claude_rego.lib.shell.names
	json.marshal(n) != concat("", [`"`, n, `"`])
	some name, _ in families
}

_hits contains entry if {
	some [n, name] in _candidates
	fam := families[name]
	some cmd in fam.commands
	is_string(cmd[0])
	n in split(cmd[0], "|")
	some ran in {n} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	every word in array.slice(cmd, 1, count(cmd)) {
		_has_or_cluster(seg, word)
	}
	not _exempt(seg, fam)
	entry := [name, seg.id]
}

_has_or_cluster(seg, word) if _has(seg, word)

# a one-letter flag inside a cluster of one-letter flags (security find-generic-password -wa,
# gpg -qd): exemptions (`unless`) never match this way
_has_or_cluster(seg, word) if {
	is_string(word)
	some alt in split(word, "|")
	startswith(alt, "-") # (the cheap tests before each regex)
	count(alt) == 2
	regex.match(`^-[A-Za-z]$`, alt)
	some a in shell.args(seg)
	startswith(a, "-")
	regex.match(`^-[A-Za-z]{2,4}$`, a)
	contains(a, substring(alt, 1, 1))
}

_has(seg, word) if {
	is_string(word)
	args := shell.args(seg) # (once, not once per alternative)
	some alt in split(word, "|")
	alt in args
}

# `--flag` also matches `--flag=…`
_has(seg, word) if {
	is_string(word)
	some alt in split(word, "|")
	startswith(alt, "-")
	some a in shell.args(seg)
	startswith(a, concat("", [alt, "="]))
}

_exempt(seg, fam) if {
	some word in object.get(fam, "unless", [])
	_has(seg, word)
}

# a family whose output a filter option narrows (`filters`: aws/az `--query`, gcloud
# `--format` with a projection) to named leaf fields known to hold no secret passes: `aws
# lambda get-function-configuration --query LastUpdateStatus`, `--query
# 'Configuration.[State,Runtime]'`, `gcloud run services describe api --format
# 'value(status.url)'`, az's `--query '[].name'`. An allowlist: every field the filter names
# is a known status, name or URL field (or a parent such as Configuration, taskDefinition,
# status, metadata that only leads to one), and the last field of each path is a leaf. A
# whole object (`--query Configuration`, `taskDefinition`), `@`, a function, a wildcard or
# filter projection, a quoted or escaped name, a format with no projection (`--format json`,
# `export`, `json[no-heading]`), a key transform, or the debug output that logs the whole
# response (`--debug`, `--log-http`, `--verbosity=debug`) stays judged.
_exempt(seg, fam) if {
	opts := {o | some o in object.get(fam, "filters", []); is_string(o)}
	count(opts) > 0
	v := shell.option_value(seg, opts)
	is_string(v)
	_safe_filter(trim_space(v))
	not _logs_response(seg)
}

_logs_response(seg) if {
	some a in shell.args(seg)
	a in {"--debug", "--log-http", "--verbosity=debug", "--trace"}
}

_logs_response(seg) if shell.option_value(seg, {"--verbosity"}) == "debug"

# JMESPath (aws/az --query): a path, or a multiselect list/hash of paths, after an optional
# path or [] / [N] prefix
_safe_filter(v) if {
	regex.match(_jmes_re, v)
	_safe_fields(v)
}

# gcloud --format: FORMAT(KEY, KEY…) or FORMAT[no-heading|box|separator=…](KEY…)
_safe_filter(v) if {
	some m in regex.find_all_string_submatch_n(_gcloud_format_re, v, 1)
	_safe_fields(m[1])
}

_ident := `[A-Za-z_][A-Za-z0-9_]*`

_idx := `(?:\[[0-9]{0,4}\])`

_seg_re := concat("", [_ident, _idx, "*"])

_path_re := concat("", [`(?:`, _idx, `+\.)?`, _seg_re, `(?:\.`, _seg_re, `)*`])

_list_re := concat("", [`\[ *`, _path_re, `(?: *, *`, _path_re, `)* *\]`])

_hash_re := concat("", [`\{ *`, _ident, ` *: *`, _path_re, `(?: *, *`, _ident, ` *: *`, _path_re, `)* *\}`])

_jmes_re := concat("", [`^(?:(?:`, _idx, `+|`, _path_re, `)\.)?(?:`, _path_re, `|`, _list_re, `|`, _hash_re, `)$`])

_gcloud_format_re := concat("", [
	`^(?i:value|json|yaml|csv|tsv|table|list|text|flattened|default|object|get)`,
	`(?:\[(?:no-heading|box|separator=[^\]\[()]{0,8}|terminator=[^\]\[()]{0,8})(?:,(?:no-heading|box|separator=[^\]\[()]{0,8}|terminator=[^\]\[()]{0,8}))*\])?`,
	`\( *(`, _path_re, `(?: *, *`, _path_re, `)*) *\)$`,
])

# every name in the filter is a known field: one followed by `.` (a step) is a parent or a
# leaf, a hash label (`{url: status.url}`) is only a name in the output, any other is a leaf
_safe_fields(v) if {
	found := regex.find_all_string_submatch_n(`([A-Za-z_][A-Za-z0-9_]*)((?:\[[0-9]{0,4}\])*)( *:|\.)?`, v, 65)
	count(found) > 0
	count(found) <= 64 # (every name is looked at: a longer filter stays judged)
	every m in found {
		_safe_field(m[1], trim_space(m[3]))
	}
}

_safe_field(_, sep) if sep == ":"

_safe_field(name, ".") if lower(name) in _safe_parents

_safe_field(name, ".") if lower(name) in _safe_leaves

_safe_field(name, "") if lower(name) in _safe_leaves

# objects that only lead to the leaves below (never a map of user-named keys: Environment,
# Variables, env, containerDefinitions, spec, serviceConfig, appsettings hold secrets)
_safe_parents := {
	"configuration", "service", "taskdefinition", "status", "metadata", "conditions", "address", "traffic",
	"tracingconfig", "deadletterconfig", "layers", "code", "sourceconfiguration", "healthcheckconfiguration",
	"instanceconfiguration", "networkconfiguration", "imagerepository", "buildconfig", "httpstrigger",
	"functions", "jobdefinitions", "configurationsettings", "containers", "ephemeralstorage",
	"snapstart", "loggingconfig",
}

# leaves known to hold no secret: state, status, names, versions, URLs, times, sizes
_safe_leaves := {
	"state", "statereason", "statereasoncode", "lastupdatestatus", "lastupdatestatusreason",
	"lastupdatestatusreasoncode", "status", "functionarn", "functionname", "runtime", "version", "codesha256",
	"codesize", "lastmodified", "handler", "memorysize", "timeout", "role", "description", "packagetype",
	"revision", "family", "taskdefinitionarn", "registeredat", "deregisteredat", "cpu", "memory",
	"networkmode", "requirescompatibilities", "serviceurl", "serviceid", "servicearn", "servicename",
	"createdat", "updatedat", "url", "uri", "name", "names", "type", "reason", "message",
	"lasttransitiontime", "latestreadyrevisionname", "latestcreatedrevisionname", "observedgeneration",
	"generation", "uid", "creationtimestamp", "percent", "revisionname", "latestrevision", "tag",
	"updatetime", "createtime", "servingstatus", "versionurl", "id", "entrypoint", "availablememory",
	"maxinstancecount", "mininstancecount", "environmentname", "applicationname", "conditions", "traffic", "layers",
	"solutionstackname", "platformarn", "jobdefinitionname", "jobdefinitionarn", "slotsetting", "kind",
	"location", "arn", "repositoryurl", "imageidentifier", "imagerepositorytype", "port", "mode", "size",
	"architectures", "masterarn", "signingprofileversionarn", "signingjobarn", "sizebytes",
}

# a family whose output is a file's content (a kubeconfig: `microk8s config > ~/.kube/config`,
# `kind get kubeconfig > kind.yaml`), written to a file and not printed, never reaches the model
_exempt(seg, fam) if {
	object.get(fam, "to_file", false) == true
	_stdout_to_file(seg)
}

_stdout_to_file(seg) if {
	some r in seg.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
	object.get(r, "fd", null) in {null, 1}
	not r.dup
	not r.target in {"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2", "/proc/self/fd/1", "/proc/self/fd/2"}
}

# a credential helper stored in a CLI's configuration (`aws configure set credential_process
# "aws-vault export --format=json dev"`, `kubectl config set-credentials --exec-command=…`):
# not run now, and later its output goes to the CLI, not to the model (config_exec judges it)
_exempt(seg, _) if {
	seg.context == "config_exec"
	shell.runs_any(shell.by_id(seg.parent), {"aws", "awslocal", "kubectl", "oc"})
}

deny contains msg if {
	some [name, id] in _hits
	families[name].verdict == "deny"
	seg := shell.by_id(id)
	msg := sprintf("Blocked: `%s` %s (%s); it must not reach the model. %s", [concat(" ", seg.argv), families[name].effect, name, instead])
}

ask contains msg if {
	some [name, id] in _hits
	families[name].verdict == "ask"
	seg := shell.by_id(id)
	msg := sprintf("`%s` %s (%s). Approve only if its output holds no credential.", [concat(" ", seg.argv), families[name].effect, name])
}

# Credential-dumping tools (LaZagne, mimipenguin, mimikatz, HackBrowserData, firefox_decrypt,
# DonPAPI, …): their only job is to pull saved passwords, keys and session tokens out of
# browsers, keyrings and process memory. Denied when run by name (`./laZagne.py all`,
# `mimipenguin`) or as an interpreter's script or module (`python3 /opt/LaZagne/laZagne.py
# browsers`, `python3 -m lazagne`, `wine mimikatz.exe`); neither the case nor the extension matters.
deny contains msg if {
	some n in data.claude_rego.lib.shell.names
	_dumper(n)
	some seg in shell.running({n})
	msg := sprintf("Blocked: `%s` runs a credential-dumping tool: it extracts saved passwords, keys and tokens from browsers, keyrings or memory. %s", [concat(" ", seg.argv), instead])
}

deny contains msg if {
	some seg in _script_runners
	ops := shell.script_operands(seg)
	count(ops) > 0
	_dumper(lower(shell.basename(ops[0])))
	msg := sprintf("Blocked: `%s` runs a credential-dumping tool: it extracts saved passwords, keys and tokens from browsers, keyrings or memory. %s", [concat(" ", seg.argv), instead])
}

# the segments that run an interpreter (a family of its own: the facts layer names it in
# seg.family, "" for any other program, so that field is tested before the call) ...
_script_runners contains seg if {
	some n in data.claude_rego.lib.shell.names
	some seg in shell.running({n})
	not seg.family == ""
	shell.interpreter(seg)
}

# ... or Windows programs through wine, .NET assemblies through mono
_script_runners contains seg if {
	some ran in {"wine", "wine64", "mono"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
}

_dumper(n) if {
	is_string(n)
	stem := split(n, ".")[0]
	stem in _dumpers
}

_dumpers := {
	"lazagne", "lazagneforensic", "mimipenguin", "mimikatz", "pypykatz", "secretsdump", "impacket-secretsdump",
	"lsassy", "nanodump", "handlekatz", "hack-browser-data", "hackbrowserdata", "firefox_decrypt", "firepwd",
	"sharpchrome", "sharpdpapi", "donpapi", "dploot", "gosecretsdump", "chromepass", "webbrowserpassview",
	"3snake", "swap_digger", "keethief", "keepass-dump-masterkey", "keepass_dump", "sessiongopher",
	"credentialfileview", "netpass", "mailpassview", "browserpassview", "chrome-password-dumper",
	"chromium-decrypt", "cookie-monster", "cookiemonster", "wifi-password-dumper", "truffleproc",
}

# Whole-server database dumps carry the accounts' password hashes: pg_dumpall writes every
# role with its password (unless --no-role-passwords, or tablespaces only), and mysqldump
# of all databases or of the `mysql` database writes mysql.user. Options are matched whole
# (`-uAdmin` is a user name, not a cluster holding -A).
ask contains msg if {
	some ran in {"pg_dumpall"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not shell.has_arg(seg, {"--no-role-passwords", "-t", "--tablespaces-only", "--help", "-?", "--version", "-V"})
	msg := sprintf("`%s` dumps every database role with its password hash (credentials). Approve only if intended; `--no-role-passwords` leaves them out.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"mysqldump", "mariadb-dump"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_dumps_accounts(seg)
	msg := sprintf("`%s` dumps the `mysql` system database, which holds every account's password hash (credentials). Approve only if intended, or dump the application's databases by name.", [concat(" ", seg.argv)])
}

_dumps_accounts(seg) if shell.has_arg(seg, {"-A", "--all-databases"})

_dumps_accounts(seg) if "mysql" in shell.operands(seg)

# `pass NAME`, `gopass NAME`: with no subcommand these print the entry
_store_subcommands := {
	"init", "ls", "list", "find", "search", "show", "grep", "insert", "add", "edit", "generate", "rm", "remove",
	"delete", "mv", "rename", "cp", "copy", "git", "help", "version", "otp", "sync", "setup", "config", "clone",
	"mounts", "recipients", "templates", "audit", "fsck", "update", "env", "cat", "create", "new",
}

deny contains msg if {
	some ran in {"pass", "gopass", "passage"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := shell.operands(seg)
	count(ops) > 0
	not ops[0] in _store_subcommands
	not shell.has_short_flag(seg, {"c"})
	not shell.has_arg(seg, {"--clip", "--help"})
	msg := sprintf("Blocked: `%s` prints a password-store entry (password manager); it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# declare -p TOKEN, typeset -p AWS_SECRET_ACCESS_KEY, export -p GITHUB_TOKEN: a named print
secret_var_re := data.claude_rego.lib.secrets.secret_var_re

deny contains msg if {
	some ran in {"declare", "typeset", "export", "local", "readonly"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	shell.has_short_flag(seg, {"p"})
	some var in shell.operands(seg)
	regex.match(secret_var_re, var)
	msg := sprintf("Blocked: `%s` prints $%s, which holds a secret; it must not reach the model. Check that it is set with `test -n \"$%s\"` instead.", [concat(" ", seg.argv), var, var])
}

# terraform output -raw|-json NAME: one named value in plain text, sensitive or not (the
# whole `terraform output -json` marks sensitive values, which output redaction removes;
# a named value carries no mark). Which outputs are sensitive lives in the state, not in
# the command, so the output's name decides: one that names a credential is asked about
# (`db_password`, `kubeconfig`, `api_token`), `vpc_id` or `cluster_endpoint` pass.
ask contains msg if {
	some ran in {"terraform", "tofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"output" in shell.args(seg)
	_has(seg, "-json|--json|-raw|--raw")
	some name in shell.operands(seg)
	name != "output"
	regex.match(`(?i)pass|secret|token|key|cred|auth|conn|dsn|private|cert|kubeconfig|sas|pwd|login`, name)
	msg := sprintf("`%s` prints the output `%s` in plain text, even when it is marked sensitive. Approve only if that output is not a credential.", [concat(" ", seg.argv), name])
}

# terraform output NAME (no flag): a sensitive output queried by name is printed in plain
# text too (Terraform masks sensitive values only when it lists all outputs): the output's
# name decides, as above. Bare `terraform output` masks them and passes.
ask contains msg if {
	some ran in {"terraform", "tofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"output" in shell.args(seg)
	not _has(seg, "-json|--json|-raw|--raw")
	some name in shell.operands(seg)
	name != "output"
	regex.match(_tf_credential_name, name)
	msg := sprintf("`%s` prints the output `%s`; Terraform shows a sensitive output in plain text when it is queried by name. Approve only if that output is not a credential.", [concat(" ", seg.argv), name])
}

# terraform output -json | jq -r '.db_password.value': the whole -json output marks
# sensitive values (output redaction removes them), but a later stage that picks a
# credential-named output, or takes the values without naming one (map_values(.value),
# to_entries), prints them without the mark. Picking named non-credential outputs
# (`.vpc_id.value`) or names only (`keys`) passes.
ask contains msg if {
	some ran in {"terraform", "tofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"output" in shell.args(seg)
	_has(seg, "-json|--json")
	count([n | some n in shell.operands(seg); n != "output"]) == 0
	some consumer in segments
	shell.upstream(seg, consumer)
	text := concat(" ", consumer.argv)
	_unmarks_outputs(text)
	msg := sprintf("`%s | %s` takes values out of Terraform's outputs without their sensitive mark, so output redaction cannot remove them. Approve only if no picked output is a credential.", [concat(" ", seg.argv), text])
}

_tf_credential_name := `(?i)pass|secret|token|key|cred|auth|conn|dsn|private|cert|kubeconfig|sas|pwd|login`

# pulumi config get NAME: Pulumi decrypts a secret config value when it is read by name
# (`pulumi config` alone shows [secret]): a name that says credential is asked about
# (`dbPassword`, `app:apiToken`, `--path db.password`), `aws:region` passes.
ask contains msg if {
	some ran in {"pulumi"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, c in args
	c == "config"
	"get" in array.slice(args, i + 1, count(args))
	some name in shell.operands(seg)
	not name in {"config", "get"}
	regex.match(_tf_credential_name, name)
	msg := sprintf("`%s` prints the config value `%s` decrypted, even when it is a secret. Approve only if that value is not a credential.", [concat(" ", seg.argv), name])
}

# terraform state show ADDRESS: a resource's attributes in plain text; providers do not mark
# every credential attribute sensitive, so a resource whose address says credential
# (random_password.db, aws_iam_access_key.ci, tls_private_key.deploy) is asked about, and
# `aws_instance.web` passes.
ask contains msg if {
	some ran in {"terraform", "tofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, c in args
	c == "state"
	"show" in array.slice(args, i + 1, count(args))
	some name in shell.operands(seg)
	not name in {"state", "show"}
	regex.match(_tf_credential_name, name)
	msg := sprintf("`%s` prints the attributes of `%s`, which may hold a credential in plain text. Approve only if it does not.", [concat(" ", seg.argv), name])
}

_unmarks_outputs(text) if regex.match(_tf_credential_name, regex.replace(text, `(?i)\bkeys\b|to_entries|with_entries|from_entries`, ""))

_unmarks_outputs(text) if {
	contains(text, "value")
	not regex.match(`\.[A-Za-z_][A-Za-z0-9_-]*\.value`, text)
}

# terraform show -json: the state (or a plan with its prior state and variables) with every
# sensitive value in plain text (only marked beside it), unlike `terraform show`. Written to a
# file, or piped into jq that keeps only a leaf that is no value (`.resource_changes[] |
# .address`, `keys`, `length`), it passes.
ask contains msg if {
	some ran in {"terraform", "tofu", "terragrunt"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"show" in shell.args(seg)
	_has(seg, "-json|--json")
	not _stdout_to_file(seg)
	not _tf_show_narrowed(seg)
	msg := sprintf("`%s` prints the infrastructure's state or plan with its sensitive values (passwords, keys) in plain text. Approve only if none are credentials, or pick the fields you need with jq.", [concat(" ", seg.argv)])
}

_tf_show_narrowed(seg) if {
	some consumer in segments
	shell.upstream(seg, consumer)
	shell.runs_any(consumer, {"jq", "gojq", "jaq", "yq"})
	some a in array.slice(consumer.argv, 1, count(consumer.argv))
	regex.match(`(\.(address|type|name|mode|actions|provider_name|format_version|terraform_version|index)|\bkeys|\blength|\bunique)[ \t"'\])]*$`, a)
}

# docker inspect: the container's environment (Config.Env) is where its secrets live
_container_tools := {"docker", "podman", "nerdctl"}

deny contains msg if {
	some ran in _container_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"inspect" in shell.args(seg)
	fmt := shell.option_value(seg, {"--format", "-f"})
	regex.match(`(?i)\.Env\b|\.Config\s*}}|\.Config\s*\|`, fmt)
	msg := sprintf("Blocked: `%s` prints a container's environment variables, where its secrets live; they must not reach the model. Inspect the field you need (`--format '{{.State.Status}}'`).", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in _container_tools & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"inspect" in shell.args(seg)
	not shell.option_value(seg, {"--format", "-f"})
	not _inspects_non_container(seg)
	msg := sprintf("`%s` prints the whole container description, including its environment variables (often credentials). Approve only if none are secret, or inspect one field with --format.", [concat(" ", seg.argv)])
}

_inspects_non_container(seg) if {
	some a in shell.args(seg)
	a in {"network", "volume", "image", "node", "plugin", "context", "buildx", "manifest", "--type=image", "--type=volume", "--type=network"}
}

# docker exec c env, kubectl exec pod -- printenv: an environment dump inside a container
ask contains msg if {
	some ran in (_container_tools | {"kubectl", "oc"}) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"exec" in shell.args(seg)
	args := shell.args(seg)
	last := args[count(args) - 1]
	last in {"env", "printenv", "set", "export"}
	msg := sprintf("`%s` prints every environment variable of the container, including its credentials. Approve only if it holds no secrets, or print the variables you need by name.", [concat(" ", seg.argv)])
}

# (the argument index read once into a rule of the package: a key test per rule below)
_arg_index := data.claude_rego.lib.shell.arg_index

# git config reading the HTTP auth header or a stored password: CI checkouts (GitHub
# Actions' actions/checkout) keep the job token as `http.<url>.extraheader`, so
# `git config --get http.https://github.com/.extraheader` or a --get-regexp that can match
# it prints the token. Reading other keys (user.name, remote.origin.url) passes.
_git_config_reads := {"--get", "--get-all", "--get-regexp", "--get-urlmatch", "get"}

_git_config_key_re := `(?i)extraheader|header|password|passwd|token|secret`

deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	_arg_index.config # (some segment has the word: before the per-segment calls)
	some seg in shell.running({"git"})
	args := shell.args(seg)
	some i, c in args
	c == "config"
	rest := array.slice(args, i + 1, count(args))
	some key in rest
	not startswith(key, "-")
	_git_config_secret_key(rest, key)
	msg := sprintf("Blocked: `%s` prints a git configuration value that holds a credential (the HTTP auth header CI checkouts store the job token in, or a password); it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

_git_config_secret_key(rest, key) if {
	regex.match(_git_config_key_re, key)
	_git_config_reading(rest)
}

# a --get-regexp pattern wide enough to reach http.*.extraheader (`http`, `.*`, `^h`)
_git_config_secret_key(rest, key) if {
	"--get-regexp" in rest
	regex.match(`^\^?(h(t(t(p(\\?\.)?)?)?)?)?(\.\*|\.\+|\.)?\$?$|^\^?http\b`, key)
}

_git_config_reading(rest) if {
	some r in rest
	r in _git_config_reads
}

# `git config KEY` (one operand, no write option): the old form of --get
_git_config_reading(rest) if {
	ops := [o | some o in rest; not startswith(o, "-")]
	count(ops) == 1
	not _git_config_writes(rest)
}

_git_config_writes(rest) if {
	some r in rest
	r in {"--unset", "--unset-all", "--add", "--replace-all", "--remove-section", "--rename-section", "-e", "--edit", "set", "unset"}
}

# Debuggers attached to a running program (gdb -p PID, gdb attach, lldb --attach-pid): a
# core dump or a memory dump (`-ex gcore`, `generate-core-file`, `dump memory`, lldb
# `process save-core`, `memory read`) copies the program's secrets out; attaching without
# a visible dump asks (it can read any of that memory).
_debuggers := {"gdb", "gdb-multiarch", "cgdb", "lldb", "rust-gdb", "rust-lldb"}

_memory_dump_re := `(?i)(^|[^a-z-])(gcore|generate-core-file|dump[ \t]+(binary[ \t]+)?(memory|value|mem)|append[ \t]+(binary[ \t]+)?memory|process[ \t]+save-core|memory[ \t]+(read|find)|x/[0-9]+)`

_attaches(seg) if shell.has_arg(seg, {"-p", "--pid", "-pid", "--attach-pid", "--attach-name", "attach"})

_attaches(seg) if {
	shell.runs_any(seg, {"lldb", "rust-lldb"})
	shell.has_arg(seg, {"-n", "-w", "--wait-for"})
}

_attaches(seg) if {
	some a in shell.args(seg)
	regex.match(`^(--pid=|-pid=|--attach-pid=|--attach-name=|-p[0-9])`, a)
}

_attaches(seg) if {
	some a in shell.args(seg)
	regex.match(`(?i)(^|[^a-z])attach[ \t]+[0-9]`, a)
}

_dumps_memory(seg) if {
	some a in shell.args(seg)
	regex.match(_memory_dump_re, a)
}

deny contains msg if {
	some ran in _debuggers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_attaches(seg)
	_dumps_memory(seg)
	msg := sprintf("Blocked: `%s` dumps a running program's memory (process memory: its tokens, keys and passwords); it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

ask contains msg if {
	some ran in _debuggers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_attaches(seg)
	not _dumps_memory(seg)
	msg := sprintf("`%s` attaches a debugger to a running program: it can read the program's memory, credentials included. Approve only if intended.", [concat(" ", seg.argv)])
}

# jmap -dump:format=b,file=heap.hprof PID: a heap dump (the option carries its settings)
ask contains msg if {
	some ran in {"jmap", "jhsdb"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	regex.match(`^-dump(:|$)|^--binaryheap$`, a)
	msg := sprintf("`%s` dumps a program's heap, where its credentials live. Approve only if intended.", [concat(" ", seg.argv)])
}

# git config --list | grep -i pass: the whole configuration filtered for its credentials
# (an http.extraheader with a CI token, a url with a password, a credential helper's
# store). Listing it unfiltered, or filtered for other keys (| grep user), passes.
_git_config_lists(seg) if {
	shell.runs(seg, "git")
	args := shell.args(seg)
	some i, c in args
	c == "config"
	some a in array.slice(args, i + 1, count(args))
	a in {"--list", "-l", "list"}
}

_git_config_lists(seg) if {
	shell.runs(seg, "git")
	args := shell.args(seg)
	some i, c in args
	c == "config"
	some a in array.slice(args, i + 1, count(args))
	regex.match(`^-[a-z]*l[a-z]*$`, a)
	not a in {"-e", "-f"}
}

# (not `credential` or `key` alone: `| grep credential.helper`, `| grep signingkey` show no value)
_credential_filter_re := `(?i)pass|token|secret|auth([^o]|$)|authoriz|header|bearer|pwd|oauth|apikey|api_key|private`

deny contains msg if {
	"git" in data.claude_rego.lib.shell.names
	_arg_index.config # (some segment has the word: before the per-segment calls)
	some seg in shell.running({"git"})
	_git_config_lists(seg)
	some filter in segments
	shell.upstream(seg, filter)
	shell.runs_any(filter, {"grep", "egrep", "fgrep", "rg", "ag", "awk", "gawk", "sed", "perl", "ack", "sls", "findstr", "select-string"})
	some a in shell.args(filter)
	regex.match(_credential_filter_re, a)
	msg := sprintf("Blocked: `%s` filters the git configuration for its credentials (an auth header, a token or a password in a URL); it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# ------------------------------------------------------------- token printers by shape

# Commands that print or mint a token whatever the program: a subcommand or option word
# that names a token or an API key (`flyctl auth token`, `oc whoami -t`, `cf oauth-token`,
# `ibmcloud iam oauth-tokens`, `argocd account generate-token`, `databricks tokens create`,
# `supabase projects api-keys`, `firebase login:ci`, `heroku auth:token`, `vault token
# create`, `vault login -token-only`, `kubectl create token`, `gh auth status
# --show-token`). Listing, revoking or deleting tokens shows no value and passes
# (`npm token list`, `databricks tokens list`, `vault token revoke`), as does a token piped
# straight into a login that reads it from stdin. Programs whose words are data (grep,
# echo, jq, test runners, …) are never read this way.

_token_word_re := `^(([a-z0-9]+[-_:])*(oauth|access|identity|id|session|auth|api|bearer|refresh|deploy|personal|service|login|print|get|show|generate|create|mint|new|issue|export)?[-_:]?tokens?|([a-z0-9]+[-_:])*api[-_]?keys?|login:ci|whoami)$`

_token_options := {"-token-only", "--token-only", "--show-token", "--expose-token", "--print-token", "-show-token", "--show-secret", "--reveal"}

# the token is listed, revoked or described, not printed
_token_passing_words := {
	"list", "ls", "revoke", "delete", "rm", "remove", "del", "help", "capabilities", "revoke-self", "prune",
	"tidy", "expire", "disable", "invalidate", "set", "put", "add", "import", "unset", "secret", "secrets", "variable",
}

_token_data_programs := {
	"echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "ugrep", "sed", "gsed", "awk", "gawk", "jq", "yq",
	"gojq", "cat", "less", "head", "tail", "man", "tldr", "help", "test", "pytest", "jest", "vitest", "mocha", "go",
	"cargo", "npm", "pnpm", "yarn", "pip", "pip3", "uv", "poetry", "make", "just", "git", "python", "python3", "node",
	"ruby", "perl", "bash", "sh", "zsh", "curl", "wget", "http", "xh", "openssl", "ssh-keygen", "gpg", "code", "vim",
	"nvim", "nano", "emacs", "find", "fd", "ls", "touch", "mkdir", "cp", "mv", "rm", "tee", "xargs", "docker", "podman",
	"sort", "uniq", "wc", "cut", "tr", "diff", "export", "declare", "read", "set", "unset", "env", "printenv",
}

_token_shape(seg) if {
	w := _token_words(seg)
	some x in array.slice(w, 0, 3)
	not contains(x, "/")
	not contains(x, "=")
	not contains(x, ".")
	regex.match(_token_word_re, x)
	_token_word_minting(x, seg)
	not _token_listing(w)
}

_token_shape(seg) if {
	some a in shell.args(seg)
	lower(split(a, "=")[0]) in _token_options
}

# a keys subcommand asked for one stored key's value (`llm keys get openai`, `CLI api-keys
# show NAME`); `keys list` shows names and passes, like `token list`
_token_shape(seg) if {
	w := _token_words(seg)
	some i, x in array.slice(w, 0, 3)
	x in {"keys", "apikeys", "api-keys", "api_keys"}
	i + 1 < count(w)
	w[i + 1] in {"get", "show", "print", "reveal", "cat", "dump", "export", "value"}
}

# `whoami` alone prints a name: only with -t / --show-token (oc whoami -t) is it a token
_token_word_minting(x, seg) if {
	x != "whoami"
	not _token_word_has_passing_part(x)
}

_token_word_minting("whoami", seg) if shell.has_arg(seg, {"-t", "--show-token", "--token"})

_token_word_has_passing_part(x) if {
	some t in regex.split(`[-_:]`, x)
	t in {"list", "ls", "revoke", "delete", "rm", "remove", "del", "lookup-accessor"}
}

_token_listing(w) if {
	some x in array.slice(w, 0, 4)
	x in _token_passing_words
}

# (subcommands are lowercase: `NPM_TOKEN` is a variable's name given as data)
_token_words(seg) := [lower(a) | some a in shell.args(seg); not startswith(a, "-"); lower(a) == a]

# the token goes straight into a login that reads it from standard input
_token_into_login(seg) if {
	count(seg.redirects) == 0
	some consumer in segments
	consumer.id == seg.id + 1
	shell.upstream(seg, consumer)
	shell.has_arg(consumer, {"--password-stdin", "--with-token", "--stdin", "--token-stdin"})
}

# (every segment runs one of the names: a set lookup per program, not a call per segment)
_token_candidates contains seg if {
	some n in data.claude_rego.lib.shell.names
	not n in _token_data_programs
	some seg in shell.running({n})
	_token_shape(seg)
}

# the segments that print or mint a token shown to the caller (read by output_redaction too:
# such a command's output is the bare token)
token_printers contains id if {
	some seg in _token_candidates
	not _token_into_login(seg)
	not shell.stdout_discarded(seg)
	id := seg.id
}

ask contains msg if {
	some seg in _token_candidates
	seg.id in token_printers
	not _token_in_table(seg)
	msg := sprintf("`%s` prints or mints a token or API key (its output is a credential that would reach the model). Approve only if intended, or ask the user to run it and keep the value out of the conversation.", [concat(" ", seg.argv)])
}

# already denied by the table or by secrets_access's credential_commands: one reason per call
_token_in_table(seg) if {
	some [_, id] in _hits
	id == seg.id
}

_token_in_table(seg) if {
	n := shell.name(seg)
	some cmd in settings.value("credential_commands")
	is_array(cmd)
	cmd[0] == n
	every word in array.slice(cmd, 1, count(cmd)) {
		word in shell.args(seg)
	}
}

# ------------------------------------------------------- a store's location handed on

# A command that prints where a credential store lies, its output handed to a program that
# opens it (`llm keys path | xargs cat`, `cat "$(llm keys path)"`, `rclone config file |
# tail -1 | xargs cat`, `cat $(npm config get userconfig)`): the same read as `cat
# ~/.config/io.datasette.llm/keys.json`. Printed alone, or to a stage that only shows text
# (`llm keys path`, `| cat`, `echo "$(rclone config file)"`), it passes.
_store_locators := [
	["llm", "keys", "path"], ["rclone", "config", "file"], ["npm|pnpm", "config", "get", "userconfig"],
]

_located_store(seg) if {
	some cmd in _store_locators
	shell.name(seg) in split(cmd[0], "|")
	every word in array.slice(cmd, 1, count(cmd)) {
		_has(seg, word)
	}
}

_locator_handed_on(seg) if {
	some next in segments
	shell.upstream(seg, next)
	not shell.runs_any(next, _text_stages)
}

_locator_handed_on(seg) if {
	seg.context == "substitution"
	parent := shell.by_id(seg.parent)
	not shell.runs_any(parent, {"echo", "printf", "ls", "stat", "test", "[", "[[", "dirname", "basename", "realpath", "readlink"})
}

_text_stages := {"sort", "uniq", "head", "tail", "wc", "grep", "egrep", "fgrep", "cut", "tr", "less", "more", "cat", "column", "nl", "tee", "sed", "awk", "dirname", "basename"}

deny contains msg if {
	some ran in {"llm", "rclone", "npm", "pnpm"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_located_store(seg)
	_locator_handed_on(seg)
	msg := sprintf("Blocked: `%s` prints where a credential store lies and hands it to a program that opens it: that reads the stored keys, which must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# ------------------------------------------------------- Secret Service over D-Bus

# The desktop's secret store (GNOME Keyring, KWallet, KeePassXC's Secret Service) spoken to
# directly over D-Bus returns the stored passwords, as `secret-tool lookup` does: `gdbus call
# … --method org.freedesktop.Secret.Service.GetSecrets …`, `busctl --user call
# org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service GetSecrets
# …`, `dbus-send … org.freedesktop.Secret.Item.GetSecret`, `qdbus org.kde.kwalletd5
# /modules/kwalletd5 org.kde.KWallet.readPassword …`. Searching or introspecting
# (SearchItems, Introspect, `busctl tree`) returns object paths only and passes.
_dbus_clients := {"gdbus", "busctl", "dbus-send", "qdbus", "qdbus6", "qdbus-qt5", "qdbus-qt6", "kdbus"}

deny contains msg if {
	some ran in _dbus_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	regex.match(`(^|[.=])(GetSecrets?|readPassword|readPasswordList|readEntry|readEntryList|readMap|readMapList)$`, a)
	msg := sprintf("Blocked: `%s` asks the desktop's secret store over D-Bus for stored passwords (keyring); they must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# ------------------------------------------------------- stored password hashes by SQL

# A database client given a statement that reads the server's stored password hashes
# (pg_shadow.passwd, pg_authid.rolpassword, mysql.user.authentication_string,
# sys.sql_logins.password_hash, Oracle dba_users/sys.user$, Mongo's system.users or
# usersInfo with showCredentials): like reading /etc/shadow (tool_actions judges the same
# statements given to a database tool). Listing roles or users without them
# (`select usename from pg_shadow`, `select user, host from mysql.user`, pg_roles) passes.
_sql_clients := {
	"psql", "pgcli", "mysql", "mariadb", "mycli", "mysqlsh", "usql", "sqlcmd", "isql", "sqlplus", "sql", "mongosh",
	"mongo", "cockroach", "clickhouse-client", "clickhouse", "duckdb", "osql", "bcp", "invoke-sqlcmd",
}

_sql_hash_reads := [
	[`\bpg_shadow\b`, `\bpasswd\b|\*`],
	[`\bpg_authid\b`, `\brolpassword\b|\*`],
	[`\brolpassword\b`, `.`],
	[`\bauthentication_string\b`, `.`],
	[`\bmysql[\x60"]?\s*\.\s*[\x60"]?(user|global_priv)\b`, `\bpassword\b|\bpriv\b|\*`],
	[`\bsql_logins\b`, `\bpassword_hash\b|\*`],
	[`\bloginproperty\s*\(`, `passwordhash`],
	[`\b(dba_users|sys\.user\$)`, `\bpassword\b|\bspare4\b|\*`],
	[`\btable\s+[\x60"]?(pg_catalog\.)?(pg_shadow|pg_authid|mysql[\x60"]?\.[\x60"]?user)\b`, `.`],
	[`\bsystem\.users\b`, `.`],
	[`\bshowcredentials\b\s*["']?\s*:\s*true`, `.`],
]

deny contains msg if {
	some ran in _sql_clients & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	text := lower(concat("\n", array.concat(shell.args(seg), [object.get(seg, "stdin_literal", "")])))
	some pair in _sql_hash_reads
	regex.match(pair[0], text)
	regex.match(pair[1], text)
	msg := sprintf("Blocked: `%s` reads the database's stored password hashes (credentials to crack offline); they must not reach the model. List roles or users through a view without them (pg_roles, mysql.user's user and host) instead.", [shell.name(seg)])
}
