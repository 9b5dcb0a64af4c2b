"""What the core needs from a host protocol (Claude Code today), handed to it by the caller.

The core (`pipeline`, `decision`, `explain`) never imports the host's adapter: the
entry points (hook child, SDK, `api`, eval, the decision service) pass one in
(`claude_rego.claudecode.adapter.ADAPTER`). No `typing.Protocol`: importing typing
costs the hot path ~3 ms (see engines/base.PolicyEngine).

An event, as the core sees it, is any object with `name` (str) and `verbs` (the
policy verbs the event can carry); the adapter's own event type may carry more.
"""

from __future__ import annotations

from .types import Decision


class Adapter:
    """The host protocol's side of a decision: input → query document, decision → answer."""

    @property
    def vocabulary(self):
        """The host's names (policy/vocabulary.Vocabulary) that `check` validates a project
        layer's routing and facts references against when the core compiles one; None skips
        those checks. Read only then, so an adapter may import it on first use."""
        return None

    def event(self, name: str):
        """The event called `name` (an unknown name gets the host's unknown event)."""
        raise NotImplementedError

    def tool_class(self, tool: str) -> str | None:
        """The class of a tool name used by routing (e.g. `shell`, `mcp`), or None."""
        raise NotImplementedError

    def document(self, hook: dict, *, environ=None, resolver=None, facts=None) -> str:
        """The query document (`input`) for one hook input, as JSON text. `facts`: the names
        of the facts the routed policies can read (a frozenset of the snapshot's records,
        policy/snapshot.facts_needed), so the host may skip computing the others; None (the
        default) = every fact. A host may compute more than asked, never less."""
        raise NotImplementedError

    def origin_note(self, hook: dict) -> str | None:
        """A line naming where a judged command came from when the tool is not the host's
        shell (an MCP server's execute_command): added to a deny/ask whose reasons do not
        name the tool. None: nothing to say (the default)."""
        return None

    def render(self, event, decision: Decision) -> tuple[dict, int]:
        """(host output, exit code) for a decision (types.Decision, read as attributes) on `event`."""
        raise NotImplementedError

    def conforms(self, event, output) -> bool:
        """Would the host accept `output` as the answer on `event`? (the last check before answering)"""
        raise NotImplementedError

    def accepts(self, event, output, code: int) -> bool:
        """The one conformance check: an exit-0 output the host accepts on `event`.
        `Evaluator.answer` applies it to everything it renders; the hook's parent applies it
        again to what its child sent (a broken child can send anything)."""
        return code == 0 and self.conforms(event, output)

    def failure(self, event, reason: str) -> tuple[dict | None, int, str]:
        """(host output or None, exit code, stderr): the event's failure answer, saying `reason`."""
        raise NotImplementedError
