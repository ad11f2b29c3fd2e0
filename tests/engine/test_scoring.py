"""Scoring: the hands entered at the end of a round, the 0-0 option, amending a round, totals,
the winner and both tie-breaks (RULES.md: Scoring, Counting what no one says, Fine points)."""

from __future__ import annotations

import pytest
from engine_helpers import (
    NAMES,
    OPEN_HUB_4,
    end_round,
    new_game,
    refusal,
    run,
    scored_game,
    started,
)

from engine import AmendRound, Game, HandPips, Phase, StartRound, TieBreak, Tile, summary
from engine.scoring import _lowest_non_zero, hand_score, outcome, ranking

TWO = ("Ana", "Ben")


def two_player_round_out(**rules: object) -> Game:
    """Ana goes out in round 1 of a two-player game with hands of 3; Ben holds 2 tiles."""
    return run(started(TWO, hand_size=3, **rules), "Ana 9-4 on 9-9", "Ben 9-6 on 9-9",
               "Ana 4-1 on 9-4", "Ben draws", "Ben 6-2 on 9-6", "Ana 1-8 on 4-1")  # fmt: skip


# -- checking the hands entered ---------------------------------------------------------------


def test_every_player_who_holds_tiles_scores_their_value_and_the_one_out_scores_0() -> None:
    game = run(two_player_round_out(), end_round(Ana="", Ben="3-5 0-2"))
    assert game.state.scores == [[0, 10]]
    assert summary(game.state)["scores"] == [{"Ana": 0, "Ben": 10}]


def test_every_hand_must_be_entered() -> None:
    game = run(started(), *OPEN_HUB_4)
    assert refusal(game, end_round(agreed=True, Ana=1, Cy=3)) == (
        "enter every hand: Ben, Dee missing"
    )


def test_only_players_hands_may_be_entered() -> None:
    game = two_player_round_out()
    assert refusal(game, end_round(Ana="", Ben=3, Zed=4)) == "Zed is not a player in this game"


def test_a_hand_must_hold_as_many_tiles_as_the_engine_counted() -> None:
    game = two_player_round_out()
    assert refusal(game, end_round(Ana="", Ben="3-5")) == "Ben holds 2 tiles, but 1 were entered"
    assert refusal(game, end_round(Ana="0-1", Ben="3-5 0-2")) == (
        "Ana holds 0 tiles, but 1 were entered"
    )


def test_a_tile_in_hand_cannot_be_on_the_table() -> None:
    game = two_player_round_out()
    assert refusal(game, end_round(Ana="", Ben="3-5 6-2")) == (
        "2-6 is on the table, so it cannot be in Ben's hand"
    )
    assert refusal(game, end_round(Ana="", Ben="3-5 9-9")) == (
        "9-9 is on the table, so it cannot be in Ben's hand"
    )


def test_a_tile_cannot_be_in_two_hands_or_twice_in_one() -> None:
    run(started(TWO, hand_size=2), end_round(agreed=True, Ana="1-2 3-4", Ben="1-5 6-6"))
    game = started(TWO, hand_size=2)
    assert refusal(game, end_round(agreed=True, Ana="1-2 3-4", Ben="2-1 6-6")) == (
        "1-2 is entered in both Ana's and Ben's hands"
    )
    assert refusal(game, end_round(agreed=True, Ana="1-2 2-1", Ben="1-5 6-6")) == (
        "1-2 is entered twice in Ana's hand"
    )


def test_a_tile_in_hand_must_be_in_the_set() -> None:
    game = started(TWO, hand_size=2)
    assert refusal(game, end_round(agreed=True, Ana="1-2 3-10", Ben="1-5 6-6")) == (
        "3-10 in Ana's hand is not in a double-9 set"
    )


def test_a_hand_may_be_entered_as_its_pips_which_are_not_capped_by_its_size() -> None:
    game = run(two_player_round_out(), end_round(Ana=0, Ben=40))
    assert game.state.scores == [[0, 40]]


def test_the_player_who_went_out_enters_an_empty_hand_or_0_pips() -> None:
    game = two_player_round_out()
    assert refusal(game, end_round(Ana=3, Ben=10)) == (
        "Ana has no tiles left, so Ana's hand scores 0"
    )
    assert refusal(game, end_round(Ana=HandPips(0, double_blank=True), Ben=10)) == (
        "Ana has no tiles left, so Ana's hand scores 0"
    )
    run(game, end_round(Ana=0, Ben=10))


def test_a_blocked_round_scores_every_hand_and_the_lowest_wins_it() -> None:
    game = started(TWO, hand_size=26, rounds=1)
    run(game, "Ana passes", "Ben passes", end_round(Ana=30, Ben=25))
    assert game.state.round_end == "blocked"
    assert game.state.scores == [[30, 25]]
    assert summary(game.state)["winner"] == "Ben"


# -- the 0-0 ----------------------------------------------------------------------------------


