"""The phones' web server and the loop's desk, without a browser: tokens, seats, hands,
bounds on bad and flooding clients, and one-line errors."""

from __future__ import annotations

import http.client
import json
import logging
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_table import OPENING, PHONE_A, Table

from engine import EndRound, Game, HandPips, parse_event
from hubd.club.syncthing import free_local_port
from hubd.config.schema import WebConfig
from hubd.text import i18n
from hubd.values.network import url_port, web_url
from hubd.values.snapshot import Snapshot
from hubd.web import routes as routes_module
from hubd.web import served as served_module
from hubd.web.desk import (
    MOVED_ON,
    NOT_NOW,
    NOT_YOURS,
    OneSeat,
    PhoneDesk,
    SeatTaken,
    load_secret,
)
from hubd.web.guard import Limits
from hubd.web.phone_ids import COOKIE
from hubd.web.routes import NO_PHONE, NOT_TAKEN
from hubd.web.server import plain_port_problem
from hubd.web.start import start_web

PHONE_B = "b" * 32


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    hub = Table(tmp_path, Limits(writes_per_s=100))
    yield hub
    hub.close()


def test_the_game_is_shown_only_with_its_token(table: Table) -> None:
    status, headers, body = table.request("GET", f"/t/{table.token}/state")
    assert status == 200
    assert [p["name"] for p in json.loads(body)["game"]["players"]] == ["Ana", "Ben"]
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    wrong = table.token[:-1] + ("0" if table.token[-1] != "0" else "1")
    for path in (f"/t/{wrong}", f"/t/{wrong}/state", f"/t/{wrong}/events", "/", "/t/"):
        status, _headers, body = table.request("GET", path)
        assert status == 404, path
        assert b"Ana" not in body


def test_paths_cannot_leave_the_pages_own_files(table: Table) -> None:
    assert table.request("GET", "/s/page.js")[0] == 200
    for path in ("/s/../desk.py", "/s/%2e%2e%2fdesk.py", "/s/..%2Fserver.py", "/s/page.py",
                 "/s//etc/passwd", "/s/static/page.js"):  # fmt: skip
        status, _headers, body = table.request("GET", path)
        assert status == 404, path
        assert b"import" not in body


def test_the_token_is_the_same_after_a_restart_and_new_with_each_game(tmp_path: Path) -> None:
    secret = load_secret(tmp_path)
    assert load_secret(tmp_path) == secret
    assert (tmp_path / "web-secret").stat().st_mode & 0o077 == 0
    one = PhoneDesk(secret, lambda _s: None, "http://h:1")
    two = PhoneDesk(load_secret(tmp_path), lambda _s: None, "http://h:1")
    assert one.token(5) == two.token(5)
    assert one.token(5) != one.token(6)


def test_the_journal_says_the_address_at_start_and_at_each_new_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    desk = PhoneDesk(load_secret(tmp_path), lambda _s: None, "http://192.168.1.9:8080")
    with caplog.at_level(logging.INFO, logger="hubd.web"):
        desk.publish(Snapshot(game_id=3))
        desk.publish(Snapshot(game_id=3))
        desk.publish(Snapshot(game_id=4))
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [f"web: http://192.168.1.9:8080/t/{desk.token(3)}",
                     f"web: http://192.168.1.9:8080/t/{desk.token(4)}"]  # fmt: skip


def test_one_phone_a_seat_and_the_hub_releases_it(table: Table) -> None:
    assert table.post("claim", phone=PHONE_A, seat=0)["ok"]
    taken = {"ok": False, "problem": SeatTaken(player="Ana").message}
    assert table.post("claim", phone=PHONE_B, seat=0) == taken  # it says whose seat it is
    assert table.post("release", phone=PHONE_B)["ok"]  # a phone with no seat: nothing to free
    assert table.desk.claims == {"Ana": PHONE_A}
    assert table.post("claim", phone=PHONE_A, seat=0)["ok"]  # its own seat again: no change
    one_seat = {"ok": False, "problem": OneSeat(player="Ana").message, "holds": 0}
    assert table.post("claim", phone=PHONE_A, seat=1) == one_seat  # not a second: its own is 0
    assert table.desk.claims == {"Ana": PHONE_A}
    assert table.post("claim", phone=PHONE_B, seat=1)["ok"]
    table.desk.release("Ana")
    assert table.desk.claims == {"Ben": PHONE_B}
    assert table.post("claim", phone=PHONE_B, seat=7)["ok"] is False


