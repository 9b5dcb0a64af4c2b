"""`claude-rego check`: each class of problem that would fail (or silently pass) at decision time."""

from __future__ import annotations

import json
import re

import pytest

from claude_rego import policyset
from claude_rego.check import check, errors, literal_depth
from conftest import cli

HEADER = "package claude_rego.policies.p\n\nimport rego.v1\n\n"


def findings_for(tmp_path, body: str, *, header: str = HEADER, name: str = "p.rego", **kwargs):
    (tmp_path / name).write_text(header + body)
    return check([str(tmp_path)], **kwargs)


def codes(findings) -> list[str]:
    return [f["code"] for f in findings]


def test_the_default_pack_is_clean():
    assert check([policyset.default_pack_dir()]) == []


def test_parse_errors_name_file_and_line(tmp_path):
    (found,) = findings_for(tmp_path, "deny contains \"x\" if {\n")
    assert found["code"] == "parse" and found["file"].endswith("p.rego") and found["line"] == 6


def test_unknown_function_in_a_rule_no_query_reaches(tmp_path):
    found = findings_for(tmp_path, "helper := x if { x := no_such_fn(input.hook) }\n")
    assert codes(found) == ["unknown-function"] and found[0]["line"] == 5


def test_direct_and_mutual_recursion(tmp_path):
    found = findings_for(tmp_path, "f(x) := f(x)\n\na if b\n\nb if a\n")
    messages = [f["message"] for f in found if f["code"] == "recursion"]
    assert len(messages) == 2
    assert any("p.f → claude_rego.policies.p.f" in m for m in messages)
    assert any(".a → claude_rego.policies.p.b" in m for m in messages)


def test_deep_literal_nesting_is_refused_before_parsing(tmp_path):
    deep = "[" * 20 + "1" + "]" * 20
    found = findings_for(tmp_path, f"x := {deep}\n")
    assert codes(found) == ["literal-depth"]
    assert literal_depth("x := \"[[[[\" # [[[[\n")[0] == 0  # strings and comments do not count


def test_duplicate_defaults(tmp_path):
    found = findings_for(tmp_path, "default x := 1\n\ndefault x := 2\n")
    assert codes(found) == ["duplicate-default"] and found[0]["line"] == 7


def test_input_path_typos_are_caught(tmp_path):
    found = findings_for(tmp_path, "deny contains \"x\" if input.facts.shell.segmnts[_].command == \"rm\"\n"
                                   "ask contains \"y\" if input.fact.event == \"Stop\"\n")
    assert codes(found) == ["input-path", "input-path"]
    assert "segmnts" in found[0]["message"]


def test_valid_input_paths_pass(tmp_path):
    found = findings_for(tmp_path, "deny contains \"x\" if {\n\tinput.facts.tool.class == \"shell\"\n"
                                   "\tinput.hook.anything.goes\n\tinput.facts.paths[_].resolved_inside_project\n}\n")
    assert found == []


def test_verbs_on_events_that_cannot_carry_them(tmp_path):
    meta = "# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [SessionStart]\n"
    found = findings_for(tmp_path, "deny contains \"x\" if true\n\ncontext contains \"c\" if true\n",
                         header=meta + HEADER)
    assert codes(found) == ["verb-event"] and "`deny`" in found[0]["message"]


def test_unknown_routing(tmp_path):
    meta = ("# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [PreToolUse, FutureEvent]\n"
            "#     tool_classes: [shel]\n#     tools: [Bassh]\n")
    found = findings_for(tmp_path, "deny contains \"x\" if true\n", header=meta + HEADER)
    assert sorted((f["code"], f["severity"]) for f in found) == [
        ("unknown-event", "warning"), ("unknown-tool", "warning"), ("unknown-tool-class", "error")]


def test_network_builtins_need_an_explicit_allow(tmp_path):
    body = "deny contains x if { x := http.send({\"method\": \"get\", \"url\": \"http://x\"}).body }\n"
    assert codes(findings_for(tmp_path, body)) == ["network-builtin"]
    assert findings_for(tmp_path, body, allow_network=True) == []


