# METADATA
# title: Secret files
# description: >-
#   Denies reading or writing secret files: .env files (not .env.example and friends),
#   private keys (id_rsa, *.pem, *.key, …), cloud and cluster credentials (~/.aws,
#   gcloud, ~/.kube/config, ~/.docker/config.json, gh hosts.yml), .netrc, .npmrc,
#   .pypirc, .git/config — through file tools and through the shell (cat, less, cp,
#   base64, grep -r, redirects, curl -F @file, git show HEAD:.env, globs such as .e*),
#   by name and by where symlinks really lead; and commands whose job is to print a
#   credential (gcloud auth print-access-token, kubectl config view --raw, gh auth
#   token, …).
# custom:
#   severity: critical
#   rationale: >-
#     Whatever the agent reads reaches the model provider and the transcript, and can
#     be exfiltrated by a prompt injection; whatever it writes into a credential file
#     can hijack the developer's accounts. Names are compared NFKC-casefolded (.ENV and
#     fullwidth look-alikes match), both the written and the resolved path are checked
#     (symlinks), variables assigned in the same command and $HOME are expanded, shell
#     globs are tested against secret names, and words such as f=@.env or HEAD:.env are
#     split. Commands that only print names (echo .env >> .gitignore, ls) are not
#     reads.
#     Every tool is routed here, not only the file tools: what a call reads is taken
#     from its effects (any path field of any tool, MCP and unknown tools included,
#     globs matched against the secret locations), so a renamed tool or an MCP file
#     server cannot read what Read may not.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.secrets_access

import data.claude_rego.lib.paths
import data.claude_rego.lib.secrets
import data.claude_rego.lib.settings
import data.claude_rego.lib.shell
import data.claude_rego.lib.paths.touched
import data.claude_rego.lib.shell.segments
import rego.v1

instead := "Ask the user for the specific non-secret value you need, or use a placeholder such as .env.example."

# The paths judged here: a path in the text of a file written to run later (a package script,
# a recipe, a shell script: facts.effects.exec entries marked `runlater`) is not read now and
# nothing of it reaches the model by this write; what that text sends away is exfiltration's.
# (touched itself in the common case: no pass over the paths)
_judged := touched if {
	not _later_text
} else := {p | some p in touched; not _runs_later(p)}

# the judged paths that are secret (paths.is_secret tested once per path, not per rule)
_secret_judged := {p | some p in _judged; paths.is_secret(p)}

_runs_later(p) if {
	p.source != "tool_input"
	_later_text
}

_later_text if {
	input.facts.tool.class != "shell"
	count(input.facts.effects.exec) > 0
	every e in input.facts.effects.exec {
		object.get(e, "runlater", false) == true
	}
}

deny contains msg if {
	some p in _secret_judged
	not _git_metadata_only(p)
	not _creates_in_project(p)
	not _used_as_key_path(p)
	not _loaded_into_process(p)
	not _no_content_use(p)
	not _envrc_write(p)
	not _key_maintenance(p)
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. %s", [p.raw, instead])
}

# A read of a file under the home directory whose name is not known here (`cat ~/$X`,
# `base64 < "$HOME/$F"`, `cat /home/dev${SEP}.aws${SEP}credentials`): the home holds the
# developer's keys and tokens, and the name that would tell is the unknown part. Asked.
ask contains msg if {
	some p in touched
	object.get(p, "unresolved", false) == true
	_unknown_under_home(p)
	_content_read(p)
	not _no_content_use(p)
	msg := sprintf("`%s` is read from the home directory under a name that is not known here (it may be a key or a token). Approve only if you know which file it is.", [p.raw])
}

_unknown_under_home(p) if {
	h := input.facts.home
	is_string(h)
	h != ""
	abs := object.get(p, "absolute", "")
	is_string(abs)
	startswith(abs, h)
	rest := trim_prefix(abs, h)
	regex.match(`^/?[^/]*(\$|…)`, rest)
}

_content_read(p) if {
	p.source == "redirect"
	p.field == "<"
}

_content_read(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	shell.runs_any(seg, _content_readers)
}

_content_readers := {
	"cat", "tac", "head", "tail", "less", "more", "nl", "bat", "batcat", "base64", "base32", "basenc", "xxd", "od",
	"hexdump", "strings", "cp", "scp", "rsync", "tar", "zip", "gzip", "bzip2", "xz", "zstd", "openssl", "gpg", "curl",
	"wget", "nc", "ncat", "socat", "sed", "awk", "cut", "sort", "uniq", "grep", "egrep", "rg", "jq", "yq", "tee", "dd",
	"paste", "column", "fold", "rev", "tr", "iconv", "envsubst", "vim", "vi", "nano", "emacs", "view",
}

# A command that prints nothing of a secret file's contents: a count or a size (`wc -l
# .env`, `du -sh ~/.ssh`), a hash (`sha256sum .env`), grep asked only whether, how often or
# in which file a pattern occurs (`grep -q '^API_KEY=' .env && echo set`, `grep -c`, `-l`,
# `-L`), a restrictive chmod (`chmod 600 ~/.ssh/id_rsa`, `chmod go-rwx`), a find that only
# lists names (`find . -name '*.pem'`, `find ~/.ssh -name 'id_*'`, like `fd -e pem` and
# `ls`). Not when the command reads names from the file (`wc --files0-from=.env`,
# `sha256sum -c`, `file -f`), a find runs a program on what it finds (-exec, -ok, -delete)
# or hands the names to one (`| xargs cat`, `| while read f`), or grep prints lines.
_no_content_use(p) if {
	p.source == "argument"
	_no_content_segment(shell.by_id(p.segment))
}

_no_content_use(p) if {
	p.source == "redirect"
	p.field == "<"
	_no_content_segment(shell.by_id(p.segment))
}

_no_content_segment(seg) if {
	shell.runs_any(seg, {"wc", "du", "sha256sum", "sha1sum", "sha224sum", "sha384sum", "sha512sum", "md5sum", "b2sum", "b3sum", "cksum", "shasum", "sum"})
	not shell.has_arg_prefix(seg, "--files0-from")
	not _checks_a_list(seg)
}

# `sha256sum -c FILE` reads FILE as a list of names and prints them; `wc -c` counts bytes
_checks_a_list(seg) if {
	not shell.runs(seg, "wc")
	shell.has_arg(seg, {"-c", "--check"})
}

_checks_a_list(seg) if shell.has_arg_prefix(seg, "--check=")

# `sed -i 's/^DEBUG=.*/DEBUG=1/' .env`: an in-place edit of a dotenv file made only of
# substitutions without the w/e flags and of deletions prints nothing (with -i even `p` goes
# into the file); a script file (-f), `w FILE`, `e`, or any other command keeps the read.
# Only dotenv files: an edit of another secret or configuration file (.git/config, a key)
# may plant what runs later, and stays judged as a read.
_no_content_use(p) if {
	p.source == "argument"
	name := object.get(p, "name", "")
	is_string(name)
	_dotenv_name(name)
	_quiet_sed(shell.by_id(p.segment))
}

# the variable names of a dotenv file and nothing of their values (`cut -d= -f1 .env`, `awk -F=
# '{print $1}' .env`): like `grep -c`, what reaches the model is no secret (session 31)
_no_content_use(p) if {
	p.source == "argument"
	name := object.get(p, "name", "")
	is_string(name)
	_dotenv_name(name)
	_names_only(shell.by_id(p.segment))
}

_names_only_word(seg, piece) if {
	is_string(piece)
	_dotenv_name(shell.basename(piece))
	_names_only(seg)
}

# (only lines holding `=`: without -s, cut prints a line without the delimiter whole — a
# multi-line value's continuation lines, a key's body; awk needs the same guard; session 31 review)
_names_only(seg) if {
	shell.runs(seg, "cut")
	args := shell.args(seg)
	_cut_equals_delimiter(args)
	_cut_first_field(args)
	shell.has_arg(seg, {"-s", "--only-delimited"})
	not "--complement" in args
	not shell.has_arg_prefix(seg, "--output-delimiter")
}

_names_only(seg) if {
	shell.runs_any(seg, {"awk", "gawk", "mawk", "nawk"})
	args := shell.args(seg)
	_awk_equals_separator(args)
	some prog in args
	regex.match(`^\s*(NF\s*>\s*1|/=/)\s*\{\s*print\s+\$1\s*;?\s*\}\s*$`, prog)
	count([x | some x in args; not startswith(x, "-"); x != "="]) == 2 # the program and the file
}

_quiet_dotenv_edit(seg, piece) if {
	is_string(piece)
	base := shell.basename(piece)
	_dotenv_name(base)
	_quiet_sed(seg)
}

_dotenv_name(n) if {
	is_string(n)
	regex.match(`^\.env(\.[A-Za-z0-9_.-]+)?$|^[A-Za-z0-9_.-]+\.env$`, n)
}

_quiet_sed(seg) if {
	shell.runs_any(seg, {"sed", "gsed"})
	args := shell.args(seg)
	some a in args
	regex.match(`^(-i|--in-place)`, a)
	not _sed_reads_script_file(args)
	scripts := _sed_scripts(args)
	count(scripts) > 0
	every sc in scripts {
		_sed_quiet_script(sc)
	}
}

_sed_reads_script_file(args) if {
	some a in args
	regex.match(`^(-[a-zA-Z]*f|--file(=.*)?)$`, a)
}

_sed_scripts(args) := [args[i + 1] |
	some i, opt in args
	opt in {"-e", "--expression"}
	i + 1 < count(args)
] if {
	"-e" in args
} else := [args[j + 1] |
	some j, long in args
	long == "--expression"
	j + 1 < count(args)
] if {
	"--expression" in args
} else := [ops[0]] if {
	ops := [w | some w in args; not startswith(w, "-")]
	count(ops) > 1
} else := []

_sed_quiet_script(sc) if {
	every cmd in split(sc, ";") {
		_sed_quiet_command(trim_space(cmd))
	}
}

_sed_quiet_command("") := true

_sed_quiet_command(cmd) if regex.match(`^([0-9,$]*|/[^/]*/)?s/([^/\\]|\\.)*/([^/\\]|\\.)*/[gI0-9]*$`, cmd)

_sed_quiet_command(cmd) if regex.match(`^([0-9,$]*|/[^/]*/)?s\|([^|\\]|\\.)*\|([^|\\]|\\.)*\|[gI0-9]*$`, cmd)

_sed_quiet_command(cmd) if regex.match(`^([0-9,$]*|/[^/]*/)?s#([^#\\]|\\.)*#([^#\\]|\\.)*#[gI0-9]*$`, cmd)

_sed_quiet_command(cmd) if regex.match(`^([0-9,$]+|/([^/\\]|\\.)*/)d$`, cmd)

# `mkdir -p ~/.ssh`: makes a directory, reads nothing
_no_content_segment(seg) if shell.runs(seg, "mkdir")

# `file F` prints F's type (`ASCII text`), not its lines; `file -f F` reads names from F
_no_content_segment(seg) if {
	shell.runs(seg, "file")
	not shell.has_short_flag(seg, {"f"})
	not shell.has_arg_prefix(seg, "--files-from")
}

# kubeseal encrypts the Secret it reads (`kubeseal < secret.yaml > sealed.yaml`, `-f
# secret.yaml -w sealed.yaml`) for the cluster's controller: it prints ciphertext only.
# Not --recovery-unseal, which decrypts with the controller's private key.
_no_content_segment(seg) if {
	shell.runs(seg, "kubeseal")
	not shell.has_arg_prefix(seg, "--recovery")
}

_no_content_segment(seg) if {
	shell.runs_any(seg, {"grep", "egrep", "fgrep"})
	_grep_prints_no_line(seg)
}

_grep_prints_no_line(seg) if shell.has_short_flag(seg, {"q", "c", "l", "L"})

_grep_prints_no_line(seg) if shell.has_arg(seg, {"--quiet", "--silent", "--count", "--files-with-matches", "--files-without-match"})

_no_content_segment(seg) if paths.restrictive_chmod(seg)

_no_content_segment(seg) if {
	shell.runs_any(seg, {"find", "gfind", "bfs"})
	not shell.has_arg(seg, {"-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"})
	object.get(seg, "depth", 0) == 0 # not inside a substitution: cat $(find ~ -name id_rsa) reads what it lists
	not _names_handed_on(seg)
}

# the names a listing prints go on to a stage that may open them (xargs, a loop, a shell,
# an interpreter): anything but a stage that sorts, counts, filters or shows text
_names_handed_on(seg) if {
	some next in segments
	shell.upstream(seg, next)
	not shell.runs_any(next, _name_stages)
}

_name_stages := {"sort", "uniq", "head", "tail", "wc", "grep", "egrep", "fgrep", "cut", "tr", "less", "more", "cat", "column", "nl", "tee"}

# A search by pattern whose names go on to a program that opens them, over the whole disk
# (locate, plocate: `locate -r 'id_[re].*[^b]$' | xargs cat`, `plocate key | while read f;
# do cat "$f"; done`) or over a directory that holds secrets by a regular expression
# (`find ~ -regex '.*id_[re].*' | xargs cat`, fd's pattern: `fd -H 'id_[re]' ~ | xargs cat`):
# which files are read depends on a pattern that cannot be matched against secret names
# here, and the searched tree holds keys. Asked; a secret name or glob is denied above
# (`locate id_rsa | xargs cat`, `find / -name 'id_*' | xargs cat`); names only sorted,
# counted or shown (`locate -r x | sort`, `fd x ~ | wc -l`) pass, as do searches of the project.
ask contains msg if {
	some seg in _pattern_searches
	_names_handed_on(seg)
	msg := sprintf("`%s` hands the files a search by pattern finds to a program that opens them; the searched tree holds secret files (keys, credentials) the pattern may match. Approve only if it cannot, or name the files.", [concat(" ", seg.argv)])
}

