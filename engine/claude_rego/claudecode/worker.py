"""The evaluating side of the hook: runs in the isolated child (see `claude_rego._isolation`).

`compute(request)` → {"output", "exit", "stderr", "decision", "prints"} (`Evaluator.answer`:
decided, rendered and checked by the core; the engine's prints); it may raise
or crash, the parent copes. Also a `python -I -m claude_rego.claudecode.worker` entry
for platforms without fork (request JSON on stdin, answer JSON on stdout).
"""

from __future__ import annotations

import json
import os
import sys

# Test-only fault injection (docs/policy-contract.md §5): the hook reads this variable
# (never in managed mode) into request["fault"], and `compute` is the one place that acts
# on it: an engine fault swaps in engines.faulty.FaultyEngine through the ordinary engine
# seam; the two faults of the child's answer itself are applied to the answer here.
FAULT_ENV = "CLAUDE_REGO_TEST_FAULT"
ANSWER_FAULTS = ("garbage_answer", "invalid_output")


def compute(request: dict) -> dict:
    fault = request.get("fault")
    if fault == "garbage_answer":  # the child's answer is not an answer
        return ["not", "an", "answer"]  # type: ignore[return-value]
    from ..decide.pipeline import open_evaluator
    from ..decide.types import Request
    from ..policy import load_snapshot
    from .adapter import ADAPTER

    engine = _opa_engine(request["opa"]) if request.get("opa") else None
    if fault and fault not in ANSWER_FAULTS:
        engine = _faulty_engine(fault, engine)
    # a fresh child decides once: the plain texts (the rule index pays from the second decision)
    evaluator = open_evaluator(ADAPTER, snapshot=load_snapshot(request.get("sources")), engine=engine,
                               org=request.get("org_policies"), project=request.get("project_policies") or "auto",
                               indexed=False)
    answer = evaluator.answer(Request(request["hook"], request["event"], decision_id=request.get("decision_id")))
    if fault == "invalid_output":  # an output the CLI would reject: the parent's conformance check
        answer.output = {"hookSpecificOutput": {"hookEventName": request["event"], "permissionDecision": "maybe"}}
    # decision.env is written to CLAUDE_ENV_FILE by the answering process, after the
    # answer (hook._write_env_file): a file that can block must not delay it. The answer
    # crosses to the parent as JSON: the decision's JSON form is made here, once.
    return dict(answer.to_dict(), prints=evaluator.engine.take_prints())


def _faulty_engine(fault: str, inner):
    from ..engines.faulty import FaultyEngine
    if inner is None:
        from ..engines.regorus_engine import RegorusEngine
        inner = RegorusEngine()
    return FaultyEngine(fault, inner, float(os.environ.get("CLAUDE_REGO_TEST_SLOW_SECONDS", "1")))


def _opa_engine(opa: dict):
    """Fleet mode: the routed rules are evaluated by an OPA server (see engines/opa_server.py)."""
    from ..engines.opa_server import OpaServerEngine

    token = None
    if opa.get("token_file"):
        with open(opa["token_file"], encoding="utf-8") as fh:
            token = fh.read().strip()
    return OpaServerEngine(opa["url"], token=token, timeout=opa.get("timeout", 2.0), ca_file=opa.get("ca_file"))


def main() -> int:
    request = json.loads(sys.stdin.buffer.read())
    answer = compute(request)
    sys.stdout.write(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
