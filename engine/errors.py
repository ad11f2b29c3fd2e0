"""The engine's one exception family, and how a message shows a value it refuses.

Each kind of refusal a player can meet is a class of its own (engine/refusals.py) holding the
values its message names; its English message is built from them by its wording, so the
screens translate a refusal by its kind and fields, never by reading the English back.
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import ClassVar, NamedTuple


class Wording(NamedTuple):
    """A refusal's English template with {field} placeholders; with a plural, the count ``n``
    chooses between the two (the catalogs translate it with ngettext)."""

    text: str
    plural: str | None = None


class RuleError(ValueError):
    """An event the rules refuse, or a line that is not a valid event.

    The message is meant for the players at the table: it names the player, the tile and the
    rule. A refused event never changes the game. A plain RuleError carries its message alone
    (bad input in a log or a config file); a kind of refusal is a dataclass subclass whose
    fields fill one of its ``wordings``.
    """

    #: The wordings of this kind, the first the usual one (:meth:`wording` chooses).
    wordings: ClassVar[tuple[Wording, ...]] = ()

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __post_init__(self) -> None:
        """A kind's fields are set (by its dataclass ``__init__``): build its message."""
        RuleError.__init__(self, self.english())

    def wording(self) -> Wording:
        """The wording that fits these fields."""
        return self.wordings[0]

    def fields(self) -> dict[str, object]:
        """The values the wording names, by placeholder (none for a plain RuleError)."""
        if not dataclasses.is_dataclass(self):
            return {}
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def count(self) -> int:
        """The number a plural wording agrees with: the field ``n``."""
        n = self.fields().get("n")
        return n if isinstance(n, int) else 1

    def english(self) -> str:
        """The message in English, as the engine's command line and the logs show it."""
        text, plural = self.wording()
        if plural is not None and self.count() != 1:
            text = plural
        return text.format(**self.fields())

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its fields (an exception pickles by its message alone otherwise)."""
        if not self.wordings:
            return (type(self), (self.message,))
        return (_rebuilt, (type(self), self.fields()))


def _rebuilt(kind: type[RuleError], fields: dict[str, object]) -> RuleError:
    return kind(**fields)  # type: ignore[arg-type]


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
