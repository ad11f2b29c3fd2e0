"""Tiles left out of a hand without a word: each kind met on a photo of the synthetic corpus
(tests/helpers/photo_synth.py, the stream camera_bench reads), every tile read after."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import make_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402


def test_a_tile_sheared_by_a_strong_keystone_is_read_by_its_sides() -> None:
    """Seven double-9s apart in a row at a strong keystone: the two nearest tiles are seen as
    parallelograms whose rounded acute corners leave a sixth of their least rectangle empty,
    2.8 times as long as wide in it, their bars leaning across it. Taken for no tile (too long,
    no level bar) and too small to be said, both were left out. Taken by their four sides,
    each is a tile's shape with its bar level: every tile read."""
    photo = make_photo(166)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)


def test_a_piece_cut_with_its_side_past_its_faces_end_is_read_about_its_bar() -> None:
    """Ten double-15s in two rows of five touching side by side at a keystone: the near tiles
    show their sides along their length, and a piece cut with its side reached past its
    face's end, its bar 15 rows of 160 off its middle, past the band a bar is looked for in.
    The 7-7 was left out without a word (read as seen from above, at one stretch of two: the
    reading from above was not kept). Its end moved to as far past the bar as the other end
    lies (a bar parts its face in two equal halves), its bar is found: every tile read."""
    photo = make_photo(136)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)
