"""Events that reach the main loop from other threads, and the inbox that carries them.

gpiozero calls back on its own threads. Those callbacks only ``post`` an event here; the
main loop drains the inbox, so the loop remains the one owner of the state.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from engine import HandLimit, RuleError
from engine.tiles import Tile
from hubd.devices.button import ButtonEdge

if TYPE_CHECKING:  # the club's modules load only with [club] enabled
    from hubd.club.importer import ClubArrived
    from hubd.club.link import LinkStatus
    from hubd.loop.camera import CameraReport
    from hubd.loop.pictures import PictureReady
    from hubd.loop.wifi import WifiReport


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
    hand's pips. The loop answers through ``reply`` with None (done), why not in words, or
    the limit a hand is above (engine.HandLimit: the phone asks, and sends it ``confirmed``)."""

    action: str  # "claim", "release" or "hand"
    phone: str  # the phone's own secret id
    seat: int
    round: int  # the round the phone saw: an entry for a round gone by is refused
    pips: int
    double_blank: bool
    game_id: int
    reply: Callable[[RuleError | str | HandLimit | None], None]
    #: A hand counted from a photo: its tiles as the player confirmed them (their pips are
    #: ``pips``); None when the pips were typed.
    tiles: tuple[Tile, ...] | None = None
    confirmed: bool = False  # a hand above its limit, said to be right on the phone


#: The club night's news: another hub's games (the importer), Syncthing's state (the link);
#: the Wi-Fi worker's reports; the table's pictures laid out off the loop.
HubEvent: TypeAlias = (
    "ButtonEdge | Shutdown | MockButton | PhoneRequest | ClubArrived | LinkStatus | WifiReport"
    " | CameraReport | PictureReady"
)


class Inbox:
    """A thread-safe queue of HubEvents; the main loop sleeps on it.

    Each post also writes a byte to a pipe, so the loop sleeps in one ``select`` on the inbox
    and on other file descriptors (the screen's input devices) and wakes for whichever comes
    first: an idle hub does not wake at all until something happens or a deadline is due. A
    signal handler posts too, so a SIGTERM wakes it at once.
    """

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[HubEvent] = queue.SimpleQueue()
        self._wake_r, self._wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        weakref.finalize(self, _close_all, self._wake_r, self._wake_w)

    def post(self, event: HubEvent) -> None:
        self._queue.put(event)
        with contextlib.suppress(OSError):  # full: a wake-up is pending already
            os.write(self._wake_w, b"\0")

    def drain(self) -> list[HubEvent]:
        # The wake-ups first: a post after this leaves its byte, so no event sleeps unseen.
        with contextlib.suppress(OSError):
            while os.read(self._wake_r, 4096):
                pass
        events: list[HubEvent] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events

    def wait(self, timeout: float | None) -> list[HubEvent]:
        """Block until at least one event or ``timeout`` seconds; return all that arrived."""
        self.wait_for((), timeout)
        return self.drain()

    def wait_for(self, fds: Sequence[int], timeout: float | None) -> list[int]:
        """Sleep until an event is posted, one of ``fds`` can be read, or ``timeout`` seconds
        (None: no limit) have passed; return the ``fds`` that can be read."""
        if not self._queue.empty():
            return []
        readable, _, _ = select.select([self._wake_r, *fds], [], [], timeout)
        return [fd for fd in readable if fd != self._wake_r]


def _close_all(*fds: int) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
