"""SIGTERM and SIGINT, caught from the first line of ``hubd``'s start-up to its last.

systemd stops the hub with SIGTERM whenever it likes, also while the daemon is still starting
(opening the store, loading pygame, finding the screen). Caught only once the loop existed,
an early one killed the process with -15, or, once SDL was initialised (SDL installs its own
handler where it finds the default one), became a "window closed". So the handler is
installed first thing: until the loop takes it, it only notes the signal, and the loop
starts by stopping, saying which signal came and when.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


class StopSignals:
    """The stop signals' handler for the whole life of the daemon (see the module doc)."""

    def __init__(self) -> None:
        self.early: str | None = None  # the signal that came before the loop could take it
        self._post: Callable[[str], None] | None = None
        self._previous: dict[int, _Handler] = {}

    def install(self) -> StopSignals:
        for number in STOP_SIGNALS:
            self._previous[number] = signal.signal(number, self._caught)
        return self

    def uninstall(self) -> None:
        """Back to what was there before (for the commands that are not the daemon)."""
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous.clear()

    def deliver_to(self, post: Callable[[str], None]) -> None:
        """From now on a signal is posted to the loop (``post`` takes the reason); one that
        came during start-up is posted at once."""
        self._post = post
        if self.early is not None:
            post(f"{self.early} during start-up")

    def _caught(self, number: int, _frame: FrameType | None) -> None:
        name = signal.Signals(number).name
        if self._post is not None:
            self._post(name)
        elif self.early is None:
            self.early = name
