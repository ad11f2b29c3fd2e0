"""What the loop, the command line and the club need of the store: a few small roles.

Every device has its interface; the store has these. :class:`~hubd.store.GameStore` plays
them all, and each caller names only the role it uses, so what it may ask of the store is
written in its signature and a test may pass a fake that keeps a few rows in a dict:

- :class:`GameLog`: the game being played, event by event (the loop);
- :class:`Records`: the history, the statistics, the players' names and how they sound (the
  loop's screens);
- :class:`ClubGames`: this hub's games for the club folder and the other hubs' games (the
  club night);
- :class:`Transfers`: export, import and backup (the command line).

:class:`HubStore` is the loop's (its game and its records) and :class:`Store` is every role
with closing: what :func:`hubd.store.open_store`, the one place the store is opened, returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Protocol, TextIO

from engine import Event, Game, NewGame
from hubd.config.files import OwnFile
from hubd.store.club import ClubRow
from hubd.store.log import ImportSource
from hubd.values.records import GameRecord, PlayerStats


class GameLog(Protocol):
    """The game being played: each event committed before it is shown, resumed after a stop."""

    @property
    def cannot_save(self) -> str | None:
        """Why the store opened view-only (and what to do), or None."""

    @property
    def recovered_from(self) -> str | None:
        """What was moved or set aside at open, to say on the screen, or None."""

    def unfinished_game(self) -> int | None:
        """The game to resume: the most recent game, if it is not over."""

    def load(self, game_id: int) -> Game:
        """The game rebuilt from its whole log."""

    def new_game(self, event: NewGame, now: datetime | None = None) -> int:
        """Store a new game; its id."""

    def append(self, game_id: int, event: Event, now: datetime | None = None) -> int:
        """Commit ``event`` to the game's log; its sequence number once it is on the disk."""

    def check_files(self) -> None:
        """Notice the files removed or replaced under the store and put them back (cheap)."""

    def keep_phone_desk(self, game_id: int, desk: str) -> None:
        """Keep what the phones' desk holds for the game."""

    def phone_desk(self, game_id: int) -> str | None:
        """What the phones' desk kept for the game."""


class Records(Protocol):
    """The history, the statistics and the players' names, derived from the stored games."""

    def history(self, limit: int = 50, *, finished_only: bool = False) -> list[GameRecord]:
        """Games newest first."""

    def player_stats(self) -> list[PlayerStats]:
        """Each player's figures over finished games."""

    def known_players(self, limit: int | None = None) -> list[str]:
        """Names from past games, the most recently used first."""

    def sounds_like(self) -> dict[str, str]:
        """How the players' names sound, as the family typed them."""

    def set_sounds_like(self, player: str, said: str) -> None:
        """Keep how ``player``'s name sounds ("" forgets it)."""


class HubStore(GameLog, Records, Protocol):
    """What the main loop needs of the store: the game it plays and the records it shows."""


class ClubGames(Protocol):
    """The club night's: this hub's games (to write into the club folder) and the others'."""

    def history(self, limit: int = 50, *, finished_only: bool = False) -> list[GameRecord]:
        """This hub's games, newest first (tonight's are written into the club folder)."""

    def started(self, game_id: int) -> datetime | None:
        """When this hub's game began (its name in the club folder), or None."""

    def export_jsonl(self, game_id: int, out: TextIO) -> None:
        """The game's log exactly as stored."""

    def club_games(self) -> list[tuple[str, str, int, str, str]]:
        """(hub, name, lines, digest, summary) of every club game stored."""

    def club_log(self, hub: str, name: str) -> str | None:
        """A stored club game's log (JSON Lines), or None."""

    def keep_club_games(self, rows: Iterable[ClubRow]) -> int:
        """Store the club folder's games that are new or continue the stored; how many."""


class Transfers(Protocol):
    """The command line's: a game out (JSON Lines, CSV), a game in, a copy of them all."""

    @property
    def cannot_save(self) -> str | None:
        """Why the store opened view-only (and what to do), or None."""

    def latest_game(self) -> int | None:
        """The most recent game, finished or not."""

    def export_jsonl(self, game_id: int, out: TextIO) -> None:
        """The game's log exactly as stored."""

    def export_csv(self, game_id: int, out: TextIO) -> None:
        """The game's score sheet."""

    def import_log(self, source: ImportSource, now: datetime | None = None) -> int:
        """Store a game log as a new game, if the engine replays it; its id."""

    def damage(self) -> str | None:
        """What a check of every page finds damaged, or None."""

    def own_files(self) -> list[OwnFile]:
        """The store's own files, which no command may write over."""

    def backup(
        self, dest: Path | str, now: datetime | None = None, *, protect: Sequence[OwnFile] = ()
    ) -> Path:
        """A consistent copy of the database; its path."""


class Store(HubStore, ClubGames, Transfers, Protocol):
    """Every role, and closing: what the one place that opens the store returns."""

    def close(self) -> None:
        """Close the database and let go of the data folder's lock."""

    def __enter__(self) -> Store: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...
