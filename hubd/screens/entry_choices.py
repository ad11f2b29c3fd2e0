"""The choice of end while a play is entered (hubd/screens/entry.py), when the tile fits two
or more ends: one large button a place, in words ("arm C, after the 6-4"), numbered like its
ring on the map.

The choices appear only when the tile fits two or more ends; their ends are ringed on the map
meanwhile, each choice and its ring carrying the same big numeral. The map does not move or
change size while the choices stand in the room around it (nothing moves within an entry);
many choices take short words where they save a page ("arm C": a line has one open end; a
toe is always "the 3-3's second toe"), in pages at 6 mm.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import GameState, Tile
from hubd.screens.entry import Choose, TileEntry
from hubd.screens.entry_view import entry_font
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.screens.map.ready import PictureShelf
from hubd.screens.map.view import draw_map
from hubd.text.plain_words import choice_words
from hubd.values.intents import Intent, Submit


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
