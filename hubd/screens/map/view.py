"""Drawing the table map (hubd/screens/map/table_map.py) as widgets, and what its ends do.

An open end opens the other-half picker; a closed one (padlocked while a foot waits for its
toes) refuses at the first touch, beside the finger, and opens nothing. The map is the same
picture in every language: it is never mirrored for right-to-left text.
"""

from __future__ import annotations

import math

from engine import GameState, PlaceKind, Tile
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.base import Builder
from hubd.screens.kit.widgets import (
    MIN_MAP_TARGET,
    MIN_SQUEEZE,
    TEXT_DARK,
    Action,
    Kind,
    Style,
    Widget,
)
from hubd.screens.map.table_map import Box, MapEnd, Metrics, table_map
from hubd.screens.pickers import PlacePicker
from hubd.screens.ui import Ui
from hubd.text.wording import closed_reason
from hubd.values.intents import Intent

#: The widest label a line can have: the last arm's, past its 10th toe.
WIDEST_LABEL = "H88"


def map_metrics(b: Builder, area: Box) -> Metrics:
    """The map's sizes at this screen size, from its text: numbers and labels that read from
    every seat (6 mm and 4.5 mm at 1.5 m) decide the cells, each an end's number over its
    line's label; the area how many."""
    number_px, label_px = end_fonts(b)
    numbers = b.painter.width("88", number_px, True) + b.px(2)
    # As narrow as the widest number and label drawn narrower (a condensed face's letters,
    # their height kept), so that more cells fit across: 9 at 800x480, 8 at 720x1280.
    label = b.painter.width(WIDEST_LABEL, label_px, True)
    least = max(b.px(MIN_MAP_TARGET), *(math.ceil(w * MIN_SQUEEZE) for w in (numbers, label)))
    _top, digits = b.painter.ink("0123456789", number_px, True)
    _top, letters = b.painter.ink("ABCDEFGHMW0123456789", label_px, True)
    stacked = max(b.px(MIN_MAP_TARGET), digits + letters + 3 * _space(b))
    label_h = b.painter.line_height(label_px, True)
    return Metrics.for_sizes(least, stacked, label_h, max(4, b.px(4)), height=area.h,
                             width=area.w, widest=max(b.target, numbers))  # fmt: skip


def _space(b: Builder) -> int:
    """The room above an end's number, between it and its label, and below."""
    return max(2, b.px(2))


def end_fonts(b: Builder) -> tuple[int, int]:
    """The sizes of an end's number and of a line's label (800x480: 44 and 32 px)."""
    if b.landscape:
        return max(b.px(44), b.min_text), max(b.px(32), b.min_text)
    return max(b.px(68), b.min_text), max(b.px(50), b.min_text)


def draw_map(b: Builder, ui: Ui, state: GameState, area: Rect) -> dict[Tile, str]:
    """Add the map's widgets for ``state`` in ``area``; returns each tile's line label."""
    table = state.table
    assert table is not None
    if b.rtl:  # the screen around it is mirrored, the map itself is not
        area = Rect(b.w - area.right, area.y, area.w, area.h)
    bounds = Box(*area)
    drawn = table_map(table, bounds, map_metrics(b, bounds))
    panel = b.panel(area, Style.QUIET)
    panel.mirror, panel.key, panel.role = False, "map", "map"
    for lane in drawn.lanes:  # a line's label, tile and target read as one
        b.panel(Rect(lane), Style.DARK).mirror = False
    for link in drawn.links:
        x1, y1 = link.start
        x2, y2 = link.end
        box = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
        b.add(Widget(box, Kind.LINK, points=(x1, y1, x2, y2), mirror=False, key="link"))
    for tile in drawn.tiles:
        widget = b.tile(Rect(tile.box), *tile.halves, vertical=tile.vertical,
                        key=f"tile:{tile.tile}")  # fmt: skip
        widget.mirror = False
        widget.role = "tile"
    _number_px, label_px = end_fonts(b)
    for name in drawn.names:
        b.label(Rect(name.box), name.text, label_px, bold=True, floor=label_px, mirror=False,
                role="line", key=f"line:{name.on}", squeeze=True)  # fmt: skip
    open_now = {place.tile for place in state.open_places()}
    for end in drawn.ends:
        _end(b, ui, state, end, end.on in open_now)
    # Laid where another end needed the same number: ringed a while (the end that lies on
    # it now, or the double it is).
    keys = {f"tile:{ui.marked}", f"end:{ui.marked}"} if ui.marked is not None else set()
    for widget in [w for w in b.widgets if w.key in keys][:1]:
        ring = widget.rect.inflate(b.gap, b.gap).clip(area)
        b.add(Widget(ring, Kind.MARK, mirror=False, key=f"mark:{ui.marked}", role="mark"))
    return drawn.labels


def _end(b: Builder, ui: Ui, state: GameState, end: MapEnd, is_open: bool) -> None:
    rect = Rect(end.box)
    if is_open:
        style = Style.WARN if end.kind is PlaceKind.FOOT else Style.PRIMARY
        action: Action = _open_picker(ui, end.on)
    else:
        style = Style.CLOSED
        action = _refuse(ui, state)
    b.button(rect, "", action, style=style, kind=Kind.TARGET, key=f"end:{end.on}",
             mirror=False, locked=not is_open, role="end", enabled=is_open)  # fmt: skip
    number_px, label_px = end_fonts(b)
    ink = TEXT_DARK if style is Style.PRIMARY else None
    number_box = rect
    if end.line:
        number_box, under, size = _stacked(b, rect, str(end.needs), number_px, end.line, label_px)
        b.label(under, end.line, size, bold=True, floor=size, mirror=False, color=ink,
                role="line", key=f"line:{end.on}", squeeze=True)  # fmt: skip
    b.label(number_box, str(end.needs), number_px, bold=True, reading=True, floor=number_px,
            mirror=False, color=ink, key=f"needs:{end.on}", role="needs",
            squeeze=True)  # fmt: skip


def _stacked(
    b: Builder, rect: Rect, number: str, number_px: int, label: str, label_px: int
) -> tuple[Rect, Rect, int]:
    """An end's label goes under its number, inside its target, at the labels' size where
    the two fit one above the other (their letters, not their lines: the two lines' boxes
    overlap), else at the largest size that does, never under the text floor. The number's
    line box, the label's, its size."""
    painter = b.painter
    number_top, digits = painter.ink(number, number_px, True)
    size = label_px
    while True:
        label_top, letters = painter.ink(label, size, True)
        space = (rect.h - digits - letters) // 3
        if space >= _space(b) or size <= b.min_text:
            break
        size -= 1
    number_box = Rect(rect.x, rect.y + space - number_top, rect.w,
                      painter.line_height(number_px, True))  # fmt: skip
    under = Rect(rect.x, rect.y + 2 * space + digits - label_top, rect.w,
                 painter.line_height(size, True))  # fmt: skip
    return number_box, under, size


def _open_picker(ui: Ui, on: Tile) -> Action:
    def action(_pos: tuple[int, int]) -> list[Intent]:
        ui.open_overlay(PlacePicker(ui, on))
        return []

    return action


def _refuse(ui: Ui, state: GameState) -> Action:
    def action(pos: tuple[int, int]) -> list[Intent]:
        ui.show_tip(closed_reason(state, ui.ntr, ui.tr), pos)
        return []

    return action
