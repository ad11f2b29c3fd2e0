"""Crowded frames of map_bench's fixed sample in the play map's small areas (six or more
players: 420x204 at 800x480, 704x312 at 720x1280), whose pieces folded most filled every
cell, or nearly, of the grid at the numbers' floor: with the cells snug (a row more, where
the area left most of one unused) they are laid out at the floor, not drawn smaller."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from engine import Game, GameState
from hubd.picture import play_picture
from hubd.picture.grid import CELL_H_EM, SNUG_H_EM, Grid
from hubd.picture.shapes import Box
from hubd.screens.shots.log_layout import play_map

#: (game of map_bench's list, its in-round frames): every piece needed a cell of the 1.05 em
#: grid (40 of 40, 45 of 45), or the search found no room from any start in its budget.
CROWDED = {
    (800, 480): [(70, 62), (53, 51), (116, 150)],
    (720, 1280): [(70, 80), (61, 160)],
}

#: What map_bench counts as the picture getting the table wrong.
FAULTS = {
    "doubles", "toes", "order", "touching", "crossing", "outside", "text", "undrawn", "broken",
}  # fmt: skip


def in_round(map_bench: ModuleType, game: int, wanted: set[int]) -> Iterator[GameState]:
    """map_bench's game ``game`` at its in-round frames ``wanted`` (counted from 1)."""
    played, frame = Game(), 0
    for event in map_bench.play(*map_bench.game_specs(game + 1, 0)[game]):
        played.apply(event)
        if played.state.table is not None and played.state.in_round:
            frame += 1
            if frame in wanted:
                yield played.state


@pytest.mark.parametrize("size", list(CROWDED), ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_crowded_small_map_is_laid_out_at_the_floor_in_snug_rows(
    size: tuple[int, int], map_bench: ModuleType
) -> None:
    for game, frame in CROWDED[size]:
        state = next(in_round(map_bench, game, {frame}))  # (the game goes on after it)
        table = state.table
        assert table is not None
        area, sizes = play_map(size, state)
        drawn = play_picture(table, area, sizes)
        assert drawn.astray == 0 and drawn.scale == 1, (game, frame)
        assert drawn.number_px == sizes.floor
        assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & FAULTS == set()


#: The play map's small areas (six players and more) and the numbers' floor there.
SMALL = [(Box(8, 68, 420, 204), 32), (Box(8, 440, 704, 312), 50)]


@pytest.mark.parametrize(("area", "floor"), SMALL)
def test_snug_cells_take_a_row_the_usual_ones_leave_unused(area: Box, floor: int) -> None:
    usual, snug = Grid(area, floor, 2), Grid(area, floor, 2, snug=True)
    assert snug.rows == usual.rows + 1 and snug.cols == usual.cols
    assert SNUG_H_EM * floor <= snug.ch < CELL_H_EM * floor
    assert snug.oy >= area.y and snug.oy + snug.rows * (snug.ch + 2) - 2 <= area.bottom


def test_a_table_past_all_room_is_laid_out_larger_in_cells_not_snug(map_bench: ModuleType) -> None:
    """map_bench's game 50 at its 86th frame in portrait (fourteen feet, past all room): laid
    out larger in snug cells too, its search stood 13 pieces away; in the usual cells, none."""
    state = next(in_round(map_bench, 50, {86}))
    table = state.table
    assert table is not None
    area, sizes = play_map((720, 1280), state)
    drawn = play_picture(table, area, sizes)
    assert drawn.scale < 1 and drawn.astray == 0
    assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & FAULTS == {"text"}
