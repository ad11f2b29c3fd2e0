"""The loop's side of the club night: this hub's games written, the others' kept, the view.

:class:`ClubNight` is owned by the main loop. It writes each committed event of this hub's
games into the hub's own folder (hubd/club/writer.py), stores what the importer posts, and
keeps the :class:`ClubView` the Club screen reads. Reading the other
hubs' files and talking to Syncthing happen on their own threads (importer, link).
"""

from __future__ import annotations

import io
import logging
import socket
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

from engine import Game, name_key
from hubd.club.club_game import ClubGame, Conflict
from hubd.club.folder import (
    club_folder,
    game_file_name,
    hub_id,
    night_of,
    parse_game_name,
)
from hubd.club.games import Version, resolve
from hubd.club.importer import ClubArrived, ClubImporter
from hubd.club.link import LinkStatus, PairingError, SyncLink, parse_pairing
from hubd.club.nights import (
    MAX_MOVERS,
    SEATINGS,
    Night,
    changed,
    clean_name,
    toggled,
    write_night,
    write_table,
)
from hubd.club.standings import RANKINGS
from hubd.club.syncthing import Syncthing, find_endpoint, read_endpoint
from hubd.club.view import ClubState, ClubView, view_of
from hubd.club.writer import ClubWriter
from hubd.store import ClubGames, ClubRow, StoreError
from hubd.values.intents import ClubChoice

log = logging.getLogger("hubd.club")


