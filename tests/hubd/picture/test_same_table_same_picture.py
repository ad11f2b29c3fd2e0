"""The same table, the same picture, whoever lays it out and whenever (hubd/picture/chain.py).

A crowded frame is laid out from the last layout found in its area: the hub restarted
mid-round, or laying out another sequence beside, must not draw a table the running hub
fitted at the floor as another picture (game 70 of map_bench at 800x480: its frames 65-97,
searched afresh, found no room in the play map and were drawn at about 0.6 of the floor).
"""

from __future__ import annotations

import itertools
import pickle
import queue
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine import Game, Table
from hubd.loop.pictures import PictureKeeper, PictureReady
from hubd.screens.map.ready import PictureAsk, ReadyPicture
from hubd.screens.shots.log_layout import play_map, whole_map

REPO = Path(__file__).resolve().parents[3]
SIZE = (800, 480)
GAME, CROWDED_FRAME = 70, 80
STUCK_S = 120.0


def asks(map_bench: ModuleType, number: int) -> Iterator[PictureAsk]:
    """The play map's picture of each in-round frame of map_bench's game ``number``."""
    game = Game()
    for event in map_bench.play(*map_bench.game_specs(number + 1, 0)[number]):
        game.apply(event)
        state = game.state
        if state.table is None or not state.in_round:
            continue
        area, sizes = play_map(SIZE, state)
        open_ends = frozenset(place.tile for place in state.open_places())
        yield PictureAsk(state.table.copy(), area, whole_map(SIZE), sizes, open_ends)


class RunningHub:
    """A hub's picture keeper, asked for one frame after another as the loop asks it."""

    def __init__(self) -> None:
        self.posted: queue.Queue[PictureReady] = queue.Queue()
        self.keeper = PictureKeeper(self.posted.put)
        self.shelf: dict[object, ReadyPicture] = {}

    def picture(self, ask: PictureAsk) -> ReadyPicture:
        if ask.key in self.shelf:  # a pass or a draw: the same table, not asked again
            return self.shelf[ask.key]
        self.keeper.ask([ask])
        while True:  # (the whole view of a frame before comes too, or not)
            ready = self.posted.get(timeout=STUCK_S)
            self.shelf[ready.ask.key] = ready.ready
            if ready.ask.key == ask.key:
                return ready.ready


def drawn(ready: ReadyPicture) -> str:
    return repr((ready.picture, ready.letters))


def test_a_restarted_hub_draws_the_picture_the_running_hub_drew(map_bench: ModuleType) -> None:
    """The crowded frame's picture in the running hub (every frame before laid out in turn)
    and in a fresh process given that table alone, as a hub restarted mid-round is."""
    hub = RunningHub()
    try:
        for frame, ask in enumerate(asks(map_bench, GAME), 1):
            running = hub.picture(ask)
            if frame == CROWDED_FRAME:
                break
    finally:
        hub.keeper.close()
    assert running.picture.scale == 1  # the chain fitted it at the floor
    fresh = (
        "import pickle, sys\n"
        "from hubd.screens.map.ready import PictureAsk, lay_out\n"
        "table, area, whole, sizes, ends = pickle.load(sys.stdin.buffer)\n"
        "ready = lay_out(PictureAsk(table, area, whole, sizes, ends))\n"
        "print(repr((ready.picture, ready.letters)))\n"
    )
    given = pickle.dumps((ask.table, ask.area, ask.whole, ask.sizes, ask.open_ends))
    done = subprocess.run([sys.executable, "-c", fresh], input=given, capture_output=True,
                          cwd=REPO, timeout=STUCK_S, check=True)  # fmt: skip
    assert done.stdout.decode().strip() == drawn(running)


def test_two_sequences_in_one_process_do_not_disturb_each_other(map_bench: ModuleType) -> None:
    """Two hubs in one process laying out two games' frames in the same area, turn about:
    the crowded frame is the picture of that game laid out alone."""
    alone, beside, other = RunningHub(), RunningHub(), RunningHub()
    try:
        for frame, (ask, another) in enumerate(
            zip(asks(map_bench, GAME), asks(map_bench, 0), strict=False), 1
        ):
            mixed = beside.picture(ask)
            other.picture(PictureAsk(another.table, ask.area, ask.whole, ask.sizes, frozenset()))
            if frame == CROWDED_FRAME:
                break
        for frame, ask in enumerate(asks(map_bench, GAME), 1):
            single = alone.picture(ask)
            if frame == CROWDED_FRAME:
                break
    finally:
        for hub in (alone, beside, other):
            hub.keeper.close()
    assert drawn(mixed) == drawn(single)


def test_a_rebuilt_prefix_is_the_table_as_it_was(map_bench: ModuleType) -> None:
    """The chain lays a table's prefixes out from its plays (hubd/picture/chain.py): each
    rebuilt table is the engine's table after that play, as the layout reads it."""
    from hubd.picture.chain import TableKey, plays

    tables = [ask.table for ask in asks(map_bench, GAME)][:CROWDED_FRAME]
    last = tables[-1]
    hub = last.hub_place
    rebuilt = Table(hub.tile.lo, hub.capacity, len(last.open_by_end) - 1)
    keys = {TableKey(table) for table in tables}
    for tile, on in plays(last)[1:]:
        assert on is not None
        rebuilt.place(tile, on)
        assert TableKey(rebuilt) in keys


def test_prefixes_stopped_half_way_go_on_where_they_stopped(map_bench: ModuleType) -> None:
    """The hub's picture worker stops laying a table's prefixes out where a play map waits
    (hubd/loop/pictures.py): the ones laid out are kept, and the picture is the same."""
    from hubd.picture import Layouts
    from hubd.picture.chain import Stopped

    ask = list(itertools.islice(asks(map_bench, GAME), 40))[-1]
    layouts, asked = Layouts(), itertools.count()
    layouts.stop = lambda: next(asked) == 20
    with pytest.raises(Stopped):
        layouts.play_picture(ask.table, ask.area, ask.sizes)
    stopped_at = next(asked)
    layouts.stop = lambda: next(asked) < 0
    picture = layouts.play_picture(ask.table, ask.area, ask.sizes)
    assert next(asked) < stopped_at + 40  # not laid out from the start again
    assert picture == Layouts().play_picture(ask.table, ask.area, ask.sizes)
