"""Getting policy to machines: bundles (build, sign, verify), fetch and activation,
the managed configuration, and pushing policy to an OPA server."""
