"""Step 1 of the reading: where the tiles' faces lie in the photo (light and nearly grey)."""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.shapes import Image, least_rect

_SOLID = 0.7  # a patch of faces is at least this share light (the rest: pips, a bar, holes)
_MOST_PATCHES = 40  # patches looked at, the largest (a hand has fewer tiles)
_LIT_TABLE = 0.25  # a patch running past the photo's edge over this share of it is lit table
_LIGHT_TABLE = 0.4  # a table this light beside the photo's lightest is a light table
_TILE_FILL = 0.7  # a tile's patch fills this share of its least rectangle at the least


def whiteness(small: Image) -> Image:
    """How much each pixel looks like a tile's face: light and nearly grey (uint8)."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    chroma = np.hypot(lab[:, :, 1] - 128, lab[:, :, 2] - 128)
    score: Image = np.clip(lab[:, :, 0] - 1.5 * chroma, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def relief(small: Image, lightness: Image) -> Image | None:
    """How much each pixel looks like a tile's face on a light plain table (uint8): lighter
    than the table around it, and nearly grey. The table's light (``lightness``: the photo's)
    is what is left of the photo once everything lighter and smaller than a third of it is
    taken out (an opening of the photo shrunk eightfold), so a light falling off across the
    table is no face. None where the table is dark beside the photo's lightest (the faces'
    whiteness parts them from it)."""
    light = lightness.astype(np.float32)
    shrunk = cv2.resize(light, None, fx=1 / 8, fy=1 / 8, interpolation=cv2.INTER_AREA)
    size = max(3, int(min(shrunk.shape) / 3)) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    table = cv2.morphologyEx(shrunk, cv2.MORPH_OPEN, disc)
    table = cv2.GaussianBlur(table, (0, 0), size / 4)
    if float(np.median(table)) < _LIGHT_TABLE * float(np.percentile(shrunk, 99.5)):
        return None
    table = cv2.resize(table, (light.shape[1], light.shape[0]), interpolation=cv2.INTER_LINEAR)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    chroma = np.hypot(lab[:, :, 1] - 128, lab[:, :, 2] - 128)
    above = 128 * light / np.maximum(table, 1.0) - 1.5 * chroma
    score: Image = np.clip(above, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def faces(score: Image, within: Image | None, depth: int = 0, lit_table: bool = False) -> Image:
    """The faces (255), by Otsu's threshold over the photo or ``within`` one outline of it.

    Holes in a patch (pips, bars) are filled. A patch mostly holes that runs on past the
    photo's edge is no face but a textured table's light part (a checked cloth's light
    squares, touching at their corners, fill to the whole cloth): the faces in it are its
    lightest part, by a threshold over its light pixels alone (the dark squares no longer draw
    the threshold down to the light ones). With ``lit_table`` (read again where nothing was
    found), so is one running past the edge over a quarter of the photo: a plain table lit
    brighter on one side, its light half taken with the tiles.
    """
    found = np.zeros(score.shape, np.uint8)
    if within is None:
        found[:] = _faces_in(
            score, np.ones(score.shape, bool), (0, 0), score.shape, depth, lit_table
        )
        return found
    x, y, w, h = cv2.boundingRect(within)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [within], -1, 255, cv2.FILLED, offset=(-x, -y))
    found[y : y + h, x : x + w] = _faces_in(
        score[y : y + h, x : x + w], region > 0, (x, y), score.shape, depth
    )
    return found


def _faces_in(
    score: Image,
    region: NDArray[np.bool_],
    origin: tuple[int, int],
    photo: tuple[int, ...],
    depth: int,
    lit_table: bool = False,
) -> Image:
    """:func:`faces` within ``region`` (a mask) of a crop of the photo at ``origin`` (x, y)
    of a photo ``photo`` high and wide."""
    filled = np.zeros(score.shape, np.uint8)
    if not region.any():
        return filled
    level, _ = cv2.threshold(score[region], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask: Image = ((score > level) & region).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    if depth >= 2:
        return filled
    count, labels, stats, _ = cv2.connectedComponentsWithStats(filled, connectivity=8)
    light = np.bincount(labels.ravel(), weights=(mask > 0).ravel(), minlength=count)
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        # A face's pips and bar take a quarter of it at most (fifteen pips, blurred); a cloth
        # runs on under the photo's edge (a tile there is refused all the same).
        left, top = x + origin[0], y + origin[1]
        edge = _at_edge((left, top, w, h), photo)
        cloth = light[label] < _SOLID * area
        lit = lit_table and not cloth and area > _LIT_TABLE * photo[0] * photo[1]
        if edge and (cloth or lit):
            box = (slice(y, y + h), slice(x, x + w))
            inside = labels[box] == label
            again = _faces_in(score[box], inside & (mask[box] > 0), (left, top), photo, depth + 1)
            if lit:
                again = _tiles_only(again, (left, top), photo)
            filled[box][inside] = again[inside]
    return filled


def _tiles_only(found: Image, origin: tuple[int, int], photo: tuple[int, ...]) -> Image:
    """``found`` (a crop at ``origin`` of a photo ``photo`` high and wide) less its ragged
    patches running past the photo's edge: the lit table's own light, not a tile's face."""
    contours, _ = cv2.findContours(found, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    kept = np.zeros(found.shape, np.uint8)
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        edge = _at_edge((x + origin[0], y + origin[1], w, h), photo)
        if not edge or filled(contour) >= _TILE_FILL:
            cv2.drawContours(kept, [contour], -1, 255, cv2.FILLED)
    return kept


def _at_edge(box: tuple[int, int, int, int], photo: tuple[int, ...]) -> bool:
    """Whether ``box`` (left, top, width, height in the photo) reaches the edge of a photo
    ``photo`` high and wide."""
    left, top, w, h = box
    return min(left, top) == 0 or left + w == photo[1] or top + h == photo[0]


def patches(faces: Image, least: float) -> list[Image]:
    """Each patch of faces big enough to be a tile, as its outline."""
    contours, _ = cv2.findContours(faces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    big = sorted((c for c in contours if cv2.contourArea(c) >= least), key=cv2.contourArea)
    return big[-_MOST_PATCHES:]  # (a checked cloth's light squares: the tiles are the largest)


def filled(outline: Image) -> float:
    """How much of its least rectangle an outline fills (1.0: a rectangle)."""
    (_, (w, h), _) = least_rect(outline)
    return float(cv2.contourArea(outline)) / max(w * h, 1.0)
