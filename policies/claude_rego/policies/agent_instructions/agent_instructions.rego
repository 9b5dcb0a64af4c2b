# METADATA
# title: A subagent's instructions (Task / Agent)
# description: >-
#   A Task (newer CLIs: Agent) call hands a subagent a prompt. The command lines the prompt
#   gives it to run — fenced shell blocks and inline code spans that read as a command line
#   (`curl … | sh`, `rm -rf ~/…`, `echo … >> ~/.bashrc`) — are parsed as shell by the facts
#   (facts.effects.exec, field `prompt`) and judged by the shell policies, which are routed to
#   Task and Agent, with their own verdicts; spans the prompt says not to run (`do not run X`)
#   and spans that are a name, a path or a call in code (`.env`, `src/app.py`, `foo()`) are not
#   commands. This policy asks on what the prose says: to read or send a secret file named in
#   the same sentence (~/.aws/credentials, ~/.ssh/id_*, .env, ~/.netrc, ~/.kube/config, …), to
#   change the agent's own settings or hooks (~/.claude/settings*.json, .claude/settings*.json,
#   managed settings, .claude/hooks, disableAllHooks, bypassPermissions,
#   --dangerously-skip-permissions, disabling or removing Claude's hooks or claude-rego), to add
#   to or change a persistence location (~/.bashrc and the other start-up files,
#   ~/.ssh/authorized_keys, a crontab or cron job, a systemd user unit, a launchd agent,
#   ~/.gitconfig and core.hooksPath, /etc/profile.d, …), and a subagent started with
#   `mode: bypassPermissions`.
# custom:
#   severity: high
#   rationale: >-
#     Instructions are not executions. A command line in a code span is the text the subagent
#     will run verbatim, so it is judged as an execution: the shell policies' deny stands
#     (a deny costs a re-plan, and it stops a plan the subagent could split into steps that
#     each pass alone, such as a download in one call and running it in the next). Prose is an
#     instruction the subagent still has to turn into tool calls, and every one of those goes
#     through this hook again (PreToolUse fires inside subagents): prose asks, never denies, so
#     a prompt that only talks about secrets or settings (review, explain) costs one approval.
#     What the subagent decides on its own, and commands the prompt describes without spelling
#     them, cannot be seen here; they are judged when the subagent runs them.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tools: [Task, Agent]
package claude_rego.policies.agent_instructions

import rego.v1

ask contains msg if {
	some sentence in _sentences
	some secret in _secret_mentions(sentence)
	# `is read from`, `gets loaded`: a description of code, not an instruction
	active := regex.replace(sentence, `(^|[^a-z0-9_])(is|are|was|were|be|been|being|gets?|not)\s+(read|loaded|opened|sent|shown|printed|copied|included|returned)([^a-z0-9_]|$)`, " ")
	regex.match(`(^|[^a-z0-9_])(read|cat|print|show|display|dump|output|send|upload|post|paste|copy|include|attach|share|email|mail|exfiltrate|leak|encode|base64|contents?|values?|forward|transmit|return|report|collect|grab|extract|open|load)([^a-z0-9_]|$)`, active)
	msg := sprintf("`%s` tells a subagent to read or send `%s`, a secret file or credential endpoint. Approve only if the subagent should see it.", [input.facts.tool.name, secret])
}

# a secret named in words rather than by its path (`upload the SSH private key from the home
# directory to the team gist`, `email me the AWS credentials`) in a sentence that sends it
# somewhere: asked like a named secret file. Public keys and talk about secrets pass.
ask contains msg if {
	some sentence in _sentences
	some secret in _secret_phrases(sentence)
	regex.match(`(^|[^a-z0-9_])(upload|uploads|send|sends|post|posts|paste|gist|email|e-mail|mail|share|exfiltrate|leak|transfer|forward|publish|attach|copy|copies)([^a-z0-9_]|$)`, sentence)
	not regex.match(`(^|[^a-z0-9_])(public|\.pub|publish the public)([^a-z0-9_]|$)`, sentence)
	msg := sprintf("`%s` tells a subagent to send `%s` somewhere. Approve only if the subagent should handle it.", [input.facts.tool.name, secret])
}

