"""The play screen's entry (hubd/screens/entry.py) as widgets: the number pad, the choice of
end in words, and the Cancel that takes the last entry line's place while an entry is made.

The pad is a row (two at double-12 and double-15) of the numbers 0..N, in the same cells for
the whole round, 0 first in every language like the keypads. A player taps the two numbers
of the tile in hand; a number that leads nowhere now is greyed in its cell and says why at
the finger. The choices, one large button each in words ("arm C, after the 6-4"), appear
only when the tile fits two or more ends; their ends are ringed on the map meanwhile, each
choice and its ring carrying the same big numeral. The map does not move or change size while
the choices stand in the room around it (nothing moves within an entry); many choices take
short words where they save a page ("arm C": a line has one open end; a toe is always "the
3-3's second toe"), in pages at 6 mm; More stands beside Cancel (or where Draw and
Pass were), and Cancel keeps its place from the first number on.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import GameState, Play, Tile
from hubd.screens.entry import MORE, Choose, Refused, TileEntry, Why
from hubd.screens.kit.areas import Rect, grid, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.screens.map.ready import PictureShelf
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
    widest = b.measure.width("88" if count > 10 else "8", entry_font(b), True) + 2 * pad
    return max(b.target, widest)


def pad_shape(b: Builder, state: GameState, width: int) -> tuple[int, int, int]:
    """The pad's rows, the cells in a row, and a cell's height, for ``width``: one row when
    every number has a comfortable target in it, else as few rows as leave them that."""
    count = TileEntry.highest(state) + 1
    gap = pad_gap(b, state, width)
    fits = max(1, (width + gap) // (_cell_width(b, count) + gap))
    rows = -(-count // fits)
    per_row = -(-count // rows)
    cell_h = max(b.target, b.measure.line_height(entry_font(b), True) + b.px(6))
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
             role="entry", style=Style.WARN)  # fmt: skip
    if more_box is not None:
        b.panel(more_box, Style.QUIET)
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
    b.button(box, text, more, size=b.min_text, floor=b.min_text, key=MORE, role="entry")


def _cancel_and_more(b: Builder, box: Rect) -> tuple[Rect, Rect]:
    """Cancel's place and More's, the same for every entry: Cancel on one line where both
    fit whole, else on two, More getting the rest (its words on two lines at most)."""
    cancel = b.tr("Cancel {tile}").format(tile="15-15")
    more = b.tr("More ends {page}/{pages}").format(page=9, pages=9)
    whole, more_w = b.button_widths([cancel, more], b.min_text, 10**6)
    if whole + b.gap + more_w > box.w:
        whole = max(b.button_widths([word], b.min_text, 10**6)[0] for word in cancel.split())
    cancel_box, more_box = split_h(box, whole, box.w - whole - b.gap, gap=b.gap)
    return cancel_box, more_box


def choice_keys(choose: Choose) -> list[str]:
    """The map's keys of the ends offered (to ring them)."""
    return [f"end:{place.tile}" for place in choose.places]


def choice_numbers(choose: Choose) -> dict[str, str]:
    """Each offered end's key with its choice's numeral, as the choices in words are numbered."""
    return {key: str(n) for n, key in enumerate(choice_keys(choose), start=1)}


@dataclass(frozen=True)
class ChoiceLayout:
    """Where the choices go while the player picks an end (the map stays where it was)."""

    map_area: Rect
    words: tuple[str, ...]  # each choice's words, in the engine's order
    pages: tuple[tuple[tuple[int, Rect], ...], ...]  # each page's choices and their cells


