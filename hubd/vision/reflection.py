"""A glossy table's reflection joined to the tiles by one threshold, cut off them.

A window's reflection on a glossy table is a smooth light grey patch running from the photo's
edge in under the tiles: dimmer than the faces (half to two thirds of their whiteness), yet
lighter than the threshold over the photo, it is taken with the tiles it touches, one patch
running past the photo's edge. The tiles it touches then lie in no tile's shape: they were
left out of the hand without a word, or the row beside them cut wrong.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.shapes import Image

_NEAR = 0.02  # a face's light is looked for this share of the photo's short side around
_DIM = 0.8  # table beside a face is under this share of its whiteness (a reflection:
# 0.5-0.7; a face's own shade, its light falling off or a shadow's soft edge, is not)
_INKED = 0.03  # a face's pips and bar, holes in its light, make up this share of it at the
# least (a reflection is bare: fine scratches only, as light as it around them)
_SCRAP = 0.002  # a part under this share of the photo is not weighed


def reflection_cut(
    score: Image, inside: NDArray[np.bool_], origin: tuple[int, int], photo: tuple[int, ...]
) -> NDArray[np.bool_]:
    """The patch ``inside`` (a mask over ``score``, a crop of the photo's whiteness at
    ``origin`` (x, y) of a photo ``photo`` high and wide) less a glossy table's reflection
    joined to it: what stays as light as the lightest around it (a face, and the reflection
    away from the faces) parts at a band of what is dimmer (the table beside a face); its parts
    at the photo's edge, bare and dimmer than the faces beside them, are the reflection, cut
    off with that band. The patch is as it was where no part is so (the same mask,
    ``inside``)."""
    least = _SCRAP * photo[0] * photo[1]
    if np.count_nonzero(inside) < 2 * least:  # (no room for a face and a reflection)
        return inside
    size = max(3, round(_NEAR * min(photo[:2]))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    values = np.where(inside, score, 0).astype(np.uint8)
    lightest = cv2.dilate(values, disc)
    lit = inside & (values >= _DIM * lightest.astype(np.float32))
    light = cv2.morphologyEx(lit.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=4)
    parts = [label for label in range(1, count) if stats[label][4] >= least]
    faces = [label for label in parts if not _at_edge(stats[label], origin, photo)]
    if not faces:
        return inside
    on_faces = np.isin(labels, faces)
    wider = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3 * size, 3 * size))
    table = np.zeros(light.shape, np.uint8)
    for label in parts:
        if label in faces:
            continue
        part = (labels == label).astype(np.uint8)
        outlines, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(part, outlines, -1, 1, cv2.FILLED)  # (its holes: a pip, a bar)
        holes = float(np.count_nonzero(part)) / float(stats[label][4]) - 1
        # (The faces beside it, as the light falls there: a face in a far corner is dimmer.)
        beside = on_faces & (cv2.dilate(part, wider) > 0)
        if holes >= _INKED or not beside.any():
            continue
        if float(np.median(values[labels == label])) < _DIM * float(np.median(values[beside])):
            table[part > 0] = 1
    if not table.any():
        return inside
    # With it goes what is dimmer than the lightest around it and joined to it: the band
    # between it and the faces, and the tiles' sides lit over it. The faces keep their pips
    # by their edges (a double-12's coloured columns, in that band too): each face's hull is
    # kept whole.
    faces_whole = np.zeros(light.shape, np.uint8)
    outlines, _ = cv2.findContours(
        on_faces.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    cv2.drawContours(faces_whole, [cv2.convexHull(o) for o in outlines], -1, 1, cv2.FILLED)
    dim_or_table = ((inside & (light == 0)) | (table > 0)) & (faces_whole == 0)
    _, joined = cv2.connectedComponents(dim_or_table.astype(np.uint8), connectivity=8)
    reached = np.unique(joined[table > 0])
    gone = np.isin(joined, reached[reached > 0])
    cut: NDArray[np.bool_] = inside & ~gone
    return cut


def _at_edge(stats: NDArray[np.int32], origin: tuple[int, int], photo: tuple[int, ...]) -> bool:
    """Whether a part (its ``stats``: left, top, width, height in the crop at ``origin``)
    reaches the edge of a photo ``photo`` high and wide."""
    left, top = int(stats[0]) + origin[0], int(stats[1]) + origin[1]
    right, bottom = left + int(stats[2]), top + int(stats[3])
    return min(left, top) == 0 or right == photo[1] or bottom == photo[0]
