"""Session 24 classes (MCP and non-shell tools judged by effect), end to end on the default pack:
database privilege changes and password-hash reads, secret-store value reads, destructive
named-field tools, HTTP DELETE tools, and agent-settings rules at PermissionRequest. Each class
with spellings of its own and look-alikes that must pass.
"""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from conftest import hook_input
from test_default_pack_bypass import PROJECT, decide, tool_input


def verdict(tool: str, fields: dict) -> str | None:
    return decide(tool_input(tool, fields)).get("hookSpecificOutput", {}).get("permissionDecision")


# ------------------------------------------------------------ 1. database privileges and password hashes
@pytest.mark.parametrize("tool, fields", [
    ("mcp__postgres__query", {"sql": "ALTER USER app WITH SUPERUSER"}),
    ("mcp__pg__execute_sql", {"query": "alter role svc createrole bypassrls"}),
    ("mcp__db__run", {"statement": "CREATE ROLE ops LOGIN REPLICATION PASSWORD 'x'"}),
    ("mcp__mysql__execute", {"query": "GRANT ALL PRIVILEGES ON *.* TO 'x'@'%' WITH GRANT OPTION"}),
    ("mcp__mysql__execute", {"query": "GRANT FILE ON *.* TO 'app'@'%'"}),
    ("mcp__postgres__query", {"sql": "GRANT SELECT ON orders TO bob WITH GRANT OPTION"}),
    ("mcp__postgres__query", {"sql": "GRANT pg_execute_server_program TO app"}),
    ("mcp__mysql__execute", {"query": "SET GLOBAL general_log = 'OFF'"}),
    ("mcp__postgres__query", {"sql": "ALTER SYSTEM SET log_statement = 'none'"}),
    ("mcp__mssql__run_statement", {"statement": "EXEC sp_addsrvrolemember 'bob', 'sysadmin'"}),
])
def test_privilege_changes_ask(tool, fields):
    assert verdict(tool, fields) == "ask"


@pytest.mark.parametrize("tool, fields", [
    ("mcp__postgres__query", {"sql": "SELECT usename, passwd FROM pg_shadow"}),
    ("mcp__postgres__query", {"sql": "select * from pg_catalog.pg_authid"}),
    ("mcp__mysql__execute", {"query": "SELECT user, authentication_string FROM mysql.user"}),
    ("mcp__mssql__query", {"sql": "SELECT name, password_hash FROM sys.sql_logins"}),
    ("mcp__oracle__run", {"statement": "SELECT username, password FROM dba_users"}),
])
def test_password_hash_reads_are_denied(tool, fields):
    assert verdict(tool, fields) == "deny"


@pytest.mark.parametrize("tool, fields", [
    ("mcp__postgres__query", {"sql": "SELECT * FROM orders LIMIT 5"}),
    ("mcp__postgres__query", {"sql": "GRANT SELECT ON ALL TABLES IN SCHEMA app TO reporting"}),
    ("mcp__postgres__query", {"sql": "CREATE TABLE users (id serial, password_hash text)"}),
    ("mcp__postgres__query", {"sql": "SELECT rolname, rolsuper FROM pg_roles"}),
    ("mcp__mysql__execute", {"query": "SELECT user, host FROM mysql.user"}),
    ("mcp__mysql__execute", {"query": "SET GLOBAL max_connections = 500"}),
    ("mcp__postgres__query", {"sql": "ALTER ROLE app NOSUPERUSER"}),
])
def test_ordinary_statements_pass(tool, fields):
    assert verdict(tool, fields) is None


# ------------------------------------------------------------ 2. secret stores
@pytest.mark.parametrize("tool, fields", [
    ("mcp__gcp__secretmanager_access_secret_version", {"name": "projects/p/secrets/db/versions/latest"}),
    ("mcp__google__call", {"resource": "projects/p/secrets/db/versions/3:access"}),
    ("mcp__aws__ssm_get_parameter", {"Name": "/prod/db/password", "WithDecryption": True}),
    ("mcp__aws_ssm__get_parameters_by_path", {"Path": "/prod/", "WithDecryption": True}),
    ("mcp__aws__call_api", {"service": "secretsmanager", "operation": "GetSecretValue", "params": {"SecretId": "x"}}),
    ("mcp__azure__keyvault_get_secret", {"vault": "kv1", "name": "db-pass"}),
    ("mcp__vault__kv_get", {"path": "secret/data/prod"}),
    ("mcp__1password__get_item", {"vault": "Private", "item": "AWS"}),
    ("mcp__infisical__get_secret", {"secretName": "DB_PASSWORD"}),
    ("mcp__kubernetes__kubectl_get", {"resourceType": "secrets", "name": "db", "output": "yaml"}),
    ("mcp__kubernetes__kubectl_get", {"resourceType": "secret", "name": "db", "output": "jsonpath={.data.password}"}),
])
def test_secret_value_reads_are_denied(tool, fields):
    assert verdict(tool, fields) == "deny"


