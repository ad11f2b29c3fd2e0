"""Tiles in a dark table's shade beyond a lamp's pool of light (hubd/vision/shade.py): one
threshold over the photo's whiteness, drawn up by the faces lit in the pool, took the faces
in the shade for table, and the hand was read short without a word."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import Look, lamp_lit, make_photo, row_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402

_LOOK = Look(face=(225, 235, 240), coloured=False, groove=False, spinner=False, pip_scale=1.0,
             bar_end=0.12)  # fmt: skip
_ROW = [(3, 5), (6, 2), (4, 1), (5, 5), (2, 0), (6, 3)]


@pytest.mark.parametrize("lamp", [(0.85, 0.2), (0.1, 0.8)], ids=["over-the-right", "low-left"])
@pytest.mark.parametrize("strength", [0.3, 1.0])
def test_the_tiles_beyond_a_lamps_pool_of_light_are_read(
    lamp: tuple[float, float], strength: float
) -> None:
    """Six double-6s apart in a row on a dark table, a hanging lamp over one end: the light
    falls off to a fifth of it across the photo, and the faces at the far end, far lighter
    than the table there, are darker than the table in the lamp's pool. The tile at the far
    end was left out (five tiles read, the total short, nobody asked); its relief (its light
    beside the table's there) shows it as it shows the lit faces: every tile read."""
    photo = lamp_lit(row_photo(_ROW, _LOOK, 40), lamp, strength, falloff=0.8)
    seen = read_photo(photo, 6)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in _ROW)


@pytest.mark.parametrize("strength", [0.3, 1.0])
def test_a_row_touching_under_a_lamp_reads_no_tile_twice(strength: float) -> None:
    """The same row touching, the lamp over its end: the faces read, nothing beyond them in
    the shade is taken for one more tile (their rims, the grooves between them)."""
    photo = lamp_lit(row_photo(_ROW, _LOOK, 0), (0.1, 0.8), strength, falloff=0.8)
    seen = read_photo(photo, 6)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in _ROW)


@pytest.mark.parametrize("seed", [8, 81])
def test_a_checked_cloths_light_squares_under_a_lamp_are_no_tiles(seed: int) -> None:
    """Six tiles on a checked cloth (photo_synth seeds 8 and 81): under a lamp, its light
    squares stand out by relief beside its dark ones as faces do, a patch of them a tile's
    size, and were read as a 1-1 settled in the hand. They are of the cloth's colour, not the
    faces' read (see shade._colour_off): the hand read is the hand laid, nothing more."""
    photo = make_photo(seed)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)
