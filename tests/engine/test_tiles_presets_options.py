"""Tiles and sets, the presets, and the validation of rule options (RULES.md: Tiles, Presets,
Fine points on options and the fit check)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import NAMES, new_game, refusal

from engine import PRESETS, SET_SIZES, Game, NewGame, RuleError, Tile, all_tiles, make_rules
from engine.scoring import tile_value
from engine.tiles import set_size, tile_from_json

# -- tiles and the set ------------------------------------------------------------------------


@pytest.mark.parametrize(("highest", "count"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_a_double_n_set_holds_every_tile_once(highest: int, count: int) -> None:
    tiles = list(all_tiles(highest))
    assert len(tiles) == len(set(tiles)) == set_size(highest) == count
    assert all(0 <= t.lo <= t.hi <= highest for t in tiles)


def test_the_sets_the_engine_knows() -> None:
    assert SET_SIZES == (6, 9, 12, 15, 18)


def test_a_tile_is_the_same_tile_either_way_round() -> None:
    assert Tile.of(9, 4) == Tile.of(4, 9) == Tile.parse("9-4") == Tile.parse("4:9") == (4, 9)
    assert tile_from_json([9, 4]) == tile_from_json([4, 9]) == Tile(4, 9)


def test_a_tile_reads_with_the_touching_half_first() -> None:
    assert str(Tile.of(9, 4)) == "4-9"
    assert Tile.of(9, 4).shown(9) == "9-4"
    assert Tile.of(9, 4).shown(4) == "4-9"
    assert Tile.of(9, 4).to_json() == [4, 9]


def test_a_tiles_value_is_its_pips_and_the_0_0_can_be_worth_50() -> None:
    assert Tile.of(9, 4).pips == 13
    assert tile_value(Tile.of(6, 6), double_blank_50=True) == 12
    assert tile_value(Tile(0, 0), double_blank_50=False) == 0
    assert tile_value(Tile(0, 0), double_blank_50=True) == 50


@pytest.mark.parametrize("text", ["94", "a-b", "9-", ""])
def test_text_that_is_not_a_tile_is_refused(text: str) -> None:
    with pytest.raises(RuleError, match="is not a tile; write it like 6-4"):
        Tile.parse(text)


@pytest.mark.parametrize("value", [[9], [9, 4, 1], "9-4", [9, True], [9, 4.0], None])
def test_a_log_tile_must_be_two_whole_numbers(value: object) -> None:
    with pytest.raises(RuleError, match=r"must be written as two numbers like \[9, 4\]"):
        tile_from_json(value)


def test_a_log_tile_with_a_negative_number_is_refused() -> None:
    with pytest.raises(RuleError, match="numbers start at 0"):
        tile_from_json([-1, 4])


# -- presets ----------------------------------------------------------------------------------

CLASSIC_HANDS = {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}
HUB_HANDS = {2: 11, 3: 11, 4: 9, 5: 7, 6: 7}


@pytest.mark.parametrize(("players", "hand"), CLASSIC_HANDS.items())
def test_classic_preset(players: int, hand: int) -> None:
    rules = make_rules({"preset": "classic"}, players)
    assert rules.highest == 9
    assert rules.hand_size == hand
    assert rules.hub_arms == players  # one arm per player
    assert rules.reserve == (2 if players == 2 else 1)
    assert rules.double_in_hands is False
    assert rules.double_blank_50 is False
    assert rules.rounds == 10


@pytest.mark.parametrize(("players", "hand"), HUB_HANDS.items())
def test_hub_preset(players: int, hand: int) -> None:
    rules = make_rules({"preset": "hub"}, players)
    assert (rules.highest, rules.hand_size, rules.hub_arms, rules.reserve) == (9, hand, 6, 0)
    assert rules.double_in_hands is True
    assert rules.double_blank_50 is False
    assert rules.rounds == 10


@pytest.mark.parametrize("players", range(2, 8))
def test_four_arm_preset(players: int) -> None:
    rules = make_rules({"preset": "four-arm"}, players)
    assert (rules.highest, rules.hand_size, rules.hub_arms, rules.reserve) == (9, 7, 4, 0)
    assert rules.double_in_hands is True
    assert rules.double_blank_50 is True
    assert rules.rounds == 10


def test_the_presets_are_exactly_these() -> None:
    assert set(PRESETS) == {"classic", "hub", "four-arm"}


def test_a_missing_preset_means_classic() -> None:
    assert replace(make_rules({}, 4), options={}) == replace(
        make_rules({"preset": "classic"}, 4), options={}
    )
    assert make_rules({}, 4).preset == "classic"


def test_an_unknown_preset_is_refused() -> None:
    message = refusal(Game(), NewGame(NAMES, {"preset": "dominoes"}))
    assert message == "unknown rules preset 'dominoes'; use one of classic, hub, four-arm"


@pytest.mark.parametrize("preset", [["classic"], {"name": "hub"}, 3, None])
def test_a_preset_that_is_not_a_name_is_refused(preset: object) -> None:
    assert "unknown rules preset" in refusal(Game(), NewGame(NAMES, {"preset": preset}))


@pytest.mark.parametrize(
    ("preset", "players"),
    [("classic", 1), ("classic", 9), ("hub", 7), ("hub", 1), ("four-arm", 9)],
)
def test_each_preset_has_its_player_range(preset: str, players: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    refused = refusal(Game(), NewGame(names, {"preset": preset}))
    assert "players, not" in refused or refused == "add players: a game needs at least 2"


@pytest.mark.parametrize("players", [0, 1])
def test_too_few_players_are_told_to_add_players(players: int) -> None:
    """Start tapped before the players were seated: what to do, not which rules refused
    ("the classic rules are for 2 to 8 players, not 0", the preset's name untranslated)."""
    names = tuple(f"P{i}" for i in range(players))
    refused = refusal(Game(), NewGame(names, {}))
    assert refused == "add players: a game needs at least 2"


def test_four_arm_allows_at_most_8_players_whatever_the_set() -> None:
    names = tuple(f"P{i}" for i in range(9))
    message = refusal(Game(), NewGame(names, {"preset": "four-arm", "set": 18}))
    assert message == "the four-arm rules are for 2 to 8 players, not 9"


# -- the fit check ----------------------------------------------------------------------------


def test_four_arm_8_players_of_7_tiles_do_not_fit_a_double_9_and_the_refusal_names_12() -> None:
    names = tuple(f"P{i}" for i in range(8))
    message = refusal(Game(), NewGame(names, {"preset": "four-arm"}))
    assert message == (
        "8 players x 7 tiles need 56 tiles but a double-9 set has only 55; "
        'use a double-12 set ("set": 12) or smaller hands'
    )
    assert Game.from_events([NewGame(names, {"preset": "four-arm", "set": 12})]).state.rules


def test_the_fit_check_counts_the_starting_double_when_it_is_set_aside() -> None:
    two = ("Ana", "Ben")
    assert new_game(two, hand_size=27).state.rules  # 2 x 27 + 1 = 55
    message = refusal(Game(), NewGame(two, {"hand_size": 28}))
    assert message.startswith("2 players x 28 tiles plus the starting double need 57 tiles")
    assert '"set": 12' in message
    # dealt from the whole set: 5 x 11 = 55 fits exactly, the yard starts empty
    assert new_game((*NAMES, "Eve"), preset="hub", hand_size=11).state.rules


def test_the_fit_check_names_the_smallest_set_that_fits() -> None:
    names = tuple(f"P{i}" for i in range(8))
    message = refusal(Game(), NewGame(names, {"preset": "four-arm", "hand_size": 12}))
    assert '"set": 12' not in message and '"set": 15' in message  # 96 > 91, <= 136


def test_the_fit_check_ignores_the_reserve() -> None:
    two = ("Ana", "Ben")
    assert new_game(two, hand_size=27, reserve=10).state.rules


def test_no_set_fits_a_deal_bigger_than_double_18() -> None:
    names = tuple(f"P{i}" for i in range(8))
    message = refusal(Game(), NewGame(names, {"hand_size": 24}))
    assert message.endswith("no set is big enough; deal smaller hands")


# -- options ----------------------------------------------------------------------------------


def refused_rules(players: int = 4, **options: Any) -> str:
    names = tuple(f"P{i}" for i in range(players))
    return refusal(Game(), NewGame(names, options))


def test_an_unknown_option_is_refused() -> None:
    message = refused_rules(arms=4)
    assert message.startswith("unknown rule option 'arms'; the options are set, hand_size")


@pytest.mark.parametrize("highest", [12, 15, 18])
def test_the_set_option_picks_a_bigger_set(highest: int) -> None:
    rules = make_rules({"set": highest}, 4)
    assert rules.highest == highest
    assert rules.rounds == highest + 1
    assert rules.starting_double(1) == highest


@pytest.mark.parametrize("highest", [5, 10, 9.0, "9", True, None])
def test_only_the_known_sets_are_allowed(highest: object) -> None:
    assert refused_rules(set=highest).startswith("rule option set = ")


@pytest.mark.parametrize("arms", [1, 9])
def test_hub_arms_may_be_1_to_n(arms: int) -> None:
    assert make_rules({"hub_arms": arms}, 4).hub_arms == arms


@pytest.mark.parametrize("arms", [0, 10, -1])
def test_hub_arms_outside_1_to_n_are_refused(arms: int) -> None:
    assert refused_rules(hub_arms=arms) == (
        f"rule option hub_arms = {arms} is not allowed; use 1 to 9"
    )


def test_hub_arms_follow_the_set() -> None:
    assert make_rules({"set": 12, "hub_arms": 12}, 4).hub_arms == 12


def test_reserve_is_zero_or_more() -> None:
    assert make_rules({"reserve": 0}, 2).reserve == 0
    assert make_rules({"reserve": 30}, 2).reserve == 30
    assert refused_rules(reserve=-1) == "rule option reserve = -1 is not allowed; use 0 or more"


def test_hand_size_may_be_a_number() -> None:
    assert make_rules({"hand_size": 1}, 4).hand_size == 1
    assert refused_rules(hand_size=0) == "rule option hand_size = 0 is not allowed; use 1 or more"


def test_hand_size_may_be_a_map_from_player_count_written_with_string_keys() -> None:
    assert make_rules({"hand_size": {"4": 9, "5": 7}}, 4).hand_size == 9
    assert make_rules({"hand_size": {"4": 9, "5": 7}}, 5).hand_size == 7
    assert refused_rules(3, hand_size={"4": 9}) == (
        "rule option hand_size gives no hand size for 3 players"
    )
    assert "'four' is not a count" in refused_rules(hand_size={"four": 9})
    assert refused_rules(hand_size={"4": 0}).startswith("rule option hand_size for 4 players = 0")
    assert refused_rules(hand_size={"4": 9, "5": "x"}) == (
        "rule option hand_size for 5 players must be a whole number, not 'x'"
    )


@pytest.mark.parametrize("rounds", [1, 10])
def test_rounds_may_be_1_to_n_plus_1(rounds: int) -> None:
    assert make_rules({"rounds": rounds}, 4).rounds == rounds


@pytest.mark.parametrize("rounds", [0, 11])
def test_rounds_outside_1_to_n_plus_1_are_refused(rounds: int) -> None:
    assert refused_rules(rounds=rounds) == (
        f"rule option rounds = {rounds} is not allowed; use 1 to 10"
    )


@pytest.mark.parametrize("name", ["hub_arms", "reserve", "hand_size", "rounds"])
@pytest.mark.parametrize("value", [2.0, "2", True, None])
def test_number_options_must_be_whole_numbers(name: str, value: object) -> None:
    assert refused_rules(**{name: value}) == (
        f"rule option {name} must be a whole number, not {value!r}"
    )


@pytest.mark.parametrize("name", ["double_in_hands", "double_blank_50"])
@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_true_false_options_are_strictly_boolean(name: str, value: object) -> None:
    assert refused_rules(**{name: value}) == (
        f"rule option {name} must be true or false, not {value!r}"
    )


def test_options_override_the_preset() -> None:
    rules = make_rules(
        {"preset": "hub", "double_in_hands": False, "double_blank_50": True, "reserve": 2}, 4
    )
    assert (rules.double_in_hands, rules.double_blank_50, rules.reserve) == (False, True, 2)
    assert rules.options == {
        "preset": "hub", "double_in_hands": False, "double_blank_50": True, "reserve": 2
    }  # fmt: skip


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RuleError, match="rules must be an object"):
        make_rules([], 4)  # type: ignore[arg-type]


# -- new_game ---------------------------------------------------------------------------------


def test_a_game_begins_once() -> None:
    assert refusal(new_game(), NewGame(NAMES)) == (
        "this game has already begun; a new game needs a new log"
    )


def test_every_player_name_must_differ() -> None:
    assert refusal(Game(), NewGame(("Ana", "Ben", "Ana"))) == (
        "two players are called Ana; every name must differ, ignoring case"
    )


def test_seat_order_is_the_order_of_the_players() -> None:
    game = new_game(("Dee", "Ana", "Cy"))
    assert game.state.players == ("Dee", "Ana", "Cy")
    assert game.state.seat_of == {"Dee": 0, "Ana": 1, "Cy": 2}