class ClubNight:
    def __init__(
        self,
        data: Path,
        store: ClubGames,
        table: str | None = None,
        *,
        wall: Callable[[], datetime] | None = None,
    ) -> None:
        self.hub = hub_id(data)
        self.club = club_folder(data)
        self.folder = self.club / self.hub
        self.table = table or socket.gethostname()
        self.store = store
        self.writer = ClubWriter(self.folder)
        self.link: LinkStatus | None = None
        #: Called with a file written (its path under the club folder): Syncthing's scan.
        self.on_written: Callable[[str], None] | None = None
        self._wall = wall or (lambda: datetime.now().astimezone())
        self._names: dict[int, str] = {}
        self._tables: dict[str, str] = {self.hub: self.table}
        self._entries: list[Night] = []
        self._aside: tuple[str, ...] = ()
        self._stored: dict[tuple[str, str], ClubGame] = {}  # the version stored of each game
        self._conflicts: dict[tuple[str, str], tuple[Conflict, ...]] = {}
        self._said: set[tuple[tuple[str, str], str]] = set()  # conflicts journaled
        self.notice = ""  # why what the organiser typed to pair with was refused
        self._state: ClubState | None = None
        self._unsaved: dict[tuple[str, str], ClubRow] = {}  # news the store refused (full disk)
        self.importer: ClubImporter | None = None
        self.sync: SyncLink | None = None
        self.view = self._rebuild()

    def open(self) -> None:
        """This hub's folder, its table name, and tonight's games written (start-up)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_table(self.folder, self.table)
        except OSError as err:
            log.error("club: cannot write %s (%s)", self.folder, err)
            return
        tonight = night_of(self._wall().replace(tzinfo=None))
        try:
            records = self.store.history(50)
        except StoreError as err:
            log.error("club: cannot read tonight's games: %s", err)
            return
        for record in records:
            try:
                started = datetime.fromisoformat(record.started).replace(tzinfo=None)
                name = self.file_name(record.game_id)
                if name is None or night_of(started) != tonight:
                    continue
                text = io.StringIO()
                self.store.export_jsonl(record.game_id, text)  # the lines, no replay
            except (StoreError, ValueError) as err:
                log.error("club: cannot write game %s: %s", record.game_id, err)
                continue
            self.writer.put(name, text.getvalue())

    # -- this hub's games ------------------------------------------------------------------

    def file_name(self, game_id: int) -> str | None:
        if game_id not in self._names:
            started = self.store.started(game_id)
            if started is None:
                return None
            self._names[game_id] = game_file_name(started, game_id)
        return self._names[game_id]

    def committed(self, game_id: int, game: Game) -> None:
        """An event of this hub's game was committed: the club file follows."""
        try:
            name = self.file_name(game_id)
        except StoreError as err:
            log.error("club: %s", err)
            return
        if name is not None and self.writer.write(name, game.log) and self.on_written:
            self.on_written(f"{self.hub}/{name}")

    # -- what arrives ----------------------------------------------------------------------

    def arrived(self, news: ClubArrived) -> bool:
        """Keep the importer's news in the store; True when the view changed.

        Of each game's versions, one that continues the stored one replaces it; any other is
        a conflict, set aside (one journal line) until the organiser chooses it. This hub's
        own games are never replaced from the club folder: its file is written again from
        the store when a copy from elsewhere took its place.
        """
        by_game: dict[tuple[str, str], list[Version]] = {key: [] for key in news.games}
        for version in news.versions:
            by_game.setdefault(version.game.key, []).append(version)
        for key, versions in by_game.items():
            counted, aside = self._counted_of(key, versions)
            if counted is not None and counted.game != self._stored.get(key):
                game = counted.game
                row = ClubRow(game.hub, game.name, game.lines, game.digest, counted.text,
                              game.summary())  # fmt: skip
                self._unsaved[key] = row
            self._conflicts[key] = tuple(self._conflict(key, counted, v) for v in aside)
        if self._unsaved:
            try:
                self.store.keep_club_games(list(self._unsaved.values()))
                self._unsaved.clear()
            except StoreError as err:  # kept here, and stored with the next news
                log.error("club: %s", err)
        self._tables = {**dict(news.tables), self.hub: self.table}
        self._entries = list(news.nights)
        self._aside = news.set_aside
        before = self.view
        self.view = self._rebuild()
        return self.view != before

    def _counted_of(
        self, key: tuple[str, str], versions: list[Version]
    ) -> tuple[Version | None, list[Version]]:
        """The version of a game that counts now, and the versions set aside."""
        hub, name = key
        own = self._own_text(name) if hub == self.hub else None
        if own is None:
            stored = self._stored_version(key)
            if stored is None and not any(v.file == name for v in versions):
                # A conflicting copy that came before the game's own file: wait for that
                # file, which counts first on every hub, whatever order they came in.
                return None, []
            return resolve(stored or next(v for v in versions if v.file == name), versions)
        # This hub's game: its store says what it is; the files may only lag behind it.
        mine = [v for v in versions if own.startswith(v.text)]
        if not any(v.file == name for v in mine):
            log.warning("club: %s/%s was replaced by a copy from elsewhere: written again "
                        "from this hub's store", hub, name)  # fmt: skip
            self.writer.put(name, own)
        counted = max(mine, key=lambda v: v.game.lines, default=None)
        return counted, [v for v in versions if v not in mine]

    def _own_text(self, name: str) -> str | None:
        """The log of this hub's own game ``name``, as its store holds it (None: not ours)."""
        parsed = parse_game_name(name)
        if parsed is None:
            return None
        try:
            if self.file_name(parsed.number) != name:
                return None
            text = io.StringIO()
            self.store.export_jsonl(parsed.number, text)
        except StoreError as err:
            log.error("club: %s", err)
            return None
        return text.getvalue()

    def _stored_version(self, key: tuple[str, str]) -> Version | None:
        game = self._stored.get(key)
        if game is None:
            return None
        try:
            text = self.store.club_log(*key)
        except StoreError as err:
            log.error("club: %s", err)
            return None
        return None if text is None else Version(game, text)

    def _conflict(self, key: tuple[str, str], counted: Version | None, other: Version) -> Conflict:
        base = counted or Version(other.game, "")
        conflict = Conflict(base.game, other.game, base.file, other.file)
        if (key, other.game.digest) not in self._said:
            self._said.add((key, other.game.digest))
            log.error("club: %s", conflict.journal_line())
        return conflict

    def linked(self, status: LinkStatus) -> None:
        self.link = status

    def handle(self, news: object) -> bool:
        """What the importer or the link posted to the loop; False for any other event."""
        if isinstance(news, LinkStatus):
            self.linked(news)
        elif isinstance(news, ClubArrived):
            self.arrived(news)
        else:
            return False
        return True

    def choose(self, choice: ClubChoice) -> None:
        """The organiser's tap on the Club screen."""
        if choice.key == "accept":
            self.notice = ""
            if self.sync is not None:
                self.sync.accept(str(choice.value), choice.about)
            return
        if choice.key == "pair":
            self.pair(str(choice.value))
            return
        if choice.key == "version":
            self.choose_version(choice.about, str(choice.value))
            return
        try:
            day = date.fromisoformat(choice.about)
        except ValueError:
            log.warning("club: no night %r", choice.about)
            return
        value = choice.value
        if choice.key == "name":
            self.set_night(day, name=clean_name(str(value)))
        elif choice.key == "seating" and value in SEATINGS:
            self.set_night(day, seating=value)
        elif choice.key == "movers" and isinstance(value, int) and 1 <= value <= MAX_MOVERS:
            self.set_night(day, movers=value)
        elif choice.key == "ranking" and value in RANKINGS:
            self.set_night(day, ranking=value)
        elif choice.key == "aside" and isinstance(value, str):
            self.set_night(day, aside=toggled(self.view.night(day).aside, value))
        else:
            log.warning("club: unknown choice %s = %r", choice.key, value)

    def start(
        self, post: Callable[[ClubArrived | LinkStatus], None], syncthing: Path | None
    ) -> None:
        """Open the folder and start the importer and the link to Syncthing (threads)."""
        self.open()
        self.importer = ClubImporter(self.club, post)
        data = self.club.parent

        def connect() -> Syncthing:
            return Syncthing(read_endpoint(syncthing) if syncthing else find_endpoint(data))

        self.sync = SyncLink(connect, self.club, self.table, post)
        self.on_written = self.sync.scan
        self.importer.start()
        self.sync.start()

    def close(self) -> None:
        if self.importer is not None:
            self.importer.close()
        if self.sync is not None:
            self.sync.close()

    def known_players(self, names: list[str]) -> list[str]:
        """The name picker's names: who sits at this table next first (the night's seating),
        then the hub's own."""
        proposal = self.view.seating(self.tonight())
        first = list(proposal.next_at(self.hub)) if proposal is not None else []
        folded = {name_key(name) for name in first}
        return first + [name for name in names if name_key(name) not in folded]

    def state(self) -> ClubState:
        """The immutable snapshot the screens (and the phones' page) read: the same object
        until something changes, so a screen is redrawn only then."""
        made = ClubState(self.view, self.tonight(), self.table, self.link, self.notice)
        if self._state is None or self._state != made:
            self._state = made
        return self._state

    def _rebuild(self) -> ClubView:
        try:
            stored = self.store.club_games()
        except StoreError as err:
            log.error("club: %s", err)
            stored = []
        # What the store could not take yet still counts (it continues the stored version).
        rows = {(r[0], r[1]): r for r in stored}
        rows.update(
            ((r.hub, r.name), (r.hub, r.name, r.lines, r.digest, r.summary))
            for r in self._unsaved.values()
        )
        found = (ClubGame.from_summary(*row) for row in rows.values())
        self._stored = {game.key: game for game in found if game is not None}
        conflicts = [c for found in self._conflicts.values() for c in found]
        return view_of(self.hub, self._stored.values(), self._tables, self._entries,
                       self._aside, conflicts)  # fmt: skip

    # -- the organiser's choices -----------------------------------------------------------

    def pair(self, typed: str) -> None:
        """Pair with the hub whose device id (and address) the organiser typed or scanned."""
        try:
            device, addresses = parse_pairing(typed)
        except PairingError as err:
            self.notice = str(err)
            return
        self.notice = ""
        if self.sync is not None:
            self.sync.pair(device, addresses)

    def choose_version(self, game: str, digest: str) -> None:
        """Count the version ``digest`` of the game ``game`` ("<hub>/<file name>")."""
        hub, _, name = game.partition("/")
        parsed = parse_game_name(name)
        if parsed is None:
            log.warning("club: no game %r", game)
            return
        night = self.view.night(parsed.night)
        self.set_night(parsed.night, chosen=night.choosing(hub, name, digest))

    def tonight(self) -> date:
        """The night shown first: the latest with games, else the one going on now."""
        return self.view.latest() or night_of(self._wall().replace(tzinfo=None))

    def set_night(self, day: date, **changes: Any) -> None:
        """Name the night or choose its seating or ranking (written to this hub's folder)."""
        night = changed(self.view.night(day), self._wall().isoformat(), self.hub, **changes)
        try:
            write_night(self.folder, night)
        except OSError as err:
            log.error("club: cannot write %s (%s)", self.folder, err)
            return
        self._entries = [n for n in self._entries if (n.day, n.hub) != (day, self.hub)]
        self._entries.append(night)
        self.view = self._rebuild()
