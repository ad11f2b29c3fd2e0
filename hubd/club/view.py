"""What a club night looks like from the files: games, tables, nights; pure, shared by all.

:class:`ClubView` is the one value the Club screen, the phones' page and ``hubd club
standings`` read: build it from the store's club rows (:func:`view_from_rows`) or from the
club folder alone (``hubd.club.games.view_of_folder``), then ask it for a night's standings
or seating.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

from hubd.club.club_game import ClubGame, Conflict
from hubd.club.link import LinkStatus
from hubd.club.nights import Night, merge, table_order
from hubd.club.seating import Proposal, propose
from hubd.club.standings import Standings, nights, standings


@dataclass(frozen=True)
class ClubView:
    hub: str  # this hub ("" when read from the folder alone)
    games: tuple[ClubGame, ...] = ()
    tables: Mapping[str, str] = field(default_factory=dict)  # hub id: table name
    named: Mapping[date, Night] = field(default_factory=dict)  # the nights set on any hub
    set_aside: tuple[str, ...] = ()  # files that do not replay, one line each
    conflicts: tuple[Conflict, ...] = ()  # versions set aside (counted: the one counting now)
    #: Standings and seating already worked out (a view never changes: a new one is made).
    _memo: dict[tuple[str, date | None], object] = field(
        default_factory=dict, compare=False, repr=False
    )

    def days(self) -> list[date]:
        """The nights that have games, newest first."""
        return nights(self.games)

    def latest(self) -> date | None:
        found = self.days()
        return found[0] if found else None

    def night(self, day: date) -> Night:
        return self.named.get(day, Night(day))

    def table_name(self, hub: str) -> str:
        return self.tables.get(hub) or hub

    def order(self, day: date) -> list[str]:
        """The night's tables (hubs with a game that night), in table order."""
        return table_order(self.tables, {g.hub for g in self.games if g.night == day})

    def conflicts_of(self, day: date) -> list[Conflict]:
        """The night's games with a version set aside."""
        return [c for c in self.conflicts if c.other.night == day]

    def standings(self, day: date | None = None) -> Standings:
        day = day or self.latest()
        if ("standings", day) not in self._memo:
            ranking = self.night(day).ranking if day else "pips"
            self._memo["standings", day] = standings(self.games, day, ranking)
        found = self._memo["standings", day]
        assert isinstance(found, Standings)
        return found

    def seating(self, day: date | None = None) -> Proposal | None:
        day = day or self.latest()
        if day is None:
            return None
        if ("seating", day) not in self._memo:
            self._memo["seating", day] = propose(self.games, self.order(day), self.night(day))
        found = self._memo["seating", day]
        assert isinstance(found, Proposal)
        return found


def view_of(
    hub: str,
    games: Iterable[ClubGame],
    tables: Mapping[str, str],
    entries: Iterable[Night],
    set_aside: Iterable[str] = (),
    conflicts: Iterable[Conflict] = (),
) -> ClubView:
    """The view of ``games`` (one counted version each), the organiser's choices applied.

    A conflict's other version counts where the night's choice names its digest; its
    ``counted`` is then the version set aside. Two games with the same log (the same digest)
    are one game, kept under the first hub and name.
    """
    named = merge(entries)
    kept = {game.key: game for game in games}
    shown: list[Conflict] = []
    for conflict in conflicts:
        counted, other = kept.get(conflict.counted.key, conflict.counted), conflict.other
        night = named.get(other.night)
        if night is not None and night.choices().get(other.key) == other.digest:
            kept[other.key] = other
            if counted.digest != other.digest:  # shown the other way round: what counts first
                counted, other = other, counted
                conflict = Conflict(counted, other, conflict.other_file, conflict.counted_file)
        shown.append(conflict)
    by_content: dict[str, ClubGame] = {}
    for game in sorted(kept.values(), key=lambda g: g.key):  # no arrival order
        by_content.setdefault(game.digest, game)
    ordered = tuple(sorted(by_content.values(), key=lambda g: g.key))
    unique = tuple(dict.fromkeys(shown))
    return ClubView(hub, ordered, dict(tables), named, tuple(set_aside), unique)


def view_from_rows(
    hub: str,
    rows: Iterable[tuple[str, str, int, str, str]],
    tables: Mapping[str, str],
    entries: Iterable[Night],
    set_aside: Iterable[str] = (),
    conflicts: Iterable[Conflict] = (),
) -> ClubView:
    """From the store's ``club_games()`` (hubd.store.ClubGames): the standings derived from
    stored games."""
    found = (ClubGame.from_summary(*row) for row in rows)
    games = (g for g in found if g is not None)
    return view_of(hub, games, tables, entries, set_aside, conflicts)


@dataclass(frozen=True)
class ClubState:
    """What the Club screen reads: the view, the night going on, this hub, Syncthing."""

    view: ClubView
    tonight: date
    table: str  # this hub's table name
    link: LinkStatus | None = None  # None until the link first reported
    notice: str = ""  # why a device id typed to pair with was refused
