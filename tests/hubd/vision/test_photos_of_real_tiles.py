"""Phone photos of real tiles (tests/hubd/vision/real_photos, its README names their source and
licence): each tile read whatever way it lies, near or far, alone or with the others.

The photos come from other public repositories and are not kept in this one: a developer puts
them in the folder as its README says; without them these tests are skipped, saying so (an
optional photo, where it is absent, is left out alone)."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import slanted  # noqa: E402

from engine.tiles import Tile  # noqa: E402
from hubd.cli.run import main as hubd  # noqa: E402
from hubd.vision.faces import faces, whiteness  # noqa: E402
from hubd.vision.reader import WORK_SIDE, read_photo  # noqa: E402
from hubd.vision.shapes import Image  # noqa: E402
from hubd.vision.slant import pips_stretch  # noqa: E402

FOLDER = Path(__file__).parent / "real_photos"
#: Each photo's set and tiles, read by eye (benchmarks/real_photos_bench.py reads it too).
LABELS = json.loads((FOLDER / "tiles.json").read_text())
_ABSENT = sorted(name for name in LABELS
                 if not (FOLDER / name).is_file() and not LABELS[name].get("optional"))  # fmt: skip
pytestmark = pytest.mark.skipif(
    bool(_ABSENT),
    reason=f"real photos not in {FOLDER} ({', '.join(_ABSENT)}): its README says where from",
)
TILES = {name: tuple(label["tiles"][0]) for name, label in LABELS.items() if label["set"] == 6}


def _photo(name: str) -> Image:
    """The photo as the phone took it: 3:4 upright (the dataset stretched it to a square)."""
    square = cv2.imread(str(FOLDER / name))
    assert square is not None, name
    size = tuple(LABELS[name]["upright"])  # (640 x 853)
    upright: Image = cv2.resize(square, size, interpolation=cv2.INTER_CUBIC)
    return upright


def _tile_centre(photo: Image) -> tuple[float, float]:
    """The centre of the photo's tile: its face is the lightest thing on the grey cloth."""
    ys, xs = np.nonzero(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY) > 200)
    return float(xs.mean()), float(ys.mean())


def _turned(photo: Image, degrees: float, size: float = 1.0) -> Image:
    """The photo turned about the tile (the cloth mirrored into the corners), then scaled."""
    height, width = photo.shape[:2]
    turn = cv2.getRotationMatrix2D(_tile_centre(photo), degrees, 1.0)
    turned = cv2.warpAffine(photo, turn, (width, height), borderMode=cv2.BORDER_REFLECT)
    scaled: Image = cv2.resize(turned, None, fx=size, fy=size, interpolation=cv2.INTER_AREA)
    return scaled


def _on_one_cloth(turns: tuple[int, ...]) -> Image:
    """The four tiles, each turned its own way, cut from their photos and laid on one cloth
    (the first photo's bare cloth, mirrored), each cut's edge faded into it."""
    bare = _photo("tile-1-4.jpg")[:200]
    row = np.hstack([bare, bare[:, ::-1]] * 2)
    cloth = np.vstack([row, row[::-1]] * 4)[:1500, :1250].astype(np.float32)
    reach = 190  # (a cut's radius: the tile and its shadow)
    ys, xs = np.mgrid[-reach:reach, -reach:reach]
    fade = np.clip((reach - np.hypot(xs, ys)) / 30, 0, 1)[..., None]
    spots = ((400, 500), (850, 500), (400, 1000), (850, 1000))
    for name, degrees, (x, y) in zip(sorted(TILES), turns, spots, strict=True):
        turned = _turned(_photo(name), degrees)
        centre_x, centre_y = (round(v) for v in _tile_centre(turned))
        cut = turned[centre_y - reach : centre_y + reach, centre_x - reach : centre_x + reach]
        under = cloth[y - reach : y + reach, x - reach : x + reach]
        edges = np.concatenate([cut[:20], cut[-20:]]).reshape(-1, 3)  # (its cloth's light)
        cut = cut + np.concatenate([under[:20], under[-20:]]).reshape(-1, 3).mean(0)
        cut -= edges.mean(0)
        cloth[y - reach : y + reach, x - reach : x + reach] = fade * cut + (1 - fade) * under
    laid: Image = np.clip(cloth, 0, 255).astype(np.uint8)
    return laid


