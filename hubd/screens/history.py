"""History: finished games, and each player's statistics."""

from __future__ import annotations

from hubd.intents import Intent
from hubd.screens.base import Builder, Rect, Screen, default_screen, split_h
from hubd.screens.context import UiContext
from hubd.screens.ui import Ui
from hubd.screens.widgets import TEXT_DIM, Action, Style


class HistoryScreen(Screen):
    name = "history"

    def __init__(self, ui: Ui) -> None:
        super().__init__(ui)
        self.tab = "games"
        self.page = 0

    def enter(self, ctx: UiContext | None) -> None:
        self.page = 0

    def build(self, b: Builder, ctx: UiContext) -> None:
        back = self.go(default_screen(ctx))
        area = b.top_bar(
            b.tr("History"),
            back,
            [
                (b.tr("Games"), self._tab("games")),
                (b.tr("Players"), self._tab("players")),
            ],
        )
        for widget in b.widgets:
            if widget.key == ("bar:0" if self.tab == "games" else "bar:1"):
                widget.style = Style.SELECTED
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        row_h = b.px(64) if b.landscape else b.px(84)
        nav = Rect(area.x, area.bottom - b.target, area.w, b.target)
        rows_area = Rect(area.x, area.y, area.w, nav.y - area.y - b.gap)
        per_page = max(1, (rows_area.h - b.px(40)) // row_h)
        items = len(ctx.history) if self.tab == "games" else len(ctx.stats)
        pages = max(1, -(-items // per_page))
        self.page = min(self.page, pages - 1)
        start = self.page * per_page
        if self.tab == "games":
            self._games(b, ctx, rows_area, row_h, start, per_page)
        else:
            self._players(b, ctx, rows_area, row_h, start, per_page)
        if pages > 1:
            prev, info, nxt = split_h(nav, 1, 1, 1, gap=b.gap)
            b.button(
                prev,
                b.tr("Newer"),
                self._turn(-1),
                key="history:prev",
                style=Style.NORMAL if self.page else Style.DISABLED,
            )
            b.label(info, f"{self.page + 1} / {pages}", b.px(24))
            b.button(
                nxt,
                b.tr("Older"),
                self._turn(1),
                key="history:next",
                style=Style.NORMAL if self.page < pages - 1 else Style.DISABLED,
            )

    def _games(
        self, b: Builder, ctx: UiContext, area: Rect, row_h: int, start: int, count: int
    ) -> None:
        if not ctx.history:
            b.label(area, b.tr("No finished games yet."), b.px(26), wrap=True)
            return
        header = Rect(area.x, area.y, area.w, b.px(36))
        date, players, winner = split_h(header, 2, 6, 3, gap=b.gap)
        for box, text in (
            (date, b.tr("Date")),
            (players, b.tr("Players and totals")),
            (winner, b.tr("Winner")),
        ):
            b.label(box, text, b.px(17), align="start", color=TEXT_DIM, floor=b.px(11))
        y = header.bottom
        for i, record in enumerate(ctx.history[start : start + count]):
            row = Rect(area.x, y, area.w, row_h - b.px(4))
            b.panel(row, Style.NORMAL if i % 2 == 0 else Style.QUIET)
            date, players, winner = split_h(row.inflate(-b.px(8), 0), 2, 6, 3, gap=b.gap)
            when = (record.finished or record.started).replace("T", " ")[:16]
            b.label(date, when, b.px(18), align="start", wrap=True, floor=b.px(11))
            scores = ", ".join(
                f"{n} {t}" for n, t in zip(record.players, record.totals, strict=False)
            )
            b.label(players, scores, b.px(20), align="start", wrap=True, floor=b.px(11))
            b.label(
                winner,
                " & ".join(record.winners) or "–",
                b.px(22),
                bold=True,
                align="start",
                wrap=True,
                floor=b.px(11),
            )
            y += row_h

    def _players(
        self, b: Builder, ctx: UiContext, area: Rect, row_h: int, start: int, count: int
    ) -> None:
        if not ctx.stats:
            b.label(area, b.tr("No statistics yet."), b.px(26), wrap=True)
            return
        weights = (4, 2, 2, 3, 3, 2)
        titles = (
            b.tr("Player"),
            b.tr("Games"),
            b.tr("Wins"),
            b.tr("Average round"),
            b.tr("Rounds at 0"),
            b.tr("Feet"),
        )
        header = Rect(area.x, area.y, area.w, b.px(40))
        for box, text in zip(split_h(header, *weights, gap=b.gap), titles, strict=True):
            b.label(box, text, b.px(17), color=TEXT_DIM, floor=b.px(10), wrap=True)
        y = header.bottom
        for i, stats in enumerate(ctx.stats[start : start + count]):
            row = Rect(area.x, y, area.w, row_h - b.px(4))
            b.panel(row, Style.NORMAL if i % 2 == 0 else Style.QUIET)
            values = (
                stats.name,
                str(stats.games),
                str(stats.wins),
                f"{stats.average_round_score:.1f}",
                str(stats.zero_rounds),
                str(stats.feet_opened),
            )
            boxes = split_h(row.inflate(-b.px(8), 0), *weights, gap=b.gap)
            for j, (box, text) in enumerate(zip(boxes, values, strict=True)):
                b.label(
                    box,
                    text,
                    b.px(24) if j == 0 else b.px(28),
                    bold=j > 0,
                    align="start" if j == 0 else "center",
                    floor=b.px(12),
                )
            y += row_h

    def _tab(self, tab: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.tab = tab
            self.page = 0
            return []

        return action

    def _turn(self, step: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.page = max(0, self.page + step)
            return []

        return action
