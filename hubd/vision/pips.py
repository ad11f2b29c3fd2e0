"""Steps 3 and 4 of the reading: a tile's halves, each half's pips counted as likely counts
(see :mod:`hubd.vision.reader`)."""

from __future__ import annotations

import math

import numpy as np

from engine.photo_hand import HalfGuess
from hubd.vision.blobs import SMALL_PIP, Blob, blobs_of, from_corner
from hubd.vision.cut_pips import runs_past
from hubd.vision.cutout import (
    TILE_W,
    bar_lean,
    bar_row,
    face_box,
    ink_of,
    inked_along,
    own_colour,
    sheared,
)
from hubd.vision.layouts import stands_as
from hubd.vision.shapes import Floats, Image, percentile_of

_LONE_CORNER = 0.24  # a half whose every blob lies nearer a face's corner than this share of
# the width has no pip: a single pip lies in the half's middle, every layout is the same turned
# half a turn (a pip by the face's end has a partner by the bar, far from any corner), the 3 x 3
# grid's corner pips lie 0.3 from a corner and the columns' nearer ones never come alone (the
# rounded corners' shade at the tile's end, or the table in the notch past them: a blank half
# read as a 1 in doubt; on a white table, lighter than the face and taken for it, both corners'
# shade at the end, a blank half read as two unpaired pips, 1 or 2 in doubt)
_BY_THE_END = 0.15  # nor one whose every blob lies so, or nearer the face's end than this
# share of its width: no layout's pip lies there (the 3 x 3 grid's end row lies 0.25 from the
# end), the shade along a rounded end does (a shadow's edge across it)
_CENTRE_NEAR = 0.12 * TILE_W  # pips pair about a centre this near the face's middle, each
# within half this of another's mirror
_OFF_MIDDLE, _LAYOUT = 2.0, 3  # pips may pair about a centre this many times further from
# the face's middle than near it, where this many of them do (see _mirrored)
_BAR_OFF_MIDDLE = 0.15  # a bar this far off its face's middle (a share of the width), the face
# running past the cut's end, is not its tile's: the cut slid along the tile
_STRAY_AREA, _STRAY_INK = 0.3, 0.85  # a blob with no partner across its half's centre, its
# area under this share of the tile's paired pips' (a set's smallest pips, a 15's, are 0.37 of
# its largest) or its ink under this share of its half's paired pips', is likelier a stray
_STRAY = 0.3  # than a pip: this likely a pip (a crumb, a spinner's edge, the table at a corner)
_CUT_BY_BAND = 0.45  # a pip by the bar keeping less than this share of its whole area outside
# the bar's band is more in the band than out of it (a pip beside a bar keeps most of it)
_CUT_PIP = 0.55  # of the half's pips' size made whole at the least (a spinner's edge is less)


