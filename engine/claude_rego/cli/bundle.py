"""`claude-rego bundle build|inspect|verify`, `claude-rego pull` and `claude-rego activate`.

Mounted into the main CLI with `register(app)`. Imports only typer at module level:
the bundle, crypto and HTTP code loads when a command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import typer

from ..claudecode.vocabulary import VOCABULARY  # bundles are checked against Claude Code's events and facts

bundle_app = typer.Typer(add_completion=False, no_args_is_help=True,
                         help="Build, inspect and verify OPA policy bundles (.tar.gz, optionally signed).")

_HMAC_HELP = ("Allow HMAC (HS256/384/512) shared secrets. Dangerous: the same secret must sit on every "
              "machine that verifies, and anyone who can read it there can sign bundles. Prefer RS256/ES256.")

VerificationKeyOpt = typer.Option(None, "--verification-key",
                                  help="Trusted public key (PEM key or certificate), as PATH or KEYID=PATH; repeatable "
                                       "(key rotation). With one, unsigned bundles are refused.")
KeyIdOpt = typer.Option("default", "--key-id", help="Key id of a --verification-key given as a plain PATH.")
ScopeOpt = typer.Option(None, "--scope", help="Scope the signature must carry (exact match; none by default).")
VerificationAlgOpt = typer.Option(None, "--verification-alg",
                                  help="Algorithm of the verification keys (default: RS256 for RSA, ES256/384/512 by curve).")
AllowHmacOpt = typer.Option(False, "--allow-hmac", help=_HMAC_HELP)


def register(app: typer.Typer) -> None:
    """Mount `bundle …`, `pull` and `activate` on the main CLI."""
    app.add_typer(bundle_app, name="bundle")
    app.command("pull")(pull)
    app.command("activate")(activate)


@bundle_app.command("build")
def bundle_build(directory: Path = typer.Argument(..., help="Policy directory (.rego files, data.json/data.yaml)."),
                 output: Path = typer.Option(..., "--output", "-o", help="Bundle to write (.tar.gz)."),
                 revision: str = typer.Option(..., "--revision", help="Dotted numeric revision, e.g. 2026.11.22 or 1.4.0."),
                 signing_key: Path | None = typer.Option(None, "--signing-key",
                                                            help="PEM private key (RSA or EC) to sign with."),
                 key_id: str = typer.Option("default", "--key-id", help="Key id recorded in the signature."),
                 scope: str | None = typer.Option(None, "--scope", help="Scope recorded in the signature."),
                 signing_alg: str | None = typer.Option(None, "--signing-alg",
                                                           help="RS256/384/512, PS256/384/512, ES256/384/512 "
                                                                "(default from the key); HS* needs --allow-hmac."),
                 allow_hmac: bool = AllowHmacOpt):
    """Check the policies, then write a deterministic OPA bundle (same input, same bytes)."""
    from ..distribution.activation import _atomic_write
    from ..distribution.bundle import BundleError, build, load_signing_key

    try:
        signing = None
        if signing_key is not None:
            signing = load_signing_key(signing_key, keyid=key_id, scope=scope, algorithm=signing_alg,
                                       allow_hmac=allow_hmac)
        elif scope or signing_alg:
            raise BundleError("usage", "--scope and --signing-alg need --signing-key")
        result = build(directory, revision, signing=signing, vocabulary=VOCABULARY)
        _atomic_write(output, result.data)
    except BundleError as exc:
        _fail(exc)
    except OSError as exc:
        _fail(f"{output}: {exc.strerror or exc}")
    signed = f", signed ({signing.algorithm}, key id {signing.keyid})" if signing else ", unsigned"
    counted = [name for name in result.files if name != ".signatures.json"]  # as `verify` and `inspect` count
    typer.echo(f"wrote {output}: revision {revision}, {len(counted)} file{'' if len(counted) == 1 else 's'}{signed}")
    if result.skipped:
        typer.echo(f"not bundled: {', '.join(result.skipped)}")


@bundle_app.command("inspect")
def bundle_inspect(file: Path = typer.Argument(..., help="A bundle (.tar.gz)."),
                   format_: str = typer.Option("text", "--format", help="text | json"),
                   as_json: bool = typer.Option(False, "--json", hidden=True, help="Deprecated alias of --format json.")):
    """Show a bundle's manifest, files and signature claims (the signature is NOT verified here)."""
    from ..distribution.bundle import BundleError, describe, read_bundle

    if format_ not in ("text", "pretty", "json"):
        _fail(f"--format must be text or json, not {format_!r}", code=2)
    try:
        info = describe(read_bundle(_read(file)))
    except BundleError as exc:
        _fail(exc)
    if as_json or format_ == "json":
        typer.echo(json.dumps(info, indent=2, sort_keys=True))
        return
    typer.echo(f"revision:  {info['revision']}\nroots:     {info['roots']}\nmetadata:  {json.dumps(info['metadata'])}")
    typer.echo(f"sha256:    {info['sha256']}\nfiles:")
    for entry in info["files"]:
        typer.echo(f"  {entry['size']:>9}  {entry['name']}")
    sig = info["signature"]
    if sig is None:
        typer.echo("signature: none (unsigned)")
    elif "error" in sig:
        typer.echo(f"signature: unreadable: {sig['error']}")
    else:
        match = "match the files" if sig["files_match"] else f"DO NOT match: {sig['files_problem']}"
        typer.echo(f"signature: {sig['algorithm']}, key id {sig['keyid']}, scope {sig['scope']}; "
                   f"{sig['files_listed']} files listed, hashes {match} (not verified: use `bundle verify`)")
    for problem in info["problems"]:
        typer.echo(f"problem:   {problem}")


