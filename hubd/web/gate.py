"""The phones' web server's door: how many connections a client and all clients may hold,
which host names and origins it answers, and what a malformed request costs the journal.

A hostile neighbour on the network can open connections and never finish a request, send
garbage by the thousand, or have a page from another site post to the hub (through DNS
rebinding, with a name that points at the hub). The door:

- admits at most so many connections from one address and in all (``Limits``); one over
  is closed at once, before a byte is read, so the phones and the hub's own files always
  have room under the unit's ``LimitNOFILE``;
- answers only requests whose ``Host`` is an address (the hub's own: a name is what DNS
  rebinding needs), ``localhost``, or the hub's host name, bare or ``.local``; a write whose
  ``Origin`` is another site is refused;
- writes a malformed request as one journal line, at most so many a minute,
  then one line with the count of those left out;
- answers parser errors as the pages are answered: the same headers, no version, no echo of
  the request, and the connection closed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from hubd.web.guard import Limits, plain

log = logging.getLogger("hubd.web")


@dataclass
class Throttle:
    """At most ``per_minute`` lines a minute; the rest counted and said in one line."""

    per_minute: int
    clock: Callable[[], float] = time.monotonic
    window: float = 0.0
    said: int = 0
    left_out: int = 0

    def allow(self) -> bool:
        self.flush()
        if self.said < self.per_minute:
            self.said += 1
            return True
        self.left_out += 1
        return False

    def flush(self) -> None:
        """Start a new minute when the last one is over, saying what it left out."""
        now = self.clock()
        if now - self.window < 60:
            return
        if self.left_out:
            log.warning(
                "web: %d more malformed or refused requests in the last minute were not logged",
                self.left_out,
            )
        self.window, self.said, self.left_out = now, 0, 0


@dataclass
class Door:
    limits: Limits = field(default_factory=Limits)
    open: dict[str, int] = field(default_factory=dict)
    names: frozenset[str] = field(default_factory=lambda: own_names())
    refused: int = 0  # connections closed at the door, for the bench and the tests

    def __post_init__(self) -> None:
        self.throttle = Throttle(self.limits.log_lines_per_minute)

    def admit(self, client: str) -> bool:
        count = self.open.get(client, 0)
        limits = self.limits
        if count >= limits.connections_per_client or sum(self.open.values()) >= limits.connections:
            self.refused += 1
            return False
        self.open[client] = count + 1
        return True

    def leave(self, client: str) -> None:
        count = self.open.get(client, 0) - 1
        if count > 0:
            self.open[client] = count
        else:
            self.open.pop(client, None)

    def note(self, message: str, *args: object) -> None:
        """One line about a bad request, unless the minute's lines are used up."""
        if self.throttle.allow():
            log.warning(message, *args)

    def host_ok(self, host: str | None) -> bool:
        """Whether ``Host`` names the hub: an address, localhost, or its own name (none at
        all is not a browser: a page cannot be sent without one)."""
        if host is None:
            return True
        try:
            name = urlsplit(f"//{host}").hostname
        except ValueError:
            return False
        if name is None:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name.rstrip(".") in self.names
        return True

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """A write's ``Origin``: none (not a browser), or the page's own (its Host)."""
        if origin is None:
            return True
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        return parts.scheme in ("http", "https") and parts.netloc == (host or "").lower()


def own_names() -> frozenset[str]:
    """The names the hub answers to: localhost, and its host name bare and ``.local``."""
    names = {"localhost"}
    host = socket.gethostname().lower()
    if host:
        names |= {host, f"{host}.local"}
    return frozenset(names)


class DoorHandler(RequestHandler):
    """aiohttp's connection handler with the door in front (see the module docstring)."""

    def __init__(self, door: Door, manager: web.Server, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._door = door
        self._client: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if peer else "?"
        if not self._door.admit(client):
            cast(asyncio.Transport, transport).abort()  # closed before a byte is read
            return
        self._client = client
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._client is None:
            return  # refused at the door: never started
        self._door.leave(self._client)
        self._client = None
        super().connection_lost(exc)

    def handle_error(
        self,
        request: Any,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """A request aiohttp could not read: one throttled line, a short plain answer."""
        self._door.note("web: a malformed request from %s: %s", request.remote, type(exc).__name__)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had begun")
        return closing(plain(status, HTTPStatus(status).phrase.lower()))


def closing(response: web.Response) -> web.Response:
    """``response`` with the connection closed after it (a refusal keeps nothing open)."""
    response.force_close()
    return response


def handler_factory(door: Door, manager: web.Server, **kwargs: Any) -> Callable[[], Any]:
    loop = asyncio.get_running_loop()
    return lambda: DoorHandler(door, manager, loop=loop, **kwargs)
