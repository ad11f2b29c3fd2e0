"""The whole table: the play screen's map on the whole screen but the status line and Back.

A tap on the play map opens it; Back, a tap on the picture or Escape returns to the play
screen exactly as it was (the entry under way is kept: hubd/screens/play.py holds it). The
status line is worded as the play screen's, at its sizes (6 mm), Back large beside it (at the
screen's foot in portrait);
the picture is laid out at the map's own sizes in the rest of the screen (hubd/picture), the
ends an entry offers ringed and numbered as on the play screen. It follows the state: a play
from a phone redraws it, and the round's end leaves the play screen for the normal flow.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import GameState
from hubd.screens.entry import TileEntry
from hubd.screens.entry_choices import choice_keys, choice_numbers
from hubd.screens.kit.areas import Rect
from hubd.screens.kit.builder import Builder
from hubd.screens.kit.host import Host
from hubd.screens.kit.widgets import Action, Style
from hubd.screens.map.ready import Pictures
from hubd.screens.map.view import draw_map
from hubd.screens.map.whole import back_px, whole_room


def draw_whole(
    b: Builder,
    ui: Host,
    state: GameState,
    entry: TileEntry,
    status: Callable[[Rect], None],
    close: Action,
    pictures: Pictures | None = None,
) -> None:
    """The whole view of ``state``'s table; ``status`` draws the status line in its box,
    ``close`` returns to the play screen."""
    room = whole_room(b)
    b.panel(room.bar, Style.DARK)
    b.button(room.back, b.tr("Back"), close, size=back_px(b), floor=b.min_text, key="back",
             style=Style.NORMAL)  # fmt: skip
    status(room.status)
    marked: list[str] = []
    numbers: dict[str, str] = {}
    choose = entry.choosing
    if choose is not None:  # the ends offered, ringed and numbered as on the play screen
        marked = choice_keys(choose)
        numbers = entry.numerals or choice_numbers(choose)
    ui.remember_labels(draw_map(b, ui, state, room.area, marked, numbers, close, True,
                                pictures))  # fmt: skip
