"""One request through the same layered evaluation the hook's evaluating child runs.

`worker.compute` (the hook's child) does: snapshot.load → layers.lower_layers →
pipeline.Evaluator → decide → output.render. This module calls exactly those functions;
the only difference is that the Evaluator (engines, compiled modules, route caches) is
kept warm per worker thread and per set of layer revisions, instead of being built for
every call. `evaluate()` is the one place to rewire to the shared decision function.

A Decider belongs to ONE thread (regorus engines are thread-bound): the pool creates one
per worker thread and never shares it.
"""

from __future__ import annotations

import os
from collections import OrderedDict

from .. import output, snapshot
from ..events import event_info
from ..layers import lower_layers
from ..pipeline import Evaluator

MAX_CACHED_EVALUATORS = 16  # per thread: (top revision, lower-layer revisions) combinations


class PolicySource:
    """Where the top (managed) layer comes from, shared by all threads; reloads when the
    file changes (an activation, or the bundle poller) — each thread rebuilds its own engines."""

    def __init__(self, sources: list[str] | None, org_policies: str | None = None,
                 project_policies: str | None = "auto"):
        self.sources = sources or None
        self.org_policies = org_policies
        self.project_policies = project_policies or "auto"
        self.generation = 0
        self._stamp = None
        import threading

        self._lock = threading.Lock()  # the HTTP threads' periodic check and the bundle poller
        self.snapshot = snapshot.load(self.sources)
        self._stamp = self._file_stamp()

    def _file_stamp(self):
        if self.sources and len(self.sources) == 1 and os.path.isfile(self.sources[0]):
            try:
                st = os.stat(self.sources[0])
                return (st.st_ino, st.st_mtime_ns, st.st_size)
            except OSError:
                return None
        return None

    def refresh(self) -> bool:
        """Reload the top layer if its file changed; True when a new snapshot was loaded.
        A file that cannot be read keeps the last good snapshot (never a gap)."""
        with self._lock:
            stamp = self._file_stamp()
            if stamp is None or stamp == self._stamp:
                return False
            try:
                loaded = snapshot.load(self.sources)
            except Exception:  # noqa: BLE001 — keep serving the last good snapshot
                return False
            self.snapshot, self._stamp = loaded, stamp
            self.generation += 1
            return True

    @property
    def revision(self):
        return self.snapshot.get("revision")


class Decider:
    """Warm evaluators for one thread."""

    def __init__(self, source: PolicySource):
        self.source = source
        self._evaluators: OrderedDict = OrderedDict()
        self._generation = source.generation

    def warm(self) -> None:
        """Compile what the common events need before the first real request."""
        base = {"session_id": "warm-up", "transcript_path": "/dev/null", "cwd": os.getcwd()}
        samples = [("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "git status"}, "tool_use_id": "w"}),
                   ("PreToolUse", {"tool_name": "Read", "tool_input": {"file_path": "/tmp/x"}, "tool_use_id": "w"}),
                   ("PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "true"}, "tool_use_id": "w",
                                    "tool_response": {"stdout": "", "stderr": ""}}),
                   ("UserPromptSubmit", {"prompt": "hello"}), ("Stop", {"stop_hook_active": False})]
        for name, extra in samples:
            try:
                self.evaluate(dict(base, hook_event_name=name, **extra), name, environ={}, decision_id=None)
            except Exception:  # noqa: BLE001 — a policy set that cannot decide these is reported per request
                pass

    def _evaluator(self, top: dict, layers: list, warnings: list[str]) -> Evaluator:
        if self._generation != self.source.generation:
            self._evaluators.clear()  # a new top snapshot: drop the old engines
            self._generation = self.source.generation
        key = (id(top),) + tuple((name, lower.get("revision"), id(lower) if not lower.get("revision") else 0)
                                 for name, lower in layers)
        evaluator = self._evaluators.get(key)
        if evaluator is None:
            evaluator = Evaluator(top, lower_layers=layers)
            self._evaluators[key] = evaluator
            if len(self._evaluators) > MAX_CACHED_EVALUATORS:
                self._evaluators.popitem(last=False)
        else:
            self._evaluators.move_to_end(key)
        evaluator.warnings = list(warnings)
        return evaluator

    def evaluate(self, hook: dict, event_name: str, *, environ: dict, decision_id: str | None) -> dict:
        """{"output", "exit", "decision", "prints"} exactly as worker.compute answers; raises on failure."""
        top = self.source.snapshot
        layers, warnings = lower_layers(hook, org=self.source.org_policies,
                                        project=self.source.project_policies, environ=environ)
        evaluator = self._evaluator(top, layers, warnings)
        decision = evaluator.decide(hook, event_name=event_name, environ=environ)
        decision["decision_id"] = decision_id
        out, code = output.render(event_info(event_name), decision)
        return {"output": out, "exit": code, "stderr": "", "decision": decision,
                "prints": evaluator.engine.take_prints()}
