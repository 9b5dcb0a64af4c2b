"""The Claude Code adapter: hook input, query document, hook output, registration.

Translates between Claude Code's hook protocol and the decision core: the event and
tool tables (`events`), the query-document contract and its schemas (`contract`),
hook-input validation (`hookinput`), the query-document builder (`query`), table-driven
output (`output`), the hook process (`hook`), per-OS locations (`governance`) and hook
registration (`install`). Nothing in `decide`, `facts` or `engines` imports this package
(see docs/architecture.md for the one recorded exception). Kept empty: the hook imports it.
"""
