"""Step 2 of the reading: a patch of faces cut into tiles, touching tiles told apart.

See :mod:`hubd.vision.reader` for the whole reading; the seams and notches it cuts at are
measured in :mod:`hubd.vision.seams`.
"""

from __future__ import annotations

import cv2
import numpy as np

from hubd.vision.cores import (
    ACROSS,
    FORESHORTENED,
    band_of_sides,
    face_beside_side,
    paired_halves,
    within_tiles,
)
from hubd.vision.seams import Lines, cut_at_seams, cut_line, lines_across, notched, seam_at
from hubd.vision.shapes import ASPECT, Floats, Image, grown_by, least_rect, quad_of, sides, sized
from hubd.vision.sides import side_band

_GROOVE = 0.05  # a groove between faces is darker than them by this share of their light
_RIM = 0.06  # the rim of a face left out of its core (each side), a share of its width
_JOINED = 1.6  # a core this many times the tiles' width or wider is faces joined (see pieces)
_HALF = 1.3  # a core of a tile's half: its long side under this many times its short one
_SIDE = 0.4  # a core this much narrower than the patch's widest is a tile's side, not a face
_ROW_HULL, _ROW_LONGEST = 0.9, 3.6  # a face in a row side by side: its hull fills its
# quadrilateral, a slant lengthens it to this (see _row_of_faces)
_ROW_SIZES = (0.7, 1.45)  # its sides within these shares of the row's faces' median
_BLOCK = 3.0  # a patch this many of its faces' widths across holds two rows of tiles or more
_ROW_GROOVE = 0.13  # a block's grooves are looked for this share of its faces' width wide at
# the most: narrower than a double-12's pips (three columns: about a sixth of it), which stay pips


class Lightness:
    """The photo's lightness at the work size, and what is measured across each patch of it,
    measured once: a patch is cut again by the tiles' size, its parts and cores by the seams
    the whole had, and the photo read again taking a lit table for table."""

    def __init__(self, image: Image) -> None:
        self.image = image
        self._lines: dict[bytes, list[Lines]] = {}
        self._bands: dict[bytes, float] = {}

    def lines(self, outline: Image, corners: Floats, short: float, long: float) -> list[Lines]:
        """:func:`lines_across` the patch with ``outline`` (``corners``: its quadrilateral,
        ``short`` and ``long``: its sides)."""
        key = outline.tobytes() + corners.tobytes()
        if key not in self._lines:
            self._lines[key] = lines_across(self.image, outline, corners, short, long)
        return self._lines[key]

    def band(self, corners: Floats) -> float:
        """:func:`side_band` of the patch with ``corners``."""
        key = corners.tobytes()
        if key not in self._bands:
            self._bands[key] = side_band(self.image, corners)
        return self._bands[key]


