"""A whole scores-only game at the table: feet and toes from the hub button, a mistaken press
taken back by a double press, each round's scores on the keypad, to game over.

Everything goes through the mock button pin and SDL clicks, on the fake clock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from family_round import FamilyTable, family_table

from engine import EndRound, FootOpened, Game, HandPips, NewGame, Phase, StartRound, Toe, Undo
from hubd.devices.display import Display, NoDisplay
from hubd.loop.screenless import DEFAULT_PLAYERS, entries_to_count

PLAYERS = ("Ana", "Ben", "Cleo")
#: Each round's pips, by player (Ana goes out in round 1, Cleo in round 2, Ben in round 3).
PIPS = ({"Ana": 0, "Ben": 14, "Cleo": 7}, {"Ana": 21, "Ben": 5, "Cleo": 0},
        {"Ana": 3, "Ben": 0, "Cleo": 30})  # fmt: skip


def quick_press(table: FamilyTable) -> None:
    """A press released soon: with the press before it, a double press (< 0.5 s apart)."""
    table.pin.drive_low()
    table.clock.advance(0.05)
    table.app.step(0)
    table.pin.drive_high()
    table.clock.advance(0.1)
    table.app.step(0)


def light(table: FamilyTable) -> str:
    return table.app.devices.light.mode


def toes_owed(table: FamilyTable) -> int | None:
    assert table.app.core.game is not None
    return table.app.core.game.state.toes_to_go


def a_foot_with_a_mistake(table: FamilyTable) -> None:
    """A foot and its three toes, one of them pressed twice by mistake and taken back."""
    table.press_hub_button()
    assert toes_owed(table) == 3 and light(table) == "pulse"
    table.press_hub_button()
    table.press_hub_button()  # the same toe pressed again by mistake: taken back by a
    quick_press(table)  # double press (its first press counts at once, the second takes
    quick_press(table)  # back both it and the mistake)
    table.clock.advance(2.0)  # entered as the button came up: its flash ends, then pulses
    table.app.step(0)
    assert toes_owed(table) == 2 and light(table) == "pulse"
    table.press_hub_button()
    table.press_hub_button()
    assert toes_owed(table) is None and light(table) == "off"
    assert table.speaker.played[-1] == "released"


def scores_on_the_keypad(table: FamilyTable, pips: dict[str, int]) -> None:
    """Round over, then each player's pips: one tap for the player, the digits, OK; save."""
    table.tap("scores_mode:round_over")
    assert table.app.ui.current == "round_end"
    for name, count in pips.items():
        table.tap(f"hand:{name}")
        for digit in str(count):
            table.tap(f"pad:{digit}")
        table.tap("pad:ok")
    table.tap("round_end:save")


def test_a_whole_scores_only_game_from_presses_and_keypad_taps(
    tmp_path: Path, mock_factory: Any
) -> None:
    with family_table(tmp_path / "data", mock_factory) as table:
        assert table.app.core.submit(NewGame(PLAYERS, {"mode": "scores", "rounds": len(PIPS)}))
        for number, pips in enumerate(PIPS, start=1):
            table.tap(f"player:{PLAYERS[number - 1]}")  # who opens the round
            assert table.app.core.game is not None and table.app.core.game.state.round == number
            a_foot_with_a_mistake(table)
            scores_on_the_keypad(table, pips)
            if number < len(PIPS):
                assert table.app.ui.current == "scores"
                table.tap("bar:1")  # the score sheet's Next round (bar:0 is Amend)
        assert table.app.ui.current == "game_over" and table.app.core.game is not None
        state = table.app.core.game.state
        assert state.phase is Phase.GAME_OVER
        assert table.speaker.played[-1] == "game_over"
        events = table.committed
    totals = [sum(round_pips[name] for round_pips in PIPS) for name in PLAYERS]
    assert list(state.totals) == totals
    assert state.outcome is not None and state.outcome.winners == (PLAYERS.index("Ben"),)
    rounds = [i for i, e in enumerate(events) if isinstance(e, StartRound)]
    one_round = [type(e) for e in events[rounds[0] + 1 : rounds[1]]]
    assert one_round == [FootOpened, Toe, Toe, Toe, Undo, Undo, Toe, Toe, EndRound]
    ends = [e for e in events if isinstance(e, EndRound)]
    assert [{n: h.pips for n, h in e.hands.items() if isinstance(h, HandPips)} for e in ends] == [
        *PIPS
    ]
    assert table.greyed == []


# -- no screen: the button, the light and the sound alone ------------------------------------


def test_with_no_screen_a_press_starts_a_scores_only_game_with_the_last_players(
    tmp_path: Path, mock_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with family_table(tmp_path / "data", mock_factory) as table:
        assert table.app.core.submit(NewGame(PLAYERS, {"preset": "classic"}))  # every play: left
        table.app.core.display = NoDisplay((800, 480))
        monkeypatch.setattr(table.app.ui, "render", None)  # nothing may be drawn
        for _ in range(3):
            table.press_hub_button()
        assert table.app.core.game is not None and table.app.core.game_id == 2
        state = table.app.core.game.state
        assert state.scores_only and state.players == PLAYERS and state.toes_to_go == 1
        assert table.speaker.played == ["cackle", "tap", "tap"]
        table.clock.advance(2.0)  # the last toe, entered as the button came up, has flashed
        table.app.step(0)
        assert light(table) == "pulse"


def no_screen_found(size: tuple[int, int], flags: int) -> pygame.Surface:
    raise pygame.error("no such screen")


def test_a_screen_not_found_keeps_an_every_play_game_and_else_counts_toes(
    tmp_path: Path, mock_factory: Any
) -> None:
    with family_table(tmp_path / "data", mock_factory) as table:
        table.app.core.display = Display((800, 480), clock=table.clock, set_mode=no_screen_found)
        assert not table.app.display.available
        table.press_hub_button()  # no game: a scores-only game for the toes
        assert table.app.core.game is not None and table.app.core.game.state.scores_only
        assert table.app.core.game.state.toes_to_go == 3
        assert table.app.core.submit(NewGame(PLAYERS, {"preset": "classic"}))
        assert table.app.core.submit(StartRound("Ana"))
        table.press_hub_button()  # an every-play game: kept, the screen may come back
        assert table.app.core.game_id == 2 and not table.app.core.game.state.scores_only
        assert table.speaker.played[-1] == "cackle"


def test_the_entries_a_screenless_press_needs() -> None:
    scores = Game.from_events([NewGame(("A", "B"), {"mode": "scores"})])
    assert entries_to_count(scores.state, None, "hub", keep_every_play=True) == [StartRound("A")]
    scores.apply(StartRound("A"))
    assert entries_to_count(scores.state, None, "hub", keep_every_play=False) == []
    scores.apply(EndRound({"A": HandPips(0), "B": HandPips(9)}))
    assert entries_to_count(scores.state, None, "hub", keep_every_play=False) == [StartRound("B")]
    plays = Game.from_events([NewGame(("A", "B"), {}), StartRound("A")])
    assert entries_to_count(plays.state, None, "hub", keep_every_play=True) == []  # kept
    fresh = [NewGame(("A", "B"), {"preset": "hub", "mode": "scores"}), StartRound("A")]
    assert entries_to_count(plays.state, None, "hub", keep_every_play=False) == fresh
    assert entries_to_count(None, ("A", "B"), "hub", keep_every_play=True) == fresh
    default = entries_to_count(None, None, "classic", keep_every_play=True)
    assert default[0] == NewGame(DEFAULT_PLAYERS, {"preset": "classic", "mode": "scores"})
