"""The Rego toolchain: policy sources, compilation to snapshots, checks and the test runner.

`sources` loads policy directories (one set of filters), `astview` reads the engine's AST,
`policyset` compiles sources into a snapshot, `snapshot` reads it on the hot path,
`check` validates a pack, `regotest` runs `test_*` rules and fixtures.

Dependency order (no cycles): snapshot ← sources ← metadata, astview ← check ← policyset;
`load_snapshot` (here, imported by the hook) reads a snapshot and compiles directories
only when given them. Nothing else lives here: the hook imports this package.
"""

from __future__ import annotations

__all__ = ["load_snapshot"]


def load_snapshot(sources: list[str] | None) -> dict:
    """Snapshot for exactly `sources` (one snapshot file, or policy directories, `builtin:`
    naming the built-in pack); None = the built-in pack. See `compose` for what a command
    line's `--policies` means.

    Directories are compiled on the spot (slow: for authoring, not for fleets).
    """
    from . import snapshot  # a submodule: importing it at the top would import it for every policy/ user

    if not sources or (len(sources) == 1 and snapshot.is_builtin(sources[0])):
        path = snapshot.default_snapshot_path()
        if path is not None:
            return snapshot.read(path)
        sources = [snapshot.default_pack_dir()]
    elif len(sources) == 1 and snapshot.is_snapshot_file(sources[0]):
        return snapshot.read(sources[0])
    from .policyset import compile_sources  # authoring only: the compiler is never on a snapshot's path

    return compile_sources(sources)


