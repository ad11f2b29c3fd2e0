"""Property-based tests: random legal games and random (mostly illegal) events.

Whatever happens, an event is either accepted, leaving every invariant intact and undoable
exactly, or refused, changing nothing; and the log, written out and replayed, gives back the
very state that was built live.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as event_label
from hypothesis import strategies as st

from engine import (
    OPTIONS,
    AmendRound,
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
    RuleError,
    StartRound,
    Tile,
    Undo,
    dump_line,
    make_rules,
    parse_line,
    summary,
)
from engine.cli import replay_lines
from engine.invariants import violations
from engine.simulate import Simulator

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYER_RANGE = {"classic": (2, 8), "hub": (2, 6), "four-arm": (2, 8)}


@st.composite
def game_rules(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    """A player count and rules that fit: a preset with a few options changed."""
    preset = draw(st.sampled_from(sorted(PLAYER_RANGE)))
    players = draw(st.integers(*PLAYER_RANGE[preset]))
    rules: dict[str, Any] = {"preset": preset, "rounds": draw(st.integers(1, 3))}
    optional = {
        "set": st.sampled_from([6, 9, 12]),
        "first_double": st.integers(0, 12),
        "burn_double": st.booleans(),
        "out_on_double_50": st.booleans(),
        "hub_arms": st.integers(1, 9),
        "reserve": st.integers(0, 3),
        "hand_size": st.integers(1, 12),
        "double_in_hands": st.booleans(),
        "double_blank_50": st.booleans(),
    }
    for name, values in optional.items():
        if draw(st.booleans()):
            rules[name] = draw(values)
    plain = {"preset": preset, "rounds": rules["rounds"]}
    for candidate in (rules, plain, {**plain, "set": 12}):
        try:
            make_rules(candidate, players)
        except RuleError:
            continue  # the hands do not fit the set
        return players, candidate
    raise AssertionError(f"no rules fit {players} players of {preset}")


def assert_sound(state: GameState) -> None:
    """Every invariant, and no tile twice: each tile on the table is stored smaller first."""
    assert violations(state) == []
    if state.table is not None:
        placed = list(state.table.placed)
        assert all(t.lo <= t.hi for t in placed)
        assert len({Tile.of(*t) for t in placed}) == len(placed)


def assert_replays_to_the_same_state(game: Game) -> None:
    """The log written as JSON lines and read back gives the state built live."""
    lines = [dump_line(event) for event in game.log]
    rebuilt = Game.from_events(parse_line(line) for line in lines)
    assert rebuilt.state == game.state
    out, ok = replay_lines(line.encode() for line in lines)
    assert ok
    assert out == summary(game.state)


def apply_checked(game: Game, event: Event) -> bool:
    """Apply ``event``: refused with nothing changed, or accepted, sound and undoable."""
    before, log_length, effective = game.state.copy(), len(game.log), game.effective
    try:
        game.apply(event)
    except RuleError as err:
        assert err.message
        assert game.state == before
        assert (len(game.log), game.effective) == (log_length, effective)
        return False
    assert_sound(game.state)
    if not isinstance(event, Undo | NewGame):
        after = game.state.copy()
        assert game.apply(Undo()) is event
        assert game.state == before
        game.apply(event)
        assert game.state == after
    return True


# -- random legal games -----------------------------------------------------------------------


@SETTINGS
@given(game_rules(), st.integers(0, 2**32))
def test_simulated_games_keep_every_invariant_and_replay_identically(
    setup: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, rules = setup
    simulator = Simulator(players, rules, seed, check=True, mischief=0.1)
    game = simulator.play_game()  # checks invariants, refusals and undos as it goes
    assert game.state.phase is Phase.GAME_OVER
    assert_sound(game.state)
    assert_replays_to_the_same_state(game)


@SETTINGS
@given(game_rules(), st.integers(0, 2**32))
def test_undo_walks_back_through_every_state_exactly(
    setup: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, rules = setup
    effective = Game.from_events(Simulator(players, rules, seed, check=False).play_game().log)
    effective_events = effective.effective
    forward, states = Game(), []
    for event in effective_events:
        forward.apply(event)
        states.append(forward.state.copy())
    game = Game.from_events(effective_events)
    for count in range(len(effective_events) - 1, 0, -1):
        assert game.apply(Undo()) is effective_events[count]
        assert game.state == states[count - 1]
    assert game.state == Game.from_events(effective_events[:1]).state
    try:
        game.apply(Undo())
    except RuleError as err:
        assert err.message == "there is nothing to undo: the game has only just begun"
    else:
        raise AssertionError("new_game was undone")


# -- random events in random positions --------------------------------------------------------

TILES = st.builds(Tile.of, st.integers(-1, 10), st.integers(-1, 10))


def arbitrary_event(players: tuple[str, ...]) -> st.SearchStrategy[Event]:
    """Any event at all: random players (and a stranger), tiles, counts and types."""
    names = st.sampled_from((*players, "Zed"))
    hands = st.one_of(
        st.builds(HandPips, st.integers(-2, 80), st.booleans()),
        st.lists(TILES, max_size=3).map(tuple),
    )
    counts = st.dictionaries(names, st.integers(-1, 30), max_size=3)
    return st.one_of(
        st.builds(Play, names, TILES, TILES),
        st.builds(Draw, names),
        st.builds(Pass, names),
        st.just(Undo()),
        st.builds(StartRound, names, st.none() | counts, st.none() | st.integers(-1, 13)),
        st.builds(EndRound, st.dictionaries(names, hands, max_size=5), st.booleans()),
        st.builds(AmendRound, st.integers(-1, 4), counts),
        st.just(NewGame(players, {})),
    )


@st.composite
def plausible_event(draw: st.DrawFn, state: GameState) -> Event:
    """An event that has a fair chance of being legal in ``state``: it moves the game on."""
    players = state.players
    phase = state.phase
    if phase in (Phase.OPENING, Phase.PLAY) and draw(st.integers(0, 9)):
        current = state.current_player
        assert current is not None
        place = draw(st.sampled_from(state.open_places()))
        tiles = state.candidate_tiles(place.tile)
        kind = draw(st.sampled_from(["play", "play", "play", "draw", "pass"]))
        if kind == "play" and tiles:
            return Play(current, draw(st.sampled_from(tiles)), place.tile)
        return Draw(current) if kind == "draw" else Pass(current)
    if phase in (Phase.OPENING, Phase.PLAY, Phase.ROUND_OVER):
        hands = {
            name: HandPips(draw(st.integers(0, 60)) if held else 0)
            for name, held in zip(players, state.hands, strict=True)
        }
        return EndRound(hands, agreed=phase is not Phase.ROUND_OVER)
    if phase is Phase.SETUP:
        draws = draw(st.none() | st.dictionaries(st.sampled_from(players), st.integers(0, 3)))
        lower = draw(st.none() | st.integers(0, max(0, state.next_double - 1)))  # burn_double
        return StartRound(draw(st.sampled_from(players)), draws, lower)
    scores = draw(st.dictionaries(st.sampled_from(players), st.integers(0, 30), max_size=2))
    return AmendRound(draw(st.integers(1, len(state.scores))), scores)


@SETTINGS
@given(game_rules(), st.integers(0, 2**32), st.data())
def test_any_event_in_any_position_is_accepted_soundly_or_refused_without_change(
    setup: tuple[int, dict[str, Any]], seed: int, data: st.DataObject
) -> None:
    players, rules = setup
    log = Simulator(players, rules, seed, check=False).play_game().log
    game = Game.from_events(log[: data.draw(st.integers(1, len(log)), label="position")])
    names = game.state.players
    for _ in range(data.draw(st.integers(1, 40), label="events")):
        if data.draw(st.booleans()):
            event = data.draw(arbitrary_event(names))
        else:
            event = data.draw(plausible_event(game.state))
        accepted = apply_checked(game, event)
        event_label(f"{event.type} {'accepted' if accepted else 'refused'}")
    assert_replays_to_the_same_state(game)


# -- any text at all --------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
KEYS = st.sampled_from(
    ["type", "players", "rules", "opener", "search_draws", "player", "tile", "on", "hands",
     "reason", "round", "scores", "preset", "set", "hand_size", "hub_arms", "reserve",
     "double_in_hands", "double_blank_50", "rounds", "pips", "double_blank"]
)  # fmt: skip
TYPES = st.sampled_from(
    ["new_game", "start_round", "play", "draw", "pass", "end_round", "amend_round", "undo"]
)
ALMOST_EVENTS = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    TYPES,
    st.dictionaries(KEYS, JSON | st.dictionaries(KEYS, JSON, max_size=4), max_size=4),
)
NEW_GAME = {"type": "new_game", "players": ["Ana", "Ben"]}
RULE_VALUES = JSON | st.sampled_from([9, 12, 9.0, "classic", "hub", "four-arm", {"2": 5}, True])
ODD_NEW_GAMES = st.builds(
    lambda players, rules: {"type": "new_game", "players": players, "rules": rules},
    st.sampled_from([["Ana", "Ben"], ["Ana", "Ben", "Cy", "Dee"], ["Ana"], ["Ana", "Ana"]]),
    st.dictionaries(st.sampled_from(["preset", *OPTIONS]), RULE_VALUES, max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(ODD_NEW_GAMES | st.just(NEW_GAME), st.lists(ALMOST_EVENTS | JSON, max_size=6))
def test_replay_of_any_lines_never_crashes(new_game: object, objects: list[object]) -> None:
    start = {"type": "start_round", "opener": "Ana"}
    lines = [json.dumps(obj).encode() for obj in [new_game, start, *objects]]
    out, ok = replay_lines(lines)
    assert ok == (out["error"] is None)
    assert set(out) == set(summary(GameState()))
