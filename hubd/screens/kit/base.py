"""The base classes of screens and overlays (the builder they lay out with: kit/builder.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hubd.screens.kit.builder import Builder
from hubd.screens.kit.context import UiContext
from hubd.screens.kit.typed import TypedText
from hubd.screens.kit.widgets import Action
from hubd.values.intents import Intent, ScreenName

if TYPE_CHECKING:
    from hubd.screens.kit.host import Host


class Screen:
    """A view: builds its widgets from the context and its own small state."""

    #: Set by each screen: the name the Ui shows it by.
    name: ScreenName

    def __init__(self, ui: Host) -> None:
        self.ui = ui

    def enter(self, ctx: UiContext | None) -> None:
        """Called when the screen is shown: reset what was being entered."""

    def build(self, b: Builder, ctx: UiContext) -> None:
        raise NotImplementedError

    def back(self, ctx: UiContext) -> list[Intent]:
        """Where escape (or Back) leads."""
        return self.ui.go(default_screen(ctx))

    def go(self, screen: ScreenName) -> Action:
        return lambda _pos: self.ui.go(screen)


class TabbedScreen(Screen):
    """A screen of tabs shown a page at a time: a tab, and each showing, starts at page one."""

    def __init__(self, ui: Host, tab: str) -> None:
        super().__init__(ui)
        self.tab = tab
        self.page = 0

    def enter(self, ctx: UiContext | None) -> None:
        self.page = 0

    def _tab(self, tab: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.tab = tab
            self.page = 0
            return []

        return action

    def _turn(self, step: int) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.page = max(0, self.page + step)
            return []

        return action


class Overlay:
    """A panel over the screen; a tap outside it closes it."""

    def build(self, b: Builder, ctx: UiContext) -> None:
        raise NotImplementedError


#: Where a tap's position does not matter: a physical keyboard's key pressing an on-screen one.
NOWHERE = (0, 0)


class TextOverlay(Overlay):
    """An overlay that types text (a name, a passphrase, a hub's id) into one field
    (``field``) with its own on-screen keys, and a physical keyboard's too: its text types,
    Backspace deletes, Enter is the done key."""

    field: TypedText

    @property
    def text(self) -> str:
        return self.field.text

    @text.setter
    def text(self, text: str) -> None:
        self.field.text = text[: self.field.limit]

    def _shown(self, char: str) -> str:
        """The character a key types (a name's keyboard makes a word's first a capital)."""
        return char

    def _type(self, char: str) -> Action:
        def action(_pos: tuple[int, int]) -> list[Intent]:
            self.field.add(self._shown(char))
            return []

        return action

    def _delete(self, _pos: tuple[int, int]) -> list[Intent]:
        self.field.delete()
        return []

    def _done(self, _pos: tuple[int, int]) -> list[Intent]:
        raise NotImplementedError

    def typed(self, text: str) -> list[Intent]:
        """Text from a physical keyboard (pygame's TEXTINPUT), as if its keys were tapped."""
        for char in text:
            if char.isprintable():
                self._type(char)(NOWHERE)
        return []

    def key(self, name: str) -> list[Intent]:
        """A key with no text of its own (pygame's name for it); the rest do nothing here."""
        if name == "backspace":
            return self._delete(NOWHERE)
        if name in ("return", "enter"):
            return self._done(NOWHERE)
        return []


def default_screen(ctx: UiContext) -> ScreenName:
    """The screen the game's phase calls for."""
    from engine import Phase

    state = ctx.state
    if state is None or state.rules is None:
        return "new_game"
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return "game_over"
    if phase is Phase.ROUND_OVER:
        return "round_end"
    if phase is Phase.SETUP:
        return "round_start" if state.round == 0 else "scores"
    return "scores_mode" if state.scores_only else "play"
