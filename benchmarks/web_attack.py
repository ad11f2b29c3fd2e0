"""The half-open attack for benchmarks/web_bench.py: a hostile neighbour holds 1,500
half-open connections (a request begun, never finished) and asks for 2,000 event streams,
from addresses of its own, while the family's pages follow the game. The hub runs under the
limits of its unit: the open-file limit of systemd/hubd.service and the page's shipped
``Limits``.

The attacker is a child process (its own file limit raised to its hard limit). Whatever the
hub closes, it opens again, round after round, until told to stop; it reports what the hub
did with its connections.
"""

from __future__ import annotations

import contextlib
import logging
import re
import resource
import selectors
import socket
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

UNIT = Path(__file__).resolve().parents[1] / "systemd" / "hubd.service"
HALF_OPEN_FROM = "127.0.0.2"
STREAMS_FROM = "127.0.0.3"


def unit_open_files() -> int:
    """LimitNOFILE= of the hub's unit."""
    match = re.search(r"^LimitNOFILE=(\d+)$", UNIT.read_text(encoding="utf-8"), re.MULTILINE)
    assert match is not None, "systemd/hubd.service sets no LimitNOFILE"
    return int(match.group(1))


def limit_open_files(count: int) -> None:
    """This process's soft limit on open files, as the unit gives the daemon."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(count, hard), hard))


def _open(port: int, source: str, request: bytes) -> socket.socket | None:
    try:
        conn = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0))
        conn.sendall(request)
    except OSError:
        return None
    conn.setblocking(False)
    return conn


def attacker(port: int, token: str, half_open: int, streams: int, pipe: Connection) -> None:
    """Keep ``half_open`` begun requests and ``streams`` stream requests open until told."""
    limit_open_files(1 << 20)
    begun = b"GET /t/" + b"0" * 20 + b"/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    stream = f"GET /t/{token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    kinds = {HALF_OPEN_FROM: (begun, half_open), STREAMS_FROM: (stream, streams)}
    held: dict[str, list[socket.socket]] = {source: [] for source in kinds}
    counts = {"connects": 0, "closed by the hub": 0, "streams answered 200": 0, "refused": 0}
    selector = selectors.DefaultSelector()
    first = True
    while first or not pipe.poll():
        for source, (request, want) in kinds.items():
            while len(held[source]) < want:
                conn = _open(port, source, request)
                counts["connects"] += 1
                if conn is None:
                    counts["refused"] += 1
                    break
                held[source].append(conn)
                selector.register(conn, selectors.EVENT_READ, source)
        if first:
            pipe.send("open")
            first = False
        for key, _mask in selector.select(0.2):
            conn = key.fileobj
            assert isinstance(conn, socket.socket)
            try:
                data = conn.recv(4096)
            except OSError:
                data = b""
            if data.startswith(b"HTTP/1.1 200"):
                counts["streams answered 200"] += 1
            if data and not data.startswith(b"HTTP/1.1 5"):
                continue  # a stream's updates: the attacker holds it, reading slowly
            counts["closed by the hub"] += 1
            selector.unregister(conn)
            held[key.data].remove(conn)
            conn.close()
    pipe.send({**counts, "open at the end": sum(len(c) for c in held.values())})
    for conns in held.values():
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.close()


class JournalLines(logging.Handler):
    """The lines the hub writes to its journal while the attack runs."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")

    def __enter__(self) -> JournalLines:
        logging.getLogger().addHandler(self)
        return self

    def __exit__(self, *_: Any) -> None:
        logging.getLogger().removeHandler(self)
