"""The speakers: the sound generator, the pygame mixer, the DFPlayer over a pty, the fakes."""

from __future__ import annotations

import importlib.util
import itertools
import logging
import shutil
import struct
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import pygame
import pytest
import serial
from serial_stand_in import PtyModule

from hubd.config.schema import MixerBuffer, SoundConfig
from hubd.hardware.clock import FakeClock
from hubd.hardware.dfplayer import Command, Reply, build_frame
from hubd.hardware.dfplayer_speaker import DFPLAYER_TRACKS, DFPlayerSpeaker
from hubd.hardware.mixer import (
    MIXER_BUFFER,
    MIXER_BUFFERS,
    MIXER_FREQUENCY,
    MixerSpeaker,
    open_mixer,
)
from hubd.hardware.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES
from hubd.hardware.speaker import FakeSpeaker, SilentSpeaker, Speaker, make_speaker

EXPECTED_SECONDS = {
    "cackle": 0.8,
    "released": 0.3,
    "out": 0.6,
    "blocked": 0.6,
    "game_over": 1.2,
    "tap": 0.03,
}


def warnings_in(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]


# ----------------------------------------------------------------------------- the generator


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    path = DEFAULT_SOUND_DIR / "generate.py"
    spec = importlib.util.spec_from_file_location("sounds_generate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(generator: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out_dir = tmp_path_factory.mktemp("sounds")
    assert generator.main(["--out", str(out_dir)]) == 0
    return out_dir


def read_wav(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, list(struct.unpack(f"<{params.nframes}h", frames))


def test_generator_makes_every_sound_the_speaker_knows(generator: ModuleType) -> None:
    assert tuple(generator.SOUNDS) == SOUND_NAMES


def test_generator_is_deterministic(generator: ModuleType, generated: Path) -> None:
    for name in SOUND_NAMES:
        assert generator.render(name) == (generated / f"{name}.wav").read_bytes(), name


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_generated_wavs_are_16_bit_mono_of_the_expected_length(generated: Path, name: str) -> None:
    params, samples = read_wav(generated / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert params.nframes / params.framerate == pytest.approx(EXPECTED_SECONDS[name], abs=0.001)
    assert max(abs(sample) for sample in samples) > 3000  # audible, not silence
    assert abs(samples[-1]) < 100  # faded out: no click at the end


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_committed_wavs_match_the_generator(generated: Path, name: str) -> None:
    """The WAVs in git are what the script makes (to a rounding step, in case libm differs)."""
    committed_params, committed = read_wav(DEFAULT_SOUND_DIR / f"{name}.wav")
    fresh_params, fresh = read_wav(generated / f"{name}.wav")
    assert committed_params == fresh_params
    assert max(abs(a - b) for a, b in zip(committed, fresh, strict=True)) <= 1


def test_committed_wavs_stay_small() -> None:
    total = sum((DEFAULT_SOUND_DIR / f"{name}.wav").stat().st_size for name in SOUND_NAMES)
    assert total < 400_000


# ----------------------------------------------------------------------------- pygame.mixer


@pytest.fixture
def fresh_mixer() -> Iterator[None]:
    """Each test initialises the mixer itself (under SDL's dummy driver) and leaves it closed."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def mixer_speaker(fresh_mixer: None) -> Iterator[MixerSpeaker]:
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, volume=1.0)
    yield speaker
    speaker.close()


def playing_lengths() -> list[float]:
    """The lengths (s) of the sounds on the busy mixer channels."""
    lengths = []
    for index in range(pygame.mixer.get_num_channels()):
        channel = pygame.mixer.Channel(index)
        sound = channel.get_sound()
        if channel.get_busy() and sound is not None:
            lengths.append(round(sound.get_length(), 2))
    return lengths


def test_mixer_is_pre_initialised_small_and_mono(mixer_speaker: MixerSpeaker) -> None:
    assert pygame.mixer.get_init() == (22050, -16, 1)
    assert mixer_speaker.available
    assert mixer_speaker.loaded_sounds == SOUND_NAMES


def test_mixer_play_starts_the_sound_on_a_channel(mixer_speaker: MixerSpeaker) -> None:
    assert playing_lengths() == []
    mixer_speaker.play("cackle")
    assert playing_lengths() == [0.8]


def test_mixer_plays_at_once_even_when_every_channel_is_busy(
    mixer_speaker: MixerSpeaker,
) -> None:
    for _ in range(pygame.mixer.get_num_channels()):
        mixer_speaker.play("game_over")
    assert playing_lengths().count(1.2) == pygame.mixer.get_num_channels()
    mixer_speaker.play("cackle")
    assert 0.8 in playing_lengths()


def test_mixer_mute_stops_and_silences(mixer_speaker: MixerSpeaker) -> None:
    mixer_speaker.play("game_over")
    mixer_speaker.set_muted(True)
    assert mixer_speaker.muted
    assert playing_lengths() == []
    mixer_speaker.play("cackle")
    assert playing_lengths() == []
    mixer_speaker.set_muted(False)
    mixer_speaker.play("cackle")
    assert playing_lengths() == [0.8]


def test_mixer_volume_is_clamped_and_applied(mixer_speaker: MixerSpeaker) -> None:
    mixer_speaker.set_volume(0.5)
    mixer_speaker.play("tap")
    sound = next(
        channel.get_sound()
        for channel in map(pygame.mixer.Channel, range(pygame.mixer.get_num_channels()))
        if channel.get_busy()
    )
    assert sound.get_volume() == pytest.approx(0.5, abs=0.01)
    mixer_speaker.set_volume(7.0)
    assert sound.get_volume() == pytest.approx(1.0)


def test_mixer_ignores_unknown_names(mixer_speaker: MixerSpeaker) -> None:
    mixer_speaker.play("moo")
    assert playing_lengths() == []


def test_mixer_without_an_audio_device_is_silent_with_one_warning(
    fresh_mixer: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "nosuchdriver")
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, volume=1.0)
    assert not speaker.available
    for name in SOUND_NAMES:
        speaker.play(name)
    speaker.set_volume(0.3)
    speaker.set_muted(True)
    speaker.close()
    assert len(warnings_in(caplog)) == 1
    assert "No audio device" in warnings_in(caplog)[0]
    assert "visual cue" in warnings_in(caplog)[0]


def test_make_speaker_keeps_a_mixer_that_will_retry_without_an_audio_device(
    fresh_mixer: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "nosuchdriver")
    clock = FakeClock(50.0)
    speaker = make_speaker("mixer", DEFAULT_SOUND_DIR, "/dev/serial0", 0.8, None, clock=clock)
    assert isinstance(speaker, MixerSpeaker)
    assert not speaker.available
    assert speaker.next_retry() == 52.0
    speaker.play("cackle")
    assert len(warnings_in(caplog)) == 1
    speaker.close()
    assert speaker.next_retry() is None


class FlakyMixer:
    """Opens the mixer (under SDL's dummy driver) only after failing ``failures`` times."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.buffers: list[int] = []

    def __call__(self, buffer: int) -> None:
        self.buffers.append(buffer)
        if len(self.buffers) <= self.failures:
            raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
        open_mixer(buffer)


def test_a_sound_card_that_comes_late_is_tried_on_the_schedule_then_plays(
    fresh_mixer: None, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    clock = FakeClock(0.0)
    opener = FlakyMixer(failures=40)
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, 0.5, clock=clock, opener=opener)
    assert not speaker.available
    tries = [0.0]
    while not speaker.available:
        deadline = speaker.next_retry()
        assert deadline is not None
        assert not speaker.retry(deadline - 0.001), "a try before its time"
        clock.set(deadline)
        came_back = speaker.retry(deadline)
        tries.append(deadline)
        assert came_back == speaker.available
    gaps = [b - a for a, b in itertools.pairwise(tries)]
    # Every 2 s for the first minute, then every 30 s.
    assert gaps[:30] == [2.0] * 30
    assert set(gaps[30:]) == {30.0}
    assert len(tries) == 41
    assert speaker.next_retry() is None
    speaker.play("cackle")
    assert playing_lengths() == [0.8]
    messages = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert len(messages) == 2, messages
    assert messages[0].startswith("No audio device") and "every 2 s" in messages[0]
    assert messages[1] == "The audio device is back after 360 s."
    assert opener.buffers == [MIXER_BUFFER] * 41
    speaker.close()


def test_a_sound_card_lost_while_playing_is_tried_again(
    fresh_mixer: None, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock(0.0)
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, 0.5, clock=clock)
    assert speaker.available and speaker.next_retry() is None
    pygame.mixer.quit()  # the card went away under the mixer
    speaker.play("cackle")
    assert not speaker.available
    assert speaker.next_retry() == 2.0
    clock.set(2.0)
    assert speaker.retry(2.0)
    speaker.play("released")
    assert playing_lengths() == [0.3]
    assert len(warnings_in(caplog)) == 1 and "Audio stopped working" in warnings_in(caplog)[0]
    speaker.close()


def test_the_mixer_buffer_is_small_and_configurable(fresh_mixer: None) -> None:
    assert MIXER_BUFFER == 256
    assert MIXER_BUFFER / MIXER_FREQUENCY < 0.012  # under 12 ms before a sound can start
    assert SoundConfig().buffer == MIXER_BUFFER
    assert get_args(MixerBuffer) == MIXER_BUFFERS
    opener = FlakyMixer(failures=0)
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, buffer=1024, opener=opener)
    assert opener.buffers == [1024]
    speaker.close()


def test_make_speaker_names_the_alsa_device_for_sdl(
    fresh_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AUDIODEV", raising=False)
    speaker = make_speaker("mixer", DEFAULT_SOUND_DIR, "", 0.5, device="default:CARD=MAX98357A")
    speaker.close()
    import os

    assert os.environ["AUDIODEV"] == "default:CARD=MAX98357A"


def test_mixer_with_no_sound_files_is_unavailable_with_one_warning(
    fresh_mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    speaker = MixerSpeaker(tmp_path, volume=1.0)
    assert not speaker.available
    speaker.play("cackle")
    speaker.close()
    assert len(warnings_in(caplog)) == 1
    assert str(tmp_path) in warnings_in(caplog)[0]


def test_a_missing_and_a_corrupt_wav_only_silence_themselves(
    fresh_mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for name in SOUND_NAMES:
        shutil.copy(DEFAULT_SOUND_DIR / f"{name}.wav", tmp_path)
    (tmp_path / "tap.wav").unlink()
    (tmp_path / "out.wav").write_bytes(b"RIFF this is not a wave file")
    speaker = MixerSpeaker(tmp_path, volume=1.0)
    try:
        assert speaker.available
        assert speaker.loaded_sounds == ("cackle", "released", "blocked", "game_over")
        speaker.play("tap")
        speaker.play("out")
        assert playing_lengths() == []
        speaker.play("cackle")
        assert playing_lengths() == [0.8]
    finally:
        speaker.close()
    [warning] = warnings_in(caplog)
    assert "tap.wav" in warning and "out.wav" in warning


def test_make_speaker_gives_a_working_mixer(fresh_mixer: None) -> None:
    speaker = make_speaker("mixer", DEFAULT_SOUND_DIR, "/dev/serial0", 0.8, None)
    try:
        assert isinstance(speaker, MixerSpeaker)
        speaker.play("released")
        assert playing_lengths() == [0.3]
    finally:
        speaker.close()


def test_mixer_close_releases_the_mixer_it_opened(fresh_mixer: None) -> None:
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR)
    speaker.close()
    assert not pygame.mixer.get_init()
    assert not speaker.available
    speaker.play("cackle")  # after close: silent, no error


def test_mixer_reopens_a_mixer_that_pygame_init_opened_with_its_defaults(
    fresh_mixer: None,
) -> None:
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR)
    try:
        assert pygame.mixer.get_init() == (22050, -16, 1)
        speaker.play("cackle")
        assert playing_lengths() == [0.8]
    finally:
        speaker.close()
    assert not pygame.mixer.get_init()


# ----------------------------------------------------------------------------- DFPlayer


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


# ----------------------------------------------------------------------------- fakes and choice


def test_fake_speaker_records_what_a_real_one_would_sound() -> None:
    speaker: Speaker = FakeSpeaker()
    assert isinstance(speaker, FakeSpeaker)
    speaker.play("cackle")
    speaker.set_muted(True)
    speaker.play("released")
    speaker.set_muted(False)
    speaker.available = False
    speaker.play("tap")
    assert speaker.requested == ["cackle", "released", "tap"]
    assert speaker.played == ["cackle"]
    speaker.set_volume(1.5)
    assert speaker.volume == 1.0
    with pytest.raises(ValueError, match="unknown sound 'moo'"):
        speaker.play("moo")
    speaker.close()
    assert speaker.closed


def test_silent_speaker_is_never_available(caplog: pytest.LogCaptureFixture) -> None:
    speaker = make_speaker("none", DEFAULT_SOUND_DIR, "/dev/serial0", 0.7, None)
    assert isinstance(speaker, SilentSpeaker)
    assert not speaker.available
    speaker.play("cackle")
    speaker.set_muted(True)
    assert speaker.muted
    speaker.set_volume(float("nan"))
    assert speaker.volume == 0.0
    speaker.close()
    assert warnings_in(caplog) == []


def test_make_speaker_refuses_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="must be one of mixer, dfplayer, none; got 'bell'"):
        make_speaker("bell", DEFAULT_SOUND_DIR, "/dev/serial0", 1.0, None)