def read_halves(
    upright: Image,
    highest: int,
    in_row: bool = False,
    faint: bool = False,
    ink: Floats | None = None,
) -> tuple[HalfGuess, HalfGuess] | None:
    """Each half's likely counts (None: no bar, see :func:`bar_row`). A half has its own
    threshold (pale yellow pips beside black ones) and its own pip size (a set may draw its
    big numbers with smaller pips). ``ink``: the cut-out's, where it is known already."""
    ink = ink_of(upright) if ink is None else ink
    found = bar_row(ink, in_row, faint)
    if found is None:
        return None
    bar, bar_ink = found
    lean = bar_lean(ink)
    if lean:  # (a cut askew on its face: its bar, and the pips beside it, levelled first;
        # the middle column, where the bar's row is taken, stays in place)
        upright = sheared(upright, lean)
        ink = ink_of(upright)
        bar, bar_ink = levelled_bar(ink, bar, bar_ink, in_row, faint)
    coloured = own_colour(upright)
    face = face_box(coloured, ink)
    # A bar parts its face in two equal halves: where the face runs on past the cut's end and
    # the bar is far off the middle of what is seen of it, the cut slid along its tile (a row
    # of pips may be taken for the bar, a half's end row lost past the cut).
    slid = face[1] <= 0 or face[3] >= 2 * TILE_W
    off_tile = slid and abs(bar - (face[1] + face[3]) / 2) > _BAR_OFF_MIDDLE * TILE_W
    # Each half's blobs, each with whether it pairs; its pip's size; whether its count is in doubt.
    read: list[tuple[list[tuple[Blob, bool]], float, bool]] = []
    # The half's threshold is taken from its pips' area alone: the bar, its spinner and the
    # table past the face's edge are inked far more than a pale pip.
    left, top, right, bottom = (round(v) for v in face)
    clear, inset = int(TILE_W * 0.1), int(TILE_W * 0.06)
    for rows, pips in ((slice(0, bar), slice(top + inset, bar - clear)),
                       (slice(bar, 2 * TILE_W), slice(bar + clear, bottom - inset))):  # fmt: skip
        only = np.zeros_like(ink)
        only[rows] = ink[rows]
        pip_area = ink[pips, left + inset : right - inset]
        # A blank half's own specks are no pips: a pip, however pale, takes a good share of
        # what the bar takes.
        least = max(22.0, 0.25 * bar_ink)
        threshold = max(least, 0.45 * (percentile_of(pip_area, 99.5) if pip_area.size else 0.0))
        blobs, uncounted = blobs_of(only, threshold, bar, face, coloured)
        if all(from_corner(blob.x, blob.y, face) < _LONE_CORNER or _by_the_end(blob, face)
               for blob in blobs):  # fmt: skip
            blobs = []
        largest = max((blob.whole for blob in blobs), default=0.0)
        typical = [blob.whole for blob in blobs if blob.whole >= 0.3 * largest]
        single = float(np.median(typical)) if typical else 0.0
        specks = [blob for blob in blobs if blob.whole < 0.2 * single]
        blobs = [blob for blob in blobs if blob.whole >= 0.2 * single]  # specks beside pips go
        # Specks of a small pip's size, and sure, beside pips five times their size: a set
        # draws one half's pips one size, so one of the two sizes is not this tile's (a
        # neighbour's pips in a cut that sits off its tile, or the tile's own beside them).
        mixed = sum(1 for blob in specks if blob.whole >= SMALL_PIP and blob.contrast >= 1.3)
        middle = ((left + right) / 2, (top + bar) / 2 if rows.start == 0 else (bar + bottom) / 2)
        paired = _mirrored([(blob.x, blob.y) for blob in blobs], middle)
        # A blob longer than a pip counted one, of the half's pips' size: pips not told
        # apart, of one size (every column of a 12 one blob: each taken for a pip; a pip
        # beside the bar cut short by its band is long too, and smaller).
        merged = any(
            blob.long and _many(blob, single) == 1 and blob.area >= 0.8 * single for blob in blobs
        )
        # (Pips of two sizes, or pips cut by the cut's edge: what it counts is in doubt.)
        counted_at = [(blob.x, blob.y) for blob in blobs]
        past = runs_past(only, pips, threshold, face, coloured, counted_at, single)
        # (Ink where pips lie, of no pip's shape, left uncounted: pips not told apart, a
        # half read short, or blank, without a doubt else.)
        # (A pip by the bar whose most lies in the bar's band: a row of pips the band was
        # taken through, the bar faint beside it; the row's other pips may be lost in it.)
        cut = any(blob.area < _CUT_BY_BAND * blob.whole and blob.whole >= _CUT_PIP * single
                  for blob in blobs)  # fmt: skip
        # (Pips each counted one that stand in no layout of their count, all of them or all
        # but one without a partner: the half's other pips lost, see stands_as.)
        astray = all(_many(blob, single) == 1 for blob in blobs) and not _in_a_layout(
            [(blob.x, blob.y) for blob in blobs], paired, middle
        )
        in_doubt = bool(mixed >= 2 or past or uncounted or merged or cut or astray)
        off_tile |= past == "side"
        read.append((list(zip(blobs, paired, strict=True)), single, in_doubt))
    pips_area = [
        blob.area for half_blobs, _, _ in read for blob, mirrored in half_blobs if mirrored
    ]
    guesses = []
    for half_blobs, single, in_doubt in read:
        pips_ink = [blob.contrast for blob, mirrored in half_blobs if mirrored]
        counted = []  # (pips, how likely they are there) per blob
        for blob, mirrored in half_blobs:
            keep = _keep(_sure(blob.contrast) * min(1.0, blob.whole / (0.45 * single)))
            if mirrored:
                counted.append((_many(blob, single), keep))
                continue
            # A stray blob, or a pip whose partner was missed: as likely there as not, so
            # that the table's constraint asks rather than settles it; likelier a stray where
            # it is smaller or paler than the tile's paired pips.
            stray = (bool(pips_area) and blob.area < _STRAY_AREA * float(np.median(pips_area))) or (
                bool(pips_ink) and blob.contrast < _STRAY_INK * float(np.median(pips_ink))
            )
            counted += [(_many(blob, single), min(keep, _STRAY if stray else 0.5)), (1, 0.2)]
        guess = _guess(counted, highest)
        guesses.append(doubted(guess, highest) if in_doubt else guess)
    if off_tile:
        # The cut slid along its tile, or a half's pip cut by the cut's long edge, the face
        # running on past it (the cut off its tile sideways, along both halves): either half
        # may have lost a whole row or column, its pips left a layout still (a double-12's two
        # columns of four left of its three were read an 8 surely, a 9's 6 beside the bar).
        guesses = [doubted(guess, highest) for guess in guesses]
    return guesses[0], guesses[1]


