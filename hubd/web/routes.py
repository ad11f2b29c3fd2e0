"""The phones' page's routes: what each request is answered, from the latest snapshot.

The page (``/t/TOKEN``), its data as JSON (``/t/TOKEN/state``) and as server-sent events
(``/t/TOKEN/events``), a phone's writes (a seat claim, a hand's pips: a PhoneRequest in the
loop's inbox, answered through a callback with a deadline, so the loop is never waited on) and
its photos, behind one guard: a token bucket per client for requests and a smaller one for
writes, the host and origin checked (hubd/web/gate.py), bodies of at most 2 KB, errors one
line in the journal. Without the game's token nothing of the game is shown. The thread and
the listeners that serve these routes: hubd/web/server.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources

from aiohttp import web

from hubd.loop.inbox import PhoneRequest
from hubd.web.desk import Answer, OneSeat, _
from hubd.web.gate import Door, closing
from hubd.web.guard import (
    SECURITY_HEADERS,
    Bucket,
    Limits,
    in_language,
    languages,
    phone_request,
    plain,
    write_answer,
)
from hubd.web.page import page_html
from hubd.web.phone_ids import COOKIE, COOKIE_AGE_S, PhoneIds
from hubd.web.photo import PhotoDesk
from hubd.web.served import Served

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


@dataclass(eq=False)
class Routes:
    """The routes of one server, over its snapshot, its phones' ids and its door."""

    post: Post
    limits: Limits
    served: Served
    phones: PhoneIds
    door: Door
    photos: PhotoDesk | None
    _buckets: dict[tuple[str, str], Bucket] = field(default_factory=dict)

    def application(self) -> web.Application:
        """The routes and their guard (the server serves them; tests may use them alone)."""
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.router.add_get("/", self._home)
        app.router.add_get("/t/{token}", self._page)
        app.router.add_get("/t/{token}/state", self._state)
        app.router.add_get("/t/{token}/events", self._events)
        app.router.add_post("/t/{token}/{action:claim|release|hand}", self._write)
        app.router.add_post("/t/{token}/photo", self._photo)
        app.router.add_get("/s/{name}", self._static)
        return app

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
        said = await self._ask(request_)
        answer = write_answer(said, body.get("pips", 0), language)
        players = snapshot.state.players if snapshot.state is not None else ()
        if isinstance(said, OneSeat) and said.player in players:
            # the seat this phone holds, for a page that forgot it (its storage cleared)
            answer["holds"] = players.index(said.player)
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
