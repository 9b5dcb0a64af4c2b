"""Secret findings without a provider prefix (facts/secrets.py runs `scan` on every text):
key material whose format is checked, not guessed:

- a BIP39 seed phrase: 12/15/18/21/24 words of the English list (facts/bip39_english.py) in
  a row, whose checksum holds (the last word's low bits are SHA-256 of the others: a real
  phrase always passes, 1 in 16 random 12-word runs does); or a run of exactly that many
  words, none before or after it, that stands alone on its line or is named a seed
  (`seed:`, `mnemonic`, `recovery phrase`, `wallet`). A listing of the whole word list or
  prose is neither;
- a Bitcoin private key in WIF (base58check, version 0x80, `5…` / `K…` / `L…`) or an extended
  private key (BIP32 `xprv…`, `tprv…`, `yprv…`, `zprv…`): the base58check checksum (double
  SHA-256) must hold, so a random base58 word never matches;
- a 64-hex private key (Ethereum, secp256k1, ed25519 seeds) only where it is named one:
  `private key 0x…`, `PRIVATE_KEY=…`, `privkey: …`, `secret …` (a bare 64-hex value is a
  hash: a SHA-256, a git object id of sha256 repositories, a transaction id);
- a Solana keypair file: a JSON array of exactly 64 integers 0–255 whose second half is the
  ed25519 public key of the first (checked: ~3 ms, at most 4 arrays a text), or named one on
  its line (`keypair`, `secretKey`, `Keypair.fromSecretKey([…])`, `private`, `wallet`);
- a 64-hex key that code signs with, unnamed: a Hardhat/Truffle `accounts: ['0x…']` list, a signer
  built from it (`new ethers.Wallet('0x…')`, `privateKeyToAccount('0x…')`, `Account.from_key`);
- an Apple/Google app-specific password (`abcd-efgh-ijkl-mnop`) on a line that names one;
- a WireGuard key in its config (`PrivateKey = <44 base64>`, `PresharedKey = …`: 32 bytes);
- an API key named with its secret and no provider prefix (Confluent Cloud's `api key
  ABCD… secret …`): a key id of 12–40 capitals and digits and, after it, a secret of 40+
  random-looking characters, each named (`api key` / `key`, `secret`).

Every pattern is gated by a substring or character test; linear regular expressions;
standard library only; never raises on any string.
"""

from __future__ import annotations

import hashlib

from .lazy_re import lazy

# ------------------------------------------------------------------ BIP39 seed phrases
# A run of 12+ lowercase words of 3–8 letters (every BIP39 word's length), apart by blanks,
# newlines, commas, quotes or list numbering (`1. abandon 2. ability`, `["abandon", …]`).
# (possessive: a word or a separator is never given back, so prose costs one pass, ~1 ms a 64 KiB)
_SEP = r"(?:[ \t\r\n,\"'\[\]]++(?:[0-9]{1,2}[.):][ \t]*)?)"
_WORD_RUN = lazy(r"(?<![a-z0-9_'-])[a-z]{3,8}+(?:" + _SEP + r"[a-z]{3,8}+(?![a-z0-9_'-])){11,}+")
_WORD = lazy(r"[a-z]+")
_PHRASE_LENGTHS = (24, 21, 18, 15, 12)
# a run named a seed (within 120 characters before or after it)
_SEED_LABEL = lazy(r"seed|mnemonic|recovery|phrase|wallet|bip[ -]?39|metamask|trezor|ledger|restore")
# what may stand beside a run alone on its line: blanks, quotes, a bullet or a number
_LINE_LEAD = lazy(r"[ \t\"'`*>#-]*(?:[0-9]{1,2}[.):][ \t]*)?[\"'`]?")
_LINE_TAIL = lazy(r"[\"'`.,;]?[ \t\r]*")

_INDEX: dict[str, int] = {}


def _bip39_index() -> dict[str, int]:
    if not _INDEX:
        from .bip39_english import WORDS

        _INDEX.update((w, i) for i, w in enumerate(WORDS))
    return _INDEX


