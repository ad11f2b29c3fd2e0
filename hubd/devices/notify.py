"""Telling systemd how we are: the sd_notify protocol, spoken directly.

The protocol is one datagram per message on the AF_UNIX socket named by ``NOTIFY_SOCKET``
(a leading ``@`` means Linux's abstract namespace), so it needs no python-systemd. Outside
systemd the variable is unset and every call is a no-op. Sending never raises: the hub must
keep playing even if systemd cannot hear it.
"""

from __future__ import annotations

import logging
import os
import socket
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Protocol

from hubd.devices.clock import Clock, MonotonicClock

log = logging.getLogger(__name__)

#: How long a send may block if systemd's queue is full, so the main loop never stalls.
SEND_TIMEOUT_S = 0.1
#: Messages worth a short wait when systemd's queue is full; the rest are dropped at once,
#: so a slow reader never stalls the main loop (a later STATUS or WATCHDOG replaces them).
_WAIT_FOR = ("READY=1", "STOPPING=1")


class SystemNotifier(Protocol):
    """What the main loop tells the service manager."""

    def ready(self) -> None:
        """Start-up is done (screen and sounds loaded): READY=1."""

    def watchdog(self) -> None:
        """The main loop is alive: WATCHDOG=1. Call it every iteration; it rate-limits."""

    def status(self, text: str) -> None:
        """A one-line status for ``systemctl status``: STATUS=..."""

    def stopping(self) -> None:
        """Shutting down: STOPPING=1."""

    def watchdog_interval(self) -> float | None:
        """Seconds between watchdog calls the loop must not exceed, or None without a watchdog."""

    def close(self) -> None: ...


class _MessageNotifier(ABC):
    """Turns the calls into protocol messages; subclasses deliver them."""

    def ready(self) -> None:
        self._send("READY=1")

    def watchdog(self) -> None:
        self._send("WATCHDOG=1")

    def status(self, text: str) -> None:
        self._send("STATUS=" + " ".join(text.splitlines()))

    def stopping(self) -> None:
        self._send("STOPPING=1")

    @abstractmethod
    def _send(self, message: str) -> None: ...


def watchdog_interval_from_environ(
    environ: Mapping[str, str], pid: int | None = None
) -> float | None:
    """Half of ``WATCHDOG_USEC`` in seconds (systemd's advice), if the watchdog is ours.

    None when the variable is unset or not a positive integer, or when ``WATCHDOG_PID`` names
    another process (the variables were inherited from a parent).
    """
    watchdog_pid = environ.get("WATCHDOG_PID")
    if watchdog_pid is not None and watchdog_pid != str(os.getpid() if pid is None else pid):
        return None
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 2_000_000 if usec > 0 else None


class SdNotifier(_MessageNotifier):
    """sd_notify over ``socket_path``; a no-op when it is None. Usually made by
    :meth:`from_environ`.

    :meth:`watchdog` sends at most once per half :meth:`watchdog_interval`: with the loop
    calling it at least once per interval, systemd hears from us at least every 3/4 of
    ``WATCHDOG_USEC``. Without a watchdog, :meth:`watchdog` sends nothing.
    """

    def __init__(
        self,
        socket_path: str | None,
        *,
        watchdog_interval: float | None = None,
        clock: Clock | None = None,
    ) -> None:
        self._address = _socket_address(socket_path) if socket_path else None
        self._interval = watchdog_interval
        self._clock = clock or MonotonicClock()
        self._socket: socket.socket | None = None
        self._last_ping: float | None = None
        self._failure_logged = False

    @classmethod
    def from_environ(
        cls, environ: Mapping[str, str] | None = None, *, clock: Clock | None = None
    ) -> SdNotifier:
        """Read ``NOTIFY_SOCKET``, ``WATCHDOG_USEC`` and ``WATCHDOG_PID`` (default os.environ)."""
        env = os.environ if environ is None else environ
        return cls(
            env.get("NOTIFY_SOCKET") or None,
            watchdog_interval=watchdog_interval_from_environ(env),
            clock=clock,
        )

    def watchdog_interval(self) -> float | None:
        return self._interval

    def watchdog(self) -> None:
        if self._interval is None:
            return
        now = self._clock.now()
        if self._last_ping is not None and now - self._last_ping < self._interval / 2:
            return
        self._last_ping = now
        super().watchdog()

    def _send(self, message: str) -> None:
        if self._address is None:
            return
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._socket.settimeout(SEND_TIMEOUT_S if message in _WAIT_FOR else 0.0)
            self._socket.sendto(message.encode(), self._address)
        except OSError as error:
            if not self._failure_logged:
                self._failure_logged = True
                log.debug("sd_notify %r to %r failed: %s", message, self._address, error)

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def _socket_address(path: str) -> str:
    """The address to send to: ``@name`` is the abstract socket ``\\0name``."""
    return "\0" + path[1:] if path.startswith("@") else path


class FakeNotifier(_MessageNotifier):
    """Records every message asked for, in order (no rate limit), e.g. ``["READY=1"]``."""

    def __init__(self, watchdog_interval: float | None = None) -> None:
        self.messages: list[str] = []
        self._interval = watchdog_interval
        self.closed = False

    def watchdog_interval(self) -> float | None:
        return self._interval

    def _send(self, message: str) -> None:
        self.messages.append(message)

    def close(self) -> None:
        self.closed = True
