"""claude-rego: a declarative policy engine for Claude Code hooks, driven by OPA/Rego.

Kept import-free: `claude-rego hook` starts here on every tool call.
"""

__version__ = "0.1.0"

# The policy contract's version (docs/policy-contract.md). Bump on any change that
# could alter what a policy sees or what its verbs mean.
CONTRACT_VERSION = "1"

__all__ = ["CONTRACT_VERSION", "__version__"]
