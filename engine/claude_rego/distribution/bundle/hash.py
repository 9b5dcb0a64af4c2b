"""File hashes as OPA computes them (structured files canonicalised first)."""

from __future__ import annotations

import hashlib
import json
import re
from decimal import Decimal

from ...policy.sources import DATA_FILE_NAMES as DATA_FILES
from .manifest import _SURROGATES, DEFAULT_HASH, HASHES, MANIFEST, SIGNATURES, WEAK_HASHES, BundleError

# ------------------------------------------------------------------------------ hashing

class _Number(str):
    """A JSON number kept as written: OPA hashes `json.Number` literals verbatim."""


def file_hash(name: str, data: bytes, algorithm: str = DEFAULT_HASH) -> str:
    """The hex digest OPA records for a bundle file: raw bytes, except structured files
    (`.manifest`, `data.json`, `data.yaml`), which are parsed and re-encoded with object
    keys sorted, so whitespace and key order do not change the signature."""
    if algorithm in WEAK_HASHES:
        raise BundleError("weak-hash", f"{name}: hash algorithm {algorithm} is too weak; use {DEFAULT_HASH}")
    if algorithm not in HASHES:
        raise BundleError("bad-signature", f"{name}: unsupported hash algorithm {algorithm!r}")
    digest = hashlib.new(HASHES[algorithm])
    digest.update(canonical_bytes(name, data) if _is_structured(name) else data)
    return digest.hexdigest()


def canonical_bytes(name: str, data: bytes) -> bytes:
    """OPA's encoding of a structured file for hashing (bundle/hash.go `walk`)."""
    value = _parse_structured(name, data)
    parts: list[str] = []
    try:
        _walk(value, parts)
    except RecursionError:
        raise BundleError("bad-data", f"{name}: nested too deeply") from None
    return "".join(parts).encode("utf-8")


def _is_structured(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return base in DATA_FILES or base in (MANIFEST, SIGNATURES)


def _parse_structured(name: str, data: bytes):
    """JSON when it is valid JSON (numbers kept as written), else YAML: as OPA's util.Unmarshal."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BundleError("bad-data", f"{name}: not UTF-8 ({exc})") from None
    try:
        return json.loads(text, parse_int=_Number, parse_float=_Number, parse_constant=_no_constant)
    except RecursionError:
        raise BundleError("bad-data", f"{name}: nested too deeply") from None
    except ValueError:
        pass
    return _from_yaml(name, _load_yaml(name, text))


def _no_constant(token: str):
    raise ValueError(f"{token} is not JSON")


def _load_yaml(name: str, text: str):
    """YAML without aliases: an alias bomb would expand exponentially when hashed."""
    import yaml

    class NoAliases(yaml.SafeLoader):
        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                raise yaml.YAMLError("aliases (*name) are not allowed in bundle data")
            return super().compose_node(parent, index)

    try:
        return yaml.load(text, Loader=NoAliases)  # noqa: S506 — a SafeLoader subclass
    except (yaml.YAMLError, RecursionError) as exc:
        raise BundleError("bad-data", f"{name}: invalid JSON/YAML: {exc}") from None


def _from_yaml(name: str, value):
    """YAML value → the JSON value OPA's YAML-to-JSON conversion yields (numbers as Go prints them)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return _Number(str(value))
    if isinstance(value, float):
        return _Number(_go_float(name, value))
    if isinstance(value, list):
        return [_from_yaml(name, v) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(key, bool):
                key = "true" if key else "false"
            elif isinstance(key, int):
                key = str(key)
            elif not isinstance(key, str):
                raise BundleError("bad-data", f"{name}: unsupported YAML key {key!r}")
            out[key] = _from_yaml(name, item)
        return out
    raise BundleError("bad-data", f"{name}: unsupported YAML value {type(value).__name__} ({value!r}); quote it")


def _go_float(name: str, value: float) -> str:
    """A float64 as Go's encoding/json prints it (shortest digits; exponent outside [1e-6, 1e21))."""
    if value != value or value in (float("inf"), float("-inf")):
        raise BundleError("bad-data", f"{name}: {value} is not a JSON number")
    if value == 0:
        return "-0" if str(value).startswith("-") else "0"
    exact = Decimal(repr(value)).normalize()
    if 1e-6 <= abs(value) < 1e21:
        return format(exact, "f")
    sign, digits, exponent = exact.as_tuple()
    mantissa = str(digits[0]) + ("." + "".join(map(str, digits[1:])) if len(digits) > 1 else "")
    assert isinstance(exponent, int)  # a finite value (checked above): never "n", "N" or "F"
    power = exponent + len(digits) - 1
    text = f"{'-' if sign else ''}{mantissa}e{'-' if power < 0 else '+'}{abs(power):02d}"
    return re.sub(r"e-0(\d)$", r"e-\1", text)


def _walk(value, out: list[str]) -> None:
    if isinstance(value, dict):
        out.append("{")
        for i, key in enumerate(sorted(value)):
            if i:
                out.append(",")
            out.append(_go_string(key))
            out.append(":")
            _walk(value[key], out)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _walk(item, out)
        out.append("]")
    elif isinstance(value, _Number):
        out.append(str.__str__(value))
    elif isinstance(value, str):
        out.append(_go_string(value))
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif value is None:
        out.append("null")
    else:  # numbers from a caller's own dict
        out.append(json.dumps(value))


def _go_string(text: str) -> str:
    """A string as Go's json.Encoder with SetEscapeHTML(false) writes it."""
    text = _SURROGATES.sub("\ufffd", text)
    return json.dumps(text, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
