"""The `install` and `uninstall` commands: hook registration in Claude Code's settings
(`claudecode/install`; the decision service's http hooks through `service/register`)."""

from __future__ import annotations

import json

import typer

from .common import EXIT_FAIL, NoBuiltinOpt, PoliciesOpt, _count, _fail, _load, _sources


def register(app: typer.Typer) -> None:
    """Mount `install` and `uninstall` on the main CLI."""
    app.command("install")(install)
    app.command("uninstall")(uninstall)


def install(print_: bool = typer.Option(False, "--print", help="Print the settings JSON to register."),
            scope: str = typer.Option("user", "--scope", help="managed | user | project (where it would be written)."),
            policies: list[str] | None = PoliciesOpt,
            no_builtin: bool = NoBuiltinOpt,
            event: list[str] | None = typer.Option(None, "--event", help="Register only these events."),
            deadline: float = typer.Option(3.0, "--deadline", help="Seconds the hook has to answer."),
            python: str | None = typer.Option(None, "--python", help="Interpreter to register (default: this one)."),
            opa_url: str | None = typer.Option(None, "--opa-url", help="Evaluate on this OPA server (fleet mode)."),
            opa_token_file: str | None = typer.Option(None, "--opa-token-file", help="Bearer token for the OPA server."),
            dry_run: bool = typer.Option(False, "--dry-run", help="Show the diff, write nothing."),
            settings_file: str | None = typer.Option(None, "--settings-file", help="Write this settings file instead of the scope's."),
            managed_hooks_only: bool = typer.Option(False, "--managed-hooks-only", help="Also set allowManagedHooksOnly (managed scope)."),
            confirm_dangerous_events: bool = typer.Option(False, "--confirm-dangerous-events",
                                                          help="Allow registering WorktreeCreate/WorktreeRemove/MessageDisplay when policies route to them."),
            transport: str = typer.Option("command", "--transport", help="command | http (the decision service, `claude-rego serve`)."),
            service_url: str = typer.Option("http://127.0.0.1:18787", "--service-url", help="With --transport http: the service's URL."),
            cli_version: str | None = typer.Option(None, "--claude-code-version", help="With --transport http: the CLI version; before 2.1.331 (no onFailure) events that must fail closed stay command hooks.")):
    """Register claude-rego in Claude Code's settings for the events its policies govern.

    Merges into the scope's settings file (managed, user or project): other hooks are kept,
    a backup is written first, running it twice changes nothing. --print shows the JSON.
    """
    from ..claudecode import install as installer

    if scope not in ("managed", "user", "project"):
        raise typer.BadParameter("scope must be managed, user or project")
    sources = _sources(policies, no_builtin)
    snapshot = _load(sources)
    try:
        if transport == "http":
            from ..service.register import http_registration

            fragment = http_registration(snapshot, service_url, python=python, policies=sources,
                                         deadline=deadline, events=event or None, cli_version=cli_version,
                                         confirm_dangerous=confirm_dangerous_events)
        elif transport != "command":
            raise typer.BadParameter("transport must be command or http")
        else:
            fragment = installer.registration(snapshot, python=python, policies=sources,
                                              deadline=deadline, events=event or None, opa_url=opa_url,
                                              opa_token_file=opa_token_file,
                                              confirm_dangerous=confirm_dangerous_events, dry_run=dry_run)
    except installer.NeedsConfirmation as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if print_:
        typer.echo(json.dumps(fragment, indent=2))
        return
    path = settings_file or installer.settings_path(scope)
    try:
        changed, diff = installer.write_settings(path, fragment, dry_run=dry_run,
                                                 managed_hooks_only=True if managed_hooks_only else None)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    if diff:
        typer.echo(diff)
    if not dry_run:
        installer.compile_bytecode()
    verb = "would change" if dry_run else "updated"
    typer.echo(f"{path}: {verb if changed else 'already up to date'}"
               f" ({_count(len(fragment['hooks']), 'event')}: {', '.join(fragment['hooks'])})")


def uninstall(scope: str = typer.Option("user", "--scope", help="managed | user | project."),
              settings_file: str | None = typer.Option(None, "--settings-file", help="This settings file instead of the scope's."),
              dry_run: bool = typer.Option(False, "--dry-run", help="Show the diff, write nothing.")):
    """Remove exactly the hooks `install` registered (other hooks and settings kept; a backup first)."""
    from ..claudecode import install as installer

    if scope not in ("managed", "user", "project"):
        _fail("--scope must be managed, user or project")
    path = settings_file or installer.settings_path(scope)
    try:
        changed, diff, events = installer.unregister(path, dry_run=dry_run)
    except (OSError, ValueError) as exc:
        _fail(str(exc), EXIT_FAIL)
    if diff:
        typer.echo(diff)
    if not events:
        typer.echo(f"{path}: no claude-rego hooks registered; nothing to do")
        return
    typer.echo(f"{path}: {'would remove' if dry_run else 'removed'} claude-rego from "
               f"{_count(len(events), 'event')}: {', '.join(events)}")
