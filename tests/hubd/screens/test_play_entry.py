"""The entry of a play on the pad (hubd/screens/entry.py): pure, read from the engine's places."""

from __future__ import annotations

import random

import pytest

from engine import Draw, Game, GameState, NewGame, Pass, Play, RuleError, StartRound, Tile
from engine.apply import apply_event
from hubd.screens.entry import Choose, Refused, TileEntry, Waiting, Why, entry_keys
from hubd.screens.shots.scripted_games import locked_game, open_table_game


def every_tile(state: GameState) -> list[Tile]:
    assert state.rules is not None
    top = state.rules.highest
    return [Tile(a, b) for a in range(top + 1) for b in range(a, top + 1)]


def legal_by_the_engine(game: Game, tile: Tile) -> set[Tile]:
    """Where applying the play succeeds (on a copy of the game)."""
    state = game.state
    player = state.current_player or ""
    assert state.table is not None
    fits = set()
    for on in state.table.placed:
        try:
            apply_event(state.copy(), Play(player, tile, on))
        except RuleError:
            continue
        fits.add(on)
    return fits


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_places_for_is_exactly_where_the_engine_takes_the_tile(seed: int) -> None:
    """Through whole random rounds (feet open and closed), for every tile of the set."""
    rng = random.Random(seed)
    game = Game.from_events([NewGame(("Ana", "Ben", "Chen")), StartRound("Ana")])
    checked = 0
    while game.state.current_player is not None and checked < 25:
        state = game.state
        for tile in every_tile(state):
            assert {p.tile for p in state.places_for(tile)} == legal_by_the_engine(game, tile)
        checked += 1
        options = [(t, p.tile) for t in every_tile(state) for p in state.places_for(t)]
        player = state.current_player
        if options and rng.random() < 0.8:
            tile, on = rng.choice(options)
            game.apply(Play(player, tile, on))
        else:
            game.apply(Draw(player) if state.can_draw else Pass(player))
    assert checked >= 10


def test_a_tile_that_fits_one_end_goes_in_at_the_second_number() -> None:
    state = locked_game().state  # the foot on 4-4 takes its last toe
    entry = TileEntry()
    entry.sync(state)
    assert entry.tap_number(state, 4) == Waiting(4)
    assert entry.first == 4
    assert entry.tap_number(state, 5) == Play("Dee", Tile(4, 5), Tile(4, 4))
    assert entry.idle


def test_either_number_may_come_first() -> None:
    state = locked_game().state
    entry = TileEntry()
    entry.tap_number(state, 5)
    assert entry.tap_number(state, 4) == Play("Dee", Tile(4, 5), Tile(4, 4))


def test_a_tile_that_fits_two_ends_asks_which_and_plays_the_one_chosen() -> None:
    state = open_table_game().state
    entry = TileEntry()
    entry.tap_number(state, 0)
    step = entry.tap_number(state, 0)
    assert isinstance(step, Choose)
    offered = [p.tile for p in step.places]
    assert offered == [p.tile for p in state.places_for(Tile(0, 0))] and len(offered) >= 2
    assert entry.choose(state, Tile(9, 9)) is None  # not offered: nothing happens
    assert entry.choosing is step
    play = entry.choose(state, offered[-1])
    assert play == Play(state.current_player or "", Tile(0, 0), offered[-1])
    assert entry.idle


def test_while_a_foot_is_open_its_toes_are_one_choice() -> None:
    """The 4-4's foot needs a 4: every 4 goes there without a choice."""
    state = locked_game().state
    for other in (0, 2, 3, 5, 7, 8):
        entry = TileEntry()
        entry.tap_number(state, other)
        step = entry.tap_number(state, 4)
        assert isinstance(step, Play) and step.on == Tile(4, 4)


def test_numbers_that_lead_nowhere_say_why_and_keep_the_entry() -> None:
    state = locked_game().state  # 9-4, 4-4, 4-1, 4-6 are down; the foot needs a 4
    entry = TileEntry()
    assert entry.tap_number(state, 9) == Refused(Why.NO_TILE, 9)
    assert entry.idle
    usable = entry.usable(state)
    assert {n for n, why in usable.items() if why is not None} == {1, 6, 9}
    entry.tap_number(state, 7)
    assert entry.tap_number(state, 9) == Refused(Why.ON_TABLE, 9, Tile(7, 9))
    assert entry.tap_number(state, 5) == Refused(Why.FOOT, 5, Tile(5, 7))
    assert entry.first == 7  # still waiting for the other number
    assert entry.usable(state)[4] is None and entry.usable(state)[5] is Why.FOOT


def test_an_open_table_refuses_a_tile_no_end_takes() -> None:
    state = open_table_game().state
    needs = {p.end for p in state.open_places()}
    entry = TileEntry()
    free = [t for t in every_tile(state) if t not in state.table and not (set(t) & needs)]
    assert free
    tile = free[0]
    entry.tap_number(state, tile.lo)
    assert entry.tap_number(state, tile.hi) == Refused(Why.NO_END, tile.hi, tile)


def test_the_entry_is_forgotten_when_the_game_changes_under_it() -> None:
    game = open_table_game()
    entry = TileEntry()
    entry.sync(game.state)
    entry.tap_number(game.state, 0)
    entry.sync(game.state)  # the same position: kept
    assert entry.first == 0
    player = game.state.current_player or ""
    game.apply(Pass(player) if game.state.can_pass else Draw(player))
    entry.sync(game.state)
    assert entry.idle


def test_cancel_goes_back_to_the_first_number() -> None:
    state = open_table_game().state
    entry = TileEntry()
    entry.tap_number(state, 0)
    entry.tap_number(state, 0)
    assert entry.choosing is not None
    entry.cancel()
    assert entry.idle


def test_entry_keys_name_the_taps_of_a_play() -> None:
    state = open_table_game().state
    place = state.places_for(Tile(0, 0))[0]
    assert entry_keys(state, Tile(0, 0), place.tile) == ["half:0", "half:0", f"choice:{place.tile}"]
    one = next(t for t in every_tile(state) if len(state.places_for(t)) == 1)
    (only,) = state.places_for(one)
    end = state.table.placed[only.tile].end if state.table is not None else 0
    assert entry_keys(state, one, only.tile) == [f"half:{end}", f"half:{one.other(end)}"]
