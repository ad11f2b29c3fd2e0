"""The menu overlay: the screens that are not part of a turn, and (in an every-play round)
the on-screen hub button, which the play screen leaves here to keep its map large."""

from __future__ import annotations

from engine import Phase
from hubd.screens.kit.areas import Rect, grid
from hubd.screens.kit.base import Overlay
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.values.intents import HubButton, Intent, ScreenName


class Menu(Overlay):
    def __init__(self, ui: Host) -> None:
        self.ui = ui

    def build(self, b: Builder, ctx: UiContext) -> None:
        """The same items in the same places on every screen: one that does nothing here
        (the hub button outside a round, ending a round nobody plays) is greyed in its place."""
        state = ctx.state
        in_round = state is not None and state.in_round
        hub = in_round and state is not None and not state.scores_only
        new_game = (
            self._new_game
            if state is not None and state.phase is not Phase.GAME_OVER
            else (self._go("new_game"))
        )
        items: list[tuple[str, Action | None, Style, str]] = [
            (b.tr("Hub"), self._hub if hub else None, Style.NORMAL, "hub"),
            (b.tr("Scores"), self._go("scores"), Style.NORMAL, "scores"),
            (b.tr("History"), self._go("history"), Style.NORMAL, "history"),
            (b.tr("Settings"), self._go("settings"), Style.NORMAL, "settings"),
            (b.tr("Phones"), self._phones, Style.NORMAL, "phones"),
            (b.tr("New game"), new_game, Style.NORMAL, "new_game"),
        ]
        if ctx.club is not None:  # [club] enabled: there on every screen
            items.append((b.tr("Club night"), self._go("club"), Style.NORMAL, "club"))
        agree = self._agree if in_round else None
        items.append((b.tr("End the round by agreement"), agree, Style.WARN, "agree"))
        items.append((b.tr("Close"), self.ui.close_overlay, Style.QUIET, "close"))
        columns = 2 if b.landscape else 1
        rows = -(-len(items) // columns)
        width = min(b.w - 4 * b.gap, b.px(640) if b.landscape else b.w)
        cell_w = (width - 2 * b.gap - (columns - 1) * b.gap) // columns
        # As tall as the longest item needs (it may take two lines).
        lines = max(
            len(b.measure.fit(text, cell_w - 14, 10**6, b.min_text, b.min_text, True, True)[1])
            for text, *_ in items
        )
        height = max(b.target + b.px(12), lines * b.measure.line_height(b.min_text, True) + 14)
        panel = Rect(0, 0, width, rows * (height + b.gap) + 3 * b.gap + b.px(48))
        panel.center = (b.w // 2, b.h // 2)
        inner = b.dialog(panel)
        title = Rect(inner.x, inner.y, inner.w, b.px(48))
        b.label(title, b.tr("Menu"), b.px(28), bold=True)
        area = Rect(inner.x, title.bottom + b.gap, inner.w, inner.bottom - title.bottom - b.gap)
        for (text, action, style, key), box in zip(
            items, grid(area, len(items), columns, b.gap, height), strict=True
        ):
            b.button(box, text, action, style=style if action else Style.DISABLED,
                     key=f"menu:{key}", enabled=action is not None)  # fmt: skip

    def _hub(self, _pos: tuple[int, int]) -> list[Intent]:
        """What the hub button does (a double to open a foot, or the toes still owed)."""
        self.ui.open_overlay(None)
        return [HubButton()]

    def _new_game(self, _pos: tuple[int, int]) -> list[Intent]:
        """A game is being played: ask before leaving it for the new game's setup."""
        from hubd.screens.confirm import Confirm

        def question(b: Builder, ctx: UiContext) -> str | None:
            state = ctx.state
            if state is None or state.rules is None:
                return None
            return b.tr(
                "Set up a new game? This one (round {n} of {rounds}) ends when the new one starts."
            ).format(n=max(1, state.round), rounds=state.rules.rounds)

        go = self.ui.tr("New game")
        self.ui.open_overlay(Confirm(self.ui, question, go, lambda _p: self.ui.go("new_game"),
                                     go_key="confirm:new_game"))  # fmt: skip
        return []

    def _go(self, screen: ScreenName) -> Action:
        return lambda _pos: self.ui.go(screen)

    def _phones(self, _pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.phones import PhonesPanel

        self.ui.open_overlay(PhonesPanel(self.ui))
        return []

    def _agree(self, _pos: tuple[int, int]) -> list[Intent]:
        from hubd.screens.round_end import RoundEndScreen

        screen = self.ui.screens["round_end"]
        assert isinstance(screen, RoundEndScreen)
        intents = self.ui.go("round_end")
        screen.agreed = True
        return intents
