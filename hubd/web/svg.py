"""The table map as SVG for the phones: the layout the hub draws (hubd/screens/map/table_map.py),
drawn from its pieces alone.

The area and the metrics are chosen for a phone held upright: text sizes are in the SVG's
own units, so that at the narrowest phone the page is laid out for (320 CSS px) the end
numbers are at least 24 px and the labels at least 16. Like the hub's, the map is never
mirrored for right-to-left languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from math import ceil

from engine import PlaceKind, Table
from hubd.screens.kit.pips import grid_spots
from hubd.screens.map.geometry import Box, MapEnd, MapLink, MapTile, Metrics, TableMap
from hubd.screens.map.table_map import table_map

#: The narrowest page the map is drawn for, in CSS px, and the least sizes there.
NARROWEST_PX = 320
NUMBER_PX = 24
LABEL_PX = 16


@dataclass(frozen=True)
class MapFrame:
    """The map's drawing area and its sizes in SVG units."""

    area: Box
    number: int  # an end's number
    label: int  # an end's line label
    metrics: Metrics

    @classmethod
    def phone(cls, width: int = 720, height: int = 1040) -> MapFrame:
        scale = NARROWEST_PX / width
        number = ceil(NUMBER_PX / scale)
        label = ceil(LABEL_PX / scale)
        target = ceil((number + label) * 1.1) + 4
        area = Box(0, 0, width, height)
        return cls(area, number, label, Metrics.for_area(area, target, gap=8))


def map_svg(table: Table, open_ends: frozenset[object], frame: MapFrame | None = None) -> str:
    """``table``'s map as one <svg> element (``open_ends``: the tiles whose end is open now)."""
    frame = frame or MapFrame.phone()
    drawn = table_map(table, frame.area, frame.metrics)
    return render(drawn, open_ends, frame)


def render(drawn: TableMap, open_ends: frozenset[object], frame: MapFrame) -> str:
    area = frame.area
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{area.x} {area.y} {area.w} {area.h}"'
        ' class="map" role="img" direction="ltr">'
    ]
    parts += [_link(link) for link in drawn.links]
    parts += [_tile(tile) for tile in drawn.tiles]
    # An end's target carries its line's label; a foot whose toes are all laid has no end
    # left, so its label stands over its double as on the hub.
    with_end = {end.on for end in drawn.ends}
    parts += [_text(name.box, name.text, frame.label, "line") for name in drawn.names
              if name.on not in with_end]  # fmt: skip
    parts += [_end(end, end.on in open_ends, frame) for end in drawn.ends]
    parts.append("</svg>")
    return "".join(parts)


def _link(link: MapLink) -> str:
    (x1, y1), (x2, y2) = link.start, link.end
    return f'<line class="link" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'


def _tile(tile: MapTile) -> str:
    x, y, w, h = tile.box
    radius = max(2, min(w, h) // 7)
    out = [
        f'<g class="tile" data-tile="{tile.tile}" data-line="{escape(tile.line)}">',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}"/>',
    ]
    if tile.vertical:
        halves = (Box(x, y, w, h // 2), Box(x, y + h - h // 2, w, h // 2))
        out.append(f'<line x1="{x + 3}" y1="{y + h // 2}" x2="{x + w - 3}" y2="{y + h // 2}"/>')
    else:
        halves = (Box(x, y, w // 2, h), Box(x + w - w // 2, y, w // 2, h))
        out.append(f'<line x1="{x + w // 2}" y1="{y + 3}" x2="{x + w // 2}" y2="{y + h - 3}"/>')
    for value, half in zip(tile.halves, halves, strict=True):
        out += _pips(value, half)
    out.append("</g>")
    return "".join(out)


def _pips(value: int, half: Box) -> list[str]:
    side = min(half.w, half.h)
    cell = side / 3.4
    radius = max(1.0, side / (11 if value <= 9 else 16))
    cx, cy = half.x + half.w / 2, half.y + half.h / 2
    r = f"{radius:.1f}"
    return [
        f'<circle class="pip" cx="{cx + dx * cell:.1f}" cy="{cy + dy * cell:.1f}" r="{r}"/>'
        for dx, dy in grid_spots(value)
    ]


def _text(box: Box, text: str, size: int, role: str, dy: int = 0) -> str:
    cx, cy = box.center
    return (
        f'<text class="{role}" x="{cx}" y="{cy + dy}" font-size="{size}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>'
    )


def _end(end: MapEnd, is_open: bool, frame: MapFrame) -> str:
    x, y, w, h = end.box
    kind = "foot" if end.kind is PlaceKind.FOOT else "end"
    state = "open" if is_open else "closed"
    out = [
        f'<g class="{kind} {state}" data-on="{end.on}" data-needs="{end.needs}">',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{min(w, h) // 2}"/>',
    ]
    if end.line:
        shift = frame.label // 2 + 2
        out.append(_text(end.box, str(end.needs), frame.number, "needs", -shift))
        out.append(_text(end.box, end.line, frame.label, "line", frame.number // 2))
    else:
        out.append(_text(end.box, str(end.needs), frame.number, "needs"))
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
