"""The play screen: one status line, the table map, every hand and total, the last entry.

Landscape (800x480): the status line across the top; the map on the left, at least 520x340;
the hands, the yard and the totals on the right; along the bottom Undo and the last entry,
then Draw, Pass and Menu (the menu holds the on-screen hub button and the scores). Portrait
(720x1280): the status line, the hands in a strip, the map, Undo, the last entry and Menu,
then Draw, Pass and the yard. Undo is never beside Draw or Pass, and a notice (the undo's
"Undid: ...") takes the last entry's place, never a button's.

Numbers read from a chair (hand counts, totals) are at least 43 px (67 px in portrait), names
32 px (50 px). Up to four players each get a row of name, tiles and score; from five on the
hands are cells of a name over its count where rows no longer fit (landscape: six players;
portrait: five), and the totals are left to the score sheet.
"""

from __future__ import annotations

from functools import partial

from engine import Draw, GameState, Pass
from hubd.screens.entry import TileEntry
from hubd.screens.entry_line import last_entry_line, open_menu
from hubd.screens.entry_view import (
    draw_cancel,
    draw_choosing,
    draw_more,
    draw_pad,
    entry_status,
    pad_height,
    pad_shape,
)
from hubd.screens.kit.areas import Rect, grid, split_h, split_v
from hubd.screens.kit.base import Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import MIN_SQUEEZE, TEXT_DARK, Color, Style
from hubd.screens.map.view import draw_map
from hubd.text.wording import NameFitter, status_text

#: The most players whose totals the portrait strip shows under their hands.
TOTALS_UP_TO = 4
#: The least map the landscape layout keeps, at 800x480 (names are not cut for it).
MAP_W = 420


