"""`python -m claude_rego …`: the CLI as a module (the registered hook uses `-c`, see install.py)."""

from .entry import main

main()
