"""What every way of laying out the score sheet shares (hubd/screens/score_sheet.py and
sheet_by_players.py): its sizes, its pages of rounds and their ◀ and ▶, a round's heading, a
score, a total."""

from __future__ import annotations

from dataclasses import dataclass

from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.widgets import TEXT_DARK, Action, Style, Widget
from hubd.values.intents import Intent
from hubd.values.sheet import Sheet

#: Between a score and the running total beside it, so that "11" and "29" never read "1129".
BESIDE_GAP = 18


class Pages:
    """Which rounds a sheet too long for the screen shows: ``first`` is the first round on
    the page (None: the page ending with the round being played, else the last scored)."""

    def __init__(self) -> None:
        self.first: int | None = None

    def turn(self, first: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.first = first
            return []

        return action


@dataclass(frozen=True)
class SheetSizes:
    """The sheet's font sizes: names, scores and running totals, totals."""

    name: int
    cell: int
    total: int


def sizes(b: Builder) -> SheetSizes:
    return SheetSizes(b.floor_text, b.min_text, b.chair_text)


def text_w(b: Builder, text: str, size: int, bold: bool = False) -> int:
    return b.measure.width(text, max(size, b.min_text), bold) + 2 * b.px(4)


def line(b: Builder, size: int, bold: bool = False) -> int:
    """A text line's height, less the two pixels the layout check allows."""
    return b.measure.line_height(size, bold) - 2


def cell_ways(b: Builder, sheet: Sheet, heads: bool) -> list[tuple[str, int, int]]:
    """The ways a cell can show a score and the running total after it, best first, each
    with the least width and height it needs: side by side, one over the other, or the score
    alone. With ``heads`` the column is also as wide as the rounds' doubles ("12-12")."""
    players = range(len(sheet.players))
    size = sizes(b).cell
    widest = max((len(str(v)) for row in sheet.scores for v in row), default=1)
    most = max((len(str(sheet.running(len(sheet.scores), s))) for s in players), default=1)
    score_w = text_w(b, "8" * max(2, widest), size, bold=True)
    running_w = text_w(b, "8" * max(2, most), size)
    head_w = text_w(b, widest_head(sheet), size, True) if heads else 0
    height = line(b, size, True)
    return [
        ("beside", max(score_w + running_w + BESIDE_GAP, head_w), height),
        ("under", max(score_w, running_w, head_w), 2 * (height + 2) + b.px(2)),
        ("alone", max(score_w, head_w), height),
    ]


def widest_head(sheet: Sheet) -> str:
    return "88-88" if max(sheet.doubles, default=0) > 9 else "8-8"


def window(count: int, fits: int, pages: Pages, sheet: Sheet) -> range:
    """The rounds on the page shown: all of them if they fit, else ``fits`` at a time, first
    the page that ends with the round being played (the last scored where the page holds
    one round), the rounds scored just before it beside it. (Pages counted from round 1
    showed the seventh round of thirteen with the six still to come: six empty rows, the
    scores a page back.)"""
    if count <= fits:
        return range(1, count + 1)
    fits = max(1, fits)
    first = pages.first
    if first is None:  # a page of one round shows the last scored, not one still empty
        now = sheet.playing if sheet.playing and (fits > 1 or not sheet.scored) else sheet.scored
        first = max(1, now) - fits + 1
    first = max(1, min(first, count - fits + 1))
    return range(first, first + fits)


def nav(b: Builder, shown: range, count: int, pages: Pages, before: Rect, after: Rect) -> None:
    """◀ and ▶: the rounds before and after the page (greyed at either end)."""
    fits = len(shown)
    earlier, later = shown.start > 1, shown.stop <= count
    b.button(before, "◀", pages.turn(max(1, shown.start - fits)) if earlier else None,
             style=Style.NORMAL if earlier else Style.DISABLED, key="sheet:earlier",
             enabled=earlier, mirror=False)  # fmt: skip
    b.button(after, "▶", pages.turn(shown.stop) if later else None,
             style=Style.NORMAL if later else Style.DISABLED, key="sheet:later",
             enabled=later, mirror=False)  # fmt: skip


def head(b: Builder, box: Rect, text: str, align: str = "center") -> Widget:
    """A heading of the sheet ("Player", "Total"): in full contrast, like every number."""
    return b.label(box, text, b.min_text, align=align, wrap=True)


def round_head(
    b: Builder, sheet: Sheet, number: int, double: int, box: Rect, margin: int = 0
) -> None:
    """The round's double, as text ("9-9"), ``margin`` px in from each side of its column;
    rounds still to come are in the normal ink too (they have no scores beside them)."""
    playing = number == sheet.playing
    if playing:
        b.panel(box.inflate(-b.px(2), -b.px(2)), Style.SELECTED)
    b.label(
        box.inflate(-2 * margin, 0),
        f"{double}-{double}",
        sizes(b).cell,
        bold=True,
        color=TEXT_DARK if playing else None,
        squeeze=True,  # one row a player: "12-12" over a column of two-digit scores
        role="round",
        key=f"round:{number}",
    )


def cell(b: Builder, sheet: Sheet, number: int, seat: int, box: Rect, how: str) -> None:
    """One round's score for one seat, and the running total after it (not after round 1,
    where it is the same number): the score bold, the running total in a plain face."""
    key = f"{number}:{sheet.players[seat]}"
    size = sizes(b).cell
    if how == "alone" or number == 1:  # round 1's running total is its score: not said
        score_box, running_box, how = box, None, "alone"
    elif how == "beside":  # the pair side by side, close together in the middle
        score_box, running_box = split_h(box, 1, 1, gap=BESIDE_GAP)
    else:
        score_box, running_box = split_v(box, 1, 1)
    align = "end" if how == "beside" else "center"
    # A number too wide for its column (eight players' "129" in portrait) is drawn narrower,
    # its height kept, never cut.
    b.label(score_box, str(sheet.scores[number - 1][seat]), size, floor=size, bold=True,
            align=align, key=f"score:{key}", role="score", squeeze=True)  # fmt: skip
    if running_box is not None:
        running = f"{sheet.running(number, seat)}"
        b.label(running_box, running, size, floor=size, key=f"sum:{key}", squeeze=True,
                align="start" if how == "beside" else "center", role="running")  # fmt: skip


def total(b: Builder, sheet: Sheet, seat: int, box: Rect, size: int) -> None:
    name = sheet.players[seat]
    b.label(
        box,
        str(sheet.totals[seat]),
        size,
        bold=True,
        reading=True,
        floor=size,
        squeeze=True,  # "480" at 67 px in a 138 px column: narrower, never cut
        role="total",
        key=f"total:{name}",
    )
