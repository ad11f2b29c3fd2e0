"""Devices that come late and the hub button's long hold, through the main loop.

A screen and a sound card that fail N times and then open; the loop tries them on their
deadlines (every 2 s for a minute, then every 30 s) with the fake clock, never sleeping. The
glitch filter with the mock pin, and the long hold that shuts the hub down.
"""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

import itertools
import logging

import pygame
import pytest
from hub_harness import Hub, hub  # noqa: F401 - the fixture

from hubd.devices.button import ButtonLogic
from hubd.devices.clock import FakeClock
from hubd.devices.display import Display
from hubd.devices.mixer import MixerSpeaker, open_mixer
from hubd.devices.retry import FAST_FOR_S, FAST_S, SLOW_S, Retry
from hubd.devices.sounds import DEFAULT_SOUND_DIR

SIZE = (800, 480)


class Flaky:
    """Fails ``failures`` times with pygame.error, then does the real thing."""

    def __init__(self, failures: int, real: object) -> None:
        self.failures = failures
        self.calls = 0
        self.real = real

    def __call__(self, *args: object) -> object:
        self.calls += 1
        if self.calls <= self.failures:
            raise pygame.error("kmsdrm not available")
        return self.real(*args)  # type: ignore[operator]


# --- the schedule -------------------------------------------------------------------------------


def test_the_schedule_is_every_2_s_for_a_minute_then_every_30_s(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    retry = Retry("The thing", logging.getLogger("test"))
    assert retry.next_deadline() is None and not retry.missing
    retry.lost(100.0, "No thing (gone)")
    times = [100.0]
    while len(times) < 40:
        deadline = retry.next_deadline()
        assert deadline is not None
        assert not retry.due(deadline - 0.01)
        assert retry.due(deadline)
        retry.failed(deadline, "still gone")
        times.append(deadline)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    fast = int(FAST_FOR_S / FAST_S)
    assert gaps[:fast] == [FAST_S] * fast and set(gaps[fast:]) == {SLOW_S}
    retry.lost(times[-1], "No thing (gone)")  # told again while missing: no second warning
    retry.back(1000.0)
    assert retry.next_deadline() is None
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert lines == [
        "No thing (gone); trying again every 2 s for a minute, then every 30 s.",
        "The thing is back after 900 s.",
    ]


# --- the screen ---------------------------------------------------------------------------------


def test_a_screen_that_fails_then_opens() -> None:
    clock = FakeClock(10.0)
    set_mode = Flaky(3, pygame.display.set_mode)
    display = Display(SIZE, clock=clock, set_mode=set_mode)
    try:
        assert not display.available
        assert display.surface.get_size() == SIZE  # the dummy: the screens still draw
        for expected in (12.0, 14.0, 16.0):
            deadline = display.next_retry()
            assert deadline == expected
            assert not display.retry(deadline - 0.5)
            clock.set(deadline)
            assert display.retry(deadline) == (expected == 16.0)
        assert display.available and display.next_retry() is None
        assert set_mode.calls == 4
        assert display.surface.get_size() == SIZE
    finally:
        display.close()


# --- through the main loop ----------------------------------------------------------------------


def test_the_loop_opens_a_late_screen_and_a_late_sound_card_without_a_restart(
    hub: Hub, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    app = hub.app
    app.display.close()
    app.core.display = Display(SIZE, clock=hub.clock, set_mode=Flaky(2, pygame.display.set_mode))
    pygame.mixer.quit()
    mixer = Flaky(4, open_mixer)
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, 0.8, clock=hub.clock, opener=mixer)
    app.devices.speaker = speaker
    try:
        assert not app.display.available and not speaker.available
        hub.run()
        assert not app.core.context().audio_available
        # The loop wakes for the next try (and for the watchdog at least every 0.5 s).
        assert app.display.next_retry() == speaker.next_retry() == hub.clock.now() + 2.0
        for _ in range(4):
            hub.wait(2.0)
        assert app.display.available
        assert speaker.available and app.core.context().audio_available
        assert app.display.next_retry() is None and speaker.next_retry() is None
        # The screen shows the game again: the whole frame was drawn on the new surface.
        assert app.display.surface.get_at((5, 5)) != pygame.Color(0, 0, 0)
        hub.edge(True)
        hub.run()
        assert pygame.mixer.get_busy()
        messages = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
        assert sum("cannot open the screen" in m for m in messages) == 1
        assert sum(m.startswith("No audio device") for m in messages) == 1
        assert "The screen is back after 4 s." in messages
        assert "The audio device is back after 8 s." in messages
    finally:
        speaker.close()


# --- the button through the mock pin -----------------------------------------------------------


def test_spikes_on_the_wire_never_cackle_and_a_bouncing_press_cackles_once(hub: Hub) -> None:
    hub.app.button.logic = ButtonLogic(0.02, 3.0, glitch_s=0.002)
    for _ in range(30):  # 0.5 ms spikes: a motor or a fluorescent lamp near the long wire
        hub.edge(True, after=0.01)
        hub.edge(False, after=0.0005)
        hub.run()
    hub.wait(1.0)
    assert hub.speaker.requested == []
    for i in range(7):  # the switch closes with bounce
        hub.edge(i % 2 == 0, after=0.0005)
    hub.run()
    assert hub.speaker.requested == []  # not yet: the line has to stay low for 2 ms
    assert hub.app._wait_time() == pytest.approx(0.002)
    hub.wait(0.002)
    assert hub.speaker.requested == ["cackle"]
    for i in range(7):  # and opens with bounce
        hub.edge(i % 2 == 1, after=0.0005)
    hub.wait(0.1)
    assert hub.speaker.requested == ["cackle"]


def test_a_long_hold_shuts_down_with_a_sound_and_the_light_and_keeps_mute_as_it_was(
    hub: Hub,
) -> None:
    hub.app.button.logic = ButtonLogic(0.02, 3.0, glitch_s=0.002, long_hold_s=8.0)
    hub.app.core.running = True
    hub.edge(True)
    hub.wait(0.002)
    hub.wait(3.0)
    assert hub.app.settings.muted  # the 3 s hold still mutes
    hub.wait(5.0)
    assert hub.app.button.poweroff
    assert not hub.app.settings.muted, "passing the mute hold on the way is undone"
    assert hub.speaker.played == ["cackle", "game_over"]
    assert hub.light.mode == "on"
    assert "STATUS=shutting down (the hub button was held)" in hub.notifier.messages
    assert hub.app.core.running  # the sound and the notice get their moment
    hub.wait(1.5)
    assert not hub.app.core.running


def test_a_hold_shorter_than_the_long_hold_only_mutes(hub: Hub) -> None:
    hub.app.button.logic = ButtonLogic(0.02, 3.0, glitch_s=0.002, long_hold_s=8.0)
    hub.edge(True)
    for _ in range(60):
        hub.wait(0.1)
    hub.edge(False)
    hub.wait(5.0)
    assert hub.app.settings.muted and not hub.app.button.poweroff