def levelled_bar(
    ink: Floats, row: int, bar_ink: float, in_row: bool = False, faint: bool = False
) -> tuple[int, float]:
    """The bar of a cut levelled (``ink``: its own, see :func:`sheared`) whose bar was found
    at ``row`` before (with ``bar_ink``; ``in_row``, ``faint``: see :func:`bar_row`).

    Leaning further than a bar is looked for at, the bar was smeared over the rows it climbs,
    and a row of large pips beside it, as askew, could be taken for it (a 9's top row: two of
    its pips cut by the band, the third lost, read 7 in doubt). Levelled, the bar is looked
    for again, and the row found kept where it is inked more evenly along than the one before
    (a bar is ink all along; a row of pips leaves face between them): a faint groove beside a
    row of large pips stays the bar, though the row, levelled, is inked more."""
    again = bar_row(ink, in_row, faint)
    if again is None or again[0] == row:
        return row, bar_ink
    along, cores = inked_along(ink, 0)
    reach = TILE_W // 3
    evenly = along / np.maximum(cores, 1.0)
    return (
        again
        if evenly[again[0] - TILE_W + reach] > evenly[row - TILE_W + reach]
        else (row, bar_ink)
    )


def _in_a_layout(
    points: list[tuple[float, float]], paired: list[bool], middle: tuple[float, float]
) -> bool:
    """Whether a half's pips at ``points`` stand in their count's layout (see
    :func:`stands_as`), or do once one of them without a partner (``paired``) is taken for a
    stray."""
    if not points or stands_as(points, middle):
        return True
    return any(
        stands_as(points[:i] + points[i + 1 :], middle)
        for i, partner in enumerate(paired)
        if not partner and len(points) > 1
    )


def _many(blob: Blob, single: float) -> int:
    """How many pips a blob is, by its own area beside the half's ``single`` pip's (a pip
    beside the bar made whole by its width is one, however its width grew with the bar's
    edge)."""
    return max(1, round(blob.area / single)) if blob.area > 1.6 * single else 1


def doubted(guess: HalfGuess, highest: int) -> HalfGuess:
    """A half whose pips run past the cut, or are of two sizes: its count is a part of its
    pips, or more than its own (a neighbour's past a seam missed), so every other count stays
    likely enough that the table asks rather than settles it (the nearer counts first in its
    question)."""
    best = max(weight for _, weight in guess.options)
    seen = dict(guess.options)
    options = [(n, seen.get(n, 0.0)) for n in range(highest + 1)]
    options = [(n, max(weight, best * max(0.12, 0.3 * 0.8 ** (abs(n - guess.best) - 1))))
               for n, weight in options]  # fmt: skip
    return HalfGuess(tuple(sorted(options, key=lambda option: -option[1])))


