"""The hub's pins (the button and the light through gpiozero), and ``hubd check-hardware``.

On a Raspberry Pi the pins are real unless ``--mock-pins``; anywhere else, or when the GPIO
is busy or denied, the hub runs on gpiozero's mock pins with a clear message rather than
failing to start.
"""

from __future__ import annotations

import collections
import functools
import logging
import os
import queue
import sys
from pathlib import Path
from typing import Any, TextIO

from hubd.config.loading import HubConfig
from hubd.devices.button import ButtonEdge
from hubd.devices.clock import Clock, MonotonicClock

log = logging.getLogger("hubd")


def on_raspberry_pi() -> bool:
    try:
        return Path("/proc/device-tree/model").read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def make_pin_factory(mock_pins: bool, data_folder: Path) -> tuple[Any, bool]:
    """(pin factory or None for gpiozero's default, whether pins are mocked)."""
    if not mock_pins and on_raspberry_pi():
        # lgpio makes a pipe in its working directory at import; give it one it can write.
        os.environ.setdefault("LG_WD", str(data_folder))
        return None, False
    if not mock_pins:
        log.warning("no Raspberry Pi GPIO here: using mock pins (the space bar is the hub button)")
    from gpiozero.pins.mock import MockFactory

    return MockFactory(pin_class=_daemon_mock_pin()), True


#: How many state changes a mock pin remembers (gpiozero's keeps every one, for tests).
MOCK_PIN_HISTORY = 64


@functools.cache
def _daemon_mock_pin() -> type:
    """gpiozero's mock PWM pin with a bounded history. ``MockPin.states`` records every
    change for a test to assert on; in a daemon that runs for hours, the light's pulse (25
    changes a second) made it grow by about 8 MB an hour."""
    from gpiozero.pins.mock import MockPWMPin

    class DaemonMockPin(MockPWMPin):  # type: ignore[misc]  # gpiozero has no type hints
        states: collections.deque[Any]

        def clear_states(self) -> None:
            super().clear_states()
            self.states = collections.deque(self.states, maxlen=MOCK_PIN_HISTORY)

    return DaemonMockPin


def build_pins(
    config: HubConfig,
    data_folder: Path,
    mock_pins: bool,
    post: Any,
    clock: Clock,
    factory: Any = None,
) -> tuple[Any, Any, Any]:
    """The hub button and light, and the mock button pin when the pins are mocked.

    On a GPIO error (busy, no permission) the hub runs on mock pins with a clear message,
    rather than failing to start. ``factory`` overrides the choice (tests pass theirs).
    """
    from gpiozero.pins.mock import MockFactory

    from hubd.devices.button import GpioButton
    from hubd.devices.light import GpioLight

    if factory is not None:
        mocked = isinstance(factory, MockFactory)
    else:
        factory, mocked = make_pin_factory(mock_pins, data_folder)
    try:
        button = GpioButton(config.pins.button, post, clock, pin_factory=factory)
        light = GpioLight(config.pins.light, pin_factory=factory, clock=clock)
    except Exception as err:  # gpiozero raises many kinds: busy, permission, no factory
        if mocked:
            raise
        log.error("cannot use the GPIO pins (%s); the hub button and light are off. "
                  "See hardware/TROUBLESHOOTING.md", err)  # fmt: skip
        return build_pins(config, data_folder, True, post, clock)
    mock_pin = factory.pin(config.pins.button) if mocked else None
    return button, light, mock_pin


def check_hardware(
    config: HubConfig,
    folder: Path,
    mock_pins: bool,
    seconds: float,
    *,
    pin_factory: Any = None,
    out: TextIO | None = None,
) -> int:
    """Print the button's state live, blink the LED and play the cackle once."""
    from hubd.devices.sounds import DEFAULT_SOUND_DIR
    from hubd.devices.speaker import make_speaker

    out = out or sys.stdout
    clock = MonotonicClock()
    edges: queue.SimpleQueue[ButtonEdge] = queue.SimpleQueue()
    try:  # only GPIO on a Pi needs it (lgpio's working folder)
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        log.warning("cannot use the data folder %s (%s)", folder, err.strerror or err)
    button, light, _ = build_pins(config, folder, mock_pins, edges.put, clock, pin_factory)
    speaker = make_speaker(config.sound.speaker, DEFAULT_SOUND_DIR, config.sound.serial_port,
                           config.sound.volume / 100, buffer=config.sound.buffer,
                           device=config.sound.device, clock=clock)  # fmt: skip
    say = functools.partial(print, file=out, flush=True)
    say(f"button on GPIO{config.pins.button}, light on GPIO{config.pins.light}, "
        f"speaker: {config.sound.speaker}")  # fmt: skip
    say("speaker: playing the cackle" if speaker.available else
        "speaker: NOT AVAILABLE (see hardware/TROUBLESHOOTING.md, 'No sound')")  # fmt: skip
    speaker.play("cackle")
    say("light: blinking 3 times")
    light.flash(3)
    say(f"button: {'PRESSED' if button.is_pressed else 'released'}; press it now "
        f"(watching for {seconds:g} s, Ctrl-C to stop)")  # fmt: skip
    end = clock.now() + seconds
    try:
        while (now := clock.now()) < end:
            light.tick(now)
            wake = min(end, light.next_deadline() or end)
            try:
                edge = edges.get(timeout=max(0.0, wake - now))
            except queue.Empty:
                continue
            say(f"button: {'PRESSED' if edge.pressed else 'released'}")
    except KeyboardInterrupt:
        pass
    finally:
        button.close()
        light.close()
        speaker.close()
    return 0
