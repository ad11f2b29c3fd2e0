"""Tiles and their pips in a photo (OpenCV and numpy; no hub state).

The way it reads, in order:

1. **The faces.** The photo is shrunk to at most :data:`WORK_SIDE` pixels. A tile's face is
   light and nearly grey (white or ivory); a table is darker or coloured. Otsu's threshold on
   lightness less chroma splits them (on a light table, lightness beside the table's own
   light); holes (pips, bars) are filled. A patch mostly holes running on past the photo's
   edge is a textured cloth's light squares: split again over its light pixels alone.
2. **One tile each.** Touching tiles come apart at the groove their rounded edges make
   between their faces (each face measured against its own light); a patch whose grooves do
   not show is cut where a dark seam crosses it from side to side or where its outline dips in
   at both ends (two tiles' rounded corners meeting), until every piece is a
   quadrilateral (perspective) twice as long as it is wide. One that will not come apart is
   said, not guessed (so is a staggered row of tiles side by side, whose patch has a tile's
   shape and its middle seam a bar).
3. **Its halves.** Each tile is turned upright into a fixed size; its bar is the darkest line
   across its middle (a line, a groove, with or without a brass spinner: all ignored).
4. **Its pips.** Against the face's own light (a closing of the lightness, so shadows do not
   count) a pip is darker or more coloured; round blobs inside the face's own box (the cut
   reaches a little past it) are counted, a blob of two merged pips
   as two, and a faint or small blob makes the count uncertain rather than wrong: each half
   gives its likely counts with likelihoods, for :func:`engine.photo_hand.settle` to decide.
   A half whose pips the cut's edge cuts (the cut sits off its tile), or whose pips are of
   two sizes (a neighbour's among them), gives every count as likely enough to be asked.

5. **A phone held at a slant.** A tile foreshortened past a tile's shape (squat along the
   slant, too long across it, sheared aslant) and left unread is read on its own as a camera
   looking straight down would have seen it (:mod:`hubd.vision.slant`); a photo whose tiles
   did not come apart, or with a tile read neither half of which is sure, whose pips tell of a
   slant, is read whole so.

Step 1 is :mod:`hubd.vision.faces`, step 2 :mod:`hubd.vision.cutting` (with
:mod:`hubd.vision.seams` and :mod:`hubd.vision.shapes`) and :mod:`hubd.vision.patch_tiles`
(each patch's decisions), steps 3 and 4
:mod:`hubd.vision.cutout` and :mod:`hubd.vision.pips`; this module puts them together and
decides what is said rather than read.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from engine.photo_hand import HalfGuess, SeenTile
from hubd.vision.cutout import cut_out, levelled
from hubd.vision.faces import faces, patches, relief, whiteness
from hubd.vision.patch_tiles import (
    Looks,
    as_stuck,
    cut_patch,
    inked,
    lone_tiles,
    on_border,
    one_tile,
    side_by_side,
    with_bar,
)
from hubd.vision.pips import read_halves
from hubd.vision.seen import TileSeen
from hubd.vision.shapes import Floats, Image, least_rect, quad_of, sides, sized
from hubd.vision.sizes import fitted
from hubd.vision.slant import (
    painted_over,
    pips_stretch,
    read_lengthened,
    read_on_its_own,
    slanted_faces,
    whole_faces,
)

WORK_SIDE = 1000  # the photo's longer side while reading, pixels
_MIN_FACE = 0.0004  # a face smaller than this share of the photo is a speck
_UNREAD = 1.3  # a patch left unread this many tiles' area or more is tiles that did not come apart
_SIDES = 1.35  # a tile read, its side seen beside it, takes up to this many tiles' area
_CLOTH = 25  # a photo whose faces are this many patches or more lies on a checked cloth (its
# light squares): it is not read again as seen from above (see _read_from_above)
_SURE = 0.5  # a half whose likeliest count is less likely is unsure
_ROW_FILL = 0.93  # a row of tiles side by side fills this share of its quadrilateral at the
# least (rounded corners, a side seen beside it); staggered, less


class PhotoUnreadable(ValueError):
    """The photo cannot be read: the message says why, in words for the player."""


_NOTHING = "No tiles found: lay the tiles face up on a darker table and fill the photo with them."


class _NoTiles(PhotoUnreadable):
    """Nothing in the photo was read as a tile."""


class _Outside(PhotoUnreadable):
    """A tile seems to lie partly outside the photo."""


class _Stuck(PhotoUnreadable):
    """Pieces of the photo of more than a tile's size would not come apart into tiles."""


