"""The `claude-rego` command line: a thin shell over the library.

`claude-rego hook` never gets here (see `entry.py`): it is dispatched before typer is
imported, because Claude Code spawns it for every tool call.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from .. import __version__
from ..claudecode.vocabulary import VOCABULARY  # `check` validates against Claude Code's events and facts
from .admin import _token, config_app, log_app, opa_app
from .common import (  # noqa: F401
    EXIT_FAIL,
    EXIT_INTERNAL,
    EXIT_USAGE,
    FormatOpt,
    NoBuiltinOpt,
    PoliciesOpt,
    _count,
    _fail,
    _format,
    _load,
    _policy_failure,
    _sources,
)
from .install import register as _register_install_commands

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Policy engine for Claude Code hooks, driven by OPA/Rego. "
                       "Exit codes: 0 ok, 1 the answer is negative (check errors, failing tests, a refused "
                       "bundle...), 2 bad usage or input (docs/cli.md), 70 internal error.")

def _version_callback(value: bool):
    if value:
        typer.echo(f"claude-rego {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version_callback, is_eager=True,
                                       help="Print the version and exit.")):
    """Policy engine for Claude Code hooks, driven by OPA/Rego."""


def run() -> None:
    """The console entry: every error is a message and a documented exit code, never a traceback."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 — the last line: a bug, reported without a traceback
        sys.stderr.write(f"error: internal error: {type(exc).__name__}: {exc}\n"
                         "(this is a bug in claude-rego; please report it with the command you ran)\n")
        sys.exit(EXIT_INTERNAL)


@app.command(context_settings={"help_option_names": []}, add_help_option=False)
def hook(event: str | None = typer.Option(None, "--event"),
         policies: list[str] | None = PoliciesOpt,
         deadline: float = typer.Option(3.0, "--deadline")):
    """Answer one hook event: JSON on stdin, the hook output on stdout (used by Claude Code)."""
    # Reached only when typer is already loaded (e.g. `python -m claude_rego.cli.app hook`).
    from ..claudecode.hook import main as hook_main

    argv = (["--event", event] if event else []) + [a for p in policies or [] for a in ("--policies", p)]
    raise typer.Exit(hook_main(argv + ["--deadline", str(deadline)]))


_register_install_commands(app)  # install, uninstall (cli/install.py), in their place in --help


@app.command(name="eval")
def eval_(file: Path = typer.Argument(..., help="A hook input JSON file (or a shared sample with an `input` field); - for stdin."),
          policies: list[str] | None = PoliciesOpt,
          no_builtin: bool = NoBuiltinOpt,
          org_policies: str | None = typer.Option(None, "--org-policies", help="An org layer (can only tighten)."),
          project_policies: str = typer.Option("auto", "--project-policies", help="auto | off | PATH (as the hook)."),
          managed_config: str | None = typer.Option(None, "--managed-config", help="Managed runtime file (as the hook)."),
          explain: bool = typer.Option(False, "--explain", hidden=True, help="Deprecated: the text format explains."),
          format_: str = FormatOpt):
    """Decide one hook input exactly as the hook would (same layers), and explain who decided.

    Text: the verdict, the layer/policy/rule (file:line) that decided, why the others did not.
    --format json: the query document, contributions, decision, hook output and explanation."""
    from ..claudecode import hook as hook_mod
    from ..claudecode import hookinput, output, query
    from ..claudecode.adapter import ADAPTER
    from ..claudecode.events import event_info
    from ..decide.explain import explain as explain_lines
    from ..decide.pipeline import open_evaluator
    from ..decide.types import Request
    from ..policy import policyset
    from ..policy import snapshot as snapshot_mod

    fmt = _format(format_)
    try:
        raw = sys.stdin.buffer.read() if str(file) == "-" else file.read_bytes()
    except OSError as exc:
        _fail(f"{file}: {exc.strerror or exc}")
    try:
        hook_input = hookinput.parse(raw)
    except hookinput.BadInput as exc:
        _fail(f"{file}: not a hook input ({exc})")
    if "input" in hook_input and "hook_event_name" not in hook_input and isinstance(hook_input["input"], dict):
        hook_input = hook_input["input"]
    name = hook_input.get("hook_event_name")
    if not isinstance(name, str) or not name:
        _fail(f"{file}: the hook input has no hook_event_name")
    # The hook's own option handling: --policies composition, then the managed config wins.
    argv = [a for p in _sources(policies, no_builtin) or () for a in ("--policies", p)]
    argv += ["--project-policies", project_policies] + (["--org-policies", org_policies] if org_policies else [])
    argv += ["--managed-config", managed_config] if managed_config else []
    opts = hook_mod.parse_args(argv)
    hook_mod._apply_managed(opts)
    try:
        engine = None
        if opts.opa_url:
            from ..claudecode.worker import _opa_engine

            engine = _opa_engine({"url": opts.opa_url, "token_file": opts.opa_token_file,
                                  "ca_file": opts.opa_ca_file})
        evaluator = open_evaluator(ADAPTER, opts.policies or None, org=opts.org_policies,
                                   project=opts.project_policies, engine=engine)
        answer = evaluator.answer(Request(hook_input, name))
        out, code, decision = answer.output, answer.exit, answer.decision
        assert decision is not None  # Evaluator.answer either decides or raises
        lines = explain_lines(evaluator, hook_input, name, decision)
    except (policyset.PolicyError, snapshot_mod.SnapshotError, OSError) as exc:
        _policy_failure(exc, opts.policies)
    except Exception as exc:  # noqa: BLE001 — an engine error or an invalid decision: the hook fails closed
        failed, fcode, err = output.failure(event_info(name), f"policy evaluation failed ({type(exc).__name__}: {exc}).")
        typer.echo(f"error: policy evaluation failed: {type(exc).__name__}: {str(exc).strip()}", err=True)
        typer.echo(f"the hook would answer (fail closed): {json.dumps(failed) if failed is not None else ''} "
                   f"exit {fcode} {err}".rstrip(), err=True)
        raise typer.Exit(EXIT_FAIL) from None
    if fmt == "json":
        capped, truncated = hookinput.cap_strings(hook_input)
        contributions = evaluator.contributions(name, hook_input)
        where = {(layer.name, p["name"]): p for layer in evaluator.layers_for(hook_input)[0]
                 for p in layer.snapshot["policies"]}
        report = {
            "explanation": lines,
            "decision": decision.to_dict(),
            "hook_output": out,
            "exit_code": code,
            "contributions": [{"layer": c.layer, "policy": c.policy,
                               "package": where.get((c.layer, c.policy), {}).get("package"), "rule": c.verb,
                               "mode": c.mode,
                               "defined_at": where.get((c.layer, c.policy), {}).get("locations", {}).get(c.verb, []),
                               "value": c.items}
                              for c in contributions if c.items],
            "query_document": query.build(capped, truncated=truncated),
        }
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
        return
    for line in lines:
        typer.echo(line)
    typer.echo(f"hook output (exit {code}): {json.dumps(out, ensure_ascii=False)}")


