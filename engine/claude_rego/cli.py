"""The `claude-rego` command line: a thin shell over the library.

`claude-rego hook` never gets here (see `entry.py`): it is dispatched before typer is
imported, because Claude Code spawns it for every tool call.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Policy engine for Claude Code hooks, driven by OPA/Rego.")

PoliciesOpt = typer.Option(None, "--policies", "-p",
                           help="Policy directory or compiled snapshot (repeatable). Default: the built-in pack.")


@app.command()
def hook(event: Optional[str] = typer.Option(None, "--event"),
         policies: Optional[List[str]] = PoliciesOpt,
         deadline: float = typer.Option(3.0, "--deadline")):
    """Answer one hook event: JSON on stdin, the hook output on stdout (used by Claude Code)."""
    # Reached only when typer is already loaded (e.g. `python -m claude_rego.cli hook`).
    from .hook import main as hook_main

    argv = (["--event", event] if event else []) + [a for p in policies or [] for a in ("--policies", p)]
    raise typer.Exit(hook_main(argv + ["--deadline", str(deadline)]))


@app.command()
def install(print_: bool = typer.Option(False, "--print", help="Print the settings JSON to register."),
            scope: str = typer.Option("user", "--scope", help="managed | user | project (where it would be written)."),
            policies: Optional[List[str]] = PoliciesOpt,
            event: Optional[List[str]] = typer.Option(None, "--event", help="Register only these events."),
            deadline: float = typer.Option(3.0, "--deadline", help="Seconds the hook has to answer."),
            python: Optional[str] = typer.Option(None, "--python", help="Interpreter to register (default: this one)."),
            opa_url: Optional[str] = typer.Option(None, "--opa-url", help="Evaluate on this OPA server (fleet mode)."),
            opa_token_file: Optional[str] = typer.Option(None, "--opa-token-file", help="Bearer token for the OPA server."),
            dry_run: bool = typer.Option(False, "--dry-run", help="Show the diff, write nothing."),
            settings_file: Optional[str] = typer.Option(None, "--settings-file", help="Write this settings file instead of the scope's."),
            managed_hooks_only: bool = typer.Option(False, "--managed-hooks-only", help="Also set allowManagedHooksOnly (managed scope)."),
            confirm_dangerous_events: bool = typer.Option(False, "--confirm-dangerous-events",
                                                          help="Allow registering WorktreeCreate/WorktreeRemove/MessageDisplay when policies route to them."),
            transport: str = typer.Option("command", "--transport", help="command | http (the decision service, `claude-rego serve`)."),
            service_url: str = typer.Option("http://127.0.0.1:18787", "--service-url", help="With --transport http: the service's URL."),
            cli_version: Optional[str] = typer.Option(None, "--claude-code-version", help="With --transport http: the CLI version; before 2.1.331 (no onFailure) events that must fail closed stay command hooks.")):
    """Register claude-rego in Claude Code's settings for the events its policies govern.

    Merges into the scope's settings file (managed, user or project): other hooks are kept,
    a backup is written first, running it twice changes nothing. --print shows the JSON.
    """
    from . import install as installer
    from . import policyset

    if scope not in ("managed", "user", "project"):
        raise typer.BadParameter("scope must be managed, user or project")
    snapshot = _load(policies)
    try:
        if transport == "http":
            from .service.register import http_registration

            fragment = http_registration(snapshot, service_url, python=python, policies=policies or None,
                                         deadline=deadline, events=event or None, cli_version=cli_version,
                                         confirm_dangerous=confirm_dangerous_events)
        elif transport != "command":
            raise typer.BadParameter("transport must be command or http")
        else:
            fragment = installer.registration(snapshot, python=python, policies=policies or None,
                                              deadline=deadline, events=event or None, opa_url=opa_url,
                                              opa_token_file=opa_token_file, confirm_dangerous=confirm_dangerous_events)
    except installer.NeedsConfirmation as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    if print_:
        typer.echo(json.dumps(fragment, indent=2))
        return
    path = settings_file or installer.settings_path(scope)
    try:
        changed, diff = installer.write_settings(path, fragment, dry_run=dry_run,
                                                 managed_hooks_only=True if managed_hooks_only else None)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1)
    if diff:
        typer.echo(diff)
    if not dry_run:
        installer.compile_bytecode()
    verb = "would change" if dry_run else "updated"
    typer.echo(f"{path}: {verb if changed else 'already up to date'}"
               f" ({len(fragment['hooks'])} events: {', '.join(fragment['hooks'])})")


@app.command(name="eval")
def eval_(file: Path = typer.Argument(..., help="A hook input JSON file (or a shared sample with an `input` field); - for stdin."),
          policies: Optional[List[str]] = PoliciesOpt,
          explain: bool = typer.Option(False, "--explain", help="Say which policy decided and why.")):
    """Evaluate one hook input in process: query document, contributions, decision, output."""
    from . import hookinput, output, query
    from .api import evaluator_for
    from .events import event_info

    raw = sys.stdin.buffer.read() if str(file) == "-" else file.read_bytes()
    try:
        hook_input = hookinput.parse(raw)
    except hookinput.BadInput as exc:
        typer.echo(f"error: {file}: {exc}", err=True)
        raise typer.Exit(2)
    if "input" in hook_input and "hook_event_name" not in hook_input:
        hook_input = hook_input["input"]
    evaluator = evaluator_for(policies or None)
    name = hook_input.get("hook_event_name", "")
    capped, truncated = hookinput.cap_strings(hook_input)
    document = query.build(capped, truncated=truncated)
    contributions = evaluator.contributions(name, hook_input)
    decision = evaluator.decide(hook_input)
    out, code = output.render(event_info(name), decision)
    where = {p["name"]: p for p in evaluator.snapshot["policies"]}
    report = {
        "query_document": document,
        "contributions": [{"policy": c.policy, "package": where[c.policy]["package"], "rule": c.verb,
                           "defined_at": where[c.policy].get("locations", {}).get(c.verb, []), "value": c.items}
                          for c in contributions if c.items],
        "decision": decision,
        "hook_output": out,
        "exit_code": code,
    }
    if explain:
        verdict = decision["verdict"] or "no opinion"
        lines = [f"verdict: {verdict}"]
        for policy in decision["by"]:
            rule_sites = where.get(policy, {}).get("locations", {}).get(verdict, [])
            lines.append(f"  decided by {policy}.{verdict} ({', '.join(rule_sites) or 'claude-rego'})")
        for reason in decision["reasons"]:
            lines.append(f"  reason: {reason}")
        if decision["updated_input"] is not None:
            lines.append(f"  rewritten input: {json.dumps(decision['updated_input'])}")
        for item in decision["ignored"]:
            lines.append(f"  ignored: {item['policy']}.{item['verb']} (the event cannot carry it)")
        report["explanation"] = lines
    typer.echo(json.dumps(report, indent=2, ensure_ascii=False))


@app.command()
def test(paths: List[str] = typer.Argument(None, help="Policy directories (default: the built-in pack)."),
         run: Optional[str] = typer.Option(None, "--run", help="Only tests whose name matches this regex."),
         verbose: bool = typer.Option(False, "-v", "--verbose"),
         format_: str = typer.Option("pretty", "--format", help="pretty | json"),
         coverage: bool = typer.Option(False, "--coverage", help="Report line coverage of the policies."),
         threshold: float = typer.Option(0.0, "--threshold", help="Fail when overall coverage is below this percentage."),
         fixtures: Optional[Path] = typer.Option(None, "--fixtures", help="Also run golden hook fixtures from this folder.")):
    """Run Rego unit tests (rules named test_*), like `opa test`."""
    from . import snapshot
    from .check import check as run_check
    from .check import errors
    from .regotest import run_rego_tests

    paths = paths or [snapshot.default_pack_dir()]
    problems = errors(run_check(paths))
    if problems:  # a policy that fails `check` would fail closed at decision time
        for finding in problems:
            typer.echo(str(finding), err=True)
        typer.echo(f"check failed with {len(problems)} errors; no tests were run", err=True)
        raise typer.Exit(1)
    from .regotest import overall_percent, run_fixtures

    report = {} if coverage or threshold else None
    results = run_rego_tests(paths, pattern=run, coverage=report)
    if fixtures:
        results += run_fixtures(str(fixtures), list(paths) if paths else None)
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
def check(paths: List[str] = typer.Argument(None, help="Policy directories or files (default: the built-in pack)."),
          format_: str = typer.Option("pretty", "--format", help="pretty | json"),
          allow_network: bool = typer.Option(False, "--allow-network", help="Allow http.send and other network builtins.")):
    """Static and engine checks that catch what would fail (or silently pass) at decision time."""
    from . import snapshot
    from .check import check as run_check
    from .check import errors

    findings = run_check(paths or [snapshot.default_pack_dir()], allow_network=allow_network)
    if format_ == "json":
        typer.echo(json.dumps(findings, indent=2))
    else:
        for finding in findings:
            typer.echo(str(finding))
        typer.echo(f"{len(errors(findings))} errors, {len(findings) - len(errors(findings))} warnings")
    if errors(findings):
        raise typer.Exit(1)


@app.command(name="compile")
def compile_(sources: List[str] = typer.Argument(..., help="Policy directories."),
             output_file: Path = typer.Option(..., "-o", "--output", help="Snapshot file to write."),
             revision: Optional[str] = typer.Option(None, "--revision")):
    """Compile policy sources into the snapshot the hook reads (checked before it is written)."""
    from . import policyset

    try:
        snapshot = policyset.compile_sources(sources, revision=revision, check=True)
    except policyset.PolicyError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1)
    policyset.write_snapshot(snapshot, output_file)
    typer.echo(f"wrote {output_file}: {len(snapshot['policies'])} policies, revision {snapshot['revision']}")


@app.command()
def schema(event: Optional[str] = typer.Argument(None, help="Event name (default: all, as one object)."),
           write: Optional[Path] = typer.Option(None, "--write", help="Write one file per event into this directory.")):
    """The JSON Schema of the query document (`input`) per event, generated from the contract models."""
    from . import contract

    if write:
        paths = contract.write_schemas(write)
        typer.echo(f"wrote {len(paths)} schemas to {write}")
        return
    schemas = contract.all_schemas()
    if event:
        if event not in schemas:
            typer.echo(f"error: unknown event {event!r}", err=True)
            raise typer.Exit(2)
        typer.echo(json.dumps(schemas[event], indent=2))
    else:
        typer.echo(json.dumps(schemas, indent=2))


config_app = typer.Typer(no_args_is_help=True, help="The managed configuration file.")
app.add_typer(config_app, name="config")


@config_app.command("validate")
def config_validate(path: str = typer.Argument(..., help="claude-rego.json")):
    """Validate a managed configuration file; every problem is listed with its field."""
    from .config import ConfigError, load

    try:
        load(path)
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)
    typer.echo(f"{path}: valid")


@config_app.command("compile")
def config_compile(path: str = typer.Argument(..., help="claude-rego.json"),
                   output_file: Optional[str] = typer.Option(None, "-o", "--output", help="Runtime file (default: beside it).")):
    """Validate and compile into the runtime file the hook reads (managed mode)."""
    from .config import ConfigError, compile_runtime

    try:
        target = compile_runtime(path, output_file)
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)
    typer.echo(f"wrote {target}")


@config_app.command("schema")
def config_schema():
    """The JSON Schema of claude-rego.json."""
    from .config import json_schema

    typer.echo(json.dumps(json_schema(), indent=2))


log_app = typer.Typer(no_args_is_help=True, help="Decision logs.")
app.add_typer(log_app, name="log")


@log_app.command("verify")
def log_verify(path: Optional[str] = typer.Argument(None, help="Decision log (default: the hook's)."),
               format_: str = typer.Option("pretty", "--format", help="pretty | json")):
    """Check the decision log's hash chain (across rotated files): edits and removals show."""
    from . import decisionlog

    result = decisionlog.verify(path or decisionlog.default_path())
    if format_ == "json":
        typer.echo(json.dumps(result, indent=2))
    else:
        for problem in result["problems"]:
            typer.echo(problem)
        typer.echo(f"{result['records']} records, {'chain intact' if result['ok'] else 'NOT intact'}")
    if not result["ok"]:
        raise typer.Exit(1)


