"""`claude-rego doctor`: is this machine's installation what the security team rolled out?

Checks: hooks registered and intact in Claude Code's settings; the policy snapshot
present, readable and fresh; the engine's installed files matching their wheel RECORD
hashes and the pinned version; the hook launcher intact; every entry's `onFailure`; the
installed Claude Code version (`claude --version` on PATH, no network) against the
supported range and whether it honours `onFailure`; and a real sample decision through
every registered command within its deadline.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import time
from importlib import metadata
from pathlib import Path

from ..claudecode.events import NO_ON_FAILURE_UP_TO, ON_FAILURE_SINCE, SUPPORTED_CLI, event_info

TESTED_CLAUDE_CODE = SUPPORTED_CLI[-1]  # the newest pinned
PINNED_ENGINE = ("gordon-to-regorus", "0.13.0")


def run_checks(*, settings_files: list[str] | None = None, policies: list[str] | None = None) -> list[dict]:
    from ..claudecode import install
    from ..policy import load_snapshot, snapshot

    checks = []
    files = settings_files or [install.settings_path(s) for s in ("managed", "user", "project")]
    registered: dict[str, str] = {}
    entries_seen: dict[str, dict] = {}
    registered_http: dict[str, dict] = {}  # http hooks to `claude-rego serve` (service/register.py)
    for path in files:
        try:
            with open(path, encoding="utf-8") as fh:
                settings = json.load(fh)
        except FileNotFoundError:
            continue
        except (OSError, ValueError) as exc:
            checks.append(_check(f"settings {path}", False, f"unreadable: {exc}"))
            continue
        for event, entries in (settings.get("hooks") or {}).items():
            for entry in entries if isinstance(entries, list) else []:
                for hook in entry.get("hooks", []) if isinstance(entry, dict) else []:
                    if install.is_ours(hook) and hook.get("type") == "http":
                        registered_http[event] = hook
                    elif install.is_ours(hook):
                        registered[event] = hook.get("command", "")
                        entries_seen[event] = hook
    registered_with = None
    if policies is None and registered:  # what install actually registered (issue 17)
        options = [install.registered_options(cmd) for cmd in registered.values()]
        if options and all(o.get("policies") == options[0].get("policies") and
                           o.get("builtin") == options[0].get("builtin") for o in options):
            registered_with = options[0]
            policies = snapshot.compose(registered_with["policies"], builtin=registered_with["builtin"])
    checks.append(_engine_integrity())
    checks.append(damaged_install())
    try:
        snap = load_snapshot(policies)
        source = (policies or [snapshot.default_snapshot_path() or snapshot.default_pack_dir()])[0]
        age_h = (time.time() - os.path.getmtime(source)) / 3600 if os.path.exists(source) else None
        checks.append(_check("snapshot", True, f"{len(snap['policies'])} policies, revision {snap.get('revision')}"
                             + (f", {age_h:.1f} h old" if age_h is not None else ""), revision=snap.get("revision")))
    except Exception as exc:  # noqa: BLE001
        checks.append(_check("snapshot", False, f"cannot load the policies: {exc}"))
        snap = None

    if snap is not None:
        governed = install.governed_events(snap, confirm_dangerous=True)
        missing = [e for e in governed if e not in registered and e not in registered_http]
        extra = {k: registered_with[k] for k in ("deadline", "opa_url", "opa_token_file", "log_file")
                 if registered_with and k in registered_with}
        launcher = install.launcher_path()
        expected = {e: (install.registered_command(e, launcher, policies=policies, **extra),
                        install.hook_command(e, policies=policies, **extra)) for e in registered}
        tampered = [e for e, cmd in registered.items() if cmd not in expected[e]]
        if any(cmd == expected[e][0] for e, cmd in registered.items()):
            checks.append(_launcher_intact(launcher))
        checks.append(_check("hooks registered", bool(registered or registered_http) and not missing,
                             f"{len(registered) + len(registered_http)} event{'' if len(registered) + len(registered_http) == 1 else 's'} registered"
                             + (f" with --policies {' '.join(policies)}" if registered_with and policies else "")
                             + (f"; missing: {', '.join(missing)}" if missing else "")))
        checks.append(_check("hooks intact", not tampered,
                             "every registered command is the one install writes" if not tampered
                             else f"commands differ from install's for: {', '.join(tampered)}"))
    if registered:
        checks.append(_on_failure_check(entries_seen))
    if registered_http:
        from ..service.register import registered_http_checks

        checks += registered_http_checks(registered_http)
    checks.append(_claude_code_version())
    for event, command in sorted(registered.items()):
        checks.append(_sample_decision(event, command))
    return checks


# What the registered command imports to answer (the hook's hot path and the evaluating
# child). A damaged or missing one leaves only the shell wrapper's last resort.
HOT_MODULES = ("__init__", "entry", "claudecode/__init__", "claudecode/hook", "claudecode/hookinput",
               "audit/__init__", "audit/hooklog", "audit/decisionlog", "decide/__init__", "_isolation",
               "claudecode/worker", "claudecode/output", "claudecode/events", "policy/__init__", "policy/snapshot",
               "decide/pipeline", "decide/adapter", "claudecode/adapter", "claudecode/query", "claudecode/governance",
               "decide/layers", "decide/decision", "decide/types", "policy/verbs")


def damaged_install(package_dir: str | None = None) -> dict:
    """Bytecode that does not load, modules missing, the snapshot unreadable, or the hot
    path failing to import in a fresh isolated interpreter (as the registered command runs)."""
    import marshal

    here = package_dir or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the claude_rego package
    problems = []
    missing = [m for m in HOT_MODULES if not os.path.isfile(os.path.join(here, f"{m}.py"))
               and not _compiled_only(here, m)]
    if missing:
        problems.append(f"missing modules: {', '.join(missing)}")
    bad = []
    tag = getattr(__import__("sys").implementation, "cache_tag", None)
    for root, _dirs, files in os.walk(here):
        for name in files:
            if not name.endswith(".pyc") or (tag and f".{tag}." not in name):
                continue
            path = os.path.join(root, name)
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
                if len(data) < 16:
                    raise ValueError("truncated")
                marshal.loads(data[16:])
            except (OSError, ValueError, EOFError, TypeError) as exc:
                bad.append(f"{os.path.relpath(path, here)} ({type(exc).__name__})")
    if bad:
        problems.append(f"bytecode that does not load: {', '.join(sorted(bad)[:10])}")
    snapshot_file = os.path.join(here, "default_pack.snapshot.json")
    if os.path.exists(snapshot_file):
        try:
            with open(snapshot_file, "rb") as fh:
                snap = json.loads(fh.read())
            if not isinstance(snap, dict) or not snap.get("modules"):
                raise ValueError("not a snapshot")
        except (OSError, ValueError) as exc:
            problems.append(f"snapshot unreadable: {exc}")
    if not problems:
        problems += _import_hot_path(here)
    ok = not problems
    return _check("install", ok, "package loads: bytecode, modules and snapshot intact" if ok else "; ".join(problems))


def _compiled_only(here: str, module: str) -> bool:
    return os.path.isfile(os.path.join(here, f"{module}.pyc"))


def _import_hot_path(here: str) -> list[str]:
    import sys

    try:
        import regorus
        dirs = [os.path.dirname(here), os.path.dirname(os.path.dirname(os.path.abspath(regorus.__file__)))]
    except ImportError:
        dirs = [os.path.dirname(here)]
    code = (f"import sys; sys.path[:0] = {dirs!r}; import importlib\n"
            f"for m in {[m for m in HOT_MODULES if m != '__init__']!r}: importlib.import_module(('claude_rego.' + m).removesuffix('/__init__').replace('/', '.'))\n"
            "import claude_rego.policy as p; p.load_snapshot(None)")
    try:
        proc = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return [f"the hot path could not be imported: {exc}"]
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return [f"the hot path does not import: {last[:300]}"]
    return []


def _check(name: str, ok: bool | None, detail: str, **extra) -> dict:
    return {"check": name, "ok": ok, "detail": detail, **extra}


def _engine_integrity() -> dict:
    name, pinned = PINNED_ENGINE
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return _check("engine", False, f"{name} is not installed")
    bad = []
    for file in dist.files or []:
        if file.hash is None or file.hash.mode != "sha256":
            continue
        try:
            digest = hashlib.sha256(Path(file.locate()).read_bytes()).digest()
        except OSError:
            bad.append(str(file))
            continue
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != file.hash.value:
            bad.append(str(file))
    ok = dist.version == pinned and not bad
    detail = f"{name} {dist.version} (pinned {pinned})" + (f"; files differ from RECORD: {bad}" if bad else ", files match RECORD")
    return _check("engine", ok, detail)


def _launcher_intact(path: str) -> dict:
    """The registered commands run this launcher: it must be exactly what install writes."""
    from ..claudecode.install import launcher_script

    try:
        with open(path, encoding="utf-8") as fh:
            same = fh.read() == launcher_script()
    except OSError as exc:
        return _check("hook launcher", False, f"{path}: {exc.strerror or exc}; run `claude-rego install` again")
    if not same or not os.access(path, os.X_OK):
        return _check("hook launcher", False, f"{path} differs from what install writes (or is not executable); "
                                              "run `claude-rego install` again")
    return _check("hook launcher", True, f"{path} is the one install writes")


def _on_failure_check(hooks: dict[str, dict]) -> dict:
    """Every registered entry carries exactly the `onFailure` the failure table asks for:
    "block" where it blocks (else a hook the CLI times out fails open), nothing elsewhere,
    and never an invalid value (CLI 2.1.331 silently drops such an entry)."""
    problems = []
    for event, hook in sorted(hooks.items()):
        want, have = event_info(event).on_failure, hook.get("onFailure")
        if have not in (None, "continue", "block"):
            problems.append(f"{event}: invalid onFailure {have!r} (the CLI drops the whole entry)")
        elif want and have != want:
            problems.append(f"{event}: lacks onFailure {want!r} (a timeout or crash would let the action through)")
        elif not want and have == "block":
            problems.append(f"{event}: onFailure 'block' where claude-rego's failure table does not block")
    if problems:
        return _check("hooks onFailure", False, "; ".join(problems) + "; run `claude-rego install` again")
    return _check("hooks onFailure", True, "every entry has the onFailure its failure table asks for")


def _version_tuple(text: str) -> tuple[int, ...] | None:
    import re

    match = re.search(r"(\d+)\.(\d+)\.(\d+)", text or "")
    return tuple(int(part) for part in match.groups()) if match else None


def _release(text: str) -> tuple[int, ...]:
    """One of our own version constants (always a full x.y.z)."""
    version = _version_tuple(text)
    assert version is not None, text
    return version


def claude_code_status(version_text: str) -> dict:
    """What claude-rego knows about a `claude --version` answer: in range? onFailure?"""
    version = _version_tuple(version_text)
    oldest, newest = _release(SUPPORTED_CLI[0]), _release(SUPPORTED_CLI[-1])
    supported = f"supported {SUPPORTED_CLI[0]} to {SUPPORTED_CLI[-1]}"
    if version is None:
        return {"ok": False, "on_failure": None, "detail": f"unrecognised version {version_text!r} ({supported})"}
    if version >= _release(ON_FAILURE_SINCE):
        on_failure, note = True, "honours onFailure (timeouts and crashes block)"
    elif version <= _release(NO_ON_FAILURE_UP_TO):
        on_failure, note = False, ("no onFailure: a hook the CLI times out or that cannot start fails OPEN "
                                   "(claude-rego's own failure answers and exit 2 still block)")
    else:
        on_failure, note = None, "onFailure support not measured for this version"
    shown = ".".join(map(str, version))
    if version < oldest:
        return {"ok": False, "on_failure": on_failure,
                "detail": f"{shown} is OLDER than the supported range ({supported}): upgrade Claude Code; {note}"}
    if version > newest:
        return {"ok": True, "on_failure": on_failure,
                "detail": f"{shown} is newer than the newest tested ({supported}); {note}"}
    return {"ok": True, "on_failure": on_failure, "detail": f"{shown} ({supported}); {note}"}


def _claude_code_version() -> dict:
    """`claude --version` of the CLI on PATH (no network), against the supported range."""
    claude = shutil.which("claude")
    if not claude:
        return _check("claude code", None, f"`claude` not on PATH (supported {SUPPORTED_CLI[0]} to {SUPPORTED_CLI[-1]})")
    try:
        out = subprocess.run([claude, "--version"], capture_output=True, text=True, timeout=20,
                             stdin=subprocess.DEVNULL).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return _check("claude code", False, f"`claude --version` failed: {exc}")
    status = claude_code_status(out)
    return _check("claude code", status["ok"], status["detail"], version=out, supports_on_failure=status["on_failure"])


def _sample_decision(event: str, command: str) -> dict:
    from ..claudecode.events import event_info
    from ..claudecode.output import conforms

    sample: dict[str, object] = {"session_id": "doctor", "transcript_path": "/dev/null", "cwd": os.getcwd(),
                                 "hook_event_name": event}
    if event_info(event).tool_event:
        sample.update(tool_name="Bash", tool_input={"command": "true"}, tool_use_id="doctor")
    started = time.monotonic()
    try:
        proc = subprocess.run(["/bin/sh", "-c", command], input=json.dumps(sample).encode(), capture_output=True,
                              timeout=30)
    except subprocess.TimeoutExpired:
        return _check(f"decision {event}", False, "no answer within 30 s")
    elapsed = (time.monotonic() - started) * 1000
    try:
        out = json.loads(proc.stdout or b"{}")
        ok = proc.returncode == 0 and conforms(event_info(event), out)
    except ValueError:
        ok = False
    return _check(f"decision {event}", ok, f"exit {proc.returncode}, {elapsed:.0f} ms", latency_ms=round(elapsed, 1))
