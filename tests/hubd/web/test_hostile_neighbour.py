"""The phones' web server under a hostile neighbour: connections capped per client and in
all, Host and Origin checked, parser errors answered like pages and logged a few a minute,
nested JSON refused with 400."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
from pathlib import Path

import pytest
from web_table import PHONE_A, Table

from hubd.web.gate import Door, Throttle, own_names
from hubd.web.guard import SECURITY_HEADERS, Limits


def _raw(port: int, data: bytes, source: str = "127.0.0.1") -> bytes:
    """What the hub answers to ``data`` sent as is, from ``source``, until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(data)
        answer = b""
        try:
            while chunk := s.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        return answer


def _headers(answer: bytes) -> dict[str, str]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in head)}


def test_connections_over_a_clients_cap_are_closed_and_others_served(tmp_path: Path) -> None:
    hub = Table(tmp_path, Limits(connections_per_client=5))
    idle = []
    try:
        for _ in range(5):  # half-open: connected, never a request
            idle.append(socket.create_connection(("127.0.0.1", hub.port), timeout=5))
        one_more = socket.create_connection(("127.0.0.1", hub.port), timeout=5)
        with contextlib.suppress(ConnectionResetError):  # closed at once, nothing answered
            assert one_more.recv(10) == b""
        one_more.close()
        # Another address (a phone) is served all the same.
        answer = _raw(hub.port, f"GET /t/{hub.token}/state HTTP/1.0\r\n\r\n".encode(), "127.0.0.2")
        assert answer.startswith(b"HTTP/1.0 200")
    finally:
        for s in idle:
            s.close()
        hub.close()


def test_a_parser_error_is_answered_like_a_page_and_closed(tmp_path: Path) -> None:
    hub = Table(tmp_path)
    try:
        for bad in (b"GET /\x01\x02 HTTP/1.1\r\n\r\n", b"NOT HTTP AT ALL\r\n\r\n",
                    b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 100 + b"\r\n",
                    b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\n\r\n"):  # fmt: skip
            answer = _raw(hub.port, bad)
            assert answer.startswith(b"HTTP/1.0 4"), answer[:60]
            headers = _headers(answer)
            for name, value in SECURITY_HEADERS.items():
                assert headers[name.lower()] == value
            assert b"aiohttp" not in answer.lower() and b"python" not in answer.lower()
            assert b"\x01" not in answer and b"NOT HTTP" not in answer  # no echo
    finally:
        hub.close()


def test_malformed_requests_cost_a_few_lines_a_minute(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hub = Table(tmp_path)
    caplog.set_level(logging.DEBUG)
    try:
        for _ in range(60):
            _raw(hub.port, b"GET /\x01 HTTP/1.1\r\n\r\n")
    finally:
        hub.close()
    lines = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert 1 <= len(lines) <= Limits().log_lines_per_minute
    assert all("\n" not in r.getMessage() for r in lines)


def test_the_lines_left_out_are_said_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    throttle = Throttle(3, clock=lambda: now[0])
    assert [throttle.allow() for _ in range(10)] == [True] * 3 + [False] * 7
    caplog.set_level(logging.WARNING, "hubd.web")
    now[0] += 61
    throttle.flush()
    assert [r.getMessage() for r in caplog.records] == [
        "web: 7 more malformed or refused requests in the last minute were not logged"
    ]
    assert throttle.allow()


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("127.0.0.1:8080", True),
        ("localhost:8080", True),
        ("192.168.1.20:8080", True),
        ("[fe80::1]:8080", True),
        ("evil.example", False),
        ("hub.evil.example:8080", False),
        ("", False),
        ("[::1", False),
    ],
)
def test_the_host_must_name_the_hub(host: str, ok: bool) -> None:
    assert Door().host_ok(host) is ok


def test_the_hubs_own_name_and_its_local_name_are_its_own() -> None:
    door = Door()
    for name in own_names():
        assert door.host_ok(f"{name}:8080")


def test_a_request_for_another_host_and_a_cross_origin_write_are_refused(
    tmp_path: Path,
) -> None:
    hub = Table(tmp_path)
    try:
        rebound = f"GET /t/{hub.token}/state HTTP/1.1\r\nHost: evil.example\r\n\r\n"
        answer = _raw(hub.port, rebound.encode())
        assert answer.startswith(b"HTTP/1.1 421")
        assert _headers(answer)["x-frame-options"] == "DENY"
        body = json.dumps({"phone": PHONE_A, "seat": 0}).encode()
        for origin in ("http://evil.example", "null"):
            post = (f"POST /t/{hub.token}/claim HTTP/1.1\r\nHost: 127.0.0.1:{hub.port}\r\n"
                    f"Origin: {origin}\r\nContent-Type: text/plain\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n").encode() + body  # fmt: skip
            assert _raw(hub.port, post).startswith(b"HTTP/1.1 403")
        assert hub.inbox.wait(0.2) == []  # nothing reached the loop
    finally:
        hub.close()


def test_a_nested_body_gets_400_not_500(tmp_path: Path) -> None:
    hub = Table(tmp_path)
    try:
        body = b"[" * 1000 + b"]" * 1000
        status, headers, _ = hub.request("POST", f"/t/{hub.token}/hand", body)
        assert status == 400 and headers["Server"] == "hub"
    finally:
        hub.close()
