"""Blank halves of ivory tiles on a white table (photo_synth's ``white``): the table past the
face is no part of it, and the shade of the face's rounded corners no pip."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import TILE_W as DRAWN_W  # noqa: E402
from photo_synth import Look, draw_tile, make_photo  # noqa: E402

from engine.photo_hand import settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.cutout import TILE_W  # noqa: E402
from hubd.vision.pips import read_halves  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402

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


@pytest.mark.parametrize("along", [0.3, 0.5, 0.7])
@pytest.mark.parametrize("shade", [0.5, 0.6])
def test_the_shade_along_a_blank_halfs_end_is_no_pip(along: float, shade: float) -> None:
    """A shadow's edge across a tile's rounded end darkens a spot along the end, between its
    corners (a 5-0 on white paper, the shade of its end read a pip: 1 or 0 in doubt). No
    layout's pip lies that near the face's end (the 3 x 3 grid's end row lies a quarter of the
    width from it): a half whose every blob lies by a corner or by the end is blank."""
    look = Look(face=(200, 225, 235), coloured=False, groove=False, spinner=False,
                pip_scale=1.0, bar_end=0.12)  # fmt: skip
    image, alpha = draw_tile(5, 0, look)
    spot = np.ones(alpha.shape, np.float32)
    centre = (int(along * DRAWN_W), int((2 - 0.1) * DRAWN_W))
    axes = (int(0.07 * DRAWN_W), int(0.045 * DRAWN_W))
    cv2.ellipse(spot, centre, axes, 0, 0, 360, shade, -1)
    image = image * cv2.GaussianBlur(spot, (0, 0), 0.015 * DRAWN_W)[..., None]
    paper = np.full_like(image, 245)
    drawn = (image * alpha[..., None] + paper * (1 - alpha[..., None])).astype(np.uint8)
    upright = cv2.resize(drawn, (TILE_W, 2 * TILE_W), interpolation=cv2.INTER_AREA)
    halves = read_halves(cv2.GaussianBlur(upright, (0, 0), 1.0), 9)
    assert halves is not None
    assert halves[0].best == 5 and dict(halves[1].options) == {0: 1.0}
