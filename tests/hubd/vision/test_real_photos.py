"""What real photos of real sets bring that a flat drawing did not: the tiles' sides seen at a
slant, pips drilled as hollows, a phone's full-size photo turned by its EXIF tag, an iPhone's
HEIC file (tests/helpers/photo_synth.py draws the first three; see its docstring)."""

from __future__ import annotations

import random
import struct
from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import Look, make_photo, one_tile_photo  # noqa: E402

from engine.photo_hand import SeenTile, settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.cutout import cut_out  # noqa: E402
from hubd.vision.pips import read_halves  # noqa: E402
from hubd.vision.reader import read_photo  # noqa: E402
from hubd.vision.worker import PhotoRefused, read_in_worker  # noqa: E402


def _read(image: object, highest: int) -> Counter[Tile]:
    seen = read_photo(image, highest)
    return Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)


@pytest.mark.parametrize(
    "seed",
    [
        42,  # one double-6 tile in a phone's full-size photo (2,600 x 3,200), at a strong slant:
        # its side a band along a long edge and an end, its pips drilled; cut with its side,
        # its bar ended short of the cut's width and was not found
        25,  # a double-15 tile with its side along an edge and an end: its faint grooved bar
        # leant in a cut that took in the side
        7,  # three touching tiles in a 4,032 x 3,024 photo, their sides beside them, pips drilled
    ],
)
def test_a_tiles_side_seen_beside_its_face_is_left_out(seed: int) -> None:
    photo = make_photo(seed)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        6,  # eight tiles apart, their sides along an edge and an end: each patch's least
        # rectangle leant on its face, its bar climbing 6 rows of 160 across it (not found)
        131,  # a row of six touching tiles at a strong slant, the near ones twice as long as
        # the far: cut at equal shares of the row's sides, 2 halves of 12 were read right
        51,  # ten tiles in two rows at a slant: the near tiles, a third larger than the photo's
        # median tile, were cut again by that size into three
        329,  # five double-15 tiles apart, lying across a strong slant: foreshortened, each
        # patch longer for its width (2.6-2.8) than a tile's shape; two were taken for stuck
        # tiles and dropped, one cut into five pieces without a bar
    ],
)
def test_a_strong_slant_is_read_where_each_tile_lies(seed: int) -> None:
    photo = make_photo(seed)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        512,  # two rows of four touching tiles, their sides a band along each: the patch a
        # fifth wider than the tiles are long, no even cut of it fit a tile's shape
    ],
)
def test_a_row_whose_tiles_sides_show_along_it_is_cut_into_its_tiles(seed: int) -> None:
    photo = make_photo(seed)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        10,  # seven double-6 tiles side by side under a strong slant, each face 2.3-3.2 times
        # as long as it is wide (the next tile's side over its edge): the faces came apart at
        # their grooves, each too long for a tile's shape, and the row was read as three tiles
        156,  # the same with seven double-15s in a phone's full photo, two faces broken by
        # pips crowding them: read as one 15-15
        374,  # three double-12s side by side, two faces' cores bitten by pips at their edges:
        # each cut from its core's hull spread, a 6's column of pips fell past the cut (6-9 read
        # as 3-9, asked)
    ],
)
def test_a_row_side_by_side_whose_faces_come_apart_is_read_face_by_face(seed: int) -> None:
    photo = make_photo(seed)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


def test_faces_joined_where_their_groove_fades_are_split_by_the_tiles_size() -> None:
    """Five double-15s side by side at a slant (seed 256): two faces come apart at their
    grooves, three stay joined where the groove fades at the row's edge, a core of a tile's
    shape twice the tiles' width. Taken for one tile, the row was read as two (asked); split
    by the size the other two tell, it is five."""
    photo = make_photo(256)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


