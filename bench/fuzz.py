"""Long fuzz run of the hook: many generated and mutated inputs, every outcome counted.

    python bench/fuzz.py --count 100000 [--workers 2] [--seed 1]

Each input goes through `claude_rego.hook.main` (the same code path as the registered
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


def generate(rng: random.Random, samples: dict, events: list[str]) -> tuple[str, bytes]:
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
    from cli_output_schema import validate_output
    from conftest import load_samples

    from claude_rego import hook
    from claude_rego.events import EVENTS, event_info

    rng = random.Random(seed)
    samples = load_samples()
    events = sorted(EVENTS)
    stats = {"inputs": 0, "invalid_output": 0, "crash": 0, "fail_open": 0, "examples": []}
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
        try:
            readable = isinstance(json.loads(raw), dict)
        except ValueError:
            readable = False
        if not readable and event_info(event).blocks_on_failure and code == 0 and answer == {}:
            stats["fail_open"] += 1
            stats["examples"].append({"fail_open": event, "input": raw[:300].decode("latin-1")})
    stats["examples"] = stats["examples"][:5]
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chunks = [(args.seed * 1000 + i, args.count // args.workers + (i < args.count % args.workers))
              for i in range(args.workers)]
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        parts = pool.map(run_chunk, chunks)
    total = {key: sum(p[key] for p in parts) for key in ("inputs", "invalid_output", "crash", "fail_open")}
    total["seconds"] = round(time.monotonic() - started, 1)
    total["examples"] = [e for p in parts for e in p["examples"]][:10]
    print(json.dumps(total, indent=2))
    sys.exit(1 if total["invalid_output"] or total["crash"] or total["fail_open"] else 0)


if __name__ == "__main__":
    main()
