"""The `claude-rego` command line (typer): never imported by the library or the hook's
hot path (`claude_rego.entry` dispatches the hook before importing this)."""
