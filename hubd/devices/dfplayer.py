"""The DFPlayer Mini MP3 module's serial protocol, over a UART with pyserial (9600 8N1).

Every message, both ways, is one 10-byte frame::

    7E FF 06 CMD FB PH PL CKH CKL EF

``FB`` asks for an ACK (0x41) reply, ``PH PL`` is a 16-bit parameter, and ``CKH CKL`` is the
16-bit two's complement of the sum of the six bytes ``FF 06 CMD FB PH PL``. (The datasheet's
own worked examples get the checksum wrong; play track 1 is ``7E FF 06 03 00 00 01 FE F7 EF``.)

This module is the protocol only: frames, replies, and a :class:`DFPlayer` that talks to one
port. It raises on a broken port; :class:`hubd.devices.dfplayer_speaker.DFPlayerSpeaker` is
the layer that turns those errors into one warning and a silent, retrying speaker.
"""

from __future__ import annotations

import contextlib
import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import serial

from hubd.devices.clock import Clock, MonotonicClock

START_BYTE = 0x7E
VERSION_BYTE = 0xFF
LENGTH_BYTE = 0x06
END_BYTE = 0xEF
FRAME_SIZE = 10
BAUD_RATE = 9600
MAX_VOLUME = 30
MAX_TRACK = 2999  # the module's own limit for "play track" and the mp3 folder
STARTUP_TIMEOUT_S = 3.0  # the module takes 1.5 to 3 s to start after a reset
WRITE_TIMEOUT_S = 0.2  # 10 bytes at 9600 baud take about 10 ms; never hang on a stuck UART
POLL_INTERVAL_S = 0.02


class Command(enum.IntEnum):
    """Commands sent to the module."""

    NEXT = 0x01
    PREVIOUS = 0x02
    PLAY_TRACK = 0x03  # track number in the card's file-system (copy) order
    VOLUME_UP = 0x04
    VOLUME_DOWN = 0x05
    SET_VOLUME = 0x06  # 0-30
    SET_EQ = 0x07
    SET_SOURCE = 0x09
    SLEEP = 0x0A
    RESET = 0x0C
    RESUME = 0x0D
    PAUSE = 0x0E
    PLAY_FOLDER_FILE = 0x0F  # PH = folder 01-99, PL = file 001-255: "01/001.mp3"
    PLAY_MP3_FOLDER = 0x12  # "mp3/0001.mp3" by the number its name starts with
    STOP = 0x16
    QUERY_STATUS = 0x42
    QUERY_VOLUME = 0x43
    QUERY_SD_FILES = 0x48


class Reply(enum.IntEnum):
    """Messages the module sends on its own or in answer to a command."""

    CARD_INSERTED = 0x3A
    CARD_REMOVED = 0x3B
    USB_TRACK_FINISHED = 0x3C
    TRACK_FINISHED = 0x3D  # a track on the SD card finished; the parameter is its number
    FLASH_TRACK_FINISHED = 0x3E
    INITIALISED = 0x3F  # after power-up or reset; the parameter is a mask of storage devices
    ERROR = 0x40
    ACK = 0x41
    STATUS = 0x42
    VOLUME = 0x43
    SD_FILES = 0x48


ERROR_CODES: dict[int, str] = {
    0x01: "busy (still starting up)",
    0x02: "asleep",
    0x03: "serial receive error (incomplete frame)",
    0x04: "checksum incorrect",
    0x05: "track number out of range",
    0x06: "track not found",
    0x07: "insertion error (only possible while a track plays)",
    0x08: "SD card read failed (card removed or damaged)",
    0x0A: "entered sleep mode",
}

STORAGE_DEVICES: dict[int, str] = {0x01: "USB", 0x02: "SD card", 0x04: "PC", 0x08: "flash"}


class DFPlayerFrameError(ValueError):
    """Bytes that are not a valid DFPlayer frame."""


def checksum(frame_body: bytes) -> int:
    """Two's complement (16-bit) of the sum of ``FF 06 CMD FB PH PL``."""
    return -sum(frame_body) & 0xFFFF


