"""A hold is never a press: in score-keeper mode (and with no screen) a press is entered when
the button comes up, so the 3 s mute hold and the 8 s shutdown hold enter nothing. Without a
screen, a game at the 20,000-event limit does not refuse every press for ever: the press
begins a new game with its players, and the full one is kept."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in every test's arguments)

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from family_round import family_table
from hub_harness import Hub, hub  # noqa: F401  (the fixture)

from engine import MAX_EVENTS, FootOpened, NewGame, StartRound, Toe, dump_line
from hubd.devices.button import ButtonLogic
from hubd.devices.display import NoDisplay

PLAYERS = ("Ana", "Ben")


def hold(hub: Hub, seconds: float) -> None:
    hub.edge(True, after=2.0)
    hub.run()
    for _ in range(int(seconds * 10)):
        hub.wait(0.1)
    hub.edge(False, after=0.01)
    hub.run()
    hub.wait(0.05)


def test_the_mute_hold_enters_no_toe(hub: Hub) -> None:
    assert hub.app.core.submit(NewGame(PLAYERS, {"mode": "scores"}))
    assert hub.app.core.submit(StartRound("Ana"))
    assert hub.app.core.submit(FootOpened())
    assert hub.app.core.game is not None
    entries = len(hub.app.core.game.log)
    hold(hub, 3.2)
    assert hub.app.settings.muted
    assert len(hub.app.core.game.log) == entries and hub.app.core.game.state.toes_to_go == 3
    hold(hub, 3.2)  # and back: still no toe
    assert not hub.app.settings.muted and len(hub.app.core.game.log) == entries


def test_the_shutdown_hold_enters_no_foot(hub: Hub) -> None:
    hub.app.button.logic = ButtonLogic(0.02, 3.0, long_hold_s=8.0)
    assert hub.app.core.submit(NewGame(PLAYERS, {"mode": "scores"}))
    assert hub.app.core.submit(StartRound("Ana"))
    assert hub.app.core.game is not None
    entries = len(hub.app.core.game.log)
    hold(hub, 8.2)
    assert hub.app.button.poweroff
    assert len(hub.app.core.game.log) == entries and hub.app.core.game.state.toes_to_go is None


def test_a_short_press_still_enters_when_it_comes_up(hub: Hub) -> None:
    assert hub.app.core.submit(NewGame(PLAYERS, {"mode": "scores"}))
    assert hub.app.core.submit(StartRound("Ana"))
    hub.edge(True, after=2.0)
    hub.run()
    assert hub.app.core.game is not None and hub.app.core.game.state.toes_to_go is None  # not yet
    hub.edge(False, after=0.15)
    hub.run()
    hub.wait(0.05)
    assert hub.app.core.game.state.toes_to_go == 3 and hub.speaker.played == ["cackle"]


def full_game() -> list[str]:
    """A scores-only game of exactly MAX_EVENTS events, a foot open."""
    events = [NewGame(PLAYERS, {"mode": "scores"}), StartRound("Ana")]
    while len(events) + 4 <= MAX_EVENTS:
        events += [FootOpened(), Toe(), Toe(), Toe()]
    events += [FootOpened(), Toe()][: MAX_EVENTS - len(events)]
    assert len(events) == MAX_EVENTS
    return [dump_line(e) for e in events]


def test_without_a_screen_a_full_game_gives_way_to_a_new_one(
    tmp_path: Path, mock_factory: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with family_table(tmp_path / "data", mock_factory) as table:
        full = table.app.core.store.import_log(full_game())
        table.app.core.resume()
        assert table.app.core.game_id == full
        table.app.core.display = NoDisplay((800, 480))
        with caplog.at_level(logging.WARNING):
            table.press_hub_button()
        assert table.app.core.game_id == full + 1
        assert table.app.core.game is not None and table.app.core.game.state.players == PLAYERS
        assert table.app.core.game.state.toes_to_go == 3  # the press opened a foot in it
        said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert any(f"game {full} holds the most entries" in line for line in said), said
        assert len(table.app.core.store.events(full)) == MAX_EVENTS  # nothing of it lost
        table.press_hub_button()
        assert table.app.core.game.state.toes_to_go == 2
