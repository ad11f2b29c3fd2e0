"""The chicken foot: a double off the hub locks play until its three toes are down
(RULES.md: The chicken foot (the lock))."""

from __future__ import annotations

from engine_helpers import OPEN_HUB_4, refusal, run, started, tile

from engine import Game, NewGame, PlaceKind, Play, StartRound, Tile, summary


def foot_on_5_5() -> Game:
    """Cy opens a chicken foot on 5-5 (on the arm 9-5); Dee is to play its first toe."""
    return run(started(), *OPEN_HUB_4, "Ana 2-1 on 9-2", "Ben draws", "Ben passes",
               "Cy 5-5 on 9-5")  # fmt: skip


def test_a_double_off_the_hub_opens_a_chicken_foot_and_locks_play() -> None:
    game = foot_on_5_5()
    state = game.state
    assert state.lock is not None and state.lock.tile == tile("5-5")
    assert state.lock.kind is PlaceKind.FOOT
    assert [(p.tile, p.end, p.room) for p in state.open_places()] == [(tile("5-5"), 5, 3)]
    assert summary(state)["lock"] == {"double": 5, "toes_needed": 3}
    assert summary(state)["open_ends"] == [{"on": [5, 5], "needs": 5}]
    assert state.current_player == "Dee"  # the toes go down by whoever's turn it is


def test_nothing_may_be_placed_elsewhere_while_the_foot_needs_toes() -> None:
    game = run(foot_on_5_5(), "Dee 5-0 on 5-5", "Ana draws", "Ana passes")
    assert refusal(game, "Ben 4-2 on 9-4") == (
        "Ben cannot play 4-2 on 9-4 while the chicken foot on 5-5 needs 2 more toes"
    )
    run(game, "Ben 5-6 on 5-5")
    assert refusal(game, "Cy 1-7 on 2-1") == (
        "Cy cannot play 1-7 on 2-1 while the chicken foot on 5-5 needs 1 more toe"
    )


def test_a_toe_must_carry_the_doubles_number() -> None:
    game = foot_on_5_5()
    assert refusal(game, "Dee 4-1 on 5-5") == "Dee cannot play 1-4 on 5-5: it needs a 5"


def test_no_second_foot_opens_while_one_is_open() -> None:
    game = foot_on_5_5()
    assert refusal(game, "Dee 4-4 on 9-4").endswith(
        "while the chicken foot on 5-5 needs 3 more toes"
    )


def test_drawing_and_passing_go_on_during_the_lock() -> None:
    game = run(foot_on_5_5(), "Dee draws", "Dee passes", "Ana draws", "Ana 5-0 on 5-5")
    assert game.state.lock is not None and game.state.lock.room == 2


def test_the_third_toe_releases_the_lock_and_the_toes_become_free_ends() -> None:
    game = run(foot_on_5_5(), "Dee 5-0 on 5-5", "Ana 5-6 on 5-5", "Ben 5-7 on 5-5")
    state = game.state
    assert state.lock is None and summary(state)["lock"] is None
    assert [(p.tile, p.end) for p in state.open_places()] == [
        (tile("0-5"), 0), (tile("1-2"), 1), (tile("3-9"), 3), (tile("4-9"), 4),
        (tile("5-6"), 6), (tile("5-7"), 7),
    ]  # fmt: skip
    assert refusal(game, "Cy 5-8 on 5-5") == (
        "Cy cannot play 5-8 on 5-5: the chicken foot on 5-5 has all three toes"
    )
    run(game, "Cy 4-8 on 9-4", "Dee 6-1 on 5-6")


def test_a_double_on_the_hub_arm_end_after_the_opening() -> None:
    game = run(started(), *OPEN_HUB_4, "Ana 4-4 on 9-4")
    assert game.state.lock is not None and game.state.lock.tile == tile("4-4")


def test_nested_feet_a_double_on_a_toe_opens_a_new_foot_later() -> None:
    game = run(foot_on_5_5(), "Dee 5-0 on 5-5", "Ana 5-6 on 5-5", "Ben 5-7 on 5-5")
    run(game, "Cy 6-6 on 5-6")
    state = game.state
    assert state.lock is not None and state.lock.tile == tile("6-6")
    assert summary(state)["lock"] == {"double": 6, "toes_needed": 3}
    assert refusal(game, "Dee 0-2 on 5-0").endswith("chicken foot on 6-6 needs 3 more toes")
    run(game, "Dee 6-1 on 6-6", "Ana 6-2 on 6-6", "Ben 6-3 on 6-6")
    assert game.state.lock is None
    run(game, "Cy 1-1 on 6-1")  # and a foot on a toe of that foot
    assert game.state.lock is not None and game.state.lock.tile == tile("1-1")
    table = game.state.table
    assert table is not None and table.placed[tile("1-1")].parent == tile("1-6")


def test_each_double_placed_opens_exactly_one_foot() -> None:
    game = run(foot_on_5_5(), "Dee 5-0 on 5-5", "Ana 5-6 on 5-5", "Ben 5-7 on 5-5",
               "Cy 0-0 on 5-0")  # fmt: skip
    assert game.state.feet_opened == [0, 0, 2, 0]  # Cy opened the 5-5 and the 0-0
    table = game.state.table
    assert table is not None
    assert [t for t, p in table.placed.items() if p.kind is PlaceKind.FOOT] == [
        tile("5-5"), tile("0-0"),
    ]  # fmt: skip


def test_placeable_doubles_are_those_off_the_table_that_fit_an_open_place() -> None:
    game = Game.from_events([NewGame(("Ana", "Ben"), {"hub_arms": 2}), StartRound("Ana")])
    assert game.state.placeable_doubles() == []  # the hub opens with 9-x tiles only
    game.apply(Play("Ana", Tile(4, 9), Tile(9, 9)))
    game.apply(Play("Ben", Tile(5, 9), Tile(9, 9)))
    assert game.state.placeable_doubles() == [Tile(4, 4), Tile(5, 5)]
    game.apply(Play("Ana", Tile(4, 4), Tile(4, 9)))
    assert game.state.placeable_doubles() == []  # only toes while the foot is open


def test_legal_plays_follow_the_open_places_by_number() -> None:
    """The hub while it opens, the foot while it waits, then every end that takes a number."""
    hand = [tile(t) for t in ("5-1", "9-8", "4-2", "5-0", "2-3")]
    opening = run(started(), "Ana 9-4 on 9-9")
    assert opening.state.legal_plays(hand) == [(tile("9-8"), tile("9-9"))]
    game = foot_on_5_5()
    assert game.state.legal_plays(hand) == [(tile("5-1"), tile("5-5")), (tile("5-0"), tile("5-5"))]
    run(game, "Dee 5-6 on 5-5", "Ana 5-7 on 5-5", "Ben 5-3 on 5-5")
    plays = game.state.legal_plays(hand)
    # open: 9-4, 2-1, 9-3 and the toes 5-6, 5-7, 5-3; by hand order, then place order
    assert plays == [
        (tile("5-1"), tile("2-1")),
        (tile("4-2"), tile("9-4")),
        (tile("2-3"), tile("3-5")),
        (tile("2-3"), tile("9-3")),
    ]
    assert game.state.legal_plays([tile("8-8"), tile("0-8")]) == []  # no end needs an 8 or a 0
