"""Tiles whose pips are large and packed nearly touching, as many real double-12 and 15 sets
draw them (issue 40: a real double-12's 12-7, its twelve red pips in three columns of four,
was read a 0-7 surely; tests/helpers/photo_synth.py draws the kind with ``packed``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import Look, draw_tile, make_photo, one_tile_photo  # noqa: E402

from engine.photo_hand import SeenTile, settle  # noqa: E402
from engine.tiles import Tile, all_tiles  # noqa: E402
from hubd.vision.cutout import TILE_W  # noqa: E402
from hubd.vision.pips import read_halves  # noqa: E402
from hubd.vision.reader import PhotoUnreadable, read_photo  # noqa: E402

_PACKED = Look(face=(235, 240, 242), coloured=True, groove=False, spinner=False, pip_scale=1.0,
               bar_end=0.12, packed=True)  # fmt: skip


@pytest.mark.parametrize("tile", [(12, 7), (15, 9), (10, 12), (14, 13)])
def test_a_half_of_large_packed_pips_is_counted(tile: tuple[int, int]) -> None:
    """Each column of pips nearly touching is one blob, no pip's shape: it was dropped as a
    line and the half read blank (or a pip short for each column) surely. Its pips part where
    its ink is taken higher: the face between them is inked less."""
    a, b = tile
    seen = read_photo(one_tile_photo(a, b, _PACKED), 15)
    assert [Tile.of(s.tile.first.best, s.tile.second.best) for s in seen] == [Tile.of(a, b)]
    for half in (seen[0].tile.first, seen[0].tile.second):
        assert max(likely for _, likely in half.options) >= 0.9, half


def test_a_half_whose_pips_do_not_part_is_doubted_not_read_blank() -> None:
    """Three columns of pips blurred into three bars (a packed 12 whose pips cannot be told
    apart) lie where pips lie, as thick as a pip: that half holds ink a blank half does not,
    and is not read 0 surely (four pips long, no blob of a pip's shape: it was), nor one pip
    to a column (three pips long: it was)."""
    upright = np.full((2 * TILE_W, TILE_W, 3), (235, 240, 242), np.uint8)
    cv2.line(upright, (10, TILE_W), (TILE_W - 10, TILE_W), (40, 40, 40), 3)
    for height in (56, 40):  # (four pips' length; three's, 15 pixels wide)
        doubted = upright.copy()
        for x in (16, 40, 64):
            top = TILE_W + 14
            cv2.rectangle(doubted, (x - 7, top), (x + 7, top + height), (30, 30, 200), -1)
        doubted = cv2.GaussianBlur(doubted, (0, 0), 1.0)
        halves = read_halves(doubted, 12)
        assert halves is not None
        reading = settle([SeenTile(*halves)], list(all_tiles(12)))
        assert reading.settled == () and reading.questions, (height, halves)


def test_packed_tiles_alone_are_never_settled_wrong() -> None:
    """Single double-12 and 15 tiles drawn packed (colours, slant, sides, blur as each seed
    draws them): read right or asked with the set alone, never settled wrong (4 of these 20
    were settled wrong)."""
    wrong = []
    for highest in (12, 15):
        for seed in range(11, 21):
            photo = make_photo(seed, highest, 1, packed=True)
            try:
                seen = read_photo(photo.image, highest)
            except PhotoUnreadable:
                continue  # said, not guessed
            reading = settle([s.tile for s in seen], list(all_tiles(highest)))
            if Counter(reading.settled) - Counter(Tile.of(a, b) for a, b in photo.tiles):
                wrong.append((highest, seed, photo.tiles, reading.settled))
    assert not wrong


@pytest.mark.parametrize("seed", [16, 39])
def test_packed_hands_whose_bar_a_row_of_pips_outinks_are_never_settled_wrong(seed: int) -> None:
    """camera_bench --packed's two hands settled wrong with the table (16: eight double-12s,
    its 3-9 read 3-4; 39: five double-9s, its 5-8 read 5-5 and its 7-9 read 7-8): a row of
    large pips inks its row more than a faint bar, the bar's band was taken through it, the
    row's pips cut by the band or left out by the face's end, and each half read surely. A
    half whose ink its pips counted do not account for is in doubt: the table decides or the
    hand is asked, with the table and with the set alone."""
    photo = make_photo(seed, packed=True)
    hand = Counter(Tile.of(a, b) for a, b in photo.tiles)
    whole = list(all_tiles(photo.highest))
    rest = [tile for tile in whole if tile not in hand]
    table = list(hand) + random.Random(seed).sample(rest, len(rest) // 2)
    seen = [s.tile for s in read_photo(photo.image, photo.highest)]
    for allowed, count in ((table, len(photo.tiles)), (whole, None)):
        reading = settle(seen, allowed, count)
        assert not Counter(reading.settled) - hand, (photo.tiles, reading)


@pytest.mark.parametrize("coloured", [False, True])
def test_large_packed_grids_beside_a_grooved_bar_are_read_right(coloured: bool) -> None:
    """A grooved bar (a faint line) beside a 3 x 3 grid's row of large pips, packed as many
    real sets draw them: the row inks its rows more than the groove, and was taken for the
    bar (every 8 and 9 above it read in doubt, asked). The bar is a thin line: a row of pips'
    ink runs over as many rows as a pip is tall."""
    look = Look(face=(225, 235, 240), coloured=coloured, groove=True, spinner=False,
                pip_scale=1.0, bar_end=0.12, packed=True)  # fmt: skip
    wrong = []
    for a, b in ((8, 0), (8, 5), (9, 1), (9, 7), (9, 9)):
        image, alpha = draw_tile(a, b, look)
        table = np.full_like(image, 50)
        image = (image * alpha[..., None] + table * (1 - alpha[..., None])).astype(np.uint8)
        upright = cv2.resize(image, (TILE_W, 2 * TILE_W), interpolation=cv2.INTER_AREA)
        halves = read_halves(cv2.GaussianBlur(upright, (0, 0), 1.0), 9)
        reading = settle([SeenTile(*halves)], list(all_tiles(9))) if halves else None
        if reading is None or reading.settled != (Tile.of(a, b),):
            wrong.append((a, b, halves))
    assert not wrong


def _white_tile_on_wood(blur: float) -> np.ndarray:
    """A white 5-12 alone on a brown wooden table, its face darkening towards its rounded edge,
    its 12's three columns of four large red pips three pixels from its long edges, blurred
    (a phone photo of a real double-12 set, smoothed)."""
    photo = np.empty((420, 320, 3), np.float32)
    photo[:] = (60, 100, 140)
    face = np.zeros(photo.shape[:2], np.uint8)
    left, top, width, corner = 110, 100, 100, 12
    cv2.rectangle(face, (left + corner, top), (left + width - corner, top + 2 * width), 1, -1)
    cv2.rectangle(face, (left, top + corner), (left + width, top + 2 * width - corner), 1, -1)
    for x in (left + corner, left + width - corner):
        for y in (top + corner, top + 2 * width - corner):
            cv2.circle(face, (x, y), corner, 1, -1)
    bevel = 0.62 + 0.38 * np.clip(cv2.distanceTransform(face, cv2.DIST_L2, 3) / 7, 0, 1)
    tile = np.empty_like(photo)
    tile[:] = (235, 240, 242)
    tile *= bevel[..., None]
    radius, gap = 11, 3
    for row in range(4):
        for x in (left + gap + radius, left + width // 2, left + width - gap - radius):
            centre = (x, top + width + 8 + radius + row * 23)
            cv2.circle(tile, centre, radius, (30, 30, 200), -1, cv2.LINE_AA)
    for x, y in ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)):
        centre = (left + 25 + 25 * x, top + 25 + 25 * y)
        cv2.circle(tile, centre, radius, (20, 190, 230), -1, cv2.LINE_AA)
    cv2.line(tile, (left + 10, top + width), (left + width - 10, top + width), (30, 30, 30), 3)
    photo = np.where(face[..., None] > 0, tile, photo)
    return np.clip(cv2.GaussianBlur(photo, (0, 0), blur), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("blur", [2.0, 3.0])
def test_a_lone_white_tile_whose_pips_reach_its_edge_is_found_on_wood(blur: float) -> None:
    """Blurred, the pips by the face's edge join the table: the face's outline has a bay cut
    into it for each (its holes open), no tile's shape, and the photo was said to hold no
    tile (or tiles too close). Its bays closed, it is one tile, read right or asked, never
    settled wrong."""
    seen = read_photo(_white_tile_on_wood(blur), 12)
    assert len(seen) == 1
    assert 5 in (seen[0].tile.first.best, seen[0].tile.second.best), seen
    reading = settle([s.tile for s in seen], list(all_tiles(12)))
    assert not set(reading.settled) - {Tile.of(5, 12)}, reading
