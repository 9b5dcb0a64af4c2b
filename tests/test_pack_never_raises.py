"""The default pack never raises on attacker-controlled strings (issue 12, item 3).

regorus stops the WHOLE query on a builtin error (engine-notes), so one `glob.match`
on an unclosed `[` turned every ordinary `python3 -c "print([1])"` into the failure
answer. These property tests throw random shell words and tool inputs (brackets,
braces, backslashes, quotes, Unicode, NUL, very long words, glob characters) through
the real pipeline (real parser, real facts, every routed policy) on every tool event,
and require that no evaluation fails. Deterministic (derandomized) so a failure is
reproducible; CLAUDE_REGO_FUZZ_EXAMPLES raises the number of examples.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("hypothesis")
pytest.importorskip("claude_rego.api")

from claude_rego.api import decide_hook
from conftest import hook_input
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

ENV = {"HOME": "/home/dev", "CLAUDE_PROJECT_DIR": "/home/dev/project", "USER": "dev"}
EXAMPLES = int(os.environ.get("CLAUDE_REGO_FUZZ_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))

# Characters that are special to shells, globs, regexes, JSON pointers or paths.
SPECIAL = list("[]{}()\\'\"`$*?!^~/.,:;=@#%&|<>-+ \t\n") + ["\0", "\u00a0", "é", "ｅ", "\u202e", "🙂", "\ud7ff"]
FRAGMENTS = [
    "[", "]", "{", "}", "\\", "[z-a]", "[!]", "[]", "[^]", "{a,{b}", "a[b", "*?[!]", "**", "\0", "~", "~+", "~root",
    "$", "${", "${X%/*}", "$(", "`", "'", '"', ".env", ".e*", "~/.a*/*", "~/.[s]sh", "/proc/self/environ",
    "-rf", "--", "/", "//", "..", "../..", "x" * 5000, "[" * 300, "a" * 70000, "file://", "http://a:b@c/",
    "%", "%zz", "%2F", "/e[tc", "\\u0000", "ｅｎｖ", "İ", "ß", "\u0085",
]
PROGRAMS = [
    "", "cat", "rm -rf", "grep -rn", "python3 -c", "node -e", "jq -c", "git commit -m", "git push -f origin", "tar czf x.tgz",
    "find . -name", "echo", "printf", "cp", "mv", "sed -i", "curl -o", "wget -O", "chmod -R 777", "sudo", "bash -c",
    "env", "xargs rm -rf", "dd of=", "ln -s", "cd", "export X=", "kubectl get secret", "ps e", "printenv", "rg",
]

word = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.text(alphabet=st.sampled_from(SPECIAL + list("abcxyz019")), max_size=24),
    st.text(max_size=16),
)
command = st.builds(lambda prog, words, joiner: prog + " " + joiner.join(words),
                    st.sampled_from(PROGRAMS), st.lists(word, max_size=8),
                    st.sampled_from([" ", " | ", "; ", " && ", "\n", " > ", " $(", " <<< ", "/"]))
json_value = st.recursive(
    st.one_of(word, st.integers(-2**70, 2**70), st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False)),
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.one_of(word, st.sampled_from(
                                   ["path", "file_path", "paths", "url", "command", "cmd", "destination", "glob",
                                    "source", "uri", "filename", "text", "content", "stdout"])), children, max_size=4)),
    max_leaves=12,
)
TOOLS = ["Read", "Write", "Edit", "Grep", "Glob", "LS", "WebFetch", "NotebookEdit", "BashOutput", "Task", "Agent",
         "mcp__filesystem__read_file", "mcp__filesystem__write_file", "mcp__shell__execute_command",
         "mcp__x__do_thing", "RenamedTool"]


def _ok(payload: dict) -> None:
    out, code, decision = decide_hook(payload, environ=ENV)
    text = str(out)
    assert decision is not None and "policy evaluation failed" not in text, (payload, out)
    assert code in (0, 2)


@SETTINGS
@given(command)
def test_random_shell_commands_never_fail_the_pack(cmd):
    for event in ("PreToolUse", "PermissionRequest"):
        _ok(hook_input(event, tool_name="Bash", cwd="/home/dev/project",
                       tool_input={"command": cmd, "description": "x"}))


@SETTINGS
@given(st.sampled_from(TOOLS), st.dictionaries(st.sampled_from(
    ["file_path", "path", "pattern", "glob", "output_mode", "url", "command", "paths", "destination",
     "content", "old_string", "new_string", "notebook_path", "cmd", "source", "uri", "options", "new_source",
     "prompt", "mode"]),
    json_value, max_size=5))
def test_random_tool_inputs_never_fail_the_pack(tool, tool_input):
    # Claude Code validates its own tools' input schemas: a shell tool's `command` is a
    # string (a non-string one fails closed in destructive_shell's fork-bomb rule)
    assume(tool != "BashOutput" or isinstance(tool_input.get("command", ""), str))
    _ok(hook_input("PreToolUse", tool_name=tool, cwd="/home/dev/project", tool_input=tool_input))


@SETTINGS
@given(st.sampled_from(TOOLS + ["Bash"]), json_value)
def test_random_tool_outputs_never_fail_the_pack(tool, response):
    _ok(hook_input("PostToolUse", tool_name=tool, cwd="/home/dev/project", tool_input={}, tool_response=response))


_CELL_LINE = st.one_of(st.sampled_from(["!", "!!", "%%bash", "%%sh", "%%script bash", "%%writefile x", "%%capture",
                                         "%cd ", "%env ", "%load ", "%run ", "%sx ", "x = !", "rm -rf ", "`", "```",
                                         "```bash", "$ ", "~~~"]), word)


@SETTINGS
@given(st.lists(st.lists(_CELL_LINE, max_size=4).map("".join), max_size=6).map("\n".join))
def test_random_notebook_cells_and_subagent_prompts_never_fail_the_pack(text):
    for event in ("PreToolUse", "PermissionRequest"):
        _ok(hook_input(event, tool_name="NotebookEdit", cwd="/home/dev/project",
                       tool_input={"notebook_path": "/home/dev/project/a.ipynb", "new_source": text, "cell_type": "code"}))
        _ok(hook_input(event, tool_name="Task", cwd="/home/dev/project",
                       tool_input={"description": "x", "prompt": text, "subagent_type": "general-purpose"}))


@SETTINGS
@given(st.lists(word, max_size=10).map(" ".join))
def test_random_prompts_never_fail_the_pack(prompt):
    _ok(hook_input("UserPromptSubmit", cwd="/home/dev/project", prompt=prompt))


@pytest.mark.parametrize("cmd", [
    'python3 -c "print(sum([1,2,3]))"', "jq -c '[.a, .b]' data.json", "pytest 'tests/test_x.py::test_param[a,b]'",
    'git commit -m "handle a[i,j]"', "grep -rn 'items[' src/", "rm -rf /e[tc", "cat .[e", "ls {a", "echo a}b",
    "cat a\\", "rm -rf ./x[", "cp a[ /tmp/", "cat ~/.a[/x", "echo '\u0000'",
])
def test_reported_words_never_fail_the_pack(cmd):
    _ok(hook_input("PreToolUse", tool_name="Bash", cwd="/home/dev/project",
                   tool_input={"command": cmd, "description": "x"}))


def test_nul_in_a_pushed_branch_name_does_not_fail_the_pack():
    _ok(hook_input("PreToolUse", tool_name="Bash", cwd="/home/dev/project",
                   tool_input={"command": "git push -f origin \0", "description": "x"}))
