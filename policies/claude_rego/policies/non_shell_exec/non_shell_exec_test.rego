package claude_rego.policies.non_shell_exec_test

import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.mcp_exec
import data.claude_rego.lib.testing.path
import data.claude_rego.policies.non_shell_exec
import rego.v1

# an MCP tool `name` whose input `tool_input` runs `command` from `field`, parsed cleanly
_run(name, tool_input, field, command) := mcp_exec(name, tool_input, [{"field": field, "command": command}], cmd(split(command, " ")))

_with_words(doc, words, server) := object.union(doc, {"facts": {"effects": {"words": words, "server_words": server}}})

asked(doc) if count(non_shell_exec.ask) > 0 with input as doc

judged(doc) if count(non_shell_exec.ask) == 0 with input as doc

# --- commands the shell rules judge: no ask of this policy ------------------------------

test_shell_command_fields_are_left_to_the_shell_rules if {
	judged(_run("mcp__desktop-commander__execute_command", {"command": "npm test"}, "command", "npm test"))
	judged(_run("mcp__aws__call_aws", {"cli_command": "aws s3 ls"}, "cli_command", "aws s3 ls"))
	judged(_run("mcp__x__run", {"cliCommand": "git status"}, "cliCommand", "git status"))
	judged(_run("mcp__x__exec", {"cmd": "git log --oneline"}, "cmd", "git log --oneline"))
	judged(_run("mcp__x__exec", {"argv": ["ls", "-la"]}, "argv", "ls -la"))
	judged(_run("mcp__x__run", {"command": "npm", "args": ["test"]}, "args", "npm test"))
	judged(_run("mcp__x__run", {"options": {"shell_command": "make"}}, "options.shell_command", "make"))
	judged(_run("mcp__x__run", {"command": "make build", "shell": "/bin/bash"}, "command", "make build"))
}

# fields named for what runs them (a shell's name, a CI step's `run`, an `exec` field): command lines
test_fields_named_for_a_shell_or_a_run_step_are_command_lines if {
	judged(_run("mcp__x__y", {"bash": "npm test"}, "bash", "npm test"))
	judged(_run("mcp__x__y", {"sh": "ls -la"}, "sh", "ls -la"))
	judged(_run("mcp__ci__trigger", {"steps": [{"run": "npm ci"}]}, "steps[0].run", "npm ci"))
	judged(_run("mcp__x__y", {"exec": "make"}, "exec", "make"))
	judged(_run("mcp__x__y", {"cmdline": "git status"}, "cmdline", "git status"))
	# PowerShell is no POSIX shell: its field still asks
	asked(_run("mcp__x__y", {"pwsh": "Get-ChildItem"}, "pwsh", "Get-ChildItem"))
}

test_keys_typed_into_a_terminal_are_shell if {
	judged(_with_words(_run("mcp__tmux__send_keys", {"keys": "git status Enter"}, "keys", "git status"), ["keys", "send"], ["tmux"]))
	judged(_with_words(_run("mcp__terminal__type", {"text": ["git diff"]}, "text[0]", "git diff"), ["type"], ["terminal"]))
}

test_shell_tools_and_calls_without_commands_are_not_asked if {
	judged(cmd(["python3", "-c", "print(1)"]))
	judged(mcp_exec("mcp__github__get_issue", {"number": 1}, [], cmd(["x"])))
}

test_a_working_directory_inside_the_project_is_judged if {
	doc := _run("mcp__x__execute_command", {"command": "make", "cwd": "frontend"}, "command", "make")
	judged(object.union(doc, {"facts": {"paths": [object.union(path("frontend", "/home/dev/project/frontend", true), {"source": "tool_input", "field": "cwd"})]}}))
}

test_localhost_is_judged if {
	judged(_run("mcp__ssh__exec", {"host": "localhost", "command": "uptime"}, "command", "uptime"))
}

# --- what the shell rules cannot judge: asked ------------------------------------------