def bip39_checksum_ok(words: list[str]) -> bool:
    """The BIP39 checksum of a phrase of 12–24 listed words: the entropy's SHA-256, its first
    len/3 bits, ends the phrase's bits."""
    index = _bip39_index()
    n = len(words)
    if n not in _PHRASE_LENGTHS or any(w not in index for w in words):
        return False
    bits = 0
    for w in words:
        bits = bits << 11 | index[w]
    check_bits = n // 3
    entropy = (bits >> check_bits).to_bytes(n * 4 // 3, "big")
    return hashlib.sha256(entropy).digest()[0] >> (8 - check_bits) == bits & ((1 << check_bits) - 1)


def _seed_phrases(text: str, low: str, out: list) -> None:
    index = None
    for count, m in enumerate(_WORD_RUN.finditer(low)):
        if count >= 64:
            return
        if index is None:
            index = _bip39_index()
        words = [(w.group(0), m.start() + w.start(), m.start() + w.end()) for w in _WORD.finditer(m.group(0))]
        run: list[tuple[str, int, int]] = []
        for item in [*words, ("", 0, 0)]:
            if item[0] in index:
                run.append(item)
                continue
            if len(run) >= 12:
                _seed_run(text, low, run, out)
            run = []


# listed words that name a phrase (`seed phrase abandon …`, `my secret key: …` has a colon)
_NAMING_WORDS = frozenset({"seed", "phrase", "secret", "key", "private", "word", "wallet", "recovery", "mnemonic"})


def _seed_run(text: str, low: str, run: list, out: list) -> None:
    """One maximal run of listed words: the phrase in it, if any (see the module docstring)."""
    named = False
    while len(run) > 12 and run[0][0] in _NAMING_WORDS:
        run, named = run[1:], True  # `seed phrase abandon ability …`: the name, then the phrase
    n = len(run)
    names = [w for w, _, _ in run]
    if n in _PHRASE_LENGTHS:
        start, end = run[0][1], run[-1][2]
        if " ".join(names) in DEV_MNEMONICS:
            return
        if named or bip39_checksum_ok(names) or _SEED_LABEL.search(low, max(0, start - 120), start) or \
                _SEED_LABEL.search(low, end, end + 120) or _alone_on_line(low, start, end):
            out.append(("BIP39 seed phrase", text[start:end]))
        return
    if n > 27:
        return  # a word list, not a phrase with a word or three beside it
    for size in _PHRASE_LENGTHS:
        for at in range(0, n - size + 1):
            if n - size <= 3 and bip39_checksum_ok(names[at:at + size]):
                if " ".join(names[at:at + size]) not in DEV_MNEMONICS:
                    out.append(("BIP39 seed phrase", text[run[at][1]:run[at + size - 1][2]]))
                return


def _alone_on_line(low: str, start: int, end: int) -> bool:
    line_start = low.rfind("\n", 0, start) + 1
    line_end = low.find("\n", end)
    line_end = len(low) if line_end < 0 else line_end
    if "\n" in low[start:end]:
        return False  # one word a line: named, or its checksum holds
    lead = _LINE_LEAD.match(low, line_start, start)
    tail = _LINE_TAIL.match(low, end, line_end)
    return bool(lead and lead.end() == start and tail and tail.end() == line_end)


# ------------------------------------------------------------------ base58check keys
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_VALUE = {c: i for i, c in enumerate(_B58)}
# a run of base58 from a key's first character (its length and edges are tested after: a regex
# of one class and a count is ~3x cheaper than one with the lookarounds)
_B58_RUN = lazy(r"[5KLxtyzuvYZ][1-9A-HJ-NP-Za-km-z]{50,110}")
_B58_SHAPE = lazy(r"5[HJK][1-9A-HJ-NP-Za-km-z]{49}|[KL][1-9A-HJ-NP-Za-km-z]{51}|[xtyzuvYZ]prv[1-9A-HJ-NP-Za-km-z]{107,108}")
# BIP32 version bytes of extended private keys (xprv, tprv, yprv, zprv, uprv, vprv, Yprv, Zprv)
_XPRV_VERSIONS = frozenset({"0488ade4", "04358394", "049d7878", "04b2430c", "044a4e28", "045f18bc", "0295b005",
                            "02aa7a99"})


def b58check(value: str) -> bytes | None:
    """The payload of a base58check string whose checksum holds, else None."""
    n = 0
    for c in value:
        digit = _B58_VALUE.get(c)
        if digit is None:
            return None
        n = n * 58 + digit
    raw = b"\0" * (len(value) - len(value.lstrip("1"))) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    if len(raw) < 5:
        return None
    body, check = raw[:-4], raw[-4:]
    return body if hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == check else None


def _base58_keys(text: str, out: list) -> None:
    checked = 0
    for m in _B58_RUN.finditer(text):
        value = m.group(0)
        if m.start() and text[m.start() - 1].isalnum() or text[m.end():m.end() + 1].isalnum() or \
                not _B58_SHAPE.fullmatch(value):
            continue
        checked += 1
        if checked > 32:
            return
        body = b58check(value)
        if body is None:
            continue
        if value[1:4] == "prv":
            if len(body) == 78 and body[:4].hex() in _XPRV_VERSIONS:
                out.append(("extended private key", value))
        elif body[0] == 0x80 and (len(body) == 33 or len(body) == 34 and body[33] == 1):
            out.append(("Bitcoin private key", value))


# ------------------------------------------------------------------ named hex private keys
# after a name ending in `key` or `secret` (found by a substring search): at most `for <name>`,
# a quote, an operator or `is`, then 64 hex digits; the name is one of a private key's
_HEX_AFTER_NAME = lazy(
    r"(?i)(?:[ _-](?:hex|raw|bytes))?(?:[ \t]+(?:for|of)[ \t]+(?:the[ \t]+)?[\w.@-]{1,40})?[\"'`]?[ \t]*"
    r"(?:=>|:=|[:=]|\bis\b|\bwas\b)?[ \t]*[\"'`]?(?:0x)?([0-9a-f]{64})(?![0-9a-z])")
_HEX_KEY_NAME = lazy(r"(?i)(?<![a-z])(?:priv(?:ate)?[ _.-]?|secret[ _.-]?|signing[ _.-]?|wallet[ _.-]?)$")
# a hash of a secret is no secret: `hashed secret`, `sha256 of the secret key`
_HASH_BEFORE = lazy(r"(?i)hash|sha|digest|checksum|fingerprint|md5|blake")


def _hex_keys(text: str, low: str, out: list) -> None:
    checked = 0
    for word in ("key", "secret"):
        at = low.find(word)
        while at >= 0 and checked < 256:
            checked += 1
            end = at + len(word)
            m = _HEX_AFTER_NAME.match(text, end) if not low[end:end + 1].isalpha() else None
            if m and (word == "secret" and (at == 0 or not low[at - 1].isalpha())
                      or word == "key" and _HEX_KEY_NAME.search(low, max(0, at - 10), at)):
                value = m.group(1)
                if len(set(value.lower())) >= 10 and not _HASH_BEFORE.search(text, max(0, at - 24), at):
                    start = m.start(1) - 2 if text[m.start(1) - 2:m.start(1)] in ("0x", "0X") else m.start(1)
                    out.append(("hex private key", text[start:m.end(1)]))
            at = low.find(word, at + 1)


# A 64-hex key where code uses it to sign, unnamed: an `accounts` list of a Hardhat network
# (`accounts: ['0x…', '0x…']`, `accounts = ["0x…"]`; code's unquoted key: a JSON `"accounts"` of
# an RPC answer may list Aptos/Sui addresses, 64 hex too), Truffle's `privateKeys: [...]`,
# brownie's `accounts.add('0x…')`, a
# signer built from it (`new ethers.Wallet('0x…', provider)`, viem's `privateKeyToAccount('0x…')`,
# eth_account's `Account.from_key('0x…')`, `Wallet.fromPrivateKey(…)`, web3's
# `wallet.add('0x…')`). A quoted 0x + 64 hex only: an address is 40 hex digits, and a
# transaction or block hash (`"hash": "0x…"`, `tx 0x…`) is under no such name. Found from
# each context word (a substring search), within 2048 characters of the list or call.
_SIGNER_CONTEXT = lazy(
    r"(?i)\b(?:accounts|private_?keys)[ \t]*(?:[:=][ \t]*\[|\.add[ \t]*\()"
    r"|\b(?:wallet|privatekeytoaccount|from_?key|fromprivatekey|privatekeytoaddress)[ \t]*\("
    r"|\bwallet\.add[ \t]*\(")
_SIGNER_WORDS = ("accounts", "privatekeys", "private_keys", "wallet", "privatekeytoa", "from_key", "fromkey", "fromprivatekey")
_QUOTED_HEX64 = lazy(r"[\"'`]((?:0[xX])?[0-9a-fA-F]{64})[\"'`]")
_LIST_END = lazy(r"[\])]")


def _signer_keys(text: str, low: str, out: list) -> None:
    for count, m in enumerate(_SIGNER_CONTEXT.finditer(text)):
        if count >= 32:
            return
        window = text[m.end():m.end() + 2048]
        end = _LIST_END.search(window)  # the list or the call's first argument list ends there
        for k in _QUOTED_HEX64.finditer(window, 0, end.start() if end else len(window)):
            value = k.group(1)
            if len(set(value[-64:].lower())) >= 10:
                out.append(("hex private key", value))


# The development chains' published accounts are public: Hardhat's and Anvil's (`test test …
# junk`), `ganache -d`'s (`myth like bonus …`) and `truffle develop`'s (`candy maple cake …`)
# mnemonics, and the first 20 private keys each derives (m/44'/60'/0'/0/i), which `anvil` and
# `npx hardhat node` print at every start: the keys as SHA-256 digests (first 16 hex digits of
# the lowercase hex), so no scanner reads this file as holding keys.
DEV_MNEMONICS = frozenset({
    "test test test test test test test test test test test junk",
    "myth like bonus scare over problem client lizard pioneer submit female collect",
    "candy maple cake sugar pudding cream honey rich smooth crumble sweet treat",
})
_DEV_KEY_DIGESTS = frozenset({
    "bc1a50966c9e6486", "8335c55334821eef", "b26ab6529d20ebeb", "64034b44c579b335", "4d3e46eec8244d1d",
    "0aedba9d586f34f9", "28e543d3753fc9d1", "f070994a85994785", "38e69fdd19aefeb4", "967f21586cdf1248",
    "0b33e0132123e78d", "84bc109b3d59b017", "85bde548053aab4b", "f1513114f60e5e95", "5330d388af894c9e",
    "a2e06155cb1a424f", "4a67d7a0d8a16d6d", "b08bdfde9930d920", "cf1fc66f853151a4", "100546a8b020a55a",
    "578592185588730b", "30e55f5463e22af0", "70b801afae94d2e6", "0bc9fde2b028e3b0", "f51c2c795f782308",
    "6dea34b661141091", "faeb1dab5a326eef", "196fbadca8b7eea6", "ecd5e9d0b08a8a9f", "3fd5610ee03a3503",
    "d0464a8feebaf250", "58c68761c6435f63", "0ef02ea36f2d1d9f", "3797540b4a1f6831", "7e3e2af11843caa6",
    "79815e325e48154f", "701b38c834efad40", "630926d5e7539b07", "25d642ca934ec6dc", "635e0e101d7a1417",
    "f24167accb5d690f", "07f935b61d37e0e5", "e4f1734df0250d54", "7d1b5fc238610328", "33f532fd39fa0d77",
    "728383dec6323112", "664b73b16aa57748", "e4639de7f01667f6", "98a38f6dad3f47af", "c15f3d9dfdc98389",
    "a32ca373c80ea826", "612a29fd009a0287", "5ef9e7ea6df72499", "d90af3333c1d02fa", "d472ae35539ae699",
    "a0a27948ffe91a5a", "53a600cfb46bb37d", "ab00da2253d76b09", "943fc56eea84762f", "dbeafda27f4dd480",
})
_HEX64 = lazy(r"(?:0[xX])?[0-9a-fA-F]{64}")


def dev_chain_key(value: str) -> bool:
    """A development chain's published private key (see above), as 64 hex digits (0x optional)."""
    if not _HEX64.fullmatch(value):
        return False
    digest = hashlib.sha256(value[-64:].lower().encode()).hexdigest()[:16]
    return digest in _DEV_KEY_DIGESTS


# ------------------------------------------------------------------ Solana keypair arrays
_BYTE_ARRAY = lazy(r"\[[ \t\r\n]*(?:[0-9]{1,3}[ \t\r\n]*,[ \t\r\n]*){63}[0-9]{1,3}[ \t\r\n]*,?[ \t\r\n]*\]")
_KEYPAIR_LABEL = lazy(r"(?i)keypair|key[ _-]?pair|secret|private|priv[ _-]?key|wallet|signer|solana|seed")
_NUMBER = lazy(r"[0-9]+")


def _keypair_arrays(text: str, out: list) -> None:
    checked = 0
    for count, m in enumerate(_BYTE_ARRAY.finditer(text)):
        if count >= 16:
            return
        numbers = [int(n) for n in _NUMBER.findall(m.group(0))]
        if len(numbers) != 64 or max(numbers) > 255 or len(set(numbers)) < 16:
            continue
        line_start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 80)
        if _KEYPAIR_LABEL.search(text, line_start, m.start()):
            out.append(("Solana keypair", m.group(0)))
            continue
        checked += 1
        if checked <= 4 and ed25519_public_key(bytes(numbers[:32])) == bytes(numbers[32:]):
            out.append(("Solana keypair", m.group(0)))


