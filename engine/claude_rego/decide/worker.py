"""The evaluating side of the hook: runs in the isolated child (see `isolation`).

`compute(request)` → {"output", "exit", "stderr", "decision"}; it may raise or crash,
the parent copes. Also a `python -I -m claude_rego.decide.worker` entry for platforms
without fork (request JSON on stdin, answer JSON on stdout).
"""

from __future__ import annotations

import json
import os
import sys

# Test-only fault injection (docs/policy-contract.md §5): makes the engine side crash,
# hang or misbehave on purpose so tests can prove the failure table. Every fault can
# only produce the event's failure answer, never a looser one.
FAULT_ENV = "CLAUDE_REGO_TEST_FAULT"
FAULTS = ("crash", "abort", "hang", "error", "compile_error", "invalid_decision",
          "garbage_answer", "invalid_output", "slow")


def compute(request: dict) -> dict:
    fault = request.get("fault")
    _inject_early(fault)
    if fault == "garbage_answer":
        return ["not", "an", "answer"]  # type: ignore[return-value]
    from ..claudecode import output
    from ..claudecode.events import event_info
    from ..policy import load_snapshot
    from .pipeline import open_evaluator

    policies = load_snapshot(request.get("sources"))
    if fault == "compile_error":
        policies = dict(policies, modules=policies["modules"] + [
            {"path": "fault.rego", "text": "package claude_rego.policies.fault\nbroken {"}])
    evaluator = open_evaluator(snapshot=policies, engine=_opa_engine(request["opa"]) if request.get("opa") else None,
                               org=request.get("org_policies"), project=request.get("project_policies") or "auto")
    event_name = request["event"]
    decision = evaluator.decide(request["hook"], event_name=event_name)
    decision["decision_id"] = request.get("decision_id")
    if fault == "invalid_decision":
        from .decision import InvalidDecision
        raise InvalidDecision("fault injection: invalid decision")
    out, code = output.render(event_info(event_name), decision)
    if fault == "invalid_output":
        out = {"hookSpecificOutput": {"hookEventName": event_name, "permissionDecision": "maybe"}}
    # decision["env"] is written to CLAUDE_ENV_FILE by the answering process, after the
    # answer (hook._write_env_file): a file that can block must not delay it.
    return {"output": out, "exit": code, "stderr": "", "decision": decision,
            "prints": evaluator.engine.take_prints()}


def _opa_engine(opa: dict):
    """Fleet mode: the routed rules are evaluated by an OPA server (see engines/opa_server.py)."""
    from ..engines.opa_server import OpaServerEngine

    token = None
    if opa.get("token_file"):
        with open(opa["token_file"], encoding="utf-8") as fh:
            token = fh.read().strip()
    return OpaServerEngine(opa["url"], token=token, timeout=opa.get("timeout", 2.0), ca_file=opa.get("ca_file"))


def _inject_early(fault) -> None:
    if fault == "crash":
        import signal
        os.kill(os.getpid(), signal.SIGSEGV)
    elif fault == "abort":
        os.abort()
    elif fault == "hang":
        import time
        time.sleep(3600)
    elif fault == "slow":
        import time
        time.sleep(float(os.environ.get("CLAUDE_REGO_TEST_SLOW_SECONDS", "1")))
    elif fault == "error":
        from ..engines.base import EngineError
        raise EngineError("fault injection: engine error")


def main() -> int:
    request = json.loads(sys.stdin.buffer.read())
    answer = compute(request)
    sys.stdout.write(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
