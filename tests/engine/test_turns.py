"""A turn: place one tile, or draw one and place it or pass; the reserve (RULES.md: A turn)."""

from __future__ import annotations

from engine_helpers import OPEN_HUB_4, end_round, new_game, refusal, run, started

from engine import Phase, StartRound

TWO = ("Ana", "Ben")


def test_play_goes_clockwise_in_seat_order() -> None:
    game = started(opener="Cy")
    seen = []
    for spec in ("Cy 9-1 on 9-9", "Dee 9-2 on 9-9", "Ana 9-3 on 9-9", "Ben 9-4 on 9-9"):
        seen.append(game.state.current_player)
        run(game, spec)
    assert seen == ["Cy", "Dee", "Ana", "Ben"]
    assert game.state.current_player == "Cy"


def test_only_the_player_whose_turn_it_is_may_act() -> None:
    game = started()
    assert refusal(game, "Ben 9-4 on 9-9") == "it is Ana's turn, not Ben's"
    assert refusal(game, "Ben draws") == "it is Ana's turn, not Ben's"
    assert refusal(game, "Ben passes") == "it is Ana's turn, not Ben's"
    assert refusal(game, "Zed draws") == "Zed is not a player in this game"


def test_placing_a_tile_takes_it_from_the_hand() -> None:
    game = run(started(), "Ana 9-4 on 9-9")
    assert game.state.hands == [10, 11, 11, 11]


def test_a_tile_outside_the_set_is_refused() -> None:
    game = started()
    assert refusal(game, "Ana 9-10 on 9-9") == "9-10 is not in a double-9 set"
    game = started(set=12)
    run(game, "Ana 12-10 on 12-12")


def test_a_tile_already_on_the_table_is_refused() -> None:
    game = run(started(), *OPEN_HUB_4)
    assert refusal(game, "Ana 4-9 on 9-5") == "Ana cannot play 4-9: it is already on the table"


def test_a_tile_must_go_on_a_tile_that_is_on_the_table() -> None:
    game = run(started(), *OPEN_HUB_4)
    assert refusal(game, "Ana 4-1 on 1-1") == "Ana cannot play 1-4 on 1-1: 1-1 is not on the table"


def test_an_end_takes_only_one_tile() -> None:
    game = run(started(), *OPEN_HUB_4, "Ana 4-1 on 9-4")
    assert refusal(game, "Ben 4-6 on 9-4") == (
        "Ben cannot play 4-6 on 9-4: that end is already taken"
    )


def test_the_tile_must_match_the_free_end() -> None:
    game = run(started(), *OPEN_HUB_4, "Ana 4-1 on 9-4")
    assert refusal(game, "Ben 4-6 on 4-1") == "Ben cannot play 4-6 on 4-1: it needs a 1"


# -- drawing ----------------------------------------------------------------------------------


def test_a_player_who_cannot_place_draws_one_tile_and_places_it_or_passes() -> None:
    game = run(started(), "Ana draws")
    assert (game.state.hands[0], game.state.yard) == (12, 9)
    assert game.state.current_player == "Ana"  # still Ana's turn
    run(game, "Ana 9-4 on 9-9")
    assert game.state.current_player == "Ben"
    run(game, "Ben draws", "Ben passes")
    assert (game.state.hands[1], game.state.yard) == (12, 8)
    assert game.state.current_player == "Cy"


def test_a_player_draws_at_most_one_tile_a_turn() -> None:
    game = run(started(), "Ana draws")
    assert refusal(game, "Ana draws") == (
        "Ana has already drawn this turn: play that tile if it fits, or pass"
    )


def test_the_next_player_may_draw_again() -> None:
    game = run(started(), "Ana draws", "Ana passes", "Ben draws")
    assert game.state.yard == 8


def test_a_player_may_draw_instead_of_placing() -> None:
    game = run(started(), *OPEN_HUB_4)  # Ana surely has something; she may still draw
    run(game, "Ana draws", "Ana passes")


