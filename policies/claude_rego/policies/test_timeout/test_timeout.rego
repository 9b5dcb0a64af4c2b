# METADATA
# title: Time-limit test runs (example rewrite)
# description: >-
#   Rewrites a plain test command (npm test, pytest, go test, cargo test, …) to run
#   under `timeout N` (data.claude_rego.settings.test_timeout_seconds), keeping every
#   other field of the tool input. An example of the rewrite verb. Only on the
#   platforms in test_timeout_platforms (default linux: macOS has no `timeout`).
# custom:
#   severity: low
#   rationale: >-
#     A hung test run blocks the agent until Claude Code's own tool timeout. Wrapping
#     it in `timeout` bounds it. Only single, plain commands are rewritten, and the
#     rewritten command is evaluated by every policy again before it is used.
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.test_timeout

import data.claude_rego.lib.settings
import data.claude_rego.lib.shell.segments
import rego.v1

seconds := settings.value("test_timeout_seconds")

# `timeout` is GNU coreutils: on macOS it is usually missing (gtimeout), so only here
platforms := settings.value("test_timeout_platforms")

runs_tests(seg) if {
	seg.command in {"npm", "pnpm", "yarn", "bun"}
	seg.args[0] in {"test", "t"}
}

runs_tests(seg) if seg.command in {"pytest", "tox", "nox", "jest", "vitest", "mocha", "rspec"}

runs_tests(seg) if {
	seg.command in {"go", "cargo", "mix", "dotnet"}
	seg.args[0] == "test"
}

runs_tests(seg) if {
	seg.command in {"python", "python3"}
	seg.args[0] == "-m"
	seg.args[1] in {"pytest", "unittest"}
}

rewrite contains entry if {
	count(segments) == 1
	some seg in segments
	seg.context == "top"
	count(seg.wrappers) == 0
	count(seg.assignments) == 0
	runs_tests(seg)
	not input.facts.shell.opaque
	input.facts.os in platforms
	entry := {"command": sprintf("timeout %d %s", [seconds, input.hook.tool_input.command])}
}
