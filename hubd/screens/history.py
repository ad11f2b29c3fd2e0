"""History: the games (a tap opens a game's score sheet), and each player's statistics.

The game being played is marked "In progress", an older one that was left unfinished "Not
finished"; neither is listed as if it had a winner. Keys: "history:game:<id>" (a game's
row), "history:prev" / "history:next" (pages); the score sheet's "Back" returns to the list.
"""

from __future__ import annotations

from hubd.screens.history_players import header_height, players_page, row_height
from hubd.screens.kit.areas import Rect, split_h, split_v
from hubd.screens.kit.base import TabbedScreen, default_screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.keyboard import Keyboard
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import TEXT_DARK, Action, Style
from hubd.screens.score_sheet import Pages, draw_sheet
from hubd.values.intents import Intent, SoundsLike
from hubd.values.records import GameRecord
from hubd.values.sheet import Sheet


def when(record: GameRecord) -> str:
    """The game's date and time as the list shows it: "2026-11-28 21:40"."""
    return (record.finished or record.started).replace("T", " ")[:16]


def standing(b: Builder, record: GameRecord) -> str:
    """Who won, or that there is no winner yet."""
    if record.in_progress:
        return b.tr("In progress")
    if record.finished is None or not record.winners:
        return b.tr("Not finished")
    return " & ".join(record.winners)


