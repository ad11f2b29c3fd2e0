"""The score sheet one row a player, where players across the top would not stand whole over
their columns. Six to eight players across a 720 or 800 px screen have columns of 70-90 px:
their names and totals took turns on two to four lines, each over its column's middle, and a
family matched "Maria-Helena" to "206" by where columns stand. Here each row reads as a paper
sheet does: the name, its total, then the rounds on the page (those just played first in
view). Where the rows would be too short for a total (eight players at 800x480) the players
stand in two groups side by side, each with its own headings.
"""

from __future__ import annotations

import math

from hubd.screens import sheet_parts as parts
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Style
from hubd.screens.sheet_parts import Pages, SheetSizes
from hubd.values.sheet import Sheet

#: The tallest a player's row grows (a sheet of two players does not need rows of 300 px).
ROW_MOST = 120


def by_players(b: Builder, sheet: Sheet, area: Rect, pages: Pages) -> None:
    """The sheet in ``area``, one row a player: in one group where every row holds a total's
    line, else in two side by side."""
    sizes = parts.sizes(b)
    players = len(sheet.players)
    header_h = parts.line(b, sizes.cell, True) + b.px(6)
    least_row = parts.line(b, sizes.total, True) + b.px(4)
    groups = 1 if (area.h - header_h - b.target - b.gap) // players >= least_row else 2
    per_group = math.ceil(players / groups)
    group_w = (area.w - b.gap * (groups - 1)) // groups
    rounds = max(1, len(sheet.doubles))
    total_w = max(
        parts.text_w(b, b.tr("Total"), b.min_text),
        *(parts.text_w(b, str(t), sizes.total, bold=True) for t in sheet.totals),
    )
    # The rows' height first as if every round fits, then with ◀ and ▶ if they do not.
    row_h = min(b.px(ROW_MOST), (area.h - header_h) // per_group)
    how, fits, name_w = _columns(b, sheet, group_w - total_w, row_h)
    nav_h = 0
    if fits < rounds:
        nav_h = b.target + b.gap
        row_h = min(b.px(ROW_MOST), (area.h - header_h - nav_h) // per_group)
        how, fits, name_w = _columns(b, sheet, group_w - total_w, row_h)
    shown = parts.window(rounds, fits, pages, sheet)
    column_w = (group_w - name_w - total_w) // max(1, len(shown))
    leaders = sheet.leaders()
    for group in range(groups):
        x = area.x + group * (group_w + b.gap)
        head = Rect(x, area.y, group_w, header_h)
        b.panel(head, Style.DARK)
        parts.head(b, Rect(x + name_w, area.y, total_w, header_h), b.tr("Total"))
        for i, number in enumerate(shown):
            column = Rect(x + name_w + total_w + i * column_w, area.y, column_w, header_h)
            parts.round_head(b, sheet, number, sheet.doubles[number - 1], column)
        seats = range(group * per_group, min(players, (group + 1) * per_group))
        for row_index, seat in enumerate(seats):
            row = Rect(x, head.bottom + b.px(2) + row_index * row_h, group_w, row_h - b.px(2))
            b.panel(row, Style.NORMAL if seat % 2 == 0 else Style.QUIET)
            _name(b, sheet.players[seat], Rect(row.x, row.y, name_w, row.h), sizes,
                  seat in leaders)  # fmt: skip
            parts.total(b, sheet, seat, Rect(row.x + name_w, row.y, total_w, row.h), sizes.total)
            for i, number in enumerate(shown):
                if number <= sheet.scored:
                    cell = Rect(row.x + name_w + total_w + i * column_w, row.y, column_w, row.h)
                    parts.cell(b, sheet, number, seat, cell, how)
    if nav_h:
        nav = Rect(area.x, area.bottom - b.target, area.w, b.target)
        parts.nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))


def _columns(b: Builder, sheet: Sheet, room: int, row_h: int) -> tuple[str, int, int]:
    """How a round's cells show (``_cell_way``), how many rounds a group's rows show in the
    ``room`` its totals leave, and the names' width: as many rounds as leave every name whole
    (on one line, or two where the row holds them), at least one."""
    inset = b.px(8)
    name_px = parts.sizes(b).name
    how, column_w = _cell_way(b, sheet, row_h)
    most = max(1, (room - b.px(80)) // column_w)
    for fits in range(most, 0, -1):
        name_w = room - fits * column_w
        if all(b.holds(name, name_w - inset, row_h, name_px, True) for name in sheet.players):
            return how, fits, name_w
    return how, 1, room - column_w


def _cell_way(b: Builder, sheet: Sheet, row_h: int) -> tuple[str, int]:
    """A round's score with the running total under it where the row holds both, else the
    score alone; and the column's width (its heading drawn narrower if need be)."""
    ways = {how: (w, h) for how, w, h in parts.cell_ways(b, sheet, False)}
    how = "under" if ways["under"][1] <= row_h - b.px(2) else "alone"
    head = int(parts.text_w(b, parts.widest_head(sheet), parts.sizes(b).cell, True) * MIN_SQUEEZE)
    return how, max(ways[how][0], head)


def _name(b: Builder, name: str, box: Rect, sizes: SheetSizes, leader: bool) -> None:
    """A player's name at the start of their row: bold for a leader, on two lines where
    one does not hold it, drawn narrower before it is ever cut."""
    inset = b.px(8)
    b.label(
        Rect(box.x + inset, box.y, box.w - inset, box.h),
        name,
        sizes.name,
        floor=sizes.name,
        bold=leader,
        align="start",
        key=f"name:{name}",
        squeeze=True,
        wrap=True,
        squeeze_lines=True,
    )
