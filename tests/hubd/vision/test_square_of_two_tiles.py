"""Two tiles side by side, their long sides touching, make a square of face: cut across their
groove, along their two bars in line, it reads as two other tiles the set allows (issue 40: a
5-1 beside a 6-0 read as a 5-6 and a 1-0, settled wrong). The square is weighed against its
other cut (:mod:`hubd.vision.squares`)."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import make_photo

from engine.photo_hand import settle
from engine.tiles import Tile, all_tiles
from hubd.vision.reader import read_photo

#: Two rows of four double-6s touching, a blank beside a pip half in the second row (5-1
#: beside 6-0 beside 3-0 beside 5-0): every square of two is two other tiles of the set.
BLANKS_BESIDE_PIPS = [(2, 4), (6, 5), (1, 3), (2, 2), (5, 1), (6, 0), (3, 0), (5, 0)]


@pytest.mark.parametrize("seed", [1, 20])
def test_a_square_of_two_tiles_is_not_settled_cut_the_wrong_way(seed: int) -> None:
    """No tile is settled that the hand does not hold, with the set alone."""
    photo = make_photo(seed, 6, len(BLANKS_BESIDE_PIPS), hand=BLANKS_BESIDE_PIPS)
    seen = read_photo(photo.image, photo.highest)
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    settled = settle([s.tile for s in seen], list(all_tiles(photo.highest))).settled
    assert not Counter(settled) - hand
    assert len(settled) >= 6
