"""A fake engine for tests: it crashes, hangs or misbehaves on purpose (docs/policy-contract.md §5).

Test-only. It wraps a real engine and is injected through the same seam as any
engine (`decide.pipeline.open_evaluator(engine=...)`); in-process tests construct it
directly, and the hook process selects it from `CLAUDE_REGO_TEST_FAULT`, which is read
in one place (`claudecode.hook`, never in managed mode) and acted on in one place
(`claudecode.worker.compute`). Every fault can only produce the event's failure
answer, never a looser one: each one makes loading or evaluation fail.
"""

from __future__ import annotations

import os

from .base import EngineError, PolicyEngine

# Faults of the engine itself. `hang` and `slow` block, the others fail at once; all act
# on the first load (every evaluator loads its top layer before anything is decided), so
# an event with no routed rules fails too, except `invalid_decision`, which needs a
# value to be invalid (see claudecode.worker for the faults of the child's answer).
ENGINE_FAULTS = ("crash", "abort", "hang", "slow", "error", "compile_error", "invalid_decision")
_BROKEN = ("fault.rego", "package claude_rego.policies.fault\nbroken {")


class FaultyEngine(PolicyEngine):
    """`inner` with one fault injected (see ENGINE_FAULTS)."""

    def __init__(self, fault: str, inner: PolicyEngine, slow_seconds: float = 1.0):
        if fault not in ENGINE_FAULTS:
            raise ValueError(f"unknown engine fault {fault!r}")
        self.fault, self.inner, self.slow_seconds = fault, inner, slow_seconds
        self.loads_incrementally = inner.loads_incrementally
        self._loaded = False

    def load(self, modules, data: dict) -> None:
        first, self._loaded = not self._loaded, True
        if first:
            self._on_first_load()
            if self.fault == "compile_error":  # the real engine's real compile error
                modules = list(modules) + [_BROKEN]
        self.inner.load(modules, data)

    def _on_first_load(self) -> None:
        if self.fault == "crash":
            import signal
            os.kill(os.getpid(), signal.SIGSEGV)
        elif self.fault == "abort":
            os.abort()
        elif self.fault == "hang":
            import time
            time.sleep(3600)
        elif self.fault == "slow":
            import time
            time.sleep(self.slow_seconds)
        elif self.fault == "error":
            raise EngineError("fault injection: engine error")

    def evaluate(self, input_json: str, rules) -> dict:
        values = self.inner.evaluate(input_json, rules)
        if self.fault == "invalid_decision":  # a value that is not a set: synthesis rejects it
            return {rule: "fault injection: not a set" for rule in rules}
        return values

    def take_prints(self) -> list[str]:
        return self.inner.take_prints()
