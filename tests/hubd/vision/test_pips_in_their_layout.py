"""A half's pips read surely only where they stand as their count's layout does (issue 40: a
6-4 cut through its face, its right column lost, read 3-1 with the 3 sure, and a packed 9
whose bottom row was taken for the bar read 6 surely: each hand settled wrong with the
table). Drawn by tests/helpers/photo_synth.py's ``draw_tile``: the kind, not the photos."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import TILE_W as DRAWN_W  # noqa: E402
from photo_synth import Look, draw_tile, pip_centres  # noqa: E402

from engine.photo_hand import SURE_RATIO, HalfGuess, SeenTile, settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.cutout import TILE_W  # noqa: E402
from hubd.vision.layouts import stands_as  # noqa: E402
from hubd.vision.pips import read_halves  # noqa: E402

_PLAIN = Look(face=(228, 236, 240), coloured=False, groove=False, spinner=False, pip_scale=1.0,
              bar_end=0.12)  # fmt: skip
_PACKED = Look(face=(225, 235, 240), coloured=False, groove=True, spinner=False, pip_scale=1.0,
               bar_end=0.12, packed=True)  # fmt: skip


def _on_table(a: int, b: int, look: Look) -> np.ndarray:
    image, alpha = draw_tile(a, b, look)
    table = np.full_like(image, 50)
    return (image * alpha[..., None] + table * (1 - alpha[..., None])).astype(np.uint8)


def _upright(drawn: np.ndarray) -> np.ndarray:
    upright = cv2.resize(drawn, (TILE_W, 2 * TILE_W), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(upright, (0, 0), 1.0)


def _settled(upright: np.ndarray, highest: int) -> tuple[Tile, ...] | None:
    halves = read_halves(upright, highest)
    return None if halves is None else settle([SeenTile(*halves)], list(all_tiles(highest))).settled


def _likely_enough(half: HalfGuess, pips: int) -> bool:
    """Whether ``pips`` stays within the table's reach: not ten times less likely than the
    half's likeliest count (see engine.photo_hand.SURE_RATIO)."""
    likely = dict(half.options)
    return likely.get(pips, 0.0) * SURE_RATIO > max(likely.values())


@pytest.mark.parametrize("tile", [(6, 4), (6, 2), (9, 4), (8, 2), (6, 6), (7, 4)])
@pytest.mark.parametrize("mirrored", [False, True])
def test_a_tile_cut_through_a_column_of_its_pips_keeps_its_count_likely(
    tile: tuple[int, int], mirrored: bool
) -> None:
    """The cut trimmed through the face (a band beside it taken for the tile's side): the
    column by the cut's edge lost but for a sliver, what is left stretched across the cut. A
    6's left column is three pips in a line, no 3 (a 3 is a diagonal); a 4's, two down a side,
    no 2. A 6-4 was read 3 surely and 1, 2, 0 or 3, the 6 and the 4 left out of its likely
    counts (in a hand whose 1-3, 2-3, 0-3 were read elsewhere, settled 3-3): each half is in
    doubt, its own count among the likely ones, the table decides or the hand is asked."""
    drawn = _on_table(*tile, _PLAIN)
    trimmed = drawn[:, : int(0.7 * DRAWN_W)]  # (the right column's pips at 0.66-0.85)
    halves = read_halves(_upright(trimmed[:, ::-1] if mirrored else trimmed), 9)
    assert halves is not None
    assert _likely_enough(halves[0], tile[0]) and _likely_enough(halves[1], tile[1]), halves


@pytest.mark.parametrize("trim", [0.70, 0.71])
@pytest.mark.parametrize("mirrored", [False, True])
def test_a_9_cut_off_its_column_but_a_sliver_keeps_its_count_likely(
    trim: float, mirrored: bool
) -> None:
    """The cut sitting off its tile by a column (a 9-0 at a slant, the cut's edge through its
    9's left column): each pip of that column left a sliver, under half a pip, at the cut's
    edge, the face running on past it; the two columns left are a 6 in its own layout, and
    it was read 6 surely (settled wrong with the table). A sliver a pip's breadth long, in line
    with a row of pips counted, is that row's pip cut off: the half is in doubt, 9 likely."""
    drawn = _on_table(9, 9, _PLAIN)[:, : int(trim * DRAWN_W)]  # (the right column: 0.66-0.85)
    halves = read_halves(_upright(drawn[:, ::-1] if mirrored else drawn), 9)
    assert halves is not None
    assert _likely_enough(halves[0], 9) and _likely_enough(halves[1], 9), halves