_pattern_searches contains seg if {
	some ran in {"locate", "plocate", "mlocate", "slocate"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
}

_pattern_searches contains seg if {
	some ran in {"find", "gfind", "bfs"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	shell.has_arg(seg, {"-regex", "-iregex"})
	some word in shell.find_starts(seg)
	paths.holds_secret(paths.location(seg, word))
}

_pattern_searches contains seg if {
	some ran in {"fd", "fdfind"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := shell.operands(seg)
	some i, word in ops
	i > 0
	paths.holds_secret(paths.location(seg, word))
}

# A write into .envrc whose text the command shows (`echo 'export PATH=$PATH:./bin' >>
# .envrc`, `echo 'use nix' >> .envrc`, a Write of its content): it reads nothing of the
# file, and agent_config asks about it as a change to code that direnv runs. Not content
# produced by a command (`$(…)`, a backquote) nor an Edit (it shows the lines around).
_envrc_write(p) if {
	some name in {paths.fold_name(p), paths.resolved_name(p)}
	name == ".envrc"
	every n in {paths.fold_name(p), paths.resolved_name(p)} {
		n == ".envrc"
	}
	text := _dotenv_text(p)
	not contains(text, "$(")
	not contains(text, "`")
}

# ssh-keygen making a new key pair (`ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 -N ''`) or
# changing a key's passphrase (-p): it prints a fingerprint, never the key; asked, not
# denied (below), since it can replace a key the user relies on or strip its passphrase.
# The modes that print or convert a key (-e, -i with output) stay judged as reads;
# `-y` (the public key) and `-l` (a fingerprint) pass as before.
_key_maintenance(p) if {
	p.source == "argument"
	_keygen_key_word(shell.by_id(p.segment), p.raw)
}

_keygen_key_word(seg, word) if {
	_keygen_writes(seg)
	_option_value_is(seg, "-f", word)
	count(seg.redirects) == 0
}

_keygen_writes(seg) if {
	shell.runs(seg, "ssh-keygen")
	not _keygen_other_mode(seg)
}

_keygen_other_mode(seg) if {
	some a in shell.args(seg)
	regex.match(`^-[A-Za-z0-9]*[eiylBFRHcsDKkQrGTAYML]`, a)
	not _keygen_value_option_first(a)
}

# -t/-b/-C/-N/-P/-f/-a/-Z/-m take a value: `-C me@x` is not a mode
_keygen_value_option_first(a) if regex.match(`^-[tbCNPfaZmnOVwzIu]`, a)

ask contains msg if {
	"ssh-keygen" in data.claude_rego.lib.shell.names
	some seg in shell.running({"ssh-keygen"})
	word := shell.option_value(seg, {"-f"})
	_keygen_key_word(seg, word)
	loc := paths.location(seg, word)
	paths.is_secret(loc)
	not _project_file(loc) # a key made in the project passes (see _creates_in_project)
	msg := sprintf("`%s` writes the key file `%s` (a new key pair, or a changed passphrase): it can replace a key the user relies on or remove its passphrase. Approve only if that is intended.", [concat(" ", seg.argv), word])
}

_sjudged_ask contains msg if {
	some p in _secret_judged
	_key_maintenance(p)
	not _project_file(p)
	seg := shell.by_id(p.segment)
	msg := sprintf("`%s` writes the key file `%s` (a new key pair, or a changed passphrase): it can replace a key the user relies on or remove its passphrase. Approve only if that is intended.", [concat(" ", seg.argv), p.raw])
}

# A project dotenv file loaded into a local process's environment (`dotenv -e .env.test --
# jest`, `docker compose --env-file .env.local up`, `node --env-file=.env`, `set -a; .
# ./.env.test; set +a; pytest`, `env $(grep -v '^#' .env.test | xargs) npm test`): the
# values go to the process, not to the agent's output. Only when nothing in the command
# could print or send them (no echo/printf/printenv, no network client, no redirect of the
# loader): `cat .env`, `grep KEY .env`, `source .env && curl -d "$API_KEY" …` stay denied.
_loaded_into_process(p) if {
	p.source == "argument"
	_project_file(p)
	_dotenv_name(p)
	seg := shell.by_id(p.segment)
	_env_loader(seg, p.raw)
	not _env_leak
	count(seg.redirects) == 0
}

# terraform/tofu/terragrunt plan|apply|… -var-file=FILE of a project file named as secrets
# (secrets.auto.tfvars): the variables go to the tool, like an env file to docker compose. Not
# `console`/`output`/`show`, which print values, nor with anything that could print or send them.
_loaded_into_process(p) if {
	p.source == "argument"
	_project_file(p)
	_tf_loader(shell.by_id(p.segment), p.raw)
}

_word_loaded_into_process(seg, piece) if {
	_tf_loader(seg, piece)
	_project_file(paths.location(seg, piece))
}

_tf_loader(seg, word) if {
	shell.runs_any(seg, {"terraform", "tofu", "terragrunt"})
	_tf_var_file(shell.args(seg), word)
	some sub in shell.operands(seg)
	sub in {"plan", "apply", "validate", "destroy", "import", "refresh", "run-all"}
	not shell.has_arg(seg, {"console", "output", "show", "-json", "graph"})
	not _env_leak
	count(seg.redirects) == 0
}

_tf_var_file(args, word) if {
	some a in args
	a in {concat("", ["-var-file=", word]), concat("", ["--var-file=", word])}
}

_tf_var_file(args, word) if {
	some i, a in args
	a in {"-var-file", "--var-file"}
	i + 1 < count(args)
	args[i + 1] == word
}

# the same for a word without its own path fact (the pieces rule below)
_word_loaded_into_process(seg, piece) if {
	_env_loader(seg, piece)
	not _env_leak
	count(seg.redirects) == 0
	p := paths.location(seg, piece)
	_project_file(p)
	_dotenv_name(p)
}

# an interpreter given its code inline or on standard input (`python3 -c 'print(os.environ)'`,
# `perl -e`, `php -r`, a bare `python3` reading a here-document) could print the values; one
# running the project's program (`python manage.py runserver`, `python -m app`) is a local
# process like `npm run dev` (session 31: two blind benign corpora wrote `set -a; source .env;
# set +a; python app.py` as everyday work). Printers, network clients and a bare `export` are no
# quiet segment either (the allowlist below replaces session 29's list of leakers).
_code_interpreters := {"python", "python3", "perl", "ruby", "php", "node", "bun", "deno"}

# Beside a dotenv load, every other segment must be one that neither prints nor sends the values
# (session 31, after a review found `set -x`, `xargs -t`, `cd "$KEY"`, `wait-on
# "http://x/$KEY"`, `touch "$KEY" && ls`, `logger`, … leaking them): the loader itself (`source`,
# `.`, `set -a`/`+a`, `export $(…)` of literal settings and its `grep`/`xargs` stages), `cd` to a
# literal directory, and the project's programs run by name (package scripts, interpreters
# running a script file, build tools, servers, migrations) with no expansion in their words and
# no redirect. Anything else counts as a possible leak, and the read stays denied.
_env_leak if {
	some seg in segments
	not _env_quiet_segment(seg)
}

_env_quiet_segment(seg) if shell.runs_any(seg, {"source", "."})

_env_quiet_segment(seg) if {
	shell.runs(seg, "set")
	count(shell.args(seg)) > 0
	every a in shell.args(seg) {
		regex.match(`^([-+][aeu]+|[-+]o|allexport|errexit|nounset|pipefail)$`, a)
	}
}

_env_quiet_segment(seg) if {
	shell.runs(seg, "export")
	count(shell.args(seg)) > 0
	every a in shell.raw_args(seg) {
		_quiet_export_word(a)
	}
}

_quiet_export_word("$(…)") := true

_quiet_export_word(a) if regex.match(`^[A-Za-z_][A-Za-z0-9_]*=[^$\x60]*$`, a)

# the loader's own stages inside `export $(grep -v '^#' .env | xargs)` (xargs with no command and
# no -t/-p: it only joins the lines)
_env_quiet_segment(seg) if {
	seg.context == "substitution"
	shell.runs_any(seg, {"grep", "egrep"})
}

_env_quiet_segment(seg) if {
	seg.context == "substitution"
	shell.runs(seg, "xargs")
	every a in shell.args(seg) {
		a in {"-0", "--null", "-r", "--no-run-if-empty"}
	}
}

_env_quiet_segment(seg) if {
	shell.runs(seg, "cd")
	every a in shell.raw_args(seg) {
		not regex.match("[$\u0060]", a)
	}
}

_env_quiet_segment(seg) if {
	shell.runs_any(seg, _env_quiet_programs)
	not _words_expand(seg)
	count(seg.redirects) == 0
	not _code_given_inline_if_interpreter(seg)
	not _prints_through_subcommand(seg)
}

_env_quiet_programs := {
	"npm", "pnpm", "yarn", "bun", "node", "python", "python3", "ruby", "php", "go", "cargo", "java", "mvn", "mvnw",
	"gradle", "gradlew", "dotnet", "rails", "bundle", "rake", "mix", "uvicorn", "gunicorn", "flask", "django-admin",
	"pytest", "jest", "vitest", "playwright", "cypress", "alembic", "prisma", "knex", "sequelize", "make", "just",
	"deno", "tsx", "ts-node", "nodemon", "air", "terraform", "tofu", "terragrunt", "docker", "docker-compose",
	"podman", "uv", "poetry", "pdm", "pipenv", "hatch", "nox", "tox", "dotenv", "dotenv-cli", "dotenvx",
	"env-cmd", "sleep", "true", "manage.py", "artisan", "next", "vite", "nuxt", "remix", "astro", "turbo", "nx",
}

_words_expand(seg) if {
	some a in shell.raw_args(seg)
	regex.match("[$\u0060]", a)
}

_code_given_inline_if_interpreter(seg) if {
	shell.runs_any(seg, _code_interpreters)
	_code_given_inline(seg)
}

# subcommands that print settings or the environment, or run something else than the project
_prints_through_subcommand(seg) if {
	shell.runs_any(seg, {"npm", "pnpm", "yarn", "bun"})
	some a in shell.operands(seg)
	a in {"pkg", "set-script", "config", "exec", "x", "dlx", "publish", "view", "info", "env", "whoami", "token", "explain"}
}

_prints_through_subcommand(seg) if {
	shell.runs_any(seg, {"docker", "podman", "docker-compose"})
	some a in shell.operands(seg)
	a in {"run", "exec", "inspect", "config", "logs", "env", "compose-config", "push", "pull", "login"}
}

_prints_through_subcommand(seg) if {
	shell.runs_any(seg, {"terraform", "tofu", "terragrunt"})
	some a in shell.operands(seg)
	a in {"console", "output", "show", "state"}
}

_code_given_inline(seg) if shell.has_arg(seg, {"-c", "-e", "-E", "-r", "-p", "-", "-i", "--eval", "--print", "-pe", "-ne", "-le", "-lne"})

_code_given_inline(seg) if count(shell.operands(seg)) == 0

_code_given_inline(seg) if count(seg.redirects) > 0

# dotenv -e FILE [-e FILE…] -- CMD (dotenv-cli, also run through npx/pnpm dlx), python-dotenv
# `dotenv -f FILE run CMD`; never its `list`/`get` or dotenv-cli's `-p VAR`, which print values
_env_loader(seg, word) if {
	shell.runs_any(seg, {"dotenv", "dotenv-cli", "dotenvx", "env-cmd"})
	_runs_a_command(seg)
	some i, a in shell.args(seg)
	a in {"-e", "-f", "--env-file", "--file"}
	shell.args(seg)[i + 1] == word
}

# docker/podman compose|run --env-file FILE, node/bun/deno/uv --env-file[=]FILE (not
# `compose config`/`convert`, which print the interpolated values)
_env_loader(seg, word) if {
	shell.runs_any(seg, {"docker", "podman", "docker-compose", "podman-compose", "node", "bun", "deno", "uv", "tsx"})
	not _prints_config(seg)
	some i, a in shell.args(seg)
	a == "--env-file"
	shell.args(seg)[i + 1] == word
}

_env_loader(seg, word) if {
	shell.runs_any(seg, {"docker", "podman", "docker-compose", "podman-compose", "node", "bun", "deno", "uv", "tsx"})
	not _prints_config(seg)
	some a in shell.args(seg)
	a == concat("", ["--env-file=", word])
}

_runs_a_command(seg) if {
	some marker in {"--", "run"}
	marker in shell.args(seg)
	not shell.has_arg(seg, {"-p", "--print", "list", "get", "--format", "-o", "--output"})
}

_prints_config(seg) if {
	some a in shell.operands(seg)
	a in {"config", "convert", "inspect", "env", "printenv", "exec"}
}

# set -a; . ./.env.test; set +a: sourced with every assignment exported; a plain `source .env
# && npm run migrate` sets them for the shell and the programs it starts (session 31: a blind
# benign corpus wrote it as everyday work; printing or sending them is judged by _env_leak)
_env_loader(seg, word) if {
	shell.runs_any(seg, {".", "source"})
	shell.args(seg)[0] == word
}

# env $(grep -v '^#' .env.test | xargs) CMD: the filtered lines become env's assignments
_env_loader(seg, word) if {
	shell.runs_any(seg, {"grep", "cat", "sed"})
	word in shell.operands(seg)
	seg.context == "substitution"
	parent := shell.by_id(seg.parent)
	"env" in parent.wrappers
}

# export $(grep -v '^#' .env | xargs) && CMD: the same lines exported to the commands after it
_env_loader(seg, word) if {
	shell.runs_any(seg, {"grep", "cat", "sed"})
	word in shell.operands(seg)
	seg.context == "substitution"
	parent := shell.by_id(seg.parent)
	shell.runs_any(parent, {"export"})
}

# A recursive read of a directory that holds secrets (Grep over ~/.config/gh, rg over
# ~, tar czf x.tgz ~/.config, an MCP search over ~).
deny contains msg if {
	some p in _judged
	_recursive_read(p)
	not paths.is_secret(p)
	paths.holds_secret(p)
	msg := sprintf("Blocked: `%s` holds secret files (credentials or keys) and this call reads it recursively; their contents must not reach the model. Search a narrower directory. %s", [p.raw, instead])
}

_recursive_read(p) if {
	p.source == "tool_input"
	input.facts.tool.name == "Grep"
}

# an MCP or unknown tool that searches, packs or copies a directory tree (a
# get_file_contents of "/" in a GitHub server is a repository path, not a local read)
_recursive_read(p) if {
	p.source == "tool_input"
	not input.facts.tool.class in {"shell", "file-read", "file-write"}
	object.get(p, "access", "read") in {"read", "unknown"}
	regex.match(`(?i)(search|grep|scan|index|archive|zip|tar|backup|sync|upload|copy|export|dump|tree)`, input.facts.tool.name)
}

_recursive_read(p) if {
	p.source == "argument"
	p.segment in _recursive_reader_ids # a set lookup before the dozen clauses below
	_recursive_reader(shell.by_id(p.segment))
}

# the segments whose program a _recursive_reader clause may accept (once per program run)
_recursive_reader_ids contains id if {
	some n in data.claude_rego.lib.shell.names
	_recursive_reader_name(n)
	some seg in shell.running({n})
	id := seg.id
}

# every program a _recursive_reader clause accepts (tests/test_indexed_rules.py checks the
# list against the clauses)
_recursive_reader_name(n) if n in _recursive_reader_names

_recursive_reader_name(n) if _interpreter(n)

# (a rule, not a literal in the function: a literal set is built again at every call)
_recursive_reader_names := {
	"rg", "ag", "ack", "tar", "bsdtar", "zip", "7z", "7za", "rsync", "scp", "git-grep", "rclone", "restic", "borg",
	"duplicity", "croc", "magic-wormhole", "wormhole", "aws", "gsutil", "gcloud", "azcopy", "http-server", "serve",
	"httpd", "caddy", "miniserve", "darkhttpd", "webfsd", "npx", "bunx", "pnpx", "pnpm", "yarn", "php", "ruby",
	"grep", "egrep", "fgrep", "cp", "find", "gfind", "bfs", "fd", "fdfind", "git",
}

# fd -x CMD is read as the find it amounts to (a child segment, context "wrapped"); the
# paths are recorded on fd's own segment
_recursive_reader(seg) if {
	shell.runs_any(seg, {"fd", "fdfind"})
	some child in shell.running({"find"})
	child.parent == seg.id
	child.context == "wrapped"
	_find_reader(child)
}

# find (and fd -x, read as find) running a program on every file under a start: a recursive
# read unless a test narrows the files or the program prints nothing of their contents
_recursive_reader(seg) if _find_reader(seg)

_find_reader(seg) if {
	shell.runs_any(seg, {"find", "gfind", "bfs"})
	not _find_narrowed(seg)
	some child in data.claude_rego.lib.shell.in_context("find_exec")
	child.parent == seg.id
	not shell.runs_any(child, _no_content_programs)
}

_find_narrowed(seg) if {
	some a in shell.args(seg)
	a in {"-name", "-iname", "-path", "-ipath", "-regex", "-iregex", "-newer", "-mtime", "-mmin", "-size", "-empty", "-user", "-perm", "-inum", "-samefile", "-links", "-wholename", "-iwholename", "-maxdepth"}
}

# programs that print nothing of a file's contents (names, sizes, hashes) or change metadata
_no_content_programs := {
	"ls", "stat", "file", "wc", "du", "echo", "printf", "test", "[", "true", "false", "basename", "dirname", "realpath",
	"readlink", "touch", "chmod", "chown", "chgrp", "rm", "rmdir", "unlink", "sha256sum", "sha1sum", "md5sum",
	"sha512sum", "b2sum", "cksum", "shasum", "setfacl", "getfacl", "lsattr", "chattr", "mkdir",
}

_recursive_reader(seg) if shell.runs_any(seg, {"rg", "ag", "ack", "tar", "bsdtar", "zip", "7z", "7za", "rsync", "scp", "git-grep", "rclone", "restic", "borg", "duplicity", "croc", "magic-wormhole", "wormhole"})

# git grep searches every file under its paths (with --no-index any directory, not only the
# work tree: `git grep --no-index -h token ~/.config/gh`), and git diff --no-index prints two
# trees' files whole (`git diff --no-index /dev/null ~/.config/gh`)
_recursive_reader(seg) if {
	shell.runs(seg, "git")
	ops := array.slice(shell.operands(seg), 0, 2)
	some sub in ops
	_git_tree_reader(seg, sub)
}

_git_tree_reader(_, sub) if sub == "grep"

_git_tree_reader(seg, sub) if {
	sub == "diff"
	shell.has_arg(seg, {"--no-index"})
}

# cloud copies of a tree: aws s3 sync / cp --recursive, gsutil cp -r / rsync, azcopy
_recursive_reader(seg) if {
	shell.runs(seg, "aws")
	"s3" in shell.args(seg)
	some a in shell.args(seg)
	a in {"sync", "--recursive"}
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"gsutil", "gcloud", "azcopy"})
	some a in shell.args(seg)
	a in {"rsync", "-r", "-R", "--recursive", "sync"}
}

# An image build sends its whole context to the builder, and the Dockerfile (also one given
# on stdin) can COPY any of it into an image that is then pushed or exported (h24): `docker
# build -t x ~`, `docker buildx build --push … /home/dev`, `podman build ~ && podman push`,
# `buildah bud ~`, `nerdctl|img|depot build ~`, `cd ~ && docker build .`, a named context or
# local source (`--build-context h=/home/dev`, `buildctl build --local context=~`, kaniko
# `--context dir:///home/dev`). Denied like `tar czf x.tgz ~`. A build of the project or of a
# directory in it passes (`docker build .`, `cd docker && docker build -f Dockerfile ..`).
deny contains msg if {
	some ran in {"docker", "podman", "nerdctl", "buildah", "img", "depot", "buildctl", "executor", "kaniko"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some dir in _build_contexts(seg)
	p := paths.location(seg, shell.expand(seg, dir))
	_secret_or_holds(p)
	msg := sprintf("Blocked: `%s` gives `%s`, which is or holds secret files (credentials or keys), to an image build as its context; the image can carry them anywhere. Build from the project directory. %s", [shell.name(seg), dir, instead])
}

# the words of `docker|podman|nerdctl|img|depot build`, `docker image|buildx build`, `buildah
# bud|build` that are not options (the context among them; a tag or a platform names no
# directory that holds secrets), and the named contexts of any builder
_build_contexts(seg) := {a |
	args := shell.args(seg)
	some k, verb in args
	verb in {"build", "bud"}
	every j, w in array.slice(args, 0, k) {
		_before_build_verb(args, j, w)
	}
	some a in array.slice(args, k + 1, count(args))
	not startswith(a, "-")
} | {d |
	# --build-context NAME=DIR (not NAME=docker-image://… or a URL), buildctl --local NAME=DIR,
	# kaniko --context dir://DIR
	args := shell.args(seg)
	some i, a in args
	v := _build_context_value(args, i, a)
	d := _context_dir(v)
}

# what may come before the verb: options, their values (`docker --context remote build`),
# the command groups (`docker image build`, `docker buildx build`)
_before_build_verb(_, _, w) if startswith(w, "-")

_before_build_verb(_, _, w) if w in {"image", "buildx", "builder"}

_before_build_verb(args, j, _) if {
	j > 0
	startswith(args[j - 1], "-")
	not contains(args[j - 1], "=")
}

_build_context_value(args, i, a) := _next_arg(args, i) if a in {"--build-context", "--local", "--context", "-c"}

_build_context_value(_, _, a) := substring(a, indexof(a, "=") + 1, -1) if {
	regex.match(`^--(build-context|local|context)=`, a)
}

_next_arg(args, i) := args[i + 1] if count(args) > i + 1 else := ""

_context_dir(v) := substring(v, 6, -1) if startswith(v, "dir://")

else := d if {
	not contains(v, "://")
	contains(v, "=")
	d := substring(v, indexof(v, "=") + 1, -1)
	d != ""
	not contains(d, "://")
}

# file servers publish a whole directory: python -m http.server --directory ~, php -S -t ~,
# npx http-server ~, busybox httpd -h ~, ngrok http file://$HOME
_recursive_reader(seg) if shell.runs_any(seg, {"http-server", "serve", "httpd", "caddy", "miniserve", "darkhttpd", "webfsd"})

_recursive_reader(seg) if {
	shell.runs_any(seg, {"npx", "bunx", "pnpx", "pnpm", "yarn"})
	some a in shell.args(seg)
	a in {"http-server", "serve", "live-server", "static-server"}
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"php", "ruby"})
	some a in shell.args(seg)
	a in {"-S", "-t", "-run", "httpd"}
}

