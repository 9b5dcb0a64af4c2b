"""Claude Code hook events: the one table everything else reads.

For each of the 33 events CLI 2.1.331 knows (2.1.197 knows the first 30; PreModelSwitch,
PostModelSwitch and DirectoryAdded are new in the 2.1.2xx-3xx line): which policy verbs it
can carry, which hookSpecificOutput it accepts, its failure answer and whether it is
registered with `onFailure: "block"`. The policy-contract document, the output mapping,
the failure table, `check` and `install` all derive from here, so a new event is one
row. Plain data: imported on the hook's hot path.
"""

from __future__ import annotations

from ..policy.verbs import ALL_VERBS, DECISION_VERBS, PAYLOAD_VERBS  # noqa: F401 — the table's vocabulary

# The Claude Code CLI versions claude-rego supports: the oldest supported and the newest
# pinned, oldest first. tests/e2e runs the real CLI of each; `doctor` warns outside the
# range. Adding a newer CLI: append it here and run the tests (README, "Supported
# Claude Code versions").
SUPPORTED_CLI = ("2.1.197", "2.1.331")
# The oldest version known to honour `onFailure` (2.1.197 ignores the key; versions in
# between were not measured).
ON_FAILURE_SINCE = "2.1.331"
NO_ON_FAILURE_UP_TO = "2.1.197"


# Failure answers (see docs/policy-contract.md §5).
FAIL_DENY = "deny"            # PreToolUse: permissionDecision deny
FAIL_PERMISSION_DENY = "permission_deny"  # PermissionRequest: decision.behavior deny
FAIL_BLOCK = "block"          # top-level decision: block
FAIL_DECLINE = "decline"      # Elicitation: action decline
FAIL_EXIT2 = "exit2"          # no JSON form can fail it: exit 2
FAIL_WARN = "warn"            # no opinion + systemMessage (never traps a session)

# The exact `onFailure` value registered where the failure table blocks. CLI 2.1.331
# drops the WHOLE hook entry on any other value (e.g. "deny"), silently; 2.1.197
# ignores the key. Never changed without the e2e suite under every supported CLI.
ON_FAILURE_BLOCK = "block"

# Events where the CLI ignores `onFailure` (2.1.331) and where blocking would trap a
# session anyway: never registered with it, whatever their failure answer.
ON_FAILURE_IGNORED = frozenset({"Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"})


class Event:
    """What one hook event can carry and how it fails."""

    __slots__ = ("name", "verbs", "specific", "failure", "tool_event", "matcher")

    def __init__(self, name, verbs, specific, failure, tool_event=False, matcher=None):
        self.name = name
        self.verbs = frozenset(verbs) | {"halt", "system_message"}
        self.specific = frozenset(specific)  # hookSpecificOutput fields it accepts (besides hookEventName)
        self.failure = failure
        self.tool_event = tool_event
        self.matcher = matcher  # the input field Claude Code matches `matcher` against

    @property
    def blocks_on_failure(self) -> bool:
        return self.failure in (FAIL_DENY, FAIL_PERMISSION_DENY, FAIL_BLOCK, FAIL_DECLINE, FAIL_EXIT2)

    @property
    def on_failure(self) -> str | None:
        """The `onFailure` value to register: "block" where the failure table blocks, else none.

        So a hook the CLI itself sees failing (timeout, crash before our wrapper, invalid
        JSON) blocks exactly where our own failure answer would have blocked.
        """
        if self.blocks_on_failure and self.name not in ON_FAILURE_IGNORED:
            return ON_FAILURE_BLOCK
        return None


_CTX = ("context",)
_BLOCK = ("deny",)

