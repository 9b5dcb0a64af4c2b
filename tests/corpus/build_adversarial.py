"""Builds tests/corpus/adversarial.jsonl: the independent red-team corpus.

Written from the attacker's side (categories of issue 12 and the pack's README only; the
pack's Rego and the facts code were not read). Cases are hand-written per technique;
where a technique is applied to several payloads, payloads and contexts are paired so that
no two cases differ only by a token. IDs are stable: cases are only ever appended.

    python tests/corpus/build_adversarial.py [OUT]
"""

from __future__ import annotations

import base64
import json
import random
import string
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "adversarial.jsonl"
RAMPART = "rampart bench/corpus.yaml"  # github.com/peg/rampart @ 13f0b4f62c5bebc1e7111c1535ce3a20b2381cac

CASES: list[dict] = []
_COUNTERS: dict[str, int] = {}
_CATEGORY = [""]


def category(name: str) -> None:
    _CATEGORY[0] = name


def _add(event: str, inp: dict, note: str, expect: str = "block", source: str = "own", **extra) -> None:
    cat = _CATEGORY[0]
    _COUNTERS[cat] = _COUNTERS.get(cat, 0) + 1
    prefix = "adv-rampart" if source != "own" else "adv"
    case = {"id": f"{prefix}-{cat}-{_COUNTERS[cat]:04d}", "category": cat, "event": event, "input": inp,
            "expect": expect, "note": note, "source": source}
    case.update(extra)
    CASES.append(case)


def bash(command: str, note: str, *, event: str = "PreToolUse", source: str = "own", tool: str = "Bash") -> None:
    _add(event, {"tool_name": tool, "tool_input": {"command": command, "description": "Run command"}}, note,
         source=source)


def tool(name: str, tool_input: dict, note: str, *, event: str = "PreToolUse", source: str = "own") -> None:
    _add(event, {"tool_name": name, "tool_input": tool_input}, note, source=source)


def prompt(text: str, note: str, *, event: str = "UserPromptSubmit") -> None:
    _add(event, {"prompt": text}, note)


def post(name: str, tool_input: dict, response, secret: str, note: str) -> None:
    _add("PostToolUse", {"tool_name": name, "tool_input": tool_input, "tool_response": response}, note,
         expect="redact", secret=secret)


def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def hexs(s: str) -> str:
    return s.encode().hex()


def octal(s: str) -> str:
    return "".join(f"\\{ord(c):03o}" for c in s)


def xesc(s: str) -> str:
    return "".join(f"\\x{ord(c):02x}" for c in s)


# Realistic-looking secrets (random, seeded: stable across builds).
_rng = random.Random(20261124)


def rnd(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


UP = string.ascii_uppercase + string.digits
LOWHEX = "0123456789abcdef"
B64C = string.ascii_letters + string.digits + "+/"


def aws_id() -> str:
    return "AKIA" + rnd(16, UP)


def aws_secret() -> str:
    return rnd(40, B64C)


def ghp() -> str:
    return "ghp_" + rnd(36)


def github_pat() -> str:
    return "github_pat_" + rnd(22) + "_" + rnd(59)


def glpat() -> str:
    return "glpat-" + rnd(20, string.ascii_letters + string.digits + "-_")


def slack_bot() -> str:
    return f"xoxb-{rnd(12, string.digits)}-{rnd(13, string.digits)}-{rnd(24)}"


def stripe() -> str:
    return "sk_live_" + rnd(24) + rnd(75)[:0]


def anthropic() -> str:
    return "sk-ant-api03-" + rnd(93, string.ascii_letters + string.digits + "-_") + "AA"


def openai() -> str:
    return "sk-proj-" + rnd(48, string.ascii_letters + string.digits + "-_") + "T3BlbkFJ" + rnd(48, string.ascii_letters + string.digits + "-_")


def pem(kind: str = "RSA PRIVATE KEY") -> str:
    body = "\n".join(rnd(64, B64C) for _ in range(6))
    return f"-----BEGIN {kind}-----\nMIIEpAIBAAKCAQEA{rnd(48, B64C)}\n{body}\n-----END {kind}-----"


def jwt() -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(json.dumps({"sub": rnd(8, string.digits), "role": "service_role",
                                                  "iat": 1732400000}).encode()).decode().rstrip("=")
    return f"{head}.{claims}.{rnd(43, string.ascii_letters + string.digits + '-_')}"


def build() -> list[dict]:
    from adversarial_cases import add_all  # the case lists, split out to keep this file small

    add_all(sys.modules[__name__])
    return CASES


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    cases = build()
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    seen: dict[str, str] = {}
    for c in cases:
        key = json.dumps([c["event"], c["input"]], sort_keys=True)
        assert key not in seen, f"duplicate case {c['id']} = {seen[key]}: {key}"
        seen[key] = c["id"]
    out = Path(argv[1]) if len(argv) > 1 else OUT
    with open(out, "w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for c in cases:
        counts[c["category"]] = counts.get(c["category"], 0) + 1
    print(f"{len(cases)} cases -> {out}")
    for cat, n in counts.items():
        print(f"  {cat:<26}{n:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
