"""How each event changes a game's state, or why the rules refuse it.

``apply_event`` checks an event against the rules and either refuses it with a RuleError
(changing nothing: every check comes before the first change) or applies it in place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import events
from engine.errors import RuleError
from engine.names import check_players
from engine.phases import Phase, RoundEnd
from engine.refusals import (
    AlreadyDrew,
    EnteredTwice,
    HandCount,
    HubFirst,
    LockedByFoot,
    MissingHands,
    MustDraw,
    NoTilesLeft,
    TileOnTable,
    YardTooLow,
)
from engine.rules import make_rules
from engine.scores_mode import foot_opened, scores_round_end, start_scores_round, toe
from engine.state import GameState
from engine.table import Placed, PlaceKind, Table
from engine.tiles import Tile

DOUBLE_BLANK = Tile(0, 0)


# -- the events ------------------------------------------------------------------------


def _new_game(state: GameState, event: events.NewGame) -> None:
    if state.rules is not None:
        raise RuleError("this game has already begun; a new game needs a new log")
    rules = make_rules(event.rules, len(event.players))  # the count first: a list can be huge
    players = check_players(event.players)
    state.players = tuple(players)
    state.seat_of = {name: seat for seat, name in enumerate(players)}
    state.rules = rules
    state.hands = [0] * len(players)
    state.feet_opened = [0] * len(players)


def _start_round(state: GameState, event: events.StartRound) -> None:
    rules = state._rules()
    phase = state.phase
    if phase is Phase.GAME_OVER:
        if state.round == rules.rounds:
            raise RuleError(f"the game is over: all {rules.rounds} rounds are scored")
        last = rules.last_double
        raise RuleError(f"the game is over: it has played down to the {last}-{last}")
    if phase is not Phase.SETUP:
        raise RuleError(f"round {state.round} is still open; score it before the next round")
    opener = state._seat(event.opener)
    double = _round_double(state, event)
    if rules.scores_only:
        start_scores_round(state, event, opener, double)
        return
    draws = [0] * len(state.players)
    for name, count in (event.search_draws or {}).items():
        seat = state._seat(name)
        draws[seat] = events.check_count(count, f"{name}'s search draws")
    if not rules.double_in_hands and any(draws):
        raise RuleError(
            "the starting double is set aside before the deal, so nobody draws from the "
            "chicken yard to find it"
        )
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
    state.doubles.append(double)
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


def _round_double(state: GameState, event: events.StartRound) -> int:
    """The double the round starts with: its own, or under ``burn_double`` the lower one the
    event names because nobody holds its own (RULES.md, "House rules")."""
    rules = state._rules()
    own = state.next_double
    if event.double is None:
        return own
    double = events.check_count(event.double, "start_round's double")
    if not rules.burn_double:
        raise RuleError(
            f"round {state.round + 1} starts with the {own}-{own}; a round starts with a lower "
            "double only under the house rule burn_double"
        )
    last = rules.last_double
    if own == last:
        raise RuleError(
            f"the {own}-{own} starts the game's last round, so it is never burned: search the "
            "chicken yard for it"
        )
    if not last <= double < own:
        raise RuleError(
            f"the {double}-{double} cannot start round {state.round + 1}: with nobody holding "
            f"the {own}-{own}, the round starts with a lower double, from the "
            f"{own - 1}-{own - 1} down to the {last}-{last}"
        )
    if event.search_draws is not None:
        raise RuleError(
            f"the {own}-{own} was burned, so nobody searched the chicken yard: round "
            f"{state.round + 1} starts with the {double}-{double} from the opener's hand"
        )
    return double


def _refuse_place(state: GameState, event: events.Play, place: Placed, table: Table) -> None:
    """Raise the reason ``event.tile`` may not go on ``place`` now (``_play`` found one)."""
    name, tile, where = event.player, event.tile, place.shown
    shown = tile.shown(place.end)
    if table.opening and place.kind is not PlaceKind.HUB:
        room = table.hub_place.room
        raise HubFirst(player=name, tile=shown, place=where, hub=str(table.hub), n=room)
    if table.lock is not None and place.tile != table.lock:
        toes = table.placed[table.lock].room
        raise LockedByFoot(player=name, tile=shown, place=where, lock=str(table.lock), n=toes)
    if place.room == 0:
        reason = {
            PlaceKind.HUB: f"the hub has all {place.capacity} arms",
            PlaceKind.FOOT: f"the chicken foot on {where} has all three toes",
            PlaceKind.CHAIN: "that end is already taken",
        }[place.kind]
        raise RuleError(f"{name} cannot play {shown} on {where}: {reason}")
    raise RuleError(f"{name} cannot play {shown} on {where}: it needs a {place.end}")


def _play(state: GameState, event: events.Play) -> None:
    seat = state._require_round(event.player, "play", event.tile)
    rules, table = state.rules, state.table
    assert rules is not None and table is not None
    tile = event.tile
    lo, hi = tile
    if lo < 0 or hi > rules.highest:
        raise RuleError(f"{tile} is not in a double-{rules.highest} set")
    if tile in table.placed:
        raise RuleError(f"{event.player} cannot play {tile}: it is already on the table")
    place = table.placed.get(event.on)
    if place is None:
        raise RuleError(f"{event.player} cannot play {tile} on {event.on}: {event.on} is not "
                        "on the table")  # fmt: skip
    lock = table.lock
    if not (
        place.room > 0
        and (lo == place.end or hi == place.end)
        and (place.kind is PlaceKind.HUB if table.opening else lock is None or lock == place.tile)
    ):
        _refuse_place(state, event, place, table)
    table.place(tile, event.on)
    hands = state.hands
    hands[seat] -= 1
    state.drew = False
    state.passes = 0
    if lo == hi:
        state.feet_opened[seat] += 1
    if hands[seat] == 0:
        state.round_end = RoundEnd.OUT
        state.current = None
    elif table.hopeless():
        state.round_end = RoundEnd.BLOCKED
        state.current = None
    else:
        state.current = (seat + 1) % len(hands)


def _draw(state: GameState, event: events.Draw) -> None:
    seat = state._require_round(event.player, "draw")
    rules = state._rules()
    if state.drew:
        raise AlreadyDrew(player=event.player)
    if state.yard <= rules.reserve:
        raise YardTooLow(player=event.player, n=state.yard)
    state.yard -= 1
    state.hands[seat] += 1
    state.drew = True
    state.passes = 0


def _pass(state: GameState, event: events.Pass) -> None:
    seat = state._require_round(event.player, "pass")
    rules = state._rules()
    if not state.drew and state.yard > rules.reserve:
        raise MustDraw(player=event.player, n=state.yard)
    state.passes = 0 if state.drew else state.passes + 1
    state.drew = False
    if state.passes == len(state.players):
        state.round_end = RoundEnd.BLOCKED
        state.current = None
    else:
        state.current = state._next_seat(seat)


def _check_hands(state: GameState, hands: Mapping[str, events.Hand]) -> list[int]:
    """Check the hands entered at the end of a round; return each seat's score."""
    rules = state._rules()
    table = state.table
    for name in hands:
        state._seat(name)
    missing = [p for p in state.players if p not in hands]
    if missing:
        raise MissingHands(names=", ".join(missing))
    holder: dict[Tile, str] = {}
    scores = []
    for name in state.players:
        hand, held = hands[name], state.hands[state.seat_of[name]]
        if table is None and not isinstance(hand, events.HandPips):  # scores only: no tiles known
            raise RuleError(
                f"this game keeps the scores only: enter {name}'s hand as its pip count"
            )
        if isinstance(hand, events.HandPips):
            events.check_count(hand.pips, f"{name}'s pips")
            if table is not None and held == 0 and (hand.pips or hand.double_blank):
                raise NoTilesLeft(player=name)
            tiles: tuple[Tile, ...] = (DOUBLE_BLANK,) if hand.double_blank else ()
        else:
            if len(hand) != held:
                raise HandCount(player=name, n=held, entered=len(hand))
            tiles = hand
        for tile in tiles:
            if tile.lo < 0 or tile.hi > rules.highest:
                raise RuleError(f"{tile} in {name}'s hand is not in a double-{rules.highest} set")
            if table is not None and tile in table:
                raise TileOnTable(tile=str(tile), player=name)
            if tile in holder:
                raise EnteredTwice(tile=str(tile), other=holder[tile], player=name)
            holder[tile] = name
        scores.append(state.hand_score(name, hand))
    return scores


