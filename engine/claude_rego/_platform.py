"""Files, locks and per-OS locations: the one copy of each (standard library only).

The hook's hot path imports this module (the decision log, the hook log, the managed
directory), so it imports nothing beyond `os` and `sys` at module level.

- `open_regular` / `read_regular`: open without blocking (a FIFO or a device planted at a
  path never holds the hook up) and only if the path is a regular file.
- `try_lock` / `unlock`: a non-blocking exclusive lock on a descriptor; callers poll with
  their own deadline (nothing here ever waits).
- `atomic_write`: a temp file beside the target, renamed over it: readers see the old
  file or the new one, never half of one.
- `managed_dir`: Claude Code's managed-settings directory on this OS.
"""

from __future__ import annotations

import itertools
import os
import sys

__all__ = ["NotRegularFile", "SAFE_OPEN_FLAGS", "atomic_write", "managed_dir", "open_regular",
           "read_regular", "try_lock", "unlock"]

# Never block (FIFO, device), never follow a final symlink, never leak into a child.
SAFE_OPEN_FLAGS = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class NotRegularFile(OSError):
    """The path is not a regular file of ours (FIFO, socket, device, symlink, directory…)."""


def check_regular(fd: int, path: str) -> None:
    """Raise NotRegularFile unless `fd` is a regular file owned by us with no other hard link."""
    import stat

    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(f"{path} is not a regular file")
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        raise NotRegularFile(f"{path} is not owned by this user")
    if st.st_nlink > 1:
        raise NotRegularFile(f"{path} has other hard links")


def open_regular(path: str, flags: int, mode: int = 0o600) -> int:
    """Open `path` without following a final symlink and without blocking (a FIFO or a
    device never holds us up), and only if it is a regular file of ours. Raises OSError."""
    fd = os.open(path, flags | SAFE_OPEN_FLAGS, mode)
    try:
        check_regular(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str, limit: int) -> bytes:
    """Up to `limit` bytes of a file, opened non-blocking (symlinks followed: managed and
    user settings may be links); a FIFO, device or directory there is an OSError."""
    import stat

    fd = os.open(path, _READ_FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return os.read(fd, limit)
    finally:
        os.close(fd)


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on `fd` without waiting: True if taken, False if held elsewhere.
    Other errors raise OSError."""
    if sys.platform == "win32":
        import msvcrt  # Windows only

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl  # only when a lock is taken (after the hook has answered)

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def unlock(fd: int) -> None:
    """Release a lock taken with `try_lock` (closing the descriptor also releases it)."""
    if sys.platform == "win32":
        import msvcrt  # Windows only

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl  # see try_lock

    fcntl.flock(fd, fcntl.LOCK_UN)


_TEMP_SEQUENCE = itertools.count()


def atomic_write(path: str | os.PathLike, data: bytes | str, *, mode: int | None = None,
                 durable: bool = False) -> None:
    """Replace `path` with `data` whole or not at all.

    The temp file is `.<name>.<pid>.<thread>.<n>.tmp` beside the target (created
    exclusively, never through a symlink) and is removed if anything fails. `mode`:
    the file's permissions (else a new file's default, 0666 less the umask). `durable`:
    fsync the file before the rename and the directory after it.
    """
    import _thread

    path = os.fspath(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    directory, name = os.path.split(path)
    tmp = os.path.join(directory, f".{name}.{os.getpid()}.{_thread.get_ident()}.{next(_TEMP_SEQUENCE)}.tmp")
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(tmp, flags, 0o600 if mode is not None else 0o666)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(tmp, mode)
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable and os.name == "posix":
        try:
            dir_fd = os.open(directory or ".", os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass  # the rename is done; a directory that cannot be synced is not an error


def _replace(tmp: str, path: str) -> None:
    """os.replace; on Windows a reader holding the file open can make it fail briefly: retry."""
    import time

    for attempt in range(50):
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == 49:
                raise
            time.sleep(0.02)


def managed_dir() -> str:
    """Claude Code's managed-settings directory on this OS (plain: the hook's hot path uses it)."""
    if sys.platform == "darwin":
        return "/Library/Application Support/ClaudeCode"
    if sys.platform.startswith("win"):
        return os.path.join(os.environ.get("PROGRAMDATA", r"C:\ProgramData"), "ClaudeCode")
    return "/etc/claude-code"
