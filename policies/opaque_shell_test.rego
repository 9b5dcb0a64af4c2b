package claude_rego.policies.opaque_shell_test

import data.claude_rego.policies.opaque_shell
import rego.v1

shell(opaque, reasons) := {"facts": {"event": "PreToolUse", "shell": {"segments": [], "opaque": opaque, "opaque_reasons": reasons, "error": null}}}

test_opaque_commands_ask if {
	some msg in opaque_shell.ask with input as shell(true, ["eval"])
	contains(msg, "eval")
	every reason in ["variable_command", "command_substitution_in_command_name", "heredoc_to_shell", "too_deep", "too_long", "parse_error", "something_new"] {
		count(opaque_shell.ask) == 1 with input as shell(true, [reason])
	}
}

test_several_reasons_one_question if {
	count(opaque_shell.ask) == 1 with input as shell(true, ["eval", "too_deep"])
}

test_clear_commands_do_not_ask if {
	count(opaque_shell.ask) == 0 with input as shell(false, [])
	count(opaque_shell.ask) == 0 with input as {"facts": {"event": "PreToolUse", "shell": null}}
}

_s(id, argv, extra) := object.union({
	"id": id, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null,
	"argv": argv, "command": argv[0], "args": array.slice(argv, 1, count(argv)), "raw_words": argv,
	"wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": [],
}, extra)

_decoded(reader) := {"facts": {"event": "PreToolUse", "cwd": "/home/dev/project", "home": "/home/dev", "paths": [], "shell": {"opaque": false, "opaque_reasons": [], "error": null, "segments": [
	_s(0, [reader, "$(…)"], {}),
	_s(1, ["echo", "L2hvbWUvZGV2Ly5zc2gvaWRfcnNh"], {"parent": 0, "context": "substitution", "depth": 1, "pipeline": 1}),
	_s(2, ["base64", "-d"], {"parent": 0, "context": "substitution", "depth": 1, "pipeline": 1, "operator": "|"}),
]}}}

test_an_argument_decoded_from_text_asks if {
	count(opaque_shell.ask) == 1 with input as _decoded("cat")
	count(opaque_shell.ask) == 0 with input as _decoded("echo")
}
