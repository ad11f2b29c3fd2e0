"""The DFPlayer Mini protocol: frames byte for byte, replies, resync, and real serial paths.

Two real pyserial paths run here: the ``loop://`` URL handler (what is written comes back) and
a pseudo-terminal pair, where the DFPlayer talks to the slave side through pyserial's POSIX
``Serial`` and the test plays the module on the master side.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import serial
from serial_stand_in import PtyModule

from hubd.devices.clock import FakeClock
from hubd.devices.dfplayer import (
    BAUD_RATE,
    Command,
    DFPlayer,
    DFPlayerFrameError,
    DFPlayerReply,
    FrameReader,
    Reply,
    build_frame,
    parse_frame,
)

PLAY_TRACK_1 = bytes.fromhex("7E FF 06 03 00 00 01 FE F7 EF")
SET_VOLUME_15 = bytes.fromhex("7E FF 06 06 00 00 0F FE E6 EF")
RESET = bytes.fromhex("7E FF 06 0C 00 00 00 FE EF EF")
INITIALISED_SD = build_frame(Reply.INITIALISED, 0x02)


# ----------------------------------------------------------------------------- frames


def test_play_track_1_is_exactly_the_known_good_frame() -> None:
    assert build_frame(Command.PLAY_TRACK, 1) == PLAY_TRACK_1


@pytest.mark.parametrize(
    ("command", "param", "feedback", "expected"),
    [
        (Command.SET_VOLUME, 15, False, SET_VOLUME_15),
        (Command.RESET, 0, False, RESET),
        (Command.PLAY_TRACK, 1, True, bytes.fromhex("7E FF 06 03 01 00 01 FE F6 EF")),
        (Command.PLAY_MP3_FOLDER, 6, False, bytes.fromhex("7E FF 06 12 00 00 06 FE E3 EF")),
        (Command.PLAY_FOLDER_FILE, 0x0102, False, bytes.fromhex("7E FF 06 0F 00 01 02 FE E9 EF")),
        (Command.QUERY_STATUS, 0, False, bytes.fromhex("7E FF 06 42 00 00 00 FE B9 EF")),
    ],
)
def test_frames_byte_for_byte(command: int, param: int, feedback: bool, expected: bytes) -> None:
    assert build_frame(command, param, feedback) == expected


def test_checksum_wraps_for_large_parameters() -> None:
    frame = build_frame(0xFF, 0xFFFF, feedback=True)
    total = sum(frame[1:7]) + int.from_bytes(frame[7:9], "big")
    assert total & 0xFFFF == 0
    assert parse_frame(frame) == DFPlayerReply(command=0xFF, param=0xFFFF, feedback=True)


@pytest.mark.parametrize(("command", "param"), [(-1, 0), (0x100, 0), (3, -1), (3, 0x10000)])
def test_build_frame_rejects_out_of_range_values(command: int, param: int) -> None:
    with pytest.raises(ValueError, match="DFPlayer"):
        build_frame(command, param)


def test_parse_frame_decodes_a_reply() -> None:
    reply = parse_frame(build_frame(Reply.TRACK_FINISHED, 4))
    assert reply == DFPlayerReply(command=0x3D, param=4, feedback=False)
    assert reply.kind is Reply.TRACK_FINISHED
    assert reply.error is None


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (PLAY_TRACK_1[:9], "must be 10 bytes, got 9"),
        (b"\x00" + PLAY_TRACK_1[1:], "must start with 7E, got 00"),
        (PLAY_TRACK_1[:9] + b"\xee", "must end with EF, got EE"),
        (PLAY_TRACK_1[:2] + b"\x07" + PLAY_TRACK_1[3:], "version/length FF 06, got FF 07"),
        (
            PLAY_TRACK_1[:8] + b"\xf8" + PLAY_TRACK_1[9:],
            "checksum mismatch: frame 7E FF 06 03 00 00 01 FE F8 EF carries FEF8, expected FEF7",
        ),
    ],
)
def test_parse_frame_names_what_is_wrong(frame: bytes, message: str) -> None:
    with pytest.raises(DFPlayerFrameError, match=message):
        parse_frame(frame)


def test_frame_error_is_a_value_error() -> None:
    assert issubclass(DFPlayerFrameError, ValueError)


@pytest.mark.parametrize(
    ("command", "param", "described"),
    [
        (Reply.ERROR, 0x06, "error: track not found"),
        (Reply.ERROR, 0x01, "error: busy (still starting up)"),
        (Reply.ERROR, 0x08, "error: SD card read failed (card removed or damaged)"),
        (Reply.ERROR, 0x55, "error: unknown error 0x55"),
        (Reply.INITIALISED, 0x02, "initialised (SD card)"),
        (Reply.INITIALISED, 0x03, "initialised (USB, SD card)"),
        (Reply.CARD_INSERTED, 2, "card inserted 2"),
        (Reply.CARD_REMOVED, 2, "card removed 2"),
        (Reply.ACK, 0, "ack 0"),
        (0x99, 1, "reply 0x99 1"),
    ],
)
def test_replies_are_described_in_words(command: int, param: int, described: str) -> None:
    assert parse_frame(build_frame(command, param)).describe() == described


# ----------------------------------------------------------------------------- stream resync


def test_reader_skips_garbage_and_finds_frames() -> None:
    reader = FrameReader()
    replies = reader.feed(b"\x00\x13\xef" + INITIALISED_SD + b"\x55" + build_frame(Reply.ACK))
    assert [reply.kind for reply in replies] == [Reply.INITIALISED, Reply.ACK]
    assert reader.skipped_bytes == 4


def test_reader_joins_a_frame_split_across_reads() -> None:
    reader = FrameReader()
    frame = build_frame(Reply.TRACK_FINISHED, 1)
    assert reader.feed(frame[:3]) == []
    assert reader.feed(frame[3:7]) == []
    assert reader.feed(frame[7:]) == [DFPlayerReply(Reply.TRACK_FINISHED, 1)]


def test_reader_resyncs_after_a_corrupt_frame() -> None:
    """A bad frame costs only its 7E, so a good frame starting inside it is still found."""
    reader = FrameReader()
    corrupt = PLAY_TRACK_1[:8] + b"\x00" + PLAY_TRACK_1[9:]
    truncated = INITIALISED_SD[:6]  # a frame cut short by noise, then a whole one
    replies = reader.feed(corrupt + truncated + build_frame(Reply.ERROR, 6))
    assert [(reply.command, reply.param) for reply in replies] == [(Reply.ERROR, 6)]
    assert reader.skipped_bytes == len(corrupt) + len(truncated)


def test_reader_keeps_a_partial_frame_after_a_lone_start_byte() -> None:
    reader = FrameReader()
    assert reader.feed(b"\x7e\x7e") == []
    assert reader.feed(INITIALISED_SD) == [DFPlayerReply(Reply.INITIALISED, 2)]


# ----------------------------------------------------------------------------- loop:// path


class LoopPorts:
    """A serial factory handing out pyserial ``loop://`` ports and remembering them."""

    def __init__(self) -> None:
        self.opened: list[tuple[str, dict[str, Any], Any]] = []

    def __call__(self, url: str, **settings: Any) -> Any:
        port = serial.serial_for_url("loop://", **settings)
        self.opened.append((url, settings, port))
        return port

    @property
    def last(self) -> Any:
        return self.opened[-1][2]


