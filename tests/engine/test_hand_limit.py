"""The most pips a hand could hold (engine/hand_limit.py): from the hub's count of the hand's
tiles and the tiles not on the table, or in score-keeper mode from the set."""

from __future__ import annotations

from engine_helpers import hands_entered, run, started, tile

from engine import HandLimit, HandPips, hand_limit, over_limit

PLAYERS = ("Ana", "Ben")


def test_a_hand_holds_at_most_its_count_of_the_largest_tiles_not_on_the_table() -> None:
    game = started(PLAYERS)  # classic: 9-9 on the table
    state = game.state.copy()
    state.hands[0] = 3
    # 9-9 is on the table: 8-9, 8-8 and 7-9 are the largest left (17 + 16 + 16).
    assert hand_limit(state, "Ana") == HandLimit("Ana", 3, 49)
    assert over_limit(state, "Ana", HandPips(500)) == HandLimit("Ana", 3, 49)
    assert over_limit(state, "Ana", HandPips(49)) is None
    assert over_limit(state, "Ana", HandPips(16)) is None
    # Tiles counted in another hand this round are not in this one.
    others = hands_entered(Ben="8-9 8-8")
    assert hand_limit(state, "Ana", others).most == 16 + 15 + 15  # 7-9, 7-8, 6-9
    # The player's own earlier entry does not count against the hand.
    assert hand_limit(state, "Ana", hands_entered(Ana="8-9 8-8 7-9")).most == 49
    # A hand given as its tiles is checked tile by tile by the round's end, not here.
    assert over_limit(state, "Ana", (tile("9-8"),)) is None


def test_the_tiles_played_come_off_what_a_hand_can_hold() -> None:
    game = run(started(PLAYERS), "Ana 9-8 on 9-9")
    state = game.state.copy()
    state.hands[1] = 1
    assert hand_limit(state, "Ben") == HandLimit("Ben", 1, 16)  # 8-8 (9-9 and 8-9 are down)
    state.hands[1] = 0
    assert hand_limit(state, "Ben").most == 0


def test_score_keeper_mode_takes_the_set_less_what_is_known() -> None:
    state = started(PLAYERS, mode="scores").state  # double-9: the whole set is 495
    assert hand_limit(state, "Ana") == HandLimit("Ana", None, 495)
    assert hand_limit(state, "Ana", {"Ben": HandPips(95)}).most == 400
    assert over_limit(state, "Ana", HandPips(500)) == HandLimit("Ana", None, 495)
    assert over_limit(state, "Ana", HandPips(401), {"Ben": HandPips(95)}) is not None
    assert over_limit(state, "Ana", HandPips(60), {"Ben": HandPips(95)}) is None
    # Where the table says how many tiles the hand holds, the set's largest bound it.
    assert hand_limit(state, "Ana", held=3) == HandLimit("Ana", 3, 18 + 17 + 16)
    # More known than the set holds (a typo elsewhere): the bound does not go below 0.
    assert hand_limit(state, "Ana", {"Ben": HandPips(600)}).most == 0
