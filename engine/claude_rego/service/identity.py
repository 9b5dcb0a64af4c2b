"""Who is asking the decision service: its tokens, the peer's uid and home directory,
the session's project directory, and the service's own user (stdlib only)."""

from __future__ import annotations

import os
import re


def read_token_files(paths: list[str]) -> list[str]:
    tokens = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            token = fh.read().strip()
        if len(token) < 16:
            raise ValueError(f"{path}: a token must be at least 16 characters")
        tokens.append(token)
    return tokens


def token_id(token: str) -> str:
    import hashlib

    return hashlib.sha256(token.encode()).hexdigest()[:8]


# ------------------------------------------------------------------------ peer identity

def peer_uid(peer: tuple, local: tuple) -> int | None:
    """Linux: the uid owning the client end of a loopback TCP connection (/proc/net/tcp*)."""
    try:
        import ipaddress

        def key(addr, port, v6):
            ip = ipaddress.ip_address(addr.split("%")[0])
            if v6 and ip.version == 4:
                ip = ipaddress.IPv6Address("::ffff:" + str(ip))
            raw = ip.packed
            # the kernel prints each 32-bit word in host (little-endian) order
            words = "".join(raw[i:i + 4][::-1].hex().upper() for i in range(0, len(raw), 4))
            return f"{words}:{port:04X}"

        for table, v6 in (("/proc/net/tcp", False), ("/proc/net/tcp6", True)):
            try:
                with open(table, encoding="ascii") as fh:
                    lines = fh.readlines()[1:]
            except OSError:
                continue
            try:
                want_local, want_remote = key(peer[0], peer[1], v6), key(local[0], local[1], v6)
            except ValueError:
                continue
            for line in lines:
                fields = line.split()
                if len(fields) > 7 and fields[1] == want_local and fields[2] == want_remote:
                    return int(fields[7])
    except Exception:  # noqa: BLE001 — identity is best effort; never in the way of the answer
        return None
    return None


def home_of(uid: int | None, hook: dict) -> str | None:
    if uid is not None:
        try:
            import pwd

            return pwd.getpwuid(uid).pw_dir
        except (KeyError, ImportError):
            pass
    transcript = hook.get("transcript_path")
    if isinstance(transcript, str) and "/.claude/" in transcript and transcript.startswith("/"):
        return transcript.split("/.claude/", 1)[0] or None
    if os.getuid() == uid or uid is None:
        return os.environ.get("HOME")
    return None


def project_dir_of(hook: dict) -> str | None:
    """The session's project root, which a command hook gets as CLAUDE_PROJECT_DIR but an
    http hook does not (the CLI's own environment has no CLAUDE_PROJECT_DIR: measured, the
    header arrives empty). The transcript lives in ~/.claude/projects/<root with every
    non-alphanumeric character as '-'>/, and the root is `cwd` or one of its ancestors."""
    transcript, cwd = hook.get("transcript_path"), hook.get("cwd")
    if not isinstance(transcript, str) or not isinstance(cwd, str) or not cwd.startswith("/"):
        return None
    folder = os.path.basename(os.path.dirname(transcript))
    if not folder.startswith("-"):
        return None
    candidate = os.path.normpath(cwd)
    for _ in range(64):
        if _NON_ALNUM.sub("-", candidate) == folder:
            return candidate
        parent = os.path.dirname(candidate)
        if parent == candidate:
            return None
        candidate = parent
    return None


_NON_ALNUM = re.compile(r"[^A-Za-z0-9]")


def user_name() -> str | None:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError):
        return os.environ.get("USER")
