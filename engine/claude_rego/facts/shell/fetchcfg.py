"""Shell facts: curl's and wget's own config files (`curl -K FILE|-`, `.curlrc` under
CURL_HOME/XDG_CONFIG_HOME/HOME, `wget --config=FILE`, `wget -e CMD`), read as the options
they are: a literal config becomes a nested `curl …` / `wget …` segment with its option lines
as words, judged like the direct spelling; a config whose text cannot be read is marked."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs import time on every hook call
if TYPE_CHECKING:
    from .parser import _Parser

# curl's short options that take a value (for clusters such as `-sK -`, `-sSK cfg`)
_CURL_SHORT_VALUES = frozenset("KdFHTouxXeEAbcCDmrUwyYzQPt")
# wgetrc commands spelled without their separators, and the long option each is
_WGET_KEYS = {
    "postfile": "--post-file", "postdata": "--post-data", "bodyfile": "--body-file", "bodydata": "--body-data",
    "outputdocument": "--output-document", "header": "--header", "method": "--method", "input": "--input-file",
    "dirprefix": "--directory-prefix", "useragent": "--user-agent", "logfile": "--output-file",
    "httpproxy": "--http-proxy", "httpsproxy": "--https-proxy", "useproxy": "--use-proxy",
    "checkcertificate": "--check-certificate", "user": "--user", "password": "--password",
}
_LIMIT = 65536


def _unquote(value: str) -> str:
    """A curl config value: "…" with backslash escapes, or the text up to the first blank."""
    value = value.strip()
    if value.startswith('"'):
        out, i = [], 1
        while i < len(value) and value[i] != '"':
            c = value[i]
            if c == "\\" and i + 1 < len(value):
                i += 1
                c = {"t": "\t", "n": "\n", "r": "\r", "v": "\v"}.get(value[i], value[i])
            out.append(c)
            i += 1
        return "".join(out)
    return value.split()[0] if value.split() else ""


def curl_config_words(text: str) -> list[str]:
    """The option words of a curl config file (`upload-file = "F"`, `--data @F`, `-T F`, `silent`)."""
    words: list[str] = []
    for line in text[:_LIMIT].split("\n")[:2048]:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, value = line, None
        for i, c in enumerate(line):
            if c in " \t=:":
                name, rest = line[:i], line[i:].lstrip(" \t")
                if rest[:1] in ("=", ":"):
                    rest = rest[1:].lstrip(" \t")
                value = _unquote(rest) if rest else None
                break
        if not name:
            continue
        if not name.startswith("-"):
            name = "--" + name
        if name.lower() == "--url":
            if value:
                words.append(value)  # a URL operand
            continue
        words.append(name)
        if value is not None:
            words.append(value)
    return words


def wget_config_words(text: str) -> list[str]:
    """The option words of a wgetrc or `-e` command (`post_file = F`, `header = X: y`)."""
    words: list[str] = []
    for line in text[:_LIMIT].split("\n")[:2048]:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        flat = key.replace("_", "").replace("-", "")
        if not flat:
            continue
        option = _WGET_KEYS.get(flat, "--" + key.replace("_", "-"))
        if value.lower() in ("on", "yes", "true", "1"):
            words.append(option)
        elif value.lower() not in ("off", "no", "false", "0"):
            words += [option, value]
    return words


def _curl_refs(args: list[str]) -> tuple[list[str], list[str], bool]:
    """(config files named by -K/--config, the other words, default config disabled)."""
    refs: list[str] = []
    rest: list[str] = []
    disabled = bool(args) and args[0] in ("-q", "--disable")
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest += args[i:]
            break
        if a in ("-K", "--config"):
            if i + 1 < len(args):
                refs.append(args[i + 1])
            i += 2
            continue
        if a.startswith("--config="):
            refs.append(a[9:])
        elif len(a) > 1 and a[0] == "-" and a[1] != "-":
            # a cluster: letters without a value, then one that takes it (attached or next)
            j = 1
            while j < len(a) and a[j] not in _CURL_SHORT_VALUES:
                j += 1
            if j < len(a) and a[j] == "K":
                value = a[j + 1:]
                if value:
                    refs.append(value)
                elif i + 1 < len(args):
                    refs.append(args[i + 1])
                    i += 1
                if j > 1:
                    rest.append(a[:j])
                i += 1
                continue
            rest.append(a)
        else:
            rest.append(a)
        i += 1
    return refs, rest, disabled


def _wget_refs(args: list[str]) -> tuple[list[str], list[str], list[str]]:
    """(config files, `-e` commands, the other words) of a wget call."""
    refs: list[str] = []
    commands: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--config", "-e", "--execute") and i + 1 < len(args):
            (refs if a == "--config" else commands).append(args[i + 1])
            i += 2
            continue
        if a.startswith("--config="):
            refs.append(a[9:])
        elif a.startswith("--execute="):
            commands.append(a[10:])
        elif a.startswith("-e") and len(a) > 2:
            commands.append(a[2:])
        else:
            rest.append(a)
        i += 1
    return refs, commands, rest


def _home_configs(self: _Parser, node: dict, names: tuple[str, ...], variables: tuple[str, ...]) -> list[str]:
    """Config files the tool reads from a directory an assignment of this command moves
    (CURL_HOME=/tmp curl …), written earlier in the same command."""
    out = []
    for var in variables:
        folder = node["assignments"].get(var)
        if not folder:
            continue
        folder = folder.rstrip("/")
        for name in names:
            for candidate in (f"{folder}/{name}", f"./{folder}/{name}"):
                if candidate in self.files:
                    out.append(candidate)
    return out


def _text_of(self: _Parser, node: dict, ref: str, stdin) -> tuple[str | None, bool]:
    """(the config's text, unknown): literal text, or a file/stdin that cannot be read."""
    if ref == "-":
        text, why = self.stdin_text(node, stdin)
        return text, text is None and why is not None
    key = ref if ref in self.files else ref[2:] if ref.startswith("./") and ref[2:] in self.files else \
        "./" + ref if "./" + ref in self.files else None
    if key is not None:
        text = self.files[key]
        return text, text is None
    # a file not written in this command: one of the project's (a relative path that stays
    # inside) is the project's own config; anything else is not known
    inside = not ref.startswith(("/", "~", "$", "`")) and ".." not in ref.split("/") and "(…)" not in ref
    return None, not inside


def fetch_config(self: _Parser, node: dict, command: str, args: list[str], stdin, depth: int) -> None:
    """curl/wget with a config the command supplies: its options judged as options of a nested call."""
    if command == "curl":
        refs, rest, disabled = _curl_refs(args)
        if not disabled:
            refs += _home_configs(self, node, (".curlrc", "curlrc"), ("CURL_HOME", "XDG_CONFIG_HOME", "HOME"))
        parse = curl_config_words
        texts: list[str] = []
    elif command == "wget":
        refs, texts, rest = _wget_refs(args)
        refs += _home_configs(self, node, (".wgetrc",), ("HOME",))
        parse = wget_config_words
    else:
        return
    if not refs and not texts:
        return
    words: list[str] = []
    for ref in refs[:8]:
        text, unknown = _text_of(self, node, ref, stdin)
        if unknown:
            self.mark(node, "fetch_config_unknown")
        elif text:
            words += parse(text)
    for text in texts[:16]:
        words += parse(text)
    if words and "fetchcfg" not in self.expanding:
        saved = self.expanding
        self.expanding = saved | {"fetchcfg"}
        try:
            self.child_words(node, [node["argv"][0] if node["argv"] else command] + words[:512] + rest, depth,
                             "config_file", [])
        finally:
            self.expanding = saved


# ------------------------------------------------------------ compose files written in the command

_COMPOSE_DEFAULTS = ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml")
_COMPOSE_RUNS = frozenset({"up", "run", "create", "start", "restart"})
_ENGINES = frozenset({"docker", "podman", "nerdctl", "finch"})


def _compose_words(text: str) -> list[str]:
    """`docker run` options equivalent to what a compose file's services get from the host:
    bind sources (short and long syntax), privileged, pid: host, cap_add, security_opt."""
    import re

    text = text[:_LIMIT]
    words: list[str] = []
    for m in re.finditer(r"(?m)(?:^\s*-\s*|[\[,]\s*)[\"']?((?:/|~|\.|\$)[^\"'\s:,\]]*):", text):
        words += ["-v", m.group(1) + ":/compose"]
    for m in re.finditer(r"(?m)^\s*(?:-\s*)?source\s*:\s*(\S+)\s*$", text):
        words += ["-v", m.group(1).strip("\"'") + ":/compose"]
    if re.search(r"(?im)^\s*privileged\s*:\s*[\"']?(true|yes|on)\b", text):
        words.append("--privileged")
    if re.search(r"(?im)^\s*pid\s*:\s*[\"']?host\b", text):
        words.append("--pid=host")
    for block in re.finditer(r"(?is)cap_add\s*:\s*(\[[^\]]*\]|(?:\n\s*-\s*[^\n]*)+)", text):
        for cap in re.findall(r"[A-Za-z_]+", block.group(1)):
            words.append("--cap-add=" + cap)
    for m in re.finditer(r"(?i)\b((?:seccomp|apparmor)[:=]unconfined|label[:=]disable)", text):
        words += ["--security-opt", m.group(1)]
    return words[:256]


def compose_files(self: _Parser, node: dict, command: str, args: list[str], depth: int) -> None:
    """`printf 'services: …' > compose.yml && docker compose up`: the compose file written in
    this command, read as the `docker run` options its services get."""
    if command in _ENGINES:
        if "compose" not in args[:4]:
            return
        args = args[args.index("compose") + 1:]
    elif command not in ("docker-compose", "podman-compose"):
        return
    if not self.files or not _COMPOSE_RUNS & set(a for a in args if not a.startswith("-")):
        return
    named = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-f", "--file")] + \
        [a.split("=", 1)[1] for a in args if a.startswith("--file=")]
    for written, text in list(self.files.items()):
        base = written.rsplit("/", 1)[-1].lower()
        if written in named or written.lstrip("./") in {n.lstrip("./") for n in named} or (
                not named and base in _COMPOSE_DEFAULTS):
            if text is None:
                continue
            words = _compose_words(text)
            if words:
                self.child_words(node, [command if command in _ENGINES else "docker", "run"] + words + ["compose"],
                                 depth, "config_file", [])


# ------------------------------------------------------------ git config files under a moved root

def _git_ini(text: str) -> list[tuple[str, str]]:
    """(section[.subsection].key, value) pairs of a git config file (lowercased keys)."""
    out: list[tuple[str, str]] = []
    section = ""
    for line in text[:_LIMIT].split("\n")[:4096]:
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            head = line[1:].split("]", 1)[0].strip()
            name, _, sub = head.partition(" ")
            sub = sub.strip().strip('"')
            section = (name + "." + sub if sub else name).lower()
            continue
        key, eq, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
            value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        if section and key.strip():
            out.append((f"{section}.{key.strip().lower()}", value if eq else "true"))
    return out[:256]


def home_writes(self: _Parser, node: dict, depth: int) -> None:
    """`printf … > /tmp/h/.npmrc && HOME=/tmp/h npm test`: a HOME or XDG_CONFIG_HOME outside
    the project that this command writes under is a planted configuration root."""
    for var in ("HOME", "XDG_CONFIG_HOME"):
        root = (node["assignments"].get(var) or "").rstrip("/")
        if not root or any(e.get("key") == var for e in node.get("config_exec") or ()):
            continue
        if any(w.startswith(root + "/") or w.startswith("./" + root + "/") for w in self.files):
            self.config_entry(node, "env", var, node["assignments"][var], depth)


def git_config_roots(self: _Parser, node: dict, depth: int) -> None:
    """`printf '[core]\\n fsmonitor = …' > /tmp/e/.gitconfig && HOME=/tmp/e git status`: the
    config git reads from a root this command moves, written earlier in it, judged as its keys."""
    env = node["assignments"]
    candidates = []
    if env.get("HOME"):
        h = env["HOME"].rstrip("/")
        candidates += [f"{h}/.gitconfig", f"{h}/.config/git/config"]
    if env.get("XDG_CONFIG_HOME"):
        candidates.append(env["XDG_CONFIG_HOME"].rstrip("/") + "/git/config")
    for var in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"):
        if env.get(var):
            candidates.append(env[var])
    for path in candidates:
        for key in (path, "./" + path, path[2:] if path.startswith("./") else None):
            if key is not None and key in self.files:
                text = self.files[key]
                if text is None:
                    self.mark(node, "runs_file_written_in_command")
                else:
                    for k, v in _git_ini(text):
                        self.config_entry(node, "git", k, v, depth)
                break
