"""A patch of face read on its own as seen from above (hubd/vision/slant.py read_on_its_own):
its cut reaches a quarter of its size past it, and a neighbour lying that near, cut off by
the cut's edge, had the cut said to hold a tile partly outside the photo (glossy 6034 of the
lane's sample: a 2-2 at a strong slant, its face and side one squat patch beside a 4-1, left
out of the hand without a word)."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import TILE_W, Look, draw_tile  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import PhotoUnreadable, read_photo  # noqa: E402
from hubd.vision.seen import TileSeen  # noqa: E402
from hubd.vision.slant import read_on_its_own  # noqa: E402

_LOOK = Look(face=(235, 240, 242), coloured=False, groove=False, spinner=False, pip_scale=1.0,
             bar_end=0.12)  # fmt: skip


def _laid(photo: np.ndarray, a: int, b: int, left: int, top: int) -> np.ndarray:
    """The tile a-b laid upright with its corner at (left, top): the mask of its face."""
    image, alpha = draw_tile(a, b, _LOOK)
    place = (slice(top, top + 2 * TILE_W), slice(left, left + TILE_W))
    blended = photo[place] * (1 - alpha[..., None]) + image * alpha[..., None]
    photo[place] = blended.astype(np.uint8)
    mask = np.zeros(photo.shape[:2], np.uint8)
    mask[place] = (alpha > 0.5).astype(np.uint8)
    return mask


def _read(cut: np.ndarray) -> list[TileSeen]:
    try:
        return read_photo(cut, 6)
    except PhotoUnreadable:
        return []


@pytest.mark.parametrize("gap", [0.05, 0.1])
def test_a_patch_beside_a_neighbour_its_cut_reaches_is_read_alone(gap: float) -> None:
    """The neighbour is not the patch's: painted the table's colour in the cut, the patch's
    tile is read (it was [], its tile left out)."""
    photo = np.full((2 * TILE_W + 200, 3 * TILE_W + 300, 3), 45, np.uint8)
    face = _laid(photo, 2, 5, 100, 100)
    _laid(photo, 4, 1, 100 + TILE_W + round(gap * TILE_W), 100)
    outlines, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = read_on_its_own(photo, outlines[0], 1.0, _read)
    assert [Tile.of(t.tile.first.best, t.tile.second.best) for t in found] == [Tile.of(2, 5)]
