"""OPA bundles: deterministic build, OPA's signing format (known answers, hand-signed
tokens), and every refusal of verification and safe reading. Real crypto throughout:
keys are generated here with `cryptography`; nothing is mocked."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import tarfile
from pathlib import Path

import jwt
import pytest
from claude_rego import CONTRACT_VERSION
from claude_rego.distribution import bundle as B
from conftest import POLICIES
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

POLICY = """# METADATA
# title: No curl
# description: Denies curl.
# custom:
#   routing:
#     events: [PreToolUse]
#     tool_classes: [shell]
package claude_rego.policies.no_curl

import rego.v1

deny contains "curl is blocked ({rev})" if {{
	some seg in input.facts.shell.segments
	seg.command == "curl"
}}
"""
LIB = "package claude_rego.lib.helpers\n\nimport rego.v1\n\nanswer := 42\n"
DATA = {"claude_rego": {"settings": {"disabled_policies": []}}}


# ------------------------------------------------------------------------------ helpers

def write_policies(root: Path, rev: str = "1") -> Path:
    (root / "lib").mkdir(parents=True, exist_ok=True)
    (root / "no_curl.rego").write_text(POLICY.format(rev=rev))
    (root / "lib" / "helpers.rego").write_text(LIB)
    (root / "data.json").write_text(json.dumps(DATA, indent=2))
    (root / "README.md").write_text("not bundled\n")
    return root


@pytest.fixture(scope="module")
def rsa_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def ec_keys():
    return {"ES256": ec.generate_private_key(ec.SECP256R1()), "ES384": ec.generate_private_key(ec.SECP384R1()),
            "ES512": ec.generate_private_key(ec.SECP521R1())}


def pem_private(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def pem_public(key) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def keyring(key, keyid="default", algorithm="RS256", scope=None) -> B.Keyring:
    return B.Keyring({keyid: B.VerificationKey(keyid, algorithm, key.public_key())}, scope=scope)


def signed_bundle(tmp_path, key, *, algorithm="RS256", keyid="default", scope=None, rev="1.0.0") -> bytes:
    src = write_policies(tmp_path / f"src-{rev}")
    return B.build(src, rev, signing=B.SigningConfig(key, algorithm, keyid, scope)).data


def members_of(data: bytes) -> dict[str, bytes]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar if m.isfile()}


def make_tar(entries) -> bytes:
    """A .tar.gz from (TarInfo-or-name, bytes) pairs, written independently of bundle.py."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for info, data in entries:
            if isinstance(info, str):
                info = tarfile.TarInfo(info)
            if info.type in (tarfile.REGTYPE, tarfile.AREGTYPE):
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return gzip.compress(raw.getvalue())


def repack(data: bytes, change) -> bytes:
    files = members_of(data)
    change(files)
    return make_tar(sorted(files.items()))


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def manifest_bytes(rev="7.0", roots=("claude_rego",), contract=CONTRACT_VERSION) -> bytes:
    return json.dumps({"roots": list(roots), "revision": rev,
                       "metadata": {"contract_version": contract}}, indent=4).encode()


def refused(code, data, ring=None, limits=B.DEFAULT_LIMITS):
    with pytest.raises(B.BundleError) as info:
        bundle = B.read_bundle(data, limits)
        B.verify_bundle(bundle, ring)
        B.validate(bundle)
    assert info.value.code == code, str(info.value)
    return str(info.value)


# -------------------------------------------------------------------------------- build

def test_build_layout_manifest_and_determinism(tmp_path):
    src = write_policies(tmp_path / "p")
    first = B.build(src, "2026.11.22")
    second = B.build(src, "2026.11.22")
    assert first.data == second.data, "same input must give the same bytes"
    assert first.skipped == ["README.md"]
    with tarfile.open(fileobj=io.BytesIO(first.data), mode="r:gz") as tar:
        infos = tar.getmembers()
    assert [m.name for m in infos] == [".manifest", "data.json", "lib/helpers.rego", "no_curl.rego"]
    for m in infos:
        assert (m.mtime, m.uid, m.gid, m.uname, m.gname, m.mode, m.type) == (0, 0, 0, "", "", 0o644, tarfile.REGTYPE)
    assert gzip.decompress(first.data)  # plain gzip
    assert first.data[4:8] == b"\0\0\0\0", "gzip header mtime must be zero"
    manifest = json.loads(members_of(first.data)[".manifest"])
    assert manifest["revision"] == "2026.11.22"
    assert manifest["roots"] == ["claude_rego"]
    assert manifest["metadata"]["contract_version"] == CONTRACT_VERSION
    assert members_of(first.data)["no_curl.rego"] == (src / "no_curl.rego").read_bytes()


