"""One reading of a photo at the work size: its patches of face cut into tiles, each tile's
halves read, and what cannot be read said (tiles stuck together, a tile partly outside).

Steps 2 to 4 of :mod:`hubd.vision.reader`, for one way of finding the faces; the reader
decides which ways are tried and what is read again.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from engine.photo_hand import SeenTile
from hubd.vision.cutout import cut_out, ink_of, levelled
from hubd.vision.faces import patches
from hubd.vision.patch_tiles import (
    Looks,
    as_stuck,
    inked,
    left_unread,
    lone_tiles,
    on_border,
    one_tile,
    side_by_side,
    table_joined,
    with_bar,
)
from hubd.vision.pips import read_halves
from hubd.vision.said import (
    NOTHING,
    OUTSIDE,
    TOO_CLOSE,
    NoTiles,
    Outside,
    Staggered,
    Stuck,
)
from hubd.vision.seen import TileSeen, unread_tile
from hubd.vision.shapes import Floats, Image, least_rect, quad_of, sides, sized
from hubd.vision.sides import to_its_bar
from hubd.vision.sizes import fitted
from hubd.vision.squares import weighed

MIN_FACE = 0.0004  # a face smaller than this share of the photo is a speck
_UNREAD = 1.3  # a patch left unread this many tiles' area or more is tiles that did not come apart
_SIDES = 1.35  # a tile read, its side seen beside it, takes up to this many tiles' area
_ROW_FILL = 0.93  # a row of tiles side by side fills this share of its quadrilateral at the
# least (rounded corners, a side seen beside it); staggered, less
_TABLE_SIZED = 1 / 3  # a patch running past the photo's edge over this share of it is table


def read_faces(looks: Looks, mask: Image, highest: int, unread_too: bool = False) -> list[TileSeen]:
    """The tiles in the photo's patches of face (``mask``, at the work size: see
    :func:`faces`), each cut into its tiles and read (``looks``: the photo, its whiteness and
    lightness at the work size); what cannot be read is said (see :mod:`hubd.vision.said`).
    With ``unread_too``, a tile found beside those read but not read itself is among them,
    unread (see :func:`left_unread`), for the hand to ask which tile it is."""
    photo, scale, score = looks.photo, looks.scale, looks.score
    least = MIN_FACE * score.shape[0] * score.shape[1]
    # (A white table whiter than the faces is taken whole by their whiteness, the tiles in it:
    # cut, it cost a third of a second and read nothing; a tile cut off is a tile's size.)
    outlines = [outline for outline in patches(mask, least) if not _table_sized(outline, mask)]
    cuts = [one_tile(looks, outline, looks.cut(outline, least, None)) for outline in outlines]
    # Each patch: a row of tiles taken for one and staggered (see side_by_side): said.
    rows = [side_by_side(looks, found) for found, _ in cuts]
    staggered = [row and cv2.contourArea(outline)
                 < _ROW_FILL * cv2.contourArea(quad_of(outline, by_sides=True))
                 for outline, row in zip(outlines, rows, strict=True)]  # fmt: skip
    cuts = [as_stuck(cut) if row else cut for cut, row in zip(cuts, rows, strict=True)]
    # The tiles' size, from the pieces with a bar (a scrap of table or cloth has none).
    barred = [seen for found, _ in cuts for seen in with_bar(looks, found)]
    if not barred:
        # No piece has a bar: every tile lies in rows cut too coarsely (their seams faint). A
        # row of tiles side by side is as wide as a tile is long: its patch's short side is
        # twice the tiles' width, and cut so, its pieces show their bars.
        for outline, askew in zip(outlines, staggered, strict=True):
            if askew:
                continue  # (cut by its height, it is cut evenly: see side_by_side)
            guess = min(least_rect(outline)[1]) / 2
            by_height, _ = looks.cut(outline, least, guess)
            barred += with_bar(looks, by_height)
    sizes = fitted(barred)
    tiles: list[Floats] = []
    blocks: list[tuple[float, float | None]] = []  # each stuck piece's area, the size there
    origin: list[int] = []  # each tile's patch
    runs_off: list[bool] = []  # each patch's
    for outline, (found, apart), askew in zip(outlines, cuts, staggered, strict=True):
        width = None if sizes is None else sizes.at(*least_rect(outline)[0])
        # Cut again by the size where a piece is not a tile's size or tiles stuck (a patch or
        # a stuck piece smaller than a tile, a checked cloth's square, is not looked at twice;
        # a tile lying along a strong slant is foreshortened to two thirds of its area; a
        # staggered row is not cut evenly, see side_by_side).
        if (
            width is not None
            and not askew
            and cv2.contourArea(outline) >= 0.8 * width * width
            and (
                any(area >= 0.8 * width * width for area in apart)
                or any(not sized(sides(c)[0], width) for c in found)
            )
        ):
            again = looks.cut(outline, least, width)
            if len(again[1]) <= len(apart):
                found, apart = again
        tiles += found
        blocks += [(area, width) for area in apart]
        x, y, w, h = cv2.boundingRect(outline)
        runs_off.append(min(x, y) <= 0 or x + w >= score.shape[1] or y + h >= score.shape[0])
        origin += [len(runs_off) - 1] * len(found)
    seen, shorts, cut_off = [], [], []
    read_pieces = []  # the pieces read as tiles (see Looks.read)
    read_patch: list[int] = []  # each one's patch
    read_in: list[list[Floats]] = [[] for _ in outlines]  # each patch's pieces read
    outside = 0
    read_from: Counter[int] = Counter()  # tiles read in each patch
    for corners, patch in zip(tiles, origin, strict=True):
        trim, upright, ink = looks.at(corners)  # pips read at the photo's own size
        face = levelled(photo, trim, ink)  # (its cut turned square on its face)
        in_row = origin.count(patch) > 1
        face_cut = upright if face is trim else cut_out(photo, face)
        face_ink = ink if face is trim else None
        halves = read_halves(face_cut, highest, in_row=in_row, ink=face_ink)
        if halves is None and in_row:  # (a piece cut from a row is a tile by its shape and
            # the seams either side: its bar may be as faint as a lone tile's, see lone_tiles)
            halves = read_halves(face_cut, highest, in_row=True, faint=True, ink=face_ink)
        if halves is None and in_row:  # (its bar past its middle: the cut with its side)
            moved = to_its_bar(photo, face, ink_of(face_cut) if face_ink is None else face_ink)
            if moved is not None:
                face = moved
                halves = read_halves(cut_out(photo, face), highest, in_row=True)
        if halves is None:
            continue  # no bar across its middle: a napkin, a card, a patch of light
        read_from[patch] += 1
        read_pieces.append(corners)
        read_patch.append(patch)
        read_in[patch].append(corners)
        cx, cy = face.mean(axis=0)
        short = sides(face)[0] * scale
        tile = TileSeen(SeenTile(*halves), (float(cx), float(cy)))
        # A tile at the photo's edge whose face runs along it for half its width or more is
        # cut off there (a whole one touches it with a rounded corner or a sliver of its
        # end): a part of it is off the photo, and its count would be a guess.
        seen.append(tile)
        shorts.append(short if sizes is None else short / sizes.at(cx * scale, cy * scale))
        cut_off.append(runs_off[patch] and on_border(mask, face * scale) >= 0.5 * short)
    seen = weighed(read_pieces, read_patch, seen, looks.at, highest)
    if shorts:  # one set's tiles are one size: a much smaller or larger "tile" is something else
        # (each tile's size beside the size where it lies, or beside their median)
        usual = float(np.median(shorts)) if sizes is None else sizes.median
        relative = [short / usual for short in shorts] if sizes is None else shorts
        kept = [0.6 <= size <= 1.6 for size in relative]
        outside = sum(1 for keep, off in zip(kept, cut_off, strict=True) if keep and off)
        seen = [tile for tile, keep, off in zip(seen, kept, cut_off, strict=True)
                if keep and not off]  # fmt: skip
        kept_in: list[list[Floats]] = [[] for _ in outlines]  # each patch's tiles kept
        for corners, patch, keep, off in zip(read_pieces, read_patch, kept, cut_off, strict=True):
            if keep and not off:
                kept_in[patch].append(corners)
        stuck = sum(1 for area, there in blocks if area >= 1.5 * 2 * (there or usual) ** 2)
        # A part of a tile at the photo's edge, too short to be read as one: as convex as a
        # tile (a patch of lit cloth is ragged), a good share of one, and inked (a glossy
        # table's reflection running off the edge is as convex, and bare).
        outside += sum(
            1
            for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True))
            if off
            and patch not in read_from
            and cv2.contourArea(outline) >= 0.25 * 2 * usual * usual
            and cv2.contourArea(outline) >= 0.9 * cv2.contourArea(cv2.convexHull(outline))
            and inked(score, outline)
        )
        # A patch of face inside the photo larger by more than a tile than the tiles read in
        # it (their sides seen beside them, up to a third more), and inked (pips, bars: no
        # napkin, no lamp's glare), holds tiles that did not come apart (one's end against
        # another's side): said, not left out of the hand.
        # One running past the photo's edge so, tiles read in it, holds a tile cut off or a
        # glossy table's lit part joined to the tiles (see reader._read_as_seen). What is
        # table joined to the tiles read, bare and dim (a window's reflection), is not weighed.
        for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True)):
            there = usual if sizes is None else sizes.at(*least_rect(outline)[0])
            area = cv2.contourArea(outline)
            tiles_there = area / (2 * there * there)
            if tiles_there >= read_from[patch] * _SIDES + _UNREAD:
                area -= table_joined(score, outline, read_in[patch], there)
                tiles_there = area / (2 * there * there)
            if tiles_there < read_from[patch] * _SIDES + _UNREAD:
                continue
            if not off:
                stuck += inked(score, outline)
            elif read_from[patch]:
                outside += 1
    else:
        stuck = len(blocks)
    if outside:
        raise Outside(OUTSIDE)
    if stuck:
        raise (Staggered if any(staggered) else Stuck)(TOO_CLOSE)
    if not seen:  # nothing with a bar: a lone tile whose bar is faint, read as one
        seen = lone_tiles(photo, scale, outlines, highest)
    if not seen:
        raise NoTiles(NOTHING)
    if unread_too and shorts:
        # A tile beside those read, left unread (cut short, its bar not found, taken with a
        # neighbour's piece): asked, not left out of the hand.
        for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True)):
            there = usual if sizes is None else sizes.at(*least_rect(outline)[0])
            if not off:
                unread = left_unread(score, outline, kept_in[patch], there)
                seen += [unread_tile((float(x) / scale, float(y) / scale), highest)
                         for x, y in unread]  # fmt: skip
    looks.read = read_pieces
    return seen


def _table_sized(outline: Image, mask: Image) -> bool:
    """Whether a patch of ``mask`` (its ``outline``) runs past the photo's edge and covers over
    :data:`_TABLE_SIZED` of it: table, not tiles."""
    x, y, w, h = cv2.boundingRect(outline)
    height, width = mask.shape
    off = min(x, y) <= 0 or x + w >= width or y + h >= height
    return bool(off) and float(cv2.contourArea(outline)) > _TABLE_SIZED * height * width
