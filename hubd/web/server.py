"""The phones' web server: aiohttp on its own event loop in its own thread.

It holds only the latest snapshot the loop published and serves it (hubd/web/served.py): the
page (``/t/TOKEN``), its data as JSON (``/t/TOKEN/state``, the fallback that polls) and as
server-sent events (``/t/TOKEN/events``). A phone's write (a seat claim, a hand's pips) becomes
a PhoneRequest in the loop's inbox, answered through a callback; the server waits for the
answer with a deadline and never blocks the loop. Without the game's token nothing of the game
is shown.

Bounded everywhere: so many connections per client and in all, the host and origin checked
(hubd/web/gate.py), bodies of at most 2 KB, a token bucket per client for requests and a
smaller one for writes, so many streams per client and in all, a deadline on every write to
a stream (a phone that stops reading is dropped), and errors logged as one line, so many a
minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import date
from importlib import resources

from aiohttp import web

from hubd.loop.inbox import PhoneRequest
from hubd.values.snapshot import Snapshot
from hubd.vision.available import photos_readable
from hubd.web.desk import Answer, _
from hubd.web.gate import Door, closing, handler_factory
from hubd.web.guard import (
    SECURITY_HEADERS,
    Bucket,
    Limits,
    in_language,
    languages,
    loop_error,
    one_line,
    phone_request,
    plain,
    write_answer,
)
from hubd.web.page import page_html
from hubd.web.phone_ids import COOKIE, COOKIE_AGE_S, PhoneIds
from hubd.web.photo import PhotoDesk
from hubd.web.served import Served

log = logging.getLogger("hubd.web")

REPLY_TIMEOUT_S = 3.0
READ_TIMEOUT_S = 5.0  # a request's body, however slowly it comes
MAX_BODY = 2048
#: The answer when the loop has not answered in time (it is busy, or stopping).
BUSY = _("The hub is busy: try again")
#: The answer to a write whose numbers the hub does not take (the page checks them first).
NOT_TAKEN = _("The hub cannot take that: enter a whole number of pips and send it again")
#: A write without the phone's id the hub gave its page (hubd/web/phone_ids.py).
NO_PHONE = _("Open the game's page again on this phone: scan the code on the hub's screen")
STATIC = {
    "page.css": "text/css",
    "dom.js": "text/javascript",
    "page.js": "text/javascript",
    "photo.js": "text/javascript",
}
Post = Callable[[PhoneRequest], None]


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
        self.post = post
        self.limits = limits or Limits()
        #: The phones' ids, signed with the hub's secret (kept in the data folder).
        self.phones = PhoneIds(secret or secrets.token_bytes(32), self.limits.phones_per_address)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._problem: str | None = None
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self.door = Door(self.limits)
        #: Counting a hand from a photo: offered when this hub can read photos (OpenCV).
        self.photos = photos or (PhotoDesk(self.limits) if photos_readable() else None)
        self.served = Served(self.limits, today, self.photos is not None)
        self._listeners: list[asyncio.Server] = []

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
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.router.add_get("/", self._home)
        app.router.add_get("/t/{token}", self._page)
        app.router.add_get("/t/{token}/state", self._state)
        app.router.add_get("/t/{token}/events", self._events)
        app.router.add_post("/t/{token}/{action:claim|release|hand}", self._write)
        app.router.add_post("/t/{token}/photo", self._photo)
        app.router.add_get("/s/{name}", self._static)
        return app

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

    # -- requests -------------------------------------------------------------------------

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        client = request.remote or "?"
        if not self._allow(client, "any", self.limits.requests_per_s, 2):
            return plain(429, "too many requests")
        host = request.headers.get("Host")
        if not self.door.host_ok(host):  # a name that is not the hub's: DNS rebinding
            self.door.note("web: a request from %s for another host refused", client)
            return closing(plain(421, "this is the hub: open it by its address"))
        if request.method not in ("GET", "HEAD") and (
            not self.door.origin_ok(request.headers.get("Origin"), host)
            or request.headers.get("Sec-Fetch-Site") == "cross-site"
        ):
            self.door.note("web: a write from %s by another site refused", client)
            return closing(plain(403, "only the hub's own page may do that"))
        try:
            response = await handler(request)
        except web.HTTPException as err:
            response = plain(err.status, err.reason)
        except (asyncio.CancelledError, ConnectionResetError):
            raise
        except Exception as err:  # one line in the journal, never a traceback
            self.door.note(
                "web: %s %s from %s failed: %s",
                request.method,
                request.path[:80],
                client,
                type(err).__name__,
            )
            response = plain(500, "the hub could not answer that")
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
        return response

    def _allow(self, client: str, kind: str, rate: float, burst: float) -> bool:
        key = (client, kind)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 10_000:  # many clients seen: forget the quiet ones
                self._buckets.clear()
            bucket = self._buckets[key] = Bucket(rate, rate * burst, rate * burst)
        return bucket.take(time.monotonic())

    def _token_ok(self, request: web.Request) -> bool:
        token = self.served.snapshot.token
        given = request.match_info.get("token", "")
        return token is not None and hmac.compare_digest(given.encode(), token.encode())

    def _language(self, request: web.Request) -> str:
        code = request.query.get("lang", "")
        return code if code in languages() else self.served.snapshot.language

    async def _home(self, _request: web.Request) -> web.StreamResponse:
        return plain(404, "Scan the code on the hub's screen to open the game.")

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return plain(404, "Scan the code on the hub's screen to open the game.")
        language = self._language(request)
        html = page_html(language, request.match_info["token"])
        response = web.Response(
            body=html.encode(),
            content_type="text/html",
            charset="utf-8",
            headers={"Cache-Control": "no-store"},
        )
        phone = self.phones.check(request.cookies.get(COOKIE))
        if phone is None:  # its first visit (or its cookie lost): the hub names the phone
            phone = self.phones.issue(request.remote or "?")
        response.set_cookie(COOKIE, self.phones.cookie(phone), max_age=COOKIE_AGE_S, path="/",
                            httponly=True, samesite="Strict")  # fmt: skip
        return response

    async def _state(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return plain(404, "no such game")
        return web.Response(
            body=self.served.data(self._language(request)),
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return plain(404, "no such game")
        return await self.served.stream(request, self._language(request),
                                        lambda: self._token_ok(request))  # fmt: skip

    async def _write(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return plain(404, "no such game")
        if not self._allow(request.remote or "?", "write", self.limits.writes_per_s, 2.5):
            return plain(429, "too many requests")
        try:
            body = json.loads(await asyncio.wait_for(request.read(), READ_TIMEOUT_S))
        except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: nested
            return self._not_taken(request)
        except web.HTTPRequestEntityTooLarge:  # the rest of the body is not read
            return closing(self._not_taken(request))
        except TimeoutError:
            return closing(plain(408, "the request came too slowly"))
        phone = self.phones.check(request.cookies.get(COOKIE))
        snapshot = self.served.snapshot
        request_ = phone_request(request.match_info["action"], body, snapshot, phone or "")
        if request_ is None:
            return self._not_taken(request)
        language = self._language(request)
        if phone is None:
            return self._no_phone(language)
        answer = write_answer(await self._ask(request_), body.get("pips", 0), language)
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    async def _photo(self, request: web.Request) -> web.StreamResponse:
        """A photo of a hand (hubd/web/photo.py): the tiles read, for the player to confirm."""
        if not self._token_ok(request):
            return plain(404, "no such game")
        if self.photos is None:
            return plain(404, "this hub does not read photos")
        language = self._language(request)
        if self.phones.check(request.cookies.get(COOKIE)) is None:
            return self._no_phone(language)
        return await self.photos.count(request, self.served.snapshot, language)

    def _no_phone(self, language: str) -> web.Response:
        """A write without the phone's id its page was given (a made-up one, or none)."""
        refusal = in_language(NO_PHONE, language)
        return web.json_response({"ok": False, "problem": refusal}, status=403,
                                 headers={"Cache-Control": "no-store"})  # fmt: skip

    def _not_taken(self, request: web.Request) -> web.Response:
        """The hub's refusal of a write it cannot read, in the page's language (the page shows
        it as the hub's, never as a lost connection)."""
        problem = in_language(NOT_TAKEN, self._language(request))
        return web.json_response({"ok": False, "problem": problem}, status=400,
                                 headers={"Cache-Control": "no-store"})  # fmt: skip

    async def _ask(self, partial: Callable[[Callable[[Answer], None]], PhoneRequest]) -> Answer:
        """Post the request to the loop and wait for its answer: None, why not, or the limit
        a hand is above."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Answer] = loop.create_future()

        def reply(problem: Answer) -> None:  # called on the hub's loop
            def settle() -> None:
                if not future.done():
                    future.set_result(problem)

            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(settle)

        self.post(partial(reply))
        try:
            return await asyncio.wait_for(future, REPLY_TIMEOUT_S)
        except TimeoutError:
            return BUSY

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = STATIC.get(name)  # a fixed list: no path reaches beyond the page's own files
        if kind is None:
            return plain(404, "no such file")
        body = resources.files("hubd.web").joinpath("static", name).read_bytes()
        return web.Response(body=body, content_type=kind, headers={"Cache-Control": "max-age=300"})
