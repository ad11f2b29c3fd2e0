"""A tile's face within its cut, less the tile's side seen beside it.

A photo taken at a slant shows each tile's thickness: a band of its side beside its face, as
light and as grey as the face (the faces' threshold keeps it with the face). Cut with it, a
tile's bar lies off its middle and ends short of the cut's width, and its face's box takes
in the side. The side is darker than the face by a step at the face's rounded rim, where a
shadow's edge or the light falling off across the table is a slow slope: the face's own
lines of light end at such a step, and the tile is cut again where they do.
"""

from __future__ import annotations

import cv2
import numpy as np

from hubd.vision.cutout import TILE_W, cut_out, off_middle_bar, view_of
from hubd.vision.shapes import Floats, Image, quantile, sides

_EDGE = 0.86  # past the face's edge a line is at most this light beside the face's lines
_STEP = 0.93  # and a few lines in from it, at least this light: a step, not a slope
_STEP_LINES = 2
_MARGIN = 0.1  # a face whose edge lies further in than this share of the width has a side
_MOST = 0.35  # and a side is narrower than this share of the width (more: something else)
_BAND_LINES = 4  # a side shows as this many lines of even light past the step at least
_EVEN = 0.08  # even: within this share of the face's light
_LEAST_SIDE = 0.45  # a side is at least this light beside its face (the table is darker)
_SHARP = 0.8  # a row's faces drop to this light within a few lines past their edge, at a side


