"""The phones' web server and the loop's desk on a store, without a browser: the tests' Table."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

from engine import Game, parse_event
from hubd.config.schema import WebConfig
from hubd.loop.inbox import Inbox, PhoneRequest
from hubd.values.snapshot import Snapshot
from hubd.web.desk import load_secret
from hubd.web.guard import Limits
from hubd.web.phone_ids import COOKIE, PhoneIds
from hubd.web.start import start_web

PHONE_A = "a" * 32


OPENING = [
    {"type": "new_game", "players": ["Ana", "Ben"], "rules": {"preset": "classic"}},
    {"type": "start_round", "opener": "Ana"},
]


class Table:
    """The loop's side, by hand: a game, the desk, and the inbox the server posts to."""

    def __init__(self, folder: Path, limits: Limits | None = None, rules: Any = None) -> None:
        self.inbox = Inbox()
        desk, self.close = start_web(
            WebConfig(bind="127.0.0.1", port=0, plain_port=0), folder, self.inbox.post, limits
        )
        assert desk is not None
        self.desk = desk
        self.phones = PhoneIds(load_secret(folder))  # the server's own, from the same secret
        self.game = Game()
        opening = [dict(OPENING[0], rules=rules or OPENING[0]["rules"]), OPENING[1]]
        for line in opening:
            self.game.apply(parse_event(line))
        self.submitted: list[Any] = []
        self.screenless = False  # a hub with no screen: the last phone hand scores the round
        self.publish()

    def publish(self) -> None:
        self.desk.publish(
            Snapshot(game_id=1, state=self.game.state, last_entry=self.game.last_effective)
        )

    def submit(self, event: Any) -> bool:
        self.game.apply(event)
        self.submitted.append(event)
        return True

    def answer(self, timeout: float = 10.0) -> None:
        """Handle what the server posted, as the loop does."""
        for event in self.inbox.wait(timeout):
            assert isinstance(event, PhoneRequest)
            self.desk.handle(event, self.game.state, 1, self.submit if self.screenless else None)
        self.publish()

    @property
    def port(self) -> int:
        return int(self.desk.base_url.rsplit(":", 1)[1])

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        answer: bool = False,
        phone: str | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        """``phone``: the id the hub gave that phone's page (its signed cookie is sent)."""
        headers = {"Content-Type": "application/json"}
        if phone is not None:
            headers["Cookie"] = f"{COOKIE}={self.phones.cookie(phone)}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request(method, path, body=body, headers=headers)
            if answer:
                self.answer()
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def post(self, action: str, phone: str | None = None, **body: Any) -> dict[str, Any]:
        status, _headers, data = self.request(
            "POST", f"/t/{self.token}/{action}", json.dumps(body).encode(), True, phone
        )
        assert status == 200, data
        return dict(json.loads(data))

    @property
    def token(self) -> str:
        token = self.desk.token(1)
        assert token is not None
        return token
