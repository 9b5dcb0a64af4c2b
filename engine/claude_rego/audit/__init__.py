"""What happened: the decision log, the hook's own failure log, and replay of a log
against a policy set. Kept empty: the hook imports `decisionlog` and `hooklog`."""
