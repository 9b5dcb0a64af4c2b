"""Session 29, secret and supply-chain classes, end to end on the default pack (own spellings of
each class, and the everyday neighbours that must pass), plus the facts functions behind them:

1. a generic secret finding (a `password = "…"` assignment, a token shape) that holds a token of
   a known format is reported with the known format's kind (facts/secrets.py `_outermost`,
   `_known_inside`): prompts name it, output redaction labels it, a failed call's output halts;
2. dotenv files of the tests, CI and local containers (`.env.test`, `tests/.env`,
   `docker/.env.dev`) may be read and given settings; a token written into them asks; the real
   dotenv files stay denied (lib/paths dev_dotenv);
3. package names one edit from a popular package, or holding non-ASCII characters, ask
   (package_sources);
4. a temporary directory put before the system directories on PATH asks (persistence_routes).
"""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from claude_rego.facts import secrets
from conftest import hook_input
from test_default_pack_bypass import PROJECT, assert_asked, assert_denied, assert_not_denied, decide, tool_input

# token bodies are split so that no scanner flags this file
GH = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
AWS = "AKIA" + "Q3EGRTYUIOPLKJHG"
GL = "glpat-" + "Xy7Zq2Lm9Pw4Rt6Nb8Vc"
SLACK = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
STRIPE = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc9Zk2"
PEM = ("-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA7bq9xN3kVt2cR8mZpQ4wL6sYhJ1uF0aG5eD9oK3nT7vX2iB"
       "\\n-----END RSA PRIVATE KEY-----")


# ------------------------------------------------------------ 1. the more specific kind wins
@pytest.mark.parametrize("text,kind", [
    (f'token = "Bearer:{GH}"', "GitHub token"),
    (f'password = "x{GH}"', "GitHub token"),
    (f'API_KEY="{AWS}9xYz"', "AWS access key ID"),
    (f'db_password: "pre{AWS}post"', "AWS access key ID"),
    (f'client_secret="abc{STRIPE}"', "Stripe key"),
    (f'secret = "{GL}"', "GitLab token"),
    (f'SLACK_TOKEN="{SLACK}"', "Slack token"),
    (f'{{"auth_token": "Bearer:{GH}"}}', "GitHub token"),
    (f'<password>k{GL}</password>', "GitLab token"),
    (f'"private_key": "{PEM}"', "private key"),
])
def test_a_generic_finding_holding_a_known_format_takes_its_kind(text, kind):
    found = secrets.find(text)
    assert found, text
    kinds = {f["kind"] for f in found}
    assert kind in kinds, (text, found)
    hit = next(f for f in found if f["kind"] == kind)
    assert hit["generic"] is False
    # no finding lies inside another (a redaction removes every one whole)
    assert not any(f is not g and f["value"] in g["value"] for f in found for g in found)


@pytest.mark.parametrize("text", [
    'password = "kR9vT2mQ8xZ4wL7p"',  # random-looking, no known format inside: generic as before
    "api_key = 'Zq3Lm9Pw4Rt6Nb8VcXy7'",
    "mytoken_sk_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5",
])
def test_generic_findings_without_a_known_format_stay_generic(text):
    found = secrets.find(text)
    assert found and all(f["generic"] for f in found), found


def test_outermost_keeps_the_outer_value_and_the_specific_kind():
    inner = {"kind": "GitHub token", "value": GH, "generic": False}
    outer = {"kind": "random-looking secret assignment", "value": "Bearer:" + GH, "generic": True}
    for order in ([inner, outer], [outer, inner]):
        out = secrets._outermost(order)
        assert out == [{"kind": "GitHub token", "value": "Bearer:" + GH, "generic": False}]
    same = secrets._outermost([outer, dict(outer)])
    assert len(same) == 1  # equal values: one kept, not both dropped


@pytest.mark.parametrize("prompt", [f'use token = "Bearer:{GH}" for the CI', f"the db password: 'pre{AWS}post'"])
def test_prompts_name_the_known_format(prompt):
    out = decide(hook_input("UserPromptSubmit", prompt=prompt))
    assert out["decision"] == "block", out
    assert "GitHub token" in out["reason"] or "AWS access key ID" in out["reason"], out


