"""The data folder: made if missing, and held by one daemon at a time (an ``flock`` on it)."""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

from hubd.config.files import FileRefused, read_regular
from hubd.store.errors import StoreFolderError, StoreLockedError, os_error

LOCK_NAME = "hubd.lock"

_POINT = "Point --data or [data] folder in the config at a folder the hub can write."


def make_folder(folder: Path) -> None:
    """The data folder, made if missing; StoreFolderError saying what to do if it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreFolderError(
            f"The data folder {folder} is a file, not a folder. {_POINT}"
        ) from None
    except OSError as err:
        if err.errno == errno.ENOTDIR:
            reason = "part of its path is a file"
        else:
            reason = err.strerror or str(err)
        raise StoreFolderError(
            f"Cannot create the data folder {folder} ({reason}). {_POINT}"
        ) from None


def take_lock(folder: Path) -> int:
    """Hold the data folder exclusively; the kernel drops the lock when the process dies.

    The lock is an ``flock`` on the folder itself, not on a file in it: a file can be
    removed or renamed over (a backup written onto ``hubd.lock``), and a second daemon would
    then lock the new file beside the first. ``hubd.lock`` only holds the pid, for the
    message a second daemon gives.
    """
    path = folder / LOCK_NAME
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as err:
        raise os_error(err, "lock the data folder", folder) from err
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StoreLockedError(
            f"another hubd is already using {folder} (pid {_holder(path)})"
        ) from None
    try:
        pid_fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as err:
        if err.errno == errno.ELOOP:  # a link put in its place: the pid is not worth it
            return fd
        os.close(fd)
        raise os_error(err, "create the lock file", folder) from err
    try:  # the pid is only for the message above
        os.ftruncate(pid_fd, 0)
        os.pwrite(pid_fd, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass
    finally:
        os.close(pid_fd)
    return fd


def _holder(path: Path) -> str:
    """The pid written in ``hubd.lock`` by the daemon holding the folder, or "unknown"."""
    try:
        text = read_regular(path, 32).decode("ascii", "replace").strip()
    except FileRefused:
        text = ""
    return text if text.isdigit() else "unknown"
