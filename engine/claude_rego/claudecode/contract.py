"""The query document as pydantic models: the one source of its JSON Schemas.

Off the hot path (pydantic model building costs ~100 ms): used by `claude-rego
schema`, the shipped schema files (claude_rego/claudecode/schemas/), `check`, and contract tests
that validate the documents `query.build` really produces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from .. import CONTRACT_VERSION
from .events import EVENTS

SCHEMA_DIR = Path(__file__).with_name("schemas")


class _Open(BaseModel):
    """Claude Code adds fields over time: tolerate unknown ones."""
    model_config = ConfigDict(extra="allow")


class _Closed(BaseModel):
    """Our own facts: exactly these keys (a typo in a policy reference is a bug)."""
    model_config = ConfigDict(extra="forbid")


class Redirect(_Closed):
    op: str
    target: str
    fd: int | None = None
    dup: bool = False


class Segment(_Open):
    id: int
    parent: int | None
    context: str = Field(description="top, subshell, group, substitution, process_substitution, shell_c, eval, xargs, find_exec, function_body")
    depth: int
    pipeline: int
    operator: str | None = Field(description="What joined it to the previous segment: | |& && || ; & newline")
    argv: list[str]
    command: str = Field(description="Basename of argv[0], after wrapper prefixes are stripped")
    args: list[str]
    raw_words: list[str]
    wrappers: list[str] = Field(description="Stripped wrapper commands, e.g. sudo, env, timeout, xargs")
    assignments: dict[str, str]
    redirects: list[Redirect]
    opaque: bool
    opaque_reasons: list[str]
    resolved_argv: list[str] | None = None
    resolved_command: str | None = None
    config_exec: list[dict[str, str]] | None = Field(
        default=None, description="Settings that make a tool run a program later: {tool, key, value} (git exec keys, "
                                  "npm script-shell, PAGER/GIT_SSH_COMMAND/BASH_ENV… assignments)")
    name: str | None = Field(default=None, description="The program, lowercased, after a resolved variable and "
                                                          "busybox (set by the facts layer's views)")
    args_raw: list[str] | None = Field(default=None, description="The arguments after the busybox applet, when "
                                                                    "they differ from args")
    args_expanded: list[str] | None = Field(default=None, description="args_raw with a leading known $VAR, $HOME, "
                                                                         "$USER or $1 expanded, when that changes them")
    family: str | None = Field(default=None, description="Interpreter family of the program (shell, python, …) "
                                                            "or empty")


class ShellIndex(_Closed):
    redirects: list[int]
    assignments: list[int]
    wrappers: list[int]
    config_exec: list[int]
    opaque: list[int]
    dollar: list[int] = Field(description="Segments with a raw argument starting with $")
    dollar_anywhere: list[int] = Field(description="Segments with a raw argument containing $ anywhere")
    contexts: dict[str, list[int]] = Field(description="Segment ids by context (top excluded)")
    cd: bool = Field(description="Some segment runs cd or pushd")
    pieces: dict[str, list[int]] = Field(description="Argument pieces (f=@.env gives f=@.env, f, .env) to segment ids")
    maybe_secret_pieces: list[str] | None = Field(default=None, description=(
        "The pieces secrets_access tests as words: those that hold a / or may name a secret file, less the "
        "path-like ones that can only resolve to paths marked maybe_secret false"))
    args: dict[str, list[int]] = Field(description="Every distinct argument (expanded, as shell.args gives it, flags "
                                                   "included) to the ids of the segments that have it")


class Shell(_Closed):
    segments: list[Segment]
    opaque: bool = Field(description="True when the parser cannot tell what would run")
    opaque_reasons: list[str]
    error: str | None
    by_name: dict[str, list[int]] | None = Field(default=None, description="Segment ids by program name")
    index: ShellIndex | None = None


class PathFact(_Open):
    raw: str
    absolute: str
    resolved: str
    inside_project: bool | None
    resolved_inside_project: bool | None
    traversal: bool
    via_symlink: bool
    name: str
    name_folded: str
    absolute_folded: str
    home_relative: str | None
    invalid: bool = False
    glob: bool = Field(False, description="The raw path holds a pattern (* ? [..]): it names every path it matches")
    maybe_secret: bool | None = Field(default=None, description="False when the path cannot be a secret file or "
                                                                   "location (a necessary condition of lib/paths.rego's "
                                                                   "is_secret, computed once by the facts layer)")
    field: str
    source: Literal["tool_input", "redirect", "argument"]
    segment: int | None = None
    access: Literal["read", "write", "list", "unknown"] | None = Field(
        None, description="What the tool does with a tool_input path; null for shell-derived paths (the command says)")
    unresolved: bool | None = Field(default=None, description="Part of the shell word is only known at run time "
                                                                 "($VAR, $(…)): absolute is not where it points")
    known_prefix: str | None = Field(default=None, description="For an unresolved path: the absolute directory "
                                                                  "before the unknown part (null: nothing is known)")
    link_in_command: bool | None = Field(default=None, description="resolved follows a link made earlier in the "
                                                                      "same command (ln -s, cp -s, mv)")


class NetworkEffect(_Open):
    field: str
    url: str
    scheme: str
    host: str = Field(description="The host as a URL parser connects to it: NFKC, ideographic full stops as dots, "
                                  "lower case, no trailing dot, numeric IPv4 spellings as the dotted quad")
    port: int | None = Field(default=None, description="The explicit port, else the scheme's default (null: unknown)")
    path: str = Field(default="/", description="The URL's path, percent-decoded, without query or fragment")
    credentials: bool = Field(description="The URL carries user:password@")


class SqlEffect(_Open):
    field: str
    kind: Literal["drop_database", "drop", "truncate", "delete_all", "update_all", "alter_drop", "document",
                  "server_code", "privilege", "credential_read"]
    statement: str


class ExecEffect(_Open):
    field: str
    command: str


class ArgvUnknown(_Open):
    field: str
    words: list[str] = Field(description="Its words that are not options, lower case (up to 8)")


class Effects(_Closed):
    network: list[NetworkEffect] = Field(description="URLs of the tool input, and of a shell command's words")
    exec: list[ExecEffect]
    sql: list[SqlEffect] = Field(default_factory=list, description="Destructive statements, privilege changes and password-hash reads in a database tool's input")
    words: list[str] = Field(default_factory=list, description="The words of the tool's name (MCP: of the tool, "
                                                               "not the server), lower case")
    server_words: list[str] = Field(default_factory=list, description="The words of an MCP tool's server name")
    truncated: bool = Field(description="The tool input was too large or deep to walk whole")
    paths_truncated: bool = Field(default=False, description="The tool input names more paths than are read "
                                  "(a list of files past the cap, or paths in a part too large or deep to walk)")
    argv_unknown: list[ArgvUnknown] = Field(default_factory=list, description="Argument lists whose program "
                                            "cannot be told (no program key, none named by the tool or server)")


class Mcp(_Closed):
    server: str
    tool: str


class Tool(_Closed):
    name: str
    class_: Literal["shell", "file-read", "file-write", "network", "mcp", "agent", "other"] = Field(alias="class")
    mcp: Mcp | None


class Governance(_Closed):
    """claude-rego's own state, package and Claude Code settings (self_protection)."""
    state_dir: str
    state_dirs: list[str]
    package_dir: str
    package_dirs: list[str]
    interpreter: str
    managed_config: str
    managed_dir: str
    settings_files: list[str]
    hooked_settings_files: list[str]
    env_file: str | None


