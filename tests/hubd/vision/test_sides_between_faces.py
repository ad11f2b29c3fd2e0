"""A column of tiles lying across a strong slant, each tile's side seen between its face and
the next face (issue 40: keystone seed 33, four double-9s, was "No tiles found": each face's
core took in the side of the tile before it, too squat for a tile's shape)."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import make_photo

from engine.photo_hand import settle
from engine.tiles import Tile, all_tiles
from hubd.vision.reader import read_photo


def test_faces_with_the_sides_between_them_are_read() -> None:
    """The squat cores are read as faces, the side cut off each: most of the column's tiles
    are read, and none is settled wrong with the set alone."""
    photo = make_photo(33)
    seen = read_photo(photo.image, photo.highest)
    assert len(seen) >= 3
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    settled = settle([s.tile for s in seen], list(all_tiles(photo.highest))).settled
    assert not Counter(settled) - hand
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert sum((read & hand).values()) >= 2
