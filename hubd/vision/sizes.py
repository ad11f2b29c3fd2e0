"""The photo's tiles' size where each lies: one set's tiles are one size on the table, and the
camera's slant makes the near ones larger in the photo (up to twice as wide as the far ones in
a strong slant, where a size for the whole photo took the near tiles for two or three).

Seen in perspective, a thing's size in the photo is ``1 / (g x + h y + 1)``; over the
photo's tiles it is near enough a plane, fitted to the tiles whose bars were found (the
inverse's plane, run on past the tiles it was fitted to, grows too fast: a tile's side seen
beside it makes the sizes measured a little uneven).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from hubd.vision.shapes import Floats

_LEAST_FITTED = 4  # tiles needed to fit the plane (fewer: one size for the photo)
_REACH = 2.5  # no tile is further than this factor from the median size (a strong slant)
_SPREAD = 0.5  # tiles spread less than this share of their size along a line: no slope there
_OFF = 0.2  # a tile further than this share off the first fit is left out of the second


class TileSizes(NamedTuple):
    """A tile's short side as a plane over the photo: ``a + b x + c y``."""

    median: float  # the sizes' median over the tiles seen
    a: float
    b: float = 0.0
    c: float = 0.0

    def at(self, x: float, y: float) -> float:
        """The tiles' short side at ``(x, y)`` (the photo's work size): the plane's, within
        the slant's reach of the tiles' median (the plane runs on past the tiles seen)."""
        size = self.a + self.b * x + self.c * y
        return min(max(size, self.median / _REACH), self.median * _REACH)


def fitted(found: list[tuple[float, float, float]]) -> TileSizes | None:
    """The sizes from tiles seen, each ``(x, y, short side)``; None where none is."""
    if not found:
        return None
    points = np.array(found, np.float64)
    size = points[:, 2]
    median = float(np.median(size))
    flat = TileSizes(median, median)
    if len(found) < _LEAST_FITTED:
        return flat
    keep = np.ones(len(found), bool)
    plane = flat
    for _ in range(2):  # fitted, then fitted again without the pieces far off it
        plane = _plane(points[keep], median)
        predicted = np.array([plane.at(x, y) for x, y, _ in points])
        keep = np.abs(predicted / size - 1.0) <= _OFF
        if keep.sum() < _LEAST_FITTED:
            return flat
    return plane


def _plane(points: Floats, median: float) -> TileSizes:
    """The sizes' plane through ``points`` (x, y, size): along the line they lie on where they
    lie in one row (the slant across it is not known), one size where they lie together."""
    centre = points[:, :2].mean(axis=0)
    _, spread, directions = np.linalg.svd(points[:, :2] - centre, full_matrices=False)
    spread = spread / np.sqrt(len(points))  # each direction's standard deviation
    along = [d for d, s in zip(directions, spread, strict=True) if s >= _SPREAD * median]
    if not along:
        return TileSizes(median, median)
    # The size as a + b t (t: the distance along each direction the tiles spread in).
    design = np.column_stack([np.ones(len(points))] + [(points[:, :2] - centre) @ d for d in along])
    coefficients, *_ = np.linalg.lstsq(design, points[:, 2], rcond=None)
    slope = sum((k * d for k, d in zip(coefficients[1:], along, strict=True)), np.zeros(2))
    a = float(coefficients[0] - slope @ centre)
    return TileSizes(median, a, float(slope[0]), float(slope[1]))