def test_a_phone_takes_another_seat_only_when_the_hub_gives_it(tmp_path: Path) -> None:
    hub = Table(tmp_path, Limits(writes_per_s=100), rules={"preset": "classic"})
    try:
        hub.game = Game.from_events([parse_event(dict(OPENING[0], players=["Ana", "Ben", "Cy"])),
                                     parse_event(OPENING[1])])  # fmt: skip
        hub.publish()
        assert hub.post("claim", phone=PHONE_A, seat=0)["ok"]
        status, _headers, body = hub.request(
            "POST", f"/t/{hub.token}/claim?lang=uk", b'{"seat": 1}', answer=True, phone=PHONE_A
        )
        wanted = (
            "Цей телефон уже тримає місце Ana; панель «Телефони» на центрі може дати йому ще одне"
        )
        assert (status, json.loads(body)["problem"]) == (200, wanted)
        hub.desk.give_another("Ana")  # the hub's Phones panel
        assert hub.desk.may_take_another() == ("Ana",)
        assert hub.post("claim", phone=PHONE_A, seat=1)["ok"]
        assert hub.desk.may_take_another() == ()  # taken: a third is asked for again
        assert hub.post("claim", phone=PHONE_A, seat=2)["problem"] == OneSeat(player="Ana").message
        assert hub.desk.claims == {"Ana": PHONE_A, "Ben": PHONE_A}
        assert hub.post("release", phone=PHONE_A)["ok"]  # giving back frees both
        assert hub.desk.claims == {}
    finally:
        hub.close()


def test_the_hub_names_the_phone_and_a_made_up_id_writes_nothing(table: Table) -> None:
    status, headers, _body = table.request("GET", f"/t/{table.token}")
    assert status == 200
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    value = cookie.split(";")[0].removeprefix(f"{COOKIE}=")
    phone = table.phones.check(value)
    assert phone is not None
    # Without its cookie, the same address is the same phone again (one id an address).
    _status, again, _body = table.request("GET", f"/t/{table.token}")
    assert table.phones.check(again["Set-Cookie"].split(";")[0].split("=", 1)[1]) == phone
    # Ids a client makes up, or none: refused in the page's language, nothing reaches the hub.
    forged = f"{COOKIE}={'c' * 32}.{'0' * 32}"
    for headers_sent in ({}, {"Cookie": forged}, {"Cookie": f"{COOKIE}={'c' * 32}"}):
        connection = http.client.HTTPConnection("127.0.0.1", table.port, timeout=5)
        sent = {"Content-Type": "application/json", **headers_sent}
        connection.request("POST", f"/t/{table.token}/claim?lang=pt", b'{"seat": 0}', sent)
        answer = connection.getresponse()
        refusal = json.loads(answer.read())
        connection.close()
        assert answer.status == 403
        assert refusal == {"ok": False, "problem": i18n.load("pt").gettext(NO_PHONE)}
    assert table.inbox.drain() == [] and table.desk.claims == {}
    assert table.post("claim", phone=phone, seat=0)["ok"]


def test_a_hand_needs_the_seat_and_the_rounds_end(tmp_path: Path) -> None:
    hub = Table(tmp_path, Limits(writes_per_s=100), rules={"mode": "scores"})
    hub.screenless = True  # with a screen, the hub's tap scores the round (test_hand_limit_entry)
    try:
        assert hub.post("hand", phone=PHONE_A, seat=0, round=1, pips=5)["problem"] == NOT_YOURS
        hub.post("claim", phone=PHONE_A, seat=0)
        hub.post("claim", phone=PHONE_B, seat=1)
        assert hub.post("hand", phone=PHONE_A, seat=0, round=2, pips=5)["problem"] == MOVED_ON
        assert hub.post("hand", phone=PHONE_A, seat=0, round=1, pips=5)["ok"]
        assert hub.post("hand", phone=PHONE_A, seat=0, round=1, pips=6)["ok"]  # a correction
        assert hub.submitted == []  # Ben's hand is still to come
        assert hub.post("hand", phone=PHONE_B, seat=1, round=1, pips=9)["ok"]
        assert hub.submitted == [EndRound({"Ana": HandPips(6), "Ben": HandPips(9)})]
        # Late, or sent twice: the round is scored, nothing is entered again.
        answer = hub.post("hand", phone=PHONE_B, seat=1, round=1, pips=9)
        assert answer["problem"] in (NOT_NOW, MOVED_ON)
        assert len(hub.submitted) == 1
    finally:
        hub.close()