class _Staggered(_Stuck):
    """As :class:`_Stuck`, a staggered row of tiles side by side among them (cut evenly, its
    seams askew to the cuts, it is read wrong: said, and not read again as seen from above)."""


def read_photo(photo: Image, highest: int = 15) -> list[TileSeen]:
    """Every tile in ``photo`` (BGR), with its halves' likely counts up to ``highest``.

    A patch of face left unread for its shape alone, foreshortened by a phone held at a slant,
    is read on its own as a camera looking straight down would have seen it (see
    :mod:`hubd.vision.slant`); where the reading failed, the rest is read again without it.
    Where all that reads nothing or is said, the photo is read as on a light plain table. Where
    that fails for tiles stuck together, or reads a tile with both its halves unsure, and the
    pips tell of a slant, the whole photo is read as seen from above (see
    :func:`read_lengthened`), kept where it reads more tiles.
    """
    if photo.ndim != 3 or photo.shape[2] != 3 or min(photo.shape[:2]) < 32:
        raise PhotoUnreadable("The picture is too small to read.")
    try:
        seen = _read_as_taken(photo, highest)
    except _Staggered:
        raise
    except _Stuck:
        # (Where no tile was found at all, one read so is a guess: a ten-tile hand at a slant
        # was read as two tiles, one settled wrong with the set alone.)
        found = _read_from_above(photo, highest, 0)
        if found is None:
            raise
        return found
    if not any(_unsure(tile.tile.first) and _unsure(tile.tile.second) for tile in seen):
        return seen
    # A tile neither half of which is sure: perhaps parts of two tiles, a row of tiles at a
    # slant taken for fewer tiles or for one (a half unsure alone is a pip in doubt: read
    # again, 20 of 33 such photos at a slant read no more tiles, each costing a reading).
    found = _read_from_above(photo, highest, len(seen))
    return seen if found is None else found


def _unsure(half: HalfGuess) -> bool:
    """Whether a half's likeliest count is less likely than :data:`_SURE`."""
    return max(likely for _, likely in half.options) < _SURE


def _read_from_above(photo: Image, highest: int, more_than: int) -> list[TileSeen] | None:
    """The photo's tiles read at the work size with its height lengthened as its pips tell
    (see :func:`read_lengthened`), where they are more than ``more_than``; else None. Not on a
    checked cloth: its squares cost as much to cut again as tiles (read again, such photos of
    camera_bench took up to four times the CPU, and none read better)."""
    scale, small = _shrunk(photo)
    score = whiteness(small)
    mask = faces(score, None)
    if len(patches(mask, _MIN_FACE * score.size)) >= _CLOTH:
        return None  # (read again, each of a checked cloth's squares would be cut again)
    stretch, tiles_only = pips_stretch(small, score, mask)
    if stretch is None:
        return None
    found = read_lengthened(
        tiles_only, stretch, lambda longer: _read_or_none(longer, highest), more_than
    )
    if found is None:
        return None
    return [TileSeen(tile.tile, (tile.centre[0] / scale, tile.centre[1] / scale)) for tile in found]


def _read_or_none(photo: Image, highest: int) -> list[TileSeen] | None:
    """A photo read as it is, the lit table's reading left out and no patch read on its own
    (at the stretch it is read at, none is foreshortened), None where it cannot be."""
    try:
        return _read_as_seen(photo, *_shrunk(photo), None, highest, lit_table_too=False)
    except PhotoUnreadable:
        return None