def test_output_redaction_labels_the_known_format_and_removes_the_whole_value():
    response = {"stdout": f'config:\n  api_token = "Bearer:{GH}"\nok', "stderr": "", "interrupted": False,
                "isImage": False, "noOutputExpected": False}
    out = decide(hook_input("PostToolUse", tool_response=response))
    replaced = out["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert GH[4:] not in replaced and "Bearer:" not in replaced, replaced
    assert "[REDACTED GITHUB TOKEN]" in replaced and replaced.endswith("ok"), replaced


def test_a_failed_calls_output_with_a_wrapped_token_halts_the_run():
    def failure(error: str) -> dict:
        return hook_input("PostToolUseFailure", tool_name="Bash", cwd=PROJECT,
                          tool_input={"command": "python deploy.py"}, tool_use_id="t1", error=error)

    leaked = decide(failure(f'Exit code 1\nValueError: bad credentials password="x{GH}"'))
    assert leaked.get("continue") is False and "GitHub token" in leaked.get("stopReason", ""), leaked
    generic = decide(failure('Exit code 1\nValueError: bad credentials password="kR9vT2mQ8xZ4wL7p"'))
    assert generic.get("continue") is not False


# ------------------------------------------------------------ 2. dotenv files of tests and CI
DEV_DEFAULTS = ("DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_test\nREDIS_URL=redis://localhost:6379/1\n"
                "SECRET_KEY=test-secret-key\nAPI_KEY=dummy\nADMIN_PASSWORD=changeme\nSTRIPE_KEY=sk_test_example\n")
DEV_FILES = [".env.example", ".env.sample", ".env.template", ".env.test", ".env.ci", ".env.testing", ".env.e2e",
             "tests/.env", "tests/integration/.env", "fixtures/.env", "fixtures/app/.env", "test/fixtures/.env",
             "spec/fixtures/.env.local", "__tests__/.env", "docker/.env.dev", "docker/.env.development",
             "config/.env.test", "e2e/.env"]
REAL_FILES = [".env", ".env.local", ".env.production", "prod.env", ".env.test.local", ".env.staging", "docker/.env",
              "docker/.env.prod", "config/.env", ".env.development"]


def _abs(rel: str) -> str:
    return f"{PROJECT}/{rel}"


def _answer(payload: dict) -> str | None:
    return decide(payload).get("hookSpecificOutput", {}).get("permissionDecision")


@pytest.mark.parametrize("rel", DEV_FILES)
def test_dev_dotenv_files_may_be_read_and_given_settings(rel):
    assert _answer(tool_input("Read", {"file_path": _abs(rel)})) not in ("ask", "deny")
    assert _answer(tool_input("Write", {"file_path": _abs(rel), "content": DEV_DEFAULTS})) not in ("ask", "deny")
    edit = {"file_path": _abs(rel), "old_string": "PORT=3000\nLOG_LEVEL=info", "new_string": "PORT=4000\nLOG_LEVEL=debug\nDEBUG=true"}
    assert _answer(tool_input("Edit", edit)) not in ("ask", "deny")
    assert_not_denied(f"cat {rel}")
    assert_not_denied(f"grep DATABASE_URL {rel}")


@pytest.mark.parametrize("rel", DEV_FILES)
def test_a_token_written_into_a_dev_dotenv_file_asks(rel):
    assert _answer(tool_input("Write", {"file_path": _abs(rel), "content": f"GITHUB_TOKEN={GH}\n"})) == "ask"
    edit = {"file_path": _abs(rel), "old_string": "API_KEY=dummy", "new_string": f"API_KEY={STRIPE}"}
    assert _answer(tool_input("Edit", edit)) == "ask"


@pytest.mark.parametrize("command", [
    f"echo 'GITHUB_TOKEN={GH}' >> .env.test",
    f"printf 'AWS_ACCESS_KEY_ID={AWS}\\n' >> tests/.env",
    f"echo SLACK_BOT_TOKEN={SLACK} | tee -a .env.ci",
])
def test_a_token_appended_to_a_dev_dotenv_file_through_the_shell_asks(command):
    assert_asked(command)


@pytest.mark.parametrize("rel", REAL_FILES)
def test_real_dotenv_files_stay_protected(rel):
    assert _answer(tool_input("Read", {"file_path": _abs(rel)})) == "deny"
    assert _answer(tool_input("Write", {"file_path": _abs(rel), "content": DEV_DEFAULTS})) == "deny"
    edit = {"file_path": _abs(rel), "old_string": "PORT=3000", "new_string": "PORT=4000"}
    assert _answer(tool_input("Edit", edit)) == "deny"
    assert_denied(f"cat {rel}")


@pytest.mark.parametrize("command", [
    "cat ../other/tests/.env", "cat /tmp/tests/.env", "cat ~/tests/.env", "cat tests/../.env",
    "cat tests/.e*", "ln -s ~/.env tests/.env && cat tests/.env", "cp .env .env.test",
])
def test_test_named_paths_that_reach_a_real_dotenv_file_stay_denied(command):
    assert_denied(command)


@pytest.mark.parametrize("command", [
    "echo PORT=3000 >> .env.test", "cp .env.test .env.ci", "sed -i 's/PORT=3000/PORT=4000/' .env.test",
    "echo 'DATABASE_URL=postgres://postgres:postgres@localhost:5432/test' >> tests/.env",
    "source .env.test && pytest -q", "dotenv -e .env.ci -- jest --ci",
])
def test_everyday_dev_dotenv_work_passes(command):
    assert_not_denied(command)


def test_reading_a_dev_dotenv_file_still_redacts_its_output():
    response = {"stdout": f"PORT=3000\nGITHUB_TOKEN={GH}\n", "stderr": "", "interrupted": False, "isImage": False,
                "noOutputExpected": False}
    payload = hook_input("PostToolUse", tool_name="Bash", cwd=PROJECT, tool_input={"command": "cat .env.test"},
                         tool_response=response)
    replaced = decide(payload)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    assert GH not in replaced and "PORT=3000" in replaced, replaced



# ------------------------------------------------------------ 3. typosquats and look-alike names
@pytest.mark.parametrize("command", [
    "pip install reqeusts", "pip install requets", "pip3 install --upgrade python-dateutils", "python -m pip install nunpy",
    "uv pip install pandsa==2.2", "uv add 'anthropics>=0.30'", "poetry add urlib3", "pip install colourama flask",
    "npm i lodahs", "npm install expresss", "npm install --save axois", "yarn add reacct", "pnpm add react-domm",
    "bun add lodahs", "npx expresss", "pnpm dlx expresss", "cd app && npm i -D typscript",
    # look-alike letters and invisible characters
    "pip install r\u0435quests", "pip install req\u200buests", "npm install l\u043edash", "npm i @t\u0443pes/node",
    "pip install numpy p\u0430ndas",
])
def test_typosquatted_and_non_ascii_package_names_ask(command):
    reason = assert_asked(command)
    assert "popular package" in reason or "outside ASCII" in reason, reason


@pytest.mark.parametrize("command", [
    "pip install numpy", "pip install requests==2.31.0 'numpy>=1.26' Django", "pip install python_dateutil",
    "pip install 'requests[socks]'", "pip install -r requirements.txt", "pip install -e .", "pip install --upgrade pip",
    "pip install pyaml", "pip install beautifulsoup4 lxml", "uv pip install 'numpy>=1.26,<3' 'pandas[performance]'",
    "uv add httpx", "poetry add 'pydantic@^2.0'", "pipx install black", "uvx ruff check .", "python -m pip install -U pip setuptools wheel",
    "npm install react", "npm i request", "npm i requests", "npm i preact", "npm ci", "npm install",
    "npm install --save-dev eslint-plugin-react@^7.34 @typescript-eslint/parser@^7", "yarn add react@18 react-dom@18",
    "pnpm add -D vitest", "bun add zod", "npx prettier --write .", "npx create-react-app my-app", "npm run build",
    "pip install mycompany-internal-tools", "uv run pytets", "npm i lodash.merge mysql2",
])
def test_popular_names_and_their_real_neighbours_pass(command):
    assert_not_denied(command)


# ------------------------------------------------------------ 4. PATH hijack
@pytest.mark.parametrize("command", [
    "export PATH=/tmp/x:$PATH", "PATH=/dev/shm/b:$PATH cmd", 'PATH="$TMPDIR/bin:$PATH" make',
    "export PATH=/var/tmp/.x:/usr/bin:$PATH", "PATH=/tmp/evil:/usr/local/bin:/usr/bin:/bin git status",
    "env PATH=/tmp/x:$PATH ls", "declare -x PATH=/tmp/x:$PATH", "typeset -x PATH=/dev/shm/.b:$PATH",
    "export PATH=/tmp:$PATH", "PATH=/tmp/x ls", 'export PATH="${TMPDIR:-/tmp}/bin:$PATH"',
    "mkdir -p /tmp/b && printf '#!/bin/sh\\n' > /tmp/b/git && export PATH=/tmp/b:$PATH && git status",
    "export PATH=/private/tmp/tools:$PATH", 'export PATH="/tmp/shims:${PATH}"',
])
def test_a_temporary_directory_before_the_system_path_asks(command):
    reason = assert_asked(command)
    assert "PATH" in reason, reason


@pytest.mark.parametrize("command", [
    "export PATH=$HOME/.local/bin:$PATH", "export PATH=./node_modules/.bin:$PATH", "export PATH=$PWD/bin:$PATH",
    'export PATH="$(pwd)/node_modules/.bin:$PATH"', "export PATH=$PATH:/tmp/x", "PATH=$PATH:/dev/shm/b cmd",
    "export PATH=/opt/homebrew/bin:$PATH", "export PATH=$HOME/go/bin:$PATH", "export PATH=/usr/local/go/bin:$PATH",
    "export PATH=~/.cargo/bin:$PATH", "export PATH=$PATH:$HOME/.local/bin:/tmp/y", "echo $PATH",
    "export TMPDIR=/tmp/build", "PATH=$PATH:/usr/local/bin npm test",
])
def test_own_and_appended_path_entries_pass(command):
    assert_not_denied(command)
