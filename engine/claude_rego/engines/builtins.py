"""OPA builtins the embedded engine (regorus 0.13.0) lacks, supplied through its extension API.

Why this module exists: policies written for OPA may call `crypto.*`, `net.cidr_merge`,
`net.cidr_intersects` or `array.flatten`; regorus reports "could not find function".
Each function here follows OPA 1.x (topdown/crypto.go, cidr.go, array.go), including
its quirks, and is checked against the real OPA engine by tests/test_builtins.py and
tests/test_opa_parity.py. Known remaining differences: docs/rego-dialect.md.

How regorus calls an extension (measured, gordon-to-regorus 0.13.0):
- arguments arrive as plain Python values (str, int, float, bool, None, list, dict,
  and *set* for a Rego set); a set of objects/arrays, or an integer beyond 64 bits,
  fails to convert before the function is called (an evaluation error);
- the return value converts back the same way (a Python set becomes a Rego set);
- any exception becomes an evaluation error ("extension 'X' raises Python error: …"),
  like a builtin error under OPA's strict-builtin-errors;
- an extension *replaces* a regorus builtin of the same name, and adding one name
  twice raises RuntimeError("extension already added").

Latency: importing this module imports nothing else; hashlib (~4 ms: OpenSSL), hmac
and ipaddress load on the first call of a builtin that needs them. register() makes
eleven add_extension calls (~10 µs in all).
"""

from __future__ import annotations

_REGO_TYPES = {bool: "boolean", int: "number", float: "number", str: "string", type(None): "null",
               list: "array", tuple: "array", dict: "object", set: "set", frozenset: "set"}


def _type_name(value) -> str:
    return _REGO_TYPES.get(type(value), type(value).__name__)


def _string(value, position: int) -> str:
    """OPA type-checks operands; regorus hands an extension anything, so check here."""
    if not isinstance(value, str):
        raise TypeError(f"operand {position} must be string but got {_type_name(value)}")
    return value


# ---------------------------------------------------------------- crypto.*

def _digest(algorithm: str):
    """crypto.md5/sha1/sha256(x): lowercase hex digest of the UTF-8 bytes of x."""
    def digest(x):
        import hashlib

        return hashlib.new(algorithm, _string(x, 1).encode("utf-8")).hexdigest()
    return digest


def _hmac(algorithm: str):
    """crypto.hmac.<alg>(x, key): hex HMAC of message x under key (OPA's argument order)."""
    def mac(x, key):
        import hmac

        message, secret = _string(x, 1).encode("utf-8"), _string(key, 2).encode("utf-8")
        return hmac.new(secret, message, algorithm).hexdigest()
    return mac


def _hmac_equal(mac1, mac2) -> bool:
    """crypto.hmac.equal: constant-time comparison (Go's hmac.Equal), never `==`."""
    import hmac

    return hmac.compare_digest(_string(mac1, 1).encode("utf-8"), _string(mac2, 2).encode("utf-8"))


# ---------------------------------------------------------------- net.cidr_*
#
# Addresses are integers. As in OPA (Go's net package and OPA's cidr merge code), an
# IPv4 address lives at ::ffff:a.b.c.d of the IPv6 space when ranges are compared, and
# an IPv4-mapped IPv6 network (::ffff:10.0.0.0/104) is the IPv4 network (10.0.0.0/8).

_V4_MAPPED = 0xFFFF << 32


def _parse_address(text: str):
    """(version, integer) for an address as Go's netip.ParseAddr reads it, or None."""
    import ipaddress

    if "%" in text:  # Go rejects IPv6 zones here; Python would accept fe80::1%eth0
        return None
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    return address.version, int(address)


def _parse_cidr(text: str):
    """Go's net.ParseCIDR: "address/length" only (no netmask form), host bits cleared.

    Returns (version, network integer, prefix length); an IPv4-mapped IPv6 network
    is returned as the IPv4 network, as Go's IPNet methods treat it."""
    address, slash, length = text.partition("/")
    parsed = _parse_address(address) if slash else None
    if parsed is None or not (length.isascii() and length.isdigit()):
        raise ValueError(f"invalid CIDR address: {text}")
    version, value = parsed
    bits = 32 if version == 4 else 128
    prefix = int(length)
    if prefix > bits:
        raise ValueError(f"invalid CIDR address: {text}")
    value &= ((1 << bits) - 1) ^ ((1 << (bits - prefix)) - 1)
    if version == 6 and prefix >= 96 and value >> 32 == 0xFFFF:
        return 4, value & 0xFFFFFFFF, prefix - 96
    return version, value, prefix


def _cidr_intersects(cidr1, cidr2) -> bool:
    """net.cidr_intersects: do two CIDRs overlap? Both need a prefix length (a bare
    address is an error, as in OPA); IPv4 and IPv6 networks never intersect."""
    v1, n1, p1 = _parse_cidr(_string(cidr1, 1))
    v2, n2, p2 = _parse_cidr(_string(cidr2, 2))
    if v1 != v2:
        return False
    shift = (32 if v1 == 4 else 128) - min(p1, p2)  # aligned blocks overlap iff they
    return n1 >> shift == n2 >> shift  # agree on the shorter prefix


def _format_v4(value: int) -> str:
    return ".".join(str((value >> s) & 0xFF) for s in (24, 16, 8, 0))