def build_frame(command: int, param: int = 0, feedback: bool = False) -> bytes:
    """The 10 bytes that send `command` with a 16-bit `param`."""
    if not 0 <= command <= 0xFF:
        raise ValueError(f"DFPlayer command must be 0x00-0xFF, got {command!r}")
    if not 0 <= param <= 0xFFFF:
        raise ValueError(f"DFPlayer parameter must be 0-65535, got {param!r}")
    body = bytes([VERSION_BYTE, LENGTH_BYTE, command, int(feedback), param >> 8, param & 0xFF])
    return bytes([START_BYTE]) + body + checksum(body).to_bytes(2, "big") + bytes([END_BYTE])


@dataclass(frozen=True)
class DFPlayerReply:
    """One frame received from the module."""

    command: int
    param: int
    feedback: bool = False

    @property
    def kind(self) -> Reply | None:
        """The known reply type, or None for a command this code does not know."""
        try:
            return Reply(self.command)
        except ValueError:
            return None

    @property
    def error(self) -> str | None:
        """For an ERROR reply, what went wrong in words; None otherwise."""
        if self.command != Reply.ERROR:
            return None
        return ERROR_CODES.get(self.param, f"unknown error 0x{self.param:02X}")

    def describe(self) -> str:
        """A short human-readable line for logs."""
        kind = self.kind
        if kind is Reply.ERROR:
            return f"error: {self.error}"
        if kind is Reply.INITIALISED:
            devices = [name for bit, name in STORAGE_DEVICES.items() if self.param & bit]
            return f"initialised ({', '.join(devices) or 'no storage'})"
        name = kind.name.lower().replace("_", " ") if kind else f"reply 0x{self.command:02X}"
        return f"{name} {self.param}"


def parse_frame(frame: bytes) -> DFPlayerReply:
    """Check and decode one 10-byte frame, naming exactly what is wrong with a bad one."""
    if len(frame) != FRAME_SIZE:
        raise DFPlayerFrameError(f"DFPlayer frame must be {FRAME_SIZE} bytes, got {len(frame)}")
    if frame[0] != START_BYTE:
        raise DFPlayerFrameError(f"DFPlayer frame must start with 7E, got {frame[0]:02X}")
    if frame[-1] != END_BYTE:
        raise DFPlayerFrameError(f"DFPlayer frame must end with EF, got {frame[-1]:02X}")
    if frame[1] != VERSION_BYTE or frame[2] != LENGTH_BYTE:
        raise DFPlayerFrameError(
            f"DFPlayer frame must have version/length FF 06, got {frame[1]:02X} {frame[2]:02X}"
        )
    expected = checksum(frame[1:7])
    received = int.from_bytes(frame[7:9], "big")
    if received != expected:
        raise DFPlayerFrameError(
            f"DFPlayer checksum mismatch: frame {frame.hex(' ').upper()} carries "
            f"{received:04X}, expected {expected:04X}"
        )
    return DFPlayerReply(
        command=frame[3], param=int.from_bytes(frame[5:7], "big"), feedback=bool(frame[4])
    )


class FrameReader:
    """Cuts a byte stream into replies, skipping noise to resynchronise on the next 7E.

    A UART picks up garbage at power-up and when a cable is plugged in; a bad frame costs only
    its first byte, so a good frame right behind it is still found.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self.skipped_bytes = 0

    def feed(self, data: bytes) -> list[DFPlayerReply]:
        self._buffer += data
        replies: list[DFPlayerReply] = []
        while True:
            start = self._buffer.find(START_BYTE)
            if start < 0:
                self.skipped_bytes += len(self._buffer)
                self._buffer.clear()
                return replies
            if start:
                self.skipped_bytes += start
                del self._buffer[:start]
            if len(self._buffer) < FRAME_SIZE:
                return replies
            try:
                replies.append(parse_frame(bytes(self._buffer[:FRAME_SIZE])))
            except DFPlayerFrameError:
                self.skipped_bytes += 1
                del self._buffer[:1]
            else:
                del self._buffer[:FRAME_SIZE]


class SerialPort(Protocol):
    """The part of :class:`serial.Serial` this module uses."""

    def write(self, data: bytes, /) -> int | None: ...

    def read(self, size: int = 1, /) -> bytes: ...

    def close(self) -> None: ...


SerialFactory = Callable[..., SerialPort]


def default_serial_factory(url: str, **settings: Any) -> SerialPort:
    """pyserial's own opener: a device path, or a URL such as ``loop://`` for tests."""
    port: SerialPort = serial.serial_for_url(url, **settings)
    return port


