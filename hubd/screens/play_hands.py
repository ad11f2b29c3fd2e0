"""The play screen's hands (hubd/screens/play.py draws the rest): each player's name, tiles
and score, and the yard; play_room.py says where they stand.

Landscape: a row for each player under the captions, or cells of a name over its count where
rows no longer fit, the yard on a line under them (hubd/screens/hand_cells.py). Portrait: a
strip of cells, each a name over its tiles (and its score), or from five players on a crowded
table each name beside its count. Where a row of cells ends is chosen so that the fewest names
are cut (hubd/screens/hand_rows.py). A name is drawn narrower before it is cut, or shown by its
first word alone ("Grandma") where no one else's name begins with it; a count never is cut.
"""

from __future__ import annotations

from engine import GameState
from hubd.screens.hand_cells import EDGES, fonts, hand_cells
from hubd.screens.hand_rows import called_by_first_word, capped, cut_in, fewest_cut
from hubd.screens.hands_room import (
    apart,
    columns,
    side_by_side,
    side_cell,
    strip_cell,
    strip_numbers,
    strip_rows,
)
from hubd.screens.kit.areas import Rect, grid, spans_over, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, TEXT_DARK, Color, Style


def hands_panel(b: Builder, state: GameState, area: Rect, compact: bool) -> None:
    """Landscape: a row for each player (name, tiles, score; compact: name and tiles)
    under a heading, the yard last; where rows no longer fit, cells of a name over its
    count, the yard on a line of its own under them or, where the height leaves none, the
    last cell."""
    count_px, name_px = fonts(b)
    b.panel(area, Style.DARK)
    inner = area.inflate(-b.px(EDGES), 0)
    line = b.measure.line_height(count_px, True)
    head_h = b.measure.line_height(b.min_text) - 2
    rows = len(state.players) + 1  # and the yard
    row_h = min((inner.h - head_h) // rows, line + b.px(12))
    if row_h < line - 2:
        _hand_cells(b, state, inner)
        return
    count_w, total_w = columns(b, state)
    gap = apart(b)
    if compact:  # no totals: the score sheet has them
        total_w, gap = 0, 0
    name_w = inner.w - count_w - total_w - b.px(4) - gap
    head = Rect(inner.x, inner.y, inner.w, head_h)
    _headings(b, head, count_w, total_w + gap, totals=not compact)
    for seat in range(len(state.players)):
        row = Rect(area.x, head.bottom + seat * row_h, area.w, row_h)
        current = seat == state.current
        if current:
            b.panel(row, Style.SELECTED)
        inside = row.inflate(-b.px(8), 0)
        cols = [Rect(inside.x, inside.y, name_w, inside.h),
                Rect(inside.x + name_w + b.px(4), inside.y, count_w, inside.h),
                Rect(inside.right - total_w, inside.y, total_w, inside.h)]  # fmt: skip
        color = TEXT_DARK if current else None
        _name(b, cols[0], state, seat, name_px)
        _number(b, cols[1], state.hands[seat], "count", str(seat), color)
        if not compact:
            _number(b, cols[2], state.totals[seat], "total", str(seat), color)
    top = head.bottom + len(state.players) * row_h
    yard_row(b, state, Rect(inner.x, top, inner.w, row_h))


def _headings(b: Builder, head: Rect, count_w: int, total_w: int, totals: bool = True) -> None:
    """The "Tiles" and "Score" headings (compact: "Tiles") over their columns' ends; a
    word wider than its column reaches left over the names' column (the heading has a row
    of its own)."""
    pad = b.px(4)
    score_w = max(total_w, b.measure.width(b.tr("Score"), b.min_text) + pad)
    score = Rect(head.right - score_w, head.y, score_w, head.h)
    tiles_right = min(head.right - total_w - b.px(4), score.x - b.px(6))
    tiles_w = max(count_w, b.measure.width(b.tr("Tiles"), b.min_text) + pad)
    if not totals:
        tiles_right = head.right
    tiles = Rect(tiles_right - tiles_w, head.y, tiles_w, head.h)
    b.label(tiles, b.tr("Tiles"), b.min_text, align="end")
    if totals:
        b.label(score, b.tr("Score"), b.min_text, align="end")


def _hand_cells(b: Builder, state: GameState, area: Rect) -> None:
    """Each player a cell: the name over the hand's count; the yard a line of its own under
    them, or the last cell (hubd/screens/hand_cells.py)."""
    count_px, name_px = fonts(b)
    name_h, count_h = b.measure.line_height(name_px), b.measure.line_height(count_px, True)
    laid = hand_cells(b, state, area)
    if laid.yard_line:
        _yard_line(b, state, laid.yard)
    else:
        yard = laid.yard
        top = Rect(yard.x, yard.y + laid.name_top, yard.w, name_h)
        b.label(top, b.tr("Yard"), name_px, floor=b.min_text, key="caption:yard", squeeze=True)
        count = Rect(yard.x, yard.y + laid.count_top, yard.w, count_h)
        _number(b, count, state.yard, "count", "yard", None, "center")
    for seat, (cell, name) in enumerate(zip(laid.cells, laid.names, strict=True)):
        current = seat == state.current
        if current:
            b.panel(cell, Style.SELECTED)
        _name(b, name, state, seat, name_px, align="center")
        color = TEXT_DARK if current else None
        count = Rect(cell.x, cell.y + laid.count_top, cell.w, count_h)
        _number(b, count, state.hands[seat], "count", str(seat), color, "center")


def _yard_line(b: Builder, state: GameState, line: Rect) -> None:
    """The yard under the cells: its word beside its count at the line's end, on the
    count's baseline, the count's box ending at the line's foot."""
    count_px, name_px = fonts(b)
    measure = b.measure
    count_w = measure.width("88", count_px, True) + b.px(6)
    count_h = measure.line_height(count_px, True)
    number = Rect(line.right - count_w, line.bottom - count_h, count_w, count_h)
    word = b.tr("Yard")
    word_w = min(measure.width(word, name_px) + b.px(4), line.w - count_w - b.px(8))
    baseline = number.y + sum(measure.ink("0", count_px, True))
    top = baseline - sum(measure.ink(word, name_px))
    caption = Rect(number.x - b.px(8) - word_w, top, word_w, measure.line_height(name_px))
    b.label(caption, word, name_px, floor=b.min_text, align="end", key="caption:yard",
            squeeze=True)  # fmt: skip
    _number(b, number, state.yard, "count", "yard", None, "end")


def yard_row(b: Builder, state: GameState, row: Rect) -> None:
    """The yard: its caption, then its count at the row's end (it has no score)."""
    count_px, name_px = fonts(b)
    count_w = b.measure.width("88", count_px, True) + b.px(6)
    if not b.landscape:
        b.panel(row, Style.DARK)
        row = row.inflate(-b.px(8), 0)
    caption, number = split_h(row, row.w - count_w, count_w, gap=b.px(4))
    b.label(caption, b.tr("Yard"), name_px, floor=b.min_text, align="start",
            key="caption:yard")  # fmt: skip
    _number(b, number, state.yard, "count", "yard", None)


def hands_strip(b: Builder, state: GameState, area: Rect, compact: bool) -> None:
    """Portrait: the captions, then up to four players a row (the yard sits beside the
    last entry): each a name over its tiles (and its score, for up to four players while
    the table leaves the room)."""
    count_px, name_px = fonts(b)
    totals = strip_numbers(state, compact) == 2
    b.panel(area, Style.DARK)
    if side_by_side(b, state, compact):
        _strip_side(b, state, area)
        return
    name_h = b.measure.line_height(name_px)
    number_h = b.measure.line_height(count_px, True)
    captions = [b.tr("Tiles")] + ([b.tr("Score")] if totals else [])
    legend_w = max(b.measure.width(text, b.min_text) for text in captions) + b.px(8)
    inner = area.inflate(-b.px(4), -b.gap)
    row_h, tops = strip_cell(b, len(captions))
    heights = (name_h, *([number_h] * len(captions)))
    rows, per_row = strip_rows(state)
    apart = name_px // 2  # two names must not read as one name of three words
    needs = [b.measure.width(name, name_px, seat == state.current) + apart
             for seat, name in enumerate(state.players)]  # fmt: skip
    least = [int(b.measure.width(name, name_px, False) * MIN_SQUEEZE) + 1
             for name in state.players]  # fmt: skip

    def spans(first: int, count: int, band: Rect) -> tuple[list[Rect], list[tuple[int, int]], int]:
        """A row's cells, where its names stand and how many of them are cut. A long name
        borrows the room a short one beside it leaves, and the captions' column (empty on
        the names' line): "Vovó Maria" whole over a 183 px column; where the names as they
        are will not all stand whole, the room is shared by their narrowest widths."""
        _legend, cells_area = split_h(band, legend_w, band.w - legend_w, gap=b.px(4))
        cells = grid(cells_area, count, per_row, b.px(4))
        mine = slice(first, first + count)
        room = band.w - apart * (count - 1)
        wants = capped(needs[mine], least[mine], room)
        if sum(wants) > room:  # truly out of room: as they are, the long ones cut
            wants = needs[mine]
        laid = spans_over(cells, wants, band.x, band.right, apart)
        return cells, laid, cut_in([w for _x, w in laid], least[mine])

    def lost(split: tuple[int, ...]) -> int:
        firsts = [sum(split[:i]) for i in range(len(split))]
        return sum(
            spans(first, count, inner)[2] for first, count in zip(firsts, split, strict=True)
        )

    split = fewest_cut(len(state.players), rows, per_row, lost)
    for row, count in enumerate(split):
        first = sum(split[:row])
        band = Rect(inner.x, inner.y + row * (row_h + b.px(4)), inner.w, row_h)
        legend, _cells_area = split_h(band, legend_w, band.w - legend_w, gap=b.px(4))
        for top, text in zip(tops[1:], captions, strict=True):
            box = Rect(legend.x, band.y + top, legend.w, number_h)
            b.label(box, text, b.min_text, align="start")
        cells, row_spans, _lost = spans(first, count, band)
        for offset, (cell, (x, w)) in enumerate(zip(cells, row_spans, strict=True)):
            seat = first + offset
            current = seat == state.current
            color = TEXT_DARK if current else None
            name, *numbers = (Rect(cell.x, cell.y + top, cell.w, h)
                              for top, h in zip(tops, heights, strict=True))  # fmt: skip
            name = Rect(x, name.y, w, name.h)
            if current:  # the highlight under the name too, where it is wider
                lit = _lit(b, cell, row_spans, offset, apart // 2)
                b.panel(lit, Style.SELECTED)
                if not lit.contains(name):
                    b.panel(Rect(name.x, cell.y, name.w, name.bottom - cell.y), Style.SELECTED)
            _name(b, name, state, seat, name_px, align="center")
            _number(b, numbers[0], state.hands[seat], "count", str(seat), color)
            if totals:
                _number(b, numbers[1], state.totals[seat], "total", str(seat), color)


def _lit(b: Builder, cell: Rect, spans: list[tuple[int, int]], offset: int, clear: int) -> Rect:
    """The current player's highlight in the strip: their cell, but ``clear`` of a
    neighbour's name that borrows its room ("Олександра" over Іван's yellow), always
    round their count."""
    count_w = b.measure.width("88", fonts(b)[0], True) + b.px(12)
    left, right = cell.x, cell.right
    if offset > 0:
        left = max(left, sum(spans[offset - 1]) + clear)
    if offset + 1 < len(spans):
        right = min(right, spans[offset + 1][0] - clear)
    left = min(left, cell.centerx - count_w // 2)
    right = max(right, cell.centerx + count_w // 2)
    return Rect(left, cell.y, right - left, cell.h)


def _strip_side(b: Builder, state: GameState, area: Rect) -> None:
    """Portrait's crowded strip: each name beside its tiles, in rows of cells."""
    count_px, name_px = fonts(b)
    height, name_top, count_top = side_cell(b)
    count_w = b.measure.width("88", count_px, True) + b.px(6)
    inner = area.inflate(-b.px(4), -b.gap)
    _rows, per_row = strip_rows(state)
    cells = grid(inner, len(state.players), per_row, b.px(4), height)
    for seat, cell in enumerate(cells):
        current = seat == state.current
        b.panel(cell, Style.SELECTED if current else Style.QUIET)  # "2 Dad" is not Dad's
        inside = cell.inflate(-b.px(12), 0)
        name_box = Rect(inside.x, cell.y + name_top, inside.w - count_w - b.px(6),
                        b.measure.line_height(name_px))  # fmt: skip
        count_box = Rect(inside.right - count_w, cell.y + count_top, count_w,
                         b.measure.line_height(count_px, True))  # fmt: skip
        _name(b, name_box, state, seat, name_px)
        color = TEXT_DARK if current else None
        _number(b, count_box, state.hands[seat], "count", str(seat), color, "end")


def _name(
    b: Builder, box: Rect, state: GameState, seat: int, size: int, align: str = "start"
) -> None:
    """A player's name: bold and dark on the highlight while it is their turn (plain where
    bold would not fit), drawn narrower where that makes it fit (as the map's labels); where
    even that cannot hold it, the first of its words alone if no one else at the table is
    called so ("Grandma" for Grandma Rosa, as the family calls her), else cut with an
    ellipsis."""
    name, current = state.players[seat], seat == state.current
    shown = name
    if b.squeeze_scale(name, box.w, size, False) < MIN_SQUEEZE:
        first = called_by_first_word(state.players, seat)
        if first and b.squeeze_scale(first, box.w, size, False) >= MIN_SQUEEZE:
            shown = first
    bold = current and b.squeeze_scale(shown, box.w, size, True) >= MIN_SQUEEZE
    whole = bold or b.squeeze_scale(shown, box.w, size, False) >= MIN_SQUEEZE
    # Cut, it keeps as many letters as fit drawn narrower ("Mari…", not "…").
    narrower = int(box.w / MIN_SQUEEZE)
    fitted = shown if whole else b.measure.shorten(name, narrower, size, False)
    b.label(box, fitted, size, floor=size, bold=bold, align=align, squeeze=True,
            color=TEXT_DARK if current else None, key=f"name:{seat}")  # fmt: skip


def _number(
    b: Builder,
    box: Rect,
    value: int,
    role: str,
    key: str,
    color: Color | None,
    align: str = "",
) -> None:
    size, _ = fonts(b)
    align = align or ("end" if b.landscape else "center")
    # Never cut: a count in a cell too narrow for it is drawn narrower, its height kept.
    b.label(box, str(value), size, floor=size, bold=True, reading=True, align=align,
            color=color, role=role, key=f"{role}:{key}", squeeze=True)  # fmt: skip
