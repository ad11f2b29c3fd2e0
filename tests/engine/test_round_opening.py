"""Starting a round and opening the hub (RULES.md: Rounds, Opening the hub, the search for the
starting double)."""

from __future__ import annotations

import pytest
from engine_helpers import NAMES, OPEN_HUB_4, end_round, new_game, refusal, run, started, tile

from engine import Game, Phase, PlaceKind, StartRound, summary

# -- rounds and their starting doubles --------------------------------------------------------


def test_round_one_starts_with_the_highest_double_and_each_round_one_lower() -> None:
    game = new_game(rounds=10)
    for number in range(9, -1, -1):
        run(game, StartRound("Ana"))
        assert game.state.starting_double == number
        assert game.state.table is not None and game.state.table.hub == (number, number)
        run(game, end_round(agreed=True, Ana=1, Ben=1, Cy=1, Dee=1))
    assert game.state.phase is Phase.GAME_OVER


def test_a_game_has_n_plus_1_rounds_unless_rounds_shortens_it() -> None:
    for options, rounds in (({}, 10), ({"set": 12}, 13), ({"set": 18, "rounds": 4}, 4)):
        rules = new_game(**options).state.rules
        assert rules is not None and rules.rounds == rounds
    game = new_game(rounds=2)
    for _ in range(2):
        run(game, StartRound("Ben"), end_round(agreed=True, Ana=1, Ben=1, Cy=1, Dee=1))
    assert game.state.phase is Phase.GAME_OVER
    assert refusal(game, StartRound("Ana")) == "the game is over: all 2 rounds are scored"


def test_a_round_cannot_start_before_the_last_one_is_scored() -> None:
    game = started()
    message = refusal(game, StartRound("Ben"))
    assert message == "round 1 is still open; score it before the next round"


def test_a_round_needs_a_game() -> None:
    assert refusal(Game(), StartRound("Ana")) == (
        "no game has been started: the log must begin with new_game"
    )


def test_the_opener_must_be_a_player() -> None:
    assert refusal(new_game(), StartRound("Zed")) == "Zed is not a player in this game"


# -- the deal and who plays first -------------------------------------------------------------


def test_double_set_aside_every_hand_is_full_and_the_opener_plays_first() -> None:
    game = started(opener="Cy")  # classic: 4 x 11 dealt, the 9-9 set aside
    state = game.state
    assert state.hands == [11, 11, 11, 11]
    assert state.yard == 55 - 44 - 1
    assert state.current_player == "Cy"
    assert state.phase is Phase.OPENING


def test_double_from_a_hand_the_opener_is_one_short_and_the_next_player_plays_first() -> None:
    game = started(opener="Cy", preset="hub")  # 4 x 9 dealt from the whole set
    state = game.state
    assert state.hands == [9, 9, 8, 9]
    assert state.yard == 55 - 36
    assert state.current_player == "Dee"


def test_the_next_player_after_the_last_seat_is_the_first() -> None:
    assert started(opener="Dee", preset="hub").state.current_player == "Ana"


def test_double_found_in_the_yard_the_drawn_tiles_stay_in_the_hands() -> None:
    game = started(opener="Cy", search_draws={"Ben": 1, "Cy": 1}, preset="hub")
    state = game.state
    assert state.hands == [9, 10, 10, 9]  # the hand size plus each one's own count
    assert state.yard == 55 - 36 - 2 - 1  # the drawn tiles and the double left the yard
    assert state.current_player == "Dee"


def test_search_draws_present_but_empty_means_the_double_was_the_first_tile_drawn() -> None:
    game = started(opener="Ana", search_draws={}, preset="hub")
    assert game.state.hands == [9, 9, 9, 9]  # nobody is one short
    assert game.state.yard == 55 - 36 - 1
    assert game.state.current_player == "Ben"


def test_search_draws_with_zero_counts_are_allowed_when_the_double_is_set_aside() -> None:
    game = started(opener="Ana", search_draws={"Ana": 0, "Ben": 0})
    assert game.state.hands == [11, 11, 11, 11]
    assert game.state.yard == 10


def test_a_positive_search_count_is_refused_when_the_double_is_set_aside() -> None:
    message = refusal(new_game(), StartRound("Ana", {"Dee": 1, "Ana": 0}))
    assert message == (
        "the starting double is set aside before the deal, so nobody draws from the chicken "
        "yard to find it"
    )


def test_search_draws_must_name_players() -> None:
    message = refusal(new_game(preset="hub"), StartRound("Ana", {"Zed": 1}))
    assert message == "Zed is not a player in this game"


def test_the_search_cannot_draw_more_tiles_than_the_yard_holds() -> None:
    game = new_game(preset="hub")  # yard 19 after the deal, the 9-9 among them
    assert refusal(game, StartRound("Ana", {"Ana": 10, "Ben": 9})) == (
        "the chicken yard holds 19 tiles after the deal, the 9-9 among them: at most 18 can "
        "be drawn while searching for it, not 19"
    )
    run(game, StartRound("Ana", {"Ana": 9, "Ben": 9}))
    assert game.state.yard == 0


def test_the_search_may_take_the_yard_below_its_reserve() -> None:
    game = started(opener="Dee", search_draws={"Ana": 3, "Ben": 3, "Cy": 2, "Dee": 2},
                   double_in_hands=True)  # fmt: skip
    assert game.state.yard == 0  # 55 - 44 dealt - 10 drawn - the double
    assert game.state.rules is not None and game.state.rules.reserve == 1
    assert not game.state.can_draw and game.state.can_pass


