"""The inked blobs of a tile's half that may be pips (see :mod:`hubd.vision.pips`): where they
lie, their shape, and pips packed nearly touching told apart."""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.cutout import TILE_W
from hubd.vision.shapes import Floats, Image

__all__ = ["SPECK", "Blob", "blobs_of", "face_around", "from_corner"]

Box = tuple[float, float, float, float]  # a face's box in a cut-out: left, top, right, bottom
_PIP_SIDE = 0.11  # no pip's centre is nearer a long edge than this share of the width
_PIP_END = 0.07  # nor nearer an end (its rounded corners' shade is no pip)
_RIM = 0.08  # a face's shaded rim along its long edges, a share of the width
_PIP_CORNER = 0.16  # nor nearer a corner (every layout keeps a corner pip a fifth away)
_PIP_THICK = 0.1  # pips not told apart are a blob this share of the width thick at the least
# on average (a pip is more; an edge's or the bar's line a third of it)
SPECK = (TILE_W * 0.025) ** 2 * math.pi  # a blob smaller than this is no pip
SMALL_PIP = 2 * SPECK  # a small pip's area at the least (a part of the smallest pip cut by
# the cut's edge, or a double-15's pip blurred)
_END_PIP = (TILE_W * 0.06) ** 2 * math.pi  # a pip by the face's end is this large at the least
# (the face's rounded end's shade, or a speck of the table past it, is less)
_SURE_PIP = 1.3  # and its ink this many times its half's threshold (see pips.py ``_sure``)
_PACKED_LEVELS = (0.2, 0.35, 0.5, 0.65)  # a blob of packed pips is taken at each of these
# levels between its threshold and its peak: the one it comes apart at into the most pips
_LONGER = 1.8  # a blob this many times longer than it is wide is longer than a pip
_PACKED_APART = 0.6  # and the parts lie this many times its short side apart at the least
_PACKED_EVEN = 0.35  # the parts it comes apart into are of one size: the least this share of
# the largest (a pip, not a speck of its ink)


class Blob(NamedTuple):
    """An inked blob in a half: maybe a pip, maybe two merged."""

    x: float
    y: float
    whole: float  # its area, made whole where the bar's band cut it
    contrast: float  # its peak over the half's threshold
    area: float  # its own area
    long: bool = False  # longer than a pip (pips not told apart, or two merged)


