"""Synthetic photos of dominoes with their labels, for the photo reader's tests and bench.

Each photo is made from a seed alone (the same seed, the same pixels): a table (dark, wooden,
felt or a patterned cloth), a hand of tiles from a double-6, 9, 12 or 15 set laid in rows,
touching or apart, turned, the whole seen in perspective, under uneven light with a shadow,
then blurred, noised and JPEG-compressed like a phone's photo. Double-12 and 15 sets colour
each number, and some have a brass spinner on the bar; the bar is a line or a groove. Some
sets ring their pips with a lighter line; some photos catch a lamp's glare.

What real photos of real sets add, drawn from a stream of their own (the photos without them
stay as they were): pips drilled as hollows (a shaded wall, a lighter floor lit from one
side); the tiles' thickness, a band of side beside each face on the side the camera sees from
(ivory, or two layers: ivory over a dark back); a stronger slant; a phone's full-size photo
(3,000-4,000 px, soft at the pixel as phones make them).

A phone held at a slant, on a stream of its own (``camera_slant``): a camera 20-50 degrees
from looking straight down, with a phone's focal length, sees the table shortened along the
photo's height (to about ``cos`` of the slant) as well as narrower at its far side, the near
tiles larger than the far ones, and each tile's side on the side that faces the camera.

A glossy table (``glossy``, a stream of its own too): a window's reflection on it, a smooth grey
patch dimmer than the faces, running from the photo's edge nearest the tiles in under them.

A patterned cloth (``cloth``, a stream of its own too): checks, gingham, stripes or dots, fine
or as large as a tile's half, turned any way, its light part grey or coloured and, where the
light falls on it, as light as a face in the shade.

A white table whiter than the faces (``white``, a stream of its own too): white paper, a white
laminate or cloth, lighter than the ivory faces on it (they are darker than it by a tenth to a
fifth, only yellower), the shadows on it grey.

    python tests/helpers/photo_synth.py OUT_DIR [--count N] [--seed S]   # PNGs + labels.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]
Colour = tuple[float, ...]

#: Where a number's pips sit in its half, as (column, row) on a grid of columns x rows.
_SMALL = {  # 3 x 3
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}
_SIDES4 = [(0, r) for r in range(4)] + [(2, r) for r in range(4)]
_SIDES5 = [(0, r) for r in range(5)] + [(2, r) for r in range(5)]
#: Every layout is the same turned half a turn (a tile has no way up), as real sets draw them.
_LARGE = {  # 3 x 4 for 10-12, 3 x 5 for 13-15 (the layouts of common double-12/15 sets)
    10: (4, [*_SIDES4, (1, 1), (1, 2)]),
    11: (4, [*_SIDES4, (1, 0), (1, 1.5), (1, 3)]),  # (the middle three: top, centre, end)
    12: (4, [*_SIDES4, (1, 0), (1, 1), (1, 2), (1, 3)]),
    13: (5, [*_SIDES5, (1, 1), (1, 2), (1, 3)]),
    14: (5, [*_SIDES5, (1, 0), (1, 1), (1, 3), (1, 4)]),
    15: (5, [*_SIDES5, *[(1, r) for r in range(5)]]),
}
#: Colours (BGR) by number for coloured sets; 0 has none.
_COLOURS = [
    (0, 0, 0), (200, 150, 40), (40, 140, 30), (30, 30, 200), (120, 60, 20), (20, 110, 220),
    (140, 40, 130), (30, 30, 30), (60, 160, 120), (150, 40, 60), (20, 150, 200),
    (90, 90, 160), (40, 40, 110), (180, 90, 170), (100, 120, 20), (60, 60, 200),
]  # fmt: skip

_LIGHT_TABLES = 0.5  # the share of photos on a light plain table, where they are drawn
TILE_W = 120  # the template's short side, pixels; its long side is twice that


def pip_centres(number: int, packed: bool = False) -> tuple[list[tuple[float, float]], float]:
    """A number's pip centres in a unit half (x, y in 0..1) and the pips' radius there
    (``packed``: as many real double-12 and 15 sets draw them, large, their columns spanning
    the half, a column's pips nearly touching; see :class:`Look`)."""
    if number <= 9:
        cells, rows = _SMALL[number], 3
        if packed:
            return [(0.17 + 0.33 * c, 0.17 + 0.33 * r) for c, r in cells], 0.115
        spots = [(0.22 + 0.28 * c, 0.22 + 0.28 * r) for c, r in cells]
        return spots, 0.095
    rows, cells = _LARGE[number]
    if packed:  # (a gap of a fifth of a pip's width between a column's pips)
        first, step = (0.15, 0.7 / 3) if rows == 4 else (0.12, 0.76 / 4)
        return [(0.17 + 0.33 * c, first + step * r) for c, r in cells], 0.42 * step
    step = 0.78 / (rows - 1) if rows > 1 else 0.0
    return [(0.2 + 0.3 * c, 0.11 + step * r) for c, r in cells], 0.058 if rows == 5 else 0.07


@dataclass(frozen=True)
class Look:
    """How one set looks: the face's colour, its pips', its bar's kind and its spinner."""

    face: tuple[int, int, int]
    coloured: bool
    groove: bool
    spinner: bool
    pip_scale: float
    bar_end: float  # how far from the long edges the bar stops, a share of the width
    ringed: bool = False  # each pip drawn with a lighter ring inside (some sets' pips)
    drilled: float = 0.0  # pips are hollows: how light their floor is (0: flat discs)
    packed: bool = False  # pips large and packed as many real double-12/15 sets draw them:
    # a column of four or five nearly touching, blurred into one blob, the outer columns a
    # hair from the face's long edges (``pip_scale`` up to 1 only: they never overlap)
    bar_shows: bool = True  # False: no bar shows across the face (a lamp's glare washed it
    # out, a faint groove worn away): the tile is known by its shape and its pips alone


def draw_tile(a: int, b: int, look: Look) -> tuple[Image, NDArray[np.float32]]:
    """The template of a tile, a on top, upright: its colour image and its alpha (0..1)."""
    w, h = TILE_W, 2 * TILE_W
    face = np.full((h, w, 3), look.face, np.float32)
    alpha = np.zeros((h, w), np.float32)
    radius = int(w * 0.12)
    cv2.rectangle(alpha, (radius, 0), (w - 1 - radius, h - 1), 1.0, -1)
    cv2.rectangle(alpha, (0, radius), (w - 1, h - 1 - radius), 1.0, -1)
    for cx, cy in ((radius, radius), (w - 1 - radius, radius), (radius, h - 1 - radius),
                   (w - 1 - radius, h - 1 - radius)):  # fmt: skip
        cv2.circle(alpha, (cx, cy), radius, 1.0, -1, cv2.LINE_AA)
    # The bevel: the face darkens towards its rounded edge.
    inside = cv2.distanceTransform((alpha > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    face *= (0.62 + 0.38 * np.clip(inside / (w * 0.07), 0, 1))[..., None]
    for half, number in ((0, a), (1, b)):
        spots, r = pip_centres(number, look.packed)
        colour = _COLOURS[number] if look.coloured else (25, 25, 25)
        scale = min(1.0, look.pip_scale) if look.packed else look.pip_scale
        for x, y in spots:
            centre = (int((0.04 + 0.92 * x) * w * 16), int((half + 0.04 + 0.92 * y) * w * 16))
            rad = int(r * scale * w * 16)
            if look.drilled:
                _draw_hollow(face, centre, rad, colour, look)
                continue
            cv2.circle(face, centre, rad, colour, -1, cv2.LINE_AA, shift=4)
            if look.ringed:
                ring = tuple(0.5 * c + 0.5 * f for c, f in zip(colour, look.face, strict=True))
                cv2.circle(face, centre, int(rad * 0.6), ring, 2, cv2.LINE_AA, shift=4)
    end = int(w * look.bar_end)
    if look.bar_shows and look.groove:
        cv2.line(face, (end, w - 1), (w - end, w - 1), tuple(0.7 * c for c in look.face), 2)
        cv2.line(
            face, (end, w + 2), (w - end, w + 2), tuple(min(255, 1.05 * c) for c in look.face), 2
        )
    elif look.bar_shows:
        cv2.line(face, (end, w), (w - end, w), (40, 40, 40), 3, cv2.LINE_AA)
    if look.spinner:
        cv2.circle(face, (w // 2, w), int(w * 0.07), (60, 150, 190), -1, cv2.LINE_AA)
        cv2.circle(face, (w // 2, w), int(w * 0.03), (150, 210, 235), -1, cv2.LINE_AA)
    return np.clip(face, 0, 255).astype(np.uint8), alpha


def one_tile_photo(
    a: int,
    b: int,
    look: Look,
    erase: tuple[float, float] | None = None,
    crumb: tuple[float, float, float] | None = None,
) -> Image:
    """The tile a-b alone on a dark table, seen from straight above; ``erase`` paints over the
    pip at that place of the top half (x, y in 0..1), as if it were too pale to see; ``crumb``
    (x, y, how dark: 0..1) lays a crumb at that place of the top half, a speck under half a
    small pip's width, grey (a crumb of bread, a chip in the face, dirt in a scratch)."""
    image, alpha = draw_tile(a, b, look)
    if erase is not None:
        _, radius = pip_centres(a)
        centre = (int((0.04 + 0.92 * erase[0]) * TILE_W), int((0.04 + 0.92 * erase[1]) * TILE_W))
        cv2.circle(image, centre, int(radius * TILE_W) + 2, look.face, -1)
    if crumb is not None:
        x, y, dark = crumb
        grey = tuple((1 - dark) * c + dark * 60 for c in look.face)
        centre = (int((0.04 + 0.92 * x) * TILE_W * 16), int((0.04 + 0.92 * y) * TILE_W * 16))
        cv2.circle(image, centre, int(0.045 * TILE_W * 16), grey, -1, cv2.LINE_AA, shift=4)
    photo = np.full((480, 400, 3), 45, np.uint8)
    top, left = 120, 140
    patch = photo[top : top + 2 * TILE_W, left : left + TILE_W].astype(np.float32)
    blended = patch * (1 - alpha[..., None]) + image.astype(np.float32) * alpha[..., None]
    photo[top : top + 2 * TILE_W, left : left + TILE_W] = blended.astype(np.uint8)
    return photo


def slanted(photo: Image, degrees: float) -> Image:
    """The table as a phone held ``degrees`` from looking straight down sees it (its focal
    length the photo's longer side, as a phone's main camera): the far side up, foreshortened
    and narrower; zoomed so that the table fills the frame."""
    height, width = photo.shape[:2]
    focal, slant = max(height, width), math.radians(degrees)
    corners = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    seen = []
    for x, y in corners - np.float32([width / 2, height / 2]):
        depth = focal - y * math.sin(slant)  # (the photo's top, y < 0, is further away)
        seen.append([focal * x / depth, focal * y * math.cos(slant) / depth])
    view = cv2.getPerspectiveTransform(corners, np.float32(seen))
    (left, top), (right, _), (_, bottom) = seen[0], seen[1], seen[2]
    zoom = max(width / (right - left), height / (bottom - top))
    fill = np.float32([[zoom, 0, width / 2], [0, zoom, height / 2 - zoom * (top + bottom) / 2],
                       [0, 0, 1]])  # fmt: skip
    seen_so: Image = cv2.warpPerspective(photo, fill @ view, (width, height),
                                         borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    return seen_so


def row_photo(
    tiles: Sequence[tuple[int, int]], look: Look, gap: int, bare: int | None = None
) -> Image:
    """The tiles upright in a row, ``gap`` pixels apart (0: touching), on a dark table seen
    from straight above, softened as a phone's photo is; ``bare``: the one among them whose
    bar does not show (see :attr:`Look.bar_shows`)."""
    margin = 150
    width = len(tiles) * TILE_W + (len(tiles) - 1) * gap + 2 * margin
    photo = np.full((2 * TILE_W + 2 * margin, width, 3), 45, np.uint8)
    for place, (a, b) in enumerate(tiles):
        image, alpha = draw_tile(a, b, look if place != bare else replace(look, bar_shows=False))
        left = margin + place * (TILE_W + gap)
        box = (slice(margin, margin + 2 * TILE_W), slice(left, left + TILE_W))
        blended = photo[box] * (1 - alpha[..., None]) + image * alpha[..., None]
        photo[box] = blended.astype(np.uint8)
    softened: Image = cv2.GaussianBlur(photo, (0, 0), 1.2)
    return softened


def lamp_lit(photo: Image, at: tuple[float, float], strength: float, falloff: float) -> Image:
    """``photo`` under a hanging lamp: a pool of light at ``at`` (x, y: shares of the photo's
    width and height), ``strength`` times brighter again at its middle, and the light falling
    off by ``falloff`` across the photo away from it, so that the faces at the far end are
    darker than the table lit in its pool (one threshold over the photo takes the pool's
    faces alone)."""
    height, width = photo.shape[:2]
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    x, y = at[0] * width, at[1] * height
    away = np.hypot(xx - x, yy - y)
    pool = np.exp(-(away**2) / (2 * (0.12 * width) ** 2))
    light = 1 - falloff * away / away.max() + strength * pool
    lit: Image = np.clip(photo.astype(np.float32) * light[..., None], 0, 255).astype(np.uint8)
    return lit


def _draw_hollow(
    face: NDArray[np.float32], centre: tuple[int, int], rad: int, colour: Colour, look: Look
) -> None:
    """A drilled pip (``centre`` and ``rad`` in 1/16 px): its wall shaded darker than its paint
    where the light does not reach, its floor lit (lighter, towards the face's colour), offset
    away from the light, with a bright lip on the wall that faces it."""
    wall = tuple(0.55 * c for c in colour)
    floor = tuple(c + look.drilled * (f - c) for c, f in zip(colour, look.face, strict=True))
    lip = tuple(min(255.0, 1.08 * f) for f in look.face)
    cv2.circle(face, (centre[0] - rad // 8, centre[1] - rad // 8), rad, lip, -1, cv2.LINE_AA,
               shift=4)  # fmt: skip
    cv2.circle(face, centre, rad, wall, -1, cv2.LINE_AA, shift=4)
    floor_at = (centre[0] + rad // 6, centre[1] + rad // 6)
    cv2.circle(face, floor_at, int(rad * 0.7), floor, -1, cv2.LINE_AA, shift=4)


def _outline(matrix: NDArray[np.float64]) -> NDArray[np.float32]:
    """A tile's rounded outline (the template's) placed on the table by ``matrix``."""
    w, h, radius = TILE_W, 2 * TILE_W, TILE_W * 0.12
    points = []
    for cx, cy, start in ((w - radius, radius, -90), (w - radius, h - radius, 0),
                          (radius, h - radius, 90), (radius, radius, 180)):  # fmt: skip
        for step in range(7):
            angle = math.radians(start + 15 * step)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return cv2.transform(np.float32([points]), matrix)[0]


def _draw_sides(
    canvas: NDArray[np.float32],
    outlines: list[NDArray[np.float32]],
    bands: list[NDArray[np.float32]],
    side: Colour,
    back: Colour | None,
) -> None:
    """Each tile's side, seen its ``bands`` (x, y: from its face towards its foot on the
    table) past its face: its body swept from the face down to the table, in the side's
    colour, its lower half in ``back`` (a two-layer tile). Drawn before every face: the faces
    lie level, so no tile's side hides another's face."""
    layers = ((0.5, 1.0, back), (0.0, 0.5, side)) if back is not None else ((0.0, 1.0, side),)
    for outline, band in zip(outlines, bands, strict=True):
        for top, bottom, colour in layers:
            body = np.concatenate([outline + top * band, outline + bottom * band])
            hull = np.round(cv2.convexHull(body) * 16).astype(np.int32)
            shade = np.zeros(canvas.shape[:2], np.float32)
            cv2.fillConvexPoly(shade, hull, 1.0, cv2.LINE_AA, shift=4)
            canvas *= 1 - shade[..., None]
            canvas += shade[..., None] * np.float32(colour)


def _laid(
    canvas: NDArray[np.float32], image: Image, alpha: NDArray[np.float32], matrix: NDArray[Any]
) -> NDArray[np.float32]:
    """``canvas`` with a tile's face (``image``, ``alpha``) laid on it where ``matrix`` puts it."""
    size = (canvas.shape[1], canvas.shape[0])
    warped_alpha = cv2.warpAffine(alpha, matrix, size)[..., None]
    warped = cv2.warpAffine(image, matrix, size).astype(np.float32)
    laid: NDArray[np.float32] = canvas * (1 - warped_alpha) + warped * warped_alpha
    return laid


def _table(rng: random.Random, size: tuple[int, int]) -> NDArray[np.float32]:
    w, h = size
    kind = rng.choice(("dark", "wood", "felt", "cloth"))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "dark":
        base = np.full((h, w, 3), rng.uniform(25, 60), np.float32)
    elif kind == "wood":
        grain = np.sin(yy / rng.uniform(6, 14) + 3 * np.sin(xx / rng.uniform(80, 200)))
        shade = 0.75 + 0.25 * grain
        brown = np.array([rng.uniform(40, 70), rng.uniform(80, 110), rng.uniform(120, 160)])
        base = shade[..., None] * brown.astype(np.float32)
    elif kind == "felt":
        base = np.empty((h, w, 3), np.float32)
        base[:] = (rng.uniform(30, 60), rng.uniform(90, 120), rng.uniform(20, 40))
    else:  # a checked cloth in two colours, neither white
        cell = rng.uniform(25, 60)
        check = ((xx // cell + yy // cell) % 2).astype(np.float32)[..., None]
        one = np.array([rng.uniform(30, 120) for _ in range(3)], np.float32)
        two = np.array([rng.uniform(30, 160) for _ in range(3)], np.float32)
        base = check * one + (1 - check) * two
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 6, (h, w, 1))
    return base + noise.astype(np.float32)


def _light_table(draw: random.Random, size: tuple[int, int]) -> NDArray[np.float32]:
    """A light plain table, as real photos show them: a mid-grey cloth (a fine weave), light
    wood or a white-ish laminate, nearly as light as the tiles where the light falls on it."""
    w, h = size
    kind = draw.choice(("grey cloth", "light wood", "laminate"))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "grey cloth":
        weave = 0.04 * np.sin(xx * draw.uniform(1.2, 2.0)) * np.sin(yy * draw.uniform(1.2, 2.0))
        grey = draw.uniform(110, 160)
        base = ((1 + weave) * grey)[..., None] * np.float32([1.0, 1.0, draw.uniform(0.95, 1.05)])
    elif kind == "light wood":
        grain = np.sin(yy / draw.uniform(6, 14) + 3 * np.sin(xx / draw.uniform(80, 200)))
        beige = np.float32([draw.uniform(125, 150), draw.uniform(165, 190), draw.uniform(195, 220)])
        base = (0.9 + 0.1 * grain)[..., None] * beige
    else:
        base = np.empty((h, w, 3), np.float32)
        base[:] = [draw.uniform(195, 220) + draw.uniform(-6, 6) for _ in range(3)]
    noise = np.random.default_rng(draw.randrange(2**32)).normal(0, 4, (h, w, 1))
    return base + noise.astype(np.float32)


def _white_table(
    draw: random.Random, size: tuple[int, int], look: Look
) -> tuple[NDArray[np.float32], Look]:
    """A white table whiter than the faces (paper, a white laminate or cloth), and ``look``
    with ivory faces: the faces' lightness 0.8-0.92 of the table's, their colour yellower (as
    real photos of ivory tiles on white paper show them: no lighter than the table, nor whiter)."""
    w, h = size
    white = draw.uniform(236, 252)
    base = np.empty((h, w, 3), np.float32)
    base[:] = [white + draw.uniform(-3, 3) for _ in range(3)]
    noise = np.random.default_rng(draw.randrange(2**32)).normal(0, 3, (h, w, 1))
    darker = draw.uniform(0.8, 0.92)  # the faces' red beside the table's
    yellow = draw.uniform(0.78, 0.9)  # their blue beside their red
    red = darker * white
    face = (round(yellow * red), round(draw.uniform(0.93, 0.98) * red), round(red))
    return base + noise.astype(np.float32), replace(look, face=face)


def _patterned_cloth(draw: random.Random, size: tuple[int, int]) -> NDArray[np.float32]:
    """A patterned cloth (see the module's docstring): a light and a dark colour, neither
    white, laid in checks, gingham (stripes across stripes, where they cross darkest), stripes
    or dots on a lattice, ``cell`` pixels apart, the pattern turned any way."""
    w, h = size
    pattern = draw.choice(("checks", "gingham", "stripes", "dots"))
    cell = draw.uniform(12, 70)
    turn = math.radians(draw.uniform(0, 180))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    along = (xx * math.cos(turn) + yy * math.sin(turn)) / cell
    across = (yy * math.cos(turn) - xx * math.sin(turn)) / cell
    if pattern == "checks":
        light = (np.floor(along) + np.floor(across)) % 2
    elif pattern == "gingham":
        light = 1 - 0.5 * (np.floor(along) % 2 + np.floor(across) % 2)
    elif pattern == "stripes":
        light = np.floor(along) % 2
    else:
        off = np.hypot(along - np.round(along), across - np.round(across))
        light = (off < draw.uniform(0.25, 0.4)).astype(np.float32)
    dark = np.float32([draw.uniform(20, 90) for _ in range(3)])
    if draw.random() < 0.5:  # (a grey or greyish light part: only its light tells it)
        grey = draw.uniform(100, 175)
        bright = np.float32([grey + draw.uniform(-12, 12) for _ in range(3)])
    else:
        bright = np.float32([draw.uniform(40, 175) for _ in range(3)])
    shown = light.astype(np.float32)[..., None]
    base = shown * bright + (1 - shown) * dark
    noise = np.random.default_rng(draw.randrange(2**32)).normal(0, 6, (h, w, 1))
    return (base + noise).astype(np.float32)


def _reflection(
    draw: random.Random,
    canvas: NDArray[np.float32],
    places: list[tuple[float, float, float]],
    tile_w: float,
) -> NDArray[np.float32]:
    """A glossy dark table with a window's reflection on it: a smooth light grey patch, soft at
    its edges and crossed by fine scratches, running from the photo's edge nearest the tiles
    in under them (the tiles, laid after, hide its end)."""
    h, w = canvas.shape[:2]
    xs, ys = [x for x, _, _ in places], [y for _, y, _ in places]
    reach = 1.3 * tile_w  # (a tile's half length, and a little into the hand)
    gaps = {"top": min(ys) - reach, "bottom": h - max(ys) - reach,
            "left": min(xs) - reach, "right": w - max(xs) - reach}  # fmt: skip
    edge = min(gaps, key=lambda side: gaps[side])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    along, across = (yy, xx) if edge in ("top", "bottom") else (xx, yy)
    if edge in ("bottom", "right"):
        along = (h if edge == "bottom" else w) - along
    span = (max(xs) - min(xs)) if edge in ("top", "bottom") else (max(ys) - min(ys))
    middle = float(np.mean(xs if edge in ("top", "bottom") else ys))
    middle += draw.uniform(-0.3, 0.3) * span
    half_wide = draw.uniform(0.3, 0.6) * span + tile_w
    depth = gaps[edge] + reach  # from the edge to the nearest tile's middle, under the tiles
    soft = draw.uniform(0.2, 0.5) * tile_w
    taper = 1 - draw.uniform(0.0, 0.4) * np.clip(along / max(depth, 1.0), 0, 1)  # (narrower
    # towards the tiles, as a window's reflection seen in perspective)
    inside = np.clip((half_wide * taper - np.abs(across - middle)) / soft, 0, 1)
    inside *= np.clip((depth - along) / soft, 0, 1)
    angle = draw.uniform(0, math.pi)
    streaks = np.sin((xx * math.cos(angle) + yy * math.sin(angle)) / draw.uniform(1.5, 3.0))
    scratched = 0.93 + 0.07 * (streaks > 0.97)  # (fine scratches, darker, here and there)
    light = np.float32([draw.uniform(120, 165)] * 3)  # (dimmer than a face: 0.5-0.7 of it)
    glow = (inside * draw.uniform(0.75, 0.95))[..., None]
    shown: NDArray[np.float32] = canvas * (1 - glow) + glow * light * scratched[..., None]
    return shown


def _places(
    rng: random.Random,
    count: int,
    size: tuple[int, int],
    tile_w: float,
    block: bool = False,
    stagger: float = 0.0,
) -> list[tuple[float, float, float]]:
    """Each tile's centre and turn (degrees): rows of tiles side by side, touching or apart
    (``block``: the rows touching too, where the tiles do, as a hand laid in a block;
    ``stagger``: each tile moved along its length by this share of a tile's width, one way
    and the other in turn, as a hand laid in a hurry)."""
    per_row = count if count <= 7 else math.ceil(count / 2)
    gap = rng.choice((0.0, 0.0, rng.uniform(0.15, 0.5))) * tile_w
    turn = rng.uniform(-180, 180)
    cx, cy = size[0] / 2, size[1] / 2
    places = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x = (col - (in_row - 1) / 2) * (tile_w + gap)
        between = 0.0 if block else 0.3 * tile_w
        y = (row - (math.ceil(count / per_row) - 1) / 2) * (2 * tile_w + gap + between)
        y += stagger * tile_w * (1 if col % 2 else -1) / 2
        t = math.radians(turn)
        jitter = rng.uniform(-2, 2) if gap else 0.0  # apart: each a little askew, never over
        places.append((cx + x * math.cos(t) - y * math.sin(t),
                       cy + x * math.sin(t) + y * math.cos(t), turn + jitter))  # fmt: skip
    return places


class _Real:
    """What a real photo of a real set has and the first corpus did not, drawn from a stream
    of its own, each condition always drawn (so that one's odds leave the others' alone)."""

    def __init__(self, draw: random.Random, drawn: bool = True) -> None:
        self.drilled = draw.uniform(0.25, 0.55) if draw.random() < 0.35 else 0.0
        self.thick = draw.random() < 0.7  # the tiles' sides show (a photo from straight
        # above, or thin tiles, shows none)
        self.thickness = draw.uniform(0.3, 0.4)  # a tile's thickness, a share of its width
        self.sideways = draw.uniform(-0.3, 0.3)  # the camera off the photo's middle line
        self.side_shade = draw.uniform(0.6, 0.85)
        backs = ((30, 30, 30), (90, 40, 20), (40, 70, 30), (30, 30, 110))
        self.back = draw.choice(backs) if draw.random() < 0.3 else None
        self.slant = draw.uniform(0.12, 0.3) if draw.random() < 0.3 else 0.0
        self.phone = draw.uniform(2.4, 3.3) if draw.random() < 0.12 else 1.0
        if not drawn:  # the photo as the first corpus drew it
            self.drilled, self.thick, self.slant, self.phone = 0.0, False, 0.0, 1.0


class _Camera:
    """A phone held at a slant (see the module's docstring), drawn from a stream of its own:
    the table (a canvas larger than the photo, the hand in its middle) as the photo shows it."""

    def __init__(self, draw: random.Random, size: tuple[int, int], table: tuple[int, int]):
        self.slant = math.radians(draw.uniform(20, 50))  # from looking straight down
        self.focal = draw.uniform(0.75, 1.2) * max(size)  # a phone's main camera, its long side
        self.roll = math.radians(draw.uniform(-8, 8))  # the phone turned a little in the hand
        self.size, self.middle = size, (table[0] / 2, table[1] / 2)

    def seen(self, points: NDArray[np.float32]) -> NDArray[np.float32]:
        """Points of the table (x, y: the canvas's pixels) as the camera sees them, the
        table's middle at (0, 0), before :meth:`view`'s zoom: the far side (the canvas's top)
        further from the camera, a canvas pixel one photo pixel in the middle."""
        x = points[:, 0] - self.middle[0]
        y = points[:, 1] - self.middle[1]
        depth = self.focal - y * math.sin(self.slant)
        seen = np.stack([self.focal * x / depth, self.focal * y * math.cos(self.slant) / depth])
        turn = np.float32([[math.cos(self.roll), -math.sin(self.roll)],
                           [math.sin(self.roll), math.cos(self.roll)]])  # fmt: skip
        return (turn @ seen).T.astype(np.float32)

    def view(self, tiles: NDArray[np.float32]) -> NDArray[np.float64]:
        """The perspective from the table to the photo, zoomed as a player frames a hand: a
        photo's size of table round the hand filling the photo, closer only as far as every
        tile's corner (``tiles``) stays a little inside it, the tiles in the photo's middle."""
        w, h = self.size
        corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        around = self.seen(corners + np.float32(self.middle) - np.float32([w / 2, h / 2]))
        (left, top), (right, _) = around[0], around[1]
        bottom = around[2][1]
        fill = max(w / (right - left), h / (bottom - top))
        hand = self.seen(tiles)
        low, high = hand.min(axis=0), hand.max(axis=0)
        fit = min(0.94 * w / (high[0] - low[0]), 0.94 * h / (high[1] - low[1]))
        zoom = min(fill, fit)
        middle = (low + high) / 2
        frame = np.float64([[zoom, 0, w / 2 - zoom * middle[0]],
                            [0, zoom, h / 2 - zoom * middle[1]], [0, 0, 1]])  # fmt: skip
        seen = self.seen(corners * 2)  # (the table: twice the photo's size)
        view: NDArray[np.float64] = frame @ cv2.getPerspectiveTransform(corners * 2, seen)
        return view

    def band(self, at: tuple[float, float], thickness: float) -> NDArray[np.float32]:
        """A tile's side as the camera sees it past the tile's face at ``at`` (the canvas's
        pixels; ``thickness`` the tile's, in them): from the face towards the point of the
        table under the camera, by the thickness over the camera's height there."""
        height = self.focal * math.cos(self.slant)
        under = (self.middle[0], self.middle[1] + self.focal * math.sin(self.slant))
        return np.float32([under[0] - at[0], under[1] - at[1]]) * thickness / height


@dataclass(frozen=True)
class Photo:
    image: Image
    tiles: list[tuple[int, int]]  # (top half, bottom half) as drawn
    centres: list[tuple[float, float]]  # in the photo's pixels
    highest: int
    cut_off: int = 0  # tiles partly outside the photo (a reader rightly refuses the photo)


def make_photo(
    seed: int,
    highest: int | None = None,
    count: int | None = None,
    *,
    real: bool = True,
    light: bool = False,
    camera_slant: bool = False,
    glossy: bool = False,
    block: bool = False,
    packed: bool = False,
    cloth: bool = False,
    white: bool = False,
    stagger: float = 0.0,
    hand: Sequence[tuple[int, int]] | None = None,
) -> Photo:
    """The photo of a hand made from ``seed``: its image and the tiles in it (``real``: with
    what real photos add, see the module's docstring; without, as the first corpus drew it;
    ``light``: half the photos on a light plain table, see :func:`_light_table`, the others as
    without it; ``camera_slant``: seen by a phone held at a slant, see :class:`_Camera`, in
    place of the keystone the photos without it are drawn with; ``glossy``: on a glossy dark
    table, a window's reflection on it running from the photo's edge to the tiles, see
    :func:`_reflection`; ``block``: two rows of tiles touching each other as well, see
    :func:`_places`; ``packed``: the pips large and packed, see :class:`Look`, the photo
    otherwise the same; ``cloth``: on a patterned cloth, see :func:`_patterned_cloth`;
    ``white``: ivory faces on a white table whiter than they are, see :func:`_white_table`;
    ``stagger``: each row's tiles staggered along their length, see :func:`_places`;
    ``hand``: these tiles, each half as given, laid in the places in turn, ``count`` as many:
    the photo otherwise the seed's own)."""
    rng = random.Random(seed)
    # Conditions added later draw from their own stream: the photos without them stay as they were.
    extra = random.Random(seed * 7919 + 1)
    truly = _Real(random.Random(seed * 7919 + 2), drawn=real)
    highest = highest if highest is not None else rng.choice((6, 9, 12, 15))
    count = count if count is not None else rng.choice((1, 2, 3, 4, 5, 6, 7, 8, 10))
    size = rng.choice(((1200, 900), (1000, 1000), (900, 1200), (1600, 1200)))
    look = Look(
        face=rng.choice(((238, 242, 245), (200, 228, 242), (215, 235, 240))),
        coloured=highest >= 12 and rng.random() < 0.8,
        groove=rng.random() < 0.3,
        spinner=highest >= 12 and rng.random() < 0.5,
        pip_scale=rng.uniform(0.85, 1.1),
        bar_end=rng.uniform(0.1, 0.16),
        ringed=extra.random() < 0.2,
        drilled=truly.drilled,
        packed=packed,
    )
    deck = [(a, b) for a in range(highest + 1) for b in range(a, highest + 1)]
    drawn = [tuple(rng.sample(t, 2)) if t[0] != t[1] else t for t in rng.sample(deck, count)]
    hand = drawn if hand is None else list(hand)
    per_row = count if count <= 7 else math.ceil(count / 2)
    rows = math.ceil(count / per_row)
    tile_w = min(size[0] * 0.7 / max(per_row, 1.5), size[1] * 0.65 / (2.4 * rows), 150)
    tile_w *= rng.uniform(0.6, 1.0)
    # (Seen at a slant, the table runs on past the photo's frame: twice the photo's size.)
    table_size = (2 * size[0], 2 * size[1]) if camera_slant else size
    canvas = _table(rng, table_size)
    table = random.Random(seed * 7919 + 3)  # (its own stream: the photos without it unchanged)
    if light and table.random() < _LIGHT_TABLES:
        canvas = _light_table(table, table_size)
    if cloth:  # (its own stream: the photos without it unchanged)
        canvas = _patterned_cloth(random.Random(seed * 7919 + 6), table_size)
    if white:  # (its own stream: the photos without it unchanged)
        canvas, look = _white_table(random.Random(seed * 7919 + 7), table_size, look)
    shadow_dx, shadow_dy = rng.uniform(-0.1, 0.1) * tile_w, rng.uniform(0.02, 0.12) * tile_w
    places = _places(rng, count, table_size, tile_w, block, stagger)
    if glossy:  # (its own stream: the photos without it unchanged)
        canvas = _reflection(random.Random(seed * 7919 + 5), canvas, places, tile_w)
    scale = tile_w / TILE_W
    matrices = []
    for x, y, turn in places:
        matrix = cv2.getRotationMatrix2D((TILE_W / 2, TILE_W), -turn, scale)
        matrix[:, 2] += (x - TILE_W / 2, y - TILE_W)
        matrices.append(matrix)
    # The camera's tilt, drawn below: which way it looks decides which sides of the tiles show.
    ahead = random.Random()
    ahead.setstate(rng.getstate())
    tilt, far = ahead.uniform(0, 0.12), ahead.choice((1, -1))
    tilt = truly.slant or tilt
    band = np.float32([truly.sideways, far]) / math.hypot(truly.sideways, 1.0)
    band *= truly.thickness * (0.25 + 2 * tilt) * tile_w
    bands = [band] * count
    camera = _Camera(random.Random(seed * 7919 + 4), size, table_size) if camera_slant else None
    if camera is not None:  # (at a slant, every tile's side shows, on the side facing it)
        bands = [camera.band((x, y), truly.thickness * tile_w) for x, y, _ in places]
    if truly.thick or camera is not None:  # the sides first: no tile's side hides a face
        side = tuple(truly.side_shade * c for c in look.face)
        _draw_sides(canvas, [_outline(m) for m in matrices], bands, side, truly.back)
    outlines = []  # each tile's corners on the table
    for (a, b), matrix in zip(hand, matrices, strict=True):
        image, alpha = draw_tile(a, b, look)
        template = np.float32([[[0, 0]], [[TILE_W, 0]], [[TILE_W, 2 * TILE_W]], [[0, 2 * TILE_W]]])
        outlines.append(cv2.transform(template, matrix))
        cast = cv2.warpAffine(
            alpha, matrix + np.float64([[0, 0, shadow_dx], [0, 0, shadow_dy]]), table_size
        )
        # (A shadow falls on the tiles drawn before too: the groove between touching faces.)
        canvas *= 1 - 0.55 * cv2.GaussianBlur(cast, (0, 0), tile_w * 0.05)[..., None]
        canvas = _laid(canvas, image, alpha, matrix)
    # The camera: a tilt (perspective), light falling off across the table, a shadow's edge.
    w, h = size
    rng.uniform(0, 0.12), rng.choice((1, -1))  # (drawn ahead: ``tilt``, ``far``)
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    moved = corners + np.float32([[tilt * w, 0], [-tilt * w, 0], [0, 0], [0, 0]]) * far
    view = cv2.getPerspectiveTransform(corners, moved)
    if camera is None:
        canvas = cv2.warpPerspective(canvas, view, size, borderMode=cv2.BORDER_REPLICATE)
    else:
        view = camera.view(np.concatenate(outlines).reshape(-1, 2))
        canvas = cv2.warpPerspective(canvas, view, size, borderMode=cv2.BORDER_REFLECT)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    light = 0.75 + 0.35 * ((xx / w - 0.5) * math.cos(angle) + (yy / h - 0.5) * math.sin(angle))
    light *= rng.uniform(0.8, 1.1)
    if rng.random() < 0.6:  # a partial shadow with a soft edge (a head or a hand above)
        edge = (xx - w * rng.uniform(0.2, 0.8)) * math.cos(angle + 1) + (
            yy - h * rng.uniform(0.2, 0.8)
        ) * math.sin(angle + 1)
        light *= 1 - rng.uniform(0.25, 0.45) * np.clip(0.5 + edge / (0.05 * w), 0, 1)
    warm = np.float32([rng.uniform(0.8, 0.95), rng.uniform(0.92, 1.0), 1.0])  # kitchen light
    if extra.random() < 0.25:  # glare: a lamp's soft reflection, washing out what lies under it
        gx, gy = extra.uniform(0.2, 0.8) * w, extra.uniform(0.2, 0.8) * h
        size = extra.uniform(0.05, 0.15)
        spot = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * (size * w) ** 2))
        light = light + extra.uniform(0.4, 0.9) * spot
    canvas = canvas * light[..., None] * warm
    canvas = cv2.GaussianBlur(canvas, (0, 0), rng.uniform(0.4, 1.4))
    phone = min(truly.phone, 4032 / max(w, h))  # (a phone's largest: 4,032 px)
    if phone > 1:  # a phone's full-size photo: as many pixels, each of them soft
        canvas = cv2.resize(canvas, None, fx=phone, fy=phone,
                            interpolation=cv2.INTER_CUBIC)  # fmt: skip
    canvas += np.random.default_rng(seed).normal(0, rng.uniform(2, 7), canvas.shape)
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(60, 92)])
    assert ok
    image = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    points = np.float32([[(x, y)] for x, y, _ in places])
    centres = [(float(p[0][0]) * phone, float(p[0][1]) * phone)
               for p in cv2.perspectiveTransform(points, view)]  # fmt: skip
    seen = [cv2.perspectiveTransform(outline.astype(np.float32), view) for outline in outlines]
    cut_off = sum(1 for c in seen if c.min() < 0 or (c[..., 0] > w).any() or (c[..., 1] > h).any())
    return Photo(image, [(int(a), int(b)) for a, b in hand], centres, highest, cut_off)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    labels = {}
    for seed in range(args.seed, args.seed + args.count):
        photo = make_photo(seed)
        name = f"photo-{seed:04d}.png"
        cv2.imwrite(str(args.out / name), photo.image)
        labels[name] = {"set": photo.highest, "tiles": photo.tiles}
    (args.out / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")


if __name__ == "__main__":
    main()
