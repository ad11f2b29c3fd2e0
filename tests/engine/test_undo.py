"""Undo: takes the latest event still in effect out of effect, exactly, any number of times,
across rounds; never the new_game (RULES.md fine points; the issue's log format)."""

from __future__ import annotations

from engine_helpers import NAMES, OPEN_HUB_4, end_round, new_game, refusal, run, started, step

from engine import AmendRound, Event, Game, GameState, NewGame, Phase, StartRound, Undo

ALL_ONES = end_round(agreed=True, **dict.fromkeys(NAMES, 1))

# Two rounds with every kind of event: plays, a chicken foot, draws, passes, an agreed end,
# a round that goes out, an amendment.
TWO_ROUNDS: tuple[str | Event, ...] = (
    NewGame(NAMES, {"rounds": 2, "hand_size": 2}),
    StartRound("Ana"),
    *OPEN_HUB_4,
    "Ana draws",
    "Ana 4-4 on 9-4",
    "Ben draws",
    "Ben passes",
    "Cy draws",
    "Cy 4-1 on 4-4",
    end_round(agreed=True, Ana="1-2", Ben="0-0 6-6", Cy="1-6", Dee="2-3"),
    StartRound("Dee"),
    "Dee 8-1 on 8-8",
    "Ana 8-2 on 8-8",
    "Ben 8-3 on 8-8",
    "Cy 8-4 on 8-8",
    "Dee 1-5 on 8-1",
    end_round(Ana="2-5", Ben="5-6", Cy="3-3", Dee=""),
    AmendRound(1, {"Ben": 10}),
)


def states_along(steps: tuple[str | Event, ...]) -> tuple[Game, list[GameState]]:
    """The game after every step, and a copy of the state after each one."""
    game = Game()
    states = []
    for spec in steps:
        run(game, spec)
        states.append(game.state.copy())
    return game, states


def test_undo_steps_back_through_every_event_to_just_after_new_game() -> None:
    game, states = states_along(TWO_ROUNDS)
    assert game.state.phase is Phase.GAME_OVER
    for expected in reversed(states[:-1]):
        run(game, "undo")
        assert game.state == expected
    assert game.state == new_game(rounds=2, hand_size=2).state
    assert refusal(game, "undo") == "there is nothing to undo: the game has only just begun"


def test_undo_returns_the_event_it_took_out_of_effect() -> None:
    game, _ = states_along(TWO_ROUNDS)
    undone = [game.apply(Undo()) for _ in range(len(TWO_ROUNDS) - 1)]
    assert undone == [step(s) for s in reversed(TWO_ROUNDS[1:])]


def test_undo_is_kept_in_the_log_and_the_undone_event_leaves_what_is_in_effect() -> None:
    game = run(started(), "Ana 9-4 on 9-9", "undo")
    assert [e.type for e in game.log] == ["new_game", "start_round", "play", "undo"]
    assert [e.type for e in game.effective] == ["new_game", "start_round"]
    assert game.last_effective == game.effective[-1]  # what the next undo would take back
    assert Game().last_effective is None


def test_two_undos_take_out_two_events_and_there_is_no_redo() -> None:
    game = run(started(), "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "undo", "undo")
    assert game.state.hands == [11, 11, 11, 11]
    assert game.state.current_player == "Ana"


def test_a_refused_event_leaves_nothing_to_undo() -> None:
    game = started()
    refusal(game, "Ben 9-4 on 9-9")
    run(game, "undo")
    assert game.state.phase is Phase.SETUP and game.state.round == 0


def test_undo_of_a_play_that_opened_a_foot_reopens_play_elsewhere() -> None:
    game = run(started(), *OPEN_HUB_4, "Ana 4-4 on 9-4")
    assert game.state.lock is not None
    run(game, "undo")
    assert game.state.lock is None and game.state.current_player == "Ana"
    run(game, "Ana 4-1 on 9-4")


def test_undo_of_a_play_that_went_out_reopens_the_round() -> None:
    game = run(started(("Ana", "Ben"), hand_size=1), "Ana 9-4 on 9-9")
    assert game.state.round_end == "out"
    run(game, "undo")
    assert game.state.phase is Phase.OPENING and game.state.round_end is None
    assert game.state.current_player == "Ana"


def test_undo_of_a_pass_that_blocked_the_round() -> None:
    game = run(started(("Ana", "Ben"), hand_size=26), "Ana passes", "Ben passes")
    assert game.state.round_end == "blocked"
    run(game, "undo")
    assert game.state.round_end is None and game.state.passes == 1


def test_undo_of_end_round_reopens_the_round() -> None:
    game = run(started(), *OPEN_HUB_4, ALL_ONES)
    assert game.state.phase is Phase.SETUP
    run(game, "undo")
    assert game.state.phase is Phase.PLAY
    assert game.state.scores == [] and game.state.round_end is None
    assert game.state.current_player == "Ana"


def test_undo_of_the_last_end_round_reopens_a_finished_game() -> None:
    game = run(started(rounds=1), ALL_ONES)
    assert game.state.phase is Phase.GAME_OVER
    run(game, "undo")
    assert game.state.phase is Phase.OPENING
    assert game.state.outcome is None


def test_undo_across_rounds() -> None:
    game = run(started(rounds=3), *OPEN_HUB_4, ALL_ONES, StartRound("Ben"),
               "Ben 8-1 on 8-8")  # fmt: skip
    run(game, "undo", "undo")  # the play and the start of round 2
    assert (game.state.phase, game.state.round, game.state.scores) == (
        Phase.SETUP, 1, [[1, 1, 1, 1]],
    )  # fmt: skip
    run(game, "undo")  # the end of round 1
    assert game.state.phase is Phase.PLAY and game.state.round == 1
    run(game, "undo")  # Dee's arm
    assert game.state.phase is Phase.OPENING and game.state.current_player == "Dee"
    run(game, ALL_ONES, StartRound("Cy"))  # and onwards again
    assert game.state.round == 2 and game.state.current_player == "Cy"


def test_undo_of_amend_round_restores_the_old_score() -> None:
    game = run(started(rounds=1), ALL_ONES, AmendRound(1, {"Cy": 0}))
    assert game.state.totals == [1, 1, 0, 1]
    run(game, "undo")
    assert game.state.totals == [1, 1, 1, 1]


def test_undo_on_an_empty_log_is_refused() -> None:
    assert refusal(Game(), "undo") == "there is nothing to undo"


def test_new_game_is_never_undone() -> None:
    assert refusal(new_game(), "undo") == "there is nothing to undo: the game has only just begun"


def test_state_equality_sees_every_part_of_the_position() -> None:
    drawn = run(started(), "Ana draws")
    not_drawn = started()
    assert drawn.state != not_drawn.state  # the hand, the yard and the draw this turn
    passed = run(started(("Ana", "Ben"), hand_size=26), "Ana passes")
    other_way = run(started(("Ana", "Ben"), hand_size=26, opener="Ben"), "Ben passes")
    assert passed.state != other_way.state
    assert run(started(), "Ana 9-4 on 9-9", "undo").state == started().state