test_code_of_another_language_asks if {
	asked(_run("mcp__code-runner__run_code", {"language": "python", "code": "print(1)"}, "code", "print(1)"))
	asked(_run("mcp__x__run", {"source": "import os"}, "source", "import os"))
	asked(_run("mcp__x__run", {"expression": "1+1"}, "expression", "1+1"))
	asked(_run("mcp__x__run", {"command": "python3", "stdin": "print(1)"}, "stdin", "print(1)"))
	# a field that is no command key, even in a nested object
	asked(_run("mcp__x__run", {"step": {"program": "ls"}}, "step.program", "ls"))
}

test_interpreter_browser_and_database_tools_ask if {
	asked(_with_words(_run("mcp__repl__execute", {"command": "ls"}, "command", "ls"), ["execute"], ["repl"]))
	asked(_with_words(_run("mcp__puppeteer__puppeteer_evaluate", {"script": "document.title"}, "script", "document.title"), ["evaluate", "puppeteer"], ["puppeteer"]))
	asked(_with_words(_run("mcp__mongo__command", {"script": "db.x.find()"}, "script", "db.x.find()"), ["command"], ["mongo"]))
	asked(_with_words(_run("mcp__x__run_python", {"script": "print(1)"}, "script", "print(1)"), ["run", "python"], ["x"]))
}

test_a_language_or_shell_other_than_posix_sh_asks if {
	asked(_run("mcp__x__run", {"language": "python", "command": "print(1)"}, "command", "print(1)"))
	asked(_run("mcp__x__run", {"shell": "powershell", "command": "ls"}, "command", "ls"))
	asked(_run("mcp__x__run", {"Interpreter": "node", "command": "ls"}, "command", "ls"))
}

test_unreadable_parses_ask if {
	base := _run("mcp__x__execute_command", {"command": "eval $X"}, "command", "eval $X")
	asked(object.union(base, {"facts": {"shell": {"opaque": true, "opaque_reasons": ["eval"]}}}))
	asked(object.union(base, {"facts": {"shell": {"error": "unbalanced quotes"}}}))
	asked(object.union(base, {"facts": {"shell": null}}))
}

test_cut_input_asks if {
	base := _run("mcp__x__execute_command", {"command": "ls"}, "command", "ls")
	asked(object.union(base, {"facts": {"effects": {"truncated": true}}}))
	asked(object.union(base, {"facts": {"truncated": ["hook.tool_input.command"]}}))
	judged(object.union(base, {"facts": {"truncated": ["hook.tool_response.stdout"]}}))
}

test_another_directory_or_machine_asks if {
	asked(_run("mcp__x__execute_command", {"command": "rm -rf .ssh", "cwd": "/home/dev"}, "command", "rm -rf .ssh"))
	asked(_run("mcp__x__execute_command", {"command": "ls", "working_directory": "../other"}, "command", "ls"))
	# another machine or container: judged like `ssh HOST CMD` / `docker exec` in Bash (session 27)
	judged(_run("mcp__ssh__exec", {"host": "prod-db-1", "command": "uptime"}, "command", "uptime"))
	judged(_run("mcp__docker__exec", {"container": "web", "command": "ls"}, "command", "ls"))
	judged(_run("mcp__k8s__exec", {"podName": "api-0", "command": "ls"}, "command", "ls"))
}

test_message_names_the_tool_and_clips_long_commands if {
	long := concat("", [x | some _ in numbers.range(1, 300); x := "a"])
	some msg in non_shell_exec.ask with input as _run("mcp__x__run", {"code": long}, "code", long)
	contains(msg, "`mcp__x__run`")
	contains(msg, "…")
}

test_a_command_list_that_may_be_command_lines_asks if {
	asked(_run("mcp__x__run", {"cmd": ["ls", "x; rm -rf ~"]}, "cmd", "ls 'x; rm -rf ~'"))
	asked(_run("mcp__x__run", {"command": ["echo", "a && b"]}, "command", "echo 'a && b'"))
	# [sh, -c, SCRIPT] is read as the shell reads it; argv keys are argv
	judged(_run("mcp__x__run", {"cmd": ["bash", "-lc", "npm ci && npm test"]}, "cmd", "bash -lc 'npm ci && npm test'"))
	judged(_run("mcp__x__run", {"argv": ["grep", "-E", "a|b", "f"]}, "argv", "grep -E a|b f"))
	judged(_run("mcp__x__run", {"cmd": ["git", "commit", "-m", "fix the bug"]}, "cmd", "git commit -m 'fix the bug'"))
	# a plural key is a list of command lines, each parsed by the facts layer
	judged(mcp_exec("mcp__x__run", {"commands": ["npm ci", "npm run build && npm test"]}, [{"field": "commands[0]", "command": "npm ci"}, {"field": "commands[1]", "command": "npm run build && npm test"}], cmd(["npm", "ci"])))
}

