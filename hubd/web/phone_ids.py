"""Who a phone is: an id the hub issues, never one the phone makes up.

The page's first visit gets the phone's id in an HttpOnly cookie, signed with the hub's secret
(a client cannot forge one), and every write is answered for the phone the cookie names, so
the one-seat-a-phone rule of the desk (hubd/web/desk.py) holds against a client that would
send four made-up ids. A client that drops its cookie and asks again gets the id its address
was given before (up to ``phones_per_address`` ids an address: one, on a hub's network where
each phone has an address of its own), so it cannot simply become a second phone either.
The cookie is signed with the secret kept in the data folder: a restarted hub knows its phones.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

COOKIE = "cf_phone"
#: A phone keeps its id for a season of club nights.
COOKIE_AGE_S = 400 * 24 * 3600
_ID_HEX = 32
_SIGNATURE_HEX = 32
#: Addresses remembered at most (a flood of addresses forgets the oldest ones).
_MAX_ADDRESSES = 10_000


class PhoneIds:
    """Issues and checks the phones' ids."""

    def __init__(self, secret: bytes, per_address: int = 1) -> None:
        self._secret = secret
        self.per_address = max(1, per_address)
        self._issued: dict[str, list[str]] = {}  # address -> the ids given to it, oldest first

    def cookie(self, phone: str) -> str:
        """The cookie's value for ``phone``: the id and its signature."""
        return f"{phone}.{self._sign(phone)}"

    def check(self, value: str | None) -> str | None:
        """The phone a cookie names, or None when it is missing or not the hub's own."""
        if not value:
            return None
        phone, _dot, signature = value.partition(".")
        if len(phone) != _ID_HEX or not all(c in "0123456789abcdef" for c in phone):
            return None
        return phone if hmac.compare_digest(signature, self._sign(phone)) else None

    def issue(self, address: str) -> str:
        """An id for a phone at ``address`` that came without one: a new one while the address
        has had fewer than ``per_address``, else the latest it was given."""
        given = self._issued.get(address)
        if given is not None and len(given) >= self.per_address:
            return given[-1]
        if given is None:
            if len(self._issued) >= _MAX_ADDRESSES:
                del self._issued[next(iter(self._issued))]
            given = self._issued[address] = []
        phone = secrets.token_hex(_ID_HEX // 2)
        given.append(phone)
        return phone

    def _sign(self, phone: str) -> str:
        digest = hmac.new(self._secret, f"phone {phone}".encode(), hashlib.sha256)
        return digest.hexdigest()[:_SIGNATURE_HEX]