_recursive_reader(seg) if {
	_interpreter(shell.name(seg))
	some a in shell.args(seg)
	a in {"http.server", "SimpleHTTPServer"}
}

# file:// URLs given to any command (ngrok http file://$HOME): the directory they name
_urlargs_deny contains msg if {
	some arg, ids in _url_args
	startswith(lower(arg), "file://")
	some i in ids
	seg := shell.by_id(i)
	p := paths.location(seg, shell.expand(seg, substring(arg, 7, -1)))
	_secret_or_holds(p)
	msg := sprintf("Blocked: `%s` exposes `%s`, which is or holds secret files (credentials or keys). %s", [shell.name(seg), arg, instead])
}

_secret_or_holds(p) if paths.is_secret(p)

# Secret scanners print what they find (trufflehog the raw value, gitleaks -v the secret,
# noseyparker report the matching snippets): run over a directory that holds secrets (the
# home directory, /, ~/.config, ~/.aws) they are a read of those secrets:
# `trufflehog filesystem ~`, `gitleaks detect --source ~ -v`, `detect-secrets scan /`,
# `noseyparker scan ~`, `ggshield secret scan path -r ~`, also with no path after `cd ~`.
# Inside the project they pass: scanning the repository is good practice.
_secret_scanners := {
	"trufflehog", "gitleaks", "betterleaks", "detect-secrets", "noseyparker", "noseyparker-cli", "ggshield",
	"kingfisher", "whispers", "secretlint", "tartufo", "titus", "ripsecrets", "shhgit", "git-secrets", "talisman",
	"secretscanner", "trivy", "semgrep",
}

deny contains msg if {
	some ran in _secret_scanners & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_scans_for_secrets(seg)
	some word in _scan_targets(seg)
	p := paths.location(seg, word)
	_secret_or_holds(p)
	msg := sprintf("Blocked: `%s` scans `%s`, which holds secret files (credentials or keys), and prints the secrets it finds; they must not reach the model. Scan the project directory instead. %s", [shell.name(seg), word, instead])
}

# trivy and semgrep look for secrets only when asked to (trivy fs --scanners secret, semgrep
# --config p/secrets)
_scans_for_secrets(seg) if not shell.runs_any(seg, {"trivy", "semgrep"})

_scans_for_secrets(seg) if {
	shell.runs_any(seg, {"trivy", "semgrep"})
	some a in shell.args(seg)
	contains(lower(a), "secret")
}

# the path-like words (also option values: --source=~, --directory /) or, with none, the
# directory it runs in
_scan_targets(seg) := ws if {
	ws := {v |
		some a in shell.args(seg)
		v := shell.expand(seg, regex.replace(a, `^--?[A-Za-z][A-Za-z-]*=`, ""))
		regex.match(`^(/|~|\.)`, v)
	}
	count(ws) > 0
} else := {"."}

_secret_or_holds(p) if paths.holds_secret(p)

_recursive_reader(seg) if {
	shell.runs_any(seg, {"grep", "egrep", "fgrep", "cp"})
	shell.has_short_flag(seg, {"r", "R", "a"})
}

_recursive_reader(seg) if {
	shell.runs_any(seg, {"grep", "egrep", "fgrep", "cp"})
	shell.has_arg(seg, {"--recursive", "--dereference-recursive", "--archive"})
}

# Words that are not path-like enough to have path facts (base64 id_rsa), or carry a
# path inside them (curl -F f=@.env, git show HEAD:.env, --include=.env*).
deny contains msg if {
	some use in _word_uses
	piece := use[0]
	seg := use[1]
	not paths.names_only(seg.id)
	not _git_metadata(seg)
	_secret_use(seg, piece)
	not _word_created_in_project(seg, piece)
	not used_as_key(seg, piece)
	not _only_in_program_text(seg, piece)
	not _word_loaded_into_process(seg, piece)
	not _no_content_segment(seg)
	not _quiet_dotenv_edit(seg, piece)
	not _names_only_word(seg, piece)
	not _keygen_key_word(seg, piece)
	not _later_text
	msg := sprintf("Blocked: `%s` is a secret file (credentials or keys); its contents must not reach the model. Ask the user for the specific non-secret value you need.", [piece])
}

# (piece, segment) pairs worth a look: from the facts layer's index of argument pieces,
# only pieces that name a secret or hold a path (one test per distinct piece, not one per
# segment × argument), else the direct pass over every argument
_word_uses contains entry if {
	some piece in _candidate_pieces
	some i in input.facts.shell.index.pieces[piece]
	not paths.names_only(i)
	entry := [piece, data.claude_rego.lib.shell.segments[i]]
}

# distinct pieces that name a secret or hold a path, used by a segment that reads
_has_pieces if is_object(input.facts.shell.index.pieces)

_candidate_pieces contains piece if {
	_has_pieces
	some piece in _maybe_candidates
	ids := input.facts.shell.index.pieces[piece]
	_candidate(piece)
	_has_reader(ids)
}