def test_a_hand_during_play_is_refused_in_the_phones_language(table: Table) -> None:
    table.post("claim", phone=PHONE_A, seat=0)
    status, _headers, body = table.request(
        "POST", f"/t/{table.token}/hand?lang=pt",
        json.dumps({"seat": 0, "round": 1, "pips": 3}).encode(), answer=True, phone=PHONE_A,
    )  # fmt: skip
    assert status == 200
    wanted = "A sua mão pode ser anotada quando a rodada terminar"
    assert json.loads(body)["problem"] == wanted, body


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[]", b'{"seat": -1}', b'{"pips": true}', b'{"seat": "0"}',
     b'{"confirmed": 1}', b'{"double_blank": "yes"}'],
)  # fmt: skip
def test_a_bad_write_is_refused_and_reaches_no_loop(table: Table, body: bytes) -> None:
    status, _headers, data = table.request("POST", f"/t/{table.token}/claim?lang=he", body)
    assert status == 400
    assert table.inbox.drain() == []
    wanted = i18n.load("he").gettext(NOT_TAKEN)
    assert json.loads(data) == {"ok": False, "problem": wanted} and wanted != NOT_TAKEN


def test_a_phone_gives_its_seat_back_and_another_takes_it(table: Table) -> None:
    assert table.post("claim", phone=PHONE_A, seat=1)["ok"]
    assert table.post("release", phone=PHONE_A)["ok"]
    assert table.desk.claims == {}
    assert table.post("claim", phone=PHONE_B, seat=1)["ok"]
    assert table.desk.claims == {"Ben": PHONE_B}


def test_a_body_over_2_kb_is_refused(table: Table) -> None:
    body = json.dumps({"pad": "x" * 5000}).encode()
    assert table.request("POST", f"/t/{table.token}/claim", body)[0] == 400
    assert table.inbox.drain() == []


def test_a_loop_that_does_not_answer_is_said_in_time(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes_module, "REPLY_TIMEOUT_S", 0.2)
    body = json.dumps({"seat": 0}).encode()
    _status, _headers, data = table.request(
        "POST", f"/t/{table.token}/claim?lang=en", body, phone=PHONE_A
    )
    assert json.loads(data) == {"ok": False, "problem": "The hub is busy: try again"}


def test_an_error_is_one_line_in_the_journal_and_the_server_goes_on(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: object) -> object:
        raise KeyError("boom")

    monkeypatch.setattr(served_module, "page_data", broken)
    with caplog.at_level(logging.WARNING, logger="hubd.web"):
        status, _headers, body = table.request("GET", f"/t/{table.token}/state?lang=et")
    assert status == 500 and b"Traceback" not in body
    [record] = [r for r in caplog.records if r.name == "hubd.web"]
    assert record.exc_info is None and "\n" not in record.getMessage()
    assert "KeyError" in record.getMessage()
    monkeypatch.undo()
    assert table.request("GET", f"/t/{table.token}/state")[0] == 200


