"""Session 32, classes closed end to end on the default pack (shell facts and the pack
together). Each class with several spellings of its own and the look-alikes that must pass.
"""

from __future__ import annotations

import pytest

pytest.importorskip("claude_rego.api")

from test_default_pack_bypass import assert_asked, assert_denied, assert_not_denied


# ------------------------------------------------------------ 1. a dotenv file given a here-document
# The literal text of a here-document (or here-string, or a literal pipe) fed to `cat > FILE` /
# `tee FILE` is read like echo's: plain settings appended pass, overwritten ask, secret names,
# loader variables and unreadable content stay denied.
@pytest.mark.parametrize("command", [
    "cat >> .env <<'EOF'\nPORT=3000\nDEBUG=true\nEOF",
    "cat <<EOF >> .env.local\nNODE_ENV=development\nEOF",
    "tee -a .env <<'EOF'\nLOG_LEVEL=debug\nEOF",
    "cat >> .env << 'END'\n# local settings\nAPI_URL=http://localhost:8080/api\nEND",
    "cat >> .npmrc <<'EOF'\nlegacy-peer-deps=true\nEOF",
])
def test_heredoc_settings_appended_pass(command):
    assert_not_denied(command)


@pytest.mark.parametrize("command", [
    "cat > .env <<'EOF'\nPORT=3000\nEOF",
    "cat <<'EOF' > .env.local\nDEBUG=true\nEOF",
    "tee .env <<'EOF'\nPORT=1\nEOF",
])
def test_heredoc_settings_overwrite_asks(command):
    assert_asked(command)


@pytest.mark.parametrize("command", [
    "cat >> .env <<'EOF'\nAPI_KEY=abc\nEOF",
    "cat >> .env <<EOF\nTOKEN=$(cat ~/.ssh/id_rsa)\nEOF",
    "cat >> .env <<EOF\nPORT=$PORT\nEOF",
    "cat >> .env <<'EOF'\nNODE_OPTIONS=--require /tmp/x.js\nEOF",
    "cat >> .env <<'EOF'\nA=1\nEOF\ncat >> .env <<'EOF'\nLD_PRELOAD=/tmp/x.so\nEOF",
    "cat - ~/.ssh/id_rsa >> .env <<'EOF'\nA=1\nEOF",
    "cat >> .env <<'EOF' && cat .env\nA=1\nEOF",
    "cat >> .env < /tmp/settings",
    "cat >> .npmrc <<'EOF'\nscript-shell=/tmp/x\nEOF",
])
def test_heredoc_secrets_and_unread_content_stay_denied(command):
    assert_denied(command)
