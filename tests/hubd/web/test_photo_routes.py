"""A hand counted from a photo sent by a phone, through the server's routes (aiohttp's test
client, the desk answering as the loop does): a synthetic photo read by the real worker and
confirmed as the hand's pips; the table deciding what a photo alone cannot; and the upload's
bounds (type, bytes, pixels, one photo a seat at a time, a rate)."""

from __future__ import annotations

import asyncio
import functools
import itertools
import struct
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine import Game, NewGame, StartRound, Tile
from engine.photo_hand import HalfGuess, SeenTile
from hubd.loop.inbox import PhoneRequest
from hubd.screens.shots.scripted_games import autoplay
from hubd.values.snapshot import Snapshot
from hubd.vision.seen import TileSeen
from hubd.web.desk import PhoneDesk
from hubd.web.guard import Limits
from hubd.web.page_data import page_data
from hubd.web.phone_ids import COOKIE
from hubd.web.photo import PhotoDesk, picture_size
from hubd.web.server import WebServer

cv2 = pytest.importorskip("cv2")
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

NAMES = ("Ana", "Ben", "Chen", "Dee")
GAME_ID = 3
PHONES = ("a" * 32, "b" * 32)
Reader = Callable[[bytes, int], list[TileSeen]]


@functools.cache
def photo(seed: int, highest: int, count: int) -> tuple[bytes, list[tuple[int, int]]]:
    """A synthetic photo of a hand as the page sends it (JPEG) and the tiles in it."""
    from photo_synth import make_photo

    made = make_photo(seed, highest, count)
    ok, jpeg = cv2.imencode(".jpg", made.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return jpeg.tobytes(), made.tiles


def scores_game() -> Game:
    """Keeping the scores only, a round being played: hands may be entered (double-9)."""
    return Game.from_events([NewGame(NAMES, {"mode": "scores", "rounds": 3}), StartRound("Ana")])


def counted_game() -> Game:
    """Every play entered, the round over: Ana went out, the others hold a tile each."""
    game = Game.from_events([NewGame(NAMES, {"rounds": 3}), StartRound("Ana")])
    autoplay(game)
    assert game.state.hands == [0, 1, 1, 1]
    return game


class Table:
    """The server's routes and the desk answering them on the test's own event loop."""

    def __init__(self, game: Game, read: Reader | None = None, limits: Limits | None = None):
        self.game = game
        limits = limits or Limits(writes_per_s=100)
        self.server = WebServer("127.0.0.1", 0, self.answer, limits,
                                photos=PhotoDesk(limits, read))  # fmt: skip
        self.desk = PhoneDesk(b"s" * 32, self.server.served.set, "http://127.0.0.1:1")
        self.client: Any = None

    def answer(self, request: PhoneRequest) -> None:
        self.desk.handle(request, self.game.state, GAME_ID, self.submit)
        self.publish()

    def submit(self, event: Any) -> bool:
        self.game.apply(event)
        return True

    def publish(self) -> None:
        self.desk.publish(Snapshot(game_id=GAME_ID, state=self.game.state))

    def run(self, check: Callable[[Table], Awaitable[None]]) -> None:
        async def main() -> None:
            self.publish()
            async with TestClient(TestServer(self.server.application())) as client:
                self.client = client
                await check(self)

        asyncio.run(main())

    @property
    def base(self) -> str:
        return f"/t/{self.desk.token(GAME_ID)}"

    def cookie(self, phone: int) -> dict[str, str]:
        """The phone's id as the hub gave its page (hubd/web/phone_ids.py)."""
        return {"Cookie": f"{COOKIE}={self.server.phones.cookie(PHONES[phone])}"}

    async def write(self, action: str, phone: int = 0, **body: Any) -> dict[str, Any]:
        body = {"round": self.game.state.round, **body}
        answer = await self.client.post(f"{self.base}/{action}", json=body,
                                        headers=self.cookie(phone))  # fmt: skip
        got: dict[str, Any] = await answer.json()
        return got

    async def send(
        self, data: bytes, seat: int = 1, kind: str = "image/jpeg", **query: Any
    ) -> tuple[int, dict[str, Any]]:
        params = {"seat": seat, "round": self.game.state.round, "lang": "en", **query}
        headers = {"Content-Type": kind, **self.cookie(0)}
        answer = await self.client.post(f"{self.base}/photo", data=data, params=params,
                                        headers=headers)  # fmt: skip
        return answer.status, await answer.json()


def guessed(*halves: dict[int, float]) -> list[TileSeen]:
    """Tiles as the reader reports them, two halves each, left to right."""
    pairs = zip(halves[::2], halves[1::2], strict=True)
    return [TileSeen(SeenTile(HalfGuess(tuple(a.items())), HalfGuess(tuple(b.items()))),
                     (100.0 * place, 50.0)) for place, (a, b) in enumerate(pairs)]  # fmt: skip


def test_a_photo_is_read_and_its_confirmed_tiles_enter_as_the_hands_pips() -> None:
    table = Table(scores_game())
    data, tiles = photo(1, 9, 3)

    async def check(t: Table) -> None:
        assert (await t.write("claim", seat=1))["ok"]
        status, got = await t.send(data)
        assert status == 200 and got["ok"], got
        read = sorted(tuple(sorted(item["tile"])) for item in got["tiles"])
        assert read == sorted(tuple(sorted(tile)) for tile in tiles)
        assert got["highest"] == 9 and got["expected"] is None and got["note"] is None
        pips = sum(a + b for a, b in tiles)
        sent = await t.write(
            "hand", seat=1, pips=pips, tiles=[item["tile"] for item in got["tiles"]]
        )
        assert sent["ok"], sent
        assert t.desk.hands["Ben"].pips == pips

    table.run(check)


def test_the_table_settles_what_the_photo_leaves_open_and_asks_the_rest() -> None:
    game = counted_game()
    on_table = set(game.state.table.placed)  # type: ignore[union-attr]
    # A half read as 5 or 6 beside a sure 8: the table holds one of 5-8 and 6-8, or asks.
    x, y, n = next(
        (x, y, n)
        for n, x, y in itertools.product(range(10), repeat=3)
        if Tile.of(x, n) in on_table and Tile.of(y, n) not in on_table and x != y
    )
    ambiguous = guessed({x: 0.5, y: 0.5}, {n: 1.0})
    table = Table(game, read=lambda _data, _highest: ambiguous)
    data, _tiles = photo(1, 9, 3)

    async def check(t: Table) -> None:
        for seat, phone in ((1, 0), (2, 1)):
            assert (await t.write("claim", seat=seat, phone=phone))["ok"]
        status, got = await t.send(data, seat=1)
        assert status == 200 and got["note"] is None  # Ben holds one tile: one is seen
        assert got["tiles"] == [{"tile": [y, n], "choices": [], "question": None}] or got[
            "tiles"
        ] == [{"tile": [n, y], "choices": [], "question": None}]
        settled = Tile.of(y, n)
        sent = await t.write("hand", seat=1, pips=settled.pips, tiles=[[y, n]],
                             double_blank=settled == Tile(0, 0))  # fmt: skip
        assert sent["ok"], sent
        # Chen's photo reads the same: 5-8 is on the table, 6-8 counted in Ben's hand.
        status, got = await t.send(data, seat=2)
        assert got["tiles"] == [{"tile": None, "choices": [], "question": "Which tile is this?"}]
        # Chen cannot enter Ben's tile either.
        sent = await t.write("hand", seat=2, phone=1, pips=settled.pips, tiles=[[y, n]],
                             double_blank=settled == Tile(0, 0))  # fmt: skip
        assert not sent["ok"] and "Ben" in sent["problem"]

    table.run(check)


def test_a_tile_on_the_table_corrected_into_a_hand_is_refused_as_on_the_table() -> None:
    """A tile tapped into a hand that lies on the table was refused as "not in this game's
    set": a family holding a double-12 set read that its 2-3 was not in it."""
    game = counted_game()
    on_table = min(game.state.table.placed)  # type: ignore[union-attr]
    table = Table(game)

    async def check(t: Table) -> None:
        assert (await t.write("claim", seat=1))["ok"]
        sent = await t.write("hand", seat=1, pips=on_table.pips, tiles=[list(on_table)],
                             double_blank=on_table == Tile(0, 0))  # fmt: skip
        assert not sent["ok"]
        assert "on the table" in sent["problem"] and "set" not in sent["problem"], sent
        beyond = await t.write("hand", seat=1, pips=20, tiles=[[10, 10]])
        assert not beyond["ok"] and "10-10 is not in this game's set" in beyond["problem"]

    table.run(check)


def test_keeping_the_scores_only_the_set_alone_constrains_so_a_question_is_asked() -> None:
    table = Table(scores_game(), read=lambda _d, _h: guessed({5: 0.5, 6: 0.5}, {8: 1.0}))

    async def check(t: Table) -> None:
        assert (await t.write("claim", seat=0))["ok"]
        status, got = await t.send(b"\xff\xd8" + photo(2, 9, 2)[0][2:], seat=0)
        assert status == 200
        [item] = got["tiles"]
        assert item["tile"] is None and sorted(item["choices"]) == [[5, 8], [6, 8]]
        assert item["question"] == "Is this \u20665\u20118\u2069 or \u20666\u20118\u2069?"

    table.run(check)


def png_header(width: int, height: int) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", width, height)
    )


