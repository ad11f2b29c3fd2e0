"""The lines across a patch of faces: where seams run, where its outline is notched, and the
patch cut along them (the measures :mod:`hubd.vision.cutting` decides by)."""

from __future__ import annotations

import itertools
from typing import NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.shapes import Floats, Image, percentile_of, quantile

_CORNER = 0.04  # two touching tiles' rounded corners dip in this share of a tile's width at
# least (a radius of a tenth of it or more, the face's rim a little less)


class Lines(NamedTuple):
    """An axis's lines across a patch (see :func:`lines_across`)."""

    share: Floats  # of each line, the share of its pixels darker than either side
    gaps: Floats  # its longest run of light pixels, a share of its length
    start: Floats  # the share over its first half (axis 0: from edge a-b; axis 1: from a-d)
    end: Floats  # over its second half
    inset: tuple[Floats, Floats]  # how far in the outline begins at its first end, its second
    scale: float  # these pixels per pixel of the photo's work size


def lines_across(
    lightness: Image, outline: Image, corners: Floats, short: float, long: float
) -> list[Lines]:
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
        level = max(1.0, percentile_of(inner, 75))
        dark = darker > max(8.0, 0.05 * level)
        # A seam seen in perspective leans: a pixel either side of the line counts too.
        dark = cv2.dilate(dark.astype(np.uint8), np.ones((1, 3), np.uint8)).astype(bool)
        share = _dark_share(dark)
        margin = max(2, int(len(share) * 0.1))
        share[:margin], share[-margin:] = 0.0, 0.0  # the patch's own edges are no seams
        half = len(dark) // 2
        start, end = _dark_share(dark[:half]), _dark_share(dark[half:])
        start[:margin], start[-margin:], end[:margin], end[-margin:] = 0.0, 0.0, 0.0, 0.0
        first = np.where(inside.any(axis=0), inside.argmax(axis=0), len(inside))
        last = np.where(inside.any(axis=0), inside[::-1].argmax(axis=0), len(inside))
        inset = (first.astype(np.float32), last.astype(np.float32))
        gaps = _longest_light(dark) / len(dark)
        found.append(Lines(share.astype(np.float32), gaps, start, end, inset, width / short))
    return found


def _dark_share(dark: NDArray[np.bool_]) -> Floats:
    """Each column's share of dark pixels: its mean, counted (the same values, a bool's
    mean adds up floats)."""
    share: Floats = np.count_nonzero(dark, axis=0) / len(dark)
    return share


def _longest_light(dark: NDArray[np.bool_]) -> Floats:
    """Each column's longest run of light pixels: a bar's ends leave one, a seam none."""
    light = np.cumsum(~dark, axis=0, dtype=np.int32)  # light pixels so far, down each column
    at_dark = np.maximum.accumulate(np.where(dark, light, 0), axis=0)  # so far at the last dark
    longest: Floats = (light - at_dark).max(axis=0, initial=0).astype(np.float32)
    return longest


def seam_at(lines: Lines, at: float) -> tuple[float, float]:
    """How seam-like the line near ``at`` is, each half of it free to lean a little (a seam in
    perspective): the share of it that is dark, and its longest light gap (straight)."""
    start = float(lines.start[nearest(lines.start, at, 0.04)])
    end = float(lines.end[nearest(lines.end, at, 0.04)])
    return (start + end) / 2, float(lines.gaps[nearest(lines.share, at)])


def notched(lines: Lines, at: float, tile: float) -> float:
    """How surely a seam near ``at`` ends in a notch at both sides of the patch (0..1), for
    tiles ``tile`` pixels wide: two touching tiles' rounded corners dip into the outline where
    their seam meets it, however faint the seam itself (washed out by a lamp); a bar, a row
    of pips or a shadow's edge leave it straight."""
    depth = tile * lines.scale * _CORNER
    size = len(lines.share)
    sure = 1.0
    for inset in lines.inset:
        low, high = max(0, int((at - 0.04) * size)), min(size, int((at + 0.04) * size) + 1)
        before = inset[max(0, int((at - 0.2) * size)) : max(0, int((at - 0.08) * size))]
        around = np.concatenate((before, inset[int((at + 0.08) * size) : int((at + 0.2) * size)]))
        if high <= low or not len(around):
            return 0.0
        dip = float(inset[low:high].max()) - float(quantile(around, 0.5))
        sure = min(sure, max(0.0, dip / depth))
    return min(1.0, sure)


def nearest(share: Floats, at: float, within: float = 0.05) -> int:
    """The most seam-like line within ``within`` of ``at`` (fractions across)."""
    size = len(share)
    low, high = max(0, int((at - within) * size)), min(size, int((at + within) * size) + 1)
    return low + int(np.argmax(share[low:high]))


def cut_line(corners: Floats, axis: int, at: float, tilt: float = 0.0) -> tuple[Floats, Floats]:
    """The line across the patch at fraction ``at`` along ``axis``, its start ``tilt`` before
    and its end ``tilt`` past it (a seam seen in perspective leans): its start, its end.

    The fractions are the flat view's (:func:`lines_across`), taken back through the patch's
    perspective: in a strong slant the near tiles of a row are twice as long as the far ones,
    and a seam found in the flat view lies nearer the far end than its share of the sides."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    view = cv2.getPerspectiveTransform(unit, corners.astype(np.float32))
    if axis == 0:  # along the short side: a line parallel to the long sides, from a-b to d-c
        ends = [[at - tilt, 0.0], [at + tilt, 1.0]]
    else:  # from a-d to b-c
        ends = [[0.0, at - tilt], [1.0, at + tilt]]
    start, end = cv2.perspectiveTransform(np.array([ends], np.float32), view)[0]
    return start, end


def cut_at_seams(
    corners: Floats, axis: int, lines: Lines, cuts: list[float], tile: float
) -> list[Floats]:
    """The patch cut into pieces along the seams near ``cuts`` (fractions along ``axis``),
    each seam followed at its two ends, so that a piece is the tile's own quadrilateral: from
    notch to notch where the tiles' corners show (``tile``: their width), else along its dark
    line (a half of it each: a seam seen in perspective leans)."""
    size = len(lines.share)
    edges = [cut_line(corners, axis, 0.0), cut_line(corners, axis, 1.0)]
    for at in cuts:
        if notched(lines, at, tile) >= 0.8:
            first, second = ((nearest(inset, at, 0.04) + 0.5) / size for inset in lines.inset)
            edges.insert(-1, cut_line(corners, axis, (first + second) / 2, (second - first) / 2))
            continue
        centre = (nearest(lines.share, at) + 0.5) / size
        start = (nearest(lines.start, centre, 0.025) + 0.5) / size
        end = (nearest(lines.end, centre, 0.025) + 0.5) / size
        edges.insert(-1, cut_line(corners, axis, (start + end) / 2, end - start))
    return _between(edges)


def cut_evenly(corners: Floats, count: int) -> list[Floats]:
    """The patch cut across its long sides into ``count`` equal shares (in its perspective)."""
    return _between([cut_line(corners, 1, k / count) for k in range(count + 1)])


def _between(edges: list[tuple[Floats, Floats]]) -> list[Floats]:
    """The pieces between each two lines in turn, each a quadrilateral whose first edge is a
    shorter side."""
    pieces = []
    for (p0, q0), (p1, q1) in itertools.pairwise(edges):
        quad = np.array([p0, q0, q1, p1], np.float32)
        if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
            quad = np.roll(quad, -1, axis=0)
        pieces.append(quad)
    return pieces
