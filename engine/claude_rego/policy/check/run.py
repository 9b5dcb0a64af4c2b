"""Running the checks: sources → files → parse → the program's findings, isolated evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..astview import parse as _parse_ast
from .analysis import _forced_evaluation
from .data import data_findings
from .findings import Finding, _from_engine_error, _line_of_error, _sorted
from .layout import layout_findings
from .program import _Program
from .text import _parse_error, literal_depth

TYPE_CHECKING = False  # typing is not imported for annotations
if TYPE_CHECKING:
    from ..vocabulary import Vocabulary

MAX_LITERAL_DEPTH = 12  # regorus parse time grows exponentially with nesting (depth 15: ~1 s)


def check(sources: list[str], *, allow_network: bool = False, vocabulary: Vocabulary | None = None) -> list[Finding]:
    """Check every .rego file under `sources` (tests included) and their data files. Never
    raises for bad policies. `builtin:` among other sources is context: the built-in pack's
    modules and data are loaded (so references to its libraries resolve and data overlays
    are checked against it) but its own files were checked when it was built.

    `vocabulary` is the host's (policy/vocabulary.py: Claude Code's is
    `claudecode.vocabulary.VOCABULARY`); without it the host-specific checks are skipped."""
    from ..snapshot import is_builtin
    from ..sources import PolicyError, compose_data, read_source

    findings: list[Finding] = []
    read = []
    for source in sources:
        if not is_builtin(source) and not Path(source).exists():
            findings.append(Finding(source, 1, "error", "path-not-found", f"{source}: no such file or directory"))
            continue
        try:
            read.append(read_source(source))
        except PolicyError as exc:
            findings.append(_source_error(source, str(exc)))
    only_builtin = all(is_builtin(src.label) for src in read)
    checked, context = [], []
    for src in read:
        files = [(str(file), text) for _, file, text in src.rego]
        if is_builtin(src.label) and not only_builtin:
            context += [(path, text) for path, text in files if not path.endswith("_test.rego")]
        else:
            checked += files
            findings += layout_findings(src)
            if not files and not src.data:
                findings.append(Finding(src.label, 1, "error", "no-policies",
                                        f"{src.label}: no .rego or data files"))
    findings += data_findings(read)
    if not any(f["code"] == "data-conflict" for f in findings):
        try:
            compose_data(read)
        except PolicyError as exc:
            findings.append(_source_error(read[-1].label if read else "?", str(exc), "data-conflict"))
    return _sorted(findings + check_modules(checked, allow_network=allow_network, context=context,
                                                        vocabulary=vocabulary))


def _source_error(source: str, message: str, code: str = "unreadable") -> Finding:
    """A PolicyError while reading a source, as a finding on the file it names."""
    file = message.split(": ", 1)[0] if ": " in message else source
    if "invalid data file" in message:
        code = "data-invalid"
    elif "defined twice" in message or "collides" in message:
        code = "data-conflict"
    return Finding(file, _line_of_error(message), "error", code, message)


def check_modules(files: list[tuple[str, str]], *, allow_network: bool = False,
                  context: Sequence[tuple[str, str]] = (), vocabulary: Vocabulary | None = None) -> list[Finding]:
    """Check (path, Rego text) modules, e.g. those of a compiled snapshot. `context`
    modules are loaded alongside (references into them resolve) but not reported on.
    `vocabulary`: as for `check`."""
    findings: list[Finding] = []
    parsed: list[tuple[str, str]] = []
    for path, text in files:
        depth, line = literal_depth(text)
        if depth > MAX_LITERAL_DEPTH:
            findings.append(Finding(path, line, "error", "literal-depth",
                                    f"literals nested {depth} deep (limit {MAX_LITERAL_DEPTH}): the engine's parse "
                                    "time explodes; flatten the data or move it to data.json"))
            continue
        error = _parse_error(path, text)
        if error:
            findings.append(error)
            continue
        parsed.append((path, text))
    if not parsed:
        return _sorted(findings)

    from ...engines.regorus_engine import RegorusEngine

    engine = RegorusEngine(gather_prints=False)
    try:
        engine.load(parsed + list(context), {})
    except Exception as exc:  # noqa: BLE001 — e.g. a conflict between files
        findings.append(_from_engine_error(str(exc), "error", "load"))
        return _sorted(findings)
    modules = _parse_ast(engine.raw.get_ast_as_json())
    program = _Program(modules)
    mine = {path for path, _ in parsed}
    own: list[Finding] = []
    own += program.duplicate_defaults()
    own += program.recursion()
    own += program.calls(allow_network)
    own += program.input_references(vocabulary)
    own += program.routing(vocabulary)
    own += program.alias_rule_references()
    own += program.computed_heads()
    own += program.count_offsets()
    own += program.nested_calls_in_not()
    own += program.packages_and_verbs()
    own += program.input_patterns()
    findings += [f for f in own if f["file"] in mine]
    if not any(f["code"] == "recursion" for f in own):  # evaluating recursion crashes the engine
        known = {(f["file"], f["message"].split("`")[1]) for f in findings if f["code"] == "unknown-function"}
        everything = parsed + list(context)
        for finding in _isolated(lambda: _forced_evaluation(everything, program, mine), parsed):
            name = finding["message"].rsplit(" ", 1)[-1]
            if (finding["file"], name) not in known and finding["file"] in mine:
                findings.append(finding)
    return _sorted(findings)


def _isolated(task, parsed):
    """Run `task` in a forked child where possible: the engine can crash on a bad program."""
    import os
    import time

    if not hasattr(os, "fork"):
        return task()
    from ..._isolation import ChildFailed, run_forked

    try:
        return [Finding(**f) for f in run_forked(lambda: {"findings": task()}, time.monotonic() + 60)["findings"]]
    except ChildFailed as exc:
        return [Finding(parsed[0][0], 1, "error", "engine-crash",
                        f"evaluating these policies crashed or hung the engine ({exc})")]
