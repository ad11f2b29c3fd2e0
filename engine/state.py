"""The state of a game, and how each event changes it.

``GameState`` is what the log says so far. ``apply_event`` checks an event against the rules
and either refuses it with a RuleError (changing nothing: every check comes before the first
change) or applies it in place. ``engine.game.Game`` keeps the log and makes undo exact.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.blocks import Block, block_of
from engine.errors import RuleError
from engine.events import (
    NO_AMENDED_SCORE,
    AmendRound,
    Draw,
    EndRound,
    Event,
    FootOpened,
    Hand,
    HandPips,
    NewGame,
    Pass,
    Play,
    StartRound,
    Toe,
    check_count,
)
from engine.names import check_players, shown
from engine.phases import Phase, RoundEnd, plural
from engine.rules import Rules, make_rules
from engine.scores_mode import foot_opened, scores_round_end, start_scores_round, toe
from engine.scoring import DOUBLE_BLANK_BONUS, Outcome, outcome, tile_value, totals
from engine.table import Placed, PlaceKind, Table
from engine.tiles import Tile

DOUBLE_BLANK = Tile(0, 0)


class GameState:
    """Everything the log implies: players, rules, table, counts, turn, scores."""

    __slots__ = (
        "current",
        "drew",
        "feet_opened",
        "hands",
        "opener",
        "passes",
        "players",
        "round",
        "round_end",
        "rules",
        "scores",
        "seat_of",
        "table",
        "toes_owed",
        "yard",
    )

    def __init__(self) -> None:
        self.players: tuple[str, ...] = ()
        self.seat_of: dict[str, int] = {}
        self.rules: Rules | None = None
        self.round = 0
        self.table: Table | None = None
        self.hands: list[int] = []
        self.yard = 0
        self.current: int | None = None  # seat whose turn it is
        self.drew = False  # the current player has drawn this turn
        self.passes = 0  # passes without drawing in a row since the last placement
        self.round_end: RoundEnd | None = None
        self.scores: list[list[int]] = []  # per scored round, per seat
        self.feet_opened: list[int] = []  # chicken feet each seat has opened this game
        self.opener: int | None = None  # the seat that opened the round being played
        self.toes_owed: int | None = None  # scores only: the open foot's toes (None: no foot)

    def copy(self) -> GameState:
        clone = GameState.__new__(GameState)
        clone.players = self.players
        clone.seat_of = self.seat_of
        clone.rules = self.rules
        clone.round = self.round
        clone.table = self.table.copy() if self.table is not None else None
        clone.hands = list(self.hands)
        clone.yard = self.yard
        clone.current = self.current
        clone.drew = self.drew
        clone.passes = self.passes
        clone.round_end = self.round_end
        clone.scores = [list(row) for row in self.scores]
        clone.feet_opened = list(self.feet_opened)
        clone.opener = self.opener
        clone.toes_owed = self.toes_owed
        return clone

    def fingerprint(self) -> tuple[object, ...]:
        """A value equal for two states exactly when they are the same position."""
        table = None
        if self.table is not None:
            table = (
                self.table.lock,
                tuple(sorted((t, p.end, p.capacity, tuple(p.children), p.parent)
                             for t, p in self.table.placed.items())),
            )  # fmt: skip
        return (
            self.players, self.rules, self.round, table, tuple(self.hands), self.yard,
            self.current, self.drew, self.passes, self.round_end,
            tuple(tuple(r) for r in self.scores), tuple(self.feet_opened), self.opener,
            self.toes_owed,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    # -- what the state says -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.rules is None or len(self.scores) == self.round:
            if self.rules is not None and len(self.scores) == self.rules.rounds:
                return Phase.GAME_OVER
            return Phase.SETUP
        if self.round_end is not None:
            return Phase.ROUND_OVER
        if self.table is None:  # scores only: the round is played, the hub sees no tiles
            return Phase.PLAY
        return Phase.OPENING if self.table.opening else Phase.PLAY

    @property
    def in_round(self) -> bool:
        """A round is being played (tiles may be placed, drawn, passed)."""
        return self.phase in (Phase.OPENING, Phase.PLAY)

    @property
    def scores_only(self) -> bool:
        """Score-keeper mode: no tiles are entered, only feet, toes and round scores."""
        return self.rules is not None and self.rules.scores_only

    @property
    def toes_to_go(self) -> int | None:
        """The toes the open chicken foot still needs in either mode (None: no foot open)."""
        if self.scores_only:
            return self.toes_owed if self.in_round else None
        lock = self.lock
        return None if lock is None else lock.room

    @property
    def opener_name(self) -> str | None:
        """Who opened the round being played (None outside a round)."""
        if self.opener is None or not self.in_round:
            return None
        return self.players[self.opener]

    @property
    def current_player(self) -> str | None:
        return self.players[self.current] if self.current is not None else None

    @property
    def starting_double(self) -> int | None:
        return self.rules.starting_double(self.round) if self.rules and self.round else None

    @property
    def block(self) -> Block | None:
        """Why the round is blocked, from the census or the passes (None when it is not)."""
        return block_of(self)

    @property
    def lock(self) -> Placed | None:
        """The open chicken foot while a round is being played."""
        if self.table is None or self.table.lock is None or not self.in_round:
            return None
        return self.table.placed[self.table.lock]

    def open_places(self) -> list[Placed]:
        """Where a tile may go now, in tile order (empty outside a round being played)."""
        if self.table is None or not self.in_round:
            return []
        return sorted(self.table.open_places(), key=lambda p: p.tile)

    def candidate_tiles(self, on: Tile) -> list[Tile]:
        """Tiles still off the table that could go on ``on`` if it is open now."""
        if self.table is None or self.rules is None:
            return []
        place = next((p for p in self.open_places() if p.tile == on), None)
        if place is None:
            return []
        return [
            tile
            for other in range(self.rules.highest + 1)
            if (tile := Tile.of(place.end, other)) not in self.table
        ]

    def placeable_doubles(self) -> list[Tile]:
        """Doubles still off the table that fit an open place now (each would open a foot)."""
        if self.table is None:
            return []
        ends = {place.end for place in self.open_places()}
        return [Tile(n, n) for n in sorted(ends) if Tile(n, n) not in self.table]

    @property
    def can_draw(self) -> bool:
        return (
            self.in_round
            and not self.drew
            and self.rules is not None
            and (self.yard > self.rules.reserve)
        )

    @property
    def can_pass(self) -> bool:
        return (
            self.in_round
            and self.rules is not None
            and (self.drew or self.yard <= self.rules.reserve)
        )

    @property
    def totals(self) -> list[int]:
        return totals(self.scores, len(self.players))

    @property
    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.GAME_OVER:
            return None
        return outcome(self.scores, len(self.players))

    # -- helpers for the checks ----------------------------------------------------------

    def _rules(self) -> Rules:
        if self.rules is None:
            raise RuleError("no game has been started: the log must begin with new_game")
        return self.rules

    def _seat(self, name: str) -> int:
        seat = self.seat_of.get(name)
        if seat is None:
            raise RuleError(f"{shown(name)} is not a player in this game")
        return seat

    def _require_round(self, name: str, action: str) -> int:
        """The seat of ``name`` if it is that player's turn in a round being played."""
        if self._rules().scores_only:
            raise RuleError(
                f"{shown(name)} cannot {action}: this game keeps the scores only, so no tiles "
                "are entered"
            )
        phase = self.phase
        if phase is not Phase.OPENING and phase is not Phase.PLAY:
            why = {
                Phase.ROUND_OVER: f"round {self.round} is over",
                Phase.GAME_OVER: "the game is over",
                Phase.SETUP: "the next round has not started",
            }[phase]
            # ``name`` is not checked yet: shown escaped and short if it is no name
            raise RuleError(f"{shown(name)} cannot {action}: {why}")
        seat = self._seat(name)
        if seat != self.current:
            raise RuleError(f"it is {self.current_player}'s turn, not {name}'s")
        return seat

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.players)


