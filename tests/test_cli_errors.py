"""No command prints a traceback (issue 17): every command and subcommand, given bad input
(missing files, syntax errors, conflicting data, bad JSON, bad flags), answers with a clear
message and a documented exit code (docs/cli.md: 1 negative answer, 2 usage/input, never 70)."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest


def _command_paths() -> set[str]:
    import typer.main
    from claude_rego.cli.app import app

    def walk(command, path):
        subs = getattr(command, "commands", None)
        if subs:
            for name, sub in subs.items():
                yield from walk(sub, path + [name])
        else:
            yield " ".join(path)

    return set(walk(typer.main.get_command(app), []))


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    root = tmp_path_factory.mktemp("bad")
    (root / "syntax").mkdir()
    (root / "syntax" / "p.rego").write_text("package claude_rego.policies.p\nimport rego.v1\ndeny contains x if {\n")
    (root / "conflict" / "a").mkdir(parents=True)
    (root / "conflict" / "data.json").write_text('{"a": {"x": 1}}')
    (root / "conflict" / "a" / "data.json").write_text('{"x": 2}')
    (root / "conflict" / "p.rego").write_text("package claude_rego.lib.p\nimport rego.v1\nx := 1\n")
    (root / "badjson.json").write_text("{not json")
    (root / "noevent.json").write_text('{"session_id": "s"}')
    (root / "fixtures").mkdir()
    (root / "fixtures" / "f.json").write_text('{"input": 3}')
    (root / "badlog.jsonl").write_text("{not json\n")
    return root


def cases(b) -> dict[str, list[list[str]]]:
    missing = str(b / "missing")
    syntax, conflict, badjson = str(b / "syntax"), str(b / "conflict"), str(b / "badjson.json")
    nowhere = "/dev/null/x"
    return {
        "hook": [["--bogus"]],
        "install": [["--policies", missing], ["--policies", syntax], ["--scope", "bogus"],
                    ["--settings-file", badjson], ["--print", "--policies", conflict]],
        "uninstall": [["--settings-file", badjson], ["--scope", "bogus"]],
        "eval": [[missing], [badjson], [str(b / "noevent.json")], ["--policies", syntax, "-"],
                 ["--format", "yaml", badjson], ["--policies", missing, badjson]],
        "test": [[missing], [syntax], [conflict], ["--fixtures", missing], ["--fixtures", str(b / "fixtures")],
                 ["--run", "("], ["--format", "yaml"]],
        "check": [[missing], [syntax], [conflict], ["--format", "yaml"]],
        "compile": [[missing, "-o", str(b / "o.json")], [syntax, "-o", str(b / "o.json")],
                    [conflict, "-o", str(b / "o.json")], ["builtin:", "-o", nowhere]],
        "schema": [["NoSuchEvent"], ["--write", nowhere]],
        "replay": [[missing, "--policies", "builtin:"], [str(b / "badlog.jsonl"), "--policies", missing],
                   [str(b / "badlog.jsonl"), "--policies", syntax], [str(b / "badlog.jsonl"), "--policies",
                                                                      "builtin:", "--fail-on", "bogus"]],
        "doctor": [["--settings-file", badjson, "--policies", missing], ["--format", "yaml"]],
        "version": [["--bogus"]],
        "serve": [["--policies", missing], ["--policies", syntax], ["--config", missing], ["--config", badjson],
                  ["--port", "bogus"], ["--host", "not a host", "--insecure-no-token"]],
        "pull": [[missing], [badjson], [syntax], ["builtin:", "--verification-key", missing]],
        "activate": [[missing, "--state-dir", str(b / "state")], [badjson, "--state-dir", str(b / "state")],
                     [syntax, "--state-dir", nowhere]],
        "config validate": [[missing], [badjson]],
        "config compile": [[missing], [badjson]],
        "config schema": [["--bogus"]],
        "log verify": [[missing], [badjson]],
        "opa push": [["--opa-url", "ftp://x"], ["--opa-url", "http://127.0.0.1:9", "--policies", missing]],
        "opa health": [["--opa-url", "ftp://x"], ["--opa-url", "http://127.0.0.1:9"]],
        "bundle build": [[missing, "-o", str(b / "b.tar.gz"), "--revision", "1.0"],
                         [syntax, "-o", str(b / "b.tar.gz"), "--revision", "1.0"],
                         [conflict, "-o", str(b / "b.tar.gz"), "--revision", "1.0"],
                         [conflict, "-o", str(b / "b.tar.gz"), "--revision", "not-a-revision"],
                         [conflict, "-o", str(b / "b.tar.gz"), "--revision", "1.0", "--signing-key", missing]],
        "bundle inspect": [[missing], [badjson]],
        "bundle verify": [[missing, "--verification-key", missing], [badjson, "--verification-key", badjson]],
    }


def test_every_command_is_walked(bad):
    assert set(cases(bad)) == _command_paths()


def _run(argv: list[str]):
    proc = subprocess.run([sys.executable, "-m", "claude_rego", *argv], capture_output=True, text=True,
                          timeout=300, input="")
    return argv, proc


def test_no_command_prints_a_traceback_on_bad_input(bad):
    runs = [path.split() + args for path, argvs in cases(bad).items() for args in argvs]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_run, runs))
    problems = []
    for argv, proc in results:
        text = proc.stdout + proc.stderr
        if "Traceback" in text or proc.returncode == 70 or (argv[0] != "hook" and proc.returncode == 0):
            problems.append(f"claude-rego {' '.join(argv)} → exit {proc.returncode}\n{text[-1500:]}")
    assert not problems, "\n\n".join(problems)


def test_hook_help_and_version():
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "hook", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.startswith("Usage: claude-rego hook")
    for option in ("--event", "--policies", "--no-builtin", "--deadline", "--decision-log", "--org-policies",
                   "--project-policies", "--opa-url", "--opa-ca-file"):
        assert option in proc.stdout
    from claude_rego import __version__

    version = subprocess.run([sys.executable, "-m", "claude_rego", "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.strip() == f"claude-rego {__version__}"


def test_replay_of_a_missing_log_is_an_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "claude_rego", "replay", str(tmp_path / "missing.jsonl"),
                           "--policies", "builtin:"], capture_output=True, text=True)
    assert proc.returncode == 2 and "missing.jsonl: no such file" in proc.stderr


def test_install_then_uninstall_removes_exactly_what_install_added(tmp_path):
    settings = tmp_path / "settings.json"
    theirs = {"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "echo theirs"}]}]}}
    settings.write_text(json.dumps(theirs))
    run = lambda *a: subprocess.run([sys.executable, "-m", "claude_rego", *a, "--settings-file", str(settings)],  # noqa: E731
                                    capture_output=True, text=True)
    installed = run("install", "--event", "Stop")
    assert installed.returncode == 0 and "(1 event: Stop)" in installed.stdout, installed.stdout
    assert "claude-rego-hook" in settings.read_text() or "claude_rego" in settings.read_text()
    removed = run("uninstall")
    assert removed.returncode == 0 and "1 event: Stop" in removed.stdout, removed.stdout
    assert json.loads(settings.read_text()) == theirs
    assert list(tmp_path.glob("settings.json.bak-*"))  # a backup before each change
    assert "nothing to do" in run("uninstall").stdout


def test_doctor_reads_the_policies_install_registered(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "p.rego").write_text("# METADATA\n# custom:\n#   routing:\n#     events: [PreToolUse]\n"
                                 "package claude_rego.policies.p\nimport rego.v1\n"
                                 "deny contains \"no\" if input.hook.tool_input.command == \"forbidden\"\n")
    settings = tmp_path / "settings.json"
    cli_run = lambda *a: subprocess.run([sys.executable, "-m", "claude_rego", *a], capture_output=True, text=True,  # noqa: E731
                                        timeout=300)
    assert cli_run("install", "--policies", str(mine), "--settings-file", str(settings)).returncode == 0
    proc = cli_run("doctor", "--settings-file", str(settings), "--format", "json")
    checks = {c["check"]: c for c in json.loads(proc.stdout)["checks"]}
    assert checks["hooks intact"]["ok"] is True, checks["hooks intact"]
    assert checks["hooks registered"]["ok"] is True and str(mine) in checks["hooks registered"]["detail"]


def test_hook_help_does_not_import_typer():
    probe = ("import io, sys\nfrom claude_rego.claudecode import hook\nout = io.StringIO()\n"
             "code = hook.main(['--help'], stdin=io.BytesIO(b''), stdout=out, stderr=io.StringIO())\n"
             "print(code, 'typer' in sys.modules, 'click' in sys.modules, out.getvalue().startswith('Usage:'))\n")
    proc = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True)
    assert proc.stdout.split() == ["0", "False", "False", "True"], proc.stdout + proc.stderr


def test_policies_that_do_not_load_are_reported_with_file_and_line(tmp_path):
    (tmp_path / "p.rego").write_text("package claude_rego.policies.p\nimport rego.v1\ndeny contains x if {\n")
    (tmp_path / "in.json").write_text(json.dumps({"hook_event_name": "Stop", "session_id": "s", "cwd": "/"}))
    for argv in (["eval", str(tmp_path / "in.json"), "--policies", str(tmp_path)],
                 ["install", "--print", "--policies", str(tmp_path)]):
        proc = subprocess.run([sys.executable, "-m", "claude_rego", *argv], capture_output=True, text=True)
        assert proc.returncode == 2 and f"{tmp_path / 'p.rego'}:4:1: error" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
