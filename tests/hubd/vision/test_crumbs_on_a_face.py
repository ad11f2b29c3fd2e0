"""A crumb on a tile's face (a speck of bread, a chip, dirt in a scratch) is no pip: smaller or
paler than the tile's pips and with no partner across its half's centre, where every layout
has one (issue 40: keystone photos read a 0 as a 1, an 11 as a 12, a 7 as an 8, each half's
likeliest count taking in such a blob; tests/helpers/photo_synth.py lays one with ``crumb``)."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import Look, one_tile_photo

from engine.photo_hand import settle
from engine.tiles import Tile, all_tiles
from hubd.vision.reader import read_photo

_PLAIN = Look(face=(235, 240, 242), coloured=False, groove=False, spinner=False, pip_scale=1.0,
              bar_end=0.12)  # fmt: skip


@pytest.mark.parametrize(
    ("tile", "crumb"),
    [
        ((0, 5), (0.65, 0.35, 0.8)),  # on a blank half, beside a 5's pips
        ((0, 5), (0.8, 0.1, 0.5)),  # a paler one, near the blank half's end
        ((1, 5), (0.1, 0.5, 0.8)),  # beside a 1's pip
        ((3, 6), (0.1, 0.5, 0.8)),  # beside a 3's diagonal
        ((4, 2), (0.1, 0.5, 0.8)),  # between a 4's columns
    ],
)
def test_a_crumb_is_not_counted_a_pip(
    tile: tuple[int, int], crumb: tuple[float, float, float]
) -> None:
    """The crumb lies in the top half: its likeliest count is the layout's, the crumb's count
    still likely enough that the table, not the reader, rules it out; never settled wrong."""
    a, b = tile
    seen = read_photo(one_tile_photo(a, b, _PLAIN, crumb=crumb), 9)
    assert len(seen) == 1
    read = seen[0].tile
    assert sorted((read.first.best, read.second.best)) == sorted(tile), read
    crumbed = read.first if read.first.best == a and read.second.best == b else read.second
    assert dict(crumbed.options).get(a + 1, 0.0) >= 0.1, crumbed  # (asked, not ruled out)
    settled = settle([read], list(all_tiles(9))).settled
    assert set(settled) <= {Tile.of(a, b)}