# -- the events ------------------------------------------------------------------------


def _new_game(state: GameState, event: NewGame) -> None:
    if state.rules is not None:
        raise RuleError("this game has already begun; a new game needs a new log")
    rules = make_rules(event.rules, len(event.players))  # the count first: a list can be huge
    players = check_players(event.players)
    state.players = tuple(players)
    state.seat_of = {name: seat for seat, name in enumerate(players)}
    state.rules = rules
    state.hands = [0] * len(players)
    state.feet_opened = [0] * len(players)


def _start_round(state: GameState, event: StartRound) -> None:
    rules = state._rules()
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise RuleError(f"the game is over: all {rules.rounds} rounds are scored")
    if phase is not Phase.SETUP:
        raise RuleError(f"round {state.round} is still open; score it before the next round")
    opener = state._seat(event.opener)
    if rules.scores_only:
        start_scores_round(state, event, opener)
        return
    draws = [0] * len(state.players)
    for name, count in (event.search_draws or {}).items():
        seat = state._seat(name)
        draws[seat] = check_count(count, f"{name}'s search draws")
    if not rules.double_in_hands and any(draws):
        raise RuleError(
            "the starting double is set aside before the deal, so nobody draws from the "
            "chicken yard to find it"
        )
    double = rules.starting_double(state.round + 1)
    dealt = len(state.players) * rules.hand_size
    hands = [rules.hand_size + d for d in draws]
    yard = rules.set_size - dealt - sum(draws) - 1
    if rules.double_in_hands and event.search_draws is None:
        hands[opener] -= 1  # the opener placed the double from their hand
        yard += 1
    if yard < 0:
        left = rules.set_size - dealt  # the starting double among them
        if left == 0:
            raise RuleError(
                f"the chicken yard is empty after the deal, so nobody can find the "
                f"{double}-{double} there: it was dealt to a player"
            )
        raise RuleError(
            f"the chicken yard holds {left} tiles after the deal, the {double}-{double} among "
            f"them: at most {left - 1} can be drawn while searching for it, not {sum(draws)}"
        )
    state.round += 1
    state.table = Table(double, rules.hub_arms, rules.highest)
    state.hands = hands
    state.yard = yard
    state.drew = False
    state.passes = 0
    state.round_end = None
    state.opener = opener
    state.current = opener if not rules.double_in_hands else state._next_seat(opener)
    if hands[opener] == 0:  # a hand of one: placing the double went out
        state.round_end = RoundEnd.OUT
        state.current = None


