"""Claude Code's vocabulary for `check` (policy/vocabulary.Vocabulary): the event and
tool tables, and the query-document contract's facts.

Built from plain tables; the contract (pydantic) is imported only when `check` first
reads the facts' schema. `ADAPTER.vocabulary` imports this module on first use, so the
hook's hot path never does.
"""

from __future__ import annotations

from ..policy.vocabulary import Vocabulary
from .events import EVENTS, SUPPORTED_CLI, TOOL_CLASSES


def _facts_schema() -> dict:
    from .contract import Facts

    return Facts.model_json_schema(by_alias=True)


VOCABULARY = Vocabulary(
    "Claude Code", SUPPORTED_CLI[-1],
    events=EVENTS,
    tools=TOOL_CLASSES,
    tool_classes=set(TOOL_CLASSES.values()) | {"mcp", "other"},  # events.tool_class: mcp__* and the rest
    tool_events=[name for name, event in EVENTS.items() if event.tool_event],
    event_verbs={name: event.verbs for name, event in EVENTS.items()},
    facts_schema=_facts_schema,
)
