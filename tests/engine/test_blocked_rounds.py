"""Why a round is blocked (engine/blocks.py): the census's reason, on crafted logs and over
random games checked against a census counted afresh from the tiles on the table."""

from __future__ import annotations

import pytest
from engine_helpers import (
    ALL_FOURS_DOWN,
    FOUR_NUMBERS_GONE,
    THREE_FOURS_OPEN,
    end_round,
    run,
    started,
    tile,
)

from engine import (
    Block,
    BlockKind,
    EndRound,
    Game,
    GameState,
    Pass,
    Play,
    RoundEnd,
    StartRound,
)
from engine.blocks import join_numbers
from engine.simulate import Simulator

TWO = ("Ana", "Ben")


def test_a_foot_with_no_toe_and_every_tile_with_its_number_down() -> None:
    game = run(started(TWO, hub_arms=1), *ALL_FOURS_DOWN)
    assert game.state.block is None  # the 4-4 is still about, and the 8-4 takes it
    run(game, "Ben 4-4 on 8-4")
    assert game.state.block == Block(BlockKind.FOOT, (4,), tile("4-4"), 12)
    assert game.state.block.message == (
        "every 4 is on the table, so the 4-4 can never get its toes"
    )


def test_a_foot_that_has_some_toes_names_the_same_reason() -> None:
    game = run(
        started(TWO),
        "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-0 on 9-4", "Ben 0-1 on 4-0",
        "Ana 1-4 on 0-1", "Ben 4-2 on 1-4", "Ana 2-3 on 4-2", "Ben 3-4 on 2-3",
        "Ana 4-5 on 3-4", "Ben 5-7 on 4-5", "Ana 7-4 on 5-7", "Ben 4-4 on 7-4",
        "Ana 4-6 on 4-4", "Ben 4-8 on 4-4",
    )  # fmt: skip
    block = game.state.block
    assert block is not None and block.kind is BlockKind.FOOT
    assert (block.numbers, block.double) == ((4,), tile("4-4"))  # the 6s elsewhere do not count


def test_every_free_end_needs_one_number_that_is_all_down() -> None:
    game = run(started(TWO, hub_arms=1), *THREE_FOURS_OPEN[:-1])
    assert game.state.block is None
    run(game, THREE_FOURS_OPEN[-1])
    assert game.state.block == Block(BlockKind.ENDS, (4,), None, 12)
    assert game.state.block.message == "every 4 is on the table, so no end can be played"


def test_free_ends_that_need_several_numbers_list_them_all() -> None:
    game = run(started(TWO, hub_arms=2, hand_size=26), *FOUR_NUMBERS_GONE)
    block = game.state.block
    assert block == Block(BlockKind.ENDS, (2, 3, 6, 9), None, 2)
    assert block.message == (
        "every tile with 2, 3, 6 or 9 is on the table, so no end can be played"
    )
    table = game.state.table
    assert table is not None and {p.end for p in table.open.values()} == {2, 3, 6, 9}


def test_everyone_passed_at_the_reserve() -> None:
    game = run(started(TWO, hand_size=26), "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana passes")
    assert game.state.block is None
    run(game, "Ben passes")
    assert game.state.block == Block(BlockKind.PASSES, (4, 6), None, 2)
    assert game.state.block.message == ("everyone passed with the chicken yard at its reserve of 2")


def test_everyone_passed_with_the_yard_empty_during_a_lock_and_the_opening() -> None:
    game = started(TWO, search_draws={"Ana": 2}, preset="hub", hand_size=26)
    assert game.state.yard == 0
    run(game, "Ben 9-4 on 9-9", "Ana passes", "Ben passes")
    assert game.state.block == Block(BlockKind.PASSES, (9,), tile("9-9"), 0)
    assert game.state.block.message == "everyone passed and the chicken yard is empty"
    game = run(
        started(TWO, hand_size=26),
        "Ana 9-4 on 9-9", "Ben 9-6 on 9-9", "Ana 4-4 on 9-4", "Ben passes", "Ana passes",
    )  # fmt: skip
    assert game.state.block == Block(BlockKind.PASSES, (4,), tile("4-4"), 2)


def test_the_reason_stays_until_the_next_round_and_goes_with_an_undo() -> None:
    game = run(started(TWO, hub_arms=1, rounds=2), *ALL_FOURS_DOWN, "Ben 4-4 on 8-4")
    reason = game.state.block
    run(game, end_round(Ana=61, Ben=74))
    assert game.state.block == reason
    run(game, "undo", "undo")  # the scores, then the 4-4
    assert game.state.block is None
    run(game, "Ben 4-4 on 8-4", end_round(Ana=61, Ben=74), StartRound("Ana"))
    assert game.state.block is None


def test_only_a_blocked_round_has_a_reason() -> None:
    assert GameState().block is None
    out = run(started(TWO, hand_size=1), "Ana 9-4 on 9-9")
    assert out.state.round_end == "out" and out.state.block is None
    agreed = run(started(TWO), end_round(agreed=True, Ana=1, Ben=2))
    assert agreed.state.block is None
    keeper = run(started(TWO, mode="scores"), end_round(Ana=0, Ben=9))
    assert keeper.state.block is None


@pytest.mark.parametrize(
    ("numbers", "joined"), [((), ""), ((5,), "5"), ((4, 5), "4 or 5"), ((2, 4, 5), "2, 4 or 5")]
)
def test_numbers_are_joined_by_the_words_given(numbers: tuple[int, ...], joined: str) -> None:
    assert join_numbers(numbers, "{numbers} or {last}") == joined


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("classic", 2, 1), ("classic", 4, 2), ("hub", 3, 3), ("four-arm", 5, 4), ("classic", 8, 5)],
)
def test_every_blocked_round_of_random_games_says_a_true_reason(
    preset: str, players: int, seed: int
) -> None:
    played = Simulator(players, {"preset": preset}, seed, check=False).play_game()
    game, kinds = Game(), set()
    for event in played.log:  # replayed, to look at the state after every event
        game.apply(event)
        state, block = game.state, game.state.block
        if state.round_end is not RoundEnd.BLOCKED or state.table is None:
            assert block is None
            continue
        assert block is not None and state.rules is not None
        table = state.table
        waiting = [table.placed[table.lock]] if table.lock is not None else table.open.values()
        assert block.numbers == tuple(sorted({p.end for p in waiting}))
        assert block.yard == state.yard
        if block.kind is BlockKind.PASSES:
            assert isinstance(event, Pass | EndRound) and state.yard <= state.rules.reserve
        else:  # counted afresh: every tile carrying each number is on the table
            assert isinstance(event, Play | EndRound)
            for number in block.numbers:
                assert sum(t.carries(number) for t in table.placed) == state.rules.highest + 1
            assert (block.kind is BlockKind.FOOT) == (table.lock is not None)
        kinds.add(block.kind)
    assert kinds, "no round of this game was blocked: pick another seed"
