"""Devices that come late: when to try a missing device again, and what to log.

A screen on a DSI ribbon or a USB touchscreen, a USB sound card or a DFPlayer on a USB serial
adapter may appear seconds after the hub starts, or go away and come back. The main loop
asks each such device when it wants another try (:meth:`Retry.next_deadline`, woken like any
other deadline: no thread, no sleep) and calls its ``retry(now)`` then. Tries come every
2 s for the first minute after the device went missing, then every 30 s; each change (lost,
back) is logged once, the failed tries in between only at debug level.
"""

from __future__ import annotations

import logging
from typing import Protocol

#: Try every FAST_S seconds for FAST_FOR_S seconds after the device went missing, then every
#: SLOW_S seconds, for ever.
FAST_S = 2.0
FAST_FOR_S = 60.0
SLOW_S = 30.0


class Retrying(Protocol):
    """A device the main loop may try to open again."""

    def next_retry(self) -> float | None:
        """When the next try is due, or None while the device works (or is not wanted)."""
        ...

    def retry(self, now: float) -> bool:
        """Try now; True when the device has just come back."""
        ...


class Retry:
    """The schedule and the log lines of one device's tries.

    ``lost(now, message)`` when it stops working (or never started), ``failed(now, reason)``
    after each try that did not bring it back, ``back()`` once it works again.
    """

    def __init__(
        self,
        what: str,
        log: logging.Logger,
        *,
        fast_s: float = FAST_S,
        fast_for_s: float = FAST_FOR_S,
        slow_s: float = SLOW_S,
    ) -> None:
        self.what = what
        self._log = log
        self.fast_s, self.fast_for_s, self.slow_s = fast_s, fast_for_s, slow_s
        self._since: float | None = None  # when it went missing; None while it works
        self._next: float | None = None
        self.tries = 0  # failed tries since it went missing

    @property
    def missing(self) -> bool:
        return self._since is not None

    def next_deadline(self) -> float | None:
        return self._next

    def due(self, now: float) -> bool:
        return self._next is not None and now >= self._next

    def lost(self, now: float, message: str) -> None:
        """The device does not work (any more): ``message`` and the schedule, logged once;
        then tries on the schedule."""
        if self._since is None:
            self._since = now
            self.tries = 0
            self._log.warning(
                "%s; trying again every %g s for a minute, then every %g s.",
                message, self.fast_s, self.slow_s,
            )  # fmt: skip
        self._schedule(now)

    def failed(self, now: float, reason: object) -> None:
        """Another try did not bring it back (logged only at debug level)."""
        self.tries += 1
        self._log.debug("%s: still unavailable (%s), try %d", self.what, reason, self.tries)
        if self._since is None:
            self._since = now
        self._schedule(now)

    def back(self, now: float | None = None) -> None:
        """It works again: one line, and no more tries."""
        if self._since is not None:
            waited = "" if now is None else f" after {now - self._since:.0f} s"
            self._log.info("%s is back%s.", self.what, waited)
        self._since = None
        self._next = None
        self.tries = 0

    def cancel(self) -> None:
        """No more tries, and nothing to log (the device is being closed)."""
        self._since = None
        self._next = None
        self.tries = 0

    def _schedule(self, now: float) -> None:
        assert self._since is not None
        interval = self.fast_s if now - self._since < self.fast_for_s else self.slow_s
        self._next = now + interval