def test_a_full_deal_leaves_no_yard_to_search() -> None:
    game = new_game((*NAMES, "Eve"), preset="hub", hand_size=11)  # 5 x 11 = 55
    assert refusal(game, StartRound("Eve", {})) == (
        "the chicken yard is empty after the deal, so nobody can find the 9-9 there: it was "
        "dealt to a player"
    )
    run(game, StartRound("Eve"))
    assert game.state.yard == 0


def test_hand_size_1_with_the_double_dealt_the_opener_goes_out_by_placing_it() -> None:
    game = started(opener="Ben", preset="hub", hand_size=1)
    state = game.state
    assert state.hands == [1, 0, 1, 1]
    assert state.phase is Phase.ROUND_OVER
    assert state.round_end == "out"
    assert state.current_player is None
    run(game, end_round(Ana="1-2", Ben="", Cy="0-0", Dee=5))
    assert state.scores == [[3, 0, 0, 5]]


def test_hand_size_1_with_the_double_set_aside_the_opener_plays_a_tile_to_go_out() -> None:
    game = started(opener="Ben", hand_size=1)
    assert game.state.phase is Phase.OPENING
    run(game, "Ben 9-1 on 9-9")
    assert game.state.round_end == "out"


# -- opening the hub --------------------------------------------------------------------------


def test_the_hub_takes_hub_arms_arms_and_only_the_hub_is_open_meanwhile() -> None:
    game = started()
    assert [(p.tile, p.end, p.room) for p in game.state.open_places()] == [(tile("9-9"), 9, 4)]
    run(game, "Ana 9-4 on 9-9", "Ben 9-5 on 9-9")
    assert game.state.phase is Phase.OPENING
    assert [p.tile for p in game.state.open_places()] == [tile("9-9")]
    run(game, "Cy 9-3 on 9-9")
    assert game.state.phase is Phase.OPENING
    run(game, "Dee 9-2 on 9-9")
    assert game.state.phase is Phase.PLAY
    assert [(p.tile, p.end) for p in game.state.open_places()] == [
        (tile("2-9"), 2), (tile("3-9"), 3), (tile("4-9"), 4), (tile("5-9"), 5),
    ]  # fmt: skip


def test_no_tile_goes_off_the_hub_until_every_arm_is_started() -> None:
    game = run(started(), "Ana 9-4 on 9-9")
    assert refusal(game, "Ben 4-1 on 9-4") == (
        "Ben cannot play 4-1 on 9-4: the hub 9-9 still needs 3 more arms before anything else"
    )
    run(game, "Ben 9-5 on 9-9", "Cy 9-3 on 9-9")
    assert refusal(game, "Dee 4-1 on 9-4").endswith("still needs 1 more arm before anything else")


def test_a_tile_on_the_hub_must_carry_the_hubs_number() -> None:
    game = started()
    assert refusal(game, "Ana 4-1 on 9-9") == "Ana cannot play 1-4 on 9-9: it needs a 9"


def test_the_hub_refuses_more_arms_than_it_takes() -> None:
    game = run(started(), *OPEN_HUB_4)
    assert refusal(game, "Ana 9-1 on 9-9") == "Ana cannot play 9-1 on 9-9: the hub has all 4 arms"


def test_hub_arms_option_sets_the_number_of_arms() -> None:
    game = started(preset="hub", opener="Dee")  # six arms
    run(game, "Ana 9-1 on 9-9", "Ben 9-2 on 9-9", "Cy 9-3 on 9-9", "Dee 9-4 on 9-9",
        "Ana 9-5 on 9-9")  # fmt: skip
    assert game.state.phase is Phase.OPENING
    run(game, "Ben 9-6 on 9-9")
    assert game.state.phase is Phase.PLAY
    game = started(hub_arms=1)
    run(game, "Ana 9-0 on 9-9")
    assert game.state.phase is Phase.PLAY
    assert [p.tile for p in game.state.open_places()] == [tile("0-9")]


def test_a_tile_that_matches_the_hub_is_never_a_double_so_no_foot_opens_in_the_opening() -> None:
    game = started()
    assert refusal(game, "Ana 9-9 on 9-9") == "Ana cannot play 9-9: it is already on the table"
    assert game.state.table is not None
    assert game.state.table.hub_place.kind is PlaceKind.HUB


def test_a_tile_may_go_on_any_open_place_where_it_matches_either_way_round() -> None:
    game = run(started(), *OPEN_HUB_4, "Ana 4-1 on 9-4", "Ben 1-7 on 4-1")
    ends = {p.tile: p.end for p in game.state.open_places()}
    assert ends[tile("1-7")] == 7  # the 1 touches, the 7 is the new free end
    assert tile("4-9") not in ends and tile("1-4") not in ends


def test_the_summary_during_the_opening() -> None:
    game = run(started(), "Ana 9-4 on 9-9")
    out = summary(game.state)
    assert out["phase"] == "opening"
    assert out["open_ends"] == [{"on": [9, 9], "needs": 9}]
    assert out["current_player"] == "Ben"
    assert out["lock"] is None


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_classic_hub_takes_one_arm_per_player(players: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    game = started(names)
    for seat in range(players):
        assert game.state.phase is Phase.OPENING
        run(game, f"P{seat} 9-{seat} on 9-9")
    assert game.state.phase is Phase.PLAY
