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

    def origin_note(self, hook: dict) -> str | None:
        """For a tool other than the shell that runs a command line (facts.effects.exec: the
        shell policies judged it like Bash's), the tool and the fields it came from."""
        tool, tool_input = hook.get("tool_name"), hook.get("tool_input")
        if not isinstance(tool, str) or tool_class(tool) == "shell" or not isinstance(tool_input, dict):
            return None
        from ..facts.paths import tool_effects  # loaded already: the document was built

        execs = tool_effects(tool, tool_input)["exec"]
        fields = sorted({e["field"] for e in execs})
        if not fields:
            return None
        later = [e for e in execs if e.get("runlater") and isinstance(e.get("file"), str)]
        if later and len(later) == len(execs):
            files = sorted({e["file"] for e in later})
            runs = sorted({str(e.get("runs", ""))[:60] for e in later if e.get("runs")})
            shown = ", ".join(f"`{f[:120]}`" for f in files[:3]) + (", …" if len(files) > 3 else "")
            what = ", ".join(f"`{r}`" for r in runs[:3]) + (", …" if len(runs) > 3 else "")
            return (f"(The command is written by `{tool[:120]}` into {shown} ({what}), which runs it later; "
                    "it was judged like the same command in Bash.)")
        shown = ", ".join(f"`{f[:60]}`" for f in fields[:3]) + (", …" if len(fields) > 3 else "")
        return f"(The command comes from `{tool[:120]}` ({shown}) and was judged like the same command in Bash.)"

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
