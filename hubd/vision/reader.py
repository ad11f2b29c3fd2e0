"""Tiles and their pips in a photo (OpenCV and numpy; no hub state).

The way it reads, in order:

1. **The faces.** The photo is shrunk to at most :data:`WORK_SIDE` pixels. A tile's face is
   light and nearly grey (white or ivory); a table is darker or coloured. Otsu's threshold on
   lightness less chroma splits them (on a light table, lightness beside the table's own
   light, or the dark rim closed round each face); holes (pips, bars) are filled. A patch
   mostly holes running on past the photo's edge is a textured cloth's light squares: split
   again over its light pixels alone; one running past it less a glossy table's reflection
   joined to the tiles, dimmer than the faces beside it (:mod:`hubd.vision.reflection`). On a
   patterned cloth (its light part many patches), the whiteness is first evened out by the
   light its dark part tells, and the faces are the lightest of its three parts
   (:mod:`hubd.vision.cloth`).
2. **One tile each.** Touching tiles come apart at the groove their rounded edges make
   between their faces (each face measured against its own light; a row side by side at a
   slant comes apart into faces longer than a tile's shape, each one tile; rows touching in a
   block, at grooves narrower than the pips their whole faces tell of; at a strong slant, a
   bare band of their sides as wide as half a face is none, and the faces beside it may be
   longer than a tile's shape); a patch whose
   grooves do not show is cut where a dark seam crosses it from side to side or where its
   outline dips in at both ends (two tiles' rounded corners meeting), until every piece is a
   quadrilateral (perspective) twice as long as it is wide. One that will not come apart is
   said, not guessed (so is a staggered row of tiles side by side, whose patch has a tile's
   shape and its middle seam a bar). Two tiles read side by side make a square, cut the
   other way too: where that cut's bars are thin lines far more inked than the pieces' own,
   the pieces were two tiles' halves either side of a groove taken for a bar
   (:mod:`hubd.vision.squares`).
3. **Its halves.** Each tile is turned upright into a fixed size; its bar is the darkest line
   across its middle (a line, a groove, with or without a brass spinner: all ignored). A cut
   that leans on its face (its side seen beside it), its bar climbing across it, is sheared
   level along the bar first, so that the pips beside the bar are not taken for it.
4. **Its pips.** Against the face's own light (a closing of the lightness, so shadows do not
   count) a pip is darker or more coloured; round blobs inside the face's own box (the cut
   reaches a little past it) are counted, a blob of two merged pips
   as two, and a faint or small blob makes the count uncertain rather than wrong: each half
   gives its likely counts with likelihoods, for :func:`engine.photo_hand.settle` to decide.
   A half whose pips the cut's edge cuts (the cut sits off its tile), or whose pips are of
   two sizes (a neighbour's among them), gives every count as likely enough to be asked.
   A part of the faces beside the tiles read, of a tile's size and inked (or as light as
   their faces), is a tile found but not read (cut short, its bar not found, taken with a
   neighbour's piece): it is among the tiles, every count unlikely, and the hand asks which
   tile it is rather than leave it out without a word.

5. **A phone held at a slant.** A tile foreshortened past a tile's shape (squat along the
   slant, too long across it, sheared aslant) and left unread is read on its own as a camera
   looking straight down would have seen it (:mod:`hubd.vision.slant`); a photo said for
   tiles that did not come apart, or with a tile read neither half of which is sure
   or squatter than a tile once the slant is undone, whose pips tell of a slant, is read
   whole so.

Step 1 is :mod:`hubd.vision.faces`, step 2 :mod:`hubd.vision.cutting` (with
:mod:`hubd.vision.seams`, :mod:`hubd.vision.cores` and :mod:`hubd.vision.shapes`) and
:mod:`hubd.vision.patch_tiles` (each patch's decisions), steps 3 and 4
:mod:`hubd.vision.cutout` and :mod:`hubd.vision.pips`; :mod:`hubd.vision.one_reading` puts
steps 2 to 4 together for one way of finding the faces, and says what it cannot read
(:mod:`hubd.vision.said`). This module decides which ways are tried, and what is read again;
what they measure on the photo is measured once (:mod:`hubd.vision.at_work_size`).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from engine.photo_hand import HalfGuess
from hubd.vision.at_work_size import WORK_SIDE, AtWorkSize, share
from hubd.vision.faces import faces, patches, rimmed
from hubd.vision.one_reading import read_faces
from hubd.vision.patch_tiles import Looks
from hubd.vision.said import NOTHING, NoTiles, Outside, PhotoUnreadable, Stuck
from hubd.vision.seen import TileSeen, is_unread
from hubd.vision.shade import in_the_shade
from hubd.vision.shapes import Image
from hubd.vision.slant import (
    painted_over,
    read_lengthened,
    read_on_its_own,
    slanted_faces,
    squat_from_above,
    tiles_only,
    whole_faces,
)

__all__ = ["WORK_SIDE", "PhotoUnreadable", "read_photo"]

_SURE = 0.5  # a half whose likeliest count is less likely is unsure
_TABLE_TAKEN, _MORE = 0.2, 1.5  # on a light table, faces by whiteness over this share of the
# photo and this many times those by relief: the table's lit part taken for faces too
_TABLE_TOO = 0.05  # a patch running past the photo's edge over this share of it may be table
# taken with the tiles (a camera_bench tile is 4 % of its photo at most)
_ALONE = 2.0  # a patch read on its own is read at this many times the work scale at the most
# (a phone's full photo is read at 0.2-0.4: cut at its own size, a patch cost a whole reading)


def read_photo(photo: Image, highest: int = 15) -> list[TileSeen]:
    """Every tile in ``photo`` (BGR), with its halves' likely counts up to ``highest``.

    A patch of face left unread for its shape alone, foreshortened by a phone held at a slant,
    is read on its own as a camera looking straight down would have seen it (see
    :mod:`hubd.vision.slant`); where the reading failed, the rest is read again without it.
    Where all that reads nothing or is said, the photo is read as on a light plain table. Where
    that fails for tiles stuck together, or reads a tile with both its halves unsure, and the
    pips tell of a slant, the whole photo is read as seen from above (see
    :func:`read_lengthened`), kept where it reads more tiles. On a light table whose lit part
    the faces by whiteness take in, it is read by relief, by the faces' own colour and by rims
    too, each kept where it reads more. Faces in the table's shade beyond the tiles read are
    looked for by their relief (see :mod:`hubd.vision.shade`).
    """
    if photo.ndim != 3 or photo.shape[2] != 3 or min(photo.shape[:2]) < 32:
        raise PhotoUnreadable("The picture is too small to read.")
    taken = AtWorkSize(photo)
    return (seen := _read_all_ways(taken, highest)) + in_the_shade(taken, seen, highest)


def _read_all_ways(taken: AtWorkSize, highest: int) -> list[TileSeen]:
    """:func:`read_photo` at the work size, the shade not yet looked in (:func:`in_the_shade`)."""
    seen = _read_whole(taken, highest)
    if taken.relief is None or share(taken.faces) < max(_TABLE_TAKEN, _MORE * taken.lit_share):
        return seen
    # On a light table, faces by whiteness over much more of the photo than by relief: the
    # table's lit part taken with the tiles (a light falling across it, a lamp's glare), its
    # tiles cut out of it short or not at all. Read by relief, by the faces' own colour and by
    # rims too (see own_colour, rimmed), each kept where it reads more tiles.
    for again in (_lit_reading(taken, highest), _colour_reading(taken, highest)):
        seen = again if isinstance(again, list) and len(_read(again)) > len(_read(seen)) else seen
    by_rims = _rims_reading(taken, highest)
    return by_rims if by_rims is not None and len(_read(by_rims)) > len(_read(seen)) else seen


def _read_whole(taken: AtWorkSize, highest: int) -> list[TileSeen]:
    """:func:`read_photo` of the photo at the work size, the light table's reading not yet
    weighed against the others."""
    try:
        seen = _read_as_taken(taken, highest)
    except Stuck:
        # Tiles stuck together, or a row said to be staggered (at a slant, a straight row's
        # outline is stepped by its tiles' sides): read as seen from above, where the pips
        # tell of a slant, as many tiles the same but one a little more or less lengthened,
        # and a step further where that fails (see read_lengthened). (Where no tile was found
        # at all, one read so is a guess: two touching rows of five at a slant were read as
        # two tiles, a 5-6 and a 6-6, the same at two stretches, one settled wrong with the set
        # alone.)
        found = _read_from_above(taken, highest, 0, further=True)
        if found is None:
            raise
        return found
    read = _read(seen)  # (a tile found but not read is no tile read in doubt)
    if not any(
        _unsure(tile.tile.first) and _unsure(tile.tile.second) for tile in read
    ) and not squat_from_above(taken.looks.read, taken.slant):
        return seen
    # A tile neither half of which is sure, or one squatter than a tile seen from above:
    # perhaps parts of two tiles, a row of tiles at a slant taken for fewer tiles or for one
    # (a half unsure alone is a pip in doubt: read again, 20 of 33 such photos at a slant
    # read no more tiles, each costing a reading).
    found = _read_from_above(taken, highest, len(read))
    return seen if found is None else found


def _read(seen: list[TileSeen]) -> list[TileSeen]:
    """The tiles of ``seen`` read, those found but not read left out (see :func:`is_unread`)."""
    return [tile for tile in seen if not is_unread(tile)]


def _unsure(half: HalfGuess) -> bool:
    """Whether a half's likeliest count is less likely than :data:`_SURE`."""
    return max(likely for _, likely in half.options) < _SURE


