"""The facts layer's `maybe_secret` is a necessary condition of lib/paths.rego's is_secret.

Policies skip the (costly) per-path secret test for a path the facts layer marked
`maybe_secret: false`. That is only sound if no clause of `_is_secret` can hold for such a
path: checked here against the Rego clauses themselves, on every path of both corpora and
on the pack's own secret locations and examples in many spellings.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from claude_rego.claudecode import query
from claude_rego.engines.regorus_engine import RegorusEngine
from claude_rego.facts.paths.collect import pattern_only_pieces
from claude_rego.policy import load_snapshot as load
from claude_rego.policy.snapshot import default_pack_dir

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "corpus"))

import runner  # noqa: E402

HOME = "/home/dev"
ENV = {"HOME": HOME, "CLAUDE_PROJECT_DIR": "/home/dev/project"}


def _engine() -> RegorusEngine:
    snap = load(None)
    engine = RegorusEngine(batch=False)
    engine.load([(m["path"], m["text"]) for m in snap["modules"]], snap.get("data") or {})
    engine.raw.add_policy("secret_candidate_check.rego", """package secret_candidate_check

import rego.v1

missed contains p.raw if {
	some p in input.check
	p.maybe_secret == false
	data.claude_rego.lib.paths._is_secret(p)
}

secret contains p.raw if {
	some p in input.check
	data.claude_rego.lib.paths._is_secret(p)
}

skipped contains p.raw if {
	some p in input.check
	p.maybe_secret == false
}
""")
    return engine


def _paths_of(hook: dict) -> list[dict]:
    return query.build(hook, environ=ENV)["facts"]["paths"]


def _pack_locations() -> list[str]:
    """The secret locations and example names lib/paths.rego lists, read from its source."""
    text = (Path(default_pack_dir()) / "claude_rego" / "lib" / "paths" / "paths.rego").read_text()
    found = []
    for block in ("secret_dirs", "secret_files", "secret_examples"):
        body = re.search(rf"^{block} := \[(.*?)^\]", text, re.S | re.M)
        assert body, block
        found += re.findall(r'"([^"]+)"', body.group(1))
    return found


def _check(engine: RegorusEngine, paths: list[dict]) -> dict:
    doc = {"facts": query.build({"hook_event_name": "PreToolUse", "cwd": "/home/dev/project"},
                                environ=ENV)["facts"], "check": paths}
    values = engine.evaluate(json.dumps(doc), ["data.secret_candidate_check.missed", "data.secret_candidate_check.secret",
                                               "data.secret_candidate_check.skipped"])
    return {k.rsplit(".", 1)[1]: set(v) for k, v in values.items()}


def test_maybe_secret_never_hides_a_secret_path_of_the_corpora():
    paths = []
    for corpus in ("adversarial.jsonl", "benign.jsonl"):
        for case in runner.load(REPO / "tests" / "corpus" / corpus):
            hook = runner.hook_input(case)
            if hook.get("cwd", "").startswith(HOME):
                paths += _paths_of(hook)
    assert len(paths) > 1000
    result = _check(_engine(), paths)
    assert result["missed"] == set()
    # the check means something: both kinds occur
    assert len(result["secret"]) > 100 and len(result["skipped"]) > 100


def test_maybe_secret_never_hides_the_packs_own_secret_locations():
    words = []
    for loc in _pack_locations():
        for spelling in (loc, loc.upper(), loc + "/x", loc + ".bak", "./" + loc.lstrip("~/"), "sub/" + loc.lstrip("~/")):
            words.append(spelling.replace("~", HOME, 1) if spelling.startswith("~") else spelling)
    paths = []
    for word in words:
        paths += _paths_of({"hook_event_name": "PreToolUse", "cwd": "/home/dev/project", "tool_name": "Read",
                            "tool_input": {"file_path": word}})
        paths += _paths_of({"hook_event_name": "PreToolUse", "cwd": "/home/dev/project", "tool_name": "Bash",
                            "tool_input": {"command": f"cat '{word}'"}})
    result = _check(_engine(), paths)
    assert result["missed"] == set()
    assert len(result["secret"]) > 50


def test_maybe_secret_pieces_hold_every_piece_secrets_access_would_find():
    """index.maybe_secret_pieces (the argument pieces secrets_access tests as words) must hold
    every piece that its _secret_word finds in a segment using it."""
    engine = _engine()
    engine.raw.add_policy("piece_check.rego", """package piece_check

import rego.v1

missed contains piece if {
	some piece, ids in input.facts.shell.index.pieces
	not piece in input.facts.shell.index.maybe_secret_pieces
	some i in ids
	data.claude_rego.policies.secrets_access._secret_word(data.claude_rego.lib.shell.segments[i], piece)
}

candidates contains piece if {
	some piece, ids in input.facts.shell.index.pieces
	some i in ids
	data.claude_rego.policies.secrets_access._secret_word(data.claude_rego.lib.shell.segments[i], piece)
}

pruned contains piece if {
	some piece, _ in input.facts.shell.index.pieces
	contains(piece, "/")
	not piece in input.facts.shell.index.maybe_secret_pieces
}
""")
    words = [w.split("/")[-1] for w in _pack_locations()]
    commands = [f"cat {w} {w.upper()} x={w} HEAD:{w} '{w}*' --include={w}" for w in words]
    for corpus in ("adversarial.jsonl", "benign.jsonl"):
        for case in runner.load(REPO / "tests" / "corpus" / corpus):
            command = (case["input"].get("tool_input") or {}).get("command")
            if case["input"].get("tool_name") == "Bash" and isinstance(command, str):
                commands.append(command)
    missed, candidates, pruned = set(), 0, 0
    for command in commands:  # one by one: the path facts (at most 64 a call) decide the pruning
        doc = query.build({"hook_event_name": "PreToolUse", "cwd": "/home/dev/project", "tool_name": "Bash",
                           "tool_input": {"command": command}}, environ=ENV)
        if not (doc["facts"]["shell"] or {}).get("index"):
            continue
        values = engine.evaluate(json.dumps(doc), ["data.piece_check.missed", "data.piece_check.candidates",
                                                   "data.piece_check.pruned"])
        # pieces that occur only as a regex or pattern (cosign --…-regexp '.*', grep -e '.*') are
        # dropped by design: they name no file (facts/paths/collect.py, pattern_only_pieces)
        missed |= set(values.get("data.piece_check.missed", [])) - pattern_only_pieces(doc["facts"]["shell"])
        candidates += len(values.get("data.piece_check.candidates", []))
        pruned += len(values.get("data.piece_check.pruned", []))
    assert missed == set()
    # the check means something: secret words occur, and path-like pieces are pruned
    assert candidates > 100 and pruned > 100, (candidates, pruned)