def _mirrored(points: list[tuple[float, float]], middle: tuple[float, float]) -> list[bool]:
    """Which pips have a partner across the half's centre.

    Every standard layout of pips (the 3 x 3 grid up to 9, the columns of four or five of
    double-12 and 15 sets) is the same turned half a turn about its centre, so a pip without
    a partner there is a stray blob or beside a pip missed. The centre is where most pairs
    meet, near the middle of the half's face (the face's edges are found less surely); further
    off (the face's box reaching over its side seen beside it), only where three pips or more
    pair about it, and more than near the middle (any two blobs meet halfway: a stray and a
    pip would pair).
    """
    near = _CENTRE_NEAR
    centres = [((x1 + x2) / 2, (y1 + y2) / 2) for i, (x1, y1) in enumerate(points)
               for x2, y2 in points[i:]]  # fmt: skip
    best = _most_paired(points, [c for c in centres if math.dist(c, middle) <= near] or [middle])
    if sum(best) == len(points):
        return best  # (every pip paired: none can pair more)
    further = [c for c in centres if near < math.dist(c, middle) <= _OFF_MIDDLE * near]
    off = _most_paired(points, further)
    if sum(off) >= _LAYOUT and sum(off) > sum(best):
        return off
    return best


def _most_paired(
    points: list[tuple[float, float]], centres: list[tuple[float, float]]
) -> list[bool]:
    """Which of ``points`` pair about the one of ``centres`` most of them pair about (each
    within half of :data:`_CENTRE_NEAR` of another's mirror)."""
    near = _CENTRE_NEAR
    best: list[bool] = []
    for cx, cy in centres:
        paired = [any(math.dist((2 * cx - x, 2 * cy - y), other) <= near / 2 for other in points)
                  for x, y in points]  # fmt: skip
        if sum(paired) > sum(best):
            best = paired
    return best or [False] * len(points)


#: A half whose counts beyond the set are this much likelier than its likeliest count within
#: it is not read as that count.
_BEYOND_RATIO = 10.0


def _guess(blobs: list[tuple[int, float]], highest: int) -> HalfGuess:
    """A half's likely counts from its blobs (pips, the likelihood they are there): sure ones
    count, doubtful ones may or may not."""
    likelihood = {0: 1.0}
    for many, keep in blobs:
        grown: dict[int, float] = {}
        for total, weight in likelihood.items():
            grown[total + many] = grown.get(total + many, 0.0) + weight * keep
            grown[total] = grown.get(total, 0.0) + weight * (1 - keep)
            if many > 1:  # a merged blob may be one pip more or fewer
                for other in (many - 1, many + 1):
                    grown[total + other] = grown.get(total + other, 0.0) + weight * 0.04
        likelihood = grown
    options = sorted(((n, w) for n, w in likelihood.items() if n <= highest and w >= 1e-3),
                     key=lambda option: -option[1])  # fmt: skip
    beyond = max((w for n, w in likelihood.items() if n > highest), default=0.0)
    if not options or beyond > _BEYOND_RATIO * options[0][1]:
        # Surely more pips than the set's tiles have (another set's tile, or a miscount): the
        # set's top counts stay about as likely (the nearest first): the table asks.
        return HalfGuess(
            tuple(
                (n, 0.05 * (1 - 0.1 * k))
                for k, n in enumerate(range(highest, max(-1, highest - 3), -1))
            )
        )
    return HalfGuess(tuple(options[:4]))


def _keep(sure: float) -> float:
    """The likelihood a blob this sure is a pip: a blob in doubt is a pip or not evenly."""
    return 0.5 + 0.5 * sure if sure < 1.0 else 0.999


def _sure(contrast: float) -> float:
    """How sure a blob is a pip by its peak over its half's threshold: a pale pip of a coloured
    set stands half as high again above it, a smudge barely."""
    return min(1.0, max(0.0, (contrast - 1.0) / 0.3))


def _by_the_end(blob: Blob, face: tuple[float, float, float, float]) -> bool:
    """Whether ``blob`` lies nearer the ``face``'s end than :data:`_BY_THE_END` of its width."""
    left, top, right, bottom = face
    return min(blob.y - top, bottom - blob.y) < _BY_THE_END * max(right - left, 1.0)
