"""facts/secrets.py: provider token formats from the scanner table, the generic token
shape, and passwords given on a command line; each with the placeholders and ordinary
identifiers that must not match, and a large adversarial input that must finish.

Every value is built by concatenation and was invented for this test.
"""

from __future__ import annotations

import json
import time

import pytest
from claude_rego.facts import secrets

B = "Xk9q2LmZ7pRt4vBn8Wc3Yd6Hf1Js5Ga0Qe"  # 34 random-looking characters
HEX40 = "9f8e7d6c5b4a39281f0e1d2c3b4a59680a1b2c3d"

PROVIDERS = {
    "PlanetScale token": "pscale_pw_" + B,
    "Tailscale key": "tskey-auth-" + "kABCD1CNTRL-" + B,
    "Figma token": "figd_" + B + "aa11bb",
    "Buildkite token": "bkua_" + HEX40,
    "Okta API token": "SSWS " + "00" + B + "abcd12",
    "OpenRouter key": "sk-or-v1-" + B + B,
    "Groq key": "gsk_" + B + "ab12cd34",
    "Replicate token": "r8_" + B + "z9y8",
    "Resend key": "re_" + "Ab12Cd34_" + B[:24],
    "1Password service account token": "ops_" + "eyJ" + B + B,
    "Doppler token": "dp.st." + "prd." + B + "abcdef",
    "Sentry token": "sntrys_" + "eyJpYXQiOjE2ODgwNjk0MDUuNzQyNjQ1LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyJ9_" + B + "Ab9",
    "Hugging Face token": "hf_" + B,
    "npm token": "npm_" + B + "ab",
    "Vault token": "hvs." + B,
    "Pinecone key": "pcsk_" + B + "_" + B,
    "SonarQube token": "sqp_" + HEX40,
}


@pytest.mark.parametrize("kind", sorted(PROVIDERS))
def test_provider_token_found_bare_and_assigned(kind):
    token = PROVIDERS[kind]
    for text in (token, "\n" + token + "\n", "X_CREDENTIAL=" + token, f'{{"v": "{token}"}}'):
        found = secrets.find(text)
        assert any(f["value"] == token and f["kind"] == kind for f in found), (text, found)


@pytest.mark.parametrize("kind", sorted(k for k in PROVIDERS if k in secrets._PROVIDER_KINDS))
def test_provider_placeholder_not_found(kind):
    """A table token whose body is all X is documentation, not a credential (the older
    patterns' placeholders are handled with the shared placeholder check)."""
    token = PROVIDERS[kind]
    cut = next(i for i, ch in enumerate(token) if ch.isupper() and i > 3 or ch.isdigit() and i > 3)
    fake = token[:cut] + "X" * (len(token) - cut)
    assert not [f for f in secrets.find(fake) if f["kind"] == kind], fake


GENERIC_TP = [
    "acme_sk_" + B,
    "Your API key:\nfoo_" + B,
    "token: zz_" + B,
]
GENERIC_TN = [
    "sha512-" + B,                      # integrity hash
    "req_" + B,                         # request id
    "msg_01XFDUDYJgAACzvnptvVoYEL",     # message id
    "build-" + "9f8e7d6c5b4a39281f0e1d2c3b4a5968",  # hex digest
    "re_compile_pattern_for_the_thing_here",          # an identifier
    "job-" + B,                          # no secret word near it
    "acme_sk_" + "X" * 30,               # placeholder
]


@pytest.mark.parametrize("text", GENERIC_TP)
def test_generic_token_shape_found(text):
    assert any(f["generic"] and f["value"] in text for f in secrets.find(text)), text


@pytest.mark.parametrize("text", GENERIC_TN)
def test_generic_token_shape_not_found(text):
    assert not secrets.find(text), (text, secrets.find(text))


