"""The hub button's doubles picker over the play screen.

(A play is entered on the play screen's pad: hubd/screens/entry_view.py.) The picker never
moves a target: every number 0..N has its own cell in the same place every
time (two rows, the same columns for the whole game); a number that cannot be played there
(its tile is already down, or the rules do not allow it) is greyed, says why, and does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from engine import GameState, Play, Tile
from hubd.screens.kit.areas import Rect, grid, split_v
from hubd.screens.kit.base import Overlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.text.plain_words import choice_words
from hubd.values.intents import Intent, Submit


def number_cells(b: Builder, area: Rect, highest: int) -> list[Rect]:
    """One cell for each number 0..highest, in two rows (three on a narrow portrait screen)."""
    count = highest + 1
    rows = 2 if b.landscape or count <= 8 else 3
    columns = -(-count // rows)
    return grid(area, count, columns, b.gap)


class _Picker(Overlay):
    """A title, a Cancel button and the fixed grid of numbers."""

    key = "picker"

    def __init__(self, ui: Host) -> None:
        self.ui = ui

    def frame(self, b: Builder, title: str) -> Rect:
        inner = b.dialog()
        title_h = b.px(64) if b.landscape else b.px(150)
        head = Rect(inner.x, inner.y, inner.w, title_h)
        (cancel_w,) = b.button_widths([self.ui.tr("Cancel")], b.min_text, inner.w // 2)
        cancel_w = max(b.px(200), cancel_w)
        cancel = Rect(inner.right - cancel_w, inner.bottom - b.target, cancel_w, b.target)
        b.button(cancel, self.ui.tr("Cancel"), self.ui.close_overlay, key=f"{self.key}:cancel")
        b.label(head, title, b.px(26) if b.landscape else b.px(38), bold=True, wrap=True)
        return Rect(inner.x, head.bottom + b.gap, inner.w, cancel.y - head.bottom - 2 * b.gap)

    def number(
        self,
        b: Builder,
        cell: Rect,
        number: int,
        halves: tuple[int, int],
        action: Action | None,
        why_not: str,
    ) -> None:
        """One cell: the number, the domino it makes, or (greyed) why it cannot be played.
        Numbers run 0, 1, 2 ... left to right in every language, like the keypads."""
        enabled = action is not None
        style = Style.NORMAL if enabled else Style.DISABLED
        b.button(cell, "", action, style=style, key=f"pick:{number}", role="pick",
                 enabled=enabled, mirror=False)  # fmt: skip
        big = b.px(40) if b.landscape else b.px(56)
        top, rest = split_v(cell.inflate(-b.px(4), -b.px(4)), 1, 1, gap=b.px(2))
        b.label(top, str(number), big, bold=True, reading=True, floor=big, mirror=False,
                key=f"picknum:{number}")  # fmt: skip
        if not enabled:
            b.label(rest, why_not, b.min_text, wrap=True, mirror=False, key=f"pickwhy:{number}",
                    squeeze_lines=True)  # fmt: skip
            return
        side = min(rest.h, rest.w // 2)
        pic = Rect(0, 0, side * 2, side)
        pic.center = rest.center
        b.tile(pic, *halves, key=f"pickpic:{number}").mirror = False


class DoublePicker(_Picker):
    """The hub button with no foot open: which double, then (if several fit) which place."""

    key = "doubles"

    def __init__(self, ui: Host, doubles: Sequence[Tile]) -> None:
        super().__init__(ui)
        self.doubles = tuple(doubles)
        self.chosen: Tile | None = None

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        if state is None or state.rules is None:
            return
        player = state.current_player or ""
        if self.chosen is not None:
            self._places(b, state, player, self.chosen)
            return
        area = self.frame(b, b.tr("{player} plays which double?").format(player=player))
        on_table = state.table.placed if state.table is not None else {}
        for number, cell in enumerate(number_cells(b, area, state.rules.highest)):
            double = Tile(number, number)
            action = self._choose(state, double) if double in self.doubles else None
            why = b.tr("on the table") if double in on_table else b.tr("not now")
            self.number(b, cell, number, (number, number), action, why)

    def _places(self, b: Builder, state: GameState, player: str, double: Tile) -> None:
        area = self.frame(b, b.tr("Where does the {tile} go?").format(tile=double))
        places = [p for p in state.open_places() if p.end == double.lo]
        rows = split_v(area, *([1] * max(1, len(places))), gap=b.gap)
        table = state.table
        assert table is not None
        size = b.chair_text  # an entry's choices read from a chair
        for place, box in zip(places, rows, strict=False):
            action = self.ui.submit(partial(Play, player, double, place.tile), close=True)
            text = choice_words(place, table, self.ui.labels, b.tr)
            b.button(box, text, action, key=f"doubleplace:{place.tile}", size=size, floor=size,
                     role="choice")  # fmt: skip

    def _choose(self, state: GameState, double: Tile) -> Action:
        def action(pos: tuple[int, int]) -> list[Intent]:
            player = state.current_player or ""
            places = [p for p in state.open_places() if p.end == double.lo]
            if len(places) == 1:
                self.ui.open_overlay(None)
                return [Submit(Play(player, double, places[0].tile), pos)]
            self.chosen = double
            return []

        return action
