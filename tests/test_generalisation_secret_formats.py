"""facts/secrets.py: provider token formats after gitleaks' rules that the older table
missed (issue 12, third blind red team, class 2): each shape found bare, assigned and in
JSON, an all-X placeholder of it not found, and look-alikes that are not credentials.

Every value is built by concatenation and was invented for this test.
"""

from __future__ import annotations

import pytest
from claude_rego.facts import secrets

B = "Xk9q2LmZ7pRt4vBn8Wc3Yd6Hf1Js5Ga0Qe"  # 34 random-looking characters
B100 = (B * 4)[:120]
HEX = "9f8e7d6c5b4a39281f0e1d2c3b4a59680a1b2c3d4e5f60718293a4b5c6d7e8f9"  # 64
UUID = "3f2a9c1e-7b4d-4e8a-9c21-5d6e7f8a9b0c"

FORMATS = {
    "Meta access token": "EAAB" + B100,
    "Harness token": "sat." + B[:22] + "." + B[:24] + "." + B[4:24],
    "Defined Networking token": "dnkey-" + B[:26] + "-" + (B + B)[:52],
    "Fly.io token": "fm2_" + B100 + "+/" + B + "==",
    "AWS Bedrock API key": "ABSK" + "QmVkcm9ja0FQSUtleS" + B100,
    "ClickHouse Cloud key": "4b1d" + (B + B)[:38],
    "Azure AD client secret": "a1b8Q~" + B[:33],
    "Sendinblue key": "xkeysib-" + HEX + "-" + B[:16],
    "EasyPost test key": "EZTK" + (B + B)[:54],
    "GitLab runner registration token": "GR1348941" + B[:20],
    "Grafana API key": "eyJrIjoi" + (B * 3)[:80],
    "MaxMind license key": B[:6] + "_" + B[5:34] + "_mmk",
    "Microsoft Teams webhook": "https://acme.webhook.office.com/webhookb2/" + UUID + "@" + UUID
                               + "/IncomingWebhook/" + HEX[:32] + "/" + UUID,
    "Base64 JSON Web Token": "ZXlKaGJHY2lPaU" + B + B,
}


@pytest.mark.parametrize("kind", sorted(FORMATS))
def test_format_found_bare_assigned_and_in_json(kind):
    token = FORMATS[kind]
    for text in (token, "see " + token + " here", "X_CREDENTIAL=" + token, f'{{"v": "{token}"}}'):
        found = secrets.find(text)
        assert any(token in f["value"] or f["value"] in token for f in found if f["kind"] == kind), (text, found)


@pytest.mark.parametrize("kind", sorted(k for k in FORMATS if k != "Microsoft Teams webhook"))
def test_placeholder_of_the_format_not_found(kind):
    token = FORMATS[kind]
    cut = next(i for i, ch in enumerate(token) if i > 4 and (ch.isdigit() or ch.isupper()))
    fake = token[:cut] + "X" * (len(token) - cut)
    assert not [f for f in secrets.find(fake) if f["kind"] == kind], fake


@pytest.mark.parametrize("text", [
    "EAAB" + "short" + B,                     # too short for a Meta token
    "pat.x.y.z",                               # a dotted identifier
    "4b1d" + "0123456789abcdef" * 2 + "012345",  # a hex digest, one case
    "dnkey-short",
    "fm1_abc",
    "ABSK is a ticker",
    "GR1348941",
    "a Q~ b",
])
def test_lookalikes_not_found(text):
    kinds = {f["kind"] for f in secrets.find(text)}
    assert not kinds & set(FORMATS), (text, kinds)
