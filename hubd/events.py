"""Events that reach the main loop from other threads, and the inbox that carries them.

gpiozero calls back on its own threads. Those callbacks only ``post`` an event here; the
main loop drains the inbox, so the loop remains the one owner of the state.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from hubd.hardware.button import ButtonEdge

if TYPE_CHECKING:  # the club's modules load only with [club] enabled
    from hubd.club.importer import ClubArrived
    from hubd.club.link import LinkStatus


@dataclass(frozen=True)
class Shutdown:
    """Stop the main loop cleanly (SIGTERM, SIGINT, or the window closed)."""

    reason: str


@dataclass(frozen=True)
class MockButton:
    """Drive the mock button pin (``--mock-pins`` only: SIGUSR1 down, SIGUSR2 up)."""

    pressed: bool


@dataclass(frozen=True)
class PhoneRequest:
    """A phone's write from the web thread (hubd/web): claim or release a seat, or enter a
    hand's pips. The loop answers through ``reply`` with None (done) or why not, in words."""

    action: str  # "claim", "release" or "hand"
    phone: str  # the phone's own secret id
    seat: int
    round: int  # the round the phone saw: an entry for a round gone by is refused
    pips: int
    double_blank: bool
    game_id: int
    reply: Callable[[str | None], None]


#: The club night's news: another hub's games (the importer), Syncthing's state (the link).
HubEvent: TypeAlias = "ButtonEdge | Shutdown | MockButton | PhoneRequest | ClubArrived | LinkStatus"


class Inbox:
    """A thread-safe queue of HubEvents; the main loop sleeps on it."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[HubEvent] = queue.SimpleQueue()

    def post(self, event: HubEvent) -> None:
        self._queue.put(event)

    def drain(self) -> list[HubEvent]:
        events: list[HubEvent] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events

    def wait(self, timeout: float | None) -> list[HubEvent]:
        """Block until at least one event or ``timeout`` seconds; return all that arrived."""
        try:
            first = self._queue.get(timeout=timeout)
        except queue.Empty:
            return []
        return [first, *self.drain()]
