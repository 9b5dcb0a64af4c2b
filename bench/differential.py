"""Differential fuzz of the built-in pack: every routed verb rule on regorus and on real OPA.

    python bench/differential.py                     # every corpus case + 3 mutations each
    python bench/differential.py --mutations 0       # the corpus cases only
    python bench/differential.py --mutations 8 --sample 300 --seed 7
    python bench/differential.py --show 5            # up to 5 examples per class

Inputs: the query document of every case of tests/corpus/{adversarial,benign}.jsonl (the
hook input the corpus runner builds, then `claude_rego.claudecode.query.build`, as the hook
does), plus MUTATED variants aimed at engine edge cases. Mutations change the hook input
(the command string, a file path, an MCP tool's arguments) and the document is rebuilt, so
the facts layer stays honest: bare programs before/after, empty strings, numbers as
strings, very long words, Unicode, duplicated segments, glob/brace characters in paths,
a dropped optional field, and (for MCP tools, whose arguments the agent chooses freely)
non-string argument values.

For each input every routed rule (snapshot.routed_rules, as tests/test_real_opa.py picks
them) is evaluated on regorus (one batched evaluation; on an engine error rule by rule to
find the failing rules) and on OPA (one evaluation of data.claude_rego.policies) and the
values are compared (sets as sorted arrays). Differences are grouped into classes:
(rule, kind) with kind one of `regorus-error`, `regorus-missing` (OPA has elements regorus
lacks: fail-open risk), `regorus-extra`, `value`. Exit 1 when any difference is found.

Needs opa-golib-python-bindings (pip install --ignore-requires-python
'opa-golib-python-bindings==0.4.4').
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

os.environ["RUST_BACKTRACE"] = "0"
os.environ["RUST_LIB_BACKTRACE"] = "0"

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "corpus"))

import runner  # noqa: E402

ENV = dict(runner.ENVIRON)
UNDEFINED = "<undefined>"
ERROR = "<error>"

BARE = ["git", "aws", "kubectl", "docker", "npm", "python3", "curl", "rm", "sudo", "env", "find", "ssh",
        "tar", "chmod", "gh", "terraform", "helm", "crontab", "systemctl", "cat", "base64", "bash", "pip",
        "node", "scp", "rsync", "gcloud", "az", "dd", "mv", "cp", "ln", "tee", "xargs", "nc", "openssl"]
SEPARATORS = ["; ", "\n", " && ", " || ", " | ", " & "]
WORDS = ["''", '""', "0", "1", "-1", "007", "1e3", "3.5", "٣", "é", "ß", "İ", "\u200b", "😀", "ﬁ",
         "a[1]", "{a,b}", "*", "**/x", "?", "[", "{", "]", "}", "\\", "-", "--", "=", "a=b", "~", "/",
         "$HOME", "'$(x)'", "x" * 3000, "/" + "a/" * 200, "\u00a0", "a\u00a0b", "\u2003", "𝐚", "😀😀",
         "/😀😀/$X/y", "~/😀😀/$X", "👍🏽", "🇫🇷"]
ASTRAL = ["😀", "😀😀", "😀😀😀", "𝐚𝐛", "👍🏽", "\u00a0", "\u2003"]
PATH_SUFFIXES = ["😀", "/😀😀", "\u00a0", "[", "{a,b}", "*", "[0]", "é", "ß", "", "/", "//", "/..", "~", "\u200b", "😀", " ", "x" * 2000]


# ---------------------------------------------------------------- mutations of the hook input

def _tool_input(case: dict) -> dict | None:
    ti = case["input"].get("tool_input")
    return ti if isinstance(ti, dict) else None


def _with_tool_input(case: dict, tool_input: dict) -> dict:
    return dict(case, input=dict(case["input"], tool_input=tool_input))


def mutate(case: dict, rng: random.Random) -> tuple[str, dict] | None:
    """(mutation label, mutated case) or None when nothing applies."""
    ti = _tool_input(case)
    if ti is None:
        return None
    tool = case["input"].get("tool_name") or ""
    command = ti.get("command")
    if isinstance(command, str):
        kind = rng.choice(["bare-before", "bare-after", "bare-both", "word", "word-in", "dup", "empty",
                           "only-bare", "drop-field", "arg-bare", "astral", "url-user"])
        if kind == "bare-before":
            return kind, _with_tool_input(case, dict(ti, command=rng.choice(BARE) + rng.choice(SEPARATORS) + command))
        if kind == "bare-after":
            return kind, _with_tool_input(case, dict(ti, command=command + rng.choice(SEPARATORS) + rng.choice(BARE)))
        if kind == "bare-both":
            b = rng.choice(BARE)
            return kind, _with_tool_input(case, dict(ti, command=f"{b}; {command}; {b}"))
        if kind == "word":
            return kind, _with_tool_input(case, dict(ti, command=f"{command} {rng.choice(WORDS)}"))
        if kind == "word-in":  # a word right after the program name of the first line
            first, _, rest = command.partition(" ")
            return kind, _with_tool_input(case, dict(ti, command=f"{first} {rng.choice(WORDS)} {rest}".rstrip()))
        if kind == "dup":
            return kind, _with_tool_input(case, dict(ti, command=f"{command}; {command}"))
        if kind == "empty":
            return kind, _with_tool_input(case, dict(ti, command=rng.choice(["", " ", "\n", ";", "''"])))
        if kind == "only-bare":
            return kind, _with_tool_input(case, dict(ti, command=rng.choice(BARE)))
        if kind == "drop-field":
            extra = [k for k in ti if k != "command"]
            if not extra:
                return None
            return kind, _with_tool_input(case, {k: v for k, v in ti.items() if k != rng.choice(extra)})
        if kind == "astral":  # astral-plane characters or Unicode spaces inside a word (after a / = or :)
            spots = [i for i, ch in enumerate(command) if ch in "/=:"]
            if not spots:
                return kind, _with_tool_input(case, dict(ti, command=f"{command} {rng.choice(ASTRAL)}"))
            i = rng.choice(spots) + 1
            return kind, _with_tool_input(case, dict(ti, command=command[:i] + rng.choice(ASTRAL) + command[i:]))
        if kind == "url-user":  # a user part with a Unicode space or an emoji before the host
            if "://" not in command:
                return None
            return kind, _with_tool_input(case, dict(ti, command=command.replace("://", f"://a{rng.choice(ASTRAL)}@", 1)))
        # arg-bare: the program of the first line followed by nothing, then the original
        first = command.split(None, 1)[0] if command.split() else "git"
        return kind, _with_tool_input(case, dict(ti, command=f"{first}\n{command}\n{first} ''"))
    if tool.startswith("mcp__"):
        kind = rng.choice(["mcp-value", "mcp-empty", "mcp-extra"])
        keys = list(ti)
        if kind == "mcp-value" and keys:
            key = rng.choice(keys)
            value = rng.choice([0, 1, -1, 3.5, None, True, [], {}, [ti[key]], {"x": ti[key]}, "", "٣", "x" * 3000])
            return kind, _with_tool_input(case, dict(ti, **{key: value}))
        if kind == "mcp-empty":
            return kind, _with_tool_input(case, {})
        return kind, _with_tool_input(case, dict(ti, extra=rng.choice(["", 0, None, [], {}, ["rm", "-rf", "/"]])))
    paths = [k for k in ("file_path", "path", "notebook_path") if isinstance(ti.get(k), str)]
    strings = [k for k, v in ti.items() if isinstance(v, str)]
    kind = rng.choice(["path-suffix", "path-empty", "drop-field", "string-word", "path-astral"])
    if kind == "path-astral" and paths:
        key = rng.choice(paths)
        spots = [i for i, ch in enumerate(ti[key]) if ch == "/"] or [0]
        i = rng.choice(spots) + 1
        return kind, _with_tool_input(case, dict(ti, **{key: ti[key][:i] + rng.choice(ASTRAL) + ti[key][i:]}))
    if kind == "path-suffix" and paths:
        key = rng.choice(paths)
        return kind, _with_tool_input(case, dict(ti, **{key: ti[key] + rng.choice(PATH_SUFFIXES)}))
    if kind == "path-empty" and paths:
        return kind, _with_tool_input(case, dict(ti, **{rng.choice(paths): rng.choice(["", "/", ".", "~"])}))
    if kind == "drop-field" and ti:
        return kind, _with_tool_input(case, {k: v for k, v in ti.items() if k != rng.choice(list(ti))})
    if strings:
        key = rng.choice(strings)
        return "string-word", _with_tool_input(case, dict(ti, **{key: ti[key] + " " + rng.choice(WORDS)}))
    return None


# ---------------------------------------------------------------- documents and engines

def document(case: dict) -> tuple[dict, dict] | None:
    """(hook input, query document) as the hook builds them; None when the hook refuses it."""
    from claude_rego.claudecode import hookinput, query

    raw = json.dumps(runner.hook_input(case), ensure_ascii=False).encode("utf-8", "surrogatepass")
    try:
        hook = hookinput.parse(raw)
    except Exception:  # noqa: BLE001 — the hook refuses it before any evaluation
        return None
    capped, truncated = hookinput.cap_strings(hook)
    return hook, query.build(capped, truncated=truncated, environ=ENV, flavour="linux", resolver=lambda p: p)


def _normalise(value):
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return sorted((_normalise(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dict):
        return {k: _normalise(v) for k, v in value.items()}
    return value


class Differ:
    """Both engines loaded with the built-in pack; `compare(hook, document)` → differences."""

    def __init__(self, pack_dir=None):
        import opa_bindings
        from claude_rego.engines.regorus_engine import RegorusEngine
        from claude_rego.policy import load_snapshot, snapshot
        from claude_rego.policy.regotest import discover

        modules, data = discover([pack_dir or snapshot.default_pack_dir()])
        # the Rego tests are not needed and make OPA's whole-tree evaluation ~100x slower
        modules = [(path, text) for path, text in modules if not str(path).endswith("_test.rego")]
        self.opa = opa_bindings.OpaEngine()
        for path, text in modules:
            self.opa.add_policy(path, text)
        self.opa.add_data(data)
        self.regorus = RegorusEngine(gather_prints=False)
        self.regorus.load(modules, data)
        self.pack = load_snapshot(None)  # routing: the built-in pack's (a --pack copy shares it)
        self.compared = 0

    def close(self):
        self.opa.close()

    def routed(self, hook: dict) -> list[str]:
        from claude_rego.claudecode import events
        from claude_rego.policy import snapshot

        tool = hook.get("tool_name") if isinstance(hook.get("tool_name"), str) else None
        return [rule for _, rule in snapshot.routed_rules(self.pack, hook.get("hook_event_name"), tool,
                                                          events.tool_class(tool) if tool else None)]

    def regorus_values(self, document: dict, rules: list[str]) -> dict:
        from claude_rego.engines.base import EngineError

        text = json.dumps(document)
        try:
            found = self.regorus.evaluate(text, rules)
            return {rule: found.get(rule, UNDEFINED) for rule in rules}
        except EngineError:
            pass
        values = {}
        for rule in rules:  # find the failing rules
            try:
                values[rule] = self.regorus.evaluate(text, [rule]).get(rule, UNDEFINED)
            except EngineError as exc:
                values[rule] = f"{ERROR} {exc}"[:300]
        return values

    def opa_values(self, document: dict, rules: list[str]) -> dict:
        try:
            tree = self.opa.eval_document("claude_rego.policies", input=document)
        except Exception as exc:  # noqa: BLE001
            return {rule: f"{ERROR} {exc}"[:300] for rule in rules}
        values = {}
        for rule in rules:
            package, name = rule[len("data.claude_rego.policies."):].rsplit(".", 1)
            node = tree if isinstance(tree, dict) else {}
            for part in package.split("."):
                node = node.get(part, {}) if isinstance(node, dict) else {}
            values[rule] = node.get(name, UNDEFINED) if isinstance(node, dict) else UNDEFINED
        return values

    def compare(self, hook: dict, document: dict) -> list[dict]:
        rules = self.routed(hook)
        ours, theirs = self.regorus_values(document, rules), self.opa_values(document, rules)
        self.compared += len(rules)
        out = []
        for rule in rules:
            a, b = ours[rule], theirs[rule]
            if _normalise(a) == _normalise(b):
                continue
            out.append({"rule": rule, "kind": kind_of(a, b), "regorus": a, "opa": b})
        return out


def kind_of(a, b) -> str:
    if isinstance(a, str) and a.startswith(ERROR):
        return "regorus-error"
    if isinstance(b, str) and b.startswith(ERROR):
        return "opa-error"
    sa = {json.dumps(_normalise(x), sort_keys=True) for x in a} if isinstance(a, list) else None
    sb = {json.dumps(_normalise(x), sort_keys=True) for x in b} if isinstance(b, list) else None
    if a == UNDEFINED and b in ([], {}):
        return "regorus-undefined-empty"
    if sa is not None and sb is not None:
        if sa < sb or (a == UNDEFINED and sb):
            return "regorus-missing"
        if sb < sa:
            return "regorus-extra"
    if a == UNDEFINED:
        return "regorus-missing"
    return "value"


# ---------------------------------------------------------------- the run

def inputs(mutations: int, seed: int, sample: int | None = None, corpora=None):
    """Yield (label, case) for every corpus case (or a sample) and its mutations."""
    cases = []
    for path in corpora or (runner.ADVERSARIAL, runner.BENIGN):
        cases += runner.load(path)
    rng = random.Random(seed)
    if sample:
        cases = rng.sample(cases, min(sample, len(cases)))
    for case in cases:
        yield case["id"], case
        crng = random.Random(f"{seed}:{case['id']}")
        for i in range(mutations):
            got = mutate(copy.deepcopy(case), crng)
            if got is not None:
                yield f"{case['id']}~{got[0]}#{i}", got[1]


def run(mutations: int, seed: int, sample: int | None = None, differ: Differ | None = None,
        corpora=None, progress: bool = False, pack_dir=None) -> tuple[dict, int, int]:
    """(classes {(rule, kind): [examples]}, inputs compared, rule values compared)."""
    own = differ is None
    differ = differ or Differ(pack_dir)
    classes: dict = defaultdict(list)
    n = 0
    start = time.monotonic()
    try:
        for label, case in inputs(mutations, seed, sample, corpora):
            built = document(case)
            if built is None:
                continue
            hook, doc = built
            n += 1
            for diff in differ.compare(hook, doc):
                command = (_tool_input(case) or {}).get("command")
                diff.update(input=label, tool=hook.get("tool_name"),
                            call=command if isinstance(command, str) else _tool_input(case))
                classes[(diff["rule"], diff["kind"])].append(diff)
            if progress and n % 500 == 0:
                print(f"  … {n} inputs, {sum(map(len, classes.values()))} differences, "
                      f"{time.monotonic() - start:.0f}s", file=sys.stderr, flush=True)
        return dict(classes), n, differ.compared
    finally:
        if own:
            differ.close()


def _short(value, width=160) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width] + "…"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mutations", type=int, default=3, help="mutated variants per corpus case (default 3)")
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--sample", type=int, default=None, help="only this many corpus cases (random)")
    ap.add_argument("--corpus", action="append", help="a corpus file (default: both corpora)")
    ap.add_argument("--show", type=int, default=3, help="examples per class (default 3)")
    ap.add_argument("--json", help="write every difference to this file")
    ap.add_argument("--pack", help="another copy of the built-in pack (e.g. an older commit's policies/)")
    args = ap.parse_args(argv)
    start = time.monotonic()
    classes, n, compared = run(args.mutations, args.seed, args.sample, corpora=args.corpus, progress=True,
                                pack_dir=args.pack)
    total = sum(map(len, classes.values()))
    print(f"{n} inputs, {compared} rule values compared on regorus and OPA, {total} differences, "
          f"{len(classes)} classes ({time.monotonic() - start:.0f}s)")
    for (rule, kind), diffs in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f"\n[{kind}] {rule}: {len(diffs)}")
        for d in diffs[:args.show]:
            print(f"  {d['input']}: {_short(d['call'])}")
            print(f"    regorus: {_short(d['regorus'])}")
            print(f"    opa:     {_short(d['opa'])}")
    if args.json:
        Path(args.json).write_text(json.dumps({f"{r} {k}": v for (r, k), v in classes.items()}, indent=1,
                                              ensure_ascii=False, default=str))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
