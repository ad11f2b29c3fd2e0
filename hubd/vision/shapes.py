"""A tile's shape in a photo: quadrilaterals, their sides, the 2:1 shape of a tile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

# OpenCV's stubs type every picture as one kind of array: so do we (the dtypes are in the
# docstrings: photos are BGR uint8, maps float32).
Image = NDArray[Any]
Floats = NDArray[Any]

ASPECT = (1.6, 2.5)  # a single tile's length over width, with perspective
Rect = tuple[Sequence[float], Sequence[float], float]
_FITS = 0.93  # a patch fills this share of a quadrilateral that fits it at the least


def least_rect(points: Image) -> Rect:
    """The rotated rectangle of least area around ``points``."""
    return cv2.minAreaRect(points)


def corners_of(rect: Rect) -> Floats:
    """The rectangle's corners, ordered so that the first edge (0->1) is its shorter side."""
    points = cv2.boxPoints(rect).astype(np.float32)
    if np.linalg.norm(points[1] - points[0]) > np.linalg.norm(points[2] - points[1]):
        points = np.roll(points, -1, axis=0)
    return points


def quad_of(outline: Image, by_sides: bool = False) -> Floats:
    """The patch's four corners, seen in perspective where its outline is a quadrilateral (so
    that its seams, once it is made flat, run straight across), else its least rectangle's;
    ordered so that the first edge (0->1) is a shorter side.

    ``by_sides``: a patch that may be a row of tiles side by side, whose outline is no clean
    quadrilateral seen sheared (a keystone, a phone at a slant: the tiles' rounded corners cut
    its hull's corners off, the band of their sides widens towards the camera), and that fills
    its least rectangle poorly (askew to its seams: cut evenly so, a row of five read as a
    12-12, or said), is taken by its four sides where it fills them (see :func:`edges_quad`).
    (Not a tile's core: bitten by its pips, its least rectangle is where its pips are read.)"""
    hull = cv2.convexHull(outline)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.01, 0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) <= 4:
            break
    if len(approx) == 4 and cv2.contourArea(approx) >= _FITS * cv2.contourArea(hull):
        points = approx.reshape(4, 2).astype(np.float32)
        first = np.linalg.norm(points[1] - points[0]) + np.linalg.norm(points[3] - points[2])
        second = np.linalg.norm(points[2] - points[1]) + np.linalg.norm(points[0] - points[3])
        return np.roll(points, -1, axis=0) if first > second else points
    rect = least_rect(outline)
    area = cv2.contourArea(outline)
    if by_sides and area < _FITS * rect[1][0] * rect[1][1]:
        sheared = edges_quad(outline)
        if sheared is not None and area >= _FITS * cv2.contourArea(sheared):
            return sheared
    return corners_of(rect)


def edges_quad(outline: Image) -> Floats | None:
    """The quadrilateral through the four longest edges of the outline's hull (its sides),
    their rounded corners left out; None where they make none close around the hull.

    A tile seen sheared by a strong keystone is a parallelogram whose acute corners are
    rounded off far along its sides: four points fitted to its hull cut those corners off,
    and its least rectangle, a fifth larger than it, is longer than a tile for its width."""
    hull = cv2.convexHull(outline)
    approx = cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(approx) < 4:
        return None
    points = approx.astype(np.float64)
    ends = np.roll(points, -1, axis=0)
    longest = sorted(np.argsort(-np.linalg.norm(ends - points, axis=1))[:4])
    corners = []
    for first, second in zip(longest, longest[1:] + longest[:1], strict=True):
        p, d = points[first], ends[first] - points[first]
        q, e = points[second], ends[second] - points[second]
        matrix = np.array([[d[0], -e[0]], [d[1], -e[1]]])
        if abs(np.linalg.det(matrix)) < 1e-6 * float(np.dot(d, d) + np.dot(e, e)):
            return None  # (two sides parallel in a row: no corner between them)
        t = np.linalg.solve(matrix, q - p)
        corners.append(p + t[0] * d)
    quad = np.array(corners, np.float32)
    area, around = cv2.contourArea(hull), cv2.contourArea(quad)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)) or not 0.9 * area <= around <= 1.15 * area:
        return None
    first = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[3] - quad[2])
    second = np.linalg.norm(quad[2] - quad[1]) + np.linalg.norm(quad[0] - quad[3])
    return np.roll(quad, -1, axis=0) if first > second else quad


def grown_by(quad: Floats, by: float) -> Floats:
    """A convex quadrilateral with each side moved ``by`` pixels outwards."""
    centre = quad.mean(axis=0)
    lines = []
    for p, q in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        normal = np.array([q[1] - p[1], p[0] - q[0]], np.float64)
        normal /= max(float(np.linalg.norm(normal)), 1e-9)
        if np.dot(normal, p - centre) < 0:
            normal = -normal
        lines.append((p + by * normal, q - p))
    corners = []
    for (p1, d1), (p2, d2) in zip(lines[-1:] + lines[:-1], lines, strict=True):
        matrix = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]], np.float64)
        if abs(np.linalg.det(matrix)) < 1e-9:
            return quad
        t = np.linalg.solve(matrix, np.asarray(p2 - p1, np.float64))
        corners.append(p1 + t[0] * d1)
    return np.array(corners, np.float32)


def sides(corners: Floats) -> tuple[float, float]:
    """A quadrilateral's mean short side and mean long side."""
    a, b, c, d = corners
    return (float(np.linalg.norm(b - a) + np.linalg.norm(d - c)) / 2,
            float(np.linalg.norm(c - b) + np.linalg.norm(a - d)) / 2)  # fmt: skip


def sized(short: float, width: float | None) -> bool:
    """Whether a tile of short side ``short`` is the photo's tiles' size (the tilt of the
    camera makes the far ones smaller by a fifth at most)."""
    return width is not None and 0.78 <= short / width <= 1.28


def quantile(values: Floats, share: float) -> Floats:
    """``np.percentile(values, 100 * share, axis=-1)`` (its linear way), as fast for small
    arrays as for large: a bar is looked for at a dozen leans, a seam at a dozen places, in
    every piece of a photo."""
    ordered = np.sort(values, axis=-1)
    at = share * (ordered.shape[-1] - 1)
    low = int(at)
    high = min(low + 1, ordered.shape[-1] - 1)
    found: Floats = ordered[..., low] + (at - low) * (ordered[..., high] - ordered[..., low])
    return found


def chroma(lab: Floats) -> Floats:
    """Lab's a and b (``lab``: its last axis L, a, b, L 0-255 as OpenCV gives it) less the
    lightness: divided by it (each scales as the cube root of the light; 116 / (L* + 16) is 1
    on white), so that one surface is one colour where more or less light falls on it."""
    scaled: Floats = (lab[..., 1:] - 128) * (116.0 / (lab[..., :1] * (100 / 255) + 16))
    return scaled


def percentile_of(values: Floats, percent: float) -> float:
    """``float(np.percentile(values, percent))`` over all ``values``, the same value to the
    bit (numpy's linear way: its two neighbours interpolated from the nearer one) at a third
    of its CPU: only those two neighbours are put in place, not the ends too (a seam's light
    is measured over every patch cut, a pip's threshold over every half read)."""
    flat = np.ravel(values)
    at = (flat.size - 1) * (percent / 100)
    low = int(at)
    high = min(low + 1, flat.size - 1)
    placed = np.partition(flat, (low, high) if high > low else low)
    below, above, past = placed[low], placed[high], at - low
    step = above - below
    return float(below + step * past if past < 0.5 else above - step * (1 - past))
