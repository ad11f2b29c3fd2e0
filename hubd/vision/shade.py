"""Tiles in the table's shade that one threshold over the photo did not take for faces.

A lamp's pool of light on a dark table draws Otsu's threshold over the photo's whiteness up
to the faces lit in it: faces beyond it, in the shade, are darker than the threshold though
far lighter than the table around them, and the hand was read short without a word. Their
relief (their light beside the table's there, see :func:`hubd.vision.faces.relief`) shows
them as it shows the faces lit: what the faces by relief hold beyond the patches read (no
tile read or found in it, inside the photo, of a tile's size and of the faces' own colour) is
read patch by patch, and a
patch of a tile's size and shape, inked, that will not read is a tile found but not read,
asked (see :func:`hubd.vision.seen.unread_tile`), not left out.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from hubd.vision.at_work_size import AtWorkSize
from hubd.vision.faces import at_edge, faces, filled, patches
from hubd.vision.one_reading import read_faces
from hubd.vision.patch_tiles import Looks, inked
from hubd.vision.said import PhotoUnreadable
from hubd.vision.seen import TileSeen, unread_tile
from hubd.vision.shapes import ASPECT, Floats, Image, chroma, least_rect

_TAKEN = 0.5  # a part this share within the faces one threshold found is none of theirs (a
# tile there was read, or left unread, by that reading or another: a light table's)
_OWN_COLOUR = 6.0  # a part's colour this far from the faces read at the most (faces in the
# shade: 0.3-3 measured; a checked cloth's light squares 39-158, a lamp's glare 13)
_THIN = 0.25  # what the faces found leave is opened by this share of a tile's width
_LEAST = 0.6  # a part this many times a tile read's area at the least may be a tile
_FILLED = 0.8  # a tile's part left unread fills this share of its least rectangle


def in_the_shade(taken: AtWorkSize, seen: list[TileSeen], highest: int) -> list[TileSeen]:
    """The tiles in the photo ``taken`` beyond the tiles ``seen`` (read, or found and not
    read) and the faces its reading found: read, or found and not read where a patch of a
    tile's size and shape, inked, will not read (see the module's docstring)."""
    if not seen or taken.on_cloth:  # (a patterned cloth's light squares stand out so too)
        return []
    mask = faces(taken.shaded, None, depth=2)  # (one threshold: a patch running past the
    # photo's edge, split again there, is left out all the same)
    centres = [(x * taken.scale, y * taken.scale) for x, y in (tile.centre for tile in seen)]
    outlines = patches(mask, taken.least)
    holding = [_holding(outline, centres) for outline in outlines]
    each = [cv2.contourArea(o) / n for o, n in zip(outlines, holding, strict=True) if n]
    if not each:
        return []
    tile = min(each)  # a tile's area where the tiles were read (a patch by relief may hold
    # a lamp's glare with its tiles, or a tile's side: larger, never smaller)
    # What the faces read leave of it (a scrap of a face in the shade, found and too small to
    # read, is not read): a tile's rim, a bridge between two faces, thinner than a quarter of
    # a tile's width, are opened away.
    read = np.zeros_like(mask)
    for outline in patches(taken.faces, taken.least):
        if _holding(outline, centres):
            cv2.drawContours(read, [outline], -1, 255, cv2.FILLED)
    size = max(3, round(_THIN * math.sqrt(tile / 2))) | 1
    square = np.ones((size, size), np.uint8)  # (a disc costs ten times as much)
    rest = cv2.bitwise_and(mask, cv2.bitwise_not(cv2.dilate(read, square)))
    rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, square)
    beyond = [
        outline
        for outline in patches(rest, taken.least)
        if cv2.contourArea(outline) >= _LEAST * tile
        and not at_edge(cv2.boundingRect(outline), mask.shape)
        and not _holding(outline, centres)
        and _within(outline, taken.faces) < _TAKEN
    ]
    if not beyond:
        return []
    # A face in the shade is of the faces' own colour, its light apart (see chroma): a
    # checked cloth's light squares under a lamp, as light beside its dark ones, are not.
    level, _ = cv2.threshold(taken.shaded, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    colours, light = chroma(taken.lab.astype(np.float32)), taken.shaded > level
    faces_read = colours[(read > 0) & light]
    if not len(faces_read):  # (read by another way than one threshold: their colour unknown)
        return []
    own = np.median(faces_read, axis=0)
    beyond = [outline for outline in beyond
              if _colour_off(outline, colours, light, own) <= _OWN_COLOUR]  # fmt: skip
    looks = Looks(taken.photo, taken.scale, taken.shaded, taken.lightness)
    found = []
    for outline in beyond:  # (each on its own: together, their sizes were fitted as one)
        try:
            found += read_faces(looks, _inside(outline, mask.shape), highest, unread_too=True)
        except PhotoUnreadable:  # (tiles stuck together, or a tile's bar not found)
            found += _unread(taken, outline, tile, highest)
    return found


def _unread(taken: AtWorkSize, outline: Image, tile: float, highest: int) -> list[TileSeen]:
    """A patch by relief that will not read, as the tiles found but not read in it (``tile``:
    a tile's area): as many as fit it where it is solid, inked and, one tile, of its shape."""
    (x, y), (w, h), _ = least_rect(outline)
    count = round(cv2.contourArea(outline) / tile)
    if (
        count < 1
        or filled(outline) < _FILLED
        or (count == 1 and not ASPECT[0] <= max(w, h) / max(min(w, h), 1.0) <= ASPECT[1])
        or not inked(taken.shaded, outline)
    ):
        return []
    return [unread_tile((x / taken.scale, y / taken.scale), highest)] * count


def _holding(outline: Image, centres: list[tuple[float, float]]) -> int:
    """How many of the tiles' ``centres`` a patch (its ``outline``) holds."""
    return sum(cv2.pointPolygonTest(outline, centre, False) >= 0 for centre in centres)


def _inside(outline: Image, shape: tuple[int, ...]) -> Image:
    """A patch (its ``outline``) filled (255) on a mask of ``shape``."""
    inside = np.zeros(shape[:2], np.uint8)
    cv2.drawContours(inside, [outline], -1, 255, cv2.FILLED)
    return inside


def _within(outline: Image, found: Image) -> float:
    """The share of a patch (its ``outline``) that lies within the faces ``found``."""
    inside = _inside(outline, found.shape)
    area = int(np.count_nonzero(inside))
    return float(np.count_nonzero(inside & found)) / max(area, 1)


def _colour_off(outline: Image, colours: Floats, light: Image, own: Floats) -> float:
    """How far the colour of a part's light pixels (``colours``: the photo's, see
    :func:`chroma`) lies from the faces read (``own``)."""
    inside = _inside(outline, light.shape)
    seen = colours[(inside > 0) & light]
    if not len(seen):
        return math.inf
    return float(np.hypot(*(np.median(seen, axis=0) - own)))
