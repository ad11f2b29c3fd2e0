"""What the phones are served: the latest snapshot, its JSON in each language asked for, and
the pages' streams of it (server-sent events).

It lives on the web thread's event loop: the server hands each snapshot over with
``call_soon_threadsafe`` and ``set`` runs there, waking every stream at once. The map is laid
out off the loop (hubd/web/phone_map.py). While a page follows, a new snapshot's map is asked
for as it comes, and the streams wait for it a moment (``MAP_HOLD_S``) before they send it: a
phone sees the entry and its table together, not the entry over the table before it (a crowded
round's updates 0.4 s apart, 46 of 74 sent with the map before them). Where the map takes
longer, the snapshot goes with the last map ready, and the streams are woken again to send the
table's own when it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from hubd.values.snapshot import Snapshot
from hubd.web.guard import SECURITY_HEADERS, Limits, plain
from hubd.web.page_data import open_ends, page_data
from hubd.web.phone_map import PhoneMap

#: A stream's keep-alive comment: phones (and proxies) see the hub is there, cheaply.
HEARTBEAT_S = 15.0
WRITE_TIMEOUT_S = 5.0
PING = b"event: ping\ndata: 1\n\n"

#: How long a new snapshot waits for its table's map before it is sent with the last one ready:
#: a crowded table's map takes 10-50 ms here (about four times that on a Pi), seconds only where
#: the round's tables are laid out again (the hub restarted). Within web_bench's goal of 250 ms
#: from commit to phone.
MAP_HOLD_S = 0.15


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
        self._held: asyncio.TimerHandle | None = None  # a snapshot waiting for its map

    def begin(self, loop: asyncio.AbstractEventLoop) -> None:
        """Streams may start: ``loop`` is the web thread's."""
        self._loop = loop
        self._changed = loop.create_future()

    def set(self, snapshot: Snapshot) -> None:
        """Serve ``snapshot`` from now on and wake every stream, once its map is ready or
        ``MAP_HOLD_S`` has passed (on the web loop; a page asking meanwhile is given it)."""
        self.snapshot = snapshot
        self._cache = {}
        if not (self._streams and self._map_waits()):
            self._renew()
        elif self._held is None:  # a newer snapshot held goes when the first would have
            self._held = asyncio.get_running_loop().call_later(MAP_HOLD_S, self._renew)

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
                loop.call_soon_threadsafe(self._after_map)

    def _after_map(self) -> None:
        """On the web loop, a map laid out: the snapshot held for its map goes now that it is
        ready (another table's map leaves it held: it would go with the map before it)."""
        if self._held is None or not self._map_waits():
            self._renew()

    def _map_waits(self) -> bool:
        """Whether the snapshot's map is still to come (asked for if so: never waits)."""
        state = self.snapshot.state
        if state is None or state.table is None:
            return False
        return self.phone_map.svg(state.table, open_ends(state))[1]

    def _renew(self) -> None:
        """What is served changed: its JSON made again, every stream woken."""
        if self._held is not None:
            self._held.cancel()
            self._held = None
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