def _read_from_above(
    taken: AtWorkSize, highest: int, more_than: int, further: bool = False
) -> list[TileSeen] | None:
    """The photo's tiles read at the work size with its height lengthened as its pips tell
    (see :func:`read_lengthened`; ``further``: and a step further where that fails), where
    they are more than ``more_than``; else None. Not on a patterned cloth: read again, such
    photos of camera_bench took up to four times the CPU, and none read better."""
    if taken.on_cloth:
        return None
    stretch = taken.slant
    if stretch is None:
        return None
    found = read_lengthened(
        tiles_only(taken.small, taken.score, taken.faces),
        stretch,
        lambda longer: _read_or_none(longer, highest),
        more_than,
        further,
    )
    if found is None:
        return None
    scale = taken.scale
    return [TileSeen(tile.tile, (tile.centre[0] / scale, tile.centre[1] / scale)) for tile in found]


def _read_or_none(photo: Image, highest: int) -> list[TileSeen] | None:
    """A photo read as it is, the lit table's reading left out and no patch read on its own
    (at the stretch it is read at, none is foreshortened), None where it cannot be."""
    try:
        return _read_as_seen(AtWorkSize(photo), highest, lit_table_too=False)
    except PhotoUnreadable:
        return None


def _read_as_taken(taken: AtWorkSize, highest: int) -> list[TileSeen]:
    """:func:`read_photo` of the photo as the phone took it."""
    unread: PhotoUnreadable | None = None
    photo, scale, score = taken.photo, taken.scale, taken.score
    try:
        seen = _read_as_seen(taken, highest)
    except (NoTiles, Stuck) as problem:
        seen, unread = [], problem
    except PhotoUnreadable as said:
        return _on_light_table(taken, highest, said)
    read_alone = []  # each patch read on its own, as seen from above: its outline and tile
    for outline, stretch in slanted_faces(
        score, scale, _read(seen), taken.least, taken.faces, taken.pips
    ):
        outline = (outline / scale).astype(np.int32)
        tiles = read_on_its_own(
            photo, outline, stretch, lambda cut: _read_quietly(cut, highest, _ALONE * scale)
        )
        read_alone += [(outline, tile) for tile in tiles]
    if unread is not None and read_alone:
        seen = _read_rest(photo, [outline for outline, _ in read_alone], unread, highest)
    # (A tile found but not read in a patch then read on its own is that patch's tile.)
    seen = [
        tile
        for tile in seen
        if not is_unread(tile)
        or not any(
            cv2.pointPolygonTest(outline, tile.centre, False) >= 0 for outline, _ in read_alone
        )
    ]
    seen += [tile for _, tile in read_alone]
    if not seen:
        return _on_light_table(taken, highest, unread or NoTiles(NOTHING))
    return seen


