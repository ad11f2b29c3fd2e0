"""Random legal self-play, to find rule bugs and to measure the engine.

The simulator deals real tiles, so unlike the engine it knows every hand. It checks the
engine against that truth and against its invariants after every event, and now and then
tries an illegal event (which must be refused and change nothing) and an undo (which must
restore the exact previous state).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleError
from engine.events import Draw, EndRound, Event, HandPips, NewGame, Pass, Play, StartRound, Undo
from engine.game import Game
from engine.invariants import violations
from engine.phases import Phase, RoundEnd
from engine.scoring import OUT_ON_DOUBLE_PENALTY, tile_value
from engine.tiles import Tile, all_tiles


class InvariantViolation(AssertionError):
    """The engine disagreed with the truth or broke one of its invariants."""


@dataclass
class Stats:
    games: int = 0
    rounds: int = 0
    events: int = 0
    feet: int = 0
    refusals_checked: int = 0
    undos_checked: int = 0
    burned: int = 0  # doubles skipped under the house rule burn_double
    endings: Counter[str] = field(default_factory=Counter)
    round_scores: list[int] = field(default_factory=list)


class Simulator:
    """Plays whole games at random through the engine, checking it all the way."""

    def __init__(
        self,
        players: int = 4,
        rules: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        check: bool = True,
        mischief: float = 0.05,
        names: tuple[str, ...] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.names = names or tuple(f"P{i + 1}" for i in range(players))
        self.rules = dict(rules or {"preset": "classic"})
        self.check = check
        self.mischief = mischief if check else 0.0
        self.stats = Stats()
        self.on_event: Callable[[Event], None] | None = None
        self.last_play: tuple[str, Tile] = ("", Tile(0, 0))  # who placed the latest tile, which

    # -- driving the engine --------------------------------------------------------------

    def _apply(self, game: Game, event: Event) -> None:
        before = game.state.copy() if self.check and self.rng.random() < self.mischief else None
        game.apply(event)
        self.stats.events += 1
        if self.on_event is not None:
            self.on_event(event)
        if not self.check:
            return
        problems = violations(game.state)
        if problems:
            raise InvariantViolation(f"after {event}: {'; '.join(problems)}")
        if before is not None and not isinstance(event, Undo | NewGame):
            self._check_undo(game, event, before)

    def _check_undo(self, game: Game, event: Event, before: object) -> None:
        after = game.state.copy()
        undone = game.apply(Undo())
        if undone != event or game.state != before:
            raise InvariantViolation(f"undo of {event} did not restore the previous state")
        game.apply(event)
        if game.state != after:
            raise InvariantViolation(f"re-applying {event} after undo gave another state")
        self.stats.undos_checked += 1

    def _expect_refused(self, game: Game, event: Event) -> None:
        before = game.state.copy()
        try:
            game.apply(event)
        except RuleError:
            if game.state != before:
                raise InvariantViolation(f"refused {event} changed the state") from None
            self.stats.refusals_checked += 1
            return
        raise InvariantViolation(f"illegal {event} was accepted")

    # -- a game --------------------------------------------------------------------------

    def play_game(self) -> Game:
        game = Game()
        self._apply(game, NewGame(self.names, self.rules))
        rules = game.state.rules
        assert rules is not None
        if game.state.scores_only:
            raise RuleError(
                'the simulator plays every tile, and a game that keeps the scores only ("mode": '
                '"scores") enters none: leave "mode" out, or give "plays"'
            )
        while game.state.phase is not Phase.GAME_OVER:
            self._play_round(game)
        if self.check and game.state.outcome is None:
            raise InvariantViolation("the game did not end after its last round")
        self.stats.games += 1
        return game

    def deal(self, game: Game) -> tuple[list[list[Tile]], list[Tile], StartRound]:
        rules = game.state.rules
        assert rules is not None
        double_number = game.state.next_double
        double = Tile(double_number, double_number)
        tiles = [t for t in all_tiles(rules.highest) if rules.double_in_hands or t != double]
        self.rng.shuffle(tiles)
        players = len(self.names)
        hands = [tiles[i * rules.hand_size : (i + 1) * rules.hand_size] for i in range(players)]
        yard = tiles[players * rules.hand_size :]
        if not rules.double_in_hands:
            return hands, yard, StartRound(self.rng.choice(self.names))
        holder = next((i for i, h in enumerate(hands) if double in h), None)
        if holder is not None:
            hands[holder].remove(double)
            return hands, yard, StartRound(self.names[holder])
        if rules.burn_double:  # the highest lower double someone holds starts the round
            for number in range(double_number - 1, rules.last_double - 1, -1):
                lower = Tile(number, number)
                holder = next((i for i, h in enumerate(hands) if lower in h), None)
                if holder is not None:
                    hands[holder].remove(lower)
                    self.stats.burned += double_number - number
                    return hands, yard, StartRound(self.names[holder], double=number)
        draws = dict.fromkeys(self.names, 0)
        seat = self.rng.randrange(players)
        while True:
            tile = yard.pop()
            if tile == double:
                return hands, yard, StartRound(self.names[seat], search_draws=draws)
            hands[seat].append(tile)
            draws[self.names[seat]] += 1
            seat = (seat + 1) % players

    def legal_moves(self, game: Game, hand: list[Tile]) -> list[tuple[Tile, Tile]]:
        return game.state.legal_plays(hand)

    def _play_round(self, game: Game) -> None:
        hands, yard, start = self.deal(game)
        self.last_play = ("", Tile(0, 0))
        self._apply(game, start)
        state = game.state
        while state.in_round:
            seat = state.current
            assert seat is not None
            name, hand = self.names[seat], hands[seat]
            if self.check:
                self._check_truth(game, hands, yard)
            if self.rng.random() < self.mischief:
                self._try_mischief(game, seat, hand)
            if self.rng.random() < 0.002:
                break  # the table agrees the round is stuck
            moves = self.legal_moves(game, hand)
            if moves and not (state.can_draw and self.rng.random() < 0.03):
                self._place(game, name, hand, self.rng.choice(moves))
            elif state.can_draw:
                hand.append(yard.pop())
                self._apply(game, Draw(name))
                fits = [m for m in self.legal_moves(game, hand) if m[0] == hand[-1]]
                if fits:
                    self._place(game, name, hand, fits[0])
                else:
                    self._apply(game, Pass(name))
            else:
                self._apply(game, Pass(name))
            state = game.state
        if self.check:
            self._check_truth(game, hands, yard)
        self._end_round(game, hands)

    def _place(self, game: Game, name: str, hand: list[Tile], move: tuple[Tile, Tile]) -> None:
        tile, on = move
        hand.remove(tile)
        self._apply(game, Play(name, tile, on))
        self.last_play = (name, tile)
        if game.state.table is not None and game.state.table.lock == tile:
            self.stats.feet += 1

    def _end_round(self, game: Game, hands: list[list[Tile]]) -> None:
        entered: dict[str, tuple[Tile, ...] | HandPips] = {}
        for name, hand in zip(self.names, hands, strict=True):
            if self.rng.random() < 0.3:
                blank = Tile(0, 0) in hand
                entered[name] = HandPips(sum(t.pips for t in hand), blank)
            else:
                entered[name] = tuple(hand)
        agreed = game.state.round_end is None
        self._apply(game, EndRound(entered, agreed=agreed))
        if self.check:
            self._check_scores(game, hands)
        self.stats.rounds += 1
        self.stats.endings[(game.state.round_end or RoundEnd.AGREED).value] += 1
        self.stats.round_scores.extend(game.state.scores[-1])

    def _check_scores(self, game: Game, hands: list[list[Tile]]) -> None:
        """The round's scores are the true hands' values, and 50 for going out on a double
        under out_on_double_50."""
        rules = game.state.rules
        assert rules is not None
        truth = [sum(tile_value(t, rules.double_blank_50) for t in hand) for hand in hands]
        name, tile = self.last_play  # ("", ...) when nothing was placed this round
        if name and game.state.round_end is RoundEnd.OUT and tile.is_double:
            seat = self.names.index(name)
            if rules.out_on_double_50 and not hands[seat]:
                truth[seat] += OUT_ON_DOUBLE_PENALTY
        if game.state.scores[-1] != truth:
            raise InvariantViolation(f"round scored {game.state.scores[-1]}, truth is {truth}")

    def _check_truth(self, game: Game, hands: list[list[Tile]], yard: list[Tile]) -> None:
        state = game.state
        counts = [len(h) for h in hands]
        if state.hands != counts or state.yard != len(yard):
            raise InvariantViolation(
                f"engine counts hands {state.hands} yard {state.yard}, "
                f"truth is {counts} and {len(yard)}"
            )
        table = state.table
        assert table is not None
        seen = [t for h in hands for t in h] + yard + list(table.placed)
        if len(seen) != len(set(seen)):
            raise InvariantViolation("a tile is in two places")
        places = state.open_places()
        for hand in hands:
            scanned = [(t, p.tile) for t in hand for p in places if t.carries(p.end)]
            if state.legal_plays(hand) != scanned:
                raise InvariantViolation(
                    f"legal plays by number {state.legal_plays(hand)} differ from the places "
                    f"that take the hand's tiles {scanned}"
                )

    def _try_mischief(self, game: Game, seat: int, hand: list[Tile]) -> None:
        """An illegal event the engine must refuse without changing anything."""
        state = game.state
        table = state.table
        assert table is not None
        other = self.names[(seat + 1) % len(self.names)]
        choice = self.rng.randrange(4)
        if choice == 0:
            self._expect_refused(game, Draw(other))  # not their turn
        elif choice == 1:
            on_table = self.rng.choice(list(table.placed))
            self._expect_refused(game, Play(self.names[seat], on_table, table.hub))
        elif choice == 2 and not state.can_pass:
            self._expect_refused(game, Pass(self.names[seat]))
        elif hand:
            closed = [p for p in table.placed.values() if p.room == 0]
            if closed:
                self._expect_refused(game, Play(self.names[seat], hand[0], closed[0].tile))


class DoublesFirst(Simulator):
    """A table that lays every double it can: the crowded games (many feet, feet on toes)
    that the table map's benchmark and tests lay out."""

    def legal_moves(self, game: Game, hand: list[Tile]) -> list[tuple[Tile, Tile]]:
        moves = super().legal_moves(game, hand)
        doubles = [move for move in moves if move[0].is_double]
        return doubles or moves