_EVENTS = (
    Event("PreToolUse", ("deny", "ask", "defer", "allow", "rewrite", "context"),
          ("permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"),
          FAIL_DENY, tool_event=True, matcher="tool_name"),
    Event("PostToolUse", _BLOCK + _CTX + ("replace_output",),
          ("additionalContext", "updatedToolOutput", "updatedMCPToolOutput"),
          FAIL_WARN, tool_event=True, matcher="tool_name"),
    Event("PostToolUseFailure", _BLOCK + _CTX, ("additionalContext",), FAIL_WARN,
          tool_event=True, matcher="tool_name"),
    Event("PostToolBatch", _BLOCK + _CTX, ("additionalContext",), FAIL_WARN),
    Event("Notification", _CTX, ("additionalContext",), FAIL_WARN, matcher="notification_type"),
    Event("UserPromptSubmit", _BLOCK + _CTX, ("additionalContext",), FAIL_BLOCK),
    Event("UserPromptExpansion", _BLOCK + _CTX, ("additionalContext",), FAIL_BLOCK,
          matcher="command_name"),
    Event("SessionStart", _CTX + ("env",), ("additionalContext",), FAIL_WARN, matcher="source"),
    Event("SessionEnd", (), (), FAIL_WARN, matcher="reason"),
    Event("Stop", _BLOCK + _CTX, ("additionalContext",), FAIL_WARN),
    Event("StopFailure", (), (), FAIL_WARN, matcher="error"),
    Event("SubagentStart", _CTX, ("additionalContext",), FAIL_WARN, matcher="agent_type"),
    Event("SubagentStop", _BLOCK + _CTX, ("additionalContext",), FAIL_WARN, matcher="agent_type"),
    Event("PreCompact", (), (), FAIL_WARN, matcher="trigger"),
    Event("PostCompact", (), (), FAIL_WARN, matcher="trigger"),
    Event("PermissionRequest", ("deny", "allow", "ask", "defer", "rewrite", "permission_update"),
          ("decision",), FAIL_PERMISSION_DENY, tool_event=True, matcher="tool_name"),
    Event("PermissionDenied", (), (), FAIL_WARN, tool_event=True, matcher="tool_name"),
    Event("Setup", _CTX + ("env",), ("additionalContext",), FAIL_WARN, matcher="trigger"),
    Event("TeammateIdle", _BLOCK, (), FAIL_WARN),
    Event("TaskCreated", _BLOCK, (), FAIL_WARN),
    Event("TaskCompleted", _BLOCK, (), FAIL_WARN),
    Event("Elicitation", _BLOCK, ("action", "content"), FAIL_DECLINE, matcher="mcp_server_name"),
    Event("ElicitationResult", _BLOCK, ("action", "content"), FAIL_DECLINE,
          matcher="mcp_server_name"),
    Event("ConfigChange", _BLOCK, (), FAIL_BLOCK, matcher="source"),
    Event("WorktreeCreate", (), ("worktreePath",), FAIL_EXIT2),
    Event("WorktreeRemove", (), (), FAIL_WARN),
    Event("InstructionsLoaded", (), (), FAIL_WARN, matcher="load_reason"),
    Event("CwdChanged", ("env",), ("watchPaths",), FAIL_WARN),
    Event("FileChanged", ("env",), ("watchPaths",), FAIL_WARN, matcher="file_path"),
    Event("MessageDisplay", (), ("displayContent",), FAIL_WARN),
    # New in CLI 2.1.331 (cli-2.1.331.md §2.1). PreModelSwitch takes PreToolUse's
    # permission contract: deny cancels the switch, ask confirms (refused headless).
    Event("PreModelSwitch", ("deny", "ask", "allow"), ("permissionDecision", "permissionDecisionReason"),
          FAIL_DENY),
    Event("PostModelSwitch", _CTX, ("additionalContext",), FAIL_WARN),
    # No output at all; exit 2 does not stop the directory being added.
    Event("DirectoryAdded", (), (), FAIL_WARN),
)

EVENTS: dict[str, Event] = {e.name: e for e in _EVENTS}

# Events `install` never registers unless asked: registering WorktreeCreate/Remove
# REPLACES Claude Code's own worktree handling; MessageDisplay fires per streamed chunk.
NEVER_REGISTER_BY_DEFAULT = frozenset({"WorktreeCreate", "WorktreeRemove", "MessageDisplay"})

# Unknown (future) events: only the common verbs, and no opinion on failure.
UNKNOWN_EVENT = Event("<unknown>", (), (), FAIL_WARN)

# Claude Code tools by class, so rules keyed on a class survive renamed or new tools.
TOOL_CLASSES = {
    "Bash": "shell", "BashOutput": "shell", "KillShell": "shell", "KillBash": "shell",
    "PowerShell": "shell",
    "Read": "file-read", "Glob": "file-read", "Grep": "file-read", "LS": "file-read",
    "NotebookRead": "file-read",
    "Write": "file-write", "Edit": "file-write", "MultiEdit": "file-write",
    "NotebookEdit": "file-write",
    "WebFetch": "network", "WebSearch": "network",
    "Task": "agent", "Agent": "agent",
}
SHELL_TOOLS = frozenset({"Bash", "PowerShell"})


def event_info(name: str) -> Event:
    return EVENTS.get(name, UNKNOWN_EVENT)


def tool_class(tool_name: str) -> str:
    if tool_name.startswith("mcp__"):
        return "mcp"
    return TOOL_CLASSES.get(tool_name, "other")


def split_mcp(tool_name: str):
    """`mcp__server__tool` → {"server", "tool"}; server names may not contain `__`."""
    if not tool_name.startswith("mcp__"):
        return None
    server, _, tool = tool_name[5:].partition("__")
    return {"server": server, "tool": tool}
