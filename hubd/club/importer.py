"""The importer: reads the club folder on its own thread and posts what changed to the loop.

Every second it looks at the files' sizes and times (cheap), reads and replays only the files
that changed, and posts a :class:`ClubArrived` with every version of each game whose files
changed, the tables' names and the nights. The loop decides which version counts (the stored
one, or one that continues it), stores it and recomputes the standings. It never writes.
A name in the club folder that is not a game is said once in the journal.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hubd.club.folder import hub_folders, strays
from hubd.club.games import SetAside, Version, game_files, read_version
from hubd.club.nights import Night, read_nights, read_tables

log = logging.getLogger("hubd.club")

SCAN_EVERY_S = 1.0


@dataclass(frozen=True)
class ClubArrived:
    """What the club folder holds that is new to the loop (posted to the inbox)."""

    versions: tuple[Version, ...]  # every version of each game whose files changed
    tables: tuple[tuple[str, str], ...]  # (hub, table name)
    nights: tuple[Night, ...]  # every hub's entries (merge them)
    set_aside: tuple[str, ...]  # one line per file that does not replay
    games: tuple[tuple[str, str], ...] = ()  # (hub, name) of each game whose files changed


FileKey = tuple[int, int, int]  # size, mtime_ns, inode


class ClubImporter:
    def __init__(
        self, club: Path, post: Callable[[ClubArrived], None], every: float = SCAN_EVERY_S
    ) -> None:
        self.club = club
        self._post = post
        self._every = every
        self._seen: dict[Path, tuple[FileKey, Version | SetAside | None]] = {}
        self._games: dict[Path, tuple[str, str]] = {}  # each path's game
        self._strays: set[Path] = set()  # said once in the journal
        self._last: tuple[object, ...] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def scan(self) -> ClubArrived | None:
        """One look at the folder; what changed since the last scan, or None."""
        touched: set[tuple[str, str]] = set()
        present: set[Path] = set()
        for hub, name, path in game_files(self.club):
            present.add(path)
            self._games[path] = (hub, name)
            try:
                info = path.lstat()
            except OSError:
                continue
            key = (info.st_size, info.st_mtime_ns, info.st_ino)
            if path in self._seen and self._seen[path][0] == key:
                continue
            found = read_version(hub, name, path)
            if isinstance(found, SetAside):
                log.error("club: %s set aside: %s", path, found.why)
            previous = self._seen.get(path, (None, None))[1]
            self._seen[path] = (key, found)
            if isinstance(found, Version) or isinstance(previous, Version):
                touched.add((hub, name))
        for gone in set(self._seen) - present:
            if isinstance(self._seen.pop(gone)[1], Version):
                touched.add(self._games[gone])
            del self._games[gone]
        self._say_strays()
        changed = tuple(
            item
            for _, (_, item) in sorted(self._seen.items())
            if isinstance(item, Version) and item.game.key in touched
        )
        aside = tuple(
            f"{path}: {item.why}"
            for path, (_, item) in sorted(self._seen.items())
            if isinstance(item, SetAside)
        )
        tables = tuple(sorted(read_tables(self.club).items()))
        nights: list[Night] = []
        for folder in hub_folders(self.club):
            nights += read_nights(folder)
        summary = (tables, tuple(nights), aside)
        if not touched and summary == self._last:
            return None
        self._last = summary
        return ClubArrived(changed, tables, tuple(nights), aside, tuple(sorted(touched)))

    def _say_strays(self) -> None:
        """Each name that is not a game, said once (again only after it went away)."""
        found = set(strays(self.club))
        for path in sorted(found - self._strays):
            if path.parent == self.club:
                log.warning("club: %s is not a hub's folder (eight hex digits): ignored", path)
            else:
                log.warning("club: %s is not a game (<start>-g<number>.jsonl): ignored", path)
        self._strays = found

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="club-importer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                arrived = self.scan()
                if arrived is not None:
                    self._post(arrived)
            except Exception:  # a bug must not end the importer: say it, look again later
                log.exception("club: reading the club folder failed; trying again")
            self._stop.wait(self._every)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
