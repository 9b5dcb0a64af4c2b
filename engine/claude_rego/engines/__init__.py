"""Rego engines: interchangeable evaluators that know Rego and JSON, never Claude Code."""