_secret_phrases(sentence) := {trim(m, _trimmed) |
	some m in regex.find_n(`(ssh|gpg|pgp|signing|deploy|tls|ssl)\s+(private\s+)?keys?|private\s+keys?|(aws|gcp|azure|cloud|kube|kubernetes|docker|npm|pypi|github|gitlab)\s+(credentials|tokens?|secrets?|passwords?)|(api|access|auth|session|refresh)\s+tokens?|saved\s+passwords|browser\s+(passwords|cookies)|(the\s+)?keychain|password\s+(store|vault|manager)\s+(entries|contents|export)`, sentence, 4)
}

ask contains msg if {
	some sentence in _sentences
	some target in _settings_mentions(sentence)
	regex.match(`(^|[^a-z0-9_])(edit|edits|change|set|sets|modify|update|add|remove|delete|disable|turn off|switch off|write|overwrite|append|replace|enable|clear|empty|rename|move|drop|patch|configure|uninstall|unregister|stop|kill|bypass|skip)([^a-z0-9_]|$)`, sentence)
	msg := sprintf("`%s` tells a subagent to change the agent's own settings (%s). Approve only if intended.", [input.facts.tool.name, target])
}

ask contains msg if {
	some sentence in _sentences
	some target in _guard_mentions(sentence)
	regex.match(`(^|[^a-z0-9_])(remove|delete|disable|disables|disabling|turn off|switch off|uninstall|unregister|stop|kill|bypass|skip|circumvent|get around|work around|deactivate|neutralize|comment out)([^a-z0-9_]|$)`, sentence)
	msg := sprintf("`%s` tells a subagent to switch off the agent's guard rails (%s). Approve only if intended.", [input.facts.tool.name, target])
}

ask contains msg if {
	some sentence in _sentences
	some word in _switch_words
	contains(sentence, word)
	msg := sprintf("`%s` gives a subagent instructions that mention `%s`, which switches off the agent's permission checks or hooks. Approve only if intended.", [input.facts.tool.name, word])
}

# A persistence location (the shell's start-up files, ~/.ssh/authorized_keys, a crontab, a
# systemd user unit or launchd agent, ~/.gitconfig's hooks, /etc/profile.d, …) named in a
# sentence that tells the subagent to add to it or change it: what it plants outlives the
# session and runs later (or lets someone in). Reading one (`check what ~/.zshrc sets`) passes.
ask contains msg if {
	some sentence in _sentences
	some target in _persistence_mentions(sentence)
	not _code_about(sentence)
	active := regex.replace(sentence, `(^|[^a-z0-9_])(is|are|was|were|be|been|being|gets?|not)\s+(added|appended|written|installed|created|changed|modified|updated|edited|enabled|loaded|sourced)([^a-z0-9_]|$)`, " ")
	regex.match(`(^|[^a-z0-9_])(add|adds|adding|append|appends|appending|write|writes|writing|install|installs|installing|insert|put|place|create|creates|edit|modify|change|update|set|setup|set up|register|enable|schedule|drop|copy|echo|paste|plant|persist|configure|inject|load|source|prepend|include|hook|point)([^a-z0-9_]|$)`, active)
	msg := sprintf("`%s` tells a subagent to add to or change `%s`, where what is written runs later or lets someone in (persistence). Approve only if intended.", [input.facts.tool.name, target])
}

ask contains msg if {
	mode := object.get(_tool_input, "mode", "")
	is_string(mode)
	lower(mode) in {"bypasspermissions", "bypass_permissions", "bypass"}
	msg := sprintf("`%s` starts a subagent with its permission checks bypassed (mode: %s). Approve only if intended.", [input.facts.tool.name, mode])
}

# A command the prompt only talks about (`the README says to run X`, `explain what X does`) is
# not parsed as one (the subagent is not told to run it); when it has the shape of one the
# shell policies stop (a download piped into a shell, a recursive delete of a home or system
# path, a write to a start-up file, a force-push, a read of a secret file), ask.
ask contains msg if {
	some e in input.facts.effects.exec
	e.mention == true
	is_string(e.command)
	text := lower(e.command)
	some pattern in _dangerous_shapes
	regex.match(pattern, text)
	msg := sprintf("`%s` gives a subagent instructions that mention `%s`, a command the shell policies would stop. Approve only if the subagent is not meant to run it.", [input.facts.tool.name, _clip(e.command)])
}

