"""The score sheet: every round of the game at once, from the game in progress or a record.

On a wide screen each round is a column headed by its double (a double-9 game shows 9-9 to
0-0 side by side); on a tall one each round is a row, so the numbers keep a size that can be
read from a chair. Each round's header is a widget with role "round" and key "round:K"; the
players' totals have role "total" and key "total:<name>".
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import GameState, Phase
from hubd.records import GameRecord
from hubd.screens.base import Builder, Rect, split_h, split_v
from hubd.screens.widgets import TEXT_DARK, TEXT_DIM, Style, Widget


@dataclass(frozen=True)
class Sheet:
    """What a score sheet shows."""

    players: tuple[str, ...]
    doubles: tuple[int, ...]  # each round's starting double, one per round of the game
    scores: tuple[tuple[int, ...], ...]  # the rounds scored so far, by seat
    totals: tuple[int, ...]  # by seat
    playing: int | None = None  # the round being played or scored now, if any

    @classmethod
    def of_state(cls, state: GameState) -> Sheet:
        rules = state.rules
        assert rules is not None
        doubles = tuple(rules.starting_double(n) for n in range(1, rules.rounds + 1))
        playing = state.round if state.in_round or state.phase is Phase.ROUND_OVER else None
        scores = tuple(map(tuple, state.scores))
        return cls(state.players, doubles, scores, tuple(state.totals), playing)

    @classmethod
    def of_record(cls, record: GameRecord) -> Sheet:
        return cls(record.players, record.doubles, record.scores, record.totals)

    @property
    def scored(self) -> int:
        """How many rounds have scores to show."""
        return min(len(self.scores), len(self.doubles))

    def running(self, number: int, seat: int) -> int:
        """``seat``'s total after round ``number``."""
        return sum(row[seat] for row in self.scores[:number])

    def leaders(self) -> set[int]:
        """The seats with the lowest total (none before the first round is scored)."""
        totals = self.totals
        return {s for s, t in enumerate(totals) if self.scores and t == min(totals)}


def draw_sheet(b: Builder, sheet: Sheet, area: Rect) -> None:
    if b.landscape:
        _by_columns(b, sheet, area)
    else:
        _by_rows(b, sheet, area)


def _text_w(b: Builder, text: str, size: int, bold: bool = False) -> int:
    return b.painter.width(text, max(size, b.min_text), bold) + 2 * max(3, b.px(6))


