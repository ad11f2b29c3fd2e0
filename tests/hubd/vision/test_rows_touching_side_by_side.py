"""A row of tiles touching long side to long side, the most common way a family lays its
hand, is cut at its seams where its outline is a quadrilateral only by its sides.

Seen sheared (a keystone, a phone held at a slant), such a row's outline is no clean
quadrilateral: the tiles' rounded corners cut its hull's corners off, and the band of their
sides widens towards the camera. Four points fitted to its hull missed more than a
fourteenth of it, so the row was taken by its least rectangle, askew to its seams: no seam
found across it, it was left whole, and cut evenly, every piece had a bar, so the row was
said to be staggered ("Some tiles lie too close"). Left whole by its least rectangle, it is
now cut in the quadrilateral of its four sides (as a sheared tile was already taken), where
its seams run straight across it. A row truly staggered, its tiles touching, is still said,
never guessed."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import make_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.reader import PhotoUnreadable, read_photo  # noqa: E402
from hubd.vision.shapes import quad_of  # noqa: E402


def _read(image: object, highest: int) -> Counter[Tile]:
    seen = read_photo(image, highest)
    return Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)


def _rounded_parallelogram(shear: float, bulge: int) -> object:
    """The mask of a row of five tiles seen sheared: a parallelogram with rounded corners,
    one long side bowed out by ``bulge`` pixels towards its end (the band of the tiles'
    sides widening towards the camera)."""
    mask = np.zeros((700, 700), np.uint8)
    top, bottom, left, right = 150, 550, 200, 400  # five tiles of 80 along its length
    outline = np.array([[left + shear * 400, top], [right + shear * 400, top],
                        [right + bulge, bottom - 120], [right, bottom], [left, bottom]],
                       np.int32)  # fmt: skip
    cv2.fillPoly(mask, [outline], 255)
    rounded = cv2.morphologyEx(mask, cv2.MORPH_OPEN,
                               cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (41, 41)))  # fmt: skip
    contours, _ = cv2.findContours(rounded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return contours[0]


@pytest.mark.parametrize("shear", [0.25, 0.4])
def test_a_sheared_row_is_taken_by_its_sides_not_its_least_rectangle(shear: float) -> None:
    """Its quadrilateral's corners lie near the row's own (within a fifth of a tile's
    width), not at its least rectangle's, which stand off its sheared ends."""
    outline = _rounded_parallelogram(shear, 14)
    quad = quad_of(outline, by_sides=True)
    corners = np.float32([[200 + shear * 400, 150], [400 + shear * 400, 150], [400, 550],
                          [200, 550]])  # fmt: skip
    for corner in corners:
        assert float(np.min(np.linalg.norm(quad - corner, axis=1))) < 16


@pytest.mark.parametrize(
    ("seed", "slant"),
    [
        (219, False),  # five tiles side by side under a strong keystone, beside a row of five
        # read right ("too close": taken for staggered, read as a 12-12 before that)
        (222, False),  # four side by side, their sides between them (read as a 6-6 once)
        (581, False),  # three, two of them touching at a keystone (a 2-2 for a 3-2 once)
    ],
)
def test_a_row_touching_side_by_side_seen_sheared_is_cut_into_its_tiles(
    seed: int, slant: bool
) -> None:
    photo = make_photo(seed, camera_slant=slant)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize("seed", [7019])
def test_a_staggered_row_of_touching_tiles_is_said_not_guessed(seed: int) -> None:
    """Five tiles side by side, each moved along its length a sixth of a tile's length one
    way or the other, touching: their seams run into the steps of the row's outline, no
    quadrilateral holds it, and the row is said."""
    photo = make_photo(seed, count=5, stagger=0.3)
    with pytest.raises(PhotoUnreadable, match="too close or on top of each other"):
        read_photo(photo.image, photo.highest)