@bundle_app.command("verify")
def bundle_verify(file: Path = typer.Argument(..., help="A bundle (.tar.gz)."),
                  verification_key: list[str] = VerificationKeyOpt, key_id: str = KeyIdOpt,
                  scope: str | None = ScopeOpt, verification_alg: str | None = VerificationAlgOpt,
                  allow_hmac: bool = AllowHmacOpt):
    """Verify a bundle as activation would (signature, files, scope, roots, contract); exit 1 if refused."""
    from ..distribution.bundle import BundleError, read_bundle, validate, verify_bundle

    try:
        if not verification_key:
            raise BundleError("usage", "--verification-key is required")
        keyring = _keyring(verification_key, key_id, scope, verification_alg, allow_hmac)
        bundle = read_bundle(_read(file))
        signer = verify_bundle(bundle, keyring)
        validate(bundle)
    except BundleError as exc:
        _fail(exc)
    assert signer is not None  # a keyring is given: an unsigned bundle is refused
    typer.echo(f"OK: {file}: revision {bundle.revision}, {len(bundle.files)} file{'' if len(bundle.files) == 1 else 's'}, signed by key id "
               f"{signer.keyid} ({signer.algorithm}{', scope ' + signer.scope if signer.scope else ''})")


def pull(source: str = typer.Argument(..., help="Bundle URL (http/https), .tar.gz file, or policy directory."),
         output: Path | None = typer.Option(None, "--output", "-o", help="Save the verified bundle here."),
         verification_key: list[str] = VerificationKeyOpt, key_id: str = KeyIdOpt,
         scope: str | None = ScopeOpt, verification_alg: str | None = VerificationAlgOpt,
         allow_hmac: bool = AllowHmacOpt,
         revision: str | None = typer.Option(None, "--revision", help="Revision for a directory SOURCE."),
         bearer_token_file: Path | None = typer.Option(None, "--bearer-token-file",
                                                          help="File holding a bearer token for the bundle server."),
         timeout: float = typer.Option(30.0, "--timeout", help="HTTP timeout in seconds.")):
    """Fetch a bundle and run every check activation runs (verify, validate, compile), activating nothing."""
    from ..distribution.activation import pull as do_pull
    from ..distribution.bundle import BundleError

    try:
        keyring = _keyring(verification_key, key_id, scope, verification_alg, allow_hmac) if verification_key else None
        candidate = do_pull(source, keyring=keyring, output=output, revision=revision, timeout=timeout,
                            token=_token(bearer_token_file), vocabulary=VOCABULARY)
    except BundleError as exc:
        _fail(exc)
    signer = candidate.signer
    typer.echo(f"OK: revision {candidate.bundle.revision}, {len(candidate.snapshot['policies'])} policies, "
               + (f"signed by key id {signer.keyid} ({signer.algorithm})" if signer else "unsigned")
               + (f"; saved to {output}" if output else ""))


