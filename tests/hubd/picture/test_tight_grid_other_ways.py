"""A crowded frame's last try in its own area (hubd/picture/other_ways.py): the grid of last
resort searched afresh the ways its usual searches never take there, before the frame is
drawn smaller."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from engine import Game
from engine.log import apply_lines
from hubd.picture import Layouts
from hubd.picture.faithful import over
from hubd.picture.layout import FOLDS, kept, smallest_grid
from hubd.picture.plan import plan
from hubd.screens.shots.log_layout import play_map

#: What map_bench counts as the picture getting the table wrong.
FAULTS = {
    "doubles", "toes", "order", "touching", "crossing", "outside", "text", "undrawn", "broken",
}  # fmt: skip

#: A three-player classic round (double-15, doubles on one-tile toes) to its 78th tile, in
#: portrait: folded most, its 62 pieces take 86 % of the snug grid's 72 cells. Its last
#: layout was a dead end, and every search afresh (the plan's order, the toes outwards) found
#: no room from any start within its cells: drawn at 0.68 of the floor, and so were the 16
#: frames after it (map_bench's game 61, its 214th to 230th frames). Laying next the piece
#: with the least room, the toes outwards, from the hub a column right (``STARTS[12]``)
#: found room. Laid out in the map's area of that day (704x432: since 40a6fbf the double-15
#: pad lies in two rows and the same round has 574 px, room to spare).
TIGHT_GRID = Path(__file__).parents[2] / "helpers" / "tight_grid_round.jsonl"


def test_a_crowded_table_no_usual_search_finds_room_for_is_laid_out_the_other_ways(
    map_bench: ModuleType,
) -> None:
    game = Game()
    assert apply_lines(game, TIGHT_GRID.read_text(encoding="utf-8").splitlines()) is None
    table = game.state.table
    assert table is not None and game.state.in_round
    area, sizes = play_map((720, 1280), game.state)
    area = area._replace(h=432)
    folded = plan(table, FOLDS[-1], False)
    cells = smallest_grid(table, folded, area, sizes).size - kept(table)
    assert not over(table, area, sizes) and 0.85 < folded.need / cells < 1
    drawn = Layouts().play_picture(table, area, sizes)  # its prefixes laid out first
    found = map_bench.check(drawn, table, area, sizes.floor, sizes.number)
    assert drawn.scale == 1 and drawn.number_px >= sizes.floor and found & FAULTS == set()
