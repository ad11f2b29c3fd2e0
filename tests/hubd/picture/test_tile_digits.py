"""A tile too small for pips shows its numbers as digits (issue 35's family game by touch:
pips of 3-4 px, under 1 mm, on crowded frames): the same on the hub's screen, in `hubd
layout`'s records and on the phones' map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import Game
from engine.log import apply_lines
from hubd.picture.pips import PIP_RADIUS, digit_rooms, digits_px, half_box
from hubd.screens.kit.measure import TextMeasure
from hubd.screens.kit.painter import Painter
from hubd.screens.shots.log_layout import frames
from hubd.web.svg import MapFrame, map_svg

LOG = Path(__file__).parents[2] / "helpers" / "family_touch_game.jsonl"
SIZES = {"800x480": (800, 480), "720x1280": (720, 1280)}
#: The map's number floor (4.5 mm) and a millimetre, in px: 0.193 mm a px at 800x480.
FLOOR_PX = {"800x480": 32, "720x1280": 50}
MM_PX = {"800x480": 1 / 0.193, "720x1280": 50 / 32 / 0.193}
MEASURE = TextMeasure()


def holds(value: int, px: int, w: int, h: int, vertical: bool) -> bool:
    """The digits of ``value`` at ``px`` stand inside both halves' rooms of a ``w`` x ``h``
    tile (off its edge and off the bar), as measured in the hub's own font."""
    _top, ink = MEASURE.ink("0123456789", px, True)
    rooms = digit_rooms(w, h, vertical)
    room_w, room_h = min(room[2] for room in rooms), min(room[3] for room in rooms)
    return MEASURE.width(str(value), px, True) <= room_w and ink <= room_h


def tile_records(size: str) -> list[list[dict[str, Any]]]:
    """The tiles on the map in each frame of the family game's `hubd layout`."""
    lines = LOG.read_text(encoding="utf-8").splitlines()
    out = []
    for record in frames(lines, SIZES[size]):
        assert isinstance(record, dict)
        maps = [w["rect"] for w in record["widgets"] if w["key"] == "map"]
        shown = []
        for w in record["widgets"]:
            if w["role"] == "tile" and maps and re.fullmatch(r"tile:\d+-\d+", w["key"]):
                x, y, _w, _h = w["rect"]
                mx, my, mw, mh = maps[0]
                if mx <= x <= mx + mw and my <= y <= my + mh:
                    shown.append(w)
        out.append(shown)
    return out


def _pips_too_small(tile: dict[str, Any], size: str) -> bool:
    _x, _y, w, h = tile["rect"]
    return 2 * max(1.0, min(half_box(w, h, h > w)) * PIP_RADIUS) < MM_PX[size]


@pytest.mark.parametrize("size", SIZES)
def test_every_tile_of_the_family_game_shows_pips_a_family_sees_or_digits(size: str) -> None:
    """Every frame of the family game, as `hubd layout` records it: where some tile's pips
    would be under 1 mm, every tile's numbers are digits (``font_px``; one way for the whole
    picture, never pips beside digits), at the floor where its halves hold them, else the
    largest they hold (within 3 px, by the hub's font); where every tile's pips are 1 mm or
    more they stay pips (``font_px`` 0)."""
    digits = 0
    for tiles in tile_records(size):
        as_digits = any(_pips_too_small(tile, size) for tile in tiles)
        for tile in tiles:
            _x, _y, w, h = tile["rect"]
            values = tuple(int(n) for n in tile["key"].removeprefix("tile:").split("-"))
            px = tile["font_px"]
            if not as_digits:
                assert px == 0, tile
                continue
            digits += 1
            assert px > 0, tile
            fit = [holds(v, px, w, h, h > w) for v in values]
            assert all(fit) or px >= FLOOR_PX[size], tile
            assert px >= FLOOR_PX[size] or not all(holds(v, px + 3, w, h, h > w) for v in values)
    assert digits >= 50  # the late round's crowded frames


