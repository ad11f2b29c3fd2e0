"""A frame laid out from the last one (hubd/picture/layout.py ``Laid``): one play changes the
table by a tile, so the picture before it, with the new tile, is most often a layout of the
new table where a search afresh, at 85-100 % of a crowded grid's cells, finds none in its
budget."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path
from types import ModuleType

import pytest
from engine_helpers import round_frames

from engine import Game, Table
from engine.log import apply_lines
from hubd.picture import Layouts
from hubd.picture.faithful import over
from hubd.picture.last_layout import Laid, hints_from
from hubd.picture.layout import AS_PLAYED, FOLDS, smallest_grid
from hubd.picture.plan import plan
from hubd.screens.shots.log_layout import play_map

#: What map_bench counts as the picture getting the table wrong.
FAULTS = {
    "doubles", "toes", "order", "touching", "crossing", "outside", "text", "undrawn", "broken",
}  # fmt: skip


#: (size, map_bench's game, its in-round frames): searched afresh, each of these frames found
#: no room in place (every piece folded most needing 85-95 % of the snug grid's cells) and was
#: drawn at about 0.6 of the numbers' floor; each is the frame before it and one tile more.
CROWDED = [((800, 480), 70, range(65, 97)), ((720, 1280), 53, range(138, 158))]

#: Where the last layout, given its usual cells, and every search afresh found no room: a
#: change at a crowded corner (game 61's 75-tile table in portrait, 59 pieces in 72 cells,
#: its 190th to 211th frames, players drawing and passing) was drawn at 0.58 of the floor
#: until the last try from the last layout with more cells (``_rescued``).
CORNER = [((720, 1280), 61, range(190, 212))]

#: Where even that found no room: game 70's double-9 table late in its second round at
#: 800x480 (45 pieces in the snug grid's 48 cells, its 375th to 381st frames, players drawing
#: and passing), drawn at 0.6 of the floor until the last try laid next the piece with the
#: least room (hubd/picture/fail_first.py).
LEAST_ROOM = [((800, 480), 70, range(375, 382))]


@pytest.mark.parametrize(
    ("size", "number", "frames"),
    CROWDED + CORNER + LEAST_ROOM,
    ids=["800x480", "720x1280", "720x1280-corner", "800x480-least-room"],
)
def test_crowded_frames_laid_out_one_after_another_keep_the_floor_in_place(
    size: tuple[int, int], number: int, frames: range, map_bench: ModuleType
) -> None:
    """The frames of a game laid out one after another, as the hub lays them out: the
    crowded ones too at the numbers' floor in the play map, every piece in its place."""
    layouts = Layouts()
    for frame, state in round_frames(map_bench.play(*map_bench.game_specs(number + 1, 0)[number])):
        assert state.table is not None
        area, sizes = play_map(size, state)
        drawn = layouts.play_picture(state.table, area, sizes)
        if frame in frames:
            found = map_bench.check(drawn, state.table, area, sizes.floor, sizes.number)
            assert drawn.scale == 1 and found & FAULTS == set(), (frame, found)
        if frame == frames[-1]:
            break


def test_a_frame_starts_from_the_last_ones_cells_the_tile_played_in_its_ends(
    map_bench: ModuleType,
) -> None:
    """Each piece of the next frame tries first the cell it had (``hints_from``: by its
    ``Plan`` key, its line's first tile and its place along it): every piece but the end
    played on keeps its cell, and the tile played takes that end's (a family game's first
    round, every line drawn whole, every cell numbered apart)."""
    tables: list[Table] = []
    game = Game()
    for event in map_bench.play("classic", 4, 9, False, 7):
        game.apply(event)
        if game.state.table is not None and game.state.in_round:
            tables.append(copy.deepcopy(game.state.table))
    pairs = 0
    for before, after in itertools.pairwise(tables):
        if len(after.placed) != len(before.placed) + 1:
            continue  # a new round
        pairs += 1
        was, now = plan(before, None, False, True), plan(after, None, False, True)
        cells = {piece.key: index for index, piece in enumerate(was.pieces)}
        last = Laid(tuple(before.placed), (43, 4, None, False, AS_PLAYED, False), (9, 9), cells)
        hints = hints_from(now, last)
        played = next(reversed(after.placed))
        ends = {index for index, piece in enumerate(was.pieces) if piece.kind == "end"}
        for piece, hint in zip(now.pieces, hints, strict=True):
            if piece.kind != "end":
                old = [i for i, p in enumerate(was.pieces) if p.place.tile == piece.place.tile]
                assert hint in ends if piece.place.tile == played else hint in old, piece
        assert sorted(hint for hint in hints if hint >= 0) == sorted(set(hints) - {-1})
    assert pairs > 30


#: A five-player four-arm round (double-12) to its 49th tile, at 800x480: every line folded
#: most, its 48 pieces take every cell of the play map's snug grid. No search afresh finds
#: room there, so none is tried, and the last layout was not tried either: the frame was drawn
#: at 0.63 of the floor, though the frame before and its new tile fill the grid (from the last
#: layout, in about a cell tried a piece).
FULL_GRID = Path(__file__).parents[2] / "helpers" / "full_grid_round.jsonl"


def test_a_table_filling_every_cell_is_laid_out_from_the_last_layout(
    map_bench: ModuleType,
) -> None:
    size, game, layouts = (800, 480), Game(), Layouts()
    for line in FULL_GRID.read_text(encoding="utf-8").splitlines():
        assert apply_lines(game, [line]) is None
        state = game.state
        if state.table is not None and state.in_round:  # laid out frame by frame, as the hub
            area, sizes = play_map(size, state)
            drawn = layouts.play_picture(state.table, area, sizes)
    assert state.table is not None and not over(state.table, area, sizes)
    folded = plan(state.table, FOLDS[-1], False)
    assert folded.need == smallest_grid(state.table, folded, area, sizes).size  # every cell
    found = map_bench.check(drawn, state.table, area, sizes.floor, sizes.number)
    assert drawn.scale == 1 and drawn.number_px >= sizes.floor and found & FAULTS == set()
