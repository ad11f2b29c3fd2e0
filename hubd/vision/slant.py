"""A phone held at a slant: the tiles it foreshortened past a tile's shape, read as a camera
looking straight down would have seen them.

A camera looking down at a slant of ``t`` from straight down shortens the table along the
slant, the photo's height (its far side at the top, whichever way the phone was held), to
about ``cos t`` of its length, and leaves lengths across it as they are. A tile lying along the
slant then looks squat (at 40 degrees its length is 1.5 times its width, not 2), one lying
across it too long (2.6 times), one aslant sheared, and none is taken for a tile. Such a patch,
a tile's face in all but its shape, is read on its own with the photo's height lengthened by
the inverse (told by its shape where it lies along or across the slant), each patch by its own
(the far tiles are foreshortened more than the near ones); not one holding more pips than a
tile shows (tiles joined). Where the reading of the whole photo
failed, the rest is read again with those patches painted over.

How far a photo is foreshortened is told by its pips (:func:`pips_stretch`): round on the face,
a slant makes them ellipses as much shorter along the photo's height as the table is. Where the
photo was said (its tiles did not come apart), or a tile was read neither
half of which is sure or squatter than a tile once the slant is undone (parts of two tiles: a
row side by side, their sides between them, cut short; :func:`squat_from_above`), and its pips
tell of a slant, the whole photo is read again as seen from above, its height lengthened by
what they tell, kept where it reads more tiles, and as many lengthened a little more or less
(:func:`read_lengthened`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.faces import filled, patches, patches_within
from hubd.vision.seen import TileSeen
from hubd.vision.shapes import ASPECT, Floats, Image, least_rect, quad_of, sides

_SQUATTEST, _LONGEST = 1.18, 3.6  # a tile's shape foreshortened at about 50-55 degrees from
# straight down, along the slant and across it (a checked cloth's square is squatter, up to 1.1
# measured; at a slant it is wider than tall, which no tile along the slant is)
_ALONG_AXIS = math.radians(25)  # a tile's long side within this of the photo's height lies
# along the slant (within this of its width, across it)
_ASLANT = 1.45  # a tile lying aslant: the photo's height lengthened by this (40-55 degrees)
_LARGEST = 1.6  # a patch this many times the faces' median area is more than one tile
_SMALLEST = 0.35  # a tile far off, foreshortened at a strong slant, is this share of a near one
_NEAR = 0.25  # a tile read in a patch on its own lies this share of its width from its middle
_FILLED = 0.85  # a tile's face fills this share of its least rectangle (rounded corners)
_CONVEX = 0.9  # and this share of its convex hull (a cloth's light patch is ragged)
_SHEARED = 0.7  # sheared to a parallelogram by a slant, it fills less of its least rectangle,
_STRAIGHT = 0.97  # its sides straight
_PIP_AREA = (12, 2000)  # a pip's area at the work size, pixels (a bar's gap, a speck: no pip)
_PIP_LONG = 4.0  # a pip seen at 55 degrees is 1.7 times as wide as tall (squared: 3); a
# bar's piece or a seam is longer
_PIP_FULL = 0.8  # and fills this share of its convex hull at the least (a pip is convex)
_FEWEST_PIPS = 4  # fewer pips than this tell nothing
_SLANTED = 1.1  # pips this much wider than tall tell of a slant (25 degrees from straight down)
_MOST_PIPS = 40  # a tile shows 30 pips at the most (a 15-15): a patch with more, a third
# again for specks and pips cut in two by a glare, is tiles joined
_NEXT = 1.12  # the neighbouring stretches a reading must hold at too: this much more or less
#: A pip on a face: its centre and its width over its height (a slant widens a round pip).
Pip = tuple[tuple[float, float], float]


def slanted_faces(
    score: Image,
    scale: float,
    seen: Sequence[TileSeen],
    least: float,
    mask: Image,
    pips: Sequence[Pip],
) -> list[tuple[Image, float]]:
    """The photo's patches of face (``score``: its whiteness at the work size, ``scale`` times
    the photo's; ``mask``: its faces, see :func:`faces`; ``pips``: the pips on them, see
    :func:`face_pips`) in which no tile was read (``seen``, their centres in the photo's
    pixels) that are a tile's face but for a slant's foreshortening, each with the stretch of
    the photo's height that makes it a tile's shape again. Each patch is its own: the far
    tiles are foreshortened more than the near ones."""
    found = []
    whole = list(whole_faces(score, least, mask))
    read = [_has_tile(outline, seen, scale) for outline in whole]
    areas = [float(cv2.contourArea(outline)) for outline in whole]
    usual = float(np.median(areas)) if areas else 0.0
    # A tile's area: the read tiles' faces', else the largest face but a row of tiles.
    tile = [area for area, has in zip(areas, read, strict=True) if has]
    rest = [area for area in areas if area <= _LARGEST * usual]
    size = float(np.median(tile)) if tile else max(rest, default=0.0)
    for outline, area, has in zip(whole, areas, read, strict=True):
        if has or not _SMALLEST * size <= area <= _LARGEST * max(usual, size):
            continue  # (a checked cloth's square; a row of tiles, whose pieces were said)
        corners = quad_of(outline)
        short, long = sides(corners)
        length = corners[2] - corners[1]  # (a long side: the first edge is a short one)
        lean = math.atan2(abs(float(length[0])), abs(float(length[1])))  # from the height
        shape = long / max(short, 1.0)
        squat = _tile_like(shape) and shape < ASPECT[0]
        too_long = _tile_like(shape) and shape > ASPECT[1]
        upright, level = lean <= _ALONG_AXIS, lean >= math.pi / 2 - _ALONG_AXIS
        if (squat and upright) or (too_long and level):
            # Along the slant it is squat; across it, too long.
            found.append((outline, 2 / shape if squat else shape / 2))
        elif (squat or too_long or filled(outline) < _FILLED) and not (upright or level):
            # Aslant, it is sheared: its stretch is not told by its shape.
            found.append((outline, _ASLANT))
    if not found:
        return found
    # A patch holding more pips than one tile shows is tiles joined, not one foreshortened:
    # read on its own, it reads no tile (nor could it read one rightly) and costs a reading.
    centres = [centre for centre, _ in pips]
    return [(outline, stretch) for outline, stretch in found
            if sum(cv2.pointPolygonTest(outline, at, False) >= 0 for at in centres) <= _MOST_PIPS
            ]  # fmt: skip


def painted_over(photo: Image, outlines: Sequence[Image]) -> Image:
    """The photo with each outline (the photo's pixels) and a little round it painted the
    colour of the table round it, as if its tile were not there."""
    painted = photo.copy()
    for outline in outlines:
        inside, table = _grown(photo, outline)
        painted[inside] = table
    return painted


def _grown(photo: Image, outline: Image) -> tuple[NDArray[np.bool_], Image]:
    """Where an outline (the photo's pixels) and a little round it lie in the photo, and the
    colour of the table round that (the median of a ring as wide again)."""
    _, _, w, h = cv2.boundingRect(outline)
    grow = max(2, round(0.08 * max(w, h)))
    patch: Image = np.zeros(photo.shape[:2], np.uint8)
    cv2.drawContours(patch, [outline], -1, 255, cv2.FILLED)
    kernel = np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)
    inside: Image = cv2.dilate(patch, kernel)
    ring = (cv2.dilate(inside, kernel) > 0) & (inside == 0)
    table: Image = np.median(photo[ring], axis=0).astype(np.uint8)
    return inside > 0, table


def read_on_its_own(
    photo: Image, outline: Image, stretch: float, read: Callable[[Image], list[TileSeen]]
) -> list[TileSeen]:
    """The one tile in a patch of face (its ``outline`` in the photo's pixels), read (by
    ``read``, [] where it cannot) in a cut round it with its height lengthened by ``stretch``,
    where it reads one tile lying in the patch's middle (else: [])."""
    cut, origin = _around(photo, outline)
    # (Alone in its cut: a neighbour's face reaching into it, cut off by its edge, is no tile
    # partly outside the photo, nor one stuck to it.)
    inside, table = _grown(cut, outline - np.array(origin, np.int32))
    cut = cut.copy()
    cut[~inside] = table
    moments = cv2.moments(outline)
    middle = np.array([moments["m10"], moments["m01"]]) / max(moments["m00"], 1.0)
    near = _NEAR * min(least_rect(outline)[1])
    alone = read(stretched(cut, stretch))
    if len(alone) != 1:
        return []
    tile = _unstretched(alone[0], stretch, origin)
    return [tile] if float(np.linalg.norm(np.array(tile.centre) - middle)) <= near else []


def pips_stretch(score: Image, mask: Image) -> float | None:
    """How much the photo's height would have to be lengthened to undo a slant, told by the
    shapes of the pips on its faces (``score``: the photo's whiteness at the work size,
    ``mask``: its faces, see :func:`faces`): their median width over height, a pip's second
    moments across the photo over those along its height (None where too few pips show)."""
    return stretch_of(face_pips(score, mask))


def stretch_of(pips: Sequence[Pip]) -> float | None:
    """:func:`pips_stretch` from the pips already found (:func:`face_pips`)."""
    ratios = [ratio for _, ratio in pips]
    return float(np.median(ratios)) if len(ratios) >= _FEWEST_PIPS else None


def face_pips(score: Image, mask: Image) -> list[Pip]:
    """The pips on the photo's faces (see :func:`pips_stretch`): each one's centre and its
    width over its height (a slant makes a round pip wider than tall)."""
    count, labels, stats = _holes(score, mask)
    found = []
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if not _PIP_AREA[0] <= area <= _PIP_AREA[1]:
            continue
        blob = (labels[y : y + h, x : x + w] == label).astype(np.uint8)
        moments = cv2.moments(blob, True)
        across, along, skew = moments["mu20"], moments["mu02"], moments["mu11"]
        half_sum, product = (across + along) / 2, across * along - skew * skew
        spread = math.sqrt(max(half_sum * half_sum - product, 0.0))
        if product <= 0 or (half_sum + spread) > _PIP_LONG * (half_sum - spread):
            continue
        outline, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if area < _PIP_FULL * cv2.contourArea(cv2.convexHull(outline[0])):
            continue
        centre = (x + moments["m10"] / moments["m00"], y + moments["m01"] / moments["m00"])
        found.append((centre, math.sqrt(across / along)))
    return found


def _holes(score: Image, mask: Image) -> tuple[int, Image, Image]:
    """The dark holes in the faces (pips, bars): their count, labels and stats (see
    :func:`cv2.connectedComponentsWithStats`)."""
    level, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    holes = ((mask > 0) & (score <= level)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=8)
    return count, labels, stats


def tiles_only(small: Image, score: Image, mask: Image) -> Image:
    """The photo (``small``, at the work size; ``score``: its whiteness, ``mask``: its faces)
    with every patch of face bare of pips and bars (a cloth's light patch) painted the
    table's colour, so that read again only the tiles are cut again: a patch that holds no
    hole of a pip's size at the least."""
    _, holes, stats = _holes(score, mask)
    found = mask > 0
    count, patch = cv2.connectedComponents(found.astype(np.uint8), connectivity=8)
    big = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] >= _PIP_AREA[0])
    inked = np.zeros(count, bool)
    inked[patch[np.isin(holes, big[big > 0])]] = True
    bare = ~inked[patch] & found
    painted = small.copy()
    if bare.any() and (~found).any():
        painted[bare] = np.median(small[~found], axis=0).astype(np.uint8)
    return painted


