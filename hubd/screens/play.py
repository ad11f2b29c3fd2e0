"""The play screen: one status line, the table map, every hand and total, the last entry.

Landscape (800x480): the status line across the top; the map on the left, at least 420 px wide;
the hands, the yard and the totals on the right; along the bottom Undo and the last entry,
then Draw, Pass and Menu (the menu holds the on-screen hub button and the scores). Portrait
(720x1280): the status line, the hands in a strip, the map, the pad, Draw, Pass and the yard,
then Undo, the last entry and Menu along the bottom. Undo is never beside Draw or Pass, and a
notice (the undo's "Undid: ...") takes the last entry's place, never a button's.

Numbers read from a chair (hand counts, totals) are at least 43 px (67 px in portrait), names
32 px (50 px). Up to four players each get a row of name, tiles and score; from five on the
hands are cells of a name over its count where rows no longer fit (landscape: six players;
portrait: five), and the totals are left to the score sheet. A crowded table takes the room
of the totals and of long names (hubd/screens/play_room.py says where everything stands).
"""

from __future__ import annotations

from functools import partial

from engine import Draw, GameState, Pass
from hubd.screens.entry import TileEntry
from hubd.screens.entry_choices import draw_choosing
from hubd.screens.entry_line import last_entry_line, open_menu
from hubd.screens.entry_view import draw_cancel, draw_more, draw_pad, entry_status
from hubd.screens.kit.areas import Rect, grid, spans_over, split_h, split_v
from hubd.screens.kit.base import Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import MIN_SQUEEZE, TEXT_DARK, Action, Color, Style
from hubd.screens.map.view import draw_map
from hubd.screens.play_room import (
    MAP_W,
    TOTALS_UP_TO,
    PlayRoom,
    apart,
    cell_columns,
    cells_shape,
    columns,
    fonts,
    play_room,
    side_by_side,
    side_cell,
    strip_cell,
    strip_numbers,
    strip_rows,
)
from hubd.screens.whole_view import draw_whole
from hubd.text.wording import NameFitter, status_text
from hubd.values.intents import Intent

__all__ = ["MAP_W", "TOTALS_UP_TO", "PlayScreen"]


