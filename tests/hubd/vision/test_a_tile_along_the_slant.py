"""A lone tile lying along a phone's strong slant, foreshortened squatter than a tile's shape
(issue 40: a real 5-0 photographed at 50 degrees was read as a 1-2 and a 0-0). Drawn by
tests/helpers/photo_synth.py: the kind, not the photo."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import TILE_W, Look, one_tile_photo, row_photo, slanted  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402

_LOOK = Look(face=(238, 242, 245), coloured=False, groove=False, spinner=False, pip_scale=1.0,
             bar_end=0.1)  # fmt: skip


def _read(photo: np.ndarray) -> Counter[Tile]:
    return Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in read_photo(photo, 6))


@pytest.mark.parametrize("tile", [(5, 0), (3, 1), (6, 2), (4, 4)])
@pytest.mark.parametrize("bar", [0.05, 0.09])
def test_a_lone_tile_foreshortened_along_the_slant_is_one_tile(
    tile: tuple[int, int], bar: float
) -> None:
    """Seen at 50 degrees, a tile lying along the slant is little longer than it is wide: its
    patch was taken for two tiles side by side (or cut in two across a thick bar, as wide as a
    groove there), one of them read (a 5-0's 5 read 3 or 2) and the other asked. Its height
    lengthened as its pips tell, it has a tile's shape: one tile, its bar across its middle."""
    photo = one_tile_photo(*tile, _LOOK)
    row, end = 120 + TILE_W, round(0.1 * TILE_W)  # (where one_tile_photo lays the tile)
    half = round(bar * TILE_W / 2)
    cv2.rectangle(photo, (140 + end, row - half), (140 + TILE_W - end, row + half), (30,) * 3, -1)
    photo = cv2.GaussianBlur(photo, (0, 0), 1.0)
    assert _read(slanted(photo, 50)) == Counter([Tile.of(*tile)])


@pytest.mark.parametrize("degrees", [40, 50])
def test_two_tiles_side_by_side_at_a_slant_stay_two(degrees: int) -> None:
    """Two tiles side by side a little apart, their patches joined by the blur at a strong
    slant, make a square foreshortened as squat as a tile lying along the slant: lengthened as
    the pips tell, it is a square again, no tile's shape (at 50 degrees it was "No tiles")."""
    photo = slanted(row_photo([(3, 0), (4, 2)], _LOOK, gap=3), degrees)
    assert _read(photo) == Counter([Tile.of(3, 0), Tile.of(4, 2)])
