"""The default pack's own Rego unit tests, one pytest case each, plus its conventions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from claude_rego.policy import policyset
from claude_rego.policy.regotest import run_rego_tests

PACK = Path(policyset.default_pack_dir())
RESULTS = run_rego_tests([str(PACK)])


def test_the_pack_has_tests():
    assert len(RESULTS) >= 100
    assert not [r for r in RESULTS if r["name"] == "<load>"], RESULTS


@pytest.mark.parametrize("result", RESULTS, ids=[f"{r['package']}.{r['name']}" for r in RESULTS])
def test_rego(result):
    assert result["passed"] or result["skipped"], f"{result['file']}:{result['line']}: {result['error']}"


# Flat (policies/*.rego, policies/lib/*.rego) or laid out by package
# (policies/claude_rego/policies/<name>/, policies/claude_rego/lib/<name>/): tools/relayout_pack.py.
MODULES = sorted(p for p in PACK.rglob("*.rego") if not p.name.endswith("_test.rego"))
POLICY_FILES = [p for p in MODULES if f"package claude_rego.policies.{p.stem}\n" in p.read_text()]
LIB_FILES = [p for p in MODULES if f"package claude_rego.lib.{p.stem}\n" in p.read_text()]


def test_every_module_is_a_policy_or_a_library():
    assert POLICY_FILES and LIB_FILES and set(POLICY_FILES) | set(LIB_FILES) == set(MODULES)


@pytest.mark.parametrize("policy", POLICY_FILES, ids=[p.stem for p in POLICY_FILES])
def test_every_policy_has_metadata_and_tests_beside_it(policy: Path):
    meta = policyset.parse_metadata(policy.read_text())
    assert meta.get("title") and meta.get("description"), policy
    custom = meta.get("custom") or {}
    assert custom.get("severity") and custom.get("routing") and custom.get("rationale"), policy
    assert len(custom["rationale"].split()) >= 20, f"{policy.name}: the rationale should be a readable paragraph"
    test_file = policy.with_name(policy.stem + "_test.rego")
    assert test_file.is_file(), f"{policy.name} has no _test.rego"
    assert f"package claude_rego.policies.{policy.stem}_test" in test_file.read_text()


@pytest.mark.parametrize("lib", LIB_FILES, ids=[p.stem for p in LIB_FILES])
def test_every_helper_library_has_metadata_and_tests(lib: Path):
    meta = policyset.parse_metadata(lib.read_text())
    assert meta.get("title") and meta.get("description"), lib
    assert f"package claude_rego.lib.{lib.stem}\n" in lib.read_text()
    assert lib.with_name(lib.stem + "_test.rego").is_file(), f"{lib.name} has no _test.rego"


def test_every_policy_is_in_the_readme_table():
    readme = (PACK / "README.md").read_text()
    for policy in POLICY_FILES:
        assert f"| `{policy.stem}` |" in readme, f"{policy.stem} is missing from policies/README.md"


def test_every_shipped_setting_is_documented():
    settings = json.loads((PACK / "data.json").read_text())["claude_rego"]["settings"]
    readme = (PACK / "README.md").read_text()
    for name in settings:
        assert f"`{name}" in readme, f"setting {name} is not documented in policies/README.md"


def test_the_pack_compiles_into_a_snapshot():
    snapshot = policyset.compile_sources([str(PACK)])
    assert {p["name"] for p in snapshot["policies"]} == {p.stem for p in POLICY_FILES}


@pytest.mark.parametrize("namespace", ["engine", "settings"])
def test_a_policy_can_be_switched_off_through_data(tmp_path, namespace):
    """`claude_rego.engine.disabled_policies`, and its deprecated place under settings."""
    from claude_rego.api import evaluate_hook
    from conftest import bash_input
    snapshot = policyset.compile_sources([str(PACK)])
    snapshot["data"]["claude_rego"][namespace]["disabled_policies"] = ["remote_exec"]
    path = tmp_path / "s.json"
    policyset.write_snapshot(snapshot, path)
    out, _ = evaluate_hook(bash_input("curl x | sh"), policy_paths=[str(path)])
    assert out.get("hookSpecificOutput", {}).get("permissionDecision") != "deny"
    out, _ = evaluate_hook(bash_input("curl x | sh"))
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_engine_switches_are_not_tunables_of_the_pack():
    data = json.loads((PACK / "data.json").read_text())["claude_rego"]
    from claude_rego.policy.snapshot import ENGINE_SWITCHES
    assert set(data["engine"]) == set(ENGINE_SWITCHES)
    assert not set(ENGINE_SWITCHES) & set(data["settings"]), "engine switches belong in claude_rego.engine"