def squat_from_above(pieces: Sequence[Floats], stretch: float | None) -> bool:
    """Whether a piece read as a tile (its corners), its height lengthened by the slant's
    ``stretch`` (see :func:`pips_stretch`), is squatter than a tile's shape: seen from above
    it is no tile, but parts of two side by side (a row cut at its tiles' sides)."""
    if stretch is None or stretch < _SLANTED:
        return False
    for corners in pieces:
        short, long = sorted(sides(corners * np.array([1.0, stretch], np.float32)))
        if long < ASPECT[0] * short:
            return True
    return False


def read_lengthened(
    photo: Image,
    stretch: float,
    read: Callable[[Image], list[TileSeen] | None],
    more_than: int,
    further: bool = False,
) -> list[TileSeen] | None:
    """The tiles of a photo (at the work size) read (by ``read``: None where it cannot be)
    with its height lengthened by ``stretch`` (as its pips tell: see :func:`pips_stretch`),
    where they are more than ``more_than`` and as many lengthened a little more or a little
    less; else None (also where the pips tell of no slant). With ``further`` (a photo said for
    tiles stuck: nothing else of it is read), those tiles must be the same but one (a
    staggered row of four was read as six tiles at 1.30 and 1.45, not the same six), and
    where that fails, the same a step further (:data:`_NEXT` times ``stretch``): a blur rounds
    the pips as much across as along, so they tell less of a slant than there is.

    Lengthened past the slant's stretch, tiles along it grow too long and those across it
    squat, and short of it the other way: a reading that holds at one stretch alone is a
    guess (rows cut at the tiles' sides between them, a cut taking a side in for a half)."""
    if stretch < _SLANTED:
        return None
    readings: dict[int, list[TileSeen] | None] = {}  # read at stretch x _NEXT ** step, once

    def read_at(step: int) -> list[TileSeen] | None:
        if step not in readings:
            readings[step] = read(stretched(photo, stretch * _NEXT**step))
        return readings[step]

    for step in (0, 1) if further else (0,):
        found = read_at(step)
        if found is None or len(found) <= more_than:
            continue
        for nearby in (step - 1, step + 1):
            again = read_at(nearby)
            if again is not None and len(again) == len(found):
                if further and _differing(found, again) > 1:
                    continue
                return [_unstretched(tile, stretch * _NEXT**step, (0, 0)) for tile in found]
    return None


