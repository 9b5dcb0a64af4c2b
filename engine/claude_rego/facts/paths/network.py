"""Path facts: the network effect of one URL — scheme, host as a URL parser sees it, port, path.

A policy compares hosts by text (`169.254.169.254`, `metadata.google.internal`,
`localhost`), so the host is normalised the way a WHATWG URL parser and IDNA (UTS #46)
would before any rule sees it: NFKC (fullwidth digits, enclosed letters `ⓜ`), the
ideographic and fullwidth full stops (`。` U+3002, `．` U+FF0E, `｡` U+FF61) read as dots,
lower case, a trailing dot dropped, percent-escapes undone, and numeric IPv4 spellings
(hex, octal, one integer) turned into the dotted quad. Standard library only; never raises.
"""

from __future__ import annotations

# full stops a URL parser maps to "." in a host (UTS #46 mapping of U+3002, U+FF0E, U+FF61)
_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})
# characters IDNA drops from a host (soft hyphen, zero-width joiners, variation selectors…)
_IGNORED = frozenset("\u00ad\u034f\u180b\u180c\u180d\u200b\u200c\u200d\u2060\ufeff\ufe00\ufe0f")
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}
_HEX = frozenset("0123456789abcdefABCDEF")


def _nfkc(text: str) -> str:
    """NFKC. Only non-ASCII text needs it: unicodedata is imported here, not by every hook call."""
    import unicodedata

    return unicodedata.normalize("NFKC", text)


def _unquote(text: str) -> str:
    """Percent-decoding (UTF-8) without urllib: a%20b -> "a b"; bad escapes stay as they are."""
    if "%" not in text:
        return text
    pieces = text.split("%")
    raw = bytearray(pieces[0].encode("utf-8", "surrogatepass"))
    for piece in pieces[1:]:
        if len(piece) >= 2 and piece[0] in _HEX and piece[1] in _HEX:
            raw.append(int(piece[:2], 16))
            raw.extend(piece[2:].encode("utf-8", "surrogatepass"))
        else:
            raw.extend(b"%" + piece.encode("utf-8", "surrogatepass"))
    return raw.decode("utf-8", "replace")


def fold_host(host: str) -> str:
    """The host a URL parser connects to: `１６９。２５４。１６９。２５４` -> 169.254.169.254,
    `ⓜⓔⓣⓐⓓⓐⓣⓐ.google.internal` -> metadata.google.internal, `LOCALHOST.` -> localhost."""
    if "%" in host:
        host = _unquote(host)
    if not host.isascii():
        host = _nfkc(host.translate(_DOTS)).translate(_DOTS)
        host = "".join(ch for ch in host if ch not in _IGNORED)
    host = host.lower()
    if host.endswith(".") and host != ".":
        host = host[:-1]
    return ipv4(host)


def ipv4(host: str) -> str:
    """Numeric IPv4 spellings as inet_aton reads them (0xa9fea9fe, 2852039166, 0251.0376.0251.0376,
    169.254.43518) -> dotted quad, so a policy comparing hosts sees one form; else unchanged."""
    parts = host.split(".")
    if not host or len(parts) > 4:
        return host
    values = []
    for part in parts:
        try:
            if part[:2] in ("0x", "0X"):
                values.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part[0] == "0":
                values.append(int(part, 8))
            else:
                values.append(int(part, 10))
        except ValueError:
            return host
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        return host
    number = sum(v << (8 * (3 - i)) for i, v in enumerate(head)) + last
    return ".".join(str((number >> s) & 255) for s in (24, 16, 8, 0))


_SPECIAL_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp", "file"})
_URL_TRIM = "".join(chr(c) for c in range(0x21))
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")


def url_form(value: str) -> str:
    """A URL as a WHATWG parser (a browser, Node's `URL`, undici's fetch) reads it before its
    parts: leading and trailing controls and spaces dropped, tabs and newlines removed,
    `view-source:` peeled, and a special scheme's slashes after the colon, any number and
    either way round, read as `//` (`file:` as `file:///` unless a host follows):
    ` http:\\\\h\\x` -> `http://h/x`, `http:/h` -> `http://h`, `file:/x` -> `file:///x`,
    `view-source:file:///x` -> `file:///x`. Anything that is no such URL comes back unchanged
    (the same object)."""
    text = value.strip(_URL_TRIM)
    if "\t" in text or "\n" in text or "\r" in text:
        text = text.replace("\t", "").replace("\n", "").replace("\r", "")
    while text[:12].lower() == "view-source:":
        text = text[12:]
    scheme, colon, rest = text.partition(":")
    if not colon or len(scheme) > 16 or scheme.lower() not in _SPECIAL_SCHEMES or " " in rest:
        return value
    scheme = scheme.lower()
    if scheme == "file":
        rest = rest.replace("\\", "/")
        form = "file:" + rest if rest.startswith("//") else "file:///" + rest.lstrip("/")
    else:
        head, mark, tail = rest.partition("?")
        form = scheme + "://" + head.replace("\\", "/").lstrip("/") + mark + tail
    return value if form == value else form


def network(field: str, value: str) -> dict | None:
    """{"field", "url", "scheme", "host", "port", "path", "credentials"} of a URL, else None.

    port is the explicit one or the scheme's default (null when neither is known); path
    is the URL's path, percent-decoded, without query or fragment ("/" when empty).
    """
    if not value.isascii():
        # fullwidth "：／／" and the like: what a parser sees after NFKC
        folded = _nfkc(value[:64])
        if "://" in folded and "://" not in value[:64]:
            value = folded + value[64:]
    scheme, sep, rest = value.partition("://")
    if not sep or not scheme or not scheme.replace("+", "").replace("-", "").replace(".", "").isalnum():
        return None
    scheme = scheme.lower()
    rest = rest.replace("\\", "/") if scheme in _DEFAULT_PORTS else rest
    cut = len(rest)
    for mark in "/?#":
        at = rest.find(mark)
        if at != -1:
            cut = min(cut, at)
    authority, tail = rest[:cut], rest[cut:]
    userinfo, _, hostport = authority.rpartition("@")
    port_text = ""
    if hostport.startswith("["):
        host, _, after = hostport[1:].partition("]")
        port_text = after[1:] if after.startswith(":") else ""
    else:
        host, _, port_text = hostport.partition(":")
    host = fold_host(host)
    if ":" in host and not hostport.startswith("["):
        host, _, port_text = host.partition(":")  # a fullwidth colon folded to ":"
    port: int | None = _DEFAULT_PORTS.get(scheme)
    port_text = _nfkc(port_text) if not port_text.isascii() else port_text
    if port_text.isdigit() and len(port_text) <= 5:
        port = int(port_text)
    path = tail.split("?", 1)[0].split("#", 1)[0]
    return {"field": field, "url": value, "scheme": scheme, "host": host, "port": port,
            "path": _unquote(path) or "/", "credentials": bool(userinfo)}