def _by_columns(b: Builder, sheet: Sheet, area: Rect) -> None:
    """Players down the side, a column per round, the totals at the end."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    total_size = b.px(40)
    total_w = max(
        b.px(80),
        _text_w(b, b.tr("Total"), b.min_text),
        *(_text_w(b, str(t), total_size, bold=True) for t in sheet.totals),
    )
    name_w = max(
        _text_w(b, b.tr("Player"), b.min_text),
        *(_text_w(b, name, b.px(24), bold=True) for name in sheet.players),
    )
    name_w = min(max(name_w, b.px(80)), area.w // 4)
    # A short game's few columns spread over the sheet, so the totals stay beside them.
    column_w = min(b.px(180), (area.w - name_w - total_w) // rounds)
    total_w = area.w - name_w - column_w * rounds  # what is left goes to the totals
    header_h = b.px(44)
    row_h = min(b.px(84), (area.h - header_h) // max(1, players))
    how = _arrangement(b, sheet, Rect(0, 0, column_w, row_h - b.px(2)))
    inset = b.px(8)
    b.panel(Rect(area.x, area.y, area.w, header_h), Style.DARK)
    _dim(b, Rect(area.x + inset, area.y, name_w - inset, header_h), b.tr("Player"), "start")
    _dim(b, Rect(area.right - total_w, area.y, total_w, header_h), b.tr("Total"))
    for number, double in enumerate(sheet.doubles, start=1):
        x = area.x + name_w + (number - 1) * column_w
        _round_head(b, sheet, number, double, Rect(x, area.y, column_w, header_h))
    leaders = sheet.leaders()
    for seat, name in enumerate(sheet.players):
        row = Rect(area.x, area.y + header_h + seat * row_h, area.w, row_h - b.px(2))
        b.panel(row, Style.NORMAL if seat % 2 == 0 else Style.QUIET)
        b.label(
            Rect(row.x + inset, row.y, name_w - inset, row.h),
            name,
            b.px(24),
            bold=seat in leaders,
            align="start",
            key=f"name:{name}",
        )
        for number in range(1, sheet.scored + 1):
            x = area.x + name_w + (number - 1) * column_w
            _cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
        _total(b, sheet, seat, Rect(row.right - total_w, row.y, total_w, row.h), total_size)


def _by_rows(b: Builder, sheet: Sheet, area: Rect) -> None:
    """Players across the top, a row per round, the totals at the bottom."""
    rounds, players = max(1, len(sheet.doubles)), len(sheet.players)
    head_w = max(b.px(110), _text_w(b, b.tr("Total"), b.min_text))
    column_w = (area.w - head_w) // max(1, players)
    head_w = area.w - column_w * players
    header_h, total_h = b.px(60), b.px(96)
    row_h = min(b.px(100), (area.h - header_h - total_h) // rounds)
    how = _arrangement(b, sheet, Rect(0, 0, column_w, row_h - b.px(2)))
    b.panel(Rect(area.x, area.y, area.w, header_h), Style.DARK)
    leaders = sheet.leaders()
    for seat, name in enumerate(sheet.players):
        box = Rect(area.x + head_w + seat * column_w, area.y, column_w, header_h)
        b.label(box, name, b.px(30), bold=seat in leaders, key=f"name:{name}")
    for number, double in enumerate(sheet.doubles, start=1):
        row = Rect(area.x, area.y + header_h + (number - 1) * row_h, area.w, row_h - b.px(2))
        b.panel(row, Style.NORMAL if number % 2 else Style.QUIET)
        _round_head(b, sheet, number, double, Rect(row.x, row.y, head_w, row.h))
        if number <= sheet.scored:
            for seat in range(players):
                x = area.x + head_w + seat * column_w
                _cell(b, sheet, number, seat, Rect(x, row.y, column_w, row.h), how)
    y = area.y + header_h + rounds * row_h
    totals = Rect(area.x, y, area.w, min(total_h, area.bottom - y))
    b.panel(totals, Style.DARK)
    _dim(b, Rect(totals.x, totals.y, head_w, totals.h), b.tr("Total"))
    for seat in range(players):
        box = Rect(area.x + head_w + seat * column_w, totals.y, column_w, totals.h)
        _total(b, sheet, seat, box, b.px(60))


def _dim(b: Builder, box: Rect, text: str, align: str = "center") -> Widget:
    return b.label(box, text, b.min_text, align=align, color=TEXT_DIM, wrap=True)


def _round_head(b: Builder, sheet: Sheet, number: int, double: int, box: Rect) -> None:
    """The round's double, as text ("9-9"), or as a domino where the text does not fit."""
    playing = number == sheet.playing
    if playing:
        b.panel(box.inflate(-b.px(2), -b.px(2)), Style.SELECTED)
    ink = TEXT_DARK if playing else (None if number <= len(sheet.scores) else TEXT_DIM)
    head = b.label(
        box,
        f"{double}-{double}",
        b.px(24),
        bold=True,
        color=ink,
        role="round",
        key=f"round:{number}",
    )
    if head.truncated:
        b.widgets.remove(head)
        pic = Rect(0, 0, box.w - b.px(6), (box.w - b.px(6)) // 2)
        pic.center = box.center
        domino = b.tile(pic, double, double, lit=playing, key=f"round:{number}")
        domino.role = "round"


def _score_size(b: Builder) -> int:
    return b.px(28) if b.landscape else b.px(34)


def _arrangement(b: Builder, sheet: Sheet, box: Rect) -> str:
    """How every cell shows a score and the running total after it: "beside", "under", or
    "alone" (no running total) where neither fits; one way for the whole sheet."""
    players = range(len(sheet.players))
    widest = max((len(str(v)) for row in sheet.scores for v in row), default=1)
    most = max((len(str(sheet.running(len(sheet.scores), s))) for s in players), default=1)
    score_w = _text_w(b, "8" * widest, _score_size(b), bold=True)
    running_w = _text_w(b, "8" * most, b.min_text)
    if score_w + running_w <= box.w:
        return "beside"
    lines = b.painter.line_height(_score_size(b), True) + b.painter.line_height(b.min_text)
    return "under" if lines <= box.h and max(score_w, running_w) <= box.w else "alone"


def _cell(b: Builder, sheet: Sheet, number: int, seat: int, box: Rect, how: str) -> None:
    """One round's score for one seat, and the running total after it (not after round 1,
    where it is the same number)."""
    key = f"{number}:{sheet.players[seat]}"
    if how == "alone":
        score_box, running_box = box, None
    elif how == "beside":  # the pair side by side, close together in the middle
        score_box, running_box = split_h(box, 1, 1, gap=b.px(8))
    else:
        score_box, running_box = split_v(box, 3, 2)
    align = "end" if how == "beside" else "center"
    b.label(score_box, str(sheet.scores[number - 1][seat]), _score_size(b), bold=True,
            align=align, key=f"score:{key}", role="score")  # fmt: skip
    if running_box is not None and number > 1:
        running = str(sheet.running(number, seat))
        b.label(running_box, running, b.min_text, color=TEXT_DIM, key=f"sum:{key}",
                align="start" if how == "beside" else "center", role="running")  # fmt: skip


def _total(b: Builder, sheet: Sheet, seat: int, box: Rect, size: int) -> None:
    name = sheet.players[seat]
    b.label(
        box,
        str(sheet.totals[seat]),
        size,
        bold=True,
        reading=True,
        floor=b.min_text,
        role="total",
        key=f"total:{name}",
    )
