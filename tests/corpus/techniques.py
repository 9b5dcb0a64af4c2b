"""Heuristic technique tags for adversarial cases (for bench/corpus.py --techniques).

A case can carry several tags; the table shows, per tag, how many cases carrying it meet their
expectation. The tags are regexes over the command / tool call, written by the red team: they
describe the evasion technique or the kind of effect, never what the pack checks.
"""

from __future__ import annotations

import json
import re

SHELLS = r"(?:ba|z|da|k|fi|a|c|tc)?sh"
TAGS = [
    ("text/decoded data piped or fed into a shell", re.compile(
        r"\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:/bin/|/usr/bin/)?(?:busybox\s+)?" + SHELLS + r"\b(?!\.)|<<<.*\b" + SHELLS + r"\b|\b" + SHELLS +
        r"\s+(?:-s\s+)?(?:/dev/stdin|<\(|<<)|\b(?:source|\.)\s+(?:<\(|/dev/stdin)|" + SHELLS + r" -c \"?\$\(|eval\b")),
    ("encoding / decoding (base64, hex, octal, rev, rot13, $'\\x..')", re.compile(
        r"base64|base32|xxd|\brev\b|tr 'A-Za-z'|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u00|openssl (?:enc|base64)|gunzip|pack\(|fromhex|b64decode|Buffer\.from")),
    ("interpreter running inline code (python/node/perl/ruby/php/awk/sed e/vim …)", re.compile(
        r"\b(?:python3?|node|perl|ruby|php|lua|awk|gawk|tclsh|deno|bun|pwsh|emacs|vim|gdb)\b\s+(?:-\S+\s+)*(?:-[cerE]\b|--eval|--batch|-batch|-es|<<|<<<|-\s*$|'BEGIN)|\| *(?:python3?|node|perl|ruby|php|lua|tclsh)\b|sed -n '1e")),
    ("download then run / remote package or module", re.compile(
        r"(?:curl|wget|aria2c|git clone)\b.*(?:&&|;|\|).*(?:\bsh\b|bash|\./|python|pip install|make|java -jar|dpkg|rpm|ctypes)|"
        r"(?:pip3?|uv pip|npm|pnpm|yarn|npx|bunx|uvx|pipx|cargo|go|gem|brew|composer|cpanm|helm)\b.*(?:git\+|https?://|github:|@latest|--index-url|--extra-index-url|--registry|-i http)|"
        r"\b(?:deno run|bun run)\b.*https?://")),
    ("reverse shell / raw socket", re.compile(r"\bnc\b.*-e|ncat|socat|/dev/tcp|mkfifo|mknod|telnet|s_client|/inet/tcp|fsockopen|TCPSocket|socket\.")),
    ("function / loop / alias / trap / coproc defined in the command", re.compile(r"\(\)\s*\{|\bfunction \w|\bfor \w+ in|\bwhile\b|\buntil\b|\balias \w+=|\bselect \w|\btrap\b|\bcoproc\b")),
    ("unknown expansion or substitution in a path ($X, ${V%..}, ~+, ~-, $(…))", re.compile(
        r"(?:rm|cat|cp|echo|tee|mv|find)\b[^|;&]*(?:\$\{?(?!HOME\b|PWD\b)[A-Za-z_]|\$\{HOME[%#:/]|~[+-]|\$\(|`)")),
    ("brace expansion / glob / character class in a path", re.compile(r"\{[^}\s]*,[^}\s]*\}|\[[!.a-z]+\]|~/\.\S*[*?]|\.\S*\?")),
    ("symlink / hard link / bind mount made in the same command", re.compile(r"\bln\b|cp -[a-z]*[sl]|bindfs|mount (?:--bind|-o bind)|os\.symlink")),
    ("git exec config, alias or hook (-c, git config, GIT_* env, .git/hooks)", re.compile(
        r"\bgit\b.*(?:-c |--config|config |--upload-pack|--receive-pack|--exec|--extcmd|--tree-filter|foreach|bisect run|--template|-x ')|GIT_[A-Z_]+=|\.git/hooks|\.git/config|\.gitmodules|\.gitattributes|\.githooks")),
    ("agent governance (Claude settings/hooks, claude-rego log/binary, CLAUDE_ENV_FILE, nested claude)", re.compile(
        r"\.claude|claude-rego|claude_rego|CLAUDE_ENV_FILE|CLAUDE_CONFIG_DIR|managed-settings|\bclaude\b|\.mcp\.json")),
    ("secrets from the environment or a credential CLI", re.compile(
        r"printenv|\benv\b(?! -)|/environ|\$[A-Z_]*(?:KEY|TOKEN|SECRET|PASSWORD)|\bset \||declare -x|\b(?:aws|gcloud|az|vault|op|bw|gh auth|kubectl|security|secret-tool|docker-credential-\w+|npm config get|git credential|redis-cli)\b")),
    ("cloud metadata endpoint", re.compile(r"169\.254\.169\.254|metadata\.google|fd00:ec2|0xa9fea9fe")),
    ("persistence location (cron, systemd, launchd, rc files, autostart)", re.compile(
        r"cron|systemd|systemctl|launchctl|LaunchAgents|\.bashrc|\.zshrc|\.profile|\.bash_profile|autostart|rc\.local|init\.d|\bat now|\bbatch\b|loginctl|sudoers|authorized_keys")),
    ("wrapper the pack may not know (env -S, flock, script, setsid, strace, …)", re.compile(
        r"^(?:env -S|env -[iCu]|env --chdir|flock|script|torsocks|tsocks|nohup|setsid|stdbuf|timeout|nice|ionice|chrt|taskset|unbuffer|strace|ltrace|valgrind|firejail|bwrap|unshare|nsenter|busybox|toybox|dbus-launch|systemd-run|setarch|linux64|numactl|cgexec|prlimit|eatmydata|fakeroot|faketime|rlwrap|catchsegv|proxychains4|flatpak-spawn|distrobox-host-exec|toolbox|podman unshare|chronic|ifne|lckdo|sem|setpriv|capsh|doas|runuser|su |sg |watch|expect|tmux|screen|at |parallel|entr|npx|bunx|pnpm dlx|yarn dlx|npm exec|uvx|pipx|start-stop-daemon|daemonize|coproc|ssh |docker run|make -f|machinectl|run0|pkexec|tclsh)")),
    ("non-ASCII characters (fullwidth, zero-width, bidi, confusables)", re.compile(r"[^\x00-\x7f]")),
]


