"""Session 26 (fetchrun), facts layer: runner strings (`bun exec`, `yarn exec`, `pnpm exec -c`,
`npm exec --call=`), prompt strings' command substitutions, cargo's and go's program options
and variables, and D-Bus calls to the service manager read as the systemctl command they
amount to."""

from __future__ import annotations

import pytest
from claude_rego.facts.shell import parse_command
from claude_rego.facts.shell.programs import _cargo_config_program, _dbus_manager_effect


def _nested(command: str) -> list[list[str]]:
    return [s["argv"] for s in parse_command(command)["segments"] if s["depth"] > 0]


def _reasons(command: str) -> set[str]:
    return {r for s in parse_command(command)["segments"] for r in s["opaque_reasons"]}


@pytest.mark.parametrize("command", [
    "bun exec 'rm -rf ~'",
    "yarn exec 'rm -rf ~'",
    "pnpm exec -c 'rm -rf ~'",
    "pnpm exec --shell-mode 'rm -rf ~'",
    "npm exec --call='rm -rf ~'",
    "PS4='$(rm -rf ~)' bash -x build.sh",
    "PS1='`rm -rf ~`' bash -i",
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm -rf ~' cargo run",
    "cargo run --config \"target.'cfg(target_os = \\\"linux\\\")'.runner = 'rm -rf ~'\"",
    "cargo run --config 'target.x.runner=[\"rm\", \"-rf\", \"~\"]'",
    "go test -exec 'rm -rf ~' ./...",
    "go build --toolexec='rm -rf ~' ./...",
    "go vet -vettool 'rm -rf ~' ./...",
])
def test_the_program_run_is_a_nested_segment(command):
    assert any(argv[:2] == ["rm", "-rf"] for argv in _nested(command)), _nested(command)


@pytest.mark.parametrize("command", [
    "bun exec 'echo hi'",
    "yarn exec tsc --noEmit",
    "PS4='+ ${LINENO}: ' bash -x build.sh",
    "RUSTFLAGS='-C target-cpu=native' cargo build",
    "cargo build --config .cargo/ci.toml",
    "cargo build --config 'profile.release.lto=true'",
    "go test -run TestX ./...",
    "GOFLAGS=-mod=vendor go build ./...",
    "go env -w GOFLAGS=-mod=mod",
])
def test_no_program_is_invented(command):
    assert not any(argv[:1] == ["rm"] for argv in _nested(command))
    assert "option_program_path" not in _reasons(command)


@pytest.mark.parametrize("command", [
    "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=/tmp/x cargo test",
    "RUSTC=./rustc cargo build",
    "go test -exec /tmp/x ./...",
    "cargo run --config 'target.x.linker=\"/tmp/ld\"'",
    "GOFLAGS=-toolexec=/tmp/x go build ./...",
    "export GOFLAGS='-mod=mod -exec=/tmp/x'",
    "go env -w GOFLAGS=-toolexec=/tmp/x",
])
def test_a_program_by_path_outside_the_system_is_marked(command):
    assert "option_program_path" in _reasons(command)


def test_cargo_config_program_values():
    assert _cargo_config_program('target.x86_64-unknown-linux-gnu.runner="qemu-x86_64 -L /x"') == "qemu-x86_64 -L /x"
    assert _cargo_config_program("build.rustc-wrapper='sccache'") == "sccache"
    assert _cargo_config_program('target.x.runner=["sh", "-c", "a b"]') == "sh -c 'a b'"
    assert _cargo_config_program("profile.release.lto=true") is None
    assert _cargo_config_program("no-equals") is None


@pytest.mark.parametrize("command,expected", [
    (["busctl", "call", "org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager",
      "StartUnit", "ss", "x.service", "replace"], (["systemctl", "start", "x.service"], False)),
    (["busctl", "--user", "call", "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
      "org.freedesktop.systemd1.Manager", "SetEnvironment", "as", "1", "A=b"],
     (["systemctl", "--user", "set-environment", "A=b"], False)),
    (["dbus-send", "--system", "--dest=org.freedesktop.login1", "/org/freedesktop/login1",
      "org.freedesktop.login1.Manager.Reboot", "boolean:false"], (["systemctl", "reboot"], False)),
    (["gdbus", "call", "--system", "--dest", "org.freedesktop.systemd1", "--object-path", "/org/freedesktop/systemd1",
      "--method", "org.freedesktop.systemd1.Manager.StartTransientUnit", "x.service", "fail", "[]", "[]"], (None, True)),
    (["busctl", "set-property", "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
      "org.freedesktop.systemd1.Manager", "LogLevel", "s", "debug"], (None, True)),
    (["busctl", "call", "org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager",
      "ListUnits"], (None, False)),
    (["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
      "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify", "a"], (None, False)),
    (["busctl", "list"], (None, False)),
    (["qdbus", "--system", "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
      "org.freedesktop.systemd1.Manager.StopUnit", "sshd.service", "replace"],
     (["systemctl", "stop", "sshd.service"], False)),
])
def test_dbus_calls_to_the_service_manager(command, expected):
    assert _dbus_manager_effect(command[0], command[1:]) == expected


def test_systemctl_set_environment_is_an_export():
    assert ["export", "LD_PRELOAD=/tmp/x.so"] in _nested("systemctl --user set-environment LD_PRELOAD=/tmp/x.so")


@pytest.mark.parametrize("junk", ["busctl call", "dbus-send", "gdbus call --dest", "qdbus a b", "go test -exec",
                                  "cargo --config", "busctl call org.freedesktop.systemd1 / i"])
def test_cut_commands_do_not_raise(junk):
    parse_command(junk)