CLI_TP = {
    "mysql -u root -p" + "Xk9mQ2vL7 shop": "Xk9mQ2vL7",
    "mysqldump -uroot -p'" + "w7K!q2mZp" + "' db": "w7K!q2mZp",
    "sshpass -p '" + "Tr0ub4dor&3" + "' ssh u@h": "Tr0ub4dor&3",
    "docker login -u bob -p " + "Hq7zPw3k9L" + " registry.io": "Hq7zPw3k9L",
    "./deploy --password=" + "Zq8!vNm2pL": "Zq8!vNm2pL",
    "redis-cli -h cache -a " + "Rd5sPw9xQ2" + " ping": "Rd5sPw9xQ2",
    "ldapsearch -x -D cn=admin -w " + "Ld4pPw9xQ2" + " -b dc=x": "Ld4pPw9xQ2",
    "smbclient //fs/share -U bob%" + "Sm8bPw2xQ7": "Sm8bPw2xQ7",
    "sqlcmd -S db -U sa -P " + "Sq1Pw7xQ2z": "Sq1Pw7xQ2z",
    "7z a -p" + "Zp7Pw2xQ9k" + " out.7z dir": "Zp7Pw2xQ9k",
    "openssl enc -aes-256-cbc -passin pass:" + "Op3nPw8xQ2" + " -in f": "Op3nPw8xQ2",
    "wget --http-password=" + "Wg3tPw8xQ2" + " https://x": "Wg3tPw8xQ2",
    "htpasswd -bc .htpasswd admin " + "Ht9pPw2xQ4": "Ht9pPw2xQ4",
}
CLI_TN = [
    "mysql -u root -p shop",
    "mysql -u root -p$MYSQL_PWD shop",
    "docker login -u bob -p <password> registry.io",
    "docker login -u bob --password-stdin registry.io",
    "--password=changeme",
    "--password=password",
    "--password=$PASS",
    "--password PASSWORD  the password to use",
    "mkdir -p build && ssh -p 2222 host",
    "psql -h localhost -p 5432 -U postgres",
    "sshpass -p \"$SSHPASS\" ssh u@h",
    "mysql -uroot -ppostgres",
    "docker build --secret id=npmrc,src=$HOME/.npmrc .",
    "openssl enc -d -passin env:FILE_KEY -in f",
    "openssl rsa -in k.pem -passin file:pass.txt",
    "unzip -P $ZIP_PASSWORD x.zip",
    "Usage: admin [--password PASSWORD] [--token TOKEN]",
]


@pytest.mark.parametrize("text,value", sorted(CLI_TP.items()))
def test_cli_password_found(text, value):
    assert any(f["kind"] == "password on a command line" and f["value"] == value
               for f in secrets.find(text)), (text, secrets.find(text))


@pytest.mark.parametrize("text", CLI_TN)
def test_cli_password_not_found(text):
    assert not [f for f in secrets.find(text) if f["kind"] == "password on a command line"], text


@pytest.mark.parametrize("chunk", [
    "a_" * 5000, "aB3_" * 5000, "mysql " + "-x " * 20000, "--password=" * 5000, "x-" * 30000 + "Ab9" * 30,
    "SSWS " * 10000, "dp.st." * 10000, "sntrys_eyJ" + "a" * 100000, "tskey-" + "a-" * 30000,
])
def test_large_adversarial_input_finishes(chunk):
    """Bounded input and linear patterns: these finish (the size-linearity is printed, not asserted)."""
    t0 = time.perf_counter()
    secrets.find(chunk)
    t1 = time.perf_counter()
    secrets.find(chunk * 4)
    t2 = time.perf_counter()
    print(f"{chunk[:12]!r}: 1x {t1 - t0:.4f}s 4x {t2 - t1:.4f}s")


def _nested(inner: dict, levels: int = 1) -> str:
    import json

    text = json.dumps(inner)
    for _ in range(levels):
        text = json.dumps({"SecretString": text, "Name": "db"})
    return text


@pytest.mark.parametrize("text,value", [
    (_nested({"username": "app", "password": "4g6Yd455nLh6kFqQ"}), "4g6Yd455nLh6kFqQ"),
    (_nested({"user": "app", "pass": "F3cUpmqx2V0k9Lw"}, 2), "F3cUpmqx2V0k9Lw"),
    (_nested({"api_key": "Zq8vR2mT4xW9kL1pN6bY"}), "Zq8vR2mT4xW9kL1pN6bY"),
    ("aws output: " + _nested({"client_secret": "m9XvQ2rTz8LkW4pB7nYc"}) + " (done)", "m9XvQ2rTz8LkW4pB7nYc"),
])
def test_secrets_inside_escaped_json_strings(text, value):
    found = [f["value"] for f in secrets.find(text)]
    assert value in found, found
    assert all(v in text for v in found)  # every value is the exact text to remove


@pytest.mark.parametrize("text", [
    _nested({"username": "app", "host": "db.internal", "port": 5432}),
    _nested({"password": "changeme"}), _nested({"token": "${TOKEN}"}),
    '{"msg": "say \\"hello\\" to \\\\ the world \\u00e9 \\x"}', "\\" * 5000 + '\\"' * 5000,
])
def test_escaped_json_without_secrets(text):
    assert secrets.find(text) == []