@pytest.mark.parametrize("tool, fields", [
    ("mcp__kubernetes__kubectl_get", {"resourceType": "secrets", "namespace": "x"}),
    ("mcp__kubernetes__kubectl_get", {"resourceType": "secrets", "output": "name"}),
    ("mcp__kubernetes__kubectl_describe", {"resourceType": "secret", "name": "db"}),
    ("mcp__aws__secretsmanager_list_secrets", {}),
    ("mcp__vault__list", {"path": "secret/"}),
    ("mcp__aws__ssm_get_parameter", {"Name": "/prod/app/feature_flag"}),
])
def test_secret_name_listings_pass(tool, fields):
    assert verdict(tool, fields) is None


# ------------------------------------------------------------ 3. destructive named-field tools
@pytest.mark.parametrize("tool, fields", [
    ("mcp__docker__remove_volume", {"volume_name": "pgdata", "force": True}),
    ("mcp__docker__prune_volumes", {}),
    ("mcp__podman__volume_remove", {"name": "x"}),
    ("mcp__docker__prune_system", {"all": True, "volumes": True}),
    ("mcp__elasticsearch__remove_index", {"index": "logs-2024"}),
    ("mcp__s3__empty_bucket", {"bucket": "assets"}),
    ("mcp__kafka__remove_topic", {"topic": "orders"}),
    ("mcp__sqs__clear_queue", {"queue_url": "https://sqs.us-east-1.amazonaws.com/1/jobs"}),
])
def test_removing_data_resources_asks(tool, fields):
    assert verdict(tool, fields) == "ask"


@pytest.mark.parametrize("tool, fields", [
    ("mcp__docker__remove_image", {"image": "nginx", "force": True}),  # like `docker rmi -f nginx`
    ("mcp__docker__remove_container", {"container_id": "web", "force": True}),
    ("mcp__github__remove_repository_collaborator", {"owner": "a", "repo": "b", "username": "c"}),
    ("mcp__docker__list_volumes", {}),
    ("mcp__cache__clear_cache", {}),
])
def test_rebuildable_and_sub_resource_removals_pass(tool, fields):
    assert verdict(tool, fields) is None


# ------------------------------------------------------------ 4. HTTP DELETE tools
@pytest.mark.parametrize("tool, fields, strong", [
    ("mcp__http__request", {"method": "DELETE", "url": "https://api.example.com/v1/users"}, True),
    ("mcp__http__request", {"method": "delete", "url": "https://api.example.com/v1/users/42"}, False),
    ("mcp__fetch__fetch", {"url": "https://api.internal.corp/items/3?force=true", "options": {"method": "DELETE"}}, True),
    ("mcp__api__call", {"http_method": "PURGE", "url": "https://cdn.example.com/assets/"}, True),
    ("mcp__rest__request", {"method": "DELETE", "path": "/v1/projects/7"}, False),
])
def test_http_deletes_off_the_machine_ask(tool, fields, strong):
    out = decide(tool_input(tool, fields))["hookSpecificOutput"]
    assert out["permissionDecision"] == "ask"
    assert ("whole collection" in out["permissionDecisionReason"]) == strong


@pytest.mark.parametrize("tool, fields", [
    ("mcp__fetch__fetch", {"method": "DELETE", "url": "http://localhost:8080/items/3"}),
    ("mcp__fetch__fetch", {"method": "DELETE", "url": "http://127.0.0.1:3000/api/todos"}),
    ("mcp__http__request", {"method": "GET", "url": "https://api.example.com/v1/users"}),
    ("mcp__http__request", {"method": "PUT", "url": "https://api.example.com/v1/users/1", "body": {"name": "x"}}),
])
def test_local_deletes_and_other_methods_pass(tool, fields):
    assert verdict(tool, fields) is None


# ------------------------------------------------------------ 5. PermissionRequest
@pytest.mark.parametrize("tool, fields", [
    ("Edit", {"file_path": f"{PROJECT}/.claude/settings.local.json", "old_string": '"defaultMode": "default"',
              "new_string": '"defaultMode": "bypassPermissions"'}),
    ("Write", {"file_path": f"{PROJECT}/.github/workflows/ci.yml", "content": "on: push\n"}),
    ("MultiEdit", {"file_path": f"{PROJECT}/.mcp.json", "edits": [{"old_string": "{}", "new_string": '{"a": 1}'}]}),
    ("Bash", {"command": 'eval "$CMD"'}),
])
def test_rules_asked_at_pretooluse_are_asked_at_permission_request(tool, fields):
    from claude_rego.api import decide_hook
    payload = hook_input("PermissionRequest", tool_name=tool, cwd=PROJECT, tool_input=fields, permission_suggestions=[])
    _, _, decision = decide_hook(payload, environ={"HOME": "/home/dev"}, event="PermissionRequest")
    assert decision is not None and decision["verdict"] in ("ask", "deny"), decision
    pre = verdict(tool, fields)
    assert pre in ("ask", "deny")
