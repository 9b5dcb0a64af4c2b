# METADATA
# title: CI and agent configuration
# description: >-
#   Asks before changes to CI pipelines (.github/workflows, .github/actions,
#   .gitlab-ci.yml, .circleci, Jenkinsfile, …) and to Claude Code's own settings,
#   hooks and agents (.claude/settings*.json, .claude/hooks, managed settings,
#   .mcp.json), and to editor/IDE configs that run commands (.vscode tasks/settings/launch,
#   .devcontainer, .idea run configurations, .envrc, Vim/Neovim's project .nvim.lua/.exrc/.vimrc), whether made with a file tool or a shell write (echo >>, cp, sed -i,
#   tee). Paths are compared case-folded; the list is
#   data.claude_rego.settings.config_edit_patterns. Editor settings without code-running
#   keys, a whole workflow of well-known actions and routine commands, and a literal
#   `sed -i 's/A/B/'` value change pass.
# custom:
#   severity: high
#   rationale: >-
#     CI definitions run with repository secrets, and Claude Code settings decide what
#     the agent may do: an agent editing either can grant itself more power or leak
#     secrets. A human should see these edits before they happen.
#     Routed to every tool: an MCP server or renamed tool that writes a workflow file
#     is judged by its effect (lib/paths `written`), not by its name.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.agent_config

import data.claude_rego.lib.paths.written
import data.claude_rego.lib.settings
import rego.v1

patterns := settings.value("config_edit_patterns")

# one regular expression for all patterns
_patterns_re := concat("|", [sprintf("(?:%s)", [p]) | some p in patterns])

ask contains msg if {
	some p in written
	not p in _made_dirs
	some location in {lower(p.absolute_folded), lower(p.resolved)}
	regex.match(_patterns_re, location)
	not _values_only_edit
	not _inert_settings_write(location)
	not _routine_workflow_write(location)
	msg := sprintf("`%s` is CI or agent configuration; changes to it need your approval.", [p.raw])
}

# Editor and tool settings written by a file tool with none of the keys that run or fetch
# code (session 27): `.vscode/settings.json` with editor keys (terminal, shell, task,
# interpreter and executable-path keys run code), a `.vscode/launch.json` debug configuration
# without a pre-launch task or a runtime executable, `.idea/workspace.xml` without run
# configurations, `.cargo/config.toml` with only `[alias]`, a `.claude/commands/*.md` prompt
# that grants no tools and runs no `!` command (its prose is judged by agent_files like any
# instructions). The same files with such a key still ask.
_inert_settings_write(location) if {
	input.hook.tool_name in {"Write", "Edit", "MultiEdit"}
	some re, risky in _inert_unless
	regex.match(re, location)
	text := _file_tool_text
	text != ""
	not regex.match(risky, text)
}

_inert_unless := {
	`/\.vscode/settings\.json$`: `terminal|shell|task|interpreter|executable|path"|command|cmd|runtime|args"|env|mcp|autorun|autoupdate|security|trust|server|"[^"]*\.(run|exec)[a-z]*"|\$\{|\bcopilot|\bclaude`,
	`/\.vscode/launch\.json$`: `prelaunchtask|postdebugtask|runtimeexecutable|runtimeargs|"python(path)?"\s*:|debugserver|"command"|pipe(program|transport)|"(env|envfile)"\s*:|miDebuggerPath|mipath|sudo`,
	`/\.idea/workspace\.xml$`: `runmanager|externaltool|<configuration|script|beforeruntask|interpreter|program|command|<env`,
	`/\.cargo/config(\.toml)?$`: `runner|linker|rustc|wrapper|registr|source|rustflags|\[env|\[target|\[build|credential|\[net|\[http|\[patch|include|\bar\s*=|rustdoc`,
	`/\.claude/commands/[^/]+\.md$`: `allowed-tools|!\x60|!\s*\x60|hooks\s*:|model\s*:`,
}

_file_tool_text := lower(c) if {
	input.hook.tool_name == "Write"
	c := input.hook.tool_input.content
	is_string(c)
} else := lower(c) if {
	input.hook.tool_name == "Edit"
	c := input.hook.tool_input.new_string
	is_string(c)
} else := lower(concat("\n", [s | some e in input.hook.tool_input.edits; s := e.new_string; is_string(s)])) if {
	input.hook.tool_name == "MultiEdit"
	is_array(input.hook.tool_input.edits)
} else := ""

# An Edit (or MultiEdit) that only changes plain scalar values of keys already there
# (`python-version: '3.10'` → `'3.12'`, `node: [18, 20]`, `timeout-minutes: 10`), line for
# line, can neither add a step, a command, an expression nor a secret: no question. A key
# that runs or picks code (`run`, `uses`, `image`, `shell`, `if`, `runs-on`, …), any `$`,
# `{`, `/`, `:` or quote inside the new value, or a changed line count still asks.
_values_only_edit if {
	input.hook.tool_name == "Edit"
	_plain_value_change(input.hook.tool_input)
}

_values_only_edit if {
	input.hook.tool_name == "MultiEdit"
	edits := input.hook.tool_input.edits
	is_array(edits)
	count(edits) > 0
	every edit in edits {
		_plain_value_change(edit)
	}
}

