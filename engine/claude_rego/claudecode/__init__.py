"""The Claude Code adapter: hook input, query document, hook output, registration.

Translates between Claude Code's hook protocol and the decision core: the event and
tool tables (`events`), the query-document contract and its schemas (`contract`),
hook-input validation (`hookinput`), the query-document builder (`query`), table-driven
output (`output`), the hook process (`hook`), per-OS locations (`governance`) and hook
registration (`install`), and the vocabulary `check` validates against (`vocabulary`).
Nothing in `decide`, `facts`, `engines` or `policy` imports this package. Kept empty: the
hook imports it.
"""
