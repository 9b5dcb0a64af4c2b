"""`python -I -m claude_rego …`: the form the registered hook command uses."""

from .entry import main

main()
