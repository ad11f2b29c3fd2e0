"""Tiles on a patterned cloth: checks, gingham, stripes or dots whose light part, nearly grey, is
as white where the light falls on it as a face in the shade. Every tile is read, and nothing
is paid for on such a cloth that cannot find a tile on it.

Drawn from fixed seeds by tests/helpers/photo_synth.py, as camera_bench draws its streams.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import Photo, make_photo

import hubd.vision.reader as reader
from engine.tiles import Tile


def read_right(photo: Photo) -> bool:
    seen = reader.read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    return read == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    ("seed", "cloth"),
    [
        (19, False),  # ten double-6s on a grey check, the lit squares joined to the tiles
        (67, False),  # a 3-4 in a shadow beside a lit check: left out
        (164, False),  # a blank 0-0 in a row on a check: the row read short
        (8, True),  # six tiles on a check: said too close (the squares joined to them)
        (25, True),  # one tile on a fine check: said partly outside
    ],
)
def test_every_tile_on_a_patterned_cloth_is_read(seed: int, cloth: bool) -> None:
    """One threshold over the photo's whiteness took the cloth's lit squares with the faces,
    and left the faces in the shade out, or joined the faces to the squares beside them. On a
    cloth, the whiteness is evened out by the light its dark part tells, and the faces are
    the lightest of its three parts: dark, light, face."""
    assert read_right(make_photo(seed, cloth=cloth))


def test_a_patterned_cloth_is_not_read_by_rims(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check as light, by its median, as a light table: where the photo was read short, its
    rims were looked for too, and each light square is closed round by the dark ones as a
    face by its rim (keystone seed 164: 1.3 s of CPU, the one photo over a second, and
    nothing read by them)."""
    looked: list[Any] = []
    rimmed = reader.rimmed

    def counted(*args: Any) -> Any:
        looked.append(args)
        return rimmed(*args)

    monkeypatch.setattr(reader, "rimmed", counted)
    photo = make_photo(164)
    reader.read_photo(photo.image, photo.highest)
    assert not looked
