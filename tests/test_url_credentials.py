"""Credentials in a URL, in every scheme and on every surface (red-team class A3).

facts/secrets.py finds `scheme://user:password@host` (postgres, mysql, mongodb+srv, redis with
an empty user, amqps, mssql, clickhouse, oracle, any scheme) so MCP messages (secret_egress),
prompts and outputs judge it alike; placeholders, variables and development defaults are not
credentials.
"""

from __future__ import annotations

import pytest
from claude_rego.facts import secrets

PW = "Vq7mK2xLp9Rt4n"


@pytest.mark.parametrize("url", [
    f"postgres://app:{PW}@db.internal:5432/app",
    f"postgresql://svc:{PW}@10.0.0.5/reports?sslmode=require",
    f"mysql://root:{PW}@mysql.prod:3306/shop",
    f"mariadb://app:{PW}@maria-1/app",
    f"mongodb://svc:{PW}@mongo-0.mongo,mongo-1.mongo/prod?replicaSet=rs0",
    f"mongodb+srv://svc:{PW}@cluster0.x7k2p.mongodb.net/prod",
    f"redis://:{PW}@cache.internal:6379/0",
    f"rediss://default:{PW}@redis-1.cloud.redislabs.com:12345",
    f"amqp://worker:{PW}@mq:5672/jobs",
    f"amqps://worker:{PW}@mq:5671/jobs",
    f"mssql://sa:{PW}@sql01:1433/erp",
    f"sqlserver://sa:{PW}@sql01:1433",
    f"oracle://scott:{PW}@ora:1521/ORCL",
    f"clickhouse://analytics:{PW}@ch:9000/events",
    f"sftp://deploy:{PW}@files.example.org/upload",
])
def test_a_password_in_any_scheme_is_found(url):
    for text in (url, f"prod db: {url}", f'{{"conninfo": "{url}"}}'):
        found = secrets.find(text)
        assert any(f["kind"] == "credentials in a URL" and f["value"] == PW and not f["generic"] for f in found), text


@pytest.mark.parametrize("text", [
    "postgres://postgres:postgres@db:5432/app",
    "postgresql://user:password@localhost/test",
    "amqp://guest:guest@localhost:5672/",
    "mysql://app:app@db:3306/app",
    "postgres://app:${DB_PASSWORD}@db/app",
    "redis://:<password>@host:6379",
    "redis://:$REDIS_PASSWORD@cache:6379",
    "mongodb://mongo:27017/app",
    "git@github.com:acme/api.git",
    "https://github.com/acme/api/blob/main/x.py#L1",
    "postgres://user:***@db/app",
])
def test_placeholders_and_dev_defaults_are_not_credentials(text):
    assert not any(f["kind"] == "credentials in a URL" for f in secrets.find(text))
