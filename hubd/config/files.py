"""Files a person names to the hub: read without blocking, written never over the hub's own.

Every file the hub reads (the config, ``settings.json``, a log to import) is opened with
``O_NONBLOCK`` (a FIFO or a device node in its place cannot hang start-up), must be a
regular file, and is read only up to a bound. Every file a command writes (``export -o``,
``backup``) goes to a new name or over a regular file that is not a link and none of the
hub's own files (the database, its -wal and -shm, the lock, the settings, the config), and
is written beside its destination and renamed into place.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Sequence
from pathlib import Path


class FileRefused(Exception):
    """The file cannot be read or written as asked; ``reason`` completes "cannot read X: ".

    ``own`` is set when the destination is one of the hub's own files.
    """

    def __init__(self, reason: str, *, own: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.own = own


def kind(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    )
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _os_reason(err: OSError | ValueError) -> str:
    if isinstance(err, ValueError):  # os.open refuses a path holding a NUL
        return "the path holds a NUL character"
    return err.strerror or str(err)


def read_regular(path: Path | str, limit: int, *, cut: bool = False) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes; FileRefused otherwise.

    ``cut=True``: a longer file is not refused, its first ``limit`` + 1 bytes are returned
    (for a reader that says where the file went too far).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except (OSError, ValueError) as err:
        raise FileRefused(_os_reason(err)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileRefused("Is a directory")
        if not stat.S_ISREG(mode):
            raise FileRefused(f"it is {kind(mode)}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit and not cut:
            raise FileRefused(f"it is larger than {limit:,} bytes")
        return b"".join(chunks)
    except OSError as err:
        raise FileRefused(_os_reason(err)) from None
    finally:
        os.close(fd)


#: A file of the hub's that no command may write over, and what it is ("the lock hubd.lock").
OwnFile = tuple[Path, str]


def _same_file(dest: Path, found: os.stat_result | None, own: Path) -> bool:
    try:
        if os.path.realpath(dest) == os.path.realpath(own):
            return True
        if found is None:
            return False
        theirs = os.stat(own)
    except (OSError, ValueError):
        return False
    return (theirs.st_dev, theirs.st_ino) == (found.st_dev, found.st_ino)


def check_destination(dest: Path, own: Sequence[OwnFile]) -> None:
    """FileRefused unless ``dest`` is a new name or a plain regular file none of ``own``.

    A link to one of ``own`` (symbolic or hard) is that file; any other symbolic link is
    refused too, since writing through it would replace the link, not fill its target.
    """
    try:
        found: os.stat_result | None = os.lstat(dest)
    except FileNotFoundError:
        found = None
    except (OSError, ValueError) as err:
        raise FileRefused(_os_reason(err)) from None
    target = found
    if found is not None and stat.S_ISLNK(found.st_mode):
        try:
            target = os.stat(dest)
        except OSError:
            target = None
    for path, what in own:
        if _same_file(dest, target, path):
            raise FileRefused(f"it is {what}", own=True)
    if found is None:
        return
    if stat.S_ISLNK(found.st_mode):
        raise FileRefused("it is a symbolic link; name the file itself")
    if stat.S_ISDIR(found.st_mode):
        raise FileRefused("Is a directory")
    if not stat.S_ISREG(found.st_mode):
        raise FileRefused(f"it is {kind(found.st_mode)}, not a regular file")


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_new(dest: Path, data: bytes, own: Sequence[OwnFile], *, ours: bool = False) -> None:
    """``data`` at ``dest`` (checked by :func:`check_destination`), never half written: a
    temporary file beside it, synced and renamed into place. FileRefused on any failure,
    with ``dest`` as it was.

    ``ours=True``: ``dest`` is one of the hub's own files (the settings), so a link or a FIFO
    found in its place is replaced by the file (the rename replaces the link, not its target).
    """
    if not ours:
        check_destination(dest, own)
    folder = dest.parent
    temp = folder / f".{dest.name}.{os.getpid()}.partial"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, dest)
        sync_folder(folder)
    except (OSError, ValueError) as err:
        with contextlib.suppress(OSError, ValueError):
            os.unlink(temp)
        raise FileRefused(_os_reason(err)) from None
