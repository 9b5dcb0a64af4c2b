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

test_sql_server_code_asks_with_its_reason if {
	some msg in opaque_shell.ask with input as shell(true, ["sql_runs_code"])
	contains(msg, "database statement runs a program")
	some msg2 in opaque_shell.ask with input as shell(true, ["sql_file_unknown"])
	contains(msg2, "server file")
}

test_option_program_path_asks_with_its_reason if {
	some msg in opaque_shell.ask with input as shell(true, ["option_program_path"])
	contains(msg, "names a program by a path")
	some msg2 in opaque_shell.ask with input as shell(true, ["output_piped_by_option"])
	contains(msg2, "pipes the program's output")
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

_decoded2(parent_argv, child_argv) := {"facts": {"event": "PreToolUse", "tool": {"name": "Bash", "class": "shell"}, "cwd": "/home/dev/project", "project_dir": "/home/dev/project", "home": "/home/dev", "paths": [], "shell": {"opaque": false, "opaque_reasons": [], "segments": [
	{"id": 0, "parent": null, "context": "top", "depth": 0, "pipeline": 0, "operator": null, "argv": parent_argv, "command": parent_argv[0], "args": array.slice(parent_argv, 1, count(parent_argv)), "raw_words": parent_argv, "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": []},
	{"id": 1, "parent": 0, "context": "substitution", "depth": 1, "pipeline": 1, "operator": null, "argv": ["echo", "L2V0Yw=="], "command": "echo", "args": ["L2V0Yw=="], "raw_words": ["echo", "L2V0Yw=="], "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": []},
	{"id": 2, "parent": 0, "context": "substitution", "depth": 1, "pipeline": 1, "operator": "|", "argv": child_argv, "command": child_argv[0], "args": array.slice(child_argv, 1, count(child_argv)), "raw_words": child_argv, "wrappers": [], "assignments": {}, "redirects": [], "opaque": false, "opaque_reasons": []},
]}}}

test_h12_argument_computed_by_decoding_asks if {
	every child in [["base64", "-d"], ["base64", "--decode"], ["xxd", "-r", "-p"], ["rev"], ["tr", "A-Za-z", "N-ZA-Mn-za-m"], ["iconv", "-f", "utf-8", "-t", "ascii//TRANSLIT"], ["uconv", "-x", "Any-Latin"]] {
		count(opaque_shell.ask) == 1 with input as _decoded2(["cat", "$(…)"], child)
	}
}

test_h12_a_decoded_assignment_names_the_variable if {
	doc := json.patch(_decoded2(["x"], ["iconv", "-t", "ascii//TRANSLIT"]), [{"op": "replace", "path": "/facts/shell/segments/0/argv", "value": []}])
	some msg in opaque_shell.ask with input as doc
	startswith(msg, "A variable gets a value computed by decoding text")
}

test_h12_computed_arguments_that_do_not_decode_pass if {
	count(opaque_shell.ask) == 0 with input as _decoded2(["cat", "$(…)"], ["base64"])
	count(opaque_shell.ask) == 0 with input as _decoded2(["echo", "$(…)"], ["base64", "-d"])
}

test_computed_names_and_links_in_inline_code_are_explained if {
	base := data.claude_rego.lib.testing.bash("node -e x", [data.claude_rego.lib.testing.seg(0, ["node", "-e", "x"])], [])
	every reason in ["interpreter_computed_name", "interpreter_link_write"] {
		doc := json.patch(base, [{"op": "replace", "path": "/facts/shell/opaque", "value": true}, {"op": "replace", "path": "/facts/shell/opaque_reasons", "value": [reason]}])
		some msg in opaque_shell.ask with input as doc
		contains(msg, opaque_shell.reasons[reason])
	}
}

test_page_code_marks_are_explained if {
	base := data.claude_rego.lib.testing.bash("node -e x", [data.claude_rego.lib.testing.seg(0, ["node", "-e", "x"])], [])
	every reason in ["page_secret_sent", "page_data_sent", "page_secret_read", "page_remote_script", "browser_internal"] {
		doc := json.patch(base, [{"op": "replace", "path": "/facts/shell/opaque", "value": true}, {"op": "replace", "path": "/facts/shell/opaque_reasons", "value": [reason]}])
		some msg in opaque_shell.ask with input as doc
		contains(msg, opaque_shell.reasons[reason])
	}
}