@pytest.mark.parametrize("text,value", [
    ("the password for the prod VPN is 4g6Yd455nLh6kF", "4g6Yd455nLh6kF"),
    ("ssh pass for root@10.0.4.12 is F3cU-pmqx-2V0k9", "F3cU-pmqx-2V0k9"),
    ("the vpn pw is 9Fh3kLq2Zx", "9Fh3kLq2Zx"),
    ("credentials for grafana are admin / Zk4Lp9Qx2Wv", "Zk4Lp9Qx2Wv"),
    ("the wifi key for guests: Lq8Zx2Vm7Kt", "Lq8Zx2Vm7Kt"),
    ("secret for the webhook is whk9Lq2Zx7Vm4.", "whk9Lq2Zx7Vm4"),
    ("The db creds are app and Vq9Lm2Xz7Kp4", "Vq9Lm2Xz7Kp4"),
])
def test_secrets_in_prose(text, value):
    assert value in [f["value"] for f in secrets.find(text)]


@pytest.mark.parametrize("text", [
    "the password is too short, it must be 12 chars", "the token is expired since 2024-05-01",
    "the cache token is 3f2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a", "my password for github is in 1password",
    "the secret is stored in Vault at secret/data/app", "password: ********", "our pw policy is NIST-800-63B",
    "the pass rate is 99.5% on v2.3.1", "the secret key is in ~/.config/app/key.txt",
    "the password hash is sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "the token endpoint is https://auth.example.com/oauth/token",
    "Connection string in docs is postgres://user:password@localhost:5432/app; update it",
    "the password for admin is admin@example.com", "the api key is sk_test_placeholder",
])
def test_prose_that_holds_no_secret(text):
    assert [f for f in secrets.find(text) if f["kind"] == "secret in prose"] == []


# ---------------------------------------------------------------- session 24 (secretscan)
def _b64json(d: dict) -> str:
    import base64
    import json

    return base64.urlsafe_b64encode(json.dumps(d).encode()).decode().rstrip("=")


_SIG = "Xk9mPq2vL7wRt4zAb3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9"


@pytest.mark.parametrize("header,payload,sig,expect", [
    ({"alg": "HS256"}, {"sub": "u1", "role": "admin"}, _SIG, False),  # a credential: not generic
    ({"alg": "RS256", "kid": "a"}, {"scope": "repo", "client_id": "ci"}, _SIG, False),
    ({"alg": "HS256"}, {"offset": 100}, _SIG, True),  # signed, no identity: generic
    ({"alg": "none"}, {"sub": "u1", "role": "admin"}, _SIG, None),  # unsigned
    ({"alg": "HS256"}, {"sub": "u1"}, "", None),  # no signature
    ({"typ": "JWT", "alg": 5}, {"sub": "u1"}, _SIG, None),  # not a JWT header
])
def test_jwts_by_signature_and_claims(header, payload, sig, expect):
    token = f"{_b64json(header)}.{_b64json(payload)}.{sig}"
    found = [f for f in secrets.find(f"token {token} here") if f["kind"] == "JSON Web Token"]
    if expect is None:
        assert found == []
    else:
        assert [f["generic"] for f in found] == [expect] and found[0]["value"] == token


def test_the_published_example_jwt_is_public():
    jwt_io = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2"
              "MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
    assert secrets.find(jwt_io) == []


@pytest.mark.parametrize("text,value", [
    ("<server><id>n</id><password>Xk9#mPq2vL7wRt4z</password></server>", "Xk9#mPq2vL7wRt4z"),
    ('<SmtpPassword encrypted="false">Rt7vW2qLm9xZ</SmtpPassword>', "Rt7vW2qLm9xZ"),
    ('<add key="Stripe.ApiKey" value="Zq7mN2pL9xR4tV8w" />', "Zq7mN2pL9xR4tV8w"),
    ("<property name='jdbc.password' value='Hq8zLm2Vx7tK'/>", "Hq8zLm2Vx7tK"),
    ("define( 'SECURE_AUTH_KEY', 'k2#Lq9zX!m4Vt8Rw' );", "k2#Lq9zX!m4Vt8Rw"),
])
def test_assignments_in_markup_and_php(text, value):
    assert value in [f["value"] for f in secrets.find(text)]


