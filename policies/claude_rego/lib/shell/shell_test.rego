package claude_rego.lib.shell_test

import data.claude_rego.lib.shell
import data.claude_rego.lib.testing.vars
import data.claude_rego.lib.testing.bash
import data.claude_rego.lib.testing.cmd
import data.claude_rego.lib.testing.pipe
import data.claude_rego.lib.testing.seg
import data.claude_rego.lib.testing.sub
import data.claude_rego.lib.testing.then
import rego.v1

test_name_lowercases_resolves_and_unwraps_multicall if {
	shell.name(seg(0, ["/bin/RM", "-rf"])) == "rm"
	shell.name(sub(0, ["$a", "x"], {"resolved_argv": ["rm", "x"], "resolved_command": "rm"})) == "rm"
	shell.name(seg(0, ["busybox", "rm", "-rf", "/"])) == "rm"
	shell.args(seg(0, ["busybox", "rm", "-rf", "/"])) == ["-rf", "/"]
	shell.name(vars(0, {"x": "1"})) == ""
}

test_args_expand_known_variables if {
	doc := bash("x=/; y=a; rm -rf $x ${y}b $z", [vars(0, {"x": "/"}), vars(1, {"y": "a"}), then(2, ["rm", "-rf", "$x", "${y}b", "$z", "$HOME/x"], ";")], [])
	shell.args(shell.segments[2]) == ["-rf", "/", "ab", "$z", "/home/dev/x"] with input as doc
}

# a name assigned in more than one place is unknown at every use (h12-ca): which value
# reaches a use depends on what ran, so the rules see the unresolved `$x` and ask
test_a_name_assigned_twice_is_unknown if {
	doc := bash("x=a; x=b; echo $x", [vars(0, {"x": "a"}), vars(1, {"x": "b"}), then(2, ["echo", "$x"], ";")], [])
	shell.args(shell.segments[2]) == ["$x"] with input as doc
}

test_an_assignment_that_may_not_run_is_unknown if {
	after_and := bash("false && D=/tmp/x; rm -rf $D", [seg(0, ["false"]), sub(1, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "assignments": {"D": "/tmp/x"}, "operator": "&&"}), then(2, ["rm", "-rf", "$D"], ";")], [])
	shell.args(shell.segments[2]) == ["-rf", "$D"] with input as after_and
	in_body := bash("case $1 in a) D=/tmp/x;; esac; rm -rf $D", [sub(0, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "assignments": {"D": "/tmp/x"}, "conditional": true}), then(1, ["rm", "-rf", "$D"], ";")], [])
	shell.args(shell.segments[1]) == ["-rf", "$D"] with input as in_body
	in_subshell := bash("(D=/tmp/x); rm -rf $D", [sub(0, [""], {"argv": [], "command": "", "args": [], "raw_words": [], "assignments": {"D": "/tmp/x"}, "context": "subshell", "depth": 1}), then(1, ["rm", "-rf", "$D"], ";")], [])
	shell.args(shell.segments[1]) == ["-rf", "$D"] with input as in_subshell
	later := bash("rm -rf $D; D=/tmp/x", [seg(0, ["rm", "-rf", "$D"]), vars(1, {"D": "/tmp/x"})], [])
	shell.args(shell.segments[0]) == ["-rf", "$D"] with input as later
}

test_one_sure_assignment_is_known if {
	doc := bash("D=/tmp/x; [ x ] && ls; rm -rf $D", [vars(0, {"D": "/tmp/x"}), then(1, ["[", "x", "]"], ";"), then(2, ["ls"], "&&"), then(3, ["rm", "-rf", "$D"], ";")], [])
	shell.args(shell.segments[3]) == ["-rf", "/tmp/x"] with input as doc
}

test_positional_parameters_of_sh_c if {
	doc := bash("sh -c 'rm $1' zero one", [seg(0, ["sh", "-c", "rm $1", "zero", "one"]), sub(1, ["rm", "$1", "$0"], {"parent": 0, "context": "shell_c", "depth": 1})], [])
	shell.args(shell.segments[1]) == ["one", "zero"] with input as doc
}

