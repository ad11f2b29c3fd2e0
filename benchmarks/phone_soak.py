"""kill_soak.py --phones: kill -9 the daemon while phones enter their hands.

A score-keeper game of four is being played on the hub (headless: SDL's dummy screen); four phones,
each from an address of its own (127.0.0.2 to 127.0.0.5, as phones on the hub's Wi-Fi) and
each keeping the cookie its page gave it, claim their seats and send hands, one after another.
The hub shows them and waits for its tap, so the round is never scored: each run sends new
hands, and the daemon is killed at a random moment, after 1 to 4 hands were acknowledged
(a hand may be in flight). The next run, before anything else, reads each phone's page: every
acknowledged hand must be there (the one in flight may be either), and no round scored.
"""

from __future__ import annotations

import http.client
import json
import random
import socket
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from daemon_harness import DaemonProcess

from engine import NewGame, StartRound
from hubd.store import open_store

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


@dataclass
class Phone:
    """One phone: its own address, the cookie its page gave it, its seat."""

    address: str
    seat: int
    cookie: str = ""
    acknowledged: int | None = None  # the last hand the hub said it took
    in_flight: int | None = None  # a hand sent when the hub was killed

    def ask(self, port: int, method: str, path: str, body: dict[str, object] | None = None
            ) -> tuple[int, dict[str, object]]:  # fmt: skip
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5,
                                                source_address=(self.address, 0))  # fmt: skip
        headers = {"Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data, headers=headers)
            answer = connection.getresponse()
            given = answer.getheader("Set-Cookie")
            if given:
                self.cookie = given.split(";", 1)[0]
            raw = answer.read()
            parsed = json.loads(raw) if raw[:1] == b"{" else {}
            return answer.status, parsed
        finally:
            connection.close()


@dataclass
class PhoneSoak:
    data: Path
    config: Path
    port: int
    game_id: int
    phones: list[Phone] = field(default_factory=list)
    hands: int = 0  # acknowledged in all
    checked: int = 0  # hands looked for (and found) on the page after a restart
    in_flight: int = 0  # hands sent as the hub was killed
    in_flight_taken: int = 0  # ... that the hub had taken
    kills_after: Counter[int] = field(default_factory=Counter)

    @classmethod
    def prepared(cls, folder: Path) -> PhoneSoak:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        config = folder / "hub.toml"
        web = f'[web]\nbind = "127.0.0.1"\nport = {port}\nplain_port = 0\n'  # not port 80
        config.write_text(web, encoding="utf-8")
        data = folder / "data"
        with open_store(data) as store:
            game_id = store.new_game(NewGame(PLAYERS, {"mode": "scores"}))
            store.append(game_id, StartRound("Ana"))
        phones = [Phone(f"127.0.0.{2 + seat}", seat) for seat in range(len(PLAYERS))]
        return cls(data, config, port, game_id, phones)

    def run(self, rng: random.Random, enter: bool = True) -> list[str]:
        """One run: start, check what the last run's phones were told was taken, enter
        hands (``enter``), kill -9. Returns what was lost."""
        daemon = DaemonProcess(self.data, "--config", str(self.config), web=True)
        try:
            daemon.wait_message("READY=1")
            path = urlsplit(daemon.game_address()).path
            problems = self._check(path)
            if not enter:
                daemon.kill()
                return problems + self._scored()
            for phone in self.phones:
                phone.ask(self.port, "GET", path)  # the page: its cookie (kept from before)
                status, answer = phone.ask(self.port, "POST", path + "/claim",
                                           {"seat": phone.seat})  # fmt: skip
                if status != 200 or not answer.get("ok"):
                    problems.append(f"{PLAYERS[phone.seat]}'s phone lost its seat: {answer}")
            before_kill = rng.randint(1, len(self.phones))
            order = rng.sample(self.phones, len(self.phones))
            for count, phone in enumerate(order, 1):
                pips = rng.randint(0, 60)
                if pips == phone.acknowledged:
                    pips += 1
                phone.in_flight = pips
                hand = {"seat": phone.seat, "round": 1, "pips": pips}
                status, answer = phone.ask(self.port, "POST", path + "/hand", hand)
                if status != 200 or not answer.get("ok"):
                    problems.append(f"{PLAYERS[phone.seat]}'s hand {pips} refused: {answer}")
                phone.acknowledged, phone.in_flight = pips, None
                self.hands += 1
                if count == before_kill:
                    break
            in_flight = rng.random() < 0.3 and before_kill < len(order)
            if in_flight:  # the next hand sent, the kill before (or as) the hub answers
                phone = order[before_kill]
                phone.in_flight = rng.randint(61, 90)
                self.in_flight += 1
                _send_only(phone, self.port, path, phone.in_flight)
            time.sleep(rng.uniform(0.0, 0.05))
            daemon.kill()
            self.kills_after[before_kill] += 1
        finally:
            daemon.close()
        return problems + self._scored()

    def _check(self, path: str) -> list[str]:
        """Every hand acknowledged before the last kill is on the page after the restart."""
        deadline = time.monotonic() + 10
        while True:  # the journal names the address a moment before the server serves it
            status, page = self.phones[0].ask(self.port, "GET", path + "/state")
            if status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        game = page.get("game")
        players = game.get("players", []) if isinstance(game, dict) else []
        shown = {p["seat"]: p.get("entered_pips") for p in players if isinstance(p, dict)}
        problems = []
        for phone in self.phones:
            if phone.acknowledged is None:
                continue
            seen = shown.get(phone.seat)
            allowed = {str(phone.acknowledged)}
            if phone.in_flight is not None:  # sent as the hub was killed: taken or not
                allowed.add(str(phone.in_flight))
            if seen not in allowed:
                problems.append(f"{PLAYERS[phone.seat]}'s hand {sorted(allowed)} lost: {seen}")
            else:
                self.checked += 1
                self.in_flight_taken += seen == str(phone.in_flight)
                phone.acknowledged = int(str(seen))
            phone.in_flight = None
        return problems

    def _scored(self) -> list[str]:
        with open_store(self.data) as store:
            scored = store.load(self.game_id).state.scores
        return [f"a round was scored without the hub's tap: {scored}"] if scored else []


def _send_only(phone: Phone, port: int, path: str, pips: int) -> None:
    """A hand sent without waiting for the answer (the kill comes first, or not)."""
    body = json.dumps({"seat": phone.seat, "round": 1, "pips": pips}).encode()
    head = (f"POST {path}/hand HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nCookie: {phone.cookie}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()  # fmt: skip
    with socket.create_connection(("127.0.0.1", port), 5, (phone.address, 0)) as out:
        out.sendall(head + body)
