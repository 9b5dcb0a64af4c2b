"""`claude-rego serve`: options → ServiceConfig (+ managed configuration) → a running service.

Registered into the typer app by `register(app)`; everything heavy is imported inside the
command, so the rest of the CLI does not pay for it.
"""

from __future__ import annotations

import os
import sys

import typer


def _keyring(specs: list[str], scope: str | None, allow_hmac: bool):
    from ..distribution.bundle import DEFAULT_KEY_ID, Keyring, load_verification_key

    if not specs:
        return None
    keys = {}
    for spec in specs:
        kid, path = DEFAULT_KEY_ID, spec
        if not os.path.exists(spec) and "=" in spec:
            kid, path = spec.split("=", 1)
        keys[kid] = load_verification_key(path, keyid=kid, allow_hmac=allow_hmac)
    return Keyring(keys=keys, scope=scope, allow_hmac=allow_hmac)


def _read(path: str | None) -> str | None:
    if not path:
        return None
    with open(path, encoding="utf-8") as fh:
        return fh.read().strip()


def build(*, config_path: str | None = None, host: str | None = None, port: int | None = None,
          token_files: list[str] | None = None, policies: list[str] | None = None, deadline: float | None = None,
          workers: int | None = None, decision_log: str | None = None, allow_no_token: bool = False):
    """(ServiceConfig, managed config or None) from the managed configuration and options (options win)."""
    from .identity import read_token_files
    from .server import DEFAULT_PORT_USER, ServiceConfig

    managed = None
    kw: dict = {}
    if config_path:
        from ..distribution.config import load

        managed = load(config_path)
        kw.update(policies=[managed.policies], org_policies=managed.org_policies,
                  project_policies=managed.project_policies, deadline=managed.deadline_seconds,
                  decision_log=(managed.decision_log.path or None) if managed.decision_log.enabled else "off",
                  masked_paths=tuple(managed.decision_log.masked_paths))
        if managed.service:
            kw.update(host=managed.service.host, port=managed.service.port, workers=managed.service.workers)
            token_files = token_files or managed.service.token_files
    for key, value in (("host", host), ("port", port), ("policies", policies), ("deadline", deadline),
                       ("workers", workers), ("decision_log", decision_log)):
        if value is not None and value != []:
            kw[key] = value
    kw.setdefault("port", DEFAULT_PORT_USER)
    tokens = read_token_files(token_files or [])
    return ServiceConfig(tokens=tokens, allow_no_token=allow_no_token, **kw), managed


def start_fleet(running, managed) -> list:
    """Bundle poller and decision-log shipper from the managed configuration; started."""
    from ..audit import decisionlog
    from .fleet import BundlePoller, DecisionLogShipper

    duties: list[BundlePoller | DecisionLogShipper] = []
    if managed is not None and managed.bundle is not None:
        b = managed.bundle
        poller = BundlePoller(b.url, b.state_dir, keyring=_keyring(b.verification_keys, b.scope, b.allow_hmac),
                              token=_read(b.token_file), min_delay=b.polling.min_delay_seconds,
                              max_delay=b.polling.max_delay_seconds,
                              on_activated=lambda result: running.service.source.refresh())
        duties.append(poller)
    if managed is not None and managed.decision_logs is not None and running.service.logger is not None:
        d = managed.decision_logs
        duties.append(DecisionLogShipper(running.service.logger.path or decisionlog.default_path(), d.url, d.spool_dir,
                                         token=_read(d.token_file), max_batch_bytes=d.max_batch_bytes,
                                         max_spool_bytes=d.max_spool_bytes, min_delay=d.min_delay_seconds,
                                         max_delay=d.max_delay_seconds))
    for duty in duties:
        running.service.fleet.append(duty)
        duty.start()
    return duties


def first_bundle(managed) -> None:
    """No active snapshot yet: poll once before serving (nothing to serve otherwise)."""
    from .fleet import BundlePoller

    b = managed.bundle
    if b is None or os.path.exists(managed.policies):
        return
    poller = BundlePoller(b.url, b.state_dir, keyring=_keyring(b.verification_keys, b.scope, b.allow_hmac),
                          token=_read(b.token_file))
    if not poller.poll_once():
        raise RuntimeError(f"no active policies at {managed.policies} and the first bundle poll failed: "
                           f"{poller.last_error}")


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(config: str | None = typer.Option(None, "--config", help="The managed configuration (claude-rego.json): policies, layers, decision log, service, bundle, decision_logs."),
              host: str | None = typer.Option(None, "--host", help="Listen address (default 127.0.0.1; keep it loopback)."),
              port: int | None = typer.Option(None, "--port", help="Port (default 18787; a system service uses a privileged port, e.g. 884)."),
              token_file: list[str] | None = typer.Option(None, "--token-file", help="Bearer token file (repeatable, for rotation)."),
              policies: list[str] | None = typer.Option(None, "--policies", "-p", help="Policy directory or snapshot (default: the built-in pack)."),
              deadline: float | None = typer.Option(None, "--deadline", help="Seconds per decision before the failure answer (default 3)."),
              workers: int | None = typer.Option(None, "--workers", help="Warm engine threads (default 4)."),
              decision_log: str | None = typer.Option(None, "--decision-log", help="Decision log path, or off."),
              insecure_no_token: bool = typer.Option(False, "--insecure-no-token", help="Accept requests without a token (throwaway tests only).")):
        """Run the warm decision service behind Claude Code's `http` hooks (docs/decision-service.md)."""
        import signal
        import threading

        from .server import Running, port_protection

        try:
            cfg, managed = build(config_path=config, host=host, port=port, token_files=token_file or None,
                                 policies=policies or None, deadline=deadline, workers=workers,
                                 decision_log=decision_log, allow_no_token=insecure_no_token)
            if managed is not None:
                first_bundle(managed)
            running = Running(cfg)
        except Exception as exc:  # noqa: BLE001 — a clear error, never a traceback
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        protected, detail = port_protection(running.port)
        if protected is not True:
            typer.echo(f"warning: {detail} (docs/decision-service.md §2)", err=True)
        if hasattr(os, "getuid") and os.getuid() == 0:
            typer.echo("warning: running as root; run as a dedicated service user with CAP_NET_BIND_SERVICE", err=True)
        start_fleet(running, managed)
        stopping = threading.Event()

        def shutdown(*_):
            if not stopping.is_set():
                stopping.set()
                threading.Thread(target=running.httpd.shutdown, daemon=True).start()

        signal.signal(signal.SIGTERM, shutdown)
        signal.signal(signal.SIGINT, shutdown)
        # the port is held already; connections wait in the backlog until a worker is warm
        running.service.pool.wait_ready(1, timeout=max(10.0, cfg.deadline * 4))
        typer.echo(f"claude-rego serve: {running.url} revision {running.service.source.revision}, "
                   f"{cfg.workers} workers, deadline {cfg.deadline:g} s", err=True)
        sys.stderr.flush()
        try:
            running.serve_forever()
        finally:
            running.httpd.server_close()
            running.service.stop()
