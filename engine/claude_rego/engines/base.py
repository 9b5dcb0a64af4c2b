"""The engine interface: load Rego modules and data, evaluate rules against an input.

At this layer: plain primitives, no models. An engine knows Rego and JSON, never
Claude Code: no events, no verbs, no hook output. Everything above (which rules to
ask for, what their values mean) belongs to the decision layer. Implementations:
`regorus_engine.RegorusEngine` (embedded, the default) and, for fleets, an OPA
server over REST.
"""

from __future__ import annotations


class EngineError(Exception):
    """Loading or evaluation failed. The hook turns this into the failure answer."""


class PolicyEngine:
    """The interface (no `typing.Protocol`: importing typing costs the hot path ~3 ms).

    Capabilities are declared as class attributes, never probed: callers read them.
    """

    loads_incrementally = False  # True: load() may be called again with more modules

    def load(self, modules, data: dict) -> None:
        """Add (path, Rego text) modules and the base document `data`.

        Engines with `loads_incrementally = True` accept further calls with more modules
        (and `data` None); the others are loaded once with everything. Raises EngineError
        on a parse or compile error, naming the file.
        """
        raise NotImplementedError

    def evaluate(self, input_json: str, rules) -> dict:
        """Evaluate each rule path (e.g. `data.pkg.deny`) against one input.

        Returns {rule path: value} for the rules that are defined; undefined rules are
        absent. Set values come back as JSON arrays. Raises EngineError.
        """
        raise NotImplementedError

    def take_prints(self) -> list[str]:
        """Lines Rego `print()` produced since the last call (for the log, never stderr)."""
        raise NotImplementedError
