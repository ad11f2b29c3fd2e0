"""Blank halves of ivory tiles on a white table (photo_synth's ``white``): the table past the
face is no part of it, and the shade of the face's rounded corners no pip."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("cv2")

from photo_synth import make_photo

from engine.photo_hand import settle
from engine.tiles import Tile, all_tiles
from hubd.vision.reader import read_photo

_BLANKS = [(0, 0), (3, 0), (0, 5)]  # four blank halves, each at a face's end or by a pip's


@pytest.mark.parametrize("seed", [7007, 7016, 7021, 7022])
def test_a_blank_half_on_a_white_table_is_read_blank(seed: int) -> None:
    """Ivory faces on white paper are darker than it and yellower, near enough its colour to
    be taken for the face by their light: a face ran to its cut-out's ends, and the shade of
    its rounded corners at the end, one in each, was counted as two pips in doubt (a 0 read 1
    or 2, asked whatever the table allowed). The table past the face, lighter and whiter, is
    no face; a half whose every blob lies in the face's corners holds no pip."""
    photo = make_photo(seed, count=len(_BLANKS), white=True, hand=_BLANKS)
    seen = read_photo(photo.image, photo.highest)
    reading = settle([s.tile for s in seen], list(all_tiles(photo.highest)), len(photo.tiles))
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    assert Counter(reading.settled) == hand and not reading.questions, reading
