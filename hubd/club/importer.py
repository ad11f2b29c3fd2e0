"""The importer: reads the club folder on its own thread and posts what changed to the loop.

Every second it looks at the files' sizes and times (cheap), reads and replays only the files
that changed, and posts a :class:`ClubArrived` with the versions that beat what it posted
before, the tables' names and the nights. The loop stores them (``GameStore.keep_club_games``,
which again keeps only a longer version) and recomputes the standings. It never writes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hubd.club.folder import hub_folders
from hubd.club.games import ClubGame, SetAside, Version, game_files, read_version
from hubd.club.nights import Night, read_nights, read_tables

log = logging.getLogger("hubd.club")

SCAN_EVERY_S = 1.0


@dataclass(frozen=True)
class ClubArrived:
    """What the club folder holds that is new to the loop (posted to the inbox)."""

    versions: tuple[Version, ...]  # games new or longer since the last post
    tables: tuple[tuple[str, str], ...]  # (hub, table name)
    nights: tuple[Night, ...]  # every hub's entries (merge them)
    set_aside: tuple[str, ...]  # one line per file that does not replay


FileKey = tuple[int, int, int]  # size, mtime_ns, inode


class ClubImporter:
    def __init__(
        self, club: Path, post: Callable[[ClubArrived], None], every: float = SCAN_EVERY_S
    ) -> None:
        self.club = club
        self._post = post
        self._every = every
        self._seen: dict[Path, tuple[FileKey, ClubGame | SetAside | None]] = {}
        self._posted: dict[tuple[str, str], ClubGame] = {}
        self._last: tuple[object, ...] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def scan(self) -> ClubArrived | None:
        """One look at the folder; what changed since the last scan, or None."""
        fresh: dict[Path, Version] = {}
        present: set[Path] = set()
        for hub, name, path in game_files(self.club):
            present.add(path)
            try:
                info = path.stat()
            except OSError:
                continue
            key = (info.st_size, info.st_mtime_ns, info.st_ino)
            if path in self._seen and self._seen[path][0] == key:
                continue
            found = read_version(hub, name, path)
            if isinstance(found, SetAside):
                log.error("club: %s set aside: %s", path, found.why)
            if isinstance(found, Version):
                fresh[path] = found
                self._seen[path] = (key, found.game)
            else:
                self._seen[path] = (key, found)
        for gone in set(self._seen) - present:
            del self._seen[gone]
        changed: dict[tuple[str, str], Version] = {}
        for version in fresh.values():
            game = version.game
            ident = (game.hub, game.name)
            best = changed.get(ident)
            kept = self._posted.get(ident)
            if (best is None or game.beats(best.game)) and (kept is None or game.beats(kept)):
                changed[ident] = version
        for ident, version in changed.items():
            self._posted[ident] = version.game
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
        if not changed and summary == self._last:
            return None
        self._last = summary
        return ClubArrived(tuple(changed.values()), tables, tuple(nights), aside)

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
