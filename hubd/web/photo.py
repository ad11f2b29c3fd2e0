"""A hand counted from a photo sent by a phone: the upload's bounds and the reading's answer.

The page shrinks the photo to at most 1,600 px a side and sends it as JPEG to
``/t/TOKEN/photo?seat=S&round=R`` (from a phone its cookie names: hubd/web/phone_ids.py). Before
anything decodes it, the server checks the seat (held, its hand open), the type and the size it
says, then the bytes themselves: a JPEG's or PNG's header gives its width and height, so a
picture of too many pixels is refused unread. One photo a seat at a time, so many at once in
all, so many a minute per phone. The reading runs in the photo reader's bounded child process
(hubd/vision/worker.py), from a thread of the web server's, never on the hub's loop; the photo
is held in memory for the reading only and never written anywhere. What was read is settled
against the table (engine/photo_table.py, engine/photo_hand.py) and sent back for the player to
confirm; the confirmed hand comes back as an ordinary hand (``/hand`` with its tiles).
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from engine.photo_hand import HandReading, settle
from engine.photo_table import HandBounds, hand_bounds
from hubd.text import i18n
from hubd.text.photo_words import question_words
from hubd.values.snapshot import Snapshot
from hubd.web.desk import MOVED_ON, NOT_NOW, NOT_YOURS, _
from hubd.web.gate import closing
from hubd.web.guard import Bucket, Limits, in_language
from hubd.web.page_data import hands_open

TYPES = ("image/jpeg", "image/png")
PHOTO_BURST = 3.0  # photos a phone may send one after another before the rate applies
READ_TIMEOUT_S = 20.0  # a photo's body on a slow Wi-Fi
WRONG_TYPE = _("Send a photo: a JPEG or PNG picture")
TOO_BIG = _("The photo is too large: take it again (the page makes it smaller)")
SEAT_BUSY = _("Your last photo is still being read: wait for its answer")
TOO_MANY = _("Too many photos at once: wait a moment and try again")
NOT_READ = _("The hub could not read the photo: {reason}")


def picture_size(data: bytes) -> tuple[int, int] | None:
    """A JPEG's or PNG's width and height from its header alone; None if it is neither."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if not data.startswith(b"\xff\xd8"):
        return None
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # padding
            at += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a frame's start
            if at + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        if length < 2:
            return None
        at += 2 + length
    return None


class PhotoDesk:
    """The web thread's part of counting from a photo: its bounds and its answers."""

    def __init__(self, limits: Limits, read: Callable[[bytes, int], list[Any]] | None = None):
        self.limits = limits
        self._read = read
        self._seats: set[tuple[str, int]] = set()  # (token, seat) being read now
        self._buckets: dict[str, Bucket] = {}
        self._running = 0

    def _allow(self, client: str) -> bool:
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._buckets.clear()
            burst = 3.0
            bucket = self._buckets[client] = Bucket(
                self.limits.photos_per_minute / 60, burst, burst
            )
        return bucket.take(time.monotonic())

    async def count(self, request: web.Request, snap: Snapshot, code: str) -> web.Response:
        """Answer one photo: the tiles read and settled, or why not (in language ``code``)."""
        limits = self.limits
        try:
            seat = int(request.query.get("seat", ""))
            round_ = int(request.query.get("round", ""))
        except ValueError:
            return _refuse(400, WRONG_TYPE, code)
        state = snap.state
        if state is None or not 0 <= seat < len(state.players):
            return _refuse(409, MOVED_ON, code)
        if state.round != round_ or not hands_open(state):
            return _refuse(409, NOT_NOW if state.round == round_ else MOVED_ON, code)
        if state.players[seat] not in snap.claimed:
            return _refuse(409, NOT_YOURS, code)
        if request.content_type not in TYPES:
            return _refuse(415, WRONG_TYPE, code)
        if (request.content_length or 0) > limits.photo_bytes:
            return closing(_refuse(413, TOO_BIG, code))
        if not self._allow(request.remote or "?"):  # a photo that may be read: counted
            return closing(_refuse(429, TOO_MANY, code))
        key = (snap.token or "", seat)
        if key in self._seats:
            return closing(_refuse(429, SEAT_BUSY, code))
        if self._running >= limits.photos_at_once:
            return closing(_refuse(503, TOO_MANY, code))
        self._seats.add(key)
        self._running += 1
        try:
            try:
                data = await _body(request, limits.photo_bytes)
            except TimeoutError:
                return closing(_refuse(408, TOO_MANY, code))
            if data is None:
                return closing(_refuse(413, TOO_BIG, code))
            size = picture_size(data)
            if size is None:
                return _refuse(415, WRONG_TYPE, code)
            if size[0] * size[1] > limits.photo_pixels or not min(size):
                return _refuse(413, TOO_BIG, code)
            bounds = hand_bounds(state, seat, snap.hand_tiles)
            return await asyncio.to_thread(self._answer, data, bounds, code)
        finally:
            self._seats.discard(key)
            self._running -= 1

    def _answer(self, data: bytes, bounds: HandBounds, code: str) -> web.Response:
        """On a worker thread: the reading in its child process, settled by the table."""
        from hubd.vision.worker import PhotoRefused, read_in_worker

        read = self._read or read_in_worker
        try:
            seen = read(data, bounds.highest)
        except PhotoRefused as refused:
            t = i18n.load(code)
            reason = t.gettext(str(refused)).rstrip(".")
            return _refuse(422, NOT_READ, code, reason=reason)
        finally:
            del data  # the photo is gone once read: never kept
        ordered = sorted(seen, key=lambda tile: (tile.centre[1], tile.centre[0]))
        reading = settle([tile.tile for tile in ordered], bounds.allowed, bounds.count)
        return web.json_response(reading_answer(reading, bounds, i18n.load(code)),
                                 headers={"Cache-Control": "no-store"})  # fmt: skip


def reading_answer(reading: HandReading, bounds: HandBounds, t: i18n.Translator) -> dict[str, Any]:
    """What the page shows: each tile found (or its question), in reading order."""
    asked = {question.place: question for question in reading.questions}
    tiles = []
    for place, tile in enumerate(reading.tiles):
        question = asked.get(place)
        tiles.append({
            "tile": None if tile is None else [tile.lo, tile.hi],
            "choices": [] if question is None else [[c.lo, c.hi] for c in question.choices],
            "question": None if question is None else question_words(question, t.gettext),
        })  # fmt: skip
    note = None
    if reading.count_differs:
        note = t.gettext(
            "Tiles in the photo: {found}. Tiles in your hand, by the hub's count: {held}"
        )
        note = note.format(found=len(reading.tiles), held=bounds.count)
    return {"ok": True, "highest": bounds.highest, "expected": bounds.count, "tiles": tiles,
            "note": note}  # fmt: skip


async def _body(request: web.Request, most: int) -> bytes | None:
    """The request's body, or None when it is longer than ``most`` bytes (the rest unread)."""
    chunks: list[bytes] = []
    got = 0

    async def read() -> bool:
        nonlocal got
        async for chunk in request.content.iter_chunked(64 * 1024):
            got += len(chunk)
            if got > most:
                return False
            chunks.append(chunk)
        return True

    if not await asyncio.wait_for(read(), READ_TIMEOUT_S):
        return None
    return b"".join(chunks)


def _refuse(status: int, problem: str, code: str, **values: object) -> web.Response:
    text = in_language(problem, code)
    if values:
        text = text.format(**values)
    return web.json_response({"ok": False, "problem": text}, status=status,
                             headers={"Cache-Control": "no-store"})  # fmt: skip
