"""Path facts: every path a tool call touches, normalised so policies need no path logic.

Rego policies decide "no writes outside the project", "no reading ~/.aws/credentials",
"no symlink escapes". Doing that on raw strings is a trap (``..``, ``~``, ``//``,
drive letters, case, macOS ``/etc`` vs ``/private/etc``, look-alike Unicode), so this
module turns each raw path into a flat dict of facts (see ``path_facts``).

All path logic is parameterised by an OS *flavour* ("linux", "macos", "windows") and
never uses ``os.path`` for it, so Windows and macOS behaviour is testable on Linux.
The only host-dependent step is symlink resolution, done by a pluggable *resolver*.

Runs on every tool call: standard library only, no regexes, no filesystem access
except through the resolver.

The package: `lexical` (flavours, parsing, comparison), `resolve` (resolvers and the facts
of one path), `effects` (what a tool's call touches), `network` (a URL's
scheme, folded host, port and path), `collect` (the paths of one call).
"""

from __future__ import annotations

from .collect import collect_paths, index_paths, looks_like_path, maybe_secret, maybe_secret_name, prune_secret_pieces
from .effects import (
    GENERIC_PATH_FIELDS,
    LIST,
    READ,
    TOOL_PATH_FIELDS,
    UNKNOWN,
    WRITE,
    name_tokens,
    tool_effects,
    tool_paths,
)
from .lexical import FLAVOURS, HOST_FLAVOUR, fold, host_flavour
from .network import fold_host, network
from .network import ipv4 as _ipv4
from .resolve import mapping_resolver, path_facts

__all__ = [
    "FLAVOURS", "GENERIC_PATH_FIELDS", "HOST_FLAVOUR", "LIST", "READ", "TOOL_PATH_FIELDS", "UNKNOWN", "WRITE",
    "_ipv4", "collect_paths", "fold", "fold_host", "host_flavour", "index_paths", "looks_like_path", "mapping_resolver",
    "maybe_secret", "maybe_secret_name", "name_tokens", "network", "path_facts", "prune_secret_pieces", "tool_effects",
    "tool_paths",
]
