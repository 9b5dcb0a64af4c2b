"""The Rego toolchain: policy sources, compilation to snapshots, checks and the test runner.

`sources` loads policy directories (one set of filters), `ast` reads the engine's AST,
`policyset` compiles sources into a snapshot, `snapshot` reads it on the hot path,
`check` validates a pack, `regotest` runs `test_*` rules and fixtures. Kept empty: the
hook imports `snapshot`.
"""
