"""Where each tile lies in a photo: the faces, and touching tiles told apart (OpenCV, numpy).

See :mod:`hubd.vision.reader` for the whole reading; this is its steps 1 and 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

# OpenCV's stubs type every picture as one kind of array: so do we (the dtypes are in the
# docstrings: photos are BGR uint8, maps float32).
Image = NDArray[Any]
Floats = NDArray[Any]

_ASPECT = (1.6, 2.5)  # a single tile's length over width, with perspective
_GROOVE = 0.05  # a groove between faces is darker than them by this share of their light
_RIM = 0.06  # the rim of a face left out of its core (each side), a share of its width
_CORNER = 0.04  # two touching tiles' rounded corners dip in this share of a tile's width at
# least (a radius of a tenth of it or more, the face's rim a little less)
_SOLID = 0.7  # a patch of faces is at least this share light (the rest: pips, a bar, holes)
_MOST_PATCHES = 40  # patches looked at, the largest (a hand has fewer tiles)


def whiteness(small: Image) -> Image:
    """How much each pixel looks like a tile's face: light and nearly grey (uint8)."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    chroma = np.hypot(lab[:, :, 1] - 128, lab[:, :, 2] - 128)
    score: Image = np.clip(lab[:, :, 0] - 1.5 * chroma, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def faces(score: Image, within: Image | None, depth: int = 0) -> Image:
    """The faces (255), by Otsu's threshold over the photo or ``within`` one outline of it.

    Holes in a patch (pips, bars) are filled. A patch mostly holes that runs on past the
    photo's edge is no face but a textured table's light part (a checked cloth's light
    squares, touching at their corners, fill to the whole cloth): the faces in it are its
    lightest part, by a threshold over its light pixels alone (the dark squares no longer draw
    the threshold down to the light ones).
    """
    found = np.zeros(score.shape, np.uint8)
    if within is None:
        found[:] = _faces_in(score, np.ones(score.shape, bool), (0, 0), score.shape, depth)
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
        edge = min(left, top) == 0 or left + w == photo[1] or top + h == photo[0]
        if edge and light[label] < _SOLID * area:
            box = (slice(y, y + h), slice(x, x + w))
            inside = labels[box] == label
            again = _faces_in(score[box], inside & (mask[box] > 0), (left, top), photo, depth + 1)
            filled[box][inside] = again[inside]
    return filled


def patches(faces: Image, least: float) -> list[Image]:
    """Each patch of faces big enough to be a tile, as its outline."""
    contours, _ = cv2.findContours(faces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    big = sorted((c for c in contours if cv2.contourArea(c) >= least), key=cv2.contourArea)
    return big[-_MOST_PATCHES:]  # (a checked cloth's light squares: the tiles are the largest)


def filled(outline: Image) -> float:
    """How much of its least rectangle an outline fills (1.0: a rectangle)."""
    (_, (w, h), _) = _rect(outline)
    return float(cv2.contourArea(outline)) / max(w * h, 1.0)


Rect = tuple[Sequence[float], Sequence[float], float]


def _rect(points: Image) -> Rect:
    """The rotated rectangle of least area around ``points``."""
    return cv2.minAreaRect(points)


def _corners(rect: Rect) -> Floats:
    """The rectangle's corners, ordered so that the first edge (0->1) is its shorter side."""
    points = cv2.boxPoints(rect).astype(np.float32)
    if np.linalg.norm(points[1] - points[0]) > np.linalg.norm(points[2] - points[1]):
        points = np.roll(points, -1, axis=0)
    return points


def pieces(
    lightness: Image, outline: Image, least: float, width: float | None = None
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
    short = min(_rect(outline)[1])
    if short < 8:
        return []
    pad = int(short * 0.3) + 2
    x0, y0 = max(0, x - pad), max(0, y - pad)
    crop = lightness[y0 : y + h + pad, x0 : x + w + pad].astype(np.float32)
    mask = np.zeros(crop.shape, np.uint8)
    cv2.drawContours(mask, [outline], -1, 255, cv2.FILLED, offset=(-x0, -y0))
    # The faces' own light varies slowly: measured at a quarter of the size, four times as fast.
    shrunk = cv2.resize(crop, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    light = cv2.resize(_closed(shrunk, max(3, int(0.05 * short))), (crop.shape[1], crop.shape[0]))
    size = max(3, int(0.08 * short))
    if size > 20:  # (a wide patch: its faces' envelope, as smooth, measured at half the size)
        half = cv2.resize(crop, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        envelope = cv2.resize(_closed(half, size // 2), (crop.shape[1], crop.shape[0]))
    else:
        envelope = _closed(crop, size)
    valley = (envelope - crop) / np.maximum(light, 1.0)
    groove: Floats = cv2.GaussianBlur(valley, (0, 0), 1.0)  # noise on a face is no groove
    faces = (groove < _GROOVE) & (crop > 0.75 * light) & (mask > 0)
    # Eroded, a groove broken here and there by noise still parts the faces.
    core: Image = cv2.erode(faces.astype(np.uint8) * 255, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cores = [c + np.array([x0, y0], np.int32) for c in contours
             if cv2.contourArea(c) >= 0.5 * least]  # fmt: skip
    if len(cores) < 2:
        return _split(lightness, outline, least, width)
    tiles: list[Floats] = []
    for inner in cores:
        (cx, cy), (cw, ch), _ = _rect(inner)
        rim = 0.09 * min(cw, ch)  # the rounded edges left out of the core, both sides
        quad = _quad(inner)
        short_side, long_side = sides(quad)
        if (cv2.contourArea(inner) >= 0.8 * cv2.contourArea(quad)
                and _ASPECT[0] <= long_side / max(short_side, 1.0) <= _ASPECT[1]):  # fmt: skip
            tiles.append(_grown(quad, _RIM * short_side))
            continue
        hull = cv2.convexHull(inner)
        centre = np.array([cx, cy], np.float32)
        spread = hull.astype(np.float32)
        spread = centre + (spread - centre) * (1 + rim / max(min(cw, ch) / 2, 1))
        found = _split(lightness, spread.astype(np.int32), least, width)
        if found is None:
            return _split(lightness, outline, least, width)
        tiles.extend(found)
    return tiles


def _closed(image: Floats, size: int) -> Floats:
    """``image`` with every dark spot or line narrower than ``size`` pixels filled."""
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size | 1, size | 1))
    closed: Floats = cv2.morphologyEx(image, cv2.MORPH_CLOSE, disc)
    return closed


def _quad(outline: Image) -> Floats:
    """The patch's four corners, seen in perspective where its outline is a quadrilateral (so
    that its seams, once it is made flat, run straight across), else its least rectangle's;
    ordered so that the first edge (0->1) is a shorter side."""
    hull = cv2.convexHull(outline)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.01, 0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) <= 4:
            break
    if len(approx) == 4 and cv2.contourArea(approx) >= 0.93 * cv2.contourArea(hull):
        points = approx.reshape(4, 2).astype(np.float32)
        first = np.linalg.norm(points[1] - points[0]) + np.linalg.norm(points[3] - points[2])
        second = np.linalg.norm(points[2] - points[1]) + np.linalg.norm(points[0] - points[3])
        return np.roll(points, -1, axis=0) if first > second else points
    return _corners(_rect(outline))


def _grown(quad: Floats, by: float) -> Floats:
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


def _split(
    lightness: Image, outline: Image, least: float, width: float | None = None, depth: int = 0
) -> list[Floats] | None:
    """The tiles in a patch: one, a row cut at its seams, or None (stuck: said, not guessed).

    A rectangular patch is n tiles side by side or end to end: every way of cutting it into
    equal tiles is tried. Not knowing the tiles' size, a cut is kept only when a seam runs at
    each cut: between a tile and four side by side (both twice as long as wide) the seams at
    a quarter decide; between two side by side cut one way or the other (both make two tiles'
    shapes) the darker, wider line does, a seam being two rounded edges and a bar one thin
    line. Where the tiles' rounded corners show, a seam ends in a notch of the outline at both
    sides (:func:`_notched`), and that decides however faint the seam itself (a lamp's glare
    washes it out; a bar or a row of pips leaves the outline straight). Knowing the tiles' size
    (``width``, the short side of the photo's other tiles: one set's tiles are
    one size), the patch's size says how many tiles it holds, however faint their seams (a row
    under a lamp's glare, small tiles), and the seams only choose between counts that fit.
    """
    area = cv2.contourArea(outline)
    corners = _quad(outline)
    short, long = sides(corners)
    if short < 8 or area < least:
        return []
    lines = _lines(lightness, outline, corners, short, long)
    # (Pips at a face's edge under a shadow bite into the outline: a tile's patch bitten so,
    # its hull a rectangle, is one all the same.)
    single = _ASPECT[0] <= long / short <= _ASPECT[1]
    hull = cv2.contourArea(cv2.convexHull(outline))
    bitten = single and area >= 0.65 * short * long and hull >= 0.9 * short * long
    if area >= 0.8 * short * long or bitten:
        best: tuple[bool, float, int, float, list[float]] | None = None  # fits, score, axis,
        # the pieces' width, the cuts
        for axis, found in enumerate(lines):
            along, across = (short, long) if axis == 0 else (long, short)
            for count in range(2, 13):
                piece = along / count
                if not _ASPECT[0] <= max(piece, across) / min(piece, across) <= _ASPECT[1]:
                    continue
                tile = min(piece, across)
                seams = [(*_seam_at(found, k / count), _notched(found, k / count, tile))
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
            return _cut(corners, best[2], lines[best[2]], best[4], best[3])
        return [corners] if single else None
    # Not a rectangle (tiles askew or in a corner): cut at the strongest seam and look again.
    seam = max(((float(share[i]), axis, i) for axis, (share, *_) in enumerate(lines)
                for i in range(len(share))), default=(0.0, 0, 0))  # fmt: skip
    if seam[0] < 0.85 or depth > 12:
        return None
    _, axis, at = seam
    p, q = _cut_line(corners, axis, (at + 0.5) / len(lines[axis][0]))
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


def sized(short: float, width: float | None) -> bool:
    """Whether a tile of short side ``short`` is the photo's tiles' size (the tilt of the
    camera makes the far ones smaller by a fifth at most)."""
    return width is not None and 0.78 <= short / width <= 1.28


def _seam_at(lines: _Lines, at: float) -> tuple[float, float]:
    """How seam-like the line near ``at`` is, each half of it free to lean a little (a seam in
    perspective): the share of it that is dark, and its longest light gap (straight)."""
    start = float(lines.start[_near(lines.start, at, 0.04)])
    end = float(lines.end[_near(lines.end, at, 0.04)])
    return (start + end) / 2, float(lines.gaps[_near(lines.share, at)])


def _notched(lines: _Lines, at: float, tile: float) -> float:
    """How surely a seam near ``at`` ends in a notch at both sides of the patch (0..1), for
    tiles ``tile`` pixels wide: two touching tiles' rounded corners dip into the outline where
    their seam meets it, however faint the seam itself (washed out by a lamp); a bar, a row
    of pips or a shadow's edge leave it straight."""
    depth = tile * lines.scale * _CORNER
    size = len(lines.share)
    sure = 1.0
    for inset in lines.inset:
        low, high = max(0, int((at - 0.04) * size)), min(size, int((at + 0.04) * size) + 1)
        around = np.r_[inset[max(0, int((at - 0.2) * size)) : max(0, int((at - 0.08) * size))],
                       inset[int((at + 0.08) * size) : int((at + 0.2) * size)]]  # fmt: skip
        if high <= low or not len(around):
            return 0.0
        dip = float(inset[low:high].max()) - float(np.median(around))
        sure = min(sure, max(0.0, dip / depth))
    return min(1.0, sure)


def _near(share: Floats, at: float, within: float = 0.05) -> int:
    """The most seam-like line within ``within`` of ``at`` (fractions across)."""
    size = len(share)
    low, high = max(0, int((at - within) * size)), min(size, int((at + within) * size) + 1)
    return low + int(np.argmax(share[low:high]))


def _cut_line(corners: Floats, axis: int, at: float, tilt: float = 0.0) -> tuple[Floats, Floats]:
    """The line across the patch at fraction ``at`` along ``axis``, its start ``tilt`` before
    and its end ``tilt`` past it (a seam seen in perspective leans): its start, its end."""
    a, b, c, d = corners
    if axis == 0:  # along the short side: a line parallel to the long sides, from a-b to d-c
        return a + (b - a) * (at - tilt), d + (c - d) * (at + tilt)
    return a + (d - a) * (at - tilt), b + (c - b) * (at + tilt)  # from a-d to b-c


def _cut(corners: Floats, axis: int, lines: _Lines, cuts: list[float], tile: float) -> list[Floats]:
    """The patch cut into pieces along the seams near ``cuts`` (fractions along ``axis``),
    each seam followed at its two ends, so that a piece is the tile's own quadrilateral: from
    notch to notch where the tiles' corners show (``tile``: their width), else along its dark
    line (a half of it each: a seam seen in perspective leans)."""
    size = len(lines.share)
    edges = [_cut_line(corners, axis, 0.0), _cut_line(corners, axis, 1.0)]
    for at in cuts:
        if _notched(lines, at, tile) >= 0.8:
            first, second = ((_near(inset, at, 0.04) + 0.5) / size for inset in lines.inset)
            edges.insert(-1, _cut_line(corners, axis, (first + second) / 2, (second - first) / 2))
            continue
        centre = (_near(lines.share, at) + 0.5) / size
        start = (_near(lines.start, centre, 0.025) + 0.5) / size
        end = (_near(lines.end, centre, 0.025) + 0.5) / size
        edges.insert(-1, _cut_line(corners, axis, (start + end) / 2, end - start))
    pieces = []
    for (p0, q0), (p1, q1) in itertools.pairwise(edges):
        quad = np.array([p0, q0, q1, p1], np.float32)
        if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
            quad = np.roll(quad, -1, axis=0)
        pieces.append(quad)
    return pieces


class _Lines(NamedTuple):
    """An axis's lines across a patch (see :func:`_lines`)."""

    share: Floats  # of each line, the share of its pixels darker than either side
    gaps: Floats  # its longest run of light pixels, a share of its length
    start: Floats  # the share over its first half (axis 0: from edge a-b; axis 1: from a-d)
    end: Floats  # over its second half
    inset: tuple[Floats, Floats]  # how far in the outline begins at its first end, its second
    scale: float  # these pixels per pixel of the photo's work size


def _lines(
    lightness: Image, outline: Image, corners: Floats, short: float, long: float
) -> list[_Lines]:
    """For each axis, each line across the patch: its share of dark pixels, its longest gap.

    Axis 0's lines run along the long sides (at positions across the short side), axis 1's
    across them. A seam is dark nearly all along; pips are spaced and leave a row light.
    """
    scale = 4.0 if short < 60 else 2.0
    width, height = max(8, int(short / scale * 2)), max(8, int(long / scale * 2))
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    view = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    flat = cv2.warpPerspective(lightness, view, (width, height)).astype(np.float32)
    mask = np.zeros((height, width), np.uint8)
    flat_outline = cv2.perspectiveTransform(outline.reshape(-1, 1, 2).astype(np.float32), view)
    cv2.drawContours(mask, [np.round(flat_outline).astype(np.int32)], -1, 255, cv2.FILLED)
    found = []
    for image, inside in ((flat, mask > 0), (flat.T, mask.T > 0)):
        image = np.asarray(cv2.blur(image, (1, 5)), np.float32)  # noise averages out
        length = image.shape[0]
        inner = image[int(length * 0.03) : int(length * 0.97)]
        light = cv2.dilate(inner, np.ones((1, 9), np.uint8))
        darker = light - inner
        level = max(1.0, float(np.percentile(inner, 75)))
        dark = darker > max(8.0, 0.05 * level)
        # A seam seen in perspective leans: a pixel either side of the line counts too.
        dark = cv2.dilate(dark.astype(np.uint8), np.ones((1, 3), np.uint8)).astype(bool)
        share = dark.mean(axis=0)
        margin = max(2, int(len(share) * 0.1))
        share[:margin], share[-margin:] = 0.0, 0.0  # the patch's own edges are no seams
        half = len(dark) // 2
        start, end = dark[:half].mean(axis=0), dark[half:].mean(axis=0)
        start[:margin], start[-margin:], end[:margin], end[-margin:] = 0.0, 0.0, 0.0, 0.0
        first = np.where(inside.any(axis=0), inside.argmax(axis=0), len(inside))
        last = np.where(inside.any(axis=0), inside[::-1].argmax(axis=0), len(inside))
        inset = (first.astype(np.float32), last.astype(np.float32))
        gaps = _longest_light(dark) / len(dark)
        found.append(_Lines(share.astype(np.float32), gaps, start, end, inset, width / short))
    return found


def _longest_light(dark: NDArray[np.bool_]) -> Floats:
    """Each column's longest run of light pixels: a bar's ends leave one, a seam none."""
    longest = np.zeros(dark.shape[1], np.float32)
    run = np.zeros(dark.shape[1], np.float32)
    for row in dark:
        run = np.where(row, 0, run + 1)
        np.maximum(longest, run, out=longest)
    return longest
