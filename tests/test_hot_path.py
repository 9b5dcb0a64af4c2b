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
