"""Tiles left out of a hand without a word: each kind met on a photo of the synthetic corpus
(tests/helpers/photo_synth.py, the stream camera_bench reads), every tile read after."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import Look, make_photo, row_photo  # noqa: E402

from engine.photo_hand import settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402
from hubd.vision.seen import is_unread  # noqa: E402


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


_LOOK = Look(face=(225, 235, 240), coloured=False, groove=False, spinner=False, pip_scale=1.0,
             bar_end=0.12)  # fmt: skip
_ROW = [(3, 5), (6, 2), (4, 1), (5, 5)]


@pytest.mark.parametrize("gap", [0, 40], ids=["touching", "apart"])
@pytest.mark.parametrize("bare", [0, 2])
def test_a_tile_whose_bar_does_not_show_is_asked_not_left_out(gap: int, bare: int) -> None:
    """A row of four double-6s seen from above, one of them with no bar across its face (a
    lamp's glare washed it out): no bar, no halves, and the tile was left out of the hand
    without a word, a score-keeper's total three tiles' pips. It is found all the same (a
    part of the faces beside the tiles read, of a tile's size and inked), and the hand asks
    which tile it is; the others are read, and the hand's count is the hub's."""
    photo = row_photo(_ROW, _LOOK, gap, bare)
    seen = read_photo(photo, 6)
    read = [tile for tile in seen if not is_unread(tile)]
    assert Counter(Tile.of(t.tile.first.best, t.tile.second.best) for t in read) == Counter(
        Tile.of(a, b) for place, (a, b) in enumerate(_ROW) if place != bare
    )
    reading = settle([tile.tile for tile in seen], list(all_tiles(6)), expected=len(_ROW))
    assert not reading.count_differs
    assert [question.asked() for question in reading.questions] == [
        f"Tile {len(read) + 1}: which tile is this?"
    ]


@pytest.mark.parametrize("gap", [0, 40], ids=["touching", "apart"])
def test_a_row_read_whole_asks_nothing(gap: int) -> None:
    """The same rows with every bar showing: four tiles read and settled, nothing found
    beside them to ask about (a tile's rim and the band round it are no tile left unread)."""
    seen = read_photo(row_photo(_ROW, _LOOK, gap), 6)
    reading = settle([tile.tile for tile in seen], list(all_tiles(6)), expected=len(_ROW))
    assert not reading.questions
    assert Counter(reading.settled) == Counter(Tile.of(a, b) for a, b in _ROW)
