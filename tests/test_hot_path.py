"""The hook's hot path imports only what it needs (Claude Code spawns it per tool call).

Both sides count: the answering process and the forked child that evaluates. The
child's stderr is silenced, so `-X importtime` cannot see it; instead one process runs
both sides in turn (the parent's entry, then the child's `compute`) and reports
`sys.modules`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import SCRIPTED, bash_input

HEAVY = ("typer", "click", "pydantic", "yaml", "rich", "requests", "aiohttp", "httpx",
         "opa_client", "urllib3", "argparse", "subprocess", "asyncio", "typing_extensions", "jsonschema")

PROBE = r"""
import io, json, sys
from claude_rego.claudecode import hook
from claude_rego.claudecode import worker
hook_input = json.loads(sys.argv[1])
sources = json.loads(sys.argv[2])
out = io.StringIO()
hook.main(["--event", "PreToolUse"] + [a for s in sources for a in ("--policies", s)],
          stdin=io.BytesIO(sys.argv[1].encode()), stdout=out, stderr=io.StringIO())
answer = worker.compute({"hook": hook_input, "event": "PreToolUse", "sources": sources or None})
print(json.dumps({"modules": sorted(sys.modules), "output": json.loads(out.getvalue()),
                  "child_output": answer["output"]}))
"""


def probe(sources: list[str]) -> dict:
    payload = json.dumps(bash_input("ls"))
    proc = subprocess.run([sys.executable, "-I", "-c", PROBE, payload, json.dumps(sources)],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def heavy_in(modules) -> set[str]:
    return {m for m in modules if m.split(".")[0] in HEAVY}


def test_default_pack_hot_path_imports_nothing_heavy():
    from claude_rego.policy import snapshot
    if snapshot.default_snapshot_path() is None:
        pytest.skip("running from a source checkout: the default pack's snapshot is built into the "
                    "wheel (`pip install .`, as CI does); an editable install compiles it per call")
    result = probe([])
    assert result["output"] == result["child_output"]
    assert not heavy_in(result["modules"]), sorted(heavy_in(result["modules"]))


def test_snapshot_hot_path_does_not_compile_policies(tmp_path):
    from claude_rego.policy import policyset
    snapshot = tmp_path / "s.json"
    policyset.write_snapshot(policyset.compile_sources([SCRIPTED]), snapshot)
    result = probe([str(snapshot)])
    assert not heavy_in(result["modules"]), sorted(heavy_in(result["modules"]))


PROBE_SPLIT = r"""
import io, json, sys
before = set(sys.modules)
from claude_rego.claudecode import hook
hook_input = json.loads(sys.argv[1])
sources = json.loads(sys.argv[2])
out = io.StringIO()
hook.main(["--event", "PreToolUse", "--no-builtin"] + [a for s in sources for a in ("--policies", s)],
          stdin=io.BytesIO(sys.argv[1].encode()), stdout=out, stderr=io.StringIO())
hook._trap_signals()  # what main does when it owns stdio
parent = set(sys.modules)
from claude_rego.claudecode import worker
answer = worker.compute({"hook": hook_input, "event": "PreToolUse", "sources": sources})
print(json.dumps({"parent": sorted(parent - before), "child": sorted(set(sys.modules) - parent),
                  "output": json.loads(out.getvalue()), "child_output": answer["output"]}))
"""

HOOK_ONLY_POLICY = """# METADATA
# custom:
#   routing:
#     events: [PreToolUse]
#     tools: [Bash]
package claude_rego.policies.hook_only

import rego.v1

deny contains "forbidden" if input.hook.tool_input.command == "forbidden-cmd"
"""


def test_a_policy_set_that_reads_no_facts_computes_none(tmp_path):
    """Facts are computed for what the routed policies read (issue 16): a Bash call whose
    policies read only `input.hook` imports neither the shell parser, the path facts, the
    secret scanner nor governance; the answering process does not import `signal`'s enums
    (`_signal`) or the hook log (nothing to log)."""
    from claude_rego.policy import policyset
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "hook_only.rego").write_text(HOOK_ONLY_POLICY)
    snapshot = tmp_path / "s.json"
    policyset.write_snapshot(policyset.compile_sources([str(tmp_path / "p")]), snapshot)
    payload = json.dumps(bash_input("git status && ls -la src | head -20"))
    proc = subprocess.run([sys.executable, "-I", "-c", PROBE_SPLIT, payload, json.dumps([str(snapshot)])],
                          capture_output=True, text=True, check=True)
    result = json.loads(proc.stdout)
    assert result["output"] == result["child_output"] == {}
    child = set(result["child"])
    for module in ("claude_rego.facts.shell", "claude_rego.facts.paths", "claude_rego.facts.secrets",
                   "claude_rego.facts.secret_tokens", "claude_rego.claudecode.governance"):
        assert module not in child, module
    parent = set(result["parent"])
    assert "signal" not in parent  # _trap_signals uses _signal
    assert "claude_rego.audit.hooklog" not in parent
    assert not heavy_in(parent | child), sorted(heavy_in(parent | child))