@pytest.mark.parametrize("text", [
    "<password>REPLACE_ME</password>", "<password>${DB_PASSWORD}</password>", "<apiKey></apiKey>",
    '<add key="ApiKey" value="#{ApiKey}#" />', "define('DB_PASSWORD', 'changeme');",
    "<publicKey>3AA5C34371567BD2</publicKey>", "<cacheKey>user-profile-v2-0001</cacheKey>",
    "<password>Xk9mPq2vL7wRt4z</secret>",  # not one element
])
def test_markup_without_a_secret(text):
    assert secrets.find(text) == []


def test_hex_runs_are_decoded_only_for_outbound_inputs():
    token = "ghp_" + "Zq8xR2mLk9WvT4yB7nC1pD6fH3jK5sA0eG2i"
    h = token.encode().hex()
    host = f"https://{h[:20]}.{h[20:50]}.{h[50:]}.dns.example/"
    assert [f["kind"] for f in secrets.find_in({"url": host}, encoded=True)] == ["GitHub token (hex-encoded)"]
    assert secrets.find_in({"url": host}) == []
    for benign in ("3f786850e387550fdab836ed7e6dc881de23001b", "550e8400e29b41d4a716446655440000",
                   "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "ff" * 40, "0" * 64):
        assert secrets.find_in({"u": benign}, encoded=True) == []


@pytest.mark.parametrize("text", [
    "eyJ" + "a" * 100000 + ".eyJ" + "b" * 100000 + ".c", "<" + "password>" * 20000, "</password>" * 20000,
    "key=\"password\" value=\"" * 5000, "0x" + "a." * 50000, "define('" * 20000, "eyJhbGciOi.eyJzdWIiOi." * 5000,
])
def test_new_shapes_on_pathological_input_never_raise(text):
    secrets.find(text)
    secrets.find_in({"x": text}, encoded=True)


def test_an_anonymous_role_jwt_is_public_and_a_service_role_one_is_not():
    anon = f"{_b64json({'alg': 'HS256', 'typ': 'JWT'})}.{_b64json({'iss': 'supabase', 'ref': 'abcd', 'role': 'anon'})}.{_SIG}"
    service = anon.replace(_b64json({'iss': 'supabase', 'ref': 'abcd', 'role': 'anon'}),
                           _b64json({'iss': 'supabase', 'ref': 'abcd', 'role': 'service_role'}))
    assert [f for f in secrets.find(anon) if f["kind"] == "JSON Web Token"] == []
    assert [f["generic"] for f in secrets.find(service) if f["kind"] == "JSON Web Token"] == [False]


# session 26: rows of a two-column table (a settings table printed by a database client)
@pytest.mark.parametrize("text,value", [
    ("name\tvalue\nsmtp_host\tsmtp.example.org\nsmtp_password\tLgANYx_vKtfK*LNspl0\n", "LgANYx_vKtfK*LNspl0"),
    (" key          | value\n--------------+------\n api_key      | 9f8e7d6c5b4a39281706f5e4d3c2b1a0\n",
     "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ("SECRET_KEY    k3J9xQ2mVb7LpZ4wRt8N\n", "k3J9xQ2mVb7LpZ4wRt8N"),
])
def test_secret_in_a_table_row_found(text, value):
    assert value in {f["value"] for f in secrets.find(text)}


@pytest.mark.parametrize("text", [
    "token_ttl     3600\napi_key_id    AKIAIOSFODNN7EXAMPLE\nsecret_name   prod/db\n",
    "password_min_length\t12\nauth_provider\tgoogle\n",
    "pass  FAIL\ntoken  counts  12\n",
    "api_key | <your-api-key>\n",
])
def test_table_rows_without_a_secret_value_not_found(text):
    assert secrets.find(text) == []


# ------------------------------------------------------------ session 26: base64 in tool outputs
def _b64(text: str) -> str:
    import base64
    return base64.b64encode(text.encode()).decode()


_GH = "ghp_" + "Zq8yW3nV1kP0sX7cT5rB2mL9dF4hJ6gA1eQo"
_PEM = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
        "aFDrBz9vFqU4yKZ1lmZQw9KXq7rF0b3Zr4vX2Kc8pL1nM5oQ7sT9uW3yA6cE8gH0\n-----END RSA PRIVATE KEY-----\n")


@pytest.mark.parametrize("secret", [
    _GH,
    "aws_access_key_id=AKIA7QK2LX9PZ4MWRT3B\naws_secret_access_key=8fJ2kL9qW3eR5tY7uI0oP1aS4dF6gH8jK2lZ4xC6\n",
    _PEM,
    json.dumps({"type": "service_account", "private_key": _PEM, "client_email": "x@p.iam.gserviceaccount.com"}),
    "postgres://app:Xk9vQ2mP7zL4wR8@db.prod:5432/app",
])
def test_output_base64_of_a_known_secret_format_is_found(secret):
    enc = _b64(secret)
    for text in (enc, f"blob: {enc}\n", f'{{"value": "{enc}"}}'):
        assert enc in [f["value"] for f in secrets.find_in({"stdout": text}, output=True)], text
    # a tool input is scanned for base64 only where it leaves the machine (encoded=True)
    assert [f for f in secrets.find_in({"stdout": enc}) if f["value"] == enc] == []


def test_output_base64_wrapped_at_76_is_one_encoding():
    import base64
    secret = "aws_access_key_id=AKIA7QK2LX9PZ4MWRT3B\naws_secret_access_key=8fJ2kL9qW3eR5tY7uI0oP1aS4dF6gH8jK2lZ4xC6\n"
    wrapped = base64.encodebytes(secret.encode()).decode()
    assert wrapped.count("\n") >= 2
    assert [f["value"] for f in secrets.find_in({"stdout": wrapped}, output=True)] == [wrapped.rstrip("\n")]


def test_output_kubernetes_secret_data_values():
    plain, pw, cfg = _b64("admin"), _b64("hunter2"), _b64("db:\n  pass: hunter2-prod\n")
    yaml = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: {plain}\n"
            f"  password: {pw}\n  config.yaml: {cfg}\n  ca.crt: {_b64('-----BEGIN CERTIFICATE-----')}\n")
    found = {f["value"] for f in secrets.find_in({"stdout": yaml}, output=True)}
    assert {pw, cfg} <= found and plain not in found
    listed = f"items:\n- apiVersion: v1\n  data:\n    token: {pw}\n  kind: Secret\nkind: List\n"
    assert pw in {f["value"] for f in secrets.find_in({"stdout": listed}, output=True)}
    as_json = json.dumps({"kind": "Secret", "data": {"DB_PASSWORD": pw, "DB_USER": plain}}, indent=2)
    found = {f["value"] for f in secrets.find_in({"stdout": as_json}, output=True)}
    assert pw in found and plain not in found
    docker = json.dumps({"auths": {"ghcr.io": {"auth": _b64("bot:s3cret")}}})
    assert _b64("bot:s3cret") in {f["value"] for f in secrets.find_in({"stdout": docker}, output=True)}


