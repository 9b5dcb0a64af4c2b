"""OPA policy bundles: build, read, inspect, sign and verify (activation time only).

A bundle is OPA's gzipped tarball (docs: management-bundles, "Bundle File Format" and
"Signing"): a `.manifest` (revision, roots, metadata), the `.rego` files at their
relative paths, `data.json`/`data.yaml` at the directory path their data belongs to,
and optionally `.signatures.json` = `{"signatures": [JWT]}` whose payload lists every
other file with its hash. Everything here is off the hook path: the hook only ever
reads the snapshot `claude_rego.distribution.activation` compiles from a verified bundle.

Reading treats the archive as hostile: sizes are capped before anything is
decompressed or parsed, members are never extracted by `tarfile` (links, devices,
`..` and absolute names are refused), and names that would collide on a
case-insensitive or Unicode-normalising file system are refused.
"""


from __future__ import annotations

from .archive import build, describe, extract, read_bundle, write_archive
from .hash import canonical_bytes, file_hash
from .keys import load_signing_key, load_verification_key
from .manifest import (
    ASYMMETRIC_ALGORITHMS,
    DEFAULT_HASH,
    DEFAULT_KEY_ID,
    DEFAULT_LIMITS,
    EC_CURVES,
    HASHES,
    HMAC_ALGORITHMS,
    MANIFEST,
    MIN_HMAC_BYTES,
    MIN_RSA_BITS,
    ROOTS,
    SIGNATURES,
    WEAK_HASHES,
    BuildResult,
    Bundle,
    BundleError,
    Keyring,
    Limits,
    Signer,
    SigningConfig,
    VerificationKey,
    revision_key,
)
from .sign import sign_files, signatures_file
from .validate import validate
from .verify import verify_bundle

__all__ = ["ASYMMETRIC_ALGORITHMS", "BuildResult", "Bundle", "BundleError", "DEFAULT_HASH", "DEFAULT_KEY_ID", "DEFAULT_LIMITS", "EC_CURVES", "HASHES", "HMAC_ALGORITHMS", "Keyring", "Limits", "MANIFEST", "MIN_HMAC_BYTES", "MIN_RSA_BITS", "ROOTS", "SIGNATURES", "Signer", "SigningConfig", "VerificationKey", "WEAK_HASHES", "build", "canonical_bytes", "describe", "extract", "file_hash", "load_signing_key", "load_verification_key", "read_bundle", "revision_key", "sign_files", "signatures_file", "validate", "verify_bundle", "write_archive"]