def _refuse_place(state: GameState, event: Play, place: Placed, table: Table) -> None:
    """Raise the reason ``event.tile`` may not go on ``place`` now, if there is one."""
    opening, lock = table.opening, table.lock
    if (
        place.room > 0
        and event.tile.carries(place.end)
        and (place.kind is PlaceKind.HUB if opening else lock is None or lock == place.tile)
    ):
        return  # the usual case: no message to build
    name, tile, where = event.player, event.tile, place.shown
    shown = tile.shown(place.end)
    if opening and place.kind is not PlaceKind.HUB:
        room = table.hub_place.room
        raise RuleError(
            f"{name} cannot play {shown} on {where}: the hub {table.hub} still needs "
            f"{plural(room, 'more arm')} before anything else"
        )
    if table.lock is not None and place.tile != table.lock:
        toes = table.placed[table.lock].room
        raise RuleError(
            f"{name} cannot play {shown} on {where} while the chicken foot on {table.lock} "
            f"needs {plural(toes, 'more toe')}"
        )
    if place.room == 0:
        reason = {
            PlaceKind.HUB: f"the hub has all {place.capacity} arms",
            PlaceKind.FOOT: f"the chicken foot on {where} has all three toes",
            PlaceKind.CHAIN: "that end is already taken",
        }[place.kind]
        raise RuleError(f"{name} cannot play {shown} on {where}: {reason}")
    if not tile.carries(place.end):
        raise RuleError(f"{name} cannot play {shown} on {where}: it needs a {place.end}")


def _play(state: GameState, event: Play) -> None:
    seat = state._require_round(event.player, f"play {event.tile}")
    rules = state._rules()
    table = state.table
    assert table is not None
    tile = event.tile
    if tile.lo < 0 or tile.hi > rules.highest:
        raise RuleError(f"{tile} is not in a double-{rules.highest} set")
    if tile in table:
        raise RuleError(f"{event.player} cannot play {tile}: it is already on the table")
    place = table.placed.get(event.on)
    if place is None:
        raise RuleError(f"{event.player} cannot play {tile} on {event.on}: {event.on} is not "
                        "on the table")  # fmt: skip
    _refuse_place(state, event, place, table)
    table.place(tile, event.on)
    state.hands[seat] -= 1
    state.drew = False
    state.passes = 0
    if tile.is_double:
        state.feet_opened[seat] += 1
    if state.hands[seat] == 0:
        state.round_end = RoundEnd.OUT
        state.current = None
    elif table.hopeless():
        state.round_end = RoundEnd.BLOCKED
        state.current = None
    else:
        state.current = state._next_seat(seat)


def _draw(state: GameState, event: Draw) -> None:
    seat = state._require_round(event.player, "draw")
    rules = state._rules()
    if state.drew:
        raise RuleError(
            f"{event.player} has already drawn this turn: play that tile if it fits, or pass"
        )
    if state.yard <= rules.reserve:
        left = "empty" if state.yard == 0 else f"down to its reserve of {state.yard}"
        raise RuleError(f"{event.player} cannot draw: the chicken yard is {left}; pass instead")
    state.yard -= 1
    state.hands[seat] += 1
    state.drew = True
    state.passes = 0


