"""The desktop's hub button (--mock-pins) gets past the real glitch filter however quickly its
down and up are handled: two signals delivered together, the Menu's Hub button."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in every test's arguments)

from __future__ import annotations

from hub_harness import PRESS_GAP, Hub, hub, start_scores_game  # noqa: F401  (the fixture)

from hubd.devices.button import ButtonLogic
from hubd.loop.hub_button import ButtonHandler
from hubd.loop.inbox import MockButton
from hubd.loop.mock_press import MIN_PRESS_S, MockPress
from hubd.values.intents import HubButton


def test_an_up_too_soon_after_its_down_waits_for_its_deadline() -> None:
    driven: list[bool] = []
    mock = MockPress(driven.append)
    mock.set(True, 10.0)
    mock.set(False, 10.001)
    assert driven == [True] and mock.next_deadline() == 10.0 + MIN_PRESS_S
    mock.tick(10.0 + MIN_PRESS_S / 2)
    assert driven == [True]
    mock.tick(10.0 + MIN_PRESS_S)
    assert driven == [True, False] and mock.next_deadline() is None
    mock.set(True, 11.0)
    mock.set(False, 11.0 + MIN_PRESS_S)  # long enough: at once
    assert driven == [True, False, True, False]


def test_a_new_press_drives_the_held_back_up_first() -> None:
    driven: list[bool] = []
    mock = MockPress(driven.append)
    mock.set(True, 0.0)
    mock.set(False, 0.0)
    mock.set(True, 0.01)
    assert driven == [True, False, True]


def _with_the_daemons_glitch_filter(hub: Hub) -> None:
    """The hub's button as the daemon sets it up: [button] glitch_ms = 2."""
    hub.app.button = ButtonHandler(hub.app.core, ButtonLogic(0.02, 3.0, glitch_s=0.002))


def test_two_signals_handled_in_one_turn_are_one_press(hub: Hub) -> None:
    _with_the_daemons_glitch_filter(hub)
    start_scores_game(hub)
    hub.clock.advance(PRESS_GAP)
    hub.app.inbox.post(MockButton(True))  # SIGUSR1 and SIGUSR2 delivered together
    hub.app.inbox.post(MockButton(False))
    hub.run()
    assert hub.app._wait_time() <= MIN_PRESS_S  # the loop wakes for the held-back up
    hub.wait(MIN_PRESS_S)
    hub.wait(0.05)
    assert hub.speaker.played == ["cackle"]
    assert hub.app.core.game is not None and hub.app.core.game.state.toes_to_go == 3


def test_the_menus_hub_button_cackles_past_the_glitch_filter(hub: Hub) -> None:
    _with_the_daemons_glitch_filter(hub)
    start_scores_game(hub)
    hub.clock.advance(PRESS_GAP)
    hub.app.handle_intent(HubButton())
    hub.run()
    hub.wait(MIN_PRESS_S)
    hub.wait(0.05)
    assert hub.speaker.played == ["cackle"]
