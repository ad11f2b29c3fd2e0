"""The score sheet: every round of the game at once, from the game in progress or a record.

On a wide screen each round is a column headed by its double (a double-9 game shows 9-9 to
0-0 side by side); on a tall one each round is a row, so the numbers keep a size that can be
read from a chair. Rounds that do not fit at a readable size go on pages (◀ and ▶ turn them;
the page with the round being played comes first). Each round's header is a widget with role
"round" and key "round:K"; the players' totals have role "total" and key "total:<name>".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import MIN_SQUEEZE, TEXT_DARK, Action, Style, Widget
from hubd.text.rule_words import house_words
from hubd.values.intents import Intent
from hubd.values.sheet import Sheet

#: Between a score and the running total beside it, so that "11" and "29" never read "1129".
BESIDE_GAP = 18


class Pages:
    """Which rounds a sheet too long for the screen shows: ``first`` is the first round on
    the page (None: the page with the round being played, else the last scored)."""

    def __init__(self) -> None:
        self.first: int | None = None

    def turn(self, first: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.first = first
            return []

        return action


@dataclass(frozen=True)
class _Sizes:
    """The sheet's font sizes: names, scores and running totals, totals."""

    name: int
    cell: int
    total: int


def _sizes(b: Builder) -> _Sizes:
    return _Sizes(b.floor_text, b.min_text, b.chair_text)


def draw_sheet(b: Builder, sheet: Sheet, area: Rect, pages: Pages | None = None) -> None:
    """The sheet in ``area``: players down the side on a wide screen (up to five of them),
    else across the top; rounds that do not fit go on pages turned by ◀ and ▶."""
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
    else:
        _by_rows(b, sheet, area, pages)


def _text_w(b: Builder, text: str, size: int, bold: bool = False) -> int:
    return b.measure.width(text, max(size, b.min_text), bold) + 2 * b.px(4)


def _line(b: Builder, size: int, bold: bool = False) -> int:
    """A text line's height, less the two pixels the layout check allows."""
    return b.measure.line_height(size, bold) - 2


def _cell_ways(b: Builder, sheet: Sheet, heads: bool) -> list[tuple[str, int, int]]:
    """The ways a cell can show a score and the running total after it, best first, each
    with the least width and height it needs: side by side, one over the other, or the score
    alone. With ``heads`` the column is also as wide as the rounds' doubles ("12-12")."""
    players = range(len(sheet.players))
    size = _sizes(b).cell
    widest = max((len(str(v)) for row in sheet.scores for v in row), default=1)
    most = max((len(str(sheet.running(len(sheet.scores), s))) for s in players), default=1)
    score_w = _text_w(b, "8" * max(2, widest), size, bold=True)
    running_w = _text_w(b, "8" * max(2, most), size)
    head_w = _text_w(b, _widest_head(sheet), size, True) if heads else 0
    line = _line(b, size, True)
    return [
        ("beside", max(score_w + running_w + BESIDE_GAP, head_w), line),
        ("under", max(score_w, running_w, head_w), 2 * (line + 2) + b.px(2)),
        ("alone", max(score_w, head_w), line),
    ]


def _widest_head(sheet: Sheet) -> str:
    return "88-88" if max(sheet.doubles, default=0) > 9 else "8-8"


def _turns(widths: list[int], column_w: int, spacing: int) -> int:
    """On how many lines texts too wide for their columns take turns (1 to 3), so that each
    has the width of that many columns with ``spacing`` between neighbours on a line."""
    widest = max(widths, default=0)
    return next((k for k in (1, 2, 3) if widest <= k * column_w - (spacing if k > 1 else 0)), 3)


