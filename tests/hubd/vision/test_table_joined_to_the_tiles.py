"""Tiles whose faces one threshold takes together with a part of the table: a glossy table's
reflection, a light table's lit part. The table joined to them is no tile, cut off or stuck.

Drawn from fixed seeds by tests/helpers/photo_synth.py, as camera_bench draws its streams.
"""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("cv2")
pytest.importorskip("numpy")

from photo_synth import Photo, make_photo

from engine.tiles import Tile
from hubd.vision.reader import read_photo


def read_right(photo: Photo) -> bool:
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    return read == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        61,  # three double-15s touching, the reflection running off the photo's edge
        90,  # two double-9s, the reflection's end lying inside the photo
    ],
)
def test_tiles_read_beside_a_reflection_joined_to_them_are_the_hand(seed: int) -> None:
    """A window's reflection on a glossy table runs in under the tiles, and the photo's one
    threshold took it with them: every tile was read, yet their patch held tiles' worth more
    (said as a tile partly outside, then read again by a threshold within the patch that cut
    the faces at their pips and lost two of three tiles; or said as tiles stuck). What lies
    beyond the tiles read and their sides, bare of pips and dimmer than their faces, is table."""
    assert read_right(make_photo(seed, glossy=True))


@pytest.mark.parametrize(
    "seed",
    [
        48,  # three double-12s on a laminate, a shadow's edge across it: "No tiles found"
        96,  # six double-12s in a row beside a lamp's glare on a laminate: four read
    ],
)
def test_tiles_as_light_as_a_lit_laminate_are_found_by_their_rims(seed: int) -> None:
    """On a laminate as light as the tiles, the photo's threshold takes its lit part with the
    faces (the tiles in it cut out short or not at all), and the faces are no lighter than the
    table around them (relief finds no step). Each face is still closed round by a dark rim:
    its rounded edge darkens towards the table, its shadow darkens the table beside it. What
    such a rim encloses, inside the photo and of a face's size, is a face."""
    assert read_right(make_photo(seed, light=True))


@pytest.mark.parametrize(
    "seed",
    [
        7002,  # two double-12s, the reflection running into one's end: one read
        7023,  # ten double-9s in two rows, the reflection joined to a row: two read
        7025,  # three double-6s, the reflection joined to their row's end: one read
    ],
)
def test_a_tile_a_reflection_runs_into_is_not_left_out(seed: int) -> None:
    """A window's reflection on a glossy table, dimmer than the faces yet over the photo's
    threshold, joined the tiles it runs into into one patch running past the photo's edge, of
    no tile's shape: those tiles were left out of the hand without a word (the tiles read
    elsewhere filled the photo's count of tiles), or cut wrong. Beside a face, the table is
    dimmer than the face by more than the light falling off or a shadow's edge makes it, so
    what stays as light as the lightest around it parts at a band there; its part at the
    photo's edge, bare and dimmer than the faces beside it, is the reflection, cut off."""
    assert read_right(make_photo(seed, glossy=True))
