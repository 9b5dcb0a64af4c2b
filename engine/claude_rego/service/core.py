"""One request through the same layered evaluation the hook's evaluating child runs.

`claudecode.worker.compute` (the hook's child) does: policy.load_snapshot → pipeline.open_evaluator (top,
org and project layers) → Evaluator.answer (decide, render, conformance). This module calls exactly
those functions; the only difference is that the Evaluator (engines, compiled modules,
route caches, the project layers it has seen) is kept warm per worker thread instead of
being built for every call.

A Decider belongs to ONE thread (regorus engines are thread-bound): the pool creates one
per worker thread and never shares it.
"""

from __future__ import annotations

import os

from ..claudecode.adapter import ADAPTER
from ..decide.pipeline import Evaluator, open_evaluator
from ..decide.types import Answer, Request
from ..policy import load_snapshot


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
        self.snapshot = load_snapshot(self.sources)
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
                loaded = load_snapshot(self.sources)
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
        self._evaluator: Evaluator | None = None
        self._generation = source.generation

    def warm(self) -> None:
        """Compile what the common events need before the first real request."""
        base = {"session_id": "warm-up", "transcript_path": "/dev/null", "cwd": os.getcwd()}
        samples: list[tuple[str, dict]] = [("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "git status"}, "tool_use_id": "w"}),
                   ("PreToolUse", {"tool_name": "Read", "tool_input": {"file_path": "/tmp/x"}, "tool_use_id": "w"}),
                   ("PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "true"}, "tool_use_id": "w",
                                    "tool_response": {"stdout": "", "stderr": ""}}),
                   ("UserPromptSubmit", {"prompt": "hello"}), ("Stop", {"stop_hook_active": False})]
        for name, extra in samples:
            try:
                self.evaluate(dict(base, hook_event_name=name, **extra), name, environ={}, decision_id=None)
            except Exception:  # noqa: BLE001 — a policy set that cannot decide these is reported per request
                pass

    def _current(self) -> Evaluator:
        """This thread's evaluator; rebuilt when the top snapshot changed (the Evaluator
        itself caches the org layer and the project layers per content revision)."""
        if self._evaluator is None or self._generation != self.source.generation:
            self._generation = self.source.generation
            self._evaluator = open_evaluator(ADAPTER, snapshot=self.source.snapshot, org=self.source.org_policies,
                                             project=self.source.project_policies)
        return self._evaluator

    def evaluate(self, hook: dict, event_name: str, *, environ: dict, decision_id: str | None) -> Answer:
        """The core's answer (output, exit code, the typed decision), as worker.compute gets it;
        raises on failure. It stays in this process, so it is never turned into JSON here."""
        evaluator = self._current()
        answer = evaluator.answer(Request(hook, event_name, environ=environ, decision_id=decision_id))
        evaluator.engine.take_prints()  # the engine keeps print() output until taken: the service has no use for it
        return answer