def test_open_configures_9600_8n1_non_blocking_and_resets() -> None:
    ports = LoopPorts()
    player = DFPlayer("/dev/serial0", serial_factory=ports, clock=FakeClock())
    assert player.open(wait=False) is False
    url, settings, port = ports.opened[0]
    assert url == "/dev/serial0"
    assert settings["baudrate"] == BAUD_RATE == 9600
    assert (settings["bytesize"], settings["parity"], settings["stopbits"]) == (8, "N", 1)
    assert settings["timeout"] == 0
    assert port.read(100) == RESET


def test_commands_go_out_byte_for_byte_through_loop() -> None:
    ports = LoopPorts()
    player = DFPlayer("loop", serial_factory=ports, clock=FakeClock())
    player.open(wait=False)
    ports.last.read(100)  # the reset
    player.play(1)
    player.set_volume(15)
    player.play_mp3_folder(6)
    player.play_folder_file(1, 2)
    player.stop()
    player.query_status()
    assert ports.last.read(100) == b"".join(
        [
            PLAY_TRACK_1,
            SET_VOLUME_15,
            build_frame(Command.PLAY_MP3_FOLDER, 6),
            build_frame(Command.PLAY_FOLDER_FILE, 0x0102),
            build_frame(Command.STOP),
            build_frame(Command.QUERY_STATUS),
        ]
    )


def test_replies_fed_back_through_loop_are_parsed() -> None:
    """``loop://`` hands every write back, so the port itself plays the module's replies."""
    player = DFPlayer("loop://", clock=FakeClock())  # pyserial's own serial_for_url
    player.open(wait=False)
    port_writes = b"\x01\x02" + build_frame(Reply.ERROR, 6) + build_frame(Reply.TRACK_FINISHED, 3)
    player._serial.write(port_writes)  # type: ignore[union-attr]
    replies = player.poll_replies()
    assert [reply.command for reply in replies] == [
        Command.RESET,
        Reply.ERROR,
        Reply.TRACK_FINISHED,
    ]
    assert replies[1].error == "track not found"
    assert player.poll_replies() == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.play(0), "track must be 1-2999, got 0"),
        (lambda p: p.play(3000), "track must be 1-2999, got 3000"),
        (lambda p: p.set_volume(31), "volume must be 0-30, got 31"),
        (lambda p: p.play_folder_file(100, 1), "folder must be 1-99, got 100"),
        (lambda p: p.play_folder_file(1, 256), "file must be 1-255, got 256"),
    ],
)
def test_out_of_range_arguments_are_refused_before_sending(call: Any, message: str) -> None:
    ports = LoopPorts()
    player = DFPlayer("loop", serial_factory=ports, clock=FakeClock())
    player.open(wait=False)
    ports.last.read(100)
    with pytest.raises(ValueError, match=message):
        call(player)
    assert ports.last.read(100) == b""


