"""The demo player: plays whole games by itself through the daemon's own input path.

It deals real tiles (so, unlike the engine, it knows every hand), and each step returns the
next thing a person at the table would do: press the hub button when about to lay a double,
or submit an entry exactly as the touchscreen does. The main loop runs the step on a timer:
slow enough to watch in a shop window, or as fast as it can for soak tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import Draw, EndRound, Game, HandPips, NewGame, Pass, Phase, Play, Tile
from engine.simulate import Simulator
from hubd.intents import HubButton, Intent, Submit

DEMO_PLAYERS = ("Ana", "Ben", "Cy", "Dee")


@dataclass
class _Round:
    hands: list[list[Tile]]
    yard: list[Tile]
    round_number: int


class DemoPlayer:
    """Decides the next entry for the game in progress, one step at a time."""

    def __init__(self, preset: str = "classic", seed: int | None = None, rounds: int = 10):
        self._rng = random.Random(seed)
        self._rules = {"preset": preset, "rounds": rounds}
        self._sim = Simulator(
            len(DEMO_PLAYERS), self._rules, self._rng.randrange(2**32), names=DEMO_PLAYERS
        )
        self._round: _Round | None = None
        self._pressed_for: Tile | None = None  # the double the hub was pressed for

    def step(self, game: Game | None) -> Intent:
        state = game.state if game is not None else None
        if game is None or state is None or state.phase is Phase.GAME_OVER:
            self._round = None
            return Submit(NewGame(DEMO_PLAYERS, dict(self._rules)))
        if state.phase is Phase.SETUP:
            hands, yard, start = self._sim.deal(game)
            self._round = _Round(hands, yard, state.round + 1)
            return Submit(start)
        current = self._round
        if current is None or not self._in_step(game, current):
            # Someone else changed the game (a tap, an undo): the demo can no longer know
            # the hands, so it ends the round by agreement with the counts it is sure of.
            return self._give_up(game)
        if state.phase is Phase.ROUND_OVER:
            return Submit(EndRound({n: tuple(h) for n, h in zip(DEMO_PLAYERS, current.hands,
                                                                strict=True)}))  # fmt: skip
        return self._turn(game, current)

    def _in_step(self, game: Game, current: _Round) -> bool:
        state = game.state
        return (
            state.players == DEMO_PLAYERS
            and state.round == current.round_number
            and state.hands == [len(h) for h in current.hands]
            and state.yard == len(current.yard)
        )

    def _give_up(self, game: Game) -> Intent:
        state = game.state
        self._round = None
        if state.phase in (Phase.OPENING, Phase.PLAY, Phase.ROUND_OVER):
            return Submit(EndRound({n: HandPips(0) for n in state.players}, agreed=True))
        return Submit(NewGame(DEMO_PLAYERS, dict(self._rules)))

    def _turn(self, game: Game, current: _Round) -> Intent:
        state = game.state
        seat = state.current
        assert seat is not None
        name, hand = DEMO_PLAYERS[seat], current.hands[seat]
        moves = self._sim.legal_moves(game, hand)
        if state.drew:
            drawn = hand[-1]
            moves = [m for m in moves if m[0] == drawn]
            if not moves:
                return Submit(Pass(name))
        if moves:
            tile, on = self._rng.choice(moves)
            if tile.is_double and self._pressed_for != tile:
                self._pressed_for = tile  # the table calls "chicken foot!" first
                return HubButton()
            self._pressed_for = None
            hand.remove(tile)
            return Submit(Play(name, tile, on))
        if state.can_draw:
            hand.append(current.yard.pop())
            return Submit(Draw(name))
        return Submit(Pass(name))
