"""One hook invocation, in process: hook input → query document → engine → decision → output.

This is the whole evaluation, read top-down. It raises on any failure; turning
failures into the event's failure answer (and surviving native crashes and hangs)
is the caller's job: `claude_rego.claudecode.hook` runs this in a forked child, `claude_rego.api`
wraps it for in-process callers. The host protocol (events, the query document, the
rendered answer) comes in as an `adapter.Adapter`: the core never imports it.

One decision core: the hook child (`worker`), the SDK (`sdk.PolicyHooks`), `api`
(and so `replay` and `test --fixtures`), `eval` and the decision service all get their
evaluator from `open_evaluator` and call `Evaluator.answer(types.Request)` → `types.Answer`
(its `decision` is the typed `types.Decision`), so the managed/top layer, the org and
project layers, monitor mode, rewrite re-evaluation, the rendering and the conformance
check are the same for all of them.
"""

from __future__ import annotations

import os

from ..policy.snapshot import facts_needed, loaded_text, needed_modules, policy_mode, routed_rules
from . import decision as synth
from .types import Answer, Decision, Request

# Why `Evaluator.answer` refused a rendered output (the caller answers with the event's failure answer).
REJECTED = "output would be rejected by the CLI"


class Layer:
    """One policy layer: managed (enterprise) at the top; org and project below it can
    only tighten (see decision.TIGHTENING_VERBS). Each has its own engine, so a lower
    layer can neither shadow nor break a managed package."""

    __slots__ = ("name", "snapshot", "engine", "indexed", "_routes", "_loaded", "_needs", "_ensured")

    def __init__(self, name: str, snapshot: dict, engine=None, *, indexed: bool = True):
        if engine is None:
            from ..engines.regorus_engine import RegorusEngine
            engine = RegorusEngine()
        self.name, self.snapshot, self.engine = name, snapshot, engine
        # the rule-indexed texts (policy/index.py: the same values, fewer bodies visited per
        # evaluation, a little more to parse and prepare): for engines that decide many times
        self.indexed = indexed
        self._routes: dict = {}
        self._needs: dict = {}
        self._ensured: set[tuple] = set()  # routed policy lists whose modules are loaded
        # An engine that can take modules one batch at a time gets only the modules the
        # evaluated rules need, as they are needed: a hook process for one event parses and
        # compiles a fraction of the policy set (a Stop hook: the Stop policies and their
        # libraries). Others (an OPA server) get everything at once.
        if engine.loads_incrementally and needed_modules(snapshot, []) is not None:
            engine.load([], snapshot.get("data") or {})
            self._loaded: set[str] | None = set()
        else:
            engine.load([(m["path"], self._text(m)) for m in snapshot["modules"]], snapshot.get("data") or {})
            self._loaded = None

    def ensure_loaded(self, routed) -> None:
        """Load the modules the routed policies need and the engine does not have yet."""
        if self._loaded is None or len(self._loaded) == len(self.snapshot["modules"]):
            return
        key = tuple(policy["name"] for policy, _, _ in routed)
        if key in self._ensured:
            return  # (the dependency walk once per routed list, not once per decision)
        needed = needed_modules(self.snapshot, [policy for policy, _, _ in routed])
        missing = [module for module in (self.snapshot["modules"] if needed is None else needed)
                   if module["path"] not in self._loaded]
        if missing:
            self.engine.load([(m["path"], self._text(m)) for m in missing], None)
            self._loaded.update(m["path"] for m in missing)
        if len(self._ensured) < 256:
            self._ensured.add(key)

    def _text(self, module: dict) -> str:
        return loaded_text(module) if self.indexed else module["text"]

    def facts_needed(self, routed) -> frozenset[str] | None:
        """The facts the routed policies can read (snapshot.facts_needed; None = every fact),
        from the compiled snapshot alone: the input cannot change which facts are computed."""
        key = tuple(policy["name"] for policy, _, _ in routed)
        if key not in self._needs:
            if len(self._needs) >= 256:
                self._needs.clear()
            self._needs[key] = facts_needed(self.snapshot, [policy for policy, _, _ in routed])
        return self._needs[key]

    def routed(self, event_name: str, tool: str | None, tool_cls: str | None = None) -> list:
        """(policy, rule, mode) to evaluate for this event and tool (of class `tool_cls`);
        a snapshot is immutable once loaded, so the answer is computed once per (event, tool)."""
        key = (event_name, tool)
        found = self._routes.get(key)
        if found is None:
            found = [(policy, rule, policy_mode(self.snapshot, policy))
                     for policy, rule in routed_rules(self.snapshot, event_name, tool, tool_cls)]
            if len(self._routes) < 256:  # tool names come from the input: bound the cache
                self._routes[key] = found
        return found


def open_evaluator(adapter, sources: list[str] | None = None, *, engine=None, org: str | None = None,
                   project: str | None = "auto", snapshot: dict | None = None, indexed: bool = True) -> Evaluator:
    """The evaluator every caller uses: `adapter` (the host protocol, see adapter.Adapter),
    `sources` (exact, see snapshot.compose for what a command line means; None = the
    built-in pack) as the top layer, the org layer below it, and the project layer
    (`auto`: <project>/.claude/policies of each input; `off`; a path). `indexed=False` for
    an evaluator that decides once (the command hook's fresh child): the rule index saves
    ~1 ms per warm decision and costs ~2–3 ms to parse and prepare (same decisions)."""
    from ..policy import load_snapshot as load

    return Evaluator(adapter, snapshot if snapshot is not None else load(sources), engine, org=org, project=project,
                     indexed=indexed)


