"""MixerSpeaker closes its audio device after a quiet spell and opens it again for the next
sound or phrase (SDL's audio thread wakes 86 times a second while the device is open, even
silent or paused). Times come from a FakeClock; the loop's calls are made by hand."""

# ruff: noqa: F811  (``hub`` is hub_harness's fixture, named in the tests' arguments)

from __future__ import annotations

import io
import logging
import math
import struct
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hub_harness import Hub, hub  # noqa: F401 - the fixture
from speaker_helpers import warnings_in

from hubd.devices.clock import FakeClock
from hubd.devices.mixer import (
    MIXER_BUSY_RECHECK_S,
    MIXER_CHANNELS,
    MIXER_QUIET_S,
    MixerSpeaker,
    open_mixer,
)
from hubd.devices.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES
from hubd.speech.output import SPEECH_CHANNEL, Clip, MixerPlayer


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(100.0)


@pytest.fixture
def speaker(clock: FakeClock) -> Iterator[MixerSpeaker]:
    pygame.mixer.quit()
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, 0.5, clock=clock)
    yield speaker
    speaker.close()
    pygame.mixer.quit()


def tone(seconds: float) -> bytes:
    """A quiet 440 Hz tone as a WAV file's bytes (a phrase, for the speech's player)."""
    frames = int(22050 * seconds)
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(b"".join(struct.pack("<h", int(800 * math.sin(i / 8))) for i in
                                 range(frames)))  # fmt: skip
    return out.getvalue()


def quiet_spell_over(speaker: MixerSpeaker, clock: FakeClock) -> None:
    """What the loop does: wake at the speaker's deadline and tick it (nothing playing)."""
    deadline = speaker.next_deadline()
    assert deadline is not None
    clock.set(deadline)
    pygame.mixer.stop()  # the fake clock runs ahead of the real sound: it has ended
    speaker.tick(deadline)


def test_the_device_closes_after_the_quiet_spell_and_the_next_sound_opens_it(
    speaker: MixerSpeaker, clock: FakeClock
) -> None:
    assert speaker.next_deadline() == 100.0 + MIXER_QUIET_S  # the start counts as a sound
    speaker.tick(100.0 + MIXER_QUIET_S - 0.001)
    assert pygame.mixer.get_init() and not speaker.asleep, "closed before its time"
    quiet_spell_over(speaker, clock)
    assert speaker.asleep
    assert not pygame.mixer.get_init()  # no device: no audio thread
    assert speaker.next_deadline() is None  # and nothing for the loop to wake for
    assert speaker.available  # asleep is no reason for the visual cue
    assert speaker.loaded_sounds == SOUND_NAMES
    clock.advance(3600.0)
    speaker.play("cackle")
    assert pygame.mixer.get_init() == (22050, -16, 1)
    assert pygame.mixer.get_num_channels() == MIXER_CHANNELS
    busy = [pygame.mixer.Channel(i).get_sound() for i in range(MIXER_CHANNELS)
            if pygame.mixer.Channel(i).get_busy()]  # fmt: skip
    assert [round(sound.get_length(), 2) for sound in busy if sound is not None] == [0.8]
    assert not speaker.asleep and speaker.reopened == 1
    assert speaker.next_deadline() == clock.now() + MIXER_QUIET_S


def test_the_quiet_spell_counts_from_the_last_sound(
    speaker: MixerSpeaker, clock: FakeClock
) -> None:
    clock.advance(20.0)
    speaker.play("tap")
    assert speaker.next_deadline() == 120.0 + MIXER_QUIET_S
    speaker.tick(100.0 + MIXER_QUIET_S)  # the spell from the start is not the one that counts
    assert pygame.mixer.get_init() and not speaker.asleep


def test_a_sound_still_playing_keeps_the_device_open(
    speaker: MixerSpeaker, clock: FakeClock
) -> None:
    clock.set(100.0 + MIXER_QUIET_S)
    speaker.play("game_over")  # playing, as a long phrase may be when the spell is up
    clock.set(100.0 + 2 * MIXER_QUIET_S)
    speaker.tick(clock.now())
    assert not speaker.asleep
    assert speaker.next_deadline() == clock.now() + MIXER_BUSY_RECHECK_S
    quiet_spell_over(speaker, clock)  # it has ended by the next look
    assert speaker.asleep


def test_volume_and_mute_wait_while_asleep_and_a_muted_press_opens_nothing(
    speaker: MixerSpeaker, clock: FakeClock
) -> None:
    quiet_spell_over(speaker, clock)
    speaker.set_volume(0.25)
    speaker.set_muted(True)
    speaker.play("cackle")
    assert not pygame.mixer.get_init() and speaker.asleep  # muted: the device stays closed
    speaker.set_muted(False)
    speaker.play("tap")
    playing = [pygame.mixer.Channel(i).get_sound() for i in range(MIXER_CHANNELS)
               if pygame.mixer.Channel(i).get_busy()]  # fmt: skip
    assert [s.get_volume() for s in playing if s is not None] == [pytest.approx(0.25, abs=0.01)]


