"""`claude-rego eval`'s explanation: which layer, policy, rule and file:line decided, and why
the other policies did not. Authoring time only (loads a coverage-enabled engine)."""

from __future__ import annotations

import json

from ..policy.snapshot import engine_switch, routes
from ..policy.verbs import DECISION_VERBS
from .types import Decision


def fired_rules(snapshot: dict, package: str, verb: str, document: str, items: list | None = None) -> list[str]:
    """file:line of the definitions of `package.verb` that produced a value for this input:
    their head line is covered when evaluated with coverage on; where a body shares the
    head's line, a definition whose head is a literal not among the produced items did not."""
    from ..engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    engine.raw.set_enable_coverage(True)
    engine.load([(m["path"], m["text"]) for m in snapshot["modules"]], snapshot.get("data") or {})
    produced = engine.evaluate(document, [f"data.{package}.{verb}"]).get(f"data.{package}.{verb}") or []
    items = produced if items is None else items
    covered = {entry["path"]: set(entry["covered"])
               for entry in json.loads(engine.raw.get_coverage_report_as_json()).get("files", [])}
    policy = next((p for p in snapshot["policies"] if p["package"] == package), None) or {}
    sites = (policy.get("locations") or {}).get(verb, [])
    fired = [site for site in sites if int(site.rsplit(":", 1)[1]) in covered.get(site.rsplit(":", 1)[0], ())]
    if len(fired) > 1:
        literals = _literal_heads(engine, package, verb)
        fired = [site for site in fired if site not in literals or literals[site] in items] or fired
    return fired or sites


def _literal_heads(engine, package: str, verb: str) -> dict[str, object]:
    """file:line → the literal a `verb contains <literal> if …` definition produces."""
    from ..policy.astview import parse
    from ..policy.astview import ref_path as _ref_path

    found = {}
    for module in parse(engine.raw.get_ast_as_json()):
        if _ref_path(module["ast"]["package"]["refr"]) != package:
            continue
        for rule in module["ast"]["rules"]:
            head = ((rule.get("Spec") or {}).get("head") or {}).get("Set")
            if not isinstance(head, dict) or _ref_path(head.get("refr")) != verb:
                continue
            key = head.get("key") or {}
            literal = next((v["value"] for k, v in key.items() if k in ("String", "RawString", "Number", "Bool")
                            and isinstance(v, dict) and "value" in v), None) if isinstance(key, dict) else None
            if literal is not None:
                found[f"{module['source']['file']}:{head['refr'][next(iter(head['refr']))]['span']['line']}"] = literal
    return found


def explain(evaluator, hook: dict, event_name: str, decision: Decision, *, environ=None) -> list[str]:
    """Human lines, the answer first."""
    layers, _ = evaluator.layers_for(hook, environ)
    contributions = evaluator.contributions(event_name, hook, environ=environ, layers=layers)
    document = evaluator.adapter.document(hook, environ=environ)
    tool = hook.get("tool_name") if isinstance(hook.get("tool_name"), str) else None
    tool_class = evaluator.adapter.tool_class
    verdict = decision.verdict
    lines = [f"{event_name}{' ' + tool if tool else ''}: {verdict or 'no opinion'}"
             + (f" — {'; '.join(decision.reasons)}" if decision.reasons else "")]
    by_layer = {layer.name: layer for layer in layers}
    deciders = [p for p in decision.provenance if p["verb"] == verdict and p["policy"] in decision.by]
    for item in deciders:
        layer = by_layer.get(item["layer"])
        package = next((p["package"] for p in layer.snapshot["policies"] if p["name"] == item["policy"]), None) \
            if layer else None
        sites = fired_rules(layer.snapshot, package, verdict, document) if package and layer and verdict else []
        lines.append(f"  decided by: {item['layer']} layer, policy {item['policy']}, rule {verdict}"
                     + (f" at {', '.join(sites)}" if sites else ""))
    if "claude-rego" in decision.by:
        lines.append("  decided by: claude-rego itself (" + "; ".join(decision.reasons) + ")")
    if decision.updated_input is not None:
        lines.append(f"  rewritten input: {json.dumps(decision.updated_input)}")
    said = {(c.layer, c.policy) for c in contributions if c.items}
    rank = {verb: i for i, verb in enumerate(DECISION_VERBS)}
    others = []
    for c in contributions:
        if not c.items or (c.policy in decision.by and c.verb == verdict):
            continue
        why = None
        if c.mode == "monitor":
            why = "monitor mode: computed and logged, not enforced"
        elif any(i.get("policy") == c.policy and i.get("verb") == c.verb for i in decision.ignored):
            match = next(i for i in decision.ignored if i.get("policy") == c.policy and i.get("verb") == c.verb)
            why = match.get("reason") or f"{event_name} cannot carry `{c.verb}`"
        elif c.verb in rank and verdict in rank and rank[c.verb] > rank[verdict]:
            why = f"outranked: {verdict} wins over {c.verb}"
        elif c.verb not in rank:
            why = "applied (not a verdict)"
        others.append(f"  {c.layer}/{c.policy}: {c.verb} {json.dumps(c.items)[:160]} — {why or 'applied'}")
    for layer in layers:
        disabled = engine_switch(layer.snapshot, "disabled_policies")
        for policy in layer.snapshot["policies"]:
            key = (layer.name, policy["name"])
            if key in said:
                continue
            if policy["name"] in disabled:
                others.append(f"  {layer.name}/{policy['name']}: disabled (claude_rego.engine.disabled_policies)")
            elif not routes(policy.get("routing") or {}, event_name, tool, tool_class(tool) if tool else None):
                continue  # not routed here: counted below
            else:
                others.append(f"  {layer.name}/{policy['name']}: routed, evaluated, no opinion")
    not_routed = sum(1 for layer in layers for policy in layer.snapshot["policies"]
                     if not routes(policy.get("routing") or {}, event_name, tool, tool_class(tool) if tool else None))
    if others or not_routed:
        lines.append("  the others:")
        lines += others
        if not_routed:
            lines.append(f"  {not_routed} policies are not routed to {event_name}{' / ' + tool if tool else ''}")
    lines.append("  layers: " + ", ".join(f"{layer.name} ({layer.snapshot.get('revision')})" for layer in layers))
    return lines