def test_the_phones_map_shows_the_same_digits() -> None:
    """The phones' SVG of the family game's table: once a tile's pips would be under 1 mm
    there, every tile is drawn with its two numbers as text, at the size the hub's rule
    gives, with a dark bar between them."""
    game = Game()
    assert apply_lines(game, LOG.read_text(encoding="utf-8").splitlines()[:40]) is None
    table = game.state.table
    assert table is not None
    frame = MapFrame.phone(360, 420)  # a small phone's map: a crowded table's tiles are small
    svg = map_svg(table, frozenset(table.open), frame)
    tiles = re.findall(r'<g class="tile[^"]*" data-tile="([0-9-]+)">(.*?)</g>', svg)
    assert tiles
    shown = 0
    for name, inside in tiles:
        box = re.search(r'<rect x="-?\d+" y="-?\d+" width="(\d+)" height="(\d+)"', inside)
        assert box is not None
        w, h = int(box[1]), int(box[2])
        line = r'<line(?: class="bar")? x1="\d+" y1="(\d+)" x2="\d+" y2="\1"'
        vertical = re.search(line, inside) is not None
        lo, hi = (int(n) for n in name.split("-"))
        texts = re.findall(r'class="digits"[^>]*font-size="(\d+)"[^>]*>(\d+)<', inside)
        px = digits_px(w, h, vertical, (lo, hi), frame.sizes.floor, always=True)
        assert [int(size) for size, _ in texts] == [px, px], name
        assert sorted(int(n) for _, n in texts) == [lo, hi], name
        assert "<circle" not in inside
        assert '<line class="bar"' in inside
        shown += 1
    assert shown == len(tiles)


def test_the_screen_draws_digits_in_place_of_pips() -> None:
    """The hub's painter, a 46x20 tile (the family game's crowded frames): with pips its
    left half holds dots of 3 px at most; with digits, a "5" as tall as most of the half."""
    painter = Painter()
    inside = pygame.Rect(3, 3, 46 // 2 - 6, 20 - 6)  # the left half, off the tile's edges
    dark = ((25, 25, 25, 255), (40, 40, 40, 255))  # the pips' and the digits' ink

    def tallest(digits: int) -> int:
        tile = painter.domino(5, 3, 46, 20, False, False, digits).subsurface(inside)
        return max(r.h for r in pygame.mask.from_threshold(tile, *dark).get_bounding_rects())

    assert tallest(0) <= 3
    assert tallest(16) >= 10


def test_digits_keep_clear_of_the_bar_between_them() -> None:
    """The whole view of a six-player double-12 table drew the 1-1 standing as "1" over "1"
    with the bar through their serifs (a cross), and an 8 sitting on the bar: a row of face
    stays between the bar and each half's digits, at every size a crowded map draws."""
    painter = Painter()
    dark = ((0, 0, 0, 255), (90, 90, 90, 255))
    touching = []
    for long in range(28, 72, 2):
        for vertical in (True, False):
            w, h = (long // 2, long) if vertical else (long, long // 2)
            for lo, hi in ((1, 1), (8, 8), (7, 8), (11, 0), (12, 12), (4, 1)):
                px = digits_px(w, h, vertical, (lo, hi), 32, always=True)
                tile = painter.domino(lo, hi, w, h, vertical, False, px)
                ink = pygame.mask.from_threshold(tile, *dark)
                # the bar: 3 px across the middle; the px each side of it must be face
                if vertical:
                    beside = [(x, y) for x in range(3, w - 3) for y in (h // 2 - 2, h // 2 + 2)]
                else:
                    beside = [(x, y) for y in range(3, h - 3) for x in (w // 2 - 2, w // 2 + 2)]
                if any(ink.get_at(spot) for spot in beside):
                    touching.append((lo, hi, w, h, px))
    assert touching == []