def test_a_pass_is_allowed_only_after_a_draw_while_drawing_is_allowed() -> None:
    game = started()
    assert refusal(game, "Ana passes") == (
        "Ana must draw from the chicken yard before passing (10 tiles there)"
    )
    assert not game.state.can_pass and game.state.can_draw


def test_the_yard_is_never_drawn_below_its_reserve() -> None:
    game = started(TWO, hand_size=26)  # 55 - 52 - 1 = 2 in the yard, the reserve with 2 players
    assert game.state.yard == 2
    assert refusal(game, "Ana draws") == (
        "Ana cannot draw: the chicken yard is down to its reserve of 2; pass instead"
    )
    assert not game.state.can_draw


def test_at_the_reserve_a_player_passes_without_drawing() -> None:
    game = started(TWO, hand_size=26)
    run(game, "Ana passes")
    assert game.state.current_player == "Ben"
    assert game.state.hands == [26, 26]


def test_the_yard_is_drawn_down_to_the_reserve_and_then_no_further() -> None:
    game = started(reserve=8)  # 10 in the yard
    run(game, "Ana draws", "Ana passes", "Ben draws", "Ben passes")
    assert game.state.yard == 8
    assert refusal(game, "Cy draws").endswith("down to its reserve of 8; pass instead")
    run(game, "Cy passes")


def test_an_empty_yard_is_called_empty() -> None:
    game = started(preset="hub", hand_size=13, opener="Ana")  # 55 - 52 = 3, the 9-9 among them
    run(game, "Ben draws", "Ben passes", "Cy draws", "Cy passes", "Dee draws", "Dee passes")
    assert game.state.yard == 0
    assert refusal(game, "Ana draws") == (
        "Ana cannot draw: the chicken yard is empty; pass instead"
    )


def test_a_reserve_of_zero_lets_the_yard_be_drawn_empty() -> None:
    game = started(reserve=0, hand_size=13)  # 55 - 52 - 1 = 2
    run(game, "Ana draws", "Ana passes", "Ben draws", "Ben passes")
    assert game.state.yard == 0


def test_classic_reserve_is_one_with_three_or_more_players() -> None:
    game = started(hand_size=13)  # 55 - 52 - 1 = 2
    run(game, "Ana draws", "Ana passes")
    assert refusal(game, "Ben draws").endswith("reserve of 1; pass instead")


# -- outside a round --------------------------------------------------------------------------


def test_nothing_is_played_before_the_round_starts() -> None:
    game = new_game()
    assert refusal(game, "Ana 9-4 on 9-9") == (
        "Ana cannot play 4-9: the next round has not started"
    )
    assert refusal(game, "Ana draws") == "Ana cannot draw: the next round has not started"


def test_nothing_is_played_once_the_round_is_over() -> None:
    game = started(hand_size=1)
    run(game, "Ana 9-4 on 9-9")
    assert game.state.phase is Phase.ROUND_OVER
    assert refusal(game, "Ben 9-5 on 9-9") == "Ben cannot play 5-9: round 1 is over"
    assert refusal(game, "Ben passes") == "Ben cannot pass: round 1 is over"


def test_nothing_is_played_once_the_game_is_over() -> None:
    game = started(rounds=1)
    run(game, end_round(agreed=True, Ana=1, Ben=2, Cy=3, Dee=4))
    assert refusal(game, "Ben draws") == "Ben cannot draw: the game is over"


def test_each_round_starts_afresh() -> None:
    game = run(started(rounds=2), "Ana draws", "Ana 9-4 on 9-9")
    run(game, end_round(agreed=True, Ana=1, Ben=2, Cy=3, Dee=4), StartRound("Dee"))
    state = game.state
    assert (state.hands, state.yard, state.current_player) == ([11] * 4, 10, "Dee")
    assert state.table is not None and len(state.table) == 1
    assert state.round_end is None and not state.drew and state.passes == 0