def _name_turns(b: Builder, names: Sequence[str], column_w: int, spacing: int) -> tuple[int, int]:
    """On how many lines the names take turns and how many lines each name has: whole on up
    to three turns, else drawn narrower on up to four, else on two lines each over three
    turns or four (eight players in portrait: "Grandma Rosa" over two, "Maria-Helena" on
    one of four turns' width); a name is cut only where even that cannot hold it."""
    size = _sizes(b).name
    widths = [_text_w(b, name, size) for name in names]  # a leader's too: plain if need be

    def span(turns: int) -> int:
        return turns * column_w - (spacing if turns > 1 else 0)

    turns = _turns(widths, column_w, spacing)
    if max(widths, default=0) <= span(turns):
        return turns, 1
    for turns in (1, 2, 3, 4):
        if max(widths, default=0) * MIN_SQUEEZE <= span(turns):
            return turns, 1
    height = 2 * b.measure.line_height(size, True)
    for turns in (3, 4):
        room = int((span(turns) - 2 * b.px(4)) / MIN_SQUEEZE)
        if not any(b.measure.fit(name, room, height, size, size, False, True)[2]
                   for name in names):  # fmt: skip
            return turns, 2
    return 4, 2


def _staggered(
    column: Rect, seat: int, line: int, turns: int, area: Rect, spacing: int = 0
) -> Rect:
    """A box ``turns`` columns wide less ``spacing`` over ``column``'s middle, on the line of
    ``seat``'s turn: for a name or a total wider than its column (names drawn narrower to
    their box's edges keep the spacing from their neighbours on the line)."""
    box = Rect(0, column.y, min(turns * column.w - spacing, area.w), line)
    box.centerx = column.centerx
    box = box.clip(Rect(area.x, column.y, area.w, column.h))  # at the edge: narrower, in place
    box.y += line * (seat % turns)
    return box


def _window(count: int, fits: int, pages: Pages, sheet: Sheet) -> range:
    """The rounds on the page shown: all of them if they fit, else ``fits`` at a time."""
    if count <= fits:
        return range(1, count + 1)
    fits = max(1, fits)
    first = pages.first
    if first is None:
        now = sheet.playing or max(1, sheet.scored)
        first = (now - 1) // fits * fits + 1
    first = max(1, min(first, count - fits + 1))
    return range(first, first + fits)


def _nav(b: Builder, shown: range, count: int, pages: Pages, before: Rect, after: Rect) -> None:
    """◀ and ▶: the rounds before and after the page (greyed at either end)."""
    fits = len(shown)
    earlier, later = shown.start > 1, shown.stop <= count
    b.button(before, "◀", pages.turn(max(1, shown.start - fits)) if earlier else None,
             style=Style.NORMAL if earlier else Style.DISABLED, key="sheet:earlier",
             enabled=earlier, mirror=False)  # fmt: skip
    b.button(after, "▶", pages.turn(shown.stop) if later else None,
             style=Style.NORMAL if later else Style.DISABLED, key="sheet:later",
             enabled=later, mirror=False)  # fmt: skip


