"""sd_notify: exact datagrams on a real Unix socket, the watchdog interval and its rate limit."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from hubd.devices.clock import FakeClock
from hubd.devices.notify import (
    FakeNotifier,
    SdNotifier,
    SystemNotifier,
    watchdog_interval_from_environ,
)


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A datagram socket standing in for systemd's, and its path."""
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.setblocking(False)
    try:
        yield sock, path
    finally:
        sock.close()


def received(sock: socket.socket) -> list[bytes]:
    """Every datagram waiting on the socket (sends are synchronous, so they are all there)."""
    datagrams: list[bytes] = []
    while True:
        try:
            datagrams.append(sock.recv(4096))
        except BlockingIOError:
            return datagrams


def test_messages_arrive_byte_for_byte(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    notifier: SystemNotifier = SdNotifier(path, watchdog_interval=10.0, clock=FakeClock())
    notifier.ready()
    notifier.watchdog()
    notifier.status("3 players, round 12")
    notifier.status("two\nlines é")
    notifier.stopping()
    notifier.close()
    assert received(sock) == [
        b"READY=1",
        b"WATCHDOG=1",
        b"STATUS=3 players, round 12",
        "STATUS=two lines é".encode(),
        b"STOPPING=1",
    ]


def test_from_environ(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    environ = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": str(os.getpid())}
    notifier = SdNotifier.from_environ(environ, clock=FakeClock())
    assert notifier.watchdog_interval() == pytest.approx(2.0)
    notifier.ready()
    notifier.watchdog()
    assert received(sock) == [b"READY=1", b"WATCHDOG=1"]


def test_abstract_socket_name() -> None:
    name = f"chickenfoot-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.setblocking(False)
    try:
        notifier = SdNotifier.from_environ({"NOTIFY_SOCKET": "@" + name})
        notifier.ready()
        assert received(sock) == [b"READY=1"]
    finally:
        sock.close()


def test_watchdog_is_rate_limited(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    clock = FakeClock()
    notifier = SdNotifier(path, watchdog_interval=1.0, clock=clock)
    for _ in range(100):  # a loop spinning at 100 Hz for one second
        notifier.watchdog()
        clock.advance(0.01)
    assert received(sock) == [b"WATCHDOG=1", b"WATCHDOG=1"]  # at 0.0 and 0.5 s


def test_no_watchdog_no_pings(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    notifier = SdNotifier(path)
    assert notifier.watchdog_interval() is None
    notifier.watchdog()
    notifier.ready()
    assert received(sock) == [b"READY=1"]


@pytest.mark.parametrize(
    ("environ", "interval"),
    [
        ({}, None),
        ({"WATCHDOG_USEC": "30000000"}, 15.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1234"}, 15.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "99"}, None),  # someone else's
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
    ],
)
def test_watchdog_interval_from_environ(environ: dict[str, str], interval: float | None) -> None:
    assert watchdog_interval_from_environ(environ, pid=1234) == interval


def test_unset_socket_is_a_no_op() -> None:
    notifier = SdNotifier.from_environ({"WATCHDOG_USEC": "1000000"})
    notifier.ready()
    notifier.watchdog()
    notifier.status("idle")
    notifier.stopping()
    notifier.close()


def test_unreachable_socket_never_raises(tmp_path: Path) -> None:
    notifier = SdNotifier(str(tmp_path / "nobody-listens"), watchdog_interval=1.0)
    notifier.ready()
    notifier.watchdog()
    notifier.stopping()
    notifier.close()
    SdNotifier("@" + uuid.uuid4().hex).ready()


def test_fake_notifier_records_every_call() -> None:
    notifier = FakeNotifier(watchdog_interval=5.0)
    notifier.ready()
    notifier.watchdog()
    notifier.watchdog()
    notifier.status("hello")
    notifier.stopping()
    notifier.close()
    assert notifier.messages == [
        "READY=1",
        "WATCHDOG=1",
        "WATCHDOG=1",
        "STATUS=hello",
        "STOPPING=1",
    ]
    assert notifier.watchdog_interval() == 5.0
    assert notifier.closed
