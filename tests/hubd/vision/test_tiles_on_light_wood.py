"""Tiles on light wood, its grain lit in stripes as light as their faces: a stripe joined to a
tile's face makes a patch of no tile's shape, and the tile was left out of the hand.

Drawn from fixed seeds by tests/helpers/photo_synth.py (``light_table``: the photo on that
light table, as camera_bench's ``--light-tables`` draws it where its seed draws that table).
"""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import make_photo

from engine.tiles import Tile
from hubd.vision.reader import read_photo


@pytest.mark.parametrize(
    "seed",
    [
        57,  # six double-6s in a column: the 2-2 at its end joined to two stripes (5 of 6 read)
        117,  # three double-9s: one left out (2 of 3 read)
    ],
)
def test_a_tile_joined_to_the_lit_grain_of_light_wood_is_read(seed: int) -> None:
    """The photo's threshold (or its relief) takes the wood's lit stripes with a face; the
    patch, a face with stripes running away from it, comes apart into no tiles, at no
    threshold within it, and was dropped without a word. Its stripes, thinner than a third of
    the face's width and reaching past it, are cut off, and the face is read."""
    photo = make_photo(seed, light_table="light wood")
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)
