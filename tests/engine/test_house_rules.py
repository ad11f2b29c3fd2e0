"""The double-6 set and the house rules (RULES.md: Tiles and the set, House rules): burn the
double nobody holds, 50 for going out on a double, the first round's double."""

from __future__ import annotations

import json

import pytest
from engine_helpers import end_round, new_game, refusal, run, started

from engine import Game, NewGame, Phase, RuleError, StartRound, make_rules, summary
from engine.cli import replay_lines
from engine.events import dump_line, parse_line
from engine.simulate import Simulator

PAIR = ("Ana", "Ben")

# -- double-6 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "hub", "four-arm"])
@pytest.mark.parametrize(("players", "hand", "yard"), [(2, 7, 13), (3, 6, 9), (4, 5, 7)])
def test_double_6_deals_its_own_hands_and_leaves_a_yard(
    preset: str, players: int, hand: int, yard: int
) -> None:
    rules = make_rules({"preset": preset, "set": 6}, players)
    assert (rules.hand_size, rules.rounds, rules.set_size) == (hand, 7, 28)
    left = rules.set_size - players * hand - (0 if rules.double_in_hands else 1)
    assert left == yard + (1 if rules.double_in_hands else 0) > rules.reserve


def test_double_6_counts_down_seven_rounds_from_the_6_6() -> None:
    game = started(("Ana", "Ben", "Cy"), set=6)
    assert summary(game.state)["starting_double"] == 6
    assert [game.state.rules.starting_double(n) for n in range(1, 8)] == [6, 5, 4, 3, 2, 1, 0]
    assert game.state.hands == [6, 6, 6] and game.state.yard == 9


def test_five_players_on_a_double_6_set_are_sent_to_the_smallest_set_that_fits() -> None:
    assert refusal(Game(), NewGame(("A", "B", "C", "D", "E"), {"set": 6})) == (
        "5 players x 8 tiles plus the starting double need 41 tiles but a double-6 set has "
        'only 28; use a double-9 set ("set": 9) or smaller hands'
    )


# -- the first round's double -----------------------------------------------------------------


def test_a_double_12_game_may_start_from_the_9_9() -> None:
    game = started(set=12, first_double=9)
    rules = game.state.rules
    assert rules is not None and (rules.rounds, rules.last_double) == (10, 0)
    assert summary(game.state)["starting_double"] == 9
    assert [p.tile for p in game.state.open_places()] == [(9, 9)]
    assert game.state.table is not None and game.state.table.off_table_carrying[12] == 13


def test_rounds_count_from_the_first_double() -> None:
    assert make_rules({"set": 12, "first_double": 5, "rounds": 6}, 4).last_double == 0
    assert refusal(Game(), NewGame(PAIR, {"set": 12, "first_double": 5, "rounds": 7})) == (
        "rule option rounds = 7 is not allowed; use 1 to 6"
    )
    assert refusal(Game(), NewGame(PAIR, {"first_double": 10})) == (
        "rule option first_double = 10 is not allowed; use 0 to 9"
    )


# -- burn the double nobody holds ---------------------------------------------------------------


def burning(**rules: object) -> Game:
    return new_game(PAIR, preset="hub", burn_double=True, **rules)


def test_a_burned_double_starts_the_round_lower_and_the_game_has_fewer_rounds() -> None:
    game = burning(rounds=4)  # 9-9 down to 6-6
    run(game, StartRound("Ben", double=7))  # nobody holds the 9-9 or the 8-8
    state = game.state
    assert (state.starting_double, state.hands, state.yard) == (7, [11, 10], 33)
    assert [p.tile for p in state.open_places()] == [(7, 7)]
    assert summary(state)["starting_double"] == 7
    run(game, end_round(agreed=True, Ana=3, Ben=4))
    assert state.next_double == 6
    run(game, StartRound("Ana"), end_round(agreed=True, Ana=1, Ben=2))
    assert game.state.phase is Phase.GAME_OVER and game.state.doubles == [7, 6]
    assert refusal(game, StartRound("Ana")) == ("the game is over: it has played down to the 6-6")