test_nested_settings_count_too if {
	asked(_run("mcp__x__execute_command", {"command": "rm -rf .ssh", "options": {"cwd": "/home/dev"}}, "command", "rm -rf .ssh"))
	judged(_run("mcp__x__run", {"command": "ls", "target": {"host": "prod-1"}}, "command", "ls"))
	judged(_run("mcp__x__run", {"command": "ls", "target": {"host": "127.0.0.1"}}, "command", "ls"))
}

test_the_environment_line_is_shell if {
	doc := mcp_exec("mcp__x__run", {"command": "npm test", "env": {"CI": "true"}}, [{"field": "env", "command": "export CI=true"}, {"field": "command", "command": "npm test"}], cmd(["npm", "test"]))
	judged(doc)
}

test_odd_values_never_raise if {
	asked(_run("mcp__x__run", {"cmd": [1, "a; b"], "shell": 3, "language": ["x"], "cwd": {"a": 1}}, "cmd", "1 'a; b'"))
	judged(_run("mcp__x__run", {"cmd": [true, null, 2.5], "host": 7}, "cmd", "x"))
}

# --- programs with their argument lists, argument lists without a program ----------------

_argv_run(name, tool_input, field, command, extra) := mcp_exec(name, tool_input, [object.union({"field": field, "command": command, "argv": true}, extra)], cmd(split(command, " ")))

test_a_program_and_its_argument_list_are_a_command_line if {
	# a field the walker built from a program and its argument list, under any key name
	judged(_argv_run("mcp__ops__launch", {"bin": "pytest", "params": ["-q"]}, "params", "pytest -q", {"program": "pytest"}))
	judged(_argv_run("mcp__proc__spawn", {"executable": "git", "program_args": ["status"]}, "program_args", "git status", {"program": "git"}))
	# a tool named for an interpreter or a data store, given a named program: judged like Bash's
	judged(_with_words(_argv_run("mcp__redis__redis_cli", {"args": ["GET", "k"]}, "args", "redis-cli GET k", {"program": "redis-cli", "implied": true}), ["redis", "cli"], ["redis"]))
	judged(_with_words(_argv_run("mcp__node__spawn", {"command": "node", "args": ["-v"]}, "args", "node -v", {"program": "node"}), ["spawn"], ["node"]))
}

test_a_bare_argument_list_in_an_interpreter_tool_still_asks if {
	asked(_with_words(_argv_run("mcp__jupyter__run", {"args": ["import os"]}, "args", "import os", {}), ["run"], ["jupyter"]))
}

_unknown(name, tool_input, entries) := object.union(mcp_exec(name, tool_input, [], cmd(["x"])), {"facts": {"effects": {"argv_unknown": entries}}})

test_an_argument_list_without_a_program_asks_on_a_destroy_verb if {
	asked(_unknown("mcp__cli__invoke", {"args": ["delete", "namespace", "production"]}, [{"field": "args", "words": ["delete", "namespace", "production"]}]))
	asked(_unknown("mcp__ops__cli", {"command": "uninstall payments"}, [{"field": "command", "words": ["uninstall", "payments"]}]))
	asked(_unknown("mcp__x__tool", {"argv": ["nuke", "stack"]}, [{"field": "argv", "words": ["nuke", "stack"]}]))
	some msg in non_shell_exec.ask with input as _unknown("mcp__cli__invoke", {"args": ["destroy"]}, [{"field": "args", "words": ["destroy"]}])
	contains(msg, "cannot be told")
}

