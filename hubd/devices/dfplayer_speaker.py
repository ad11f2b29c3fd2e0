"""The speaker on a DFPlayer Mini: each sound a track on its SD card, a lost port retried."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import serial

from hubd.devices.clock import Clock, MonotonicClock
from hubd.devices.dfplayer import (
    MAX_VOLUME,
    STARTUP_TIMEOUT_S,
    DFPlayer,
    DFPlayerReply,
    Reply,
    SerialFactory,
    default_serial_factory,
)
from hubd.devices.retry import Retry
from hubd.devices.sounds import SILENT_NOTICE, clamp_volume

# The DFPlayer plays files by number: sounds/README.md says how to lay out the SD card.
DFPLAYER_TRACKS: dict[str, int] = {
    "cackle": 1,
    "released": 2,
    "out": 3,
    "blocked": 4,
    "game_over": 5,
    "tap": 6,
}

# What a broken, missing or misnamed port raises (pyserial refuses an unknown URL scheme with a
# ValueError); caught at every call into the DFPlayer so none reaches the main loop.
_PORT_ERRORS = (serial.SerialException, OSError, ValueError)


class DFPlayerSpeaker:
    """A DFPlayer Mini on a UART, playing ``mp3/0001.mp3`` ... by :data:`DFPLAYER_TRACKS`.

    Opening resets the module and waits for its start-up report (at most
    ``startup_timeout`` s, before the main loop runs). A missing port, or one that fails
    mid-game (a USB adapter pulled out), logs one warning and makes the speaker silent; the
    main loop then reopens the port by :meth:`retry` on the schedule of
    :class:`~hubd.devices.retry.Retry` (a play() that finds a try due makes it too), never
    waiting, and it logs once when the module is back.
    """

    def __init__(
        self,
        port: str,
        volume: float = 1.0,
        serial_factory: SerialFactory = default_serial_factory,
        clock: Clock | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
        log: logging.Logger | None = None,
        startup_timeout: float = STARTUP_TIMEOUT_S,
    ) -> None:
        self.port = port
        self._clock = clock or MonotonicClock()
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._retry = Retry(f"DFPlayer on {port}", self._log)
        self._last_error = ""
        self._player = DFPlayer(
            port,
            serial_factory=serial_factory,
            clock=self._clock,
            sleep=sleep,
            startup_timeout=startup_timeout,
        )
        try:
            started = self._player.open(wait=True)
            self._handle_replies(self._player.poll_replies())
            self._player.set_volume(self._device_volume())
        except _PORT_ERRORS as exc:
            self._lose(exc)
            return
        if not started:
            self._log.warning(
                "DFPlayer on %s did not report ready within %g s (is its TX wired to the "
                "Pi's RX?); sending it commands anyway.",
                port,
                startup_timeout,
            )

    def play(self, name: str) -> None:
        track = DFPLAYER_TRACKS.get(name)
        if track is None or self._muted:
            return
        if not self._player.is_open and not self.retry(self._clock.now()):
            return
        try:
            self._player.play_mp3_folder(track)
            self._handle_replies(self._player.poll_replies())
        except _PORT_ERRORS as exc:
            self._lose(exc)

    def set_volume(self, level: float) -> None:
        self._volume = clamp_volume(level)
        self._send_if_open(lambda: self._player.set_volume(self._device_volume()))

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted:
            self._send_if_open(self._player.stop)

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        return self._player.is_open

    def close(self) -> None:
        self._retry.cancel()  # closed: nothing more to try
        self._player.close()

    def next_retry(self) -> float | None:
        return self._retry.next_deadline()

    def next_deadline(self) -> float | None:
        return None  # no thread, no device to close: nothing of it wakes while idle

    def tick(self, now: float) -> None:
        pass

    def _device_volume(self) -> int:
        return round(self._volume * MAX_VOLUME)

    def _send_if_open(self, send: Callable[[], None]) -> None:
        if not self._player.is_open:
            return
        try:
            send()
        except _PORT_ERRORS as exc:
            self._lose(exc)

    def retry(self, now: float) -> bool:
        """Reopen a lost port if a try is due, without waiting; True when it is back."""
        if self._player.is_open or not self._retry.due(now):
            return False
        try:
            # No reset: a module that kept its power keeps playing at once; one that was
            # power-cycled boots by itself and says so (INITIALISED), and gets its volume then.
            self._player.open_port()
            self._player.set_volume(self._device_volume())
        except _PORT_ERRORS as exc:
            self._player.close()
            self._retry.failed(now, exc)
            return False
        self._retry.back(now)
        return True

    def _lose(self, exc: Exception) -> None:
        self._player.close()
        self._retry.lost(
            self._clock.now(), f"DFPlayer on {self.port} unavailable ({exc}): {SILENT_NOTICE}"
        )

    def _handle_replies(self, replies: list[DFPlayerReply]) -> None:
        for reply in replies:
            kind = reply.kind
            if kind is Reply.INITIALISED:
                self._log.info("DFPlayer on %s %s.", self.port, reply.describe())
                if self._player.is_open:
                    self._player.set_volume(self._device_volume())
            elif kind in (Reply.ERROR, Reply.CARD_REMOVED):
                message = reply.describe()
                if message != self._last_error:  # a repeated error is logged once
                    self._last_error = message
                    self._log.warning("DFPlayer on %s: %s.", self.port, message)
            else:
                self._log.debug("DFPlayer on %s: %s.", self.port, reply.describe())
