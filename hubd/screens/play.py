"""The play screen: one status line, the table map, every hand and total, the last entry.

Landscape (800x480): the status line across the top; the map on the left; the hands, the
yard and the totals on the right with Draw and Pass under them; along the bottom the last
entry with Undo beside it, then Hub, Scores and Menu. Portrait (720x1280): the status line,
the hands in a strip, the map, the last entry, then the buttons. Undo is never beside Draw
or Pass, and a notice (the undo's "Undid: ...") takes the last entry's place, never a button.
"""

from __future__ import annotations

from engine import Draw, GameState, Pass
from hubd.intents import HubButton
from hubd.screens.base import Builder, Rect, Screen, grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.entry_line import last_entry_line, open_menu
from hubd.screens.map_view import draw_map
from hubd.screens.widgets import TEXT_DARK, Action, Style
from hubd.screens.wording import NameFitter, status_text


class PlayScreen(Screen):
    name = "play"

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or not state.in_round or state.table is None:
            self._no_round(b, ctx)
            return
        g = b.gap
        if b.landscape:
            # Every pixel counts at 800x480: five map rows, five hand rows at 40 px.
            thin = b.px(4)
            status = Rect(0, 0, b.w, b.target + b.px(4))
            bottom = Rect(g, b.h - b.target - thin, b.w - 2 * g, b.target)
            side_w = self._hands_width(b)
            middle = Rect(0, status.bottom + thin, b.w, bottom.y - status.bottom - 2 * thin)
            side = Rect(b.w - side_w - g, middle.y, side_w, middle.h)
            moves_h = b.target
            hands = Rect(side.x, side.y, side.w, side.h - moves_h - thin)
            moves = Rect(side.x, hands.bottom + thin, side.w, moves_h)
            map_area = Rect(g, middle.y, side.x - 2 * g, middle.h)
            last, tools = split_h(bottom, 11, 9, gap=g)
        else:
            lines = 2 * b.painter.line_height(b.px(72), True)
            status = Rect(0, 0, b.w, lines + 2 * b.gap + b.px(4))
            rows = -(-len(state.players) // 4)
            hands = Rect(g, status.bottom + g, b.w - 2 * g, b.px(200) * rows)
            moves = Rect(g, b.h - b.px(96) - g, b.w - 2 * g, b.px(96))
            tools = Rect(g, moves.y - b.px(80) - g, b.w - 2 * g, b.px(80))
            last = Rect(g, tools.y - b.px(110) - g, b.w - 2 * g, b.px(110))
            map_area = Rect(g, hands.bottom + g, b.w - 2 * g, last.y - hands.bottom - 2 * g)
        self._status(b, ctx, state, status)
        self._hands(b, state, hands)
        labels = draw_map(b, self.ui, state, map_area)
        self.ui.remember_labels(labels)
        if not b.landscape:
            yard_w = b.px(24) + max(
                b.painter.width("88", b.px(60), True),
                b.painter.width(b.tr("Yard"), b.min_text, False),
            )
            last, yard = split_h(last, last.w - yard_w - g, yard_w, gap=g)
            self._yard(b, state, yard)
        last_entry_line(b, self.ui, ctx, last, labels)
        self._tools(b, tools)
        self._moves(b, state, moves)

    def _no_round(self, b: Builder, ctx: UiContext) -> None:
        area = b.top_bar(b.tr("Play"), None, [])
        box = Rect(area.x + b.gap, area.y + b.gap, area.w - 2 * b.gap, area.h // 2)
        b.label(box, b.tr("No round is being played."), b.px(28), wrap=True)
        from hubd.screens.base import default_screen

        target = default_screen(ctx)
        if target != "play":
            button = Rect(0, 0, b.px(320), b.target + b.px(8))
            button.center = (b.w // 2, area.y + area.h * 3 // 4)
            b.button(button, b.tr("Continue"), self.go(target), style=Style.PRIMARY)

    # -- the status line -------------------------------------------------------------------

    def _status(self, b: Builder, ctx: UiContext, state: GameState, box: Rect) -> None:
        size = b.px(48) if b.landscape else b.px(72)
        locked = state.lock is not None
        b.panel(box, Style.WARN if locked else Style.DARK)
        inner = box.inflate(-2 * b.gap, -b.px(4) if b.landscape else -b.gap)
        text = status_text(state, b.tr, b.ntr, self._name_fitter(b, size, inner.w))
        b.button(
            inner,
            text,
            self.ui.say_again,
            size=size,
            floor=size,
            style=Style.WARN if locked else Style.DARK,
            key="status",
            role="status",
            wrap=True,
        )

    @staticmethod
    def _name_fitter(b: Builder, size: int, width: int) -> NameFitter:
        """Shortens a player's name so that the status line stays on its lines at ``size``."""

        def fit(name: str, rest: str) -> str:
            lines = 1 if b.landscape else 2
            budget = width * lines - b.painter.width(rest, size, True) - b.px(24)
            return b.painter.shorten(name, max(budget, b.px(60)), size, True)

        return fit

    # -- the hands, the yard and the totals --------------------------------------------------

    @staticmethod
    def _hands_width(b: Builder) -> int:
        """Wide enough for a name, a two-digit hand and a three-digit total at 40 px."""
        count_w, total_w = PlayScreen._number_widths(b)
        yard_w = b.painter.width(b.tr("Yard"), b.min_text, False) + b.px(14)
        return max(b.px(86), yard_w) + count_w + total_w + b.px(16)

    @staticmethod
    def _number_widths(b: Builder) -> tuple[int, int]:
        size = b.px(40) if b.landscape else b.px(60)
        pad = b.px(10)
        width = b.painter.width
        heads = [width(b.tr(text), b.min_text, False) for text in ("Tiles", "Score")]
        return (
            max(width("88", size, True), heads[0]) + pad,
            max(width("888", size, True), heads[1]) + pad,
        )

    def _hands(self, b: Builder, state: GameState, area: Rect) -> None:
        count_px = b.px(40) if b.landscape else b.px(60)
        name_px = b.px(24) if b.landscape else b.px(34)  # names, a little above the least
        totals = state.totals
        b.panel(area, Style.DARK)
        entries = [(name, str(hand), str(total)) for name, hand, total in
                   zip(state.players, state.hands, totals, strict=True)]  # fmt: skip
        entries.append((b.tr("Yard"), str(state.yard), ""))
        if b.landscape:
            head_h = b.px(24)
            head = Rect(area.x + b.gap, area.y, area.w - 2 * b.gap, head_h)
            count_w, total_w = self._number_widths(b)
            name_w = head.w - count_w - total_w - b.px(8)
            _name_col, tiles_col, score_col = split_h(head, name_w, count_w, total_w, gap=b.px(4))
            b.label(tiles_col, b.tr("Tiles"), name_px)
            b.label(score_col, b.tr("Score"), name_px)
            body = Rect(area.x, head.bottom, area.w, area.bottom - head.bottom)
            rows = split_v(body, *([1] * len(entries)), gap=b.px(2))
            for seat, (row, entry) in enumerate(zip(rows, entries, strict=True)):
                cell = Rect(row.x + b.px(4), row.y, row.w - b.px(8), row.h)
                cols = split_h(cell, name_w, count_w, total_w, gap=b.px(4))
                self._hand(b, state, seat, entry, cell, cols, name_px, count_px)
            return
        # Portrait: a column of captions, then up to four players a row (the yard sits
        # beside the last entry).
        legend_w = max(b.painter.width(b.tr(t), name_px, False) for t in ("Tiles", "Score"))
        legend_w += 2 * b.gap
        inner = area.inflate(-b.gap, -b.gap)
        players = entries[:-1]
        row_h = inner.h // max(1, -(-len(players) // 4))
        for first in range(0, len(players), 4):
            band = Rect(inner.x, inner.y + (first // 4) * row_h, inner.w, row_h - b.gap // 2)
            legend, cells_area = split_h(band, legend_w, band.w - legend_w, gap=b.gap // 2)
            _top, tiles_box, score_box = split_v(legend, 35, 70, 70)
            b.label(tiles_box, b.tr("Tiles"), name_px, align="start")
            b.label(score_box, b.tr("Score"), name_px, align="start")
            shown = players[first : first + 4]
            for offset, cell in enumerate(grid(cells_area, len(shown), 4, b.gap // 2)):
                cols = split_v(cell.inflate(-b.px(4), -b.px(4)), 35, 70, 70)
                self._hand(b, state, first + offset, shown[offset], cell, cols, name_px, count_px)

    def _yard(self, b: Builder, state: GameState, box: Rect) -> None:
        """The yard on its own (portrait, beside the last entry)."""
        b.panel(box, Style.DARK)
        top, bottom = split_v(box.inflate(-b.px(4), -b.px(2)), 35, 70)
        b.label(top, b.tr("Yard"), b.min_text, key="name:yard")
        b.label(bottom, str(state.yard), b.px(60), bold=True, reading=True, role="count",
                key="count:yard")  # fmt: skip

    def _hand(
        self,
        b: Builder,
        state: GameState,
        seat: int,
        entry: tuple[str, str, str],
        cell: Rect,
        cols: list[Rect],
        name_px: int,
        count_px: int,
    ) -> None:
        name, hand, total = entry
        yard = seat == len(state.players)
        current = seat == state.current
        if current:
            b.panel(cell, Style.SELECTED)
            name = ("◀ " if b.rtl else "▶ ") + name
        color = TEXT_DARK if current else None
        key = "yard" if yard else str(seat)
        align = "start" if b.landscape else "center"
        b.label(cols[0], name, name_px, bold=current, color=color, align=align, key=f"name:{key}")
        b.label(cols[1], hand, count_px, bold=True, reading=True, color=color,
                role="count", key=f"count:{key}")  # fmt: skip
        if total:
            b.label(cols[2], total, count_px, bold=True, reading=True, color=color,
                    role="total", key=f"total:{key}")  # fmt: skip

    # -- the buttons -----------------------------------------------------------------------

    def _tools(self, b: Builder, area: Rect) -> None:
        specs: list[tuple[str, Action, str]] = [
            (b.tr("Hub"), lambda _pos: [HubButton()], "hub"),
            (b.tr("Scores"), self.go("scores"), "scores"),
            (b.tr("Menu"), open_menu(self.ui), "menu"),
        ]
        size = b.px(24) if b.landscape else b.px(34)
        for (text, action, key), box in zip(specs, split_h(area, 1, 1, 1, gap=b.gap), strict=True):
            b.button(box, text, action, key=key, size=size)

    def _moves(self, b: Builder, state: GameState, area: Rect) -> None:
        player = state.current_player or ""
        submit = self.ui.submit
        size = b.px(26) if b.landscape else b.px(36)
        draw, pass_ = split_h(area, 1, 1, gap=b.gap)
        for box, text, make, allowed, key in (
            (draw, b.tr("Draw"), lambda: Draw(player), state.can_draw, "draw"),
            (pass_, b.tr("Pass"), lambda: Pass(player), state.can_pass, "pass"),
        ):
            b.button(
                box,
                text,
                submit(make),
                style=Style.NORMAL if allowed else Style.DISABLED,
                key=key,
                size=size,
                enabled=allowed,
            )
