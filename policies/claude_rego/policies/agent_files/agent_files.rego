# METADATA
# title: Files other agents and tools load later (instructions, skills, hooks, auto-loaded code)
# description: >-
#   Judges what is written — by a file tool, a shell command (echo/printf/cat heredoc
#   `>`/`>>`, tee, cp, sed -i, python -c …) or any other tool — into files that an agent or a
#   tool reads and acts on later. Agent instruction files (CLAUDE.md, CLAUDE.local.md,
#   AGENTS.md, GEMINI.md, .github/copilot-instructions.md, .cursorrules, .cursor/rules/,
#   .windsurfrules, .clinerules, .roo/rules, …): asks when the new text tells the agent to run
#   a command the shell policies stop, to download something, to skip confirmation or to
#   disable checks, and when a shell command writes one from content it does not show (a
#   download, a file outside the project, a variable). Claude's skills (.claude/skills) and
#   other coding agents' permission configs (.gemini/settings.json, .aider.conf.yml,
#   opencode.json, .codex/, .continue/, .roo/, .kilocode/, amp and crush settings): asks on
#   every write. Git-hook managers (.husky, lefthook, .pre-commit-config.yaml), package.json
#   lifecycle scripts and auto-loaded code (conftest.py, sitecustomize.py, *.pth, setup.py,
#   jest/vitest config and setup files): asks when the written text downloads, executes
#   decoded code or reaches the network.
# custom:
#   severity: high
#   rationale: >-
#     These files are instructions and code that run later, outside this session's review:
#     the next agent session reads CLAUDE.md as the user's own instructions, a skill or another
#     agent's settings can grant itself shell access, a git hook runs at the next commit and
#     conftest.py at the next test run. An ordinary edit (`- run tests with make test`, a
#     `npx lint-staged` hook, a pytest fixture) passes; text that plants a download, a
#     confirmation skip or a switched-off check asks.
#   routing:
#     events: [PreToolUse, PermissionRequest]
package claude_rego.policies.agent_files

import data.claude_rego.lib.paths
import data.claude_rego.lib.shell
import rego.v1

# ------------------------------------------------------------------ targets

_instruction_re := `(^|/)(claude|claude\.local|agents|gemini)\.md$|(^|/)\.(cursorrules|windsurfrules|clinerules|roorules|goosehints)$|/\.github/(copilot-instructions\.md$|instructions/|prompts/)|/\.(cursor|windsurf|roo|kilocode|continue|amazonq|trae|kiro|augment)/(rules|steering|prompts)[^/]*(/|$)|/\.clinerules/|/\.claude/(rules|output-styles)/|/\.junie/guidelines\.md$`

_skill_re := `/\.claude/skills(/|$)`

_agent_config_re := `/\.gemini/(settings|config)\.json$|/\.aider\.conf\.ya?ml$|/\.aider\.(model\.settings|model\.metadata)\.(ya?ml|json)$|/opencode\.jsonc?$|/\.opencode/|/\.codex/|/\.continue/(config\.(ya?ml|json|ts)|mcpservers/|agents/|assistants/)|/\.roomodes$|/\.roo/(mcp\.json|modes/|commands/)|/\.kilocodemodes$|/\.kilocode/(mcp\.json|modes/|workflows/)|/\.amp/|/\.config/amp/|/\.crush\.json$|/crush\.json$|/\.cursor/(mcp\.json|cli\.json|cli-config\.json)$|/\.windsurf/(mcp|settings)\.json$|/\.vscode/mcp\.json$|/\.gemini/commands/|/\.codeium/|/\.qwen/settings\.json$|/\.goose/config\.ya?ml$`

_hook_re := `/\.husky/[^_][^/]*$|/\.husky/[^/]+/[^/]+$|/lefthook(-local)?\.(ya?ml|json|toml)$|/\.lefthook(-local)?(\.(ya?ml|json|toml)$|/)|/\.pre-commit-config\.ya?ml$|/\.simple-git-hooks\.(c?js|json)$|/\.githooks/`

