"""The phones' web server: aiohttp on its own event loop in its own thread.

It holds only the latest snapshot the loop published and serves it through the page's routes
(hubd/web/routes.py: the page, its data as JSON and as server-sent events, a phone's writes,
each answered without ever blocking the loop). This module starts and stops the thread, binds
the listeners (the port, and port 80 too where the hub may) and hands snapshots over from the
hub's thread.

Bounded everywhere: so many connections per client and in all, the host and origin checked
(hubd/web/gate.py), bodies of at most 2 KB, a token bucket per client for requests and a
smaller one for writes, so many streams per client and in all, a deadline on every write to
a stream (a phone that stops reading is dropped), and errors logged as one line, so many a
minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Callable
from datetime import date

from aiohttp import web

from hubd.values.snapshot import Snapshot
from hubd.vision.available import photos_readable
from hubd.web.gate import Door, handler_factory
from hubd.web.guard import Limits, loop_error, one_line
from hubd.web.phone_ids import PhoneIds
from hubd.web.photo import PhotoDesk
from hubd.web.routes import Post, Routes
from hubd.web.served import Served


def plain_port_problem(port: int, fallback: int, err: OSError) -> str:
    """Why the page is not on ``port`` too, in one line a maker can act on."""
    if isinstance(err, PermissionError):
        why = "needs root or CAP_NET_BIND_SERVICE (the installed unit grants it)"
    else:
        why = f"cannot be listened on ({err.strerror or err})"
    return f"port {port} {why}: the page is on port {fallback} alone"


class WebServer:
    """Start it, publish snapshots to it from any thread, stop it."""

    def __init__(
        self,
        bind: str,
        port: int,
        post: Post,
        limits: Limits | None = None,
        today: Callable[[], str] = lambda: date.today().isoformat(),
        plain_port: int = 0,
        photos: PhotoDesk | None = None,
        secret: bytes | None = None,
    ) -> None:
        self.bind = bind
        #: The page is also served here when the hub may listen on it (80: an address with no
        #: port, ``http://<hub>.local``); 0 for none. ``plain`` says whether it could.
        self.plain_port = plain_port
        self.plain = False
        self.plain_problem: str | None = None
        self.port = port
        self.limits = limits or Limits()
        #: The phones' ids, signed with the hub's secret (kept in the data folder).
        self.phones = PhoneIds(secret or secrets.token_bytes(32), self.limits.phones_per_address)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._problem: str | None = None
        self.door = Door(self.limits)
        photos = photos or (PhotoDesk(self.limits) if photos_readable() else None)
        self.served = Served(self.limits, today, photos is not None)
        self.routes = Routes(post, self.limits, self.served, self.phones, self.door, photos)
        self._listeners: list[asyncio.Server] = []

    @property
    def photos(self) -> PhotoDesk | None:
        """Counting a hand from a photo: offered when this hub can read photos (OpenCV)."""
        return self.routes.photos

    @photos.setter
    def photos(self, desk: PhotoDesk | None) -> None:  # a test's own reader, or none
        self.routes.photos = desk

    # -- from the hub's thread ------------------------------------------------------------

    def start(self) -> str | None:
        """Bind and serve in a new thread; returns why it could not (one line), or None."""
        self._thread = threading.Thread(target=self._run, name="hubd-web", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        return self._problem

    def publish(self, snapshot: Snapshot) -> None:
        """Serve ``snapshot`` from now on (thread-safe; wakes only the web thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            self.served.snapshot = snapshot
            return
        with contextlib.suppress(RuntimeError):  # the web loop stopping
            loop.call_soon_threadsafe(self.served.set, snapshot)

    @property
    def serving(self) -> int:
        """The version of the snapshot being served now."""
        return self.served.snapshot.version

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self.served.close)  # they end now, not at a timeout
            loop.call_soon_threadsafe(loop.stop)
        thread.join(5)

    # -- the web thread --------------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)  # this thread's own
        loop.set_exception_handler(loop_error)
        one_line()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except OSError as err:  # the port taken, the address not this host's
            self._problem = f"cannot listen on {self.bind}:{self.port}: {err.strerror or err}"
            self._ready.set()
            loop.close()
            return
        self.served.begin(loop)
        self._ready.set()
        self._tick()
        try:
            loop.run_forever()
        finally:
            for listener in self._listeners:
                listener.close()
            if self._runner is not None:
                loop.run_until_complete(self._runner.cleanup())
            left = asyncio.all_tasks(loop)  # streams still open: ended, not left to the GC
            for task in left:
                task.cancel()
            if left:
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.close()

    def application(self) -> web.Application:
        """The routes and their guard (``_serve`` serves them; tests may use them alone)."""
        return self.routes.application()

    async def _serve(self) -> None:
        app = self.application()
        # shutdown_timeout: open streams are cut at once, so the daemon stops in 2 s.
        runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=0.3)
        await runner.setup()
        assert runner.server is not None
        # Each connection goes through the door (hubd/web/gate.py) first.
        factory = handler_factory(
            self.door,
            runner.server,
            access_log=None,
            keepalive_timeout=5,  # an idle connection (or one that never asks) is closed
            max_line_size=4096,
            max_field_size=4096,
            max_headers=40,
        )
        loop = asyncio.get_running_loop()
        try:
            listener = await loop.create_server(
                factory, self.bind, self.port, backlog=128, reuse_address=True
            )
        except OSError:
            await runner.cleanup()
            raise
        self._runner, self._listeners = runner, [listener]
        if self.port == 0 and listener.sockets:
            self.port = int(listener.sockets[0].getsockname()[1])
        if self.plain_port and self.plain_port != self.port:
            try:
                plain = await loop.create_server(
                    factory, self.bind, self.plain_port, backlog=128, reuse_address=True
                )
            except OSError as err:  # not root and no CAP_NET_BIND_SERVICE, or the port taken
                self.plain_problem = plain_port_problem(self.plain_port, self.port, err)
            else:
                self._listeners.append(plain)
                self.plain = True

    def _tick(self) -> None:
        """Each half minute: the bad requests left out of the journal said in one line."""
        self.door.throttle.flush()
        loop = self._loop
        if loop is not None and not self.served.closing:
            loop.call_later(30, self._tick)
