"""The whole table a tap away: where the whole view stands, and the play map's sign of it.

A tap on the play map opens the whole view: the table's picture on the whole screen but the
status line as the play screen's and a large Back (beside it in landscape, across the foot of
a portrait screen, where the status line needs the screen's width), at the map's own sizes
(hubd/screens/play.py draws it; the entry under way is kept, Back returns to it). The play
map says so in a small sign, "Whole table" beside a frame, in a free place along its edges
(never over a tile, an end's target, a run's count or an arm's letter; a tap anywhere on
the map opens it, the sign is no target of its own); where the play map
shows the table laid out larger in its own shape and drawn smaller (hubd/picture/faithful.py),
the sign says a tap enlarges it, in the strip along the map's top the shrunk picture leaves
free.
"""

from __future__ import annotations

from dataclasses import dataclass

from hubd.picture import Picture
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import Kind, Style, Widget


@dataclass(frozen=True)
class WholeRoom:
    """The whole view's boxes: its top bar, Back and the status line in it, the picture."""

    bar: Rect
    back: Rect
    status: Rect
    area: Rect


def back_px(b: Builder) -> int:
    """Back's words: as large as a screen's title (30 px at 800x480), never under any text's
    least."""
    return max(b.px(30), b.min_text)


def whole_room(b: Builder) -> WholeRoom:
    """The whole view at ``b``'s size. Landscape: a bar of one line at 6 mm and a target,
    Back at its start, the status line beside it. Portrait: the status line as the play
    screen's (two lines across the screen: beside Back, a long one was cut), Back across the
    screen's foot."""
    g = b.gap
    if b.landscape:
        bar = Rect(0, 0, b.w, b.target + g)
        back_w = max(2 * b.target, b.measure.width(b.tr("Back"), back_px(b), True) + 4 * g)
        back = Rect(g, g // 2, back_w, bar.h - g)
        status = Rect(back.right + g // 2, 0, b.w - back.right - g // 2, bar.h)
        area = Rect(g, bar.bottom + b.px(4), b.w - 2 * g, b.h - bar.bottom - b.px(4) - g)
        return WholeRoom(bar, back, status, area)
    bar = Rect(0, 0, b.w, 2 * b.measure.line_height(b.px(72), True) + g)
    back = Rect(g, b.h - g - b.target, b.w - 2 * g, b.target)
    area = Rect(g, bar.bottom + g, b.w - 2 * g, back.y - g - bar.bottom - g)
    return WholeRoom(bar, back, Rect(bar), area)


def draw_sign(b: Builder, drawn: Picture, area: Rect, taken: list[Rect]) -> None:
    """The play map's sign that a tap opens the whole view: along the top strip of a shrunk
    picture, saying a tap shows it larger; else in the first place clear of ``taken`` (the map's
    pieces, letters, rings and numerals) and of the strokes: along the map's edges, the
    corners first, then inside; the frame alone where the words find no place; none where
    nothing is free (the map opens the whole view all the same)."""
    size = b.min_text
    height = b.measure.line_height(size) + b.px(4)
    if drawn.scale < 1:
        text = b.tr("Tap to enlarge")
        width = min(area.w, height + b.measure.width(text, size) + 3 * b.px(6))
        _sign(b, Rect(area.right - width, area.y, width, height), text, size)
        return
    text = b.tr("Whole table")
    clear = [box.inflate(4, 4) for box in taken]
    clear += [_stroke(link.start, link.end) for link in drawn.links]
    line = b.measure.line_height(size)
    pad = 3 * b.px(6)
    signs = [(height + b.measure.width(text, size) + pad, height, text, True)]  # one line,
    if " " in text:  # two, the words alone,
        two = _two_lines(b, text, size)
        signs.append((height + two + pad, height + line, text, True))
        signs.append((two + pad, height + line, text, False))
    signs.append((height, height, "", True))  # or the frame alone
    for width, tall, words, framed in signs:
        if width > area.w or tall > area.h:
            continue
        for box in _places(area, width, tall, max(4, b.px(8))):
            if box.collidelist(clear) < 0:  # the first piece in the way ends the look
                _sign(b, box, words, size, framed)
                return


def _two_lines(b: Builder, text: str, size: int) -> int:
    """The width ``text`` takes broken at its best space onto two lines."""
    words = text.split(" ")
    return min(
        max(
            b.measure.width(" ".join(words[:cut]), size),
            b.measure.width(" ".join(words[cut:]), size),
        )
        for cut in range(1, len(words))
    )


def _places(area: Rect, width: int, height: int, step: int) -> list[Rect]:
    """Where a sign may stand, in turn: the four corners (the top end's first), along the
    bottom and the top edges, the sides, then anywhere inside (coarser)."""
    left, right = area.x, area.right - width
    top, bottom = area.y, area.bottom - height
    places = [(right, top), (left, top), (right, bottom), (left, bottom)]
    places += [(x, y) for y in (bottom, top) for x in range(right, left - 1, -step)]
    places += [(x, y) for x in (right, left) for y in range(top, bottom + 1, step)]
    places += [(x, y) for y in range(top + 2 * step, bottom, 2 * step)
               for x in range(right - 2 * step, left, -2 * step)]  # fmt: skip
    return [Rect(x, y, width, height) for x, y in places]


def _stroke(start: tuple[int, int], end: tuple[int, int]) -> Rect:
    x1, y1 = start
    x2, y2 = end
    return Rect(min(x1, x2) - 2, min(y1, y2) - 2, abs(x2 - x1) + 5, abs(y2 - y1) + 5)


def _sign(b: Builder, box: Rect, text: str, size: int, framed: bool = True) -> None:
    """The sign: a dark box, a small frame (a screen's outline) at its start, the words (the
    tap is the map's own, under it)."""
    sign = b.panel(box, Style.DARK)
    sign.mirror, sign.key, sign.role = False, "whole", "whole"
    # The map is never mirrored, the sign's own reading is: the frame at the words' start.
    side = b.measure.line_height(size) + b.px(4) if framed else 0  # as tall as one line
    at = box.right - side if b.rtl else box.x
    if framed:
        icon = Rect(at, box.centery - side // 2, side, side).inflate(-b.px(10), -b.px(10))
        b.add(Widget(icon, Kind.PANEL, style=Style.NORMAL, mirror=False))
        b.add(Widget(icon.inflate(-b.px(8), -b.px(8)), Kind.PANEL, style=Style.DARK,
                     mirror=False))  # fmt: skip
    if text:
        inset = b.px(6)
        start = inset if b.rtl or not framed else side
        words = Rect(box.x + start, box.y, box.w - side - inset - (0 if framed else inset), box.h)
        b.label(words, text, size, floor=size, align="end" if b.rtl else "start",
                mirror=False, squeeze=True, wrap=True, role="whole", key="whole:words")  # fmt: skip
