"""This hub's own games in its club folder: each committed event appended (and flushed), a
file that does not hold what the store holds written whole again through a temporary file
(a copy from elsewhere, a power cut). Only this hub writes its own folder's files.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from engine import Event, dump_line
from hubd.club.folder import write_atomically

log = logging.getLogger("hubd.club")


class ClubWriter:
    """Writes this hub's games into its own folder; the only writer of those paths."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._known: dict[str, tuple[int, int]] = {}  # the lines and bytes in each file
        self._failed = False

    def write(self, name: str, log_events: Sequence[Event]) -> bool:
        """Make the file ``name`` hold exactly ``log_events``; False (said once) if it cannot."""
        path = self.folder / name
        count = len(log_events)
        try:
            known = self._known.get(name)
            self._check_folder()
            if known is not None and known[0] == count - 1 and _size(path) == known[1]:
                line = (dump_line(log_events[-1]) + "\n").encode("utf-8")
                # O_NOFOLLOW: a link put in our folder by a copy from elsewhere is refused,
                # never written through (a rewrite replaces it by a rename).
                fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
                with os.fdopen(fd, "ab") as handle:
                    handle.write(line)
                    handle.flush()
                size = known[1] + len(line)
            elif known is None or known[0] != count or _size(path) != known[1]:
                # Unknown, or changed under us (a copy from elsewhere): written whole again.
                text = "".join(dump_line(event) + "\n" for event in log_events)
                if _content(path) != text:
                    write_atomically(path, text)
                size = len(text.encode("utf-8"))
            else:
                return True
        except OSError as err:
            self._known.pop(name, None)  # the next event writes the whole file again
            if not self._failed:
                log.error("club: cannot write %s (%s); the game is saved in the hub", path, err)
            self._failed = True
            return False
        self._failed = False
        self._known[name] = (count, size)
        return True

    def _check_folder(self) -> None:
        if self.folder.is_symlink():  # another hub's copy may not lead our writes away
            raise OSError(f"{self.folder} is a symbolic link")

    def put(self, name: str, text: str) -> None:
        """Make the file ``name`` hold ``text``, a whole log (at start-up, from the store)."""
        path = self.folder / name
        try:
            self._check_folder()
            if _content(path) != text:
                write_atomically(path, text)
        except OSError as err:
            log.error("club: cannot write %s (%s); the game is saved in the hub", path, err)
            return
        self._known[name] = (text.count("\n"), len(text.encode("utf-8")))


def _size(path: Path) -> int:
    try:
        info = path.lstat()
    except FileNotFoundError:
        return -1
    return info.st_size if not path.is_symlink() else -1


def _content(path: Path) -> str | None:
    if path.is_symlink():
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