def _on_light_table(taken: AtWorkSize, highest: int, said: PhotoUnreadable) -> list[TileSeen]:
    """The photo read as on a light plain table (a grey cloth, light wood, a white laminate:
    see :func:`relief`), the faces what is lighter than the table around them or what is of
    their own colour (see :func:`own_colour`), whichever reads more tiles, else what their rims
    enclose, where every other reading failed (``said``, raised where these fail too or the
    table is dark)."""
    readings = [found for found in (_lit_reading(taken, highest), _colour_reading(taken, highest))
                if isinstance(found, list)]  # fmt: skip
    if readings:
        return max(readings, key=lambda found: len(_read(found)))
    if (by_rims := _rims_reading(taken, highest)) is None:
        raise said
    return by_rims


def _colour_reading(taken: AtWorkSize, highest: int) -> list[TileSeen] | PhotoUnreadable | None:
    """The photo read by the faces' own colour (see :func:`own_colour`), read once: its tiles,
    or why they could not be read; None where no face is of another colour than the table.
    The faces no lighter than the table, only of another colour (ivory under a warm light on
    white paper), are told so, and where relief finds some of them (a light falling off
    across the paper, a row of faces touching, lighter than the table only here and there),
    the faces' colour may find every one."""
    table = taken.own_colour
    if taken.relief is None or table is None:
        return None
    looks = Looks(taken.photo, taken.scale, table, taken.lightness)
    return _read_once(taken, "colour", looks, lambda: faces(table, None), highest)


