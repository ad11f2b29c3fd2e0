"""The play screen's entry (hubd/screens/entry.py) as widgets: the number pad, the choice of
end in words, and the Cancel that takes the last entry line's place while an entry is made.

The pad is a row (two at double-12 and double-15) of the numbers 0..N, in the same cells for
the whole round, 0 first in every language like the keypads. A player taps the two numbers
of the tile in hand; a number that leads nowhere now is greyed in its cell and says why at
the finger. The choices, one large button each in words ("arm C, after the 6-4"), appear
only when the tile fits two or more ends; their ends are ringed on the map meanwhile.
"""

from __future__ import annotations

from engine import GameState, Play, Tile
from hubd.screens.entry import MORE, Choose, Refused, TileEntry, Why
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.screens.map.view import draw_map
from hubd.text.plain_words import choice_words
from hubd.text.wording import NameFitter, closed_reason
from hubd.values.intents import Intent, Submit


def entry_font(b: Builder) -> int:
    """The pad's numbers and the choices: 6 mm from a chair (43 px; 67 px in portrait)."""
    return b.px(43) if b.landscape else b.px(67)


def pad_gap(b: Builder, state: GameState, width: int) -> int:
    """The room between the pad's cells: the usual gap, or half of it where that keeps the
    pad on one row (a double-9 set in portrait)."""
    count = TileEntry.highest(state) + 1
    cell_w = _cell_width(b, count)
    if count * cell_w + (count - 1) * b.gap <= width:
        return b.gap
    return max(3, b.gap // 2)


def _cell_width(b: Builder, count: int) -> int:
    pad = max(3, b.px(6)) + 1  # a button's own padding, each side
    widest = b.painter.width("88" if count > 10 else "8", entry_font(b), True) + 2 * pad
    return max(b.target, widest)


def pad_shape(b: Builder, state: GameState, width: int) -> tuple[int, int, int]:
    """The pad's rows, the cells in a row, and a cell's height, for ``width``: one row when
    every number has a comfortable target in it, else as few rows as leave them that."""
    count = TileEntry.highest(state) + 1
    gap = pad_gap(b, state, width)
    fits = max(1, (width + gap) // (_cell_width(b, count) + gap))
    rows = -(-count // fits)
    per_row = -(-count // rows)
    cell_h = max(b.target, b.painter.line_height(entry_font(b), True) + b.px(6))
    return rows, per_row, cell_h


def pad_height(b: Builder, state: GameState, width: int) -> int:
    rows, _per_row, cell_h = pad_shape(b, state, width)
    return rows * cell_h + (rows - 1) * b.gap


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
                 mirror=False, reading=True)  # fmt: skip


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


def draw_cancel(b: Builder, ui: Host, entry: TileEntry, box: Rect) -> None:
    """Cancel, where the last entry line is while an entry is being made."""
    half = str(entry.choosing.tile) if entry.choosing is not None else str(entry.first)
    text = b.tr("Cancel {tile}").format(tile=half)

    def cancel(_pos: tuple[int, int]) -> list[Intent]:
        entry.cancel()
        return []

    b.button(box, text, cancel, size=b.min_text, floor=b.min_text, key="entry:cancel",
             role="entry", style=Style.WARN)  # fmt: skip


def choice_keys(choose: Choose) -> list[str]:
    """The map's keys of the ends offered (to ring them)."""
    return [f"end:{place.tile}" for place in choose.places]


def _heights(b: Builder, ui: Host, entry: TileEntry, state: GameState, width: int) -> list[int]:
    """Each choice's button height at ``width``: its words wrapped at the choices' size."""
    choose = entry.choosing
    if choose is None or state.table is None:
        return []
    font = entry_font(b)
    pad = max(3, b.px(6))
    line = b.painter.line_height(font, True)
    heights = []
    for place in choose.places:
        words = choice_words(place, state.table, ui.labels, b.tr)
        lines = b.painter.fit(words, width - 2 * pad - 2, 10**6, font, font, True, True)[1]
        heights.append(max(b.target, len(lines) * line + b.px(4)))
    return heights


def choices_height(b: Builder, ui: Host, entry: TileEntry, state: GameState, width: int) -> int:
    """How tall all the choices are at ``width``, one above the other."""
    heights = _heights(b, ui, entry, state, width)
    return sum(heights) + b.gap * max(0, len(heights) - 1)


def _pages(heights: list[int], room: int, gap: int, more: int) -> list[list[int]]:
    """The choices a page shows, in order: all of them if they fit ``room``, else as many
    as leave room for the More button under them."""
    if sum(heights) + gap * (len(heights) - 1) <= room:
        return [list(range(len(heights)))]
    pages: list[list[int]] = [[]]
    used = more
    for index, height in enumerate(heights):
        if pages[-1] and used + gap + height > room:
            pages.append([])
            used = more
        pages[-1].append(index)
        used += height + gap
    return pages


def draw_choices(b: Builder, ui: Host, entry: TileEntry, state: GameState, box: Rect) -> None:
    """One large button a place, in words, one above the other in the engine's order; when
    they are too many for ``box``, a page of them at a time and More under them."""
    choose = entry.choosing
    if choose is None or state.table is None:
        return
    font = entry_font(b)
    heights = _heights(b, ui, entry, state, box.w)
    pages = _pages(heights, box.h, b.gap, b.target + b.gap)
    page = entry.page % len(pages)
    y = box.y
    for index in pages[page]:
        place = choose.places[index]
        cell = Rect(box.x, y, box.w, heights[index])
        y += heights[index] + b.gap
        words = choice_words(place, state.table, ui.labels, b.tr)
        b.button(cell, words, _choose(entry, state, place.tile), size=font, floor=font,
                 key=f"choice:{place.tile}", role="choice", style=Style.PRIMARY)  # fmt: skip
    if len(pages) > 1:

        def more(_pos: tuple[int, int]) -> list[Intent]:
            entry.page = page + 1
            return []

        text = b.tr("More ends ({page} of {pages})").format(page=page + 1, pages=len(pages))
        b.button(Rect(box.x, box.bottom - b.target, box.w, b.target), text, more,
                 size=b.min_text, floor=b.min_text, key=MORE, role="entry")  # fmt: skip


def _choose(entry: TileEntry, state: GameState, on: Tile) -> Action:
    def action(pos: tuple[int, int]) -> list[Intent]:
        play = entry.choose(state, on)
        return [] if play is None else [Submit(play, pos)]

    return action


def draw_choosing(b: Builder, ui: Host, entry: TileEntry, state: GameState, area: Rect) -> Rect:
    """The tile fits two or more ends: the map with those ends ringed, and one large choice
    in words for each (landscape: beside the map; portrait: above it). Where the map went."""
    choose = entry.choosing
    assert choose is not None
    if b.landscape:
        for share in (45, 55, 65, 75):
            width = area.w * share // 100
            if choices_height(b, ui, entry, state, width) <= area.h:
                break
        map_area, box = split_h(area, area.w - width - b.gap, width, gap=b.gap)
    else:
        height = min(choices_height(b, ui, entry, state, area.w), area.h * 4 // 5)
        box, map_area = split_v(area, height, area.h - height - b.gap, gap=b.gap)
    ui.remember_labels(draw_map(b, ui, state, map_area, choice_keys(choose)))
    draw_choices(b, ui, entry, state, box)
    return Rect(map_area)
