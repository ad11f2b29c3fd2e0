"""A lone tile's patch that no cut fits (nothing of it kept: neither a piece nor a block of
stuck tiles) is read as the one tile it is where the whole has a bar across its middle.

On a packed table at a slant, a tile lying apart from the rest showed its side and its shadow
joined to its face along its length: its patch was cut into nothing, left unread, and being
larger than a tile and inked, the photo was said to hold tiles "too close" to tell apart."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from photo_synth import Look, one_tile_photo  # noqa: E402

from hubd.vision.at_work_size import AtWorkSize  # noqa: E402
from hubd.vision.faces import patches  # noqa: E402
from hubd.vision.patch_tiles import one_tile, with_bar  # noqa: E402

_PLAIN = Look(face=(235, 240, 242), coloured=False, groove=False, spinner=False, pip_scale=1.0,
              bar_end=0.1)  # fmt: skip


@pytest.mark.parametrize(("a", "b"), [(6, 2), (3, 5), (0, 4), (9, 9), (12, 1)])
def test_a_lone_tile_cut_into_nothing_is_taken_whole(a: int, b: int) -> None:
    taken = AtWorkSize(one_tile_photo(a, b, _PLAIN))
    [outline] = patches(taken.faces, taken.least)
    found, apart = one_tile(taken.looks, outline, ([], []))
    assert len(found) == 1 and apart == []
    assert with_bar(taken.looks, found, askew=False)
