"""What a screen or an overlay may ask of the Ui that holds it.

The screens are given this narrow face of the Ui instead of the Ui itself, so the kit, the map
and every screen import no screen: the Ui's frames (``hubd.screens.frames``) build them
through the registry (``hubd.screens.registry``) and satisfy this protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine import Event, RuleError, Tile
from hubd.values.intents import Intent, ScreenName

if TYPE_CHECKING:
    from hubd.screens.kit.areas import Rect
    from hubd.screens.kit.base import Overlay, Screen
    from hubd.screens.kit.context import UiContext
    from hubd.screens.kit.widgets import Action


class Host(Protocol):
    """The Ui as the screens see it."""

    size: tuple[int, int]
    #: Each tile's line label on the map as last drawn ("A", "B2").
    labels: dict[Tile, str]
    #: The tile the map marks in this frame, None for none.
    marked: Tile | None
    #: Where the current screen wants notices (the play screen's last entry line).
    notice_box: Rect | None

    @property
    def screens(self) -> Mapping[ScreenName, Screen]: ...

    def tr(self, text: str) -> str: ...

    def ntr(self, singular: str, plural: str, count: int) -> str: ...

    def go(self, name: ScreenName) -> list[Intent]: ...

    def show_screen(self, name: ScreenName) -> None: ...

    def submit(self, make: Callable[[], Event], close: bool = False) -> Action: ...

    def open_overlay(self, overlay: Overlay | None) -> None: ...

    def close_overlay(self, _pos: tuple[int, int]) -> list[Intent]: ...

    def open_double_picker(self, doubles: Sequence[Tile], now: float | None = None) -> None: ...

    def show_tip(self, message: str | RuleError, where: tuple[int, int]) -> None: ...

    def say_again(self, _pos: tuple[int, int]) -> list[Intent]: ...

    def undo_action(self, ctx: UiContext) -> Action: ...

    def remember_labels(self, labels: dict[Tile, str]) -> None: ...
