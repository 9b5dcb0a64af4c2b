"""Long fuzz run of the hook: many generated and mutated inputs, every outcome counted.

    python bench/fuzz.py --count 100000 [--workers 2] [--seed 1]

Each input goes through `claude_rego.claudecode.hook.main` (the same code path as the registered
command, including the forked engine child), and each answer is checked against the
referee schema of the real CLI. Counted: invalid outputs, crashes (anything but exit
0/2 or an exception), and fail-open outcomes (an unreadable input on an event whose
failure answer blocks, answered with anything but that block). All must be zero.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

SHELL_BITS = ["rm", "-rf", "/", "~", "$(", ")", "`", "'", '"', "|", "&&", ";", "sudo", "curl", "sh", "-c",
              "eval", "<<EOF", ">", "../", ".env", "\\", "\n", "\t", "*", "$HOME", "xargs", "find", "-delete"]


TOOL_EVENTS = ("PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PermissionDenied")
MALFORMED = [("tool_input", "rm -rf /"), ("tool_input", ["rm"]), ("tool_input", None), ("tool_input", 3),
             ("tool_name", ["Bash"]), ("tool_name", None), ("tool_name", 7), ("tool_name", ""), ("tool_name", {})]


def generate(rng: random.Random, samples: dict, events: list[str]) -> tuple[str, bytes]:
    """One input: the classic shapes, plus malformed tool events, lone surrogates,
    big inputs (many small values, one long string) and deep nesting."""
    shape = rng.random()
    if shape < 0.05:
        return _malformed_tool_event(rng, samples)
    if shape < 0.09:
        event, raw = _plain(rng, samples, events)
        return event, _with_surrogates(rng, raw)
    if shape < 0.0925:
        return _big(rng, samples)
    if shape < 0.095:
        return _deep(rng)
    return _plain(rng, samples, events)


def _tool_base(rng, samples, event):
    base = dict(samples.get(event) or {"session_id": "s", "transcript_path": "/t", "cwd": "/home/dev/project",
                                       "hook_event_name": event})
    base.update(hook_event_name=event, tool_name="Bash", tool_input={"command": "cat ~/.ssh/id_rsa"})
    return base


def _malformed_tool_event(rng, samples):
    event = rng.choice(TOOL_EVENTS)
    base = _tool_base(rng, samples, event)
    key, value = rng.choice(MALFORMED)
    if value is None and rng.random() < 0.5:
        del base[key]
    else:
        base[key] = value
    return event, json.dumps(base).encode()


def _with_surrogates(rng, raw: bytes) -> bytes:
    """Lone surrogate escapes (\\ud800…) spliced into string values."""
    text = raw.decode("utf-8", "replace")
    quotes = [i for i, c in enumerate(text) if c == '"']
    for _ in range(rng.randint(1, 3)):
        if len(quotes) < 2:
            break
        at = rng.choice(quotes[1::2])  # before a closing quote (mostly): inside a string
        text = text[:at] + rng.choice(["\\ud800", "\\udfff", "\\udbff\\u0041", "\\ud83d"]) + text[at:]
        quotes = [i for i, c in enumerate(text) if c == '"']
    return text.encode("utf-8", "replace")


def _big(rng, samples):
    event = rng.choice(["PreToolUse", "PostToolUse", "UserPromptSubmit"])
    base = _tool_base(rng, samples, event) if event != "UserPromptSubmit" else {
        "session_id": "s", "transcript_path": "/t", "cwd": "/home/dev/project", "hook_event_name": event, "prompt": "x"}
    kind = rng.random()
    size = rng.randint(100_000, 2_000_000)
    if kind < 0.4:
        base["extra"] = [rng.choice([0, "ab", {"k": 1}, [1]]) for _ in range(size // 8)]  # many small values
    elif kind < 0.8:
        base["extra"] = "A" * size  # one long string
    else:
        base["extra"] = {f"k{i}": "v" for i in range(size // 12)}  # a wide object
    return event, json.dumps(base).encode()


def _deep(rng):
    event = rng.choice(["PreToolUse", "Stop", "UserPromptSubmit", "PostToolUse"])
    depth = rng.choice([60, 64, 65, 200, 1500, 20_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    raw = (f'{{"hook_event_name":"{event}","session_id":"s","tool_name":"Bash","tool_input":{{"command":"ls"}},"x":{opener * depth}1{closer * depth}}}'
           )
    return event, raw.encode()


def _plain(rng: random.Random, samples: dict, events: list[str]) -> tuple[str, bytes]:
    event = rng.choice(events)
    base = dict(samples.get(event) or {"session_id": "s", "transcript_path": "/t", "cwd": "/home/dev/project",
                                       "hook_event_name": event})
    kind = rng.random()
    if kind < 0.5:
        base["tool_name"] = rng.choice(["Bash", "Write", "Read", "Edit", "mcp__x__y", "Weird"])
        base["tool_input"] = {"command": " ".join(rng.choice(SHELL_BITS) for _ in range(rng.randint(0, 12))),
                              "file_path": rng.choice(["/etc/passwd", ".ENV", "../x", "src/a.py", "~/.ssh/id_rsa", ""])}
    elif kind < 0.7:
        base[rng.choice(list(base) or ["x"])] = rng.choice([None, 1, "x" * rng.randint(0, 300), [], {}, [[[]]]])
    raw = json.dumps(base).encode()
    if rng.random() < 0.3:  # byte-level mutation
        cut = rng.randint(0, len(raw))
        raw = raw[:cut] + bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 6))) + raw[cut + 3:]
    return event, raw


def run_chunk(args) -> dict:
    seed, count = args
    from claude_rego.claudecode import hook
    from claude_rego.claudecode.events import EVENTS, event_info
    from cli_output_schema import validate_output
    from conftest import load_samples

    rng = random.Random(seed)
    samples = load_samples()
    events = sorted(EVENTS)
    stats = {"inputs": 0, "invalid_output": 0, "crash": 0, "fail_open": 0, "internal_error": 0, "examples": []}
    for _ in range(count):
        event, raw = generate(rng, samples, events)
        out, err = io.StringIO(), io.StringIO()
        stats["inputs"] += 1
        try:
            code = hook.main(["--event", event], stdin=io.BytesIO(raw), stdout=out, stderr=err)
        except BaseException as exc:  # noqa: BLE001
            stats["crash"] += 1
            stats["examples"].append({"crash": repr(exc), "event": event, "input": raw[:300].decode("latin-1")})
            continue
        if code not in (0, 2):
            stats["crash"] += 1
            continue
        answer = json.loads(out.getvalue()) if code == 0 and out.getvalue() else {}
        try:
            if code == 0:
                validate_output(event, answer)
        except Exception as exc:  # noqa: BLE001
            stats["invalid_output"] += 1
            stats["examples"].append({"invalid": str(exc)[:200], "event": event})
        if "internal error" in out.getvalue() + err.getvalue():  # an exception the hook did not expect
            stats["internal_error"] += 1
            stats["examples"].append({"internal_error": event, "input": raw[:300].decode("latin-1")})
        try:
            parsed = json.loads(raw)
            readable = isinstance(parsed, dict)
        except (ValueError, RecursionError):
            parsed, readable = None, False
        malformed = readable and event_info(event).tool_event and (
            not isinstance(parsed.get("tool_name"), str) or not parsed.get("tool_name")
            or not isinstance(parsed.get("tool_input"), dict))
        if (not readable or malformed) and event_info(event).blocks_on_failure and code == 0 and \
                not _blocks(answer):
            stats["fail_open"] += 1
            stats["examples"].append({"fail_open": event, "input": raw[:300].decode("latin-1")})
        if event in ("Stop", "SubagentStop") and (code == 2 or answer.get("decision") == "block") and not readable:
            stats["fail_open"] += 1  # a trapped session counts as a failure too
            stats["examples"].append({"trapped": event, "input": raw[:300].decode("latin-1")})
    stats["examples"] = stats["examples"][:5]
    return stats


def _blocks(answer: dict) -> bool:
    specific = answer.get("hookSpecificOutput") or {}
    return (specific.get("permissionDecision") == "deny" or answer.get("decision") == "block"
            or (specific.get("decision") or {}).get("behavior") == "deny" or specific.get("action") == "decline")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import os
    import tempfile

    state = tempfile.mkdtemp(prefix="claude-rego-fuzz-")  # decision and hook logs: never the real ones
    os.environ["XDG_STATE_HOME"] = state
    chunks = [(args.seed * 1000 + i, args.count // args.workers + (i < args.count % args.workers))
              for i in range(args.workers)]
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        parts = pool.map(run_chunk, chunks)
    total = {key: sum(p[key] for p in parts)
             for key in ("inputs", "invalid_output", "crash", "fail_open", "internal_error")}
    from claude_rego.audit import decisionlog

    total["log_verify"] = decisionlog.verify(decisionlog.default_path())["ok"]
    total["seconds"] = round(time.monotonic() - started, 1)
    total["examples"] = [e for p in parts for e in p["examples"]][:10]
    print(json.dumps(total, indent=2))
    sys.exit(1 if total["invalid_output"] or total["crash"] or total["fail_open"] or total["internal_error"]
             or not total["log_verify"] else 0)


if __name__ == "__main__":
    main()
