"""Ivory faces on white paper found by their own colour in the shade as in the light: each
measured against the paper beside it, and against how much darker than the paper the faces
are."""

from __future__ import annotations

from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import make_photo  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.vision.at_work_size import AtWorkSize  # noqa: E402
from hubd.vision.faces import faces  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402


@pytest.mark.parametrize(
    "seed",
    [
        7150,  # a 3-3 and a 4-4 touching side by side, the paper's light falling off across
        # the photo: the paper on its lit side taken for faces (a 0-0 read)
        7166,  # six double-12 tiles in a row, a lamp's light falling across the paper: a
        # tile astride its edge read as 5-10, its end in the shade left out of its face
        7186,  # two rows of five double-6 tiles touching side by side in the shade of a
        # shadow's edge ('No tiles found')
        7205,  # a 5-7 alone astride a shadow's edge ('No tiles found')
    ],
)
def test_faces_across_the_papers_light_and_shade_are_read(seed: int) -> None:
    """A face is as dark beside the paper as the faces are (ivory is darker than white paper
    by a tenth to a fifth), and the paper's light is measured on the paper alone, beside it:
    the light falling off across the paper, or a shadow's edge across a face, neither takes
    the paper for faces nor leaves a face's end in the shade out of it."""
    photo = make_photo(seed, white=True)
    seen = read_photo(photo.image, photo.highest)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)


def test_the_paper_in_the_light_is_no_face() -> None:
    """The faces by their own colour of a photo whose paper is lit on one side (seed 7150): no
    more of the photo than its two tiles (each about 1 % of it), not half the paper."""
    taken = AtWorkSize(make_photo(7150, white=True).image)
    assert taken.own_colour is not None
    found = faces(taken.own_colour, None)
    assert np.count_nonzero(found) / found.size < 0.05