class HistoryScreen(TabbedScreen):
    name = "history"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui, "games")
        self.opened: int | None = None  # the game whose score sheet is shown
        self.sheet_pages = Pages()

    def enter(self, ctx: UiContext | None) -> None:
        super().enter(ctx)
        self.opened = None

    def back(self, ctx: UiContext) -> list[Intent]:
        if self.opened is not None:
            self.opened = None
            return []
        return super().back(ctx)

    def build(self, b: Builder, ctx: UiContext) -> None:
        record = next((r for r in ctx.history if r.game_id == self.opened), None)
        if record is not None:
            self._sheet(b, record)
            return
        self.opened = None
        area = top_bar(
            b,
            b.tr("History"),
            self.go(default_screen(ctx)),
            [(b.tr("Games"), self._tab("games")), (b.tr("Players"), self._tab("players"))],
        )
        for widget in b.widgets:
            if widget.key == ("bar:0" if self.tab == "games" else "bar:1"):
                widget.style = Style.SELECTED
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        if self.tab == "games":
            line = b.measure.line_height(b.min_text, True)
            row_h = max(b.target, 2 * line) + b.px(12) if b.landscape else 4 * line + b.px(16)
            header_h = 2 * line + b.px(4) if b.landscape else 0
            items = len(ctx.history)
        else:
            said = any(ctx.sounds_like.get(player.name) for player in ctx.stats)
            row_h = row_height(b, said)
            header_h = header_height(b, area.w - b.px(16)) if b.landscape else 0
            items = len(ctx.stats)
        per_page = max(1, (area.h - header_h) // row_h)
        if items > per_page:  # room for the page buttons
            per_page = max(1, (area.h - header_h - b.target - b.gap) // row_h)
        pages = max(1, -(-items // per_page))
        self.page = min(self.page, pages - 1)
        start = self.page * per_page
        if self.tab == "games":
            self._games(b, ctx, area, header_h, row_h, start, per_page)
        else:
            players_page(b, ctx.stats[start : start + per_page], area, header_h, row_h,
                         ctx.sounds_like, lambda name: self._sounds(name, ctx))  # fmt: skip
        if pages > 1:
            self._pages(b, Rect(area.x, area.bottom - b.target, area.w, b.target), pages)

    def _pages(self, b: Builder, nav: Rect, pages: int) -> None:
        info_w = b.measure.width(f"{pages} / {pages}", b.min_text) + b.px(16)
        side = (nav.w - info_w - 2 * b.gap) // 2
        prev, info, nxt = split_h(nav, side, info_w, side, gap=b.gap)
        first, last = self.page == 0, self.page == pages - 1
        b.button(prev, b.tr("Newer"), self._turn(-1), key="history:prev",
                 style=Style.DISABLED if first else Style.NORMAL)  # fmt: skip
        b.label(info, f"{self.page + 1} / {pages}", b.px(24))
        b.button(nxt, b.tr("Older"), self._turn(1), key="history:next",
                 style=Style.DISABLED if last else Style.NORMAL)  # fmt: skip

    def _games(
        self,
        b: Builder,
        ctx: UiContext,
        area: Rect,
        header_h: int,
        row_h: int,
        start: int,
        count: int,
    ) -> None:
        if not ctx.history:
            b.label(area, b.tr("No game yet."), b.px(26), wrap=True)
            return
        weights = (3, 5, 4)
        if header_h:
            header = Rect(area.x + b.px(8), area.y, area.w - b.px(16), header_h)
            titles = (b.tr("Date"), b.tr("Players and totals"), b.tr("Winner"))
            for box, text in zip(split_h(header, *weights, gap=b.gap), titles, strict=True):
                b.label(box, text, b.min_text, align="start", wrap=True)
        y = area.y + header_h
        for i, record in enumerate(ctx.history[start : start + count]):
            row = Rect(area.x, y + i * row_h, area.w, row_h - b.px(6))
            playing = record.in_progress
            style = Style.SELECTED if playing else (Style.NORMAL if i % 2 == 0 else Style.QUIET)
            key = f"history:game:{record.game_id}"
            b.button(row, "", self._open(record.game_id), style=style, key=key)
            ink = TEXT_DARK if playing else None
            inner = row.inflate(-b.px(16), -b.px(4))
            scores = ", ".join(
                f"{n} {t}" for n, t in zip(record.players, record.totals, strict=False)
            )
            if b.landscape:
                date, players, winner = split_h(inner, *weights, gap=b.gap)
            else:  # the date, the players and totals (two lines), the winner
                line = b.measure.line_height(b.min_text, True)
                date, players, winner = split_v(inner, line, 2 * line, line)
            b.label(date, when(record), b.px(20), align="start", wrap=True, color=ink)
            b.label(players, scores, b.px(22), align="start", wrap=True, color=ink)
            b.label(winner, standing(b, record), b.px(22), bold=True, color=ink,
                    align="start" if b.landscape else "end", wrap=True)  # fmt: skip

    def _sheet(self, b: Builder, record: GameRecord) -> None:
        """One game's score sheet, read-only, from its record."""
        title = b.tr("Game of {date}").format(date=when(record)[:10])
        area = top_bar(b, title, self._open(None), [])
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        note_h = b.px(48) if b.landscape else b.px(100)
        note = Rect(area.x, area.bottom - note_h, area.w, note_h)
        if record.in_progress or record.finished is None:
            text = standing(b, record)
        else:
            text = b.tr("Won by {names}").format(names=standing(b, record))
        b.label(note, text, b.px(24), bold=True, wrap=True)
        area.h -= note.h + b.gap
        draw_sheet(b, Sheet.of_record(record), area, self.sheet_pages)

    def _open(self, game_id: int | None) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.opened = game_id
            self.sheet_pages = Pages()
            return []

        return action

    def _sounds(self, name: str, ctx: UiContext) -> Action:
        """A tap on a player's name: type how it sounds for the hub's voice ("" forgets)."""

        def done(said: str) -> list[Intent]:
            return [SoundsLike(name, said)]

        def action(_pos: tuple[int, int]) -> list[Intent]:
            hint = self.ui.tr("Type how {player} sounds").format(player=name)
            said = ctx.sounds_like.get(name, "")
            keyboard = Keyboard(self.ui, done, text=said, hint=hint, done=self.ui.tr("Save"),
                                empty=True)  # fmt: skip
            self.ui.open_overlay(keyboard)
            return []

        return action
