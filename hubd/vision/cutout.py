"""A tile cut out of the photo upright, and what in the cut-out is face, ink and bar."""

from __future__ import annotations

import functools

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.shapes import Floats, Image, chroma, percentile_of, quantile

TILE_W = 80  # an upright tile's width once cut out (its length is twice that)
_BAR_INK = 10.0  # a bar (a line or a groove) takes this much more light all across than the
# face's other rows near the middle, and twice as much (a thin line, blurred, keeps little ink)
_FAINT_BAR = 5.0  # a faint bar takes this much more light than the face's other rows
_LINE_ROWS = 5  # a bar's ink runs over this many rows at the most (half its peak's or more)
_EVEN = 0.6  # a line's ink along it is this share of its most inked fifth at the least (a row
# of pips leaves the face between them less inked)
_MORE_EVEN = 0.2  # and this much more than the row of pips taken for the bar
_LEANS = (0, -3, 3)  # how many rows a bar may climb across the tile (of its 160)
# And a cut askew on its face, before it is levelled (see :func:`levelled`):
_TURNS = tuple(sign * rows for rows in range(0, 19, 3) for sign in ((1,) if rows == 0 else (-1, 1)))
_FINE_LEANS = tuple(sorted(range(-18, 19), key=abs))  # each lean, the least first
_LEANS_MORE = 1.5  # a bar leaning gathers this many times the ink of the level row at least
_FACE_LIGHT = 0.9  # a face is at least this light beside its row's lightest (a side is less)
_FACE_INK = 50.0  # a face's own shading (a shadow's soft edge, its bevel's start) takes less
_WHITER, _LIGHTER = 6.0, 1.04  # a white table's colour is this far from the face's, and it is
# this many times lighter than the face's lit middle, at least (see _whiter_table)
_EDGE = 3  # a cut-out edge's rows or columns looked at for the table past the face


def cut_out(small: Image, corners: Floats) -> Image:
    """The tile cut out upright, ``TILE_W`` wide and twice as long."""
    view = view_of(corners)
    return cv2.warpPerspective(small, view, (TILE_W, 2 * TILE_W), flags=cv2.INTER_LINEAR)


def view_of(corners: Floats) -> Floats:
    """The perspective :func:`cut_out` cuts a tile with ``corners`` by (photo to cut-out)."""
    # The face's threshold leaves out the darker rounded edge: the cut reaches a little past it.
    centre = corners.mean(axis=0)
    short = float(np.linalg.norm(corners[1] - corners[0]))
    grown = [centre + (p - centre) * (1 + 0.06 * short / float(np.linalg.norm(p - centre)))
             for p in corners]  # fmt: skip
    target = np.array([[0, 0], [TILE_W, 0], [TILE_W, 2 * TILE_W], [0, 2 * TILE_W]], np.float32)
    view: Floats = cv2.getPerspectiveTransform(np.array(grown, np.float32), target)
    return view


