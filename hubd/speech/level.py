"""How loud a phrase is, and making it as loud as the hub's sounds (pure: bytes in, bytes out).

Loudness is the RMS of the whole clip in dB of full scale, as ``sox FILE -n stats`` reports it
("RMS lev dB"). espeak-ng renders with a raised amplitude (its own limiter keeps the peaks in
range); the clip is then trimmed of the silence espeak-ng puts around it and scaled to the
cackle's loudness, never past full scale.
"""

from __future__ import annotations

import array
import io
import math
import operator
import sys
import wave
from functools import lru_cache
from pathlib import Path

from hubd.devices.sounds import DEFAULT_SOUND_DIR

#: The cackle's loudness when its file cannot be read (sounds/cackle.wav measures -13.8).
CACKLE_DBFS = -13.8
#: Below this a sample is silence, for trimming the clip's ends (about -50 dBFS).
_SILENCE = 100
_TAIL_S = 0.05  # silence kept after the last sound, so the voice does not end abruptly
_FULL = 32767


def _samples(wav: bytes) -> tuple[array.array[int], int]:
    """16-bit mono samples and the frame rate; ValueError for anything else."""
    try:
        with wave.open(io.BytesIO(wav)) as w:
            if w.getsampwidth() != 2 or w.getnchannels() != 1:
                raise ValueError("not 16-bit mono")
            frames, rate = w.readframes(w.getnframes()), w.getframerate()
    except (EOFError, wave.Error) as err:
        raise ValueError(str(err)) from None
    samples = array.array("h")
    samples.frombytes(frames[: len(frames) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples, rate


def _wav(samples: array.array[int], rate: int) -> bytes:
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return buffer.getvalue()


def rms_dbfs(samples: array.array[int] | list[int]) -> float:
    """The RMS of ``samples`` in dB of full scale (-inf dB for silence)."""
    if not samples:
        return -math.inf
    power = sum(map(operator.mul, samples, samples)) / len(samples)
    return 10 * math.log10(power / 32768**2) if power else -math.inf


def loudness(wav: bytes) -> tuple[float, float, float]:
    """(seconds, RMS dBFS, peak dBFS) of 16-bit mono WAV bytes."""
    samples, rate = _samples(wav)
    peak = max(map(abs, samples), default=0)
    peak_db = 20 * math.log10(peak / 32768) if peak else -math.inf
    return len(samples) / rate, rms_dbfs(samples), peak_db


@lru_cache(maxsize=4)
def sound_dbfs(path: Path = DEFAULT_SOUND_DIR / "cackle.wav") -> float:
    """The loudness of one of the hub's sounds (the cackle's by default)."""
    try:
        return loudness(path.read_bytes())[1]
    except (OSError, ValueError):
        return CACKLE_DBFS


def first_sound(wav: bytes) -> float:
    """Seconds from the start of ``wav`` to its first sound (0.0 if it cannot be read)."""
    try:
        samples, rate = _samples(wav)
    except ValueError:
        return 0.0
    first = next((i for i, s in enumerate(samples) if abs(s) >= _SILENCE), len(samples))
    return first / rate


def normalise(wav: bytes, target_dbfs: float) -> bytes:
    """``wav`` trimmed of silence at its ends and scaled to ``target_dbfs``, peaks in range."""
    samples, rate = _samples(wav)
    first = next((i for i, s in enumerate(samples) if abs(s) >= _SILENCE), None)
    if first is None:
        return _wav(samples, rate)
    last = len(samples) - next(i for i, s in enumerate(reversed(samples)) if abs(s) >= _SILENCE)
    trimmed = samples[first : min(len(samples), last + int(_TAIL_S * rate))]
    level = rms_dbfs(trimmed)
    peak = max(max(trimmed), -min(trimmed))
    gain = min(10 ** ((target_dbfs - level) / 20), _FULL / peak)
    scaled = array.array("h", [int(s * gain) for s in trimmed])
    return _wav(scaled, rate)