def blobs_of(
    ink: Floats, threshold: float, bar: int, face: Box, coloured: NDArray[np.bool_]
) -> tuple[list[Blob], int]:
    """Round inked blobs away from the bar and the edges of the ``face`` (left, top, right,
    bottom), with the face's own colour (``coloured``) all around them; and how many blobs
    there are as well, where pips lie, as inked and as thick as pips, left uncounted (of no
    pip's shape, or the table around them): ink a blank half does not hold, pips it did not
    tell apart."""
    inked = (ink > threshold).astype(np.uint8)
    margin = max(3, TILE_W // 16)
    inked[:margin], inked[-margin:], inked[:, :margin], inked[:, -margin:] = 0, 0, 0, 0
    # The face's shaded rim goes too, so that a pip near the long edge stays a pip of its own
    # (every layout keeps its pips a seventh of the width from the edge).
    rim = _RIM * TILE_W
    inked[:, : max(0, round(face[0] + rim))], inked[:, max(0, round(face[2] - rim)) :] = 0, 0
    # The bar and a spinner on it go, so that a pip beside the spinner stays a pip of its own.
    spinner = int(TILE_W * 0.07)
    inked[max(0, bar - spinner) : bar + spinner + 1] = 0
    count, labels, stats, centres = cv2.connectedComponentsWithStats(inked, connectivity=8)
    found, uncounted = [], 0
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if area < SPECK:
            continue  # a speck
        # A pip lies in the face: the face's colour all around it (the table shows around a
        # dark spot in a rounded corner's cut, or a square of the cloth past the tile's end).
        if face_around(labels, label, (x, y, w, h), coloured) < 0.6:
            # (Yet where pips lie, longer than one and as thick: pips reaching the face's
            # edge, blurred into the table, may be a column of the half's own.)
            cx, cy = (float(v) for v in centres[label])
            column = not _pip_shaped(w, h, area) or max(w, h) > _LONGER * min(w, h)
            uncounted += column and _where_pips_lie(cx, cy, bar, face) and _thick(w, h, area)
            continue
        spot = labels == label
        parts = [(spot, (w, h), float(area))]
        if not _pip_shaped(w, h, area) or max(w, h) > _LONGER * min(w, h):
            # Pips packed nearly touching (a double-12's or 15's columns, large and blurred)
            # ink the face between them too: a column or a grid of them is one blob, longer
            # than a pip or of no pip's shape (and where every column is one, of one size:
            # each would be counted a pip). Its pips part where its ink is taken higher.
            parts = _packed(ink, spot, threshold, float(area), min(w, h)) or parts
        for part, (w, h), whole_area in parts:
            ys, xs = np.nonzero(part)
            cx, cy = float(xs.mean()), float(ys.mean())
            if not _where_pips_lie(cx, cy, bar, face):
                # (A pip of a packed blob's too near an edge: the rest of its blob counted, it
                # is a pip in doubt, not ink to leave out surely. And a pip's ink left out
                # for lying by the bar's band or the face's end: a row of pips the band was
                # taken through, not the bar, or the face's end found short of its last row.)
                contrast = float(ink[part].max()) / threshold
                uncounted += len(parts) > 1 or _pip_left_out(cx, cy, bar, face, (w, h, len(xs)),
                                                             contrast)  # fmt: skip
                continue
            if not _pip_shaped(w, h, len(xs)):
                # A line (a scratch, an edge, a piece of the bar), or pips not told apart:
                # those are as thick as a pip all along.
                uncounted += _thick(w, h, len(xs))
                continue
            peak = float(ink[part].max())
            # A pip beside the bar loses its edge to the bar's band: as wide as it is, whole.
            whole = (
                max(whole_area, math.pi / 4 * w * w) if abs(cy - bar) < TILE_W * 0.3 else whole_area
            )
            long = max(w, h) > _LONGER * min(w, h)
            found.append(Blob(cx, cy, whole, peak / threshold, whole_area, long))
    return found, uncounted


def _thick(w: int, h: int, area: float) -> bool:
    """Whether a blob ``w`` by ``h`` of ``area`` pixels is as thick as pips all along (pips
    not told apart), not a line."""
    return area >= _PIP_THICK * TILE_W * max(w, h)


def _pip_left_out(
    cx: float, cy: float, bar: int, face: Box, size: tuple[int, int, int], contrast: float
) -> bool:
    """Whether a blob centred at ``(cx, cy)`` (``size``: width, height, area; ``contrast``:
    its peak over its half's threshold), left out as lying where no pip does, is a pip's ink
    all the same: of a pip's shape, as sure as a pip, off the face's long edges and corners,
    by the bar's band (a pip cut by it) or by the face's end (as large as a pip)."""
    w, h, area = size
    left, _, right, _ = face
    inside = min(cx - left, right - cx) >= _PIP_SIDE * (right - left)
    pip = _pip_shaped(w, h, area) and max(w, h) <= _LONGER * min(w, h) and contrast >= _SURE_PIP
    by_bar = abs(cy - bar) < TILE_W * 0.085
    by_end = area >= _END_PIP and from_corner(cx, cy, face) >= _PIP_CORNER
    return inside and pip and (by_bar or by_end)


def _pip_shaped(w: int, h: int, area: float) -> bool:
    """Whether a blob ``w`` by ``h`` of ``area`` pixels is round enough to be a pip (or two
    merged): not a line (a scratch, an edge, a piece of the bar), not a ragged web."""
    return max(w, h) <= 3.5 * min(w, h) and area >= 0.3 * w * h


def _where_pips_lie(cx: float, cy: float, bar: int, face: Box) -> bool:
    """Whether a blob centred at ``(cx, cy)`` lies where a pip may: off the bar and its
    spinner, off the ``face``'s edges (the table past them, or a neighbour's pip cut off beside
    it) and its corners (a rounded corner's shade, or the table past it)."""
    left, top, right, bottom = face
    width = right - left
    return (
        abs(cy - bar) >= TILE_W * 0.085
        and min(cx - left, right - cx) >= _PIP_SIDE * width
        and min(cy - top, bottom - cy) >= _PIP_END * width
        and from_corner(cx, cy, face) >= _PIP_CORNER
    )


def _packed(
    ink: Floats, spot: NDArray[np.bool_], threshold: float, area: float, across: int
) -> list[tuple[NDArray[np.bool_], tuple[int, int], float]] | None:
    """The pips of a blob of pips packed nearly touching (``spot``, ``area`` pixels, inked
    over ``threshold``): its parts where its ink is taken higher, at the level at which it
    comes apart into the most parts of a pip's shape and of one size (the face between packed
    pips is inked less than they are; two pips of a column may still be one part at the lowest
    level) and lie a pip apart (``across``: the blob's short side; a ringed pip's ring and
    its middle part around one centre); each part's mask, width and height, and its share of
    the blob's area. None where it does not come apart so (a line, an edge: one ink all
    along)."""
    peak = float(ink[spot].max())
    best: list[tuple[NDArray[np.bool_], tuple[int, int], float]] | None = None
    for step in _PACKED_LEVELS:
        level = threshold + step * (peak - threshold)
        inked = (spot & (ink > level)).astype(np.uint8)
        count, labels, stats, centres = cv2.connectedComponentsWithStats(inked, connectivity=8)
        parts = [label for label in range(1, count) if stats[label][4] >= SPECK]
        if len(parts) < 2:
            continue
        sizes = [float(stats[label][4]) for label in parts]
        shaped = all(_pip_shaped(*(int(v) for v in stats[label][2:5])) for label in parts)
        apart = min(math.dist(centres[one], centres[other])
                    for i, one in enumerate(parts) for other in parts[i + 1 :])  # fmt: skip
        even = min(sizes) >= _PACKED_EVEN * max(sizes) and apart >= _PACKED_APART * across
        if shaped and even and len(parts) > len(best or []):
            best = [(labels == label, (int(stats[label][2]), int(stats[label][3])),
                     area * size / sum(sizes))
                    for label, size in zip(parts, sizes, strict=True)]  # fmt: skip
    return best


def from_corner(x: float, y: float, face: Box) -> float:
    """How far ``(x, y)`` lies from the ``face``'s nearest corner, a share of its width."""
    left, top, right, bottom = face
    near = math.hypot(min(x - left, right - x), min(y - top, bottom - y))
    return near / max(right - left, 1.0)


def face_around(
    labels: Image,
    label: int,
    box: tuple[int, int, int, int],
    coloured: NDArray[np.bool_],
) -> float:
    """How much of a thin ring round the blob ``label`` (its ``box``: x, y, width, height)
    is the face's own colour: a pip lies in the face, the table shows round a dark spot past
    the tile's edge or in a rounded corner's cut."""
    x, y, w, h = box
    ring = max(2, TILE_W // 25)
    around = (slice(max(0, y - ring), y + h + ring), slice(max(0, x - ring), x + w + ring))
    spot = (labels[around] == label).astype(np.uint8)
    near = cv2.dilate(spot, np.ones((2 * ring + 1, 2 * ring + 1), np.uint8)) > spot
    return float(coloured[around][near].mean())
