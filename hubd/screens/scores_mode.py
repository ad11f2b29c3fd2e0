"""A scores-only round (score-keeper mode): the round's double, the foot, the totals.

The hub sees no tiles, so the screen shows what it knows: the round's double and who plays
first (or, while a chicken foot is open, the toes it still needs) on the status line; "Double
down" and "Toe", which enter what the hub button enters; the running totals; the last entry
with Undo beside it; and "Round over: enter the scores", the round end's keypad.

Landscape (800x480): the status line across the top, the two buttons on the left, the totals
and the round-over button on the right, the last entry and the tools along the bottom.
Portrait (720x1280): the same from top to bottom.
"""

from __future__ import annotations

from engine import Event, FootOpened, GameState, Toe
from hubd.screens.entry_line import last_entry_line, open_menu
from hubd.screens.hand_rows import called_by_first_word
from hubd.screens.kit.areas import Rect, fit_grid, split_h, split_v
from hubd.screens.kit.base import Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.top_bar import notice_page
from hubd.screens.kit.widgets import Style


def status_words(b: Builder, state: GameState, last: Event | None = None) -> str:
    """The foot's toes while one is open; once a foot is complete, that the next double is
    awaited; before the first foot, the round's double and who plays first."""
    toes = state.toes_to_go
    if toes is not None:
        return b.ntr("Chicken foot: {n} toe to go", "Chicken foot: {n} toes to go", toes).format(
            n=toes
        )
    if isinstance(last, Toe):  # the round's entries are feet and toes: this one is complete
        return b.tr("Waiting for the next double")
    double = state.starting_double
    first = state.opener
    assert state.rules is not None and first is not None and double is not None
    if state.rules.double_in_hands:  # the opener laid the double: the next player plays first
        first = (first + 1) % len(state.players)
    name = state.players[first]
    return b.tr("{tile}: {player} plays first").format(tile=f"{double}-{double}", player=name)


