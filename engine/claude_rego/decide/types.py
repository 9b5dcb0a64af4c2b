"""The core's value types. Plain classes with `__slots__`: no dataclasses or typing on the
hot path (each costs the hook's child an import)."""

from __future__ import annotations

# The fields of a decision, in the order of its JSON form (the decision log and replay
# files keep this exact shape). `mcp_output` is present only when true; `revision` and
# `revisions` once the evaluator has stamped them; `decision_id` once `Evaluator.answer` has.
DECISION_FIELDS = ("event", "verdict", "reasons", "interrupt", "context", "system_message", "updated_input",
                   "updated_output", "permission_updates", "env", "by", "ignored", "notes", "monitored",
                   "provenance")


class Decision:
    """What the routed policies decided on one event: built by synthesis (decide/decision.py),
    completed by the evaluator (revisions, warnings, the decision id), then read by every
    consumer as attributes: the renderer, `explain`, the decision log, replay, the SDK, the
    service and `eval`. Its JSON form (`to_dict`) is made only where JSON is written: the
    hook's child sends it to its parent, `eval --format json` and `api.decide_hook` return it.

    verdict: the winning verdict verb (policy.verbs.DECISION_VERBS) or None (no opinion);
    reasons / by: its reasons and the policies that said it; interrupt: a deny that
    stops the turn; context / system_message: joined texts; updated_input /
    updated_output: a rewrite of the tool call or of its output (None: none);
    permission_updates, env: payloads; ignored, monitored, notes, provenance: what was
    dropped, what monitor-mode policies said, why, and who contributed what (layer,
    policy, verb); mcp_output: the output belongs to an MCP tool; revision / revisions:
    the top layer's and every layer's policy revision; decision_id: the id a deny quotes
    (None: not stamped, e.g. `eval`).
    """

    __slots__ = DECISION_FIELDS + ("mcp_output", "revision", "revisions", "decision_id")

    def __init__(self, event: str):
        self.event = event
        self.verdict: str | None = None
        self.reasons: list = []
        self.interrupt = False
        self.context: list = []
        self.system_message: list = []
        self.updated_input: dict | None = None
        self.updated_output: object = None
        self.permission_updates: list = []
        self.env: dict = {}
        self.by: list = []
        self.ignored: list = []
        self.notes: list = []
        self.monitored: list = []
        self.provenance: list = []
        self.mcp_output = False
        self.revision: object = None
        self.revisions: dict | None = None
        self.decision_id: str | None = None

    def to_dict(self) -> dict:
        """The decision's JSON form, in the key order the decision log's readers, replay files
        and `eval --format json` have always had: the fields, then `mcp_output` (only when
        true), `revision` and `revisions` (once stamped), `decision_id` (once stamped)."""
        out = {name: getattr(self, name) for name in DECISION_FIELDS}
        if self.mcp_output:
            out["mcp_output"] = True
        if self.revisions is not None:
            out["revision"], out["revisions"] = self.revision, self.revisions
        if self.decision_id is not None:
            out["decision_id"] = self.decision_id
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Decision:
        """A decision from its JSON form (the hook's parent reads its child's answer with it).
        Missing fields keep their defaults; unknown keys are ignored; a value that is not an
        object raises (as reading it as one always did)."""
        decision = cls(data.get("event") or "")
        for name in DECISION_FIELDS[1:] + ("revision", "revisions", "decision_id"):
            if name in data:
                setattr(decision, name, data[name])
        decision.mcp_output = bool(data.get("mcp_output"))
        return decision


class Request:
    """One hook input to decide: `hook` (the input object), `event` (its event name; the
    input's `hook_event_name` when None), `environ` (the environment the query document
    reads; os.environ when None), `resolver` (path resolution for the facts; the real file
    system when None) and `decision_id` (stamped on the decision, quoted by a deny)."""

    __slots__ = ("hook", "event", "environ", "resolver", "decision_id")

    def __init__(self, hook: dict, event: str | None = None, *, environ=None, resolver=None,
                 decision_id: str | None = None):
        self.hook, self.environ, self.resolver, self.decision_id = hook, environ, resolver, decision_id
        self.event: str = event or hook.get("hook_event_name") or ""


class Answer:
    """What the host gets for one request: `output` (the rendered answer, checked against
    the host's schema; None only with exit 2), `exit` (the exit code), `stderr`, and
    `decision` (the typed Decision, stamped with the request's decision id; None for a
    failure answer)."""

    __slots__ = ("output", "exit", "stderr", "decision")

    def __init__(self, output, exit: int, stderr: str = "", decision: Decision | None = None):
        self.output, self.exit, self.stderr, self.decision = output, exit, stderr, decision

    def to_dict(self) -> dict:
        """The answer's JSON form, as the hook's child sends it to its parent (the one place
        an answer crosses a process boundary)."""
        return {"output": self.output, "exit": self.exit, "stderr": self.stderr,
                "decision": None if self.decision is None else self.decision.to_dict()}
