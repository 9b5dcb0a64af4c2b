"""Lower policy layers: an organisation's, and the project's own `.claude/policies/`.

Both can only tighten (deny, ask, halt, context, system messages; see
decision.TIGHTENING_VERBS), and each runs on its own engine. Project policies live in
the repository the agent edits, so they are untrusted input: capped in size, required
to pass `claude-rego check`, and compiled once per content into a cache the hook then
reads fast. A project layer that fails any of this is ignored with a warning — ignoring
it can only loosen back to what the managed layer enforces, never below it.
"""

from __future__ import annotations

import json
import os

PROJECT_DIR_NAME = os.path.join(".claude", "policies")
MAX_PROJECT_BYTES = 256 * 1024
MAX_PROJECT_FILES = 64


class LayerRefused(Exception):
    """A lower layer was not loaded; the message says why (shown to the user)."""


def project_policies_dir(hook: dict, environ) -> str | None:
    root = environ.get("CLAUDE_PROJECT_DIR") or (hook.get("cwd") if isinstance(hook.get("cwd"), str) else None)
    if not root:
        return None
    path = os.path.join(root, PROJECT_DIR_NAME)
    return path if os.path.isdir(path) else None


def load_project_layer(path: str, cache_dir: str, vocabulary=None) -> dict:
    """The project's policies as a snapshot: from the cache, or checked (against the host's
    `vocabulary`, which the pipeline takes from its adapter) and compiled once."""
    files = _files(path)
    digest = _digest(files)
    cached = os.path.join(cache_dir, f"{digest}.json")
    if os.path.isfile(cached):
        from ..policy.snapshot import read

        return read(cached)
    from ..policy.policyset import PolicyError, compile_sources, write_snapshot

    try:
        snapshot = compile_sources([path], check=True, revision=f"project:{digest[:16]}",
                                   vocabulary=vocabulary)
    except PolicyError as exc:
        raise LayerRefused(f"the project's policies in {path} were ignored: {str(exc).splitlines()[-1]}") from None
    os.makedirs(cache_dir, exist_ok=True)
    write_snapshot(snapshot, cached)
    return snapshot


def _files(path: str) -> list[tuple[str, bytes]]:
    from ..policy.sources import SourceRefused, walk  # only when the project has policies

    found, total = [], 0
    try:
        entries = [entry for entry in walk(path) if entry.kind != "skipped"]
    except SourceRefused as exc:
        raise LayerRefused(f"the project's policies in {path} were ignored: {exc}") from None
    for entry in entries:
        with open(entry.path, "rb") as fh:
            data = fh.read(MAX_PROJECT_BYTES + 1)
        total += len(data)
        found.append((entry.rel, data))
        if total > MAX_PROJECT_BYTES or len(found) > MAX_PROJECT_FILES:
            raise LayerRefused(f"the project's policies in {path} were ignored: larger than "
                               f"{MAX_PROJECT_BYTES // 1024} KiB or {MAX_PROJECT_FILES} files")
    return found


def _digest(files) -> str:
    from hashlib import sha256  # only when the project has policies

    h = sha256()
    for name, data in files:
        h.update(name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()


def cache_dir() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "claude-rego", "project-layers")


__all__ = ["load_project_layer", "project_policies_dir", "cache_dir", "LayerRefused", "json"]
# The layers are assembled in one place, pipeline.Evaluator.layers_for, for every caller.