def test_a_straight_row_taken_for_one_tile_is_cut_by_the_tiles_size() -> None:
    """Four tiles side by side under a lamp's glare, their seams faint: the row's patch, a
    rectangle, is cut again by the size of the other row's tiles (its middle seam, taken for
    a bar, does not make it one tile of twice their size)."""
    photo = make_photo(343)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        271,  # a row of six whose sides show between the tiles, cut at shares shifted by the
        # side past its end: a 12-1 read as 4-1, an 8-13 as 8-7 (pips cut by the cut's edges)
        291,  # a row cut a fifth of a tile off: the neighbours' large pips in a cut taken for
        # its own, its double-15's small ones for specks beside them (a 5-13 read as 1-2)
    ],
)
def test_a_tile_cut_off_its_face_is_asked_not_settled_wrong(seed: int) -> None:
    """What a cut that sits off its tile counts is a part of the tile's pips, or a neighbour's:
    the table asks about it rather than settle whichever tile that part happens to fit."""
    photo = make_photo(seed)
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    whole = list(all_tiles(photo.highest))
    rest = [tile for tile in whole if tile not in hand]
    can_hold = list(hand) + random.Random(seed).sample(rest, len(rest) // 2)
    seen = read_photo(photo.image, photo.highest)
    reading = settle([s.tile for s in seen], can_hold, len(photo.tiles))
    assert not Counter(reading.settled) - hand, (photo.tiles, reading)
    assert reading.questions


def test_pips_cut_by_the_cuts_edge_leave_their_half_asked() -> None:
    """The same tile cut on its face, then cut short of its long edges: its columns of pips
    cut by the cut's edges but mostly inside it are counted (read right and settled); cut
    further in, what is left of them is no pip and the tile reads 0-0: asked, not settled."""
    look = Look(face=(235, 240, 242), coloured=False, groove=False, spinner=False,
                pip_scale=1.0, bar_end=0.12)  # fmt: skip
    photo = one_tile_photo(6, 2, look)  # (the tile's face: x 140-260, y 120-360)
    whole = list(all_tiles(6))
    for inset, asked in ((0, False), (28, False), (36, True)):
        corners = np.array([[140, 120], [260, 120], [260, 360], [140, 360]], np.float32)
        inwards = np.array([[inset, 0], [-inset, 0], [-inset, 0], [inset, 0]], np.float32)
        halves = read_halves(cut_out(photo, corners + inwards), 6)
        assert halves is not None
        reading = settle([SeenTile(*halves)], whole)
        if asked:
            assert reading.settled == () and reading.questions, (inset, reading)
        else:
            assert reading.settled == (Tile.of(6, 2),) and not reading.questions, (inset, reading)


def test_drilled_pips_of_every_number_are_counted_once() -> None:
    """A drilled pip is a shaded wall around a lighter floor: one pip, not a ring or two arcs."""
    look = Look(face=(215, 235, 240), coloured=True, groove=False, spinner=True, pip_scale=1.0,
                bar_end=0.12, drilled=0.45)  # fmt: skip
    wrong = []
    for a in range(7):
        tile = Tile.of(a, 12 - a)
        read = _read(one_tile_photo(a, 12 - a, look), 12)
        if read != Counter([tile]):
            wrong.append((tile, read))
    assert not wrong


def _with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """The JPEG with an EXIF segment saying how to turn it for display (6: a quarter turn
    clockwise, as a phone held upright writes it)."""
    entry = struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) + entry + bytes(4)
    body = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body + jpeg[2:]


def test_a_photo_stored_turned_is_read_as_the_phone_shows_it() -> None:
    """A phone stores its pixels as the sensor lies and says in EXIF how to turn them: the tiles'
    places come back where the player sees them (the page shows them in that order)."""
    photo = make_photo(2100, highest=12, count=3, real=False)
    ok, upright = cv2.imencode(".jpg", photo.image)
    ok2, sideways = cv2.imencode(".jpg", cv2.rotate(photo.image, cv2.ROTATE_90_COUNTERCLOCKWISE))
    assert ok and ok2
    as_shown = read_in_worker(upright.tobytes(), 12)
    as_stored = read_in_worker(_with_orientation(sideways.tobytes(), 6), 12)
    assert len(as_shown) == len(as_stored) == 3
    for one, other in zip(
        sorted(t.centre for t in as_shown), sorted(t.centre for t in as_stored), strict=True
    ):
        assert np.hypot(one[0] - other[0], one[1] - other[1]) < 10


def test_an_iphones_heic_photo_is_refused_saying_so() -> None:
    heic = struct.pack(">I", 24) + b"ftypheic" + bytes(4) + b"mif1heic" + bytes(200)
    with pytest.raises(PhotoRefused, match="HEIC"):
        read_in_worker(heic, 12)


def test_a_lone_tile_whose_bar_is_faint_is_read_not_refused() -> None:
    """A double-12's 0-1 alone on a wooden table, its side lengthening its patch past a tile's
    shape, its bar too faint to be told from the face's rows by the usual measure: nothing
    else in the photo being a tile, its most inked row across the middle is its bar (it was
    'No tiles found')."""
    photo = make_photo(5012, highest=12, count=1)
    assert _read(photo.image, 12) == Counter([Tile.of(0, 1)])


