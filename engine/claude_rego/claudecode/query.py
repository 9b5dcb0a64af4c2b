"""Query document: the hook input plus the facts policies should not derive themselves.

`input.hook` is what Claude Code sent (strings capped), `input.facts` is ours. The
shape is the policy contract (docs/policy-contract.md); its JSON Schema is generated
from `claude_rego.claudecode.contract`, and a test keeps the two in step.
"""

from __future__ import annotations

import os

from .. import CONTRACT_VERSION
from ..facts.host import host_flavour
from ..facts.lazy_re import lazy
from .events import EVENTS, SHELL_TOOLS, split_mcp, tool_class

# Environment values Claude Code sets for hooks; a project's settings `env` can
# override them, so policies must not trust them for an allow.
UNTRUSTED_ENV = ("CLAUDE_PROJECT_DIR", "CLAUDE_CODE_REMOTE", "CLAUDE_ENV_FILE")


# Facts computed together: the shell parse is pruned with the path facts and their index
# (collect.prune_secret_pieces), the paths come from the parse, the effects' URLs from it,
# so asking for one of them computes all four.
_TOOL_FACTS = frozenset({"shell", "paths", "path_index", "effects"})
_SECRET_PARTS = ("prompt", "tool_input", "tool_response")


def build(hook: dict, *, truncated: list[str] | None = None, environ=None,
          flavour: str | None = None, resolver=None, governance: dict | None = None,
          needs: frozenset[str] | set[str] | None = None) -> dict:
    """Assemble `input` for one hook invocation. Pure apart from path resolution.

    `needs`: the facts the routed policies can read (policy/snapshot.facts_needed: keys of
    `input.facts`, `secrets.<part>`); the costly ones nobody reads (the tool call's shell,
    paths, path index and effects, the secret scan, the folded prompt, governance) keep
    their empty value (docs/policy-contract.md). None: every fact (eval's document, tests)."""
    environ = os.environ if environ is None else environ
    flavour = flavour or host_flavour()
    event = hook.get("hook_event_name") if isinstance(hook.get("hook_event_name"), str) else ""
    given_cwd = hook.get("cwd")
    cwd = given_cwd if isinstance(given_cwd, str) and given_cwd else os.getcwd()
    project_dir = environ.get("CLAUDE_PROJECT_DIR") or cwd
    home = environ.get("HOME") or environ.get("USERPROFILE") or None
    if needs is None:
        secret_parts: tuple[str, ...] = _SECRET_PARTS
        want_tool = want_folded = want_governance = True
    else:
        secret_parts = _SECRET_PARTS if "secrets" in needs else \
            tuple(part for part in _SECRET_PARTS if f"secrets.{part}" in needs)
        want_tool = not _TOOL_FACTS.isdisjoint(needs)
        want_folded = "prompt_folded" in needs or "prompt" in secret_parts
        want_governance = "governance" in needs

    facts: dict = {
        "event": event,
        "known_event": event in EVENTS,
        "tool": None,
        "shell": None,
        "paths": [],
        "path_index": None,
        "effects": None,
        "cwd": cwd,
        "project_dir": project_dir,
        "home": home,
        "os": flavour,
        "untrusted_env": {name: environ.get(name) for name in UNTRUSTED_ENV},
        "truncated": list(truncated or ()),
        "prompt_folded": None,
        # not scanned unless a routed policy reads it: the shape of "nothing found", never null
        # (an unrouted rule's object.get(null, …) is a type error on an OPA server)
        "secrets": {"prompt": [], "tool_input": [], "tool_response": []},
        "governance": None,
    }
    if want_governance:  # self_protection's paths (reads a few settings files)
        from .governance import facts as governance_facts

        facts["governance"] = governance or governance_facts(environ, home, project_dir)

    prompt = hook.get("prompt")
    if want_folded and isinstance(prompt, str) and not prompt.isascii():
        from ..facts.text import fold_text

        folded = fold_text(prompt)
        facts["prompt_folded"] = folded if folded != prompt else None

    if secret_parts:
        facts["secrets"] = _secret_facts(hook, facts["prompt_folded"], secret_parts)

    tool_name = hook.get("tool_name")
    tool_input = hook.get("tool_input")
    if isinstance(tool_name, str):
        facts["tool"] = {"name": tool_name, "class": tool_class(tool_name), "mcp": split_mcp(tool_name)}
    if isinstance(tool_name, str) and want_tool:
        # Imported here: events without a tool call (Stop, prompts, …) need no path facts.
        from ..facts import paths as path_facts

        if not isinstance(tool_input, dict):
            tool_input = {}
        command = tool_input.get("command")
        effects = path_facts.tool_effects(tool_name, tool_input)
        if tool_name in SHELL_TOOLS and isinstance(command, str):
            script = command
        elif any(not e.get("mention") for e in effects["exec"]):
            # a non-shell tool that runs a command (an MCP "execute" tool): parse it as
            # shell, so what it reads and writes is seen like a Bash call's (a command a
            # subagent's prompt only talks about is not run: not parsed)
            script = "\n".join(e["command"] for e in effects["exec"] if not e.get("mention"))
        else:
            script = None
        if script is not None:
            # Imported here: the shell parser is 12 modules (~3 ms to import in the hook's
            # child), and most events (prompts, file tools, Stop, …) never parse shell.
            from ..facts import shell as shell_facts
            facts["shell"] = shell_facts.parse_command(script, project=project_dir, cwd=cwd)
            shell_facts.annotate(facts["shell"], home)
            if tool_name not in SHELL_TOOLS and all(e.get("runlater") and not e.get("code")
                                                    for e in effects["exec"] if not e.get("mention")):
                # only the text of a file written to run later (package scripts, recipes, a
                # script): its lines are judged by what they say; what they leave to run time
                # (eval, a variable as the command) is no reason to stop the write itself (but
                # code run at load, a lint-staged.config.js or a pylint init-hook, computing a command is)
                facts["shell"]["opaque"] = False
                facts["shell"]["opaque_reasons"] = []
        facts["paths"] = path_facts.collect_paths(
            tool_name, tool_input, facts["shell"], cwd=cwd, project_dir=project_dir,
            home=home, flavour=flavour, resolver=resolver, effects=effects)
        facts["path_index"] = path_facts.index_paths(facts["paths"])
        path_facts.prune_secret_pieces(facts["shell"], facts["paths"], facts["path_index"])
        facts["effects"] = {"network": effects["network"] + _shell_urls(facts["shell"]), "exec": effects["exec"],
                            "sql": effects["sql"], "words": effects["words"], "server_words": effects["server_words"],
                            "truncated": effects["truncated"], "argv_unknown": effects["argv_unknown"],
                            # paths after a cap, or in the part of the input too large or deep to read
                            "paths_truncated": bool(effects.get("paths_truncated") or (
                                effects["truncated"] and effects["paths"]))}

    return {"contract_version": CONTRACT_VERSION, "hook": hook, "facts": facts}