def test_only_a_lower_double_of_the_game_may_be_named_and_never_with_a_search() -> None:
    game = burning(rounds=3)
    assert refusal(game, StartRound("Ana", double=9)) == (
        "the 9-9 cannot start round 1: with nobody holding the 9-9, the round starts with a "
        "lower double, from the 8-8 down to the 7-7"
    )
    assert refusal(game, StartRound("Ana", double=6)).startswith("the 6-6 cannot start round 1")
    assert refusal(game, StartRound("Ana", {"Ben": 2}, double=8)) == (
        "the 9-9 was burned, so nobody searched the chicken yard: round 1 starts with the 8-8 "
        "from the opener's hand"
    )
    run(game, StartRound("Ana", double=7), end_round(agreed=True, Ana=0, Ben=0))
    assert game.state.phase is Phase.GAME_OVER  # 7-7 was the game's last double


def test_the_last_double_is_never_burned() -> None:
    game = burning(rounds=2)
    run(game, StartRound("Ana"), end_round(agreed=True, Ana=0, Ben=0))
    assert refusal(game, StartRound("Ana", double=7)) == (
        "the 8-8 starts the game's last round, so it is never burned: search the chicken yard "
        "for it"
    )


def test_burning_needs_the_option_and_a_double_dealt_into_hands() -> None:
    assert refusal(new_game(PAIR, preset="hub"), StartRound("Ana", double=8)) == (
        "round 1 starts with the 9-9; a round starts with a lower double only under the house "
        "rule burn_double"
    )
    assert refusal(Game(), NewGame(PAIR, {"burn_double": True})) == (
        "rule option burn_double needs double_in_hands: a double set aside before the deal is "
        "never missing, so there is nothing to burn"
    )


def test_a_burned_start_is_written_and_read_back_in_the_log() -> None:
    event = StartRound("Ana", double=7)
    line = dump_line(event)
    assert json.loads(line) == {"type": "start_round", "opener": "Ana", "double": 7}
    assert parse_line(line) == event
    with pytest.raises(RuleError, match="start_round's double must be a whole number"):
        parse_line(line.replace("7", '"7"'))


# -- going out on a double --------------------------------------------------------------------


def out_on_5_5(**rules: object) -> Game:
    """Ana (one tile left) goes out with the 5-5 on Ben's 9-5; Ben holds 8 pips."""
    game = started(PAIR, hand_size=3, hub_arms=2, **rules)
    return run(game, "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Ana 4-1 on 9-4", "Ben 1-2 on 4-1",
               "Ana 5-5 on 9-5")  # fmt: skip


def test_going_out_on_a_double_scores_50_under_the_house_rule() -> None:
    game = run(out_on_5_5(out_on_double_50=True), end_round(Ana="", Ben=8))
    assert game.state.scores == [[50, 8]]
    assert game.state.totals == [50, 8]


def test_going_out_on_a_double_scores_0_without_it_and_on_any_other_tile() -> None:
    assert run(out_on_5_5(), end_round(Ana="", Ben=8)).state.scores == [[0, 8]]
    game = started(PAIR, hand_size=2, hub_arms=2, out_on_double_50=True)
    run(game, "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Ana 4-1 on 9-4", end_round(Ana="", Ben=3))
    assert game.state.scores == [[0, 3]]


def test_the_penalty_is_refused_where_the_hub_sees_no_tiles() -> None:
    message = refusal(Game(), NewGame(PAIR, {"mode": "scores", "out_on_double_50": True}))
    assert message.startswith("rule option out_on_double_50 needs the plays entered")


# -- the simulator and replay ---------------------------------------------------------------------

HOUSE_GAMES = [
    (4, {"set": 6}),
    (2, {"preset": "hub", "set": 6, "burn_double": True, "out_on_double_50": True}),
    (4, {"preset": "four-arm", "burn_double": True, "out_on_double_50": True}),
    (3, {"set": 12, "first_double": 9, "double_blank_50": True, "out_on_double_50": True}),
    (4, {"preset": "hub", "set": 12, "first_double": 7, "burn_double": True}),
]


@pytest.mark.parametrize(("players", "rules"), HOUSE_GAMES)
def test_simulated_games_with_each_set_and_house_rule_keep_every_invariant_and_replay(
    players: int, rules: dict[str, object]
) -> None:
    simulator = Simulator(players, rules, seed=39, mischief=0.1)
    for _ in range(3):
        game = simulator.play_game()  # invariants, refusals, undos and true scores checked
        lines = [dump_line(event).encode() for event in game.log]
        out, ok = replay_lines(lines)
        assert ok and out == summary(game.state)
        assert Game.from_events(parse_line(line.decode()) for line in lines).state == game.state
    if rules.get("burn_double"):
        assert simulator.stats.burned > 0  # some rounds did start lower
