"""`claude-rego check`: each class of problem that would fail (or silently pass) at decision time."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from claude_rego.claudecode.vocabulary import VOCABULARY
from claude_rego.policy import policyset
from claude_rego.policy.check import Vocabulary, errors, literal_depth
from claude_rego.policy.check import check as check_as_library
from conftest import cli

HEADER = "package claude_rego.policies.p\n\nimport rego.v1\n\n"


def check(sources, **kwargs):
    """`check` as every command line, the SDK and the compiler's callers run it: with Claude Code's vocabulary."""
    return check_as_library(sources, vocabulary=VOCABULARY, **kwargs)


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


def test_an_unsafe_variable_in_a_rule_no_query_reaches(tmp_path):
    # session 32: `segments` used without its import; the engine fails every evaluation of the module
    found = findings_for(tmp_path, "deny contains \"x\" if _helper\n\n_helper if {\n\tsome s in segments\n\ts == 1\n}\n")
    assert codes(found) == ["compile"] and found[0]["line"] == 8 and "unsafe" in found[0]["message"]


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


HOST_SPECIFIC = ("# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [SessionStart, FutureEvent]\n"
                 "#     tool_classes: [shel]\n#     tools: [Bassh]\n")
HOST_SPECIFIC_BODY = ("deny contains \"x\" if input.facts.shell.segmnts[_].command == \"rm\"\n"
                      "ask contains \"y\" if input.fact.event == \"Stop\"\n"
                      "deny contains x if { x := http.send({\"method\": \"get\", \"url\": \"http://x\"}).body }\n")


def test_without_a_vocabulary_only_the_host_specific_checks_are_skipped(tmp_path):
    """A library caller that passes no vocabulary: routing names, verb-event and the facts'
    field names are the host's and go unchecked; everything else (the query document's top
    level, network builtins, METADATA) is still checked."""
    (tmp_path / "p.rego").write_text(HOST_SPECIFIC + HEADER + HOST_SPECIFIC_BODY)
    without = check_as_library([str(tmp_path)])
    assert sorted(codes(without)) == ["input-path", "network-builtin"]
    assert "input.fact.event" in next(f for f in without if f["code"] == "input-path")["message"]
    with_claude_code = check([str(tmp_path)])
    assert sorted(codes(with_claude_code)) == [  # SessionStart carries no tool call, nor deny or ask
        "input-path", "input-path", "network-builtin", "routing-matches-nothing", "unknown-event", "unknown-tool",
        "unknown-tool-class", "verb-event", "verb-event"]


def test_the_vocabulary_is_a_parameter_not_claude_code(tmp_path):
    """Another host's vocabulary changes what is known: check reads only what it is given."""
    other = Vocabulary("Other Host", "1.0", events=["BeforeRun"], tools=["Run"], tool_classes=["exec"],
                       tool_events=["BeforeRun"], event_verbs={"BeforeRun": ["deny"]},
                       facts_schema=lambda: {"type": "object", "properties": {"run": {"type": "object"}},
                                             "additionalProperties": False})
    meta = "# METADATA\n# title: t\n# custom:\n#   routing:\n#     events: [BeforeRun, PreToolUse]\n#     tools: [Run]\n"
    (tmp_path / "p.rego").write_text(meta + HEADER + "deny contains \"x\" if input.facts.run.x == 1\n"
                                     "deny contains \"y\" if input.facts.shell.segments[_] == 1\n")
    found = check_as_library([str(tmp_path)], vocabulary=other)
    assert sorted(codes(found)) == ["input-path", "unknown-event"]
    assert "Other Host (up to 1.0)" in next(f for f in found if f["code"] == "unknown-event")["message"]
    assert "`shell`" in next(f for f in found if f["code"] == "input-path")["message"]


