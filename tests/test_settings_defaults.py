"""data.json is the only source of the pack's defaults (issue 16, item 7).

Every setting the pack's Rego reads has its value in policies/data.json; no Rego literal
duplicates one (a `settings.get` fallback, still accepted for old call sites, must equal
data.json's value); and a policy set without those defaults is refused, not silently
weaker."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import regorus
from claude_rego.policy import policyset
from claude_rego.policy.sources import PolicyError

PACK = Path(policyset.default_pack_dir())
SETTINGS = json.loads((PACK / "data.json").read_text())["claude_rego"]["settings"]
MODULES = sorted(p for p in PACK.rglob("*.rego") if not p.name.endswith("_test.rego"))
GET_CALL = re.compile(r'settings\.get\(\s*"([^"]+)"\s*,')


def _code(text: str) -> str:
    """The text with whole-line comments removed."""
    return "\n".join("" if line.lstrip().startswith("#") else line for line in text.splitlines())


def _fallbacks(text: str):
    """(name, fallback expression) of each `settings.get("name", <expr>)` call."""
    for match in GET_CALL.finditer(text):
        depth, i = 1, match.end()
        quote = None
        while depth:
            c = text[i]
            if quote:
                quote = None if c == quote else quote
            elif c in '"`':
                quote = c
            elif c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            i += 1
        yield match.group(1), text[match.end():i - 1].strip().rstrip(",")


def _value(expression: str):
    engine = regorus.Engine()
    engine.add_policy("x.rego", f"package x\nimport rego.v1\nv := {expression}\n")
    return engine.eval_rule("data.x.v")


def test_every_setting_the_pack_reads_has_its_default_in_data_json():
    read = {(name, p.relative_to(PACK).as_posix()) for p in MODULES
            for name in policyset.settings_read(p.read_text()) | {n for n, _ in _fallbacks(_code(p.read_text()))}}
    assert read, "the pack reads its settings through claude_rego.lib.settings"
    missing = sorted((name, file) for name, file in read if name not in SETTINGS)
    assert not missing, f"settings read without a default in policies/data.json: {missing}"


def test_no_rego_literal_duplicates_a_default():
    disagree = [(p.name, name, expression) for p in MODULES for name, expression in _fallbacks(_code(p.read_text()))
                if name in SETTINGS and _value(expression) != SETTINGS[name]]
    assert not disagree, f"a settings.get fallback disagrees with policies/data.json: {disagree}"
    inline = [p.name for p in MODULES if p.name != "settings.rego"
              and re.search(r"data\.claude_rego\.settings\b", _code(p.read_text()))]
    assert not inline, f"read settings through claude_rego.lib.settings, not data directly: {inline}"


def test_the_fallback_check_catches_a_disagreeing_literal():
    """The check above can fail: a fallback that differs from data.json is seen."""
    text = 'x := settings.get("protected_branches", ["main", "master"])\ny := settings.get("listing_tools", ["Glob", "LS"])\n'
    found = {name: _value(expression) for name, expression in _fallbacks(text)}
    assert found["protected_branches"] != SETTINGS["protected_branches"]
    assert found["listing_tools"] == SETTINGS["listing_tools"]


def test_every_shipped_default_is_read_by_some_module():
    read = {name for p in MODULES for name in policyset.settings_read(p.read_text()) | {n for n, _ in _fallbacks(p.read_text())}}
    assert not set(SETTINGS) - read, f"defaults nothing reads: {sorted(set(SETTINGS) - read)}"


def test_a_pack_without_its_defaults_is_refused_not_weakened(tmp_path):
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    (copy / "data.json").unlink()
    with pytest.raises(PolicyError, match="protected_branches"):
        policyset.compile_sources([str(copy)])


def test_an_overlay_cannot_drop_a_default(tmp_path):
    (tmp_path / "data.json").write_text(json.dumps({"claude_rego": {"settings": {"protected_branches": ["trunk"]}}}))
    snapshot = policyset.compile_sources(["builtin:", str(tmp_path)])
    settings = snapshot["data"]["claude_rego"]["settings"]
    assert settings["protected_branches"] == ["trunk"] and settings["allowed_write_roots"] == SETTINGS["allowed_write_roots"]
