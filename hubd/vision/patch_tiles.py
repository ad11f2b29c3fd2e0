"""Step 2's decisions for one patch of faces: cut into its tiles, taken as one tile, or said.

What :mod:`hubd.vision.reader` asks of each patch: its pieces (cut by :mod:`hubd.vision.cutting`
at its seams, or by the tiles' size), whether pieces with no bar are one tile, whether a piece
of a tile's shape is a row of tiles side by side, which pieces have a bar (the tiles' size is
measured on them), and whether a patch left unread is inked (tiles that did not come apart) or
blank (a napkin, a lamp's glare).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from engine.photo_hand import SeenTile
from hubd.vision.cutout import bar_row, cut_out, ink_of
from hubd.vision.cutting import Lightness, pieces
from hubd.vision.faces import filled, patches_within
from hubd.vision.pips import read_halves
from hubd.vision.seams import cut_evenly
from hubd.vision.seen import TileSeen
from hubd.vision.shapes import (
    ASPECT,
    Floats,
    Image,
    edges_quad,
    least_rect,
    percentile_of,
    quad_of,
    sides,
)
from hubd.vision.sides import trimmed

_FORESHORTENED = 1.3  # a tile's patch is at most this much longer for its width at a strong
# slant than a tile's shape allows seen from above (lying across the slant: 2.56-2.78 measured)
_FILLED = 0.85  # a tile's patch fills this share of its quadrilateral at the least
_INK, _INKED = 0.6, 0.03  # a pip or a bar is darker than this share of the face's light, and
# makes up this share of a face at the least
_BESIDE = 0.3  # a tile read takes this share of its width round it too (its side, its rim)
_DIM = 0.75  # table joined to the faces is this share of their whiteness at the most (a
# glossy table's reflection: 0.5-0.65 measured; a face's part cut off or stuck is as light)
_SCRAP = 0.25  # parts of a patch smaller than this share of a tile are not weighed
_UNREAD_PART = 0.5  # a part of a patch beyond the tiles read in it this share of a tile or
# more, inked, as broad as a tile (see below) and filling its rectangle, is a tile left unread
_UNREAD_BREADTH, _FILLED_PART = 0.6, 0.7  # its least rectangle this share of a tile's width
# across at the least, and filled this much by it


def inked(score: Image, outline: Image) -> bool:
    """Whether a patch of face (``score``: the photo's whiteness) has pips or a bar on it: a
    share of it much darker than its face."""
    x, y, w, h = cv2.boundingRect(outline)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [outline], -1, 255, cv2.FILLED, offset=(-x, -y))
    values = score[y : y + h, x : x + w][inside > 0].astype(np.float32)
    face = percentile_of(values, 90)
    return float(np.mean(values < _INK * face)) >= _INKED


def table_joined(score: Image, outline: Image, read: list[Floats], width: float) -> float:
    """The area of a patch of faces (``score``: the photo's whiteness) that is table joined to
    the tiles ``read`` in it (their corners; ``width``: a tile's there): what lies beyond the
    tiles and their sides, bare and dimmer than their faces. A window's reflection on a glossy
    table runs from the photo's edge in under the tiles and one threshold takes it with them;
    a tile cut off by the edge, or one stuck to the others, is inked or as light as a face."""
    if not read:
        return 0.0
    joined = 0.0
    for part, face, rest in _beyond(score, outline, read, width):
        if not inked(score, part) and float(np.median(rest)) < _DIM * face:
            joined += float(cv2.contourArea(part))
    return joined


def left_unread(score: Image, outline: Image, read: list[Floats], width: float) -> list[Floats]:
    """The tiles of a patch of faces (``score``: the photo's whiteness) that no tile ``read``
    in it covers (their corners, none where the patch read nothing; ``width``: a tile's
    there), each as its part's centre: what lies beyond the tiles and their sides, of a tile's
    size and breadth (a tile's side seen beside it at a slant is a thin band), inked (pips, a
    bar) or, beside tiles read, as light as their faces (a blank or a 0-1 under a lamp's glare;
    a glossy table's reflection is dimmer: see :func:`table_joined`). A tile cut short, whose
    bar was not found, or cut from the patch with its neighbour's piece, is left there: asked,
    not left out of the hand."""
    least = _UNREAD_PART * 2 * width * width
    found = []
    for part, face, rest in _beyond(score, outline, read, width):
        (x, y), (w, h), _ = least_rect(part)
        lit = face > 0 and float(np.median(rest)) >= _DIM * face
        if (cv2.contourArea(part) >= least and min(w, h) >= _UNREAD_BREADTH * width
                and filled(part) >= _FILLED_PART and (inked(score, part) or lit)):  # fmt: skip
            found.append(np.array([x, y], np.float64))
    return found


def _beyond(
    score: Image, outline: Image, read: list[Floats], width: float
) -> list[tuple[Image, float, Floats]]:
    """The parts of a patch of faces beyond the tiles ``read`` in it and a band of
    :data:`_BESIDE` of a tile's ``width`` round each (their sides, their rims), each larger
    than :data:`_SCRAP` of a tile: its outline (the photo's pixels at the work size), the read
    faces' median whiteness (0 where none is read) and the part's own whiteness."""
    x, y, w, h = cv2.boundingRect(outline)
    rest = np.zeros((h, w), np.uint8)
    cv2.drawContours(rest, [outline], -1, 255, cv2.FILLED, offset=(-x, -y))
    tiles = np.zeros((h, w), np.uint8)
    for corners in read:
        cv2.fillConvexPoly(tiles, np.round(corners - (x, y)).astype(np.int32), 255)
    size = max(3, round(_BESIDE * width)) | 1
    beside = cv2.dilate(tiles, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    rest[beside > 0] = 0
    box = score[y : y + h, x : x + w]
    face = float(np.median(box[tiles > 0])) if tiles.any() else 0.0
    found = []
    parts, _ = cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(x, y))
    for part in parts:
        if cv2.contourArea(part) < _SCRAP * 2 * width * width:
            continue
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [part], -1, 255, cv2.FILLED, offset=(-x, -y))
        found.append((part, face, box[inside > 0]))
    return found


def one_tile(
    looks: Looks, outline: Image, cut: tuple[list[Floats], list[float]]
) -> tuple[list[Floats], list[float]]:
    """A patch of a tile's shape cut into pieces none of which has a bar, or not cut at all
    (taken for stuck tiles, or nothing of it kept: a lone tile at a slant, its side and its
    shadow joined to its face along it, fits no cut), while the whole has one across its
    middle, is that one tile (rows
    of pips, ringed or blurred, looked like seams across it; a strong slant foreshortens a
    tile lying across it, longer than a tile's shape for its width, and no cut fits it; a
    strong keystone shears it into a parallelogram whose rounded acute corners leave a sixth
    of its least rectangle empty: it is taken by its sides, see :func:`edges_quad`). A patch
    squatter than a tile's shape is one too where it lies along the photo's slant (see
    :func:`_along_the_slant`)."""
    found, apart = cut
    whole = quad_of(outline)
    stuck = not found and len(apart) <= 1
    if stuck and filled(outline) < _FILLED:
        sheared = edges_quad(outline)
        area = cv2.contourArea(outline)
        stuck = sheared is not None and area >= _FILLED * cv2.contourArea(sheared)
        whole = whole if sheared is None else sheared
    short, long = sides(whole)
    if (not (len(found) >= 2 or stuck)
            or long / short > _FORESHORTENED * ASPECT[1]
            or (long / short < ASPECT[0] and not _along_the_slant(looks, whole))
            or with_bar(looks, found, askew=False)
            or not with_bar(looks, [whole], askew=False)):  # fmt: skip
        return cut
    return [whole], [] if stuck else apart


def _along_the_slant(looks: Looks, whole: Floats) -> bool:
    """Whether a patch squatter than a tile's shape (its quadrilateral ``whole``) is one
    lying along the photo's slant: its height lengthened as the pips tell (see
    :attr:`Looks.slant`), it has a tile's shape. A tile so foreshortened was cut in two
    across its bar (a thick bar as wide as a groove, its halves two faces of a tile's shape)
    or taken for two tiles side by side, one of them read, the other asked; two tiles side by
    side make a square, as square from above."""
    stretch = looks.slant()
    if stretch is None:
        return False
    short, long = sides(whole * np.array([1.0, stretch], np.float32))
    return ASPECT[0] <= long / short <= ASPECT[1]


def side_by_side(looks: Looks, found: list[Floats]) -> bool:
    """Whether a patch taken for one tile (``found``: its one piece) is a row of tiles side by
    side, their seams not found (a strong slant shows each tile's side between it and the
    next, or the row is staggered): four of them make a patch of a tile's shape, the seam
    between the middle two its bar. Cut evenly across into as many tiles as fit its shape,
    every piece has a level bar (a tile cut so has none: its pieces' middles are its columns
    of pips). Such a row's bar is no tile's: its patch is taken for stuck tiles, cut again by
    the tiles' size or its height where it is a rectangle; staggered (its outline stepped, not
    filling its quadrilateral), its seams run askew to any even cuts, and it is said."""
    if len(found) != 1:
        return False
    short, long = sides(found[0])
    counts = range(max(2, math.ceil(ASPECT[0] * long / short)),
                   math.floor(ASPECT[1] * long / short) + 1)  # fmt: skip
    # (A tile's end piece has no bar: one piece looked at for most counts, not all of them.)
    return any(all(with_bar(looks, [piece], askew=False) for piece in cut_evenly(found[0], count))
               for count in counts)  # fmt: skip


def as_stuck(cut: tuple[list[Floats], list[float]]) -> tuple[list[Floats], list[float]]:
    """A patch's one piece (see :func:`side_by_side`) taken as tiles stuck together."""
    found, apart = cut
    return [], [*apart, *(float(cv2.contourArea(piece)) for piece in found)]


def lone_tiles(photo: Image, scale: float, outlines: list[Image], highest: int) -> list[TileSeen]:
    """The patches of a tile's shape read as tiles with a faint bar (see :func:`bar_row`)."""
    found = []
    for outline in outlines:
        short, long = sides(quad_of(outline))
        # (Its side seen beside it at a slant may lengthen its patch by a sixth.)
        if filled(outline) >= 0.85 and ASPECT[0] <= long / max(short, 1.0) <= 1.2 * ASPECT[1]:
            face = trimmed(photo, quad_of(outline) / scale)
            halves = read_halves(cut_out(photo, face), highest, faint=True)
            if halves is not None:
                cx, cy = face.mean(axis=0)
                found.append(TileSeen(SeenTile(*halves), (float(cx), float(cy))))
    return found


class Looks:
    """Each piece's face (its side seen beside it left out), cut-out and ink, worked out once:
    the tiles' size is measured on the pieces that are then read. And each patch's cut (see
    :func:`cut_patch`) on the photo's whiteness ``score`` and ``lightness`` at the work size:
    read again taking a lit table for table, the other patches are the same."""

    def __init__(
        self,
        photo: Image,
        scale: float,
        score: Image,
        lightness: Lightness,
        slant: Callable[[], float | None] = lambda: None,
    ) -> None:
        self.photo, self.scale = photo, scale
        self.score, self.lightness = score, lightness
        self.slant = slant  # how much the height would be lengthened to undo a slant, asked
        # where a patch squatter than a tile's shape may be one (see pips_stretch)
        self.known: dict[bytes, tuple[Floats, Image, Floats]] = {}
        self._cuts: dict[tuple[bytes, float, float | None], tuple[list[Floats], list[float]]] = {}
        self.read: list[Floats] = []  # the pieces the last reading on it read as tiles

    def cut(
        self, outline: Image, least: float, width: float | None
    ) -> tuple[list[Floats], list[float]]:
        """:func:`cut_patch` of the patch with ``outline``."""
        key = (outline.tobytes(), least, width)
        if key not in self._cuts:
            self._cuts[key] = cut_patch(self.score, self.lightness, outline, least, width)
        found, apart = self._cuts[key]
        return list(found), list(apart)

    def at(self, corners: Floats) -> tuple[Floats, Image, Floats]:
        """The piece with ``corners`` (at the work size): its face's corners (the photo's
        pixels), its cut-out upright and the cut-out's ink."""
        key = corners.astype(np.float32).tobytes()
        if key not in self.known:
            face = trimmed(self.photo, corners / self.scale)
            upright = cut_out(self.photo, face)
            self.known[key] = (face, upright, ink_of(upright))
        return self.known[key]


def with_bar(
    looks: Looks, found: list[Floats], askew: bool = True
) -> list[tuple[float, float, float]]:
    """The pieces in ``found`` (at the work size) with a bar: each one's centre and short
    side. Leaning far (``askew``, see :func:`levelled`), rows of pips line up as a bar: a
    piece telling whether the whole patch is one tile looks for a level one."""
    return [(float(corners[:, 0].mean()), float(corners[:, 1].mean()), sides(corners)[0])
            for corners in found
            if bar_row(looks.at(corners)[2], askew=askew) is not None]  # fmt: skip


def on_border(mask: Image, corners: Floats) -> int:
    """How many pixels of the photo's border the face in a tile's quadrilateral runs along."""
    inside = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(corners).astype(np.int32), 1)
    face = (mask > 0) & (inside > 0)
    return int(face[0].sum() + face[-1].sum() + face[1:-1, 0].sum() + face[1:-1, -1].sum())


def cut_patch(
    score: Image, lightness: Lightness, outline: Image, least: float, width: float | None
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
            todo += [(inner, depth + 1) for inner in patches_within(score, inside, least)]
        elif filled(inside) >= 0.8 and cv2.contourArea(inside) < 0.5 * score.size:
            blocks.append(float(cv2.contourArea(inside)))  # (half the photo: the table)
    return tiles, blocks
