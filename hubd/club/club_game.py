"""A club game's figures and a conflict between two of its versions: plain values the
standings, the seating and the Club screen read, apart from the files and the store they come
from (``hubd.club.games`` reads them)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from hubd.club.folder import parse_game_name


@dataclass(frozen=True)
class ClubGame:
    """One game of a club night, as far as its log goes: what the standings need."""

    hub: str
    name: str  # the file name, e.g. 2026-12-01T193005-g12.jsonl
    lines: int  # events in its log
    digest: str  # sha256 of its lines
    players: tuple[str, ...]  # seat order
    totals: tuple[int, ...]  # by seat
    winners: tuple[str, ...]  # empty until it is over
    rounds: int  # rounds scored
    over: bool

    @property
    def started(self) -> datetime:
        parsed = parse_game_name(self.name)
        assert parsed is not None  # only well-named files become ClubGames
        return parsed.started

    @property
    def night(self) -> date:
        parsed = parse_game_name(self.name)
        assert parsed is not None
        return parsed.night

    @property
    def key(self) -> tuple[str, str]:
        """Which game this is a version of: its hub and file name."""
        return (self.hub, self.name)

    def summary(self) -> str:
        """The figures as JSON, for the store's club table."""
        return json.dumps(
            {
                "players": self.players,
                "totals": self.totals,
                "winners": self.winners,
                "rounds": self.rounds,
                "over": self.over,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_summary(
        cls, hub: str, name: str, lines: int, digest: str, summary: str
    ) -> ClubGame | None:
        """From the store's row; None for a row this code cannot read."""
        try:
            data: dict[str, Any] = json.loads(summary)
            return cls(
                hub=hub,
                name=name,
                lines=int(lines),
                digest=str(digest),
                players=tuple(str(p) for p in data["players"]),
                totals=tuple(int(t) for t in data["totals"]),
                winners=tuple(str(w) for w in data["winners"]),
                rounds=int(data["rounds"]),
                over=bool(data["over"]),
            )
        except (ValueError, KeyError, TypeError):
            return None


@dataclass(frozen=True)
class Conflict:
    """A version of a game that does not continue the one counted, nor is continued by it.

    It is set aside: it counts only once the organiser chooses it (its digest, written to a
    hub's nights.json). ``counted_file`` and ``other_file`` name the two files for people.
    """

    counted: ClubGame
    other: ClubGame
    counted_file: str
    other_file: str

    def journal_line(self) -> str:
        return (
            f"{self.other.hub}/{self.other_file} is not a continuation of "
            f"{self.counted.hub}/{self.counted_file or self.counted.name} (as stored): "
            "set aside; the organiser may choose which counts on the Club screen's Hubs tab"
        )