def facts_typo(root: Path) -> Path:
    """Policies that only the host's vocabulary rejects: a field the query document's facts lack."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "typo.rego").write_text("package claude_rego.policies.typo\n\nimport rego.v1\n\n"
                                    "deny contains \"x\" if input.facts.shell.segmnts[_].command == \"rm\"\n")
    return root


def test_build_checks_against_the_vocabulary_it_is_given(tmp_path):
    from claude_rego.claudecode.vocabulary import VOCABULARY

    src = facts_typo(tmp_path / "typo")
    assert B.build(src, "1.0.0").data  # no vocabulary: the facts' field names are not checked
    with pytest.raises(B.BundleError) as info:
        B.build(src, "1.0.0", vocabulary=VOCABULARY)
    assert info.value.code == "check-failed" and "segmnts" in str(info.value)
    code, _, stderr = run_cli("bundle", "build", src, "-o", tmp_path / "x.tar.gz", "--revision", "1.0")
    assert code == 1 and "segmnts" in stderr and not (tmp_path / "x.tar.gz").exists()  # the CLI passes Claude Code's


def test_build_refuses_policies_that_fail_check(tmp_path):
    with pytest.raises(B.BundleError) as info:
        B.build(POLICIES / "broken", "1.0.0")
    assert info.value.code == "check-failed"
    assert "check failed" in str(info.value)


def test_build_refuses_unordered_revision_symlinks_and_data_yml(tmp_path):
    src = write_policies(tmp_path / "p")
    with pytest.raises(B.BundleError, match="dotted number"):
        B.build(src, "7864d60dd78d748dbce54b569e939f5b0dc07486")
    (src / "link.rego").symlink_to(src / "no_curl.rego")
    with pytest.raises(B.BundleError) as info:
        B.build(src, "1.0.0")
    assert info.value.code == "link-member"
    (src / "link.rego").unlink()
    (src / "data.yml").write_text("a: 1\n")
    with pytest.raises(B.BundleError, match="data.yaml, not data.yml"):
        B.build(src, "1.0.0")


def test_revision_ordering():
    key = B.revision_key
    assert key("2026.11.22") < key("2026.11.22.1") < key("2026.12.1") < key("2027")
    assert key("1.2") == key("1.2.0") == key("v1.2.0")
    assert key("1.10.0") > key("1.9.9")
    for bad in ("", "abc", "1..2", "1.2-rc1", "7864d60", None):
        assert key(bad) is None


# ------------------------------------------------------------------- hashing (known answers)

def test_structured_hash_matches_opa_canonical_form():
    # OPA (bundle/hash.go): keys sorted, compact, numbers as written, no HTML escaping.
    raw = b'\xef\xbb\xbf{ "b": 1.50,\n  "a": ["<x>&", {"z": null, "y": true}], "c": "\xc3\xa9\\u2028" }'
    canonical = '{"a":["<x>&",{"y":true,"z":null}],"b":1.50,"c":"\u00e9\\u2028"}'.encode()
    assert B.canonical_bytes("data.json", raw) == canonical
    assert B.file_hash("x/data.json", raw) == hashlib.sha256(canonical).hexdigest()
    assert B.file_hash("x.rego", raw) == hashlib.sha256(raw).hexdigest(), "policies hash as raw bytes"
    assert B.file_hash(".manifest", b'{"revision":"1", "roots":[]}') == \
        hashlib.sha256(b'{"revision":"1","roots":[]}').hexdigest()


def test_yaml_data_hashes_as_opa_converts_it():
    raw = b"b: 1.0\nc: 100\nd: 0.000001\ne: 1.0e+21\nf: 1.5e-7\na: [x, yes]\n3: three\n"
    assert B.canonical_bytes("data.yaml", raw) == \
        b'{"3":"three","a":["x",true],"b":1,"c":100,"d":0.000001,"e":1e+21,"f":1.5e-7}'
    with pytest.raises(B.BundleError, match="aliases"):
        B.canonical_bytes("data.yaml", b"a: &x [1]\nb: *x\n")


# -------------------------------------------------------------------------------- signing

def test_signature_payload_is_opas_documented_format(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key, keyid="ci-2026", scope="prod")
    files = members_of(data)
    doc = json.loads(files.pop(".signatures.json"))
    assert list(doc) == ["signatures"] and len(doc["signatures"]) == 1
    token = doc["signatures"][0]
    header = jwt.get_unverified_header(token)
    assert header == {"alg": "RS256", "kid": "ci-2026", "typ": "JWT"}
    payload = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    expected_files = []
    for name in sorted(files):
        body = files[name]
        if name in (".manifest", "data.json"):  # structured: canonical JSON, computed by hand here
            body = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
        expected_files.append({"name": name, "hash": hashlib.sha256(body).hexdigest(), "algorithm": "SHA-256"})
    assert payload == {"files": expected_files, "keyid": "ci-2026", "scope": "prod"}
    # RS256 is deterministic: the same input and key give the same signed bundle.
    assert signed_bundle(tmp_path / "again", rsa_key, keyid="ci-2026", scope="prod") == data


@pytest.mark.parametrize("algorithm", ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512",
                                       "ES256", "ES384", "ES512"])
def test_sign_and_verify_round_trip(tmp_path, rsa_key, ec_keys, algorithm):
    key = ec_keys[algorithm] if algorithm.startswith("ES") else rsa_key
    data = signed_bundle(tmp_path, key, algorithm=algorithm, keyid="k1", scope="prod")
    bundle = B.read_bundle(data)
    signer = B.verify_bundle(bundle, keyring(key, "k1", algorithm, scope="prod"))
    B.validate(bundle)
    assert (signer.keyid, signer.algorithm, signer.scope) == ("k1", algorithm, "prod")
    der = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    assert signer.key_sha256 == hashlib.sha256(der).hexdigest()


def hand_signed(sign, alg: str, *, kid_in_header=True, hash_alg="SHA-256", extra_files=None) -> bytes:
    """A bundle signed per OPA's docs, by hand: our own base64url, JSON and signature calls."""
    policy = POLICY.format(rev="hand").encode()
    data_json = b'{"disabled_policies": [], "limit": 1.50}'
    files = {".manifest": manifest_bytes(), "claude_rego/policies/no_curl/policy.rego": policy,
             "claude_rego/settings/data.json": data_json, **(extra_files or {})}
    digests = {
        ".manifest": hashlib.sha256(b'{"metadata":{"contract_version":"' + CONTRACT_VERSION.encode()
                                    + b'"},"revision":"7.0","roots":["claude_rego"]}').hexdigest(),
        "claude_rego/policies/no_curl/policy.rego": hashlib.sha256(policy).hexdigest(),
        "claude_rego/settings/data.json": hashlib.sha256(b'{"disabled_policies":[],"limit":1.50}').hexdigest(),
    }
    if hash_alg != "SHA-256":
        digests = {n: hashlib.new(hash_alg.replace("-", "").lower(), b"x").hexdigest() for n in digests}
    # Field order and extra claims as in OPA's documented example (files, iat, iss, keyid, scope).
    payload = {"files": [{"name": n, "hash": h, "algorithm": hash_alg} for n, h in digests.items()],
               "iat": 1592248027, "iss": "JWTService", "keyid": "hand", "scope": "write"}
    header = {"alg": alg, "typ": "JWT", **({"kid": "hand"} if kid_in_header else {})}
    signing_input = f"{b64url(json.dumps(header).encode())}.{b64url(json.dumps(payload).encode())}"
    token = f"{signing_input}.{b64url(sign(signing_input.encode()))}"
    files[".signatures.json"] = json.dumps({"signatures": [token]}).encode()
    return make_tar(sorted(files.items()))


