"""The sounds every speaker plays (generated, committed as WAVs), the fake and silent speakers."""

from __future__ import annotations

import struct
import wave
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from speaker_helpers import warnings_in

from hubd.devices.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES
from hubd.devices.speaker import FakeSpeaker, SilentSpeaker, Speaker, make_speaker

EXPECTED_SECONDS = {
    "cackle": 0.8,
    "released": 0.3,
    "out": 0.6,
    "blocked": 0.6,
    "game_over": 1.2,
    "tap": 0.03,
}


# ----------------------------------------------------------------------------- the generator


@pytest.fixture(scope="module")
def generator(load_script: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_script("sounds_generate", DEFAULT_SOUND_DIR / "generate.py")


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
