"""Round start: who opens by the rule in force (who holds the double, or who found it first),
with the search-draw flow when nobody holds it."""

from __future__ import annotations

from collections.abc import Callable

from engine import GameState, Phase, StartRound
from hubd.intents import Intent
from hubd.screens.base import Builder, Rect, Screen, fit_grid, split_h, split_v
from hubd.screens.context import UiContext
from hubd.screens.ui import Ui
from hubd.screens.widgets import Action, Kind, Style


class RoundStartScreen(Screen):
    name = "round_start"

    def __init__(self, ui: Ui) -> None:
        super().__init__(ui)
        self.mode = "ask"  # "ask", "search" (counting draws), "found" (who drew the double)
        self.draws: dict[str, int] = {}

    def enter(self, ctx: UiContext | None) -> None:
        self.mode = "ask"
        self.draws = {}

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        menu = [(b.tr("Menu"), self._menu)]
        if state is None or state.rules is None or state.phase is not Phase.SETUP:
            b.notice_page(b.tr("Next round"), b.tr("No round is waiting to start."), None, menu)
            return
        rules = state.rules
        number = state.round + 1
        double = rules.starting_double(number)
        title = b.tr("Round {n} of {rounds}").format(n=number, rounds=rules.rounds)
        back = self.go("scores") if state.round else None
        area = b.top_bar(title, back, menu, undo=state.round > 0)
        area = area.inflate(-2 * b.gap, -2 * b.gap)
        tile = f"{double}-{double}"
        if b.landscape:
            picture_box, rest = split_h(area, 1, 4, gap=b.gap)
        else:
            picture_box, rest = split_v(area, 1, 3, gap=b.gap)
        side = min(picture_box.w, picture_box.h // 2, b.px(150))
        picture = Rect(0, 0, side, side * 2)
        picture.center = picture_box.center
        b.tile(picture, double, double, vertical=True, key="start:double")
        # Two lines for the question, three (five on the narrow portrait screen) for what to
        # do at the table; then the players, then a row of buttons (two rows in portrait).
        line = b.painter.line_height(b.min_text)
        question_h = 2 * b.painter.line_height(self._question_px(b), True)
        prompt = Rect(rest.x, rest.y, rest.w, question_h + b.gap + (3 if b.landscape else 5) * line)
        rows = 0 if self.mode == "ask" and not rules.double_in_hands else 1
        rows = 0 if self.mode == "ask" and rules.scores_only else rows
        if rows and self.mode == "search" and not b.landscape:
            rows = 2
        bottom_h = rows * b.target + max(0, rows - 1) * b.gap
        bottom = Rect(rest.x, rest.bottom - bottom_h, rest.w, bottom_h)
        players = Rect(
            rest.x,
            prompt.bottom + b.gap,
            rest.w,
            bottom.y - prompt.bottom - (2 if rows else 1) * b.gap,
        )
        placed = b.tr("The {tile} goes in the hub; the next player clockwise plays first.")
        if self.mode == "ask":
            if rules.double_in_hands:
                question = b.tr("Who holds the {tile}? They open.")
                hint = b.ntr(
                    "Deal {n} tile each. The {tile} goes in the hub; the next player "
                    "clockwise plays first.",
                    "Deal {n} tiles each. The {tile} goes in the hub; the next player "
                    "clockwise plays first.",
                    rules.hand_size,
                )
            else:
                # Text 000-002: before the deal, the first to turn up the double plays first.
                question = b.tr("Who found the {tile} first? They play first.")
                hint = b.ntr(
                    "Before the deal, take turns drawing face-down tiles until someone finds "
                    "the {tile}. It goes in the hub; then deal {n} tile each.",
                    "Before the deal, take turns drawing face-down tiles until someone finds "
                    "the {tile}. It goes in the hub; then deal {n} tiles each.",
                    rules.hand_size,
                )
            self._prompt(b, prompt, question, hint, tile, rules.hand_size)
            self._player_buttons(b, state, players, self._open)
            if rules.double_in_hands and not rules.scores_only:  # scores only: no draws kept
                b.button(
                    bottom, b.tr("Nobody has it: search the yard"), self._search, key="start:search"
                )
        elif self.mode == "search":
            self._prompt(
                b,
                prompt,
                b.tr("Take turns drawing from the yard until someone draws the {tile}."),
                b.tr("Tap a player each time they draw another tile."),
                tile,
            )
            self._player_buttons(b, state, players, self._count, counts=True)
            if b.landscape:
                found, clear, cancel = split_h(bottom, 2, 1, 1, gap=b.gap)
            else:
                found, others = split_v(bottom, 1, 1, gap=b.gap)
                clear, cancel = split_h(others, 1, 1, gap=b.gap)
            b.button(
                found,
                b.tr("Someone drew the {tile}").format(tile=tile),
                self._found,
                style=Style.PRIMARY,
                key="start:found",
            )
            b.button(clear, b.tr("Start over"), self._clear, key="start:clear")
            b.button(cancel, b.tr("Cancel"), self._cancel, key="start:cancel")
        else:
            self._prompt(b, prompt, b.tr("Who drew the {tile}? They open."), placed, tile)
            self._player_buttons(b, state, players, self._open_found, counts=True)
            b.button(
                split_h(bottom, 2, 1, gap=b.gap)[1],
                b.tr("Cancel"),
                self._cancel,
                key="start:cancel",
            )

    def _question_px(self, b: Builder) -> int:
        return b.px(30) if b.landscape else b.px(40)

    def _prompt(
        self, b: Builder, box: Rect, question: str, hint: str, tile: str, hand: int = 0
    ) -> None:
        question = question.format(tile=tile)
        hint = hint.format(tile=tile, n=hand)
        top_h = 2 * b.painter.line_height(self._question_px(b), True)
        top = Rect(box.x, box.y, box.w, top_h)
        bottom = Rect(box.x, top.bottom + b.gap, box.w, box.h - top_h - b.gap)
        b.label(top, question, self._question_px(b), bold=True, wrap=True)
        b.label(bottom, hint, b.min_text, wrap=True, color=(170, 190, 180))

    def _player_buttons(
        self,
        b: Builder,
        state: GameState,
        area: Rect,
        make: Callable[[str], Action],
        counts: bool = False,
    ) -> None:
        names = state.players
        boxes = fit_grid(area, len(names), b.target, b.px(96), b.gap, 4 if b.landscape else 2)
        for name, box in zip(names, boxes, strict=True):
            action = make(name)
            if counts:
                b.button(box, "", action, key=f"player:{name}")
                left, right = split_h(box.inflate(-b.px(8), 0), 3, 1)
                b.label(left, name, b.px(26), bold=True, floor=b.px(14), align="start")
                b.label(right, str(self.draws.get(name, 0)), b.px(34), bold=True, reading=True)
            else:
                b.button(box, name, action, key=f"player:{name}", size=b.px(28), kind=Kind.BUTTON)

    def _open(self, name: str) -> Action:
        return self.ui.submit(lambda: StartRound(name))

    def _open_found(self, name: str) -> Action:
        return self.ui.submit(lambda: StartRound(name, dict(self.draws)))

    def _count(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.draws[name] = self.draws.get(name, 0) + 1
            return []

        return action

    def _search(self, _pos: tuple[int, int]) -> list[Intent]:
        self.mode = "search"
        return []

    def _found(self, _pos: tuple[int, int]) -> list[Intent]:
        self.mode = "found"
        return []

    def _clear(self, _pos: tuple[int, int]) -> list[Intent]:
        self.draws = {}
        return []

    def _cancel(self, _pos: tuple[int, int]) -> list[Intent]:
        self.enter(None)
        return []

    def _menu(self, _pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.menu import Menu

        self.ui.open_overlay(Menu(self.ui))
        return []
