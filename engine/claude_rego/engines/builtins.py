"""OPA builtins the embedded engine lacks, supplied through its extension API.

Semantics follow OPA 1.x and are pinned by a differential test against the real OPA
engine (tests/test_builtins.py). Imports happen inside the functions: registering
costs microseconds on the hook's hot path, and hashlib/ipaddress load only when a
policy calls one of these.
"""

from __future__ import annotations


def _hexdigest(name: str, text: str) -> str:
    import hashlib

    return hashlib.new(name, text.encode("utf-8")).hexdigest()


def _hmac(name: str, text: str, key: str) -> str:
    import hashlib
    import hmac

    return hmac.new(key.encode("utf-8"), text.encode("utf-8"), getattr(hashlib, name)).hexdigest()


def _hmac_equal(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def _network(value: str):
    """A CIDR; a bare IPv4 address takes its classful default mask, as OPA's does
    (10.x → /8, 172.16.x → /16, 192.168.x → /24); a bare IPv6 address is an error."""
    import ipaddress

    if "/" not in value:
        address = ipaddress.ip_address(value)
        if address.version == 6:
            raise ValueError(f"IPv6 invalid: needs prefix length: {value}")
        first = int(value.split(".", 1)[0])
        value = f"{value}/{8 if first < 128 else 16 if first < 192 else 24}"
    return ipaddress.ip_network(value, strict=False)


def _cidr_intersects(a: str, b: str) -> bool:
    first, second = _network(a), _network(b)
    return first.version == second.version and first.overlaps(second)


def _cidr_merge(addresses) -> set:
    import ipaddress

    by_version: dict[int, list] = {4: [], 6: []}
    for item in addresses:
        network = _network(item)
        by_version[network.version].append(network)
    merged = []
    for version in (4, 6):
        merged += [str(n) for n in ipaddress.collapse_addresses(by_version[version])]
    return set(merged)


def _flatten(value) -> list:
    """One level, as OPA does: [[1, 2], [3, [4]]] → [1, 2, 3, [4]]."""
    out = []
    for item in value:
        if isinstance(item, list):
            out.extend(item)
        else:
            out.append(item)
    return out


BUILTINS = {
    "crypto.sha256": (1, lambda x: _hexdigest("sha256", x)),
    "crypto.sha1": (1, lambda x: _hexdigest("sha1", x)),
    "crypto.md5": (1, lambda x: _hexdigest("md5", x)),
    "crypto.hmac.sha256": (2, lambda x, k: _hmac("sha256", x, k)),
    "crypto.hmac.sha1": (2, lambda x, k: _hmac("sha1", x, k)),
    "crypto.hmac.sha512": (2, lambda x, k: _hmac("sha512", x, k)),
    "crypto.hmac.md5": (2, lambda x, k: _hmac("md5", x, k)),
    "crypto.hmac.equal": (2, _hmac_equal),
    "net.cidr_intersects": (2, _cidr_intersects),
    "net.cidr_merge": (1, _cidr_merge),
    "array.flatten": (1, _flatten),
}


def register(engine) -> None:
    """Add every builtin above to a raw `regorus.Engine`."""
    for name, (arity, function) in BUILTINS.items():
        engine.add_extension(name, arity, function)
