"""The score sheet: every round of the game at once, from the game in progress or a record.

On a wide screen each round is a column headed by its double (a double-9 game shows 9-9 to
0-0 side by side); on a tall one each round is a row, so the numbers keep a size that can be
read from a chair. Rounds that do not fit at a readable size go on pages (◀ and ▶ turn them;
the page with the round being played comes first). Each round's header is a widget with role
"round" and key "round:K"; the players' totals have role "total" and key "total:<name>".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hubd.screens import sheet_parts as parts
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Style
from hubd.screens.sheet_by_players import by_players
from hubd.screens.sheet_parts import Pages
from hubd.text.rule_words import house_words
from hubd.values.sheet import Sheet

__all__ = ["Pages", "draw_sheet"]


def draw_sheet(b: Builder, sheet: Sheet, area: Rect, pages: Pages | None = None) -> None:
    """The sheet in ``area``: players down the side on a wide screen (up to five of them),
    else across the top where each name and total stands whole over its column, else one
    row a player (hubd/screens/sheet_by_players.py); rounds that do not fit go on pages
    turned by ◀ and ▶."""
    pages = pages or Pages()
    if sheet.house:  # a line under the sheet says which house rules scored it
        words = house_words(b.tr, sheet.house)
        _size, lines, _cut = b.measure.fit(words, area.w, area.h, b.min_text, b.min_text,
                                           False, True)  # fmt: skip
        line_h = len(lines) * b.measure.line_height(b.min_text)
        under = Rect(area.x, area.bottom - line_h, area.w, line_h)
        b.label(under, words, b.min_text, wrap=True, role="house", key="sheet:house")
        area = Rect(area.x, area.y, area.w, area.h - line_h - b.gap // 2)
    if b.landscape and len(sheet.players) <= 5:
        _by_columns(b, sheet, area, pages)
        return
    across = _across(b, sheet, area)
    if across is None:
        by_players(b, sheet, area, pages)
    else:
        _by_rows(b, sheet, area, pages, across)


def _name_lines(b: Builder, names: Sequence[str], column_w: int) -> int | None:
    """On how many lines (one or two) every name stands whole in its own column, drawn
    narrower if need be; None where one does not."""
    size = parts.sizes(b).name
    room = column_w - 2 * b.px(4)
    for lines in (1, 2):
        height = lines * b.measure.line_height(size, True)
        if all(b.holds(name, room, height, size, False, lines > 1) for name in names):
            return lines
    return None


def _by_columns(b: Builder, sheet: Sheet, area: Rect, pages: Pages) -> None:
    """Players down the side, a column per round, the totals at the end."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    sizes = parts.sizes(b)
    total_w = max(
        b.px(80),
        parts.text_w(b, b.tr("Total"), b.min_text),
        *(parts.text_w(b, str(t), sizes.total, bold=True) for t in sheet.totals),
    )
    name_w = max(
        parts.text_w(b, b.tr("Player"), b.min_text),
        *(parts.text_w(b, name, sizes.name, True) for name in sheet.players),
    )
    name_w = min(max(name_w, b.px(80)) + b.px(8), area.w // 3)  # and the inset
    header_h = parts.line(b, sizes.cell, True) + b.px(6)
    room = area.w - name_w - total_w
    row_h = min(b.px(84), (area.h - header_h) // max(1, players))
    # A line under the sheet for the undo's notice, where the rows keep their least height.
    notice = b.measure.line_height(b.min_text, True) + b.px(16) + b.gap
    if (area.h - header_h - notice) // max(1, players) >= parts.line(b, sizes.total, True) + 2:
        row_h = min(row_h, (area.h - header_h - notice) // max(1, players))
    how, shown = _columns_way(b, sheet, room, row_h, pages)
    nav = None
    if len(shown) < rounds:  # ◀ and ▶ along the bottom
        nav = Rect(area.x, area.bottom - b.target, area.w, b.target)
        row_h = min(b.px(84), (nav.y - b.gap - area.y - header_h) // max(1, players))
        how, shown = _columns_way(b, sheet, room, row_h, pages)
    column_w = min(b.px(180), room // len(shown))
    start_x = area.x + name_w
    # The totals right after the last round, near the names; the room left goes to the names'
    # column only if a name needs it, else it stays past the totals.
    total_w = min(area.w - name_w - column_w * len(shown), total_w + b.px(24))
    inset = b.px(8)
    b.panel(Rect(area.x, area.y, area.w, header_h), Style.DARK)
    parts.head(b, Rect(area.x + inset, area.y, name_w - inset, header_h), b.tr("Player"), "start")
    totals_x = start_x + column_w * len(shown)
    parts.head(b, Rect(totals_x, area.y, total_w, header_h), b.tr("Total"))
    for i, number in enumerate(shown):
        x = start_x + i * column_w
        parts.round_head(b, sheet, number, sheet.doubles[number - 1],
                    Rect(x, area.y, column_w, header_h))  # fmt: skip
    leaders = sheet.leaders()
    for seat, name in enumerate(sheet.players):
        row = Rect(area.x, area.y + header_h + seat * row_h, area.w, row_h - b.px(2))
        b.panel(row, Style.NORMAL if seat % 2 == 0 else Style.QUIET)
        b.label(
            Rect(row.x + inset, row.y, name_w - inset, row.h),
            name,
            sizes.name,
            floor=sizes.name,
            bold=seat in leaders,
            align="start",
            key=f"name:{name}",
            squeeze=True,
        )
        for i, number in enumerate(shown):
            if number <= sheet.scored:
                x = start_x + i * column_w
                parts.cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
        parts.total(b, sheet, seat, Rect(totals_x, row.y, total_w, row.h), sizes.total)
    if nav is not None:
        parts.nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))


def _columns_way(
    b: Builder, sheet: Sheet, room: int, row_h: int, pages: Pages
) -> tuple[str, range]:
    """The way of showing cells that puts the most rounds in ``room`` (the first of the best
    if several do), and the rounds shown."""
    rounds = max(1, len(sheet.doubles))
    ways = [(how, room // w) for how, w, h in parts.cell_ways(b, sheet, True) if h <= row_h - 2]
    how, fits = max(ways or [("alone", 1)], key=lambda way: min(way[1], rounds))
    return how, parts.window(rounds, fits, pages, sheet)


class _Across(NamedTuple):
    """Players across the top: the rounds' column, each player's column, and the lines of
    each name in it."""

    head_w: int
    column_w: int
    name_lines: int


def _across(b: Builder, sheet: Sheet, area: Rect) -> _Across | None:
    """Players across the top, where every name and total stands whole over its own column
    (else, names and totals taking turns on lines over neighbouring columns were matched by
    where the columns stand: one row a player reads better)."""
    players = len(sheet.players)
    sizes = parts.sizes(b)
    head_w = max(
        parts.text_w(b, b.tr("Total"), b.min_text),
        parts.text_w(b, parts.widest_head(sheet), sizes.cell, True),
    )
    column_w = (area.w - head_w) // max(1, players)
    name_lines = _name_lines(b, sheet.players, column_w)
    widest_total = max(parts.text_w(b, str(t), sizes.total, True) for t in sheet.totals)
    if name_lines is None or widest_total * MIN_SQUEEZE > column_w:
        return None
    return _Across(area.w - column_w * players, column_w, name_lines)


def _by_rows(b: Builder, sheet: Sheet, area: Rect, pages: Pages, across: _Across) -> None:
    """Players across the top, a row per round, the totals under the names."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    sizes = parts.sizes(b)
    head_w, column_w, name_lines = across
    name_line = parts.line(b, sizes.name)
    total_line = parts.line(b, sizes.total, True)
    if name_lines > 1:
        name_line = name_lines * b.measure.line_height(sizes.name, True)
    header_h = name_line + b.px(4)
    total_h = total_line + b.px(4)
    body = area.h - header_h - total_h - b.px(2)
    # The first way whose cells fit the columns and that shows every round, or six of them
    # on a page; else the one that shows the most.
    ways = [(how, h + b.px(2)) for how, w, h in parts.cell_ways(b, sheet, False) if w <= column_w]
    ways = ways or [("alone", parts.line(b, sizes.cell, True) + b.px(2))]

    def fits(row_h: int) -> int:
        whole = body // row_h
        return whole if whole >= rounds else (body - b.target - b.gap) // row_h

    enough = [way for way in ways if fits(way[1]) >= min(rounds, 6)]
    how, row_h = enough[0] if enough else max(ways, key=lambda way: fits(way[1]))
    shown = parts.window(rounds, fits(row_h), pages, sheet)
    nav_h = b.target if len(shown) < rounds else 0  # ◀ and ▶ along the bottom
    row_h = min(b.px(100), (body - (nav_h + b.gap if nav_h else 0)) // len(shown))
    b.panel(Rect(area.x, area.y, area.w, header_h), Style.DARK)
    leaders = sheet.leaders()
    for seat, name in enumerate(sheet.players):
        column = Rect(area.x + head_w + seat * column_w, area.y + b.px(2), column_w, header_h)
        box = Rect(column.x, column.y, column_w, name_line)
        # A leader's name bold where it fits so, else plain rather than cut.
        bold = seat in leaders and b.holds(name, box.w, box.h, sizes.name, True, name_lines > 1)
        b.label(box, name, sizes.name, floor=sizes.name, bold=bold, key=f"name:{name}",
                squeeze=True, wrap=name_lines > 1, squeeze_lines=name_lines > 1)  # fmt: skip
    # The totals right under the names (a name and its total read together), the rounds below.
    totals = Rect(area.x, area.y + header_h, area.w, total_h)
    for i, number in enumerate(shown):
        row = Rect(area.x, totals.bottom + b.px(2) + i * row_h, area.w, row_h - b.px(2))
        b.panel(row, Style.NORMAL if number % 2 else Style.QUIET)
        parts.round_head(b, sheet, number, sheet.doubles[number - 1],
                    Rect(row.x, row.y, head_w, row.h))  # fmt: skip
        if number <= sheet.scored:
            for seat in range(players):
                x = area.x + head_w + seat * column_w
                parts.cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
    b.panel(totals, Style.DARK)
    parts.head(b, Rect(totals.x, totals.y, head_w, totals.h), b.tr("Total"))
    for seat in range(players):
        column = Rect(area.x + head_w + seat * column_w, totals.y + b.px(2), column_w, total_h)
        box = Rect(column.x, column.y, column_w, total_line)
        parts.total(b, sheet, seat, box, sizes.total)
    if nav_h:
        nav = Rect(area.x, totals.bottom + b.px(2) + len(shown) * row_h + b.gap, area.w, nav_h)
        parts.nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))
