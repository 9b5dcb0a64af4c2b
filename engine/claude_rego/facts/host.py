"""The host's OS flavour ("linux", "macos", "windows"): the default of every path fact.

Its own module so that a hook for an event without a tool call (Stop, a prompt, …) can
name the flavour without importing the path package (~1.7 ms of its process).
"""

from __future__ import annotations

import sys


def host_flavour() -> str:
    """The flavour of the running OS; the default for every function here."""
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"
