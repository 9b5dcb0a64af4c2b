"""Validation: the manifest's contract version and roots, and data outside the roots."""

from __future__ import annotations

from ... import CONTRACT_VERSION, __version__
from ...policy.sources import DATA_FILE_NAMES as DATA_FILES
from .hash import _parse_structured
from .manifest import _PACKAGE_RE, MANIFEST, Bundle, BundleError

# ---------------------------------------------------------------------------- validation

def validate(bundle: Bundle) -> None:
    """Manifest semantics: revision, roots that cover every file, a contract we understand."""
    manifest = bundle.manifest
    if not isinstance(manifest.get("revision", ""), str):
        raise BundleError("manifest", f"{MANIFEST}: revision must be a string")
    metadata = manifest.get("metadata", {})
    if not isinstance(metadata, dict):
        raise BundleError("manifest", f"{MANIFEST}: metadata must be an object")
    _check_contract(metadata.get("contract_version"))
    _check_roots(manifest, bundle.files)


def _check_contract(version) -> None:
    if version is None:
        raise BundleError("contract-version", f"{MANIFEST}: metadata.contract_version is missing; add "
                          f'"metadata": {{"contract_version": "{CONTRACT_VERSION}"}} (the policy contract it was written for)')
    try:
        theirs = int(str(version))
    except ValueError:
        raise BundleError("contract-version", f"{MANIFEST}: contract_version {version!r} is not a number") from None
    if theirs > int(CONTRACT_VERSION):
        raise BundleError("contract-version", f"bundle needs policy contract {theirs}; this claude-rego "
                          f"({__version__}) speaks contract {CONTRACT_VERSION}: upgrade claude-rego first")


def _check_roots(manifest: dict, files: dict[str, bytes]) -> None:
    """OPA's scoped-bundle rules: roots do not overlap; every package and data path lies under one."""
    roots = manifest.get("roots", [""])
    if not isinstance(roots, list) or not all(isinstance(r, str) for r in roots):
        raise BundleError("roots", f"{MANIFEST}: roots must be a list of strings")
    split = [[p for p in r.strip("/").split("/") if p] for r in roots]
    for i, a in enumerate(split):
        for b in split[i + 1:]:
            if a[:len(b)] == b or b[:len(a)] == a:
                raise BundleError("roots", f"{MANIFEST}: roots {'/'.join(a)!r} and {'/'.join(b)!r} overlap")
    for name, data in sorted(files.items()):
        base = name.rsplit("/", 1)[-1]
        if base.endswith(".rego"):
            match = _PACKAGE_RE.search(data.decode("utf-8", "replace"))
            if not match:
                raise BundleError("roots", f"{name}: no package declaration")
            path = match.group(1).split(".")
            if path and path[0] == "data":
                path = path[1:]
            if not _covered(path, split):
                raise BundleError("roots", f"{name}: package {match.group(1)} is outside the bundle roots {roots}")
        elif base in DATA_FILES:
            prefix = name.split("/")[:-1]
            uncovered = _uncovered_data(prefix, _parse_structured(name, data), split)
            if uncovered:
                raise BundleError("roots", f"{name}: data at {'/'.join(uncovered) or '/'} is outside the bundle roots {roots}")


def _covered(path: list[str], roots: list[list[str]]) -> bool:
    return any(path[:len(root)] == root for root in roots)


def _uncovered_data(prefix: list[str], value, roots: list[list[str]]) -> list[str] | None:
    """The first data path not under a root (descending into objects on the way to a root)."""
    if _covered(prefix, roots):
        return None
    if isinstance(value, dict) and any(root[:len(prefix)] == prefix for root in roots):
        for key in sorted(value):
            found = _uncovered_data(prefix + [key], value[key], roots)
            if found is not None:
                return found
        return None
    return prefix
