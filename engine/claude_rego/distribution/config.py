"""The managed configuration: one file a security team deploys with Claude Code's managed settings.

    /etc/claude-code/claude-rego.json                                   (Linux)
    /Library/Application Support/ClaudeCode/claude-rego.json            (macOS)
    %ProgramData%\\ClaudeCode\\claude-rego.json                          (Windows)

Validated here with pydantic (clear errors, unknown keys refused), then compiled at
activation into a plain runtime file beside it (`claude-rego.runtime.json`) that the hook
reads with `json` alone. When the runtime file exists the hook is in *managed mode*: its
settings win over the registered command's options, and no environment variable (test
fault injection included) or project file can loosen them — a project layer can still
only tighten, and the managed config can switch it off altogether.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

CONFIG_NAME = "claude-rego.json"
RUNTIME_NAME = "claude-rego.runtime.json"


from .._platform import atomic_write, managed_dir  # noqa: E402 — one definition, importable without pydantic


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DecisionLogConfig(_Strict):
    enabled: bool = True
    path: str | None = Field(None, description="Default: ~/.local/state/claude-rego/decisions.jsonl")
    masked_paths: list[str] = Field(default_factory=list, description="Input paths (dotted) never written, e.g. tool_input.content")


class OpaConfig(_Strict):
    url: str = Field(..., pattern=r"^https?://")
    token_file: str | None = None
    ca_file: str | None = None


class BundlesConfig(_Strict):
    require_signature: bool = Field(False, description="`activate` refuses unsigned bundles on this machine")
    allow_unsigned_replacement: bool = Field(False, description="Allow an unsigned bundle to replace a signed one")


class BundlePolling(_Strict):
    min_delay_seconds: float = Field(60.0, gt=0)
    max_delay_seconds: float = Field(120.0, gt=0)


class BundleConfig(_Strict):
    """Bundle polling by `claude-rego serve` (activated into `state_dir`; point `policies` at
    `<state_dir>/active.snapshot.json`)."""

    url: str = Field(..., pattern=r"^https?://")
    state_dir: str
    verification_keys: list[str] = Field(default_factory=list, description="PATH or KEYID=PATH of public keys")
    scope: str | None = None
    allow_hmac: bool = False
    token_file: str | None = None
    polling: BundlePolling = Field(default_factory=BundlePolling)


class DecisionLogsConfig(_Strict):
    """Shipping the decision log to an OPA-compatible decision-log endpoint (`claude-rego serve`)."""

    url: str = Field(..., pattern=r"^https?://")
    spool_dir: str
    token_file: str | None = None
    max_batch_bytes: int = Field(512 * 1024, gt=1024)
    max_spool_bytes: int = Field(100 * 1024 * 1024, gt=1024)
    min_delay_seconds: float = Field(5.0, gt=0)
    max_delay_seconds: float = Field(10.0, gt=0)


class ServiceSettings(_Strict):
    """`claude-rego serve` (docs/decision-service.md)."""

    host: str = "127.0.0.1"
    port: int = Field(884, gt=0, lt=65536)
    token_files: list[str] = Field(default_factory=list)
    workers: int = Field(4, ge=1, le=64)


class ManagedConfig(_Strict):
    """claude-rego.json"""

    policies: str = Field(..., description="The activated snapshot (or a policy directory) the hook evaluates")
    org_policies: str | None = None
    project_policies: Literal["auto", "off"] = "auto"
    deadline_seconds: float = Field(3.0, gt=0.1, le=30)
    decision_log: DecisionLogConfig = Field(default_factory=DecisionLogConfig)
    opa: OpaConfig | None = None
    bundles: BundlesConfig = Field(default_factory=BundlesConfig)
    service: ServiceSettings | None = None
    bundle: BundleConfig | None = None
    decision_logs: DecisionLogsConfig | None = None

    @field_validator("policies", "org_policies")
    @classmethod
    def _absolute(cls, value):
        if value is not None and not os.path.isabs(value):
            raise ValueError("must be an absolute path")
        return value


class ConfigError(Exception):
    """The configuration file is invalid; the message lists every problem with its field."""


def load(path: str | os.PathLike) -> ManagedConfig:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
    try:
        return ManagedConfig.model_validate(raw)
    except ValidationError as exc:
        lines = [f"{path}: {'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()]
        raise ConfigError("\n".join(lines)) from None


def runtime(config: ManagedConfig) -> dict:
    """The plain dictionary the hook reads (no pydantic on the hot path)."""
    return {
        "format": "claude-rego-runtime/1",
        "policies": config.policies,
        "org_policies": config.org_policies,
        "project_policies": config.project_policies,
        "deadline": config.deadline_seconds,
        "decision_log": (config.decision_log.path or None) if config.decision_log.enabled else "off",
        "masked_paths": config.decision_log.masked_paths,
        "opa_url": config.opa.url if config.opa else None,
        "opa_token_file": config.opa.token_file if config.opa else None,
        "opa_ca_file": config.opa.ca_file if config.opa else None,
    }


def default_path() -> str:
    return os.path.join(managed_dir(), CONFIG_NAME)


def bundle_policy(path: str | None = None) -> BundlesConfig:
    """The machine's bundle settings: from `path`, else the managed config if present."""
    path = path or default_path()
    if path == default_path() and not os.path.exists(path):
        return BundlesConfig()
    return load(path).bundles


def compile_runtime(config_path: str, runtime_path: str | None = None) -> str:
    """Validate `config_path` and write its runtime file atomically; returns the runtime path."""
    config = load(config_path)
    target = runtime_path or os.path.join(os.path.dirname(os.path.abspath(config_path)), RUNTIME_NAME)
    atomic_write(target, json.dumps(runtime(config), indent=2))
    return target


def json_schema() -> dict:
    return ManagedConfig.model_json_schema()