def _end_round(state: GameState, event: events.EndRound) -> None:
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


def _amend_round(state: GameState, event: events.AmendRound) -> None:
    state._rules()
    if event.round < 1:
        raise RuleError(f"there is no round {event.round}: rounds are numbered from 1")
    if event.round > len(state.scores):
        raise RuleError(f"round {event.round} has not been scored yet, so it cannot be amended")
    if not event.scores:
        raise RuleError(events.NO_AMENDED_SCORE)
    seats = [
        (state._seat(name), events.check_count(score, f"{name}'s score"))
        for name, score in event.scores.items()
    ]
    for seat, score in seats:
        state.scores[event.round - 1][seat] = score


_HANDLERS: dict[type[Any], Callable[[GameState, Any], None]] = {
    events.Play: _play,
    events.Draw: _draw,
    events.Pass: _pass,
    events.StartRound: _start_round,
    events.EndRound: _end_round,
    events.AmendRound: _amend_round,
    events.NewGame: _new_game,
    events.FootOpened: foot_opened,
    events.Toe: toe,
}


def apply_event(state: GameState, event: events.Event) -> None:
    """Apply one event (not undo, which needs the log) to ``state`` or refuse it."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise RuleError(f"{event.type} cannot be applied to a state alone; it needs the game's log")
    handler(state, event)
    state.settle()