class BootingModule:
    """An injected `sleep` that moves a fake clock and, at `boot_s`, has the module report."""

    def __init__(self, clock: FakeClock, ports: LoopPorts, boot_s: float | None) -> None:
        self.clock = clock
        self.ports = ports
        self.boot_s = boot_s
        self.sleeps = 0

    def __call__(self, seconds: float) -> None:
        self.sleeps += 1
        before = self.clock.now()
        self.clock.advance(seconds)
        if self.boot_s is not None and before < self.boot_s <= self.clock.now():
            self.ports.last.write(build_frame(Reply.CARD_INSERTED, 2) + INITIALISED_SD)


def test_open_waits_for_the_start_up_report_on_the_injected_clock() -> None:
    clock, ports = FakeClock(), LoopPorts()
    module = BootingModule(clock, ports, boot_s=1.5)
    player = DFPlayer("loop", serial_factory=ports, clock=clock, sleep=module)
    assert player.open() is True
    assert 1.5 <= clock.now() < 1.6
    # What came meanwhile is kept: the reset echoed by loop:// and the card report.
    assert [reply.command for reply in player.poll_replies()] == [
        Command.RESET,
        Reply.CARD_INSERTED,
    ]


def test_open_gives_up_waiting_after_the_timeout() -> None:
    clock, ports = FakeClock(), LoopPorts()
    module = BootingModule(clock, ports, boot_s=None)
    player = DFPlayer("loop", serial_factory=ports, clock=clock, sleep=module, startup_timeout=3.0)
    assert player.open() is False
    assert 3.0 <= clock.now() < 3.1
    assert player.is_open


def test_sending_on_a_closed_player_raises_serial_exception() -> None:
    player = DFPlayer("loop://", clock=FakeClock())
    with pytest.raises(serial.SerialException, match="not open"):
        player.play(1)
    assert player.poll_replies() == []


def test_missing_port_raises_serial_exception_from_open() -> None:
    player = DFPlayer("/dev/does-not-exist", clock=FakeClock())
    with pytest.raises(serial.SerialException, match="does-not-exist"):
        player.open(wait=False)
    assert not player.is_open


# ----------------------------------------------------------------------------- a pty pair


@pytest.fixture
def pty_module() -> Iterator[PtyModule]:
    module = PtyModule()
    try:
        yield module
    finally:
        module.close()


def test_frames_byte_for_byte_through_a_pty(pty_module: PtyModule) -> None:
    player = DFPlayer(pty_module.path, clock=FakeClock())
    player.open(wait=False)
    player.play(1)
    player.set_volume(15)
    assert pty_module.read_frames(3) == [RESET, PLAY_TRACK_1, SET_VOLUME_15]
    player.close()


def test_replies_through_a_pty_survive_bytes_a_terminal_would_mangle(
    pty_module: PtyModule,
) -> None:
    """CR, LF, XON and XOFF inside a frame must pass untouched: pyserial sets the tty raw."""
    player = DFPlayer(pty_module.path, clock=FakeClock())
    player.open(wait=False)
    awkward = build_frame(Reply.TRACK_FINISHED, 0x0D0A) + build_frame(Reply.STATUS, 0x1113)
    pty_module.send(b"\xff\x00" + awkward)
    replies = player.poll_replies()
    assert replies == [
        DFPlayerReply(Reply.TRACK_FINISHED, 0x0D0A),
        DFPlayerReply(Reply.STATUS, 0x1113),
    ]
    player.close()


def test_open_waits_for_the_report_through_a_pty(pty_module: PtyModule) -> None:
    clock = FakeClock()

    def sleep(seconds: float) -> None:
        clock.advance(seconds)
        if 2.0 <= clock.now() < 2.0 + seconds:
            pty_module.send(INITIALISED_SD)

    player = DFPlayer(pty_module.path, clock=clock, sleep=sleep)
    assert player.open() is True
    assert 2.0 <= clock.now() < 2.1
    assert pty_module.read_frames(1) == [RESET]
    player.close()


def test_an_unplugged_pty_raises_serial_exception_on_write(pty_module: PtyModule) -> None:
    player = DFPlayer(pty_module.path, clock=FakeClock())
    player.open(wait=False)
    pty_module.unplug()
    with pytest.raises(serial.SerialException):
        player.play(1)
    player.close()
    assert not player.is_open