class SecretFinding(_Closed):
    kind: str = Field(description="What the secret is (provider token, private key, .pgpass password, random-looking secret assignment, …)")
    value: str = Field(description="The exact text of the secret (what a redaction removes)")
    generic: bool = Field(description="Found by the generic rule (a secret-ish name assigned a random-looking literal), not by a known format")


class SecretFacts(_Closed):
    prompt: list[SecretFinding] = Field(description="In the prompt (and in the prompt with disguises undone)")
    tool_input: list[SecretFinding] = Field(description="In any string of tool_input")
    tool_response: list[SecretFinding] = Field(description="In any string of tool_response")


class PathIndex(_Closed):
    by_use: dict[str, int] = Field(description="\"<segment id>\\n<raw>\" to the position in facts.paths of the first "
                                               "path with that segment and raw")
    by_raw: dict[str, int] = Field(description="raw to the position in facts.paths of the first path with that raw "
                                               "whose source is not tool_input")
    by_segment: dict[str, list[int]] = Field(description="Segment id (as a string) to the positions in facts.paths of "
                                                         "the paths that segment names")


class Facts(_Closed):
    event: str
    known_event: bool
    tool: Tool | None
    shell: Shell | None
    paths: list[PathFact]
    path_index: PathIndex | None = Field(None, description="Tool events: facts.paths looked up by segment and raw "
                                                              "word (what lib/shell.rego's path_of needs)")
    effects: Effects | None = Field(None, description="Tool events: what the call fetches and runs, from any tool's input")
    cwd: str
    project_dir: str
    home: str | None
    os: Literal["linux", "macos", "windows"]
    untrusted_env: dict[str, str | None]
    truncated: list[str]
    prompt_folded: str | None = Field(None, description="The prompt with disguises undone (NFKC, zero-width characters removed, look-alike letters mapped) when that changes it")
    secrets: SecretFacts | None = Field(None, description="Credentials found in the prompt, tool input and tool output (facts/secrets.py: known token formats, key files, random-looking secret assignments)")
    governance: Governance | None = Field(description="Where claude-rego's own files live; computed only when a routed policy reads input.facts.governance (null otherwise)")