def choice_gap(b: Builder) -> int:
    """Between two choices: half the usual gap (each button's border parts them), so that
    five one-line choices stand beside the map at 800x480."""
    return max(4, b.gap // 2)


def badge_width(b: Builder, count: int) -> int:
    """The numeral at a choice's start (and by its ring on the map): room for "10"."""
    numeral = "88" if count > 9 else "8"
    return b.measure.width(numeral, entry_font(b), True) + 2 * max(3, b.px(6))


#: A choice's words may be drawn this much narrower to stay on one line (their height, which
#: is what reads from a chair, kept): about DejaVu Sans Condensed.
CHOICE_SQUEEZE = 0.85


def _words_room(b: Builder, width: int, count: int) -> int:
    return width - 2 * max(3, b.px(6)) - badge_width(b, count)


def _one_line(b: Builder, text: str, room: int) -> bool:
    """``text`` stands on one line in ``room`` at the choices' size, squeezed at most a little."""
    return b.measure.width(text, entry_font(b), False) * CHOICE_SQUEEZE <= room


def _height(b: Builder, text: str, width: int, count: int) -> int | None:
    """A choice's button height at ``width``: its words on one line, else wrapped at the
    choices' size, beside its numeral (None: a word of them is wider than the room)."""
    font = entry_font(b)
    room = _words_room(b, width, count)
    lines = 1
    if not _one_line(b, text, room):
        _size, wrapped, cut = b.measure.fit(text, room, 10**6, font, font, False, True)
        if cut:
            return None
        lines = len(wrapped)
    return max(b.target, lines * b.measure.line_height(font, False) + b.px(4))


def _pages(
    b: Builder, words: list[str], boxes: list[Rect]
) -> tuple[tuple[tuple[int, Rect], ...], ...]:
    """The choices each page shows and their cells: each in order in the first box that
    still has room for it on the page (down the column, then along the row), a new page
    when none has; a choice goes only where its words stand whole (one that stands whole
    nowhere, or is taller than every box, gets the largest box of a page of its own)."""
    gap = choice_gap(b)
    pages: list[list[tuple[int, Rect]]] = []
    tops: list[int] = []  # where the next choice would go in each box, on the last page
    for index, text in enumerate(words):
        heights = [_height(b, text, room.w, len(words)) for room in boxes]
        cell = _first_room(boxes, tops, heights) if pages else None
        if cell is None:
            pages.append([])
            tops = [room.y for room in boxes]
            cell = _first_room(boxes, tops, heights)
        if cell is None:  # nowhere whole: the largest box, as much as it holds
            cell = Rect(max(boxes, key=lambda room: room.w * room.h))
        pages[-1].append((index, cell))
        for n, room in enumerate(boxes):
            if room.x == cell.x and room.w == cell.w and room.y <= cell.y < room.bottom:
                tops[n] = cell.bottom + gap
    return tuple(tuple(page) for page in pages)


def _first_room(boxes: list[Rect], tops: list[int], heights: list[int | None]) -> Rect | None:
    """The cell of the first box with room left for a choice of ``heights`` (one a box)."""
    for room, top, height in zip(boxes, tops, heights, strict=True):
        if height is not None and top + height <= room.bottom:
            return Rect(room.x, top, room.w, height)
    return None


def choice_layout(
    b: Builder, ui: Host, choose: Choose, state: GameState, area: Rect, keep: Rect
) -> ChoiceLayout:
    """The choices in the room the map leaves, the map where it was (``keep``): the family
    finds the ringed ends on the picture they were just reading, nothing moved. Landscape:
    in the column beside the map (where the hands were), clear of the pad's row where that
    costs no page (a quick tap meant for the pad, the family game found, chose an end), else
    down to Cancel's row and on along the pad's row, or beside the map and then across the
    pad's row (a crowded table's wide map leaves a column too narrow for a toe's words);
    portrait: above the map (where the hands were), then under it (where the pad was). In as
    few pages as the words allow at 6 mm, full words where that costs no page, else short
    ones ("arm C")."""
    assert state.table is not None
    table = state.table
    wordings = [
        [choice_words(p, table, ui.labels, b.tr, short) for p in choose.places]
        for short in (False, True)
    ]
    gap = choice_gap(b)  # from the map too: its frame parts them
    if b.landscape:
        x, w = keep.right + b.gap, area.right - keep.right - b.gap
        beside, down = Rect(x, area.y, w, keep.bottom - area.y), Rect(x, area.y, w, area.h)
        row_y, row_h = keep.bottom + gap, area.bottom - keep.bottom - gap
        under, across = Rect(keep.x, row_y, keep.w, row_h), Rect(area.x, row_y, area.w, row_h)
        rooms = [[beside], [down, under], [beside, across]]
    else:
        above = Rect(area.x, area.y, area.w, keep.y - gap - area.y)
        below = Rect(area.x, keep.bottom + gap, area.w, area.bottom - keep.bottom - gap)
        rooms = [[above], [above, below]]
    # The fewest pages, then the most choices on the first, full words, the map's column.
    best: tuple[tuple[int, int, int, int], ChoiceLayout] | None = None
    for short, words in enumerate(wordings):
        for rank, boxes in enumerate(rooms):
            boxes = [box for box in boxes if box.h >= b.target and box.w >= b.target]
            if not boxes:
                continue
            pages = _pages(b, words, boxes)
            score = (len(pages), -len(pages[0]), short, rank)
            if best is None or score < best[0]:
                best = (score, ChoiceLayout(Rect(keep), tuple(words), pages))
    if best is None:  # no room at all (not at the hub's two sizes): over the map's foot
        box = Rect(keep.x, keep.bottom - b.target, keep.w, b.target)
        return ChoiceLayout(Rect(keep), tuple(wordings[1]), _pages(b, wordings[1], [box]))
    return best[1]


def draw_choices(b: Builder, entry: TileEntry, state: GameState, laid: ChoiceLayout) -> None:
    """One large button a place, numbered like its ring on the map and in words, one above
    the other in the engine's order; a page of them at a time when they are many (More
    stands where Draw and Pass were, or beside Cancel)."""
    choose = entry.choosing
    assert choose is not None
    font = entry_font(b)
    badge_w = badge_width(b, len(choose.places))
    inset = max(3, b.px(6))
    entry.pages = len(laid.pages)
    for index, cell in laid.pages[entry.page % len(laid.pages)]:
        place = choose.places[index]
        one_line = _one_line(b, laid.words[index], _words_room(b, cell.w, len(choose.places)))
        b.button(cell, laid.words[index], _choose(entry, state, place.tile), size=font,
                 floor=font, key=f"choice:{place.tile}", role="choice", style=Style.PRIMARY,
                 bold=False, inset=badge_w, wrap=not one_line, squeeze=one_line)  # fmt: skip
        badge = Rect(cell.x + inset, cell.y + inset, badge_w - inset, cell.h - 2 * inset)
        b.panel(badge, Style.DARK)
        numeral = Rect(badge.x, cell.y, badge.w, cell.h)  # the line may reach the pad
        b.label(numeral, str(index + 1), font, floor=font, bold=True, reading=True,
                key=f"choice-number:{place.tile}", role="choice_number")  # fmt: skip


def _choose(entry: TileEntry, state: GameState, on: Tile) -> Action:
    def action(pos: tuple[int, int]) -> list[Intent]:
        play = entry.choose(state, on)
        return [] if play is None else [Submit(play, pos)]

    return action


def draw_choosing(
    b: Builder,
    ui: Host,
    entry: TileEntry,
    state: GameState,
    area: Rect,
    keep: Rect,
    tapped: Action | None = None,
    pictures: PictureShelf | None = None,
) -> Rect:
    """The tile fits two or more ends: the map where it was (``keep``), those ends ringed and
    numbered on it (a tap on it does ``tapped``: the whole table), and one large numbered
    choice in words for each in ``area`` around it (landscape: beside it; portrait: above
    and under it). Where the map is."""
    choose = entry.choosing
    assert choose is not None
    laid = choice_layout(b, ui, choose, state, area, keep)
    ui.remember_labels(draw_map(b, ui, state, laid.map_area, choice_keys(choose),
                                choice_numbers(choose), tapped, pictures=pictures))  # fmt: skip
    draw_choices(b, entry, state, laid)
    return Rect(laid.map_area)
