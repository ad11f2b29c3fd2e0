"""The state of a game: what its log says so far, and what that means now (turn, places, scores).

``engine.apply`` checks each event against the rules and applies it to a ``GameState`` or
refuses it; ``engine.game.Game`` keeps the log and makes undo exact.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.blocks import Block, block_of
from engine.errors import RuleError
from engine.events import Hand
from engine.names import shown
from engine.phases import Phase, RoundEnd
from engine.rules import Rules
from engine.scoring import OUT_ON_DOUBLE_PENALTY, Outcome, hand_score, outcome, totals
from engine.table import Placed, Table
from engine.tiles import Tile

_NO_PLACES: dict[Tile, Placed] = {}  # a double's second number adds no places


class GameState:
    """Everything the log implies: players, rules, table, counts, turn, scores."""

    __slots__ = (
        "current",
        "doubles",
        "drew",
        "feet_opened",
        "hands",
        "in_round",
        "opener",
        "passes",
        "phase",
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
        self.doubles: list[int] = []  # each started round's starting double
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
        # Derived from the fields above once per event (``settle``), not on every read.
        self.phase = Phase.SETUP
        self.in_round = False  # a round is being played (tiles may be placed, drawn, passed)

    def settle(self) -> None:
        """Work out the derived values again after an event has changed the state."""
        self.phase = self.derived_phase()
        self.in_round = self.phase is Phase.OPENING or self.phase is Phase.PLAY

    def copy(self) -> GameState:
        clone = GameState.__new__(GameState)
        clone.players = self.players
        clone.seat_of = self.seat_of
        clone.rules = self.rules
        clone.round = self.round
        clone.doubles = list(self.doubles)
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
        clone.phase = self.phase
        clone.in_round = self.in_round
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
            self.players, self.rules, self.round, tuple(self.doubles), table, tuple(self.hands),
            self.yard, self.current, self.drew, self.passes, self.round_end,
            tuple(tuple(r) for r in self.scores), tuple(self.feet_opened), self.opener,
            self.toes_owed,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    # -- what the state says -------------------------------------------------------------

    def derived_phase(self) -> Phase:
        """The phase the fields say (``phase`` keeps it between events)."""
        table = self.table
        if table is not None and self.round_end is None and len(self.scores) != self.round:
            return Phase.OPENING if table.opening else Phase.PLAY  # a round being played
        if self.rules is None or len(self.scores) == self.round:
            if self.rules is not None and self.next_double < self.rules.last_double:
                return Phase.GAME_OVER  # every round scored (burned doubles make fewer)
            return Phase.SETUP
        if self.round_end is not None:
            return Phase.ROUND_OVER
        if self.table is None:  # scores only: the round is played, the hub sees no tiles
            return Phase.PLAY
        return Phase.OPENING if self.table.opening else Phase.PLAY

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
        """The double of the round being played or last played (None before the first)."""
        return self.doubles[-1] if self.doubles else None

    @property
    def next_double(self) -> int:
        """The double the next round starts with, unless it is burned: one below the last
        round's, or the game's first double (-1 when no rules are set)."""
        if self.doubles:
            return self.doubles[-1] - 1
        return self.rules.first_double if self.rules is not None else -1

    @property
    def sheet_doubles(self) -> tuple[int, ...]:
        """Each round's double for the score sheet: those started (a burned double is not
        among them), then those still to come down to the game's last (empty before rules)."""
        if self.rules is None:
            return ()
        to_come = range(self.next_double, self.rules.last_double - 1, -1)
        return (*self.doubles, *to_come)

    def went_out_on_double(self) -> int | None:
        """The seat that went out by playing a double (its foot still open), or None; the
        house rule ``out_on_double_50`` makes that round score 50 for it. The starting double
        placed from a hand of one is no play onto the table, so it does not count."""
        table = self.table
        if self.round_end is not RoundEnd.OUT or table is None or len(table.placed) < 2:
            return None
        last = next(reversed(table.placed))
        if not last.is_double:
            return None
        return next((seat for seat, held in enumerate(self.hands) if held == 0), None)

    def out_penalty(self, seat: int) -> int:
        """What the house rules add to ``seat``'s score for how it went out (0 or 50)."""
        rules = self.rules
        if rules is None or not rules.out_on_double_50 or self.went_out_on_double() != seat:
            return 0
        return OUT_ON_DOUBLE_PENALTY

    def hand_score(self, name: str, hand: Hand) -> int:
        """What ``hand`` scores for ``name`` this round under the game's house rules
        (``double_blank_50`` and ``out_on_double_50``): the engine's end of round and the
        round-end screen's running value both count it here."""
        return hand_score(hand, self._rules().double_blank_50, self.out_penalty(self._seat(name)))

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

    def legal_plays(self, hand: Iterable[Tile]) -> list[tuple[Tile, Tile]]:
        """Every (tile, place) the tiles of ``hand`` (all off the table) may be played as now,
        hand order first, then place order.

        Found from the open places by the tile's two numbers (``Table.open_by_end``), not by
        trying each tile on each open place: most tiles of a hand fit nowhere."""
        table = self.table
        if table is None or not self.in_round:
            return []
        moves: list[tuple[Tile, Tile]] = []
        append = moves.append
        only = table.only_place()
        if only is not None:
            end, on = only.end, only.tile
            for tile in hand:
                if tile[0] == end or tile[1] == end:
                    append((tile, on))
            return moves
        by_end = table.open_by_end
        for tile in hand:
            lo, hi = tile
            at_lo = by_end[lo]
            at_hi = by_end[hi] if hi != lo else _NO_PLACES
            if at_lo and at_hi:
                for on in sorted([*at_lo, *at_hi]):
                    append((tile, on))
            elif at_lo or at_hi:
                at = at_lo or at_hi
                for on in sorted(at) if len(at) > 1 else at:
                    append((tile, on))
        return moves

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

    def places_for(self, tile: Tile) -> list[Placed]:
        """The open places that take ``tile`` now, in tile order: none when it is on the table
        or not in the set; while a foot is open, only the foot (its toes are one place)."""
        if self.table is None or self.rules is None or tile in self.table:
            return []
        if tile.lo < 0 or tile.hi > self.rules.highest:
            return []
        return [place for place in self.open_places() if tile.carries(place.end)]

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

    def _require_round(self, name: str, action: str, tile: Tile | None = None) -> int:
        """The seat of ``name`` if it is that player's turn in a round being played (``action``
        and ``tile`` only word the refusal)."""
        seat = self.seat_of.get(name)
        if seat is not None and seat == self.current and self.in_round:
            return seat  # the usual case: a current player exists only in a round with tiles
        return self._checked_turn(name, action if tile is None else f"{action} {tile}")

    def _checked_turn(self, name: str, action: str) -> int:
        """``_require_round`` in full, refusal by refusal in the order a player reads them."""
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