class Evaluator:
    """Loaded policy layers, ready to decide hook inputs (one thread).

    The top layer is fixed; the org layer loads on first use; the project layer depends on
    each input's project directory, so it is resolved per decision (cached per content)."""

    def __init__(self, adapter, snapshot: dict, engine=None, *, lower_layers: list[tuple[str, dict]] | tuple[()] = (),
                 org: str | None = None, project: str | None = "off", indexed: bool = True):
        self.adapter = adapter
        self.indexed = indexed
        self.layers = [Layer(synth.TOP_LAYER, snapshot, engine, indexed=indexed)]
        self.layers += [Layer(name, lower, indexed=indexed) for name, lower in lower_layers]
        self.snapshot = snapshot
        self.engine = self.layers[0].engine
        self.warnings: list[str] = []  # e.g. a project layer that was ignored
        self.org, self.project = org, project or "auto"
        self._org_layer: Layer | None = None
        self._project_layers: dict[str, Layer] = {}

    def layers_for(self, hook: dict, environ=None) -> tuple[list[Layer], list[str]]:
        """The layers that decide this input, top first, and warnings about ignored ones."""
        layers, warnings = list(self.layers), list(self.warnings)
        if self.org:
            if self._org_layer is None:
                from ..policy import load_snapshot as load

                self._org_layer = Layer("org", load([self.org]), indexed=self.indexed)
            layers.append(self._org_layer)
        if self.project != "off":
            from .layers import LayerRefused, cache_dir, load_project_layer, project_policies_dir

            path = self.project if self.project != "auto" else \
                project_policies_dir(hook, os.environ if environ is None else environ)
            if path:
                try:
                    lower = load_project_layer(path, cache_dir(), self.adapter.vocabulary)
                except (LayerRefused, OSError, ValueError) as exc:
                    warnings.append(f"claude-rego: {exc}")
                else:
                    key = f"{path}\0{lower.get('revision')}"
                    layer = self._project_layers.get(key)
                    if layer is None:
                        if len(self._project_layers) >= 8:
                            self._project_layers.clear()
                        layer = self._project_layers[key] = Layer("project", lower, indexed=self.indexed)
                    layers.append(layer)
        return layers, warnings

    def contributions(self, event_name: str, hook: dict, *, environ=None, resolver=None, layers=None) -> list:
        """Evaluate every policy routed to this event/tool, layer by layer; one Contribution
        per defined verb."""
        if layers is None:
            layers, _ = self.layers_for(hook, environ)
        tool = hook.get("tool_name") if isinstance(hook.get("tool_name"), str) else None
        tool_cls = self.adapter.tool_class(tool) if tool else None
        plan = [(layer, routed) for layer in layers if (routed := layer.routed(event_name, tool, tool_cls))]
        if not plan:
            return []  # nothing routed in any layer: no document to build
        # The facts are computed for what the routed rules of every layer can read (the
        # union; None = all of them). The rewritten input's evaluation asks the same.
        needs: frozenset[str] | None = frozenset()
        for layer, routed in plan:
            read = layer.facts_needed(routed)
            needs = None if read is None or needs is None else needs | read
        document = self.adapter.document(hook, environ=environ, resolver=resolver, facts=needs)
        found = []
        for layer, routed in plan:
            layer.ensure_loaded(routed)
            values = layer.engine.evaluate(document, [rule for _, rule, _ in routed])
            found += [synth.Contribution(policy["name"], rule.rsplit(".", 1)[1], values[rule], layer.name, mode)
                      for policy, rule, mode in routed if rule in values]
        return found

    def decide_typed(self, hook: dict, *, event_name: str | None = None, environ=None, resolver=None) -> Decision:
        """The synthesized decision for one hook input (raises on any failure): the
        contributions of every layer, synthesised, a rewritten input evaluated again, then
        the revisions and the warnings about ignored layers stamped on it."""
        name = event_name or hook.get("hook_event_name") or ""
        event = self.adapter.event(name)
        layers, warnings = self.layers_for(hook, environ)
        found = self.contributions(name, hook, environ=environ, resolver=resolver, layers=layers)
        decision = synth.synthesize(event, hook, found)
        if decision.updated_input is not None and decision.verdict not in ("halt", "deny"):
            rewritten = dict(hook, tool_input=decision.updated_input)
            again = synth.synthesize(event, rewritten, self.contributions(name, rewritten, environ=environ,
                                                                          resolver=resolver, layers=layers))
            decision = synth.after_rewrite(decision, again)
        if decision.verdict in ("halt", "deny", "ask") and decision.reasons:
            note = getattr(self.adapter, "origin_note", lambda _hook: None)(hook)
            tool = hook.get("tool_name")
            if note and not any(f"`{tool}`" in reason for reason in decision.reasons):
                decision.reasons = decision.reasons + [note]
        decision.revision = self.snapshot.get("revision")
        decision.revisions = {layer.name: layer.snapshot.get("revision") for layer in layers}
        decision.system_message += warnings
        return decision

    def decide(self, hook: dict, *, event_name: str | None = None, environ=None, resolver=None) -> dict:
        """`decide_typed` in its JSON form (types.Decision.to_dict): `api.Evaluator` is public,
        and library callers of this method have always read a dict."""
        return self.decide_typed(hook, event_name=event_name, environ=environ, resolver=resolver).to_dict()

    def answer(self, request: Request) -> Answer:
        """The one entry point: decide, stamp the decision id, render through the adapter and
        check the output conforms (raises ValueError(REJECTED) if not; raises on any failure)."""
        decision = self.decide_typed(request.hook, event_name=request.event, environ=request.environ,
                                     resolver=request.resolver)
        decision.decision_id = request.decision_id  # a deny quotes it (None: not stamped, never logged as null)
        event = self.adapter.event(request.event)
        out, code = self.adapter.render(event, decision)
        if not self.adapter.accepts(event, out, code):
            raise ValueError(REJECTED)
        return Answer(out, code, "", decision)
