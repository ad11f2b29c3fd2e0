"""Which of two hubs dials first when both are told about each other at once.

Syncthing 1.19 reads the Hello of one new connection at a time. When two hubs that were just
paired with each other dial each other within a few milliseconds (the organiser tapped both,
or typed both ids, and each hub dials at once), each waits for the other's Hello on its own
connection, and the pairing stalls for Syncthing's 20 s timeout (measured: 6 of 8 pairings
made at the same moment). A hub also dials a few times within its first second of knowing
another, so the other must not dial back during that second either.

So the hub whose device id sorts first adds the other at once, unless that one is already
dialling it. The other holds its pairing until the first has been dialling it (Syncthing
lists it as pending, having turned it away) for :data:`SETTLE_S`, then adds it (it dials
once, between the first hub's attempts), or adds it anyway after :data:`WAIT_AT_MOST_S`
(the first hub may never be told, or cannot reach it). Pure: the link asks on its own thread
with what Syncthing says and the time.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

#: How long the other hub has been dialling this one before this one dials back.
SETTLE_S = 1.5
#: How long a held pairing waits for the other hub to dial first before this one dials.
WAIT_AT_MOST_S = 4.0


@dataclass(frozen=True)
class Pairing:
    """A hub to pair with: its device id, the name it is known by ("" until it says), and
    where it may be dialled."""

    device: str
    name: str
    addresses: tuple[str, ...]


@dataclass(frozen=True)
class _Held:
    pairing: Pairing
    since: float
    dialling_since: float | None  # when this hub first saw the other dialling it


class Pairings:
    """The pairings this hub holds back while the other hub dials first."""

    def __init__(self, settle_s: float = SETTLE_S, wait_at_most_s: float = WAIT_AT_MOST_S) -> None:
        self._settle_s = settle_s
        self._wait_at_most_s = wait_at_most_s
        self._held: dict[str, _Held] = {}

    def ask(self, pairing: Pairing, now: float) -> None:
        """Hold ``pairing`` until :meth:`due` says to add it (asked again, it waits no longer)."""
        held = self._held.get(pairing.device)
        self._held[pairing.device] = (
            _Held(pairing, now, None) if held is None else replace(held, pairing=pairing)
        )

    def due(self, me: str, dialling_me: Collection[str], now: float) -> list[Pairing]:
        """The held pairings to add now: this hub's id sorts first and the other is not
        dialling it, or the other has been dialling it long enough, or they waited enough."""
        ready: list[Pairing] = []
        for device, held in list(self._held.items()):
            if device in dialling_me and held.dialling_since is None:
                held = self._held[device] = replace(held, dialling_since=now)
            seen = held.dialling_since
            first = seen is None and me < device
            settled = seen is not None and now - seen >= self._settle_s
            if first or settled or (seen is None and now - held.since >= self._wait_at_most_s):
                ready.append(held.pairing)
                del self._held[device]
        return ready

    @property
    def waiting(self) -> tuple[Pairing, ...]:
        return tuple(held.pairing for held in self._held.values())
