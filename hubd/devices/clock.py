"""Time as an injected dependency, so that debounce, hold and watchdog code is testable.

Everything that needs "now" takes a :class:`Clock`; the daemon passes a
:class:`MonotonicClock` and tests pass a :class:`FakeClock` that they advance by hand.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """A source of monotonic time in seconds (only differences are meaningful)."""

    def now(self) -> float: ...


class MonotonicClock:
    """The real clock: :func:`time.monotonic`, which never jumps with the wall clock."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that only moves when a test moves it."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward; moving it backwards is a bug in the test."""
        if seconds < 0:
            raise ValueError(f"a monotonic clock cannot go back ({seconds} s)")
        self._now += seconds

    def set(self, t: float) -> None:
        """Jump to the absolute time ``t`` (not earlier than now)."""
        if t < self._now:
            raise ValueError(f"a monotonic clock cannot go back (from {self._now} to {t})")
        self._now = t
