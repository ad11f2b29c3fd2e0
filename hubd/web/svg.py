"""The table's picture as SVG for the phones: the same layout the hub draws (hubd/picture),
laid out for a phone held upright and drawn from its pieces alone.

Sizes are in the SVG's own units: at the narrowest page the map is drawn for (320 CSS px)
the numbers are at least 24 px (32 while the table fits). Like the hub's, the map is never
mirrored for right-to-left languages. No pygame: the page imports this.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from html import escape, unescape
from math import ceil

from engine import PlaceKind, Table
from hubd.picture import (
    Box,
    Layouts,
    MapEnd,
    MapFold,
    MapLabel,
    MapLink,
    MapTile,
    Picture,
    Sizes,
    arm_labels,
)
from hubd.picture.pips import digit_rooms, grid_spots, tiles_digits
from hubd.picture.shapes import DIGIT_EM, PLUS_EM

#: An arm's letter as ``_arm`` draws it: its text in the group's ``data-arm``.
_ARM_LETTER = re.compile(r'<g class="arm" data-arm="([^"]*)"')

#: The narrowest page the map is drawn for, in CSS px, and the numbers' sizes there.
NARROWEST_PX = 320
NUMBER_PX = 32
FLOOR_PX = 24
#: The map's heights, in shares of its frame's: the map takes the least that holds its
#: picture, centred on the frame's middle (where the hub is laid out), so that a round's
#: first tiles are not a screen of empty felt above the players; it grows in these few steps
#: as the table does (a height to the picture's own would move the page at every play).
HEIGHT_STEPS = 4


@dataclass(frozen=True)
class MapFrame:
    """The map's drawing area and its sizes in SVG units."""

    area: Box
    sizes: Sizes

    @classmethod
    def phone(cls, width: int = 720, height: int = 1040) -> MapFrame:
        scale = NARROWEST_PX / width
        sizes = Sizes(ceil(NUMBER_PX / scale), ceil(FLOOR_PX / scale), gap=8)
        return cls(Box(0, 0, width, height), sizes)


def map_svg(
    table: Table,
    open_ends: Collection[object],
    frame: MapFrame | None = None,
    marked: Collection[str] = (),
    layouts: Layouts | None = None,
) -> str:
    """``table``'s picture as one <svg> element (``open_ends``: the tiles whose end is open
    now; ``marked``: the keys "end:<tile>" of ends to ring), laid out with ``layouts``: the
    sequence's it is in (hubd/picture/chain.py; the phones' map carries one through the round,
    hubd/web/phone_map.py); without, a fresh one's (the table's prefixes laid out first)."""
    frame = frame or MapFrame.phone()
    # The picture a margin inside the drawing: a count reaches into the gaps beside its cell
    # and a padlock over its end's top, and the page clips the SVG at its edge ("+2" at the
    # left edge lost its plus).
    margin = 2 * frame.sizes.gap
    x, y, w, h = frame.area
    inside = Box(x + margin, y + margin, w - 2 * margin, h - 2 * margin)
    layouts = layouts or Layouts()
    drawn = layouts.laid_out(table, inside, frame.sizes)  # the phone's own whole view
    floor = drawn.drawn_floor(frame.sizes.floor)
    return render(drawn, table, open_ends, marked, floor, frame.area, frame.sizes.gap, trimmed=True)


def render(
    drawn: Picture,
    table: Table,
    open_ends: Collection[object],
    marked: Collection[str] = (),
    letter_px: int | None = None,
    view: Box | None = None,
    gap: int = 0,
    trimmed: bool = False,
) -> str:
    """The picture of ``table`` as SVG; each arm's letter at ``letter_px`` (default: the
    numbers' size); ``view``: the drawing's area (default: the picture's own); ``gap``:
    between two of its cells, where a count may reach; ``trimmed``: the view only as high
    as the step of HEIGHT_STEPS holding every piece (and ``2 * gap`` around them)."""
    area = view or drawn.area
    labels = arm_labels(drawn, table, letter_px or drawn.number_px)
    if trimmed:
        pieces = [t.box for t in drawn.tiles] + [e.box for e in drawn.ends]
        area = held_height(area, pieces + [f.box for f in drawn.folds] + [a.box for a in labels],
                           2 * gap)  # fmt: skip
    width = max(3, drawn.number_px // 9)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{area.x} {area.y} {area.w} {area.h}"'
        ' class="map" role="img" direction="ltr">'
    ]
    parts += [_link(link, width) for link in drawn.links]
    floor = letter_px or drawn.number_px
    sizes = tiles_digits(drawn.tiles, floor)
    parts += [_tile(tile, digits) for tile, digits in zip(drawn.tiles, sizes, strict=True)]
    reach = drawn.count_reach(gap)  # as far as the hub's count reaches
    parts += [_fold(run, drawn.number_px, reach) for run in drawn.folds]
    parts += [_arm(letter) for letter in labels]
    parts += [_end(end, end.on in open_ends, end.key in marked, drawn.number_px)
              for end in drawn.ends]  # fmt: skip
    parts.append("</svg>")
    return "".join(parts)


def held_height(area: Box, pieces: Collection[Box], margin: int) -> Box:
    """``area`` cut to the least of HEIGHT_STEPS heights, about its middle, that holds every
    one of ``pieces`` with ``margin`` above and below (all of it where none is given)."""
    middle = area.y + area.h / 2
    reach = max((max(middle - b.y, b.bottom - middle) for b in pieces), default=area.h / 2)
    for step in range(1, HEIGHT_STEPS + 1):
        height = ceil(area.h * step / HEIGHT_STEPS)
        if height >= 2 * (reach + margin):
            break
    top = round(middle - height / 2)
    return Box(area.x, top, area.w, height)