def pieces(
    lightness: Lightness, outline: Image, least: float, width: float | None = None
) -> list[Floats] | None:
    """The tiles in a patch of faces: apart at their rounded edges where they show, else at
    the seams :func:`_split` finds (None: stuck, said and not guessed). ``width`` is the
    photo's tiles' short side where the other tiles have told it (see :func:`_split`).

    A face darkens towards its rounded edge, so between two touching tiles runs a groove: a
    valley narrower than a pip, darker than the faces either side by a share of their own light
    (so a shadow or light falling off does not make one). Left out, the faces come apart into
    cores, each a tile's face less its rim, however faint the seam's line.
    """
    x, y, w, h = cv2.boundingRect(outline)
    short = min(least_rect(outline)[1])
    if short < 8:
        return []
    pad = int(short * 0.3) + 2
    x0, y0 = max(0, x - pad), max(0, y - pad)
    bytes_crop = lightness.image[y0 : y + h + pad, x0 : x + w + pad]
    crop = bytes_crop.astype(np.float32)
    mask = np.zeros(crop.shape, np.uint8)
    cv2.drawContours(mask, [outline], -1, 255, cv2.FILLED, offset=(-x0, -y0))
    # The faces' own light varies slowly: measured at a quarter of the size, four times as fast.
    shrunk = cv2.resize(crop, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    light = cv2.resize(_closed(shrunk, max(3, int(0.05 * short))), (crop.shape[1], crop.shape[0]))
    size = max(3, int(0.08 * short))
    cores = _cores(bytes_crop, crop, light, mask, size, (x0, y0), least)
    tiles, apart = _tiles_of_cores(lightness, outline, least, width, cores)
    if tiles is not None:
        return tiles
    # Faces that came apart, but not all into tiles, in a patch three faces wide or more:
    # rows of tiles touching each other too (a hand laid in a block). Its short side is two
    # tiles' length or more, so a valley was looked for as wide as a crowded face's pips, and
    # those at its edges (a double-12's columns) cut its cores into scraps. Looked for again
    # narrower than a pip (its whole faces tell their width), the grooves alone part the faces.
    face = _face_width(cores) if apart else None
    if face is not None and short >= _BLOCK * face and int(_ROW_GROOVE * face) < size:
        cores = _cores(bytes_crop, crop, light, mask, max(3, int(_ROW_GROOVE * face)), (x0, y0),
                       least)  # fmt: skip
        tiles, _ = _tiles_of_cores(lightness, outline, least, width, cores)
        if tiles is not None:
            return tiles
    found = _split(lightness, outline, least, width)
    if found is None or len(found) != 1:
        return found
    # Not come apart in its least rectangle: a row side by side seen sheared, askew to it,
    # comes apart in the quadrilateral of its sides (see quad_of).
    by_sides = _split(lightness, outline, least, width, row=True)
    return by_sides if by_sides is not None and len(by_sides) > 1 else found


def _cores(
    bytes_crop: Image,
    crop: Floats,
    light: Floats,
    mask: Image,
    size: int,
    origin: tuple[int, int],
    least: float,
) -> list[Image]:
    """The cores of the faces in a patch's crop (its lightness as bytes and floats, the
    faces' own ``light``, the patch's ``mask``): what is left of them once every groove, a
    valley narrower than ``size`` pixels, is taken out; their outlines in the photo's pixels
    (the crop's ``origin`` added)."""
    if size > 20:  # (a wide patch: its faces' envelope, as smooth, measured at half the size)
        half = cv2.resize(crop, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        envelope = cv2.resize(_closed(half, size // 2), (crop.shape[1], crop.shape[0]))
    else:  # (closed as bytes: the same values as closed as floats, in less CPU)
        envelope = _closed(bytes_crop, size).astype(np.float32)
    valley = (envelope - crop) / np.maximum(light, 1.0)
    groove: Floats = cv2.GaussianBlur(valley, (0, 0), 1.0)  # noise on a face is no groove
    faces = (groove < _GROOVE) & (crop > 0.75 * light) & (mask > 0)
    # Eroded, a groove broken here and there by noise still parts the faces.
    core: Image = cv2.erode(faces.astype(np.uint8) * 255, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [c + np.array(origin, np.int32) for c in contours
            if cv2.contourArea(c) >= 0.5 * least]  # fmt: skip


def _face_width(cores: list[Image]) -> float | None:
    """The median width of the cores of a tile's shape (whole faces), None where none is."""
    widths = []
    for inner in cores:
        quad = quad_of(inner)
        short, long = sides(quad)
        if (cv2.contourArea(inner) >= 0.8 * cv2.contourArea(quad)
                and ASPECT[0] <= long / max(short, 1.0) <= ASPECT[1]):  # fmt: skip
            widths.append(short)
    return float(np.median(widths)) if widths else None


def _tiles_of_cores(
    lightness: Lightness, outline: Image, least: float, width: float | None, cores: list[Image]
) -> tuple[list[Floats] | None, bool]:
    """The tiles the cores of a patch's faces make (see :func:`pieces`), None where they do
    not make tiles (the patch is then cut at its seams); and whether they came apart into two
    faces or more."""
    # A tile's side, seen beside its face in a slanted photo, is a thin strip past the groove
    # of the face's rounded edge: no face of its own.
    widest = max((min(least_rect(c)[1]) for c in cores), default=0.0)
    faces_only = [c for c in cores if min(least_rect(c)[1]) >= _SIDE * widest]
    # At a strong slant, the band of the tiles' sides is as wide as half a face: no face
    # either, and the faces beside it may lie across the slant, longer than a tile's shape.
    bands = [inner for inner in faces_only if band_of_sides(lightness.image, inner, widest)]
    faces_only = [inner for inner in faces_only if not any(inner is band for band in bands)]
    cores = [inner for inner in cores if not any(inner is band for band in bands)]
    across = ACROSS if bands else 1.0
    # (Bands of sides, or thinner strips of them: where one lies, a squat core may be a face
    # and a side, see face_beside_side.)
    strips = bands + [inner for inner in cores if min(least_rect(inner)[1]) < _SIDE * widest
                      and band_of_sides(lightness.image, inner, widest)]  # fmt: skip
    beside = {id(inner): face for inner in cores for band in strips[:1]
              if (face := face_beside_side(inner, band)) is not None}  # fmt: skip
    if beside:  # (the strips: sides, no faces)
        cores = [inner for inner in cores if not any(inner is strip for strip in strips)]
    apart = len(faces_only) >= 2
    if not apart:
        if len(faces_only) == len(cores) and not bands:
            return None, apart
        cores = faces_only  # one face, or a row of faces, and its side: the faces alone
    tiles: list[Floats] = []
    # The faces of a row side by side at a slant, each longer than a tile's shape or its core
    # bitten by pips: each is a tile's face all the same (the faces alone, as above).
    in_row = _row_of_faces(faces_only)
    if in_row:
        cores = faces_only
    halves: list[Image] = []  # cores of half a tile's shape that would not split
    for inner in cores:
        quad = quad_of(inner)
        short_side, long_side = sides(quad)
        # (A core of a tile's shape twice the tiles' width is faces joined where their
        # groove fades: split by the tiles' size, as a patch is.)
        if in_row or (cv2.contourArea(inner) >= 0.8 * cv2.contourArea(quad)
                      and ASPECT[0] <= long_side / max(short_side, 1.0) <= ASPECT[1]
                      and (width is None or short_side < _JOINED * width)):  # fmt: skip
            tiles.append(grown_by(quad, _RIM * short_side))
            continue
        found = _split(lightness, _spread(inner), least, width, across=across)
        if found is None and id(inner) in beside:  # (a face and the side of the tile
            # before it, squat: the face, the side cut off)
            face = beside[id(inner)]
            tiles.append(grown_by(face, _RIM * sides(face)[0]))
            continue
        if found is None and long_side < _HALF * across * short_side:
            halves.append(inner)
        elif found is None:
            return None, apart
        else:
            tiles.extend(found)
    paired, halves = paired_halves(halves, across)
    tiles += [grown_by(quad, _RIM * sides(quad)[0]) for quad in paired]
    if halves and not within_tiles(halves, outline, tiles, as_wide=bool(bands)):
        return None, apart
    return tiles, apart


def _row_of_faces(cores: list[Image]) -> bool:
    """Whether the cores are the faces of a row of tiles side by side seen at a slant, each a
    tile's shape or longer (foreshortened across the slant, the next tile's side over its
    edge), all of about one size (the near ones larger): most of them quadrilaterals (pips at
    a face's edge bite into it), the others as large (pips crowding a face break its core)."""
    if len(cores) < 2:
        return False
    quads = [quad_of(inner) for inner in cores]
    shapes = np.array([sides(quad) for quad in quads], np.float32)
    usual = np.median(shapes, axis=0)
    if not np.all((shapes >= _ROW_SIZES[0] * usual) & (shapes <= _ROW_SIZES[1] * usual)):
        return False
    whole = sum(
        1
        for inner, quad, (short, long) in zip(cores, quads, shapes, strict=True)
        if cv2.contourArea(cv2.convexHull(inner)) >= _ROW_HULL * cv2.contourArea(quad)
        and ASPECT[0] <= long / max(short, 1.0) <= _ROW_LONGEST
    )
    return 2 * whole > len(cores)


def _spread(core: Image) -> Image:
    """A core's hull spread by the rounded edges the core left out."""
    (cx, cy), (cw, ch), _ = least_rect(core)
    rim = 0.09 * min(cw, ch)  # the rounded edges left out of the core, both sides
    centre = np.array([cx, cy], np.float32)
    hull = cv2.convexHull(core).astype(np.float32)
    spread: Image = (centre + (hull - centre) * (1 + rim / max(min(cw, ch) / 2, 1))).astype(
        np.int32
    )
    return spread


def _closed(image: Floats, size: int) -> Floats:
    """``image`` with every dark spot or line narrower than ``size`` pixels filled."""
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size | 1, size | 1))
    closed: Floats = cv2.morphologyEx(image, cv2.MORPH_CLOSE, disc)
    return closed


def _split(
    lightness: Lightness,
    outline: Image,
    least: float,
    width: float | None = None,
    depth: int = 0,
    across: float = 1.0,
    row: bool = False,
) -> list[Floats] | None:
    """The tiles in a patch: one, a row cut at its seams, or None (stuck: said, not guessed).

    A rectangular patch is n tiles side by side or end to end: every way of cutting it into
    equal tiles is tried. Not knowing the tiles' size, a cut is kept only when a seam runs at
    each cut: between a tile and four side by side (both twice as long as wide) the seams at
    a quarter decide; between two side by side cut one way or the other (both make two tiles'
    shapes) the darker, wider line does, a seam being two rounded edges and a bar one thin
    line. Where the tiles' rounded corners show, a seam ends in a notch of the outline at both
    sides (:func:`notched`), and that decides however faint the seam itself (a lamp's glare
    washes it out; a bar or a row of pips leaves the outline straight). Knowing the tiles' size
    (``width``, the short side of the photo's other tiles: one set's tiles are
    one size), the patch's size says how many tiles it holds, however faint their seams (a row
    under a lamp's glare, small tiles), and the seams only choose between counts that fit.
    ``row``: the patch taken by the quadrilateral of its sides (see :func:`quad_of`).
    """
    area = cv2.contourArea(outline)
    corners = quad_of(outline, by_sides=row)
    short, long = sides(corners)
    if short < 8 or area < least:
        return []
    lines = lightness.lines(outline, corners, short, long)
    # (Pips at a face's edge under a shadow, or running into the seam beside a touching tile,
    # bite into the outline, up to half of it for a double-12's columns: a tile's patch bitten
    # so, its hull a rectangle of a tile's shape, is one all the same.)
    # (A tile lying along the camera's slant is foreshortened: of the tiles' width where it
    # lies, and shorter than two, it is one all the same.)
    # (A face come apart from its neighbours beside a band of sides may lie across the slant:
    # up to ``across`` times longer for its width than a tile's shape, it is one all the same.)
    single = ASPECT[0] <= long / short <= across * ASPECT[1] or (
        sized(short, width) and FORESHORTENED <= long / short < ASPECT[0]
    )
    hull = cv2.contourArea(cv2.convexHull(outline))
    bitten = single and area >= 0.45 * short * long and hull >= 0.9 * short * long
    if area >= 0.8 * short * long or bitten:
        best: tuple[bool, float, int, float, list[float]] | None = None  # fits, score, axis,
        # the pieces' width, the cuts
        # (A row's sides seen along it leave its faces this much shorter across it.)
        faces_across = short * (1 - lightness.band(corners))
        for axis, found in enumerate(lines):
            along, across = (short, long) if axis == 0 else (long, short)
            face = long if axis == 0 else faces_across
            for count in range(2, 13):
                piece = along / count
                # (Its faces alone, the row's sides left out; a tile foreshortened along a
                # slant is shorter for its width, so the whole is looked at too.)
                shape = max(piece, face) / min(piece, face)
                whole = max(piece, across) / min(piece, across)
                if not ASPECT[0] <= max(shape, whole) or shape > ASPECT[1]:
                    continue
                tile = min(piece, across)
                seams = [(*seam_at(found, k / count), notched(found, k / count, tile))
                         for k in range(1, count)]  # fmt: skip
                fits = sized(tile, width)
                if not fits and min(max(dark, notch) for dark, _, notch in seams) < 0.8:
                    continue
                score = float(np.mean([dark - gap + notch for dark, gap, notch in seams]))
                option = (fits, score, axis, tile, [k / count for k in range(1, count)])
                if best is None or option[:2] > best[:2]:
                    best = option
        # A patch of the photo's tiles' size is one tile, whatever lines cross it.
        if best is not None and (best[0] or not (single and sized(short, width))):
            return cut_at_seams(corners, best[2], lines[best[2]], best[4], best[3])
        return [corners] if single else None
    # Not a rectangle (tiles askew or in a corner): cut at the strongest seam and look again.
    # (Each axis's darkest line, the last of equals, as a walk over every line found it.)
    seam = max(((float(share.max()), axis, len(share) - 1 - int(np.argmax(share[::-1])))
                for axis, (share, *_) in enumerate(lines) if len(share)),
               default=(0.0, 0, 0))  # fmt: skip
    if seam[0] < 0.85 or depth > 12:
        return None
    _, axis, at = seam
    p, q = cut_line(corners, axis, (at + 0.5) / len(lines[axis][0]))
    x, y, w, h = cv2.boundingRect(outline)
    mask = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(mask, [outline], -1, 255, cv2.FILLED, offset=(1 - x, 1 - y))
    shift = np.array([1 - x, 1 - y], np.float32)
    cv2.line(mask, tuple(int(v) for v in (2 * p - q + shift)),
             tuple(int(v) for v in (2 * q - p + shift)), 0, 3)  # fmt: skip
    parts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if len(parts) < 2:
        return None
    tiles: list[Floats] = []
    for part in parts:
        inner = _split(lightness, part + np.array([x - 1, y - 1], np.int32), least, width,
                       depth + 1)  # fmt: skip
        if inner is None:
            return None
        tiles.extend(inner)
    return tiles
