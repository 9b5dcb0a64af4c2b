"""The embedded engine: regorus (PyPI gordon-to-regorus, pinned), in this process.

Notes that shape this file (measured, see ../shared/engine-notes.md):
- Rust backtraces make every error ~8 ms slower: disabled before the import.
- The plain `eval_*` calls fail to convert sets of objects: always use `*_as_json`.
- An Engine is bound to its creating thread; misuse raises PanicException, a
  BaseException, so callers that must not crash catch BaseException.
- Some programs crash the process (self-recursion): the hook never runs this in the
  process that must answer (see `claude_rego._isolation`).
"""

from __future__ import annotations

import json
import os

os.environ["RUST_BACKTRACE"] = "0"
os.environ["RUST_LIB_BACKTRACE"] = "0"

import regorus

from . import builtins
from .base import EngineError, PolicyEngine

_UNDEFINED = '"<undefined>"'
# Rules asked for together are evaluated as one generated rule: one evaluation shares the
# helper rules every policy uses (segments, path sets, settings), where one call per rule
# would compute them again each time. A few distinct rule lists occur per policy set
# (event × tool class); past this many, rules are evaluated one by one.
_MAX_BATCHES = 64
_BATCH_PACKAGE = "claude_rego_engine_batch"


def _message(exc: BaseException) -> str:
    return str(exc).strip() or type(exc).__name__


class RegorusEngine(PolicyEngine):
    """PolicyEngine over one regorus.Engine (use from one thread only)."""

    loads_incrementally = True  # load() may be called again with more modules

    def __init__(self, *, gather_prints: bool = True, batch: bool = True):
        self._engine = regorus.Engine()
        self._batches: dict[tuple, str] | None = {} if batch else None
        builtins.register(self._engine)  # OPA builtins regorus lacks (crypto.*, net.cidr_*, …)
        if gather_prints:
            self._engine.set_gather_prints(True)

    def load(self, modules, data):
        try:
            for path, text in modules:
                self._engine.add_policy(path, text)
            if data:
                self._engine.add_data_json(json.dumps(data))
        except BaseException as exc:  # noqa: BLE001 — PanicException is a BaseException
            raise EngineError(_message(exc)) from None

    def evaluate(self, input_json, rules):
        results = {}
        try:
            self._engine.set_input_json(input_json)
            batch = self._batch_rule(rules) if len(rules) > 1 else None
            if batch is not None:
                return {rules[i]: value for i, value in json.loads(self._engine.eval_rule_as_json(batch))}
            for rule in rules:
                # eval_rule reports undefined as the string "<undefined>"; callers only
                # ask for set rules (never undefined), so that string means undefined.
                raw = self._engine.eval_rule_as_json(rule)
                if raw != _UNDEFINED:
                    results[rule] = json.loads(raw)
        except BaseException as exc:  # noqa: BLE001
            raise EngineError(_message(exc)) from None
        return results

    def _batch_rule(self, rules) -> str | None:
        """The path of a generated set rule holding [index, value of rules[index]] for each
        defined rule (an undefined rule adds nothing, as eval_rule would report it)."""
        if self._batches is None:
            return None
        key = tuple(rules)
        path = self._batches.get(key)
        if path is None:
            if len(self._batches) >= _MAX_BATCHES:
                return None
            number = len(self._batches)
            lines = [f"package {_BATCH_PACKAGE}.b{number}", "", "import rego.v1", ""]
            lines += [f"values contains [{i}, v] if v := {rule}" for i, rule in enumerate(rules)]
            path = f"data.{_BATCH_PACKAGE}.b{number}.values"
            self._engine.add_policy(f"<claude-rego batch {number}>", "\n".join(lines) + "\n")
            self._batches[key] = path
        return path

    def take_prints(self):
        try:
            return list(self._engine.take_prints())
        except BaseException:  # noqa: BLE001
            return []

    # Author tools (test runner, coverage) reach the underlying engine through this.
    @property
    def raw(self):
        return self._engine
