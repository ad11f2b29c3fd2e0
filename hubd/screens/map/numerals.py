"""The choices' numerals on the map (issue 35): while an entry offers two ends or more, each
ringed end carries its choice's numeral, light on dark, where it reads as that ring's and
hides nothing else of the table.

A numeral stands beside its ring, touching it, in a place free of every other piece of the
map (tiles, ends and their numbers, counts, the arms' letters, other rings and numerals,
strokes): along a side, its middle first, then its corners. Where no such place is free (a
crowded table), it stands over the ring's frame; else a little way off, the nearest free
place within ``LEADER_REACH`` badges' heights, joined to its ring by a short line of the
ring's gold over nothing else; else the ring shares its end between the two, as a choice's
button does: the numeral's dark badge at one side of the end (reaching out of the ring where
that is free), the number the end needs beside it in the rest, each at the map's floor or
larger (a badge alone on an end read as an end needing that number, its own number hidden).
Only an end too narrow for both carries the numeral alone. Never over another piece.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Kind, Style, Widget

#: The map's pieces a numeral keeps off (the strokes are kept off as drawn), and the sign
#: that a tap enlarges a shrunk map (its strip looks free: a numeral there stood under it).
PIECES = ("tile", "end", "needs", "label", "mark", "choice_number", "whole")
#: How far off its ring a numeral may stand, joined to it by a line: in badges' heights.
LEADER_REACH = 2


@dataclass(frozen=True)
class Ringed:
    """An offered end (or ends drawn in one place) as ringed: its ring, the end's own box and
    number (what the ring itself may carry its numeral over), and the numerals."""

    ring: Rect
    own: tuple[Widget, ...]
    numerals: str


@dataclass(frozen=True)
class _Placed:
    """Where a numeral's badge stands: ``leader``, the line joining it to its ring, if any;
    ``shared``, the need beside it on the end they share, and the room it keeps for the badge
    (``lead``: on its left, negative on its right) and its size and squeeze there, if it
    shares; ``carried``: alone on its end."""

    badge: Rect
    size: int
    leader: tuple[int, int, int, int] | None = None
    shared: tuple[Widget, int, int, float] | None = None
    carried: bool = False


@dataclass
class _Map:
    """What a numeral must keep off: the pieces' boxes and the strokes, and what it should
    stand apart from (other rings and numerals, the arms' letters: a "2" by the ring of
    choice 1 reads as that ring's number, a "1" by the letter C as "C1")."""

    pieces: list[tuple[Widget, Rect]]
    strokes: list[tuple[tuple[int, int, int, int], int]]
    apart: list[Rect]


def draw_numerals(b: Builder, area: Rect, ringed: Sequence[Ringed], size: int, floor: int) -> None:
    """Each of ``ringed``'s numerals by its ring (see the module), inside ``area`` (the map's
    and the free room beside it),
    at the map's number size (one its ring carries: as large as its end holds, down to the
    map's ``floor``)."""
    pieces = [(w, w.rect) for w in b.widgets if w.role in PIECES and w.rect.colliderect(area)]
    strokes = [(w.points, max(1, w.pad)) for w in b.widgets
               if w.kind is Kind.LINK and w.points is not None]  # fmt: skip
    letters = [w.rect for w in b.widgets if w.key.startswith("arm:")]
    seen = _Map(pieces, strokes, [r.ring for r in ringed] + letters)
    for one in ringed:
        placed = _badge_box(b, one, area, size, floor, seen)
        badge, leader = placed.badge, placed.leader
        if leader is not None:  # the ring's gold, as wide as the map's strokes
            wide = _leader_width(size)
            box = Rect(
                min(leader[0], leader[2]),
                min(leader[1], leader[3]),
                abs(leader[2] - leader[0]) + 1,
                abs(leader[3] - leader[1]) + 1,
            )
            b.add(
                Widget(
                    box,
                    Kind.LINK,
                    points=leader,
                    mirror=False,
                    pad=wide,
                    style=Style.SELECTED,
                    key=f"leader:{one.numerals}",
                    role="leader",
                )
            )
            seen.strokes.append((leader, wide))
        if placed.shared is not None:  # the end's number beside the badge, in the rest
            need, lead, need_px, squeeze = placed.shared
            need.lead, need.size, need.squeeze = lead, need_px, squeeze
        panel = b.panel(badge, Style.DARK)
        panel.mirror, panel.key = False, f"numeral:{one.numerals}"  # what is seen of it
        # Its line's box, the digits in the middle of the badge (the line's room for letters
        # below the baseline kept out of the badge), or on the end its ring carries.
        ink_top = b.measure.ink("0123456789", placed.size, True)[0]
        line = b.measure.line_height(placed.size, True)
        box = Rect(badge.x, badge.y + _pad(b) - ink_top, badge.w, line)
        least = placed.size
        if placed.carried:
            box = Rect(badge)
            least = size if badge.h + 2 >= line else min(size, floor)
        # In scale with the map's own numbers, as its badge is: a shrunk map's numerals are
        # under the screen's least text, and held to it they were cut away in their badges.
        label = b.label(box, one.numerals, placed.size, bold=True, floor=least, reading=True,
                        mirror=False, key=f"number:{one.numerals}", role="choice_number",
                        squeeze=True, least=least)  # fmt: skip
        seen.pieces.append((label, label.rect.union(badge)))  # its line's box reaches past it
        seen.apart.append(badge)


def _leader_width(size: int) -> int:
    """A leader's width: the map's strokes' (hubd/screens/map/view.py) at its number size."""
    return max(3, size // 9)


def _pad(b: Builder) -> int:
    """Between a badge's edge and its digits."""
    return max(2, b.px(4))


def _badge_box(b: Builder, one: Ringed, area: Rect, size: int, floor: int, seen: _Map) -> _Placed:
    """Where ``one``'s numeral stands: beside its ring in a free place, the one farthest from
    other rings, numerals and letters (within a badge's height), a side's middle first; else
    over the ring's frame; else off the ring, the nearest free place its leader reaches over
    nothing; else sharing its end with the end's number; else alone on the end. A badge as
    wide as its digits, else (in each of those places) as their narrowest drawing."""
    ink_h = b.measure.ink("0123456789", size, True)[1]
    height = ink_h + 2 * _pad(b)  # a badge: as tall as its digits and a little
    widths = _widths(b, one.numerals, size, height)
    ring = one.ring
    others = [r for r in seen.apart if r != ring]
    step = max(2, height // 8)
    reach = LEADER_REACH * height

    def crowding(box: Rect) -> float:
        return sum(max(0.0, height - _apart(box, other)) for other in others)

    near = ring.inflate(2 * (widths[0] + step + reach), 2 * (height + step + reach))
    pieces = [(rect.x, rect.y, rect.right, rect.bottom) for widget, rect in seen.pieces
              if rect.colliderect(near) and not _own(widget, rect, one)]  # fmt: skip
    strokes = [(points, wide) for points, wide in seen.strokes if crosses(points, wide, near)]
    end = next((Rect(w.rect) for w in one.own if w.role == "end"), ring)
    for base in (ring, end):  # touching the ring, else over its frame (touching the end)
        for width in widths:
            free = [box for box in _around(base, width, height, step)
                    if _free(box, area, pieces, strokes)]  # fmt: skip
            if free:
                box = min(free, key=lambda box: (crowding(box), _off_middle(box, base)))
                return _Placed(box, size)
    wide = _leader_width(size)
    for off in range(step, reach + 1, step):  # a little way off, joined by a line
        joined: list[tuple[float, int, Rect, tuple[int, int, int, int]]] = []
        for width in widths:
            for box in _around(ring.inflate(2 * off, 2 * off), width, height, step):
                leader = _leader(ring, box)
                if leader is None or not _free(box, area, pieces, strokes):
                    continue
                if _clear(leader, wide, pieces, strokes):
                    joined.append((crowding(box), _off_middle(box, ring), box, leader))
        if joined:
            _crowding, _off, box, line = min(joined, key=lambda found: found[:2])
            return _Placed(box, size, leader=line)
    needs = [w for w in one.own if w.role == "needs"]
    if len(needs) == 1 and len(one.own) == 2:  # one end and its number
        for px in sorted({size, max(1, min(size, floor))}, reverse=True):
            shared = _sharing(b, one.numerals, end, needs[0], px, floor, (area, pieces, strokes))
            if shared is not None:
                return shared
    return _Placed(end, size, carried=True)


def _widths(b: Builder, numerals: str, size: int, height: int) -> tuple[int, ...]:
    """A badge's widths for ``numerals`` at ``size``: as wide as the digits drawn as they
    are, then as narrow as a label may draw them (``MIN_SQUEEZE``)."""
    digits = b.measure.width(numerals, size, True)
    margin = 2 * max(3, b.px(4))
    natural = max(height * 4 // 5, digits + margin)
    narrow = max(height * 3 // 5, math.ceil(digits * MIN_SQUEEZE) + margin)
    return (natural, narrow) if narrow < natural else (natural,)


def _sharing(
    b: Builder,
    numerals: str,
    end: Rect,
    need: Widget,
    size: int,
    floor: int,
    room: tuple[Rect, list[tuple[int, int, int, int]], list[tuple[tuple[int, int, int, int], int]]],
) -> _Placed | None:
    """The badge of ``numerals`` at ``size`` over a corner of ``end`` (the top's first, the
    reading's start side first), as little of the end as it can, its digits above or below
    the end's own by half of theirs or more, else a third (side by side on one line, "4" and
    "9" read as 49), reaching out of the ring where that is free, with the end's number
    ``need`` whole beside it, a badge's margin from it, at ``floor`` or larger; None where no
    such place is free. ``room``: the map's area, its pieces and strokes."""
    area, pieces, strokes = room
    ink_h = b.measure.ink("0123456789", size, True)[1]
    height = ink_h + 2 * _pad(b)
    apart = max(2, b.px(4), size // 6)  # between the badge and the number beside it
    step = max(2, height // 8)
    half, third, most = -(-ink_h // 2), -(-ink_h // 3), (end.h + height) // 2
    for offsets in (range(half, most + 1, step), range(third, half)):  # apart the most first
        for width in _widths(b, numerals, size, height):
            for overlap in range(1, end.w):
                fits = _need_fits(b, need, need.rect.w - overlap - 2 * apart, floor)
                if fits is None:
                    break
                sides = [(end.x + overlap - width, overlap + apart),
                         (end.right - overlap, -(overlap + apart))]  # fmt: skip
                if b.rtl:  # the reading's start side first, as a choice's badge stands
                    sides.reverse()
                for offset in offsets:
                    for y in (
                        end.centery - offset - height // 2,
                        end.centery + offset - height // 2,
                    ):
                        for x, lead in sides:
                            box = Rect(x, y, width, height)
                            if _free(box, area, pieces, strokes):
                                return _Placed(box, size, shared=(need, lead, *fits))
    return None


def _need_fits(b: Builder, need: Widget, room: int, floor: int) -> tuple[int, float] | None:
    """The largest size, from the number's own down to ``floor``, at which the end's number
    ``need`` stands whole in ``room`` px, drawn narrower as a label may be; and how much
    narrower."""
    for px in range(need.size, max(1, floor) - 1, -1):
        wide = b.measure.width(need.text, px, True)
        if wide * MIN_SQUEEZE <= room:
            return px, min(1.0, room / max(1, wide))
    return None


def _leader(ring: Rect, box: Rect) -> tuple[int, int, int, int] | None:
    """The line square from the side of the badge ``box`` that faces ``ring`` to the ring,
    in the middle of what the two share (None: they share less than half the badge's side:
    the badge off a corner would read as another piece's)."""
    if box.right <= ring.x or box.x >= ring.right:  # left or right of it
        low, high = max(box.y, ring.y), min(box.bottom, ring.bottom)
        x1, x2 = (box.right, ring.x) if box.right <= ring.x else (box.x - 1, ring.right - 1)
        middle = (low + high) // 2
        return (x1, middle, x2, middle) if 2 * (high - low) >= box.h else None
    low, high = max(box.x, ring.x), min(box.right, ring.right)
    y1, y2 = (box.bottom, ring.y) if box.bottom <= ring.y else (box.y - 1, ring.bottom - 1)
    middle = (low + high) // 2
    return (middle, y1, middle, y2) if 2 * (high - low) >= box.w else None


def _clear(
    leader: tuple[int, int, int, int],
    wide: int,
    pieces: list[tuple[int, int, int, int]],
    strokes: list[tuple[tuple[int, int, int, int], int]],
) -> bool:
    """Whether a leader ``wide`` px wide passes no piece closer than its own width (running
    along one, it would read as that piece's) and meets no stroke."""
    for x1, y1, x2, y2 in pieces:
        if crosses(leader, 3 * wide, Rect(x1, y1, x2 - x1, y2 - y1)):
            return False
    x1, y1, x2, y2 = leader
    box = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
    return not any(crosses(points, width + wide, box) for points, width in strokes)


def _around(ring: Rect, width: int, height: int, step: int) -> Iterator[Rect]:
    """Boxes touching ``ring`` from outside: along each side, from its middle outwards to its
    corners (the left and right sides first: a numeral beside a number reads with it)."""
    for x in (ring.x - width, ring.right):
        middle = ring.centery - height // 2
        for y in _outwards(middle, ring.y - height, ring.bottom, step):
            yield Rect(x, y, width, height)
    for y in (ring.y - height, ring.bottom):
        middle = ring.centerx - width // 2
        for x in _outwards(middle, ring.x - width, ring.right, step):
            yield Rect(x, y, width, height)


def _outwards(middle: int, low: int, high: int, step: int) -> Iterator[int]:
    """``middle``, then values alternately either side of it, ``step`` apart, within
    ``low``..``high``."""
    yield middle
    for offset in range(step, max(middle - low, high - middle) + 1, step):
        if middle - offset >= low:
            yield middle - offset
        if middle + offset <= high:
            yield middle + offset


def _own(widget: Widget, rect: Rect, one: Ringed) -> bool:
    """Whether a piece is ``one``'s own: its end, the number it needs, its ring."""
    return any(widget is own for own in one.own) or (widget.role == "mark" and rect == one.ring)


def _free(
    box: Rect,
    area: Rect,
    pieces: list[tuple[int, int, int, int]],
    strokes: list[tuple[tuple[int, int, int, int], int]],
) -> bool:
    """``box`` inside the map and clear of ``pieces`` (left, top, right, bottom: plain
    numbers, as many boxes are tried) and ``strokes``."""
    if not area.contains(box):
        return False
    left, top, right, bottom = box.x, box.y, box.right, box.bottom
    for x1, y1, x2, y2 in pieces:
        if x1 < right and left < x2 and y1 < bottom and top < y2:
            return False
    return not any(crosses(points, width, box) for points, width in strokes)


def crosses(points: tuple[int, int, int, int], width: int, box: Rect) -> bool:
    """Whether a stroke ``width`` px wide between ``points`` reaches a pixel of ``box`` (one
    whose centre lies within half the stroke's width less half a pixel, as pygame draws it)."""
    x1, y1, x2, y2 = points
    left, top, right, bottom = box.x, box.y, box.right - 1, box.bottom - 1
    if _meets(points, (left, top, right, bottom)):
        return True
    corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
    nearest = min(
        [_to_box(x, y, (left, top, right, bottom)) for x, y in ((x1, y1), (x2, y2))]
        + [_to_segment(x, y, points) for x, y in corners]
    )
    return nearest <= (width - 1) / 2


def _meets(points: tuple[int, int, int, int], box: tuple[int, int, int, int]) -> bool:
    """Whether the segment between ``points`` meets ``box`` (left, top, right, bottom),
    clipped to it the Liang-Barsky way."""
    x1, y1, x2, y2 = points
    left, top, right, bottom = box
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _to_box(x: float, y: float, box: tuple[int, int, int, int]) -> float:
    left, top, right, bottom = box
    return math.hypot(max(left - x, 0, x - right), max(top - y, 0, y - bottom))


def _to_segment(x: float, y: float, points: tuple[int, int, int, int]) -> float:
    x1, y1, x2, y2 = points
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length))
    return math.hypot(x - x1 - t * dx, y - y1 - t * dy)


def _off_middle(box: Rect, ring: Rect) -> int:
    """How far ``box`` slid from the middle of the ring's side it stands by."""
    if box.right <= ring.x or box.x >= ring.right:  # left or right of it
        return abs(box.centery - ring.centery)
    return abs(box.centerx - ring.centerx)


def _apart(one: Rect, other: Rect) -> float:
    """How far apart two rects' nearest sides are (0 where they meet or overlap)."""
    dx = max(0, max(one.x, other.x) - min(one.right, other.right))
    dy = max(0, max(one.y, other.y) - min(one.bottom, other.bottom))
    return math.hypot(dx, dy)
