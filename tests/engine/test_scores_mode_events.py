"""Score-keeper mode in the engine: the rule option ``mode``, feet and toes, round scores."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from engine_helpers import end_round, new_game, refusal, run

from engine import (
    EndRound,
    FootOpened,
    Game,
    HandPips,
    NewGame,
    Phase,
    RoundEnd,
    RuleError,
    StartRound,
    TieBreak,
    Toe,
    dump_line,
    make_rules,
    parse_line,
    summary,
)
from engine.cli import replay_lines
from hubd.store import GameStore

pytest_plugins = ["store_fixtures"]

TWO = ("Ana", "Ben")


def scores_game(players: tuple[str, ...] = TWO, **rules: object) -> Game:
    game = new_game(players, mode="scores", **rules)
    run(game, StartRound(players[0]))
    return game


def test_the_mode_is_a_rule_option_every_play_by_default_and_not_written() -> None:
    assert make_rules({}, 2).mode == "plays"
    assert make_rules({"mode": "scores"}, 2).scores_only
    assert dump_line(NewGame(TWO)) == '{"type": "new_game", "players": ["Ana", "Ben"], "rules": {}}'
    for bad in ("tiles", 1, None):
        with pytest.raises(RuleError, match=r"rule option mode = .* use \"plays\" or \"scores\""):
            make_rules({"mode": bad}, 2)


def test_a_foot_takes_three_toes_and_the_third_releases_it() -> None:
    game = scores_game()
    state = game.state
    assert (state.phase, state.toes_to_go, state.current_player) == (Phase.PLAY, None, None)
    assert (state.starting_double, state.opener_name) == (9, "Ana")
    run(game, FootOpened())
    assert game.state.toes_to_go == 3
    assert summary(game.state)["lock"] == {"double": None, "toes_needed": 3}
    run(game, Toe(), Toe())
    assert game.state.toes_to_go == 1
    run(game, Toe())
    assert game.state.toes_to_go is None and summary(game.state)["lock"] is None
    run(game, FootOpened())  # a toe's end can take a double: a new foot
    assert game.state.toes_to_go == 3


def test_feet_and_toes_are_refused_when_the_mode_or_phase_is_wrong() -> None:
    plays = new_game(TWO)
    run(plays, StartRound("Ana"))
    assert refusal(plays, FootOpened()).startswith(
        "A chicken foot is only entered in a game that keeps the scores only"
    )
    assert refusal(plays, Toe()).startswith("A toe is only entered")
    game = new_game(TWO, mode="scores")
    assert refusal(game, FootOpened()) == (
        "A chicken foot cannot be entered: the next round has not started"
    )
    run(game, StartRound("Ana"))
    assert refusal(game, Toe()) == (
        "no chicken foot is open: press the hub button for a double first"
    )
    run(game, FootOpened(), Toe())
    assert refusal(game, FootOpened()) == "a chicken foot is already open: it needs 2 more toes"


def test_no_tiles_are_entered_in_a_scores_only_game() -> None:
    game = scores_game()
    assert refusal(game, "Ana 9-4 on 9-9") == (
        "Ana cannot play 4-9: this game keeps the scores only, so no tiles are entered"
    )
    assert "no tiles are entered" in refusal(game, "Ben draws")
    assert "no tiles are entered" in refusal(game, "Ben passes")
    assert "enter Ana's hand as its pip count" in refusal(game, end_round(Ana="1-2", Ben=0))
    other = new_game(TWO, mode="scores", double_in_hands=True)
    assert "draws made to find the double" in refusal(other, StartRound("Ben", {"Ana": 1}))


def test_the_scores_end_the_round_at_any_time_and_undo_takes_them_back() -> None:
    game = scores_game(rounds=2)
    run(game, FootOpened(), Toe())
    run(game, end_round(Ana=0, Ben=23))  # no "round over" to wait for: the table says so
    state = game.state
    assert (state.phase, state.round_end, state.scores, state.toes_to_go) == (
        Phase.SETUP, RoundEnd.OUT, [[0, 23]], None
    )  # fmt: skip
    run(game, "undo")
    assert (game.state.phase, game.state.toes_to_go, game.state.scores) == (Phase.PLAY, 2, [])
    run(game, "undo")
    assert game.state.toes_to_go == 3
    assert refusal(game, end_round(Ana=3)) == "enter every hand: Ben missing"


def test_whole_game_scoring_and_tie_breaks_are_the_same_as_every_play() -> None:
    game = new_game(TWO, mode="scores", rounds=3, double_blank_50=True)
    rounds = [
        {"Ana": HandPips(0), "Ben": HandPips(0, double_blank=True)},  # 0 and 50
        {"Ana": HandPips(30), "Ben": HandPips(0)},
        {"Ana": HandPips(20), "Ben": HandPips(0)},
    ]
    for number, hands in enumerate(rounds, start=1):
        run(game, StartRound(TWO[number % 2]))
        assert game.state.starting_double == 10 - number
        run(game, EndRound(hands))
    state = game.state
    assert state.phase is Phase.GAME_OVER and state.totals == [50, 50]
    assert state.outcome is not None and state.outcome.decided_by is TieBreak.ZERO_ROUNDS
    assert summary(state)["winner"] == "Ben"
    assert refusal(game, StartRound("Ana")) == "the game is over: all 3 rounds are scored"
    assert refusal(game, FootOpened()) == "A chicken foot cannot be entered: the game is over"


def test_the_new_events_read_and_write_back_and_replay() -> None:
    for event, line in ((FootOpened(), '{"type": "foot_opened"}'), (Toe(), '{"type": "toe"}')):
        assert dump_line(event) == line and parse_line(line) == event
    log = [
        NewGame(TWO, {"mode": "scores"}),
        StartRound("Ben"),
        FootOpened(),
        Toe(),
    ]
    result, ok = replay_lines([dump_line(e).encode() for e in log])
    assert ok
    assert (result["phase"], result["current_player"], result["lock"]) == (
        "play", None, {"double": None, "toes_needed": 2}
    )  # fmt: skip
    bad, ok = replay_lines([dump_line(e).encode() for e in (*log, Toe(), Toe(), Toe())])
    assert not ok and bad["error"] == {
        "line": 7,
        "message": "no chicken foot is open: press the hub button for a double first",
    }


def test_a_scores_only_game_exports_and_imports(store: GameStore, tmp_path: Path) -> None:
    log = [NewGame(TWO, {"mode": "scores", "rounds": 1}), StartRound("Ana"), FootOpened()]
    game_id = store.new_game(log[0])
    for event in log[1:]:
        store.append(game_id, event)
    assert store.load(game_id).state.toes_to_go == 3
    out = io.StringIO()
    store.export_jsonl(game_id, out)
    lines = out.getvalue().splitlines()
    assert json.loads(lines[0])["rules"] == {"mode": "scores", "rounds": 1}
    other = GameStore.open(tmp_path / "another hub")
    copy = other.import_log(io.StringIO(out.getvalue()))
    other.append(copy, EndRound({"Ana": HandPips(0), "Ben": HandPips(7)}))
    assert other.load(copy).state.phase is Phase.GAME_OVER
    other.close()