class McpServer(_Open):
    """CLI 2.1.331: the MCP server an MCP tool call goes to (absent for other tools)."""
    name: str
    source: str | None = None


# Per-event hook input fields (cli-hook-schema.md §3; cli-2.1.331.md §2.1-2.2 for what
# 2.1.331 adds), beyond the common base. Fields only a newer CLI sends are Optional.
# (one alias per line: a type checker reads these as type aliases, not as a tuple of values)
_S = str
_B = bool
_I = int
_F = float
_O = dict[str, Any]
_A = Any
_MCP = {"mcp_server": Optional[McpServer]}  # 2.1.331, MCP tools only
_MODEL_SWITCH = {
    "from_model": Optional[_S], "to_model": _S,
    "requested_model": Optional[_S],  # alias, id, or null = the default model
    "source": _S,  # Pre: command | picker | sdk; Post also: auto | resume
    "context_tokens": Optional[_I], "prompt_cache_warm": Optional[_B], "cache_ttl": Optional[_S],
    "estimated_cache_write_usd": Optional[_F], "pricing": Optional[_S],
}
EVENT_FIELDS: dict[str, dict[str, Any]] = {
    "PreToolUse": {"tool_name": _S, "tool_input": _O, "tool_use_id": _S, **_MCP},
    "PermissionRequest": {"tool_name": _S, "tool_input": _O, "permission_suggestions": Optional[list[_O]], **_MCP},
    "PostToolUse": {"tool_name": _S, "tool_input": _O, "tool_response": _A, "tool_use_id": _S, "duration_ms": Optional[int], **_MCP},
    "PostToolUseFailure": {"tool_name": _S, "tool_input": _O, "tool_use_id": _S, "error": _A, "is_interrupt": Optional[_B], "duration_ms": Optional[int], **_MCP},
    "PostToolBatch": {"tool_calls": list[_O]},
    "PermissionDenied": {"tool_name": _S, "tool_input": _O, "tool_use_id": _S, "reason": _A, **_MCP},
    "Notification": {"message": _S, "title": Optional[_S], "notification_type": _S},
    # source (2.1.331, optional): user | sdk | system | loop_wakeup | schedule_wakeup | poll_event
    "UserPromptSubmit": {"prompt": _S, "session_title": Optional[_S], "source": Optional[_S]},
    "UserPromptExpansion": {"expansion_type": _S, "command_name": _S, "command_args": _S, "command_source": Optional[_S], "prompt": _S},
    # source: startup | resume | clear | compact, and fork (2.1.331); on resume/fork 2.1.331
    # adds the resume-cost fields
    "SessionStart": {"source": _S, "model": Optional[_S], "session_title": Optional[_S],
                     "seconds_since_last_response": Optional[_F], "context_tokens": Optional[_I],
                     "prompt_cache_likely_expired": Optional[_B], "estimated_cache_write_usd": Optional[_F]},
    "SessionEnd": {"reason": _S},
    "Setup": {"trigger": _S},
    "Stop": {"stop_hook_active": _B, "last_assistant_message": Optional[_S], "background_tasks": Optional[list[_A]], "session_crons": Optional[list[_A]]},
    "StopFailure": {"error": _S, "error_details": Optional[_A], "last_assistant_message": Optional[_S]},
    "SubagentStart": {"agent_id": _S, "agent_type": _S},
    "SubagentStop": {"stop_hook_active": _B, "agent_id": _S, "agent_transcript_path": _S, "agent_type": _S, "last_assistant_message": Optional[_S]},
    "PreCompact": {"trigger": _S, "custom_instructions": Optional[_S]},
    "PostCompact": {"trigger": _S, "compact_summary": _S},
    "TeammateIdle": {"teammate_name": _S, "team_name": Optional[_S]},
    "TaskCreated": {"task_id": _S, "task_subject": _S, "task_description": Optional[_S]},
    "TaskCompleted": {"task_id": _S, "task_subject": _S, "task_description": Optional[_S]},
    "Elicitation": {"mcp_server_name": _S, "message": _S, "mode": Optional[_S], "url": Optional[_S], "elicitation_id": Optional[_S], "requested_schema": Optional[_O]},
    "ElicitationResult": {"mcp_server_name": _S, "elicitation_id": Optional[_S], "mode": Optional[_S], "action": _S, "content": Optional[_A]},
    "ConfigChange": {"source": _S, "file_path": Optional[_S]},
    "WorktreeCreate": {"name": _S},
    "WorktreeRemove": {"worktree_path": _S},
    "InstructionsLoaded": {"file_path": _S, "memory_type": _S, "load_reason": _S},
    "CwdChanged": {"old_cwd": _S, "new_cwd": _S},
    "FileChanged": {"file_path": _S, "event": _S},
    "MessageDisplay": {"turn_id": _S, "message_id": _S, "index": _I, "final": _B, "delta": _A},
    "PreModelSwitch": dict(_MODEL_SWITCH),
    "PostModelSwitch": dict(_MODEL_SWITCH),
    # source: slash_command (/add-dir) | register_repo_root (SDK control request)
    "DirectoryAdded": {"directory": _S, "source": _S},
}