# ed25519 (RFC 8032): the public key of a 32-byte seed, to tell a keypair file from 64 bytes
# of anything else. Extended twisted Edwards coordinates, plain integers.
_P = 2 ** 255 - 19
_D = -121665 * pow(121666, _P - 2, _P) % _P
_BASE: tuple[int, int, int, int] | None = None


def _recover_x(y: int) -> int:
    xx = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(xx, (_P + 3) // 8, _P)
    if (x * x - xx) % _P:
        x = x * pow(2, (_P - 1) // 4, _P) % _P
    return _P - x if x & 1 else x


def _edwards_add(p: tuple[int, int, int, int], q: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a, b = (y1 - x1) * (y2 - x2) % _P, (y1 + x1) * (y2 + x2) % _P
    c, d = 2 * t1 * t2 * _D % _P, 2 * z1 * z2 % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def ed25519_public_key(seed: bytes) -> bytes:
    """The ed25519 public key of a 32-byte secret seed (RFC 8032 5.1.5)."""
    global _BASE
    if _BASE is None:
        y = 4 * pow(5, _P - 2, _P) % _P
        x = _recover_x(y)
        _BASE = (x, y, 1, x * y % _P)
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little") & ((1 << 254) - 8) | (1 << 254)
    point, q = _BASE, (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            q = _edwards_add(q, point)
        point = _edwards_add(point, point)
        scalar >>= 1
    x, y, z, _ = q
    inverse = pow(z, _P - 2, _P)
    x, y = x * inverse % _P, y * inverse % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


# ------------------------------------------------------------------ WireGuard keys
# a 32-byte key in base64: 43 characters, the last of them with its two low bits zero, then `=`
_WIREGUARD = lazy(r"\b(?:PrivateKey|PresharedKey)[ \t]*=[ \t]*([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)")


# ------------------------------------------------------------------ key id and secret, named
# the secret after its name (found by a substring search), and the key id named just before it
_SECRET_AFTER_NAME = lazy(r"(?i)(?:[ _-]?key)?(?:[ \t]*[:=][ \t]*|[ \t]+)[\"'`]?([A-Za-z0-9+/=_-]{40,128})(?![A-Za-z0-9+/=_-])")
_KEY_BEFORE_SECRET = lazy(
    r"(?i)\b(?:api[ _-]?key|key(?:[ _-]?id)?|access[ _-]?key|client[ _-]?id)(?:[ \t]*[:=][ \t]*|[ \t]+)[\"'`]?"
    r"(?-i:([A-Z0-9]{12,40}))[\"'`]?[ \t]*(?:[,;/|][ \t]*)?(?:and[ \t]+)?(?:(?:api|client)[ _-]?)?$")


def _key_and_secret(text: str, low: str, out: list) -> None:
    at, checked = low.find("secret"), 0
    while at >= 0 and checked < 64:
        checked += 1
        m = _SECRET_AFTER_NAME.match(text, at + 6)
        if m and _random_secret(m.group(1)):
            k = _KEY_BEFORE_SECRET.search(text[max(0, at - 80):at])
            key = k.group(1) if k else ""
            if any(c.isdigit() for c in key) and any(c.isalpha() for c in key):
                out.append(("API key and secret", m.group(1)))
                out.append(("API key and secret", key))
        at = low.find("secret", at + 1)


def _random_secret(value: str) -> bool:
    """A secret body that is generated: both cases and a digit, many distinct characters."""
    return (any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)
            and len(set(value)) >= 20)


# ------------------------------------------------------------------ app-specific passwords
# Apple's app-specific passwords (`abcd-efgh-ijkl-mnop`: four groups of four small letters) and
# Google's app passwords (16 small letters, shown in four groups apart by blanks) on the line of
# a name that says so, within 80 characters after it or 120 before (`app-specific password for
# notarization: …`, `APPLE_APP_SPECIFIC_PASSWORD=…`, `gmail app password is …`, `notarytool …
# --password … # app-specific password`); not a placeholder
# (`xxxx-xxxx-xxxx-xxxx`, `abcd-efgh-ijkl-mnop`: fewer than 9 distinct letters, a run of one).
_APP_PASSWORD_NAME = lazy(r"(?i)(?<![a-z0-9])app(?:lication)?[ _-]?specific[ _-]?pass(?:word|wd)?|(?<![a-z0-9])app[ _-]?pass(?:word|wd)?(?![a-z])")
_APP_PASSWORD_VALUE = lazy(r"(?<![A-Za-z0-9])([a-z]{4}([- ])[a-z]{4}\2[a-z]{4}\2[a-z]{4}|[a-z]{16})(?![A-Za-z0-9-])")
_APP_PASSWORD_WORDS = ("specific", "app pass", "app_pass", "app-pass", "apppass")


def _app_passwords(text: str, low: str, out: list) -> None:
    if not any(w in low for w in _APP_PASSWORD_WORDS):
        return
    for count, m in enumerate(_APP_PASSWORD_NAME.finditer(text)):
        if count >= 16:
            return
        start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 120)
        end = text.find("\n", m.end(), m.end() + 80)
        for v in _APP_PASSWORD_VALUE.finditer(text, start, end if end >= 0 else m.end() + 80):
            letters = v.group(1).replace("-", "").replace(" ", "")
            if len(set(letters)) >= 9 and "abcdefgh" not in letters and not any(c * 3 in letters for c in set(letters)):
                out.append(("app-specific password", v.group(1)))


MATERIAL_KINDS = frozenset({"BIP39 seed phrase", "Bitcoin private key", "extended private key", "hex private key",
                            "Solana keypair", "WireGuard key", "API key and secret",
                            "app-specific password"})


def scan(text: str, lower: str | None) -> list[tuple[str, str]]:
    """(kind, value) of the key material above in `text` (`lower`: its lowercase when ASCII,
    else None). Never raises."""
    out: list[tuple[str, str]] = []
    low = lower if lower is not None else text.lower()
    if len(low) != len(text):
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)  # (offsets kept)
    try:
        if text.count(" ") + text.count("\n") + text.count(",") >= 11:
            _seed_phrases(text, low, out)
        _base58_keys(text, out)
        if "key" in low or "secret" in low:
            _hex_keys(text, low, out)
        if ("'" in text or '"' in text or "`" in text) and any(w in low for w in _SIGNER_WORDS):
            _signer_keys(text, low, out)
        if "-" in text or " " in text:
            _app_passwords(text, low, out)
        if "[" in text and text.count(",") >= 63:
            _keypair_arrays(text, out)
        if "PrivateKey" in text or "PresharedKey" in text:
            out.extend(("WireGuard key", m.group(1)) for m in _WIREGUARD.finditer(text))
        _key_and_secret(text, low, out)
    except (RecursionError, MemoryError, ValueError, OverflowError):  # pragma: no cover - bounded input
        pass
    return out