# `sed -i 's/A/B/' FILE` with a literal A and B, the command's only segment, is the Edit
# old=A new=B (session 27): judged the same way
_values_only_edit if {
	input.facts.tool.class == "shell"
	count(data.claude_rego.lib.shell.segments) == 1
	some seg in data.claude_rego.lib.shell.running({"sed"})
	args := data.claude_rego.lib.shell.args(seg)
	count(args) == 3
	args[0] in {"-i", "--in-place"}
	some m in regex.find_all_string_submatch_n(`^s([/|#,])([A-Za-z0-9_. :'"@-]*)[/|#,]([A-Za-z0-9_. :'"@-]*)[/|#,]g?$`, args[1], 1)
	count(split(args[1], m[1])) == 4
	_plain_value_change({"old_string": m[2], "new_string": m[3]})
}

_plain_value_change(edit) if {
	is_string(edit.old_string)
	is_string(edit.new_string)
	edit.old_string != edit.new_string
	old_lines := split(edit.old_string, "\n")
	new_lines := split(edit.new_string, "\n")
	count(old_lines) == count(new_lines)
	every i, line in new_lines {
		_same_key_plain_value(old_lines[i], line)
	}
}

_same_key_plain_value(old, new) if old == new

_same_key_plain_value(old, new) if {
	old != new
	some o in regex.find_all_string_submatch_n(_key_value, old, 1)
	some n in regex.find_all_string_submatch_n(_key_value, new, 1)
	o[1] == n[1]
	o[2] == n[2]
	not lower(n[2]) in _code_keys
	regex.match(`^(?:"[A-Za-z0-9._ -]*"|'[A-Za-z0-9._ -]*'|[A-Za-z0-9._ -]*|\[[A-Za-z0-9._ ,"'-]*\])[ \t]*(?:#[^\n]*)?$`, n[3])
}

# A few keys that run or pick code may still change in ways that add nothing new (what
# Dependabot and a developer do every day): the same action at a version tag or a full commit
# SHA (`uses: actions/checkout@v3` → `@v4`; not a branch such as `@main`), the same image at a
# version tag or digest (`image: cimg/python:3.11` → `3.12`), a schedule (`cron`), and a `run`
# line that keeps its command and only appends options (`pytest -q` → `pytest -q --maxfail=1`).
_same_key_plain_value(old, new) if {
	old != new
	some o in regex.find_all_string_submatch_n(_key_value, old, 1)
	some n in regex.find_all_string_submatch_n(_key_value, new, 1)
	o[1] == n[1]
	o[2] == n[2]
	_same_code_other_version(lower(n[2]), _unquoted(o[3]), _unquoted(n[3]))
}

_unquoted(v) := trim(trim_space(v), "\"'")

