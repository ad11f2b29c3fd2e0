"""What the phones are served: the latest snapshot, its JSON in each language asked for, and
the pages' streams of it (server-sent events).

It lives on the web thread's event loop: the server hands each snapshot over with
``call_soon_threadsafe`` and ``set`` runs there, waking every stream at once. The map is laid
out off the loop (hubd/web/phone_map.py): when the table's is ready, the streams are woken
again and send it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from hubd.values.snapshot import Snapshot
from hubd.web.guard import SECURITY_HEADERS, Limits, plain
from hubd.web.page_data import page_data
from hubd.web.phone_map import PhoneMap

#: A stream's keep-alive comment: phones (and proxies) see the hub is there, cheaply.
HEARTBEAT_S = 15.0
WRITE_TIMEOUT_S = 5.0
PING = b"event: ping\ndata: 1\n\n"


class Served:
    """The snapshot being served, its JSON by language (made once a snapshot), the streams."""

    def __init__(self, limits: Limits, today: Callable[[], str], photos: bool) -> None:
        self.limits = limits
        self.today = today  # "YYYY-MM-DD": the games of the day are the ones started on it
        self.photos = photos  # whether the page offers counting a hand from a photo
        self.snapshot = Snapshot()
        self.closing = False
        self._cache: dict[str, bytes] = {}  # language -> the current snapshot's JSON
        self._changed: asyncio.Future[None] | None = None
        self._streams: dict[str, int] = {}  # client -> its open streams
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Counts what the streams send: each snapshot, and each map laid out meanwhile.
        self.edition = 0
        self.phone_map = PhoneMap(self._map_drawn)

    def begin(self, loop: asyncio.AbstractEventLoop) -> None:
        """Streams may start: ``loop`` is the web thread's."""
        self._loop = loop
        self._changed = loop.create_future()

    def set(self, snapshot: Snapshot) -> None:
        """Serve ``snapshot`` from now on and wake every stream (on the web loop)."""
        self.snapshot = snapshot
        self._renew()

    def close(self) -> None:
        """End every stream now, not at a heartbeat's timeout."""
        self.closing = True
        self.phone_map.close()
        if self._changed is not None and not self._changed.done():
            self._changed.set_result(None)

    def _map_drawn(self) -> None:
        """A map is laid out (on its worker): the streams send it (on the web loop)."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the web loop stopping
                loop.call_soon_threadsafe(self._renew)

    def _renew(self) -> None:
        """What is served changed: its JSON made again, every stream woken."""
        self._cache = {}
        self.edition += 1
        changed, self._changed = self._changed, asyncio.get_running_loop().create_future()
        if changed is not None and not changed.done():
            changed.set_result(None)

    def data(self, language: str) -> bytes:
        body = self._cache.get(language)
        if body is None:
            data = page_data(self.snapshot, language, self.today(), self.photos, self.phone_map.svg)
            body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
            self._cache[language] = body
        return body

    async def stream(
        self, request: web.Request, language: str, still_ours: Callable[[], bool]
    ) -> web.StreamResponse:
        """The page's data as server-sent events while ``still_ours()`` (the token is the
        game's), so many streams per client and in all."""
        client = request.remote or "?"
        limits = self.limits
        if sum(self._streams.values()) >= limits.streams or (
            self._streams.get(client, 0) >= limits.streams_per_client
        ):
            return plain(503, "too many pages open")
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
                **SECURITY_HEADERS,
            }
        )
        self._streams[client] = self._streams.get(client, 0) + 1
        try:
            await response.prepare(request)
            await _send(response, b"retry: 2000\n\n")
            async for body in self._updates(language, still_ours):
                await _send(response, b"data: " + body + b"\n\n" if body else PING)
        except (ConnectionResetError, TimeoutError, asyncio.CancelledError):
            pass
        finally:
            self._streams[client] -= 1
            if not self._streams[client]:
                del self._streams[client]
        return response

    async def _updates(self, language: str, still_ours: Callable[[], bool]) -> AsyncIterator[bytes]:
        """The page's data at once and after each new snapshot or map; b"" when it is time for a
        heartbeat. Ends when the token is no longer the game's (a new game)."""
        sent = -1
        while still_ours() and not self.closing:
            changed = self._changed  # first: a snapshot published while sending is not missed
            if changed is None:
                return
            if self.edition != sent:
                sent = self.edition
                yield self.data(language)
            try:
                await asyncio.wait_for(asyncio.shield(changed), HEARTBEAT_S)
            except TimeoutError:
                yield b""


async def _send(response: web.StreamResponse, chunk: bytes) -> None:
    """A chunk of a stream, or TimeoutError: a phone that stops reading is dropped."""
    await asyncio.wait_for(response.write(chunk), WRITE_TIMEOUT_S)
