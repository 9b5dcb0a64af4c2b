"""Administration command groups: `config` (the managed configuration), `log` (decision
logs) and `opa` (an OPA server for fleet mode)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from .common import FormatOpt, NoBuiltinOpt, PoliciesOpt, _fail, _format, _load, _sources

config_app = typer.Typer(no_args_is_help=True, help="The managed configuration file.")


@config_app.command("validate")
def config_validate(path: str = typer.Argument(..., help="claude-rego.json")):
    """Validate a managed configuration file; every problem is listed with its field."""
    from ..distribution.config import ConfigError, load

    try:
        load(path)
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    typer.echo(f"{path}: valid")


@config_app.command("compile")
def config_compile(path: str = typer.Argument(..., help="claude-rego.json"),
                   output_file: str | None = typer.Option(None, "-o", "--output", help="Runtime file (default: beside it).")):
    """Validate and compile into the runtime file the hook reads (managed mode)."""
    from ..distribution.config import ConfigError, compile_runtime

    try:
        target = compile_runtime(path, output_file)
    except ConfigError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    typer.echo(f"wrote {target}")


@config_app.command("schema")
def config_schema():
    """The JSON Schema of claude-rego.json."""
    from ..distribution.config import json_schema

    typer.echo(json.dumps(json_schema(), indent=2))


log_app = typer.Typer(no_args_is_help=True, help="Decision logs.")


@log_app.command("verify")
def log_verify(path: str | None = typer.Argument(None, help="Decision log (default: the hook's)."),
               format_: str = FormatOpt):
    """Check the decision log's hash chain (across rotated files): edits and removals show."""
    from ..audit import decisionlog

    format_ = _format(format_)
    if path is not None and not Path(path).exists():
        _fail(f"{path}: no such file")
    result = decisionlog.verify(path or decisionlog.default_path())
    if format_ == "json":
        typer.echo(json.dumps(result, indent=2))
    else:
        for problem in result["problems"]:
            typer.echo(problem)
        typer.echo(f"{result['records']} records, {'chain intact' if result['ok'] else 'NOT intact'}")
    if not result["ok"]:
        raise typer.Exit(1)


opa_app = typer.Typer(no_args_is_help=True,
                      help="An OPA server for fleet mode (administration; needs the `opa` extra).")

OpaUrlArg = typer.Option(..., "--opa-url", help="The OPA server, http(s)://host:port.")
OpaTokenOpt = typer.Option(None, "--opa-token-file", help="Bearer token for the OPA server.")


def _opa_admin():
    try:
        import opa_client  # noqa: F401
    except ImportError:
        typer.echo("error: this needs opa-python-client: pip install 'claude-rego[opa]'", err=True)
        raise typer.Exit(2) from None
    from ..distribution import opa_admin

    return opa_admin


def _token(path):
    if path is None:
        return None
    try:
        return Path(path).read_text().strip()
    except OSError as exc:
        typer.echo(f"error: cannot read the token file: {exc}", err=True)
        raise typer.Exit(2) from None


@opa_app.command("push")
def opa_push(opa_url: str = OpaUrlArg, policies: list[str] | None = PoliciesOpt,
             no_builtin: bool = NoBuiltinOpt, opa_token_file: str | None = OpaTokenOpt):
    """Upload policies (checked and compiled first) and their data to an OPA server.

    For sidecars fed without a bundle server, and for staging; production fleets should
    serve signed bundles (`claude-rego bundle`).
    """
    admin = _opa_admin()
    loaded = _load(_sources(policies, no_builtin))
    try:
        summary = admin.push(opa_url, loaded, token=_token(opa_token_file))
    except Exception as exc:  # noqa: BLE001 — the client raises its own hierarchy; report, never a traceback
        typer.echo(f"error: push to {opa_url} failed: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"pushed {summary['policies']} policies and data {summary['data_roots']} "
               f"(revision {summary['revision']}) to {opa_url}")


@opa_app.command("health")
def opa_health(opa_url: str = OpaUrlArg, opa_token_file: str | None = OpaTokenOpt):
    """Exit 0 when the OPA server answers /health with 200."""
    admin = _opa_admin()
    try:
        healthy = admin.health(opa_url, token=_token(opa_token_file))
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{opa_url}: {'healthy' if healthy else 'NOT healthy'}")
    if not healthy:
        raise typer.Exit(1)
