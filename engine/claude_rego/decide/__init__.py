"""The one decision core: layered evaluation, routing, decision synthesis, the isolated child.

`pipeline.open_evaluator` assembles the layers (`layers`), `Evaluator` evaluates and
synthesises (`decision`), `worker` is the hook's evaluating child run by `isolation`,
`explain` says which rules matched. Kept empty: the hook imports it.
"""
