"""Tiles and their pips in a photo (OpenCV and numpy; no hub state).

The way it reads, in order:

1. **The faces.** The photo is shrunk to at most :data:`WORK_SIDE` pixels. A tile's face is
   light and nearly grey (white or ivory); a table is darker or coloured. Otsu's threshold on
   lightness less chroma splits them; holes (pips, bars) are filled.
2. **One tile each.** Touching tiles come apart at the groove their rounded edges make
   between their faces (each face measured against its own light); a patch whose grooves do
   not show is cut where a dark seam crosses it from side to side or where its outline dips in
   at both ends (two tiles' rounded corners meeting), until every piece is a
   quadrilateral (perspective) twice as long as it is wide. One that will not come apart is
   said, not guessed.
3. **Its halves.** Each tile is turned upright into a fixed size; its bar is the darkest line
   across its middle (a line, a groove, with or without a brass spinner: all ignored).
4. **Its pips.** Against the face's own light (a closing of the lightness, so shadows do not
   count) a pip is darker or more coloured; round blobs inside the face's own box (the cut
   reaches a little past it) are counted, a blob of two merged pips
   as two, and a faint or small blob makes the count uncertain rather than wrong: each half
   gives its likely counts with likelihoods, for :func:`engine.photo_hand.settle` to decide.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.photo_hand import HalfGuess, SeenTile
from hubd.vision.cutting import (
    Floats,
    Image,
    faces,
    filled,
    patches,
    pieces,
    sides,
    sized,
    whiteness,
)
from hubd.vision.seen import TileSeen

WORK_SIDE = 1000  # the photo's longer side while reading, pixels
TILE_W = 80  # an upright tile's width once cut out (its length is twice that)
_MIN_FACE = 0.0004  # a face smaller than this share of the photo is a speck
_BAR_INK = 10.0  # a bar (a line or a groove) takes this much more light all across than the
# face's other rows near the middle, and twice as much (a thin line, blurred, keeps little ink)
_PIP_SIDE = 0.11  # no pip's centre is nearer a long edge than this share of the width
_FACE_INK = 50.0  # a face's own shading (a shadow's soft edge, its bevel's start) takes less
_PIP_END = 0.07  # nor nearer an end (its rounded corners' shade is no pip)
_PIP_CORNER = 0.16  # nor nearer a corner (every layout keeps a corner pip a fifth away)


class PhotoUnreadable(ValueError):
    """The photo cannot be read: the message says why, in words for the player."""


def read_photo(photo: Image, highest: int = 15) -> list[TileSeen]:
    """Every tile in ``photo`` (BGR), with its halves' likely counts up to ``highest``."""
    if photo.ndim != 3 or photo.shape[2] != 3 or min(photo.shape[:2]) < 32:
        raise PhotoUnreadable("The picture is too small to read.")
    scale = min(1.0, WORK_SIDE / max(photo.shape[:2]))
    small = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    score = whiteness(small)
    lightness = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[:, :, 0]
    least = _MIN_FACE * score.shape[0] * score.shape[1]
    mask = faces(score, None)
    outlines = patches(mask, least)
    cuts = [_cut_patch(score, lightness, outline, least, None) for outline in outlines]
    # The tiles' size, from the pieces with a bar (a scrap of table or cloth has none).
    shorts = [sides(corners)[0] for found, _ in cuts for corners in found
              if _bar_row(_ink(_upright(photo, corners / scale))) is not None]  # fmt: skip
    width = float(np.median(shorts)) if shorts else None
    tiles: list[Floats] = []
    blocks: list[float] = []
    origin: list[int] = []  # each tile's patch
    runs_off: list[bool] = []  # each patch's
    for outline, (found, apart) in zip(outlines, cuts, strict=True):
        # Cut again by the size where a piece is not a tile's size or tiles stuck (a patch or
        # a stuck piece smaller than a tile, a checked cloth's square, is not looked at twice).
        if (
            width is not None
            and cv2.contourArea(outline) >= 1.2 * width * width
            and (
                any(area >= 1.2 * width * width for area in apart)
                or any(not sized(sides(c)[0], width) for c in found)
            )
        ):
            again = _cut_patch(score, lightness, outline, least, width)
            if len(again[1]) <= len(apart):
                found, apart = again
        tiles += found
        blocks += apart
        x, y, w, h = cv2.boundingRect(outline)
        runs_off.append(min(x, y) <= 0 or x + w >= score.shape[1] or y + h >= score.shape[0])
        origin += [len(runs_off) - 1] * len(found)
    seen, sizes, cut_off = [], [], []
    outside = 0
    read_from = set()
    for corners, patch in zip(tiles, origin, strict=True):
        upright = _upright(photo, corners / scale)  # pips read at the photo's own size
        halves = _halves(upright, highest, in_row=origin.count(patch) > 1)
        if halves is None:
            continue  # no bar across its middle: a napkin, a card, a patch of light
        read_from.add(patch)
        cx, cy = corners.mean(axis=0) / scale
        short = sides(corners)[0]
        tile = TileSeen(SeenTile(*halves), (float(cx), float(cy)))
        # A tile at the photo's edge whose face runs along it for half its width or more is
        # cut off there (a whole one touches it with a rounded corner or a sliver of its
        # end): a part of it is off the photo, and its count would be a guess.
        seen.append(tile)
        sizes.append(short)
        cut_off.append(runs_off[patch] and _on_border(mask, corners) >= 0.5 * short)
    if sizes:  # one set's tiles are one size: a much smaller or larger "tile" is something else
        usual = float(np.median(sizes))
        kept = [0.6 <= size / usual <= 1.6 for size in sizes]
        outside = sum(1 for keep, off in zip(kept, cut_off, strict=True) if keep and off)
        seen = [tile for tile, keep, off in zip(seen, kept, cut_off, strict=True)
                if keep and not off]  # fmt: skip
        stuck = sum(1 for area in blocks if area >= 1.5 * 2 * usual * usual)
        # A part of a tile at the photo's edge, too short to be read as one: as convex as a
        # tile (a patch of lit cloth is ragged) and a good share of one.
        outside += sum(
            1
            for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True))
            if off
            and patch not in read_from
            and cv2.contourArea(outline) >= 0.25 * 2 * usual * usual
            and cv2.contourArea(outline) >= 0.9 * cv2.contourArea(cv2.convexHull(outline))
        )
    else:
        stuck = len(blocks)
    if outside:
        raise PhotoUnreadable(
            "A tile lies partly outside the photo: take it again with every tile inside it."
        )
    if stuck:
        raise PhotoUnreadable(
            "Some tiles lie too close or on top of each other to tell apart: "
            "lay them face up, a little apart, and take the photo again."
        )
    if not seen:
        raise PhotoUnreadable(
            "No tiles found: lay the tiles face up on a darker table and fill the photo with them."
        )
    return seen


