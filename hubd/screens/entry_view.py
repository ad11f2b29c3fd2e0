"""The play screen's entry (hubd/screens/entry.py) as widgets: the number pad, and the Cancel
that takes the last entry line's place while an entry is made (the choice of end, when the
tile fits two or more: hubd/screens/entry_choices.py).

The pad is a row (two at double-12 and double-15) of the numbers 0..N, in the same cells for
the whole round, 0 first in every language like the keypads. A player taps the two numbers
of the tile in hand; a number that leads nowhere now is greyed in its cell and says why at
the finger. More (the next page of choices) stands beside Cancel (or where Draw and Pass
were), and Cancel keeps its place from the first number on.
"""

from __future__ import annotations

import math

from engine import GameState, Play
from hubd.screens.entry import MORE, Refused, TileEntry, Why
from hubd.screens.kit.areas import Rect, grid, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Style
from hubd.text.wording import NameFitter, closed_reason
from hubd.values.intents import Intent, Submit


def entry_font(b: Builder) -> int:
    """The pad's numbers and the choices: 6 mm from a chair (43 px; 67 px in portrait)."""
    return b.chair_text


def choice_height(b: Builder) -> int:
    """A choice's cell whose words stand on one line: as tall as that line at 6 mm, a
    target at least."""
    return max(b.target, b.measure.line_height(entry_font(b), False) + b.px(4))