@pytest.mark.parametrize(
    "seed",
    [
        23,  # two tiles on a mid-grey cloth lit brighter on one side: its light half taken with
        # the tiles, one patch past the photo's edge ('A tile lies partly outside the photo')
        72,  # three tiles on a white-ish laminate ('No tiles found')
        99,  # seven tiles on light wood ('A tile lies partly outside the photo')
    ],
)
def test_tiles_on_a_light_plain_table_are_read(seed: int) -> None:
    """A table nearly as light as the tiles where the light falls on it: where the reading as on
    any table fails, the faces are what is lighter than the table around them (the table's
    light taken from the photo less what is lighter and smaller than a third of it)."""
    photo = make_photo(seed, light=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        139,  # ten tiles in two touching rows on a grey cloth under a shadow's edge: the lit
        # cloth taken with the tiles by whiteness (half the photo), five read
        120,  # four touching tiles on a white-ish laminate: two read
    ],
)
def test_tiles_whose_light_table_is_taken_with_them_are_read_by_their_relief(seed: int) -> None:
    """On a light table the faces by whiteness may take in the table's lit part, and the tiles
    are cut out of it short; the faces by relief (lighter than the table around them) read
    more, and are kept."""
    photo = make_photo(seed, light=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        36,  # an ivory 5-5 alone on a grey-green laminate, no lighter than it ('No tiles found')
        195,  # an ivory 3-8 on a warm white laminate ('No tiles found')
        118,  # five tiles on light wood ('No tiles found')
    ],
)
def test_faces_no_lighter_than_a_light_table_are_found_by_their_own_colour(seed: int) -> None:
    """Ivory faces under a warm light on a light table are no lighter than it, only of another
    colour: where every reading by light fails, the faces are what has their own colour (what
    differs from the table's, the photo's border's) and is no darker than the table."""
    photo = make_photo(seed, light=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        1,  # two touching double-9 tiles in a lamp's pool of light on white paper: the pool's
        # washed-out white taken for the faces' colour ('No tiles found')
        6,  # eight double-6 tiles in two rows on white paper, a shadow's edge across them (one
        # read: faces a fifth darker than the paper scored as low as the paper)
        8,  # six double-9 tiles touching in a row, a shadow's edge beside them: the table
        # lighter and yellower in the light than in the shade ('No tiles found')
    ],
)
def test_ivory_faces_darker_than_white_paper_are_found_by_their_own_colour(seed: int) -> None:
    """Ivory faces on white paper are darker than it by a tenth to a fifth, only yellower: the
    faces are what has their own colour, the colour told apart from the light that falls on
    it (the paper one colour in the light and in the shade), not much darker than the paper."""
    photo = make_photo(seed, white=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        24,  # three double-15 tiles side by side lying across the slant, each one's side
        # showing between it and the next ('Some tiles lie too close')
        81,  # a row of six double-15 tiles side by side lying along the slant, their sides
        # between them: read as one tile, its halves unsure
        110,  # four double-15 tiles side by side across the slant: the middle two read as one
    ],
)
def test_a_photo_taken_by_a_phone_held_at_a_slant_is_read_as_seen_from_above(seed: int) -> None:
    """A phone held 20-50 degrees from straight down shortens the table along the photo's
    height, its pips with it: read, the photo was said or read short with a half unsure; read
    whole with its height lengthened as its pips tell (and as many tiles a little more or less
    lengthened), it is the hand."""
    photo = make_photo(seed, camera_slant=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)


@pytest.mark.parametrize(
    "seed",
    [
        11,  # two touching rows of five double-15 tiles side by side across the slant, each
        # one's side showing below it: a straight row's outline stepped by its tiles' sides,
        # said as a staggered row ('Some tiles lie too close')
        32,  # four double-6 tiles side by side across the slant, read as two: each piece read
        # is squatter than a tile once the slant is undone
        77,  # six double-12 tiles side by side, each a little behind the last, their sides
        # between them: read as four, pieces squatter than a tile seen from above
    ],
)
def test_tiles_at_a_slant_said_or_read_squat_are_read_as_seen_from_above(seed: int) -> None:
    """A photo said for tiles stuck (or a row taken for staggered) is read as seen from above
    where its pips tell of a slant, its tiles the same but one a little more or less
    lengthened, and a step further where that fails (a blur rounds the pips: they tell less
    of a slant than there is); so is a photo with a tile read that, lengthened as the pips
    tell, is squatter than a tile (parts of two side by side)."""
    photo = make_photo(seed, camera_slant=True)
    assert _read(photo.image, photo.highest) == Counter(Tile.of(a, b) for a, b in photo.tiles)
