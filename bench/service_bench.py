"""Decision-service benchmark: warm `claude-rego serve`, and per-call overhead in the real CLI.

    python bench/service_bench.py [--requests 400] [--clients 8] [--seconds 5] [--workers 4]
                                  [--cli] [--cli-calls 20] [--cli-reps 5] [--json]

1. Warm service (a `claude-rego serve` subprocess with the built-in pack and its decision
   log on): per-request latency p50/p99 over one keep-alive connection for PreToolUse Bash
   (`git status`), PostToolUse (Bash output) and Stop; then throughput with `--clients`
   concurrent keep-alive clients (separate processes, so the client side does not share
   the service's GIL) sending the three kinds in turn.
2. `--cli`: the real Claude Code CLI 2.1.331 (from ~/.cache/claude-rego-e2e/cli-2.1.331,
   offline against the e2e fake Messages API): a session whose model makes `--cli-calls`
   Bash calls, with a PreToolUse(Bash) hook of each kind, configurations interleaved per
   rep (plus one warm-up each). Per-call overhead = (median wall time − median with no
   hook) / calls, for: no hook, shell no-op, stdlib Python no-op, claude-rego command hook,
   claude-rego http service. Also CPU time per call over no hook (the CLI, its hook
   processes and, for the http hook, the service process): unlike wall time it does not
   grow with the machine's load.

A measurement, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import multiprocessing
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOKEN = "bench-service-token-0123456789abcdef"
BASE = {"session_id": "bench", "transcript_path": "/tmp/bench/.claude/projects/x.jsonl", "cwd": "/tmp/bench-project"}
KINDS = {
    "PreToolUse Bash": ("PreToolUse", dict(BASE, hook_event_name="PreToolUse", tool_name="Bash", tool_use_id="t",
                                           tool_input={"command": "git status", "description": "status"})),
    "PostToolUse": ("PostToolUse", dict(BASE, hook_event_name="PostToolUse", tool_name="Bash", tool_use_id="t",
                                        tool_input={"command": "ls"},
                                        tool_response={"stdout": "README.md\nsrc\n", "stderr": "", "interrupted": False,
                                                       "isImage": False, "noOutputExpected": False})),
    "Stop": ("Stop", dict(BASE, hook_event_name="Stop", stop_hook_active=False)),
}


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


# ------------------------------------------------------------------------ the service

def compiled_pack(tmp: Path) -> str:
    """The default pack as a snapshot file, so the command hook and the service read the
    same precompiled policies whether claude-rego is installed as a wheel or editable."""
    from claude_rego.policy import load_snapshot
    from claude_rego.policy.policyset import write_snapshot

    path = tmp / "pack.snapshot.json"
    write_snapshot(load_snapshot(None), str(path))
    return str(path)


def start_service(tmp: Path, workers: int, extra_env: dict | None = None):
    token_file = tmp / "token"
    token_file.write_text(TOKEN)
    env = dict(os.environ, XDG_STATE_HOME=str(tmp / "state"), RUST_BACKTRACE="0", RUST_LIB_BACKTRACE="0",
               **(extra_env or {}))
    proc = subprocess.Popen([sys.executable, "-m", "claude_rego", "serve", "--port", "0", "--token-file", str(token_file),
                             "--workers", str(workers), "--decision-log", str(tmp / "decisions.jsonl"),
                             "--policies", compiled_pack(tmp)],
                            stderr=subprocess.PIPE, text=True, env=env)
    for _ in range(50):
        line = proc.stderr.readline()
        if line.startswith("claude-rego serve:"):
            port = int(line.split("127.0.0.1:")[1].split()[0])
            return proc, port
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError("the service did not start")


def request(conn, event, body):
    conn.request("POST", f"/v1/hook/{event}", body, {"Authorization": f"Bearer {TOKEN}",
                                                    "Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"HTTP {resp.status}: {data[:200]!r}")
    return data


def sequential(port: int, n: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    out = {}
    for kind, (event, body) in KINDS.items():
        raw = json.dumps(body).encode()
        for _ in range(20):
            request(conn, event, raw)  # warm this connection and worker
        times = []
        for _ in range(n):
            t = time.perf_counter()
            request(conn, event, raw)
            times.append((time.perf_counter() - t) * 1000)
        out[kind] = {"p50_ms": round(pct(times, 50), 3), "p99_ms": round(pct(times, 99), 3), "n": n}
    conn.close()
    return out


def _client(port: int, seconds: float, start_at: float, queue) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    bodies = [(kind, event, json.dumps(body).encode()) for kind, (event, body) in KINDS.items()]
    times = {kind: [] for kind in KINDS}
    request(conn, "Stop", bodies[2][2])
    while time.time() < start_at:
        time.sleep(0.001)
    end = start_at + seconds
    i = 0
    while time.time() < end:
        kind, event, raw = bodies[i % len(bodies)]
        t = time.perf_counter()
        request(conn, event, raw)
        times[kind].append((time.perf_counter() - t) * 1000)
        i += 1
    queue.put(times)


def concurrent(port: int, clients: int, seconds: float) -> dict:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    start_at = time.time() + 1.0
    procs = [ctx.Process(target=_client, args=(port, seconds, start_at, queue)) for _ in range(clients)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=seconds + 60) for _ in procs]
    for p in procs:
        p.join(30)
    merged = {kind: [t for r in results for t in r[kind]] for kind in KINDS}
    total = sum(len(v) for v in merged.values())
    return {"clients": clients, "seconds": seconds, "requests": total, "throughput_rps": round(total / seconds, 1),
            "per_kind": {k: {"p50_ms": round(pct(v, 50), 3), "p99_ms": round(pct(v, 99), 3), "n": len(v)}
                         for k, v in merged.items() if v}}


# ---------------------------------------------------------------------- the real CLI

CLI_331 = Path.home() / ".cache" / "claude-rego-e2e" / "cli-2.1.331" / "node_modules" / ".bin" / "claude"
NOOP_PY = "import json,sys; json.load(sys.stdin); sys.stdout.write('{}')"


def _fake_api():
    spec = importlib.util.spec_from_file_location("service_bench_fake_api", REPO / "tests" / "e2e" / "fake_api.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cli_configs(service_url: str, pack: str) -> dict:
    from claude_rego.claudecode.install import hook_command

    py = sys.executable
    return {
        "no hook": None,
        "shell no-op": {"type": "command", "command": "cat >/dev/null; echo '{}'", "timeout": 10},
        "stdlib Python no-op": {"type": "command", "command": f"{shlex.quote(py)} -I -S -c {shlex.quote(NOOP_PY)}",
                                "timeout": 10},
        "claude-rego command hook": {"type": "command", "command": hook_command("PreToolUse", policies=[pack]),
                                     "timeout": 10},
        "claude-rego http service": {"type": "http", "url": f"{service_url}/v1/hook/PreToolUse", "timeout": 5,
                                     "headers": {"Authorization": "Bearer $CLAUDE_REGO_SERVICE_TOKEN"},
                                     "allowedEnvVars": ["CLAUDE_REGO_SERVICE_TOKEN"], "onFailure": "block"},
    }


def _proc_cpu(pid: int | None) -> float:
    """CPU seconds (user + system) a process has used so far (Linux /proc)."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def cli_run(fake_api, root: Path, hook: dict | None, calls: int, service_pid: int | None = None):
    """(wall seconds, CPU seconds of the CLI, its hooks and the service) for one session."""
    import resource

    home, project = root / "home", root / "project"
    (project / ".claude").mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    (home / ".claude.json").write_text(json.dumps({"hasCompletedOnboarding": True,
                                                   "projects": {str(project): {"hasTrustDialogAccepted": True}}}))
    settings: dict = {"permissions": {"allow": ["Bash"]}}
    if hook is not None:
        settings["hooks"] = {"PreToolUse": [{"matcher": "Bash", "hooks": [hook]}]}
    (project / ".claude" / "settings.json").write_text(json.dumps(settings))
    script = [[fake_api.bash(f"echo call-{i:02d}")] for i in range(calls)] + [[fake_api.text("done")]]
    with fake_api.FakeMessagesAPI(script, max_requests=calls + 4, lifetime=300) as api:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("ANTHROPIC_", "CLAUDE_CODE_", "CLAUDECODE", "CLAUDE_REGO_", "XDG_"))}
        env.update(HOME=str(home), XDG_STATE_HOME=str(home / ".local" / "state"), ANTHROPIC_BASE_URL=api.url,
                   ANTHROPIC_API_KEY="sk-ant-bench-fake", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
                   DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1", DISABLE_ERROR_REPORTING="1",
                   NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost",
                   CLAUDE_REGO_SERVICE_TOKEN=TOKEN)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        service_before = _proc_cpu(service_pid)
        started = time.monotonic()
        proc = subprocess.run([str(CLI_331), "-p", "run the calls", "--output-format", "stream-json", "--verbose",
                               "--include-hook-events"], cwd=project, env=env, capture_output=True, text=True,
                              timeout=300)
        elapsed = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
               + _proc_cpu(service_pid) - service_before)
        ran = sum(1 for line in proc.stdout.splitlines() if '"tool_result"' in line and "call-" in line
                  and '"is_error":false' in line.replace(" ", ""))
    if proc.returncode != 0 or ran < calls:
        raise RuntimeError(f"CLI run with {hook and hook['type']} hook: exit {proc.returncode}, {ran}/{calls} calls "
                           f"ran; stderr: {proc.stderr[-400:]}")
    return elapsed, cpu