def test_the_sounds_come_back_from_memory_not_from_the_disk(
    clock: FakeClock, tmp_path: Path
) -> None:
    pygame.mixer.quit()
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((DEFAULT_SOUND_DIR / f"{name}.wav").read_bytes())
    speaker = MixerSpeaker(tmp_path, clock=clock)
    try:
        quiet_spell_over(speaker, clock)
        for name in SOUND_NAMES:
            (tmp_path / f"{name}.wav").unlink()  # a press never reads the disk
        speaker.play("released")
        assert speaker.loaded_sounds == SOUND_NAMES
        assert any(pygame.mixer.Channel(i).get_busy() for i in range(MIXER_CHANNELS))
    finally:
        speaker.close()
        pygame.mixer.quit()


def test_a_device_that_does_not_reopen_is_lost_and_retried(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    opens: list[int] = []

    def opener(buffer: int) -> None:
        opens.append(buffer)
        if len(opens) == 2:  # the card was unplugged while the device was closed
            raise pygame.error("ALSA: Couldn't open audio device: No such device")
        open_mixer(buffer)

    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, clock=clock, opener=opener)
    try:
        quiet_spell_over(speaker, clock)
        speaker.play("cackle")
        assert not speaker.available and not speaker.asleep
        assert speaker.next_deadline() is None
        [warning] = warnings_in(caplog)
        assert "Audio stopped working" in warning and "visual cue" in warning
        deadline = speaker.next_retry()
        assert deadline == clock.now() + 2.0
        clock.set(deadline)
        assert speaker.retry(deadline)  # back, the sounds from the files
        assert speaker.loaded_sounds == SOUND_NAMES
        assert speaker.next_deadline() == deadline + MIXER_QUIET_S
    finally:
        speaker.close()
        pygame.mixer.quit()


def test_a_device_that_reopens_in_another_format_gets_the_sounds_from_the_files(
    clock: FakeClock,
) -> None:
    pygame.mixer.quit()
    opens: list[int] = []

    def opener(buffer: int) -> None:
        opens.append(buffer)
        if len(opens) == 1:
            open_mixer(buffer)
        else:  # another card in the socket, which takes only stereo at 44.1 kHz
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=buffer)

    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, clock=clock, opener=opener)
    try:
        quiet_spell_over(speaker, clock)
        speaker.play("cackle")
        assert pygame.mixer.get_init() == (44100, -16, 2)
        lengths = [round(sound.get_length(), 2) for i in range(MIXER_CHANNELS)
                   if (sound := pygame.mixer.Channel(i).get_sound()) is not None]  # fmt: skip
        assert lengths == [0.8]  # converted for this mixer: not twice as fast
        assert speaker.loaded_sounds == SOUND_NAMES
    finally:
        speaker.close()
        pygame.mixer.quit()


def test_close_while_asleep_leaves_no_mixer_and_no_deadline(
    speaker: MixerSpeaker, clock: FakeClock
) -> None:
    quiet_spell_over(speaker, clock)
    speaker.close()
    speaker.play("cackle")  # closed: silent, opens nothing
    assert not pygame.mixer.get_init()
    assert speaker.next_deadline() is None and not speaker.available


def test_the_speech_opens_the_device_for_a_phrase_and_keeps_it_open(
    speaker: MixerSpeaker, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    player = MixerPlayer(wake=speaker.wake)
    player.play(Clip("first", tone(0.2)), 0.5)
    quiet_spell_over(speaker, clock)
    player.set_volume(0.3)  # the phrase's sound outlived the mixer: no error
    player.stop()
    clock.advance(600.0)
    player.play(Clip("score", tone(0.5)), 0.5)  # said on its own, after no sound
    assert pygame.mixer.Channel(SPEECH_CHANNEL).get_busy()
    assert speaker.next_deadline() == clock.now() + MIXER_QUIET_S
    assert warnings_in(caplog) == []
    player.stop()


def test_without_its_wake_the_speech_skips_a_phrase_while_the_device_is_closed(
    speaker: MixerSpeaker, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    quiet_spell_over(speaker, clock)
    MixerPlayer().play(Clip("score", tone(0.2)), 0.5)
    assert not pygame.mixer.get_init()
    assert warnings_in(caplog) == []


def test_the_loop_wakes_to_close_the_idle_device_and_a_press_cackles_at_once(hub: Hub) -> None:
    pygame.mixer.quit()
    speaker = MixerSpeaker(DEFAULT_SOUND_DIR, 0.8, clock=hub.clock)
    hub.app.devices.speaker = speaker
    try:
        hub.run()
        deadline = speaker.next_deadline()
        assert deadline == hub.clock.now() + MIXER_QUIET_S
        hub.clock.set(deadline - 0.5)
        assert hub.app._wait_time() == pytest.approx(0.5)  # the loop sleeps until then
        hub.wait(0.5)
        assert speaker.asleep and not pygame.mixer.get_init()
        assert hub.app.core.context().audio_available  # no visual cue for a sleeping device
        hub.wait(3600.0)
        hub.edge(True)
        hub.run()
        assert pygame.mixer.get_busy() and speaker.reopened == 1
    finally:
        speaker.close()
        pygame.mixer.quit()