test_norm_collapses_dots_and_slashes if {
	shell.norm("/a/b/../c") == "/a/c"
	shell.norm("/a/./b//c/") == "/a/b/c"
	shell.norm("/a/b/../../..") == "/"
	shell.norm("/home/dev/project/build/../..") == "/home/dev"
	shell.norm("/") == "/"
}

test_cwd_follows_cd if {
	doc := bash("cd /etc; cd ..; cd x; ls", [seg(0, ["cd", "/etc"]), then(1, ["ls"], ";"), then(2, ["cd", ".."], ";"), then(3, ["ls"], ";")], [])
	shell.cwd_at(shell.segments[1]) == "/etc" with input as doc
	shell.cwd_at(shell.segments[3]) == "/" with input as doc
	home := bash("cd; ls", [seg(0, ["cd"]), then(1, ["ls"], ";")], [])
	shell.cwd_at(shell.segments[1]) == "/home/dev" with input as home
	unknown := bash("cd $X; ls", [seg(0, ["cd", "$X"]), then(1, ["ls"], ";")], [])
	shell.cwd_at(shell.segments[1]) == "?" with input as unknown
	shell.cwd_at(seg(0, ["ls"])) == "/home/dev/project" with input as cmd(["ls"])
}

test_lexical_locations if {
	shell.lexical(seg(0, ["x"]), "build/../..") == "/home/dev" with input as cmd(["x"])
	shell.lexical(seg(0, ["x"]), "~/.ssh") == "/home/dev/.ssh" with input as cmd(["x"])
	shell.lexical(seg(0, ["x"]), "~bob") == "/home/bob" with input as cmd(["x"])
	shell.lexical(seg(0, ["x"]), "$PWD/a") == "/home/dev/project/a" with input as cmd(["x"])
	shell.lexical(seg(0, ["x"]), "$UNKNOWN/a") == "?" with input as cmd(["x"])
}

test_upstream_follows_pipes_not_sequences if {
	doc := bash("a | b; c | d", [seg(0, ["a"]), pipe(1, ["b"], 0), then(2, ["c"], ";"), pipe(3, ["d"], 2)], [])
	shell.upstream(shell.segments[0], shell.segments[1]) with input as doc
	not shell.upstream(shell.segments[0], shell.segments[3]) with input as doc
	shell.upstream(shell.segments[2], shell.segments[3]) with input as doc
}

test_upstream_from_inside_a_subshell if {
	doc := bash("(a; b) | c", [sub(0, ["a"], {"context": "subshell", "depth": 1}), sub(1, ["b"], {"context": "subshell", "depth": 1, "operator": ";"}), sub(2, ["c"], {"operator": "|", "pipeline": 5})], [])
	shell.upstream(shell.segments[0], shell.segments[2]) with input as doc
}

test_stdin_exec if {
	every argv in [["sh"], ["bash", "-"], ["bash", "-s", "--", "--flag"], ["bash", "-e"], ["bash", "-o", "pipefail"], ["python3"], ["python3", "-"], ["perl"], ["node"], ["ruby", "-w"], ["source", "/dev/stdin"]] {
		shell.stdin_exec(seg(0, argv))
	}
	every argv in [["sh", "script.sh"], ["bash", "-c", "ls"], ["bash", "-lc", "ls"], ["python3", "-m", "json.tool"], ["python3", "-c", "x"], ["node", "-e", "x"], ["perl", "-ne", "print"], ["jq", "."], ["source", "env.sh"]] {
		not shell.stdin_exec(seg(0, argv))
	}
}

test_family if {
	shell.family(seg(0, ["python3.12"])) == "python"
	shell.family(seg(0, ["/usr/bin/zsh"])) == "shell"
	shell.family(seg(0, ["jq"])) == ""
}

test_option_value if {
	shell.option_value(seg(0, ["curl", "-o", "out", "x"]), {"-o", "--output"}) == "out"
	shell.option_value(seg(0, ["curl", "--output=out", "x"]), {"-o", "--output"}) == "out"
}