@app.command()
def replay(log: str = typer.Argument(..., help="A decision log (JSONL)."),
           bundle: List[str] = typer.Option(..., "--bundle", "--policies", help="Candidate policies: directory or snapshot."),
           fail_on: Optional[str] = typer.Option(None, "--fail-on",
                                                 help="Comma list: newly_denied,newly_allowed,newly_asked,changed_rewrite,changed_other"),
           format_: str = typer.Option("pretty", "--format", help="pretty | json")):
    """Re-evaluate recorded decisions against candidate policies: the blast radius of a change."""
    from .replay import CATEGORIES
    from .replay import replay as run_replay

    report = run_replay(log, list(bundle))
    if format_ == "json":
        typer.echo(json.dumps(report, indent=2))
    else:
        typer.echo(f"{report['replayed']} decisions replayed ({report['masked_inputs']} with masked inputs), "
                   f"{report['unchanged']} unchanged")
        for category in CATEGORIES:
            typer.echo(f"  {category}: {report[category]}")
            for example in report["examples"][category]:
                typer.echo(f"    {example['decision_id']} {example['event']} {json.dumps(example['tool_input'])[:120]}")
    wanted = [c.strip().replace("-", "_") for c in (fail_on or "").split(",") if c.strip()]
    unknown = [c for c in wanted if c not in CATEGORIES]
    if unknown:
        raise typer.BadParameter(f"unknown --fail-on categories {unknown}")
    if any(report[c] for c in wanted):
        raise typer.Exit(1)


