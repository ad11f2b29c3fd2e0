"""The desktop's hub button (``--mock-pins``): the space bar, SIGUSR1 and SIGUSR2, the Menu's
Hub button and the demo drive gpiozero's mock pin, as a finger drives the real one.

The pin's glitch filter (``[button] glitch_ms``) counts a press only if the line stays low that
long. A down and an up handled in one turn of the loop (two signals delivered together to a
busy hub, the Menu's button pressing and releasing at once) would be a spike, and the press
lost; so the up is driven no sooner than :data:`MIN_PRESS_S` after its down, at a deadline of
the loop's when it comes early.
"""

from __future__ import annotations

from collections.abc import Callable

#: The shortest press the mock pin is given: past any glitch filter (at most 20 ms), as short as
#: a quick finger.
MIN_PRESS_S = 0.05


class MockPress:
    """Drives the mock pin (``drive(True)``: down) with every press at least MIN_PRESS_S long."""

    def __init__(self, drive: Callable[[bool], None]) -> None:
        self._drive = drive
        self._down_at: float | None = None
        self._release_at: float | None = None

    def set(self, pressed: bool, now: float) -> None:
        """The button is now ``pressed`` (down) or not, as its source says at ``now``."""
        if pressed:
            if self._release_at is not None:  # the last press's up, held back: it comes first
                self._release()
            self._down_at = now
            self._drive(True)
        elif self._down_at is None or now - self._down_at >= MIN_PRESS_S:
            self._release()
        else:
            self._release_at = self._down_at + MIN_PRESS_S

    def next_deadline(self) -> float | None:
        """When an up held back is due (the loop sleeps no longer), or None."""
        return self._release_at

    def tick(self, now: float) -> None:
        if self._release_at is not None and now >= self._release_at:
            self._release()

    def _release(self) -> None:
        self._down_at = self._release_at = None
        self._drive(False)
