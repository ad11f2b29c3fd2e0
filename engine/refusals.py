"""The kinds of refusal a player meets at the table, each with the values its message names.

Each is a :class:`RuleError`: the command line and the logs print its English message, and
the hub's screens, voice and phones translate it by its kind (``wordings``) and fields. A count
``n`` that varies is agreed with by a plural wording (ngettext in the catalogs).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError, Wording


@dataclass(eq=False)
class HubFirst(RuleError):
    """A tile off the hub while the hub still has arms to fill."""

    player: str
    tile: str
    place: str
    hub: str
    n: int
    wordings = (
        Wording(
            "{player} cannot play {tile} on {place}: the hub {hub} still needs 1 more arm before "
            "anything else",
            "{player} cannot play {tile} on {place}: the hub {hub} still needs {n} more arms "
            "before anything else",
        ),
    )


@dataclass(eq=False)
class LockedByFoot(RuleError):
    """A tile elsewhere while an open chicken foot still needs toes."""

    player: str
    tile: str
    place: str
    lock: str
    n: int
    wordings = (
        Wording(
            "{player} cannot play {tile} on {place} while the chicken foot on {lock} needs 1 "
            "more toe",
            "{player} cannot play {tile} on {place} while the chicken foot on {lock} needs {n} "
            "more toes",
        ),
    )


@dataclass(eq=False)
class AlreadyDrew(RuleError):
    """A second draw in one turn."""

    player: str
    wordings = (
        Wording("{player} has already drawn this turn: play that tile if it fits, or pass"),
    )


@dataclass(eq=False)
class YardTooLow(RuleError):
    """A draw from a chicken yard that is empty (``n`` 0) or down to its reserve of ``n``."""

    player: str
    n: int
    wordings = (
        Wording("{player} cannot draw: the chicken yard is empty; pass instead"),
        Wording(
            "{player} cannot draw: the chicken yard is down to its reserve of {n}; pass instead"
        ),
    )

    def wording(self) -> Wording:
        return self.wordings[0 if self.n == 0 else 1]


@dataclass(eq=False)
class MustDraw(RuleError):
    """A pass while the chicken yard still has ``n`` tiles to draw."""

    player: str
    n: int
    wordings = (
        Wording(
            "{player} must draw from the chicken yard before passing (1 tile there)",
            "{player} must draw from the chicken yard before passing ({n} tiles there)",
        ),
    )


@dataclass(eq=False)
class NoTilesLeft(RuleError):
    """Pips entered for the player who went out."""

    player: str
    wordings = (Wording("{player} has no tiles left, so {player}'s hand scores 0"),)


@dataclass(eq=False)
class HandCount(RuleError):
    """A hand entered with another number of tiles than the player holds (``n``)."""

    player: str
    n: int
    entered: int
    wordings = (
        Wording(
            "{player} holds 1 tile, but {entered} were entered",
            "{player} holds {n} tiles, but {entered} were entered",
        ),
    )


@dataclass(eq=False)
class MissingHands(RuleError):
    """A round scored before every hand is entered; ``names`` lists who is missing."""

    names: str
    wordings = (Wording("enter every hand: {names} missing"),)


@dataclass(eq=False)
class TileOnTable(RuleError):
    """A tile entered in a hand that lies on the table."""

    tile: str
    player: str
    wordings = (Wording("{tile} is on the table, so it cannot be in {player}'s hand"),)


@dataclass(eq=False)
class EnteredTwice(RuleError):
    """One tile entered in two hands, or twice in ``player``'s own (``other`` is ``player``)."""

    tile: str
    other: str
    player: str
    wordings = (
        Wording("{tile} is entered in both {other}'s and {player}'s hands"),
        Wording("{tile} is entered twice in {player}'s hand"),
    )

    def wording(self) -> Wording:
        return self.wordings[self.other == self.player]


@dataclass(eq=False)
class NothingToUndo(RuleError):
    """An undo with nothing to take back (``begun``: only the new game is in the log)."""

    begun: bool
    wordings = (
        Wording("there is nothing to undo"),
        Wording("there is nothing to undo: the game has only just begun"),
    )

    def wording(self) -> Wording:
        return self.wordings[self.begun]


@dataclass(eq=False)
class PlayersForPreset(RuleError):
    """A preset chosen for a number of players it is not for."""

    preset: str
    low: int
    high: int
    n: int
    wordings = (Wording("the {preset} rules are for {low} to {high} players, not {n}"),)


@dataclass(eq=False)
class TooFewPlayers(RuleError):
    """A game started with fewer players than any rules are for (Start tapped before the
    players were seated): what to do, not which rules refused it."""

    low: int
    n: int
    wordings = (Wording("add players: a game needs at least {low}"),)