class DFPlayer:
    """One DFPlayer Mini on one serial port.

    Port errors (``serial.SerialException``, ``OSError``) propagate: the caller decides what a
    lost module means. Waiting uses the injected `clock` and `sleep`, so tests never wait.
    """

    def __init__(
        self,
        port: str,
        *,
        serial_factory: SerialFactory = default_serial_factory,
        clock: Clock | None = None,
        sleep: Callable[[float], None] = time.sleep,
        startup_timeout: float = STARTUP_TIMEOUT_S,
    ) -> None:
        self.port = port
        self._serial_factory = serial_factory
        self._clock = clock or MonotonicClock()
        self._sleep = sleep
        self.startup_timeout = startup_timeout
        self._serial: SerialPort | None = None
        self._reader = FrameReader()
        self._backlog: list[DFPlayerReply] = []

    @property
    def is_open(self) -> bool:
        return self._serial is not None

    def open(self, wait: bool = True) -> bool:
        """Open the port and reset the module.

        With `wait`, block until the module reports it has started (INITIALISED), at most
        `startup_timeout` seconds; returns whether that report came. Without `wait`, return at
        once (False): commands sent in the next seconds may be ignored while it boots.
        """
        self.open_port()
        self.reset()
        if not wait:
            return False
        return self.wait_for(Reply.INITIALISED, self.startup_timeout) is not None

    def open_port(self) -> None:
        """Open (or reopen) the port at 9600 8N1 without touching the module."""
        self.close()
        self._serial = self._serial_factory(
            self.port,
            baudrate=BAUD_RATE,
            bytesize=serial.EIGHTBITS,
            parity=serial.PARITY_NONE,
            stopbits=serial.STOPBITS_ONE,
            timeout=0,
            write_timeout=WRITE_TIMEOUT_S,
        )
        self._reader = FrameReader()
        self._backlog.clear()

    def close(self) -> None:
        """Close the port; never raises (it may already be gone)."""
        port, self._serial = self._serial, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    def send(self, command: int, param: int = 0, feedback: bool = False) -> None:
        if self._serial is None:
            raise serial.SerialException(f"DFPlayer port {self.port} is not open")
        self._serial.write(build_frame(command, param, feedback))

    def play(self, track: int) -> None:
        """Play a track by its number in the card's file-system order (the copy order)."""
        self.send(Command.PLAY_TRACK, _check_range("track", track, 1, MAX_TRACK))

    def play_mp3_folder(self, track: int) -> None:
        """Play ``mp3/NNNN*.mp3`` by the number its name starts with (copy order is irrelevant)."""
        self.send(Command.PLAY_MP3_FOLDER, _check_range("track", track, 1, MAX_TRACK))

    def play_folder_file(self, folder: int, file: int) -> None:
        """Play ``FF/NNN*.mp3`` (folder 01-99, file 001-255)."""
        folder = _check_range("folder", folder, 1, 99)
        self.send(Command.PLAY_FOLDER_FILE, folder << 8 | _check_range("file", file, 1, 255))

    def set_volume(self, level: int) -> None:
        self.send(Command.SET_VOLUME, _check_range("volume", level, 0, MAX_VOLUME))

    def stop(self) -> None:
        self.send(Command.STOP)

    def reset(self) -> None:
        self.send(Command.RESET)

    def query_status(self) -> None:
        """Ask for the play status; the answer arrives later as a STATUS reply."""
        self.send(Command.QUERY_STATUS)

    def poll_replies(self) -> list[DFPlayerReply]:
        """Whatever replies have arrived, without blocking (the port has timeout 0)."""
        if self._serial is None:
            return []
        replies, self._backlog = self._backlog, []
        while chunk := self._serial.read(256):
            replies += self._reader.feed(chunk)
        return replies

    def wait_for(self, kind: Reply, timeout: float) -> DFPlayerReply | None:
        """Poll until a reply of `kind` arrives or `timeout` seconds pass.

        Other replies seen meanwhile are kept for the next :meth:`poll_replies`.
        """
        deadline = self._clock.now() + timeout
        while True:
            for index, reply in enumerate(replies := self.poll_replies()):
                if reply.command == kind:
                    self._backlog = replies[:index] + replies[index + 1 :]
                    return reply
            self._backlog = replies
            if self._clock.now() >= deadline:
                return None
            self._sleep(POLL_INTERVAL_S)


def _check_range(what: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise ValueError(f"DFPlayer {what} must be {low}-{high}, got {value!r}")
    return value
