"""The choice of end while a play is entered (hubd/screens/entry.py), when the tile fits two
or more ends: one large button a place, in words ("arm C, after the 6-4"), numbered like its
ring on the map.

The choices appear only when the tile fits two or more ends; their ends are ringed on the map
meanwhile, each choice and its ring carrying the same big numeral. The map does not move or
change size while the choices stand in the room around it (nothing moves within an entry);
many choices take short words where they save a page ("arm C": a line has one open end; a
toe is always "the 3-3's second toe"), in pages at 6 mm, never cut where a page more holds
them whole. A wide room (the pad's row, across the screen) holds two or three choices side by
side where each stands whole on one line; a narrow one (the column a crowded table's wide map
leaves) holds a choice's numeral on a line of its own over its words; a choice's lines may be
drawn narrower, as far as a label's may (MIN_SQUEEZE), their height kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine import GameState, Tile
from hubd.screens.entry import Choose, TileEntry
from hubd.screens.entry_view import choice_gap, choice_height, entry_font
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Style
from hubd.screens.map.ready import Pictures
from hubd.screens.map.view import draw_map, map_letters
from hubd.text.labels import named_on_the_map
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
    numerals: tuple[int, ...]  # each choice's numeral, in the engine's order (its badge is
    # laid out as wide as its place in that order's: ``badge_number``)

    def numbered(self, choose: Choose) -> dict[str, str]:
        """Each offered end's key with its choice's numeral (its ring carries the same)."""
        return {key: str(self.numerals[index]) for index, key in enumerate(choice_keys(choose))}


def badge_number(index: int) -> int:
    """The numeral a choice's badge is laid out wide enough for: its place in the engine's
    order (``reading_order`` gives the two-digit numerals to the same choices)."""
    return index + 1


def badge_width(b: Builder, number: int) -> int:
    """The numeral at the start of choice ``number``: its own digits' room (the tenth's
    "10" wider: a toe's words of the nine before it stay on one line beside theirs)."""
    numeral = "88" if number > 9 else "8"
    return b.measure.width(numeral, entry_font(b), True) + 2 * b.button_pad


@dataclass(frozen=True)
class Shape:
    """How a choice stands in a cell: its words beside its numeral (on one line, drawn
    narrower up to MIN_SQUEEZE, or wrapped) or under it (``stacked``: a narrow column), and
    how tall the cell is."""

    stacked: bool
    height: int


def _words_room(b: Builder, width: int, number: int) -> int:
    """The room for a choice's words beside its numeral in a cell ``width`` wide."""
    return width - 2 * b.button_pad - badge_width(b, number)


def _one_line(b: Builder, text: str, room: int) -> bool:
    """``text`` stands on one line in ``room`` at the choices' size, drawn narrower at most
    as far as a label may be (its height, what reads from a chair, kept)."""
    return b.measure.width(text, entry_font(b), False) * MIN_SQUEEZE <= room


def _lines(b: Builder, text: str, room: int) -> int | None:
    """How many lines ``text`` wraps into in ``room``, its lines drawn narrower as far as a
    label's may be (None: a word is wider than that)."""
    font = entry_font(b)
    wide = int(room / MIN_SQUEEZE)
    _size, wrapped, cut = b.measure.fit(text, wide, 10**6, font, font, False, True)
    return None if cut else len(wrapped)


def _shape(b: Builder, text: str, width: int, number: int) -> Shape | None:
    """The lowest cell ``width`` wide in which a choice's words stand whole: beside its
    numeral on one line, else wrapped beside it or under it, whichever is lower (None: a
    word of them is wider than the cell)."""
    line = b.measure.line_height(entry_font(b), False)
    room = _words_room(b, width, number)
    if _one_line(b, text, room):
        return Shape(False, choice_height(b))
    shapes = []
    beside = _lines(b, text, room) if room > 0 else None
    if beside is not None:
        shapes.append(Shape(False, beside * line + b.px(4)))
    under = _lines(b, text, width - 2 * b.button_pad - 2)
    if under is not None:
        shapes.append(Shape(True, (under + 1) * line + b.px(4)))
    return min(shapes, key=lambda shape: shape.height, default=None)