def _differing(found: list[TileSeen], again: list[TileSeen]) -> int:
    """How many of the tiles read one way (their likeliest counts) are not read the other."""
    return sum((_likeliest(found) - _likeliest(again)).values())


def _likeliest(seen: list[TileSeen]) -> Counter[tuple[int, int]]:
    """The tiles read, each its halves' likeliest counts, the lower first."""
    return Counter(
        (min(pair), max(pair))
        for pair in ((tile.tile.first.best, tile.tile.second.best) for tile in seen)
    )


def _around(photo: Image, outline: Image) -> tuple[Image, tuple[int, int]]:
    """The photo cut round an outline (the photo's pixels) with a margin of a quarter of its
    size, and where the cut's corner lies in the photo."""
    x, y, w, h = cv2.boundingRect(outline)
    margin = max(w, h) // 4
    left, top = max(0, x - margin), max(0, y - margin)
    right, bottom = min(photo.shape[1], x + w + margin), min(photo.shape[0], y + h + margin)
    return photo[top:bottom, left:right], (left, top)


def stretched(photo: Image, stretch: float) -> Image:
    """The photo's height lengthened by ``stretch``."""
    height = round(photo.shape[0] * stretch)
    longer: Image = cv2.resize(photo, (photo.shape[1], height), interpolation=cv2.INTER_LINEAR)
    return longer