def _read(photo: Image) -> Counter[Tile]:
    return Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in read_photo(photo, 6))


@pytest.mark.parametrize("name", sorted(TILES))
def test_a_real_tile_is_read_whichever_way_it_lies(name: str) -> None:
    """Turned by 15 degrees, a tile on a cloth lit brighter on one side was 'No tiles found':
    one threshold over the photo took the cloth's light half with the tile, one patch past the
    photo's edge; such a patch is split again by its own light."""
    photo = _photo(name)
    wrong = {}
    for degrees, size in ((0, 1.0), (15, 1.0), (40, 1.0), (75, 0.6), (90, 1.0), (130, 1.0)):
        try:
            read = _read(_turned(photo, degrees, size))
        except ValueError as error:
            read = Counter({str(error): 1})  # type: ignore[dict-item]
        if read != Counter([Tile.of(*TILES[name])]):
            wrong[degrees] = read
    assert not wrong


@pytest.mark.parametrize("name", sorted(TILES))
def test_a_real_tile_is_read_in_a_photo_taken_at_a_slant(name: str) -> None:
    """A phone held 40 or 50 degrees from straight down foreshortens the table along the
    photo's height: a tile lying along the slant looked squat, one across it too long, and
    neither was taken for a tile ('Some tiles lie too close'); the photo is read again as seen
    from straight above."""
    photo = _photo(name)
    wrong = {}
    for degrees, slant in ((0, 40), (90, 40), (0, 50), (90, 50)):
        try:
            read = _read(slanted(_turned(photo, degrees), slant))
        except ValueError as error:
            read = Counter({str(error): 1})  # type: ignore[dict-item]
        if read != Counter([Tile.of(*TILES[name])]):
            wrong[degrees, slant] = read
    assert not wrong


def test_four_real_tiles_are_read_in_a_photo_taken_at_a_slant() -> None:
    """The four tiles on one cloth, lying along and across a 40-degree slant: the far ones are
    foreshortened more than the near ones, so each patch unread for its shape is read with
    its own stretch."""
    hand = Counter(Tile.of(*tile) for tile in TILES.values())
    for turns in ((0, 90, 0, 90), (20, 95, 150, 60)):
        assert _read(slanted(_on_one_cloth(turns), 40)) == hand, turns


