"""Ivory tiles on a white table: the faces found by their relief and by their own colour are
both read, and the reading with more tiles read is kept."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import make_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402


@pytest.mark.parametrize(
    "seed",
    [
        7146,  # seven double-9 tiles touching side by side in a column: relief read six
        7167,  # six double-6 tiles touching side by side, a shadow's edge across the paper:
        # relief read five
        7175,  # five double-15 tiles in a row across a shadow's edge: by whiteness three read
        # and one asked, relief said them stuck, kept over them read by rims
        7178,  # two rows of five double-6 tiles side by side: relief read one
        7179,  # seven double-9 tiles touching side by side: relief read three and one asked
    ],
)
def test_a_white_table_is_read_by_the_faces_own_colour_where_relief_finds_fewer(
    seed: int,
) -> None:
    """On white paper ivory faces are darker than the paper, only yellower: lighter than the
    paper around them only here and there (a light falling off across it, a shadow's edge, a
    row touching whose middle is in its own shade), relief finds some of them and was kept for
    having read any; the faces' own colour finds every one. Each is read; the one reading more
    tiles is the photo's."""
    photo = make_photo(seed, white=True)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)