class HookBase(_Open):
    session_id: str
    transcript_path: str
    cwd: str
    hook_event_name: str
    permission_mode: str | None = None
    prompt_id: str | None = None
    agent_id: str | None = None
    agent_type: str | None = None


def _optional_default(annotation):
    return (annotation, None) if getattr(annotation, "__origin__", None) is not None and type(None) in getattr(annotation, "__args__", ()) else (annotation, ...)


def hook_model(event: str) -> type[BaseModel]:
    fields = {name: _optional_default(t) for name, t in EVENT_FIELDS.get(event, {}).items()}
    fields["hook_event_name"] = (Literal[event], ...)
    return create_model(f"{event}Input", __base__=HookBase, **fields)


def document_model(event: str) -> type[BaseModel]:
    return create_model(
        f"{event}QueryDocument", __base__=_Closed,
        contract_version=(Literal[CONTRACT_VERSION], ...),  # type: ignore[arg-type]  # a Literal built at runtime
        hook=(hook_model(event), ...),
        facts=(Facts, ...),
    )


def all_schemas() -> dict[str, dict]:
    out = {}
    for event in EVENTS:
        schema = document_model(event).model_json_schema(by_alias=True)
        schema["$id"] = f"https://claude-rego.invalid/schemas/contract-{CONTRACT_VERSION}/{event}.json"
        schema["title"] = f"claude-rego query document for {event} (contract {CONTRACT_VERSION})"
        out[event] = schema
    return out


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for event, schema in all_schemas().items():
        path = directory / f"{event}.json"
        path.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        paths.append(path)
    return paths
