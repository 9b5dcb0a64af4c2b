# METADATA
# title: Remote code execution
# description: >-
#   Denies running code fetched from the network in the same command: a download piped
#   into an interpreter (curl | sh, wget -O- | bash), an interpreter fed by process or
#   command substitution of a download (bash <(curl …), sh -c "$(curl …)"), and
#   download-then-execute chains (curl -o x.sh … && sh x.sh, chmod +x && ./x).
# custom:
#   severity: critical
#   rationale: >-
#     Piping a download into a shell runs whatever the server (or anyone on the path)
#     sends, unreviewed, with the developer's credentials. It is also the classic
#     prompt-injection payload. Download the script, read it, then run it as a separate,
#     reviewable step.
#   routing:
#     events: [PreToolUse, PermissionRequest]
#     tool_classes: [shell]
package claude_rego.policies.remote_exec

import data.claude_rego.lib.shell
import data.claude_rego.lib.shell.segments
import rego.v1

advice := "Download the file first, review it, and run it in a separate step."

deny contains msg if {
	some fetch in shell.running(shell.downloaders)
	some run in segments
	run.pipeline == fetch.pipeline
	run.id > fetch.id
	shell.runs_any(run, shell.interpreters)
	msg := sprintf("Blocked: `%s` pipes a download into `%s`, which runs remote code unreviewed. %s", [fetch.command, run.command, advice])
}

deny contains msg if {
	some run in shell.running(shell.interpreters)
	some fetch in segments
	fetch.context in {"process_substitution", "substitution"}
	ancestor(run.id, fetch)
	shell.runs_any(fetch, shell.downloaders)
	msg := sprintf("Blocked: `%s` executes the output of `%s` directly. %s", [run.command, fetch.command, advice])
}

deny contains msg if {
	some fetch in shell.running(shell.downloaders)
	some run in segments
	run.id > fetch.id
	not run.pipeline == fetch.pipeline
	executes_a_file(run)
	msg := sprintf("Blocked: this command downloads with `%s` and then executes (`%s`) in one go. %s", [fetch.command, concat(" ", run.argv), advice])
}

# the fetch segment is nested (at any depth) under the segment with id `id`
ancestor(id, seg) if seg.parent == id

ancestor(id, seg) if {
	some mid in segments
	seg.parent == mid.id
	mid.parent == id
}

ancestor(id, seg) if {
	some mid in segments
	some top in segments
	seg.parent == mid.id
	mid.parent == top.id
	top.parent == id
}

executes_a_file(seg) if {
	shell.runs_any(seg, shell.interpreters)
	count(shell.operands(seg)) > 0
}

executes_a_file(seg) if regex.match(`^(\./|/tmp/|~/)`, seg.argv[0])

executes_a_file(seg) if {
	shell.runs(seg, "chmod")
	some arg in seg.args
	regex.match(`^(\+x|[ugoa]*\+[rw]*x|[0-7]?[0-7]*[1357][0-7]*)$`, arg)
}