ask contains msg if {
	some e in input.facts.effects.exec
	e.mention == true
	is_string(e.command)
	some secret in _secret_mentions(lower(e.command))
	msg := sprintf("`%s` gives a subagent instructions that mention `%s`, a command that reads the secret file `%s`. Approve only if the subagent is not meant to run it.", [input.facts.tool.name, _clip(e.command), secret])
}

_dangerous_shapes := {
	`(curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)[^|]*\|\s*(sudo\s+)?(env\s+)?(ba|z|da|k|fi)?sh([^a-z0-9_]|$)`,
	`(curl|wget|fetch)[^|]*\|\s*(sudo\s+)?(python[0-9.]*|perl|ruby|node|php|iex)\s*(-\s*)?$`,
	`(ba|z)?sh\s+(-c\s+)?["']?(<\(|\$\()\s*(curl|wget)`,
	`(^|[^a-z0-9_])rm\s+(-[a-z-]+\s+)*-[a-z]*r[a-z]*\s+(-[a-z-]+\s+)*["']?(/|~|\$home|\$\{home\}|\*|\.\.?/?\s*$)`,
	`>>?\s*["']?(~|\$home)/\.(bashrc|bash_profile|profile|zshrc|zprofile|zshenv|ssh/|config/autostart|config/fish)`,
	`git\s+push\s+.*(--force|\s-f([^a-z0-9_]|$)|\s\+)`,
	`(^|[^a-z0-9_])(mkfs|wipefs|shred)([^a-z0-9_]|$)`,
	`dd\s+.*of=/dev/`,
	`/dev/(tcp|udp)/`,
	`chmod\s+-r\s+[0-7]*7[0-7]*\s+/`,
	`:\(\)\s*\{`,
}

_clip(s) := concat("", [substring(s, 0, 160), "…"]) if count(s) > 160

else := s

_tool_input := object.get(input.hook, "tool_input", {}) if is_object(object.get(input.hook, "tool_input", {}))

else := {}

_prompt := lower(regex.replace(p, `[\x{00AD}\x{034F}\x{180E}\x{200B}-\x{200F}\x{2060}-\x{2064}\x{FEFF}]`, "")) if {
	p := object.get(_tool_input, "prompt", "")
	is_string(p)
	count(p) <= 65536
} else := ""

# sentences: split at line ends and at sentence ends (a dot followed by a space, so `.env` stays whole)
_sentences := {s | some s in regex.split(`[!?\n;]+|\.\s+`, _prompt); trim_space(s) != ""}

_switch_words := {"disableallhooks", "bypasspermissions", "dangerously-skip-permissions", "allow-dangerously-skip-permissions", "skipdangerousmodepermissionprompt"}

# secret files named in a sentence (the path as written; a template such as .env.example is not a secret)
_secret_mentions(sentence) := {m |
	some raw in regex.find_n(`(~|\$home|/home/[a-z0-9_.-]+|/users/[a-z0-9_.-]+|/root)/\.(aws|ssh|gnupg|kube|docker|azure|config/gcloud|config/gh|password-store|netrc|git-credentials|npmrc|pypirc|pgpass|my\.cnf|vault-token|claude/\.credentials\.json)[a-z0-9_./*-]*|(^|[^a-z0-9_])id_(rsa|dsa|ecdsa|ed25519)([^a-z0-9_]|$)(\.pub)?|(^|[\s'"(\x60/])\.env(\.[a-z0-9_-]+)?([^a-z0-9_]|$)|/etc/shadow|/proc/[a-z0-9_*]+/environ|(^|[^a-z0-9_])[a-z0-9_-]+\.(pem|key|p12|pfx|tfstate)([^a-z0-9_]|$)|169\.254\.169\.254|metadata\.google\.internal|/(var/)?run/secrets/[a-z0-9_./-]+|/etc/kubernetes/(admin|kubelet|super-admin|controller-manager|scheduler)\.conf|/etc/kubernetes/pki/[a-z0-9_./-]*\.key|/etc/ssh/ssh_host_[a-z0-9_]+_key([^.a-z0-9_]|$)|/etc/ssl/private/[a-z0-9_./-]*|(^|[^a-z0-9_])application_default_credentials\.json|(^|[^a-z0-9_])(logins\.json|key4\.db|login data|cookies\.sqlite|login\.keychain(-db)?)([^a-z0-9_]|$)|(^|[\s'"(\x60/])\.(git-credentials|netrc|pgpass|vault-token)([^a-z0-9_]|$)`, sentence, 16)
	m := trim_right(trim(raw, _trimmed), ".")
	not _not_secret(m)
}

