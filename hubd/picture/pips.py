"""Where the pips of a domino's half lie: one table for the hub's painter and the phones' map.

Offsets are in cells from the half's centre, -1 to 1 both ways; x grows rightwards, y
downwards. Above 9 the classic patterns end: ``grid_spots`` lays any count out in rows of
three (the phones' map; the hub shows the number itself).

A tile too small for pips a family can see (a pip under about 1 mm: 3-4 px on a crowded
800x480 map) shows its two numbers as digits instead (``digits_px``), the same on the
screen, the phones' map and ``hubd layout``; once one tile does, every tile of the picture
does (``tiles_digits``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hubd.picture.shapes import MapTile

#: A box as (x, y, w, h), in a tile's own pixels.
Rect4 = tuple[int, int, int, int]

_CORNERS = ((-1, -1), (1, 1))
SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0, 0),),
    2: _CORNERS,
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    9: tuple((x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)),
}


def grid_spots(value: int) -> tuple[tuple[float, float], ...]:
    """The classic pattern up to 9; beyond, rows of three spread over the half's height."""
    if value in SPOTS:
        return SPOTS[value]
    rows = -(-value // 3)
    spots = []
    for i in range(value):
        row, col = divmod(i, 3)
        y = -1 + 2 * row / (rows - 1)
        spots.append((float(col - 1), y))
    return tuple(spots)


#: A pip's radius as a share of its half's shorter side (the painter's and the SVG's).
PIP_RADIUS = 1 / 11
#: DejaVu Sans Bold's digits, in ems: their height (the ink of "0"-"9") and their advance.
DIGIT_H_EM, DIGIT_W_EM = 0.73, 0.70
#: Their ink's height as drawn in whole pixels, 0.72 to 0.76 of the size between 25 and 60 px
#: (41 px: 31 px of ink, where 0.73 said 30 and the digits overran an upright double's half
#: by a pixel); the size a half's height holds is taken by this share.
DIGIT_INK_EM = 0.755
#: The map's number floor (Sizes.floor) is 4.5 mm of digit height: a millimetre is
#: ``floor * DIGIT_H_EM / 4.5`` px (5.2 px at 800x480: 0.193 mm a px).
FLOOR_MM = 4.5
#: The least any text may be (issue 35, point 4): 3.5 mm, 25 px at 800x480, 39 at 720x1280.
LEAST_TEXT_MM = 3.5


def least_text(floor: int) -> int:
    """The least text's size (px) where the map's number floor is ``floor`` px (4.5 mm)."""
    return round(floor * LEAST_TEXT_MM / FLOOR_MM)


def half_box(w: int, h: int, vertical: bool) -> tuple[int, int]:
    """A half's width and height in a ``w`` x ``h`` tile."""
    return (w, h // 2) if vertical else (w // 2, h)


def pips_too_small(w: int, h: int, vertical: bool, floor: int) -> bool:
    """Whether a ``w`` x ``h`` tile's pips would be under 1 mm (``floor``: the map's number
    floor, 4.5 mm)."""
    half_w, half_h = half_box(w, h, vertical)
    return 2 * max(1.0, min(half_w, half_h) * PIP_RADIUS) < floor * DIGIT_H_EM / FLOOR_MM


def digits_px(
    w: int, h: int, vertical: bool, halves: tuple[int, int], floor: int, always: bool = False
) -> int:
    """The size (px) of the digits a ``w`` x ``h`` tile shows in place of its pips, 0 where
    its pips are 1 mm or more (unless ``always``; ``floor``: the map's number floor, 4.5 mm).
    The digits are at the floor where a half holds them, else the largest a half holds (1 mm
    at the least)."""
    mm = floor * DIGIT_H_EM / FLOOR_MM
    if not always and not pips_too_small(w, h, vertical, floor):
        return 0
    digits = max(len(str(value)) for value in halves)
    rooms = digit_rooms(w, h, vertical)
    room_w, room_h = min(room[2] for room in rooms), min(room[3] for room in rooms)
    fits = min(room_h / DIGIT_INK_EM, room_w / (DIGIT_W_EM * digits))
    return max(int(mm / DIGIT_H_EM), min(floor, int(fits)))


def digit_rooms(w: int, h: int, vertical: bool) -> tuple[Rect4, Rect4]:
    """Where a ``w`` x ``h`` tile's two halves' digits stand, (x, y, w, h) each: a px off the
    tile's edge, and a px of face between them and the bar between the halves (3 px dark,
    drawn on the middle px): a "1" over a "1" with the bar through their serifs read as a cross."""
    if vertical:
        bar = h // 2  # the bar's rows: bar - 1 to bar + 1
        return (1, 1, w - 2, bar - 3), (1, bar + 3, w - 2, h - bar - 4)
    bar = w // 2
    return (1, 1, bar - 3, h - 2), (bar + 3, 1, w - bar - 4, h - 2)


def tiles_digits(tiles: Sequence[MapTile], floor: int) -> list[int]:
    """Each tile's digits' size (0: pips): one way for the whole picture, so that a crosswise
    tile never shows pips beside a lengthwise one showing digits. Once any tile's pips would
    be under 1 mm, every tile shows digits."""
    if not any(pips_too_small(t.box.w, t.box.h, t.vertical, floor) for t in tiles):
        return [0] * len(tiles)
    return [digits_px(t.box.w, t.box.h, t.vertical, t.halves, floor, True) for t in tiles]
