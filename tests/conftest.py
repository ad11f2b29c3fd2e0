"""Test-wide fixtures: dummy SDL drivers, gpiozero's MockFactory, a fake clock."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

# SDL reads these when pygame initialises; set them before any test imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def mock_factory() -> Iterator[object]:
    """gpiozero's MockFactory with PWM-capable pins, restoring the previous factory after."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous
