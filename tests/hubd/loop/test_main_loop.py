"""The main loop with mock pins and fakes: the button, the lock's effects, the store."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from hub_harness import Hub, T, hub, start_two_player_game  # noqa: F401 - the fixture

from engine import Draw, Pass, RuleError, Tile, Undo
from hubd.config.settings import Settings
from hubd.devices.display import Display


def test_press_cackles_and_opens_the_double_picker(hub: Hub, monkeypatch: Any) -> None:
    start_two_player_game(hub)
    picked: list[list[Tile]] = []
    monkeypatch.setattr(
        hub.app.ui, "open_double_picker", lambda d, now=None: picked.append(list(d))
    )
    hub.edge(True)
    hub.run()
    assert hub.speaker.played == ["cackle"]
    assert picked == [[T("4-4"), T("5-5")]]


def test_double_locks_play_pulses_light_until_the_third_toe(hub: Hub) -> None:
    start_two_player_game(hub)
    assert hub.play("Ana", "4-4", "9-4")
    assert hub.speaker.played[-1] == "cackle"
    assert hub.light.mode == "pulse"
    assert not hub.play("Ben", "5-2", "9-5")  # refused: the foot needs its toes
    assert hub.play("Ben", "4-1", "4-4")
    assert hub.play("Ana", "4-2", "4-4")
    assert hub.light.mode == "pulse"
    assert hub.play("Ben", "4-3", "4-4")
    assert hub.speaker.played[-1] == "released"
    assert hub.light.mode == "off"


def test_press_while_a_foot_is_open_flashes_the_toes_owed(hub: Hub) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    hub.play("Ben", "4-1", "4-4")
    hub.edge(True)
    hub.run()
    assert hub.speaker.played[-1] == "cackle"
    assert hub.light.calls[-1] == "flash 2"


def test_contact_bounce_is_one_press(hub: Hub) -> None:
    for i in range(10):
        hub.edge(i % 2 == 0, after=0.0005)
    hub.run()
    assert hub.speaker.played == ["cackle"]


def test_stuck_button_is_one_press_not_a_flood(hub: Hub) -> None:
    hub.edge(True)
    for _ in range(600):  # ten minutes, the loop waking every second
        hub.wait(1.0)
    assert hub.speaker.played == ["cackle"]


def test_hold_toggles_mute(hub: Hub) -> None:
    hub.edge(True)
    hub.run()
    hub.wait(3.1)
    assert hub.app.settings.muted and hub.speaker.muted
    hub.edge(False, after=0.1)
    hub.wait(0.1)
    hub.edge(True, after=0.1)
    hub.run()
    hub.wait(3.1)
    assert not hub.app.settings.muted and not hub.speaker.muted


def test_undo_reopens_the_foot_and_the_light_follows(hub: Hub) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    assert hub.app.core.submit(Undo())
    assert hub.light.mode == "off"
    assert hub.app.core.submit(Undo())  # takes back Ben's 9-5
    assert hub.app.core.game is not None and hub.app.core.game.state.current_player == "Ben"


def test_every_accepted_event_is_committed_before_it_shows(hub: Hub) -> None:
    start_two_player_game(hub)
    hub.app.core.submit(Draw("Ana"))
    hub.app.core.submit(Pass("Ana"))
    assert hub.app.core.game_id is not None
    stored = hub.store.events(hub.app.core.game_id)
    assert stored == list(hub.app.core.game.log) if hub.app.core.game else False


def test_refused_entry_changes_nothing(hub: Hub, monkeypatch: Any) -> None:
    start_two_player_game(hub)
    shown: list[str] = []
    monkeypatch.setattr(hub.app.ui, "show_refusal", lambda m, where, now: shown.append(m.message))
    before = hub.app.core.game.state.copy() if hub.app.core.game else None
    assert not hub.play("Ben", "4-1", "9-4")
    assert shown == ["it is Ana's turn, not Ben's"]
    assert hub.app.core.game is not None and hub.app.core.game.state == before
    assert len(hub.store.events(hub.app.core.game_id or 0)) == 4


def test_store_failure_refuses_the_entry_and_keeps_the_committed_game(
    hub: Hub, monkeypatch: Any
) -> None:
    from hubd.store import StoreFullError

    start_two_player_game(hub)

    def full(game_id: int, event: object) -> int:
        raise StoreFullError("The SD card is full: new plays cannot be saved")

    monkeypatch.setattr(hub.store, "append", full)
    assert not hub.play("Ana", "4-4", "9-4")
    assert hub.app.core.store_error and "full" in hub.app.core.store_error
    assert hub.app.core.game is not None and hub.app.core.game.state.lock is None
    assert len(hub.app.core.game.log) == 4
    assert hub.light.mode == "off"


def test_resume_takes_up_the_unfinished_game(hub: Hub, tmp_path: Path) -> None:
    start_two_player_game(hub)
    hub.play("Ana", "4-4", "9-4")
    game_id = hub.app.core.game_id
    assert game_id is not None
    resumed = hub.store.load(game_id)
    assert hub.app.core.game is not None and resumed.state == hub.app.core.game.state
    assert len(resumed.log) == len(hub.app.core.game.log)


def test_idle_loop_draws_nothing(hub: Hub, monkeypatch: Any) -> None:
    hub.run()
    drawn: list[Any] = []
    monkeypatch.setattr(hub.app.display, "present", lambda rects: drawn.extend(rects))
    for _ in range(5):
        hub.wait(1.0)
    assert drawn == []


def test_rule_error_is_a_value_error() -> None:
    assert issubclass(RuleError, ValueError)


def test_space_bar_drives_the_mock_pin_and_cackles(hub: Hub) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    hub.run()
    assert hub.speaker.played == ["cackle"]
    assert hub.pin.state == 0  # pulled low: pressed


def test_one_touch_acts_once(hub: Hub, monkeypatch: Any) -> None:
    taps: list[tuple[int, int]] = []
    monkeypatch.setattr(hub.app.ui, "tap", lambda pos, ctx, now: taps.append(pos) or [])
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, touch_id=1,
                                         finger_id=0, dx=0, dy=0, pressure=1.0))  # fmt: skip
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1,
                                         touch=True))  # fmt: skip
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1,
                                         touch=False))  # fmt: skip
    hub.run()
    assert taps == [(400, 240), (10, 10)]


def test_an_unexpected_error_is_logged_and_the_loop_goes_on(
    hub: Hub, monkeypatch: Any, caplog: Any
) -> None:
    from hubd.loop.inbox import Shutdown

    real_render = hub.app.ui.render
    calls: list[int] = []

    def flaky_render(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom")
        hub.app.inbox.post(Shutdown("test over"))
        return real_render(*args)

    monkeypatch.setattr(hub.app.ui, "render", flaky_render)
    hub.app.run()
    assert "boom" in caplog.text
    assert len(calls) >= 2
    assert hub.notifier.messages[0] == "READY=1" and hub.notifier.messages[-1] == "STOPPING=1"


def test_saved_settings_override_the_config_and_bad_ones_are_ignored(
    tmp_path: Path, caplog: Any
) -> None:
    from hubd.config.loading import load_config

    (tmp_path / "settings.json").write_text(
        '{"language": "he", "rotation": 45, "volume": 30, "unknown": 1}'
    )
    settings = Settings.load(tmp_path, load_config(None))
    assert (settings.language, settings.rotation, settings.volume) == ("he", 0, 30)
    assert "rotation = 45" in caplog.text
    settings.muted = True
    settings.save(tmp_path)
    assert Settings.load(tmp_path, load_config(None)).muted


def test_unreadable_settings_fall_back_to_the_config(tmp_path: Path) -> None:
    from hubd.config.loading import load_config

    (tmp_path / "settings.json").write_bytes(b"\x00not json")
    assert Settings.load(tmp_path, load_config(None)) == Settings.from_config(load_config(None))


def test_demo_plays_through_taps_and_the_hub_button(hub: Hub) -> None:
    from hubd.loop.demo import DemoPlayer, Tap

    demo = DemoPlayer(seed=5)
    actions: list[str] = []
    decide = demo.step

    def recording_step(game: Any, find: Any) -> Any:
        action = decide(game, find)
        actions.append(type(action).__name__)
        return action

    demo.step = recording_step  # type: ignore[method-assign]
    hub.app.demo, hub.app.demo_interval = demo, 0.0
    while not (hub.app.core.game and hub.app.core.game.state.scores) and len(actions) < 5000:
        hub.wait(0.05)  # past the button's debounce between presses
    assert hub.app.core.game is not None and len(hub.app.core.game.state.scores) == 1
    assert actions.count(Tap.__name__) > 20  # plays, draws and passes went through the screen
    assert "HubButton" in actions and "cackle" in hub.speaker.played


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_display_positions_turn_both_ways(rotation: int) -> None:
    display = Display((800, 480), rotation)
    try:
        for pos in [(0, 0), (10, 20), (display.logical_size[0] - 1, 5)]:
            assert display.to_logical(display.to_physical(pos)) == pos
    finally:
        display.close()


def test_a_tile_on_an_end_another_end_also_needed_is_ringed_for_a_while(hub: Hub) -> None:
    from hubd.screens.frames import MARK_TIME

    def ringed() -> list[str]:
        frame = hub.app.ui.layout(hub.app.core.context(), hub.clock.now())
        return [w.key for w in frame if w.role == "mark"]

    start_two_player_game(hub)
    assert hub.play("Ana", "4-5", "9-4")
    assert ringed() == []  # only arm A needed a 4
    assert hub.play("Ben", "5-6", "4-5")  # arm B's 9-5 needed a 5 too
    assert ringed() == ["mark:5-6"]
    hub.clock.advance(MARK_TIME)
    assert ringed() == []


def test_a_desktop_keyboard_types_into_the_name_field(hub: Hub) -> None:
    """Typing reaches the name being typed (pygame's TEXTINPUT); the space bar types a space
    there, not the hub button, and ``u`` is a letter, not undo; Backspace and Enter work."""
    from hubd.screens.kit.keyboard import Keyboard

    names: list[str] = []
    hub.app.ui.open_overlay(Keyboard(hub.app.ui, names.append))
    keys = [("text", "ana"), ("key", pygame.K_SPACE), ("text", " "), ("key", pygame.K_u),
            ("text", "bu"), ("key", pygame.K_BACKSPACE), ("key", pygame.K_RETURN)]  # fmt: skip
    for kind, value in keys:
        if kind == "text":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=value))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=value, mod=0))
    hub.run()
    assert names == ["Ana B"]
    assert hub.app.ui.overlay is None and not hub.app.ui.typing
    assert hub.speaker.played == [] and hub.pin.state == 1  # the button was never pressed


def test_the_window_has_the_hub_s_name(hub: Hub) -> None:
    assert pygame.display.get_caption()[0] == "Chicken Foot Hub"