def _rims_reading(taken: AtWorkSize, highest: int) -> list[TileSeen] | None:
    """The photo on a light plain table read by its faces' rims (see :func:`rimmed`), else
    None (a patterned cloth's light squares are rimmed too: no face told from them)."""
    if taken.relief is None or taken.on_cloth:
        return None
    rims = taken.lightness.image, taken.least
    found = _read_once(taken, "rims", taken.looks, lambda: rimmed(*rims), highest)
    return found if isinstance(found, list) else None


def _lit_reading(taken: AtWorkSize, highest: int) -> list[TileSeen] | PhotoUnreadable | None:
    """The photo read as on a light plain table (see :func:`relief`), read once: its tiles, or
    why they could not be read; None where the table is dark."""
    if taken.relief is None:
        return None
    looks = Looks(taken.photo, taken.scale, taken.relief, taken.lightness)
    return _read_once(taken, "relief", looks, lambda: taken.lit_faces, highest)


def _read_once(taken: AtWorkSize, way: str, looks: Looks, mask: Callable[[], Image],
               highest: int) -> list[TileSeen] | PhotoUnreadable:  # fmt: skip
    """The faces found one ``way`` (``mask``) read once a photo: its tiles, or why not."""
    if way not in taken.read_by:
        try:
            taken.read_by[way] = read_faces(looks, mask(), highest, unread_too=True)
        except PhotoUnreadable as said:
            taken.read_by[way] = said
    return taken.read_by[way]


