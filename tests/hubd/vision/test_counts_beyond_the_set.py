"""A half showing more pips than the game's set has is asked, never read as the set's top
count: a score-keeper's double-9 game photographed with double-12 tiles (or a half
miscounted past the set) read 10-5 as a settled 9-5 and 12-1 as 9-1, the total silently
wrong (seen on the phones' page: "Confirm: 58 pips" for a hand of 63)."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import Look, make_photo, one_tile_photo  # noqa: E402

from engine.photo_hand import settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402

_PLAIN = Look(face=(235, 240, 242), coloured=False, groove=False, spinner=False, pip_scale=1.0,
              bar_end=0.12)  # fmt: skip


@pytest.mark.parametrize(("first", "second"), [(10, 5), (12, 1), (11, 11)])
def test_a_half_past_the_set_is_asked_with_the_sets_top_counts_first(
    first: int, second: int
) -> None:
    photo = one_tile_photo(first, second, _PLAIN)
    assert [Tile.of(s.tile.first.best, s.tile.second.best) for s in read_photo(photo, 12)] == [
        Tile.of(first, second)
    ]  # the same photo in the set it belongs to: read whole
    reading = settle([s.tile for s in read_photo(photo, 9)], list(all_tiles(9)))
    assert reading.settled == ()
    [question] = reading.questions
    assert max(question.choices[0].lo, question.choices[0].hi) == 9  # the nearest count first


def test_a_double_12_hand_read_as_double_9_settles_no_tile_wrong() -> None:
    photo = make_photo(3, 12, 6)
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    reading = settle([s.tile for s in read_photo(photo.image, 9)], list(all_tiles(9)))
    assert not Counter(reading.settled) - hand, reading.settled
    assert len(reading.questions) == sum(max(a, b) > 9 for a, b in photo.tiles)
