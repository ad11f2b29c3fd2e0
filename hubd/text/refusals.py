"""The engine's refusals in the players' language.

The engine speaks English (its messages are also the log tools' output). The refusals a
player can meet on the touchscreen are listed here as templates; a message that matches one
is shown translated, any other message is shown as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache


def _(text: str) -> str:
    """Marks a message for the catalogs without translating it here."""
    return text


#: English templates of the engine's refusals, with {placeholders} for what varies.
TEMPLATES: tuple[str, ...] = (
    _("{player} cannot play {tile} on {place} while the chicken foot on {lock} needs 1 more toe"),
    _("{player} cannot play {tile} on {place} while the chicken foot on {lock} needs {n} more "
      "toes"),
    _("{player} cannot play {tile} on {place}: the hub {hub} still needs 1 more arm before "
      "anything else"),
    _("{player} cannot play {tile} on {place}: the hub {hub} still needs {n} more arms before "
      "anything else"),
    _("{player} has already drawn this turn: play that tile if it fits, or pass"),
    _("{player} cannot draw: the chicken yard is empty; pass instead"),
    _("{player} cannot draw: the chicken yard is down to its reserve of {n}; pass instead"),
    _("{player} must draw from the chicken yard before passing (1 tile there)"),
    _("{player} must draw from the chicken yard before passing ({n} tiles there)"),
    _("{player} has no tiles left, so {again}'s hand scores 0"),
    _("{player} holds 1 tile, but {entered} were entered"),
    _("{player} holds {n} tiles, but {entered} were entered"),
    _("enter every hand: {names} missing"),
    _("there is nothing to undo: the game has only just begun"),
    _("there is nothing to undo"),
    _("the {preset} rules are for {low} to {high} players, not {n}"),
    # Names typed on the new-game screen (engine/names.py); two names before one.
    _("two players are called {first} and {second}; every name must differ, ignoring case"),
    _("two players are called {name}; every name must differ, ignoring case"),
    _("a player's name cannot begin or end with a space: {name}"),
    # Score-keeper mode (engine/scores_mode.py).
    _("a chicken foot is already open: it needs 1 more toe"),
    _("a chicken foot is already open: it needs {n} more toes"),
    _("no chicken foot is open: press the hub button for a double first"),
    _("A chicken foot cannot be entered: the game is over"),
    _("A toe cannot be entered: the game is over"),
    _("A chicken foot cannot be entered: the next round has not started"),
    _("A toe cannot be entered: the next round has not started"),
    _("this game keeps the scores only, so the draws made to find the double are not entered"),
    _("A chicken foot is only entered in a game that keeps the scores only; here a chicken "
      "foot opens when a double is played"),
    _("A toe is only entered in a game that keeps the scores only; here a chicken foot opens "
      "when a double is played"),
    # The phones' desk (hubd/web/desk.py): the phone that lost a seat is told whose it is.
    _("Another phone holds {player}'s seat"),
    # A hand counted from a photo (hubd/web/desk.py) and the engine's checks of its tiles.
    _("{tile} is not in this game's set"),
    _("{tile} is counted twice in this hand"),
    _("{tile} is on the table, so it cannot be in {player}'s hand"),
    _("{tile} is entered in both {other}'s and {player}'s hands"),
    _("This phone holds {player}'s seat; the hub's Phones panel can give it another"),
)  # fmt: skip

_PLACEHOLDER = re.compile(r"\\\{(\w+)\\\}")


@lru_cache(maxsize=64)
def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(_PLACEHOLDER.sub(r"(?P<\1>.+?)", re.escape(template)))


def translate_refusal(message: str, tr: Callable[[str], str]) -> str:
    """``message`` in the language of ``tr`` when it is one of the known refusals."""
    for template in TEMPLATES:
        match = _pattern(template).fullmatch(message)
        if match is not None:
            try:
                return tr(template).format(**match.groupdict())
            except (KeyError, IndexError, ValueError):  # a broken translation: stay English
                return message
    return message