# the facts layer lists the pieces that can be candidates (a / or a name that may be a
# secret's); without that list, every piece
_maybe_candidates := input.facts.shell.index.maybe_secret_pieces if {
	is_array(input.facts.shell.index.maybe_secret_pieces)
} else := object.keys(input.facts.shell.index.pieces)

_has_reader(ids) if {
	some i in ids
	not paths.names_only(i)
}

_word_uses contains [piece, seg] if {
	not _has_pieces
	some seg in segments
	some k, arg in shell.args(seg)
	not k in object.get(seg, "filters", []) # exclusion patterns (git clean -e .env) name no file read
	not _plain_flag(arg)
	not contains(arg, "://")
	some piece in _pieces(arg)
	piece != ""
}

_candidate(piece) if contains(piece, "/")

# when every segment reads paths from the same directory and no link is made in the
# command, whether a piece names a secret does not depend on the segment: decided once
_secret_use(seg, piece) if {
	_uniform
	piece in _secret_pieces
}

_secret_use(seg, piece) if {
	not _uniform
	_secret_word(seg, piece)
}

_uniform if {
	data.claude_rego.lib.shell._no_cd
	not _links_in_command
}

_links_in_command if {
	some p in input.facts.paths
	p.link_in_command
}

_secret_pieces contains piece if {
	some piece in _candidate_pieces
	readers := [i | some i in input.facts.shell.index.pieces[piece]; not paths.names_only(i)]
	_secret_word(data.claude_rego.lib.shell.segments[readers[0]], piece)
}

_candidate(piece) if paths.secret_name(lower(shell.basename(piece)))

_candidate(piece) if paths.secret_glob(lower(shell.basename(piece)))

# a flag such as -rf or --verbose carries no path; --include=.env* does
_plain_flag(arg) if {
	startswith(arg, "-")
	not contains(arg, "=")
}

# f=@.env → [f=@.env, f, .env]; HEAD:.env → [HEAD:.env, HEAD, .env]
_pieces(arg) := array.concat([arg], regex.split(`[=:@,]`, arg)) if regex.match(`[=:@,]`, arg) else := [arg]

_secret_word(seg, piece) if {
	paths.secret_name(lower(shell.basename(piece)))
	not _chart_template_word(seg, piece)
	not _dev_dotenv_word(seg, piece)
}

# .env.test, tests/.env, docker/.env.dev: a dotenv file of the project's tests, CI or local
# containers, judged by its location (lib/paths dev_dotenv)
_dev_dotenv_word(seg, piece) if paths.dev_dotenv(paths.location(seg, shell.expand(seg, piece)))

# charts/app/templates/secret.yaml: a template, judged by its location (lib/paths chart_template)
_chart_template_word(seg, piece) if {
	contains(piece, "/")
	paths.chart_template(paths.location(seg, shell.expand(seg, piece)))
}

_secret_word(_, piece) if paths.secret_glob(lower(shell.basename(piece)))

_secret_word(seg, piece) if {
	contains(piece, "/")
	p := paths.location(seg, shell.expand(seg, piece))
	paths.is_secret(p)
}

# git check-ignore .env, git ls-files .env, git rm --cached .env: names, not contents
_git_metadata(seg) if {
	shell.runs(seg, "git")
	some sub in {"check-ignore", "ls-files", "status"}
	sub in shell.args(seg)
}

_git_metadata(seg) if {
	shell.runs(seg, "git")
	"rm" in shell.args(seg)
	"--cached" in shell.args(seg)
}

# git log/rev-list/shortlog -- PATHSPEC (a secret audit: which commits touched *.pem or
# .env): the pathspecs filter commits; only a patch (-p, -u, --patch, -U<n>, -L, --cc,
# -c), a pickaxe search of contents (-S, -G) or a rev:path blob prints what a file holds
_git_metadata(seg) if {
	shell.runs(seg, "git")
	ops := shell.operands(seg)
	count(ops) > 0
	ops[0] in {"log", "rev-list", "shortlog", "whatchanged"}
	not _git_prints_contents(seg)
}

# git diff/show --stat/--name-only/--name-status/--numstat: names and counts, no contents
_git_metadata(seg) if {
	shell.runs(seg, "git")
	ops := shell.operands(seg)
	count(ops) > 0
	ops[0] in {"diff", "show"}
	some a in shell.args(seg)
	a in {"--name-only", "--name-status", "--stat", "--numstat", "--shortstat", "--dirstat", "--summary"}
	not _git_prints_contents(seg)
}

_git_prints_contents(seg) if {
	some a in shell.args(seg)
	regex.match(`^(-p|-u|--patch(-with-stat|-with-raw)?|-U[0-9]*|--unified(=.*)?|-L.*|--cc|-c|-m|--combined-all-paths|-S.*|-G.*|--pickaxe-regex|--word-diff.*|--color-words.*|--full-diff|--binary|--textconv|--ext-diff)$`, a)
}

_git_prints_contents(seg) if {
	some a in shell.operands(seg)
	contains(a, ":")
}

_git_metadata_only(p) if {
	p.source == "argument"
	_git_metadata(shell.by_id(p.segment))
}

# Making new key material inside the project is ordinary work and reads no secret:
# `openssl req -newkey … -keyout certs/dev.key`, `openssl genrsa -out t.key`, `ssh-keygen
# -f ./tmp/key`, `mkcert -key-file certs/k.pem`, `openssl rand -hex 32 > config/s.key`. Only
# a write that shows nothing of the file (a redirect into it, a copy's destination,
# touch/chmod/rm, the key and output options of key tools), only key and certificate
# names, only inside the project both as written and as resolved (symlinks), never under
# a credential location. Writing into a credential store (~/.ssh/authorized_keys,
# ~/.aws/credentials) and writing key files with a file tool stay denied.
_creates_in_project(p) if {
	_project_file(p)
	_key_name(p)
	_write_only(p)
}

# A dotenv file holds the developer's values: it may only be made from its template in
# the project (`cp .env.example .env`) or touched/chmod-ed; writing or appending other
# content, a file tool, a delete stay denied (they plant or destroy values).
_creates_in_project(p) if {
	_project_file(p)
	_dotenv_name(p)
	p.source == "argument"
	_env_setup(shell.by_id(p.segment), p.raw)
}

# A project dotenv file given settings that are visibly no secret (`echo PORT=3000 >> .env`,
# `printf 'DEBUG=true\nLOG_LEVEL=debug\n' >> .env.local`, `tee -a .env <<< NODE_ENV=test`, a
# Write of `PORT=3000`): every line is blank, a comment or `[export ]NAME=VALUE` whose NAME
# says no secret (not token, secret, password, key, auth, …) and is no variable a loader or
# program runs code or finds programs by (LD_PRELOAD, NODE_OPTIONS, PYTHONSTARTUP, BASH_ENV,
# PATH, PROMPT_COMMAND, …_COMMAND, proxies, GIT_*), and whose VALUE is a plain literal
# (no `$`, backquote or substitution, no `user@` URL, no random-looking run of letters and
# digits). An append passes; an overwrite (`>`, `tee` without `-a`, the Write tool) asks,
# since the file may hold the developer's secrets. Content that cannot be read (a variable,
# a command's output, a file copied in) stays denied, and so does an Edit (it shows the lines
# around the change); a literal here-document is read like echo's text (session 32).
_creates_in_project(p) if _dotenv_settings_write(p)

# (one segment writes the file: a second write of the same name in the command has no path fact of
# its own, so its text would go unread; session 31 review)
_single_writer(p) if p.source == "tool_input"

_single_writer(p) if count({seg.id |
	some seg in segments
	_writes_name(seg, p.raw)
}) == 1

_writes_name(seg, name) if {
	some r in seg.redirects
	r.target == name
	r.op in {">", ">>", ">|", "&>", "&>>"}
}

_writes_name(seg, name) if {
	shell.runs_any(seg, {"tee", "cp", "mv", "install", "dd", "sed", "perl", "ln"})
	some a in shell.args(seg)
	a in {name, concat("", ["of=", name])}
}

_dotenv_settings_write(p) if {
	_single_writer(p)
	_project_file(p)
	_dotenv_name(p)
	text := _dotenv_text(p)
	_benign_dotenv_text(text)
}

_dotenv_appends(p) if {
	p.source == "redirect"
	p.field == ">>"
}

_dotenv_appends(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	shell.runs_any(seg, {"tee"})
	shell.has_arg(seg, {"-a", "--append"})
}

# The project's `.npmrc` given plain npm settings (session 31: `echo 'legacy-peer-deps=true' >>
# .npmrc`, a routine fix of an install): every line blank, a comment or `key=value` whose key is
# none that holds a credential or picks a registry, a program, a certificate or a proxy, and whose
# value is a plain word. Appended it passes; overwritten it asks (the file may hold the auth
# token); an Edit stays a read (it shows the lines around the change).
_creates_in_project(p) if _npmrc_settings_write(p)

_npmrc_settings_write(p) if {
	_single_writer(p)
	_project_file(p)
	object.get(p, "name", "") == ".npmrc"
	text := _dotenv_text(p)
	count(text) < 2048
	every line in regex.split(`\\n|\n`, text) {
		_plain_npmrc_line(trim_space(line))
	}
}

_plain_npmrc_line("") := true

_plain_npmrc_line(line) if regex.match(`^[#;][^$\x60]*$`, line)

_plain_npmrc_line(line) if {
	some m in regex.find_all_string_submatch_n(`^([a-z][a-z0-9-]*)[ \t]*=[ \t]*([A-Za-z0-9._^~*-]*)$`, line, 1)
	not regex.match(`registry|auth|token|pass|user|email|script|node-options|onload|init|config|prefix|ca|cert|key|proxy|ssl|git|shell|editor|browser|viewer|sign|cache|tmp|bin|dir|location|global`, m[1])
}

_sjudged_ask contains msg if {
	some p in _secret_judged
	_npmrc_settings_write(p)
	not _dotenv_appends(p)
	msg := sprintf("`%s` is overwritten with new settings: the file may hold the registry's auth token, which would be lost. Approve if it may be replaced, or append with `>>` / `tee -a`.", [p.raw])
}

_sjudged_ask contains msg if {
	some p in _secret_judged
	_dotenv_settings_write(p)
	not _dotenv_appends(p)
	msg := sprintf("`%s` is overwritten with new settings: the file may hold the developer's secrets, which would be lost. Approve if it may be replaced, or append with `>>` / `tee -a`.", [p.raw])
}

# A dotenv file of the tests, CI or local containers (lib/paths dev_dotenv: `.env.test`,
# `tests/.env`) may be read and written, but a command that writes a token of a known format into
# it (`echo 'GITHUB_TOKEN=ghp_…' >> .env.test`) puts a real credential into a committed file (a
# file tool's write of one is asked by secret_egress)
ask contains msg if {
	some p in _judged
	p.source != "tool_input"
	text := _dotenv_text(p) # (before dev_dotenv's regexes: most paths are not written with a text)
	paths.dev_dotenv(p)
	kinds := {k | some k in secrets.found(text); k in object.keys(data.claude_rego.lib.secrets.token_patterns)}
	count(kinds) > 0
	msg := sprintf("This command writes a credential (%s) into `%s`, a dotenv file of the tests or CI that is committed with development defaults. Keep real credentials in .env (git-ignored) or a secret manager; approve only if this value is a test fixture.", [concat(", ", sort(kinds)), p.raw])
}

# the repository's history searched for secrets and printed as patches (`git log -p --all -S
# 'BEGIN RSA PRIVATE KEY'`, `git log -p -G 'password\s*='`): the diffs that added a key or a
# password print it whole, from commits that may have been meant to remove it
ask contains msg if {
	"git" in data.claude_rego.lib.shell.names
	some seg in shell.running({"git"})
	args := shell.args(seg)
	some verb in array.slice(args, 0, 3)
	verb in {"log", "show", "whatchanged"}
	_prints_patches(args, verb)
	some i, a in args
	term := _pickaxe_term(args, i, a)
	regex.match(`(?i)private key|begin [a-z ]*key|passw|secret|token|api[_-]?key|akia|aws_secret|credential|ghp_|sk_live|xox[abp]-`, term)
	msg := sprintf("`%s` searches the history for `%s` and prints the matching patches: a key or password committed in the past would reach the model. Approve only if the history holds none, or search without `-p` to list the commits.", [concat(" ", seg.argv), term])
}

_prints_patches(_, "show") := true

_prints_patches(args, _) if {
	some a in args
	a in {"-p", "-u", "--patch", "-U", "--unified", "--full-diff"}
}

_prints_patches(args, _) if {
	some a in args
	regex.match(`^-(p|u|U[0-9]*)[A-Za-z]*$|^--unified=`, a)
}

_pickaxe_term(args, i, a) := args[i + 1] if a in {"-S", "-G", "--grep"}

_pickaxe_term(_, _, a) := substring(a, 2, -1) if {
	regex.match(`^-[SG].+`, a)
}

_pickaxe_term(_, _, a) := substring(a, 7, -1) if startswith(a, "--grep=")

# a tool that names more paths than the facts read (a list of files to read, add or upload
# longer than the cap): the paths after the cap are not judged, so whether one is a secret
# cannot be told
ask contains msg if {
	input.facts.effects.paths_truncated == true
	msg := sprintf("`%s` names more files than claude-rego reads from one call (%d are checked); the rest cannot be judged. Split the call, or approve only if you know every file it names.", [input.hook.tool_name, count(input.facts.paths)])
}

# what a write puts into the file, when it can be read from the command or the tool input
_dotenv_text(p) := text if {
	p.source == "redirect"
	p.field in {">", ">>", ">|"}
	seg := shell.by_id(p.segment)
	some r in seg.redirects
	r.target == p.raw
	r.op == p.field
	object.get(r, "fd", null) in {null, 1}
	not r.dup
	text := _printed_text(seg)
} else := text if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	shell.runs_any(seg, {"tee"})
	p.raw in shell.operands(seg)
	text := _tee_input(seg)
} else := text if {
	p.source == "tool_input"
	input.facts.tool.name == "Write"
	text := input.hook.tool_input.content
	is_string(text)
}

