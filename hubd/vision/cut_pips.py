"""Pips cut by a cut-out's edge: where the cut sits off its tile, a half's count is a part of
its pips (see :func:`runs_past`, used by :mod:`hubd.vision.pips`)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.blobs import SMALL_PIP, SPECK, face_around
from hubd.vision.cutout import TILE_W
from hubd.vision.shapes import Floats

_SEAM_INK = 50.0  # a seam's valley takes this much of the face's light at the least
_SLIVER = (0.35, 1.2)  # a pip cut by the cut's edge, less than half of it inside, is a sliver this
# many times a pip's breadth long (its edge's shade along it runs on)
_IN_LINE = 0.25  # its middle this share of a pip's breadth from its line's counted pips at most
_ON_PITCH = 0.35  # the pip it is a part of lies a pitch from the next line, within this share
_SLIVERS = 2  # slivers at one edge of the cut-out, each its row's pip: a line of pips cut off
_LINES = 3  # every set draws a half's pips in three columns at the most (a 9 on a 3 x 3 grid, a
# 12 or 15 three columns of four or five): past three lines counted, a sliver is no lost pip


def runs_past(
    ink: Floats,
    rows: slice,
    threshold: float,
    face: tuple[float, float, float, float],
    coloured: NDArray[np.bool_],
    counted: list[tuple[float, float]],
    single: float,
) -> str | None:
    """Where a pip of the half (``ink``: the half's alone; ``rows``: its pips' rows) is cut
    by the cut-out's edge, the face running on past it, and not counted (not among the blobs
    ``counted`` at, a pip of ``single``'s area): the cut sits off the tile (a row cut where its
    tiles' sides show between them, a seam missed), and the half's count is a part of its pips.
    A neighbour's pip lies past a seam, outside the ``face`` (left, top, right, bottom) or a
    line of no face between it and the half's middle; the table's spots have no face around
    them. "side" (the cut's long edge), "end", or None (none is)."""
    inked = (ink > threshold).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(inked, connectivity=8)
    height, width = ink.shape
    corner = 0.2 * TILE_W  # no pip's centre is nearer a face's corner along its edge
    left, top, right, bottom = face
    across_pip = 2 * math.sqrt(single / math.pi)  # a counted pip's breadth
    slivers: Counter[tuple[str, bool]] = Counter()  # at each edge
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if area < SPECK or max(w, h) > 0.35 * TILE_W or area < 0.3 * w * h:
            continue  # a speck, or no pip: an edge, the bar, a seam's web
        # (Not at the face's corner: the table shows there past its rounded corner.)
        along = left + corner < x + w / 2 < right - corner
        across = top + corner < y + h / 2 < bottom - corner
        # (Half a pip or more: its edge's shade, a sliver along it, is no pip; less, a
        # sliver a pip's breadth long in line with pips counted is the rest of their line's
        # pip: a column of a 9 cut off by the cut's edge left a 6 in its own layout.)
        sliver_across = _sliver((x, w), (y + h / 2, h), counted, across_pip)
        sliver_along = _sliver((y, h), (x + w / 2, w), [(b, a) for a, b in counted], across_pip)
        # (A sliver where the face runs on past the cut's edge: no bevel of its own there.)
        half = area >= SMALL_PIP
        at_side = across and _cut_by_edge((x, w, h), width, (left, right), half, sliver_across)
        at_end = along and _cut_by_edge((y, h, w), height, (top, bottom), half, sliver_along)
        whole = (at_side and _cut_by_edge((x, w, h), width, (left, right), half, False)) or (
            at_end and _cut_by_edge((y, h, w), height, (top, bottom), half, False)
        )
        if at_side and _seam_beside(ink[rows], coloured[rows], x + w if x == 0 else x, x == 0):
            continue  # a neighbour's pip past the seam
        if not at_side and not at_end:
            continue
        if any(x - 3 <= cx <= x + w + 3 and y - 3 <= cy <= y + h + 3 for cx, cy in counted):
            continue  # counted all the same (most of it inside the cut)
        if face_around(labels, label, (x, y, w, h), coloured) < 0.6:
            continue
        kind = "side" if at_side else "end"
        # (A sliver alone may be a neighbour's pip past a faint seam, in line with the half's
        # own where the tiles lie side by side: a line of them is the half's line cut off.)
        slivers[kind, x == 0 if at_side else y == 0] += 1
        if whole or slivers[kind, x == 0 if at_side else y == 0] >= _SLIVERS:
            return kind
    return None


def _cut_by_edge(
    blob: tuple[int, int, int], size: int, face: tuple[float, float], half: bool, sliver: bool
) -> bool:
    """Whether a blob (``blob``: where it starts across an edge of the cut-out, how far it
    runs across it and how long it is along it; ``size``: the cut-out that way, the face's box
    from ``face[0]`` to ``face[1]``) is a pip cut by that edge: ``half`` a pip or more,
    reaching in past the face's bevel, or a ``sliver`` where the face runs on past the
    edge."""
    start, across, along = blob
    near, far = start == 0, start + across == size
    inside = 0.05 * TILE_W + 2  # how far past the face's box edge (its bevel) a pip reaches in
    whole = (
        half
        and 2 * across >= along
        and ((near and across >= face[0] + inside) or (far and start <= face[1] - inside))
    )
    return whole or (sliver and ((near and face[0] <= 0) or (far and face[1] >= size)))


def _sliver(
    across: tuple[int, int],
    along: tuple[float, float],
    counted: list[tuple[float, float]],
    breadth: float,
) -> bool:
    """Whether a blob at the cut-out's edge (``across``: where it starts across the edge and
    how far it runs; ``along``: its middle and its length along the edge) is less than half
    of a pip cut off by the edge, ``breadth`` wide: a pip's breadth long (:data:`_SLIVER`),
    in line with a pip counted (``counted``: each one's centre, across and along the edge),
    and the pip it is a part of (its centre half a breadth past the sliver's inner end) a
    grid's pitch from the nearest line of them, fewer than :data:`_LINES` (a half counted in
    three columns has lost none). A neighbour's pip past a seam, its rows in line with the
    half's where the tiles lie side by side, lies further: its own tile's grid (a 3's
    diagonal two pitches from it)."""
    (start, run), (middle, length) = across, along
    if not _SLIVER[0] * breadth <= length <= _SLIVER[1] * breadth:
        return False
    if not any(abs(middle - line) <= _IN_LINE * breadth for _, line in counted):
        return False
    lines: list[float] = []  # the counted pips' lines across the edge (columns by a side)
    for place in sorted(at for at, _ in counted):
        if not lines or place - lines[-1] > breadth / 2:
            lines.append(place)
    if not 2 <= len(lines) < _LINES:
        return False
    pitch = min(b - a for a, b in itertools.pairwise(lines))
    centre = start + run - breadth / 2 if start == 0 else start + breadth / 2
    nearest = min(abs(centre - line) for line in lines)
    return abs(nearest - pitch) <= _ON_PITCH * pitch


def _seam_beside(ink: Floats, coloured: NDArray[np.bool_], edge: int, rightwards: bool) -> bool:
    """Whether a line of no face (a seam: inked, or not the face's colour) runs down nearly the
    whole of a half's pips' rows (``ink``, ``coloured``) within a third of the width inwards
    of column ``edge`` (a column of pips leaves face between its pips)."""
    reach = TILE_W // 3
    columns = slice(edge, edge + reach) if rightwards else slice(max(0, edge - reach), edge)
    not_face = (ink[:, columns] >= _SEAM_INK) | ~coloured[:, columns]
    return bool(not_face.size) and float(not_face.mean(axis=0).max()) >= 0.8