def test_the_command_line_checks_against_claude_code(tmp_path):
    (tmp_path / "p.rego").write_text(HOST_SPECIFIC + HEADER + HOST_SPECIFIC_BODY)
    result = cli("check", "--no-builtin", "--format", "json", str(tmp_path))
    assert sorted(f["code"] for f in json.loads(result.stdout)) == sorted(codes(check([str(tmp_path)])))


def test_network_builtins_need_an_explicit_allow(tmp_path):
    body = "deny contains x if { x := http.send({\"method\": \"get\", \"url\": \"http://x\"}).body }\n"
    assert codes(findings_for(tmp_path, body)) == ["network-builtin"]
    assert findings_for(tmp_path, body, allow_network=True) == []


def test_compile_refuses_policies_that_fail_check(tmp_path):
    (tmp_path / "p.rego").write_text(HEADER + "f(x) := f(x)\n")
    with pytest.raises(policyset.PolicyError, match="recursion"):
        policyset.compile_sources([str(tmp_path)], check=True, vocabulary=VOCABULARY)


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
    # the module's path in the pack: flat or laid out by package (tools/relayout_pack.py)
    assert all(site.rsplit("/", 1)[-1].startswith("destructive_shell.rego:") for site in deny["defined_at"])
    assert report["explanation"][0].startswith("PreToolUse Bash: deny — ")
    assert re.search(r"decided by: managed layer, policy destructive_shell, rule deny at (\S+/)?destructive_shell.rego:\d+$",
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


def test_computed_partial_rule_heads_are_flagged(tmp_path):
    """A head that computes its element lets the embedded engine drop the whole rule when
    the term is undefined for one match (docs/rego-dialect.md); variables, scalars and
    composites of them in the head, function and complete-rule heads, and tests are fine."""
    found = findings_for(tmp_path, 'f(x) := x.a\n\n'
                                   'deny contains sprintf("%v", [x]) if some x in input.xs\n\n'
                                   'ask contains {"k": f(x)} if some x in input.xs\n\n'
                                   'by_id[x.id] := x if some x in input.xs\n\n'
                                   'context contains {"k": x, "n": 1} if some x in input.xs\n\n'
                                   'deny contains msg if { some x in input.xs; msg := sprintf("%v", [f(x)]) }\n\n'
                                   'total := count(input.xs)\n')
    assert codes(found) == ["computed-head"] * 3
    assert [f["line"] for f in found] == [7, 9, 11] and all(f["severity"] == "warning" for f in found)
    assert "bind it in the body" in found[0]["message"].lower()


def test_a_substring_cut_at_the_count_of_a_computed_string_is_flagged(tmp_path):
    """regorus counts a string in UTF-16 units but cuts it in characters (docs/rego-dialect.md):
    `substring(w, count(p), -1)` with `p` a parameter or computed in the rule is flagged (it
    let `rm -rf /😀😀/../$X/y` cut destructive_shell's word two characters too far); a
    literal, a `some o in …` element and trim_prefix are fine."""
    found = findings_for(tmp_path, 'cut(w, p) := substring(w, count(p), -1)\n\n'
                                   'last(n) := substring(n, count(n) - 1, 1)\n\n'
                                   'v(w) := x if { r := split(w, "=")[0]; x := substring(w, count(r) + 1, -1) }\n\n'
                                   'lit(w) := substring(w, count("--a="), -1)\n\n'
                                   'opt(w) := x if { some o in {"--a", "--b"}; x := substring(w, count(o) + 1, -1) }\n\n'
                                   'ok(w, p) := trim_prefix(w, p)\n')
    assert codes(found) == ["count-offset"] * 3
    assert [f["line"] for f in found] == [5, 7, 9] and all(f["severity"] == "warning" for f in found)
    assert "trim_prefix" in found[0]["message"]


def test_a_call_that_can_be_undefined_nested_in_a_negation_is_flagged(tmp_path):
    """OPA moves a call nested in `not …` out of the negation (an undefined value fails the
    body there; the embedded engine passes it, docs/rego-dialect.md): a function of the
    policies or a partial builtin nested in a call, a comparison or a membership is flagged;
    a total builtin, the negated call itself, a comprehension and the fixed shapes are not."""
    found = findings_for(tmp_path, 'g(x) := y if { x != "u"; y := x }\n\n'
                                   'a if not startswith(g(input.x), "a")\n\n'
                                   'b if not input.x == g(input.y)\n\n'
                                   'c if not "-n" in g(input.args)\n\n'
                                   'd if not startswith(lower(to_number(input.n)), "1")\n')
    assert codes(found) == ["not-nested-call"] * 4
    assert [f["line"] for f in found] == [7, 9, 11, 13] and all(f["severity"] == "warning" for f in found)
    assert "`g(…)`" in found[0]["message"] and "`to_number(…)`" in found[3]["message"]
    assert "OPA moves it out" in found[0]["message"] and "helper rule" in found[0]["message"]


def test_a_total_builtin_nested_in_a_negation_is_fine(tmp_path):
    found = findings_for(tmp_path, 'g(x) := y if { x != "u"; y := x }\n\n'
                                   'a if not startswith(lower(concat("", [input.x, "/"])), "a")\n\n'
                                   'b if not g(input.x)\n\n'
                                   'c if not count([y | y := g(input.x)]) == 0\n\n'
                                   'd if not object.get(input, "x", "") in {"a", sprintf("%v", [input.y])}\n')
    assert "not-nested-call" not in codes(found), found


def test_a_nested_call_bound_before_the_negation_or_in_a_helper_rule_is_fine(tmp_path):
    found = findings_for(tmp_path, 'g(x) := y if { x != "u"; y := x }\n\n'
                                   'a if { v := g(input.x); not startswith(v, "a") }\n\n'
                                   'b if not _starts_a(input.x)\n\n'
                                   '_starts_a(x) if startswith(g(x), "a")\n')
    assert "not-nested-call" not in codes(found), found
    (tmp_path / "p_test.rego").write_text('package claude_rego.policies.p_test\n\nimport rego.v1\n\n'
                                          'tag(x) := x\n\n'
                                          'test_a if not startswith(tag("b"), "a")\n')
    assert "not-nested-call" not in codes(check([str(tmp_path)]))  # tests: OPA is the stricter there


def test_every_finding_code_is_documented():
    """docs/check-codes.md has a row per code policy/check/ can emit."""
    import re as _re

    from conftest import REPO

    source = "".join(p.read_text() for p in sorted((REPO / "engine" / "claude_rego" / "policy" / "check").glob("*.py")))
    emitted = set(_re.findall(r'"(?:error|warning)", "([a-z-]+)"', source))
    emitted |= set(_re.findall(r'severity, "([a-z-]+)"', source))
    emitted |= set(_re.findall(r'code(?::\s*str)?\s*=\s*"([a-z-]+)"', source))
    documented = set(_re.findall(r"^\| `([a-z-]+)` \|", (REPO / "docs" / "check-codes.md").read_text(), _re.M))
    assert emitted and emitted <= documented, sorted(emitted - documented)


# ------------------------------------------------- no-op and typo'd policies (issue 17)

def meta(events, tools=None) -> str:
    lines = ["# METADATA", "# custom:", "#   routing:", f"#     events: [{', '.join(events)}]"]
    if tools:
        lines.append(f"#     tools: [{', '.join(tools)}]")
    return "\n".join(lines) + "\n"


def test_a_package_outside_the_policy_root_is_an_error(tmp_path):
    found = findings_for(tmp_path, 'deny contains "x" if input.hook.tool_name == "Bash"\n',
                         header="package infra_guard\n\nimport rego.v1\n\n")
    assert codes(found) == ["package-outside-root"] and found[0]["severity"] == "error" and found[0]["line"] == 1
    helper = findings_for(tmp_path, "names := {\"a\"}\n", header="package helpers\n\nimport rego.v1\n\n")
    assert codes(helper) == ["package-outside-root"] and helper[0]["severity"] == "warning"


@pytest.mark.parametrize("name,verb", [("dney", "deny"), ("Deny", "deny"), ("asks", "ask"), ("alow", "allow"),
                                       ("system_messages", "system_message"), ("rewirte", "rewrite"),
                                       ("contxt", "context")])
def test_a_misspelt_verb_is_an_error(tmp_path, name, verb):
    found = findings_for(tmp_path, f'{name} contains "x" if input.hook.tool_name == "Bash"\n')
    assert codes(found) == ["unknown-verb"] and f"did you mean `{verb}`" in found[0]["message"]
    assert found[0]["line"] == 5


def test_helpers_named_near_a_verb_but_used_are_fine(tmp_path):
    found = findings_for(tmp_path, 'asks contains "x" if input.hook.tool_name == "Bash"\n'
                                   'ask contains m if some m in asks\n')
    assert codes(found) == []


@pytest.mark.parametrize("routing,needle", [
    (meta(["PreToolUs"]), "`PreToolUs` → `PreToolUse`"),
    (meta(["PreToolUse"], ["Bsh"]), "`Bsh` → `Bash`"),
    (meta(["Stop"], ["Bash"]), "none of its events (Stop) carries a tool call"),
])
def test_routing_that_matches_nothing_is_an_error(tmp_path, routing, needle):
    found = findings_for(tmp_path, 'deny contains "x" if true\n', header=routing + HEADER)
    matches = [f for f in found if f["code"] == "routing-matches-nothing"]
    assert matches and needle in matches[0]["message"] and matches[0]["severity"] == "error"


def test_routing_with_a_glob_or_mcp_tool_is_fine(tmp_path):
    found = findings_for(tmp_path, 'deny contains "x" if true\n', header=meta(["PreToolUse"], ["mcp__x__y"]) + HEADER)
    assert "routing-matches-nothing" not in codes(found)


def test_a_policy_without_verbs_is_flagged(tmp_path):
    found = findings_for(tmp_path, 'helper := 1\n', header=meta(["PreToolUse"]) + HEADER)
    assert codes(found) == ["no-verbs"]


def test_check_of_a_missing_path_fails(tmp_path):
    proc = cli("check", str(tmp_path / "nonexistent"))
    assert proc.returncode == 1 and "[path-not-found]" in proc.stdout


def test_overlay_settings_and_policy_names_are_checked_against_the_pack(tmp_path):
    (tmp_path / "data.json").write_text(
        '{"claude_rego": {"settings": {\n"disabled_polices": ["stop_gate"]},\n"engine": {"disabled_policies": ["stop_gat"]}}}')
    found = check(["builtin:", str(tmp_path)])
    assert sorted(codes(found)) == ["unknown-policy", "unknown-setting"]
    assert {f["line"] for f in found} == {2, 3}
    assert not errors(found)
    (tmp_path / "data.json").write_text('{"claude_rego": {"engine": {"disabled_policies": ["stop_gate"]}}}')
    assert check(["builtin:", str(tmp_path)]) == []


def test_engine_switches_under_settings_are_deprecated_and_typos_under_engine_flagged(tmp_path):
    (tmp_path / "data.json").write_text(
        '{"claude_rego": {"settings": {\n"disabled_policies": ["stop_gate"]},\n"engine": {\n"disabled_polices": []}}}')
    found = check(["builtin:", str(tmp_path)])
    assert sorted(codes(found)) == ["deprecated-setting", "unknown-setting"]
    assert {f["line"] for f in found} == {2, 4} and not errors(found)
    assert "claude_rego.engine.disabled_policies" in next(f["message"] for f in found if f["code"] == "deprecated-setting")


def test_policies_using_the_pack_libraries_check_clean_with_the_pack_as_context(tmp_path):
    (tmp_path / "p.rego").write_text(meta(["PreToolUse"]) + HEADER + "import data.claude_rego.lib.settings\n\n"
                                     'deny contains "x" if "main" in settings.get("protected_branches", [])\n')
    assert check(["builtin:", str(tmp_path)]) == []


@pytest.mark.parametrize("body", [
    'deny contains "x" if regex.match(input.hook.tool_input.pattern, "abc")\n',
    'deny contains "x" if glob.match(input.hook.tool_input.pattern, [], "abc")\n',
    'deny contains "x" if {\n\tp := input.hook.tool_input.pattern\n\tq := concat("", [p, "$"])\n\tregex.find_n(q, "a", 1)\n}\n',
    'deny contains "x" if {\n\tsome p in input.hook.tool_input.patterns\n\tregex.split(p, "a,b")\n}\n',
    'pat := input.hook.tool_input.pattern\n\ndeny contains "x" if regex.template_match(pat, "a", "{", "}")\n',
    'deny contains "x" if regex.replace("abc", input.hook.tool_input.pattern, "")\n',
    'deny contains "x" if regex.globs_match("a*", input.hook.tool_input.pattern)\n',
])
def test_a_pattern_taken_from_the_input_is_flagged(tmp_path, body):
    found = findings_for(tmp_path, body)
    assert "input-pattern" in codes(found), found


@pytest.mark.parametrize("body", [
    'deny contains "x" if regex.match("^rm$", input.hook.tool_input.command)\n',
    'deny contains "x" if glob.match("*.env", [], input.hook.tool_input.file_path)\n',
    'deny contains "x" if {\n\tsome p in data.claude_rego.settings.patterns\n\tregex.match(p, input.hook.tool_input.command)\n}\n',
    'deny contains "x" if regex.replace(input.hook.tool_input.command, "a+", "")\n',
])
def test_fixed_patterns_on_input_values_are_fine(tmp_path, body):
    assert "input-pattern" not in codes(findings_for(tmp_path, body))


def test_a_helper_package_outside_the_root_that_policies_use_is_fine(tmp_path):
    (tmp_path / "helpers.rego").write_text("package acme.helpers\n\nimport rego.v1\n\nbad_words := {\"x\"}\n")
    found = findings_for(tmp_path, 'deny contains "x" if input.hook.prompt in data.acme.helpers.bad_words\n')
    assert codes(found) == []


def test_verbs_in_a_library_package_are_an_error(tmp_path):
    found = findings_for(tmp_path, 'deny contains "x" if true\n',
                         header="package claude_rego.lib.mine\n\nimport rego.v1\n\n")
    assert codes(found) == ["package-outside-root"] and found[0]["line"] == 5


def test_a_pack_laid_out_by_package_keeps_files_in_their_package_directory(tmp_path):
    """Opting in (a `claude_rego/` directory at the root) makes the layout a rule; a flat
    pack is not asked to move; a `_test` package outside `*_test.rego` is always reported."""
    body = meta(["PreToolUse"]) + "package claude_rego.policies.{name}\n\nimport rego.v1\n\ndeny contains \"x\" if false\n"
    test = "package claude_rego.policies.{name}_test\n\nimport rego.v1\n\ntest_x if true\n"
    (tmp_path / "flat.rego").write_text(body.format(name="flat"))
    assert "package-directory" not in codes(check([str(tmp_path)]))
    good = tmp_path / "claude_rego" / "policies" / "good"
    good.mkdir(parents=True)
    (good / "good.rego").write_text(body.format(name="good"))
    (good / "good_test.rego").write_text(test.format(name="good"))
    (tmp_path / "claude_rego" / "policies" / "stray.rego").write_text(body.format(name="elsewhere"))
    (good / "tests.rego").write_text(test.format(name="good"))
    found = [f for f in check([str(tmp_path)]) if f["code"] in ("package-directory", "test-file-name")]
    assert sorted((Path(f["file"]).name, f["code"]) for f in found) == [
        ("flat.rego", "package-directory"), ("stray.rego", "package-directory"),
        ("tests.rego", "package-directory"), ("tests.rego", "test-file-name")]
    assert not errors(found)
