"""The link to Syncthing: its own thread, polling the REST API and posting what it sees.

Every few seconds it sets Syncthing up once (LAN only, the club folder, the table's name),
then reads this hub's device id and addresses, the paired hubs (connected, or when last seen)
and the hubs nearby that could be paired (pending, or seen by local discovery), and posts a
:class:`LinkStatus` to the loop when that changed. Requests from the loop (pair with a hub
tapped or typed, look at a file now) go through a queue; nothing here ever blocks the loop.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from hubd.club.pairing import Pairing, Pairings
from hubd.club.syncthing import Syncthing, SyncthingError

log = logging.getLogger("hubd.club")

POLL_EVERY_S = 3.0
#: While a pairing waits for the other hub to dial first, Syncthing is asked this often.
WAITING_POLL_S = 0.5


@dataclass(frozen=True)
class Peer:
    """A paired hub."""

    device: str
    name: str
    connected: bool
    seen_ago_s: float | None  # None: never seen


@dataclass(frozen=True)
class Nearby:
    """A hub Syncthing sees that is not paired yet: a tap pairs it."""

    device: str
    name: str  # "" when only seen by local discovery (it has not asked yet)
    address: str


@dataclass(frozen=True)
class LinkStatus:
    running: bool
    problem: str = ""  # plain words when Syncthing cannot be used
    device_id: str = ""
    peers: tuple[Peer, ...] = ()
    nearby: tuple[Nearby, ...] = ()
    addresses: tuple[str, ...] = ()  # where the other hubs reach this one
    discovery: bool = True  # local discovery on (the organiser's choice, kept)

    @property
    def pairing_text(self) -> str:
        """What another hub types (or reads from this hub's QR code) to pair with this one:
        the device id, then the address it is reached at (``10.0.0.2:22000``)."""
        shown = [a.removeprefix("tcp://") for a in self.addresses[:1]]
        return " ".join((self.device_id, *shown))


class PairingError(ValueError):
    """What was typed to pair with is not a device id (and an address)."""


DEVICE_ID = re.compile(r"[A-Z2-7]{56}")


def parse_pairing(text: str) -> tuple[str, tuple[str, ...]]:
    """A device id as Syncthing shows it (eight groups of seven; dashes, spaces and case do
    not matter), then optionally the address it is reached at: ``tcp://10.0.0.2:22000``,
    ``10.0.0.2:22000`` or ``10.0.0.2`` (port 22000)."""
    words = text.replace(",", " ").split()
    address = [w for w in words if any(c in w for c in ".:/") and not DEVICE_ID.fullmatch(w)]
    squeezed = "".join(w for w in words if w not in address).replace("-", "").upper()
    if not DEVICE_ID.fullmatch(squeezed):
        raise PairingError("not a device id: it has eight groups of seven letters and digits")
    device = "-".join(squeezed[i : i + 7] for i in range(0, 56, 7))
    addresses = []
    for word in address:
        if not word.startswith(("tcp://", "quic://")):
            word = "tcp://" + word
        host = word.split("://", 1)[1]
        if not re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?", host):
            raise PairingError(f"not an address: {word}")
        if ":" not in host.rsplit("]", 1)[-1]:
            word += ":22000"
        addresses.append(word)
    return device, tuple(addresses)


def parse_time(text: str) -> float | None:
    """Syncthing's RFC 3339 times (nanoseconds) as POSIX seconds; None for its zero time."""
    text = re.sub(r"(\.\d{6})\d+", r"\1", text.strip()).replace("Z", "+00:00")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return None if moment.year < 2000 else moment.timestamp()


def read_status(
    client: Syncthing,
    me: str,
    now: float,
    pending: dict[str, Any] | None = None,
    waiting: tuple[Pairing, ...] = (),
) -> LinkStatus:
    """What Syncthing says, with the pairings held back (paired, not yet connected)."""
    devices = [d for d in client.devices() if d.get("deviceID") != me]
    connections = client.connections()
    stats = client.device_stats()
    peers = []
    for device in devices:
        ident = str(device.get("deviceID", ""))
        seen = parse_time(str(stats.get(ident, {}).get("lastSeen", "")))
        connected = bool(connections.get(ident, {}).get("connected"))
        ago = None if seen is None else max(0.0, now - seen)
        peers.append(Peer(ident, str(device.get("name") or ident[:7]), connected, ago))
    configured = {p.device for p in peers}
    peers += [Peer(p.device, p.name or p.device[:7], False, None) for p in waiting
              if p.device not in configured]  # fmt: skip
    known = {p.device for p in peers} | {me}
    nearby: dict[str, Nearby] = {}
    pending = client.pending_devices() if pending is None else pending
    for ident, info in pending.items():
        if ident not in known:
            nearby[ident] = Nearby(ident, str(info.get("name", "")), str(info.get("address", "")))
    for ident, info in client.discovered().items():
        if ident not in known and ident not in nearby:
            addresses = info.get("addresses") or [""]
            nearby[ident] = Nearby(ident, "", str(addresses[0]))
    peers.sort(key=lambda p: (p.name.casefold(), p.device))
    return LinkStatus(
        True,
        "",
        me,
        tuple(peers),
        tuple(sorted(nearby.values(), key=_asked_first)),
        tuple(client.lan_addresses()),
        client.local_discovery(),
    )


def _dialable(address: str) -> tuple[str, ...]:
    """An address Syncthing saw a hub at, as one it can dial (a pending device's address is
    its outgoing port: the listening port is the usual 22000)."""
    if not address:
        return ()
    if "://" in address:
        return (address,)
    host = address.rsplit(":", 1)[0]
    return (f"tcp://{host}:22000",)


def _asked_first(hub: Nearby) -> tuple[bool, str, str]:
    """The hubs that asked to pair (they have a name) before those only seen."""
    return (not hub.name, hub.name.casefold(), hub.device)


class SyncLink:
    def __init__(
        self,
        connect: Callable[[], Syncthing],
        club: Path,
        table: str,
        post: Callable[[LinkStatus], None],
        every: float = POLL_EVERY_S,
        wall: Callable[[], float] = time.time,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._connect = connect
        self._club = club
        self._table = table
        self._post = post
        self._every = every
        self._wall = wall
        self._clock = clock
        self._pairings = Pairings()
        self._requests: queue.SimpleQueue[Callable[[Syncthing], None] | None] = queue.SimpleQueue()
        self._me = ""
        self._last: LinkStatus | None = None
        self._thread: threading.Thread | None = None

    # -- from the loop ---------------------------------------------------------------------

    def accept(self, device: str, name: str) -> None:
        """Pair with a hub tapped on the Hubs tab (dialled at the address it was seen at)."""
        seen = next((n.address for n in self._last.nearby if n.device == device), "") if (
            self._last is not None) else ""  # fmt: skip
        self._hold(Pairing(device, name, (*_dialable(seen), "dynamic")))

    def pair(self, device: str, addresses: tuple[str, ...]) -> None:
        """Pair with a hub whose device id (and address) was typed or scanned."""
        self._hold(Pairing(device, "", (*addresses, "dynamic")))

    def _hold(self, pairing: Pairing) -> None:
        """Pairings go through ``Pairings`` (hubd.club.pairing), on the link's own thread."""
        self._requests.put(lambda _client: self._pairings.ask(pairing, self._clock()))

    def scan(self, sub: str) -> None:
        self._requests.put(lambda client: client.scan(sub))

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="club-syncthing", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._requests.put(None)
        if self._thread is not None:
            self._thread.join(timeout=5)

    # -- on its own thread -----------------------------------------------------------------

    def poll(self, pending: list[Callable[[Syncthing], None]] | None = None) -> LinkStatus:
        """Carry out ``pending`` requests, then read the status (never raises)."""
        try:
            client = self._connect()
            if not self._me:
                self._me = client.set_up(self._club, self._table)
                log.info("club: Syncthing is set up, this hub is %s", self._me)
            for request in pending or ():
                _carry_out(request, client)
            dialling_me = client.pending_devices()
            for pairing in self._pairings.due(self._me, dialling_me, self._clock()):
                _carry_out(partial(_add, pairing=pairing), client)
            waiting = self._pairings.waiting
            return read_status(client, self._me, self._wall(), dialling_me, waiting)
        except SyncthingError as err:
            self._me = ""  # set up again once it is back (it may have been reinstalled)
            return LinkStatus(False, str(err))

    def _run(self) -> None:
        stop = False
        while not stop:
            pending: list[Callable[[Syncthing], None]] = []
            every = min(self._every, WAITING_POLL_S) if self._pairings.waiting else self._every
            deadline = time.monotonic() + every
            while not stop:
                try:
                    request = self._requests.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    break
                if request is None:
                    stop = True
                else:
                    pending.append(request)
                    break  # a request from the screen is done at once
            if stop:
                return
            try:
                status = self.poll(pending)
            except Exception:  # a bug must not end the link: say it and go on
                log.exception("club: talking to Syncthing failed")
                continue
            if status != self._last:
                if self._last is None or status.running != self._last.running:
                    said = "Syncthing is running" if status.running else status.problem
                    log.info("club: %s", said)
                self._last = status
                self._post(status)


def _add(client: Syncthing, pairing: Pairing) -> None:
    client.accept(pairing.device, pairing.name, pairing.addresses)


def _carry_out(request: Callable[[Syncthing], None], client: Syncthing) -> None:
    try:
        request(client)
    except SyncthingError as err:  # one refused request is no outage
        log.warning("club: %s", err)
