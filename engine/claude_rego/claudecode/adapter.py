"""The Claude Code adapter the core decides through (decide/adapter.Adapter).

Every entry point passes `ADAPTER` to `decide.pipeline.open_evaluator`. The hook's parent
imports it too (to check its child's answer, `Adapter.accepts`), so the query document's
builder (and the facts under it) is imported only where a document is built, and the
vocabulary `check` validates against (`vocabulary`) only where policies are checked.
"""

from __future__ import annotations

import json

from ..decide.adapter import Adapter
from ..decide.types import Decision
from . import hookinput, output
from .events import event_info, tool_class


class ClaudeCode(Adapter):
    __slots__ = ()

    def event(self, name: str):
        return event_info(name)

    def tool_class(self, tool: str) -> str | None:
        return tool_class(tool)

    def document(self, hook: dict, *, environ=None, resolver=None, facts=None) -> str:
        from . import query  # the facts: the hook's parent never builds a document (see the docstring)

        capped, truncated = hookinput.cap_strings(hook)
        return json.dumps(query.build(capped, truncated=truncated, environ=environ, resolver=resolver, needs=facts))

    def render(self, event, decision: Decision) -> tuple[dict, int]:
        return output.render(event, decision)

    def conforms(self, event, out) -> bool:
        return output.conforms(event, out)

    def failure(self, event, reason: str) -> tuple[dict | None, int, str]:
        return output.failure(event, reason)

    @property
    def vocabulary(self):
        from .vocabulary import VOCABULARY  # only where policies are checked: never on the hot path

        return VOCABULARY


ADAPTER = ClaudeCode()
