"""DFPlayerSpeaker on a pty standing in for the module: reset, tracks, volume, errors, unplug."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import serial
from serial_stand_in import PtyModule
from speaker_helpers import warnings_in

from hubd.devices.clock import FakeClock
from hubd.devices.dfplayer import Command, Reply, build_frame
from hubd.devices.dfplayer_speaker import DFPLAYER_TRACKS, DFPlayerSpeaker
from hubd.devices.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES
from hubd.devices.speaker import make_speaker


class Table:
    """The pieces of a DFPlayer test: a fake clock, a module on a pty, and a serial factory
    that can be pointed at another pty (a re-plugged adapter) or made to fail (unplugged)."""

    def __init__(self) -> None:
        self.clock = FakeClock()
        self.modules = [PtyModule()]
        self.target: str | None = self.modules[0].path
        self.open_attempts = 0

    @property
    def module(self) -> PtyModule:
        return self.modules[-1]

    def serial_factory(self, url: str, **settings: Any) -> Any:
        self.open_attempts += 1
        if self.target is None:
            raise serial.SerialException(f"could not open port {url}: no such device")
        return serial.serial_for_url(self.target, **settings)

    def sleep(self, seconds: float) -> None:
        """The module reports it has started once 1.5 s have passed after the reset."""
        before = self.clock.now()
        self.clock.advance(seconds)
        if before < 1.5 <= self.clock.now():
            self.module.send(build_frame(Reply.INITIALISED, 2))

    def speaker(self, volume: float = 0.5) -> DFPlayerSpeaker:
        return DFPlayerSpeaker(
            "/dev/ttyUSB0",
            volume,
            self.serial_factory,
            self.clock,
            sleep=self.sleep,
        )

    def replug(self) -> None:
        self.modules.append(PtyModule())
        self.target = self.module.path

    def close(self) -> None:
        for module in self.modules:
            module.close()


@pytest.fixture
def table() -> Iterator[Table]:
    table = Table()
    try:
        yield table
    finally:
        table.close()


def mp3_frame(name: str) -> bytes:
    return build_frame(Command.PLAY_MP3_FOLDER, DFPLAYER_TRACKS[name])


def test_track_table_covers_every_sound_with_distinct_numbers() -> None:
    assert tuple(DFPLAYER_TRACKS) == SOUND_NAMES
    assert sorted(DFPLAYER_TRACKS.values()) == list(range(1, len(SOUND_NAMES) + 1))


def test_dfplayer_speaker_resets_waits_and_sets_the_volume(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    speaker = table.speaker(volume=0.5)
    assert speaker.available
    assert 1.5 <= table.clock.now() < 1.6  # waited for the module on the fake clock only
    reset, volume = table.module.read_frames(2)
    assert reset == bytes.fromhex("7E FF 06 0C 00 00 00 FE EF EF")
    assert volume == build_frame(Command.SET_VOLUME, 15)
    assert warnings_in(caplog) == []
    speaker.close()


def test_dfplayer_speaker_plays_each_sound_by_its_track(table: Table) -> None:
    speaker = table.speaker()
    table.module.read_frames(2)
    for name in SOUND_NAMES:
        speaker.play(name)
    assert table.module.read_frames(6) == [mp3_frame(name) for name in SOUND_NAMES]
    assert mp3_frame("cackle") == bytes.fromhex("7E FF 06 12 00 00 01 FE E8 EF")
    speaker.close()


def test_dfplayer_speaker_mute_and_volume(table: Table) -> None:
    speaker = table.speaker()
    table.module.read_frames(2)
    speaker.set_muted(True)
    speaker.play("cackle")  # nothing goes out while muted
    speaker.set_volume(1.0)
    speaker.set_volume(-3.0)
    speaker.set_muted(False)
    speaker.play("tap")
    assert table.module.read_frames(4) == [
        build_frame(Command.STOP),
        build_frame(Command.SET_VOLUME, 30),
        build_frame(Command.SET_VOLUME, 0),
        mp3_frame("tap"),
    ]
    assert not speaker.muted
    speaker.close()


def test_dfplayer_speaker_reports_module_errors_once(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    speaker = table.speaker()
    table.module.read_frames(2)
    not_found = build_frame(Reply.ERROR, 0x06)
    table.module.send(not_found + not_found)
    speaker.play("cackle")
    table.module.send(not_found)
    speaker.play("cackle")
    assert warnings_in(caplog) == ["DFPlayer on /dev/ttyUSB0: error: track not found."]
    speaker.close()


def test_dfplayer_speaker_resends_the_volume_after_the_module_restarts(table: Table) -> None:
    speaker = table.speaker(volume=0.2)
    table.module.read_frames(2)
    table.module.send(build_frame(Reply.INITIALISED, 2))  # e.g. a brown-out reboot
    speaker.play("out")
    assert table.module.read_frames(2) == [mp3_frame("out"), build_frame(Command.SET_VOLUME, 6)]
    speaker.close()


def test_dfplayer_speaker_without_a_start_up_report_warns_and_carries_on(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    speaker = DFPlayerSpeaker(
        "/dev/ttyAMA0", 1.0, table.serial_factory, table.clock, sleep=table.clock.advance
    )
    assert speaker.available
    assert 3.0 <= table.clock.now() < 3.1
    [warning] = warnings_in(caplog)
    assert "did not report ready within 3 s" in warning
    speaker.play("cackle")
    assert table.module.read_frames(3)[2] == mp3_frame("cackle")
    speaker.close()


@pytest.mark.parametrize("port", ["/dev/does-not-exist", "nonsense://port"])
def test_dfplayer_speaker_with_a_missing_port_is_silent_with_one_warning(
    port: str, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    speaker = DFPlayerSpeaker(port, 1.0, clock=clock, sleep=clock.advance)
    assert not speaker.available
    for name in SOUND_NAMES:
        speaker.play(name)
    clock.advance(60.0)
    speaker.play("cackle")  # a reopen attempt, failing quietly
    speaker.set_volume(0.1)
    speaker.set_muted(True)
    speaker.close()
    [warning] = warnings_in(caplog)
    assert port in warning and "visual cue" in warning


def test_make_speaker_keeps_a_dfplayer_that_will_retry(caplog: pytest.LogCaptureFixture) -> None:
    speaker = make_speaker("dfplayer", DEFAULT_SOUND_DIR, "/dev/does-not-exist", 0.5, None)
    assert isinstance(speaker, DFPlayerSpeaker)
    assert not speaker.available
    assert len(warnings_in(caplog)) == 1
    speaker.close()


def test_dfplayer_unplugged_mid_game_goes_silent_then_comes_back(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    speaker = table.speaker(volume=0.5)
    table.module.read_frames(2)
    table.module.unplug()
    table.target = None  # the adapter is gone: reopening fails too
    speaker.play("cackle")  # the write fails: SerialException inside, never outside
    assert not speaker.available
    [warning] = warnings_in(caplog)
    assert "unavailable" in warning and "trying again every 2 s" in warning

    attempts = table.open_attempts
    lost_at = table.clock.now()
    assert speaker.next_retry() == lost_at + 2.0
    table.clock.advance(1.5)
    speaker.play("tap")
    assert not speaker.retry(table.clock.now())
    assert table.open_attempts == attempts  # too soon to try again
    table.clock.advance(0.5)
    assert not speaker.retry(table.clock.now())  # the main loop's try, failed quietly
    assert table.open_attempts == attempts + 1
    assert speaker.next_retry() == lost_at + 4.0
    assert len(warnings_in(caplog)) == 1

    table.replug()
    table.clock.advance(2.0)
    speaker.play("released")  # a try was due: the play makes it, without waiting
    assert speaker.available
    assert speaker.next_retry() is None
    # Reopened without a reset, so the sound goes out at once, after the volume.
    assert table.module.read_frames(2) == [
        build_frame(Command.SET_VOLUME, 15),
        mp3_frame("released"),
    ]
    assert len(warnings_in(caplog)) == 1
    assert any("is back" in record.getMessage() for record in caplog.records)
    speaker.close()