_autoload_re := `/(conftest|sitecustomize|usercustomize|setup|noxfile)\.py$|\.pth$|/(jest|vitest|vite|playwright|cypress|karma|mocha|ava|babel|webpack|rollup)\.config\.[cm]?[jt]s$|/(jest|vitest|test)[._-]?setup[^/]*\.[cm]?[jt]sx?$|/setuptests\.[cm]?[jt]sx?$|/\.mocharc\.[cm]?js$|/gulpfile\.[cm]?[jt]s$|/gruntfile\.[cm]?[jt]s$`

_kind(p) := "instructions" if _matches(p, _instruction_re)
else := "skill" if _matches(p, _skill_re)
else := "agent config" if _matches(p, _agent_config_re)
else := "git hook" if _matches(p, _hook_re)
else := "auto-loaded code" if _matches(p, _autoload_re)
else := "package.json" if _matches(p, `/package\.json$`)

_matches(p, re) if {
	some location in {lower(p.absolute_folded), lower(p.resolved)}
	is_string(location)
	regex.match(re, location)
}

# what the call writes, with the kind of file
_targets contains [kind, p] if {
	some p in data.claude_rego.lib.paths.written
	kind := _kind(p)
}

# `npm pkg set scripts.postinstall=…`, `npm set-script preinstall …`: a write to package.json
_targets contains ["package.json", {"raw": "package.json"}] if {
	some ran in {"npm", "pnpm", "yarn", "bun"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	_sets_script(shell.args(seg))
}

# inline interpreter code that writes a file named like one (`python -c "open('CLAUDE.md','a')…"`,
# `node -e "fs.appendFileSync('AGENTS.md', …)"`): the path facts do not see these writes
_targets contains entry if {
	some seg in data.claude_rego.lib.shell.segments
	shell.interpreter(seg)
	shell.eval_flag(seg)
	code := lower(concat(" ", shell.args(seg)))
	regex.match(`open\(|write|append|\.to_file|copyfile|copy2|rename|>>?`, code)
	some m in regex.find_n(`[a-z0-9_./-]*(claude|claude\.local|agents|gemini)\.md|[a-z0-9_./-]*\.(cursorrules|windsurfrules|clinerules)|[a-z0-9_./-]*\.husky/[a-z-]+|[a-z0-9_./-]*(conftest|sitecustomize)\.py|[a-z0-9_./-]*\.pre-commit-config\.ya?ml|[a-z0-9_./-]*lefthook\.ya?ml`, code, 8)
	name := trim_left(m, "./")
	p := {"raw": name, "absolute_folded": concat("/", ["", name]), "resolved": concat("/", ["", name])}
	kind := _kind(p)
	entry := [kind, p]
}

_sets_script(args) if {
	count(args) > 2
	args[0] == "pkg"
	args[1] == "set"
}

_sets_script(args) if {
	count(args) > 1
	args[0] == "set-script"
}

# ------------------------------------------------------------------ the written text

_tool_input := object.get(input.hook, "tool_input", {})

_text := lower(t) if {
	t := _raw_text
	count(t) <= 262144
} else := ""

_too_long if count(_raw_text) > 262144

_raw_text := c if {
	input.hook.tool_name == "Write"
	c := _tool_input.content
	is_string(c)
} else := c if {
	input.hook.tool_name == "Edit"
	c := _tool_input.new_string
	is_string(c)
} else := concat("\n", [s | some e in _tool_input.edits; s := e.new_string; is_string(s)]) if {
	input.hook.tool_name == "MultiEdit"
	is_array(_tool_input.edits)
} else := c if {
	c := _tool_input.command
	is_string(c)
} else := concat("\n", [s | walk(_tool_input, [_, s]); is_string(s)])

# a sentence at a time: split at line ends and sentence ends
_sentences := {s | some s in regex.split(`[!?\n;]+|\.\s+`, _text); trim_space(s) != ""}

# ------------------------------------------------------------------ instruction files

ask contains msg if {
	some [kind, p] in _targets
	kind == "instructions"
	some reason in _instruction_dangers
	msg := sprintf("This writes `%s`, instructions an agent follows in later sessions, with text that %s. Approve only if you wrote that instruction.", [_raw(p), reason])
}

ask contains msg if {
	some [kind, p] in _targets
	kind == "instructions"
	some why in _unseen_content
	msg := sprintf("This writes `%s`, instructions an agent follows in later sessions, from content the command does not show (%s). Approve only if you know what it adds.", [_raw(p), why])
}

_raw(p) := r if {
	r := p.raw
	is_string(r)
} else := "?"

_instruction_dangers contains "runs a command the shell policies would stop" if {
	some shape in _dangerous_shapes
	regex.match(shape, _text)
}

_instruction_dangers contains "downloads or sends something over the network" if {
	some sentence in _sentences
	some m in regex.find_all_string_submatch_n(`(^|[^a-z0-9_-])(curl|wget|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod)\s[^\n]*?(https?|ftp)://([^\s/'"\x60)<>:]+)`, sentence, 16)
	not _local_host(m[4])
	_transfer(sentence)
}

# wget, aria2c and PowerShell's downloads save the file; curl only prints unless told to save
# it, pipe it or send data (`curl https://api.example.com/health` in a doc is a lookup)
_transfer(sentence) if regex.match(`(^|[^a-z0-9_-])(wget|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod)\s`, sentence)

_transfer(sentence) if regex.match(`(^|\s)(-[a-z]*[oot]|--output|--remote-name|-d|--data[a-z-]*|-f|--form|--upload-file)(\s|=|$)|\||>|\$\(|\x60[^\x60]*\$`, sentence)

_instruction_dangers contains "tells the agent to download and run something" if {
	some sentence in _sentences
	regex.match(`(^|[^a-z0-9_])(download|fetch|pull down|grab)(s|ed|ing)?\s[^\n]*(and|then|to)\s+(run|execute|exec|source|install|pipe|eval)([^a-z0-9_]|$)`, sentence)
}

_instruction_dangers contains "tells the agent to run something from the network" if {
	some sentence in _sentences
	regex.match(`(^|[^a-z0-9_])(run|execute|exec|source|eval|install)\s[^\n]*(from|at)\s+<?(https?|ftp)://`, sentence)
}

_instruction_dangers contains "tells the agent to skip confirmation" if {
	some sentence in _sentences
	_unnegated(sentence, `(never|don'?t|do not|no need to|stop)\s+(ask|asking|prompt|prompting|confirm|confirming|check with|wait for|waiting for)([^a-z0-9_]|$)|(without|skip|skipping|bypass|bypassing|no need for|no)\s+(the\s+|any\s+|user\s+)*(asking|confirmation|confirming|approval|permission|prompts?|prompting)([^a-z0-9_]|$)|auto-?approve|auto-?accept|always (approve|accept|allow)\s+(all|every|any|each|everything|commands?|tools?|edits?|bash|shell|permissions?|requests?|prompts?)|assume yes|yolo mode`)
}

_instruction_dangers contains "tells the agent to disable checks" if {
	some sentence in _sentences
	_unnegated(sentence, `(disable|disabling|turn off|switch off|skip|skipping|bypass|circumvent|ignore|deactivate|remove|get around|work around)\s+(all\s+|the\s+|any\s+|every\s+)*(security|safety|permission|sandbox|(git|pre-?commit|commit|push|claude|security|permission|policy)\s+hooks?|checks?|verification|signature|ssl|tls|certificate|guard ?rails?|claude-rego|pre-?commit|scanners?)([^a-z0-9_]|$)`)
}

_instruction_dangers contains "switches off the agent's permission checks or hooks" if {
	some word in _switch_words
	contains(_text, word)
}

_instruction_dangers contains "tells the agent to turn off certificate or hook verification" if {
	some sentence in _sentences
	_unnegated(sentence, `(--no-verify|--insecure|--no-check-certificate|strict-ssl\s*(=|\s)\s*false|git_ssl_no_verify|node_tls_reject_unauthorized\s*=\s*['"]?0|verify\s*=\s*false|--trusted-host|ssl_verify\w*\s*[:=]\s*false)`)
}

_instruction_dangers contains "tells the agent to ignore its other instructions" if {
	some sentence in _sentences
	regex.match(`(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+|your\s+)*(previous|prior|above|earlier|other|system|user'?s?)\s+(instructions|rules|prompts?|guidelines)`, sentence)
}

# the danger occurs in the sentence other than right after a negation: `never use
# --no-verify`, `do not disable the pre-commit hooks`, `never push without asking` are rules
# against it
_unnegated(sentence, danger) if {
	found := regex.find_n(danger, sentence, 16)
	count(found) > 0
	negated := regex.find_n(concat("", [`(^|[^a-z0-9_])(never|not|don'?t|dont|avoid|mustn'?t|no one|nobody)\s+([^\s]+\s+){0,6}?(`, danger, `)`]), sentence, 16)
	count(negated) < count(found)
}

_local_host(host) if regex.match(`^(localhost|127\.[0-9.]+|0\.0\.0\.0|\[?::1\]?|[a-z0-9-]+\.(local|localhost|test|internal)|example\.(com|org|net))$`, host)

_switch_words := {"disableallhooks", "bypasspermissions", "dangerously-skip-permissions", "skipdangerousmodepermissionprompt", "dangerously-bypass-approvals-and-sandbox"}

_dangerous_shapes := {
	`(curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)[^|\n]*\|\s*(sudo\s+)?(env\s+)?(ba|z|da|k|fi)?sh([^a-z0-9_]|$)`,
	`(curl|wget|fetch)[^|\n]*\|\s*(sudo\s+)?(python[0-9.]*|perl|ruby|node|php|iex)([^a-z0-9_]|$)`,
	`(ba|z)?sh\s+(-c\s+)?["']?(<\(|\$\()\s*(curl|wget)`,
	`(^|[^a-z0-9_])rm\s+(-[a-z-]+\s+)*-[a-z]*r[a-z]*\s+(-[a-z-]+\s+)*["']?(/|~|\$home|\$\{home\}|\*)(\s|["'\x60]|$)`,
	`>>?\s*["']?(~|\$home)/\.(bashrc|bash_profile|profile|zshrc|zprofile|zshenv|ssh/|config/autostart|config/fish)`,
	`base64\s+(-d|--decode)[^\n]*\|\s*(ba|z)?sh`,
	`/dev/(tcp|udp)/`,
	`(^|[^a-z0-9_])(mkfs|wipefs|shred)\s`,
}

# content a shell command writes that it does not show: a download, a file read from
# outside the project, a variable or a substitution
_unseen_content contains "a download" if {
	input.facts.tool.class == "shell"
	count(input.facts.effects.network) > 0
}

_unseen_content contains why if {
	some ran in {"cp", "mv", "install", "rsync", "ln", "link", "cat", "dd", "tee", "ditto", "scp"} & data.claude_rego.lib.shell.names
	some seg in shell.running({ran})
	some word in shell.operands(seg)
	loc := paths.location(seg, word)
	abs := lower(loc.absolute_folded)
	is_string(abs)
	not paths.under(abs, lower(data.claude_rego.lib.paths.project))
	not abs in {"/dev/null", "/dev/stdin", "/dev/stdout"}
	not _written_word(seg, word)
	why := sprintf("`%s`, outside the project", [word])
}

_written_word(seg, word) if {
	some w in data.claude_rego.lib.paths.write_words
	w.seg == seg.id
	w.word == word
}

_unseen_content contains "a variable or command substitution" if {
	input.facts.tool.class == "shell"
	some w in data.claude_rego.lib.paths.write_words
	some seg in data.claude_rego.lib.shell.with_dollar_args
	seg.id == w.seg
	_instruction_word(seg, w.word)
	shell.runs_any(seg, {"echo", "printf", "cat", "tee"})
}

_instruction_word(seg, word) if {
	p := paths.location(seg, word)
	_kind(p) == "instructions"
}

# ------------------------------------------------------------------ skills and other agents' configs

ask contains msg if {
	some [kind, p] in _targets
	kind == "skill"
	not p in _made_dirs
	msg := sprintf("This writes `%s`, a Claude skill: its instructions and scripts run in later sessions. Approve only if intended.", [_raw(p)])
}

ask contains msg if {
	some [kind, p] in _targets
	kind == "agent config"
	not p in _made_dirs
	msg := sprintf("This writes `%s`, another coding agent's configuration, which can grant it auto-approval, shell tools or MCP servers. Approve only if intended.", [_raw(p)])
}

_made_dirs contains entry if {
	"mkdir" in data.claude_rego.lib.shell.names
	some seg in shell.running({"mkdir"})
	some word in shell.operands(seg)
	entry := paths.location(seg, word)
}

# ------------------------------------------------------------------ hooks, lifecycle scripts, auto-loaded code

ask contains msg if {
	some [kind, p] in _targets
	kind == "git hook"
	some reason in _code_dangers(_code_text)
	msg := sprintf("This writes `%s` (%s, run later by git or by the test and build tools) with code that %s. Approve only if intended.", [_raw(p), kind, reason])
}

# auto-loaded code: a URL alone (setup.py's `url=`, a staging API's address) or a request to
# the local test server is ordinary; a shell-out to a network program, decoded code, or
# network calls together with a remote address are not
ask contains msg if {
	some [kind, p] in _targets
	kind == "auto-loaded code"
	some reason in _autoload_dangers(_code_text)
	msg := sprintf("This writes `%s` (%s, run later by git or by the test and build tools) with code that %s. Approve only if intended.", [_raw(p), kind, reason])
}

_autoload_dangers(text) := {r |
	some r, re in _code_danger_res
	r != "reaches the network"
	regex.match(re, text)
} | {"reaches the network" |
	regex.match(`(^|[^a-z0-9_.-])(curl|wget|aria2c|nc|ncat|netcat|socat|telnet|iwr|irm|invoke-webrequest|invoke-restmethod)(\s|$)|/dev/(tcp|udp)/`, text)
} | {"reaches the network" |
	regex.match(_code_danger_res["reaches the network"], text)
	count(_network_urls(text)) > 0
}

ask contains msg if {
	some [kind, p] in _targets
	kind == "package.json"
	some reason in _code_dangers(_lifecycle_text)
	msg := sprintf("This writes `%s` with an install, prepare or git-hook script that %s: npm and git run it later. Approve only if intended.", [_raw(p), reason])
}

ask contains msg if {
	some [kind, p] in _targets
	kind in {"git hook", "auto-loaded code", "package.json", "instructions"}
	_too_long
	msg := sprintf("This writes `%s` with more text than can be checked. Approve only if intended.", [_raw(p)])
}

# pre-commit's `repo: https://…` lines name hook repositories, not code the hook runs
_code_text := regex.replace(_text, `(?m)^\s*-?\s*repo:\s*\S+\s*$`, "")

_lifecycle_key := `(pre|post)?(install|prepare|prepublish|prepublishonly|prepack|postpack|uninstall|shrinkwrap)|simple-git-hooks|husky|ghooks|pre-commit|pre-push|commit-msg`

# package.json written by a file tool: only its lifecycle and git-hook scripts run on their
# own (`homepage`, `repository` URLs and `test` scripts do not)
_lifecycle_text := concat("\n", [m[0] |
	some m in regex.find_all_string_submatch_n(concat("", [`"(`, _lifecycle_key, `)"\s*:\s*("([^"\\]|\\.)*"|\{[^}]*\})`]), _text, 64)
]) if {
	input.hook.tool_name in {"Write", "Edit", "MultiEdit"}
} else := _text if {
	# a shell command (npm pkg set, jq …, a heredoc): judged when it names a lifecycle key
	regex.match(concat("", [`(^|[^a-z0-9_-])(`, _lifecycle_key, `)["'=\s:]`]), _text)
} else := ""

_code_dangers(text) := {r | some r, re in _code_danger_res; regex.match(re, text)} | _network_urls(text)

_network_urls(text) := {"reaches the network" |
	some m in regex.find_all_string_submatch_n(`(https?|ftp)://([^\s/'"\x60)<>:\\]+)`, text, 32)
	not _local_host(m[2])
}

_code_danger_res := {
	"reaches the network": `(^|[^a-z0-9_.-])(curl|wget|aria2c|nc|ncat|netcat|socat|telnet|iwr|irm|invoke-webrequest|invoke-restmethod)(\s|$)|/dev/(tcp|udp)/|urlopen|urllib|requests\.(get|post|put|request|session)|http\.client|httpx|aiohttp|socket\.(socket|create_connection)|(^|[^a-z0-9_.])fetch\(|axios|https?\.(get|request)\(|net\.(connect|createconnection)|xmlhttprequest|websocket|dns\.resolve`,
	"decodes and runs hidden code": `base64\s+(-d|--decode|-di)|b64decode|frombase64string|atob\(|bytes\.fromhex|codecs\.decode|marshal\.loads|zlib\.decompress`,
	"runs a command the shell policies would stop": concat("|", [sprintf("(?:%s)", [re]) | some re in _dangerous_shapes]),
}