def test_compile_refuses_policies_that_fail_check(tmp_path):
    (tmp_path / "p.rego").write_text(HEADER + "f(x) := f(x)\n")
    with pytest.raises(policyset.PolicyError, match="recursion"):
        policyset.compile_sources([str(tmp_path)], check=True)


def test_cli_exit_codes_and_json(tmp_path):
    ok = cli("check")
    assert ok.returncode == 0 and "0 errors" in ok.stdout
    (tmp_path / "p.rego").write_text(HEADER + "default x := 1\n\ndefault x := 2\n")
    bad = cli("check", str(tmp_path), "--format", "json")
    assert bad.returncode == 1
    (finding,) = json.loads(bad.stdout)
    assert finding["code"] == "duplicate-default" and finding["line"] == 7


def test_test_command_runs_check_first(tmp_path):
    (tmp_path / "p.rego").write_text(HEADER + "f(x) := f(x)\n\ntest_x if true\n")
    result = cli("test", str(tmp_path))
    assert result.returncode == 1 and "recursion" in result.stderr and "no tests were run" in result.stderr


def test_eval_explain_names_policy_rule_and_location():
    from conftest import REPO
    proc = cli("eval", "--format", "json", str(REPO / "examples" / "PreToolUse-rm-rf.json"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["hook_output"]["hookSpecificOutput"]["permissionDecision"] == "deny"
    (deny,) = [c for c in report["contributions"] if c["rule"] == "deny"]
    assert deny["package"] == "claude_rego.policies.destructive_shell"
    assert all(site.startswith("destructive_shell.rego:") for site in deny["defined_at"])
    assert report["explanation"][0].startswith("PreToolUse Bash: deny — ")
    assert re.search(r"decided by: managed layer, policy destructive_shell, rule deny at destructive_shell.rego:\d+$",
                     report["explanation"][1])
    fired = report["explanation"][1].rsplit(" at ", 1)[1].split(", ")
    assert len(fired) < len(deny["defined_at"])  # the rule that fired, not every definition of deny
    assert report["query_document"]["facts"]["shell"]["segments"][0]["wrappers"] == ["sudo"]


def test_referencing_a_document_that_contains_the_rule_is_recursion(tmp_path):
    found = findings_for(tmp_path, "settings := object.get(data, [\"claude_rego\", \"settings\"], {})\n\n"
                                   "deny contains \"x\" if settings.on\n")
    assert codes(found) == ["recursion"] and "`data` contains this rule" in found[0]["message"]


def test_rules_read_through_a_package_import_are_flagged(tmp_path):
    """`lib.rule` through `import data.…lib` makes the embedded engine evaluate the whole
    library package; calls through the alias, full paths, rule imports and tests are fine."""
    (tmp_path / "lib.rego").write_text("package claude_rego.lib.l\n\nimport rego.v1\n\n"
                                       "names := {s | some s in input.xs}\n\nf(x) if x == 1\n")
    header = ("package claude_rego.policies.p\n\nimport data.claude_rego.lib.l\nimport data.claude_rego.lib.l.names\n"
              "import rego.v1\n\n")
    found = findings_for(tmp_path, 'deny contains "a" if "rm" in l.names\n\n'
                                   'deny contains "b" if l.f(1)\n\n'
                                   'deny contains "c" if "rm" in names\n\n'
                                   'deny contains "d" if "rm" in data.claude_rego.lib.l.names\n', header=header)
    assert codes(found) == ["alias-rule-ref"]
    assert found[0]["line"] == 7 and found[0]["severity"] == "warning"
    assert "data.claude_rego.lib.l.names" in found[0]["message"]
    (tmp_path / "p_test.rego").write_text("package claude_rego.policies.p_test\n\nimport data.claude_rego.policies.p\n"
                                          "import rego.v1\n\ntest_a if count(p.deny) >= 0\n")
    assert codes(check([str(tmp_path)])) == ["alias-rule-ref"]  # still only the policy's
