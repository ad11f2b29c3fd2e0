"""The table's pictures are laid out off the loop (hubd/loop/pictures.py): a press during a slow
layout is handled at once, the screen keeps the picture it had until the new one is ready, and
a newer table supersedes the ones still waiting. The slow layout is held by an event: no
sleeps, nothing timed."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
from hub_harness import Hub, hub, press, start_two_player_game  # noqa: F401 - the fixture

from engine import Game, NewGame, Play, StartRound, Tile
from hubd.loop.pictures import PictureKeeper, PictureReady
from hubd.picture import Box, Layouts, Sizes
from hubd.screens.map.ready import PictureAsk, PictureShelf, ReadyPicture, lay_out

#: Long enough for any picture here to be laid out; only reached when the worker is broken.
STUCK_S = 30


class HeldLayout:
    """The real layout, held at its start until ``go`` is set; records what it laid out."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.go.set()
        self.started: queue.Queue[PictureAsk] = queue.Queue()
        self.laid: list[PictureAsk] = []

    def __call__(self, ask: PictureAsk, layouts: Layouts) -> ReadyPicture:
        self.started.put(ask)
        assert self.go.wait(STUCK_S), "the test never let the layout go on"
        self.laid.append(ask)
        return lay_out(ask, layouts)


class Worked:
    """The hub with a picture keeper whose layouts the test holds, and what it posts."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.layout = HeldLayout()
        self.posted: queue.Queue[PictureReady] = queue.Queue()
        self.keeper = PictureKeeper(self.post, self.layout)
        hub.app.core.pictures = self.keeper

    def post(self, ready: PictureReady) -> None:
        self.posted.put(ready)
        self.hub.app.inbox.post(ready)

    def arrive(self, count: int) -> list[PictureReady]:
        """Wait for ``count`` pictures from the worker, then let the loop take them."""
        came = [self.posted.get(timeout=STUCK_S) for _ in range(count)]
        self.hub.run()
        return came

    def tiles_drawn(self) -> set[str]:
        app = self.hub.app
        widgets = app.ui.layout(app.core.context(), app.clock.now())
        return {w.key for w in widgets if w.role == "tile"}


@pytest.fixture
def worked(hub: Hub) -> Iterator[Worked]:
    worked = Worked(hub)
    yield worked
    worked.layout.go.set()
    worked.keeper.close()


def started_game(worked: Worked) -> None:
    """Ana and Ben's game, its pictures (the play map's, then the whole view's) drawn."""
    start_two_player_game(worked.hub)
    worked.hub.run()
    worked.arrive(2)
    assert "tile:4-9" in worked.tiles_drawn()
    for _ in range(2):
        worked.layout.started.get_nowait()
    worked.layout.laid.clear()


def test_a_press_during_a_slow_layout_is_handled_at_once(worked: Worked) -> None:
    hub = worked.hub
    started_game(worked)
    before = worked.tiles_drawn()
    worked.layout.go.clear()
    assert hub.play("Ana", "4-3", "9-4")
    hub.run()  # the frame asks for the new table's picture, and is drawn without it
    asked = worked.layout.started.get(timeout=STUCK_S)
    assert Tile(3, 4) in asked.table.placed  # the worker is laying the new table out
    press(hub)
    assert hub.speaker.played[-1] == "cackle"  # answered while the layout is held
    assert not worked.layout.laid
    # The screen draws the picture it had (never a half one), and the map opens the whole view.
    assert worked.tiles_drawn() == before
    app = hub.app
    taps = [w for w in app.ui.layout(app.core.context(), 0) if w.key == "map:tap"]
    assert taps
    app.ui.close_overlay((0, 0))  # the press's double picker
    app.ui.tap(taps[0].rect.center, app.core.context(), app.clock.now())
    assert "back" in {w.key for w in app.ui.layout(app.core.context(), app.clock.now())}
    worked.layout.go.set()
    came = worked.arrive(2)  # the play map's, then the whole view's
    assert [ready.ask.area == ready.ask.whole for ready in came] == [False, True]
    assert "tile:3-4" in worked.tiles_drawn()  # the whole view, now of the new table


def test_a_newer_table_supersedes_the_waiting_ones(worked: Worked) -> None:
    hub = worked.hub
    started_game(worked)
    worked.layout.go.clear()
    plays = [("Ana", "4-3", "9-4"), ("Ben", "5-2", "9-5"), ("Ana", "3-1", "4-3")]
    for player, tile, on in plays:
        assert hub.play(player, tile, on)
        hub.run()
    worked.layout.go.set()
    worked.arrive(3)  # the first table's play map, then the newest table's map and whole view
    laid = [len(ask.table.placed) for ask in worked.layout.laid]
    assert laid == [4, 6, 6]  # the table of the middle play was never laid out
    assert {"tile:3-4", "tile:2-5", "tile:1-3"} <= worked.tiles_drawn()


def test_the_shelf_gives_the_last_picture_of_the_round_until_the_new_one_is_put() -> None:
    game = Game()
    for event in (NewGame(("Ana", "Ben"), {"preset": "classic"}), StartRound("Ana"),
                  Play("Ana", Tile(4, 9), Tile(9, 9))):  # fmt: skip
        game.apply(event)
    area, whole, sizes = Box(0, 0, 500, 300), Box(0, 0, 780, 400), Sizes(43, 32, 4)

    def ask() -> PictureAsk:
        state = game.state
        assert state.table is not None
        ends = frozenset(place.tile for place in state.open_places())
        return PictureAsk(state.table, area, whole, sizes, ends)

    shelf, first = PictureShelf(), ask()
    assert shelf.take(first) is None  # nothing laid out here yet: nothing drawn
    [wanted] = shelf.wanted()
    assert wanted.key == first.key and wanted.table is not first.table  # a copy of its own
    ready = lay_out(first)
    shelf.put(first, ready)
    assert shelf.take(first) is ready
    game.apply(Play("Ben", Tile(5, 9), Tile(9, 9)))
    second = ask()
    assert shelf.take(second) is ready  # the table a play ago, until the new one comes
    assert [len(a.table) for a in shelf.wanted()] == [3]
    assert shelf.take(second) is ready and shelf.wanted() == []  # asked once
    assert (len(wanted.table), len(first.table)) == (2, 3)  # the loop's table went on
    game = Game.from_events([NewGame(("Ana", "Ben"), {"preset": "classic", "set": 12}),
                             StartRound("Ana")])  # fmt: skip
    assert shelf.take(ask()) is None  # never the table of another round (here, the 12-12's)
