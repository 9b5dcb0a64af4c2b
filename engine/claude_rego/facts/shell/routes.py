"""Shell facts: commands run through settings (containers, multiplexers, git aliases and config)."""

from __future__ import annotations

from ..lazy_re import lazy
from .programs import _option_commands, _substitutions, _template_words, _untrusted_program
from .words import _BRACE_LIMIT, _quote, _split_simple
from .wrappers import _basename

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser


def _options(args: list[str], i: int, value_opts) -> tuple[list[tuple[str, str]], int]:
    """(option, value) of each option from args[i] on (`--opt=v`, `--opt v` for `value_opts`,
    a flag's value is its own text after `=` or ""), and the index of the first operand
    (after a `--`)."""
    found: list[tuple[str, str]] = []
    while i < len(args) and args[i].startswith("-"):
        if args[i] == "--":
            return found, i + 1
        key, eq, value = args[i].partition("=")
        if key in value_opts and not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
            i += 1
        found.append((key, value))
        i += 1
    return found, i


def container_payload(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """`docker run [OPTIONS] IMAGE [COMMAND…]`: the command runs (as a nested segment);
    a restart policy that brings it back is recorded on the segment."""
    value_opts = {"-e", "--env", "-v", "--volume", "-p", "--publish", "--name", "-w", "--workdir", "-u",
                  "--user", "--network", "--net", "--restart", "--entrypoint", "-l", "--label", "--mount",
                  "--env-file", "-h", "--hostname", "--memory", "-m", "--cpus", "--platform", "--pull",
                  "--add-host", "--device", "--cap-add", "--cap-drop", "--security-opt", "--ulimit", "--dns",
                  "--log-driver", "--log-opt", "--tmpfs", "--shm-size", "--pid", "--ipc", "--uts", "--runtime",
                  "--gpus", "--cidfile", "--stop-signal", "--stop-timeout", "--health-cmd", "--label-file",
                  "--volumes-from", "--link", "--expose", "--group-add", "--init-path", "--detach-keys"}
    start = 2 if args[:1] == ["container"] else 1
    restart, entrypoint = None, None
    options, i = _options(args, start, value_opts)
    for key, value in options:
        if key == "--restart":
            restart = value
        elif key == "--entrypoint":
            entrypoint = value
        elif key == "--health-cmd" and value:
            self.child_sequence(node, value, depth, "container")
    if restart and restart.split(":")[0] in ("always", "unless-stopped", "on-failure"):
        node["restart_policy"] = restart
    rest = args[i + 1:] if args[:1] != ["exec"] else args[i + 1:]
    words = ([entrypoint] if entrypoint else []) + rest
    if words:
        self.child_words(node, words, depth, "container", [command])


_COMPOSE_GLOBAL_VALUES = frozenset({"-f", "--file", "-p", "--project-name", "--project-directory", "--env-file",
                                    "--profile", "--ansi", "--parallel", "--progress", "-c", "--context", "-H",
                                    "--host", "--log-level"})
_COMPOSE_EXEC_VALUES = frozenset({"-e", "--env", "--index", "-u", "--user", "-w", "--workdir"})
_COMPOSE_RUN_VALUES = _COMPOSE_EXEC_VALUES | {"--entrypoint", "-v", "--volume", "-p", "--publish", "--name", "-l",
                                              "--label", "--pull", "--cap-add", "--cap-drop", "--env-from-file"}


def compose_payload(self: _Parser, node: dict, command: str, args: list[str]) -> tuple[list[str], bool] | None:
    """`docker compose [OPTS] exec|run [OPTS] SERVICE [COMMAND…]` (also docker-compose,
    podman-compose, podman compose): the command the service's container runs, as words
    (with run's --entrypoint first), and whether it reads this command's standard input
    (compose attaches it unless -d/--detach). None: not an exec or run."""
    _, i = _options(args, 1 if args[:1] == ["compose"] else 0, _COMPOSE_GLOBAL_VALUES)
    if i >= len(args) or args[i] not in ("exec", "run"):
        return None
    verb, i = args[i], i + 1
    values = _COMPOSE_EXEC_VALUES if verb == "exec" else _COMPOSE_RUN_VALUES
    entrypoint, detached = None, False
    options, i = _options(args, i, values)
    for key, value in options:
        if key == "--entrypoint":
            entrypoint = value
        elif key in ("-d", "--detach"):
            detached = True
    words = ([entrypoint] if entrypoint else []) + args[i + 1:]
    return words, not detached


def parallel(self: _Parser, node: dict, args: list[str], depth: int) -> None:
    """GNU parallel: `parallel CMD ::: A B` runs CMD A and CMD B; `parallel ::: 'c1' 'c2'` runs each."""
    i = 0
    value_opts = {"-j", "-P", "--jobs", "-S", "--sshlogin", "-d", "--delimiter", "-I", "--colsep", "-N",
                  "-n", "--delay", "--timeout", "--joblog", "--results", "--env", "--tmpdir", "-E"}
    while i < len(args) and args[i].startswith("-") and args[i] not in (":::", "::::"):
        if args[i] in ("-a", "--arg-file", "::::"):
            self.mark(node, "parallel_arguments_from_file")
        i += 2 if args[i] in value_opts else 1
    rest = args[i:]
    cut = rest.index(":::") if ":::" in rest else len(rest)
    template, values = rest[:cut], rest[cut + 1:]
    if len(template) == 1 and " " in template[0].strip():
        template = _template_words(template[0])  # `parallel 'rm -rf {}'`: one shell string
    if not template:
        for value in values[:_BRACE_LIMIT]:
            self.child_sequence(node, value, depth, "parallel")
    elif values:
        for value in values[:_BRACE_LIMIT]:
            words = [w.replace("{}", value) for w in template]
            self.child_words(node, words if any("{}" in w for w in template) else words + [value],
                             depth, "parallel", ["parallel"])
    else:
        self.child_words(node, template, depth, "xargs", ["xargs"])


def multiplexer(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    if command in ("screen", "byobu-screen"):
        value_opts = {"-S", "-c", "-e", "-h", "-p", "-s", "-t", "-T", "-X", "-Logfile"}
        i, remote = 0, None
        while i < len(args) and args[i].startswith("-"):
            a = args[i]
            if a == "-X" and i + 1 < len(args):
                remote = args[i + 1]
            i += 2 if a in value_opts or (not a.startswith("--") and len(a) > 2 and "-" + a[-1] in value_opts) else 1
        if remote == "stuff":
            # `screen -X stuff 'CMD\n'`: the text is typed into the session's shell
            text = " ".join(args[i:]).replace("\\n", "\n").replace("\\r", "\n").replace("^M", "\n")
            if text.strip():
                self.child_sequence(node, text, depth, "multiplexer")
        elif remote in ("exec", "screen"):
            if args[i:]:
                self.child_words(node, args[i:], depth, "multiplexer", ["screen"])
        elif remote is not None:
            if remote.split(" ", 1)[0] in ("stuff", "exec", "screen"):
                self.child_sequence(node, remote.split(" ", 1)[1].replace("\\n", "\n"), depth, "multiplexer")
        elif args[i:]:
            self.child_words(node, args[i:], depth, "multiplexer", ["screen"])
        return
    subs = {"new-session", "new", "new-window", "neww", "split-window", "splitw", "run-shell", "run",
            "respawn-pane", "respawnp", "respawn-window", "respawnw", "send-keys", "send", "popup", "display-popup"}
    value_opts = {"-s", "-n", "-t", "-c", "-x", "-y", "-e", "-F", "-l", "-L", "-S", "-f", "-w", "-h", "-d"}
    for k, a in enumerate(args):
        if a in subs:
            ops, j = [], k + 1
            while j < len(args):
                if args[j].startswith("-") and len(args[j]) > 1:
                    j += 2 if args[j] in value_opts and args[j] != "-d" else 1
                    continue
                ops.append(args[j])
                j += 1
            ops = [o for o in ops if o not in ("Enter", "C-m", "KPEnter")]
            if ops:
                self.child_sequence(node, " ".join(ops), depth, "multiplexer")
            return


# ------------------------------------------------------------ tool configs
def git_routes(self: _Parser, node: dict, args: list[str], depth: int) -> None:
    """git -c k=v, git config k v and aliases defined in the same command."""
    i, configs = 0, []
    while i < len(args):
        a = args[i]
        if a == "-c" and i + 1 < len(args):
            configs.append(args[i + 1])
            i += 2
        elif a.startswith("-c") and "=" in a:
            configs.append(a[2:])
            i += 1
        elif a.startswith("--config-env=") or (a == "--config-env" and i + 1 < len(args)):
            spec = a.split("=", 1)[1] if "=" in a else args[i + 1]
            k, _, env_name = spec.partition("=")
            configs.append(k + "=$" + env_name)  # the value comes from the environment: unknown
            i += 1 if "=" in a else 2
        elif a.startswith("--exec-path="):
            # git runs its subcommands (git-status, …) from DIR: as GIT_EXEC_PATH=DIR
            self.config_entry(node, "env", "GIT_EXEC_PATH", a.split("=", 1)[1], depth)
            i += 1
        elif a in ("--git-dir", "--work-tree") or a.startswith(("--git-dir=", "--work-tree=")):
            # the repository or work tree git uses: as GIT_DIR=DIR / GIT_WORK_TREE=DIR
            name = "GIT_DIR" if a.startswith("--git-dir") else "GIT_WORK_TREE"
            value = a.split("=", 1)[1] if "=" in a else args[i + 1] if i + 1 < len(args) else ""
            self.config_entry(node, "env", name, value, depth)
            i += 1 if "=" in a else 2
        elif a in ("-C", "--namespace"):
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            break
    sub, rest = (args[i], args[i + 1:]) if i < len(args) else (None, [])
    local_aliases = {}
    for kv in configs:
        key, _, value = kv.partition("=")
        key = key.lower()
        if key.startswith("alias."):
            local_aliases[key[6:]] = value
        self.config_entry(node, "git", key, value, depth)
    if sub == "config":
        set_key, set_value = _git_config_set(rest)
        if set_key is not None:
            if set_key.startswith("alias."):
                self.git_aliases[set_key[6:]] = set_value
            self.config_entry(node, "git", set_key, set_value, depth)
    self.git_subcommand(node, sub, rest, depth)
    alias = local_aliases.get(sub) if sub is not None else None
    if alias is None and sub is not None:
        alias = self.git_aliases.get(sub)
    if alias is not None:
        if alias.startswith("!"):
            self.child_sequence(node, alias[1:] + "".join(" " + _quote(a) for a in rest), depth, "git_alias")
        else:
            self.child_words(node, ["git"] + _split_simple(alias) + rest, depth, "git_alias", [])


def git_subcommand(self: _Parser, node: dict, sub, rest: list[str], depth: int) -> None:
    """Subcommand options that name a program or a config (clone -c, --upload-pack, …)."""
    program_opts = {"--upload-pack": "option.upload-pack", "--receive-pack": "option.receive-pack",
                    "--exec": "option.exec", "--extcmd": "option.extcmd", "--open-files-in-pager": "option.pager",
                    "--template": "init.templatedir", "--smtp-server": "option.smtp-server",
                    "--config": None, "-c": None, "-x": "option.exec", "-u": "option.upload-pack", "-O": "option.pager",
                    "--tool": "option.tool"}
    short_ok = {"-x": ("difftool", "rebase"), "-u": ("clone", "fetch", "ls-remote", "pull"),
                "-O": ("grep",), "-c": ("clone", "submodule"), "--tool": ("difftool", "mergetool")}
    i = 0
    while i < len(rest):
        a = rest[i]
        key, eq, value = a.partition("=")
        if key in program_opts and (key not in short_ok or sub in short_ok[key]):
            if not eq:
                if i + 1 >= len(rest):
                    break
                value = rest[i + 1]
                i += 1
            name = program_opts[key]
            if sub == "rebase" and key in ("-x", "--exec"):
                # rebase -x CMD runs a shell command after each commit, like bisect
                # run: judged as the nested command it is (npm test passes, curl|sh not)
                self.child_sequence(node, value, depth, "git_exec")
            elif name is None:  # clone -c k=v / --config k=v
                k, _, v = value.partition("=")
                self.config_entry(node, "git", k.lower(), v, depth)
            elif name == "option.smtp-server" and not value.startswith("/") or name == "option.tool":
                pass
            else:
                self.config_entry(node, "git", name, value, depth)
        elif "ext::" in a:
            self.config_entry(node, "git", "protocol.ext", a.split("ext::", 1)[1].replace("% ", " "), depth)
        i += 1
    if sub == "bisect" and rest[:1] == ["run"] and len(rest) > 1:
        self.child_words(node, rest[1:], depth, "git_exec", [])
    elif sub == "submodule" and "foreach" in rest:
        cmd = [a for a in rest[rest.index("foreach") + 1:] if a not in ("--recursive", "-q", "--quiet")]
        if cmd:
            # the argument is a shell command run in each submodule: judged as the
            # nested command it is (not a setting; an opaque one is asked about there)
            self.child_sequence(node, " ".join(cmd), depth, "git_exec")


def config_entry(self: _Parser, node: dict, tool: str, key: str, value: str, depth: int) -> None:
    """A tool's setting that makes it run a program: recorded, and the program parsed."""
    if tool == "git":
        if key.startswith("alias."):
            if value.startswith("!"):
                node.setdefault("config_exec", []).append({"tool": tool, "key": key, "value": value})
                self.child_sequence(node, value[1:], depth, "git_alias")
            elif value:
                self.child_words(node, ["git"] + _split_simple(value), depth, "git_alias", [])
            return
        if key.endswith(".update") and key.startswith("submodule."):
            if not value.startswith("!"):
                return
        elif key.startswith("url.") and key.endswith(("insteadof", "pushinsteadof")):
            if _same_host_rewrite(key, value):
                return  # git@github.com: for https://github.com/: the protocol changes, not the server
        elif key == "http.sslverify" or key.endswith(".sslverify"):
            if value.lower() not in ("false", "0", "no", "off"):
                return
        elif key in ("http.proxy", "https.proxy") or key.endswith(".proxy"):
            if not value:
                return
        elif not (_git_exec_key(key) or key.startswith("option.") or key == "protocol.ext") or \
                value.lower() in ("", "true", "false"):
            return
    node.setdefault("config_exec", []).append({"tool": tool, "key": key, "value": value})
    command = value[1:] if value.startswith(("!", "|")) else value
    if command and tool != "gcloud" and key.lower() not in _PATH_VALUED_KEYS and not key.lower().endswith(
            ("sslverify", "proxy", "insteadof")) and not command.startswith("$"):
        self.child_sequence(node, command, depth, "config_exec")


def _url_host(url: str) -> str | None:
    """The host of a git remote URL (`https://h/…`, `ssh://git@h/…`, `git@h:…`), or None when it
    carries credentials (`user:token@`), an expansion, or no recognisable host."""
    if any(c in url for c in "$`\\") or not url:
        return None
    rest = url.split("://", 1)[1] if "://" in url else url
    user, at, hostpart = rest.rpartition("@")
    if at and (":" in user or "/" in user):
        return None
    host = hostpart.split("/", 1)[0].split(":", 1)[0].lower()
    return host if host and all(c.isalnum() or c in ".-" for c in host) and "." in host else None


def _same_host_rewrite(key: str, value: str) -> bool:
    """`url.<base>.insteadOf <prefix>` whose base and prefix name the same server."""
    base = key[4:].rsplit(".", 1)[0]
    old, new = _url_host(value.strip()), _url_host(base)
    return old is not None and old == new


def env_routes(self: _Parser, node: dict, depth: int) -> None:
    """VAR=value prefixes and export VAR=value whose value a program later runs."""
    if not node["assignments"] and node["command"] not in ("export", "declare", "typeset", "readonly", "local", "setenv"):
        return  # (no pairs: nothing below)
    pairs = list(node["assignments"].items())
    if node["command"] in ("export", "declare", "typeset", "readonly", "local", "setenv"):
        pairs += [tuple(a.split("=", 1)) for a in node["args"] if "=" in a and not a.startswith("-")]
        if node["command"] == "setenv" and len(node["args"]) >= 2:
            pairs.append((node["args"][0], node["args"][1]))
    git_keys: dict[str, list] = {}  # number -> [key or None, value]
    for name, value in pairs:
        if name.startswith("GIT_CONFIG_KEY_"):
            git_keys.setdefault(name[15:], [None, ""])[0] = value
        elif name.startswith("GIT_CONFIG_VALUE_"):
            git_keys.setdefault(name[17:], [None, ""])[1] = value
        elif name == "GIT_CONFIG_PARAMETERS":
            for item in _split_simple(value):
                k, _, v = item.partition("=")
                if k.lower().startswith("alias.") and node["command"] == "git":
                    self.git_aliases[k.lower()[6:]] = v
                self.config_entry(node, "git", k.lower(), v, depth)
        elif name in _CONFIG_ROOT_ENV:
            # a tool's configuration moved to a directory or file the command names: judged
            # by where (the project, the system, a fresh mktemp directory pass)
            fresh = value.startswith("/tmp/") and "XXX" in value and value not in self.src
            if value.strip() and not fresh and (name not in _HOME_ROOTS or not node["argv"] or node["command"] in (
                    "export", "declare", "typeset", "readonly", "local", "setenv") or
                    _basename(node["argv"][0]).lower() in _RC_EXEC_TOOLS):
                # a fake HOME for a test run (`HOME=/tmp/fakehome npm test`) is the usual isolation:
                # the tool runs the project's code anyway. It is asked about for programs that
                # otherwise run none but do run code from their rc files (git's fsmonitor, pager and
                # textconv on `git status`/`diff`, curl's and wget's rc, zsh's .zshenv, vim's vimrc),
                # when exported for what follows, and when the command writes under it (stdin.feed)
                self.config_entry(node, "env", name, value, depth)
        elif name in _MAKE_FLAGS_ENV and value.strip():
            # MAKEFLAGS=… make reads its words as options and variables of every make it runs:
            # judged as `make WORDS` (SHELL=…, --eval=…, -f FILE), and asked about unless harmless
            self.config_entry(node, "env", name, value, depth)
            head, eval_opt, code = value.partition("--eval=")
            words = _split_simple(head) + ([eval_opt + code] if eval_opt else [])  # --eval's text is the rest
            self.child_words(node, ["make"] + words, depth, "config_exec", [])
        elif name in _OPTION_ENV and value.strip():
            # PYTEST_ADDOPTS, MAVEN_ARGS, PYTEST_PLUGINS: options (plugins, settings files) of the tool
            self.config_entry(node, "env", name, value, depth)
        elif name in _EXEC_ENV or name in _LOADER_PATH_ENV or (name in _BUILD_ENV and node["argv"]):
            if value.strip():  # GIT_PAGER= git log: no program at all
                self.config_entry(node, "env", name, value, depth)
            if (name.startswith("LUA_INIT") and not value.startswith("@") or name == "PERL5DB") and value.strip():
                self.scan_code(node, value, "lua" if name != "PERL5DB" else "perl", depth)  # code run first
        elif name in _PROMPT_ENV:
            # PS4 is expanded before every traced command (`bash -x`, SHELLOPTS=xtrace), PS1/PS2 at
            # each prompt: the command substitutions in the value run then, the rest is text
            if _substitutions(value):
                node.setdefault("config_exec", []).append({"tool": "env", "key": name, "value": value})
            for sub in _substitutions(value):
                self.child_sequence(node, sub, depth, "config_exec")
        elif (_PROGRAM_ENV.match(name) or name == "GOFLAGS") and value.strip() and not value.startswith("$"):
            # cargo runs the target's runner (the test and run binaries go through it), its
            # linker and compiler from these, go its GOFLAGS' -exec/-toolexec/-vettool:
            # judged like the program run directly
            for program in _option_commands("go", _split_simple(value)) if name == "GOFLAGS" else [value]:
                if _untrusted_program(program):
                    self.mark(node, "option_program_path")
                self.child_sequence(node, program, depth, "option_exec")
        elif name[:11].lower() == "npm_config_" and name[11:].lower().replace("_", "-") in _NPM_EXEC_KEYS:
            # npm reads npm_config_<key> from the environment like `npm config set <key>`
            self.config_entry(node, "npm", name[11:].lower().replace("_", "-"), value, depth)
    for key, value in git_keys.values():
        if key:
            self.config_entry(node, "git", key.lower(), value, depth)


# search paths a runtime loads code from (modules, libraries, gconv converters): the pack
# judges their entries (the project's, the system's, or elsewhere)
_LOADER_PATH_ENV = frozenset({
    "PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "NODE_PATH", "RUBYLIB", "PERL5LIB", "PERLLIB", "GCONV_PATH",
    "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "LUA_PATH", "LUA_CPATH", "CLASSPATH", "GEM_PATH",
    "JULIA_LOAD_PATH", "R_LIBS", "R_LIBS_USER", "RUBYPATH", "TCLLIBPATH", "GUILE_LOAD_PATH", "OCAMLPATH",
    # startup files and directories a shell or runtime runs code from when it starts: zsh's
    # $ZDOTDIR/.zshenv, R's profile and environ files, php.ini (auto_prepend_file), IPython's
    # and Jupyter's startup scripts and config, Julia's config/startup.jl in its depot
    "ZDOTDIR", "R_PROFILE", "R_PROFILE_USER", "R_ENVIRON", "R_ENVIRON_USER", "PHPRC", "PHP_INI_SCAN_DIR",
    "IPYTHONDIR", "JUPYTER_CONFIG_DIR", "JULIA_DEPOT_PATH", "WGETRC", "PSQLRC", "SCREENRC", "EMACSLOADPATH",
})

# variables that move a tool's configuration root (its rc files, plugins, hooks, settings):
# a planted config there runs code (git's core.fsmonitor under HOME, cargo's runner under
# CARGO_HOME, pip's index, make's included makefiles)
_CONFIG_ROOT_ENV = frozenset({
    "HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "CURL_HOME", "CARGO_HOME", "RUSTUP_HOME", "PIP_CONFIG_FILE",
    "UV_CONFIG_FILE", "GEMRC", "YARN_RC_FILENAME", "CONDARC", "GOENV", "COMPOSER_HOME", "BUNDLE_GEMFILE",
    "BUNDLE_APP_CONFIG", "TOX_CONFIG_FILE", "PRE_COMMIT_HOME", "MAKEFILES", "GRADLE_USER_HOME", "POETRY_CONFIG_DIR",
    "ANSIBLE_CONFIG", "TF_CLI_CONFIG_FILE", "GNUPGHOME", "HELM_PLUGINS", "HELM_CONFIG_HOME", "MAVEN_HOME", "M2_HOME",
})
_HOME_ROOTS = frozenset({"HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"})
# read-only programs that run code or send data from their rc files under HOME/XDG_CONFIG_HOME
_RC_EXEC_TOOLS = frozenset({
    "git", "tig", "lazygit", "gitk", "curl", "wget", "zsh", "vim", "nvim", "vi", "view", "emacs", "less", "man",
    "psql", "mysql", "sqlite3", "gdb", "lldb", "tmux", "screen", "ssh", "scp", "sftp", "rsync", "hg", "svn",
    "gh", "glab", "aws", "gcloud", "az", "kubectl", "helm", "docker", "ipython", "R", "Rscript", "irb", "pry",
})
_MAKE_FLAGS_ENV = frozenset({"MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS"})
_OPTION_ENV = frozenset({"PYTEST_ADDOPTS", "PYTEST_PLUGINS", "MAVEN_ARGS"})

# npm/pnpm/yarn/bun settings whose value is a program or a script the tool runs later (yarn
# Berry's yarnPath and plugins are JavaScript files every `yarn` loads; yarn 1's yarn-path)
_NPM_EXEC_KEYS = frozenset({"script-shell", "shell", "git", "editor", "browser", "node-options", "onload-script",
                            "init-module", "viewer", "prefix", "globalconfig", "userconfig", "yarnpath", "yarn-path",
                            "plugins", "pnpmfile", "global-pnpmfile", "node-gyp", "npm-path"})
_PATH_VALUED_KEYS = frozenset({"core.hookspath", "init.templatedir", "option.smtp-server", "include.path", "bash_env", "env",
                               "prefix", "globalconfig", "userconfig", "init-module", "onload-script", "yarnpath",
                               "yarn-path", "plugins", "pnpmfile", "global-pnpmfile", "node-gyp", "npm-path",
                               "node-options", "node_options", "perl5opt", "rubyopt", "pythonstartup",
                               "git_template_dir", "git_config_global", "git_config_system", "git_dir", "git_config",
                               "git_work_tree"}) | frozenset(
    n.lower() for n in _LOADER_PATH_ENV | _CONFIG_ROOT_ENV | _MAKE_FLAGS_ENV | _OPTION_ENV | frozenset(
        {"PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "RPS1", "PROMPT2", "PROMPT4"}))
_EXEC_ENV = frozenset({
    "PROMPT_COMMAND", "BASH_ENV", "ENV", "PS0", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "PAGER", "GIT_EDITOR",
    "EDITOR", "VISUAL", "LESSOPEN", "LESSCLOSE", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS",
    "GIT_PROXY_COMMAND", "GIT_SEQUENCE_EDITOR", "MANPAGER", "BROWSER", "PERL5OPT", "NODE_OPTIONS", "RUBYOPT",
    "PYTHONSTARTUP", "GIT_CONFIG_PARAMETERS", "GIT_TEMPLATE_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
    "GIT_EXEC_PATH", "FCEDIT", "SYSTEMD_PAGER", "GIT_DIR", "GIT_WORK_TREE", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
    "PYTHONWARNINGS", "GIT_CONFIG", "RSYNC_RSH", "RSYNC_CONNECT_PROG", "CVS_RSH", "SVN_SSH", "SVN_EDITOR", "HGEDITOR",
    # cargo runs the wrapper in place of every rustc call (also build.rustc-wrapper in .cargo/config.toml)
    "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
    # code a runtime runs first: lua's LUA_INIT (code, or @FILE), perl -d's debugger (PERL5DB),
    # and the JVM options launch scripts pass to java (-javaagent, -XX:OnError=CMD)
    "LUA_INIT", "LUA_INIT_5_1", "LUA_INIT_5_2", "LUA_INIT_5_3", "LUA_INIT_5_4", "PERL5DB", "JAVA_OPTS", "MAVEN_OPTS",
    "GRADLE_OPTS", "SBT_OPTS", "ANT_OPTS", "CATALINA_OPTS",
    # ex commands vim runs at start (`VIMINIT=':!CMD'`), the module node's REPL loads
    "VIMINIT", "EXINIT", "GVIMINIT", "NODE_REPL_EXTERNAL_MODULE",
})
# prompt strings: their command substitutions run when the shell expands them
_PROMPT_ENV = frozenset({"PS1", "PS2", "PS3", "PS4", "PROMPT", "RPROMPT", "RPS1", "PROMPT2", "PROMPT4"})
# variables whose value is a program a build tool runs in place of its own (cargo's target
# runners and linkers, the compiler and rustdoc it calls)
_PROGRAM_ENV = lazy(r"^(CARGO_TARGET_[A-Z0-9_]+_(RUNNER|LINKER)|CARGO_HOST_LINKER|(CARGO_BUILD_)?(RUSTC|RUSTDOC))$")
# build tools (make, setup.py, cmake, configure, cgo, node-gyp) run these as the compiler,
# linker, archiver or sub-make: `CC='sh -c "…" --' python3 setup.py build_ext`. Short
# names scripts also use as plain variables: routed only in a command's environment
# (`CC=… make`, `export CC=…`), not as a bare shell assignment (`AS=foo; echo $AS`).
_BUILD_ENV = frozenset({
    "CC", "CXX", "LD", "AR", "CPP", "MAKE", "RANLIB", "AS", "NM", "STRIP", "OBJCOPY", "FC", "F77", "HOSTCC",
    "CC_FOR_BUILD", "CXX_FOR_BUILD", "PKG_CONFIG",
})
_GIT_EXEC_KEYS = frozenset({
    "core.fsmonitor", "core.sshcommand", "core.pager", "core.editor", "core.hookspath", "core.askpass",
    "core.gitproxy", "core.alternaterefscommand", "sequence.editor", "gpg.program", "credential.helper",
    "diff.external", "uploadpack.packobjectshook", "include.path", "init.templatedir", "web.browser",
    "interactive.difffilter", "receive.procreceiverefs", "core.worktree", "ssh.variant", "protocol.allow",
    "merge.tool", "diff.tool",
    # git imap-send runs imap.tunnel as a shell command (its stdio is the IMAP connection)
    "imap.tunnel",
})
_GIT_EXEC_SUFFIXES = (".textconv", ".command", ".driver", ".clean", ".smudge", ".process", ".cmd", ".program",
                      ".helper", ".uploadpack", ".receivepack", ".proxy", ".path")
_GIT_EXEC_VARIABLE_ENDINGS = ("command", "cmd", "program", "hook", "helper", "driver", "textconv", "smudge",
                              "clean", "process", "askpass", "sshcommand", "pager", "editor", "proxy", "uploadpack",
                              "receivepack", "external", "fsmonitor", "browser")
_GIT_EXEC_PREFIXES = ("pager.", "includeif.", "protocol.", "filter.", "difftool.", "mergetool.", "browser.")


def _git_exec_key(key: str) -> bool:
    if key == "protocol.version":
        return False  # a number, not a program or a transport
    if key.startswith("protocol.") and key.endswith(".allow") and key not in ("protocol.ext.allow", "protocol.allow"):
        # protocol.file.allow=always: which transports git may use, not a program (only the
        # ext:: transport runs a command: protocol.ext.allow, and protocol.allow, which covers it)
        return False
    if key in _GIT_EXEC_KEYS or key.startswith(_GIT_EXEC_PREFIXES):
        return True
    # git send-email runs sendemail.smtpServer when it is a path (a sendmail-like program),
    # and sendemail.toCmd / ccCmd always (also per identity: sendemail.work.smtpServer)
    if key.startswith("sendemail.") and key.endswith(("smtpserver", "tocmd", "cccmd", "headercmd")):
        return True
    section = key.split(".", 1)[0]
    if section in ("diff", "merge", "filter", "credential", "gpg", "remote", "submodule") and \
            key.endswith(_GIT_EXEC_SUFFIXES):
        return True
    # by effect, in any section: a variable whose name says its value is a command or a
    # program git runs (tar.<fmt>.command, sendemail.sendmailCmd, gpg.ssh.defaultKeyCommand,
    # uploadpack.packObjectsHook, <x>.textconv, <x>.driver, …)
    variable = key.rsplit(".", 1)[-1]
    return "." in key and variable.endswith(_GIT_EXEC_VARIABLE_ENDINGS)


def _git_config_set(rest: list[str]) -> tuple[str | None, str]:
    """`git config [scope] KEY VALUE` / `git config set KEY VALUE`: the key set, or None."""
    ops, i = [], 0
    readers = {"--get", "--get-all", "--get-regexp", "--unset", "--unset-all", "-l", "--list", "--remove-section",
               "--rename-section", "-e", "--edit", "--get-urlmatch", "--get-color", "--get-colorbool", "--show-origin"}
    while i < len(rest):
        a = rest[i]
        if a in readers:
            return None, ""
        if a in ("-f", "--file", "--blob", "--type", "--default", "--comment", "--value"):
            i += 2
            continue
        if not a.startswith("-"):
            ops.append(a)
        i += 1
    if ops and ops[0] in ("set", "unset", "get", "list", "edit", "rename-section", "remove-section"):
        if ops[0] != "set":
            return None, ""
        ops = ops[1:]
    if len(ops) >= 2:
        return ops[0].lower(), ops[1]
    return None, ""