def _read_as_taken(photo: Image, highest: int) -> list[TileSeen]:
    """:func:`read_photo` of the photo as the phone took it."""
    unread: PhotoUnreadable | None = None
    scale, small = _shrunk(photo)
    score = whiteness(small)
    try:
        seen = _read_as_seen(photo, scale, small, score, highest)
    except (_NoTiles, _Stuck) as problem:
        seen, unread = [], problem
    except PhotoUnreadable as said:
        return _on_light_table(photo, scale, small, highest, said)
    read_alone = []  # each patch read on its own, as seen from above: its outline and tile
    for outline, stretch in slanted_faces(score, scale, seen, _MIN_FACE * score.size):
        outline = (outline / scale).astype(np.int32)
        tiles = read_on_its_own(photo, outline, stretch, lambda cut: _read_quietly(cut, highest))
        read_alone += [(outline, tile) for tile in tiles]
    if unread is not None and read_alone:
        seen = _read_rest(photo, [outline for outline, _ in read_alone], unread, highest)
    seen += [tile for _, tile in read_alone]
    if not seen:
        return _on_light_table(photo, scale, small, highest, unread or _NoTiles(_NOTHING))
    return seen


def _on_light_table(
    photo: Image, scale: float, small: Image, highest: int, said: PhotoUnreadable
) -> list[TileSeen]:
    """The photo read as on a light plain table (a grey cloth, light wood, a white laminate:
    see :func:`relief`), the faces what is lighter than the table around them, where every
    other reading failed (``said``, raised where this one fails too or the table is dark)."""
    lightness = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[:, :, 0]
    table = relief(small, lightness)
    if table is None:
        raise said
    try:
        return _read(Looks(photo, scale), table, lightness, highest, lit_table=False)
    except PhotoUnreadable:
        raise said from None


def _read_rest(
    photo: Image, read_alone: list[Image], unread: PhotoUnreadable, highest: int
) -> list[TileSeen]:
    """The tiles of a photo whose reading failed (``unread``) beside the patches read on their
    own (``read_alone``, outlines in the photo's pixels): the photo read again with those
    patches painted over. Where that fails too, as the photo did, it is said as it was."""
    rest = painted_over(photo, read_alone)
    try:
        return _read_as_seen(rest, *_shrunk(rest), None, highest)
    except _NoTiles:
        return []
    except _Outside:
        # With no face left, the table's light part taken for one running past the edge.
        score = whiteness(_shrunk(rest)[1])
        if any(whole_faces(score, _MIN_FACE * score.size)):
            raise unread from None
        return []
    except PhotoUnreadable:
        raise unread from None


def _read_quietly(cut: Image, highest: int) -> list[TileSeen]:
    """The tiles in a cut round one patch of face, [] where it cannot be read (the lit
    table's reading is not tried: the cut is mostly the patch)."""
    try:
        return _read_as_seen(cut, *_shrunk(cut), None, highest, lit_table_too=False)
    except PhotoUnreadable:
        return []


def _shrunk(photo: Image) -> tuple[float, Image]:
    """The photo at the work size, and its scale."""
    scale = min(1.0, WORK_SIDE / max(photo.shape[:2]))
    return scale, cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def _read_as_seen(
    photo: Image,
    scale: float,
    small: Image,
    score: Image | None,
    highest: int,
    lit_table_too: bool = True,
) -> list[TileSeen]:
    """:func:`read_photo` of the photo as it is (``small``: at the work size, ``scale`` times
    the photo; ``score``: its whiteness, if known).

    Where nothing is read (and ``lit_table_too``), the photo is read once more taking a plain
    table lit brighter on one side for table (see :func:`faces`): one threshold over the photo
    can take its light half with the tiles, one patch of a tile's shape running past the
    photo's edge.
    """
    score = whiteness(small) if score is None else score
    lightness = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[:, :, 0]
    looks = Looks(photo, scale)  # (the second reading's pieces cut out once with the first's)
    try:
        return _read(looks, score, lightness, highest, lit_table=False)
    except _NoTiles:
        if not lit_table_too:
            raise
        return _read(looks, score, lightness, highest, lit_table=True)