@app.command()
def doctor(policies: Optional[List[str]] = PoliciesOpt,
           settings_file: Optional[List[str]] = typer.Option(None, "--settings-file", help="Settings files to inspect (default: managed, user, project)."),
           json_: bool = typer.Option(False, "--json", help="Machine-readable output for CI."),
           service_url: Optional[str] = typer.Option(None, "--service-url", help="Also check the decision service (claude-rego serve) at this URL."),
           service_token_file: Optional[str] = typer.Option(None, "--service-token-file", help="Its bearer token."),
           service_user: Optional[str] = typer.Option(None, "--service-user", help="The user the service must run as (listener owner check).")):
    """Check the installation: hooks registered and intact, snapshot, engine integrity, Claude Code, live decisions."""
    from .doctor import run_checks

    checks = run_checks(settings_files=settings_file or None, policies=policies or None)
    if service_url:
        from .service.register import service_checks

        expected = next((c.get("revision") for c in checks if c["check"] == "snapshot"), None)
        checks += service_checks(service_url, token=_token(service_token_file), expected_revision=expected,
                                 service_user=service_user)
    failed = [c for c in checks if c["ok"] is False]
    if json_:
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

    from . import CONTRACT_VERSION

    typer.echo(f"claude-rego {__version__} (contract {CONTRACT_VERSION}, "
               f"regorus {dist_version('gordon-to-regorus')})")


