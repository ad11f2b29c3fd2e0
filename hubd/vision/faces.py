"""Step 1 of the reading: where the tiles' faces lie in the photo (light and nearly grey)."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from hubd.vision.reflection import reflection_cut
from hubd.vision.shapes import ASPECT, Floats, Image, chroma, least_rect

_SOLID = 0.7  # a patch of faces is at least this share light (the rest: pips, a bar, holes)
_MOST_PATCHES = 40  # patches looked at, the largest (a hand has fewer tiles)
_WISP = 0.015  # its light within it, opened by a disc this share of the photo's short side
_LIGHT_TABLE = 0.4  # a table this light beside the photo's lightest is a light table
_TILE_FILL = 0.7  # a tile's patch fills this share of its least rectangle at the least
_BAY = 0.3  # bays into a patch through pips are as wide as a pip: under this share of its width
_BAY_LEAST = 64.0  # a patch this many pixels or fewer is a speck: its bays are left alone
_BAY_PIXELS = 15  # its bays are closed on it shrunk to where they are this many pixels wide
_FACE_FILL = 0.8  # a patch whose bays are closed fills its least rectangle so, as a face does
_NO_LARGER = 1.3  # and its least rectangle is no larger than this many times the patch's
# And on a light table of another colour than the faces' (see own_colour):
_BORDER = 0.03  # the photo's border, its table, is this share of its short side wide
_APART = 6.0  # a colour this far (see own_colour) from the table's at the least is another colour
_NOT_DARKER = 0.75  # a face is at least this light beside the table around it (ivory on
# white paper: 0.8-0.9 of it; lit alike, the faces are lighter than a grey or wooden table)
_WASHED_OUT = 250  # a pixel this bright in a channel is washed out (a lamp's glare, white
# paper's sheen): its colour is not its own
_OWN_SHARE = 0.002  # faces of their own colour cover this share of the photo at the least
_SHADE = 2  # a pixel's light beside the table's, to this power: shadows and sides are darker
# (their colour is the table's or the faces' own; a face a fifth darker than white paper keeps
# two thirds of its score)
_OFF_COLOUR = 8.0  # its score falls by this much for each unit of colour off the faces'
_BARE_NEAR = 0.03  # the table's light is measured within this share of the photo's longer side
_BARE_LEAST = 0.05  # where the table is this share of what lies that near at the least
# And by their rims (see rimmed):
_RIM = 0.015  # a rim is looked for in this share of the photo's longer side (pips, bars too)
_RIM_DARK = 0.05  # a rim is this share darker than the light round it at the least
_RIMMED_MOST = 0.05  # a face inside its rim covers this share of the photo at the most


def whiteness(small: Image, lab: Image | None = None) -> Image:
    """How much each pixel looks like a tile's face: light and nearly grey (uint8). ``lab``:
    ``small`` in Lab where it is known (its lightness is read too)."""
    lab = (cv2.cvtColor(small, cv2.COLOR_BGR2LAB) if lab is None else lab).astype(np.float32)
    chroma = np.hypot(lab[:, :, 1] - 128, lab[:, :, 2] - 128)
    score: Image = np.clip(lab[:, :, 0] - 1.5 * chroma, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def relief(
    small: Image, lightness: Image, lab: Image | None = None, *, dark_too: bool = False
) -> Image | None:
    """How much each pixel looks like a tile's face on a light plain table (uint8): lighter
    than the table around it, and nearly grey. The table's light (``lightness``: the photo's)
    is what is left of the photo once everything lighter and smaller than a third of it is
    taken out (an opening of the photo shrunk eightfold), so a light falling off across the
    table is no face. None where the table is dark beside the photo's lightest (the faces'
    whiteness parts them from it), unless ``dark_too`` (faces in a dark table's shade, beyond
    a lamp's pool of light: see :mod:`hubd.vision.shade`). ``lab``: ``small`` in Lab where it
    is known."""
    light = lightness.astype(np.float32)
    shrunk = cv2.resize(light, None, fx=1 / 8, fy=1 / 8, interpolation=cv2.INTER_AREA)
    size = max(3, int(min(shrunk.shape) / 3)) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    table = cv2.morphologyEx(shrunk, cv2.MORPH_OPEN, disc)
    table = cv2.GaussianBlur(table, (0, 0), size / 4)
    if not dark_too and float(np.median(table)) < _LIGHT_TABLE * float(np.percentile(shrunk, 99.5)):
        return None
    table = cv2.resize(table, (light.shape[1], light.shape[0]), interpolation=cv2.INTER_LINEAR)
    colours = (cv2.cvtColor(small, cv2.COLOR_BGR2LAB) if lab is None else lab).astype(np.float32)
    chroma = np.hypot(colours[:, :, 1] - 128, colours[:, :, 2] - 128)
    above = 128 * light / np.maximum(table, 1.0) - 1.5 * chroma
    score: Image = np.clip(above, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def own_colour(small: Image, lightness: Image, lab: Image | None = None) -> Image | None:
    """How much each pixel looks like a tile's face on a light table of another colour
    (uint8): of the faces' own colour, and not much darker than the table around it.

    Ivory faces under a warm light are no lighter than white paper, only yellower (their
    whiteness is less than the paper's, and relief finds no step); on white paper they are
    darker than it by a tenth to a fifth. Colour here is Lab's a and b less the lightness
    (divided by it: each scales as the cube root of the light), so that the table is one colour
    where more or less light falls on it (its shadowed part, a lamp's pool of light). The
    table's colour is the photo's border's; the faces' is that of what differs from it by more
    than the border's own spread, is not much darker than the table and is not washed out (a
    glare's white is no colour of the faces'); their shadows and sides, darker, are left out.
    None on a dark table, and where too little differs from the table so (the faces are its
    colour: see :func:`relief`). ``lab``: ``small`` in Lab where it is known."""
    lab = (cv2.cvtColor(small, cv2.COLOR_BGR2LAB) if lab is None else lab).astype(np.float32)
    band = max(2, int(_BORDER * min(lab.shape[:2])))
    colour = chroma(lab)
    edges = (colour[:band], colour[-band:], colour[:, :band], colour[:, -band:])
    border = np.concatenate([edge.reshape(-1, 2) for edge in edges])
    table_colour = np.median(border, axis=0)
    spread = float(np.percentile(np.hypot(*(border - table_colour).T), 90))
    apart = max(_APART, 2 * spread)  # a colour this far from the table's is not the table's
    light = lightness.astype(np.float32)
    # The table's light: the median around each pixel (a shadow's edge stays sharp).
    shrunk = cv2.resize(lightness, None, fx=1 / 8, fy=1 / 8, interpolation=cv2.INTER_AREA)
    size = max(3, int(min(shrunk.shape) / 3)) | 1
    table = cv2.medianBlur(shrunk, size)
    if float(np.median(table)) < _LIGHT_TABLE * float(np.percentile(shrunk, 99.5)):
        return None  # a dark table: the faces' whiteness parts them from it
    other = np.hypot(colour[:, :, 0] - table_colour[0], colour[:, :, 1] - table_colour[1]) > apart
    around = cv2.resize(_bare_light(shrunk, other, table), (light.shape[1], light.shape[0]),
                        interpolation=cv2.INTER_LINEAR)  # fmt: skip
    lit = np.minimum(light / np.maximum(around, 1.0), 1.0)
    candidates = other & (lit >= _NOT_DARKER) & (small.max(axis=2) < _WASHED_OUT)
    if np.count_nonzero(candidates) < _OWN_SHARE * candidates.size:
        return None
    face = np.median(colour[candidates], axis=0)
    # (Ivory is darker than white paper by a tenth to a fifth: a face is as light as the faces
    # are beside the table, not as the table.)
    lit = np.minimum(lit / float(np.median(lit[candidates])), 1.0)
    if float(np.hypot(*(face - table_colour))) < apart:
        return None
    off = np.hypot(colour[:, :, 0] - face[0], colour[:, :, 1] - face[1])
    # (A shadow cast on the table is lit by the tiles' own colour: its darkness tells it.)
    score: Image = np.clip(128 * lit**_SHADE - _OFF_COLOUR * off, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(score, (5, 5), 0)


def _bare_light(shrunk: Image, other: NDArray[np.bool_], median: Image) -> Floats:
    """The table's light around each pixel of ``shrunk`` (the photo's lightness shrunk
    eightfold), measured on the table alone: what is not of another colour than it (``other``,
    at the photo's size) within a few hundredths of the photo, so that a shadow's edge falling
    across a face leaves the face beside the table in the shade where it is in the shade. Where
    no table lies that near, the ``median`` around it."""
    bare = cv2.resize((~other).astype(np.float32), (shrunk.shape[1], shrunk.shape[0]),
                      interpolation=cv2.INTER_AREA)  # fmt: skip
    sigma = _BARE_NEAR * max(shrunk.shape)
    weight = cv2.GaussianBlur(bare, (0, 0), sigma)
    near = cv2.GaussianBlur(shrunk.astype(np.float32) * bare, (0, 0), sigma)
    found: Floats = np.where(weight > _BARE_LEAST, near / np.maximum(weight, 1e-3),
                             median.astype(np.float32))  # fmt: skip
    return found


def rimmed(lightness: Image, least: float) -> Image:
    """The faces (255) on a light table as light as they are, told by their rims: a face's
    rounded edge darkens towards the table and its shadow darkens the table beside it, a dark
    line closed all round it. What such lines enclose, not reaching the photo's edge, of a
    face's size (``least``: a speck's area at the most), is a face (its pips and bar, dark
    lines too, are holes in it, filled)."""
    light = lightness.astype(np.float32)
    size = max(3, round(_RIM * max(light.shape))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    around = cv2.morphologyEx(light, cv2.MORPH_CLOSE, disc)
    open_ground = (around - light <= _RIM_DARK * around).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(open_ground, connectivity=4)
    height, width = light.shape
    # (Each part weighed at once: a white table's grain parts its open ground into tens of
    # thousands of specks, one by one a tenth of a second.)
    x, y, w, h, area = stats.T
    edge = (np.minimum(x, y) == 0) | (x + w == width) | (y + h == height)
    kept = ~edge & (area >= least) & (area <= _RIMMED_MOST * height * width)
    kept[0] = False  # (the rims themselves)
    inside = np.zeros((height, width), np.uint8)
    for label in np.flatnonzero(kept):
        box = slice(y[label], y[label] + h[label]), slice(x[label], x[label] + w[label])
        inside[box][labels[box] == label] = 255
    grown = cv2.dilate(inside, np.ones((3, 3), np.uint8), iterations=2)  # (to the rim's middle)
    contours, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = np.zeros((height, width), np.uint8)
    cv2.drawContours(found, contours, -1, 255, cv2.FILLED)
    return found


def faces(
    score: Image,
    within: Image | None,
    depth: int = 0,
    *,
    lit_table: float | None = None,
    reflections: bool = False,
) -> Image:
    """The faces (255), by Otsu's threshold over the photo or ``within`` one outline of it.

    Holes in a patch (pips, bars) are filled. A patch mostly holes that runs on past the
    photo's edge is no face but a textured table's light part (a checked cloth's light
    squares, touching at their corners, fill to the whole cloth): the faces in it are its
    lightest part, by a threshold over its light pixels alone (the dark squares no longer draw
    the threshold down to the light ones). With ``lit_table`` (a share of the photo), so is a
    patch running past the edge over that share of the photo: a plain table lit brighter on
    one side, its light half taken with the tiles, or a glossy table's reflection joined to
    them (its thin wisps cut off the tiles); its ragged patches at the edge are then left out.
    With ``reflections``, a patch running past the edge loses what is a glossy table's
    reflection joined to the tiles, bare and dimmer than the faces beside it (see
    :func:`reflection_cut`).
    """
    if within is None:
        whole = np.ones(score.shape, bool)
        return _faces_in(score, whole, (0, 0), score.shape, depth, lit_table, reflections)
    found = np.zeros(score.shape, np.uint8)
    inside, (x, y) = _faces_within(score, within, depth)
    found[y : y + inside.shape[0], x : x + inside.shape[1]] = inside
    return found


def cloth_faces(score: Image) -> Image:
    """The faces (255) on a patterned cloth, ``score`` evened out on it (see
    :func:`hubd.vision.cloth.evened`): the lightest of three, the cloth's dark part, its light
    part and the faces, by a threshold over the photo parting the cloth's dark part from the
    rest, and another within the rest (its light squares join the faces at their corners and
    edges, and a patch of them is as solid as a face, so no patch tells them apart)."""
    level, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return _faces_in(score, score > level, (0, 0), score.shape, 1)


def patches_within(score: Image, within: Image, least: float) -> list[Image]:
    """:func:`patches` of the :func:`faces` ``within`` one outline, looked for in the
    outline's box alone: the same outlines, without a mask and a search the photo's size for
    each patch (a checked cloth's forty squares are each looked into twice)."""
    inside, origin = _faces_within(score, within, 0)
    return patches(inside, least, origin)


def _faces_within(score: Image, within: Image, depth: int) -> tuple[Image, tuple[int, int]]:
    """:func:`faces` ``within`` one outline, in the outline's box: the faces, the box's
    corner (x, y) in the photo."""
    x, y, w, h = cv2.boundingRect(within)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [within], -1, 255, cv2.FILLED, offset=(-x, -y))
    inside = _faces_in(score[y : y + h, x : x + w], region > 0, (x, y), score.shape, depth)
    return inside, (x, y)


def _faces_in(
    score: Image,
    region: NDArray[np.bool_],
    origin: tuple[int, int],
    photo: tuple[int, ...],
    depth: int,
    lit_table: float | None = None,
    reflections: bool = False,
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
    for contour in contours:
        _close_bays(filled, contour, origin, photo)
    if depth >= 2:
        return filled
    count, labels, stats, _ = cv2.connectedComponentsWithStats(filled, connectivity=8)
    light = np.bincount(labels[mask > 0], minlength=count)  # each patch's light pixels
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        # A face's pips and bar take a quarter of it at most (fifteen pips, blurred); a cloth
        # runs on under the photo's edge (a tile there is refused all the same).
        left, top = x + origin[0], y + origin[1]
        edge = at_edge((left, top, w, h), photo)
        cloth = light[label] < _SOLID * area
        lit = lit_table is not None and not cloth and area > lit_table * photo[0] * photo[1]
        box = (slice(y, y + h), slice(x, x + w))
        if edge and (cloth or lit):
            inside = labels[box] == label
            again = _faces_in(score[box], inside & (mask[box] > 0), (left, top), photo, depth + 1)
            if lit:
                again = _tiles_only(_unwisped(again, photo), (left, top), photo)
            filled[box][inside] = again[inside]
        elif edge and reflections:
            # (A glossy table's reflection joined to the tiles: see reflection_cut.)
            inside = labels[box] == label
            cut = reflection_cut(score[box], inside, (left, top), photo)
            if cut is not inside:
                filled[box][inside] = _filled(cut)[inside]
    return filled


def _close_bays(
    found: Image, contour: Image, origin: tuple[int, int], photo: tuple[int, ...]
) -> None:
    """A patch of ``found`` (a crop at ``origin`` of a photo ``photo`` high and wide) whose
    face is open to the table through its pips closed over them, in place.

    Large pips packed near a face's edge (a double-12's or 15's coloured columns, blurred)
    leave a hair of face between them and the edge, or none: their holes open onto the table,
    are not filled, and the patch is a tile's outline with bays cut into it (or in pieces),
    no tile's shape. Where a patch within a lone tile's least rectangle is made one by closing
    its bays, narrower than :data:`_BAY` of its short side (it then fills its least rectangle
    as a face does, which has a tile's shape and is no larger than the patch's own), it is
    taken so; tiles lying apart, or touching in an ell, are left as they were. Not at the
    photo's edge: a checked cloth's squares are left to :func:`faces`."""
    if cv2.contourArea(contour) < _BAY_LEAST or filled(contour) >= _TILE_FILL:
        return
    x, y, w, h = cv2.boundingRect(contour)
    (_, sides, _) = least_rect(contour)
    if at_edge((x + origin[0], y + origin[1], w, h), photo) or not _tile_shaped(sides):
        return
    size = _BAY * min(sides)
    pad = round(size)
    box = (slice(max(0, y - pad), y + h + pad), slice(max(0, x - pad), x + w + pad))
    crop = found[box]
    # (Closed where the bays are a few pixels wide: a large disc costs as much as its area.)
    shrink = min(1.0, _BAY_PIXELS / size)
    small = cv2.resize(crop, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (_BAY_PIXELS, _BAY_PIXELS))
    closed = cv2.resize(
        cv2.morphologyEx(small, cv2.MORPH_CLOSE, disc), (crop.shape[1], crop.shape[0])
    )
    closed = np.where(closed > 127, 255, crop).astype(np.uint8)
    inside = contour[0][0] - np.array([box[1].start, box[0].start])
    for outline in cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        if cv2.pointPolygonTest(outline, (float(inside[0]), float(inside[1])), False) < 0:
            continue
        (_, around, _) = least_rect(outline)
        larger = around[0] * around[1] > _NO_LARGER * sides[0] * sides[1]
        if filled(outline) >= _FACE_FILL and _tile_shaped(around) and not larger:
            cv2.drawContours(crop, [outline], -1, 255, cv2.FILLED)
        return


def _filled(mask: NDArray[np.bool_]) -> Image:
    """``mask``'s patches (255), opened a little (a thread left between two parts is none),
    their holes filled."""
    opened = cv2.morphologyEx(
        mask.astype(np.uint8) * 255, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)
    )
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = np.zeros(opened.shape, np.uint8)
    cv2.drawContours(found, contours, -1, 255, cv2.FILLED)
    return found


def _tile_shaped(sides: Sequence[float]) -> bool:
    """Whether a least rectangle of ``sides`` has a single tile's shape."""
    return ASPECT[0] <= max(sides) / max(min(sides), 1.0) <= ASPECT[1]


def _unwisped(found: Image, photo: tuple[int, ...]) -> Image:
    """``found`` opened by a disc :data:`_WISP` of the photo's short side wide: the thin
    wisps of a glossy table's reflection still joined to the tiles' edge are cut off them (a
    tile's face is several times wider; the wisps then run alone to the photo's edge)."""
    size = max(3, round(_WISP * min(photo[:2]))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    opened: Image = cv2.morphologyEx(found, cv2.MORPH_OPEN, disc)
    return opened


def _tiles_only(found: Image, origin: tuple[int, int], photo: tuple[int, ...]) -> Image:
    """``found`` (a crop at ``origin`` of a photo ``photo`` high and wide) less its ragged
    patches running past the photo's edge: the lit table's own light, not a tile's face."""
    contours, _ = cv2.findContours(found, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    kept = np.zeros(found.shape, np.uint8)
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        edge = at_edge((x + origin[0], y + origin[1], w, h), photo)
        if not edge or filled(contour) >= _TILE_FILL:
            cv2.drawContours(kept, [contour], -1, 255, cv2.FILLED)
    return kept


def at_edge(box: Sequence[int], photo: tuple[int, ...]) -> bool:
    """Whether ``box`` (left, top, width, height in the photo) reaches the edge of a photo
    ``photo`` high and wide."""
    left, top, w, h = box
    return min(left, top) == 0 or left + w == photo[1] or top + h == photo[0]


def patches(faces: Image, least: float, origin: tuple[int, int] = (0, 0)) -> list[Image]:
    """Each patch of faces big enough to be a tile, as its outline (``faces``: a box of the
    photo with its corner at ``origin``, the outlines in the photo's pixels)."""
    contours, _ = cv2.findContours(faces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=origin)
    big = sorted((c for c in contours if cv2.contourArea(c) >= least), key=cv2.contourArea)
    return big[-_MOST_PATCHES:]  # (a checked cloth's light squares: the tiles are the largest)


def filled(outline: Image) -> float:
    """How much of its least rectangle an outline fills (1.0: a rectangle)."""
    (_, (w, h), _) = least_rect(outline)
    return float(cv2.contourArea(outline)) / max(w * h, 1.0)
