"""The hub button: pure glitch filter, debounce and hold logic, and a thin gpiozero adapter.

The two halves never meet directly. :class:`GpioButton` runs on gpiozero's thread and only
posts timestamped :class:`ButtonEdge` values; the main loop feeds them to its own
:class:`ButtonLogic` (the single owner of the button's state) and calls
:meth:`ButtonLogic.poll` by :meth:`ButtonLogic.next_deadline` to see a hold.

Why not gpiozero's own ``bounce_time`` and ``hold_time``:

* ``MockFactory`` ignores ``bounce_time``, so no test could ever see the debounce work;
* with the lgpio pin factory (the only one on a Pi 5) ``bounce_time`` is a glitch filter
  that reports an edge only once the level has been stable that long, so a bounce time
  long enough for contact bounce (20 ms) would delay every press by that much; here a
  short glitch filter (2 ms) rejects spikes and the debounce only guards the release;
* ``hold_time`` fires ``when_held`` on yet another thread, with its own timer that tests
  cannot drive; here a hold is a deadline the main loop checks with an injected clock. So the
  pin is a plain ``DigitalInputDevice``, not a ``Button``: a ``Button`` starts that hold
  thread whether or not anything listens, and it wakes 10 times a second (it waits on an
  event with a 0.1 s timeout) for as long as the hub runs, with any pin factory.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hubd.devices.clock import Clock

if TYPE_CHECKING:
    from hubd.config.schema import ButtonConfig


class ButtonSignal(enum.Enum):
    """What the button means, as opposed to what its contacts do."""

    PRESS = "press"  # the line stayed low for glitch_s: a real press, reported then
    HOLD = "hold"  # still down hold_s after the press began; once per press
    LONG_HOLD = "long_hold"  # still down long_hold_s after it began (shut down); once
    RELEASE = "release"  # stably up for debounce_s after a press


@dataclass(frozen=True)
class ButtonEdge:
    """A raw contact change as seen by gpiozero, stamped with the clock's time."""

    pressed: bool
    t: float