def test_a_packed_row_taken_for_the_bar_leaves_its_half_in_doubt() -> None:
    """A packed 9 above a faint groove, its bottom row of pips where the bar was taken (drawn
    here as the row's ink along it, the groove below it as faint as a groove blurred): the
    9's two rows above it are a 6 squeezed into two thirds of a half, two rows of three, no
    6's layout. It was read 6 surely: it is in doubt."""
    a, b = 9, 10
    drawn = _on_table(a, b, _PACKED)
    spots, radius = pip_centres(a, packed=True)
    bottom = max(y for _, y in spots)
    row = int((0.04 + 0.92 * bottom) * DRAWN_W)
    for x, y in spots:
        if y == bottom:  # the row goes; a line across the face where it lay
            centre = (int((0.04 + 0.92 * x) * DRAWN_W), row)
            cv2.circle(drawn, centre, int(radius * DRAWN_W) + 2, _PACKED.face, -1)
    cv2.line(drawn, (12, row), (DRAWN_W - 12, row), (40, 40, 40), 4)
    halves = read_halves(_upright(drawn), 12)
    assert halves is not None and _likely_enough(halves[0], a), halves
    assert settle([SeenTile(*halves)], list(all_tiles(12))).settled == ()


@pytest.mark.parametrize("look", [_PLAIN, _PACKED], ids=["plain", "packed"])
def test_every_count_in_its_own_layout_is_still_read_surely(look: Look) -> None:
    """Each number up to 9 drawn in its layout (plain and packed, turned half a turn too):
    its pips stand as their count does, the tile settled with the set alone."""
    wrong = []
    for a in range(10):
        b = (a + 3) % 10
        for tile in ((a, b), (b, a)):
            if _settled(_upright(_on_table(*tile, look)), 9) != (Tile.of(*tile),):
                wrong.append(tile)
    assert not wrong


def test_layouts_turned_or_mirrored_stand_and_lines_of_pips_do_not() -> None:
    """A set may turn or mirror a layout (a 2 on either diagonal, a 6 along or across); a
    line of pips down a side, or a lone pip by it, is no layout of its count."""
    middle = (40.0, 40.0)
    assert stands_as([(20, 20), (60, 60)], middle) and stands_as([(60, 20), (20, 60)], middle)
    across = [(x, y) for x in (20, 40, 60) for y in (20, 60)]
    along = [(x, y) for x in (20, 60) for y in (20, 40, 60)]
    assert stands_as(across, middle) and stands_as(along, middle)
    assert not stands_as([(20, 20), (20, 40), (20, 60)], middle)
    assert not stands_as([(20, 20), (20, 60)], middle)
    assert not stands_as([(x, y) for x in (20, 40, 60) for y in (30, 45)], middle)
    assert stands_as([(42, 38)], middle) and not stands_as([(20, 25)], middle)


@pytest.mark.parametrize("lean", [0.25, -0.25])
def test_a_layout_seen_sheared_stands_and_lines_of_pips_still_do_not(lean: float) -> None:
    """A face seen at a slant, cut upright, is a parallelogram: its rows level with its bar,
    its columns leaning, a pip a third of the pitch off the line its box tells (slant 6030's
    4, read 4 in doubt and asked). Every count's layout so sheared stands; a column of three,
    two pips down a side, two rows of three squeezed, sheared too, still do not."""
    middle = (40.0, 40.0)
    for cells in _layouts():
        points = [(20 + 20 * c + lean * 20 * r, 20 + 20 * r) for c, r in cells]
        assert stands_as(points, middle), points
    for line in ([(20, 20), (20, 40), (20, 60)], [(20, 20), (20, 60)],
                 [(x, y) for x in (20, 40, 60) for y in (30, 45)]):  # fmt: skip
        assert not stands_as([(x + lean * y, y) for x, y in line], middle), line


def _layouts() -> list[list[tuple[int, int]]]:
    """Each count's cells (2 to 9) on the 3 x 3 grid, as tests/helpers/photo_synth.py draws
    them (a column, a row)."""
    return [[(round((x - 0.22) / 0.28), round((y - 0.22) / 0.28)) for x, y in pip_centres(count)[0]]
            for count in range(2, 10)]  # fmt: skip
