"""Starting the phones' page with the daemon: the server's thread, the loop's desk, the
address the phones are shown."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hubd.config.schema import WebConfig
from hubd.loop.inbox import PhoneRequest
from hubd.values.network import web_url
from hubd.web.desk import PhoneDesk, load_secret

if TYPE_CHECKING:  # aiohttp (14 MB) is imported only when the page is on
    from hubd.web.guard import Limits

log = logging.getLogger("hubd.web")


def lan_address(bind: str) -> str:
    """The address phones reach the hub at: the one it is bound to, or, bound to every
    network, the one its default route leaves from (a UDP socket's connect sends nothing)."""
    if bind not in ("0.0.0.0", "::"):
        return bind
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"  # no network at all: the page is for this machine alone
    finally:
        probe.close()
    return address


def start_web(
    config: WebConfig,
    folder: Path,
    post: Callable[[PhoneRequest], None],
    limits: Limits | None = None,
) -> tuple[PhoneDesk | None, Callable[[], None]]:
    """The desk for the loop and the server's closer; (None, a no-op) when the page is off
    or cannot listen (said in one line: the hub plays on without it)."""
    if not config.enabled:
        return None, lambda: None
    from hubd.web.server import WebServer

    secret = load_secret(folder)  # the game's addresses and the phones' ids are made from it
    server = WebServer(config.bind, config.port, post, limits, plain_port=config.plain_port,
                       secret=secret)  # fmt: skip
    problem = server.start()
    if problem is not None:
        log.warning("web: %s; the hub carries on without the phones' page", problem)
        server.stop()
        return None, lambda: None
    if server.plain_problem is not None:
        log.info("web: %s", server.plain_problem)
    port = server.plain_port if server.plain else server.port
    desk = PhoneDesk(secret, server.publish, web_url(lan_address(config.bind), port))
    desk.follows_network = config.bind in ("0.0.0.0", "::")
    return desk, server.stop
