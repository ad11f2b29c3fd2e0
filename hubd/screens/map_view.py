"""Drawing the table map (hubd/screens/table_map.py) as widgets, and what its ends do.

An open end opens the other-half picker; a closed one (padlocked while a foot waits for its
toes) refuses at the first touch, beside the finger, and opens nothing. The map is the same
picture in every language: it is never mirrored for right-to-left text.
"""

from __future__ import annotations

from engine import GameState, PlaceKind, Tile
from hubd.intents import Intent
from hubd.screens.base import Builder, Rect
from hubd.screens.pickers import PlacePicker
from hubd.screens.table_map import Box, MapEnd, Metrics, table_map
from hubd.screens.ui import Ui
from hubd.screens.widgets import TEXT_DARK, Action, Kind, Style, Widget
from hubd.screens.wording import closed_reason


def map_metrics(b: Builder, area: Box) -> Metrics:
    """The map's sizes at this screen size: the end targets carry a number and a label."""
    number_px, label_px = _end_fonts(b)
    two_lines = b.painter.line_height(number_px, True) + b.painter.line_height(label_px, True)
    target = max(b.target, two_lines + b.px(2))
    return Metrics.for_area(area, target, b.gap)


def _end_fonts(b: Builder) -> tuple[int, int]:
    return max(b.px(32), b.min_text), b.min_text


def draw_map(b: Builder, ui: Ui, state: GameState, area: Rect) -> dict[Tile, str]:
    """Add the map's widgets for ``state`` in ``area``; returns each tile's line label."""
    table = state.table
    assert table is not None
    if b.rtl:  # the screen around it is mirrored, the map itself is not
        area = Rect(b.w - area.right, area.y, area.w, area.h)
    bounds = Box(*area)
    drawn = table_map(table, bounds, map_metrics(b, bounds))
    b.panel(area, Style.QUIET).mirror = False
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
    for fold in drawn.folds:
        b.label(Rect(fold.box), f"+{fold.hidden}", b.min_text, bold=True, mirror=False,
                role="fold", key=f"fold:{fold.line}")  # fmt: skip
    open_now = {place.tile for place in state.open_places()}
    for end in drawn.ends:
        _end(b, ui, state, end, end.on in open_now)
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
    # The number it needs, big, and the line's label under it (the hub has none).
    number_px, label_px = _end_fonts(b)
    ink = TEXT_DARK if style is Style.PRIMARY else None
    if end.line:
        number_h = b.painter.line_height(number_px, True)
        top = Rect(rect.x, rect.y + b.px(1), rect.w, number_h)
        bottom = Rect(rect.x, top.bottom, rect.w, rect.bottom - top.bottom)
    else:
        top, bottom = rect, None
    b.label(top, str(end.needs), number_px, bold=True, reading=True, floor=number_px,
            mirror=False, color=ink, key=f"needs:{end.on}", role="needs")  # fmt: skip
    if bottom is not None:
        b.label(bottom, end.line, label_px, bold=True, floor=label_px, mirror=False,
                color=ink, key=f"line:{end.on}", role="line")  # fmt: skip


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
