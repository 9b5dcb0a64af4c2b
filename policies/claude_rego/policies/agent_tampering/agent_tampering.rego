# METADATA
# title: Agent and hook tampering (shell)
# description: >-
#   Denies shell commands that switch off the agent's guard rails: starting Claude Code
#   (or another coding agent) with permissions bypassed (--dangerously-skip-permissions,
#   --permission-mode bypassPermissions, --settings disabling hooks, CLAUDE_CONFIG_DIR),
#   killing, stopping or uninstalling claude-rego, writing to $CLAUDE_ENV_FILE or
#   pointing it elsewhere, and writing or deleting claude-rego's state and package or
#   the project's .claude directory. Asks before `claude mcp add`, `claude config set`
#   and `claude-rego install`, and before the whole contents of a directory outside the
#   project are copied into the project root (rsync -a /tmp/x/ ./).
# custom:
#   severity: critical
#   rationale: >-
#     A policy engine is only as good as its hook: an agent that starts a second agent
#     without permissions, kills the hook process or edits the hook's environment gets
#     everything this pack forbids. These are never ordinary development steps.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell, mcp, other]
#     tools: [NotebookEdit, Task, Agent, Write, Edit, MultiEdit]
package claude_rego.policies.agent_tampering

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

_agents := {"claude", "claude-code", "codex", "gemini", "aider", "cursor-agent", "opencode", "amp", "goose"}

