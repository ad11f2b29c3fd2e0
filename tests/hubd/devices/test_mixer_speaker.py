"""MixerSpeaker on pygame.mixer under SDL's dummy driver: play, mute, volume, cards late or lost."""

from __future__ import annotations

import itertools
import logging
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pygame
import pytest
from speaker_helpers import warnings_in

from hubd.config.schema import MixerBuffer, SoundConfig
from hubd.devices.clock import FakeClock
from hubd.devices.mixer import (
    MIXER_BUFFER,
    MIXER_BUFFERS,
    MIXER_FREQUENCY,
    MixerSpeaker,
    open_mixer,
)
from hubd.devices.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES
from hubd.devices.speaker import make_speaker


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
