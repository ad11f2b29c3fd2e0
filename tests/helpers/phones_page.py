"""The phones' page in Debian's chromium beside a hub's loop, for the tests that drive both: names,
the Hub, games.
"""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path
from typing import Any

from engine import EndRound, Event, Game, HandPips, NewGame, StartRound
from hubd.config.schema import WebConfig
from hubd.loop.inbox import PhoneRequest
from hubd.screens.shots.scripted_games import record_of
from hubd.values.snapshot import Snapshot
from hubd.web.desk import PhoneDesk
from hubd.web.guard import Limits
from hubd.web.start import start_web

#: Long names, a name of two words, a right-to-left one: what a family's table holds.
NAMES = ("Олександра", "Grandma Rose", "אבא", "Maximiliano")


#: One phone goes through every language: more writes a second than a family's phone makes.
WRITES = Limits(requests_per_s=500, writes_per_s=200)


GAME_ID = 7


TODAY = date.today().isoformat()


class Hub:
    """The page's server and the desk answering it; the game changed by the test."""

    def __init__(self, folder: Path, game: Game) -> None:
        self.game = game
        self.lock = threading.Lock()
        desk, self.close = start_web(
            WebConfig(bind="127.0.0.1", port=0, plain_port=0), folder, self._answer, WRITES
        )
        assert desk is not None
        self.desk: PhoneDesk = desk
        self.history = (record_of(GAME_ID, game, f"{TODAY}T19:10:00", None),)
        self.publish()

    def _answer(self, request: PhoneRequest) -> None:  # on the web thread: the loop's part
        with self.lock:
            self.desk.handle(request, self.game.state, GAME_ID, self._submit)
            self.publish()

    def _submit(self, event: Event) -> bool:
        self.game.apply(event)
        return True

    def publish(self) -> None:
        self.desk.publish(
            Snapshot(
                game_id=GAME_ID,
                state=self.game.state,
                last_entry=self.game.last_effective,
                history=self.history,
            )
        )

    def apply(self, event: Event) -> None:
        with self.lock:
            self.game.apply(event)
            self.publish()

    @property
    def version(self) -> int:
        return self.desk._version

    @property
    def address(self) -> str:
        return str(self.desk.address(GAME_ID))


def scores_game() -> Game:
    """Score-keeper mode, round 2 being played: hands may be entered all round."""
    game = Game.from_events([NewGame(NAMES, {"mode": "scores", "rounds": 3}),
                             StartRound(NAMES[1])])  # fmt: skip
    game.apply(EndRound({name: HandPips(n) for name, n in zip(NAMES, (0, 12, 31, 7), strict=True)}))
    game.apply(StartRound(NAMES[2]))
    return game


def until(page: Any, version: int) -> None:
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version,
                           timeout=5000)  # fmt: skip


#: Eight players for a crowded round: one long word, two words, a Hebrew name, short and long
#: Latin ones, Ukrainian ones.
EIGHT = ("Олександра", "Grandma Rose", "אבא", "Maximiliano", "Ana", "Bartholomew", "Іван", "Zé")


def crowded_start() -> Game:
    """A classic double-12 game among EIGHT, its first round just started."""
    return Game.from_events([NewGame(EIGHT, {"preset": "classic", "set": 12, "rounds": 2}),
                             StartRound(EIGHT[0])])  # fmt: skip