def test_a_flooding_client_is_slowed_and_the_stream_still_follows(tmp_path: Path) -> None:
    hub = Table(tmp_path, Limits(requests_per_s=5))
    try:
        stream = socket.create_connection(("127.0.0.1", hub.port), timeout=5)
        stream.sendall(f"GET /t/{hub.token}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        first = _read_event(stream)
        statuses = [hub.request("GET", f"/t/{hub.token}x/state")[0] for _ in range(200)]
        assert statuses.count(429) > 0 and set(statuses) <= {404, 429}
        writes = [hub.request("POST", f"/t/{hub.token}/claim", b"{}")[0] for _ in range(10)]
        assert writes.count(429) > 0  # writes have a smaller bucket of their own
        hub.game.apply(parse_event({"type": "play", "player": "Ana", "tile": [9, 4],
                                    "on": [9, 9]}))  # fmt: skip
        started = time.monotonic()
        hub.publish()
        second = _read_event(stream)
        while json.loads(second)["version"] == json.loads(first)["version"]:
            second = _read_event(stream)  # the first table's map, laid out meanwhile
        assert time.monotonic() - started < 1.0
        assert json.loads(second)["version"] > json.loads(first)["version"]
        stream.close()
    finally:
        hub.close()


def _read_event(stream: socket.socket) -> bytes:
    """The next ``data:`` line of a server-sent event stream."""
    buffer = b""
    while True:
        chunk = stream.recv(65536)
        assert chunk, "the stream ended"
        buffer += chunk
        for line in buffer.split(b"\n")[:-1]:  # whole lines only
            if line.startswith(b"data: {"):
                return line.removeprefix(b"data: ")


def test_disabled_binds_nothing_and_a_taken_port_is_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    desk, close = start_web(WebConfig(enabled=False), tmp_path, lambda _r: None)
    assert desk is None
    close()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    with caplog.at_level(logging.WARNING, logger="hubd.web"):
        desk, close = start_web(
            WebConfig(bind="127.0.0.1", port=port, plain_port=0), tmp_path, lambda _r: None
        )
    taken.close()
    assert desk is None
    [record] = caplog.records
    assert f"cannot listen on 127.0.0.1:{port}" in record.getMessage()
    assert record.exc_info is None


def page_status(port: int, path: str = "/s/page.css") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_the_page_is_on_the_plain_port_too_and_its_address_names_no_port(
    tmp_path: Path,
) -> None:
    # The plain port is 80 on a hub (its address then names none: web_url); a free one
    # stands for it here.
    plain = free_local_port()
    desk, close = start_web(
        WebConfig(bind="127.0.0.1", port=0, plain_port=plain), tmp_path, lambda _r: None
    )
    try:
        assert desk is not None and desk.base_url == f"http://127.0.0.1:{plain}"
        assert page_status(plain) == 200
    finally:
        close()
    assert web_url("chickenfoot.local", 80) == "http://chickenfoot.local"
    assert web_url("10.42.0.1", 8080) == "http://10.42.0.1:8080"
    assert web_url("fe80::1", 80) == "http://[fe80::1]"


def test_a_plain_port_it_may_not_take_leaves_the_page_on_its_own_and_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    plain = taken.getsockname()[1]
    try:
        with caplog.at_level(logging.INFO, logger="hubd.web"):
            desk, close = start_web(
                WebConfig(bind="127.0.0.1", port=0, plain_port=plain), tmp_path, lambda _r: None
            )
    finally:
        taken.close()
    try:
        assert desk is not None
        port = url_port(desk.base_url)
        assert port != plain and desk.base_url == f"http://127.0.0.1:{port}"
        assert page_status(port) == 200
        [said] = [r.getMessage() for r in caplog.records if str(plain) in r.getMessage()]
        assert said.startswith(f"web: port {plain} cannot be listened on (")
        assert said.endswith(f"the page is on port {port} alone")
    finally:
        close()
    denied = plain_port_problem(80, 8080, PermissionError(13, "Permission denied"))
    assert denied == (
        "port 80 needs root or CAP_NET_BIND_SERVICE (the installed unit grants it): "
        "the page is on port 8080 alone"
    )


def test_aiohttps_own_reports_are_one_line() -> None:
    from hubd.web.guard import one_line

    one_line()
    logger = logging.getLogger("aiohttp.server")
    try:
        raise ValueError("bad line")
    except ValueError:
        record = logger.makeRecord("aiohttp.server", logging.ERROR, __file__, 1,
                                   "Error handling request", (), sys.exc_info())  # fmt: skip
    assert all(f.filter(record) for f in logger.filters)
    assert record.exc_info is None
    assert record.getMessage() == "web: Error handling request: ValueError: bad line"


def test_a_body_that_comes_too_slowly_is_cut(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routes_module, "READ_TIMEOUT_S", 0.2)
    slow = socket.create_connection(("127.0.0.1", table.port), timeout=5)
    slow.sendall(f"POST /t/{table.token}/claim HTTP/1.0\r\nContent-Length: 100\r\n\r\n{{".encode())
    answer = slow.recv(4096)
    slow.close()
    assert answer.startswith(b"HTTP/1.0 408") or answer.startswith(b"HTTP/1.1 408")
    assert table.inbox.drain() == []