def choice_gap(b: Builder) -> int:
    """Between two choices: half the usual gap (each button's border parts them), so that
    five one-line choices stand beside the map at 800x480."""
    return max(4, b.gap // 2)


def pad_gap(b: Builder, state: GameState, width: int) -> int:
    """The room between the pad's cells: the usual gap where the pad lies on one row with
    it, else half of it (a double-9 set in portrait on one row, a double-15 set on two)."""
    count = TileEntry.highest(state) + 1
    return b.gap if _rows(b, count, width, b.gap) == 1 else max(3, b.gap // 2)


def _cell_width(b: Builder, count: int) -> int:
    """The narrowest cell the widest number stands in, drawn narrower as a label may be
    (``MIN_SQUEEZE``): in portrait the double-12 and double-15 pads lie in two rows, their
    two-digit numbers a little narrower, where they took three (96 px of the map's height)."""
    widest = b.measure.width("88" if count > 10 else "8", entry_font(b), True)
    return max(b.target, math.ceil(widest * MIN_SQUEEZE) + 2 * b.button_pad)


def _rows(b: Builder, count: int, width: int, gap: int) -> int:
    """The fewest rows that hold ``count`` numbers in ``width`` with ``gap`` between cells."""
    fits = max(1, (width + gap) // (_cell_width(b, count) + gap))
    return -(-count // fits)


def pad_shape(b: Builder, state: GameState, width: int) -> tuple[int, int, int]:
    """The pad's rows, the cells in a row, and a cell's height, for ``width``: one row when
    every number has a comfortable target in it, else as few rows as leave them that."""
    count = TileEntry.highest(state) + 1
    rows = _rows(b, count, width, pad_gap(b, state, width))
    per_row = -(-count // rows)
    cell_h = max(b.target, b.measure.line_height(entry_font(b), True) + b.px(6))
    return rows, per_row, cell_h


def pad_height(b: Builder, state: GameState, width: int) -> int:
    """The pad's rows and the gaps between them, as ``draw_pad`` lays them (a half gap kept
    4 px under a two-row pad that no one used)."""
    rows, _per_row, cell_h = pad_shape(b, state, width)
    return rows * cell_h + (rows - 1) * pad_gap(b, state, width)


def draw_pad(b: Builder, ui: Host, entry: TileEntry, state: GameState, box: Rect) -> None:
    """The numbers 0..N in fixed cells; the first number tapped stays lit until the second."""
    if b.rtl:  # the pad stands where the mirrored screen puts it, its numbers still 0 to N
        box = Rect(b.w - box.right, box.y, box.w, box.h)
    _rows, per_row, cell_h = pad_shape(b, state, box.w)
    count = TileEntry.highest(state) + 1
    cells = grid(box, count, per_row, pad_gap(b, state, box.w), cell_h)
    usable = entry.usable(state)
    font = entry_font(b)
    for number, cell in enumerate(cells):
        why = usable[number]
        style = Style.SELECTED if number == entry.first else Style.NORMAL
        if why is not None and number != entry.first:
            style = Style.DISABLED
        b.button(cell, str(number), _tap_number(ui, entry, state, number), size=font, floor=font,
                 style=style, key=f"half:{number}", role="half", enabled=why is None,
                 mirror=False, reading=True, wrap=False, squeeze=True)  # fmt: skip


def _tap_number(ui: Host, entry: TileEntry, state: GameState, number: int) -> Action:
    def action(pos: tuple[int, int]) -> list[Intent]:
        step = entry.tap_number(state, number)
        if isinstance(step, Play):
            return [Submit(step, pos)]
        if isinstance(step, Refused):
            ui.show_tip(refusal_words(ui, state, step), pos)
        return []

    return action


def refusal_words(ui: Host, state: GameState, refused: Refused) -> str:
    """Why a number on the pad does nothing now, in a few words."""
    if refused.why is Why.FOOT or (refused.why is Why.NO_TILE and state.lock is not None):
        return closed_reason(state, ui.ntr, ui.tr)
    if refused.why is Why.ON_TABLE:
        return ui.tr("The {tile} is already on the table").format(tile=refused.tile)
    if refused.why is Why.NO_END and refused.tile is not None:
        return ui.tr("No open end takes the {tile}").format(tile=refused.tile)
    return ui.tr("No tile with a {n} fits an open end now").format(n=refused.number)


def entry_status(b: Builder, entry: TileEntry, state: GameState, fit: NameFitter) -> str | None:
    """The status line while an entry is being made (None: the usual status)."""
    player = state.current_player or ""
    if entry.choosing is not None:
        template = b.tr("{player}: {tile} on which end?")
        values: dict[str, object] = {"tile": entry.choosing.tile}
    elif entry.first is not None:
        template = b.tr("{player}: {n} and which number?")
        values = {"n": entry.first}
    else:
        return None
    return template.format(player=fit(player, template.format(player="", **values)), **values)


def draw_cancel(b: Builder, ui: Host, entry: TileEntry, more_beside: bool, box: Rect) -> None:
    """Cancel, where the last entry line is while an entry is being made, from the first
    number on, so that it never moves within the entry. ``more_beside``: Draw and Pass are
    not in the bottom row to make room for More, which takes a part of Cancel's box."""
    half = str(entry.choosing.tile) if entry.choosing is not None else str(entry.first)
    text = b.tr("Cancel {tile}").format(tile=half)

    def cancel(_pos: tuple[int, int]) -> list[Intent]:
        entry.cancel()
        return []

    cancel_box, more_box = _cancel_and_more(b, box) if more_beside else (box, None)
    b.button(cancel_box, text, cancel, size=b.min_text, floor=b.min_text, key="entry:cancel",
             role="entry", style=Style.WARN, squeeze=True, squeeze_lines=True)  # fmt: skip
    if more_box is not None and entry.choosing is not None and entry.pages > 1:
        b.panel(more_box, Style.QUIET)  # More's place stays bare till there is More
        draw_more(b, entry, more_box)


def draw_more(b: Builder, entry: TileEntry, box: Rect) -> None:
    """More, when the choices take two pages: in ``box``, where Draw and Pass were (they wait
    while an end is chosen) or beside Cancel."""
    if entry.choosing is None or entry.pages < 2:
        return
    page, pages = entry.page % entry.pages, entry.pages

    def more(_pos: tuple[int, int]) -> list[Intent]:
        entry.page = page + 1
        return []

    text = b.tr("More ends {page}/{pages}").format(page=page + 1, pages=pages)
    b.button(box, text, more, size=b.min_text, floor=b.min_text, key=MORE, role="entry",
             squeeze=True, squeeze_lines=True)  # fmt: skip


def _cancel_and_more(b: Builder, box: Rect) -> tuple[Rect, Rect]:
    """Cancel's place and More's, the same for every entry: side by side where both fit on
    one line; else, in a box two targets tall, Cancel over More, each on a line drawn
    narrower if need be; else Cancel on two lines, More getting the rest."""
    cancel, more = _cancel_more_words(b)
    whole, more_w = b.button_widths([cancel, more], b.min_text, 10**6)
    if whole + b.gap + more_w > box.w:
        if box.h >= 2 * b.target + b.gap:
            half = (box.h - b.gap) // 2
            return Rect(box.x, box.y, box.w, half), Rect(box.x, box.bottom - half, box.w, half)
        whole = max(b.button_widths([word], b.min_text, 10**6)[0] for word in cancel.split())
    cancel_box, more_box = split_h(box, whole, box.w - whole - b.gap, gap=b.gap)
    return cancel_box, more_box


def _cancel_more_words(b: Builder) -> tuple[str, str]:
    """Cancel's and More's words at their widest."""
    cancel = b.tr("Cancel {tile}").format(tile="15-15")
    return cancel, b.tr("More ends {page}/{pages}").format(page=9, pages=9)


def cancel_beside_more(b: Builder, width: int, height: int) -> bool:
    """Whether Cancel and More stand whole side by side in a box ``width`` x ``height``
    (drawn narrower if need be): "Скасувати" leaves More too narrow beside it."""
    cancel, more = _cancel_more_words(b)
    beside = Rect(0, 0, width, min(height, 2 * b.target))  # too low for Cancel over More
    boxes = _cancel_and_more(b, beside)
    return all(b.holds(text, box.w - 2 * b.button_pad, box.h, b.min_text, True)
               for text, box in zip((cancel, more), boxes, strict=True))  # fmt: skip
