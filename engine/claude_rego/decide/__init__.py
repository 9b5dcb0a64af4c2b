"""The one decision core: layered evaluation, routing, decision synthesis, the answer.

`pipeline.open_evaluator` assembles the layers (`layers`), `Evaluator` evaluates and
synthesises (`decision`) and answers (`Evaluator.answer`: render and conformance through
the adapter; `types`: Request, Answer, Decision), `layers` loads the org and project layers,
`explain` says which rules matched. The host protocol comes in through `adapter`.
Kept (nearly) empty: the hook imports it.
"""