def _unstretched(tile: TileSeen, stretch: float, origin: tuple[int, int]) -> TileSeen:
    """A tile read in a cut of the photo (its corner at ``origin``) :func:`stretched`, its
    centre where it lies in the photo."""
    x, y = tile.centre
    return TileSeen(tile.tile, (x + origin[0], y / stretch + origin[1]))


def _tile_like(shape: float) -> bool:
    """Whether a patch's long side over its short one may be a tile's, seen at a slant."""
    return _SQUATTEST <= shape <= _LONGEST


def _has_tile(outline: Image, seen: Sequence[TileSeen], scale: float) -> bool:
    """Whether a tile was read with its centre in the patch."""
    return any(
        cv2.pointPolygonTest(outline, (x * scale, y * scale), False) >= 0
        for x, y in (tile.centre for tile in seen)
    )


def whole_faces(score: Image, least: float, mask: Image) -> Iterator[Image]:
    """The patches of face that are each one whole face, looked for as the reading looks for
    tiles: over the photo (``mask``: its faces, see :func:`faces`), then within a patch that
    is not one (a lit table round the tiles) by its own threshold, twice at most."""
    todo = [(outline, 0) for outline in patches(mask, least)]
    while todo:
        outline, depth = todo.pop()
        if _whole_face(outline, score.shape):
            yield outline
        elif depth < 2:
            todo += [(inner, depth + 1) for inner in patches_within(score, outline, least)]


def _whole_face(outline: Image, shape: tuple[int, ...]) -> bool:
    """Whether a patch is one whole face: as full and as convex as a tile's (or a tile's
    sheared by the slant), and inside the photo (one cut by its edge is no tile's shape)."""
    x, y, w, h = cv2.boundingRect(outline)
    inside = min(x, y) > 0 and x + w < shape[1] and y + h < shape[0]
    convex = cv2.contourArea(outline) / max(cv2.contourArea(cv2.convexHull(outline)), 1.0)
    full = filled(outline) >= _FILLED or (filled(outline) >= _SHEARED and convex >= _STRAIGHT)
    return inside and full and convex >= _CONVEX
