"""The hub light: mode bookkeeping with a fake clock, and the real PWMLED on mock pins."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from hubd.devices.clock import FakeClock
from hubd.devices.light import FLASH_OFF_S, FLASH_ON_S, FakeLight, GpioLight, HubLight

BLINK_S = FLASH_ON_S + FLASH_OFF_S


def mode(light: HubLight) -> str:
    """The mode, read afresh (mypy would otherwise keep an earlier assert's narrowing)."""
    return light.mode


def test_fake_light_records_calls_and_modes() -> None:
    light: HubLight = FakeLight(FakeClock())
    assert mode(light) == "off"
    light.on()
    assert mode(light) == "on"
    light.pulse()
    assert mode(light) == "pulse"
    light.off()
    assert mode(light) == "off"
    light.close()
    assert isinstance(light, FakeLight)
    assert light.calls == ["on", "pulse", "off", "close"]
    assert light.closed


def test_same_mode_twice_is_one_call() -> None:
    light = FakeLight(FakeClock())
    light.pulse()
    light.pulse()
    light.off()  # it starts off, but it is pulsing now
    light.off()
    assert light.calls == ["pulse", "off"]


def test_flash_returns_to_pulse_when_it_was_pulsing() -> None:
    clock = FakeClock(10.0)
    light = FakeLight(clock)
    light.pulse()
    light.flash(2)
    assert mode(light) == "flash"
    assert light.next_deadline() == pytest.approx(10.0 + 2 * BLINK_S)
    light.tick(10.0 + 2 * BLINK_S - 0.01)
    assert mode(light) == "flash"
    light.tick(10.0 + 2 * BLINK_S)
    assert mode(light) == "pulse"
    assert light.next_deadline() is None
    assert light.calls == ["pulse", "flash 2", "pulse"]


@pytest.mark.parametrize("before", ["off", "on"])
def test_flash_returns_to_the_previous_mode(before: str) -> None:
    clock = FakeClock()
    light = FakeLight(clock)
    getattr(light, before)()
    light.flash(3)
    light.tick(3 * BLINK_S)
    assert mode(light) == before


def test_flash_during_flash_restarts_and_keeps_the_first_previous_mode() -> None:
    clock = FakeClock()
    light = FakeLight(clock)
    light.pulse()
    light.flash(1)
    clock.advance(0.1)
    light.flash(2)
    assert light.next_deadline() == pytest.approx(0.1 + 2 * BLINK_S)
    light.tick(0.1 + 2 * BLINK_S)
    assert mode(light) == "pulse"
    assert light.calls == ["pulse", "flash 1", "flash 2", "pulse"]


def test_a_mode_asked_during_a_flash_wins_and_tick_keeps_it() -> None:
    clock = FakeClock()
    light = FakeLight(clock)
    light.pulse()
    light.flash(2)
    light.off()  # e.g. the third toe was played meanwhile
    light.tick(100.0)
    assert mode(light) == "off"
    assert light.calls == ["pulse", "flash 2", "off"]


def test_flash_zero_times_does_nothing() -> None:
    light = FakeLight(FakeClock())
    light.pulse()
    light.flash(0)
    assert mode(light) == "pulse"
    assert light.calls == ["pulse"]


# --- the real PWMLED on gpiozero's mock pins ------------------------------------------------
# gpiozero pulses and blinks on its own thread with real sleeps; these tests only wait (by
# polling with a deadline) for the first change that thread makes, never for a duration.


def eventually(condition: Callable[[], bool], within_s: float = 0.3) -> bool:
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)
    return True


@dataclass
class Rig:
    light: GpioLight
    clock: FakeClock
    pin: Any  # gpiozero's MockPWMPin


@pytest.fixture
def rig(mock_factory: Any) -> Iterator[Rig]:
    clock = FakeClock()
    light = GpioLight(18, pin_factory=mock_factory, clock=clock)
    try:
        yield Rig(light, clock, mock_factory.pin(18))
    finally:
        light.close()


def test_gpio_light_on_and_off(rig: Rig) -> None:
    light, pin = rig.light, rig.pin
    light.on()
    assert pin.state == 1
    light.off()
    assert pin.state == 0


def is_dimmed(pin: Any) -> Callable[[], bool]:
    """Whether the pin has been at a level strictly between off and on (a fade step)."""
    return lambda: any(0 < s.state < 1 for s in pin.states)


def test_gpio_light_pulse_fades_the_pin(rig: Rig) -> None:
    light, pin = rig.light, rig.pin
    light.pulse()
    assert eventually(is_dimmed(pin))
    light.off()
    assert pin.state == 0


def test_gpio_light_flash_then_back_to_pulse(
    rig: Rig,
) -> None:
    light, clock, pin = rig.light, rig.clock, rig.pin
    light.pulse()
    light.flash(2)
    pin.clear_states()
    assert eventually(lambda: pin.state == 1)
    assert not is_dimmed(pin)()  # a flash is hard on and off, no fading
    deadline = light.next_deadline()
    assert deadline is not None
    clock.set(deadline)
    light.tick(clock.now())
    assert mode(light) == "pulse"
    pin.clear_states()
    assert eventually(is_dimmed(pin))


def test_gpio_light_close_twice(mock_factory: Any) -> None:
    light = GpioLight(18, pin_factory=mock_factory)
    light.pulse()
    light.close()
    light.close()
    assert mode(light) == "off"
