"""`claude-rego serve`: a warm decision service behind Claude Code's native `http` hook.

See docs/decision-service.md for the trust model. Modules:
  core      the layered evaluation for one request, with warm per-thread evaluators
  pool      worker threads owning thread-bound engines, per-request deadlines
  server    the HTTP/1.1 front (one-write responses, TCP_NODELAY, keep-alive, size cap, auth)
  register  `http` hook settings entries, and doctor's service check
  fleet     bundle polling and decision-log shipping (OPA-compatible)
"""
