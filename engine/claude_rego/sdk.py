"""The same policies for agents built on the Claude Agent SDK, as in-process hook callbacks.

    from claude_agent_sdk import ClaudeAgentOptions
    from claude_rego.sdk import PolicyHooks

    options = ClaudeAgentOptions(hooks=PolicyHooks().hooks())

The CLI sends `hook_callback` control requests; the SDK calls our async callback, which
answers with exactly the JSON `claude-rego hook` would print (same query document,
synthesis, output mapping, failure table and deadline), evaluated on a warm engine.

In-process means a native engine crash would take the agent down with it, so only
policies that pass `claude-rego check` are loaded (recursion, the known crash, is
refused). The engine is bound to the thread that created it, so all evaluation runs on
one dedicated daemon thread; callbacks from any event loop or thread queue onto it.
A hung evaluation gets the failure answer at the deadline and the thread is replaced.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
import time

from .audit import decisionlog
from .claudecode import output
from .claudecode.events import EVENTS, event_info
from .claudecode.hook import DEFAULT_DEADLINE
from .claudecode.install import TIMEOUT_MARGIN, governed_events, tool_matcher
from .decide.types import Request
from .policy import load_snapshot

# Events the Python Agent SDK can register callbacks for (claude_agent_sdk.types.HookEvent).
SDK_EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
              "SubagentStop", "PreCompact", "Notification", "SubagentStart", "PermissionRequest")


class PolicyRefused(Exception):
    """The policies did not pass `claude-rego check`; they are not loaded in process."""


class _EngineThread:
    """One daemon thread owning one Evaluator (regorus engines are thread-bound)."""

    def __init__(self, policies: dict, org: str | None = None, project: str | None = "auto"):
        self._policies, self._org, self._project = policies, org, project
        self._jobs: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="claude-rego-engine", daemon=True)
        self._thread.start()

    def submit(self, fn, *args) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._jobs.put((future, fn, args))
        return future

    def abandon(self) -> None:
        self._jobs.put(None)  # a hung job never reads this; a live thread exits on it

    def _run(self) -> None:
        from .claudecode.adapter import ADAPTER
        from .decide.pipeline import open_evaluator

        evaluator = None
        while True:
            job = self._jobs.get()
            if job is None:
                return
            future, fn, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                if evaluator is None:
                    evaluator = open_evaluator(ADAPTER, snapshot=self._policies, org=self._org, project=self._project)
                future.set_result(fn(evaluator, *args))
            except BaseException as exc:  # noqa: BLE001 — PanicException included
                future.set_exception(exc)


class PolicyHooks:
    """Hook callbacks for the Agent SDK, backed by one policy snapshot."""

    def __init__(self, policies: list[str] | None = None, *, deadline: float = DEFAULT_DEADLINE,
                 decision_log: str | None = None, org_policies: str | None = None,
                 project_policies: str | None = "auto"):
        """`policies`: exactly these sources (`"builtin:"` names the built-in pack; None = the
        built-in pack alone). The org and project layers apply as in the hook: the project
        layer (`auto`) comes from each input's project directory, and can only tighten."""
        self.snapshot = load_snapshot(policies)
        from .claudecode.vocabulary import VOCABULARY
        from .policy.check import check_modules, errors

        checked = [self.snapshot] + ([load_snapshot([org_policies])] if org_policies else [])
        problems = [p for snap in checked
                    for p in errors(check_modules([(m["path"], m["text"]) for m in snap["modules"]],
                                                   vocabulary=VOCABULARY))]
        if problems:
            raise PolicyRefused("policies failed `claude-rego check`:\n" + "\n".join(map(str, problems)))
        self.org_policies, self.project_policies = org_policies, project_policies
        self.deadline = deadline
        self.decision_log = decision_log  # default location (see claude_rego.audit.decisionlog)
        self._lock = threading.Lock()
        self._engine = _EngineThread(self.snapshot, org_policies, project_policies)

    # ------------------------------------------------------------------ evaluation
    def answer(self, hook_input: dict, event: str | None = None) -> dict:
        """The hook output for one input (blocking; any thread). Never raises."""
        name = event or hook_input.get("hook_event_name") or ""
        started = time.monotonic()
        decision_id = decisionlog.new_decision_id()
        future = self._engine_thread().submit(_decide, dict(hook_input), name, decision_id)
        try:
            out, decision = future.result(timeout=self.deadline)
            kind, error = "decision", None
        except concurrent.futures.TimeoutError:
            self._replace_engine()
            out, decision, kind, error = self._failure(name, "policy evaluation exceeded its deadline.", decision_id)
        except BaseException as exc:  # noqa: BLE001
            out, decision, kind, error = self._failure(
                name, f"policy evaluation failed ({type(exc).__name__}: {exc}).", decision_id)
        entry = decisionlog.record(decision_id=decision_id, event=name, hook_input=hook_input, result=out,
                                   decision=decision, kind=kind, error=error,
                                   latency_ms=round((time.monotonic() - started) * 1000, 2))
        entry["claude_rego"]["mode_of_delivery"] = "sdk"
        if self.decision_log == "off":  # as the hook's `--decision-log off`: nothing recorded
            return out
        if not decisionlog.append(self.decision_log, entry):
            note = "claude-rego: the decision log could not be written; this decision was not recorded."
            out = dict(out, systemMessage=f"{out['systemMessage']}\n{note}" if out.get("systemMessage") else note)
        return out

    async def callback(self, input_data, tool_use_id, context) -> dict:
        """The SDK hook callback: (input, tool_use_id, context) → hook output JSON."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.answer, dict(input_data))

    def hooks(self, events: list[str] | None = None, *, on_failure: str | None = None) -> dict:
        """`ClaudeAgentOptions.hooks`: event → [HookMatcher] for the events the policies govern.

        Our callback never raises: failures come back as the failure table's answer. So
        `on_failure` is not needed, and it is off by default because CLI 2.1.197 does not
        honour it (the SDK then refuses to connect); pass "block" for newer CLIs.
        """
        from claude_agent_sdk import HookMatcher

        wanted = [e for e in (events or governed_events(self.snapshot, confirm_dangerous=True)) if e in SDK_EVENTS]
        fields = getattr(HookMatcher, "__dataclass_fields__", {})
        result = {}
        for event in wanted:
            kwargs: dict = {"matcher": tool_matcher(self.snapshot, event) if event_info(event).tool_event else None,
                      "hooks": [self.callback], "timeout": self.deadline + TIMEOUT_MARGIN}
            if on_failure and "on_failure" in fields and event_info(event).blocks_on_failure:
                kwargs["on_failure"] = on_failure
            result[event] = [HookMatcher(**kwargs)]
        return result

    # --------------------------------------------------------------------- helpers
    def _engine_thread(self) -> _EngineThread:
        with self._lock:
            return self._engine

    def _replace_engine(self) -> None:
        with self._lock:
            self._engine.abandon()
            self._engine = _EngineThread(self.snapshot, self.org_policies, self.project_policies)

    @staticmethod
    def _failure(event: str, reason: str, decision_id: str):
        out, _, _ = output.failure(event_info(event), f"{reason} [claude-rego decision {decision_id}]")
        return (out if out is not None else {}), None, "failure", reason


def _decide(evaluator, hook_input: dict, event: str, decision_id: str):
    """(hook output, the typed decision) on the engine thread; the decision log reads the decision."""
    answer = evaluator.answer(Request(hook_input, event, decision_id=decision_id))
    return answer.output, answer.decision


__all__ = ["PolicyHooks", "PolicyRefused", "SDK_EVENTS", "EVENTS"]