def tags_for(case):
    inp = case["input"]
    event = case["event"]
    tags = []
    if event in ("UserPromptSubmit", "UserPromptExpansion"):
        tags = ["secret in a prompt"]
        if re.search(r"[^\x00-\x7f]", inp.get("prompt", "")):
            tags.append("non-ASCII characters (fullwidth, zero-width, bidi, confusables)")
        return tags
    if event == "PostToolUse":
        size = len(json.dumps(inp.get("tool_response"), ensure_ascii=False))
        tool = inp["tool_name"]
        kind = "MCP" if tool.startswith("mcp__") else tool
        tags.append(f"output of {kind}")
        if size > 65536:
            tags.append("output beyond 64 KiB")
        if re.search(r"[^\x00-\x7f]", json.dumps(inp.get("tool_response"), ensure_ascii=False)):
            tags.append("non-ASCII characters (fullwidth, zero-width, bidi, confusables)")
        return tags
    tool = inp.get("tool_name", "")
    ti = inp.get("tool_input") or {}
    if tool == "Bash":
        cmd = ti.get("command", "")
        for name, rx in TAGS:
            if rx.search(cmd):
                tags.append(name)
        if not tags:
            tags.append("plain command (no evasion technique)")
        return tags
    if tool.startswith("mcp__") or tool == "ReadMcpResourceTool":
        tags.append("MCP tool")
    elif tool in ("Read", "Write", "Edit", "MultiEdit"):
        tags.append(f"file tool {tool}")
    elif tool in ("Grep", "Glob", "NotebookEdit", "WebFetch", "NotebookRead"):
        tags.append(f"tool {tool}")
    else:
        tags.append("renamed / unknown tool")
    blob = json.dumps(ti, ensure_ascii=False)
    if "file://" in blob.lower():
        tags.append("file:// URL")
    if re.search(r"[^\x00-\x7f]", blob):
        tags.append("non-ASCII characters (fullwidth, zero-width, bidi, confusables)")
    return tags


def table(cases: list[dict], results: list[dict]) -> dict[str, list[int]]:
    """tag -> [cases, met] over the given results."""
    by_id = {c["id"]: c for c in cases}
    rows: dict[str, list[int]] = {}
    for res in results:
        if res["id"] not in by_id or by_id[res["id"]]["expect"] == "pass":
            continue
        for tag in tags_for(by_id[res["id"]]):
            row = rows.setdefault(tag, [0, 0])
            row[0] += 1
            row[1] += res["ok"]
    return rows
