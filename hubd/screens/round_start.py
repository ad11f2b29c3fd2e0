"""Round start: who opens by the rule in force (who holds the double, or who found it first),
with the search-draw flow when nobody holds it, or under the house rule burn_double the next
lower double asked for instead (down to the game's last, then the search)."""

from __future__ import annotations

from collections.abc import Callable

from engine import GameState, Phase, Rules, StartRound
from hubd.screens.kit.areas import Rect, fit_grid, split_h, split_v
from hubd.screens.kit.base import Screen
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.top_bar import notice_page, top_bar
from hubd.screens.kit.widgets import Action, Kind, Style
from hubd.values.intents import Intent


class RoundStartScreen(Screen):
    name = "round_start"

    def __init__(self, ui: Host) -> None:
        super().__init__(ui)
        self.mode = "ask"  # "ask", "search" (counting draws), "found" (who drew the double)
        self.draws: dict[str, int] = {}
        self.burned_to: int | None = None  # burn_double: the lower double asked for now

    def enter(self, ctx: UiContext | None) -> None:
        self.mode = "ask"
        self.draws = {}
        self.burned_to = None

    def build(self, b: Builder, ctx: UiContext) -> None:
        state = ctx.state
        menu = [(b.tr("Menu"), self._menu)]
        if state is None or state.rules is None or state.phase is not Phase.SETUP:
            notice_page(b, b.tr("Next round"), b.tr("No round is waiting to start."), None, menu)
            return
        rules = state.rules
        number = state.round + 1
        double = state.next_double if self.burned_to is None else self.burned_to
        title = b.tr("Round {n} of {rounds}").format(n=number, rounds=rules.rounds)
        back = self.go("scores") if state.round else None
        area = top_bar(b, title, back, menu, undo=state.round > 0)
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
        # The question and what to do at the table, as many lines as they take; then the
        # players, then a row of buttons (two rows in portrait), two lines high if need be.
        question, hint = self._words(b, rules, tile)
        if self.burned_to is not None:
            own = state.next_double
            hint = b.tr("Nobody holds the {own}: it is burned, and this round starts with "
                        "the {tile}.").format(own=f"{own}-{own}", tile=tile)  # fmt: skip
        size = self._question_px(b)
        asked = self._lines(b, question, size, rest.w, True) * b.measure.line_height(size, True)
        told = self._lines(b, hint, b.min_text, rest.w) * b.measure.line_height(b.min_text)
        prompt_h = asked + b.gap + told
        prompt = Rect(rest.x, rest.y, rest.w, prompt_h)
        rows = 0 if self.mode == "ask" and not rules.double_in_hands else 1
        burnable = rules.burn_double and double > rules.last_double
        rows = 0 if self.mode == "ask" and rules.scores_only and not burnable else rows
        if rows and self.mode == "search" and not b.landscape:
            rows = 2
        row_h = b.target if b.landscape else max(b.target, b.two_lines)
        bottom_h = rows * row_h + max(0, rows - 1) * b.gap
        bottom = Rect(rest.x, rest.bottom - bottom_h, rest.w, bottom_h)
        players = Rect(
            rest.x,
            prompt.bottom + b.gap,
            rest.w,
            bottom.y - prompt.bottom - (2 if rows else 1) * b.gap,
        )
        if self.mode == "ask":
            self._prompt(b, prompt, question, hint)
            self._player_buttons(b, state, players, self._open)
            if burnable:
                b.button(bottom, b.tr("Nobody has it: burn it"), self._burn(double),
                         key="start:burn")  # fmt: skip
            elif rules.double_in_hands and not rules.scores_only:  # scores only: no draws kept
                b.button(
                    bottom, b.tr("Nobody has it: search the yard"), self._search, key="start:search"
                )
        elif self.mode == "search":
            self._prompt(b, prompt, question, hint)
            self._player_buttons(b, state, players, self._count, counts=True)
            if b.landscape:
                texts = [b.tr("Someone drew the {tile}").format(tile=tile), b.tr("Start over"),
                         b.tr("Cancel")]  # fmt: skip
                widths = b.button_widths(texts, b.min_text, bottom.w - 2 * b.gap)
                spare = max(0, bottom.w - 2 * b.gap - sum(widths))
                found, clear, cancel = split_h(bottom, widths[0] + spare, *widths[1:], gap=b.gap)
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
            self._prompt(b, prompt, question, hint)
            self._player_buttons(b, state, players, self._open_found, counts=True)
            b.button(
                split_h(bottom, 2, 1, gap=b.gap)[1],
                b.tr("Cancel"),
                self._cancel,
                key="start:cancel",
            )

    def _question_px(self, b: Builder) -> int:
        return max(b.px(30) if b.landscape else b.px(40), b.min_text)

    def _words(self, b: Builder, rules: Rules, tile: str) -> tuple[str, str]:
        """The question the screen asks now, and what to do at the table."""
        if self.mode == "ask" and rules.double_in_hands:
            question = b.tr("Who holds the {tile}? They open.")
            hint = b.ntr(
                "Deal {n} tile each. The {tile} goes in the hub; the next player "
                "clockwise plays first.",
                "Deal {n} tiles each. The {tile} goes in the hub; the next player "
                "clockwise plays first.",
                rules.hand_size,
            )
        elif self.mode == "ask":
            # Text 000-002: before the deal, the first to turn up the double plays first.
            question = b.tr("Who found the {tile} first? They play first.")
            hint = b.ntr(
                "Before the deal, take turns drawing face-down tiles until someone finds "
                "the {tile}. It goes in the hub; then deal {n} tile each.",
                "Before the deal, take turns drawing face-down tiles until someone finds "
                "the {tile}. It goes in the hub; then deal {n} tiles each.",
                rules.hand_size,
            )
        elif self.mode == "search":
            question = b.tr("Take turns drawing from the yard until someone draws the {tile}.")
            hint = b.tr("Tap a player each time they draw another tile.")
        else:
            question = b.tr("Who drew the {tile}? They open.")
            hint = b.tr("The {tile} goes in the hub; the next player clockwise plays first.")
        return question.format(tile=tile), hint.format(tile=tile, n=rules.hand_size)

    @staticmethod
    def _lines(b: Builder, text: str, size: int, width: int, bold: bool = False) -> int:
        return len(b.measure.fit(text, width, 10**6, size, size, bold, True)[1])

    def _prompt(self, b: Builder, box: Rect, question: str, hint: str) -> None:
        size = self._question_px(b)
        top_h = self._lines(b, question, size, box.w, True) * b.measure.line_height(size, True)
        top = Rect(box.x, box.y, box.w, top_h)
        bottom = Rect(box.x, top.bottom + b.gap, box.w, box.bottom - top.bottom - b.gap)
        b.label(top, question, size, bold=True, wrap=True, floor=size)
        b.label(bottom, hint, b.min_text, wrap=True)

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
                b.label(left, name, self._name_px(b), bold=True, align="start", key=f"name:{name}")
                b.label(right, str(self.draws.get(name, 0)), b.px(34), bold=True, reading=True)
            else:
                b.button(box, name, action, key=f"player:{name}", size=self._name_px(b),
                         kind=Kind.BUTTON)  # fmt: skip

    @staticmethod
    def _name_px(b: Builder) -> int:
        """A player's name on a button: 32 px at 800x480 (50 px in portrait)."""
        return b.floor_text

    def _open(self, name: str) -> Action:
        return self.ui.submit(lambda: StartRound(name, double=self.burned_to))

    def _burn(self, double: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.burned_to = double - 1
            return []

        return action

    def _open_found(self, name: str) -> Action:
        return self.ui.submit(lambda: StartRound(name, dict(self.draws)))

    def _count(self, name: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.draws[name] = self.draws.get(name, 0) + 1
            return []

        return action

    def _search(self, _pos: tuple[int, int]) -> list[Intent]:
        self.mode = "search"  # for the round's own double, whatever was burned on the way
        self.burned_to = None
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