def _on_border(mask: Image, corners: Floats) -> int:
    """How many pixels of the photo's border the face in a tile's quadrilateral runs along."""
    inside = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(corners).astype(np.int32), 1)
    face = (mask > 0) & (inside > 0)
    return int(face[0].sum() + face[-1].sum() + face[1:-1, 0].sum() + face[1:-1, -1].sum())


def _cut_patch(
    score: Image, lightness: Image, outline: Image, least: float, width: float | None
) -> tuple[list[Floats], list[float]]:
    """A patch of faces: its tiles' corners and the areas of rectangular patches in it that
    would not come apart."""
    tiles: list[Floats] = []
    blocks: list[float] = []
    todo = [(outline, 0)]
    while todo:
        inside, depth = todo.pop()
        found = pieces(lightness, inside, least, width)
        if found is not None:
            tiles.extend(found)
        elif depth < 2:  # a lit patch of table around the tiles: their own threshold inside it
            todo += [(inner, depth + 1) for inner in patches(faces(score, inside), least)]
        elif filled(inside) >= 0.8 and cv2.contourArea(inside) < 0.5 * score.size:
            blocks.append(float(cv2.contourArea(inside)))  # (half the photo: the table)
    return tiles, blocks


def _upright(small: Image, corners: Floats) -> Image:
    """The tile cut out upright, ``TILE_W`` wide and twice as long."""
    # The face's threshold leaves out the darker rounded edge: the cut reaches a little past it.
    centre = corners.mean(axis=0)
    short = float(np.linalg.norm(corners[1] - corners[0]))
    grown = [centre + (p - centre) * (1 + 0.06 * short / float(np.linalg.norm(p - centre)))
             for p in corners]  # fmt: skip
    target = np.array([[0, 0], [TILE_W, 0], [TILE_W, 2 * TILE_W], [0, 2 * TILE_W]], np.float32)
    view = cv2.getPerspectiveTransform(np.array(grown, np.float32), target)
    return cv2.warpPerspective(small, view, (TILE_W, 2 * TILE_W), flags=cv2.INTER_LINEAR)