@app.command()
def test(paths: list[str] = typer.Argument(None, help="Policy directories, added to the built-in pack whose "
                                                      "libraries and data they see (default: the built-in pack)."),
         no_builtin: bool = NoBuiltinOpt,
         run: str | None = typer.Option(None, "--run", help="Only tests whose name matches this regex."),
         verbose: bool = typer.Option(False, "-v", "--verbose"),
         format_: str = FormatOpt,
         coverage: bool = typer.Option(False, "--coverage", help="Report line coverage of the policies."),
         threshold: float = typer.Option(0.0, "--threshold", help="Fail when overall coverage is below this percentage."),
         fixtures: Path | None = typer.Option(None, "--fixtures", help="Also run golden hook fixtures from this folder.")):
    """Run Rego unit tests (rules named test_*), like `opa test`."""
    from ..policy import policyset
    from ..policy.check import check as run_check
    from ..policy.check import errors
    from ..policy.regotest import FixtureError, run_rego_tests

    format_ = _format(format_)
    paths = _sources(paths, no_builtin) or ["builtin:"]
    if run:
        import re

        try:
            re.compile(run)
        except re.error as exc:
            _fail(f"--run: not a regular expression: {exc}")
    if fixtures is not None and not fixtures.is_dir():
        _fail(f"--fixtures {fixtures}: no such directory")
    problems = errors(run_check(paths, vocabulary=VOCABULARY))
    if problems:  # a policy that fails `check` would fail closed at decision time
        for finding in problems:
            typer.echo(str(finding), err=True)
        typer.echo(f"check failed with {_count(len(problems), 'error')}; no tests were run", err=True)
        raise typer.Exit(EXIT_FAIL)
    from ..api import evaluate_hook
    from ..policy.regotest import overall_percent, run_fixtures

    report: dict | None = {} if coverage or threshold else None
    try:
        results = run_rego_tests(paths, pattern=run, coverage=report)
        if fixtures:
            results += run_fixtures(str(fixtures), lambda hook, environ: evaluate_hook(
                hook, policy_paths=list(paths), environ=environ))
    except (policyset.PolicyError, FixtureError) as exc:
        _fail(str(exc))
    failed = [r for r in results if not r["passed"] and not r["skipped"]]
    below = report is not None and overall_percent(report) < threshold
    if format_ == "json":
        typer.echo(json.dumps({"tests": results, "coverage": report,
                               "coverage_percent": overall_percent(report) if report is not None else None}, indent=2))
    else:
        for r in results:
            if verbose or (not r["passed"] and not r["skipped"]):
                status = "SKIP" if r["skipped"] else "PASS" if r["passed"] else "FAIL"
                extra = f": {r['error']}" if r.get("error") else ""
                typer.echo(f"{status} {r['package']}.{r['name']} ({r['file']}:{r['line']}, "
                           f"{r['duration_ms']:.2f} ms){extra}")
        passed = sum(1 for r in results if r["passed"])
        skipped = sum(1 for r in results if r["skipped"])
        if report is not None:
            for file, entry in sorted(report.items()):
                typer.echo(f"coverage {entry['percent']:5.1f}%  {file}")
            typer.echo(f"coverage {overall_percent(report):5.1f}%  overall (threshold {threshold:g}%)")
        typer.echo(f"{passed} passed, {len(failed)} failed, {skipped} skipped")
    if failed or not any(r["passed"] for r in results) or below:
        raise typer.Exit(1)