def test_the_0_0_scores_0_without_the_option() -> None:
    game = run(two_player_round_out(), end_round(Ana="", Ben="0-0 1-2"))
    assert game.state.scores == [[0, 3]]


def test_the_0_0_scores_50_with_the_option() -> None:
    game = run(two_player_round_out(double_blank_50=True), end_round(Ana="", Ben="0-0 1-2"))
    assert game.state.scores == [[0, 53]]


def test_pips_with_double_blank_add_50_under_the_option() -> None:
    game = two_player_round_out(double_blank_50=True)
    run(game, end_round(Ana="", Ben=HandPips(3, double_blank=True)))
    assert game.state.scores == [[0, 53]]
    game = two_player_round_out()
    run(game, end_round(Ana="", Ben=HandPips(3, double_blank=True)))
    assert game.state.scores == [[0, 3]]


@pytest.mark.parametrize("double_blank_50", [False, True])
def test_a_hand_as_tiles_or_as_pips_scores_the_same_and_the_penalty_adds(
    double_blank_50: bool,
) -> None:
    tiles = (Tile(0, 0), Tile(1, 2))
    expected = 53 if double_blank_50 else 3
    assert hand_score(tiles, double_blank_50) == expected
    assert hand_score(HandPips(3, double_blank=True), double_blank_50) == expected
    assert hand_score(HandPips(3), double_blank_50) == 3
    assert hand_score((), double_blank_50, out_penalty=50) == 50


def test_four_arm_counts_the_0_0_as_50() -> None:
    game = started(TWO, preset="four-arm")
    run(game, end_round(agreed=True, Ana="0-0 1-1 2-2 3-3 4-4 5-5", Ben=7))
    assert game.state.scores == [[80, 7]]


def test_double_blank_in_a_pips_hand_is_checked_like_a_tile() -> None:
    game = two_player_round_out()
    assert refusal(game, end_round(Ana="", Ben=HandPips(3, double_blank=True), Cy=0)) == (
        "Cy is not a player in this game"
    )
    game = started(TWO, hand_size=2)
    assert refusal(game, end_round(agreed=True, Ana="0-0 1-1", Ben=HandPips(8, True))) == (
        "0-0 is entered in both Ana's and Ben's hands"
    )


def test_the_0_0_on_the_table_cannot_be_in_a_hand() -> None:
    game = scored_game([dict.fromkeys(NAMES, 1)] * 9, rounds=10)
    run(game, StartRound("Ana"))
    assert game.state.starting_double == 0
    assert refusal(game, end_round(agreed=True, Ana=HandPips(1, True), Ben=1, Cy=1, Dee=1)) == (
        "0-0 is on the table, so it cannot be in Ana's hand"
    )


# -- totals and the winner --------------------------------------------------------------------


def test_scores_add_up_and_the_lowest_total_after_the_last_round_wins() -> None:
    game = scored_game([{"Ana": 5, "Ben": 0, "Cy": 9, "Dee": 2},
                        {"Ana": 0, "Ben": 8, "Cy": 1, "Dee": 2}])  # fmt: skip
    out = summary(game.state)
    assert out["phase"] == "game_over"
    assert out["totals"] == {"Ana": 5, "Ben": 8, "Cy": 10, "Dee": 4}
    assert out["winner"] == "Dee"
    assert game.state.outcome is not None
    assert game.state.outcome.decided_by is TieBreak.TOTAL


def test_there_is_no_winner_before_the_last_round() -> None:
    game = scored_game([dict.fromkeys(NAMES, 1)], rounds=2)
    assert game.state.phase is Phase.SETUP
    assert summary(game.state)["winner"] is None
    assert game.state.outcome is None


def test_a_tie_goes_to_the_player_with_more_zero_rounds() -> None:
    game = scored_game([{"Ana": 0, "Ben": 3, "Cy": 9, "Dee": 9},
                        {"Ana": 6, "Ben": 3, "Cy": 9, "Dee": 9}])  # fmt: skip
    assert summary(game.state)["winner"] == "Ana"  # 6 each; Ana has a round of 0
    assert game.state.outcome is not None
    assert game.state.outcome.decided_by is TieBreak.ZERO_ROUNDS


def test_then_to_the_player_whose_lowest_non_zero_round_is_lower() -> None:
    game = scored_game([{"Ana": 0, "Ben": 0, "Cy": 9, "Dee": 9},
                        {"Ana": 2, "Ben": 1, "Cy": 9, "Dee": 9},
                        {"Ana": 4, "Ben": 5, "Cy": 9, "Dee": 9}])  # fmt: skip
    assert summary(game.state)["winner"] == "Ben"  # 6 each, one zero round each; 1 < 2
    assert game.state.outcome is not None
    assert game.state.outcome.decided_by is TieBreak.LOWEST_ROUND


