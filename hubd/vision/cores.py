"""What the cores of a patch's faces make besides whole faces (see
:func:`hubd.vision.cutting.pieces`): a face broken in two at its bar, its halves paired into
its tile or lying within a tile read; a band of the tiles' sides seen at a strong slant, no
face at all."""

from __future__ import annotations

import cv2
import numpy as np

from hubd.vision.shapes import ASPECT, Floats, Image, percentile_of, quad_of, sides

_WITHIN = 0.85  # a half this share within a tile read is a piece of that tile
_HALF_WIDE = 0.6  # and at least this share of its width (see within_tiles)
_BAND = 0.7  # a band of sides is narrower than this share of the widest face
ACROSS = 1.3  # beside one, a face lying across the slant is up to this much longer for its
# width than a tile's shape allows seen from above (see patch_tiles._FORESHORTENED)
_INK, _INKED = 0.6, 0.01  # a pip or a bar is darker than this share of a core's light, and
# makes up more than this share of it
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
