"""The Claude Code adapter the core decides through (decide/adapter.Adapter).

Every entry point passes `ADAPTER` to `decide.pipeline.open_evaluator`. Imports only
what the core imported from here before the inversion (the hook's hot path).
"""

from __future__ import annotations

import json

from ..decide.adapter import Adapter
from . import hookinput, output, query
from .events import event_info, tool_class


class ClaudeCode(Adapter):
    __slots__ = ()

    def event(self, name: str):
        return event_info(name)

    def tool_class(self, tool: str) -> str | None:
        return tool_class(tool)

    def document(self, hook: dict, *, environ=None, resolver=None) -> str:
        capped, truncated = hookinput.cap_strings(hook)
        return json.dumps(query.build(capped, truncated=truncated, environ=environ, resolver=resolver))

    def render(self, event, decision: dict) -> tuple[dict, int]:
        return output.render(event, decision)


ADAPTER = ClaudeCode()
