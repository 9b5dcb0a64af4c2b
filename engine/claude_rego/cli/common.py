"""What every command shares: exit codes, the --policies/--no-builtin/--format options,
and turning bad usage or unloadable policies into a message and an exit code."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer

EXIT_FAIL, EXIT_USAGE, EXIT_INTERNAL = 1, 2, 70

PoliciesOpt = typer.Option(None, "--policies", "-p",
                           help="Policy directory, .rego file or compiled snapshot (repeatable), ADDED to the "
                                "built-in pack (named `builtin:`); data files overlay the pack's data. "
                                "Default: the built-in pack alone.")
NoBuiltinOpt = typer.Option(False, "--no-builtin", help="Use only --policies, without the built-in pack.")
FormatOpt = typer.Option("text", "--format", help="text | json")


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _format(value: str, json_alias: bool = False) -> str:
    value = "json" if json_alias else value
    if value not in ("text", "pretty", "json"):
        _fail(f"--format must be text or json, not {value!r}")
    return "json" if value == "json" else "text"


def _policy_failure(exc: Exception, sources) -> NoReturn:
    """Policies that do not load: say where, as `check` does (file:line), and exit 2."""
    from ..claudecode.vocabulary import VOCABULARY
    from ..policy.check import check as run_check
    from ..policy.check import errors

    rego_sources = sources and not any(str(source).endswith(".json") for source in sources)
    found = errors(run_check(list(sources), vocabulary=VOCABULARY)) if rego_sources else []
    for finding in found:
        typer.echo(str(finding), err=True)
    _fail(f"the policies cannot be loaded{' (see above)' if found else ': ' + str(exc)}")


def _sources(policies, no_builtin: bool = False):
    """What --policies/--no-builtin mean (snapshot.compose): added to the built-in pack."""
    from ..policy import snapshot

    if no_builtin and not policies:
        _fail("--no-builtin needs --policies (there would be no policies at all)")
    for path in policies or ():
        if not snapshot.is_builtin(path) and not Path(path).exists():
            _fail(f"{path}: no such file or directory")
    return snapshot.compose(list(policies or ()), builtin=not no_builtin)


def _load(policies):
    from ..policy import load_snapshot, policyset, snapshot

    try:
        return load_snapshot(policies or None)
    except (policyset.PolicyError, snapshot.SnapshotError, OSError, ValueError) as exc:
        _policy_failure(exc, policies)