def activate(source: str = typer.Argument(..., help="Bundle URL (http/https), .tar.gz file, or policy directory."),
             state_dir: Path = typer.Option(..., "--state-dir", help="Where active.snapshot.json lives "
                                                                   "(e.g. /var/lib/claude-rego)."),
             verification_key: list[str] = VerificationKeyOpt, key_id: str = KeyIdOpt,
             scope: str | None = ScopeOpt, verification_alg: str | None = VerificationAlgOpt,
             allow_hmac: bool = AllowHmacOpt,
             allow_rollback: bool = typer.Option(False, "--allow-rollback",
                                                 help="Accept an older, equal or non-numeric revision."),
             revision: str | None = typer.Option(None, "--revision", help="Revision for a directory SOURCE."),
             bearer_token_file: Path | None = typer.Option(None, "--bearer-token-file",
                                                              help="File holding a bearer token for the bundle server."),
             timeout: float = typer.Option(30.0, "--timeout", help="HTTP timeout in seconds."),
             lock_timeout: float = typer.Option(60.0, "--lock-timeout",
                                                help="Seconds to wait for a concurrent activation to finish."),
             allow_unsigned: bool = typer.Option(False, "--allow-unsigned",
                                                 help="Let an unsigned bundle replace a signed one (refused otherwise)."),
             config: str | None = typer.Option(None, "--config",
                                                  help="Managed config (claude-rego.json) whose `bundles` settings apply "
                                                       "(default: the machine's, if present).")):
    """Verify, check and compile a bundle, then atomically make it the snapshot the hook reads.

    A candidate that fails any step is never activated: the last good snapshot stays.
    """
    from ..distribution.activation import activate as do_activate
    from ..distribution.activation import read_active
    from ..distribution.bundle import BundleError
    from ..distribution.config import ConfigError, bundle_policy

    try:
        machine = bundle_policy(config)
    except ConfigError as exc:
        _fail(exc)
    try:
        keyring = _keyring(verification_key, key_id, scope, verification_alg, allow_hmac) if verification_key else None
        result = do_activate(source, state_dir, keyring=keyring, allow_rollback=allow_rollback, revision=revision,
                             timeout=timeout, lock_timeout=lock_timeout, token=_token(bearer_token_file),
                             require_signature=machine.require_signature,
                             allow_unsigned=allow_unsigned or machine.allow_unsigned_replacement,
                             vocabulary=VOCABULARY)
    except BundleError as exc:
        try:
            current = read_active(state_dir) if state_dir.is_dir() else None
        except OSError:
            current = None
        still = (f"still active: revision {(current.get('bundle') or {}).get('revision') or current.get('revision')}"
                 if current else "nothing is active yet")
        _fail(exc, "activation failed: ", still)
    if result.status == "not-modified":
        typer.echo(f"not modified (ETag): revision {result.revision} stays active")
    elif result.status == "unchanged":
        typer.echo(f"unchanged: revision {result.revision} is already active")
    else:
        who = (f"signed by key id {result.signer.keyid} ({result.signer.algorithm})" if result.signer else "unsigned")
        was = f" (was {result.previous_revision})" if result.previous_revision else ""
        typer.echo(f"activated revision {result.revision}{was}, {who}: {result.path}")


# ------------------------------------------------------------------------------ helpers

def _keyring(specs: list[str], key_id: str, scope: str | None, algorithm: str | None, allow_hmac: bool):
    """`PATH` (key id from --key-id) or `KEYID=PATH` → Keyring."""
    from ..distribution.bundle import BundleError, Keyring, load_verification_key

    keys = {}
    for spec in specs:
        kid, path = key_id, spec
        if not Path(spec).exists() and "=" in spec:
            kid, path = spec.split("=", 1)
        if kid in keys:
            raise BundleError("usage", f"two verification keys with key id {kid!r}; name them KEYID=PATH")
        keys[kid] = load_verification_key(path, keyid=kid, algorithm=algorithm, allow_hmac=allow_hmac)
    return Keyring(keys=keys, scope=scope, allow_hmac=allow_hmac)


def _read(file: Path) -> bytes:
    from ..distribution.bundle import DEFAULT_LIMITS, BundleError

    try:
        if file.stat().st_size > DEFAULT_LIMITS.max_archive_bytes:
            raise BundleError("bundle-too-large", f"{file}: larger than {DEFAULT_LIMITS.max_archive_bytes} bytes")
        return file.read_bytes()
    except OSError as exc:
        raise BundleError("fetch", f"{file}: {exc.strerror or exc}") from None


def _token(path: Path | None) -> str | None:
    from ..distribution.bundle import BundleError

    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise BundleError("usage", f"{path}: {exc.strerror or exc}") from None


def _fail(exc, prefix: str = "", *extra: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {prefix}{exc}", err=True)
    for line in extra:
        typer.echo(line, err=True)
    raise typer.Exit(code)