@pytest.mark.parametrize("text", [
    # a ConfigMap's data, and a ConfigMap next to a Secret in one stream
    f"apiVersion: v1\nkind: ConfigMap\ndata:\n  MODE: {_b64('production')}\n",
    f"kind: ConfigMap\ndata:\n  MODE: {_b64('production')}\n---\nkind: Secret\nmetadata:\n  name: s\n",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  uid: 3f2a1b4c\ntype: Opaque\n",
    f"kind: SealedSecret\nspec:\n  encryptedData:\n    password: {_b64('AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq')}\n",
    _b64("hello world this is a plain text test string"),
    _b64(json.dumps({"name": "widget", "version": "1.2.3", "description": "a plain test fixture"})),
    "sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",
    '"integrity": "sha512-3GkPzCf1M2/PCAHbM1BXmeuM+9oE7AyDq8nb0DOcOV8yJSpFTPx0nRjD3dJpkUBXx1nC1NdvSHTj8yNlGmg9Vw=="',
    "data:image/png;base64," + __import__("base64").b64encode(bytes(range(256)) * 4).decode(),
    '{"auth": "none", "mode": "basic"}',
    "h1:Qm9yZWRPZlRoZVNhbWVPbGRCYXNlNjQ0NDQ0NDQ0NDQ=",
    "src/components/UserProfileSettingsPanel.tsx tests/test_api.py::TestUserEndpoints::test_create_user",
])
def test_output_ordinary_base64_is_left_alone(text):
    # nothing beyond what the plain scan finds (a SealedSecret's `password:` may be a prose finding)
    assert secrets.find_in({"stdout": text}, output=True) == secrets.find_in({"stdout": text})


@pytest.mark.parametrize("text", [
    "kind: Secret\ndata:\n" + "  k: QUJD\n" * 30000, "kind: Secret\n" + '"data": {' * 20000,
    ("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=" + "\n") * 8000, "A" * 300000, ("aB" * 40 + "\n") * 5000,
    '"auth": "' * 30000, "kind: Secret\n---\n" * 20000,
])
def test_output_scan_on_pathological_input_never_raises(text):
    import time
    t = time.perf_counter()
    secrets.find_in({"stdout": text}, output=True)
    assert time.perf_counter() - t < 5