def _format(version: int, value: int, prefix: int) -> str:
    """Go's IPNet.String(): RFC 5952 IPv6 (Python's compressed form), dotted IPv4."""
    if version == 4:
        return f"{_format_v4(value)}/{prefix}"
    if prefix >= 96 and value >> 32 == 0xFFFF:
        return f"{_format_v4(value & 0xFFFFFFFF)}/{prefix - 96}"
    import ipaddress

    return f"{ipaddress.IPv6Address(value).compressed}/{prefix}"


def _merge_entry(item):
    """One element of net.cidr_merge as (first, last, text if left unmerged), in the
    128-bit space. A bare IPv4 address takes Go's classful default mask (0-127.x → /8,
    128-191.x → /16, else /24) and, left unmerged, keeps its host bits ("10.1.2.3/8")."""
    if not isinstance(item, str):
        raise TypeError("element must be string")
    parsed = _parse_address(item)
    if parsed is None:
        version, value, prefix = _parse_cidr(item)
        label = _format(version, value, prefix)
    else:
        version, value = parsed
        if version == 6:
            if value >> 32 != 0xFFFF:
                raise ValueError("IPv6 invalid: needs prefix length")
            version, value = 4, value & 0xFFFFFFFF  # ::ffff:a.b.c.d is an IPv4 address to Go
        first_octet = value >> 24
        prefix = 8 if first_octet < 128 else 16 if first_octet < 192 else 24
        label = f"{_format_v4(value)}/{prefix}"
    bits = 32 if version == 4 else 128
    host = (1 << (bits - prefix)) - 1
    first = value & ~host
    if version == 4:
        first |= _V4_MAPPED
    return first, first | host, label


def _range_to_cidrs(first: int, last: int) -> list[str]:
    """The fewest aligned blocks covering [first, last] (what OPA's RangeToCIDRs yields)."""
    in_v4 = first >> 32 == 0xFFFF
    if in_v4 and last >> 32 != 0xFFFF:
        # An IPv4 range merged with an IPv6 range just above ::ffff:255.255.255.255:
        # OPA's Go code panics here ("index out of range"); refuse likewise.
        raise ValueError("cannot merge an IPv4 range with an adjacent IPv6 range")
    bits = 32 if in_v4 else 128
    base = _V4_MAPPED if in_v4 else 0
    start, end = first - base, last - base
    blocks = []
    while start <= end:
        size = (start & -start).bit_length() - 1 if start else bits  # alignment of start
        while size and start + (1 << size) - 1 > end:
            size -= 1
        blocks.append(_format(4 if in_v4 else 6, start, bits - size))
        start += 1 << size
    return blocks


def _cidr_merge(addrs) -> set:
    """net.cidr_merge: IPs and CIDRs (an array or a set) merged into the fewest CIDRs by
    OPA's algorithm: sort by (last, first), fold each range into its lower neighbour
    when they overlap or touch, re-split merged ranges into CIDRs."""
    if not isinstance(addrs, (list, tuple, set, frozenset)):
        raise TypeError(f"operand 1 must be one of {{array, set}} but got {_type_name(addrs)}")
    ranges = sorted((_merge_entry(item) for item in addrs), key=lambda r: (r[1], r[0]))
    i = len(ranges) - 1
    while i > 0:
        first, last, _ = ranges[i]
        # Go's GetPreviousIP stops at :: and at ::ffff:0.0.0.0 (0.0.0.0 has no predecessor).
        previous = first if first in (0, _V4_MAPPED) else first - 1
        lower = ranges[i - 1]
        if previous <= lower[1]:
            ranges[i - 1] = (min(lower[0], first), last, None)
            del ranges[i]
        i -= 1
    merged: set = set()
    for first, last, label in ranges:
        if label is not None:
            merged.add(label)
        else:
            merged.update(_range_to_cidrs(first, last))
    return merged


# ---------------------------------------------------------------- array.flatten

def _flatten(arr) -> list:
    """array.flatten: one level, as OPA does ([[1, 2], [3, [4]], 5] → [1, 2, 3, [4], 5]);
    sets and objects inside are kept as they are."""
    if not isinstance(arr, (list, tuple)):
        raise TypeError(f"operand 1 must be array but got {_type_name(arr)}")
    out: list = []
    for item in arr:
        if isinstance(item, (list, tuple)):
            out.extend(item)
        else:
            out.append(item)
    return out


BUILTINS = {
    "crypto.md5": (1, _digest("md5")),
    "crypto.sha1": (1, _digest("sha1")),
    "crypto.sha256": (1, _digest("sha256")),
    "crypto.hmac.md5": (2, _hmac("md5")),
    "crypto.hmac.sha1": (2, _hmac("sha1")),
    "crypto.hmac.sha256": (2, _hmac("sha256")),
    "crypto.hmac.sha512": (2, _hmac("sha512")),
    "crypto.hmac.equal": (2, _hmac_equal),
    "net.cidr_intersects": (2, _cidr_intersects),
    "net.cidr_merge": (1, _cidr_merge),
    "array.flatten": (1, _flatten),
}


def register(engine) -> None:
    """Add every builtin above to a raw `regorus.Engine`. Idempotent: a name the engine
    already has as an extension (e.g. in a clone of a registered engine) is kept.

    None of these names is a regorus 0.13.0 builtin (an extension would silently
    replace it); tests/test_builtins.py fails if an upgrade starts providing one."""
    for name, (arity, function) in BUILTINS.items():
        try:
            engine.add_extension(name, arity, function)
        except RuntimeError as exc:
            if "already added" not in str(exc):
                raise
