"""Run the adversarial and benign corpora through the decision core and report.

    python bench/corpus.py                          # both corpora of this checkout
    python bench/corpus.py --corpus FILE [--corpus FILE2]   # any corpus files
    python bench/corpus.py --sample 20              # 20 cases per category
    python bench/corpus.py --write-known-gaps       # failures -> tests/corpus/known_gaps.txt
    python bench/corpus.py --category unicode --show-all
    python bench/corpus.py --techniques             # + catch rate per evasion technique

Prints per category: the catch rate (adversarial: denied/asked/blocked or redacted) or the
pass rate (benign: no deny/ask/block/error) with the classes of answers, engine-error
counts, then every failing case with its answer. Exit 0 always unless a corpus cannot be
read (2); the test suite is the gate, this is the measurement.

The engine under test is whichever `claude_rego` the interpreter imports (a venv's editable
install of some worktree), else this checkout's `engine/` (set PYTHONPATH to choose).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "corpus"))

import runner  # noqa: E402


def _print_table(title: str, results: list[dict], adversarial: bool) -> None:
    table = runner.rates(results)
    label = "caught" if adversarial else "passing"
    print(f"\n{title}: {len(results)} cases")
    print(f"  {'category':<26}{'n':>6}{label:>9}{'rate':>9}{'errors':>8}  classes")
    total_ok = total = errors = 0
    for cat in sorted(table):
        row = table[cat]
        total, total_ok, errors = total + row["total"], total_ok + row["ok"], errors + row["errors"]
        classes = ", ".join(f"{k} {v}" for k, v in row["classes"].most_common())
        print(f"  {cat:<26}{row['total']:>6}{row['ok']:>9}{row['rate']:>9.1%}{row['errors']:>8}  {classes}")
    if total:
        print(f"  {'ALL':<26}{total:>6}{total_ok:>9}{total_ok / total:>9.1%}{errors:>8}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", action="append", help="corpus file (repeatable); default: both of this checkout")
    ap.add_argument("--sample", type=int, default=0, help="only N cases per category (stratified, reproducible)")
    ap.add_argument("--category", action="append", help="only these categories")
    ap.add_argument("--write-known-gaps", action="store_true",
                    help=f"write the current failures to {runner.KNOWN_GAPS.relative_to(runner.REPO)}")
    ap.add_argument("--known-gaps", default=str(runner.KNOWN_GAPS), help="the known-gaps file to write")
    ap.add_argument("--show-all", action="store_true", help="print every case's answer, not only failures")
    ap.add_argument("--json", help="write per-case results to this JSON file")
    ap.add_argument("--techniques", action="store_true",
                    help="also print catch rates per evasion technique / effect (heuristic tags) for adversarial cases")
    args = ap.parse_args(argv)
    if args.write_known_gaps and (args.sample or args.category or args.corpus):
        print("error: --write-known-gaps needs a full run of this checkout's corpora (no --sample/--category/--corpus)",
              file=sys.stderr)
        return 2

    paths = args.corpus or [str(p) for p in (runner.ADVERSARIAL, runner.BENIGN) if p.exists()]
    all_results, failures = [], []
    import claude_rego
    print(f"engine: {os.path.dirname(claude_rego.__file__)}")
    for path in paths:
        try:
            cases = runner.load(path)
        except (OSError, runner.CorpusError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if args.category:
            cases = [c for c in cases if c["category"] in args.category]
        if args.sample:
            cases = runner.stratified_sample(cases, args.sample)
        adversarial = any(c["expect"] != "pass" for c in cases)
        started = time.monotonic()
        results = runner.run(cases)
        elapsed = time.monotonic() - started
        _print_table(f"{path} ({elapsed:.1f} s, {1000 * elapsed / max(1, len(cases)):.2f} ms/case)",
                     results, adversarial)
        by_id = {c["id"]: c for c in cases}
        for res in results:
            if args.show_all or not res["ok"]:
                case = by_id[res["id"]]
                shown = (case["input"].get("tool_input") or {}).get("command") or case["input"].get("prompt") \
                    or json.dumps(case["input"].get("tool_input") or case["input"], ensure_ascii=False)
                mark = "ok  " if res["ok"] else "FAIL"
                print(f"  {mark} {res['id']} [{res['got']}] {str(shown)[:140]!r} -> {res['answer'][:100]}")
            if not res["ok"]:
                failures.append(dict(res, note=by_id[res["id"]].get("note", "")))
        all_results += results
        if args.techniques and adversarial:
            try:
                import techniques
            except ImportError:
                print("\n  (--techniques: tests/corpus/techniques.py not found next to the runner)")
                continue
            rows = techniques.table(cases, results)
            print("\n  by technique (a case can carry several tags): met/cases")
            for tag, (n, met) in sorted(rows.items(), key=lambda kv: (kv[1][1] / kv[1][0], -kv[1][0])):
                print(f"  {met / n:7.1%} {met:5d}/{n:<5d} {tag}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(all_results, fh, indent=1)
    if args.write_known_gaps:
        with open(args.known_gaps, "w", encoding="utf-8") as fh:
            fh.write("# Corpus cases that do not meet their expectation on this code (id<TAB>answer class: what the case does).\n"
                     "# Written by `python bench/corpus.py --write-known-gaps`; tests/test_corpus.py keeps it exact.\n")
            for res in sorted(failures, key=lambda r: r["id"]):
                why = res["answer"][:100] if res["got"] == "error" else res["note"][:100]
                fh.write(f"{res['id']}\t{res['got']}: {why}\n")
        print(f"\nwrote {len(failures)} known gaps to {args.known_gaps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
