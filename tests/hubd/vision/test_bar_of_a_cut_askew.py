"""The bar of a tile cut askew on its face is found once the cut is levelled, not a row of pips
beside it: met on a photo of the synthetic corpus (tests/helpers/photo_synth.py, the stream
camera_bench reads), drawn from a seed no change was tuned on."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import make_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402


def test_a_bar_leaning_further_than_looked_for_is_found_levelled() -> None:
    """Six double-9s in a row at a strong keystone, each cut askew on its face (its side seen
    beside it), its bar climbing 6-15 rows of 160 across it. The 9-4's bar, smeared over the
    rows it climbs at the leans a bar is looked for at, lost to the 9's bottom row of pips
    beside it, as askew: the row taken for the bar, two of its pips cut by the bar's band and
    the third lost, the 9 was read 6 surely and the hand settled wrong with the table. The cut
    levelled, the bar is looked for again and the row inked more evenly along kept: every
    tile's likeliest reading right."""
    photo = make_photo(7030)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)
