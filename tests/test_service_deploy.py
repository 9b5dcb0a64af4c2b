"""The service units and the self-protection list agree with each other and with the code."""

from __future__ import annotations

import configparser
import json
import plistlib

from claude_rego.distribution.config import ServiceSettings
from claude_rego.service import register, server
from conftest import REPO

DEPLOY = REPO / "deploy"


def unit(name):
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(DEPLOY / "systemd" / name)
    return parser


def test_system_unit_runs_as_a_service_user_on_a_privileged_port():
    u = unit("claude-rego.service")
    service = u["Service"]
    assert service["User"] == "claude-rego" and "serve --config" in service["ExecStart"]
    assert service["AmbientCapabilities"] == "CAP_NET_BIND_SERVICE" and service["Restart"] == "always"
    assert ServiceSettings().port == server.DEFAULT_PORT_SYSTEM < 1024
    user = unit("claude-rego-user.service")["Service"]
    assert f"--port {server.DEFAULT_PORT_USER}" in user["ExecStart"] and "--token-file" in user["ExecStart"]


def test_launchd_plist_is_a_keepalive_daemon_as_the_service_user():
    with open(DEPLOY / "launchd" / "io.claude-rego.serve.plist", "rb") as fh:
        plist = plistlib.load(fh)
    assert plist["Label"] == "io.claude-rego.serve" and plist["KeepAlive"] is True
    assert plist["UserName"] == "_claude-rego" and plist["ProgramArguments"][1] == "serve"


def test_self_protection_list_names_every_unit_and_the_token():
    protection = json.loads((DEPLOY / "service-protection.json").read_text())
    assert "io.claude-rego.serve" in protection["service_names"] and "claude-rego.service" in protection["service_names"]
    paths = protection["paths"]
    assert "/etc/systemd/system/claude-rego.service" in paths
    assert "/Library/LaunchDaemons/io.claude-rego.serve.plist" in paths
    assert "~/.config/systemd/user/claude-rego.service" in paths
    assert protection["token_env"] == register.TOKEN_ENV
    doc = (REPO / "docs" / "decision-service.md").read_text()
    for path in paths:
        assert path in doc, path


def test_dockerfile_serves_with_the_managed_config():
    text = (DEPLOY / "Dockerfile.service").read_text()
    assert '"serve", "--config", "/etc/claude-code/claude-rego.json"' in text and "USER claude-rego" in text
    assert "-p 127.0.0.1:884:" in text


def test_every_subpackage_is_in_the_wheel():
    import tomllib

    packages = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    engine = REPO / "engine"
    for init in (engine / "claude_rego").rglob("__init__.py"):
        name = ".".join(init.parent.relative_to(engine).parts)
        assert name in packages, f"{name} is not packaged (pyproject.toml [tool.setuptools] packages)"