def test_the_pictures_size_is_read_from_its_header_alone() -> None:
    data, _tiles = photo(1, 9, 3)
    decoded = cv2.imdecode(__import__("numpy").frombuffer(data, "uint8"), cv2.IMREAD_COLOR)
    assert picture_size(data) == (decoded.shape[1], decoded.shape[0])
    assert picture_size(png_header(40000, 30000) + b"\0" * 20) == (40000, 30000)
    for junk in (b"", b"hello", b"\xff\xd8\xff", b"\xff\xd8\x00\x00", b"\xff\xd8\xff\xe0\x00\x01"):
        assert picture_size(junk) is None


def test_uploads_are_bounded_and_refused_in_the_phones_language() -> None:
    calls: list[int] = []
    table = Table(scores_game(), read=lambda _d, h: calls.append(h) or [],
                  limits=Limits(writes_per_s=100, photo_bytes=200_000))  # fmt: skip
    data, _tiles = photo(1, 9, 3)

    async def check(t: Table) -> None:
        status, got = await t.send(data, seat=1)
        assert status == 409 and got["problem"] == "Choose your seat to enter your hand"
        assert (await t.write("claim", seat=1))["ok"]
        assert (await t.send(data, seat=1, kind="text/plain"))[0] == 415
        assert (await t.send(b"hello, not a photo", seat=1))[0] == 415
        assert (await t.send(b"\0" * 300_000, seat=1))[0] == 413  # more bytes than allowed
        status, got = await t.send(png_header(40_000, 40_000) + b"\0" * 100, seat=1,
                                   kind="image/png", lang="pt")  # fmt: skip
        assert status == 413 and got["problem"].startswith("A foto é grande demais")
        assert (await t.send(data, seat=1, round=9))[0] == 409  # a round gone by
        assert calls == []  # nothing reached the reader
        assert (await t.send(data, seat=1))[0] == 200
        assert calls == [9]

    table.run(check)


