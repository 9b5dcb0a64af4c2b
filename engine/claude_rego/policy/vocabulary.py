"""The host's vocabulary: the names `check` validates routing and facts references against.

`policy/` is the Rego toolchain and does not know the host protocol. The host's events,
tools and query-document facts come in as a `Vocabulary`, built by the host's adapter
(Claude Code's: `claudecode.vocabulary.VOCABULARY`, also `ADAPTER.vocabulary`) and passed
down by the caller: `check(…, vocabulary=…)`, `compile_sources(…, vocabulary=…)`, the
project layer (through the adapter), activation and bundle builds.

Without one (`vocabulary=None`, e.g. a library user calling `check` directly), `check`
runs every host-independent check and skips the host-specific ones: routing names
(`unknown-event`, `unknown-tool`, `unknown-tool-class`, `routing-matches-nothing`),
`verb-event`, and `input.facts.*` field names (`input-path` below `facts`). Every command
line, the SDK, the decision service and the wheel build pass Claude Code's.

Plain values only (no pydantic, no typing): the facts schema is a callable, computed on
first use and kept.
"""

from __future__ import annotations


class Vocabulary:
    """What a host protocol names: events, tools, tool classes, and the facts' schema."""

    __slots__ = ("host", "version", "events", "tools", "tool_classes", "tool_events", "event_verbs",
                 "_facts_schema", "_schema")

    def __init__(self, host: str, version: str, *, events, tools, tool_classes, tool_events, event_verbs,
                 facts_schema):
        self.host = host  # e.g. "Claude Code", in findings
        self.version = version  # the newest host version the tables describe, in findings
        self.events = tuple(events)  # event names the host sends (in the table's order: suggestions)
        self.tools = tuple(tools)  # tool names routing may name without a pattern (likewise)
        self.tool_classes = frozenset(tool_classes)  # tool classes routing may name
        self.tool_events = frozenset(tool_events)  # the events that carry a tool call
        self.event_verbs = {name: frozenset(verbs) for name, verbs in event_verbs.items()}  # what each can carry
        self._facts_schema = facts_schema  # () -> the JSON schema of `input.facts`
        self._schema: dict | None = None

    def facts_schema(self) -> dict:
        """The JSON schema of the query document's `input.facts` (computed once)."""
        schema = self._schema
        if schema is None:
            schema = self._schema = self._facts_schema()
        return schema
