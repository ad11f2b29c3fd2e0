"""The engine's one exception family, and how a message shows a value it refuses."""

from __future__ import annotations

import reprlib


class RuleError(ValueError):
    """An event the rules refuse, or a line that is not a valid event.

    The message is meant for the players at the table: it names the player, the tile and the
    rule. A refused event never changes the game.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_BRIEF = reprlib.Repr()
_BRIEF.maxstring = 30
_BRIEF.maxother = 30
_BRIEF.maxlong = 30
_BRIEF.maxlevel = 3
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 4


def brief(value: object) -> str:
    """``repr(value)`` cut short, for a message about bad input.

    A refused value can be anything a log holds: a string of a million characters, lists
    nested a thousand deep, a lone surrogate. The message shows a few characters of it, with
    every control character and surrogate escaped, so it fits a screen and any terminal.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 96:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        return _BRIEF.repr(value)
    except (ValueError, RecursionError):  # a huge number deep inside, or nesting past the limit
        return "an unreadable value"