def cli_overhead(service_url: str, pack: str, calls: int, reps: int, service_pid: int | None = None) -> dict:
    fake_api = _fake_api()
    configs = cli_configs(service_url, pack)
    times: dict[str, list[float]] = {name: [] for name in configs}
    cpus: dict[str, list[float]] = {name: [] for name in configs}
    with tempfile.TemporaryDirectory(prefix="service-bench-cli-") as tmp:
        for rep in range(reps + 1):
            for name, hook in configs.items():
                elapsed, cpu = cli_run(fake_api, Path(tmp) / f"{rep}-{len(times[name])}-{abs(hash(name))}", hook,
                                       calls, service_pid if hook and hook["type"] == "http" else None)
                if rep > 0:  # rep 0 is the warm-up
                    times[name].append(elapsed)
                    cpus[name].append(cpu)
    base = statistics.median(times["no hook"])
    cpu_base = statistics.median(cpus["no hook"])
    return {"calls_per_session": calls, "reps": reps, "configs": {
        name: {"median_s": round(statistics.median(v), 3), "min_s": round(min(v), 3), "max_s": round(max(v), 3),
               "per_call_ms_over_no_hook": round((statistics.median(v) - base) / calls * 1000, 1),
               "cpu_per_call_ms_over_no_hook": round((statistics.median(cpus[name]) - cpu_base) / calls * 1000, 1)}
        for name, v in times.items()}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--cli", action="store_true", help="also measure per-call overhead in the real CLI 2.1.331")
    parser.add_argument("--cli-calls", type=int, default=20)
    parser.add_argument("--cli-reps", type=int, default=5)
    parser.add_argument("--skip-warm", action="store_true", help="only the real-CLI comparison")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                                "load_average_at_start": os.getloadavg()[0]}}
    with tempfile.TemporaryDirectory(prefix="service-bench-") as tmp:
        proc, port = start_service(Path(tmp), args.workers)
        try:
            if not args.skip_warm:
                report["sequential"] = sequential(port, args.requests)
                report["concurrent"] = concurrent(port, args.clients, args.seconds)
            if args.cli:
                if not CLI_331.exists():
                    report["cli"] = {"skipped": f"{CLI_331} not installed (run the e2e tests once)"}
                else:
                    report["cli"] = cli_overhead(f"http://127.0.0.1:{port}", str(Path(tmp) / "pack.snapshot.json"),
                                                 args.cli_calls, args.cli_reps, service_pid=proc.pid)
        finally:
            proc.terminate()
            proc.wait(30)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"machine: {report['machine']['cpus']} CPUs (load average {report['machine']['load_average_at_start']:.1f} "
          f"at start), Python {report['machine']['python']}; "
          f"service: {args.workers} workers, default pack, decision log on")
    if "sequential" in report:
        print("\nwarm, one keep-alive client (ms per request):")
        for kind, r in report["sequential"].items():
            print(f"  {kind:<18} p50 {r['p50_ms']:>7.3f}   p99 {r['p99_ms']:>7.3f}   (n={r['n']})")
        c = report["concurrent"]
        print(f"\n{c['clients']} concurrent keep-alive clients, {c['seconds']:g} s: {c['throughput_rps']} requests/s")
        for kind, r in c["per_kind"].items():
            print(f"  {kind:<18} p50 {r['p50_ms']:>7.3f}   p99 {r['p99_ms']:>7.3f}   (n={r['n']})")
    if "cli" in report:
        cli = report["cli"]
        if "skipped" in cli:
            print(f"\nreal CLI: skipped ({cli['skipped']})")
        else:
            print(f"\nreal CLI 2.1.331, {cli['calls_per_session']} Bash calls per session, median of {cli['reps']} "
                  f"interleaved reps (+1 warm-up):")
            for name, r in cli["configs"].items():
                print(f"  {name:<26} {r['median_s']:>6.3f} s ({r['min_s']:.3f}-{r['max_s']:.3f})   "
                      f"{r['per_call_ms_over_no_hook']:>+6.1f} ms/call wall   "
                      f"{r['cpu_per_call_ms_over_no_hook']:>+6.1f} ms/call CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