_same_code_other_version("uses", old, new) if {
	o := split(old, "@")
	n := split(new, "@")
	count(o) == 2
	count(n) == 2
	o[0] == n[0]
	regex.match(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+$`, n[0])
	regex.match(`^(v?[0-9]+(\.[0-9]+)*|[0-9a-f]{40})$`, n[1])
}

_same_code_other_version("image", old, new) if {
	some o in regex.find_all_string_submatch_n(_image_ref, old, 1)
	some n in regex.find_all_string_submatch_n(_image_ref, new, 1)
	o[1] == n[1]
	_version_or_digest(n[2], n[3])
}

_version_or_digest(tag, _) if regex.match(`^[0-9]+(\.[0-9]+)*([.-][A-Za-z0-9]+)*$`, tag)

_version_or_digest("", digest) if digest != ""

_same_code_other_version("cron", _, new) if regex.match(`^[0-9A-Za-z*/, -]+$`, new)

_same_code_other_version("run", old, new) if {
	startswith(new, concat("", [old, " "]))
	not regex.match(`[;&|<>$\x60(){}\\'"]`, old)
	added := split(trim_prefix(new, concat("", [old, " "])), " ")
	every word in added {
		regex.match(`^(--|--?[A-Za-z0-9][A-Za-z0-9_.=:,/-]*)$`, word)
	}
}

# repository (with its registry) and the tag or digest of an image reference
_image_ref := `^([a-z0-9][a-z0-9._/-]*)(?::([A-Za-z0-9._-]+)|@(sha256:[0-9a-f]{64}))$`

# indentation and list dash, key, value (YAML `key: value`)
_key_value := `^([ \t]*(?:-[ \t]+)?)([A-Za-z0-9_.-]+)[ \t]*:[ \t]*(.*)$`

_code_keys := {
	"run", "script", "before_script", "after_script", "shell", "command", "commands", "cmd", "args", "entrypoint",
	"uses", "image", "container", "services", "if", "runs-on", "permissions", "secrets", "env", "environment",
	"working-directory", "steps", "jobs", "include", "extends", "trigger", "on", "needs", "strategy", "matrix",
	"variables", "when", "rules", "only", "except", "stage", "stages", "pipeline", "agent", "agents", "sh", "bat",
	"powershell", "pwsh", "tasks", "task", "hooks", "command_line", "executable", "interpreter", "program", "path",
}

# `mkdir -p .github/workflows`: creating a directory writes no configuration; the files
# later written into it are judged as they are written
_made_dirs contains entry if {
	"mkdir" in data.claude_rego.lib.shell.names
	some seg in data.claude_rego.lib.shell.running({"mkdir"})
	some word in data.claude_rego.lib.shell.operands(seg)
	entry := data.claude_rego.lib.paths.location(seg, word)
}

# A whole GitHub/Gitea/Forgejo workflow written by a file tool (there is nothing to diff), that
# adds nothing new (session 27): every `uses:` is a well-known action (or one of the project's
# own) at a version tag or a full commit SHA, every `run:` line is a routine build, test or
# install command with plain arguments (no pipe, redirect, substitution, variable or URL), and
# the file names no secret, no write permission, no self-hosted runner, no expression but
# matrix/runner values and no privileged trigger (`pull_request_target`, `workflow_run`). It
# passes like an Edit that only changes values; anything else still asks.
_routine_workflow_write(location) if {
	input.hook.tool_name == "Write"
	regex.match(`/\.(github|gitea|forgejo)/workflows/[^/]+\.ya?ml$`, location)
	text := _file_tool_text
	count(text) < 6000
	regex.match(`(?m)^\s*(-\s+)?(uses|run)\s*:`, text)
	not regex.match(`secrets\.|secrets\s*:|pull_request_target|workflow_run|self-hosted|:\s*write\b|write-all|\$\{\{\s*(github|env|inputs|steps|needs|vars|secrets)\.|toJSON|://`, text)
	every value in _workflow_values(text, "uses") {
		_known_action(value)
	}
	every line in _workflow_commands(text) {
		_routine_command_line(line)
	}
	every value in _workflow_values(text, "shell") {
		value in {"bash", "sh", "pwsh", "powershell", "python", "cmd"}
	}
}

_workflow_values(text, key) := {trim(trim_space(m[1]), "\"'") |
	some m in regex.find_all_string_submatch_n(concat("", [`(?m)^\s*(?:-\s+)?`, key, `\s*:\s*(.*)$`]), text, 256)
}

# single-line `run:` values and the lines of `run: |` blocks
_workflow_commands(text) := {trim_space(l) |
	some v in _workflow_values(text, "run")
	not regex.match(`^[|>][-+0-9]*$`, v)
	some l in split(v, "&&")
} | {trim_space(l) |
	lines := split(text, "\n")
	some i, start in lines
	m := regex.find_all_string_submatch_n(`^(\s*(?:-\s+)?)run\s*:\s*[|>][-+0-9]*\s*$`, start, 1)
	count(m) == 1
	indent := count(m[0][1])
	end := min({k | some k, after in lines; k > i; trim_space(after) != ""; _indent(after) <= indent} | {count(lines)})
	some j in numbers.range(i + 1, end - 1)
	j > i
	j < end
	some l in split(lines[j], "&&")
	trim_space(l) != ""
}

_indent(line) := count(line) - count(trim_left(line, " \t"))

_known_action(value) if startswith(value, "./")

_known_action(value) if {
	parts := split(value, "@")
	count(parts) == 2
	regex.match(`^(v[0-9]+(\.[0-9]+)*|[0-9a-f]{40})$`, parts[1])
	owner := split(parts[0], "/")[0]
	owner in {
		"actions", "github", "docker", "pypa", "astral-sh", "dtolnay", "golangci", "codecov", "ruby", "gradle",
		"denoland", "oven-sh", "pnpm", "hashicorp", "aws-actions", "google-github-actions", "azure",
		"actions-rust-lang", "swatinem", "shivammathur", "erlef", "julia-actions", "haskell-actions",
		"r-lib", "conda-incubator", "mamba-org", "subosito", "msys2", "microsoft",
	}
	regex.match(`^[a-z0-9_.-]+/[a-z0-9_.-]+(/[a-z0-9_./-]+)?$`, parts[0])
}

# a routine command with plain arguments: what the shell rules pass
_routine_command_line(line) if {
	regex.match(`^[a-z0-9_./=:,@+ '"{}\[\]\-]*$`, line)
	not regex.match(`\.\.|^\s*\S*=`, line)
	words := split(trim_space(line), " ")
	_routine_program(words[0], words)
}

_routine_program(program, _) if program in {
	"pip", "pip3", "python", "python3", "pytest", "tox", "nox", "ruff", "mypy", "black", "flake8", "isort", "pylint",
	"coverage", "uv", "poetry", "pipenv", "hatch", "pdm", "pre-commit", "npm", "yarn", "pnpm", "bun", "deno", "tsc",
	"eslint", "prettier", "jest", "vitest", "go", "gofmt", "golangci-lint", "cargo", "rustup", "make", "cmake",
	"ctest", "mvn", "./mvnw", "gradle", "./gradlew", "bundle", "rake", "rspec", "dotnet", "echo", "ls", "mkdir",
	"pwd", "cd", "true", "sphinx-build", "mkdocs", "maturin", "twine", "composer", "phpunit", "mix", "swift",
}