def _ink(upright: Image) -> Floats:
    """How much of the face's own light each pixel takes away (0 = face, 255 = black).

    Every colour of pip absorbs some channel strongly (a yellow pip takes the blue away, a
    green one the red), so the strongest relative drop over the three channels finds black
    and coloured pips alike; relative to the face's own light, so a shadow is no pip.
    """
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (TILE_W // 3, TILE_W // 3))
    image = cv2.GaussianBlur(upright, (3, 3), 0).astype(np.float32)
    face = cv2.morphologyEx(image, cv2.MORPH_CLOSE, kernel)
    drop = 1.0 - image / np.maximum(face, 1.0)
    ink: Floats = np.clip(drop.max(axis=2) * 255.0, 0, 255).astype(np.float32)
    return ink


def _bar_row(ink: Floats, in_row: bool = False) -> tuple[int, float] | None:
    """The row of the bar, the most inked line across the tile's middle, and its ink (None:
    no bar). A piece cut from a row of touching tiles (``in_row``) is a tile by its shape and
    the seams either side: its bar need only stand out of the face's rows, not twice as inked
    as they are (which a scrap of cloth would be, and a groove blurred in a shadow is not)."""
    middle = TILE_W
    band = ink[middle - TILE_W // 6 : middle + TILE_W // 6, TILE_W // 10 : TILE_W - TILE_W // 10]
    # A row of pips is at least a quarter face; the bar is ink nearly all along (a row either
    # side counts too: a bar seen a little askew).
    rows = np.percentile(cv2.dilate(band, np.ones((5, 1), np.uint8)), 20, axis=1)
    usual = float(np.median(rows))
    if float(rows.max()) < max(usual + _BAR_INK, usual if in_row else 2 * usual):
        return None
    return middle - TILE_W // 6 + int(np.argmax(rows)), float(rows.max())


def _halves(
    upright: Image, highest: int, in_row: bool = False
) -> tuple[HalfGuess, HalfGuess] | None:
    """Each half's likely counts (None: no bar, see :func:`_bar_row`). A half has its own
    threshold (pale yellow pips beside black ones) and its own pip size (a set may draw its
    big numbers with smaller pips)."""
    ink = _ink(upright)
    coloured = _own_colour(upright)
    face = _face_box(coloured, ink)
    found = _bar_row(ink, in_row)
    if found is None:
        return None
    bar, bar_ink = found
    guesses = []
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
        threshold = max(
            least, 0.45 * float(np.percentile(pip_area, 99.5) if pip_area.size else 0.0)
        )
        blobs = _blobs(only, threshold, bar, face, coloured)
        largest = max((area for _, _, area, _ in blobs), default=0.0)
        typical = [area for _, _, area, _ in blobs if area >= 0.3 * largest]
        single = float(np.median(typical)) if typical else 0.0
        blobs = [blob for blob in blobs if blob[2] >= 0.2 * single]  # specks beside pips go
        middle = ((left + right) / 2, (top + bar) / 2 if rows.start == 0 else (bar + bottom) / 2)
        paired = _mirrored([(x, y) for x, y, _, _ in blobs], middle)
        counted = []  # (pips, how likely they are there) per blob
        for (_, _, area, contrast), mirrored in zip(blobs, paired, strict=True):
            many = max(1, round(area / single)) if area > 1.6 * single else 1
            keep = _keep(_sure(contrast) * min(1.0, area / (0.45 * single)))
            if mirrored:
                counted.append((many, keep))
            else:  # a stray blob, or a pip whose partner was missed: asked, not guessed
                counted += [(many, min(keep, 0.8)), (1, 0.2)]
        guesses.append(_guess(counted, highest))
    return guesses[0], guesses[1]


def _mirrored(points: list[tuple[float, float]], middle: tuple[float, float]) -> list[bool]:
    """Which pips have a partner across the half's centre.

    Every standard layout of pips (the 3 x 3 grid up to 9, the columns of four or five of
    double-12 and 15 sets) is the same turned half a turn about its centre, so a pip without
    a partner there is a stray blob or beside a pip missed. The centre is where most pairs
    meet, near the middle of the half's face (the face's edges are found less surely).
    """
    near = 0.12 * TILE_W  # within this of the face's middle, and a partner within half this
    centres = [((x1 + x2) / 2, (y1 + y2) / 2) for i, (x1, y1) in enumerate(points)
               for x2, y2 in points[i:]]  # fmt: skip
    centres = [c for c in centres if math.dist(c, middle) <= near] or [middle]
    best: list[bool] = []
    for cx, cy in centres:
        paired = [any(math.dist((2 * cx - x, 2 * cy - y), other) <= near / 2 for other in points)
                  for x, y in points]  # fmt: skip
        if sum(paired) > sum(best):
            best = paired
    return best or [False] * len(points)


def _own_colour(upright: Image) -> NDArray[np.bool_]:
    """Where the cut-out has the tile's face's own colour (its centre's) and light: white or
    ivory, lit or in a shadow's half light; not the table, nor a pip."""
    lab = cv2.cvtColor(upright, cv2.COLOR_BGR2LAB).astype(np.float32)
    middle = (slice(TILE_W // 4, -TILE_W // 4), slice(TILE_W // 4, -TILE_W // 4))
    centre = lab[middle].reshape(-1, 3)
    light = centre[centre[:, 0] >= np.percentile(centre[:, 0], 50)]
    own = np.median(light[:, 1:], axis=0)  # the face's own colour (a, b)
    score = lab[:, :, 0] - 1.5 * np.hypot(lab[:, :, 1] - own[0], lab[:, :, 2] - own[1])
    # (A shadow's edge across the face takes half its light at most; a table as light as
    # that is another colour.)
    coloured: NDArray[np.bool_] = score > 0.4 * float(np.percentile(score[middle], 90))
    return coloured


def _face_box(coloured: NDArray[np.bool_], ink: Floats) -> tuple[float, float, float, float]:
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


def _blobs(
    ink: Floats,
    threshold: float,
    bar: int,
    face: tuple[float, float, float, float],
    coloured: NDArray[np.bool_],
) -> list[tuple[float, float, float, float]]:
    """Round inked blobs away from the bar and the edges of the ``face`` (left, top, right,
    bottom), with the face's own colour (``coloured``) all around them: (x, y, area, peak
    over threshold)."""
    inked = (ink > threshold).astype(np.uint8)
    margin = max(3, TILE_W // 16)
    inked[:margin], inked[-margin:], inked[:, :margin], inked[:, -margin:] = 0, 0, 0, 0
    # The bar and a spinner on it go, so that a pip beside the spinner stays a pip of its own.
    spinner = int(TILE_W * 0.07)
    inked[max(0, bar - spinner) : bar + spinner + 1] = 0
    count, labels, stats, centres = cv2.connectedComponentsWithStats(inked, connectivity=8)
    found = []
    smallest = (TILE_W * 0.025) ** 2 * math.pi
    ring = max(2, TILE_W // 25)
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        cx, cy = (float(v) for v in centres[label])
        if area < smallest or abs(cy - bar) < TILE_W * 0.085:
            continue  # a speck, or the bar and its spinner
        left, top, right, bottom = face
        width = right - left
        if (
            min(cx - left, right - cx) < _PIP_SIDE * width
            or min(cy - top, bottom - cy) < _PIP_END * width
        ):
            continue  # the table past the tile's edge, or a neighbour's pip cut off beside it
        if math.hypot(min(cx - left, right - cx), min(cy - top, bottom - cy)) < _PIP_CORNER * width:
            continue  # the shade of a rounded corner, or the table past it
        if max(w, h) > 3.5 * min(w, h) or area < 0.3 * w * h:
            continue  # a line: a scratch, an edge, a piece of the bar
        # A pip lies in the face: the face's colour all around it (the table shows around a
        # dark spot in a rounded corner's cut, or a square of the cloth past the tile's end).
        around = (slice(max(0, y - ring), y + h + ring), slice(max(0, x - ring), x + w + ring))
        spot = (labels[around] == label).astype(np.uint8)
        near = cv2.dilate(spot, np.ones((2 * ring + 1, 2 * ring + 1), np.uint8)) > spot
        if float(coloured[around][near].mean()) < 0.6:
            continue
        peak = float(ink[labels == label].max())
        # A pip beside the bar loses its edge to the bar's band: as wide as it is, it is whole.
        whole = max(float(area), math.pi / 4 * w * w) if abs(cy - bar) < TILE_W * 0.3 else area
        found.append((cx, cy, float(whole), peak / threshold))
    return found


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
    return HalfGuess(tuple(options[:4]) or ((highest, 1e-3),))


def _keep(sure: float) -> float:
    """The likelihood a blob this sure is a pip: a blob in doubt is a pip or not evenly."""
    return 0.5 + 0.5 * sure if sure < 1.0 else 0.999


def _sure(contrast: float) -> float:
    """How sure a blob is a pip by its peak over its half's threshold: a pale pip of a coloured
    set stands half as high again above it, a smudge barely."""
    return min(1.0, max(0.0, (contrast - 1.0) / 0.3))
