"""The injected clocks."""

from __future__ import annotations

import pytest

from hubd.devices.clock import Clock, FakeClock, MonotonicClock


def test_fake_clock_moves_only_when_told() -> None:
    clock: Clock = FakeClock(5.0)
    assert clock.now() == 5.0
    assert isinstance(clock, FakeClock)
    clock.advance(1.5)
    assert clock.now() == 6.5
    clock.set(10.0)
    assert clock.now() == 10.0


def test_fake_clock_never_goes_back() -> None:
    clock = FakeClock(5.0)
    with pytest.raises(ValueError):
        clock.advance(-1.0)
    with pytest.raises(ValueError):
        clock.set(4.0)


def test_monotonic_clock_does_not_decrease() -> None:
    clock: Clock = MonotonicClock()
    first = clock.now()
    assert clock.now() >= first