opa_app = typer.Typer(no_args_is_help=True,
                      help="An OPA server for fleet mode (administration; needs the `opa` extra).")
app.add_typer(opa_app, name="opa")

OpaUrlArg = typer.Option(..., "--opa-url", help="The OPA server, http(s)://host:port.")
OpaTokenOpt = typer.Option(None, "--opa-token-file", help="Bearer token for the OPA server.")


def _opa_admin():
    try:
        import opa_client  # noqa: F401
    except ImportError:
        typer.echo("error: this needs opa-python-client: pip install 'claude-rego[opa]'", err=True)
        raise typer.Exit(2)
    from . import opa_admin

    return opa_admin


def _token(path):
    if path is None:
        return None
    try:
        return Path(path).read_text().strip()
    except OSError as exc:
        typer.echo(f"error: cannot read the token file: {exc}", err=True)
        raise typer.Exit(2)


@opa_app.command("push")
def opa_push(opa_url: str = OpaUrlArg, policies: Optional[List[str]] = PoliciesOpt,
             opa_token_file: Optional[str] = OpaTokenOpt):
    """Upload policies (checked and compiled first) and their data to an OPA server.

    For sidecars fed without a bundle server, and for staging; production fleets should
    serve signed bundles (`claude-rego bundle`).
    """
    admin = _opa_admin()
    loaded = _load(policies)
    try:
        summary = admin.push(opa_url, loaded, token=_token(opa_token_file))
    except Exception as exc:  # noqa: BLE001 — the client raises its own hierarchy; report, never a traceback
        typer.echo(f"error: push to {opa_url} failed: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(1)
    typer.echo(f"pushed {summary['policies']} policies and data {summary['data_roots']} "
               f"(revision {summary['revision']}) to {opa_url}")


@opa_app.command("health")
def opa_health(opa_url: str = OpaUrlArg, opa_token_file: Optional[str] = OpaTokenOpt):
    """Exit 0 when the OPA server answers /health with 200."""
    admin = _opa_admin()
    try:
        healthy = admin.health(opa_url, token=_token(opa_token_file))
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    typer.echo(f"{opa_url}: {'healthy' if healthy else 'NOT healthy'}")
    if not healthy:
        raise typer.Exit(1)


def _load(policies):
    from . import policyset, snapshot

    try:
        return snapshot.load(policies or None)
    except (policyset.PolicyError, snapshot.SnapshotError, OSError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1)


from .cli_bundle import register as _register_bundle_commands  # noqa: E402 — bundle, pull, activate

_register_bundle_commands(app)

from .service.cli import register as _register_service_commands  # noqa: E402 — serve (imports the service lazily)

_register_service_commands(app)


if __name__ == "__main__":
    app()