@app.command()
def check(paths: list[str] = typer.Argument(None, help="Policy directories or files, checked with the built-in "
                                                       "pack as context (default: the built-in pack itself)."),
          no_builtin: bool = NoBuiltinOpt,
          format_: str = FormatOpt,
          allow_network: bool = typer.Option(False, "--allow-network", help="Allow http.send and other network builtins.")):
    """Static and engine checks that catch what would fail (or silently pass) at decision time."""
    from ..policy import snapshot
    from ..policy.check import check as run_check
    from ..policy.check import errors

    format_ = _format(format_)
    if no_builtin and not paths:
        _fail("--no-builtin needs paths to check")
    sources = snapshot.compose(list(paths or ()), builtin=not no_builtin) or ["builtin:"]
    findings = run_check(sources, allow_network=allow_network, vocabulary=VOCABULARY)
    if format_ == "json":
        typer.echo(json.dumps(findings, indent=2))
    else:
        for finding in findings:
            typer.echo(str(finding))
        n_errors = len(errors(findings))
        typer.echo(f"{_count(n_errors, 'error')}, {_count(len(findings) - n_errors, 'warning')}"
                   " (codes: docs/check-codes.md)")
    if errors(findings):
        raise typer.Exit(EXIT_FAIL)


@app.command(name="compile")
def compile_(sources: list[str] = typer.Argument(..., help="Policy directories, added to the built-in pack."),
             no_builtin: bool = NoBuiltinOpt,
             output_file: Path = typer.Option(..., "-o", "--output", help="Snapshot file to write."),
             revision: str | None = typer.Option(None, "--revision")):
    """Compile policy sources into the snapshot the hook reads (checked before it is written)."""
    from ..policy import policyset

    sources = _sources(sources, no_builtin) or ["builtin:"]
    if len(sources) == 1 and sources[0].endswith(".json"):
        _fail(f"{sources[0]} is already a compiled snapshot")
    try:
        snapshot = policyset.compile_sources(sources, revision=revision, check=True, vocabulary=VOCABULARY)
        policyset.write_snapshot(snapshot, output_file)
    except policyset.PolicyError as exc:
        _fail(str(exc), EXIT_FAIL)
    except OSError as exc:
        _fail(f"{output_file}: {exc.strerror or exc}")
    typer.echo(f"wrote {output_file}: {len(snapshot['policies'])} policies, revision {snapshot['revision']}")


@app.command()
def schema(event: str | None = typer.Argument(None, help="Event name (default: all, as one object)."),
           write: Path | None = typer.Option(None, "--write", help="Write one file per event into this directory.")):
    """The JSON Schema of the query document (`input`) per event, generated from the contract models."""
    from ..claudecode import contract

    if write:
        try:
            paths = contract.write_schemas(write)
        except OSError as exc:
            _fail(f"{write}: {exc.strerror or exc}")
        typer.echo(f"wrote {len(paths)} schemas to {write}")
        return
    schemas = contract.all_schemas()
    if event:
        if event not in schemas:
            _fail(f"unknown event {event!r} (known: {', '.join(sorted(schemas))})")
        typer.echo(json.dumps(schemas[event], indent=2))
    else:
        typer.echo(json.dumps(schemas, indent=2))


app.add_typer(config_app, name="config")
app.add_typer(log_app, name="log")


