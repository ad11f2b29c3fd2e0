"""The hub light: breathing while a chicken foot is open, flashing the toes still owed.

A flash is temporary: after ``times`` blinks the light goes back to what it did before
(pulse, on or off). The return is not left to gpiozero's blink thread, whose end the main
loop cannot see; instead the light knows when the flash is over and the main loop calls
:meth:`HubLight.tick` with its clock's time (waking up by :meth:`HubLight.next_deadline`).
So every change of the LED happens on the main thread, in order: a ``pulse()`` or ``off()``
asked for during a flash simply wins, and nothing can restore a stale mode later.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Literal, Protocol

from hubd.devices.clock import Clock, MonotonicClock

LightMode = Literal["off", "on", "pulse", "flash"]

#: One breath: fade in, then fade out, in seconds.
PULSE_FADE_S = 0.8
#: One blink of a flash: on, then off, in seconds.
FLASH_ON_S = 0.2
FLASH_OFF_S = 0.25


class HubLight(Protocol):
    """The LED under the hub. All calls come from the main loop.

    The latest call wins: ``pulse()``, ``on()`` or ``off()`` during a flash ends it at once
    (so "third toe: off" is never delayed); asking for the current mode again is a no-op.
    """

    @property
    def mode(self) -> LightMode: ...

    def pulse(self) -> None:
        """Breathe until told otherwise (already breathing: carry on, do not restart)."""

    def flash(self, times: int) -> None:
        """Blink ``times`` times, then return to the previous mode (nothing if times < 1).

        A flash during a flash starts over and still returns to the mode before the first.
        """

    def on(self) -> None: ...

    def off(self) -> None: ...

    def tick(self, now: float) -> None:
        """Let time pass; ends a flash that is over."""

    def next_deadline(self) -> float | None:
        """When :meth:`tick` has something to do, or None."""

    def close(self) -> None: ...


class _ModalLight(ABC):
    """The mode bookkeeping shared by the real light and the fake; subclasses drive the LED."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._mode: LightMode = "off"
        self._after_flash: LightMode = "off"
        self._flash_until = 0.0

    @property
    def mode(self) -> LightMode:
        return self._mode

    # Asking for the mode the light is already in changes nothing (a pulse is not restarted).

    def pulse(self) -> None:
        if self._mode != "pulse":
            self._mode = "pulse"
            self._show_pulse()

    def on(self) -> None:
        if self._mode != "on":
            self._mode = "on"
            self._show_on()

    def off(self) -> None:
        if self._mode != "off":
            self._mode = "off"
            self._show_off()

    def flash(self, times: int) -> None:
        if times < 1:
            return
        if self._mode != "flash":
            self._after_flash = self._mode
        self._mode = "flash"
        self._flash_until = self._clock.now() + times * (FLASH_ON_S + FLASH_OFF_S)
        self._show_flash(times)

    def tick(self, now: float) -> None:
        if self._mode == "flash" and now >= self._flash_until:
            if self._after_flash == "pulse":
                self.pulse()
            elif self._after_flash == "on":
                self.on()
            else:
                self.off()

    def next_deadline(self) -> float | None:
        return self._flash_until if self._mode == "flash" else None

    @abstractmethod
    def _show_pulse(self) -> None: ...

    @abstractmethod
    def _show_on(self) -> None: ...

    @abstractmethod
    def _show_off(self) -> None: ...

    @abstractmethod
    def _show_flash(self, times: int) -> None: ...

    @abstractmethod
    def close(self) -> None: ...


class GpioLight(_ModalLight):
    """The hub LED on a PWM-capable GPIO pin, through gpiozero's ``PWMLED``.

    gpiozero runs the pulse and the blinks on its own background thread; starting any
    new mode stops (and joins) that thread first, so only one of them drives the pin.
    """

    def __init__(self, pin: int, pin_factory: Any = None, clock: Clock | None = None) -> None:
        from gpiozero import PWMLED  # imported here so FakeLight needs no gpiozero

        super().__init__(clock or MonotonicClock())
        self._led = PWMLED(pin, pin_factory=pin_factory)

    def _show_pulse(self) -> None:
        self._led.pulse(fade_in_time=PULSE_FADE_S, fade_out_time=PULSE_FADE_S, background=True)

    def _show_on(self) -> None:
        self._led.on()

    def _show_off(self) -> None:
        self._led.off()

    def _show_flash(self, times: int) -> None:
        self._led.blink(on_time=FLASH_ON_S, off_time=FLASH_OFF_S, n=times, background=True)

    def close(self) -> None:
        """Turn the LED off and release the pin; safe to call twice."""
        if not self._led.closed:
            self._led.off()
            self._led.close()
        self._mode = "off"


class FakeLight(_ModalLight):
    """A light that records what it was asked: ``calls`` such as ``["pulse", "flash 2"]``.

    ``calls`` includes the automatic return after a flash, so a test sees
    ``["pulse", "flash 2", "pulse"]`` once :meth:`tick` passes the end of the flash.
    """

    def __init__(self, clock: Clock) -> None:
        super().__init__(clock)
        self.calls: list[str] = []
        self.closed = False

    def _show_pulse(self) -> None:
        self.calls.append("pulse")

    def _show_on(self) -> None:
        self.calls.append("on")

    def _show_off(self) -> None:
        self.calls.append("off")

    def _show_flash(self, times: int) -> None:
        self.calls.append(f"flash {times}")

    def close(self) -> None:
        self.calls.append("close")
        self.closed = True
        self._mode = "off"
