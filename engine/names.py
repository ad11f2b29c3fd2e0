"""Player names (RULES.md, "Fine points"): 1 to 24 characters, no space at either end, no
control or format characters, no line or paragraph separators, noncharacters, private-use
characters or more than a few marks on one letter, no unpaired surrogates, unique after NFC
and casefolding.

Every name reaches the screen, the store and ``replay``'s output, so a name that cannot be
shown, typed or told apart is refused at ``new_game`` with the rule it breaks. Two names are
the same name when their :func:`name_key` is: "Ana", "ana" and "ANA", and a decomposed "Å"
(A + ring) and the composed one, at one table and across games.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from engine.errors import RuleError, brief
from engine.limits import MAX_NAME, MAX_PLAYERS
from engine.refusals import SameName, SpaceAroundName


def _control(char: str) -> bool:
    """A C0 or C1 control character (Unicode category Cc), NUL and DEL included."""
    code = ord(char)
    return code < 0x20 or 0x7F <= code < 0xA0


def _format(char: str) -> bool:
    """A format character (Unicode category Cf): bidi marks and overrides (U+200E, U+202E),
    zero-width spaces and joiners, the soft hyphen. Invisible, they would make two names
    that look alike differ, or turn the rest of a line around."""
    return not char.isascii() and unicodedata.category(char) == "Cf"


#: The most combining marks one letter may carry (Vietnamese "ệ" has two, Hebrew with
#: points and a cantillation mark three): more is stacked "Zalgo" text that overflows lines.
MAX_MARKS = 4


def _separator(char: str) -> bool:
    """U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR: a line break by another name."""
    return unicodedata.category(char) in ("Zl", "Zp")


def _noncharacter(char: str) -> bool:
    """U+FDD0 to U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, ...),
    which Unicode keeps for internal use: never text to exchange."""
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def _private(char: str) -> bool:
    """A private-use character (category Co): it shows as a box, or as anything a font
    chose to put there."""
    return unicodedata.category(char) == "Co"


def _most_marks(name: str) -> int:
    """The most combining marks on one letter (counted decomposed, so "é" counts one)."""
    most = run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char).startswith("M") else 0
        most = max(most, run)
    return most


def name_key(name: str) -> str:
    """What two names are compared by: NFC normalisation, then casefolding (and NFC again,
    since casefolding can undo it)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _surrogate(char: str) -> bool:
    # A str holds a surrogate code point only unpaired: a pair decodes to one character.
    return 0xD800 <= ord(char) <= 0xDFFF


def name_problem(name: object) -> str | None:
    """Why ``name`` is not a player's name, or None if it is one."""
    refused = name_refusal(name)
    return None if refused is None else refused.message


def name_refusal(name: object) -> RuleError | None:
    """The refusal of ``name`` as a player's name, or None if it is one."""
    if not isinstance(name, str):
        return RuleError(f"a player's name must be text, not {brief(name)}")
    if not name:
        return RuleError(f"a player's name cannot be empty: names are 1 to {MAX_NAME} characters")
    if len(name) > MAX_NAME:
        return RuleError(
            f"a player's name is at most {MAX_NAME} characters; {brief(name)} has {len(name)}"
        )
    if name[0].isspace() or name[-1].isspace():
        return SpaceAroundName(name=brief(name))
    if any(_control(c) for c in name):
        return RuleError(f"a player's name cannot hold control characters: {brief(name)}")
    if any(_surrogate(c) for c in name):
        return RuleError(
            f"a player's name cannot hold an unpaired surrogate (broken text): {brief(name)}"
        )
    if any(_format(c) for c in name):
        return RuleError(
            "a player's name cannot hold invisible format characters (such as direction "
            f"marks or zero-width joiners): {brief(name)}"
        )
    if any(_separator(c) for c in name):
        return RuleError(
            f"a player's name cannot hold a line or paragraph separator: {brief(name)}"
        )
    if any(_noncharacter(c) for c in name):
        return RuleError(
            f"a player's name cannot hold a noncharacter (such as U+FFFF): {brief(name)}"
        )
    if any(_private(c) for c in name):
        return RuleError(f"a player's name cannot hold private-use characters: {brief(name)}")
    if _most_marks(name) > MAX_MARKS:
        return RuleError(
            f"a player's name cannot stack more than {MAX_MARKS} accents or marks on one "
            f"letter: {brief(name)}"
        )
    return None


def check_name(name: object) -> str:
    """``name`` if it is a valid player's name; RuleError with the rule it breaks if not."""
    refused = name_refusal(name)
    if refused is not None:
        raise refused
    assert isinstance(name, str)
    return name


def shown(name: object) -> str:
    """A name as a message shows it: as it is when valid, else escaped and cut short."""
    return name if isinstance(name, str) and name_problem(name) is None else brief(name)


def check_players(players: Sequence[object]) -> tuple[str, ...]:
    """The seat order if every name is valid and no two are the same name (:func:`name_key`)."""
    if len(players) > MAX_PLAYERS:  # before looking at any name: a list can be huge
        raise RuleError(f"a game has at most {MAX_PLAYERS} players, not {len(players)}")
    names = tuple(check_name(p) for p in players)
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise SameName(first=seen[key], second=name)
        seen[key] = name
    return names
