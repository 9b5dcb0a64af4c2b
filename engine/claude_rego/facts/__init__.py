"""Derived facts: what the engine works out so that policies need not (shell, paths)."""
