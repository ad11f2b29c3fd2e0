"""The score sheet one row a player, where players across the top would not stand whole over
their columns. Six to eight players across a 720 or 800 px screen have columns of 70-90 px:
their names and totals took turns on two to four lines, each over its column's middle, and a
family matched "Maria-Helena" to "206" by where columns stand. Here each row reads as a paper
sheet does: the name, its total, then the rounds on the page (those just played first in
view). Where the rows would be too short for a total (eight players at 800x480) the players
stand in two groups side by side, each with its own headings; where a tall screen's page
holds fewer rounds than the game has and height is left over (four players in portrait), each
row takes its rounds on two or more lines, the headings alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hubd.screens import sheet_parts as parts
from hubd.screens.kit.areas import Rect, split_h
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, Style
from hubd.screens.sheet_parts import Pages, SheetSizes
from hubd.values.sheet import Sheet

#: The tallest a player's row grows (a sheet of two players does not need rows of 300 px).
ROW_MOST = 120


@dataclass(frozen=True)
class Plan:
    """How a group's rows stand: a round's cell (``_cell_way``), the rounds across a row,
    the lines of rounds a row holds (``decks``: a tall screen's taller rows), the names'
    width, a row's height and whether ◀ and ▶ turn pages."""

    how: str
    fits: int
    decks: int
    name_w: int
    row_h: int
    nav: bool


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
    plan = _plan(b, sheet, area.h, group_w - total_w, header_h, per_group)
    shown = parts.window(rounds, plan.fits * plan.decks, pages, sheet)
    across = min(plan.fits, len(shown))
    column_w = (group_w - plan.name_w - total_w) // max(1, across)
    deck_h = plan.row_h // plan.decks
    leaders = sheet.leaders()

    def column(i: int, y: int, height: int) -> Rect:
        """Round ``i`` of the page: its column, on its deck of a row starting at ``y``."""
        deck, at = divmod(i, across)
        x = area.x + group * (group_w + b.gap) + plan.name_w + total_w + at * column_w
        return Rect(x, y + deck * height, column_w, height)

    for group in range(groups):
        x = area.x + group * (group_w + b.gap)
        head = Rect(x, area.y, group_w, header_h * plan.decks)
        b.panel(head, Style.DARK)
        parts.head(b, Rect(x + plan.name_w, area.y, total_w, head.h), b.tr("Total"))
        for i, number in enumerate(shown):
            parts.round_head(b, sheet, number, sheet.doubles[number - 1],
                             column(i, area.y, header_h), _head_margin(b))  # fmt: skip
        seats = range(group * per_group, min(players, (group + 1) * per_group))
        for row_index, seat in enumerate(seats):
            top = head.bottom + b.px(2) + row_index * plan.row_h
            row = Rect(x, top, group_w, plan.row_h - b.px(2))
            b.panel(row, Style.NORMAL if seat % 2 == 0 else Style.QUIET)
            _name(b, sheet.players[seat], Rect(row.x, row.y, plan.name_w, row.h), sizes,
                  seat in leaders)  # fmt: skip
            parts.total(b, sheet, seat, Rect(row.x + plan.name_w, row.y, total_w, row.h),
                        sizes.total)  # fmt: skip
            for i, number in enumerate(shown):
                if number <= sheet.scored:
                    cell = column(i, row.y, deck_h)
                    if plan.decks > 1:
                        cell = Rect(cell.x, cell.y, cell.w, cell.h - b.px(2))
                    parts.cell(b, sheet, number, seat, cell, plan.how)
    if plan.nav:
        nav = Rect(area.x, area.bottom - b.target, area.w, b.target)
        parts.nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))


def _plan(b: Builder, sheet: Sheet, height: int, room: int, header_h: int, rows: int) -> Plan:
    """The rows as tall as ``height`` allows (``ROW_MOST`` at most), showing every round of
    the game where they fit, else with ◀ and ▶; a tall screen's rows where a page shows
    fewer rounds than the game has and the height is left over (four or five players in
    portrait showed two or three rounds over half the screen empty) take two or more lines
    of rounds, each as tall as a round's cell asks."""
    rounds = max(1, len(sheet.doubles))
    row_h = min(b.px(ROW_MOST), (height - header_h) // rows)
    how, fits, name_w = _columns(b, sheet, room, row_h, row_h)
    if fits >= rounds:
        return Plan(how, fits, 1, name_w, row_h, False)
    nav_h = b.target + b.gap
    row_h = min(b.px(ROW_MOST), (height - header_h - nav_h) // rows)
    how, fits, name_w = _columns(b, sheet, room, row_h, row_h)
    plan = Plan(how, fits, 1, name_w, row_h, True)
    for decks in range(2, rounds + 1):
        if plan.fits * plan.decks >= rounds:
            break
        nav = True
        deck_h = min(b.px(ROW_MOST), (height - decks * header_h - nav_h) // rows // decks)
        if _cell_way(b, sheet, deck_h)[0] != how:  # a round's running total kept
            break
        taller = _columns(b, sheet, room, decks * deck_h, deck_h)
        if taller[1] * decks >= rounds:  # every round shown: no ◀ and ▶, more room
            nav = False
            deck_h = min(b.px(ROW_MOST), (height - decks * header_h) // rows // decks)
            taller = _columns(b, sheet, room, decks * deck_h, deck_h)
        plan = Plan(taller[0], taller[1], decks, taller[2], decks * deck_h, nav)
    return plan


def _columns(b: Builder, sheet: Sheet, room: int, row_h: int, deck_h: int) -> tuple[str, int, int]:
    """How a round's cells show (``_cell_way``, in a line of rounds ``deck_h`` tall), how
    many rounds a group's rows show across in the ``room`` its totals leave, and the names'
    width: as many rounds as the game has and leave every name whole (on one line, or more
    where the row holds them), at least one."""
    inset = b.px(8)
    name_px = parts.sizes(b).name
    how, column_w = _cell_way(b, sheet, deck_h)
    rounds = max(1, len(sheet.doubles))
    most = max(1, min(rounds, (room - b.px(80)) // column_w))
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
    return how, max(ways[how][0], head + 2 * _head_margin(b))


def _head_margin(b: Builder) -> int:
    """A round's heading stands this far in from each side of its column: drawn narrower to
    fill it, "12-12", "11-11" and "10-10" side by side read "12-1211-1110-10"."""
    return b.px(4)


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