def _pass(state: GameState, event: Pass) -> None:
    seat = state._require_round(event.player, "pass")
    rules = state._rules()
    if not state.drew and state.yard > rules.reserve:
        raise RuleError(
            f"{event.player} must draw from the chicken yard before passing "
            f"({plural(state.yard, 'tile')} there)"
        )
    state.passes = 0 if state.drew else state.passes + 1
    state.drew = False
    if state.passes == len(state.players):
        state.round_end = RoundEnd.BLOCKED
        state.current = None
    else:
        state.current = state._next_seat(seat)


def _check_hands(state: GameState, hands: Mapping[str, Hand]) -> list[int]:
    """Check the hands entered at the end of a round; return each seat's score."""
    rules = state._rules()
    table = state.table
    for name in hands:
        state._seat(name)
    missing = [p for p in state.players if p not in hands]
    if missing:
        raise RuleError(f"enter every hand: {', '.join(missing)} missing")
    holder: dict[Tile, str] = {}
    scores = []
    for name in state.players:
        hand, held = hands[name], state.hands[state.seat_of[name]]
        if table is None and not isinstance(hand, HandPips):  # scores only: no tiles known
            raise RuleError(
                f"this game keeps the scores only: enter {name}'s hand as its pip count"
            )
        if isinstance(hand, HandPips):
            check_count(hand.pips, f"{name}'s pips")
            if table is not None and held == 0 and (hand.pips or hand.double_blank):
                raise RuleError(f"{name} has no tiles left, so {name}'s hand scores 0")
            tiles: tuple[Tile, ...] = (DOUBLE_BLANK,) if hand.double_blank else ()
            bonus = DOUBLE_BLANK_BONUS if hand.double_blank and rules.double_blank_50 else 0
            score = hand.pips + bonus
        else:
            if len(hand) != held:
                raise RuleError(
                    f"{name} holds {plural(held, 'tile')}, but {len(hand)} were entered"
                )
            tiles = hand
            score = sum(tile_value(t, rules.double_blank_50) for t in hand)
        for tile in tiles:
            if tile.lo < 0 or tile.hi > rules.highest:
                raise RuleError(f"{tile} in {name}'s hand is not in a double-{rules.highest} set")
            if table is not None and tile in table:
                raise RuleError(f"{tile} is on the table, so it cannot be in {name}'s hand")
            if tile in holder:
                other = holder[tile]
                where = f"twice in {name}'s hand" if other == name else (
                    f"in both {other}'s and {name}'s hands")  # fmt: skip
                raise RuleError(f"{tile} is entered {where}")
            holder[tile] = name
        scores.append(score)
    return scores


def _end_round(state: GameState, event: EndRound) -> None:
    phase = state.phase
    if state.rules is None or phase in (Phase.SETUP, Phase.GAME_OVER):
        raise RuleError("there is no round to end")
    if phase is not Phase.ROUND_OVER and not event.agreed and not state.rules.scores_only:
        raise RuleError(
            f"round {state.round} is not over yet: nobody is out and play is not blocked; "
            "end it early only if everyone agrees"
        )
    scores = _check_hands(state, event.hands)
    if state.round_end is None:
        state.round_end = scores_round_end(event) if state.rules.scores_only else RoundEnd.AGREED
    state.current = None
    state.toes_owed = None
    state.scores.append(scores)


def _amend_round(state: GameState, event: AmendRound) -> None:
    state._rules()
    if event.round < 1:
        raise RuleError(f"there is no round {event.round}: rounds are numbered from 1")
    if event.round > len(state.scores):
        raise RuleError(f"round {event.round} has not been scored yet, so it cannot be amended")
    if not event.scores:
        raise RuleError(NO_AMENDED_SCORE)
    seats = [
        (state._seat(name), check_count(score, f"{name}'s score"))
        for name, score in event.scores.items()
    ]
    for seat, score in seats:
        state.scores[event.round - 1][seat] = score


_HANDLERS: dict[type[Any], Callable[[GameState, Any], None]] = {
    Play: _play,
    Draw: _draw,
    Pass: _pass,
    StartRound: _start_round,
    EndRound: _end_round,
    AmendRound: _amend_round,
    NewGame: _new_game,
    FootOpened: foot_opened,
    Toe: toe,
}


def apply_event(state: GameState, event: Event) -> None:
    """Apply one event (not undo, which needs the log) to ``state`` or refuse it."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise RuleError(f"{event.type} cannot be applied to a state alone; it needs the game's log")
    handler(state, event)
