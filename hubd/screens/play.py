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
of the totals and of long names (hubd/screens/play_room.py says where everything stands,
hubd/screens/play_hands.py draws the hands).
"""

from __future__ import annotations

from functools import partial

from engine import Draw, GameState, Pass
from hubd.screens.entry import TileEntry
from hubd.screens.entry_choices import draw_choosing
from hubd.screens.entry_line import last_entry_line, open_menu
from hubd.screens.entry_view import draw_cancel, draw_more, draw_pad, entry_status
from hubd.screens.hands_room import TOTALS_UP_TO
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.base import Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.top_bar import top_bar
from hubd.screens.kit.widgets import MIN_SQUEEZE, Action, Style
from hubd.screens.map.view import draw_map
from hubd.screens.play_hands import hands_panel, hands_strip, yard_row
from hubd.screens.play_room import MAP_W, PlayRoom, play_room
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
                hands_panel(b, state, hands, room.compact)
            else:
                hands_strip(b, state, hands, room.compact)
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
            yard_row(b, state, room.yard)
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
        width = int((box.w - 2 * b.button_pad) / MIN_SQUEEZE)

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