# clients that read a bare host/path operand as an http URL
_URL_CLIENTS = frozenset({"curl", "wget", "http", "https", "xh", "xhs", "aria2c", "lynx", "w3m", "links", "elinks"})


# interpreters whose inline code's literal URLs are requests it may make
_CODE_FAMILIES = frozenset({"python", "node", "ruby", "perl", "php", "lua", "pwsh"})
_CODE_URL = lazy(r"(?<![A-Za-z0-9+.-])(?:https?|wss?)://[^\s'\"`<>(){}\\]+")
_MAX_CODE_SCAN = 16384


def _shell_urls(shell: dict | None) -> list[dict]:
    """The URLs of a command's words (curl, wget, any client) as network effects, with the
    host folded as the client's URL parser would (facts/paths/network.py), so host rules
    judge `curl http://１６９。２５４。１６９。２５４/` like a WebFetch of it."""
    from ..facts import paths as path_facts  # imported by build() already: a lookup

    out: list[dict] = []
    segments = shell.get("segments") if isinstance(shell, dict) else None
    for seg in segments if isinstance(segments, list) else ():
        argv = seg.get("argv") if isinstance(seg, dict) else None
        code = seg.get("family") in _CODE_FAMILIES
        for k, word in enumerate(argv if isinstance(argv, list) else ()):
            if code and k and isinstance(word, str) and "://" in word and not word.startswith(("http", "ws")):
                # inline code's literal URLs (python -c "urlopen('http://127.0.0.1:9222/json')")
                for url in _CODE_URL.findall(word[:_MAX_CODE_SCAN])[:8]:
                    found = path_facts.network(f"segment[{seg.get('id', 0)}].argv[{k}]", url)
                    if found and len(out) < 32:
                        out.append(found)
                continue
            if not isinstance(word, str) or ("://" not in word[:64] and word[:64].isascii()):
                continue
            if word.startswith("-") and "=" in word:
                word = word.partition("=")[2]  # --url=http://…
            elif k and "://" not in word and not word.startswith("-") and seg.get("command") in _URL_CLIENTS:
                word = "http://" + word  # curl １６９。２５４。１６９。２５４/latest: a client adds the scheme
            found = path_facts.network(f"segment[{seg.get('id', 0)}].argv[{k}]", word)
            if found and len(out) < 32:
                out.append(found)
    return out


def _secret_facts(hook: dict, folded: str | None, parts=_SECRET_PARTS) -> dict:
    """Secrets in the prompt, the tool input and the tool response (facts/secrets.py); only
    the `parts` a routed policy reads are scanned (the others stay empty lists)."""
    prompt = hook.get("prompt")
    found: dict[str, list] = {"prompt": [], "tool_input": [], "tool_response": []}
    scan_prompt = "prompt" in parts and isinstance(prompt, str)
    scan_input = "tool_input" in parts and isinstance(hook.get("tool_input"), dict)
    # a failed call's output is its `error` text (PostToolUseFailure)
    response = hook["tool_response"] if "tool_response" in hook else {"error": hook["error"]} \
        if isinstance(hook.get("error"), str) else None
    scan_response = "tool_response" in parts and response is not None
    if not (scan_prompt or scan_input or scan_response):
        return found  # nothing to scan (Stop, SessionStart, …): the scanner is not even imported
    from ..facts import secrets

    if scan_prompt:
        # a prompt that carries a key base64- or hex-encoded (`try base64: YXdzX3Nl…`) carries the key
        found["prompt"] = secrets.find_in(prompt, encoded=True) + (secrets.find(folded) if folded else [])
    if scan_input:
        # base64-carried secrets matter where the input leaves the machine (a remote tool, a
        # fetch: secret_egress); shell and file tools are judged by what they read and run
        remote = tool_class(hook.get("tool_name") or "") not in ("shell", "file-read", "file-write", "agent")
        found["tool_input"] = secrets.find_in(hook["tool_input"], encoded=remote)
    if scan_response:
        found["tool_response"] = secrets.find_in(response, output=True)
    return found