def levelled(small: Image, corners: Floats, ink: Floats) -> Floats:
    """A tile's ``corners`` turned so that its bar runs level in its cut-out (``ink``: the
    cut-out's), where the cut sat askew on the face (a patch of a face and its side seen
    beside it at a slant: the least rectangle around both leans on the face by a few
    degrees); the same ``corners`` where it did not."""
    found = _find_bar(ink, _TURNS)
    if found is None or found[2] == 0:
        return corners
    # The lean is rows climbed across the bar's band: the angle of the face in the cut-out.
    angle = np.arctan2(-found[2], TILE_W - 2 * (TILE_W // 10))
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    centre = np.array([TILE_W / 2, TILE_W], np.float64)
    view = view_of(corners)
    own = cv2.perspectiveTransform(corners.reshape(-1, 1, 2).astype(np.float32), view)
    turned = ((own.reshape(4, 2) - centre) @ turn.T + centre).astype(np.float32)
    back = cv2.perspectiveTransform(turned.reshape(-1, 1, 2), np.linalg.inv(view))
    turned_back = back.reshape(4, 2).astype(np.float32)
    # (A lean found in steps of three rows may overshoot a faint bar: kept where it is seen.
    # Squared on the face's edges where the bar is still seen so, else as turned: a shadow's
    # edge or the table's light along the face moves what is taken for its edges.)
    for level in (_squared(small, turned_back), turned_back):
        if _find_bar(ink_of(cut_out(small, level)), _LEANS) is not None:
            return level
    return corners


def bar_lean(ink: Floats) -> int:
    """How many rows the bar climbs across the tile's middle band (0: level, or no bar seen
    leaning): the lean its ink gathers into one row at, each row taken at its least inked
    fifth (a bar is ink all across; rows of pips in line are not), kept only where that row
    holds much more ink than the level one (a face cut askew, its side seen beside it)."""
    most = quantile(_leant(_middle_band(ink), _FINE_LEANS), 0.2).max(axis=1)
    best = int(np.argmax(most))
    level = float(most[0])
    if float(most[best]) < max(_LEANS_MORE * level, level + _BAR_INK):
        return 0
    return _FINE_LEANS[best]


def sheared(image: Image, lean: int) -> Image:
    """``image`` (a cut-out) with its columns moved so that a line climbing ``lean`` rows
    across the middle band (see :func:`bar_lean`) runs level, the middle column in place."""
    slope = -lean / (TILE_W - 2 * (TILE_W // 10))  # (climbing: up the rows, rightwards)
    shear = np.array([[1.0, 0.0, 0.0], [slope, 1.0, -slope * TILE_W / 2]], np.float32)
    size = (image.shape[1], image.shape[0])
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    moved: Image = cv2.warpAffine(image, shear, size, flags=flags, borderMode=cv2.BORDER_REPLICATE)
    return moved


def _squared(small: Image, corners: Floats) -> Floats:
    """A levelled cut's long sides moved onto the face's own long edges: the least rectangle
    around a face and its side, turned square on the face, still reaches past it at one end
    and falls short at the other (the face is a parallelogram in it).

    The face is its row's lightest part (a side is darker by a sixth or more, the table more;
    a shadow's edge across the face changes the light slowly along a row); its edges are
    measured in each half away from the bar and the ends, and the lines through them
    extended to the cut's ends."""
    upright = cut_out(small, corners)
    light = cv2.cvtColor(upright, cv2.COLOR_BGR2LAB)[:, :, 0].astype(np.float32)
    face = light > _FACE_LIGHT * quantile(light, 0.9)[:, None]
    face = cv2.morphologyEx(face.astype(np.uint8), cv2.MORPH_CLOSE,
                            np.ones((1, TILE_W // 4), np.uint8)) > 0  # fmt: skip
    middle = TILE_W // 2
    heights, lefts, rights = [], [], []
    for start in (TILE_W // 4, 3 * TILE_W // 2):
        rows = face[start : start + TILE_W // 4]
        # Each row's run of face through its middle column.
        left = np.cumprod(rows[:, middle::-1], axis=1).sum(axis=1)
        right = np.cumprod(rows[:, middle:], axis=1).sum(axis=1)
        heights.append(start + TILE_W / 8)
        lefts.append(middle + 1 - float(np.median(left)))
        rights.append(middle - 1 + float(np.median(right)))
    if min(rights[0] - lefts[0], rights[1] - lefts[1]) < 0.6 * TILE_W:
        return corners  # no face's width in a half: nothing to go by
    view = view_of(corners)
    own = cv2.perspectiveTransform(corners.reshape(-1, 1, 2).astype(np.float32), view)
    own = own.reshape(4, 2)
    moved = own.copy()
    for index, edges in ((0, lefts), (1, rights), (2, rights), (3, lefts)):
        y = float(own[index][1])
        moved[index][0] = edges[0] + (edges[1] - edges[0]) * (y - heights[0]) / (
            heights[1] - heights[0]
        )
    back = cv2.perspectiveTransform(moved.reshape(-1, 1, 2), np.linalg.inv(view))
    return back.reshape(4, 2).astype(np.float32)


def ink_of(upright: Image) -> Floats:
    """How much of the face's own light each pixel takes away (0 = face, 255 = black).

    Every colour of pip absorbs some channel strongly (a yellow pip takes the blue away, a
    green one the red), so the strongest relative drop over the three channels finds black
    and coloured pips alike; relative to the face's own light, so a shadow is no pip.
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (TILE_W // 3, TILE_W // 3))
    blurred = cv2.GaussianBlur(upright, (3, 3), 0)
    # (Closed as bytes: the same values as closed as floats, at a third of the CPU.)
    face = cv2.morphologyEx(blurred, cv2.MORPH_CLOSE, kernel).astype(np.float32)
    drop = 1.0 - blurred.astype(np.float32) / np.maximum(face, 1.0)
    # (The strongest of the three drops taken channel by channel: the same values as numpy's
    # max over the last axis, which walks three values at a time, in a tenth of the CPU.)
    strongest = np.maximum(np.maximum(drop[:, :, 0], drop[:, :, 1]), drop[:, :, 2])
    ink: Floats = np.clip(strongest * 255.0, 0, 255).astype(np.float32)
    return ink


def bar_row(
    ink: Floats, in_row: bool = False, faint: bool = False, askew: bool = False
) -> tuple[int, float] | None:
    """The row of the bar, the most inked line across the tile's middle, and its ink (None:
    no bar). A piece cut from a row of touching tiles (``in_row``) is a tile by its shape and
    the seams either side: its bar need only stand out of the face's rows, not twice as inked
    as they are (which a scrap of cloth would be, and a groove blurred in a shadow is not).
    A lone patch of a tile's shape in a photo where nothing else is one (``faint``) is a tile
    whose bar a blur or a shadow left faint: the most inked row is its bar. A cut that may sit
    askew on its face (``askew``, see :func:`levelled`) lets the bar lean further."""
    found = _find_bar(ink, _TURNS if askew else _LEANS, in_row, faint)
    if found is None:
        return None
    row, bar_ink, lean = found
    return _thin_line_beside(ink, row, lean) or (row, bar_ink)


def inked_along(ink: Floats, lean: int) -> tuple[Floats, Floats]:
    """The ink of each row within a third of the width of a cut-out's middle, leaning
    ``lean``, along it (its least inked fifth) and at its cores (its most inked fifth): its
    rows dilated by 5, as a bar is found."""
    reach = TILE_W // 3
    band = ink[TILE_W - reach : TILE_W + reach, TILE_W // 10 : -(TILE_W // 10)]
    dilated = _leant(cv2.dilate(band, np.ones((5, 1), np.uint8)), (lean,))
    return quantile(dilated, 0.2)[0], quantile(dilated, 0.8)[0]


def _thin_line_beside(ink: Floats, row: int, lean: int) -> tuple[int, float] | None:
    """Where the most inked row found (``row``, leaning ``lean``) is no line but a row of pips
    (large pips packed across the face ink their row more than a faint bar, yet unevenly: the
    face between them less), the thin line within a third of the width of the middle, inked
    evenly all along, more evenly than that row, and standing out of the rows beside it, that
    is the bar: its row and ink (None: no such line, the row found is the bar)."""
    reach = TILE_W // 3
    band = ink[TILE_W - reach : TILE_W + reach, TILE_W // 10 : -(TILE_W // 10)]
    along, cores = inked_along(ink, lean)
    evenly = along / np.maximum(cores, 1.0)
    found = row - (TILE_W - reach)
    thin = quantile(_leant(band, (lean,)), 0.2)[0]
    start, end = _half_run(along, found)
    lines = [
        peak
        for peak in range(1, len(along) - 1)
        if along[peak] >= max(along[peak - 1], along[peak + 1]) and not start <= peak < end
        and evenly[peak] >= max(_EVEN, evenly[found] + _MORE_EVEN)
        and _prominence(along, peak) >= _BAR_INK
        and np.subtract(*_half_run(thin, peak)[::-1]) <= _LINE_ROWS
    ]  # fmt: skip
    if not lines:
        return None
    line = last = max(lines, key=lambda peak: _prominence(along, peak))
    while last + 1 < len(along) and along[last + 1] >= along[line]:
        last += 1  # (the line's row: the middle of the rows its ink was spread over)
    return TILE_W - reach + (line + last) // 2, float(along[line])


def _half_run(rows: Floats, at: int) -> tuple[int, int]:
    """The run of ``rows`` (half open) around the highest near ``at`` inked half as much as
    it at least."""
    near = range(max(0, at - 2), min(len(rows), at + 3))
    peak = max(near, key=lambda i: float(rows[i]))
    half = float(rows[peak]) / 2
    start = end = peak
    while start > 0 and rows[start - 1] >= half:
        start -= 1
    while end < len(rows) - 1 and rows[end + 1] >= half:
        end += 1
    return start, end + 1


def _find_bar(
    ink: Floats, leans: tuple[int, ...], in_row: bool = False, faint: bool = False
) -> tuple[int, float, int] | None:
    """:func:`bar_row`, each of ``leans`` tried in turn: the bar's row, its ink, its lean."""
    middle = TILE_W
    band = _middle_band(ink)
    # A row of pips is at least a quarter face; the bar is ink nearly all along (a row either
    # side counts too). A cut whose corners are a little off the face's (its side seen beside
    # it, a slant) sees the bar lean: each lean is tried, the bar's row taken at the middle.
    dilated = cv2.dilate(band, np.ones((5, 1), np.uint8))
    every = quantile(_leant(dilated, leans), 0.2)  # each lean's rows (all leans at once)
    for lean, rows in zip(leans, every, strict=True):
        usual = float(quantile(rows, 0.5))
        peak = int(np.argmax(rows))
        inked = float(rows[peak]) >= max(usual + _BAR_INK, usual if in_row else 2 * usual)
        standing = _prominence(rows, peak) >= max(_BAR_INK, usual)
        # (Leaning, rows of pips line up too: a leaning bar is both inked and a thin line.)
        if (inked and standing) or (lean == 0 and (inked or standing)):
            return middle - TILE_W // 6 + peak, float(rows[peak]), lean
        if faint and lean == 0 and float(rows[peak]) >= usual + _FAINT_BAR:
            return middle - TILE_W // 6 + peak, float(rows[peak]), lean
    return None


def off_middle_bar(ink: Floats) -> int | None:
    """The row of a bar lying past the cut-out's middle band, within a third of its width of
    its middle (a cut reaching past its face's end, see :func:`sides.to_its_bar`): as inked
    and as thin a line as a lone tile's bar must be, else None."""
    reach = TILE_W // 3
    band = ink[TILE_W - reach : TILE_W + reach, TILE_W // 10 : -(TILE_W // 10)]
    dilated = cv2.dilate(band, np.ones((5, 1), np.uint8))
    for rows in quantile(_leant(dilated, _LEANS), 0.2):
        usual = float(quantile(rows, 0.5))
        peak = int(np.argmax(rows))
        if (float(rows[peak]) >= max(usual + _BAR_INK, 2 * usual)
                and _prominence(rows, peak) >= max(_BAR_INK, usual)):  # fmt: skip
            # (the bar's row: the middle of the rows its ink was spread over)
            end = peak
            while end + 1 < len(rows) and rows[end + 1] >= rows[peak]:
                end += 1
            return TILE_W - reach + (peak + end) // 2
    return None


def _middle_band(ink: Floats) -> Floats:
    """The band across a cut-out's middle a bar is looked for in (its ends left out)."""
    band: Floats = ink[TILE_W - TILE_W // 6 : TILE_W + TILE_W // 6, TILE_W // 10 : -(TILE_W // 10)]
    return band


def _leant(band: Floats, leans: tuple[int, ...]) -> Floats:
    """``band`` once for each of ``leans``, its columns moved so that a line climbing ``lean``
    rows across it (left to right) runs level, the middle column in place."""
    height, width = band.shape
    leant: Floats = band[_lean_rows(height, width, leans), np.arange(width)[None, None, :]]
    return leant


@functools.cache
def _lean_rows(height: int, width: int, leans: tuple[int, ...]) -> NDArray[np.intp]:
    """For :func:`_leant`, the row each column of each lean is taken from (lean, row,
    column): one band's size and leans throughout, worked out once."""
    climb = np.array(leans, np.float64)[:, None] * (np.arange(width) - width / 2) / width
    moved = np.round(climb).astype(int)  # (lean, column)
    rows: NDArray[np.intp] = np.clip(
        np.arange(height)[None, :, None] - moved[:, None, :], 0, height - 1
    )
    rows.flags.writeable = False  # (shared by every call)
    return rows


def _prominence(rows: Floats, peak: int) -> float:
    """How far the row ``peak`` stands out of the rows a little way either side of it: a bar
    is a thin line (a dim face's noise inks every row alike, and the rows of pips beside a bar
    lie further off); a scrap of cloth or wood has no such line."""
    near, far = 5, 10  # past a blurred bar's own rows, short of a pip's
    sides = [rows[max(0, peak - far) : max(0, peak - near + 1)], rows[peak + near : peak + far]]
    if not all(len(side) for side in sides):
        return 0.0
    return float(rows[peak]) - max(float(quantile(side, 0.5)) for side in sides)


def own_colour(upright: Image) -> NDArray[np.bool_]:
    """Where the cut-out has the tile's face's own colour (its centre's) and light: white or
    ivory, lit or in a shadow's half light; not the table (see :func:`_whiter_table`), nor a pip."""
    lab = cv2.cvtColor(upright, cv2.COLOR_BGR2LAB).astype(np.float32)
    middle = (slice(TILE_W // 4, -TILE_W // 4), slice(TILE_W // 4, -TILE_W // 4))
    centre = lab[middle].reshape(-1, 3)
    light = centre[centre[:, 0] >= percentile_of(centre[:, 0], 50)]
    own = np.median(light[:, 1:], axis=0)  # the face's own colour (a, b)
    score = lab[:, :, 0] - 1.5 * np.hypot(lab[:, :, 1] - own[0], lab[:, :, 2] - own[1])
    # (A shadow's edge across the face takes half its light at most; a table as light as
    # that is another colour.)
    coloured: NDArray[np.bool_] = score > 0.4 * percentile_of(score[middle], 90)
    return coloured & ~_whiter_table(lab, light)


def _whiter_table(lab: Floats, face: Floats) -> NDArray[np.bool_]:
    """Where the cut-out (``lab``) shows a white table past the face (``face``: its middle's lit
    part), lighter and whiter, where an edge is mostly so: taken for the face by its light, its
    rounded corners' shade was counted as pips. Colour is apart from the light (see
    :func:`hubd.vision.faces.own_colour`): a shadow's edge leaves a face its colour."""
    lighter = lab[:, :, 0] > _LIGHTER * percentile_of(face[:, 0], 90)
    if not _at_an_edge(lighter):
        return np.zeros(lighter.shape, bool)  # (a dark table: the colours not weighed)
    colour = chroma(lab)
    own = np.median(chroma(face), axis=0)
    table = lighter & (np.hypot(colour[:, :, 0] - own[0], colour[:, :, 1] - own[1]) >= _WHITER)
    return table if _at_an_edge(table) else np.zeros(table.shape, bool)


def _at_an_edge(mask: NDArray[np.bool_]) -> bool:
    """Whether ``mask`` holds most of one of the cut-out's edges (its outer rows or columns)."""
    sides = (mask[:_EDGE], mask[-_EDGE:], mask[:, :_EDGE], mask[:, -_EDGE:])
    return max(float(side.mean()) for side in sides) >= 0.5


def face_box(coloured: NDArray[np.bool_], ink: Floats) -> tuple[float, float, float, float]:
    """Where the tile's face lies in its cut-out (left, top, right, bottom): the cut is a little
    wider than the tile and may sit askew or reach past it (onto a neighbour past a seam, onto
    the table past its end), and pips keep clear of the face's edges.

    The face has the tile's own colour (its centre's) and light; the pips in it are filled by
    a closing along the line looked at, so that a row through pips is face and the table is
    not. The face is the run of such lines around each half's middle (the bar, ink nearly all
    across, parts the halves). A seam to a neighbour is a valley (``ink``) between faces of one
    colour: it bounds the face within a tenth of the cut's width of its edge (further in, the
    line was a column of pips or the cut of a tile whose end lies past it).
    """
    # The bevel, darker towards the edge, is inked as a seam is: it is the face's all the same.
    bevel, edge = 0.05 * TILE_W, 0.12 * TILE_W
    by_colour = _box(coloured.astype(np.uint8))
    by_seams = _box((coloured & (ink < _FACE_INK)).astype(np.uint8))
    if by_colour is None or by_seams is None:
        return 0.0, 0.0, float(TILE_W), float(2 * TILE_W)  # no face found: the whole cut
    left, top, right, bottom = by_colour
    seam_left, seam_top, seam_right, seam_bottom = by_seams
    return (
        max(0.0, left - bevel, min(seam_left - bevel, edge)),
        max(0.0, top - bevel, min(seam_top - bevel, edge)),
        min(float(TILE_W), right + bevel, max(seam_right + bevel, TILE_W - edge)),
        min(2.0 * TILE_W, bottom + bevel, max(seam_bottom + bevel, 2 * TILE_W - edge)),
    )


def _box(face: Image) -> tuple[float, float, float, float] | None:
    """The box of the face around the middle of each half in ``face`` (1 where face), or None
    (too little face: something else)."""
    reach = TILE_W // 4  # wider than a pip, shorter than the bar
    rows = cv2.morphologyEx(face, cv2.MORPH_CLOSE, np.ones((1, reach), np.uint8)).mean(axis=1)
    columns = cv2.morphologyEx(face, cv2.MORPH_CLOSE, np.ones((reach, 1), np.uint8)).mean(axis=0)
    top, _ = _run(rows, TILE_W // 2)
    _, bottom = _run(rows, 3 * TILE_W // 2)
    left, right = _run(columns, TILE_W // 2)
    if right - left < 0.6 * TILE_W or bottom - top < 1.2 * TILE_W:
        return None
    return float(left), float(top), float(right), float(bottom)


def _run(share: Floats, at: int) -> tuple[int, int]:
    """The run of lines mostly face around line ``at`` (half open; a little either side of it
    too, should ``at`` fall on a line of pips the closing did not fill)."""
    face = share > 0.5
    near = [i for i in range(at - TILE_W // 8, at + TILE_W // 8 + 1) if face[i]]
    if not near:
        return 0, len(share)
    start = end = min(near, key=lambda i: abs(i - at))
    while start > 0 and face[start - 1]:
        start -= 1
    while end < len(share) - 1 and face[end + 1]:
        end += 1
    return start, end + 1
