"""Why a round is blocked, from the engine's own census: a value the screens and the voice
can put in words.

A round is blocked in one of two ways (RULES.md, "End of a round"):

- by the census, right after a placement: no tile still off the table (in a hand or in the
  chicken yard) carries a number that an open place needs. Which places are open says which
  reason it is: only the chicken foot while it waits for toes (``FOOT``), or every free end
  (``ENDS``). The hub never blocks this way: it takes at most N arms and N tiles carry its
  number;
- by passes (``PASSES``): every player passed in turn without drawing, which is allowed only
  with the chicken yard empty or down to its reserve.

The reason follows from the state alone (a placement resets the passes, so a round blocked by
passes is exactly one whose passes went round the table), so undo and replay agree with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.phases import RoundEnd
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.state import GameState


class BlockKind(StrEnum):
    FOOT = "foot"  # the open chicken foot needs toes; every tile with its number is down
    ENDS = "ends"  # no free end's number is on any tile off the table
    PASSES = "passes"  # everyone passed in turn, the chicken yard empty or at its reserve


#: The reasons in English, with what varies in {braces}; the hub's catalogs translate them
#: (``numbers`` is a list such as "2, 4 or 5", ``number`` a single one, ``n`` the yard).
FOOT_TEMPLATE = "every {number} is on the table, so the {double} can never get its toes"
END_TEMPLATE = "every {number} is on the table, so no end can be played"
ENDS_TEMPLATE = "every tile with {numbers} is on the table, so no end can be played"
PASSES_EMPTY_TEMPLATE = "everyone passed and the chicken yard is empty"
PASSES_RESERVE_TEMPLATE = "everyone passed with the chicken yard at its reserve of {n}"
BLOCK_TEMPLATES = (
    FOOT_TEMPLATE,
    END_TEMPLATE,
    ENDS_TEMPLATE,
    PASSES_EMPTY_TEMPLATE,
    PASSES_RESERVE_TEMPLATE,
)


@dataclass(frozen=True, slots=True)
class Block:
    """Why a round is blocked.

    ``numbers``: the numbers the open places need, smallest first (by the census none of them
    is on a tile off the table; after passes, whatever was open). ``double``: the foot or the
    hub the table waited on, when only that place was open. ``yard``: the tiles left in the
    chicken yard.
    """

    kind: BlockKind
    numbers: tuple[int, ...]
    double: Tile | None
    yard: int

    @property
    def template(self) -> str:
        """The English reason with its {placeholders} (a catalog's msgid)."""
        if self.kind is BlockKind.PASSES:
            return PASSES_RESERVE_TEMPLATE if self.yard else PASSES_EMPTY_TEMPLATE
        if self.kind is BlockKind.FOOT:
            return FOOT_TEMPLATE
        return END_TEMPLATE if len(self.numbers) == 1 else ENDS_TEMPLATE

    def values(self, numbers: str | None = None) -> dict[str, object]:
        """What fills the template; ``numbers`` replaces the English list ("4 or 5")."""
        if numbers is None:
            numbers = join_numbers(self.numbers, "{numbers} or {last}")
        return {
            "number": self.numbers[0] if self.numbers else "",
            "numbers": numbers,
            "double": "" if self.double is None else str(self.double),
            "n": self.yard,
        }

    @property
    def message(self) -> str:
        """The reason in English, e.g. "every 1 is on the table, so the 1-1 can never get its
        toes"."""
        return self.template.format(**self.values())


def join_numbers(numbers: tuple[int, ...], last_two: str) -> str:
    """ "5", "4 or 5", "2, 4 or 5": ``last_two`` joins the last one on ("{numbers} or {last}")."""
    shown = [str(n) for n in numbers]
    if len(shown) < 2:
        return "".join(shown)
    return last_two.format(numbers=", ".join(shown[:-1]), last=shown[-1])


def block_of(state: GameState) -> Block | None:
    """Why the round of ``state`` is blocked; None when it is not (or the hub sees no tiles).

    Kept until the next round starts, like ``round_end``."""
    table = state.table
    if state.round_end is not RoundEnd.BLOCKED or table is None:
        return None
    places = table.open_places()
    numbers = tuple(sorted({place.end for place in places}))
    if state.players and state.passes >= len(state.players):
        kind = BlockKind.PASSES
    elif table.lock is not None:
        kind = BlockKind.FOOT
    else:
        kind = BlockKind.ENDS
    double = places[0].tile if (table.opening or table.lock is not None) else None
    return Block(kind, numbers, double, state.yard)