def trimmed(photo: Image, corners: Floats) -> Floats:
    """A tile's ``corners`` (in ``photo``'s pixels) moved in to its face's edges where a side
    lies beside it; as they were where none does."""
    upright = cut_out(photo, corners)
    light = cv2.GaussianBlur(cv2.cvtColor(upright, cv2.COLOR_BGR2LAB)[:, :, 0], (3, 3), 0)
    light = light.astype(np.float32)
    # Each line's light by its lightest tenth: pips cover two thirds of a column at most.
    columns = quantile(light[TILE_W // 5 : -TILE_W // 5].T, 0.9)
    rows = quantile(light[:, TILE_W // 10 : -TILE_W // 10], 0.9)
    left, right = _face_run(columns)
    top, bottom = _face_run(rows)
    if left is right is top is bottom is None:
        return corners
    view = view_of(corners)
    # The corners as they lie in the cut (the cut reaches a little past them), moved to the
    # face's edges found.
    own = cv2.perspectiveTransform(corners.reshape(-1, 1, 2).astype(np.float32), view)
    box = own.reshape(4, 2).copy()
    for index, (x, y) in enumerate(((left, top), (right, top), (right, bottom), (left, bottom))):
        box[index] = (box[index][0] if x is None else x, box[index][1] if y is None else y)
    face: Floats = cv2.perspectiveTransform(box.reshape(-1, 1, 2), np.linalg.inv(view))
    return face.reshape(4, 2).astype(np.float32)


def to_its_bar(photo: Image, corners: Floats, ink: Floats) -> Floats | None:
    """A piece cut from a row whose bar lies past its middle band (``ink``: its cut-out's),
    its end moved to as far past the bar as its other end lies (a bar parts its face in two
    equal halves); None where no bar is found further off or the part left out is as light as
    the face (then the bar was a row of pips).

    At a strong keystone a row's near tiles show their sides along their length, and a piece
    cut with its side reaches up to half a tile's width past its face's end: its bar lies past
    the band it is looked for in, and the tile was left out of the hand without a word."""
    found = off_middle_bar(ink)
    if found is None:
        return None
    view = view_of(corners)
    own = cv2.perspectiveTransform(corners.reshape(-1, 1, 2).astype(np.float32), view)
    own = own.reshape(4, 2).copy()
    # (corners 0 and 1 lie at the cut's top, 2 and 3 at its bottom)
    moved, kept = ((0, 1), (3, 2)) if found > TILE_W else ((3, 2), (0, 1))
    for end, other in zip(moved, kept, strict=True):
        own[end][1] = 2 * found - own[other][1]
    top, bottom = sorted((float(own[moved[0]][1]), float(own[moved[1]][1])))
    left_out = (0, int(top)) if found > TILE_W else (int(bottom) + 1, 2 * TILE_W)
    upright = cut_out(photo, corners)
    light = cv2.cvtColor(upright, cv2.COLOR_BGR2LAB)[:, :, 0].astype(np.float32)
    rows = quantile(light[:, TILE_W // 10 : -TILE_W // 10], 0.9)
    face = float(quantile(rows[TILE_W - TILE_W // 4 : TILE_W + TILE_W // 4], 0.5))
    outside = rows[left_out[0] : left_out[1]]
    if len(outside) < _MARGIN * TILE_W or float(quantile(outside, 0.5)) > _EDGE * face:
        return None
    face_corners = cv2.perspectiveTransform(own.reshape(-1, 1, 2), np.linalg.inv(view))
    return face_corners.reshape(4, 2).astype(np.float32)


def _face_run(line_light: Floats) -> tuple[float | None, float | None]:
    """Where the face's lines begin and end along one axis of the cut, where a side lies
    beside the face at that end (None: no side there)."""
    size = len(line_light)
    middle = size // 2
    face = float(quantile(line_light[middle - size // 8 : middle + size // 8], 0.5))
    ends: list[float | None] = [None, None]
    for direction, end in ((-1, 0), (1, 1)):
        at = middle
        while 0 < at < size - 1 and line_light[at] >= _EDGE * face:
            at += direction
        depth = at if direction < 0 else size - 1 - at
        if _MARGIN * TILE_W <= depth <= _MOST * TILE_W and _side_past(
            line_light[at - direction * _STEP_LINES :: direction], face
        ):
            ends[end] = at + 0.5
    return ends[0], ends[1]


def _side_past(outward: Floats, face: float) -> bool:
    """Whether the lines ``outward`` from a face's edge (from a few lines inside it to the
    cut's edge) show a side: a sharp step down from the face's light to a band of even light
    (a shadow's edge is a slow slope; a cut that merely reaches onto the table has no band)."""
    if len(outward) < 2 * _STEP_LINES or outward[0] < _STEP * face:
        return False
    band = outward[_STEP_LINES + 1 : _STEP_LINES + 1 + _BAND_LINES]
    if len(band) < _BAND_LINES:
        return False
    level = float(quantile(band, 0.5))
    return bool(
        _LEAST_SIDE * face <= level <= _EDGE * face
        and float(np.ptp(band)) <= _EVEN * face
        and float(np.max(outward[_STEP_LINES:])) < _STEP * face
    )


def side_band(lightness: Image, corners: Floats) -> float:
    """How much of a patch's short side (the patch's quadrilateral ``corners``, in
    ``lightness``'s pixels) is the band of the tiles' sides along one of its long sides: a row
    of tiles side by side seen at a slant shows their sides as one strip along the row, and
    the patch is up to a fifth wider than the tiles are long (0.0: no band).

    The faces' light across the row is measured a tile's width at a time (a shadow's edge
    changes it along the row), each stretch by its own light, as a cut tile's is."""
    short, long = sides(corners)
    if short < 16:
        return 0.0
    # (Across the row as finely as a cut tile is cut; along it, half as finely.)
    height = max(TILE_W, int(TILE_W * long / short))
    target = np.array([[0, 0], [2 * TILE_W, 0], [2 * TILE_W, height], [0, height]], np.float32)
    view = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    flat = cv2.warpPerspective(lightness, view, (2 * TILE_W, height)).astype(np.float32)
    profiles = []
    for stretch in np.array_split(flat, max(1, round(2 * height / TILE_W)), axis=0):
        across = quantile(stretch.T, 0.8)  # each line's light, pips and bars left out
        middle = len(across) // 2
        profiles.append(across / max(float(quantile(across[middle - 20 : middle + 20], 0.5)), 1.0))
    left, right = _band_edges(quantile(np.array(profiles).T, 0.5))
    band = (left or 0.0) + (0.0 if right is None else 2 * TILE_W - right)
    return band / (2 * TILE_W)


def _band_edges(line_light: Floats) -> tuple[float | None, float | None]:
    """Where the faces end across a row (``line_light``: each line's light, the faces' 1.0)
    at a band of their sides (None: none at that end). The faces' rounded rim drops sharply
    to the side, and the side, shaded darker nearer the face, stays darker to the patch's
    edge (a shadow's edge is a slow slope; a face's own rim is narrower than a side)."""
    size = len(line_light)
    ends: list[float | None] = [None, None]
    for direction, end in ((-1, 0), (1, 1)):
        at = size // 2
        while 0 < at < size - 1 and line_light[at] >= _EDGE:
            at += direction
        depth = at if direction < 0 else size - 1 - at
        outward = line_light[at - direction * _STEP_LINES :: direction]
        if (_MARGIN * TILE_W <= depth <= _MOST * TILE_W
                and outward[0] >= _STEP
                and float(np.min(outward[_STEP_LINES : _STEP_LINES + 4])) <= _SHARP
                and float(np.max(outward[_STEP_LINES:])) < _EDGE):  # fmt: skip
            ends[end] = at + 0.5
    return ends[0], ends[1]