@dataclass(eq=False)
class DealTooBig(RuleError):
    """Hands (and the starting double set ``apart``) that need more tiles than the set has;
    ``fits`` names the smallest set that holds them, 0 for none."""

    players: int
    hand: int
    apart: bool
    needed: int
    highest: int
    size: int
    fits: int
    wordings = (
        Wording(
            "{players} players x {hand} tiles need {needed} tiles but a double-{highest} set has "
            'only {size}; use a double-{fits} set ("set": {fits}) or smaller hands'
        ),
        Wording(
            "{players} players x {hand} tiles need {needed} tiles but a double-{highest} set has "
            "only {size}; no set is big enough; deal smaller hands"
        ),
        Wording(
            "{players} players x {hand} tiles plus the starting double need {needed} tiles but a "
            'double-{highest} set has only {size}; use a double-{fits} set ("set": {fits}) or '
            "smaller hands"
        ),
        Wording(
            "{players} players x {hand} tiles plus the starting double need {needed} tiles but a "
            "double-{highest} set has only {size}; no set is big enough; deal smaller hands"
        ),
    )

    def wording(self) -> Wording:
        return self.wordings[2 * self.apart + (self.fits == 0)]


class BurnNeedsDealtDouble(RuleError):
    """The house rule burn_double with the starting double set aside before the deal."""

    wordings = (
        Wording(
            "rule option burn_double needs double_in_hands: a double set aside before the deal "
            "is never missing, so there is nothing to burn"
        ),
    )

    def __init__(self) -> None:
        super().__init__(self.english())


class OutOnDoubleNeedsPlays(RuleError):
    """The house rule out_on_double_50 in a game that keeps the scores only."""

    wordings = (
        Wording(
            "rule option out_on_double_50 needs the plays entered: a game that keeps the scores "
            "only does not see which tile went out (amend the round's score instead)"
        ),
    )

    def __init__(self) -> None:
        super().__init__(self.english())


@dataclass(eq=False)
class SameName(RuleError):
    """Two players called the same, ignoring case (``first`` is ``second`` when written alike)."""

    first: str
    second: str
    wordings = (
        Wording(
            "two players are called {first} and {second}; every name must differ, ignoring case"
        ),
        Wording("two players are called {first}; every name must differ, ignoring case"),
    )

    def wording(self) -> Wording:
        return self.wordings[self.first == self.second]


@dataclass(eq=False)
class SpaceAroundName(RuleError):
    """A name beginning or ending with a space (``name`` shown quoted, so the space shows)."""

    name: str
    wordings = (Wording("a player's name cannot begin or end with a space: {name}"),)


@dataclass(eq=False)
class FootAlreadyOpen(RuleError):
    """Score-keeper mode: a chicken foot entered while one still needs ``n`` toes."""

    n: int
    wordings = (
        Wording(
            "a chicken foot is already open: it needs 1 more toe",
            "a chicken foot is already open: it needs {n} more toes",
        ),
    )


class NoFootOpen(RuleError):
    """Score-keeper mode: a toe entered with no chicken foot open."""

    def __init__(self) -> None:
        super().__init__(self.english())

    wordings = (Wording("no chicken foot is open: press the hub button for a double first"),)


@dataclass(eq=False)
class FootNotNow(RuleError):
    """Score-keeper mode: a foot (or a ``toe``) entered when no round is being played."""

    toe: bool
    over: bool
    wordings = (
        Wording("A chicken foot cannot be entered: the next round has not started"),
        Wording("A chicken foot cannot be entered: the game is over"),
        Wording("A toe cannot be entered: the next round has not started"),
        Wording("A toe cannot be entered: the game is over"),
    )

    def wording(self) -> Wording:
        return self.wordings[2 * self.toe + self.over]


@dataclass(eq=False)
class FootOnlyKeepingScores(RuleError):
    """A foot (or a ``toe``) entered by button in a game whose plays are entered."""

    toe: bool
    wordings = (
        Wording(
            "A chicken foot is only entered in a game that keeps the scores only; here a chicken "
            "foot opens when a double is played"
        ),
        Wording(
            "A toe is only entered in a game that keeps the scores only; here a chicken foot "
            "opens when a double is played"
        ),
    )

    def wording(self) -> Wording:
        return self.wordings[self.toe]


class NoSearchKeepingScores(RuleError):
    """Search draws entered in a game that keeps the scores only."""

    def __init__(self) -> None:
        super().__init__(self.english())

    wordings = (
        Wording(
            "this game keeps the scores only, so the draws made to find the double are not entered"
        ),
    )


#: Every kind of refusal the engine raises, for the catalogs and their tests.
KINDS: tuple[type[RuleError], ...] = (
    HubFirst,
    LockedByFoot,
    AlreadyDrew,
    YardTooLow,
    MustDraw,
    NoTilesLeft,
    HandCount,
    MissingHands,
    TileOnTable,
    EnteredTwice,
    NothingToUndo,
    PlayersForPreset,
    TooFewPlayers,
    DealTooBig,
    BurnNeedsDealtDouble,
    OutOnDoubleNeedsPlays,
    SameName,
    SpaceAroundName,
    FootAlreadyOpen,
    NoFootOpen,
    FootNotNow,
    FootOnlyKeepingScores,
    NoSearchKeepingScores,
)