test_substitution_placeholders if {
	every word in ["$(…)", "`…`", "<(…)", ">(…)", "a$(…)b"] {
		shell.substitution(word)
	}
	not shell.substitution("plain")
}

test_cd_through_a_symlink_lands_where_it_leads if {
	doc := {"facts": {
		"cwd": "/home/dev/project", "home": "/home/dev", "project_dir": "/home/dev/project",
		"paths": [{"raw": "r/etc", "absolute": "/home/dev/project/r/etc", "resolved": "/etc", "via_symlink": true, "source": "argument", "segment": 1, "link_in_command": true}],
		"shell": {"segments": [
			{"id": 0, "argv": ["ln", "-s", "/", "r"], "command": "ln", "args": ["-s", "/", "r"], "wrappers": [], "assignments": {}, "redirects": [], "context": "top", "depth": 0, "parent": null, "operator": null, "pipeline": 0},
			{"id": 1, "argv": ["cd", "r/etc"], "command": "cd", "args": ["r/etc"], "wrappers": [], "assignments": {}, "redirects": [], "context": "top", "depth": 0, "parent": null, "operator": ";", "pipeline": 1},
			{"id": 2, "argv": ["rm", "-rf", "x"], "command": "rm", "args": ["-rf", "x"], "wrappers": [], "assignments": {}, "redirects": [], "context": "top", "depth": 0, "parent": null, "operator": "&&", "pipeline": 2},
		]},
	}}
	data.claude_rego.lib.shell.cwd_at(doc.facts.shell.segments[2]) == "/etc" with input as doc
}

test_stdout_discarded_only_when_the_last_stdout_redirect_is_dev_null if {
	null_ := {"op": ">", "target": "/dev/null", "fd": null, "dup": false}
	shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [null_]}))
	shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [{"op": "&>", "target": "/dev/null", "fd": null, "dup": false}]}))
	shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [object.union(null_, {"fd": 1})]}))
	not shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [object.union(null_, {"fd": 2})]}))
	not shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [null_, {"op": ">&", "target": "2", "fd": null, "dup": true}]}))
	not shell.stdout_discarded(sub(0, ["echo", "x"], {"redirects": [null_, {"op": ">", "target": "out.txt", "fd": null, "dup": false}]}))
	not shell.stdout_discarded(seg(0, ["echo", "x"]))
}

test_script_is_the_command_a_call_runs if {
	shell.script == "ls -la" with input as cmd(["ls", "-la"])
	shell.script == "ls -la" with input as {"hook": {"tool_input": {"command": "ls -la"}}, "facts": {}}
	mcp := {"hook": {"tool_input": {"cmd": "a"}}, "facts": {"tool": {"class": "mcp"}, "effects": {"exec": [{"field": "cmd", "command": "a"}, {"field": "args", "command": "b c"}]}}}
	shell.script == "a\nb c" with input as mcp
}

test_script_of_a_non_shell_tool_is_never_its_command_field if {
	# a file tool's `command` (str_replace_based_edit_tool {"command": "view"}) runs nothing unless it is an exec effect
	not shell.script with input as {"hook": {"tool_input": {"command": "rm -rf ~"}}, "facts": {"tool": {"class": "mcp"}, "effects": {"exec": []}}}
	not shell.script with input as {"hook": {"tool_input": {"command": "rm -rf ~"}}, "facts": {"tool": {"class": "other"}}}
}

test_s29_mode_operands_read_a_minus_mode_as_the_mode if {
	shell.mode_operands(seg(0, ["chmod", "-x", "/usr/bin/python3"])) == ["-x", "/usr/bin/python3"]
	shell.mode_operands(seg(0, ["chmod", "-R", "-x", "~"])) == ["-x", "~"]
	shell.mode_operands(seg(0, ["chmod", "-w,o+r", "f", "g"])) == ["-w,o+r", "f", "g"]
	shell.mode_operands(seg(0, ["chmod", "-R", "a-x", "build"])) == ["a-x", "build"]
	shell.mode_operands(seg(0, ["chmod", "755", "f"])) == ["755", "f"]
	shell.mode_operands(seg(0, ["chown", "-R", "u", "d"])) == ["u", "d"]
}
