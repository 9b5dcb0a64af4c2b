"""`claude-rego check`: catch what would make a policy fail (or silently pass) at decision time.

The embedded engine compiles lazily and accepts programs OPA rejects (engine-notes.md):
an unknown function in a rule nothing reaches loads fine, self-recursion segfaults,
deep literal nesting takes seconds to parse, two `default`s are accepted. A fail-closed
hook turns any of these into "deny everything" — or, for a typo in an input path, into
a deny that never fires. So every policy is checked before it is compiled into a
snapshot (and `claude-rego test` runs this first).

Findings carry file:line; errors fail the check, warnings do not. Routing and facts
references are checked against the host's `Vocabulary` the caller passes
(policy/vocabulary.py); without one those host-specific checks are skipped.
"""

from __future__ import annotations

from ..vocabulary import Vocabulary
from .analysis import near_verb
from .data import data_findings
from .findings import Finding, errors
from .program import NETWORK_BUILTINS
from .run import MAX_LITERAL_DEPTH, check, check_modules
from .text import literal_depth

__all__ = ["MAX_LITERAL_DEPTH", "NETWORK_BUILTINS", "Finding", "check", "check_modules", "data_findings", "errors",
           "literal_depth", "near_verb", "Vocabulary"]