class ScoresModeScreen(Screen):
    name = "scores_mode"

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or not state.scores_only or not state.in_round:
            notice_page(b, b.tr("Play"), b.tr("No round is being played."), self.go("scores"), [])
            return
        g = b.gap
        if b.landscape:
            lines = 2 * b.measure.line_height(b.px(48), True)  # two lines in every language
            status = Rect(0, 0, b.w, lines + b.px(8))
            bottom = Rect(g, b.h - b.target - g, b.w - 2 * g, b.target)
            middle = Rect(g, status.bottom + g, b.w - 2 * g, bottom.y - status.bottom - 2 * g)
            # The buttons as wide as their words ask, the totals the rest (eight players'
            # names and totals shared half the screen: "Olek" and "Chen" were cut).
            words = max(b.measure.width(b.tr(w), b.px(34), True) for w in ("Double down", "Toe"))
            buttons_w = min(middle.w // 2, max(middle.w * 3 // 10, words + 2 * b.px(24)))
            buttons, right = split_h(middle, buttons_w, middle.w - buttons_w - 2 * g, gap=2 * g)
            totals, over = split_v(right, right.h - b.target - g, b.target, gap=g)
            foot, toe = split_v(buttons, 1, 1, gap=g)
            last, tools = split_h(bottom, 11, 9, gap=g)
        else:
            lines = 2 * b.measure.line_height(b.px(72), True)
            status = Rect(0, 0, b.w, lines + 2 * g + b.px(4))
            tools = Rect(g, b.h - b.px(80) - g, b.w - 2 * g, b.px(80))
            last = Rect(g, tools.y - b.px(110) - g, b.w - 2 * g, b.px(110))
            over = Rect(g, last.y - b.px(96) - 2 * g, b.w - 2 * g, b.px(96))
            pair = Rect(g, over.y - b.px(240) - 2 * g, b.w - 2 * g, b.px(240))
            foot, toe = split_h(pair, 1, 1, gap=g)
            totals = Rect(g, status.bottom + g, b.w - 2 * g, pair.y - status.bottom - 3 * g)
        self._status(b, state, status, ctx.last_entry)
        self._feet(b, state, foot, toe)
        self._totals(b, state, totals)
        b.button(
            over,
            b.tr("Round over: enter the scores"),
            self.go("round_end"),
            style=Style.PRIMARY,
            key="scores_mode:round_over",
            size=b.min_text,
        )
        last_entry_line(b, self.ui, ctx, last, {})
        self._tools(b, tools)

    def _status(self, b: Builder, state: GameState, box: Rect, last: Event | None) -> None:
        size = b.px(48) if b.landscape else b.px(72)
        locked = state.toes_to_go is not None
        style = Style.WARN if locked else Style.DARK
        b.panel(box, style)
        inner = box.inflate(-2 * b.gap, -b.px(4) if b.landscape else -b.gap)
        b.button(
            inner,
            status_words(b, state, last),
            self.ui.say_again,
            size=size,
            floor=size,
            style=style,
            key="status",
            role="status",
            wrap=True,
            squeeze_lines=True,  # "10-10: Maria-Helena plays first", whole, drawn narrower
        )

    def _feet(self, b: Builder, state: GameState, foot: Rect, toe: Rect) -> None:
        """What the hub button enters, on the screen: only the one that applies is enabled."""
        size = b.px(34) if b.landscape else b.px(48)
        open_ = state.toes_to_go is not None
        for box, text, make, allowed, key in (
            (foot, b.tr("Double down"), FootOpened, not open_, "scores_mode:foot"),
            (toe, b.tr("Toe"), Toe, open_, "scores_mode:toe"),
        ):
            b.button(
                box,
                text,
                self.ui.submit(make) if allowed else None,
                style=Style.NORMAL if allowed else Style.DISABLED,
                key=key,
                size=size,
                enabled=allowed,
            )

    def _totals(self, b: Builder, state: GameState, area: Rect) -> None:
        """Each player's name and total; every name at the same size, the largest at which
        all of them fit drawn narrower as a label may be (never under a name's least size),
        each name the room its own total leaves, bold where it fits so."""
        size = b.chair_text
        least = b.floor_text
        line = b.measure.line_height(size, True)
        # Cells tall enough for a name on two lines where the screen has the room (portrait).
        tallest = max(line + b.px(24), 2 * b.measure.line_height(least, True) + b.px(8))
        cells = fit_grid(area, len(state.players), line, tallest, b.gap, 2)
        boxes = []
        for cell, total in zip(cells, state.totals, strict=True):
            inner = cell.inflate(-b.px(12), 0)
            number_w = b.measure.width(str(total), size, True) + 2
            right = Rect(inner.right - number_w, inner.y, number_w, inner.h)
            boxes.append((Rect(inner.x, inner.y, right.x - b.px(8) - inner.x, inner.h), right))

        name_px = size  # a name is bold where it fits so, else plain rather than cut
        while name_px > least and not all(
            b.holds(name, left.w, left.h, name_px, False)
            for name, (left, _) in zip(state.players, boxes, strict=True)
        ):
            name_px -= 1
        for seat, (name, total, cell, (left, right)) in enumerate(
            zip(state.players, state.totals, cells, boxes, strict=True)
        ):
            b.panel(cell, Style.QUIET)
            first = called_by_first_word(state.players, seat)  # "Grandma", not "Grandm…"
            if first and not b.holds(name, left.w, left.h, name_px, False):
                name = first if b.holds(first, left.w, left.h, name_px, False) else name
            bold = b.holds(name, left.w, left.h, name_px, True)
            b.label(left, name, name_px, bold=bold, floor=name_px, align="start",
                    key=f"name:{seat}", squeeze=True, wrap=True, squeeze_lines=True)  # fmt: skip
            b.label(right, str(total), size, bold=True, reading=True, align="end", floor=size,
                    role="total", key=f"total:{seat}")  # fmt: skip

    def _tools(self, b: Builder, area: Rect) -> None:
        size = b.min_text
        scores, menu = split_h(area, 1, 1, gap=b.gap)
        b.button(scores, b.tr("Scores"), self.go("scores"), key="scores", size=size)
        b.button(menu, b.tr("Menu"), open_menu(self.ui), key="menu", size=size)