test_an_argument_list_without_a_program_or_a_destroy_verb_passes if {
	judged(_unknown("mcp__cli__invoke", {"args": ["--version"]}, [{"field": "args", "words": []}]))
	judged(_unknown("mcp__tool__run_cli", {"argv": ["list", "--json"]}, [{"field": "argv", "words": ["list"]}]))
	judged(_unknown("mcp__issues__create_issue", {"args": ["a", "b"]}, [{"field": "args", "words": ["a", "b"]}]))
	# malformed facts never raise
	judged(_unknown("mcp__x__y", {}, [{"field": "args", "words": "delete"}, {"field": "args", "words": [1, null]}]))
}

# --- shell text read out of a tool's text (notebook escapes, a subagent's prompt) --------

_tool_text(tool, class, tool_input, execs, doc) := object.union(mcp_exec(tool, tool_input, execs, doc), {"facts": {"tool": {"name": tool, "class": class, "mcp": null}}})

test_shell_text_read_out_of_a_tools_text_is_shell if {
	judged(_tool_text("NotebookEdit", "file-write", {"new_source": "!pytest -q"}, [{"field": "new_source", "command": "( pytest -q )", "shell": true}], cmd(["pytest", "-q"])))
	judged(_tool_text("Task", "agent", {"prompt": "Run `npm test`"}, [{"field": "prompt", "command": "npm test", "shell": true, "mention": false}], cmd(["npm", "test"])))
	asked(_tool_text("NotebookEdit", "file-write", {"new_source": "x"}, [{"field": "new_source", "command": "x"}], cmd(["x"])))
}

test_commands_a_prompt_only_mentions_are_not_run if {
	doc := object.union(_tool_text("Task", "agent", {"prompt": "Explain `make x`"}, [{"field": "prompt", "command": "make x", "shell": true, "mention": true}], cmd(["true"])), {"facts": {"shell": null}})
	judged(doc)
}

# --- session 25: a notebook kernel's cell, read as shell lines and python3 -c ---------------

test_a_notebook_kernels_cell_read_as_shell_is_not_another_language if {
	doc := mcp_exec("mcp__jupyter__execute_cell", {"code": "!ls -la"}, [{"field": "code", "command": "ls -la", "shell": true}], cmd(["ls", "-la"]))
	judged(_with_words(doc, ["execute", "cell"], ["jupyter"]))
	py := mcp_exec("mcp__jupyter__execute_cell", {"code": "df.describe()"}, [{"field": "code", "command": "python3 -c 'df.describe()'", "argv": true, "program": "python3"}], cmd(["python3", "-c", "df.describe()"]))
	judged(_with_words(py, ["execute", "cell"], ["jupyter"]))
}

test_a_kernels_raw_code_still_asks if {
	doc := mcp_exec("mcp__jupyter__execute_cell", {"code": "df.describe()"}, [{"field": "code", "command": "df.describe()"}], cmd(["df.describe()"]))
	asked(_with_words(doc, ["execute", "cell"], ["jupyter"]))
}

# the steps of a CI/CD run a tool triggers (facts: `ci`): their image and working directory are the runner's
test_ci_run_steps_image_and_workdir_are_not_asked if {
	doc := _ci_doc(true)
	count(non_shell_exec.ask) == 0 with input as doc
}

test_non_ci_image_and_workdir_still_ask if {
	doc := _ci_doc(false)
	count(non_shell_exec.ask) >= 1 with input as doc
}

_ci_doc(ci) := {
	"hook": {"tool_name": "mcp__argo__submit_workflow", "tool_input": {"image": "node:20", "workingDir": "/src", "command": "npm test"}},
	"facts": {
		"tool": {"name": "mcp__argo__submit_workflow", "class": "mcp"},
		"paths": [], "truncated": [],
		"shell": {"segments": [], "opaque": false, "opaque_reasons": [], "error": null},
		"effects": {"exec": [{"field": "command", "command": "npm test", "shell": true, "ci": ci}], "words": ["submit", "workflow"], "server_words": ["argo"], "truncated": false, "argv_unknown": [], "network": [], "sql": []},
	},
}