def _need(b: Builder, text: str, number: int) -> int:
    """How wide a cell holds ``text`` on one line beside its numeral, drawn narrower as far
    as a label may be."""
    words = math.ceil(b.measure.width(text, entry_font(b), False) * MIN_SQUEEZE)
    return words + 2 * b.button_pad + badge_width(b, number)


@dataclass
class _Row:
    """A row of choices in one of the boxes on a page: side by side on one line each, or one
    choice on lines of its own (``full``)."""

    box: Rect
    y: int
    height: int
    full: bool
    needs: list[tuple[int, int]]  # each choice's index and the width it needs

    def cells(self, gap: int) -> list[tuple[int, Rect]]:
        """The row's choices and their cells across the box: equal where each holds its
        words, else each as wide as it needs and the room left shared out."""
        count = len(self.needs)
        room = self.box.w - gap * (count - 1)
        widths = [room // count] * count
        if any(need > room // count for _index, need in self.needs):
            spare = room - sum(need for _index, need in self.needs)
            widths = [need + spare // count for _index, need in self.needs]
        widths[-1] += room - sum(widths)
        x, cells = self.box.x, []
        for (index, _need), width in zip(self.needs, widths, strict=True):
            cells.append((index, Rect(x, self.y, width, self.height)))
            x += width + gap
        return cells


def _place(b: Builder, rows: list[_Row], boxes: list[Rect], index: int, text: str) -> bool:
    """``text``'s choice in the first box with room for its words whole on the page whose
    rows are ``rows``: beside the last choice of the box's last row where both fit on one
    line, else in a row of its own. Whether there was room."""
    gap = choice_gap(b)
    line = choice_height(b)
    number = badge_number(index)  # its badge's width
    need = _need(b, text, number)
    for box in boxes:
        last = next((row for row in reversed(rows) if row.box == box), None)
        top = box.y if last is None else last.y + last.height + gap
        if need <= box.w:
            if last is not None and not last.full:
                used = sum(width for _index, width in last.needs) + gap * len(last.needs)
                if used + need <= box.w:
                    last.needs.append((index, need))
                    return True
            if top + line <= box.bottom:
                rows.append(_Row(box, top, line, False, [(index, need)]))
                return True
            continue
        shape = _shape(b, text, box.w, number)
        if shape is not None and top + shape.height <= box.bottom:
            rows.append(_Row(box, top, shape.height, True, [(index, box.w)]))
            return True
    return False


def _pages(
    b: Builder, words: list[str], boxes: list[Rect]
) -> tuple[tuple[tuple[tuple[int, Rect], ...], ...], int]:
    """The choices each page shows and their cells, and how many of them are cut: each in
    order in the first box that still has room for it on the page (along the row where it
    fits beside the last one on one line, then down the box, then the next box), a new page
    when none has; a choice goes only where its words stand whole (one that stands whole
    nowhere gets the largest box of a page of its own, its words cut)."""
    gap = choice_gap(b)
    pages: list[list[_Row]] = []
    cut = 0
    for index, text in enumerate(words):
        if pages and _place(b, pages[-1], boxes, index, text):
            continue
        pages.append([])
        if not _place(b, pages[-1], boxes, index, text):
            largest = max(boxes, key=lambda box: box.w * box.h)
            pages[-1].append(_Row(largest, largest.y, largest.h, True, [(index, largest.w)]))
            cut += 1
    laid = tuple(tuple(cell for row in page for cell in row.cells(gap)) for page in pages)
    return laid, cut


def choice_layout(
    b: Builder,
    ui: Host,
    choose: Choose,
    state: GameState,
    area: Rect,
    keep: Rect,
    bottom: Rect | None = None,
    letters: frozenset[str] | None = None,
) -> ChoiceLayout:
    """The choices in the room the map leaves, the map where it was (``keep``): the family
    finds the ringed ends on the picture they were just reading, nothing moved. Landscape:
    in the column beside the map (where the hands were), clear of the pad's row where that
    costs no page (a quick tap meant for the pad, the family game found, chose an end), else
    down to Cancel's row and on along the pad's row, or beside the map and then across the
    pad's row (a crowded table's wide map leaves a column too narrow for a toe's words);
    portrait: above the map (where the hands were), then in ``bottom`` (the row of Draw, Pass
    and the yard, which wait), clear of the pad's row under the map where that costs no page
    (a third choice stood over the pad's keys, where the finger had just tapped its tile's
    second number, the row under it empty), then in both; side by side where two or three fit
    a row on one line. In as few pages as the words allow whole at 6 mm, full words where
    that costs no page, else short ones ("arm C"). ``letters``: the arms' letters the map
    shows (default: every arm's); an arm without one is named by its tile."""
    assert state.table is not None
    table = state.table
    labels = ui.labels if letters is None else named_on_the_map(ui.labels, letters)
    wordings = [
        [choice_words(p, table, labels, b.tr, short) for p in choose.places]
        for short in (False, True)
    ]
    gap = choice_gap(b)  # from the map too: its frame parts them
    avoid: tuple[Rect | None, ...] = ()  # landscape: its rooms in the order they are wanted
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
        if bottom is not None:
            rooms[1:1] = [[above, bottom]]
            rooms.append([above, below, bottom])
        avoid = (below, bottom)  # the pad's row, where a quick tap meant for it would land
    pages, words = _best(b, wordings, rooms, keep, avoid)
    return ChoiceLayout(Rect(keep), words, pages, reading_order(pages, b.target))


def _best(
    b: Builder,
    wordings: list[list[str]],
    rooms: list[list[Rect]],
    keep: Rect,
    avoid: tuple[Rect | None, ...],
) -> tuple[tuple[tuple[tuple[int, Rect], ...], ...], tuple[str, ...]]:
    """The choices' pages and words: their words whole, then the fewest pages, the boxes of
    ``avoid`` left alone (the first most), the most choices on the first, full words, the
    rooms' order."""
    best: tuple[tuple[object, ...], tuple[tuple[tuple[int, Rect], ...], ...], list[str]] | None
    best = None
    for short, words in enumerate(wordings):
        for rank, room in enumerate(rooms):
            boxes = [box for box in room if box.h >= b.target and box.w >= b.target]
            if not boxes:
                continue
            pages, cut = _pages(b, words, boxes)
            taken = tuple(box in room for box in avoid)
            score = (cut, len(pages), taken, -len(pages[0]), short, rank)
            if best is None or score < best[0]:
                best = (score, pages, words)
    if best is None:  # no room at all (not at the hub's two sizes): over the map's foot
        box = Rect(keep.x, keep.bottom - b.target, keep.w, b.target)
        return _pages(b, wordings[1], [box])[0], tuple(wordings[1])
    return best[1], tuple(best[2])


def reading_order(pages: tuple[tuple[tuple[int, Rect], ...], ...], target: int) -> tuple[int, ...]:
    """Each choice's numeral, the choices numbered as they are read: page by page, by lines
    from the top (a cell whose top is less than half a target lower than a line's first
    stands on that line) and along each line from its start (the screen is mirrored for a
    language written right to left, so from its right there). A choice under the map beside
    the last one in the column by it read "4" left of "3"; a choice too tall for the room
    over the portrait map, laid under it, read "1" under "2". The numerals from 10 on go to
    the choices from the tenth on, whose badges were laid out wide enough for two digits."""
    numerals = [0] * sum(len(page) for page in pages)
    start = 1
    for page in pages:
        lines: list[list[tuple[int, Rect]]] = []
        for index, cell in sorted(page, key=lambda choice: (choice[1].y, choice[1].x)):
            if lines and cell.y - lines[-1][0][1].y < target // 2:
                lines[-1].append((index, cell))
            else:
                lines.append([(index, cell)])
        read = [index for line in lines for index, _cell in sorted(line, key=lambda c: c[1].x)]
        numbers = range(start, start + len(read))
        for wide in (False, True):  # one digit, then two
            mine = [index for index in read if (index >= 9) == wide]
            for index, number in zip(mine, [n for n in numbers if (n >= 10) == wide], strict=True):
                numerals[index] = number
        start += len(read)
    return tuple(numerals)


def draw_choices(b: Builder, entry: TileEntry, state: GameState, laid: ChoiceLayout) -> None:
    """One large button a place, numbered like its ring on the map and in words (beside the
    numeral, or under it in a narrow column), in the engine's order; a page of them at a
    time when they are many (More stands where Draw and Pass were, or beside Cancel)."""
    choose = entry.choosing
    assert choose is not None
    font = entry_font(b)
    inset = b.button_pad
    line = b.measure.line_height(font, False)
    entry.pages = len(laid.pages)
    for index, cell in laid.pages[entry.page % len(laid.pages)]:
        place = choose.places[index]
        text = laid.words[index]
        number = badge_number(index)  # the badge as wide as it was laid out
        badge_w = badge_width(b, number)
        shape = _shape(b, text, cell.w, number)
        stacked = shape is not None and shape.stacked and shape.height <= cell.h
        one_line = not stacked and _one_line(b, text, _words_room(b, cell.w, number))
        b.button(cell, text, _choose(entry, state, place.tile), size=font, floor=font,
                 key=f"choice:{place.tile}", role="choice", style=Style.PRIMARY, bold=False,
                 inset=0 if stacked else badge_w, head=line if stacked else 0,
                 wrap=not one_line, squeeze=one_line, squeeze_lines=True)  # fmt: skip
        if stacked:  # the numeral on a line of its own over the words
            badge = Rect(cell.x + inset, cell.y + inset, badge_w - inset, line - inset)
            numeral = Rect(badge.x, cell.y, badge.w, line)
        else:
            badge = Rect(cell.x + inset, cell.y + inset, badge_w - inset, cell.h - 2 * inset)
            numeral = Rect(badge.x, cell.y, badge.w, cell.h)  # the line may reach the pad
        b.panel(badge, Style.DARK)
        b.label(numeral, str(laid.numerals[index]), font, floor=font, bold=True, reading=True,
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
    pictures: Pictures | None = None,
    bottom: Rect | None = None,
) -> Rect:
    """The tile fits two or more ends: the map where it was (``keep``), those ends ringed and
    numbered on it (a tap on it does ``tapped``: the whole table), and one large numbered
    choice in words for each in ``area`` around it (landscape: beside it; portrait: above
    and under it, and in ``bottom`` where that saves a page). Where the map is."""
    choose = entry.choosing
    assert choose is not None
    letters = map_letters(b, state, keep, pictures)  # an arm without one: by its tile
    laid = choice_layout(b, ui, choose, state, area, keep, bottom, letters)
    entry.numerals = laid.numbered(choose)  # the whole view's rings numbered alike
    ui.remember_labels(draw_map(b, ui, state, laid.map_area, choice_keys(choose),
                                entry.numerals, tapped, pictures=pictures,
                                beyond=_left_free(b, laid, area)))  # fmt: skip
    draw_choices(b, entry, state, laid)
    return Rect(laid.map_area)


def _left_free(b: Builder, laid: ChoiceLayout, area: Rect) -> Rect | None:
    """The map and the room over and under it, as wide as it, that no choice of any page
    takes (the pad's, while an end is chosen): the map's numerals may stand there too, the
    same on every page."""
    keep, gap = laid.map_area, choice_gap(b)
    cells = [cell for page in laid.pages for _index, cell in page
             if cell.x < keep.right and keep.x < cell.right]  # fmt: skip
    top = max([cell.bottom + gap for cell in cells if cell.bottom <= keep.y] + [area.y])
    bottom = min([cell.y - gap for cell in cells if cell.y >= keep.bottom] + [area.bottom])
    return Rect(keep.x, top, keep.w, bottom - top) if (top, bottom) != (keep.y, keep.bottom) \
        else None  # fmt: skip