_bypass_flags := {
	"--dangerously-skip-permissions", "--allow-dangerously-skip-permissions", "--dangerously-bypass-approvals-and-sandbox",
	"--yolo", "--full-auto", "--yes-always", "--no-sandbox", "--approval-mode=yolo", "--permission-mode=bypasspermissions",
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	lower(a) in _bypass_flags
	msg := sprintf("Blocked: `%s` starts an agent with its permission checks switched off. Run agents with the normal permission mode.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	a == "--permission-mode"
	lower(shell.args(seg)[i + 1]) in {"bypasspermissions", "dontask"}
	msg := sprintf("Blocked: `%s` starts an agent that skips every permission prompt. Run agents with the normal permission mode.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	a in {"--settings", "--mcp-config", "--setting-sources"}
	msg := sprintf("Blocked: `%s` starts an agent with replacement settings, which can drop the hooks that enforce this policy.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_assignments
	some name, _ in seg.assignments
	name in {"CLAUDE_CONFIG_DIR", "CLAUDE_ENV_FILE", "CLAUDE_CODE_USE_BEDROCK_SKIP_HOOKS"}
	msg := sprintf("Blocked: setting %s changes which configuration and hooks the agent uses.", [name])
}

deny contains msg if {
	some ran in {"export", "declare", "typeset", "setenv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	some name in {"CLAUDE_CONFIG_DIR", "CLAUDE_ENV_FILE"}
	startswith(a, concat("", [name, "="]))
	msg := sprintf("Blocked: `%s` changes which configuration and hooks the agent uses.", [concat(" ", seg.argv)])
}

# A nested agent started with another home or configuration base (HOME=/tmp/h claude -p …,
# XDG_CONFIG_HOME=…, also exported or assigned earlier in the command) reads no user
# settings and runs none of the user's hooks: the same as CLAUDE_CONFIG_DIR.
_home_vars := {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "USERPROFILE"}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	count(shell.running({ran})) > 0
	some seg in data.claude_rego.lib.shell.with_assignments
	some name, value in seg.assignments
	name in _home_vars
	not _same_home(value)
	msg := sprintf("Blocked: starting `%s` with %s=%s gives the agent another configuration base, without the user's settings and the hooks that enforce this policy.", [ran, name, value])
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	count(shell.running({ran})) > 0
	some exporter in {"export", "declare", "typeset", "setenv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({exporter})
	some a in shell.args(seg)
	some name in _home_vars
	startswith(a, concat("", [name, "="]))
	value := substring(a, count(name) + 1, -1)
	not _same_home(value)
	msg := sprintf("Blocked: `%s` before `%s` gives the agent another configuration base, without the user's settings and the hooks that enforce this policy.", [concat(" ", seg.argv), ran])
}

_same_home(v) if v in {"$HOME", "${HOME}", "~", input.facts.home}

# A nested agent pointed at another API endpoint, through a proxy, or with TLS checks off
# (`ANTHROPIC_BASE_URL=https://x claude -p …`, `export ANTHROPIC_BEDROCK_BASE_URL=…; claude`,
# `HTTPS_PROXY=… NODE_TLS_REJECT_UNAUTHORIZED=0 claude`): its API key, prompts and the
# repository's content go to whoever answers there (session 31; writing the same variables
# into the agent's settings is judged by agent_config)
_endpoint_vars := {
	"ANTHROPIC_BASE_URL", "ANTHROPIC_BEDROCK_BASE_URL", "ANTHROPIC_VERTEX_BASE_URL", "ANTHROPIC_FOUNDRY_BASE_URL",
	"ANTHROPIC_API_URL", "CLAUDE_CODE_API_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_BASE", "GEMINI_BASE_URL",
	"GOOGLE_GEMINI_BASE_URL", "HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "https_proxy", "http_proxy", "all_proxy",
	"NODE_TLS_REJECT_UNAUTHORIZED", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE",
	"ANTHROPIC_CUSTOM_HEADERS",
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	count(shell.running({ran})) > 0
	some seg in data.claude_rego.lib.shell.with_assignments
	some name, value in seg.assignments
	name in _endpoint_vars
	msg := sprintf("Blocked: starting `%s` with %s=%s sends the agent's API key, prompts and this repository's content to another endpoint or through another proxy.", [ran, name, value])
}

deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	count(shell.running({ran})) > 0
	some exporter in {"export", "declare", "typeset", "setenv"} & data.claude_rego.lib.shell.names
	some seg in shell.running({exporter})
	some a in shell.args(seg)
	some name in _endpoint_vars
	startswith(a, concat("", [name, "="]))
	msg := sprintf("Blocked: `%s` before `%s` sends the agent's API key, prompts and this repository's content to another endpoint or through another proxy.", [concat(" ", seg.argv), ran])
}

# a nested agent started with every shell command pre-approved (`--allowedTools Bash`,
# `Bash(*)`, `*`): its Bash calls are never put to the user; `Bash(npm test)` and
# read-only tools pass
ask contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some tool in _preapproved_tools(shell.args(seg))
	_unrestricted_shell(tool)
	msg := sprintf("`%s` starts an agent that may run any shell command without asking. Approve only if intended.", [concat(" ", seg.argv)])
}

_preapproved_tools(args) := {trim_space(t) |
	some i, a in args
	lower(a) in {"--allowedtools", "--allowed-tools"}
	some t in split(args[i + 1], ",")
} | {trim_space(t) |
	some a in args
	some flag in {"--allowedtools=", "--allowed-tools="}
	startswith(lower(a), flag)
	some t in split(substring(a, count(flag), -1), ",")
}

_unrestricted_shell(tool) if lower(trim(tool, "\"' ")) in {"bash", "bash(*)", "bash(*:*)", "*", "shell", "bash()"}

ask contains msg if {
	some ran in {"claude", "claude-code"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	count(seg.args) > 1
	seg.args[0] in {"mcp", "config", "plugin", "plugins"}
	seg.args[1] in {"add", "add-json", "set", "install", "remove", "add-from-claude-desktop", "enable", "disable"}
	msg := sprintf("`%s` changes the agent's tools or settings. Approve only if intended.", [concat(" ", seg.argv)])
}

ask contains msg if {
	"claude-rego" in data.claude_rego.lib.shell.names
	some seg in shell.running({"claude-rego"})
	some a in shell.args(seg)
	a in {"install", "uninstall", "disable"}
	msg := sprintf("`%s` changes which policies guard this agent. Approve only if intended.", [concat(" ", seg.argv)])
}

# ------------------------------------------------------------ the hook process

_guard_words := ["claude-rego", "claude_rego"]

deny contains msg if {
	some ran in {"kill", "pkill", "killall", "pkexec", "skill", "slay"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_targets_guard(seg)
	msg := sprintf("Blocked: `%s` stops or kills the policy hook. Leave claude-rego running.", [concat(" ", seg.argv)])
}

_targets_guard(seg) if {
	some a in seg.args
	some w in _guard_words
	contains(lower(a), w)
}

_targets_guard(seg) if {
	some child in data.claude_rego.lib.shell.in_context("substitution")
	child.parent == seg.id
	some a in child.args
	some w in _guard_words
	contains(lower(a), w)
}

# a pattern that is part of the hook's name also finds it (`pkill -STOP -f rego`,
# `pgrep -f rego | xargs kill -STOP`, `kill $(pidof -x claude_rego)`): a process finder whose
# pattern, stripped of regex syntax, is 3+ characters of `claude-rego`/`claude_rego`, in a
# command that signals processes
deny contains msg if {
	some ran in {"kill", "pkill", "killall", "skill", "slay"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	not _targets_guard(seg) # said once, by the rule above
	some finder in shell.running({"pgrep", "pkill", "pidof", "killall", "skill", "slay"} & data.claude_rego.lib.shell.names)
	_finds_guard(finder)
	msg := sprintf("Blocked: `%s` stops or kills the policy hook (its processes are found by `%s`). Leave claude-rego running.", [concat(" ", seg.argv), concat(" ", finder.argv)])
}

_finds_guard(finder) if {
	some a in shell.args(finder)
	not startswith(a, "-")
	cleaned := regex.replace(lower(a), `[^a-z0-9_-]`, "")
	count(cleaned) >= 3
	some w in _guard_words
	contains(w, cleaned)
}

deny contains msg if {
	some ran in {"pip", "pip3", "pipx", "uv", "npm", "brew", "apt", "apt-get"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"uninstall", "remove", "rm"}
	some b in shell.args(seg)
	some w in _guard_words
	contains(lower(b), w)
	msg := sprintf("Blocked: `%s` uninstalls the policy hook.", [concat(" ", seg.argv)])
}

# writes to "$CLAUDE_ENV_FILE": lines there are exported into every later command
deny contains msg if {
	some seg in data.claude_rego.lib.shell.with_redirects
	some r in seg.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
	contains(r.target, "CLAUDE_ENV_FILE")
	msg := "Blocked: writing to $CLAUDE_ENV_FILE changes the environment of every later command (and of the policy hook)."
}

# claude-rego's state, its installed package, the project's .claude directory: changed or deleted
_protected_markers := ["/.local/state/claude-rego", "/site-packages/claude_rego", "/dist-packages/claude_rego"]

deny contains msg if {
	some p in _changed_paths
	some m in _protected_markers
	some l in {lower(p.absolute), lower(p.resolved)}
	contains(l, m)
	msg := sprintf("Blocked: this changes `%s`, which belongs to the policy hook (its code or its decision log).", [p.raw])
}

# the agent's settings and hooks: changes need the user (agent_config asks for the
# project's; here also ~/.claude and writes through sponge, yq -i, perl -i)
ask contains msg if {
	some p in _changed_paths
	some l in {lower(p.absolute), lower(p.resolved)}
	some m in ["/.claude/settings", "/.claude/hooks", "/.claude.json", "/.claude/agents"]
	contains(l, m)
	msg := sprintf("This changes `%s`, the agent's settings or hooks. Approve only if you asked for it.", [p.raw])
}

deny contains msg if {
	some child in data.claude_rego.lib.shell.in_context("substitution")
	seg := shell.by_id(child.parent)
	_writes_something(seg)
	some a in child.args
	some w in _guard_words
	contains(lower(a), w)
	msg := sprintf("Blocked: `%s` changes the policy hook's own files.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some ran in {"rm", "mv", "find", "rmdir", "rsync"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	p := data.claude_rego.lib.paths.known_location(seg, word)
	p.absolute == concat("/", [input.facts.project_dir, ".claude"])
	_modifies(seg)
	msg := sprintf("Blocked: `%s` moves or deletes the project's .claude directory (its settings and hooks).", [concat(" ", seg.argv)])
}

_modifies(seg) if not shell.runs(seg, "find")

_modifies(seg) if {
	shell.runs(seg, "find")
	some a in shell.args(seg)
	a in {"-delete", "-exec", "-execdir"}
}

_changed_paths contains p if some p in data.claude_rego.lib.paths.written

_changed_paths contains p if some p in _changer_paths

_changer_paths contains p if {
	some ran in _changers & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_changer(ran, seg)
	some p in shell.segment_paths(seg)
	p.source == "argument"
}

# every program a _changer clause accepts (tests/test_indexed_rules.py compares the rule
# above with a pass over every path)
_changers := {"sponge", "truncate", "shred", "rm", "unlink", "mv", "dd", "cp", "install", "ln", "tee", "flock", "sqlite3", "sed", "perl", "yq", "gsed", "find"}

# _changer(ran, seg): seg, which runs `ran`, changes the files it names (the program is
# known from running(): tested on `ran`, not with a runs_any call per segment and clause)
_changer(ran, _) if ran in _plain_changers

_plain_changers := {"sponge", "truncate", "shred", "rm", "unlink", "mv", "dd", "cp", "install", "ln", "tee", "flock", "sqlite3"}

_changer(ran, seg) if {
	ran in _in_place_changers
	some a in shell.args(seg)
	startswith(a, "-") # (the cheap tests before the regex: `sed -e …`, `sed 's/…/'`)
	contains(a, "i")
	regex.match(`^-[A-Za-z0-9]*i`, a)
}

_in_place_changers := {"sed", "perl", "yq", "gsed"}

_changer(ran, seg) if {
	ran == "find"
	some a in shell.args(seg)
	a in {"-delete", "-exec", "-execdir"}
}

_writes_something(seg) if shell.name(seg) in {"rm", "mv", "find", "rmdir", "chmod", "chown", "truncate", "shred", "sponge", "dd", "tee", "sed", "perl", "yq", "jq", "cp", "install", "ln"}

_writes_something(seg) if {
	some r in seg.redirects
	r.op in {">", ">>", ">|", "&>", "&>>"}
}

# ------------------------------------------------------------ h12: by effect, not by name

# Coding agents, however started: by name (more agents than _agents), or a JavaScript
# runtime running an agent's CLI file (node …/@anthropic-ai/claude-code/cli.js)
_more_agents := {"amp", "cursor-agent", "cursor", "qwen", "crush", "cline", "kilo", "kiro", "kiro-cli", "q", "copilot", "auggie", "droid", "opencode", "goose", "codex", "gemini", "aider", "plandex", "openhands", "continue", "cn", "roo", "windsurf", "devin", "jules", "trae", "warp", "claude", "claude-code"}

_agent_cli_markers := ["/claude-code/", "@anthropic-ai/claude-code", "/@openai/codex", "/@google/gemini-cli", "/@sourcegraph/amp", "/@qwen-code/", "/@githubnext/", "/@github/copilot"]

_agent_segments := array.concat(shell.running(_more_agents), [seg |
	some ran in {"node", "nodejs", "bun", "deno", "tsx", "ts-node"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	some m in _agent_cli_markers
	contains(lower(a), m)
])

# permission-bypass flags by their shape (any agent): dangerously-*, *yolo*, *bypass*,
# *skip-permission*, allow-all*, auto-approve*, trust-all*, --force for cursor-agent
deny contains msg if {
	some seg in _agent_segments
	some a in shell.args(seg)
	_bypass_shape(lower(a))
	msg := sprintf("Blocked: `%s` starts an agent with its permission checks switched off. Run agents with the normal permission mode.", [concat(" ", seg.argv)])
}

_bypass_shape(a) if regex.match(`^--?(dangerously[a-z-]*|[a-z-]*yolo[a-z-]*|[a-z-]*bypass[a-z-]*(permissions?|approvals?|sandbox)[a-z-]*|[a-z-]*skip-permissions[a-z-]*|allow-all[a-z-]*|auto-?approve[a-z-]*|trust-all[a-z-]*|no-confirm[a-z-]*|yes-always|approval-mode=(yolo|full-auto|never)|permission-mode=(bypasspermissions|dontask))(=.*)?$`, a)

deny contains msg if {
	some seg in _agent_segments
	shell.name(seg) in {"cursor-agent", "cursor"}
	some a in shell.args(seg)
	a in {"--force", "-f"}
	msg := sprintf("Blocked: `%s` starts cursor-agent with every command allowed (--force). Run agents with the normal permission mode.", [concat(" ", seg.argv)])
}

deny contains msg if {
	some seg in _agent_segments
	n := shell.name(seg)
	not n in _agents
	some i, a in shell.args(seg)
	a in {"--settings", "--mcp-config", "--setting-sources", "--permission-mode"}
	msg := sprintf("Blocked: `%s` starts an agent with replacement settings or permission mode, which can drop the hooks that enforce this policy.", [concat(" ", seg.argv)])
}

# installing, reinstalling or replacing the claude-rego package itself (any installer,
# any spelling: a name, a path, a `claude-rego @ git+…` reference, -e DIR)
_python_installers := {"pip", "pip3", "pipx", "uv", "poetry", "pdm", "conda", "mamba", "micromamba", "pixi", "easy_install", "rye", "hatch"}

deny contains msg if {
	some ran in (_python_installers | {"npm", "brew", "apt", "apt-get", "gem", "cargo"}) & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	a in {"install", "add", "reinstall", "upgrade", "sync", "inject", "develop", "link"}
	some b in shell.args(seg)
	not b in {"install", "add", "reinstall", "upgrade"}
	some w in _guard_words
	contains(lower(b), w)
	msg := sprintf("Blocked: `%s` installs or replaces the policy hook's own package (claude-rego). Leave the installed hook as it is.", [concat(" ", seg.argv)])
}

# python -m pip install …claude-rego…
deny contains msg if {
	some ran in {"python", "python3"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some i, a in shell.args(seg)
	a == "-m"
	shell.args(seg)[i + 1] in {"pip", "pip3", "uv", "pipx", "ensurepip"}
	some c in shell.args(seg)
	c in {"install", "uninstall", "add", "remove"}
	some b in shell.args(seg)
	some w in _guard_words
	contains(lower(b), w)
	msg := sprintf("Blocked: `%s` installs, replaces or removes the policy hook's own package (claude-rego).", [concat(" ", seg.argv)])
}

# a file system mounted over the project's .claude (or ~/.claude) hides its settings and
# hooks as surely as deleting them
deny contains msg if {
	some ran in {"mount", "bindfs", "sshfs", "fuse-overlayfs", "squashfuse"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	p := data.claude_rego.lib.paths.location(seg, word)
	some claude_dir in {concat("/", [input.facts.project_dir, ".claude"]), concat("/", [input.facts.home, ".claude"])}
	data.claude_rego.lib.paths.under(p.absolute, claude_dir)
	msg := sprintf("Blocked: `%s` mounts over `%s`, hiding the agent's settings and hooks.", [concat(" ", seg.argv), word])
}

# ------------------------------------------------------------ a nested agent granted more power

# `claude -p … --add-dir ~` (or /, a system directory, a directory above the project, anywhere
# outside the project): the nested agent may read and edit there without asking
ask contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in _added_dirs(shell.args(seg))
	not _inside_project(seg, word)
	msg := sprintf("`%s` gives a nested agent access to `%s`, outside the project. Approve only if intended.", [concat(" ", seg.argv), word])
}

# every directory after --add-dir, up to the next option (the option takes several)
_added_dirs(args) := {a |
	some i, flag in args
	lower(flag) in {"--add-dir", "--add-dirs", "--include-directories", "--include-directory"}
	some j, a in args
	j > i
	not startswith(a, "-")
	not _option_between(args, i, j)
} | {substring(a, count(flag), -1) |
	some a in args
	some flag in {"--add-dir=", "--include-directories="}
	startswith(lower(a), flag)
}

_option_between(args, i, j) if {
	some k, a in args
	k > i
	k < j
	startswith(a, "-")
}

_inside_project(seg, word) if {
	loc := data.claude_rego.lib.paths.location(seg, word)
	abs := lower(loc.absolute_folded)
	is_string(abs)
	data.claude_rego.lib.paths.under(abs, lower(input.facts.project_dir))
	res := lower(object.get(loc, "resolved", abs))
	data.claude_rego.lib.paths.under(res, lower(input.facts.project_dir))
}

# `--allowedTools 'Bash(rm:*)'`, `Bash(curl *)`, `Bash(python3:*)`: every command line of a
# program that deletes, downloads, runs code or escalates, pre-approved for the nested agent
ask contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some tool in _granted_tools(shell.args(seg))
	not _unrestricted_shell(tool)
	program := _whole_program_grant(lower(trim(tool, "\"' ")))
	msg := sprintf("`%s` pre-approves every `%s` command for a nested agent (%s). Approve only if intended.", [concat(" ", seg.argv), program, tool])
}

# `Bash(rm:*)`, `Bash(curl *)`, `Bash(sudo*)`: a program with any arguments
_whole_program_grant(tool) := program if {
	some m in regex.find_all_string_submatch_n(`^bash\(\s*([^\s:()*]+)\s*(:\s*\*|\s\*|\*)\s*\)$`, tool, 1)
	program := m[1]
	shell.basename(program) in _powerful_programs
} else := program if {
	# `Bash(bash -c:*)`, `Bash(python3 -c *)`: an interpreter's inline code, any of it
	some m in regex.find_all_string_submatch_n(`^bash\(\s*((ba|z|da|k)?sh|python[0-9.]*|node|perl|ruby|php|pwsh|powershell|deno|bun|osascript)\s+(-c|-e|--eval|-command|-p|eval|run)(\s|:|\*|\))`, tool, 1)
	program := m[1]
}

# `--allowedTools Read Bash`: unrestricted shell named after the first word of the option
ask contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some tool in _granted_tools(shell.args(seg))
	_unrestricted_shell(tool)
	first := _preapproved_tools(shell.args(seg))
	not tool in first
	msg := sprintf("`%s` starts an agent that may run any shell command without asking. Approve only if intended.", [concat(" ", seg.argv)])
}

# tools after --allowedTools: comma- or space-separated, in one word or several
_granted_tools(args) := {t |
	some i, flag in args
	lower(flag) in {"--allowedtools", "--allowed-tools"}
	some j, a in args
	j > i
	not startswith(a, "-")
	not _option_between(args, i, j)
	some t in regex.find_n(`[A-Za-z_*][A-Za-z0-9_*-]*(\([^)]*\))?`, a, 64)
} | {t |
	some a in args
	some flag in {"--allowedtools=", "--allowed-tools="}
	startswith(lower(a), flag)
	some t in regex.find_n(`[A-Za-z_*][A-Za-z0-9_*-]*(\([^)]*\))?`, substring(a, count(flag), -1), 64)
}

_powerful_programs := {
	"rm", "rmdir", "shred", "dd", "mkfs", "curl", "wget", "nc", "ncat", "socat", "ssh", "scp", "rsync", "sh", "bash", "zsh",
	"dash", "fish", "python", "python3", "node", "perl", "ruby", "php", "deno", "bun", "eval", "exec", "env", "xargs",
	"sudo", "doas", "su", "chmod", "chown", "git", "docker", "podman", "kubectl", "npx", "npm", "pnpm", "yarn", "pip",
	"pip3", "uv", "uvx", "aws", "gcloud", "az", "terraform", "mv", "cp", "tee", "sed", "awk", "find", "gh", "crontab",
	"systemctl", "kill", "pkill", "powershell", "pwsh", "osascript", "open", "source", "claude",
}

# `--permission-mode acceptEdits`: the nested agent edits files without asking
ask contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some mode in _permission_modes(shell.args(seg))
	mode in {"acceptedits", "auto", "autoedit", "auto_edit", "auto-edit"}
	msg := sprintf("`%s` starts a nested agent that edits files without asking (permission mode %s). Approve only if intended.", [concat(" ", seg.argv), mode])
}

_permission_modes(args) := {lower(args[i + 1]) |
	some i, a in args
	lower(a) in {"--permission-mode", "--approval-mode"}
} | {lower(substring(a, count(flag), -1)) |
	some a in args
	some flag in {"--permission-mode=", "--approval-mode="}
	startswith(lower(a), flag)
}

# the joined spellings of the options denied above (`--permission-mode=dontAsk`,
# `--settings=/tmp/s.json`, `--mcp-config=/tmp/x.json`, `--dangerously-skip-permissions=true`)
deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	contains(a, "=")
	parts := split(a, "=")
	flag := lower(parts[0])
	_joined_denied(flag, lower(concat("=", array.slice(parts, 1, count(parts)))))
	msg := sprintf("Blocked: `%s` starts an agent with its permission checks or hooks replaced (%s). Run agents with the normal settings.", [concat(" ", seg.argv), a])
}

_joined_denied(flag, _) if flag in {"--settings", "--mcp-config", "--setting-sources", "--plugin-dir"}

_joined_denied(flag, _) if startswith(flag, "--dangerously-")

_joined_denied("--permission-mode", value) if value in {"bypasspermissions", "dontask"}

# any other `--dangerously-*` option (new ones appear with new CLI versions)
deny contains msg if {
	some ran in _agents & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some a in shell.args(seg)
	startswith(lower(a), "--dangerously-")
	not contains(a, "=")
	not lower(a) in _bypass_flags
	msg := sprintf("Blocked: `%s` starts an agent with a `--dangerously-*` option (%s). Run agents with the normal permission mode.", [concat(" ", seg.argv), a])
}

# ------------------------------------------------------------ s27: a directory's contents into the project root

# `rsync -a /tmp/x/ ./`, `cp -r ../tpl/. .`, `cp -rT /tmp/x .`, `ditto /tmp/x .`: the whole
# contents of a directory outside the project (or on another machine) land in the project
# root, where a `.claude/` among them (settings, hooks) or a `.git/` would come along unseen.
# Into a subdirectory (`rsync -a /tmp/build/ dist/`), or a named directory (`cp -r /tmp/x/.claude .`
# is judged as the write of `.claude` it is), this does not apply.
ask contains msg if {
	some ran in {"cp", "gcp", "rsync", "ditto"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	ops := shell.operands(seg)
	count(ops) >= 2
	dest := data.claude_rego.lib.paths.location(seg, ops[count(ops) - 1])
	trim_right(dest.absolute, "/") == trim_right(input.facts.project_dir, "/")
	some src in array.slice(ops, 0, count(ops) - 1)
	_whole_contents(ran, seg, src)
	_from_outside(seg, src)
	msg := sprintf("`%s` copies the whole contents of `%s`, outside the project, into the project root: a `.claude/` (settings, hooks) or `.git/` in it would replace the project's unseen. Approve only if you know what that directory holds.", [concat(" ", seg.argv), src])
}

_whole_contents("rsync", _, src) if endswith(src, "/")

_whole_contents("ditto", _, _) := true

_whole_contents(ran, _, src) if {
	ran in {"cp", "gcp"}
	endswith(src, "/.")
}

_whole_contents(ran, seg, _) if {
	ran in {"cp", "gcp"}
	shell.has_short_flag(seg, {"T"})
}

_whole_contents(ran, seg, _) if {
	ran in {"cp", "gcp"}
	shell.has_arg(seg, {"--no-target-directory"})
}

_from_outside(_, src) if regex.match(`^[^/~.][^/]*:`, src)

_from_outside(seg, src) if {
	not regex.match(`^[^/~.][^/]*:`, src)
	p := data.claude_rego.lib.paths.location(seg, src)
	not p.inside_project
}