def _read(
    looks: Looks, score: Image, lightness: Image, highest: int, lit_table: bool
) -> list[TileSeen]:
    """:func:`read_photo` from the photo's whiteness ``score`` and ``lightness`` at the work
    size, taking a large patch of light at the photo's edge for table or not."""
    photo, scale = looks.photo, looks.scale
    least = _MIN_FACE * score.shape[0] * score.shape[1]
    mask = faces(score, None, lit_table=lit_table)
    outlines = patches(mask, least)
    cuts = [one_tile(looks, outline, cut_patch(score, lightness, outline, least, None))
            for outline in outlines]  # fmt: skip
    # Each patch: a row of tiles taken for one and staggered (see side_by_side): said.
    rows = [side_by_side(looks, found) for found, _ in cuts]
    staggered = [row and cv2.contourArea(outline) < _ROW_FILL * cv2.contourArea(quad_of(outline))
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
            by_height, _ = cut_patch(score, lightness, outline, least, guess)
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
            again = cut_patch(score, lightness, outline, least, width)
            if len(again[1]) <= len(apart):
                found, apart = again
        tiles += found
        blocks += [(area, width) for area in apart]
        x, y, w, h = cv2.boundingRect(outline)
        runs_off.append(min(x, y) <= 0 or x + w >= score.shape[1] or y + h >= score.shape[0])
        origin += [len(runs_off) - 1] * len(found)
    seen, shorts, cut_off = [], [], []
    outside = 0
    read_from: Counter[int] = Counter()  # tiles read in each patch
    for corners, patch in zip(tiles, origin, strict=True):
        trim, upright, ink = looks.at(corners)  # pips read at the photo's own size
        face = levelled(photo, trim, ink)  # (its cut turned square on its face)
        halves = read_halves(
            upright if face is trim else cut_out(photo, face),
            highest,
            in_row=origin.count(patch) > 1,
            ink=ink if face is trim else None,
        )
        if halves is None:
            continue  # no bar across its middle: a napkin, a card, a patch of light
        read_from[patch] += 1
        cx, cy = face.mean(axis=0)
        short = sides(face)[0] * scale
        tile = TileSeen(SeenTile(*halves), (float(cx), float(cy)))
        # A tile at the photo's edge whose face runs along it for half its width or more is
        # cut off there (a whole one touches it with a rounded corner or a sliver of its
        # end): a part of it is off the photo, and its count would be a guess.
        seen.append(tile)
        shorts.append(short if sizes is None else short / sizes.at(cx * scale, cy * scale))
        cut_off.append(runs_off[patch] and on_border(mask, face * scale) >= 0.5 * short)
    if shorts:  # one set's tiles are one size: a much smaller or larger "tile" is something else
        # (each tile's size beside the size where it lies, or beside their median)
        usual = float(np.median(shorts)) if sizes is None else sizes.median
        relative = [short / usual for short in shorts] if sizes is None else shorts
        kept = [0.6 <= size <= 1.6 for size in relative]
        outside = sum(1 for keep, off in zip(kept, cut_off, strict=True) if keep and off)
        seen = [tile for tile, keep, off in zip(seen, kept, cut_off, strict=True)
                if keep and not off]  # fmt: skip
        stuck = sum(1 for area, there in blocks if area >= 1.5 * 2 * (there or usual) ** 2)
        # A part of a tile at the photo's edge, too short to be read as one: as convex as a
        # tile (a patch of lit cloth is ragged) and a good share of one.
        outside += sum(
            1
            for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True))
            if off
            and patch not in read_from
            and cv2.contourArea(outline) >= 0.25 * 2 * usual * usual
            and cv2.contourArea(outline) >= 0.9 * cv2.contourArea(cv2.convexHull(outline))
        )
        # A patch of face inside the photo larger by more than a tile than the tiles read in
        # it (their sides seen beside them, up to a third more), and inked (pips, bars: no
        # napkin, no lamp's glare), holds tiles that did not come apart (one's end against
        # another's side): said, not left out of the hand.
        for patch, (outline, off) in enumerate(zip(outlines, runs_off, strict=True)):
            there = usual if sizes is None else sizes.at(*least_rect(outline)[0])
            tiles_there = cv2.contourArea(outline) / (2 * there * there)
            if not off and tiles_there >= read_from[patch] * _SIDES + _UNREAD:
                stuck += inked(score, outline)
    else:
        stuck = len(blocks)
    if outside:
        raise _Outside(
            "A tile lies partly outside the photo: take it again with every tile inside it."
        )
    if stuck:
        raise (_Staggered if any(staggered) else _Stuck)(
            "Some tiles lie too close or on top of each other to tell apart: "
            "lay them face up, a little apart, and take the photo again."
        )
    if not seen:  # nothing with a bar: a lone tile whose bar is faint, read as one
        seen = lone_tiles(photo, scale, outlines, highest)
    if not seen:
        raise _NoTiles(_NOTHING)
    return seen