def test_still_tied_the_win_is_shared_and_listed_in_seat_order() -> None:
    game = scored_game([{"Ana": 9, "Ben": 0, "Cy": 3, "Dee": 2},
                        {"Ana": 9, "Ben": 3, "Cy": 0, "Dee": 2}])  # fmt: skip
    assert summary(game.state)["winner"] == ["Ben", "Cy"]
    assert game.state.outcome is not None
    assert game.state.outcome.decided_by is TieBreak.SHARED


def test_a_player_with_no_non_zero_round_has_none_to_compare() -> None:
    # Equal totals with no non-zero round means every round was 0 for both: still shared.
    result = outcome([[0, 0, 5], [0, 0, 5]], 3)
    assert (result.winners, result.decided_by) == ((0, 1), TieBreak.SHARED)
    # The comparison itself: no non-zero round counts as higher than any.
    assert _lowest_non_zero([[0, 2], [0, 7]], 0) == float("inf")
    assert _lowest_non_zero([[0, 2], [0, 7]], 1) == 2


def test_ranking_orders_every_seat_by_the_same_rules() -> None:
    scores = [[0, 3, 9, 9], [6, 3, 9, 2], [0, 0, 0, 0]]
    assert ranking(scores, 4) == [0, 1, 3, 2]


# -- amending a round -------------------------------------------------------------------------


def test_amend_round_corrects_a_score_and_the_totals_and_winner_follow() -> None:
    game = scored_game([{"Ana": 5, "Ben": 6, "Cy": 9, "Dee": 9},
                        {"Ana": 5, "Ben": 6, "Cy": 9, "Dee": 9}])  # fmt: skip
    assert summary(game.state)["winner"] == "Ana"
    run(game, AmendRound(1, {"Ana": 15, "Cy": 0}))
    out = summary(game.state)
    assert out["scores"][0] == {"Ana": 15, "Ben": 6, "Cy": 0, "Dee": 9}
    assert out["totals"] == {"Ana": 20, "Ben": 12, "Cy": 9, "Dee": 18}
    assert out["winner"] == "Cy"
    assert [e.type for e in game.log][-2:] == ["end_round", "amend_round"]  # both kept


def test_amend_round_is_accepted_in_any_phase_once_the_round_is_scored() -> None:
    game = scored_game([dict.fromkeys(NAMES, 4)], rounds=3)
    run(game, AmendRound(1, {"Ben": 0}))  # setup, between rounds
    run(game, StartRound("Ana"), AmendRound(1, {"Ben": 1}))  # opening
    run(game, "Ana 8-1 on 8-8", "Ben 8-2 on 8-8", "Cy 8-3 on 8-8", "Dee 8-4 on 8-8")
    run(game, AmendRound(1, {"Ben": 2}))  # play
    assert game.state.phase is Phase.PLAY
    run(game, end_round(agreed=True, **dict.fromkeys(NAMES, 1)), StartRound("Ben"))
    run(game, end_round(agreed=True, **dict.fromkeys(NAMES, 1)))
    assert game.state.phase is Phase.GAME_OVER
    run(game, AmendRound(2, {"Cy": 0}))  # game over
    assert game.state.totals == [6, 4, 5, 6]


def test_amend_round_refuses_a_round_not_yet_scored() -> None:
    game = started(rounds=2)
    assert refusal(game, AmendRound(1, {"Ana": 3})) == (
        "round 1 has not been scored yet, so it cannot be amended"
    )
    run(game, end_round(agreed=True, **dict.fromkeys(NAMES, 1)))
    assert refusal(game, AmendRound(2, {"Ana": 3})).startswith("round 2 has not been scored")


@pytest.mark.parametrize("number", [0, -1])
def test_amend_round_refuses_a_round_number_below_1(number: int) -> None:
    game = scored_game([dict.fromkeys(NAMES, 1)] * 2)
    assert refusal(game, AmendRound(number, {"Ana": 3})).startswith(f"there is no round {number}")


def test_amend_round_scores_are_whole_numbers_0_or_more() -> None:
    game = scored_game([dict.fromkeys(NAMES, 1)])
    assert refusal(game, AmendRound(1, {"Ana": -3})) == (
        "Ana's score must be a whole number, 0 or more, not -3"
    )


def test_amend_round_names_players() -> None:
    game = scored_game([dict.fromkeys(NAMES, 1)])
    assert refusal(game, AmendRound(1, {"Ana": 2, "Zed": 3})) == "Zed is not a player in this game"


def test_amend_round_needs_a_game() -> None:
    assert refusal(Game(), AmendRound(1, {"Ana": 2})).startswith("no game has been started")


def test_new_game_and_before_any_round_every_total_is_0() -> None:
    out = summary(new_game().state)
    assert out["totals"] == dict.fromkeys(NAMES, 0)
    assert out["hands"] == dict.fromkeys(NAMES, 0)
    assert (out["scores"], out["winner"], out["yard"]) == ([], None, 0)