def _read_rest(
    photo: Image, read_alone: list[Image], unread: PhotoUnreadable, highest: int
) -> list[TileSeen]:
    """The tiles of a photo whose reading failed (``unread``) beside the patches read on their
    own (``read_alone``, outlines in the photo's pixels): the photo read again with those
    patches painted over. Where that fails too, as the photo did, it is said as it was."""
    rest = AtWorkSize(painted_over(photo, read_alone))
    try:
        return _read_as_seen(rest, highest)
    except NoTiles:
        return []
    except Outside:
        # With no face left, the table's light part taken for one running past the edge.
        if next(whole_faces(rest.score, rest.least, rest.faces), None) is not None:
            raise unread from None
        return []
    except PhotoUnreadable:
        raise unread from None


def _larger_than_tiles(taken: AtWorkSize) -> float:
    """The share of the photo over which a patch running past its edge is table taken with the
    tiles (a light half, a glossy table's reflection), not a tile cut off (see :func:`faces`):
    twice the median patch inside the photo, :data:`_TABLE_TOO` of the photo at the least (a
    tile cut off, its light taken within it, breaks up and was no longer said)."""
    height, width = taken.faces.shape
    inside = [cv2.contourArea(outline) for outline in patches(taken.faces, taken.least)
              for x, y, w, h in [cv2.boundingRect(outline)]
              if min(x, y) > 0 and x + w < width and y + h < height]  # fmt: skip
    most = 2 * float(np.median(inside)) / taken.faces.size if inside else 0.0
    return max(_TABLE_TOO, most)


def _read_quietly(cut: Image, highest: int, most: float) -> list[TileSeen]:
    """The tiles in a cut round one patch of face, shrunk to ``most`` times its size where
    that is smaller, [] where it cannot be read (the lit table's reading is not tried: the cut
    is mostly the patch). Their centres are the cut's pixels."""
    shrink = min(1.0, most)
    if shrink < 1.0:
        cut = cv2.resize(cut, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    try:
        found = _read_as_seen(AtWorkSize(cut), highest, lit_table_too=False)
    except PhotoUnreadable:
        return []
    return [
        TileSeen(tile.tile, (x / shrink, y / shrink)) for tile in found for x, y in [tile.centre]
    ]


def _read_as_seen(taken: AtWorkSize, highest: int, lit_table_too: bool = True) -> list[TileSeen]:
    """:func:`read_photo` of the photo as it is.

    Where nothing is read, or a tile seems to lie partly outside the photo (and
    ``lit_table_too``), the photo is read once more taking what runs past its edge, larger than
    a tile, for table (see :func:`faces` and :func:`_larger_than_tiles`): one threshold over
    the photo can take a plain table's light half, or a glossy table's reflection, with the
    tiles, one patch running past the photo's edge. Where that fails too, it is said as it
    was. The whole photo so read (``lit_table_too``) has a tile found beside those read but
    not read itself among them, unread (see :func:`left_unread`): the hand asks which it is.
    """
    try:
        return _read_cut_or_not(taken, highest, unread_too=lit_table_too)
    except (NoTiles, Outside) as said:
        if not lit_table_too:
            raise
        again = faces(taken.score, None, lit_table=_larger_than_tiles(taken))
        try:
            return read_faces(taken.looks, again, highest, unread_too=True)
        except PhotoUnreadable:
            raise said from None


def _read_cut_or_not(taken: AtWorkSize, highest: int, unread_too: bool) -> list[TileSeen]:
    """The photo's faces read, a glossy table's reflection cut off them; where that reading is
    said, read as one threshold found them, and said as that reading is (a cloth's light
    stripes running past the photo's edge, bare and dimmer than a face, are no reflection:
    cut off, a tile among them was left stuck, where the photo read again as the reading by
    one threshold said is read right)."""
    try:
        return read_faces(taken.looks, taken.faces, highest, unread_too)
    except PhotoUnreadable:
        if taken.uncut_faces is None:
            raise
    return read_faces(taken.looks, taken.uncut_faces, highest, unread_too)