def test_four_real_tiles_in_one_photo_are_read_as_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The four photos cut about their tiles, each turned its own way, laid in one photo of
    two rows and read by ``hubd count-tiles`` as a player's phone would send it."""
    pieces = []
    for (name, _), degrees in zip(sorted(TILES.items()), (20, 95, 150, 60), strict=True):
        turned = _turned(_photo(name), degrees)
        centre_x, centre_y = _tile_centre(turned)
        x = int(np.clip(centre_x - 180, 0, turned.shape[1] - 360))
        y = int(np.clip(centre_y - 180, 0, turned.shape[0] - 360))
        pieces.append(turned[y : y + 360, x : x + 360])
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), np.vstack([np.hstack(pieces[:2]), np.hstack(pieces[2:])]))
    assert hubd(["count-tiles", str(path), "--set", "6"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert sorted(map(tuple, answer["tiles"])) == sorted(tuple(sorted(t)) for t in TILES.values())
    assert answer["pips"] == 16 and answer["unsure"] == []


HANDS = {name: [(a, b) for a, b in label["tiles"]] for name, label in LABELS.items()
         if label["set"] == 12 and (FOLDER / name).is_file()}  # fmt: skip


@pytest.mark.parametrize("name", sorted(HANDS))
def test_a_real_double_12_hand_is_counted(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Phone photos of real double-12 hands (coloured, drilled pips, a sunk bar; apart or in
    touching rows on a woven cloth), read by ``hubd count-tiles`` with the set alone; and on a
    white table nearly as light as the tiles (it was 'No tiles found'). Where present, a lone
    12-7 on a wooden table, its twelve red pips packed nearly touching (it was read a 0-7
    surely; smoothed, 'No tiles found')."""
    assert hubd(["count-tiles", str(FOLDER / name), "--set", "12"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert sorted(tuple(sorted(t)) for t in answer["tiles"]) == sorted(HANDS[name])
    assert answer["pips"] == sum(a + b for a, b in HANDS[name]) and answer["unsure"] == []


def _on_more_cloth(name: str) -> Image:
    """A real hand's photo on a wider stretch of its own cloth's colour (seen at a slant, the
    frame takes in more of the table)."""
    photo = cv2.imread(str(FOLDER / name))
    edges = np.concatenate([photo[0], photo[-1], photo[:, 0], photo[:, -1]])
    cloth = [float(v) for v in np.median(edges, axis=0)]
    wider: Image = cv2.copyMakeBorder(photo, 250, 250, 250, 250, cv2.BORDER_CONSTANT,
                                      value=cloth)  # fmt: skip
    return wider


def test_real_tiles_touching_end_to_side_are_not_left_out() -> None:
    """The six-tile hand seen at a 30-degree slant (on a wider stretch of its own cloth's
    colour): its 0-7's end touches the 6-6's side, one patch of an L's shape that no cut
    fits and no tile was read in. It was left out, the hand read as four tiles; then said
    ('Some tiles lie too close'); read whole as seen from above (its height lengthened as its
    pips tell, reading the same a little more or less), it is the six tiles."""
    seen = read_photo(slanted(_on_more_cloth("hand-64.jpg"), 30), 12)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in HANDS["hand-64.jpg"])


@pytest.mark.parametrize("degrees", [0, 30, 45])
def test_a_slant_is_told_by_the_pips(degrees: int) -> None:
    """The four real tiles on one cloth seen by a phone held ``degrees`` from straight down:
    their round pips are shortened along the photo's height as the table is, and their
    median width over height tells how far (1 / cos, within a tenth)."""
    photo = slanted(_on_one_cloth((20, 95, 150, 60)), degrees)
    scale = WORK_SIDE / max(photo.shape[:2])
    small = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    score = whiteness(small)
    stretch = pips_stretch(score, faces(score, None))
    assert stretch == pytest.approx(1 / math.cos(math.radians(degrees)), abs=0.1)


def test_real_touching_rows_at_a_slant_are_read_as_seen_from_above() -> None:
    """The eight-tile hand (two touching rows of four) turned a quarter and seen at a 30-degree
    slant, its rows now along the slant: each row's tiles lie side by side, their sides
    between them, and the photo was read as two 12-12s (asked). Its pips tell of the slant;
    read whole as seen from above (and the same a little more or less lengthened), it is the
    eight tiles."""
    turned = cv2.rotate(_on_more_cloth("hand-86.jpg"), cv2.ROTATE_90_CLOCKWISE)
    seen = read_photo(slanted(turned, 30), 12)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in HANDS["hand-86.jpg"])


def _with_reflection(photo: Image) -> Image:
    """The photo on a glossy table: a window's reflection, a soft grey band 0.65 times as
    light as the tiles' faces, from the photo's top edge to the tiles (which hide its end)."""
    height, width = photo.shape[:2]
    tiles = faces(whiteness(photo), None) > 0
    ys, xs = np.nonzero(tiles)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    middle, half, soft = (xs.min() + xs.max()) / 2, 0.35 * (xs.max() - xs.min()), 0.02 * width
    band = np.clip((half - np.abs(xx - middle)) / soft, 0, 1)
    band *= np.clip((ys.min() + 0.1 * height - yy) / soft, 0, 1)
    light = 0.65 * float(np.median(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)[tiles]))
    glow = 0.9 * band[..., None]
    shown = photo.astype(np.float32) * (1 - glow) + glow * light
    shown[tiles] = photo[tiles]
    glossy: Image = np.clip(shown, 0, 255).astype(np.uint8)
    return glossy


def test_a_real_hand_on_a_glossy_table_is_read_apart_from_its_reflection() -> None:
    """The six-tile hand on a glossy table, a window's reflection joined to the tiles running
    off the photo's top: it was "A tile lies partly outside the photo"; read again with what
    runs past the edge, larger than a tile, taken for table (the faces lighter within it), it
    is the six tiles."""
    seen = read_photo(_with_reflection(cv2.imread(str(FOLDER / "hand-64.jpg"))), 12)
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in HANDS["hand-64.jpg"])
