"""How a round ends: out, blocked (by passes, or by the census of tiles), or by agreement
(RULES.md: End of a round, and the fine points on blocked rounds)."""

from __future__ import annotations

import pytest
from engine_helpers import NAMES, OPEN_HUB_4, end_round, refusal, run, started, tile

from engine import Game, Phase, summary

TWO = ("Ana", "Ben")

# Every tile carrying a 4 goes down, the last of them the 4-4 (text 004's example). One hub
# arm, two players, Ana first; each step's free end is in the comment.
ALL_FOURS_DOWN = (
    "Ana 9-4 on 9-9",  # 4
    "Ben 4-0 on 9-4",  # 0
    "Ana 0-1 on 4-0",  # 1
    "Ben 1-4 on 0-1",  # 4
    "Ana 4-2 on 1-4",  # 2
    "Ben 2-3 on 4-2",  # 3
    "Ana 3-4 on 2-3",  # 4
    "Ben 4-5 on 3-4",  # 5
    "Ana 5-6 on 4-5",  # 6
    "Ben 6-4 on 5-6",  # 4
    "Ana 4-7 on 6-4",  # 7
    "Ben 7-8 on 4-7",  # 8
    "Ana 8-4 on 7-8",  # 4: only the 4-4 still carries a 4
)


def assert_over(game: Game, how: str) -> None:
    """The round is over: nobody's turn, no lock, no open ends, whatever lies on the table."""
    state = game.state
    assert state.phase is Phase.ROUND_OVER
    assert state.round_end == how
    out = summary(state)
    assert (out["current_player"], out["lock"], out["open_ends"]) == (None, None, [])


# -- out --------------------------------------------------------------------------------------


def test_a_player_who_places_the_last_tile_goes_out_and_the_round_ends_at_once() -> None:
    game = started(TWO, hand_size=2, hub_arms=1)
    run(game, "Ana 9-4 on 9-9", "Ben 4-1 on 9-4")
    assert game.state.phase is Phase.PLAY
    run(game, "Ana 1-5 on 4-1")
    assert_over(game, "out")
    assert game.state.hands == [0, 1]


def test_going_out_with_a_double_ends_the_round_although_its_foot_is_open() -> None:
    game = started(TWO, hand_size=2)
    run(game, "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-4 on 9-4")
    assert_over(game, "out")
    table = game.state.table
    assert table is not None and table.lock == tile("4-4")  # the foot is open on the table


def test_a_drawn_tile_can_be_the_one_that_goes_out() -> None:
    game = started(TWO, hand_size=1)
    run(game, "Ana draws", "Ana 9-4 on 9-9")
    assert game.state.in_round and game.state.hands == [1, 1]
    run(game, "Ben 9-1 on 9-9")
    assert_over(game, "out")


# -- blocked by passes ------------------------------------------------------------------------


def test_blocked_when_every_player_passes_in_turn_without_drawing() -> None:
    game = started(hand_size=13)  # 55 - 52 - 1 = 2 in the yard, reserve 1
    run(game, *OPEN_HUB_4, "Ana draws", "Ana passes")  # the yard is at its reserve now
    run(game, "Ben passes", "Cy passes", "Dee passes")
    assert game.state.phase is Phase.PLAY
    run(game, "Ana passes")
    assert_over(game, "blocked")


def test_a_pass_right_after_a_draw_does_not_count_towards_a_blocked_round() -> None:
    game = started(TWO, hand_size=25)  # 55 - 50 - 1 = 4 in the yard, reserve 2
    run(game, "Ana draws", "Ana passes", "Ben draws", "Ben passes")
    assert game.state.yard == 2
    assert game.state.passes == 0 and game.state.phase is Phase.OPENING
    run(game, "Ana passes")
    assert game.state.phase is Phase.OPENING
    run(game, "Ben passes")
    assert_over(game, "blocked")


def test_a_placement_starts_the_count_of_passes_again() -> None:
    game = started(TWO, hand_size=26)  # the yard starts at its reserve of 2
    run(game, "Ana passes", "Ben 9-1 on 9-9", "Ana passes")
    assert game.state.phase is Phase.OPENING
    run(game, "Ben passes")
    assert_over(game, "blocked")


#: Two hub arms, then Ana's 4-4 on her arm: the table is locked until its foot has its toes.
LOCKED = ("Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-4 on 9-4")