class ButtonLogic:
    """A glitch filter, debounce and hold detection, fed with edges and times.

    A press counts once the line has stayed low for ``glitch_s`` without a break: a spike
    picked up by a long wire to the table's centre is shorter than that and is nothing. A
    press is reported as soon as that time is up (:meth:`poll` at :meth:`next_deadline`), so
    it adds exactly ``glitch_s`` to the cackle (0 reports the very first edge). Contact bounce
    as the switch closes only restarts the wait; after the press the contacts may bounce
    freely: it ends once the button has been up for ``debounce_s`` without interruption, and
    only then can a new press begin. Holds are timed from when the line went low. Times that
    go backwards (edges posted out of order) are treated as "no time passed".
    """

    def __init__(
        self,
        debounce_s: float = 0.02,
        hold_s: float = 3.0,
        *,
        glitch_s: float = 0.0,
        long_hold_s: float | None = None,
    ) -> None:
        if not 0 <= debounce_s < hold_s:
            raise ValueError(
                f"need 0 <= debounce_s < hold_s, got debounce_s={debounce_s}, hold_s={hold_s}"
            )
        if not 0 <= glitch_s < hold_s:
            raise ValueError(f"need 0 <= glitch_s < hold_s, got glitch_s={glitch_s}")
        if long_hold_s is not None and long_hold_s <= hold_s:
            raise ValueError(f"need long_hold_s > hold_s, got {long_hold_s} <= {hold_s}")
        self.debounce_s = debounce_s
        self.hold_s = hold_s
        self.glitch_s = glitch_s
        self.long_hold_s = long_hold_s
        self._holds = (hold_s,) if long_hold_s is None else (hold_s, long_hold_s)
        self._now = float("-inf")  # latest time seen; never decreases
        self._contact_down = False  # the raw level, bounces included
        self._pressed = False  # inside a press (from PRESS until RELEASE)
        self._held = 0  # how many of the holds have been reported for this press
        self._down_since = 0.0  # when the line last went low
        self._press_t = 0.0  # when the line went low for the press in progress
        self._up_since = 0.0  # when the contacts last opened, while pressed

    @classmethod
    def from_config(cls, button: ButtonConfig) -> ButtonLogic:
        """The button as ``[button]`` in hub.toml sets it: the glitch filter, the debounce,
        the mute hold and the shutdown hold (0: none). The hub, its benchmarks and the boot
        check's screen all build it here, so none runs without the glitch filter."""
        return cls(
            button.debounce_ms / 1000,
            button.hold_seconds,
            glitch_s=button.glitch_ms / 1000,
            long_hold_s=button.shutdown_seconds or None,
        )

    @property
    def is_pressed(self) -> bool:
        """Whether a press is in progress (from PRESS until RELEASE)."""
        return self._pressed

    def edge(self, pressed: bool, t: float) -> list[ButtonSignal]:
        """Take a raw contact change at time ``t``; return what it means."""
        signals = self.poll(t)
        t = self._now
        if pressed == self._contact_down:
            return signals  # a missed edge in between: nothing changes
        self._contact_down = pressed
        if not pressed:
            self._up_since = t  # while pressed: the release's debounce; before: a spike ended
        elif not self._pressed:
            self._down_since = t  # a press begins if the line stays low for glitch_s
        # Closed again during a press: a hold whose time came while open is due now.
        return signals + self.poll(t)

    def poll(self, t: float) -> list[ButtonSignal]:
        """Let time pass until ``t``; return the PRESS, HOLD or RELEASE that became due."""
        self._now = max(self._now, t)
        signals: list[ButtonSignal] = []
        while (deadline := self.next_deadline()) is not None and self._now >= deadline:
            if not self._pressed:
                self._pressed, self._held, self._press_t = True, 0, self._down_since
                signals.append(ButtonSignal.PRESS)
            elif not self._contact_down:
                self._pressed = False
                signals.append(ButtonSignal.RELEASE)
            else:
                self._held += 1
                signals.append(ButtonSignal.HOLD if self._held == 1 else ButtonSignal.LONG_HOLD)
        return signals

    def next_deadline(self) -> float | None:
        """When :meth:`poll` may next have something to report, or None if only an edge can."""
        if not self._pressed:
            return self._down_since + self.glitch_s if self._contact_down else None
        if not self._contact_down:
            return self._up_since + self.debounce_s
        if self._held < len(self._holds):
            return self._press_t + self._holds[self._held]
        return None


class GpioButton:
    """The hub button on a GPIO pin (to ground, internal pull-up), reporting raw edges.

    gpiozero calls ``when_activated`` / ``when_deactivated`` on its own thread (the pin
    factory's, when the line changes); those callbacks only stamp the edge with ``clock`` and
    hand it to ``post`` (which must be thread-safe, e.g. ``queue.Queue.put`` or
    ``pygame.event.post``). See the module docstring for why gpiozero's ``bounce_time`` and
    ``hold_time`` stay unused, and why this is no ``gpiozero.Button``.
    """

    def __init__(
        self,
        pin: int,
        post: Callable[[ButtonEdge], None],
        clock: Clock,
        pin_factory: Any = None,
    ) -> None:
        # Imported here so the logic above needs no gpiozero. Pulled up, active when low.
        from gpiozero import DigitalInputDevice

        self._post = post
        self._clock = clock
        self._button = DigitalInputDevice(
            pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
        )
        self._button.when_activated = self._on_pressed
        self._button.when_deactivated = self._on_released

    def _on_pressed(self) -> None:
        self._post(ButtonEdge(True, self._clock.now()))

    def _on_released(self) -> None:
        self._post(ButtonEdge(False, self._clock.now()))

    @property
    def is_pressed(self) -> bool:
        """The raw level right now (for ``hubd check-hardware``), bounces included."""
        return bool(self._button.is_active)

    def close(self) -> None:
        """Stop watching the pin and release it."""
        self._button.when_activated = None
        self._button.when_deactivated = None
        self._button.close()