class PlayScreen(Screen):
    name = "play"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.map_box = Rect(0, 0, 0, 0)  # where the map was last drawn (for tests, benchmarks)
        self.room: PlayRoom | None = None  # where the last frame's parts stood (for tests)
        self.entry = TileEntry()  # the play being entered on the pad
        self.whole = False  # the whole table shown (the entry under way kept)

    def enter(self, ctx: UiContext | None) -> None:
        self.entry.cancel()
        self.whole = False

    def back(self, ctx: UiContext) -> list[Intent]:
        if self.whole:  # Escape in the whole view: the play screen, as it was
            self.whole = False
            return []
        return super().back(ctx)

    def _show_whole(self, shown: bool) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.whole = shown
            return []

        return action

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        self.entry.sync(state)
        if not self.entry.idle:  # the next entry has begun: the last tile's ring has served,
            self.ui.marked = None  # and a ring now is one of this entry's ends
        if state is None or not state.in_round or state.table is None:
            self.whole = False
            self._no_round(b, ctx)
            return
        if self.whole:
            in_bar = partial(self._status, b, ctx, state, squeeze=True)
            draw_whole(b, self.ui, state, self.entry, in_bar, self._show_whole(False),
                       ctx.pictures)  # fmt: skip
            return
        room = self.room = play_room(b, state)
        status, hands, map_area, pad = room.status, room.hands, room.map_area, room.pad
        last, undo_w = room.last, room.undo_w
        self._status(b, ctx, state, status)
        if self.entry.choosing is not None:
            # The map stays as it was, the choices in pages round it (More turns them).
            self.map_box = draw_choosing(b, self.ui, self.entry, state, room.choosing, map_area,
                                         self._show_whole(True), ctx.pictures,
                                         room.bottom)  # fmt: skip
        else:
            if b.landscape:
                self._hands_panel(b, state, hands, room.compact)
            else:
                self._hands_strip(b, state, hands, room.compact)
            self.map_box = Rect(map_area)
            opens = self._show_whole(True)
            self.ui.remember_labels(draw_map(b, self.ui, state, map_area, tapped=opens,
                                             pictures=ctx.pictures))  # fmt: skip
            draw_pad(b, self.ui, self.entry, state, pad)
        labels = self.ui.labels
        cancel = None
        if not self.entry.idle:
            cancel = partial(draw_cancel, b, self.ui, self.entry, room.more_beside)
        last_entry_line(b, self.ui, ctx, last, labels, undo_w, cancel)
        choosing_now = self.entry.choosing is not None
        if room.yard is not None and not choosing_now:  # its row may hold a choice
            self._yard_row(b, state, room.yard)
        self._moves(b, state, room.draw, room.pass_, room.menu, choosing_now)
        if choosing_now and not room.more_beside:  # More where Draw and Pass were
            draw_more(b, self.entry, room.draw.union(room.pass_))

    def _no_round(self, b: Builder, ctx: UiContext) -> None:
        area = top_bar(b, b.tr("Play"), None, [])
        box = Rect(area.x + b.gap, area.y + b.gap, area.w - 2 * b.gap, area.h // 2)
        b.label(box, b.tr("No round is being played."), b.px(28), wrap=True)
        from hubd.screens.kit.base import default_screen

        target = default_screen(ctx)
        if target != "play":
            button = Rect(0, 0, b.px(320), b.target + b.px(8))
            button.center = (b.w // 2, area.y + area.h * 3 // 4)
            b.button(button, b.tr("Continue"), self.go(target), style=Style.PRIMARY)

    # -- the status line -------------------------------------------------------------------

    def _status(
        self, b: Builder, ctx: UiContext, state: GameState, box: Rect, squeeze: bool = False
    ) -> None:
        # 48 px (72 in portrait), down to 6 mm before a name is cut.
        size, floor = b.px(48) if b.landscape else b.px(72), b.chair_text
        locked = state.lock is not None
        b.panel(box, Style.WARN if locked else Style.DARK)
        inner = box.inflate(-2 * b.gap, 0 if b.landscape else -b.gap)
        fit = self._name_fitter(b, floor, inner)
        text = entry_status(b, self.entry, state, fit) or status_text(state, b.tr, b.ntr, fit)
        b.button(
            inner,
            text,
            self.ui.say_again,
            size=size,
            floor=floor,
            style=Style.WARN if locked else Style.DARK,
            key="status",
            role="status",
            wrap=True,
            squeeze=squeeze,  # the whole view's, beside Back: narrower letters, not cut
            squeeze_lines=True,  # a long name narrower rather than cut (see _name_fitter)
        )

    @staticmethod
    def _name_fitter(b: Builder, size: int, box: Rect) -> NameFitter:
        """Shortens a player's name so that the status line stays on its lines at ``size`` (its
        least), drawn narrower as far as a label may be: the longest start of the name with
        which the whole line still wraps into ``box``, the whole name whenever it fits."""

        # A button's text keeps its padding, and may be drawn narrower (MIN_SQUEEZE) before
        # a name in it is cut.
        width = int((box.w - 2 * max(3, b.px(6))) / MIN_SQUEEZE)

        def fit(name: str, rest: str) -> str:
            if not b.measure.fit(f"{name}{rest}", width, box.h, size, size, True, True)[2]:
                return name
            budget = width * (1 if b.landscape else 2) - b.measure.width(rest, size, True)
            budget = min(budget - b.px(24), width - b.px(24))
            while True:
                short = b.measure.shorten(name, max(budget, b.px(60)), size, True)
                text = f"{short}{rest}"
                if not b.measure.fit(text, width, box.h, size, size, True, True)[2]:
                    return short
                if budget <= b.px(60):
                    return short
                budget -= b.px(24)

        return fit

    # -- the hands, the yard and the totals --------------------------------------------------

    def _hands_panel(self, b: Builder, state: GameState, area: Rect, compact: bool) -> None:
        """Landscape: a row for each player (name, tiles, score; compact: name and tiles)
        under a heading, the yard last; where rows no longer fit, cells of a name over its
        count, the yard in a row of its own."""
        count_px, name_px = fonts(b)
        b.panel(area, Style.DARK)
        inner = area.inflate(-b.px(8), 0)
        line = b.measure.line_height(count_px, True)
        head_h = b.measure.line_height(b.min_text) - 2
        rows = len(state.players) + 1  # and the yard
        row_h = min((inner.h - head_h) // rows, line + b.px(12))
        if row_h < line - 2:
            count, yard_cell = cells_shape(b, state, inner.h)
            if yard_cell:  # the yard a cell like a hand's, where its own row leaves no room
                self._hand_cells(b, state, inner, count, yard_cell)
                return
            row_h = line - 2
            yard, cells_area = split_v(inner, row_h, inner.h - row_h - b.px(4), gap=b.px(4))
            self._yard_row(b, state, yard)
            self._hand_cells(b, state, cells_area, count)
            return
        count_w, total_w = columns(b, state)
        gap = apart(b)
        if compact:  # no totals: the score sheet has them
            total_w, gap = 0, 0
        name_w = inner.w - count_w - total_w - b.px(4) - gap
        head = Rect(inner.x, inner.y, inner.w, head_h)
        self._headings(b, head, count_w, total_w + gap, totals=not compact)
        for seat, name in enumerate(state.players):
            row = Rect(area.x, head.bottom + seat * row_h, area.w, row_h)
            current = seat == state.current
            if current:
                b.panel(row, Style.SELECTED)
            inside = row.inflate(-b.px(8), 0)
            cols = [Rect(inside.x, inside.y, name_w, inside.h),
                    Rect(inside.x + name_w + b.px(4), inside.y, count_w, inside.h),
                    Rect(inside.right - total_w, inside.y, total_w, inside.h)]  # fmt: skip
            color = TEXT_DARK if current else None
            self._name(b, cols[0], name, seat, current, name_px)
            self._number(b, cols[1], state.hands[seat], "count", str(seat), color)
            if not compact:
                self._number(b, cols[2], state.totals[seat], "total", str(seat), color)
        top = head.bottom + len(state.players) * row_h
        self._yard_row(b, state, Rect(inner.x, top, inner.w, row_h))

    @staticmethod
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

    def _hand_cells(
        self, b: Builder, state: GameState, area: Rect, columns: int, yard: bool = False
    ) -> None:
        """Each player a cell: the name over the hand's count (and the yard, the last cell)."""
        _count_px, name_px = fonts(b)
        name_h = b.measure.line_height(name_px)
        cells = cell_columns(b, state, area, columns, yard)
        cell_h = cells[0].h
        if yard:
            top, bottom = split_v(cells[-1], name_h, cell_h - name_h)
            b.label(top, b.tr("Yard"), name_px, floor=b.min_text, key="caption:yard", squeeze=True)
            self._number(b, bottom, state.yard, "count", "yard", None, "center")
        for seat, (name, cell) in enumerate(zip(state.players, cells, strict=False)):
            current = seat == state.current
            if current:
                b.panel(cell, Style.SELECTED)
            top, bottom = split_v(cell, name_h, cell_h - name_h)
            self._name(b, top, name, seat, current, name_px, align="center")
            color = TEXT_DARK if current else None
            self._number(b, bottom, state.hands[seat], "count", str(seat), color, "center")

    def _yard_row(self, b: Builder, state: GameState, row: Rect) -> None:
        """The yard: its caption, then its count at the row's end (it has no score)."""
        count_px, name_px = fonts(b)
        count_w = b.measure.width("88", count_px, True) + b.px(6)
        if not b.landscape:
            b.panel(row, Style.DARK)
            row = row.inflate(-b.px(8), 0)
        caption, number = split_h(row, row.w - count_w, count_w, gap=b.px(4))
        b.label(caption, b.tr("Yard"), name_px, floor=b.min_text, align="start",
                key="caption:yard")  # fmt: skip
        self._number(b, number, state.yard, "count", "yard", None)

    def _hands_strip(self, b: Builder, state: GameState, area: Rect, compact: bool) -> None:
        """Portrait: the captions, then up to four players a row (the yard sits beside the
        last entry): each a name over its tiles (and its score, for up to four players while
        the table leaves the room)."""
        count_px, name_px = fonts(b)
        totals = strip_numbers(state, compact) == 2
        b.panel(area, Style.DARK)
        if side_by_side(b, state, compact):
            self._strip_side(b, state, area)
            return
        name_h = b.measure.line_height(name_px)
        number_h = b.measure.line_height(count_px, True)
        captions = [b.tr("Tiles")] + ([b.tr("Score")] if totals else [])
        legend_w = max(b.measure.width(text, b.min_text) for text in captions) + b.px(8)
        inner = area.inflate(-b.px(4), -b.gap)
        row_h, tops = strip_cell(b, len(captions))
        heights = (name_h, *([number_h] * len(captions)))
        _rows, per_row = strip_rows(state)
        for first in range(0, len(state.players), per_row):
            band = Rect(inner.x, inner.y + (first // per_row) * (row_h + b.px(4)), inner.w,
                        row_h)  # fmt: skip
            legend, cells_area = split_h(band, legend_w, band.w - legend_w, gap=b.px(4))
            for top, text in zip(tops[1:], captions, strict=True):
                box = Rect(legend.x, band.y + top, legend.w, number_h)
                b.label(box, text, b.min_text, align="start")
            shown = state.players[first : first + per_row]
            cells = grid(cells_area, len(shown), per_row, b.px(4))
            # A long name borrows the room a short one beside it leaves, and the captions'
            # column (empty on the names' line): "Vovó Maria" whole over a 183 px column.
            apart = name_px // 2  # two names must not read as one name of three words
            needs = [b.measure.width(name, name_px, first + i == state.current) + apart
                     for i, name in enumerate(shown)]  # fmt: skip
            spans = spans_over(cells, needs, band.x, band.right, apart)
            for offset, (cell, (x, w)) in enumerate(zip(cells, spans, strict=True)):
                seat = first + offset
                current = seat == state.current
                color = TEXT_DARK if current else None
                name, *numbers = (Rect(cell.x, cell.y + top, cell.w, h)
                                  for top, h in zip(tops, heights, strict=True))  # fmt: skip
                name = Rect(x, name.y, w, name.h)
                if current:  # the highlight under the name too, where it is wider
                    b.panel(cell, Style.SELECTED)
                    if not cell.contains(name):
                        b.panel(Rect(name.x, cell.y, name.w, name.bottom - cell.y), Style.SELECTED)
                self._name(b, name, shown[offset], seat, current, name_px, align="center")
                self._number(b, numbers[0], state.hands[seat], "count", str(seat), color)
                if totals:
                    self._number(b, numbers[1], state.totals[seat], "total", str(seat), color)

    def _strip_side(self, b: Builder, state: GameState, area: Rect) -> None:
        """Portrait's crowded strip: each name beside its tiles, in rows of cells."""
        count_px, name_px = fonts(b)
        height, name_top, count_top = side_cell(b)
        count_w = b.measure.width("88", count_px, True) + b.px(6)
        inner = area.inflate(-b.px(4), -b.gap)
        _rows, per_row = strip_rows(state)
        cells = grid(inner, len(state.players), per_row, b.px(4), height)
        for seat, (name, cell) in enumerate(zip(state.players, cells, strict=True)):
            current = seat == state.current
            b.panel(cell, Style.SELECTED if current else Style.QUIET)  # "2 Dad" is not Dad's
            inside = cell.inflate(-b.px(12), 0)
            name_box = Rect(inside.x, cell.y + name_top, inside.w - count_w - b.px(6),
                            b.measure.line_height(name_px))  # fmt: skip
            count_box = Rect(inside.right - count_w, cell.y + count_top, count_w,
                             b.measure.line_height(count_px, True))  # fmt: skip
            self._name(b, name_box, name, seat, current, name_px)
            color = TEXT_DARK if current else None
            self._number(b, count_box, state.hands[seat], "count", str(seat), color, "end")

    @staticmethod
    def _name(
        b: Builder, box: Rect, name: str, seat: int, current: bool, size: int,
        align: str = "start",
    ) -> None:  # fmt: skip
        """A player's name: bold and dark on the highlight while it is their turn (plain where
        bold would not fit), drawn narrower where that makes it fit (as the map's labels),
        cut with an ellipsis only if even that cannot hold it."""
        bold = current and b.squeeze_scale(name, box.w, size, True) >= MIN_SQUEEZE
        whole = bold or b.squeeze_scale(name, box.w, size, False) >= MIN_SQUEEZE
        # Cut, it keeps as many letters as fit drawn narrower ("Mari…", not "…").
        narrower = int(box.w / MIN_SQUEEZE)
        fitted = name if whole else b.measure.shorten(name, narrower, size, False)
        b.label(box, fitted, size, floor=size, bold=bold, align=align, squeeze=True,
                color=TEXT_DARK if current else None, key=f"name:{seat}")  # fmt: skip

    @staticmethod
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

    # -- the buttons -----------------------------------------------------------------------

    @staticmethod
    def _button_px(b: Builder) -> int:
        return b.min_text

    def _moves(
        self, b: Builder, state: GameState, draw: Rect, pass_: Rect, menu: Rect, hidden: bool
    ) -> None:
        """Draw, Pass (unless ``hidden``: an end is being chosen where they stand) and Menu
        (the hub button and the scores are in the menu)."""
        player = state.current_player or ""
        submit = self.ui.submit
        size = self._button_px(b)
        moves = (
            (draw, b.tr("Draw"), lambda: Draw(player), state.can_draw, "draw"),
            (pass_, b.tr("Pass"), lambda: Pass(player), state.can_pass, "pass"),
        )
        for box, text, make, allowed, key in () if hidden else moves:
            b.button(
                box,
                text,
                submit(make),
                style=Style.NORMAL if allowed else Style.DISABLED,
                key=key,
                size=size,
                enabled=allowed,
            )
        b.button(menu, b.tr("Menu"), open_menu(self.ui), key="menu", size=size)