@pytest.mark.parametrize(
    ("hand_size", "then", "how"),
    [
        pytest.param(3, ("Ben 4-1 on 4-4", "Ana 4-2 on 4-4"), "out",
                     id="out_on_a_toe_while_the_foot_needs_toes"),
        pytest.param(26, ("Ben passes", "Ana passes"), "blocked", id="blocked_by_passes"),
    ],
)  # fmt: skip
def test_a_round_ends_during_a_lock(hand_size: int, then: tuple[str, ...], how: str) -> None:
    game = started(TWO, hand_size=hand_size)
    run(game, *LOCKED, *then)
    assert_over(game, how)


# -- blocked by the census: no tile off the table fits any open place --------------------------


def test_blocked_when_the_foot_needs_a_toe_and_every_tile_with_its_number_is_down() -> None:
    game = started(TWO, hub_arms=1)
    run(game, *ALL_FOURS_DOWN)
    assert game.state.phase is Phase.PLAY  # the 4-4 still fits on the 8-4
    run(game, "Ben 4-4 on 8-4")
    assert_over(game, "blocked")
    assert game.state.hands == [14, 14]  # 21 dealt, 7 placed each; nobody went out


def test_the_census_looks_only_at_the_foot_during_a_lock() -> None:
    game = started(TWO)  # two hub arms: the 9-6 arm wants a 6, and plenty of 6s are about
    run(game, "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-0 on 9-4", "Ben 0-1 on 4-0",
        "Ana 1-4 on 0-1", "Ben 4-2 on 1-4", "Ana 2-3 on 4-2", "Ben 3-4 on 2-3",
        "Ana 4-5 on 3-4", "Ben 5-7 on 4-5", "Ana 7-4 on 5-7", "Ben 4-4 on 7-4",
        "Ana 4-6 on 4-4")  # fmt: skip
    assert game.state.lock is not None and game.state.lock.room == 2
    run(game, "Ben 4-8 on 4-4")  # the last tile with a 4; the foot still needs a toe
    assert_over(game, "blocked")


def test_a_dead_end_does_not_block_while_another_place_can_take_a_tile() -> None:
    game = started(TWO)
    run(game, "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-4 on 9-4", "Ben 4-0 on 4-4",
        "Ana 4-1 on 4-4", "Ben 4-2 on 4-4", "Ana 0-3 on 4-0", "Ben 3-4 on 0-3",
        "Ana 4-5 on 3-4", "Ben 5-7 on 4-5", "Ana 7-4 on 5-7", "Ben 4-6 on 7-4",
        "Ana 6-8 on 4-6", "Ben 8-4 on 6-8")  # fmt: skip
    state = game.state
    assert state.table is not None and state.table.off_table_carrying[4] == 0
    assert state.phase is Phase.PLAY  # the 8-4 wants a 4 in vain, but 1, 2 and 6 are open
    assert {p.end for p in state.open_places()} == {1, 2, 4, 6}


def test_going_out_wins_over_a_blocked_position() -> None:
    game = started(TWO, hub_arms=1, hand_size=7)
    run(game, "Ana draws", *ALL_FOURS_DOWN, "Ben 4-4 on 8-4")  # Ben's seventh and last tile
    assert_over(game, "out")
    assert game.state.hands == [1, 0]


# -- agreed -----------------------------------------------------------------------------------


def test_the_players_may_end_a_round_by_agreement_at_any_time() -> None:
    game = run(started(), "Ana 9-4 on 9-9")
    assert game.state.phase is Phase.OPENING
    run(game, end_round(agreed=True, Ana=10, Ben=11, Cy=12, Dee=13))
    assert game.state.round_end == "agreed"
    assert game.state.scores == [[10, 11, 12, 13]]


def test_a_round_in_play_ends_only_by_agreement() -> None:
    game = started()
    assert refusal(game, end_round(Ana=10, Ben=11, Cy=12, Dee=13)) == (
        "round 1 is not over yet: nobody is out and play is not blocked; end it early only if "
        "everyone agrees"
    )


def test_agreement_on_a_round_already_over_keeps_its_reason() -> None:
    game = started(TWO, hand_size=26)
    run(game, "Ana passes", "Ben passes")
    run(game, end_round(agreed=True, Ana=10, Ben=11))
    assert game.state.round_end == "blocked"
    game = started(TWO, hand_size=1)
    run(game, "Ana 9-4 on 9-9", end_round(agreed=True, Ana="", Ben=3))
    assert game.state.round_end == "out"


def test_there_is_no_round_to_end_before_it_starts_or_after_the_game() -> None:
    game = started(rounds=1)
    hands = end_round(agreed=True, **dict.fromkeys(NAMES, 1))
    run(game, hands)
    assert refusal(game, hands) == "there is no round to end"
    game = started(rounds=2)
    run(game, hands)
    assert refusal(game, hands) == "there is no round to end"
