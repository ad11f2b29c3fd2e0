"""What the cores of a patch's faces make besides whole faces (see
:func:`hubd.vision.cutting.pieces`): a face broken in two at its bar, its halves paired into
its tile or lying within a tile read; a band of the tiles' sides seen at a strong slant, no
face at all."""

from __future__ import annotations

import cv2
import numpy as np

from hubd.vision.shapes import ASPECT, Floats, Image, least_rect, percentile_of, quad_of, sides

_WITHIN = 0.85  # a half this share within a tile read is a piece of that tile
_HALF_WIDE = 0.6  # and at least this share of its width (see within_tiles)
_BAND = 0.7  # a band of sides is narrower than this share of the widest face
ACROSS = 1.3  # beside one, a face lying across the slant is up to this much longer for its
# width than a tile's shape allows seen from above (see patch_tiles._FORESHORTENED)
_INK, _INKED = 0.6, 0.01  # a pip or a bar is darker than this share of a core's light, and
# makes up more than this share of it
FORESHORTENED = 1.1  # a face's length over width at the least, lying along a strong slant
_SIDE_LONG = 0.65  # a face beside a band is this share of the band's length at the least (the far
# tiles of a column shorter: 0.74 of the nearest's side at a strong slant)
_SQUAT_FILL = 0.8  # a squat core that is a face and a side fills this share of its quadrilateral
_PAIR_SIZES, _PAIR_FILL = 0.6, 0.8  # a tile's two halves' cores: the smaller this share of
# the larger at the least, together this share of the quadrilateral over both


def band_of_sides(lightness: Image, core: Image, widest: float) -> bool:
    """Whether a core is a band of the tiles' sides seen at a strong slant: narrower than the
    widest face, longer for its width than any face, and bare (a face has its bar)."""
    short, long = sides(quad_of(core))
    if short >= _BAND * widest or long <= ACROSS * ASPECT[1] * short:
        return False
    x, y, w, h = cv2.boundingRect(core)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [core], -1, 255, cv2.FILLED, offset=(-x, -y))
    values = lightness[y : y + h, x : x + w][inside > 0].astype(np.float32)
    light = percentile_of(values, 90)
    return float(np.mean(values < _INK * light)) <= _INKED


def face_beside_side(core: Image, band: Image) -> Floats | None:
    """A squat core that is a face with the side of the tile before it joined on, beside a
    ``band`` of sides: the face's corners, the side cut off the core's end away from the band
    (each tile's side lies on the band's side of its face), as thick as the band (thinner as
    the face is shorter, further off); None where what is left is not a face's shape.

    At a strong slant a column of tiles lying across it shows each tile's side between its
    face and the next face: a groove runs at the face's own rim, none where the side meets the
    next face (the side darker than that face, no valley), so each core is a face and a side,
    too squat for a tile, and the column was said to be tiles stuck together (or no tiles)."""
    quad = quad_of(core)
    short, long = sides(quad)
    if long >= ASPECT[0] * short or cv2.contourArea(core) < _SQUAT_FILL * cv2.contourArea(quad):
        return None
    (bx, by), (w, h), angle = least_rect(band)
    along = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))], np.float32)
    if w < h:  # (the band's long side: the tiles' long sides run along it)
        along = np.array([-along[1], along[0]], np.float32)
    across = np.array([-along[1], along[0]], np.float32)
    points = quad.astype(np.float32)
    u, v = points @ along, points @ across
    length = float(u.max() - u.min())
    thick = min(w, h) * length / max(w, h)
    depth = float(v.max() - v.min()) - thick
    if depth <= 0 or not FORESHORTENED <= length / depth <= ACROSS * ASPECT[1]:
        return None
    if length < _SIDE_LONG * max(w, h):
        return None  # (a side runs the whole length of its face: a shorter piece is no face)
    towards_band = float(np.array([bx, by], np.float32) @ across) > float(v.mean())
    low, high = (float(v.min()) + thick, float(v.max())) if towards_band else (
        float(v.min()), float(v.max()) - thick)  # fmt: skip
    ends = ((u.min(), low), (u.min(), high), (u.max(), high), (u.max(), low))
    corners: Floats = np.array([a * along + b * across for a, b in ends], np.float32)
    return corners  # (its first edge across the face: the shorter)


def paired_halves(halves: list[Image], across: float) -> tuple[list[Floats], list[Image]]:
    """The tiles whose face's core broke in two at its bar (pips at the bar's ends cut it
    off the rim), each two cores of half a tile's shape that together make one (the
    quadrilateral over both), and the cores left. A core is paired only with the one core
    that fits it: two tiles side by side, each broken so, give each half two partners, its
    own tile's and its neighbour's, and are left (said, not guessed). ``across``: see
    :func:`_pair_of`."""
    fits: dict[int, list[tuple[int, Floats]]] = {index: [] for index in range(len(halves))}
    for first in range(len(halves)):
        for second in range(first + 1, len(halves)):
            both = _pair_of(halves[first], halves[second], across)
            if both is not None:
                fits[first].append((second, both))
                fits[second].append((first, both))
    tiles: list[Floats] = []
    left = []
    for index, half in enumerate(halves):
        partners = fits[index]
        if len(partners) == 1 and len(fits[partners[0][0]]) == 1:
            if index < partners[0][0]:
                tiles.append(partners[0][1])
        else:
            left.append(half)
    return tiles, left


def _pair_of(first: Image, second: Image, across: float) -> Floats | None:
    """The quadrilateral over two cores of half a tile's shape where together they make one
    tile's (of its shape, up to ``across`` times longer for its width beside a band of sides,
    both about one size, filling it but for a gap as narrow as a bar and their rims), else
    None."""
    # (Pips at a half's edge bite into its core: each measured by its hull.)
    areas = sorted(cv2.contourArea(cv2.convexHull(half)) for half in (first, second))
    if areas[0] < _PAIR_SIZES * areas[1]:
        return None
    both = np.vstack([first, second])
    quad = quad_of(both)
    short, long = sides(quad)
    if not ASPECT[0] <= long / max(short, 1.0) <= across * ASPECT[1]:
        return None
    if sum(areas) < _PAIR_FILL * cv2.contourArea(quad):
        return None
    return quad


def within_tiles(
    halves: list[Image], outline: Image, tiles: list[Floats], as_wide: bool = False
) -> bool:
    """Whether each core of half a tile's shape lies within a tile read whole from the rest of
    its core (pips crowding the bar broke a face's core in two, one part a tile's shape), and
    (``as_wide``, beside a band of sides) as wide as the tile it lies most in is: a face's half
    is, one much narrower lies in faces joined into one core (a glossy table's reflection)."""
    x, y, w, h = cv2.boundingRect(outline)
    each = []
    for tile in tiles:
        one = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(one, np.round(tile - (x, y)).astype(np.int32), 1)
        each.append(one)
    taken = np.bitwise_or.reduce(each) if each else np.zeros((h, w), np.uint8)
    for half in halves:
        quad = quad_of(half)
        inside = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(inside, np.round(quad - (x, y)).astype(np.int32), 1)
        if np.count_nonzero(inside & taken) < _WITHIN * max(int(inside.sum()), 1):
            return False
        if not as_wide:
            continue
        most = max(range(len(tiles)), key=lambda index: np.count_nonzero(inside & each[index]))
        if sides(quad)[0] < _HALF_WIDE * sides(tiles[most])[0]:
            return False
    return True
