"""Session 26 classes, end to end through the hook's decision path: a scratch database dropped
through a SQL client on an explicit local host; data files named as secrets and service-account
key files, and secret var files handed to terraform without being shown."""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from test_default_pack_bypass import assert_asked, assert_denied, assert_not_denied  # noqa: E402


@pytest.mark.parametrize("command", [
    "psql -h localhost -U postgres -c 'DROP DATABASE IF EXISTS app_test'",
    "mysql -h 127.0.0.1 -uroot -e 'DROP DATABASE IF EXISTS myapp_dev'",
    "psql --host=localhost <<< 'DROP DATABASE ci_db;'",
])
def test_local_scratch_database_drops_pass(command):
    assert_not_denied(command)


@pytest.mark.parametrize("command", [
    "psql -h localhost -c 'DROP DATABASE IF EXISTS app'",
    "psql -h localhost -h db.prod.internal -c 'DROP DATABASE app_test'",
    "psql -h localhost -c 'DROP DATABASE app_test; DROP DATABASE app'",
    "psql -h localhost -f teardown.sql -c 'DROP DATABASE app_test'",
    "psql -c 'DROP DATABASE app_test'",
])
def test_other_database_drops_still_ask(command):
    assert_asked(command)


@pytest.mark.parametrize("command", [
    "cat secrets.auto.tfvars",
    "cat infra/prod.secrets.tfvars",
    "less deploy/prod-secrets.yaml",
    "base64 gcp-key.json",
    "cat myapp-firebase-adminsdk-fbsvc-0a1b2c3d4e.json",
    "terraform console -var-file=secrets.auto.tfvars",
    "terraform plan -var-file=secrets.auto.tfvars | tee plan.txt",
    "terraform plan -var-file=/home/dev/.secrets/prod.secrets.tfvars",
])
def test_secret_named_data_files_are_secrets(command):
    assert_denied(command)


@pytest.mark.parametrize("command", [
    "terraform plan -var-file=secrets.auto.tfvars -out tfplan",
    "terraform apply -var-file secrets.auto.tfvars -auto-approve",
    "tofu plan -var-file=secret.tfvars",
    "cat src/secrets.py",
    "cat docs/secrets.md",
    "cat config/keymap.json",
    "terraform plan -var-file=prod.tfvars",
])
def test_secret_var_files_loaded_by_terraform_and_lookalikes_pass(command):
    assert_not_denied(command)
