"""The tiles' size where each lies in a slanted photo, and the quick quantile the reader uses."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from hubd.vision.shapes import quantile  # noqa: E402
from hubd.vision.sizes import fitted  # noqa: E402


def test_the_near_tiles_of_a_slanted_photo_are_larger_where_they_lie() -> None:
    """Two rows of tiles, the size growing down the photo (the camera's slant), one piece cut
    wrong (a row's half, twice as wide): each place gets the size of the tiles about it."""
    tiles = [(x, y, 40 + 0.1 * y) for x in (100, 200, 300, 400) for y in (100, 400)]
    sizes = fitted([*tiles, (250, 250, 130.0)])
    assert sizes is not None
    assert sizes.at(250, 100) == pytest.approx(50, rel=0.02)
    assert sizes.at(250, 400) == pytest.approx(80, rel=0.02)
    assert sizes.at(250, 250) == pytest.approx(65, rel=0.02)


def test_tiles_in_one_row_give_their_size_along_it_and_nothing_across() -> None:
    """Tiles in one line tell how the size changes along it, not across it (a plane fitted to
    points in a line is anything across: the fit blew up to millions of pixels)."""
    row = [(292, 402, 172), (434, 486, 160), (569, 567, 156), (708, 649, 166), (850, 733, 150)]
    sizes = fitted([(float(x), float(y), float(s)) for x, y, s in row])
    assert sizes is not None
    for x, y, size in row:
        assert sizes.at(x, y) == pytest.approx(size, rel=0.1)
    assert 100 < sizes.at(500, 100) < 220  # far across the line: no wild guess


def test_few_tiles_give_one_size_and_none_give_none() -> None:
    sizes = fitted([(10.0, 10.0, 50.0), (500.0, 500.0, 70.0)])
    assert sizes is not None and sizes.at(10, 10) == sizes.at(500, 500) == pytest.approx(60)
    assert fitted([]) is None


@pytest.mark.parametrize("share", [0.0, 0.2, 0.5, 0.9, 1.0])
def test_the_quick_quantile_is_numpys(share: float) -> None:
    values = np.random.default_rng(7).random((26, 64)).astype(np.float32) * 255
    assert np.allclose(quantile(values, share), np.percentile(values, 100 * share, axis=-1))
    assert np.allclose(quantile(values[3], share), np.percentile(values[3], 100 * share))