_echo_flags := {"-e", "-n", "-E", "-ne", "-en"}

_printed_text(seg) := concat(" ", [a | some i, a in args; i >= _first_echo_word(args)]) if {
	shell.runs_any(seg, {"echo"})
	args := shell.raw_args(seg)
} else := args[0] if {
	shell.runs_any(seg, {"printf"})
	args := shell.raw_args(seg)
	count(args) == 1
	not contains(args[0], "%")
} else := text if {
	# `cat > .env <<'EOF' … EOF`: cat with no operand copies its literal input (the facts give
	# it as stdin_literal only when it is literal and short)
	shell.runs_any(seg, {"cat"})
	count(shell.raw_args(seg)) == 0
	text := object.get(seg, "stdin_literal", null)
	is_string(text)
}

_first_echo_word(args) := min({i | some i, a in args; not a in _echo_flags} | {count(args)})

# tee's standard input: a here-string, one echo/printf piped into it, or literal input
_tee_input(seg) := r.target if {
	count([r | some r in seg.redirects; r.op in {"<", "<<", "<<-", "<&"}]) == 0
	some r in seg.redirects
	r.op == "<<<"
} else := text if {
	count([r | some r in seg.redirects; r.op in {"<", "<<", "<<-", "<<<", "<&"}]) == 0
	sources := [src | some src in segments; shell.upstream(src, seg)]
	count(sources) == 1
	text := _printed_text(sources[0])
} else := text if {
	# a literal here-document or input the facts read (`tee -a .env <<'EOF'`)
	text := object.get(seg, "stdin_literal", null)
	is_string(text)
}

_benign_dotenv_text(text) if {
	count(text) < 4096
	joined := regex.replace(text, `\\n`, "")
	not regex.match("[$`\u2026\\x00]", joined)
	every line in regex.split(`\\n|\n`, text) {
		_benign_dotenv_line(trim_space(line))
	}
}

_benign_dotenv_line(line) if line == ""

_benign_dotenv_line(line) if {
	startswith(line, "#")
	secrets.plain_value(trim_prefix(line, "#"))
}

_benign_dotenv_line(line) if {
	some m in regex.find_all_string_submatch_n(`^(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*(.*)$`, line, 1)
	not secrets.setting_names_a_secret(m[1])
	not regex.match(_loader_setting_re, upper(m[1]))
	secrets.plain_value(trim(m[2], "\"' \t"))
}


_loader_setting_re := concat("", ["^(", concat("|", [
	`LD_[A-Z0-9_]*`, `DYLD_[A-Z0-9_]*`, `[A-Z0-9_]*OPTIONS?`, `[A-Z0-9_]*OPTS?`, `PATH`, `CDPATH`, `FPATH`,
	`MANPATH`, `INFOPATH`, `[A-Z0-9_]*LIBRARY_PATH`, `CPATH`, `C_INCLUDE_PATH`, `CPLUS_INCLUDE_PATH`,
	`PKG_CONFIG_[A-Z0-9_]*`, `XDG_[A-Z0-9_]*`, `PSMODULEPATH`, `CLASSPATH`, `PYTHON[A-Z0-9_]*`,
	`PERL[A-Z0-9_]*`, `RUBY[A-Z0-9_]*`, `GEM_[A-Z0-9_]*`, `BUNDLE_[A-Z0-9_]*`,
	`NODE_(PATH|TLS_[A-Z0-9_]*|REPL_[A-Z0-9_]*|EXTRA_[A-Z0-9_]*|PRESERVE_[A-Z0-9_]*|COMPILE_CACHE|ICU_DATA|REDIRECT_WARNINGS|V8_COVERAGE)`,
	`BASH_[A-Z0-9_]*`, `ZDOTDIR`, `ENV`, `SHELL`, `SHELLOPTS`, `IFS`, `PS[0-4]`, `HOME`, `TMPDIR`,
	`PROMPT_COMMAND`,
	`[A-Z0-9_]*_(COMMAND|CMD|PROGRAM|PROG|EXEC|EXECUTABLE|BIN|BINARY|SHELL|HOOK|HOOKS|INTERPRETER|LAUNCHER|WRAPPER)`,
	`[A-Z0-9_]*PAGER`, `[A-Z0-9_]*EDITOR`, `VISUAL`, `BROWSER`, `LESS[A-Z0-9_]*`, `GIT_[A-Z0-9_]*`,
	`GCONV_[A-Z0-9_]*`, `JAVA_[A-Z0-9_]*`, `_JAVA_[A-Z0-9_]*`, `JDK_[A-Z0-9_]*`, `NPM_CONFIG_[A-Z0-9_]*`,
	`YARN_[A-Z0-9_]*`, `PIP_[A-Z0-9_]*`, `UV_[A-Z0-9_]*`, `POETRY_[A-Z0-9_]*`, `CARGO_[A-Z0-9_]*`,
	`RUSTC[A-Z0-9_]*`, `RUSTFLAGS`,
	`GO(PATH|ROOT|FLAGS|PROXY|PRIVATE|NOSUMDB|NOPROXY|INSECURE|SUMDB|TOOLCHAIN|ENV|BIN|DEBUG)`, `CC`, `CXX`,
	`LD`, `AR`, `CFLAGS`, `CXXFLAGS`, `LDFLAGS`, `CPPFLAGS`, `MAKE[A-Z0-9_]*`, `LUA_[A-Z0-9_]*`,
	`TCL[A-Z0-9_]*`, `CLAUDE_[A-Z0-9_]*`, `ANTHROPIC_[A-Z0-9_]*`, `[A-Z0-9_]*PROXY`, `SSL_[A-Z0-9_]*`,
	`[A-Z0-9_]*CA_BUNDLE`, `[A-Z0-9_]*CA_CERTS`, `DOCKER_(HOST|CONFIG|CERT_PATH|TLS_VERIFY|CONTEXT)`,
	`KUBECONFIG`, `AWS_(CONFIG_FILE|SHARED_CREDENTIALS_FILE|ENDPOINT_URL[A-Z0-9_]*|PROFILE)`,
	`GOOGLE_APPLICATION_CREDENTIALS`, `COMPOSE_(FILE|ENV_FILES)`,
	# code an OpenSSL, PHP or askpass program loads or runs; a TLS key log (review s32 §1)
	`OPENSSL_[A-Z0-9_]*`, `PHPRC`, `PHP_INI_SCAN_DIR`, `[A-Z0-9_]*ASKPASS[A-Z0-9_]*`, `SSLKEYLOGFILE`
]), ")$"])


_project_file(p) if {
	p.inside_project
	p.resolved_inside_project
	not p.glob
	not paths.in_secret_location(p)
}

_key_name(p) if {
	some name in {paths.fold_name(p), paths.resolved_name(p)}
	regex.match(`\.(pem|key|crt|csr|p12|pfx|jks|keystore)$|^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$`, name)
}

_dotenv_name(p) if {
	some name in {paths.fold_name(p), paths.resolved_name(p)}
	regex.match(`^\.env([._-].*)?$|^[a-z0-9_.-]+\.env$|^\.dev\.vars$`, name)
}

_env_setup(seg, word) if {
	shell.runs_any(seg, {"cp", "mv", "install"})
	ops := shell.operands(seg)
	count(ops) >= 2
	word == ops[count(ops) - 1]
	every source in array.slice(ops, 0, count(ops) - 1) {
		_template_in_project(seg, source)
	}
}

_env_setup(seg, word) if {
	shell.runs_any(seg, {"touch", "chmod", "chown", "chgrp"})
	word in shell.operands(seg)
}

_template_in_project(seg, source) if {
	regex.match(`(?i)(example|sample|template|dist|tpl|default)`, shell.basename(source))
	t := paths.location(seg, source)
	t.inside_project
	t.resolved_inside_project
}

# kubectl apply|create|replace|delete -f k8s/secret.yaml sends the manifest to the
# cluster and prints only `secret/db configured` (not with -o yaml|json…)
_creates_in_project(p) if {
	p.source == "argument"
	p.inside_project
	p.resolved_inside_project
	regex.match(`\.(ya?ml|json)$`, paths.fold_name(p))
	seg := shell.by_id(p.segment)
	shell.runs_any(seg, {"kubectl", "oc"})
	shell.operands(seg)[0] in {"apply", "create", "replace", "delete"}
	shell.option_value(seg, {"-f", "--filename"}) == p.raw
	every out in _kube_outputs(seg) {
		lower(out) == "name"
	}
}


# A glob-looking piece that only occurs in the program text of a text tool (the
# `s/=.*/=/` of sed, an awk program, a jq filter, a grep pattern) and is not itself a
# secret's name: the tool matches it as text and never expands it into file names
# (`.*/` is a regex, not a glob).
_only_in_program_text(seg, piece) if {
	shell.runs_any(seg, _text_tools)
	regex.match(`[*?\[]`, piece)
	base := shell.basename(piece)
	not paths.secret_name(lower(base))
	programs := _program_texts(seg)
	some text in programs
	piece in _pieces(text)
	not _piece_outside(seg, piece, programs)
}

_text_tools := {"sed", "gsed", "awk", "gawk", "mawk", "nawk", "jq", "yq", "grep", "egrep", "fgrep", "rg"}

_piece_outside(seg, piece, programs) if {
	some arg in shell.args(seg)
	not arg in programs
	piece in _pieces(arg)
}

# -e/--expression/--regexp values; else the first operand (the script, filter or pattern)
_program_texts(seg) := _program_options(seg) if {
	shell.has_arg(seg, {"-e", "--expression", "--regexp"})
} else := {shell.operands(seg)[0]} if {
	not shell.has_arg(seg, {"-f", "--file", "--from-file"})
	count(shell.operands(seg)) > 0
} else := set()

_program_options(seg) := {v |
	args := shell.args(seg)
	some i, a in args
	a in {"-e", "--expression", "--regexp"}
	v := args[i + 1]
}

# the same word as a path of the facts (resolved through symlinks), made in the project
_word_created_in_project(seg, piece) if {
	some p in input.facts.paths
	p.source == "argument"
	p.segment == seg.id
	p.raw == piece
	_creates_in_project(p)
}

_write_only(p) if {
	p.source == "redirect"
	p.field in {">", ">>", ">|", "&>", "&>>"}
}

_write_only(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	_write_only_arg(seg, p.raw)
}

_write_only_arg(seg, word) if {
	shell.runs_any(seg, {"cp", "mv", "install"})
	ops := shell.operands(seg)
	count(ops) >= 2
	word == ops[count(ops) - 1]
}

_write_only_arg(seg, word) if {
	shell.runs_any(seg, {"touch", "tee", "mkdir", "chmod", "chown", "chgrp", "rm", "unlink", "shred", "srm", "wipe"})
	word in shell.operands(seg)
}

# key tools: the files they write and the keys they sign with, never printed
_write_only_arg(seg, word) if {
	some tool, options in _key_tool_options
	shell.runs(seg, tool)
	_key_tool_mode(seg, tool)
	some i, a in shell.args(seg)
	a in options
	shell.args(seg)[i + 1] == word
}

# step certificate create SUBJECT CRT KEY, step crypto keypair PUB KEY
_write_only_arg(seg, word) if {
	shell.runs(seg, "step")
	ops := shell.operands(seg)
	[ops[0], ops[1]] in {["certificate", "create"], ["crypto", "keypair"]}
	word in array.slice(ops, 2, count(ops))
}

_key_tool_options := {
	"openssl": {"-out", "-keyout", "-key", "-signkey", "-CAkey", "-cakey"},
	"ssh-keygen": {"-f"},
	"mkcert": {"-key-file", "-cert-file", "-p12-file"},
}

# openssl subcommands that make keys, requests and certificates (never `rsa`, `pkey`,
# `pkcs12`, `enc`, which print or decrypt the key they read)
_key_tool_mode(seg, "openssl") if {
	shell.operands(seg)[0] in {"req", "x509", "genrsa", "genpkey", "gendsa", "ecparam", "dhparam", "ca"}
}

_key_tool_mode(_, "ssh-keygen") := true

_key_tool_mode(_, "mkcert") := true

# Commands whose purpose is to print a credential.
credential_commands := settings.value("credential_commands")

_credential_programs := {cmd[0] | some cmd in credential_commands}