class PlayScreen(Screen):
    name = "play"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.map_box = Rect(0, 0, 0, 0)  # where the map was last drawn (for tests, benchmarks)
        self.entry = TileEntry()  # the play being entered on the pad

    def enter(self, ctx: UiContext | None) -> None:
        self.entry.cancel()

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        self.entry.sync(state)
        if state is None or not state.in_round or state.table is None:
            self._no_round(b, ctx)
            return
        g = b.gap
        pad_h = pad_height(b, state, b.w - 2 * g)
        if b.landscape:
            thin = b.px(4)
            status = Rect(0, 0, b.w, b.target)
            bottom = Rect(g, b.h - b.target, b.w - 2 * g, b.target)
            # The pad across the screen in one row; in two (double-12 and up) under the map.
            across = pad_h <= pad_shape(b, state, b.w - 2 * g)[2]
            pad = Rect(g, bottom.y - thin - pad_h, b.w - 2 * g, pad_h)
            end = pad.y if across else bottom.y
            middle = Rect(0, status.bottom + thin, b.w, end - status.bottom - 2 * thin)
            # Draw and Pass go under the hands when the rows leave room, else along the bottom.
            pair_w = sum(self._button_widths(b, b.w, "Draw", "Pass")) + g
            most = b.w - 3 * g - b.px(MAP_W)
            beside = self._rows_height(b, state) + thin + b.target <= middle.h and pair_w <= most
            side_w = min(max(self._side_width(b, state), pair_w if beside else 0), most)
            hands = Rect(b.w - side_w - g, middle.y, side_w, middle.h)
            map_area = Rect(g, middle.y, hands.x - 2 * g, middle.h)
            if not across:
                pad_h = pad_height(b, state, map_area.w)
                map_area.h -= pad_h + thin
                pad = Rect(g, map_area.bottom + thin, map_area.w, pad_h)
            words = ("Undo", "Menu") if beside else ("Undo", "Draw", "Pass", "Menu")
            undo_w, *buttons = self._button_widths(b, bottom.w * 11 // 20, *words)
            moves_w = sum(buttons) + b.gap * (len(buttons) - 1)
            last, moves = split_h(bottom, bottom.w - moves_w - g, moves_w, gap=g)
            if beside:
                pair = Rect(hands.x, hands.bottom - b.target, hands.w, b.target)
                hands.h -= b.target + thin
                draw, pass_ = split_h(pair, *self._button_widths(b, pair.w, "Draw", "Pass"),
                                      gap=g)  # fmt: skip
                menu = moves
            else:
                draw, pass_, menu = split_h(moves, *buttons, gap=g)
            # Choosing an end: the pad is done with, and Draw and Pass (under the hands) wait
            # for Cancel, so the choices and the map have everything down to the bottom row.
            choosing = Rect(g, middle.y, b.w - 2 * g, bottom.y - thin - middle.y)
            more_beside = beside  # Draw and Pass under the hands: More goes beside Cancel
        else:
            lines = 2 * b.measure.line_height(b.px(72), True)
            status = Rect(0, 0, b.w, lines + g)
            hands = Rect(g, status.bottom + g, b.w - 2 * g, self._strip_height(b, state))
            count_h = b.measure.line_height(self._fonts(b)[0], True)
            moves_h = max(b.target, count_h + b.px(4))
            moves = Rect(g, b.h - moves_h - g, b.w - 2 * g, moves_h)
            last_h = 3 * b.measure.line_height(b.min_text) + b.px(8)
            last = Rect(g, moves.y - last_h - g, b.w - 2 * g, last_h)
            pad = Rect(g, last.y - g - pad_h, b.w - 2 * g, pad_h)
            map_area = Rect(g, hands.bottom + g, b.w - 2 * g, pad.y - hands.bottom - 2 * g)
            choosing = Rect(g, hands.y, b.w - 2 * g, pad.bottom - hands.y)
            more_beside = False
        self._status(b, ctx, state, status)
        if self.entry.choosing is not None:
            self.map_box = draw_choosing(b, self.ui, self.entry, state, choosing, map_area)
        else:
            if b.landscape:
                self._hands_panel(b, state, hands)
            else:
                self._hands_strip(b, state, hands)
            self.map_box = Rect(map_area)
            self.ui.remember_labels(draw_map(b, self.ui, state, map_area))
            draw_pad(b, self.ui, self.entry, state, pad)
        labels = self.ui.labels
        cancel = None
        if not self.entry.idle:
            cancel = partial(draw_cancel, b, self.ui, self.entry, more_beside)
        if b.landscape:
            last_entry_line(b, self.ui, ctx, last, labels, undo_w, cancel)
        else:
            # Portrait: Undo, the last entry and Menu; under them Draw, Pass and the yard.
            undo_w, menu_w = self._button_widths(b, last.w // 2, "Undo", "Menu")
            last, menu = split_h(last, last.w - menu_w - g, menu_w, gap=g)
            last_entry_line(b, self.ui, ctx, last, labels, undo_w, cancel)
            yard_w = self._yard_width(b)
            draw_w, pass_w = self._button_widths(b, moves.w - yard_w - g, "Draw", "Pass")
            spare = max(0, moves.w - yard_w - draw_w - pass_w - 2 * g) // 2  # to the buttons
            draw_w, pass_w = draw_w + spare, pass_w + spare
            draw, pass_, yard = split_h(moves, draw_w, pass_w, moves.w - draw_w - pass_w - 2 * g,
                                        gap=g)  # fmt: skip
            self._yard_row(b, state, yard)
        choosing_now = self.entry.choosing is not None
        self._moves(b, state, draw, pass_, menu, choosing_now)
        if choosing_now and not more_beside:  # More where Draw and Pass were
            draw_more(b, self.entry, draw.union(pass_))

    def _no_round(self, b: Builder, ctx: UiContext) -> None:
        area = b.top_bar(b.tr("Play"), None, [])
        box = Rect(area.x + b.gap, area.y + b.gap, area.w - 2 * b.gap, area.h // 2)
        b.label(box, b.tr("No round is being played."), b.px(28), wrap=True)
        from hubd.screens.kit.base import default_screen

        target = default_screen(ctx)
        if target != "play":
            button = Rect(0, 0, b.px(320), b.target + b.px(8))
            button.center = (b.w // 2, area.y + area.h * 3 // 4)
            b.button(button, b.tr("Continue"), self.go(target), style=Style.PRIMARY)

    # -- the status line -------------------------------------------------------------------

    def _status(self, b: Builder, ctx: UiContext, state: GameState, box: Rect) -> None:
        # 48 px (72 in portrait), down to 43 (67) before a name is cut: 6 mm either way.
        size, floor = (b.px(48), b.px(43)) if b.landscape else (b.px(72), b.px(67))
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
        )

    @staticmethod
    def _name_fitter(b: Builder, size: int, box: Rect) -> NameFitter:
        """Shortens a player's name so that the status line stays on its lines at ``size`` (its
        least): the longest start of the name with which the whole line still wraps into
        ``box``, the whole name whenever it fits."""

        width = box.w - 2 * max(3, b.px(6))  # a button's text keeps its padding

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

    # -- sizes -----------------------------------------------------------------------------

    @staticmethod
    def _fonts(b: Builder) -> tuple[int, int]:
        """The hand counts' and the names' font sizes."""
        return (b.px(43), b.px(32)) if b.landscape else (b.px(67), b.px(50))

    @staticmethod
    def _columns(b: Builder, state: GameState) -> tuple[int, int]:
        """The tiles and the score columns' widths: as wide as their numbers now (two digits
        at least, so that a column does not jump at the tenth tile)."""
        count_px, _ = PlayScreen._fonts(b)
        width = b.measure.width
        pad = b.px(6)
        hands = max([width(str(n), count_px, True) for n in (*state.hands, state.yard, 88)])
        totals = max([width(str(n), count_px, True) for n in (*state.totals, 88)])
        return hands + pad, totals + pad

    def _side_width(self, b: Builder, state: GameState) -> int:
        """Wide enough for a name beside a two-digit hand and its total."""
        count_w, total_w = self._columns(b, state)
        _, name_px = self._fonts(b)
        name_w = max(b.measure.width(name, name_px, True) for name in state.players) + b.px(12)
        return name_w + count_w + self._apart(b) + total_w + b.px(12)

    @staticmethod
    def _apart(b: Builder) -> int:
        """Between a hand's count and the total beside it: a digit's width and more, so that
        "11" and "25" never read "1125"."""
        return b.measure.width("0", PlayScreen._fonts(b)[0], True) + b.px(8)

    def _strip_height(self, b: Builder, state: GameState) -> int:
        numbers = 2 if len(state.players) <= TOTALS_UP_TO else 1
        cell_h, _tops = self._strip_cell(b, numbers)
        rows = -(-len(state.players) // 4)
        return rows * (cell_h + b.px(4)) + b.gap

    def _strip_cell(self, b: Builder, numbers: int) -> tuple[int, list[int]]:
        """A cell of the portrait strip, a name over ``numbers`` counts, stacked by their
        letters rather than their lines (the lines' boxes overlap, the letters never): its
        height and where each line's box starts in it. From five players the strip takes
        two rows, and the room this saves gives the map its sixth row of cells."""
        count_px, name_px = self._fonts(b)
        measure = b.measure
        space = max(2, b.px(3))
        name_top, name_ink = measure.ink("ÅHMW", name_px)
        name_ink += max(measure.descent(name_px, bold) for bold in (False, True))
        digit_top, digits = measure.ink("0123456789", count_px, True)
        tops = [space - name_top]
        bottom = space + name_ink + space
        for _ in range(numbers):
            tops.append(bottom - digit_top)
            bottom += digits + space
        return bottom, tops

    def _yard_width(self, b: Builder) -> int:
        """Portrait's yard, its caption beside its count."""
        count_px, _ = self._fonts(b)
        count_w = b.measure.width("88", count_px, True) + b.px(6)
        return b.px(20) + count_w + b.measure.width(b.tr("Yard"), b.min_text)

    # -- the hands, the yard and the totals --------------------------------------------------

    def _rows_height(self, b: Builder, state: GameState) -> int:
        """How tall landscape's rows of hands are at the least: the heading, a row for each
        player and the yard."""
        count_px, _ = self._fonts(b)
        line = b.measure.line_height(count_px, True) - 2
        return b.measure.line_height(b.min_text) - 2 + (len(state.players) + 1) * line

    def _hands_panel(self, b: Builder, state: GameState, area: Rect) -> None:
        """Landscape: a row for each player (name, tiles, score) under a heading, the yard last;
        from five players on, cells of a name over its count, the yard in a row of its own."""
        count_px, name_px = self._fonts(b)
        b.panel(area, Style.DARK)
        inner = area.inflate(-b.px(8), 0)
        line = b.measure.line_height(count_px, True)
        head_h = b.measure.line_height(b.min_text) - 2
        rows = len(state.players) + 1  # and the yard
        row_h = min((inner.h - head_h) // rows, line + b.px(12))
        if row_h < line - 2:
            row_h = line - 2
            yard, cells_area = split_v(inner, row_h, inner.h - row_h - b.px(4), gap=b.px(4))
            self._yard_row(b, state, yard)
            self._hand_cells(b, state, cells_area, 2 if len(state.players) <= 6 else 3)
            return
        count_w, total_w = self._columns(b, state)
        apart = self._apart(b)
        name_w = inner.w - count_w - total_w - b.px(4) - apart
        head = Rect(inner.x, inner.y, inner.w, head_h)
        self._headings(b, head, count_w, total_w + apart)
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
            self._number(b, cols[2], state.totals[seat], "total", str(seat), color)
        top = head.bottom + len(state.players) * row_h
        self._yard_row(b, state, Rect(inner.x, top, inner.w, row_h))

    @staticmethod
    def _headings(b: Builder, head: Rect, count_w: int, total_w: int) -> None:
        """The "Tiles" and "Score" headings over their columns' ends; a word wider than its
        column reaches left over the names' column (the heading has a row of its own)."""
        pad = b.px(4)
        score_w = max(total_w, b.measure.width(b.tr("Score"), b.min_text) + pad)
        score = Rect(head.right - score_w, head.y, score_w, head.h)
        tiles_right = min(head.right - total_w - b.px(4), score.x - b.px(6))
        tiles_w = max(count_w, b.measure.width(b.tr("Tiles"), b.min_text) + pad)
        tiles = Rect(tiles_right - tiles_w, head.y, tiles_w, head.h)
        b.label(tiles, b.tr("Tiles"), b.min_text, align="end")
        b.label(score, b.tr("Score"), b.min_text, align="end")

    def _hand_cells(self, b: Builder, state: GameState, area: Rect, columns: int) -> None:
        """Each player a cell: the name over the hand's count."""
        count_px, name_px = self._fonts(b)
        name_h = b.measure.line_height(name_px)
        cell_h = name_h + b.measure.line_height(count_px, True) - 2
        cells = grid(area, len(state.players), columns, b.px(4), cell_h)
        for seat, (name, cell) in enumerate(zip(state.players, cells, strict=True)):
            current = seat == state.current
            if current:
                b.panel(cell, Style.SELECTED)
            top, bottom = split_v(cell, name_h, cell_h - name_h)
            self._name(b, top, name, seat, current, name_px, align="center")
            color = TEXT_DARK if current else None
            self._number(b, bottom, state.hands[seat], "count", str(seat), color, "center")

    def _yard_row(self, b: Builder, state: GameState, row: Rect) -> None:
        """The yard: its caption, then its count at the row's end (it has no score)."""
        count_px, name_px = self._fonts(b)
        count_w = b.measure.width("88", count_px, True) + b.px(6)
        if not b.landscape:
            b.panel(row, Style.DARK)
            row = row.inflate(-b.px(8), 0)
        caption, number = split_h(row, row.w - count_w, count_w, gap=b.px(4))
        b.label(caption, b.tr("Yard"), name_px, floor=b.min_text, align="start",
                key="name:yard")  # fmt: skip
        self._number(b, number, state.yard, "count", "yard", None)

    def _hands_strip(self, b: Builder, state: GameState, area: Rect) -> None:
        """Portrait: the captions, then up to four players a row (the yard sits beside the
        last entry): each a name over its tiles (and its score, for up to four players)."""
        count_px, name_px = self._fonts(b)
        totals = len(state.players) <= TOTALS_UP_TO
        b.panel(area, Style.DARK)
        name_h = b.measure.line_height(name_px)
        number_h = b.measure.line_height(count_px, True)
        captions = [b.tr("Tiles")] + ([b.tr("Score")] if totals else [])
        legend_w = max(b.measure.width(text, b.min_text) for text in captions) + b.px(8)
        inner = area.inflate(-b.px(4), -b.gap)
        row_h, tops = self._strip_cell(b, len(captions))
        heights = (name_h, *([number_h] * len(captions)))
        rows = -(-len(state.players) // 4)
        per_row = -(-len(state.players) // rows)  # six players: two rows of three
        for first in range(0, len(state.players), per_row):
            band = Rect(inner.x, inner.y + (first // per_row) * (row_h + b.px(4)), inner.w,
                        row_h)  # fmt: skip
            legend, cells_area = split_h(band, legend_w, band.w - legend_w, gap=b.px(4))
            for top, text in zip(tops[1:], captions, strict=True):
                box = Rect(legend.x, band.y + top, legend.w, number_h)
                b.label(box, text, b.min_text, align="start")
            shown = state.players[first : first + per_row]
            for offset, cell in enumerate(grid(cells_area, len(shown), per_row, b.px(4))):
                seat = first + offset
                current = seat == state.current
                if current:
                    b.panel(cell, Style.SELECTED)
                color = TEXT_DARK if current else None
                name, *numbers = (Rect(cell.x, cell.y + top, cell.w, h)
                                  for top, h in zip(tops, heights, strict=True))  # fmt: skip
                self._name(b, name, shown[offset], seat, current, name_px, align="center")
                self._number(b, numbers[0], state.hands[seat], "count", str(seat), color)
                if totals:
                    self._number(b, numbers[1], state.totals[seat], "total", str(seat), color)

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
        fitted = name if whole else b.measure.shorten(name, box.w, size, False)
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
        size, _ = PlayScreen._fonts(b)
        align = align or ("end" if b.landscape else "center")
        b.label(box, str(value), size, floor=size, bold=True, reading=True, align=align,
                color=color, role=role, key=f"{role}:{key}")  # fmt: skip

    # -- the buttons -----------------------------------------------------------------------

    def _button_widths(self, b: Builder, room: int, *words: str) -> list[int]:
        """The buttons' widths for ``words`` (translated) sharing ``room``: each its whole word
        on one line if there is room, else its longest word (the rest wraps), at least a
        comfortable target."""
        texts = [b.tr(word) for word in words]
        widths = b.button_widths(texts, self._button_px(b), room - b.gap * (len(texts) - 1))
        return [max(width, b.target + b.px(16)) for width in widths]

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
