"""The phones' web server's bounds and checks: the limits a client meets, the token bucket
that keeps them, the shape of a phone's write, the headers on every answer, one-line logs."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from engine import HandLimit, RuleError
from engine.tiles import Tile
from hubd.loop.inbox import PhoneRequest
from hubd.text import i18n
from hubd.text.refusals import translate_refusal
from hubd.text.wording import limit_question
from hubd.values.snapshot import Snapshot

log = logging.getLogger("hubd.web")

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the address
    "X-Frame-Options": "DENY",
    "Server": "hub",  # not aiohttp's name and version
}


@dataclass(frozen=True)
class Limits:
    streams: int = 200  # open event streams in all
    streams_per_client: int = 12
    requests_per_s: float = 20.0  # per client, with a burst of twice as many
    writes_per_s: float = 2.0  # claims and hands, per client, burst of 5
    # Connections (hubd/web/gate.py): a phone needs two or three, a browser opens at most
    # six; the whole stays well under the unit's LimitNOFILE, with room for the hub's files.
    connections_per_client: int = 48
    connections: int = 1000
    log_lines_per_minute: int = 10  # about bad requests; then one line with the count
    # Photos of a hand (hubd/web/photo.py): the page sends a JPEG of at most 1,600 px a side
    # (~0.3-0.8 MB); these bounds let a plain upload of a phone's photo through, no more.
    photo_bytes: int = 4 * 1024 * 1024
    photo_pixels: int = 13_000_000  # a 12-megapixel phone's photo, untouched
    photos_per_minute: float = 6.0  # per client, with a burst of 3
    photos_at_once: int = 2  # read in all at a time (each a child process of its own)
    # New phone ids an address is given (hubd/web/phone_ids.py): one, as each phone on the
    # hub's network has an address of its own; a test's phones all come from 127.0.0.1.
    phones_per_address: int = 1


@dataclass
class Bucket:
    rate: float
    burst: float
    level: float = 0.0
    at: float = field(default_factory=time.monotonic)

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@functools.cache
def languages() -> frozenset[str]:
    return frozenset(i18n.available_languages())


def in_language(problem: RuleError | str, code: str) -> str:
    """The loop's answer (a refusal, or the desk's own words) in language ``code``."""
    return translate_refusal(problem, i18n.load(code))


def write_answer(
    said: RuleError | str | HandLimit | None, pips: int, code: str
) -> dict[str, object]:
    """The JSON answer to a phone's write, in language ``code``: done, why not, or the second
    question about a hand above the most its tiles could hold (the page asks it, and sends
    the hand again, confirmed, on Yes)."""
    if not isinstance(said, HandLimit):
        return {"ok": said is None, "problem": None if said is None else in_language(said, code)}
    t = i18n.load(code)
    return {"ok": False, "problem": None, "confirm": limit_question(said, pips, t.gettext,
            t.ngettext), "pips": pips, "yes": t.gettext("Yes, {pips}").format(pips=pips),
            "change": t.gettext("Change it")}  # fmt: skip


class OneLine(logging.Filter):
    """aiohttp's and asyncio's own reports as one line: the error, never its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info is not None:
            error = record.exc_info[1]
            record.msg = f"web: {record.getMessage()}: {type(error).__name__}: {error}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def one_line() -> None:
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.internal", "aiohttp.access",
                 "asyncio"):  # fmt: skip
        logger = logging.getLogger(name)
        if not any(isinstance(f, OneLine) for f in logger.filters):
            logger.addFilter(OneLine())


def loop_error(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    error = context.get("exception")
    what = f"{type(error).__name__}: {error}" if error is not None else ""
    log.warning("web: %s %s", context.get("message", "error"), what)


def plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", headers=SECURITY_HEADERS)


def phone_request(
    action: str, body: object, snapshot: Snapshot, phone: str
) -> Callable[[Callable[[RuleError | str | HandLimit | None], None]], PhoneRequest] | None:
    """The request ``phone`` (the id its cookie names) makes with a JSON body, checked for
    shape only (the loop checks the rest); None when it is not one."""
    if not isinstance(body, dict):
        return None
    numbers: dict[str, int] = {}
    for key in ("seat", "round", "pips"):
        value = body.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
            return None
        numbers[key] = value
    double_blank = body.get("double_blank", False)
    confirmed = body.get("confirmed", False)  # a hand above its limit, said to be right
    if not isinstance(double_blank, bool) or not isinstance(confirmed, bool):
        return None
    tiles = _tiles(body.get("tiles"))
    if tiles is False:
        return None
    game_id = snapshot.game_id or 0

    def make(reply: Callable[[RuleError | str | HandLimit | None], None]) -> PhoneRequest:
        return PhoneRequest(
            action,
            phone,
            numbers["seat"],
            numbers["round"],
            numbers["pips"],
            double_blank,
            game_id,
            reply,
            tiles,
            confirmed,
        )

    return make


#: The most tiles a hand counted from a photo may be sent with (more than any hand holds).
MOST_TILES = 60


def _tiles(value: object) -> tuple[Tile, ...] | Literal[False] | None:
    """A hand's tiles as the page sends them (``[[a, b], ...]``), None when none are sent,
    False when they are not tiles."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MOST_TILES:
        return False
    tiles = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2
                and all(type(n) is int and 0 <= n <= 99 for n in item)):  # fmt: skip
            return False
        tiles.append(Tile.of(item[0], item[1]))
    return tuple(tiles)