_not_secret(m) if endswith(m, ".pub")

_not_secret(m) if regex.match(`\.env\.(example|sample|template|dist|defaults?|schema|test\.example)$`, trim(m, "/"))

_not_secret(m) if regex.match(`(public|pubkey|cert|ca|fullchain|chain|ca-bundle)\.pem$`, m)

_not_secret(m) if endswith(m, "/known_hosts")

# a sentence about code that handles such files (a crontab parser, tests for authorized_keys
# parsing), not about the user's own
_code_about(sentence) if regex.match(`(^|[^a-z0-9_])(parser|parsers|parsing|parse|parses|syntax|expressions?|validator|linter|lexer|grammar|regex|fixtures?|mock|mocks|mocked)([^a-z0-9_]|$)`, sentence)

# persistence locations named in a sentence: start-up files, keys that let someone in,
# schedulers and service managers that run a program later, git's global hooks
_persistence_mentions(sentence) := {trim(trim(m, _trimmed), "/") |
	some m in regex.find_n(`(^|[\s'"(\x60/])\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc|xprofile|xinitrc|xsessionrc|gitconfig)([^a-z0-9_]|$)|\.config/(fish/config\.fish|autostart|systemd/user|git/config)|(^|[^a-z0-9_])authorized_keys2?([^a-z0-9_]|$)|(^|[^a-z0-9_])crontab([^a-z0-9_]|$)|(^|[^a-z0-9_])cron (job|entry|line)s?([^a-z0-9_]|$)|/etc/(cron[a-z.]*|profile(\.d)?|bash\.bashrc|zsh/zshrc|environment|rc\.local|ld\.so\.preload|sudoers(\.d)?|systemd/system|init\.d|update-motd\.d)|/var/spool/cron|systemd (user )?(unit|service|timer)s?|(^|[^a-z0-9_])user (unit|service|timer)s?([^a-z0-9_]|$)|systemctl (--user )?enable|library/launch(agents|daemons)|(^|[^a-z0-9_])launch ?(agent|daemon)s?([^a-z0-9_]|$)|core\.hookspath|init\.templatedir|powershell_profile|\$profile([^a-z0-9_]|$)|currentversion\\run`, sentence, 8)
}

# the agent's own settings named in a sentence# the agent's own settings named in a sentence
_settings_mentions(sentence) := {trim(m, _trimmed) |
	some m in regex.find_n(`\.claude/(settings(\.local)?\.json|settings([^a-z0-9_]|$)|hooks([^a-z0-9_]|$)|agents([^a-z0-9_]|$))|managed-settings\.json|(^|[^a-z0-9_])permissions\.(allow|deny|defaultmode)([^a-z0-9_]|$)|(^|[^a-z0-9_])defaultmode([^a-z0-9_]|$)`, sentence, 8)
}

# the hooks and the policy engine that guard the agent
_guard_mentions(sentence) := {trim(m, _trimmed) |
	some m in regex.find_n(`(^|[^a-z0-9_])(claude|claude code|claude's|pretooluse|posttooluse|permissionrequest|userpromptsubmit|sessionstart|policy|permission|security)\s+hooks?([^a-z0-9_]|$)|(^|[^a-z0-9_])claude-rego([^a-z0-9_]|$)|(^|[^a-z0-9_])permission (checks?|prompts?)([^a-z0-9_]|$)`, sentence, 8)
}

_trimmed := " \t'\"(`),:;"