def _link(link: MapLink, width: int) -> str:
    (x1, y1), (x2, y2) = link.start, link.end
    return (f'<line class="link" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
            f' stroke-width="{width}"/>')  # fmt: skip


def _tile(tile: MapTile, digits: int) -> str:
    """A tile, its pips, or its numbers as ``digits`` px digits (as on the hub: where pips
    would be under 1 mm, ``tiles_digits``)."""
    x, y, w, h = tile.box
    radius = max(2, min(w, h) // 7)
    kind = "tile double" if tile.double else "tile"
    out = [
        f'<g class="{kind}" data-tile="{tile.tile}">',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}"/>',
    ]
    line = '<line class="bar"' if digits else "<line"  # dark, thick between digits: "8|3"
    if tile.vertical:
        halves = (Box(x, y, w, h // 2), Box(x, y + h - h // 2, w, h // 2))
        out.append(f'{line} x1="{x + 3}" y1="{y + h // 2}" x2="{x + w - 3}" y2="{y + h // 2}"/>')
    else:
        halves = (Box(x, y, w // 2, h), Box(x + w - w // 2, y, w // 2, h))
        out.append(f'{line} x1="{x + w // 2}" y1="{y + 3}" x2="{x + w // 2}" y2="{y + h - 3}"/>')
    rooms = digit_rooms(w, h, tile.vertical)  # off the tile's edge and off the bar
    for value, half, (rx, ry, rw, rh) in zip(tile.halves, halves, rooms, strict=True):
        room = Box(x + rx, y + ry, rw, rh)
        out += [_text(room, str(value), digits, "digits")] if digits else _half(value, half)
    out.append("</g>")
    return "".join(out)


def _half(value: int, half: Box) -> list[str]:
    side = min(half.w, half.h)
    if value > 9:  # too many pips to read: the number, as on the hub
        return [_text(half, str(value), max(8, int(side * 0.6)), "pips")]
    cell = side / 3.4
    radius = max(1.0, side / 11)
    cx, cy = half.x + half.w / 2, half.y + half.h / 2
    r = f"{radius:.1f}"
    return [
        f'<circle class="pip" cx="{cx + dx * cell:.1f}" cy="{cy + dy * cell:.1f}" r="{r}"/>'
        for dx, dy in grid_spots(value)
    ]


def _text(box: Box, text: str, size: int, role: str, length: int | None = None) -> str:
    """``text`` centred on ``box``; ``length``: drawn narrower to that width."""
    cx, cy = box.center
    narrower = f' textLength="{length}" lengthAdjust="spacingAndGlyphs"' if length else ""
    return (
        f'<text class="{role}" x="{cx}" y="{cy}" font-size="{size}"{narrower} '
        f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>'
    )


def _fold(run: MapFold, size: int, reach: int) -> str:
    """A run's count ("+12"): as on the hub, ``reach`` into the gaps beside its cell and no
    further, drawn narrower where it is wider (its height is what reads)."""
    room = run.box.w + 2 * reach
    wide = ceil((PLUS_EM + DIGIT_EM * (len(run.text) - 1)) * size)
    return _text(run.box, run.text, size, "fold", room if wide > room else None)


def shown_letters(svg: str | None) -> frozenset[str]:
    """The arms' letters the map ``svg`` (drawn by ``render``; None: no map) shows: the words
    beside it name an arm by its letter only where this map shows it (the phone's map is laid
    out at the phone's size, with letters of its own: not always the hub's)."""
    return frozenset(unescape(text) for text in _ARM_LETTER.findall(svg or ""))


def _arm(letter: MapLabel) -> str:
    """An arm's letter on a backing, so it reads even where it lies over a tile."""
    x, y, w, h = letter.box
    return (f'<g class="arm" data-arm="{escape(letter.text)}"><rect x="{x}" y="{y}"'
            f' width="{w}" height="{h}" rx="{min(w, h) // 5}"/>'
            f"{_text(letter.box, letter.text, letter.size, 'arm')}</g>")  # fmt: skip


def _end(end: MapEnd, is_open: bool, is_marked: bool, size: int) -> str:
    x, y, w, h = end.box
    kind = "foot" if end.kind is PlaceKind.FOOT else "end"
    state = "open" if is_open else "closed"
    mark = " marked" if is_marked else ""
    out = [
        f'<g class="{kind} {state}{mark}" data-on="{end.on}" data-needs="{end.needs}">',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{min(w, h) // 4}"/>',
        _text(end.box, str(end.needs), size, "needs"),
    ]
    if not is_open:
        out.append(_padlock(end.box))
    out.append("</g>")
    return "".join(out)


def _padlock(box: Box) -> str:
    side = max(10, min(box.w, box.h) // 3)
    left = box.right - side - 1
    top = box.y + side // 3
    return (
        f'<g class="padlock"><rect x="{left + side // 6}" y="{top - side // 3}"'
        f' width="{side * 2 // 3}" height="{side // 2}" rx="{side // 3}" fill="none"/>'
        f'<rect x="{left}" y="{top}" width="{side}" height="{side * 3 // 4}" rx="3"/></g>'
    )
