"""Two tiles touching side by side seen at a slant (issue 40): foreshortened, their block is
as squat as one tile seen from above, and it was cut into strips of a tile's shape across
their bars (a 3-0 and a 4-2 read 1-0 and 2-1, the 6 of a 6-0 read 3 surely). Drawn by
tests/helpers/photo_synth.py: the kind, not the photo."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import Look, row_photo, slanted  # noqa: E402

from engine.photo_hand import settle  # noqa: E402
from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402
from hubd.vision.said import PhotoUnreadable  # noqa: E402
from hubd.vision.seen import TileSeen  # noqa: E402

_LOOK = Look(face=(238, 242, 245), coloured=False, groove=False, spinner=False, pip_scale=1.0,
             bar_end=0.1)  # fmt: skip
_DOUBLE_SIX = [Tile.of(a, b) for a in range(7) for b in range(a, 7)]


def _seen(tiles: list[tuple[int, int]], degrees: int) -> list[TileSeen]:
    try:
        return read_photo(slanted(row_photo(tiles, _LOOK, gap=0), degrees), 6)
    except PhotoUnreadable:
        return []  # (said: nothing read surely)


@pytest.mark.parametrize(
    ("tiles", "degrees"),
    [([(3, 0), (4, 2)], 40), ([(3, 0), (4, 2)], 50), ([(5, 1), (6, 3)], 40),
     ([(6, 0), (1, 3)], 40)],
)  # fmt: skip
def test_two_touching_tiles_at_a_slant_are_cut_at_their_groove(
    tiles: list[tuple[int, int]], degrees: int
) -> None:
    """Read as seen from above (its height lengthened as the pips tell), the block is two
    tiles of a tile's shape, cut at the groove between them, not across their bars."""
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in _seen(tiles, degrees))
    assert read == Counter(Tile.of(*tile) for tile in tiles)


@pytest.mark.parametrize("degrees", [30, 40, 50])
@pytest.mark.parametrize("tiles", [[(6, 0), (1, 3)], [(5, 1), (6, 3)], [(2, 2), (5, 4)],
                                   [(4, 1), (2, 0)], [(6, 5), (3, 3)]])  # fmt: skip
def test_a_strip_cut_across_two_tiles_is_never_read_surely(
    tiles: list[tuple[int, int]], degrees: int
) -> None:
    """Checked against a table that leaves every tile read possible (the hand's two and what
    was read), no tile is settled wrong: a strip cut across both tiles' bars (a column of a 6
    and the 0 below it, read 3-0) is read in doubt, and the table asks."""
    truth = Counter(Tile.of(*tile) for tile in tiles)
    seen = _seen(tiles, degrees)
    read = {Tile.of(s.tile.first.best, s.tile.second.best) for s in seen}
    reading = settle([s.tile for s in seen], set(truth) | read, len(tiles))
    assert not Counter(reading.settled) - truth, [s.tile for s in seen]
