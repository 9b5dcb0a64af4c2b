"""Session 31, less common secret formats in prompts and tool outputs (red-team class A4), end to
end on the default pack and in the facts functions behind them (facts/secret_material.py,
facts/secrets.py): BIP39 seed phrases, Bitcoin WIF and extended private keys, named 64-hex
private keys, Solana keypair arrays, OpenVPN static keys and other armored key blocks, WireGuard
keys, percent-encoded secrets, and a key id named with its secret. A prompt holding one is
blocked; a tool's output holding one is redacted (the value gone). Hashes, UUIDs, git SHAs,
base64 blobs, number arrays of code, word lists and the development chains' published
accounts stay untouched.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

pytest.importorskip("claude_rego.api")

from claude_rego.facts import secret_material, secrets
from claude_rego.facts.bip39_english import ENGLISH_SHA256, WORDS
from conftest import hook_input
from test_default_pack_bypass import decide

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _phrase(entropy: bytes) -> str:
    """The BIP39 phrase of `entropy` (16–32 bytes), checksum and all."""
    bits = int.from_bytes(entropy, "big")
    check = len(entropy) * 8 // 32
    bits = bits << check | hashlib.sha256(entropy).digest()[0] >> (8 - check)
    n = (len(entropy) * 8 + check) // 11
    return " ".join(WORDS[bits >> (11 * (n - 1 - i)) & 2047] for i in range(n))


def _b58check(body: bytes) -> str:
    raw = body + hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4]
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def _wif(key: bytes, compressed: bool) -> str:
    return _b58check(b"\x80" + key + (b"\x01" if compressed else b""))


RNG = random.Random(31)
KEY = bytes(RNG.randrange(256) for _ in range(32))
PHRASE12 = _phrase(bytes(RNG.randrange(256) for _ in range(16)))
PHRASE24 = _phrase(bytes(RNG.randrange(256) for _ in range(32)))
PHRASE15 = _phrase(bytes(RNG.randrange(256) for _ in range(20)))
WIF_U, WIF_C = _wif(KEY, False), _wif(KEY, True)
XPRV = _b58check(bytes.fromhex("0488ade4") + b"\0" * 9 + bytes(RNG.randrange(256) for _ in range(32)) + b"\0" + KEY)
HEX = KEY.hex()
SEED = bytes(RNG.randrange(256) for _ in range(32))
KEYPAIR = json.dumps(list(SEED + secret_material.ed25519_public_key(SEED)))
OVPN = ("-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(bytes(RNG.randrange(256) for _ in range(16)).hex()
                                                            for _ in range(16)) + "\n-----END OpenVPN Static key V1-----")
WG = "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk="[:43] + "="
CONFLUENT_KEY, CONFLUENT_SECRET = "QM7RK2LP9TN4VW8Z", "Qm7Rk2Lp9Tn4Vw8Zb3Xc6Yd1Fg5Hj7Kl0Mn2Pq4Rs6Tu8Vw0Xy2Za4Bc6De8Fg0Hi"


def test_the_word_list_is_the_published_file():
    assert len(WORDS) == 2048 and list(WORDS) == sorted(WORDS) and len({w[:4] for w in WORDS}) == 2048
    assert hashlib.sha256(("\n".join(WORDS) + "\n").encode()).hexdigest() == ENGLISH_SHA256


def test_the_checks_agree_with_published_vectors():
    # BIP39 (trezor/python-mnemonic vectors.json), RFC 8032 test 1, the Bitcoin wiki's WIF example
    assert secret_material.bip39_checksum_ok(["legal", "winner", "thank", "year", "wave", "sausage", "worth", "useful", "legal", "winner", "thank", "yellow"])
    assert secret_material.bip39_checksum_ok(("abandon " * 23 + "art").split())
    assert not secret_material.bip39_checksum_ok(["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access", "accident"])
    seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    assert secret_material.ed25519_public_key(seed).hex() == \
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    wiki = bytes.fromhex("0C28FCA386C7A227600B2FE50B7CAE11EC86D3BF1FBE471BE89827E19D72AA1D")
    assert _wif(wiki, False) == "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"
    assert secret_material.b58check(_wif(wiki, True)) == b"\x80" + wiki + b"\x01"


# (text, the secret it holds)
SECRETS = [
    # seed phrases: checksum-valid anywhere, in any layout; a run of the right length named or alone
    (f"{PHRASE12} is my wallet seed phrase, restore it in the script", PHRASE12),
    (f"seed: {PHRASE24}", PHRASE24),
    (f"please import {PHRASE15} into metamask", PHRASE15),
    ("\n".join(f"{i + 1}. {w}" for i, w in enumerate(PHRASE12.split())), None),
    (json.dumps(PHRASE24.split()), None), (json.dumps(PHRASE12.split(), separators=(",", ":")), None),
    ("my seed phrase abandon ability able about above absent absorb abstract absurd abuse access accident ok",
     "abandon ability able about above absent absorb abstract absurd abuse access accident"),
    (PHRASE12.upper(), PHRASE12.upper()),
    ("abandon ability able about above absent absorb abstract absurd abuse access accident is my wallet seed phrase",
     "abandon ability able about above absent absorb abstract absurd abuse access accident"),
    ("abandon ability able about above absent absorb abstract absurd abuse access accident\n",
     "abandon ability able about above absent absorb abstract absurd abuse access accident"),
    ("my recovery phrase:\n" + "\n".join(["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access", "accident"]), None),
    # WIF and extended private keys (checksums hold)
    (f"my btc key {WIF_U}", WIF_U), (f"importprivkey {WIF_C} label", WIF_C), (f"xpriv={XPRV}", XPRV),
    # named 64-hex private keys
    (f"eth private key 0x{HEX}", HEX), (f"PRIVATE_KEY={HEX}", HEX), (f'"privateKey": "0x{HEX}"', HEX),
    (f"privkey: {HEX}", HEX), (f"the private key for wallet-2 is {HEX}", HEX), (f"DEPLOYER_SECRET 0x{HEX}", HEX),
    # Solana keypairs: a keypair file's array (ed25519-consistent), or named on its line
    (KEYPAIR, KEYPAIR), (f"solana keypair {KEYPAIR.replace(' ', '')}", KEYPAIR.replace(" ", "")),
    ("const payer = Keypair.fromSecretKey(Uint8Array.from(" + json.dumps(list(range(100, 164))) + "));", None),
    # armored blocks
    (OVPN, OVPN), ("#\n# 2048 bit OpenVPN static key\n#\n" + OVPN, OVPN),
    (OVPN.replace("Static key V1", "tls-crypt-v2 client key"), None),
    ("---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"rsa-key\"\nP2/56wAAA+wAAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS"
     "1zaGExfSxlbmNyeXB0e3JzYS\n---- END SSH2 ENCRYPTED PRIVATE KEY ----", None),
    ("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI\n-----END ENCRYPTED "
     "PRIVATE KEY-----", None),
    # WireGuard
    (f"[Interface]\nPrivateKey = {WG}\nAddress = 10.0.0.2/32", WG), (f"[Peer]\nPresharedKey={WG}", WG),
    # percent-encoded
    ("url-encoded: aws_secret_access_key%3DwJalrXUtnFEMI%2FK7MDENG%2FbPxRfiCYzq8sT2uvW1",
     "wJalrXUtnFEMI%2FK7MDENG%2FbPxRfiCYzq8sT2uvW1"),
    ("GET /cb?state=1&client_secret%3DZq3Lm9Pw4Rt6Nb8VcXy7kR9vT2mQ HTTP/1.1", "Zq3Lm9Pw4Rt6Nb8VcXy7kR9vT2mQ"),
    ("form: password%253DkR9v%2521T2mQ8xZ4wL7p&x=1", "kR9v%2521T2mQ8xZ4wL7p"),
    ("curl 'https://x.example/?t=" + "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5".replace("Q", "%51") + "'", None),
    # a key id named with its secret
    (f"confluent api key {CONFLUENT_KEY} secret {CONFLUENT_SECRET}", CONFLUENT_SECRET),
    (f"API key: {CONFLUENT_KEY}, API secret: {CONFLUENT_SECRET}", CONFLUENT_SECRET),
]


@pytest.mark.parametrize("text,secret", SECRETS)
def test_the_scanner_finds_the_secret(text, secret):
    found = secrets.find_in(text, encoded=True)
    assert found, text
    if secret is not None:
        assert any(secret in f["value"] for f in found), (text, found)


@pytest.mark.parametrize("text,secret", SECRETS)
def test_a_prompt_holding_it_is_blocked(text, secret):
    out = decide(hook_input("UserPromptSubmit", prompt=text))
    assert out.get("decision") == "block", (text, out)


@pytest.mark.parametrize("text,secret", SECRETS)
def test_a_tool_output_holding_it_is_redacted(text, secret):
    response = {"stdout": f"output:\n{text}\ndone", "stderr": "", "interrupted": False, "isImage": False,
                "noOutputExpected": False}
    out = decide(hook_input("PostToolUse", tool_name="Bash", tool_input={"command": "cat notes.txt"},
                            tool_response=response))
    replaced = out["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert "[REDACTED" in replaced and replaced.endswith("done"), replaced
    if secret is not None:
        assert secret not in replaced, replaced


def test_a_failed_calls_output_with_a_seed_phrase_halts_the_run():
    payload = hook_input("PostToolUseFailure", tool_name="Bash", tool_input={"command": "python restore.py"},
                         tool_use_id="t1", error=f"Exit code 1\nValueError: bad mnemonic {PHRASE12}")
    out = decide(payload)
    assert out.get("continue") is False and "BIP39 seed phrase" in out.get("stopReason", ""), out


ORDINARY = [
    # hashes, digests, ids
    f"{HEX}  dist/app.tar.gz", f"sha256:{HEX}", f"commit {HEX[:40]}\nAuthor: Dev <dev@example.com>",
    f"tx hash 0x{HEX}", f"public key 0x{HEX}", f"sha256 of the secret key: {HEX}", f'"hashed_secret": "{HEX}"',
    f"secret_hash = {HEX}", f"cache key {HEX}", "550e8400-e29b-41d4-a716-446655440000",
    f"tx 0x{'0' * 64}",
    # base58 and base64 that are no keys
    "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK", "KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98618",
    "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "So11111111111111111111111111111111111111112",
    "aGVsbG8gd29ybGQgdGhpcyBpcyBhIGJhc2U2NCBibG9iIG9mIG9yZGluYXJ5IHRleHQgYW5kIG5vdGhpbmcgbW9yZQ==",
    # number arrays of code: a digest, a signature, a range, an S-box row
    "expected = " + json.dumps(list(hashlib.sha512(b"abc").digest())),
    "signature: " + json.dumps([RNG.randrange(256) for _ in range(64)]),
    "xs = " + json.dumps(list(range(64))), json.dumps([RNG.randrange(256) for _ in range(64)]),
    json.dumps([RNG.randrange(1000) for _ in range(64)]),
    # words: prose, the word list, word lists of code
    "Please review the pull request and check that the cache layer handles the empty case before we ship it.",
    "\n".join(WORDS[:40]), " ".join(WORDS[100:130]), "\n".join(WORDS[:12]),
    "animals = ['cat', 'dog', 'horse', 'rabbit', 'monkey', 'tiger', 'lion', 'zebra', 'whale', 'eagle', 'snake', 'duck', 'goat']",
    "build test deploy release monitor review merge update check", "one two three four five six seven eight nine ten",
    # the development chains' published accounts (anvil, hardhat node, ganache -d)
    "Mnemonic:          test test test test test test test test test test test junk",
    "Private Key: 0x" + "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    "(1) 0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "ganache -d: myth like bonus scare over problem client lizard pioneer submit female collect",
    # percent escapes without a secret, printf formats
    "GET /search?q=api%20key%20rotation%20guide&page=2 HTTP/1.1", 'printf("%2d%% done\\n", pct)',
    "https://example.com/a%2Fb%3Fc%3Dd", "[ 42%] Building CXX object src/CMakeFiles/app.dir/main.cpp.o",
    # WireGuard public keys, key ids without a secret, a secret word in prose
    f"[Peer]\nPublicKey = {WG}\nAllowedIPs = 0.0.0.0/0", f"api key {CONFLUENT_KEY} was rotated",
    "the secret sauce of this library is its cache", "-----BEGIN OpenVPN Static key V1-----\n...\n-----END OpenVPN Static key V1-----",
    "---- BEGIN SSH2 PUBLIC KEY ----\nAAAAB3NzaC1yc2EAAAADAQABAAABAQC\n---- END SSH2 PUBLIC KEY ----",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_holds_no_such_secret(text):
    assert secrets.find_in(text, encoded=True) == [], text
    assert secrets.find_in({"stdout": text}, output=True) == [], text


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_prompts_pass(text):
    assert decide(hook_input("UserPromptSubmit", prompt=text)).get("decision") != "block", text


def test_the_new_checks_cost_little_on_a_large_ordinary_output():
    lines = [f"tests/test_m{i % 37}.py::test_case_{i}[p-{i % 7}] PASSED [{i % 100:3d}%] sha {i * 7919:040x}"
             for i in range(900)]
    text = "\n".join(lines)[:65536]
    import time

    secret_material.scan(text, text.lower())
    start = time.perf_counter()
    for _ in range(5):
        secret_material.scan(text, text.lower())
        secrets._percent_encoded(text)
    assert (time.perf_counter() - start) / 5 < 0.02  # ~2 ms on 64 KiB; generous for a loaded machine
