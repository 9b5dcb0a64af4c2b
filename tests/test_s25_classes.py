"""Classes closed in session 25 (issue 12), end to end on the default pack: arguable classes
left open by the held-out rounds, each in spellings of its own, with look-alikes that pass."""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from test_blind_h11_h12_classes import verdict_of_tool
from test_default_pack_bypass import assert_asked, assert_denied, assert_not_denied


# ------------------------------------------------ tunnels others can use
@pytest.mark.parametrize("command", [
    "ssh -D 1080 -N -f user@vps.example.net",
    "ssh -fND9050 attacker@203.0.113.5",
    "autossh -M 0 -o DynamicForward=1080 relay",
    "ssh -g -L 8080:intranet:80 bastion",
    "ssh -N -L 0.0.0.0:5432:db.internal:5432 bastion",
    "ssh -L '*:6379:cache:6379' jump",
    "kubectl port-forward --address 0.0.0.0 svc/postgres 5432:5432",
    "kubectl -n prod port-forward --address=127.0.0.1,0.0.0.0 pod/api 8080",
])
def test_socks_proxies_and_forwards_on_every_interface_ask(command):
    assert_asked(command)


@pytest.mark.parametrize("command", [
    "ssh -N -L 5432:db.internal:5432 bastion",
    "ssh -L 127.0.0.1:8080:web:80 jump",
    "ssh deploy@host 'systemctl status app'",
    "kubectl port-forward svc/postgres 5432:5432",
    "kubectl port-forward --address localhost pod/api 8080:8080",
])
def test_local_tunnels_pass(command):
    assert_not_denied(command)


# ------------------------------------------------ credential stores read through a library
@pytest.mark.parametrize("command", [
    "python3 -c 'import spwd; print(spwd.getspall())'",
    "python3 -c \"from spwd import getspnam; print(getspnam('root').sp_pwdp)\"",
    "python3 -c \"import keyring; print(keyring.get_password('github', 'dev'))\"",
    "node -e \"require('keytar').findCredentials('npm').then(c => console.log(c))\"",
    "python3 -c 'import secretstorage as s; c=s.dbus_init(); print([i.get_secret() for i in s.get_default_collection(c).get_all_items()])'",
])
def test_credential_store_apis_in_inline_code_are_denied(command):
    assert_denied(command)


@pytest.mark.parametrize("command", [
    "python3 -c 'import pwd; print(pwd.getpwnam(\"dev\").pw_dir)'",
    "node -e \"console.log(require('keytar/package.json').version)\"",
    "python3 -c 'import keyring; print(keyring.get_keyring())'",
])
def test_neighbouring_library_calls_pass(command):
    assert_not_denied(command)


# ------------------------------------------------ an aggregation's $out replaces a collection
@pytest.mark.parametrize("command", [
    "mongosh mongodb://db.example.com/app --eval 'db.users.aggregate([{$match: {}}, {$out: \"users\"}])'",
    "mongosh --quiet <<'JS'\ndb.orders.aggregate([{ \"$out\": \"orders\" }])\nJS",
])
def test_mongo_out_stages_ask(command):
    assert_asked(command)


def test_mongo_aggregations_without_out_pass():
    assert_not_denied("mongosh --eval 'db.users.aggregate([{$group: {_id: \"$out\", n: {$sum: 1}}}])'")


@pytest.mark.parametrize("fields", [
    {"database": "app", "collection": "users", "pipeline": [{"$match": {}}, {"$out": "users"}]},
    {"db": "app", "collection": "x", "pipeline": [{"$out": {"db": "app", "coll": "y"}}]},
])
def test_mcp_aggregations_with_out_ask(fields):
    assert verdict_of_tool("mcp__mongodb__aggregate", fields) == "ask"


def test_mcp_aggregations_without_out_pass():
    fields = {"database": "app", "collection": "users", "pipeline": [{"$match": {"a": 1}}, {"$limit": 5}]}
    assert verdict_of_tool("mcp__mongodb__aggregate", fields) not in ("deny", "ask")