@app.command()
def replay(log: str = typer.Argument(..., help="A decision log (JSONL)."),
           bundle: list[str] = typer.Option(..., "--bundle", "--policies", help="Candidate policies: directory or snapshot "
                                                                               "(added to the built-in pack, as the hook does)."),
           no_builtin: bool = NoBuiltinOpt,
           org_policies: str | None = typer.Option(None, "--org-policies", help="An org layer (can only tighten)."),
           project_policies: str = typer.Option("auto", "--project-policies", help="auto | off | PATH (as the hook)."),
           fail_on: str | None = typer.Option(None, "--fail-on",
                                                 help="Comma list: newly_denied,newly_allowed,newly_asked,changed_rewrite,changed_other"),
           format_: str = FormatOpt):
    """Re-evaluate recorded decisions against candidate policies: the blast radius of a change."""
    from ..api import answer_hook
    from ..audit.replay import CATEGORIES, ReplayError
    from ..audit.replay import replay as run_replay
    from ..policy import load_snapshot, policyset, snapshot

    format_ = _format(format_)
    wanted = [c.strip().replace("-", "_") for c in (fail_on or "").split(",") if c.strip()]
    unknown = [c for c in wanted if c not in CATEGORIES]
    if unknown:
        _fail(f"unknown --fail-on categories {unknown} (known: {', '.join(CATEGORIES)})")
    sources = _sources(list(bundle), no_builtin)
    try:
        load_snapshot(sources)  # fail early and clearly on policies that do not load
        report = run_replay(log, lambda hook, event: answer_hook(hook, policy_paths=sources, event=event,
                                                                 org=org_policies, project=project_policies))
    except ReplayError as exc:
        _fail(str(exc))
    except (policyset.PolicyError, snapshot.SnapshotError) as exc:
        _fail(f"the candidate policies cannot be loaded: {exc}")
    if format_ == "json":
        typer.echo(json.dumps(report, indent=2))
    else:
        typer.echo(f"{report['replayed']} decisions replayed ({report['masked_inputs']} with masked inputs), "
                   f"{report['unchanged']} unchanged")
        for category in CATEGORIES:
            typer.echo(f"  {category}: {report[category]}")
            for example in report["examples"][category]:
                typer.echo(f"    {example['decision_id']} {example['event']} {json.dumps(example['tool_input'])[:120]}")
    if any(report[c] for c in wanted):
        raise typer.Exit(1)


@app.command()
def doctor(policies: list[str] | None = typer.Option(None, "--policies", "-p",
                                                      help="The policies install was given (default: read them "
                                                           "from the registered commands)."),
           no_builtin: bool = NoBuiltinOpt,
           settings_file: list[str] | None = typer.Option(None, "--settings-file", help="Settings files to inspect (default: managed, user, project)."),
           format_: str = FormatOpt,
           json_: bool = typer.Option(False, "--json", hidden=True, help="Deprecated alias of --format json."),
           service_url: str | None = typer.Option(None, "--service-url", help="Also check the decision service (claude-rego serve) at this URL."),
           service_token_file: str | None = typer.Option(None, "--service-token-file", help="Its bearer token."),
           service_user: str | None = typer.Option(None, "--service-user", help="The user the service must run as (listener owner check).")):
    """Check the installation: hooks registered and intact, snapshot, engine integrity, Claude Code, live decisions."""
    from .doctor import run_checks

    fmt = _format(format_, json_)
    checks = run_checks(settings_files=settings_file or None,
                        policies=_sources(policies, no_builtin) if policies else None)
    if service_url:
        from ..service.register import service_checks

        expected = next((c.get("revision") for c in checks if c["check"] == "snapshot"), None)
        checks += service_checks(service_url, token=_token(service_token_file), expected_revision=expected,
                                 service_user=service_user)
    failed = [c for c in checks if c["ok"] is False]
    if fmt == "json":
        typer.echo(json.dumps({"ok": not failed, "checks": checks}, indent=2))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="claude-rego doctor")
        for column in ("check", "status", "detail"):
            table.add_column(column)
        for c in checks:
            status = {True: "[green]ok[/green]", False: "[red]FAIL[/red]", None: "[yellow]n/a[/yellow]"}[c["ok"]]
            table.add_row(c["check"], status, c["detail"])
        Console().print(table)
    if failed:
        raise typer.Exit(1)


@app.command()
def version():
    """Print versions: claude-rego, the policy contract, the engine."""
    from importlib.metadata import version as dist_version

    from .. import CONTRACT_VERSION

    typer.echo(f"claude-rego {__version__} (contract {CONTRACT_VERSION}, "
               f"regorus {dist_version('gordon-to-regorus')})")


app.add_typer(opa_app, name="opa")


from .bundle import register as _register_bundle_commands  # noqa: E402 — bundle, pull, activate

_register_bundle_commands(app)

from ..service.cli import register as _register_service_commands  # noqa: E402 — serve (imports the service lazily)

_register_service_commands(app)


if __name__ == "__main__":
    run()
