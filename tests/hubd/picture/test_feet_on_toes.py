"""A double laid on a one-tile toe of another double, late in a crowded round (issue 35):
its three toes must stand nearer to it than to the double two cells away, and the picture
keeps every one of them there, with no line broken, on the play map and in the whole view;
and a crowded table in the whole view's tall portrait area, whose own shape had no room."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine import Game, GameState, PlaceKind, Table, Tile
from engine.log import apply_lines
from hubd.picture import Box, Layouts, Picture
from hubd.screens.shots.log_layout import play_map, whole_map

#: map_bench's game 35 (six players, double-15, the hub preset, players laying every double
#: they can): at these plays, 14 feet, three doubles each on a one-tile toe of another. Laid
#: out, each stood pieces away from every start and at every size tried, until a double's
#: toes turned outwards, beside it before aslant.
FRAMES = {(800, 480): (112, 136), (720, 1280): (114, 138)}

#: What map_bench counts as a piece standing away from what it lies on, or strokes crossing.
AWAY = {"doubles", "toes", "broken", "crossing"}


def feet_on_toes(table: Table) -> list[tuple[Tile, Tile, Tile]]:
    """(the other double, the one-tile toe, the double laid on it) for each such double."""
    found = []
    for tile, place in table.placed.items():
        toe = place.parent
        if place.kind is not PlaceKind.FOOT or toe is None or toe == table.hub:
            continue
        before = table.placed[toe].parent
        if before is not None and table.placed[before].kind is PlaceKind.FOOT:
            found.append((before, toe, tile))
    return found


def frames(
    map_bench: ModuleType, game: int, numbers: Iterable[int]
) -> Iterator[tuple[GameState, Table]]:
    """map_bench's game number ``game`` (from 0) after each of the plays ``numbers``, in a
    round."""
    wanted = set(numbers)
    played = Game()
    for number, event in enumerate(map_bench.play(*map_bench.game_specs(game + 1, 0)[game]), 1):
        played.apply(event)
        if number in wanted:
            state, table = played.state, played.state.table
            assert table is not None and state.in_round
            yield state, table


def _far(a: Box, b: Box) -> float:
    (ax, ay), (bx, by) = a.center, b.center
    return math.hypot(ax - bx, ay - by)


def toes_by_their_double(drawn: Picture, table: Table, other: Tile, double: Tile) -> bool:
    """Every toe of ``double`` drawn, nearer to it than to ``other``."""
    boxes = {t.tile: t.box for t in drawn.tiles}
    toes = table.placed[double].children
    return bool(toes) and all(
        _far(boxes[toe], boxes[double]) < _far(boxes[toe], boxes[other]) for toe in toes
    )


@pytest.mark.parametrize("size", list(FRAMES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_double_on_a_toe_keeps_its_toes_by_it_with_no_line_broken(
    size: tuple[int, int], map_bench: ModuleType
) -> None:
    layouts = Layouts()
    for state, table in frames(map_bench, 35, FRAMES[size]):
        assert sum(p.kind is PlaceKind.FOOT for p in table.placed.values()) >= 12
        stacked = feet_on_toes(table)
        assert len(stacked) >= 2
        area, sizes = play_map(size, state)
        whole = whole_map(size)
        for drawn, room in ((layouts.play_picture(table, area, sizes), area),
                            (layouts.laid_out(table, whole, sizes), whole)):  # fmt: skip
            assert drawn.astray == 0
            assert map_bench.check(drawn, table, room, sizes.floor, sizes.number) & AWAY == set()
            for other, _toe, double in stacked:
                assert toes_by_their_double(drawn, table, other, double)


#: map_bench's game 23 (two players, double-15, players laying every double they can): 14
#: feet from play 74. The whole view's portrait area (704x1016) laid out larger in its own
#: tall shape stood 7-15 pieces away in every frame from 74 to 132; a wider shape has room.
TALL_FRAMES = (74, 130)


def test_a_crowded_table_in_the_tall_whole_view_stands_nothing_away(
    map_bench: ModuleType,
) -> None:
    size = (720, 1280)
    whole = whole_map(size)
    assert whole.h > whole.w
    layouts = Layouts()
    for state, table in frames(map_bench, 23, TALL_FRAMES):
        assert sum(p.kind is PlaceKind.FOOT for p in table.placed.values()) >= 12
        _area, sizes = play_map(size, state)
        drawn = layouts.laid_out(table, whole, sizes)
        assert drawn.astray == 0
        assert map_bench.check(drawn, table, whole, sizes.floor, sizes.number) & AWAY == set()


#: map_bench's game 1 at these plays, in portrait: five feet, a chain of doubles each laid on
#: a one-tile toe of the one before, all on one arm. Lines leaning towards at most the room
#: they needed within two or three cells found it every way alike, ran the chain into the
#: grid's edge from most starts, and stood three pieces away in the play map at every size
#: tried; leaning towards all the room round them as far as they spread, the table fits.
CHAIN_FRAMES = (126, 127)


def test_a_chain_of_doubles_on_one_arm_finds_room_in_the_play_map(map_bench: ModuleType) -> None:
    size = (720, 1280)
    layouts = Layouts()
    for state, table in frames(map_bench, 1, CHAIN_FRAMES):
        assert len(feet_on_toes(table)) >= 2
        area, sizes = play_map(size, state)
        drawn = layouts.play_picture(table, area, sizes)
        assert drawn.astray == 0
        assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & AWAY == set()


#: A seven-player round (classic, double-12, 11 feet) to its 118th play: a 12-12 hub with
#: seven arms, three of one tile each ending in a double two cells out (8-8, 1-1, 4-4) and
#: side by side round the hub, each with doubles on one-tile toes of its own. Past all room,
#: it was laid out larger and stood five pieces away at every size tried: neighbouring feet
#: left each other's toes no cells, and the hub's free way lay between two small arms.
SEVEN_ARMS = Path(__file__).parents[2] / "helpers" / "seven_arms_round.jsonl"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_feet_side_by_side_round_a_crowded_hub_keep_their_toes(
    size: tuple[int, int], map_bench: ModuleType
) -> None:
    game = Game()
    assert apply_lines(game, SEVEN_ARMS.read_text(encoding="utf-8").splitlines()) is None
    state, table = game.state, game.state.table
    assert table is not None and state.in_round
    assert len(table.hub_place.children) == 7 and len(feet_on_toes(table)) >= 5
    area, sizes = play_map(size, state)
    drawn = Layouts(chained=False).play_picture(table, area, sizes)
    assert drawn.astray == 0
    assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & AWAY == set()


#: A two-player round (the hub preset: six arms; double-15, players laying every double they
#: can) to its 68th tile: 14 feet, past all room at 800x480 (map_bench's game 23). Laid out
#: larger, the searches laying the pieces in the plan's fixed order met their dead ends many
#: pieces after the choice that made them, from every start their cells reached, at every
#: size tried, and eight pieces stood away (toes beside another double, lines broken).
SIX_ARMS = Path(__file__).parents[2] / "helpers" / "six_arms_round.jsonl"


def test_a_six_arm_hubs_crowded_table_finds_room_laid_out_larger(map_bench: ModuleType) -> None:
    game = Game()
    assert apply_lines(game, SIX_ARMS.read_text(encoding="utf-8").splitlines()) is None
    state, table = game.state, game.state.table
    assert table is not None and state.in_round
    assert len(table.hub_place.children) == 6 and len(table.placed) == 68
    area, sizes = play_map((800, 480), state)
    drawn = Layouts(chained=False).play_picture(table, area, sizes)
    assert drawn.astray == 0
    assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & AWAY == set()