def test_verify_a_bundle_signed_by_hand_rs256(rsa_key):
    data = hand_signed(lambda m: rsa_key.sign(m, padding.PKCS1v15(), hashes.SHA256()), "RS256")
    bundle = B.read_bundle(data)
    signer = B.verify_bundle(bundle, keyring(rsa_key, "hand", scope="write"))
    B.validate(bundle)
    assert (signer.keyid, signer.scope, signer.iss, signer.iat) == ("hand", "write", "JWTService", 1592248027)


def test_verify_a_bundle_signed_by_hand_es256_payload_keyid_only(ec_keys):
    key = ec_keys["ES256"]

    def sign(message):  # JWS ES256: raw r || s, 32 bytes each (RFC 7518 §3.4)
        r, s = decode_dss_signature(key.sign(message, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")

    data = hand_signed(sign, "ES256", kid_in_header=False)
    signer = B.verify_bundle(B.read_bundle(data), keyring(key, "hand", "ES256", scope="write"))
    assert signer.keyid == "hand"


def test_weak_hash_in_signature_is_refused(rsa_key):
    data = hand_signed(lambda m: rsa_key.sign(m, padding.PKCS1v15(), hashes.SHA256()), "RS256", hash_alg="MD5")
    refused("weak-hash", data, keyring(rsa_key, "hand", scope="write"))


def test_hmac_needs_explicit_opt_in(tmp_path):
    secret = tmp_path / "secret"
    secret.write_text("s" * 40 + "\n")
    with pytest.raises(B.BundleError) as info:
        B.load_signing_key(secret, algorithm="HS256")
    assert info.value.code == "hmac-not-allowed" and "anyone" in str(info.value)
    short = tmp_path / "short"
    short.write_text("tooshort")
    with pytest.raises(B.BundleError, match="shorter than"):
        B.load_signing_key(short, algorithm="HS256", allow_hmac=True)
    cfg = B.load_signing_key(secret, algorithm="HS256", allow_hmac=True, scope="s")
    data = B.build(write_policies(tmp_path / "p"), "1.0.0", signing=cfg).data
    key = B.load_verification_key(secret, algorithm="HS256", allow_hmac=True)
    bundle = B.read_bundle(data)
    assert B.verify_bundle(bundle, B.Keyring({"default": key}, scope="s", allow_hmac=True)).algorithm == "HS256"
    refused("hmac-not-allowed", data, B.Keyring({"default": key}, scope="s", allow_hmac=False))
    with pytest.raises(B.BundleError) as info:
        B.load_verification_key(secret, algorithm="HS256")
    assert info.value.code == "hmac-not-allowed"


def test_key_loading_infers_algorithms_and_refuses_weak_or_mismatched_keys(tmp_path, rsa_key, ec_keys):
    (tmp_path / "rsa.pem").write_bytes(pem_private(rsa_key))
    (tmp_path / "rsa.pub").write_bytes(pem_public(rsa_key))
    (tmp_path / "ec.pem").write_bytes(pem_private(ec_keys["ES384"]))
    assert B.load_signing_key(tmp_path / "rsa.pem").algorithm == "RS256"
    assert B.load_signing_key(tmp_path / "rsa.pem", algorithm="PS512").algorithm == "PS512"
    assert B.load_signing_key(tmp_path / "ec.pem").algorithm == "ES384"
    assert B.load_verification_key(tmp_path / "rsa.pub", keyid="x").algorithm == "RS256"
    with pytest.raises(B.BundleError, match="cannot be used with ES256"):
        B.load_signing_key(tmp_path / "rsa.pem", algorithm="ES256")
    small = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    (tmp_path / "small.pem").write_bytes(pem_private(small))
    with pytest.raises(B.BundleError, match="1024 bits"):
        B.load_signing_key(tmp_path / "small.pem")
    with pytest.raises(B.BundleError, match="not a PEM public key"):
        B.load_verification_key(tmp_path / "rsa.pem", keyid="x", algorithm="RS256")


# ----------------------------------------------------------------- verification refusals

def test_refuses_unsigned_bundle_when_a_key_is_configured(tmp_path, rsa_key):
    data = B.build(write_policies(tmp_path / "p"), "1.0.0").data
    msg = refused("unsigned", data, keyring(rsa_key))
    assert ".signatures.json" in msg
    B.verify_bundle(B.read_bundle(data), None)  # no key configured: accepted unsigned (OPA's table)


def test_refuses_signed_bundle_when_no_key_is_configured(tmp_path, rsa_key):
    refused("signed-without-key", signed_bundle(tmp_path, rsa_key), None)


def test_refuses_unknown_keyid(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key, keyid="rogue")
    msg = refused("unknown-keyid", data, keyring(rsa_key, "default"))
    assert "'rogue'" in msg and "default" in msg


def test_refuses_signature_by_another_key_under_a_trusted_keyid(tmp_path, rsa_key):
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    refused("bad-signature", signed_bundle(tmp_path, other), keyring(rsa_key))


def test_refuses_algorithm_other_than_configured(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key, algorithm="PS256")
    assert "configured for RS256" in refused("bad-signature", data, keyring(rsa_key, algorithm="RS256"))


def test_refuses_file_added_after_signing(tmp_path, rsa_key):
    data = repack(signed_bundle(tmp_path, rsa_key),
                  lambda f: f.update({"extra.rego": b"package claude_rego.policies.extra\n"}))
    assert "extra.rego" in refused("file-added", data, keyring(rsa_key))


def test_refuses_file_removed_after_signing(tmp_path, rsa_key):
    data = repack(signed_bundle(tmp_path, rsa_key), lambda f: f.pop("no_curl.rego"))
    assert "no_curl.rego" in refused("file-removed", data, keyring(rsa_key))


def test_refuses_file_changed_after_signing(tmp_path, rsa_key):
    def change(files):
        files["no_curl.rego"] = files["no_curl.rego"].replace(b'seg.command == "curl"', b'seg.command == "nope"')

    assert "no_curl.rego: digest mismatch" in refused("file-changed", repack(signed_bundle(tmp_path, rsa_key), change),
                                                      keyring(rsa_key))


def test_changed_data_value_is_refused_but_reformatting_is_not(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key)
    reformatted = repack(data, lambda f: f.update({"data.json": json.dumps(DATA, separators=(",", ":")).encode()}))
    B.verify_bundle(B.read_bundle(reformatted), keyring(rsa_key))  # OPA hashes structured files semantically
    changed = repack(data, lambda f: f.update({"data.json": b'{"claude_rego": {"settings": {"disabled_policies": ["no_curl"]}}}'}))
    refused("file-changed", changed, keyring(rsa_key))


def test_refuses_manifest_changed_after_signing(tmp_path, rsa_key):
    data = repack(signed_bundle(tmp_path, rsa_key),
                  lambda f: f.update({".manifest": f[".manifest"].replace(b"1.0.0", b"9.0.0")}))
    assert ".manifest" in refused("file-changed", data, keyring(rsa_key))


def test_refuses_wrong_scope(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key, scope="prod")
    assert "'prod'" in refused("scope-mismatch", data, keyring(rsa_key, scope="dev"))
    refused("scope-mismatch", data, keyring(rsa_key, scope=None))
    refused("scope-mismatch", signed_bundle(tmp_path / "b", rsa_key), keyring(rsa_key, scope="prod"))


# ------------------------------------------------------------------- safe reading refusals

def _with(name_or_info, data=b"package claude_rego.policies.x\n"):
    return make_tar([(".manifest", manifest_bytes()), (name_or_info, data)])


@pytest.mark.parametrize("name", ["../evil.rego", "a/../../evil.rego", "a/./b.rego", "a//b.rego"])
def test_refuses_path_traversal(name):
    assert "traversal" in refused("unsafe-path", _with(name))


@pytest.mark.parametrize("name", ["/etc/evil.rego", "/abs.rego", "C:/evil.rego"])
def test_refuses_absolute_paths(name):
    assert "absolute" in refused("unsafe-path", _with(name))


def test_refuses_backslash_names():
    refused("unsafe-path", _with("a\\..\\evil.rego"))


def _special(kind, **attrs):
    info = tarfile.TarInfo("x.rego")
    info.type = kind
    for k, v in attrs.items():
        setattr(info, k, v)
    return info


def test_refuses_symlink_member():
    assert "symlink" in refused("link-member", _with(_special(tarfile.SYMTYPE, linkname="/etc/passwd"), b""))


def test_refuses_hardlink_member():
    assert "hardlink" in refused("link-member", _with(_special(tarfile.LNKTYPE, linkname=".manifest"), b""))


@pytest.mark.parametrize("kind", [tarfile.CHRTYPE, tarfile.BLKTYPE, tarfile.FIFOTYPE])
def test_refuses_devices_and_fifos(kind):
    refused("special-member", _with(_special(kind, devmajor=1, devminor=3), b""))


def test_refuses_oversized_member():
    limits = B.Limits(max_member_bytes=100)
    assert "limit 100 per file" in refused("member-too-large", _with("big.rego", b"#" * 101), limits=limits)


def test_refuses_oversized_total():
    limits = B.Limits(max_total_bytes=1000)
    data = make_tar([(".manifest", manifest_bytes())] + [(f"f{i}.rego", b"#" * 400) for i in range(3)])
    refused("bundle-too-large", data, limits=limits)


def test_refuses_gzip_bomb_before_reading_it_all():
    bomb = make_tar([(".manifest", manifest_bytes()), ("big.rego", b"\0" * (40 * 1024 * 1024))])
    assert len(bomb) < 100 * 1024
    assert "decompresses to more than" in refused("bundle-too-large", bomb)


def test_refuses_too_many_members():
    data = make_tar([(".manifest", manifest_bytes())] + [(f"f{i}.rego", b"#") for i in range(20)])
    refused("too-many-members", data, limits=B.Limits(max_members=10))


def test_refuses_compressed_archive_over_the_download_limit():
    refused("bundle-too-large", b"\0" * 2048, limits=B.Limits(max_archive_bytes=1024))


def test_refuses_duplicate_and_case_colliding_members():
    dup = make_tar([(".manifest", manifest_bytes()), ("a.rego", b"1"), ("a.rego", b"2")])
    refused("duplicate-member", dup)
    case = make_tar([(".manifest", manifest_bytes()), ("A.rego", b"1"), ("a.rego", b"2")])
    refused("duplicate-member", case)


@pytest.mark.parametrize("name", ["policy.wasm", "README.md", "sub/.manifest", "patch.json"])
def test_refuses_unsupported_members(name):
    refused("unsupported-member", _with(name, b"{}"))


def test_refuses_non_gzip_and_missing_manifest():
    refused("not-a-bundle", b"this is not a bundle")
    assert "no .manifest" in refused("manifest", make_tar([("a.rego", b"package claude_rego.x\n")]))


# ---------------------------------------------------------------------- manifest semantics

def test_refuses_roots_that_do_not_cover_a_policy():
    data = make_tar([(".manifest", manifest_bytes(roots=["claude_rego/policies"])),
                     ("lib.rego", b"package claude_rego.lib.x\n")])
    assert "package claude_rego.lib.x is outside" in refused("roots", data)


def test_refuses_roots_that_do_not_cover_data():
    data = make_tar([(".manifest", manifest_bytes()), ("data.json", b'{"claude_rego": {}, "other": {"a": 1}}')])
    assert "data at other" in refused("roots", data)
    nested = make_tar([(".manifest", manifest_bytes()), ("elsewhere/data.json", b'{"a": 1}')])
    refused("roots", nested)
    ok = make_tar([(".manifest", manifest_bytes()), ("claude_rego/settings/data.json", b'{"a": 1}')])
    B.validate(B.read_bundle(ok))


def test_refuses_overlapping_roots():
    data = make_tar([(".manifest", manifest_bytes(roots=["claude_rego", "claude_rego/policies"]))])
    assert "overlap" in refused("roots", data)


def test_refuses_newer_contract_version_and_missing_one():
    newer = str(int(CONTRACT_VERSION) + 1)
    msg = refused("contract-version", make_tar([(".manifest", manifest_bytes(contract=newer))]))
    assert "upgrade claude-rego" in msg
    missing = make_tar([(".manifest", json.dumps({"revision": "1", "roots": ["claude_rego"]}).encode())])
    refused("contract-version", missing)
    B.validate(B.read_bundle(make_tar([(".manifest", manifest_bytes(contract=CONTRACT_VERSION))])))


# --------------------------------------------------------------------------------- inspect

def test_describe_reports_unverified_signature_claims(tmp_path, rsa_key):
    data = signed_bundle(tmp_path, rsa_key, keyid="k9", scope="prod")
    info = B.describe(B.read_bundle(data))
    assert info["revision"] == "1.0.0" and info["problems"] == []
    assert info["signature"]["keyid"] == "k9" and info["signature"]["files_match"] is True
    assert info["signature"]["verified"] is False
    tampered = repack(data, lambda f: f.update({"no_curl.rego": b"package claude_rego.policies.no_curl\n"}))
    assert B.describe(B.read_bundle(tampered))["signature"]["files_match"] is False


# ------------------------------------------------------------------------------------ CLI

def run_cli(*args):
    import typer
    from claude_rego.cli.bundle import register
    from typer.testing import CliRunner

    app = typer.Typer()

    @app.callback()
    def main():
        """test app"""

    register(app)
    result = CliRunner().invoke(app, [str(a) for a in args])
    stderr = getattr(result, "stderr", "") if result.stderr_bytes is not None else ""
    return result.exit_code, result.stdout, stderr


def test_cli_build_inspect_verify(tmp_path, rsa_key):
    src = write_policies(tmp_path / "p")
    (tmp_path / "k.pem").write_bytes(pem_private(rsa_key))
    (tmp_path / "k.pub").write_bytes(pem_public(rsa_key))
    out = tmp_path / "b.tar.gz"
    code, stdout, _ = run_cli("bundle", "build", src, "-o", out, "--revision", "3.1.4",
                              "--signing-key", tmp_path / "k.pem", "--key-id", "ci", "--scope", "prod")
    assert code == 0, stdout
    assert "revision 3.1.4" in stdout and "signed (RS256, key id ci)" in stdout and "README.md" in stdout
    code, stdout, _ = run_cli("bundle", "inspect", out)
    assert code == 0 and "3.1.4" in stdout and "key id ci" in stdout and "not verified" in stdout
    code, stdout, _ = run_cli("bundle", "inspect", out, "--json")
    assert json.loads(stdout)["signature"]["scope"] == "prod"
    code, stdout, _ = run_cli("bundle", "verify", out, "--verification-key", f"ci={tmp_path / 'k.pub'}",
                              "--scope", "prod")
    assert code == 0 and stdout.startswith("OK:"), stdout
    code, _, stderr = run_cli("bundle", "verify", out, "--verification-key", tmp_path / "k.pub", "--scope", "prod")
    assert code == 1 and "unknown-keyid" in stderr
    code, _, stderr = run_cli("bundle", "build", POLICIES / "broken", "-o", tmp_path / "x.tar.gz", "--revision", "1.0")
    assert code == 1 and "check-failed" in stderr and not (tmp_path / "x.tar.gz").exists()


def test_cli_help_warns_about_hmac():
    code, stdout, _ = run_cli("bundle", "build", "--help")
    assert code == 0 and "anyone" in stdout and "--allow-hmac" in stdout


def test_refuses_names_that_are_not_utf8():
    info = tarfile.TarInfo("x.rego")
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT, encoding="latin-1") as tar:
        tar.addfile(tarfile.TarInfo(".manifest"), io.BytesIO(b""))
        info.name = "caf\xe9.rego"  # latin-1 bytes in the archive, invalid as UTF-8
        info.size = 1
        tar.addfile(info, io.BytesIO(b"#"))
    assert "invalid UTF-8" in refused("unsafe-path", gzip.compress(raw.getvalue()))
