"""Rego unit tests, like `opa test`: every rule named `test_*` must evaluate to true.

Loads all `.rego` files (tests included) and data files of the given paths into one
engine (data files merge at their directory path, OPA bundle style), finds test rules
from the engine's AST, and evaluates each. `todo_*` rules are reported as skipped.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

from ..engines.regorus_engine import RegorusEngine
from . import astview
from .snapshot import default_pack_dir
from .sources import compose_data, read_source


class FixtureError(Exception):
    """A golden fixture file is unreadable or not in the fixture format (docs/fixtures.md)."""


def discover(paths: list[str]) -> tuple[list[tuple[str, str]], dict]:
    """Modules and data of `paths` (`builtin:` = the built-in pack), composed as the hook
    composes them (later sources overlay earlier data). When the built-in pack is there as
    context for other sources, its libraries and policies are loaded but its own tests are
    not. Raises sources.PolicyError (missing path, invalid or conflicting data)."""

    modules, data, _ = _discover(paths)
    return modules, data


def _discover(paths: list[str]):
    """(modules, data, files loaded only as context)."""
    from .snapshot import is_builtin

    read = [read_source(source) for source in paths]
    only_builtin = all(is_builtin(src.label) for src in read)
    modules, context_files = [], set()
    for src in read:
        context = is_builtin(src.label) and not only_builtin
        modules += [(str(file), text) for rel, file, text in src.rego
                    if not (context and rel.endswith("_test.rego"))]
        if context:
            context_files |= {str(file) for _, file, _ in src.rego}
    data, _ = compose_data(read)
    return modules, data, context_files


def test_rules(engine: RegorusEngine) -> list[dict]:
    found = []
    for module in astview.parse(engine.raw.get_ast_as_json()):
        package = astview.package(module)
        for rule in module["ast"]["rules"]:
            head = (rule.get("Spec") or {}).get("head") or {}
            for kind, shape in head.items():
                if kind == "Func":
                    continue  # test_helper(x) functions are not tests
                ref = shape.get("refr") if isinstance(shape, dict) else None
                var = ref.get("Var") if isinstance(ref, dict) else None
                if var and var["value"].startswith(("test_", "todo_")):
                    found.append({"package": package, "name": var["value"],
                                  "file": module["source"]["file"], "line": var["span"]["line"]})
    unique = {(t["package"], t["name"]): t for t in found}  # one test may have several bodies
    return sorted(unique.values(), key=lambda t: (t["file"], t["line"]))


def run_rego_tests(paths: list[str], *, pattern: str | None = None, coverage: dict | None = None) -> list[dict]:
    """Run the test rules; with a `coverage` dict, fill it with per-file line coverage
    of the policies under test ({file: {"covered", "not_covered", "percent"}})."""
    modules, data, context_files = _discover(paths)
    engine = RegorusEngine()
    if coverage is not None:
        engine.raw.set_enable_coverage(True)
    try:
        engine.load(modules, data)
    except Exception as exc:  # noqa: BLE001 — a compile error fails the run, it does not crash it
        return [{"package": None, "name": "<load>", "file": None, "line": None, "passed": False,
                 "skipped": False, "error": str(exc).strip(), "duration_ms": 0.0}]
    engine.raw.set_input_json("{}")
    regex = re.compile(pattern) if pattern else None
    results = []
    for test in test_rules(engine):
        qualified = f"{test['package']}.{test['name']}"
        if regex and not regex.search(qualified):
            continue
        result = dict(test, passed=False, skipped=test["name"].startswith("todo_"), error=None, duration_ms=0.0)
        if not result["skipped"]:
            start = time.perf_counter()
            try:
                value = engine.evaluate("{}", [f"data.{qualified}"]).get(f"data.{qualified}")
                result["passed"] = value is True
                if not result["passed"]:
                    result["error"] = "undefined" if value is None else f"value {json.dumps(value)[:200]}"
            except Exception as exc:  # noqa: BLE001
                result["error"] = str(exc).strip()
            result["duration_ms"] = (time.perf_counter() - start) * 1000
        results.append(result)
    if coverage is not None:
        report = json.loads(engine.raw.get_coverage_report_as_json())
        for entry in report.get("files", []):
            if entry["path"].endswith("_test.rego") or entry["path"] in context_files:
                continue  # coverage of the policies under test, not of the pack they build on
            covered, missed = len(entry["covered"]), len(entry["not_covered"])
            total = covered + missed
            coverage[entry["path"]] = {"covered": covered, "not_covered": missed,
                                       "not_covered_lines": entry["not_covered"],
                                       "percent": round(100.0 * covered / total, 1) if total else 100.0}
    return results


def overall_percent(coverage: dict) -> float:
    covered = sum(c["covered"] for c in coverage.values())
    total = covered + sum(c["not_covered"] for c in coverage.values())
    return round(100.0 * covered / total, 1) if total else 100.0


def run_fixtures(fixture_dir: str, evaluate) -> list[dict]:
    """Golden hook fixtures: each `*.json` in `fixture_dir` holds {"input": hook input,
    "expected": hook output, optional "exit_code", "environ", "description"}; each is run
    through the whole pipeline (query document → engine → decision → output) by
    `evaluate(hook_input, environ)` → (hook output, exit code): the caller passes the
    library's decision path (`api.evaluate_hook` with its policies), which sits above policy/."""
    results = []
    for path in sorted(Path(fixture_dir).glob("*.json")):
        try:
            case = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise FixtureError(f"{path}: not a JSON fixture: {exc}") from None
        if not isinstance(case, dict) or not isinstance(case.get("input"), dict) or "expected" not in case:
            raise FixtureError(f"{path}: a fixture is an object with `input` (a hook input object) and "
                               "`expected` (the hook output); see docs/fixtures.md")
        start = time.perf_counter()
        out, code = evaluate(case["input"], case.get("environ"))
        expected_code = case.get("exit_code", 0)
        results.append({
            "package": "fixture", "name": path.stem, "file": str(path), "line": 1, "skipped": False,
            "passed": out == case["expected"] and code == expected_code,
            "error": None if out == case["expected"] and code == expected_code else
            f"expected {json.dumps(case['expected'])} (exit {expected_code}), got {json.dumps(out)} (exit {code})",
            "duration_ms": (time.perf_counter() - start) * 1000,
        })
    return results


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    results = run_rego_tests(argv or [str(default_pack_dir())])
    failed = [r for r in results if not r["passed"] and not r["skipped"]]
    for r in failed:
        label = f"{r['package']}.{r['name']}" if r["package"] else r["name"]
        print(f"FAIL {label} ({r['file']}:{r['line']}): {r['error']}")
    passed = sum(r["passed"] for r in results)
    print(f"{passed} passed, {len(failed)} failed, {sum(r['skipped'] for r in results)} skipped")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
