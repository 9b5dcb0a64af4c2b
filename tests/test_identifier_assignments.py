"""Identifiers under secret-sounding names are not secrets (red-team classes B9/B10).

The generic "random-looking secret assignment" rule of facts/secrets.py tells an identifier
(a UUID, a hash labelled as one, a cache/idempotency key, a GPG key id) from a credential by
the name and the shape of the value; hex and UUID values under credential names stay
secrets, and known token formats are found whatever the name.
"""

from __future__ import annotations

import pytest
from claude_rego.facts import secrets

UUID = "9f1c2b7e-4d3a-4f6b-9a2e-7c1d5e8f3a01"
SHA1 = "3f786850e387550fdab836ed7e6dc881de23001b"
GHP = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


@pytest.mark.parametrize("text", [
    f'"idempotency_key": "{UUID}"',
    f"CACHE_KEY = 'v2-{SHA1}'",
    "cache_key: node-modules-4a7d1ed414474e4033ac29ccb8653d9b",
    "user.name=Dev\nuser.signingkey=3AA5C34371567BD2\ncommit.gpgsign=true",
    "[user]\n\tsigningKey = 4AEE18F83AFDEB23",
    f'"hashed_secret": "{SHA1}"',
    f"secret_sha256 = {SHA1}{SHA1[:24]}",
    "password_hash: 5f4dcc3b5aa765d61d8327deb882cf99aa",
    'aws_access_key_id = "a1b2c3d4e5f6g7h8i9j0k"',
    f"api_key_id={UUID}",
    '"public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE5x3q"',
    f'"dedupe_key": "evt-{SHA1}"',
    f"lock_key={UUID}",
    f"request_key: {UUID}",
    "token_id=tok0a1b2c3d4e5f6a7b8",
])
def test_identifiers_are_not_secrets(text):
    assert secrets.find(text) == []


@pytest.mark.parametrize("text", [
    f"HEROKU_API_KEY={UUID}",
    f"CONSUL_HTTP_TOKEN={UUID}",
    f"WEBHOOK_SECRET={SHA1}",
    'api_key = "5ebe2294ecd0e0f08eab7690d2a6ee69"',
    "password: 8c6976e5b5410415bde908bd4dee15dfb167a9c8",
    f"SIGNING_KEY={SHA1}{SHA1[:24]}",
    f'secret_id = "{UUID}"',  # a Vault AppRole secret_id is a credential
    f'"session_key": "{UUID}"',
    "DB_PASSWORD=kR7dl1x9QmZ2vT4w",
])
def test_credentials_under_credential_names_stay_secrets(text):
    assert secrets.find(text), text


@pytest.mark.parametrize("name", ["idempotency_key", "cache_key", "hashed_secret", "public_key", "api_key_id"])
def test_a_token_format_wins_over_an_identifier_name(name):
    found = secrets.find(f'"{name}": "{GHP}"')
    assert [f["value"] for f in found] == [GHP]
    assert not found[0]["generic"]


def test_identifier_assignment_never_raises():
    for name, value in [("", ""), ("_", "x"), ("\u00e9\u00e9_key", UUID), ("a" * 5000, "b" * 5000), ("id", "\x00")]:
        assert isinstance(secrets.identifier_assignment(name, value), bool)
