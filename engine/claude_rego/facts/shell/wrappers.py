"""Shell facts: wrapper programs (sudo, env, timeout, npx, …) and the commands they run."""

from __future__ import annotations

from .words import _split_simple

# Wrapper commands: (options that take a value, whether a positional operand follows
# the options before the wrapped command, e.g. timeout's DURATION).
_WRAPPERS = {
    "sudo": ({"-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group",
              "--host", "--prompt", "--chdir", "--role", "--type", "--other-user"}, 0),
    "doas": ({"-u", "-C"}, 0),
    "env": ({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}, 0),
    "command": ({}, 0),
    "builtin": ({}, 0),
    "exec": ({"-a"}, 0),
    "nohup": ({}, 0),
    "setsid": ({}, 0),
    "nice": ({"-n", "--adjustment"}, 0),
    "ionice": ({"-c", "-n", "-p", "-t", "--class", "--classdata"}, 0),
    "timeout": ({"-s", "--signal", "-k", "--kill-after"}, 1),
    "stdbuf": ({"-i", "-o", "-e", "--input", "--output", "--error"}, 0),
    "time": ({"-f", "--format", "-o", "--output"}, 0),
    "chrt": ({}, 1),
    "taskset": ({}, 1),
    "unbuffer": ({"-p"}, 0),
    "caffeinate": ({"-w", "-t"}, 0),
    "flock": ({"-w", "--wait", "--timeout", "-E", "--conflict-exit-code"}, 1),
    "torsocks": ({"-u", "-p", "-a", "-P", "--user", "--pass", "--address", "--port"}, 0),
    "torify": ({}, 0),
    "tsocks": ({}, 0),
    "proxychains": ({"-f"}, 0),
    "proxychains4": ({"-f"}, 0),
    "graftcp": ({}, 0),
    "chronic": ({}, 0),
    "dbus-launch": ({"--config-file", "--autolaunch"}, 0),
    "dbus-run-session": ({"--config-file", "--dbus-daemon"}, 0),
    "xvfb-run": ({"-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p",
                  "--xauth-protocol", "-w", "--wait"}, 0),
    "firejail": ({}, 0),
    "chroot": ({"--userspec", "--groups"}, 1),
    "nsenter": ({"-t", "--target", "-S", "--setuid", "-G", "--setgid"}, 0),
    "unshare": ({"--map-user", "--map-group", "--propagation", "--setgroups", "-S", "-G", "--wd", "-R", "--root"}, 0),
    "sshpass": ({"-p", "-f", "-d", "-P"}, 0),
    "faketime": ({}, 1),
    "strace": ({"-o", "-e", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-S", "-X", "-P"}, 0),
    "ltrace": ({"-o", "-e", "-p", "-s", "-u", "-n", "-a", "-A", "-D", "-F", "-l", "-x"}, 0),
    "valgrind": ({}, 0),
    "catchsegv": ({}, 0),
    "systemd-run": ({"-u", "--unit", "-p", "--property", "-E", "--setenv", "-M", "--machine", "--slice", "--uid",
                     "--gid", "--working-directory", "--description", "--on-calendar", "--on-active", "--on-boot",
                     "--on-startup", "--on-unit-active", "--on-unit-inactive", "--timer-property", "-H", "--host",
                     "--nice", "--service-type", "--path-property", "--socket-property"}, 0),
    "runuser": ({"-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"}, 0),
    "pkexec": ({"--user"}, 0),
    "gosu": ({}, 1),
    "su-exec": ({}, 1),
    "setpriv": ({}, 0),
    "numactl": ({"-C", "-N", "-m", "-p", "-i", "--physcpubind", "--cpunodebind", "--membind", "--preferred",
                 "--interleave"}, 0),
    "cgexec": ({"-g"}, 0),
    "prlimit": ({"-p", "--pid"}, 0),
    "tini": ({"-s", "-e", "-p"}, 0),
    "dumb-init": ({"-r", "--rewrite"}, 0),
    "tsp": ({}, 0),
    "nq": ({}, 0),
    "daemonize": ({"-a", "-c", "-e", "-E", "-o", "-p", "-l", "-u"}, 0),
    "chpst": ({"-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c"}, 0),
    "s6-setuidgid": ({}, 1),
    "retry": ({"-t", "--times", "-d", "--delay", "--until"}, 0),
    "with-contenv": ({}, 0),
    "sem": ({"-j", "--jobs", "--id"}, 0),
    "setarch": ({"-B", "--uname-2.6"}, 1),
    "linux32": ({}, 0),
    "corepack": ({}, 0),  # corepack pnpm|yarn|npm ARGS runs the package manager with ARGS
    "linux64": ({}, 0),
    "i386": ({}, 0),
    "x86_64": ({}, 0),
    "rlwrap": ({"-a", "-b", "-C", "-D", "-e", "-f", "-H", "-l", "-M", "-O", "-p", "-P", "-q", "-s", "-S", "-t", "-w", "-z"}, 0),
    "lckdo": ({"-w", "-W"}, 1),
    "fakeroot": ({"-l", "--lib", "--faked", "-s", "-i"}, 0),
    "fakechroot": ({"-e", "--environment", "-c", "--config-dir", "-d", "--use-system-libs"}, 0),
    "proot": ({"-r", "--rootfs", "-b", "--bind", "-w", "--pwd", "-q", "--qemu", "-k", "--kernel-release"}, 0),
    "coproc": ({}, 0),
    "shx": ({}, 0),
    "unchroot": ({}, 0),
    "eatmydata": ({}, 0),
    "vglrun": ({}, 0),
    "primusrun": ({}, 0),
    "optirun": ({}, 0),
    "mpirun": ({"-n", "-np", "--np", "-H", "--host", "--hostfile"}, 0),
    "ifne": ({}, 0),
    "run-one": ({}, 0),
    "run-this-one": ({}, 0),
    "keep-one-running": ({}, 0),
    "run-one-constantly": ({}, 0),
    "run-one-until-success": ({}, 0),
    "nocache": ({"-n"}, 0),
    "srun": ({"-n", "-N", "-p", "-t", "-c", "--ntasks", "--nodes", "--partition", "--time"}, 0),
}
# multi-call binaries: the first operand names the program they run (`busybox rm -rf ~`,
# `toybox xargs rm`, uutils/GNU `coreutils rm`, `coreutils --coreutils-prog=rm`)
_MULTICALL = frozenset({"busybox", "toybox", "coreutils", "rustybox", "box"})
# Package runners: they run a package's program (`npx rimraf ~` runs rimraf)
_RUNNERS = {"npx": {"-p", "--package", "-c", "--call", "--cache", "--userconfig", "-w", "--workspace"},
            "pnpx": {"-p", "--package", "-c"},
            "bunx": {"-p", "--package"},
            "uvx": {"--from", "--with", "--python", "-p", "--with-requirements", "--index", "--index-url"}}
_RUNNER_PAIRS = {("podman", "unshare"), ("buildah", "unshare"), ("rootlesskit", "--"), ("npm", "exec"), ("npm", "x"), ("pnpm", "dlx"), ("pnpm", "exec"), ("yarn", "dlx"), ("yarn", "exec"),
                 ("pipx", "run"), ("uv", "run"), ("poetry", "run"), ("pdm", "run"), ("hatch", "run"),
                 ("bundle", "exec"), ("rye", "run"), ("conda", "run"), ("mamba", "run"), ("micromamba", "run"),
                 ("pixi", "exec"), ("deno", "x"), ("bun", "exec")}
# runners whose operand is a shell command line: `bun exec 'CMD'` (Bun Shell), `yarn exec
# 'CMD'` (yarn's portable shell), `pnpm exec -c|--shell-mode CMD`
_SHELL_STRING_RUNNERS = frozenset({"bun", "yarn"})
_SHELL_METACHARS = frozenset(" \t\n;&|<>()$`'\"*?")
_RUNNER_VALUE_OPTS = {"-p", "--package", "-c", "--call", "--from", "--with", "--python", "-n", "--name",
                      "--prefix", "-e", "--env", "--spec", "--index-url", "--pip-args", "--cwd", "--directory",
                      "--project", "-w", "--workspace", "--filter", "-F"}


def _xargs_shell_code(inner: list[str]) -> list[str]:
    """The words of `xargs … sh [opts] -c SCRIPT [NAME ARGS…]` that are code: the script
    (and the options before it). The words after it are positional parameters ($0, $1,
    …), data the script reads; without -c every word may be a script or its code."""
    rest = inner[1:]
    for i, w in enumerate(rest):
        if w == "-c" or (w.startswith("-") and not w.startswith("--") and "c" in w[1:] and w[1:].isalpha()):
            return rest[:i + 2]
    return rest


def _basename(word: str) -> str:
    if not word:
        return ""
    return word.rstrip("/").rsplit("/", 1)[-1] if "/" in word else word


def _strip_wrappers(argv: list[str], assignments: dict[str, str]) -> tuple[list[str], list[str]]:
    """Drop wrapper prefixes (sudo, env X=1, timeout 5, …) and their options."""
    wrappers: list[str] = []
    rounds = 0
    while argv and rounds < 16:
        rounds += 1
        name = _basename(argv[0])
        runner = _runner(argv)
        if runner is not None:
            wrappers.append(name)
            argv = runner
            continue
        if name in _MULTICALL and len(argv) > 1:
            # a multi-call binary runs its applet: `busybox APPLET ARGS` is `APPLET ARGS`
            applet = argv[1].split("=", 1)[1] if argv[1].startswith("--coreutils-prog=") else argv[1]
            if applet.startswith("-") or not applet:
                break
            wrappers.append(name)
            argv = [applet] + argv[2:]
            continue
        spec = _WRAPPERS.get(name)
        if spec is None:
            break
        if name == "command" and len(argv) > 1 and argv[1] in ("-v", "-V"):
            break  # `command -v x` only looks x up
        if name in ("flock", "runuser") and any(a in ("-c", "--command") or a.startswith("--command=") for a in argv[1:]):
            break  # the command is a string: parsed as a payload
        if name in ("env", "printenv", "sudo", "doas", "time", "nice", "command", "builtin", "exec") and not any(
                not a.startswith("-") and "=" not in a for a in argv[1:]):
            break  # `env`, `env -i`, `sudo -l`, `exec 3<x`: no wrapped command, the program itself runs
        value_opts, operands = spec
        i = 1
        while i < len(argv):
            arg = argv[i]
            if arg == "--":
                i += 1
                break
            if name == "env" and "=" in arg and not arg.startswith("-"):
                key, _, value = arg.partition("=")
                assignments[key] = value
                i += 1
                continue
            if name == "env" and (arg in ("-S", "--split-string") or arg.startswith(("-S", "--split-string="))):
                value = argv[i + 1] if arg in ("-S", "--split-string") and i + 1 < len(argv) else \
                    arg.split("=", 1)[1] if arg.startswith("--") else arg[2:]
                rest = argv[i + 2:] if arg in ("-S", "--split-string") else argv[i + 1:]
                argv = argv[:i] + _split_simple(value) + rest  # env -S 'rm -rf ~': one string, split
                continue
            if not arg.startswith("-") or arg == "-":
                break
            if name == "nice" and arg[1:].isdigit():
                i += 1
                continue
            if arg in value_opts or (arg.startswith("--") and "=" not in arg and arg in value_opts):
                i += 2
                continue
            i += 1
        i += operands
        wrappers.append(name)
        argv = argv[i:]
    return wrappers, argv


def _package_program(spec: str) -> str:
    """rimraf@5 → rimraf, @scope/pkg@1 → pkg, ruff==0.4 → ruff, github:u/r → r."""
    name = spec.split(":", 1)[1] if spec.startswith(("github:", "git+", "npm:")) else spec
    if name.startswith("@") and "/" in name:
        name = name.split("/", 1)[1]
    for sep in ("@", "==", ">=", "<=", "~=", "[", "#"):
        if sep in name[1:]:
            name = name[:name.index(sep, 1)]
    return name.rstrip("/").rsplit("/", 1)[-1] or spec


def _runner(argv: list[str]) -> list[str] | None:
    """The command a package runner runs (`npx -y rimraf ~` → rimraf ~), or None."""
    name = _basename(argv[0])
    if name in _RUNNERS:
        value_opts, i = _RUNNERS[name], 1
    elif len(argv) > 1 and (name, argv[1]) in _RUNNER_PAIRS:
        value_opts, i = _RUNNER_VALUE_OPTS, 2
        if name == "uv" and argv[1] == "tool":
            i = 3
    elif len(argv) > 2 and name == "uv" and argv[1] == "tool" and argv[2] == "run":
        value_opts, i = _RUNNER_VALUE_OPTS, 3
    else:
        return None
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg in ("-c", "--call") and name in ("npx", "pnpx", "npm") and i + 1 < len(argv):
            return ["sh", "-c", argv[i + 1]]
        if arg.startswith("--call=") and name in ("npx", "pnpx", "npm"):
            return ["sh", "-c", arg[7:]]
        if arg in ("-c", "--shell-mode") and name == "pnpm":
            return ["sh", "-c", " ".join(argv[i + 1:])] if i + 1 < len(argv) else []
        if not arg.startswith("-"):
            break
        i += 2 if arg in value_opts else 1
    rest = argv[i:]
    if not rest:
        return []
    if name in _SHELL_STRING_RUNNERS and argv[1] == "exec" and any(c in _SHELL_METACHARS for c in rest[0]):
        return ["sh", "-c", " ".join(rest)]  # `bun exec 'rm -rf ~'`: a shell command line
    program = _package_program(rest[0]) if name not in ("uv", "poetry", "pdm", "hatch", "rye", "bundle", "conda",
                                                        "mamba", "micromamba", "pixi") else rest[0]
    return [program] + rest[1:]


def _after_options(args: list[str], value_opts) -> list[str]:
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return args[i + 1:]
        if not arg.startswith("-") or arg == "-":
            return args[i:]
        i += 2 if arg in value_opts else 1
    return []


def _shell_c_payload(args: list[str]) -> str | None:
    """`bash -c PAYLOAD`, `bash -lc PAYLOAD`, `sh -e -c PAYLOAD`: the first operand after -c."""
    has_c = False
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return args[i + 1] if has_c and i + 1 < len(args) else None
        if arg.startswith(("-", "+")) and not arg.startswith("--") and len(arg) > 1:
            # a cluster: -c (also -ec, -lc), and -o/+o/-O/+O taking the next word as their
            # value (`bash -o pipefail -c …`, `bash -eo pipefail -c …`, `bash -O extglob -c …`)
            if arg[0] == "-" and "c" in arg[1:]:
                has_c = True
            i += 2 if arg[-1] in "oO" else 1
            continue
        if arg in ("-", "+"):
            i += 1
            continue
        if arg in ("--rcfile", "--init-file"):
            i += 2
            continue
        if arg.startswith("--"):
            i += 1
            continue
        return arg if has_c else None
    return None


def _su_payload(args: list[str]) -> str | None:
    """su/runuser/sg/flock -c CMD."""
    for i, arg in enumerate(args):
        if arg in ("-c", "--command") and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--command="):
            return arg.split("=", 1)[1]
    return None


_CHDIR_OPTS = {"env": ("-C", "--chdir"), "sudo": ("-D", "--chdir"), "systemd-run": ("--working-directory",),
               "unshare": ("--wd",), "nsenter": ("--wd", "-w"), "proot": ("-w", "--pwd"), "firejail": ("--chdir",)}


def _wrapper_chdir(words: list[str], wrappers: list[str]) -> str | None:
    """The directory a wrapper makes its command run in (env -C DIR, sudo -D DIR, …)."""
    if not wrappers or not any(w in _CHDIR_OPTS for w in wrappers):
        return None
    current = None
    for i, w in enumerate(words):
        base = _basename(w)
        if base in _CHDIR_OPTS and current is None or base in _CHDIR_OPTS and i > 0 and not words[i - 1].startswith("-"):
            current = base
        if current is None:
            continue
        for opt in _CHDIR_OPTS[current]:
            if w == opt and i + 1 < len(words):
                return words[i + 1]
            if w.startswith(opt + "=") and opt.startswith("--"):
                return w.split("=", 1)[1]
            if w.startswith(opt) and not opt.startswith("--") and len(w) > len(opt):
                return w[len(opt):]
    return None


def _ssh_remote_command(args: list[str], autossh: bool = False) -> str | None:
    """The command line `ssh HOST CMD…` runs on HOST (its words joined by spaces, as the remote
    shell reads them): judged like a command here — `ssh prod 'rm -rf /'` destroys a machine too."""
    value_opts = {"-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q",
                  "-R", "-S", "-W", "-w", "-B", "-P"} | ({"-M"} if autossh else set())
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        i += 2 if args[i] in value_opts else 1
    if i < len(args) and args[i] == "--":
        i += 1
    rest = args[i + 1:]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    return " ".join(rest) if rest else None


def _script_payload(args: list[str]) -> str | None:
    """`script -qc CMD FILE` / `script --command CMD`."""
    for i, a in enumerate(args):
        if a == "--command" and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--command="):
            return a.split("=", 1)[1]
        if a.startswith("-") and not a.startswith("--") and "c" in a[1:] and i + 1 < len(args):
            return args[i + 1]
    return None


# Programs that run a command line on other machines (fleets, cloud VMs): the options that
# take a value before the command words, as `ssh HOST CMD` has them.
_FLEET_RUNNERS = {
    "pdsh": {"-w", "-x", "-g", "-X", "-l", "-t", "-u", "-f", "-R", "-M", "-e", "-F", "-o"},
    "pssh": {"-h", "-H", "-l", "-p", "-o", "-e", "-t", "-O", "-x", "-X", "--hosts", "--host", "--user",
             "--par", "--outdir", "--errdir", "--timeout", "--option", "--extra-args", "--extra-arg"},
    "clush": {"-w", "-x", "-g", "-X", "-l", "-f", "-t", "-u", "-o", "-O", "-R", "--nodes", "--exclude",
              "--group", "--user", "--fanout", "--connect_timeout", "--command_timeout", "--options",
              "--option", "--worker", "--topology", "--pick", "--mode", "--color"},
    "fab": set(),
}
_FLEET_RUNNERS["parallel-ssh"] = _FLEET_RUNNERS["pssh"]
_FLEET_RUNNERS["pdsh.bin"] = _FLEET_RUNNERS["pdsh"]

# salt's execution functions that run a shell command line given as their first argument
_SALT_SHELL_FUNCTIONS = frozenset({"cmd.run", "cmd.run_all", "cmd.run_stdout", "cmd.run_stderr", "cmd.shell",
                                   "cmd.run_bg", "cmd.retcode", "cmd.powershell", "cmd.exec_code"})


def _json_commands(text: str) -> list[str] | None:
    import json
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if isinstance(value, dict):
        value = value.get("commands", value.get("Commands"))
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _ssm_commands(parameters: str) -> list[str] | None:
    """`--parameters commands=["a","b"]`, `commands='a'`, `'{"commands":["a"]}'`: the lines
    AWS-RunShellScript runs; None when they cannot be read (a file://, a computed value)."""
    text = parameters.strip()
    if text.startswith("{"):
        return _json_commands(text)
    key, eq, value = text.partition("=")
    if not eq or key.strip().lower() not in ("commands", "command"):
        return [] if eq else None  # other parameters (workingDirectory=…): no commands here
    value = value.strip()
    if value.startswith("["):
        found = _json_commands(value)
        if found is not None:
            return found
        value = value[1:-1] if value.endswith("]") else value[1:]
    return [value] if value else None


def _remote_runner_payloads(command: str, args: list[str]) -> list[str] | None:
    """The command lines a remote-execution tool runs on other machines (pdsh, pssh, clush, fab
    -- CMD, salt TARGET cmd.run CMD, aws ssm send-command --parameters commands=…, az vm|vmss
    run-command invoke --scripts …, gcloud compute ssh --command …): judged like `ssh HOST CMD`.
    None: not such a call; a list with "" in it: a command it cannot read."""
    if command in _FLEET_RUNNERS:
        if command == "fab":
            return [" ".join(args[args.index("--") + 1:])] if "--" in args[:-1] else None
        value_opts = _FLEET_RUNNERS[command]
        i = 0
        while i < len(args) and args[i].startswith("-") and args[i] != "--":
            i += 2 if args[i] in value_opts else 1
        if i < len(args) and args[i] == "--":
            i += 1
        rest = args[i:]
        return [" ".join(rest)] if rest else None
    if command in ("salt", "salt-ssh"):
        for i, a in enumerate(args):
            if a.lower() in _SALT_SHELL_FUNCTIONS and i + 1 < len(args):
                words = [w for w in args[i + 1:] if not (
                    "=" in w and w.split("=", 1)[0] in ("runas", "cwd", "shell", "env", "timeout", "python_shell",
                                                         "output_loglevel", "saltenv", "stdin"))]
                return [words[0] if words else ""]
            if a.lower() in ("cmd.script", "cp.get_file") or a.lower().startswith("cmd.script"):
                return [""]
        return None
    if command in ("aws", "awslocal") and "ssm" in args[:4] and ("send-command" in args[:6] or "start-session" in args[:6]):
        found: list[str] = []
        for i, a in enumerate(args):
            value = args[i + 1] if a == "--parameters" and i + 1 < len(args) else (
                a.split("=", 1)[1] if a.startswith("--parameters=") else None)
            if value is None:
                continue
            commands = _ssm_commands(value)
            if commands is None:
                return [""]
            found.extend(commands)
        return ["\n".join(found)] if found else None
    if command == "az" and "run-command" in args[:3] and ("vm" in args[:2] or "vmss" in args[:2]):
        found = []
        i = 0
        while i < len(args):
            if args[i] in ("--scripts", "--script"):
                i += 1
                while i < len(args) and not args[i].startswith("--"):
                    if args[i].startswith("@"):
                        return [""]
                    found.append(args[i])
                    i += 1
                continue
            if args[i].startswith(("--scripts=", "--script=")):
                found.append(args[i].split("=", 1)[1])
            elif args[i] in ("--script-uri", "--script-uri="):
                return [""]
            i += 1
        return ["\n".join(found)] if found else None
    if command == "gcloud" and "ssh" in args[:5]:
        for i, a in enumerate(args):
            if a == "--":
                break  # the words after -- are ssh's own
            if a == "--command" and i + 1 < len(args):
                return [args[i + 1]]
            if a.startswith("--command="):
                return [a.split("=", 1)[1]]
        if "--" in args:
            # `gcloud compute ssh VM -- [SSH_OPTIONS] CMD`: ssh's arguments with the host given
            return [text] if (text := _ssh_remote_command(["host"] + args[args.index("--") + 1:])) else None
        return None
    if command in ("fly", "flyctl") and args[:2] == ["ssh", "console"]:
        for i, a in enumerate(args):
            if a in ("-C", "--command") and i + 1 < len(args):
                return [args[i + 1]]
            if a.startswith("--command="):
                return [a.split("=", 1)[1]]
        return None
    return None
