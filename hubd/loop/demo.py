"""The demo player: plays whole games by itself through the daemon's own input path.

It deals real tiles (so, unlike the engine, it knows every hand) and decides, one entry at a
time, what a person at the table would do. It then does it the way a person would: it presses
the hub button before laying a double, and it taps the screen (the place, then the number;
Draw; Pass; who opens the round). The main loop turns each tap into an SDL mouse event, so
the very same code path runs as for a finger. Setting up a game and scoring a round are
entered directly (typing names and pips tap by tap would make a shop window dull); so is an
entry whose buttons the screen does not show after a few taps, which keeps a soak test going
whatever screen a person left open.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import (
    Draw,
    EndRound,
    Event,
    Game,
    GameState,
    HandPips,
    NewGame,
    Pass,
    Phase,
    Play,
    StartRound,
    Tile,
    dump_line,
)
from engine.simulate import Simulator
from hubd.screens.entry import MORE, entry_keys
from hubd.values.intents import HubButton, Intent, Submit

DEMO_PLAYERS = ("Ana", "Ben", "Cy", "Dee")
#: Other tables' demo players: a club night's hubs each seat their own four.
DEMO_TABLES = (
    DEMO_PLAYERS,
    ("Eve", "Fay", "Gus", "Hal"),
    ("Ida", "Jo", "Kim", "Lu"),
    ("Max", "Ned", "Oli", "Pia"),
    ("Quin", "Rae", "Sam", "Tess"),
    ("Uma", "Vic", "Wes", "Xan"),
    ("Yara", "Zed", "Abe", "Bea"),
    ("Cal", "Dot", "Ed", "Flo"),
)


def demo_players(table: str | None) -> tuple[str, ...]:
    """The demo's four players at ``table`` (a club night's table name; None: no club).

    "Table 3" seats the third group; another name a group chosen by its letters, so demos
    on several hubs of one room stay apart in the night's standings.
    """
    if not table:
        return DEMO_PLAYERS
    digits = "".join(c for c in table if c.isdigit())
    number = int(digits[-6:]) - 1 if digits else sum(map(ord, table))
    return DEMO_TABLES[number % len(DEMO_TABLES)]


#: Taps tried towards one entry before it is entered directly.
MAX_TAPS = 8

#: Where a visible, tappable widget is, by its key (None when it is not on screen).
Finder = Callable[[str], tuple[int, int] | None]


@dataclass(frozen=True)
class Tap:
    """Tap the screen here (logical coordinates)."""

    pos: tuple[int, int]


DemoAction = Intent | Tap


@dataclass
class _Round:
    hands: list[list[Tile]]
    yard: list[Tile]
    round_number: int


class DemoPlayer:
    """Decides the next entry for the game in progress and enters it, one step at a time."""

    def __init__(
        self,
        preset: str = "classic",
        seed: int | None = None,
        rounds: int = 10,
        players: tuple[str, ...] = DEMO_PLAYERS,
    ):
        self._rng = random.Random(seed)
        self._rules = {"preset": preset, "rounds": rounds}
        self._players = players
        self._sim = Simulator(len(players), self._rules, self._rng.randrange(2**32), names=players)
        self._round: _Round | None = None
        self._pending: Event | None = None  # the entry being made
        self._log_length = 0  # the game's log when it was decided
        self._taps = 0
        self._keys: list[str] = []  # the taps that enter it, in order (or the first found)
        self._pressed = False  # the hub button was pressed for the pending double
        self._submitted = False  # the pending entry was submitted directly
        # Entries refused even when submitted directly, while the log is this long: the
        # demo never enters one of them again (it would be refused again, for ever).
        self._refused: set[str] = set()
        self._refused_at = 0

    def step(self, game: Game | None, find: Finder) -> DemoAction | None:
        """The next thing to do; None: nothing, until the game changes (see ``_refused``)."""
        length = len(game.log) if game is not None else 0
        if length != self._refused_at:  # the game moved on: what was refused may do now
            self._refused, self._refused_at = set(), length
        if self._pending is not None:
            if game is not None and length > self._log_length:
                self._follow(game.log[self._log_length :], self._pending)
            elif not self._submitted:
                return self._continue(self._pending, find)
            else:  # refused even entered directly: never entered again as it is
                self._refused.add(dump_line(self._pending))
        self._pending = None
        event = self._decide(game)
        if dump_line(event) in self._refused:
            # Decided again: the demo's idea of the hands is wrong, so the round ends by
            # agreement. If that is refused too (a full disk), wait for the game to change.
            self._round = None
            event = self._decide(game)
            if dump_line(event) in self._refused:
                return None
        self._pending, self._taps, self._pressed, self._submitted = event, 0, False, False
        self._log_length = length
        self._keys = _tap_keys(event, game.state if game is not None else None)
        return self._continue(event, find)

    # -- entering the pending entry -------------------------------------------------------

    def _continue(self, event: Event, find: Finder) -> DemoAction:
        if isinstance(event, Play) and event.tile.is_double and not self._pressed:
            self._pressed = True  # the table calls "chicken foot!" first
            return HubButton()
        keys = self._keys
        if isinstance(event, Play) and not event.tile.is_double:
            keys = keys[self._taps : self._taps + 1]  # the pad's numbers, then the end
            if keys and keys[0].startswith("choice:") and find(keys[0]) is None:
                pos = find(MORE)  # the end is on another page of choices
                if pos is not None and self._taps < MAX_TAPS:
                    return Tap(pos)
        if keys and self._taps < MAX_TAPS:
            for key in keys:
                pos = find(key)
                if pos is not None:
                    self._taps += 1
                    return Tap(pos)
        self._submitted = True
        return Submit(event)

    def _follow(self, entered: Sequence[Event], pending: Event) -> None:
        """The hands and the yard follow the entries the game took, which are not always the
        one the demo meant (a tap can enter another tile). One the demo cannot follow (a
        tile not in that hand, an undo, another opener) loses the hands: the round then ends
        by agreement instead of with hands that are wrong."""
        current = self._round
        for event in entered:
            if current is None:
                return
            if isinstance(event, Play):
                hand = self._hand_of(current, event.player)
                if hand is None or event.tile not in hand:
                    current = None
                else:
                    hand.remove(event.tile)
            elif isinstance(event, Draw):
                hand = self._hand_of(current, event.player)
                if hand is None or not current.yard:
                    current = None
                else:
                    hand.append(current.yard.pop())
            elif not isinstance(event, Pass) and event != pending:
                current = None
        self._round = current

    # -- deciding -------------------------------------------------------------------------

    def _decide(self, game: Game | None) -> Event:
        state = game.state if game is not None else None
        if game is None or state is None or state.phase is Phase.GAME_OVER:
            self._round = None
            return NewGame(self._players, dict(self._rules))
        if state.phase is Phase.SETUP:
            hands, yard, start = self._sim.deal(game)
            self._round = _Round(hands, yard, state.round + 1)
            return start
        current = self._round
        if current is None or not self._in_step(game, current):
            # Someone else changed the game (a tap, an undo): the demo can no longer know
            # the hands, so the round ends by agreement and the next one is dealt afresh.
            self._round = None
            return EndRound({n: HandPips(0) for n in state.players}, agreed=True)
        if state.phase is Phase.ROUND_OVER:
            held = zip(self._players, current.hands, strict=True)
            return EndRound({name: tuple(tiles) for name, tiles in held})
        return self._turn(game, current)

    def _hand_of(self, current: _Round, player: str) -> list[Tile] | None:
        players = self._players
        return current.hands[players.index(player)] if player in players else None

    def _in_step(self, game: Game, current: _Round) -> bool:
        state = game.state
        return (
            state.players == self._players
            and state.round == current.round_number
            and state.hands == [len(h) for h in current.hands]
            and state.yard == len(current.yard)
        )

    def _turn(self, game: Game, current: _Round) -> Event:
        state = game.state
        seat = state.current
        assert seat is not None
        name, hand = self._players[seat], current.hands[seat]
        moves = self._sim.legal_moves(game, hand)
        if state.drew:
            moves = [m for m in moves if m[0] == hand[-1]]  # the drawn tile, if it fits
            if not moves:
                return Pass(name)
        if moves:
            tile, on = self._rng.choice(moves)
            return Play(name, tile, on)
        if state.can_draw:
            return Draw(name)
        return Pass(name)


def _tap_keys(event: Event, state: GameState | None) -> list[str]:
    """The screen's widgets that lead to ``event`` (see hubd.screens): a double through the
    hub button's picker, most direct first; any other play on the pad, in order."""
    if isinstance(event, Play) and event.tile.is_double:  # the hub button's picker is open
        return [f"doubleplace:{event.on}", f"pick:{event.tile.lo}"]
    if isinstance(event, Play):
        return entry_keys(state, event.tile, event.on) if state is not None else []
    if isinstance(event, Draw):
        return ["draw"]
    if isinstance(event, Pass):
        return ["pass"]
    if isinstance(event, StartRound) and event.search_draws is None:
        return [f"player:{event.opener}"]
    return []
