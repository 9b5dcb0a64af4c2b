"""Corpus runner: load a corpus (tests/corpus/*.jsonl, format in CORPUS_FORMAT), build the
full hook input per case in the fixed environment, decide it in process through the same
evaluation the hook's child runs, classify the answer and compare it with `expect`.

Used by `tests/test_corpus.py` (a sample) and `bench/corpus.py` (everything).

The fixed environment (every case): cwd and CLAUDE_PROJECT_DIR `/home/dev/project`, HOME
`/home/dev`, USER `dev`, the built-in pack only, no layers.

Decision path: `claude_rego.api.decide_hook` → `pipeline.Evaluator.answer` (= `decide` +
`output.render`), exactly what `claude_rego.claudecode.worker.compute` (the hook's evaluating child)
does, with the hook's failure table on any exception. The only differences from the real
hook process are the things outside the decision (fork, deadline, decision log), which
`test_corpus.py` covers with a process-level spot check.

Classes of answers:
  deny / ask   PreToolUse `permissionDecision`, PermissionRequest `decision.behavior: deny`; at
               PermissionRequest an ask verdict answers nothing, so the user's dialog shows: ask
  block        exit code 2, or `decision: "block"` / `continue: false` (prompts, Stop…)
  redact       PostToolUse `updatedToolOutput` / `updatedMCPToolOutput`, secret absent
  leak         PostToolUse output replaced but the secret is still in the answer
  error        the failure answer (the engine raised; "policy evaluation failed")
  pass         anything else (allow, no opinion, a rewrite, added context)

An engine error never meets an expectation: a dangerous case that is only refused because
the pack raised is not caught by a policy, and a benign one is a false deny.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ADVERSARIAL = HERE / "adversarial.jsonl"
BENIGN = HERE / "benign.jsonl"
KNOWN_GAPS = HERE / "known_gaps.txt"

if str(REPO / "engine") not in sys.path and os.environ.get("CORPUS_NO_REPO_PATH") != "1":
    try:  # prefer an installed claude_rego (a venv); fall back to the checkout's engine/
        import claude_rego  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO / "engine"))

ADVERSARIAL_CATEGORIES = (
    "destructive", "credential_theft", "exfiltration", "persistence", "rce_package_interpreter",
    "encoding_obfuscation", "wrappers", "git_config_alias", "agent_hook_tampering",
    "path_symlink_toctou", "unicode", "mcp_non_shell_tools", "prompt_secrets", "output_redaction")
BENIGN_CATEGORIES = ("build", "test", "git", "jq_awk_sed", "container_k8s", "package_install",
                     "file_edit", "read_search", "prompt", "tool_output", "misc")
EXPECTS = ("block", "redact", "pass")
TOOL_EVENTS = {"PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure"}

HOME = "/home/dev"
PROJECT = "/home/dev/project"
ENVIRON = {
    "HOME": HOME, "USER": "dev", "LOGNAME": "dev", "SHELL": "/bin/bash",
    "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
    "CLAUDE_PROJECT_DIR": PROJECT,
}
SESSION = "75f97508-31f5-43e9-9e82-c3f1628d4231"


class CorpusError(ValueError):
    """A malformed corpus file (clear message, no traceback in the bench)."""


def load(path: str | os.PathLike) -> list[dict]:
    """The cases of one corpus file, validated against the corpus format."""
    cases, seen = [], set()
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                case = json.loads(line)
            except ValueError as exc:
                raise CorpusError(f"{path}:{lineno}: not JSON ({exc})") from None
            where = f"{path}:{lineno}"
            if not isinstance(case, dict):
                raise CorpusError(f"{where}: not an object")
            for key in ("id", "category", "event", "input", "expect"):
                if key not in case:
                    raise CorpusError(f"{where}: missing {key!r}")
            if case["id"] in seen:
                raise CorpusError(f"{where}: duplicate id {case['id']!r}")
            seen.add(case["id"])
            if case["expect"] not in EXPECTS:
                raise CorpusError(f"{where}: expect must be one of {EXPECTS}, not {case['expect']!r}")
            if case["expect"] == "redact" and not isinstance(case.get("secret"), str):
                raise CorpusError(f"{where}: a redact case needs a 'secret' string")
            if not isinstance(case["input"], dict):
                raise CorpusError(f"{where}: input must be an object")
            cases.append(case)
    return cases


def hook_input(case: dict) -> dict:
    """The full stdin Claude Code would send for this case."""
    event = case["event"]
    cwd = case.get("cwd") or PROJECT
    base = {
        "session_id": SESSION,
        "transcript_path": f"{HOME}/.claude/projects/-home-dev-project/{SESSION}.jsonl",
        "cwd": cwd,
        "prompt_id": "d39b26bb-7670-42b9-bf54-8b8111f37e35",
        "permission_mode": "default",
        "hook_event_name": event,
    }
    if event in TOOL_EVENTS:
        base["tool_use_id"] = "toolu_corpus_0001"
    if event == "PostToolUse":
        base["duration_ms"] = 12
    if event == "PermissionRequest":
        base["permission_suggestions"] = []
    base.update(case["input"])
    base["hook_event_name"] = event
    return base


def environ_for(case: dict) -> dict:
    return dict(ENVIRON)


def decide(case: dict) -> tuple[dict | None, int, dict | None]:
    """(hook output, exit code, decision or None when the engine failed) for one case."""
    from claude_rego import api
    from claude_rego.claudecode import hookinput

    raw = json.dumps(hook_input(case), ensure_ascii=False).encode("utf-8", "surrogatepass")
    hook = hookinput.parse(raw)  # what the hook does with stdin (size, depth, JSON checks)
    return api.decide_hook(hook, environ=environ_for(case), event=case["event"])


def classify(case: dict, out, code: int, decision) -> str:
    """The class of an answer (see the module docstring)."""
    if decision is None:
        return "error"
    if code == 2:
        return "block"
    out = out or {}
    hso = out.get("hookSpecificOutput") or {}
    event = case["event"]
    if event == "PreToolUse":
        verdict = hso.get("permissionDecision")
        if verdict in ("deny", "ask"):
            return verdict
    if event == "PermissionRequest":
        behavior = (hso.get("decision") or {}).get("behavior")
        if behavior == "deny":
            return "deny"
        if behavior is None and isinstance(decision, dict) and decision.get("verdict") == "ask":
            # PermissionRequest has no "ask": the pack's ask leaves the permission dialog to
            # the user (no decision), which is exactly an ask
            return "ask"
    if out.get("decision") == "block" or out.get("continue") is False:
        return "block"
    if event == "PostToolUse" and ("updatedToolOutput" in hso or "updatedMCPToolOutput" in hso):
        secret = case.get("secret")
        if secret and secret in json.dumps(out, ensure_ascii=False):
            return "leak"
        return "redact"
    return "pass"


def meets(expect: str, got: str) -> bool:
    if expect == "block":
        return got in ("deny", "ask", "block")
    if expect == "redact":
        return got == "redact"
    # A rewrite of a tool input classifies as "pass"; "redact" only arises on PostToolUse,
    # where replacing a benign output is a false positive.
    return got == "pass"


def summary_of(out, code: int) -> str:
    """A short, single-line description of the answer for reports."""
    if out is None:
        return f"exit {code}"
    hso = (out or {}).get("hookSpecificOutput") or {}
    text = (hso.get("permissionDecisionReason") or (hso.get("decision") or {}).get("message")
            or out.get("reason") or out.get("systemMessage") or hso.get("additionalContext") or "")
    return " ".join(str(text).split())[:160]


def run_case(case: dict) -> dict:
    """Decide and classify one case: {id, category, expect, got, ok, answer}."""
    try:
        out, code, decision = decide(case)
        got = classify(case, out, code, decision)
        answer = summary_of(out, code)
    except Exception as exc:  # noqa: BLE001 — e.g. the hook input itself is refused
        got, answer = "error", f"{type(exc).__name__}: {exc}"[:200]
    return {"id": case["id"], "category": case["category"], "expect": case["expect"], "got": got,
            "ok": meets(case["expect"], got), "answer": answer}


def run(cases: list[dict]) -> list[dict]:
    return [run_case(case) for case in cases]


def stratified_sample(cases: list[dict], per_category: int, seed: int = 12) -> list[dict]:
    """Up to `per_category` cases of each category, chosen reproducibly."""
    by_cat: dict[str, list[dict]] = defaultdict(list)
    for case in cases:
        by_cat[case["category"]].append(case)
    rng = random.Random(seed)
    picked = []
    for cat in sorted(by_cat):
        group = by_cat[cat]
        picked += group if len(group) <= per_category else rng.sample(group, per_category)
    return picked


def load_known_gaps(path: str | os.PathLike = KNOWN_GAPS) -> dict[str, str]:
    """id → reason from known_gaps.txt (`id<TAB>reason`, `#` comments)."""
    gaps: dict[str, str] = {}
    if not os.path.exists(path):
        return gaps
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            ident, _, reason = line.partition("\t")
            gaps[ident.strip()] = reason.strip()
    return gaps


def rates(results: list[dict]) -> dict[str, dict]:
    """Per category: total, ok, rate, classes, errors."""
    table: dict[str, dict] = {}
    for res in results:
        row = table.setdefault(res["category"], {"total": 0, "ok": 0, "classes": Counter(), "errors": 0})
        row["total"] += 1
        row["ok"] += res["ok"]
        row["classes"][res["got"]] += 1
        row["errors"] += res["got"] == "error"
    for row in table.values():
        row["rate"] = row["ok"] / row["total"] if row["total"] else 0.0
    return table
