"""The hubs' game files read as games: each version replayed by the engine, the best kept.

A game is named by its hub and its file name. Its versions are the file itself and any
conflicting copy Syncthing made of it; each is read only up to its last newline and replayed
through the same checks as ``hubd import``. A version that does not replay is set aside (one
line in the journal) and never used. Of the rest the longest log wins, and between two logs
as long the larger digest, so every hub keeps the same version whatever order they came in.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from engine import MAX_LOG_BYTES, Game, dump_line
from hubd.club.folder import complete_lines, hub_folders, parse_game_name, versions_of
from hubd.store import ImportRefusedError
from hubd.store.history import progress
from hubd.store.log import game_from_source

log = logging.getLogger("hubd.club")


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

    def beats(self, other: ClubGame) -> bool:
        """Longer, or as long with a larger digest: the version every hub keeps."""
        return (self.lines, self.digest) > (other.lines, other.digest)

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
class Version:
    """A version of a game that replays, with its log's text (what the store keeps)."""

    game: ClubGame
    text: str


@dataclass(frozen=True)
class SetAside:
    """A file that does not replay: never imported; ``why`` is the journal's one line."""

    path: Path
    why: str


def game_of(hub: str, name: str, game: Game, text: str | None = None) -> ClubGame:
    """The figures of a replayed game (``text``: its log as read, else written anew)."""
    import hashlib  # OpenSSL's libcrypto (3 MB resident): only once a club game is read

    state = game.state
    done = progress(state)
    if text is None:
        text = "".join(dump_line(event) + "\n" for event in game.log)
    return ClubGame(
        hub=hub,
        name=name,
        lines=len(game.log),
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        players=tuple(state.players),
        totals=done.totals,
        winners=done.winners,
        rounds=done.rounds_played,
        over=done.over,
    )


def read_version(hub: str, name: str, path: Path) -> Version | SetAside | None:
    """One file as a version of game ``name``; None while it holds no whole line yet.

    The version is the file's lines as they are (Syncthing copies them byte for byte), so
    the same file gives the same digest on every hub.
    """
    try:
        # O_NOFOLLOW: a symbolic link in a hub's folder is never followed out of it.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as handle:
            data = complete_lines(handle.read(MAX_LOG_BYTES + 1))
    except OSError as err:
        return SetAside(path, f"cannot be read ({err.strerror or err})")
    if not data.strip():
        return None
    lines = data.splitlines()
    try:
        game = game_from_source(lines)
    except ImportRefusedError as err:
        return SetAside(path, err.message)
    # Every line replayed, so each is UTF-8; blank lines (skipped by the replay) are dropped.
    text = "".join(line.decode("utf-8").strip() + "\n" for line in lines if line.strip())
    return Version(game_of(hub, name, game, text), text)


def game_files(club: Path) -> Iterator[tuple[str, str, Path]]:
    """(hub, game file name, path) of every version of every game in the club folder."""
    for folder in hub_folders(club):
        try:
            names = sorted(p.name for p in folder.iterdir())
        except OSError:
            continue
        for file_name in names:
            name = versions_of(file_name)
            if name is not None:
                yield folder.name, name, folder / file_name


def best(versions: Iterable[Version]) -> dict[tuple[str, str], Version]:
    """The version kept of each game: longest, then largest digest (order-free)."""
    kept: dict[tuple[str, str], Version] = {}
    for version in versions:
        key = (version.game.hub, version.game.name)
        if key not in kept or version.game.beats(kept[key].game):
            kept[key] = version
    return kept


def read_club(club: Path) -> tuple[list[ClubGame], list[SetAside]]:
    """Every game in the club folder (its best version) and the files set aside."""
    versions: list[Version] = []
    aside: list[SetAside] = []
    for hub, name, path in game_files(club):
        found = read_version(hub, name, path)
        if isinstance(found, Version):
            versions.append(found)
        elif isinstance(found, SetAside):
            aside.append(found)
    return [v.game for v in best(versions).values()], aside