deny contains msg if {
	some ran in _credential_programs & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	n := shell.name(seg) # (once per segment, not once per entry of the table)
	some cmd in credential_commands
	cmd[0] == n
	every word in array.slice(cmd, 1, count(cmd)) {
		word in shell.args(seg)
	}
	not _feeds_secret_consumer(seg) # aws ecr get-login-password | docker login --password-stdin
	not _reduced_to_names(seg) # … | wc -c: a length, not the credential
	msg := sprintf("Blocked: `%s` prints a credential; it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# Secret values from the cluster: `kubectl get secret NAME -o yaml|json|jsonpath|go-template`
# prints the (base64) values; the default table, `-o wide`, `-o name` and `describe`
# print names, types, sizes and ages only, and a jsonpath or custom-columns that reads
# only such fields (.metadata.name, .type) prints no value either.
deny contains msg if {
	some ran in {"kubectl", "oc", "k", "microk8s.kubectl", "k3s"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	"get" in shell.args(seg)
	some arg in shell.operands(seg)
	_kube_secret_resource(arg)
	some out in _kube_outputs(seg)
	not _kube_output_without_values(out)
	not _reduced_to_names(seg) # … -o jsonpath='{.data}' | jq 'keys': key names only
	msg := sprintf("Blocked: `%s` prints the values of a cluster secret; they must not reach the model. List secrets without -o (names, types, ages) or `kubectl describe secret` (key names and sizes). %s", [concat(" ", seg.argv), instead])
}

# The same values read through the API path: `kubectl get --raw /api/v1/namespaces/NS/secrets[/NAME]`
# (also `--raw=…`, the cluster-wide `/api/v1/secrets`, a watch, a query string) hands out every
# value of the Secret objects, in any namespace.
deny contains msg if {
	some ran in {"kubectl", "oc", "k", "microk8s.kubectl", "k3s", "kubecolor"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some path in _kube_raw_paths(seg)
	_kube_raw_secrets_path(path)
	msg := sprintf("Blocked: `%s` reads Secrets through the Kubernetes API (`%s`): their values are the cluster's credentials and must not reach the model. List names with `kubectl get secrets` instead. %s", [concat(" ", seg.argv), path, instead])
}

_kube_raw_paths(seg) := {v |
	some i, a in shell.args(seg)
	a == "--raw"
	v := shell.args(seg)[i + 1]
} | {v |
	some a in shell.args(seg)
	startswith(a, "--raw=")
	v := substring(a, 6, -1)
}

_kube_raw_secrets_path(path) if {
	count(path) <= 4096
	p := split(lower(path), "?")[0]
	regex.match(`^(https?://[^/]*)?/+api/+v1/+(watch/+)?(namespaces/+[^/]+/+)?secrets(/|$)`, p)
}

_kube_secret_resource(arg) if {
	some item in split(lower(arg), ",")
	kind := split(split(item, "/")[0], ".")[0]
	kind in {"secret", "secrets"}
}

# -o X, -oX, -o=X, --output X, --output=X
_kube_outputs(seg) := {v |
	some i, a in shell.args(seg)
	a in {"-o", "--output"}
	v := shell.args(seg)[i + 1]
} | {v |
	some a in shell.args(seg)
	some m in regex.find_all_string_submatch_n(`^(?:-o=?|--output=)(.+)$`, a, 1)
	v := m[1]
}

_kube_output_without_values(out) if lower(out) in {"name", "wide"}

_kube_output_without_values(out) if {
	some prefix in {"jsonpath=", "jsonpath-as-json=", "custom-columns="}
	startswith(lower(out), prefix)
	expr := substring(out, count(prefix), -1)
	not regex.match(`[@$]|\.\.|\{\s*\.?\s*\}`, expr)
	rest := regex.replace(expr, `\.items(\[[^\]]*\])?`, "")
	not regex.match(`\{\s*\}`, rest)
	fields := regex.find_n(`\.[A-Za-z_][A-Za-z0-9_.-]*`, rest, -1)
	count(fields) > 0
	every f in fields {
		f in _kube_value_free_fields
	}
}

_kube_value_free_fields := {
	".metadata.name", ".metadata.namespace", ".metadata.creationTimestamp", ".metadata.uid",
	".metadata.resourceVersion", ".metadata.labels", ".type",
}

# docker-credential-desktop get, docker-credential-osxkeychain get, git-credential-store get, …
deny contains msg if {
	some n in data.claude_rego.lib.shell.names
	some prefix in {"docker-credential-", "git-credential-"}
	startswith(n, prefix)
	some ran in {n} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in {"get", "list"}
	word in shell.args(seg)
	msg := sprintf("Blocked: `%s` prints stored credentials; they must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# (the argument index read once into a rule of the package: a key test per rule below)
_arg_index := data.claude_rego.lib.shell.arg_index

# git/npm/yarn/pnpm config reads of tokens and credentials (git config --get-regexp token,
# npm config get //registry.npmjs.org/:_authToken)
deny contains msg if {
	some ran in {"git", "npm", "yarn", "pnpm", "pip", "pip3", "poetry", "composer"} & data.claude_rego.lib.shell.names
	_arg_index.config # (some segment has the word: before the per-segment calls)
	some seg in shell.running({ran})
	"config" in shell.args(seg)
	some arg in shell.args(seg)
	regex.match(`(?i)(token|password|passwd|credential|secret|_auth)`, arg)
	not _sets_helper_only(seg)
	msg := sprintf("Blocked: `%s` reads a credential from the tool's configuration; it must not reach the model. %s", [concat(" ", seg.argv), instead])
}

# `git config credential.helper store` etc. configure, they do not print
_sets_helper_only(seg) if {
	some arg in shell.args(seg)
	endswith(lower(arg), "credential.helper")
	count(shell.operands(seg)) >= 3
}

# Cloud instance metadata endpoints hand out the machine's credentials (IMDS, GCP,
# Azure, Alibaba, ECS task roles): by any tool (curl, wget, WebFetch, an MCP fetch).
metadata_hosts := {
	"169.254.169.254", "metadata.google.internal", "metadata.goog", "fd00:ec2::254", "[fd00:ec2::254]",
	"100.100.100.200", "169.254.170.2", "metadata.azure.com", "169.254.169.253",
	# other spellings of 169.254.169.254 (hex, decimal, octal, IPv4-mapped IPv6)
	"0xa9fea9fe", "2852039166", "0251.0376.0251.0376", "0xa9.0xfe.0xa9.0xfe", "169.254.43518", "a9fe:a9fe",
}

deny contains msg if {
	_args_text != "" # (no argument: no regex to build)
	regex.match(_metadata_re, _args_text) # (one match over every argument first)
	some arg, ids in data.claude_rego.lib.shell.arg_index
	regex.match(_metadata_re, arg)
	some i in ids
	seg := shell.by_id(i)
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [concat(" ", seg.argv), instead])
}

_net_deny contains msg if {
	some net in input.facts.effects.network
	_metadata_url(net)
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [net.url, instead])
}

# one match per word rather than one test per host
# (the hosts joined first: three replacements of one text, not of each host)
_metadata_re := concat("", ["(?i)(", replace(replace(replace(concat("|", metadata_hosts), ".", "\\."), "[", "\\["), "]", "\\]"), ")"])

_metadata_url(net) if net.host in metadata_hosts

_metadata_url(net) if {
	some host in metadata_hosts
	contains(lower(net.url), host)
}

# Variables that name a credential file: cat $AWS_SHARED_CREDENTIALS_FILE, "$KUBECONFIG"
credential_file_vars := {
	"AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "KUBECONFIG", "GOOGLE_APPLICATION_CREDENTIALS",
	"DOCKER_CONFIG", "NETRC", "PGPASSFILE", "CLOUDSDK_CONFIG", "GH_CONFIG_DIR", "AZURE_CONFIG_DIR",
	"GNUPGHOME", "PASSWORD_STORE_DIR", "VAULT_CONFIG_PATH", "NPM_CONFIG_USERCONFIG", "GIT_ASKPASS",
	"SSH_AUTH_SOCK", "TF_CLI_CONFIG_FILE", "MYSQL_PWD_FILE",
	"KRB5CCNAME", "KRB5_KTNAME", "KRB5_CLIENT_KTNAME", "ANSIBLE_VAULT_PASSWORD_FILE", "HISTFILE", "PSQL_HISTORY",
	"MYSQL_HISTFILE", "SQLITE_HISTORY", "REDISCLI_HISTFILE", "TELEPORT_HOME",
}

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_dollar_anywhere
	not paths.names_only(seg.id)
	some raw in shell.raw_args(seg)
	regex.match(_credential_var_re, raw)
	some var in credential_file_vars
	_references(raw, var)
	msg := sprintf("Blocked: `%s` reads the credential file that $%s names; its contents must not reach the model. %s", [concat(" ", seg.argv), var, instead])
}

# Printing a variable whose name says it holds a secret (echo $ANTHROPIC_API_KEY,
# printenv GITHUB_TOKEN); using one (curl -H "Authorization: Bearer $TOKEN") is fine.
secret_var_re := data.claude_rego.lib.secrets.secret_var_re

# (a set of its own: output_redaction withholds such a command's output by where its stdout
# goes — printed_secret_vars — not as a secret read)
deny contains msg if {
	some msg in prints_secret_variable
}

prints_secret_variable contains msg if {
	some ran in {"echo", "printf", "print"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not shell.stdout_discarded(seg) # echo "$TOKEN" >/dev/null prints nothing anyone sees
	some raw in shell.raw_args(seg)
	some ref in regex.find_n(`\$\{?[A-Za-z_][A-Za-z0-9_]*`, raw, 8)
	var := trim_left(trim_prefix(ref, "$"), "{")
	regex.match(secret_var_re, var)
	not upper(var) in {"PWD", "OLDPWD"} # the working directory, not a password
	not _assigns_only(seg)
	not _feeds_secret_consumer(seg)
	msg := sprintf("Blocked: `%s` prints $%s, which holds a secret; it must not reach the model. Check that it is set with `test -n \"$%s\"` instead.", [concat(" ", seg.argv), var, var])
}

# printf -v NAME …: the text goes into a variable (judged where it is printed), not out
_assigns_only(seg) if {
	shell.runs(seg, "printf")
	startswith(shell.args(seg)[0], "-v")
}

# echo "$TOKEN" | docker login --password-stdin: the value goes into a program that
# consumes it as a credential, not to the model (nothing but the echo's pipe reads it)
_feeds_secret_consumer(seg) if {
	count(seg.redirects) == 0
	some consumer in segments
	consumer.id == seg.id + 1
	shell.upstream(seg, consumer)
	_secret_consumer(consumer)
}

_secret_consumer(seg) if {
	"login" in shell.args(seg)
	shell.has_arg(seg, {"--password-stdin", "--with-token", "--stdin", "--token-stdin"})
}

_secret_consumer(seg) if {
	shell.runs_any(seg, {"gh", "glab"})
	some pair in [["secret", "set"], ["auth", "login"], ["variable", "set"]]
	every w in pair {
		w in shell.args(seg)
	}
}

_secret_consumer(seg) if {
	shell.runs_any(seg, {"wrangler", "vercel", "netlify", "fly", "flyctl", "doppler", "railway"})
	some w in shell.args(seg)
	w in {"put", "add", "set", "import", "env:set"}
}

_secret_consumer(seg) if {
	shell.runs(seg, "vault")
	"login" in shell.args(seg)
	"-" in shell.args(seg)
}

_secret_consumer(seg) if {
	shell.runs(seg, "kubectl")
	"create" in shell.args(seg)
	"secret" in shell.args(seg)
}

prints_secret_variable contains msg if {
	"printenv" in data.claude_rego.lib.shell.names
	some seg in shell.running({"printenv"})
	not shell.stdout_discarded(seg) # printenv TOKEN >/dev/null: an "is it set" check
	some var in shell.operands(seg)
	regex.match(secret_var_re, var)
	not upper(var) in {"PWD", "OLDPWD"}
	msg := sprintf("Blocked: `%s` prints $%s, which holds a secret; it must not reach the model. Check that it is set with `test -n \"$%s\"` instead.", [concat(" ", seg.argv), var, var])
}

# Dumping the whole environment (env, printenv, export -p, set, declare -x, ps e): it
# holds the session's tokens. Asked, not denied: it is also a debugging habit.
ask contains msg if {
	some seg in _env_dump_candidates
	_dumps_environment(seg)
	not _reduced_to_names(seg) # env | wc -l, printenv | cut -d= -f1 | sort: names or a count
	msg := sprintf("`%s` prints every environment variable, including API keys and tokens, into the model's context. Approve only if the environment holds no secrets, or print the variables you need by name.", [concat(" ", array.concat(seg.wrappers, seg.argv))])
}

# The environment dumped by a JSON/YAML processor or an orchestrator: jq/yq `env` or `$ENV`
# whole (`jq -n env`, `jq -n '$ENV'`, `jq 'env|to_entries[]'`, `yq -n env`), `kubectl set env
# RESOURCE --list` (the container's variables with their values) and `docker compose config
# --environment` (every variable of the interpolation environment: .env and the shell's). Asked like
# `env`, with the same refinement: piped straight into a stage that keeps only names or a
# count passes, and so does a jq filter that keeps only names or one variable (`env|keys`,
# `env|length`, `env.HOME`, `$ENV.PATH`, yq `env(HOME)`).
_jq_family := {"jq", "gojq", "jaq", "yq", "xq", "tomlq", "jello", "faq", "dasel"}

_jq_two_value_options := {"--arg", "--argjson", "--slurpfile", "--rawfile"}

_jq_one_value_options := {"--indent", "-L", "-o", "--output-format", "-p", "--input-format", "-I", "--from-file", "-f"}

# the filter: the first operand that is no option's value
_jq_filter(seg) := f if {
	args := shell.args(seg)
	ops := [a | some i, a in args; not startswith(a, "-"); not _jq_option_value(args, i)]
	f := ops[0]
}

_jq_option_value(args, i) if args[i - 1] in _jq_two_value_options

_jq_option_value(args, i) if args[i - 2] in _jq_two_value_options

_jq_option_value(args, i) if args[i - 1] in _jq_one_value_options

# each use of the environment builtin, with what follows it
_jq_env_uses(filter) := regex.find_all_string_submatch_n(`(^|[^A-Za-z0-9_.$"])(\$ENV|env)\b\s*([^\s].{0,40})?`, filter, 16)

_jq_env_dump(filter) if {
	some m in _jq_env_uses(filter)
	not _jq_env_narrowed(m[3])
}

# `.NAME`, `["NAME"]`, `(NAME)` (yq), `:` (an object key), `|keys`, `|length`, `|to_entries|map(.key)`
_jq_env_narrowed(rest) if regex.match(`^(\.\s*[A-Za-z_"]|\[|\(|:)`, rest)

_jq_env_narrowed(rest) if regex.match(`^\|\s*(keys(_unsorted)?\b|length\b|to_entries\s*\|\s*map\s*\(\s*\.key\s*\)|has\s*\()`, rest)

ask contains msg if {
	some ran in _jq_family & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_jq_env_dump(_jq_filter(seg))
	not shell.stdout_discarded(seg)
	not _reduced_to_names(seg)
	msg := sprintf("`%s` prints every environment variable, including API keys and tokens, into the model's context. Approve only if the environment holds no secrets, or print the variables you need by name.", [concat(" ", seg.argv)])
}

ask contains msg if {
	some ran in {"kubectl", "oc", "k", "microk8s.kubectl", "k3s"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	args := shell.args(seg)
	some i, a in args
	a == "set"
	args[i + 1] == "env"
	shell.has_arg(seg, {"--list", "--list=true", "--resolve", "--resolve=true"})
	not shell.stdout_discarded(seg)
	not _reduced_to_names(seg)
	msg := sprintf("`%s` prints the workload's environment variables with their values (often credentials). Approve only if they hold no secrets.", [concat(" ", seg.argv)])
}

# docker compose config: every ${VAR} interpolated from .env and the environment
ask contains msg if {
	some ran in {"docker", "podman", "nerdctl", "docker-compose", "podman-compose"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_compose_config(seg)
	not _compose_config_names_only(seg)
	not shell.stdout_discarded(seg)
	not _reduced_to_names(seg)
	msg := sprintf("`%s` prints every variable of the compose interpolation environment (.env and the shell's, often credentials). Approve only if they hold no secrets, or render the file without `--environment`.", [concat(" ", seg.argv)])
}

_compose_config(seg) if {
	shell.runs_any(seg, {"docker-compose", "podman-compose"})
	_compose_words(seg)[0] in {"config", "convert"}
}

_compose_config(seg) if {
	shell.runs_any(seg, {"docker", "podman", "nerdctl"})
	w := _compose_words(seg)
	w[0] == "compose"
	w[1] in {"config", "convert"}
}

# the words after the options and their values (-f FILE, -p NAME, --env-file F, --profile P)
_compose_words(seg) := [a | some i, a in args; not startswith(a, "-"); not _compose_option_value(args, i)] if {
	args := shell.args(seg)
}

_compose_option_value(args, i) if args[i - 1] in {"-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory", "--ansi", "--progress", "--context", "-c", "-H", "--host", "--log-level", "--format", "-o", "--output"}

_compose_config_names_only(seg) if {
	some a in shell.args(seg)
	a in {
		"--services", "--volumes", "--images", "--profiles", "--networks", "--hash", "-q", "--quiet",
		"--no-interpolate", "--environment=false", "--variables", "--help", "-h",
	}
}

# the plain rendering is ordinary work (checking a merged file; a secret-looking value in
# it is left to output redaction): only `--environment`, which prints the whole
# interpolation environment, is a dump
_compose_config_names_only(seg) if {
	args := shell.args(seg)
	not "--environment" in args
}

# every clause below runs one of these programs, or is a bare `env` (a wrapper, no command);
# tests/test_indexed_rules.py compares the rule with a pass over every segment
_env_dump_candidates := array.concat(shell.running({"env", "printenv", "export", "declare", "typeset", "set", "ps"}), data.claude_rego.lib.shell.with_wrappers)

_dumps_environment(seg) if {
	shell.runs_any(seg, {"env", "printenv"})
	count(shell.operands(seg)) == 0
	not _env_runs_command(seg)
}

_dumps_environment(seg) if {
	shell.runs_any(seg, {"export", "declare", "typeset"})
	shell.has_short_flag(seg, {"p", "x"})
	count(shell.operands(seg)) == 0
}

# a bare `env` (the parser strips env as a wrapper and leaves no command)
_dumps_environment(seg) if {
	seg.command == ""
	count(seg.argv) == 0
	some w in seg.wrappers
	lower(w) in {"env", "printenv"}
}

_dumps_environment(seg) if {
	shell.runs(seg, "set")
	count(shell.args(seg)) == 0
}

_dumps_environment(seg) if {
	shell.runs(seg, "ps")
	some arg in shell.args(seg)
	not startswith(arg, "-")
	contains(arg, "e")
}

_dumps_environment(seg) if {
	shell.runs(seg, "ps")
	"-E" in shell.args(seg)
}

# bare `declare` / `typeset` / `export`: every variable (or every exported one) with
# its value
_dumps_environment(seg) if {
	shell.runs_any(seg, {"export", "declare", "typeset"})
	count(shell.args(seg)) == 0
}

# indirect expansion ${!v}: the value of a variable whose name is chosen at run time
# (compgen -v | while read v; do echo "$v=${!v}"; done, for v in ${!AWS@}; …): any
# variable, so the whole environment. ${!prefix@}, ${!prefix*} and ${!arr[@]} only
# list names or keys.
ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_dollar_anywhere # `${!` holds a `$`
	some raw in shell.raw_args(seg)
	contains(raw, "${!")
	regex.match(`\$\{![A-Za-z_][A-Za-z0-9_]*([}:#%/^,]|$)`, raw)
	msg := sprintf("`%s` prints the value of a variable whose name is chosen at run time (indirect expansion `%s`): it can be any environment variable, including API keys and tokens. Approve only if the variable it names holds no secret.", [concat(" ", array.concat(seg.wrappers, seg.argv)), raw])
}

ask contains msg if {
	some seg in data.claude_rego.lib.shell.with_assignments
	some name, raw in object.get(seg, "assignments", {})
	is_string(raw)
	contains(raw, "${!")
	regex.match(`\$\{![A-Za-z_][A-Za-z0-9_]*([}:#%/^,]|$)`, raw)
	msg := sprintf("`%s=%s` takes the value of a variable whose name is chosen at run time (indirect expansion): it can be any environment variable, including API keys and tokens. Approve only if the variable it names holds no secret.", [name, raw])
}

# `env X=1 cmd` runs cmd (the parser strips env as a wrapper; a bare env remains)
_env_runs_command(seg) if {
	some arg in shell.args(seg)
	not contains(arg, "=")
	not startswith(arg, "-")
}

# one match per word for all the variables (what _references tests, as a regex)
_credential_var_re := concat("", [`\$\{?(`, concat("|", credential_file_vars), ")"])

_references(raw, var) if contains(raw, concat("", ["$", var]))

_references(raw, var) if contains(raw, concat("", ["${", var]))

# Code handed to an interpreter (python -c, node -e, perl -e, ruby -e, php -r, …) that
# names a secret file: it reads it (and usually sends it somewhere). Not in the text of a file
# written to run later (composer's `@php -r "file_exists('.env') || copy('.env.example', '.env');"`,
# like its paths above: what it sends away is exfiltration's).
deny contains msg if {
	not _later_text
	some n in data.claude_rego.lib.shell.names
	_interpreter(n)
	some ran in {n} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some arg in shell.args(seg)
	count(arg) > 3
	regex.match(secret_mention_re, arg)
	msg := sprintf("Blocked: the code given to `%s` reads a secret file (credentials or keys); its contents must not reach the model or leave the machine. %s", [shell.name(seg), instead])
}

secret_mention_re := `(?i)(\.ssh/|\.aws/(credentials|config)|\.gnupg/|\.kube/config|\.docker/config\.json|\.netrc|\.npmrc|\.pypirc|\.pgpass|\.git-credentials|\.config/gh/hosts|\.config/gcloud|/etc/shadow|/proc/self/environ|/proc/[0-9]+/environ|\bid_(rsa|ed25519|ecdsa|dsa)\b|\.claude/\.credentials|["'/]\.env(\.[a-z]+)?["'])`

_interpreter(n) if n in _interpreters

_interpreters := {"python", "python2", "python3", "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "osascript", "pwsh", "powershell", "tclsh", "Rscript", "rscript", "julia", "groovy", "jshell"}

_interpreter(n) if {
	startswith(n, "p") # (before the regex: most programs fail this)
	regex.match(`^(python|pypy)[0-9.]*$`, n)
}

# A secret (token, key, password) in a URL a call fetches: WebFetch, an MCP fetch, curl
# or wget with the secret in the query or path sends it to that host.
_net_deny contains msg if {
	some net in input.facts.effects.network
	kinds := secrets.found(_url_text(net.url))
	count(kinds) > 0
	msg := sprintf("Blocked: the URL this call fetches carries a secret (%s); it would be sent to %s. %s", [concat(", ", sort(kinds)), net.host, instead])
}

_urlargs_deny contains msg if {
	some arg, ids in _url_args
	kinds := secrets.found(_url_text(arg))
	some i in ids
	seg := shell.by_id(i)
	count(kinds) > 0
	msg := sprintf("Blocked: `%s` sends a secret (%s) in a URL. %s", [shell.name(seg), concat(", ", sort(kinds)), instead])
}

# every distinct argument in one text, for a test over all of them before a pass (most
# commands hold no URL and no metadata host); the arguments with a `://`
_args_text := concat("\n", object.keys(data.claude_rego.lib.shell.arg_index))

_url_args := {arg: ids | some arg, ids in data.claude_rego.lib.shell.arg_index; contains(arg, "://")} if {
	contains(_args_text, "://")
} else := {}

# the common percent-escapes of a URL undone without urlquery.decode (which raises on a
# malformed escape): enough for the secret patterns to see PEM headers and key=value
_url_text(url) := strings.replace_n({"%20": " ", "+": " ", "%2D": "-", "%2d": "-", "%3D": "=", "%3d": "=", "%2F": "/", "%2f": "/"}, url)

# Metadata service host names that are only names in a URL's host position
# (http://instance-data/…, http://metadata/computeMetadata/…): a word match would hit
# every `--metadata` flag, so these are matched as the URL's host.
metadata_alias_hosts := {"instance-data", "instance-data.ec2.internal", "metadata", "metadata.ec2.internal", "metadata.internal", "metadata.tencentyun.com", "metadata.platformequinix.com", "metadata.packet.net"}

_metadata_alias_re := `(?i)^(([a-z][a-z0-9+.-]*:)?//)?([^/@\t\n\f\r ]*@)?(instance-data(\.ec2\.internal)?|metadata(\.ec2\.internal|\.internal|\.tencentyun\.com|\.platformequinix\.com|\.packet\.net)?)\.?(:[0-9]+)?(/.*)?$`

# (one test per distinct argument, from the argument index: not one per segment × argument)
deny contains msg if {
	contains(lower(_args_text), "data") # (one test over every argument first)
	some arg, ids in data.claude_rego.lib.shell.arg_index
	contains(lower(arg), "data") # (before the regex: both of its host names hold `data`)
	regex.match(_metadata_alias_re, arg)
	some i in ids
	seg := shell.by_id(i)
	_alias_url_word(seg, arg)
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [concat(" ", seg.argv), instead])
}

# a URL with a scheme anywhere; a bare host/path only for network clients
_alias_url_word(_, arg) if contains(arg, "://")

_alias_url_word(seg, _) if shell.runs_any(seg, {"curl", "wget", "http", "https", "xh", "httpie", "aria2c", "lynx", "w3m", "links", "elinks", "nc", "ncat", "socat", "telnet"})

_net_deny contains msg if {
	some net in input.facts.effects.network
	lower(trim_right(object.get(net, "host", ""), ".")) in metadata_alias_hosts
	msg := sprintf("Blocked: `%s` queries the cloud instance metadata service, which hands out this machine's credentials. %s", [object.get(net, "url", net.host), instead])
}

# An IP address spelled in a non-canonical numeric form in a command's URL (hex 0xa9fea9fe,
# octal 0251.…, one 32-bit integer, mixed or short forms): the address it reaches cannot be
# compared by its text, and no ordinary URL is written that way. Tool URLs are normalised
# by the facts layer (facts.effects.network[].host) and judged above.
ask contains msg if {
	some arg, ids in _url_args
	some i in ids
	seg := shell.by_id(i)
	parts := regex.find_all_string_submatch_n(`^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@\t\n\f\r ]*@)?([0-9A-Fa-fXx.]+)(?::[0-9]+)?(?:[/?#].*)?$`, arg, 1)
	count(parts) == 1
	host := parts[0][1]
	_numeric_obfuscated(host)
	msg := sprintf("`%s` reaches `%s`, an IP address spelled in an unusual numeric form: where it leads (the cloud metadata service, localhost) cannot be told from the text. Use the ordinary dotted address.", [concat(" ", seg.argv), host])
}

_numeric_obfuscated(host) if {
	regex.match(`^[0-9A-Fa-fXx.]+$`, host)
	regex.match(`(?i)(^|\.)0x`, host)
}

_numeric_obfuscated(host) if {
	regex.match(`^[0-9.]+$`, host)
	regex.match(`(^|\.)0[0-9]`, host)
}

_numeric_obfuscated(host) if {
	regex.match(`^[0-9]+(\.[0-9]+){0,2}$`, host)
	to_number(split(host, ".")[count(split(host, ".")) - 1]) > 255
}

# Programs that use a key or certificate without printing it: ssh/scp/sftp -i KEY,
# ssh-add KEY, ssh-keygen -y|-l|-e|-B -f KEY (the public half or a fingerprint), and
# openssl x509|crl|verify|s_client, which read certificates (a private key given to them
# fails; -key/-signkey only sign). Printing the key (cat, cp elsewhere, base64, openssl
# rsa|pkey|ec, an upload) stays denied.
_used_as_key_path(p) if {
	p.source == "argument"
	seg := shell.by_id(p.segment)
	used_as_key(seg, p.raw)
}

_ssh_clients := {"ssh", "scp", "sftp", "autossh", "sshfs", "mosh"}

used_as_key(seg, word) if {
	shell.runs_any(seg, _ssh_clients)
	_option_value_is(seg, "-i", word)
}

used_as_key(seg, word) if {
	shell.runs(seg, "ssh-add")
	not startswith(word, "-")
	_is_arg(seg, word)
}

used_as_key(seg, word) if {
	shell.runs(seg, "ssh-keygen")
	some a in shell.args(seg)
	regex.match(`^-[ylBeqv]*[yleB][ylBeqv]*f?$`, a)
	_key_file_option(seg, word)
}

used_as_key(seg, word) if {
	shell.runs(seg, "openssl")
	ops := shell.operands(seg)
	count(ops) > 0
	ops[0] in {"x509", "crl", "verify", "s_client"}
	_is_arg(seg, word)
	not _option_value_is(seg, "-out", word)
}

# git -c core.sshCommand='ssh -i KEY': the ssh command is a nested segment of its own,
# judged above (its other words keep their own checks); the git word that carries it is
# that command, not a read.
used_as_key(seg, word) if {
	shell.runs(seg, "git")
	some c in segments
	c.parent == seg.id
	shell.runs_any(c, _ssh_clients)
	text := concat(" ", c.argv)
	word in {text, concat("=", ["core.sshCommand", text]), concat("=", ["core.sshcommand", text])}
}

_key_file_option(seg, word) if _option_value_is(seg, "-f", word)

_key_file_option(seg, word) if {
	some i, a in shell.args(seg)
	regex.match(`^-[ylBeqv]*f$`, a)
	_at(seg, i + 1, word)
}

_option_value_is(seg, opt, word) if {
	some i, a in shell.args(seg)
	a == opt
	_at(seg, i + 1, word)
}

_option_value_is(seg, opt, word) if {
	some a in array.concat(shell.args(seg), shell.raw_args(seg))
	a == concat("", [opt, word])
}

_at(seg, i, word) if shell.args(seg)[i] == word

_at(seg, i, word) if shell.raw_args(seg)[i] == word

_is_arg(seg, word) if word in shell.args(seg)

_is_arg(seg, word) if word in shell.raw_args(seg)

# ------------------------------------------------------------- output reduced to names or counts

# _reduced_to_names(seg): everything `seg` prints goes straight (no redirect of its standard
# output) into a pipe stage that provably keeps only names or a count — `wc`, `grep -c/-l/-L/-q`,
# `cut -d= -f1`, `awk -F= '{print $1}'`, a jq filter ending in `keys`, `keys[]`, `length` or
# `to_entries|map(.key)` — and every later stage of that pipeline only sorts, counts, filters
# or shows those names (sort, uniq, head, tail, wc, grep, …): no stage that could fetch a value
# again (xargs printenv, sh) or keep a copy (tee). `grep FOO` alone prints matching values: not
# a reduction.
_reduced_to_names(seg) if {
	every r in seg.redirects {
		object.get(r, "fd", null) == 2
	}
	some stage in segments
	stage.id == seg.id + 1
	shell.upstream(seg, stage)
	_reducing_stage(stage)
	every later in segments {
		_after_reduction(stage, later)
	}
}

# the same with line filters between the dump and the reducing stage (`env | grep -E '^(NODE|NPM)_' |
# cut -d= -f1`, session 31): a grep that passes whole lines on (not `-o`, which could cut the
# names off), a sort, a head; nothing of theirs reaches the model but through the reducing stage
_reduced_to_names(seg) if {
	every r in seg.redirects {
		object.get(r, "fd", null) == 2
	}
	some stage in segments
	stage.id > seg.id + 1
	shell.upstream(seg, stage)
	_reducing_stage(stage)
	every mid in segments {
		_whole_line_filter_between(seg, stage, mid)
	}
	every later in segments {
		_after_reduction(stage, later)
	}
}

_whole_line_filter_between(seg, _, mid) if mid.id <= seg.id

_whole_line_filter_between(_, stage, mid) if mid.id >= stage.id

_whole_line_filter_between(seg, stage, mid) if {
	mid.id > seg.id
	mid.id < stage.id
	shell.upstream(seg, mid)
	shell.upstream(mid, stage)
	count([r | some r in mid.redirects; not object.get(r, "fd", null) == 2]) == 0
	_whole_line_filter(mid)
}

_whole_line_filter(mid) if shell.runs_any(mid, {"sort", "uniq", "head", "tail"})

_whole_line_filter(mid) if {
	shell.runs_any(mid, {"grep", "egrep", "fgrep", "rg", "ggrep"})
	not shell.has_short_flag(mid, {"o", "r", "R"})
	not shell.has_arg(mid, {"--only-matching", "--replace", "--recursive"})
	not shell.has_arg_prefix(mid, "--replace=")
}

_after_reduction(stage, later) if later.id <= stage.id

_after_reduction(stage, later) if {
	later.id > stage.id
	not shell.upstream(stage, later)
}

_after_reduction(stage, later) if {
	later.id > stage.id
	shell.upstream(stage, later)
	shell.runs_any(later, _name_filters)
	count([r | some r in later.redirects; not object.get(r, "fd", null) == 2]) == 0
}

_name_filters := {
	"sort", "uniq", "head", "tail", "wc", "column", "nl", "cat", "tr", "grep", "egrep", "fgrep", "rg",
	"cut", "comm", "paste", "less", "more", "fmt", "fold", "rev", "jq",
}

_reducing_stage(stage) if shell.runs(stage, "wc")

# a grep for whole variables, named exactly, none of them secret (`env | grep -i '^no_proxy='`,
# `env | grep -E '^(NODE_ENV|PORT)='`): only those lines print; no context lines (-A/-B/-C), no
# inverted match, no pattern file or second pattern. A word (`grep NODE`) also matches secret
# names that contain it (NODE_AUTH_TOKEN) and still asks
_reducing_stage(stage) if {
	shell.runs_any(stage, {"grep", "egrep", "fgrep", "rg", "ggrep"})
	args := shell.args(stage)
	every a in args {
		not _grep_widening(a)
		_grep_option_kept(a, true)
	}
	pats := [a | some a in args; not startswith(a, "-")]
	count(pats) == 1
	_harmless_env_pattern(pats[0])
	not _grep_configured
}

# The options such a grep may have (session 32 review: an allowlist — `rg --passthru` prints every
# line, `--pre` runs a program): a pattern syntax, line numbers, whole words or lines, file names,
# colour; case folding only where `folding` (exact names).
_grep_option_kept(a, _) if not startswith(a, "-")

_grep_option_kept(a, _) if a in {
	"-E", "-F", "-G", "-n", "-w", "-x", "-s", "-h", "-H", "--extended-regexp", "--fixed-strings", "--basic-regexp",
	"--line-number", "--word-regexp", "--line-regexp", "--no-messages", "--no-filename", "--with-filename",
	"--color", "--colour", "--color=never", "--color=always", "--color=auto", "--colour=never", "--colour=auto",
}

_grep_option_kept(a, _) if regex.match(`^-[EFGnwxshH]+$`, a)

_grep_option_kept(a, true) if a in {"-i", "-y", "--ignore-case"}

_grep_option_kept(a, true) if regex.match(`^-[EFGnwxshHiy]+$`, a)

# a grep or ripgrep whose options come from the environment or a file (RIPGREP_CONFIG_PATH,
# GREP_OPTIONS) anywhere in the command
_grep_configured if {
	some seg in segments
	some word in seg.raw_words
	regex.match(`RIPGREP_CONFIG_PATH|GREP_OPTIONS`, word)
}

_grep_configured if {
	some seg in segments
	some name, _ in seg.assignments
	name in {"RIPGREP_CONFIG_PATH", "GREP_OPTIONS"}
}

_grep_widening(a) if a in {"-v", "--invert-match", "-f", "--file", "-e", "--regexp", "-A", "-B", "-C", "--context", "--after-context", "--before-context", "-z", "--null-data"}

_grep_widening(a) if regex.match(`^-[A-Za-z0-9]*[vfeABCz]`, a)

_grep_widening(a) if regex.match(`^--(context|after-context|before-context|file|regexp)=`, a)

_harmless_env_pattern(p) if {
	regex.match(`^\^(\(?[A-Za-z][A-Za-z0-9_]{1,40}(\|[A-Za-z][A-Za-z0-9_]{1,40}){0,8}\)?)=$`, p)
	names := split(trim(p, "^()="), "|")
	every n in names {
		_harmless_env_name(upper(n))
	}
}

# (session 32) a search-path or locale word (`env | grep PATH`, `printenv | grep ^LC_`): every name
# that contains it is a search path (PATH, PYTHONPATH, LD_LIBRARY_PATH, …) or a locale setting,
# whose values are directories and locales. Other words and prefixes still ask: `^LANG` also
# matches LANGCHAIN_API_KEY, `^GO` GOOGLE_API_KEY, `HOME` HOMEBREW_GITHUB_API_TOKEN.
# Case-sensitive only: `grep -i path` also matches values (a URL's path).
# Only grep (not rg) on what env or printenv print, through sorts and whole-line greps (review:
# `ps e` puts a process's whole environment on one line, which holds PATH).
_reducing_stage(stage) if {
	shell.runs_any(stage, {"grep", "egrep", "fgrep", "ggrep"})
	args := shell.args(stage)
	every a in args {
		_grep_option_kept(a, false)
	}
	pats := [a | some a in args; not startswith(a, "-")]
	count(pats) == 1
	pats[0] in {"PATH", "^PATH", "PATH=", "^PATH=", "_PATH", "PATH:", "^LC_"}
	not _grep_configured
	every src in segments {
		_env_lines_only(src, stage)
	}
}

_env_lines_only(src, stage) if not shell.upstream(src, stage)

_env_lines_only(src, stage) if {
	shell.upstream(src, stage)
	shell.runs_any(src, {"env", "printenv", "sort", "uniq", "head", "tail"})
	count(shell.args(src)) == 0
}

_env_lines_only(src, stage) if {
	shell.upstream(src, stage)
	shell.runs_any(src, {"sort", "head", "tail"})
	every a in shell.args(src) {
		regex.match(`^-[a-zA-Z0-9]+$`, a)
	}
}

_harmless_env_name(name) if {
	not regex.match(`TOKEN|SECRET|KEY|PASS|PWD|AUTH|CRED|PRIVATE|SESSION|COOKIE|JWT|BEARER|SIG|AWS|GITHUB|GH_|GITLAB|GLPAT|NPM|PYPI|OPENAI|ANTHROPIC|API|DSN|DATABASE|DB_|_URL|URI|CONN|STRIPE|SLACK|TWILIO|SENDGRID|AZURE|GCP|GOOGLE|VAULT|CERT|PEM|SALT|HASH|OTP|ACCESS|LOGIN|ACCOUNT|WEBHOOK|CLIENT|SSH|GPG|PGP|SIGN|ENCRYPT|CIPHER|HMAC|MASTER|ADMIN|ROOT`, name)
}

_reducing_stage(stage) if {
	shell.runs_any(stage, {"grep", "egrep", "fgrep", "rg", "ag", "ggrep"})
	_grep_counts(stage)
}

_grep_counts(stage) if shell.has_short_flag(stage, {"c", "l", "L", "q"})

_grep_counts(stage) if shell.has_arg(stage, {"--count", "--files-with-matches", "--files-without-match", "--quiet", "--silent"})

_reducing_stage(stage) if {
	shell.runs(stage, "cut")
	args := shell.args(stage)
	_cut_first_field(args)
	_cut_equals_delimiter(args)
	not "--complement" in args
}

_cut_first_field(args) if "-f1" in args

_cut_first_field(args) if "--fields=1" in args

_cut_first_field(args) if {
	some i, a in args
	a in {"-f", "--fields"}
	args[i + 1] == "1"
}

_cut_equals_delimiter(args) if "-d=" in args

_cut_equals_delimiter(args) if "--delimiter==" in args

_cut_equals_delimiter(args) if {
	some i, a in args
	a in {"-d", "--delimiter"}
	args[i + 1] == "="
}

_reducing_stage(stage) if {
	shell.runs_any(stage, {"awk", "gawk", "mawk", "nawk"})
	args := shell.args(stage)
	_awk_equals_separator(args)
	programs := [a | some a in args; not startswith(a, "-"); a != "="]
	count(programs) == 1
	regex.match(`^[\t\n\f\r ]*\{[\t\n\f\r ]*print[\t\n\f\r ]+\$1[\t\n\f\r ]*;?[\t\n\f\r ]*\}[\t\n\f\r ]*$`, programs[0])
}

_awk_equals_separator(args) if "-F=" in args

_awk_equals_separator(args) if {
	some i, a in args
	a == "-F"
	args[i + 1] == "="
}

_reducing_stage(stage) if {
	shell.runs_any(stage, {"jq", "gojq", "jaq"})
	filters := [a | some a in shell.args(stage); not startswith(a, "-")]
	count(filters) == 1
	every a in shell.args(stage) {
		_jq_plain_option(a)
	}
	f := replace(replace(filters[0], " ", ""), "\t", "")
	regex.match(`^(\.[A-Za-z0-9_.]*\|)?(keys|keys_unsorted|keys\[\]|keys_unsorted\[\]|length|to_entries\|map\(\.key\)|to_entries\[\]\.key|\[\.\[\]\]\|length)(\|length|\|sort|\|\.\[\])*$`, f)
}

_jq_plain_option(a) if not startswith(a, "-")

_jq_plain_option(a) if a in {"-r", "-c", "-M", "-S", "-j", "-e", "--raw-output", "--compact-output", "--monochrome-output", "--sort-keys", "-rc", "-cr"}

# the 2 ask bodies that open with `some p in _secret_judged`, behind
# one test (most commands have none: one body visited, not 2)
ask contains msg if {
	count(_secret_judged) > 0
	some msg in _sjudged_ask
}

# the 2 deny bodies that open with `some arg, ids in _url_args`, behind
# one test (most commands have none: one body visited, not 2)
deny contains msg if {
	count(_url_args) > 0
	some msg in _urlargs_deny
}

# the 3 deny bodies that open with `some net in input.facts.effects.network`, behind
# one test (most commands have none: one body visited, not 3)
deny contains msg if {
	count(input.facts.effects.network) > 0
	some msg in _net_deny
}