def _by_columns(b: Builder, sheet: Sheet, area: Rect, pages: Pages) -> None:
    """Players down the side, a column per round, the totals at the end."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    sizes = _sizes(b)
    total_w = max(
        b.px(80),
        _text_w(b, b.tr("Total"), b.min_text),
        *(_text_w(b, str(t), sizes.total, bold=True) for t in sheet.totals),
    )
    name_w = max(
        _text_w(b, b.tr("Player"), b.min_text),
        *(_text_w(b, name, sizes.name, True) for name in sheet.players),
    )
    name_w = min(max(name_w, b.px(80)) + b.px(8), area.w // 3)  # and the inset
    header_h = _line(b, sizes.cell, True) + b.px(6)
    room = area.w - name_w - total_w
    row_h = min(b.px(84), (area.h - header_h) // max(1, players))
    # A line under the sheet for the undo's notice, where the rows keep their least height.
    notice = b.measure.line_height(b.min_text, True) + b.px(16) + b.gap
    if (area.h - header_h - notice) // max(1, players) >= _line(b, sizes.total, True) + 2:
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
    _head(b, Rect(area.x + inset, area.y, name_w - inset, header_h), b.tr("Player"), "start")
    totals_x = start_x + column_w * len(shown)
    _head(b, Rect(totals_x, area.y, total_w, header_h), b.tr("Total"))
    for i, number in enumerate(shown):
        x = start_x + i * column_w
        _round_head(b, sheet, number, sheet.doubles[number - 1],
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
                _cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
        _total(b, sheet, seat, Rect(totals_x, row.y, total_w, row.h), sizes.total)
    if nav is not None:
        _nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))


def _columns_way(
    b: Builder, sheet: Sheet, room: int, row_h: int, pages: Pages
) -> tuple[str, range]:
    """The way of showing cells that puts the most rounds in ``room`` (the first of the best
    if several do), and the rounds shown."""
    rounds = max(1, len(sheet.doubles))
    ways = [(how, room // w) for how, w, h in _cell_ways(b, sheet, True) if h <= row_h - 2]
    how, fits = max(ways or [("alone", 1)], key=lambda way: min(way[1], rounds))
    return how, _window(rounds, fits, pages, sheet)


def _by_rows(b: Builder, sheet: Sheet, area: Rect, pages: Pages) -> None:
    """Players across the top, a row per round, the totals at the bottom. Names and totals
    too wide for their columns take turns on two or three lines, each over its column."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    sizes = _sizes(b)
    head_w = max(
        _text_w(b, b.tr("Total"), b.min_text), _text_w(b, _widest_head(sheet), sizes.cell, True)
    )
    column_w = (area.w - head_w) // max(1, players)
    head_w = area.w - column_w * players
    name_line = _line(b, sizes.name)
    total_line = _line(b, sizes.total, True)
    spacing = b.px(16)
    names_turn, name_lines = _name_turns(b, sheet.players, column_w, spacing)
    if name_lines > 1:
        name_line = name_lines * b.measure.line_height(sizes.name, True)
    totals_turn = _turns([_text_w(b, str(t), sizes.total, True) for t in sheet.totals],
                         column_w, spacing)  # fmt: skip
    header_h = name_line * names_turn + b.px(4)
    total_h = total_line * totals_turn + b.px(4)
    body = area.h - header_h - total_h - b.px(2)
    # The first way whose cells fit the columns and that shows every round, or six of them
    # on a page; else the one that shows the most.
    ways = [(how, h + b.px(2)) for how, w, h in _cell_ways(b, sheet, False) if w <= column_w]
    ways = ways or [("alone", _line(b, sizes.cell, True) + b.px(2))]

    def fits(row_h: int) -> int:
        whole = body // row_h
        return whole if whole >= rounds else (body - b.target - b.gap) // row_h

    enough = [way for way in ways if fits(way[1]) >= min(rounds, 6)]
    how, row_h = enough[0] if enough else max(ways, key=lambda way: fits(way[1]))
    shown = _window(rounds, fits(row_h), pages, sheet)
    nav_h = b.target if len(shown) < rounds else 0  # ◀ and ▶ along the bottom
    row_h = min(b.px(100), (body - (nav_h + b.gap if nav_h else 0)) // len(shown))
    b.panel(Rect(area.x, area.y, area.w, header_h), Style.DARK)
    leaders = sheet.leaders()
    for seat, name in enumerate(sheet.players):
        column = Rect(area.x + head_w + seat * column_w, area.y + b.px(2), column_w, header_h)
        box = Rect(column.x, column.y, column_w, name_line)
        if names_turn > 1:
            box = _staggered(column, seat, name_line, names_turn, area, spacing)
        # A leader's name bold where it fits so, else plain rather than cut.
        wide = int(box.w / MIN_SQUEEZE)
        bold = seat in leaders and not b.measure.fit(name, wide, box.h, sizes.name, sizes.name,
                                                     True, name_lines > 1)[2]  # fmt: skip
        b.label(box, name, sizes.name, floor=sizes.name, bold=bold, key=f"name:{name}",
                squeeze=True, wrap=name_lines > 1, squeeze_lines=name_lines > 1)  # fmt: skip
    # The totals right under the names (a name and its total read together), the rounds below.
    totals = Rect(area.x, area.y + header_h, area.w, total_h)
    for i, number in enumerate(shown):
        row = Rect(area.x, totals.bottom + b.px(2) + i * row_h, area.w, row_h - b.px(2))
        b.panel(row, Style.NORMAL if number % 2 else Style.QUIET)
        _round_head(b, sheet, number, sheet.doubles[number - 1],
                    Rect(row.x, row.y, head_w, row.h))  # fmt: skip
        if number <= sheet.scored:
            for seat in range(players):
                x = area.x + head_w + seat * column_w
                _cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
    b.panel(totals, Style.DARK)
    _head(b, Rect(totals.x, totals.y, head_w, totals.h), b.tr("Total"))
    for seat in range(players):
        column = Rect(area.x + head_w + seat * column_w, totals.y + b.px(2), column_w, total_h)
        box = Rect(column.x, column.y, column_w, total_line)
        if totals_turn > 1:
            box = _staggered(column, seat, total_line, totals_turn, area)
        _total(b, sheet, seat, box, sizes.total)
    if nav_h:
        nav = Rect(area.x, totals.bottom + b.px(2) + len(shown) * row_h + b.gap, area.w, nav_h)
        _nav(b, shown, rounds, pages, *split_h(nav, 1, 1, gap=b.gap))


def _head(b: Builder, box: Rect, text: str, align: str = "center") -> Widget:
    """A heading of the sheet ("Player", "Total"): in full contrast, like every number."""
    return b.label(box, text, b.min_text, align=align, wrap=True)


def _round_head(b: Builder, sheet: Sheet, number: int, double: int, box: Rect) -> None:
    """The round's double, as text ("9-9"); rounds still to come are in the normal ink too
    (they have no scores beside them)."""
    playing = number == sheet.playing
    if playing:
        b.panel(box.inflate(-b.px(2), -b.px(2)), Style.SELECTED)
    b.label(
        box,
        f"{double}-{double}",
        _sizes(b).cell,
        bold=True,
        color=TEXT_DARK if playing else None,
        role="round",
        key=f"round:{number}",
    )


def _cell(b: Builder, sheet: Sheet, number: int, seat: int, box: Rect, how: str) -> None:
    """One round's score for one seat, and the running total after it (not after round 1,
    where it is the same number): the score bold, the running total in a plain face."""
    key = f"{number}:{sheet.players[seat]}"
    size = _sizes(b).cell
    if how == "alone":
        score_box, running_box = box, None
    elif how == "beside":  # the pair side by side, close together in the middle
        score_box, running_box = split_h(box, 1, 1, gap=BESIDE_GAP)
    else:
        score_box, running_box = split_v(box, 1, 1)
    align = "end" if how == "beside" else "center"
    # A number too wide for its column (eight players' "129" in portrait) is drawn narrower,
    # its height kept, never cut.
    b.label(score_box, str(sheet.scores[number - 1][seat]), size, floor=size, bold=True,
            align=align, key=f"score:{key}", role="score", squeeze=True)  # fmt: skip
    if running_box is not None and number > 1:
        running = f"{sheet.running(number, seat)}"
        b.label(running_box, running, size, floor=size, key=f"sum:{key}", squeeze=True,
                align="start" if how == "beside" else "center", role="running")  # fmt: skip


def _total(b: Builder, sheet: Sheet, seat: int, box: Rect, size: int) -> None:
    name = sheet.players[seat]
    b.label(
        box,
        str(sheet.totals[seat]),
        size,
        bold=True,
        reading=True,
        floor=size,
        role="total",
        key=f"total:{name}",
    )