def test_one_photo_a_seat_at_a_time_and_so_many_a_minute() -> None:
    started, release = threading.Event(), threading.Event()

    def slow(_data: bytes, _highest: int) -> list[TileSeen]:
        started.set()
        release.wait(10)
        return []

    limits = Limits(writes_per_s=100, photos_per_minute=0.01)  # the burst of 3, then none
    table = Table(scores_game(), read=slow, limits=limits)
    data, _tiles = photo(1, 9, 3)

    async def check(t: Table) -> None:
        assert (await t.write("claim", seat=1))["ok"]
        first = asyncio.ensure_future(t.send(data, seat=1))
        await asyncio.to_thread(started.wait, 10)
        status, got = await t.send(data, seat=1)
        assert status == 429 and "still being read" in got["problem"]
        release.set()
        assert (await first)[0] == 200
        assert (await t.send(data, seat=1))[0] == 200  # the burst's third
        status, got = await t.send(data, seat=1)  # the fourth in a row: the rate
        assert status == 429 and got["problem"].startswith("Too many photos")

    table.run(check)


def test_without_opencv_the_page_offers_no_photo_and_the_route_is_absent() -> None:
    server = WebServer("127.0.0.1", 0, lambda _r: None)
    server.photos = None
    game = scores_game()
    assert page_data(Snapshot(game_id=1, state=game.state), "en", "2026-01-01")["photos"] is False
    table = Table(game)
    table.server.photos = None

    async def check(t: Table) -> None:
        status = (await t.client.post(f"{t.base}/photo", data=b"x")).status
        assert status == 404

    table.run(check)


def test_a_photo_of_more_tiles_than_the_hand_holds_says_so() -> None:
    two = guessed({1: 1.0}, {2: 1.0}, {3: 1.0}, {4: 1.0})
    table = Table(counted_game(), read=lambda _d, _h: two)

    async def check(t: Table) -> None:
        assert (await t.write("claim", seat=3))["ok"]
        status, got = await t.send(photo(1, 9, 3)[0], seat=3)
        assert status == 200 and got["expected"] == 1 and len(got["tiles"]) == 2
        assert got["note"] == "Tiles in the photo: 2. Tiles in your hand, by the hub's count: 1"

    table.run(check)
